"""Honors, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.1814-1872 (book pp. 83-85); rule sheet
``shared/games/cheney.md``, section Honors.

Two packs. Eight cards begin the families: 2♠, K♥, A♦, Q♣ in the upper row, piled
upward; K♠, Q♥, J♦, 10♣ in the lower row, piled downward; "each family must end with the
card next in rank to that with which it began" (l.1824-1841), so each family turns the
corner (king to ace going up, ace to king going down) and holds thirteen cards. "You now
lay off two rows of cards of ten each. When these are full, you may lay another card
upon each, choosing the place on which to put it according to your pleasure"
(l.1843-1847). "When your places are all filled, you may lay off three cards from the
pack, and even draw one of those from the table. Still more, when the pack is out, if
you have any empty spaces in the rows, you may fill them with the top card of the double
piles, thus freeing the card beneath" (l.1852-1863). The book's end (l.1864-1872): the
tops show "the aces of spades, two kings and queens of hearts, and kings and queens of
diamonds, and the knaves of clubs".

Readings (the sheet's PROPOSED readings):

- The eight base cards are taken out first (the first copy of each in the shuffled
  pack); the other card of the same name is an ordinary card.
- The top card of any place may go to a family at any time, also while the rows are
  being laid. The first twenty cards fill the places (``d``: the next card into the first
  empty place); a place emptied before the rows are full is filled again so.
- Then each card is turned (``t``) and laid on a place of the player's choice holding
  fewer than two cards, or on a family. When every place holds two cards, "your places
  are all filled", and the rest of the pack is laid off three at a time on a face-up
  stock (``d3``): its top card is available, and "one of those" three may be drawn once
  from under it (the sheet's reading of "draw one of those from the table").
- Option ``draw=from_the_table`` (the sheet's other reading): once for each three laid
  off, one card may be drawn from anywhere on the table: one of the three, or the card
  under the top of a double pile (``u<i>>f<j>``).
  The draw comes again with each three laid off: a standing rule, not a one-off the
  solo shell counts (``privileges_allowed``), so ``drawn`` stays a mark of the game's own.
- No turning of the stock. When the pack is out, the top card of a double pile may fill
  an empty place. The game is lost when no move is left.

Moves, in this order: ``p<i>>f<j>`` (the top of place ``i``, 1-10 the upper row, 11-20
the lower, to family ``j``: ``f1``-``f4`` up from 2♠, K♥, A♦, Q♣, ``f5``-``f8`` down
from K♠, Q♥, J♦, 10♣); ``h>f<j>`` and ``h>p<i>`` (the card turned); ``w>f<j>`` (the
stock's top), ``w2>f<j>`` and ``w3>f<j>`` (draw the second or third card of the last
three); ``u<i>>f<j>`` (with the option: draw the card under place ``i``'s top);
``p<i>>p<k>`` (a double pile's top into the first empty place, pack out); ``d``,
``t`` or ``d3``. Empty places are alike: a card is offered to the first one only.
Cards only go forward, so every game ends. Won when the eight families hold all 104
cards.
"""

from __future__ import annotations

from typing import Any

from .. import packets
from ..cards import Card, card, cards, identity, name, rank_of, suit_of
from ..common import step_rank
from ..description import CHENEY, Description
from ..game import Move, Option
from ..patience import DOWN, HOME, Patience, Pile, Step, Table
from ..registry import register
from ..shape import DEAL

BASES = cards("2S KH AD QC KS QH JD TC")
PLACES, ROW = 20, 10
P, HAND, STOCK, PACK = 8, 28, 29, 30  # where the places, the card turned, stock, pack lie
#: Stages: laying the rows, a second card on each place, threes.
ROWS, SECOND, THREES = 1, 2, 3
Fams = tuple[tuple[Card, ...], ...]


def wanted(fams: Fams) -> dict[Card, list[int]]:
    """The families (0-based) by the card (its identity) each takes next: one up (the
    upper row) or down (the lower) in suit, round the corner, until it holds thirteen."""
    out: dict[Card, list[int]] = {}
    for j, fam in enumerate(fams):
        if 0 < len(fam) < 13:
            top = fam[-1]
            nxt = step_rank(rank_of(top), 1 if j < 4 else -1, wrap=True)
            assert nxt is not None
            out.setdefault(card(nxt, suit_of(top)), []).append(j)
    return out


def family_label(j: int) -> str:
    way = "up" if j < 4 else "down"
    return f"the family {way} from {name(BASES[j])}"


def place_label(i: int) -> str:
    return f"place {i + 1} ({'upper' if i < ROW else 'lower'} row)"


@register
class Honors(Patience):
    description = Description(
        id="honors", title="Honors", book=CHENEY, lines="1814-1872", skill="some",
        bound=800, packs=2)
    option_specs = (
        Option("draw", "one_of_three",
               "one_of_three: once for each three cards laid off, one of those three may "
               "be drawn from under the stock's top; from_the_table: one card from "
               "anywhere on the table (one of the three, or the card under the top of a "
               "double pile)", choices=("one_of_three", "from_the_table")),
    )
    #: The stage of laying off (0 before the first move: the rows); the cards of the
    #: last three still on top of the stock and whether one was drawn; whether three
    #: cards have been laid off at least once (option ``draw=from_the_table``).
    marks = ("stage", "group", "drawn", "laid")
    offers_end = packets.no_end

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"f{j + 1}", "foundation", family_label(j),
                       "upper families" if j < 4 else "lower families") for j in range(8)),
                *(Pile(f"p{i + 1}", "pile", place_label(i),
                       "upper row" if i < ROW else "lower row") for i in range(PLACES)),
                Pile("hand", "hand", "the card turned"), Pile("stock", "waste", "the stock"),
                Pile("pack", "stock", "the pack", face=DOWN))

    def layout(self, cards_: tuple[Card, ...], seed: int) -> Table:
        fams: list[tuple[Card, ...]] = [()] * 8
        rest = []
        for c in cards_:
            j = BASES.index(identity(c)) if identity(c) in BASES else -1
            if j >= 0 and not fams[j]:
                fams[j] = (c,)
            else:
                rest.append(c)
        return self.table({f"f{j + 1}": f for j, f in enumerate(fams)} | {"pack": rest[::-1]})

    def stage(self, t: Table) -> int:
        return self.mark(t, "stage") or ROWS

    def steps(self, t: Table) -> list[Step]:
        fams, places = wanted(self.families(t)), t.piles[P:HAND]

        def home(src: str, i: int, c: Card, at: int | None = None) -> list[Step]:
            return [Step(f"{src}>f{j + 1}", source=i, target=j, at=at)
                    for j in fams.get(identity(c), ())]

        out = [s for i, p in enumerate(places) if p for s in home(f"p{i + 1}", P + i, p[-1])]
        empty = places.index(()) if () in places else -1
        hand, stock = t.piles[HAND], t.piles[STOCK]
        if hand:
            out += home("h", HAND, hand[0])
            out += [Step(f"h>p{i + 1}", source=HAND, target=P + i) for i, p in enumerate(places)
                    if len(p) == 1 or i == empty]
        drawn = self.mark(t, "drawn")
        if stock:
            out += home("w", STOCK, stock[-1])
            if not drawn:
                for k in (2, 3):
                    if k <= min(self.mark(t, "group"), len(stock)):
                        out += home(f"w{k}", STOCK, stock[-k], len(stock) - k)
        if self.option("draw") == "from_the_table" and self.mark(t, "laid") and not drawn:
            out += [s for i, p in enumerate(places) if len(p) == 2
                    for s in home(f"u{i + 1}", P + i, p[0], 0)]
        pack, stage = t.piles[PACK], self.stage(t)
        if pack:
            if stage == ROWS:
                out.append(Step("d", DEAL, PACK, P + empty))
            elif stage == SECOND and not hand:
                out.append(Step("t", DEAL, PACK, HAND))
            elif stage == THREES:
                out.append(Step("d3", DEAL, PACK, STOCK, min(3, len(pack))))
        elif empty >= 0:
            out += [Step(f"p{i + 1}>p{empty + 1}", source=P + i, target=P + empty)
                    for i, p in enumerate(places) if len(p) == 2]
        return out

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        t = super().play(state, move)
        code = move.code
        if code == "d3":
            t = self.marked(t, group=s.count, drawn=0, laid=1)
        elif code[0] == "w":
            k = int(code[1]) if code[1].isdigit() else 1
            t = self.marked(t, group=max(0, self.mark(state, "group") - 1),
                            drawn=int(bool(self.mark(state, "drawn")) or k > 1))
        elif code[0] == "u":
            t = self.marked(t, drawn=1)
        # move on to the next stage of laying off when the places are full
        stage, places = self.stage(t), t.piles[P:HAND]
        if stage == ROWS and () not in places:
            stage = SECOND
        if stage == SECOND and not t.piles[HAND] and all(len(p) == 2 for p in places):
            stage = THREES
        return self.marked(t, stage=stage)

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return "every family is complete: kings and queens of hearts and diamonds " \
                "united in pairs, the aces and knaves single"
        return super().summary(state, won)

    def public(self, state: Table) -> dict[str, Any]:
        stage = {ROWS: "laying the rows", SECOND: "a second card on each place",
                 THREES: "three cards at a time"}[self.stage(state)]
        return {"pack": len(state.piles[PACK]), "stage": stage,
                "in_families": HOME(self, state),
                "draw_left": bool(self.mark(state, "group") > 1 and not self.mark(state, "drawn"))}

    def say(self, state: Table, move: Move) -> str:
        code = move.code
        if code == "d":
            return f"deal the next card into {place_label(state.piles[P:HAND].index(()))}"
        if code == "t":
            return "turn the next card of the pack"
        if code == "d3":
            return "lay off three cards from the pack on the stock"
        s = self.step(state, move)
        c = state.piles[s.source][s.taken(state)][0]
        src, a = code[0], s.source - P + 1
        where = {"h": "", "p": f" from {place_label(a - 1)}", "w": " from the stock",
                 "u": f" from under the top of {place_label(a - 1)} (the draw)"}[src]
        if src == "w" and code[1].isdigit():
            where = f" from under the top of the stock (the draw; card {code[1]} of the three)"
        if s.target < P:
            return f"play {name(c)}{where} on {family_label(s.target)}"
        return f"lay {name(c)}{where} on {place_label(s.target - P)}"

    def narrate(self, before: Table, move: Move, after: Table) -> str:
        if move.code in ("d", "t"):
            return f"{self.describe(before, move)}: {name(before.piles[PACK][-1])}"
        if move.code == "d3":
            laid = after.piles[STOCK][len(before.piles[STOCK]):]
            return f"lay off {', '.join(name(c) for c in laid)} on the stock"
        return self.describe(before, move)
