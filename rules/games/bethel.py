"""Bethel, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.2790-2821; rule sheet ``shared/games/cheney.md``,
section Bethel.

An ace, deuce, three and four in a row (l.2794-2795). Cards from the pack go on them,
each pile "always increasing the number of pips on the cards by its own number": the
first by ones, the second by twos, [the third by threes,] the fourth by fours
(l.2796-2800). Cards that cannot be used at once go on four piles below, whose top cards
may be played when opportunity offers (l.2801-2804). No suit is followed; knave eleven,
queen twelve, king thirteen, and past thirteen the count begins at one again
(l.2814-2819). Success: the four families all end in kings (l.2805-2806).

Readings (the sheet's PROPOSED readings unless said otherwise):

- The printed text drops "the third by threes"; "by its own number" gives it.
- The four starting cards (amb.): taken out of the pack first, any suits (the first
  ace, two, three and four of the shuffled pack). ``start=dealt`` reads "lay off in a
  row" as laying them as they come: an empty place then takes its own rank from the
  card turned up or from a pile below.
- A family is finished at its king (13 cards); nothing more goes on it.
- The turned card must be placed (on a family or a pile below) before the next is
  turned; any card may go on any of the four piles below, and cards never move from
  one pile below to another. No re-deal.
- Failure: the pack is out, no card is in hand, and no top card of the piles below fits.

Legal moves, in order: ``w<i>>f<j>`` (the top of pile below ``i`` onto family ``j``),
``c>f<j>`` (the turned card onto family ``j``), ``c>w<i>`` (the turned card onto pile
below ``i``), ``t`` (turn the next card of the pack). Families and piles are numbered
1-4 from the left.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import RANK_WORDS, Card, name, rank_of
from ..common import step_rank
from ..description import CHENEY, Description
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import SoloGame, open_zone, pack_of, pack_zone, replace_at, split_code

TURN = Move("t")
KING = 13
Piles = tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class BethelState:
    #: Family i (0-3) is built by i + 1; its first card is the i + 1 laid in the row.
    families: Piles
    #: The four piles below, top last.
    waste: Piles
    pack: tuple[Card, ...]
    #: The card turned up from the pack and not yet placed (0: none).
    hand: Card = 0


def takes(family: tuple[Card, ...], i: int, c: Card) -> bool:
    """Whether ``c`` goes next on family ``i`` (0-based), built by ``i + 1``."""
    if not family:
        return rank_of(c) == i + 1
    top = rank_of(family[-1])
    return top != KING and step_rank(top, i + 1, wrap=True) == rank_of(c)


@register
class Bethel(SoloGame[BethelState]):
    description = Description(
        id="bethel", title="Bethel", book=CHENEY, lines="2790-2821", skill="much",
        bound=400)
    option_specs = (
        Option("start", "taken_out",
               "taken_out: the ace, two, three and four are taken out of the pack first; "
               "dealt: each is laid in its place as it comes", choices=("taken_out", "dealt")),
    )

    def layout(self, cards: tuple[Card, ...], seed: int) -> BethelState:
        rest = list(cards)
        fams: Piles = ((),) * 4
        if self.option("start") == "taken_out":
            first = []
            for r in (1, 2, 3, 4):
                c = next(c for c in rest if rank_of(c) == r)
                rest.remove(c)
                first.append((c,))
            fams = tuple(first)
        return BethelState(fams, ((),) * 4, pack_of(rest))

    def moves(self, state: BethelState) -> tuple[Move, ...]:
        fams = state.families
        found = [Move(f"w{i + 1}>f{j + 1}") for i, w in enumerate(state.waste) if w
                 for j in range(4) if takes(fams[j], j, w[-1])]
        if state.hand:
            found += [Move(f"c>f{j + 1}") for j in range(4) if takes(fams[j], j, state.hand)]
            found += [Move(f"c>w{i + 1}") for i in range(4)]
        elif state.pack:
            found.append(TURN)
        return tuple(found)

    # -- what the solver may use (rules/solver.py) ----------------------------------

    def order_moves(self, state: BethelState, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        """Cards to the families first; then the turned card onto the pile below where it
        waits best, the book's "the skill consists in placing your cards on the lower row,
        so that you can use them readily" (l.2805-2808): on a card the families will want
        after it (the nearest such), else into an empty pile, else on the card wanted
        soonest after it is buried the least; turning the next card last."""
        def wait(c: Card) -> int:
            """How many cards the families take, at the fewest, before ``c`` fits one."""
            best = 14
            for j, fam in enumerate(state.families):
                if len(fam) == 13:
                    continue
                r = rank_of(fam[-1]) if fam else 0
                for k in range(1, 14):
                    r = (step_rank(r, j + 1, wrap=True) or 0) if r else j + 1
                    if r == rank_of(c):
                        best = min(best, k)
                        break
            return best

        def cost(move: Move) -> int:
            code = move.code
            if ">f" in code:
                return 0
            if not code.startswith("c>w"):
                return 100  # turning the next card
            pile = state.waste[int(code[3:]) - 1]
            if not pile:
                return 30
            under, mine = wait(pile[-1]), wait(state.hand)
            return under - mine if under >= mine else 40 + mine - under
        return tuple(sorted(moves, key=cost))

    def play(self, state: BethelState, move: Move) -> BethelState:
        if move == TURN:
            return BethelState(state.families, state.waste, state.pack[:-1], state.pack[-1])
        src, i, dst, j = split_code(move.code)
        waste, hand = state.waste, state.hand
        if src == "c":
            c, hand = hand, 0
        else:
            assert i is not None
            c = waste[i - 1][-1]
            waste = replace_at(waste, i - 1, waste[i - 1][:-1])
        assert j is not None
        if dst == "w":
            return BethelState(state.families, replace_at(waste, j - 1, (*waste[j - 1], c)),
                               state.pack, hand)
        fams = replace_at(state.families, j - 1, (*state.families[j - 1], c))
        return BethelState(fams, waste, state.pack, hand)

    def won(self, state: BethelState) -> bool:
        return all(len(f) == 13 for f in state.families)

    def summary(self, state: BethelState, won: bool) -> str:
        if won:
            return "the four families all end in kings"
        home = sum(len(f) for f in state.families)
        return f"{home} of 52 cards in the families; no card can be placed"

    def zones(self, state: BethelState) -> tuple[Zone, ...]:
        out = [open_zone(f"f{i + 1}", "foundation", f, f"family by {RANK_WORDS[i + 1]}s",
                         "families") for i, f in enumerate(state.families)]
        out += [open_zone(f"w{i + 1}", "waste", w, f"pile below {i + 1}", "below")
                for i, w in enumerate(state.waste)]
        out.append(pack_zone(state.pack))
        out.append(open_zone("hand", "hand", (state.hand,) if state.hand else (),
                             "the card turned up"))
        return tuple(out)

    def public(self, state: BethelState) -> dict[str, Any]:
        return {"in_pack": len(state.pack),
                "in_families": sum(len(f) for f in state.families)}

    def say(self, state: BethelState, move: Move) -> str:
        if move == TURN:
            return "turn up the next card of the pack"
        src, i, dst, j = split_code(move.code)
        assert j is not None
        if src == "c":
            c, where = state.hand, "the card turned up"
        else:
            assert i is not None
            c, where = state.waste[i - 1][-1], f"pile below {i}"
        if dst == "w":
            return f"put {name(c)} on pile below {j}"
        fam = state.families[j - 1]
        onto = f"onto {name(fam[-1])}" if fam else "in its empty place"
        return f"play {name(c)} from {where} {onto}, on the family by " \
            f"{RANK_WORDS[j]}s"
