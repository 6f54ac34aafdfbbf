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

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ..cadogan import Foundation, foundations_complete, marries
from ..cards import CLUBS, DIAMONDS, HEARTS, SPADES, Card, card, identity, name
from ..description import CADOGAN, Description
from ..game import Move, Zone
from ..registry import register
from ..solo import SoloGame, open_zone, pack_of, pack_zone, replace_at, split_code, with_end
from ._columns import back_of

HOURS = 12
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")
#: The stand-in plate: (rank, suit) against hours I to XII.
PLATE = ((6, CLUBS), (7, HEARTS), (8, SPADES), (9, DIAMONDS), (10, CLUBS), (11, HEARTS),
         (12, SPADES), (13, DIAMONDS), (2, CLUBS), (3, HEARTS), (4, SPADES), (5, DIAMONDS))
KINDS = tuple(Foundation(base=r, suit=s, last=h + 1, wrap=True)
              for h, (r, s) in enumerate(PLATE))
REFILL, TURN = Move("r"), Move("t")
Piles = tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class HorlogeState:
    found: Piles
    circle: Piles
    pack: tuple[Card, ...]
    talon: tuple[Card, ...] = ()
    back: str = ""
    given_up: bool = False


@register
class LHorloge(SoloGame[HorlogeState]):
    description = Description(
        id="l_horloge",
        title="L'Horloge (plate lost: Big Ben's twelve cards, a stand-in)",
        book=CADOGAN, lines="647-719, 1-65", skill="some", bound=None, packs=2,
        layout="clock", aliases=("the_clock_cadogan",))
    option_specs: ClassVar[tuple[Any, ...]] = ()

    def layout(self, cards: tuple[Card, ...], seed: int) -> HorlogeState:
        rest = list(cards)
        found = []
        for r, s in PLATE:
            c = next(x for x in rest if identity(x) == card(r, s))
            rest.remove(c)
            found.append((c,))
        circle = tuple(tuple(rest[3 * i: 3 * i + 3]) for i in range(HOURS))
        return HorlogeState(tuple(found), circle, pack_of(rest[3 * HOURS:]))

    def to_found(self, st: HorlogeState, c: Card) -> int:
        for h, (kind, f) in enumerate(zip(KINDS, st.found, strict=True)):
            if kind.suitable(f, c):
                return h
        return -1

    def short(self, st: HorlogeState) -> bool:
        return bool(st.pack) and any(len(p) < 3 for p in st.circle)

    def moves(self, st: HorlogeState) -> tuple[Move, ...]:
        out = [Move(f"c{i + 1}>f{h + 1}") for i, p in enumerate(st.circle)
               if p and (h := self.to_found(st, p[-1])) >= 0]
        if st.talon and (h := self.to_found(st, st.talon[-1])) >= 0:
            out.append(Move(f"w>f{h + 1}"))
        if self.short(st):
            out.append(REFILL)
        elif st.pack:
            out.append(TURN)
        for i, p in enumerate(st.circle):
            if not p:
                continue
            out += [Move(code) for k, q in enumerate(st.circle)
                    if k != i and q and marries(p[-1], q[-1])
                    and (code := f"c{i + 1}>c{k + 1}") != st.back]
        return with_end(out)

    def play(self, st: HorlogeState, move: Move) -> HorlogeState:
        if move == TURN:
            return replace(st, pack=st.pack[:-1], talon=(*st.talon, st.pack[-1]), back="")
        if move == REFILL:
            circle, pack = list(st.circle), st.pack
            for i in range(HOURS):
                while len(circle[i]) < 3 and pack:
                    circle[i], pack = (*circle[i], pack[-1]), pack[:-1]
            return replace(st, circle=tuple(circle), pack=pack, back="")
        src, a, dst, b = split_code(move.code)
        assert b is not None
        if src == "c":
            assert a is not None
            c = st.circle[a - 1][-1]
            st = replace(st, circle=replace_at(st.circle, a - 1, st.circle[a - 1][:-1]))
        else:
            c, st = st.talon[-1], replace(st, talon=st.talon[:-1])
        if dst == "f":
            return replace(st, found=replace_at(st.found, b - 1, (*st.found[b - 1], c)),
                           back="")
        return replace(st, circle=replace_at(st.circle, b - 1, (*st.circle[b - 1], c)),
                       back=back_of(move.code))

    def won(self, st: HorlogeState) -> bool:
        return foundations_complete(KINDS, st.found)

    def summary(self, st: HorlogeState, won: bool) -> str:
        if won:
            return "every hour of the clock is reached"
        done = sum(k.complete(f) for k, f in zip(KINDS, st.found, strict=True))
        why = "given up" if st.given_up else "no move is left"
        return f"{done} of 12 hours reached; {why}"

    def zones(self, st: HorlogeState) -> tuple[Zone, ...]:
        return (*(open_zone(f"f{h + 1}", "foundation", f, f"hour {ROMAN[h]}", "clock")
                  for h, f in enumerate(st.found)),
                *(open_zone(f"c{i + 1}", "pile", p, f"packet {ROMAN[i]}", "circle")
                  for i, p in enumerate(st.circle)),
                pack_zone(st.pack), open_zone("w", "waste", st.talon, "the talon"))

    def public(self, st: HorlogeState) -> dict[str, Any]:
        return {"pack": len(st.pack), "talon": len(st.talon),
                "hours_reached": sum(k.complete(f) for k, f in zip(KINDS, st.found,
                                                                  strict=True))}

    def say(self, st: HorlogeState, move: Move) -> str:
        if move == TURN:
            return "deal the next card of the pack"
        if move == REFILL:
            return "re-fill the short packets from the pack, from I round to XII"
        src, a, dst, b = split_code(move.code)
        assert b is not None
        if src == "c":
            assert a is not None
            c, where = st.circle[a - 1][-1], f" from packet {ROMAN[a - 1]}"
        else:
            c, where = st.talon[-1], " from the talon"
        if dst == "f":
            return f"play {name(c)}{where} on the foundation of {ROMAN[b - 1]}"
        return f"marry {name(c)}{where} to {name(st.circle[b - 1][-1])} on packet " \
            f"{ROMAN[b - 1]}"

    def narrate(self, before: HorlogeState, move: Move, after: HorlogeState) -> str:
        if move == TURN:
            return f"deal {name(before.pack[-1])} from the pack"
        return super().narrate(before, move, after)
