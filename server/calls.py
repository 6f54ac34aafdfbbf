"""Calls that race (Snap): the first to reach the table wins; the record keeps them all.

In a realtime game (``Description.realtime``) some moves are *calls*
(:meth:`rules.game.Game.is_call`) that several seats may make at once. A call is never
refused for naming an older version: the version says which position the caller reacted
to (``seen``), and the call is judged against the position the table holds when the call
reaches it. The room's sequencer decides the order: the store's compare-and-set, the same
on one process or many (a call judged on a copy that another process's commit has
overtaken is judged again on the committed room). A call's time of arrival is the time it
was judged for the commit that kept it (the clock of the process holding the caller's
socket), so the times in a room's record follow its order.

- Legal now: played; the rules say what it does (a pending call, a tie, a wrong call).
  Its rival, if any, is named with the margin.
- Not legal now but legal at the position the caller saw, the table has moved since,
  and the latest call made is one the caller had not seen or had seen only pending (its
  *rival*: made at a version at least ``seen``): the call *lost* the race. It is kept in the room's
  calls, everyone hears of it (a ``call`` message, with the margin in milliseconds), and
  the caller is answered ``call/lost``.
- Otherwise, not legal now: refused like any move (``move/illegal``: a wrong call, or a
  call made on the very position that shows it lost), nothing kept.

Every call kept (made or lost) is a ``call`` message to everyone and a line of the
record's ``calls``: who, when (unix seconds to the microsecond), the version seen and
reached, the outcome, and the call it followed with the margin.
"""

from __future__ import annotations

from typing import Any

from protocol import outbound
from protocol.errors import ProtocolError
from rules import Move

from .members import PLAYER, Effects, Member
from .play import commit, commit_timer
from .play import move as plain_move
from .room import Room, Step

#: Lost calls kept per deal at most (a bound on the record; made calls are moves, which
#: the game bounds).
MAX_LOST = 1000


def move(room: Room, member_id: str, version: int, code: str, now: float,
         advised_by: list[str] | None = None) -> Step:
    """``move``: a player's move, or in a realtime game a call (judged as below)."""
    member = room.member(member_id)
    if room.game.description.realtime:
        m = room.game.parse_move(code)
        if room.game.is_call(m):
            return call(room, member, version, m, now, advised_by or [])
    return plain_move(room, member_id, version, code, now, advised_by)


def call(room: Room, member: Member, seen: int, move: Move, now: float,
         advised_by: list[str]) -> Step:
    """A call by ``member``, who last saw version ``seen``, reaching the table at ``now``.

    Judged in full before anything is made (a refusal changes nothing)."""
    if member.role != PLAYER:
        raise ProtocolError("auth/denied", "Only a player in a seat can call.")
    if seen > room.version:
        raise ProtocolError("move/stale", f"The table is at version {room.version}; you "
                            f"named {seen}.")
    game = room.game
    closed_at = _window_closed(room, now)
    # The call made before this one has had its window: the table's clock settles it
    # (at its time) before this call is judged, whether or not the clock has run yet.
    state = room.play.state if closed_at is None else room.play.push_timer().state
    version = room.version + (closed_at is not None)
    over = game.outcome(state) is not None
    rival = _rival(room, seen)
    movers = [] if over else [s for s in member.seats if s in game.to_move(state)
                              and move in game.legal_moves(state, s)]
    lost = not movers and rival is not None and seen < version \
        and _was_legal(room, member, seen, move)
    if not movers and not lost:
        if over:
            raise ProtocolError("move/game_over")
        # a wrong call, whoever makes it (the caller's turn or not): move/illegal
        raise ProtocolError("move/illegal", game.why_illegal(state, move, member.seats[0]))
    settled: Effects | None = None
    if closed_at is not None:
        room, settled = commit_timer(room, closed_at)
    if movers:
        room, fx = commit(room, movers[0], move.code, member.name, now, advised_by)
        room, entry = _keep(room, movers[0], member.name, move, now, seen, "made", rival)
        fx.call = _message(room, entry, rival)
    else:
        assert rival is not None  # lost
        room, entry = _keep(room, member.seats[0], member.name, move, now, seen, "lost",
                            rival)
        fx = Effects(refusal=ProtocolError("call/lost", f"{rival['by']} called first, "
                                           f"{entry['margin_ms']} ms before you."),
                     call=_message(room, entry, rival))
    if settled is not None:
        fx.state = True
        fx.proposals = fx.proposals or settled.proposals
    return room, fx


def _window_closed(room: Room, now: float) -> float | None:
    """When the latest call made has had its time (the table has not moved since, and
    the clock's move after it was due before ``now``): that time, else ``None``."""
    made = [c for c in room.calls if c["outcome"] == "made"]
    if not made or made[-1]["version"] != room.version:
        return None
    timer = room.game.timer(room.play.state)
    if timer is None:
        return None
    at = room.moved_at + timer[0] / 1000
    return at if at < now else None


def _was_legal(room: Room, member: Member, seen: int, move: Move) -> bool:
    """Whether the call was right at the position the caller saw (one of this deal's: a
    round table's versions count its moves, undo being off)."""
    k = seen - (room.version - len(room.log))
    if not 0 <= k < len(room.play.states):
        return False
    at = room.play.states[k]
    return any(move in room.game.legal_moves(at, s) for s in member.seats)


def _rival(room: Room, seen: int) -> dict[str, Any] | None:
    """The latest call made, if the caller had not seen more than its own position."""
    for c in reversed(room.calls):
        if c["outcome"] == "made":
            return c if c["version"] >= seen else None
    return None


def _keep(room: Room, seat: int, by: str, move: Move, now: float, seen: int, outcome: str,
          rival: dict[str, Any] | None) -> tuple[Room, dict[str, Any]]:
    entry = {"seat": seat, "by": by, "move": move.code, "at": round(now, 6), "seen": seen,
             "version": room.version, "outcome": outcome,
             "first": None if rival is None else rival["seat"],
             "margin_ms": None if rival is None else round((now - rival["at"]) * 1000, 1)}
    if outcome == "made" or sum(c["outcome"] == "lost" for c in room.calls) < MAX_LOST:
        room = room.but(calls=room.calls.append(entry))
    return room, entry


def _message(room: Room, entry: dict[str, Any], rival: dict[str, Any] | None
             ) -> outbound.Call:
    who = f"{entry['by']} ({room.game.seat_name(entry['seat'])})"
    if rival is None:
        text = f"{who} calls first"
    else:
        first = f"{rival['by']} ({room.game.seat_name(rival['seat'])})"
        late = ": too late" if entry["outcome"] == "lost" else ""
        text = f"{who} calls {entry['margin_ms']} ms after {first}{late}"
    return outbound.call(room.id, room.version, entry["seat"], entry["by"], entry["move"],
                         entry["outcome"], entry["first"], entry["margin_ms"], text)
