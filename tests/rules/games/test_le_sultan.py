"""Scenario tests for Cadogan's Le Sultan (001 l.838-877): the Divan refilled from the
talon first, the two shuffled re-deals, the win and the loss."""

from __future__ import annotations

from typing import Any

import pytest

from rules import IllegalMove, make
from rules.cards import KING, card, cards, name, packs, rank_of
from rules.games.le_sultan import LeSultan
from rules.games.sultan import D, W
from rules.packets import PACK, TURNED
from rules.patience import Table
from tests.kit.stacking import codes, play, stack

SQUARE = "KC KC KD KH KD KS KH KS AH"


def stacked(text: str, **options: Any) -> tuple[Any, Table]:
    game = make("le_sultan", options)
    return game, game.layout(stack(text, packs(2)), seed=3)


def run_out(game: Any, st: Table) -> Table:
    """Turn the whole pack onto the talon."""
    while st.piles[PACK] or st.piles[TURNED]:
        st = play(game, st, "t" if not st.piles[TURNED] else "p>w")
    return st


def greedy(game: Any, st: Table) -> Table:
    while game.outcome(st) is None:
        legal = codes(game, st)
        st = play(game, st, next((c for c in legal if ">f" in c), legal[0]))
    return st


def test_the_alias_of_the_vintage_copy() -> None:
    assert make("the_sultan").id == "le_sultan"


def test_a_divan_vacancy_is_filled_from_the_talon_when_there_is_one() -> None:
    game, st = stacked(SQUARE + " AC 2D 3D 4D 5D 6D 7D 8D QH 2C")
    st = play(game, st, "t", "p>w")  # Q♥ to the talon
    st = play(game, st, "d1>f1")     # A♣ up: the Divan has a vacancy
    assert codes(game, st) == ["w>d1"]  # the talon, not the pack (l.871-873)
    with pytest.raises(IllegalMove, match="from the talon"):
        game.apply(st, "p>d1", 0)
    st = play(game, st, "w>d1")
    assert name(st.piles[D][-1]) == "Q♥" and not st.piles[W]


def test_with_no_talon_the_vacancy_is_filled_from_the_pack() -> None:
    game, st = stacked(SQUARE + " AC 2D 3D 4D 5D 6D 7D 8D QH")
    st = play(game, st, "d1>f1")
    assert codes(game, st) == ["p>d1"]
    with pytest.raises(IllegalMove, match="First fill divan place 1"):
        game.apply(st, "t", 0)
    st = play(game, st, "p>d1")
    assert name(st.piles[D][-1]) == "Q♥"


def test_cheneys_reading_lets_the_player_choose() -> None:
    game, st = stacked(SQUARE + " AC 2D 3D 4D 5D 6D 7D 8D QH 2C", fill="either")
    st = play(game, st, "t", "p>w", "d1>f1")
    assert codes(game, st) == ["w>d1", "p>d1"]


def test_two_shuffled_redeals_then_the_end() -> None:
    game, st = stacked(SQUARE)
    st = run_out(game, st)
    assert codes(game, st)[-1] == "redeal" and game.public(st)["redeals_left"] == 2
    st2 = play(game, st, "redeal")
    # "taken up, shuffled and re-dealt" (l.875-877): not the talon turned over
    talon = st.piles[W]
    assert sorted(st2.piles[PACK]) == sorted(talon) and st2.piles[PACK] != talon[::-1]
    st2 = run_out(game, play(game, run_out(game, st2), "redeal"))
    assert "redeal" not in codes(game, st2)
    # lost: nothing is left to do after the second re-deal
    st3 = greedy(game, st2)
    outcome = game.outcome(st3)
    assert outcome is not None and not outcome.won


def test_unshuffled_option_turns_the_talon_over() -> None:
    game, st = stacked(SQUARE, shuffle=False)
    st = run_out(game, st)
    assert play(game, st, "redeal").piles[PACK] == st.piles[W][::-1]


def test_a_pack_in_order_wins_and_one_card_short_is_not_a_win() -> None:
    game = LeSultan()
    rest = sorted((c for c in packs(2) if rank_of(c) != KING and c != card(1, 1)),
                  key=lambda c: (rank_of(c), c))
    st = greedy(game, game.layout(cards(SQUARE) + tuple(rest), seed=0))
    outcome = game.outcome(st)
    assert outcome is not None and outcome.won
    fams = game.families(st)
    assert [rank_of(f[-1]) for f in fams] == [12, 12, 12, 12, 13, 12, 12, 12, 12]
    # one queen back off its family: not yet won
    short = game.table({f"f{j + 1}": f for j, f in enumerate(fams)}
                       | {"f1": fams[0][:-1], "d1": fams[0][-1:]})
    assert not game.won(short)
