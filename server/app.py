"""The game server process: the websocket shell, the HTTP routes and the store's tasks.

The pieces, one module each:

- :mod:`server.connection`: one websocket connection (reader, writer, outbox);
- :mod:`server.sessions`: the commands outside a room and the way into one; every
  change of a room is committed through the store there;
- :mod:`server.commands`: the table of room commands (room logic is :mod:`server.room`);
- :mod:`server.fanout`: performing a change's effects for this process's sockets;
- :mod:`server.http`: plain HTTP routes on the same port (``/healthz``, ``/metrics``);
- :mod:`server.pool`: the worker processes for hints and analyses (:mod:`server.heavy`).

The room never waits for anyone: replies and broadcasts go through bounded outboxes.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.http11 import Request as HttpRequest
from websockets.http11 import Response

from protocol.errors import ProtocolError
from protocol.limits import Limits
from rules.registry import load_all

from . import http, web
from .advice import tick
from .archived import Games
from .chance import Chance
from .client_conn import Conn
from .connection import Connections
from .fanout import Fanout
from .members import Effects
from .metrics import Metrics
from .pool import Pool
from .room import Room, Step
from .sessions import Sessions, event
from .stores.archive import Archive
from .stores.store import Store

log = logging.getLogger("sympathy.server")

#: Connections the kernel holds for the server before it accepts them (asyncio's default,
#: 100, overflowed in a join storm: the clients' SYNs were dropped and retried a second or
#: more later). The kernel caps it at net.core.somaxconn.
BACKLOG = 4096
#: Seconds between two passes of the finished games' retention.
RETENTION_EVERY = 600.0


def _tick(room: Room, now: float) -> Step:
    return tick(room, now) or (room, Effects())


async def supervise(name: str, run: Callable[[], Awaitable[None]],
                    pause: float = 1.0) -> None:
    """Run ``run`` for ever: an unexpected exception is logged and ``run`` starts again
    after ``pause`` (one bad room or a bug met once must not stop the process)."""
    while True:
        try:
            await run()
            return
        except Exception:
            log.exception("%s failed; restarting it in %.1fs", name, pause)
            await asyncio.sleep(pause)


class GameServer:
    def __init__(self, store: Store, limits: Limits | None = None,
                 chance: Chance | None = None,
                 routes: Sequence[http.Route] | None = None,
                 pool: Pool | None = None, archive: Archive | None = None,
                 keep_days: float = 0.0, winnable: Iterable[str] = ()) -> None:
        """``chance``: where new deals and computer players' choices come from; secret
        (:class:`server.chance.SecretChance`) unless a test seeds it. ``routes``: the
        plain HTTP routes, first match wins (by default the operator's, then the web
        page's). ``pool``: the worker processes for hints and analyses (by default
        sized by the limits: :mod:`server.pool`). ``archive``: where finished games are
        kept (none: not kept), ``keep_days`` days each (0: for ever). ``winnable``: the
        games whose winnable deals are kept ahead from the start (others from the first
        table that asks: :mod:`server.winnable`)."""
        self.routes = list(routes) if routes is not None else [*http.OPERATIONS,
                                                                *web.ROUTES]
        self.store = store
        self.limits = limits or Limits()
        self.metrics = Metrics()
        self.fanout = Fanout(store, self.metrics, self.limits.presence_every)
        self.pool = pool or Pool(self.limits.workers, self.limits.work_queue,
                                 self.limits.work_wait)
        self.metrics.more = self.pool.figures
        self.archive = archive
        self.games = Games(archive, keep_days)
        self.sessions = Sessions(store, self.limits, self.metrics, self.fanout, chance,
                                 self.pool, self.games)
        self.sessions.winnable.want_all(winnable)
        self.connections = Connections(self.sessions, self.fanout, self.metrics, self.limits)

    @property
    def hub(self) -> dict[str, dict[str, Conn]]:
        return self.fanout.hub

    async def run(self, host: str, port: int, stop: asyncio.Event,
                  ready: Callable[[Server], None] | None = None) -> None:
        """Serve until ``stop`` is set, then close every connection (1001) and return."""
        # Every game module is imported before the first client comes: the first table
        # does not pay for it, a broken module stops the start rather than a player's
        # create, and the process's resident memory is settled from the start.
        load_all()
        # a deal that ended just before the process stopped (kill -9 between the commit
        # and the archive's write) is kept now: keeping is idempotent
        for room in self.store.local_rooms():
            await self.games.finished(room)
        async with serve(self.connections.handler, host, port,
                         process_request=self.process_request,
                         max_size=self.limits.max_frame, max_queue=16,
                         compression=None, backlog=BACKLOG,
                         # our own keepalive cuts a client that does not answer
                         # (server.connection): websockets' would wait to close it
                         ping_interval=None,
                         open_timeout=self.limits.handshake_timeout) as server:
            event("listening", sockets=[str(s.getsockname()) for s in server.sockets])
            if ready is not None:
                ready(server)
            async with asyncio.TaskGroup() as tg:
                workers = tg.create_task(self.pool.serve())
                ticker = tg.create_task(supervise("ticker", self._ticker))
                clock = tg.create_task(supervise("scheduler", self.sessions.scheduler.run))
                ahead = tg.create_task(supervise(
                    "winnable", lambda: self.sessions.winnable.keep(self.pool)))
                listener = tg.create_task(supervise(
                    "listener",
                    lambda: self.store.listen(self.sessions.on_remote, self.sessions.held)))
                await stop.wait()
                ticker.cancel()
                clock.cancel()
                ahead.cancel()
                listener.cancel()
                workers.cancel()  # every worker process killed and waited for
            server.close()
            await server.wait_closed()
            await self.connections.finish()
        await self.store.close()
        if self.archive is not None:
            await self.archive.close()
        event("stopped")

    async def _ticker(self) -> None:
        """Play timed votes, expire rooms nobody has visited for ``room_ttl`` and, every
        few minutes, finished games past the retention."""
        retention_at = 0.0
        while True:
            await asyncio.sleep(0.25)
            now = time.time()
            if now >= retention_at:
                retention_at = now + RETENTION_EVERY
                try:
                    if n := await self.games.expire(now):
                        event("games_expired", games=n)
                except Exception:
                    log.exception("cannot expire finished games")
            for room in self.store.local_rooms():
                if room.vote_deadline is not None and room.vote_deadline <= now:
                    with contextlib.suppress(ProtocolError):
                        await self.sessions.commit(room.id, functools.partial(_tick, now=now))
            for room_id in await self.store.expired(now):
                event("room_expired", room=room_id)
                await self.store.remove(room_id)
                self.fanout.forget(room_id)
                self.sessions.scheduler.forget(room_id)

    async def process_request(self, connection: ServerConnection,
                              request: HttpRequest) -> Response | None:
        return await http.dispatch(self.routes, self, request)
