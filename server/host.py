"""What the host does to the room (lock, kick, close, hand the host role on), and chat.

Pure handlers over a :class:`~server.room.Room` value, like :mod:`server.play`.
"""

from __future__ import annotations

import dataclasses

from protocol import outbound
from protocol.errors import ProtocolError

from .advice import drop_proposals
from .members import Effects
from .room import Room, Step
from .text import clean


def chat(room: Room, member_id: str, text: str, now: float) -> Step:
    member = room.member(member_id)
    body = clean(text, room.limits.max_chat)
    if not body:
        raise ProtocolError("proto/bad_field", "Say something: the message is empty.")
    msg = outbound.chat(room.id, member.name, member.id, member.role, body, round(now, 3))
    return room, Effects(reply={}, chat=msg)


def lock(room: Room, member_id: str, locked: bool) -> Step:
    room.check_host(member_id)
    return room.but(locked=locked), Effects(reply={"locked": locked}, presence=True)


def kick(room: Room, member_id: str, target: str) -> Step:
    room.check_host(member_id)
    victim = room.member(target)
    if victim.id == room.host:
        raise ProtocolError("auth/denied", "The host cannot kick themselves; close the "
                            "room instead.")
    members = dict(room.members)
    del members[victim.id]
    room = drop_proposals(room.with_members(members), victim.id)
    notice = outbound.kicked(room.id, "The host removed you.")
    return room, Effects(reply={}, presence=True, proposals=True,
                         notices=[(victim.id, notice)], detach=[victim.id])


def set_host(room: Room, member_id: str, target: str) -> Step:
    """``set_host``: the host hands the host role to another person in the room, who is
    there now (a computer player, someone away, or the host themself:
    ``host/cannot_pass``). Seats and roles stay as they are; presence says who hosts."""
    room.check_host(member_id)
    new = room.member(target)
    if new.id == room.host:
        raise ProtocolError("host/cannot_pass", "You are the host already.")
    if new.bot:
        raise ProtocolError("host/cannot_pass", "A computer player cannot host the room; "
                            "choose a person.")
    if not new.connected:
        raise ProtocolError("host/cannot_pass", f"{new.name} is away just now; choose "
                            "someone who is here.")
    return room.but(host=new.id), Effects(reply={}, presence=True)


def close(room: Room, member_id: str, now: float) -> Step:
    room.check_host(member_id)
    # the room lives on only to say it was closed
    members = {k: dataclasses.replace(m, connected=False, node="")
               for k, m in room.members.items()}
    room = room.with_members(members, closed=True, vote_deadline=None, empty_since=now)
    notice = outbound.closed(room.id, "The host closed the room.")
    return room, Effects(reply={}, notices=[(i, notice) for i in room.members],
                         detach=list(room.members), closed=True)
