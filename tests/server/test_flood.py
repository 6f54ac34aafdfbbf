"""A flood of hints from a few connections, through a real server on real sockets: the
other rooms still get their hints and their moves (the pool of worker processes,
server/pool.py), the flooders are refused for themselves alone and within their message
budget; and no worker process outlives its server, stopped or killed. The flood's
figures (latency against the same run without it) are the bench's (bench/flood.py)."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Callable
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from tests.kit.peer import Peer
from tests.kit.processes import ServeProcess
from tests.kit.server import Running, until

#: The flooding connections and their pace (requests per second: under the default
#: budget of 20 a second, so that no flooder is closed).
FLOODERS, PACE = 3, 15.0
#: The other rooms, each asking one hint and making one move during the flood.
OTHERS = 4


async def table(server: Running, game: str, deal: int) -> tuple[Peer, str, dict[str, Any]]:
    peer = await Peer.connect(server.url, "P")
    joined = await peer.call("create", game=game, seats="all", deal=deal)
    assert joined["type"] == "joined", joined
    return peer, joined["room"], await peer.state(0)


def answers(rid: int) -> Callable[[dict[str, Any]], bool]:
    return lambda m: bool(m.get("re") == rid)


async def flood(peer: Peer, room: str, ids: list[int], stop: asyncio.Event) -> None:
    """Ask for hints back to back at ``PACE`` until ``stop``, never waiting for an
    answer; ``ids``: the requests sent."""
    while not stop.is_set():
        ids.append(await peer.send("hint", room=room))
        await asyncio.sleep(1 / PACE)


async def test_a_flood_of_hints_takes_no_hint_from_other_rooms(server: Running) -> None:
    # Paternal, deal 7: each hint searches until its 0.8 s deadline (test_hints.py)
    flooders = [await table(server, "paternal", 7) for _ in range(FLOODERS)]
    others = [await table(server, "little_lots", 10 + i) for i in range(OTHERS)]
    stop = asyncio.Event()
    sent: list[list[int]] = [[] for _ in flooders]
    floods = [asyncio.create_task(flood(p, r, ids, stop))
              for (p, r, _), ids in zip(flooders, sent, strict=True)]
    # under way: every flooder has had an answer (its first hint, or busy)
    await until(lambda: all(sent))
    firsts = [await p.wait(answers(ids[0])) for (p, _, _), ids in zip(flooders, sent,
                                                                     strict=True)]
    for peer, room, state in others:
        hint = await peer.call("hint", room=room)
        assert hint["type"] == "hint" and hint["stale"] is False, hint
        code = state["view"]["moves"]["0"][0]["code"]
        ok = await peer.call("move", room=room, version=0, move=code)
        assert (ok["type"], ok["version"]) == ("ok", 1), ok
    stop.set()
    await asyncio.gather(*floods)
    seen: set[str] = set()
    for (peer, _, _), ids, first in zip(flooders, sent, firsts, strict=True):
        got = [first] + [await peer.wait(answers(i)) for i in ids[1:]]
        codes = {a["code"] if a["type"] == "error" else a["type"] for a in got}
        # answered every time: a hint, or busy for itself alone (its share, or the
        # greedy rooms' one worker taken); never closed for its pace
        assert codes <= {"hint", "hint/busy", "service/busy"}, codes
        assert (await peer.call("ping"))["type"] == "pong"
        seen |= codes
    assert "hint" in seen  # the flooders too get their share of the pool


@pytest.mark.limits(burst=10, rate=1.0)
async def test_a_burst_of_hints_spends_the_message_budget_like_any_message(
        server: Running) -> None:
    """Twenty hints at once against a budget of ten: the eleventh is past it
    (rate/limited, then 1008). Were the connection's reader waiting for each hint, the
    budget would refill meanwhile and the burst would go unnoticed."""
    peer, room, _ = await table(server, "paternal", 7)
    for _ in range(20):
        await peer.send("hint", room=room)
    with pytest.raises(ConnectionClosed) as closed:
        async with asyncio.timeout(60):  # a hang guard: 20 hints one by one take ~16 s
            while True:
                await peer._read()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    errors = [m for m in peer.seen if m["type"] == "error"]
    assert errors[-1]["code"] == "rate/limited" and errors[-1]["re"] is None


def alive(pid: int) -> bool:
    """The process runs (a zombie waiting to be reaped does not)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def children(pid: int) -> list[int]:
    found = []
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as f:
            found += [int(c) for c in f.read().split()]
    return found


def state(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return "gone"


async def workers_of(proc: ServeProcess) -> list[int]:
    """A server's workers (started with it), once a hint has been answered."""
    peer = await Peer.connect(proc.url, "P")
    joined = await peer.call("create", game="little_lots", seats="all", deal=3)
    assert (await peer.call("hint", room=joined["room"]))["type"] == "hint"
    await until(lambda: len(children(proc.proc.pid)) == 2)
    await peer.close()
    return children(proc.proc.pid)


async def searching(proc: ServeProcess) -> Peer:
    """A worker is searching: the analysis of a lost game of Paternal (deal 7, first
    legal moves), which runs to its 8 s budget."""
    peer = await Peer.connect(proc.url, "P")
    joined = await peer.call("create", game="paternal", seats="all", deal=7)
    room, st = joined["room"], await peer.state(0)
    while st["view"]["status"] == "playing":
        seat = st["view"]["to_move"][0]
        code = st["view"]["moves"][str(seat)][0]["code"]
        ok = await peer.call("move", room=room, version=st["version"], move=code)
        st = await peer.state(ok["version"])
    await peer.send("analysis", room=room)
    await until(lambda: any(state(p) == "R" for p in children(proc.proc.pid)))
    return peer


async def test_no_worker_outlives_its_server_stopped_or_killed() -> None:
    stopped = await ServeProcess.start("memory", "--workers", "2")
    try:
        pids = await workers_of(stopped)
        assert all(alive(p) for p in pids)
        # /metrics shows the pool (a worker counts once it has started: it imports games)
        await until(lambda: stopped.metric("sympathy_workers") == 2)
        assert stopped.metric("sympathy_workers_replaced_total") == 0
    finally:
        await stopped.stop()
    assert stopped.proc.returncode == 0
    assert not [p for p in pids if alive(p)]
    # killed while a worker searches: that worker goes at once too (the kernel kills it
    # with its parent), not once its 8 s search is done; the bound is halfway
    killed = await ServeProcess.start("memory", "--workers", "2")
    try:
        pids = await workers_of(killed)
        await searching(killed)
    finally:
        killed.proc.send_signal(signal.SIGKILL)
        await killed.proc.wait()
    await until(lambda: not [p for p in pids if alive(p)], timeout=4.0)
