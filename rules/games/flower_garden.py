"""The Flower Garden, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.3036-3075; rule sheet ``shared/games/cheney.md``,
section The Flower Garden.

One pack. Six groups of six cards, face up and fanned so that all are seen: the
Garden, whose top cards are available (l.3040-3048). The other sixteen cards, kept in
the hand, are the Bouquet, every card of it available (l.3050-3052). The aces, from the
Bouquet or the table, begin families built up in suit (l.3054-3061). Marriages in the
Garden put a lower card on a higher, of any suit; any number of cards may be moved at
once if the lower card of the sequence is next in order to the card it goes on
(l.3063-3069). Bouquet cards may make marriages or go to the families (l.3069-3071). A
group emptied may be filled with any top card or sequence of the Garden, or any card
"from the stock" (l.3071-3075).

Readings (the sheet's PROPOSED readings unless said otherwise):

- A marriage puts a card on one a single rank higher (no wrap), any suit. A sequence
  is the run at the top of a group each one lower than the card under it; any number of
  its top cards may move onto a top card one higher than the lowest-lying of them.
- A space takes any card of the Bouquet ("any from the stock": the game has no other
  stock), or any top card or sequence of the Garden (not a whole group: that changes
  nothing). Cards never go back to the Bouquet. Won with the four families complete
  (implied); lost when no move is left.
- Play must end: ``end`` (give up) is offered beside the other moves, and a move from
  group to group may not bring the Garden back to an arrangement it has had since a
  card last came to it from the Bouquet or left it for the families (only undo does
  that; it also means cards are never put straight back).

Legal moves, in order: ``g<i>>f`` (the top of group ``i`` to its family), ``b<card>>f``
(a Bouquet card, ``b7h>f``), ``g<i>>g<j>`` and ``g<i>.<n>>g<j>`` (the top card, or the
top ``n`` cards, of group ``i`` onto group ``j``), ``b<card>>g<j>``, ``end``. Groups are
numbered 1-6; Bouquet cards are listed in suit and rank order.
"""

from __future__ import annotations

from ..cards import SUIT_NAMES, Card, code, name, rank_of, suit_of
from ..description import CHENEY, Description
from ..game import Move
from ..history import remember, seen
from ..patience import FOUNDATION, HOME, Patience, Pile, Step, Table, size
from ..registry import register

GROUPS, SIZE = 6, 6
G, B = 4, 4 + GROUPS  # where the groups and the Bouquet lie
Piles = tuple[tuple[Card, ...], ...]


def run_length(group: tuple[Card, ...]) -> int:
    """How many cards at the top of ``group`` descend one rank at a time."""
    n = 1 if group else 0
    while n < len(group) and rank_of(group[-n - 1]) == rank_of(group[-n]) + 1:
        n += 1
    return n


def shifted(gs: Piles, i: int, n: int, j: int) -> Piles:
    """The groups after the top ``n`` cards of group ``i`` go onto group ``j``."""
    out = list(gs)
    out[i], out[j] = gs[i][:-n], gs[j] + gs[i][-n:]
    return tuple(out)


def _one_lower(c: Card, onto: Card) -> bool:
    """``c`` may be married onto ``onto`` (one lower, any suit)."""
    return rank_of(onto) == rank_of(c) + 1


def goes_home(fams: Piles, c: Card) -> bool:
    return len(fams[suit_of(c)]) == rank_of(c) - 1


def bouquet_code(c: Card) -> str:
    return f"b{code(c).lower()}"


#: Each step, made once (steps are values; the solver asks for every position's).
_STEPS: dict[tuple[str, int, int, int], Step] = {}


def _step(kind: str, a: int, b: int, c: int = 0) -> Step:
    """The step named: ``("f", i, suit)`` group i's top card to its family, ``("bf", k,
    card)`` the Bouquet's k-th card to its family, ``("g", i, j, n)`` the top n cards of
    group i onto group j, ``("bg", k, card, j)`` the Bouquet's k-th card onto group j
    (groups from 0)."""
    made = _STEPS.get((kind, a, b, c))
    if made is None:
        if kind == "f":
            made = Step(f"g{a + 1}>f", source=G + a, target=b)
        elif kind == "bf":
            made = Step(f"{bouquet_code(b)}>f", source=B, target=suit_of(b), at=a)
        elif kind == "g":
            made = Step(f"g{a + 1}>g{b + 1}" if c == 1 else f"g{a + 1}.{c}>g{b + 1}",
                        source=G + a, target=G + b, count=c)
        else:
            made = Step(f"{bouquet_code(b)}>g{c + 1}", source=B, target=G + c, at=a)
        _STEPS[kind, a, b, c] = made
    return made


@register
class FlowerGarden(Patience):
    description = Description(
        id="flower_garden", title="The Flower Garden", book=CHENEY, lines="3036-3075",
        skill="much", bound=None)
    facts = (("bouquet", size("bouquet")), ("in_families", HOME))
    #: No stock goes round here, so whether a card was played is no part of a position:
    #: the arrangement of the deal, before any move, is the same position after one
    #: (else the solver, which does not carry the arrangements had, could bring it back).
    played_counts = False

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"f{s + 1}", FOUNDATION, f"family of {SUIT_NAMES[s]}", "families")
                  for s in range(4)),
                *(Pile(f"g{i + 1}", "pile", f"group {i + 1}", "garden") for i in range(GROUPS)),
                Pile("bouquet", "hand", "the Bouquet"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        return remember(self.table({f"g{g + 1}": cards[g * SIZE:(g + 1) * SIZE]
                                    for g in range(GROUPS)}
                                   | {"bouquet": tuple(sorted(cards[GROUPS * SIZE:]))}))

    def goes_home(self, t: Table, pile: int) -> bool | None:
        if not G <= pile < B:
            return None
        g = t.piles[pile]
        return bool(g) and goes_home(self.families(t), g[-1])

    def steps(self, t: Table) -> list[Step]:
        gs, fams, bouquet = t.piles[G:B], self.families(t), t.piles[B]
        out = [_step("f", i, suit_of(g[-1]))
               for i, g in enumerate(gs) if g and goes_home(fams, g[-1])]
        out += [_step("bf", k, c) for k, c in enumerate(bouquet) if goes_home(fams, c)]
        tops: dict[int, list[int]] = {}  # rank -> the groups showing it on top
        for j, g in enumerate(gs):
            if g:
                tops.setdefault(rank_of(g[-1]), []).append(j)
        spaces = [j for j, g in enumerate(gs) if not g]
        had = seen(t)
        for i, g in enumerate(gs):
            for n in range(1, run_length(g) + 1):
                dsts = sorted([*tops.get(rank_of(g[-n]) + 1, ()),
                               *(spaces if n < len(g) else ())])
                out += [_step("g", i, j, n)
                        for j in dsts if not (had and shifted(gs, i, n, j) in had)]
        for k, c in enumerate(bouquet):
            out += [_step("bg", k, c, j)
                    for j in sorted([*tops.get(rank_of(c) + 1, ()), *spaces])]
        return out

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        after = super().play(state, move)
        if s.source != B and s.target >= G:  # group to group: remember both arrangements
            return remember(after, seen(state) | {state.piles[G:B], after.piles[G:B]})
        return remember(after)

    def solver_play(self, state: Table, move: Move) -> Table:
        """A move as the solver plays it (:mod:`rules.solver`): as :meth:`play`, but a
        move from group to group adds no arrangement to those remembered (a card from
        the Bouquet or to a family still forgets them all). The search then allows
        every move the rule allows and more, so a position it proves lost is lost; and a
        line it finds keeps the rule: it never enters a position twice, and between two
        cards from the Bouquet or home the position differs only in the Garden's
        arrangement, so no arrangement comes back (and those remembered at the start
        are still forbidden). Not carrying the growing set, and not testing each move
        against it, is most of a position's cost in a long game."""
        after = Patience.play(self, state, move)  # a plain table: it remembers none
        s = self.step(state, move)
        if s.source != B and s.target >= G:
            had = seen(state)
            return remember(after, had) if had else after
        return after

    def family_safe(self, state: Table) -> tuple[Move, ...]:
        """A group's top or a Bouquet card to its family when no card one lower (of any
        suit: marriages here take any suit) is still off the families
        (:func:`rules.building.safe_home`). The rule against bringing the Garden back to
        an arrangement it has had changes nothing: a line that would repeat one without
        the card can leave out the moves in between."""
        fams = self.families(state)  # (only a card that may go home now can be safe)
        cands = [(_step("f", i, suit_of(g[-1])).code, g[-1])
                 for i, g in enumerate(state.piles[G:B]) if g and goes_home(fams, g[-1])]
        cands += [(_step("bf", k, c).code, c)
                  for k, c in enumerate(state.piles[B]) if goes_home(fams, c)]
        return self.safe_home(state, cands, _one_lower) if cands else ()

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        moving = t.piles[s.source][s.taken(t)]
        where = "from the Bouquet" if s.source == B else f"from group {s.source - G + 1}"
        what = name(moving[0]) if len(moving) == 1 else \
            f"{name(moving[0])} to {name(moving[-1])}"
        if s.target < G:
            return f"play {what} {where} to the family of {SUIT_NAMES[suit_of(moving[0])]}"
        j, g = s.target - G + 1, t.piles[s.target]
        if not g:
            return f"put {what} {where} into the empty group {j}"
        return f"marry {what} {where} onto {name(g[-1])} in group {j}"

