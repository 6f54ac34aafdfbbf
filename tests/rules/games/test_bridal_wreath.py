"""Bridal Wreath (Cheney l.2952-2991): the wreath, ten bridesmaids, families up, no suit."""

from __future__ import annotations

import pytest

from rules import IllegalMove
from rules.cards import Card, card, cards, packs, rank_of
from rules.games.bridal_wreath import BridalWreath
from rules.patience import Table
from tests.kit.stacking import codes, play

GAME = BridalWreath()


def ascending() -> list[Card]:
    """Both packs, eight aces, then eight twos, ... eight kings."""
    return sorted(packs(2), key=lambda c: (rank_of(c), c))


def test_twenty_one_in_the_wreath_ten_bridesmaids_and_the_choice_of_base() -> None:
    order = packs(2)
    st = GAME.layout(order, seed=0)
    assert GAME.pile(st, "wreath") == order[:21] and maids(st) == order[21:31]
    assert len(GAME.pile(st, "pack")) == 73
    assert codes(GAME, st) == ["n", "a"]
    # "take the next card as the beginning of your families" (l.2966-2968): the 32nd
    nxt = play(GAME, st, "n")
    assert GAME.mark(nxt, "base") == rank_of(order[31]) == 6
    assert GAME.families(nxt)[0] == order[31:32]
    assert len(GAME.pile(nxt, "pack")) == 72
    assert GAME.narrate(st, GAME.parse_move("n"), nxt) == \
        "turn up the next card of the pack as the beginning of the families: 6♦"
    nxt = play(GAME, nxt, "d")  # 7♦ goes on the 6
    assert codes(GAME, nxt)[0] == "s>f"
    # "unless you prefer to wait for an ace to appear" (l.2968-2970)
    assert GAME.mark(play(GAME, st, "a"), "base") == 1


def test_end_card_bridesmaids_and_stock_feed_families_of_any_suit() -> None:
    st = state(cards("9C 2D AS"), cards("2H 5C") + (0,) * 8, cards("3C 4D"), base=1)
    assert codes(GAME, st) == ["e>f", "d"]
    st = play(GAME, st, "e>f")
    assert codes(GAME, st) == ["e>f", "m1>f", "d"]  # 2♦ or 2♥ on the ace of spades
    st = play(GAME, st, "m1>f", "d")
    # the 2♦ now at the end of the wreath must wait for another ace
    assert codes(GAME, st) == ["s>m1", "s>m3", "s>m4", "s>m5", "s>m6", "s>m7", "s>m8",
                               "s>m9", "s>m10", "d"]
    with pytest.raises(IllegalMove):
        GAME.apply(st, "s>f", 0)  # 4♦ on the two: not in order
    st = play(GAME, st, "s>m1")
    assert GAME.pile(st, "m1")[0] == cards("4D")[0] and GAME.pile(st, "stock") == ()


def test_families_go_round_the_corner_and_stop_at_thirteen() -> None:
    fam = tuple(card((r - 1) % 13 + 1, 0) for r in range(5, 18))  # 5 .. K A 2 3 4
    fams = (fam[:-1], *((),) * 7)
    st = state((), (0,) * 10, (), fams, cards("4H"), base=5)
    assert codes(GAME, st)[0] == "s>f"
    st = play(GAME, st, "s>f")
    assert len(GAME.families(st)[0]) == 13
    st = state((), (0,) * 10, (), GAME.families(st), cards("5H"), base=5)
    assert codes(GAME, st)[0] == "s>f"
    assert GAME.families(play(GAME, st, "s>f"))[1] == cards("5H")  # a new family, not a 14th


def test_a_stacked_deal_uses_the_wreath_and_fills_the_families() -> None:
    s = ascending()
    st = GAME.layout((*reversed(s[:21]), *s[21:]), seed=0)
    st = play(GAME, st, "a")
    while GAME.outcome(st) is None:
        st = play(GAME, st, codes(GAME, st)[0])
    outcome = GAME.outcome(st)
    assert outcome is not None and outcome.won and GAME.pile(st, "wreath") == ()


def near_the_end(stock: str) -> Table:
    full = [tuple(c for c in ascending() if c % 64 // 16 == s % 4 and c >> 6 == s // 4)
            for s in range(8)]
    return state((), (0,) * 10, (), (*full[:7], full[7][:-1]), cards(stock, 1),
                       base=1)


def test_one_card_short_is_not_a_win() -> None:
    st = near_the_end("KC")
    assert not GAME.won(st) and codes(GAME, st) == ["s>f", "s>m1", "s>m2", "s>m3", "s>m4",
                                                    "s>m5", "s>m6", "s>m7", "s>m8", "s>m9",
                                                    "s>m10"]
    assert GAME.won(play(GAME, st, "s>f"))


def test_the_game_is_lost_when_nothing_can_be_placed() -> None:
    st = state(cards("9C 5D"), (cards("QH")[0], *(0,) * 9), (), base=1)
    outcome = GAME.outcome(st)
    assert outcome is not None and not outcome.won
    assert outcome.summary == \
        "0 of 104 cards in the families, 2 left in the wreath; no card can be placed"


def state(wreath: tuple[int, ...], maids: tuple[int, ...], pack: tuple[int, ...],
          families: tuple[tuple[int, ...], ...] = ((),) * 8, stock: tuple[int, ...] = (),
          base: int = 0) -> Table:
    """Bridal Wreath's table: each bridesmaid a card or 0 for a space, the pack top last."""
    piles = {f"f{j + 1}": f for j, f in enumerate(families)}
    piles |= {f"m{i + 1}": (c,) if c else () for i, c in enumerate(maids)}
    t = GAME.table(piles | {"wreath": wreath, "pack": pack, "stock": stock})
    return GAME.marked(t, base=base)


def maids(st: Table) -> tuple[int, ...]:
    return tuple(p[0] if p else 0 for p in st.piles[9:19])
