"""A competitive table as room logic (no sockets): seats, computer players, advisors
behind a seat, what each audience sees, calls that race and the table's clock."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgpack
import pytest

from protocol.errors import ProtocolError
from protocol.limits import Limits
from rules import Record, render
from server.room import ADVISOR, PLAYER, WATCHER, Member, Policy
from server.stores.room_codec import dump, load
from tests.kit.rooms import Live, live
from tests.kit.toy import matching_deal, toy_registered


@pytest.fixture(autouse=True)
def _toy() -> Iterator[None]:
    with toy_registered():
        yield


def code_of(exc: pytest.ExceptionInfo[ProtocolError]) -> str:
    return exc.value.code


def room(options: dict[str, Any] | None = None, deal: int = 1, **policy: Any) -> Live:
    return live("toy_snap", options or {}, deal, Policy(**{"think_ms": 0, **policy}),
                now=100.0)



def seated(r: Live, n: int) -> list[Member]:
    host, _ = r.add_member(PLAYER, "Ann")
    return [host, *(r.add_member(PLAYER, f"P{k}")[0] for k in range(1, n))]


def to_match(r: Live, players: list[Member], now: float = 100.0) -> None:
    """Both seats turn their first card: the piles match, both may call."""
    for m in players[:2]:
        code = r.play.game.legal_moves(r.play.state, m.seats[0])[0].code
        r.move(m.id, r.version, code, now)
    assert set(r.game.to_move(r.play.state)) >= {0, 1}


def test_each_person_holds_one_seat_of_the_tables_players() -> None:
    r = room({"players": 3})
    assert r.game.seats == 3 and r.competitive
    with pytest.raises(ProtocolError) as err:
        r.add_member(PLAYER, "All", all_seats=True)
    assert code_of(err) == "proto/bad_field"
    ann, bea = seated(r, 2)
    assert (ann.seats, bea.seats) == ((0,), (1,))
    with pytest.raises(ProtocolError) as err:
        r.add_member(PLAYER, "Far", seat=3)
    assert code_of(err) == "proto/bad_field"
    # giving Ann a second seat moves her: a person holds one seat at a competitive table
    r.set_role(ann.id, ann.id, PLAYER, 2)
    assert r.members[ann.id].seats == (2,)


def test_the_host_seats_computer_players_a_person_joining_replaces_one() -> None:
    r = room({"players": 4})
    ann, bea = seated(r, 2)
    with pytest.raises(ProtocolError) as err:
        r.add_bot(bea.id, None)
    assert code_of(err) == "auth/denied"
    with pytest.raises(ProtocolError) as err:
        r.add_bot(ann.id, 1)
    assert code_of(err) == "room/full"
    r.add_bot(ann.id, 3)
    r.add_bot(ann.id, None)  # every empty seat: seat 2
    assert r.bot_seats() == [2, 3] and not r.free_seats()
    with pytest.raises(ProtocolError) as err:
        r.add_bot(ann.id, None)
    assert code_of(err) == "room/full"
    bots = [m for m in r.members.values() if m.bot]
    assert {m.name for m in bots} == {"Computer (South)", "Computer (West)"}
    presence = r.presence_message()
    assert presence["counts"]["connected"] == 2  # computer players are not people here
    assert sorted(m["seats"][0] for m in presence["members"] if m["bot"]) == [2, 3]
    cy, _ = r.add_member(PLAYER, "Cy", seat=3)  # takes the computer player's seat
    assert cy.seats == (3,) and r.bot_seats() == [2]
    dee, _ = r.add_member(PLAYER, "Dee")  # no seat named: the first a computer holds
    assert dee.seats == (2,) and r.bot_seats() == []
    # nobody connected: the room empties although computer players sit there
    r.add_bot(ann.id, None) if r.free_seats() else None
    for m in list(r.members.values()):
        r.disconnect(m.id, 200.0)
    assert r.empty_since == 200.0


def test_computer_players_move_from_their_own_seats_view_when_due() -> None:
    r = room({"players": 3}, think_ms=800)
    ann = seated(r, 1)[0]
    r.add_bot(ann.id, None)
    seen: list[tuple[int, dict[str, Any]]] = []
    real = r.game.bot_move

    def spy(view: Any, seat: int, rand: int) -> str:
        seen.append((seat, view))
        code: str = real(view, seat, rand)
        return code

    r.game.bot_move = spy
    ann_move = r.game.legal_moves(r.play.state, 0)[0].code
    r.move(ann.id, 0, ann_move, 100.0)
    due = r.due()
    assert due is not None and (due.kind, due.seat, due.version) == ("bot", 1, 1)
    assert due.at == pytest.approx(100.8)
    with pytest.raises(ProtocolError):
        r.run_due(1, 100.5, 7)  # not yet due
    with pytest.raises(ProtocolError):
        r.run_due(0, 101.0, 7)  # the table has moved on since version 0
    fx = r.run_due(1, 100.8, 7)
    assert fx.state and r.version == 2 and r.log[-1]["by"] == "Computer (East)"
    assert seen == [(1, render(r.game, r.play.states[1], 1))]
    # the view it was given shows its own hand and no other's
    hands = {z["id"]: z for z in seen[0][1]["zones"] if z["kind"] == "hand"}
    assert hands["hand1"]["up"] and not hands["hand0"]["up"] and not hands["hand2"]["up"]
    with pytest.raises(ProtocolError):
        r.run_due(1, 102.0, 7)  # played once; a second try is a no-op


def test_an_advisor_sits_behind_one_seat_and_sees_and_proposes_for_it_alone() -> None:
    r = room({"players": 3})
    ann, bea, cy = seated(r, 3)
    xan, _ = r.add_member(ADVISOR, "Xan")
    wes, _ = r.add_member(WATCHER, "Wes")
    assert r.audience(xan.id) is None
    state = r.play.state
    mine = r.game.legal_moves(state, 0)[0].code
    with pytest.raises(ProtocolError) as err:  # a plain advisor proposes nothing here
        r.propose(xan.id, 0, mine, 100.0)
    assert code_of(err) == "advice/not_allowed"
    with pytest.raises(ProtocolError) as err:  # only the host or the seat's player
        r.invite(cy.id, xan.id, 0)
    assert code_of(err) == "auth/denied"
    r.invite(bea.id, wes.id, 1)  # Bea seats Wes behind her own seat
    wes = r.members[wes.id]
    assert (wes.role, wes.behind, r.audience(wes.id)) == (ADVISOR, 1, 1)
    r.invite(ann.id, xan.id, 0)  # the host seats Xan behind seat 0
    assert r.audience(xan.id) == 0
    view = r.state_message(r.audience(xan.id))["view"]
    assert list(view["moves"]) == ["0"]
    assert [z["up"] != [] for z in view["zones"] if z["kind"] == "hand"] == [True, False, False]
    with pytest.raises(ProtocolError) as err:  # seat 1 is not to move
        r.propose(wes.id, 0, mine, 100.0)
    assert code_of(err) == "advice/illegal"
    r.propose(xan.id, 0, mine, 100.0)
    assert r.proposals_audience(ann.id) == (True, 0)
    assert r.proposals_audience(xan.id) == (True, 0)
    assert r.proposals_audience(bea.id) == (True, 1)
    assert r.proposals_message(0)["items"][0]["move"] == mine
    assert r.proposals_message(1)["items"] == [] and r.proposals_message(None)["items"] == []
    r.take(ann.id, 0, mine, 101.0)
    assert r.log[-1]["advised_by"] == ["Xan"]


def test_a_moves_code_reaches_its_own_seat_only() -> None:
    r = room()
    ann, _ = seated(r, 2)
    code = r.game.legal_moves(r.play.state, 0)[0].code
    r.move(ann.id, 0, code, 100.0)
    assert r.state_message(0)["last"]["move"] == code
    for audience in (1, None):
        last = r.state_message(audience)["last"]
        assert last is not None and last["move"] is None and last["text"]
    assert r.events_since(0, None) == [{**r.events[-1], "move": None}]
    assert r.events_since(0, 0) == [r.events[-1]]


def test_undo_and_hints_are_off_at_a_competitive_table() -> None:
    r = room()
    ann, _ = seated(r, 2)
    r.move(ann.id, 0, r.game.legal_moves(r.play.state, 0)[0].code, 100.0)
    with pytest.raises(ProtocolError) as err:
        r.undo(ann.id, 1, 101.0)
    assert code_of(err) == "move/undo_refused"
    with pytest.raises(ProtocolError) as err:
        r.hint_job(ann.id)
    assert code_of(err) == "hint/not_allowed"


def test_the_first_call_wins_the_second_is_told_by_how_much() -> None:
    deal = matching_deal(ties=False)
    r = room({"ties": False}, deal)
    ann, bea = seated(r, 2)
    to_match(r, [ann, bea])
    v = r.version
    won = r.move(ann.id, v, "snap0", 200.0)
    assert won.state and won.call is not None and won.call["first"] is None
    assert r.play.state.scores == (1, 0)
    lost = r.move(bea.id, v, "snap1", 200.0123)  # she saw version v: she lost the race
    assert lost.refusal is not None and lost.refusal.code == "call/lost"
    assert "12.3 ms" in lost.refusal.message and not lost.state
    assert lost.call is not None and (lost.call["outcome"], lost.call["first"],
                                      lost.call["margin_ms"]) == ("lost", 0, 12.3)
    assert r.version == v + 1  # a lost call changes no position
    assert [(c["seat"], c["outcome"], c["margin_ms"]) for c in r.calls] == \
        [(0, "made", None), (1, "lost", 12.3)]
    # a call that names the position after the win is judged as any move: wrong, not lost
    with pytest.raises(ProtocolError) as err:
        r.move(bea.id, r.version, "snap1", 201.0)
    assert code_of(err) in ("move/illegal", "move/not_your_turn")


def test_a_second_call_in_the_tie_window_ties_and_the_clock_settles_a_lone_call() -> None:
    deal = matching_deal()
    r = room({"tie_ms": 50}, deal)
    ann, bea = seated(r, 2)
    to_match(r, [ann, bea])
    v = r.version
    r.move(ann.id, v, "snap0", 300.0)
    due = r.due()
    assert due is not None and due.kind == "timer" and due.at == pytest.approx(300.05)
    tie = r.move(bea.id, v, "snap1", 300.020)
    assert tie.call is not None and (tie.call["outcome"], tie.call["first"],
                                     tie.call["margin_ms"]) == ("made", 0, 20.0)
    assert r.play.state.scores == (0, 0) and r.play.state.pending is None
    assert "tie" in r.events[-1]["text"]

    r2 = room({"tie_ms": 50}, deal)
    ann2, bea2 = seated(r2, 2)
    to_match(r2, [ann2, bea2])
    v = r2.version
    r2.move(ann2.id, v, "snap0", 300.0)
    with pytest.raises(ProtocolError):
        r2.run_due(v + 1, 300.03, 0)  # the tie window is still open
    r2.run_due(v + 1, 300.05, 0)
    assert r2.log[-1]["move"] == "settle" and r2.log[-1]["by"] == "the table"
    assert r2.play.state.scores == (1, 0)
    late = r2.move(bea2.id, v, "snap1", 300.061)
    assert late.refusal is not None and late.refusal.code == "call/lost"
    assert late.call is not None and late.call["margin_ms"] == 61.0


def test_the_record_keeps_timer_moves_and_calls_and_replays() -> None:
    deal = matching_deal()
    r = room({"deals": 1}, deal)
    ann, bea = seated(r, 2)
    to_match(r, [ann, bea])
    r.move(ann.id, r.version, "snap0", 300.0)
    with pytest.raises(ProtocolError) as err:
        r.record()
    assert code_of(err) == "record/not_available"
    now = 301.0
    while not r.over:
        due = r.due()
        if due is not None:
            r.run_due(due.version, due.at, 0)
            continue
        seat = r.game.to_move(r.play.state)[0]
        player = ann if seat == 0 else bea
        r.move(player.id, r.version, r.game.legal_moves(r.play.state, seat)[0].code, now)
    rec = r.record()
    assert ("settle", "the table") in [(m["move"], m["by"]) for m in rec["moves"]]
    assert rec["calls"][0]["seat"] == 0 and rec["calls"][0]["at"] == 300.0
    again = Record(rec["game"], tuple(sorted(rec["options"].items())), rec["seed"],
                   tuple((m["seat"], m["move"]) for m in rec["moves"])).replay()
    assert again.state == r.play.state
    # the server's own record (Redis) brings back members, calls and the clock
    back = load(msgpack.unpackb(msgpack.packb(dump(r.room))), Limits())
    assert back.play.state == r.play.state and back.calls == r.calls
    assert back.moved_at == r.moved_at


def test_the_servers_record_brings_back_computer_players_and_advisors() -> None:
    r = room({"players": 3})
    ann = seated(r, 1)[0]
    xan, _ = r.add_member(ADVISOR, "Xan")
    r.invite(ann.id, xan.id, 0)
    r.add_bot(ann.id, None)
    r.propose(xan.id, 0, r.game.legal_moves(r.play.state, 0)[0].code, 100.0)
    back = load(msgpack.unpackb(msgpack.packb(dump(r.room))), Limits())
    assert back.bot_seats() == [1, 2] and back.audience(xan.id) == 0
    assert back.proposals == r.proposals and back.due() == r.due()


def test_no_member_can_send_a_move_of_the_tables_clock() -> None:
    deal = matching_deal()
    r = room({}, deal)
    ann, bea = seated(r, 2)
    to_match(r, [ann, bea])
    r.move(ann.id, r.version, "snap0", 300.0)  # pending: "@settle" is what the clock has due
    for code in ("@settle", "settle"):
        with pytest.raises(ProtocolError) as err:
            r.move(bea.id, r.version, code, 300.001)
        assert code_of(err) in ("move/illegal", "move/not_your_turn")
    assert r.play.state.pending == 0


def test_a_call_that_was_never_right_is_refused_not_lost() -> None:
    deal = matching_deal(players=3, ties=False)
    r = room({"players": 3, "ties": False}, deal)
    ann, bea, cy = seated(r, 3)
    to_match(r, [ann, bea])
    v = r.version
    r.move(ann.id, v, "snap0", 200.0)
    # South's pile matched nothing: her call was wrong at the position she saw
    with pytest.raises(ProtocolError) as err:
        r.move(cy.id, v, "snap2", 200.01)
    assert code_of(err) in ("move/illegal", "move/not_your_turn")
    assert [c["seat"] for c in r.calls] == [0]
