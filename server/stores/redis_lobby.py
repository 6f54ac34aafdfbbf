"""The lobby in Redis: the public rooms' lines, shared by every process.

A sorted set of room ids by the time each line expires, and a hash of the lines; the
read script (:data:`server.redis_keys.LOBBY_READ`) drops the expired ones as it reads.
A process reads the lobby at most once a second (every join of the lobby would otherwise
land on the one shard that holds it); what it lists or unlists itself shows at once.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any

import msgpack

from ..room import Room
from ..views import info
from . import redis_conn
from .redis_keys import LOBBY, LOBBY_INFO, LOBBY_READ, pack, raw

#: How long a process answers the lobby from its last read of it (seconds).
LOBBY_EVERY = 1.0

#: Runs a script by its source: ``script(src, numkeys, *args)``.
Script = Callable[..., Awaitable[Any]]


class Lobby:
    def __init__(self, redis: redis_conn.Client, script: Script) -> None:
        self.redis = redis
        self._script = script
        #: The lobby as last read: (monotonic time, limit, lines).
        self._last: tuple[float, int, list[dict[str, Any]]] | None = None

    def forget(self) -> None:
        """The next read goes to Redis (this process changed the lobby)."""
        self._last = None

    async def read(self, limit: int) -> list[dict[str, Any]]:
        now = time.monotonic()
        last = self._last
        if last is not None and now - last[0] < LOBBY_EVERY and last[1] >= limit:
            return last[2][:limit]
        infos = await self._script(LOBBY_READ, 2, LOBBY, LOBBY_INFO, repr(time.time()), limit)
        lines = [msgpack.unpackb(raw(i)) for i in infos if i is not None]
        self._last = (now, limit, lines)
        return lines

    async def list(self, room: Room, ttl_ms: int) -> None:
        """Keep the room's line current (public rooms only; a closed room's goes)."""
        self._last = None
        if room.closed:
            await self.unlist(room.id)
            return
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.zadd(LOBBY, {room.id: time.time() + ttl_ms / 1000})
            pipe.hset(LOBBY_INFO, room.id, pack(info(room)))
            await pipe.execute()

    async def unlist(self, room_id: str) -> None:
        self._last = None
        await self.redis.zrem(LOBBY, room_id)
        await self.redis.hdel(LOBBY_INFO, room_id)
