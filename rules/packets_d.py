"""Shared machinery of group D's one-player foundation games (Cheney, *Patience*).

Legitimist, Blockade, Nivernaise, Duchess of Luynes and Picture are all one-player
games in which cards leave the table only for the *families* (foundations) and can never
come back, and in which every privilege (a re-deal, a draw) is counted. So each game has
a finite number of moves, and a game that is not won ends, lost, exactly when no move is
left. :class:`SoloPatience` gives them that common shell; each game supplies
``moves(state)`` (its legal moves in its documented order) and ``cards_home(state)``.

The four "ace and king" games (all but Legitimist) share the eight families of
:class:`AceKing`: ``f1``-``f4`` are built up from the aces of spades, hearts, diamonds and
clubs, ``f5``-``f8`` down from the kings of the same suits, following suit. In a two-pack
game the first ace (king) of a suit to be played starts its family; the second is an
ordinary card that ends the opposite family of its suit.

Cheney calls a face-up pile of cards that could not be used a *stock* (glossary,
``000`` l.3300-3305); the games here show such piles wholly face up (every card in it was
seen when it was put there), and keep the undealt *pack* face down.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

from .cards import KING, SUIT_NAMES, Card, rank_of, suit_of
from .common import next_in_suit
from .game import Game, Move, Outcome, Seat, Zone
from .prng import Rng

S = TypeVar("S")

Families = tuple[tuple[Card, ...], ...]
EMPTY8: Families = ((),) * 8
REDEAL = Move("redeal")


class SoloPatience(Game[S], Generic[S]):
    """A one-player patience that is lost when no move is left.

    Subclasses give ``moves`` (the legal moves, game not won) and ``cards_home``; the
    last state's moves are remembered, since ``to_move``, ``outcome`` and
    ``legal_moves`` all need them.
    """

    seats = 1
    seat_names: ClassVar[tuple[str, ...]] = ("player",)

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self._memo: tuple[object, tuple[Move, ...]] | None = None

    def moves(self, state: S) -> tuple[Move, ...]:
        raise NotImplementedError

    def cards_home(self, state: S) -> int:
        """How many cards lie in the families."""
        raise NotImplementedError

    def _moves(self, state: S) -> tuple[Move, ...]:
        memo = self._memo
        if memo is not None and memo[0] is state:
            return memo[1]
        found = () if self.cards_home(state) == 52 * self.packs else self.moves(state)
        self._memo = (state, found)
        return found

    def to_move(self, state: S) -> tuple[Seat, ...]:
        return (0,) if self._moves(state) else ()

    def legal_moves(self, state: S, seat: Seat) -> tuple[Move, ...]:
        return self._moves(state) if seat == 0 else ()

    def outcome(self, state: S) -> Outcome | None:
        total = 52 * self.packs
        home = self.cards_home(state)
        if home == total:
            return Outcome(True, f"all {total} cards in the families", (0,))
        if self._moves(state):
            return None
        return Outcome(False, f"{home} of {total} cards in the families; no move is left")


# -- the eight families of the ace and king games ---------------------------------------


def family_name(i: int) -> str:
    """``"the ace family of spades"`` for ``f1`` (index 0)."""
    kind = "ace" if i < 4 else "king"
    return f"the {kind} family of {SUIT_NAMES[i % 4]}"


def family_targets(fams: Families, c: Card) -> list[int]:
    """The families (0-based) that ``c`` may be played on, ascending ones first."""
    out = []
    suit, rank = suit_of(c), rank_of(c)
    for i in (suit, suit + 4):
        fam = fams[i]
        if len(fam) == 13:
            continue
        if not fam:
            if rank == (1 if i < 4 else KING):
                out.append(i)
        elif next_in_suit(fam[-1], c, 1 if i < 4 else -1):
            out.append(i)
    return out


def add(fams: Families, i: int, c: Card) -> Families:
    return (*fams[:i], fams[i] + (c,), *fams[i + 1:])


def family_zones(fams: Families) -> list[Zone]:
    return [
        Zone(f"f{i + 1}", "foundation", fam, len(fam), label=family_name(i),
             group="aces" if i < 4 else "kings")
        for i, fam in enumerate(fams)
    ]


def home(fams: Families) -> int:
    return sum(len(f) for f in fams)


def to_family_codes(prefix: str, c: Card, fams: Families) -> list[Move]:
    """``prefix>f<i>`` for every family ``c`` fits."""
    return [Move(f"{prefix}>f{i + 1}") for i in family_targets(fams, c)]


# -- small helpers ------------------------------------------------------------------------


def replace_at(seq: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return (*seq[:i], value, *seq[i + 1:])


def reshuffle(seed: int, stream: int, cards: Sequence[Card]) -> tuple[Card, ...]:
    """``cards`` shuffled by sub-stream ``stream`` of the deal's seed (a re-deal)."""
    return Rng.from_seed(seed, stream).shuffled(cards)[0]


def split_code(code: str) -> tuple[str, int | None, str, int | None]:
    """``"p3>f2"`` as ``("p", 3, "f", 2)``; ``"w>f1"`` as ``("w", None, "f", 1)``."""
    src, _, dst = code.partition(">")
    return (*_place(src), *_place(dst))


def _place(text: str) -> tuple[str, int | None]:
    i = 0
    while i < len(text) and text[i].isalpha():
        i += 1
    return text[:i], (int(text[i:]) if text[i:] else None)


def pack_zone(cards: tuple[Card, ...], label: str = "the pack") -> Zone:
    """The undealt pack, face down; its last card is dealt first."""
    return Zone("pack", "stock", cards, 0, label=label)


__all__ = [
    "EMPTY8", "REDEAL", "Families", "SoloPatience", "add", "family_name",
    "family_targets", "family_zones", "home", "pack_zone", "replace_at", "reshuffle",
    "split_code", "to_family_codes",
]
