"""The Zodiac, from Cadogan's *Illustrated Games of Patience*.

Source: ``001_6a582ee13e12f2a9.txt`` l.1770-1834; the same text word for word in
``002_e65e08a38c98e317.txt`` l.82-94 ("The Zodiac", alias ``the_zodiac``). Rule sheet
``shared/games/cadogan.md``, section The Zodiac, whose ambiguities are cited.

Two packs. "Deal eight cards in a horizontal row called the 'Equator.' Then deal a
surrounding circle of twenty-four cards called the 'Zodiac'" (l.1790-1795). Rule I
(l.1776-1784): "Marriages may be made in the Zodiac with cards from the Equator (but not
vice versa) and from the talon or pack, but cards in the Zodiac cannot marry each other,
neither can those in the Equator do so. Marriages may be made in ascending and
descending lines, and the same packet may contain both" (:func:`rules.cadogan.marries`,
line ``both``). The spaces are re-filled "from the talon, or, where there is no talon,
from the pack, but you are not obliged to do either until a favourable opportunity
occurs"; cards "not required for marrying or for re-filling spaces" form the talon,
"re-dealt as often as required ... until all the cards are placed either in the Zodiac
or in the Equator. If this cannot be done, the patience has already failed"
(l.1804-1816). Then the eight foundations, four aces ascending and four kings
descending, following suit (Rule II), are formed "from the Zodiac and Equator"
(l.1797-1802, 1816-1821).

Readings (the sheet's PROPOSED readings unless said otherwise):

- The pack is turned a card at a time onto the talon (``t``); the talon's top, the card
  just turned among them, is the card "from the talon or pack" (G6, amb. 3). It may be
  married on the top card of a Zodiac packet (same suit, one above or below) or fill an
  Equator space. An Equator card may be married on a Zodiac packet, leaving a space.
  Only the Equator has spaces; the first one is offered (they are alike).
- Re-deals (``redeal``): the talon turned over, unshuffled, as the new pack, as often as
  a pass has placed a card from the talon or pack; a pass that placed none means the
  patience "has already failed" (no re-deal is offered; lost when nothing else moves).
- The second part begins by itself when every card lies in the Zodiac or the Equator.
  Then only the top card of each Zodiac packet and the Equator cards are available, and
  they go only to the foundations: no more marriages (amb. 1, the sheet's reading; the
  text does not say). The first ace or king of a suit played starts its foundation
  (:func:`rules.cadogan.suited`, G4). A card that fits both foundations of its suit (a 7
  with the ace's at 6 and the king's at 8, an ace with the king's down to the deuce)
  may go on either: the player chooses (:func:`rules.cadogan.takers`; the book sends
  it to neither, l.1797-1802). Won with all 104 on the foundations.
- Every packet is built face up and may be examined (amb. 4).

Moves, in this order. First part: ``e<i>>z<k>``, ``w>z<k>``, ``w>e<i>``, ``t``,
``redeal``. Second part: ``z<k>>f<j>``, ``e<i>>f<j>`` (``f1``-``f4`` the aces of spades,
hearts, diamonds, clubs; ``f5``-``f8`` the kings).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..building import family_label
from ..cadogan import ACES_UP, BOTH, KINGS_DOWN, available, marries, suited, takers, talon_top
from ..cards import Card, name
from ..description import CADOGAN, Description
from ..families import home
from ..game import Move, Zone
from ..registry import register
from ..solo import SoloGame, open_zone, pack_of, pack_zone, replace_at, split_code

EQUATOR, ZODIAC = 8, 24
TURN, REDEAL = Move("t"), Move("redeal")
FOUNDATIONS = (*suited(ACES_UP, 4), *suited(KINGS_DOWN, 4))
Piles = tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class ZodiacState:
    equator: Piles
    zodiac: Piles
    pack: tuple[Card, ...]
    talon: tuple[Card, ...] = ()
    families: Piles = ((),) * 8
    #: A card from the talon or pack has been placed since the last re-deal.
    placed: bool = False
    redeals: int = 0


def found_label(j: int) -> str:
    kind = "ace" if j < 4 else "king"
    return f"{family_label(j)} from the {kind}"


@register
class Zodiac(SoloGame[ZodiacState]):
    description = Description(
        id="zodiac", title="The Zodiac", book=CADOGAN, lines="1770-1834", skill="much",
        bound=3000, packs=2, layout="clock", aliases=("the_zodiac",))

    def layout(self, cards: tuple[Card, ...], seed: int) -> ZodiacState:
        eq = tuple((c,) for c in cards[:EQUATOR])
        zo = tuple((c,) for c in cards[EQUATOR:EQUATOR + ZODIAC])
        return ZodiacState(eq, zo, pack_of(cards[EQUATOR + ZODIAC:]))

    @staticmethod
    def second_part(state: ZodiacState) -> bool:
        """Every card is placed in the Zodiac or the Equator (l.1816-1821)."""
        return not state.pack and not state.talon

    def moves(self, state: ZodiacState) -> tuple[Move, ...]:
        out: list[Move] = []
        if self.second_part(state):
            fams = state.families
            for prefix, piles in (("z", state.zodiac), ("e", state.equator)):
                for i, p in enumerate(piles):
                    if (c := available(p)) is not None:
                        out += [Move(f"{prefix}{i + 1}>f{j + 1}")
                                for j in takers(FOUNDATIONS, fams, c)]
            return tuple(out)
        zo = state.zodiac
        for i, p in enumerate(state.equator):
            if p:
                out += [Move(f"e{i + 1}>z{k + 1}") for k, q in enumerate(zo)
                        if marries(p[-1], q[-1], BOTH)]
        top = talon_top(state.talon)
        if top is not None:
            out += [Move(f"w>z{k + 1}") for k, q in enumerate(zo) if marries(top, q[-1], BOTH)]
            hole = next((i for i, p in enumerate(state.equator) if not p), -1)
            if hole >= 0:
                out.append(Move(f"w>e{hole + 1}"))
        if state.pack:
            out.append(TURN)
        elif state.talon and state.placed:
            out.append(REDEAL)
        return tuple(out)

    def play(self, state: ZodiacState, move: Move) -> ZodiacState:
        if move == TURN:
            return replace(state, pack=state.pack[:-1], talon=(*state.talon, state.pack[-1]))
        if move == REDEAL:
            # the talon turned over: the card laid first comes first
            return replace(state, pack=tuple(reversed(state.talon)), talon=(), placed=False,
                           redeals=self.redeal_number(state))
        src, a, dst, b = split_code(move.code)
        assert b is not None
        c, st = self._take(state, src, a)
        if dst == "f":
            return replace(st, families=replace_at(st.families, b - 1,
                                                   (*st.families[b - 1], c)))
        if dst == "z":
            st = replace(st, zodiac=replace_at(st.zodiac, b - 1, (*st.zodiac[b - 1], c)))
        else:
            st = replace(st, equator=replace_at(st.equator, b - 1, (c,)))
        return replace(st, placed=True) if src == "w" else st

    @staticmethod
    def _take(state: ZodiacState, src: str, a: int | None) -> tuple[Card, ZodiacState]:
        if src == "w":
            return state.talon[-1], replace(state, talon=state.talon[:-1])
        assert a is not None
        if src == "e":
            return state.equator[a - 1][-1], replace(
                state, equator=replace_at(state.equator, a - 1, ()))
        p = state.zodiac[a - 1]
        return p[-1], replace(state, zodiac=replace_at(state.zodiac, a - 1, p[:-1]))

    def won(self, state: ZodiacState) -> bool:
        return home(state.families) == 104

    def summary(self, state: ZodiacState, won: bool) -> str:
        if won:
            return "all 104 cards on the foundations"
        if not self.second_part(state):
            return (f"{len(state.pack) + len(state.talon)} cards could not be placed in the "
                    "Zodiac or the Equator: the patience has failed")
        return f"{home(state.families)} of 104 cards on the foundations; no move is left"

    def zones(self, state: ZodiacState) -> tuple[Zone, ...]:
        fams = [Zone(f"f{j + 1}", "foundation", f, len(f), label=found_label(j),
                     group="foundations") for j, f in enumerate(state.families)]
        return (*fams,
                *(open_zone(f"z{k + 1}", "pile", p, f"Zodiac packet {k + 1}", "the Zodiac")
                  for k, p in enumerate(state.zodiac)),
                *(open_zone(f"e{i + 1}", "reserve", p, f"Equator place {i + 1}", "the Equator")
                  for i, p in enumerate(state.equator)),
                pack_zone(state.pack), open_zone("talon", "waste", state.talon, "the talon"))

    def public(self, state: ZodiacState) -> dict[str, Any]:
        return {"pack": len(state.pack), "talon": len(state.talon),
                "part": 2 if self.second_part(state) else 1,
                "redeals": state.redeals, "on_foundations": home(state.families)}

    def say(self, state: ZodiacState, move: Move) -> str:
        if move == TURN:
            return "turn the next card of the pack onto the talon"
        if move == REDEAL:
            return "take up the talon, turn it over and deal it again"
        src, a, dst, b = split_code(move.code)
        assert b is not None
        c, _ = self._take(state, src, a)
        where = {"w": "from the talon", "e": f"from Equator place {a}",
                 "z": f"from Zodiac packet {a}"}[src]
        if dst == "f":
            return f"play {name(c)} {where} on {found_label(b - 1)}"
        if dst == "z":
            return (f"marry {name(c)} {where} on {name(state.zodiac[b - 1][-1])} of "
                    f"Zodiac packet {b}")
        return f"fill the space of Equator place {b} with {name(c)} {where}"

    def narrate(self, before: ZodiacState, move: Move, after: ZodiacState) -> str:
        if move == TURN:
            return f"turn up {name(before.pack[-1])}"
        return self.describe(before, move)


__all__ = ["Zodiac", "ZodiacState"]
