"""A closed connection's objects go when it closes, not at the next full garbage
collection (which server/gc_policy.py makes rare)."""

from __future__ import annotations

import asyncio
import gc

from websockets.server import ServerProtocol

from tests.kit.peer import Peer
from tests.kit.server import Running


def protocols() -> int:
    # by type: isinstance would look through a weak proxy, dead ones too
    return sum(type(o) is ServerProtocol for o in gc.get_objects())


async def test_a_closed_connection_leaves_no_protocol_for_the_collector(
        server: Running) -> None:
    gc.collect()
    gc.disable()  # only reference counting frees anything from here
    try:
        before = protocols()
        peers = [await Peer.connect(server.url, f"P{i}") for i in range(5)]
        joined = await peers[0].call("create", game="sympathy", deal=1)
        for p in peers[1:]:
            await p.call("join", code=joined["code"], role="watcher")
        assert protocols() == before + 5
        for p in peers:
            await p.close()
        # until the server has closed each connection; without the collector, a
        # protocol kept by a cycle would stay however long this waits
        deadline = asyncio.get_running_loop().time() + 5
        while protocols() != before and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.02)
        assert server.app.metrics.connections == 0
        assert protocols() == before, "a closed connection's protocol is kept by a cycle"
    finally:
        gc.enable()
