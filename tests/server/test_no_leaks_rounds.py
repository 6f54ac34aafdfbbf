"""Property: in random matches of every round game played through the server, no frame
sent to any audience (each seat's player, an advisor behind a seat, a watcher, a player
resuming) shows a card hidden from it, a move's code of another seat, or the seed of a
match in progress; and a planted leak of one hand card is caught."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from protocol.limits import Limits
from rules.cards import code
from server.room import Room

from ..round_toy import ID as TOY
from ..round_toy import toy_registered
from ..support import start
from .peer import Peer
from .rounds import ROUND_GAMES, check_frames, lean_options, open_table, play, seat_counts, settle


@pytest.fixture(autouse=True)
def _toy() -> Iterator[None]:
    with toy_registered():
        yield


async def random_match(game_id: str, choice_seed: int, players: int, steps: int) -> int:
    """People in every seat, an advisor behind seat 1, a watcher; the advisor resumes on a
    new connection halfway. How many frames were judged."""
    running, stop, task = await start(Limits(rate=100_000, burst=100_000))
    try:
        t = await open_table(running.url, game_id, lean_options(game_id, players),
                             people=players, bots=False, behind=1)
        state = await play(t, choice_seed, max_steps=steps // 2)
        assert t.advisor is not None
        token = next(m["token"] for m in t.advisor.seen if m.get("type") == "joined")
        again = await Peer.connect(running.url, "A")
        resumed = await again.call("resume", room=t.room, token=token, since=0)
        assert resumed["type"] == "resumed" and resumed["events"] is not None
        t.audiences.append((again, 1))
        t.advisor = again
        await play(t, choice_seed + 1, max_steps=steps - steps // 2)
        await settle(t)
        room = running.app.store.cached(t.room)
        assert room is not None and state is not None
        return check_frames(t, room)
    finally:
        stop.set()
        await asyncio.wait_for(task, 10)


@pytest.mark.parametrize("game_id", ROUND_GAMES)
@given(choice_seed=st.integers(0, 2**63), pick=st.integers(0, 7))
@settings(max_examples=2, phases=(Phase.explicit, Phase.reuse, Phase.generate))  # no shrinking:
# a failing match is reported as found (shrinking a match through a server takes minutes)
def test_no_frame_shows_anyone_a_hand_that_is_not_theirs(game_id: str, choice_seed: int,
                                                         pick: int) -> None:
    sizes = seat_counts(game_id)
    players = sizes[pick % len(sizes)]
    assert asyncio.run(random_match(game_id, choice_seed, players, steps=60)) > 0


def _north_card(room: Room) -> str:
    hand = next(z for z in room.game.zones(room.play.state) if z.id == "hand0")
    return code(hand.cards[0]) if hand.cards else ""


def test_a_planted_leak_of_one_hand_card_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    real = Room.state_message

    def leaky(self: Room, audience: int | None) -> Any:
        msg = real(self, audience)
        msg["view"]["public"] = {**msg["view"]["public"], "peek": _north_card(self)}
        return msg

    monkeypatch.setattr(Room, "state_message", leaky)
    with pytest.raises(AssertionError, match="shows"):
        asyncio.run(random_match(TOY, 1, 2, steps=6))


def test_a_planted_leak_of_a_moves_code_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Room, "event_for", lambda self, event, audience: event)
    with pytest.raises(AssertionError, match="frame to"):
        asyncio.run(random_match(TOY, 1, 2, steps=6))
