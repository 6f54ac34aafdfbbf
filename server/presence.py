"""Presence at a bounded rate: who is in a room, as each process tells its own sockets.

A crowd joining must not cost every member a frame per join (5,000 watchers joining
would be 12.5 million frames). So a change of membership only marks the room's *feed*
here; the feed sends at most one frame per ``presence_every`` seconds to the room's
members on this process (less often in a room of more than 250 members here: see
:data:`PER_SECOND`): ``presence_changes``, with the counts and only the listed
members that changed since its previous frame (names are listed for players and
advisors, then the first watchers, up to ``presence_list`` in all). The first change
after a quiet spell goes out at once; the changes that follow within the period wait
for its end and go out together.

A member who arrives gets the feed's last full ``presence`` (as of its last frame, made
once per frame and shared by every arrival until the next), so an arrival costs the
others nothing; the changes since then, their own arrival among them, follow in the next
``presence_changes``. Every frame carries the feed's ``seq``: a ``presence_changes``
applies to the ``presence`` or ``presence_changes`` with the ``seq`` before it.

Each process diffs the room as its copy has it against what it last sent: processes
need not agree on frames, only on the room.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from protocol import outbound
from protocol.messages import encode

from .room import Room
from .views import presence_message

__all__ = ["PER_SECOND", "Feed", "Feeds"]

#: Presence frames a process writes per second for one room, at most: a room with more
#: members here than ``PER_SECOND * presence_every`` (250) gets its frames less often
#: (1,000 members: one a second; 5,000: one every 5 s), so that presence costs a crowd
#: a bounded share of the process however large it grows (a thousand writes a second,
#: about 1% of a core), and a join storm does not slow itself down: at 4,000 a second,
#: presence was two thirds of the socket writes while 1,000 watchers joined.
PER_SECOND = 1000


class Feed:
    """One room's presence as this process last sent it."""

    __slots__ = ("frame", "full", "header", "last", "reach", "sent", "seq", "timer")

    def __init__(self, room: Room, now: float) -> None:
        self.seq = 0
        #: The listed members as last sent, by id.
        self.sent: dict[str, dict[str, Any]] = {}
        self.header: tuple[str, bool, dict[str, int]] = ("", False, {})
        #: The full presence as of ``seq`` (and its bytes, made when first asked for).
        self.full: outbound.Presence = presence_message(room)
        self.frame: bytes | None = None
        #: When the last frame went out (the loop's clock); a frame is due when it is
        #: ``every`` seconds old.
        self.last = now
        #: The pending frame's timer, when a change waits for the end of the period.
        self.timer: Any = None
        #: How many members the last frame went to (here): it sets the period.
        self.reach = 0
        self._take(self.full)

    def _take(self, msg: outbound.Presence) -> None:
        self.sent = {m["id"]: m for m in msg["members"]}
        self.header = (msg["host"], msg["locked"], msg["counts"])
        self.full = msg
        self.frame = None

    def snapshot(self) -> bytes:
        """The full ``presence`` as of the last frame."""
        if self.frame is None:
            self.frame = encode(self.full)
        return self.frame

    def changes(self, room: Room) -> outbound.PresenceChanges | None:
        """The frame that brings a member from the last frame to the room as it is now
        (``None`` when nothing they see has changed); it becomes the last frame."""
        msg = presence_message(room)
        changed = [m for m in msg["members"] if self.sent.get(m["id"]) != m]
        listed = {m["id"] for m in msg["members"]}
        gone = [i for i in self.sent if i not in listed]
        if not changed and not gone and \
                (msg["host"], msg["locked"], msg["counts"]) == self.header:
            return None
        self.seq += 1
        msg["seq"] = self.seq
        self._take(msg)
        return outbound.presence_changes(room.id, self.seq, msg["host"], msg["locked"],
                                         changed, gone, msg["counts"])


class Feeds:
    """The presence feeds of the rooms this process has members in.

    ``rooms(room_id)`` is this process's copy of a room (``None`` once gone);
    ``send(room_id, frame)`` writes a frame to the room's members here; ``clock`` and
    ``later(delay, callback)`` are the event loop's.
    """

    def __init__(self, every: float, rooms: Callable[[str], Room | None],
                 send: Callable[[str, bytes], int], clock: Callable[[], float],
                 later: Callable[[float, Callable[[], None]], Any],
                 per_second: int = PER_SECOND) -> None:
        self.every = every
        self.per_second = per_second
        self.rooms = rooms
        self.send = send
        self.clock = clock
        self.later = later
        self.feeds: dict[str, Feed] = {}
        #: Frames sent (for tests and metrics).
        self.frames = 0

    def snapshot(self, room: Room) -> bytes:
        """The full presence a member arriving here is sent (O(1) but for the room's
        first member here)."""
        feed = self.feeds.get(room.id)
        if feed is None:
            feed = self.feeds[room.id] = Feed(room, self.clock())
        return feed.snapshot()

    def changed(self, room_id: str) -> None:
        """The room's membership has changed: a frame now, or at the end of the period."""
        feed = self.feeds.get(room_id)
        if feed is None or feed.timer is not None:
            return  # nobody here yet (the first snapshot reads the room), or one is due
        wait = feed.last + max(self.every, feed.reach / self.per_second) - self.clock()
        if wait <= 0:
            self.flush(room_id)
        else:
            feed.timer = self.later(wait, lambda: self.flush(room_id))

    def flush(self, room_id: str) -> None:
        """Send the changes since the last frame to the room's members here."""
        feed = self.feeds.get(room_id)
        if feed is None:
            return
        feed.timer = None
        room = self.rooms(room_id)
        if room is None:
            self.forget(room_id)
            return
        msg = feed.changes(room)
        feed.last = self.clock()
        if msg is not None:
            self.frames += 1
            feed.reach = self.send(room_id, encode(msg))

    def forget(self, room_id: str) -> None:
        """Nobody here is in the room any more."""
        feed = self.feeds.pop(room_id, None)
        if feed is not None and feed.timer is not None:
            feed.timer.cancel()
