"""Recovering a room after Redis went back in time (restarted from an older
append-only file or snapshot, or a replica that missed writes, having lost acknowledged
writes).

Every commit has a random token that the compare-and-set checks with the revision, so a
table is named by both, and a revision Redis gives again names another table. A process
holding a copy of the room learns from Redis that its copy is not the table Redis holds:
a compare-and-set refused (the revision, or only the token, differs), a read older than
the copy it held before the read, a doorbell or a check whose revision and token are not
what was delivered here, stream entries that do not follow on from it, or the room
missing.

:func:`reconcile`: when the room Redis holds has a version past every version this
process showed (another process recovered first), take that room and resync this
process's clients; otherwise move the version of the room Redis holds (or of this
process's copy, if Redis lost the room) past every version shown here by
:data:`RECOVERY_JUMP` and commit that: its effects resync every client of every
process, and each process whose copy is not that table does the same (each jump only
goes up). So a write made on a table Redis lost is never accepted, and a version a client
has seen is never given to another table by a process that showed it.
"""

from __future__ import annotations

import logging
from typing import Protocol

from protocol.errors import ProtocolError
from protocol.limits import Limits

from ..members import Effects
from ..room import Room
from . import redis_conn, redis_record
from .redis_cache import RoomCache
from .redis_commit import Commits
from .redis_keys import code_key, room_key, text
from .redis_record import Written

log = logging.getLogger("sympathy.redis")

#: How far a recovered room's version jumps past the highest version known: more than
#: one room can change in the second of writes a Redis may lose (only players whose turn
#: it is move, each within a budget of 20 messages a second, at most 8 seats).
RECOVERY_JUMP = 1000
#: Tries of a change (or a recovery) that keeps meeting other commits.
MAX_TRIES = 8

#: A room as read: its revision, the room, what Redis holds of it, its token.
Fetched = tuple[int, Room, Written | None, str]


class Recovering(Protocol):
    """What recovery needs of the store: its client, its copies and commits, a fresh
    read, and the resync of this process's clients."""

    redis: redis_conn.Client
    cache: RoomCache
    commits: Commits
    limits: Limits
    round_trips: int
    recoveries: int

    async def _fetch(self, room_id: str) -> Fetched: ...
    async def _resync(self, room: Room, fx: Effects) -> None: ...


async def reconcile(store: Recovering, room_id: str) -> Fetched:
    """Redis does not hold the table ``store``'s copy of the room is, nor one made after it:
    Redis lost writes (went back in time). When the room Redis holds is past every
    version shown here (another process recovered it first), take it; otherwise
    make the version of the room Redis has (or ours, if Redis lost it) jump past
    every version shown here and commit that (its effects resync every process's
    clients: each process whose copy is not that table does the same, and each jump
    only goes up). Either way, resync this process's clients.
    """
    full = Effects(state=True, presence=True, proposals=True)
    for _ in range(MAX_TRIES):
        mine = store.cache.get(room_id)
        if mine is None:
            return await store._fetch(room_id)
        store.round_trips += 1
        fields = await store.redis.hgetall(room_key(room_id))
        rev = fields.get(b"rev")
        token = text(fields.get(b"n", b""))
        if rev is not None and int(rev) == mine.rev and token == mine.token:
            return mine.rev, mine.room, mine.written, mine.token  # recovered meanwhile
        if rev is None and room_id not in store.cache.watched:
            store.cache.drop(room_id)  # expired while we held a passing copy
            raise ProtocolError("room/not_found")
        shown = max(mine.shown, mine.room.version)
        before: Room | None
        written: Written | None
        if rev is None:  # the room itself was lost: restore ours
            before, written, base_rev, token = None, None, -1, ""
            base = mine.room
            await store.redis.set(code_key(base.code), base.id, nx=True,
                                 px=store.commits.ttl_ms(base))
        else:
            base_rev, before, written = redis_record.load(fields, store.limits)
            if before.version > shown:
                # past every version shown here: the table to show
                store.cache.replace(before, base_rev, written, token)
                log.warning("room %s is not the table this process held (revision "
                            "%d, ours %d): took version %d; resyncing", room_id,
                            base_rev, mine.rev, before.version)
                await store._resync(before, full)
                return base_rev, before, written, token
            base = before
        base = base.but(version=max(base.version, shown) + RECOVERY_JUMP)
        d = redis_record.diff(before, written, base)
        new_rev, done, held = await store.commits.commit(base, base_rev, token, full, d,
                                                         before)
        if new_rev < 0:
            continue  # someone committed meanwhile: look again
        store.cache.replace(base, new_rev, done, held)
        store.recoveries += 1
        log.warning("redis went back in time for room %s (revision %d, ours %d): "
                    "reloaded at version %d; resyncing", room_id, base_rev, mine.rev,
                    base.version)
        await store._resync(base, full)
        return new_rev, base, done, held
    raise ProtocolError("move/stale", "The table is very busy; look again and retry.")
