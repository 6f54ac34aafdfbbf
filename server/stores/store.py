"""Where rooms live, behind one interface; the memory store is the default.

Every change to a room goes through :meth:`Store.mutate`: the store hands the change the
room (a frozen value: :class:`server.room.Room`), and commits the room the change returns
only if nobody else committed in between (the memory store runs the change between two
awaits of one event loop, so that is always true; the Redis store compares and sets the
room's revision and token and retries). A change that raises commits nothing. The
effects of a committed change are published to every other process with members in the
room (:meth:`Store.listen`), which perform them for their own sockets.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection
from typing import Any, Protocol

from protocol.errors import ProtocolError

from ..members import Effects, new_code
from ..room import Room, Step
from ..views import info

#: A change: the room after it, and what to tell (a pure handler, see server.commands).
Change = Callable[[Room], Step]
#: Called for effects committed by another process: (room, effects).
Listener = Callable[[Room, Effects], Awaitable[None]]
#: The member ids whose connections this process holds in a room.
Held = Callable[[str], Collection[str]]


def nobody(room_id: str) -> Collection[str]:
    return ()


class Store(Protocol):
    #: This process's name among the processes sharing the store ("" when alone).
    node: str

    async def create(self, room: Room) -> Room: ...
    async def load(self, room_id: str) -> Room: ...
    async def current(self, room_id: str) -> Room: ...
    async def by_code(self, code: str) -> Room: ...
    async def mutate(self, room_id: str, change: Change) -> tuple[Room, Effects]: ...
    async def remove(self, room_id: str) -> None: ...
    async def lobby(self, limit: int) -> list[dict[str, Any]]: ...
    async def expired(self, now: float) -> list[str]: ...
    async def watch(self, room_id: str) -> None: ...
    async def unwatch(self, room_id: str) -> None: ...
    async def listen(self, listener: Listener, held: Held = nobody) -> None: ...
    async def close(self) -> None: ...
    async def ready(self) -> str | None: ...
    def cached(self, room_id: str) -> Room | None: ...
    def local_rooms(self) -> list[Room]: ...
    def count(self) -> int: ...


def normal_code(code: str) -> str:
    return code.strip().upper().replace("-", "").replace(" ", "")


class MemoryStore:
    """Rooms as objects in this process: nothing to install, nothing shared."""

    node = ""

    def __init__(self, max_rooms: int) -> None:
        self.max_rooms = max_rooms
        self._rooms: dict[str, Room] = {}
        self._codes: dict[str, str] = {}

    async def create(self, room: Room) -> Room:
        room = self._admit(room)
        self._rooms[room.id] = room
        self._codes[room.code] = room.id
        return room

    def _admit(self, room: Room) -> Room:
        """Room for one more (else ``room/limit``), under a join code no other room has."""
        if len(self._rooms) >= self.max_rooms:
            raise ProtocolError("room/limit")
        while room.code in self._codes:
            room = room.but(code=new_code())
        return room

    async def load(self, room_id: str) -> Room:
        room = self._rooms.get(room_id)
        if room is None:
            raise ProtocolError("room/not_found")
        if room.closed:
            raise ProtocolError("room/closed")
        return room

    async def current(self, room_id: str) -> Room:
        return await self.load(room_id)

    async def by_code(self, code: str) -> Room:
        room_id = self._codes.get(normal_code(code))
        if room_id is None:
            raise ProtocolError("room/not_found", "No room has that join code.")
        return await self.load(room_id)

    async def mutate(self, room_id: str, change: Change) -> tuple[Room, Effects]:
        # Nothing else runs on this loop until we return: the change is atomic.
        room, fx = change(await self.load(room_id))
        self._rooms[room_id] = room
        return room, fx

    async def remove(self, room_id: str) -> None:
        room = self._rooms.pop(room_id, None)
        if room is not None:
            self._codes.pop(room.code, None)

    async def lobby(self, limit: int) -> list[dict[str, Any]]:
        rooms = [r for r in self._rooms.values()
                 if r.policy.visibility == "public" and not r.closed]
        return [info(r) for r in rooms[:limit]]

    async def expired(self, now: float) -> list[str]:
        return [r.id for r in self._rooms.values() if r.empty_since is not None
                and now - r.empty_since > r.limits.room_ttl]

    async def watch(self, room_id: str) -> None:
        return None

    async def unwatch(self, room_id: str) -> None:
        return None

    async def listen(self, listener: Listener, held: Held = nobody) -> None:
        """Nothing to hear: no other process shares these rooms."""
        return None

    async def close(self) -> None:
        return None

    async def ready(self) -> str | None:
        return None

    def cached(self, room_id: str) -> Room | None:
        return self._rooms.get(room_id)

    def local_rooms(self) -> list[Room]:
        return list(self._rooms.values())

    def count(self) -> int:
        return len(self._rooms)
