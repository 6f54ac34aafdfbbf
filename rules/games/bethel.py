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

from ..building import next_by
from ..cards import RANK_WORDS, Card, name, rank_of
from ..common import step_rank
from ..description import CHENEY, Description
from ..game import Move, Option
from ..patience import DOWN, HOME, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import DEAL

W, PACK, HAND = 4, 8, 9  # where the piles below, the pack and the card turned up lie


def takes(family: tuple[Card, ...], i: int, c: Card) -> bool:
    """Whether ``c`` goes next on family ``i`` (0-based), built by ``i + 1``."""
    if not family:
        return rank_of(c) == i + 1
    return next_by(family[-1], i + 1, c)


@register
class Bethel(Patience):
    description = Description(
        id="bethel", title="Bethel", book=CHENEY, lines="2790-2821", skill="much",
        bound=400)
    option_specs = (
        Option("start", "taken_out",
               "taken_out: the ace, two, three and four are taken out of the pack first; "
               "dealt: each is laid in its place as it comes", choices=("taken_out", "dealt")),
    )
    facts = (("in_pack", size("pack")), ("in_families", HOME))
    stuck_words = "no card can be placed"
    gives_up = False

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"f{i + 1}", "foundation", f"family by {RANK_WORDS[i + 1]}s",
                       "families") for i in range(4)),
                *(Pile(f"w{i + 1}", "waste", f"pile below {i + 1}", "below") for i in range(4)),
                Pile("pack", "stock", "the pack", face=DOWN),
                Pile("hand", "hand", "the card turned up"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        rest = list(cards)
        fams: dict[str, tuple[Card, ...]] = {}
        if self.option("start") == "taken_out":
            for r in (1, 2, 3, 4):
                c = next(c for c in rest if rank_of(c) == r)
                rest.remove(c)
                fams[f"f{r}"] = (c,)
        return self.table(fams | {"pack": rest[::-1]})

    def steps(self, t: Table) -> list[Step]:
        fams = self.families(t)
        out = [Step(f"w{i + 1}>f{j + 1}", source=W + i, target=j)
               for i, w in enumerate(t.piles[W:PACK]) if w
               for j in range(4) if takes(fams[j], j, w[-1])]
        hand = t.piles[HAND]
        if hand:
            out += [Step(f"c>f{j + 1}", source=HAND, target=j)
                    for j in range(4) if takes(fams[j], j, hand[-1])]
            out += [Step(f"c>w{i + 1}", source=HAND, target=W + i) for i in range(4)]
        elif t.piles[PACK]:
            out.append(Step("t", DEAL, PACK, HAND))
        return out

    # -- what the solver may use (rules/solver.py) ----------------------------------

    def order_moves(self, state: Table, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        """Cards to the families first; then the turned card onto the pile below where it
        waits best, the book's "the skill consists in placing your cards on the lower row,
        so that you can use them readily" (l.2805-2808): on a card the families will want
        after it (the nearest such), else into an empty pile, else on the card wanted
        soonest after it is buried the least; turning the next card last."""
        def wait(c: Card) -> int:
            """How many cards the families take, at the fewest, before ``c`` fits one."""
            best = 14
            for j, fam in enumerate(self.families(state)):
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
            pile = state.piles[W + int(code[3:]) - 1]
            if not pile:
                return 30
            under, mine = wait(pile[-1]), wait(state.piles[HAND][-1])
            return under - mine if under >= mine else 40 + mine - under
        return tuple(sorted(moves, key=cost))

    def summary(self, state: Table, won: bool) -> str:
        return "the four families all end in kings" if won else super().summary(state, won)

    def say(self, state: Table, move: Move) -> str:
        if move.code == "t":
            return "turn up the next card of the pack"
        s = self.step(state, move)
        c = state.piles[s.source][-1]
        where = "the card turned up" if s.source == HAND else f"pile below {s.source - W + 1}"
        if s.target >= W:
            return f"put {name(c)} on pile below {s.target - W + 1}"
        fam = state.piles[s.target]
        onto = f"onto {name(fam[-1])}" if fam else "in its empty place"
        return f"play {name(c)} from {where} {onto}, on the family by " \
            f"{RANK_WORDS[s.target + 1]}s"
