"""Who sits where: members joining, seats and computer players, roles, advisors behind
a seat.

A player takes a free seat, or one a computer player holds (it leaves); at a competitive
table a person holds one seat. The host seats computer players in empty seats
(:func:`add_bot`), moves members between roles (:func:`set_role`) and invites advisors;
at a competitive table the host or a seat's player seats an advisor behind that seat
(:func:`invite`).
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from protocol.errors import ProtocolError
from rules.game import Seat

from .advice import drop_proposals
from .members import ADVISOR, PLAYER, WATCHER, Effects, Member, hash_token
from .text import clean

if TYPE_CHECKING:
    from .room import Room


def add_member(room: Room, role: str, name: str, seat: int | None = None,
               all_seats: bool = False) -> tuple[Member, str]:
    """A new member and their token (given once; only its hash is kept)."""
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
        free, bots = room.free_seats(), bot_seats(room)
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
                    role, hash_token(token), seats)
    for s in seats:
        unseat_bot(room, s)
    room.members[member.id] = member
    if not room.host:
        room.host = member.id
    room.empty_since = None
    return member, token


def bot_seats(room: Room) -> list[Seat]:
    """The seats computer players hold (a person joining may take them)."""
    members = room.members
    return sorted(s for i in room.bot_ids() if (m := members.get(i)) is not None and m.bot
                  for s in m.seats)


def unseat_bot(room: Room, seat: Seat) -> None:
    for i in list(room.bot_ids()):
        m = room.members.get(i)
        if m is not None and m.bot and seat in m.seats:
            del room.members[m.id]
            room.bot_ids().discard(m.id)
            drop_proposals(room, m.id)


def add_bot(room: Room, member_id: str, seat: Seat | None) -> Effects:
    """``bot``: the host seats a computer player in ``seat``, or in every empty seat."""
    room._host(member_id)
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
    for s in wanted:
        bot = Member(secrets.token_hex(6), f"Computer ({room.game.seat_name(s)})",
                     PLAYER, "", (s,), bot=True)
        room.members[bot.id] = bot
        room.bot_ids().add(bot.id)
    return Effects(reply={}, presence=True)


def invite(room: Room, member_id: str, target: str, seat: Seat | None = None) -> Effects:
    """``invite``: the host lets an advisor propose at an ``advice: invited`` table;
    with ``seat`` (a competitive table), the host or that seat's player seats an
    advisor or a watcher behind the seat: they see its view and propose its moves."""
    if seat is None:
        room._host(member_id)
        room.member(target).invited = True
        return Effects(reply={}, presence=True)
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
    drop_proposals(room, m.id)
    m.role, m.behind, m.invited = ADVISOR, seat, True
    return Effects(reply={}, presence=True, state=True, proposals=True)


def set_role(room: Room, member_id: str, target: str, role: str, seat: int | None) -> Effects:
    """Move a member between roles; giving a held seat hands it over."""
    room._host(member_id)
    m = room.member(target)
    if m.bot:
        raise ProtocolError("proto/bad_field", "A computer player only sits in its "
                            "seat; kick it to empty the seat.")
    if role == PLAYER:
        if seat is None:
            free = room.free_seats() or bot_seats(room)
            if not free:
                raise ProtocolError("room/full", "Every seat is taken; name the seat "
                                    "to hand over.")
            seat = free[0]
        if not 0 <= seat < room.game.seats:
            raise ProtocolError("proto/bad_field", f"This game has {room.game.seats} "
                                "seat(s).")
        unseat_bot(room, seat)
        for other in room.members.values():
            if other.id != m.id and seat in other.seats:
                other.seats = tuple(s for s in other.seats if s != seat)
                if not other.seats:
                    other.role = ADVISOR if room.policy.advice != "nobody" else WATCHER
        # at a competitive table a person holds one seat: giving another moves them
        keep = m.role == PLAYER and not room.competitive
        m.seats = tuple(sorted({*m.seats, seat})) if keep else (seat,)
    else:
        if role == ADVISOR and room.policy.advice == "nobody":
            raise ProtocolError("advice/not_allowed")
        m.seats = ()
    m.role, m.behind = role, None
    drop_proposals(room, m.id)
    return Effects(reply={}, presence=True, state=True, proposals=True)
