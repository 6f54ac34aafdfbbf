"""L'Horloge (the Vintage pages' The Clock), from Cadogan's *Illustrated Games of
Patience*. **Tableau No. I, which named the twelve foundation cards, is lost: the twelve
cards here are a stand-in.**

Source: ``001_6a582ee13e12f2a9.txt`` l.647-719; the Vintage pages ``002`` l.172-193 give
the same text (alias ``the_clock_cadogan``). Rule sheet ``shared/games/cadogan.md``,
section L'Horloge. Her terms are :mod:`rules.cadogan`'s.

Two packs. "Withdraw from the pack the twelve cards, as in tableau No. I., and place them
in their exact order against the hours of the clock ... These are the foundation cards,
and are to ascend in sequence until each packet attains the hour of the clock against
which it is placed" (l.673-681); "the twelve foundations must follow suit" (Rule IV).
"A circle consisting of twelve packets of three cards dealt together so spread that each
card is visible" (l.683-688): "the uppermost cards of each packet are available" (Rule
I); "marriages can only be made with cards in the circle, and not with those from the
pack or talon" (Rule II); "vacancies in the circle must be re-filled with cards from the
pack, but not from the talon; each packet must be re-filled so as to contain not less
than three cards" (Rule III), "in order, from left to right, beginning at the numeral I,
and all the packets re-filled before proceeding again to play, or to marry" (l.690-696).
"When all further progress is at an end, deal out the remaining cards; play all suitable
ones, then marry and re-fill spaces ... The cards that cannot be so employed are laid
aside in one packet, forming the talon, which can only be used to play on the
foundations" (l.706-717). "There is no re-deal" (l.719).

Readings (the sheet's PROPOSED readings unless said otherwise):

- **Stand-in for the lost plate** (amb. 1): the twelve cards of the later game Big Ben:
  2♣ at IX, then clockwise each hour one rank higher, the suits going ♣ ♥ ♠ ♦: 2♣ IX,
  3♥ X, 4♠ XI, 5♦ XII, 6♣ I, 7♥ II, 8♠ III, 9♦ IV, 10♣ V, J♥ VI, Q♠ VII, K♦ VIII. The
  first copy of each in the shuffled packs is withdrawn. Each foundation goes round from
  king to ace (hour I ends on an ace) and stops at its hour (I = ace ... XI = knave,
  XII = queen); with this stand-in the twelve foundations hold all 104 cards, so the game
  is won when every card is on them.
- Marriages in a descending line: the top card of a packet onto the top card of another,
  same suit, one higher (:func:`rules.cadogan.marries`); one card at a time; a card may
  not be put straight back.
- Refilling (amb. 2): ``r`` brings every packet under three cards back to three from the
  pack, the new cards on top, in order I to XII. The player plays and marries first, then
  refills; while a packet is short and the pack has cards, no card is turned.
- The deal (amb. 3): ``t`` turns the next card of the pack onto the talon (the turned card
  is the talon's top, sheet G6); the talon's top may only be played on a foundation.
- Lost when no move is left (``end`` gives up).

Moves, in order: ``c<i>>f<h>`` (the top of packet ``i`` to the foundation of hour ``h``),
``w>f<h>`` (the talon's top), ``r``, ``t``, ``c<i>>c<k>`` (marriage), ``end``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from ..cadogan import Foundation, marries
from ..cards import CLUBS, DIAMONDS, HEARTS, SPADES, Card, card, identity, name
from ..description import CADOGAN, Description
from ..game import Move
from ..patience import DOWN, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import DEAL

HOURS = 12
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")
#: The stand-in plate: (rank, suit) against hours I to XII.
PLATE = ((6, CLUBS), (7, HEARTS), (8, SPADES), (9, DIAMONDS), (10, CLUBS), (11, HEARTS),
         (12, SPADES), (13, DIAMONDS), (2, CLUBS), (3, HEARTS), (4, SPADES), (5, DIAMONDS))
KINDS = tuple(Foundation(base=r, suit=s, last=h + 1, wrap=True)
              for h, (r, s) in enumerate(PLATE))
C, PACK, TALON = HOURS, 2 * HOURS, 2 * HOURS + 1  # where the circle, pack and talon lie


def hours_reached(game: Patience, t: Table) -> int:
    return sum(k.complete(f) for k, f in zip(KINDS, t.piles[:HOURS], strict=True))


@register
class LHorloge(Patience):
    description = Description(
        id="l_horloge",
        title="L'Horloge (plate lost: Big Ben's twelve cards, a stand-in)",
        book=CADOGAN, lines="647-719, 1-65", skill="some", bound=None, packs=2,
        layout="clock", aliases=("the_clock_cadogan",))
    option_specs: ClassVar[tuple[Any, ...]] = ()
    facts = (("pack", size("pack")), ("talon", size("w")), ("hours_reached", hours_reached))
    no_straight_back = True

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"f{h + 1}", "foundation", f"hour {ROMAN[h]}", "clock")
                  for h in range(HOURS)),
                *(Pile(f"c{i + 1}", "pile", f"packet {ROMAN[i]}", "circle")
                  for i in range(HOURS)),
                Pile("pack", "stock", "the pack", face=DOWN), Pile("w", "waste", "the talon"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        rest = list(cards)
        found = []
        for r, s in PLATE:
            c = next(x for x in rest if identity(x) == card(r, s))
            rest.remove(c)
            found.append((c,))
        return self.table({f"f{h + 1}": f for h, f in enumerate(found)}
                          | {f"c{i + 1}": rest[3 * i: 3 * i + 3] for i in range(HOURS)}
                          | {"pack": rest[3 * HOURS:][::-1]})

    def to_found(self, t: Table, c: Card) -> int:
        for h, (kind, f) in enumerate(zip(KINDS, t.piles[:HOURS], strict=True)):
            if kind.suitable(f, c):
                return h
        return -1

    def short(self, t: Table) -> list[int]:
        """The packets under three cards, while the pack has cards to re-fill them."""
        return [i for i, p in enumerate(t.piles[C:PACK]) if len(p) < 3] if t.piles[PACK] \
            else []

    def steps(self, t: Table) -> list[Step]:
        circle, talon = t.piles[C:PACK], t.piles[TALON]
        out = [Step(f"c{i + 1}>f{h + 1}", source=C + i, target=h) for i, p in enumerate(circle)
               if p and (h := self.to_found(t, p[-1])) >= 0]
        if talon and (h := self.to_found(t, talon[-1])) >= 0:
            out.append(Step(f"w>f{h + 1}", source=TALON, target=h))
        short = self.short(t)
        if short:  # points at the first packet re-filled
            need = sum(3 - len(circle[i]) for i in short)
            out.append(Step("r", DEAL, PACK, C + short[0], min(need, len(t.piles[PACK]))))
        elif t.piles[PACK]:
            out.append(Step("t", DEAL, PACK, TALON))
        for i, p in enumerate(circle):
            if p:
                out += [Step(f"c{i + 1}>c{k + 1}", source=C + i, target=C + k)
                        for k, q in enumerate(circle) if k != i and q and marries(p[-1], q[-1])]
        return out

    def goes_home(self, t: Table, pile: int) -> bool | None:
        if pile < C or pile == PACK:
            return None
        top = t.top(pile)
        return top is not None and self.to_found(t, top) >= 0

    def play(self, state: Table, move: Move) -> Table:
        if move.code != "r":
            return super().play(state, move)
        piles, pack = list(state.piles), state.piles[PACK]
        for i in range(C, PACK):
            while len(piles[i]) < 3 and pack:
                piles[i], pack = (*piles[i], pack[-1]), pack[:-1]
        piles[PACK] = pack
        down = (*state.down[:PACK], len(pack), *state.down[PACK + 1:])
        return replace(state, piles=tuple(piles), down=down, back=None)

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return "every hour of the clock is reached"
        why = "given up" if state.given_up else "no move is left"
        return f"{hours_reached(self, state)} of 12 hours reached; {why}"

    def say(self, state: Table, move: Move) -> str:
        if move.code == "t":
            return "deal the next card of the pack"
        if move.code == "r":
            return "re-fill the short packets from the pack, from I round to XII"
        s = self.step(state, move)
        c = state.piles[s.source][-1]
        where = " from the talon" if s.source == TALON else f" from packet {ROMAN[s.source - C]}"
        if s.target < C:
            return f"play {name(c)}{where} on the foundation of {ROMAN[s.target]}"
        return f"marry {name(c)}{where} to {name(state.piles[s.target][-1])} on packet " \
            f"{ROMAN[s.target - C]}"

    def narrate(self, before: Table, move: Move, after: Table) -> str:
        if move.code == "t":
            return f"deal {name(before.piles[PACK][-1])} from the pack"
        return super().narrate(before, move, after)
