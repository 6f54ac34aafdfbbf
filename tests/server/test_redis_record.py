"""A room in Redis as small fields (server/redis_record.py): what a change writes, that the
record comes back whole after every kind of change, and that a move writes the same
bytes however many watch. On one Redis and on a Redis Cluster (``redis_url``)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from redis.asyncio.cluster import RedisCluster

from protocol.limits import Limits
from server import effects_codec, redis_conn, redis_record
from server.redis_keys import room_key
from server.redis_listener import RedisListener
from server.redis_store import RedisStore
from server.room import ADVISOR, PLAYER, WATCHER, Effects, Policy, Room, new_room
from server.room_codec import dump, head
from tests.kit.rooms import busy_room, same


def first_move(r: Room) -> str:
    seat = r.game.to_move(r.play.state)[0]
    return r.game.legal_moves(r.play.state, seat)[0].code


def test_a_change_on_a_clone_leaves_the_committed_room_as_it_was() -> None:
    room = busy_room()
    before = dump(room)
    work = redis_record.clone(room)
    host = room.host
    [adv] = [m.id for m in room.members.values() if m.role == ADVISOR]
    [wes] = [m.id for m in room.members.values() if m.role == WATCHER]
    work.set_connected(wes, False, 20.0)
    work.propose(adv, work.version, first_move(work), 21.0)
    work.kick(host, adv)  # takes them out of the proposals they made, in place
    work.policy.undo = "off"
    work.move(host, work.version, first_move(work), 22.0)
    assert dump(room) == before
    assert dump(work) != before


def test_a_move_writes_its_own_fields_only() -> None:
    room = busy_room()
    written = redis_record.diff(None, None, room).written
    work = redis_record.clone(room)
    host = room.host
    work.move(host, work.version, first_move(work), 30.0)
    d = redis_record.diff(room, written, work)
    names = {k for k, _ in d.sets}
    n = len(work.log)
    assert {f"l:{n}", "h:version", "c"} <= names
    assert not any(k.startswith("m:") for k in names)  # no member changed
    assert not {f"l:{i}" for i in range(1, n)} & names  # the moves before stay
    assert d.size() < 1000


def test_a_move_copies_no_member_however_many_watch() -> None:
    """A change works on a copy whose members are the committed room's own objects until
    it reads them (server/redis_record.py, CopyOnRead): a move in a room of 500 watchers
    copies at most the mover, and the diff finds the rest unchanged by identity; a member
    the change alters is the copy's own, never the committed one."""
    room = new_room("sympathy", {}, 2, Policy(), Limits(max_members=600), 10.0)
    player, _ = room.add_member(PLAYER, "Ann", all_seats=True)
    for i in range(500):
        room.add_member(WATCHER, f"w{i}")
    written = redis_record.diff(None, None, room).written
    work = redis_record.clone(room)
    work.move(player.id, work.version, first_move(work), 30.0)
    same_object = [k for k in room.members
                   if dict.__getitem__(work.members, k) is room.members[k]]
    assert len(same_object) >= len(room.members) - 1
    assert not any(k.startswith("m:") for k, _ in redis_record.diff(room, written, work).sets)
    other = redis_record.clone(room)
    wes = next(m.id for m in room.members.values() if m.role == WATCHER)
    other.set_connected(wes, False, 20.0)
    assert room.members[wes].connected and not other.members[wes].connected
    d = redis_record.diff(room, written, other)
    assert [k for k, _ in d.sets if k.startswith("m:")] == [f"m:{wes}"]


async def hash_of(url: str, room_id: str) -> dict[bytes, bytes]:
    raw = redis_conn.connect(url)
    try:
        fields: dict[bytes, bytes] = await raw.hgetall(room_key(room_id))
        return fields
    finally:
        await raw.aclose()


async def test_the_record_comes_back_whole_after_every_kind_of_change(redis_url: str) -> None:
    """Each change committed by one process, loaded by another from Redis: the same
    room; and the hash holds exactly the room's fields (old events and undone moves
    deleted, not left behind). A third process watching the room follows every commit
    from the room's stream alone (the fields each commit wrote), without reading the
    record, to the same room, and performs each commit's effects."""
    limits = Limits(event_log=4)  # the event log overflows within a few moves
    a, b = RedisStore(redis_url, limits), RedisStore(redis_url, limits)
    c = RedisStore(redis_url, limits)
    heard: list[tuple[int, Effects]] = []

    async def perform(r: Room, fx: Effects) -> None:
        heard.append((r.version, fx))

    follower = RedisListener(c, perform)
    raw = redis_conn.connect(redis_url)
    room = new_room("sympathy", {"packets": 5}, 7, Policy(advice="invited", undo="past_reveal"),
                    limits, 0.0)
    ann, _ = room.add_member(PLAYER, "Ann", all_seats=True)
    try:
        await a.create(room)
        await c.watch(room.id)
        ids: dict[str, str] = {}

        def join(role: str, name: str) -> Callable[[Room], Effects]:
            def change(r: Room) -> Effects:
                ids[name] = r.add_member(role, name)[0].id
                return Effects(presence=True)
            return change

        def moves(n: int) -> Callable[[Room], Effects]:
            def change(r: Room) -> Effects:
                for _ in range(n):
                    r.move(ann.id, r.version, first_move(r), 1.0)
                return Effects(state=True)
            return change

        changes: list[Callable[[Room], Effects]] = [
            join(ADVISOR, "Xan"), join(WATCHER, "Wes"), join(WATCHER, "Wil"),
            lambda r: r.invite(ann.id, ids["Xan"]),
            lambda r: r.propose(ids["Xan"], r.version, first_move(r), 2.0),
            lambda r: r.take(ann.id, r.version, first_move(r), 3.0),
            moves(6),
            lambda r: r.undo(ann.id, r.version),
            lambda r: r.undo(ann.id, r.version),
            lambda r: r.kick(ann.id, ids["Wes"]),
            lambda r: r.set_role(ann.id, ids["Wil"], ADVISOR, None),
            lambda r: r.disconnect(ann.id, 4.0),
            lambda r: r.lock(ann.id, True),
            moves(3),
        ]
        for change in changes:
            committed, fx = await a.mutate(room.id, change)
            reads = await calls(raw, "hgetall")
            await follower.catch_up(room.id, missing=1)  # as its doorbell would
            assert await calls(raw, "hgetall") == reads
            followed = c.cached(room.id)
            assert followed is not None
            same(committed, followed)
            assert heard[-1][0] == committed.version  # its effects (all but the reply)
            assert effects_codec.dump(heard[-1][1]) == effects_codec.dump(fx)
            loaded = await b.load(room.id)
            same(committed, loaded)
            fields = await hash_of(redis_url, room.id)
            expected = {"rev", "t", "n", "c", "k", *(f"h:{k}" for k in head(
                committed)), *(f"m:{m}" for m in committed.members),
                *(f"l:{n + 1}" for n in range(len(committed.log)))}
            names = {k.decode() for k in fields}
            assert {n for n in names if not n.startswith("e:")} == expected
            assert len([n for n in names if n.startswith("e:")]) == len(committed.events)
    finally:
        await a.close()
        await b.close()
        await c.close()
        await raw.aclose()


async def calls(raw: Any, command: str) -> int:
    """How many times Redis (every master of a cluster) ran ``command``."""
    infos: list[Any]
    if isinstance(raw, RedisCluster):
        infos = list((await raw.info("commandstats",
                                     target_nodes=RedisCluster.PRIMARIES)).values())
    else:
        infos = [await raw.info("commandstats")]
    return sum(int(i.get(f"cmdstat_{command}", {}).get("calls", 0)) for i in infos)


async def sent_bytes(raw: Any) -> int:
    infos: list[Any]
    if isinstance(raw, RedisCluster):
        infos = list((await raw.info("stats", target_nodes=RedisCluster.PRIMARIES)).values())
    else:
        infos = [await raw.info("stats")]
    return sum(int(i["total_net_input_bytes"]) for i in infos)


def move(r: Room, me: str, version: int) -> Effects:
    return r.move(me, version, first_move(r), 1.0)


async def test_a_move_sends_redis_the_same_bytes_however_many_watch(redis_url: str) -> None:
    limits = Limits(max_members=500)
    store = RedisStore(redis_url, limits)
    raw = redis_conn.connect(redis_url)
    sent: list[int] = []
    try:
        for watchers in (3, 300):
            room = new_room("sympathy", {}, 3, Policy(), limits, 0.0)
            ann, _ = room.add_member(PLAYER, "Ann", all_seats=True)
            for i in range(watchers):
                room.add_member(WATCHER, f"w{i:03d}")
            await store.create(room)
            await store.mutate(room.id, functools.partial(move, me=ann.id, version=0))
            before = await sent_bytes(raw)
            await store.mutate(room.id, functools.partial(move, me=ann.id, version=1))
            sent.append(await sent_bytes(raw) - before)
        small, big = sent
        assert small < 2000 and abs(big - small) <= 16, sent
    finally:
        await store.close()
        await raw.aclose()
