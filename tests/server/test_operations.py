"""Operations: caps, room lifetime, and a real `sympathy serve` process stopped by SIGTERM."""

from __future__ import annotations

import asyncio
import signal
import sys
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from tests.kit.peer import Peer
from tests.kit.server import Running, chance_seed, until


@pytest.mark.limits(max_rooms=2, max_members=3, max_name=5)
async def test_caps_on_rooms_members_and_names(server: Running) -> None:
    a = await Peer.connect(server.url)
    first = await a.call("create", game="sympathy", name="Annabel Lee")
    assert first["type"] == "joined"
    b = await Peer.connect(server.url)
    assert (await b.call("create", game="sympathie"))["type"] == "joined"
    c = await Peer.connect(server.url)
    assert (await c.call("create", game="sympathy"))["code"] == "room/limit"
    presence = await a.wait_presence(lambda p: True)
    assert presence["members"][0]["name"] == "Annab"
    for name in ("w1", "w2"):
        p = await Peer.connect(server.url)
        assert (await p.call("join", code=first["code"], role="watcher", name=name))["type"] \
            == "joined"
    assert (await c.call("join", code=first["code"], role="watcher"))["code"] == "room/full"


@pytest.mark.limits(room_ttl=2.0)
async def test_a_room_with_everyone_gone_lives_on_for_its_time_then_goes(
        server: Running) -> None:
    a = await Peer.connect(server.url)
    joined = await a.call("create", game="sympathy")
    back = await Peer.connect(server.url)  # connected before everyone has gone

    def everyone_gone() -> bool:
        room = server.app.store.cached(joined["room"])
        return room is not None and room.empty_since is not None

    await a.close()
    await until(everyone_gone)
    # within the time (one round trip of its two seconds): the seat resumes
    assert (await back.call("resume", room=joined["room"], token=joined["token"]))["type"] \
        == "resumed"
    await back.close()
    await until(lambda: not server.app.store.local_rooms())  # its time is up: it goes
    late = await Peer.connect(server.url)
    gone = await late.call("resume", room=joined["room"], token=joined["token"])
    assert gone["code"] == "room/not_found"


async def test_sigterm_closes_connections_and_exits_cleanly(tmp_path: Path) -> None:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "cli.main", "serve", "--port", "0", "--log-level", "WARNING",
        "--store", f"file:{tmp_path / 'rooms.db'}", "--chance-seed", chance_seed(),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    try:
        assert proc.stdout is not None
        line = (await asyncio.wait_for(proc.stdout.readline(), 60)).decode()
        url = line.split("serving on ")[1].split()[0]
        peer = await Peer.connect(url, "Ann")
        await peer.call("create", game="sympathy")
        proc.send_signal(signal.SIGTERM)
        with pytest.raises(ConnectionClosed) as closed:
            async with asyncio.timeout(30):
                while True:  # the frames still on their way (presence), then the close
                    await peer.ws.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1001
        assert await asyncio.wait_for(proc.wait(), 20) == 0
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
