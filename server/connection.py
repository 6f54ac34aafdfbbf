"""One websocket connection: a reader and a writer in one TaskGroup.

The reader spends the message budget, decodes each frame and hands the request to
:class:`~server.sessions.Sessions`; the writer drains the connection's bounded outbox.
Broadcasts that find the outbox empty are written by the fan-out directly.
"""

from __future__ import annotations

import asyncio
import contextlib

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from protocol import outbound
from protocol.errors import ProtocolError
from protocol.limits import Limits
from protocol.messages import RequestError, decode, encode

from .client_conn import DROP, RESYNC, Conn
from .fanout import Fanout
from .metrics import Metrics
from .sessions import Sessions, event

#: Why a connection past its message budget is closed (1008).
RATE_LIMITED = "message budget exceeded"


class Connections:
    def __init__(self, sessions: Sessions, fanout: Fanout, metrics: Metrics,
                 limits: Limits) -> None:
        self.sessions = sessions
        self.fanout = fanout
        self.metrics = metrics
        self.limits = limits
        #: Clean-ups of closed connections still running (shielded from cancellation).
        self._cleanups: set[asyncio.Task[None]] = set()

    async def finish(self) -> None:
        """Wait for the clean-ups still running (at shutdown)."""
        if self._cleanups:
            await asyncio.wait(self._cleanups, timeout=5)

    async def handler(self, ws: ServerConnection) -> None:
        conn = Conn(self.limits, str(ws.remote_address))
        conn.attach_socket(ws)
        self.metrics.connections += 1
        self.metrics.connections_total += 1
        try:
            async with asyncio.TaskGroup() as tg:
                writer = tg.create_task(self._writer(ws, conn))
                await self._reader(ws, conn)
                writer.cancel()
        finally:
            self.metrics.connections -= 1
            # Shielded: a handler cancelled at shutdown (or by websockets) must still
            # mark its member away, or the room would show them present for a day.
            cleanup = asyncio.create_task(self.sessions.detach(conn))
            self._cleanups.add(cleanup)
            cleanup.add_done_callback(self._cleanups.discard)
            await asyncio.shield(cleanup)

    async def _reader(self, ws: ServerConnection, conn: Conn) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for frame in ws:
                if conn.dropped:
                    # Closing: keep reading (and discarding) so that the client's close
                    # frame is not stuck behind a burst it sent; the writer closes.
                    continue
                self.metrics.frames_in += 1
                if not conn.spend():
                    self.metrics.errors["rate/limited"] += 1
                    event("rate_limited", peer=conn.peer)
                    err = ProtocolError("rate/limited")
                    conn.drop(RATE_LIMITED, encode(outbound.error(None, err.code,
                                                                  err.message)))
                    continue
                if isinstance(frame, str):
                    self.sessions.reply_error(conn, None, ProtocolError("proto/text_frame"))
                    continue
                try:
                    req = decode(frame)
                except RequestError as exc:
                    self.sessions.reply_error(conn, exc.rid, exc)
                    continue
                except ProtocolError as exc:
                    self.sessions.reply_error(conn, None, exc)
                    continue
                await self.sessions.dispatch(conn, req)

    async def _writer(self, ws: ServerConnection, conn: Conn) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                _, frame, version = await conn.queue.get()
                if version >= 0:
                    if conn.stale(version):
                        continue  # a newer state has been sent already
                    conn.showing(version)
                conn.writing = True  # broadcasts queue behind this frame meanwhile
                try:
                    async with asyncio.timeout(self.limits.write_timeout):
                        if not await self._write(ws, conn, frame):
                            return
                except TimeoutError:
                    # The client does not read: what is buffered for it would never
                    # drain, and a close would wait behind it. Cut the connection.
                    self.metrics.dropped += 1
                    event("dropped", peer=conn.peer, why="write timeout")
                    conn.dropped = True
                    ws.transport.abort()
                    return
                conn.writing = False

    async def _write(self, ws: ServerConnection, conn: Conn, frame: bytes) -> bool:
        """Send one frame from the outbox; ``False`` once the client has been dropped."""
        if frame == DROP:
            if conn.close_reason != RATE_LIMITED:
                self.metrics.dropped += 1
                event("dropped", peer=conn.peer)
            await ws.close(1008, conn.close_reason)
            return False
        if frame == RESYNC:
            self.metrics.resyncs += 1
            for f, version in self.fanout.snapshot_frames(conn):
                if version >= 0:
                    conn.showing(version)
                await ws.send(f)
                self.metrics.frames_out += 1
            return True
        await ws.send(frame)
        self.metrics.frames_out += 1
        return True
