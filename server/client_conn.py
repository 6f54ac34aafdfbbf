"""One websocket connection as the server sees it: budget, outbox, place in a room."""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any, Final

from protocol.limits import Limits

if TYPE_CHECKING:
    from websockets.asyncio.server import ServerConnection

#: Put on a client's queue in place of the broadcasts it was too slow to take.
RESYNC: Final = b"\x00resync"
#: Put on a client's queue when it has fallen behind too often: the writer closes it.
DROP: Final = b"\x00drop"


class Conn:
    """A connected client: a bounded outbox, a message budget, and where it sits.

    The outbox holds two kinds of frames. *Precious* frames answer this client (replies,
    errors, notices addressed to it) and are never discarded while the client is kept.
    Broadcasts (states, presence, proposals, chat) can be re-created: when the outbox is
    full they are all replaced by one resync, after which the writer sends a fresh
    snapshot. A client that needs more than ``max_resyncs`` in a minute, or whose outbox
    fills with precious frames, is dropped.
    """

    def __init__(self, limits: Limits, peer: str) -> None:
        self.limits = limits
        self.peer = peer
        #: (precious, frame, version): ``version`` is a state's room version, else -1
        self.queue: asyncio.Queue[tuple[bool, bytes, int]] = asyncio.Queue(limits.out_queue)
        self.hello = False
        self.name = ""
        #: The player key given in ``hello``, hashed ("" when none): see server.stores.archive
        self.keeper = ""
        self.room_id: str | None = None
        self.member_id: str | None = None
        self._tokens = float(limits.burst)
        self._stamp = time.monotonic()
        self.resyncs: deque[float] = deque()
        self.dropped = False
        #: Cut off for not keeping up, and counted so (``sympathy_dropped_clients_total``).
        self.cut = False
        #: The socket, for broadcasts written at once (see :meth:`direct`).
        self.ws: ServerConnection | None = None
        self.high_water = 0
        #: The writer has taken a frame and not finished sending it.
        self.writing = False
        #: The newest room version whose state this client has been sent: an older state
        #: is never sent after it (versions a client sees only go up).
        self.shown = -1
        #: The snapshot of its room (state, presence) has been queued for it: presence
        #: changes (which apply to a snapshot) are sent to it from then on.
        self.has_snapshot = False
        #: Why the writer closes the connection when it meets ``DROP``.
        self.close_reason = "too slow to keep up"
        #: The connection's task group (its reader's, writer's), which owns the tasks
        #: that answer its heavy requests (:meth:`spawn`).
        self.group: asyncio.TaskGroup | None = None
        self.working: set[asyncio.Task[None]] = set()

    def spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """Answer a request in a task of the connection's own (a hint from the pool),
        so that the reader goes on reading; the task ends with the connection."""
        if self.group is None:
            work.close()
            raise RuntimeError("the connection has no task group")
        task = self.group.create_task(work)
        self.working.add(task)
        task.add_done_callback(self.working.discard)
        return task

    def stop_work(self) -> None:
        """The connection is ending: its heavy requests are no longer waited for."""
        for task in self.working:
            task.cancel()

    def stale(self, version: int) -> bool:
        """Is a state at ``version`` older than one this client has been sent?"""
        return version < self.shown

    def showing(self, version: int) -> None:
        """A state at ``version`` is being written to this client."""
        self.shown = max(self.shown, version)

    def direct(self) -> ServerConnection | None:
        """The socket, when a broadcast may be written to it at once instead of queued.

        Only when nothing is queued or being sent (so order is kept) and the socket's
        write buffer is under its limit (so a slow reader still fills its outbox and is
        resynced): the common case costs no task switch per client.
        """
        ws = self.ws
        if ws is None or self.writing or self.dropped or self.queue.qsize():
            return None
        if ws.transport.get_write_buffer_size() >= self.high_water:
            return None
        return ws

    def attach_socket(self, ws: ServerConnection) -> None:
        """The socket this connection reads and writes."""
        self.ws = ws
        self.high_water = ws.transport.get_write_buffer_limits()[1]

    def spend(self) -> bool:
        """Take one message from the budget; ``False`` when it is spent."""
        now = time.monotonic()
        self._tokens = min(self.limits.burst,
                           self._tokens + (now - self._stamp) * self.limits.rate)
        self._stamp = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True

    def send(self, frame: bytes, precious: bool = False, version: int = -1) -> bool:
        """Queue a frame without waiting; ``False`` when the client has been dropped.

        ``version``: the room version of a state frame (-1 for other frames)."""
        if self.dropped:
            return False
        try:
            self.queue.put_nowait((precious, frame, version))
            return True
        except asyncio.QueueFull:
            pass
        kept = []
        while not self.queue.empty():
            item = self.queue.get_nowait()
            if item[0]:
                kept.append(item)
        if precious:
            kept.append((True, frame, version))
        now = time.monotonic()
        self.resyncs.append(now)
        while self.resyncs and now - self.resyncs[0] > 60:
            self.resyncs.popleft()
        if len(self.resyncs) > self.limits.max_resyncs or len(kept) >= self.queue.maxsize:
            self.drop()
            return False
        for item in kept:
            self.queue.put_nowait(item)
        self.queue.put_nowait((False, RESYNC, -1))
        return True

    def drop(self, reason: str = "too slow to keep up", last: bytes | None = None) -> None:
        """Forget everything queued and tell the writer to close the connection (1008),
        after ``last`` when given (the error that says why)."""
        if self.dropped:
            return
        self.dropped = True
        self.close_reason = reason
        while not self.queue.empty():
            self.queue.get_nowait()
        if last is not None:
            self.queue.put_nowait((True, last, -1))
        self.queue.put_nowait((True, DROP, -1))
