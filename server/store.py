"""Where rooms live. The memory store is the default: one process, nothing to install.

Rooms are mutated only from the event loop, between awaits, so in one process a command
sees and commits a room atomically. The Redis store (several processes) puts the same
operations behind a compare-and-set on the room's version.
"""

from __future__ import annotations

from protocol.errors import ProtocolError

from .room import Room, new_code


class MemoryStore:
    def __init__(self, max_rooms: int) -> None:
        self.max_rooms = max_rooms
        self._rooms: dict[str, Room] = {}
        self._codes: dict[str, str] = {}

    async def add(self, room: Room) -> None:
        if len(self._rooms) >= self.max_rooms:
            raise ProtocolError("room/limit")
        while room.code in self._codes:
            room.code = new_code()
        self._rooms[room.id] = room
        self._codes[room.code] = room.id

    async def get(self, room_id: str) -> Room:
        room = self._rooms.get(room_id)
        if room is None or room.closed:
            raise ProtocolError("room/not_found")
        return room

    async def by_code(self, code: str) -> Room:
        room_id = self._codes.get(code.strip().upper().replace("-", ""))
        if room_id is None:
            raise ProtocolError("room/not_found", "No room has that join code.")
        return await self.get(room_id)

    async def remove(self, room_id: str) -> None:
        room = self._rooms.pop(room_id, None)
        if room is not None:
            self._codes.pop(room.code, None)

    async def public_rooms(self) -> list[Room]:
        return [r for r in self._rooms.values() if r.policy.visibility == "public"
                and not r.closed]

    async def expired(self, now: float) -> list[Room]:
        return [r for r in self._rooms.values() if r.empty_since is not None
                and now - r.empty_since > r.limits.room_ttl]

    def rooms_by_id(self, room_id: str) -> Room:
        """The room with this id, without the checks of :meth:`get` (raises KeyError)."""
        return self._rooms[room_id]

    def count(self) -> int:
        return len(self._rooms)

    def rooms(self) -> list[Room]:
        return list(self._rooms.values())
