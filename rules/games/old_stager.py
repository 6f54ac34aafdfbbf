"""The Old Stager, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.2193-2230 (pp. 102-103); rule sheet
``shared/games/cheney.md``, section The Old Stager.

Two packs. "LAY off three rows of thirteen cards each. If in doing so you place a king on
a lower number of the same suit, you have the privilege of removing it to the next place,
filling up this space with the next card from the pack, as it would be almost impossible
to succeed with a king thus placed" (l.2197-2204). "place the aces as they come in a row
below, and pile on them by suits from ace to king. You can use only the lowest row of
cards, but when the lower card is removed, the one next above it becomes free for use.
You can also form marriages by placing a free card on another free card of the
denomination just above it of the same suit. You can also place the top card from the
stock or pack either on the aces in order, or on the rows. When you have a space in the
upper row, you can fill it only with the top card of the stock; but you can place
another free card upon that one if it is next below it in number. If you do not succeed,
you have the privilege of laying off three cards from the under side of the stock, and
then going on as before" (l.2206-2230).

Readings (the sheet's PROPOSED readings unless said otherwise):

- The three rows overlap downward: thirteen columns of three, the lowest card of each
  free. A column emptied is "a space in the upper row".
- The kings' privilege (a standing rule, not a one-off the solo shell counts), the
  player's choice as the rows are laid: a king laid directly on a lower card of its suit
  (option ``king_privilege``: ``covering``, the default; ``anywhere``: on any card of
  its suit higher in its column; ``off``: never) may be moved on to the next place
  (``k``), the next card of the pack taking its place, or left (``n``); the question
  comes again if the same happens at its new place; never at the last place, nor with
  the pack used up. Nothing else is played until the rows are laid. Kings still waiting
  when the rows are full go back on top of the pack.
- The families: eight, two of each suit, up from the aces. The pack is turned a card at
  a time onto the stock; the stock's top card may go to a family, marry a free card or
  fill a space.
- A card placed on the stock card in a space must be of its suit too (the game's
  marriage rule; the text says only "next below it in number").
- The privilege (``lay_off``, once, counted by the solo shell: ``privileges_allowed``),
  after the pack is used up: the bottom three cards of the stock are laid on its top,
  the lowest first, so that the third from the bottom is the new top card and the other
  two follow it.
- Won when the eight families hold all 104 cards; lost when no move is left.

Moves, in this order: while laying out, ``k`` and ``n``; then ``t<i>>f``, ``w>f`` (column
``i``'s free card or the stock's top to its family); ``t<i>>t<j>``, ``w>t<j>``
(marriages: one lower, same suit); ``w>t<k>`` (the first empty column); ``d`` (turn
the next card onto the stock); ``p`` (the privilege); ``end``. A card may not be put
straight back where it came from. Shifts (a free card married on without emptying its
column) are listed after ``d`` and ``p`` (:func:`rules.building.shifts_last`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar

from ..building import family_for, family_label, onto, shifts_last, suit_down
from ..cards import KING, Card, name, rank_of, suit_of
from ..description import CHENEY, Description
from ..game import Move, Option
from ..patience import DOWN, HOME, Patience, Pile, Step, Table
from ..registry import register
from ..shape import DEAL, OTHER, PRIVILEGE

COLUMNS, ROWS = 13, 3
PLACES = COLUMNS * ROWS
FAMILIES = tuple(Pile(f"f{i + 1}", "foundation", family_label(i), "families") for i in range(8))
ROWS_ = tuple(Pile(f"t{i + 1}", "pile", f"column {i + 1}", "rows") for i in range(COLUMNS))
T, W, K, P = 8, 8 + COLUMNS, 9 + COLUMNS, 10 + COLUMNS  # columns, stock, kings waiting, pack


def spoils(c: Card, column: tuple[Card, ...], rule: str) -> bool:
    """Whether king ``c`` laid on ``column`` lies on a lower card of its suit (directly
    on it with ``covering``, anywhere above it with ``anywhere``)."""
    if rule == "off" or rank_of(c) != KING:
        return False
    above = column[-1:] if rule == "covering" else column
    return any(suit_of(a) == suit_of(c) and rank_of(a) < KING for a in above)


@register
class OldStager(Patience):
    description = Description(
        id="old_stager", title="The Old Stager", book=CHENEY, lines="2193-2230",
        skill="some", bound=None, packs=2)
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("king_privilege", "covering", "a king laid on a lower card of its suit moves "
               "to the next place: covering (directly on it), anywhere (on any such card of "
               "its column), off", choices=("covering", "anywhere", "off")),
    )
    privileges_allowed: ClassVar[Mapping[str, int]] = {"lay_off": 1}
    #: Places laid so far (39 once the rows are laid out); whether the king just laid
    #: lies on a lower card of its suit (move it on, or leave it).
    marks = ("laid", "offer")
    no_straight_back = True

    @property
    def rule(self) -> str:
        return str(self.option("king_privilege"))

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*FAMILIES, *ROWS_, Pile("stock", "waste", "the stock"),
                Pile("waiting", "hand", "kings moved on, to be laid next"),
                Pile("pack", "stock", "the pack", face=DOWN))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        return self.lay_on(self.table({"pack": cards[::-1]}))

    def lay_on(self, t: Table, from_pack: bool = False) -> Table:
        """Lay the rows on, place by place, until a king may be moved on or all are laid.

        The next place takes a king waiting to be moved on, else the pack's top card (the
        pack's top always, with ``from_pack``: the place a king has just left)."""
        piles = list(t.piles)
        pack, waiting, laid = piles[P], piles[K], self.mark(t, "laid")
        offer = False
        while laid < PLACES:
            if waiting and not from_pack:
                c, waiting = waiting[0], waiting[1:]
            else:
                c, pack = pack[-1], pack[:-1]
            from_pack = False
            j = T + laid % COLUMNS
            offer = laid < PLACES - 1 and bool(pack) and spoils(c, piles[j], self.rule)
            piles[j] = (*piles[j], c)
            laid += 1
            if offer:
                break
        else:  # kings still waiting go back on top of the pack
            pack, waiting = (*pack, *reversed(waiting)), ()
        piles[P], piles[K] = pack, waiting
        down = (*t.down[:P], len(pack))
        return self.marked(Table(tuple(piles), down, privileges_used=t.privileges_used),
                           laid=laid, offer=offer)

    def offers_end(self, t: Table) -> bool:
        return not self.mark(t, "offer")

    def steps(self, t: Table) -> list[Step]:
        j = T + (self.mark(t, "laid") - 1) % COLUMNS
        if self.mark(t, "offer"):  # the king's privilege: move it on, or leave it
            return [Step("k", PRIVILEGE, j, K), Step("n", OTHER, j)]
        cols, fams, top = t.piles[T:W], self.families(t), t.top(W)
        out = [Step(f"t{i + 1}>f", source=T + i, target=j) for i, p in enumerate(cols)
               if p and (j := family_for(fams, p[-1])) >= 0]
        if top is not None and (j := family_for(fams, top)) >= 0:
            out.append(Step("w>f", source=W, target=j))
        for i, p in enumerate(cols):
            out += [Step(f"t{i + 1}>t{j + 1}", source=T + i, target=T + j)
                    for j, q in enumerate(cols) if p and q and i != j and suit_down(p[-1], q[-1])]
        if top is not None:
            out += [Step(f"w>t{j + 1}", source=W, target=T + j)
                    for j, q in enumerate(cols) if q and suit_down(top, q[-1])]
            if () in cols:
                out.append(Step(f"w>t{cols.index(()) + 1}", source=W, target=T + cols.index(())))
        if t.piles[P]:
            out.append(Step("d", DEAL, P, W))
        elif self.may_use_privilege(t) and len(t.piles[W]) > 3:
            out.append(Step("p", PRIVILEGE, W, W, 3, at=0))
        steps = {s.code: s for s in out}

        def shift(m: str) -> bool:  # a free card married on, its column not emptied
            s = steps[m]
            return T <= s.source < W and s.target >= T and len(t.piles[s.source]) > 1

        return [steps[m] for m in shifts_last(list(steps), shift)]

    def goes_home(self, t: Table, pile: int) -> bool | None:
        if not T <= pile <= W:
            return None
        top = t.top(pile)  # while a king's privilege is offered, only it
        return top is not None and not self.mark(t, "offer") \
            and family_for(self.families(t), top) >= 0

    def special(self, t: Table, step: Step) -> Table:
        if step.code == "p":  # the three bottom cards of the stock laid on its top
            s = t.piles[W]
            laid = (*t.piles[:W], (*s[3:], *s[:3]), *t.piles[W + 1:])
            return replace_piles(t, laid, privileges_used=self.use_privilege(t))
        if step.code == "k":  # the king waits; the pack's next card takes its place
            king = t.piles[step.source][-1]
            piles = list(t.piles)
            piles[step.source] = piles[step.source][:-1]
            piles[K] = (*piles[K], king)
            moved = self.marked(replace_piles(t, tuple(piles)),
                                laid=self.mark(t, "laid") - 1, offer=0)
            return self.lay_on(moved, from_pack=True)
        return self.lay_on(self.marked(t, offer=0))

    def public(self, state: Table) -> dict[str, Any]:
        pack = len(state.piles[P])
        if self.mark(state, "laid") < PLACES:
            return {"phase": "laying out", "laid": self.mark(state, "laid"), "pack": pack}
        return {"pack": pack, **self.privilege_facts(state), "in_families": HOME(self, state)}

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        if s.kind == DEAL:
            return "turn the next card of the pack onto the stock"
        if s.code == "p":
            return "the privilege: lay off the three bottom cards of the stock on its top"
        if s.code in ("k", "n"):
            king = name(t.piles[s.source][-1])
            if s.code == "k":
                return f"move {king} on to the next place and fill its place from the pack"
            return f"leave {king} where it lies and go on laying out"
        c = t.piles[s.source][-1]
        where = "from the stock" if s.source == W else f"from column {s.source - T + 1}"
        if s.target < T:
            return f"play {name(c)} {where} to {family_label(s.target)}"
        b = s.target - T + 1
        return f"put {name(c)} {where} {onto(c, t.piles[s.target], f'column {b}')}"


def replace_piles(t: Table, piles: tuple[tuple[Card, ...], ...], **changes: Any) -> Table:
    """``t`` with new piles, every one open but the pack (the last), and no last move."""
    return replace(t, piles=piles, down=(*t.down[:P], len(piles[P])), back=None, **changes)
