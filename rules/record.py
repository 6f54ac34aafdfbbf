"""Game records and play history with undo.

A :class:`Record` is everything needed to replay a game exactly: game id, options, seed
and the moves with the seat that made each. :class:`Play` is a game in progress: its
record plus every state along the way, so undo is a pop. A move that revealed a hidden
card is a *barrier*: undo does not step back past it unless asked to (a table policy),
because stepping back would let a player look and choose again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .description import OptionValue
from .errors import BadOptions, IllegalMove, UndoRefused
from .game import Game, Move, Seat
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


@dataclass(frozen=True, slots=True)
class Play(Generic[S]):
    """A game in progress: every state so far, and where undo must stop."""

    game: Game[S]
    record: Record
    states: tuple[S, ...]
    #: For each move, whether undo must stop there: it revealed a hidden card, or the
    #: game calls it irreversible (a shuffle).
    revealed: tuple[bool, ...] = field(default=())

    @classmethod
    def start(cls, game: Game[S], seed: int) -> Play[S]:
        return cls(game, Record.new(game.id, game.options, seed), (game.deal(seed),))

    @property
    def state(self) -> S:
        return self.states[-1]

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
        return Play(
            self.game,
            Record(self.record.game, self.record.options, self.record.seed,
                   (*self.record.moves, (seat, m.code))),
            (*self.states, after),
            (*self.revealed, self.game.reveals(self.state, after)
             or self.game.irreversible(self.state, m, after)),
        )

    def can_undo(self, past_reveal: bool = False) -> bool:
        return bool(self.revealed) and (past_reveal or not self.revealed[-1])

    def undo(self, past_reveal: bool = False) -> Play[S]:
        """Take back the last move; refused past a reveal unless ``past_reveal``."""
        if not self.revealed:
            raise UndoRefused("There is no move to take back.")
        if self.revealed[-1] and not past_reveal:
            raise UndoRefused("The last move showed hidden cards or a new shuffle, so it "
                              "cannot be taken back.")
        r = self.record
        return Play(self.game, Record(r.game, r.options, r.seed, r.moves[:-1]),
                    self.states[:-1], self.revealed[:-1])
