"""The default store (server/stores/file_store.py): rooms in one file, every acknowledged move
on disk before its ``ok``, every table back after ``kill -9``.

The store's contract (what memory and Redis do too) is in test_store_contract.py; here
is what only a store that outlives its process can promise.
"""

from __future__ import annotations

import asyncio
import socket
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from client.errors import ConnectionLost, ServerError
from client.events import Table
from client.session import Session
from protocol.errors import ProtocolError
from protocol.limits import Limits
from server import calls, host, seating
from server.play import new_room
from server.room import ADVISOR, PLAYER, WATCHER, Policy, Room
from server.stores.file_store import FileStore
from server.stores.redis_store import RedisStore
from server.stores.store import Store
from tests.kit.processes import ServeProcess


def a_room(game: str = "sympathy") -> tuple[Room, str, str]:
    room = new_room(game, {}, 5, Policy(visibility="public"), Limits(), 0.0)
    room, ann, _ = seating.add_member(room, PLAYER, "Ann", all_seats=True)
    room, wes, _ = seating.add_member(room, WATCHER, "Wes")
    room, _ = seating.connect(room, ann.id, "", 0.0)
    room, _ = seating.connect(room, wes.id, "", 0.0)
    return room, ann.id, wes.id


def first_legal(member: str) -> Any:
    def change(r: Room) -> Any:
        seat = r.game.to_move(r.play.state)[0]
        return calls.move(r, member, r.version,
                          r.game.legal_moves(r.play.state, seat)[0].code, 1.0)
    return change


async def test_a_store_opened_again_has_every_room_move_member_and_code(
        tmp_path: Path) -> None:
    path = tmp_path / "rooms.db"
    first = FileStore(path, Limits())
    rooms = []
    for _ in range(3):
        room, ann, _ = a_room()
        await first.create(room)
        for _ in range(5):
            await first.mutate(room.id, first_legal(ann))
        rooms.append(await first.load(room.id))
    closed, owner, _ = a_room()
    await first.create(closed)
    await first.mutate(closed.id, lambda r: host.close(r, owner, 2.0))
    # no close(): as if the process had been killed
    again = FileStore(path, Limits())
    try:
        for was in rooms:
            room = await again.load(was.id)
            assert room.version == was.version == 5
            assert room.log == was.log and room.play.state == was.play.state
            assert (await again.by_code(was.code)).id == was.id
            assert {m.id: (m.name, m.role, m.seats) for m in room.members.values()} == \
                {m.id: (m.name, m.role, m.seats) for m in was.members.values()}
            # a process that has just started holds no connection: all shown away
            assert not any(m.connected for m in room.members.values())
            assert room.empty_since is not None
        with pytest.raises(ProtocolError) as err:
            await again.load(closed.id)
        assert err.value.code == "room/closed"
        assert [r["code"] for r in await again.lobby(10)] == [r.code for r in rooms]
        # and the rooms go on from where they were
        ann = next(m.id for m in rooms[0].members.values() if m.role == PLAYER)
        moved, _ = await again.mutate(rooms[0].id, first_legal(ann))
        assert moved.version == 6
    finally:
        await first.close()
        await again.close()
    reopened = FileStore(path, Limits())
    try:
        assert (await reopened.load(rooms[0].id)).version == 6
    finally:
        await reopened.close()


async def test_a_removed_room_stays_removed(tmp_path: Path) -> None:
    path = tmp_path / "rooms.db"
    s = FileStore(path, Limits())
    room, _, _ = a_room()
    await s.create(room)
    await s.remove(room.id)
    await s.close()
    again = FileStore(path, Limits())
    try:
        with pytest.raises(ProtocolError):
            await again.load(room.id)
        with pytest.raises(ProtocolError):
            await again.by_code(room.code)
        assert again.count() == 0
    finally:
        await again.close()


async def test_a_write_that_fails_is_unavailable_and_changes_nothing(tmp_path: Path) -> None:
    """The file refuses writes (SQLite's own refusal: the connection made read-only):
    the move is answered ``service/unavailable``, the room is as it was, in the process
    and in the file, ``/readyz`` says why, and the room moves again once it can."""
    path = tmp_path / "rooms.db"
    s = FileStore(path, Limits())
    try:
        room, ann, _ = a_room()
        await s.create(room)
        await s.mutate(room.id, first_legal(ann))
        before = await s.load(room.id)
        s._db.execute("PRAGMA query_only = ON")
        with pytest.raises(ProtocolError) as err:
            await s.mutate(room.id, first_legal(ann))
        assert err.value.code == "service/unavailable"
        assert await s.load(room.id) is before
        assert await s.ready() is not None
        s._db.execute("PRAGMA query_only = OFF")
        await s.mutate(room.id, first_legal(ann))
        assert (await s.load(room.id)).version == before.version + 1 == 2
        assert await s.ready() is None
    finally:
        await s.close()
    again = FileStore(path, Limits())
    try:
        assert (await again.load(room.id)).version == 2
    finally:
        await again.close()


async def test_moves_of_many_rooms_share_their_trips_to_disk(tmp_path: Path) -> None:
    s = FileStore(tmp_path / "rooms.db", Limits())
    try:
        made = []
        for _ in range(40):
            room, ann, _ = a_room()
            await s.create(room)
            made.append((room.id, ann))
        before = s.commits
        await asyncio.gather(*(s.mutate(r, first_legal(a)) for r, a in made))
        assert [(await s.load(r)).version for r, _ in made] == [1] * 40
        print(f"40 moves in {s.commits - before} transactions")
        assert s.commits - before < 40
    finally:
        await s.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


#: Twenty tables: ten of Sympathy (two players, an advisor, a watcher) and ten of
#: Klondike (a player, an advisor, a watcher).
TABLES = [("sympathy", i) for i in range(10)] + [("klondike", i) for i in range(10)]


async def seat_table(url: str, game: str, i: int) -> list[Session]:
    host = await Session(url, f"Ann{i}", min_backoff=0.05, max_backoff=0.5).__aenter__()
    joined = await host.create(game, deal=i)
    people = [host]
    roles = [PLAYER, ADVISOR, WATCHER] if game == "sympathy" else [ADVISOR, WATCHER]
    for role in roles:
        s = await Session(url, f"{role.title()}{i}", min_backoff=0.05,
                          max_backoff=0.5).__aenter__()
        await s.join(joined["code"], role)
        people.append(s)
    return people


async def play_one(players: list[Session]) -> tuple[int, str] | None:
    """One first legal move by the player whose turn it is; its version and code once
    acknowledged, after every player has seen it (``None``: the game is over)."""
    lead = players[0]
    view = (await lead.wait_until(lambda t: t.view is not None, timeout=30)).view
    assert view is not None
    if lead.table.over:
        return None
    seat, at = view["to_move"][0], lead.table.version
    p = next(p for p in players if seat in p.table.seats)
    await p.wait_until(lambda t: t.version >= at and bool(t.my_moves()), timeout=30)
    code = str(p.table.my_moves()[0]["code"])
    version = int((await p.move(code))["version"])
    for q in players:
        await q.wait_until(lambda t: t.version >= version, timeout=30)
    return version, code


def shown(t: Table) -> dict[str, bool]:
    return {str(m["name"]): bool(m["connected"]) for m in t.members}


def at_least(version: int) -> Callable[[Table], bool]:
    return lambda t: t.version >= version


def everyone_present(names: set[str]) -> Callable[[Table], bool]:
    return lambda t: shown(t) == dict.fromkeys(names, True)


@pytest.mark.parametrize("kind", ["file", "redis"])
async def test_kill_9_mid_play_every_table_seat_and_acknowledged_move_comes_back(
        tmp_path: Path, kind: str, request: pytest.FixtureRequest) -> None:
    """Twenty tables play at once on ``sympathy serve`` with its default kind of store
    (and on Redis, the tests' own with ``appendfsync always``); the process is killed
    with ``kill -9`` while moves are on their way, and started again on the same store
    and port. Every room, seat and acknowledged move is there, and every client resumes
    by itself (the client's own reconnection)."""
    redis_url = request.getfixturevalue("redis_server").url if kind == "redis" else ""
    store = redis_url or f"file:{tmp_path / 'sympathy.db'}"
    port = free_port()
    proc = await ServeProcess.start(store, port=port)
    url = f"ws://127.0.0.1:{port}"
    tables = [await seat_table(url, game, i) for game, i in TABLES]
    players = [[s for s in t if s.table.role == PLAYER] for t in tables]
    acked: list[dict[int, str]] = [{} for _ in tables]
    try:
        for n, ps in enumerate(players):  # a few moves everywhere first
            for _ in range(3):
                got = await play_one(ps)
                if got:
                    acked[n][got[0]] = got[1]
        enough = asyncio.Event()
        count = [0]

        async def keep_playing(n: int) -> None:
            while True:
                try:
                    got = await play_one(players[n])
                except (ConnectionLost, ServerError, TimeoutError):
                    return  # the process is gone: an unanswered move may or may not stand
                if got is None:
                    return
                acked[n][got[0]] = got[1]
                count[0] += 1
                if count[0] >= 40:
                    enough.set()

        loops = [asyncio.create_task(keep_playing(n)) for n in range(len(tables))]
        await asyncio.wait_for(enough.wait(), 60)
        proc.kill()  # SIGKILL, moves in flight
        await proc.proc.wait()
        await asyncio.gather(*loops)
        seats = [[(s.table.member, s.table.role, s.table.seats) for s in t] for t in tables]

        proc = await ServeProcess.start(store, port=port)
        for t in tables:
            for s in t:
                await s.wait_until(lambda t: t.connection == "resumed", timeout=60)
        for n, t in enumerate(tables):
            assert [(s.table.member, s.table.role, s.table.seats) for s in t] == seats[n]
            top, names = max(acked[n]), {s.name for s in t}
            for s in t:  # on the table as it was (at least), everyone shown present
                await s.wait_until(at_least(top), timeout=30)
                await s.wait_until(everyone_present(names), timeout=30)
        # and every table plays on
        for ps in players:
            if not ps[0].table.over:
                got = await play_one(ps)
                assert got is not None
                acked[players.index(ps)][got[0]] = got[1]
    finally:
        await asyncio.gather(*(s.__aexit__(None, None, None) for t in tables for s in t))
        await proc.stop()
    # the store, read once the server has stopped: every acknowledged move at its place
    kept: Store = RedisStore(redis_url, Limits()) if redis_url else \
        FileStore(tmp_path / "sympathy.db", Limits())
    try:
        for n, t in enumerate(tables):
            log = {e["n"]: e["move"] for e in (await kept.load(t[0].table.room)).log}
            lost = {v: c for v, c in acked[n].items() if log.get(v) != c}
            assert not lost, f"table {n}: acknowledged moves lost: {lost}"
    finally:
        await kept.close()
    print(f"{sum(map(len, acked))} acknowledged moves on {len(tables)} tables, none lost")


def test_the_file_is_sqlite_with_one_row_per_room(tmp_path: Path) -> None:
    """Operators can read the file with any SQLite tool (rooms, and their fields)."""
    async def make() -> str:
        s = FileStore(tmp_path / "rooms.db", Limits())
        room, _, _ = a_room()
        await s.create(room)
        await s.close()
        return room.id

    room_id = asyncio.run(make())
    db = sqlite3.connect(tmp_path / "rooms.db")
    try:
        assert db.execute("SELECT id, rev FROM rooms").fetchall() == [(room_id, 0)]
        assert db.execute("SELECT count(*) FROM fields WHERE room = ?",
                          (room_id,)).fetchone()[0] > 3
    finally:
        db.close()
