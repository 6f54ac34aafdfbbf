"""Open piles whose top card alone is used: the shared rules of Paternal, The Trios, The
Egyptian, Patience at St. Helena, La Belle Lucie (and its two Houses) and La Forteresse.

These games lay (nearly) every card face up in *piles*: only a pile's top card is
usable; it goes to a *family* (a foundation) or is *married* onto another pile's top
card; some games allow a card into an empty pile, grant one *draw* of a buried card,
re-deal the piles shuffled, or deal the pack out in rounds. Each is a
:class:`~rules.patience.Patience` whose table is its piles first (``p<code>``, kind
``pile``, group ``tableau``), then its families (``f1`` ..), then the pack where it has
one. Declared :func:`open_tableau`, it lists its moves with :func:`top_steps` from
three small predicates of its own (which family takes this card, may this card marry
that pile, may it go into that space) and says them with :func:`say_top`.

Move codes (context-free; pile and family codes are the game's own):

- ``<p>><k>``: the top of pile ``p`` to a family of kind ``k`` (``3>f``; St. Helena has
  ``a`` for the ascending families and ``k`` for the descending ones; La Belle Lucie
  with ace and king foundations has ``f<j>`` for the other foundation that takes the
  card when two do, ``3>f`` keeping the one it always named);
- ``<p>><q>``: the top of pile ``p`` onto pile ``q`` (a marriage, or into a space);
- ``d<card>><k>`` / ``d<card>><q>``: the draw: a buried card (``d7h>f``, ``d7h>5``);
- ``deal``: deal from the pack; ``redeal``: take up the piles, shuffle, lay them again
  (the cards taken up are sorted, then shuffled with the re-deal's own stream,
  :func:`gathered`);
- ``end``: give up ("no more moves"); the game counts as lost.

Legal moves are listed in this order: for each pile in the game's pile order, its top to
each kind of family, then onto each other pile in pile order; then the draws (piles in
order, each pile's buried cards bottom to top, families before piles); ``deal``;
``redeal``; ``end`` last.

Termination of play, random or not: ``end`` is always offered, and a pile-to-pile move
may not put back the card that the previous move carried onto the pile it came from
(``no_straight_back``: that move only restores the position before, which undo does
better). A move after which no move but ``end`` is left ends the game, lost. A deal is
never over before its first move (``end_at_deal``: the table shows every new deal as
playing): a laying that allows nothing offers ``end`` alone. The public fact ``status``
says which (:func:`STATUS`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TypeVar

from .building import family_for
from .cards import SUIT_SYMBOLS, Card, code, name
from .game import Move
from .patience import DOWN, FOUNDATION, HOME, Patience, Pile, Step, Table
from .shape import REDEAL
from .solo import reshuffle

#: Which family (0-based, in family order) takes card ``c`` from pile ``i`` as family
#: kind ``kind`` now, or -1: ``home(t, i, c, kind)``.
Home = Callable[[Table, int, Card, str], int]
#: Whether card ``c`` may go onto the (non-empty) pile ``j``: ``marries(t, c, j)``.
Marries = Callable[[Table, Card, int], bool]
#: Whether the empty pile ``j`` takes the top of pile ``i``: ``space(t, i, j)``.
Space = Callable[[Table, int, int], bool]

#: The pack, in the games that deal from one.
PACK = Pile("pack", "stock", "the pack", "pack", face=DOWN)


def piles(codes: Sequence[str], labels: Sequence[str]) -> tuple[Pile, ...]:
    """The open piles ``p<code>``, with their labels, in the game's pile order."""
    return tuple(Pile(f"p{c}", "pile", lab, "tableau") for c, lab in zip(codes, labels,
                                                                          strict=True))


def families(labels: Sequence[str]) -> tuple[Pile, ...]:
    """The families ``f1`` .. ``f<n>``, with their labels."""
    return tuple(Pile(f"f{i + 1}", FOUNDATION, lab, "families") for i, lab in enumerate(labels))


#: Cheney's four families, one a suit (♠ ♥ ♦ ♣), built up from the ace: laid last.
SUIT_FAMILIES = families([f"{s} family" for s in SUIT_SYMBOLS])


def up_in_suit(t: Table, i: int, c: Card, kind: str) -> int:
    """Which of :data:`SUIT_FAMILIES` (the table's last four piles) takes ``c``: the one
    of its suit, built up from the ace (:func:`rules.building.family_for`)."""
    return family_for(t.piles[-4:], c)


def STATUS(game: Patience, t: Table) -> str:
    """The public fact ``status``: ``play``, ``won``, ``lost`` (no move is left) or
    ``ended`` (given up)."""
    if t.given_up:
        return "ended"
    if game.won(t):
        return "won"
    return "play" if game.legal_moves(t, 0) else "lost"


G = TypeVar("G", bound=type[Patience])


def open_tableau(cls: G) -> G:
    """Declare the class an open tableau, as every game of this module is: its public
    facts ``status`` and ``on_families`` (besides the shell's re-deal and privilege
    counts), its summary's words ("31 of 52 cards on the families", "all 52 cards are on
    the families"), no move straight back, and a deal never over before its first move.
    """
    cls.facts = (("status", STATUS), ("on_families", HOME))
    cls.home_words, cls.won_words = "on the families", "are on the families"
    cls.no_straight_back = cls.end_at_deal = True
    return cls


def in_piles(cards: Sequence[Card], sizes: Sequence[int]) -> tuple[tuple[Card, ...], ...]:
    """Lay ``cards`` in order into piles of the given sizes (first card at the bottom)."""
    out, at = [], 0
    for n in sizes:
        out.append(tuple(cards[at : at + n]))
        at += n
    return tuple(out)


def threes(cards: Sequence[Card], n: int) -> tuple[tuple[Card, ...], ...]:
    """``cards`` in piles of three (the last may be short), padded to ``n`` piles."""
    out = [tuple(cards[i : i + 3]) for i in range(0, len(cards), 3)]
    return tuple(out) + ((),) * (n - len(out))


def suit_neighbours(t: Table, n: int, both: bool = True) -> dict[int, list[int]]:
    """The ``index`` of :func:`top_steps` for a marriage in suit one rank apart: the
    card one below each of the first ``n`` piles' tops (and with ``both`` one above),
    by identity (``card & 63``), to the non-empty piles, ascending, whose top takes it.
    Identities one apart are ranks one apart in one suit (:mod:`rules.cards`), and no
    card lies below an ace or above a king."""
    index: dict[int, list[int]] = {}
    steps = (1, -1) if both else (1,)
    for j, q in enumerate(t.piles[:n]):
        if q:
            for d in steps:
                index.setdefault((q[-1] & 63) - d, []).append(j)
    return index


def top_steps(t: Table, codes: Sequence[str], kinds: Sequence[str], home: Home,
              marries: Marries, space: Space | None = None, draws: bool = False,
              index: Mapping[int, list[int]] | None = None) -> list[Step]:
    """The moves of the piles' top cards (and of buried cards, with ``draws``: the
    privilege ``draw``), in the documented order; the game adds ``deal`` and ``redeal``.

    The piles are the table's first ``len(codes)``, its families the next ones.
    ``index`` (optional, for a game with many piles or buried cards to draw) says where
    each card may be married: the card's identity (``card & 63``) -> the non-empty
    piles, ascending, whose top takes it, the same answers as ``marries``
    (:func:`suit_neighbours` for a marriage in suit one rank apart)."""
    n = len(codes)
    tops = t.piles[:n]
    spaces = [j for j, q in enumerate(tops) if not q] if space is not None else []
    out = []
    for i, p in enumerate(tops):
        if not p:
            continue
        c = p[-1]
        out += [Step(f"{codes[i]}>{k}", source=i, target=n + f)
                for k in kinds if (f := home(t, i, c, k)) >= 0]
        spaced = [j for j in spaces if space is not None and space(t, i, j)]
        married = index.get(c & 63, []) if index is not None else \
            [j for j, q in enumerate(tops) if q and marries(t, c, j)]
        into = sorted(married + spaced) if spaced else married
        out += [Step(f"{codes[i]}>{codes[j]}", source=i, target=j) for j in into if j != i]
    if draws:
        for i, p in enumerate(tops):
            for k, c in enumerate(p[:-1]):
                d = "d" + code(c).lower()
                out += [Step(f"{d}>{kind}", source=i, target=n + f, at=k, uses="draw")
                        for kind in kinds if (f := home(t, i, c, kind)) >= 0]
                onto = index.get(c & 63, []) if index is not None else \
                    [j for j, q in enumerate(tops) if q and marries(t, c, j)]
                out += [Step(f"{d}>{codes[j]}", source=i, target=j, at=k, uses="draw")
                        for j in onto]
    return out


def home_from(t: Table, i: int, n: int, kinds: Sequence[str], home: Home,
              draws: bool = False) -> bool:
    """Whether :func:`top_steps` has a move home from pile ``i`` (of the first ``n``):
    its top card's, or with ``draws`` a buried card's (a game's
    :meth:`~rules.patience.Patience.goes_home`)."""
    p = t.piles[i] if i < n else ()
    cards = p if draws else p[-1:]
    return any(home(t, i, c, k) >= 0 for c in cards for k in kinds)


def gathered(game: Patience, t: Table, n: int) -> tuple[Card, ...]:
    """The cards of the first ``n`` piles taken up for a re-deal, shuffled with the
    re-deal's own stream (:func:`rules.solo.reshuffle`), first card first.

    Sorted first: the shuffle then hangs on which cards are left, not on how they lie,
    so taking a re-deal back and re-arranging the piles buys no second look at the
    shuffle (a re-deal that leaves everything face up is not a reveal, and may be
    undone where the game allows it)."""
    cards = sorted(c for p in t.piles[:n] for c in p)
    return reshuffle(t.seed, game.redeal_number(t), cards)


def relay(game: Patience, t: Table, n: int) -> Table:
    """The re-deal of Paternal and La Belle Lucie: the first ``n`` piles taken up and
    shuffled (:func:`gathered`), then laid in threes again, the last pile short; the
    families stay. Counted; a move as far as ``end_at_deal`` is concerned."""
    laid = threes(gathered(game, t, n), n)
    return replace(t, piles=(*laid, *t.piles[n:]), redeals=game.redeal_number(t),
                   played=True, back=None)


def top_safe(game: Patience, t: Table, codes: Sequence[str], home: Home,
             marries: Marries) -> tuple[Move, ...]:
    """A pile's top card to its family (kind ``f``), when that can lose nothing (the
    first such pile in pile order), in a one-pack game with one kind of family.

    Safe when no card left on the table may ever be married onto it (asked with the
    card alone on its pile, where a game's marriage rule is most lenient), the pack is
    dealt out and no re-deal is left. Then a winning line that leaves the card where it
    lies plays the same moves after it has gone home: nothing was ever put on it, the
    card under it is free sooner, and no deal or re-deal hangs on where it lay; the card
    itself only waited for its family (a one-pack game: it has one). A re-deal
    shuffles the cards left on the table, so while one is left the set of those cards
    decides the shuffle, and nothing is declared safe."""
    if t.given_up or game.packs != 1 or game.may_redeal(t) or not game.legal_moves(t, 0):
        return ()
    tops = t.piles[:len(codes)]
    table = [c for p in tops for c in p]
    for i, p in enumerate(tops):
        if not p or home(t, i, p[-1], "f") < 0:
            continue
        c = p[-1]
        alone = replace(t, piles=(*t.piles[:i], (c,), *t.piles[i + 1:]))
        if not any(d != c and marries(alone, d, i) for d in table):
            return (Move(f"{codes[i]}>f"),)
    return ()


def say_move(game: Patience, state: Table, move: Move) -> str:
    """A game's ``say`` (``say = say_move`` in its class body): :func:`say_top` of the
    move's step."""
    return say_top(game, state, game.step(state, move))


def say_top(game: Patience, t: Table, s: Step) -> str:
    """The sentence of a move of :func:`top_steps`, or of the re-deal."""
    if s.kind == REDEAL:
        return f"take up the piles, shuffle them and lay them out again {game.redeal_of(t)}"
    c = t.piles[s.source][s.taken(t)][0]
    src = game.label(t, game.pile_specs[s.source])
    drawn = s.at is not None
    what = f"draw {name(c)} from under the top of {src}" if drawn else f"{name(c)} from {src}"
    dst = game.pile_specs[s.target]
    where = game.label(t, dst)
    if dst.kind == FOUNDATION:
        return f"{what} and play it to the {where}" if drawn else f"play {what} to the {where}"
    q = t.piles[s.target]
    if q:
        onto = f"onto {name(q[-1])} on {where}"
        return f"{what} and marry it {onto}" if drawn else f"marry {what} {onto}"
    return f"move {what} into the empty {where}"


__all__ = ["PACK", "STATUS", "SUIT_FAMILIES", "Home", "Marries", "Space", "families", "gathered",
           "in_piles", "open_tableau", "piles", "relay", "say_move", "say_top", "threes",
           "top_safe", "top_steps", "up_in_suit"]
