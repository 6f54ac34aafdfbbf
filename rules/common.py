"""Small shared building rules and helpers for the games of the books.

Predicates, not a hierarchy: a game module composes them so that it reads like its rule
sheet ("follows suit, one higher, king wraps to ace").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from .cards import Card, is_red, rank_of, suit_of
from .game import Game, Move, Seat

S = TypeVar("S")

#: The moves every game spells the same way. ``auto``: a game of pure chance plays on by
#: itself to the end; ``redeal``: take the cards up and lay them out again (a privilege
#: the game counts); ``end``: give up, the game counts as lost (offered by games whose
#: cards may go round for ever, so that play always ends).
AUTO = Move("auto")
REDEAL = Move("redeal")
END = Move("end")


def step_rank(rank: int, step: int = 1, *, wrap: bool = False, ranks: int = 13) -> int | None:
    """``rank + step``; past the king it wraps to the ace when ``wrap``, else ``None``."""
    r = rank + step
    if 1 <= r <= ranks:
        return r
    if not wrap:
        return None
    return (r - 1) % ranks + 1


def follows(below: Card, above: Card, step: int = 1, *, wrap: bool = False) -> bool:
    """``above`` may go on ``below`` as the next card of a sequence by ``step``
    (negative steps build down)."""
    return step_rank(rank_of(below), step, wrap=wrap) == rank_of(above)


def same_suit(a: Card, b: Card) -> bool:
    return suit_of(a) == suit_of(b)


def same_colour(a: Card, b: Card) -> bool:
    return is_red(a) == is_red(b)


def alternate_colour(a: Card, b: Card) -> bool:
    return is_red(a) != is_red(b)


def next_in_suit(below: Card, above: Card, step: int = 1, *, wrap: bool = False) -> bool:
    """A marriage or a foundation build: same suit and the next rank by ``step``."""
    return same_suit(below, above) and follows(below, above, step, wrap=wrap)


def onto_table(goes_on: Callable[[Card, Card], bool]) -> dict[int, frozenset[int]]:
    """A rule of which card goes on which (``goes_on(card, onto)``, on suit and rank
    only), made once into a table: each card's identity (``card & 63``) -> the
    identities it goes on. A game looks a card up instead of asking the rule of every
    pair of piles at every position, where that was most of a search's time."""
    ids = [suit << 4 | rank for suit in range(4) for rank in range(1, 14)]
    return {a: frozenset(b for b in ids if goes_on(a, b)) for a in ids}


def autoplay(game: Game[S], state: S, seat: Seat, limit: int = 100_000) -> S:
    """Play the first legal move (other than ``auto``) again and again until the game
    ends: what ``auto`` does in a game with no choices."""
    for _ in range(limit):
        if game.outcome(state) is not None:
            return state
        moves = [m for m in game.legal_moves(state, seat) if m != AUTO]
        if not moves:
            return state
        state = game.apply_unchecked(state, moves[0])
    raise RuntimeError(f"{game.id}: auto-play did not finish")


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


__all__ = [
    "AUTO", "END", "REDEAL", "alternate_colour", "autoplay", "follows", "next_in_suit", "ordinal",
    "same_colour", "same_suit", "step_rank",
]
