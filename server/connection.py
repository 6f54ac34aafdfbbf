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

from protocol.errors import ProtocolError
from protocol.limits import Limits
from protocol.messages import RequestError, decode

from .client_conn import DROP, RESYNC, Conn
from .fanout import Fanout
from .metrics import Metrics
from .sessions import Sessions, event


class Connections:
    def __init__(self, sessions: Sessions, fanout: Fanout, metrics: Metrics,
                 limits: Limits) -> None:
        self.sessions = sessions
        self.fanout = fanout
        self.metrics = metrics
        self.limits = limits

    async def handler(self, ws: ServerConnection) -> None:
        conn = Conn(self.limits, str(ws.remote_address))
        conn.ws = ws
        self.metrics.connections += 1
        self.metrics.connections_total += 1
        try:
            async with asyncio.TaskGroup() as tg:
                writer = tg.create_task(self._writer(ws, conn))
                await self._reader(ws, conn)
                writer.cancel()
        finally:
            self.metrics.connections -= 1
            await self.sessions.detach(conn)

    async def _reader(self, ws: ServerConnection, conn: Conn) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for frame in ws:
                self.metrics.frames_in += 1
                if not conn.spend():
                    self.metrics.errors["rate/limited"] += 1
                    event("rate_limited", peer=conn.peer)
                    await ws.close(1008, "message budget exceeded")
                    return
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
                if conn.dropped:
                    return

    async def _writer(self, ws: ServerConnection, conn: Conn) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                _, frame = await conn.queue.get()
                conn.writing = True  # broadcasts queue behind this frame meanwhile
                if not await self._write(ws, conn, frame):
                    return
                conn.writing = False

    async def _write(self, ws: ServerConnection, conn: Conn, frame: bytes) -> bool:
        """Send one frame from the outbox; ``False`` once the client has been dropped."""
        if frame == DROP:
            self.metrics.dropped += 1
            event("dropped", peer=conn.peer)
            await ws.close(1008, "too slow to keep up")
            return False
        if frame == RESYNC:
            self.metrics.resyncs += 1
            for f in self.fanout.snapshot_frames(conn):
                await ws.send(f)
                self.metrics.frames_out += 1
            return True
        await ws.send(frame)
        self.metrics.frames_out += 1
        return True
