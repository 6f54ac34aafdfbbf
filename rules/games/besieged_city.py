"""The Besieged City, from Cadogan's *Illustrated Games of Patience*.

Source: ``001_6a582ee13e12f2a9.txt`` l.1180-1281; rule sheet ``shared/games/cadogan.md``,
section The Besieged City, whose ambiguities are cited.

Two packs. "Deal twelve cards in four rows of three cards each. Then deal an outside row
of fourteen cards placed crossways. These are the 'Ramparts.' The inside twelve cards
are the 'Reserve'" (l.1240-1247): three ramparts above the Reserve's columns, three
below, four at the left and four at the right ends of its rows, so that each rampart
stands at the end of one row or column (the figure's A-D, l.1219-1231). "The foundation
cards are four aces of different suits. On these are placed kings, then deuces, queens,
threes, and so on, each foundation consisting of alternate sequences, ascending and
descending, and finishing as well as beginning with aces" (l.1249-1255), following suit:
A K 2 Q 3 J 4 10 5 9 6 8 7 7 8 6 9 5 10 4 J 3 Q 2 K A.

- Rule I: foundations are formed from the Ramparts and the pack; talon cards pass
  through the Reserve, and the Reserve into the Ramparts, before they can be played.
- Rule II: rampart cards go on each other, same suit, "either in the usual ascending and
  descending sequences, or in the order in which they will be played, viz. queen on two,
  knave on three, and so on, or vice versa"; the top card of each alone is available.
- Rule III: a Reserve card may go on a rampart card in the same way, "but only on the
  cards at the ends or sides of the line from which they are taken".
- Rule IV: "Vacancies in the Ramparts are filled from the Reserve with any card in the
  row at the end of which the vacancy occurs"; Rule V: "Vacancies in the Reserve are
  filled from the talon, or, when there is no talon, from the pack"; "immediately ...
  this must be done throughout the game" (l.1259-1263).
- The pack is dealt, "the cards not suitable for the foundations being placed in a
  talon" (l.1267-1271). "When the talon is exhausted and all the cards have been dealt,
  should there still be cards in the reserve which cannot be transferred to the
  Ramparts, you may transpose them" (l.1273-1279).

Readings (the sheet's PROPOSED readings unless said otherwise):

- "The order in which they will be played" (amb. 1): two cards of a suit that are
  neighbours in the foundation's order (A-K, K-2, 2-Q, ... 8-7, 7-7) go on each other,
  besides cards one apart. Option ``order=sum14``: only the printed kind (queen on two,
  knave on three ...: values adding to fourteen) besides cards one apart.
- A line (amb. 2) is the Reserve card's row (ending at a left and a right rampart) or its
  column (ending at a top and a bottom rampart); every Reserve card is available for it.
- The aces are not taken out: they are played as they appear (the figure's blank spaces,
  sheet G10); the first ace of a suit begins its foundation, the second ends it.
- A rampart vacancy must be filled at once with the player's choice among the cards of
  its line (amb. 3); the Reserve vacancy this leaves takes the talon's top, or with no
  talon the next card of the pack (unseen).
- Dealing: ``t`` turns a card; it may be played at once (``p>f``, "from the pack") or is
  laid on the talon (``p>w``) before the next is turned. Talon cards only fill the Reserve.
- Transposing (amb. 4): once the pack and talon are out, two Reserve cards may change
  places (``v<i>~v<j>``).
- Cards may go back and forth between ramparts and transpositions may be undone, so a
  move may not simply undo the one before, and ``end`` (give up) is offered beside the
  other moves. Won with the 104 cards on the foundations.

The table's piles: the four foundations, the fourteen ramparts, the twelve Reserve
places (a card each, or none), the pack, the card turned and the talon. A transposition
is a step of kind ``other`` between two Reserve places.

Moves, in this order: while a vacancy waits, its fills; otherwise ``r<k>>f<s>`` and
``p>f<s>`` (foundations ``f1``-``f4``: spades, hearts, diamonds, clubs), ``r<k>>r<m>``,
``v<i>>r<k>``, ``p>w``, ``t``, ``v<i>~v<j>``, ``end``. Ramparts ``r1``-``r3`` above
columns 1-3, ``r4``-``r6`` below them, ``r7``-``r10`` at the left of rows 1-4,
``r11``-``r14`` at their right; Reserve places ``v1``-``v12`` row by row.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from itertools import pairwise

from ..cadogan import available, talon_top
from ..cards import SUIT_NAMES, Card, name, rank_of, suit_of
from ..common import onto_table
from ..description import CADOGAN, Description
from ..game import Move, Option
from ..patience import DOWN, HOME, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import DEAL, OTHER

ROWS, COLS, RAMPARTS = 4, 3, 14
#: The foundation's order (l.1249-1255), 26 cards of a suit.
ORDER = (1, 13, 2, 12, 3, 11, 4, 10, 5, 9, 6, 8, 7, 7, 8, 6, 9, 5, 10, 4, 11, 3, 12, 2, 13, 1)
NEIGHBOURS = frozenset(frozenset(pair) for pair in pairwise(ORDER[:14]))
Piles = tuple[tuple[Card, ...], ...]
R, V = 4, 4 + RAMPARTS  # the first rampart and the first Reserve place
PACK, TURNED, TALON = V + 12, V + 13, V + 14
WHERE = ("above",) * 3 + ("below",) * 3 + ("left",) * 4 + ("right",) * 4


def ends(i: int) -> tuple[int, ...]:
    """The ramparts (0-based) at the ends of Reserve place ``i``'s column and row."""
    r, c = divmod(i, COLS)
    return (c, 3 + c, 6 + r, 10 + r)


def line_of(k: int) -> tuple[int, ...]:
    """The Reserve places (0-based) of the line at whose end rampart ``k`` stands."""
    if k < 6:
        return tuple(r * COLS + k % 3 for r in range(ROWS))
    r = (k - 6) % 4
    return tuple(r * COLS + c for c in range(COLS))


def hole_to_fill(t: Table) -> int:
    """The first empty rampart whose line has a Reserve card to fill it, or -1."""
    hole = next((k for k, p in enumerate(t.piles[R:V]) if not p), -1)
    return hole if hole >= 0 and any(t.piles[V + i] for i in line_of(hole)) else -1


def reserve_to_fill(t: Table) -> int:
    """The first empty Reserve place, while a card is left to fill it, or -1."""
    if not (t.piles[TALON] or t.piles[PACK] or t.piles[TURNED]):
        return -1
    return next((i for i in range(12) if not t.piles[V + i]), -1)


@register
class BesiegedCity(Patience):
    description = Description(
        id="besieged_city", title="The Besieged City", book=CADOGAN, lines="1180-1281",
        skill="much", bound=None, packs=2)
    option_specs = (
        Option("order", "adjacent",
               "adjacent: besides cards one apart, any two neighbours in the foundations' "
               "order go on each other; sum14: only the printed kind (queen on two, knave "
               "on three ...)", choices=("adjacent", "sum14")),
    )
    facts = (("pack", size("pack")), ("talon", size("talon")), ("on_foundations", HOME))
    home_words = "on the foundations"
    #: A rampart's card may not go straight back, nor a transposition be made again.
    no_straight_back = True

    def __init__(self, options: Mapping[str, object] | None = None) -> None:
        super().__init__(options)
        #: Rule II as a table (:func:`rules.common.onto_table`).
        self.onto = onto_table(self.goes_on)

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"f{s + 1}", "foundation", f"the {SUIT_NAMES[s]} foundation",
                       "foundations") for s in range(4)),
                *(Pile(f"r{k + 1}", "pile", f"rampart {k + 1} ({WHERE[k]})", "the Ramparts")
                  for k in range(RAMPARTS)),
                *(Pile(f"v{i + 1}", "reserve", f"Reserve row {i // 3 + 1}, column {i % 3 + 1}",
                       "the Reserve") for i in range(12)),
                Pile("pack", "stock", "the pack", face=DOWN),
                Pile("turned", "waste", "the card turned"),
                Pile("talon", "waste", "the talon"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        return self.table({f"v{i + 1}": cards[i:i + 1] for i in range(12)}
                          | {f"r{k + 1}": cards[12 + k:13 + k] for k in range(RAMPARTS)}
                          | {"pack": cards[26:][::-1]})

    def goes_on(self, c: Card, onto: Card) -> bool:
        """Rule II: same suit, one apart, or neighbours in the order of play."""
        if suit_of(c) != suit_of(onto):
            return False
        a, b = rank_of(c), rank_of(onto)
        if abs(a - b) == 1:
            return True
        if self.option("order") == "sum14":
            return a + b == 14
        return frozenset((a, b)) in NEIGHBOURS

    @staticmethod
    def takes(fams: Piles, c: Card) -> int:
        """The foundation (0-based, by suit) that takes ``c`` now, or -1."""
        f = fams[suit_of(c)]
        return suit_of(c) if len(f) < 26 and ORDER[len(f)] == rank_of(c) else -1

    def offers_end(self, t: Table) -> bool:
        """Not while a Reserve vacancy waits for its card: it is filled at once."""
        return hole_to_fill(t) >= 0 or reserve_to_fill(t) < 0

    def steps(self, t: Table) -> list[Step]:
        hole = hole_to_fill(t)
        if hole >= 0:  # filled at once, by the player's choice among its line
            return [Step(f"v{i + 1}>r{hole + 1}", source=V + i, target=R + hole)
                    for i in line_of(hole) if t.piles[V + i]]
        if (i := reserve_to_fill(t)) >= 0:
            if talon_top(t.piles[TALON]) is not None:
                return [Step(f"w>v{i + 1}", source=TALON, target=V + i)]
            if t.piles[TURNED]:
                return [Step(f"d>v{i + 1}", source=TURNED, target=V + i)]
            return [Step(f"d>v{i + 1}", DEAL, PACK, V + i)]
        fams, rp, out = t.piles[:R], t.piles[R:V], []
        for k, p in enumerate(rp):
            if (c := available(p)) is not None and (s := self.takes(fams, c)) >= 0:
                out.append(Step(f"r{k + 1}>f{s + 1}", source=R + k, target=s))
        turned = t.piles[TURNED]
        if turned and (s := self.takes(fams, turned[-1])) >= 0:
            out.append(Step(f"p>f{s + 1}", source=TURNED, target=s))
        onto = self.onto
        for k, p in enumerate(rp):
            if (c := available(p)) is not None:
                on = onto[c & 63]
                out += [Step(f"r{k + 1}>r{m + 1}", source=R + k, target=R + m)
                        for m, q in enumerate(rp) if m != k and q and q[-1] & 63 in on]
        for i, v in enumerate(t.piles[V:PACK]):
            if v:
                on = onto[v[-1] & 63]
                out += [Step(f"v{i + 1}>r{k + 1}", source=V + i, target=R + k) for k in ends(i)
                        if rp[k] and rp[k][-1] & 63 in on]
        if turned:
            out.append(Step("p>w", source=TURNED, target=TALON))
        elif t.piles[PACK]:
            out.append(Step("t", DEAL, PACK, TURNED))
        elif not t.piles[TALON]:
            # "you may transpose them" (l.1273-1279)
            out += [Step(f"v{i + 1}~v{j + 1}", OTHER, V + i, V + j) for i in range(12)
                    for j in range(i + 1, 12) if t.piles[V + i] and t.piles[V + j]]
        return out

    def goes_home(self, t: Table, pile: int) -> bool | None:
        if not R <= pile < V and pile != TURNED:
            return None
        c = available(t.piles[pile])  # a vacancy to fill first: only its fills
        return c is not None and self.takes(t.piles[:R], c) >= 0 and hole_to_fill(t) < 0 \
            and reserve_to_fill(t) < 0

    def special(self, t: Table, step: Step) -> Table:
        """A transposition: two Reserve cards change places. It is remembered as the
        move from the second place to the first, so that the same transposition, which
        only undoes it, is not offered straight after (``no_straight_back``)."""
        piles = list(t.piles)
        piles[step.source], piles[step.target] = piles[step.target], piles[step.source]
        return replace(t, piles=tuple(piles), back=(step.target, step.source, 1))

    def say(self, state: Table, move: Move) -> str:
        code = move.code
        if code == "t":
            return "turn the next card of the pack"
        s = self.step(state, move)
        if s.kind == OTHER:
            return f"transpose the Reserve cards of places {code[1:].replace('~v', ' and ')}"
        dst = code.split(">")[1]
        if s.source == PACK:
            return f"fill Reserve place {dst[1:]} with the next card of the pack"
        c = state.piles[s.source][-1]
        to = {"f": "its foundation", "w": "the talon", "v": f"Reserve place {dst[1:]}",
              "r": f"rampart {dst[1:]}"}[dst[0]]
        return f"put {name(c)} on {to}"

    def narrate(self, before: Table, move: Move, after: Table) -> str:
        if move.code == "t":
            return f"turn up {name(before.piles[PACK][-1])}"
        if move.code.startswith("d>") and not before.piles[TURNED]:
            return f"{self.describe(before, move)}: {name(before.piles[PACK][-1])}"
        return self.describe(before, move)


__all__ = ["ORDER", "BesiegedCity", "ends", "line_of"]
