"""Lady of the Manor (Cheney l.1760-1808): piles of twelve, a semicircle by numbers."""

from __future__ import annotations

from rules import make
from rules.cards import Card, card, cards, packs, rank_of
from rules.games.lady_of_the_manor import LadyOfTheManor
from rules.patience import Table
from tests.kit.stacking import codes, play

GAME = LadyOfTheManor()


def full(suit: int, pack: int = 0, top: int = 13) -> tuple[Card, ...]:
    return tuple(card(r, suit, pack) for r in range(1, top + 1))


def test_four_piles_of_twelve_then_thirteen_piles_by_number() -> None:
    order = packs(2)
    st = GAME.layout(order, seed=0)
    assert st.piles[8:12] == tuple(order[12 * i : 12 * i + 12] for i in range(4))
    assert [len(p) for p in st.piles[12:]] == [4] * 9 + [5] * 4
    assert all(rank_of(c) == r + 1 for r, p in enumerate(st.piles[12:]) for c in p)
    assert codes(GAME, st) == ["s1>f1"]  # an ace, from the semicircle, on the first family
    assert GAME.describe(st, GAME.parse_move("s1>f1")) == \
        "play A♣ from the aces of the semicircle on family 1"


def test_any_suit_follows_and_alike_families_are_offered_once() -> None:
    fams = (cards("AS 2S"), cards("AH 2D"), cards("AC"), (), (), (), (), ())
    st = lady(fams, (cards("3H"), (), (), cards("2C")))
    # 3♥ goes on a two whatever its suit, but only on the first of the two twos
    assert codes(GAME, st) == ["p1>f1", "p4>f3"]


def stacked_win() -> tuple[Card, ...]:
    """Piles of twelve hold king down to two of one suit each, the two on top."""
    piles = [card(r, s) for s in range(4) for r in range(13, 1, -1)]
    rest = [c for c in packs(2) if c not in piles]
    return (*piles, *rest)


def test_a_stacked_deal_is_won_using_the_piles_before_the_semicircle() -> None:
    st = GAME.layout(stacked_win(), seed=0)
    while GAME.outcome(st) is None:
        moves = codes(GAME, st)
        st = play(GAME, st, next((m for m in moves if m[0] == "p"), moves[0]))
    out = GAME.outcome(st)
    assert out is not None and out.won and out.summary.startswith("all eight families")


def test_one_card_short_is_not_a_win() -> None:
    fams = (*(full(s) for s in range(4)), *(full(s, 1) for s in range(3)), full(3, 1, 12))
    st = lady(fams, ((card(13, 3, 1),), (), (), ()))
    assert GAME.outcome(st) is None and codes(GAME, st) == ["p1>f8"]
    st = play(GAME, st, "p1>f8")
    out = GAME.outcome(st)
    assert out is not None and out.won


def test_the_semicircle_exhausted_ends_the_game_lost() -> None:
    fams = (full(0, 0, 5), full(1, 0, 5), *((),) * 6)
    st = lady(fams, (cards("8S 9S"), cards("KH"), (), ()))
    assert codes(GAME, st) == []
    out = GAME.outcome(st)
    assert out is not None and not out.won and "no card fits" in out.summary


def test_a_family_stops_at_the_king() -> None:
    fams = (full(0), *(full(s) for s in range(1, 4)), *(full(s, 1) for s in range(4)))
    fams = (*fams[:7], full(3, 1, 11))
    # with no empty family an ace has no place, and nothing goes on a king
    st = lady(fams, (cards("AS"), cards("KS"), (), ()))
    assert codes(GAME, st) == []
    assert make("lady_of_the_manor").description.source == "000_afc193f70d23752d.txt l.1760-1808"


def lady(fams: tuple[tuple[int, ...], ...], piles: tuple[tuple[int, ...], ...]) -> Table:
    """Lady of the Manor's table: the families and the piles of twelve, no semicircle."""
    return Table((*fams, *piles, *((),) * 13), (0,) * 25)
