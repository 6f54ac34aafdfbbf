"""The British Constitution (Cadogan 001 l.1662-1769): cards climb one division at a
time in alternate-colour sequences, only the Privy Council plays to the Government, and
every vacancy is filled at once from the division below."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import IllegalMove
from rules.cards import ACE, JACK, KING, QUEEN, Card, cards, packs, rank_of, suit_of
from rules.games.british_constitution import LETTERS, BritishConstitution
from rules.patience import Table
from rules.solo import replace_at
from tests.kit.stacking import codes, play

GAME = BritishConstitution()
ACES = tuple((c,) for c in cards("AS AH AD AC") + tuple(c | 64 for c in cards("AS AH AD AC")))
PEOPLE = "3C 3C 3C 3C 3C 3C 3C 3C"
COMMONS = "5C 5C 5C 5C 5C 5C 5C 5C"
LORDS = "7D 7D 7D 7D 7D 7D 7D 7D"
COUNCIL = "9C 9C 9C 9C 9C 9C 9C 9C"


def state(people: str = PEOPLE, commons: str = COMMONS, lords: str = LORDS,
          council: str = COUNCIL, pack: str = "", talon: str = "",
          fams: tuple[tuple[Card, ...], ...] = ACES) -> Table:
    """Each row: eight places, cards joined by ``+`` bottom to top, ``-`` empty."""
    def row(text: str) -> tuple[tuple[Card, ...], ...]:
        return tuple(() if w == "-" else cards(w.replace("+", " ")) for w in text.split())
    laid = {f"{LETTERS[r]}{i + 1}": p
            for r, text in enumerate((people, commons, lords, council))
            for i, p in enumerate(row(text))}
    return GAME.table({f"f{j + 1}": f for j, f in enumerate(fams)} | laid
                      | {"pack": tuple(reversed(cards(pack))), "talon": cards(talon)})


def rows(st: Table) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """The four rows, the People first."""
    return tuple(tuple(GAME.pile(st, f"{a}{i + 1}") for i in range(8)) for a in LETTERS)


def test_the_court_the_government_and_four_rows_of_eight() -> None:
    st = GAME.layout(packs(2), seed=0)
    assert [rank_of(f[0]) for f in GAME.families(st)] == [ACE] * 8
    assert [suit_of(f[0]) for f in GAME.families(st)] == [0, 1, 2, 3] * 2
    assert len(GAME.pile(st, "court")) == 16 and rank_of(GAME.pile(st, "court")[0]) == QUEEN
    assert sum(rank_of(c) == KING for c in GAME.pile(st, "court")) == 8
    assert [len(r) for r in rows(st)] == [8] * 4 and len(GAME.pile(st, "pack")) == 48


def test_rule_four_a_red_nine_on_a_black_ten_then_a_black_eight() -> None:
    st = state(people="9H 3C 3C 3C 3C 3C 3C 3C", commons="TS 5C 5C 5C 5C 5C 5C 5C",
               pack="4D")
    assert codes(GAME, st) == ["p1>h1", "t"]
    st2 = state(people="8S 3C 3C 3C 3C 3C 3C 3C", commons="TS+9H 5C 5C 5C 5C 5C 5C 5C",
                pack="4D")
    assert codes(GAME, st2) == ["p1>h1", "t"]
    # not the same colour, not upward, not two divisions at once
    st3 = state(people="9S 8H 3C 3C 3C 3C 3C 3C", commons="TS 5C 5C 5C 5C 5C 5C 5C",
                lords="TH 7D 7D 7D 7D 7D 7D 7D", pack="4D")
    assert codes(GAME, st3) == ["t"]
    with pytest.raises(IllegalMove):
        GAME.apply(st3, "p1>l1", 0)


def test_only_the_privy_council_plays_and_each_vacancy_is_filled_from_below() -> None:
    st = state(lords="2S 7D 7D 7D 7D 7D 7D 7D", council="2H 9C 9C 9C 9C 9C 9C 9C",
               pack="4D 6H")
    # the 2♠ of the Lords waits; the Council's 2♥ plays
    assert codes(GAME, st) == ["c1>f2", "t"]
    st = play(GAME, st, "c1>f2")
    # the Council's vacancy, at once, from any card of the Lords
    assert codes(GAME, st) == [f"l{i}>c1" for i in range(1, 9)]
    with pytest.raises(IllegalMove):
        GAME.apply(st, "t", 0)
    st = play(GAME, st, "l1>c1")
    assert rows(st)[3][0] == cards("2S")
    st = play(GAME, st, "h3>l1", "p5>h3")
    # the People's vacancy: no talon, so the pack's next card
    assert codes(GAME, st) == ["d>p5"]
    st = play(GAME, st, "d>p5")
    assert rows(st)[0][4] == cards("4D") and codes(GAME, st)[0] == "c1>f1"


def test_a_people_vacancy_takes_the_talon_top_when_there_is_a_talon() -> None:
    st = state(people="- 3C 3C 3C 3C 3C 3C 3C", talon="6H 8S", pack="4D")
    assert codes(GAME, st) == ["w>p1"]
    assert rows(play(GAME, st, "w>p1"))[0][0] == cards("8S")


def full() -> tuple[tuple[Card, ...], ...]:
    one = [tuple(sorted((c for c in packs(1) if suit_of(c) == s and rank_of(c) <= JACK),
                        key=rank_of)) for s in range(4)]
    return (*one, *(tuple(c | 64 for c in f) for f in one))


def test_the_government_complete_wins_and_one_knave_short_does_not() -> None:
    fams = full()
    knave = fams[7][-1]
    empty = "- - - - - - - -"
    st = state(empty, empty, empty, "- - - - - - - -", fams=(*fams[:7], fams[7][:-1]))
    st = replace(st, piles=replace_at(st.piles, GAME.index["c1"], (knave,)))
    assert not GAME.won(st) and GAME.outcome(st) is None
    st = play(GAME, st, "c1>f8")
    outcome = GAME.outcome(st)
    assert outcome is not None and outcome.won


def test_lost_when_the_pack_is_dealt_and_nothing_climbs() -> None:
    st = play(GAME, state(pack="4D 6H"), "t", "t")
    assert codes(GAME, st) == []
    outcome = GAME.outcome(st)
    assert outcome is not None and not outcome.won
