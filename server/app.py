"""The asyncio websockets shell around the room logic.

Per connection a reader and a writer live in one TaskGroup. The reader checks the
budget, decodes and dispatches; room logic returns :class:`~server.room.Effects`, which
this module performs: replies, and fan-out to the room's members through each one's
bounded outbox. A state is encoded once per audience and the same bytes go to every
member of that audience. A full outbox is replaced by one resync (a fresh snapshot); a
client that needs too many is dropped. The room never waits for anyone.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import time
from collections.abc import Awaitable, Callable
from http import HTTPStatus
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request as HttpRequest
from websockets.http11 import Response

from protocol.errors import ProtocolError
from protocol.limits import Limits
from protocol.messages import PROTOCOL_VERSION, Request, RequestError, decode, encode, error
from rules import all_games

from .client_conn import DROP, RESYNC, Conn
from .metrics import Metrics
from .room import ADVISOR, PLAYER, Effects, Policy, Room, new_room
from .store import Store

log = logging.getLogger("sympathy.server")


def event(name: str, **fields: Any) -> None:
    """One structured log line (JSON). Never pass a seed, a token or a view."""
    log.info(json.dumps({"event": name, **fields}, default=str, sort_keys=True))


Handler = Callable[[Conn, Request], Awaitable[None]]


def _tick(room: Room, now: float) -> Effects:
    return room.tick(now) or Effects()


class GameServer:
    def __init__(self, store: Store, limits: Limits | None = None) -> None:
        self.store = store
        self.limits = limits or Limits()
        self.metrics = Metrics()
        self.hub: dict[str, dict[str, Conn]] = {}
        self._handlers: dict[str, Handler] = {
            "hello": self.on_hello, "ping": self.on_ping, "games": self.on_games,
            "lobby": self.on_lobby, "create": self.on_create, "join": self.on_join,
            "resume": self.on_resume, "leave": self.on_leave,
        }
        self._room_commands = {"move", "undo", "propose", "take", "vote", "chat", "record",
                               "lock", "kick", "set_role", "invite", "close"}

    # -- the process ---------------------------------------------------------------------

    async def run(self, host: str, port: int, stop: asyncio.Event,
                  ready: Callable[[Server], None] | None = None) -> None:
        """Serve until ``stop`` is set, then close every connection (1001) and return."""
        async with serve(self.handler, host, port, process_request=self.process_request,
                         max_size=self.limits.max_frame, max_queue=16,
                         compression=None) as server:
            event("listening", sockets=[str(s.getsockname()) for s in server.sockets])
            if ready is not None:
                ready(server)
            async with asyncio.TaskGroup() as tg:
                ticker = tg.create_task(self._ticker())
                listener = tg.create_task(self.store.listen(self.on_remote))
                await stop.wait()
                ticker.cancel()
                listener.cancel()
            server.close()
            await server.wait_closed()
        await self.store.close()
        event("stopped")

    async def _ticker(self) -> None:
        """Play timed votes and expire rooms nobody has visited for ``room_ttl``."""
        while True:
            await asyncio.sleep(0.25)
            now = time.time()
            for room in self.store.local_rooms():
                if room.vote_deadline is not None and room.vote_deadline <= now:
                    with contextlib.suppress(ProtocolError):
                        await self.commit(room.id, functools.partial(_tick, now=now))
            for room_id in await self.store.expired(now):
                event("room_expired", room=room_id)
                await self.store.remove(room_id)
                self.hub.pop(room_id, None)

    def process_request(self, connection: ServerConnection,
                        request: HttpRequest) -> Response | None:
        if request.path == "/healthz":
            return connection.respond(HTTPStatus.OK, "ok\n")
        if request.path == "/metrics":
            return connection.respond(HTTPStatus.OK, self.metrics.render(self.store.count))
        return None

    # -- one connection ------------------------------------------------------------------

    async def handler(self, ws: ServerConnection) -> None:
        conn = Conn(self.limits, str(ws.remote_address))
        conn.ws = ws
        self.metrics.connections += 1
        self.metrics.connections_total += 1
        try:
            async with asyncio.TaskGroup() as tg:
                writer = tg.create_task(self._writer(ws, conn))
                await self._reader(ws, conn)
                writer.cancel()
        finally:
            self.metrics.connections -= 1
            await self._detach(conn, connected=False)

    async def _reader(self, ws: ServerConnection, conn: Conn) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for frame in ws:
                self.metrics.frames_in += 1
                if not conn.spend():
                    self.metrics.errors["rate/limited"] += 1
                    event("rate_limited", peer=conn.peer)
                    await ws.close(1008, "message budget exceeded")
                    return
                if isinstance(frame, str):
                    self.reply_error(conn, None, ProtocolError("proto/text_frame"))
                    continue
                try:
                    req = decode(frame)
                except RequestError as exc:
                    self.reply_error(conn, exc.rid, exc)
                    continue
                except ProtocolError as exc:
                    self.reply_error(conn, None, exc)
                    continue
                await self.dispatch(conn, req)
                if conn.dropped:
                    return

    async def _writer(self, ws: ServerConnection, conn: Conn) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                _, frame = await conn.queue.get()
                conn.writing = True  # broadcasts queue behind this frame meanwhile
                if not await self._write(ws, conn, frame):
                    return
                conn.writing = False

    async def _write(self, ws: ServerConnection, conn: Conn, frame: bytes) -> bool:
        """Send one frame from the outbox; ``False`` once the client has been dropped."""
        if frame == DROP:
            self.metrics.dropped += 1
            event("dropped", peer=conn.peer)
            await ws.close(1008, "too slow to keep up")
            return False
        if frame == RESYNC:
            self.metrics.resyncs += 1
            for f in self.snapshot_frames(conn):
                await ws.send(f)
                self.metrics.frames_out += 1
            return True
        await ws.send(frame)
        self.metrics.frames_out += 1
        return True

    async def dispatch(self, conn: Conn, req: Request) -> None:
        try:
            if req.type != "hello" and not conn.hello:
                raise ProtocolError("proto/hello_first")
            handler = self._handlers.get(req.type)
            if handler is not None:
                await handler(conn, req)
            else:
                await self.on_room_command(conn, req)
        except ProtocolError as exc:
            self.reply_error(conn, req.id, exc)
        except Exception:
            log.exception("unexpected error handling %s", req.type)
            self.reply_error(conn, req.id, ProtocolError("server/error"))

    def reply_error(self, conn: Conn, rid: int | None, exc: ProtocolError) -> None:
        self.metrics.errors[exc.code] += 1
        conn.send(encode(error(rid, exc.code, exc.message)), precious=True)

    def send(self, conn: Conn, frame: bytes) -> None:
        """Queue a broadcast frame (it may be replaced by a resync)."""
        conn.send(frame)

    def reply(self, conn: Conn, req: Request, kind: str = "ok", **fields: Any) -> None:
        conn.send(encode({"type": kind, "re": req.id, **fields}), precious=True)

    # -- handlers outside a room -----------------------------------------------------------

    async def on_hello(self, conn: Conn, req: Request) -> None:
        if req["version"] != PROTOCOL_VERSION:
            raise ProtocolError("proto/version", f"This server speaks protocol version "
                                f"{PROTOCOL_VERSION}.")
        conn.hello = True
        conn.name = req.get("name", "")
        lim = self.limits
        self.reply(conn, req, "welcome", version=PROTOCOL_VERSION, server="sympathy",
                   limits={"max_frame": lim.max_frame, "rate": lim.rate, "burst": lim.burst,
                           "max_name": lim.max_name, "max_chat": lim.max_chat})

    async def on_ping(self, conn: Conn, req: Request) -> None:
        self.reply(conn, req, "pong")

    async def on_games(self, conn: Conn, req: Request) -> None:
        games = [{"id": g.id, "title": g.title, "book": g.book, "source": g.source,
                  "seats": g.seats, "seat_names": list(g.seat_names), "packs": g.packs,
                  "variant_of": g.variant_of,
                  "options": [{"name": o.name, "default": o.default, "doc": o.doc,
                               "choices": list(o.choices)} for o in g.option_specs
                              if o.name not in g.fixed_options]}
                 for g in all_games()]
        self.reply(conn, req, "games", games=games)

    async def on_lobby(self, conn: Conn, req: Request) -> None:
        self.reply(conn, req, "lobby", rooms=await self.store.lobby(200))

    async def on_create(self, conn: Conn, req: Request) -> None:
        if conn.room_id is not None:
            raise ProtocolError("room/already_joined")
        policy = Policy(visibility=req.get("visibility", "unlisted"),
                        advice=req.get("advice", "anyone"),
                        advice_mode=req.get("advice_mode", "player"),
                        vote_after=req.get("vote_after", 0), undo=req.get("undo", "on"))
        room = new_room(req["game"], req.get("options", {}), req.get("deal"), policy,
                        self.limits, time.time())
        member, token = room.add_member(PLAYER, req.get("name", conn.name),
                                        all_seats=req.get("seats", "one") == "all")
        await self.store.create(room)
        event("room_created", room=room.id, game=room.game.id, visibility=policy.visibility)
        await self._joined(conn, req, room.id, member.id, token)

    async def on_join(self, conn: Conn, req: Request) -> None:
        if conn.room_id is not None:
            raise ProtocolError("room/already_joined")
        found = await self.store.by_code(req["code"])
        got: dict[str, str] = {}

        def join(room: Room) -> Effects:
            member, token = room.add_member(req["role"], req.get("name", conn.name),
                                            seat=req.get("seat"))
            got.update(member=member.id, token=token)
            return Effects(presence=True)

        await self.commit(found.id, join)
        event("joined", room=found.id, member=got["member"], role=req["role"])
        await self._joined(conn, req, found.id, got["member"], got["token"])

    async def _joined(self, conn: Conn, req: Request, room_id: str, member_id: str,
                      token: str) -> None:
        room = await self._attach(conn, room_id, member_id)
        m = room.members[member_id]
        self.reply(conn, req, "joined", room=room.id, code=room.code, member=m.id,
                   token=token, role=m.role, seats=list(m.seats), host=room.host == m.id,
                   game=room.game.id, options=dict(room.game.options),
                   policy=room.policy.public())
        for frame in self.snapshot_frames(conn):
            self.send(conn, frame)

    async def on_resume(self, conn: Conn, req: Request) -> None:
        if conn.room_id is not None and conn.room_id != req["room"]:
            raise ProtocolError("room/already_joined")
        found = await self.store.load(req["room"])
        member = found.by_token(req["token"])
        old = self.hub.get(found.id, {}).get(member.id)
        if old is not None and old is not conn:
            old.send(encode({"type": "replaced", "room": found.id,
                             "message": "You resumed this seat on another connection."}),
                     precious=True)
            old.room_id = old.member_id = None
        room = await self._attach(conn, found.id, member.id)
        member = room.members[member.id]
        since = req.get("since")
        events = room.events_since(since) if since is not None else None
        event("resumed", room=room.id, member=member.id, gap=None if since is None
              else room.version - since)
        self.reply(conn, req, "resumed", room=room.id, code=room.code, member=member.id,
                   role=member.role, seats=list(member.seats), host=room.host == member.id,
                   version=room.version, events=events, snapshot=events is None,
                   game=room.game.id, options=dict(room.game.options),
                   policy=room.policy.public())
        for frame in self.snapshot_frames(conn):
            self.send(conn, frame)

    async def on_leave(self, conn: Conn, req: Request) -> None:
        room = await self._room_of(conn, req)
        assert conn.member_id is not None
        member_id = conn.member_id
        if self._unhook(conn) is not None and room.id not in self.hub:
            await self.store.unwatch(room.id)

        def leave(r: Room) -> Effects:
            if member_id != r.host:
                r.members.pop(member_id, None)
            r.set_connected(member_id, False, time.time())
            return Effects(presence=True)

        self.reply(conn, req)
        await self.commit(room.id, leave)

    # -- commands in a room ----------------------------------------------------------------

    async def _room_of(self, conn: Conn, req: Request) -> Room:
        if conn.room_id is None or conn.room_id != req.get("room"):
            raise ProtocolError("room/not_joined")
        # A first check on this process's copy; the change itself runs on the committed
        # room inside Store.mutate, which refuses what is no longer true.
        return await self.store.current(conn.room_id)

    async def on_room_command(self, conn: Conn, req: Request) -> None:
        if req.type not in self._room_commands:  # pragma: no cover - schemas prevent it
            raise ProtocolError("proto/unknown_type")
        room = await self._room_of(conn, req)
        me = conn.member_id
        assert me is not None
        if me not in room.members:
            raise ProtocolError("room/not_joined")
        if req.type == "record":
            record = (await self.store.load(room.id)).record()
            conn.send(encode({**record, "re": req.id}), precious=True)
            return
        now = time.time()
        change = self._change(req, me, now)
        room, fx = await self.store.mutate(room.id, change)
        if fx.state:
            self.metrics.moves += req.type in ("move", "take", "vote")
            event("move", room=room.id, version=room.version, kind=req.type,
                  move=room.log[-1]["move"] if room.log and req.type != "undo" else None)
        self.reply(conn, req, **fx.reply)
        await self.after_commit(room, fx)

    @staticmethod
    def _change(req: Request, me: str, now: float) -> Callable[[Room], Effects]:
        """The room method a command calls, as a change for :meth:`Store.mutate`."""
        t = req.type
        if t == "move":
            return lambda r: r.move(me, req["version"], req["move"], now)
        if t == "undo":
            return lambda r: r.undo(me, req["version"])
        if t == "propose":
            return lambda r: r.propose(me, req["version"], req["move"], now)
        if t == "take":
            return lambda r: r.take(me, req["version"], req["move"], now)
        if t == "vote":
            return lambda r: r.vote(me, req["version"], now)
        if t == "chat":
            return lambda r: r.chat(me, req["text"], now)
        if t == "lock":
            return lambda r: r.lock(me, req["locked"])
        if t == "kick":
            return lambda r: r.kick(me, req["member"])
        if t == "set_role":
            return lambda r: r.set_role(me, req["member"], req["role"], req.get("seat"))
        if t == "invite":
            return lambda r: r.invite(me, req["member"])
        return lambda r: r.close(me)

    async def commit(self, room_id: str, change: Callable[[Room], Effects]
                     ) -> tuple[Room, Effects]:
        """Commit a change through the store, then perform its effects here."""
        room, fx = await self.store.mutate(room_id, change)
        await self.after_commit(room, fx)
        return room, fx

    async def after_commit(self, room: Room, fx: Effects) -> None:
        self.perform(room, fx)
        if fx.closed:
            await self.store.remove(room.id)
            self.hub.pop(room.id, None)
            event("room_closed", room=room.id)

    async def on_remote(self, room: Room, fx: Effects) -> None:
        """Effects another process committed: perform them for our sockets."""
        self.perform(room, fx)
        if fx.closed:
            self.hub.pop(room.id, None)

    def perform(self, room: Room, fx: Effects) -> None:
        """Send what the room logic asked for (the reply has been sent already)."""
        members = self.hub.get(room.id, {})
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
        if fx.proposals:
            self.broadcast_proposals(room)
        if fx.presence:
            self.broadcast_presence(room)
        if fx.chat is not None:
            self.broadcast(room, encode(fx.chat))

    # -- fan-out ---------------------------------------------------------------------------

    def broadcast(self, room: Room, frame: bytes) -> None:
        now: list[ServerConnection] = []
        for c in list(self.hub.get(room.id, {}).values()):
            self._send_or_collect(c, frame, now)
        self._write_now(now, frame)

    def _send_or_collect(self, c: Conn, frame: bytes, now: list[ServerConnection]) -> None:
        """Collect the client's socket when the frame can be written at once, else queue."""
        ws = c.direct()
        if ws is not None:
            now.append(ws)
        else:
            self.send(c, frame)

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
        for member_id, c in list(self.hub.get(room.id, {}).items()):
            audience = room.audience(member_id)
            frame = frames.get(audience)
            if frame is None:
                frame = frames[audience] = encode(room.state_message(audience))
                now[audience] = []
            self._send_or_collect(c, frame, now[audience])
        for audience, sockets in now.items():
            self._write_now(sockets, frames[audience])
        self.metrics.observe_fanout(time.perf_counter() - start)

    def broadcast_presence(self, room: Room) -> None:
        self.broadcast(room, encode(room.presence_message()))

    def broadcast_proposals(self, room: Room) -> None:
        frame = encode(room.proposals_message())
        for member_id, c in list(self.hub.get(room.id, {}).items()):
            m = room.members.get(member_id)
            if m is not None and m.role in (PLAYER, ADVISOR):
                self.send(c, frame)

    def snapshot_frames(self, conn: Conn) -> list[bytes]:
        """Everything a member needs to draw the room from nothing."""
        if conn.room_id is None or conn.member_id is None:
            return []
        room = self.store.cached(conn.room_id)
        if room is None:
            return []
        frames = [encode(room.state_message(room.audience(conn.member_id))),
                  encode(room.presence_message())]
        m = room.members.get(conn.member_id)
        if m is not None and m.role in (PLAYER, ADVISOR) and room.proposals:
            frames.append(encode(room.proposals_message()))
        return frames

    # -- membership of connections ---------------------------------------------------------

    async def _attach(self, conn: Conn, room_id: str, member_id: str) -> Room:
        """Hook the connection to its member and mark them connected."""
        conn.room_id, conn.member_id = room_id, member_id
        local = self.hub.setdefault(room_id, {})
        if not local:
            await self.store.watch(room_id)
        local[member_id] = conn

        def connected(r: Room) -> Effects:
            r.set_connected(member_id, True, time.time(), node=self.store.node)
            return Effects(presence=True)

        room, _ = await self.commit(room_id, connected)
        return room

    def _unhook(self, conn: Conn) -> str | None:
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

    async def _detach(self, conn: Conn, connected: bool) -> None:
        member_id = conn.member_id
        room_id = self._unhook(conn)
        if room_id is None or member_id is None:
            return
        if room_id not in self.hub:
            await self.store.unwatch(room_id)

        def gone(r: Room) -> Effects:
            if member_id not in r.members:
                return Effects()
            r.set_connected(member_id, connected, time.time())
            return Effects(presence=True)

        with contextlib.suppress(ProtocolError):
            await self.commit(room_id, gone)
