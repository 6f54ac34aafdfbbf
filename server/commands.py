"""The commands a member sends inside a room: ONE table, name → handler.

Each entry turns a checked request into a pure handler over the room value (a
:data:`~server.room.Step`: the room after it and its effects) that the store commits
atomically; the shell sends the reply and performs the effects. To add a room command
(say ``hint`` or ``next_deal``):

1. its fields in ``protocol.messages.SCHEMAS`` (and its line in ``protocol/README.md``);
2. a handler in the module of its kind (:mod:`server.play`, :mod:`server.advice`,
   :mod:`server.seating`, :mod:`server.host`) that checks, makes the new room and says
   what to send;
3. one entry here.

Commands outside a room (``hello``, ``create``, ``join``, ...) are the shell's: see
``server.sessions.SESSION_COMMANDS``. A test checks that the two tables together name
exactly the messages of the protocol.

:func:`run_due` plays what the table does by itself (a computer player's move, the
game's clock), asked by :mod:`server.scheduler`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from protocol.errors import ProtocolError
from protocol.messages import Request
from rules import render

from . import advice, host, play, seating
from .calls import move
from .chance import Chance
from .jobs import analysis_job, hint_job
from .members import Effects
from .room import Room, Step
from .views import members_page, record

#: ``run(room, member_id, request, now, chance)``: the handler, run on the committed
#: room; ``chance`` is the server's (:mod:`server.chance`), for a new deal.
Run = Callable[[Room, str, Request, float, Chance], Step]

#: A due move is played this early at most (the clocks of the timer and of the loop).
DUE_SLACK = 0.005

log = logging.getLogger("sympathy.server")


@dataclass(frozen=True, slots=True)
class RoomCommand:
    run: Run
    #: Counted in ``sympathy_moves_total`` when it changes the table.
    is_move: bool = False
    #: Reads the stored room and changes nothing (no commit, no broadcast); ``run``
    #: returns the room as it was and ``Effects(answer=...)`` or ``Effects(work=...)``.
    read_only: bool = False
    #: Read-only work for the pool of worker processes (``run`` returns
    #: ``Effects(work=...)``): a place in the pool is taken before it runs.
    heavy: bool = False


def _read(answer: Callable[[Room, str, Request], Effects]) -> Run:
    return lambda r, me, q, now, _: (r, answer(r, me, q))


ROOM_COMMANDS: dict[str, RoomCommand] = {
    "move": RoomCommand(lambda r, me, q, now, _: move(r, me, q["version"], q["move"], now),
                        is_move=True),
    "undo": RoomCommand(lambda r, me, q, now, _: play.undo(r, me, q["version"], now)),
    "propose": RoomCommand(
        lambda r, me, q, now, _: advice.propose(r, me, q["version"], q["move"], now)),
    "take": RoomCommand(
        lambda r, me, q, now, _: advice.take(r, me, q["version"], q["move"], now),
        is_move=True),
    "vote": RoomCommand(lambda r, me, q, now, _: advice.vote(r, me, q["version"], now),
                        is_move=True),
    "chat": RoomCommand(lambda r, me, q, now, _: host.chat(r, me, q["text"], now)),
    "record": RoomCommand(_read(lambda r, me, q: Effects(answer=record(r))), read_only=True),
    "members": RoomCommand(
        _read(lambda r, me, q: Effects(answer=members_page(r, q.get("offset", 0)))),
        read_only=True),
    "hint": RoomCommand(_read(lambda r, me, q: Effects(work=hint_job(r, me))),
                        read_only=True, heavy=True),
    "analysis": RoomCommand(_read(lambda r, me, q: Effects(work=analysis_job(r, me))),
                            read_only=True, heavy=True),
    "lock": RoomCommand(lambda r, me, q, now, _: host.lock(r, me, q["locked"])),
    "kick": RoomCommand(lambda r, me, q, now, _: host.kick(r, me, q["member"])),
    "set_role": RoomCommand(
        lambda r, me, q, now, _: seating.set_role(r, me, q["member"], q["role"],
                                                  q.get("seat"))),
    "invite": RoomCommand(
        lambda r, me, q, now, _: seating.invite(r, me, q["member"], q.get("seat"))),
    "set_host": RoomCommand(lambda r, me, q, now, _: host.set_host(r, me, q["member"])),
    "close": RoomCommand(lambda r, me, q, now, _: host.close(r, me, now)),
    "next_deal": RoomCommand(
        lambda r, me, q, now, chance: play.next_deal(
            r, me, bool(q.get("same")), r.seed if q.get("same") else chance.deal(), now)),
    "bot": RoomCommand(lambda r, me, q, now, _: seating.add_bot(r, me, q.get("seat"))),
}


def run_due(room: Room, version: int, now: float, rand: int) -> Step:
    """Play what :meth:`Room.due` names, if the table is still at ``version`` and it is
    due by ``now``; else ``move/stale`` (another process played it, or the position
    moved on: nothing to do). ``rand``: a random number for a computer player."""
    due = room.due()
    if version != room.version or due is None or due.at > now + DUE_SLACK:
        raise ProtocolError("move/stale", "Nothing is due at this version.")
    if due.kind == "timer":
        return play.commit_timer(room, now)
    bot = next(m for i in room.bots if (m := room.members.get(i)) is not None
               and due.seat in m.seats)
    view = render(room.game, room.play.state, due.seat)  # its own seat's view only
    codes = [m["code"] for m in view["moves"].get(str(due.seat), ())]
    if not codes:  # pragma: no cover - a seat to move has moves
        raise ProtocolError("move/stale", "The computer player has no move.")
    try:
        code = room.game.bot_move(view, due.seat, rand)
    except Exception:  # a policy's bug must not stop the table
        code = ""
    if code not in codes:
        # never the code itself in a log line: it may name the seat's cards
        log.warning("%s: bot_move for seat %d failed or gave no legal move; playing the "
                    "first", room.game.id, due.seat)
        code = codes[0]
    return move(room, bot.id, room.version, code, now)
