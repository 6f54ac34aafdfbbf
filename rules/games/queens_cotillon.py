"""Queen's Cotillon, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.3162-3200 (the glyphs of l.3202-3210 are a
printer's ornament); rule sheet ``shared/games/cheney.md``, section Queen's Cotillon.

Two packs. On the left three rows of four cards; on the right four rows of four; a wide
space between (l.3166-3170). Four aces in a line on the right of the space and the
deuces in a line on its left (l.3172-3175). Any card of the right-hand square may be
used, and any card of the left that is free, with no card below it (l.3175-3178). Cards
that cannot be used at once go to a stock whose top card may be used (l.3178-3185);
spaces of the right-hand square are filled from the stock, or from the pack when there
is no stock (l.3185-3188). The families rise two steps at a time: three on ace, five
on three, four on two, six on four (l.3190-3194); complete, one line is of kings and
the other of queens (l.3196-3198). Not two aces or deuces of one suit may begin
families (l.3198-3200).

Readings (the sheet's PROPOSED readings unless said otherwise):

- The aces and deuces are not taken out first: they begin families as they become
  available, one ace and one deuce of each suit (hence the warning of l.3198-3200).
  ``bases=taken_out`` takes the first ace and the first deuce of each suit out of the
  pack before the figures are laid, as "Take four aces and place them" may also say.
- The families follow suit and go round the corner past the king, thirteen cards
  each: A 3 5 7 9 J K 2 4 6 8 10 Q on an ace (ending in a queen), 2 4 6 8 10 Q A 3 5 7
  9 J K on a deuce (ending in a king). The second ace (deuce) of a suit is an ordinary
  card of the deuce (ace) family.
- The left figure is four columns of three; its lowest card is free. It is never
  refilled. A space of the right-hand square may be filled (not must): from the stock's
  top, or from the pack only when the stock is empty. No re-deal.
- Lost when no move is left.

Legal moves, in order: ``r<i>>f<j>`` (card ``i`` of the right-hand square, 1-16 row by
row, to family ``j``: 1-4 the aces of spades, hearts, diamonds, clubs, 5-8 the deuces),
``l<i>>f<j>`` (the free card of left column ``i``), ``s>f<j>`` (the stock's top),
``s>r<i>`` (the stock's top into space ``i``), ``p>r<i>`` (the next card of the pack
into space ``i``, when there is no stock), ``d`` (turn the next card onto the stock).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..cards import SUIT_NAMES, Card, name, rank_of, suit_of
from ..common import next_in_suit
from ..description import CHENEY, Description
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import SoloGame, open_zone, pack_of, pack_zone, replace_at, split_code

DEAL = Move("d")
LEFT_ROWS, LEFT_COLS, SQUARE = 3, 4, 16
Piles = tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class CotillonState:
    #: The left figure: four columns, top row first; the last card is free.
    left: Piles
    #: The right-hand square, row by row (0: a space).
    square: tuple[Card, ...]
    #: Families 0-3 on the aces (spades, hearts, diamonds, clubs), 4-7 on the deuces.
    families: Piles
    pack: tuple[Card, ...]
    stock: tuple[Card, ...] = ()


def home_for(fams: Piles, c: Card) -> list[int]:
    """The families (0-based) that take ``c``: its suit's ace family, then deuce family."""
    s, r = suit_of(c), rank_of(c)
    out = []
    for j, base in ((s, 1), (s + 4, 2)):
        fam = fams[j]
        if (not fam and r == base) or (fam and len(fam) < 13
                                       and next_in_suit(fam[-1], c, 2, wrap=True)):
            out.append(j)
    return out


@register
class QueensCotillon(SoloGame[CotillonState]):
    description = Description(
        id="queens_cotillon", title="Queen's Cotillon", book=CHENEY, lines="3162-3200",
        skill="some", bound=700, packs=2)

    option_specs = (
        Option("bases", "as_they_come",
               "as_they_come: aces and deuces begin families as they become available; "
               "taken_out: one ace and one deuce of each suit are taken out first",
               choices=("as_they_come", "taken_out")),
    )

    def layout(self, cards: tuple[Card, ...], seed: int) -> CotillonState:
        fams: Piles = ((),) * 8
        if self.option("bases") == "taken_out":
            rest = list(cards)
            bases = []
            for r in (1, 2):
                for suit in range(4):
                    c = next(c for c in rest if rank_of(c) == r and suit_of(c) == suit)
                    rest.remove(c)
                    bases.append((c,))
            cards, fams = tuple(rest), tuple(bases)
        n = LEFT_ROWS * LEFT_COLS
        left = tuple(tuple(cards[r * LEFT_COLS + i] for r in range(LEFT_ROWS))
                     for i in range(LEFT_COLS))
        return CotillonState(left, tuple(cards[n:n + SQUARE]), fams,
                             pack_of(cards[n + SQUARE:]))

    def moves(self, state: CotillonState) -> tuple[Move, ...]:
        fams = state.families
        found = [Move(f"r{i + 1}>f{j + 1}") for i, c in enumerate(state.square) if c
                 for j in home_for(fams, c)]
        found += [Move(f"l{i + 1}>f{j + 1}") for i, col in enumerate(state.left) if col
                  for j in home_for(fams, col[-1])]
        spaces = [i for i, c in enumerate(state.square) if not c]
        if state.stock:
            found += [Move(f"s>f{j + 1}") for j in home_for(fams, state.stock[-1])]
            found += [Move(f"s>r{i + 1}") for i in spaces]
        elif state.pack:
            found += [Move(f"p>r{i + 1}") for i in spaces]
        if state.pack:
            found.append(DEAL)
        return tuple(found)

    def play(self, state: CotillonState, move: Move) -> CotillonState:
        if move == DEAL:
            return replace(state, pack=state.pack[:-1], stock=(*state.stock, state.pack[-1]))
        src, i, dst, j = split_code(move.code)
        assert j is not None
        square, left, stock, pack = state.square, state.left, state.stock, state.pack
        if src == "r":
            assert i is not None
            c, square = square[i - 1], replace_at(square, i - 1, 0)
        elif src == "l":
            assert i is not None
            c, left = left[i - 1][-1], replace_at(left, i - 1, left[i - 1][:-1])
        elif src == "s":
            c, stock = stock[-1], stock[:-1]
        else:
            c, pack = pack[-1], pack[:-1]
        if dst == "r":
            return CotillonState(left, replace_at(square, j - 1, c), state.families, pack,
                                 stock)
        fams = replace_at(state.families, j - 1, (*state.families[j - 1], c))
        return CotillonState(left, square, fams, pack, stock)

    def won(self, state: CotillonState) -> bool:
        return all(len(f) == 13 for f in state.families)

    def summary(self, state: CotillonState, won: bool) -> str:
        if won:
            return "the lines are complete: one of kings, the other of queens"
        home = sum(len(f) for f in state.families)
        return f"{home} of 104 cards in the families; no card can be placed"

    def family_label(self, j: int) -> str:
        return f"the {SUIT_NAMES[j % 4]} family on the {'ace' if j < 4 else 'deuce'}"

    def zones(self, state: CotillonState) -> tuple[Zone, ...]:
        out = [open_zone(f"l{i + 1}", "pile", col, f"left column {i + 1}", "left")
               for i, col in enumerate(state.left)]
        out += [open_zone(f"f{j + 5}", "foundation", state.families[j + 4],
                          self.family_label(j + 4), "deuces") for j in range(4)]
        out += [open_zone(f"f{j + 1}", "foundation", state.families[j],
                          self.family_label(j), "aces") for j in range(4)]
        out += [open_zone(f"r{i + 1}", "cell", (c,) if c else (), f"square {i + 1}",
                          f"square row {i // 4 + 1}") for i, c in enumerate(state.square)]
        out.append(pack_zone(state.pack))
        out.append(open_zone("stock", "waste", state.stock, "the stock"))
        return tuple(out)

    def public(self, state: CotillonState) -> dict[str, Any]:
        return {"in_pack": len(state.pack),
                "in_families": sum(len(f) for f in state.families)}

    def say(self, state: CotillonState, move: Move) -> str:
        if move == DEAL:
            return "turn the next card of the pack onto the stock"
        src, i, dst, j = split_code(move.code)
        assert j is not None
        if src == "p":
            return f"deal the next card of the pack into space {j} of the square"
        if src == "r":
            assert i is not None
            c, where = state.square[i - 1], f"square {i}"
        elif src == "l":
            assert i is not None
            c, where = state.left[i - 1][-1], f"left column {i}"
        else:
            c, where = state.stock[-1], "the stock"
        if dst == "r":
            return f"put {name(c)} from the stock into space {j} of the square"
        fam = state.families[j - 1]
        onto = f"onto {name(fam[-1])}" if fam else "to begin it"
        return f"play {name(c)} from {where} to {self.family_label(j - 1)}, {onto}"
