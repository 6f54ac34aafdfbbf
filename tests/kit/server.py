"""Starting a real game server in-process on 127.0.0.1, on a free port, for tests.

Every server a test starts is seeded (:func:`chance_seed`): a deal the test did not name
and every computer player's choice follow from the test's own id, so that a failure plays
again the same (tests/README.md, "Deals and time").
"""

from __future__ import annotations

import asyncio
import inspect
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from protocol.limits import Limits
from server.app import GameServer
from server.chance import SeededChance
from server.http import Route
from server.pool import Pool
from server.stores.archive import Archive
from server.stores.store import MemoryStore, Store


def chance_seed() -> str:
    """The seed of the servers the running test starts: its pytest node id (say
    ``tests/server/test_flows.py::test_chat[1]``), or ``tests`` outside pytest. Pass it
    to a ``sympathy serve`` process as ``--chance-seed``."""
    current = os.environ.get("PYTEST_CURRENT_TEST", "")
    return current.rsplit(" (", 1)[0] or "tests"


@dataclass
class Running:
    app: GameServer
    url: str
    port: int


async def start(limits: Limits | None = None, store: Store | None = None,
                routes: Sequence[Route] | None = None, port: int = 0,
                pool: Pool | None = None, archive: Archive | None = None
                ) -> tuple[Running, asyncio.Event, asyncio.Task[None]]:
    """A server on a free port, or on ``port`` (a server started again where one
    stopped: its clients reconnect to it), on the memory store unless ``store`` is given,
    with the server's own HTTP routes unless ``routes`` are and its own pool of worker
    processes unless ``pool`` is (``tests/kit/workers.py``), keeping finished games in
    ``archive`` (none by default), seeded by the running test (:func:`chance_seed`); set
    the event and await the task to stop it."""
    limits = limits or Limits()
    app = GameServer(store or MemoryStore(limits.max_rooms), limits,
                     SeededChance(chance_seed()), routes, pool, archive)
    stop = asyncio.Event()
    ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(app.run("127.0.0.1", port, stop,
                                       lambda s: ready.set_result(s.sockets[0].getsockname()[1])))
    port = await asyncio.wait_for(ready, UNTIL)
    return Running(app, f"ws://127.0.0.1:{port}", port), stop, task


#: How long a server started by :func:`start` may take to stop: it closes every
#: connection, and a peer that reads nothing holds its close for the server's close
#: timeout (10 s) whatever the machine; then the clean-ups (5 s at most).
STOP = 60.0


async def stop_server(event: asyncio.Event, task: asyncio.Task[None]) -> None:
    """Stop a server started by :func:`start` (set its event, await its task)."""
    event.set()
    await asyncio.wait_for(task, STOP)


#: How long :func:`until` waits by default: a guard against a hang, never a speed target.
UNTIL = 30.0


async def until(check: Callable[[], Any], timeout: float = UNTIL, step: float = 0.05
                ) -> None:
    """Poll ``check()`` (a function, or one returning an awaitable) every ``step`` seconds
    until it is true; fail after ``timeout`` seconds. For what no message announces (a
    subscription made, a key expired, a log line written): a test waits for the
    condition, never for a time it hopes is long enough."""
    deadline = time.monotonic() + timeout
    while True:
        got = check()
        if inspect.isawaitable(got):
            got = await got
        if got:
            return
        assert time.monotonic() < deadline, f"not within {timeout}s: {check}"
        await asyncio.sleep(step)
