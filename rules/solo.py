"""The shell shared by the one-player patiences, and their small zone and pack helpers.

A one-player patience subclasses :class:`SoloGame` and supplies five small functions:

- ``moves(state)``: the legal moves (without ``auto``) in the game's documented order;
- ``play(state, move)``: a new state after a legal move (other than ``auto``);
- ``won(state)``: whether the game has been won (it then ends at once);
- ``summary(state, won)``: the sentence that says how it ended;
- ``say(state, move)``: the sentence for a move (other than ``auto`` and ``end``).

:class:`SoloGame` turns these into the :class:`~rules.game.Game` interface: one seat, the
game ends when it is won or when no move is left, and a game of chance (its description
says ``chance=True``) offers :data:`rules.common.AUTO` as its last legal move, which plays
the first legal move again and again to the end (:func:`rules.common.autoplay`).

Giving up is written once, here. A game whose cards may go round for ever offers
:data:`rules.common.END` (give up; the game counts as lost) as its last move where it
allows it, most often through :func:`with_end` (after every other move, so that a
position with none is over by itself), and its state has the field
``given_up: bool = False``. The shell plays ``end`` (it sets ``given_up``), says it
(``end_said``), and treats a state given up as over: no move is left, and the game's
``summary`` reads ``state.given_up`` to say why.

Re-deals are counted once, here. A game whose privilege is to take its cards up and lay
them out again a fixed number of times (a *re-deal*, whatever the book calls it: a
re-lay, a turn of the stock) says how many in the class attribute ``redeals_allowed``
(or overrides :meth:`SoloGame.max_redeals` when an option decides), and keeps the count
in the state field ``redeals: int`` (0 at the deal). The shell answers the questions
about the count: :meth:`~SoloGame.may_redeal` (one is left), :meth:`~SoloGame.redeals_left`,
:meth:`~SoloGame.redeal_number` (the number of the re-deal being taken: its shuffle's
sub-stream ``k`` for :func:`reshuffle`, and the state's ``redeals`` after it), the public
fact ``redeals_left`` (:meth:`~SoloGame.redeal_facts`, which the game's ``public`` puts
among its facts) and the end of the move's sentence, ``"(re-deal 1 of 2)"``
(:meth:`~SoloGame.redeal_of`, in the game's own word ``redeal_word``). The game says only
*how* it re-deals (what is gathered, shuffled or not, and when it may, besides the count).

The other one-off privileges are counted once, here, too: the draw of one card, laying
off three cards from the stock's bottom, the first card moved to the end of the line,
the exchange of two cards, and the like. A game says which it grants and how often in
the class attribute ``privileges_allowed``, a mapping from each privilege's name to the
times it may be used (``{"draw": 1}``; or overrides :meth:`SoloGame.max_privileges`
when an option decides), and keeps the names of the uses so far in the state field
``privileges_used: tuple[str, ...]`` (``()`` at the deal; one name for each use). The
shell answers: :meth:`~SoloGame.may_use_privilege` (one of that name is left),
:meth:`~SoloGame.privileges_left`, :meth:`~SoloGame.privilege_count`,
:meth:`~SoloGame.use_privilege` (the state's ``privileges_used`` after one more use) and
the public fact ``privileges_left`` (:meth:`~SoloGame.privilege_facts`: the number left
of each by name, ``{"draw": 1}``, so the table says which privilege is left). The
game says only *what* its privilege does and when it may be used besides the count; the
moves' sentences stay the game's (the books' privileges have no common wording). A
privilege that is a standing rule rather than a counted one-off (one that may be used
whenever its occasion comes, as Honors' draw from each three laid off, Le Shah's grace or
Le Moulin's transfers) is no count and stays in its game.

Packs in a state are tuples whose *last* card is the top, the next card to be dealt, so
a pack is already a :class:`~rules.game.Zone`'s cards (bottom to top). :func:`pack_of`
turns the ``cards`` given to ``layout`` (first card dealt first) into one.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar, TypeVar, cast

from .cards import Card, name
from .common import AUTO, END, autoplay
from .game import Game, Move, Outcome, Seat, Zone
from .prng import Rng

S = TypeVar("S")

#: A place in a layout that may be empty.
Place = Card | None


class SoloGame(Game[S]):
    """A one-player patience: ends when won, given up, or when no move is left."""

    #: The last position asked about and its legal moves (see :meth:`_legal`).
    _memo: tuple[object, tuple[Move, ...]] | None = None
    #: The sentence for ``end`` (give up), in a game that offers it.
    end_said = "give up: no more moves (the game counts as lost)"
    #: How many re-deals the game allows (0: it has none); see :meth:`max_redeals`.
    redeals_allowed: ClassVar[int] = 0
    #: The option that says how many re-deals the game allows, where one does.
    redeals_option: ClassVar[str] = ""
    #: What one re-deal is called in its move's sentence: ``"(re-deal 1 of 2)"``.
    redeal_word: ClassVar[str] = "re-deal"
    #: The one-off privileges the game grants, by name, and how many times each may be
    #: used (empty: none); see :meth:`max_privileges`.
    privileges_allowed: ClassVar[Mapping[str, int]] = {}

    @abstractmethod
    def moves(self, state: S) -> tuple[Move, ...]:
        """The legal moves other than ``auto``, in the documented order (``end`` last,
        where the game offers it); asked only while the game is neither won nor given
        up."""

    @abstractmethod
    def play(self, state: S, move: Move) -> S:
        """The state after ``move`` (a legal move other than ``auto`` and ``end``)."""

    @abstractmethod
    def won(self, state: S) -> bool:
        """Whether the game has been won."""

    @abstractmethod
    def summary(self, state: S, won: bool) -> str:
        """How the finished game ended, in a sentence."""

    def given_up(self, state: S) -> bool:
        """Whether the player has given up (played ``end``): the state's ``given_up``,
        in a game that offers ``end``."""
        return getattr(state, "given_up", False) is True

    # -- re-deals ------------------------------------------------------------------

    def max_redeals(self) -> int:
        """How many re-deals a game allows: :attr:`redeals_allowed`, or as its option
        :attr:`redeals_option` says."""
        if self.redeals_option:
            return int(self.option(self.redeals_option))
        return self.redeals_allowed

    def redeals_used(self, state: S) -> int:
        """How many re-deals have been taken: the state's ``redeals``."""
        return int(getattr(state, "redeals", 0))

    def redeals_left(self, state: S) -> int:
        """How many re-deals are left."""
        return self.max_redeals() - self.redeals_used(state)

    def may_redeal(self, state: S) -> bool:
        """Whether the count allows another re-deal (the game adds when it may)."""
        return self.redeals_used(state) < self.max_redeals()

    def redeal_number(self, state: S) -> int:
        """The number ``k`` of the re-deal taken now (1 for the first): the state's
        ``redeals`` after it, and the sub-stream of its shuffle (:func:`reshuffle`)."""
        return self.redeals_used(state) + 1

    def redeal_facts(self, state: S) -> dict[str, int]:
        """The public fact ``redeals_left``, in a game that allows re-deals (nothing in
        one that does not); the game's ``public`` puts it among its facts."""
        return {"redeals_left": self.redeals_left(state)} if self.max_redeals() else {}

    def redeal_of(self, state: S) -> str:
        """The end of a re-deal's sentence: ``"(re-deal 1 of 2)"``, in the game's own
        word (:attr:`redeal_word`)."""
        return f"({self.redeal_word} {self.redeal_number(state)} of {self.max_redeals()})"

    # -- privileges ----------------------------------------------------------------

    def max_privileges(self) -> Mapping[str, int]:
        """The privileges a game grants and how many times each: :attr:`privileges_allowed`,
        unless the game reads them from an option."""
        return self.privileges_allowed

    def privileges_used(self, state: S) -> tuple[str, ...]:
        """The names of the privileges used so far, one for each use: the state's
        ``privileges_used``."""
        return tuple(getattr(state, "privileges_used", ()))

    def _privilege(self, kind: str | None) -> str:
        if kind is not None:
            return kind
        (only,) = self.max_privileges()
        return only

    def privilege_count(self, state: S, kind: str | None = None) -> int:
        """How many times privilege ``kind`` (the game's only one when ``None``) has been
        used."""
        return self.privileges_used(state).count(self._privilege(kind))

    def privileges_left(self, state: S, kind: str | None = None) -> int:
        """How many uses of privilege ``kind`` (the game's only one when ``None``) are
        left; 0 for a privilege the game does not grant."""
        kind = self._privilege(kind)
        return self.max_privileges().get(kind, 0) - self.privilege_count(state, kind)

    def may_use_privilege(self, state: S, kind: str | None = None) -> bool:
        """Whether the count allows another use of privilege ``kind`` (the game's only one
        when ``None``); the game adds when it may be used."""
        return self.privileges_left(state, kind) > 0

    def use_privilege(self, state: S, kind: str | None = None) -> tuple[str, ...]:
        """The state's ``privileges_used`` after one more use of privilege ``kind`` (the
        game's only one when ``None``)."""
        return (*self.privileges_used(state), self._privilege(kind))

    def privilege_facts(self, state: S) -> dict[str, Any]:
        """The public fact ``privileges_left``, in a game that grants privileges (nothing in
        one that does not): the number left of each, by name (``{"draw": 1}``), so a
        player reads which privilege is left, not only how many; the game's ``public``
        puts it among its facts."""
        limits = self.max_privileges()
        if not limits:
            return {}
        return {"privileges_left": {kind: self.privileges_left(state, kind) for kind in limits}}

    def _legal(self, state: S) -> tuple[Move, ...]:
        # A one-entry memo: outcome, to_move and legal_moves all ask about the same
        # position in turn. It is the one mutable slot of an otherwise pure game, and it
        # is safe although one game instance serves many rooms: the moves are a pure
        # function of the state (options are fixed at construction); states are frozen;
        # the memo holds the state itself, so the identity test cannot match a new object
        # that reuses a dead one's id; and the slot is read once and replaced by one
        # assignment of a fresh tuple, so a reader never sees half an update (no await
        # can come between, and even a thread would see the old pair or the new one).
        # The worst another room can do is evict the entry, which costs a recomputation.
        memo = self._memo
        if memo is not None and memo[0] is state:
            return memo[1]
        if self.won(state) or self.given_up(state):
            found: tuple[Move, ...] = ()
        else:
            found = self.moves(state)
        if found and self.description.chance:
            found = (*found, AUTO)
        self._memo = (state, found)
        return found

    def to_move(self, state: S) -> tuple[Seat, ...]:
        return (0,) if self._legal(state) else ()

    def legal_moves(self, state: S, seat: Seat) -> tuple[Move, ...]:
        return self._legal(state) if seat == 0 else ()

    def outcome(self, state: S) -> Outcome | None:
        if self._legal(state):
            return None
        won = self.won(state)
        return Outcome(won, self.summary(state, won), (0,) if won else ())

    def safe_moves(self, state: S) -> tuple[Move, ...]:
        """The game's own safe moves (:meth:`family_safe`, none by default), else the
        only move when there is one (``auto`` plays it; ``end`` gives up, which never
        wins): every line that wins from here begins with it, so it cannot lose."""
        own = self.family_safe(state)
        if own:
            return own
        moves = [m for m in self._legal(state) if m != AUTO and m != END]
        return (moves[0],) if len(moves) == 1 else ()

    def family_safe(self, state: S) -> tuple[Move, ...]:
        """Moves of this game that can never lose a winnable position (a card to its
        family that nothing can need), each legal now; see
        :meth:`rules.game.Game.safe_moves`. Default: none."""
        return ()

    def apply_unchecked(self, state: S, move: Move) -> S:
        if move == AUTO:
            return autoplay(self, state, 0)
        if move == END:
            return cast(S, replace(cast(Any, state), given_up=True))
        return self.play(state, move)

    def describe(self, state: S, move: Move) -> str:
        if move == AUTO:
            return "play on by itself to the end"
        if move == END:
            return self.end_said
        return self.say(state, move)

    def narrate(self, before: S, move: Move, after: S) -> str:
        """The move's sentence, and the cards it turned up (face up now, so fair to name)."""
        said = self.describe(before, move)
        if move == AUTO:
            return said
        hidden = {c for z in self.zones(before) for c in z.face_down}
        shown = [c for z in self.zones(after) for c in z.face_up if c in hidden]
        return f"{said}: {names_of(shown)}" if shown else said

    @abstractmethod
    def say(self, state: S, move: Move) -> str:
        """A sentence for a move other than ``auto`` and ``end``, naming no face-down
        card."""


def with_end(moves: Sequence[Move]) -> tuple[Move, ...]:
    """``moves`` and then ``end``; nothing when there is no other move."""
    return (*moves, END) if moves else ()


def pack_of(cards: Sequence[Card]) -> tuple[Card, ...]:
    """A pack (top last) from cards in dealing order (first card dealt first)."""
    return tuple(reversed(cards))


def reshuffle(seed: int, stream: int, cards: Sequence[Card]) -> tuple[Card, ...]:
    """``cards`` shuffled by sub-stream ``stream`` of the deal's seed (a re-deal), in the
    shuffle's order (first card first)."""
    return Rng.from_seed(seed, stream).shuffled(cards)[0]


def shuffled_pack(cards: Sequence[Card], seed: int, stream: int) -> tuple[Card, ...]:
    """``cards`` shuffled by sub-stream ``stream`` of ``seed``, as a pack (top last)."""
    return pack_of(reshuffle(seed, stream, cards))


def replace_at(seq: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    """``seq`` with item ``i`` replaced by ``value``."""
    return (*seq[:i], value, *seq[i + 1:])


def fill(places: Sequence[Place], pack: tuple[Card, ...], order: Sequence[int] | None = None
         ) -> tuple[tuple[Place, ...], tuple[Card, ...]]:
    """Fill the empty places (in ``order``, else index order) from the top of ``pack``."""
    out = list(places)
    for i in order if order is not None else range(len(out)):
        if not pack:
            break
        if out[i] is None:
            out[i], pack = pack[-1], pack[:-1]
    return tuple(out), pack


def numbers(code: str) -> list[int]:
    """The 1-based numbers of a move code: ``"p3-17"`` -> ``[3, 17]``."""
    return [int(t) for t in code[1:].split("-")]


def split_code(code: str) -> tuple[str, int | None, str, int | None]:
    """``"p3>f2"`` as ``("p", 3, "f", 2)``; ``"w>f1"`` as ``("w", None, "f", 1)``."""
    src, _, dst = code.partition(">")
    return (*_place(src), *_place(dst))


def back_of(code: str) -> str:
    """The code that moves the same cards straight back: ``"3t1>t5"`` -> ``"3t5>t1"``
    (for a game that keeps that code to forbid it; on the model, ``no_straight_back``)."""
    src, _, dst = code.partition(">")
    count = src[: len(src) - len(src.lstrip("0123456789"))]
    return f"{count}{dst}>{src[len(count):]}"


def _place(text: str) -> tuple[str, int | None]:
    i = 0
    while i < len(text) and text[i].isalpha():
        i += 1
    return text[:i], (int(text[i:]) if text[i:] else None)


def place_zones(places: Sequence[Place], prefix: str, label: str, group: str,
                kind: str = "cell") -> list[Zone]:
    """One face-up zone per place, ``<prefix>1`` .. ``<prefix>n``."""
    return [
        Zone(f"{prefix}{i + 1}", kind, () if c is None else (c,), 1,
             label=f"{label} {i + 1}", group=group)
        for i, c in enumerate(places)
    ]


def pack_zone(pack: tuple[Card, ...], zone_id: str = "pack", label: str = "the pack"
              ) -> Zone:
    """The undealt pack, face down."""
    return Zone(zone_id, "stock", pack, 0, label=label)


def open_zone(zone_id: str, kind: str, cards: tuple[Card, ...], label: str,
              group: str = "") -> Zone:
    """A pile whose cards have all been seen (every card face up)."""
    return Zone(zone_id, kind, cards, len(cards), label=label, group=group)


def names_of(cards: Sequence[Card]) -> str:
    """``"7♠, 7♥ and 7♦"``."""
    ns = [name(c) for c in cards]
    return ns[0] if len(ns) == 1 else ", ".join(ns[:-1]) + " and " + ns[-1]


__all__ = [
    "Place", "SoloGame", "back_of", "fill", "names_of", "numbers", "open_zone", "pack_of",
    "pack_zone", "place_zones", "replace_at", "reshuffle", "shuffled_pack", "split_code",
    "with_end",
]
