"""What a game is, as one frozen value: the books it comes from and its description.

Every game class declares one :class:`Description`: its id and title, the book and the
lines of the book's text it follows, its packs and seats, how much skill the book says it
takes, whether it is a game of pure chance, a bound on its length, and, for a variant the
book names, its parent and the options it fixes. The registry, ``sympathy games``, the
server's game list, the conformance suite and the client all read it; nothing else about
a game is declared as loose class attributes (:class:`rules.game.Game` refuses them).

A game module declares it in a few lines::

    @register
    class Musical(SoloGame[MusicalState]):
        description = Description(
            id="musical", title="Musical", book=CHENEY, lines="910-961",
            skill="chance", chance=True, bound=200)

and a variant the book names is its parent with some options fixed (no code of its own)::

    variant(Solitaire, Description(
        id="solitaire_aces_first", title="Solitaire, aces taken out first", book=CHENEY,
        lines="600-659", skill="some", bound=400, variant_of="solitaire",
        fixed={"aces_first": True, "follow_suit": False}))

:class:`Book` knows each source text's file and the page of each of its lines (from the
running heads of the scan, "28 PATERNAL."), so a description can cite pages as a reader
of the printed book would.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

OptionValue = int | str | bool
Skill = Literal["chance", "little", "some", "much"]
SKILLS: tuple[Skill, ...] = ("chance", "little", "some", "much")

#: A page of the scans holds about this many lines of text; used where a page's running
#: head was lost in the scan.
PAGE_LINES = 24


@dataclass(frozen=True, slots=True)
class Book:
    """A source text: who wrote it, its title, and its file in the project's seeds."""

    key: str
    #: How a citation names it: ``"Cheney, Patience (3rd ed., 1894)"``.
    short: str
    author: str
    title: str
    seed: str
    #: ``(line, page)`` of each running head the scan kept, in order of lines.
    heads: tuple[tuple[int, int], ...] = ()

    def page(self, line: int) -> int | None:
        """The printed page of ``line`` of the text, or ``None`` when the scan does not
        say (before the first running head, or a book whose heads were lost).

        A running head is the first line of its page; a page whose head was lost is
        counted from the head before it, a page's worth of lines later (a chapter's
        first page has no head: the page before the first head).
        """
        lines = [h[0] for h in self.heads]
        i = bisect_right(lines, line) - 1
        if i < 0:
            near = self.heads and self.heads[0][0] - line <= PAGE_LINES
            return self.heads[0][1] - 1 if near else None
        at, page = self.heads[i]
        extra = (line - at) // PAGE_LINES
        if i + 1 < len(self.heads):
            extra = min(extra, self.heads[i + 1][1] - page - 1)
        return page + extra


CHENEY = Book(
    "cheney", "Cheney, Patience (3rd ed., 1894)", "Mrs. E. D. Cheney",
    "Patience: a Series of Games with Cards", "000_afc193f70d23752d.txt",
    ((621, 18), (644, 19), (666, 20), (688, 21), (712, 22), (721, 23), (743, 24), (766, 25),
     (790, 26), (798, 27), (821, 28), (845, 29), (869, 30), (879, 31), (908, 33), (931, 34),
     (967, 36), (990, 37), (1012, 38), (1036, 39), (1051, 40), (1082, 43), (1102, 44),
     (1125, 45), (1148, 46), (1166, 47), (1188, 48), (1199, 49), (1224, 50), (1246, 51),
     (1269, 52), (1293, 53), (1324, 55), (1347, 56), (1370, 57), (1386, 58), (1408, 59),
     (1425, 60), (1446, 61), (1454, 62), (1477, 63), (1501, 64), (1524, 65), (1545, 66),
     (1571, 69), (1592, 70), (1615, 71), (1635, 72), (1680, 74), (1703, 75), (1723, 76),
     (1745, 77), (1757, 78), (1781, 81), (1804, 82), (1811, 83), (1834, 84), (1858, 85),
     (1875, 86), (1898, 87), (1931, 89), (1952, 90), (1975, 91), (1989, 92), (2012, 93),
     (2028, 94), (2051, 95), (2075, 96), (2098, 97), (2122, 98), (2134, 99), (2179, 101),
     (2190, 102), (2213, 103), (2233, 104), (2258, 105), (2282, 106), (2307, 107),
     (2320, 108), (2342, 109), (2366, 110), (2399, 112), (2412, 113), (2462, 115),
     (2487, 116), (2501, 117), (2524, 118), (2550, 119), (2566, 120), (2591, 121),
     (2615, 122), (2627, 123), (2651, 124), (2665, 125), (2688, 126), (2713, 127),
     (2727, 128), (2750, 129), (2764, 130), (2787, 131), (2809, 132), (2824, 133),
     (2847, 134), (2872, 135), (2895, 136), (2915, 137), (2939, 138), (2949, 139),
     (2971, 140), (2994, 141), (3018, 142), (3033, 143), (3058, 144), (3078, 145),
     (3103, 146), (3121, 147), (3145, 148), (3159, 149), (3182, 150), (3213, 151),
     (3237, 152)),
)
# The Cadogan scan kept too few running heads to number its pages.
CADOGAN = Book("cadogan", "Cadogan, Illustrated Games of Patience",
               "Lady Adelaide Cadogan", "Illustrated Games of Patience",
               "001_6a582ee13e12f2a9.txt")
VINTAGE = Book("vintage", "Vintage Card Games (web pages)", "", "Vintage Card Games",
               "002_e65e08a38c98e317.txt")
HOYLE = Book("hoyle", "Hoyle, solitaire chapter (early 1900s)", "", "Hoyle",
             "003_589c967ab98c43e6.txt")
CADOGAN_REVISED = Book("cadogan_revised", "Cadogan, Illustrated Games of Patience (revised)",
                       "Lady Adelaide Cadogan", "Illustrated Games of Patience",
                       "004_1393f3e63b8ea02f.txt")
BOOKS: tuple[Book, ...] = (CHENEY, CADOGAN, VINTAGE, HOYLE, CADOGAN_REVISED)

_RANGE = re.compile(r"^(\d+)(?:-(\d+))?$")


def line_ranges(lines: str) -> tuple[tuple[int, int], ...]:
    """``"801-865, 3324-3330"`` as ``((801, 865), (3324, 3330))``; raises ``ValueError``."""
    out = []
    for part in lines.split(","):
        m = _RANGE.match(part.strip().removeprefix("l."))
        if not m:
            raise ValueError(f"lines {lines!r}: {part.strip()!r} is not N or N-M")
        lo = int(m.group(1))
        hi = int(m.group(2) or lo)
        if hi < lo:
            raise ValueError(f"lines {lines!r}: {lo}-{hi} runs backwards")
        out.append((lo, hi))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Description:
    """What a game is (not how it plays): one frozen value per registered game."""

    #: Registry id, ``snake_case``: ``"sympathy"``.
    id: str
    title: str
    book: Book
    #: The lines of the book's text the game follows: ``"801-876"``, ``"1595-1632,
    #: 3324-3330"`` (the first range is the game's own section).
    lines: str
    #: The skill the book says the game takes (or the catalog's judgement where it is
    #: silent): chance (little or no real choice), little, some, much.
    skill: Skill
    #: At most this many moves end any game (``None``: cards may go round for ever, and
    #: players or random play give up; the conformance suite plays to this depth).
    bound: int | None
    #: Packs of 52 (or of 32 when ``euchre``).
    packs: int = 1
    euchre: bool = False
    seat_names: tuple[str, ...] = ("player",)
    #: Whether the seats win or lose together (all of the books' games so far).
    cooperative: bool = True
    #: A game of pure chance: the player has no choice worth making, and the game offers
    #: ``auto`` (play on by itself to the end) beside its moves.
    chance: bool = False
    aliases: tuple[str, ...] = ()
    #: The parent game's id when this game is a variant the book itself names, and the
    #: options the variant fixes (the variant is its parent with these options).
    variant_of: str | None = None
    fixed: Mapping[str, OptionValue] = field(default_factory=dict)
    #: A layout hint for clients: "rows", "clock", "grid", "twins", ...
    layout: str = "rows"
    #: Whether legal moves may be shown to everyone (false when they would show a hand).
    moves_public: bool = True
    #: A round game (competitive, private hands, a match of deals): the fewest and most
    #: seats a table may have. The game then offers the option ``players`` and each table
    #: has that many seats, named by the first ``players`` of :attr:`seat_names`.
    #: ``None``: the table always has ``len(seat_names)`` seats.
    seats_range: tuple[int, int] | None = None
    #: Calls race in real time (Snap): several seats may move at once, and the first call
    #: to reach the room's sequencer wins (see :meth:`rules.game.Game.is_call`).
    realtime: bool = False
    #: The ace ranks above the king (All Fours, Speculation); else below the deuce. A
    #: round game's view says its order (``ranks``), by which clients sort a hand.
    aces_high: bool = False

    def __post_init__(self) -> None:
        if not re.fullmatch(r"[a-z][a-z0-9_]*", self.id):
            raise ValueError(f"game id {self.id!r} is not snake_case")
        if self.skill not in SKILLS:
            raise ValueError(f"{self.id}: skill must be one of {', '.join(SKILLS)}")
        line_ranges(self.lines)
        if not self.seat_names:
            raise ValueError(f"{self.id}: a game has at least one seat")
        if (self.variant_of is None) != (not self.fixed):
            raise ValueError(f"{self.id}: a variant names its parent and fixes options; "
                             "a game that is not a variant fixes none")
        if self.bound is not None and self.bound < 1:
            raise ValueError(f"{self.id}: bound must be positive")
        if self.seats_range is not None:
            lo, hi = self.seats_range
            if not 1 <= lo <= hi <= len(self.seat_names):
                raise ValueError(f"{self.id}: seats_range {self.seats_range} must lie within "
                                 f"1..{len(self.seat_names)} (one name per possible seat)")
            if self.cooperative:
                raise ValueError(f"{self.id}: a game with a range of seats is a round game "
                                 "(cooperative=False)")

    @property
    def seats(self) -> int:
        """The most seats a table of this game may have."""
        return len(self.seat_names) if self.seats_range is None else self.seats_range[1]

    @property
    def min_seats(self) -> int:
        """The fewest seats a table of this game may have."""
        return len(self.seat_names) if self.seats_range is None else self.seats_range[0]

    @property
    def line_ranges(self) -> tuple[tuple[int, int], ...]:
        return line_ranges(self.lines)

    @property
    def source(self) -> str:
        """The seed file and lines: ``"000_afc193f70d23752d.txt l.801-876"``."""
        return f"{self.book.seed} " + ", ".join(
            f"l.{lo}-{hi}" if hi != lo else f"l.{lo}" for lo, hi in self.line_ranges)

    @property
    def pages(self) -> str:
        """The printed pages of the game's own section: ``"pp. 27-30"``, ``"p. 47"``, or
        ``""`` when the scan does not number them."""
        lo, hi = self.line_ranges[0]
        first, last = self.book.page(lo), self.book.page(hi)
        if first is None or last is None:
            return ""
        return f"p. {first}" if first == last else f"pp. {first}-{last}"

    @property
    def citation(self) -> str:
        """``"Cheney, Patience (3rd ed., 1894), pp. 27-30 (l.801-876)"``."""
        where = ", ".join(f"{lo}-{hi}" if hi != lo else f"{lo}" for lo, hi in self.line_ranges)
        pages = f", {self.pages}" if self.pages else ""
        return f"{self.book.short}{pages} (l.{where})"


__all__ = ["BOOKS", "CADOGAN", "CADOGAN_REVISED", "CHENEY", "HOYLE", "SKILLS", "VINTAGE",
           "Book", "Description", "OptionValue", "Skill", "line_ranges"]
