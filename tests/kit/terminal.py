"""A real ``sympathy`` process in a pseudo-terminal of 80x24, driven from asyncio.

The full-screen client needs a terminal, so these tests give it one: the process reads
keys from, and draws on, the slave side of a pty; the test types into and reads the
master side. What it printed is kept with the escape sequences taken out, enough to find
a sentence in it.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import pty
import re
import struct
import sys
import termios
from pathlib import Path
from typing import Self

SYMPATHY = str(Path(sys.executable).parent / "sympathy")
_ESCAPES = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]"  # CSI: cursor, colour, modes
                      r"|\x1b\][^\x07\x1b]*(\x07|\x1b\\)"  # OSC: titles
                      r"|\x1b[()][0-9A-Za-z]|\x1b[=>78NOPc]")


class Terminal:
    """``async with Terminal(args, env) as term``: the process runs inside."""

    def __init__(self, args: list[str], env: dict[str, str], size: tuple[int, int] = (80, 24)
                 ) -> None:
        self.args, self.env, self.size = args, env, size
        self.raw = bytearray()
        self._grew = asyncio.Event()
        #: Set once the terminal is closed on the process's side and all it wrote is read.
        self._ended = asyncio.Event()
        self.proc: asyncio.subprocess.Process | None = None
        self._master = -1

    async def __aenter__(self) -> Self:
        master, slave = pty.openpty()
        cols, rows = self.size
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(cols),
               "LINES": str(rows), **self.env}
        self.proc = await asyncio.create_subprocess_exec(
            SYMPATHY, *self.args, stdin=slave, stdout=slave, stderr=slave, env=env,
            start_new_session=True)
        os.close(slave)
        self._master = master
        asyncio.get_running_loop().add_reader(master, self._read)
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self.proc is not None
        if self.proc.returncode is None:
            self.proc.kill()
            await self.proc.wait()
        asyncio.get_running_loop().remove_reader(self._master)
        os.close(self._master)

    def _read(self) -> None:
        try:
            data = os.read(self._master, 65536)
        except OSError:
            data = b""
        if not data:
            asyncio.get_running_loop().remove_reader(self._master)
            self._ended.set()
        self.raw += data
        self._grew.set()

    @property
    def text(self) -> str:
        """Everything printed so far, without escape sequences."""
        return _ESCAPES.sub("", self.raw.decode(errors="replace"))

    async def wait_for(self, needle: str, timeout: float = 30.0) -> None:
        async with asyncio.timeout(timeout):
            while needle not in self.text:
                self._grew.clear()
                await self._grew.wait()

    def type(self, keys: str) -> None:
        os.write(self._master, keys.encode())

    async def exit_code(self, timeout: float = 30.0) -> int:
        assert self.proc is not None
        async with asyncio.timeout(timeout):
            code = await self.proc.wait()
            await self._ended.wait()  # and everything it printed has been read
        return code
