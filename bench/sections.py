"""The four network sections; each returns rows for the table and raw figures.

A row: ``{"section", "figure", "value", "baseline", "unit", "ratio", "target", "met"}``.
``ratio`` is value / baseline; ``met`` is None where there is no target.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack

from . import procs as procs_mod
from .procs import Child, Cluster, Redis, Served, bare, stop_all, sympathy

Row = dict[str, Any]


@dataclass
class Config:
    fanout_n: list[int] = field(default_factory=lambda: [100, 1000])
    fanout_max: int = 0  # 0: none; else the largest N the limits allow, at most this
    fanout_moves: int = 40
    rooms: list[int] = field(default_factory=lambda: [100, 1000])
    seconds: float = 8.0
    conns: int = 10_000
    cross_moves: int = 200
    procs: int = 2  # load generator processes for the big crowds
    rules_seconds: float = 0.2
    solver_seconds: float = 3.0
    #: Section 8: how many games' hints are timed (None: every game that gives hints)
    hint_games: int | None = None
    hint_deals: int = 10  # deals 0 .. N-1 of each game whose hints are asked (section 8)
    view_steps: int = 40  # positions a game whose view is timed (section 9)
    max_n_reason: str = ""
    #: Section 7: the watchers of the room whose moves' writes are measured
    crowds: tuple[int, int] = (10, 1000)
    #: Section 9: each run's seconds, the quiet rooms, the flooding connections
    flood_seconds: float = 60.0
    flood_quiet: int = 20
    flood_flooders: int = 10
    #: Section 11: the tables, each run's seconds, the runs of each server per store
    cpu_rooms: int = 10
    cpu_seconds: float = 5.0
    cpu_reps: int = 3
    #: Section 12: the finished games each archive holds, and the games timed
    archive_games: int = 10_000
    archive_samples: int = 300
    #: Section 12 on PostgreSQL too (the smoke run leaves it out: starting a cluster costs
    #: seconds, and the contract tests run PostgreSQL already)
    archive_postgres: bool = True


def pct(values: list[float], q: float) -> float:
    """The ``q``-th percentile (nearest rank) of ``values``."""
    if not values:
        return float("nan")
    s = sorted(values)
    k = max(0, min(len(s) - 1, round(q / 100 * len(s) + 0.5) - 1))
    return s[k]


def split(n: int, parts: int) -> list[int]:
    parts = max(1, min(parts, n))
    return [n // parts + (i < n % parts) for i in range(parts)]


def row(section: str, figure: str, value: float, baseline: float | None, unit: str,
        target: str = "", met: bool | None = None) -> Row:
    ratio = value / baseline if baseline else None
    return {"section": section, "figure": figure, "value": value, "baseline": baseline,
            "unit": unit, "ratio": ratio, "target": target, "met": met}


# -- 1. fan-out ---------------------------------------------------------------------------

def _fanout_run(mode: str, n: int, moves: int, size: int, procs: int) -> dict[str, Any]:
    srv = (sympathy("memory", "--max-members", str(n + 10)) if mode == "sympathy"
           else bare(size))
    kids: list[Child] = []
    try:
        player = Child("player", url=srv.url, mode=mode)
        kids.append(player)
        code = player.expect("room", 60)[1]
        ws = [Child("watchers", url=srv.url, count=k, mode=mode, code=code)
              for k in split(n, procs if n >= 1000 else 1)]
        kids += ws
        start, join_cpu = time.monotonic(), srv.cpu()
        for w in ws:
            w.send("go")
        failed = sum(w.expect("ready", 900)[3] for w in ws)
        join_s = time.monotonic() - start
        join_cpu = srv.cpu() - join_cpu
        lats: list[float] = []
        sizes: list[int] = []
        warm = 3
        cpu0 = srv.cpu()
        for i in range(warm + moves):
            if i == warm:
                cpu0 = srv.cpu()
            player.send("move")
            msg = player.recv(120)
            if msg[0] == "over":
                break
            version, sent = msg[1], msg[2]
            last = 0
            for w in ws:
                while True:
                    got = w.expect("got", 120)
                    if got[1] == version:
                        last = max(last, got[2])
                        sizes.append(got[3])
                        break
            if i >= warm:
                lats.append((last - sent) / 1e6)
        cpu = srv.cpu() - cpu0
        return {"n": n, "moves": len(lats), "p50_ms": pct(lats, 50), "p99_ms": pct(lats, 99),
                "cpu_ms_per_move": 1000 * cpu / max(1, len(lats)), "join_s": join_s,
                "join_cpu_s": join_cpu,
                "failed": failed, "frame": round(sum(sizes) / max(1, len(sizes))),
                "load": os.getloadavg()[0]}
    finally:
        stop_all(*kids, srv)


#: Fan-out targets (issue 17), as the largest ratio to the bare server, by figure and N.
FANOUT_TARGETS: dict[tuple[str, int], float] = {
    ("p50_ms", 1000): 1.5, ("p99_ms", 1000): 1.5, ("p99_ms", 5000): 1.3,
    ("cpu_ms_per_move", 1000): 1.1, ("cpu_ms_per_move", 5000): 1.1, ("join_s", 5000): 2.0,
}


def _gated(section: str, figure: str, key: str, n: int, sym: dict[str, Any],
           base: dict[str, Any], unit: str) -> Row:
    limit = FANOUT_TARGETS.get((key, n))
    r = sym[key] / base[key] if base[key] else None
    met = None if limit is None else (r is not None and r <= limit)
    if key == "join_s" and met is not None:
        met = met and sym["failed"] == 0
    return row(section, figure, sym[key], base[key], unit,
               "" if limit is None else f"<= {limit}x", met)


def fanout(cfg: Config) -> tuple[list[Row], dict[str, Any]]:
    rows: list[Row] = []
    raw: dict[str, Any] = {}
    ns = list(cfg.fanout_n) + ([cfg.fanout_max] if cfg.fanout_max else [])
    for n in ns:
        sym = _fanout_run("sympathy", n, cfg.fanout_moves, 0, cfg.procs)
        base = _fanout_run("bare", n, cfg.fanout_moves, sym["frame"], cfg.procs)
        print(f"bench: fan-out N={n}: p99 {sym['p99_ms']:.1f} ms vs {base['p99_ms']:.1f} ms,"
              f" CPU/move {sym['cpu_ms_per_move']:.1f} ms vs {base['cpu_ms_per_move']:.1f}"
              f" ms, joined in {sym['join_s']:.1f} s vs {base['join_s']:.1f} s (server CPU"
              f" {sym['join_cpu_s']:.1f} s vs {base['join_cpu_s']:.1f} s)"
              f" ({sym['failed']} + {base['failed']} failed); load {sym['load']:.1f}",
              file=sys.stderr, flush=True)
        raw[str(n)] = {"sympathy": sym, "bare": base}
        for key, label in (("p50_ms", "p50"), ("p99_ms", "p99")):
            rows.append(_gated("1. fan-out", f"N={n}: move to last watcher, {label}", key, n,
                               sym, base, "ms"))
        rows.append(_gated("1. fan-out", f"N={n}: server CPU per move", "cpu_ms_per_move",
                           n, sym, base, "ms"))
        rows.append(_gated("1. fan-out", f"N={n}: time to accept all into the room (hello "
                           f"+ join; baseline: connect), {sym['failed']} and "
                           f"{base['failed']} failed", "join_s", n, sym, base, "s"))
    return rows, raw


# -- 2. throughput --------------------------------------------------------------------------

def move_write() -> tuple[list[tuple[str, int]], int]:
    """The fields a mid-game Sympathy move writes to Redis (name, bytes of the value), and
    the bytes of its effects: what the raw loop writes per move."""
    from protocol.limits import Limits
    from server import calls, seating
    from server.play import new_room
    from server.room import PLAYER, Policy
    from server.stores import effects_codec, redis_record
    from server.views import state_message

    from .client import first_move

    room = new_room("sympathy", {}, 2, Policy(), Limits(), 0.0)
    room, a, _ = seating.add_member(room, PLAYER, "A")
    room, b, _ = seating.add_member(room, PLAYER, "B")
    fx = None
    written = redis_record.diff(None, None, room).written
    d = None
    for _ in range(40):
        st = state_message(room, None)
        if st["view"]["status"] != "playing":
            break
        seat, move = first_move(dict(st))
        work, fx = calls.move(room, a.id if seat == 0 else b.id, room.version, move, 0.0)
        d = redis_record.diff(room, written, work)
        room, written = work, d.written
    assert fx is not None and d is not None
    fields = [(k, len(v)) for k, v in d.sets]
    return fields, len(msgpack.packb(effects_codec.dump(fx), use_bin_type=True))


def _bots_run(store: str, rooms: int, seconds: float, procs: int,
              redis: Redis | Cluster | None = None, root: Path | None = None
              ) -> dict[str, Any]:
    # a finished table's room stays in the memory store until it expires, and the tables
    # finish a game every few seconds: a long window (a profile's) needs room for them all
    srv = sympathy(store, "--max-rooms", str(2 * rooms + 100_000), root=root)
    kids: list[Child] = []
    try:
        kids = [Child("bots", url=srv.url, rooms=k, first_deal=1000 * i)
                for i, k in enumerate(split(rooms, procs))]
        for k in kids:
            k.expect("ready", 600)
        if procs_mod.PROFILE is not None:
            srv.proc.send_signal(signal.SIGUSR1)  # bench.profiled: the window begins
        cpu0, rcpu0 = srv.cpu(), redis.cpu() if redis else 0.0
        for k in kids:
            k.send("go", seconds)
        done = [k.expect("done", seconds + 120) for k in kids]
        cpu, rcpu = srv.cpu() - cpu0, (redis.cpu() if redis else 0.0) - rcpu0
        if procs_mod.PROFILE is not None:
            srv.proc.send_signal(signal.SIGUSR2)  # the window ends
        moves = sum(d[1] for d in done)
        lats = [x / 1e6 for d in done for x in d[2]]
        errors: dict[str, int] = {}
        for d in done:
            for code, n in d[3].items():
                errors[code] = errors.get(code, 0) + n
        if errors:
            print(f"bench: R={rooms} on {store}: moves refused: {errors}", file=sys.stderr)
        return {"rooms": rooms, "moves": moves, "moves_per_s": moves / seconds,
                "errors": errors,
                "p50_ms": pct(lats, 50), "p99_ms": pct(lats, 99), "cpu_s": cpu,
                "latencies_ms": lats, "cpu_ms_per_move": 1000 * cpu / max(1, moves),
                "redis_cpu_ms_per_move": 1000 * rcpu / max(1, moves)}
    finally:
        stop_all(*kids, srv)


def _redis_loop_run(url: str, rooms: int, seconds: float, fields: list[tuple[str, int]],
                    fx: int) -> dict[str, Any]:
    kid = Child("redis_loop", url=url, rooms=rooms, fields=fields, fx_size=fx)
    try:
        kid.expect("ready", 120)
        kid.send("go", seconds)
        done = kid.expect("done", seconds + 120)
        lats = [x / 1e6 for x in done[2]]
        return {"rooms": rooms, "moves": done[1], "moves_per_s": done[1] / seconds,
                "p50_ms": pct(lats, 50), "p99_ms": pct(lats, 99)}
    finally:
        kid.stop()


def throughput(cfg: Config, redis: Redis, cluster: Cluster | None = None
               ) -> tuple[list[Row], dict[str, Any]]:
    rows: list[Row] = []
    fields, fx = move_write()
    raw: dict[str, Any] = {"move_fields": fields, "effects_bytes": fx}
    for r in cfg.rooms:
        mem = _bots_run("memory", r, cfg.seconds, cfg.procs)
        del mem["latencies_ms"]
        rows += [
            row("2. throughput", f"R={r}: memory store, moves/s", mem["moves_per_s"], None,
                "/s"),
            row("2. throughput", f"R={r}: memory store, p99 move", mem["p99_ms"], None, "ms"),
        ]
        raw[str(r)] = {"memory": mem}
        for name, where in (("Redis", redis), ("Redis Cluster (3 masters)", cluster)):
            if where is None:
                continue
            url = where.url
            red = _bots_run(url, r, cfg.seconds, cfg.procs, where)
            del red["latencies_ms"]
            loop = _redis_loop_run(url, r, cfg.seconds, fields, fx)
            key = "redis" if name == "Redis" else "cluster"
            raw[str(r)] |= {key: red, f"{key}_loop": loop}
            ratio = red["moves_per_s"] / loop["moves_per_s"] if loop["moves_per_s"] else 0.0
            print(f"bench: R={r} {name}: {red['moves_per_s']:.0f} moves/s, raw loop "
                  f"{loop['moves_per_s']:.0f}/s ({ratio:.2f}x; load {_load()})",
                  file=sys.stderr, flush=True)
            rows += [
                row("2. throughput", f"R={r}: {name} store, moves/s (baseline: raw "
                    "redis-py loop)", red["moves_per_s"], loop["moves_per_s"], "/s",
                    ">= 0.5x", ratio >= 0.5),
                row("2. throughput", f"R={r}: {name} store, p99 move", red["p99_ms"],
                    loop["p99_ms"], "ms"),
                row("2. throughput", f"R={r}: {name} store, moves/s (baseline: memory store)",
                    red["moves_per_s"], mem["moves_per_s"], "/s"),
                row("2. throughput", f"R={r}: {name} store, CPU per move: server "
                    "(baseline: Redis, all masters)", red["cpu_ms_per_move"],
                    red["redis_cpu_ms_per_move"], "ms"),
            ]
    return rows, raw


def _load() -> str:
    """The load average over the last minute (the machine is shared)."""
    with open("/proc/loadavg") as f:
        return f.read().split()[0]


# -- 3. connections ---------------------------------------------------------------------------

def _crowd_run(mode: str, n: int, procs: int) -> dict[str, Any]:
    srv = sympathy("memory", "--max-members", "1000") if mode == "sympathy" else bare(100)
    kids: list[Child] = []
    try:
        kids = [Child("watchers", url=srv.url, count=k, mode=mode,
                      per_room=100 if mode == "sympathy" else 0) for k in split(n, procs)]
        time.sleep(1.0)  # let the children start before the clock does
        rss0 = srv.rss()
        start = time.monotonic_ns()
        for k in kids:
            k.send("go")
        ends = [k.expect("ready", 900)[2] for k in kids]
        accept_s = (max(ends) - start) / 1e9
        time.sleep(1.0)
        rss1 = srv.rss()
        return {"n": n, "accept_s": accept_s, "rss_before": rss0, "rss_after": rss1,
                "kb_per_conn": (rss1 - rss0) / n / 1024}
    finally:
        stop_all(*kids, srv)


def connections(cfg: Config) -> tuple[list[Row], dict[str, Any]]:
    sym = _crowd_run("sympathy", cfg.conns, cfg.procs)
    base = _crowd_run("bare", cfg.conns, cfg.procs)
    n = cfg.conns
    return [
        row("3. connections", f"{n} idle watchers: resident memory per connection",
            sym["kb_per_conn"], base["kb_per_conn"], "KB", "<= 50 KB",
            sym["kb_per_conn"] <= 50),
        row("3. connections", f"{n} idle watchers: time to accept all (hello + join)",
            sym["accept_s"], base["accept_s"], "s"),
    ], {"sympathy": sym, "bare": base}


# -- 4. across processes ------------------------------------------------------------------------

def _cross_run(a: Served, b: Served, moves: int) -> dict[str, Any]:
    kid = Child("cross", mover_url=a.url, watcher_url=b.url, moves=moves)
    try:
        kid.expect("ready", 60)
        kid.send("go")
        lats = [x / 1e6 for x in kid.expect("done", 300)[1]]
        return {"moves": len(lats), "p50_ms": pct(lats, 50), "p99_ms": pct(lats, 99)}
    finally:
        kid.stop()


def across(cfg: Config, redis: Redis) -> tuple[list[Row], dict[str, Any]]:
    a = sympathy(redis.url)
    b = None
    try:
        b = sympathy(redis.url)
        two = _cross_run(a, b, cfg.cross_moves)
        one = _cross_run(a, a, cfg.cross_moves)
    finally:
        stop_all(a, b)
    ratio = two["p99_ms"] / one["p99_ms"] if one["p99_ms"] else float("inf")
    return [
        row("4. across processes", "watcher on B of a move on A, p50 (baseline: one process)",
            two["p50_ms"], one["p50_ms"], "ms"),
        row("4. across processes", "watcher on B of a move on A, p99 (baseline: one process)",
            two["p99_ms"], one["p99_ms"], "ms", "<= 2x", ratio <= 2),
    ], {"two_processes": two, "one_process": one}
