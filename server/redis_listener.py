"""Hearing other processes: doorbells, catching up from a room's stream, dead processes.

The listener subscribes to the doorbell of every room this process watches. A doorbell
past what has been delivered here reads the room's stream and record in one pipelined
round trip and performs the new commits' effects for this process's sockets. Pub/sub
drops messages when its connection drops, so a periodic check compares revisions too.
The same check beats this process's heartbeat and marks away the members of processes
whose heartbeat stopped (killed).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING

import msgpack
from redis.exceptions import RedisError

from protocol.errors import ProtocolError

from . import effects_codec, room_codec
from .redis_keys import bell, log_key, parse_ring, raw, room_key, room_of_bell
from .room import Effects
from .store import Listener

if TYPE_CHECKING:
    from .redis_store import RedisStore

log = logging.getLogger("sympathy.redis")

#: Backoff of the listener's reconnection (seconds).
MIN_DELAY, MAX_DELAY = 0.05, 1.0
#: How often a process checks its watched rooms' revisions when pub/sub is quiet, and
#: says it is alive.
CHECK_EVERY = 2.0


class RedisListener:
    def __init__(self, store: RedisStore, listener: Listener) -> None:
        self.store = store
        self.cache = store.cache
        self.redis = store.redis
        self.listener = listener
        self._went_round = False

    async def run(self) -> None:
        """Forever: hear doorbells, catch up from streams, reconnect with backoff."""
        delay = MIN_DELAY
        while True:
            try:
                await self._listen_once()
            except (RedisError, OSError) as exc:
                log.warning("redis listener lost its connection (%s); retrying in %.1fs",
                            type(exc).__name__, delay)
                # A restarted Redis leaves every pooled connection dead: drop them all
                # now rather than meet them one by one, each with a longer backoff.
                with contextlib.suppress(RedisError, OSError):
                    await self.redis.connection_pool.disconnect()
                await asyncio.sleep(delay)
                delay = MIN_DELAY if self._went_round else min(delay * 2, MAX_DELAY)

    async def _listen_once(self) -> None:
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        subscribed: set[str] = set()
        self._went_round = False
        try:
            await pubsub.ping()
            # Anything may have happened while we were not listening: catch up first.
            for room_id in list(self.cache.watched):
                await self.catch_up(room_id)
            last_check = time.monotonic()
            while True:
                self.store.listener_seen = time.monotonic()
                self._went_round = True
                want = set(self.cache.watched)
                if want - subscribed:
                    await pubsub.subscribe(*(bell(r) for r in want - subscribed))
                if subscribed - want:
                    await pubsub.unsubscribe(*(bell(r) for r in subscribed - want))
                subscribed = want
                self.cache.wake.clear()
                msg = None
                if subscribed:
                    msg = await pubsub.get_message(timeout=0.5)
                else:
                    with contextlib.suppress(TimeoutError):
                        async with asyncio.timeout(0.5):
                            await self.cache.wake.wait()
                if msg is not None and msg.get("type") == "message":
                    await self._ring(room_of_bell(msg["channel"].decode()), msg["data"])
                if time.monotonic() - last_check > CHECK_EVERY:
                    last_check = time.monotonic()
                    await self.store.beat()
                    await self._check_revisions()
                    await self.store.reap()
                    self.cache.evict()
        finally:
            with contextlib.suppress(Exception):
                await pubsub.aclose()  # type: ignore[no-untyped-call]

    async def _ring(self, room_id: str, data: bytes) -> None:
        rev, node = parse_ring(data)
        entry = self.cache.get(room_id)
        if entry is None:
            return
        if node == self.store.node and rev == entry.delivered + 1:
            # Our own commit, next in line: the command that made it performs its
            # effects here (a move is one round trip: no stream read for its doorbell).
            entry.delivered = rev
        elif rev != entry.delivered:
            await self.catch_up(room_id)

    async def _check_revisions(self) -> None:
        rooms = list(self.cache.watched)
        if not rooms:
            return
        async with self.redis.pipeline(transaction=False) as pipe:
            for r in rooms:
                pipe.hget(room_key(r), "rev")
            revs = await pipe.execute()
        for r, rev in zip(rooms, revs, strict=True):
            if rev is None or int(rev) != self.cache.delivered(r):
                await self.catch_up(r)

    async def catch_up(self, room_id: str) -> None:
        """Perform the commits this process has not delivered, from the room's stream.

        A room that cannot be read (a record this version cannot load) is logged and
        skipped: one bad room never stops the others' fan-out."""
        try:
            await self._catch_up(room_id)
        except (RedisError, OSError):
            raise
        except ProtocolError:
            pass  # gone or closed meanwhile
        except Exception:
            log.exception("cannot catch up room %s; skipping it", room_id)

    async def _catch_up(self, room_id: str) -> None:
        entry = self.cache.get(room_id)
        if entry is None or room_id not in self.cache.watched:
            return
        async with self.redis.pipeline(transaction=False) as pipe:
            # the stream is short (event_log entries): read it whole, keep what is new
            pipe.xrange(log_key(room_id), min="-", max="+")
            pipe.hmget(room_key(room_id), ["rev", "data"])
            entries, (rev, data) = await pipe.execute()
        self.store.round_trips += 1
        entry = self.cache.get(room_id)
        if entry is None or room_id not in self.cache.watched:
            return
        if rev is None or data is None or int(rev) < entry.delivered:
            await self.store.reconcile(room_id)  # Redis is behind what we delivered
            return
        room = room_codec.load(msgpack.unpackb(raw(data)), self.store.limits,
                               previous=entry.room)
        self.cache.keep(room, int(rev))
        done = entry.delivered
        fresh = [f for _, f in entries if done < int(f[b"rev"]) <= entry.rev]
        revs = [int(f[b"rev"]) for f in fresh]
        entry.delivered = max(entry.rev, done)
        if not revs:
            return
        # Effects are performed with the newest copy held, read again after every
        # await: a change committed here meanwhile must never be followed by an older
        # table (the fan-out also never sends a client a state older than one it has).
        if revs[0] != done + 1 or revs != list(range(revs[0], revs[0] + len(revs))):
            # the stream no longer holds all we missed: resend the whole picture
            await self.listener(entry.room, Effects(state=True, presence=True,
                                                    proposals=True))
            return
        for f in fresh:
            if f[b"node"].decode() != self.store.node:
                await self.listener(entry.room,
                                    effects_codec.load(msgpack.unpackb(f[b"fx"])))
