"""Finished games in PostgreSQL: the archive of many processes sharing Redis.

``sympathy serve --store redis://... --archive postgresql://...``: every process keeps the
games its own commits finished, and any process opens any game's page. A game is kept
once its transaction is committed (PostgreSQL's default ``synchronous_commit = on``: on
disk). The tables are those of the SQLite archive (:mod:`server.stores.archive_file`),
created when missing. One connection per process (psycopg 3, asynchronous), its requests
one at a time: a finished game is one small transaction and a page one primary-key
read, so a process does not need more (see docs/scaling.md, "The archive"). A broken
connection is opened again at the next request.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import psycopg

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

SCHEMA = [
    """CREATE TABLE IF NOT EXISTS games (
        id          TEXT PRIMARY KEY,
        room        TEXT NOT NULL,
        game        TEXT NOT NULL,
        finished_at DOUBLE PRECISION NOT NULL,
        won         BOOLEAN NOT NULL,
        listed      BOOLEAN NOT NULL,
        body        BYTEA NOT NULL,
        analysis    BYTEA,
        daily       TEXT
    )""",
    "CREATE INDEX IF NOT EXISTS games_daily ON games (daily, game, finished_at) "
    "WHERE daily IS NOT NULL",
    "CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS games_room ON games (room, finished_at)",
    "CREATE INDEX IF NOT EXISTS games_finished ON games (finished_at)",
    """CREATE TABLE IF NOT EXISTS keepers (
        keeper TEXT NOT NULL,
        game   TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        PRIMARY KEY (keeper, game)
    )""",
    "CREATE INDEX IF NOT EXISTS keepers_game ON keepers (game)",
    # added since: a player's best results come from them
    "ALTER TABLE games ADD COLUMN IF NOT EXISTS moves INTEGER",
    "ALTER TABLE games ADD COLUMN IF NOT EXISTS seconds DOUBLE PRECISION",
    # and since: a player's statistics count the games of winnable deals only apart
    "ALTER TABLE games ADD COLUMN IF NOT EXISTS winnable BOOLEAN",
]

Conn = psycopg.AsyncConnection[Any]


class PgArchive:
    def __init__(self, url: str) -> None:
        self.url = url
        self._conn: Conn | None = None
        self._lock = asyncio.Lock()

    async def _connection(self) -> Conn:
        if self._conn is None or self._conn.closed or self._conn.broken:
            conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
            async with conn.transaction():
                # two processes starting at once: one creates, the other waits for it
                await conn.execute("SELECT pg_advisory_xact_lock(2718281828)")
                for statement in SCHEMA:
                    await conn.execute(statement)
            self._conn = conn
        return self._conn

    async def _run(self, work: Callable[[Conn], Awaitable[T]]) -> T:
        async with self._lock:
            conn = await self._connection()
            return await work(conn)

    async def keep(self, game: Kept) -> None:
        body = encode(public(game.body))

        async def work(c: Conn) -> None:
            async with c.transaction():
                cur = await c.execute(
                    "INSERT INTO games (id, room, game, finished_at, won, listed, body, "
                    "daily, moves, seconds, winnable) "
                    "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s) "
                    "ON CONFLICT (id) DO NOTHING",
                    (game.id, game.room, game.game, game.finished_at, game.won,
                     game.listed, body, game.daily or None, game.moves, game.seconds,
                     game.winnable))
                if cur.rowcount and game.keepers:
                    async with c.cursor() as cc:
                        await cc.executemany(
                            "INSERT INTO keepers (keeper, game) VALUES (%s, %s) "
                            "ON CONFLICT DO NOTHING", [(k, game.id) for k in game.keepers])
        await self._run(work)

    async def get(self, game_id: str) -> Found | None:
        async def work(c: Conn) -> Any:
            cur = await c.execute("SELECT body, analysis FROM games WHERE id = %s",
                                  (game_id,))
            return await cur.fetchone()
        row = await self._run(work)
        if row is None:
            return None
        return Found(game_id, public(decode(row[0])),
                     decode(row[1]) if row[1] is not None else None)

    async def of_room(self, room_id: str, limit: int = ROOM_LIST) -> list[dict[str, Any]]:
        async def work(c: Conn) -> list[Any]:
            cur = await c.execute(
                "SELECT id, game, finished_at, won FROM games WHERE room = %s "
                "ORDER BY finished_at DESC LIMIT %s", (room_id, limit))
            return await cur.fetchall()
        return [summary(i, g, f, w) for i, g, f, w in await self._run(work)]

    async def annotate(self, game_id: str, analysis: dict[str, Any]) -> None:
        data = encode(analysis)

        async def work(c: Conn) -> None:
            await c.execute("UPDATE games SET analysis = %s WHERE id = %s", (data, game_id))
        await self._run(work)

    async def of_keeper(self, keeper: str, limit: int = KEEPER_LIST) -> list[Counted]:
        async def work(c: Conn) -> list[Any]:
            cur = await c.execute(
                "SELECT g.game, g.finished_at, g.won, g.moves, g.seconds, g.winnable "
                "FROM keepers k JOIN games g "
                "ON g.id = k.game WHERE k.keeper = %s ORDER BY g.finished_at DESC LIMIT %s",
                (keeper, limit))
            return await cur.fetchall()
        return [(g, f, bool(w), m, s, bool(x))
                for g, f, w, m, s, x in reversed(await self._run(work))]

    async def daily_board(self, game: str, date: str, limit: int = BOARD
                          ) -> list[dict[str, Any]]:
        async def work(c: Conn) -> list[Any]:
            cur = await c.execute(BOARD_SQL.format(p="%s"),
                                  (date, game, limit))
            return await cur.fetchall()
        return [public(decode(r[0])) for r in await self._run(work)]

    async def kept_by(self, keeper: str, ids: list[str]) -> set[str]:
        async def work(c: Conn) -> list[Any]:
            cur = await c.execute(
                "SELECT game FROM keepers WHERE keeper = %s AND game = ANY(%s)",
                (keeper, ids))
            return await cur.fetchall()
        return {r[0] for r in await self._run(work)} if ids else set()

    async def secret(self) -> str:
        fresh = secrets.token_hex(32)

        async def work(c: Conn) -> str:
            await c.execute("INSERT INTO meta (name, value) VALUES ('secret', %s) "
                            "ON CONFLICT (name) DO NOTHING", (fresh,))
            cur = await c.execute("SELECT value FROM meta WHERE name = 'secret'")
            row = await cur.fetchone()
            assert row is not None
            value: str = row[0]
            return value
        return await self._run(work)

    async def forget(self, keeper: str) -> int:
        async def work(c: Conn) -> int:
            cur = await c.execute(
                "DELETE FROM games WHERE id IN (SELECT game FROM keepers WHERE keeper = %s)",
                (keeper,))
            return cur.rowcount
        return await self._run(work)

    async def expire(self, before: float) -> int:
        async def work(c: Conn) -> int:
            cur = await c.execute("DELETE FROM games WHERE finished_at < %s", (before,))
            return cur.rowcount
        return await self._run(work)

    async def count(self) -> int:
        async def work(c: Conn) -> int:
            cur = await c.execute("SELECT count(*) FROM games")
            row = await cur.fetchone()
            assert row is not None
            n: int = row[0]
            return n
        return await self._run(work)

    async def close(self) -> None:
        if self._conn is not None:
            await self._conn.close()
            self._conn = None
