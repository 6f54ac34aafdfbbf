"""Section 12: the archive of finished games, on the SQLite file and on PostgreSQL.

Each archive is filled with ``games`` kept games (the same finished game of The
Wandering Card, 96 moves, under as many ids and rooms; filled in one transaction, as a
restore would, not timed), then, one at a time, timed with ``time.perf_counter``:

- **write**: keeping one more finished game (:meth:`Archive.keep`: one transaction, on
  disk when it returns), ``samples`` games;
- **open**: what a game's page costs the server when it opens: ``archived`` (the kept
  body read, decoded and checked by :func:`server.stores.archive.public`) and the first
  ``archived_step`` (the body read again, the game replayed from its seed, the deal
  rendered for the watchers), each of ``samples`` different games (no replay held);
- **jump to the end**: then the last ``archived_step`` (every move replayed with the
  rules: what a page pays once, the first time it shows the end);
- **baseline**: a plain indexed read of the same row (``SELECT body FROM games WHERE
  id = ?`` on the same connection, the bytes not decoded), in the same run.

Rows: p50 and p99 of each, as ratios to the baseline's p50 and p99. No target is set
yet: the figures say what the archive costs (docs/scaling.md, "The archive").
"""

from __future__ import annotations

import asyncio
import dataclasses
import tempfile
import time
from pathlib import Path
from typing import Any

from protocol.limits import Limits
from server import seating
from server.archived import Games
from server.play import new_room
from server.room import PLAYER, Policy, Room
from server.stores.archive import Archive, Kept, encode, kept, public
from server.stores.archive_file import FileArchive
from server.stores.archive_pg import PgArchive

from .sections import Row, pct, row

SECTION = "12. archive"


def finished_room() -> Room:
    room = new_room("wandering_card", {}, 5, Policy(), Limits(), 0.0)
    room, ann, _ = seating.add_member(room, PLAYER, "Ann")
    from server.calls import move

    while not room.over:
        seat = room.game.to_move(room.play.state)[0]
        code = room.game.legal_moves(room.play.state, seat)[0].code
        room, _ = move(room, ann.id, room.version, code, 1.0)
    return room


def variant(game: Kept, i: int, prefix: str) -> Kept:
    gid = f"{prefix}{i:0{16 - len(prefix)}d}"
    return dataclasses.replace(game, id=gid, room=f"room{prefix}{i}",
                               body={**game.body, "id": gid})


async def fill(archive: Archive, game: Kept, n: int) -> None:
    body = encode(public(game.body))
    rows = [(g.id, g.room, g.game, g.finished_at, g.won, g.listed, body)
            for g in (variant(game, i, "F") for i in range(n))]
    if isinstance(archive, FileArchive):
        db = archive._db
        db.execute("BEGIN")
        db.executemany("INSERT INTO games (id, room, game, finished_at, won, listed, body) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
        db.execute("COMMIT")
        return
    assert isinstance(archive, PgArchive)
    conn = await archive._connection()
    async with conn.transaction(), conn.cursor() as cur:
        await cur.executemany(
            "INSERT INTO games (id, room, game, finished_at, won, listed, body) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s)", rows)


async def plain_read(archive: Archive, gid: str) -> bytes:
    if isinstance(archive, FileArchive):
        row_ = archive._db.execute("SELECT body FROM games WHERE id = ?", (gid,)).fetchone()
        return bytes(row_[0])
    assert isinstance(archive, PgArchive)
    conn = await archive._connection()
    cur = await conn.execute("SELECT body FROM games WHERE id = %s", (gid,))
    got = await cur.fetchone()
    assert got is not None
    return bytes(got[0])


async def measure(archive: Archive, games: int, samples: int) -> dict[str, Any]:
    game = kept(finished_room(), 1.0)
    t0 = time.perf_counter()
    await fill(archive, game, games)
    filled = time.perf_counter() - t0
    shown = Games(archive)
    write, open_, end, base = [], [], [], []
    for i in range(samples):
        g = variant(game, i, "W")
        t = time.perf_counter()
        await archive.keep(g)
        write.append(time.perf_counter() - t)
    step = max(1, games // samples)
    for i in range(samples):
        gid = variant(game, (i * step) % games, "F").id
        t = time.perf_counter()
        await plain_read(archive, gid)
        base.append(time.perf_counter() - t)
        t = time.perf_counter()
        page = await shown.page(gid)
        await shown.step(gid, 0)
        open_.append(time.perf_counter() - t)
        t = time.perf_counter()
        await shown.step(gid, page["steps"] - 1)
        end.append(time.perf_counter() - t)
        shown._plays.clear()  # each page opens cold
    return {"games": games, "samples": samples, "fill_s": filled,
            "bytes_per_game": len(encode(public(game.body))),
            "moves_per_game": len(game.body["moves"]),
            "write_ms": [1000 * x for x in write], "open_ms": [1000 * x for x in open_],
            "end_ms": [1000 * x for x in end],
            "read_ms": [1000 * x for x in base]}


def archive(games: int, samples: int, postgres: bool = True
            ) -> tuple[list[Row], dict[str, Any]]:
    """Both archives (the SQLite file alone without ``postgres``), filled with ``games``
    each; their rows and raw figures."""
    from tests.kit.postgres import PostgresServer

    raw: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        raw["file"] = asyncio.run(_run(FileArchive(Path(tmp) / "archive.db"), games,
                                       samples))
    if postgres:
        with PostgresServer() as pg:
            raw["postgres"] = asyncio.run(_run(PgArchive(pg.url), games, samples))
    rows: list[Row] = []
    for kind, r in raw.items():
        where = "SQLite file" if kind == "file" else "PostgreSQL"
        for q in (50, 99):
            read = pct(r["read_ms"], q)
            rows.append(row(SECTION, f"{where}: write a finished game, p{q}",
                            pct(r["write_ms"], q), read, "ms"))
            rows.append(row(SECTION, f"{where}: open its page (game and deal), p{q}",
                            pct(r["open_ms"], q), read, "ms"))
            rows.append(row(SECTION, f"{where}: then jump to its last move, p{q}",
                            pct(r["end_ms"], q), read, "ms"))
    return rows, raw


async def _run(archive: Archive, games: int, samples: int) -> dict[str, Any]:
    try:
        return await measure(archive, games, samples)
    finally:
        await archive.close()
