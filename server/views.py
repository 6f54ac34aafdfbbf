"""What each audience sees of a room: the one place a room becomes messages.

The table goes through :func:`rules.view.render` (the choke point between a position and
what an audience may see), each move with its shape (``protocol/README.md``, "Moves and
their shapes"); the seed and salt only once the game is over. A move's code
is shown only to its own seat's audience where the game's moves are not public (a round
game's codes may name the mover's own cards). Proposals at a competitive table go only
to the seat they are for.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

from protocol import outbound
from protocol.errors import ProtocolError
from protocol.messages import array_header, encode
from rules.game import Seat
from rules.guide import name_of
from rules.view import MEMO_MAX, ZoneMemo, render

from .members import ADVISOR, PLAYER, WATCHER, Member
from .move_log import LOG_ENTRIES, named_moves, sees, visible_cards
from .room import Room


def fairness(room: Room) -> dict[str, Any]:
    out: dict[str, Any] = {"commitment": room.commitment}
    if room.over:
        out.update(seed=room.seed, salt=room.salt)
    return out


#: The zones' views this process has rendered (:func:`rules.view.render`'s memo): a
#: move changes a few zones of a table, and the others are the same zone objects as
#: before (:mod:`rules.twins`), their views the same dicts. Nothing here changes a view.
_ZONE_VIEWS: ZoneMemo = {}
#: The encoding of each of those zone views: ``id(view)`` -> the view (held, so that its
#: id is not reused), its bytes.
_ZONE_BYTES: dict[int, tuple[dict[str, Any], bytes]] = {}


def state_message(room: Room, audience: Seat | None) -> outbound.State:
    """The one message that shows the table, each legal move with its shape (made once
    per audience and version: server/fanout.py keeps the frame); the seed only once the
    game is over. At a competitive table, the moves in people's names, and the last
    moves as ``audience`` may see them (``log``: :mod:`server.move_log`)."""
    view = named_moves(room, render(room.game, room.play.state, audience, room.play.zones,
                                    shapes=True, memo=_ZONE_VIEWS))
    seen = visible_cards(view) if room.competitive else set()
    last = event_for(room, room.events[-1], audience, seen) if room.events else None
    log = [event_for(room, e, audience, seen) for e in recent(room)] \
        if room.competitive else None
    return outbound.state(room.id, room.version, view, last, fairness(room), room.tally(),
                          log)


def encode_state(message: outbound.State) -> bytes:
    """``encode(message)``, the same bytes, with each zone's view encoded once for as
    long as it is the same dict (:data:`_ZONE_VIEWS`): a map's encoding is its header
    and its keys and values encoded one after another, an array's its header and its
    items, so the message is its parts joined."""
    view = message["view"]
    zones = view["zones"]
    if len(message) >= 16 or len(view) >= 16:  # (never: fixed maps of fewer items)
        return encode(message)
    parts = [array_header(len(zones))]
    for z in zones:
        hit = _ZONE_BYTES.get(id(z))
        if hit is None or hit[0] is not z:
            if len(_ZONE_BYTES) >= MEMO_MAX:
                _ZONE_BYTES.clear()
            hit = _ZONE_BYTES[id(z)] = (z, encode(z))
        parts.append(hit[1])
    return _joined(message, "view", _joined(view, "zones", b"".join(parts)))


def _joined(mapping: Mapping[str, Any], key: str, value: bytes) -> bytes:
    """The encoding of ``mapping`` whose item ``key`` is encoded as ``value``."""
    before: dict[str, Any] = {}
    after: dict[str, Any] = {}
    into = before
    for k, v in mapping.items():
        if k == key:
            into = after
        else:
            into[k] = v
    # a map of fewer than 16 items: a header of one byte, then the items
    return b"".join((bytes((0x80 | len(mapping),)), encode(before)[1:], encode(key), value,
                     encode(after)[1:]))


def recent(room: Room) -> list[dict[str, Any]]:
    """The events a competitive table's state message carries in its ``log``."""
    return room.events.last(LOG_ENTRIES)


def same_for_all(room: Room) -> bool:
    """Whether every audience sees the same state message at the room's version: no
    zone of the position is private to a seat (:func:`rules.view.render` shows a zone's
    face-up cards to all alike, and a move's shape hides only what a private zone holds),
    the game's moves are public (each seat's moves and the last event's move go to
    everyone) and no event of the log tells a seat more than the table. Then the fan-out
    renders and encodes one message for all audiences."""
    return room.game.description.moves_public and \
        not any(z.private for z in room.play.zones) and \
        not any("told" in e for e in recent(room))


def event_for(room: Room, event: dict[str, Any], audience: Seat | None,
              seen: set[str] | frozenset[str] = frozenset()) -> dict[str, Any]:
    """An event as ``audience`` may see it: where moves are not public, a move's code
    only for its own seat; what a seat saw of the move that the table did not
    (``told``) only for that seat and only while it still sees every card it names
    among ``seen`` (the cards face up to it now: with none given, never)."""
    told = event.get("told")
    if told is not None:
        event = {k: v for k, v in event.items() if k != "told"}
        mine = sees(told, audience, seen)
        if mine is not None:
            event["text"] = mine
    if room.game.description.moves_public or event.get("move") is None or \
            event.get("seat") == audience:
        return event
    return {**event, "move": None}


def events_since(room: Room, version: int, audience: Seat | None = None
                 ) -> list[dict[str, Any]] | None:
    """The events after ``version`` as ``audience`` sees them (by default, as the
    watchers do), or ``None`` when the log no longer has them."""
    if version > room.version:
        return None
    missing = room.version - version
    if missing == 0:
        return []
    if missing > len(room.events):
        return None
    return [event_for(room, e, audience) for e in room.events[-missing:]]


def presence_message(room: Room) -> outbound.Presence:
    """Who is here: every count, and by name the players and advisors, then the first
    watchers to arrive, ``presence_list`` in all (the rest: :func:`members_page`).
    Made once per presence frame (server/presence.py), not per member."""
    cap = room.limits.presence_list
    counts = {PLAYER: 0, ADVISOR: 0, WATCHER: 0, "connected": 0}
    listed: list[Member] = []
    watchers: list[Member] = []
    for m in room.members.values():
        counts[m.role] += 1
        counts["connected"] += m.connected and not m.bot  # people on a socket
        if m.role != WATCHER:
            listed.append(m)
        elif len(watchers) < cap:
            watchers.append(m)
    listed += watchers
    return outbound.presence(room.id, room.host, room.locked,
                             [m.public(room.host) for m in listed[:cap]], counts)


def members_page(room: Room, offset: int) -> outbound.Members:
    """``members``: ``presence_list`` members from ``offset``, in order of arrival."""
    page = itertools.islice(room.members.values(), offset,
                            offset + room.limits.presence_list)
    return outbound.members(room.id, offset, len(room.members),
                            [m.public(room.host) for m in page])


def info(room: Room) -> dict[str, Any]:
    """A room's line in the lobby."""
    taken = room.game.seats - len(room.free_seats())
    outcome = room.game.outcome(room.play.state)
    status = "playing" if outcome is None else ("won" if outcome.won else "lost")
    return {"code": room.code, "game": room.game.id, "title": name_of(room.game.id),
            "seats": [taken, room.game.seats],
            "watchers": sum(1 for m in room.members.values() if m.role == WATCHER),
            "advisors": sum(1 for m in room.members.values() if m.role == ADVISOR),
            "status": status, "locked": room.locked}


def record(room: Room) -> outbound.Record:
    """The finished game's record, seed and all; ``record/not_available`` before."""
    if not room.over:
        raise ProtocolError("record/not_available")
    return outbound.record(room.id, room.game.id, dict(room.game.options), room.seed,
                           room.salt, room.commitment, list(room.log),
                           render(room.game, room.play.state, None)["result"],
                           list(room.calls))


def proposals_audience(room: Room, member_id: str) -> tuple[bool, Seat | None]:
    """Whether the member is sent proposals, and for which seat (``None``: every
    proposal, at a cooperative table). At a competitive table a seat's proposals go to
    its player and the advisors behind it only."""
    m = room.members.get(member_id)
    if m is None or m.role not in (PLAYER, ADVISOR) or m.bot:
        return False, None
    if not room.competitive:
        return True, None
    seat = room.audience(member_id)
    return seat is not None, seat


def proposals_message(room: Room, seat: Seat | None = None) -> outbound.Proposals:
    """The proposals open now (for ``seat`` at a competitive table)."""
    items = []
    mine = [p for p in room.proposals.values() if p.seat == seat]
    for p in sorted(mine, key=lambda p: (-len(p.by), p.first_at)):
        move = room.game.parse_move(p.move)
        items.append({"move": p.move, "text": room.game.describe(room.play.state, move),
                      "by": [room.members[i].name for i in p.by if i in room.members],
                      "votes": len(p.by)})
    return outbound.proposals(room.id, room.version, items, room.vote_deadline)
