"""A TCP proxy for tests that can cut every connection and refuse new ones for a while:
the network failing between a client and a real server."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator


class Proxy:
    def __init__(self, upstream_port: int) -> None:
        self.upstream_port = upstream_port
        self.down = False
        self.refused = 0
        self._writers: set[asyncio.StreamWriter] = set()
        self.port = 0
        #: The request line of each connection's opening handshake, in order.
        self.requests: list[str] = []

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[Proxy]:
        server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
        self.port = server.sockets[0].getsockname()[1]
        async with server:
            try:
                yield self
            finally:
                self.cut()

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def cut(self) -> None:
        """Drop every connection now, both ways."""
        for w in list(self._writers):
            w.transport.abort()
        self._writers.clear()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.down:
            self.refused += 1
            writer.transport.abort()
            return
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.upstream_port)
        self._writers |= {writer, up_writer}
        with contextlib.suppress(ConnectionError, OSError, asyncio.LimitOverrunError,
                                 asyncio.IncompleteReadError):
            line = await reader.readuntil(b"\r\n")
            self.requests.append(line.decode("latin-1").strip())
            up_writer.write(line)
        try:
            async with asyncio.TaskGroup() as tg:
                tg.create_task(self._pipe(reader, up_writer))
                tg.create_task(self._pipe(up_reader, writer))
        finally:
            for w in (writer, up_writer):
                self._writers.discard(w)
                w.transport.abort()

    @staticmethod
    async def _pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
        with contextlib.suppress(ConnectionError, OSError):
            while data := await src.read(65536):
                dst.write(data)
                await dst.drain()
        dst.transport.abort()
