"""An asyncio client session for people, scripts and bots.

::

    async with Session("ws://127.0.0.1:8765", "Ann") as s:
        await s.join("K3MX9Q", "player")
        await s.wait_until(lambda t: t.view is not None)
        await s.move(s.table.my_moves()[0]["code"])

The session owns one reader task in its own TaskGroup for as long as the ``async with``
lasts. Replies are matched to requests by id; every other message updates
:attr:`Session.table` and is queued as a typed event (:mod:`client.events`). When the
connection drops the session reconnects with exponential backoff, says hello again and
resumes its seat with the token and the last version it saw; requests in flight fail
with :class:`ConnectionLost` and are not re-sent (a move may or may not have landed:
the next state tells). Tokens are saved in a :class:`~client.tokens.TokenStore`. The
session never judges a move: legality and descriptions come from the server's view.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator, Callable, Mapping
from typing import Any, Self
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import msgpack
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from protocol.messages import PROTOCOL_VERSION, encode

from .errors import ConnectionLost, ServerError, describe_error
from .events import (
    Called,
    ChatLine,
    Connection,
    Event,
    Notice,
    PresenceChanged,
    ProposalsChanged,
    Seated,
    StateChanged,
    Table,
)
from .hint import Hint
from .render import clean
from .tokens import Seat, TokenStore

Msg = dict[str, Any]
_NET_ERRORS = (OSError, ConnectionClosed, InvalidHandshake, TimeoutError)
#: Resume answers that mean the seat is gone for good: stop trying.
_FINAL = {"auth/bad_token", "room/not_found", "room/closed"}


class Session:
    """One connection to a server, at most one room, resumed across dropped connections."""

    def __init__(self, url: str, name: str = "", *, tokens: TokenStore | None = None,
                 reconnect: bool = True, min_backoff: float = 0.1, max_backoff: float = 8.0,
                 events: int = 512, call_timeout: float = 30.0, room: str = "") -> None:
        self.url = url
        #: The join code of the room this session is for, when known before it sits: the
        #: connection names it in its URL, so a balancer can send a room's people to one
        #: process (docs/scaling.md); the room's own code once seated.
        self.room = room
        self.name = name
        self.tokens = tokens
        self.reconnect = reconnect
        self.min_backoff = min_backoff
        self.max_backoff = max_backoff
        self.call_timeout = call_timeout
        self.table = Table()
        #: The room and version of the newest state shown: an older one is never shown.
        self._newest: tuple[str, int] | None = None
        #: The ``seq`` of the presence frame the table's members come from.
        self._presence_seq = -1
        self._events: asyncio.Queue[Event] = asyncio.Queue(events)
        self._changed = asyncio.Condition()
        self._pending: dict[int, asyncio.Future[Msg]] = {}
        self._next_id = 1
        self._ws: ClientConnection | None = None
        self._ready = asyncio.Event()
        self._closing = False
        self._tg: asyncio.TaskGroup | None = None
        self._token = ""
        #: The ``host`` command's signature saved with a room this session opens.
        self.hosted = ""

    # -- lifetime ----------------------------------------------------------------------

    async def __aenter__(self) -> Self:
        """Connect and say hello (raising ``OSError`` and the like if that fails)."""
        self._ws = await self._open()
        self._tg = asyncio.TaskGroup()
        await self._tg.__aenter__()
        self._tg.create_task(self._run())
        return self

    async def __aexit__(self, *exc: Any) -> None:
        """Close the connection and wait for the reader; an exception of the body goes
        on as itself (not wrapped in the reader's task group), so callers can catch a
        refusal as :class:`ServerError`."""
        self._closing = True
        if self._ws is not None:
            await self._ws.close()
        assert self._tg is not None
        await self._tg.__aexit__(None, None, None)

    async def events(self) -> Event:
        """The next event (waits for one)."""
        return await self._events.get()

    def __aiter__(self) -> AsyncIterator[Event]:
        """``async for event in session``: every event, for as long as the session lasts."""
        return self._stream()

    async def _stream(self) -> AsyncIterator[Event]:
        while True:
            yield await self._events.get()

    def pending_events(self) -> list[Event]:
        """Every event queued now, without waiting."""
        out = []
        while not self._events.empty():
            out.append(self._events.get_nowait())
        return out

    async def wait_until(self, pred: Callable[[Table], bool], timeout: float = 10.0) -> Table:
        """Wait until ``pred(self.table)`` holds (checked after every message)."""
        async with asyncio.timeout(timeout), self._changed:
            await self._changed.wait_for(lambda: pred(self.table))
        return self.table

    def drop_connection(self) -> None:
        """Cut the connection as a failing network would (for tests and demos)."""
        if self._ws is not None:
            self._ws.transport.abort()

    # -- requests ----------------------------------------------------------------------

    async def call(self, kind: str, **fields: Any) -> Msg:
        """Send one request and return its answer; raise :class:`ServerError` on refusal."""
        if self.table.connection == "closed":
            raise ConnectionLost(self.table.gone or "the session is closed")
        async with asyncio.timeout(self.call_timeout):
            await self._ready.wait()
            ws = self._ws
            assert ws is not None
            rid = self._next_id
            self._next_id += 1
            fut: asyncio.Future[Msg] = asyncio.get_running_loop().create_future()
            self._pending[rid] = fut
            try:
                await ws.send(encode({"type": kind, "id": rid, **fields}))
                reply = await fut
            except ConnectionClosed:
                raise ConnectionLost("the connection dropped") from None
            finally:
                self._pending.pop(rid, None)
        if reply.get("type") == "error":
            raise ServerError(str(reply.get("code")), clean(reply.get("message", ""), 300))
        return reply

    async def games(self) -> list[Msg]:
        return list((await self.call("games"))["games"])

    async def lobby(self) -> list[Msg]:
        return list((await self.call("lobby"))["rooms"])

    async def create(self, game: str, **fields: Any) -> Msg:
        """Open a room (fields as the ``create`` schema: options, visibility, advice...)."""
        return await self.call("create", game=game, name=self.name, **fields)

    async def join(self, code: str, role: str = "player", seat: int | None = None) -> Msg:
        fields: dict[str, Any] = {"code": code, "role": role, "name": self.name}
        if seat is not None:
            fields["seat"] = seat
        return await self.call("join", **fields)

    async def watch(self, code: str) -> Msg:
        return await self.join(code, "watcher")

    async def resume(self, seat: Seat) -> Msg:
        """Take back a seat saved in the token file (on this live connection)."""
        self._token = seat.token
        self.table.version = seat.version
        return await self.call("resume", room=seat.room, token=seat.token,
                               since=seat.version)

    async def move(self, code: str) -> Msg:
        return await self._room_call("move", move=code)

    async def propose(self, code: str) -> Msg:
        return await self._room_call("propose", move=code)

    async def take(self, code: str) -> Msg:
        """Play a move an advisor proposed (the server names them in the log)."""
        return await self._room_call("take", move=code)

    async def hint(self) -> Hint:
        """The server's hint for the table's position (the player to move; advisors too
        where the table allows): a move, ``unknown``, or marked stale when the table
        moved on meanwhile. Refusals (``hint/not_allowed``, ``hint/busy``) raise
        :class:`ServerError`."""
        return Hint.from_msg(await self.call("hint", room=self.table.room))

    async def vote(self) -> Msg:
        return await self._room_call("vote")

    async def undo(self) -> Msg:
        return await self._room_call("undo")

    async def next_deal(self, same: bool = False) -> Msg:
        """The host deals again once a game is over: a new deal, or (``same``) a rematch
        of the same deal."""
        return await self.call("next_deal", room=self.table.room, same=same)

    async def chat(self, text: str) -> Msg:
        return await self.call("chat", room=self.table.room, text=text)

    async def record(self) -> Msg:
        return await self.call("record", room=self.table.room)

    async def members(self, offset: int = 0) -> list[Msg]:
        """Members by name from ``offset``, in order of arrival (presence lists only the
        first hundred of a crowd)."""
        reply = await self.call("members", room=self.table.room, offset=offset)
        return list(reply["members"])

    async def leave(self) -> Msg:
        reply = await self.call("leave", room=self.table.room)
        self._forget()
        self._token = ""
        return reply

    async def bot(self, seat: int | None = None) -> Msg:
        """The host seats a computer player in ``seat``, or in every empty seat."""
        fields = {} if seat is None else {"seat": seat}
        return await self.call("bot", room=self.table.room, **fields)

    async def invite(self, member: str, seat: int | None = None) -> Msg:
        """The host (or a seat's player) lets an advisor propose; with ``seat``, seats an
        advisor or a watcher behind that seat of a competitive table."""
        fields = {} if seat is None else {"seat": seat}
        return await self.call("invite", room=self.table.room, member=member, **fields)

    async def host(self, kind: str, **fields: Any) -> Msg:
        """A host command: ``lock``, ``kick``, ``set_role``, ``invite``, ``set_host`` (the
        host role to another person) or ``close``."""
        return await self.call(kind, room=self.table.room, **fields)

    async def _room_call(self, kind: str, **fields: Any) -> Msg:
        return await self.call(kind, room=self.table.room, version=self.table.version,
                               **fields)

    def _seated(self, reply: Msg) -> Msg:
        t = self.table
        t.room, t.code, t.member = str(reply["room"]), str(reply["code"]), str(reply["member"])
        t.role, t.seats, t.host = str(reply["role"]), tuple(reply["seats"]), bool(reply["host"])
        t.game, t.policy = str(reply["game"]), dict(reply.get("policy") or {})
        t.gone = ""
        if "token" in reply:
            self._token = str(reply["token"])
        self._save()
        self._emit(Seated(str(reply["type"]), t.room, t.code, t.role, t.seats, t.game))
        return reply

    def _save(self) -> None:
        """Save our seat (a watcher holds none: nothing to save)."""
        t = self.table
        if self.tokens is not None and self._token and t.room and t.role != "watcher":
            self.tokens.put(Seat(self.url, t.room, self._token, t.member, t.code, t.role,
                                 t.version, self.name, self.hosted))

    def _forget(self) -> None:
        """Our seat is gone: drop our own entry, nobody else's."""
        if self.tokens is not None and self.table.room:
            self.tokens.forget(self.url, self.table.room, self.table.member)

    # -- the connection ----------------------------------------------------------------

    async def _open(self) -> ClientConnection:
        """Connect and say hello; messages before the welcome are handled as usual."""
        ws = await connect(room_url(self.url, self.table.code or self.room), max_size=2**22,
                           open_timeout=10)
        try:
            key = {"player": self.tokens.player_key()} if self.tokens is not None else {}
            welcome = await self._handshake(ws, "hello", version=PROTOCOL_VERSION,
                                            name=self.name, client="sympathy-client", **key)
            if welcome.get("type") != "welcome":
                raise ServerError(str(welcome.get("code")), str(welcome.get("message")))
        except BaseException:
            await ws.close()
            raise
        return ws

    async def _handshake(self, ws: ClientConnection, kind: str, **fields: Any) -> Msg:
        rid = self._next_id
        self._next_id += 1
        await ws.send(encode({"type": kind, "id": rid, **fields}))
        async with asyncio.timeout(self.call_timeout):
            while True:
                msg = _decode(await ws.recv())
                if msg is None:
                    continue
                if msg.get("re") == rid:
                    return msg
                await self._handle(msg)

    async def _run(self) -> None:
        """Read until the connection drops; then reconnect and resume, or stop."""
        self._set_connection(Connection("connected"))
        while True:
            ws = self._ws
            assert ws is not None
            self._ready.set()
            with contextlib.suppress(ConnectionClosed):
                async for frame in ws:
                    msg = _decode(frame)
                    if msg is not None:
                        await self._handle(msg)
            self._ready.clear()
            for fut in self._pending.values():
                if not fut.done():
                    fut.set_exception(ConnectionClosed(None, None))
            if self._closing or not self.reconnect or self.table.gone:
                self._set_connection(Connection("closed", self.table.gone))
                await self._notify()
                return
            if not await self._reconnect():
                return

    async def _reconnect(self) -> bool:
        attempt = 0
        while True:
            # jittered so that a server's many clients do not all return at once
            delay = min(self.max_backoff, self.min_backoff * 2 ** attempt) * (
                0.8 + 0.4 * random.random())
            self._set_connection(Connection("reconnecting", "", attempt + 1, delay))
            await self._notify()
            await asyncio.sleep(delay)
            try:
                ws = await self._open()
                if self.table.room and self._token:
                    reply = await self._handshake(ws, "resume", room=self.table.room,
                                                  token=self._token, since=self.table.version)
                    if reply.get("type") == "error":
                        await ws.close()
                        if reply.get("code") in _FINAL:
                            self.table.gone = clean(reply.get("message", ""), 200)
                            self._forget()
                            self._set_connection(Connection("closed", self.table.gone))
                            await self._notify()
                            return False
                        raise OSError(str(reply.get("message")))
                    self._ws = ws
                    self._seated(reply)
                    self._set_connection(Connection("resumed"))
                else:
                    self._ws = ws
                    self._set_connection(Connection("connected"))
                await self._notify()
                return True
            except (*_NET_ERRORS, ServerError, InvalidURI):
                attempt += 1

    # -- inbound messages --------------------------------------------------------------

    async def _handle(self, msg: Msg) -> None:
        rid = msg.get("re")
        fut = self._pending.get(rid) if isinstance(rid, int) else None
        if fut is not None:
            if msg.get("type") in ("joined", "resumed"):
                self._seated(msg)  # before any state of the room is read
            if not fut.done():
                fut.set_result(msg)
        else:
            self._apply(msg)
        await self._notify()

    def _apply(self, msg: Msg) -> None:
        t, kind = self.table, msg.get("type")
        if msg.get("room") not in (None, t.room) and kind != "error":
            return  # a room we have left
        if kind == "state":
            room, version = str(msg.get("room")), int(msg["version"])
            if self._newest is not None and self._newest[0] == room and \
                    version < self._newest[1]:
                return  # an older table than the one shown (versions only go up)
            self._newest = (room, version)
            t.version, t.view = version, msg["view"]
            t.last, t.fair = msg.get("last"), msg.get("fair") or {}
            t.log = tuple(e for e in msg.get("log") or () if isinstance(e, Mapping))
            t.tally = msg.get("tally") or {}
            self._save()
            self._emit(StateChanged(t.version, t.view, t.last, t.fair))
        elif kind in ("presence", "presence_changes"):
            if not self._presence(msg):
                return
            for m in t.members:
                if m.get("id") == t.member:
                    t.role, t.seats = str(m.get("role")), tuple(m.get("seats") or ())
            # the host may have handed the host role on (``set_host``), to us or away
            t.host = msg.get("host") == t.member
            self._emit(PresenceChanged(t.members, t.counts))
        elif kind == "proposals":
            t.proposals = tuple(msg.get("items") or ())
            self._emit(ProposalsChanged(int(msg.get("version", 0)), t.proposals))
        elif kind == "chat":
            line = ChatLine(str(msg.get("from", "")), str(msg.get("role", "")),
                            str(msg.get("text", "")))
            t.chat.append(line)
            self._emit(line)
        elif kind == "call":
            margin = msg.get("margin_ms")
            first = msg.get("first")
            call = Called(int(msg.get("seat", -1)), clean(msg.get("by", ""), 40),
                          clean(msg.get("outcome", ""), 10),
                          int(first) if isinstance(first, int) else None,
                          float(margin) if isinstance(margin, int | float) else None,
                          clean(msg.get("text", ""), 200))
            t.calls.append(call)
            self._emit(call)
        elif kind in ("kicked", "closed", "replaced"):
            t.gone = clean(msg.get("message") or msg.get("reason") or kind, 200)
            if kind != "replaced":
                self._forget()
            self._emit(Notice(str(kind), t.gone))
        elif kind == "error":
            self._emit(Notice("error", clean(msg.get("message", ""), 300)))

    def _presence(self, msg: Msg) -> bool:
        """Fold a ``presence`` (the whole list) or ``presence_changes`` (what changed
        since the frame before it) into the table; ``False`` for changes we have."""
        t = self.table
        seq = msg.get("seq")
        seq = seq if isinstance(seq, int) else 0
        if msg.get("type") == "presence":
            members = {str(m.get("id")): m for m in msg.get("members") or ()}
        elif seq <= self._presence_seq:
            return False  # the snapshot of a resync has them already
        else:
            members = {str(m.get("id")): m for m in t.members}
            for m in msg.get("members") or ():
                members[str(m.get("id"))] = m
            for gone in msg.get("gone") or ():
                members.pop(str(gone), None)
        self._presence_seq = seq
        t.members, t.counts = tuple(members.values()), msg.get("counts") or {}
        return True

    def _set_connection(self, ev: Connection) -> None:
        self.table.connection = ev.state
        self._emit(ev)

    def _emit(self, ev: Event) -> None:
        if self._events.full():  # a consumer that does not read loses the oldest
            self._events.get_nowait()
        self._events.put_nowait(ev)

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()


def room_url(url: str, code: str) -> str:
    """``url`` with the room's join code as its ``room`` query parameter (upper case, as
    codes are), which the server ignores and a balancer may hash on; ``url`` unchanged
    when there is no code."""
    if not code:
        return url
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "room"] + [("room", code.upper())]
    return urlunsplit(parts._replace(path=parts.path or "/", query=urlencode(query)))


def _decode(frame: str | bytes) -> Msg | None:
    if isinstance(frame, str):
        return None
    try:
        msg = msgpack.unpackb(frame, raw=False)
    except Exception:
        return None
    return msg if isinstance(msg, dict) and isinstance(msg.get("type"), str) else None


__all__ = ["ConnectionLost", "ServerError", "Session", "describe_error"]
