"""Worker processes for tests of the pool (:mod:`server.pool`), and jobs of the tests' own.

A test holds a real worker's work at a point it names, through files in a directory it
owns (the worker is another process: an event cannot reach it):
``python -m tests.kit.workers DIR MODE``, started by the pool as its workers
(:func:`held_pool`). In mode ``hold`` each hint writes ``DIR/started``, then waits for
``DIR/release`` before searching. In mode ``clock`` it writes ``DIR/started`` and
searches at once, but its clock stands short of the deadline until ``DIR/release``
exists (the search is real, only its end waits); when it ends it writes ``DIR/ended``,
holding ``1`` when the release had come by then.

The jobs (:class:`Nap`, :class:`Crash`, :class:`Hang`) are for the pool's own tests: what
they do is known and takes no search.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from server.pool import Pool

#: How often a held worker looks for its release file.
POLL = 0.01


def held_pool(directory: Path, mode: str, workers: int = 1, **kw: Any) -> Pool:
    """A pool whose workers are held as ``mode`` says (see the module's docstring)."""
    return Pool(workers, command=[sys.executable, "-m", "tests.kit.workers",
                                  str(directory), mode], **kw)


def release(directory: Path) -> None:
    (directory / "release").touch()


@dataclass(frozen=True, slots=True)
class Nap:
    """Sleeps ``seconds`` (not a search: it holds a worker and no core), answers
    ``{"version": tag, "pid": its worker's}``; ``seconds`` is also its budget (over
    ``server.pool.LONG``: a long job)."""

    kind: ClassVar[str] = "hint"
    tag: int
    seconds: float = 0.05

    def run(self, clock: Callable[[], float]) -> tuple[int, int]:
        time.sleep(self.seconds)
        return self.tag, os.getpid()

    def answer(self, result: Any) -> dict[str, Any]:
        """``pid``: the worker's that ran it."""
        return {"type": "hint", "version": result[0], "pid": result[1]}


@dataclass(frozen=True, slots=True)
class Crash:
    """Kills its worker."""

    kind: ClassVar[str] = "hint"
    seconds: float = 1.0

    def run(self, clock: Callable[[], float]) -> None:
        os._exit(3)

    def answer(self, result: Any) -> dict[str, Any]:  # pragma: no cover - never answers
        return {}


@dataclass(frozen=True, slots=True)
class Hang:
    """Never ends within its budget (a search that ignores its clock)."""

    kind: ClassVar[str] = "hint"
    seconds: float = 0.1

    def run(self, clock: Callable[[], float]) -> None:
        time.sleep(3600)

    def answer(self, result: Any) -> dict[str, Any]:  # pragma: no cover - never answers
        return {}


def _held_hint(directory: Path, mode: str) -> None:
    """Wrap the hint the jobs call (``rules.hint.hint``) as ``mode`` says."""
    import rules.hint
    from rules.solver import Budget

    real = rules.hint.hint
    released = directory / "release"

    def hold(game: Any, state: Any, seat: int, budget: Budget, **kw: Any) -> Any:
        (directory / "started").touch()
        while not released.exists():
            time.sleep(POLL)
        return real(game, state, seat, budget, **kw)

    def clock(game: Any, state: Any, seat: int, budget: Budget, **kw: Any) -> Any:
        (directory / "started").touch()
        own = budget.clock
        assert own is not None

        def held() -> float:
            return own() if released.exists() else budget.deadline - 1.0

        try:
            return real(game, state, seat, Budget(budget.nodes, held, budget.deadline), **kw)
        finally:
            (directory / "ended").write_text("1" if released.exists() else "0")

    rules.hint.hint = hold if mode == "hold" else clock


def main() -> None:
    from server import worker

    directory, mode = Path(sys.argv[1]), sys.argv[2]
    _held_hint(directory, mode)
    sys.argv = [sys.argv[0], sys.argv[3]]  # the server's pid, as the pool passes it
    worker.main()


if __name__ == "__main__":
    main()
