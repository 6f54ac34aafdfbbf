"""``make soak``: a bounded soak of two server processes on one Redis.

Starts a private redis-server (append-only, ``appendfsync always``, the deploy files'
setting) and two ``sympathy serve`` processes on it, then plays Sympathy tables until
``--rooms`` rooms have been created and finished or ``--minutes`` have passed: at each
table Ann (on one process) creates the room, Bea (on the other) joins as the second
player and Wes watches from Bea's process; they play first legal moves to the end, fetch
the record, and then either the host closes the room or everyone simply leaves (half
each), so rooms go both ways. Then the soak waits for the rooms to expire
(``--room-ttl``) and checks that each process's memory falls back and ``create`` works.

Reported over time (every ``--every`` seconds): RSS of each server process, Redis keys
and memory, rooms each process holds (``sympathy_rooms``), move latency percentiles (move
sent to its ``ok``), acknowledged moves and the acknowledged moves found in the rooms'
records, and any client that saw a version go down. Written to
``bench/results/soak-<date>.md`` (and ``.json``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import redis.asyncio as aioredis

from tests.kit.redis import RedisServer

from .client import Client
from .procs import Served, raise_nofile, sympathy

Msg = dict[str, Any]
RESULTS = Path(__file__).parent / "results"


@dataclass
class Stats:
    acked: int = 0  # moves answered ok
    recorded: int = 0  # acknowledged moves found, the same, in the room's record
    lost: int = 0  # acknowledged moves missing from (or different in) the record
    regressions: int = 0  # states older than one the same client had seen
    rooms_created: int = 0
    rooms_finished: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    window: list[float] = field(default_factory=list)  # move latencies since last sample


class SoakClient:
    """A bench client (:class:`bench.client.Client`) that counts error codes and the
    states older than one it had seen."""

    def __init__(self, client: Client, stats: Stats) -> None:
        self.client, self.stats = client, stats

    @classmethod
    async def open(cls, url: str, stats: Stats, name: str) -> SoakClient:
        c = cls(await Client.open(url), stats)
        await c.call("hello", version=1, name=name)
        return c

    async def call(self, kind: str, **fields: Any) -> Msg:
        m = await self.client.ask(kind, **fields)
        if m["type"] == "error":
            self.stats.errors[m["code"]] += 1
        return m

    async def wait_state(self, version: int) -> Msg:
        return await self.client.wait_state(version)

    async def close(self) -> None:
        self.stats.regressions += self.client.regressions
        await self.client.close()


async def table(n: int, urls: list[str], stats: Stats) -> None:
    """One room from creation to its end (deal ``n``: a soak plays again the same);
    every acknowledged move checked in the record."""
    a, b = urls[n % 2], urls[(n + 1) % 2]
    ann = await SoakClient.open(a, stats, "Ann")
    bea = await SoakClient.open(b, stats, "Bea")
    wes = await SoakClient.open(b, stats, "Wes")
    try:
        joined = await ann.call("create", game="sympathy", deal=n,
                                visibility=("public", "unlisted")[n % 2])
        if joined["type"] != "joined":
            return
        stats.rooms_created += 1
        room = joined["room"]
        await bea.call("join", code=joined["code"], role="player")
        await wes.call("join", code=joined["code"], role="watcher")
        players = {0: ann, 1: bea}
        acked: dict[int, str] = {}
        state = await ann.wait_state(0)
        while state["view"]["status"] == "playing":
            seat = state["view"]["to_move"][0]
            mover = players[seat]
            state = await mover.wait_state(state["version"])
            move = state["view"]["moves"][str(seat)][0]["code"]
            t0 = time.perf_counter()
            ok = await mover.call("move", room=room, version=state["version"], move=move)
            if ok["type"] != "ok":
                state = await mover.wait_state(state["version"] + 1)
                continue
            stats.window.append(time.perf_counter() - t0)
            stats.acked += 1
            acked[ok["version"]] = move
            state = await ann.wait_state(ok["version"])
        await wes.wait_state(state["version"])
        record = await ann.call("record", room=room)
        moves = {m["n"]: m["move"] for m in record.get("moves", [])}
        for version, move in acked.items():
            if moves.get(version) == move:
                stats.recorded += 1
            else:
                stats.lost += 1
        if n % 2:
            await ann.call("close", room=room)
        stats.rooms_finished += 1
    finally:
        for c in (ann, bea, wes):
            await c.close()


def metrics(url: str) -> dict[str, float]:
    http = url.replace("ws://", "http://") + "/metrics"
    with urllib.request.urlopen(http, timeout=10) as r:
        out = {}
        for line in r.read().decode().splitlines():
            if line and not line.startswith("#") and "{" not in line:
                k, v = line.split()
                out[k] = float(v)
        return out


def pct(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    s = sorted(xs)
    return s[min(len(s) - 1, int(p / 100 * len(s)))] * 1000


class Soak:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.stats = Stats()
        self.rows: list[dict[str, Any]] = []
        self.t0 = time.monotonic()

    async def sample(self, servers: list[Served], r: Any, phase: str) -> dict[str, Any]:
        s = self.stats
        info = await r.info("memory")
        window, s.window = s.window, []
        row = {
            "t": round(time.monotonic() - self.t0), "phase": phase,
            "rss_mb": [round(p.rss() / 2**20, 1) for p in servers],
            "rooms_held": [int((await asyncio.to_thread(metrics, p.url))["sympathy_rooms"])
                           for p in servers],
            "redis_keys": await r.dbsize(), "redis_mb": round(info["used_memory"] / 2**20, 1),
            "moves": len(window), "p50_ms": round(pct(window, 50), 1),
            "p95_ms": round(pct(window, 95), 1), "p99_ms": round(pct(window, 99), 1),
            "created": s.rooms_created, "finished": s.rooms_finished, "acked": s.acked,
            "recorded": s.recorded, "lost": s.lost, "regressions": s.regressions,
        }
        self.rows.append(row)
        print(json.dumps(row), flush=True)
        return row

    async def run(self, servers: list[Served], redis_url: str) -> None:
        a = self.args
        urls = [p.url for p in servers]
        r = aioredis.Redis.from_url(redis_url)
        await self.sample(servers, r, "start")
        start_rss = [p.rss() for p in servers]
        deadline = time.monotonic() + a.minutes * 60
        todo = iter(range(a.rooms))
        latencies: list[float] = []

        async def worker() -> None:
            for n in todo:
                if time.monotonic() > deadline:
                    return
                try:
                    await table(n, urls, self.stats)
                except (ConnectionError, TimeoutError, OSError) as exc:
                    self.stats.errors[type(exc).__name__] += 1

        async def sampler() -> None:
            while True:
                await asyncio.sleep(a.every)
                latencies.extend(self.stats.window)
                await self.sample(servers, r, "load")

        async with asyncio.TaskGroup() as tg:
            s_task = tg.create_task(sampler())
            await asyncio.gather(*(worker() for _ in range(a.tables)))
            s_task.cancel()
        latencies.extend(self.stats.window)
        row = await self.sample(servers, r, "load done")
        # the rooms expire (room_ttl), processes forget them and give memory back
        end = time.monotonic() + a.room_ttl + a.settle
        while time.monotonic() < end:
            await asyncio.sleep(min(a.every, 10))
            row = await self.sample(servers, r, "expiry")
        created = []
        for url in urls:  # create still works on each process
            c = await SoakClient.open(url, self.stats, "After")
            created.append((await c.call("create", game="sympathy"))["type"] == "joined")
            await c.close()
        await r.aclose()
        end_rss = [p.rss() for p in servers]
        self.summary = {
            "rooms_created": self.stats.rooms_created,
            "rooms_finished": self.stats.rooms_finished,
            "acked": self.stats.acked, "recorded": self.stats.recorded,
            "lost": self.stats.lost, "regressions": self.stats.regressions,
            "errors": dict(self.stats.errors),
            "p50_ms": round(pct(latencies, 50), 1), "p95_ms": round(pct(latencies, 95), 1),
            "p99_ms": round(pct(latencies, 99), 1),
            "rss_start_mb": [round(x / 2**20, 1) for x in start_rss],
            "rss_peak_mb": [max(row["rss_mb"][i] for row in self.rows)
                            for i in range(len(servers))],
            "rss_end_mb": [round(x / 2**20, 1) for x in end_rss],
            "rss_end_vs_start": [round(e / s, 2) for e, s in zip(end_rss, start_rss,
                                                                 strict=True)],
            # what stays: each process's heartbeat and its (empty) set of rooms
            "redis_keys_end": row["redis_keys"],
            "create_after": created,
        }
        print(json.dumps(self.summary), flush=True)

    def report(self) -> str:
        a, s = self.args, self.summary
        lines = [
            f"# Soak {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}", "",
            f"Two `sympathy serve` processes on one Redis (appendfsync always), up to "
            f"{a.rooms} Sympathy rooms in {a.minutes} min, {a.tables} tables at once, "
            f"room_ttl {a.room_ttl} s; {os.cpu_count()} CPUs shared with other work.", "",
            "## Summary", "", "| | |", "|---|---|",
        ]
        lines += [f"| {k} | {v} |" for k, v in s.items()]
        lines += ["", "## Over time", "",
                  "| t (s) | phase | RSS MB (A, B) | rooms held | Redis keys | Redis MB | "
                  "moves | p50 ms | p95 ms | p99 ms | created | finished | acked | "
                  "recorded | lost | regressions |",
                  "|" + "---|" * 16]
        for row in self.rows:
            lines.append(
                f"| {row['t']} | {row['phase']} | {row['rss_mb']} | {row['rooms_held']} | "
                f"{row['redis_keys']} | {row['redis_mb']} | {row['moves']} | "
                f"{row['p50_ms']} | {row['p95_ms']} | {row['p99_ms']} | {row['created']} | "
                f"{row['finished']} | {row['acked']} | {row['recorded']} | {row['lost']} | "
                f"{row['regressions']} |")
        return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.soak", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--minutes", type=float, default=10.0, help="load time at most")
    p.add_argument("--rooms", type=int, default=1000, help="rooms to create and finish")
    p.add_argument("--tables", type=int, default=20, help="tables playing at once")
    p.add_argument("--room-ttl", type=float, default=30.0,
                   help="servers' --room-ttl: how long an empty room lives")
    p.add_argument("--settle", type=float, default=45.0,
                   help="seconds after the rooms' expiry before the last measure")
    p.add_argument("--every", type=float, default=30.0, help="seconds between samples")
    p.add_argument("--out", type=Path, default=None, help="report file (.md; .json beside)")
    a = p.parse_args(argv)
    raise_nofile()
    with tempfile.TemporaryDirectory(prefix="sympathy-soak-redis-") as d:
        redis = RedisServer(Path(d))  # append-only, fsync always: the deploy setting
        redis.start()
        servers: list[Served] = []
        try:
            servers = [sympathy(redis.url, "--room-ttl", str(a.room_ttl)) for _ in range(2)]
            soak = Soak(a)
            asyncio.run(soak.run(servers, redis.url))
        finally:
            for served in servers:
                served.stop()
            redis.stop()
    out = a.out or RESULTS / f"soak-{time.strftime('%Y-%m-%d-%H%M', time.gmtime())}.md"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(soak.report())
    out.with_suffix(".json").write_text(json.dumps(
        {"summary": soak.summary, "rows": soak.rows}, indent=1))
    print(f"soak: report in {out}")
    summary = soak.summary
    ok = summary["lost"] == 0 and summary["regressions"] == 0 and \
        all(summary["create_after"])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
