"""La Nivernaise (Cadogan 001 l.993-1084): the Flanks and the Line, Rule II's examining,
packets replaced at once, the one unshuffled re-deal, the foundation exchange."""

from __future__ import annotations

from typing import Any

import pytest

from rules import IllegalMove, render
from rules.cards import Card, cards, packs, rank_of, suit_of
from rules.families import EMPTY8, Families
from rules.games.la_nivernaise import LaNivernaise
from rules.patience import Table
from tests.kit.laid import flanks_table
from tests.kit.stacking import codes, play, stack

GAME = LaNivernaise()
SIDES = "9C 9C 9D 9D 8C 8C 8D 8D"


def table(game: LaNivernaise, fams: tuple[tuple[Card, ...], ...], sides: tuple[Card, ...],
          line: tuple[tuple[Card, ...], ...], pack: tuple[Card, ...], redeals: int,
          seed: int) -> Table:
    """A table: the families, the side places (0 for a space), the six piles, the pack
    (top last)."""
    t = flanks_table(game, fams, sides, line, pack, redeals, seed)
    return game.seen(t) if isinstance(game, LaNivernaise) else t


def sides_of(st: Table) -> tuple[Card, ...]:
    """The side places' cards, 0 for a space."""
    return tuple(p[-1] if p else 0 for p in st.piles[8:16])


def state(sides: str = SIDES, piles: tuple[str, ...] = ("",) * 6, pack: str = "",
          fams: Families = EMPTY8, redeals: int = 0) -> Table:
    """``pack`` first card dealt first; piles bottom to top; ``-`` an empty Flank."""
    side = tuple(0 if w == "-" else card(w) for w in sides.split())
    return table(GAME, fams, side, tuple(cards(p) for p in piles),
                 tuple(reversed(cards(pack))), redeals, 5)


def zone(st: Table, zid: str) -> dict[str, Any]:
    return next(z for z in render(GAME, st, None)["zones"] if z["id"] == zid)


def card(text: str) -> Card:
    return cards(text)[0]


def suit_run(suit: str, ranks: str) -> tuple[Card, ...]:
    return cards(" ".join(r + suit for r in ranks.split()))


def test_the_flanks_and_the_line_of_six_packets_of_four() -> None:
    st = GAME.layout(packs(2), seed=0)
    assert len(sides_of(st)) == 8 and [len(p) for p in st.piles[16:22]] == [4] * 6
    assert len(st.piles[22]) == 104 - 32


def test_rule_two_a_flank_vacancy_lets_one_more_card_of_each_packet_be_seen() -> None:
    st = state("AS 9C 9D 9D 8C 8C 8D 8D", ("2C 3C 4C 5C",) * 6, "7H 7H")
    assert len(zone(st, "p1")["up"]) == 1 and zone(st, "p1")["down"] == 3
    st = play(GAME, st, "s1>f1")  # the ace from the Flank: one vacancy
    assert len(zone(st, "p1")["up"]) == 2 and zone(st, "p1")["down"] == 2
    other = LaNivernaise({"examine": "counting_top"})
    seen = other.seen(st)  # the same table under the other reading
    assert len(next(z for z in render(other, seen, None)["zones"] if z["id"] == "p1")["up"]) == 1


def test_an_emptied_line_packet_gets_four_cards_at_once() -> None:
    st = state(piles=("AS", "2C", "3C", "4C", "5C", "6C"), pack="7H 7S 7D 7C 6H")
    st = play(GAME, st, "p1>f1")
    assert st.piles[16:22][0] == cards("7H 7S 7D 7C") and st.piles[22] == cards("6H")
    # single cards are not replaced: a packet with cards left gets nothing
    st2 = state(piles=("4C AS", "2C", "3C", "4C", "5C", "6C"), pack="7H")
    assert play(GAME, st2, "p1>f1").piles[16] == cards("4C")


def test_a_round_goes_four_together_on_each_packet_only_when_nothing_plays() -> None:
    st = state(piles=("2C",) * 5 + ("AS",), pack=" ".join(["7H"] * 24))
    assert "d" not in codes(GAME, st)
    with pytest.raises(IllegalMove):
        GAME.apply(st, "d", 0)
    st = play(GAME, st, "p6>f1", "d")
    assert [len(p) for p in st.piles[16:22]] == [5] * 5 + [4] and not st.piles[22]


def test_flank_vacancies_may_be_filled_from_the_line_or_the_pack_or_left() -> None:
    st = state("- 9C 9D 9D 8C 8C 8D 8D", ("2C", "3C", "4C", "5C", "6C", "7C"), "KH")
    assert codes(GAME, st) == ["p1>s1", "p2>s1", "p3>s1", "p4>s1", "p5>s1", "p6>s1",
                               "d>s1", "d"]
    st = play(GAME, st, "d>s1")
    assert sides_of(st)[0] == card("KH") and not st.piles[22]


def test_the_one_redeal_takes_up_the_line_from_the_left_unshuffled() -> None:
    st = state(piles=("2C 3C", "4C", "5C", "6C 7C 8C", "9C", "TC JC QC"))
    assert codes(GAME, st) == ["redeal"]
    st = play(GAME, st, "redeal")
    assert st.piles[16:22] == (cards("2C 3C 4C 5C"), cards("6C 7C 8C 9C"), cards("TC JC QC"),
                        (), (), ())
    assert sides_of(st) == sides_of(state()) and st.redeals == 1
    # no second re-deal: lost
    assert codes(GAME, st) == []
    outcome = GAME.outcome(st)
    assert outcome is not None and not outcome.won


def test_one_card_at_a_time_exchanged_between_the_two_foundations_of_a_suit() -> None:
    fams = list(EMPTY8)
    fams[1] = suit_run("H", "A 2 3 4 5")           # hearts ascending to 5
    fams[5] = suit_run("H", "K Q J T 9 8 7 6")     # hearts descending to 6
    st = state(fams=tuple(fams))
    assert "f2>f6" in codes(GAME, st) and "f6>f2" in codes(GAME, st)
    st = play(GAME, st, "f2>f6")
    assert st.piles[:8][5][-1] == card("5H") and st.piles[:8][1][-1] == card("4H")
    # not straight back; the next card on may follow
    assert "f6>f2" not in codes(GAME, st) and "f2>f6" in codes(GAME, st)


def test_all_on_the_foundations_wins_and_one_card_short_does_not() -> None:
    fams = tuple(tuple(c for c in packs(1) if suit_of(c) == s)
                 for s in (suit_of(card("AS")), suit_of(card("AH")), suit_of(card("AD")),
                           suit_of(card("AC"))))
    down = tuple(tuple(sorted((c | 64 for c in f), key=rank_of, reverse=True)) for f in fams)
    full = (*fams, *down)
    last = down[3][-1]
    short = (*full[:7], down[3][:-1])
    st = state("- - - - - - - -", fams=short)
    st = table(GAME, st.piles[:8], (last, *sides_of(st)[1:]), st.piles[16:22], (), 1, 5)
    assert not GAME.won(st) and GAME.outcome(st) is None
    st = play(GAME, st, "s1>f8")
    outcome = GAME.outcome(st)
    assert outcome is not None and outcome.won


def test_a_shuffled_deal_ends() -> None:
    st = GAME.layout(stack("AS KS", packs(2)), seed=1)
    for _ in range(GAME.description.bound or 0):
        if GAME.outcome(st) is not None:
            break
        st = play(GAME, st, codes(GAME, st)[0])
    assert GAME.outcome(st) is not None
