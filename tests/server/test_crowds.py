"""A crowd joining one room over real sockets: presence costs each member O(1) frames per
presence period, not a frame per arrival, and everyone ends with the same people."""

from __future__ import annotations

import asyncio
import math

import pytest

from server.views import presence_message
from tests.kit.peer import Msg, Peer
from tests.kit.server import Running

CROWD = 300
#: The presence period of these tests (the default is 0.25 s): long enough that a storm
#: slowed down by a busy machine still spans few periods, so that a frame per period
#: stays far from a frame per arrival (~CROWD) however long the storm takes.
EVERY = 1.0


def presence_frames(peer: Peer) -> list[Msg]:
    return [m for m in peer.seen if m.get("type") in ("presence", "presence_changes")]


@pytest.mark.limits(rate=1000.0, burst=1000, presence_every=EVERY)
async def test_a_join_storm_costs_each_member_a_frame_per_period_not_per_arrival(
        server: Running) -> None:
    loop = asyncio.get_running_loop()
    ann = await Peer.connect(server.url, "Ann")
    joined = await ann.call("create", game="sympathy", seats="all")
    room, code = joined["room"], joined["code"]
    await ann.wait_presence(lambda p: p["counts"]["connected"] == 1)
    arrived: dict[Peer, float] = {ann: loop.time()}
    gate = asyncio.Semaphore(50)

    async def watcher(i: int) -> Peer:
        async with gate:
            p = await Peer.connect(server.url, f"w{i:03d}")
            reply = await p.call("join", code=code, role="watcher")
            assert reply["type"] == "joined", reply
            arrived[p] = loop.time()
            return p

    crowd = await asyncio.gather(*(watcher(i) for i in range(CROWD)))
    everyone = [ann, *crowd]
    want = {"player": 1, "advisor": 0, "watcher": CROWD, "connected": CROWD + 1}
    await asyncio.gather(*(p.wait_presence(lambda h: h["counts"] == want, timeout=30)
                           for p in everyone))
    end = loop.time()

    # everyone holds the same listed members as the room: Ann, then the first 99 watchers
    stored = server.app.store.cached(room)
    assert stored is not None
    listed = presence_message(stored)["members"]
    assert len(listed) == 100 and listed[0]["name"] == "Ann"
    for p in everyone:
        assert p.members() == listed, p.members()[:3]

    # each member got its snapshot and then at most one frame per period since it arrived
    # (a frame per arrival would be ~CROWD for Ann and the early watchers)
    for p in everyone:
        bound = math.ceil((end - arrived[p]) / EVERY) + 2
        got = presence_frames(p)
        assert got[0]["type"] == "presence"
        assert len(got) <= bound, (len(got), bound)
    assert len(presence_frames(ann)) < CROWD / 4

    # names past the listed hundred, on request
    page = await crowd[0].call("members", room=room, offset=100)
    assert page["total"] == CROWD + 1
    assert [m["name"] for m in page["members"]] == \
        [m.name for m in list(stored.members.values())[100:200]]

    # a third of the crowd leaves, the rest sees it
    for p in crowd[:CROWD // 3]:
        await p.send("leave", room=room)
    left = CROWD - CROWD // 3
    want = {"player": 1, "advisor": 0, "watcher": left, "connected": left + 1}
    await asyncio.gather(*(p.wait_presence(lambda h: h["counts"] == want, timeout=30)
                           for p in [ann, *crowd[CROWD // 3:]]))
    stored = server.app.store.cached(room)  # the room as it now is (a new value)
    assert stored is not None
    listed = presence_message(stored)["members"]
    gone = {f"w{i:03d}" for i in range(CROWD // 3)}
    assert len(listed) == 100 and not gone & {m["name"] for m in listed}
    for p in [ann, *crowd[CROWD // 3:]]:
        assert p.members() == listed
    await asyncio.gather(*(p.close() for p in everyone))
