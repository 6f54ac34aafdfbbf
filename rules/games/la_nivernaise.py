"""La Nivernaise, from Cadogan's *Illustrated Games of Patience*.

Source: ``001_6a582ee13e12f2a9.txt`` l.993-1084; rule sheet ``shared/games/cadogan.md``,
section La Nivernaise, whose ambiguities are cited.

Two packs. "Two perpendicular rows of four cards each, called Flanks, leaving space in
the centre for four aces and four kings of different suits" (l.1021-1024); the kings
descend and the aces ascend, following suit (Rule III, l.1009; l.1026-1028). Then six
packets of four cards "dealt together", the Line (l.1029-1035): only the uppermost card
of each is available (Rule I, l.999-1004); every Flank card is. When "the resources thus
far are exhausted", four more cards go on each Line packet, round after round (l.1065-
1073). Flank vacancies "may be filled from the pack or from the Line" (l.1051-1055); an
emptied Line packet gets "four more cards ... immediately placed in its stead"
(l.1057-1063). "There is only one re-deal": the Line taken up packet by packet from the
left, "the whole together turned, and re-dealt as before" (Rule IV, l.1011-1017;
l.1075-1081). "One card at a time may be exchanged from the ascending to the descending
sequences, and vice versa" (l.1083-1084).

Cheney's Nivernaise (:mod:`rules.games.nivernaise`) has the same table, and this module
plays on its state and moves; Cadogan's text differs in the rules below, which are
this module's:

- **Rule II** (l.1006-1007), "as many cards in each of the packets forming the Line may
  be examined as there are vacancies in the Flanks": the top card shows, and with *k*
  empty Flank places the *k* cards beneath it too (sheet amb. 1, PROPOSED); the rest of
  each packet lies face down (only its top was ever available; sheet G11). Option
  ``examine=counting_top``: the *k* uppermost cards, the top among them (at least one).
- **One re-deal, not shuffled**: the Line taken up from the left, the first packet's
  first card first (sheet G9), laid again in six packets of four, the rest the pack.
  The Flanks and the foundations stay (amb. 5). Offered when the pack is out.
- **Emptied Line packets** get four cards from the pack at once, automatically, as part
  of the move that emptied them (in packet order; fewer if the pack is short).
- **Rounds** go four cards together on each packet, all at once ("deal a second round
  of four cards together", l.1066-1067), offered, as in Cheney's module, only when no card
  of the Line or the Flanks can go to a foundation ("when the resources ... are
  exhausted"); the last round may be short (amb. 3).
- **Flank vacancies** may be left open and filled at any time, from a Line top or from
  the next card of the pack, unseen (amb. 2): "it is never prudent to fill up all
  vacancies" makes filling optional. Only the first empty place is offered (alike).
- **Foundation exchange** (amb. 4): ``f<j>>f<k>``, the top card of a suit's ascending
  foundation onto its descending one when it fits there, or the other way; one card per
  move. So that cards do not shuttle for ever, a card exchanged may not be exchanged
  again until some other move is made (which forbids moving it straight back).

Win: all 104 cards on the foundations; lost when no move is left after the re-deal
(G13). Moves, in this order: ``p<i>>f<j>``, ``s<k>>f<j>``, ``f<j>>f<k>``, ``p<i>>s<k>``,
``d>s<k>``, ``d``, ``redeal`` (``f1``-``f4`` the aces of spades, hearts, diamonds, clubs,
``f5``-``f8`` the kings; Flank places ``s1``-``s4`` right, ``s5``-``s8`` left).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..cards import Card, name
from ..description import CADOGAN, Description
from ..families import DEAL, EMPTY8, REDEAL, family_name, family_targets
from ..game import Move, Option, Seat, Zone
from ..registry import register
from ..solo import pack_of, pack_zone, replace_at, split_code
from .nivernaise import PACKET, SPACE, Nivernaise, NivernaiseState, lay_piles


@dataclass(frozen=True, slots=True)
class LaNivernaiseState(NivernaiseState):
    #: Cards exchanged between foundations since the last other move.
    exchanged: tuple[Card, ...] = ()


def packet_name(i: int) -> str:
    return f"Line packet {i}"


@register
class LaNivernaise(Nivernaise):
    description = Description(
        id="la_nivernaise", title="La Nivernaise", book=CADOGAN, lines="993-1084",
        skill="some", bound=45000, packs=2)
    redeals_allowed = 1
    # Cheney's option (spaces filled at once) is not this text's; this one is
    option_specs = (
        Option("examine", "beneath",
               "beneath: with k Flank vacancies, the k cards under each Line packet's top "
               "may be seen; counting_top: the k uppermost cards, the top among them",
               choices=("beneath", "counting_top")),
    )

    @property
    def strict(self) -> bool:
        return False

    def layout(self, cards: tuple[Card, ...], seed: int) -> LaNivernaiseState:
        piles, n = lay_piles(cards[8:])
        return LaNivernaiseState(EMPTY8, cards[:8], piles, pack_of(cards[8 + n:]), 0, 0,
                                 seed)

    def _exchanges(self, state: NivernaiseState) -> list[Move]:
        done = state.exchanged if isinstance(state, LaNivernaiseState) else ()
        out = []
        fams = state.families
        for j in range(8):
            if not fams[j] or fams[j][-1] in done:
                continue
            k = (j + 4) % 8  # the other foundation of the same suit
            if k in family_targets(fams, fams[j][-1]):
                out.append(Move(f"f{j + 1}>f{k + 1}"))
        return out

    def moves(self, state: NivernaiseState) -> tuple[Move, ...]:
        plays = self._family_plays(state)
        out = [*plays, *self._exchanges(state), *self._fills(state)]
        if not plays and state.pack:
            out.append(DEAL)
        elif not state.pack and self.may_redeal(state) and any(state.piles):
            out.append(REDEAL)
        return tuple(out)

    def play(self, state: NivernaiseState, move: Move) -> NivernaiseState:
        assert isinstance(state, LaNivernaiseState)
        src, a, _, b = split_code(move.code)
        if src == "f" and a is not None and b is not None:
            fams = state.families
            c = fams[a - 1][-1]
            fams = replace_at(fams, a - 1, fams[a - 1][:-1])
            fams = replace_at(fams, b - 1, (*fams[b - 1], c))
            return replace(state, families=fams, exchanged=(*state.exchanged, c))
        if move == REDEAL:
            # Rule IV: packet by packet from the left, the whole turned and re-dealt
            cards = tuple(c for p in state.piles for c in p)
            piles, n = lay_piles(cards)
            st: NivernaiseState = replace(state, piles=piles, pack=pack_of(cards[n:]),
                         redeals=self.redeal_number(state), round_left=0)
        elif move == DEAL:
            added, n = lay_piles(tuple(reversed(state.pack)))
            st = replace(state, pack=state.pack[:len(state.pack) - n], round_left=0,
                         piles=tuple(p + q for p, q in zip(state.piles, added, strict=True)))
        else:
            st = super().play(state, move)
        assert isinstance(st, LaNivernaiseState)
        return self._refill(replace(st, exchanged=()))

    @staticmethod
    def _refill(state: NivernaiseState) -> NivernaiseState:
        """Four cards at once in the stead of each packet played off (l.1057-1063)."""
        if not state.pack or all(state.piles):
            return state
        piles, pack = list(state.piles), state.pack
        for i, p in enumerate(piles):
            if not p and pack:
                take = pack[-PACKET:][::-1]
                piles[i], pack = take, pack[:len(pack) - len(take)]
        return replace(state, piles=tuple(piles), pack=pack)

    def shown(self, state: NivernaiseState, pile: tuple[Card, ...]) -> int:
        """How many cards of a Line packet may be seen (Rule II)."""
        k = state.sides.count(SPACE)
        n = k if self.option("examine") == "counting_top" else k + 1
        return min(len(pile), max(1, n))

    def table_zones(self, state: NivernaiseState) -> list[Zone]:
        zs = [Zone(f"s{k + 1}", "reserve", (c,) if c else (), 1, label=f"Flank place {k + 1}",
                   group="right flank" if k < 4 else "left flank")
              for k, c in enumerate(state.sides)]
        zs += [Zone(f"p{i + 1}", "pile", p, self.shown(state, p), label=packet_name(i + 1),
                    group="the Line") for i, p in enumerate(state.piles)]
        return [*zs, pack_zone(state.pack)]

    def facts(self, state: NivernaiseState) -> dict[str, Any]:
        return {
            "flank_vacancies": state.sides.count(SPACE),
            **self.redeal_facts(state),
        }

    def say(self, state: NivernaiseState, move: Move) -> str:
        src, a, _, b = split_code(move.code)
        if src == "f" and a is not None and b is not None:
            return (f"exchange {name(state.families[a - 1][-1])} from {family_name(a - 1)} "
                    f"to {family_name(b - 1)}")
        if move == DEAL:
            return "deal four more cards together on each Line packet"
        if move == REDEAL:
            return "take up the Line from the left, turn it and re-deal it (the one re-deal)"
        text = super().say(state, move)
        return text.replace("side place", "Flank place").replace("pile", "Line packet")

    def narrate(self, before: NivernaiseState, move: Move, after: NivernaiseState) -> str:
        if move == DEAL:
            return f"deal {len(before.pack) - len(after.pack)} cards on the Line"
        return super().narrate(before, move, after).replace(
            "side place", "Flank place")

    def why_illegal(self, state: NivernaiseState, move: Move, seat: Seat) -> str:
        if move == REDEAL and not state.pack and not self.may_redeal(state):
            return "There is only one re-deal."
        if move.code.startswith("f"):
            return "That card cannot be exchanged to the other foundation of its suit now."
        return super().why_illegal(state, move, seat)


__all__ = ["LaNivernaise", "LaNivernaiseState"]
