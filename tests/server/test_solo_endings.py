"""Every one-seat game plays to a win and to a loss through the server, watched and
advised: a watcher and an advisor join the table, the advisor proposes the first move of
the line, the player takes the proposal and plays the rest, and the watcher sees the
game end as the rules say.

The deals and lines come from ``tests/rules/endings.json``, written by
``scripts/find-endings`` (run it again when a game is added; a game for which it found no
win is listed there with ``"win": null``). An ending found under another choice of an
option (a game that cannot be lost as dealt by default) names it in ``"options"``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules import all_games, make
from tests.kit.peer import Msg, Peer
from tests.kit.server import Running

ENDINGS: dict[str, dict[str, Any]] = json.loads(
    (Path(__file__).parent.parent / "rules" / "endings.json").read_text())
SOLO = sorted(c.description.id for c in all_games() if c.description.seats == 1)
CASES = [(g, end) for g in SOLO for end in ("win", "loss")
         if (ENDINGS.get(g) or {}).get(end) is not None]


def test_every_solo_game_of_cheney_has_its_endings_searched() -> None:
    """Every one-seat game of Cheney's book has been searched by ``scripts/find-endings``
    (the games for which it found no win, or no loss, are in the data with ``null``);
    the other books' games are played here once the script has been run for them."""
    cheney = [c.description.id for c in all_games()
              if c.description.seats == 1 and c.description.book.key == "cheney"]
    assert set(cheney) <= set(ENDINGS), "run scripts/find-endings for the new games"
    assert all(set(ENDINGS[g]) == {"win", "loss"} for g in ENDINGS)


async def table(server: Running, game_id: str, seed: int, options: dict[str, Any]
                ) -> tuple[Peer, Peer, Peer, str]:
    ann = await Peer.connect(server.url, "Ann")
    joined = await ann.call("create", game=game_id, seats="all", deal=seed, options=options)
    assert joined["type"] == "joined", joined
    xan = await Peer.connect(server.url, "Xan")
    wes = await Peer.connect(server.url, "Wes")
    for p, role in ((xan, "advisor"), (wes, "watcher")):
        assert (await p.call("join", code=joined["code"], role=role))["role"] == role
    return ann, xan, wes, joined["room"]


@pytest.mark.parametrize(("game_id", "end"), CASES, ids=[f"{g}-{e}" for g, e in CASES])
@pytest.mark.limits(rate=100_000, burst=100_000)
async def test_a_solo_game_ends_as_found_watched_and_advised(server: Running, game_id: str,
                                                             end: str) -> None:
    found = ENDINGS[game_id][end]
    seed, line, options = found["seed"], found["line"], found.get("options", {})
    ann, xan, wes, room = await table(server, game_id, seed, options)
    await ann.state(0)
    # the advisor proposes the line's first move; the player takes it
    first = line[0]
    assert (await xan.call("propose", room=room, version=0, move=first))["type"] == "ok"
    await ann.wait(lambda m: m["type"] == "proposals" and m["items"]
                   and m["items"][0]["move"] == first)
    took = await ann.call("take", room=room, version=0, move=first)
    assert took["type"] == "ok", took
    version = took["version"]
    seen = await wes.state(version)
    assert seen["last"]["advised_by"] == ["Xan"] and seen["last"]["by"] == "Ann"
    for code in line[1:]:
        ok = await ann.call("move", room=room, version=version, move=code)
        assert ok["type"] == "ok", (code, ok)
        version = ok["version"]
    # a one-move line ended with the advised move itself
    watched: Msg = await wes.state(version) if line[1:] else seen
    view = watched["view"]
    assert view["status"] == ("won" if end == "win" else "lost"), view["result"]
    assert not view["to_move"] and not view["moves"]
    # the server's end is the rules' end: the record replays to the same outcome
    game = make(game_id, options)
    state = game.deal(seed)
    for code in line:
        state = game.apply(state, code, 0)
    outcome = game.outcome(state)
    assert outcome is not None and outcome.won == (end == "win")
    assert view["result"] == outcome.summary
    for p in (ann, xan, wes):
        await p.ws.close()
