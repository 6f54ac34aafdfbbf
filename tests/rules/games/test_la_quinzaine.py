"""La Quinzaine (Cadogan l.205-297; 002: The Fifteen): fifteen columns, aces up and kings
down in suit, marriages both ways, lanes, and the opening withdrawal."""

from __future__ import annotations

from rules import make
from rules.cards import Card, card, cards
from rules.games.la_quinzaine import LaQuinzaine
from rules.patience import Table
from tests.kit.stacking import codes, play

GAME = LaQuinzaine()
EMPTY8: tuple[tuple[Card, ...], ...] = ((),) * 8


def state(families: tuple[tuple[Card, ...], ...], columns: tuple[tuple[Card, ...], ...]
          ) -> Table:
    """A table with these eight families and fifteen columns."""
    return GAME.table({f"f{j + 1}": f for j, f in enumerate(families)}
                      | {f"c{i + 1}": p for i, p in enumerate(columns)})


def cols(*piles: str) -> tuple[tuple[Card, ...], ...]:
    out = [cards(p) for p in piles]
    return tuple(out + [()] * (15 - len(out)))


def full15(*piles: str) -> tuple[tuple[Card, ...], ...]:
    out = [cards(p) for p in piles]
    return tuple(out + [cards("QC QC")] * (15 - len(out)))


def test_the_alias_and_seven_rows_of_fifteen_the_last_fourteen() -> None:
    assert make("the_fifteen").id == "la_quinzaine"
    st = GAME.deal(2)
    assert [len(p) for p in st.piles[8:]] == [7] * 14 + [6]


def test_suitable_cards_play_at_once_not_only_aces_and_kings() -> None:
    # Cheney's opening would let only an ace or a king go up until both are begun.
    st = state(EMPTY8, full15("5C AS", "5C 2S"))
    st = play(GAME, st, "c1>f1")
    assert "c2>f1" in codes(GAME, st)
    assert "c2>f1" not in codes(make("fifteen_in_a_row"), st)


def test_reversing_a_sequence_through_a_lane() -> None:
    # "a sequence beginning with a ten and ending with a three ... place the three at the
    # top of the lane, the other cards following until the ten becomes the lowest or
    # available card" (l.279-285)
    st = state(EMPTY8, cols("QC TS 9S 8S 7S 6S 5S 4S 3S", "KD"))
    for _ in range(8):
        st = play(GAME, st, "c1>c3")
    assert st.piles[8:][2] == cards("3S 4S 5S 6S 7S 8S 9S TS")
    assert st.piles[8:][0] == cards("QC")


def test_the_withdrawal_only_when_the_patience_cannot_begin() -> None:
    st = state(EMPTY8, full15("5C AH 9D", "6C KS 8D", "7C KH 4D"))
    moves = codes(GAME, st)
    assert "x1x2" in moves and "x1x3" in moves  # one ace and one king, in one act
    st = play(GAME, st, "x1x2")
    assert st.piles[8:][0] == cards("5C 9D") and st.piles[8:][1] == cards("6C 8D")
    assert st.piles[:8][1] == cards("AH") and st.piles[:8][4] == cards("KS")
    assert not any(m.startswith("x") for m in codes(GAME, st))  # once only
    # an ace available in the lowest row: no withdrawal
    st = state(EMPTY8, full15("5C AH 9D", "6C KS AD"))
    assert not any(m.startswith("x") for m in codes(GAME, st))


def test_no_foundation_card_to_withdraw_and_nothing_to_marry_has_failed() -> None:
    st = state(EMPTY8, full15(*["5C 9D"] * 15))
    assert codes(GAME, st) == []
    out = GAME.outcome(st)
    assert out is not None and not out.won


def test_a_stacked_deal_is_won_one_card_short_is_not() -> None:
    # each column a run that plays straight up: aces' runs, then kings' runs
    runs: list[tuple[Card, ...]] = []
    for s in range(4):
        up = [card(r, s) for r in range(13, 0, -1)]  # king at the top, ace free
        down = [card(r, s, 1) for r in range(1, 14)]  # ace at the top, king free
        runs += [tuple(up), tuple(down)]
    st = state(EMPTY8, (*runs, *[()] * 7))
    while sum(len(f) for f in st.piles[:8]) < 103:
        st = play(GAME, st, next(m for m in codes(GAME, st) if ">f" in m))
    assert GAME.outcome(st) is None
    st = play(GAME, st, next(m for m in codes(GAME, st) if ">f" in m))
    out = GAME.outcome(st)
    assert out is not None and out.won
