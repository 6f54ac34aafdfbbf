"""Playing what is due on this process's tables: computer players and the games' clocks.

Which process plays a due move, when several serve a room (Redis): the one that
committed the room's last change plays it at its due time; every other process with
members in the room plays it if it is still due ``takeover`` seconds later (that
process died, or its commit is slow to arrive). Two processes may then try the same
move: each is committed through the store's compare-and-set on the room's version
(:func:`server.commands.run_due` refuses a version that has moved on), so the second
finds the table moved and does nothing. A room nobody is connected to on any process
waits: its computer players play on when someone comes back.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from protocol.errors import ProtocolError

from .chance import Chance
from .commands import run_due
from .metrics import Metrics
from .room import Room
from .stores.store import Change

log = logging.getLogger("sympathy.server")

Commit = Callable[[str, Change], Awaitable[Any]]


class Scheduler:
    def __init__(self, commit: Commit, local: Callable[[str], bool], takeover: float,
                 metrics: Metrics, chance: Chance) -> None:
        #: Commits a change through the store and performs its effects here.
        self.commit = commit
        #: Whether this process has members of the room connected.
        self.local = local
        self.takeover = takeover
        #: room id → (when to play, at which version)
        self.due: dict[str, tuple[float, int]] = {}
        self.wake = asyncio.Event()
        self.metrics = metrics
        #: A computer player's random number (server/chance.py).
        self.chance = chance
        #: Rooms for which nothing is played meanwhile: never any on a real server; a
        #: test holds a table's clock and computer players still at a position where a
        #: person is to act, so that they do not race (a room is judged again after
        #: each of its changes).
        self.holds: Callable[[Room], bool] = lambda room: False

    def note(self, room: Room, mine: bool) -> None:
        """The room has changed (``mine``: committed by this process): (re)schedule what
        it has due."""
        due = room.due() if self.local(room.id) and not self.holds(room) else None
        if due is None:
            self.due.pop(room.id, None)
        else:
            at = due.at if mine else due.at + self.takeover
            held = self.due.get(room.id)
            if mine or held is None or held[1] != due.version:
                self.due[room.id] = (at, due.version)
        self.wake.set()

    def forget(self, room_id: str) -> None:
        self.due.pop(room_id, None)

    async def run(self) -> None:
        """For ever: wait for the next due time; play what is due."""
        while True:
            self.wake.clear()
            now = time.time()
            ready = sorted((at, rid, v) for rid, (at, v) in self.due.items() if at <= now)
            for _, room_id, version in ready:
                if self.due.get(room_id, (0.0, -1))[1] == version:
                    del self.due[room_id]
                await self._play(room_id, version)
            if ready:
                continue
            wait = min((at for at, _ in self.due.values()), default=now + 60) - now
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(max(wait, 0.0)):
                    await self.wake.wait()

    async def _play(self, room_id: str, version: int) -> None:
        def change(room: Room) -> Any:
            # the time is taken at the room's sequencer (a call's time of arrival)
            return run_due(room, version, time.time(), self.chance.choice(room.seed, version))

        try:
            await self.commit(room_id, change)
            self.metrics.due_played += 1
        except ProtocolError as exc:
            if exc.code == "service/unavailable":
                self.due.setdefault(room_id, (time.time() + 1.0, version))  # try again
            else:
                self.metrics.due_noops += 1  # played elsewhere, or the table moved on
        except Exception:
            log.exception("cannot play the due move of room %s", room_id)
