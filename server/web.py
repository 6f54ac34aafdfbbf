"""The web page's HTTP routes, on the server's own port beside ``/healthz`` and ``/metrics``.

``/`` is the lobby, ``/r/CODE`` a room, ``/g/ID`` a finished game (kept in the archive:
:mod:`server.archived`) and ``/how/GAME`` how to play a game (the same page; its script
reads the path);
``/static/NAME`` are the page's scripts and style, read once from ``client/web/``. The
page then opens a websocket to this same server and speaks the documented protocol like
any other client: a request that asks to upgrade to a websocket is never answered here,
whatever its path. The server is given :data:`ROUTES` after the operator's own
(:data:`server.http.OPERATIONS`). Every answer carries a Content-Security-Policy that
lets the page run only this server's own scripts and styles and connect only to this
server.
"""

from __future__ import annotations

import email.utils
import functools
import re
from http import HTTPStatus
from pathlib import Path

from websockets.datastructures import Headers
from websockets.http11 import Response

from .http import Served, at

__all__ = ["CSP", "ROUTES", "WEB_DIR", "WebPages", "pages"]

WEB_DIR = Path(__file__).resolve().parent.parent / "client" / "web"

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
       "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
}


class WebPages:
    """The page's files, read once and held in memory."""

    def __init__(self, directory: Path = WEB_DIR) -> None:
        self.files: dict[str, tuple[bytes, str]] = {}
        for f in sorted(directory.iterdir()):
            kind = TYPES.get(f.suffix)
            if f.is_file() and kind is not None:
                self.files[f.name] = (f.read_bytes(), kind)

    @property
    def weight(self) -> int:
        """Bytes of every file the page may load."""
        return sum(len(body) for body, _ in self.files.values())

    def file(self, name: str, cache: str = "no-cache") -> Response:
        if name not in self.files:
            return answer(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain; charset=utf-8")
        body, kind = self.files[name]
        return answer(HTTPStatus.OK, body, kind, cache)


def answer(status: HTTPStatus, body: bytes, kind: str, cache: str = "no-store") -> Response:
    """A response with the page's security headers."""
    headers = Headers([
        ("Date", email.utils.formatdate(usegmt=True)),
        ("Connection", "close"),
        ("Content-Length", str(len(body))),
        ("Content-Type", kind),
        ("Content-Security-Policy", CSP),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("Cache-Control", cache),
    ])
    return Response(status.value, status.phrase, headers, body)


@functools.cache
def pages() -> WebPages:
    return WebPages()


def page(app: Served, match: re.Match[str]) -> Response:
    """The lobby and every room: one page, whose script reads the path."""
    return pages().file("index.html")


def asset(app: Served, match: re.Match[str]) -> Response:
    """A script, the style or the icon; only names among the page's own files."""
    return pages().file(match.group(1) or "")


def favicon(app: Served, match: re.Match[str]) -> Response:
    return pages().file("icon.svg", "max-age=86400")


#: The web page's routes: the lobby, every room, the page's own files.
ROUTES = [at(r"/", page), at(r"/r/[A-Za-z0-9]{1,16}/?", page), at(r"/how/[a-z0-9_]{1,40}/?", page),
          at(r"/g/[A-Za-z0-9_-]{16}/?", page),
          at(r"/static/([a-z0-9_-]{1,40}\.[a-z]{2,4})|/static/.*", asset),
          at(r"/favicon\.ico", favicon)]
