"""Hearing other processes: doorbells, catching up from a room's stream, dead processes.

The listener subscribes (``SSUBSCRIBE``: sharded pub/sub) to the doorbell of every room
this process watches, on the master that holds the room's slot: one Redis, or on a
cluster one pub/sub connection per master holding watched rooms, each read by a task of
its own. A doorbell past what has been delivered here reads the room's newest stream
entries and its record in one pipelined round trip and performs the new commits' effects
for this process's sockets. Pub/sub drops messages when its connection drops, so a
periodic check compares revisions too. A revision is compared with its commit's token:
after Redis went back in time the same revision may name another table, and entries
are applied only when they follow on, token by token, from the table delivered here;
otherwise the store recovers (:meth:`Holder.reconcile`) and resyncs. The same check
beats, restores this process's members' presence after a cut, and marks away the
members of processes whose beats stopped (:mod:`server.redis_liveness`).

Everything the listener does to rooms (doorbells, checks) runs one at a time, under one
lock: only the reading of the pub/sub connections runs side by side.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import msgpack
from redis.exceptions import RedisError

from protocol.errors import ProtocolError
from protocol.limits import Limits

from ..room import Effects
from . import effects_codec, redis_conn, redis_record
from .redis_cache import RoomCache
from .redis_keys import bell, chained, log_key, parse_ring, room_key, room_of_bell, text
from .redis_liveness import Liveness
from .store import Listener


class Holder(Protocol):
    """What the listener needs of the store it hears for (the Redis store): its client
    and cache, this process's name and liveness, and the recovery it runs when Redis
    went back in time."""

    redis: redis_conn.Client
    cache: RoomCache
    cluster: bool
    node: str
    limits: Limits
    liveness: Liveness
    #: Round trips to Redis (counted for the benchmarks) and when this listener last
    #: went round its loop (for readiness).
    round_trips: int
    listener_seen: float

    def is_mine(self, room_id: str, token: str) -> bool: ...
    async def reconcile(self, room_id: str) -> None: ...

log = logging.getLogger("sympathy.redis")

#: Backoff of the listener's reconnection (seconds).
MIN_DELAY, MAX_DELAY = 0.05, 1.0
#: How often a process checks its watched rooms' revisions when pub/sub is quiet, and
#: says it is alive.
CHECK_EVERY = 2.0
#: How long a pub/sub reader waits for a message before it looks at its subscriptions:
#: a room watched here for the first time (a watcher joined) is subscribed to, and its
#: revision looked at, at most this much later; meanwhile its moves wait. (0.1 s made
#: the first move after such a join the slowest of the bench's moves across processes;
#: the price is a wakeup of each shard's reader 50 times a second while pub/sub is quiet.)
POLL = 0.02
#: Stream entries read past those a doorbell says are missing (more may have come).
SLACK = 2

Ring = Callable[[str, bytes], Awaitable[None]]
#: Called with the rooms a shard has just subscribed to.
Heard = Callable[[list[str]], Awaitable[None]]


class Shard:
    """The doorbells of the watched rooms whose slots one master holds."""

    def __init__(self, store: Holder, name: str) -> None:
        self.name = name
        self.client, self.owned = redis_conn.shard_client(store.redis, name)
        self.pubsub: Any = self.client.pubsub(ignore_subscribe_messages=True)
        self.want: set[str] = set()
        self.have: set[str] = set()
        self.changed = asyncio.Event()

    async def run(self, ring: Ring, heard: Heard) -> None:
        await self.pubsub.ping()
        while True:
            stop_if_cancelled()
            if self.want != self.have:
                want = set(self.want)
                new = list(want - self.have)
                # one channel a command: channels of different slots may not share one
                for r in new:
                    await self.pubsub.ssubscribe(bell(r))
                for r in self.have - want:
                    await self.pubsub.sunsubscribe(bell(r))
                self.have = want
                if new:
                    # a commit between the room's load and this subscription rang unheard
                    await heard(new)
            self.changed.clear()
            if self.have:
                msg = await self.pubsub.get_message(timeout=POLL)
                if msg is not None and msg.get("type") in ("smessage", "message"):
                    await ring(room_of_bell(msg["channel"].decode()), msg["data"])
            else:
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(0.5):
                        await self.changed.wait()

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.pubsub.aclose()
        if self.owned:
            with contextlib.suppress(Exception):
                await self.client.aclose()


class RedisListener:
    def __init__(self, store: Holder, listener: Listener) -> None:
        self.store = store
        self.cache = store.cache
        self.redis = store.redis
        self.listener = listener
        self._went_round = False
        #: Held while the listener works on rooms (doorbells wait meanwhile).
        self.lock = asyncio.Lock()

    async def run(self) -> None:
        """Forever: hear doorbells, catch up from streams, reconnect with backoff."""
        delay = MIN_DELAY
        while True:
            stop_if_cancelled()
            try:
                await self._listen_once()
            except Exception as exc:
                stop_if_cancelled()
                lost = _connection_lost(exc)
                if lost is None:
                    raise
                log.warning("redis listener lost its connection (%s); retrying in %.1fs",
                            type(lost).__name__, delay)
                self.store.liveness.lost()
                # A restarted Redis leaves every pooled connection dead: drop them all
                # now rather than meet them one by one, each with a longer backoff.
                with contextlib.suppress(RedisError, OSError):
                    await _disconnect(self.redis)
                await asyncio.sleep(delay)
                delay = MIN_DELAY if self._went_round else min(delay * 2, MAX_DELAY)

    async def _listen_once(self) -> None:
        self._went_round = False
        shards: dict[str, Shard] = {}
        where: dict[str, Shard] = {}  # watched room -> its shard
        try:
            await self.redis.ping()
            async with asyncio.TaskGroup() as tg:
                # Anything may have happened while we were not listening: catch up first.
                for room_id in list(self.cache.watched):
                    await self.catch_up(room_id)
                async with self.lock:
                    # back after a cut: say so at once, and restore presence if due
                    await self.store.liveness.beat()
                    await self.store.liveness.restore()
                last_check = time.monotonic()
                everything = False
                while True:
                    stop_if_cancelled()
                    self.store.listener_seen = time.monotonic()
                    self._went_round = True
                    self.cache.wake.clear()
                    self._place(shards, where, tg, everything)
                    everything = False
                    with contextlib.suppress(TimeoutError):
                        async with asyncio.timeout(0.5):
                            await self.cache.wake.wait()
                    if time.monotonic() - last_check > CHECK_EVERY:
                        last_check = time.monotonic()
                        everything = self.store.cluster  # slots may have moved
                        async with self.lock:
                            await self.store.liveness.beat()
                            await self._check_revisions()
                            await self.store.liveness.restore()
                            await self.store.liveness.reap()
                            self.cache.evict()
        finally:
            for shard in shards.values():
                await shard.close()

    def _place(self, shards: dict[str, Shard], where: dict[str, Shard],
               tg: asyncio.TaskGroup, everything: bool) -> None:
        """Subscribe to the watched rooms' doorbells where they ring, and no others
        (``everything``: look again where each room rings, else only for new ones)."""
        watched = self.cache.watched
        for room_id in [r for r in where if r not in watched]:
            shard = where.pop(room_id)
            shard.want.discard(room_id)
            shard.changed.set()
        for room_id in watched:
            old = where.get(room_id)
            if old is not None and not everything:
                continue
            name = redis_conn.shard_of(self.redis, bell(room_id))
            if old is not None and old.name == name:
                continue
            if old is not None:
                old.want.discard(room_id)
                old.changed.set()
            new = shards.get(name)
            if new is None:
                new = shards[name] = Shard(self.store, name)
                tg.create_task(new.run(self._ring, self._heard))
            new.want.add(room_id)
            new.changed.set()
            where[room_id] = new

    async def _ring(self, room_id: str, data: bytes) -> None:
        rev, node, token = parse_ring(data)
        async with self.lock:
            entry = self.cache.get(room_id)
            if entry is None:
                return
            mine = node == self.store.node and self.store.is_mine(room_id, token)
            if mine and rev == entry.delivered + 1:
                # Our own commit, next in line (its token is one this process made, so
                # it followed the table delivered here): the command that made it
                # performs its effects here (a move is one round trip: no stream read
                # for its doorbell, even when it rings before the commit's answer).
                entry.deliver(rev, token)
            elif mine and rev < entry.delivered:
                return  # our own commit's late doorbell: performed already
            elif rev > entry.delivered:
                await self.catch_up(room_id, missing=rev - entry.delivered)
            elif rev != entry.delivered or token != entry.dtoken:
                await self.catch_up(room_id)

    async def _heard(self, rooms: list[str]) -> None:
        """The doorbells of ``rooms`` are heard from now on. A room starts to be watched
        (:meth:`RedisStore.watch`) before its doorbell is subscribed to, and a commit made
        in between (the first move after a watcher joins on another process) rang
        unheard: look at their revisions once now, not at the next check (up to
        ``CHECK_EVERY`` later, the table that long behind for whoever joined here)."""
        async with self.lock:
            await self._check_revisions(rooms)

    async def _check_revisions(self, only: list[str] | None = None) -> None:
        rooms = [r for r in only if r in self.cache.watched] if only is not None \
            else list(self.cache.watched)
        if not rooms:
            return
        # what was delivered here when the reads were sent: Redis holds that or later
        sent = {r: (e.delivered, e.dtoken) for r in rooms
                if (e := self.cache.entries.get(r)) is not None}
        async with self.redis.pipeline(transaction=False) as pipe:
            for r in rooms:
                pipe.hget(room_key(r), "rev")
                pipe.hget(room_key(r), "n")
            got = await pipe.execute()
        for r, rev, token in zip(rooms, got[0::2], got[1::2], strict=True):
            entry = self.cache.get(r)
            if entry is None:
                continue
            tok = text(token or b"")
            if rev is not None and int(rev) == entry.delivered + 1 \
                    and self.store.is_mine(r, tok):
                # Our own commit, next in line, its answer on its way (a busy room is
                # found so at most checks): as for its doorbell, the command that made
                # it performs its effects; no stream or record read.
                entry.deliver(int(rev), tok)
            elif rev is not None and int(rev) < entry.delivered and r in sent and (
                    (int(rev), tok) == sent[r] or (
                        int(rev) > sent[r][0] and self.store.is_mine(r, tok))):
                # The table read is the one delivered here when the reads were sent, or
                # a commit of ours made after it, and this process has delivered later
                # commits of its own since (their answers came back before the reads'):
                # not a sign that Redis went back in time. The next check compares again.
                continue
            elif rev is None or int(rev) != entry.delivered or tok != entry.dtoken:
                await self.catch_up(r)

    async def catch_up(self, room_id: str, missing: int = 0) -> None:
        """Perform the commits this process has not delivered, from the room's stream
        (``missing``: how many a doorbell says there are; 0: read the stream whole).

        A room that cannot be read (a record this version cannot load) is logged and
        skipped: one bad room never stops the others' fan-out."""
        try:
            await self._catch_up(room_id, missing)
        except ProtocolError:
            pass  # gone or closed meanwhile
        except Exception as exc:
            if redis_conn.client_failed(exc):
                raise  # Redis away: the listener reconnects
            log.exception("cannot catch up room %s; skipping it", room_id)

    async def _catch_up(self, room_id: str, missing: int) -> None:
        entry = self.cache.get(room_id)
        if entry is None or room_id not in self.cache.watched:
            return
        if missing:
            # The doorbell said how many commits there are to hear: their stream entries
            # carry the fields they wrote, which bring this copy up to date without
            # reading the record (a few hundred bytes a commit, whatever the crowd).
            entries = await self.redis.xrevrange(log_key(room_id), count=missing + SLACK)
            self.store.round_trips += 1
            entries.reverse()
            if await self._apply(room_id, entries):
                return
        async with self.redis.pipeline(transaction=False) as pipe:
            # the stream is short (STREAM_KEEP entries): read it whole, and the record
            pipe.xrange(log_key(room_id), min="-", max="+")
            pipe.hgetall(room_key(room_id))
            entries, fields = await pipe.execute()
        self.store.round_trips += 1
        entry = self.cache.get(room_id)
        if entry is None or room_id not in self.cache.watched:
            return
        rev = fields.get(b"rev")
        token = text(fields.get(b"n", b""))
        done = entry.delivered
        after = [f for _, f in entries if int(f[b"rev"]) > done]
        if rev is None or int(rev) < done or not (
                (int(rev) == done and token == entry.dtoken)
                or (chained(after, done, entry.dtoken) and after
                    and int(after[-1][b"rev"]) == int(rev)
                    and text(after[-1][b"tok"]) == token)):
            # Redis does not hold the table delivered here or commits made after it
            # (it went back in time), or its stream cannot show that it does
            await self.store.reconcile(room_id)
            return
        got, room, written = redis_record.load(fields, self.store.limits,
                                               previous=entry.room)
        self.cache.keep(room, got, written, token)
        await self._perform(room_id, entries)

    async def _apply(self, room_id: str, entries: list[Any]) -> bool:
        """Bring this copy up to date from stream entries and perform their effects;
        ``False`` when they do not follow on from what was delivered here (the record
        must be read)."""
        entry = self.cache.get(room_id)
        if entry is None or room_id not in self.cache.watched:
            return True
        done, rev, room, written = entry.delivered, entry.rev, entry.room, entry.written
        token = entry.token
        newer = [f for _, f in entries if int(f[b"rev"]) > done]
        if not newer or written is None or not chained(newer, done, entry.dtoken):
            return False  # not what follows the table delivered here
        try:
            for f in newer:
                if int(f[b"rev"]) <= rev:
                    continue  # this copy has it already (reloaded ahead of its doorbell)
                sets, dels = redis_record.unpack_ops(f[b"ops"])
                room, written = redis_record.apply(room, written, sets, dels,
                                                   self.store.limits)
                rev, token = int(f[b"rev"]), text(f[b"tok"])
        except (KeyError, redis_record.Unreadable):
            return False
        if room.version < entry.room.version:
            return False  # not the history this copy knows: read the record
        self.cache.keep(room, rev, written, token)
        await self._perform(room_id, entries)
        return True

    async def _perform(self, room_id: str, entries: list[Any]) -> None:
        """Perform the effects of the commits after those delivered here, up to this
        copy's revision."""
        entry = self.cache.get(room_id)
        if entry is None:
            return
        done, done_token = entry.delivered, entry.dtoken
        fresh = [f for _, f in entries if done < int(f[b"rev"]) <= entry.rev]
        revs = [int(f[b"rev"]) for f in fresh]
        if entry.rev >= done:
            entry.deliver(entry.rev, entry.token)
        if not revs:
            return
        # Effects are performed with the newest copy held, read again after every
        # await: a change committed here meanwhile must never be followed by an older
        # table (the fan-out also never sends a client a state older than one it has).
        if not chained(fresh, done, done_token):
            # the stream no longer holds all we missed: resend the whole picture
            await self.listener(entry.room, Effects(state=True, presence=True,
                                                    proposals=True))
            return
        for f in fresh:
            if f[b"node"].decode() != self.store.node:
                await self.listener(entry.room,
                                    effects_codec.load(msgpack.unpackb(f[b"fx"])))


def stop_if_cancelled() -> None:
    """Raise ``CancelledError`` if this task was asked to stop. redis-py's reads with a
    timeout can swallow a cancellation that meets their timeout (seen on Python 3.11: a
    shutdown waited for ever on a pub/sub reader), or turn it into a connection error
    that the listener would retry: every loop here looks before going round again."""
    me = asyncio.current_task()
    if me is not None and me.cancelling():
        raise asyncio.CancelledError


def _connection_lost(exc: BaseException) -> BaseException | None:
    """The Redis error behind ``exc`` (the tasks of the listener raise in groups), or
    ``None`` when it is something else."""
    if isinstance(exc, BaseExceptionGroup):
        found = [_connection_lost(e) for e in exc.exceptions]
        if found and all(f is not None for f in found):
            return found[0]
        return None
    return exc if redis_conn.client_failed(exc) else None


async def _disconnect(client: Any) -> None:
    pool = getattr(client, "connection_pool", None)
    if pool is not None:
        await pool.disconnect()
    else:  # a cluster: every master's connections
        for node in client.get_nodes():
            await node.disconnect()
