"""A served process settles its garbage collector before serving (server/gc_policy.py):
what it built at start is frozen, and ``/metrics`` shows it."""

from __future__ import annotations

import asyncio

from tests.kit.peer import Peer
from tests.kit.processes import serving


async def test_a_served_process_freezes_what_it_built_before_serving() -> None:
    async with serving("memory", 1) as (p,):
        # the games, their tables and the server's own objects: tens of thousands
        frozen = await asyncio.to_thread(p.metric, "sympathy_gc_frozen_objects")
        assert frozen > 10_000, frozen
        ann = await Peer.connect(p.url, "Ann")
        joined = await ann.call("create", game="sympathy", deal=3, seats="all")
        assert joined["type"] == "joined"
        # serving adds nothing to the frozen objects: they are those of the start
        assert await asyncio.to_thread(p.metric, "sympathy_gc_frozen_objects") == frozen
