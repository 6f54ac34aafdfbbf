"""Finished games for the tests of the archive: a game played to its end over the
protocol by a player with a key, and ``sympathy replay`` run as a person runs it."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from protocol.limits import Limits
from server.stores.archive_file import FileArchive
from tests.kit.cli import ROOT
from tests.kit.peer import Peer
from tests.kit.server import Running, start, stop_server

KEY = "ann-player-key-0123456789abcdef"


@asynccontextmanager
async def kept_server(tmp: Path) -> AsyncIterator[Running]:
    """A server that keeps finished games in an SQLite file under ``tmp``. Games played
    over the protocol at once go past a person's message budget: this one allows them."""
    running, stop, task = await start(Limits(rate=1000, burst=1000),
                                      archive=FileArchive(tmp / "sympathy.db"))
    try:
        yield running
    finally:
        await stop_server(stop, task)


async def play_to_the_end(url: str, key: str | None = KEY, deal: int | None = 5,
                          game: str = "wandering_card", winnable: bool = False
                          ) -> tuple[Peer, str]:
    """Ann (with her player key) plays ``game``'s ``deal`` (The Wandering Card's deal 5
    is lost so, A Spell's deal 0 won) to its end, the first legal move each time but
    giving up or playing on by itself; returns her peer and the room. ``deal`` None:
    the game's deal of the day. ``winnable``: a table of winnable deals only (no deal
    named). ``key`` None: she sends no player key."""
    ann = await Peer.connect(url, hello=False)
    await ann.call("hello", version=1, name="Ann", **({} if key is None else {"player": key}))
    joined = await ann.call("create", game=game,
                            **({"winnable": True} if winnable else
                               {"daily": True} if deal is None else {"deal": deal}))
    assert joined["type"] == "joined", joined
    room = joined["room"]
    while True:
        state = await ann.latest_state(ann.versions.get(room, 0))
        view = state["view"]
        if view["result"] is not None:
            return ann, room
        offered = [m["code"] for m in view["moves"]["0"]]
        move = next((c for c in offered if c not in ("end", "auto")), offered[0])
        await ann.call("move", room=room, version=state["version"], move=move)


def without_words(moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A kept game's moves as the ``record`` has them: without the words (``text``) the
    archive keeps beside each move and each proposal not taken."""
    return [{**{k: v for k, v in m.items() if k != "text"},
             "left": [{k: v for k, v in p.items() if k != "text"} for p in m["left"]]}
            for m in moves]


async def sympathy(*args: str, state: Path | None = None) -> tuple[int, str]:
    """``sympathy ARGS`` as a person runs it (its saved keys under ``state`` when given):
    its exit code and what it printed."""
    env = {**os.environ, "SYMPATHY_STATE_DIR": str(state)} if state else None
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "cli.main", *args, cwd=ROOT, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    async with asyncio.timeout(60):
        out, _ = await proc.communicate()
    return proc.returncode or 0, out.decode()


async def replay(given: str, *extra: str) -> tuple[int, str]:
    """``sympathy replay --plain GIVEN``: its exit code and what it printed."""
    return await sympathy("replay", "--plain", given, *extra)
