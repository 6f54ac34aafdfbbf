"""Real `sympathy serve` processes for multi-process tests."""

from __future__ import annotations

import asyncio
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class ServeProcess:
    def __init__(self, proc: asyncio.subprocess.Process, url: str) -> None:
        self.proc = proc
        self.url = url

    @classmethod
    async def start(cls, store: str, *extra: str) -> ServeProcess:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "cli.main", "serve", "--port", "0", "--store", store,
            "--log-level", "WARNING", "--rate", "10000", "--burst", "10000", *extra,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL)
        assert proc.stdout is not None
        line = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode()
        if "serving on " not in line:
            proc.kill()
            raise RuntimeError(f"serve did not start: {line!r}")
        return cls(proc, line.split("serving on ")[1].split()[0])

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


@asynccontextmanager
async def serving(store: str, n: int) -> AsyncIterator[list[ServeProcess]]:
    procs = [await ServeProcess.start(store) for _ in range(n)]
    try:
        yield procs
    finally:
        for p in procs:
            await p.stop()
