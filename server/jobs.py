"""Heavy work a member asks for: a hint, an analysis. Checked on the room at once; the
work itself runs off the event loop (:meth:`server.sessions.Sessions.run_work`) on a
snapshot of what it needs, never on the room."""

from __future__ import annotations

from collections.abc import Callable

from protocol import outbound
from protocol.errors import ProtocolError
from rules.analysis import analyse_record
from rules.hint import hint
from rules.solver import Budget

from .members import ADVISOR, PLAYER
from .room import Room
from .views import record

#: A hint's budget: it answers within about a second on a busy two-core machine.
HINT_SECONDS = 0.8
HINT_NODES = 40_000
#: An analysis's budget (the issue's bound is ten seconds).
ANALYSIS_SECONDS = 8.0

Work = Callable[[Callable[[], float]], outbound.Hint | outbound.Analysis]


def hint_job(room: Room, member_id: str) -> Callable[[Callable[[], float]], outbound.Hint]:
    """Check that the member may ask for a hint now; return the work that makes it."""
    member = room.member(member_id)
    if room.policy.hints == "off":
        raise ProtocolError("hint/not_allowed", "Hints are off at this table.")
    if room.competitive:
        raise ProtocolError("hint/not_allowed", "Hints are not given at a competitive "
                            "table.")
    if member.role == PLAYER:
        seat, as_watcher = room.seat_to_move(member), False
    elif member.role == ADVISOR and room.policy.hints == "all":
        movers = room.game.to_move(room.play.state)
        if not movers:
            raise ProtocolError("move/game_over")
        seat, as_watcher = movers[0], True
    else:
        raise ProtocolError("hint/not_allowed")
    game, state, room_id, version = room.game, room.play.state, room.id, room.version

    def work(clock: Callable[[], float]) -> outbound.Hint:
        budget = Budget.seconds(clock, HINT_SECONDS, nodes=HINT_NODES)
        found = hint(game, state, seat, budget, as_watcher=as_watcher)
        return outbound.hint(room_id, version, found.to_dict())

    return work


def analysis_job(room: Room, member_id: str
                 ) -> Callable[[Callable[[], float]], outbound.Analysis]:
    """Once the game is over (its record, seed and all, is public then), the work that
    analyses it (:mod:`rules.analysis`); ``record/not_available`` before."""
    room.member(member_id)
    rec, room_id, version = record(room), room.id, room.version

    def work(clock: Callable[[], float]) -> outbound.Analysis:
        found = analyse_record(rec, clock, ANALYSIS_SECONDS)
        return outbound.analysis(room_id, version, found.to_dict())

    return work
