"""Heavy work a member asks for: a hint, an analysis. Checked on the room at once and
made into a job (:mod:`server.heavy`): a value holding only what the work needs, run in a
worker process (:mod:`server.pool`), never on the room or the event loop."""

from __future__ import annotations

from protocol.errors import ProtocolError

from . import heavy
from .members import ADVISOR, PLAYER
from .room import Room
from .views import record


def hint_job(room: Room, member_id: str) -> heavy.HintJob:
    """Check that the member may ask for a hint now; return the job that makes it."""
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
    return heavy.hint_job(room.id, room.version, room.play.record, seat, as_watcher)


def analysis_job(room: Room, member_id: str) -> heavy.AnalysisJob:
    """Once the game is over (its record, seed and all, is public then), the job that
    analyses it (:mod:`rules.analysis`); ``record/not_available`` before."""
    room.member(member_id)
    return heavy.analysis_job(room.id, room.version, record(room))
