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

Redis going back in time (restarted from an older append-only file or snapshot, or a
replica that missed writes, having lost acknowledged writes): every commit has a random
token that the compare-and-set checks with the revision, so a table is named by both,
and a revision Redis gives again names another table. A process holding a copy of the
room learns from Redis that its copy is not the table Redis holds: a compare-and-set
refused (the revision, or only the token, differs), a doorbell or a check whose revision
and token are not what was delivered here, stream entries that do not follow on from
it, or the room missing. It then recovers (:meth:`RedisStore._reconcile`): when the
room Redis holds has a version past every version this process showed (another process
recovered first), it takes that room and resyncs its clients; otherwise it moves the
version of the room Redis holds (or of its own copy, if Redis lost the room) past every
version it has shown by ``RECOVERY_JUMP``, commits that (its effects resync every
client of every process), and resyncs its own. So a write made on a table Redis lost is
never accepted, and a version a client has seen is never reused for another table by a
process that showed it. What the deploy files promise so that this does not happen is
in the README (``appendfsync always``).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import hashlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import msgpack
from redis.exceptions import NoScriptError, RedisError

from protocol.errors import ProtocolError
from protocol.limits import Limits

from . import effects_codec, redis_conn, redis_record
from .redis_cache import RoomCache
from .redis_keys import (
    CAS,
    LOBBY,
    LOBBY_INFO,
    LOBBY_READ,
    Unavailable,
    bell,
    chained,
    code_key,
    log_key,
    new_token,
    node_rooms_key,
    pack,
    raw,
    room_key,
    text,
)
from .redis_listener import CHECK_EVERY, RedisListener
from .redis_liveness import Liveness
from .redis_record import Diff, Written
from .room import Effects, Room, new_code
from .store import Change, Held, Listener, nobody, normal_code

log = logging.getLogger("sympathy.redis")

#: How long a room with someone connected lives without any change.
LIVE_TTL = 24 * 3600.0
MAX_TRIES = 8
#: Commits a room's stream keeps (each with the fields it wrote: a few hundred bytes):
#: a process that missed more reads the record whole.
STREAM_KEEP = 64
#: How long a process answers the lobby from its last read of it (seconds).
LOBBY_EVERY = 1.0
#: How far a recovered room's version jumps past the highest version known: more than
#: one room can change in the second of writes a Redis may lose (only players whose turn
#: it is move, each within a budget of 20 messages a second, at most 8 seats).
RECOVERY_JUMP = 1000
#: Pauses before retrying a call that met a dead connection (a restarted Redis leaves
#: every pooled connection dead; each failure drops one, the retry takes a fresh one).
RETRY_PAUSES = (0.02, 0.1, 0.3)
#: How many of its own recent commits' tokens a process remembers per room (doorbells
#: ring at most a few commits late).
MINE = 16
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
        self._cas_sha = hashlib.sha1(CAS.encode()).hexdigest()
        self._lobby_sha = hashlib.sha1(LOBBY_READ.encode()).hexdigest()
        #: The lobby as last read: (monotonic time, limit, lines).
        self._lobby: tuple[float, int, list[dict[str, Any]]] | None = None
        # A cluster client raises past its connections per master instead of waiting:
        # calls in flight wait here instead.
        self._slots = asyncio.Semaphore(redis_conn.POOL_SIZE)
        self.cache = RoomCache()
        #: Beats, judges other processes' beats, restores presence after a cut.
        self.liveness = Liveness(self.redis, self.node, live_ttl,
                                 lambda: self.cache.watched, self._apply)
        self.round_trips = 0
        #: The tokens of this process's recent commits, per room (see :meth:`is_mine`).
        self.mine: dict[str, collections.deque[str]] = {}
        #: When the listener last went round its loop (monotonic), for readiness.
        self.listener_seen = 0.0
        #: Performs effects for this process's sockets (set by :meth:`listen`).
        self._perform: Listener | None = None
        self.recoveries = 0
        self._txids = 0

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

    async def create(self, room: Room) -> None:
        txid = self._txid()
        await self._call(lambda: self._create(room, txid))

    async def _create(self, room: Room, txid: str) -> None:
        if self.count() >= self.limits.max_rooms:  # rooms this process holds
            raise ProtocolError("room/limit")
        for _ in range(10):
            key = code_key(room.code)
            if await self.redis.set(key, room.id, nx=True, px=self._ttl_ms(room)) or \
                    await self.redis.get(key) == room.id.encode():  # ours: a try before
                break
            room.code = new_code()
        else:  # pragma: no cover - 31**6 codes
            raise ProtocolError("room/limit")
        new_rev, _, _ = await self._commit(room, -1, "", Effects(),
                                           redis_record.diff(None, None, room), None, txid)
        if new_rev < 0 and not await self._was_mine(room.id, txid):
            raise ProtocolError("room/limit")  # pragma: no cover - 2**64 room ids

    def _txid(self) -> str:
        """A name for one change, the same on every try: a try whose answer was lost
        may have been committed (the record keeps the name of its last commit)."""
        self._txids += 1
        return f"{self.node}.{self._txids}"

    async def _was_mine(self, room_id: str, txid: str) -> bool:
        """Whether the room's last commit is the change named ``txid``."""
        self.round_trips += 1
        return bool(await self.redis.hget(room_key(room_id), "t") == txid.encode())

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
        attempt = _Attempt(self._txid())
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
            if await self._was_mine(room_id, attempt.txid):
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
                work = redis_record.clone(current)  # the committed room is never touched
                try:
                    fx = change(work)  # may raise: nothing is written
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
                new_rev, _, held = await self._commit(work, rev, token, fx, d, current,
                                                      attempt.txid)
                attempt.fx = None
                if new_rev >= 0:
                    raced = False
                    redis_record.settle(work)
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
        """A change committed on top of other processes' commits (up to ``base``) whose
        effects have not been performed here yet: perform theirs first, so that every
        member of the room gets its frames in commit order (a call that lost its race
        after the call that won it). Only after a lost race: one stream read."""
        entry = self.cache.get(room_id)
        if entry is None or entry.delivered >= base or self._perform is None \
                or room_id not in self.cache.watched:
            return
        done, done_token = entry.delivered, entry.dtoken
        if new_rev >= entry.delivered:  # claimed: the listener will not redo these
            entry.deliver(new_rev, entry.token if entry.rev == new_rev else "")
        found: list[tuple[bytes, dict[bytes, bytes]]] = await self.redis.xrange(
            log_key(room_id), min="-", max="+")
        self.round_trips += 1
        fresh = [f for _, f in found if done < int(f[b"rev"]) <= base]
        if not chained(fresh, done, done_token) or len(fresh) != base - done:
            # the stream no longer holds them all, or they followed another table than
            # the one delivered here: resend the whole picture
            await self._perform(entry.room, Effects(state=True, presence=True,
                                                    proposals=True))
            return
        for f in fresh:
            if f[b"node"].decode() != self.node:
                await self._perform(entry.room, effects_codec.load(msgpack.unpackb(f[b"fx"])))

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
        self._lobby = None
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
        """The public rooms' lines. One round trip to the lobby's slot, at most once a
        second per process (every join of the lobby would otherwise land on the one
        shard that holds it); what this process lists or unlists shows at once."""
        now = time.monotonic()
        if self._lobby is not None and now - self._lobby[0] < LOBBY_EVERY \
                and self._lobby[1] >= limit:
            return self._lobby[2][:limit]
        try:
            infos = await self._script(LOBBY_READ, self._lobby_sha, 2, LOBBY, LOBBY_INFO,
                                       repr(time.time()), limit)
        except Exception as exc:
            if not redis_conn.client_failed(exc):
                raise
            raise self._down(exc) from None
        lines = [msgpack.unpackb(raw(i)) for i in infos if i is not None]
        self._lobby = (now, limit, lines)
        return lines

    async def _script(self, src: str, sha: str, numkeys: int, *args: Any) -> Any:
        """EVALSHA, loading the script on NOSCRIPT (once per Redis start or master)."""
        try:
            return await self.redis.execute_command("EVALSHA", sha, numkeys, *args)
        except NoScriptError:
            await self.redis.script_load(src)
            return await self.redis.execute_command("EVALSHA", sha, numkeys, *args)

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

    def _ttl_ms(self, room: Room) -> int:
        # dict's own values: looking must not copy a change's members (CopyOnRead)
        live = any(m.connected for m in dict.values(room.members))
        return int(1000 * (self.live_ttl if live else room.limits.room_ttl))

    async def _fetch(self, room_id: str) -> tuple[int, Room, Written | None, str]:
        """The room as Redis has it now (one round trip), kept in the cache: its
        revision, the room, what Redis holds of it, its token."""
        self.round_trips += 1
        fields = await self.redis.hgetall(room_key(room_id))
        rev = fields.get(b"rev")
        token = text(fields.get(b"n", b""))
        previous = self.cache.get(room_id)
        if previous is not None and (rev is None or int(rev) < previous.rev or (
                int(rev) == previous.rev and token != previous.token)):
            return await self._reconcile(room_id)  # Redis does not hold our copy's past
        if rev is None or len(fields) < 2:
            self.cache.drop(room_id)
            raise ProtocolError("room/not_found")
        got, room, written = redis_record.load(
            fields, self.limits, previous=previous.room if previous else None)
        if room.closed:
            self.cache.drop(room_id)
            raise ProtocolError("room/closed")
        self.cache.keep(room, got, written, token)
        return got, room, written, token

    def _mine(self, room_id: str) -> str:
        """A new commit's token, remembered as this process's (the listener then knows
        its doorbell, even one that rings before the commit's answer is read)."""
        fresh = new_token()
        if len(self.mine) > max(2 * len(self.cache.entries), 1000):
            # forget the rooms this process no longer holds
            self.mine = {k: v for k, v in self.mine.items() if k in self.cache.entries}
        mine = self.mine.setdefault(room_id, collections.deque(maxlen=MINE))
        mine.append(fresh)
        return fresh

    def is_mine(self, room_id: str, token: str) -> bool:
        """Whether ``token`` names a recent commit this process sent for the room."""
        return token in self.mine.get(room_id, ())

    async def _commit(self, room: Room, rev: int, token: str, fx: Effects, d: Diff,
                      old: Room | None, txid: str = "") -> tuple[int, Written, str]:
        """Compare and set ``room`` on the table ``(rev, token)``, writing the fields of
        ``d``; one pipelined round trip. The new revision, what Redis now holds and the
        new token; or ``-2 - r`` and the token of the table Redis holds instead, at
        revision ``r`` (``r`` = -1: no such room)."""
        ttl = self._ttl_ms(room)
        sets, written = d.sets, d.written
        at, code_ttl = written.code
        now = time.time()
        # The join code lives in a key (and a slot) of its own: its expiry is pushed
        # forward only when the room's time to live changes (exactly), and otherwise
        # once a quarter of it has passed (by a quarter more: the code may outlive an
        # idle room by that, never the other way round).
        code_px = ttl if code_ttl != ttl else \
            ttl + ttl // 4 if now - at > ttl / 4000 else 0
        if code_px:
            field, written = redis_record.code_field(written, now, ttl)
            sets = [*sets, field]
        args: list[bytes | str | int] = [
            rev, ttl, self.node, min(self.limits.event_log, STREAM_KEEP),
            pack(effects_codec.dump(fx)), bell(room.id), txid or self._txid(),
            redis_record.pack_ops(sets, d.dels), token, self._mine(room.id)]
        for _ in range(2):
            # EVALSHA straight away; load the script only on NOSCRIPT, which happens
            # once per Redis start (on a cluster: once per master).
            self.round_trips += 1
            cas = ("EVALSHA", self._cas_sha, 2, room_key(room.id), log_key(room.id), *args)
            try:
                if not code_px:
                    ok, new_rev, held = await self.redis.execute_command(*cas)
                    break
                # (a cluster's pipeline sends each master its commands at once)
                async with self.redis.pipeline(transaction=False) as pipe:
                    pipe.execute_command(*cas)
                    pipe.pexpire(code_key(room.code), code_px)
                    ok, new_rev, held = (await pipe.execute())[0]
                    break
            except NoScriptError:
                await self.redis.script_load(CAS)
        else:  # pragma: no cover - the script was just loaded
            raise RedisError("the compare-and-set script could not be loaded")
        new_rev, held = int(new_rev), text(held)
        if not ok:
            return -2 - new_rev, written, held
        entry = self.cache.get(room.id)
        self.cache.keep(room, new_rev, written, held)
        if entry is not None and entry.delivered >= rev and new_rev >= entry.delivered:
            # our caller performs this commit's effects here
            entry.deliver(new_rev, held)
        if room.policy.visibility == "public" and (
                old is None or rev < 0 or old.info() != room.info()
                or self._ttl_ms(old) != ttl or int(new_rev) % 50 == 0):
            # the lobby line changes rarely (seats, watchers, status, everyone gone): a
            # second round trip only then, and now and again to push its expiry forward
            await self._list(room, ttl)
        return new_rev, written, held

    async def reconcile(self, room_id: str) -> None:
        """The listener saw Redis behind what it delivered: recover (see below)."""
        await self._call(lambda: self._reconcile(room_id))

    async def _reconcile(self, room_id: str) -> tuple[int, Room, Written | None, str]:
        """Redis does not hold the table our copy of the room is, nor one made after it:
        Redis lost writes (went back in time). When the room Redis holds is past every
        version shown here (another process recovered it first), take it; otherwise
        make the version of the room Redis has (or ours, if Redis lost it) jump past
        every version shown here and commit that (its effects resync every process's
        clients: each process whose copy is not that table does the same, and each jump
        only goes up). Either way, resync this process's clients.
        """
        full = Effects(state=True, presence=True, proposals=True)
        for _ in range(MAX_TRIES):
            mine = self.cache.get(room_id)
            if mine is None:
                return await self._fetch(room_id)
            self.round_trips += 1
            fields = await self.redis.hgetall(room_key(room_id))
            rev = fields.get(b"rev")
            token = text(fields.get(b"n", b""))
            if rev is not None and int(rev) == mine.rev and token == mine.token:
                return mine.rev, mine.room, mine.written, mine.token  # recovered meanwhile
            if rev is None and room_id not in self.cache.watched:
                self.cache.drop(room_id)  # expired while we held a passing copy
                raise ProtocolError("room/not_found")
            shown = max(mine.shown, mine.room.version)
            before: Room | None
            written: Written | None
            if rev is None:  # the room itself was lost: restore ours
                before, written, base_rev, token = None, None, -1, ""
                base = redis_record.clone(mine.room)
                await self.redis.set(code_key(base.code), base.id, nx=True,
                                     px=self._ttl_ms(base))
            else:
                base_rev, before, written = redis_record.load(fields, self.limits)
                if before.version > shown:
                    # past every version shown here: the table to show
                    self.cache.replace(before, base_rev, written, token)
                    log.warning("room %s is not the table this process held (revision "
                                "%d, ours %d): took version %d; resyncing", room_id,
                                base_rev, mine.rev, before.version)
                    await self._resync(before, full)
                    return base_rev, before, written, token
                base = redis_record.clone(before)
            base.version = max(base.version, shown) + RECOVERY_JUMP
            d = redis_record.diff(before, written, base)
            new_rev, done, held = await self._commit(base, base_rev, token, full, d, before)
            if new_rev < 0:
                continue  # someone committed meanwhile: look again
            redis_record.settle(base)
            self.cache.replace(base, new_rev, done, held)
            self.recoveries += 1
            log.warning("redis went back in time for room %s (revision %d, ours %d): "
                        "reloaded at version %d; resyncing", room_id, base_rev, mine.rev,
                        base.version)
            await self._resync(base, full)
            return new_rev, base, done, held
        raise ProtocolError("move/stale", "The table is very busy; look again and retry.")

    async def _resync(self, room: Room, fx: Effects) -> None:
        if self._perform is not None and room.id in self.cache.watched:
            await self._perform(room, fx)

    async def _list(self, room: Room, ttl_ms: int) -> None:
        """Keep the room's lobby line current (public rooms only)."""
        self._lobby = None
        if room.closed:
            await self.redis.zrem(LOBBY, room.id)
            await self.redis.hdel(LOBBY_INFO, room.id)
            return
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.zadd(LOBBY, {room.id: time.time() + ttl_ms / 1000})
            pipe.hset(LOBBY_INFO, room.id, pack(room.info()))
            await pipe.execute()

    # -- hearing other processes -----------------------------------------------------------

    async def listen(self, listener: Listener, held: Held = nobody) -> None:
        """Forever: hear doorbells, catch up from streams, reconnect with backoff
        (``held``: the members whose connections this process holds in a room, whose
        presence it restores after it was cut from Redis)."""
        self._perform = listener
        self.liveness.held = held
        await RedisListener(self, listener).run()
