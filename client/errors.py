"""What a request can raise: the server's refusal, or a connection that dropped."""

from __future__ import annotations

from .render import clean


class ServerError(Exception):
    """The server refused a request: a stable ``code`` and its sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class ConnectionLost(Exception):
    """The connection dropped before the server answered; the session is reconnecting."""


def describe_error(exc: BaseException) -> str:
    """A sentence for an exception a request raised."""
    if isinstance(exc, ServerError):
        return exc.message
    if isinstance(exc, ConnectionLost):
        return "The connection dropped; reconnecting."
    if isinstance(exc, TimeoutError):
        return "The server did not answer in time."
    return clean(str(exc), 200)

