"""Paternal, and the two modifications Cheney names, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.801-876 (variants l.862-876); rule sheet
``shared/games/cheney.md``, section Paternal.

The four aces are laid in a row as the families (l.827); the other 48 cards go out in
sixteen piles of three, spread so that all are seen (l.827-830). Only a pile's top card is
used (l.830); it goes to its family, built up in suit (l.834-836), or is *married*: put on
another top card of the same suit, one higher or one lower (l.816-825). Spaces are never
filled. Piles are codes ``1`` .. ``16``; family moves are ``3>f``, marriages ``3>5``, the
draw ``d7h>f`` / ``d7h>5`` (the machinery and the move order are those of
:mod:`rules.open_piles`).

Readings (the sheet's PROPOSED readings unless said otherwise):

- Re-deals (l.839-850, amb. 1): "lay them down again ... You may repeat this a third
  time" is three layings in all, two re-deals (option ``redeals``: 2, or 3 for the other
  reading). A re-deal takes up the piles in pile order, shuffles them with the re-deal's
  own stream, and lays them in threes, the last pile short if need be (amb. 2). The
  player may re-deal whenever she chooses ("if you do not succeed").
- The draw (l.850-851, amb. 3): once per game (the privilege ``draw``, counted by the
  solo shell), in any laying, any card under a top card
  goes to its family or is married onto a top card (its own pile's top included).
- ``paternal_down_only`` (l.863-865): marriages only put a lower card on a higher one.
- ``paternal_king_spaces`` (l.865-876): no re-deal and no draw; a king on top of a pile
  with cards under it may be laid on the table in a space of its own (codes ``k1`` ..
  ``k4``; the move names the first free space, as all are alike), and lower cards go on
  it. "of a trio" is read as any pile (PROPOSED); "place lower cards upon it in
  succession" is read as marriages (same suit), and a laid-out king's pile is an ordinary
  pile afterwards. A lone king is not laid out again: it would change nothing.
- Random play ends: ``end`` (give up) is always offered and a marriage may not be put
  straight back (see :mod:`rules.open_piles`); a laying with no move left and no re-deal
  or draw to come loses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import ClassVar

from ..cards import ACE, KING, Card, rank_of, suit_of
from ..description import CHENEY, Description
from ..game import Move, Option
from ..open_piles import (
    SUIT_FAMILIES,
    home_from,
    open_tableau,
    piles,
    relay,
    say_move,
    suit_neighbours,
    threes,
    top_safe,
    top_steps,
    up_in_suit,
)
from ..patience import Patience, Pile, Step, Table
from ..registry import register, variant
from ..shape import REDEAL

REDEALS = Option("redeals", 2,
                 "re-deals allowed: 2 (three layings, the reading of \"repeat this a third "
                 "time\") or 3 (with privilege=kings there are none)", choices=(2, 3))
MARRIAGE = Option("marriage", "both", "both: a card marries one higher or one lower; down: "
                  "only a lower card onto a higher one (l.863-865)", choices=("both", "down"))
PRIVILEGE = Option("privilege", "redeals", "redeals: re-deals and one draw; kings: no "
                   "re-deal or draw, a king on top of a pile may be laid out alone "
                   "(l.865-876)", choices=("redeals", "kings"))
PILES = 16


@register
@open_tableau
class Paternal(Patience):
    description = Description(
        id="paternal", title="Paternal", book=CHENEY, lines="801-876", skill="some",
        bound=None)
    option_specs: ClassVar[tuple[Option, ...]] = (REDEALS, MARRIAGE, PRIVILEGE)
    redeal_takes_up, irreversible_redeals = False, True

    def lay_piles(self) -> tuple[Pile, ...]:
        spaces = 4 if self.option("privilege") == "kings" else 0
        self.codes = tuple(str(i + 1) for i in range(PILES)) + tuple(
            f"k{i + 1}" for i in range(spaces))
        labels = [f"pile {i + 1}" for i in range(PILES)] + [
            f"king space {i + 1}" for i in range(spaces)]
        return (*piles(self.codes, labels), *SUIT_FAMILIES)

    def max_redeals(self) -> int:
        return 0 if self.option("privilege") == "kings" else int(self.option("redeals"))

    def max_privileges(self) -> Mapping[str, int]:
        """The one draw, unless ``privilege=kings`` (counted by the solo shell)."""
        return {} if self.option("privilege") == "kings" else {"draw": 1}

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        """The aces (in suit order) are the families; the rest go out in threes."""
        aces = sorted((c for c in cards if rank_of(c) == ACE), key=suit_of)
        rest = tuple(c for c in cards if rank_of(c) != ACE)
        laid = dict(zip((f"p{c}" for c in self.codes), threes(rest, PILES), strict=False))
        fams: dict[str, tuple[Card, ...]] = {p.id: (a,) for p, a in zip(SUIT_FAMILIES, aces,
                                                                    strict=True)}
        return replace(self.table(laid | fams), seed=seed)

    def marries(self, t: Table, c: Card, dst: int) -> bool:
        top = t.piles[dst][-1]
        if suit_of(top) != suit_of(c):
            return False
        d = rank_of(top) - rank_of(c)
        return d == 1 or (d == -1 and self.option("marriage") != "down")

    def takes_space(self, t: Table, src: int, dst: int) -> bool:
        if dst < PILES or rank_of(t.piles[src][-1]) != KING or len(t.piles[src]) < 2:
            return False
        return dst == next(k for k in range(PILES, len(self.codes)) if not t.piles[k])

    def steps(self, t: Table) -> list[Step]:
        out = top_steps(t, self.codes, ("f",), up_in_suit, self.marries, self.takes_space,
                        draws=self.may_use_privilege(t, "draw"),
                        index=suit_neighbours(t, len(self.codes),
                                              self.option("marriage") != "down"))
        if self.may_redeal(t):
            out.append(Step("redeal", REDEAL))
        return out

    def goes_home(self, t: Table, pile: int) -> bool:
        return home_from(t, pile, len(self.codes), ("f",), up_in_suit,
                         self.may_use_privilege(t, "draw"))

    def special(self, t: Table, step: Step) -> Table:
        """The re-deal: the piles taken up, shuffled and laid in threes again."""
        return relay(self, t, len(self.codes))

    def family_safe(self, t: Table) -> tuple[Move, ...]:
        return top_safe(self, t, self.codes, up_in_suit, self.marries)

    say = say_move


PATERNAL_DOWN_ONLY = variant(Paternal, Description(
    id="paternal_down_only", title="Paternal (marriages downward only)", book=CHENEY,
    lines="801-865", skill="some", bound=250, variant_of="paternal",
    fixed={"marriage": "down"}))
PATERNAL_KING_SPACES = variant(Paternal, Description(
    id="paternal_king_spaces", title="Paternal (kings laid out instead of re-deals)",
    book=CHENEY, lines="801-876", skill="some", bound=None, variant_of="paternal",
    fixed={"privilege": "kings"}))
