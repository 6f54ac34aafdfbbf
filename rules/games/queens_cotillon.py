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

from ..cards import SUIT_NAMES, Card, name, rank_of, suit_of
from ..common import next_in_suit
from ..description import CHENEY, Description
from ..game import Move, Option
from ..patience import DOWN, HOME, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import DEAL
from ..solo import pack_of

LEFT_ROWS, LEFT_COLS, SQUARE = 3, 4, 16
#: Where the piles lie, in the order the table shows them: the left columns, the deuce
#: families, the ace families, the square's places, the pack and the stock.
L, DEUCES, ACES, R, PACK, STOCK = 0, 4, 8, 12, 12 + SQUARE, 13 + SQUARE


def fam_pile(j: int) -> int:
    """The pile of family ``j`` (0-3 on the aces, 4-7 on the deuces)."""
    return ACES + j if j < 4 else DEUCES + j - 4


def home_for(t: Table, c: Card) -> list[int]:
    """The families (0-based) that take ``c``: its suit's ace family, then deuce family."""
    s, r = suit_of(c), rank_of(c)
    out = []
    for j, base in ((s, 1), (s + 4, 2)):
        fam = t.piles[fam_pile(j)]
        if (not fam and r == base) or (fam and len(fam) < 13
                                       and next_in_suit(fam[-1], c, 2, wrap=True)):
            out.append(j)
    return out


def family_label(j: int) -> str:
    return f"the {SUIT_NAMES[j % 4]} family on the {'ace' if j < 4 else 'deuce'}"


@register
class QueensCotillon(Patience):
    description = Description(
        id="queens_cotillon", title="Queen's Cotillon", book=CHENEY, lines="3162-3200",
        skill="some", bound=700, packs=2)

    option_specs = (
        Option("bases", "as_they_come",
               "as_they_come: aces and deuces begin families as they become available; "
               "taken_out: one ace and one deuce of each suit are taken out first",
               choices=("as_they_come", "taken_out")),
    )
    facts = (("in_pack", size("pack")), ("in_families", HOME))
    gives_up = False

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"l{i + 1}", "pile", f"left column {i + 1}", "left")
                  for i in range(LEFT_COLS)),
                *(Pile(f"f{j + 5}", "foundation", family_label(j + 4), "deuces")
                  for j in range(4)),
                *(Pile(f"f{j + 1}", "foundation", family_label(j), "aces") for j in range(4)),
                *(Pile(f"r{i + 1}", "cell", f"square {i + 1}", f"square row {i // 4 + 1}")
                  for i in range(SQUARE)),
                Pile("pack", "stock", "the pack", face=DOWN),
                Pile("stock", "waste", "the stock"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        piles: dict[str, tuple[Card, ...]] = {}
        if self.option("bases") == "taken_out":
            rest = list(cards)
            for r in (1, 2):
                for suit in range(4):
                    c = next(c for c in rest if rank_of(c) == r and suit_of(c) == suit)
                    rest.remove(c)
                    piles[f"f{(r - 1) * 4 + suit + 1}"] = (c,)
            cards = tuple(rest)
        n = LEFT_ROWS * LEFT_COLS
        piles |= {f"l{i + 1}": tuple(cards[r * LEFT_COLS + i] for r in range(LEFT_ROWS))
                  for i in range(LEFT_COLS)}
        piles |= {f"r{i + 1}": (c,) for i, c in enumerate(cards[n:n + SQUARE])}
        return self.table(piles | {"pack": pack_of(cards[n + SQUARE:])})

    def steps(self, t: Table) -> list[Step]:
        found = [Step(f"r{i + 1}>f{j + 1}", source=R + i, target=fam_pile(j))
                 for i in range(SQUARE) if (c := t.top(R + i)) is not None
                 for j in home_for(t, c)]
        found += [Step(f"l{i + 1}>f{j + 1}", source=L + i, target=fam_pile(j))
                  for i in range(LEFT_COLS) if (c := t.top(L + i)) is not None
                  for j in home_for(t, c)]
        spaces = [i for i in range(SQUARE) if not t.piles[R + i]]
        top = t.top(STOCK)
        if top is not None:
            found += [Step(f"s>f{j + 1}", source=STOCK, target=fam_pile(j))
                      for j in home_for(t, top)]
            found += [Step(f"s>r{i + 1}", source=STOCK, target=R + i) for i in spaces]
        elif t.piles[PACK]:  # the space the player chooses, whatever the card
            found += [Step(f"p>r{i + 1}", DEAL, PACK, R + i) for i in spaces]
        if t.piles[PACK]:
            found.append(Step("d", DEAL, PACK, STOCK))
        return found

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return "the lines are complete: one of kings, the other of queens"
        return f"{state.home(self.foundations)} of 104 cards in the families; " \
            "no card can be placed"

    def say(self, state: Table, move: Move) -> str:
        if move.code == "d":
            return "turn the next card of the pack onto the stock"
        s = self.step(state, move)
        j = s.target - R + 1
        if s.source == PACK:
            return f"deal the next card of the pack into space {j} of the square"
        c = state.piles[s.source][-1]
        where = "the stock" if s.source == STOCK else \
            f"square {s.source - R + 1}" if s.source >= R else f"left column {s.source + 1}"
        if s.target >= R:
            return f"put {name(c)} from the stock into space {j} of the square"
        fam = state.piles[s.target]
        f = s.target - ACES if s.target >= ACES else s.target - DEUCES + 4
        onto = f"onto {name(fam[-1])}" if fam else "to begin it"
        return f"play {name(c)} from {where} to {family_label(f)}, {onto}"


__all__ = ["QueensCotillon"]
