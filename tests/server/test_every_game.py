"""Every registered game plays to a win or a loss through the server, and its record
replays to the same end with a seed that matches the published commitment."""

from __future__ import annotations

import pytest

from rules import Record, all_games
from rules.prng import Rng
from server import fairness
from tests.kit.peer import Peer
from tests.kit.server import Running

# Round games (competitive, one private hand per seat) are played through the server
# by tests/server/test_rounds*.py: one person cannot hold all their seats.
GAMES = [g.id for g in all_games() if g.description.seats_range is None]


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.limits(rate=100_000, burst=100_000)
async def test_each_game_plays_to_its_end_through_the_server(server: Running,
                                                             game_id: str) -> None:
    player = await Peer.connect(server.url, "P")
    joined = await player.call("create", game=game_id, seats="all", deal=7)
    room = joined["room"]
    state = await player.state(0)
    rng = Rng.from_seed(11)
    for n in range(3_000):
        view = state["view"]
        if view["status"] != "playing":
            break
        seat = view["to_move"][0]
        codes = [m["code"] for m in view["moves"][str(seat)]]
        real = [c for c in codes if c not in ("auto", "end")]
        if "auto" in codes and n > 20:
            move = "auto"
        elif "end" in codes and (n > 400 or not real):
            move = "end"
        else:
            k, rng = rng.below(len(real or codes))
            move = (real or codes)[k]
        ok = await player.call("move", room=room, version=state["version"], move=move)
        assert ok["type"] == "ok", ok
        state = await player.state(ok["version"])
    assert state["view"]["status"] in ("won", "lost")
    fair = state["fair"]
    assert fair["seed"] == 7 and fairness.verify(game_id, fair["salt"], 7, fair["commitment"])
    rec = await player.call("record", room=room)
    replay = Record(rec["game"], tuple(sorted(rec["options"].items())), rec["seed"],
                    tuple((m["seat"], m["move"]) for m in rec["moves"])).replay()
    outcome = replay.game.outcome(replay.state)
    assert outcome is not None and outcome.won == (state["view"]["status"] == "won")
