"""Napoleon and The Pet Game (Cheney l.2137-2187): ten columns of four, free cards."""

from __future__ import annotations

import pytest

from rules import IllegalMove, make
from rules.cards import card, cards, packs
from rules.games.napoleon import NAPOLEON_PET_GAME, Napoleon
from tests.kit.napoleon import cols, column, fams, state
from tests.kit.stacking import codes, play

GAME = Napoleon()
PET = NAPOLEON_PET_GAME()



def test_four_rows_of_ten_lapping_over_and_only_the_lower_row_free() -> None:
    order = packs(2)
    st = GAME.layout(order, seed=0)
    assert column(st, 1) == (order[0], order[10], order[20], order[30])
    pack = GAME.pile(st, "pack")
    assert len(pack) == 64 and pack[-1] == order[40]
    assert PET.description.variant_of == "napoleon"
    assert type(make("napoleon_pet_game")) is NAPOLEON_PET_GAME


def test_marriages_free_card_on_free_card_one_higher_in_suit_and_not_straight_back() -> None:
    st = state(cols("KC 8S", "KC 9S", "KC 9S", "KC 9H"))
    assert codes(GAME, st) == ["c1>c2", "c1>c3", "end"]
    st = play(GAME, st, "c1>c2")
    assert codes(GAME, st) == ["c2>c3", "end"]  # not back onto column 1's K♣
    with pytest.raises(IllegalMove):
        GAME.apply(st, "c2>c1", 0)


def test_napoleon_stock_goes_to_the_aces_or_an_empty_column_only() -> None:
    st = state(cols("AS", "9S"), pack="8S 2S")
    st = play(GAME, st, "c1>f1")
    st = play(GAME, st, "s")  # 8♠: no marriage from the stock; only into the space
    assert codes(GAME, st) == ["w>c1", "s", "end"]
    st = play(GAME, st, "s")
    assert codes(GAME, st) == ["w>f1", "w>c1", "redeal", "end"]
    # a free card already on the table may not go into the space
    assert "c2>c1" not in codes(GAME, state(cols("", "9S 8S")))


def test_the_pet_game_marries_from_the_stock_and_moves_free_cards_into_spaces() -> None:
    st = state(cols("", "KC 9S", "KC 9H"), stock="8S")
    assert codes(PET, st) == ["w>c1", "w>c2", "c2>c1", "c3>c1", "end"]
    # a lone card is not moved into another space: that changes nothing
    assert "c1>c2" not in codes(PET, state(cols("9S", "")))


def test_napoleon_turns_the_stock_twice_the_pet_game_never() -> None:
    st = state(cols(*["KC"] * 10), stock="5D 6D")
    assert codes(GAME, st) == ["redeal", "end"] and codes(PET, st) == []
    st = play(GAME, st, "redeal")
    assert GAME.pile(st, "pack") == cards("6D 5D") and GAME.pile(st, "stock") == ()
    st = play(GAME, st, "s", "s", "redeal", "s", "s")
    assert st.redeals == 2 and codes(GAME, st) == []
    out = GAME.outcome(st)
    assert out is not None and not out.won and "no move is left" in out.summary


def test_a_stacked_deal_is_won() -> None:
    order = [card(r, s, p) for r in range(1, 14) for p in (0, 1) for s in range(4)]
    # the lowest cards in the lower (free) row, the next above them, and so on
    rows = [order[10 * k : 10 * k + 10] for k in range(4)]
    st = GAME.layout((*rows[3], *rows[2], *rows[1], *rows[0], *order[40:]), seed=0)
    for _ in range(1000):
        if GAME.outcome(st) is not None:
            break
        moves = codes(GAME, st)
        st = play(GAME, st, next((m for m in moves if ">f" in m), moves[0]))
    out = GAME.outcome(st)
    assert out is not None and out.won


def test_one_card_short_is_not_a_win() -> None:
    st = state(cols("KC"), families=fams(13, 13, 13, 13, 13, 13, 13, 12))
    assert GAME.outcome(st) is None and codes(GAME, st) == ["c1>f8", "end"]
    out = GAME.outcome(play(GAME, st, "c1>f8"))
    assert out is not None and out.won


def test_giving_up_is_lost_and_a_family_stops_at_the_king() -> None:
    st = state(cols("AS", "KS"), families=fams(13, 0, 0, 0, 13, 0, 0, 0))
    assert codes(GAME, st) == []
    out = GAME.outcome(play(GAME, state(cols("9S"), pack="2C"), "end"))
    assert out is not None and not out.won and "given up" in out.summary
