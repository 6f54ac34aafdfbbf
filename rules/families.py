"""The eight ace and king families (foundations) shared by many games of the books.

``f1``-``f4`` are built up from the aces of spades, hearts, diamonds and clubs,
``f5``-``f8`` down from the kings of the same suits, following suit (Picture, Blockade,
Rank and File, the Nivernaises and the Duchesses of Luynes, Reversible Sequences; the
fifteen columns of :mod:`rules.fifteens` play to them too). In a two-pack game the first
ace (king) of a suit to be played starts its family; the second is an ordinary card that
ends the opposite family of its suit. Here are their names, which family a card fits,
and the ``shuffle`` option of the games whose re-deal may re-shuffle the cards taken up.
"""

from __future__ import annotations

from .cards import KING, SUIT_NAMES, Card, name, rank_of, suit_of
from .game import Option

Families = tuple[tuple[Card, ...], ...]
EMPTY8: Families = ((),) * 8


def shuffle_option(what: str) -> Option:
    """Option ``shuffle`` (off by default): re-shuffle ``what``."""
    return Option("shuffle", False, f"re-shuffle {what}", choices=(False, True))


def family_name(i: int) -> str:
    """``"the ace family of spades"`` for ``f1`` (index 0)."""
    kind = "ace" if i < 4 else "king"
    return f"the {kind} family of {SUIT_NAMES[i % 4]}"


def family_targets(fams: Families, c: Card) -> list[int]:
    """The families (0-based) that ``c`` may be played on, ascending ones first."""
    out = []
    suit, rank = suit_of(c), rank_of(c)
    up, down = fams[suit], fams[suit + 4]  # (a family holds cards of its suit only)
    if (rank == 1) if not up else (len(up) < 13 and rank_of(up[-1]) + 1 == rank):
        out.append(suit)
    if (rank == KING) if not down else (len(down) < 13 and rank_of(down[-1]) - 1 == rank):
        out.append(suit + 4)
    return out


def play_on_family(c: Card, where: str, j: int) -> str:
    """``"play 7♠ from the stock on the ace family of spades"`` (``j`` 1-based)."""
    return f"play {name(c)} {where} on {family_name(j - 1)}"


__all__ = ["EMPTY8", "Families", "family_name", "family_targets", "play_on_family",
           "shuffle_option"]
