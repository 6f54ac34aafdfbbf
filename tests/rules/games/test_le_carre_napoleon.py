"""Le Carré Napoléon (Cadogan 001 l.1533-1605): the square of twelve packets, marriages
in a descending line, vacancies filled from the talon or pack when the player likes, the
note on two blocking kings, and the variant with twelve single cards."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import IllegalMove, make
from rules.cards import Card, cards, packs, rank_of, suit_of
from rules.games.le_carre_napoleon import LeCarreNapoleon
from rules.patience import Table
from rules.solo import replace_at
from tests.kit.stacking import codes, play

GAME = LeCarreNapoleon()
FILLER = ("5C 5C 6C 6C",) * 12


def state(square: tuple[str, ...] = FILLER, pack: str = "", talon: str = "",
          fams: tuple[tuple[Card, ...], ...] = ((),) * 8, opening: bool = False
          ) -> Table:
    """``pack`` first card turned first; packets and talon bottom to top."""
    t = GAME.table({f"q{i + 1}": cards(p) for i, p in enumerate(square)}
                   | {f"f{j + 1}": f for j, f in enumerate(fams)}
                   | {"pack": tuple(reversed(cards(pack))), "talon": cards(talon)})
    return GAME.marked(replace(t, seed=4), moved=int(not opening))


def packet(st: Table, i: int) -> tuple[Card, ...]:
    return GAME.pile(st, f"q{i}")


def real(st: Table) -> list[str]:
    return [c for c in codes(GAME, st) if c != "end"]


def test_twelve_packets_of_four_and_the_singles_variant() -> None:
    st = GAME.deal(1)
    assert [len(packet(st, i)) for i in range(1, 13)] == [4] * 12
    assert len(GAME.pile(st, "pack")) == 56
    singles = make("le_carre_napoleon_singles")
    st = singles.deal(1)
    assert [len(packet(st, i)) for i in range(1, 13)] == [1] * 12
    assert len(GAME.pile(st, "pack")) == 92
    assert make("napoleons_square").id == "le_carre_napoleon"


def test_marriages_in_a_descending_line_within_the_square() -> None:
    sq = ("5C 8H", "5C 7H", "5C 9H", *FILLER[3:])
    st = state(sq)
    # 7♥ on 8♥, 8♥ on 9♥; never upward (9♥ on 8♥) nor another suit
    assert real(st) == ["q1>q3", "q2>q1"]
    st = play(GAME, st, "q2>q1")
    assert packet(st, 1) == cards("5C 8H 7H")
    # not straight back
    assert "q1>q2" not in codes(GAME, st)


def test_the_talon_top_plays_marries_and_fills() -> None:
    st = state(("5C 8H", *FILLER[1:]), pack="AS 7H")
    st = play(GAME, st, "s")
    assert real(st) == ["w>f1", "s"]
    st = play(GAME, st, "w>f1", "s")
    assert real(st) == ["w>q1"]  # 7♥ from the talon married on 8♥
    st = play(GAME, st, "w>q1")
    assert packet(st, 1) == cards("5C 8H 7H") and not GAME.pile(st, "talon")


def test_a_vacancy_takes_one_card_from_the_talon_or_pack_when_the_player_likes() -> None:
    sq = ("AS", "5C 9D", *FILLER[2:])
    st = play(GAME, state(sq, pack="KH 3D", talon="QD"), "q1>f1")
    assert packet(st, 1) == ()
    moves = real(st)
    # the talon's Q♦ may fill it or marry on 9♦? no: Q♦ is not one below 9♦
    assert moves == ["w>q1", "d>q1", "s"]
    # a card of the square may not go into the vacancy
    with pytest.raises(IllegalMove):
        GAME.apply(st, "q2>q1", 0)
    # the player need not fill it: turning is allowed, the vacancy stays
    st2 = play(GAME, st, "s")
    assert packet(st2, 1) == ()
    st3 = play(GAME, st, "d>q1")
    assert packet(st3, 1) == cards("KH") and GAME.pile(st3, "pack") == cards("3D")


def test_the_note_two_kings_of_one_suit_blocking_smaller_cards() -> None:
    sq = ("3D KD", "5D 6C KD", *FILLER[2:])
    st = state(sq, pack="7H", opening=True)
    assert codes(GAME, st)[:3] == ["retake", "slip1", "slip2"]
    slipped = play(GAME, st, "slip2")
    assert packet(slipped, 2) == cards("KD 5D 6C")
    assert "retake" not in codes(GAME, slipped) and "slip1" not in codes(GAME, slipped)
    retaken = play(GAME, st, "retake")
    def square(t: Table) -> list[tuple[Card, ...]]:
        return [packet(t, i) for i in range(1, 13)]

    assert sorted(c for p in square(retaken) for c in p) == sorted(c for p in square(st)
                                                                   for c in p)
    assert square(retaken) != square(st)
    # one king blocking is not the case of the note; nor after the first move
    assert "retake" not in codes(GAME, state(("3D KD", *FILLER[1:]), pack="7H",
                                             opening=True))
    assert "retake" not in codes(GAME, state(sq, pack="7H"))


def full_families() -> tuple[tuple[Card, ...], ...]:
    one = tuple(tuple(sorted((c for c in packs(1) if suit_of(c) == s), key=rank_of))
                for s in range(4))
    return (*one, *(tuple(c | 64 for c in f) for f in one))


def test_all_on_the_foundations_wins_and_one_short_does_not() -> None:
    fams = full_families()
    last = fams[7][-1]
    st = state(("",) * 12, fams=(*fams[:7], fams[7][:-1]))
    st = replace(st, piles=replace_at(st.piles, GAME.index["q1"], (last,)))
    assert not GAME.won(st) and GAME.outcome(st) is None
    st = play(GAME, st, "q1>f8")
    outcome = GAME.outcome(st)
    assert outcome is not None and outcome.won


def test_lost_when_the_pack_is_out_and_nothing_moves() -> None:
    st = play(GAME, state(pack="2H"), "s")
    assert codes(GAME, st) == []
    outcome = GAME.outcome(st)
    assert outcome is not None and not outcome.won
    given = GAME.outcome(play(GAME, state(pack="2H"), "end"))
    assert given is not None and not given.won
