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

from dataclasses import dataclass, replace
from typing import Any

from ..cards import KING, RANK_WORDS, Card, name, rank_of
from ..common import step_rank
from ..description import CHENEY, Description
from ..families import REDEAL, TURN, Families, FamilyGame, from_pack
from ..game import Move, Zone
from ..registry import register
from ..solo import pack_of, pack_zone, replace_at, reshuffle

#: Base rank of each family, left to right.
BASES = (13, 12, 11, 10, 9, 8, 7, 6)


@dataclass(frozen=True, slots=True)
class LegitimistState:
    families: Families
    #: The undealt pack, bottom to top: the last card is turned next.
    pack: tuple[Card, ...]
    #: The stock of cards not used, bottom to top; its top card may be played.
    stock: tuple[Card, ...]
    redeals: int
    seed: int


def wants(fam: tuple[Card, ...], c: Card) -> bool:
    """Whether family ``fam`` (with its base) takes ``c`` next."""
    return 0 < len(fam) < 13 and step_rank(rank_of(fam[-1]), -1, wrap=True) == rank_of(c)


@register
class Legitimist(FamilyGame[LegitimistState]):
    description = Description(
        id="legitimist", title="The Legitimist", book=CHENEY, lines="970-1009",
        skill="chance", bound=900, packs=2, chance=True)
    redeals_allowed = 2
    redeal_word = "re-lay"

    def layout(self, cards: tuple[Card, ...], seed: int) -> LegitimistState:
        k = next(i for i, c in enumerate(cards) if rank_of(c) == KING)
        rest = cards[:k] + cards[k + 1 :]
        families = ((cards[k],),) + ((),) * 7
        return LegitimistState(families, pack_of(rest), (), 0, seed)

    def moves(self, state: LegitimistState) -> tuple[Move, ...]:
        out: list[Move] = []
        if state.stock:
            top = state.stock[-1]
            out += [Move(f"w>f{i + 1}") for i, fam in enumerate(state.families)
                    if wants(fam, top)]
        out += from_pack(state.pack, TURN, bool(state.stock) and self.may_redeal(state))
        return tuple(out)

    def play(self, state: LegitimistState, move: Move) -> LegitimistState:
        code = move.code
        if move == TURN:
            c, pack = state.pack[-1], state.pack[:-1]
            if rank_of(c) in BASES:
                i = BASES.index(rank_of(c))
                if not state.families[i]:
                    return replace(state, pack=pack,
                                   families=replace_at(state.families, i, (c,)))
            return replace(state, pack=pack, stock=(*state.stock, c))
        if move == REDEAL:
            k = self.redeal_number(state)
            return replace(state, pack=reshuffle(state.seed, k, state.stock), stock=(),
                           redeals=k)
        i = int(code[3:]) - 1
        fam = state.families[i] + (state.stock[-1],)
        return replace(state, stock=state.stock[:-1],
                       families=replace_at(state.families, i, fam))

    def zones(self, state: LegitimistState) -> tuple[Zone, ...]:
        zs = [Zone(f"f{i + 1}", "foundation", fam, len(fam),
                   label=f"the {RANK_WORDS[b]}'s family", group="families")
              for i, (fam, b) in enumerate(zip(state.families, BASES, strict=True))]
        zs.append(pack_zone(state.pack))
        zs.append(Zone("stock", "waste", state.stock, len(state.stock), label="the stock"))
        return tuple(zs)

    def public(self, state: LegitimistState) -> dict[str, Any]:
        return {
            "pack": len(state.pack),
            "stock": len(state.stock),
            **self.redeal_facts(state),
            "families_complete": sum(len(f) == 13 for f in state.families),
        }

    def say(self, state: LegitimistState, move: Move) -> str:
        if move == TURN:
            return "turn the next card of the pack"
        if move == REDEAL:
            return f"take up the stock, re-shuffle it and re-lay it {self.redeal_of(state)}"
        i = int(move.code[3:]) - 1
        base = RANK_WORDS[BASES[i]]
        return f"play {name(state.stock[-1])} from the stock on the {base}'s family"

    def narrate(self, before: LegitimistState, move: Move,
                after: LegitimistState) -> str:
        if move == TURN:
            c = before.pack[-1]
            if len(after.stock) > len(before.stock):
                return f"turn up {name(c)}; it goes to the stock"
            return f"turn up {name(c)}; it starts its family"
        return self.describe(before, move)

    def why_illegal(self, state: LegitimistState, move: Move, seat: int) -> str:
        if move == REDEAL and state.pack:
            return "The stock can be re-laid only when the pack is used up."
        if move == REDEAL:
            return "The stock has already been re-laid twice."
        return super().why_illegal(state, move, seat)
