"""The one interface every game of the books implements.

A :class:`Game` is the rules of one game with its options chosen; a *state* is a frozen
value (each game defines its own dataclass) and every method is a pure function of its
arguments. A game module supplies:

- ``layout(cards, seed)``: lay out a shuffled pack (``deal(seed)`` shuffles and calls it;
  tests call it with a stacked pack to play the books' worked examples as written);
- ``to_move(state)``: the seats that may move now;
- ``legal_moves(state, seat)``: the moves of that seat, in a documented deterministic
  order that hints, tests and replays lean on;
- ``apply_unchecked(state, move)``: the fast path; :meth:`Game.apply` checks first;
- ``outcome(state)``: ``None`` while the game goes on;
- ``zones(state)``: every card of the game, in named zones with how many of each zone's
  top cards lie face up. This is the only way the table leaves the rules:
  :func:`rules.view.render` turns zones into what an audience may see;
- ``describe(state, move)``: a sentence for a move ("turn up the top of pile 7");
- ``shape(state, move, seat, audience)``: what the move does to the table, as a
  :class:`Shape` (its kind, the zone it leaves, the zone it goes to, the cards it moves as
  ``audience`` may see them), so that a client points at places instead of reading words.
  The default finds it from the zones before and after the move; a patience on the model
  (:mod:`rules.patience`) answers from its piles.

Private information is modelled per seat: a zone may belong to a seat and be *private*
(a hand), so that its face-up cards are shown to that seat alone.

A game may also declare *safe moves* (:meth:`Game.safe_moves`): moves that can never
turn a winnable position into a lost one. The solver plays them without trying anything
else, and a table with the ``autodrop`` option plays them by itself.

A move *reveals* when it leaves fewer cards hidden than before (turning a card up,
dealing from the stock face up). :meth:`Game.reveals` derives that from the zones; a game
names its other *irreversible* moves (a shuffle) in :meth:`Game.irreversible`. Undo never
steps back past either unless the table allows it.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from . import prng
from .cards import Card, packs
from .description import Description, OptionValue
from .errors import BadOptions, GameOver, IllegalMove, NotYourTurn
from .shape import AUTO_PLAY, GIVE_UP, Shape, from_zones

Seat = int
#: Who a view is for: a seat, or ``None`` for a watcher (and for advisors: they see what
#: a watcher sees).
Audience = Seat | None
#: A sentence told to one seat about a move, and the cards it names (:meth:`Game.told`).
Told = tuple[str, tuple[Card, ...]]
#: The class attributes a game once declared one by one; now its :class:`Description`
#: says them (``id`` .. ``seat_names`` are copied from it).
LOOSE = ("aliases", "book", "chance", "cooperative", "euchre", "fixed_options", "id",
         "layout_hint", "moves_public", "packs", "seat_names", "seats", "source", "title",
         "variant_of")

S = TypeVar("S")


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """A move as its context-free text code: ``"t7"``, ``"open"``, ``"3>f1"``.

    Codes are short, lower-case and mean the same in every position of the game; what a
    code does *here* is :meth:`Game.describe`.
    """

    code: str

    def __str__(self) -> str:
        return self.code


@dataclass(frozen=True, slots=True)
class Zone:
    """A named place on the table holding cards, bottom to top.

    ``up`` is how many of the top cards lie face up (0: all face down). A ``private``
    zone shows its face-up cards to its ``owner`` seat only. ``kind`` (pile, packet,
    foundation, stock, waste, reserve, grace, discard, hand, cell) and ``group`` are
    layout hints for clients.
    """

    id: str
    kind: str
    cards: tuple[Card, ...]
    up: int = 0
    owner: Seat | None = None
    private: bool = False
    label: str = ""
    group: str = ""

    @property
    def face_up(self) -> tuple[Card, ...]:
        n = min(self.up, len(self.cards))
        return self.cards[len(self.cards) - n :] if n else ()

    @property
    def face_down(self) -> tuple[Card, ...]:
        n = min(self.up, len(self.cards))
        return self.cards[: len(self.cards) - n]


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended. For cooperative and solo games ``won`` is the table's."""

    won: bool
    summary: str
    winners: tuple[Seat, ...] = ()


@dataclass(frozen=True, slots=True)
class Option:
    """One option a game offers, with its default and the values it accepts."""

    name: str
    default: OptionValue
    doc: str
    choices: tuple[OptionValue, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def check(self, value: object) -> OptionValue:
        if self.choices:
            for choice in self.choices:
                if choice == value and type(choice) is type(value):
                    return choice
            allowed = ", ".join(str(c) for c in self.choices)
            raise BadOptions(f"option {self.name} must be one of {allowed}, not {value!r}")
        kind = type(self.default)
        if kind is bool:
            if not isinstance(value, bool):
                raise BadOptions(f"option {self.name} must be true or false")
            return value
        if kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise BadOptions(f"option {self.name} must be a whole number")
            if self.minimum is not None and value < self.minimum:
                raise BadOptions(f"option {self.name} must be at least {self.minimum}")
            if self.maximum is not None and value > self.maximum:
                raise BadOptions(f"option {self.name} must be at most {self.maximum}")
            return value
        if not isinstance(value, str):
            raise BadOptions(f"option {self.name} must be text")
        return value


def players_option(lo: int, hi: int, default: int) -> Option:
    """The ``players`` option of a round game: how many seats its table has."""
    return Option("players", default, f"How many players sit at the table ({lo} to {hi}).",
                  minimum=lo, maximum=hi)


ZonesOf = Callable[[Any, Any], tuple[Zone, ...]]


def _remembering(zones: ZonesOf) -> ZonesOf:
    """``zones`` remembering its last two answers, by the identity of the state.

    One move asks for the zones of the same two positions again and again: the move's
    narration and whether it revealed a card (before and after), then each audience's
    view and the fan-out (after). Like :meth:`rules.solo.SoloGame._legal`'s memo this is
    the one mutable slot of a pure game, safe although one game serves many rooms and a
    worker thread: zones are a pure function of a frozen state (options are fixed at
    construction), the memo holds the states themselves so an identity test cannot match
    a new object reusing a dead one's id, and it is read once and replaced by one
    assignment of a fresh tuple. Entries name the function too, so an override that asks
    ``super().zones(state)`` never gets its own answer back for its parent's.
    """

    def remembered(self: Any, state: Any) -> tuple[Zone, ...]:
        memo = self._zones_memo
        if memo is not None:
            if memo[0] is zones and memo[1] is state:
                return memo[2]  # type: ignore[no-any-return]
            if memo[3] is zones and memo[4] is state:
                return memo[5]  # type: ignore[no-any-return]
        found = zones(self, state)
        self._zones_memo = (zones, state, found) + (memo[:3] if memo is not None else
                                                     (None, None, None))
        return found

    remembered.remembers = True  # type: ignore[attr-defined]
    remembered.__doc__ = zones.__doc__
    remembered.__name__ = zones.__name__
    remembered.__qualname__ = zones.__qualname__
    return remembered


class Game(ABC, Generic[S]):
    """The rules of one game of the books, with its options chosen."""

    #: What the game is: id, title, book and lines, packs, seats, skill, bound, variant.
    #: Every registered game declares one (see :mod:`rules.description`).
    description: ClassVar[Description]
    #: Shortcuts copied from :attr:`description` when a class declares it (read them,
    #: never declare them: :meth:`__init_subclass__` refuses a class that does).
    id: ClassVar[str]
    title: ClassVar[str]
    packs: ClassVar[int] = 1
    euchre: ClassVar[bool] = False
    #: The table's seats. A round game (``description.seats_range``) sets both per instance
    #: from its ``players`` option; every other game has its description's.
    seats: int = 1
    seat_names: tuple[str, ...] = ("player",)
    option_specs: ClassVar[tuple[Option, ...]] = ()
    #: The last two answers of :meth:`zones` (see :func:`_remembering`).
    _zones_memo: tuple[object, ...] | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        loose = sorted(n for n in LOOSE if n in cls.__dict__)
        if loose:
            raise TypeError(f"{cls.__name__} declares {', '.join(loose)}: a game says what "
                            "it is in its Description (docs/rules.md, 'What a game is')")
        d = cls.__dict__.get("description")
        if d is not None:
            cls.id, cls.title, cls.packs, cls.euchre = d.id, d.title, d.packs, d.euchre
            cls.seats, cls.seat_names = d.seats, d.seat_names
        own = cls.__dict__.get("zones")
        if own is not None and not getattr(own, "remembers", False):
            cls.zones = _remembering(own)  # type: ignore[method-assign, assignment]

    def __init__(self, options: Mapping[str, object] | None = None) -> None:
        given = dict(options or {})
        specs = {o.name: o for o in self.option_specs}
        unknown = sorted(set(given) - set(specs))
        if unknown:
            raise BadOptions(f"{self.id} has no option {', '.join(unknown)}")
        chosen: dict[str, OptionValue] = {o.name: o.default for o in self.option_specs}
        for key, value in given.items():
            chosen[key] = specs[key].check(value)
        chosen.update(self.description.fixed)
        self.options: Mapping[str, OptionValue] = chosen
        if self.description.seats_range is not None:
            players = chosen.get("players")
            if not isinstance(players, int):
                raise TypeError(f"{self.id} has a range of seats but no 'players' option "
                                "(use rules.game.players_option)")
            self.seats = players
            self.seat_names = self.description.seat_names[:players]

    def option(self, name: str) -> OptionValue:
        return self.options[name]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({dict(self.options)!r})"

    # -- dealing ---------------------------------------------------------------------

    def pack(self) -> tuple[Card, ...]:
        """Every card of the game, in pack order."""
        return packs(self.packs, euchre=self.euchre)

    def deal(self, seed: int) -> S:
        """The deal of ``seed``: the whole pack shuffled by our PRNG, then laid out."""
        return self.layout(prng.shuffle(seed, self.pack()), seed)

    @abstractmethod
    def layout(self, cards: tuple[Card, ...], seed: int) -> S:
        """Lay out ``cards`` (a shuffled, or stacked, pack), first card dealt first."""

    # -- play ------------------------------------------------------------------------

    @abstractmethod
    def to_move(self, state: S) -> tuple[Seat, ...]:
        """The seats that may move now (none when the game is over)."""

    @abstractmethod
    def legal_moves(self, state: S, seat: Seat) -> tuple[Move, ...]:
        """The legal moves of ``seat``, in the game's documented order."""

    @abstractmethod
    def apply_unchecked(self, state: S, move: Move) -> S:
        """Play a move known to be legal (the search and replay hot path)."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""

    def apply(self, state: S, move: Move | str, seat: Seat) -> S:
        """Play ``move`` for ``seat`` after checking it; raises :class:`IllegalMove`."""
        m = move if isinstance(move, Move) else Move(move)
        if self.outcome(state) is not None:
            raise GameOver("The game is over; no more moves can be made.")
        if seat not in self.to_move(state):
            raise NotYourTurn(f"It is not {self.seat_name(seat)}'s turn.")
        if m not in self.legal_moves(state, seat):
            raise IllegalMove(self.why_illegal(state, m, seat))
        return self.apply_for(state, m, seat)

    def apply_for(self, state: S, move: Move, seat: Seat) -> S:
        """Play a move known to be legal for ``seat``.

        Most games know the mover from the position (one seat moves at a time) and leave
        this to :meth:`apply_unchecked`. A game in which several seats may make the same
        move at once (a challenge any player may make, a call of either owner) overrides
        it to know who made the move; its :meth:`apply_unchecked` then plays the move for
        the first seat of :meth:`to_move` that has it.
        """
        return self.apply_unchecked(state, move)

    def safe_moves(self, state: S) -> tuple[Move, ...]:
        """Legal moves that can never turn a winnable position into a lost one, the one
        to play first first (default: none).

        A move is safe when every line of play that wins from ``state`` can be turned
        into one that wins after it, whatever the hidden cards are: a move that is the
        only one (:class:`rules.solo.SoloGame` declares those), or a card to its family
        when no card can ever need it where it lies and no later deal, re-deal or
        shuffle hangs on where it lies. A game declares only what it can prove, and says
        why in its docstring; ``tests/rules/test_safe_moves.py`` checks every declared
        move against the solver. The solver plays the first and tries nothing else there
        (:mod:`rules.solver`); a table with the ``autodrop`` option plays them by itself.
        """
        return ()

    def why_illegal(self, state: S, move: Move, seat: Seat) -> str:
        """A sentence saying why ``move`` is refused; games may say more."""
        return f"'{move.code}' is not a legal move now."

    def all_legal(self, state: S) -> tuple[tuple[Seat, Move], ...]:
        """Every legal move of every seat to move, seat by seat."""
        return tuple((s, m) for s in self.to_move(state) for m in self.legal_moves(state, s))

    # -- what the table shows ----------------------------------------------------------

    @abstractmethod
    def zones(self, state: S) -> tuple[Zone, ...]:
        """Every card of the game in named zones (the view is made from these only)."""

    def public(self, state: S) -> dict[str, Any]:
        """Public facts beyond the cards (whose turn, counts, phase); never a hidden card."""
        return {}

    @abstractmethod
    def describe(self, state: S, move: Move) -> str:
        """A sentence for ``move`` in ``state``, naming no hidden card."""

    def narrate(self, before: S, move: Move, after: S) -> str:
        """What happened, for logs and clients, once ``move`` has been played."""
        return self.describe(before, move)

    def told(self, before: S, move: Move, seat: Seat, after: S) -> dict[Seat, Told]:
        """What a seat saw of ``move`` that the table did not: for each such seat, its
        own sentence and the cards it names (:data:`Told`). By default nobody sees more
        than :meth:`narrate` says.

        Old Maid's drawer sees the card he drew. The server tells a seat its sentence
        only while every card the sentence names is still one that seat sees
        (``server/views.py``); else the seat reads :meth:`narrate`'s words like the
        table. ``seat`` is the seat that made the move."""
        return {}

    def shape(self, state: S, move: Move, seat: Seat, audience: Audience) -> Shape:
        """What legal ``move`` of ``seat`` does to the table, as ``audience`` may see it.

        The default reads it from the zones before and after the move
        (:func:`rules.shape.from_zones`); ``end`` is ``give_up`` and ``auto`` is
        ``auto``. A game whose moves know their places answers from them instead
        (:class:`rules.patience.Patience`). A move that takes a card the audience cannot
        see, or turns one up, names no target, nor the unseen cards it takes: where such
        a card goes, and how many go, may depend on the card.
        """
        if move.code in ("end", "auto"):
            return Shape(GIVE_UP if move.code == "end" else AUTO_PLAY)
        after = self.apply_for(state, move, seat)
        shape = from_zones(self.zones(state), self.zones(after), audience)
        if None in shape.cards or self.reveals(state, after):
            # Where a card the audience cannot see goes may depend on the card
            # (Legitimist's turn: to its family if a base, else to the stock; Beggar my
            # Neighbour's card: to the table, or with it to the player who takes the
            # table): the target would tell; so may how many go (Le Blocus deals the card
            # after an ace in its place).
            return dataclasses.replace(shape, target=None,
                                       cards=tuple(c for c in shape.cards if c is not None))
        return shape

    def hidden_count(self, state: S) -> int:
        """How many cards are hidden from someone (face down, or in a private zone)."""
        return sum(len(z.cards) if z.private else len(z.face_down) for z in self.zones(state))

    def reveals(self, before: S, after: S) -> bool:
        """Whether the move from ``before`` to ``after`` showed a hidden card."""
        return self.hidden_count(after) < self.hidden_count(before)

    def irreversible(self, before: S, move: Move, after: S) -> bool:
        """Whether undo must stop at ``move`` although it showed no hidden card.

        A re-deal that shuffles face-up cards shows the player a new order: undoing it
        would let her look at the shuffle and choose again. Games with such moves say so
        here; :class:`rules.record.Play` treats them like reveals.
        """
        return False

    # -- round games: computer players, calls, the table's clock ----------------------

    def bot_move(self, view: Mapping[str, Any], seat: Seat, rand: int) -> str:
        """A computer player's move for ``seat``: the code of one of its legal moves.

        ``view`` is :func:`rules.view.render` of the position for ``seat`` (so a computer
        player sees exactly what a person in that seat sees, and no more), ``rand`` a
        random 64-bit number the caller draws for this decision (the rules own no random
        source). The default plays the first legal move; a game with choices worth making
        gives a simple, honest policy of its own.
        """
        moves = view["moves"].get(str(seat)) or ()
        if not moves:
            raise ValueError(f"{self.seat_name(seat)} has no move to make")
        return str(moves[0]["code"])

    def is_call(self, move: Move) -> bool:
        """Whether ``move`` is a call that races other seats' calls (Snap).

        In a ``realtime`` game several seats may move at once; the server times each call
        as it arrives, and whichever reaches the room's sequencer first is applied first
        (the other is then judged against the new position).
        """
        return False

    def timer(self, state: S) -> tuple[int, Seat, Move] | None:
        """A move the table makes by itself when nothing else happens for a while.

        ``(delay_ms, seat, move)``: if the position is still ``state`` after ``delay_ms``,
        the server applies ``move`` for ``seat`` with :meth:`apply_timer` (a pace of
        turning, the window in which a second call makes a tie). Timer moves are never in
        :meth:`legal_moves`, so no client can send one. ``None``: no timer.
        """
        return None

    def apply_timer(self, state: S) -> S:
        """Apply the move :meth:`timer` names for ``state``; raises if there is none."""
        due = self.timer(state)
        if due is None:
            raise IllegalMove("Nothing is due on the table's clock now.")
        return self.apply_for(state, due[2], due[1])

    def seat_name(self, seat: Seat) -> str:
        if 0 <= seat < len(self.seat_names):
            return self.seat_names[seat]
        return f"seat {seat}"

    def parse_move(self, text: str) -> Move:
        """The move whose code is ``text`` (codes are case-insensitive)."""
        return Move(text.strip().lower())
