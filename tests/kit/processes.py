"""Real `sympathy serve` processes for multi-process tests."""

from __future__ import annotations

import asyncio
import signal
import sys
import urllib.request
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from tests.kit.server import chance_seed


class ServeProcess:
    def __init__(self, proc: asyncio.subprocess.Process, url: str) -> None:
        self.proc = proc
        self.url = url

    @classmethod
    async def start(cls, store: str, *extra: str, toy: bool = False,
                    seed: str | None = None, port: int = 0) -> ServeProcess:
        """``toy``: the tests' Toy Snap is a registered game (tests/kit/toy.py).
        ``seed``: the process's ``--chance-seed`` (by default the running test's id; a
        fixture shared by several tests names its own). ``port``: 0 for a free one. No
        winnable deals are kept ahead unless ``extra`` names games (``--winnable``)."""
        run = ["-c", _WITH_TOY] if toy else ["-m", "cli.main"]
        proc = await asyncio.create_subprocess_exec(
            sys.executable, *run, "serve", "--port", str(port), "--store", store,
            "--log-level", "WARNING", "--rate", "10000", "--burst", "10000",
            "--chance-seed", seed or chance_seed(), "--winnable", "none", *extra,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL)
        assert proc.stdout is not None
        line = (await asyncio.wait_for(proc.stdout.readline(), 60)).decode()
        if "serving on " not in line:
            proc.kill()
            raise RuntimeError(f"serve did not start: {line!r}")
        return cls(proc, line.split("serving on ")[1].split()[0])

    def metric(self, name: str) -> int:
        """One figure of the process's ``/metrics`` (a counter or gauge without labels)."""
        port = self.url.rsplit(":", 1)[1]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as r:
            text = r.read().decode()
        return int(next(line.split()[1] for line in text.splitlines()
                        if line.startswith(name + " ")))

    def kill(self) -> None:
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)

    async def stop(self) -> None:
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.proc.wait(), 15)
            except TimeoutError:
                self.proc.kill()
        await self.proc.wait()


#: ``sympathy serve`` with the tests' Toy Snap registered first (argv follows ``-c``).
_WITH_TOY = ("import sys, runpy; from tests.kit.toy import register_toy; register_toy(); "
             "sys.argv[0] = 'sympathy'; runpy.run_module('cli.main', run_name='__main__')")


@asynccontextmanager
async def serving(store: str, n: int, *extra: str, toy: bool = False,
                  seed: str | None = None) -> AsyncIterator[list[ServeProcess]]:
    procs = [await ServeProcess.start(store, *extra, toy=toy, seed=seed) for _ in range(n)]
    try:
        yield procs
    finally:
        for p in procs:
            await p.stop()
