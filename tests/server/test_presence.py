"""Presence feeds without sockets: a clock and a timer of our own (server/presence.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgpack

from protocol.limits import Limits
from server.presence import PER_SECOND, Feeds
from server.room import ADVISOR, PLAYER, WATCHER, Policy
from tests.kit.rooms import Live, live


class Harness:
    def __init__(self, room: Live, here: int = 3) -> None:
        self.room = room
        self.now = 100.0
        self.timers: list[tuple[float, Callable[[], None]]] = []
        self.sent: list[dict[str, Any]] = []
        self.here = here  # members this process would write to
        self.feeds = Feeds(0.25, lambda i: self.room.room if i == room.id else None, self.send,
                           lambda: self.now, self.later)

    def send(self, room_id: str, frame: bytes) -> int:
        self.sent.append(msgpack.unpackb(frame))
        return self.here

    def later(self, delay: float, callback: Callable[[], None]) -> Any:
        self.timers.append((self.now + delay, callback))
        return self

    def cancel(self) -> None:  # the timer handle's one method
        self.timers.clear()

    def run_until(self, t: float) -> None:
        self.now = t
        due = [cb for at, cb in self.timers if at <= t]
        self.timers = [(at, cb) for at, cb in self.timers if at > t]
        for cb in due:
            cb()


def test_changes_go_out_at_once_after_a_quiet_spell_then_together_per_period() -> None:
    room = live("sympathy", {}, 1, Policy(), Limits(presence_list=3), now=0.0)
    ann, _ = room.add_member(PLAYER, "Ann")
    h = Harness(room)
    first = msgpack.unpackb(h.feeds.snapshot(room.room))
    assert (first["type"], first["seq"], [m["name"] for m in first["members"]]) == \
        ("presence", 0, ["Ann"])
    h.run_until(101.0)
    xan, _ = room.add_member(ADVISOR, "Xan")
    h.feeds.changed(room.id)  # quiet until now: at once
    assert [(m["type"], m["seq"], [x["name"] for x in m["members"]]) for m in h.sent] == \
        [("presence_changes", 1, ["Xan"])]
    for i in range(5):  # five arrivals within the period: one frame at its end
        _, _ = room.add_member(WATCHER, f"w{i}")
        h.feeds.changed(room.id)
    assert len(h.sent) == 1 and len(h.timers) == 1
    h.run_until(101.2)
    assert len(h.sent) == 1
    h.run_until(101.25)
    last = h.sent[-1]
    assert (last["seq"], [x["name"] for x in last["members"]], last["gone"]) == \
        (2, ["w0"], [])  # Ann and Xan unchanged; only the first watcher is listed
    assert last["counts"] == {"player": 1, "advisor": 1, "watcher": 5, "connected": 7}
    # the next arrival's snapshot is the last frame, whole
    snap = msgpack.unpackb(h.feeds.snapshot(room.room))
    assert (snap["seq"], [x["name"] for x in snap["members"]]) == (2, ["Ann", "Xan", "w0"])
    # Xan leaves: w1 moves up into the listed three
    room.leave(xan.id, 102.0)
    h.run_until(102.0)
    h.feeds.changed(room.id)
    assert (h.sent[-1]["gone"], [x["name"] for x in h.sent[-1]["members"]]) == \
        ([xan.id], ["w1"])
    # a change nobody sees (nothing listed, no count) sends nothing
    h.run_until(103.0)
    room.connect(ann.id, "", 103.0)
    h.feeds.changed(room.id)
    assert h.sent[-1]["seq"] == 3


def test_a_room_of_thousands_here_gets_its_frames_less_often() -> None:
    room = live("sympathy", {}, 1, Policy(), now=0.0)
    _, _ = room.add_member(PLAYER, "Ann")
    h = Harness(room, here=5000)
    h.feeds.snapshot(room.room)
    h.run_until(101.0)
    _, _ = room.add_member(WATCHER, "w")
    h.feeds.changed(room.id)
    assert len(h.sent) == 1  # at once: it reached 5,000
    _, _ = room.add_member(WATCHER, "v")
    h.feeds.changed(room.id)
    [(at, _)] = h.timers
    assert at == 101.0 + 5000 / PER_SECOND  # 1.25 s, not 0.25 s


def test_a_forgotten_room_stops_its_timer() -> None:
    room = live("sympathy", {}, 1, Policy(), now=0.0)
    _, _ = room.add_member(PLAYER, "Ann")
    h = Harness(room)
    h.feeds.snapshot(room.room)
    _, _ = room.add_member(WATCHER, "w")
    h.feeds.changed(room.id)  # within the first period: waits
    assert h.timers and not h.sent
    h.feeds.forget(room.id)
    assert not h.timers
