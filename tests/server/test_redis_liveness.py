"""Liveness across processes (server/stores/redis_liveness.py): a process cut from Redis is told
apart from a dead one, and a beat lost in Redis is not a death.

Each test runs real `sympathy serve` processes on a redis-server of its own; a process
is cut from Redis by a TCP proxy of the tests' own (tests/kit/proxy.py) that drops
every connection and refuses new ones for as long as the cut lasts.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import redis.asyncio as aioredis

from tests.kit.peer import Msg, Peer
from tests.kit.processes import ServeProcess
from tests.kit.proxy import Proxy
from tests.kit.redis import RedisServer
from tests.kit.redis_faults import play_first
from tests.kit.server import until

#: How long the partition lasts: longer than a process may go without beating
#: (server.stores.redis_liveness.NODE_TTL, 6 s), so the other process judges it dead.
CUT = 10.0


@asynccontextmanager
async def one_cut_off(redis: RedisServer
                      ) -> AsyncIterator[tuple[Proxy, ServeProcess, ServeProcess]]:
    """The proxy to Redis, a process that reaches Redis through it (and so can be cut
    off), and a process that reaches Redis directly."""
    async with Proxy(redis.port).running() as proxy:
        cut_off = await ServeProcess.start(f"redis://127.0.0.1:{proxy.port}")
        other = await ServeProcess.start(redis.url)
        try:
            yield proxy, cut_off, other
        finally:
            cut_off.kill()
            await other.stop()


def cut(proxy: Proxy) -> None:
    """Every connection through the proxy dropped, and new ones refused, until
    ``proxy.down`` is false again."""
    proxy.down = True
    proxy.cut()


def present(names: set[str]) -> Any:
    """A presence in which exactly ``names`` (of the people) are connected."""
    def check(p: Msg) -> bool:
        return {x["name"] for x in p["members"] if x["connected"] and not x.get("bot")} \
            == names
    return check


async def test_a_process_cut_off_for_10s_is_marked_away_then_restores_its_members(
        redis_private: RedisServer) -> None:
    """Bea plays on one process; Ann (advising) and Cy (watching) are on another, which
    loses Redis for 10 s. The first process marks them away; Bea plays on meanwhile.
    When the cut ends, Ann and Cy are on the current table and shown present again,
    without reconnecting: their process held their connections all along."""
    async with one_cut_off(redis_private) as (proxy, cut_off, other):
        bea = await Peer.connect(other.url, "Bea")
        joined = await bea.call("create", game="sympathy", seats="all")
        room = joined["room"]
        ann = await Peer.connect(cut_off.url, "Ann")
        await ann.call("join", code=joined["code"], role="advisor")
        cy = await Peer.connect(cut_off.url, "Cy")
        await cy.call("join", code=joined["code"], role="watcher")
        state = await play_first(bea, room, await bea.state(0), 3)
        await bea.wait_presence(present({"Ann", "Bea", "Cy"}))

        cut(proxy)
        cut_at = time.monotonic()
        # the process that still has Redis judges the other dead, as it must
        await bea.wait_presence(present({"Bea"}), timeout=30)
        print(f"marked away {time.monotonic() - cut_at:.1f}s into the cut")
        state = await play_first(bea, room, state, 2)  # acknowledged meanwhile
        left = CUT - (time.monotonic() - cut_at)
        if left > 0:
            await bea.quiet(left)
        proxy.down = False
        back_at = time.monotonic()

        for peer in (ann, cy):
            got = await peer.latest_state(state["version"])
            assert got["version"] == state["version"]
        current = time.monotonic() - back_at
        await bea.wait_presence(present({"Ann", "Bea", "Cy"}))
        shown = time.monotonic() - back_at
        for peer in (ann, cy):
            await peer.wait_presence(present({"Ann", "Bea", "Cy"}))
        print(f"after the cut: the current table in {current:.1f}s, every member "
              f"shown present in {shown:.1f}s")
        # hang guards far from both the fix (about 1 s) and the bug (never)
        assert current < 10 and shown < 10
        # and the table goes on from either process
        state = await play_first(bea, room, state, 1)
        for peer in (ann, cy):
            await peer.state(state["version"])


async def test_members_who_leave_a_process_while_it_is_cut_off_are_shown_gone(
        redis_private: RedisServer) -> None:
    """A short cut (nobody judges the process dead): Cy closes her connection while her
    process cannot write to Redis. Once it is back, she is shown away, not left
    connected for as long as the process lives."""
    async with one_cut_off(redis_private) as (proxy, cut_off, other):
        bea = await Peer.connect(other.url, "Bea")
        joined = await bea.call("create", game="sympathy", seats="all")
        cy = await Peer.connect(cut_off.url, "Cy")
        await cy.call("join", code=joined["code"], role="watcher")
        await bea.wait_presence(present({"Bea", "Cy"}))
        cut(proxy)
        await cy.close()
        # her process has let her room go (it holds no one there: the step before it
        # tries to write that she left, which fails while it is cut off) ...
        await until(lambda: cut_off.metric("sympathy_rooms") == 0)
        # ... and it tries for a moment: still well short of NODE_TTL, so her process
        # is not judged dead, and her leaving is on it alone
        await bea.quiet(1.5)
        proxy.down = False
        await bea.wait_presence(present({"Bea"}), timeout=15)


async def test_a_beat_lost_in_redis_is_not_a_death(redis_private: RedisServer) -> None:
    """A failover to a replica that missed the last writes loses whatever the beats
    last wrote. For 2.6 s every key of the processes' beats is deleted as soon as it is
    written (a lost beat, again and again: longer than a judge's check every 2 s, so it
    sees a beat missing, and well short of NODE_TTL): nobody is marked away, then or
    afterwards."""
    r = aioredis.Redis.from_url(redis_private.url)
    p1 = await ServeProcess.start(redis_private.url)
    p2 = await ServeProcess.start(redis_private.url)
    try:
        ann = await Peer.connect(p1.url, "Ann")
        joined = await ann.call("create", game="sympathy", seats="all")
        wes = await Peer.connect(p2.url, "Wes")
        await wes.call("join", code=joined["code"], role="watcher")
        await wes.wait_presence(present({"Ann", "Wes"}))
        until = time.monotonic() + 2.6
        deleted = 0
        while time.monotonic() < until:
            async for key in r.scan_iter(match="sym:{procs}:beat*"):
                deleted += await r.delete(key)
            frames = await wes.quiet(0.02)
            assert not [f for f in frames if f["type"].startswith("presence")], frames
        assert deleted  # the beats were there to lose
        later = await wes.quiet(8.0)  # past NODE_TTL: a judge would have judged by now
        assert not [f for f in later if f["type"].startswith("presence")], later
        assert present({"Ann", "Wes"})({"members": wes.members()})
    finally:
        p1.kill()
        await p2.stop()
        await r.aclose()
