"""Le Cadran (Cadogan l.128-204; 004: Napoleon at St. Helena) and its talon-only lanes.

One implementation serves Le Cadran and Cheney's The Pet Game: the tests show the two ids
deal and play the same, then test Cadogan's own rules on stacked positions.
"""

from __future__ import annotations

import random

from rules import make
from rules.cards import card, cards
from tests.kit.napoleon import GAME, cols, column, fams, state
from tests.kit.stacking import codes, play

CADRAN = make("le_cadran")
TALON = make("le_cadran_talon_lanes")
PET = make("napoleon_pet_game")


def test_the_alias_of_the_revised_edition_finds_le_cadran() -> None:
    assert make("napoleon_at_st_helena").id == "le_cadran"
    assert CADRAN.description.book.key == "cadogan"


def test_le_cadran_and_the_pet_game_deal_and_play_the_same() -> None:
    rng = random.Random(7)
    for seed in (1, 2, 3):
        a, b = CADRAN.deal(seed), PET.deal(seed)
        assert a == b
        for _ in range(400):
            ma, mb = codes(CADRAN, a), codes(PET, b)
            assert ma == mb
            if not ma:
                break
            m = rng.choice(ma)
            a, b = play(CADRAN, a, m), play(PET, b, m)
        assert CADRAN.outcome(a) == PET.outcome(b)


def test_four_rows_of_ten_only_the_lowest_row_available() -> None:
    st = CADRAN.deal(5)
    assert [len(column(st, i)) for i in range(1, 11)] == [4] * 10
    assert len(GAME.pile(st, "pack")) == 64
    st = state(cols("KC 8S 9H", "KC 9S", "KC 7H", *["QD"] * 7))
    # 8♠ lies under 9♥ and cannot be used; 7♥ goes on no 8♥; 9♥ on nothing
    assert codes(CADRAN, st) == []
    st = state(cols("KC 9H 8S", "KC 9S", "KC 7H", *["QD"] * 7))
    assert codes(CADRAN, st) == ["c1>c2", "end"]


def test_marriages_descend_in_suit_and_cards_from_the_talon_marry_too() -> None:
    st = state(cols("KC 8S", "KC 9S", "KC 7S"), stock="6S")
    moves = codes(CADRAN, st)
    assert "c1>c2" in moves and "c3>c1" in moves and "c2>c1" not in moves
    assert "w>c3" in moves  # 6♠ from the talon onto 7♠


def test_a_lane_takes_any_available_card_or_the_talon_top_unless_the_note() -> None:
    st = state(cols("", "KC 9S", "KC 9H"), stock="8D")
    assert codes(CADRAN, st) == ["w>c1", "c2>c1", "c3>c1", "end"]
    assert codes(TALON, st) == ["w>c1", "end"]
    # filling the lane is never compulsory: turning the next card is offered
    assert "s" in codes(CADRAN, state(cols("", "KC 9S"), pack="2D"))


def test_there_is_no_re_deal_and_a_spent_pack_with_no_move_is_lost() -> None:
    st = state(cols(*["KC"] * 10), stock="5D 6D")
    assert codes(CADRAN, st) == []
    out = CADRAN.outcome(st)
    assert out is not None and not out.won and "no move is left" in out.summary


def test_one_card_short_is_not_a_win_and_the_last_card_wins() -> None:
    st = state(cols("KC"), families=fams(13, 13, 13, 13, 13, 13, 13, 12))
    assert CADRAN.outcome(st) is None and codes(CADRAN, st) == ["c1>f8", "end"]
    out = CADRAN.outcome(play(CADRAN, st, "c1>f8"))
    assert out is not None and out.won


def test_a_stacked_deal_is_won() -> None:
    order = [card(r, s, p) for r in range(1, 14) for p in (0, 1) for s in range(4)]
    rows = [order[10 * k : 10 * k + 10] for k in range(4)]
    st = CADRAN.layout((*rows[3], *rows[2], *rows[1], *rows[0], *order[40:]), seed=0)
    for _ in range(1000):
        if CADRAN.outcome(st) is not None:
            break
        moves = codes(CADRAN, st)
        st = play(CADRAN, st, next((m for m in moves if ">f" in m), moves[0]))
    out = CADRAN.outcome(st)
    assert out is not None and out.won


def test_the_talon_is_shown_as_the_talon() -> None:
    st = state(cols("KC"), stock="5D")
    talon = next(z for z in CADRAN.zones(st) if z.id == "stock")
    assert talon.label == "the talon" and talon.face_up == cards("5D")
    st = state(cols("6D"), stock="5D")
    assert CADRAN.describe(st, CADRAN.parse_move("w>c1")) == \
        "marry 5♦ from the talon to 6♦ on column 1"
