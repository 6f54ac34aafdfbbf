"""Every kind of bad input gets a stable code, changes nothing, and nobody else notices."""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import msgpack
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from protocol.limits import Limits
from server.client_conn import DROP, RESYNC, Conn
from tests.kit.peer import Peer
from tests.kit.server import Running


async def table(server: Running) -> tuple[Peer, Peer, Peer, dict[str, Any]]:
    ann = await Peer.connect(server.url, "Ann")
    joined = await ann.call("create", game="sympathy")
    bea = await Peer.connect(server.url, "Bea")
    await bea.call("join", code=joined["code"], role="player")
    wes = await Peer.connect(server.url, "Wes")
    await wes.call("join", code=joined["code"], role="watcher")
    for p in (ann, bea, wes):  # each has its table: nothing else is on its way
        await p.state(0)
    return ann, bea, wes, joined


async def test_bad_frames_and_commands(server: Running) -> None:
    ann, bea, wes, joined = await table(server)
    room = joined["room"]
    raw = [
        (b"\xc1\xc1 not msgpack", "proto/malformed"),
        (msgpack.packb({"type": "teleport", "id": 5}), "proto/unknown_type"),
        (msgpack.packb({"type": "move", "id": 6, "room": room, "version": "0", "move": "t"}),
         "proto/bad_field"),
        (msgpack.packb({"type": "move", "id": 7, "room": room, "move": "open"}),
         "proto/bad_field"),
        (msgpack.packb({"type": "move", "id": 8, "room": room, "version": 2**63,
                        "move": "open"}), "proto/bad_field"),
        (msgpack.packb({"type": "chat", "id": 9, "room": room, "text": "x" * 5000}),
         "proto/bad_field"),
    ]
    for frame, expected in raw:
        await bea.ws.send(frame)
        err = await bea.wait(lambda m: m.get("type") == "error")
        assert err["code"] == expected, (frame[:20], err)
        assert err["message"]
    await bea.ws.send("a text frame")
    assert (await bea.wait(lambda m: m.get("type") == "error"))["code"] == "proto/text_frame"
    calls = [
        (bea, {"type": "move", "room": "someone-elses", "version": 0, "move": "open"},
         "room/not_joined"),
        (wes, {"type": "move", "room": room, "version": 0, "move": "open"}, "auth/denied"),
        (ann, {"type": "move", "room": room, "version": 0, "move": "open"},
         "move/not_your_turn"),
        (bea, {"type": "move", "room": room, "version": 5, "move": "open"}, "move/stale"),
        (bea, {"type": "move", "room": room, "version": 0, "move": "t3"}, "move/illegal"),
        (bea, {"type": "kick", "room": room, "member": "nobody"}, "auth/denied"),
        (ann, {"type": "kick", "room": room, "member": "nobody"}, "member/not_found"),
        (wes, {"type": "propose", "room": room, "version": 0, "move": "open"},
         "advice/not_allowed"),
        (bea, {"type": "record", "room": room}, "record/not_available"),
        (bea, {"type": "create", "game": "sympathy"}, "room/already_joined"),
    ]
    for peer, msg, expected in calls:
        fields = {k: v for k, v in msg.items() if k != "type"}
        reply = await peer.call(msg["type"], **fields)
        assert reply["type"] == "error" and reply["code"] == expected, (msg, reply)
        assert reply["re"] == peer.next_id - 1
    lobbyist = await Peer.connect(server.url, "Lo")
    outside: list[tuple[dict[str, Any], str]] = [
        ({"type": "create", "game": "chess"}, "game/unknown"),
        ({"type": "create", "game": "sympathy", "options": {"match_rule": "colour"}},
         "game/bad_options"),
        ({"type": "join", "code": "ZZZZZZ", "role": "watcher"}, "room/not_found"),
        ({"type": "resume", "room": room, "token": "forged-token-forged-token"},
         "auth/bad_token"),
    ]
    for msg, expected in outside:
        fields = {k: v for k, v in msg.items() if k != "type"}
        reply = await lobbyist.call(msg["type"], **fields)
        assert reply["code"] == expected, (msg, reply)
    fresh = await Peer.connect(server.url, hello=False)
    assert (await fresh.call("lobby"))["code"] == "proto/hello_first"
    assert (await fresh.call("hello", version=99))["code"] == "proto/version"
    # nothing changed, and the others noticed nothing
    assert server.app.store.local_rooms()[0].version == 0
    noticed = [m for m in await ann.quiet(0.2) + await wes.quiet(0.05)
               if m["type"] not in ("presence", "presence_changes")]
    assert noticed == []
    ok = await bea.call("move", room=room, version=0, move="open")
    assert ok["type"] == "ok"  # the room still works


@pytest.mark.limits(burst=10, rate=1.0)
async def test_past_the_message_budget_the_connection_is_closed_1008(server: Running) -> None:
    spammer = await Peer.connect(server.url, "Spam")
    other = await Peer.connect(server.url, "Calm")
    with pytest.raises(ConnectionClosed) as closed:
        for _ in range(100):
            await spammer.send("ping")
            await asyncio.sleep(0)
        await spammer.quiet(2.0)
        await spammer.ws.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    assert (await other.call("ping"))["type"] == "pong"


@pytest.mark.limits(max_frame=1024)
async def test_an_oversized_frame_closes_with_1009(server: Running) -> None:
    big = await Peer.connect(server.url, "Big")
    await big.ws.send(msgpack.packb({"type": "chat", "id": 1, "room": "r", "text": "x" * 2000}))
    with pytest.raises(ConnectionClosed) as closed:
        await big.ws.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


@pytest.mark.limits(out_queue=2, rate=1_000_000, burst=1_000_000, max_resyncs=1000)
async def test_a_full_outbox_is_resynced_with_a_fresh_snapshot(server: Running) -> None:
    ann = await Peer.connect(server.url, "Ann")
    joined = await ann.call("create", game="sympathy", seats="all")
    room = joined["room"]
    # Xan's socket takes little, and he stops reading: what is sent to him fills the
    # socket's buffers, then his outbox (broadcasts are written at once only while
    # nothing waits), which overflows into a resync
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", server.port))
    xan = Peer(await connect(server.url, sock=sock, max_queue=1, ping_interval=None))
    await xan.call("hello", version=1, name="Xan")
    xj = await xan.call("join", code=joined["code"], role="advisor")
    conn = server.app.hub[room][xj["member"]]
    for _ in range(100):
        for _ in range(20):
            await ann.send("chat", room=room, text="€" * 500)
        await ann.quiet(0.02)
        if conn.resyncs:
            break
    assert conn.resyncs, "the outbox never overflowed"
    ok = await ann.call("move", room=room, version=0, move="open")
    # he reads again: the resync's fresh snapshot, then the move's state
    state = await xan.wait(lambda m: m["type"] == "state" and m["version"] == ok["version"])
    assert state["last"]["move"] == "open"
    assert server.app.metrics.resyncs >= 1
    # the snapshot: a whole presence again (the first came when he joined)
    assert sum(m["type"] == "presence" for m in xan.seen) >= 2
    chats = [m for m in xan.seen if m["type"] == "chat"]
    assert len(chats) < len([m for m in ann.seen if m["type"] == "chat"])  # some were lost
    xan.ws.transport.abort()  # he reads no more: the server's close would wait for him


def test_conn_overflow_keeps_replies_resyncs_broadcasts_then_drops() -> None:
    async def go() -> None:
        conn = Conn(Limits(out_queue=3, max_resyncs=2), "peer")
        assert conn.send(b"state1") and conn.send(b"reply", precious=True)
        assert conn.send(b"state2")
        assert conn.send(b"state3")  # full: broadcasts become one resync, the reply stays
        assert [conn.queue.get_nowait() for _ in range(conn.queue.qsize())] == [
            (True, b"reply", -1), (False, RESYNC, -1)]
        for _ in range(2):
            for f in (b"x", b"y", b"z", b"w"):
                conn.send(f)
        assert conn.dropped and not conn.send(b"late")
        assert conn.queue.get_nowait() == (True, DROP, -1)

    asyncio.run(go())
