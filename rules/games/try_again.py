"""Try Again, from the Hoyle solitaire chapter (seed 003).

Source: ``003_589c967ab98c43e6.txt`` l.13; rule sheet ``shared/games/hoyle.md``, section
TRY AGAIN.

One pack, dealt face up "into four heaps. You are not obliged to deal to each pile in
succession, but may place the cards on any of the four piles, according to your
judgment or pleasure. In dealing out in this manner it is not good policy to cover one
card with a higher, unless you are compelled to do so. Every time you come to an ace,
separate it from the others, placing it in a new row, as a foundation for an ascending
sequence, which may be continued regardless of the suit of the cards used. The top
cards of the four piles are used to build up the sequence. After an ace has appeared,
the player may examine the cards in any or all of the piles, but their order must not
be disturbed."

Readings (the sheet's PROPOSED readings):

- The card turned from the pack (the card *in hand*) may go straight to a sequence
  (amb. 1), or onto any heap; an ace turned always goes to a new row (the text: "Every
  time you come to an ace, separate it"). Building goes on while dealing (amb. 3).
- Looking (amb. 2, option ``look``): ``after_ace`` (default) shows only each heap's top
  card until the first ace has appeared, then every card of the heaps; ``always`` shows
  them all from the start.
- The four sequences run from the ace to the king regardless of suit; sequences and
  empty heaps that are alike are offered once (the first of them).
- Won (not stated; PROPOSED) with all 52 cards on the sequences; lost when the pack is
  dealt and no heap's top card can be used.

Moves, in this order: ``h<i>>f`` (heap i's top card to the sequence that takes it),
``c>f`` (the card in hand to a sequence), ``c>h<i>`` (the card in hand onto heap i).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace

from ..cards import ACE, Card, name, rank_of
from ..description import HOYLE, Description
from ..game import Move, Option, Zone
from ..patience import COLUMN, DOWN, HOME, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import DEAL

HEAPS = 4
H, C, PACK = 4, 4 + HEAPS, 5 + HEAPS  # where the heaps, the card in hand, the pack lie


def row_for(rows: tuple[tuple[Card, ...], ...], c: Card) -> int:
    """The first sequence that takes ``c`` now, or -1."""
    for i, r in enumerate(rows):
        if (not r and rank_of(c) == ACE) or (r and rank_of(r[-1]) + 1 == rank_of(c)):
            return i
    return -1


@register
class TryAgain(Patience):
    description = Description(
        id="try_again", title="Try Again", book=HOYLE, lines="13", skill="some", bound=105)
    option_specs = (
        Option("look", "after_ace",
               "after_ace: only the heaps' top cards show until an ace has appeared; "
               "always: every card of the heaps shows from the start",
               choices=("after_ace", "always")),
    )
    facts = (("in_pack", size("pack")), ("ace_seen", lambda g, t: bool(g.mark(t, "ace_seen"))),
             ("built", HOME))
    #: Whether an ace has appeared (the heaps may then be examined).
    marks = ("ace_seen",)
    gives_up = False

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"f{i + 1}", "foundation", f"sequence {i + 1}", "sequences")
                  for i in range(4)),
                *(Pile(f"h{i + 1}", "pile", f"heap {i + 1}", "heaps", COLUMN)
                  for i in range(HEAPS)),
                Pile("hand", "hand", "the card turned from the pack"),
                Pile("pack", "stock", "the pack", face=DOWN))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        return self.marked(self.table({"hand": cards[:1], "pack": cards[1:][::-1]}),
                           ace_seen=rank_of(cards[0]) == ACE)

    def spread(self, t: Table) -> bool:
        """Whether every card of the heaps shows (else only their top cards)."""
        return bool(self.mark(t, "ace_seen")) or self.option("look") == "always"

    def steps(self, t: Table) -> list[Step]:
        rows, heaps = t.piles[:H], t.piles[H:C]
        out = [Step(f"h{i + 1}>f", source=H + i, target=row_for(rows, h[-1]))
               for i, h in enumerate(heaps) if h and row_for(rows, h[-1]) >= 0]
        c = t.top(C)
        if c is not None:
            if row_for(rows, c) >= 0:
                out.append(Step("c>f", source=C, target=row_for(rows, c)))
            if rank_of(c) != ACE:
                empty = heaps.index(()) if () in heaps else -1
                out += [Step(f"c>h{i + 1}", source=C, target=H + i)
                        for i, h in enumerate(heaps) if h or i == empty]
        return out

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        t = super().play(state, move)
        if s.source == C and t.piles[PACK]:  # the next card is turned
            nxt = t.piles[PACK][-1]
            t = self.carry(t, Step("", DEAL, PACK, C))
            if rank_of(nxt) == ACE:
                t = self.marked(t, ace_seen=1)
        # the heaps show their top cards only, or all of them once spread
        down = [0 if self.spread(t) else max(len(h) - 1, 0) for h in t.piles[H:C]]
        return replace(t, down=(*t.down[:H], *down, *t.down[C:]))

    def zones(self, state: Table) -> tuple[Zone, ...]:
        # an empty heap has always said one card face up until the heaps are spread
        closed = not self.spread(state)
        return tuple(replace(z, up=1) if closed and z.kind == "pile" and not z.cards else z
                     for z in super().zones(state))

    def order_moves(self, state: Table, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        """The solver's knowledge: cards to the sequences first; then the card in hand
        on the heap where it waits best, the book's advice "it is not good policy to
        cover one card with a higher, unless you are compelled to do so": on the heap
        whose top is the nearest above it, else into an empty heap, else on the heap
        whose top is the nearest below it."""
        c = state.top(C)

        def cost(move: Move) -> int:
            dst = move.code.partition(">")[2]
            if dst == "f":
                return 0
            heap = state.piles[H + int(dst[1:]) - 1]
            if c is None:
                return 100
            if not heap:
                return 20
            under, mine = rank_of(heap[-1]), rank_of(c)
            return under - mine if under > mine else 40 + mine - under

        return tuple(sorted(moves, key=cost))

    def solver_key(self, state: Table) -> Hashable:
        """Suits play no part and the heaps (and the sequences) are alike: the ranks in
        each heap, sorted, the sequences' top ranks, sorted, the card in hand's rank and
        how many cards are left in the pack (the pack only shrinks from its top)."""
        c = state.top(C)
        return (None if c is None else rank_of(c), len(state.piles[PACK]),
                tuple(sorted(tuple(rank_of(c) for c in h) for h in state.piles[H:C])),
                tuple(sorted(len(r) for r in state.piles[:H])))

    def summary(self, state: Table, won: bool) -> str:
        n = state.home(self.foundations)
        if won:
            return "all 52 cards built up in the four sequences"
        return f"the pack is dealt and no top card can be used; {n} of 52 cards built up"

    def say(self, state: Table, move: Move) -> str:
        s = self.step(state, move)
        c = state.piles[s.source][-1]
        where = "from the pack" if s.source == C else f"from heap {s.source - H + 1}"
        if s.target < H:
            what = "to a new row" if rank_of(c) == ACE else f"to sequence {s.target + 1}"
            return f"play {name(c)} {where} {what}"
        return f"put {name(c)} {where} on heap {s.target - H + 1}"
