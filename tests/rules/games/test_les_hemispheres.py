"""Les Hémisphères (Cadogan 001 l.1345-1425): the hemispheres' colours, marriages within
a Race (red down, black up) or from the talon, exchanges, dealing into vacancies first,
the barriers at the end, the win and the end."""

from __future__ import annotations

import pytest

from rules import IllegalMove
from rules.cards import Card, cards, rank_of
from rules.games.les_hemispheres import LesHemispheres
from rules.patience import Table
from tests.kit.stacking import codes, play

GAME = LesHemispheres()
BASES = tuple((c,) for c in cards("AH AH AD AD KS KS KC KC"))
BARRIERS = tuple((c,) for c in cards("KH KD AC AS"))
RACES = "5H 9D 5D 9H 6D 7H 5S 9C 5C 9S 6C 7S"


def state(races: str = RACES, pack: str = "", talon: str = "",
          fams: tuple[tuple[Card, ...], ...] = BASES,
          barriers: tuple[tuple[Card, ...], ...] = BARRIERS) -> Table:
    """Places: cards joined by ``+`` bottom to top, ``-`` empty; pack first dealt first."""
    r = tuple(() if w == "-" else cards(w.replace("+", " ")) for w in races.split())
    piles = {f"f{j + 1}": f for j, f in enumerate(fams)}
    piles |= {f"b{k + 1}": b for k, b in enumerate(barriers)}
    piles |= {f"r{i + 1}": p for i, p in enumerate(r)}
    return GAME.table(piles | {"pack": tuple(reversed(cards(pack))), "talon": cards(talon)})


def races(st: Table) -> tuple[tuple[Card, ...], ...]:
    return tuple(GAME.pile(st, f"r{i + 1}") for i in range(12))


def real(st: Table) -> list[str]:
    return [c for c in codes(GAME, st) if c != "end"]


def test_the_foundations_barriers_and_circle() -> None:
    st = GAME.deal(2)
    assert [rank_of(f[0]) for f in GAME.families(st)] == [1, 1, 1, 1, 13, 13, 13, 13]
    assert [len(p) for p in races(st)] == [1] * 12 and len(GAME.pile(st, "pack")) == 104 - 24
    assert [rank_of(GAME.pile(st, f"b{k}")[0]) for k in range(1, 5)] == [13, 13, 1, 1]


def test_red_marries_down_and_black_up_within_its_race_only() -> None:
    st = state("8H 9H 2D 7H 6D 5D 5S 6S 2C 3C 2S 4C", pack="QD")
    moves = real(st)
    assert "r1>r2" in moves              # 8♥ on 9♥: red, descending, same Race
    assert "r2>r1" not in moves          # not upward
    assert "r8>r7" in moves              # 6♠ on 5♠: black, ascending
    assert "r7>r8" not in moves
    assert "r4>r1" not in moves          # 7♥ on 8♥ lies in another Race


def test_black_marries_ascending() -> None:
    st = state("8H 2H 2D 7D 3D 4D 5S 9C 6S 2C 3C 2S", pack="QD")
    moves = real(st)
    assert "r9>r7" in moves and "r7>r9" not in moves   # 6♠ on 5♠ (ascending line)


def test_a_card_in_the_wrong_hemisphere_is_not_available_until_exchanged() -> None:
    fams = (*BASES[:4], cards("KS QS JS TS 9S 8S 7S"), *BASES[5:])
    st = state("6S 9D 5D 9H 6D 4H 5C 9C 6H 9S 6C 7S", pack="QD", fams=fams)
    # the 6♠ lies north: it may not go up, until exchanged with a red card of the south
    assert not any(c.startswith("r1>") for c in real(st))
    assert "x1.9" in real(st)
    st = play(GAME, st, "x1.9")
    assert races(st)[8] == cards("6S") and races(st)[0] == cards("6H")
    assert "r9>f5" in real(st)


def test_a_dealt_card_fills_the_first_vacancy_else_goes_to_the_talon() -> None:
    st = state("- 9D 5D 9H 6D 7H 5S 9C 5C 9S 6C 7S", pack="QD 3C")
    st = play(GAME, st, "t")
    assert races(st)[0] == cards("QD") and not GAME.pile(st, "talon")
    st = play(GAME, st, "t")
    assert GAME.pile(st, "talon") == cards("3C")


def test_the_talon_marries_on_any_race() -> None:
    st = state(pack="8D 6C QD")
    st = play(GAME, st, "t")
    assert "w>r2" in real(st)          # 8♦ on 9♦ of the first Race
    st = play(GAME, st, "t")
    assert "w>r9" in real(st)          # 6♣ on 5♣ of the fourth
    with pytest.raises(IllegalMove):
        GAME.apply(st, "r1>r3", 0)     # 5♥ on 5♦: no marriage


def run(suit: str, ranks: str, second: bool) -> tuple[Card, ...]:
    cs = cards(" ".join(r + suit for r in ranks.split()))
    return tuple(c | 64 for c in cs) if second else cs


UP = "A 2 3 4 5 6 7 8 9 T J Q K"
DOWN = "K Q J T 9 8 7 6 5 4 3 2 A"


def test_the_barriers_complete_the_foundations_and_the_win() -> None:
    fams = (run("H", UP, False)[:-1], run("H", UP, True), run("D", UP, False)[:-1],
            run("D", UP, True), run("S", DOWN, False)[:-1], run("S", DOWN, True),
            run("C", DOWN, False)[:-1], run("C", DOWN, True))
    st = state(" ".join(["-"] * 12), fams=fams)
    assert real(st) == ["b1>f1", "b2>f3", "b3>f7", "b4>f5"]
    st = play(GAME, st, "b1>f1", "b2>f3", "b3>f7")
    assert not GAME.won(st) and GAME.outcome(st) is None   # one barrier short
    st = play(GAME, st, "b4>f5")
    outcome = GAME.outcome(st)
    assert outcome is not None and outcome.won


def test_blocked_is_lost() -> None:
    st = state("QH 9D 5D 9H 6D 7H 5S 9C 5C 9S 6C 7S")
    assert codes(GAME, st) == []
    outcome = GAME.outcome(st)
    assert outcome is not None and not outcome.won


def test_a_married_card_may_not_go_straight_back() -> None:
    st = state("9H 9H+8H 2D 7D 3D 4D 5S 9C 6S 2C 3C 2S", pack="QD")
    assert "r2>r1" in real(st)
    st = play(GAME, st, "r2>r1")
    assert "r1>r2" not in real(st)       # 8♥ back onto the other 9♥: only undoes it
    with pytest.raises(IllegalMove, match="just come from there"):
        GAME.apply(st, "r1>r2", 0)
    st = play(GAME, st, "t")             # another move made: the way back is open again
    assert "r1>r2" in real(st)
