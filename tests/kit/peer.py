"""A bare protocol peer for tests: raw websockets and msgpack, as another client would."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import msgpack
from websockets.asyncio.client import ClientConnection, connect

Msg = dict[str, Any]

#: How long a peer waits for one message before the test fails: a guard against a hang,
#: never a speed target (the suite must pass on a machine whose cores are busy).
WAIT = 30.0


class Peer:
    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.next_id = 1
        self.inbox: list[Msg] = []
        #: Answers to requests (messages with ``re``), also in the inbox, found by id so
        #: that a call does not scan every state it never waited for.
        self.replies: dict[int, Msg] = {}
        self.seen: list[Msg] = []  # every message ever received, in order
        self.versions: dict[str, int] = {}  # the newest state version seen, per room
        #: The room's presence as this peer holds it, folded from ``presence`` and
        #: ``presence_changes`` as protocol/README.md says (members by id, in order).
        self.presence: Msg = {}

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
        async with asyncio.timeout(WAIT):
            while rid not in self.replies:
                await self._read()
        reply = self.replies.pop(rid)
        # the reply is at or near the end of the inbox unless someone took it already
        for i in range(len(self.inbox) - 1, -1, -1):
            if self.inbox[i] is reply:
                del self.inbox[i]
                break
        return reply

    async def wait(self, pred: Callable[[Msg], bool], timeout: float = WAIT) -> Msg:
        """The first message (kept or new) matching ``pred``, removed from the inbox."""
        async with asyncio.timeout(timeout):
            i = 0  # the inbox before i has been judged (each message once)
            while True:
                while i < len(self.inbox):
                    m = self.inbox[i]
                    if pred(m):
                        if isinstance(m.get("re"), int):
                            self.replies.pop(m["re"], None)
                        return self.inbox.pop(i)
                    i += 1
                await self._read()
                if len(self.inbox) != i + 1:
                    i = 0  # another waiter took a message meanwhile: judge all again

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
        elif m.get("type") in ("presence", "presence_changes"):
            self._fold(m)
        self.inbox.append(m)
        self.seen.append(m)
        if isinstance(m.get("re"), int):
            self.replies[m["re"]] = m

    def _fold(self, m: Msg) -> None:
        if m["type"] == "presence":
            self.presence = {**m, "members": {x["id"]: x for x in m["members"]}}
            return
        held = self.presence
        assert held, "presence_changes before any presence"
        if m["seq"] <= held["seq"]:
            return  # the snapshot of a resync has it already
        assert m["seq"] == held["seq"] + 1, f"presence seq {held['seq']} -> {m['seq']}"
        members = held["members"]
        for x in m["members"]:
            members[x["id"]] = x
        for i in m["gone"]:
            members.pop(i, None)
        held.update(seq=m["seq"], host=m["host"], locked=m["locked"], counts=m["counts"])

    def members(self) -> list[Msg]:
        """The listed members as this peer holds them."""
        return list(self.presence.get("members", {}).values())

    async def wait_presence(self, pred: Callable[[Msg], bool], timeout: float = WAIT) -> Msg:
        """The presence as held once ``pred`` holds of it (``members`` as a list)."""
        async with asyncio.timeout(timeout):
            while True:
                if self.presence:
                    held = {**self.presence, "members": self.members()}
                    if pred(held):
                        return held
                await self._read()

    async def state(self, version: int | None = None) -> Msg:
        """The first state message at ``version`` (or any), skipping older ones."""
        return await self.wait(lambda m: m.get("type") == "state" and (
            version is None or m["version"] == version))

    async def latest_state(self, at_least: int) -> Msg:
        """The newest state read so far, once one at version ``at_least`` or later has
        come (the version the test knows the table has reached: a pause would only hope
        that its frame had arrived)."""
        states = [m for m in self.seen if m.get("type") == "state"]
        if not states or states[-1]["version"] < at_least:
            await self.wait(lambda m: m.get("type") == "state" and m["version"] >= at_least)
            states = [m for m in self.seen if m.get("type") == "state"]
        return states[-1]

    async def barrier(self) -> None:
        """Until every frame the server had sent this peer before it reads a ``ping``
        has been read (one connection's frames arrive in order)."""
        assert (await self.call("ping"))["type"] == "pong"

    async def quiet(self, seconds: float) -> list[Msg]:
        """Read for ``seconds``; return what arrived. Only to check that nothing more
        comes (a frame late under load then passes unseen, never fails a test): to wait
        for something, wait for it (:meth:`wait`, :meth:`state`, :meth:`barrier`)."""
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
