"""The pool of worker processes (server/pool.py) with real workers and the tests' own jobs
(``tests/kit/workers.py``: a nap holds a worker without a search, a crash kills it, a hang
never ends). Each test says which request is refused, for whom, and which is answered."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import warnings
from collections.abc import AsyncIterator
from typing import Any

import pytest

from protocol.errors import ProtocolError
from server.pool import Pool
from tests.kit.server import until
from tests.kit.workers import Crash, Hang, Nap


@contextlib.asynccontextmanager
async def serving(pool: Pool) -> AsyncIterator[Pool]:
    task = asyncio.create_task(pool.serve())
    await until(lambda: pool.serving)
    try:
        yield pool
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


def running(pool: Pool, n: int = 1) -> bool:
    """``n`` jobs are running in workers."""
    return sum(w.entry is not None for w in pool.workers) == n


async def refused(pool: Pool, job: Any, room: str, owner: str) -> ProtocolError:
    with pytest.raises(ProtocolError) as err:
        await pool.run(job, room, owner)
    return err.value


async def test_one_request_per_connection_and_other_rooms_are_not_refused() -> None:
    async with serving(Pool(1, wait=60)) as pool:
        first = asyncio.create_task(pool.run(Nap(1, 0.5), "r1", "c1"))
        await until(lambda: running(pool))
        # the same connection again, while its first is worked out: busy, for it alone
        err = await refused(pool, Nap(2), "r1", "c1")
        assert err.code == "hint/busy" and "Your last request" in err.message
        # another connection in another room: queued and answered
        other = asyncio.create_task(pool.run(Nap(3), "r2", "c2"))
        assert (await first)["version"] == 1
        assert (await other)["version"] == 3
        # the first connection may ask again once answered
        assert (await pool.run(Nap(4), "r1", "c1"))["version"] == 4


async def test_a_room_holds_at_most_its_share() -> None:
    async with serving(Pool(1, wait=60, per_room=2)) as pool:
        held = [asyncio.create_task(pool.run(Nap(i, 0.3), "r1", f"c{i}")) for i in (1, 2)]
        await until(lambda: running(pool))
        err = await refused(pool, Nap(3), "r1", "c3")
        assert err.code == "hint/busy" and "This table's" in err.message
        assert (await pool.run(Nap(4), "r2", "c4"))["version"] == 4
        assert [(await t)["version"] for t in held] == [1, 2]


async def test_a_full_queue_answers_busy_and_says_how_long_to_wait() -> None:
    async with serving(Pool(1, queue=2, wait=60)) as pool:
        first = asyncio.create_task(pool.run(Nap(0, 1.0), "r0", "c0"))
        await until(lambda: running(pool))
        queued = [asyncio.create_task(pool.run(Nap(i), f"r{i}", f"c{i}")) for i in (1, 2)]
        await until(lambda: len(pool.waiting) == 2)
        err = await refused(pool, Nap(3), "r3", "c3")
        assert err.code == "service/busy"
        assert err.retry_after is not None and err.retry_after >= 1
        assert f"ask again in {int(err.retry_after)} second" in err.message
        assert [(await t)["version"] for t in (first, *queued)] == [0, 1, 2]


async def test_a_request_that_cannot_start_within_its_wait_is_told_to_come_back() -> None:
    async with serving(Pool(1, wait=0.2)) as pool:
        first = asyncio.create_task(pool.run(Nap(0, 2.0), "r0", "c0"))
        await until(lambda: running(pool))
        err = await refused(pool, Nap(1), "r1", "c1")
        assert err.code == "service/busy" and err.retry_after is not None
        assert not pool.waiting  # it left the queue: nothing runs it later
        assert (await first)["version"] == 0


async def test_the_room_that_asks_least_goes_first() -> None:
    """A room that has asked again and again (refused requests count too) waits behind
    a room asking once, whatever the order they came in."""
    async with serving(Pool(1, wait=60, per_room=2)) as pool:
        busy = asyncio.create_task(pool.run(Nap(0, 0.5), "flood", "f0"))
        await until(lambda: running(pool))
        again = asyncio.create_task(pool.run(Nap(1), "flood", "f1"))
        await until(lambda: len(pool.waiting) == 1)
        for i in range(2, 8):
            assert (await refused(pool, Nap(i), "flood", f"f{i}")).code == "hint/busy"
        quiet = asyncio.create_task(pool.run(Nap(9), "quiet", "q"))
        order: list[int] = []
        for t in asyncio.as_completed([again, quiet]):
            order.append((await t)["version"])
        assert order == [9, 1]
        await busy


async def test_long_jobs_leave_one_worker_to_the_short_ones() -> None:
    async with serving(Pool(2, wait=60)) as pool:
        longs = [asyncio.create_task(pool.run(Nap(i, 2.5), f"r{i}", f"c{i}")) for i in (1, 2)]
        await until(lambda: running(pool) and len(pool.waiting) == 1
                    and sum(not w.dead for w in pool.workers) == 2)
        # one long job runs, the other waits although a worker is free: a hint takes it
        assert (await pool.run(Nap(3), "r3", "c3"))["version"] == 3
        assert len(pool.waiting) == 1
        assert sorted([(await t)["version"] for t in longs]) == [1, 2]


async def test_a_worker_that_dies_is_replaced() -> None:
    async with serving(Pool(1, wait=60)) as pool:
        before = (await pool.run(Nap(0), "r0", "c0"))["pid"]
        err = await refused(pool, Crash(), "r1", "c1")
        assert err.code == "server/error"
        after = await pool.run(Nap(2), "r2", "c2")
        assert after["version"] == 2 and after["pid"] != before
        assert pool.replaced == 1
        with pytest.raises(ProcessLookupError):
            os.kill(before, 0)


async def test_a_worker_that_hangs_is_killed_at_its_deadline_and_replaced() -> None:
    async with serving(Pool(1, wait=60, grace=3.0)) as pool:
        before = (await pool.run(Nap(0), "r0", "c0"))["pid"]
        err = await refused(pool, Hang(seconds=0.1), "r1", "c1")
        assert err.code == "server/error"
        after = await pool.run(Nap(2), "r2", "c2")
        assert after["version"] == 2 and after["pid"] != before


async def test_closing_the_pool_ends_every_worker() -> None:
    pool = Pool(2, wait=60)
    async with serving(pool):
        await pool.run(Nap(0), "r0", "c0")
        await until(lambda: len(pool.pids()) == 2)
        pids = pool.pids()
        held = asyncio.create_task(pool.run(Nap(1, 30.0), "r1", "c1"))
        await until(lambda: running(pool))
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
    assert (await refused(pool, Nap(2), "r2", "c2")).code == "service/unavailable"
    with pytest.raises(ProtocolError):
        await held


async def test_a_place_reserved_and_given_back_frees_its_connection_and_room() -> None:
    """A request whose job is never made (refused by the room, or its connection gone
    before its task ran) gives its place back, once, however often it is released."""
    async with serving(Pool(1, wait=60, per_room=1)) as pool:
        ticket = pool.reserve("hint", "r1", "c1")
        assert (await refused(pool, Nap(1), "r1", "c2")).code == "hint/busy"
        pool.release(ticket)
        pool.release(ticket)
        assert (await pool.run(Nap(2), "r1", "c1"))["version"] == 2
        assert not pool.owners and not pool.rooms and pool.reserved == 0


async def test_a_greedy_room_leaves_one_worker_to_the_others() -> None:
    """A room that asks again and again (more than GREEDY lately) may hold every worker
    but one: a quiet room's request finds that one free at once."""
    async with serving(Pool(2, wait=60, per_room=1)) as pool:
        for i in range(8):  # asked eight times (refused or not): greedy
            with contextlib.suppress(ProtocolError):
                pool.release(pool.reserve("hint", "flood", f"f{i}"))
        first = asyncio.create_task(pool.run(Nap(1, 2.0), "flood", "f1"))
        await until(lambda: running(pool) and sum(not w.dead for w in pool.workers) == 2)
        again = asyncio.create_task(pool.run(Nap(2, 2.0), "flood2", "g"))
        for i in range(8):
            with contextlib.suppress(ProtocolError):
                pool.release(pool.reserve("hint", "flood2", f"g{i}"))
        assert (await pool.run(Nap(3), "quiet", "q"))["version"] == 3
        assert len(pool.waiting) == 1 and not again.done()  # the greedy one still waits
        assert [(await t)["version"] for t in (first, again)] == [1, 2]


async def test_workers_asked_for_as_the_pool_stops_are_not_started_or_left_behind() -> None:
    """The server stopping: the pool's task group is done and takes no more tasks. A
    request for workers then starts none, and leaves no coroutine unawaited (a warning
    that surfaced in a later test of the same process, at random)."""
    pool = Pool(2)
    async with asyncio.TaskGroup() as tg:
        pass
    pool._tg = tg
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pool._start_workers()
        gc.collect()
    assert pool._spawning == 0 and not pool.workers
    assert not [w for w in caught if "never awaited" in str(w.message)], caught
