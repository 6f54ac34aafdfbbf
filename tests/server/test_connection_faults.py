"""Connections that misbehave: a client that never reads under heavy broadcast, a burst
past the budget, a text frame that is not UTF-8. Real sockets on 127.0.0.1."""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Callable

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tests.kit.peer import Peer
from tests.kit.server import Running


@pytest.mark.limits(rate=1_000_000, burst=1_000_000, write_timeout=1.0)
async def test_a_client_that_never_reads_is_cut_off_under_heavy_broadcast(
        server: Running) -> None:
    ann = await Peer.connect(server.url, "Ann")
    joined = await ann.call("create", game="sympathy")
    room = joined["room"]
    # A watcher whose socket takes almost nothing and who never reads a frame.
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", server.port))
    port = sock.getsockname()[1]
    zed = Peer(await connect(server.url, sock=sock, max_queue=1, ping_interval=None))
    await zed.call("hello", version=1, name="Zed")
    await zed.call("join", code=joined["code"], role="watcher")
    await ann.wait_presence(lambda p: p["counts"]["connected"] == 2)
    line = "€" * 500  # 1.5 KB a line, to every member
    start, seen = time.monotonic(), len(ann.seen)
    gone = False
    async with asyncio.TaskGroup() as tg:
        reading = tg.create_task(ann.quiet(40))  # Ann reads all the while
        while time.monotonic() - start < 30 and not gone:
            for _ in range(100):
                await ann.send("chat", room=room, text=line)
            await asyncio.sleep(0.05)
            gone = any(m["type"] in ("presence", "presence_changes")
                       and m["counts"]["connected"] == 1 for m in ann.seen[seen:])
        reading.cancel()
    # dropped within the write timeout of its buffers filling: shown away, counted
    assert gone, "the client that never reads is still counted as present"
    assert server.app.metrics.dropped >= 1
    assert (await ann.call("ping"))["type"] == "pong"
    # reset, not closed: the kernel keeps nothing for it (no FIN-WAIT-1 behind its data)
    assert await wait_for(lambda: server_socket(server.port, port) is None, 2)
    print(f"cut off after {time.monotonic() - start:.1f}s")
    zed.ws.transport.abort()


def server_socket(server_port: int, client_port: int) -> str | None:
    """The TCP state (hex, as the kernel lists it: "04" is FIN-WAIT-1) of the server's
    side of the connection from ``client_port``, or None when the kernel holds none."""
    want = (f"{server_port:04X}", f"{client_port:04X}")
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table) as f:
            for line in f.readlines()[1:]:
                local, remote, state = line.split()[1:4]
                if (local.rsplit(":", 1)[1], remote.rsplit(":", 1)[1]) == want:
                    return state
    return None


async def wait_for(check: Callable[[], bool], timeout: float) -> bool:
    """Until ``check()`` holds (``True``), or ``timeout`` seconds (``False``)."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.02)
    return True


async def a_watcher_that_never_reads(server: Running, code: str) -> tuple[Peer, int]:
    """A watcher whose socket takes almost nothing and who never reads a frame; its port."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", server.port))
    zed = Peer(await connect(server.url, sock=sock, max_queue=1, ping_interval=None))
    await zed.call("hello", version=1, name="Zed")
    await zed.call("join", code=code, role="watcher")
    return zed, sock.getsockname()[1]


@pytest.mark.limits(rate=1_000_000, burst=1_000_000, write_timeout=60.0, out_queue=8,
                    max_resyncs=0, max_chat=2000)
async def test_a_dropped_reader_is_reset_counted_and_its_socket_freed_at_once(
        server: Running) -> None:
    """Dropped for falling behind (its outbox overflowed past its resyncs), a client that
    never reads is cut at once: no close handshake waiting behind what it does not read,
    no socket left in FIN-WAIT-1 holding its unread frames."""
    ann = await Peer.connect(server.url, "Ann")
    joined = await ann.call("create", game="sympathy")
    zed, port = await a_watcher_that_never_reads(server, joined["code"])
    await ann.wait_presence(lambda p: p["counts"]["connected"] == 2)
    metrics = server.app.metrics
    line = "€" * 2000  # 6 KB a line, to every member
    async with asyncio.TaskGroup() as tg:
        reading = tg.create_task(ann.quiet(30))  # Ann reads all the while
        start = time.monotonic()
        while metrics.dropped == 0 and time.monotonic() - start < 20:
            for _ in range(20):
                await ann.send("chat", room=joined["room"], text=line)
            await asyncio.sleep(0.02)
        reading.cancel()
    assert metrics.dropped == 1, "the client was never dropped"
    # cut within a moment of being dropped (the write timeout is a minute away)
    assert await wait_for(lambda: metrics.connections == 1, 5), "still connected"
    assert await wait_for(lambda: server_socket(server.port, port) is None, 2), \
        f"the server's socket lingers in state {server_socket(server.port, port)}"
    assert (await ann.call("ping"))["type"] == "pong"
    await ann.wait_presence(lambda p: p["counts"]["connected"] == 1)
    zed.ws.transport.abort()


@pytest.mark.limits(keepalive=0.3)
async def test_a_client_that_answers_no_ping_is_reset_and_counted(server: Running) -> None:
    ann = await Peer.connect(server.url, "Ann")
    joined = await ann.call("create", game="sympathy")
    zed, port = await a_watcher_that_never_reads(server, joined["code"])
    metrics = server.app.metrics
    assert await wait_for(lambda: metrics.dropped == 1, 5)
    assert await wait_for(lambda: metrics.connections == 1, 2)
    assert await wait_for(lambda: server_socket(server.port, port) is None, 2)
    # Ann reads, answers pings and stays
    await ann.wait_presence(lambda p: p["counts"]["connected"] == 1)
    assert (await ann.call("ping"))["type"] == "pong"
    assert metrics.dropped == 1
    zed.ws.transport.abort()


@pytest.mark.limits(burst=10, rate=1.0)
async def test_a_burst_past_the_budget_gets_rate_limited_then_1008_at_once(
        server: Running) -> None:
    spammer = await Peer.connect(server.url, "Spam")
    start = time.monotonic()
    for i in range(300):  # one write: far more frames than the server will read
        await spammer.ws.send(f"burst {i}".encode())
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            await spammer._read()
    # at once: a close stuck behind the burst would wait out the server's close timeout
    # (websockets' 10 s) before the connection is cut; an idle machine takes a few ms,
    # so the bound is halfway, for a machine whose cores are busy
    assert time.monotonic() - start < 5.0, "the close waited behind the burst"
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    errors = [m for m in spammer.seen if m["type"] == "error"]
    assert errors[-1]["code"] == "rate/limited" and errors[-1]["re"] is None


async def test_a_text_frame_that_is_not_utf8_closes_1007(server: Running) -> None:
    peer = await Peer.connect(server.url, "Odd")
    await peer.ws.send(b"\xff\xfe not utf-8", text=True)
    with pytest.raises(ConnectionClosed) as closed:
        await asyncio.wait_for(peer.ws.recv(), 5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1007
    other = await Peer.connect(server.url, "Calm")
    assert (await other.call("ping"))["type"] == "pong"
