"""One state message for every audience only where every audience would see the same.

The fan-out renders and encodes a room's state once for all its audiences when
:func:`server.views.same_for_all` says nothing at the table is private (issue 25: a view
rendered once per audience and version, and once only where the audiences see alike).
For every game, deal 0, the first moves: wherever it says so, the message for the
watchers, for each seat, is the same; where a seat has a private zone it does not say so.
"""

from __future__ import annotations

import msgpack
import pytest

from protocol.limits import Limits
from protocol.messages import encode
from rules import all_games, render
from server import views
from server.play import new_room
from server.room import Policy
from server.views import encode_state, same_for_all, state_message

STEPS = 12


@pytest.mark.parametrize("game_id", sorted(g.id for g in all_games()))
def test_one_state_for_all_only_where_all_see_the_same(game_id: str) -> None:
    room = new_room(game_id, {}, 0, Policy(), Limits(), 0.0)
    game = room.game
    for step in range(STEPS):
        state = room.play.state
        private = any(z.private for z in room.play.zones)
        if same_for_all(room):
            assert not private
            seen = [state_message(room, a) for a in (None, *range(game.seats))]
            assert all(s == seen[0] for s in seen), f"{game_id} at step {step}"
        else:
            assert private or not game.description.moves_public
        legal = game.all_legal(state)
        if game.outcome(state) is not None or not legal:
            break
        seat, move = legal[0]
        room = room.but(play=room.play.push(move, seat))


def test_sympathy_is_rendered_once_and_a_hand_game_per_seat() -> None:
    assert same_for_all(new_room("sympathy", {}, 0, Policy(), Limits(), 0.0))
    hands = [g.id for g in all_games()
             if any(z.private for z in new_room(g.id, {}, 0, Policy(), Limits(),
                                                 0.0).play.zones)]
    assert hands
    assert not same_for_all(new_room(hands[0], {}, 0, Policy(), Limits(), 0.0))


@pytest.mark.parametrize("game_id", sorted(g.id for g in all_games()))
def test_a_state_message_is_the_same_with_the_zones_views_kept(game_id: str) -> None:
    """The fan-out keeps zones' views from move to move (render's memo) and their bytes
    (encode_state): for every game, deal 0, the first moves, every audience, the message
    is the one rendered afresh, and its bytes are encode's of the whole message."""
    room = new_room(game_id, {}, 0, Policy(), Limits(), 0.0)
    game = room.game
    for _ in range(STEPS):
        state = room.play.state
        for audience in (None, *range(game.seats)):
            message = state_message(room, audience)
            fresh = render(game, state, audience, shapes=True)
            assert message["view"]["zones"] == fresh["zones"]
            assert encode_state(message) == encode(message)
            assert msgpack.unpackb(encode_state(message)) == message
        legal = game.all_legal(state)
        if game.outcome(state) is not None or not legal:
            break
        seat, move = legal[0]
        room = room.but(play=room.play.push(move, seat))


def test_a_move_renders_and_encodes_again_only_the_zones_it_changed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Sympathy, deal 0, moves 2 to 20: after each move all but a few zones' views are
    the very dicts of the state before (the zones are the same objects), so their bytes
    are not made again either (the first move turns cards up in many packets). The memos
    start empty: one filled by the tests before would start again mid-way (MEMO_MAX)."""
    monkeypatch.setattr(views, "_ZONE_VIEWS", {})
    monkeypatch.setattr(views, "_ZONE_BYTES", {})
    room = new_room("sympathy", {}, 0, Policy(), Limits(), 0.0)
    before: list[dict[str, object]] = []
    for n in range(20):
        seat, move = room.game.all_legal(room.play.state)[0]
        room = room.but(play=room.play.push(move, seat))
        after = state_message(room, None)["view"]["zones"]
        if n:
            same = sum(any(a is b for b in before) for a in after)
            assert len(after) - 4 <= same < len(after), n
        before = after
