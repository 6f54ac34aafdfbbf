"""The Legitimist, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.970-1009 (pp. 36-37); rule sheet
``shared/games/cheney.md``, section The Legitimist, whose ambiguities are cited below.

Two packs. A king is laid at the left before the deal (l.983); the queen, knave, ten,
nine, eight, seven and six are placed "in succession, in a horizontal row, next the king
... as they appear from the pack" (l.985-993). Each of the eight families is built down
regardless of suit, the ace followed by the king, to thirteen cards, so that the tops
read A K Q J 10 9 8 7 at the end (l.993-1000). Cards that cannot be used go to a stock
(l.1000-1002), which may be taken up, re-shuffled and re-laid twice (l.1002-1003).

Readings (the sheet's PROPOSED readings unless said otherwise):

- "Take a king": the first king of the shuffled pack is taken out before the deal (its
  suit does not matter; the families do not follow suit).
- Bases (amb. 1, 2): a card turned from the pack whose rank still lacks its base becomes
  that base at once, in its fixed place of the row, whatever other family wants it.
- The stock is one face-up pile; only its top card may be played (the sheet's reading).
  Every turned card lands on the stock and may then be played from it: "cards that you
  cannot immediately use" go to the stock, and a card that could be used is simply
  played off it. Playing is never compulsory.
- A complete family (thirteen cards) takes no more (l.1005-1009).
- Re-lay (l.1002-1003): allowed only when the pack is used up; the stock is turned into
  a new pack shuffled by sub-stream ``k`` of the deal's seed for the ``k``-th re-lay.

Moves, in this order: ``w>f1`` .. ``w>f8`` (the stock's top card to a family; families
numbered from the king's place, left to right), ``s`` (turn the next card of the pack),
``redeal`` (re-lay the stock, twice at most), then ``auto`` (the sheet calls the game
one of chance: play the first move again and again to the end). Every move either
puts a card in a family, uses up a card of the pack, or spends a re-lay, so random play
ends; the game is lost when no move is left.
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import KING, RANK_WORDS, Card, name, rank_of
from ..common import step_rank
from ..description import CHENEY, Description
from ..game import Move
from ..patience import DOWN, FOUNDATION, SHELL, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import DEAL, REDEAL
from ..solo import reshuffle

#: Base rank of each family, left to right.
BASES = (13, 12, 11, 10, 9, 8, 7, 6)
P, W = 8, 9  # where the pack and the stock lie


def wants(fam: tuple[Card, ...], c: Card) -> bool:
    """Whether family ``fam`` (with its base) takes ``c`` next."""
    return 0 < len(fam) < 13 and step_rank(rank_of(fam[-1]), -1, wrap=True) == rank_of(c)


def complete(game: Patience, t: Table) -> int:
    return sum(len(f) == 13 for f in t.piles[:P])


@register
class Legitimist(Patience):
    description = Description(
        id="legitimist", title="The Legitimist", book=CHENEY, lines="970-1009",
        skill="chance", bound=900, packs=2, chance=True)
    redeals_allowed = 2
    redeal_word = "re-lay"
    redeal_takes_up = False
    facts = (("pack", size("pack")), ("stock", size("stock")), ("redeals_left", SHELL),
             ("families_complete", complete))
    gives_up = False

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"f{i + 1}", FOUNDATION, f"the {RANK_WORDS[b]}'s family", "families")
                  for i, b in enumerate(BASES)),
                Pile("pack", "stock", "the pack", face=DOWN), Pile("stock", "waste", "the stock"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        k = next(i for i, c in enumerate(cards) if rank_of(c) == KING)
        rest = cards[:k] + cards[k + 1:]
        t = self.table({"f1": (cards[k],), "pack": rest[::-1]})
        return replace(t, seed=seed)

    def steps(self, t: Table) -> list[Step]:
        top = t.top(W)
        out = [] if top is None else [Step(f"w>f{i + 1}", source=W, target=i)
                                      for i, fam in enumerate(t.piles[:P]) if wants(fam, top)]
        if t.piles[P]:
            # to its base's place or to the stock, as the card turned says: no target
            out.append(Step("s", DEAL, P))
        elif top is not None and self.may_redeal(t):
            out.append(Step("redeal", REDEAL, W, P, len(t.piles[W])))
        return out

    def play(self, state: Table, move: Move) -> Table:
        if move.code != "s":
            return super().play(state, move)
        c = state.piles[P][-1]
        to = W
        if rank_of(c) in BASES and not state.piles[i := BASES.index(rank_of(c))]:
            to = i
        return self.carry(state, Step("s", DEAL, P, to))

    def special(self, t: Table, step: Step) -> Table:
        """The re-lay: the stock re-shuffled (sub-stream ``k`` for the ``k``-th) into a
        new pack."""
        k = self.redeal_number(t)
        pack = reshuffle(t.seed, k, t.piles[W])
        piles = (*t.piles[:P], pack, ())
        return replace(t, piles=piles, down=(0,) * P + (len(pack), 0), redeals=k)

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        if s.kind == DEAL:
            return "turn the next card of the pack"
        if s.kind == REDEAL:
            return f"take up the stock, re-shuffle it and re-lay it {self.redeal_of(t)}"
        return f"play {name(t.piles[W][-1])} from the stock on the " \
            f"{RANK_WORDS[BASES[s.target]]}'s family"

    def narrate(self, before: Table, move: Move, after: Table) -> str:
        if move.code == "s":
            c = before.piles[P][-1]
            if len(after.piles[W]) > len(before.piles[W]):
                return f"turn up {name(c)}; it goes to the stock"
            return f"turn up {name(c)}; it starts its family"
        return self.describe(before, move)

    def why_illegal(self, state: Table, move: Move, seat: int) -> str:
        if move.code == "redeal" and state.piles[P]:
            return "The stock can be re-laid only when the pack is used up."
        if move.code == "redeal":
            return "The stock has already been re-laid twice."
        return super().why_illegal(state, move, seat)
