"""Property: across random games of every registered game played through the server, no
frame sent to anyone carries a face-down card or the seed of a game in progress; every
move of a state frame has a shape, naming only cards that frame's view shows."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from protocol.limits import Limits
from rules import all_games
from rules.prng import Rng
from tests.kit.leaks import assert_hides, assert_shapes_shown, secret_cards
from tests.kit.peer import Msg, Peer
from tests.kit.server import start, stop_server
from tests.kit.tables import BIG

# Round games (competitive, one private hand per seat) are played through the server
# by tests/server/test_rounds*.py: one person cannot hold all their seats.
GAMES = [g.id for g in all_games() if g.description.seats_range is None]


async def play_random_game(game_id: str, deal: int, choice_seed: int, max_moves: int
                           ) -> None:
    running, stop, task = await start(Limits(rate=10_000, burst=10_000))
    try:
        player = await Peer.connect(running.url, "P")
        joined = await player.call("create", game=game_id, seats="all", deal=deal)
        room_id, code = joined["room"], joined["code"]
        advisor = await Peer.connect(running.url, "A")
        await advisor.call("join", code=code, role="advisor")
        watcher = await Peer.connect(running.url, "W")
        await watcher.call("join", code=code, role="watcher")
        room = running.app.store.cached(room_id)
        assert room is not None
        seed = room.seed
        rng = Rng.from_seed(choice_seed)
        state = await player.latest_state(0)
        for _ in range(max_moves):
            view = state["view"]
            if view["status"] != "playing":
                break
            seat = view["to_move"][0]
            moves = view["moves"][str(seat)]
            k, rng = rng.below(len(moves))
            version = state["version"]
            if k % 3 == 0:  # sometimes through advice, to exercise proposals
                await advisor.call("propose", room=room_id, version=version,
                                   move=moves[k]["code"])
                await player.call("take", room=room_id, version=version, move=moves[k]["code"])
            else:
                await player.call("move", room=room_id, version=version, move=moves[k]["code"])
            await advisor.call("chat", room=room_id, text="hmm")
            state = await player.state(version + 1)
        for peer in (watcher, advisor):  # every frame sent to them has arrived
            await peer.latest_state(state["version"])
            await peer.barrier()
        room = running.app.store.cached(room_id)  # the room as it now is (a new value)
        assert room is not None
        states = room.play.states
        over = room.over
        for peer, audience in ((player, 0), (advisor, None), (watcher, None)):
            # Each frame is judged against the table as it stood when the frame was sent:
            # a state frame at its own version, any other frame at the newest state this
            # peer had received before it (frames of one connection arrive in order).
            now = 0
            for msg in peer.seen:
                if msg.get("type") == "state" and isinstance(msg.get("version"), int):
                    now = msg["version"]
                check(msg, room.game, states[now], audience, None if over and
                      msg.get("type") in ("state", "record") else seed)
    finally:
        await stop_server(stop, task)


def check(msg: Msg, game: object, at: object, audience: int | None,
          seed: int | None) -> None:
    secret = secret_cards(game, at, audience)  # type: ignore[arg-type]
    if msg.get("type") == "record":
        secret = set()  # the record is the revealed game, sent only after it ends
    assert_hides(msg, secret, seed, f"{msg.get('type')} frame to {audience}")
    if msg.get("type") == "state":  # each move's shape names only cards the view shows
        assert_shapes_shown(msg["view"], f"state frame to {audience}")


@pytest.mark.parametrize("game_id", GAMES)
@given(deal=st.integers(BIG, 2**64 - 1), choice_seed=st.integers(0, 2**64 - 1))
@settings(max_examples=3)
def test_no_frame_leaks_a_hidden_card_or_the_seed(game_id: str, deal: int,
                                                  choice_seed: int) -> None:
    asyncio.run(play_random_game(game_id, deal, choice_seed, max_moves=60))
