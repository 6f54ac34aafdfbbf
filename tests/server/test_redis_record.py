"""A room in Redis as small fields (server/stores/redis_record.py): what a change writes, that the
record comes back whole after every kind of change, and that a move writes the same
bytes however many watch. On one Redis and on a Redis Cluster (``redis_url``)."""

from __future__ import annotations

import functools
from typing import Any

from redis.asyncio.cluster import RedisCluster

from protocol.limits import Limits
from server import advice, calls, host, play, seating
from server.play import new_room
from server.room import ADVISOR, PLAYER, WATCHER, Effects, Policy, Room, Step
from server.stores import effects_codec, redis_conn, redis_record
from server.stores.redis_keys import room_key
from server.stores.redis_listener import RedisListener
from server.stores.redis_store import RedisStore
from server.stores.room_codec import dump, head
from server.stores.store import Change
from tests.kit.rooms import Live, busy_room, same


def first_move(r: Room) -> str:
    seat = r.game.to_move(r.play.state)[0]
    return r.game.legal_moves(r.play.state, seat)[0].code


def test_a_change_leaves_the_room_it_was_made_from_as_it_was() -> None:
    """Rooms are values: every kind of change makes a new room and the committed one
    reads as it did (members, proposals, logs, policy)."""
    room = busy_room()
    before = dump(room)
    work = Live(room)
    host = room.host
    [adv] = [m.id for m in room.members.values() if m.role == ADVISOR]
    [wes] = [m.id for m in room.members.values() if m.role == WATCHER]
    work.disconnect(wes, 20.0)
    work.propose(adv, work.version, first_move(work.room), 21.0)
    work.kick(host, adv)  # takes them out of the proposals they made
    work.move(host, work.version, first_move(work.room), 22.0)
    work.undo(host, work.version, 23.0)
    work.move(host, work.version, first_move(work.room), 24.0)
    assert dump(room) == before
    assert dump(work.room) != before


def test_a_move_writes_its_own_fields_only() -> None:
    room = busy_room()
    written = redis_record.diff(None, None, room).written
    host = room.host
    work, _ = calls.move(room, host, room.version, first_move(room), 30.0)
    d = redis_record.diff(room, written, work)
    names = {k for k, _ in d.sets}
    n = len(work.log)
    assert {f"l:{n}", "h:version", "c"} <= names
    assert not any(k.startswith("m:") for k in names)  # no member changed
    assert not {f"l:{i}" for i in range(1, n)} & names  # the moves before stay
    assert d.size() < 1000


def test_each_change_writes_the_head_items_it_changed_and_redis_holds_the_whole_head(
        ) -> None:
    """A change packs again only the head items whose attribute it replaced; after
    every kind of change what Redis holds of the head is the new room's head packed
    whole, and the items written are exactly those whose bytes changed."""
    room = busy_room()
    written = redis_record.diff(None, None, room).written
    host_id = room.host
    [adv] = [m.id for m in room.members.values() if m.role == ADVISOR]
    [wes] = [m.id for m in room.members.values() if m.role == WATCHER]
    changes: list[Change] = [
        lambda r: seating.disconnect(r, wes, 20.0),
        lambda r: advice.propose(r, adv, r.version, first_move(r), 21.0),
        lambda r: host.lock(r, host_id, True),
        lambda r: calls.move(r, host_id, r.version, first_move(r), 22.0),
        lambda r: play.undo(r, host_id, r.version, 23.0),
        lambda r: host.kick(r, host_id, adv),
        lambda r: calls.move(r, host_id, r.version, first_move(r), 24.0),
        lambda r: host.chat(r, host_id, "well played", 25.0),
        lambda r: host.close(r, host_id, 26.0),
    ]
    for change in changes:
        after, _ = change(room)
        d = redis_record.diff(room, written, after)
        whole = {k: redis_record.pack(v) for k, v in head(after).items()}
        assert d.written.head == whole
        assert {k[2:] for k, _ in d.sets if k.startswith("h:")} == \
            {k for k, v in whole.items() if written.head.get(k) != v}
        room, written = after, d.written
    assert room.closed and room.locked


def test_a_move_copies_no_member_however_many_watch() -> None:
    """A move in a room of 500 watchers makes a room that shares its members with the
    room before (no copy), and writes no member; a change of one member writes that
    member alone, and leaves the room before as it was."""
    room = new_room("sympathy", {}, 2, Policy(), Limits(max_members=600), 10.0)
    room, player, _ = seating.add_member(room, PLAYER, "Ann", all_seats=True)
    for i in range(500):
        room, _, _ = seating.add_member(room, WATCHER, f"w{i}")
    written = redis_record.diff(None, None, room).written
    work, _ = calls.move(room, player.id, room.version, first_move(room), 30.0)
    assert work.members is room.members
    assert not any(k.startswith("m:") for k, _ in redis_record.diff(room, written, work).sets)
    wes = next(m.id for m in room.members.values() if m.role == WATCHER)
    other, _ = seating.disconnect(room, wes, 20.0)
    assert room.members[wes].connected and not other.members[wes].connected
    d = redis_record.diff(room, written, other)
    assert [k for k, _ in d.sets if k.startswith("m:")] == [f"m:{wes}"]


def test_a_change_retried_on_the_same_room_writes_what_it_appended() -> None:
    """A change refused at the compare-and-set is made again on the room it was made
    from (the first try's room is dropped): the second try's move log still extends the
    committed one, so it writes its one new move, not the whole log."""
    room = busy_room()
    written = redis_record.diff(None, None, room).written
    host = room.host
    dropped, _ = calls.move(room, host, room.version, first_move(room), 30.0)
    again, _ = calls.move(room, host, room.version, first_move(room), 31.0)
    assert dropped.log[-1]["at"] == 30.0 and again.log[-1]["at"] == 31.0
    names = {k for k, _ in redis_record.diff(room, written, again).sets}
    n = len(again.log)
    assert f"l:{n}" in names and not {f"l:{i}" for i in range(1, n)} & names


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
    room, ann, _ = seating.add_member(room, PLAYER, "Ann", all_seats=True)
    try:
        await a.create(room)
        await c.watch(room.id)
        ids: dict[str, str] = {}

        def join(role: str, name: str) -> Change:
            def change(r: Room) -> Step:
                r, m, _ = seating.add_member(r, role, name)
                ids[name] = m.id
                return r, Effects(presence=True)
            return change

        def moves(n: int) -> Change:
            def change(r: Room) -> Step:
                for _ in range(n):
                    r, _ = calls.move(r, ann.id, r.version, first_move(r), 1.0)
                return r, Effects(state=True)
            return change

        changes: list[Change] = [
            join(ADVISOR, "Xan"), join(WATCHER, "Wes"), join(WATCHER, "Wil"),
            lambda r: seating.invite(r, ann.id, ids["Xan"]),
            lambda r: advice.propose(r, ids["Xan"], r.version, first_move(r), 2.0),
            lambda r: advice.take(r, ann.id, r.version, first_move(r), 3.0),
            moves(6),
            lambda r: play.undo(r, ann.id, r.version),
            lambda r: play.undo(r, ann.id, r.version),
            lambda r: host.kick(r, ann.id, ids["Wes"]),
            lambda r: seating.set_role(r, ann.id, ids["Wil"], ADVISOR, None),
            lambda r: seating.disconnect(r, ann.id, 4.0),
            lambda r: host.lock(r, ann.id, True),
            moves(3),
        ]
        for change in changes:
            committed, fx = await a.mutate(room.id, change)
            reads = await command_calls(raw, "hgetall")
            await follower.catch_up(room.id, missing=1)  # as its doorbell would
            assert await command_calls(raw, "hgetall") == reads
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


async def command_calls(raw: Any, command: str) -> int:
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


def move(r: Room, me: str, version: int) -> Step:
    return calls.move(r, me, version, first_move(r), 1.0)


async def test_a_move_sends_redis_the_same_bytes_however_many_watch(redis_url: str) -> None:
    limits = Limits(max_members=500)
    store = RedisStore(redis_url, limits)
    raw = redis_conn.connect(redis_url)
    sent: list[int] = []
    try:
        for watchers in (3, 300):
            room = new_room("sympathy", {}, 3, Policy(), limits, 0.0)
            room, ann, _ = seating.add_member(room, PLAYER, "Ann", all_seats=True)
            for i in range(watchers):
                room, _, _ = seating.add_member(room, WATCHER, f"w{i:03d}")
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
