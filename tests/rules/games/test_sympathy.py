"""The rule sheets' hand-made deals for Sympathy (Cheney) and Sympathie (Cadogan).

Each deal has two packets of three and a grace per player (``packets=2``), written bottom
to top, and is played move by move as the sheet traces it; each step's narration is
checked against the sheet's line.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules import IllegalMove, Play, make, render, twins
from rules.cards import cards, identity
from rules.game import Game
from rules.twins import OVER, TwinState


def stacked(game_id: str, a: str, b: str, **options: Any) -> tuple[Any, TwinState]:
    game = make(game_id, {"packets": 2, **options})
    return game, game.layout(cards(a) + cards(b, pack=1), seed=0)


def run(game: Any, state: TwinState, script: list[tuple[str, str, str]]) -> TwinState:
    """Play ``(seat name, move, expected words of the narration)`` steps."""
    for who, code, says in script:
        seat = game.seat_names.index(who)
        before = state
        state = game.apply(state, code, seat)
        told = game.narrate(before, game.parse_move(code), state)
        assert says in told, f"{who} {code}: {told!r} lacks {says!r}"
        check_invariants(state)
    return state


def check_invariants(st: TwinState) -> None:
    # I1: every throw-out takes one card of each pack
    assert len(st.out[0]) == len(st.out[1])
    # only a packet's top can be face up; tops up are never twins across the table
    # (exact rule): each was checked when turned and the other side only shrinks
    ups = [{identity(p[-1]) for p, u in zip(st.piles[s], st.up[s], strict=True) if p and u}
           for s in (0, 1)]
    assert not ups[0] & ups[1]


CHENEY_1 = ("3C 5D 7H 9S 2C KD QS", "9S 3C KD QS 2C 7H 5D")


def test_cheney_test_1_chains_and_a_rescuing_grace_win() -> None:
    game, st = stacked("sympathy", *CHENEY_1)
    assert game.legal_moves(st, 1) == (game.parse_move("open"),)
    st = run(game, st, [
        ("B", "open", "B turns up 2 packet tops"),
        ("A", "t1", "7♥ from packet 1; it pairs with B's 7♥"),
        ("A", "t1", "turns up 5♦ from packet 1"),
        ("A", "t2", "K♦ from packet 2; it pairs with B's K♦"),
        ("A", "t2", "turns up 2♣"),
        ("B", "t1", "turns up 3♣"),
        ("B", "t2", "2♣ from packet 2; it pairs with A's 2♣"),
        ("B", "t2", "turns up Q♠"),
        ("A", "t2", "turns up 9♠"),
    ])
    # B has nothing to turn up and has turned nothing this turn: stalled, her grace
    assert st.phase == "grace" and game.to_move(st) == (1,)
    st = run(game, st, [
        ("B", "g", "5♦ from her grace; it pairs with A's 5♦"),
        ("A", "t1", "3♣ from packet 1; it pairs with B's 3♣"),
        ("B", "t1", "9♠ from packet 1; it pairs with A's 9♠"),
        ("A", "g", "Q♠ from her grace; it pairs with B's Q♠"),
    ])
    outcome = game.outcome(st)
    assert outcome is not None and outcome.won and outcome.summary == "all 7 pairs thrown out"


def test_cheney_test_2_the_graces_are_the_last_two_cards() -> None:
    game, st = stacked("sympathy", "5D 3C 7H 2C 9S KD QS", "9S 5D 7H 2C 3C KD QS")
    st = run(game, st, [
        ("B", "open", "turns up"),
        ("A", "t1", "7♥ from packet 1; it pairs"), ("A", "t1", "turns up 3♣"),
        ("A", "t2", "K♦ from packet 2; it pairs"), ("A", "t2", "turns up 9♠"),
        ("B", "t1", "turns up 5♦"), ("B", "t2", "3♣ from packet 2; it pairs"),
        ("B", "t2", "turns up 2♣"),
        ("A", "t1", "5♦ from packet 1; it pairs"),
        ("B", "t1", "9♠ from packet 1; it pairs"),
        ("A", "t2", "2♣ from packet 2; it pairs"),
        ("B", "g", "turns up Q♠ from her grace"),
        ("A", "g", "Q♠ from her grace; it pairs with B's Q♠"),
    ])
    outcome = game.outcome(st)
    assert outcome is not None and outcome.won


def test_cheney_test_3_failure() -> None:
    game, st = stacked("sympathy", "2C 3C 5D 9S 7H KD QS", "QS 2C 3C KD 5D 9S 7H")
    st = run(game, st, [
        ("B", "open", "turns up"),
        ("A", "t1", "turns up 5♦"), ("A", "t2", "turns up K♦"),
        ("B", "g", "turns up 7♥ from her grace"),
        ("A", "g", "turns up Q♠ from her grace"),
    ])
    outcome = game.outcome(st)
    assert st.phase == OVER and outcome is not None and not outcome.won
    assert outcome.summary.startswith("0 of 7 pairs")
    assert game.to_move(st) == ()


def test_after_a_pairing_the_same_packet_must_go_on() -> None:
    game, st = stacked("sympathy", *CHENEY_1)
    st = game.apply(st, "open", 1)
    st = game.apply(st, "t1", 0)  # 7♥ pairs
    assert [m.code for m in game.legal_moves(st, 0)] == ["t1"]
    with pytest.raises(IllegalMove, match="go on with packet 1"):
        game.apply(st, "t2", 0)


def test_rank_rule_lets_the_player_choose_among_several_matches() -> None:
    # A turns 7♠ while B shows 7♥ and 7♦: she chooses which to throw out.
    game, st = stacked("sympathy", "2C 3C 7S 9S 2D KD QS", "9D 3D 7H QH 5D 7D AS",
                       match_rule="rank")
    st = game.apply(st, "open", 1)
    st = game.apply(st, "t1", 0)
    assert st.phase == "choose"
    codes = [m.code for m in game.legal_moves(st, 0)]
    assert codes == ["c1", "c2"]
    texts = [m["text"] for m in render(game, st, None)["moves"]["0"]]
    assert texts == ["throw out B's 7♥ (packet 1) with 7♠", "throw out B's 7♦ (packet 2) with 7♠"]
    st = game.apply(st, "c2", 0)
    assert [c for c in st.out[1]] == list(cards("7D", pack=1))
    assert [m.code for m in game.legal_moves(st, 0)] == ["t1"]


def test_literal_grace_rule_forbids_a_grace_while_face_up_cards_remain() -> None:
    # Test 3's deal: every player still has face-up cards at the first stall.
    game, st = stacked("sympathy", "2C 3C 5D 9S 7H KD QS", "QS 2C 3C KD 5D 9S 7H",
                       grace_rule="literal")
    st = run(game, st, [("B", "open", ""), ("A", "t1", ""), ("A", "t2", "")])
    outcome = game.outcome(st)
    assert outcome is not None and not outcome.won and st.grace_state == ("hidden", "hidden")


def test_cadogan_t1_identical_packs_succeed() -> None:
    order = "AS 2S 3S 4S 5S 6S 7S"
    game, st = stacked("sympathie", order, order)
    st = run(game, st, [
        ("first", "open", "first turns up 2 packet tops"),
        ("second", "t1", "3♠ from packet 1; it pairs with first's 3♠"),
        ("second", "t1", "turns up 2♠"),
        ("second", "t2", "6♠ from packet 2; it pairs"),
        ("second", "t2", "turns up 5♠"),
        ("first", "t1", "2♠ from packet 1; it pairs"), ("first", "t1", "turns up A♠"),
        ("first", "t2", "5♠ from packet 2; it pairs"), ("first", "t2", "turns up 4♠"),
        ("second", "t1", "A♠ from packet 1; it pairs"),
        ("second", "t2", "4♠ from packet 2; it pairs"),
        # progress is at an end: the first player's grace first (A12), then the second's
        ("first", "g", "turns up 7♠ from her grace"),
        ("second", "g", "7♠ from her grace; it pairs with first's 7♠"),
    ])
    outcome = game.outcome(st)
    assert outcome is not None and outcome.won


def test_cadogan_t2_a_crossed_pair_deadlocks() -> None:
    # first's packet 1 top->bottom A♠ 2♠ 3♥; second's 2♠ A♠ 3♦ (written bottom to top)
    game, st = stacked("sympathie", "3H 2S AS 4C 5C 6C KH", "3D AS 2S 4C 5C 6C KH")
    play = Play(game, Play.start(game, 0).record, (st,))
    while game.outcome(play.state) is None:
        seat, move = game.all_legal(play.state)[0]
        play = play.push(move, seat)
    outcome = game.outcome(play.state)
    assert outcome is not None and not outcome.won
    left_down = [p for side in play.state.piles for p in side if p]
    assert left_down  # cards remain unturned: "Sympathie" has not been established


def test_cadogan_t4_a_grace_pairs_at_once_and_play_resumes() -> None:
    # At the stall, second's K♥ is face up; first's grace K♥ takes it, exposing 9♣.
    game, st = stacked("sympathie", "2C 3C 4C 5C 6C 7C KH", "8D 9C KH 5D 6D 7D AS")
    st = run(game, st, [
        ("first", "open", "turns up"),
        ("second", "t1", "turns up K♥"), ("second", "t2", "turns up 7♦"),
        ("first", "g", "K♥ from her grace; it pairs with second's K♥"),
    ])
    assert st.phase == "turn" and game.legal_moves(st, 1)[0].code == "t1"
    assert game.apply(st, "t1", 1).up[1][0]


def test_grace_order_due_lets_the_stalled_player_go_first() -> None:
    game, st = stacked("sympathie", "2C 3C 4C 5C 6C 7C KH", "8D 9C KH 5D 6D 7D AS",
                       grace_order="due")
    st = run(game, st, [("first", "open", ""), ("second", "t1", ""), ("second", "t2", "")])
    assert game.to_move(st) == (0,)  # first is due: she is stalled and plays hers
    game2, st2 = stacked("sympathie", "2C 3C 4C 5C 6C 7C KH", "8D 9C KH 5D 6D 7D AS")
    assert game2.legal_moves(run(game2, st2, [("first", "open", ""), ("second", "t1", ""),
                                              ("second", "t2", "")]), 0)[0].code == "g"


def test_nobody_sees_a_face_down_card_not_even_its_owner() -> None:
    game = make("sympathy")
    st = game.deal(77)
    for audience in (None, 0, 1):
        view = render(game, st, audience)
        assert all(z["up"] == [] for z in view["zones"])
        assert sum(z["down"] for z in view["zones"]) == 104


@pytest.mark.parametrize("game_id", ["sympathy", "sympathie"])
def test_the_zones_kept_and_the_hidden_count_are_what_the_position_makes(game_id: str
                                                                         ) -> None:
    """rules/twins.py keeps the zones it has made and counts hidden cards from the state
    (issue 25: a move's CPU): at every position of three playouts, the zones equal zones
    made afresh and the count equals the one the zones give."""
    game = make(game_id, {})
    for deal in range(3):
        play = Play.start(game, deal)
        while game.to_move(play.state):
            state = play.state
            twins._ZONES.clear()
            fresh = twins.zones(state, game.seat_names)  # every zone made afresh
            assert twins.zones(state, game.seat_names) == fresh  # every zone found
            assert game.zones(state) == fresh
            assert twins.zones(play.states[0], game.seat_names) == game.zones(play.states[0])
            assert game.hidden_count(state) == Game.hidden_count(game, state)
            seat = game.to_move(state)[0]
            play = play.push(game.legal_moves(state, seat)[-1], seat)
