"""A room survives a round trip through its record (what the Redis store keeps)."""

from __future__ import annotations

import msgpack

from protocol.limits import Limits
from server.room import ADVISOR, PLAYER, WATCHER, Policy, Room, new_room
from server.room_codec import dump, load


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


def test_round_trip_through_msgpack() -> None:
    r = busy_room()
    blob = msgpack.packb(dump(r))
    back = load(msgpack.unpackb(blob), Limits())
    same(r, back)
    member = next(iter(back.members.values()))
    assert member.seats == (0, 1)


def test_an_older_copy_saves_the_replay_and_an_undo_is_replayed_in_full() -> None:
    r = busy_room()
    old = load(dump(r), Limits())
    host = r.host
    r.move(host, r.version, r.game.legal_moves(r.play.state, r.play.state.to_move)[0].code,
           14.0)
    newer = load(dump(r), Limits(), previous=old)
    same(r, newer)
    r.undo(host, r.version)
    same(r, load(dump(r), Limits(), previous=newer))
