"""Fan-out: performing a committed change's effects for this process's sockets.

The hub maps each room to the connections this process holds in it. A state is encoded
once per audience and the same bytes go to every member of that audience: written at
once to idle sockets (one ``websockets.broadcast`` per audience, no task switch per
client), else queued in the member's bounded outbox (see :mod:`server.client_conn`).
"""

from __future__ import annotations

import time

from websockets.asyncio.server import ServerConnection, broadcast

from protocol.messages import encode

from .client_conn import Conn
from .metrics import Metrics
from .room import Effects, Room
from .store import Store


class Fanout:
    def __init__(self, store: Store, metrics: Metrics) -> None:
        self.store = store
        self.metrics = metrics
        #: room id → member id → the connection holding that member here
        self.hub: dict[str, dict[str, Conn]] = {}

    def members(self, room_id: str) -> dict[str, Conn]:
        return self.hub.get(room_id, {})

    def perform(self, room: Room, fx: Effects) -> None:
        """Send what the room logic asked for (the reply has been sent already)."""
        members = self.members(room.id)
        for member_id, notice in fx.notices:
            c = members.get(member_id)
            if c is not None:
                c.send(encode(notice), precious=True)
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
            self.broadcast_presence(room)
        if fx.chat is not None:
            self.broadcast(room, encode(fx.chat))

    def broadcast(self, room: Room, frame: bytes) -> None:
        now: list[ServerConnection] = []
        for c in list(self.members(room.id).values()):
            self._send_or_collect(c, frame, now)
        self._write_now(now, frame)

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

    def _write_now(self, sockets: list[ServerConnection], frame: bytes) -> None:
        """Write one frame to idle sockets without a task switch per client (the writers
        have nothing queued, so the order of frames is kept)."""
        if sockets:
            broadcast(sockets, frame)
            self.metrics.frames_out += len(sockets)

    def broadcast_state(self, room: Room) -> None:
        """Encode the view once per audience; hand the same bytes to each member: written
        at once to idle sockets, else through the member's outbox."""
        start = time.perf_counter()
        frames: dict[int | None, bytes] = {}
        now: dict[int | None, list[ServerConnection]] = {}
        for member_id, c in list(self.members(room.id).items()):
            if c.stale(room.version):
                continue  # it has seen a newer table: never show an older one
            audience = room.audience(member_id)
            frame = frames.get(audience)
            if frame is None:
                frame = frames[audience] = encode(room.state_message(audience))
                now[audience] = []
            self._send_or_collect(c, frame, now[audience], room.version)
        for audience, sockets in now.items():
            self._write_now(sockets, frames[audience])
        self.metrics.observe_fanout(time.perf_counter() - start)

    def broadcast_presence(self, room: Room) -> None:
        self.broadcast(room, encode(room.presence_message()))

    def broadcast_proposals(self, room: Room) -> None:
        """Proposals to players and advisors (at a competitive table, a seat's to its
        player and the advisors behind it), encoded once per seat."""
        frames: dict[int | None, bytes] = {}
        for member_id, c in list(self.members(room.id).items()):
            sent, seat = room.proposals_audience(member_id)
            if sent:
                frame = frames.get(seat)
                if frame is None:
                    frame = frames[seat] = encode(room.proposals_message(seat))
                c.send(frame)

    def snapshot_frames(self, conn: Conn) -> list[tuple[bytes, int]]:
        """Everything a member needs to draw the room from nothing: (frame, version of
        the state or -1)."""
        if conn.room_id is None or conn.member_id is None:
            return []
        room = self.store.cached(conn.room_id)
        if room is None:
            return []
        frames = [(encode(room.state_message(room.audience(conn.member_id))), room.version),
                  (encode(room.presence_message()), -1)]
        sent, seat = room.proposals_audience(conn.member_id)
        if sent and room.proposals:
            frames.append((encode(room.proposals_message(seat)), -1))
        return frames

    def send_snapshot(self, conn: Conn) -> None:
        """Queue the snapshot behind what the member's outbox holds."""
        for frame, version in self.snapshot_frames(conn):
            conn.send(frame, version=version)

    def hook(self, conn: Conn, room_id: str, member_id: str) -> bool:
        """Put the connection in the hub; ``True`` when it is the room's first here."""
        if conn.room_id != room_id:
            conn.shown = -1  # versions are per room
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
            self.hub.pop(room_id, None)
        return room_id
