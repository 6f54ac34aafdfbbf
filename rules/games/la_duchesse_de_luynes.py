"""La Duchesse de Luynes, from Cadogan's *Illustrated Games of Patience*.

Source: ``001_6a582ee13e12f2a9.txt`` l.1606-1661; rule sheet ``shared/games/cadogan.md``,
section La Duchesse de Luynes, whose ambiguities are cited.

Two packs. Each round deals four cards face up in a row, one on each packet, "then
place two cards apart face downwards. These latter are the Discard" (l.1622-1624). Four
aces and four kings of different suits are the foundations, aces ascending, kings
descending, following suit (l.1618, 1625-1630). The uppermost card of each packet is
available (Rule I, l.1612-1614); "the Discard is only available at the end of each deal"
(l.1615-1616): "When the entire pack is exhausted take up the Discard, examine it, and
play from it all suitable cards" (l.1647-1651). Then "take up the four packets in
succession, placing the Discard underneath, and re-deal the whole as before ... There may
be three re-deals, but in the last or fourth deal no Discard is placed" (l.1653-1661).

Cheney's Duchess of Luynes (:mod:`rules.games.duchess_of_luynes`) has the same deal, the
same families and the same four deals; its module plays this one. Cadogan's text differs
in its Discard, and that is this module's:

- The two cards of each round go to the Discard **face down**, and none of them may be
  used while the pack lasts. Once the pack is exhausted every card of the Discard is
  available ("examine it", sheet: PROPOSED), played from anywhere in it: ``w<k>>f<j>``
  (the ``k``-th card of the Discard, first laid first). Cheney's stock is face up and
  its top card usable at any time.
- The re-deal takes up the four packets in succession, the first packet's first card
  first, with the Discard underneath, dealt last (sheet G9; no shuffle: the text names
  none). Each re-deal is offered once the pack is used up.

Readings shared with Cheney's module (the sheet's PROPOSED readings): the deal goes card
by card (``d``), in rounds of six, so a card may be played as it appears "in the course
of the deal" (amb. 1), and a space is "never to be re-filled until the succeeding round"
covers it (l.1644-1646); the last two cards of 104 go to packets 1 and 2 (amb. 2); the
fourth deal is in rounds of four, to the packets only (amb. 3); Discard cards not played
are gathered at the bottom for the next deal (amb. 4). The first ace and king of a suit
to be played start their families (G4). Won with all 104 cards on the foundations; lost
when no move is left after the fourth deal (G13).

Moves, in this order: ``p<i>>f<j>`` (the top of packet ``i``), ``w<k>>f<j>`` (a Discard
card, only when the pack is out), ``d``, ``redeal``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..description import CADOGAN, Description
from ..families import DEAL, REDEAL, family_plays, from_pack, play_on_family, tops
from ..game import Move, Seat, Zone
from ..registry import register
from ..solo import pack_of, pack_zone, split_code
from .duchess_of_luynes import DuchessOfLuynes, DuchessState


@register
class LaDuchesseDeLuynes(DuchessOfLuynes):
    description = Description(
        id="la_duchesse_de_luynes", title="La Duchesse de Luynes", book=CADOGAN,
        lines="1606-1661", skill="some", bound=1200, packs=2)
    # none of Cheney's two options is in this text (the narrower inferred type is the base's)
    option_specs = ()  # type: ignore[assignment]

    def discard_open(self, state: DuchessState) -> bool:
        """The Discard may be examined and used: the deal is at its end (l.1615-1616)."""
        return not state.pack

    def moves(self, state: DuchessState) -> tuple[Move, ...]:
        out = family_plays(state.families, "p", tops(state.places))
        if self.discard_open(state):
            out += family_plays(state.families, "w", state.stock)
        out += from_pack(state.pack, DEAL,
                         self.may_redeal(state) and (bool(state.stock) or any(state.places)))
        return tuple(out)

    def play(self, state: DuchessState, move: Move) -> DuchessState:
        src, a, _, b = split_code(move.code)
        if src == "w" and a is not None and b is not None:
            c = state.stock[a - 1]
            fams = state.families
            pile = (*fams[b - 1], c)
            return replace(state, stock=(*state.stock[:a - 1], *state.stock[a:]),
                           families=(*fams[:b - 1], pile, *fams[b:]))
        return super().play(state, move)

    def _redeal(self, state: DuchessState) -> DuchessState:
        # the four packets in succession, the Discard underneath (l.1653-1657)
        taken = tuple(c for p in (*state.places, state.stock) for c in p)
        return replace(state, pack=pack_of(taken), places=((),) * 4, stock=(), slot=0,
                       redeals=self.redeal_number(state))

    def table_zones(self, state: DuchessState) -> list[Zone]:
        zs = [Zone(f"p{k + 1}", "pile", p, len(p), label=f"packet {k + 1}", group="rows")
              for k, p in enumerate(state.places)]
        up = len(state.stock) if self.discard_open(state) else 0
        return [*zs, Zone("stock", "reserve", state.stock, up, label="the Discard"),
                pack_zone(state.pack)]

    def facts(self, state: DuchessState) -> dict[str, Any]:
        return {
            "deal": self.redeal_number(state),
            **self.redeal_facts(state),
            "last_deal_without_discard": not self.may_redeal(state),
            "discard": len(state.stock),
            "next_card_to": self._to(state) if state.pack else None,
        }

    @staticmethod
    def _to(state: DuchessState) -> str:
        return "the Discard, face down" if state.slot >= 4 else f"packet {state.slot + 1}"

    def say(self, state: DuchessState, move: Move) -> str:
        if move == DEAL:
            return f"deal the next card to {self._to(state)}"
        if move == REDEAL:
            if self.redeal_number(state) == self.max_redeals():
                return "take up the packets and the Discard; the last deal, without a Discard"
            return ("take up the packets, the Discard underneath, and re-deal "
                    f"{self.redeal_of(state)}")
        src, a, _, b = split_code(move.code)
        assert a is not None and b is not None
        if src == "w":
            return play_on_family(state.stock[a - 1], "from the Discard", b)
        return play_on_family(state.places[a - 1][-1], f"from packet {a}", b)

    def narrate(self, before: DuchessState, move: Move, after: DuchessState) -> str:
        if move == DEAL and before.slot >= 4:
            return "deal a card face down to the Discard"  # never named: it is hidden
        if move == DEAL:
            return super().narrate(before, move, after).replace("place", "packet")
        return self.describe(before, move)

    def why_illegal(self, state: DuchessState, move: Move, seat: Seat) -> str:
        if move.code.startswith("w") and state.pack:
            return "The Discard is available only at the end of each deal."
        return super().why_illegal(state, move, seat)


__all__ = ["LaDuchesseDeLuynes"]
