"""Starting a real game server in-process on 127.0.0.1, on a free port, for tests."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from protocol.limits import Limits
from server.app import GameServer
from server.store import MemoryStore, Store


@dataclass
class Running:
    app: GameServer
    url: str
    port: int


async def start(limits: Limits | None = None, store: Store | None = None
                ) -> tuple[Running, asyncio.Event, asyncio.Task[None]]:
    """A server on port 0 (on the memory store unless ``store`` is given); set the
    event and await the task to stop it."""
    limits = limits or Limits()
    app = GameServer(store or MemoryStore(limits.max_rooms), limits)
    stop = asyncio.Event()
    ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(app.run("127.0.0.1", 0, stop,
                                       lambda s: ready.set_result(s.sockets[0].getsockname()[1])))
    port = await asyncio.wait_for(ready, 10)
    return Running(app, f"ws://127.0.0.1:{port}", port), stop, task
