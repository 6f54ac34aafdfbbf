"""deploy/local-cluster starts Redis (one, or a cluster of three masters), PostgreSQL and
two servers; a game spans both, a finished game's page opens on either; SIGTERM stops all.
The compose files run what the README promises."""

from __future__ import annotations

import asyncio
import re
import signal
import sys
from pathlib import Path

import pytest

from tests.kit.peer import Peer

SCRIPT = Path(__file__).resolve().parents[1] / "deploy" / "local-cluster"
FSYNC = '"--appendonly", "yes", "--appendfsync", "always"'


@pytest.mark.parametrize("masters", [0, 3], ids=["one-redis", "redis-cluster"])
async def test_local_cluster_serves_one_room_from_two_processes(tmp_path: Path,
                                                                masters: int) -> None:
    extra = ["--redis-cluster", str(masters)] if masters else []
    proc = await asyncio.create_subprocess_exec(
        sys.executable, str(SCRIPT), "--dir", str(tmp_path), *extra,
        stdout=asyncio.subprocess.PIPE)
    try:
        assert proc.stdout is not None
        line = (await asyncio.wait_for(proc.stdout.readline(), 60)).decode()
        assert line.startswith("cluster: "), line
        a_url, b_url, store, archive = line.split()[1:]
        assert store.startswith("redis-cluster://" if masters else "redis://")
        assert archive.startswith("postgresql://127.0.0.1:") or \
            archive.startswith("postgresql://postgres@127.0.0.1:")
        ann = await Peer.connect(a_url, "Ann")
        joined = await ann.call("create", game="sympathy", deal=1)
        bea = await Peer.connect(b_url, "Bea")
        await bea.call("join", code=joined["code"], role="player")
        ok = await bea.call("move", room=joined["room"], version=0, move="open")
        assert ok["type"] == "ok"
        seen = await ann.state(1)  # the move made on B reaches A
        assert seen["last"]["by"] == "Bea"
        # a game finished on A (given up at once) is kept in the shared PostgreSQL: its
        # page opens on B
        cy = await Peer.connect(a_url, "Cy")
        mine = await cy.call("create", game="klondike", deal=3)
        assert (await cy.call("move", room=mine["room"], version=0, move="end"))["type"] \
            == "ok"
        games = await cy.call("room_games", room=mine["room"])
        page = await bea.call("archived", game=games["games"][0]["id"])
        assert page["type"] == "archived" and page["game"]["game"] == "klondike"
        for p in (ann, bea, cy):
            await p.close()
        proc.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(proc.wait(), 30) == 0
        # Redis kept its append-only files (each master its own)
        dirs = [tmp_path / f"master-{i}" for i in range(masters)] or [tmp_path]
        assert all((d / "appendonlydir").exists() for d in dirs)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


def test_the_deploy_files_fsync_every_write() -> None:
    """The promise about acknowledged moves (README) is what the deploy files run."""
    compose = (SCRIPT.parent / "docker-compose.yml").read_text()
    assert FSYNC in compose
    assert FSYNC in SCRIPT.read_text()


def test_the_cluster_compose_file_runs_three_masters_that_fsync_and_servers_name_them(
        ) -> None:
    text = (SCRIPT.parent / "docker-compose.cluster.yml").read_text()
    masters = re.findall(r"^  (redis-\d+):$", text, re.M)
    assert masters == ["redis-1", "redis-2", "redis-3"]
    commands = re.findall(r'command: \["redis-server",[^]]*\]', text)
    assert len(commands) == 3
    assert all('"--cluster-enabled", "yes"' in c and FSYNC in " ".join(c.split())
               for c in commands)
    stores = re.findall(r'"--store", "([^"]+)"', text)
    assert len(stores) == 2  # server-a and server-b
    assert all(s == "redis-cluster://" + ",".join(f"{m}:6379" for m in masters)
               for s in stores)
    assert all(f"getent hosts {m} " in text for m in masters)  # cluster-init joins each


def test_the_compose_files_run_postgresql_and_every_server_keeps_games_there() -> None:
    for name in ("docker-compose.yml", "docker-compose.cluster.yml"):
        text = (SCRIPT.parent / name).read_text()
        assert re.search(r"^  postgres:\n(?:    .*\n)*    image: postgres:", text, re.M), name
        archives = re.findall(r'"--archive", "(postgresql://[^"]+@postgres:5432/[^"]+)"', text)
        assert len(archives) == 2 and len(set(archives)) == 1, name
        assert text.count("postgres: {condition: service_healthy}") == 2, name
