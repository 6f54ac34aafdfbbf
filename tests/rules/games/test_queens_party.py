"""The Queen's Party (Cheney l.2031-2072): the ante-chamber and the audience hall."""

from __future__ import annotations

import pytest

from rules import IllegalMove
from rules.cards import Card, card, cards, packs
from rules.games.queens_party import QueensParty
from rules.patience import Table
from tests.kit.stacking import codes, play, stack

GAME = QueensParty()
TURNED = QueensParty({"pairs": "with_card_turned"})
NONE = 0
Piles = tuple[tuple[Card, ...], ...]
SUITS = "shdc"


def state(ante: tuple[Card, ...], kings: Piles, aces: Piles, pack: tuple[Card, ...],
          stock: tuple[Card, ...] = (), fresh: bool = False) -> Table:
    """The ante-chamber's sixteen places (``NONE``: a vacancy), per suit the king and
    queen and the ace and knave's family, the pack (top last), the stock."""
    piles: dict[str, tuple[Card, ...]] = {f"a{i + 1}": (c,) if c else ()
                                          for i, c in enumerate(ante)}
    piles |= {f"kq{s}": p for s, p in zip(SUITS, kings, strict=True)}
    piles |= {f"aj{s}": p for s, p in zip(SUITS, aces, strict=True)}
    return GAME.marked(GAME.table(piles | {"pack": pack, "stock": stock}), fresh=fresh)


def ante_of(st: Table) -> tuple[Card, ...]:
    return tuple(p[-1] if p else NONE for p in (GAME.pile(st, f"a{i + 1}") for i in range(16)))


def moves(st: Table) -> list[str]:
    """The legal codes but ``auto`` (always last while a move is left)."""
    out = codes(GAME, st)
    assert not out or out[-1] == "auto"
    return out[:-1]


def knave_family(suit: int, low: int = 2) -> tuple[Card, ...]:
    """Ace, knave and the cards down to ``low`` of ``suit``."""
    return (card(1, suit), card(11, suit), *(card(r, suit) for r in range(10, low - 1, -1)))


def royals(suit: int) -> tuple[Card, ...]:
    return (card(13, suit), card(12, suit))


def ante(text: str) -> tuple[Card, ...]:
    """Sixteen places, ``--`` for a vacancy."""
    out = [NONE if t == "--" else cards(t)[0] for t in text.split()]
    return tuple(out + [NONE] * (16 - len(out)))


def test_kings_and_queens_come_in_together_from_the_ante_chamber() -> None:
    order = stack("KH 5C QH AS 9D JS 2S QC", packs(1))
    st = GAME.layout(order, seed=0)
    assert ante_of(st) == order[:16] and len(GAME.pile(st, "pack")) == 36
    assert moves(st)[:2] == ["ajs", "kqh"]
    st = play(GAME, st, "kqh")
    assert GAME.pile(st, "kqh") == cards("KH QH")
    assert ante_of(st)[0] == NONE and ante_of(st)[2] == NONE
    st = play(GAME, st, "ajs")
    assert GAME.pile(st, "ajs") == cards("AS JS")
    # a pair with one card in the pack does not come in: Q♣ waits for its king
    assert "kqc" not in moves(st)


def test_lower_cards_go_down_on_their_knave_from_the_ante_chamber_or_the_pack() -> None:
    st = state(ante("TS 9S -- 8H"), ((),) * 4,
                    (knave_family(0, 11), (), (), ()), tuple(reversed(cards("9S 4D"))))
    assert moves(st) == ["a1>h", "t"]
    st = play(GAME, st, "a1>h", "a2>h", "t")  # the second 9♠ is turned: no place for it
    assert moves(st) == ["w>a1", "t"]
    st = play(GAME, st, "t")  # 4♦ is turned; 9♠ is now a stock card
    assert GAME.mark(st, "fresh") and moves(st) == ["w>a1"]


def test_the_stock_only_fills_vacancies() -> None:
    st = state(ante("-- 5C"), ((),) * 4, (knave_family(0, 10), (), (), ()),
                    tuple(reversed(cards("9S 3H"))))
    st = play(GAME, st, "t")
    assert moves(st) == ["w>h", "w>a1", "t"]
    st = play(GAME, st, "t")
    assert moves(st) == ["w>a1"]  # 3♥ just turned; 9♠ under it is out of reach
    st = play(GAME, st, "w>a1")
    assert moves(st) == ["w>a3"]  # 9♠ is on top again, but a stock card now
    with pytest.raises(IllegalMove):
        GAME.apply(st, "w>h", 0)


def test_a_stacked_deal_is_won_by_playing_on_by_itself() -> None:
    top = "KS QS KH QH KD QD KC QC AS JS AH JH AD JD AC JC"
    low = " ".join(f"{r}{s}" for r in "T98765432" for s in "SHDC")
    st = GAME.layout(stack(f"{top} {low}", packs(1)), seed=0)
    st = play(GAME, st, "auto")
    out = GAME.outcome(st)
    assert out is not None and out.won
    assert out.summary == "the ante-chamber is empty and every suit is complete"


def test_one_card_short_is_not_a_win() -> None:
    fams = (knave_family(0), knave_family(1), knave_family(2), knave_family(3, 3))
    st = state(ante("2C"), tuple(royals(s) for s in range(4)), fams, ())
    assert GAME.outcome(st) is None and codes(GAME, st) == ["a1>h", "auto"]
    out = GAME.outcome(play(GAME, st, "a1>h"))
    assert out is not None and out.won


def test_pack_out_and_nothing_to_bring_in_is_lost() -> None:
    st = state(ante("KC 5C"), ((),) * 4, ((), (), (), ()), (), cards("QC"))
    assert moves(st) == ["w>a3"]
    st = play(GAME, st, "w>a3")  # the queen joins her king in the ante-chamber
    st = play(GAME, st, "kqc")
    out = GAME.outcome(st)
    assert out is not None and not out.won and "no one more can come in" in out.summary


def test_a_knave_family_stops_at_the_deuce() -> None:
    st = state(ante("AS"), ((),) * 4, (knave_family(0), (), (), ()), ())
    assert moves(st) == []  # the second ace has no place under the finished deuce


def test_the_hall_as_the_book_seats_it() -> None:
    # hearts at the top, diamonds at the bottom, clubs at the right, spades at the left,
    # the queens on the kings; the aces with the knaves between the queens (l.2044-2058)
    st = state(ante(""), tuple(royals(s) for s in range(4)),
                    tuple(knave_family(s, 9) for s in range(4)), ())
    zones = {z.id: z for z in GAME.zones(st)}
    assert [zones[f"kq{s}"].group for s in "shdc"] == \
        ["hall left", "hall top", "hall bottom", "hall right"]
    assert zones["kqh"].cards == cards("KH QH")  # the queen on top of the king
    assert zones["ajd"].cards[:3] == cards("AD JD TD") and zones["ajd"].group == "hall corners"


def test_option_a_pair_may_come_in_with_the_card_just_turned() -> None:
    st = state(ante("KC 5C 9D 9D 9D 9D 9D 9D 9D 9D 9D 9D 9D 9D 9D 9D"), ((),) * 4,
                    ((),) * 4, tuple(reversed(cards("QC 4H"))))
    st = play(GAME, st, "t")
    assert moves(st) == ["t"]  # literal: the queen must wait for a vacancy
    assert codes(TURNED, st)[:2] == ["kqc", "t"]
    st = play(TURNED, st, "kqc")
    assert TURNED.pile(st, "kqc") == cards("KC QC") and TURNED.pile(st, "stock") == ()
    assert ante_of(st)[0] == NONE
    st = play(TURNED, st, "t")
    assert "kqc" not in codes(TURNED, st)
