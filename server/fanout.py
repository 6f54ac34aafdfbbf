"""Fan-out: performing a committed change's effects for this process's sockets.

The hub maps each room to the connections this process holds in it. A state is rendered
and encoded once per audience and room version (once for all audiences where nothing at
the table is private: :func:`server.views.same_for_all`) and kept (a member arriving or
resynced at the same version gets the same bytes), and the same bytes go to every member
of that audience: written at once to idle sockets (one ``websockets.broadcast`` per audience, no
task switch per client), else queued in the member's bounded outbox (see
:mod:`server.client_conn`). Presence goes out at a bounded rate (:mod:`server.presence`).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Iterator
from typing import Any

from websockets.asyncio.server import ServerConnection, broadcast
from websockets.frames import Frame, Opcode
from websockets.protocol import State

from protocol.messages import encode
from rules.game import Audience

from .client_conn import Conn
from .members import Effects
from .metrics import Metrics
from .presence import Feeds
from .room import Room
from .stores.store import Store
from .views import (
    encode_state,
    proposals_audience,
    proposals_message,
    same_for_all,
    state_message,
)

OPEN = State.OPEN


def wire(message: bytes) -> bytes:
    """``message`` as a server writes it on the socket: one binary frame, unmasked.

    The same bytes for every client without an extension (the server negotiates none),
    so a broadcast frames a message once, where ``websockets.broadcast`` frames it
    again for each client (a tenth of a move's fan-out at 1,000 watchers)."""
    return Frame(Opcode.BINARY, message).serialize(mask=False)


def _later(delay: float, callback: Callable[[], None]) -> Any:
    return asyncio.get_running_loop().call_later(delay, callback)


class Fanout:
    def __init__(self, store: Store, metrics: Metrics, presence_every: float = 0.25) -> None:
        self.store = store
        self.metrics = metrics
        #: room id → member id → the connection holding that member here
        self.hub: dict[str, dict[str, Conn]] = {}
        #: room id → (version, audience → the encoded state at that version, whether
        #: every audience sees the same state: then it is kept under the watchers' key)
        self._views: dict[str, tuple[int, dict[Audience, bytes], bool]] = {}
        #: While a request's answer and its effects are made (:meth:`corked`): the socket
        #: of the client who sent it, and what is to be written to it at the end
        self._corked: ServerConnection | None = None
        self._held: list[bytes] = []
        self.presence = Feeds(presence_every, store.cached, self._send_presence,
                              time.monotonic, _later)

    def members(self, room_id: str) -> dict[str, Conn]:
        return self.hub.get(room_id, {})

    def perform(self, room: Room, fx: Effects) -> None:
        """Send what the room logic asked for (the reply has been sent already)."""
        members = self.members(room.id)
        for member_id, notice in fx.notices:
            c = members.get(member_id)
            if c is not None:
                self.send(c, encode(notice), precious=True)
        for member_id in fx.detach:
            c = members.pop(member_id, None)
            if c is not None:
                c.room_id = c.member_id = None
        if fx.state:
            self.broadcast_state(room)
        if fx.call is not None:
            self.broadcast(room, encode(fx.call))
        if fx.proposals:
            self.broadcast_proposals(room)
        if fx.presence:
            self.presence.changed(room.id)
        if fx.chat is not None:
            self.broadcast(room, encode(fx.chat))

    def broadcast(self, room: Room, frame: bytes) -> None:
        self._send_all(room.id, frame)

    def _send_all(self, room_id: str, frame: bytes) -> None:
        now: list[ServerConnection] = []
        for c in list(self.members(room_id).values()):
            self._send_or_collect(c, frame, now)
        self._write_now(now, frame)

    def _send_presence(self, room_id: str, frame: bytes) -> int:
        """Presence changes, to the members who have their snapshot (the changes apply to
        it; a member still arriving gets a snapshot that has them already); returns to
        how many."""
        now: list[ServerConnection] = []
        members = list(self.members(room_id).values())
        for c in members:
            if c.has_snapshot:
                self._send_or_collect(c, frame, now)
        self._write_now(now, frame)
        return len(members)

    def _send_or_collect(self, c: Conn, frame: bytes, now: list[ServerConnection],
                         version: int = -1) -> None:
        """Collect the client's socket when the frame can be written at once, else queue."""
        ws = c.direct()
        if ws is not None:
            now.append(ws)
            if version >= 0:
                c.showing(version)
        else:
            c.send(frame, version=version)

    def send(self, c: Conn, frame: bytes, precious: bool = False, version: int = -1) -> None:
        """One frame to one client: written at once when nothing is queued for it (no
        task switch), else queued behind what is."""
        ws = c.direct()
        if ws is None or ws.protocol.state is not OPEN or ws.protocol.extensions:
            c.send(frame, precious=precious, version=version)
            return
        if version >= 0:
            if version < c.shown:
                return  # it has been sent a newer table
            c.shown = version
        self._write(ws, wire(frame))
        self.metrics.frames_out += 1

    def _write(self, ws: ServerConnection, data: bytes) -> None:
        if ws is self._corked:
            self._held.append(data)
        else:
            ws.transport.write(data)

    @contextlib.contextmanager
    def corked(self, conn: Conn) -> Iterator[None]:
        """Within: what is written at once to ``conn``'s socket (the answer to its move,
        then the state the move made) is gathered and written in one system call at the
        end. The frames and their order are the same; only what would be written at
        once is gathered (a frame queued behind others is queued as before)."""
        ws = conn.ws
        if ws is None or self._corked is not None:
            yield
            return
        self._corked, self._held = ws, []
        try:
            yield
        finally:
            held, self._corked, self._held = self._held, None, []
            if held and ws.protocol.state is OPEN:
                ws.transport.write(held[0] if len(held) == 1 else b"".join(held))

    def _write_now(self, sockets: list[ServerConnection], frame: bytes) -> None:
        """Write one frame to idle sockets without a task switch per client (the writers
        have nothing queued, so the order of frames is kept), framed once for all."""
        if not sockets:
            return
        data = wire(frame)
        other: list[ServerConnection] = []
        for ws in sockets:
            # What websockets.broadcast checks, but for the framing: skip a socket that
            # is closing; a socket with an extension frames for itself.
            if ws.protocol.state is OPEN:
                if ws.protocol.extensions:
                    other.append(ws)
                else:
                    self._write(ws, data)
        if other:
            broadcast(other, frame)
        self.metrics.frames_out += len(sockets)

    def broadcast_state(self, room: Room) -> None:
        """Encode the view once per audience; hand the same bytes to each member: written
        at once to idle sockets, else through the member's outbox."""
        start = time.perf_counter()
        version = room.version
        audience_of = room.audience
        shared = self._kept(room)[2]  # one message for all: one group of sockets
        now: dict[Audience, list[ServerConnection]] = {}
        for member_id, c in list(self.members(room.id).items()):
            if version < c.shown:
                continue  # it has seen a newer table: never show an older one
            audience = None if shared else audience_of(member_id)
            ws = c.direct()
            if ws is None:
                c.send(self.state_frame(room, audience), version=version)
                continue
            c.shown = version
            sockets = now.get(audience)
            if sockets is None:
                sockets = now[audience] = []
            sockets.append(ws)
        for audience, sockets in now.items():
            self._write_now(sockets, self.state_frame(room, audience))
        self.metrics.observe_fanout(time.perf_counter() - start)

    def state_frame(self, room: Room, audience: Audience) -> bytes:
        """The room's state for ``audience``, rendered and encoded once per version."""
        kept = self._kept(room)
        if kept[2]:
            audience = None  # nothing private: every audience sees what the watchers do
        frame = kept[1].get(audience)
        if frame is None:
            frame = kept[1][audience] = encode_state(state_message(room, audience))
        return frame

    def _kept(self, room: Room) -> tuple[int, dict[Audience, bytes], bool]:
        kept = self._views.get(room.id)
        if kept is None or kept[0] != room.version:
            kept = self._views[room.id] = (room.version, {}, same_for_all(room))
        return kept

    def broadcast_proposals(self, room: Room) -> None:
        """Proposals to players and advisors (at a competitive table, a seat's to its
        player and the advisors behind it), encoded once per seat."""
        frames: dict[int | None, bytes] = {}
        for member_id, c in list(self.members(room.id).items()):
            sent, seat = proposals_audience(room, member_id)
            if sent:
                frame = frames.get(seat)
                if frame is None:
                    frame = frames[seat] = encode(proposals_message(room, seat))
                c.send(frame)

    def snapshot_frames(self, conn: Conn) -> list[tuple[bytes, int]]:
        """Everything a member needs to draw the room from nothing: (frame, version of
        the state or -1)."""
        if conn.room_id is None or conn.member_id is None:
            return []
        room = self.store.cached(conn.room_id)
        if room is None:
            return []
        frames = [(self.state_frame(room, room.audience(conn.member_id)), room.version),
                  (self.presence.snapshot(room), -1)]
        sent, seat = proposals_audience(room, conn.member_id)
        if sent and room.proposals:
            frames.append((encode(proposals_message(room, seat)), -1))
        return frames

    def send_snapshot(self, conn: Conn, reply: bytes | None = None) -> None:
        """Send the snapshot (after ``reply``, the answer that seated the member): in
        one write when nothing is queued for the client (one system call where there
        were three, for every arrival of a crowd), else queued behind what is."""
        frames = self.snapshot_frames(conn)
        conn.has_snapshot = True
        ws = conn.direct()
        if ws is None or ws.protocol.state is not OPEN or ws.protocol.extensions:
            if reply is not None:
                conn.send(reply, precious=True)
            for frame, version in frames:
                conn.send(frame, version=version)
            return
        data = [] if reply is None else [wire(reply)]
        for frame, version in frames:
            if version >= 0:
                if version < conn.shown:
                    continue  # it has been sent a newer table
                conn.shown = version
            data.append(wire(frame))
        ws.transport.write(b"".join(data))
        self.metrics.frames_out += len(data)

    def hook(self, conn: Conn, room_id: str, member_id: str) -> bool:
        """Put the connection in the hub; ``True`` when it is the room's first here."""
        if conn.room_id != room_id:
            conn.shown = -1  # versions are per room
        conn.has_snapshot = False
        conn.room_id, conn.member_id = room_id, member_id
        local = self.hub.setdefault(room_id, {})
        first = not local
        local[member_id] = conn
        return first

    def unhook(self, conn: Conn) -> str | None:
        """Forget the connection's place; returns the room id if it was the member's."""
        room_id, member_id = conn.room_id, conn.member_id
        conn.room_id = conn.member_id = None
        if room_id is None or member_id is None:
            return None
        members = self.hub.get(room_id, {})
        if members.get(member_id) is not conn:
            return None
        del members[member_id]
        if not members:
            self.forget(room_id)
        return room_id

    def forget(self, room_id: str) -> None:
        """Nobody here is in the room any more (or the room is gone)."""
        self.hub.pop(room_id, None)
        self._views.pop(room_id, None)
        self.presence.forget(room_id)
