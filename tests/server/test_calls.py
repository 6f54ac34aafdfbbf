"""Calls that race, on one process: two players call within a moment of each other;
exactly one reaches the table first, everyone is told who and by how many ms, and the
record says so. The interleaving is forced: changes are held at the room's sequencer (the
store) until both calls have reached it, then let through in their order of arrival."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from protocol.limits import Limits
from server.room import Effects, Room
from server.stores.store import Change, MemoryStore
from tests.kit.peer import Msg
from tests.kit.server import Running, start, stop_server
from tests.kit.tables import (
    REALTIME_GAMES,
    Table,
    newest,
    one_first,
    open_table,
    play,
    race,
    race_options,
    settle,
    to_a_double_call,
)
from tests.kit.toy import matching_deal, toy_registered


class HeldStore(MemoryStore):
    """A memory store whose changes wait at the gate while ``holding``; ``release(i)``
    lets the i-th waiting change through (in the order they arrived)."""

    def __init__(self, max_rooms: int) -> None:
        super().__init__(max_rooms)
        self.holding = False
        self.gates: list[asyncio.Event] = []
        self.arrived = asyncio.Event()

    async def mutate(self, room_id: str, change: Change) -> tuple[Room, Effects]:
        if self.holding:
            gate = asyncio.Event()
            self.gates.append(gate)
            self.arrived.set()
            await gate.wait()
        return await super().mutate(room_id, change)

    async def wait_held(self, n: int) -> None:
        """Until ``n`` changes wait at the gate."""
        async with asyncio.timeout(10):
            while len(self.gates) < n:
                self.arrived.clear()
                await self.arrived.wait()


@pytest.fixture
async def held() -> AsyncIterator[tuple[Running, HeldStore]]:
    limits = Limits(rate=100_000, burst=100_000)
    store = HeldStore(limits.max_rooms)
    with toy_registered():
        running, stop, task = await start(limits, store)
        try:
            yield running, store
        finally:
            await stop_server(stop, task)


@pytest.fixture(autouse=True)
def _toy() -> Iterator[None]:
    with toy_registered():
        yield


async def at_a_match(running: Running, **options: Any) -> tuple[Table, int]:
    """North and East have turned cards of one rank: both may call. The version."""
    deal = matching_deal(**options)
    t = await open_table(running.url, "toy_snap", {"deals": 1, **options}, people=2,
                         bots=False, behind=None, deal=deal)
    for seat in (0, 1):
        person = t.people[seat]
        mine = await newest(person, seat)
        ok = await person.call("move", room=t.room, version=seat,
                               move=mine["view"]["moves"][str(seat)][0]["code"])
        assert ok["type"] == "ok", ok
    state = await newest(t.watcher, 2)
    assert state["view"]["to_move"] == [0, 1]
    return t, 2


async def both_call(t: Table, store: HeldStore, version: int, order: list[int]) -> list[Msg]:
    """North's call reaches the sequencer, then East's; they are let through in ``order``
    of the gates (0: North's). The replies (North's, East's)."""
    store.holding = True
    north = await t.people[0].send("move", room=t.room, version=version, move="snap0")
    await store.wait_held(1)
    east = await t.people[1].send("move", room=t.room, version=version, move="snap1")
    await store.wait_held(2)
    store.holding = False
    gates = store.gates[:]
    store.gates.clear()
    for i in order:
        gates[i].set()
        await asyncio.sleep(0)
    return [await t.people[0].wait(lambda m: m.get("re") == north),
            await t.people[1].wait(lambda m: m.get("re") == east)]


def calls_seen(peer: Any) -> list[tuple[int, str, int | None]]:
    return [(m["seat"], m["outcome"], m["first"]) for m in peer.seen if m["type"] == "call"]


async def finish(t: Table) -> dict[str, Any]:
    final = await play(t, 3, max_steps=500)
    assert final["view"]["status"] != "playing"
    await settle(t, final["version"])
    return await t.watcher.call("record", room=t.room)


async def test_two_calls_a_moment_apart_exactly_one_wins_and_everyone_agrees(
        held: tuple[Running, HeldStore]) -> None:
    running, store = held
    t, v = await at_a_match(running, ties=False)
    north, east = await both_call(t, store, v, [0, 1])
    # the winner's reply carries the new version only, never the position: every seat
    # gets the position in the one broadcast of states
    assert north == {"type": "ok", "re": north["re"], "version": v + 1}
    assert east["type"] == "error" and east["code"] == "call/lost"
    assert "P0 called first" in east["message"]
    await settle(t, v + 1)
    for peer, _ in t.audiences:  # everyone is told the same: North first, East lost
        assert calls_seen(peer) == [(0, "made", None), (1, "lost", 0)]
    lost = next(m for m in t.watcher.seen if m["type"] == "call" and m["outcome"] == "lost")
    assert lost["margin_ms"] >= 0 and f"{lost['margin_ms']} ms" in east["message"]
    state = await newest(t.watcher, v + 1)
    assert state["view"]["public"]["match"]["scores"] == [1, 0]
    record = await finish(t)  # (later calls of the rest of the deal follow)
    assert [(c["seat"], c["outcome"], c["first"]) for c in record["calls"][:2]] == \
        [(0, "made", None), (1, "lost", 0)]
    assert record["calls"][1]["at"] >= record["calls"][0]["at"]
    assert record["calls"][1]["margin_ms"] == lost["margin_ms"]


async def test_the_order_is_the_sequencers_not_the_order_sent(
        held: tuple[Running, HeldStore]) -> None:
    running, store = held
    t, v = await at_a_match(running, ties=False)
    north, east = await both_call(t, store, v, [1, 0])  # East's call reaches the table first
    assert east["type"] == "ok" and north["code"] == "call/lost"
    await settle(t, v + 1)
    for peer, _ in t.audiences:
        assert calls_seen(peer) == [(1, "made", None), (0, "lost", 1)]


async def test_a_second_call_within_the_tie_window_is_a_tie(
        held: tuple[Running, HeldStore]) -> None:
    running, store = held
    t, v = await at_a_match(running, tie_ms=60_000)  # the clock never settles first
    north, east = await both_call(t, store, v, [0, 1])
    assert north["type"] == "ok" and east["type"] == "ok"
    await settle(t, v + 2)
    for peer, _ in t.audiences:
        assert calls_seen(peer) == [(0, "made", None), (1, "made", 0)]
    state = await newest(t.watcher, v + 2)
    assert state["view"]["public"]["match"]["scores"] == [0, 0]
    assert "a tie" in state["last"]["text"]


async def test_a_call_after_the_clock_settled_the_first_lost(
        held: tuple[Running, HeldStore]) -> None:
    running, store = held
    t, v = await at_a_match(running, tie_ms=0)
    store.holding = True
    north = await t.people[0].send("move", room=t.room, version=v, move="snap0")
    await store.wait_held(1)
    east = await t.people[1].send("move", room=t.room, version=v, move="snap1")
    await store.wait_held(2)
    store.gates.pop(0).set()  # North's call: pending; the clock's settle is due at once
    await store.wait_held(2)  # the clock's settle waits at the gate behind East's call
    store.holding = False
    store.gates.pop(1).set()  # the settle first
    await newest(t.watcher, v + 2)
    store.gates.pop(0).set()  # then East's call, judged against the settled table
    assert (await t.people[0].wait(lambda m: m.get("re") == north))["type"] == "ok"
    late = await t.people[1].wait(lambda m: m.get("re") == east)
    assert late["code"] == "call/lost"
    state = await newest(t.watcher, v + 2)
    assert state["last"]["move"] is None and state["last"]["by"] == "the table"
    assert state["view"]["public"]["match"]["scores"] == [1, 0]


@pytest.mark.parametrize("game_id", REALTIME_GAMES)
async def test_in_every_realtime_game_the_call_first_at_the_sequencer_is_first(
        held: tuple[Running, HeldStore], game_id: str) -> None:
    running, store = held
    for deal in range(1, 40):
        t = await open_table(running.url, game_id, race_options(game_id), people=2,
                             bots=False, behind=None, deal=deal)
        found = await to_a_double_call(t)
        if found is not None:
            break
    else:
        raise AssertionError(f"{game_id}: no deal gave both players a call at once")
    v, north, east = found

    async def hold(n: int) -> None:
        await store.wait_held(n)
        if n == 2:  # both calls wait at the sequencer: let them through, East's first
            store.holding = False
            gates = store.gates[:]
            store.gates.clear()
            gates[1].set()
            await asyncio.sleep(0)
            gates[0].set()

    store.holding = True  # from now on changes wait at the sequencer
    replies, told = await race(t, v, north, east, hold)
    assert one_first(replies, told) == 1  # East's reached the table first: East was first


async def test_a_wrong_call_is_move_illegal_whoever_makes_it(
        held: tuple[Running, HeldStore]) -> None:
    """protocol/README.md, Calls: any refused call that did not lose a race is a wrong
    call, ``move/illegal``: for the seat to turn and for the seat that is not."""
    running, _ = held
    t = await open_table(running.url, "toy_snap", {"deals": 1}, people=2, bots=False,
                         behind=None, deal=matching_deal())
    state = await newest(t.watcher, 0)
    assert state["view"]["to_move"] == [0]  # North turns; no snap is on
    for seat in (1, 0):  # East is not turning, North is
        wrong = await t.people[seat].call("move", room=t.room, version=0,
                                          move=f"snap{seat}")
        assert wrong["type"] == "error" and wrong["code"] == "move/illegal", wrong


async def test_a_call_after_the_tie_window_closed_loses_though_the_clock_is_late(
        held: tuple[Running, HeldStore]) -> None:
    """North's call is pending; East's call reaches the table after the tie window
    (``tie_ms=0``) but before the clock has settled North's: the table settles it at
    its time first, and East's call lost its race (never a tie "within 0 ms")."""
    running, store = held
    t, v = await at_a_match(running, tie_ms=0)
    store.holding = True  # the clock's settle waits at the gate: it is late
    north = await t.people[0].send("move", room=t.room, version=v, move="snap0")
    await store.wait_held(1)
    east = await t.people[1].send("move", room=t.room, version=v, move="snap1")
    await store.wait_held(2)
    store.gates[0].set()  # North's call: pending
    assert (await t.people[0].wait(lambda m: m.get("re") == north))["type"] == "ok"
    store.gates[1].set()  # East's, judged before the clock's settle (held) has run
    late = await t.people[1].wait(lambda m: m.get("re") == east)
    store.holding = False
    for gate in store.gates:
        gate.set()
    assert late["type"] == "error" and late["code"] == "call/lost", late
    state = await newest(t.watcher, v + 2)
    assert state["view"]["public"]["match"]["scores"] == [1, 0]
    await settle(t, v + 2)
    for peer, _ in t.audiences:
        assert calls_seen(peer) == [(0, "made", None), (1, "lost", 0)]
    record = await finish(t)
    assert [(c["seat"], c["outcome"], c["version"]) for c in record["calls"][:2]] == \
        [(0, "made", v + 1), (1, "lost", v + 2)]
    settled = record["moves"][v + 1]  # the table's settle, between the two calls
    # (the move log keeps times to the millisecond, the calls to the microsecond: the
    # call's time is rounded as the log's, else the settle's, rounded up, can pass it)
    assert settled["by"] == "the table" and \
        settled["at"] <= round(record["calls"][1]["at"], 3)
