"""Queen's Cotillon (Cheney l.3162-3200): families on aces and deuces, two steps a time."""

from __future__ import annotations

import pytest

from rules import IllegalMove
from rules.cards import RANK_NAMES, Card, card, cards, packs, rank_of
from rules.games.queens_cotillon import QueensCotillon
from rules.patience import Table
from tests.kit.stacking import codes, play

GAME = QueensCotillon()
EMPTY = ((),) * 8


def lines() -> list[Card]:
    """Every card in the order the families want them: round by round, the ace line's
    next card of each suit, then the deuce line's."""
    pool = list(packs(2))
    order = []
    for k in range(13):
        for base in (1, 2):
            for s in range(4):
                r = (base + 2 * k - 1) % 13 + 1
                c = next(c for c in pool if rank_of(c) == r and (c >> 4) & 3 == s)
                pool.remove(c)
                order.append(c)
    return order


def square(text: str) -> tuple[Card, ...]:
    cs = cards(text)
    return cs + (0,) * (16 - len(cs))


Piles = tuple[tuple[Card, ...], ...]


def state(left: Piles, sq: tuple[Card, ...], fams: Piles, pack: tuple[Card, ...],
          stock: tuple[Card, ...] = ()) -> Table:
    """The left columns (top row first), the square row by row (0: a space), the
    families (on the aces, then the deuces), the pack (top last) and the stock."""
    piles = {f"l{i + 1}": col for i, col in enumerate(left)}
    piles |= {f"r{i + 1}": (c,) if c else () for i, c in enumerate(sq)}
    piles |= {f"f{j + 1}": f for j, f in enumerate(fams)}
    return GAME.table(piles | {"pack": pack, "stock": stock})


def left(st: Table) -> Piles:
    return tuple(GAME.pile(st, f"l{i + 1}") for i in range(4))


def sq(st: Table) -> tuple[Card, ...]:
    return tuple(p[-1] if p else 0 for p in (GAME.pile(st, f"r{i + 1}") for i in range(16)))


def fams(st: Table) -> Piles:
    return tuple(GAME.pile(st, f"f{j + 1}") for j in range(8))


def test_the_two_figures_as_laid() -> None:
    order = packs(2)
    st = GAME.layout(order, seed=0)
    # three rows of four on the left: column i holds cards i, i + 4, i + 8
    assert left(st)[0] == (order[0], order[4], order[8])
    assert sq(st) == order[12:28] and len(GAME.pile(st, "pack")) == 76


def test_aces_and_deuces_may_be_taken_out_first() -> None:
    game = QueensCotillon({"bases": "taken_out"})
    st = game.layout(packs(2), seed=0)
    assert [f[0] for f in (game.pile(st, f"f{j + 1}") for j in range(8))] == list(
        cards("AS AH AD AC 2S 2H 2D 2C"))
    assert len(game.pile(st, "pack")) == 68 and game.pile(st, "l1")[0] == cards("3S")[0]
    assert sum(len(z.cards) for z in game.zones(st)) == 104


def test_the_books_example_three_on_ace_five_on_three_four_on_two() -> None:
    # "place a three on an ace, a five on a three, four on two, six on four" (l.3192-3194)
    st = state(((),) * 4, square("AS 3S 5S 2H 4H 6H 4S"), EMPTY, ())
    assert codes(GAME, st) == ["r1>f1", "r4>f6"]
    st = play(GAME, st, "r1>f1", "r2>f1", "r3>f1", "r4>f6", "r5>f6", "r6>f6")
    assert fams(st)[0] == cards("AS 3S 5S") and fams(st)[5] == cards("2H 4H 6H")
    with pytest.raises(IllegalMove):
        GAME.apply(st, "r7>f1", 0)  # a four does not go on a five


def test_one_ace_and_one_deuce_of_each_suit_begin_families() -> None:
    # "not to use two aces or deuces of one suit in beginning" (l.3198-3200)
    st = state(((),) * 4, square("AS AS 2S"), (cards("AS"), *((),) * 7), ())
    assert codes(GAME, st) == ["r3>f5"]
    # the second ace of spades is an ordinary card of the deuce line, after its queen
    fam = tuple(card((2 * k + 1) % 13 + 1, 0) for k in range(6))  # 2 4 6 8 10 Q
    st = state(((),) * 4, square("AS"), (cards("AS 3S"), *((),) * 3, fam,
                                                  *((),) * 3), ())
    assert codes(GAME, st) == ["r1>f5"]


def test_only_the_free_card_of_the_left_and_spaces_from_stock_or_pack() -> None:
    st = state((cards("AH 2C AD"), (), (), ()), square("9S 9S"), EMPTY,
                       cards("KC"), cards("QC"))
    assert codes(GAME, st)[0] == "l1>f3"  # the ace of diamonds, not the two above it
    assert "s>r3" in codes(GAME, st) and "p>r3" not in codes(GAME, st)
    st = state(left(st), sq(st), EMPTY, cards("KC"), ())
    assert "p>r3" in codes(GAME, st)  # from the pack when there is no stock
    st = play(GAME, st, "p>r3")
    assert sq(st)[2] == cards("KC")[0] and GAME.pile(st, "pack") == ()


def test_a_stacked_deal_completes_the_lines_in_kings_and_queens() -> None:
    want = lines()
    last = want[-12:]
    left_rows = [*last[8:], *last[4:8], *last[:4]]  # the bottom row is wanted first
    st = GAME.layout((*left_rows, *want[:-12]), seed=0)
    while GAME.outcome(st) is None:
        st = play(GAME, st, codes(GAME, st)[0])
    outcome = GAME.outcome(st)
    assert outcome is not None and outcome.won
    # "one will consist of kings and the other of queens" (l.3196-3198)
    assert [RANK_NAMES[rank_of(f[-1])] for f in fams(st)] == ["Q"] * 4 + ["K"] * 4


def test_one_card_short_is_not_a_win_and_the_lines_stop_at_thirteen() -> None:
    want = lines()
    fams = [tuple(want[8 * k + j] for k in range(13)) for j in range(8)]
    st = state(((),) * 4, square(""), (*fams[:7], fams[7][:-1]), (),
                       fams[7][-1:])
    assert not GAME.won(st) and codes(GAME, st)[0] == "s>f8"
    assert GAME.won(play(GAME, st, "s>f8"))
    # Q + 2 would be an ace: the ace line of spades is complete and takes nothing more
    full = state(((),) * 4, square(""), (*fams[:7], fams[7][:-1]), (), cards("AS"))
    assert rank_of(fams[0][-1]) == 12
    assert not [m for m in codes(GAME, full) if m.startswith("s>f")]


def test_stuck_with_the_pack_out_is_lost() -> None:
    st = state((cards("9C"), (), (), ()), cards("KD " * 16), EMPTY, (), cards("QH"))
    outcome = GAME.outcome(st)
    assert outcome is not None and not outcome.won
    assert outcome.summary == "0 of 104 cards in the families; no card can be placed"
