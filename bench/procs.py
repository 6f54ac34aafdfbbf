"""Processes the bench starts and watches: servers, Redis, load generators.

The orchestrator stays synchronous; load generators are spawned processes, each running
one asyncio role (:mod:`bench.roles`) and talking to the orchestrator over a pipe.
"""

from __future__ import annotations

import multiprocessing
import os
import resource
import selectors
import signal
import subprocess
import sys
import tempfile
import traceback
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from tests.kit.redis import RedisClusterServer, RedisServer

CLK_TCK = os.sysconf("SC_CLK_TCK")
_ctx = multiprocessing.get_context("spawn")


def raise_nofile() -> int:
    """Raise this process's soft limit of open files to the hard limit; returns it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process so far (from /proc/<pid>/stat)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def rss_bytes(pid: int) -> int:
    """Resident memory of a process (VmRSS from /proc/<pid>/status)."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError(f"no VmRSS for {pid}")


class Served:
    """A server subprocess that prints ``serving on ws://HOST:PORT`` once it listens."""

    def __init__(self, argv: list[str], root: Path | None = None) -> None:
        # ``root``: run the code of another checkout (a baseline commit) with this venv:
        # its directory first on the path, ahead of the editable install of this one
        env = None if root is None else {**os.environ, "PYTHONPATH": str(root)}
        self.proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     cwd=root, env=env)
        assert self.proc.stdout is not None
        sel = selectors.DefaultSelector()
        sel.register(self.proc.stdout, selectors.EVENT_READ)
        if not sel.select(60):
            self.stop()
            raise RuntimeError(f"{argv} did not start")
        line = self.proc.stdout.readline().decode()
        sel.close()
        if "serving on " not in line:
            self.stop()
            raise RuntimeError(f"{argv} did not start: {line!r}")
        self.url = line.split("serving on ")[1].split()[0]
        self.pid = self.proc.pid

    def cpu(self) -> float:
        return cpu_seconds(self.pid)

    def rss(self) -> int:
        return rss_bytes(self.pid)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc.stdout is not None:
            self.proc.stdout.close()


#: Server limits for the bench: no message budget, no drops during join storms.
BENCH_LIMITS = ["--rate", "1000000", "--burst", "1000000", "--max-resyncs", "1000000"]


#: The event loop of both servers (``--loop`` of ``sympathy serve`` and ``bench.bare``):
#: the same for the server and its baseline, so that a ratio measures the server.
LOOP = "auto"


#: When set, the servers run under cProfile (timed by CPU time: :mod:`bench.profiled`),
#: which writes its figures to this file when the server stops (``python -m
#: bench.cpu_bench --profile FILE``).
PROFILE: str | None = None


def sympathy(store: str, *extra: str, root: Path | None = None) -> Served:
    """A real ``sympathy serve`` on a free port of 127.0.0.1 (of the checkout at
    ``root``, by default this one)."""
    run = ["-m", "cli.main"] if PROFILE is None else ["-m", "bench.profiled", PROFILE]
    return Served([sys.executable, *run, "serve", "--host", "127.0.0.1",
                   "--port", "0", "--store", store, "--log-level", "WARNING",
                   "--loop", LOOP, *BENCH_LIMITS, *no_stocks(root), *extra], root)


def no_stocks(root: Path | None) -> list[str]:
    """``--winnable none`` where the checkout serves tables of winnable deals: a server
    proving deals in its workers at start would spend the cores the bench measures (a
    baseline older than the option has nothing to turn off)."""
    serve = (root or Path(__file__).parents[1]) / "cli" / "serve_cmd.py"
    return ["--winnable", "none"] if '"--winnable"' in serve.read_text() else []


def bare(size: int) -> Served:
    """The baseline: a bare websockets server broadcasting ``size``-byte frames."""
    return Served([sys.executable, "-m", "bench.bare", "--size", str(size), "--loop", LOOP])


class Redis:
    """A private redis-server on a free port (never 6379), without persistence: the
    tests' harness, with a temporary directory and the server's CPU time."""

    def __init__(self) -> None:
        self.dir = tempfile.TemporaryDirectory(prefix="sympathy-bench-redis-")
        self.server = RedisServer(Path(self.dir.name), appendonly=False)
        try:
            self.server.start()
        except RuntimeError:
            self.stop()
            raise

    @property
    def url(self) -> str:
        return self.server.url

    def cpu(self) -> float:
        assert self.server.proc is not None
        return cpu_seconds(self.server.proc.pid)

    def stop(self) -> None:
        self.server.stop()
        self.dir.cleanup()


def _child_main(role: str, pipe: Connection, kwargs: dict[str, Any]) -> None:
    import asyncio

    from . import roles

    raise_nofile()
    try:
        asyncio.run(roles.run(role, pipe, kwargs))
    except Exception:
        pipe.send(("error", traceback.format_exc()))
        raise


class Child:
    """A load generator process running one role of :mod:`bench.roles`."""

    def __init__(self, role: str, **kwargs: Any) -> None:
        self.role = role
        self.pipe, theirs = _ctx.Pipe()
        self.proc = _ctx.Process(target=_child_main, args=(role, theirs, kwargs), daemon=True)
        self.proc.start()
        theirs.close()

    def send(self, *msg: Any) -> None:
        self.pipe.send(msg)

    def recv(self, timeout: float) -> tuple[Any, ...]:
        if not self.pipe.poll(timeout):
            raise TimeoutError(f"{self.role}: nothing heard for {timeout:.0f} s")
        msg: tuple[Any, ...] = self.pipe.recv()
        if msg[0] == "error":
            raise RuntimeError(f"{self.role} failed:\n{msg[1]}")
        return msg

    def expect(self, kind: str, timeout: float) -> tuple[Any, ...]:
        msg = self.recv(timeout)
        if msg[0] != kind:
            raise RuntimeError(f"{self.role}: expected {kind!r}, got {msg!r}")
        return msg

    def stop(self) -> None:
        if self.proc.is_alive():
            try:
                self.send("stop")
            except (BrokenPipeError, OSError):
                pass
            self.proc.join(10)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join()
        self.pipe.close()


def stop_all(*things: Child | Served | Redis | None) -> None:
    for t in things:
        if t is not None:
            t.stop()


class Cluster:
    """A private Redis Cluster of three masters on free ports, without persistence."""

    def __init__(self) -> None:
        self.dir = tempfile.TemporaryDirectory(prefix="sympathy-bench-cluster-")
        self.server = RedisClusterServer(Path(self.dir.name))
        try:
            self.server.start()
        except RuntimeError:
            self.dir.cleanup()
            raise

    @property
    def url(self) -> str:
        return self.server.url

    def cpu(self) -> float:
        """CPU seconds of every master."""
        return sum(cpu_seconds(n.proc.pid) for n in self.server.nodes if n.proc is not None)

    def stop(self) -> None:
        self.server.stop()
        self.dir.cleanup()
