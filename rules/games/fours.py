"""Fours, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.2918-2946; rule sheet ``shared/games/cheney.md``,
section Fours.

One pack laid out in piles of four in a row, face up (l.2922-2925). Aces on top go aside
as the bases of families built up in suit (l.2925-2927); a lower card may be married on a
higher one of the same suit (l.2927-2929); top cards go to the families when possible
(l.2929-2930). When nothing more can be done, the last pile goes on the one next to it,
and so on, into a pack that deals the first pile first; it is laid out again in fours
(l.2932-2942). "When you find, on laying them down in fours, that you cannot place the
top cards either on the families or on other piles, you have failed" (l.2942-2946).

Readings (the sheet's PROPOSED readings unless said otherwise):

- A pile is four cards dealt one after another, the fourth on top; after a re-deal the
  last pile may be short. Only top cards are used.
- A marriage puts one top card on a top card one higher of its suit.
- Re-deal (``r``): only when no move is left; unlimited. The piles are put together
  last on next, so that the first pile's cards come out first, bottom card first.
- Failure: a laying (the first or a re-deal) on which no top card can be placed. So
  that the game cannot go round for ever, a re-deal that would lay out the cards exactly
  as an earlier laying did, with no card gone to the families between, is not allowed:
  the player could only repeat herself, and the game is lost.

Legal moves, in order: ``d`` (the first laying); then for each pile in order its top card
``<i>>f`` to its family, then ``<i>><j>`` onto pile ``j``; then ``r``. Won when the four
families hold all 52 cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import SUIT_NAMES, SUIT_SYMBOLS, Card, name, rank_of, suit_of
from ..description import CHENEY, Description
from ..game import Move, Zone
from ..registry import register
from ..solo import SoloGame, open_zone, pack_of, pack_zone, replace_at

DEAL, REDEAL = Move("d"), Move("r")
Piles = tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class FoursState:
    piles: Piles
    #: The four families, spades, hearts, diamonds, clubs, built up from the ace.
    families: Piles
    #: The pack, before the first laying (top last).
    pack: tuple[Card, ...] = ()
    layings: int = 0
    #: Whether a card has been placed since the last laying.
    moved: bool = False
    #: The layings since a card last went to the families.
    seen: tuple[Piles, ...] = ()


def in_fours(order: tuple[Card, ...]) -> Piles:
    """Cards in dealing order, in piles of four (the last may be short)."""
    return tuple(order[i:i + 4] for i in range(0, len(order), 4))


@register
class Fours(SoloGame[FoursState]):
    description = Description(
        id="fours", title="Fours", book=CHENEY, lines="2918-2946", skill="some", bound=300)

    def layout(self, cards: tuple[Card, ...], seed: int) -> FoursState:
        return FoursState((), ((),) * 4, pack_of(cards))

    def placings(self, state: FoursState) -> list[Move]:
        fams, piles = state.families, state.piles
        # one pack: the card one higher of a suit is a single card, on top of one pile
        # at most
        under = {p[-1]: j for j, p in enumerate(piles) if p}
        out = []
        for i, p in enumerate(piles):
            if not p:
                continue
            c = p[-1]
            if len(fams[suit_of(c)]) == rank_of(c) - 1:
                out.append(Move(f"{i + 1}>f"))
            j = under.get(c + 1, -1) if rank_of(c) < 13 else -1
            if j >= 0:
                out.append(Move(f"{i + 1}>{j + 1}"))
        return out

    def moves(self, state: FoursState) -> tuple[Move, ...]:
        if state.pack:
            return (DEAL,)
        found = self.placings(state)
        if found:
            return tuple(found)
        if state.moved and self.relaid(state) not in state.seen:
            return (REDEAL,)
        return ()

    @staticmethod
    def relaid(state: FoursState) -> Piles:
        return in_fours(tuple(c for p in state.piles for c in p))

    def play(self, state: FoursState, move: Move) -> FoursState:
        if move == DEAL:
            piles = in_fours(tuple(reversed(state.pack)))
            return FoursState(piles, state.families, (), 1, False, (piles,))
        if move == REDEAL:
            piles = self.relaid(state)
            return FoursState(piles, state.families, (), state.layings + 1, False,
                              (*state.seen, piles))
        src, dst = move.code.split(">")
        i = int(src) - 1
        c = state.piles[i][-1]
        piles = replace_at(state.piles, i, state.piles[i][:-1])
        if dst == "f":
            s = suit_of(c)
            fams = replace_at(state.families, s, (*state.families[s], c))
            return FoursState(piles, fams, (), state.layings, True, ())
        j = int(dst) - 1
        piles = replace_at(piles, j, (*piles[j], c))
        return FoursState(piles, state.families, (), state.layings, True, state.seen)

    def won(self, state: FoursState) -> bool:
        return all(len(f) == 13 for f in state.families)

    def summary(self, state: FoursState, won: bool) -> str:
        if won:
            return "the four families are complete"
        home = sum(len(f) for f in state.families)
        why = "laid out again, the cards would only repeat an earlier laying" \
            if state.moved else "on laying them down in fours, no top card can be placed"
        return f"{home} of 52 cards in the families; {why}"

    def zones(self, state: FoursState) -> tuple[Zone, ...]:
        out = [open_zone(f"f{s + 1}", "foundation", f, f"family of {SUIT_NAMES[s]}",
                         "families") for s, f in enumerate(state.families)]
        piles = state.piles + ((),) * (13 - len(state.piles))
        out += [open_zone(f"p{i + 1}", "pile", p, f"pile {i + 1}", "row")
                for i, p in enumerate(piles)]
        out.append(pack_zone(state.pack))
        return tuple(out)

    def public(self, state: FoursState) -> dict[str, Any]:
        return {"laying": state.layings, "piles": len(state.piles),
                "in_families": sum(len(f) for f in state.families)}

    def say(self, state: FoursState, move: Move) -> str:
        if move == DEAL:
            return "lay out the pack in piles of four"
        if move == REDEAL:
            return "put the piles together, the last on the one next it, and lay them " \
                "out again in fours"
        src, dst = move.code.split(">")
        c = state.piles[int(src) - 1][-1]
        if dst == "f":
            return f"play {name(c)} from pile {src} to the {SUIT_SYMBOLS[suit_of(c)]} family"
        q = state.piles[int(dst) - 1]
        return f"marry {name(c)} from pile {src} onto {name(q[-1])} on pile {dst}"
