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

Redis going back in time (an older file, a replica that missed writes): every commit
has a random token that the compare-and-set checks with the revision, so a table is
named by both; a process learns that its copy is not the table Redis holds from a
refused compare-and-set, a read, a doorbell, a check or the room's stream, and recovers
(:mod:`server.redis_recovery`). What the deploy files promise so that this does not
happen is in the README (``appendfsync always``).
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

from redis.exceptions import RedisError

from protocol.errors import ProtocolError
from protocol.limits import Limits

from ..members import Effects, new_code
from ..room import Room
from . import effects_codec, redis_conn, redis_record
from .redis_cache import RoomCache
from .redis_commit import STREAM_KEEP, Commits
from .redis_delivery import deliver_before
from .redis_keys import (
    CAS,
    LOBBY,
    LOBBY_INFO,
    Unavailable,
    bell,
    code_key,
    log_key,
    node_rooms_key,
    room_key,
    text,
)
from .redis_listener import CHECK_EVERY, RedisListener
from .redis_liveness import Liveness
from .redis_recovery import MAX_TRIES, Fetched, reconcile
from .store import Change, Held, Listener, nobody, normal_code

log = logging.getLogger("sympathy.redis")

#: How long a room with someone connected lives without any change.
LIVE_TTL = 24 * 3600.0
#: Pauses before retrying a call that met a dead connection (a restarted Redis leaves
#: every pooled connection dead; each failure drops one, the retry takes a fresh one).
RETRY_PAUSES = (0.02, 0.1, 0.3)
T = TypeVar("T")

__all__ = ["CAS", "STREAM_KEEP", "RedisStore", "bell", "code_key", "log_key", "room_key"]


_NOTHING = effects_codec.dump(Effects())


@dataclass(slots=True)
class _Attempt:
    """One change through its tries: its name, and its effects while its commit is out."""

    txid: str
    fx: Effects | None = None


class RedisStore:
    def __init__(self, url: str, limits: Limits, live_ttl: float = LIVE_TTL) -> None:
        self.url = url
        self.limits = limits
        self.live_ttl = live_ttl
        self.node = secrets.token_hex(4)
        self.cluster = redis_conn.is_cluster(url)
        self.redis: redis_conn.Client = redis_conn.connect(url)
        # A cluster client raises past its connections per master instead of waiting:
        # calls in flight wait here instead.
        self._slots = asyncio.Semaphore(redis_conn.POOL_SIZE)
        self.cache = RoomCache()
        #: The compare-and-set of each commit, and the lobby's lines.
        self.commits = Commits(self.redis, self.node, limits, self.cache, live_ttl)
        #: Beats, judges other processes' beats, restores presence after a cut.
        self.liveness = Liveness(self.redis, self.node, live_ttl,
                                 lambda: self.cache.watched, self._apply)
        #: Round trips of reads (the commits count their own: :attr:`round_trips`).
        self._trips = 0
        #: When the listener last went round its loop (monotonic), for readiness.
        self.listener_seen = 0.0
        #: Performs effects for this process's sockets (set by :meth:`listen`).
        self._perform: Listener | None = None
        #: The listener hearing doorbells (set by :meth:`listen`).
        self.listener: RedisListener | None = None
        self.recoveries = 0

    @property
    def round_trips(self) -> int:
        """Round trips to Redis so far (reads, commits, the listener's reads)."""
        return self._trips + self.commits.round_trips

    @round_trips.setter
    def round_trips(self, n: int) -> None:
        self._trips = n - self.commits.round_trips

    def is_mine(self, room_id: str, token: str) -> bool:
        """Whether ``token`` names a recent commit this process sent for the room."""
        return self.commits.is_mine(room_id, token)

    async def _call(self, fn: Callable[[], Awaitable[T]]) -> T:
        """Run ``fn``, retrying dead connections; Redis away: ``service/unavailable``."""
        for pause in (*RETRY_PAUSES, None):
            try:
                if not self.cluster:
                    return await fn()
                async with self._slots:
                    return await fn()
            except ProtocolError:
                raise
            except Exception as exc:
                # Anything the client raises while Redis is away or failing over (not
                # only its connection errors: a cluster's MOVED and CLUSTERDOWN, a
                # connection closed under a command) is Redis being away: retried a
                # moment later, then answered service/unavailable, never server/error.
                if not redis_conn.client_failed(exc):
                    raise
                if pause is None:
                    raise self._down(exc) from None
                await asyncio.sleep(pause)
        raise AssertionError("unreachable")  # pragma: no cover

    # -- the Store interface ---------------------------------------------------------------

    async def create(self, room: Room) -> Room:
        txid = self.commits.txid()
        return await self._call(lambda: self._create(room, txid))

    async def _create(self, room: Room, txid: str) -> Room:
        if self.count() >= self.limits.max_rooms:  # rooms this process holds
            raise ProtocolError("room/limit")
        for _ in range(10):
            key = code_key(room.code)
            if await self.redis.set(key, room.id, nx=True, px=self.commits.ttl_ms(room)) or \
                    await self.redis.get(key) == room.id.encode():  # ours: a try before
                break
            room = room.but(code=new_code())
        else:  # pragma: no cover - 31**6 codes
            raise ProtocolError("room/limit")
        new_rev, _, _ = await self.commits.commit(
            room, -1, "", Effects(), redis_record.diff(None, None, room), None, txid)
        if new_rev < 0 and not await self.commits.was_mine(room.id, txid):
            raise ProtocolError("room/limit")  # pragma: no cover - 2**64 room ids
        return room

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
        attempt = _Attempt(self.commits.txid())
        try:
            return await self._call(lambda: self._mutate(room_id, change, attempt))
        except ProtocolError as exc:
            if exc.code == "move/stale":
                await self._deliver_held(room_id)
            elif exc.code == "service/unavailable":
                self.liveness.owe(room_id)  # a member who left may still be shown here
            raise

    async def _deliver_held(self, room_id: str) -> None:
        """A change refused as stale was judged on the room as Redis has it, which this
        process may hold ahead of what it has delivered (its doorbells lost, its listener
        reconnecting after a failover): deliver those commits now, so that the client
        told ``move/stale`` gets the table it did not see, not only once the listener
        is back."""
        entry = self.cache.get(room_id)
        if entry is None or entry.delivered >= entry.rev:
            return
        try:
            await self._deliver_before(room_id, entry.rev, entry.rev)
        except Exception as exc:
            if not redis_conn.client_failed(exc):
                raise
            # the listener delivers them when Redis is back

    async def _mutate(self, room_id: str, change: Change, attempt: _Attempt
                      ) -> tuple[Room, Effects]:
        if attempt.fx is not None:
            # A try before this one lost its connection after sending its commit: if
            # Redis made it, it stands (answered as made, never run a second time).
            if await self.commits.was_mine(room_id, attempt.txid):
                _, room, _, _ = await self._fetch(room_id)
                return room, attempt.fx
            attempt.fx = None
        cached = self.cache.get(room_id)
        fresh = cached is None
        rev, current, written, token = \
            (cached.rev, cached.room, cached.written, cached.token) if cached \
            else await self._fetch(room_id)
        raced = False
        try:
            for _ in range(MAX_TRIES):
                try:
                    work, fx = change(current)  # may raise: nothing is written
                except ProtocolError:
                    if fresh:
                        raise
                    # Judged on a copy that may be behind: only the committed room's
                    # answer counts (a move at the version others reached is not stale).
                    rev, current, written, token = await self._fetch(room_id)
                    fresh = True
                    continue
                d = redis_record.diff(current, written, work)
                if d.empty and effects_codec.dump(fx) == _NOTHING:
                    return current, fx  # nothing to keep and nothing to tell
                attempt.fx = fx
                new_rev, _, held = await self.commits.commit(work, rev, token, fx, d,
                                                             current, attempt.txid)
                attempt.fx = None
                if new_rev >= 0:
                    raced = False
                    await self._deliver_before(room_id, rev, new_rev)
                    return work, fx
                raced = True
                at = -new_rev - 2
                if at < rev or (at == rev and held != token):
                    # Redis does not hold the table we hold, nor one made after it: it
                    # went back in time (the revision alone may be the same)
                    rev, current, written, token = await self._reconcile(room_id)
                else:  # lost a race: reload, run again
                    rev, current, written, token = await self._fetch(room_id)
                fresh = True
            raise ProtocolError("move/stale", "The table is very busy; look again and "
                                "retry.")
        finally:
            if raced:
                await self._code_follows_room(room_id, current.code)

    async def _deliver_before(self, room_id: str, base: int, new_rev: int) -> None:
        await deliver_before(self, room_id, base, new_rev)

    async def _code_follows_room(self, room_id: str, code: str) -> None:
        """A refused compare-and-set still refreshed the join code's expiry (same
        pipeline) from a copy that was behind; when no commit followed to set it again,
        give the code the room's own remaining time (a closed room's code must not
        outlive it by a day)."""
        with contextlib.suppress(RedisError, OSError):
            ttl = await self.redis.pttl(room_key(room_id))
            if ttl > 0:
                await self.redis.pexpire(code_key(code), ttl)
            elif ttl == -2:  # the room is gone
                await self.redis.delete(code_key(code))

    async def remove(self, room_id: str) -> None:
        self.commits.lobby.forget()
        cached = self.cache.get(room_id)
        await self.unwatch(room_id)
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.delete(room_key(room_id), log_key(room_id))
                if cached is not None:
                    pipe.delete(code_key(cached.room.code))
                pipe.zrem(LOBBY, room_id)
                pipe.hdel(LOBBY_INFO, room_id)
                await pipe.execute()
        except Exception as exc:
            if not redis_conn.client_failed(exc):
                raise
            raise self._down(exc) from None

    async def lobby(self, limit: int) -> list[dict[str, Any]]:
        """The public rooms' lines (:class:`server.redis_lobby.Lobby`)."""
        try:
            return await self.commits.lobby.read(limit)
        except Exception as exc:
            if not redis_conn.client_failed(exc):
                raise
            raise self._down(exc) from None

    async def expired(self, now: float) -> list[str]:
        return []  # keys expire in Redis by themselves

    async def watch(self, room_id: str) -> None:
        """Deliver this room's effects from now on (not its history)."""
        if time.monotonic() - self.liveness.beaten > CHECK_EVERY:
            await self._call(self.liveness.beat)
        if self.cache.get(room_id) is None:
            await self.load(room_id)
        if room_id not in self.cache.watched:
            # the rooms this process holds: whoever outlives it marks its members away
            await self._call(lambda: self.redis.sadd(node_rooms_key(self.node), room_id))
        self.cache.watch(room_id)

    async def unwatch(self, room_id: str) -> None:
        if room_id in self.cache.watched:
            with contextlib.suppress(RedisError, OSError):
                await self.redis.srem(node_rooms_key(self.node), room_id)
        self.cache.unwatch(room_id)

    def cached(self, room_id: str) -> Room | None:
        return self.cache.room(room_id)

    def local_rooms(self) -> list[Room]:
        return self.cache.watched_rooms()

    def count(self) -> int:
        """Rooms this process holds: those with members connected here."""
        return len(self.cache.watched)

    async def ready(self) -> str | None:
        """``None`` when able to serve, else why not: Redis must answer and the
        listener must be going round (fan-out across processes is current)."""
        try:
            async with asyncio.timeout(1.0):
                await self.redis.ping()
        except Exception as exc:
            if not (isinstance(exc, TimeoutError) or redis_conn.client_failed(exc)):
                raise
            return "redis unreachable"
        if time.monotonic() - self.listener_seen > 3 * CHECK_EVERY:
            return "listener behind"
        if self.liveness.restore_due:
            return "restoring presence after a cut from redis"
        return None

    async def close(self) -> None:
        # Going away on purpose: the other processes may mark our members away now.
        with contextlib.suppress(RedisError, OSError):
            await self.liveness.leave()
        await self.redis.aclose()

    async def _apply(self, room_id: str, change: Change) -> None:
        """Run a change the store makes itself (a dead process's members marked away, a
        returning one's restored) on the room as Redis holds it (a copy here may be
        behind: a change that alters nothing on it would not be written), and perform
        its effects for this process's sockets."""
        if self.cache.get(room_id) is not None:
            await self._call(lambda: self._fetch(room_id))
        room, fx = await self.mutate(room_id, change)
        await self._resync(room, fx)

    # -- reading and writing ---------------------------------------------------------------

    def _down(self, exc: Exception) -> Unavailable:
        log.warning("redis unavailable: %s", type(exc).__name__)
        return Unavailable()

    async def _fetch(self, room_id: str) -> Fetched:
        """The room as Redis has it now (one round trip), kept in the cache: its
        revision, the room, what Redis holds of it, its token."""
        # What this process held before the read: a commit of its own that the read
        # crosses may leave the copy newer than what the read returns, which is no loss
        previous = self.cache.get(room_id)
        held = None if previous is None else (previous.rev, previous.token, previous.room)
        self._trips += 1
        fields = await self.redis.hgetall(room_key(room_id))
        rev = fields.get(b"rev")
        token = text(fields.get(b"n", b""))
        if held is not None and (rev is None or int(rev) < held[0] or (
                int(rev) == held[0] and token != held[1])):
            return await self._reconcile(room_id)  # Redis does not hold our copy's past
        if rev is None or len(fields) < 2:
            self.cache.drop(room_id)
            raise ProtocolError("room/not_found")
        now = self.cache.get(room_id)
        if now is not None and now.rev > int(rev):  # a commit of ours crossed the read
            return now.rev, now.room, now.written, now.token
        got, room, written = redis_record.load(
            fields, self.limits, previous=held[2] if held else None)
        if room.closed:
            self.cache.drop(room_id)
            raise ProtocolError("room/closed")
        self.cache.keep(room, got, written, token)
        return got, room, written, token

    async def reconcile(self, room_id: str) -> None:
        """The listener saw Redis behind what it delivered: recover (see below)."""
        await self._call(lambda: self._reconcile(room_id))

    async def _reconcile(self, room_id: str) -> Fetched:
        return await reconcile(self, room_id)

    async def _resync(self, room: Room, fx: Effects) -> None:
        if self._perform is not None and room.id in self.cache.watched:
            await self._perform(room, fx)

    # -- hearing other processes -----------------------------------------------------------

    async def listen(self, listener: Listener, held: Held = nobody) -> None:
        """Forever: hear doorbells, catch up from streams, reconnect with backoff
        (``held``: the members whose connections this process holds in a room, whose
        presence it restores after it was cut from Redis)."""
        self._perform = listener
        self.liveness.held = held
        self.listener = RedisListener(self, listener)
        await self.listener.run()
