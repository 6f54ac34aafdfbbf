"""Patience at St. Helena, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.1304-1383; rule sheet ``shared/games/cheney.md``,
section Patience at St. Helena.

Two packs. Four kings of different suits lie in a row with the four aces of the same
suits under them (l.1321-1327); the kings' families go down to the ace and the aces' up to
the king, following suit (l.1327-1331). Round after round, the pack is laid off into
twelve piles: a row under the aces, a row above the kings, one card at the right end of
the kings' row and of the aces' row, one at the left end of each (l.1331-1338), "until the
pack is used up" (l.1366-1367). During the first distribution the cards above the kings
may only go on the kings, those below the aces only on the aces; the side cards on
either (l.1338-1343). Top cards may be married: put on another pile's top card one above
or one below in rank (l.1343-1360). After the first distribution the piles may twice be
taken up, shuffled and laid out again, and then any pile feeds either row (l.1377-1383).

Piles, in dealing order, are ``b1`` .. ``b4`` (below the aces, left to right), ``t1`` ..
``t4`` (above the kings), ``rk``, ``ra`` (right of the kings, of the aces), ``lk``, ``la``
(left of the kings, of the aces). Moves: ``t1>k`` (to its suit's kings' family), ``b2>a``
(to its suit's aces' family), ``b2>t3`` (a marriage), ``deal``, ``redeal``, ``end``; order
as in :mod:`rules.open_piles`.

Readings (the sheet's PROPOSED readings unless said otherwise):

- The foundation kings and aces are the first king and the first ace of each suit in the
  shuffled packs (the book has them placed before the shuffle, l.1321-1331); the other
  96 cards are the pack.
- Marriages (amb. 1) go by rank alone, as the book's definition (l.1351-1354) and the
  glossary say; option ``marriage=suit`` asks for the same suit, as later books do.
- Play while dealing (amb. 2): the layout deals the first round; the player moves as she
  likes and deals each next round with ``deal`` (option ``deal_step=card``: one card at a
  time, the "stricter per-card pause"). The order in a round is b1-b4, t1-t4, rk, ra, lk,
  la (amb. 3).
- The first distribution is the whole first laying, with the play after the pack is out;
  it ends with the first re-deal. Its row rule binds moves to the families only;
  marriages go anywhere (amb. 5, l.1357-1360).
- Re-deals (amb. 4): "lay them twice over" is two re-deals, offered once the pack is out;
  each takes up the piles into a pack, shuffled with its own stream, which is dealt in
  rounds again with ``deal`` (the first round too, so that it cannot be undone); the row
  rule is lifted ("indiscriminately").
- Spaces are filled only by the dealing.
- Random play ends: ``end`` is always offered and a card may not be put straight back
  (:mod:`rules.open_piles`); with the pack out, no re-deal left and no move, the game is
  lost.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from ..cards import ACE, KING, SUIT_SYMBOLS, Card, rank_of, suit_of
from ..description import CHENEY, Description
from ..game import Move, Option
from ..open_piles import (
    PACK,
    STATUS,
    families,
    gathered,
    home_from,
    open_tableau,
    piles,
    say_top,
    top_steps,
)
from ..patience import HOME, Patience, Pile, Step, Table
from ..registry import register
from ..shape import DEAL, REDEAL

BELOW, ABOVE = range(0, 4), range(4, 8)
ROUND = 12
CODES = ("b1", "b2", "b3", "b4", "t1", "t2", "t3", "t4", "rk", "ra", "lk", "la")
PILES = piles(CODES, (
    *(f"pile {i} below the aces" for i in range(1, 5)),
    *(f"pile {i} above the kings" for i in range(1, 5)),
    "the pile right of the kings", "the pile right of the aces",
    "the pile left of the kings", "the pile left of the aces",
))
FAMILIES = families((*(f"{s} family down from the king" for s in SUIT_SYMBOLS),
                     *(f"{s} family up from the ace" for s in SUIT_SYMBOLS)))
P = ROUND + 8  # where the pack lies


@register
@open_tableau
class PatienceAtStHelena(Patience):
    description = Description(
        id="patience_at_st_helena", title="Patience at St. Helena", book=CHENEY,
        lines="1304-1383", skill="much", bound=None, packs=2)
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("marriage", "any", "any: a marriage goes by rank alone (as the book defines "
               "it); suit: the cards must be of one suit", choices=("any", "suit")),
        Option("deal_step", "round", "round: the player may move between rounds of twelve; "
               "card: between any two cards dealt", choices=("round", "card")),
    )
    redeal_takes_up, irreversible_redeals = False, True
    redeals_allowed = 2
    #: Cards dealt from the pack in this distribution (which pile takes the next one).
    marks = ("dealt",)

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*PILES, *FAMILIES, PACK)

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        found: list[Card | None] = [None] * 8
        pack: list[Card] = []
        for c in cards:
            r, s = rank_of(c), suit_of(c)
            at = s if r == KING else 4 + s if r == ACE else -1
            if at >= 0 and found[at] is None:
                found[at] = c
            else:
                pack.append(c)
        laid = {p.id: (c,) for p, c in zip(FAMILIES, found, strict=True) if c is not None}
        t = replace(self.table(laid | {"pack": pack[::-1]}), seed=seed)
        return self.dealt(t, min(self.per_deal(), len(pack)))

    def per_deal(self) -> int:
        return 1 if self.option("deal_step") == "card" else ROUND

    def home(self, t: Table, i: int, c: Card, kind: str) -> int:
        if not t.redeals and ((i in ABOVE and kind != "k") or (i in BELOW and kind != "a")):
            return -1  # the first distribution's row rule
        s = suit_of(c)
        if kind == "k":
            return s if rank_of(t.piles[ROUND + s][-1]) == rank_of(c) + 1 else -1
        return 4 + s if rank_of(t.piles[ROUND + 4 + s][-1]) == rank_of(c) - 1 else -1

    def marries(self, t: Table, c: Card, dst: int) -> bool:
        top = t.piles[dst][-1]
        if self.option("marriage") == "suit" and suit_of(top) != suit_of(c):
            return False
        return abs(rank_of(top) - rank_of(c)) == 1

    def goes_home(self, t: Table, pile: int) -> bool:
        return home_from(t, pile, len(CODES), ("k", "a"), self.home)

    def steps(self, t: Table) -> list[Step]:
        out = top_steps(t, CODES, ("k", "a"), self.home, self.marries)
        if t.piles[P]:
            n, at = min(self.per_deal(), len(t.piles[P])), self.mark(t, "dealt") % ROUND
            out.append(Step("deal", DEAL, P, at if at + n <= ROUND else 0, n))
        elif self.may_redeal(t):
            out.append(Step("redeal", REDEAL, target=P))
        return out

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        return self.dealt(state, s.count) if s.kind == DEAL else super().play(state, move)

    def dealt(self, t: Table, n: int) -> Table:
        """``t`` after ``n`` cards are dealt from the pack, one to each pile in turn."""
        at, pack = self.mark(t, "dealt"), t.piles[P]
        laid = list(t.piles[:ROUND])
        for k in range(n):
            laid[(at + k) % ROUND] += (pack[-1 - k],)
        left = pack[:len(pack) - n]
        return self.marked(replace(t, piles=(*laid, *t.piles[ROUND:P], left),
                                   down=(*t.down[:P], len(left)), back=None), dealt=at + n)

    def special(self, t: Table, step: Step) -> Table:
        """The re-deal: the piles taken up and shuffled into the pack, which is dealt
        again with ``deal`` (not at once: the first card shown is then a deal, which undo
        does not take back, so nobody re-deals, looks, takes it back and re-arranges the
        piles)."""
        pack = gathered(self, t, ROUND)[::-1]
        return self.marked(replace(t, piles=((),) * ROUND + t.piles[ROUND:P] + (pack,),
                                   down=(0,) * P + (len(pack),), redeals=self.redeal_number(t),
                                   played=True, back=None), dealt=0)

    def public(self, state: Table) -> dict[str, Any]:
        return {"status": STATUS(self, state), "on_families": HOME(self, state),
                **self.redeal_facts(state), "pack": len(state.piles[P]),
                "distribution": state.redeals + 1, "row_rule": state.redeals == 0}

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        if s.kind != DEAL:
            return say_top(self, t, s)
        if self.per_deal() == 1:
            return f"deal the next card of the pack to {PILES[s.target].label}"
        return f"deal the next round of {s.count} cards from the pack"

    def narrate(self, before: Table, move: Move, after: Table) -> str:
        """The move's sentence alone: a deal's cards lie face up on the table for all to
        see, and this game has never named them again here."""
        return self.describe(before, move)
