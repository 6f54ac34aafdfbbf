"""The Square (Cheney l.1992-2025): twelve piles built down in suit, eight ace families."""

from __future__ import annotations

import pytest

from rules import IllegalMove, make
from rules.cards import Card, card, cards, packs
from rules.games.the_square import FAMILIES, TheSquare
from rules.patience import Table
from tests.kit.stacking import codes, play, stack

GAME = TheSquare()
ANYWHERE = TheSquare({"stock_cards": "anywhere"})


def full(suit: int, n: int = 13, pack: int = 0) -> tuple[Card, ...]:
    return tuple(card(r, suit, pack) for r in range(1, n + 1))


def square(*piles: str) -> tuple[tuple[Card, ...], ...]:
    out = [cards(p) for p in piles]
    return tuple(out + [()] * (12 - len(out)))


def fams(*ns: int) -> tuple[tuple[Card, ...], ...]:
    """Families f1-f8 (spades, hearts, diamonds, clubs, twice) with ``n`` cards each."""
    return tuple(full(j % 4, n, j // 4) for j, n in enumerate(ns))


def position(families: tuple[tuple[Card, ...], ...], sq: tuple[tuple[Card, ...], ...],
             pack: tuple[Card, ...], stock: tuple[Card, ...] = (), fresh: bool = False
             ) -> Table:
    """A position: the pack top last, the rest bottom first."""
    t = GAME.table({p.id: f for p, f in zip(FAMILIES, families, strict=True)}
                   | {f"q{i + 1}": p for i, p in enumerate(sq)}
                   | {"pack": pack, "stock": stock})
    return GAME.marked(t, fresh=int(fresh))


def test_three_sides_of_twelve_and_the_aces_go_inside_as_they_turn_up() -> None:
    order = stack("5H AS 9C AS KD 2S 3D 4D 5D 6D 7D 8D 9D TD JD", packs(2))
    st = GAME.layout(order, seed=0)
    assert GAME.pile(st, "f1") == cards("AS") and GAME.pile(st, "f5") == cards("AS", pack=1)
    assert [GAME.pile(st, f"q{i}")[0] for i in range(1, 13)] == \
        list(cards("5H 9C KD 2S 3D 4D 5D 6D 7D 8D 9D TD"))
    assert GAME.pile(st, "pack")[-1] == cards("JD")[0]
    assert codes(GAME, st)[:3] == ["q4>f1", "s", "q5>q6"]
    assert GAME.zones(st)[8].label == "square pile 1 (before you)"


def test_the_card_turned_goes_on_a_family_or_down_in_suit_on_the_square() -> None:
    st = position(fams(2, 0, 0, 0, 0, 0, 0, 0), square("9H", *["KC"] * 10, "4S"),
                     tuple(reversed(cards("3S 8H 5D"))))
    st = play(GAME, st, "s")  # 3♠: family or on 4♠
    assert codes(GAME, st) == ["w>f1", "w>q12", "s", "end"]
    st = play(GAME, st, "s")  # 8♥ fits the nine of hearts; 3♠ is now a stock card
    assert codes(GAME, st) == ["w>q1", "s", "end"]
    st = play(GAME, st, "w>q1")
    assert codes(GAME, st) == ["s", "end"]  # 3♠ on top again, but not as it is turned
    assert codes(ANYWHERE, GAME.marked(st, fresh=0)) == ["w>f1", "w>q12", "s", "end"]


def test_a_stock_card_only_fills_a_vacancy_unless_the_option_says_anywhere() -> None:
    st = position(fams(2, 0, 0, 0, 0, 0, 0, 0), square(*["9H"] * 12), (),
                     cards("3S"), fresh=False)
    assert codes(GAME, st) == []
    assert codes(ANYWHERE, st) == ["w>f1", "end"]


def test_square_tops_marry_down_in_suit_not_straight_back_and_vacancies_fill_at_once() -> None:
    st = position(fams(0, 0, 0, 0, 0, 0, 0, 0), square("8S", "9S", "9S", *["KH"] * 9),
                     tuple(reversed(cards("2C 3C"))), cards("5D"))
    assert codes(GAME, st) == ["s", "q1>q2", "q1>q3", "end"]
    st = play(GAME, st, "q1>q2")
    # the vacancy is filled at once, from the stock or the pack, and nothing else
    assert codes(GAME, st) == ["w>q1", "d>q1", "end"]
    with pytest.raises(IllegalMove):
        GAME.apply(st, "s", 0)
    before = st
    st = play(GAME, st, "d>q1")
    assert GAME.narrate(before, GAME.parse_move("d>q1"), st) == \
        "fill the vacancy of square pile 1 (before you) with the next card of the pack: 2♣"
    # 8♠ may go on the other nine, but not straight back
    assert "q2>q3" in codes(GAME, st) and "q2>q1" not in codes(GAME, st)


def test_a_stacked_deal_is_won() -> None:
    # twelve kings down to... then every card in family order: each turned card goes home
    head = "KS KH KD KC KS KH KD KC QS QH QD QC"
    order = stack(head, packs(2))
    rest = [c for c in order[12:]]
    rest.sort(key=lambda c: (c & 15, c >> 6, (c >> 4) & 3))
    st = GAME.layout((*order[:12], *rest), seed=0)
    while GAME.outcome(st) is None:
        moves = codes(GAME, st)
        st = play(GAME, st, next((m for m in moves if ">f" in m), moves[0]))
    out = GAME.outcome(st)
    assert out is not None and out.won


def test_one_card_short_is_not_a_win() -> None:
    st = position(fams(13, 13, 13, 13, 13, 13, 13, 12), square("KC"), (), ())
    assert GAME.outcome(st) is None and codes(GAME, st) == ["q1>f8", "end"]
    out = GAME.outcome(play(GAME, st, "q1>f8"))
    assert out is not None and out.won


def test_pack_out_and_nothing_to_move_is_lost_and_giving_up_is_lost() -> None:
    st = position(fams(2, 0, 0, 0, 0, 0, 0, 0), square(*["9H"] * 12), (), cards("5S"))
    assert codes(GAME, st) == []
    out = GAME.outcome(st)
    assert out is not None and not out.won and "no move is left" in out.summary
    st = position(fams(2, 0, 0, 0, 0, 0, 0, 0), square(*["9H"] * 12), cards("5S"))
    out = GAME.outcome(play(GAME, st, "end"))
    assert out is not None and not out.won and "given up" in out.summary


def test_a_family_stops_at_the_king_and_the_twelve_stay_in_suit() -> None:
    st = position(fams(13, 0, 0, 0, 13, 0, 0, 0), square("AS", "KS", "QH"), (), ())
    assert codes(GAME, st) == []  # no third spade family; Q♥ may not go on K♠
    assert make("the_square").option("stock_cards") == "vacancies"
