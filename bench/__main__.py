"""``python -m bench``: every benchmark, against 127.0.0.1 only, bounded in time.

Writes ``bench/results/<date>.json`` and ``.md`` (``--out`` elsewhere) and prints the
table. ``--quick`` runs smaller crowds for a shorter time; ``--smoke`` runs tiny ones to
prove that everything works (the test suite does that); ``--only`` picks sections.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from websockets.version import version as websockets_version

from server import loop

from . import procs, sections
from .archive_bench import archive
from .cpu_bench import BASELINE, cpu_per_move
from .flood import flood
from .hint_bench import hints
from .procs import Cluster, Redis, raise_nofile
from .redis_bench import writes
from .report import markdown
from .rules_bench import rules
from .solver_bench import solver
from .view_bench import views

SECTIONS = ("fanout", "throughput", "connections", "across", "rules", "solver", "writes",
            "hints", "flood", "views", "cpu", "archive")
#: The largest fan-out the bench tries, whatever the limits allow (issue 17's targets
#: are set at 5,000 watchers in one room).
FANOUT_CAP = 5000


def config(mode: str, nofile: int) -> sections.Config:
    if mode == "smoke":
        return sections.Config(fanout_n=[5], fanout_moves=5, rooms=[2], seconds=1.0,
                               conns=20, cross_moves=10, procs=1, rules_seconds=0.002,
                               solver_seconds=0.01, crowds=(2, 20), hint_games=3, hint_deals=1,
                               flood_seconds=3.0, flood_quiet=3, flood_flooders=2,
                               view_steps=2, cpu_rooms=2, cpu_seconds=1.0, cpu_reps=1,
                               archive_games=50, archive_samples=5, archive_postgres=False)
    if mode == "quick":
        return sections.Config(fanout_n=[100, 1000], fanout_moves=20, rooms=[100],
                               seconds=4.0, conns=2000, cross_moves=100,
                               rules_seconds=0.05, solver_seconds=0.5, flood_seconds=15.0,
                               cpu_seconds=3.0, cpu_reps=2, hint_deals=2,
                               archive_games=2000, archive_samples=100)
    by_files = nofile - 200
    by_memory = _mem_available() // (200 * 1024)  # server and clients, generously
    n = min(by_files, by_memory, FANOUT_CAP)
    reason = ("the open-file limit" if n == by_files else "memory" if n == by_memory
              else f"the bench's cap (limits allow {min(by_files, by_memory):,})")
    return sections.Config(fanout_max=n, max_n_reason=reason)


def _mem_available() -> int:
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    return 0


def machine(nofile: int) -> dict[str, Any]:
    cpu = platform.processor() or "unknown CPU"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    try:
        redis = subprocess.run(["redis-server", "--version"], capture_output=True,
                               text=True, timeout=10).stdout.split()[2].removeprefix("v=")
    except (OSError, IndexError, subprocess.SubprocessError):
        redis = "absent"
    return {"cpu": cpu, "cores": os.cpu_count(), "memory_gb": _mem_total() / 2**30,
            "kernel": platform.release(), "python": platform.python_version(),
            "websockets": websockets_version, "redis": redis, "nofile": nofile,
            "loop": loop.chosen(procs.LOOP)}


def _mem_total() -> int:
    with open("/proc/meminfo") as f:
        return int(f.readline().split()[1]) * 1024


def run(mode: str, only: list[str], rooms: list[int] | None = None,
        watchers: list[int] | None = None, baseline: str = BASELINE) -> dict[str, Any]:
    nofile = raise_nofile()
    cfg = config(mode, nofile)
    if rooms:
        cfg.rooms = rooms
    if watchers:
        cfg.fanout_n, cfg.fanout_max = watchers, 0
    started = time.monotonic()
    load0 = os.getloadavg()[0]
    result: dict[str, Any] = {
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "mode": mode, "machine": machine(nofile), "rows": [], "raw": {}, "notes": []}
    if cfg.fanout_max:
        result["notes"].append(f"Fan-out's largest N ({cfg.fanout_max:,}) is set by "
                               f"{cfg.max_n_reason}.")
    need_redis = {"throughput", "across", "writes", "cpu"} & set(only)
    redis = Redis() if need_redis else None
    cluster = Cluster() if {"throughput", "writes"} & set(only) else None
    try:
        for name in only:
            t0 = time.monotonic()
            print(f"bench: {name}...", file=sys.stderr, flush=True)
            if name == "rules":
                result["rules"] = rules(cfg.rules_seconds)
            elif name == "solver":
                result["solver"] = solver(cfg.solver_seconds)
            elif name == "hints":
                result["hints"] = hints(cfg.hint_games, deals=cfg.hint_deals)
            elif name == "views":
                result["views"] = views(cfg.view_steps)
            else:
                if name == "fanout":
                    rows, raw = sections.fanout(cfg)
                elif name == "throughput":
                    assert redis is not None
                    rows, raw = sections.throughput(cfg, redis, cluster)
                elif name == "writes":
                    assert redis is not None
                    rows, raw = writes(redis.url, cluster.url if cluster else None,
                                       cfg.crowds)
                elif name == "connections":
                    rows, raw = sections.connections(cfg)
                elif name == "cpu":
                    rows, raw = cpu_per_move(cfg.cpu_rooms, cfg.cpu_seconds, cfg.cpu_reps,
                                             baseline, redis)
                elif name == "flood":
                    rows, raw = flood(cfg.flood_seconds, cfg.flood_quiet,
                                      cfg.flood_flooders)
                elif name == "archive":
                    rows, raw = archive(cfg.archive_games, cfg.archive_samples,
                                        cfg.archive_postgres)
                else:
                    assert redis is not None
                    rows, raw = sections.across(cfg, redis)
                result["rows"] += rows
                result["raw"][name] = raw
            print(f"bench: {name} took {time.monotonic() - t0:.0f} s", file=sys.stderr,
                  flush=True)
    finally:
        if redis is not None:
            redis.stop()
        if cluster is not None:
            cluster.stop()
    result["seconds"] = time.monotonic() - started
    result["load"] = [load0, os.getloadavg()[0]]
    result["notes"].append(f"Load average (1 min) on the machine: {load0:.1f} at the start, "
                           f"{result['load'][1]:.1f} at the end.")
    return result


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    g = p.add_mutually_exclusive_group()
    g.add_argument("--quick", action="store_true", help="smaller crowds, shorter runs")
    g.add_argument("--smoke", action="store_true", help="tiny crowds: does it all work?")
    p.add_argument("--only", action="append", choices=SECTIONS,
                   help="run only this section (repeatable)")
    p.add_argument("--rooms", type=int, action="append",
                   help="throughput: rooms R instead of the mode's (repeatable)")
    p.add_argument("--watchers", type=int, action="append",
                   help="fan-out: N watchers instead of the mode's (repeatable)")
    p.add_argument("--baseline", default=BASELINE, metavar="REF",
                   help=f"CPU per move: the commit to compare with (default {BASELINE})")
    p.add_argument("--loop", default="auto", choices=("auto", "asyncio", "uvloop"),
                   help="the servers' event loop (both the same; auto: uvloop if installed)")
    p.add_argument("--out", type=Path, default=Path(__file__).parent / "results",
                   help="directory for the JSON and Markdown files")
    args = p.parse_args(argv)
    mode = "smoke" if args.smoke else "quick" if args.quick else "full"
    procs.LOOP = args.loop
    result = run(mode, args.only or list(SECTIONS), args.rooms, args.watchers,
                 args.baseline)
    table = markdown(result)
    args.out.mkdir(parents=True, exist_ok=True)
    stem = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d-%H%M%S")
    (args.out / f"{stem}.json").write_text(json.dumps(result, indent=1) + "\n")
    (args.out / f"{stem}.md").write_text(table)
    print(table)
    print(f"bench: wrote {args.out / stem}.json and .md", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
