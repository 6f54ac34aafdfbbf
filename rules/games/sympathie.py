"""Sympathie, from Cadogan's *Illustrated Games of Patience*.

Source: ``001_6a582ee13e12f2a9.txt`` l.1835-1890; rule sheet ``shared/games/cadogan.md``,
section SYMPATHIE, whose rules R1-R10 and ambiguities A1-A17 are cited below.

Seat 0 is the first player, seat 1 the second.

Readings (the sheet's PROPOSED readings):

- Deal (R2, A3): packet i takes cards 3i..3i+2 of the player's own shuffled pack, the last
  on top; the 52nd card is the grace, face down and unseen by anyone.
- "corresponds in value and suit" (R4, A5) is the identical card of the other pack, so a
  turned card has at most one partner and no choice ever arises.
- Opening (R3): the first player turns up all his packet tops (``open``; "in dealing" is
  the same thing). The second player turns and pairs first (R4).
- A turned card pairs with any upturned card of the other player, including a grace
  turned up earlier and still unpaired (A6, A10); after a pairing the player goes on down
  the same packet (R5, A7); the order of packets is his choice (A8).
- "further progress is at an end" (R8, A9): the player due to move has no face-down top.
  "each has recourse by turns to his grace" (R9): the first player's grace first, then
  the second's (A12, ``grace_order=first``); ``grace_order=due`` lets the player due to
  move go first. Play resumes after a grace that exposes a card (A13).
- Failure (R10, A14): a stall with both graces used while any card lies unturned;
  success leaves no card face down, which means all 52 pairs made.
"""

from __future__ import annotations

from ..description import CADOGAN, Description
from ..game import Option
from ..registry import register
from ..twin_game import PACKETS, TwinGame
from ..twins import TwinRules


@register
class Sympathie(TwinGame):
    description = Description(
        id="sympathie", title="Sympathie", book=CADOGAN, lines="1835-1890", skill="chance",
        bound=200, packs=2, seat_names=("first", "second"), layout="twins")
    option_specs = (
        Option("grace_order", "first",
               "first: the first player's grace is played first at a stall; due: the player "
               "due to move plays first", choices=("first", "due")),
        PACKETS,
    )

    def rules(self) -> TwinRules:
        grace = "first" if self.option("grace_order") == "first" else "stalled"
        return TwinRules(opener=0, match="exact", grace=grace)
