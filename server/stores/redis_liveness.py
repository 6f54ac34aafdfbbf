"""Which server processes are alive, a process cut off told apart from a dead one, and
what each does about it.

**Beats.** Every process beats from its listener's check (every ``CHECK_EVERY``
seconds): it writes a new random token under its name in one hash,
``sym:{procs}:beats``. Another process judges it dead only when, by its own clock, it has
seen the same token (or none) there for ``NODE_TTL`` seconds. So a death is beats that
stop, never one key gone missing: a failover to a replica that missed the last writes
gives an older token, or none, and that is a change like any other beat (the process
writes a new one at its next check). A process that goes away on purpose writes
``gone``, and is dead at once.

**The dead.** The members of a dead process are marked away in every room it held
(``sym:{procs}:rooms:<NODE>``), by whichever process first takes the reaper's lock; its
name then leaves the hash.

**Cut off.** A process cut from Redis knows it: its listener loses its connection and
its calls fail (``/readyz`` says so). Meanwhile the others may have judged it dead and
marked its members away, while it kept their connections; or members may have left it,
with nobody able to record it. So when it is back (its listener reconnected after a
cut, or its beat finds its name gone from the hash: reaped, or lost by a failover) it
restores: it names again the rooms it holds, and in each (and in any room a change of
which could not reach Redis) it marks connected exactly the members whose connections it
holds, on the room as Redis has it.
"""

from __future__ import annotations

import functools
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Collection
from typing import Any

from protocol.errors import ProtocolError

from ..room import Room, Step
from ..seating import hold_node
from .redis_keys import BEATS, node_rooms_key, reap_key, text
from .store import Change, Held, nobody

log = logging.getLogger("sympathy.redis")

#: A process whose beat has not changed for this long (seconds, by the judge's clock)
#: is dead: its members are shown away.
NODE_TTL = 6.0
#: What a process that left on purpose writes instead of a beat.
GONE = b"gone"

#: Runs a change the store itself makes on the room as Redis holds it, and performs its
#: effects for this process's sockets.
Apply = Callable[[str, Change], Awaitable[None]]
class Liveness:
    def __init__(self, redis: Any, node: str, live_ttl: float,
                 watched: Callable[[], Collection[str]], apply: Apply) -> None:
        self.redis = redis
        self.node = node
        self.live_ttl = live_ttl
        self.watched = watched
        self.apply = apply
        #: The members this process holds (set by the server: :meth:`RedisStore.listen`).
        self.held: Held = nobody
        #: When the last beat was written (monotonic).
        self.beaten = -1e9
        self.beats = 0
        #: Since when this process has been cut from Redis (monotonic), if it is.
        self.cut_since: float | None = None
        #: Whether this process must restore its members' presence (see the module).
        self.restore_due = False
        #: Rooms a change of this process could not reach Redis for (a member who left
        #: while it was cut off): restored too, though it may no longer hold them.
        self.owed: set[str] = set()
        self.restores = 0
        #: Every other process's beat as last read here, and since when it was that.
        self.seen: dict[str, tuple[bytes | None, float]] = {}

    async def beat(self) -> None:
        """Say this process is alive (its members stay shown as connected)."""
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.hset(BEATS, self.node, secrets.token_hex(4))
            pipe.pexpire(node_rooms_key(self.node), int(self.live_ttl * 1000))
            added, _ = await pipe.execute()
        if added and self.beats:
            # our name was gone: another process judged us dead, or a failover lost it
            log.warning("this process's beat was missing from Redis (marked dead while "
                        "cut off, or lost in a failover): restoring its members' presence")
            self.restore_due = True
        self.beats += 1
        self.beaten = time.monotonic()

    def lost(self) -> None:
        """This process lost Redis (its listener's connection broke)."""
        if self.cut_since is None:
            self.cut_since = time.monotonic()
            log.warning("cut off from Redis: other processes may judge this one dead "
                        "after %.0fs; its members' presence is restored when it is back",
                        NODE_TTL)
        self.restore_due = True

    def owe(self, room_id: str) -> None:
        """A change of the room could not reach Redis: restore it once Redis is back."""
        self.owed.add(room_id)
        self.restore_due = True

    async def leave(self) -> None:
        """Going away on purpose: the other processes may mark our members away now."""
        await self.redis.hset(BEATS, self.node, GONE)

    async def restore(self) -> None:
        """After a cut or a lost beat: name again the rooms this process holds, and in
        each mark connected exactly the members it holds connections for."""
        if not self.restore_due:
            return
        watched = list(self.watched())
        if watched:
            await self.redis.sadd(node_rooms_key(self.node), *watched)
        now = time.time()
        rooms = [*watched, *(self.owed - set(watched))]
        for room_id in rooms:
            held = frozenset(self.held(room_id))
            try:
                await self.apply(room_id, functools.partial(
                    _hold, node=self.node, held=held, now=now))
            except ProtocolError as exc:
                if exc.code == "service/unavailable":
                    return  # still due: the next check tries again
                # the room is gone or closed: nothing to restore
            self.owed.discard(room_id)
        if self.cut_since is not None:
            log.warning("back on Redis after %.1fs: presence restored in %d room(s)",
                        time.monotonic() - self.cut_since, len(rooms))
        self.cut_since = None
        self.restore_due = False
        self.restores += 1

    async def reap(self) -> None:
        """Mark away the members of processes whose beats stopped (killed), in every
        room they held, whether or not this process serves it: a room whose only
        process died then expires like any room with nobody in it."""
        beats = {text(k): v for k, v in (await self.redis.hgetall(BEATS)).items()}
        now = time.monotonic()
        for node in set(beats) | set(self.seen):
            if node == self.node:
                continue
            beat = beats.get(node)  # none: reaped, or its beats lost in a failover
            last = self.seen.get(node)
            if last is None or last[0] != beat:
                self.seen[node] = (beat, now)
                if beat != GONE:
                    continue  # it beat (or first seen here): alive
            elif beat != GONE and now - last[1] < NODE_TTL:
                continue
            if not await self.redis.set(reap_key(node), self.node, nx=True,
                                        px=int(NODE_TTL * 5000)):
                if beat is None:
                    del self.seen[node]  # another process reaped it, or is reaping it
                continue
            rooms = [text(r) for r in await self.redis.smembers(node_rooms_key(node))]
            if rooms:
                log.warning("process %s stopped beating: marking its members away in "
                            "%d room(s)", node, len(rooms))
            away = functools.partial(_hold, node=node, held=frozenset(), now=time.time())
            for room_id in rooms:
                try:
                    await self.apply(room_id, away)
                except ProtocolError as exc:
                    if exc.code == "service/unavailable":
                        return  # its rooms stay named: reaped again once the lock expires
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.delete(node_rooms_key(node))
                pipe.hdel(BEATS, node)
                await pipe.execute()
            self.seen.pop(node, None)


def _hold(room: Room, node: str, held: frozenset[str], now: float) -> Step:
    return hold_node(room, node, held, now)
