"""``hint`` and the ``autodrop`` table option, through real sockets."""

from __future__ import annotations

from typing import Any

import pytest

from rules import all_games, make
from rules.prng import Rng

from ..support import Running
from .peer import Peer

# Round games (competitive, one private hand per seat) are played through the server
# by tests/server/test_rounds*.py: one person cannot hold all their seats.
GAMES = [g.id for g in all_games() if g.description.seats_range is None]


async def table(server: Running, game: str, deal: int = 7, **fields: Any
                ) -> tuple[Peer, str, dict[str, Any]]:
    player = await Peer.connect(server.url, "P")
    joined = await player.call("create", game=game, seats="all", deal=deal, **fields)
    assert joined["type"] == "joined", joined
    return player, joined["room"], await player.state(0)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.limits(rate=100_000, burst=100_000)
async def test_every_game_answers_a_hint_with_a_legal_move_or_unknown(
        server: Running, game_id: str) -> None:
    player, room, state = await table(server, game_id)
    rng = Rng.from_seed(3)
    for _ in range(2):  # a couple of moves in, where choices begin
        view = state["view"]
        if view["status"] != "playing":
            break
        codes = [m["code"] for m in view["moves"][str(view["to_move"][0])]
                 if m["code"] not in ("auto", "end")]
        if not codes:
            break
        k, rng = rng.below(len(codes))
        ok = await player.call("move", room=room, version=state["version"], move=codes[k])
        state = await player.state(ok["version"])
    view = state["view"]
    answer = await player.call("hint", room=room)
    if view["status"] != "playing":
        assert answer["code"] == "move/game_over"
        return
    assert answer["type"] == "hint", answer
    assert answer["version"] == state["version"]
    moves = {m["code"]: m["text"] for m in view["moves"][str(view["to_move"][0])]}
    assert answer["verdict"] in ("hint", "unknown")
    if answer["move"] is not None:
        # the hint's sentence is the view's own words for the move, plus counts
        assert answer["move"] in moves and answer["text"].startswith(
            moves[answer["move"]] if not answer["text"].startswith("the only move")
            else "the only move")
    else:
        assert answer["verdict"] == "unknown"


async def test_who_may_ask_follows_the_table(server: Running) -> None:
    player, room, _ = await table(server, "sympathy")
    joined = await player.call("record", room=room)
    assert joined["code"] == "record/not_available"
    watcher = await Peer.connect(server.url, "W")
    code = (await player.call("lobby"))  # noqa: F841 - keeps the connection busy
    info = await watcher.call("join", code=(await _code(player, room)), role="watcher")
    assert info["type"] == "joined"
    refused = await watcher.call("hint", room=info["room"])
    assert refused["type"] == "error" and refused["code"] == "hint/not_allowed"
    advisor = await Peer.connect(server.url, "Adv")
    info = await advisor.call("join", code=(await _code(player, room)), role="advisor")
    refused = await advisor.call("hint", room=info["room"])
    assert refused["code"] == "hint/not_allowed"
    # the player to move may: B opens Sympathy
    mine = await player.call("hint", room=room)
    assert (mine["type"], mine["move"]) == ("hint", "open")

    host, room2, _ = await table(server, "sympathy", hints="all")
    advisor2 = await Peer.connect(server.url, "Adv2")
    info = await advisor2.call("join", code=(await _code(host, room2)), role="advisor")
    allowed = await advisor2.call("hint", room=info["room"])
    assert (allowed["type"], allowed["move"]) == ("hint", "open")

    off, room3, _ = await table(server, "sympathy", hints="off")
    refused = await off.call("hint", room=room3)
    assert refused["code"] == "hint/not_allowed"
    assert "off" in refused["message"]


async def _code(host: Peer, room: str) -> str:
    seen = [m for m in host.seen if m.get("type") == "joined" and m["room"] == room]
    return str(seen[-1]["code"])


async def test_a_hint_for_someone_else_s_turn_is_refused(server: Running) -> None:
    player = await Peer.connect(server.url, "A")
    joined = await player.call("create", game="sympathy", deal=7)  # seat 0 only; B opens
    answer = await player.call("hint", room=joined["room"])
    assert answer["code"] == "move/not_your_turn"


@pytest.mark.parametrize("autodrop", [False, True])
async def test_autodrop_plays_the_moves_the_game_declares_safe(server: Running,
                                                              autodrop: bool) -> None:
    player, room, state = await table(server, "sympathy", autodrop=autodrop)
    ok = await player.call("move", room=room, version=state["version"], move="open")
    after = await player.latest_state()
    game: Any = make("sympathy")
    won = bool(game.closed_form(game.deal(7)))
    if not autodrop:
        assert ok["version"] == 1 and after["view"]["status"] == "playing"
        return
    # under the exact rule every move is safe: the table plays itself to the end
    assert after["view"]["status"] == ("won" if won else "lost")
    record = await player.call("record", room=room)
    assert record["moves"][0]["by"] == "P"
    assert {m["by"] for m in record["moves"][1:]} == {"autodrop"}
    assert ok["version"] == len(record["moves"])


@pytest.mark.limits(rate=100_000, burst=100_000)
async def test_the_record_keeps_proposals_left_and_the_analysis_judges_them(
        server: Running) -> None:
    import time

    from rules import Play
    from rules.analysis import analyse, analyse_record
    from rules.common import AUTO
    from rules.solver import Budget

    game = make("little_lots")
    play: Play[Any] = Play.start(game, 3)
    while game.outcome(play.state) is None:  # the last choice each time: lost
        seat, move = [(s, m) for s, m in game.all_legal(play.state) if m != AUTO][-1]
        play = play.push(move, seat)
    local = analyse(play.record, Budget(50_000))
    assert local.lost_at is not None
    k = local.lost_at - 1
    keeper = next(m.code for m in game.legal_moves(play.states[k], 0)
                  if game.describe(play.states[k], m) == local.keeper)

    player, room, state = await table(server, "little_lots", deal=3)
    advisor = await Peer.connect(server.url, "Xan")
    joined = await advisor.call("join", code=await _code(player, room), role="advisor")
    assert joined["type"] == "joined"
    for i, (_, code) in enumerate(play.record.moves):
        if i == k:
            ok = await advisor.call("propose", room=room, version=state["version"],
                                    move=keeper)
            assert ok["type"] == "ok", ok
        ok = await player.call("move", room=room, version=state["version"], move=code)
        assert ok["type"] == "ok", ok
        state = await player.state(ok["version"])
    record = await player.call("record", room=room)
    assert record["moves"][k]["left"] == [{"move": keeper, "by": ["Xan"]}]
    result = analyse_record(record, time.monotonic, 10.0)
    assert result.lost_at == local.lost_at
    [judged] = result.proposals
    assert judged.verdict == "won" and "Xan's proposal" in judged.text
    assert "(left): kept the game winnable" in judged.text
