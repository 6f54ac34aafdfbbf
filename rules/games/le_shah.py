"""Le Shah, from Cadogan's *Illustrated Games of Patience*.

Source: ``001_6a582ee13e12f2a9.txt`` l.511-596; rule sheet ``shared/games/cadogan.md``,
section Le Shah. Her terms are :mod:`rules.cadogan`'s.

Two packs. "Take from the pack the eight aces and the eight kings. Throw aside seven of
the kings and place the remaining one in the centre, with the eight aces surrounding it
in a circle. The king is called The Shah, and remains alone" (l.535-541); the aces ascend
in suit to queens (l.541-543, Rule III). "Next deal out a circle of eight cards ... If any
of these are suitable, play them, filling the spaces at once from the cards in your
hand. Then deal out a second circle, blocking the first one (Rule I.), and treat it in
the same manner, then a third circle, which completes the rays of the star" (l.545-554).
"During the deal cards in each circle of the star are available until another circle
blocks them. After the deal is completed only cards in the third (or outer) circle are
available until, as usual, their removal releases the inner circles" (Rule I).
"Marriages are limited to cards in the third circle; cards in the inner circles, even
when released, can only be played, but not married" (Rule II); "marriages can only be made
in descending line" (l.564). "When you have played or married all the cards you wish, the
spaces so made must be re-filled from the talon or pack, beginning with the inner
circles, and proceeding from left to right as before. The remaining cards are dealt out in
the usual way, those not required for the foundations, or for marrying, or for re-filling
spaces, forming the talon" (l.570-580). "When a lane, i.e. one entire ray of the star, is
opened out, the place of the inner card may be filled by one card from the third circle
... a kind of 'grace' ... The other two spaces are re-filled from the talon, and this must
be done at once, as each ray must always be complete" (l.582-594). "There is no re-deal"
(l.596).

Readings (the sheet's PROPOSED readings unless said otherwise):

- Rays 1-8 clockwise from the top; each ray has an inner, a middle and an outer place, and
  a ray's available card is the top of its outermost occupied place.
- The deal (amb. 5): ``d`` deals the next circle; a card of the circle just dealt may be
  played, and its place is filled at once from the pack. No marriage until the third
  circle is down.
- Turning (G6): ``t`` turns the next card of the pack onto the talon, whose top may be
  played, married onto an outer card, or put in a vacancy.
- Refilling (amb. 1, 2): the player plays and marries as she likes, then every vacancy is
  filled before the next card is turned, inner circles first, clockwise from the top:
  ``w>v`` (the talon's top) or ``p>v`` (the next card of the pack) into the first one.
- A married pile stays in its outer place; only its top card is available (amb. 4).
- The grace (amb. 3): when a whole ray is empty, the top card of an outer place of
  another ray may be put in its inner place (``r<i>>g<k>``); the place it leaves is then
  a vacancy like the others. It comes whenever a ray is empty: a standing rule, not a
  one-off the solo shell counts (``privileges_allowed``).
- Won when the eight foundations reach their queens (96 cards); lost when no move is left
  (``end`` gives up).

Moves, in order: ``r<i>>f<j>``, ``w>f<j>``, ``d``, ``w>v``, ``p>v``, ``t``,
``r<i>>r<k>``, ``w>r<k>`` (marriages onto an outer card), ``r<i>>g<k>``, ``end``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ..cadogan import (
    ACES_UP,
    Foundation,
    foundations_complete,
    marries,
    outermost,
    suited,
    to_play,
)
from ..cards import ACE, KING, QUEEN, SUIT_SYMBOLS, Card, name, rank_of, suit_of
from ..description import CADOGAN, Description
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import SoloGame, back_of, open_zone, pack_of, pack_zone, with_end

RAYS, OUTER = 8, 2
KINDS = suited(Foundation(ACES_UP.base, last=QUEEN), 8)
DEAL, TURN, TALON_FILL, PACK_FILL = Move("d"), Move("t"), Move("w>v"), Move("p>v")
CIRCLE = ("inner", "middle", "outer")
Pile = tuple[Card, ...]
Ray = tuple[Pile, ...]


@dataclass(frozen=True, slots=True)
class ShahState:
    found: tuple[Pile, ...]
    rays: tuple[Ray, ...]
    pack: tuple[Card, ...]
    kings: tuple[Card, ...]
    talon: tuple[Card, ...] = ()
    #: Circles dealt so far (the deal is complete at three).
    circles: int = 0
    back: str = ""
    given_up: bool = False


def set_place(rays: tuple[Ray, ...], i: int, k: int, pile: Pile) -> tuple[Ray, ...]:
    ray = (*rays[i][:k], pile, *rays[i][k + 1:])
    return (*rays[:i], ray, *rays[i + 1:])


@register
class LeShah(SoloGame[ShahState]):
    description = Description(
        id="le_shah", title="Le Shah", book=CADOGAN, lines="511-596, 1-65", skill="some",
        bound=None, packs=2, layout="clock")
    option_specs: ClassVar[tuple[Option, ...]] = ()

    def layout(self, cards: tuple[Card, ...], seed: int) -> ShahState:
        aces = sorted((c for c in cards if rank_of(c) == ACE), key=lambda c: (c >> 6, suit_of(c)))
        kings = tuple(c for c in cards if rank_of(c) == KING)
        rest = tuple(c for c in cards if rank_of(c) not in (ACE, KING))
        return ShahState(tuple((a,) for a in aces), ((),) * RAYS, pack_of(rest), kings)

    # -- helpers ---------------------------------------------------------------------

    def vacancies(self, st: ShahState) -> list[tuple[int, int]]:
        """(ray, circle) of each empty place, inner circles first, clockwise."""
        if st.circles < 3:
            return []
        return [(i, k) for k in range(3) for i in range(RAYS) if not st.rays[i][k]]

    def fill_from_pack(self, st: ShahState, i: int, k: int) -> ShahState:
        if not st.pack:
            return st
        return replace(st, rays=set_place(st.rays, i, k, (st.pack[-1],)), pack=st.pack[:-1])

    # -- the game --------------------------------------------------------------------

    def moves(self, st: ShahState) -> tuple[Move, ...]:
        out: list[Move] = []
        avail = [(i, outermost(r)) for i, r in enumerate(st.rays)]
        for i, k in avail:
            if k >= 0 and (j := to_play(KINDS, st.found, st.rays[i][k][-1])) >= 0:
                out.append(Move(f"r{i + 1}>f{j + 1}"))
        if st.talon and (j := to_play(KINDS, st.found, st.talon[-1])) >= 0:
            out.append(Move(f"w>f{j + 1}"))
        if st.circles < 3:
            out.append(DEAL)
            return tuple(out)
        vac = self.vacancies(st)
        if vac:
            if st.talon:
                out.append(TALON_FILL)
            if st.pack:
                out.append(PACK_FILL)
        elif st.pack:
            out.append(TURN)
        outer = [(i, st.rays[i][OUTER][-1]) for i in range(RAYS) if st.rays[i][OUTER]]
        for i, c in outer:
            out += [Move(code) for k, d in outer if k != i and marries(c, d)
                    and (code := f"r{i + 1}>r{k + 1}") != st.back]
        if st.talon:
            out += [Move(f"w>r{k + 1}") for k, d in outer if marries(st.talon[-1], d)]
        empty = [k for k, r in enumerate(st.rays) if outermost(r) < 0]
        for i, _ in outer:
            out += [Move(f"r{i + 1}>g{k + 1}") for k in empty]
        return with_end(out)

    def play(self, st: ShahState, move: Move) -> ShahState:
        code = move.code
        if move == DEAL:
            k = st.circles
            for i in range(RAYS):
                st = self.fill_from_pack(st, i, k)
            return replace(st, circles=k + 1, back="")
        if move == TURN:
            return replace(st, pack=st.pack[:-1], talon=(*st.talon, st.pack[-1]), back="")
        if move in (TALON_FILL, PACK_FILL):
            i, k = self.vacancies(st)[0]
            if move == PACK_FILL:
                return replace(self.fill_from_pack(st, i, k), back="")
            return replace(st, rays=set_place(st.rays, i, k, (st.talon[-1],)),
                           talon=st.talon[:-1], back="")
        src, dst = code.split(">")
        if src == "w":
            c, st = st.talon[-1], replace(st, talon=st.talon[:-1])
        else:
            i = int(src[1:]) - 1
            k = outermost(st.rays[i])
            pile = st.rays[i][k]
            c = pile[-1]
            st = replace(st, rays=set_place(st.rays, i, k, pile[:-1]))
            if st.circles < 3 and not pile[:-1]:
                st = self.fill_from_pack(st, i, k)  # "filling the spaces at once"
        n = int(dst[1:]) - 1
        if dst[0] == "f":
            return replace(st, found=(*st.found[:n], (*st.found[n], c), *st.found[n + 1:]),
                           back="")
        if dst[0] == "g":
            return replace(st, rays=set_place(st.rays, n, 0, (c,)), back="")
        pile = st.rays[n][OUTER]
        return replace(st, rays=set_place(st.rays, n, OUTER, (*pile, c)),
                       back=back_of(code) if src != "w" else "")

    def won(self, st: ShahState) -> bool:
        return foundations_complete(KINDS, st.found)

    def summary(self, st: ShahState, won: bool) -> str:
        n = sum(len(f) for f in st.found)
        if won:
            return "the eight foundations have reached their queens"
        why = "given up" if st.given_up else "no move is left"
        return f"{n} of 96 cards on the foundations; {why}"

    def zones(self, st: ShahState) -> tuple[Zone, ...]:
        out = [open_zone("shah", "reserve", st.kings[:1], "the Shah", "centre"),
               open_zone("aside", "discard", st.kings[1:], "kings thrown aside", "centre")]
        out += [open_zone(f"f{j + 1}", "foundation", f, f"{SUIT_SYMBOLS[j % 4]} foundation",
                          "foundations") for j, f in enumerate(st.found)]
        for i, ray in enumerate(st.rays):
            out += [open_zone(f"r{i + 1}.{k + 1}", "pile", p,
                              f"ray {i + 1}, {CIRCLE[k]} circle", f"ray {i + 1}")
                    for k, p in enumerate(ray)]
        out += [pack_zone(st.pack), open_zone("w", "waste", st.talon, "the talon")]
        return tuple(out)

    def public(self, st: ShahState) -> dict[str, Any]:
        return {"pack": len(st.pack), "talon": len(st.talon), "circles_dealt": st.circles,
                "vacancies": len(self.vacancies(st)),
                "on_foundations": sum(len(f) for f in st.found)}

    def say(self, st: ShahState, move: Move) -> str:
        if move == DEAL:
            return f"deal out the {('first', 'second', 'third')[st.circles]} circle"
        if move == TURN:
            return "deal the next card of the pack onto the talon"
        if move in (TALON_FILL, PACK_FILL):
            i, k = self.vacancies(st)[0]
            frm = "the talon's top" if move == TALON_FILL else "the next card of the pack"
            return f"fill the {CIRCLE[k]} place of ray {i + 1} with {frm}"
        src, dst = move.code.split(">")
        if src == "w":
            c, where = st.talon[-1], "the talon"
        else:
            i = int(src[1:]) - 1
            c, where = st.rays[i][outermost(st.rays[i])][-1], f"ray {src[1:]}"
        n = int(dst[1:])
        if dst[0] == "f":
            return f"play {name(c)} from {where} on the {SUIT_SYMBOLS[(n - 1) % 4]} foundation"
        if dst[0] == "g":
            return f"grace: put {name(c)} from {where} in the inner place of the open ray {n}"
        return f"marry {name(c)} from {where} to {name(st.rays[n - 1][OUTER][-1])} on ray {n}"
