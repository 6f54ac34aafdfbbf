"""Helpers for scenario tests of one-seat games: stacked packs, legal codes, play."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from rules import Play, UndoRefused
from rules.cards import Card, cards
from rules.patience import Patience, Table


def stack(text: str, pack: Sequence[Card], rest: Sequence[Card] | None = None,
          skip_used: bool = False) -> tuple[Card, ...]:
    """``pack`` with the cards of ``text`` first (each card's first free copy, first
    pack before second), then ``rest`` or the other cards in pack order. A card with no
    free copy left is an error, or left out with ``skip_used``."""
    pool = list(pack)
    head = []
    for c in cards(text):
        c = c if c in pool else c | 64
        if c not in pool and skip_used:
            continue
        pool.remove(c)
        head.append(c)
    return (*head, *(pool if rest is None else rest))


def codes(game: Any, st: Any) -> list[str]:
    """The legal move codes of the one seat, in the game's order."""
    return [m.code for m in game.legal_moves(st, 0)]


def play(game: Any, st: Any, *moves: str) -> Any:
    """Play checked moves for the one seat."""
    for code in moves:
        st = game.apply(st, code, 0)
    return st


def columns_table(game: Patience, columns: Sequence[Sequence[Card]],
                  families: Sequence[Sequence[Card]], pack: Sequence[Card],
                  stock: Sequence[Card] = ()) -> Table:
    """A table of Reversible Sequences or Intervale (:mod:`rules.free_columns`): the
    columns from the left, the families in order, the pack and the stock top last."""
    piles = {f"c{i + 1}": tuple(c) for i, c in enumerate(columns)}
    piles |= {f"f{j + 1}": tuple(f) for j, f in enumerate(families)}
    return game.table(piles | {"pack": tuple(pack), "stock": tuple(stock)})


def home_or_deal(game: Patience, st: Table) -> Table:
    """Play to the families when a card fits, else turn the next card."""
    while game.outcome(st) is None:
        moves = codes(game, st)
        home = [m for m in moves if ">f" in m]
        st = play(game, st, home[0] if home else "d")
    return st


def turn_undone_unless_shuffled(play: Play[Any], code: str, shuffled: bool) -> None:
    """Play ``code`` (the stock turned, taken up or dealt again) for the one seat: undo
    stops there exactly when the cards were shuffled (their new order is news, as a card
    turned up is), and otherwise takes it back to the table before."""
    turned = play.push(code, 0)
    assert turned.revealed[-1] is shuffled
    if shuffled:
        with pytest.raises(UndoRefused):
            turned.undo()
    else:
        assert turned.undo().state == play.state
