"""Section 9: a flood of hints and analyses, and the rooms that are not flooding.

Two kinds of run, in turns (``ROUNDS`` of each, their samples pooled), on a fresh
``sympathy serve`` each (the memory store, the default message budget of
20 a second, the default pool: one worker per core):

- **without the flood**: ``QUIET`` rooms of Sympathy (one client playing both seats),
  each moving once a second (staggered over the second) and asking a hint every
  ``HINT_EVERY`` seconds (a Sympathy hint at these positions searches to its 0.8 s
  deadline: 20 rooms asking every 10 s would keep 1.7 of the two workers busy by
  themselves, every 30 s about 0.6); the time from a move's send to its ``ok`` and
  from a hint's send to its answer;
- **with the flood**: the same, while ``FLOODERS`` connections, each in a room of its
  own, send requests at 19 a second (their full budget, less a margin for timer jitter):
  half ask hints at Paternal deal 7 (each searches to its 0.8 s deadline), half ask the
  analysis of a finished game of Paternal (each up to its 8 s budget). They never wait
  for an answer.

Targets (issue 25): the quiet rooms' move p99 with the flood within 1.5x of the run
without it, and every quiet room's hint answered (not refused) within 2 s at p99.
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from typing import Any

from .client import Client, Control, first_move
from .procs import Child, stop_all, sympathy

QUIET = 20
FLOODERS = 10
PACE = 19.0
HINT_EVERY = 30.0
#: The server's message budget during this section (the defaults of protocol/limits.py).
BUDGET = ["--rate", "20", "--burst", "60"]


async def _stopped(ctl: Control) -> None:
    while (await ctl.recv())[0] != "stop":
        pass


async def _table(c: Client, game: str, deal: int) -> str:
    c.state = None
    joined = await c.call("create", game=game, seats="all", deal=deal)
    await c.wait_state()
    room: str = joined["room"]
    return room


async def _finish(c: Client, room: str) -> None:
    """Play first legal moves until the game is over."""
    st = await c.wait_state()
    while st["view"]["status"] == "playing":
        _, move = first_move(st)
        ok = await c.call("move", room=room, version=st["version"], move=move)
        st = await c.wait_state(ok["version"])


async def flooders(ctl: Control, url: str, count: int) -> None:
    """``count`` connections asking at ``PACE`` until told to stop; reports
    ``("done", answers by kind)``. Niced like the server's workers: on this machine the
    flood's own client (190 requests and answers a second in Python) shares the server's
    two cores, which flooders elsewhere on the network would not."""
    os.nice(10)
    clients = [await Client.open(url) for _ in range(count)]
    rooms = []
    for i, c in enumerate(clients):
        await c.call("hello", version=1, name=f"F{i}")
        room = await _table(c, "paternal", 7)
        if i % 2:
            await _finish(c, room)
        rooms.append(room)
    ctl.send("ready")
    await ctl.recv()
    stop = asyncio.Event()
    tally: dict[str, int] = {}
    pending: list[asyncio.Future[Any]] = []

    async def flood(c: Client, room: str, kind: str) -> None:
        while not stop.is_set():
            fut = asyncio.ensure_future(c.ask(kind, timeout=120, room=room))
            pending.append(fut)
            await asyncio.sleep(1 / PACE)

    tasks = [asyncio.create_task(flood(c, r, "analysis" if i % 2 else "hint"))
             for i, (c, r) in enumerate(zip(clients, rooms, strict=True))]
    await _stopped(ctl)
    stop.set()
    await asyncio.gather(*tasks)
    for got in await asyncio.gather(*pending, return_exceptions=True):
        key = "lost" if isinstance(got, BaseException) else \
            got["code"] if got["type"] == "error" else got["type"]
        tally[key] = tally.get(key, 0) + 1
    ctl.send("done", tally)
    await _stopped(ctl)


async def quiet(ctl: Control, url: str, rooms: int, first_deal: int = 0) -> None:
    """``rooms`` tables moving once a second, asking a hint every ``HINT_EVERY`` s;
    reports ``("done", move latencies ns, hint latencies ns, hint answers by kind)``."""
    clients = [await Client.open(url) for _ in range(rooms)]
    tables = []
    for i, c in enumerate(clients):
        await c.call("hello", version=1, name=f"Q{i}")
        tables.append(await _table(c, "sympathy", first_deal + i))
    ctl.send("ready")
    _, seconds = await ctl.recv()
    deadline = time.monotonic() + seconds
    moves: list[int] = []
    hints: list[int] = []
    answers: dict[str, int] = {}

    async def play(i: int, c: Client, room: str) -> None:
        await asyncio.sleep(i / rooms)  # staggered over the second
        deal, start = first_deal + i, time.monotonic()
        next_hint = start + HINT_EVERY * i / rooms
        tick = start
        while time.monotonic() < deadline:
            st = c.state
            assert st is not None
            if st["view"]["status"] != "playing":
                await c.call("leave", room=room)
                deal += 1000
                room = await _table(c, "sympathy", deal)
                continue
            if time.monotonic() >= next_hint:
                next_hint += HINT_EVERY
                t0 = time.monotonic_ns()
                got = await c.ask("hint", timeout=120, room=room)
                hints.append(time.monotonic_ns() - t0)
                key = got["code"] if got["type"] == "error" else got["type"]
                answers[key] = answers.get(key, 0) + 1
            _, move = first_move(st)
            t0 = time.monotonic_ns()
            ok = await c.ask("move", room=room, version=st["version"], move=move)
            if ok["type"] == "ok":
                moves.append(time.monotonic_ns() - t0)
                await c.wait_state(ok["version"])
            tick += 1.0
            await asyncio.sleep(max(0.0, tick - time.monotonic()))

    await asyncio.gather(*(play(i, c, r) for i, (c, r) in enumerate(zip(clients, tables,
                                                                        strict=True))))
    ctl.send("done", moves, hints, answers)
    await _stopped(ctl)


def _run(seconds: float, flood: bool, quiet_rooms: int, flooding: int) -> dict[str, Any]:

    srv = sympathy("memory", *BUDGET)
    kids: list[Child] = []
    try:
        q = Child("quiet", url=srv.url, rooms=quiet_rooms)
        kids.append(q)
        f = Child("flooders", url=srv.url, count=flooding) if flood else None
        if f is not None:
            kids.append(f)
            f.expect("ready", 300)
        q.expect("ready", 300)
        cpu0 = srv.cpu()
        if f is not None:
            f.send("go")
        q.send("go", seconds)
        done = q.expect("done", seconds + 300)
        cpu = srv.cpu() - cpu0
        tally: dict[str, int] = {}
        if f is not None:
            f.send("stop")
            tally = f.expect("done", 300)[1]
        moves = [x / 1e6 for x in done[1]]
        hints = [x / 1e6 for x in done[2]]
        return {"flood": flood, "move_ms": moves, "hint_ms": hints,
                "hint_answers": done[3], "flood_answers": tally, "server_cpu_s": cpu,
                "load": os.getloadavg()[0]}
    finally:
        stop_all(*kids, srv)


def _merged(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The runs of one kind together: their samples pooled, their counts summed."""
    from .sections import pct

    moves = [x for r in runs for x in r["move_ms"]]
    hints = [x for r in runs for x in r["hint_ms"]]
    answers: dict[str, int] = {}
    tally: dict[str, int] = {}
    for r in runs:
        for k, n in r["hint_answers"].items():
            answers[k] = answers.get(k, 0) + n
        for k, n in r["flood_answers"].items():
            tally[k] = tally.get(k, 0) + n
    return {"runs": len(runs), "moves": len(moves), "p50_ms": pct(moves, 50),
            "p99_ms": pct(moves, 99), "max_ms": max(moves, default=0.0),
            "hints": len(hints), "hint_p50_ms": pct(hints, 50),
            "hint_p99_ms": pct(hints, 99), "hint_answers": answers,
            "flood_answers": tally,
            "server_cpu_s": sum(r["server_cpu_s"] for r in runs),
            "loads": [round(r["load"], 1) for r in runs]}


def flood(seconds: float, quiet_rooms: int = QUIET, flooding: int = FLOODERS
          ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    from .sections import row

    # in turns (without, with, without, with...): a machine whose load drifts during
    # the section weighs on both sides alike
    turns = ROUNDS if seconds >= ROUNDS * 10 else 1
    done: dict[bool, list[dict[str, Any]]] = {False: [], True: []}
    for _ in range(turns):
        for flooded in (False, True):
            done[flooded].append(_run(seconds / turns, flooded, quiet_rooms, flooding))
    calm, busy = _merged(done[False]), _merged(done[True])
    print(f"bench: flood: move p99 {busy['p99_ms']:.1f} ms against {calm['p99_ms']:.1f} "
          f"without; hints p99 {busy['hint_p99_ms']:.0f} ms, answers "
          f"{busy['hint_answers']}; the flood's {busy['flood_answers']}",
          file=sys.stderr, flush=True)
    answered = busy["hint_answers"].get("hint", 0) == busy["hints"] and busy["hints"] > 0
    ratio = busy["p99_ms"] / calm["p99_ms"] if calm["p99_ms"] else float("inf")
    s = "9. flood"
    rows = [
        row(s, f"{quiet_rooms} quiet rooms' move p99 during a flood of {flooding} "
            "connections (baseline: without it)", busy["p99_ms"], calm["p99_ms"], "ms",
            "<= 1.5x", ratio <= 1.5),
        row(s, "quiet rooms' move p50 during the flood (baseline: without it)",
            busy["p50_ms"], calm["p50_ms"], "ms"),
        row(s, "quiet rooms' hint p99 during the flood, every one answered (baseline: "
            "without it)", busy["hint_p99_ms"], calm["hint_p99_ms"], "ms",
            "<= 2000 ms, all answered", answered and busy["hint_p99_ms"] <= 2000),
        row(s, "server CPU during the flood (baseline: without it)", busy["server_cpu_s"],
            calm["server_cpu_s"], "s"),
    ]
    return rows, {"without": calm, "with": busy}


#: Turns of each run (a run without the flood, then one with it) in a long enough section.
ROUNDS = 4
