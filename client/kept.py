"""A finished game kept by a server, fetched by its id (``sympathy replay LINK``).

One short websocket exchange in the documented protocol (``hello``, then ``archived``):
the kept game's body is the server's ``record`` with the names at the table beside it,
so :func:`client.replay.steps` replays it as it replays a saved file.
"""

from __future__ import annotations

from typing import Any

import msgpack
from websockets.exceptions import InvalidHandshake, InvalidURI, WebSocketException
from websockets.sync.client import connect

from .replay import BadRecord

#: Seconds to wait for the server (a hang guard).
WAIT = 15.0


def fetch(server: str, game_id: str) -> dict[str, Any]:
    """The kept game ``game_id`` on ``server`` (a websocket address); raises
    :class:`~client.replay.BadRecord` with a sentence when it cannot be had."""
    try:
        with connect(server, open_timeout=WAIT, close_timeout=2) as ws:
            asks: list[dict[str, Any]] = [
                {"type": "hello", "version": 1, "client": "sympathy-replay"},
                {"type": "archived", "game": game_id}]
            for i, ask in enumerate(asks, 1):
                ws.send(msgpack.packb({**ask, "id": i}))
                while True:
                    frame = ws.recv(timeout=WAIT)
                    if isinstance(frame, str):
                        continue  # the server sends binary frames only
                    reply = msgpack.unpackb(frame, raw=False)
                    if isinstance(reply, dict) and reply.get("re") == i:
                        break
                if reply.get("type") == "error":
                    raise BadRecord(f"the server at {server} answers: "
                                    f"{reply.get('message', reply.get('code'))}")
    except (OSError, TimeoutError, InvalidURI, InvalidHandshake,
            WebSocketException) as exc:
        raise BadRecord(f"cannot reach the server at {server}: {exc}") from None
    game = reply.get("game")
    if not isinstance(game, dict) or not isinstance(game.get("moves"), list):
        raise BadRecord(f"the server at {server} sent no game record")
    return game
