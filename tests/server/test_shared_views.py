"""One state message for every audience only where every audience would see the same.

The fan-out renders and encodes a room's state once for all its audiences when
:func:`server.views.same_for_all` says nothing at the table is private (issue 25: a view
rendered once per audience and version, and once only where the audiences see alike).
For every game, deal 0, the first moves: wherever it says so, the message for the
watchers, for each seat, is the same; where a seat has a private zone it does not say so.
"""

from __future__ import annotations

import pytest

from protocol.limits import Limits
from rules import all_games
from server.play import new_room
from server.room import Policy
from server.views import same_for_all, state_message

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
