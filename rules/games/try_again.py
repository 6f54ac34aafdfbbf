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
from dataclasses import dataclass, replace
from typing import Any

from ..cards import ACE, Card, name, rank_of
from ..description import HOYLE, Description
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import SoloGame, open_zone, pack_of, pack_zone, replace_at

HEAPS = 4


@dataclass(frozen=True, slots=True)
class TryAgainState:
    #: The card turned from the pack, waiting to be placed (None: the pack is dealt).
    hand: Card | None
    pack: tuple[Card, ...]
    heaps: tuple[tuple[Card, ...], ...]
    #: The four ascending sequences, any suit.
    rows: tuple[tuple[Card, ...], ...]
    #: Whether an ace has appeared (the heaps may then be examined).
    ace_seen: bool = False


def row_for(rows: tuple[tuple[Card, ...], ...], c: Card) -> int:
    """The first sequence that takes ``c`` now, or -1."""
    for i, r in enumerate(rows):
        if (not r and rank_of(c) == ACE) or (r and rank_of(r[-1]) + 1 == rank_of(c)):
            return i
    return -1


@register
class TryAgain(SoloGame[TryAgainState]):
    description = Description(
        id="try_again", title="Try Again", book=HOYLE, lines="13", skill="some", bound=105)
    option_specs = (
        Option("look", "after_ace",
               "after_ace: only the heaps' top cards show until an ace has appeared; "
               "always: every card of the heaps shows from the start",
               choices=("after_ace", "always")),
    )

    def layout(self, cards: tuple[Card, ...], seed: int) -> TryAgainState:
        return TryAgainState(cards[0], pack_of(cards[1:]), ((),) * HEAPS, ((),) * 4,
                             rank_of(cards[0]) == ACE)

    def moves(self, state: TryAgainState) -> tuple[Move, ...]:
        out = [f"h{i + 1}>f" for i, h in enumerate(state.heaps)
               if h and row_for(state.rows, h[-1]) >= 0]
        c = state.hand
        if c is not None:
            if row_for(state.rows, c) >= 0:
                out.append("c>f")
            if rank_of(c) != ACE:
                empty = state.heaps.index(()) if () in state.heaps else -1
                out += [f"c>h{i + 1}" for i, h in enumerate(state.heaps) if h or i == empty]
        return tuple(Move(m) for m in out)

    def play(self, state: TryAgainState, move: Move) -> TryAgainState:
        src, _, dst = move.code.partition(">")
        st = state
        if src == "c":
            assert state.hand is not None
            c = state.hand
            nxt = state.pack[-1] if state.pack else None
            st = replace(st, hand=nxt, pack=state.pack[:-1],
                         ace_seen=state.ace_seen or (nxt is not None and rank_of(nxt) == ACE))
        else:
            i = int(src[1:]) - 1
            c = state.heaps[i][-1]
            st = replace(st, heaps=replace_at(st.heaps, i, st.heaps[i][:-1]))
        if dst == "f":
            j = row_for(st.rows, c)
            return replace(st, rows=replace_at(st.rows, j, (*st.rows[j], c)))
        j = int(dst[1:]) - 1
        return replace(st, heaps=replace_at(st.heaps, j, (*st.heaps[j], c)))

    def order_moves(self, state: TryAgainState, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        """The solver's knowledge: cards to the sequences first; then the card in hand
        on the heap where it waits best, the book's advice "it is not good policy to
        cover one card with a higher, unless you are compelled to do so": on the heap
        whose top is the nearest above it, else into an empty heap, else on the heap
        whose top is the nearest below it."""
        c = state.hand

        def cost(move: Move) -> int:
            dst = move.code.partition(">")[2]
            if dst == "f":
                return 0
            heap = state.heaps[int(dst[1:]) - 1]
            if c is None:
                return 100
            if not heap:
                return 20
            under, mine = rank_of(heap[-1]), rank_of(c)
            return under - mine if under > mine else 40 + mine - under

        return tuple(sorted(moves, key=cost))

    def solver_key(self, state: TryAgainState) -> Hashable:
        """Suits play no part and the heaps (and the sequences) are alike: the ranks in
        each heap, sorted, the sequences' top ranks, sorted, the card in hand's rank and
        how many cards are left in the pack (the pack only shrinks from its top)."""
        return (None if state.hand is None else rank_of(state.hand), len(state.pack),
                tuple(sorted(tuple(rank_of(c) for c in h) for h in state.heaps)),
                tuple(sorted(len(r) for r in state.rows)))

    def won(self, state: TryAgainState) -> bool:
        return sum(len(r) for r in state.rows) == 52

    def summary(self, state: TryAgainState, won: bool) -> str:
        n = sum(len(r) for r in state.rows)
        if won:
            return "all 52 cards built up in the four sequences"
        return f"the pack is dealt and no top card can be used; {n} of 52 cards built up"

    def zones(self, state: TryAgainState) -> tuple[Zone, ...]:
        spread = state.ace_seen or self.option("look") == "always"
        return (
            *(open_zone(f"f{i + 1}", "foundation", r, f"sequence {i + 1}", "sequences")
              for i, r in enumerate(state.rows)),
            *(Zone(f"h{i + 1}", "pile", h, len(h) if spread else 1, label=f"heap {i + 1}",
                   group="heaps") for i, h in enumerate(state.heaps)),
            open_zone("hand", "hand", () if state.hand is None else (state.hand,),
                      "the card turned from the pack"),
            pack_zone(state.pack),
        )

    def public(self, state: TryAgainState) -> dict[str, Any]:
        return {"in_pack": len(state.pack), "ace_seen": state.ace_seen,
                "built": sum(len(r) for r in state.rows)}

    def say(self, state: TryAgainState, move: Move) -> str:
        src, _, dst = move.code.partition(">")
        if src == "c":
            assert state.hand is not None
            c, where = state.hand, "from the pack"
        else:
            c, where = state.heaps[int(src[1:]) - 1][-1], f"from heap {src[1:]}"
        if dst == "f":
            j = row_for(state.rows, c)
            what = "to a new row" if rank_of(c) == ACE else f"to sequence {j + 1}"
            return f"play {name(c)} {where} {what}"
        return f"put {name(c)} {where} on heap {dst[1:]}"
