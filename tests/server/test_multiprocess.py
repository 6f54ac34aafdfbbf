"""Several server processes sharing one real Redis, with real sockets on 127.0.0.1; the
same tests on a Redis Cluster of three masters (``redis_url``), but for a restart of
Redis (one server's files)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from protocol.limits import Limits
from rules import Record
from server.stores.redis_store import RedisStore
from tests.kit.peer import Msg, Peer
from tests.kit.processes import serving
from tests.kit.redis import RedisServer


def first_move(state: Msg) -> tuple[int, str]:
    view = state["view"]
    seat = view["to_move"][0]
    return seat, view["moves"][str(seat)][0]["code"]


async def play(players: dict[int, Peer], watcher: Peer, room: str, state: Msg,
               limit: int = 10_000, acked: list[int] | None = None) -> Msg:
    """Play first legal moves until the end (or ``limit`` moves); every move is checked
    to reach the watcher."""
    for _ in range(limit):
        if state["view"]["status"] != "playing":
            break
        seat, move = first_move(state)
        ok = await players[seat].call("move", room=room, version=state["version"], move=move)
        assert ok["type"] == "ok", ok
        if acked is not None:
            acked.append(ok["version"])
        state = await watcher.state(ok["version"])
    return state


def replay(record: dict[str, Any]) -> Any:
    return Record(record["game"], tuple(sorted(record["options"].items())), record["seed"],
                  tuple((m["seat"], m["move"]) for m in record["moves"])).replay()


async def test_two_players_on_two_processes_and_a_watcher_on_a_third(
        redis_url: str) -> None:
    async with serving(redis_url, 3) as (p1, p2, p3):
        ann = await Peer.connect(p1.url, "Ann")
        joined = await ann.call("create", game="sympathy")
        bea = await Peer.connect(p2.url, "Bea")
        assert (await bea.call("join", code=joined["code"], role="player"))["seats"] == [1]
        wes = await Peer.connect(p3.url, "Wes")
        await wes.call("join", code=joined["code"], role="watcher")
        presence = await wes.wait_presence(lambda p: p["counts"]["connected"] == 3
                                           and len({m["node"] for m in p["members"]}) == 3)
        assert {m["name"] for m in presence["members"]} == {"Ann", "Bea", "Wes"}
        assert len({m["node"] for m in presence["members"]}) == 3  # connected where
        state = await wes.state(0)
        final = await play({0: ann, 1: bea}, wes, joined["room"], state)
        assert final["view"]["status"] in ("won", "lost")
        for p in (ann, bea):
            assert (await p.state(final["version"]))["view"] == final["view"]
        record = await wes.call("record", room=joined["room"])
        assert [m["n"] for m in record["moves"]] == list(range(1, final["version"] + 1))
        assert replay(record).game.outcome(replay(record).state) is not None


async def test_a_watcher_who_joins_on_another_process_sees_the_next_move_at_once(
        redis_url: str) -> None:
    """The move made just after a watcher joins on another process (before that process
    has subscribed to the room's doorbell) reaches the watcher with the moves' usual
    delay, not at the process's next check of every room two seconds later. Each table
    is new to the watcher's process, and the move is sent as soon as the join answers."""
    async with serving(redis_url, 2) as (p1, p2):
        ann = await Peer.connect(p1.url, "Ann")
        wes = await Peer.connect(p2.url, "Wes")
        waits = []
        for deal in range(6):
            joined = await ann.call("create", game="sympathy", deal=deal, seats="all")
            state = await ann.state(0)
            await wes.call("join", code=joined["code"], role="watcher")
            _, move = first_move(state)
            ok = await ann.call("move", room=joined["room"], version=0, move=move)
            assert ok["type"] == "ok", ok
            start = time.monotonic()
            await wes.state(ok["version"])
            waits.append(time.monotonic() - start)
            await ann.call("leave", room=joined["room"])
            await wes.call("leave", room=joined["room"])
        # the check of every room comes every 2 s (redis_listener.CHECK_EVERY): a move
        # that waited for it took more than a second on a machine however busy
        assert max(waits) < 1.0, waits


async def test_a_killed_process_loses_no_acknowledged_move(redis_url: str) -> None:
    async with serving(redis_url, 3) as (p1, p2, p3):
        ann = await Peer.connect(p1.url, "Ann")
        joined = await ann.call("create", game="sympathy")
        room = joined["room"]
        bea = await Peer.connect(p2.url, "Bea")
        bj = await bea.call("join", code=joined["code"], role="player")
        wes = await Peer.connect(p3.url, "Wes")
        await wes.call("join", code=joined["code"], role="watcher")
        acked: list[int] = []
        state = await play({0: ann, 1: bea}, wes, room, await wes.state(0), limit=12,
                           acked=acked)
        p2.kill()  # SIGKILL: Bea's process dies mid-game
        await p2.proc.wait()
        # her process stops beating: another process marks her away
        away = await wes.wait_presence(lambda p: any(
            x["name"] == "Bea" and not x["connected"] for x in p["members"]), timeout=60)
        assert [x["node"] for x in away["members"] if x["name"] == "Bea"] == [""]
        back = await Peer.connect(p1.url, "Bea")  # she reconnects to another process
        resumed = await back.call("resume", room=room, token=bj["token"],
                                  since=state["version"])
        assert resumed["type"] == "resumed" and resumed["seats"] == [1]
        assert resumed["version"] == state["version"] == acked[-1]
        final = await play({0: ann, 1: back}, wes, room, state, acked=acked)
        assert final["view"]["status"] in ("won", "lost")
        record = await wes.call("record", room=room)
        assert len(record["moves"]) == final["version"] == len(acked)
        assert acked == list(range(1, final["version"] + 1))


async def test_redis_restarted_mid_game_the_room_is_still_there(
        redis_private: RedisServer) -> None:
    async with serving(redis_private.url, 2) as (p1, p2):
        ann = await Peer.connect(p1.url, "Ann")
        joined = await ann.call("create", game="sympathy")
        room = joined["room"]
        bea = await Peer.connect(p2.url, "Bea")
        await bea.call("join", code=joined["code"], role="player")
        state = await play({0: ann, 1: bea}, bea, room, await bea.state(0), limit=6)
        redis_private.kill()
        seat, move = first_move(state)
        down = await {0: ann, 1: bea}[seat].call("move", room=room,
                                                 version=state["version"], move=move)
        assert down["code"] == "service/unavailable"  # sockets stay open
        redis_private.start()  # the append-only file brings the room back
        deadline = time.monotonic() + 60  # a hang guard: Redis reads its files meanwhile
        while True:
            again = await {0: ann, 1: bea}[seat].call("move", room=room,
                                                      version=state["version"], move=move)
            if again["type"] == "ok":
                break
            assert again["code"] == "service/unavailable"
            assert time.monotonic() < deadline, "the server did not recover when Redis " \
                "came back"
            await asyncio.sleep(0.1)
        state = await bea.state(again["version"])
        final = await play({0: ann, 1: bea}, bea, room, state)
        assert final["view"]["status"] in ("won", "lost")
        assert (await ann.state(final["version"]))["view"] == final["view"]


async def test_simultaneous_moves_on_two_processes_one_wins_each_version(
        redis_url: str) -> None:
    async with serving(redis_url, 2) as (p1, p2):
        one = await Peer.connect(p1.url, "Ann")
        joined = await one.call("create", game="sympathy", seats="all")
        room = joined["room"]
        # the same seat-holder, also connected through the other process (a client
        # retrying elsewhere while its first connection still delivers)
        two = await Peer.connect(p2.url, "Ann")
        await two.call("resume", room=room, token=joined["token"])
        state = await two.state(0)
        wins = 0
        for _ in range(15):
            if state["view"]["status"] != "playing":
                break
            _, move = first_move(state)
            replies = await asyncio.gather(
                one.call("move", room=room, version=state["version"], move=move),
                two.call("move", room=room, version=state["version"], move=move))
            oks = [r for r in replies if r["type"] == "ok"]
            errors = [r for r in replies if r["type"] == "error"]
            assert len(oks) == 1 and len(errors) == 1, replies
            assert errors[0]["code"] == "move/stale"
            wins += 1
            state = await two.state(oks[0]["version"])
        assert state["version"] == wins > 5
        store = RedisStore(redis_url, Limits())
        try:
            kept = await store.load(room)
            assert [e["n"] for e in kept.log] == list(range(1, wins + 1))  # no gap
        finally:
            await store.close()
