"""One contract, three stores: the memory store, the file store (the default) and the
Redis store behave the same, and the Redis store the same on one Redis and on a Redis
Cluster of three masters."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from redis.asyncio.cluster import RedisCluster

from protocol.errors import ProtocolError
from protocol.limits import Limits
from server import calls, host, seating
from server.play import new_room
from server.room import PLAYER, Effects, Policy, Room, Step
from server.stores import redis_conn, redis_lobby
from server.stores.file_store import FileStore
from server.stores.redis_keys import bell
from server.stores.redis_store import RedisStore
from server.stores.store import MemoryStore, Store
from tests.kit.redis import RedisServer
from tests.kit.server import until


@pytest.fixture(params=["memory", "file", "redis", "cluster"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    limits = Limits()
    s: Store
    if request.param == "memory":
        s = MemoryStore(limits.max_rooms)
    elif request.param == "file":
        s = FileStore(tmp_path / "rooms.db", limits)
    else:
        where = "redis_server" if request.param == "redis" else "redis_cluster"
        s = RedisStore(request.getfixturevalue(where).url, limits)
    try:
        yield s
    finally:
        await s.close()


def a_room(visibility: str = "unlisted") -> tuple[Room, str]:
    room = new_room("sympathy", {}, 5, Policy(visibility=visibility), Limits(), 0.0)
    room, member, _ = seating.add_member(room, PLAYER, "Ann", all_seats=True)
    return room, member.id


async def test_create_load_and_find_by_code(store: Store) -> None:
    room, _ = a_room()
    await store.create(room)
    again = await store.load(room.id)
    assert again.id == room.id and again.commitment == room.commitment
    assert (await store.by_code(room.code.lower())).id == room.id
    for bad in (store.load("nope"), store.by_code("ZZZZZZ")):
        with pytest.raises(ProtocolError) as err:
            await bad
        assert err.value.code == "room/not_found"


async def test_a_change_is_kept_and_a_refused_change_leaves_nothing(store: Store) -> None:
    room, me = a_room()
    await store.create(room)
    _, fx = await store.mutate(room.id, lambda r: calls.move(r, me, 0, "open", 1.0))
    assert fx.state
    assert (await store.load(room.id)).version == 1
    with pytest.raises(ProtocolError) as err:
        await store.mutate(room.id, lambda r: calls.move(r, me, 0, "open", 2.0))
    assert err.value.code == "move/stale"
    kept = await store.load(room.id)
    assert kept.version == 1 and len(kept.log) == 1


async def test_the_lobby_lists_public_rooms_and_remove_forgets(store: Store) -> None:
    public, _ = a_room("public")
    hidden, _ = a_room("unlisted")
    await store.create(public)
    await store.create(hidden)
    codes = [r["code"] for r in await store.lobby(100)]
    assert public.code in codes and hidden.code not in codes
    await store.remove(public.id)
    assert public.code not in [r["code"] for r in await store.lobby(100)]
    with pytest.raises(ProtocolError):
        await store.load(public.id)
    with pytest.raises(ProtocolError):
        await store.by_code(public.code)


async def test_two_processes_racing_on_one_version_one_wins(redis_url: str) -> None:
    a, b = RedisStore(redis_url, Limits()), RedisStore(redis_url, Limits())
    try:
        room, me = a_room()
        await a.create(room)
        await b.load(room.id)  # both hold the room at the same revision
        await a.mutate(room.id, lambda r: calls.move(r, me, 0, "open", 1.0))
        # b's copy is stale: its compare-and-set fails, it reloads and runs the change
        # again, and the room logic refuses a move made at the old version
        with pytest.raises(ProtocolError) as err:
            await b.mutate(room.id, lambda r: calls.move(r, me, 0, "open", 1.0))
        assert err.value.code == "move/stale"
        assert [e["move"] for e in (await b.load(room.id)).log] == ["open"]
    finally:
        await a.close()
        await b.close()


async def test_another_process_hears_the_effects(redis_url: str) -> None:
    a, b = RedisStore(redis_url, Limits()), RedisStore(redis_url, Limits())
    raw: Any = redis_conn.connect(redis_url)
    heard: asyncio.Queue[tuple[int, Effects]] = asyncio.Queue()

    async def listener(room: Room, fx: Effects) -> None:
        await heard.put((room.version, fx))

    try:
        async with asyncio.TaskGroup() as tg:
            task = tg.create_task(b.listen(listener))
            room, me = a_room()
            await a.create(room)
            await b.load(room.id)
            await b.watch(room.id)
            await until(lambda: subscribed(raw, bell(room.id)))  # the listener hears it
            await a.mutate(room.id, lambda r: calls.move(r, me, 0, "open", 1.0))
            await a.mutate(room.id, lambda r: host.chat(r, me, "hello", 2.0))
            version, fx = await asyncio.wait_for(heard.get(), 30)
            assert version == 1 and fx.state
            _, fx2 = await asyncio.wait_for(heard.get(), 30)
            assert fx2.chat is not None and fx2.chat["text"] == "hello"
            task.cancel()
    finally:
        await a.close()
        await b.close()
        await raw.aclose()


async def subscribed(raw: Any, channel: str) -> bool:
    """Whether someone listens on ``channel`` (on a cluster: at any master)."""
    found: Any = await raw.pubsub_shardnumsub(channel, target_nodes=RedisCluster.PRIMARIES) \
        if isinstance(raw, RedisCluster) else await raw.pubsub_shardnumsub(channel)
    return any(n for _, n in found)  # a cluster answers for each master


async def every_key(raw: Any, pattern: str) -> list[bytes]:
    """The keys matching ``pattern`` (on a cluster: on every master)."""
    if isinstance(raw, RedisCluster):
        found: Any = await raw.keys(pattern, target_nodes=RedisCluster.PRIMARIES)
        return list(found)
    return list(await raw.keys(pattern))


async def test_keys_expire_and_nothing_leaks(redis_url: str) -> None:
    limits = Limits(room_ttl=0.5)
    s = RedisStore(redis_url, limits)
    raw: Any = redis_conn.connect(redis_url)
    try:
        room, me = a_room("public")
        room = room.but(limits=limits)
        await s.create(room)
        await s.mutate(room.id, lambda r: calls.move(r, me, 0, "open", 1.0))
        assert await every_key(raw, f"*{room.id}*")
        def everyone_gone(r: Room) -> Step:
            return seating.set_connected(r, me, False, 2.0), Effects(presence=True)

        await s.mutate(room.id, everyone_gone)
        await asyncio.sleep(1.2)
        await s.lobby(10)  # reading the lobby drops its expired lines
        assert await every_key(raw, f"*{room.id}*") == []
        assert await raw.get(f"sym:code:{room.code}") is None
        assert await raw.hget("sym:{lobby}:info", room.id) is None
        assert await raw.zscore("sym:{lobby}:rooms", room.id) is None
    finally:
        await s.close()
        await raw.aclose()


async def test_redis_away_answers_service_unavailable(redis_private: RedisServer) -> None:
    s = RedisStore(redis_private.url, Limits())
    try:
        room, me = a_room()
        await s.create(room)
        redis_private.kill()
        with pytest.raises(ProtocolError) as err:
            await s.mutate(room.id, lambda r: calls.move(r, me, 0, "open", 1.0))
        assert err.value.code == "service/unavailable"
        redis_private.start()  # same port, same directory: the append-only file is read

        async def moved() -> bool:
            try:
                await s.mutate(room.id, lambda r: calls.move(r, me, 0, "open", 1.0))
                return True
            except ProtocolError as exc:
                assert exc.code == "service/unavailable"
                return False

        await until(moved, step=0.1)
        assert (await s.load(room.id)).version == 1
    finally:
        await s.close()


async def test_a_copy_behind_the_room_does_not_refuse_a_current_move(
        redis_url: str) -> None:
    a, b = RedisStore(redis_url, Limits()), RedisStore(redis_url, Limits())
    try:
        room, me = a_room()
        await a.create(room)
        await b.load(room.id)  # b's copy stays at version 0 (it hears no doorbell)
        await a.mutate(room.id, lambda r: calls.move(r, me, 0, "open", 1.0))
        # the player saw version 1 (through a); her next move reaches b
        seat_moves = (await a.load(room.id)).game.legal_moves
        after, _ = await b.mutate(room.id, lambda r: calls.move(r,
            me, 1, seat_moves(r.play.state, r.play.state.to_move)[0].code, 2.0))
        assert after.version == 2
        assert [e["n"] for e in (await a.load(room.id)).log] == [1, 2]
    finally:
        await a.close()
        await b.close()


async def test_the_lobby_is_one_read_a_second_per_process_and_shows_its_own_rooms_at_once(
        redis_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every join of the lobby would land on the one shard that holds it: a process
    reads it at most once a second (one round trip), and what it lists itself shows at
    once. The second is stretched to a minute here: a busy machine may take more than a
    second over the fifty reads, which must still be answered from the first."""
    monkeypatch.setattr(redis_lobby, "LOBBY_EVERY", 60.0)
    a = RedisStore(redis_url, Limits())
    raw: Any = redis_conn.connect(redis_url)
    try:
        await a.lobby(200)
        before = await script_calls(raw)
        for _ in range(50):
            await a.lobby(200)
        assert await script_calls(raw) == before
        room, _ = a_room("public")
        await a.create(room)
        assert room.code in [r["code"] for r in await a.lobby(200)]
        await a.remove(room.id)
        assert room.code not in [r["code"] for r in await a.lobby(200)]
    finally:
        await a.close()
        await raw.aclose()


async def script_calls(raw: Any) -> int:
    infos: list[Any]
    if isinstance(raw, RedisCluster):
        infos = list((await raw.info("commandstats",
                                     target_nodes=RedisCluster.PRIMARIES)).values())
    else:
        infos = [await raw.info("commandstats")]
    return sum(int(i.get("cmdstat_evalsha", {}).get("calls", 0)) for i in infos)
