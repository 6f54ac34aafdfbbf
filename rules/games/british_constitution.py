"""The British Constitution, from Cadogan's *Illustrated Games of Patience*.

Source: ``001_6a582ee13e12f2a9.txt`` l.1662-1769; rule sheet ``shared/games/cadogan.md``,
section The British Constitution, whose ambiguities are cited.

Two packs. "Take from the pack the kings, queens, and aces; seven of the queens are to be
thrown aside": the queen of diamonds is the Sovereign, the black kings the Bishops, the
red kings the Judges, and "the eight aces form the foundation cards or 'Government,' and
ascend in sequence to knaves" (l.1706-1718), following suit (Rule VI). "Four horizontal
rows (beginning with the lowest), each containing eight cards" form the Constitution:
the People, the House of Commons, the House of Lords, the Privy Council (l.1720-1740).

- Rule I (l.1668-1674): foundations are formed only from the Privy Council; every other
  card "must ascend through each division till they reach the top".
- Rule II (l.1676-1678): cards of the three lower divisions "may be placed in sequence on
  cards in the next division above them".
- Rule III (l.1680-1684): the top card of each sequence alone is available.
- Rule IV (l.1686-1689): sequences "of alternate colours, and in descending line"
  (:func:`rules.cadogan.in_sequence` with :func:`rules.common.alternate_colour`).
- Rule V (l.1691-1701): "Each vacancy must be at once filled by a card from the division
  immediately below it", the People's "from the talon, or, when there is no talon, from
  the pack" (:func:`rules.cadogan.talon_or_pack`).
- The rest of the pack is dealt, "the cards not required to fill vacancies in the
  'People' forming the talon" (l.1764-1769).

Readings (the sheet's PROPOSED readings unless said otherwise):

- Moves go only up exactly one division, one card at a time (amb. 1, 4); Privy Council
  cards go only to the foundations.
- A vacancy is filled, before anything else, by the available card of the player's
  choice from the row below (amb. 2), into the place that was emptied (amb. 5); if that
  empties a place of the row below, it is filled in turn (amb. 3). A People vacancy takes
  the talon's top, or with no talon the next card of the pack (unseen); with neither it
  stays empty, as does a place whose row below has no card.
- The pack is turned a card at a time onto the talon (``t``); the talon's top card is
  used only to fill a People vacancy (Rule I: it must enter the People first). One pass;
  the text names no re-deal. Turning is offered whenever the pack has cards ("It is
  often better to defer making a vacancy till a card turns up").
- Won when the eight foundations end with knaves (all 80 cards up); lost when no move is
  left.

Cards move only upward or to the foundations and the pack is dealt once, so every game
ends (``bound``). Moves, in this order: while a vacancy waits, ``<b><i>><a><k>`` (the top
of place ``i`` of the row below into place ``k``), ``w>p<k>`` or ``d>p<k>``; otherwise
``c<i>>f<j>`` (Privy Council to foundation ``j``), ``<b><i>><a><k>`` marriages (People
``p``, Commons ``h``, Lords ``l``, Council ``c``), ``t``. Foundations ``f1``-``f8`` take
spades, hearts, diamonds, clubs, twice.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..cadogan import DESCENDING, Foundation, available, in_sequence, suited, talon_top, to_play
from ..cards import ACE, DIAMONDS, JACK, KING, QUEEN, Card, name, rank_of, suit_of
from ..common import alternate_colour
from ..description import CADOGAN, Description
from ..game import Move, Zone
from ..registry import register
from ..solo import SoloGame, open_zone, pack_of, pack_zone, replace_at, split_code
from ._columns import family_label, home

ROWS, WIDTH = 4, 8
LETTERS = "phlc"
ROW_NAMES = ("the People", "the House of Commons", "the House of Lords", "the Privy Council")
TURN = Move("t")
GOVERNMENT = suited(Foundation(base=ACE, last=JACK), 8)
Row = tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class ConstitutionState:
    families: tuple[tuple[Card, ...], ...]
    #: The four divisions, People first; each place a sequence, bottom to top.
    rows: tuple[Row, ...]
    pack: tuple[Card, ...]
    talon: tuple[Card, ...] = ()
    #: The Sovereign, the Bishops and the Judges, then the seven queens thrown aside.
    court: tuple[Card, ...] = ()


def place(r: int, i: int) -> str:
    return f"{ROW_NAMES[r]}, place {i + 1}"


def fits(c: Card, onto: Card) -> bool:
    """Rule IV: alternate colours, in a descending line."""
    return alternate_colour(c, onto) and in_sequence(onto, c, DESCENDING)


@register
class BritishConstitution(SoloGame[ConstitutionState]):
    description = Description(
        id="british_constitution", title="The British Constitution", book=CADOGAN,
        lines="1662-1769", skill="much", bound=450, packs=2)

    def layout(self, cards: tuple[Card, ...], seed: int) -> ConstitutionState:
        aces = sorted((c for c in cards if rank_of(c) == ACE), key=lambda c: (suit_of(c), c))
        fams = tuple((c,) for c in aces[0::2] + aces[1::2])  # f1-f4 and f5-f8 by suit
        kings = [c for c in cards if rank_of(c) == KING]
        queens = [c for c in cards if rank_of(c) == QUEEN]
        sovereign = next(c for c in queens if suit_of(c) == DIAMONDS)
        court = (sovereign, *kings, *(q for q in queens if q != sovereign))
        rest = [c for c in cards if rank_of(c) not in (ACE, KING, QUEEN)]
        # "four horizontal rows (beginning with the lowest), each containing eight cards"
        rows = tuple(tuple((c,) for c in rest[r * WIDTH:(r + 1) * WIDTH]) for r in range(ROWS))
        return ConstitutionState(fams, rows, pack_of(rest[ROWS * WIDTH:]), (), court)

    @staticmethod
    def vacancy(state: ConstitutionState) -> tuple[int, int] | None:
        """The highest vacancy that can be filled now (Rule V), as (row, place)."""
        for r in range(ROWS - 1, -1, -1):
            for k, p in enumerate(state.rows[r]):
                if p:
                    continue
                if r == 0 and (state.talon or state.pack):
                    return r, k
                if r > 0 and any(state.rows[r - 1]):
                    return r, k
        return None

    def moves(self, state: ConstitutionState) -> tuple[Move, ...]:
        rows = state.rows
        hole = self.vacancy(state)
        if hole is not None:
            r, k = hole
            a = LETTERS[r]
            if r == 0:
                # "from the talon, or, when there is no talon, from the pack"
                src = "d" if talon_top(state.talon) is None else "w"
                return (Move(f"{src}>p{k + 1}"),)
            return tuple(Move(f"{LETTERS[r - 1]}{i + 1}>{a}{k + 1}")
                         for i, p in enumerate(rows[r - 1]) if p)
        out = []
        for i, p in enumerate(rows[ROWS - 1]):
            if (c := available(p)) is not None and (
                    j := to_play(GOVERNMENT, state.families, c)) >= 0:
                out.append(Move(f"c{i + 1}>f{j + 1}"))
        for r in range(ROWS - 1):
            up = rows[r + 1]
            for i, p in enumerate(rows[r]):
                if (c := available(p)) is not None:
                    out += [Move(f"{LETTERS[r]}{i + 1}>{LETTERS[r + 1]}{k + 1}")
                            for k, q in enumerate(up) if q and fits(c, q[-1])]
        if state.pack:
            out.append(TURN)
        return tuple(out)

    def play(self, state: ConstitutionState, move: Move) -> ConstitutionState:
        if move == TURN:
            return replace(state, pack=state.pack[:-1], talon=(*state.talon, state.pack[-1]))
        src, a, dst, b = split_code(move.code)
        assert b is not None
        c, st = self._take(state, src, a)
        if dst == "f":
            return replace(st, families=replace_at(st.families, b - 1,
                                                   (*st.families[b - 1], c)))
        r = LETTERS.index(dst)
        row = st.rows[r]
        row = replace_at(row, b - 1, (*row[b - 1], c))
        return replace(st, rows=replace_at(st.rows, r, row))

    @staticmethod
    def _take(state: ConstitutionState, src: str, a: int | None
              ) -> tuple[Card, ConstitutionState]:
        if src == "w":
            return state.talon[-1], replace(state, talon=state.talon[:-1])
        if src == "d":
            return state.pack[-1], replace(state, pack=state.pack[:-1])
        assert a is not None
        r = LETTERS.index(src)
        p = state.rows[r][a - 1]
        return p[-1], replace(state, rows=replace_at(
            state.rows, r, replace_at(state.rows[r], a - 1, p[:-1])))

    def won(self, state: ConstitutionState) -> bool:
        return all(g.complete(f) for g, f in zip(GOVERNMENT, state.families, strict=True))

    def summary(self, state: ConstitutionState, won: bool) -> str:
        n = home(state.families) - 8
        if won:
            return "the Government is complete: every foundation ends with a knave"
        return f"{n} of 80 cards on the foundations; no move is left"

    def zones(self, state: ConstitutionState) -> tuple[Zone, ...]:
        fams = [Zone(f"f{j + 1}", "foundation", f, len(f), label=family_label(j),
                     group="the Government") for j, f in enumerate(state.families)]
        rows = [open_zone(f"{LETTERS[r]}{i + 1}", "pile", p, place(r, i), ROW_NAMES[r])
                for r in range(ROWS - 1, -1, -1) for i, p in enumerate(state.rows[r])]
        return (*fams, *rows, pack_zone(state.pack),
                open_zone("talon", "waste", state.talon, "the talon"),
                open_zone("court", "reserve", state.court,
                          "the Sovereign, the Bishops and the Judges; seven queens aside"))

    def public(self, state: ConstitutionState) -> dict[str, Any]:
        hole = self.vacancy(state)
        return {"pack": len(state.pack), "talon": len(state.talon),
                "on_foundations": home(state.families) - 8,
                "vacancy": None if hole is None else place(*hole)}

    def say(self, state: ConstitutionState, move: Move) -> str:
        if move == TURN:
            return "deal the next card of the pack onto the talon"
        src, a, dst, b = split_code(move.code)
        assert b is not None
        if src == "d":
            return f"fill {place(0, b - 1)} with the next card of the pack"
        c, _ = self._take(state, src, a)
        where = "from the talon" if src == "w" else \
            f"from {place(LETTERS.index(src), (a or 1) - 1)}"
        if dst == "f":
            return f"play {name(c)} {where} on {family_label(b - 1)}"
        r = LETTERS.index(dst)
        q = state.rows[r][b - 1]
        if q:
            return f"place {name(c)} {where} on {name(q[-1])} of {place(r, b - 1)}"
        return f"fill the vacancy of {place(r, b - 1)} with {name(c)} {where}"

    def narrate(self, before: ConstitutionState, move: Move,
                after: ConstitutionState) -> str:
        if move == TURN:
            return f"deal {name(before.pack[-1])} onto the talon"
        if move.code.startswith("d>"):
            return f"{self.describe(before, move)}: {name(before.pack[-1])}"
        return self.describe(before, move)


__all__ = ["BritishConstitution", "ConstitutionState"]
