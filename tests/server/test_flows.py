"""Whole flows against a real server on 127.0.0.1 with real websockets clients."""

from __future__ import annotations

import asyncio
import urllib.request
from typing import Any

import pytest

from rules import Record
from server import fairness
from tests.kit.peer import Msg, Peer
from tests.kit.server import Running


async def open_table(server: Running, **create: Any) -> tuple[Peer, Msg]:
    host = await Peer.connect(server.url, "Ann")
    joined = await host.call("create", game="sympathy", **create)
    assert joined["type"] == "joined", joined
    return host, joined


def mover(state: Msg) -> tuple[int, str]:
    """The seat to move and its first legal move, from a view."""
    view = state["view"]
    seat = view["to_move"][0]
    return seat, view["moves"][str(seat)][0]["code"]


async def test_two_players_play_a_whole_sympathy_game_with_a_watcher(server: Running) -> None:
    ann, joined = await open_table(server, name="Ann", visibility="public")
    assert joined["seats"] == [0] and joined["host"] and len(joined["token"]) > 20
    bea = await Peer.connect(server.url, "Bea")
    assert (await bea.call("join", code=joined["code"], role="player"))["seats"] == [1]
    wes = await Peer.connect(server.url, "Wes")
    await wes.call("join", code=joined["code"], role="watcher")
    lobby = await wes.call("lobby")
    assert lobby["rooms"][0]["seats"] == [2, 2] and lobby["rooms"][0]["watchers"] == 1
    room = joined["room"]
    players = {0: ann, 1: bea}
    state = await ann.state(0)
    assert state["fair"].keys() == {"commitment"}
    while state["view"]["status"] == "playing":
        seat, move = mover(state)
        ok = await players[seat].call("move", room=room, version=state["version"], move=move)
        assert ok == {"type": "ok", "re": ok["re"], "version": state["version"] + 1}
        state = await ann.state(ok["version"])
        other = await bea.state(ok["version"])
        watched = await wes.state(ok["version"])
        assert other["view"] == state["view"] == watched["view"]
        assert watched["last"]["move"] == move
    assert state["view"]["status"] in ("won", "lost")
    fair = state["fair"]
    assert fairness.verify("sympathy", fair["salt"], fair["seed"], fair["commitment"])
    record = await wes.call("record", room=room)
    replay = Record(record["game"], tuple(sorted(record["options"].items())), record["seed"],
                    tuple((m["seat"], m["move"]) for m in record["moves"])).replay()
    assert replay.game.outcome(replay.state) is not None
    assert {m["by"] for m in record["moves"]} == {"Ann", "Bea"}
    for p in (ann, bea, wes):
        await p.close()


async def test_a_table_with_two_advisors_whose_proposal_is_taken(server: Running) -> None:
    ann, joined = await open_table(server, seats="all")
    room, code = joined["room"], joined["code"]
    xan = await Peer.connect(server.url, "Xan")
    yu = await Peer.connect(server.url, "Yu")
    wes = await Peer.connect(server.url, "Wes")
    for p, role in ((xan, "advisor"), (yu, "advisor"), (wes, "watcher")):
        assert (await p.call("join", code=code, role=role))["role"] == role
    await ann.call("move", room=room, version=0, move="open")
    assert (await xan.call("propose", room=room, version=1, move="t99"))["code"] == \
        "advice/illegal"
    await xan.call("propose", room=room, version=1, move="t4")
    await yu.call("propose", room=room, version=1, move="t4")
    seen = await ann.wait(lambda m: m["type"] == "proposals" and m["items"]
                          and m["items"][0]["votes"] == 2)
    assert seen["items"][0]["by"] == ["Xan", "Yu"]
    assert seen["items"][0]["text"] == "A turns up the top of packet 4"
    await yu.wait(lambda m: m["type"] == "proposals" and m["items"][0]["votes"] == 2)
    took = await ann.call("take", room=room, version=1, move="t4")
    assert took["version"] == 2
    state = await wes.state(2)
    assert state["last"]["advised_by"] == ["Xan", "Yu"] and state["last"]["by"] == "Ann"
    lapsed = await xan.wait(lambda m: m["type"] == "proposals" and m["version"] == 2)
    assert lapsed["items"] == []
    assert not [m for m in wes.seen if m["type"] == "proposals"]  # watchers only watch
    chat = await xan.call("chat", room=room, text="nice \x1b[2J one")
    assert chat["type"] == "ok"
    said = await wes.wait(lambda m: m["type"] == "chat")
    assert said["text"] == "nice one" and said["from"] == "Xan"  # the whole escape


@pytest.mark.limits(event_log=4)
async def test_resume_after_a_dropped_connection(server: Running) -> None:
    ann, joined = await open_table(server)
    bea = await Peer.connect(server.url, "Bea")
    bj = await bea.call("join", code=joined["code"], role="player")
    room = joined["room"]
    await bea.call("move", room=room, version=0, move="open")
    await bea.state(1)
    await bea.ws.close()  # the connection drops; the seat stays
    gone = await ann.wait_presence(lambda p: any(
        x["name"] == "Bea" and not x["connected"] for x in p["members"]))
    assert gone["counts"]["connected"] == 1
    state = await ann.latest_state(1)
    for _ in range(2):
        _, move = mover(state)
        ok = await ann.call("move", room=room, version=state["version"], move=move)
        state = await ann.state(ok["version"])
    back = await Peer.connect(server.url, "Bea")
    resumed = await back.call("resume", room=room, token=bj["token"], since=1)
    assert resumed["type"] == "resumed" and resumed["seats"] == [1]
    assert [e["version"] for e in resumed["events"]] == [2, 3] and not resumed["snapshot"]
    assert (await back.state(3))["view"] == state["view"]
    forged = await Peer.connect(server.url, "Eve")
    bad = await forged.call("resume", room=room, token="x" * 32, since=0)
    assert bad["code"] == "auth/bad_token"
    # a gap longer than the event log gets a snapshot instead of events
    while state["version"] < 8 and state["view"]["status"] == "playing":
        seat, move = mover(state)
        p = ann if seat == 0 else back
        ok = await p.call("move", room=room, version=state["version"], move=move)
        state = await ann.state(ok["version"])
    again = await Peer.connect(server.url, "Bea")
    far = await again.call("resume", room=room, token=bj["token"], since=1)
    assert far["snapshot"] and far["events"] is None
    assert (await back.wait(lambda m: m["type"] == "replaced"))["room"] == room


async def test_host_controls_over_the_wire(server: Running) -> None:
    ann, joined = await open_table(server)
    room, code = joined["room"], joined["code"]
    bea = await Peer.connect(server.url, "Bea")
    bj = await bea.call("join", code=code, role="player")
    wes = await Peer.connect(server.url, "Wes")
    wj = await wes.call("join", code=code, role="watcher")
    assert (await bea.call("kick", room=room, member=wj["member"]))["code"] == "auth/denied"
    await ann.call("lock", room=room, locked=True)
    late = await Peer.connect(server.url, "Late")
    assert (await late.call("join", code=code, role="watcher"))["code"] == "room/locked"
    await ann.call("set_role", room=room, member=wj["member"], role="player", seat=1)
    moved = await bea.wait_presence(lambda p: any(
        x["name"] == "Wes" and x["seats"] == [1] for x in p["members"]))
    assert [x["role"] for x in moved["members"] if x["name"] == "Bea"] == ["advisor"]
    await ann.call("kick", room=room, member=bj["member"])
    assert (await bea.wait(lambda m: m["type"] == "kicked"))["room"] == room
    assert (await bea.call("chat", room=room, text="hi"))["code"] == "room/not_joined"
    await ann.call("close", room=room)
    assert (await wes.wait(lambda m: m["type"] == "closed"))["room"] == room
    assert (await late.call("join", code=code, role="watcher"))["code"] == "room/closed"


async def test_the_host_hands_the_room_to_another_person_over_the_wire(
        server: Running) -> None:
    ann, joined = await open_table(server)
    room, code = joined["room"], joined["code"]
    bea = await Peer.connect(server.url, "Bea")
    bj = await bea.call("join", code=code, role="player")
    refused = await bea.call("set_host", room=room, member=bj["member"])
    assert refused["code"] == "auth/denied"
    assert (await ann.call("set_host", room=room, member="x" * 12))["code"] == \
        "member/not_found"
    assert (await ann.call("set_host", room=room, member=joined["member"]))["code"] == \
        "host/cannot_pass"
    assert (await ann.call("set_host", room=room, member=bj["member"]))["type"] == "ok"
    told = await bea.wait_presence(lambda p: p["host"] == bj["member"])
    assert [x["name"] for x in told["members"] if x["host"]] == ["Bea"]
    await ann.wait_presence(lambda p: p["host"] == bj["member"])
    # Bea hosts now: Ann's host commands are refused, Bea's work
    assert (await ann.call("lock", room=room, locked=True))["code"] == "auth/denied"
    assert (await bea.call("lock", room=room, locked=True))["type"] == "ok"
    # a newcomer is told who hosts
    late = await Peer.connect(server.url, "Cy")
    await bea.call("lock", room=room, locked=False)
    lj = await late.call("join", code=code, role="watcher")
    assert not lj["host"]
    assert (await late.wait_presence(lambda p: True))["host"] == bj["member"]


async def test_a_reader_that_does_not_read_never_slows_the_room(server: Running) -> None:
    ann, joined = await open_table(server, seats="all")
    room = joined["room"]
    sleepy = await Peer.connect(server.url, "Zed")
    await sleepy.call("join", code=joined["code"], role="watcher")
    state = await ann.state(0)
    for _ in range(30):  # the watcher reads nothing meanwhile
        if state["view"]["status"] != "playing":
            break
        _, move = mover(state)
        ok = await ann.call("move", room=room, version=state["version"], move=move)
        state = await ann.state(ok["version"])
    final = await sleepy.wait(lambda m: m["type"] == "state" and
                              m["version"] == state["version"])
    assert final["view"] == state["view"]


async def test_health_and_metrics_on_the_same_port(server: Running) -> None:
    def get(path: str) -> str:
        with urllib.request.urlopen(f"http://127.0.0.1:{server.port}{path}", timeout=5) as r:
            body: str = r.read().decode()
            return body

    assert await asyncio.to_thread(get, "/healthz") == "ok\n"
    ann, joined = await open_table(server)
    await ann.call("move", room=joined["room"], version=0, move="t1")  # not her turn
    metrics = await asyncio.to_thread(get, "/metrics")
    assert "sympathy_rooms 1" in metrics and "sympathy_connections 1" in metrics
    assert 'sympathy_errors_total{code="move/not_your_turn"} 1' in metrics
    assert "sympathy_fanout_seconds_count" in metrics


async def test_a_timed_vote_plays_the_most_proposed_move(server: Running) -> None:
    ann, joined = await open_table(server, seats="all", advice_mode="vote", vote_after=1)
    room = joined["room"]
    xan = await Peer.connect(server.url, "Xan")
    await xan.call("join", code=joined["code"], role="advisor")
    await ann.call("move", room=room, version=0, move="open")
    await xan.call("propose", room=room, version=1, move="t9")
    state = await xan.wait(lambda m: m["type"] == "state" and m["version"] == 2, timeout=10)
    assert state["last"]["by"] == "the vote" and state["last"]["move"] == "t9"
    assert state["last"]["advised_by"] == ["Xan"]
