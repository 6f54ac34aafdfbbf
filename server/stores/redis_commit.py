"""Writing a room to Redis: the compare-and-set of one commit, and what it names.

A commit is one pipelined round trip: the compare-and-set script
(:data:`server.redis_keys.CAS`: the record's fields, an entry of the room's stream and
a doorbell, in one atomic step, made only if Redis holds the table ``(revision, token)``
the new room was made from) and, now and then, the join code's new expiry. Each commit
has a name (``txid``: the same on every try of one change, so that a try whose answer
was lost can learn whether it was made) and a new random token (remembered as this
process's own, so the listener knows its own doorbells).
"""

from __future__ import annotations

import hashlib
import time
from typing import Any

from redis.exceptions import NoScriptError, RedisError

from protocol.limits import Limits

from ..members import Effects
from ..room import Room
from ..views import info
from . import effects_codec, redis_conn, redis_record
from .redis_cache import RoomCache
from .redis_keys import CAS, bell, code_key, log_key, new_token, pack, room_key, text
from .redis_lobby import Lobby
from .redis_record import Diff, Written

#: Commits a room's stream keeps (each with the fields it wrote: a few hundred bytes):
#: a process that missed more reads the record whole.
STREAM_KEEP = 64
#: The compare-and-set script's name for EVALSHA.
CAS_SHA = hashlib.sha1(CAS.encode()).hexdigest()
#: How many of its own recent commits' tokens a process remembers per room. A doorbell
#: is read after the commits made meanwhile: under load (a room moving hundreds of
#: times a second on a busy loop) a few dozen late, and one whose token was forgotten
#: costs a read of the room's stream and record (at 16, a busy process read one for
#: nearly every second move of the bench's section 11).
MINE = 256


class Commits:
    """This process's commits to Redis (one per store)."""

    def __init__(self, redis: redis_conn.Client, node: str, limits: Limits, cache: RoomCache,
                 live_ttl: float) -> None:
        self.redis = redis
        self.node = node
        self.limits = limits
        self.cache = cache
        self.live_ttl = live_ttl
        self.lobby = Lobby(redis, self.script)
        self.round_trips = 0
        #: The tokens of this process's recent commits, per room (see :meth:`is_mine`).
        #: (A dict as an ordered set: the oldest first, a look-up in one step.)
        self.mine: dict[str, dict[str, None]] = {}
        self._txids = 0

    async def script(self, src: str, numkeys: int, *args: Any) -> Any:
        """EVALSHA, loading the script on NOSCRIPT (once per Redis start or master)."""
        sha = hashlib.sha1(src.encode()).hexdigest()
        try:
            return await self.redis.execute_command("EVALSHA", sha, numkeys, *args)
        except NoScriptError:
            await self.redis.script_load(src)
            return await self.redis.execute_command("EVALSHA", sha, numkeys, *args)

    def txid(self) -> str:
        """A name for one change, the same on every try: a try whose answer was lost
        may have been committed (the record keeps the name of its last commit)."""
        self._txids += 1
        return f"{self.node}.{self._txids}"

    async def was_mine(self, room_id: str, txid: str) -> bool:
        """Whether the room's last commit is the change named ``txid``."""
        self.round_trips += 1
        return bool(await self.redis.hget(room_key(room_id), "t") == txid.encode())

    def _token(self, room_id: str) -> str:
        """A new commit's token, remembered as this process's (the listener then knows
        its doorbell, even one that rings before the commit's answer is read)."""
        fresh = new_token()
        if len(self.mine) > max(2 * len(self.cache.entries), 1000):
            # forget the rooms this process no longer holds
            self.mine = {k: v for k, v in self.mine.items() if k in self.cache.entries}
        mine = self.mine.get(room_id)
        if mine is None:
            mine = self.mine[room_id] = {}
        elif len(mine) >= MINE:
            del mine[next(iter(mine))]
        mine[fresh] = None
        return fresh

    def is_mine(self, room_id: str, token: str) -> bool:
        """Whether ``token`` names a recent commit this process sent for the room."""
        return token in self.mine.get(room_id, ())

    def ttl_ms(self, room: Room) -> int:
        """A room's keys live this long after a change: a day while someone is
        connected, ``room_ttl`` once nobody is."""
        live = any(m.connected for m in room.members.values())
        return int(1000 * (self.live_ttl if live else room.limits.room_ttl))

    async def commit(self, room: Room, rev: int, token: str, fx: Effects, d: Diff,
                     old: Room | None, txid: str = "") -> tuple[int, Written, str]:
        """Compare and set ``room`` on the table ``(rev, token)``, writing the fields of
        ``d``; one pipelined round trip. The new revision, what Redis now holds and the
        new token; or ``-2 - r`` and the token of the table Redis holds instead, at
        revision ``r`` (``r`` = -1: no such room)."""
        ttl = self.ttl_ms(room)
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
            pack(effects_codec.dump(fx)), bell(room.id), txid or self.txid(),
            redis_record.pack_ops(sets, d.dels), token, self._token(room.id)]
        for _ in range(2):
            # EVALSHA straight away; load the script only on NOSCRIPT, which happens
            # once per Redis start (on a cluster: once per master).
            self.round_trips += 1
            cas = ("EVALSHA", CAS_SHA, 2, room_key(room.id), log_key(room.id), *args)
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
                old is None or rev < 0 or info(old) != info(room)
                or self.ttl_ms(old) != ttl or int(new_rev) % 50 == 0):
            # the lobby line changes rarely (seats, watchers, status, everyone gone): a
            # second round trip only then, and now and again to push its expiry forward
            await self.lobby.list(room, ttl)
        return new_rev, written, held
