"""Honors (Cheney l.1814-1872): eight families round the corner, double piles, threes."""

from __future__ import annotations

import pytest

from rules import IllegalMove
from rules.cards import Card, card, cards, name, packs, rank_of, suit_of
from rules.games.honors import BASES, SECOND, THREES, Honors
from rules.patience import Table
from tests.kit.stacking import codes, play, stack

GAME = Honors()


def honors_state(fams: tuple[tuple[Card, ...], ...], places: tuple[tuple[Card, ...], ...],
                pack: tuple[Card, ...], stock: tuple[Card, ...] = (), stage: int = 1,
                game: Honors = GAME) -> Table:
    """A table: the families, the twenty places, the pack (top last), the stock."""
    t = game.table({f"f{j + 1}": f for j, f in enumerate(fams)}
                   | {f"p{i + 1}": p for i, p in enumerate(places)}
                   | {"pack": pack, "stock": stock})
    return game.marked(t, stage=stage)


def family(j: int, n: int = 13, pack: int = 0) -> tuple[Card, ...]:
    """The first ``n`` cards of family ``j`` (0-based), round the corner."""
    base, step = BASES[j], 1 if j < 4 else -1
    return tuple(card((rank_of(base) - 1 + step * k) % 13 + 1, suit_of(base), pack)
                 for k in range(n))


def places(*piles: str) -> tuple[tuple[Card, ...], ...]:
    out = [cards(p) for p in piles]
    return tuple(out + [()] * (20 - len(out)))


def test_families_turn_the_corner_and_end_next_to_where_they_began() -> None:
    assert [name(f[-1]) for f in (family(j) for j in range(8))] == \
        ["A♠", "Q♥", "K♦", "J♣", "A♠", "K♥", "Q♦", "J♣"]
    fams = (family(0, 12), family(1, 1), *(family(j, 1) for j in range(2, 8)))
    st = honors_state(fams, places("AS", "AH"), ())
    # A♠ ends the upward spade family after the king; A♥ follows K♥ upward
    assert codes(GAME, st) == ["p1>f1", "p2>f2"]


def test_a_finished_family_takes_nothing_more() -> None:
    fams = (family(0), *(family(j, 1) for j in range(1, 8)))
    st = honors_state(fams, places("2S", "KS"), ())
    assert "p1>f1" not in codes(GAME, st) and codes(GAME, st) == []


def test_bases_out_then_twenty_places_then_a_second_card_where_you_please() -> None:
    order = stack("5H 2S 9C KH AD QC KS QH JD TC 2S", packs(2))
    st = GAME.layout(order, seed=0)
    assert st.piles[:8] == tuple((c,) for c in stack("2S KH AD QC KS QH JD TC", packs(2))[:8])
    assert st.piles[30][-1] == cards("5H")[0] and len(st.piles[30]) == 96
    assert codes(GAME, st) == ["d"]
    st = play(GAME, st, "d", "d", "d")  # 5♥, 9♣ and the second 2♠, an ordinary card
    assert st.piles[8:28][:3] == ((*cards("5H"),), (*cards("9C"),), (*cards("2S", pack=1),))
    for _ in range(17):
        st = play(GAME, st, "d")
    assert GAME.mark(st, "stage") == SECOND and codes(GAME, st)[-1] == "t"
    st = play(GAME, st, "t")
    assert [m for m in codes(GAME, st) if m.startswith("h>")] == \
        [f"h>p{i}" for i in range(1, 21)]
    st = play(GAME, st, "h>p4")
    assert len(st.piles[8:28][3]) == 2 and not st.piles[28]
    st = play(GAME, st, "t")
    assert "h>p4" not in codes(GAME, st)  # a place takes one more card only


def test_when_every_place_is_double_three_cards_at_a_time_and_one_draw() -> None:
    full = places(*["9H 9H"] * 20)
    fams = (family(0, 2), *(family(j, 1) for j in range(1, 8)))  # 2♠ 3♠ wants 4♠
    st = honors_state(fams, full, tuple(reversed(cards("5S 7D 4S 6S 8D 9D"))), stage=THREES)
    assert codes(GAME, st) == ["d3"]
    st = play(GAME, st, "d3")
    assert st.piles[29] == cards("5S 7D 4S") and GAME.mark(st, "group") == 3
    assert codes(GAME, st) == ["w>f1", "d3"]
    st = play(GAME, st, "w>f1")
    assert codes(GAME, st) == ["w2>f1", "d3"]  # 5♠ drawn from under 7♦
    st = play(GAME, st, "w2>f1")
    assert st.piles[29] == cards("7D") and GAME.mark(st, "drawn")
    st = play(GAME, st, "d3")  # 6♠ 8♦ 9♦: 6♠ lies third
    assert codes(GAME, st) == ["w3>f1"]
    st = play(GAME, st, "w3>f1")
    with pytest.raises(IllegalMove):
        GAME.apply(st, "w3>f1", 0)
    assert st.piles[29] == cards("7D 8D 9D") and codes(GAME, st) == []


def test_pack_out_a_double_piles_top_fills_an_empty_place() -> None:
    fams = (family(0, 2), *(family(j, 1) for j in range(1, 8)))
    st = honors_state(fams, places("", "4S 9H", "9C 8C"), (), stage=THREES)
    assert codes(GAME, st) == ["p2>p1", "p3>p1"]
    st = play(GAME, st, "p2>p1")  # 9♥ off the double pile: 4♠ is freed
    assert codes(GAME, st) == ["p2>f1", "p3>p4"]


def test_a_stacked_deal_is_won_with_the_books_pairs_on_top() -> None:
    # the ascending families from the first pack, the descending from the second: the
    # 104 cards, each family's in order after the bases
    bases = [family(j, 1, pack=int(j >= 4))[0] for j in range(8)]
    rest = [c for j in range(8) for c in family(j, pack=int(j >= 4))[1:]]
    assert sorted(bases + rest) == sorted(packs(2))
    st = GAME.layout((*bases, *rest), seed=0)
    while GAME.outcome(st) is None:
        moves = codes(GAME, st)
        st = play(GAME, st, next((m for m in moves if ">f" in m), moves[0]))
    out = GAME.outcome(st)
    assert out is not None and out.won
    # the book's end (l.1864-1872): two aces of spades, the kings and queens of hearts
    # and of diamonds in pairs, two knaves of clubs
    assert [name(f[-1]) for f in st.piles[:8]] == \
        ["A♠", "Q♥", "K♦", "J♣", "A♠", "K♥", "Q♦", "J♣"]


def test_one_card_short_is_not_a_win() -> None:
    fams = (*(family(j) for j in range(7)), family(7, 12))
    st = honors_state(fams, places("JC"), (), stage=THREES)
    assert GAME.outcome(st) is None and codes(GAME, st) == ["p1>f8"]
    out = GAME.outcome(play(GAME, st, "p1>f8"))
    assert out is not None and out.won


def test_no_move_left_is_lost() -> None:
    fams = (family(0, 2), *(family(j, 1) for j in range(1, 8)))
    st = honors_state(fams, places("5S 9H", *["9D"] * 19), (), stock=cards("7D"),
                     stage=THREES)
    assert codes(GAME, st) == []
    out = GAME.outcome(st)
    assert out is not None and not out.won and "no move is left" in out.summary


def test_option_the_draw_may_take_a_card_from_under_a_double_pile() -> None:
    table = Honors({"draw": "from_the_table"})
    fams = (family(0, 2), *(family(j, 1) for j in range(1, 8)))  # wants 4♠
    st = honors_state(fams, places("4S 9H", *["9D 9D"] * 19), tuple(reversed(cards("7D 8D 6H"))),
                     stage=THREES)
    assert codes(GAME, st) == codes(table, st) == ["d3"]  # no draw before three are laid
    st = play(table, st, "d3")
    assert codes(table, st) == ["u1>f1"] and codes(GAME, st) == []
    before = st
    st = play(table, st, "u1>f1")
    assert table.describe(before, table.parse_move("u1>f1")) == \
        "play 4♠ from under the top of place 1 (upper row) (the draw) on the family up from 2♠"
    assert st.piles[8:28][0] == cards("9H") and GAME.mark(st, "drawn") and codes(table, st) == []
