"""A process's copies of the rooms it serves from Redis."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from .room import Room


@dataclass(slots=True)
class Cached:
    """This process's copy of a room, and how far its effects have been delivered here.

    ``rev`` is the revision of ``room``; ``delivered`` is the revision up to which the
    effects of every commit have been performed for this process's sockets. They differ
    when the copy was reloaded (after a lost race) ahead of the doorbells: the listener
    then still performs the commits in between.
    """

    rev: int
    room: Room
    delivered: int


class RoomCache:
    """Copies of rooms by id, and the rooms this process watches (has sockets in)."""

    def __init__(self) -> None:
        self.entries: dict[str, Cached] = {}
        self.watched: set[str] = set()
        #: Set when ``watched`` changes: the listener (un)subscribes at once.
        self.wake = asyncio.Event()

    def get(self, room_id: str) -> Cached | None:
        return self.entries.get(room_id)

    def room(self, room_id: str) -> Room | None:
        entry = self.entries.get(room_id)
        return entry.room if entry else None

    def keep(self, room: Room, rev: int) -> None:
        """Keep ``room`` at ``rev`` unless the copy held is newer."""
        entry = self.entries.get(room.id)
        if entry is None:
            self.entries[room.id] = Cached(rev, room, rev)
        elif rev >= entry.rev:
            entry.rev, entry.room = rev, room

    def drop(self, room_id: str) -> Cached | None:
        return self.entries.pop(room_id, None)

    def delivered(self, room_id: str) -> int:
        entry = self.entries.get(room_id)
        return entry.delivered if entry else -1

    def watch(self, room_id: str) -> None:
        entry = self.entries[room_id]
        if room_id not in self.watched:
            entry.delivered = entry.rev
        self.watched.add(room_id)
        self.wake.set()

    def unwatch(self, room_id: str) -> None:
        self.watched.discard(room_id)
        self.entries.pop(room_id, None)
        self.wake.set()

    def watched_rooms(self) -> list[Room]:
        return [self.entries[r].room for r in self.watched if r in self.entries]

    def __len__(self) -> int:
        return len(self.entries)
