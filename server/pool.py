"""A pool of worker processes for heavy work (hints, analyses, solving), fair to every room.

The event loop never runs a search: :meth:`Pool.run` queues a job (:mod:`server.heavy`)
and waits for a worker process (:mod:`server.worker`) to answer it. The rules, in the
order a request meets them:

1. **Shares.** A connection has at most one request queued or running: a second one is
   answered ``hint/busy`` (or ``analysis/busy``) at once, for that connection alone. A
   room has at most ``per_room`` (two) at once, whoever asks: over it, ``busy`` for that
   request alone. Neither ever refuses another connection or another room.
2. **A bounded queue.** At most ``queue`` requests wait for a worker; past it, and for a
   request that could not start within ``wait`` seconds, the answer is ``service/busy``
   with ``retry_after``: the seconds to wait before asking again, worked out from the
   queue and the time a job takes.
3. **Fair order.** A free worker takes the waiting request of the room that has asked
   least lately (requests counted with a half-life of ``HALF_LIFE`` seconds, refused
   ones too), so a room asking now and then goes before one asking again and again.
   Long jobs (an analysis, up to ``ANALYSIS_SECONDS``), and the jobs of *greedy* rooms
   (that have asked more than ``GREEDY`` lately), may hold all workers but one: a
   quiet room's hint finds that one free, never behind a wall of analyses or a flood.
4. **A deadline.** A job still running ``grace`` seconds (20) past its own budget is taken
   for hung: its worker is killed and replaced, and the request answered
   ``server/error`` (logged). A worker that dies is replaced too.

Workers start with the server (``sympathy serve``; a test's server: with the first
request, so that one nobody asks for hints spawns none), run niced, and die with the
server (:mod:`server.worker`). Each server process has its own pool; the rules above
hold per process.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sys
import time
from collections import Counter
from collections.abc import Coroutine, Hashable, Mapping, Sequence
from itertools import count
from typing import Any

from protocol.errors import ProtocolError

from .heavy import HINT_SECONDS, Job
from .pool_parts import (
    Entry,
    Ticket,
    Worker,
    busy,
    cores,
    environment,
    frame,
    read,
    stopping,
)
from .worker import READY

log = logging.getLogger("sympathy.server")

#: A job whose budget is longer than this is *long*: it may not take the last free worker.
LONG = 2.0
#: Seconds a worker may take to start (import every game) before it is given up.
STARTUP = 60.0
#: Requests of one room queued or running at once.
PER_ROOM = 2
#: Seconds over which a room's past requests count half as much (the fair order).
HALF_LIFE = 10.0
#: A room that has asked more than this lately (a hint every 2 s or more often) is
#: *greedy*: its jobs may not take the last free worker, which stays for the others.
GREEDY = 5.0


class Pool:
    """Worker processes with a fair, bounded queue. Run :meth:`serve` (it owns the
    workers and their tasks) for as long as :meth:`run` may be called."""

    def __init__(self, workers: int = 0, queue: int = 0, wait: float = 5.0,
                 grace: float = 20.0, per_room: int = PER_ROOM,
                 command: Sequence[str] | None = None, eager: bool = False) -> None:
        """``workers``: processes (0: one per core); ``queue``: requests waiting at most
        (0: eight per worker); ``wait``: seconds a request may wait for a worker;
        ``grace``: seconds past its budget before a job is taken for hung; ``command``:
        how to start a worker (default ``python -m server.worker``); ``eager``: start
        the workers with :meth:`serve` (a real server) rather than with the first
        request (a test's server that may never be asked)."""
        self.size = workers or cores()
        self.limit = queue or 8 * self.size
        self.wait = wait
        self.grace = grace
        self.per_room = per_room
        self.command = list(command) if command else [sys.executable, "-m",
                                                      "server.worker"]
        self.workers: list[Worker] = []
        self.waiting: list[Entry] = []
        self.owners: Counter[Hashable] = Counter()
        self.rooms: Counter[str] = Counter()
        #: Each room's requests lately: (count, when), decayed by ``HALF_LIFE``.
        self.asked: dict[str, tuple[float, float]] = {}
        #: A job's usual time (seconds, a moving average): for ``retry_after``.
        self.typical = HINT_SECONDS
        self.replaced = 0
        #: Places reserved and not yet submitted.
        self.reserved = 0
        self._tg: asyncio.TaskGroup | None = None
        self._spawning = 0
        self._ids = count(1)
        self._closed = False
        self.eager = eager
        #: Set once a worker is ready (requests wait for it before their own wait counts).
        self._ready: asyncio.Future[None] | None = None

    # -- the owner ---------------------------------------------------------------------

    async def serve(self) -> None:
        """Own the workers until cancelled; then kill them and wait for them to go."""
        self._ready = asyncio.get_running_loop().create_future()
        try:
            async with asyncio.TaskGroup() as tg:
                self._tg = tg
                if self.eager:
                    self._start_workers()
                await asyncio.Future()  # until cancelled
        finally:
            self._tg = None
            await self.close()

    async def close(self) -> None:
        """Refuse what waits, kill every worker, and wait until each has gone."""
        self._closed = True
        for e in self.waiting:
            self._finish(e, stopping())
        self.waiting.clear()
        for w in self.workers:
            with contextlib.suppress(ProcessLookupError):
                w.proc.kill()
        for w in self.workers:
            with contextlib.suppress(Exception):
                await w.proc.wait()
            if w.entry is not None:
                self._finish(w.entry, stopping())
        self.workers.clear()

    @property
    def serving(self) -> bool:
        """:meth:`serve` runs: requests are taken."""
        return self._tg is not None and not self._closed

    def figures(self) -> list[tuple[str, str, float]]:
        """For ``/metrics``: workers alive and busy, requests waiting, workers replaced
        (refusals are counted by code in ``sympathy_errors_total``)."""
        alive = [w for w in self.workers if not w.dead]
        return [("sympathy_workers", "gauge", len(alive)),
                ("sympathy_workers_busy", "gauge", sum(w.entry is not None for w in alive)),
                ("sympathy_work_waiting", "gauge", len(self.waiting)),
                ("sympathy_workers_replaced_total", "counter", self.replaced)]

    def pids(self) -> list[int]:
        """The worker processes' ids (for tests and ``/metrics``)."""
        return [w.proc.pid for w in self.workers if not w.dead]

    # -- asking ------------------------------------------------------------------------

    def reserve(self, kind: str, room: str, owner: Hashable) -> Ticket:
        """Take a place for a request of ``kind`` by ``owner`` (a connection) in
        ``room``, before its job is made (making one costs the loop: refused requests
        should not); raises :class:`ProtocolError` (``<kind>/busy``, ``service/busy``).
        Pass the ticket to :meth:`submit`, or to :meth:`release` if no job comes."""
        if not self.serving:
            raise stopping()
        self._count(room)
        if self.owners[owner]:
            raise ProtocolError(f"{kind}/busy", "Your last request for a hint or an "
                                "analysis is still being worked out; wait for its answer.")
        if self.rooms[room] >= self.per_room:
            raise ProtocolError(f"{kind}/busy", "This table's hints and analyses are "
                                "still being worked out; ask again once they are answered.")
        if len(self.waiting) + self.reserved >= self.limit:
            raise busy(self.retry_after())
        self.owners[owner] += 1
        self.rooms[room] += 1
        self.reserved += 1
        return Ticket(room, owner)

    def release(self, ticket: Ticket) -> None:
        """Give back a place no job came for (nothing if one did: call it when the
        request's task ends, however it ends)."""
        if not ticket.used:
            ticket.used = True
            self.reserved -= 1
            self._give_back(ticket)

    async def run(self, job: Job, room: str, owner: Hashable) -> Mapping[str, Any]:
        """:meth:`reserve` then :meth:`submit`."""
        return await self.submit(job, self.reserve(job.kind, room, owner))

    async def submit(self, job: Job, ticket: Ticket) -> Mapping[str, Any]:
        """The answer to ``job``, run in its reserved place; raises
        :class:`ProtocolError` (``service/busy`` when it could not start within the
        wait, ``server/error`` when its worker died or hung)."""
        if ticket.used:
            raise ValueError("a ticket serves one request")
        ticket.used = True
        self.reserved -= 1
        if not self.serving:
            self._give_back(ticket)
            raise stopping()
        room, owner = ticket.room, ticket.owner
        loop = asyncio.get_running_loop()
        entry = Entry(job, room, owner, time.monotonic(), loop.create_future(),
                       loop.create_future())
        self.waiting.append(entry)
        self._start_workers()
        self._pump()
        try:
            # the wait counts from the first worker's start, not from the spawning
            assert self._ready is not None
            await asyncio.wait([entry.began, self._ready], timeout=STARTUP,
                               return_when=asyncio.FIRST_COMPLETED)
            await asyncio.wait([entry.began, entry.done], timeout=self.wait,
                               return_when=asyncio.FIRST_COMPLETED)
            if not entry.started and not entry.done.done():
                # not started within its wait: the queue is longer than a hint takes
                self.waiting.remove(entry)
                self._finish(entry, busy(self.retry_after()))
        except asyncio.CancelledError:
            if not entry.started and entry in self.waiting:
                self.waiting.remove(entry)
                self._finish(entry, stopping())
            raise
        result: Mapping[str, Any] = job.answer(await asyncio.shield(entry.done))
        return result

    def lately(self, room: str, now: float) -> float:
        """How many requests ``room`` has made lately (decayed)."""
        n, at = self.asked.get(room, (0.0, now))
        return float(n * 0.5 ** ((now - at) / HALF_LIFE))

    def _count(self, room: str) -> None:
        now = time.monotonic()
        self.asked[room] = (self.lately(room, now) + 1.0, now)
        if len(self.asked) > 10_000:  # forget the rooms that have not asked for long
            self.asked = {r: v for r, v in self.asked.items() if self.lately(r, now) > 0.01}

    def retry_after(self) -> float:
        """Seconds until a request asked now would likely find a free worker."""
        return (len(self.waiting) / self.size + 1) * self.typical

    def _finish(self, entry: Entry, outcome: Any) -> None:
        """Settle a request (a result, or an exception) and give back its shares."""
        if entry.done.done():
            return
        if isinstance(outcome, BaseException):
            entry.done.set_exception(outcome)
            entry.done.exception()  # read: an answer nobody waits for is not an error
        else:
            entry.done.set_result(outcome)
        self._give_back(Ticket(entry.room, entry.owner))

    def _give_back(self, ticket: Ticket) -> None:
        room, owner = ticket.room, ticket.owner
        self.owners[owner] -= 1
        if not self.owners[owner]:
            del self.owners[owner]
        self.rooms[room] -= 1
        if not self.rooms[room]:
            del self.rooms[room]

    # -- the order ---------------------------------------------------------------------

    def _pump(self) -> None:
        """Start waiting jobs on free workers, in the fair order."""
        while self.waiting and self._tg is not None:
            idle = [w for w in self.workers if w.entry is None and not w.dead]
            if not idle:
                return
            now = time.monotonic()
            running = [w.entry for w in self.workers if w.entry is not None]
            most = max(1, self.size - 1)
            may_long = sum(e.job.seconds > LONG for e in running) < most
            may_greedy = sum(e.greedy for e in running) < most
            ready = [e for e in self.waiting
                     if (may_long or e.job.seconds <= LONG)
                     and (may_greedy or self.lately(e.room, now) <= GREEDY)]
            if not ready:
                return
            entry = min(ready, key=lambda e: (self.lately(e.room, now), e.queued_at))
            entry.greedy = self.lately(entry.room, now) > GREEDY
            self.waiting.remove(entry)
            worker = idle[0]
            worker.entry, entry.started = entry, True
            entry.began.set_result(None)
            self._in_group(self._execute(worker, entry))

    def _in_group(self, coro: Coroutine[Any, Any, None]) -> bool:
        """Run ``coro`` as a task of the pool's group; whether it was taken. A group that
        is shutting down (the server stopping) takes no more tasks: ``coro`` is then
        closed, never left unawaited."""
        if self._tg is not None:
            try:
                self._tg.create_task(coro)
                return True
            except RuntimeError:  # the group is shutting down
                pass
        coro.close()
        return False

    # -- workers -----------------------------------------------------------------------

    def _start_workers(self) -> None:
        """Start workers up to the pool's size (the first request starts them all)."""
        if self._tg is None or self._closed:
            return
        live = sum(1 for w in self.workers if not w.dead)
        for _ in range(self.size - live - self._spawning):
            self._spawning += 1
            if not self._in_group(self._spawn()):
                self._spawning -= 1
                return

    async def _spawn(self) -> None:
        """Start one worker and wait for it to be ready (it imports every game)."""
        try:
            proc = await asyncio.create_subprocess_exec(
                *self.command, str(os.getpid()), stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE, env=environment())
        except OSError:
            self._spawning -= 1
            log.exception("cannot start a worker process")
            return
        try:
            assert proc.stdout is not None
            async with asyncio.timeout(STARTUP):
                ready = await read(proc.stdout)
            if ready != READY:
                raise ValueError(f"a worker's first frame was {ready!r}")
        except BaseException as exc:  # cancelled at shutdown too: never leave it behind
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
            await proc.wait()
            if not isinstance(exc, asyncio.CancelledError):
                log.error("a worker process did not start: %r", exc)
            if not isinstance(exc, Exception):
                raise
            return
        finally:
            self._spawning -= 1
        if self._closed or self._tg is None:
            proc.kill()
            await proc.wait()
            return
        worker = Worker(proc)
        self.workers.append(worker)
        if self._ready is not None and not self._ready.done():
            self._ready.set_result(None)
        if not self._in_group(self._watch(worker)):
            return
        self._pump()

    async def _watch(self, worker: Worker) -> None:
        """When a worker ends (killed, crashed), put another in its place."""
        code = await worker.proc.wait()
        worker.dead = True
        if worker in self.workers:
            self.workers.remove(worker)
        if self._closed:
            return
        self.replaced += 1
        log.warning("worker process %d ended (status %s) after %d jobs; starting another",
                    worker.proc.pid, code, worker.jobs)
        if worker.entry is not None:
            self._finish(worker.entry, ProtocolError("server/error"))
            worker.entry = None
        self._start_workers()

    async def _execute(self, worker: Worker, entry: Entry) -> None:
        job_id = next(self._ids)
        start = time.monotonic()
        proc = worker.proc
        assert proc.stdin is not None and proc.stdout is not None
        try:
            async with asyncio.timeout(entry.job.seconds + self.grace):
                proc.stdin.write(frame((job_id, entry.job)))
                await proc.stdin.drain()
                got_id, ok, result = await read(proc.stdout)
        except TimeoutError:
            log.error("a %s job ran %.1fs past its budget; killing worker %d",
                      entry.job.kind, self.grace, proc.pid)
            self._kill(worker, entry)
            return
        except (OSError, asyncio.IncompleteReadError, ValueError):
            self._kill(worker, entry)  # it died: _watch replaces it
            return
        worker.jobs += 1
        took = time.monotonic() - start
        self.typical = 0.8 * self.typical + 0.2 * took
        if got_id != job_id:  # pragma: no cover - a worker answers in order
            self._kill(worker, entry)
            return
        if ok:
            self._finish(entry, result)
        else:
            log.error("a %s job failed in its worker: %s", entry.job.kind, result)
            self._finish(entry, ProtocolError("server/error"))
        worker.entry = None
        self._pump()

    def _kill(self, worker: Worker, entry: Entry) -> None:
        self._finish(entry, ProtocolError("server/error"))
        worker.entry = None
        worker.dead = True
        with contextlib.suppress(ProcessLookupError):
            worker.proc.kill()
        # _watch sees it go and starts another
