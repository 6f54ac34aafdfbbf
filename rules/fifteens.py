"""The table of Fifteen in a Row and La Quinzaine: fifteen columns and eight families.

Cheney's Fifteen in a Row and Cadogan's La Quinzaine lay both packs out in rows of
fifteen (the last row fourteen), each row lapping over the one above, so that a column's
last card is free; the aces are built up and the kings down, following suit (``f1``-``f4``
up from the aces of spades, hearts, diamonds, clubs, ``f5``-``f8`` down from the kings,
:func:`rules.families.family_targets`). A free card marries a free card of its suit one
higher or one lower, and an empty column (Cheney's street, Cadogan's lane) takes any
free card. The two games differ in their foundations' opening, which each says for
itself; this module holds the table they share, on the patience model.
"""

from __future__ import annotations

from .cards import Card, identity, name
from .families import family_name, family_targets
from .game import Move
from .patience import HOME, Patience, Pile, Step, Table, empties
from .solo import split_code

COLUMNS, ROWS = 15, 7
C = 8  # where the columns lie (after the eight families)
FAMILIES = tuple(Pile(f"f{i + 1}", "foundation", family_name(i), "aces" if i < 4 else "kings")
                 for i in range(8))
PILES = (*FAMILIES, *(Pile(f"c{i + 1}", "pile", f"column {i + 1}", "columns")
                      for i in range(COLUMNS)))


def lay_piles(game: Patience) -> tuple[Pile, ...]:
    return PILES


def layout(game: Patience, cards: tuple[Card, ...], seed: int) -> Table:
    """Both packs in rows of fifteen: column ``i`` holds each row's ``i``-th card."""
    return game.table({f"c{i + 1}": tuple(cards[r * COLUMNS + i] for r in range(ROWS)
                                          if r * COLUMNS + i < len(cards))
                       for i in range(COLUMNS)})


def opening(game: Patience, t: Table) -> bool:
    """Whether an ace family or a king family is still to be begun."""
    fams = game.families(t)
    return not (any(fams[:4]) and any(fams[4:]))


FACTS = (("opening", opening), ("in_families", HOME), ("streets", empties("pile")))


def to_families(game: Patience, t: Table) -> list[Step]:
    """Every free card to every family that takes it."""
    fams = game.families(t)
    return [Step(f"c{i + 1}>f{j + 1}", source=C + i, target=j)
            for i, p in enumerate(t.piles[C:]) if p for j in family_targets(fams, p[-1])]


def goes_home(t: Table, pile: int) -> bool | None:
    """Whether :func:`to_families` has a move from ``pile`` (``None`` for a family)."""
    if pile < C:
        return None
    p = t.piles[pile]
    return bool(p) and bool(family_targets(t.piles[:C], p[-1]))


def marriages(t: Table) -> list[Step]:
    """A free card onto a free card of its suit one higher or one lower, or into the
    first empty column (not a column's last card: that changes nothing)."""
    cols = t.piles[C:]
    by_top: dict[Card, list[int]] = {}
    for k, p in enumerate(cols):
        if p:
            by_top.setdefault(identity(p[-1]), []).append(k)
    empty = cols.index(()) if () in cols else -1
    out = []
    for i, p in enumerate(cols):
        if not p:
            continue
        c = identity(p[-1])
        to = [*by_top.get(c + 1, []), *by_top.get(c - 1, [])]
        if empty >= 0 and len(p) > 1:
            to.append(empty)
        out += [Step(f"c{i + 1}>c{k + 1}", source=C + i, target=C + k) for k in sorted(to)]
    return out


def summary(game: Patience, state: Table, won: bool) -> str:
    return "the families are complete" if won else Patience.summary(game, state, won)


def say(game: Patience, state: Table, move: Move) -> str:
    """A free card to a family, a card from under it to a family, or a marriage."""
    src, a, dst, b = split_code(move.code)
    assert a is not None and b is not None
    p = state.piles[C + a - 1]
    if src == "x":
        return f"take {name(p[-2])} from under {name(p[-1])} in column {a} and " \
            f"begin {family_name(b - 1)}; {name(p[-1])} slides up"
    if dst == "f":
        return f"play {name(p[-1])} from column {a} on {family_name(b - 1)}"
    q = state.piles[C + b - 1]
    if q:
        return f"marry {name(p[-1])} from column {a} to {name(q[-1])} on column {b}"
    return f"put {name(p[-1])} from column {a} into the street, column {b}"


__all__ = ["COLUMNS", "FACTS", "PILES", "C", "goes_home", "lay_piles", "layout", "marriages",
           "opening", "say", "summary", "to_families"]
