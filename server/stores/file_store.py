"""Rooms in one file on this machine: the default store of ``sympathy serve``.

One process serves the rooms, as with the memory store, and every committed change is
also written to an SQLite file (the standard library's ``sqlite3``) before it is
answered: a move is acknowledged (``ok``) only once it is on disk (write-ahead log,
``synchronous=FULL``: fsynced at each commit). Killed with ``kill -9``, or the machine
losing power, the process started again on the same file has every room, seat and
acknowledged move; its members are shown away until they resume (the clients do so by
themselves), and a room nobody comes back to expires as any empty room does
(``room_ttl``).

The record is the Redis store's (:mod:`server.redis_record`): a room is its small
fields, and a change writes only the fields it alters (a move: a few hundred bytes,
whatever the crowd). Table ``rooms`` has a row per room (id, join code, revision),
``fields`` a row per field. Writes run in one thread of their own, and the changes that
arrive while one is on its way to disk go together in the next transaction (a group
commit: one fsync for all of them), so a busy server does not pay one fsync a move.
Changes of one room run one at a time, each on the room as last committed.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import sqlite3
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

from protocol.errors import ProtocolError
from protocol.limits import Limits

from ..members import Effects
from ..room import Room
from ..seating import hold_node
from . import redis_record
from .redis_keys import Unavailable
from .redis_record import Diff, Written
from .store import Change, MemoryStore

log = logging.getLogger("sympathy.store")

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id   TEXT PRIMARY KEY,
    code TEXT NOT NULL,
    rev  INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS fields (
    room  TEXT NOT NULL,
    name  TEXT NOT NULL,
    value BLOB NOT NULL,
    PRIMARY KEY (room, name)
) WITHOUT ROWID;
"""

Write = Callable[[sqlite3.Connection], None]


class FileStore(MemoryStore):
    """Rooms of this process, each change written to ``path`` before it is answered:
    the memory store's rooms (reading, the lobby, expiry), with its writes kept."""

    def __init__(self, path: str | Path, limits: Limits) -> None:
        super().__init__(limits.max_rooms)
        self.path = Path(path)
        self.limits = limits
        self._written: dict[str, Written] = {}
        self._revs: dict[str, int] = {}
        self._locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._pending: list[tuple[Write, asyncio.Future[None]]] = []
        self._flushing: asyncio.Task[None] | None = None
        self._failing: str | None = None
        self.commits = 0  # transactions written (a group commit counts once)
        self._db = sqlite3.connect(self.path, isolation_level=None,
                                   check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(SCHEMA)
        # one thread writes (sqlite3 connections are not shared between threads at once)
        self._pool = concurrent.futures.ThreadPoolExecutor(1, "sympathy-file-store")
        self._open()

    # -- opening: every room the file holds ------------------------------------------------

    def _open(self) -> None:
        """Read every room back; nobody is connected to a process that has just started,
        so their members are shown away (and written so) until they resume."""
        fields: defaultdict[str, dict[bytes, bytes]] = defaultdict(dict)
        for room_id, name, value in self._db.execute(
                "SELECT room, name, value FROM fields ORDER BY room"):
            fields[room_id][name.encode()] = value
        now = time.time()
        writes: list[Write] = []
        rows = self._db.execute("SELECT id, code, rev FROM rooms ORDER BY rowid").fetchall()
        for room_id, code, rev in rows:
            try:
                _, room, written = redis_record.load(
                    {b"rev": str(rev).encode(), **fields.get(room_id, {})}, self.limits)
            except redis_record.Unreadable as exc:
                log.error("room %s in %s cannot be read (%s): left as it is", room_id,
                          self.path, exc)
                continue
            assert written is not None
            work, _ = hold_node(room, self.node, (), now)  # nobody is connected yet
            d = redis_record.diff(room, written, work)
            self._keep(work, rev + (not d.empty), d.written)
            self._codes[code] = room_id
            if not d.empty:
                writes.append(self._write_diff(room_id, self._revs[room_id], d))
        if writes:
            self._transaction(writes)
        if self._rooms:
            log.warning("opened %s: %d room(s)", self.path, len(self._rooms))

    def _keep(self, room: Room, rev: int, written: Written) -> None:
        self._rooms[room.id] = room
        self._revs[room.id] = rev
        self._written[room.id] = written

    # -- writing: one thread, one transaction for whatever waits ---------------------------

    def _transaction(self, writes: list[Write]) -> None:
        """In the writer's thread: every write in one transaction (one fsync)."""
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            for w in writes:
                w(db)
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        self.commits += 1

    async def _durable(self, write: Write) -> None:
        """Return once ``write`` is on disk (with whatever else was waiting)."""
        done = asyncio.get_running_loop().create_future()
        self._pending.append((write, done))
        if self._flushing is None or self._flushing.done():
            self._flushing = asyncio.create_task(self._flush())
        await asyncio.shield(done)

    async def _flush(self) -> None:
        loop = asyncio.get_running_loop()
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                await loop.run_in_executor(self._pool, self._transaction,
                                           [w for w, _ in batch])
            except Exception as exc:
                self._failing = f"cannot write {self.path}: {exc}"
                log.error("%s", self._failing)
                for _, f in batch:
                    f.set_exception(Unavailable())
            else:
                self._failing = None
                for _, f in batch:
                    f.set_result(None)

    @staticmethod
    def _write_diff(room_id: str, rev: int, d: Diff) -> Write:
        def write(db: sqlite3.Connection) -> None:
            db.executemany(
                "INSERT INTO fields (room, name, value) VALUES (?, ?, ?) "
                "ON CONFLICT (room, name) DO UPDATE SET value = excluded.value",
                [(room_id, k, v) for k, v in d.sets])
            db.executemany("DELETE FROM fields WHERE room = ? AND name = ?",
                           [(room_id, k) for k in d.dels])
            db.execute("UPDATE rooms SET rev = ? WHERE id = ?", (rev, room_id))
        return write

    # -- the Store interface ---------------------------------------------------------------

    async def create(self, room: Room) -> Room:
        room = self._admit(room)
        d = redis_record.diff(None, None, room)
        room_id, code = room.id, room.code
        change = self._write_diff(room_id, 0, d)

        def write(db: sqlite3.Connection) -> None:
            db.execute("INSERT INTO rooms (id, code, rev) VALUES (?, ?, 0)", (room_id, code))
            change(db)

        self._codes[code] = room_id  # taken while it is written
        try:
            await self._durable(write)
        except BaseException:
            self._codes.pop(code, None)
            raise
        self._keep(room, 0, d.written)
        return room

    async def mutate(self, room_id: str, change: Change) -> tuple[Room, Effects]:
        async with self._locks[room_id]:
            room = await self.load(room_id)
            work, fx = change(room)  # may raise: nothing is written
            d = redis_record.diff(room, self._written[room_id], work)
            rev = self._revs[room_id] + 1
            if not d.empty:
                await self._durable(self._write_diff(room_id, rev, d))
            if self._rooms.get(room_id) is not room:
                raise ProtocolError("room/not_found")  # removed while it was written
            self._keep(work, rev, d.written)
            return work, fx

    async def remove(self, room_id: str) -> None:
        if room_id not in self._rooms:
            return
        await super().remove(room_id)
        self._written.pop(room_id, None)
        self._revs.pop(room_id, None)
        self._locks.pop(room_id, None)

        def write(db: sqlite3.Connection) -> None:
            db.execute("DELETE FROM fields WHERE room = ?", (room_id,))
            db.execute("DELETE FROM rooms WHERE id = ?", (room_id,))
        with contextlib.suppress(ProtocolError):
            await self._durable(write)  # not written: it expires again at the next start

    async def close(self) -> None:
        if self._flushing is not None:
            with contextlib.suppress(Exception):
                await self._flushing
        self._pool.shutdown(wait=True)
        self._db.close()

    async def ready(self) -> str | None:
        return self._failing
