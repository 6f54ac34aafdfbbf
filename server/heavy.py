"""Heavy work as values: a hint or an analysis, made on the event loop, run in a worker.

A job holds only what its work needs (the game's record: id, options, seed and moves;
the asker's seat; the budget) and nothing of the room, so that it pickles to a worker
process (:mod:`server.pool`) and back. :meth:`run` is the search (in the worker, never on
the event loop); :meth:`answer` turns its result into the message for the asker (on the
loop). The seed travels to the server's own workers only: a hint for a seat is still
worked out from what that seat sees (:func:`rules.hint.hint` samples the hidden cards).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from protocol import outbound
from rules import Record

#: A hint's budget: it answers within about a second on a busy two-core machine.
HINT_SECONDS = 0.8
HINT_NODES = 40_000
#: An analysis's budget (the issue's bound is ten seconds).
ANALYSIS_SECONDS = 8.0

Clock = Callable[[], float]


class Job(Protocol):
    """What the pool runs: a picklable value."""

    #: ``hint`` or ``analysis``: names the request in errors (``hint/busy``).
    kind: ClassVar[str]

    @property
    def seconds(self) -> float:
        """The search's own budget: the worker answers within about this."""

    def run(self, clock: Clock) -> Any:
        """The work itself, in a worker process; returns a picklable result."""

    def answer(self, result: Any) -> Mapping[str, Any]:
        """The message for the asker, from :meth:`run`'s result."""


@dataclass(frozen=True, slots=True)
class HintJob:
    """A hint for ``seat`` at the position ``record`` reaches (the room at ``version``);
    ``as_watcher``: worked out from the watchers' view (an advisor's hint)."""

    kind: ClassVar[str] = "hint"
    room: str
    version: int
    record: Record
    seat: int
    as_watcher: bool = False
    seconds: float = HINT_SECONDS
    nodes: int = HINT_NODES

    def run(self, clock: Clock) -> dict[str, Any]:
        from rules.hint import hint
        from rules.solver import Budget

        play = self.record.replay()
        budget = Budget.seconds(clock, self.seconds, nodes=self.nodes)
        return hint(play.game, play.state, self.seat, budget,
                    as_watcher=self.as_watcher, been=play.states[:-1]).to_dict()

    def answer(self, result: Any) -> outbound.Hint:
        return outbound.hint(self.room, self.version, result)


@dataclass(frozen=True, slots=True)
class AnalysisJob:
    """The analysis of a finished game's ``record`` (the room's public record, seed and
    all: the game is over)."""

    kind: ClassVar[str] = "analysis"
    room: str
    version: int
    record: Mapping[str, Any]
    seconds: float = ANALYSIS_SECONDS

    def run(self, clock: Clock) -> dict[str, Any]:
        from rules.analysis import analyse_record

        return analyse_record(self.record, clock, self.seconds).to_dict()

    def answer(self, result: Any) -> outbound.Analysis:
        return outbound.analysis(self.room, self.version, result)


@dataclass(frozen=True, slots=True)
class WinnableJob:
    """Which of the candidate deals ``deals`` of ``game`` (with ``options``) the solver
    proves winnable, every card known, at ``nodes`` positions each: tried in order until
    the job's time is up (a deal's verdict depends on ``nodes`` alone, so the same
    candidates give the same deals on every machine; the clock only decides how many
    are tried). Answers ``tried`` (how many) and ``won`` (those proved winnable)."""

    kind: ClassVar[str] = "winnable"
    game: str
    options: Mapping[str, Any]
    deals: tuple[int, ...]
    nodes: int
    #: Past ``server.pool.LONG``: a background job never takes the last free worker.
    seconds: float = 2.5

    def run(self, clock: Clock) -> dict[str, Any]:
        from rules import Play, make
        from rules.solver import Budget, solve

        game = make(self.game, dict(self.options))
        end = clock() + self.seconds / 2
        won: list[int] = []
        tried = 0
        for deal in self.deals:
            if tried and clock() >= end:
                break
            tried += 1
            if solve(game, Play.start(game, deal).state, Budget(self.nodes)).won:
                won.append(deal)
        return {"tried": tried, "won": won}

    def answer(self, result: Any) -> Mapping[str, Any]:
        return dict(result)


def hint_job(room: str, version: int, record: Record, seat: int, as_watcher: bool
             ) -> HintJob:
    return HintJob(room, version, record, seat, as_watcher)


def analysis_job(room: str, version: int, record: Mapping[str, Any]) -> AnalysisJob:
    return AnalysisJob(room, version, dict(record))
