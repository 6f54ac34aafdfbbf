"""Plain HTTP on the websocket's port: a small table of routes.

A request that asks to upgrade to a websocket is never routed (any path opens the game
protocol); any other ``GET`` is looked up by its path, without the query string, in
the list of routes the server was given (:class:`server.app.GameServer`: by default
:data:`OPERATIONS` here, then the web page's, :data:`server.web.ROUTES`). A route is a
pattern matched against the whole path and a function of the server and the match that
returns a response (or, for a handler that must wait, an awaitable of one).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from http import HTTPStatus
from typing import Protocol

from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from .metrics import Metrics
from .stores.store import Store


class Served(Protocol):
    """What a route may read of the server."""

    store: Store
    metrics: Metrics


#: A route's handler: returns a response, or a coroutine of one when it must wait.
Handler = Callable[[Served, re.Match[str]], Response | Awaitable[Response]]


@dataclass(frozen=True, slots=True)
class Route:
    pattern: re.Pattern[str]
    handler: Handler


def at(pattern: str, handler: Handler) -> Route:
    """A route: ``handler`` for the paths that ``pattern`` (a regex) matches whole."""
    return Route(re.compile(pattern), handler)


def respond(status: HTTPStatus, body: bytes | str,
            content_type: str = "text/plain; charset=utf-8") -> Response:
    data = body.encode() if isinstance(body, str) else body
    headers = Headers([("Content-Type", content_type), ("Content-Length", str(len(data))),
                       ("Cache-Control", "no-store"), ("Connection", "close")])
    return Response(status.value, status.phrase, headers, data)


async def dispatch(routes: Sequence[Route], app: Served, request: Request
                   ) -> Response | None:
    """The response for a plain HTTP request (the first route whose pattern matches its
    path), or ``None`` to open a websocket."""
    if "websocket" in request.headers.get("Upgrade", "").lower():
        return None
    path = request.path.split("?", 1)[0]
    for r in routes:
        match = r.pattern.fullmatch(path)
        if match is not None:
            out = r.handler(app, match)
            return out if isinstance(out, Response) else await out
    return None  # the websocket handshake then answers 426 Upgrade Required


async def healthz(app: Served, match: re.Match[str]) -> Response:
    """Alive: the process answers (restart it if not)."""
    return respond(HTTPStatus.OK, "ok\n")


async def readyz(app: Served, match: re.Match[str]) -> Response:
    """Able to serve: the store answers and hears other processes (route traffic
    elsewhere if not)."""
    why = await app.store.ready()
    if why is not None:
        return respond(HTTPStatus.SERVICE_UNAVAILABLE, f"not ready: {why}\n")
    return respond(HTTPStatus.OK, "ready\n")


async def metrics(app: Served, match: re.Match[str]) -> Response:
    return respond(HTTPStatus.OK, app.metrics.render(app.store.count),
                   "text/plain; version=0.0.4; charset=utf-8")


#: The operator's routes: alive, ready, metrics.
OPERATIONS = [at(r"/healthz", healthz), at(r"/readyz", readyz), at(r"/metrics", metrics)]
