"""The Carpet, from the Hoyle solitaire chapter (seed 003).

Source: ``003_589c967ab98c43e6.txt`` l.9; rule sheet ``shared/games/hoyle.md``, section
THE CARPET. Not Cadogan's two-pack Carpet; hence the id's suffix.

One pack. "Deal out twenty cards in four rows of five cards each, face up. This is the
carpet. Any aces found in it are taken out and used to form a fifth row ... The holes
made in the carpet by removing the aces are then filled up from the pack. Cards are then
taken from the carpet to build upon the aces in ascending sequence, following suit, and
the holes in the carpet are continually filled up with fresh cards from the top of the
pack. As other aces appear they are laid aside to start the sequence in the suit to
which they belong. When you are stopped, deal the cards remaining in the pack in a pile
on the table by themselves, face upward. If any card appears which can be used in the
ascending sequences, take it, and if this enables you to make more holes in the carpet,
do so. But after having been driven to deal this extra pile, holes in the carpet can no
longer be filled from the pack; they must be patched up with the top cards on the extra
pile until it is exhausted."

Readings (the sheet's PROPOSED readings):

- First part: a hole is filled at once from the pack, in place order (row by row); an
  ace that comes into the carpet is laid aside at once to start its suit's sequence and
  its hole filled again (amb. 4). Pack cards reach the sequences only by way of the
  carpet (amb. 3).
- "When you are stopped": the extra pile is begun only when no carpet card can be
  played. It is dealt one card at a time, face up (amb. 1); its top card may go to its
  sequence; an ace turned is laid aside at once.
- Holes in the second part are patched with the extra pile's top card at the player's
  choice of time (amb. 2; option ``patch=at_once``: the strict reading, every hole is
  patched from the extra pile as soon as it is made or a card is turned). The holes are
  alike, so the first is offered.
- Won with all 52 cards on the sequences; lost when no card can be played, the pack
  dealt and no hole can be patched.

Moves, in this order: ``c<i>>f`` (the carpet card at place i, 1-20, to its sequence),
``w>f`` (the extra pile's top card to its sequence), ``w>c<i>`` (patch the first hole
with it), ``d`` (deal the next card of the pack onto the extra pile; in the first part,
offered only when stopped, it begins the extra pile).
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import ACE, SUIT_NAMES, Card, name, rank_of, suit_of
from ..description import HOYLE, Description
from ..game import Move, Option
from ..patience import DOWN, HOME, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import DEAL

PLACES = 20
ROW = 5
C, PACK, EXTRA = 4, 4 + PLACES, 5 + PLACES  # where the carpet, the pack, the extra pile lie


def fits(t: Table, c: Card) -> bool:
    """``c`` is the next card of its suit's sequence."""
    return len(t.piles[suit_of(c)]) == rank_of(c) - 1


@register
class TheCarpetHoyle(Patience):
    description = Description(
        id="the_carpet_hoyle", title="The Carpet", book=HOYLE, lines="9", skill="chance",
        bound=120)
    option_specs = (
        Option("patch", "choice",
               "choice: the player patches a hole with the extra pile's top card when she "
               "likes; at_once: every hole is patched as soon as it is made",
               choices=("choice", "at_once")),
    )
    facts = (("in_pack", size("pack")),
             ("extra_pile", lambda g, t: bool(g.mark(t, "driven"))), ("built", HOME))
    #: Whether the extra pile has been begun (holes no longer filled from the pack).
    marks = ("driven",)
    gives_up = False

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"f{i + 1}", "foundation", f"the {SUIT_NAMES[i]} sequence", "aces")
                  for i in range(4)),
                *(Pile(f"c{i + 1}", "cell", f"row {i // ROW + 1}, place {i % ROW + 1}",
                       f"row {i // ROW + 1}", empty_up=1) for i in range(PLACES)),
                Pile("pack", "stock", "the pack", face=DOWN),
                Pile("extra", "waste", "the extra pile"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        return self._settle(self.table({f"c{i + 1}": cards[i:i + 1] for i in range(PLACES)}
                                       | {"pack": cards[PLACES:][::-1]}))

    def _settle(self, t: Table) -> Table:
        """Lay aside the aces that have come up and fill (or patch) the holes."""
        piles = list(t.piles)
        driven = self.mark(t, "driven")

        def aside(i: int) -> None:
            c = piles[i][-1]
            piles[i], piles[suit_of(c)] = piles[i][:-1], (*piles[suit_of(c)], c)

        while True:
            for i in range(C, PACK):
                if piles[i] and rank_of(piles[i][-1]) == ACE:
                    aside(i)
            if piles[EXTRA] and rank_of(piles[EXTRA][-1]) == ACE:
                aside(EXTRA)
                continue
            holes = [i for i in range(C, PACK) if not piles[i]]
            if not holes:
                break
            if not driven and piles[PACK]:
                for i in holes:  # in place order, from the top of the pack
                    if piles[PACK]:
                        piles[i], piles[PACK] = piles[PACK][-1:], piles[PACK][:-1]
            elif driven and piles[EXTRA] and self.option("patch") == "at_once":
                piles[holes[0]], piles[EXTRA] = piles[EXTRA][-1:], piles[EXTRA][:-1]
            else:
                break
        down = (*t.down[:PACK], len(piles[PACK]), *t.down[PACK + 1:])
        return replace(t, piles=tuple(piles), down=down)

    def steps(self, t: Table) -> list[Step]:
        out = [Step(f"c{i + 1}>f", source=C + i, target=suit_of(p[-1]))
               for i, p in enumerate(t.piles[C:PACK]) if p and fits(t, p[-1])]
        top = t.top(EXTRA)
        if top is not None and fits(t, top):
            out.append(Step("w>f", source=EXTRA, target=suit_of(top)))
        holes = [i for i, p in enumerate(t.piles[C:PACK]) if not p]
        if top is not None and holes:
            out.append(Step(f"w>c{holes[0] + 1}", source=EXTRA, target=C + holes[0]))
        if t.piles[PACK] and (self.mark(t, "driven") or not out):
            # onto the extra pile, or to its sequence if an ace: where the card says,
            # which its step may not tell before it is turned
            out.append(Step("d", DEAL, PACK))
        return out

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        if s.kind == DEAL:
            t = self.carry(state, Step("d", DEAL, PACK, EXTRA))
            return self._settle(self.marked(t, driven=1))
        t = super().play(state, move)
        return self._settle(t) if s.target < C else t

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return "all 52 cards built up on the aces"
        return f"stopped with {state.home(self.foundations)} of 52 cards built up on the aces"

    def say(self, state: Table, move: Move) -> str:
        if move.code == "d":
            return "deal the next card of the pack onto the extra pile" \
                if self.mark(state, "driven") \
                else "stopped: begin the extra pile with the next card of the pack"
        s = self.step(state, move)
        c = state.piles[s.source][-1]
        where = "from the extra pile" if s.source == EXTRA else \
            f"from place {s.source - C + 1} of the carpet"
        if s.target < C:
            return f"play {name(c)} {where} to the {SUIT_NAMES[suit_of(c)]} sequence"
        return f"patch the hole at place {s.target - C + 1} with {name(c)} {where}"
