"""A protocol client for load generators, and the pipe to the orchestrator."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

import msgpack
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

Msg = dict[str, Any]


class Client:
    """One websocket; a reader task resolves replies by ``re`` and keeps the newest state.

    ``on_state(version, monotonic_ns, size)`` is called for each state newer than the
    last one seen (a resync repeats a version: it is not counted twice).
    """

    def __init__(self, ws: ClientConnection,
                 on_state: Callable[[int, int, int], None] | None = None,
                 light: bool = False) -> None:
        self.ws = ws
        self.light = light
        self.next_id = 1
        self.waiting: dict[int, asyncio.Future[Msg]] = {}
        self.state: Msg | None = None
        self.changed = asyncio.Event()
        self.on_state = on_state
        #: States older than the newest one seen (a server must never send one).
        self.regressions = 0
        self.reader = asyncio.create_task(self._read())

    @classmethod
    async def open(cls, url: str, on_state: Callable[[int, int, int], None] | None = None,
                   light: bool = False) -> Client:
        """``light``: read only the type and version of states (a watcher that only
        counts them), so that the client's cost does not depend on what the view holds
        and the baseline's frames of the same size cost the client the same."""
        ws = await connect(url, max_size=2**24, max_queue=None, compression=None,
                           ping_interval=None, open_timeout=120, close_timeout=1)
        return cls(ws, on_state, light)

    async def _read(self) -> None:
        try:
            async for frame in self.ws:
                now = time.monotonic_ns()
                assert isinstance(frame, bytes)
                m = peek(frame) if self.light else None
                if m is None:
                    m = msgpack.unpackb(frame)
                re = m.get("re")
                if re is not None:
                    fut = self.waiting.pop(re, None)
                    if fut is not None and not fut.done():
                        fut.set_result(m)
                elif m.get("type") == "state":
                    if self.state is not None and m["version"] < self.state["version"]:
                        self.regressions += 1
                    elif self.state is None or m["version"] > self.state["version"]:
                        self.state = m
                        if self.on_state is not None:
                            self.on_state(m["version"], now, len(frame))
                        self.changed.set()
        except ConnectionClosed:
            pass
        finally:
            for fut in self.waiting.values():
                if not fut.done():
                    fut.set_exception(ConnectionError("connection closed"))

    async def send(self, kind: str, **fields: Any) -> int:
        rid = self.next_id
        self.next_id += 1
        await self.ws.send(msgpack.packb({"type": kind, "id": rid, **fields}))
        return rid

    async def call(self, kind: str, timeout: float = 60, **fields: Any) -> Msg:
        """Send a request and wait for its reply; an ``error`` reply raises."""
        m = await self.ask(kind, timeout, **fields)
        if m["type"] == "error":
            raise RuntimeError(f"{kind}: {m['code']}: {m['message']}")
        return m

    async def ask(self, kind: str, timeout: float = 60, **fields: Any) -> Msg:
        """Send a request and return its reply, an ``error`` included."""
        fut: asyncio.Future[Msg] = asyncio.get_running_loop().create_future()
        self.waiting[self.next_id] = fut
        await self.send(kind, **fields)
        async with asyncio.timeout(timeout):
            return await fut

    async def wait_state(self, version: int = 0, timeout: float = 60) -> Msg:
        """The newest state once it is at ``version`` or later."""
        async with asyncio.timeout(timeout):
            while self.state is None or self.state["version"] < version:
                self.changed.clear()
                await self.changed.wait()
        return self.state

    async def close(self) -> None:
        await self.ws.close()
        self.reader.cancel()


#: Frames a light client counts by type alone (a watcher that only counts states has no
#: use for the people in the room: it skips them as it skips the view).
SKIPPED = frozenset({"presence", "presence_changes"})


def peek(frame: bytes) -> Msg | None:
    """``{"type": "state", "version": v}`` read from a state frame's first keys without
    decoding the rest, ``{"type": kind}`` for a presence frame; ``None`` for anything
    else."""
    u = msgpack.Unpacker()
    u.feed(frame)
    kind = None
    for _ in range(u.read_map_header()):
        key = u.unpack()
        if key == "type":
            kind = u.unpack()
            if kind in SKIPPED:
                return {"type": kind}
            if kind != "state":
                return None
        elif key == "version" and kind == "state":
            return {"type": "state", "version": u.unpack()}
        else:
            u.skip()
    return None


def first_move(state: Msg) -> tuple[int, str]:
    """The seat to move and its first legal move, from a state message."""
    view = state["view"]
    seat: int = view["to_move"][0]
    return seat, view["moves"][str(seat)][0]["code"]


class Control:
    """The orchestrator's pipe, readable from the event loop."""

    def __init__(self, pipe: Connection) -> None:
        self.pipe = pipe
        self.inbox: asyncio.Queue[tuple[Any, ...]] = asyncio.Queue()
        asyncio.get_running_loop().add_reader(pipe.fileno(), self._readable)

    def _readable(self) -> None:
        try:
            while self.pipe.poll():
                self.inbox.put_nowait(self.pipe.recv())
        except (EOFError, OSError):
            asyncio.get_running_loop().remove_reader(self.pipe.fileno())
            self.inbox.put_nowait(("stop",))

    async def recv(self) -> tuple[Any, ...]:
        return await self.inbox.get()

    def send(self, *msg: Any) -> None:
        self.pipe.send(msg)
