"""Advice at a table: proposals, taking one, the vote; at a competitive table, per seat.

Advisors propose moves that the rules allow now; the player to move takes one (``take``),
or plays the most-proposed (``vote``, or by itself at the vote's deadline). At a
competitive table an advisor sits behind one seat (:func:`server.seating.invite`): they
propose that seat's moves only, and a seat's proposals go to its player and the advisors
behind it, nobody else (judging or showing another's would tell about a hand).
"""

from __future__ import annotations

from protocol.errors import ProtocolError
from rules.game import Seat

from .calls import move
from .members import ADVISOR, Effects, Proposal, proposal_key
from .play import commit
from .room import Room, Step


def propose(room: Room, member_id: str, version: int, code: str, now: float) -> Step:
    member = room.member(member_id)
    if member.role != ADVISOR or room.policy.advice == "nobody" or (
            room.policy.advice == "invited" and not member.invited):
        raise ProtocolError("advice/not_allowed")
    if room.competitive and member.behind is None:
        # judging a plain advisor's proposal would tell them about a hand
        raise ProtocolError("advice/not_allowed", "At a competitive table an advisor "
                            "sits behind one seat: ask the host or that seat's player "
                            "to invite you behind it.")
    room.check_version(version)
    move = room.game.parse_move(code)
    state = room.play.state
    seats = [member.behind] if member.behind is not None else room.game.to_move(state)
    legal = [m for s in seats if s in room.game.to_move(state)
             for m in room.game.legal_moves(state, s)]
    if move not in legal:
        raise ProtocolError("advice/illegal", f"'{move.code}' is not a legal move now.")
    key = proposal_key(member.behind, move.code)
    p = room.proposals.get(key)
    proposals = dict(room.proposals)
    deadline = room.vote_deadline
    if p is None:
        proposals[key] = Proposal(move.code, (member.id,), now, member.behind)
        if room.policy.advice_mode == "vote" and room.policy.vote_after and \
                deadline is None:
            deadline = now + room.policy.vote_after
    elif member.id not in p.by:
        proposals[key] = Proposal(p.move, (*p.by, member.id), p.first_at, p.seat)
    after = room.but(proposals=proposals, vote_deadline=deadline)
    return after, Effects(reply={"version": room.version}, proposals=True)


def take(room: Room, member_id: str, version: int, code: str, now: float) -> Step:
    member = room.member(member_id)
    room.check_version(version)
    seat = room.seat_to_move(member)
    p = room.proposals.get(proposal_key(seat if room.competitive else None,
                                        room.game.parse_move(code).code))
    if p is None:
        raise ProtocolError("advice/no_proposal")
    names = [room.members[i].name for i in p.by if i in room.members]
    return move(room, member_id, version, p.move, now, advised_by=names)


def vote(room: Room, member_id: str, version: int, now: float) -> Step:
    member = room.member(member_id)
    room.check_version(version)
    seat = room.seat_to_move(member)
    best = best_proposal(room, seat if room.competitive else None)
    if best is None:
        raise ProtocolError("advice/no_proposal", "There is no proposal to vote on.")
    names = [room.members[i].name for i in best.by if i in room.members]
    return commit(room, seat, best.move, member.name, now, names)


def best_proposal(room: Room, seat: Seat | None = None) -> Proposal | None:
    """The most-proposed move (ties: the earliest), for ``seat`` at a competitive
    table."""
    found = [p for p in room.proposals.values() if p.seat == seat]
    if not found:
        return None
    return max(found, key=lambda p: (len(p.by), -p.first_at))


def tick(room: Room, now: float) -> Step | None:
    """Play the vote when its deadline has passed (vote mode with a time)."""
    if room.vote_deadline is None or now < room.vote_deadline:
        return None
    movers = room.game.to_move(room.play.state)
    bots = set(room.bot_seats())
    seat = next((s for s in movers if s not in bots), None)
    best = best_proposal(room, seat if room.competitive else None)
    if best is None or seat is None:
        return room.but(vote_deadline=None), Effects()
    names = [room.members[i].name for i in best.by if i in room.members]
    return commit(room, seat, best.move, "the vote", now, names)


def drop_proposals(room: Room, member_id: str) -> Room:
    """The room without ``member_id``'s proposals (a proposal no one holds goes)."""
    if not any(member_id in p.by for p in room.proposals.values()):
        return room
    proposals = {}
    for k, p in room.proposals.items():
        by = tuple(i for i in p.by if i != member_id)
        if by:
            proposals[k] = p if by == p.by else Proposal(p.move, by, p.first_at, p.seat)
    return room.but(proposals=proposals)
