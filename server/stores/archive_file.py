"""Finished games in an SQLite file: the archive of one process (``sympathy serve``).

The file is the file store's own (:mod:`server.stores.file_store`, tables ``games`` and
``keepers`` beside its ``rooms`` and ``fields``), or any other path. As there, a game is
kept once it is on disk (write-ahead log, ``synchronous=FULL``), and the writes run in
one thread of their own, off the event loop; reads run there too (a game's page is one
primary-key read). The connection is the archive's own: SQLite serialises it with the
store's writer (``busy_timeout``), and neither holds a transaction for longer than one
group of changes.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import secrets
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from .archive import (
    BOARD,
    BOARD_SQL,
    KEEPER_LIST,
    ROOM_LIST,
    Counted,
    Found,
    Kept,
    decode,
    encode,
    public,
    summary,
)

T = TypeVar("T")

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id          TEXT PRIMARY KEY,
    room        TEXT NOT NULL,
    game        TEXT NOT NULL,
    finished_at REAL NOT NULL,
    won         INTEGER NOT NULL,
    listed      INTEGER NOT NULL,
    body        BLOB NOT NULL,
    analysis    BLOB,
    daily       TEXT
);
CREATE INDEX IF NOT EXISTS games_daily ON games (daily, game, finished_at)
    WHERE daily IS NOT NULL;
CREATE TABLE IF NOT EXISTS meta (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS games_room ON games (room, finished_at);
CREATE INDEX IF NOT EXISTS games_finished ON games (finished_at);
CREATE TABLE IF NOT EXISTS keepers (
    keeper TEXT NOT NULL,
    game   TEXT NOT NULL,
    PRIMARY KEY (keeper, game)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS keepers_game ON keepers (game);
"""


#: The columns added since the first schema: a player's best results come from them.
COUNTED = {"moves": "INTEGER", "seconds": "REAL", "winnable": "INTEGER"}


class FileArchive:
    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False,
                                   timeout=30)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(SCHEMA)
        columns = {r[1] for r in self._db.execute("PRAGMA table_info(games)")}
        for column in sorted(COUNTED.keys() - columns):  # a file kept before the games were counted
            self._db.execute(f"ALTER TABLE games ADD COLUMN {column} {COUNTED[column]}")
        self._pool = concurrent.futures.ThreadPoolExecutor(1, "sympathy-archive")

    async def _run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._pool, work, self._db)

    @staticmethod
    def _write(db: sqlite3.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
        db.execute("BEGIN IMMEDIATE")
        try:
            out = work(db)
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        return out

    async def keep(self, game: Kept) -> None:
        body = encode(public(game.body))

        def work(db: sqlite3.Connection) -> None:
            cur = db.execute(
                "INSERT INTO games (id, room, game, finished_at, won, listed, body, daily, "
                "moves, seconds, winnable) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (id) DO NOTHING",
                (game.id, game.room, game.game, game.finished_at, int(game.won),
                 int(game.listed), body, game.daily or None, game.moves, game.seconds,
                 int(game.winnable)))
            if cur.rowcount:
                db.executemany("INSERT OR IGNORE INTO keepers (keeper, game) VALUES (?, ?)",
                               [(k, game.id) for k in game.keepers])
        await self._run(lambda db: self._write(db, work))

    async def get(self, game_id: str) -> Found | None:
        row = await self._run(lambda db: db.execute(
            "SELECT body, analysis FROM games WHERE id = ?", (game_id,)).fetchone())
        if row is None:
            return None
        return Found(game_id, public(decode(row[0])),
                     decode(row[1]) if row[1] is not None else None)

    async def of_room(self, room_id: str, limit: int = ROOM_LIST) -> list[dict[str, Any]]:
        rows = await self._run(lambda db: db.execute(
            "SELECT id, game, finished_at, won FROM games WHERE room = ? "
            "ORDER BY finished_at DESC LIMIT ?", (room_id, limit)).fetchall())
        return [summary(i, g, f, bool(w)) for i, g, f, w in rows]

    async def annotate(self, game_id: str, analysis: dict[str, Any]) -> None:
        data = encode(analysis)
        await self._run(lambda db: self._write(db, lambda d: d.execute(
            "UPDATE games SET analysis = ? WHERE id = ?", (data, game_id))))

    async def of_keeper(self, keeper: str, limit: int = KEEPER_LIST) -> list[Counted]:
        rows = await self._run(lambda db: db.execute(
            "SELECT g.game, g.finished_at, g.won, g.moves, g.seconds, g.winnable "
            "FROM keepers k JOIN games g ON g.id = k.game WHERE k.keeper = ? "
            "ORDER BY g.finished_at DESC LIMIT ?", (keeper, limit)).fetchall())
        return [(g, f, bool(w), m, s, bool(x)) for g, f, w, m, s, x in reversed(rows)]

    async def daily_board(self, game: str, date: str, limit: int = BOARD
                          ) -> list[dict[str, Any]]:
        rows = await self._run(lambda db: db.execute(
            BOARD_SQL.format(p="?"), (date, game, limit)).fetchall())
        return [public(decode(r[0])) for r in rows]

    async def kept_by(self, keeper: str, ids: list[str]) -> set[str]:
        marks = ",".join("?" * len(ids))  # placeholders only: the ids are parameters
        rows = await self._run(lambda db: db.execute(
            f"SELECT game FROM keepers WHERE keeper = ? AND game IN ({marks})",
            (keeper, *ids)).fetchall()) if ids else []
        return {r[0] for r in rows}

    async def secret(self) -> str:
        fresh = secrets.token_hex(32)

        def work(db: sqlite3.Connection) -> str:
            db.execute("INSERT INTO meta (name, value) VALUES ('secret', ?) "
                       "ON CONFLICT (name) DO NOTHING", (fresh,))
            value: str = db.execute("SELECT value FROM meta WHERE name = 'secret'"
                                    ).fetchone()[0]
            return value
        return await self._run(lambda db: self._write(db, work))

    async def forget(self, keeper: str) -> int:
        def work(db: sqlite3.Connection) -> int:
            ids = [r[0] for r in db.execute("SELECT game FROM keepers WHERE keeper = ?",
                                            (keeper,))]
            db.executemany("DELETE FROM games WHERE id = ?", [(i,) for i in ids])
            db.executemany("DELETE FROM keepers WHERE game = ?", [(i,) for i in ids])
            return len(ids)
        return await self._run(lambda db: self._write(db, work))

    async def expire(self, before: float) -> int:
        def work(db: sqlite3.Connection) -> int:
            db.execute("DELETE FROM keepers WHERE game IN "
                       "(SELECT id FROM games WHERE finished_at < ?)", (before,))
            n: int = db.execute("DELETE FROM games WHERE finished_at < ?",
                                (before,)).rowcount
            return n
        return await self._run(lambda db: self._write(db, work))

    async def count(self) -> int:
        n: int = (await self._run(lambda db: db.execute(
            "SELECT count(*) FROM games").fetchone()))[0]
        return n

    async def close(self) -> None:
        self._pool.shutdown(wait=True)
        self._db.close()
