"""Traditional Solitaire or Klondike, from the Hoyle solitaire chapter (seed 003).

Source: ``003_589c967ab98c43e6.txt`` l.23-33; rule sheet ``shared/games/hoyle.md``,
section "Traditional Solitaire or Klondike…".

One pack. "turn up the top card. Lay six more cards in a row to the right of the first
card [all face down; the raw text has ".bj^alHace down"]. Upon the second card of this
row place another card face up, and then cards face down on the remaining five ...
Continue this until you have seven cards face up, which will give you twenty eight
cards in your layout" (l.27): seven columns, column j holding j cards, the top one face
up, dealt row by row as the text says (the same deal as Cheney's Triangle,
:func:`.triangle.triangle`). "Take out any aces showing, and place them in a row by
themselves for 'foundations.' Build up on these aces in sequence and suit to kings. On
the layout, build in descending sequence, red on black, black on red, turning up the top
card when any pile is left without a faced card upon it. If there is more than one card
face up on any pile, they must be removed together or not at all. Spaces may be filled
only with kings" (l.29). "The stock is run off three cards at a time, and any card
showing can be used. The pack can be run through in this manner until no cards showing
can be used, but there must be no shuffling or rearrangement of the cards. Sometimes it
is the rule to run through the pack once only, turning up one card at a time" (l.31).
"The object of the game is to see how many cards can be built on the ace row" (l.33).

Readings (the sheet's PROPOSED readings):

- "removed together or not at all" (amb. 1): from column to column a pile's face-up
  cards move only as one whole group, never part of it. The single top card may still
  be played to its foundation (option ``top_to_foundation``, default on; off is the
  strictest reading, where a top card goes home only when it is the pile's only face-up
  card).
- A space takes a king from the waste, or a king with all the face-up cards on it (amb.
  2); a group whose king lies on no face-down card is not moved to another space (that
  changes nothing). The spaces are alike, so the first empty one is offered.
- "any card showing" is the top card of the waste (amb. 3); it goes to its foundation
  or onto a column. With fewer than three cards left in the stock the one or two left
  are turned (amb. 4). A face-down card left on top of a column is turned up at once
  (amb. 5).
- "until no cards showing can be used": the waste is turned over (no shuffling) to run
  the stock through again only when some card was played during the pass just ended;
  a pass in which no card could be used ends the game (option ``passes=until_no_play``;
  ``passes=one``: the stock is run through once only).
- Foundations are built up in suit from the aces; no card comes back from them. Won with
  all 52 cards on the foundations; otherwise the score is the number built there, and
  the player may give up (``end``) whenever she sees no way on.

The variant of l.31, ``klondike_one_pass``, turns one card at a time and runs through
the stock once only.

Moves, in this order: ``t<i>>f`` (column i's top card to its foundation), ``w>f`` (the
waste's top card to its foundation), ``t<i>>t<j>`` (column i's face-up cards, all of
them, onto column j, or a king's group into the first space), ``w>t<j>`` (the waste's
top card onto column j, or a king into the first space), ``d`` (turn the next cards of
the stock onto the waste, or, the stock run out, turn the waste over for the next
pass), ``end``.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace
from typing import Any

from ..cards import KING, Card, name, rank_of
from ..description import HOYLE, Description
from ..game import Move, Option, Zone
from ..registry import register, variant
from ..solo import open_zone, pack_of, pack_zone, with_end
from ._columns import (
    DEAL,
    ColumnGame,
    Piles,
    add,
    alt_down,
    family_for,
    family_label,
    family_zones,
    home,
    onto,
    put,
    safe_home,
)
from .triangle import triangle, turn_up

COLUMNS = 7


@dataclass(frozen=True, slots=True)
class KlondikeState:
    #: Columns, bottom to top.
    columns: Piles
    #: How many cards at the bottom of each column lie face down.
    down: tuple[int, ...]
    #: The stock, face down, top last.
    stock: tuple[Card, ...]
    #: The waste, face up, top last.
    waste: tuple[Card, ...]
    families: Piles
    #: Passes through the stock begun (the first is 1).
    passes: int = 1
    #: Whether any card has been played since the current pass began.
    played: bool = False
    given_up: bool = False


def group(state: KlondikeState, i: int) -> tuple[Card, ...]:
    """Column ``i``'s face-up cards (bottom first)."""
    return state.columns[i][state.down[i]:]


@register
class Klondike(ColumnGame[KlondikeState]):
    description = Description(
        id="klondike", title="Traditional Solitaire or Klondike (three at a time)",
        book=HOYLE, lines="23-33", skill="some", bound=None)
    option_specs = (
        Option("draw", 3, "cards turned from the stock at a time (l.31: three; one in "
               "the once-through rule)", choices=(3, 1)),
        Option("passes", "until_no_play",
               "until_no_play: the stock is run through again as long as a card was "
               "used in the pass before; one: once only", choices=("until_no_play", "one")),
        Option("top_to_foundation", True,
               "the single top card of a column's face-up group may go to its foundation "
               "(off: the group is removed together or not at all, even to the "
               "foundations)"),
    )

    def layout(self, cards: tuple[Card, ...], seed: int) -> KlondikeState:
        cols, down, n = triangle(cards, COLUMNS)
        return KlondikeState(cols, down, pack_of(cards[n:]), (), ((),) * 4)

    def moves(self, state: KlondikeState) -> tuple[Move, ...]:
        cols, fams = state.columns, state.families
        one_up = not self.option("top_to_foundation")
        out = [f"t{i + 1}>f" for i, p in enumerate(cols)
               if p and family_for(fams, p[-1]) >= 0
               and not (one_up and len(p) - state.down[i] > 1)]
        w = state.waste[-1] if state.waste else None
        if w is not None and family_for(fams, w) >= 0:
            out.append("w>f")
        space = cols.index(()) if () in cols else -1
        for i, p in enumerate(cols):
            if not p:
                continue
            g = group(state, i)
            out += [f"t{i + 1}>t{j + 1}" for j, q in enumerate(cols)
                    if q and j != i and alt_down(g[0], q[-1])]
            if space >= 0 and rank_of(g[0]) == KING and state.down[i]:
                out.append(f"t{i + 1}>t{space + 1}")
        if w is not None:
            out += [f"w>t{j + 1}" for j, q in enumerate(cols) if q and alt_down(w, q[-1])]
            if space >= 0 and rank_of(w) == KING:
                out.append(f"w>t{space + 1}")
        if state.stock or (state.waste and self._may_run_again(state)):
            out.append(DEAL.code)
        return with_end([Move(m) for m in out])

    def family_safe(self, state: KlondikeState) -> tuple[Move, ...]:
        """A column's top card to its foundation when no card could ever want to lie on
        it (:func:`._columns.safe_home`): an ace or a two, or a card whose two lower
        cards of the other colour are built already (the usual rule of safe play). The
        waste's top card too when the stock is turned one card at a time; turned in
        threes, a card taken from the waste changes which cards show on every later
        pass (a player may keep one there for that), so it is left to the player."""
        cands = [(f"t{i + 1}>f", p[-1]) for i, p in enumerate(state.columns) if p]
        if state.waste and self.option("draw") == 1:
            cands.append(("w>f", state.waste[-1]))
        return safe_home(self.legal_moves(state, 0), cands, self.pack(), state.families,
                         alt_down)

    def _may_run_again(self, state: KlondikeState) -> bool:
        return self.option("passes") == "until_no_play" and state.played

    def play(self, state: KlondikeState, move: Move) -> KlondikeState:
        if move == DEAL:
            if not state.stock:  # the waste turned over, unshuffled, for the next pass
                return replace(state, stock=tuple(reversed(state.waste)), waste=(),
                               passes=state.passes + 1, played=False)
            n = min(int(self.option("draw")), len(state.stock))
            turned = tuple(reversed(state.stock[-n:]))
            return replace(state, stock=state.stock[:-n], waste=state.waste + turned)
        src, _, dst = move.code.partition(">")
        st = replace(state, played=True)
        cs: tuple[Card, ...]
        if src == "w":
            cs, st = (state.waste[-1],), replace(st, waste=state.waste[:-1])
        else:
            i = int(src[1:]) - 1
            k = 1 if dst == "f" else len(group(state, i))
            cs = state.columns[i][-k:]
            cols = put(state.columns, i, state.columns[i][:-k])
            st = replace(st, columns=cols, down=turn_up(cols, state.down, i))
        if dst == "f":
            return replace(st, families=add(st.families, family_for(st.families, cs[0]),
                                            cs[0]))
        j = int(dst[1:]) - 1
        return replace(st, columns=put(st.columns, j, st.columns[j] + cs))

    # -- what the solver and autodrop may use (rules/solver.py) -------------------------

    def solver_key(self, state: KlondikeState) -> Hashable:
        """How many passes have been begun changes nothing ahead (whether a card was used
        in this pass does): positions that differ only so are one for the search."""
        return (state.columns, state.down, state.stock, state.waste, state.families,
                state.played, state.given_up)

    def zones(self, state: KlondikeState) -> tuple[Zone, ...]:
        return (
            *family_zones(state.families),
            *(Zone(f"t{i + 1}", "pile", p, len(p) - d, label=f"column {i + 1}",
                   group="layout")
              for i, (p, d) in enumerate(zip(state.columns, state.down, strict=True))),
            pack_zone(state.stock, "stock", "the stock"),
            open_zone("waste", "waste", state.waste, "the cards turned from the stock"),
        )

    def public(self, state: KlondikeState) -> dict[str, Any]:
        return {"in_stock": len(state.stock), "pass": state.passes,
                "face_down": sum(state.down), "on_foundations": home(state.families)}

    def summary(self, state: KlondikeState, won: bool) -> str:
        if won:
            return "all 52 cards built on the ace row"
        why = "given up" if state.given_up else "no card showing can be used"
        return f"{home(state.families)} of 52 cards built on the ace row; {why}"

    def say(self, state: KlondikeState, move: Move) -> str:
        if move == DEAL:
            if not state.stock:
                return f"turn the waste over and run through the stock again (pass " \
                    f"{state.passes + 1})"
            n = min(int(self.option("draw")), len(state.stock))
            return "turn the next card of the stock" if n == 1 else \
                f"turn the next {n} cards of the stock"
        src, _, dst = move.code.partition(">")
        cs: tuple[Card, ...]
        if src == "w":
            cs, where = (state.waste[-1],), "from the waste"
        else:
            i = int(src[1:]) - 1
            cs = (state.columns[i][-1],) if dst == "f" else group(state, i)
            where = f"from column {i + 1}"
        what = name(cs[0]) if len(cs) == 1 else f"{name(cs[0])} and the {len(cs) - 1} " \
            f"card{'s' if len(cs) > 2 else ''} on it"
        if dst == "f":
            return f"play {what} {where} to {family_label(family_for(state.families, cs[0]))}"
        j = int(dst[1:]) - 1
        return f"put {what} {where} {onto(cs[0], state.columns[j], f'column {j + 1}')}"


KLONDIKE_ONE_PASS = variant(Klondike, Description(
    id="klondike_one_pass", title="Klondike, once through one card at a time", book=HOYLE,
    lines="31", skill="some", bound=None, variant_of="klondike",
    fixed={"draw": 1, "passes": "one"}))
