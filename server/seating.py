"""Who sits where: members joining, seats and computer players, roles, advisors behind
a seat.

A player takes a free seat, or one a computer player holds (it leaves); at a competitive
table a person holds one seat. The host seats computer players in empty seats
(:func:`add_bot`), moves members between roles (:func:`set_role`) and invites advisors;
at a competitive table the host or a seat's player seats an advisor behind that seat
(:func:`invite`).
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Collection

from protocol.errors import ProtocolError
from rules.game import Seat

from .advice import drop_proposals
from .members import ADVISOR, PLAYER, WATCHER, Effects, Member, hash_token
from .room import Room, Step
from .text import clean


def add_member(room: Room, role: str, name: str, seat: int | None = None,
               all_seats: bool = False, keeper: str = "") -> tuple[Room, Member, str]:
    """The room with a new member, the member and their token (given once; only its
    hash is kept); ``keeper``: their player key, hashed, or ""."""
    if room.closed:
        raise ProtocolError("room/closed")
    if room.locked and room.members:
        raise ProtocolError("room/locked")
    if len(room.members) >= room.limits.max_members:
        raise ProtocolError("room/full", "The room is full.")
    seats: tuple[Seat, ...] = ()
    if role == PLAYER:
        if all_seats and room.competitive:
            raise ProtocolError("proto/bad_field", "At a competitive table each person "
                                "holds one seat; the host may fill the others with "
                                "computer players ('bot').")
        # a person may take a seat a computer player holds: it leaves the table
        free, bots = room.free_seats(), room.bot_seats()
        if seat is not None and seat >= room.game.seats:
            raise ProtocolError("proto/bad_field", f"This table has {room.game.seats} "
                                "seat(s).")
        if all_seats:
            seats = tuple(free)
        elif seat is not None:
            if seat not in free and seat not in bots:
                raise ProtocolError("room/full", f"Seat {seat} is not free.")
            seats = (seat,)
        elif free or bots:
            seats = (free[0] if free else bots[0],)
        if not seats:
            raise ProtocolError("room/full", "Every seat is taken; join as an advisor "
                                "or a watcher.")
    elif role == ADVISOR and room.policy.advice == "nobody":
        raise ProtocolError("advice/not_allowed", "This table takes no advice; join as "
                            "a watcher.")
    token = secrets.token_urlsafe(24)
    member = Member(secrets.token_hex(6), clean(name, room.limits.max_name) or role,
                    role, hash_token(token), seats, keeper=keeper)
    for s in seats:
        room = unseat_bot(room, s)
    room = room.with_member(member, host=room.host or member.id, empty_since=None)
    return room, member, token


def join(room: Room, role: str, name: str, seat: int | None = None,
         all_seats: bool = False, keeper: str = "") -> Step:
    """``join``: a new member; the reply names them and carries their token."""
    room, member, token = add_member(room, role, name, seat=seat, all_seats=all_seats,
                                     keeper=keeper)
    return room, Effects(reply={"member": member.id, "token": token}, presence=True)


def leave(room: Room, member_id: str, now: float) -> Step:
    """``leave``: a member other than the host is removed (the host may resume)."""
    if member_id != room.host and member_id in room.members:
        members = dict(room.members)
        del members[member_id]
        room = room.with_members(members)
    return set_connected(room, member_id, False, now), Effects(presence=True)


def connect(room: Room, member_id: str, node: str, now: float) -> Step:
    """A connection now holds the member, on server process ``node``."""
    return set_connected(room, member_id, True, now, node=node), Effects(presence=True)


def disconnect(room: Room, member_id: str, now: float) -> Step:
    """The member's connection has gone."""
    if member_id not in room.members:
        return room, Effects()
    return set_connected(room, member_id, False, now), Effects(presence=True)


def set_connected(room: Room, member_id: str, connected: bool, now: float,
                  node: str = "") -> Room:
    m = room.members.get(member_id)
    if m is not None:
        m = dataclasses.replace(m, connected=connected, node=node if connected else "")
        room = room.with_member(m)
    return _update_empty(room, now)


def hold_node(room: Room, node: str, held: Collection[str], now: float) -> Step:
    """Server process ``node`` holds connections for exactly the members ``held`` (it
    was cut from the store: others may have marked its members away, and some may have
    left it meanwhile)."""
    changed = [m for m in room.members.values()
               if (m.id in held and not m.connected)
               or (m.id not in held and m.connected and m.node == node)]
    if changed:
        members = dict(room.members)
        for m in changed:
            on = m.id in held
            members[m.id] = dataclasses.replace(m, connected=on, node=node if on else "")
        room = room.with_members(members)
    return _update_empty(room, now), Effects(presence=bool(changed))


def drop_nodes(room: Room, dead: set[str], now: float) -> Step:
    """Members whose server process has died are no longer connected: a dead process
    holds no one."""
    presence = False
    for node in dead:
        room, fx = hold_node(room, node, (), now)
        presence = presence or fx.presence
    return room, Effects(presence=presence)


def _update_empty(room: Room, now: float) -> Room:
    empty = not any(x.connected and not x.bot for x in room.members.values())
    since = now if empty else None
    return room if since == room.empty_since else room.but(empty_since=since)


def unseat_bot(room: Room, seat: Seat) -> Room:
    """The room without the computer player in ``seat`` (if one sits there)."""
    for i in room.bots:
        m = room.members.get(i)
        if m is not None and seat in m.seats:
            members = dict(room.members)
            del members[m.id]
            room = drop_proposals(room.with_members(members), m.id)
    return room


def add_bot(room: Room, member_id: str, seat: Seat | None) -> Step:
    """``bot``: the host seats a computer player in ``seat``, or in every empty seat."""
    room.check_host(member_id)
    if seat is not None and seat >= room.game.seats:
        raise ProtocolError("proto/bad_field", f"This table has {room.game.seats} "
                            "seat(s).")
    free = room.free_seats()
    wanted = free if seat is None else [seat]
    if not wanted or any(s not in free for s in wanted):
        raise ProtocolError("room/full", "That seat is not empty." if seat is not None
                            else "No seat is empty.")
    if len(room.members) + len(wanted) > room.limits.max_members:
        raise ProtocolError("room/full", "The room is full.")
    members = dict(room.members)
    for s in wanted:
        bot = Member(secrets.token_hex(6), f"Computer ({room.game.seat_name(s)})",
                     PLAYER, "", (s,), bot=True)
        members[bot.id] = bot
    return room.with_members(members), Effects(reply={}, presence=True)


def invite(room: Room, member_id: str, target: str, seat: Seat | None = None) -> Step:
    """``invite``: the host lets an advisor propose at an ``advice: invited`` table;
    with ``seat`` (a competitive table), the host or that seat's player seats an
    advisor or a watcher behind the seat: they see its view and propose its moves."""
    if seat is None:
        room.check_host(member_id)
        m = dataclasses.replace(room.member(target), invited=True)
        return room.with_member(m), Effects(reply={}, presence=True)
    if not room.competitive:
        raise ProtocolError("proto/bad_field", "Advisors sit behind a seat at a "
                            "competitive table only; here every advisor advises the "
                            "table.")
    if seat >= room.game.seats:
        raise ProtocolError("proto/bad_field", f"This table has {room.game.seats} "
                            "seat(s).")
    me = room.member(member_id)
    if member_id != room.host and not (me.role == PLAYER and seat in me.seats):
        raise ProtocolError("auth/denied", "Only the host or that seat's player can "
                            "invite an advisor behind it.")
    m = room.member(target)
    if m.role == PLAYER or m.bot:
        raise ProtocolError("auth/denied", "A player cannot sit behind another seat.")
    if room.policy.advice == "nobody":
        raise ProtocolError("advice/not_allowed")
    room = drop_proposals(room, m.id)
    m = dataclasses.replace(m, role=ADVISOR, behind=seat, invited=True)
    return room.with_member(m), Effects(reply={}, presence=True, state=True, proposals=True)


def set_role(room: Room, member_id: str, target: str, role: str, seat: int | None) -> Step:
    """Move a member between roles; giving a held seat hands it over."""
    room.check_host(member_id)
    m = room.member(target)
    if m.bot:
        raise ProtocolError("proto/bad_field", "A computer player only sits in its "
                            "seat; kick it to empty the seat.")
    if role == PLAYER:
        if seat is None:
            free = room.free_seats() or room.bot_seats()
            if not free:
                raise ProtocolError("room/full", "Every seat is taken; name the seat "
                                    "to hand over.")
            seat = free[0]
        if not 0 <= seat < room.game.seats:
            raise ProtocolError("proto/bad_field", f"This game has {room.game.seats} "
                                "seat(s).")
        room = unseat_bot(room, seat)
        members = dict(room.members)
        for other in room.members.values():
            if other.id != m.id and seat in other.seats:
                seats = tuple(s for s in other.seats if s != seat)
                members[other.id] = dataclasses.replace(
                    other, seats=seats, role=other.role if seats else
                    ADVISOR if room.policy.advice != "nobody" else WATCHER)
        # at a competitive table a person holds one seat: giving another moves them
        keep = m.role == PLAYER and not room.competitive
        members[m.id] = dataclasses.replace(
            m, seats=tuple(sorted({*m.seats, seat})) if keep else (seat,), role=role,
            behind=None)
        room = room.with_members(members)
    else:
        if role == ADVISOR and room.policy.advice == "nobody":
            raise ProtocolError("advice/not_allowed")
        room = room.with_member(dataclasses.replace(m, seats=(), role=role, behind=None))
    room = drop_proposals(room, m.id)
    return room, Effects(reply={}, presence=True, state=True, proposals=True)
