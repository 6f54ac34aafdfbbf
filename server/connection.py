"""One websocket connection: a reader and a writer in one TaskGroup.

The reader spends the message budget, decodes each frame and hands the request to
:class:`~server.sessions.Sessions`; the writer drains the connection's bounded outbox.
Broadcasts that find the outbox empty are written by the fan-out directly.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import struct

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
#: How long a client dropped for falling behind has to take its close frame (1008)
#: before the connection is cut: the frame waits behind everything it has not read.
CLOSE_GRACE = 1.0
#: SO_LINGER on with 0 s: closing the socket resets the connection, and the kernel frees
#: at once what it still holds for the client. A plain close would leave the socket in
#: FIN-WAIT-1 for minutes, holding megabytes the client never reads.
_RESET = struct.pack("ii", 1, 0)


def reset(ws: ServerConnection) -> None:
    """Abort the connection with a TCP reset (no closing handshake, nothing left queued
    in the kernel)."""
    sock = ws.transport.get_extra_info("socket")
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, _RESET)
    ws.transport.abort()


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
                conn.group = tg
                writer = tg.create_task(self._writer(ws, conn))
                keepalive = tg.create_task(self._keepalive(ws, conn))
                await self._reader(ws, conn)
                writer.cancel()
                keepalive.cancel()
                conn.stop_work()
        finally:
            self.metrics.connections -= 1
            # Shielded: a handler cancelled at shutdown (or by websockets) must still
            # mark its member away, or the room would show them present for a day.
            cleanup = asyncio.create_task(self.sessions.detach(conn))
            self._cleanups.add(cleanup)
            cleanup.add_done_callback(self._cleanups.discard)
            await asyncio.shield(cleanup)
            forget = asyncio.create_task(self._forget_parser(ws))
            self._cleanups.add(forget)
            forget.add_done_callback(self._cleanups.discard)

    @staticmethod
    async def _forget_parser(ws: ServerConnection) -> None:
        """A closed connection's protocol (websockets' sans-I/O layer), its reader and
        their buffers are held in a cycle: the protocol holds its parser, a generator
        left suspended when the connection closes (waiting for the end of a stream that
        a server does not read after closing), whose frame holds the protocol; and the
        exception that ended the parser, when one did, holds its frame in its traceback.
        So they waited for a full garbage collection, which is rare here
        (server/gc_policy.py). Once the connection is closed nothing feeds the protocol
        again: the parser is closed (a generator's ``close``) and the exception dropped,
        and they go at once."""
        await ws.wait_closed()
        ws.protocol.parser.close()
        ws.protocol.parser_exc = None

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
                    self._dropped(conn, "write timeout")
                    reset(ws)
                    return
                conn.writing = False

    async def _keepalive(self, ws: ServerConnection, conn: Conn) -> None:
        """Ping the client every ``keepalive`` seconds; one that has not answered within
        as long is cut. (websockets' own keepalive would close it with a handshake that
        waits behind what it does not read, and leave the socket to the kernel.)"""
        every = self.limits.keepalive
        with contextlib.suppress(ConnectionClosed):
            while True:
                await asyncio.sleep(every)
                try:
                    async with asyncio.timeout(every):
                        await (await ws.ping())
                except TimeoutError:
                    self._dropped(conn, "no answer to a ping")
                    reset(ws)
                    return

    def _dropped(self, conn: Conn, why: str) -> None:
        """Count a client cut off for not keeping up (once)."""
        if not conn.cut:
            conn.cut = conn.dropped = True
            self.metrics.dropped += 1
            event("dropped", peer=conn.peer, why=why)

    async def _write(self, ws: ServerConnection, conn: Conn, frame: bytes) -> bool:
        """Send one frame from the outbox; ``False`` once the client has been dropped."""
        if frame == DROP:
            if conn.close_reason == RATE_LIMITED:
                await ws.close(1008, conn.close_reason)
                return False
            self._dropped(conn, conn.close_reason)
            try:
                async with asyncio.timeout(CLOSE_GRACE):
                    await ws.close(1008, conn.close_reason)
            except TimeoutError:
                reset(ws)  # the close frame sits behind what it does not read
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
