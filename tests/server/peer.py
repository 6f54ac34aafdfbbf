"""A bare protocol peer for tests: raw websockets and msgpack, as another client would."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import msgpack
from websockets.asyncio.client import ClientConnection, connect

Msg = dict[str, Any]


class Peer:
    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.next_id = 1
        self.inbox: list[Msg] = []
        self.seen: list[Msg] = []  # every message ever received, in order
        self.versions: dict[str, int] = {}  # the newest state version seen, per room

    @classmethod
    async def connect(cls, url: str, name: str = "", hello: bool = True) -> Peer:
        # max_queue=None: a test peer buffers everything, so it always answers the
        # server's closing handshake however little the test reads
        peer = cls(await connect(url, max_size=2**22, max_queue=None))
        if hello:
            welcome = await peer.call("hello", version=1, name=name)
            assert welcome["type"] == "welcome", welcome
        return peer

    async def send(self, kind: str, **fields: Any) -> int:
        rid = self.next_id
        self.next_id += 1
        await self.ws.send(msgpack.packb({"type": kind, "id": rid, **fields}))
        return rid

    async def call(self, kind: str, **fields: Any) -> Msg:
        """Send a request and wait for the message that answers it (``re``)."""
        rid = await self.send(kind, **fields)
        return await self.wait(lambda m: m.get("re") == rid)

    async def wait(self, pred: Callable[[Msg], bool], timeout: float = 10.0) -> Msg:
        """The first message (kept or new) matching ``pred``, removed from the inbox."""
        async with asyncio.timeout(timeout):
            while True:
                for i, m in enumerate(self.inbox):
                    if pred(m):
                        return self.inbox.pop(i)
                await self._read()

    async def _read(self) -> None:
        frame = await self.ws.recv()
        assert isinstance(frame, bytes), "the server sends binary frames only"
        m = msgpack.unpackb(frame)
        if m.get("type") == "state":
            # every client of every test checks that the versions it sees only go up
            room, version = m["room"], m["version"]
            assert version >= self.versions.get(room, -1), \
                f"state of {room} went back from {self.versions[room]} to {version}"
            self.versions[room] = version
        self.inbox.append(m)
        self.seen.append(m)

    async def state(self, version: int | None = None) -> Msg:
        """The first state message at ``version`` (or any), skipping older ones."""
        return await self.wait(lambda m: m.get("type") == "state" and (
            version is None or m["version"] == version))

    async def latest_state(self) -> Msg:
        """Drain what has arrived and return the newest state seen."""
        await self.quiet(0.05)
        states = [m for m in self.seen if m.get("type") == "state"]
        return states[-1]

    async def quiet(self, seconds: float) -> list[Msg]:
        """Read for ``seconds``; return what arrived."""
        before = len(self.seen)
        try:
            async with asyncio.timeout(seconds):
                while True:
                    await self._read()
        except TimeoutError:
            pass
        return self.seen[before:]

    async def close(self) -> None:
        await self.ws.close()
