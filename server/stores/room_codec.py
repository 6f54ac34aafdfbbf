"""A room as plain data, for stores that keep rooms outside the process (Redis).

The record holds what the room needs to come back exactly: the game with its options,
the secret seed and salt, the moves (the game state is their replay), the members with
their token hashes, policies, proposals and the bounded event log. It never leaves the
server: members see only what :mod:`server.views` makes.

:func:`head` is everything but the three parts that grow (members, the move log, the
event log): the Redis store keeps each item of the head, each member, each move and each
event apart (:mod:`server.redis_record`), so a change writes only what it alters.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from protocol.limits import Limits
from rules import Move, Play, make

from ..chain import Chain
from ..members import Member, Policy, Proposal
from ..room import Room

FORMAT = 1
#: The parts of :func:`dump` that are not in :func:`head`.
PARTS = ("members", "log", "events")


def head(room: Room) -> dict[str, Any]:
    """The room but its members, move log and event log."""
    return {k: item(room) for k, (_, item) in HEAD.items()}


#: The items of :func:`head`: each one's name, the room's attribute it is made from
#: (``None``: none, a constant) and how. A frozen room's attribute that is the same
#: object in two rooms makes the same item (:func:`server.redis_record.diff` packs only
#: the items whose attribute changed).
HEAD: dict[str, tuple[str | None, Callable[[Room], Any]]] = {
    "format": (None, lambda r: FORMAT),
    "id": ("id", lambda r: r.id),
    "code": ("code", lambda r: r.code),
    "game": ("game", lambda r: r.game.id),
    "options": ("game", lambda r: dict(r.game.options)),
    "seed": ("seed", lambda r: r.seed),
    "salt": ("salt", lambda r: r.salt),
    "version": ("version", lambda r: r.version),
    "host": ("host", lambda r: r.host),
    "locked": ("locked", lambda r: r.locked),
    "closed": ("closed", lambda r: r.closed),
    "created_at": ("created_at", lambda r: r.created_at),
    "empty_since": ("empty_since", lambda r: r.empty_since),
    "policy": ("policy", lambda r: plain(r.policy)),
    "proposals": ("proposals", lambda r: [plain(p) for p in r.proposals.values()]),
    "vote_deadline": ("vote_deadline", lambda r: r.vote_deadline),
    "deals_before": ("deals_before", lambda r: r.deals_before),
    "won_before": ("won_before", lambda r: r.won_before),
    "moved_at": ("moved_at", lambda r: r.moved_at),
    "calls": ("calls", lambda r: [dict(c) for c in r.calls]),
}


_NAMES: dict[type, tuple[str, ...]] = {}


def _names(cls: type) -> tuple[str, ...]:
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def plain(obj: Any) -> dict[str, Any]:
    """A dataclass of plain values as a dict, lists copied (``dataclasses.asdict`` is
    a tenth as fast: it copies deep, and the Redis store does this on every change)."""
    out = {n: getattr(obj, n) for n in _names(type(obj))}
    for k, v in out.items():
        if isinstance(v, list):
            out[k] = list(v)
    return out


def member(m: Member) -> dict[str, Any]:
    return plain(m)


def dump(room: Room) -> dict[str, Any]:
    return {**head(room), "members": [member(m) for m in room.members.values()],
            "log": [dict(e) for e in room.log], "events": [dict(e) for e in room.events]}


def load(data: dict[str, Any], limits: Limits, previous: Room | None = None) -> Room:
    """The room of ``data``; ``previous`` (an older copy of the same room) saves
    replaying the moves they share."""
    if data.get("format") != FORMAT:
        raise ValueError(f"unknown room record format {data.get('format')!r}")
    log: list[dict[str, Any]] = data["log"]
    reuse = previous is not None and previous.id == data["id"] \
        and previous.seed == data["seed"] and len(previous.log) <= len(log) \
        and previous.log == log[: len(previous.log)]
    game = make(data["game"], data["options"])
    # Reusing the previous copy's play skips dealing the deck again (the bench's profile
    # of a move on Redis showed a fifth of the server's time spent dealing here).
    play: Play[Any] = previous.play if reuse and previous is not None \
        else Play.start(game, data["seed"])
    start = len(previous.log) if reuse and previous is not None else 0
    for entry in log[start:]:
        play = play.replay_move(Move(entry["move"]), entry["seat"])
    proposals = [Proposal(**{**p, "by": tuple(p["by"])}) for p in data["proposals"]]
    room = Room.new(game, data["seed"], Policy.given(data["policy"]), limits,
                    data["created_at"], data["id"], data["code"], salt=data["salt"],
                    play=play)
    return room.with_members(
        {m["id"]: Member(**{**m, "seats": tuple(m["seats"])}) for m in data["members"]},
        version=data["version"], host=data["host"], locked=data["locked"],
        closed=data["closed"], empty_since=data["empty_since"], log=Chain(log),
        events=Chain(data["events"], limits.event_log),
        proposals={p.key: p for p in proposals}, vote_deadline=data["vote_deadline"],
        deals_before=int(data.get("deals_before", 0)),  # absent in older records
        won_before=int(data.get("won_before", 0)),
        moved_at=float(data.get("moved_at", data["created_at"])),  # absent in older ones
        calls=Chain(data.get("calls", ())))
