"""The shared rules a patience is built from: small predicates and deal shapes.

A game on the model (:mod:`rules.patience`) composes these so that it reads like its
rule sheet: a column takes a card one lower of the other colour (:func:`alt_down`), a
family is built up in suit from the ace (:func:`family_for`), the deal is Klondike's
triangle (:func:`triangle`). The card-level predicates (follow suit, alternate colour,
step by n, wrap from king to ace) are :mod:`rules.common`'s; this module holds what
piles and families add to them.

- Families by suit: family ``i`` takes suit ``i % 4`` (spades, hearts, diamonds, clubs;
  two of each in a two-pack game), built up by one from a base rank (the ace, or the
  first card's rank), going round the corner from king to ace when ``wrap``. A card is
  offered to the first family of its suit that takes it.
- Marriages: ``alt_down`` (a card one lower of the other colour) and ``suit_down``.
- Runs (:func:`run_length`, :func:`run_moves`): the cards on top of a pile that already
  lie in marriage order and may move together (Fooliana, Staircase).
- Shifts last (:func:`shifts_last`): moves that only carry cards from pile to pile are
  listed after the others, so that first-legal play goes round in circles less often.
- Safe moves (:func:`safe_home`): a card to its family when no card off the families
  can ever be married onto it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from .cards import SUIT_NAMES, Card, name, rank_of, suit_of
from .common import step_rank
from .game import Move

Pile = tuple[Card, ...]
Piles = tuple[Pile, ...]
Fits = Callable[[Card, Card], bool]


def alt_down(c: Card, onto: Card) -> bool:
    """``c`` may be married onto ``onto``: one lower and of the other colour.

    (On the bits of :func:`rules.cards.card`, inlined: the solver asks this most. Rank
    is the low four bits; a suit's two bits differ exactly for hearts and diamonds.)"""
    return (onto & 15) == (c & 15) + 1 and ((c ^ c >> 1 ^ onto ^ onto >> 1) >> 4) & 1 == 1


def suit_down(c: Card, onto: Card) -> bool:
    """``c`` may be married onto ``onto``: one lower, same suit (bits inlined, as
    :func:`alt_down`)."""
    return (onto & 15) == (c & 15) + 1 and (c ^ onto) & 48 == 0


def next_by(top: Card, step: int, c: Card) -> bool:
    """``c`` goes next on a pile whose top card is ``top``, built up by ``step`` whatever
    the suit, round past the king to the ace, until a king closes it (the piles of
    calculation: Musical, Louise's Game, Bethel)."""
    r = rank_of(top)
    return r != 13 and step_rank(r, step, wrap=True) == rank_of(c)


def family_for(fams: Sequence[Pile], c: Card, base: int = 1, wrap: bool = False) -> int:
    """The first family (0-based) of ``c``'s suit that takes ``c`` now, or -1."""
    for i in range(suit_of(c), len(fams), 4):
        f = fams[i]
        if len(f) == 13:
            continue
        if (not f and rank_of(c) == base) or (
                f and step_rank(rank_of(f[-1]), 1, wrap=wrap) == rank_of(c)):
            return i
    return -1


def family_label(i: int, base: int = 1) -> str:
    """``"the spades family"``, ``"the hearts family from the seven"``."""
    start = "" if base == 1 else f" from the {name_rank(base)}"
    return f"the {SUIT_NAMES[i % 4]} family{start}"


def name_rank(r: int) -> str:
    return ("", "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine",
            "ten", "knave", "queen", "king")[r]


def onto(c: Card, pile: Pile, where: str) -> str:
    """``"onto 8♠ on column 3"``, or ``"into the empty column 3"``."""
    return f"onto {name(pile[-1])} on {where}" if pile else f"into the empty {where}"


def safe_home(legal: Sequence[Move], candidates: Iterable[tuple[str, Card]], every: Pile,
              families: Sequence[Pile], fits: Fits) -> tuple[Move, ...]:
    """Those of ``candidates`` (a move's code playing a card to its family, and the
    card) that are legal and that no card off the ``families`` (of ``every`` card of
    the game) other than an ace may ever be married onto (``fits(d, c)``), in order.

    Why that is safe, in a one-pack game whose families take each card in one place and
    take an ace whenever it can move: a line that wins from here leaves the card where
    it lies, or carries it about, until it goes home; nothing is ever put on it but an
    ace, which could as well have gone home, so the same line without those moves (an
    ace sent home instead) wins after the card has gone home now (the cards under it are
    free sooner, a space it leaves takes nothing it must). Each game says what else it
    must rule out (a pack turned in threes, a re-deal) before it calls this.
    """
    home = {c for f in families for c in f}
    off = [d for d in every if d not in home and rank_of(d) != 1]
    out = []
    for code, c in candidates:
        m = Move(code)
        if m in legal and not any(fits(d, c) for d in off):
            out.append(m)
    return tuple(out)


def shifts_last(moves: Sequence[str], is_shift: Callable[[str], bool]) -> list[str]:
    """``moves`` with the mere shifts after the others, each group in its order.

    A shift only carries cards from pile to pile: it plays no card to a family, turns
    none up, makes no space and takes nothing from the pack or stock. Listed after
    dealing, shifts are what first-legal play (and auto-play) tries last, so that it
    goes round in circles less often."""
    return [m for m in moves if not is_shift(m)] + [m for m in moves if is_shift(m)]


# -- runs ------------------------------------------------------------------------------

def run_length(pile: Pile, up: int, fits: Fits) -> int:
    """How many top cards of ``pile`` (of which ``up`` lie face up) form a run, each
    married onto the one below it (``fits``), and so may move together (Fooliana,
    Staircase)."""
    n = 1 if pile and up else 0
    while n < min(up, len(pile)) and fits(pile[-n], pile[-n - 1]):
        n += 1
    return n


def run_code(n: int, prefix: str, i: int, dst: str) -> str:
    """``"<prefix><i+1>>dst"`` for one card, ``"<n><prefix><i+1>>dst"`` for ``n``."""
    return f"{'' if n == 1 else n}{prefix}{i + 1}>{dst}"


def run_moves(piles: Piles, ups: Sequence[int], prefix: str) -> list[str]:
    """Every run move onto another pile in an alternate-colour game: the top ``k`` cards
    of pile ``i`` (``k`` within its run) onto pile ``j`` whose top card takes the deepest
    of them. In a run the ``k``-th card from the top is ``k - 1`` above the top card, so
    only one ``k`` can fit each pile."""
    out = []
    for i, p in enumerate(piles):
        if not p:
            continue
        n, low = run_length(p, ups[i], alt_down), rank_of(p[-1])
        for j, q in enumerate(piles):
            k = rank_of(q[-1]) - low if q and j != i else 0
            if 1 <= k <= n and alt_down(p[-k], q[-1]):
                out.append(run_code(k, prefix, i, f"{prefix}{j + 1}"))
    return out


def take_run(code: str, prefix: str) -> tuple[int, int]:
    """``(n, i)`` of a run move's source: ``"3r2"`` -> ``(3, 1)``, ``"r2"`` -> ``(1, 1)``."""
    at = code.index(prefix)
    return int(code[:at] or 1), int(code[at + 1:]) - 1


# -- deal shapes -------------------------------------------------------------------------

def triangle(cards: Sequence[Card], columns: int) -> tuple[Piles, tuple[int, ...], int]:
    """Klondike's triangle: row ``r`` starts with a face-up card at place ``r`` and fills
    the places to its right face down. ``(columns, face-down counts, cards used)``."""
    cols: list[list[Card]] = [[] for _ in range(columns)]
    k = 0
    for r in range(columns):
        for j in range(r, columns):
            cols[j].append(cards[k])
            k += 1
    return tuple(tuple(c) for c in cols), tuple(range(columns)), k


def turn_up(piles: Piles, down: tuple[int, ...], i: int) -> tuple[int, ...]:
    """Face-down counts after column ``i`` lost cards: its new top card is turned up."""
    n = min(down[i], max(len(piles[i]) - 1, 0))
    return (*down[:i], n, *down[i + 1:])


__all__ = ["Fits", "Pile", "Piles", "alt_down", "family_for", "family_label", "name_rank",
           "next_by", "onto", "run_code", "run_length", "run_moves", "safe_home", "shifts_last",
           "suit_down", "take_run", "triangle", "turn_up"]
