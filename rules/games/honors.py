"""Honors, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.1814-1872 (book pp. 83-85); rule sheet
``shared/games/cheney.md``, section Honors.

Two packs. Eight cards begin the families: 2♠, K♥, A♦, Q♣ in the upper row, piled
upward; K♠, Q♥, J♦, 10♣ in the lower row, piled downward; "each family must end with the
card next in rank to that with which it began" (l.1824-1841), so each family turns the
corner (king to ace going up, ace to king going down) and holds thirteen cards. "You now
lay off two rows of cards of ten each. When these are full, you may lay another card
upon each, choosing the place on which to put it according to your pleasure"
(l.1843-1847). "When your places are all filled, you may lay off three cards from the
pack, and even draw one of those from the table. Still more, when the pack is out, if
you have any empty spaces in the rows, you may fill them with the top card of the double
piles, thus freeing the card beneath" (l.1852-1863). The book's end (l.1864-1872): the
tops show "the aces of spades, two kings and queens of hearts, and kings and queens of
diamonds, and the knaves of clubs".

Readings (the sheet's PROPOSED readings):

- The eight base cards are taken out first (the first copy of each in the shuffled
  pack); the other card of the same name is an ordinary card.
- The top card of any place may go to a family at any time, also while the rows are
  being laid. The first twenty cards fill the places (``d``: the next card into the first
  empty place); a place emptied before the rows are full is filled again so.
- Then each card is turned (``t``) and laid on a place of the player's choice holding
  fewer than two cards, or on a family. When every place holds two cards, "your places
  are all filled", and the rest of the pack is laid off three at a time on a face-up
  stock (``d3``): its top card is available, and "one of those" three may be drawn once
  from under it (the sheet's reading of "draw one of those from the table").
- Option ``draw=from_the_table`` (the sheet's other reading): once for each three laid
  off, one card may be drawn from anywhere on the table: one of the three, or the card
  under the top of a double pile (``u<i>>f<j>``).
  The draw comes again with each three laid off: a standing rule, not a one-off the
  solo shell counts (``privileges_allowed``), so the state's ``drawn`` stays the game's.
- No turning of the stock. When the pack is out, the top card of a double pile may fill
  an empty place. The game is lost when no move is left.

Moves, in this order: ``p<i>>f<j>`` (the top of place ``i``, 1-10 the upper row, 11-20
the lower, to family ``j``: ``f1``-``f4`` up from 2♠, K♥, A♦, Q♣, ``f5``-``f8`` down
from K♠, Q♥, J♦, 10♣); ``h>f<j>`` and ``h>p<i>`` (the card turned); ``w>f<j>`` (the
stock's top), ``w2>f<j>`` and ``w3>f<j>`` (draw the second or third card of the last
three); ``u<i>>f<j>`` (with the option: draw the card under place ``i``'s top);
``p<i>>p<k>`` (a double pile's top into the first empty place, pack out); ``d``,
``t`` or ``d3``. Empty places are alike: a card is offered to the first one only.
Cards only go forward, so every game ends. Won when the eight families hold all 104
cards.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..cards import Card, card, cards, identity, name, rank_of, suit_of
from ..common import step_rank
from ..description import CHENEY, Description
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import SoloGame, open_zone, pack_of, pack_zone, replace_at, split_code
from ._upward import Fams, add_to, home

BASES = cards("2S KH AD QC KS QH JD TC")
PLACES, ROW = 20, 10
DEAL, TURN, THREE = Move("d"), Move("t"), Move("d3")
#: Stages: laying the rows, a second card on each place, threes.
ROWS, SECOND, THREES = 1, 2, 3


@dataclass(frozen=True, slots=True)
class HonorsState:
    families: Fams
    places: tuple[tuple[Card, ...], ...]
    pack: tuple[Card, ...]
    stock: tuple[Card, ...] = ()
    hand: tuple[Card, ...] = ()
    stage: int = ROWS
    #: Cards of the last three still on top of the stock, and whether one was drawn.
    group: int = 0
    drawn: bool = False
    #: Three cards have been laid off at least once (option ``draw=from_the_table``).
    laid: bool = False


def wanted(fams: Fams) -> dict[Card, list[int]]:
    """The families (0-based) by the card (its identity) each takes next: one up (the
    upper row) or down (the lower) in suit, round the corner, until it holds thirteen."""
    out: dict[Card, list[int]] = {}
    for j, fam in enumerate(fams):
        if 0 < len(fam) < 13:
            top = fam[-1]
            nxt = step_rank(rank_of(top), 1 if j < 4 else -1, wrap=True)
            assert nxt is not None
            out.setdefault(card(nxt, suit_of(top)), []).append(j)
    return out


def family_label(j: int) -> str:
    way = "up" if j < 4 else "down"
    return f"the family {way} from {name(BASES[j])}"


def place_label(i: int) -> str:
    return f"place {i + 1} ({'upper' if i < ROW else 'lower'} row)"


@register
class Honors(SoloGame[HonorsState]):
    description = Description(
        id="honors", title="Honors", book=CHENEY, lines="1814-1872", skill="some",
        bound=800, packs=2)
    option_specs = (
        Option("draw", "one_of_three",
               "one_of_three: once for each three cards laid off, one of those three may "
               "be drawn from under the stock's top; from_the_table: one card from "
               "anywhere on the table (one of the three, or the card under the top of a "
               "double pile)", choices=("one_of_three", "from_the_table")),
    )

    def layout(self, cards_: tuple[Card, ...], seed: int) -> HonorsState:
        fams: list[tuple[Card, ...]] = [()] * 8
        rest = []
        for c in cards_:
            j = BASES.index(identity(c)) if identity(c) in BASES else -1
            if j >= 0 and not fams[j]:
                fams[j] = (c,)
            else:
                rest.append(c)
        return HonorsState(tuple(fams), ((),) * PLACES, pack_of(rest))

    def _to_families(self, src: str, wants: dict[Card, list[int]], c: Card) -> list[Move]:
        return [Move(f"{src}>f{j + 1}") for j in wants.get(identity(c), ())]

    def moves(self, state: HonorsState) -> tuple[Move, ...]:
        fams, places = wanted(state.families), state.places
        out = [m for i, p in enumerate(places) if p
               for m in self._to_families(f"p{i + 1}", fams, p[-1])]
        empty = places.index(()) if () in places else -1
        if state.hand:
            out += self._to_families("h", fams, state.hand[0])
            out += [Move(f"h>p{i + 1}") for i, p in enumerate(places)
                    if len(p) == 1 or i == empty]
        if state.stock:
            out += self._to_families("w", fams, state.stock[-1])
            if not state.drawn:
                for k in (2, 3):
                    if k <= min(state.group, len(state.stock)):
                        out += self._to_families(f"w{k}", fams, state.stock[-k])
        if self.option("draw") == "from_the_table" and state.laid and not state.drawn:
            out += [m for i, p in enumerate(places) if len(p) == 2
                    for m in self._to_families(f"u{i + 1}", fams, p[0])]
        if state.pack:
            if state.stage == ROWS:
                out.append(DEAL)
            elif state.stage == SECOND and not state.hand:
                out.append(TURN)
            elif state.stage == THREES:
                out.append(THREE)
        elif empty >= 0:
            out += [Move(f"p{i + 1}>p{empty + 1}") for i, p in enumerate(places)
                    if len(p) == 2]
        return tuple(out)

    def play(self, state: HonorsState, move: Move) -> HonorsState:
        return self._settle(self._play(state, move))

    def _play(self, state: HonorsState, move: Move) -> HonorsState:
        if move == DEAL:
            i = state.places.index(())
            return replace(state, pack=state.pack[:-1],
                           places=replace_at(state.places, i, (state.pack[-1],)))
        if move == TURN:
            return replace(state, pack=state.pack[:-1], hand=(state.pack[-1],))
        if move == THREE:
            n = min(3, len(state.pack))
            laid = tuple(reversed(state.pack[-n:]))
            return replace(state, pack=state.pack[:-n], stock=(*state.stock, *laid),
                           group=n, drawn=False, laid=True)
        src, a, dst, b = split_code(move.code)
        assert b is not None
        c, st = self._take(state, src, a)
        if dst == "f":
            return replace(st, families=add_to(st.families, b - 1, c))
        return replace(st, places=replace_at(st.places, b - 1, (*st.places[b - 1], c)))

    def _take(self, state: HonorsState, src: str, a: int | None) -> tuple[Card, HonorsState]:
        if src == "h":
            return state.hand[0], replace(state, hand=())
        if src == "p":
            assert a is not None
            p = state.places[a - 1]
            return p[-1], replace(state, places=replace_at(state.places, a - 1, p[:-1]))
        if src == "u":
            assert a is not None
            p = state.places[a - 1]
            return p[0], replace(state, places=replace_at(state.places, a - 1, p[1:]),
                                 drawn=True)
        k = a or 1
        st = state.stock
        rest = (*st[: len(st) - k], *st[len(st) - k + 1 :])
        return st[-k], replace(state, stock=rest, group=max(0, state.group - 1),
                               drawn=state.drawn or k > 1)

    def _settle(self, st: HonorsState) -> HonorsState:
        """Move on to the next stage of laying off when the places are full."""
        if st.stage == ROWS and () not in st.places:
            st = replace(st, stage=SECOND)
        if st.stage == SECOND and not st.hand and all(len(p) == 2 for p in st.places):
            st = replace(st, stage=THREES)
        return st

    def won(self, state: HonorsState) -> bool:
        return home(state.families) == 104

    def summary(self, state: HonorsState, won: bool) -> str:
        if won:
            return "every family is complete: kings and queens of hearts and diamonds " \
                "united in pairs, the aces and knaves single"
        return f"{home(state.families)} of 104 cards in the families; no move is left"

    def zones(self, state: HonorsState) -> tuple[Zone, ...]:
        return (*(Zone(f"f{j + 1}", "foundation", f, len(f), label=family_label(j),
                       group="upper families" if j < 4 else "lower families")
                  for j, f in enumerate(state.families)),
                *(open_zone(f"p{i + 1}", "pile", p, place_label(i),
                            "upper row" if i < ROW else "lower row")
                  for i, p in enumerate(state.places)),
                open_zone("hand", "hand", state.hand, "the card turned"),
                open_zone("stock", "waste", state.stock, "the stock"),
                pack_zone(state.pack))

    def public(self, state: HonorsState) -> dict[str, Any]:
        stage = {ROWS: "laying the rows", SECOND: "a second card on each place",
                 THREES: "three cards at a time"}[state.stage]
        return {"pack": len(state.pack), "stage": stage, "in_families": home(state.families),
                "draw_left": bool(state.group > 1 and not state.drawn)}

    def say(self, state: HonorsState, move: Move) -> str:
        if move == DEAL:
            return f"deal the next card into {place_label(state.places.index(()))}"
        if move == TURN:
            return "turn the next card of the pack"
        if move == THREE:
            return "lay off three cards from the pack on the stock"
        src, a, dst, b = split_code(move.code)
        assert b is not None
        c, _ = self._take(state, src, a)
        where = {"h": "", "p": f" from {place_label((a or 1) - 1)}", "w": " from the stock",
                 "u": f" from under the top of {place_label((a or 1) - 1)} (the draw)"}[src]
        if src == "w" and a:
            where = f" from under the top of the stock (the draw; card {a} of the three)"
        if dst == "f":
            return f"play {name(c)}{where} on {family_label(b - 1)}"
        return f"lay {name(c)}{where} on {place_label(b - 1)}"

    def narrate(self, before: HonorsState, move: Move, after: HonorsState) -> str:
        if move in (DEAL, TURN):
            return f"{self.describe(before, move)}: {name(before.pack[-1])}"
        if move == THREE:
            laid = after.stock[len(before.stock):]
            return f"lay off {', '.join(name(c) for c in laid)} on the stock"
        return self.describe(before, move)
