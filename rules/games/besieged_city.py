"""The Besieged City, from Cadogan's *Illustrated Games of Patience*.

Source: ``001_6a582ee13e12f2a9.txt`` l.1180-1281; rule sheet ``shared/games/cadogan.md``,
section The Besieged City, whose ambiguities are cited.

Two packs. "Deal twelve cards in four rows of three cards each. Then deal an outside row
of fourteen cards placed crossways. These are the 'Ramparts.' The inside twelve cards
are the 'Reserve'" (l.1240-1247): three ramparts above the Reserve's columns, three
below, four at the left and four at the right ends of its rows, so that each rampart
stands at the end of one row or column (the figure's A-D, l.1219-1231). "The foundation
cards are four aces of different suits. On these are placed kings, then deuces, queens,
threes, and so on, each foundation consisting of alternate sequences, ascending and
descending, and finishing as well as beginning with aces" (l.1249-1255), following suit:
A K 2 Q 3 J 4 10 5 9 6 8 7 7 8 6 9 5 10 4 J 3 Q 2 K A.

- Rule I: foundations are formed from the Ramparts and the pack; talon cards pass
  through the Reserve, and the Reserve into the Ramparts, before they can be played.
- Rule II: rampart cards go on each other, same suit, "either in the usual ascending and
  descending sequences, or in the order in which they will be played, viz. queen on two,
  knave on three, and so on, or vice versa"; the top card of each alone is available.
- Rule III: a Reserve card may go on a rampart card in the same way, "but only on the
  cards at the ends or sides of the line from which they are taken".
- Rule IV: "Vacancies in the Ramparts are filled from the Reserve with any card in the
  row at the end of which the vacancy occurs"; Rule V: "Vacancies in the Reserve are
  filled from the talon, or, when there is no talon, from the pack"; "immediately ...
  this must be done throughout the game" (l.1259-1263).
- The pack is dealt, "the cards not suitable for the foundations being placed in a
  talon" (l.1267-1271). "When the talon is exhausted and all the cards have been dealt,
  should there still be cards in the reserve which cannot be transferred to the
  Ramparts, you may transpose them" (l.1273-1279).

Readings (the sheet's PROPOSED readings unless said otherwise):

- "The order in which they will be played" (amb. 1): two cards of a suit that are
  neighbours in the foundation's order (A-K, K-2, 2-Q, ... 8-7, 7-7) go on each other,
  besides cards one apart. Option ``order=sum14``: only the printed kind (queen on two,
  knave on three ...: values adding to fourteen) besides cards one apart.
- A line (amb. 2) is the Reserve card's row (ending at a left and a right rampart) or its
  column (ending at a top and a bottom rampart); every Reserve card is available for it.
- The aces are not taken out: they are played as they appear (the figure's blank spaces,
  sheet G10); the first ace of a suit begins its foundation, the second ends it.
- A rampart vacancy must be filled at once with the player's choice among the cards of
  its line (amb. 3); the Reserve vacancy this leaves takes the talon's top, or with no
  talon the next card of the pack (unseen).
- Dealing: ``t`` turns a card; it may be played at once (``p>f``, "from the pack") or is
  laid on the talon (``p>w``) before the next is turned. Talon cards only fill the Reserve.
- Transposing (amb. 4): once the pack and talon are out, two Reserve cards may change
  places (``v<i>~v<j>``).
- Cards may go back and forth between ramparts and transpositions may be undone, so a
  move may not simply undo the one before, and ``end`` (give up) is offered beside the
  other moves. Won with the 104 cards on the foundations.

Moves, in this order: while a vacancy waits, its fills; otherwise ``r<k>>f<s>`` and
``p>f<s>`` (foundations ``f1``-``f4``: spades, hearts, diamonds, clubs), ``r<k>>r<m>``,
``v<i>>r<k>``, ``p>w``, ``t``, ``v<i>~v<j>``, ``end``. Ramparts ``r1``-``r3`` above
columns 1-3, ``r4``-``r6`` below them, ``r7``-``r10`` at the left of rows 1-4,
``r11``-``r14`` at their right; Reserve places ``v1``-``v12`` row by row.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Any

from ..cadogan import available, talon_top
from ..cards import SUIT_NAMES, Card, name, rank_of, suit_of
from ..description import CADOGAN, Description
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import SoloGame, open_zone, pack_of, pack_zone, replace_at, with_end

ROWS, COLS, RAMPARTS = 4, 3, 14
TURN = Move("t")
NONE = 0
#: The foundation's order (l.1249-1255), 26 cards of a suit.
ORDER = (1, 13, 2, 12, 3, 11, 4, 10, 5, 9, 6, 8, 7, 7, 8, 6, 9, 5, 10, 4, 11, 3, 12, 2, 13, 1)
NEIGHBOURS = frozenset(frozenset(pair) for pair in pairwise(ORDER[:14]))
Piles = tuple[tuple[Card, ...], ...]


def ends(i: int) -> tuple[int, ...]:
    """The ramparts (0-based) at the ends of Reserve place ``i``'s column and row."""
    r, c = divmod(i, COLS)
    return (c, 3 + c, 6 + r, 10 + r)


def line_of(k: int) -> tuple[int, ...]:
    """The Reserve places (0-based) of the line at whose end rampart ``k`` stands."""
    if k < 6:
        return tuple(r * COLS + k % 3 for r in range(ROWS))
    r = (k - 6) % 4
    return tuple(r * COLS + c for c in range(COLS))


@dataclass(frozen=True, slots=True)
class CityState:
    families: Piles
    ramparts: Piles
    reserve: tuple[Card, ...]
    pack: tuple[Card, ...]
    talon: tuple[Card, ...] = ()
    turned: Card = NONE
    #: The code that would undo the previous move.
    back: str = ""
    given_up: bool = False


@register
class BesiegedCity(SoloGame[CityState]):
    description = Description(
        id="besieged_city", title="The Besieged City", book=CADOGAN, lines="1180-1281",
        skill="much", bound=None, packs=2)
    option_specs = (
        Option("order", "adjacent",
               "adjacent: besides cards one apart, any two neighbours in the foundations' "
               "order go on each other; sum14: only the printed kind (queen on two, knave "
               "on three ...)", choices=("adjacent", "sum14")),
    )

    def layout(self, cards: tuple[Card, ...], seed: int) -> CityState:
        reserve = cards[:12]
        ramparts = tuple((c,) for c in cards[12:26])
        return CityState(((),) * 4, ramparts, reserve, pack_of(cards[26:]))

    def goes_on(self, c: Card, onto: Card) -> bool:
        """Rule II: same suit, one apart, or neighbours in the order of play."""
        if suit_of(c) != suit_of(onto):
            return False
        a, b = rank_of(c), rank_of(onto)
        if abs(a - b) == 1:
            return True
        if self.option("order") == "sum14":
            return a + b == 14
        return frozenset((a, b)) in NEIGHBOURS

    @staticmethod
    def takes(fams: Piles, c: Card) -> int:
        """The foundation (0-based, by suit) that takes ``c`` now, or -1."""
        f = fams[suit_of(c)]
        return suit_of(c) if len(f) < 26 and ORDER[len(f)] == rank_of(c) else -1

    def moves(self, state: CityState) -> tuple[Move, ...]:
        rp, rv = state.ramparts, state.reserve
        hole = next((k for k, p in enumerate(rp) if not p), -1)
        if hole >= 0 and any(rv[i] for i in line_of(hole)):
            return with_end([Move(f"v{i + 1}>r{hole + 1}") for i in line_of(hole) if rv[i]])
        if NONE in rv and (state.talon or state.pack or state.turned != NONE):
            i = rv.index(NONE)
            return (Move(f"{'w' if talon_top(state.talon) is not None else 'd'}>v{i + 1}"),)
        fams, out = state.families, []
        for k, p in enumerate(rp):
            if (c := available(p)) is not None and (s := self.takes(fams, c)) >= 0:
                out.append(Move(f"r{k + 1}>f{s + 1}"))
        if state.turned != NONE and (s := self.takes(fams, state.turned)) >= 0:
            out.append(Move(f"p>f{s + 1}"))
        for k, p in enumerate(rp):
            if (c := available(p)) is not None:
                out += [Move(code) for m, q in enumerate(rp) if m != k and q
                        and self.goes_on(c, q[-1]) and (code := f"r{k + 1}>r{m + 1}")
                        != state.back]
        for i, c in enumerate(rv):
            if c != NONE:
                out += [Move(f"v{i + 1}>r{k + 1}") for k in ends(i)
                        if rp[k] and self.goes_on(c, rp[k][-1])]
        if state.turned != NONE:
            out.append(Move("p>w"))
        elif state.pack:
            out.append(TURN)
        elif not state.talon:
            # "you may transpose them" (l.1273-1279)
            out += [Move(code) for i in range(12) for j in range(i + 1, 12)
                    if rv[i] != NONE and rv[j] != NONE
                    and (code := f"v{i + 1}~v{j + 1}") != state.back]
        return with_end(out)

    def play(self, state: CityState, move: Move) -> CityState:
        code = move.code
        st = replace(state, back="")
        if move == TURN:
            return replace(st, pack=st.pack[:-1], turned=st.pack[-1])
        if "~" in code:
            a, b = (int(t[1:]) - 1 for t in code.split("~"))
            rv = replace_at(replace_at(st.reserve, a, st.reserve[b]), b, st.reserve[a])
            return replace(st, reserve=rv, back=code)
        src, dst = code.split(">")
        if src == "p":
            c, st = st.turned, replace(st, turned=NONE)
        elif src == "w":
            c, st = st.talon[-1], replace(st, talon=st.talon[:-1])
        elif src == "d":
            if st.turned != NONE:
                c, st = st.turned, replace(st, turned=NONE)
            else:
                c, st = st.pack[-1], replace(st, pack=st.pack[:-1])
        elif src[0] == "v":
            i = int(src[1:]) - 1
            c, st = st.reserve[i], replace(st, reserve=replace_at(st.reserve, i, NONE))
        else:
            k = int(src[1:]) - 1
            p = st.ramparts[k]
            c, st = p[-1], replace(st, ramparts=replace_at(st.ramparts, k, p[:-1]))
        j = int(dst[1:]) - 1 if dst[1:] else 0
        if dst[0] == "f":
            return replace(st, families=replace_at(st.families, j, (*st.families[j], c)))
        if dst == "w":
            return replace(st, talon=(*st.talon, c))
        if dst[0] == "v":
            return replace(st, reserve=replace_at(st.reserve, j, c))
        st = replace(st, ramparts=replace_at(st.ramparts, j, (*st.ramparts[j], c)))
        return replace(st, back=f"{dst}>{src}") if src[0] == "r" else st

    def won(self, state: CityState) -> bool:
        return sum(len(f) for f in state.families) == 104

    def summary(self, state: CityState, won: bool) -> str:
        n = sum(len(f) for f in state.families)
        if won:
            return "all 104 cards on the foundations"
        why = "given up" if state.given_up else "no move is left"
        return f"{n} of 104 cards on the foundations; {why}"

    def zones(self, state: CityState) -> tuple[Zone, ...]:
        where = ["above"] * 3 + ["below"] * 3 + ["left"] * 4 + ["right"] * 4
        return (
            *(open_zone(f"f{s + 1}", "foundation", f, f"the {SUIT_NAMES[s]} foundation",
                        "foundations") for s, f in enumerate(state.families)),
            *(open_zone(f"r{k + 1}", "pile", p, f"rampart {k + 1} ({where[k]})",
                        "the Ramparts") for k, p in enumerate(state.ramparts)),
            *(open_zone(f"v{i + 1}", "reserve", () if c == NONE else (c,),
                        f"Reserve row {i // 3 + 1}, column {i % 3 + 1}", "the Reserve")
              for i, c in enumerate(state.reserve)),
            pack_zone(state.pack),
            open_zone("turned", "waste", () if state.turned == NONE else (state.turned,),
                      "the card turned"),
            open_zone("talon", "waste", state.talon, "the talon"))

    def public(self, state: CityState) -> dict[str, Any]:
        return {"pack": len(state.pack), "talon": len(state.talon),
                "on_foundations": sum(len(f) for f in state.families)}

    def say(self, state: CityState, move: Move) -> str:
        code = move.code
        if move == TURN:
            return "turn the next card of the pack"
        if "~" in code:
            return f"transpose the Reserve cards of places {code[1:].replace('~v', ' and ')}"
        src, dst = code.split(">")
        if src == "d" and state.turned == NONE:
            return f"fill Reserve place {dst[1:]} with the next card of the pack"
        c = {"p": state.turned, "d": state.turned}.get(src, NONE)
        if src == "w":
            c = state.talon[-1]
        elif src[0] == "v":
            c = state.reserve[int(src[1:]) - 1]
        elif src[0] == "r":
            c = state.ramparts[int(src[1:]) - 1][-1]
        to = {"f": "its foundation", "w": "the talon", "v": f"Reserve place {dst[1:]}",
              "r": f"rampart {dst[1:]}"}[dst[0]]
        return f"put {name(c)} on {to}"

    def narrate(self, before: CityState, move: Move, after: CityState) -> str:
        if move == TURN:
            return f"turn up {name(before.pack[-1])}"
        if move.code.startswith("d>") and before.turned == NONE:
            return f"{self.describe(before, move)}: {name(before.pack[-1])}"
        return self.describe(before, move)


__all__ = ["ORDER", "BesiegedCity", "CityState", "ends", "line_of"]
