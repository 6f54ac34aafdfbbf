"""Families (foundations) of Cheney's one-player games, and the shell those games share.

Legitimist, Blockade, Nivernaise, Duchess of Luynes and Picture are all one-player
games in which cards leave the table only for the *families* (foundations) and can never
come back, and in which every privilege (a re-deal, a draw) is counted. So each game has
a finite number of moves, and a game that is not won ends, lost, exactly when no move is
left. :class:`FamilyGame` is that shell, on :class:`rules.solo.SoloGame`: the game is won
when every card lies in the families. Each game supplies ``moves``, ``play`` and ``say``
as a :class:`~rules.solo.SoloGame` does.

The four "ace and king" games (all but Legitimist) share the eight families of
:class:`AceKingGame`: ``f1``-``f4`` are built up from the aces of spades, hearts,
diamonds and clubs, ``f5``-``f8`` down from the kings of the same suits, following suit.
In a two-pack game the first ace (king) of a suit to be played starts its family; the
second is an ordinary card that ends the opposite family of its suit.

Cheney calls a face-up pile of cards that could not be used a *stock* (glossary,
``000`` l.3300-3305); the games here show such piles wholly face up (every card in it was
seen when it was put there), and keep the undealt *pack* face down.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from .cards import KING, SUIT_NAMES, Card, name, rank_of, suit_of
from .common import REDEAL, next_in_suit
from .game import Move, Option, Zone
from .solo import SoloGame, reshuffle

Families = tuple[tuple[Card, ...], ...]
EMPTY8: Families = ((),) * 8
#: Deal the next card of the pack; turn the next card of the pack onto the stock; take
#: the cards up and deal them again.
DEAL, TURN = Move("d"), Move("s")
#: No card: an empty place in a row of single cards (every card is above 0).
NO_CARD = 0


class FamilyState(Protocol):
    """What the shell reads from a state: the families and the undealt pack (top last)."""

    @property
    def families(self) -> Families: ...

    @property
    def pack(self) -> tuple[Card, ...]: ...


FS = TypeVar("FS", bound=FamilyState)


class FamilyGame(SoloGame[FS]):
    """A one-player patience from Cheney's book, won when every card is in the families,
    lost when no move is left."""

    def cards_home(self, state: FS) -> int:
        """How many cards lie in the families."""
        return home(state.families)

    def won(self, state: FS) -> bool:
        return self.cards_home(state) == 52 * self.packs

    def summary(self, state: FS, won: bool) -> str:
        total = 52 * self.packs
        if won:
            return f"all {total} cards in the families"
        return f"{self.cards_home(state)} of {total} cards in the families; no move is left"


class AceKingGame(FamilyGame[FS]):
    """A family game on the eight ace and king families (``f1``-``f8``).

    The table shows the families first, then the game's own zones (``table_zones``);
    its public facts are the pack's size, the game's own facts (``facts``) and the number
    of cards in the families.
    """

    @abstractmethod
    def table_zones(self, state: FS) -> list[Zone]:
        """The zones after the families, in order."""

    def zones(self, state: FS) -> tuple[Zone, ...]:
        return (*family_zones(state.families), *self.table_zones(state))

    def facts(self, state: FS) -> dict[str, Any]:
        """The game's public facts between the pack and the families."""
        return {}

    def public(self, state: FS) -> dict[str, Any]:
        return {"pack": len(state.pack), **self.facts(state),
                "in_families": home(state.families)}

    def taken_up(self, seed: int, k: int, cards: Sequence[Card]) -> tuple[Card, ...]:
        """Cards taken up for the ``k``-th re-deal, re-shuffled (sub-stream ``k``) when
        the game's ``shuffle`` option says so, else as they come."""
        return reshuffle(seed, k, cards) if self.option("shuffle") else tuple(cards)


def shuffle_option(what: str) -> Option:
    """Option ``shuffle`` (off by default): re-shuffle ``what``."""
    return Option("shuffle", False, f"re-shuffle {what}", choices=(False, True))


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


def family_plays(fams: Families, prefix: str, cards: Sequence[Card]) -> list[Move]:
    """``<prefix><k>>f<j>`` for each card ``k`` (1-based; ``NO_CARD`` skipped) and each
    family ``j`` it fits, in that order."""
    return [Move(f"{prefix}{k + 1}>f{j + 1}") for k, c in enumerate(cards) if c
            for j in family_targets(fams, c)]


def from_pack(pack: tuple[Card, ...], move: Move, may_redeal: bool) -> list[Move]:
    """``move`` (deal or turn) while the pack lasts; once it is out, ``redeal`` if
    ``may_redeal``."""
    if pack:
        return [move]
    return [REDEAL] if may_redeal else []


def to_family_codes(prefix: str, c: Card, fams: Families) -> list[Move]:
    """``prefix>f<i>`` for every family ``c`` fits."""
    return [Move(f"{prefix}>f{i + 1}") for i in family_targets(fams, c)]


def tops(piles: Sequence[tuple[Card, ...]]) -> tuple[Card, ...]:
    """The top card of each pile, ``NO_CARD`` for an empty one."""
    return tuple(p[-1] if p else NO_CARD for p in piles)


def play_on_family(c: Card, where: str, j: int) -> str:
    """``"play 7♠ from the stock on the ace family of spades"`` (``j`` 1-based)."""
    return f"play {name(c)} {where} on {family_name(j - 1)}"


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


__all__ = [
    "DEAL", "EMPTY8", "NO_CARD", "REDEAL", "TURN", "AceKingGame", "Families", "FamilyGame",
    "FamilyState", "add", "family_name", "family_plays", "family_targets", "family_zones",
    "from_pack", "home",
    "play_on_family", "shuffle_option", "to_family_codes", "tops",
]
