"""Matches of several deals through real sockets: for every round game that has deals,
people and computer players (at the quickest pace) play a match that crosses deal
boundaries, watched, with an advisor behind a seat; the dealer passes to the left from
deal to deal, scores and counters carry over, the history grows by one line per deal,
and every audience is shown the same match block."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from rules import render
from rules.round import left_of
from server.room import Room
from tests.kit.server import Running
from tests.kit.tables import Table, open_table, play, settle

#: Games with deals, and options for a short match that still has several: All Fours to
#: 7 points (a deal scores at most high, low, jack, game and a point given to a beggar);
#: I Suspect You to 2 points (one a deal); three deals of Old Maid; Speculation and Pope
#: Joan one round (each seat deals once); Snip Snap Snorum to its end (eight players, so
#: that counters usually outlast the first deal).
MATCHES: dict[str, dict[str, Any]] = {
    "all_fours": {"players": 4, "target": 7},
    "i_suspect_you": {"players": 3, "target": 2},
    "old_maid": {"players": 3, "deals": 3},
    "speculation": {"players": 3, "rounds": 1},
    "pope_joan": {"players": 3, "rounds": 1},
    "snip_snap_snorum": {"players": 8, "max_deals": 20},
}
#: Snip Snap Snorum's first deal may end the match (every counter but one seat's paid):
#: it is played again at a new table, up to this many times, until a match has two deals.
TRIES = {"snip_snap_snorum": 6}


def blocks(room: Room) -> list[dict[str, Any]]:
    """The match block at each version of the room's match, as the rules show it."""
    return [render(room.game, s, None)["public"]["match"] for s in room.play.states]


def dealer_after(room: Room, block: dict[str, Any], old: int) -> int:
    """Who deals after ``old``: the seat on the left (Snip Snap Snorum: the nearest one
    left with counters; a seat that has paid them all is out of the game). Seats, not
    sides: All Fours of four scores by partnership. An All Fours deal thrown in (the pack
    ran out while begging) is dealt again by the same dealer (rules/games/all_fours.py,
    amb. 3)."""
    n = room.game.seats
    if room.game.id == "all_fours" and "thrown in" in block["history"][-1]["summary"]:
        return old
    seat = left_of(old, n)
    if room.game.id == "snip_snap_snorum":
        while block["scores"][seat] == 0:
            seat = left_of(seat, n)
    return seat


async def a_match_of_deals(server: Running, game_id: str) -> tuple[Table, Room]:
    for _ in range(TRIES.get(game_id, 1)):
        options = MATCHES[game_id]
        t = await open_table(server.url, game_id, options, people=2,
                             bots=options["players"] > 2, behind=1)
        final = await play(t, 11, max_steps=5_000)
        assert final["view"]["status"] != "playing", f"{game_id}: no end"
        await settle(t, final["version"])
        room = server.app.store.cached(t.room)
        assert room is not None and room.over
        if final["view"]["public"]["match"]["deal"] >= 2:
            return t, room
    raise AssertionError(f"{game_id}: no match of two deals in {TRIES.get(game_id, 1)}")


@pytest.mark.parametrize("game_id", sorted(MATCHES))
@pytest.mark.limits(rate=100_000, burst=100_000)
async def test_a_match_of_several_deals_carries_its_score_and_passes_the_deal(
        server: Running, game_id: str) -> None:
    t, room = await a_match_of_deals(server, game_id)
    truth = blocks(room)
    assert room.version == len(truth) - 1  # one match in the room
    start, final = truth[0], truth[-1]
    deals = final["deal"]
    assert deals >= 2, final
    # one history line per deal, in order, each added once its deal is over
    assert [h["deal"] for h in final["history"]] == list(range(1, deals + 1)), final
    carried = []
    for before, after in pairwise(truth):
        grown = after["history"][len(before["history"]):]
        assert after["history"][:len(before["history"])] == before["history"]
        assert len(grown) <= 1 and all(h["deal"] == len(after["history"]) for h in grown)
        assert len(after["history"]) in (after["deal"] - 1, after["deal"]), after
        if after["deal"] == before["deal"]:
            assert after["dealer"] == before["dealer"], (before, after)
            continue
        # a new deal: the next number, dealt by the next seat, with the scores the last
        # deal closed on (its history line), not the match's starting ones
        assert after["deal"] == before["deal"] + 1, (before, after)
        assert after["dealer"] == dealer_after(room, after, before["dealer"]), (before, after)
        closed = after["history"][-1]
        assert closed["deal"] == before["deal"] and after["scores"] == closed["scores"]
        carried.append(after["scores"])
    assert len(carried) == deals - 1
    assert any(s != start["scores"] for s in carried), (start, carried)
    # every seat, the advisor and the watcher were shown the match block of the version
    # each frame was at (so the same block), and each saw a deal after the first
    for peer, audience in t.audiences:
        frames = [m for m in peer.seen if m.get("type") == "state"]
        for m in frames:
            assert m["view"]["public"]["match"] == truth[m["version"]], (audience, m["version"])
        assert frames[-1]["version"] == room.version, audience
        assert {m["view"]["public"]["match"]["deal"] for m in frames} >= {1, 2}, audience
