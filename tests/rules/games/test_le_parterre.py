"""Le Parterre (Cadogan 001 l.1282-1344): the book's example, one card at a time, the
Bouquet never refilled, a cleared packet begun anew, the win and the end."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import IllegalMove
from rules.cards import Card, cards, packs, rank_of, suit_of
from rules.games.flower_garden import FlowerGarden
from rules.games.le_parterre import LeParterre
from rules.patience import Table
from rules.solo import replace_at
from tests.kit.stacking import codes, play

GAME = LeParterre()


def state(groups: tuple[str, ...], bouquet: str,
          fams: tuple[tuple[Card, ...], ...] = ((),) * 4) -> Table:
    return GAME.table({f"g{i + 1}": cards(g) for i, g in enumerate(groups)}
                      | {"bouquet": tuple(sorted(cards(bouquet)))}
                      | {f"f{s + 1}": f for s, f in enumerate(fams)})


def test_the_books_example() -> None:
    # l.1320-1326: "place the four of diamonds (see tableau) on the five of clubs, then
    # take the ten of hearts from the Bouquet and place it on the knave of diamonds. The
    # nine of clubs can now be transferred, and the ace and deuce of diamonds are released."
    st = state(("KS 2D AD 9C 4D", "KH 5C", "KC JD", "KD", "QS", "QH"), "TH 7S")
    assert "g1>g2" in codes(GAME, st)
    st = play(GAME, st, "g1>g2", "bth>g3", "g1>g3")
    assert codes(GAME, st)[0] == "g1>f"
    st = play(GAME, st, "g1>f", "g1>f")
    assert GAME.pile(st, f"f{suit_of(cards('AD')[0]) + 1}") == cards("AD 2D")


def test_one_card_at_a_time_where_cheney_moves_a_sequence() -> None:
    st = state(("KS 9C 8H", "KH TD", "KC", "KD", "QS", "QH"), "7S")
    cheney = [m.code for m in FlowerGarden().legal_moves(st, 0)]
    assert "g1.2>g2" in cheney
    assert not any("." in c for c in codes(GAME, st))
    with pytest.raises(IllegalMove):
        GAME.apply(st, "g1.2>g2", 0)


def test_a_cleared_packet_is_begun_with_any_available_card() -> None:
    st = state(("KS 9C", "", "KC", "KD", "QS", "QH"), "7S")
    assert "g1>g2" in codes(GAME, st) and "b7s>g2" in codes(GAME, st)
    st = play(GAME, st, "b7s>g2")
    assert GAME.pile(st, "bouquet") == () and GAME.pile(st, "g2") == cards("7S")


def test_all_on_the_foundations_wins_and_one_short_does_not() -> None:
    fams = tuple(tuple(sorted((c for c in packs(1) if suit_of(c) == s), key=rank_of))
                 for s in range(4))
    last = fams[3][-1]
    st = state(("", "", "", "", "", ""), "", (*fams[:3], fams[3][:-1]))
    st = replace(st, piles=replace_at(st.piles, GAME.index["bouquet"], (last,)))
    assert not GAME.won(st) and GAME.outcome(st) is None
    outcome = GAME.outcome(play(GAME, st, codes(GAME, st)[0]))
    assert outcome is not None and outcome.won


def test_blocked_or_given_up_is_lost() -> None:
    st = state(("KS 2H", "KH 2S", "KC 2D", "KD 2C", "5S", "5H"), "")
    assert codes(GAME, st) == []
    outcome = GAME.outcome(st)
    assert outcome is not None and not outcome.won
