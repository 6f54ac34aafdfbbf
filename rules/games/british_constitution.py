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

from ..building import family_label
from ..cadogan import DESCENDING, Foundation, available, in_sequence, suited, talon_top, to_play
from ..cards import ACE, DIAMONDS, JACK, KING, QUEEN, Card, name, rank_of, suit_of
from ..common import alternate_colour, onto_table
from ..description import CADOGAN, Description
from ..game import Move
from ..patience import DOWN, FOUNDATION, HOME, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import DEAL

ROWS, WIDTH = 4, 8
LETTERS = "phlc"
ROW_NAMES = ("the People", "the House of Commons", "the House of Lords", "the Privy Council")
GOVERNMENT = suited(Foundation(base=ACE, last=JACK), 8)
PACK, TALON, COURT = 8 + ROWS * WIDTH, 9 + ROWS * WIDTH, 10 + ROWS * WIDTH


def place(r: int, i: int) -> str:
    return f"{ROW_NAMES[r]}, place {i + 1}"


def at(r: int, i: int) -> int:
    """Where place ``i`` of row ``r`` lies (the Privy Council's row first, as shown)."""
    return 8 + (ROWS - 1 - r) * WIDTH + i


def fits(c: Card, onto: Card) -> bool:
    """Rule IV: alternate colours, in a descending line."""
    return alternate_colour(c, onto) and in_sequence(onto, c, DESCENDING)


#: :func:`fits` as a table (:func:`rules.common.onto_table`).
ONTO = onto_table(fits)


def on_foundations(game: Patience, t: Table) -> int:
    """The cards played on the foundations (the aces they began with not counted)."""
    return HOME(game, t) - 8


def vacancy(t: Table) -> tuple[int, int] | None:
    """The highest vacancy that can be filled now (Rule V), as (row, place)."""
    for r in range(ROWS - 1, -1, -1):
        for k in range(WIDTH):
            if t.piles[at(r, k)]:
                continue
            if r == 0 and (t.piles[TALON] or t.piles[PACK]):
                return r, k
            if r > 0 and any(t.piles[at(r - 1, i)] for i in range(WIDTH)):
                return r, k
    return None


def vacancy_fact(game: Patience, t: Table) -> str | None:
    hole = vacancy(t)
    return None if hole is None else place(*hole)


@register
class BritishConstitution(Patience):
    description = Description(
        id="british_constitution", title="The British Constitution", book=CADOGAN,
        lines="1662-1769", skill="much", bound=450, packs=2)
    facts = (("pack", size("pack")), ("talon", size("talon")),
             ("on_foundations", on_foundations), ("vacancy", vacancy_fact))
    gives_up = False

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"f{j + 1}", FOUNDATION, family_label(j), "the Government")
                  for j in range(8)),
                *(Pile(f"{LETTERS[r]}{i + 1}", "pile", place(r, i), ROW_NAMES[r])
                  for r in range(ROWS - 1, -1, -1) for i in range(WIDTH)),
                Pile("pack", "stock", "the pack", face=DOWN), Pile("talon", "waste", "the talon"),
                Pile("court", "reserve",
                     "the Sovereign, the Bishops and the Judges; seven queens aside"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        aces = sorted((c for c in cards if rank_of(c) == ACE), key=lambda c: (suit_of(c), c))
        fams = aces[0::2] + aces[1::2]  # f1-f4 and f5-f8 by suit
        kings = [c for c in cards if rank_of(c) == KING]
        queens = [c for c in cards if rank_of(c) == QUEEN]
        sovereign = next(c for c in queens if suit_of(c) == DIAMONDS)
        court = (sovereign, *kings, *(q for q in queens if q != sovereign))
        rest = [c for c in cards if rank_of(c) not in (ACE, KING, QUEEN)]
        # "four horizontal rows (beginning with the lowest), each containing eight cards"
        laid = {self.pile_specs[at(r, i)].id: (rest[r * WIDTH + i],)
                for r in range(ROWS) for i in range(WIDTH)}
        return self.table({f"f{j + 1}": (c,) for j, c in enumerate(fams)} | laid
                          | {"pack": tuple(rest[ROWS * WIDTH:])[::-1], "court": court})

    def steps(self, t: Table) -> list[Step]:
        hole = vacancy(t)
        if hole is not None:
            r, k = hole
            a = LETTERS[r]
            if r == 0:
                # "from the talon, or, when there is no talon, from the pack"
                if talon_top(t.piles[TALON]) is None:
                    return [Step(f"d>p{k + 1}", DEAL, PACK, at(0, k))]
                return [Step(f"w>p{k + 1}", source=TALON, target=at(0, k))]
            return [Step(f"{LETTERS[r - 1]}{i + 1}>{a}{k + 1}", source=at(r - 1, i),
                         target=at(r, k)) for i in range(WIDTH) if t.piles[at(r - 1, i)]]
        fams = self.families(t)
        out = [Step(f"c{i + 1}>f{j + 1}", source=at(ROWS - 1, i), target=j)
               for i in range(WIDTH) if (c := available(t.piles[at(ROWS - 1, i)])) is not None
               and (j := to_play(GOVERNMENT, fams, c)) >= 0]
        for r in range(ROWS - 1):
            for i in range(WIDTH):
                if (c := available(t.piles[at(r, i)])) is not None:
                    on = ONTO[c & 63]
                    out += [Step(f"{LETTERS[r]}{i + 1}>{LETTERS[r + 1]}{k + 1}",
                                 source=at(r, i), target=at(r + 1, k))
                            for k in range(WIDTH) if (q := t.piles[at(r + 1, k)])
                            and q[-1] & 63 in on]
        if t.piles[PACK]:
            out.append(Step("t", DEAL, PACK, TALON))
        return out

    def goes_home(self, t: Table, pile: int) -> bool | None:
        if not 8 <= pile < PACK:
            return None
        c = available(t.piles[pile])  # the Privy Council's, with no vacancy to fill
        return pile < at(ROWS - 1, WIDTH) and c is not None \
            and to_play(GOVERNMENT, self.families(t), c) >= 0 and vacancy(t) is None

    def won(self, state: Table) -> bool:
        """Won when the eight foundations end with knaves (the court cards stay aside)."""
        return all(g.complete(f) for g, f in zip(GOVERNMENT, self.families(state), strict=True))

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return "the Government is complete: every foundation ends with a knave"
        return f"{on_foundations(self, state)} of 80 cards on the foundations; no move is left"

    def where(self, i: int) -> tuple[int, int]:
        """The row and place of pile ``i`` of the rows."""
        k = i - 8
        return ROWS - 1 - k // WIDTH, k % WIDTH

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        if s.code == "t":
            return "deal the next card of the pack onto the talon"
        if s.kind == DEAL:
            return f"fill {place(0, s.target - at(0, 0))} with the next card of the pack"
        c = t.piles[s.source][-1]
        where = "from the talon" if s.source == TALON else f"from {place(*self.where(s.source))}"
        if s.target < 8:
            return f"play {name(c)} {where} on {family_label(s.target)}"
        r, b = self.where(s.target)
        q = t.piles[s.target]
        if q:
            return f"place {name(c)} {where} on {name(q[-1])} of {place(r, b)}"
        return f"fill the vacancy of {place(r, b)} with {name(c)} {where}"

    def narrate(self, before: Table, move: Move, after: Table) -> str:
        if move.code == "t":
            return f"deal {name(before.piles[PACK][-1])} onto the talon"
        return super().narrate(before, move, after)


__all__ = ["BritishConstitution"]
