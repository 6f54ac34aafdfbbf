"""deploy/local-cluster starts Redis and two servers; a game spans both; SIGTERM stops all."""

from __future__ import annotations

import asyncio
import signal
import sys
from pathlib import Path

from .server.peer import Peer

SCRIPT = Path(__file__).resolve().parents[1] / "deploy" / "local-cluster"


async def test_local_cluster_serves_one_room_from_two_processes(tmp_path: Path) -> None:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, str(SCRIPT), "--dir", str(tmp_path), stdout=asyncio.subprocess.PIPE)
    try:
        assert proc.stdout is not None
        line = (await asyncio.wait_for(proc.stdout.readline(), 60)).decode()
        assert line.startswith("cluster: "), line
        a_url, b_url, _ = line.split()[1:]
        ann = await Peer.connect(a_url, "Ann")
        joined = await ann.call("create", game="sympathy")
        bea = await Peer.connect(b_url, "Bea")
        await bea.call("join", code=joined["code"], role="player")
        ok = await bea.call("move", room=joined["room"], version=0, move="open")
        assert ok["type"] == "ok"
        seen = await ann.state(1)  # the move made on B reaches A
        assert seen["last"]["by"] == "Bea"
        await ann.close()
        await bea.close()
        proc.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(proc.wait(), 30) == 0
        assert (tmp_path / "appendonlydir").exists()  # Redis kept its append-only file
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


def test_the_deploy_files_fsync_every_write() -> None:
    """The promise about acknowledged moves (README) is what the deploy files run."""
    compose = (SCRIPT.parent / "docker-compose.yml").read_text()
    assert '"--appendonly", "yes", "--appendfsync", "always"' in compose
    cluster = SCRIPT.read_text()
    assert '"--appendonly", "yes", "--appendfsync", "always"' in cluster

