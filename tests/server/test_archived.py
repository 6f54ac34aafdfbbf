"""Finished games over the protocol: kept when the deal ends, listed for the room's
members, opened by id by anyone (``archived``, ``archived_step``), forgotten by their
player key (``forget_games``)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from protocol.limits import Limits
from rules import Move, Play, make, render
from server.stores.archive_file import FileArchive
from tests.kit.kept import KEY, play_to_the_end
from tests.kit.peer import Peer
from tests.kit.server import Running, start, stop_server


@pytest.fixture
async def kept(tmp_path: Path) -> AsyncIterator[Running]:
    # a game of 96 moves played at once is past a person's message budget
    running, stop, task = await start(Limits(rate=1000, burst=1000),
                                      archive=FileArchive(tmp_path / "sympathy.db"))
    try:
        yield running
    finally:
        await stop_server(stop, task)


async def test_a_finished_game_is_kept_and_anyone_with_its_id_steps_through_it(
        kept: Running) -> None:
    ann, room = await play_to_the_end(kept.url)
    games = (await ann.call("room_games", room=room))["games"]
    assert len(games) == 1 and games[0]["game"] == "wandering_card"
    gid = games[0]["id"]
    record = await ann.call("record", room=room)
    # someone who was not at the table
    bea = await Peer.connect(kept.url, "Bea")
    page = await bea.call("archived", game=gid)
    body = page["game"]
    assert page["type"] == "archived" and page["steps"] == len(record["moves"]) + 1
    for k in ("seed", "salt", "commitment", "moves", "result", "options"):
        assert body[k] == record[k], k
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


async def test_ids_that_open_nothing_are_refused_alike(kept: Running) -> None:
    p = await Peer.connect(kept.url, "Cy")
    for gid in ("AAAAAAAAAAAAAAAA", "short", "x" * 32, "../../etc/passwd"):
        for kind, extra in (("archived", {}), ("archived_step", {"n": 0})):
            err = await p.call(kind, game=gid, **extra)
            assert err["type"] == "error" and err["code"] == "archive/not_found", (gid, err)
    await p.close()


async def test_forgetting_a_player_key_deletes_the_games_kept_under_it(
        kept: Running) -> None:
    ann, room = await play_to_the_end(kept.url)
    gid = (await ann.call("room_games", room=room))["games"][0]["id"]
    other, room2 = await play_to_the_end(kept.url, "bea-player-key-0123456789abc", 6)
    gid2 = (await other.call("room_games", room=room2))["games"][0]["id"]
    stranger = await Peer.connect(kept.url, "Cy")
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
