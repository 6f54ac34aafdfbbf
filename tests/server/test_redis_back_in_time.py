"""Redis goes back in time under two real server processes that both hold the room.

Redis (``appendfsync always``) is restarted from a copy of its files taken a few moves
earlier: it has lost acknowledged moves that clients of both processes saw. Whichever
process notices first, every process must converge on one table, every client of every
process must get it within 2 s of Redis being back, a move made through either process
on the table it held before must be refused ``move/stale`` (never written over the
recovered room), and the record must keep no hole.
"""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Any

import pytest

from protocol.errors import ProtocolError
from protocol.limits import Limits
from server import seating
from server.play import new_room
from server.room import PLAYER, Policy
from server.stores.redis_store import RedisStore
from tests.kit.peer import Msg, Peer
from tests.kit.processes import serving
from tests.kit.redis import RedisServer
from tests.kit.redis_faults import first_legal, play_first, restore, snapshot, wait_for

#: A named deal: the same cards, and so the same first legal moves, on every run.
DEAL = 20261127
#: Moves Redis keeps, then moves it loses.
KEPT, LOST = 3, 1


def tables(peers: list[Peer]) -> dict[int, Any]:
    """Every version these peers (one audience) were shown, with its table; a version
    shown with two different tables fails."""
    shown: dict[int, Any] = {}
    for p in peers:
        for m in p.seen:
            if m.get("type") == "state":
                was = shown.setdefault(m["version"], m["view"])
                assert was == m["view"], f"version {m['version']} shown as two tables"
    return shown


async def drain(peers: list[Peer]) -> None:
    """Read what has arrived for each peer (the peers read only when asked)."""
    for p in peers:
        await p.quiet(0.01)


def newest(peer: Peer) -> Msg | None:
    states = [m for m in peer.seen if m.get("type") == "state"]
    return states[-1] if states else None


async def test_every_process_converges_and_no_stale_copy_writes_over_the_recovery(
        redis_private: RedisServer, tmp_path_factory: pytest.TempPathFactory) -> None:
    older = tmp_path_factory.mktemp("older")
    other = RedisStore(redis_private.url, Limits())  # reads the room as Redis has it
    try:
        async with serving(redis_private.url, 2) as (p1, p2):
            await _back_in_time(redis_private, older, other, p1.url, p2.url)
    finally:
        await other.close()


async def _back_in_time(redis: RedisServer, older: Path, other: RedisStore, url1: str,
                        url2: str) -> None:
    ann = await Peer.connect(url1, "Ann")  # every seat, on process 1
    joined = await ann.call("create", game="sympathy", seats="all", deal=DEAL)
    room, code = joined["room"], joined["code"]
    ann2 = await Peer.connect(url2, "Ann")  # Ann's seat, resumed on process 2
    resumed = await ann2.call("resume", room=room, token=joined["token"])
    assert resumed["type"] == "resumed", resumed
    watchers = [await Peer.connect(url, name)
                for url, name in ((url1, "Wes"), (url2, "Wyn"), (url2, "Wyl"))]
    for w in watchers:
        assert (await w.call("join", code=code, role="watcher"))["type"] == "joined"
    peers = [ann, ann2, *watchers]
    await other.load(room)  # once now: the first load in a process takes a while
    acked: dict[int, str] = {}
    state = await play_first(ann, room, await ann.state(0), KEPT, acked)
    for p in peers[1:]:
        await p.state(KEPT)
    redis.kill()
    snapshot(redis, older)
    redis.start()
    state = await play_first(ann, room, state, LOST, acked)  # acknowledged ...
    before = state["version"]
    for p in peers[1:]:  # ... and seen through both processes
        await p.state(before)
    redis.kill()
    restore(redis, older)  # ... and lost: Redis is back at KEPT
    redis.start()
    back = time.monotonic()

    # At once, a move through each process on the table its clients hold: the first
    # process to try notices; the other's copy is then at the revision Redis has
    # reached again, where Redis holds another table.
    view = state["view"]
    move = view["moves"][str(view["to_move"][0])][0]["code"]
    for p in (ann2, ann):
        for _ in range(50):
            answer = await p.call("move", room=room, version=before, move=move)
            if answer.get("code") != "service/unavailable":
                break
        assert answer.get("code") == "move/stale", \
            f"a move on the table Redis lost was not refused: {answer}"

    # Every client of both processes gets the table Redis keeps, within 2 s.
    async def converged() -> bool:
        try:
            kept = await other.load(room)
        except Exception:  # a record with a hole: the load below says so
            return False
        await drain(peers)
        return kept.version > before and all(
            (newest(p) or {"version": -1})["version"] == kept.version for p in peers)

    with contextlib.suppress(AssertionError):
        await wait_for(converged, 5)
    took = time.monotonic() - back
    kept = await other.load(room)  # whole: no hole in its move log
    assert kept.version > before
    assert [e["move"] for e in kept.log] == [acked[v] for v in range(1, KEPT + 1)]
    assert all(p.versions[room] == kept.version for p in peers), \
        [(p.versions[room], kept.version) for p in peers]
    assert took < 2.0, f"clients on the current table only {took:.1f}s after Redis returned"
    # Play goes on from there, through either process.
    for p in (ann2, ann):
        fresh = newest(p)
        assert fresh is not None
        view = fresh["view"]
        move = view["moves"][str(view["to_move"][0])][0]["code"]
        ok = await p.call("move", room=room, version=fresh["version"], move=move)
        assert ok["type"] == "ok", ok
        for q in peers:
            await q.state(ok["version"])
    # one table for each version shown, to every audience
    tables(watchers)
    tables([ann, ann2])


async def test_a_copy_at_the_revision_redis_gave_again_cannot_write_over_the_recovery(
        redis_private: RedisServer, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Forced order, no listeners: process A notices and recovers the room first; then
    process B, whose copy is at the very revision A's recovery committed (another
    table), commits a move on it. The compare-and-set must refuse it (the token differs),
    B must take the recovered table and judge the move on it (stale), and the record
    must stay whole."""
    older = tmp_path_factory.mktemp("older")
    limits = Limits()
    a, b = RedisStore(redis_private.url, limits), RedisStore(redis_private.url, limits)
    room = new_room("sympathy", {}, DEAL, Policy(), limits, 0.0)
    room, me, _ = seating.add_member(room, PLAYER, "Ann", all_seats=True)

    def move(version: int) -> Any:
        return first_legal(me.id, version)

    try:
        await a.create(room)
        for v in range(KEPT):
            await a.mutate(room.id, move(v))
        redis_private.kill()
        snapshot(redis_private, older)
        redis_private.start()
        for v in range(KEPT, KEPT + LOST):
            await a.mutate(room.id, move(v))
        held = await b.load(room.id)  # B's copy: the table Redis is about to lose
        assert held.version == KEPT + LOST
        redis_private.kill()
        restore(redis_private, older)
        redis_private.start()
        with pytest.raises(ProtocolError) as refused:  # A notices and recovers
            await a.mutate(room.id, move(KEPT + LOST))
        assert refused.value.code == "move/stale"
        assert a.recoveries == 1
        recovered = await a.load(room.id)
        assert recovered.version > KEPT + LOST
        with pytest.raises(ProtocolError) as stale:  # B, on the table Redis lost
            await b.mutate(room.id, move(KEPT + LOST))
        assert stale.value.code == "move/stale"
        assert b.cached(room.id) is not None
        assert b.cached(room.id).version == recovered.version  # type: ignore[union-attr]
        kept = await a.load(room.id)
        assert kept.version == recovered.version
        assert len(kept.log) == KEPT
        # and B plays on from the recovered table
        after, _ = await b.mutate(room.id, move(recovered.version))
        assert after.version == recovered.version + 1
        assert len((await a.load(room.id)).log) == KEPT + 1
    finally:
        await a.close()
        await b.close()


async def test_a_read_crossed_by_this_processs_own_commits_is_no_loss(
        redis_server: RedisServer) -> None:
    """Forced: a read of the room is answered, then a commit of this process and one of
    another land (a member going and coming back: the revision moves, the version does
    not) before the read's answer is looked at. The answer is older than the copy held
    now, but not than the copy held when the read was sent: Redis lost nothing. Taking
    it for a loss moved the version a thousand on (seen in the kill -9 test, members
    resuming while tables moved: a move acknowledged at version 1006, the record's 6th)."""
    limits = Limits()
    a, b = RedisStore(redis_server.url, limits), RedisStore(redis_server.url, limits)
    room = new_room("sympathy", {}, DEAL, Policy(), limits, 0.0)
    room, me, _ = seating.add_member(room, PLAYER, "Ann", all_seats=True)
    room, wes, _ = seating.add_member(room, "watcher", "Wes")
    try:
        await a.create(room)
        await a.mutate(room.id, first_legal(me.id, 0))
        before = await a.load(room.id)
        await b.load(room.id)
        real = a.redis.hgetall
        crossed = 0

        async def read_then_commits(key: str) -> Any:
            nonlocal crossed
            fields = await real(key)
            if crossed == 0:
                crossed += 1
                await a.mutate(room.id, lambda r: seating.disconnect(r, wes.id, 2.0))
                await b.mutate(room.id, lambda r: seating.connect(r, wes.id, "", 3.0))
            return fields

        a.redis.hgetall = read_then_commits
        _, got, _, _ = await a._fetch(room.id)
        a.redis.hgetall = real
        assert crossed == 1 and a.recoveries == 0
        assert got.version == before.version == 1
        after, _ = await a.mutate(room.id, first_legal(me.id, 1))
        assert after.version == 2 and [e["n"] for e in after.log] == [1, 2]
        assert after.members[wes.id].connected and a.recoveries == 0
    finally:
        await a.close()
        await b.close()
