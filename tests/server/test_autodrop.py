"""The ``autodrop`` table option: the server plays the moves the game declares safe by
itself, names them in the record, takes them back with the move they followed, never
plays a move that could lose, and plays nothing when the option is off."""

from __future__ import annotations

from typing import Any

from protocol.limits import Limits
from rules import Play, Record, make
from rules.game import Move
from server.room import PLAYER, Policy, Room
from tests.kit.peer import Peer
from tests.kit.rooms import Live
from tests.kit.safe_moves import klondike_end
from tests.kit.server import Running

# Flower Garden deal 0, everything face up (so undo may go back anywhere): the deal
# begins with A♦ and 2♦ playable from the Bouquet (safe: nothing but an ace can lie on
# a two, and an ace goes home); the top of group 5 may go home too, but a card still
# off the families could be married onto it, so it is not safe; moving group 4's top
# onto group 6 frees cards that are.
GAME, DEAL, OPENING, TRIGGER, UNSAFE = "flower_garden", 0, ["bad>f", "b2d>f"], "g4>g6", "g5>f"


def safe_run(game: Any, state: Any) -> list[str]:
    """The safe moves the table plays from ``state``, one after another."""
    out = []
    while game.safe_moves(state):
        move = game.safe_moves(state)[0]
        out.append(move.code)
        state = game.apply(state, move, 0)
    return out


def codes(state: dict[str, Any]) -> list[str]:
    return [m["code"] for m in state["view"]["moves"]["0"]]


async def test_autodrop_plays_safe_moves_by_itself_and_undo_takes_them_back(
        server: Running) -> None:
    game: Any = make(GAME)
    assert safe_run(game, game.deal(DEAL)) == OPENING
    opened = game.deal(DEAL)
    for code in OPENING:
        opened = game.apply(opened, code, 0)
    after = safe_run(game, game.apply(opened, TRIGGER, 0))
    assert after  # the trigger frees cards that nothing can need

    player = await Peer.connect(server.url, "P")
    joined = await player.call("create", game=GAME, deal=DEAL, seats="all", autodrop=True)
    room = joined["room"]
    v = len(OPENING)
    first = await player.state(v)  # the deal's safe moves are played at once
    assert first["last"]["by"] == "autodrop" and first["last"]["move"] == OPENING[-1]
    assert UNSAFE in codes(first)  # a legal family move that could lose: left alone

    ok = await player.call("move", room=room, version=v, move=TRIGGER)
    assert ok["version"] == v + 1 + len(after)
    moved = await player.state(ok["version"])
    assert moved["last"]["by"] == "autodrop"

    # undo takes back the player's move and the safe moves the table played after it
    undone = await player.call("undo", room=room, version=ok["version"])
    back = await player.state(undone["version"])
    assert back["view"] == first["view"]
    assert back["last"]["kind"] == "undo" and back["last"]["move"] == TRIGGER
    assert f"and the {len(after)} safe move" in back["last"]["text"]
    # the deal's own safe moves are not the player's to take back: the table would
    # play them again
    refused = await player.call("undo", room=room, version=undone["version"])
    assert refused["code"] == "move/undo_refused"

    ended = await player.call("move", room=room, version=undone["version"], move="end")
    record = await player.call("record", room=room)
    assert [(m["move"], m["by"]) for m in record["moves"]] == [
        *((code, "autodrop") for code in OPENING), ("end", "P")]
    assert ended["version"] == undone["version"] + 1


async def test_every_move_the_table_plays_is_declared_safe_where_it_is_played(
        server: Running) -> None:
    player = await Peer.connect(server.url, "P")
    joined = await player.call("create", game=GAME, deal=DEAL, seats="all", autodrop=True)
    room, version = joined["room"], (await player.state(len(OPENING)))["version"]
    for code in (TRIGGER, "end"):
        version = (await player.call("move", room=room, version=version, move=code))["version"]
    record = await player.call("record", room=room)
    game: Any = make(GAME)
    state, played = game.deal(DEAL), 0
    for entry in record["moves"]:
        if entry["by"] == "autodrop":
            assert game.safe_moves(state)[:1] == (Move(entry["move"]),)
            played += 1
        else:  # the table had nothing left to play before a player's move
            assert game.safe_moves(state) == ()
        state = game.apply(state, entry["move"], entry["seat"])
    assert played > 1


async def test_without_autodrop_nothing_is_played_by_itself(server: Running) -> None:
    player = await Peer.connect(server.url, "P")
    joined = await player.call("create", game=GAME, deal=DEAL, seats="all")
    room = joined["room"]
    first = await player.state(0)
    assert OPENING[0] in codes(first)
    ok = await player.call("move", room=room, version=0, move=TRIGGER)
    assert ok["version"] == 1
    quiet = [m for m in await player.quiet(0.2) if m.get("type") == "state"]
    assert all(m["version"] <= 1 for m in quiet)
    ok = await player.call("move", room=room, version=1, move="end")
    record = await player.call("record", room=room)
    assert [m["by"] for m in record["moves"]] == ["P", "P"]


def test_a_table_never_plays_the_family_move_that_would_lose() -> None:
    """Room logic on a late Klondike position (tests/rules/test_safe_moves.py): 5♥ may
    go to its foundation, which loses; the table leaves it, and once the player has put
    4♠ on 5♥ every card goes home by itself, safely, to a win."""
    game, state = klondike_end()
    play: Play[Any] = Play(game, Record.new(game.id, game.options, 0), (state,))
    r = Live(Room.new(game, 0, Policy(autodrop=True), Limits(), 1000.0, play=play))
    r.start_deal(1000.0)
    assert r.version == 0 and r.log == []
    me, _ = r.add_member(PLAYER, "Ann")
    r.move(me.id, 0, "t1>t2", 1001.0)
    assert [e["by"] for e in r.log] == ["Ann"] + ["autodrop"] * (len(r.log) - 1)
    assert "t2>f" in [e["move"] for e in r.log[1:]]  # 5♥ went home once it was safe
    outcome = game.outcome(r.play.state)
    assert outcome is not None and outcome.won
