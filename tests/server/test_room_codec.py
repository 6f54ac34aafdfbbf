"""A room survives a round trip through its record (what the Redis store keeps)."""

from __future__ import annotations

import msgpack

from protocol.limits import Limits
from server.stores.room_codec import dump, load
from tests.kit.rooms import Live, busy_room, same


def test_round_trip_through_msgpack() -> None:
    r = busy_room()
    blob = msgpack.packb(dump(r))
    back = load(msgpack.unpackb(blob), Limits())
    same(r, back)
    member = next(iter(back.members.values()))
    assert member.seats == (0, 1)


def test_an_older_copy_saves_the_replay_and_an_undo_is_replayed_in_full() -> None:
    r = Live(busy_room())
    old = load(dump(r.room), Limits())
    host = r.host
    r.move(host, r.version, r.game.legal_moves(r.play.state, r.play.state.to_move)[0].code,
           14.0)
    newer = load(dump(r.room), Limits(), previous=old)
    same(r.room, newer)
    r.undo(host, r.version)
    same(r.room, load(dump(r.room), Limits(), previous=newer))
