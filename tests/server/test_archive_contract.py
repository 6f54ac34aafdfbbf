"""One contract, two archives: the SQLite file (one process) and a real PostgreSQL (many
processes) keep, read, list, annotate, forget and expire finished games the same way."""

from __future__ import annotations

import sqlite3
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from server import seating
from server.members import hash_token
from server.room import ADVISOR, PLAYER, Policy
from server.stores.archive import Archive, Kept, game_id, kept, public, valid_id
from server.stores.archive_file import SCHEMA, FileArchive
from server.stores.archive_pg import PgArchive
from tests.kit.kept import without_words
from tests.kit.rooms import Live, live


@pytest.fixture(params=["file", "postgres"])
async def archive(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Archive]:
    a: Archive
    if request.param == "file":
        a = FileArchive(tmp_path / "sympathy.db")
    else:
        a = PgArchive(request.getfixturevalue("postgres_server").url)
    try:
        yield a
    finally:
        await a.close()


def finished(deal: int = 5, key: str = "", room_id: str | None = None,
             visibility: str = "unlisted") -> Live:
    """A game of The Wandering Card played to its end (first legal move each time),
    with a player (who gave ``key``), an advisor and a watcher."""
    r = live("wandering_card", {}, deal, Policy(visibility=visibility), now=100.0)
    if room_id is not None:
        r.room = r.room.but(id=room_id)
    r.room, ann, _ = seating.add_member(r.room, PLAYER, "Ann",
                                        keeper=hash_token(key) if key else "")
    r.room, _, _ = seating.add_member(r.room, ADVISOR, "Xan")
    r.room, _, _ = seating.add_member(r.room, "watcher", "Wes")
    while not r.over:
        seat = r.game.to_move(r.play.state)[0]
        r.move(ann.id, r.version, r.game.legal_moves(r.play.state, seat)[0].code, 101.0)
    return r


def a_room() -> str:
    return uuid.uuid4().hex[:16]  # the session's PostgreSQL is shared by the tests


async def test_a_kept_game_reads_back_whole_under_its_unguessable_id(archive: Archive) -> None:
    r = finished(room_id=a_room())
    game = kept(r.room, 200.0)
    assert valid_id(game.id) and game.id == game_id(r.salt)
    assert game.id.isalnum()  # never a "-" first, which a command line takes for an option
    assert await archive.get(game.id) is None
    await archive.keep(game)
    found = await archive.get(game.id)
    assert found is not None and found.analysis is None
    body = found.body
    record = r.record()
    for k in ("game", "options", "seed", "salt", "commitment", "result"):
        assert body[k] == record[k], k
    assert without_words(body["moves"]) == record["moves"]
    assert all(m["text"] for m in body["moves"])  # each move kept in words
    assert body["players"] == [{"seats": [1], "name": "Ann", "bot": False}]
    assert body["advisors"] == ["Xan"] and body["over"] is True
    assert body["finished_at"] == 200.0 and body["won"] is game.won
    assert "keepers" not in body and not any("keeper" in str(k) for k in body)
    # kept twice (two processes, or a restart): kept once, unchanged
    await archive.keep(kept(r.room, 300.0))
    again = await archive.get(game.id)
    assert again is not None and again.body["finished_at"] == 200.0


async def test_a_room_lists_its_games_newest_first(archive: Archive) -> None:
    room = a_room()
    ids = []
    for deal, at in ((5, 10.0), (6, 30.0), (7, 20.0)):
        g = kept(finished(deal, room_id=room).room, at)
        ids.append(g.id)
        await archive.keep(g)
    await archive.keep(kept(finished(8, room_id=a_room()).room, 40.0))  # another room
    listed = await archive.of_room(room)
    assert [g["id"] for g in listed] == [ids[1], ids[2], ids[0]]
    assert all(g["game"] == "wandering_card" and isinstance(g["won"], bool) for g in listed)
    assert await archive.of_room(a_room()) == []
    assert len(await archive.of_room(room, limit=2)) == 2


async def test_the_analysis_is_kept_beside_its_game(archive: Archive) -> None:
    g = kept(finished(room_id=a_room()).room, 1.0)
    await archive.annotate(g.id, {"lines": ["nothing"]})  # not kept: nothing happens
    await archive.keep(g)
    await archive.annotate(g.id, {"deal": "winnable", "lost_at": 3, "lines": ["a", "b"]})
    found = await archive.get(g.id)
    assert found is not None
    assert found.analysis == {"deal": "winnable", "lost_at": 3, "lines": ["a", "b"]}


async def test_forgetting_a_key_deletes_its_games_and_only_them(archive: Archive) -> None:
    mine = [kept(finished(d, key="key-of-ann-0123456789", room_id=a_room()).room, 5.0)
            for d in (5, 6)]
    other = kept(finished(7, key="key-of-bea-0123456789", room_id=a_room()).room, 5.0)
    nobody = kept(finished(8, room_id=a_room()).room, 5.0)
    for g in [*mine, other, nobody]:
        await archive.keep(g)
    assert mine[0].keepers == (hash_token("key-of-ann-0123456789"),)
    assert await archive.forget(hash_token("key-of-ann-0123456789")) == 2
    assert [await archive.get(g.id) for g in mine] == [None, None]
    assert await archive.get(other.id) is not None and await archive.get(nobody.id) is not None
    assert await archive.forget(hash_token("key-of-ann-0123456789")) == 0
    assert await archive.forget(hash_token("no such key at all here")) == 0


async def test_retention_deletes_the_games_finished_before_a_time(archive: Archive) -> None:
    # far in the past: the shared PostgreSQL holds other tests' games, finished later
    old = kept(finished(5, key="key-of-old-0123456789", room_id=a_room()).room, -2e9)
    new = kept(finished(6, room_id=a_room()).room, -1e9)
    await archive.keep(old)
    await archive.keep(new)
    before = await archive.count()
    assert await archive.expire(-1.5e9) == 1
    assert await archive.get(old.id) is None and await archive.get(new.id) is not None
    assert await archive.count() == before - 1
    # its key went with it
    assert await archive.forget(hash_token("key-of-old-0123456789")) == 0


async def test_a_game_not_over_keeps_only_what_the_watchers_saw(archive: Archive) -> None:
    r = live("wandering_card", {}, 918_273_645, Policy(), now=100.0)
    r.room, ann, _ = seating.add_member(r.room, PLAYER, "Ann")
    seat = r.game.to_move(r.play.state)[0]
    r.move(ann.id, r.version, r.game.legal_moves(r.play.state, seat)[0].code, 101.0)
    assert not r.over
    g = kept(r.room, 1.0)
    assert "seed" not in g.body and "salt" not in g.body and g.body["over"] is False
    # whatever a caller hands the archive, it keeps and gives back only the public part
    leaky = Kept(g.id, a_room(), g.game, 1.0, False, False, (),
                 {**g.body, "seed": r.seed, "salt": r.salt})
    await archive.keep(leaky)
    found = await archive.get(g.id)
    assert found is not None
    assert "seed" not in found.body and "salt" not in found.body
    assert str(r.seed) not in str(found.body) and r.salt not in str(found.body)


def test_a_hidden_card_game_not_over_shows_no_move_code() -> None:
    body: dict[str, Any] = {"game": "sympathy", "options": {}, "over": False, "seed": 3,
                            "moves": [{"seat": 0, "move": "t2", "left": [{"move": "x"}]}]}
    assert public(body)["moves"][0]["move"] == "t2"  # Sympathy's moves are public
    from rules.registry import all_games

    hidden = next(g for g in all_games() if not g.description.moves_public)
    body["game"] = hidden.id
    out = public(body)
    assert out["moves"] == [{"seat": 0, "move": None, "left": []}] and "seed" not in out


async def test_a_keys_games_are_listed_oldest_first(archive: Archive) -> None:
    key = hash_token(f"key-{uuid.uuid4().hex}")
    at = [3.0, 1.0, 2.0]
    for deal, when in zip((5, 6, 7), at, strict=True):
        r = finished(deal, room_id=a_room())
        g = kept(r.room, when)
        await archive.keep(Kept(g.id, g.room, g.game, when, deal == 6, False, (key,), g.body,
                                moves=deal * 10, seconds=deal + 0.5, winnable=deal == 7))
    rows = await archive.of_keeper(key)
    assert rows == [("wandering_card", 1.0, True, 60, 6.5, False),
                    ("wandering_card", 2.0, False, 70, 7.5, True),
                    ("wandering_card", 3.0, False, 50, 5.5, False)]
    assert await archive.of_keeper(key, limit=2) == rows[1:]
    assert await archive.of_keeper(hash_token("nobody")) == []


async def test_a_file_kept_before_the_games_were_counted_opens_and_counts_them(
        tmp_path: Path) -> None:
    # a file of the first schema, with a game in it: no moves, no seconds
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    db.executescript(SCHEMA)
    key = hash_token(f"key-{uuid.uuid4().hex}")
    db.execute("INSERT INTO games (id, room, game, finished_at, won, listed, body) "
               "VALUES ('AAAAAAAAAAAAAAAA', 'r', 'wandering_card', 1.0, 1, 0, x'00')")
    db.execute("INSERT INTO keepers VALUES (?, 'AAAAAAAAAAAAAAAA')", (key,))
    db.commit()
    db.close()
    archive = FileArchive(path)
    g = kept(finished(6, room_id=a_room()).room, 2.0)
    await archive.keep(Kept(g.id, g.room, g.game, 2.0, True, False, (key,), g.body,
                            moves=12, seconds=3.5))
    assert await archive.of_keeper(key) == [("wandering_card", 1.0, True, None, None, False),
                                            ("wandering_card", 2.0, True, 12, 3.5, False)]
    await archive.close()


#: The archive's first schema in PostgreSQL, before it counted moves, seconds and tables
#: of winnable deals only.
FIRST_PG_SCHEMA = [
    """CREATE TABLE games (id TEXT PRIMARY KEY, room TEXT NOT NULL, game TEXT NOT NULL,
        finished_at DOUBLE PRECISION NOT NULL, won BOOLEAN NOT NULL, listed BOOLEAN NOT NULL,
        body BYTEA NOT NULL, analysis BYTEA, daily TEXT)""",
    """CREATE TABLE keepers (keeper TEXT NOT NULL,
        game TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE, PRIMARY KEY (keeper, game))""",
]


async def test_a_postgresql_archive_kept_before_the_games_were_counted_opens_and_counts_them(
        postgres_server: Any) -> None:
    import psycopg

    name = f"first_{uuid.uuid4().hex[:12]}"
    async with await psycopg.AsyncConnection.connect(postgres_server.url,
                                                     autocommit=True) as c:
        await c.execute(f"CREATE DATABASE {name}")
    url = postgres_server.url.rsplit("/", 1)[0] + f"/{name}"
    key = hash_token(f"key-{uuid.uuid4().hex}")
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as c:
        for statement in FIRST_PG_SCHEMA:
            await c.execute(statement)
        await c.execute("INSERT INTO games (id, room, game, finished_at, won, listed, body) "
                        "VALUES ('AAAAAAAAAAAAAAAA', 'r', 'wandering_card', 1.0, true, false, "
                        "'\\x00')")
        await c.execute("INSERT INTO keepers VALUES (%s, 'AAAAAAAAAAAAAAAA')", (key,))
    archive = PgArchive(url)
    try:
        g = kept(finished(6, room_id=a_room()).room, 2.0)
        await archive.keep(Kept(g.id, g.room, g.game, 2.0, True, False, (key,), g.body,
                                moves=12, seconds=3.5, winnable=True))
        assert await archive.of_keeper(key) == [
            ("wandering_card", 1.0, True, None, None, False),
            ("wandering_card", 2.0, True, 12, 3.5, True)]
    finally:
        await archive.close()
    async with await psycopg.AsyncConnection.connect(postgres_server.url,
                                                     autocommit=True) as c:
        await c.execute(f"DROP DATABASE {name}")


async def test_the_secret_is_made_once_and_the_days_board_lists_each_keys_first_game(
        archive: Archive) -> None:
    assert await archive.secret() == await archive.secret()
    assert len(await archive.secret()) >= 32
    date = f"2000-01-{uuid.uuid4().int % 28 + 1:02d}-{uuid.uuid4().hex[:6]}"
    key, bea, cy = (hash_token(f"key-{uuid.uuid4().hex}") for _ in range(3))
    games = []
    # (deal, finished at, keys): Ann's first (20), Bea's first (10), Ann's second with
    # Cy's first (30), Ann's third (40), one with no key (5)
    for deal, when, keys in ((5, 20.0, (key,)), (6, 10.0, (bea,)), (7, 30.0, (key, cy)),
                             (8, 40.0, (key,)), (9, 5.0, ())):
        g = kept(finished(deal, room_id=a_room()).room, when, daily=date)
        games.append(Kept(g.id, g.room, g.game, when, g.won, False, keys, g.body, date))
        await archive.keep(games[-1])
    await archive.keep(kept(finished(7, room_id=a_room()).room, 15.0))  # not the day's
    board = await archive.daily_board("wandering_card", date)
    # each key's first game counts, first finished first: Ann's second game is Cy's
    # first; her third is nobody's first; a game with no key is nobody's
    assert [b["id"] for b in board] == [games[1].id, games[0].id, games[2].id]
    assert board[0]["daily"] == date
    assert await archive.daily_board("a_spell", date) == []
    assert await archive.kept_by(key, [g.id for g in games]) == \
        {games[0].id, games[2].id, games[3].id}
    assert await archive.kept_by(key, []) == set()
