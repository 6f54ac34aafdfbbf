"""The protocol document's "few lines of Python" really play Sympathy: two copies of it,
as two processes, play a whole game through a real server while the host watches."""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path

from tests.kit.peer import Peer
from tests.kit.server import Running

README = Path(__file__).resolve().parents[2] / "protocol" / "README.md"


def example() -> str:
    text = README.read_text(encoding="utf-8")
    blocks: list[str] = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert len(blocks) == 1
    return blocks[0]


async def test_two_copies_of_the_documented_client_play_a_game(server: Running) -> None:
    host = await Peer.connect(server.url, "Host")
    joined = await host.call("create", game="sympathy")
    room = joined["room"]
    # the host steps out of seat 0 to watch; the two scripts take both seats
    await host.call("set_role", room=room, member=joined["member"], role="watcher")
    code = example().replace("ws://127.0.0.1:8765", server.url).replace(
        'main("66XGQU")', f'main("{joined["code"]}")')
    procs = [await asyncio.create_subprocess_exec(
        sys.executable, "-c", code, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE) for _ in range(2)]
    try:
        final = await host.wait(lambda m: m.get("type") == "state"
                                and m["view"]["status"] != "playing", timeout=60)
        outs = [await asyncio.wait_for(p.communicate(), 30) for p in procs]
    finally:
        for p in procs:
            if p.returncode is None:
                p.kill()
                await p.wait()
    assert all(p.returncode == 0 for p in procs), outs
    assert [o.decode().strip() for o, _ in outs] == [final["view"]["result"]] * 2
    assert final["version"] > 10
