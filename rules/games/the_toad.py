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

from ..cards import Card, name, rank_of
from ..common import follows
from ..description import CHENEY, Description
from ..game import Move
from ..patience import DOWN, HOME, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import DEAL
from ._upward import up_targets

TOAD, PILES = 13, 5
T, P, H, PACK = 8, 9, 9 + PILES, 10 + PILES  # the Toad, the piles, the hand, the pack


@register
class TheToad(Patience):
    description = Description(
        id="the_toad", title="The Toad", book=CHENEY, lines="2379-2409", skill="some",
        bound=700, packs=2)
    facts = (("pack", size("pack")), ("toad", size("toad")), ("in_families", HOME))
    gives_up = False
    turn_up = "t"

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"f{j + 1}", "foundation", f"family {j + 1}", "families")
                  for j in range(8)),
                Pile("toad", "reserve", "the Toad"),
                *(Pile(f"p{i + 1}", "pile", f"pile {i + 1}", "piles") for i in range(PILES)),
                Pile("hand", "hand", "the card turned"),
                Pile("pack", "stock", "the pack", face=DOWN))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        return self.table({"toad": cards[:TOAD], "pack": cards[TOAD:][::-1]})

    def _home(self, t: Table, src: str, i: int) -> list[Step]:
        return [Step(f"{src}>f{j + 1}", source=i, target=j)
                for j in up_targets(t.piles[:T], t.piles[i][-1], follows)]

    def steps(self, t: Table) -> list[Step]:
        out: list[Step] = []
        if t.piles[H]:
            out += self._home(t, "h", H)
            first_empty = True
            for i, p in enumerate(t.piles[P:H]):
                if not p and not first_empty:
                    continue
                first_empty = first_empty and bool(p)
                out.append(Step(f"h>p{i + 1}", source=H, target=P + i))
        for i, p in enumerate(t.piles[P:H]):
            if p:
                out += self._home(t, f"p{i + 1}", P + i)
        if t.piles[T]:
            out += self._home(t, "t", T)
        if t.piles[PACK] and not t.piles[H]:
            out.append(Step("t", DEAL, PACK, H))
        return out

    def order_moves(self, state: Table, moves: tuple[Move, ...]) -> tuple[Move, ...]:
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
            pile, mine = state.piles[P + int(code[3:]) - 1], rank_of(state.piles[H][0])
            if not pile:
                return 30
            under = rank_of(pile[-1])
            return 1 + under - mine if under >= mine else 40 + mine - under
        return tuple(sorted(moves, key=cost))

    def family_safe(self, state: Table) -> tuple[Move, ...]:
        """A card to the families when every family has reached the rank below it (an ace
        always). Safe: the eight cards of a rank each need a family then, and all eight
        families stand at or above that rank's predecessor, so no card of the rank can
        ever be kept from a family by this one taking its place (a family that has
        passed the rank took one of the eight already)."""
        low = min(len(f) for f in state.piles[:T])
        steps = self._steps(state)
        return tuple(Move(code) for code, s in steps.items() if s.target < T
                     and rank_of(state.piles[s.source][-1]) <= low + 1)

    def solver_key(self, state: Table) -> Hashable:
        """For the solver: the position as the rules see it. Suits play no part (the
        families take any suit, the piles any card) and families or piles that differ
        only in order are alike, so the key is the families' top ranks and the piles'
        ranks, each sorted, with the Toad's size, the pack's size and the turned card's
        rank (the cards still to come follow from the sizes)."""
        hand = state.piles[H]
        return (tuple(sorted(len(f) for f in state.piles[:T])),
                tuple(sorted(tuple(rank_of(c) for c in p) for p in state.piles[P:H])),
                len(state.piles[T]), len(state.piles[PACK]), rank_of(hand[0]) if hand else 0)

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return "the toad has disappeared: every card is in the families"
        return f"{state.home(self.foundations)} of 104 cards in the families; no card " \
            f"fits and the pack is out ({len(state.piles[T])} cards left in the toad)"

    def say(self, state: Table, move: Move) -> str:
        s = self.step(state, move)
        c = state.piles[s.source][-1]
        where = {H: "", T: " from the Toad"}.get(s.source, f" from pile {s.source - P + 1}")
        if s.target < T:
            return f"play {name(c)}{where} on family {s.target + 1}"
        return f"lay {name(c)} on pile {s.target - P + 1}"
