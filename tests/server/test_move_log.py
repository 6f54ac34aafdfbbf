"""A round table's move log (server/move_log.py): in people's names, and what each
audience may see of each move. Old Maid, three people, an advisor behind seat 1 and a
watcher, through a real server: the card drawn is named to the drawer (and the advisor
behind the drawer) alone, and to the drawer only while it is still in sight; every frame
passes the no-leak checks."""

from __future__ import annotations

import asyncio
from typing import Any

from protocol.limits import Limits
from rules.cards import name
from rules.games.old_maid import OldMaid
from server import move_log
from server.clock import DEAL_PAUSE_MS
from server.room import PLAYER, Policy, Room
from tests.kit.rooms import live
from tests.kit.server import start, stop_server
from tests.kit.tables import BIG, Table, check_frames, open_table, play, settle

#: The deal and the people's choices (named: the same draws every run).
DEAL, CHOICES, STEPS = BIG + 3, 5, 24


def texts(msgs: list[dict[str, Any]], version: int) -> list[str]:
    """The words each state frame's log gave for the move at ``version``."""
    return [e["text"] for m in msgs if m.get("type") == "state"
            for e in m.get("log") or () if e["version"] == version]


async def old_maid_table() -> tuple[Table, Room]:
    running, stop, task = await start(Limits(rate=100_000, burst=100_000))
    try:
        t = await open_table(running.url, "old_maid", {"players": 3}, people=3, bots=False,
                             behind=1, deal=DEAL)
        last = await play(t, CHOICES, max_steps=STEPS)
        await settle(t, last["version"])
        room = running.app.store.cached(t.room)
        assert room is not None
        return t, room
    finally:
        await stop_server(stop, task)


def test_the_drawn_card_is_named_to_the_drawer_alone_while_it_is_in_sight() -> None:
    t, room = asyncio.run(old_maid_table())
    assert check_frames(t, room) > 0  # the log's entries pass the no-leak checks
    game, states = room.game, room.play.states
    assert isinstance(game, OldMaid)
    who = {0: "P0", 1: "P1", 2: "P2"}  # the people's names (tests/kit/tables.open_table)
    draws = passed_on = 0
    for entry in room.log:
        v, drawer = entry["n"], entry["seat"]
        before = states[v - 1]
        giver = game.offerer(before)
        card = game.fan(before)[int(entry["move"][1:])]
        for peer, audience in t.audiences:
            said = texts(peer.seen, v)
            assert said, (audience, v)
            if audience != drawer:  # the seats, the watcher: the table's words
                assert all(s.startswith(f"{who[drawer]} draws a card from {who[giver]}")
                           for s in said), (audience, said)
                continue
            # the drawer (and the advisor behind it): the card, while it is in sight
            assert said[0].startswith(f"{who[drawer]} draws the {name(card)} from "
                                      f"{who[giver]}"), said
            draws += 1
            gone = [s for s in said if name(card) not in s]
            passed_on += bool(gone)
            for s in gone:
                assert s.startswith(f"{who[drawer]} draws a card from"), s
    assert draws >= 8 and passed_on >= 1, (draws, passed_on)  # the test saw both cases


def test_a_frame_carries_the_last_twelve_moves_at_most() -> None:
    t, room = asyncio.run(old_maid_table())
    assert room.version > move_log.LOG_ENTRIES
    newest = [m for m in t.watcher.seen if m.get("type") == "state"][-1]
    log = newest["log"]
    assert len(log) == move_log.LOG_ENTRIES
    assert [e["version"] for e in log] == list(range(room.version - 11, room.version + 1))
    assert all("told" not in e and e["move"] is None for e in log)


def deal_over_scene(think_ms: int) -> tuple[Any, float]:
    """Old Maid, three deals, Ann (seat 1) against a computer player (seat 0, the first
    to draw in the second deal), deal BIG: play until the move that ends the first deal;
    the room then, and when that move was made."""
    r = live("old_maid", {"players": 2, "deals": 3}, BIG, Policy(think_ms=think_ms),
             now=100.0)
    ann, _ = r.add_member(PLAYER, "Ann", seat=1)
    r.add_bot(ann.id, 0)
    now = 100.0
    for k in range(200):
        if r.events and r.events[-1].get("deal_over"):
            return r, now
        due = r.due()
        if due is not None and due.kind == "bot":
            now = due.at
            r.run_due(r.version, now, k)
        else:
            now += 1.0
            r.move(ann.id, r.version, r.game.legal_moves(r.play.state, 1)[0].code, now)
    raise AssertionError("the first deal did not end")


def test_the_table_pauses_after_a_deal_before_its_computer_player_moves() -> None:
    r, at = deal_over_scene(think_ms=500)
    assert r.play.state.match.deal == 2 and r.over is False
    due = r.due()
    assert due is not None and due.kind == "bot"
    assert due.at == at + (500 + DEAL_PAUSE_MS) / 1000
    # once anyone moves on, the computer player thinks its usual time again
    r.run_due(r.version, due.at, 1)
    r.move(r.room.host, r.version, r.game.legal_moves(r.play.state, 1)[0].code, due.at + 1)
    nxt = r.due()
    assert nxt is not None and nxt.at == due.at + 1 + 0.5
    # a table whose computer players play at once does not wait
    r0, at0 = deal_over_scene(think_ms=0)
    due0 = r0.due()
    assert due0 is not None and due0.at == at0
