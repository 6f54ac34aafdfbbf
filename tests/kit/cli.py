"""The plain client as a subprocess (``python -m cli.main``): send lines, read lines."""

from __future__ import annotations

import asyncio
import os
import re
import sys
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parents[2]


class Proc:
    """A ``sympathy`` subprocess: send lines, read lines until one matches."""

    started: ClassVar[list[Proc]] = []

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.lines: list[str] = []

    @classmethod
    async def start(cls, state: Path, *args: str) -> Proc:
        env = {**os.environ, "SYMPATHY_STATE_DIR": str(state), "PYTHONUNBUFFERED": "1"}
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "cli.main", *args, cwd=ROOT, env=env,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT)
        cls.started.append(cls(proc))
        return cls.started[-1]

    async def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line.encode() + b"\n")
        await self.proc.stdin.drain()

    async def expect(self, pattern: str, timeout: float = 60.0) -> re.Match[str]:
        assert self.proc.stdout is not None
        try:
            return await self._expect(pattern, timeout)
        except TimeoutError:
            raise AssertionError(f"no line matched {pattern!r} in:\n" +
                                 "\n".join(self.lines[-40:])) from None

    async def _expect(self, pattern: str, timeout: float) -> re.Match[str]:
        assert self.proc.stdout is not None
        async with asyncio.timeout(timeout):
            while True:
                raw = await self.proc.stdout.readline()
                if not raw:
                    raise AssertionError("the client ended:\n" + "\n".join(self.lines[-40:]))
                line = raw.decode().rstrip("\n")
                self.lines.append(line)
                m = re.search(pattern, line)
                if m:
                    return m

    async def finish(self) -> int:
        if self.proc.stdin is not None and not self.proc.stdin.is_closing():
            self.proc.stdin.close()
        async with asyncio.timeout(60):
            rest, _ = await self.proc.communicate()
        self.lines.extend(rest.decode().splitlines())
        return self.proc.returncode or 0
