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
as in :mod:`rules.tableau`.

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
  (:mod:`rules.tableau`); with the pack out, no re-deal left and no move, the game is
  lost.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from ..cards import ACE, KING, SUIT_SYMBOLS, Card, rank_of, suit_of
from ..description import CHENEY, Description
from ..game import Option
from ..registry import register
from ..tableau import TableauGame, TabState

BELOW, ABOVE = range(0, 4), range(4, 8)
ROUND = 12


@register
class PatienceAtStHelena(TableauGame):
    description = Description(
        id="patience_at_st_helena", title="Patience at St. Helena", book=CHENEY,
        lines="1304-1383", skill="much", bound=None, packs=2)
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("marriage", "any", "any: a marriage goes by rank alone (as the book defines "
               "it); suit: the cards must be of one suit", choices=("any", "suit")),
        Option("deal_step", "round", "round: the player may move between rounds of twelve; "
               "card: between any two cards dealt", choices=("round", "card")),
    )
    pile_codes = ("b1", "b2", "b3", "b4", "t1", "t2", "t3", "t4", "rk", "ra", "lk", "la")
    pile_labels = (
        *(f"pile {i} below the aces" for i in range(1, 5)),
        *(f"pile {i} above the kings" for i in range(1, 5)),
        "the pile right of the kings", "the pile right of the aces",
        "the pile left of the kings", "the pile left of the aces",
    )
    found_kinds = ("k", "a")
    found_labels = (*(f"{s} family down from the king" for s in SUIT_SYMBOLS),
                    *(f"{s} family up from the ace" for s in SUIT_SYMBOLS))
    redeals_allowed = 2
    has_stock = True

    def configure(self) -> None:
        self.in_suit = self.options["marriage"] == "suit"
        self.step = 1 if self.options["deal_step"] == "card" else ROUND

    def layout(self, cards: tuple[Card, ...], seed: int) -> TabState:
        found: list[Card | None] = [None] * 8
        pack: list[Card] = []
        for c in cards:
            r, s = rank_of(c), suit_of(c)
            at = s if r == KING else 4 + s if r == ACE else -1
            if at >= 0 and found[at] is None:
                found[at] = c
            else:
                pack.append(c)
        families = tuple((c,) for c in found if c is not None)
        st = TabState(((),) * ROUND, families, tuple(pack[::-1]), seed=seed)
        return self.deal_next(st)

    def found_for(self, st: TabState, c: Card, kind: str) -> int:
        s = suit_of(c)
        if kind == "k":
            return s if rank_of(st.found[s][-1]) == rank_of(c) + 1 else -1
        return 4 + s if rank_of(st.found[4 + s][-1]) == rank_of(c) - 1 else -1

    def may_use(self, st: TabState, pile: int, kind: str) -> bool:
        if st.redeals:
            return True
        if pile in ABOVE:
            return kind == "k"
        if pile in BELOW:
            return kind == "a"
        return True

    def marries(self, st: TabState, c: Card, dst: int) -> bool:
        top = st.piles[dst][-1]
        if self.in_suit and suit_of(top) != suit_of(c):
            return False
        return abs(rank_of(top) - rank_of(c)) == 1

    def deal_next(self, st: TabState) -> TabState:
        n = min(self.step, len(st.stock))
        piles = list(st.piles)
        for k in range(n):
            at = (st.dealt + k) % ROUND
            piles[at] += (st.stock[-1 - k],)
        return replace(st, piles=tuple(piles), stock=st.stock[: len(st.stock) - n],
                       dealt=st.dealt + n)

    def relay(self, st: TabState, cards: tuple[Card, ...]) -> TabState:
        # Not dealt at once: the first card shown is then a ``deal``, which undo does not
        # take back, so nobody re-deals, looks, takes it back and re-arranges the piles.
        return TabState(((),) * ROUND, st.found, cards[::-1], redeals=st.redeals,
                        seed=st.seed)

    def public_extra(self, st: TabState) -> dict[str, Any]:
        return {"distribution": st.redeals + 1, "row_rule": st.redeals == 0}

    def describe_deal(self, state: TabState) -> str:
        if self.step == 1:
            return f"deal the next card of the pack to {self.pile_labels[state.dealt % ROUND]}"
        n = min(ROUND, len(state.stock))
        return f"deal the next round of {n} cards from the pack"
