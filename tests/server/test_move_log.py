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
from server.room import Room
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
