"""Fooliana, from Cheney's *Patience* (1894), with "one more chance".

Source: ``000_afc193f70d23752d.txt`` l.2424-2498 (pp. 113-116); rule sheet
``shared/games/cheney.md``, section Fooliana.

One pack. "TAKE off thirteen cards from the pack, and lay them aside in a pile, face
upwards. This may be called the Fool. Lay the next card that comes as the beginning of a
row on which to form your families, following suit. Lay the next four cards in a row
below this. From this row you take any card of the same number as your first one, and
place beside it" (l.2428-2444). Marriages: "placing one card of the row on another next
higher, but alternating in color ... You can use the top card of the Fool in the same
manner; and when a space is left in the row you must fill it from the top of the Fool.
You can not only change one card in this manner, but all, or any number of cards on a
pile, if the number of the lowest one fits the top card of another pile in number and
color" (l.2446-2466). "When you can use no cards from the row or the Fool, you take the
remaining pack in your hand, and lay off three cards together, face up. You can use only
the top card of this stock ... Continue laying the cards by threes ... until the pack is
exhausted; then turn the stock, and proceed in the same manner. You can turn the stock
as long as you find any card to use; but if you have made no change it is of course
useless to turn it again, and the game has failed" (l.2468-2482). "When the Fool is
exhausted you can fill spaces with the lowest card of the pack in your hand"
(l.2489-2491). "some players allow one more chance by dealing off the three cards in a
different order, when the first one has failed to give any help" (l.2494-2498).

Two registered games: ``fooliana`` and its variant ``fooliana_extra_pass``, which is
``fooliana`` with option ``chance=one_more``.

Readings (the sheet's PROPOSED readings unless said otherwise):

- The Fool is a squared face-up pile: only its top card is seen and used. Likewise
  three cards laid off "together" show only their top card; the stock shows its top.
- The families start at the first family card's rank, one of each suit, and go round
  the corner from king to ace to end one below it (as in Corners, l.2263-2266). The
  row is built down by alternate colours with no king on an ace.
- Runs: any number of cards from the top of a row pile that lie in marriage order may
  move onto another row pile whose top takes the deepest of them (not into a space: the
  text fills spaces from the Fool, then from the pack).
- A space is filled from the Fool's top at once: while the Fool lasts, that is the only
  move. Once the Fool is used up, a space may be filled with the bottom card of the
  pack in hand, unseen (option ``space_fill``: ``stock_top``, the stock's top card, as
  in the modern Canfield).
- The player lays off threes when she likes (the book lays them off when nothing else
  can be done, but that is the player's own judgement, not enforced). A last lay-off
  of fewer than three cards lays what is left.
- The stock is turned over, unshuffled, into the hand when the hand is empty, as often
  as the last pass made a change: a card played to a family, or from the Fool, the stock
  or the hand (moving cards about the row is no change). After a pass with no change the
  game has failed: ``turn`` is no longer offered.
- ``fooliana_extra_pass``: after such a pass the stock may be turned once more, and the
  first lay-off of that pass is one card, the rest threes again, so that every group of
  three is different (the sheet's PROPOSED reading of "a different order").
- Won when the four families hold all 52 cards; lost when no move is left.

Moves, in this order: while a space waits and the Fool lasts, ``o>r<k>`` alone; else
``o>f``, ``w>f``, ``r<i>>f`` (the Fool's top, the stock's top, row pile ``i``'s top to its
family); ``o>r<j>``, ``w>r<j>``; run moves ``r<i>>r<j>`` and ``<n>r<i>>r<j>``; into the
first space ``h>r<k>`` (or ``w>r<k>``); ``d`` (lay off three); ``turn``; ``end``. A run may
not be put straight back where it came from. Shifts (part of a pile moved on) are
listed after ``turn`` (:func:`rules.building.shifts_last`).
"""

from __future__ import annotations

from typing import ClassVar

from ..building import (
    alt_down,
    family_for,
    family_label,
    name_rank,
    onto,
    run_moves,
    shifts_last,
    take_run,
)
from ..cards import Card, name, rank_of, suit_of
from ..description import CHENEY, Description
from ..game import Move, Option
from ..patience import DOWN, HOME, TOP, Patience, Pile, Step, Table, size
from ..registry import register, variant
from ..shape import DEAL, TURN

FOOL, ROW = 13, 4
SPACE_FILL = Option(
    "space_fill", "pack_bottom", "once the Fool is used up, a space is filled with: "
    "pack_bottom, the lowest card of the pack in hand (l.2489-2491); stock_top, the "
    "stock's top card", choices=("pack_bottom", "stock_top"))
FAMILIES = tuple(Pile(f"f{i + 1}", "foundation", "", "families") for i in range(4))
ROWS = tuple(Pile(f"r{i + 1}", "pile", f"row pile {i + 1}", "row") for i in range(ROW))
FL, R, W, H = 4, 5, 5 + ROW, 6 + ROW  # where the Fool, the row, the stock, the hand lie


def base(t: Table) -> int:
    """The rank the families start from: the first family card's."""
    return next(rank_of(f[0]) for f in t.piles[:FL] if f)


def changed(game: Patience, t: Table) -> bool:
    """A card went to a family, or came from the Fool, stock or hand, in this pass."""
    return bool(game.mark(t, "changed"))


@register
class Fooliana(Patience):
    description = Description(
        id="fooliana", title="Fooliana", book=CHENEY, lines="2424-2498", skill="little",
        bound=None)
    option_specs: ClassVar[tuple[Option, ...]] = (SPACE_FILL, Option(
        "chance", "none", "one_more: one more pass, its groups of three shifted by one "
        "card, after a pass that gave no help (l.2494-2498)", choices=("none", "one_more")))
    facts = (("base", lambda g, t: name_rank(base(t))), ("fool", size("fool")),
             ("hand", size("hand")), ("stock", size("stock")),
             ("changed_this_pass", changed), ("in_families", HOME))
    no_straight_back = True
    #: The passes are not counted: only whether the last one changed something.
    turns_count = False
    #: ``changed`` (see :func:`changed`); ``extra``, the extra pass of the variant has
    #: been taken; ``single``, the first lay-off of that pass is one card.
    marks = ("changed", "extra", "single")

    @property
    def extra_pass(self) -> bool:
        """One more pass after a pass with no change (``fooliana_extra_pass``)."""
        return self.options.get("chance") == "one_more"

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*FAMILIES, Pile("fool", "reserve", "the Fool", face=TOP, empty_up=1), *ROWS,
                Pile("stock", "waste", "the stock", face=TOP, empty_up=1),
                Pile("hand", "stock", "the pack in hand", face=DOWN))

    def label(self, t: Table, pile: Pile) -> str:
        return family_label(int(pile.id[1:]) - 1, base(t)) if pile.kind == "foundation" \
            else pile.label

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        first = cards[FOOL]
        return self.table({f"f{suit_of(first) + 1}": (first,), "fool": cards[:FOOL]}
                          | {p.id: (c,) for p, c in zip(ROWS, cards[FOOL + 1:], strict=False)}
                          | {"hand": cards[FOOL + 1 + ROW:][::-1]})

    def _fam(self, t: Table, c: Card) -> int:
        return family_for(t.piles[:FL], c, base(t), wrap=True)

    def may_turn(self, t: Table) -> bool:
        return not t.piles[H] and bool(t.piles[W]) and (
            changed(self, t) or (self.extra_pass and not self.mark(t, "extra")))

    def offers_end(self, t: Table) -> bool:
        """Not while a space must be filled from the Fool, the only move then."""
        return not (() in t.piles[R:W] and t.piles[FL])

    def steps(self, t: Table) -> list[Step]:
        row, fool, stock, hand = t.piles[R:W], t.piles[FL], t.piles[W], t.piles[H]
        space = row.index(()) if () in row else -1
        if space >= 0 and fool:
            return [Step(f"o>r{space + 1}", source=FL, target=R + space)]
        tops = [("o", FL, t.top(FL)), ("w", W, t.top(W))]
        out = [Step(f"{src}>f", source=i, target=self._fam(t, c)) for src, i, c in tops
               if c is not None and self._fam(t, c) >= 0]
        out += [Step(f"r{i + 1}>f", source=R + i, target=self._fam(t, p[-1]))
                for i, p in enumerate(row) if p and self._fam(t, p[-1]) >= 0]
        for src, i, c in tops:
            out += [Step(f"{src}>r{j + 1}", source=i, target=R + j) for j, q in enumerate(row)
                    if c is not None and q and alt_down(c, q[-1])]
        for m in run_moves(row, [len(p) for p in row], "r"):
            n, i = take_run(m.partition(">")[0], "r")
            out.append(Step(m, source=R + i, target=R + int(m.partition(">r")[2]) - 1,
                            count=n))
        if space >= 0:
            if self.option("space_fill") == "pack_bottom":
                if hand:
                    out.append(Step(f"h>r{space + 1}", source=H, target=R + space, at=0))
            elif stock:
                out.append(Step(f"w>r{space + 1}", source=W, target=R + space))
        if hand:
            n = 1 if self.mark(t, "single") else 3
            out.append(Step("d", DEAL, H, W, min(n, len(hand))))
        if self.may_turn(t):
            out.append(Step("turn", TURN, W, H, len(stock)))
        steps = {s.code: s for s in out}

        def shift(m: str) -> bool:  # part of a pile moved on: no space for the Fool
            s = steps[m]
            return R <= s.source < W and s.target >= R and s.count < len(t.piles[s.source])

        return [steps[m] for m in shifts_last(list(steps), shift)]

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        after = super().play(state, move)
        if s.kind == DEAL:
            return self.marked(after, single=0)
        if s.kind == TURN:
            was = changed(self, state)
            return self.marked(after, changed=0, single=not was,
                               extra=bool(self.mark(state, "extra")) or not was)
        moved_about = R <= s.source < W and R <= s.target < W  # row to row
        return self.marked(after, changed=changed(self, state) or not moved_about)

    def say(self, state: Table, move: Move) -> str:
        if move.code == "d":
            n = min(1 if self.mark(state, "single") else 3, len(state.piles[H]))
            return "lay off one card onto the stock" if n == 1 else \
                f"lay off {n} cards together onto the stock"
        if move.code == "turn":
            again = "" if changed(self, state) else " once more (one more chance)"
            return f"turn the stock into the hand{again}"
        s = self.step(state, move)
        if s.source == H:
            return f"fill row pile {s.target - R + 1} with the lowest card of the pack in hand"
        run = state.piles[s.source][s.taken(state)]
        where = "from the Fool" if s.source == FL else "from the stock" if s.source == W \
            else f"from row pile {s.source - R + 1}"
        what = name(run[0]) if len(run) == 1 else f"{name(run[0])} to {name(run[-1])}"
        if s.target < FL:
            return f"play {what} {where} to {family_label(s.target, base(state))}"
        j = s.target - R
        return f"put {what} {where} {onto(run[0], state.piles[s.target], f'row pile {j + 1}')}"


FOOLIANA_EXTRA_PASS = variant(Fooliana, Description(
    id="fooliana_extra_pass", title="Fooliana, one more chance", book=CHENEY,
    lines="2494-2498, 2424-2493", skill="little", bound=None, variant_of="fooliana",
    fixed={"chance": "one_more"}))
