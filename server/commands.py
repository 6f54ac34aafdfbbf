"""The commands a member sends inside a room: ONE table, name → what it does.

Each entry turns a checked request into a change of the room (a call of a :class:`Room`
method) that the store commits atomically; the shell sends the reply and performs the
effects. To add a room command (say ``hint`` or ``next_deal``):

1. its fields in ``protocol.messages.SCHEMAS`` (and its line in ``protocol/README.md``);
2. a method on :class:`~server.room.Room` that checks, changes and returns ``Effects``;
3. one entry here.

Commands outside a room (``hello``, ``create``, ``join``, ...) are the shell's: see
``server.sessions.SESSION_COMMANDS``. A test checks that the two tables together name
exactly the messages of the protocol.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from protocol.messages import Request

from .chance import Chance
from .room import Effects, Room

#: ``run(room, member_id, request, now, chance)``: the change, made on the committed
#: room; ``chance`` is the server's (:mod:`server.chance`), for a new deal.
Run = Callable[[Room, str, Request, float, Chance], Effects]


@dataclass(frozen=True, slots=True)
class RoomCommand:
    run: Run
    #: Counted in ``sympathy_moves_total`` when it changes the table.
    is_move: bool = False
    #: Reads the stored room and changes nothing (no commit, no broadcast); ``run``
    #: returns ``Effects(answer=...)``.
    read_only: bool = False
    #: Read-only work for the pool of worker processes (``run`` returns
    #: ``Effects(work=...)``): a place in the pool is taken before it runs.
    heavy: bool = False


def _record(room: Room, me: str, req: Request, now: float, chance: Chance) -> Effects:
    return Effects(answer=room.record())


ROOM_COMMANDS: dict[str, RoomCommand] = {
    "move": RoomCommand(lambda r, me, q, now, _: r.move(me, q["version"], q["move"], now),
                        is_move=True),
    "undo": RoomCommand(lambda r, me, q, now, _: r.undo(me, q["version"], now)),
    "propose": RoomCommand(lambda r, me, q, now, _: r.propose(me, q["version"], q["move"], now)),
    "take": RoomCommand(lambda r, me, q, now, _: r.take(me, q["version"], q["move"], now),
                        is_move=True),
    "vote": RoomCommand(lambda r, me, q, now, _: r.vote(me, q["version"], now), is_move=True),
    "chat": RoomCommand(lambda r, me, q, now, _: r.chat(me, q["text"], now)),
    "record": RoomCommand(_record, read_only=True),
    "members": RoomCommand(
        lambda r, me, q, now, _: Effects(answer=r.members_page(q.get("offset", 0))),
        read_only=True),
    "hint": RoomCommand(lambda r, me, q, now, _: Effects(work=r.hint_job(me)), read_only=True,
                        heavy=True),
    "analysis": RoomCommand(lambda r, me, q, now, _: Effects(work=r.analysis_job(me)),
                            read_only=True, heavy=True),
    "lock": RoomCommand(lambda r, me, q, now, _: r.lock(me, q["locked"])),
    "kick": RoomCommand(lambda r, me, q, now, _: r.kick(me, q["member"])),
    "set_role": RoomCommand(
        lambda r, me, q, now, _: r.set_role(me, q["member"], q["role"], q.get("seat"))),
    "invite": RoomCommand(lambda r, me, q, now, _: r.invite(me, q["member"], q.get("seat"))),
    "close": RoomCommand(lambda r, me, q, now, _: r.close(me, now)),
    "next_deal": RoomCommand(
        lambda r, me, q, now, chance: r.next_deal(me, bool(q.get("same")), chance.deal(),
                                                  now)),
    "bot": RoomCommand(lambda r, me, q, now, _: r.add_bot(me, q.get("seat"))),
}
