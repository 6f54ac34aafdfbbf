"""Section 11: the server's CPU per move, against an older commit's server in the same run.

Sympathy, ``rooms`` tables of two bot players each (no watchers), moving as soon as the
previous reply and state are in (the ``bots`` role of section 2), on the memory store
and on a private Redis; the server's CPU time (``/proc/<pid>/stat``, user + system) over
the window, divided by the moves made. The baseline is the same load against the server
of a checkout of ``--baseline REF`` (by default 8e3a5cc, the commit issue 25 measures
from): ``git worktree add --detach`` in a temporary directory, run with this venv (its
directory first on ``PYTHONPATH``), removed afterwards. Runs of the two servers alternate
(``reps`` of each per store, figures pooled), so that the machine's load wanders over
both alike.

``python -m bench.cpu_bench [--baseline REF] [--rooms R] [--seconds S] [--reps N]`` runs
it alone and prints its rows.
"""

from __future__ import annotations

import argparse
import contextlib
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from . import procs
from .procs import Redis
from .sections import Row, _bots_run, pct, row

#: The commit issue 25 measures a move's CPU from.
BASELINE = "8e3a5cc"
#: Server CPU per move at most this fraction of the baseline's (issue 25).
TARGET = 0.35
SECTION = "11. CPU per move"
REPO = Path(__file__).resolve().parents[1]


@contextlib.contextmanager
def checkout(ref: str) -> Iterator[Path]:
    """A detached worktree of ``ref`` in a temporary directory, removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="sympathy-baseline-") as tmp:
        where = Path(tmp) / "tree"
        subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", "--quiet",
                        str(where), ref], check=True, capture_output=True, timeout=120)
        try:
            yield where
        finally:
            subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force",
                            str(where)], capture_output=True, timeout=120)
            subprocess.run(["git", "-C", str(REPO), "worktree", "prune"],
                           capture_output=True, timeout=120)


def _pooled(runs: list[dict[str, Any]], seconds: float) -> dict[str, Any]:
    moves = sum(r["moves"] for r in runs)
    cpu = sum(r["cpu_s"] for r in runs)
    lats = [x for r in runs for x in r["latencies_ms"]]
    return {"runs": len(runs), "moves": moves, "cpu_s": cpu,
            "cpu_ms_per_move": 1000 * cpu / max(1, moves),
            "moves_per_s": moves / (seconds * max(1, len(runs))),
            "p50_ms": pct(lats, 50), "p99_ms": pct(lats, 99),
            "errors": [r["errors"] for r in runs if r["errors"]]}


def cpu_per_move(rooms: int, seconds: float, reps: int, ref: str = BASELINE,
                 redis: Redis | None = None) -> tuple[list[Row], dict[str, Any]]:
    own = redis is None
    redis = Redis() if redis is None else redis
    runs: dict[str, dict[str, list[dict[str, Any]]]] = {
        "memory": {"sympathy": [], "baseline": []}, "redis": {"sympathy": [], "baseline": []}}
    try:
        with checkout(ref) as tree:
            for k in range(reps):
                # alternate which goes first, so that neither always follows the other
                order = [("sympathy", None), ("baseline", tree)]
                for who, root in order if k % 2 == 0 else order[::-1]:
                    for store, url in (("memory", "memory"), ("redis", redis.url)):
                        r = _bots_run(url, rooms, seconds, 1, root=root)
                        runs[store][who].append(r)
                        print(f"bench: CPU per move, {who} on {store}: "
                              f"{r['cpu_ms_per_move']:.3f} ms ({r['moves']} moves)",
                              file=sys.stderr, flush=True)
    finally:
        if own:
            redis.stop()
    raw: dict[str, Any] = {"ref": ref, "rooms": rooms, "seconds": seconds, "reps": reps}
    rows: list[Row] = []
    for store, name in (("memory", "memory store"), ("redis", "Redis store")):
        sym = _pooled(runs[store]["sympathy"], seconds)
        base = _pooled(runs[store]["baseline"], seconds)
        raw[store] = {"sympathy": sym, "baseline": base}
        ratio = sym["cpu_ms_per_move"] / base["cpu_ms_per_move"] \
            if base["cpu_ms_per_move"] else 0.0
        rows += [
            row(SECTION, f"R={rooms}: {name}, server CPU per move (baseline: {ref})",
                sym["cpu_ms_per_move"], base["cpu_ms_per_move"], "ms", f"<= {TARGET}x",
                ratio <= TARGET),
            row(SECTION, f"R={rooms}: {name}, moves/s (baseline: {ref})",
                sym["moves_per_s"], base["moves_per_s"], "/s"),
            row(SECTION, f"R={rooms}: {name}, p99 move (baseline: {ref})", sym["p99_ms"],
                base["p99_ms"], "ms"),
        ]
    return rows, raw


def profile(store: str, rooms: int, seconds: float, out: str, top: int = 30) -> str:
    """This checkout's server under cProfile for one window of the load; its top
    functions by own time and by cumulative time."""
    import io
    import pstats

    redis = Redis() if store == "redis" else None
    procs.PROFILE = out
    try:
        r = _bots_run(redis.url if redis else "memory", rooms, seconds, 1)
    finally:
        procs.PROFILE = None
        if redis is not None:
            redis.stop()
    text = io.StringIO()
    print(f"{store}: {r['moves']} moves, {r['cpu_ms_per_move']:.3f} ms of server CPU "
          "each (under the profiler)", file=text)
    for key in ("tottime", "cumulative"):
        pstats.Stats(out, stream=text).sort_stats(key).print_stats(top)
    return text.getvalue()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.cpu_bench", description=__doc__)
    p.add_argument("--baseline", default=BASELINE, help="the commit to compare with")
    p.add_argument("--rooms", type=int, default=10)
    p.add_argument("--seconds", type=float, default=5.0)
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--profile", metavar="FILE",
                   help="instead: profile this checkout's server (cProfile) and print")
    p.add_argument("--store", default="memory", choices=("memory", "redis"),
                   help="with --profile: the store")
    args = p.parse_args(argv)
    if args.profile:
        print(profile(args.store, args.rooms, args.seconds, args.profile))
        return 0
    rows, _ = cpu_per_move(args.rooms, args.seconds, args.reps, args.baseline)
    for r in rows:
        ratio = "" if r["ratio"] is None else f" ({r['ratio']:.2f}x)"
        print(f"{r['figure']}: {r['value']:.3f} {r['unit']} against "
              f"{r['baseline']:.3f}{ratio} {r['target']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
