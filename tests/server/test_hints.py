"""``hint`` and the ``autodrop`` table option, through real sockets."""

from __future__ import annotations

import contextlib
import pickle
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from rules import Play, all_games, make, render
from rules.hint import hint
from rules.prng import Rng
from rules.solver import Budget, Knowledge
from server.heavy import HintJob
from tests.kit.peer import Peer
from tests.kit.server import Running, start, stop_server, until
from tests.kit.workers import held_pool, release

# Round games (competitive, one private hand per seat) are played through the server
# by tests/server/test_rounds*.py: one person cannot hold all their seats.
GAMES = [g.id for g in all_games() if g.description.seats_range is None]
ROUND_GAMES = [g.id for g in all_games() if g.description.seats_range is not None]


async def table(server: Running, game: str, deal: int = 7, **fields: Any
                ) -> tuple[Peer, str, dict[str, Any]]:
    player = await Peer.connect(server.url, "P")
    joined = await player.call("create", game=game, seats="all", deal=deal, **fields)
    assert joined["type"] == "joined", joined
    return player, joined["room"], await player.state(0)


#: The games whose hint is asked through a real server and its pool of worker processes
#: (starting the workers for each of the 102 games took most of the suite's time): a
#: column game with a stock, a re-deal game, an open tableau, a pairing game, a game of
#: packets, a clock and Sympathy's turns. Every game's hint job runs below, in this
#: process, as a worker runs it.
THROUGH_SERVER = ["klondike", "la_belle_lucie", "paternal", "idiots_delight",
                  "solitaire", "clock", "sympathy"]


def _two_moves_in(game_id: str) -> tuple[Any, Play[Any]]:
    """Deal 7 and two moves drawn by ``Rng.from_seed(3)`` (none that ends the game), a
    couple of moves in, where choices begin: as the table below plays them."""
    game = make(game_id)
    play: Play[Any] = Play.start(game, 7)
    rng = Rng.from_seed(3)
    for _ in range(2):
        if game.outcome(play.state) is not None:
            break
        seat = game.to_move(play.state)[0]
        codes = [m for m in game.legal_moves(play.state, seat) if m.code not in ("auto", "end")]
        if not codes:
            break
        k, rng = rng.below(len(codes))
        play = play.push(codes[k], seat)
    return game, play


@pytest.mark.parametrize("game_id", GAMES)
def test_every_games_hint_job_answers_with_a_legal_move(game_id: str) -> None:
    """What the pool runs for a hint, for every game: the job goes to a worker pickled,
    replays the table's record there and answers, within a hint's time, with one of the
    seat's legal moves in the view's own words, then why (with a smaller node budget
    than the table's: the rule of thumb answers where the search does not)."""
    game, play = _two_moves_in(game_id)
    if game.outcome(play.state) is not None:
        return
    seat = game.to_move(play.state)[0]
    job = HintJob("r", len(play.states) - 1, play.record, seat, nodes=4_000)
    job = pickle.loads(pickle.dumps(job))
    answer = job.answer(pickle.loads(pickle.dumps(job.run(time.monotonic))))
    view = render(game, play.state, seat)
    moves = {m["code"]: m["text"] for m in view["moves"][str(seat)]}
    assert answer["version"] == len(play.states) - 1 and answer["stale"] is False
    # a move whenever there is one: the evidence's, or a rule of thumb's (said as such)
    assert answer["verdict"] in ("hint", "rule"), answer
    assert answer["move"] in moves and answer["text"].startswith(moves[answer["move"]])


def test_a_hint_job_steers_clear_of_the_positions_the_table_passed() -> None:
    """The Egyptian (draw), deal 44, every card in sight: hints taken with no memory of
    the table come back at move 68 to the position after move 38. The job replays the
    room's record, so at move 67 its hint leads to no position the table has passed
    (``rules.hint.hint``'s ``been``). No clock: the node budget alone decides."""
    game = make("egyptian_draw")
    key = Knowledge.of(game).key
    play: Play[Any] = Play.start(game, 44)
    def hinted(play: Play[Any]) -> Any:  # the move a hint with no memory names
        move = hint(game, play.state, 0, Budget(40_000)).move
        assert move is not None
        return move

    for _ in range(67):
        play = play.push(hinted(play), 0)
    passed = {key(s) for s in play.states}
    assert key(game.apply(play.state, hinted(play), 0)) in passed, \
        "without the record the hint goes back (the deal still shows the circle)"
    job = HintJob("r", len(play.states) - 1, play.record, 0)
    answer = job.run(lambda: 0.0)
    move = next(m for m in game.legal_moves(play.state, 0) if m.code == answer["move"])
    assert answer["verdict"] == "hint" and key(game.apply(play.state, move, 0)) not in passed


def test_the_server_sample_covers_each_hint_path() -> None:
    assert set(THROUGH_SERVER) <= set(GAMES)


@pytest.mark.parametrize("game_id", THROUGH_SERVER)
@pytest.mark.limits(rate=100_000, burst=100_000)
async def test_a_game_answers_a_hint_with_a_legal_move_through_the_server(
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
    assert answer["version"] == state["version"] and answer["stale"] is False
    moves = {m["code"]: m["text"] for m in view["moves"][str(view["to_move"][0])]}
    # a move whenever there is one: the evidence's, or a rule of thumb's (said as such)
    assert answer["verdict"] in ("hint", "rule"), answer
    # the hint's sentence is the view's own words for the move, then why
    assert answer["move"] in moves and answer["text"].startswith(moves[answer["move"]])


@pytest.mark.parametrize("game_id", ROUND_GAMES)
async def test_a_competitive_table_answers_that_it_gives_no_hints(server: Running,
                                                                 game_id: str) -> None:
    """The round games, with every registered game above: a hint is refused at a
    competitive table, as protocol/README.md says, and nothing is worked out."""
    player = await Peer.connect(server.url, "P")
    joined = await player.call("create", game=game_id, deal=7)
    assert joined["type"] == "joined", joined
    answer = await player.call("hint", room=joined["room"])
    assert (answer["type"], answer["code"]) == ("error", "hint/not_allowed")
    assert "competitive" in answer["message"]


def test_every_registered_game_is_asked_for_a_hint() -> None:
    assert sorted(GAMES + ROUND_GAMES) == sorted(g.id for g in all_games())


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
    player = await Peer.connect(server.url, "P")
    joined = await player.call("create", game="sympathy", seats="all", deal=7,
                               autodrop=autodrop)
    state = await player.latest_state(0)
    game: Any = make("sympathy")
    won = bool(game.closed_form(game.deal(7)))
    if not autodrop:
        assert state["version"] == 0 and state["view"]["status"] == "playing"
        ok = await player.call("move", room=joined["room"], version=0, move="open")
        after = await player.latest_state(1)
        assert ok["version"] == 1 and after["view"]["status"] == "playing"
        return
    # under the exact rule every move is safe: the table plays itself to the end as
    # soon as the deal is made
    assert state["view"]["status"] == ("won" if won else "lost")
    record = await player.call("record", room=joined["room"])
    assert {m["by"] for m in record["moves"]} == {"autodrop"}
    assert state["version"] == len(record["moves"])


@contextlib.asynccontextmanager
async def held_server(directory: Path, mode: str) -> AsyncIterator[Running]:
    """A server whose one worker process holds each hint as ``mode`` says
    (``tests/kit/workers.py``): the interleavings are forced, never timed."""
    running, stop, task = await start(pool=held_pool(directory, mode))
    try:
        yield running
    finally:
        await stop_server(stop, task)


async def test_two_hints_at_once_and_a_table_that_moves_during_a_hint(
        tmp_path: Path) -> None:
    """The first hint's work waits in its worker until the test lets it go (the real
    hint runs then). Meanwhile a second hint from the same connection is refused for
    that connection alone; another room's hint is queued, not refused; the table moves."""
    async with held_server(tmp_path, "hold") as server:
        player, room, state = await table(server, "little_lots", deal=3, hints="all")
        advisor = await Peer.connect(server.url, "Adv")
        joined = await advisor.call("join", code=await _code(player, room), role="advisor")
        assert joined["type"] == "joined"
        first = await advisor.send("hint", room=room)
        await until(lambda: (tmp_path / "started").exists())
        # the same connection asks again while its hint is worked out: busy, for it
        busy = await advisor.call("hint", room=room)
        assert (busy["type"], busy["code"]) == ("error", "hint/busy")
        assert "Your last request" in busy["message"]
        # another room asks meanwhile: queued behind the held one, never refused
        other, room2, _ = await table(server, "little_lots", deal=4)
        queued = await other.send("hint", room=room2)
        assert not [m for m in player.seen if m.get("type") == "state" and m["version"] > 0]
        # the advisor's connection still answers at once while its hint is held
        assert (await advisor.call("ping"))["type"] == "pong"
        # the table moves on while the first hint is still being worked out
        code = state["view"]["moves"]["0"][0]["code"]
        ok = await player.call("move", room=room, version=0, move=code)
        assert ok["version"] == 1
        release(tmp_path)
        old = await advisor.wait(lambda m: m.get("re") == first)
        assert old["type"] == "hint" and old["version"] == 0 and old["stale"] is True
        answered = await other.wait(lambda m: m.get("re") == queued)
        assert answered["type"] == "hint" and answered["stale"] is False, answered
        # once it is done, the next hint is for the table as it is, and current
        now = await player.call("hint", room=room)
        assert now["type"] == "hint" and now["version"] == 1 and now["stale"] is False


async def test_another_room_moves_while_a_real_hint_searches(tmp_path: Path) -> None:
    """A real hint on a heavy deal (Paternal, deal 7: several CPU-seconds of search
    before its node budget runs out, so the table's 0.8 s always runs out first) is
    searching in its worker while a move in a second room is answered and its state
    reaches that room's watcher. The hint's clock is held short of its deadline until
    the watcher has the frame (its search is real, only its deadline waits), so the
    order is forced and never leans on the machine's speed."""
    async with held_server(tmp_path, "clock") as server:
        mover, room2, state2 = await table(server, "little_lots", deal=4)
        watcher = await Peer.connect(server.url, "W")
        joined = await watcher.call("join", code=await _code(mover, room2), role="watcher")
        assert joined["type"] == "joined"
        asker, room1, _ = await table(server, "paternal", deal=7)
        asked = await asker.send("hint", room=room1)
        await until(lambda: (tmp_path / "started").exists())
        code = state2["view"]["moves"]["0"][0]["code"]
        ok = await mover.call("move", room=room2, version=0, move=code)
        assert (ok["type"], ok["version"]) == ("ok", 1)
        await watcher.wait(lambda m: m.get("type") == "state" and m["room"] == room2
                           and m["version"] == 1)
        assert not (tmp_path / "ended").exists()  # the hint is still searching
        release(tmp_path)
        answer = await asker.wait(lambda m: m.get("re") == asked, timeout=60)
        assert (answer["type"], answer["version"], answer["stale"]) == ("hint", 0, False)
        assert (tmp_path / "ended").read_text() == "1"


@pytest.mark.limits(rate=100_000, burst=100_000)
async def test_the_record_keeps_proposals_left_and_the_analysis_judges_them(
        server: Running) -> None:
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
    result = analyse_record(record, lambda: 0.0, 10.0)  # a clock that stands still
    assert result.lost_at == local.lost_at
    [judged] = result.proposals
    assert judged.verdict == "won" and "Xan's proposal" in judged.text
    assert "(left): kept the game winnable" in judged.text
