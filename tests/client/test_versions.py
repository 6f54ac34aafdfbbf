"""The client library never goes back to an older table.

A server must not send an older state after a newer one, but a client may still meet
one (an older connection's frames, a server that has the bug): the session keeps the
newest. The peer here is a scripted protocol peer on a real socket, because a correct
server cannot be made to send the older state.
"""

from __future__ import annotations

from typing import Any

import msgpack
from websockets.asyncio.server import ServerConnection, serve

from client.events import StateChanged
from client.session import Session


def state(room: str, version: int) -> dict[str, Any]:
    return {"type": "state", "room": room, "version": version, "last": None,
            "fair": {"commitment": "c"},
            "view": {"status": "playing", "to_move": [], "moves": {}, "zones": [],
                     "marker": version}}


async def scripted(ws: ServerConnection) -> None:
    async for frame in ws:
        assert isinstance(frame, bytes)
        m = msgpack.unpackb(frame)
        if m["type"] == "hello":
            reply: dict[str, Any] = {"type": "welcome", "re": m["id"], "version": 1,
                                     "server": "script", "limits": {}}
            await ws.send(msgpack.packb(reply))
        elif m["type"] == "create":
            await ws.send(msgpack.packb({
                "type": "joined", "re": m["id"], "room": "R", "code": "ABCDEF",
                "member": "me", "token": "t", "role": "player", "seats": [0],
                "host": True, "game": "sympathy", "options": {}, "policy": {}}))
            for version in (2, 1, 3, 0):
                await ws.send(msgpack.packb(state("R", version)))
            await ws.send(msgpack.packb({"type": "chat", "room": "R", "from": "x",
                                         "member": "x", "role": "player", "text": "end",
                                         "at": 0.0}))


async def test_a_state_older_than_the_one_shown_is_ignored() -> None:
    async with serve(scripted, "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        async with Session(f"ws://127.0.0.1:{port}", "Ann", reconnect=False) as s:
            await s.create("sympathy")
            table = await s.wait_until(lambda t: len(t.chat) == 1)  # all frames read
            assert table.version == 3
            assert table.view is not None and table.view["marker"] == 3
            seen = [e.version for e in s.pending_events() if isinstance(e, StateChanged)]
            assert seen == [2, 3], seen
