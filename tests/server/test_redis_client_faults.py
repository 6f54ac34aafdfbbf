"""The Redis client failing the way it does while Redis fails over, on a real Redis (and
a real Redis Cluster): errors raised inside redis-py that are not its connection errors,
and doorbells lost while a process's listener is away.

The client's failure is forced at its connection layer: a connection whose writer is
closed under a command by another task, as a cluster client's is during a failover (it
then raises ``AttributeError: 'NoneType' object has no attribute 'writelines'`` from
its own code). The lost doorbells are forced by a listener that hears nothing.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager
from typing import Any, cast

import pytest
from redis.asyncio.connection import AbstractConnection

from protocol.limits import Limits
from server.stores.redis_commit import CAS_SHA
from server.stores.redis_listener import RedisListener
from server.stores.redis_store import RedisStore
from tests.kit.peer import Peer
from tests.kit.server import Running, start

LIMITS = Limits(rate=10_000, burst=10_000)


@asynccontextmanager
async def redis_app(url: str) -> AsyncIterator[tuple[Running, RedisStore]]:
    store = RedisStore(url, LIMITS)
    running, stop, task = await start(LIMITS, store)
    try:
        yield running, store
    finally:
        stop.set()
        await asyncio.wait_for(task, 20)


class Breaker:
    """Closes the writer of the next ``armed`` connections that send a command, between
    redis-py's check of the connection and its write (as a concurrent disconnect does)."""

    def __init__(self) -> None:
        self.armed = 0
        self.broken = 0


@pytest.fixture
def breaker(monkeypatch: pytest.MonkeyPatch) -> Iterator[Breaker]:
    b = Breaker()
    check = cast(Callable[[AbstractConnection], Awaitable[None]],
                 AbstractConnection.check_health)

    async def check_health(self: AbstractConnection) -> None:
        await check(self)
        if b.armed > 0:
            b.armed -= 1
            b.broken += 1
            # closed by another task while this one was checking (what its disconnect
            # does, but for the wait)
            writer, self._reader, self._writer = self._writer, None, None
            if writer is not None:
                writer.close()

    monkeypatch.setattr(AbstractConnection, "check_health", check_health)
    yield b


async def test_an_error_inside_the_redis_client_is_retried_then_unavailable_never_500(
        redis_url: str, breaker: Breaker) -> None:
    async with redis_app(redis_url) as (running, _):
        ann = await Peer.connect(running.url, "Ann")
        joined = await ann.call("create", game="sympathy", seats="all", deal=11)
        room = joined["room"]
        state = await ann.state()
        version, move = state["version"], state["view"]["moves"]["1"][0]["code"]
        breaker.armed = 1  # one command meets a connection closed under it: retried
        ok = await ann.call("move", room=room, version=version, move=move)
        assert breaker.broken == 1
        assert ok["type"] == "ok", ok
        state = await ann.state(ok["version"])
        version = state["version"]
        seat = state["view"]["to_move"][0]
        move = state["view"]["moves"][str(seat)][0]["code"]
        breaker.armed = 10_000  # every command fails: Redis is away
        away = await ann.call("move", room=room, version=version, move=move)
        assert away["type"] == "error" and away["code"] == "service/unavailable", away
        breaker.armed = 0  # back: the same move is made (the refused one never was)
        ok = await ann.call("move", room=room, version=version, move=move)
        assert ok == {"type": "ok", "re": ok["re"], "version": version + 1}
        assert not [m for m in ann.seen if m.get("code") == "server/error"]


@pytest.fixture
def deaf(monkeypatch: pytest.MonkeyPatch) -> Iterator[set[RedisStore]]:
    """The listeners of the stores put in the set hear no doorbell and check nothing (as
    while a listener reconnects to a master that failed over)."""
    stores: set[RedisStore] = set()
    ring, check = RedisListener._ring, RedisListener._check_revisions

    async def _ring(self: RedisListener, room_id: str, data: bytes) -> None:
        if self.store not in stores:
            await ring(self, room_id, data)

    async def _check_revisions(self: RedisListener) -> None:
        if self.store not in stores:
            await check(self)

    monkeypatch.setattr(RedisListener, "_ring", _ring)
    monkeypatch.setattr(RedisListener, "_check_revisions", _check_revisions)
    yield stores


async def test_a_client_told_stale_gets_the_table_it_had_not_seen_at_once(
        redis_url: str, deaf: set[RedisStore]) -> None:
    async with redis_app(redis_url) as (one, store_one), redis_app(redis_url) as (two, _):
        ann = await Peer.connect(one.url, "Ann")
        joined = await ann.call("create", game="sympathy", deal=12)
        room = joined["room"]
        bea = await Peer.connect(two.url, "Bea")
        assert (await bea.call("join", code=joined["code"], role="player"))["type"] == \
            "joined"
        await ann.wait_presence(lambda p: p["counts"]["connected"] == 2)
        state: dict[str, Any] = await bea.state()
        version = state["version"]
        assert state["view"]["to_move"] == [1]  # Bea (B) opens
        deaf.add(store_one)  # Ann's process hears nothing from now on
        ok = await bea.call("move", room=room, version=version,
                            move=state["view"]["moves"]["1"][0]["code"])
        assert ok["type"] == "ok"
        # Ann, who has not seen it, moves on the table she saw: stale, and then the
        # table she had not seen, without waiting for her process's listener
        stale = await ann.call("move", room=room, version=version, move="open")
        assert stale["type"] == "error" and stale["code"] == "move/stale", stale
        newer = await ann.wait(lambda m: m["type"] == "state"
                               and m["version"] >= ok["version"], timeout=2)
        assert newer["view"]["to_move"] != [1]
        assert not [m for m in ann.seen if m.get("code") == "server/error"]


async def test_a_commit_the_client_sends_twice_is_made_once_and_answered_ok(
        redis_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cluster client sends a command again when its connection broke before the
    answer (its own retry, below the store), so a compare-and-set that Redis applied
    may arrive a second time. Seen under load: the second copy was refused, the store
    ran the change again on the table its first copy had made, and the player was told
    ``move/stale`` for a move that stood. Here every commit is sent twice: each move is
    answered ``ok``, once, and made once."""
    async with redis_app(redis_url) as (running, store):
        real = store.redis.execute_command
        doubled = 0

        async def twice(*args: Any, **kw: Any) -> Any:
            nonlocal doubled
            if args[:2] == ("EVALSHA", CAS_SHA):
                doubled += 1
                await real(*args, **kw)
            return await real(*args, **kw)

        monkeypatch.setattr(store.redis, "execute_command", twice)
        ann = await Peer.connect(running.url, "Ann")
        joined = await ann.call("create", game="sympathy", seats="all", deal=11)
        state = await ann.state()
        for _ in range(4):
            seat = state["view"]["to_move"][0]
            move = state["view"]["moves"][str(seat)][0]["code"]
            ok = await ann.call("move", room=joined["room"], version=state["version"],
                                move=move)
            assert ok == {"type": "ok", "re": ok["re"], "version": state["version"] + 1}
            state = await ann.state(ok["version"])
        assert doubled >= 2
        room = await store.current(joined["room"])  # as Redis holds it
        assert room.version == len(room.log) == 4
