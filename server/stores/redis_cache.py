"""A process's copies of the rooms it serves from Redis.

Only rooms this process *watches* (has sockets in) stay: a room used for a moment
without being watched (a join's lookup, a change made for a process that died) is
evicted once it has been idle for ``IDLE`` seconds, so a process's memory follows the
rooms it serves, not every room it has ever touched.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import gc
import time
from dataclasses import dataclass, field

from ..room import Room
from .redis_record import Written

#: Seconds an unwatched room's copy is kept after its last use.
IDLE = 5.0
#: At most this often, after evictions, hand freed memory back to the system.
TRIM_EVERY = 30.0


@dataclass(slots=True)
class Cached:
    """This process's copy of a room, and how far its effects have been delivered here.

    ``rev`` is the revision of ``room`` and ``token`` the commit's token (a random name
    each commit writes, which the compare-and-set checks with the revision: the pair
    names one table, even after Redis went back in time and gave the revision again);
    ``written`` what Redis holds of it beside the room (``None``: unknown; the next
    commit writes the whole record); ``delivered`` is the revision up to which the
    effects of every commit have been performed for this process's sockets, and
    ``dtoken`` that commit's token. They differ when the copy was reloaded (after a lost
    race) ahead of the doorbells: the listener then still performs the commits in
    between, each checked to follow on from ``dtoken``. ``shown`` is the highest version
    of any copy held here: a recovery moves the room past it.
    """

    rev: int
    room: Room
    delivered: int
    written: Written | None = None
    token: str = ""
    dtoken: str = ""
    shown: int = -1
    used: float = field(default_factory=time.monotonic)

    def deliver(self, rev: int, token: str) -> None:
        """The effects of every commit up to ``rev`` (named ``token``) were performed."""
        self.delivered, self.dtoken = rev, token


class RoomCache:
    """Copies of rooms by id, and the rooms this process watches (has sockets in)."""

    def __init__(self) -> None:
        self.entries: dict[str, Cached] = {}
        self.watched: set[str] = set()
        #: Set when ``watched`` changes: the listener (un)subscribes at once.
        self.wake = asyncio.Event()
        self._evicted = 0
        self._trimmed = time.monotonic()

    def get(self, room_id: str) -> Cached | None:
        entry = self.entries.get(room_id)
        if entry is not None:
            entry.used = time.monotonic()
        return entry

    def room(self, room_id: str) -> Room | None:
        entry = self.get(room_id)
        return entry.room if entry else None

    def keep(self, room: Room, rev: int, written: Written | None, token: str) -> None:
        """Keep ``room`` at ``rev`` (named ``token``) unless the copy held is newer."""
        entry = self.get(room.id)
        if entry is None:
            self.entries[room.id] = Cached(rev, room, rev, written, token, token,
                                           room.version)
        elif rev >= entry.rev:
            entry.rev, entry.room, entry.written, entry.token = rev, room, written, token
            entry.shown = max(entry.shown, room.version)

    def replace(self, room: Room, rev: int, written: Written | None, token: str) -> None:
        """Hold ``room`` at ``rev`` even if the copy held claims a later revision or
        another table at that revision (Redis went back in time: its revisions start
        again from an older point), its effects counted as delivered (the caller
        resyncs this process's clients)."""
        entry = self.get(room.id)
        if entry is None:
            self.entries[room.id] = Cached(rev, room, rev, written, token, token,
                                           room.version)
        else:
            entry.rev, entry.room, entry.written, entry.token = rev, room, written, token
            entry.deliver(rev, token)
            entry.shown = max(entry.shown, room.version)

    def drop(self, room_id: str) -> Cached | None:
        return self.entries.pop(room_id, None)

    def delivered(self, room_id: str) -> int:
        entry = self.entries.get(room_id)
        return entry.delivered if entry else -1

    def watch(self, room_id: str) -> None:
        entry = self.entries[room_id]
        if room_id not in self.watched:
            entry.deliver(entry.rev, entry.token)
        self.watched.add(room_id)
        self.wake.set()

    def unwatch(self, room_id: str) -> None:
        self.watched.discard(room_id)
        self.entries.pop(room_id, None)
        self.wake.set()

    def watched_rooms(self) -> list[Room]:
        return [self.entries[r].room for r in self.watched if r in self.entries]

    def evict(self, idle: float = IDLE) -> int:
        """Forget the copies of unwatched rooms idle for ``idle`` seconds; how many."""
        now = time.monotonic()
        gone = [r for r, e in self.entries.items()
                if r not in self.watched and now - e.used > idle]
        for r in gone:
            del self.entries[r]
        self._evicted += len(gone)
        if self._evicted and now - self._trimmed > TRIM_EVERY:
            # Rooms are many small objects: without this the allocator keeps the pages
            # and the process's RSS never falls back after a busy spell.
            self._evicted, self._trimmed = 0, now
            gc.collect()
            _trim()
        return len(gone)

    def __len__(self) -> int:
        return len(self.entries)


def _trim() -> None:
    """glibc's ``malloc_trim(0)``: give free heap pages back to the system."""
    name = ctypes.util.find_library("c")
    if name is None:  # pragma: no cover - not glibc
        return
    try:
        ctypes.CDLL(name).malloc_trim(0)
    except (OSError, AttributeError):  # pragma: no cover - not glibc
        pass
