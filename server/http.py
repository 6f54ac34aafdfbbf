"""Plain HTTP on the websocket's port: a small table of routes.

A request that asks to upgrade to a websocket is never routed (any path opens the game
protocol); any other ``GET`` is looked up here by its path, without the query string.
A route is a pattern matched against the whole path and a function of the server and
the match that returns a response (or, for a handler that must wait, an awaitable of
one). To serve more (the web page at ``/`` and
``/r/CODE``, say), add entries to :data:`ROUTES` with :func:`route`.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from http import HTTPStatus
from typing import TYPE_CHECKING

from websockets.datastructures import Headers
from websockets.http11 import Request, Response

if TYPE_CHECKING:
    from .app import GameServer

#: A route's handler: returns a response, or a coroutine of one when it must wait.
Handler = Callable[["GameServer", re.Match[str]], Response | Awaitable[Response]]


@dataclass(frozen=True, slots=True)
class Route:
    pattern: re.Pattern[str]
    handler: Handler


ROUTES: list[Route] = []


def route(pattern: str) -> Callable[[Handler], Handler]:
    """Register ``handler`` for paths matching ``pattern`` (whole path, regex)."""
    def register(handler: Handler) -> Handler:
        ROUTES.append(Route(re.compile(pattern), handler))
        return handler
    return register


def respond(status: HTTPStatus, body: bytes | str,
            content_type: str = "text/plain; charset=utf-8") -> Response:
    data = body.encode() if isinstance(body, str) else body
    headers = Headers([("Content-Type", content_type), ("Content-Length", str(len(data))),
                       ("Cache-Control", "no-store"), ("Connection", "close")])
    return Response(status.value, status.phrase, headers, data)


async def dispatch(app: GameServer, request: Request) -> Response | None:
    """The response for a plain HTTP request, or ``None`` to open a websocket."""
    if "websocket" in request.headers.get("Upgrade", "").lower():
        return None
    path = request.path.split("?", 1)[0]
    for r in ROUTES:
        match = r.pattern.fullmatch(path)
        if match is not None:
            out = r.handler(app, match)
            return out if isinstance(out, Response) else await out
    return None  # the websocket handshake then answers 426 Upgrade Required


@route(r"/healthz")
async def healthz(app: GameServer, match: re.Match[str]) -> Response:
    """Alive: the process answers (restart it if not)."""
    return respond(HTTPStatus.OK, "ok\n")


@route(r"/readyz")
async def readyz(app: GameServer, match: re.Match[str]) -> Response:
    """Able to serve: the store answers and hears other processes (route traffic
    elsewhere if not)."""
    why = await app.store.ready()
    if why is not None:
        return respond(HTTPStatus.SERVICE_UNAVAILABLE, f"not ready: {why}\n")
    return respond(HTTPStatus.OK, "ready\n")


@route(r"/metrics")
async def metrics(app: GameServer, match: re.Match[str]) -> Response:
    return respond(HTTPStatus.OK, app.metrics.render(app.store.count),
                   "text/plain; version=0.0.4; charset=utf-8")
