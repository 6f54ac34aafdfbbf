"""Performing, in commit order, the commits of other processes that a commit of this
process was made on top of (after a lost race): the room's members get their frames in
the order the room's sequencer decided (a call that lost its race after the call that
won it), not in the order the doorbells happen to arrive.
"""

from __future__ import annotations

from typing import Protocol

import msgpack

from ..members import Effects
from . import effects_codec, redis_conn
from .redis_cache import RoomCache
from .redis_keys import chained, log_key
from .store import Listener


class Delivering(Protocol):
    """What delivery needs of the store: its client and copies, its name, and what
    performs effects for this process's sockets."""

    redis: redis_conn.Client
    cache: RoomCache
    node: str
    round_trips: int
    _perform: Listener | None


async def deliver_before(store: Delivering, room_id: str, base: int, new_rev: int) -> None:
    """A change committed on top of other processes' commits (up to ``base``) whose
    effects have not been performed here yet: perform theirs first, so that every
    member of the room gets its frames in commit order (a call that lost its race
    after the call that won it). Only after a lost race: one stream read."""
    entry = store.cache.get(room_id)
    if entry is None or entry.delivered >= base or store._perform is None \
            or room_id not in store.cache.watched:
        return
    done, done_token = entry.delivered, entry.dtoken
    if new_rev >= entry.delivered:  # claimed: the listener will not redo these
        entry.deliver(new_rev, entry.token if entry.rev == new_rev else "")
    found: list[tuple[bytes, dict[bytes, bytes]]] = await store.redis.xrange(
        log_key(room_id), min="-", max="+")
    store.round_trips += 1
    fresh = [f for _, f in found if done < int(f[b"rev"]) <= base]
    if not chained(fresh, done, done_token) or len(fresh) != base - done:
        # the stream no longer holds them all, or they followed another table than
        # the one delivered here: resend the whole picture
        await store._perform(entry.room, Effects(state=True, presence=True,
                                                proposals=True))
        return
    for f in fresh:
        if f[b"node"].decode() != store.node:
            fx = effects_codec.load(msgpack.unpackb(f[b"fx"]))
            await store._perform(entry.room, fx)
