"""Section 7, Redis writes: what one move costs Redis, measured on the store itself.

A room on the bench's Redis (and on its cluster) with one player holding every seat and
W watchers (10, then 1,000); the player makes first legal moves through
:meth:`server.stores.redis_store.RedisStore.mutate`, as the server does for a ``move``. Figures:
bytes sent to Redis per move (``total_net_input_bytes`` of ``INFO stats`` before and
after, summed over the masters, less what the ``INFO`` calls themselves send), and the
Redis CPU per move (``used_cpu_sys`` + ``used_cpu_user``), and the CPU the store spends
in the server's process per move (copying the room, running the change, finding what
changed, the round trip: the room logic included). The baseline of the bytes is
the same figure with 10 watchers: a move must write the same whatever the crowd.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from protocol.limits import Limits

Row = dict[str, Any]


async def _stats(raw: Any) -> tuple[int, float]:
    """(bytes received, CPU seconds) of one Redis or, summed, of a cluster's masters."""
    from redis.asyncio.cluster import RedisCluster

    if isinstance(raw, RedisCluster):
        got = await raw.info("all", target_nodes=RedisCluster.PRIMARIES)
        infos = list(got.values())
    else:
        infos = [await raw.info("all")]
    return (sum(int(i["total_net_input_bytes"]) for i in infos),
            sum(float(i["used_cpu_sys"]) + float(i["used_cpu_user"]) for i in infos))


#: The commands a follower reads a commit with (a stream's entries, or the record).
READS = ("xrevrange", "xrange", "hgetall", "hget")


async def _reads_us(raw: Any) -> int:
    """Microseconds Redis (every master) has spent in the read commands so far."""
    from redis.asyncio.cluster import RedisCluster

    if isinstance(raw, RedisCluster):
        got = await raw.info("commandstats", target_nodes=RedisCluster.PRIMARIES)
        infos = list(got.values())
    else:
        infos = [await raw.info("commandstats")]
    return sum(int(i.get(f"cmdstat_{c}", {}).get("usec", 0)) for i in infos for c in READS)


async def bytes_per_move(url: str, watchers: int, moves: int = 24) -> dict[str, Any]:
    """Bytes sent to Redis and Redis CPU per move, in a room with ``watchers``."""
    from server import calls, seating
    from server.play import new_room
    from server.room import PLAYER, WATCHER, Effects, Policy, Room, Step
    from server.stores import redis_conn
    from server.stores.redis_keys import code_key, log_key, room_key
    from server.stores.redis_store import RedisStore

    limits = Limits(max_members=watchers + 10)
    store = RedisStore(url, limits)
    raw = redis_conn.connect(url)
    try:
        room = new_room("sympathy", {}, 2, Policy(), limits, time.time())
        room, player, _ = seating.add_member(room, PLAYER, "p", all_seats=True)
        room = await store.create(room)

        def crowd(r: Room) -> Step:
            for i in range(watchers):
                r, _, _ = seating.add_member(r, WATCHER, f"w{i}")
            return r, Effects(presence=True)

        await store.mutate(room.id, crowd)

        def move(r: Room) -> Step:
            seat = r.game.to_move(r.play.state)[0]
            code = r.game.legal_moves(r.play.state, seat)[0].code
            return calls.move(r, player.id, r.version, code, time.time())

        for _ in range(3):  # warm: the script loaded, the copy current
            await store.mutate(room.id, move)
        b0, _ = await _stats(raw)
        b1, c1 = await _stats(raw)
        info_bytes = b1 - b0
        done = 0
        t0 = time.process_time()
        for _ in range(moves):
            after, _ = await store.mutate(room.id, move)
            done += 1
            if after.over:
                break
        t1 = time.process_time()
        b2, c2 = await _stats(raw)
        memory = 0
        for key in (room_key(room.id), log_key(room.id), code_key(room.code)):
            memory += int(await raw.memory_usage(key) or 0)
        follow = await _follower(url, store, room.id, move, limits, 16)
        return {"watchers": watchers, "moves": done, "moves_in_room": len(after.log),
                "redis_bytes_per_room": memory, **follow,
                "bytes_per_move": (b2 - b1 - info_bytes) / done,
                "redis_cpu_us_per_move": 1e6 * (c2 - c1) / done,
                "store_cpu_us_per_move": 1e6 * (t1 - t0) / done}
    finally:
        await store.close()
        await raw.aclose()


async def _follower(url: str, store: Any, room_id: str, move: Any, limits: Limits,
                    moves: int) -> dict[str, Any]:
    """What another process with a watcher in the room pays per move: its listener
    brings its copy up to date from the stream (as a doorbell makes it) and renders and
    encodes the watchers' view once. Its CPU per move, and Redis's time for the reads
    it sends (``INFO commandstats``: the microseconds Redis spent in each command; a
    difference of two whole-Redis CPU readings went below zero on a busy machine)."""
    import msgpack

    from server.room import Effects, Room
    from server.stores import redis_conn
    from server.stores.redis_listener import RedisListener
    from server.stores.redis_store import RedisStore
    from server.views import state_message

    other = RedisStore(url, limits)
    raw = redis_conn.connect(url)

    async def perform(r: Room, fx: Effects) -> None:
        msgpack.packb(state_message(r, None))

    follower = RedisListener(other, perform)
    try:
        await other.watch(room_id)
        spent = 0.0
        redis_us = 0
        both = 0
        for _ in range(moves):
            after, _ = await store.mutate(room_id, move)
            t0 = time.process_time()
            u0 = await _reads_us(raw)
            await follower.catch_up(room_id, missing=1)
            redis_us += await _reads_us(raw) - u0
            spent += time.process_time() - t0
            both += 1
            if after.over:
                break
        return {"follower_cpu_us_per_move": 1e6 * spent / both,
                "follower_redis_cpu_us_per_move": redis_us / both}
    finally:
        await other.close()
        await raw.aclose()


def writes(redis_url: str, cluster_url: str | None, crowds: tuple[int, int] = (10, 1000)
           ) -> tuple[list[Row], dict[str, Any]]:
    from .sections import row

    rows: list[Row] = []
    raw: dict[str, Any] = {}
    for name, url in (("Redis", redis_url), ("Redis Cluster", cluster_url)):
        if not url:
            continue
        small, big = (asyncio.run(bytes_per_move(url, n)) for n in crowds)
        raw[name] = {"small": small, "big": big}
        r = big["bytes_per_move"] / small["bytes_per_move"]
        rows += [
            row("7. Redis writes", f"{name}: bytes sent per move, {crowds[1]:,} watchers "
                f"(baseline: {crowds[0]} watchers)", big["bytes_per_move"],
                small["bytes_per_move"], "B", "<= 1.1x", r <= 1.1),
            row("7. Redis writes", f"{name}: Redis CPU per move, {crowds[1]:,} watchers "
                f"(baseline: {crowds[0]} watchers)", big["redis_cpu_us_per_move"],
                small["redis_cpu_us_per_move"], "µs"),
            row("7. Redis writes", f"{name}: Redis memory per room (record, stream, code) "
                f"after {big['moves_in_room']} moves, {crowds[1]:,} watchers (baseline: "
                f"{crowds[0]} watchers)", big["redis_bytes_per_room"] / 1024,
                small["redis_bytes_per_room"] / 1024, "KB"),
            row("7. Redis writes", f"{name}: another process with a watcher: its CPU per "
                f"move (stream read, copy updated, one view rendered), {crowds[1]:,} "
                f"watchers (baseline: {crowds[0]})", big.get("follower_cpu_us_per_move", 0),
                small.get("follower_cpu_us_per_move", 0), "µs"),
            row("7. Redis writes", f"{name}: another process with a watcher: Redis CPU "
                f"per move for its read, {crowds[1]:,} watchers (baseline: {crowds[0]})",
                big.get("follower_redis_cpu_us_per_move", 0),
                small.get("follower_redis_cpu_us_per_move", 0), "µs"),
            row("7. Redis writes", f"{name}: the store's CPU per move in the server, "
                f"{crowds[1]:,} watchers (baseline: {crowds[0]} watchers)",
                big["store_cpu_us_per_move"], small["store_cpu_us_per_move"], "µs"),
        ]
    return rows, raw
