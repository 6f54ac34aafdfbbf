"""Cards as small ints, and the packs the books use.

A card is an ``int`` with three fields::

    bits 0-3   rank   1 (ace) .. 13 (king)
    bits 4-5   suit   0 spades, 1 hearts, 2 diamonds, 3 clubs
    bits 6-7   pack   0 .. 3 (which physical pack of a two- or four-pack game)

So ``card(1, SPADES)`` is 1 (A♠ of the first pack) and ``card(13, CLUBS, pack=1)`` is
``64 + 48 + 13``. Cards of different packs are different cards: card conservation is
checked on them. Two cards are *twins* when they differ only in pack.

Every card has a context-free text code (``"AS"``, ``"TH"``, ``"10H"`` is accepted on
input) used on the wire and in logs, and a display name with a suit symbol (``"A♠"``,
``"10♥"``). Neither shows the pack: a player cannot tell two packs apart on the table, and
the view that a client sees never needs to.

The suit order ♠ ♥ ♦ ♣ is the order in which the packs are built and printed; it carries
no rule meaning.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

Card = int

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
SUITS = (SPADES, HEARTS, DIAMONDS, CLUBS)
SUIT_LETTERS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
ACE, JACK, QUEEN, KING = 1, 11, 12, 13
RANKS = tuple(range(1, 14))
RANK_CODES = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
RANK_NAMES = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_WORDS = (
    "", "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "knave", "queen", "king",
)
#: Ranks of the 32-card euchre or piquet pack: seven to king, and the ace.
EUCHRE_RANKS = (1, 7, 8, 9, 10, 11, 12, 13)


def card(rank: int, suit: int, pack: int = 0) -> Card:
    """Make a card from its rank (1-13), suit (0-3) and pack (0-3)."""
    if not (1 <= rank <= 13 and 0 <= suit <= 3 and 0 <= pack <= 3):
        raise ValueError(f"no such card: rank {rank}, suit {suit}, pack {pack}")
    return pack << 6 | suit << 4 | rank


def rank_of(c: Card) -> int:
    return c & 15


def suit_of(c: Card) -> int:
    return (c >> 4) & 3


def pack_of(c: Card) -> int:
    return c >> 6


def is_red(c: Card) -> bool:
    return suit_of(c) in (HEARTS, DIAMONDS)


def identity(c: Card) -> Card:
    """The card without its pack: twins have the same identity."""
    return c & 63


def code(c: Card) -> str:
    """Context-free text code: ``"AS"``, ``"TH"``, ``"KC"``."""
    return RANK_CODES[rank_of(c)] + SUIT_LETTERS[suit_of(c)]


#: Every card's :func:`code`, by the card (a look-up where a view names many cards).
CODES: dict[Card, str] = {card(r, s, p): code(card(r, s, p)) for p in range(4)
                          for s in SUITS for r in RANKS}


def name(c: Card) -> str:
    """Display name with a suit symbol: ``"A♠"``, ``"10♥"``."""
    return RANK_NAMES[rank_of(c)] + SUIT_SYMBOLS[suit_of(c)]


def parse(text: str, pack: int = 0) -> Card:
    """Read a card from its code or its name (``"AS"``, ``"10h"``, ``"Q♠"``)."""
    t = text.strip().upper()
    if len(t) < 2:
        raise ValueError(f"not a card: {text!r}")
    rank_text, suit_text = t[:-1], t[-1]
    suit = SUIT_LETTERS.find(suit_text)
    if suit < 0:
        suit = SUIT_SYMBOLS.find(suit_text)
    if rank_text == "10":
        rank_text = "T"
    if suit < 0 or rank_text not in RANK_CODES[1:]:
        raise ValueError(f"not a card: {text!r}")
    return card(RANK_CODES.index(rank_text), suit, pack)


def cards(text: str, pack: int = 0) -> tuple[Card, ...]:
    """Read several cards separated by spaces: ``cards("3C 5D 7H")``."""
    return tuple(parse(t, pack) for t in text.split())


def standard_pack(pack: int = 0) -> tuple[Card, ...]:
    """One 52-card pack, ♠ A-K, ♥ A-K, ♦ A-K, ♣ A-K."""
    return tuple(card(r, s, pack) for s in SUITS for r in RANKS)


def euchre_pack(pack: int = 0) -> tuple[Card, ...]:
    """The 32-card euchre or piquet pack: seven to king and the ace of each suit."""
    return tuple(card(r, s, pack) for s in SUITS for r in EUCHRE_RANKS)


@functools.cache
def packs(n: int, *, euchre: bool = False) -> tuple[Card, ...]:
    """``n`` packs (1, 2 or 4) one after another; each card knows its pack. (Kept once
    made: a tuple never changes, and the solver asks for the pack at every position.)"""
    if n not in (1, 2, 3, 4):
        raise ValueError(f"between one and four packs, not {n}")
    make = euchre_pack if euchre else standard_pack
    return tuple(c for p in range(n) for c in make(p))


def names(cs: Iterable[Card]) -> str:
    return " ".join(name(c) for c in cs)
