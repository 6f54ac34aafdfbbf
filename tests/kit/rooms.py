"""Room logic for tests: a room driven command after command (:class:`Live`), a room with
every kind of member and a proposal (:func:`busy_room`), and the check that two rooms
are the same (:func:`same`).

A room is a frozen value and each command a handler returning the room after it
(:mod:`server.commands`); a test that plays a scene keeps the latest room in a
:class:`Live`, which runs each handler on it by the handler's name and reads the rest
(fields, queries, views) from the current room.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from protocol.limits import Limits
from server import advice, calls, commands, host, jobs, play, seating, views
from server.members import Effects
from server.room import ADVISOR, PLAYER, WATCHER, Policy, Room
from server.stores.room_codec import dump

#: Handlers by name: ``live.move(...)`` runs ``calls.move(live.room, ...)``.
HANDLERS: dict[str, Callable[..., tuple[Room, Effects]]] = {
    "move": calls.move, "undo": play.undo, "next_deal": play.next_deal,
    "commit": play.commit, "commit_timer": play.commit_timer,
    "propose": advice.propose, "take": advice.take, "vote": advice.vote,
    "join": seating.join, "leave": seating.leave, "connect": seating.connect,
    "disconnect": seating.disconnect, "hold_node": seating.hold_node,
    "drop_nodes": seating.drop_nodes, "add_bot": seating.add_bot,
    "invite": seating.invite, "set_role": seating.set_role,
    "chat": host.chat, "lock": host.lock, "kick": host.kick, "close": host.close,
    "set_host": host.set_host,
    "run_due": commands.run_due,
}
#: Views and jobs by name: ``live.state_message(0)`` is ``views.state_message(room, 0)``.
READERS: dict[str, Callable[..., Any]] = {
    "state_message": views.state_message, "presence_message": views.presence_message,
    "proposals_message": views.proposals_message,
    "proposals_audience": views.proposals_audience, "record": views.record,
    "info": views.info, "events_since": views.events_since,
    "members_page": views.members_page, "fairness": views.fairness,
    "event_for": views.event_for, "hint_job": jobs.hint_job,
    "analysis_job": jobs.analysis_job,
}


class Live:
    """The latest room of a scene: each handler run through it becomes the room."""

    def __init__(self, room: Room) -> None:
        self.room = room

    def __getattr__(self, name: str) -> Any:
        handler = HANDLERS.get(name)
        if handler is not None:
            def run(*args: Any, **kwargs: Any) -> Effects:
                self.room, fx = handler(self.room, *args, **kwargs)
                return fx
            return run
        reader = READERS.get(name)
        if reader is not None:
            return lambda *args, **kwargs: reader(self.room, *args, **kwargs)
        return getattr(self.room, name)

    def add_member(self, role: str, name: str, seat: int | None = None,
                   all_seats: bool = False) -> Any:
        self.room, member, token = seating.add_member(self.room, role, name, seat,
                                                      all_seats)
        return member, token

    def tick(self, now: float) -> Effects | None:
        step = advice.tick(self.room, now)
        if step is None:
            return None
        self.room, fx = step
        return fx

    def start_deal(self, now: float) -> None:
        self.room = play.start_deal(self.room, now)


def live(game: str, options: dict[str, Any], deal: int, policy: Policy | None = None,
         limits: Limits | None = None, now: float = 1000.0) -> Live:
    """A new room of ``game`` dealing ``deal``, to drive command after command."""
    return Live(play.new_room(game, options, deal, policy or Policy(), limits or Limits(),
                              now))


def busy_room() -> Room:
    r = live("sympathy", {"packets": 5}, 99, Policy(advice="invited", undo="past_reveal"),
             now=10.0)
    p, _ = r.add_member(PLAYER, "Ann", all_seats=True)
    x, _ = r.add_member(ADVISOR, "Xan")
    r.add_member(WATCHER, "Wes")
    r.invite(p.id, x.id)
    r.move(p.id, 0, "open", 11.0)
    r.move(p.id, 1, "t2", 12.0)
    r.propose(x.id, 2, r.game.legal_moves(r.play.state, r.play.state.to_move)[0].code, 13.0)
    r.lock(p.id, True)
    return r.room


def same(a: Room, b: Room) -> None:
    assert dump(a) == dump(b)
    assert a.play.state == b.play.state and a.play.record == b.play.record
    assert a.commitment == b.commitment
    for audience in (None, 0, 1):
        assert views.state_message(a, audience) == views.state_message(b, audience)
    assert views.presence_message(a) == views.presence_message(b)
    assert views.proposals_message(a) == views.proposals_message(b)
