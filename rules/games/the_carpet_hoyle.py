"""The Carpet, from the Hoyle solitaire chapter (seed 003).

Source: ``003_589c967ab98c43e6.txt`` l.9; rule sheet ``shared/games/hoyle.md``, section
THE CARPET. Not Cadogan's two-pack Carpet; hence the id's suffix.

One pack. "Deal out twenty cards in four rows of five cards each, face up. This is the
carpet. Any aces found in it are taken out and used to form a fifth row ... The holes
made in the carpet by removing the aces are then filled up from the pack. Cards are then
taken from the carpet to build upon the aces in ascending sequence, following suit, and
the holes in the carpet are continually filled up with fresh cards from the top of the
pack. As other aces appear they are laid aside to start the sequence in the suit to
which they belong. When you are stopped, deal the cards remaining in the pack in a pile
on the table by themselves, face upward. If any card appears which can be used in the
ascending sequences, take it, and if this enables you to make more holes in the carpet,
do so. But after having been driven to deal this extra pile, holes in the carpet can no
longer be filled from the pack; they must be patched up with the top cards on the extra
pile until it is exhausted."

Readings (the sheet's PROPOSED readings):

- First part: a hole is filled at once from the pack, in place order (row by row); an
  ace that comes into the carpet is laid aside at once to start its suit's sequence and
  its hole filled again (amb. 4). Pack cards reach the sequences only by way of the
  carpet (amb. 3).
- "When you are stopped": the extra pile is begun only when no carpet card can be
  played. It is dealt one card at a time, face up (amb. 1); its top card may go to its
  sequence; an ace turned is laid aside at once.
- Holes in the second part are patched with the extra pile's top card at the player's
  choice of time (amb. 2; option ``patch=at_once``: the strict reading, every hole is
  patched from the extra pile as soon as it is made or a card is turned). The holes are
  alike, so the first is offered.
- Won with all 52 cards on the sequences; lost when no card can be played, the pack
  dealt and no hole can be patched.

Moves, in this order: ``c<i>>f`` (the carpet card at place i, 1-20, to its sequence),
``w>f`` (the extra pile's top card to its sequence), ``w>c<i>`` (patch the first hole
with it), ``d`` (deal the next card of the pack onto the extra pile; in the first part,
offered only when stopped, it begins the extra pile).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..cards import ACE, SUIT_NAMES, Card, name, rank_of, suit_of
from ..description import HOYLE, Description
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import Place, SoloGame, fill, open_zone, pack_of, pack_zone, replace_at

PLACES = 20
ROW = 5
DEAL = Move("d")


@dataclass(frozen=True, slots=True)
class CarpetState:
    carpet: tuple[Place, ...]
    pack: tuple[Card, ...]
    #: The extra pile, face up, top last.
    extra: tuple[Card, ...]
    #: One sequence per suit (spades, hearts, diamonds, clubs), from the ace.
    rows: tuple[tuple[Card, ...], ...]
    #: Whether the extra pile has been begun (holes no longer filled from the pack).
    driven: bool = False


def fits(rows: tuple[tuple[Card, ...], ...], c: Card) -> bool:
    return len(rows[suit_of(c)]) == rank_of(c) - 1


def add(rows: tuple[tuple[Card, ...], ...], c: Card) -> tuple[tuple[Card, ...], ...]:
    return replace_at(rows, suit_of(c), (*rows[suit_of(c)], c))


@register
class TheCarpetHoyle(SoloGame[CarpetState]):
    description = Description(
        id="the_carpet_hoyle", title="The Carpet", book=HOYLE, lines="9", skill="chance",
        bound=120)
    option_specs = (
        Option("patch", "choice",
               "choice: the player patches a hole with the extra pile's top card when she "
               "likes; at_once: every hole is patched as soon as it is made",
               choices=("choice", "at_once")),
    )

    def layout(self, cards: tuple[Card, ...], seed: int) -> CarpetState:
        st = CarpetState(tuple(cards[:PLACES]), pack_of(cards[PLACES:]), (), ((),) * 4)
        return self._settle(st)

    def _settle(self, st: CarpetState) -> CarpetState:
        """Lay aside the aces that have come up and fill (or patch) the holes."""
        carpet, pack, extra, rows = list(st.carpet), st.pack, st.extra, st.rows
        while True:
            for i, c in enumerate(carpet):
                if c is not None and rank_of(c) == ACE:
                    rows, carpet[i] = add(rows, c), None
            if extra and rank_of(extra[-1]) == ACE:
                rows, extra = add(rows, extra[-1]), extra[:-1]
                continue
            if None not in carpet:
                break
            if not st.driven and pack:
                filled, pack = fill(carpet, pack)
                carpet = list(filled)
            elif st.driven and extra and self.option("patch") == "at_once":
                carpet[carpet.index(None)], extra = extra[-1], extra[:-1]
            else:
                break
        return replace(st, carpet=tuple(carpet), pack=pack, extra=extra, rows=rows)

    def moves(self, state: CarpetState) -> tuple[Move, ...]:
        out = [f"c{i + 1}>f" for i, c in enumerate(state.carpet)
               if c is not None and fits(state.rows, c)]
        top = state.extra[-1] if state.extra else None
        if top is not None and fits(state.rows, top):
            out.append("w>f")
        if top is not None and None in state.carpet:
            out.append(f"w>c{state.carpet.index(None) + 1}")
        if state.pack and (state.driven or not out):
            out.append(DEAL.code)
        return tuple(Move(m) for m in out)

    def play(self, state: CarpetState, move: Move) -> CarpetState:
        if move == DEAL:
            return self._settle(replace(state, pack=state.pack[:-1], driven=True,
                                        extra=(*state.extra, state.pack[-1])))
        src, _, dst = move.code.partition(">")
        c: Card | None
        if src == "w":
            c, st = state.extra[-1], replace(state, extra=state.extra[:-1])
        else:
            i = int(src[1:]) - 1
            c = state.carpet[i]
            st = replace(state, carpet=replace_at(state.carpet, i, None))
        assert c is not None
        if dst == "f":
            return self._settle(replace(st, rows=add(st.rows, c)))
        return replace(st, carpet=replace_at(st.carpet, int(dst[1:]) - 1, c))

    def won(self, state: CarpetState) -> bool:
        return sum(len(r) for r in state.rows) == 52

    def summary(self, state: CarpetState, won: bool) -> str:
        if won:
            return "all 52 cards built up on the aces"
        n = sum(len(r) for r in state.rows)
        return f"stopped with {n} of 52 cards built up on the aces"

    def zones(self, state: CarpetState) -> tuple[Zone, ...]:
        return (
            *(open_zone(f"f{i + 1}", "foundation", r, f"the {SUIT_NAMES[i]} sequence",
                        "aces") for i, r in enumerate(state.rows)),
            *(Zone(f"c{i + 1}", "cell", () if c is None else (c,), 1,
                   label=f"row {i // ROW + 1}, place {i % ROW + 1}",
                   group=f"row {i // ROW + 1}") for i, c in enumerate(state.carpet)),
            pack_zone(state.pack),
            open_zone("extra", "waste", state.extra, "the extra pile"),
        )

    def public(self, state: CarpetState) -> dict[str, Any]:
        return {"in_pack": len(state.pack), "extra_pile": state.driven,
                "built": sum(len(r) for r in state.rows)}

    def say(self, state: CarpetState, move: Move) -> str:
        if move == DEAL:
            return "deal the next card of the pack onto the extra pile" if state.driven \
                else "stopped: begin the extra pile with the next card of the pack"
        src, _, dst = move.code.partition(">")
        c: Card | None
        if src == "w":
            c, where = state.extra[-1], "from the extra pile"
        else:
            i = int(src[1:]) - 1
            c, where = state.carpet[i], f"from place {i + 1} of the carpet"
        assert c is not None
        if dst == "f":
            return f"play {name(c)} {where} to the {SUIT_NAMES[suit_of(c)]} sequence"
        return f"patch the hole at place {dst[1:]} with {name(c)} {where}"
