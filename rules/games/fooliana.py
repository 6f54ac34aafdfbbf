"""Fooliana, from Cheney's *Patience* (1894), with "one more chance".

Source: ``000_afc193f70d23752d.txt`` l.2424-2498 (pp. 113-116); rule sheet
``shared/games/cheney.md``, section Fooliana.

One pack. "TAKE off thirteen cards from the pack, and lay them aside in a pile, face
upwards. This may be called the Fool. Lay the next card that comes as the beginning of a
row on which to form your families, following suit. Lay the next four cards in a row
below this. From this row you take any card of the same number as your first one, and
place beside it" (l.2428-2444). Marriages: "placing one card of the row on another next
higher, but alternating in color ... You can use the top card of the Fool in the same
manner; and when a space is left in the row you must fill it from the top of the Fool.
You can not only change one card in this manner, but all, or any number of cards on a
pile, if the number of the lowest one fits the top card of another pile in number and
color" (l.2446-2466). "When you can use no cards from the row or the Fool, you take the
remaining pack in your hand, and lay off three cards together, face up. You can use only
the top card of this stock ... Continue laying the cards by threes ... until the pack is
exhausted; then turn the stock, and proceed in the same manner. You can turn the stock
as long as you find any card to use; but if you have made no change it is of course
useless to turn it again, and the game has failed" (l.2468-2482). "When the Fool is
exhausted you can fill spaces with the lowest card of the pack in your hand"
(l.2489-2491). "some players allow one more chance by dealing off the three cards in a
different order, when the first one has failed to give any help" (l.2494-2498).

Two registered games: ``fooliana`` and its variant ``fooliana_extra_pass``, which is
``fooliana`` with option ``chance=one_more``.

Readings (the sheet's PROPOSED readings unless said otherwise):

- The Fool is a squared face-up pile: only its top card is seen and used. Likewise
  three cards laid off "together" show only their top card; the stock shows its top.
- The families start at the first family card's rank, one of each suit, and go round
  the corner from king to ace to end one below it (as in Corners, l.2263-2266). The
  row is built down by alternate colours with no king on an ace.
- Runs: any number of cards from the top of a row pile that lie in marriage order may
  move onto another row pile whose top takes the deepest of them (not into a space: the
  text fills spaces from the Fool, then from the pack).
- A space is filled from the Fool's top at once: while the Fool lasts, that is the only
  move. Once the Fool is used up, a space may be filled with the bottom card of the
  pack in hand, unseen (option ``space_fill``: ``stock_top``, the stock's top card, as
  in the modern Canfield).
- The player lays off threes when she likes (the book lays them off when nothing else
  can be done, but that is the player's own judgement, not enforced). A last lay-off
  of fewer than three cards lays what is left.
- The stock is turned over, unshuffled, into the hand when the hand is empty, as often
  as the last pass made a change: a card played to a family, or from the Fool, the stock
  or the hand (moving cards about the row is no change). After a pass with no change the
  game has failed: ``turn`` is no longer offered.
- ``fooliana_extra_pass``: after such a pass the stock may be turned once more, and the
  first lay-off of that pass is one card, the rest threes again, so that every group of
  three is different (the sheet's PROPOSED reading of "a different order").
- Won when the four families hold all 52 cards; lost when no move is left.

Moves, in this order: while a space waits and the Fool lasts, ``o>r<k>`` alone; else
``o>f``, ``w>f``, ``r<i>>f`` (the Fool's top, the stock's top, row pile ``i``'s top to its
family); ``o>r<j>``, ``w>r<j>``; run moves ``r<i>>r<j>`` and ``<n>r<i>>r<j>``; into the
first space ``h>r<k>`` (or ``w>r<k>``); ``d`` (lay off three); ``turn``; ``end``. A run may
not be put straight back where it came from. Shifts (part of a pile moved on) are
listed after ``turn`` (:func:`._columns.shifts_last`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ..cards import Card, name, rank_of, suit_of
from ..description import CHENEY, Description
from ..game import Move, Option, Zone
from ..registry import register, variant
from ..solo import pack_of, pack_zone, with_end
from ._columns import (
    DEAL,
    ColumnGame,
    Piles,
    add,
    alt_down,
    back_of,
    family_for,
    family_label,
    family_zones,
    home,
    name_rank,
    onto,
    put,
    run_moves,
    shifts_last,
    take_run,
)

FOOL, ROW = 13, 4
TURN = Move("turn")
SPACE_FILL = Option(
    "space_fill", "pack_bottom", "once the Fool is used up, a space is filled with: "
    "pack_bottom, the lowest card of the pack in hand (l.2489-2491); stock_top, the "
    "stock's top card", choices=("pack_bottom", "stock_top"))


@dataclass(frozen=True, slots=True)
class FoolianaState:
    #: The Fool: face up, squared, top last.
    fool: tuple[Card, ...]
    row: Piles
    #: Families by suit (spades, hearts, diamonds, clubs), from the base rank.
    families: Piles
    #: The pack in hand, face down, top last.
    hand: tuple[Card, ...]
    #: The stock, top last; only its top card is seen.
    stock: tuple[Card, ...] = ()
    #: A card went to a family, or came from the Fool, stock or hand, in this pass.
    changed: bool = False
    #: The extra pass of the variant has been taken (its first lay-off is one card).
    extra: bool = False
    single: bool = False
    back: str = ""
    given_up: bool = False

    @property
    def base(self) -> int:
        return next(rank_of(f[0]) for f in self.families if f)


@register
class Fooliana(ColumnGame[FoolianaState]):
    description = Description(
        id="fooliana", title="Fooliana", book=CHENEY, lines="2424-2498", skill="little",
        bound=None)
    option_specs: ClassVar[tuple[Option, ...]] = (SPACE_FILL, Option(
        "chance", "none", "one_more: one more pass, its groups of three shifted by one "
        "card, after a pass that gave no help (l.2494-2498)", choices=("none", "one_more")))

    @property
    def extra_pass(self) -> bool:
        """One more pass after a pass with no change (``fooliana_extra_pass``)."""
        return self.options.get("chance") == "one_more"

    def layout(self, cards: tuple[Card, ...], seed: int) -> FoolianaState:
        first = cards[FOOL]
        fams = put(((),) * 4, suit_of(first), (first,))
        row = tuple((c,) for c in cards[FOOL + 1: FOOL + 1 + ROW])
        return FoolianaState(tuple(cards[:FOOL]), row, fams,
                             pack_of(cards[FOOL + 1 + ROW:]))

    def _fam(self, state: FoolianaState, c: Card) -> int:
        return family_for(state.families, c, state.base, wrap=True)

    def may_turn(self, state: FoolianaState) -> bool:
        return not state.hand and bool(state.stock) and (
            state.changed or (self.extra_pass and not state.extra))

    def moves(self, state: FoolianaState) -> tuple[Move, ...]:
        row, fool, stock = state.row, state.fool, state.stock
        space = row.index(()) if () in row else -1
        if space >= 0 and fool:
            return (Move(f"o>r{space + 1}"),)
        tops = [("o", fool[-1] if fool else 0), ("w", stock[-1] if stock else 0)]
        out = [f"{src}>f" for src, c in tops if c and self._fam(state, c) >= 0]
        out += [f"r{i + 1}>f" for i, p in enumerate(row) if p and self._fam(state, p[-1]) >= 0]
        for src, c in tops:
            out += [f"{src}>r{j + 1}" for j, q in enumerate(row) if c and q
                    and alt_down(c, q[-1])]
        out += run_moves(row, [len(p) for p in row], "r")
        if space >= 0:
            if self.option("space_fill") == "pack_bottom":
                if state.hand:
                    out.append(f"h>r{space + 1}")
            elif stock:
                out.append(f"w>r{space + 1}")
        if state.hand:
            out.append("d")
        if self.may_turn(state):
            out.append("turn")

        def shift(m: str) -> bool:  # part of a pile moved on: no space for the Fool
            src = m.partition(">")[0]
            if m.endswith(">f") or (not src[0].isdigit() and src[0] != "r"):
                return False
            n, i = take_run(src, "r")
            return n < len(row[i])

        return with_end([Move(m) for m in shifts_last(out, shift) if m != state.back])

    def play(self, state: FoolianaState, move: Move) -> FoolianaState:
        if move == DEAL:
            n = 1 if state.single else 3
            laid = state.hand[-n:][::-1]
            return replace(state, hand=state.hand[:-n], stock=(*state.stock, *laid),
                           single=False, back="")
        if move == TURN:
            extra = state.extra or not state.changed
            return replace(state, hand=tuple(reversed(state.stock)), stock=(),
                           changed=False, extra=extra, single=not state.changed, back="")
        src, _, dst = move.code.partition(">")
        st = state
        run: tuple[Card, ...]
        if src == "o":
            run, st = st.fool[-1:], replace(st, fool=st.fool[:-1])
        elif src == "w":
            run, st = st.stock[-1:], replace(st, stock=st.stock[:-1])
        elif src == "h":
            run, st = st.hand[:1], replace(st, hand=st.hand[1:])
        else:
            n, i = take_run(src, "r")
            run, st = st.row[i][-n:], replace(st, row=put(st.row, i, st.row[i][:-n]))
        if dst == "f":
            fams = add(st.families, self._fam(st, run[0]), run[0])
            return replace(st, families=fams, changed=True, back="")
        j = int(dst[1:]) - 1
        moved_about = "r" in src  # row to row
        return replace(st, row=put(st.row, j, st.row[j] + run),
                       changed=st.changed or not moved_about,
                       back=back_of(move.code) if moved_about else "")

    def zones(self, state: FoolianaState) -> tuple[Zone, ...]:
        base = state.base
        return (
            *family_zones(state.families, base),
            Zone("fool", "reserve", state.fool, 1, label="the Fool"),
            *(Zone(f"r{i + 1}", "pile", p, len(p), label=f"row pile {i + 1}", group="row")
              for i, p in enumerate(state.row)),
            Zone("stock", "waste", state.stock, 1, label="the stock"),
            pack_zone(state.hand, "hand", "the pack in hand"),
        )

    def public(self, state: FoolianaState) -> dict[str, Any]:
        return {"base": name_rank(state.base), "fool": len(state.fool),
                "hand": len(state.hand), "stock": len(state.stock),
                "changed_this_pass": state.changed, "in_families": home(state.families)}

    def say(self, state: FoolianaState, move: Move) -> str:
        if move == DEAL:
            n = min(1 if state.single else 3, len(state.hand))
            return "lay off one card onto the stock" if n == 1 else \
                f"lay off {n} cards together onto the stock"
        if move == TURN:
            again = "" if state.changed else " once more (one more chance)"
            return f"turn the stock into the hand{again}"
        src, _, dst = move.code.partition(">")
        if src == "h":
            return f"fill row pile {dst[1:]} with the lowest card of the pack in hand"
        if src in ("o", "w"):
            run = (state.fool if src == "o" else state.stock)[-1:]
            where = "from the Fool" if src == "o" else "from the stock"
        else:
            n, i = take_run(src, "r")
            run, where = state.row[i][-n:], f"from row pile {i + 1}"
        what = name(run[0]) if len(run) == 1 else f"{name(run[0])} to {name(run[-1])}"
        if dst == "f":
            fam = family_label(self._fam(state, run[0]), state.base)
            return f"play {what} {where} to {fam}"
        j = int(dst[1:]) - 1
        return f"put {what} {where} {onto(run[0], state.row[j], f'row pile {j + 1}')}"


FOOLIANA_EXTRA_PASS = variant(Fooliana, Description(
    id="fooliana_extra_pass", title="Fooliana, one more chance", book=CHENEY,
    lines="2494-2498, 2424-2493", skill="little", bound=None, variant_of="fooliana",
    fixed={"chance": "one_more"}))
