"""Game records and play history with undo.

A :class:`Record` is everything needed to replay a game exactly: game id, options, seed
and the moves with the seat that made each. :class:`Play` is a game in progress: its
record plus every state along the way, so undo is a pop. A move that revealed a hidden
card is a *barrier*: undo does not step back past it unless asked to (a table policy),
because stepping back would let a player look and choose again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .description import OptionValue
from .errors import BadOptions, IllegalMove, UndoRefused
from .game import Game, Move, Seat, Zone
from .registry import make

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Record:
    """Game id + options + seed + moves: a game that replays exactly."""

    game: str
    options: tuple[tuple[str, OptionValue], ...]
    seed: int
    moves: tuple[tuple[Seat, str], ...] = ()

    @classmethod
    def new(cls, game: str, options: Mapping[str, OptionValue], seed: int) -> Record:
        return cls(game, tuple(sorted(options.items())), seed)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": dict(self.options),
            "seed": self.seed,
            "moves": [[seat, code] for seat, code in self.moves],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Record:
        try:
            options = data["options"]
            moves = tuple((int(s), str(c)) for s, c in data["moves"])
            return cls(str(data["game"]), tuple(sorted(options.items())), int(data["seed"]), moves)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise BadOptions(f"not a game record: {exc}") from None

    def replay(self) -> Play[Any]:
        """Play the record's moves again from its seed, checking each one."""
        play: Play[Any] = Play.start(make(self.game, dict(self.options)), self.seed)
        for seat, code in self.moves:
            play = play.replay_move(Move(code), seat)
        return play


class Play(Generic[S]):
    """A game in progress: every state so far, and where undo must stop.

    A value: :meth:`push` and :meth:`undo` return a new play and leave this one as it
    was. Plays made from one another share their history: each is a view of the first
    ``n`` entries of lists that only grow, so a push appends (when this play is the
    newest of its line, as it is move after move) instead of copying every state (which
    made a game quadratic). A push from an older play (after an undo) copies first.
    """

    __slots__ = ("_head", "_hidden", "_moves", "_n", "_record", "_revealed", "_states",
                 "_zones", "game")

    game: Game[S]

    def __init__(self, game: Game[S], record: Record, states: Sequence[S],
                 revealed: Sequence[bool] = ()) -> None:
        self.game = game
        self._n = len(states)
        self._states: list[S] = list(states)
        self._moves: list[tuple[Seat, str]] = list(record.moves)
        self._revealed: list[bool] = list(revealed)
        #: How many cards each state hides (``None``: not worked out yet).
        self._hidden: list[int | None] = [None] * self._n
        #: The record without its moves (game, options, seed), shared by the line.
        self._head = Record(record.game, record.options, record.seed)
        self._record: Record | None = record
        self._zones: tuple[Zone, ...] | None = None

    @classmethod
    def start(cls, game: Game[S], seed: int) -> Play[S]:
        return cls(game, Record.new(game.id, game.options, seed), (game.deal(seed),))

    def _view(self, n: int, record: Record | None) -> Play[S]:
        """This play's line cut at its first ``n`` states (sharing the lists)."""
        p: Play[S] = object.__new__(Play)
        p.game, p._n, p._record, p._zones = self.game, n, record, None
        p._head, p._states, p._moves = self._head, self._states, self._moves
        p._revealed, p._hidden = self._revealed, self._hidden
        return p

    @property
    def state(self) -> S:
        return self._states[self._n - 1]

    @property
    def states(self) -> tuple[S, ...]:
        return tuple(self._states[: self._n])

    @property
    def revealed(self) -> tuple[bool, ...]:
        """For each move, whether undo must stop there: it revealed a hidden card, or
        the game calls it irreversible (a shuffle)."""
        return tuple(self._revealed[: self._n - 1])

    @property
    def record(self) -> Record:
        if self._record is None:
            h = self._head
            self._record = Record(h.game, h.options, h.seed, tuple(self._moves[: self._n - 1]))
        return self._record

    @property
    def zones(self) -> tuple[Zone, ...]:
        """The zones of the current state, made once (the view and the reveal test
        share them)."""
        if self._zones is None:
            self._zones = self.game.zones(self.state)
        return self._zones

    def _hidden_at(self, i: int) -> int:
        h = self._hidden[i]
        if h is None:
            h = self._hidden[i] = self.game.hidden_count(self._states[i])
        return h

    def push(self, move: Move | str, seat: Seat) -> Play[S]:
        """Play a checked move; raises :class:`rules.errors.IllegalMove`."""
        m = move if isinstance(move, Move) else self.game.parse_move(move)
        return self._then(seat, m, self.game.apply(self.state, m, seat))

    def push_timer(self) -> Play[S]:
        """Play the move the table's clock has due (:meth:`rules.game.Game.timer`: a
        card turned at the table's pace, a call settled); it is recorded with its seat like
        any move. Raises :class:`rules.errors.IllegalMove` when nothing is due."""
        due = self.game.timer(self.state)
        if due is None:
            raise IllegalMove("Nothing is due on the table's clock now.")
        _, seat, move = due
        after = self.game.apply_timer(self.state)
        return self._then(seat, move, after)

    def replay_move(self, move: Move, seat: Seat) -> Play[S]:
        """Play a recorded move again: a legal move of ``seat``, or the timer move that
        was due (timer moves are never legal moves, so a record names them like any)."""
        due = self.game.timer(self.state)
        if due is not None and due[1:] == (seat, move) \
                and move not in self.game.legal_moves(self.state, seat):
            return self.push_timer()
        return self.push(move, seat)

    def _then(self, seat: Seat, m: Move, after: S) -> Play[S]:
        """The play after move ``m`` of ``seat`` led to ``after``."""
        before = self.state
        game = self.game
        if type(game).reveals is Game.reveals and type(game).hidden_count is Game.hidden_count:
            # Game.reveals, with each state's hidden count worked out once from the zones
            # (which the view of the new state then reuses) instead of twice per move
            zones = game.zones(after)
            hidden = sum(len(z.cards) if z.private else len(z.face_down) for z in zones)
            shown = hidden < self._hidden_at(self._n - 1)
        else:
            zones, hidden = None, None
            shown = game.reveals(before, after)
        barrier = shown or game.irreversible(before, m, after)
        n = self._n
        if len(self._states) != n or len(self._moves) != n - 1:
            # an older play of the line (after an undo): start a line of its own
            self._states, self._moves = self._states[:n], self._moves[: n - 1]
            self._revealed, self._hidden = self._revealed[: n - 1], self._hidden[:n]
        self._states.append(after)
        self._moves.append((seat, m.code))
        self._revealed.append(barrier)
        self._hidden.append(hidden)
        p = self._view(n + 1, None)
        p._zones = zones
        return p

    def can_undo(self, past_reveal: bool = False) -> bool:
        return self._n > 1 and (past_reveal or not self._revealed[self._n - 2])

    def undo(self, past_reveal: bool = False) -> Play[S]:
        """Take back the last move; refused past a reveal unless ``past_reveal``."""
        if self._n <= 1:
            raise UndoRefused("There is no move to take back.")
        if self._revealed[self._n - 2] and not past_reveal:
            raise UndoRefused("The last move showed hidden cards or a new shuffle, so it "
                              "cannot be taken back.")
        return self._view(self._n - 1, None)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Play):
            return NotImplemented
        return (self.game is other.game or self.game == other.game) and \
            self.record == other.record and self.states == other.states and \
            self.revealed == other.revealed

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Play({self.game!r}, {self.record!r}, {len(self.revealed)} moves)"
