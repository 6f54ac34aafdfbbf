"""Rooms in Redis, shared by any number of server processes.

Keys of one room share the hash tag ``{room-id}``, so its compare-and-set script and its
stream live on one slot (the same code runs on Redis Cluster):

- ``sym:{R}:room``  hash: ``rev`` (every committed change adds one) and ``data`` (the
  room's record, MessagePack: see :mod:`server.room_codec`);
- ``sym:{R}:log``   stream, bounded: one entry per commit: ``rev``, ``node``, ``fx`` (the
  effects other processes perform for their sockets);
- ``sym:{R}:bell``  pub/sub channel: the new ``rev`` after each commit.

Global keys: ``sym:code:<CODE>`` (join code → room id), ``sym:lobby`` (sorted set of
public room ids by expiry time) and ``sym:lobby:info`` (their lobby lines).

One move costs one round trip when this process's copy of the room is current: a
pipeline of the compare-and-set script (record, stream entry and doorbell in one atomic
step) and the refresh of the join code's time to live. A public room's lobby line costs a
second round trip only when it changes (seats, watchers, status). A lost race reloads the room (one
more round trip) and runs the change again. Another process with members in the room
hears the doorbell and reads the new entries and the record in one pipelined round trip;
a missed doorbell (pub/sub drops messages when its connection drops) is noticed by the
revision numbers and by a periodic check, and caught up from the stream.

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
from dataclasses import dataclass
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
from .room import Effects, Room, new_code
from .store import Change, Listener, normal_code

log = logging.getLogger("sympathy.redis")

CAS = """
local rev = tonumber(redis.call('HGET', KEYS[1], 'rev') or '-1')
if rev ~= tonumber(ARGV[1]) then return {0, rev} end
local new = rev + 1
redis.call('HSET', KEYS[1], 'rev', new, 'data', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[5], '*', 'rev', new, 'node', ARGV[4],
           'fx', ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[6])
redis.call('PUBLISH', ARGV[7], new)
return {1, new}
"""

#: How long a room with someone connected lives without any change.
LIVE_TTL = 24 * 3600.0
#: How often a process checks its watched rooms' revisions when pub/sub is quiet, and
#: says it is alive.
CHECK_EVERY = 2.0
#: A process whose heartbeat is older than this is dead: its members are shown away.
NODE_TTL = 6.0
MAX_TRIES = 8
#: Connections to Redis per process, and how long a call waits for one (seconds).
POOL_SIZE = 100
POOL_WAIT = 5.0


def room_key(room_id: str) -> str:
    return f"sym:{{{room_id}}}:room"


def log_key(room_id: str) -> str:
    return f"sym:{{{room_id}}}:log"


def bell(room_id: str) -> str:
    return f"sym:{{{room_id}}}:bell"


def node_key(node: str) -> str:
    return f"sym:node:{node}"


def code_key(code: str) -> str:
    return f"sym:code:{code}"


LOBBY, LOBBY_INFO = "sym:lobby", "sym:lobby:info"


def text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def raw(value: bytes | str) -> bytes:
    return value if isinstance(value, bytes) else value.encode()


def pack(obj: Any) -> bytes:
    out: bytes = msgpack.packb(obj, use_bin_type=True)
    return out


class Unavailable(ProtocolError):
    def __init__(self) -> None:
        super().__init__("service/unavailable")


T = TypeVar("T")


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
#: Pauses before retrying a call that met a dead connection (a restarted Redis leaves
#: every pooled connection dead; each failure drops one, the retry takes a fresh one).
RETRY_PAUSES = (0.02, 0.1, 0.3)


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
        self._cache: dict[str, Cached] = {}
        self._watched: set[str] = set()
        self._wake = asyncio.Event()
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
        if len(self._cache) >= self.limits.max_rooms:  # rooms this process holds
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
        entry = self._cache.get(room_id)
        return entry.room if entry is not None else await self.load(room_id)

    async def by_code(self, code: str) -> Room:
        room_id = await self._call(lambda: self.redis.get(code_key(normal_code(code))))
        if room_id is None:
            raise ProtocolError("room/not_found", "No room has that join code.")
        return await self.load(text(room_id))

    async def mutate(self, room_id: str, change: Change) -> tuple[Room, Effects]:
        return await self._call(lambda: self._mutate(room_id, change))

    async def _mutate(self, room_id: str, change: Change) -> tuple[Room, Effects]:
        cached = self._cache.get(room_id)
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
        cached = self._cache.pop(room_id, None)
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
            await self._call(self._beat)
        entry = self._cache.get(room_id)
        if entry is None:
            await self.load(room_id)
            entry = self._cache[room_id]
        if room_id not in self._watched:
            entry.delivered = entry.rev
        self._watched.add(room_id)
        self._wake.set()

    async def unwatch(self, room_id: str) -> None:
        self._watched.discard(room_id)
        self._cache.pop(room_id, None)
        self._wake.set()

    def cached(self, room_id: str) -> Room | None:
        entry = self._cache.get(room_id)
        return entry.room if entry else None

    def local_rooms(self) -> list[Room]:
        return [self._cache[r].room for r in self._watched if r in self._cache]

    def count(self) -> int:
        return len(self._cache)

    async def close(self) -> None:
        # Going away on purpose: the other processes may mark our members away now.
        with contextlib.suppress(RedisError, OSError):
            await self.redis.delete(node_key(self.node))
        await self.redis.aclose()

    async def _beat(self) -> None:
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
            self._cache.pop(room_id, None)
            raise ProtocolError("room/not_found")
        previous = self._cache.get(room_id)
        room = room_codec.load(msgpack.unpackb(raw(data)), self.limits,
                               previous=previous.room if previous else None)
        if room.closed:
            raise ProtocolError("room/not_found")
        self._keep(room, int(rev))
        return int(rev), room

    def _keep(self, room: Room, rev: int) -> None:
        entry = self._cache.get(room.id)
        if entry is None:
            self._cache[room.id] = Cached(rev, room, rev)
        elif rev >= entry.rev:
            entry.rev, entry.room = rev, room

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
        previous = self._cache.get(room.id)
        old = previous.room if previous else None
        self._keep(room, int(new_rev))
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
        delay = 0.1
        while True:
            try:
                await self._listen_once(listener)
                delay = 0.1
            except (RedisError, OSError) as exc:
                log.warning("redis listener lost its connection (%s); retrying in %.1fs",
                            type(exc).__name__, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)

    async def _listen_once(self, listener: Listener) -> None:
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        subscribed: set[str] = set()
        try:
            # Anything may have happened while we were not listening: catch up first.
            for room_id in list(self._watched):
                await self._catch_up(room_id, listener)
            last_check = time.monotonic()
            while True:
                want = set(self._watched)
                if want - subscribed:
                    await pubsub.subscribe(*(bell(r) for r in want - subscribed))
                if subscribed - want:
                    await pubsub.unsubscribe(*(bell(r) for r in subscribed - want))
                subscribed = want
                self._wake.clear()
                msg = None
                if subscribed:
                    msg = await pubsub.get_message(timeout=0.5)
                else:
                    with contextlib.suppress(TimeoutError):
                        async with asyncio.timeout(0.5):
                            await self._wake.wait()
                if msg is not None and msg.get("type") == "message":
                    channel = msg["channel"].decode()
                    room_id = channel[len("sym:{"):channel.index("}")]
                    if int(msg["data"]) > self._delivered(room_id):
                        await self._catch_up(room_id, listener)
                if time.monotonic() - last_check > CHECK_EVERY:
                    last_check = time.monotonic()
                    await self._beat()
                    await self._check_revisions(listener)
                    await self._check_nodes(listener)
        finally:
            with contextlib.suppress(Exception):
                await pubsub.aclose()  # type: ignore[no-untyped-call]

    def _delivered(self, room_id: str) -> int:
        entry = self._cache.get(room_id)
        return entry.delivered if entry else -1

    async def _check_revisions(self, listener: Listener) -> None:
        rooms = list(self._watched)
        if not rooms:
            return
        async with self.redis.pipeline(transaction=False) as pipe:
            for r in rooms:
                pipe.hget(room_key(r), "rev")
            revs = await pipe.execute()
        for r, rev in zip(rooms, revs, strict=True):
            if rev is not None and int(rev) > self._delivered(r):
                await self._catch_up(r, listener)

    async def _check_nodes(self, listener: Listener) -> None:
        """Mark away the members held by processes that stopped beating (killed)."""
        rooms = [self._cache[r].room for r in self._watched if r in self._cache]
        nodes = sorted({m.node for room in rooms for m in room.members.values()
                        if m.connected and m.node and m.node != self.node})
        if not nodes:
            return
        async with self.redis.pipeline(transaction=False) as pipe:
            for n in nodes:
                pipe.exists(node_key(n))
            dead = {n for n, ok in zip(nodes, await pipe.execute(), strict=True) if not ok}
        if not dead:
            return
        now = time.time()
        for room in rooms:
            if any(m.connected and m.node in dead for m in room.members.values()):
                with contextlib.suppress(ProtocolError):
                    changed, fx = await self.mutate(room.id, lambda r: r.drop_nodes(dead, now))
                    await listener(changed, fx)

    async def _catch_up(self, room_id: str, listener: Listener) -> None:
        """Perform the commits this process has not delivered, from the room's stream."""
        entry = self._cache.get(room_id)
        if entry is None or room_id not in self._watched:
            return
        async with self.redis.pipeline(transaction=False) as pipe:
            # the stream is short (event_log entries): read it whole, keep what is new
            pipe.xrange(log_key(room_id), min="-", max="+")
            pipe.hmget(room_key(room_id), ["rev", "data"])
            entries, (rev, data) = await pipe.execute()
        self.round_trips += 1
        if rev is None or data is None:
            return
        room = room_codec.load(msgpack.unpackb(raw(data)), self.limits, previous=entry.room)
        self._keep(room, int(rev))
        done = entry.delivered
        fresh = [f for _, f in entries if int(f[b"rev"]) > done]
        fresh = [f for f in fresh if int(f[b"rev"]) <= entry.rev]
        revs = [int(f[b"rev"]) for f in fresh]
        entry.delivered = max(entry.rev, done)
        if not revs:
            return
        if revs[0] != done + 1 or revs != list(range(revs[0], revs[0] + len(revs))):
            # the stream no longer holds all we missed: resend the whole picture
            await listener(room, Effects(state=True, presence=True, proposals=True))
            return
        for f in fresh:
            if f[b"node"].decode() != self.node:
                await listener(room, effects_codec.load(msgpack.unpackb(f[b"fx"])))
