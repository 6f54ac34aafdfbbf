"""Round games through real sockets: every round game plays a whole match with people and
computer players, watched, with an advisor behind one seat; the games list; a new match
in the same room."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from rules import Record, game_class
from server import fairness
from tests.kit.peer import Peer
from tests.kit.server import Running
from tests.kit.tables import (
    ROUND_GAMES,
    a_deal_that_asks,
    assert_lines_hide,
    check_frames,
    hidden_ever,
    lean_options,
    open_table,
    play,
    seat_counts,
    settle,
)
from tests.kit.toy import toy_registered


@pytest.fixture(autouse=True)
def _toy() -> Iterator[None]:
    with toy_registered():
        yield


@pytest.mark.limits(rate=100_000, burst=100_000)
async def test_the_games_list_says_seats_cooperation_and_real_time(server: Running) -> None:
    peer = await Peer.connect(server.url, "Ann")
    games = {g["id"]: g for g in (await peer.call("games"))["games"]}
    for game_id in ROUND_GAMES:
        d = game_class(game_id).description
        g = games[game_id]
        assert (g["min_seats"], g["max_seats"]) == d.seats_range
        assert g["cooperative"] is False and g["realtime"] == d.realtime
        assert "players" in {o["name"] for o in g["options"]}
    assert games["toy_snap"]["realtime"] is True
    assert (games["sympathy"]["min_seats"], games["sympathy"]["max_seats"],
            games["sympathy"]["cooperative"]) == (2, 2, True)


@pytest.mark.parametrize("game_id", ROUND_GAMES)
@pytest.mark.limits(rate=100_000, burst=100_000)
async def test_a_whole_match_with_people_computer_players_a_watcher_and_an_advisor(
        server: Running, game_id: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="sympathy")
    sizes = seat_counts(game_id)
    players = 3 if 3 in sizes else max(n for n in sizes if n <= 4)
    options = lean_options(game_id, players)
    # where the clock turns the cards (Snap) people only call: a deal where seat 1 (advised)
    # may call before a computer player may, or the advice may never be asked for
    defaults = {o.name: o.default for o in game_class(game_id).option_specs}
    clocked = {"deal": a_deal_that_asks(game_id, options, 1, 2)} \
        if options.get("auto_turn", defaults.get("auto_turn", False)) else {}
    # until a proposal of the advisor behind seat 1 has been taken, the table's clock and
    # computer players wait whenever seat 1 may move: the advice never races them (at
    # the quickest pace the clock turns a card every 200 ms)
    server.app.sessions.scheduler.holds = lambda room: \
        1 in room.game.to_move(room.play.state) and not any(m["advised_by"] for m in room.log)
    t = await open_table(server.url, game_id, options, people=2, bots=players > 2,
                         behind=1, **clocked)
    final = await play(t, 5, max_steps=5_000)
    assert final["view"]["status"] != "playing", f"{game_id}: no end"
    await settle(t, final["version"])
    room = server.app.store.cached(t.room)
    assert room is not None and room.over
    check_frames(t, room)  # nobody saw a card hidden from them, in any frame
    match = final["view"]["public"]["match"]
    assert len(match["scores"]) in (players, len(match.get("sides") or ()))
    assert match["history"], "the match's deals are in its history"
    # no log line names a card hidden from the table at any point of the match, in any
    # form a card is written (a move's code that plays a card among them), nor the seed
    lines = [r.getMessage() for r in caplog.records]
    assert_lines_hide(lines, hidden_ever(room, None), room.seed)
    assert any('"event": "move"' in line for line in lines)
    # the advisor behind seat 1 proposed moves and the seat's player took them
    advised = [m for m in room.log if m["advised_by"]]
    if any(1 in room.game.to_move(s) for s in room.play.states):  # not over as dealt
        assert advised, f"{game_id}: no move was made on the advisor's proposal"
    assert all(m["advised_by"] == ["A"] and m["seat"] == 1 and m["by"] == "P1"
               for m in advised), advised
    # computer players moved whenever their seats were to move
    bots = set(room.bot_seats())
    if any(set(room.game.to_move(s)) & bots for s in room.play.states):
        assert any(m["by"].startswith("Computer") for m in room.log)
    # the record, revealed at the end, replays to the same end; the seed was committed
    fair = final["fair"]
    assert fairness.verify(game_id, fair["salt"], fair["seed"], fair["commitment"])
    rec = await t.watcher.call("record", room=t.room)
    again = Record(rec["game"], tuple(sorted(rec["options"].items())), rec["seed"],
                   tuple((m["seat"], m["move"]) for m in rec["moves"])).replay()
    assert again.state == room.play.state
    # a new match in the same room: a fresh secret seed and commitment
    ok = await t.host.call("next_deal", room=t.room)
    assert ok["type"] == "ok", ok
    fresh = await t.watcher.state(ok["version"])
    match = fresh["view"]["public"]["match"]
    # a new match begins at its first deal (which may end as it is dealt: Pope Joan's Pope
    # turned up for trumps; the match then waits for its second)
    assert [h["deal"] for h in match["history"]] in ([], [1]), match["history"]
    assert match["deal"] in (1, 1 + len(match["history"]))
    # the new seed stays secret while the match goes on (a lean match can end as it is
    # dealt: All Fours to 1 point ends when a knave is turned up for trumps; its seed is
    # then revealed, as after any match)
    if fresh["view"]["status"] == "playing":
        assert set(fresh["fair"]) == {"commitment"}
    assert fresh["fair"]["commitment"] != fair["commitment"]
    assert "a new match" in fresh["last"]["text"]
