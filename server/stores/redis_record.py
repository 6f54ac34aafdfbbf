"""A room in Redis as one hash of small fields, so that a change writes what it alters.

A move writes a few hundred bytes however many members the room has: the new version,
one entry of the move log, one event, the counters. Fields of ``sym:{R}:room``:

- ``rev``        the revision the compare-and-set compares (every commit adds one);
- ``t``          the name of the last commit (a process that lost the answer to its
  commit learns from it whether the commit was made);
- ``h:<name>``   one item of the room's head (:func:`server.room_codec.head`): version,
  host, policy, proposals, ...;
- ``c``          counters: ``[moves, next event number, events kept, next member number]``;
- ``k``          when the join code's expiry was last pushed forward, and to what TTL;
- ``m:<id>``     one member: the order they joined in, and their fields;
- ``l:<n>``      the ``n``-th entry of the move log (from 1);
- ``e:<n>``      an event of the bounded event log, by a number that only grows.

:func:`diff` compares the room a change made with the room it was made from (both
frozen values) and says which fields to set and which to delete: the entries the move
and event logs appended (their chains say which, :meth:`server.chain.Chain.since`), the
members that differ, the head items whose packed value differs.
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import msgpack

from protocol.limits import Limits
from protocol.messages import encode

from ..members import Member
from ..room import Room
from . import room_codec

REV = b"rev"
COUNTS = "c"
CODE = "k"
#: A field written by the record of an older version (the whole room as one value).
LEGACY = "data"



def pack(obj: Any) -> bytes:
    """``obj`` as MessagePack (a packer made once per thread: :func:`encode`)."""
    return encode(obj)


@dataclass(slots=True, frozen=True)
class Written:
    """What Redis holds of a committed room, beside the room itself: the packed head
    items, the counters, each member's join number, and the join code's refresh."""

    head: dict[str, bytes] = field(default_factory=dict)
    moves: int = 0
    next_event: int = 0
    events: int = 0
    next_member: int = 0
    order: dict[str, int] = field(default_factory=dict)
    #: (wall-clock time the code's expiry was last pushed, the TTL in ms it was given)
    code: tuple[float, int] = (0.0, 0)

    def counts(self) -> list[int]:
        return [self.moves, self.next_event, self.events, self.next_member]


@dataclass(slots=True)
class Diff:
    """The fields a commit sets and deletes, and what Redis holds once it is done."""

    sets: list[tuple[str, bytes]]
    dels: list[str]
    written: Written

    @property
    def empty(self) -> bool:
        return not self.sets and not self.dels

    def size(self) -> int:
        """Bytes of field names and values (what the commit sends, near enough)."""
        return sum(len(k) + len(v) for k, v in self.sets) + sum(len(k) for k in self.dels)


def diff(before: Room | None, written: Written | None, after: Room) -> Diff:
    """The fields that turn the record of ``before`` (``None``: no record, or one of
    unknown shape) into the record of ``after``."""
    full = before is None or written is None
    old = written if written is not None and before is not None else Written()
    sets: list[tuple[str, bytes]] = []
    dels: list[str] = [LEGACY] if full else []
    # the head: one field per item, packed again only where the room's attribute it is
    # made from is another object than the one Redis holds the item of (a room is
    # frozen, and a change makes new objects for what it alters: a move, its version and
    # time)
    head: dict[str, bytes] = {}
    held = old.head
    for k, (attr, item) in room_codec.HEAD.items():
        v = held.get(k)
        if v is None or full or before is None or (
                attr is not None and getattr(after, attr) is not getattr(before, attr)):
            packed = pack(item(after))
            if packed != v:
                sets.append((f"h:{k}", packed))
            v = packed
        head[k] = v
    dels += [f"h:{k}" for k in held if k not in head]
    # the move log: what the change kept of it, then what it appended
    kept = 0 if before is None or full else after.log.shared(before.log)
    sets += [(f"l:{n + 1}", pack(after.log[n])) for n in range(kept, len(after.log))]
    dels += [f"l:{n + 1}" for n in range(len(after.log), old.moves)]
    # the event log: numbered, so that what falls off the end can be deleted
    events = list(after.events)
    appended = None if before is None or full else after.events.since(before.events)
    new = len(events) if appended is None else len(appended)
    first_new = old.next_event
    sets += [(f"e:{first_new + i}", pack(events[len(events) - new + i]))
             for i in range(new)]
    next_event = first_new + new
    start_old, start_new = old.next_event - old.events, next_event - len(events)
    dels += [f"e:{n}" for n in range(start_old, min(start_new, old.next_event))]
    # members: the changed ones
    order, next_member = old.order, old.next_member
    was: Mapping[str, Member] = before.members if before is not None and not full else {}
    changed: list[Member] = []
    gone: list[str] = []
    if after.members is not was:  # most changes keep the members as they were
        changed = [m for k, m in after.members.items()
                   if (o := was.get(k)) is not m and o != m]
        gone = [k for k in was if k not in after.members]
    if changed or gone:
        order = dict(order)
        for k in gone:
            order.pop(k, None)
            dels.append(f"m:{k}")
        for m in changed:
            if m.id not in order:
                order[m.id] = next_member
                next_member += 1
            sets.append((f"m:{m.id}", pack({"_n": order[m.id], **room_codec.member(m)})))
    done = Written(head, len(after.log), next_event, len(events), next_member, order,
                   old.code)
    if full or done.counts() != old.counts():
        sets.append((COUNTS, pack(done.counts())))
    return Diff(sets, dels, done)


def pack_ops(sets: list[tuple[str, bytes]], dels: list[str]) -> bytes:
    """A commit's fields as one value: what the compare-and-set writes, and what the
    room's stream keeps for other processes to bring their copies up to date."""
    # Redis's Lua reads MessagePack without the bin type: every string is raw here
    out: bytes = msgpack.packb([[x for kv in sets for x in kv], dels], use_bin_type=False)
    return out


def unpack_ops(blob: bytes) -> tuple[list[tuple[str, bytes]], list[str]]:
    flat, dels = msgpack.unpackb(blob, raw=True)
    names = [k.decode() for k in flat[0::2]]
    return list(zip(names, flat[1::2], strict=True)), [d.decode() for d in dels]


def apply(room: Room, written: Written, sets: list[tuple[str, bytes]], dels: list[str],
          limits: Limits) -> tuple[Room, Written]:
    """The room after a commit of these fields, from the room before it (another
    process's commit, read from the room's stream instead of the whole record). Members,
    moves and events the commit did not write are the room's own objects (a committed
    room is never changed in place)."""
    head = dict(written.head)
    counts, code = written.counts(), written.code
    members, order = dict(room.members), written.order
    moves: dict[int, Any] = {}
    events: dict[int, Any] = {}
    try:
        for k, v in sets:
            kind, _, name = k.partition(":")
            if k == COUNTS:
                counts = list(msgpack.unpackb(v))
            elif k == CODE:
                at, ttl = msgpack.unpackb(v)
                code = (float(at), int(ttl))
            elif kind == "h":
                head[name] = v
            elif kind == "m":
                m = msgpack.unpackb(v)
                if order is written.order:
                    order = dict(order)
                order[name] = m.pop("_n")
                members[name] = Member(**{**m, "seats": tuple(m["seats"])})
            elif kind == "l":
                moves[int(name)] = msgpack.unpackb(v)
            elif kind == "e":
                events[int(name)] = msgpack.unpackb(v)
        for k in dels:
            kind, _, name = k.partition(":")
            if kind == "h":
                head.pop(name, None)
            elif kind == "m":
                members.pop(name, None)
                if order is written.order:
                    order = dict(order)
                order.pop(name, None)
        n_moves, next_event, n_events, next_member = counts
        data: dict[str, Any] = {k: msgpack.unpackb(v) for k, v in head.items()}
        data["members"] = []
        data["log"] = [moves[n + 1] if n + 1 in moves else room.log[n]
                       for n in range(n_moves)]
        kept = list(room.events)
        first_kept = written.next_event - len(kept)
        wanted = range(next_event - n_events, next_event)
        if any(n < first_kept for n in wanted if n not in events):
            raise KeyError("an event this copy does not hold")
        data["events"] = [events[n] if n in events else kept[n - first_kept] for n in wanted]
    except (KeyError, IndexError, ValueError, TypeError) as exc:
        raise Unreadable(f"a commit that does not follow this copy: {exc!r}") from None
    new = room_codec.load(data, limits, previous=room).with_members(members)
    return new, Written(head, n_moves, next_event, n_events, next_member, order, code)


def code_field(written: Written, at: float, ttl_ms: int) -> tuple[tuple[str, bytes], Written]:
    """The field saying the join code's expiry was pushed at ``at`` to ``ttl_ms``."""
    return (CODE, pack([at, ttl_ms])), dataclasses.replace(written, code=(at, ttl_ms))


class Unreadable(ValueError):
    """A record this version cannot read (written by another version, or incomplete)."""


def load(fields: dict[bytes, bytes], limits: Limits, previous: Room | None = None
         ) -> tuple[int, Room, Written | None]:
    """The revision, the room and what Redis holds of it, from the hash's fields (a
    record of an older version: no :class:`Written`, so the next commit writes it all)."""
    text = {k.decode(): v for k, v in fields.items()}
    rev = int(text.pop("rev"))
    if LEGACY in text and COUNTS not in text:
        return rev, room_codec.load(msgpack.unpackb(text[LEGACY]), limits, previous), None
    try:
        moves, next_event, events, next_member = msgpack.unpackb(text[COUNTS])
        head_raw = {k[2:]: v for k, v in text.items() if k.startswith("h:")}
        data: dict[str, Any] = {k: msgpack.unpackb(v) for k, v in head_raw.items()}
        members = sorted((msgpack.unpackb(v) for k, v in text.items()
                          if k.startswith("m:")), key=operator.itemgetter("_n"))
        data["members"] = [{k: v for k, v in m.items() if k != "_n"} for m in members]
        data["log"] = [msgpack.unpackb(text[f"l:{n + 1}"]) for n in range(moves)]
        data["events"] = [msgpack.unpackb(text[f"e:{n}"])
                          for n in range(next_event - events, next_event)]
        code = tuple(msgpack.unpackb(text[CODE])) if CODE in text else (0.0, 0)
    except (KeyError, ValueError, TypeError) as exc:
        raise Unreadable(f"room record incomplete or unknown: {exc!r}") from None
    room = room_codec.load(data, limits, previous)
    written = Written(head_raw, moves, next_event, events, next_member,
                      {m["id"]: m["_n"] for m in members}, (float(code[0]), int(code[1])))
    return rev, room, written
