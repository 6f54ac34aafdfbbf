"""The Besieged City (Cadogan 001 l.1180-1281): the book's A-D examples, the ramparts'
two kinds of sequence, vacancies filled at once, the foundations' order, the end."""

from __future__ import annotations

import pytest

from rules import IllegalMove
from rules.cards import Card, cards, rank_of, suit_of
from rules.games.besieged_city import ORDER, BesiegedCity, ends, line_of
from rules.patience import Table
from tests.kit.stacking import codes, play

GAME = BesiegedCity()
#: Reserve row by row: row 2 is A♦ 3♣ 4♣ and column 3 is 4♣ A♣ 7♠ 6♠ (the notes).
RESERVE = "9H 9H 6S AD 3C 4C 9H 9H AC 9H 9H 7S"
RAMPARTS = "QH QH QH QH QH QH QH QH QH QH QH QH QH QH"


def state(reserve: str = RESERVE, ramparts: str = RAMPARTS, pack: str = "",
          talon: str = "", fams: tuple[tuple[Card, ...], ...] = ((),) * 4) -> Table:
    rv = {f"v{i + 1}": () if w == "-" else cards(w) for i, w in enumerate(reserve.split())}
    rp = {f"r{k + 1}": () if w == "-" else cards(w.replace("+", " "))
          for k, w in enumerate(ramparts.split())}
    return GAME.table({f"f{s + 1}": f for s, f in enumerate(fams)} | rv | rp
                      | {"pack": cards(pack)[::-1], "talon": cards(talon)})


def real(st: Table) -> list[str]:
    return [c for c in codes(GAME, st) if c != "end"]


def test_the_order_of_the_foundations() -> None:
    assert ORDER[:8] == (1, 13, 2, 12, 3, 11, 4, 10) and ORDER[12:14] == (7, 7)
    assert len(ORDER) == 26 and ORDER[-1] == 1


def test_the_four_of_clubs_only_on_the_ends_of_its_row_and_column() -> None:
    # l.1219-1221: "the four of clubs could only be placed on cards at A, B, C, or D"
    i = 5  # row 2, column 3
    assert set(ends(i)) == {2, 5, 7, 11}
    rp = RAMPARTS.split()
    rp[5] = "5C"           # D, below column 3, accepts the 4♣ (one apart)
    rp[0] = "5C"           # a rampart not at an end of its lines does not
    st = state(ramparts=" ".join(rp), pack="9D")
    assert [c for c in real(st) if c.startswith("v6>")] == ["v6>r6"]


def test_vacancies_at_the_ends_filled_only_from_their_line() -> None:
    # l.1227-1231: B or D by the four or ace of clubs or the seven or six of spades; A or
    # C by the ace of diamonds or the three or four of clubs
    assert sorted(line_of(5)) == [2, 5, 8, 11]        # the column: 6♠ 4♣ A♣ 7♠
    assert sorted(line_of(11)) == [3, 4, 5]           # the row: A♦ 3♣ 4♣
    rp = RAMPARTS.split()
    rp[11] = "-"
    st = state(ramparts=" ".join(rp), pack="9D 8D")
    assert real(st) == ["v4>r12", "v5>r12", "v6>r12"]
    with pytest.raises(IllegalMove):
        GAME.apply(st, "t", 0)
    st = play(GAME, st, "v5>r12")
    assert GAME.pile(st, "r12") == cards("3C")
    # then the Reserve's vacancy, from the pack (no talon)
    assert real(st) == ["d>v5"]
    st = play(GAME, st, "d>v5")
    assert GAME.pile(st, "v5") == cards("9D")


def test_ramparts_build_both_ways_and_in_the_order_of_play() -> None:
    rp = RAMPARTS.split()
    rp[0], rp[1], rp[2] = "2S", "QS", "3S"
    st = state(ramparts=" ".join(rp), pack="9D")
    moves = real(st)
    assert "r1>r2" in moves and "r2>r1" in moves      # queen on two, and vice versa
    assert "r1>r3" in moves and "r3>r1" in moves      # one apart, both ways
    strict = BesiegedCity({"order": "sum14"})
    rp[1] = "KS"                                       # K-2 neighbours in the order
    st2 = state(ramparts=" ".join(rp), pack="9D")
    assert "r1>r2" in real(st2)
    assert "r1>r2" not in [m.code for m in strict.legal_moves(st2, 0)]


def test_a_turned_card_goes_up_or_to_the_talon_and_talon_cards_only_fill() -> None:
    st = play(GAME, state(pack="AS 2S"), "t")
    assert real(st)[:1] == ["p>f1"] and "p>w" in real(st) and "t" not in real(st)
    st = play(GAME, st, "p>w", "t")
    assert not any(c.startswith("w>f") for c in real(st))


def full(s: int) -> tuple[Card, ...]:
    suit = "SHDC"[s]
    names = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}
    seen: set[int] = set()
    out = []
    for r in ORDER:
        c = cards(names.get(r, str(r)) + suit)[0]
        out.append(c | 64 if r in seen else c)
        seen.add(r)
    return tuple(out)


def test_all_on_the_foundations_wins_and_one_short_does_not() -> None:
    fams = [full(s) for s in range(4)]
    last = fams[3][-1]
    fams[3] = fams[3][:-1]
    st = GAME.table({f"f{s + 1}": f for s, f in enumerate(fams)} | {"r1": (last,)})
    assert not GAME.won(st) and GAME.outcome(st) is None
    outcome = GAME.outcome(play(GAME, st, "r1>f4"))
    assert outcome is not None and outcome.won
    assert all(suit_of(c) == s for s, f in enumerate(fams) for c in f)
    assert rank_of(fams[0][13]) == 7


def test_transposing_at_the_end_and_blocked_is_lost() -> None:
    st = state()
    moves = real(st)
    assert "v1~v2" in moves          # pack and talon out: the Reserve may be transposed
    st = play(GAME, st, "v1~v3")
    assert GAME.pile(st, "v1") == cards("6S") and "v1~v3" not in real(st)
    blocked = state(ramparts=RAMPARTS, talon="8D")
    assert codes(GAME, blocked) == []
    outcome = GAME.outcome(blocked)
    assert outcome is not None and not outcome.won
