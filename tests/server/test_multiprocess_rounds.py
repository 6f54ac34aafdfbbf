"""Round games on several server processes sharing one real Redis: calls that race from
two processes, and computer players and the clock played once however many processes
try."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
import pytest_asyncio

from protocol.errors import ProtocolError
from protocol.limits import Limits
from rules import Record
from server import commands, seating
from server.play import new_room
from server.room import PLAYER, WATCHER, Policy
from server.stores.redis_store import RedisStore
from tests.kit.peer import Peer
from tests.kit.processes import ServeProcess, serving
from tests.kit.redis import RedisServer
from tests.kit.server import until
from tests.kit.tables import (
    REALTIME_GAMES,
    Table,
    newest,
    one_first,
    play,
    race,
    race_options,
    settle,
    to_a_double_call,
)
from tests.kit.toy import matching_deal, toy_registered

# One event loop for the module: the two server processes of the races are shared.
pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest.fixture(autouse=True)
def _toy() -> Iterator[None]:
    with toy_registered():
        yield


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def two(redis_server: RedisServer) -> AsyncIterator[list[ServeProcess]]:
    """Two server processes on one Redis, knowing Toy Snap (shared by the races, so
    seeded by the module rather than by whichever test starts them)."""
    async with serving(redis_server.url, 2, toy=True, seed=__name__) as procs:
        yield procs


def calls_seen(peer: Peer) -> list[tuple[int, str, int | None]]:
    return [(m["seat"], m["outcome"], m["first"]) for m in peer.seen if m["type"] == "call"]


async def test_two_calls_from_two_processes_exactly_one_wins_everyone_agrees(
        two: list[ServeProcess]) -> None:
    p1, p2 = two
    north = await Peer.connect(p1.url, "Ann")
    joined = await north.call("create", game="toy_snap", deal=matching_deal(ties=False),
                              options={"deals": 1, "ties": False})
    room = joined["room"]
    east = await Peer.connect(p2.url, "Bea")
    assert (await east.call("join", code=joined["code"], role="player"))["seats"] == [1]
    watchers = [await Peer.connect(p.url, f"W{k}") for k, p in enumerate((p1, p2))]
    for w in watchers:
        await w.call("join", code=joined["code"], role="watcher")
    t = Table(room, joined["code"], north, {0: north, 1: east}, watchers[1],
              audiences=[(north, 0), (east, 1), (watchers[0], None), (watchers[1], None)])
    for seat, person in ((0, north), (1, east)):
        mine = await newest(person, seat)
        ok = await person.call("move", room=room, version=seat,
                               move=mine["view"]["moves"][str(seat)][0]["code"])
        assert ok["type"] == "ok", ok
    for peer, _ in t.audiences:
        assert (await newest(peer, 2))["view"]["to_move"] == [0, 1]
    # both calls back to back, each to its own process: the first to commit wins
    sent = [await north.send("move", room=room, version=2, move="snap0"),
            await east.send("move", room=room, version=2, move="snap1")]
    replies = [await p.wait(lambda m, r=r: m.get("re") == r)  # type: ignore[misc]
               for p, r in zip((north, east), sent, strict=True)]
    oks = [s for s, r in enumerate(replies) if r["type"] == "ok"]
    assert len(oks) == 1, replies
    winner, loser = oks[0], 1 - oks[0]
    assert replies[loser]["code"] == "call/lost"
    for peer, _ in t.audiences:
        await peer.wait(lambda m: m["type"] == "call" and m["outcome"] == "lost")
        assert calls_seen(peer)[:2] == [(winner, "made", None), (loser, "lost", winner)]
    final = await play(t, 9, max_steps=500)
    assert final["view"]["status"] != "playing"
    await settle(t, final["version"])
    record = await watchers[0].call("record", room=room)
    assert [(c["seat"], c["outcome"], c["first"]) for c in record["calls"][:2]] == \
        [(winner, "made", None), (loser, "lost", winner)]
    assert [m["n"] for m in record["moves"]] == list(range(1, final["version"] + 1))


async def test_computer_players_and_the_clock_move_once_when_two_processes_try(
        redis_server: RedisServer) -> None:
    # takeover 0: both processes play every due move at its due time
    async with serving(redis_server.url, 2, "--takeover", "0", toy=True) as (p1, p2):
        host = await Peer.connect(p1.url, "Ann")
        joined = await host.call("create", game="toy_snap", think_ms=0, options={
            "players": 3, "auto_turn": True, "pace_ms": 5, "tie_ms": 5, "deals": 1})
        room = joined["room"]
        far = await Peer.connect(p2.url, "Wes")
        await far.call("join", code=joined["code"], role="watcher")
        await far.wait_presence(lambda p: p["counts"]["connected"] == 2)
        # the host leaves her seat to a computer player too: the table plays by itself
        await host.call("set_role", room=room, member=joined["member"], role="watcher")
        assert (await host.call("bot", room=room))["type"] == "ok"
        final = await far.wait(lambda m: m["type"] == "state"
                               and m["view"]["status"] != "playing", timeout=60)
        record = await far.call("record", room=room)
        moves = record["moves"]
        assert [m["n"] for m in moves] == list(range(1, final["version"] + 1))
        again = Record(record["game"], tuple(sorted(record["options"].items())),
                       record["seed"], tuple((m["seat"], m["move"]) for m in moves)).replay()
        assert again.game.outcome(again.state) is not None
        # each due move committed exactly once, whichever process played it (whether the
        # other also tried depends on when it heard of the last move: the test below
        # forces the double try). A due commit is one move or one lost call, and a call
        # (made or lost) that came after the clock's move fell due settles the clock's
        # move first, in the same commit: its version is then one past what its caller
        # (a computer player, who sees the table as it is) saw, besides its own move.
        calls = record["calls"]
        lost = sum(c["outcome"] == "lost" for c in calls)
        settled = sum(c["version"] - c["seen"] - (c["outcome"] == "made") for c in calls)
        commits = len(moves) + lost - settled

        def played() -> int:
            return sum(p.metric("sympathy_due_moves_total") for p in (p1, p2))

        # (a process counts its due move once its commit is answered, which may come
        # after the watcher has seen the move through the other process)
        with contextlib.suppress(AssertionError):
            await until(lambda: played() >= commits)
        assert played() == commits, (played(), len(moves), lost, settled)


async def test_a_due_move_played_by_one_store_is_a_no_op_for_another(
        redis_server: RedisServer) -> None:
    limits = Limits()
    one, two = RedisStore(redis_server.url, limits), RedisStore(redis_server.url, limits)
    try:
        room = new_room("toy_snap", {"players": 2}, 5, Policy(think_ms=0), limits, time.time())
        room, host, _ = seating.add_member(room, PLAYER, "Ann")
        room, _ = seating.set_role(room, host.id, host.id, WATCHER, None)
        room, _ = seating.add_bot(room, host.id, None)
        await one.create(room)
        await two.load(room.id)  # the other process's copy, at the same version
        due = room.due()
        assert due is not None and due.kind == "bot"
        await one.mutate(room.id, lambda r: commands.run_due(r, due.version, time.time(), 1))
        with pytest.raises(ProtocolError) as err:  # judged again on the committed room
            await two.mutate(room.id,
                             lambda r: commands.run_due(r, due.version, time.time(), 2))
        assert err.value.code == "move/stale"
        kept = await two.load(room.id)
        assert kept.version == 1 and len(kept.log) == 1
    finally:
        await asyncio.gather(one.close(), two.close())


@pytest.mark.parametrize("game_id", REALTIME_GAMES)
async def test_calls_racing_from_two_processes_in_every_realtime_game(
        two: list[ServeProcess], game_id: str) -> None:
    p1, p2 = two
    for deal in range(1, 40):
        t = await two_process_table(p1.url, p2.url, game_id, race_options(game_id), deal)
        found = await to_a_double_call(t)
        if found is not None:
            break
    else:
        raise AssertionError(f"{game_id}: no deal gave both players a call at once")
    v, north, east = found
    replies, told = await race(t, v, north, east)
    winner = one_first(replies, told)
    final = await play(t, 2, max_steps=3_000)
    assert final["view"]["status"] != "playing"
    record = await t.watcher.call("record", room=t.room)
    kept = [c for c in record["calls"] if c["version"] > v][:2]
    assert [(c["seat"], c["outcome"], c["first"], c["margin_ms"]) for c in kept] == \
        [(m["seat"], m["outcome"], m["first"], m["margin_ms"]) for m in told]
    assert kept[0]["seat"] == winner and kept[1]["at"] >= kept[0]["at"]


async def two_process_table(url1: str, url2: str, game_id: str, options: dict[str, Any],
                            deal: int) -> Table:
    """North on the first process, East and a watcher on the second."""
    north = await Peer.connect(url1, "Ann")
    joined = await north.call("create", game=game_id, deal=deal, options=options)
    assert joined["type"] == "joined", joined
    east = await Peer.connect(url2, "Bea")
    assert (await east.call("join", code=joined["code"], role="player"))["seats"] == [1]
    watcher = await Peer.connect(url2, "Wes")
    await watcher.call("join", code=joined["code"], role="watcher")
    return Table(joined["room"], joined["code"], north, {0: north, 1: east}, watcher,
                 audiences=[(north, 0), (east, 1), (watcher, None)])
