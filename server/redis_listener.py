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
from .redis_keys import bell, log_key, node_key, raw, room_key, room_of_bell
from .room import Effects
from .store import Listener

if TYPE_CHECKING:
    from .redis_store import RedisStore

log = logging.getLogger("sympathy.redis")

#: How often a process checks its watched rooms' revisions when pub/sub is quiet, and
#: says it is alive.
CHECK_EVERY = 2.0


class RedisListener:
    def __init__(self, store: RedisStore, listener: Listener) -> None:
        self.store = store
        self.cache = store.cache
        self.redis = store.redis
        self.listener = listener

    async def run(self) -> None:
        """Forever: hear doorbells, catch up from streams, reconnect with backoff."""
        delay = 0.1
        while True:
            try:
                await self._listen_once()
                delay = 0.1
            except (RedisError, OSError) as exc:
                log.warning("redis listener lost its connection (%s); retrying in %.1fs",
                            type(exc).__name__, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)

    async def _listen_once(self) -> None:
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        subscribed: set[str] = set()
        try:
            # Anything may have happened while we were not listening: catch up first.
            for room_id in list(self.cache.watched):
                await self.catch_up(room_id)
            last_check = time.monotonic()
            while True:
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
                    room_id = room_of_bell(msg["channel"].decode())
                    if int(msg["data"]) > self.cache.delivered(room_id):
                        await self.catch_up(room_id)
                if time.monotonic() - last_check > CHECK_EVERY:
                    last_check = time.monotonic()
                    await self.store.beat()
                    await self._check_revisions()
                    await self._check_nodes()
        finally:
            with contextlib.suppress(Exception):
                await pubsub.aclose()  # type: ignore[no-untyped-call]

    async def _check_revisions(self) -> None:
        rooms = list(self.cache.watched)
        if not rooms:
            return
        async with self.redis.pipeline(transaction=False) as pipe:
            for r in rooms:
                pipe.hget(room_key(r), "rev")
            revs = await pipe.execute()
        for r, rev in zip(rooms, revs, strict=True):
            if rev is not None and int(rev) > self.cache.delivered(r):
                await self.catch_up(r)

    async def _check_nodes(self) -> None:
        """Mark away the members held by processes that stopped beating (killed)."""
        rooms = self.cache.watched_rooms()
        nodes = sorted({m.node for room in rooms for m in room.members.values()
                        if m.connected and m.node and m.node != self.store.node})
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
                    changed, fx = await self.store.mutate(
                        room.id, lambda r: r.drop_nodes(dead, now))
                    await self.listener(changed, fx)

    async def catch_up(self, room_id: str) -> None:
        """Perform the commits this process has not delivered, from the room's stream."""
        entry = self.cache.get(room_id)
        if entry is None or room_id not in self.cache.watched:
            return
        async with self.redis.pipeline(transaction=False) as pipe:
            # the stream is short (event_log entries): read it whole, keep what is new
            pipe.xrange(log_key(room_id), min="-", max="+")
            pipe.hmget(room_key(room_id), ["rev", "data"])
            entries, (rev, data) = await pipe.execute()
        self.store.round_trips += 1
        if rev is None or data is None:
            return
        room = room_codec.load(msgpack.unpackb(raw(data)), self.store.limits,
                               previous=entry.room)
        self.cache.keep(room, int(rev))
        done = entry.delivered
        fresh = [f for _, f in entries if int(f[b"rev"]) > done]
        fresh = [f for f in fresh if int(f[b"rev"]) <= entry.rev]
        revs = [int(f[b"rev"]) for f in fresh]
        entry.delivered = max(entry.rev, done)
        if not revs:
            return
        if revs[0] != done + 1 or revs != list(range(revs[0], revs[0] + len(revs))):
            # the stream no longer holds all we missed: resend the whole picture
            await self.listener(room, Effects(state=True, presence=True, proposals=True))
            return
        for f in fresh:
            if f[b"node"].decode() != self.store.node:
                await self.listener(room, effects_codec.load(msgpack.unpackb(f[b"fx"])))
