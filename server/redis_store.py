"""Rooms in Redis, shared by any number of server processes.

The keys and the compare-and-set script are in :mod:`server.redis_keys`, this process's
copies of rooms in :mod:`server.redis_cache`, and hearing other processes in
:mod:`server.redis_listener`.

One move costs one round trip when this process's copy of the room is current: a
pipeline of the compare-and-set script (record, stream entry and doorbell in one atomic
step) and the refresh of the join code's time to live. A public room's lobby line costs a
second round trip only when it changes (seats, watchers, status). A lost race reloads the
room (one more round trip) and runs the change again.

Every key expires: a room's keys ``live_ttl`` after the last change while someone is
connected, ``room_ttl`` after the last change once nobody is. Redis unavailable: every
call answers ``service/unavailable``; the listener reconnects with backoff.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import msgpack
import redis.asyncio as aioredis
from redis.backoff import ExponentialBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import NoScriptError, RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError
from redis.retry import Retry

from protocol.errors import ProtocolError
from protocol.limits import Limits

from . import effects_codec, room_codec
from .redis_cache import RoomCache
from .redis_keys import (
    CAS,
    LOBBY,
    LOBBY_INFO,
    Unavailable,
    bell,
    code_key,
    log_key,
    node_key,
    pack,
    raw,
    room_key,
    text,
)
from .redis_listener import CHECK_EVERY, RedisListener
from .room import Effects, Room, new_code
from .store import Change, Listener, normal_code

log = logging.getLogger("sympathy.redis")

#: How long a room with someone connected lives without any change.
LIVE_TTL = 24 * 3600.0
#: A process whose heartbeat is older than this is dead: its members are shown away.
NODE_TTL = 6.0
MAX_TRIES = 8
#: Connections to Redis per process, and how long a call waits for one (seconds).
POOL_SIZE = 100
POOL_WAIT = 5.0
#: Pauses before retrying a call that met a dead connection (a restarted Redis leaves
#: every pooled connection dead; each failure drops one, the retry takes a fresh one).
RETRY_PAUSES = (0.02, 0.1, 0.3)
T = TypeVar("T")

__all__ = ["CAS", "RedisStore", "bell", "code_key", "log_key", "room_key"]


class RedisStore:
    def __init__(self, url: str, limits: Limits, live_ttl: float = LIVE_TTL) -> None:
        self.url = url
        self.limits = limits
        self.live_ttl = live_ttl
        self.node = secrets.token_hex(4)
        # A blocking pool: past POOL_SIZE calls at once, a call waits for a connection
        # (redis-py's default pool raises "Too many connections" past 100, which the
        # bench met with a thousand rooms moving at once).
        pool = aioredis.BlockingConnectionPool.from_url(
            url, max_connections=POOL_SIZE, timeout=POOL_WAIT,
            socket_timeout=2.0, socket_connect_timeout=2.0, health_check_interval=10,
            retry=Retry(ExponentialBackoff(cap=0.5, base=0.02), 2),
            retry_on_error=[RedisConnectionError, RedisTimeoutError])
        self.redis = aioredis.Redis.from_pool(pool)
        self._cas = self.redis.register_script(CAS)
        self.cache = RoomCache()
        self._beaten = -1e9
        self.round_trips = 0

    async def _call(self, fn: Callable[[], Awaitable[T]]) -> T:
        """Run ``fn``, retrying dead connections; Redis away: ``service/unavailable``."""
        for pause in (*RETRY_PAUSES, None):
            try:
                return await fn()
            except (RedisConnectionError, RedisTimeoutError) as exc:
                if pause is None:
                    raise self._down(exc) from None
                await asyncio.sleep(pause)
            except RedisError as exc:
                raise self._down(exc) from None
        raise AssertionError("unreachable")  # pragma: no cover

    # -- the Store interface ---------------------------------------------------------------

    async def create(self, room: Room) -> None:
        await self._call(lambda: self._create(room))

    async def _create(self, room: Room) -> None:
        if len(self.cache) >= self.limits.max_rooms:  # rooms this process holds
            raise ProtocolError("room/limit")
        for _ in range(10):
            if await self.redis.set(code_key(room.code), room.id, nx=True,
                                    px=self._ttl_ms(room)):
                break
            room.code = new_code()
        else:  # pragma: no cover - 31**6 codes
            raise ProtocolError("room/limit")
        await self._commit(room, -1, Effects())

    async def load(self, room_id: str) -> Room:
        return (await self._call(lambda: self._fetch(room_id)))[1]

    async def current(self, room_id: str) -> Room:
        """This process's copy when it has one (kept current by the listener for rooms
        with members here), else the room as Redis has it. For checks that
        :meth:`mutate` repeats against the committed room anyway."""
        room = self.cache.room(room_id)
        return room if room is not None else await self.load(room_id)

    async def by_code(self, code: str) -> Room:
        room_id = await self._call(lambda: self.redis.get(code_key(normal_code(code))))
        if room_id is None:
            raise ProtocolError("room/not_found", "No room has that join code.")
        return await self.load(text(room_id))

    async def mutate(self, room_id: str, change: Change) -> tuple[Room, Effects]:
        return await self._call(lambda: self._mutate(room_id, change))

    async def _mutate(self, room_id: str, change: Change) -> tuple[Room, Effects]:
        cached = self.cache.get(room_id)
        fresh = cached is None
        rev, current = (cached.rev, cached.room) if cached else await self._fetch(room_id)
        for _ in range(MAX_TRIES):
            before = room_codec.dump(current)
            work = room_codec.load(before, self.limits, previous=current)
            try:
                fx = change(work)  # may raise: nothing is written
            except ProtocolError:
                if fresh:
                    raise
                # Judged on a copy that may be behind: only the committed room's answer
                # counts (a move at the version others already reached is not stale).
                rev, current = await self._fetch(room_id)
                fresh = True
                continue
            if room_codec.dump(work) == before and \
                    effects_codec.dump(fx) == effects_codec.dump(Effects()):
                return current, fx  # nothing to keep and nothing to tell
            if await self._commit(work, rev, fx):
                return work, fx
            rev, current = await self._fetch(room_id)  # lost a race: reload, run again
            fresh = True
        raise ProtocolError("move/stale", "The table is very busy; look again and retry.")

    async def remove(self, room_id: str) -> None:
        cached = self.cache.drop(room_id)
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.delete(room_key(room_id), log_key(room_id))
                if cached is not None:
                    pipe.delete(code_key(cached.room.code))
                pipe.zrem(LOBBY, room_id)
                pipe.hdel(LOBBY_INFO, room_id)
                await pipe.execute()
        except RedisError as exc:
            raise self._down(exc) from None

    async def lobby(self, limit: int) -> list[dict[str, Any]]:
        now = time.time()
        try:
            stale = await self.redis.zrangebyscore(LOBBY, "-inf", now)
            if stale:
                await self.redis.zrem(LOBBY, *stale)
                await self.redis.hdel(LOBBY_INFO, *stale)
            found: list[Any] = await self.redis.zrangebyscore(LOBBY, now, "+inf", start=0,
                                                              num=limit)
            ids = [raw(i) for i in found]
            infos = await self.redis.hmget(LOBBY_INFO, ids) if ids else []
        except RedisError as exc:
            raise self._down(exc) from None
        return [msgpack.unpackb(raw(i)) for i in infos if i is not None]

    async def expired(self, now: float) -> list[str]:
        return []  # keys expire in Redis by themselves

    async def watch(self, room_id: str) -> None:
        """Deliver this room's effects from now on (not its history)."""
        if time.monotonic() - self._beaten > CHECK_EVERY:
            await self._call(self.beat)
        if self.cache.get(room_id) is None:
            await self.load(room_id)
        self.cache.watch(room_id)

    async def unwatch(self, room_id: str) -> None:
        self.cache.unwatch(room_id)

    def cached(self, room_id: str) -> Room | None:
        return self.cache.room(room_id)

    def local_rooms(self) -> list[Room]:
        return self.cache.watched_rooms()

    def count(self) -> int:
        return len(self.cache)

    async def close(self) -> None:
        # Going away on purpose: the other processes may mark our members away now.
        with contextlib.suppress(RedisError, OSError):
            await self.redis.delete(node_key(self.node))
        await self.redis.aclose()

    async def beat(self) -> None:
        """Say this process is alive (its members stay shown as connected)."""
        await self.redis.set(node_key(self.node), "1", px=int(NODE_TTL * 1000))
        self._beaten = time.monotonic()

    # -- reading and writing ---------------------------------------------------------------

    def _down(self, exc: Exception) -> Unavailable:
        log.warning("redis unavailable: %s", type(exc).__name__)
        return Unavailable()

    def _ttl_ms(self, room: Room) -> int:
        live = any(m.connected for m in room.members.values())
        return int(1000 * (self.live_ttl if live else room.limits.room_ttl))

    async def _fetch(self, room_id: str) -> tuple[int, Room]:
        """The room as Redis has it now (one round trip), kept in the cache."""
        self.round_trips += 1
        rev, data = await self.redis.hmget(room_key(room_id), ["rev", "data"])
        if rev is None or data is None:
            self.cache.drop(room_id)
            raise ProtocolError("room/not_found")
        previous = self.cache.get(room_id)
        room = room_codec.load(msgpack.unpackb(raw(data)), self.limits,
                               previous=previous.room if previous else None)
        if room.closed:
            raise ProtocolError("room/not_found")
        self.cache.keep(room, int(rev))
        return int(rev), room

    async def _commit(self, room: Room, rev: int, fx: Effects) -> bool:
        """Compare and set ``room`` at ``rev``; one pipelined round trip."""
        ttl = self._ttl_ms(room)
        args: list[bytes | str | int] = [
            rev, pack(room_codec.dump(room)), pack(effects_codec.dump(fx)), self.node,
                self.limits.event_log, ttl, bell(room.id)]
        for _ in range(2):
            # EVALSHA straight away (redis-py's Script in a pipeline would first ask
            # SCRIPT EXISTS: a second round trip); load the script only on NOSCRIPT,
            # which happens once per Redis start.
            self.round_trips += 1
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.evalsha(self._cas.sha, 2, room_key(room.id), log_key(room.id), *args)
                pipe.pexpire(code_key(room.code), ttl)
                try:
                    ok, new_rev = (await pipe.execute())[0]
                    break
                except NoScriptError:
                    await self.redis.script_load(CAS)
        else:  # pragma: no cover - the script was just loaded
            raise RedisError("the compare-and-set script could not be loaded")
        if not ok:
            return False
        old = self.cache.room(room.id)
        self.cache.keep(room, int(new_rev))
        if room.policy.visibility == "public" and (
                old is None or rev < 0 or old.info() != room.info()
                or self._ttl_ms(old) != ttl or int(new_rev) % 50 == 0):
            # the lobby line changes rarely (seats, watchers, status, everyone gone): a
            # second round trip only then, and now and again to push its expiry forward
            await self._list(room, ttl)
        return True

    async def _list(self, room: Room, ttl_ms: int) -> None:
        """Keep the room's lobby line current (public rooms only)."""
        if room.closed:
            await self.redis.zrem(LOBBY, room.id)
            await self.redis.hdel(LOBBY_INFO, room.id)
            return
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.zadd(LOBBY, {room.id: time.time() + ttl_ms / 1000})
            pipe.hset(LOBBY_INFO, room.id, pack(room.info()))
            await pipe.execute()

    # -- hearing other processes -----------------------------------------------------------

    async def listen(self, listener: Listener) -> None:
        """Forever: hear doorbells, catch up from streams, reconnect with backoff."""
        await RedisListener(self, listener).run()
