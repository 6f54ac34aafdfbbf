"""Advice at a table: proposals, taking one, the vote; at a competitive table, per seat.

Advisors propose moves that the rules allow now; the player to move takes one (``take``),
or plays the most-proposed (``vote``, or by itself at the vote's deadline). At a
competitive table an advisor sits behind one seat (:func:`server.seating.invite`): they
propose that seat's moves only, and a seat's proposals go to its player and the advisors
behind it, nobody else (judging or showing another's would tell about a hand).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from protocol import outbound
from protocol.errors import ProtocolError
from rules.game import Seat

from .members import ADVISOR, PLAYER, Effects, Proposal, proposal_key

if TYPE_CHECKING:
    from .room import Room


def propose(room: Room, member_id: str, version: int, code: str, now: float) -> Effects:
    member = room.member(member_id)
    if member.role != ADVISOR or room.policy.advice == "nobody" or (
            room.policy.advice == "invited" and not member.invited):
        raise ProtocolError("advice/not_allowed")
    if room.competitive and member.behind is None:
        # judging a plain advisor's proposal would tell them about a hand
        raise ProtocolError("advice/not_allowed", "At a competitive table an advisor "
                            "sits behind one seat: ask the host or that seat's player "
                            "to invite you behind it.")
    room._check_version(version)
    move = room.game.parse_move(code)
    state = room.play.state
    seats = [member.behind] if member.behind is not None else room.game.to_move(state)
    legal = [m for s in seats if s in room.game.to_move(state)
             for m in room.game.legal_moves(state, s)]
    if move not in legal:
        raise ProtocolError("advice/illegal", f"'{move.code}' is not a legal move now.")
    key = proposal_key(member.behind, move.code)
    p = room.proposals.get(key)
    if p is None:
        room.proposals[key] = Proposal(move.code, [member.id], now, member.behind)
        if room.policy.advice_mode == "vote" and room.policy.vote_after and \
                room.vote_deadline is None:
            room.vote_deadline = now + room.policy.vote_after
    elif member.id not in p.by:
        p.by.append(member.id)
    return Effects(reply={"version": room.version}, proposals=True)


def take(room: Room, member_id: str, version: int, code: str, now: float) -> Effects:
    member = room.member(member_id)
    room._check_version(version)
    seat = room._seat_to_move(member)
    p = room.proposals.get(proposal_key(seat if room.competitive else None,
                                        room.game.parse_move(code).code))
    if p is None:
        raise ProtocolError("advice/no_proposal")
    names = [room.members[i].name for i in p.by if i in room.members]
    return room.move(member_id, version, p.move, now, advised_by=names)


def vote(room: Room, member_id: str, version: int, now: float) -> Effects:
    member = room.member(member_id)
    room._check_version(version)
    seat = room._seat_to_move(member)
    best = best_proposal(room, seat if room.competitive else None)
    if best is None:
        raise ProtocolError("advice/no_proposal", "There is no proposal to vote on.")
    names = [room.members[i].name for i in best.by if i in room.members]
    return room._commit(seat, best.move, member.name, now, names)


def best_proposal(room: Room, seat: Seat | None = None) -> Proposal | None:
    """The most-proposed move (ties: the earliest), for ``seat`` at a competitive
    table."""
    found = [p for p in room.proposals.values() if p.seat == seat]
    if not found:
        return None
    return max(found, key=lambda p: (len(p.by), -p.first_at))


def tick(room: Room, now: float) -> Effects | None:
    """Play the vote when its deadline has passed (vote mode with a time)."""
    if room.vote_deadline is None or now < room.vote_deadline:
        return None
    movers = room.game.to_move(room.play.state)
    bots = set(room.bot_seats())
    seat = next((s for s in movers if s not in bots), None)
    best = best_proposal(room, seat if room.competitive else None)
    if best is None or seat is None:
        room.vote_deadline = None
        return None
    names = [room.members[i].name for i in best.by if i in room.members]
    return room._commit(seat, best.move, "the vote", now, names)


def proposals_audience(room: Room, member_id: str) -> tuple[bool, Seat | None]:
    """Whether the member is sent proposals, and for which seat (``None``: every
    proposal, at a cooperative table). At a competitive table a seat's proposals go to
    its player and the advisors behind it only."""
    m = room.members.get(member_id)
    if m is None or m.role not in (PLAYER, ADVISOR) or m.bot:
        return False, None
    if not room.competitive:
        return True, None
    seat = room.audience(member_id)
    return seat is not None, seat


def proposals_message(room: Room, seat: Seat | None = None) -> outbound.Proposals:
    """The proposals open now (for ``seat`` at a competitive table)."""
    items = []
    mine = [p for p in room.proposals.values() if p.seat == seat]
    for p in sorted(mine, key=lambda p: (-len(p.by), p.first_at)):
        move = room.game.parse_move(p.move)
        items.append({"move": p.move, "text": room.game.describe(room.play.state, move),
                      "by": [room.members[i].name for i in p.by if i in room.members],
                      "votes": len(p.by)})
    return outbound.proposals(room.id, room.version, items, room.vote_deadline)


def drop_proposals(room: Room, member_id: str) -> None:
    for p in room.proposals.values():
        if member_id in p.by:
            p.by.remove(member_id)
    room.proposals = {k: p for k, p in room.proposals.items() if p.by}
