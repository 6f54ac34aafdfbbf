"""Finished games over the protocol: kept when the deal ends, listed for the room's
members, opened by id by anyone (``archived``, ``archived_step``), forgotten by their
player key (``forget_games``)."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from protocol.limits import Limits
from rules import Move, Play, make, render
from server import seating
from server.archived import Games
from server.room import PLAYER, Policy
from server.stores.archive import game_id as game_id_of
from server.stores.archive import kept
from server.stores.archive_file import FileArchive
from server.stores.archive_pg import PgArchive
from server.stores.redis_store import RedisStore
from tests.kit.kept import KEY, kept_server, play_to_the_end, without_words
from tests.kit.leaks import assert_hides, secret_cards
from tests.kit.peer import Peer
from tests.kit.postgres import PostgresServer
from tests.kit.redis import RedisServer, free_port
from tests.kit.rooms import live
from tests.kit.server import Running, start, stop_server
from tests.kit.tables import ROUND_GAMES, lean_options, seat_counts
from tests.kit.toy import ID as TOY


@pytest.fixture
async def keeping(tmp_path: Path) -> AsyncIterator[Running]:
    async with kept_server(tmp_path) as running:
        yield running


async def test_a_finished_game_is_kept_and_anyone_with_its_id_steps_through_it(
        keeping: Running) -> None:
    ann, room = await play_to_the_end(keeping.url)
    games = (await ann.call("room_games", room=room))["games"]
    assert len(games) == 1 and games[0]["game"] == "wandering_card"
    gid = games[0]["id"]
    record = await ann.call("record", room=room)
    # someone who was not at the table
    bea = await Peer.connect(keeping.url, "Bea")
    page = await bea.call("archived", game=gid)
    body = page["game"]
    assert page["type"] == "archived" and page["steps"] == len(record["moves"]) + 1
    for k in ("seed", "salt", "commitment", "result", "options"):
        assert body[k] == record[k], k
    assert without_words(body["moves"]) == record["moves"]
    assert all(m["text"] for m in body["moves"])  # each move kept in words
    assert body["players"] == [{"seats": [1], "name": "Ann", "bot": False}]
    # each step is the table as a watcher saw it then
    game = make("wandering_card", {})
    play: Play[Any] = Play.start(game, 5)
    for n in (0, 1, 2, len(record["moves"])):
        while len(play.states) - 1 < n:
            m = record["moves"][len(play.states) - 1]
            play = play.push(Move(m["move"]), m["seat"])
        step = await bea.call("archived_step", game=gid, n=n)
        assert step["view"] == render(game, play.states[n], None), n
        assert (step["last"] is None) == (n == 0)
    bad = await bea.call("archived_step", game=gid, n=len(record["moves"]) + 1)
    assert bad["code"] == "proto/bad_field"
    # Bea was in no room: she cannot list one
    assert (await bea.call("room_games", room=room))["code"] == "room/not_joined"
    await ann.close()
    await bea.close()


async def test_ids_that_open_nothing_are_refused_alike(keeping: Running) -> None:
    p = await Peer.connect(keeping.url, "Cy")
    for gid in ("AAAAAAAAAAAAAAAA", "short", "x" * 32, "../../etc/passwd"):
        for kind, extra in (("archived", {}), ("archived_step", {"n": 0})):
            err = await p.call(kind, game=gid, **extra)
            assert err["type"] == "error" and err["code"] == "archive/not_found", (gid, err)
    await p.close()


async def test_forgetting_a_player_key_deletes_the_games_kept_under_it(
        keeping: Running) -> None:
    ann, room = await play_to_the_end(keeping.url)
    gid = (await ann.call("room_games", room=room))["games"][0]["id"]
    other, room2 = await play_to_the_end(keeping.url, "bea-player-key-0123456789abc", 6)
    gid2 = (await other.call("room_games", room=room2))["games"][0]["id"]
    stranger = await Peer.connect(keeping.url, "Cy")
    short = await stranger.call("forget_games", player="short")
    assert short["code"] == "proto/bad_field"
    assert (await stranger.call("forget_games", player="nobody's key 0123456789"))[
        "deleted"] == 0
    assert (await stranger.call("archived", game=gid))["type"] == "archived"
    done = await stranger.call("forget_games", player=KEY)
    assert done["type"] == "ok" and done["deleted"] == 1
    assert (await stranger.call("archived", game=gid))["code"] == "archive/not_found"
    assert (await stranger.call("archived_step", game=gid, n=0))["code"] == \
        "archive/not_found"
    assert (await stranger.call("archived", game=gid2))["type"] == "archived"
    for p in (ann, other, stranger):
        await p.close()


async def test_a_server_without_an_archive_says_so(server: Running) -> None:
    p = await Peer.connect(server.url, "Cy")
    assert (await p.call("archived", game="AAAAAAAAAAAAAAAA"))["code"] == "archive/off"
    assert (await p.call("forget_games", player=KEY))["code"] == "archive/off"
    await p.close()


ROUNDS = [g for g in ROUND_GAMES if g != TOY]


@pytest.mark.parametrize("game_id", ROUNDS)
async def test_a_kept_round_game_shows_only_what_the_watchers_saw(game_id: str,
                                                                  tmp_path: Path) -> None:
    """Hidden hands: a match kept before its end shows no seed, salt nor move code, and
    has no steps; played to its end (its seed revealed then, and its record public), each
    step of its page names no card that was hidden from the watchers at that step."""
    players = min(seat_counts(game_id))
    r = live(game_id, lean_options(game_id, players), 918_273_645, Policy(), now=0.0)
    for s in range(players):
        r.room, _, _ = seating.add_member(r.room, PLAYER, f"P{s + 1}")
    games = Games(FileArchive(tmp_path / "sympathy.db"))
    assert games.archive is not None
    checked_unfinished = False
    for k in range(2000):
        if r.over:
            break
        if k == 3 or (k and not checked_unfinished and r.over):
            body = kept(r.room, 1.0).body
            assert_hides(body, secret_cards(r.game, r.play.state, None), r.seed, "kept")
            assert "seed" not in body and "salt" not in body
            assert all(m["move"] is None for m in body["moves"])
            checked_unfinished = True
        movers = r.game.to_move(r.play.state)
        if movers:
            seat = movers[0]
            r.commit(seat, r.game.legal_moves(r.play.state, seat)[0].code, "P", 1.0, [])
        else:
            r.commit_timer(1.0)
    if not r.over:
        pytest.skip(f"{game_id}: the first legal moves did not end a match in 2000 moves")
    await games.finished(r.room)
    gid = game_id_of(r.salt)
    page = await games.page(gid)
    assert page["game"]["seed"] == r.seed  # revealed at the end, as the record is
    for n in range(page["steps"]):
        step = await games.step(gid, n)
        assert_hides(step["view"], secret_cards(r.game, r.play.states[n], None), None,
                     f"{game_id} step {n}")
        assert step["view"] == render(r.game, r.play.states[n], None)
    await games.archive.close()


async def test_the_retention_deletes_games_older_than_the_days_kept(tmp_path: Path) -> None:
    r = live("wandering_card", {}, 5, Policy(), now=0.0)
    archive = FileArchive(tmp_path / "sympathy.db")
    day = 86400.0
    old, new = kept(r.room, 0.0), kept(r.room.but(salt="another salt"), 5 * day)
    await archive.keep(old)
    await archive.keep(new)
    assert await Games(archive, keep_days=0).expire(100 * day) == 0  # 0: for ever
    assert await Games(archive, keep_days=3).expire(5 * day) == 1
    assert await archive.get(old.id) is None and await archive.get(new.id) is not None
    await archive.close()


async def test_processes_sharing_redis_keep_games_in_postgresql(
        redis_server: RedisServer, postgres_server: PostgresServer) -> None:
    """Two processes on one Redis, one PostgreSQL: a game finished on one opens on the
    other, and a key forgotten on the other is forgotten for both."""
    limits = Limits(rate=1000, burst=1000)
    a = await start(limits, RedisStore(redis_server.url, limits),
                    archive=PgArchive(postgres_server.url))
    b = await start(limits, RedisStore(redis_server.url, limits),
                    archive=PgArchive(postgres_server.url))
    try:
        key = f"shared-key-{uuid.uuid4().hex}"
        ann, room = await play_to_the_end(a[0].url, key)
        gid = (await ann.call("room_games", room=room))["games"][0]["id"]
        bea = await Peer.connect(b[0].url, "Bea")
        page = await bea.call("archived", game=gid)
        assert page["type"] == "archived" and page["game"]["players"][0]["name"] == "Ann"
        assert (await bea.call("archived_step", game=gid, n=1))["last"]["n"] == 1
        assert (await bea.call("forget_games", player=key))["deleted"] == 1
        assert (await ann.call("archived", game=gid))["code"] == "archive/not_found"
        await ann.close()
        await bea.close()
    finally:
        for _, stop, task in (a, b):
            await stop_server(stop, task)


async def test_a_game_its_process_could_not_keep_is_kept_where_its_player_comes_back(
        redis_server: RedisServer, postgres_server: PostgresServer) -> None:
    """The process that committed the deal's last move could not keep it (its archive
    was away, then the process stopped): when the player's client resumes the seat on
    another process, that process keeps the game."""
    limits = Limits(rate=1000, burst=1000)
    away = PgArchive(f"postgresql://postgres@127.0.0.1:{free_port()}/postgres")
    a = await start(limits, RedisStore(redis_server.url, limits), archive=away)
    b = await start(limits, RedisStore(redis_server.url, limits),
                    archive=PgArchive(postgres_server.url))
    try:
        ann = await Peer.connect(a[0].url, "Ann")
        joined = await ann.call("create", game="wandering_card", deal=5)
        room, version = joined["room"], 0
        while True:
            view = (await ann.latest_state(version))["view"]
            if view["result"] is not None:
                break
            move = next(m["code"] for m in view["moves"]["0"] if m["code"] != "end")
            version = (await ann.call("move", room=room, version=version, move=move))["version"]
        shared = PgArchive(postgres_server.url)
        assert await shared.of_room(room) == []  # A could not keep it
        await ann.close()
        await stop_server(*a[1:])
        back = await Peer.connect(b[0].url, "Ann")
        assert (await back.call("resume", room=room, token=joined["token"]))["type"] == \
            "resumed"
        assert [g["game"] for g in await shared.of_room(room)] == ["wandering_card"]
        await shared.close()
        await back.close()
    finally:
        await stop_server(*b[1:])
        if not a[2].done():
            await stop_server(*a[1:])


async def test_a_game_that_ended_before_a_restart_is_kept_when_the_server_starts(
        tmp_path: Path) -> None:
    """The deal ended and was committed to the file store, but the process stopped before
    the archive kept it: started again on the same file, the server keeps it."""
    from server.stores.file_store import FileStore

    limits = Limits(rate=1000, burst=1000)
    running, stop, task = await start(limits, FileStore(tmp_path / "s.db", limits))
    ann, room = await play_to_the_end(running.url)  # no archive: nothing kept
    await ann.close()
    await stop_server(stop, task)
    archive = FileArchive(tmp_path / "s.db")
    running, stop, task = await start(limits, FileStore(tmp_path / "s.db", limits),
                                      archive=archive)
    try:
        assert [g["game"] for g in await archive.of_room(room)] == ["wandering_card"]
    finally:
        await stop_server(stop, task)


async def test_a_players_statistics_count_their_won_and_lost_games(keeping: Running) -> None:
    # lost, won, won, lost (first legal moves)
    for game, deal in (("wandering_card", 5), ("wandering_card", 6), ("a_spell", 0),
                       ("wandering_card", 8)):
        ann, room = await play_to_the_end(keeping.url, KEY, deal, game)
        if deal == 6:
            won_record = await ann.call("record", room=room)
        await ann.close()
    other, _ = await play_to_the_end(keeping.url, "bea-player-key-0123456789abc", 7)
    await other.close()
    p = await Peer.connect(keeping.url, "Ann")
    stats = await p.call("my_stats", player=KEY)
    assert stats["type"] == "stats" and stats["played"] == 4 and stats["won"] == 2
    by_game = {g["game"]: g for g in stats["games"]}
    assert by_game["a_spell"]["played"] == 1 and by_game["a_spell"]["won"] == 1
    assert by_game["a_spell"]["streak"] == by_game["a_spell"]["best_streak"] == 1
    wc = by_game["wandering_card"]
    assert (wc["played"], wc["won"], wc["streak"], wc["best_streak"]) == (3, 1, 0, 1)
    # best results: of the won games only
    assert wc["fewest_moves"] == len(won_record["moves"]) and 0 <= wc["fastest"] < 60
    assert by_game["a_spell"]["fewest_moves"] is not None
    none_won = await p.call("my_stats", player="bea-player-key-0123456789abc")
    assert none_won["games"][0]["fewest_moves"] is None
    assert none_won["games"][0]["fastest"] is None
    assert [g["game"] for g in stats["games"]] == ["wandering_card", "a_spell"]  # latest
    none = await p.call("my_stats", player="nobody's key 0123456789")
    assert none["played"] == 0 and none["games"] == []
    assert (await p.call("my_stats", player="short"))["code"] == "proto/bad_field"
    await p.close()


async def test_the_deal_of_the_day_is_one_deal_and_its_board_opens_to_who_played_it(
        keeping: Running) -> None:
    ann_key, bea_key = KEY, "bea-player-key-0123456789abc"
    ann, room_a = await play_to_the_end(keeping.url, ann_key, None)
    bea, room_b = await play_to_the_end(keeping.url, bea_key, None)
    rec_a = await ann.call("record", room=room_a)
    rec_b = await bea.call("record", room=room_b)
    assert rec_a["seed"] == rec_b["seed"] and rec_a["salt"] != rec_b["salt"]
    cy = await Peer.connect(keeping.url, "Cy")
    board = await cy.call("daily", game="wandering_card", player="cy-player-key-0123456789")
    assert board["type"] == "daily" and board["played"] is False
    assert [r["players"] for r in board["board"]] == [["Ann"], ["Ann"]]  # both named Ann
    assert all(r["id"] is None and r["moves"] == len(rec_a["moves"]) for r in board["board"])
    # the day's deal comes from the archive's secret and today's date: whichever it is,
    # the board says what the game itself says of the moves played
    game = make("wandering_card", {})
    play: Play[Any] = Play.start(game, rec_a["seed"])
    for m in rec_a["moves"]:
        play = play.push(Move(m["move"]), m["seat"])
    outcome = game.outcome(play.state)
    assert outcome is not None
    assert [r["won"] for r in board["board"]] == [outcome.won, outcome.won]
    mine = await ann.call("daily", game="wandering_card", player=ann_key)
    assert mine["played"] is True and all(r["id"] for r in mine["board"])
    assert [r["mine"] for r in mine["board"]] == [True, False]
    # a game's own deal number is not the day's; another game's day is empty
    other, _ = await play_to_the_end(keeping.url, ann_key, 5)
    # playing the day's deal again does not put a second result of Ann's on the board
    # (only each key's first counts), nor does a game of someone who sent no key
    again, _ = await play_to_the_end(keeping.url, ann_key, None)
    keyless, _ = await play_to_the_end(keeping.url, None, None)
    assert [r["players"] for r in (await cy.call("daily", game="wandering_card"))["board"]] \
        == [["Ann"], ["Ann"]]
    assert [r["mine"] for r in (await ann.call("daily", game="wandering_card",
                                               player=ann_key))["board"]] == [True, False]
    assert (await cy.call("daily", game="a_spell"))["board"] == []
    bad = await cy.call("create", game="wandering_card", daily=True, deal=3)
    assert bad["code"] == "proto/bad_field"
    for p in (ann, bea, cy, other, again, keyless):
        await p.close()


async def test_no_deal_of_the_day_without_an_archive(server: Running) -> None:
    p = await Peer.connect(server.url, "Cy")
    assert (await p.call("create", game="wandering_card", daily=True))["code"] == \
        "archive/off"
    assert (await p.call("daily", game="wandering_card"))["code"] == "archive/off"
    await p.close()


def answers_to(m: dict[str, Any], rid: int) -> bool:
    return bool(m.get("re") == rid)


async def test_a_kept_game_without_an_analysis_gets_one_made_once_and_kept(
        keeping: Running) -> None:
    ann, room = await play_to_the_end(keeping.url)  # nobody asks for an analysis there
    gid = (await ann.call("room_games", room=room))["games"][0]["id"]
    bea = await Peer.connect(keeping.url, "Bea")
    cy = await Peer.connect(keeping.url, "Cy")
    assert (await bea.call("archived", game=gid))["analysis"] is None
    # two pages ask at once: one analysis is made, and both are answered with it
    ids = [await p.send("archived_analysis", game=gid) for p in (bea, cy)]
    answers = [await p.wait(partial(answers_to, rid=i), timeout=60)
               for p, i in zip((bea, cy), ids, strict=True)]
    for a in answers:
        assert a["type"] == "archived", a
        assert a["analysis"]["deal"] in ("won", "lost") and a["analysis"]["lines"]
    assert answers[0]["analysis"] == answers[1]["analysis"]
    assert sum(w.jobs for w in keeping.app.pool.workers) == 1
    # kept with the game: the page opens with it, and asking again makes none
    assert (await bea.call("archived", game=gid))["analysis"] == answers[0]["analysis"]
    again = await bea.call("archived_analysis", game=gid)
    assert again["analysis"] == answers[0]["analysis"]
    assert sum(w.jobs for w in keeping.app.pool.workers) == 1
    assert (await bea.call("archived_analysis", game="AAAAAAAAAAAAAAAA"))["code"] \
        == "archive/not_found"
    for p in (ann, bea, cy):
        await p.close()


#: Bad fields of every request that reads or writes the archive, and the one code each
#: gets from a server that keeps games ("$GAME": the id of a kept game). The fuzzer
#: (``test_fuzz.py``) runs on a server with no archive, where every one stops at
#: ``archive/off``.
ARCHIVE_BAD: list[tuple[str, dict[str, Any], str]] = [
    ("archived", {"game": 16}, "proto/bad_field"),
    ("archived", {"game": "x" * 33}, "proto/bad_field"),
    ("archived", {}, "proto/bad_field"),
    ("archived", {"game": "AAAAAAAAAAAAAAAA"}, "archive/not_found"),
    ("archived_step", {"game": "$GAME", "n": -1}, "proto/bad_field"),
    ("archived_step", {"game": "$GAME", "n": "1"}, "proto/bad_field"),
    ("archived_step", {"game": "$GAME", "n": 100_000}, "proto/bad_field"),
    ("archived_step", {"game": None, "n": 0}, "proto/bad_field"),
    ("archived_step", {"game": "../../etc/passwd", "n": 0}, "archive/not_found"),
    ("archived_analysis", {"game": [1]}, "proto/bad_field"),
    ("archived_analysis", {"game": "AAAAAAAAAAAAAAAA"}, "archive/not_found"),
    ("room_games", {"room": 5}, "proto/bad_field"),
    ("room_games", {"room": "nosuchroom"}, "room/not_joined"),
    ("forget_games", {"player": "short"}, "proto/bad_field"),
    ("forget_games", {"player": 12345678901234567}, "proto/bad_field"),
    ("forget_games", {}, "proto/bad_field"),
    ("my_stats", {"player": "short"}, "proto/bad_field"),
    ("my_stats", {"player": None}, "proto/bad_field"),
    ("my_stats", {"player": "k" * 65}, "proto/bad_field"),
    ("daily", {"game": "no_such_game"}, "game/unknown"),
    ("daily", {"game": "no_such_game", "player": KEY}, "game/unknown"),
    ("daily", {"game": 3}, "proto/bad_field"),
    ("daily", {"game": "wandering_card", "player": 5}, "proto/bad_field"),
    ("daily", {"game": "wandering_card", "player": "short"}, "proto/bad_field"),
    ("create", {"game": "no_such_game", "daily": True}, "game/unknown"),
    ("create", {"game": "wandering_card", "daily": "yes"}, "proto/bad_field"),
    ("create", {"game": "wandering_card", "daily": True, "deal": 3}, "proto/bad_field"),
    # the day's deal is played by everyone by the same rules, with no peeking
    ("create", {"game": "wandering_card", "daily": True,
                "options": {"first_layer": "counted"}}, "proto/bad_field"),
    ("create", {"game": "wandering_card", "daily": True, "undo": "past_reveal"},
     "proto/bad_field"),
    ("create", {"game": "no_such_game", "winnable": True}, "game/unknown"),
    ("create", {"game": "wandering_card", "winnable": 1}, "proto/bad_field"),
    ("create", {"game": "wandering_card", "winnable": True, "daily": True},
     "proto/bad_field"),
]


async def test_bad_archive_requests_get_one_code_each_and_change_nothing(
        keeping: Running) -> None:
    ann, room = await play_to_the_end(keeping.url)
    gid = (await ann.call("room_games", room=room))["games"][0]["id"]
    before = (await ann.call("archived", game=gid), await ann.call("my_stats", player=KEY),
              await ann.call("daily", game="wandering_card", player=KEY),
              await ann.call("room_games", room=room))
    rooms = keeping.app.store.count()
    cy = await Peer.connect(keeping.url, "Cy")
    for kind, fields, code in ARCHIVE_BAD:
        fields = {k: gid if v == "$GAME" else v for k, v in fields.items()}
        err = await cy.call(kind, **fields)
        assert (err["type"], err.get("code")) == ("error", code), (kind, fields, err)
    after = (await ann.call("archived", game=gid), await ann.call("my_stats", player=KEY),
             await ann.call("daily", game="wandering_card", player=KEY),
             await ann.call("room_games", room=room))
    assert [{k: v for k, v in m.items() if k != "re"} for m in after] == \
        [{k: v for k, v in m.items() if k != "re"} for m in before]
    assert keeping.app.store.count() == rooms
    assert (await cy.call("create", game="wandering_card"))["type"] == "joined"
    await ann.close()
    await cy.close()
