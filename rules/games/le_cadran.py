"""Le Cadran (the revised edition's Napoleon at St. Helena), from Cadogan's *Illustrated
Games of Patience*, and its variant with lanes filled from the talon only.

Source: ``001_6a582ee13e12f2a9.txt`` l.128-204 (the variant l.180); the revised edition
``004_1393f3e63b8ea02f.txt`` l.85-89 prints the same title page and Rule I under the
title NAPOLEON AT ST. HELENA (alias ``napoleon_at_st_helena``). Rule sheet
``shared/games/cadogan.md``, section Le Cadran.

Two packs; "four rows of ten cards" (l.143); "only cards in the lowest row are available
... no card can be used that has another below it" (Rule I, l.134-137). The eight aces,
"when they can be placed", ascend in suit to kings (l.145-147, Rule II). Marriages "in
descending line, and always subject to Rule I" (l.155-157). "If ... you can make a vacancy
in the uppermost row (thus forming a perpendicular lane) ... The vacancy may be re-filled
with any available card from the tableau or from the talon, but you are not obliged to
re-fill it" (l.165-178). The rest of the pack is turned one by one, "playing all suitable
ones on the foundations, or placing them on the sequences of the tableau"; the others go
to one packet, the talon (l.186-193). "There is no re-deal" (l.195). "Note. Some players
only allow the vacancy to be filled from the talon" (l.180): ``le_cadran_talon_lanes``
(option ``lanes``).

**The same rules as Cheney's The Pet Game** (``napoleon_pet_game``, 000 l.2170-2187):
four rows of ten, free cards only, marriages one higher in suit from the columns and from
the stock (Cheney's word for the talon), any free card into an empty space of the top
row, the stock's top into a space, eight aces up in suit, no turning of the stock. So one
implementation, :class:`rules.games.napoleon.Napoleon` with its Pet Game rules, serves
both ids (a test shows they deal and play the same); this module adds Cadogan's title,
book and lines and the option of her note. Readings (the sheet's PROPOSED readings):

- a lane is an emptied column (a "vacancy in the uppermost row" can only be that);
- the card just turned counts as the talon's top: it may be played, married or put in a
  lane, or left on the talon;
- the player may start turning cards at any time (no rule depends on it); marriages move
  one card at a time (:mod:`rules.cadogan`, G1);
- the talon-only variant: no card of the tableau goes into a lane, only the talon's top.

Moves are Napoleon's: ``c3>f2``, ``w>f2``, ``w>c4``, ``s`` (turn a card onto the talon),
``c3>c4``, ``end``.
"""

from __future__ import annotations

from typing import ClassVar

from ..cadogan import is_lane
from ..description import CADOGAN, Description
from ..game import Option
from ..patience import Step, Table
from ..registry import register, variant
from .napoleon import C, Napoleon, P

LANES = Option("lanes", "any", "any: a lane takes any available card of the tableau or the "
               "talon (l.174-176); talon: only the talon's top (the note, l.180)",
               choices=("any", "talon"))


@register
class LeCadran(Napoleon):
    description = Description(
        id="le_cadran", title="Le Cadran (Napoleon at St. Helena)", book=CADOGAN,
        lines="128-204, 1-65", skill="some", bound=None, packs=2,
        aliases=("napoleon_at_st_helena",))
    option_specs: ClassVar[tuple[Option, ...]] = (LANES,)
    stock_word = "the talon"

    @property
    def pet(self) -> bool:
        return True

    def steps(self, t: Table) -> list[Step]:
        out = super().steps(t)
        if self.options["lanes"] == "any":
            return out
        return [s for s in out if not (C <= s.source < P and C <= s.target < P
                                       and is_lane(t.piles[s.target]))]


LE_CADRAN_TALON_LANES = variant(LeCadran, Description(
    id="le_cadran_talon_lanes", title="Le Cadran (lanes filled from the talon only)",
    book=CADOGAN, lines="180, 128-204", skill="some", bound=None, packs=2,
    variant_of="le_cadran", fixed={"lanes": "talon"}))
