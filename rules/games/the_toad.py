"""The Toad, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.2379-2409 (book pp. 111-112); rule sheet
``shared/games/cheney.md``, section The Toad.

Two packs. "Place in a pile thirteen cards, as they come from the pack. This pile is
called the Toad" (l.2388-2390). "Lay off the other cards in five piles, which you may
arrange as you please" (l.2390-2392). Aces, as they appear, go in a row below, and the
families are built on them "without following suit" (l.2392-2395), from "the top cards of
the piles and the top card of the toad" (l.2395-2401). Success: "the toad will
disappear, and all the cards will find their appropriate places in families"
(l.2402-2404).

Readings (the sheet's PROPOSED readings):

- The Toad lies face up (it was seen as it was laid); only its top card is used.
- "five piles, which you may arrange as you please": the pack is turned a card at a
  time (``t``); the card turned goes on a family if it fits, or on any of the five
  piles, as the player chooses. Empty piles are alike, so a card is offered to the first
  empty pile only. Laying an ace in the row below is a choice (the book's "may").
- No re-deal (none is mentioned). The game is lost when the pack is out and no top card
  fits a family.

Moves, in this order: ``h>f<j>`` (the turned card to family ``j``), ``h>p<i>`` (the
turned card on pile ``i``), ``p<i>>f<j>`` (the top of pile ``i``), ``t>f<j>`` (the top
of the Toad), ``t`` (turn the next card; only with no card in hand). Families are alike:
an ace goes on the first empty family, a card to the first family of each top number it
fits. Cards only go forward, so every game ends.

For the solver: a move order (``order_moves``), a key without suits (``solver_key``) and
the cards that may go home unasked (``family_safe``).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace
from typing import Any

from ..cards import Card, name, rank_of
from ..common import follows
from ..description import CHENEY, Description
from ..game import Move, Zone
from ..registry import register
from ..solo import SoloGame, open_zone, pack_of, pack_zone, replace_at, split_code
from ._upward import EMPTY8, Fams, add_to, family_codes, home, up_zones

TOAD, PILES = 13, 5
TURN = Move("t")


@dataclass(frozen=True, slots=True)
class ToadState:
    families: Fams
    toad: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]
    #: The pack, bottom to top (the last card is turned next).
    pack: tuple[Card, ...]
    #: The card turned and not yet placed.
    hand: tuple[Card, ...] = ()


@register
class TheToad(SoloGame[ToadState]):
    description = Description(
        id="the_toad", title="The Toad", book=CHENEY, lines="2379-2409", skill="some",
        bound=700, packs=2)

    def layout(self, cards: tuple[Card, ...], seed: int) -> ToadState:
        return ToadState(EMPTY8, tuple(cards[:TOAD]), ((),) * PILES, pack_of(cards[TOAD:]))

    def moves(self, state: ToadState) -> tuple[Move, ...]:
        fams = state.families
        out: list[Move] = []
        if state.hand:
            out += family_codes("h", fams, state.hand[0], follows)
            first_empty = True
            for i, p in enumerate(state.piles):
                if not p and not first_empty:
                    continue
                first_empty = first_empty and bool(p)
                out.append(Move(f"h>p{i + 1}"))
        out += [m for i, p in enumerate(state.piles) if p
                for m in family_codes(f"p{i + 1}", fams, p[-1], follows)]
        if state.toad:
            out += family_codes("t", fams, state.toad[-1], follows)
        if state.pack and not state.hand:
            out.append(TURN)
        return tuple(out)

    def order_moves(self, state: ToadState, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        """For the solver (rules/solver.py): cards to the families first (the turned card,
        then the Toad's top, which only the families can uncover, then the piles'); then
        the turned card on the pile where it waits best. The families are built "without
        following suit" (l.2394-2395), so a pile serves best with its ranks falling
        towards the top: the card goes on a top of its own rank or the nearest above it,
        else into an empty pile, else on the top that lies nearest below it; turning the
        next card last."""
        def cost(move: Move) -> int:
            code = move.code
            if ">f" in code:
                return "htp".index(code[0])
            if not code.startswith("h>p"):
                return 100  # turning the next card
            pile, mine = state.piles[int(code[3:]) - 1], rank_of(state.hand[0])
            if not pile:
                return 30
            under = rank_of(pile[-1])
            return 1 + under - mine if under >= mine else 40 + mine - under
        return tuple(sorted(moves, key=cost))

    def family_safe(self, state: ToadState) -> tuple[Move, ...]:
        """A card to the families when every family has reached the rank below it (an ace
        always). Safe: the eight cards of a rank each need a family then, and all eight
        families stand at or above that rank's predecessor, so no card of the rank can
        ever be kept from a family by this one taking its place (a family that has
        passed the rank took one of the eight already)."""
        low = min(len(f) for f in state.families)
        return tuple(m for m in self.moves(state) if ">f" in m.code
                     and rank_of(self._take(state, *split_code(m.code)[:2])[0]) <= low + 1)

    def solver_key(self, state: ToadState) -> Hashable:
        """For the solver: the position as the rules see it. Suits play no part (the
        families take any suit, the piles any card) and families or piles that differ
        only in order are alike, so the key is the families' top ranks and the piles'
        ranks, each sorted, with the Toad's size, the pack's size and the turned card's
        rank (the cards still to come follow from the sizes)."""
        return (tuple(sorted(len(f) for f in state.families)),
                tuple(sorted(tuple(rank_of(c) for c in p) for p in state.piles)),
                len(state.toad), len(state.pack), rank_of(state.hand[0]) if state.hand else 0)

    def _take(self, state: ToadState, src: str, a: int | None) -> tuple[Card, ToadState]:
        if src == "h":
            return state.hand[0], replace(state, hand=())
        if src == "t":
            return state.toad[-1], replace(state, toad=state.toad[:-1])
        assert a is not None
        pile = state.piles[a - 1]
        return pile[-1], replace(state, piles=replace_at(state.piles, a - 1, pile[:-1]))

    def play(self, state: ToadState, move: Move) -> ToadState:
        if move == TURN:
            return replace(state, pack=state.pack[:-1], hand=(state.pack[-1],))
        src, a, dst, b = split_code(move.code)
        assert b is not None
        c, st = self._take(state, src, a)
        if dst == "f":
            return replace(st, families=add_to(st.families, b - 1, c))
        return replace(st, piles=replace_at(st.piles, b - 1, (*st.piles[b - 1], c)))

    def won(self, state: ToadState) -> bool:
        return home(state.families) == 104

    def summary(self, state: ToadState, won: bool) -> str:
        if won:
            return "the toad has disappeared: every card is in the families"
        return f"{home(state.families)} of 104 cards in the families; no card fits " \
            f"and the pack is out ({len(state.toad)} cards left in the toad)"

    def zones(self, state: ToadState) -> tuple[Zone, ...]:
        return (*up_zones(state.families),
                open_zone("toad", "reserve", state.toad, "the Toad"),
                *(open_zone(f"p{i + 1}", "pile", p, f"pile {i + 1}", "piles")
                  for i, p in enumerate(state.piles)),
                open_zone("hand", "hand", state.hand, "the card turned"),
                pack_zone(state.pack))

    def public(self, state: ToadState) -> dict[str, Any]:
        return {"pack": len(state.pack), "toad": len(state.toad),
                "in_families": home(state.families)}

    def say(self, state: ToadState, move: Move) -> str:
        if move == TURN:
            return "turn the next card of the pack"
        src, a, dst, b = split_code(move.code)
        assert b is not None
        c, _ = self._take(state, src, a)
        where = {"h": "", "t": " from the Toad"}.get(src, f" from pile {a}")
        if dst == "f":
            return f"play {name(c)}{where} on family {b}"
        return f"lay {name(c)} on pile {b}"

    def narrate(self, before: ToadState, move: Move, after: ToadState) -> str:
        if move == TURN:
            return f"turn up {name(before.pack[-1])}"
        return self.describe(before, move)
