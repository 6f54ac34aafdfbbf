"""Nivernaise, from Cheney's *Patience* (1894), with the Appendix's stricter rule.

Source: ``000_afc193f70d23752d.txt`` l.1637-1677 (pp. 72-73) and the Appendix note
l.3332-3340; rule sheet ``shared/games/cheney.md``, section Nivernaise, whose
ambiguities are cited below.

Two packs. Four cards on the right and four on the left, in columns (l.1645-1648); six
piles of four between them (l.1648-1651). Kings and aces are taken "as they appear" from
the tops of the piles or the side cards (l.1651-1659), and the families are built down
on the kings and up on the aces, following suit (l.1662-1664). "The vacancies left in
the side rows may be filled either from the top of the piles or from the pack"
(l.1659-1662). When no card can go to a family, four more cards go on each pile, "always
dealing four cards at a time" (l.1665-1672). The piles may be taken up, shuffled and laid
down again twice over (l.1672-1674). The Appendix (l.3332-3340): a space may be left
until "by looking at the cards that you deal off" a valuable one is found, "but many
players prefer the stricter rule that you must fill a space as soon as it occurs".

Two registered games: ``nivernaise`` (alias ``nivernaise_lenient``) leaves a space
open until the player fills it, as the main text's "may be filled" allows; its variant
``nivernaise_strict`` fixes option ``spaces=at_once``, the Appendix's stricter rule.

Readings (the sheet's PROPOSED readings unless said otherwise):

- The first four cards go to the right side, the next four to the left, then piles one
  to six get four cards each, left to right. All cards lie face up; only the top of a
  pile is usable (the piles are squared).
- Bases: the first ace and king of each suit played start the families; the second ace
  and king of a suit are ordinary cards. They are played like any card, only from a
  pile top or a side place (amb. 1).
- Dealing (amb. 5): the sheet says a blocked player must deal; this code also forbids
  dealing before then ("When you can no longer find any cards ... you place four more",
  l.1665-1669), so ``d`` is offered only when no card can go to a family. It lays up to
  four more cards on each pile, pile one first; the last packet may be short (amb. 3).
- Spaces, lenient rule (amb. 4): a space may be filled at any time from a pile top or
  from the pack (the next card, unseen). To let the player look "at the cards that you
  deal off", a round of dealing goes card by card while a side place is empty: each ``d``
  lays one card, and between two cards the player may move a pile top (such as the card
  just dealt) to the space; no card goes to a family until the round is dealt. With no
  space, ``d`` lays the whole round at once. The sheet proposes diverting the card being
  dealt; here the card is laid first and then moved, which is the same but lets the
  player see it first.
- Spaces, strict rule: while a side place is empty and a card can fill it (a pile top or
  the pack), filling it is the only move.
- The side places are alike, so fills are offered into the first empty one only.
- Re-deals (amb. 2): ``redeal`` takes up the piles only (the side cards stay), shuffles
  them by sub-stream ``k`` of the deal's seed for the ``k``-th re-deal, lays six piles of
  four and keeps the rest as the pack, dealt as before. Twice; offered whenever the pack
  is used up and cards lie in the piles.

Moves, in this order: ``p<i>>f<j>`` (pile ``i``'s top to family ``j``: ``f1``-``f4`` the
aces of spades, hearts, diamonds, clubs, ``f5``-``f8`` the kings), ``s<k>>f<j>`` (side
place ``k``: 1-4 right, 5-8 left), ``p<i>>s<k>`` and ``d>s<k>`` (fill the first space
from a pile top or the pack), ``d`` (deal), ``redeal``. Cards only go forward (pack,
pile, side, family) and re-deals are counted, so every game ends; it is lost when no
move is left.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..cards import Card, name
from ..description import CHENEY, Description
from ..families import (
    DEAL,
    EMPTY8,
    NO_CARD,
    REDEAL,
    AceKingGame,
    Families,
    add,
    family_plays,
    play_on_family,
    tops,
)
from ..game import Move, Option, Zone
from ..registry import register, variant
from ..solo import pack_of, pack_zone, replace_at, reshuffle, split_code

PILES = 6
PACKET = 4
ROUND = PILES * PACKET
SPACE = NO_CARD


@dataclass(frozen=True, slots=True)
class NivernaiseState:
    families: Families
    #: Side places 1-4 (right) and 5-8 (left); ``SPACE`` where empty.
    sides: tuple[Card, ...]
    #: Piles one to six, bottom to top.
    piles: tuple[tuple[Card, ...], ...]
    #: The pack, bottom to top: the last card is dealt next.
    pack: tuple[Card, ...]
    #: Cards still to lay in a round dealt card by card (0: no round under way).
    round_left: int
    redeals: int
    seed: int


def lay_piles(cards: tuple[Card, ...], start: int = 0, count: int = ROUND
              ) -> tuple[tuple[tuple[Card, ...], ...], int]:
    """How ``count`` cards go onto six piles in packets of four from position ``start``
    of a round: ``(cards per pile as tuples, cards used)``."""
    add_to: list[list[Card]] = [[] for _ in range(PILES)]
    n = min(count, len(cards))
    for k in range(n):
        add_to[(start + k) // PACKET].append(cards[k])
    return tuple(tuple(a) for a in add_to), n


def pile_name(i: int) -> str:
    return f"pile {i}"


def side_name(k: int) -> str:
    side = "right" if k <= 4 else "left"
    return f"side place {k} ({side})"


@register
class Nivernaise(AceKingGame[NivernaiseState]):
    description = Description(
        id="nivernaise", title="Nivernaise", book=CHENEY, lines="1637-1677, 3332-3340",
        skill="much", bound=250, packs=2, aliases=("nivernaise_lenient",))
    redeals_allowed = 2
    option_specs = (
        Option("spaces", "when_you_like",
               "when_you_like: a side space may be left open and filled at any time, also "
               "while dealing; at_once: a space must be filled as soon as it occurs",
               choices=("when_you_like", "at_once")),
    )
    def layout(self, cards: tuple[Card, ...], seed: int) -> NivernaiseState:
        sides = cards[:8]
        piles, n = lay_piles(cards[8:])
        return NivernaiseState(EMPTY8, sides, piles, pack_of(cards[8 + n :]), 0, 0, seed)

    @property
    def strict(self) -> bool:
        return self.option("spaces") == "at_once"

    def _family_plays(self, state: NivernaiseState) -> list[Move]:
        fams = state.families
        return [*family_plays(fams, "p", tops(state.piles)),
                *family_plays(fams, "s", state.sides)]

    def _fills(self, state: NivernaiseState) -> list[Move]:
        if SPACE not in state.sides:
            return []
        k = state.sides.index(SPACE) + 1
        out = [Move(f"p{i + 1}>s{k}") for i, p in enumerate(state.piles) if p]
        if state.pack:
            out.append(Move(f"d>s{k}"))
        return out

    def moves(self, state: NivernaiseState) -> tuple[Move, ...]:
        fills = self._fills(state)
        if self.strict and fills:
            return tuple(fills)
        if state.round_left:
            return (*fills, DEAL)
        plays = self._family_plays(state)
        out = [*plays, *fills]
        if not plays and state.pack:
            out.append(DEAL)
        elif not state.pack and self.may_redeal(state) and any(state.piles):
            out.append(REDEAL)
        return tuple(out)

    def play(self, state: NivernaiseState, move: Move) -> NivernaiseState:
        if move == DEAL:
            return self._deal(state)
        if move == REDEAL:
            k = self.redeal_number(state)
            cards = reshuffle(state.seed, k, [c for p in state.piles for c in p])
            piles, n = lay_piles(cards)
            return replace(state, piles=piles, pack=pack_of(cards[n:]), redeals=k,
                           round_left=0)
        src, a, dst, b = split_code(move.code)
        assert b is not None
        if src == "d":
            st = replace(state, pack=state.pack[:-1],
                         sides=replace_at(state.sides, b - 1, state.pack[-1]))
            return st if st.pack else replace(st, round_left=0)
        assert a is not None
        if src == "p":
            pile = state.piles[a - 1]
            c = pile[-1]
            st = replace(state, piles=replace_at(state.piles, a - 1, pile[:-1]))
        else:
            c = state.sides[a - 1]
            st = replace(state, sides=replace_at(state.sides, a - 1, SPACE))
        if dst == "f":
            return replace(st, families=add(st.families, b - 1, c))
        return replace(st, sides=replace_at(st.sides, b - 1, c))

    def _deal(self, state: NivernaiseState) -> NivernaiseState:
        left = state.round_left or ROUND
        start = ROUND - left
        count = 1 if SPACE in state.sides else left
        order = tuple(reversed(state.pack))
        added, n = lay_piles(order, start, count)
        piles = tuple(p + a for p, a in zip(state.piles, added, strict=True))
        pack = state.pack[: len(state.pack) - n]
        left = left - n if pack else 0
        return replace(state, piles=piles, pack=pack, round_left=left)

    def table_zones(self, state: NivernaiseState) -> list[Zone]:
        zs = [Zone(f"s{k + 1}", "reserve", (c,) if c else (), 1, label=side_name(k + 1),
                   group="right" if k < 4 else "left")
              for k, c in enumerate(state.sides)]
        zs += [Zone(f"p{i + 1}", "pile", p, len(p), label=pile_name(i + 1), group="piles")
               for i, p in enumerate(state.piles)]
        return [*zs, pack_zone(state.pack)]

    def facts(self, state: NivernaiseState) -> dict[str, Any]:
        return {
            "spaces": "at once" if self.strict else "when you like",
            "empty_side_places": [k + 1 for k, c in enumerate(state.sides) if c == SPACE],
            "round_cards_left": state.round_left,
            **self.redeal_facts(state),
        }

    def _next_pile(self, state: NivernaiseState) -> int:
        return (ROUND - (state.round_left or ROUND)) // PACKET + 1

    def say(self, state: NivernaiseState, move: Move) -> str:
        if move == DEAL:
            if SPACE in state.sides:
                return f"deal the next card on {pile_name(self._next_pile(state))}"
            if state.round_left:
                return "deal the rest of this round on the piles"
            return "deal four more cards on each pile"
        if move == REDEAL:
            return ("take up the piles, shuffle them and lay them down again "
                    f"{self.redeal_of(state)}")
        src, a, dst, b = split_code(move.code)
        assert b is not None
        if src == "d":
            return f"fill {side_name(b)} with the next card of the pack"
        assert a is not None
        if src == "p":
            c, where = state.piles[a - 1][-1], f"from {pile_name(a)}"
        else:
            c, where = state.sides[a - 1], f"from {side_name(a)}"
        if dst == "f":
            return play_on_family(c, where, b)
        return f"put {name(c)} {where} in {side_name(b)}"

    def narrate(self, before: NivernaiseState, move: Move, after: NivernaiseState) -> str:
        n = len(before.pack) - len(after.pack)
        if move == DEAL and n == 1:
            return f"deal {name(before.pack[-1])} on {pile_name(self._next_pile(before))}"
        if move == DEAL:
            return f"deal {n} cards on the piles"
        if move.code.startswith("d>"):
            return f"fill {move.code[2:].replace('s', 'side place ')} with " \
                f"{name(before.pack[-1])} from the pack"
        return self.describe(before, move)

    def why_illegal(self, state: NivernaiseState, move: Move, seat: int) -> str:
        if self.strict and self._fills(state):
            return "A side space must be filled as soon as it occurs."
        if state.round_left:
            return "Finish dealing the round before playing to the families."
        if move == DEAL and self._family_plays(state):
            return "Deal only when no card can go to a family."
        if move == REDEAL and state.pack:
            return "The piles can be taken up only when the pack is used up."
        if move == REDEAL:
            return "The piles have already been taken up twice."
        return super().why_illegal(state, move, seat)


NIVERNAISE_STRICT = variant(Nivernaise, Description(
    id="nivernaise_strict", title="Nivernaise, spaces filled at once", book=CHENEY,
    lines="3332-3340, 1637-1677", skill="much", bound=250, packs=2,
    variant_of="nivernaise", fixed={"spaces": "at_once"}))
