"""Staircase, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.2569-2624 (pp. 120-122); rule sheet
``shared/games/cheney.md``, section Staircase.

Two packs. "The first row contains ten cards, and the card at the right hand is turned
up. The other rows are formed as in the Triangle, beginning always in the second place,
and the last row consists of only one card at the extreme left, which is turned up"
(l.2577-2583). "When aces appear they are taken to form families upon, following suit.
Marriages are made as in Triangle, alternating colors; but in this game any number of
cards in a sequence may be transferred from one line to another, if the lowest card is
of the right number and color to form a marriage. Vacant spaces may be filled from
other lines in the same manner" (l.2585-2598). Then "deal off the cards from the
remaining pack one by one. You can place a card by the same rules either on the families
or in the rows; but if you cannot use it at present you must lay it down in a stock on
the table, where it is "buried," even if it is the top card, until you have turned up
all the cards. Then you can use the top cards either in making marriages, on the
families, or in filling spaces" (l.2600-2612).

Readings (the sheet's PROPOSED readings unless said otherwise):

- The layout is the Triangle's mirrored, places counted from the right: row ``k``
  starts with a face-up card in the ``k``-th place from the right and runs face down to
  the left edge, so column 1 (left) holds ten cards and column 10 one, each with its
  lowest card face up (55 cards; 49 stay in the pack). A face-down card left at the
  bottom of a column is turned up at once, as in Triangle.
- A run is a column's top cards that already lie in marriage order (each one lower and
  of the other colour than the card under it); any part of it, from its top card down,
  may move: onto a column whose top card takes its deepest card, or into a space (any
  card or run may fill a space; a whole column moved to a space changes nothing and is
  not offered). The spaces are alike, so the first empty one is offered.
- Dealing: ``d`` takes the next card of the pack in hand; it must then be used (on a
  family, in a marriage, in a space) or buried (``b``) before anything else is done. The
  player deals when she likes; the book's advice is to deal only when nothing else can
  be done (l.2617-2620), which is not enforced.
- Once the pack is used up, the stock's top card may be used, and then the next.
- One pass, no re-deal. Won when the eight families hold all 104 cards.

Moves, in this order: ``h>f``, ``h>t<j>``, ``b`` (with a card in hand, nothing else);
``t<i>>f``, ``w>f`` (the stock's top, once the pack is out); run moves ``t<i>>t<j>`` (the
top card) and ``<n>t<i>>t<j>`` (the top ``n`` cards) onto a column, then into the first
space; ``w>t<j>``; ``d``; ``end``. A run may not be put straight back where it came
from. Shifts (runs moved on without turning a card up or leaving a space) are listed
after ``d`` (:func:`rules.building.shifts_last`). Lost when the player gives up (``end``)
or no move is left.
"""

from __future__ import annotations

from ..building import (
    alt_down,
    family_for,
    family_label,
    onto,
    run_code,
    run_length,
    run_moves,
    shifts_last,
    take_run,
)
from ..cards import Card, name
from ..description import CHENEY, Description
from ..game import Move
from ..patience import COLUMN, DOWN, FACE_DOWN, HOME, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import DEAL

COLUMNS = 10
FAMILIES = tuple(Pile(f"f{i + 1}", "foundation", family_label(i), "families") for i in range(8))
STAIRS = tuple(Pile(f"t{i + 1}", "pile", f"column {i + 1}", "staircase", COLUMN, turn_up=True,
                    alike="columns") for i in range(COLUMNS))
HAND = Pile("hand", "hand", "the card dealt")
STOCK = Pile("stock", "waste", "the stock (buried)")
PACK = Pile("pack", "stock", "the pack", face=DOWN)
T, H, W, P = 8, 8 + COLUMNS, 9 + COLUMNS, 10 + COLUMNS  # columns, hand, stock, pack


def staircase(cards: tuple[Card, ...], columns: int
              ) -> tuple[tuple[tuple[Card, ...], ...], tuple[int, ...], int]:
    """Row ``r`` (0-based) starts face up in column ``columns - 1 - r`` and runs left."""
    cols: list[list[Card]] = [[] for _ in range(columns)]
    k = 0
    for r in range(columns):
        for j in range(columns - 1 - r, -1, -1):
            cols[j].append(cards[k])
            k += 1
    return tuple(tuple(c) for c in cols), tuple(columns - 1 - j for j in range(columns)), k


def stock_fact(game: Patience, t: Table) -> str:
    return "buried" if t.piles[P] else "open"


@register
class Staircase(Patience):
    description = Description(
        id="staircase", title="Staircase", book=CHENEY, lines="2569-2624", skill="much",
        bound=None, packs=2)
    facts = (("pack", size("pack")), ("face_down", FACE_DOWN), ("stock", stock_fact),
             ("in_families", HOME))
    no_straight_back = True

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*FAMILIES, *STAIRS, HAND, STOCK, PACK)

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        cols, down, n = staircase(cards, COLUMNS)
        return self.table({p.id: c for p, c in zip(STAIRS, cols, strict=True)}
                          | {"pack": cards[n:][::-1]},
                          {p.id: d for p, d in zip(STAIRS, down, strict=True)})

    def offers_end(self, t: Table) -> bool:
        return not t.piles[H]  # a card in hand must be used or buried first

    def goes_home(self, t: Table, pile: int) -> bool | None:
        if not T <= pile < H:
            return None
        top = t.top(pile)  # with a card in hand, only the hand moves
        return not t.piles[H] and top is not None and family_for(self.families(t), top) >= 0

    def steps(self, t: Table) -> list[Step]:
        cols, fams = t.piles[T:H], self.families(t)
        space = cols.index(()) if () in cols else -1
        h = t.top(H)
        if h is not None:
            out = [Step("h>f", source=H, target=family_for(fams, h))] \
                if family_for(fams, h) >= 0 else []
            out += [Step(f"h>t{j + 1}", source=H, target=T + j)
                    for j, q in enumerate(cols) if q and alt_down(h, q[-1])]
            if space >= 0:
                out.append(Step(f"h>t{space + 1}", source=H, target=T + space))
            return [*out, Step("b", source=H, target=W)]
        out = [Step(f"t{i + 1}>f", source=T + i, target=j)
               for i, p in enumerate(cols) if p and (j := family_for(fams, p[-1])) >= 0]
        top = t.top(W) if not t.piles[P] else None
        if top is not None and (j := family_for(fams, top)) >= 0:
            out.append(Step("w>f", source=W, target=j))
        ups = [len(t.face_up(T + i)) for i in range(COLUMNS)]
        runs = run_moves(cols, ups, "t")
        if space >= 0:
            for i, p in enumerate(cols):
                n = run_length(p, ups[i], alt_down)
                runs += [run_code(k, "t", i, f"t{space + 1}") for k in range(1, n + 1)
                         if k < len(p)]
        for m in runs:
            n, i = take_run(m.partition(">")[0], "t")
            out.append(Step(m, source=T + i, target=T + int(m.partition(">t")[2]) - 1, count=n))
        if top is not None:
            out += [Step(f"w>t{j + 1}", source=W, target=T + j)
                    for j, q in enumerate(cols) if q and alt_down(top, q[-1])]
            if space >= 0:
                out.append(Step(f"w>t{space + 1}", source=W, target=T + space))
        if t.piles[P]:
            out.append(Step("d", DEAL, P, H))
        steps = {s.code: s for s in out}

        def shift(m: str) -> bool:  # a run moved on: no card turned up, no space made
            s = steps[m]
            if not T <= s.source < H or s.target < T:
                return False
            i = s.source - T
            return not (s.count == ups[i] and (t.down[s.source] or s.count < len(cols[i])
                                               or t.piles[s.target]))

        return [steps[m] for m in shifts_last(list(steps), shift)]

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        if s.kind == DEAL:
            return "deal the next card of the pack"
        run = t.piles[s.source][s.taken(t)]
        if s.target == W:
            return f"bury {name(run[0])} in the stock"
        where = ("just dealt" if s.source == H else "from the stock" if s.source == W else
                 f"from column {s.source - T + 1}")
        what = name(run[0]) if len(run) == 1 else f"{name(run[0])} to {name(run[-1])}"
        if s.target < T:
            return f"play {what} {where} to {family_label(s.target)}"
        j = s.target - T
        return f"put {what} {where} {onto(run[0], t.piles[s.target], f'column {j + 1}')}"
