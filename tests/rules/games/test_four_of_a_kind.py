"""Four of a Kind (Hoyle 003 l.11): the piles visited in order, the last card decides."""

from __future__ import annotations

from rules.cards import Card, cards
from rules.games.four_of_a_kind import FourOfAKind
from tests.kit.stacking import codes, play

GAME = FourOfAKind()


def deal_for(piles: list[str]) -> tuple[Card, ...]:
    """The pack order that deals ``piles`` (each bottom to top) round the thirteen."""
    cs = [cards(p) for p in piles]
    return tuple(cs[i][level] for level in range(4) for i in range(13))


def test_thirteen_piles_of_four_face_down_in_three_rows() -> None:
    st = GAME.deal(3)
    zones = GAME.zones(st)
    assert [len(p) for p in st.piles[0::2]] == [4] * 13
    assert all(z.up == 0 for z in zones if not z.id.endswith(".up"))
    assert [z.group for z in zones[::2]] == ["row 1"] * 5 + ["row 2"] * 5 + ["row 3"] * 3
    assert codes(GAME, st) == ["t", "auto"]


def test_a_knave_goes_under_the_first_pile_of_the_third_row() -> None:
    # the ace pile's top card (the 40th dealt) is J♥ ("If it is a Jack, for instance")
    pack = [c for c in GAME.pack() if c != cards("JH")[0]]
    pack.insert(39, cards("JH")[0])
    st = GAME.layout(tuple(pack), seed=0)
    assert st.piles[0][-1] == cards("JH")[0]
    st = play(GAME, st, "t")
    assert st.piles[21] == cards("JH")
    assert GAME.zones(st)[21].label == "the J pile, face up underneath"
    # the marker moves on to the second pile, not to the knave's pile
    assert GAME.mark(st, "at") == 1


def test_complete_piles_are_skipped_and_the_turn_goes_round() -> None:
    # every pile holds its own four cards: each turn sends the card under its own pile
    ranks = "A23456789TJQK"
    st = GAME.layout(deal_for([" ".join(f"{r}{s}" for s in "SHDC") for r in ranks]), 0)
    seen = []
    while GAME.outcome(st) is None:
        seen.append(GAME.mark(st, "at"))
        st = play(GAME, st, "t")
    assert seen == list(range(13)) * 4
    out = GAME.outcome(st)
    assert out is not None and out.won


def test_the_last_card_on_another_pile_loses_and_one_turn_short_is_not_won() -> None:
    ranks = "A23456789TJQK"
    piles = [" ".join(f"{r}{s}" for s in "SHDC") for r in ranks]
    # swap the bottom cards of the queen and king piles: their last cards are strangers
    piles[11] = "KC " + piles[11][3:]
    piles[12] = "QC " + piles[12][3:]
    st = GAME.layout(deal_for(piles), 0)
    for _ in range(51):
        st = play(GAME, st, "t")
    assert GAME.outcome(st) is None and not GAME.won(st)
    st = play(GAME, st, "t")
    out = GAME.outcome(st)
    assert out is not None and not out.won
    assert out.summary == \
        "the last card turned, Q♣, lay on the K pile and had to go to another pile"
