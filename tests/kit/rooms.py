"""Room logic for tests of a room's record: a room with every kind of member and a
proposal, and the check that two rooms are the same."""

from __future__ import annotations

from protocol.limits import Limits
from server.room import ADVISOR, PLAYER, WATCHER, Policy, Room, new_room
from server.room_codec import dump


def busy_room() -> Room:
    r = new_room("sympathy", {"packets": 5}, 99, Policy(advice="invited", undo="past_reveal"),
                 Limits(), now=10.0)
    p, _ = r.add_member(PLAYER, "Ann", all_seats=True)
    x, _ = r.add_member(ADVISOR, "Xan")
    r.add_member(WATCHER, "Wes")
    r.invite(p.id, x.id)
    r.move(p.id, 0, "open", 11.0)
    r.move(p.id, 1, "t2", 12.0)
    r.propose(x.id, 2, r.game.legal_moves(r.play.state, r.play.state.to_move)[0].code, 13.0)
    r.lock(p.id, True)
    return r


def same(a: Room, b: Room) -> None:
    assert dump(a) == dump(b)
    assert a.play.state == b.play.state and a.play.record == b.play.record
    assert a.commitment == b.commitment
    for audience in (None, 0, 1):
        assert a.state_message(audience) == b.state_message(audience)
    assert a.presence_message() == b.presence_message()
    assert a.proposals_message() == b.proposals_message()
