"""What a connection asks for: the commands outside a room, and the way into a room.

:data:`SESSION_COMMANDS` names the commands a connection may send outside a room
(``hello``, ``create``, ``join``, ...); every other command is a room command from
:data:`server.commands.ROOM_COMMANDS`, run as a change through :meth:`Store.mutate`.
Every change of a room, wherever it comes from, goes through :meth:`Sessions.commit`,
which then performs its effects here (other processes hear them from the store).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from protocol import outbound
from protocol.errors import ProtocolError
from protocol.limits import Limits
from protocol.messages import PROTOCOL_VERSION, Request, encode

from . import seating, views
from .archived import Games, day, hashed_key, why_not_daily
from .chance import Chance, SecretChance
from .client_conn import Conn
from .commands import ROOM_COMMANDS
from .fanout import Fanout
from .guides import game_list, guide_reply
from .heavy import AnalysisJob, Job
from .members import PLAYER, Effects, Policy
from .metrics import Metrics
from .play import made, new_room
from .pool import Pool
from .pool_parts import Ticket
from .room import Room, Step
from .scheduler import Scheduler
from .stores.store import Change, Store
from .winnable import Winnable, WinnableChance

log = logging.getLogger("sympathy.server")


def event(name: str, **fields: Any) -> None:
    """One structured log line (JSON). Never pass a seed, a token or a view."""
    if log.isEnabledFor(logging.INFO):  # not even the JSON when nobody reads it
        log.info(json.dumps({"event": name, **fields}, default=str, sort_keys=True))


Handler = Callable[["Sessions", Conn, Request], Awaitable[None]]


class Sessions:
    def __init__(self, store: Store, limits: Limits, metrics: Metrics,
                 fanout: Fanout, chance: Chance | None = None,
                 pool: Pool | None = None, games: Games | None = None) -> None:
        self.store = store
        #: The finished games (server/archived.py): kept, shown, forgotten.
        self.games = games or Games(None)
        self.limits = limits
        self.metrics = metrics
        self.fanout = fanout
        #: New deals and computer players' choices (secret unless a test seeds it).
        self.chance = chance or SecretChance()
        #: Deals proved winnable, kept ahead for the tables that ask for them.
        self.winnable = Winnable(self.chance)
        #: The worker processes for hints and analyses (run by the server's owner).
        self.pool = pool or Pool(limits.workers, limits.work_queue, limits.work_wait)
        #: Plays computer players' moves and the games' clocks for this process's rooms.
        self.scheduler = Scheduler(self.commit, lambda r: r in fanout.hub, limits.takeover,
                                   metrics, self.chance)

    async def dispatch(self, conn: Conn, req: Request) -> None:
        try:
            if req.type != "hello" and not conn.hello:
                raise ProtocolError("proto/hello_first")
            handler = SESSION_COMMANDS.get(req.type)
            if handler is not None:
                await handler(self, conn, req)
            else:
                await self.on_room_command(conn, req)
        except ProtocolError as exc:
            self.reply_error(conn, req.id, exc)
            if exc.code == "move/stale":
                self.show_current(conn)
        except Exception:
            log.exception("unexpected error handling %s", req.type)
            self.reply_error(conn, req.id, ProtocolError("server/error"))

    def reply_error(self, conn: Conn, rid: int | None, exc: ProtocolError) -> None:
        self.metrics.errors[exc.code] += 1
        self.fanout.send(conn, encode(outbound.error(rid, exc.code, exc.message,
                                                     exc.retry_after)), precious=True)

    def show_current(self, conn: Conn) -> None:
        """After ``move/stale``: the client has not seen the table its command was
        judged on; send it the state this process holds when that is newer than the one
        it was sent (the broadcast may be late: doorbells lost while Redis failed over)."""
        room_id, member_id = conn.room_id, conn.member_id
        room = self.store.cached(room_id) if room_id is not None else None
        if room is None or member_id is None or room.version <= conn.shown \
                or member_id not in room.members:
            return
        self.fanout.send(conn, self.fanout.state_frame(room, room.audience(member_id)),
                         version=room.version)

    def reply(self, conn: Conn, message: Any) -> None:
        """Send the answer to a request (never dropped while the client is kept)."""
        self.fanout.send(conn, encode(message), precious=True)

    # -- commands outside a room -----------------------------------------------------------

    async def on_hello(self, conn: Conn, req: Request) -> None:
        if req["version"] != PROTOCOL_VERSION:
            raise ProtocolError("proto/version", f"This server speaks protocol version "
                                f"{PROTOCOL_VERSION}.")
        key = req.get("player")
        keeper = "" if key is None else hashed_key(key)
        conn.hello = True
        conn.name = req.get("name", "")
        conn.keeper = keeper
        lim = self.limits
        self.reply(conn, outbound.welcome(req.id, PROTOCOL_VERSION, {
            "max_frame": lim.max_frame, "rate": lim.rate, "burst": lim.burst,
            "max_name": lim.max_name, "max_chat": lim.max_chat}))

    async def on_ping(self, conn: Conn, req: Request) -> None:
        self.reply(conn, outbound.pong(req.id))

    async def on_games(self, conn: Conn, req: Request) -> None:
        self.reply(conn, outbound.games(req.id, game_list()))

    async def on_guide(self, conn: Conn, req: Request) -> None:
        g = guide_reply(req["game"])
        self.reply(conn, outbound.guide(req.id, g["guide"]["id"], g["guide"], g["deal"],
                                        g["view"]))

    async def on_lobby(self, conn: Conn, req: Request) -> None:
        self.reply(conn, outbound.lobby(req.id, await self.store.lobby(200)))

    async def on_create(self, conn: Conn, req: Request) -> None:
        if conn.room_id is not None:
            raise ProtocolError("room/already_joined")
        policy = Policy.given(req.fields)
        deal = req.get("deal")
        if req.get("daily"):
            if deal is not None:
                raise ProtocolError("proto/bad_field", "A deal of the day has its own deal "
                                    "number: name none.")
            # the day's deal of the game by its id, whatever alias named it
            chosen = made(req["game"], req.get("options", {}))
            if (why := why_not_daily(chosen, policy.undo)) is not None:
                raise ProtocolError("proto/bad_field", why)
            deal = await self.games.daily_deal(chosen.id, day(time.time()))
        if policy.winnable:
            if deal is not None:
                raise ProtocolError("proto/bad_field", "A table of winnable deals only is "
                                    "dealt deals the server has proved winnable: name no "
                                    "deal number, and no deal of the day.")
            made(req["game"], req.get("options", {}))  # an unknown game says so first
            deal = self.winnable.take(req["game"], req.get("options", {}))
        room = new_room(req["game"], req.get("options", {}),
                        self.chance.deal() if deal is None else deal, policy, self.limits,
                        time.time())
        room, member, token = seating.add_member(
            room, PLAYER, req.get("name", conn.name),
            all_seats=req.get("seats", "one") == "all", keeper=conn.keeper)
        room = await self.store.create(room)
        event("room_created", room=room.id, game=room.game.id, visibility=policy.visibility)
        await self._joined(conn, req, room.id, member.id, token)

    async def on_join(self, conn: Conn, req: Request) -> None:
        if conn.room_id is not None:
            raise ProtocolError("room/already_joined")
        found = await self.store.by_code(req["code"])
        name, keeper = req.get("name", conn.name), conn.keeper
        _, fx = await self.commit(found.id, lambda r: seating.join(
            r, req["role"], name, seat=req.get("seat"), keeper=keeper))
        member, token = fx.reply["member"], fx.reply["token"]
        event("joined", room=found.id, member=member, role=req["role"])
        await self._joined(conn, req, found.id, member, token)

    async def _joined(self, conn: Conn, req: Request, room_id: str, member_id: str,
                      token: str) -> None:
        room = await self.attach(conn, room_id, member_id)
        m = room.members[member_id]
        self.fanout.send_snapshot(conn, encode(outbound.joined(
            req.id, room.id, room.code, m.id, token, m.role, list(m.seats),
            room.host == m.id, room.game.id, dict(room.game.options), room.policy.public())))

    async def on_resume(self, conn: Conn, req: Request) -> None:
        if conn.room_id is not None and conn.room_id != req["room"]:
            raise ProtocolError("room/already_joined")
        found = await self.store.load(req["room"])
        member = found.by_token(req["token"])
        old = self.fanout.members(found.id).get(member.id)
        if old is not None and old is not conn:
            self.reply(old, outbound.replaced(
                found.id, "You resumed this seat on another connection."))
            old.room_id = old.member_id = None
        room = await self.attach(conn, found.id, member.id)
        member = room.members[member.id]
        since = req.get("since")
        events = views.events_since(room, since, room.audience(member.id)) \
            if since is not None else None
        event("resumed", room=room.id, member=member.id, gap=None if since is None
              else room.version - since)
        self.fanout.send_snapshot(conn, encode(outbound.resumed(
            req.id, room.id, room.code, member.id, member.role, list(member.seats),
            room.host == member.id, room.version, events, room.game.id,
            dict(room.game.options), room.policy.public())))

    async def on_leave(self, conn: Conn, req: Request) -> None:
        room = await self._room_of(conn, req)
        assert conn.member_id is not None
        member_id = conn.member_id
        unhooked = self.fanout.unhook(conn) is not None
        self.reply(conn, outbound.ok(req.id))
        try:
            await self.commit(room.id, lambda r: seating.leave(r, member_id, time.time()))
        finally:
            if unhooked and room.id not in self.fanout.hub:
                # after the commit, made on this process's copy of the room (a store
                # forgets the copy of a room it no longer watches: reading it again
                # replays the deal)
                await self.store.unwatch(room.id)

    # -- commands in a room ----------------------------------------------------------------

    async def _room_of(self, conn: Conn, req: Request) -> Room:
        if conn.room_id is None or conn.room_id != req.get("room"):
            raise ProtocolError("room/not_joined")
        return await self.store.current(conn.room_id)

    async def on_room_command(self, conn: Conn, req: Request) -> None:
        command = ROOM_COMMANDS.get(req.type)
        if command is None:  # pragma: no cover - the schemas prevent it
            raise ProtocolError("proto/unknown_type")
        room_id, me = conn.room_id, conn.member_id
        if room_id is None or room_id != req.get("room") or me is None:
            raise ProtocolError("room/not_joined")

        def run(r: Room) -> Step:
            if me not in r.members:
                raise ProtocolError("room/not_joined")
            # the time is taken when the change runs at the room's sequencer (the
            # store's commit): a call's time of arrival (server/calls.py)
            chance = self.chance if not r.policy.winnable else \
                WinnableChance(self.chance, self.winnable, r.game.id, r.game.options)
            return command.run(r, me, req, time.time(), chance)

        if command.heavy:
            # a place in the pool first: a request over its share costs no job
            ticket = self.pool.reserve(req.type, room_id, conn)
            try:
                _, fx = run(await self.store.load(room_id))  # one load
                assert fx.work is not None
            except BaseException:
                self.pool.release(ticket)
                raise
            # worked out in the pool; meanwhile this connection's next messages (a
            # move, a chat, a ping) are read and answered
            try:
                task = conn.spawn(self._work(conn, req, room_id, fx.work, ticket))
            except BaseException:
                self.pool.release(ticket)
                raise
            # a task cancelled before its first step never submits: give the place back
            task.add_done_callback(lambda _: self.pool.release(ticket))
            return
        if command.read_only:
            _, fx = run(await self.store.load(room_id))  # one load, nothing to commit
            self.reply(conn, {**(fx.answer or {}), "re": req.id})
            return
        room, fx = await self.store.mutate(room_id, run)
        if fx.state:
            self.metrics.moves += command.is_move
            # a round game's move code may name the mover's cards: never in a log line
            public = room.game.description.moves_public
            event("move", room=room.id, version=room.version, kind=req.type,
                  move=room.log[-1]["move"] if public and room.log and req.type != "undo"
                  else None)
        # the answer and the state it made go to the sender in one write (nothing is
        # awaited meanwhile, so nothing else is written to that socket in between)
        with self.fanout.corked(conn):
            if fx.refusal is not None:
                self.reply_error(conn, req.id, fx.refusal)
            else:
                self.reply(conn, outbound.ok(req.id, **fx.reply))
            self.fanout.perform(room, fx)
        await self._performed(room, fx, mine=True)

    async def _work(self, conn: Conn, req: Request, room_id: str, job: Job,
                    ticket: Ticket) -> None:
        """Answer a heavy request (a hint, an analysis) from the pool (:mod:`server.pool`:
        fair shares, a bounded queue, a deadline); the table may have moved while it
        ran: the answer says so, never passing an old position's hint off as current."""
        try:
            answer = dict(await self.pool.submit(job, ticket))
            if isinstance(job, AnalysisJob) and "lines" in answer:
                await self.games.annotate(job.record["salt"], {
                    k: v for k, v in answer.items() if k not in ("re", "stale", "version")})
            now = self.store.cached(room_id) or await self.store.current(room_id)
            if answer.get("version") != now.version:
                answer["stale"] = True
            self.reply(conn, {**answer, "re": req.id})
        except ProtocolError as exc:
            self.reply_error(conn, req.id, exc)
        except Exception:
            log.exception("unexpected error answering %s", req.type)
            self.reply_error(conn, req.id, ProtocolError("server/error"))

    async def commit(self, room_id: str, change: Change) -> tuple[Room, Effects]:
        """Commit a change through the store, then perform its effects here."""
        room, fx = await self.store.mutate(room_id, change)
        await self.after_commit(room, fx)
        return room, fx

    async def after_commit(self, room: Room, fx: Effects) -> None:
        """Perform the effects of a change this process committed."""
        self.fanout.perform(room, fx)
        await self._performed(room, fx, mine=True)

    async def on_remote(self, room: Room, fx: Effects) -> None:
        """Perform the effects of a change another process committed, heard through the
        store (or of a recovery)."""
        self.fanout.perform(room, fx)
        await self._performed(room, fx, mine=False)

    def held(self, room_id: str) -> list[str]:
        """The members whose connections this process holds in a room."""
        return list(self.fanout.members(room_id))

    async def _performed(self, room: Room, fx: Effects, mine: bool) -> None:
        """What follows a committed change's effects (``fanout.perform``) here."""
        if fx.closed:
            # Nobody is in a closed room: stop hearing it. Its record stays, closed,
            # until it expires (``room_ttl``): meanwhile joining it says room/closed.
            self.fanout.forget(room.id)
            await self.store.unwatch(room.id)
        self.scheduler.note(room, mine=mine)
        if fx.closed and mine:
            event("room_closed", room=room.id)
        if mine and fx.state and room.over:
            await self.games.finished(room)  # after everyone has been told

    # -- connections in rooms --------------------------------------------------------------

    async def attach(self, conn: Conn, room_id: str, member_id: str) -> Room:
        """Hook the connection to its member and mark them connected."""
        if not self.fanout.members(room_id):
            await self.store.watch(room_id)
        self.fanout.hook(conn, room_id, member_id)
        node = self.store.node
        room, _ = await self.commit(room_id,
                                    lambda r: seating.connect(r, member_id, node, time.time()))
        if room.over:
            # the process that ended the deal keeps it; if it could not (its archive
            # away, or it stopped first), the first process a player comes back to does
            # (keeping is idempotent, and each process keeps a deal once)
            await self.games.finished(room)
        return room

    async def detach(self, conn: Conn) -> None:
        """The connection has gone: its member is no longer connected."""
        member_id = conn.member_id
        room_id = self.fanout.unhook(conn)
        if room_id is None or member_id is None:
            return
        try:
            await self.commit(room_id, lambda r: seating.disconnect(r, member_id, time.time()))
        except ProtocolError:
            pass  # the room is gone, closed, or the store away: nothing to mark
        except Exception:
            log.exception("cannot mark member %s away in room %s", member_id, room_id)
        finally:
            if room_id not in self.fanout.hub:  # after the commit, as for leave
                await self.store.unwatch(room_id)
                self.scheduler.forget(room_id)


    # -- finished games (server/archived.py) ------------------------------------------------

    async def on_archived(self, conn: Conn, req: Request) -> None:
        self.reply(conn, self._archived(req, await self.games.page(req["game"])))

    async def on_archived_step(self, conn: Conn, req: Request) -> None:
        step = await self.games.step(req["game"], req["n"])
        self.reply(conn, outbound.ArchivedStep(type="archived_step", re=req.id,
                                               game=step["game"], n=step["n"],
                                               view=step["view"], last=step["last"]))

    async def on_archived_analysis(self, conn: Conn, req: Request) -> None:
        """``archived_analysis``: the kept game's page with its analysis, made now in the
        pool (once, kept with the game) when nobody asked for one at the table."""
        page = await self.games.page(req["game"])
        if page["analysis"] is not None:
            self.reply(conn, self._archived(req, page))
            return
        ticket = self.pool.reserve("analysis", req["game"], conn)
        try:
            task = conn.spawn(self._analyse_kept(conn, req, page, ticket))
        except BaseException:
            self.pool.release(ticket)
            raise
        task.add_done_callback(lambda _: self.pool.release(ticket))

    async def _analyse_kept(self, conn: Conn, req: Request, page: dict[str, Any],
                            ticket: Ticket) -> None:
        try:
            page["analysis"] = await self.games.analyse(page["game"], self.pool, ticket)
            self.reply(conn, self._archived(req, page))
        except ProtocolError as exc:
            self.reply_error(conn, req.id, exc)
        except Exception:
            log.exception("unexpected error analysing a kept game")
            self.reply_error(conn, req.id, ProtocolError("server/error"))

    @staticmethod
    def _archived(req: Request, page: dict[str, Any]) -> outbound.Archived:
        return outbound.Archived(type="archived", re=req.id, game=page["game"],
                                 analysis=page["analysis"], steps=page["steps"])

    async def on_room_games(self, conn: Conn, req: Request) -> None:
        room = await self._room_of(conn, req)
        self.reply(conn, outbound.RoomGames(type="room_games", re=req.id, room=room.id,
                                            games=await self.games.of_room(room.id)))

    async def on_daily(self, conn: Conn, req: Request) -> None:
        game = made(req["game"], {}).id  # an unknown game: game/unknown, as create says
        board = await self.games.daily(game, day(time.time()), req.get("player"))
        self.reply(conn, outbound.Daily(type="daily", re=req.id, game=board["game"],
                                        title=board["title"], date=board["date"],
                                        played=board["played"], board=board["board"]))

    async def on_my_stats(self, conn: Conn, req: Request) -> None:
        stats = await self.games.stats(req["player"])
        self.reply(conn, outbound.Stats(type="stats", re=req.id, games=stats["games"],
                                        played=stats["played"], won=stats["won"]))

    async def on_forget_games(self, conn: Conn, req: Request) -> None:
        deleted = await self.games.forget(req["player"])
        self.reply(conn, {"type": "ok", "re": req.id, "deleted": deleted})


#: The commands a connection may send outside a room.
SESSION_COMMANDS: dict[str, Handler] = {
    "hello": Sessions.on_hello, "ping": Sessions.on_ping, "games": Sessions.on_games,
    "guide": Sessions.on_guide,
    "lobby": Sessions.on_lobby, "create": Sessions.on_create, "join": Sessions.on_join,
    "resume": Sessions.on_resume, "leave": Sessions.on_leave,
    "archived": Sessions.on_archived, "archived_step": Sessions.on_archived_step,
    "archived_analysis": Sessions.on_archived_analysis,
    "room_games": Sessions.on_room_games, "forget_games": Sessions.on_forget_games,
    "my_stats": Sessions.on_my_stats, "daily": Sessions.on_daily,
}
