"""The Redis store under faults and over time, on a real redis-server of the test's own.

Each test forces its fault for real: Redis killed, restarted, or restarted from a copy
of its files taken earlier (so it has lost acknowledged writes); a room record that this
version cannot read; a process that stopped. Every peer checks that the versions it
sees only go up (``tests/kit/peer.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import urllib.error
import urllib.request
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import msgpack
import pytest
import redis.asyncio as aioredis

from protocol.errors import ProtocolError
from protocol.limits import Limits
from server import calls, host, seating
from server.app import supervise
from server.play import new_room
from server.room import PLAYER, Policy
from server.stores import redis_keys
from server.stores.redis_listener import MAX_DELAY, RedisListener
from server.stores.redis_store import RedisStore
from tests.kit.peer import Peer
from tests.kit.processes import ServeProcess
from tests.kit.redis import RedisServer
from tests.kit.redis_faults import first_legal, play_first, restore, snapshot, wait_for
from tests.kit.server import Running, start, stop_server


@asynccontextmanager
async def redis_app(redis: RedisServer, limits: Limits | None = None
                    ) -> AsyncIterator[tuple[Running, RedisStore]]:
    limits = limits or Limits(rate=10_000, burst=10_000)
    store = RedisStore(redis.url, limits)
    running, stop, task = await start(limits, store)
    try:
        yield running, store
    finally:
        await stop_server(stop, task)


async def raw(redis: RedisServer) -> Any:
    return aioredis.Redis.from_url(redis.url)


async def members(r: Any, room: str) -> list[dict[str, Any]]:
    """The members of a room as its record in Redis has them."""
    fields = await r.hgetall(redis_keys.room_key(room))
    return [msgpack.unpackb(v) for k, v in fields.items() if k.startswith(b"m:")]



# -- (3) one round trip per move ---------------------------------------------------------

async def command_calls(r: Any) -> dict[str, int]:
    info = await r.info("commandstats")
    return {k.removeprefix("cmdstat_"): int(v["calls"]) for k, v in info.items()}


async def calls_since(r: Any, before: dict[str, int]) -> dict[str, int]:
    """The commands Redis has run since ``before`` (:func:`command_calls`), by name."""
    return {k: v - before.get(k, 0) for k, v in (await command_calls(r)).items()}


async def one_move_heard(running: Running) -> tuple[Peer, str, dict[str, Any]]:
    """Ann at a Sympathy table of deal 2 (it lasts 88 first legal moves), holding every
    seat, one move made and its doorbell heard: her peer, the room and its state."""
    ann = await Peer.connect(running.url, "Ann")
    joined = await ann.call("create", game="sympathy", seats="all", deal=2)
    state = await play_first(ann, joined["room"], await ann.state(0), 1)
    await asyncio.sleep(0.5)  # the doorbell of the first move has been heard
    return ann, joined["room"], state


async def test_a_move_is_one_round_trip_for_the_process_that_takes_it(
        redis_private: RedisServer) -> None:
    r = await raw(redis_private)
    async with redis_app(redis_private) as (running, store):
        ann, room, state = await one_move_heard(running)
        before, trips = await command_calls(r), store.round_trips
        await play_first(ann, room, state, 20)
        await asyncio.sleep(1.0)  # time for any doorbell to be acted upon
        delta = await calls_since(r, before)
        # one pipeline per move: the compare-and-set script and the code's expiry; the
        # process's own doorbell costs nothing (no stream or record read)
        assert delta.get("evalsha") == 20, delta
        assert delta.get("pexpire", 0) >= 20
        assert delta.get("xrange", 0) == 0 and delta.get("hmget", 0) == 0, delta
        assert store.round_trips - trips == 20
    await r.aclose()


async def test_a_doorbell_heard_many_commits_late_is_known_as_the_process_own(
        redis_private: RedisServer) -> None:
    """A busy loop reads doorbells late: one rung 60 commits ago is still this process's
    own commit, performed already (no stream or record read for it). Deal 2 lasts 88
    first legal moves."""
    r = await raw(redis_private)
    async with redis_app(redis_private) as (running, store):
        ann, room, state = await one_move_heard(running)
        assert store.listener is not None
        before = await command_calls(r)
        async with store.listener.lock:  # the listener busy: the doorbells wait
            state = await play_first(ann, room, state, 60)
        await asyncio.sleep(1.0)  # time for the doorbells to be acted upon
        delta = await calls_since(r, before)
        assert delta.get("evalsha") == 60, delta
        # (a catch-up reads the room's stream: its newest entries, or all and the record)
        assert delta.get("xrange", 0) == 0 and delta.get("xrevrange", 0) == 0, delta
        assert state["version"] == 61
    await r.aclose()


async def test_a_revision_check_crossing_the_process_own_commits_reads_nothing_more(
        redis_private: RedisServer) -> None:
    """The periodic check reads each room's revision while this process commits: a read
    sent before a commit and answered after it is that commit's table or the one before,
    never a sign that Redis went back in time (no stream or record read). Deal 2 lasts
    88 first legal moves; the check runs back to back with 60 of them."""
    r = await raw(redis_private)
    async with redis_app(redis_private) as (running, store):
        ann, room, state = await one_move_heard(running)
        listener = store.listener
        assert listener is not None
        before = await command_calls(r)
        async with listener.lock:  # the checks alone: doorbells wait
            moves = asyncio.create_task(play_first(ann, room, state, 60))
            checks = 0
            while not moves.done():
                await listener._check_revisions()
                checks += 1
            state = await moves
        await asyncio.sleep(1.0)  # time for the doorbells to be acted upon
        delta = await calls_since(r, before)
        assert checks >= 30 and delta.get("evalsha") == 60, (checks, delta)
        # (a catch-up reads the room's stream whole, then its record)
        assert delta.get("xrange", 0) == 0 and delta.get("xrevrange", 0) == 0, delta
        assert state["version"] == 61
    await r.aclose()


async def test_the_last_member_here_leaving_or_going_is_written_without_reading_the_room(
        redis_private: RedisServer) -> None:
    """The last member on a process leaves (or their connection goes): the change is
    made on the process's copy, one commit, not on the record read again (which replays
    the deal). Deal 2 lasts 88 first legal moves."""
    r = await raw(redis_private)
    async with redis_app(redis_private) as (running, store):
        for how in ("leave", "close"):
            ann = await Peer.connect(running.url, "Ann")
            joined = await ann.call("create", game="sympathy", seats="all", deal=2)
            room = joined["room"]
            await play_first(ann, room, await ann.state(0), 30)
            await asyncio.sleep(0.5)  # the doorbells have been heard
            before, trips = await command_calls(r), store.round_trips
            if how == "leave":
                assert (await ann.call("leave", room=room))["type"] == "ok"
            else:
                await ann.close()

            member = joined["member"]
            await wait_for(lambda room=room, member=member: _gone(r, store, room, member), 10)
            delta = await calls_since(r, before)
            # one commit, and no read of the room (its stream or record)
            assert delta.get("evalsha") == 1 and store.round_trips - trips == 1, (how, delta)
            if how == "leave":
                await ann.close()
    await r.aclose()


# -- (1) rooms leave the cache; the cap counts rooms held; closed rooms unsubscribe ------

async def test_a_process_forgets_rooms_nobody_there_is_in_and_create_keeps_working(
        redis_private: RedisServer) -> None:
    r = await raw(redis_private)
    async with redis_app(redis_private, Limits(rate=10_000, burst=10_000, max_rooms=2)
                         ) as (running, store):
        for i in range(5):  # more rooms over time than the cap allows at once
            p = await Peer.connect(running.url, f"P{i}")
            joined = await p.call("create", game="sympathy")
            assert joined["type"] == "joined", joined
            await p.close()
            await wait_for(lambda: store.count() == 0, 30)
        await wait_for(lambda: not store.cache.evict(idle=0) and len(store.cache) == 0, 30)
        assert "sympathy_rooms 0" in running.app.metrics.render(store.count)
        # a closed room: nobody hears its doorbell any more
        host = await Peer.connect(running.url, "Host")
        joined = await host.call("create", game="sympathy")
        bell = redis_keys.bell(joined["room"])
        await wait_for(lambda: _subscribers(r, bell), 30)
        await host.call("close", room=joined["room"])
        await wait_for(lambda: _no_subscriber(r, bell), 30)
        assert store.count() == 0
    await r.aclose()


async def _gone(r: Any, store: RedisStore, room: str, member: str) -> bool:
    """The room is no longer watched here and its record has the member away."""
    there = msgpack.unpackb(await r.hget(redis_keys.room_key(room), f"m:{member}"))
    return room not in store.cache.watched and not there["connected"]


async def _subscribers(r: Any, channel: str) -> bool:
    return bool((await r.pubsub_shardnumsub(channel))[0][1])


async def _no_subscriber(r: Any, channel: str) -> bool:
    return not await _subscribers(r, channel)


# -- (2) a listener never sends an older table after a newer one -------------------------

async def test_catching_up_never_performs_an_older_room_than_one_committed_here(
        redis_private: RedisServer) -> None:
    """Forced interleaving: while B's listener performs the first of two commits it
    caught up on, B commits a change of its own; the second caught-up commit must not
    be performed with the room as it was read before that."""
    limits = Limits()
    a, b = RedisStore(redis_private.url, limits), RedisStore(redis_private.url, limits)
    room = new_room("sympathy", {}, 5, Policy(), limits, 0.0)
    room, me, _ = seating.add_member(room, PLAYER, "Ann", all_seats=True)
    performed: list[int] = []
    first = asyncio.Event()
    go_on = asyncio.Event()

    async def listener(r: Any, fx: Any) -> None:
        performed.append(r.version)
        if len(performed) == 1:
            first.set()
            await go_on.wait()  # B commits meanwhile (below)

    def move(version: int) -> Any:
        return first_legal(me.id, version)

    try:
        await a.create(room)
        await b.load(room.id)
        await b.watch(room.id)
        await a.mutate(room.id, move(0))
        await a.mutate(room.id, move(1))
        async with asyncio.TaskGroup() as tg:
            task = tg.create_task(b.listen(listener))
            await asyncio.wait_for(first.wait(), 30)
            mine, _ = await b.mutate(room.id, move(2))  # committed here: version 3
            performed.append(mine.version)
            go_on.set()
            await wait_for(lambda: len(performed) >= 3, 30)
            task.cancel()
        assert performed == sorted(performed), performed
    finally:
        await a.close()
        await b.close()


# -- (4) Redis loses acknowledged writes ------------------------------------------------


async def test_redis_back_in_time_is_detected_clients_resync_no_version_is_reused(
        redis_private: RedisServer, tmp_path_factory: pytest.TempPathFactory) -> None:
    older = tmp_path_factory.mktemp("older")
    async with redis_app(redis_private) as (running, store):
        ann = await Peer.connect(running.url, "Ann")
        joined = await ann.call("create", game="sympathy", seats="all")
        room = joined["room"]
        wes = await Peer.connect(running.url, "Wes")
        await wes.call("join", code=joined["code"], role="watcher")
        acked: dict[int, str] = {}
        state = await play_first(ann, room, await ann.state(0), 5, acked)
        redis_private.kill()  # a copy of its files as they are now
        snapshot(redis_private, older)
        redis_private.start()
        state = await play_first(ann, room, state, 5, acked)  # acknowledged: 6-10 ...
        redis_private.kill()
        restore(redis_private, older)  # ... and lost: Redis is back at 5
        redis_private.start()
        # nobody moves: the process notices by itself and resyncs every client
        await wes.wait(lambda m: m["type"] == "state" and m["version"] > 10)
        fresh = await ann.wait(lambda m: m["type"] == "state" and m["version"] > 10)
        assert store.recoveries >= 1
        # play goes on from the table Redis kept; no version is acknowledged twice
        state = await play_first(ann, room, fresh, 3, acked)
        seen = await wes.state(state["version"])
        assert seen["view"] == state["view"]
        other = RedisStore(redis_private.url, Limits())
        try:
            kept = await other.load(room)
        finally:
            await other.close()
        assert kept.version == state["version"]
        assert [e["move"] for e in kept.log][:5] == [acked[v] for v in range(1, 6)]


async def test_a_move_made_on_a_copy_ahead_of_redis_recovers_instead_of_wedging(
        redis_private: RedisServer, tmp_path_factory: pytest.TempPathFactory) -> None:
    older = tmp_path_factory.mktemp("older")
    """A move sent at once: whichever notices first (its compare-and-set, or the
    listener reconnecting), the move is judged on the recovered table."""
    async with redis_app(redis_private) as (running, _store):
        ann = await Peer.connect(running.url, "Ann")
        joined = await ann.call("create", game="sympathy", seats="all")
        room = joined["room"]
        state = await play_first(ann, room, await ann.state(0), 2)
        redis_private.kill()
        snapshot(redis_private, older)
        redis_private.start()
        state = await play_first(ann, room, state, 2)
        redis_private.kill()
        restore(redis_private, older)
        redis_private.start()
        view = state["view"]
        move = view["moves"][str(view["to_move"][0])][0]["code"]
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:  # Redis may still be loading its files
            answer = await ann.call("move", room=room, version=state["version"], move=move)
            if answer.get("code") != "service/unavailable":
                break
            await asyncio.sleep(0.1)
        # refused as stale (the table moved on: it was resynced), never wedged
        assert answer.get("code") == "move/stale", answer
        fresh = await ann.wait(lambda m: m["type"] == "state" and m["version"] > 4)
        await play_first(ann, room, fresh, 2)


# -- (6) fan-out across processes after Redis comes back -------------------------------

async def test_fan_out_across_processes_is_current_soon_after_redis_returns(
        redis_private: RedisServer) -> None:
    """The listener pauses at most MAX_DELAY (1 s) between tries, so on an idle machine
    fan-out is current within about a second of Redis returning (the issue's target: 2
    s). The test's bound is wider: it tells a listener that gave up, or backs off ever
    longer, from a machine whose cores are busy; it prints what it measured."""
    async with redis_app(redis_private) as (a, _), redis_app(redis_private) as (b, _):
        ann = await Peer.connect(a.url, "Ann")
        joined = await ann.call("create", game="sympathy", seats="all")
        room = joined["room"]
        wes = await Peer.connect(b.url, "Wes")
        await wes.call("join", code=joined["code"], role="watcher")
        state = await play_first(ann, room, await ann.state(0), 1)
        await wes.state(state["version"])
        redis_private.kill()
        await asyncio.sleep(6)  # long enough for the listeners to back off
        redis_private.start()
        back = time.monotonic()
        view = state["view"]
        move = view["moves"][str(view["to_move"][0])][0]["code"]
        async with asyncio.timeout(60):  # a hang guard
            while True:
                ok = await ann.call("move", room=room, version=state["version"], move=move)
                if ok["type"] == "ok":
                    break
                assert ok["code"] == "service/unavailable", ok
                await asyncio.sleep(0.05)
        await wes.state(ok["version"])
        took = time.monotonic() - back
        assert MAX_DELAY <= 1.0
        assert took < 15.0, took
        print(f"fan-out current {took:.2f}s after Redis returned")


# -- (8) one bad room never stops the listener ------------------------------------------

async def test_a_room_record_that_cannot_be_read_does_not_stop_the_process(
        redis_private: RedisServer, caplog: pytest.LogCaptureFixture) -> None:
    r = await raw(redis_private)
    async with redis_app(redis_private) as (running, _):
        ann = await Peer.connect(running.url, "Ann")
        bad = await ann.call("create", game="sympathy")
        bea = await Peer.connect(running.url, "Bea")
        good = await bea.call("create", game="sympathy", seats="all")
        for joined in (bad, good):  # the listener hears both rooms' doorbells
            await wait_for(lambda j=joined: _subscribers(r, redis_keys.bell(j["room"])), 30)
        # another writer (a newer version, a bug) leaves a record this one cannot load
        key = redis_keys.room_key(bad["room"])
        await r.hset(key, mapping={"rev": 999, "c": msgpack.packb("not the counters")})
        await r.spublish(redis_keys.bell(bad["room"]), 999)
        await wait_for(lambda: any(f"cannot catch up room {bad['room']}" in x.getMessage()
                                   for x in caplog.records), 30)
        # another process moves in the good room: Bea still hears it through the listener
        other = RedisStore(redis_private.url, Limits())
        try:
            seat_moves = (await other.load(good["room"])).game

            def move(room: Any) -> Any:
                code = seat_moves.legal_moves(room.play.state, 1)[0].code
                return calls.move(room, good["member"], 0, code, 1.0)
            await other.mutate(good["room"], move)
        finally:
            await other.close()
        await bea.state(1)
        assert (await bea.call("ping"))["type"] == "pong"
    await r.aclose()


async def test_a_supervised_task_that_fails_unexpectedly_is_logged_and_restarted() -> None:
    runs: list[int] = []

    async def flaky() -> None:
        runs.append(1)
        if len(runs) < 3:
            raise RuntimeError("a bug met once")

    await asyncio.wait_for(supervise("flaky", flaky, pause=0.01), 30)
    assert len(runs) == 3


# -- (9) alive and ready ----------------------------------------------------------------

def http_get(port: int, path: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as resp:
            return resp.status, resp.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


async def test_healthz_is_alive_and_readyz_says_whether_redis_and_the_listener_serve(
        redis_private: RedisServer) -> None:
    async with redis_app(redis_private) as (running, _):
        async def status(path: str) -> int:
            return (await asyncio.to_thread(http_get, running.port, path))[0]

        await wait_for(lambda: _is(status("/readyz"), 200), 30)
        redis_private.kill()
        await wait_for(lambda: _is(status("/readyz"), 503), 30)
        assert await status("/healthz") == 200
        redis_private.start()
        await wait_for(lambda: _is(status("/readyz"), 200), 30)


async def _is(got: Any, expected: int) -> bool:
    return bool(await got == expected)


# -- (7) a process killed with kill -9 --------------------------------------------------

async def test_a_killed_process_members_are_marked_away_by_any_other_process(
        redis_private: RedisServer) -> None:
    """Nobody else serves the room: another process, not in it, still marks the dead
    process's members away, and the room then expires like any empty room."""
    r = await raw(redis_private)
    p1 = await ServeProcess.start(redis_private.url, "--room-ttl", "60")
    p2 = await ServeProcess.start(redis_private.url, "--room-ttl", "60")
    try:
        ann = await Peer.connect(p1.url, "Ann")
        joined = await ann.call("create", game="sympathy")
        room = joined["room"]
        assert await r.pttl(redis_keys.room_key(room)) > 3600_000  # live: a day
        p1.kill()
        await p1.proc.wait()

        async def away() -> bool:
            return not any(m["connected"] for m in await members(r, room))

        took = await wait_for(away, 60, step=0.2)
        assert 0 < await r.pttl(redis_keys.room_key(room)) <= 60_000
        assert 0 < await r.pttl(redis_keys.code_key(joined["code"])) <= 60_000
        print(f"members of the killed process marked away after {took:.1f}s")
    finally:
        p1.kill()
        await p2.stop()
        await r.aclose()


# -- (8) the clean-up of a closed connection is shielded --------------------------------

async def test_a_cancelled_connection_still_marks_its_member_away(
        redis_private: RedisServer) -> None:
    """The connection's handler is cancelled again and again (a shutdown, a timeout
    around it) while it cleans up: the member is still marked away in Redis."""
    r = await raw(redis_private)
    async with redis_app(redis_private) as (running, _):
        ann = await Peer.connect(running.url, "Ann")
        joined = await ann.call("create", game="sympathy")
        # websockets runs each connection's handler in a task of its own
        handlers = [t for t in asyncio.all_tasks()
                    if getattr(t.get_coro(), "__qualname__", "").endswith("protocol_handler")]
        assert len(handlers) == 1
        handler = handlers[0]
        while not handler.done():
            handler.cancel()
            await asyncio.sleep(0)

        async def away() -> bool:
            return not any(m["connected"] for m in await members(r, joined["room"]))

        await wait_for(away, 30)
        ann.ws.transport.abort()
    await r.aclose()


async def test_a_room_redis_lost_whole_is_restored_from_a_process_copy(
        redis_private: RedisServer, tmp_path_factory: pytest.TempPathFactory) -> None:
    older = tmp_path_factory.mktemp("older")
    redis_private.kill()  # files from before the room existed
    snapshot(redis_private, older)
    redis_private.start()
    async with redis_app(redis_private) as (running, store):
        ann = await Peer.connect(running.url, "Ann")
        joined = await ann.call("create", game="sympathy", seats="all")
        room = joined["room"]
        wes = await Peer.connect(running.url, "Wes")
        await wes.call("join", code=joined["code"], role="watcher")
        state = await play_first(ann, room, await ann.state(0), 3)
        redis_private.kill()
        restore(redis_private, older)
        redis_private.start()
        fresh = await wes.wait(lambda m: m["type"] == "state" and m["version"] > 3)
        assert fresh["view"] == state["view"]  # the same table, at a higher version
        assert store.recoveries >= 1
        late = await Peer.connect(running.url, "Late")  # its join code works again
        assert (await late.call("join", code=joined["code"], role="watcher"))["type"] == \
            "joined"
        await play_first(ann, room, await ann.state(fresh["version"]), 2)


async def test_a_closed_rooms_join_code_does_not_outlive_it(
        redis_private: RedisServer) -> None:
    """Forced: a process whose copy is behind (it has not heard the close) marks its
    member away; its refused compare-and-set must not leave the code a day to live."""
    limits = Limits(room_ttl=30)
    a, b = RedisStore(redis_private.url, limits), RedisStore(redis_private.url, limits)
    r = await raw(redis_private)
    room = new_room("sympathy", {}, 5, Policy(), limits, 0.0)
    room, ann, _ = seating.add_member(room, PLAYER, "Ann")
    room, bea, _ = seating.add_member(room, PLAYER, "Bea")
    try:
        await a.create(room)
        await b.load(room.id)  # b holds a copy; it will not hear what a does
        await a.mutate(room.id, lambda x: host.close(x, ann.id, 1.0))
        try:
            await b.mutate(room.id, lambda x: seating.disconnect(x, bea.id, 2.0))
        except ProtocolError as exc:
            assert exc.code == "room/closed"
        assert 0 < await r.pttl(redis_keys.code_key(room.code)) <= 30_000
        assert 0 < await r.pttl(redis_keys.room_key(room.id)) <= 30_000
    finally:
        await a.close()
        await b.close()
        await r.aclose()


# -- (10) a commit whose answer is lost -------------------------------------------------

class LosingProxy:
    """A TCP proxy to Redis that, once armed, passes the next command on and loses its
    answer: it closes the client's connection instead (a network cut at that moment)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.armed = False
        self.lost = 0
        self.server: asyncio.Server | None = None
        self.writers: set[asyncio.StreamWriter] = set()
        self.tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> str:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        return f"redis://127.0.0.1:{self.server.sockets[0].getsockname()[1]}/0"

    async def stop(self) -> None:
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()
        for w in self.writers:
            w.transport.abort()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        me = asyncio.current_task()
        assert me is not None
        self.tasks.add(me)
        up_r, up_w = await asyncio.open_connection("127.0.0.1", self.port)
        self.writers |= {writer, up_w}

        async def pump(src: asyncio.StreamReader, dst: asyncio.StreamWriter,
                       answers: bool) -> None:
            with contextlib.suppress(OSError, ConnectionError):
                while data := await src.read(65536):
                    if answers and self.armed:
                        self.armed = False
                        self.lost += 1
                        break  # the answer never reaches the client
                    dst.write(data)
                    await dst.drain()
            writer.transport.abort()
            up_w.transport.abort()

        await asyncio.gather(pump(reader, up_w, False), pump(up_r, writer, True))


async def test_a_commit_whose_answer_is_lost_stands_and_is_answered_as_made(
        redis_server: Any) -> None:
    """The move reaches Redis and is committed; its answer is lost with the connection.
    The store's retry must find its own commit (not judge the move again on the room it
    changed, which would refuse it as stale, or make it twice)."""
    proxy = LosingProxy(redis_server.port)
    url = await proxy.start()
    store = RedisStore(url, Limits())
    try:
        room = new_room("sympathy", {}, 5, Policy(), Limits(), 0.0)
        room, ann, _ = seating.add_member(room, PLAYER, "Ann", all_seats=True)
        await store.create(room)
        proxy.armed = True
        after, fx = await store.mutate(room.id,
                                       lambda r: calls.move(r, ann.id, 0, "open", 1.0))
        assert proxy.lost == 1
        assert after.version == 1 and fx.state
        kept = await store.load(room.id)
        assert [e["move"] for e in kept.log] == ["open"]
    finally:
        await store.close()
        await proxy.stop()


async def test_a_check_that_finds_its_own_commit_on_its_way_reads_nothing(
        redis_private: RedisServer) -> None:
    """The periodic check of revisions meets a busy room's own commit between Redis and
    its answer: like that commit's doorbell, it leaves it to the command that made it
    (issue 25: a full stream and record read each time was a sixth of a move's CPU)."""
    async with redis_app(redis_private) as (running, store):
        ann = await Peer.connect(running.url, "Ann")
        joined = await ann.call("create", game="sympathy", seats="all")
        await play_first(ann, joined["room"], await ann.state(0), 3)
        await asyncio.sleep(0.5)
        entry = store.cache.get(joined["room"])
        assert entry is not None and entry.delivered == entry.rev
        rev, token = entry.rev, entry.token
        entry.deliver(rev - 1, "an older commit's token")  # the answer not yet in
        trips = store.round_trips
        await RedisListener(store, store._perform or (lambda r, fx: asyncio.sleep(0))
                            )._check_revisions()
        assert (entry.delivered, entry.dtoken) == (rev, token)
        assert store.round_trips == trips  # no stream or record read
