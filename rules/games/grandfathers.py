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

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar

from ..cards import ACE, KING, Card, rank_of, suit_of
from ..description import CHENEY, Description
from ..game import Move, Option
from ..packets_a import NONE, TURN, PacketGame, Table
from ..registry import register

THREE = Move("three")
SUITS = ("spades", "hearts", "diamonds", "clubs")


def _is_base(found: list[tuple[Card, ...]] | tuple[tuple[Card, ...], ...], c: Card) -> int:
    """The family a base card opens, or -1."""
    r, s = rank_of(c), suit_of(c)
    if r == ACE and not found[s]:
        return s
    if r == KING and not found[4 + s]:
        return 4 + s
    return -1


@register
class Grandfathers(PacketGame):
    description = Description(
        id="grandfathers", title="Grandfathers", book=CHENEY, lines="669-718",
        skill="some", bound=800, packs=2)
    pile_letter = "r"
    pile_word = "place"
    #: "Three more" and the one draw, once each (counted by the solo shell).
    privileges_allowed: ClassVar[Mapping[str, int]] = {"three": 1, "draw": 1}
    option_specs = (
        Option("covering", "once", "once: each card of the rows may be covered by one other "
               "card; any: cards may be piled on any place without limit",
               choices=("once", "any")),
    )

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self._depth = 2 if self.option("covering") == "once" else 10**6

    def found_name(self, j: int) -> str:
        way = "up from the ace" if j < 4 else "down from the king"
        return f"the {SUITS[j % 4]} family {way}"

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        found: list[tuple[Card, ...]] = [()] * 8
        places: list[tuple[Card, ...]] = []
        i = 0
        while len(places) < 20:
            c = cards[i]
            i += 1
            j = _is_base(found, c)
            if j >= 0:
                found[j] = (c,)
            else:
                places.append((c,))
        return Table(seed, tuple(reversed(cards[i:])), NONE, tuple(found), tuple(places))

    def wanted(self, st: Table) -> dict[int, list[int]]:
        out: dict[int, list[int]] = {}
        for j, f in enumerate(st.found):
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

    def moves(self, st: Table) -> tuple[Move, ...]:
        m = self._m
        wanted = self.wanted(st)
        out: list[Move] = []
        if st.turned != NONE:
            base = _is_base(st.found, st.turned)
            if base >= 0:
                return (m(f"p>f{base + 1}"),)
            out += [m(f"p>f{j + 1}") for j in wanted.get(st.turned & 63, ())]
            out += [m(f"p>r{i + 1}") for i, p in enumerate(st.piles) if len(p) < self._depth]
        elif st.pack:
            out.append(TURN)
        for i, p in enumerate(st.piles):
            if p:
                out += [m(f"r{i + 1}>f{j + 1}") for j in wanted.get(p[-1] & 63, ())]
        if out:
            return tuple(out)
        if st.turned != NONE and self.may_use_privilege(st, "three"):
            return (THREE,)
        if self.may_use_privilege(st, "draw"):
            return tuple(m(f"x{i + 1}.{k + 1}>f{j + 1}") for i, p in enumerate(st.piles)
                         for k in range(len(p) - 1) for j in wanted.get(p[k] & 63, ()))
        return ()

    def special(self, st: Table, code: str) -> Table:
        # "three": the turned card and the next two of the pack into three new places
        new = (st.turned, *reversed(st.pack[-2:]))
        return replace(st, turned=NONE, pack=st.pack[:-2],
                       piles=(*st.piles, *((c,) for c in new)),
                       privileges_used=self.use_privilege(st, "three"))

    def describe_special(self, state: Table, code: str) -> str:
        return "lay off the turned card and the next two cards of the pack into three new places"

    def public(self, state: Table) -> dict[str, Any]:
        facts = super().public(state)
        facts.update(self.privilege_facts(state))
        return facts

    def won(self, st: Table) -> bool:
        return all(len(f) == 13 for f in st.found)
