"""Redis fault tests' shared moves: play the first legal moves, poll for a condition, and
take or put back a stopped Redis's append-only files (Redis sent back in time)."""

from __future__ import annotations

import asyncio
import shutil
import time
from pathlib import Path
from typing import Any

from server import calls
from server.room import Room, Step
from tests.kit.peer import Msg, Peer
from tests.kit.redis import RedisServer


def first_legal(member: str, version: int) -> Any:
    """A room change for a store's ``mutate``: ``member`` plays the first legal move of
    the seat to move, as seen at ``version``."""
    def change(r: Room) -> Step:
        seat = r.game.to_move(r.play.state)[0]
        code = r.game.legal_moves(r.play.state, seat)[0].code
        return calls.move(r, member, version, code, 1.0)
    return change


async def play_first(peer: Peer, room: str, state: Msg, moves: int,
                     acked: dict[int, str] | None = None) -> Msg:
    """``moves`` first legal moves by a peer holding every seat; each acknowledged
    version and its move go into ``acked``."""
    for _ in range(moves):
        view = state["view"]
        seat = view["to_move"][0]
        move = view["moves"][str(seat)][0]["code"]
        ok = await peer.call("move", room=room, version=state["version"], move=move)
        assert ok["type"] == "ok", ok
        if acked is not None:
            assert ok["version"] not in acked, "a version acknowledged twice"
            acked[ok["version"]] = move
        state = await peer.state(ok["version"])
    return state


async def wait_for(check: Any, timeout: float, step: float = 0.05) -> float:
    """Poll ``check()`` (sync or async) until true; the seconds it took."""
    start_at = time.monotonic()
    while True:
        got = check()
        if asyncio.iscoroutine(got):
            got = await got
        if got:
            return time.monotonic() - start_at
        assert time.monotonic() - start_at < timeout, f"not within {timeout}s"
        await asyncio.sleep(step)


AOF = "appendonlydir"


def snapshot(redis: RedisServer, to: Path) -> None:
    """A copy of the stopped Redis's append-only files."""
    shutil.copytree(redis.dir / AOF, to / AOF)


def restore(redis: RedisServer, frm: Path) -> None:
    """Put the older files back: started again, Redis has lost what came after."""
    shutil.rmtree(redis.dir / AOF)
    shutil.copytree(frm / AOF, redis.dir / AOF)
