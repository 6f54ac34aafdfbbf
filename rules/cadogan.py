"""Cadogan's terms, once: the predicates her games read with.

Source: Lady Adelaide Cadogan, *Illustrated Games of Patience*, ``001_6a582ee13e12f2a9.txt``
l.1-65 ("Explanation of the Tableaux" and "Explanation of Terms"); the revised edition
``004_1393f3e63b8ea02f.txt`` l.56-70 gives the same terms in a cleaner text. Rule sheet
``shared/games/cadogan.md``, "General conventions" G1-G13 and "Terms".

Each term is one small function or value here, and every Cadogan game module uses these
rather than its own copy:

- **Available** (l.14-19): "not 'blocked' by other cards, i.e. not forbidden by the
  particular rules of each game, to be used". The usual blocking of her games is that of a
  packet or column whose uppermost (last-laid) card alone is free ("the uppermost card of
  each packet is alone available", l.72; "no card can be used that has another below it",
  l.137): :func:`available` and :func:`available_cards`. A game whose rules block more
  (Le Shah's inner circles, La Forteresse's inner ends) says so itself.
- **Released** (l.21-23): "by the removal of the cards that blocked them, have now become
  available": :func:`released`, the card a removal uncovers.
- **Suitable** (l.25-27) and **to play** (l.61-63: "the placing them on the foundations in
  contradistinction to placing them elsewhere"): a :class:`Foundation` says what its base
  card is, which way it runs, whether it follows suit, where it stops;
  :meth:`Foundation.suitable` whether a card may be played on it now, :func:`takers`
  every foundation that takes a card (the player's choice where there are several), and
  :func:`to_play` the first of them, for a game in which no choice can arise. Playing is
  never compulsory unless a game says so (sheet G5).
- **Foundation cards** (l.29-31): "generally aces and kings": :data:`ACES_UP` and
  :data:`KINGS_DOWN` are the two usual kinds.
- **Marriage** (l.33-37): "the placing a card of the same suit on the next one above or
  below it in value. Any number may be placed on each other in this way":
  :func:`marries`. A game says which *line*: "in a descending line" is read (sheet G1,
  PROPOSED) as a card going on the card of its suit one higher, so that the pile runs
  down from its bottom card (:data:`DESCENDING`); "ascending" the other way; "both" either.
  Marriages move one card at a time: no rule of the book moves a built sequence whole, and
  the book explains how to *reverse* a sequence card by card through a lane (l.277-285).
- **Sequence** (l.39-45): "ace to king, or ... king to ace; a sequence need not be of one
  suit": :func:`in_sequence` (rank only). Aces are low, and nothing wraps from king to ace
  unless a game says so.
- **Lane** (l.53-55): "an empty space in the tableau, which has been formed by the removal
  of an entire row of cards": :func:`is_lane` and :func:`lanes`.
- **Talon** (l.57-59): "cards which, being unsuitable at the moment, are laid aside in one
  or more packets till they can come into use". Only its top card is available
  (:func:`talon_top`). "From the talon, or, when there is no talon, from the pack" is
  :func:`talon_or_pack` (sheet G6: the talon's top if it has cards, else the next card of
  the pack).
- **Re-deal** (l.65): "these are always in addition to the original deal", so "two
  re-deals" are three deals in all: :func:`deals_in_all`; the re-deals left are counted
  by the solo shell (:meth:`rules.solo.SoloGame.may_redeal`).

Cards are the ints of :mod:`rules.cards`; a pile is a tuple, its last card uppermost.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .cards import ACE, KING, Card, rank_of, suit_of
from .common import step_rank

Pile = tuple[Card, ...]
#: The direction of a marriage: "in a descending line" (a card onto the one above it in
#: value), "in an ascending line" (onto the one below it), or both.
Line = Literal["descending", "ascending", "both"]
DESCENDING: Line = "descending"
ASCENDING: Line = "ascending"
BOTH: Line = "both"


# --- Available and released -------------------------------------------------------------

def available(pile: Sequence[Card]) -> Card | None:
    """The available card of a packet or column: its uppermost card, or ``None`` for an
    empty one (l.72-74, l.134-137)."""
    return pile[-1] if pile else None


def available_cards(piles: Sequence[Sequence[Card]]) -> list[tuple[int, Card]]:
    """``(index, card)`` for each pile's available card, in pile order."""
    return [(i, p[-1]) for i, p in enumerate(piles) if p]


def outermost(places: Sequence[Sequence[Card]]) -> int:
    """In a column or ray of places (each a card and the cards married onto it), dealt
    from the first, the index of the last occupied place, whose top card is the
    available one; -1 when all are empty (Le Blocus, Le Shah)."""
    for k in range(len(places) - 1, -1, -1):
        if places[k]:
            return k
    return -1


def released(before: Sequence[Card], after: Sequence[Card]) -> Card | None:
    """The card that the removal of cards from the top of ``before`` (leaving ``after``)
    has released, or ``None`` when nothing was removed or nothing is left (l.21-23)."""
    if len(after) >= len(before) or not after:
        return None
    return after[-1]


# --- Marriage and sequence --------------------------------------------------------------

def marries(card: Card, onto: Card, line: Line = DESCENDING) -> bool:
    """``card`` may be married onto ``onto``: the same suit and the next value above
    (``descending``: the pile runs down) or below (``ascending``), or either (``both``);
    aces low, no wrap (l.33-37; sheet G1)."""
    # Identities (suit * 16 + rank) one apart are the same suit and the next rank: the
    # ranks 1-13 of two suits are at least four apart.
    d = (onto & 63) - (card & 63)
    if line == DESCENDING:
        return d == 1
    if line == ASCENDING:
        return d == -1
    return d == 1 or d == -1


def in_sequence(below: Card, above: Card, line: Line = DESCENDING) -> bool:
    """``above`` follows ``below`` in a sequence, of any suit (l.39-45)."""
    d = rank_of(below) - rank_of(above)
    if line == DESCENDING:
        return d == 1
    if line == ASCENDING:
        return d == -1
    return d in (1, -1)


# --- Foundations, suitable cards and "to play" ------------------------------------------

@dataclass(frozen=True, slots=True)
class Foundation:
    """One foundation: its base card's rank, the way it runs (``step`` +1 ascends, -1
    descends, or more for a game that counts), whether it follows suit (and which suit
    when the place is fixed), whether it goes round from king to ace, and where it stops:
    at the rank ``last`` or after ``size`` cards (the default: the 13th card)."""

    base: int = ACE
    step: int = 1
    follow_suit: bool = True
    suit: int | None = None
    last: int | None = None
    size: int | None = None
    wrap: bool = False

    def complete(self, pile: Sequence[Card]) -> bool:
        """Whether the foundation has reached its end and takes no more cards."""
        if not pile:
            return False
        if self.size is not None:
            return len(pile) >= self.size
        if self.last is not None:
            return rank_of(pile[-1]) == self.last
        return len(pile) >= 13

    def suitable(self, pile: Sequence[Card], card: Card) -> bool:
        """``card`` may be played on this foundation now (l.25-27, l.61-63)."""
        if not pile:
            return rank_of(card) == self.base and (
                self.suit is None or suit_of(card) == self.suit)
        top = pile[-1]
        if self.follow_suit and (card ^ top) & 48:
            return False
        if step_rank(top & 15, self.step, wrap=self.wrap) != card & 15:
            return False
        return not self.complete(pile)


#: The usual foundation cards (l.29-31): aces ascending to kings, kings descending to
#: aces, each following suit.
ACES_UP = Foundation()
KINGS_DOWN = Foundation(base=KING, step=-1)


def suited(kind: Foundation, n: int, first: int = 0) -> tuple[Foundation, ...]:
    """``n`` foundations of ``kind`` whose places are kept by suit: foundation ``i``
    takes suit ``(first + i) % 4`` (spades, hearts, diamonds, clubs; two of each with two
    packs). The first ace (king) of a suit to be played starts its foundation (sheet
    G4)."""
    return tuple(Foundation(kind.base, kind.step, kind.follow_suit, (first + i) % 4,
                            kind.last, kind.size, kind.wrap) for i in range(n))


def to_play(kinds: Sequence[Foundation], piles: Sequence[Sequence[Card]], card: Card) -> int:
    """The one foundation (0-based) that ``card`` goes on in a game where no choice can
    arise, or -1: the first foundation under way that takes it, else the first empty one
    (they are alike). Always one of :func:`takers` (the first under way among them, else
    their first); a game whose foundations may both take a card offers them all."""
    empty = -1
    for i, (kind, pile) in enumerate(zip(kinds, piles, strict=True)):
        if kind.suitable(pile, card):
            if pile:
                return i
            if empty < 0:
                empty = i
    return empty


def takers(kinds: Sequence[Foundation], piles: Sequence[Sequence[Card]], card: Card
           ) -> tuple[int, ...]:
    """Every foundation (0-based, in foundation order) that ``card`` may be played on now:
    the player's choice, which the book never makes (l.61-63).

    Two foundations may take the same card: the ace foundation of a suit at the four and
    its king foundation at the six both take a five; an ace may start its own (empty)
    ace foundation or end the king foundation of its suit that is down to the deuce
    (sheet G4: the first ace played starts its foundation, its twin ends the other).
    An empty foundation is therefore offered beside those under way, not only when none
    of them takes the card (as :func:`to_play` does).

    Foundations that are alike (the same kind, as many cards, the same top card: two
    empty ones of a kind, or a suit's two ace foundations both at the four) are offered
    once, the first of them: which one gets the card changes nothing."""
    out: list[int] = []
    seen: set[tuple[Foundation, int, int]] = set()
    for i, (kind, pile) in enumerate(zip(kinds, piles, strict=True)):
        if kind.suitable(pile, card):
            # the top's suit matters only to a foundation that follows suit
            top = pile[-1] & (63 if kind.follow_suit else 15) if pile else -1
            key = (kind, len(pile), top)
            if key not in seen:
                seen.add(key)
                out.append(i)
    return tuple(out)


def foundations_complete(kinds: Sequence[Foundation], piles: Sequence[Sequence[Card]]
                         ) -> bool:
    """Every foundation has reached its end: the patience has succeeded (sheet G13)."""
    return all(k.complete(p) for k, p in zip(kinds, piles, strict=True))


# --- Lanes, talon, re-deals -------------------------------------------------------------

def is_lane(pile: Sequence[Card]) -> bool:
    """A lane: a place of the tableau emptied by the removal of its entire row
    (l.53-55)."""
    return not pile


def lanes(piles: Sequence[Sequence[Card]]) -> tuple[int, ...]:
    """The lanes of a tableau (0-based indices), in order."""
    return tuple(i for i, p in enumerate(piles) if not p)


def talon_top(talon: Sequence[Card]) -> Card | None:
    """The talon's one available card, its top (l.57-59), or ``None``."""
    return talon[-1] if talon else None


def talon_or_pack(talon: Pile, pack: Pile) -> tuple[Card, Pile, Pile] | None:
    """"From the talon, or, when there is no talon, from the pack" (sheet G6): the card
    taken and the talon and pack left (packs have their top last), or ``None`` when both
    are empty."""
    if talon:
        return talon[-1], talon[:-1], pack
    if pack:
        return pack[-1], talon, pack[:-1]
    return None


def deals_in_all(redeals: int) -> int:
    """Re-deals "are always in addition to the original deal" (l.65)."""
    return redeals + 1


__all__ = [
    "ACES_UP", "ASCENDING", "BOTH", "DESCENDING", "KINGS_DOWN", "Foundation", "Line", "Pile",
    "available", "available_cards", "deals_in_all", "foundations_complete", "in_sequence",
    "is_lane", "lanes", "marries", "outermost", "released", "suited",
    "takers", "talon_or_pack", "talon_top", "to_play",
]
