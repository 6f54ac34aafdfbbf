"""What each load generator process does. Every role is ``async def role(ctl, **kw)``.

Times are ``time.monotonic_ns()``: CLOCK_MONOTONIC, one clock for every process of the
machine, so a send in one process and a receipt in another can be subtracted.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Awaitable, Callable
from multiprocessing.connection import Connection
from typing import Any

from websockets.exceptions import WebSocketException

from . import flood
from .client import Client, Control, first_move

#: Connections a process opens at once.
CONCURRENCY = 100


async def _stopped(ctl: Control) -> None:
    while (await ctl.recv())[0] != "stop":
        pass


async def watchers(ctl: Control, url: str, count: int, mode: str, code: str = "",
                   per_room: int = 0) -> None:
    """``count`` connections that watch. ``mode`` "sympathy": hello and join room
    ``code`` as watchers, or, with ``per_room``, open a room for every ``per_room``
    connections (the first is its host, the others watch). "bare": connect only.

    Reports ``("ready", joined, monotonic_ns, failed)`` once every connection has joined
    or failed (``failed``: connections whose handshake, hello or join failed or timed out,
    e.g. a server that dropped the handshake), then ``("got", version, last_receipt_ns,
    frame_size)`` once every joined connection has received the state at ``version``.
    """
    got: dict[int, list[int]] = {}
    live = False  # the states seen while joining are not reported

    def on_state(version: int, now: int, size: int) -> None:
        if not live:
            return
        entry = got.setdefault(version, [0, 0, size])
        entry[0] += 1
        entry[1] = max(entry[1], now)
        if entry[0] == len(clients):
            ctl.send("got", version, entry[1], entry[2])
            del got[version]

    clients: list[Client] = []
    failed = 0
    sem = asyncio.Semaphore(CONCURRENCY)

    async def one(room_code: str) -> None:
        nonlocal failed
        async with sem:
            try:
                c = await Client.open(url, on_state, light=True)
                if mode == "sympathy":
                    await c.call("hello", version=1, name="w", timeout=120)
                    await c.call("join", code=room_code, role="watcher", timeout=120)
                    await c.wait_state(timeout=120)
            except (OSError, TimeoutError, RuntimeError, WebSocketException):
                failed += 1
                return
            clients.append(c)

    async def room(size: int) -> None:
        async with sem:
            host = await Client.open(url, on_state, light=True)
            await host.call("hello", version=1, name="h")
            code = (await host.call("create", game="sympathy"))["code"]
            clients.append(host)
        await asyncio.gather(*(one(code) for _ in range(size - 1)))

    await ctl.recv()  # go
    if per_room:
        sizes = [min(per_room, count - i) for i in range(0, count, per_room)]
        await asyncio.gather(*(room(s) for s in sizes))
    else:
        await asyncio.gather(*(one(code) for _ in range(count)))
    live = True
    ctl.send("ready", len(clients), time.monotonic_ns(), failed)
    await _stopped(ctl)


async def player(ctl: Control, url: str, mode: str, deal: int = 2) -> None:
    """One player holding every seat; moves when told: ``("sent", version, sent_ns)``."""
    c = await Client.open(url)
    room = ""
    if mode == "sympathy":
        await c.call("hello", version=1, name="p")
        joined = await c.call("create", game="sympathy", deal=deal, seats="all")
        room = joined["room"]
        await c.wait_state()
        ctl.send("room", joined["code"])
    else:
        ctl.send("room", "")
    while (await ctl.recv())[0] != "stop":
        if mode == "sympathy":
            st = await c.wait_state()
            if st["view"]["status"] != "playing":
                ctl.send("over")
                continue
            _, move = first_move(st)
            t0 = time.monotonic_ns()
            ok = await c.call("move", room=room, version=st["version"], move=move)
            await c.wait_state(ok["version"])
        else:
            t0 = time.monotonic_ns()
            ok = await c.call("move")
        ctl.send("sent", ok["version"], t0)


async def _game(a: Client, b: Client, deal: int) -> str:
    a.state = b.state = None
    joined = await a.call("create", game="sympathy", deal=deal)
    await b.call("join", code=joined["code"], role="player")
    await a.wait_state()
    await b.wait_state()
    room: str = joined["room"]
    return room


async def bots(ctl: Control, url: str, rooms: int, first_deal: int = 0) -> None:
    """``rooms`` tables, two bot players each, moving as fast as replies come back.

    Reports ``("done", moves, latencies_ns, errors)``: moves made in the window, the time
    from each move's send to its ``ok``, and the refused moves by error code (a busy
    machine can make Redis answer late: ``service/unavailable``; the table goes on).
    """
    pairs: list[tuple[Client, Client, str]] = []
    sem = asyncio.Semaphore(CONCURRENCY)

    async def setup(i: int) -> None:
        async with sem:
            a, b = await Client.open(url), await Client.open(url)
            await a.call("hello", version=1, name="A")
            await b.call("hello", version=1, name="B")
            pairs.append((a, b, await _game(a, b, first_deal + i)))

    await asyncio.gather(*(setup(i) for i in range(rooms)))
    ctl.send("ready")
    _, seconds = await ctl.recv()
    lats: list[int] = []
    errors: dict[str, int] = {}
    deadline = time.monotonic() + seconds

    async def table(a: Client, b: Client, room: str, deal: int) -> None:
        st = await a.wait_state()
        while time.monotonic() < deadline:
            if st["view"]["status"] != "playing":
                await a.call("leave", room=room)
                await b.call("leave", room=room)
                deal += 1000
                room = await _game(a, b, deal)
                st = await a.wait_state()
                continue
            seat, move = first_move(st)
            c = a if seat == 0 else b
            t0 = time.monotonic_ns()
            ok = await c.ask("move", room=room, version=st["version"], move=move)
            if ok["type"] == "error":  # counted, not fatal: the table goes on
                errors[ok["code"]] = errors.get(ok["code"], 0) + 1
                await asyncio.sleep(0.1)
                st = await a.wait_state()
                continue
            lats.append(time.monotonic_ns() - t0)
            st = await a.wait_state(ok["version"])
            nxt = first_move(st)[0] if st["view"]["status"] == "playing" else 0
            st = await (a if nxt == 0 else b).wait_state(ok["version"])

    await asyncio.gather(*(table(a, b, r, first_deal + i) for i, (a, b, r)
                           in enumerate(pairs)))
    ctl.send("done", len(lats), lats, errors)
    await _stopped(ctl)


async def redis_loop(ctl: Control, url: str, rooms: int, fields: list[tuple[str, int]],
                     fx_size: int) -> None:
    """The Redis baseline: per room, what one move costs in Redis, in a tight loop.

    One round trip per move, as the store makes it: the compare-and-set script (read the
    revision, write the fields a move writes, append the stream entry, ring the doorbell)
    with ``fields`` (name, bytes) of the size a move writes; on one Redis or a cluster
    (``redis-cluster://``), with the store's bound on calls in flight; a subscriber per
    master hears every doorbell (``SSUBSCRIBE``), as the server's listener does. Reports
    ``("done", moves, latencies_ns)``.
    """
    from server.stores import redis_conn, redis_record
    from server.stores.redis_keys import new_token
    from server.stores.redis_store import CAS, STREAM_KEEP, bell, log_key, room_key

    r = redis_conn.connect(url)
    slots = asyncio.Semaphore(redis_conn.POOL_SIZE)
    sha = await r.script_load(CAS)
    ops = redis_record.pack_ops([(name, b"v" * size) for name, size in fields], [])
    fx = b"f" * fx_size
    run = secrets.token_hex(4)  # fresh keys for every run on the same Redis
    ids = [f"bench-{run}-{i:05d}" for i in range(rooms)]
    by_shard: dict[str, list[str]] = {}
    for i in ids:
        by_shard.setdefault(redis_conn.shard_of(r, bell(i)), []).append(i)
    heard = 0
    subscribers = []
    for name, members in by_shard.items():
        client, owned = redis_conn.shard_client(r, name)
        pubsub = client.pubsub(ignore_subscribe_messages=True)
        for i in members:
            await pubsub.ssubscribe(bell(i))
        subscribers.append((client, owned, pubsub))

    async def hear(pubsub: Any) -> None:
        nonlocal heard
        while True:
            if await pubsub.get_message(timeout=0.5) is not None:
                heard += 1

    ctl.send("ready")
    _, seconds = await ctl.recv()
    deadline = time.monotonic() + seconds
    lats: list[int] = []

    async def loop(room_id: str) -> None:
        rev, token = -1, ""
        while time.monotonic() < deadline:
            t0 = time.monotonic_ns()
            async with slots:
                ok, rev, token = await r.execute_command(
                    "EVALSHA", sha, 2, room_key(room_id), log_key(room_id), rev,
                    86_400_000, "bench", STREAM_KEEP, fx, bell(room_id), f"bench.{rev}", ops,
                    token, new_token())
            assert ok
            lats.append(time.monotonic_ns() - t0)

    listeners = [asyncio.create_task(hear(p)) for _, _, p in subscribers]
    await asyncio.gather(*(loop(i) for i in ids))
    for t in listeners:
        t.cancel()
    ctl.send("done", len(lats), lats)
    for client, owned, pubsub in subscribers:
        await pubsub.aclose()
        if owned:
            await client.aclose()
    await r.aclose()
    await _stopped(ctl)


async def cross(ctl: Control, mover_url: str, watcher_url: str, moves: int) -> None:
    """A player on one server, a watcher on another (or the same): for each move, the
    time from its send to the watcher's receipt. Reports ``("done", latencies_ns)``."""
    arrived: dict[int, int] = {}
    p = await Client.open(mover_url)
    w = await Client.open(watcher_url, lambda v, now, _: arrived.__setitem__(v, now))
    await p.call("hello", version=1, name="p")
    await w.call("hello", version=1, name="w")

    async def new_room(deal: int) -> str:
        p.state = w.state = None
        arrived.clear()
        joined = await p.call("create", game="sympathy", deal=deal, seats="all")
        await w.call("join", code=joined["code"], role="watcher")
        await p.wait_state()
        await w.wait_state()
        room: str = joined["room"]
        return room

    deal = 2
    room = await new_room(deal)
    ctl.send("ready")
    await ctl.recv()
    lats: list[int] = []
    while len(lats) < moves:
        st = await p.wait_state()
        if st["view"]["status"] != "playing":
            await p.call("leave", room=room)
            await w.call("leave", room=room)
            deal += 1
            room = await new_room(deal)
            continue
        _, move = first_move(st)
        t0 = time.monotonic_ns()
        ok = await p.call("move", room=room, version=st["version"], move=move)
        await w.wait_state(ok["version"])
        lats.append(arrived[ok["version"]] - t0)
        await p.wait_state(ok["version"])
    ctl.send("done", lats)
    await _stopped(ctl)


async def run(role: str, pipe: Connection, kwargs: dict[str, Any]) -> None:
    """Run ``role`` with the orchestrator's pipe (in the child process)."""
    await ROLES[role](Control(pipe), **kwargs)


ROLES: dict[str, Callable[..., Awaitable[None]]] = {
    "watchers": watchers, "player": player, "bots": bots, "redis_loop": redis_loop,
    "cross": cross, "flooders": flood.flooders, "quiet": flood.quiet,
}

__all__ = ["ROLES", "Control", "run"]
