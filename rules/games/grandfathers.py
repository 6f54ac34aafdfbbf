"""Grandfathers, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.669-718; rule sheet ``shared/games/cheney.md``,
section Grandfathers, whose numbered ambiguities are cited below.

Two packs shuffled together. Two rows of ten cards are laid off (l.678-680); aces and
kings go to two rows of families as they appear (l.680-682), families following suit, up
from the ace and down from the king (l.675-678, 684-692). When the rows are full each card
may be covered with another, "placing it at your pleasure", and only top cards are used
(l.692-699). When blocked the player may "lay off three more from the pack", then "draw
one" (l.699-705); with the pack played out she may "draw any card from the table and put
it on the piles" (l.707-715).

Readings (the sheet's PROPOSED readings unless said otherwise):

- Families (amb. 4): f1-f4 go up from the ace of ♠ ♥ ♦ ♣, f5-f8 down from the king of
  ♠ ♥ ♦ ♣. The first ace and the first king of each suit to appear are the bases and go
  up at once (the only move of a turned base); later aces and kings are ordinary cards
  (the second ace ends a king's family, the second king an ace's).
- The deal lays off the first twenty cards that are not bases into places r1-r20, the
  bases going up as they appear; a card that could go up at once is laid in its place and
  may be played from there, which is the same.
- Covering (amb. 1, reading B): a place holds at most two cards; a turned card may go on a
  place holding one card or into an empty place, or up to a family where it fits
  (amb. 5). Nothing moves from place to place. The option ``covering=any`` plays reading
  A: a turned card may go on any place, so the player is never blocked while the pack
  lasts and "three more" never arises; a draw may then take any covered card.
- "lay off three more" (amb. 2): once per game, when the turned card has nowhere to go
  and no top card can go up, the turned card and the next two of the pack are laid into
  three new places r21-r23 (fewer if the pack runs out), which then behave like the others
  (move ``three``). *Refines the sheet*, which deals three cards from the pack: a player
  is only known to be blocked once the turned card has nowhere to go, and that card is
  the first of the three laid off.
- "drawing one" and "draw any card from the table" (amb. 3): one draw per game, offered
  when no other move is left (after ``three`` if the pack still has cards): any covered
  card that fits a family goes up (move ``x<i>.<k>>f<j>``, the ``k``-th card from the
  bottom of place ``i``; under reading B always ``k = 1``).
  *Refines the sheet* ("usable whenever blocked"): while the pack lasts the draw comes
  after "three more", as the text orders them ("and should this not enable you to
  succeed, you have the privilege of drawing one", l.703-705).
- Lost when no move is left.

Move codes: ``t``, ``p>f<j>``, ``p>r<i>``, ``r<i>>f<j>``, ``three``, ``x<i>.<k>>f<j>``.
Legal moves come in that order, each by ascending ``i`` then ``j``; ``three`` and the
draws only when nothing before them is legal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import ClassVar

from .. import packets
from ..cards import ACE, KING, Card, name, rank_of, suit_of
from ..description import CHENEY, Description
from ..game import Move, Option
from ..packets import PACK, TURN_UP, TURNED, F, Wanted
from ..patience import HOME, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import MOVE, PRIVILEGE

SUITS = ("spades", "hearts", "diamonds", "clubs")
FAMILIES = tuple(f"the {SUITS[j % 4]} family {'up from the ace' if j < 4 else 'down from the king'}"
                 for j in range(8))
R = F + 8  # where the places lie: twenty, and three more laid off once
PLACES, MORE = 20, 3


def _is_base(fams: Sequence[tuple[Card, ...]], c: Card) -> int:
    """The family a base card opens, or -1."""
    r, s = rank_of(c), suit_of(c)
    if r == ACE and not fams[s]:
        return s
    if r == KING and not fams[4 + s]:
        return 4 + s
    return -1


@register
class Grandfathers(Patience):
    description = Description(
        id="grandfathers", title="Grandfathers", book=CHENEY, lines="669-718",
        skill="some", bound=800, packs=2)
    #: "Three more" and the one draw, once each (counted by the solo shell).
    privileges_allowed: ClassVar[Mapping[str, int]] = {"three": 1, "draw": 1}
    option_specs = (
        Option("covering", "once", "once: each card of the rows may be covered by one other "
               "card; any: cards may be piled on any place without limit",
               choices=("once", "any")),
    )
    facts = (("pack", size("pack")), ("on_families", HOME))
    #: How many of the three more places are laid (the table shows only those).
    marks = ("more",)
    offers_end, summary = packets.no_end, packets.summary
    why_illegal = packets.why_illegal

    def lay_piles(self) -> tuple[Pile, ...]:
        return packets.piles(FAMILIES, "r", PLACES + MORE, "place")

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        fams: list[tuple[Card, ...]] = [()] * 8
        places: list[Card] = []
        i = 0
        while len(places) < PLACES:
            c = cards[i]
            i += 1
            j = _is_base(fams, c)
            if j >= 0:
                fams[j] = (c,)
            else:
                places.append(c)
        t = self.table({f"f{j + 1}": f for j, f in enumerate(fams)}
                       | {f"r{k + 1}": (c,) for k, c in enumerate(places)}
                       | {"pack": cards[i:][::-1]})
        return Table(t.piles, t.down, seed=seed)

    def wanted(self, t: Table) -> Wanted:
        out: Wanted = {}
        for j, f in enumerate(self.families(t)):
            s = (j % 4) << 4
            if not f:
                out.setdefault(s | (ACE if j < 4 else KING), []).append(j)
                continue
            r = f[-1] & 15
            if j < 4 and r < KING:
                out.setdefault(s | (r + 1), []).append(j)
            elif j >= 4 and r > ACE:
                out.setdefault(s | (r - 1), []).append(j)
        return out

    def steps(self, t: Table) -> list[Step]:
        wanted = self.wanted(t)
        depth = 2 if self.option("covering") == "once" else 10**6
        places = t.piles[R:R + PLACES + self.mark(t, "more")]
        out: list[Step] = []
        turned = t.top(TURNED)
        if turned is not None:
            base = _is_base(self.families(t), turned)
            if base >= 0:
                return [Step(f"p>f{base + 1}", MOVE, TURNED, F + base)]
            out += [Step(f"p>f{j + 1}", MOVE, TURNED, F + j) for j in wanted.get(turned & 63, ())]
            out += [Step(f"p>r{i + 1}", MOVE, TURNED, R + i)
                    for i, p in enumerate(places) if len(p) < depth]
        elif t.piles[PACK]:
            out.append(TURN_UP)
        for i, p in enumerate(places):
            if p:
                out += [Step(f"r{i + 1}>f{j + 1}", MOVE, R + i, F + j)
                        for j in wanted.get(p[-1] & 63, ())]
        if out:
            return out
        if turned is not None and self.may_use_privilege(t, "three"):
            return [Step("three", PRIVILEGE, TURNED, R + PLACES)]
        if self.may_use_privilege(t, "draw"):
            return [Step(f"x{i + 1}.{k + 1}>f{j + 1}", PRIVILEGE, R + i, F + j, at=k)
                    for i, p in enumerate(places) for k in range(len(p) - 1)
                    for j in wanted.get(p[k] & 63, ())]
        return []

    def special(self, t: Table, step: Step) -> Table:
        if step.code == "three":
            # the turned card and the next two of the pack into three new places
            pack = t.piles[PACK]
            new = (t.piles[TURNED][-1], *reversed(pack[-2:]))
            piles = list(t.piles)
            piles[PACK], piles[TURNED] = pack[:-2], ()
            for k, c in enumerate(new):
                piles[R + PLACES + k] = (c,)
            laid = replace(t, piles=tuple(piles), down=(len(piles[PACK]), *t.down[1:]),
                           privileges_used=self.use_privilege(t, "three"), back=None)
            return self.marked(laid, more=len(new))
        return packets.draw(self, t, step)

    def say(self, t: Table, move: Move) -> str:
        if move.code == "three":
            return ("lay off the turned card and the next two cards of the pack into three "
                    "new places")
        return packets.say(self, t, move)

    def narrate(self, before: Table, move: Move, after: Table) -> str:
        if move.code == "three":
            more = self.mark(after, "more")
            new = [name(p[0]) for p in after.piles[R + PLACES:R + PLACES + more]]
            return f"lay off {', '.join(new)} into new places"
        return packets.narrate(self, before, move, after)

    def laid(self, t: Table, i: int) -> bool:
        return i < R + PLACES + self.mark(t, "more")
