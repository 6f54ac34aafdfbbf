"""Playing at a table: a move, the table's clock, undo, autodrop, a new deal.

Pure handlers over a :class:`~server.room.Room` value: each returns the room after it and
its :class:`~server.members.Effects` (a :data:`~server.room.Step`), or raises
:class:`~protocol.errors.ProtocolError` having changed nothing. Calls that race (Snap)
are :mod:`server.calls`; :mod:`server.commands` chooses between the two.
"""

from __future__ import annotations

from typing import Any

from protocol.errors import ProtocolError
from protocol.limits import Limits
from rules import Move, Play, RulesError, make
from rules.game import Game, Seat
from rules.prng import MAX_SEED

from . import fairness
from .chain import Chain
from .members import PLAYER, Effects, Policy, proposal_key
from .move_log import deals_done, named, told_entries
from .room import NOBODY, Room, Step

#: Who the record names for a move the autodrop option played.
AUTODROP = "autodrop"
#: Who the record names for a move the table's clock made (``Game.timer``).
TABLE = "the table"
#: At most this many safe moves after one move (a bound, not a rule).
AUTODROP_LIMIT = 500


def made(game_id: str, options: dict[str, Any]) -> Game[Any]:
    """The game ``game_id`` with ``options``; ``game/unknown`` or ``game/bad_options``."""
    try:
        return make(game_id, options)
    except RulesError as exc:
        raise ProtocolError(rules_code(exc), str(exc)) from None


def new_room(game_id: str, options: dict[str, Any], deal: int, policy: Policy,
             limits: Limits, now: float) -> Room:
    """A room for ``game_id`` dealing ``deal``: the host's deal number, or the server's
    secret draw (:mod:`server.chance`) when the host named none."""
    game = made(game_id, options)
    if not 0 <= deal <= MAX_SEED:
        raise ProtocolError("proto/bad_field", "The deal number is out of range.")
    return start_deal(Room.new(game, deal, policy, limits, now), now)


def move(room: Room, member_id: str, version: int, code: str, now: float,
         advised_by: list[str] | None = None) -> Step:
    """A player's move (not a call: see :func:`server.commands.move`)."""
    member = room.member(member_id)
    room.check_version(version)
    seat = room.seat_to_move(member)
    return commit(room, seat, code, member.name, now, advised_by or [])


def commit(room: Room, seat: Seat, code: str, by: str, now: float,
           advised_by: list[str]) -> Step:
    """Play ``code`` for ``seat``, checked by the rules, and keep it."""
    try:
        m = room.game.parse_move(code)
        play = room.play.push(m, seat)
    except RulesError as exc:
        raise ProtocolError(rules_code(exc), str(exc)) from None
    return moved(room, play, seat, m, by, now, advised_by)


def commit_timer(room: Room, now: float) -> Step:
    """Play the move the game's clock has due (never a move a client can send)."""
    due = room.game.timer(room.play.state)
    if due is None:
        raise ProtocolError("move/stale", "Nothing is due on the table's clock.")
    try:
        play = room.play.push_timer()
    except RulesError as exc:  # pragma: no cover - the game's timer is its own
        raise ProtocolError(rules_code(exc), str(exc)) from None
    return moved(room, play, due[1], due[2], TABLE, now, [])


def moved(room: Room, play: Play[Any], seat: Seat, m: Move, by: str, now: float,
          advised_by: list[str]) -> Step:
    """The room after ``m`` made ``play``: version, log, event, proposals dropped."""
    version = room.version + 1
    text = room.game.narrate(room.play.state, m, play.state)
    if not advised_by and (p := room.proposals.get(
            proposal_key(seat if room.competitive else None, m.code))) is not None:
        # played as proposed, by the move's own key or card rather than by taking the
        # proposal: the advice was taken all the same
        advised_by = [room.members[i].name for i in p.by if i in room.members]
    # the proposals not taken stay in the record, so an analysis can judge them
    left = [{"move": p.move, "by": [room.members[i].name for i in p.by
                                    if i in room.members]}
            for p in room.proposals.values() if p.move != m.code]
    entry = {"n": len(room.log) + 1, "seat": seat, "move": m.code, "by": by,
             "advised_by": advised_by, "left": left, "at": round(now, 3)}
    event = {"version": version, "kind": "move", "seat": seat, "move": m.code, "by": by,
             "advised_by": advised_by, "text": named(room, text)}
    told = room.game.told(room.play.state, m, seat, play.state) if room.competitive \
        else None
    if told:
        event["told"] = told_entries(room, told)
    if room.competitive and deals_done(room.game, play.state) > \
            deals_done(room.game, room.play.state) and room.game.outcome(play.state) is None:
        event["deal_over"] = True  # the table pauses before it moves on (Room.due)
    had = bool(room.proposals)
    after = room.but(play=play, version=version, moved_at=now, log=room.log.append(entry),
                     events=room.events.append(event), proposals=NOBODY,
                     vote_deadline=None)
    if room.policy.autodrop and by != AUTODROP:
        after = autodrop(after, now)
    return after, Effects(reply={"version": after.version}, state=True, proposals=had)


def autodrop(room: Room, now: float) -> Room:
    """Play the moves the game declares safe (:meth:`rules.game.Game.safe_moves`), one
    after another, each logged as made by ``autodrop``: after every move, and when a
    deal begins."""
    for _ in range(AUTODROP_LIMIT):
        state = room.play.state
        for seat in room.game.to_move(state):
            legal = room.game.legal_moves(state, seat)
            safe = next((m for m in room.game.safe_moves(state) if m in legal), None)
            if safe is not None:
                room, _ = commit(room, seat, safe.code, AUTODROP, now, [])
                break
        else:
            return room
    return room


def start_deal(room: Room, now: float) -> Room:
    """A deal begins: at an autodrop table, play its safe moves at once."""
    return autodrop(room, now) if room.policy.autodrop else room


def undo(room: Room, member_id: str, version: int, now: float | None = None) -> Step:
    member = room.member(member_id)
    room.check_version(version)
    if member.role != PLAYER:
        raise ProtocolError("auth/denied", "Only a player can take back a move.")
    if room.policy.undo == "off":
        raise ProtocolError("move/undo_refused", "Undo is off at this table.")
    if room.competitive:
        raise ProtocolError("move/undo_refused", "Moves cannot be taken back at a "
                            "competitive table.")
    if room.over:
        raise ProtocolError("move/game_over")
    # At an autodrop table the safe moves played after a move go back with it (taken
    # back alone, the table would show a safe move it has not played); all or none.
    log = room.log
    k = len(log)
    while k and log[k - 1]["by"] == AUTODROP:
        k -= 1
    if not k and len(log):
        raise ProtocolError("move/undo_refused", "Only the moves the table played by "
                            "itself are left, and it would play them again.")
    play = room.play
    try:
        for _ in range(max(1, len(log) - k + 1)):
            play = play.undo(past_reveal=room.policy.undo == "past_reveal")
    except RulesError as exc:
        raise ProtocolError(rules_code(exc), str(exc)) from None
    undone, dropped = log[k - 1], len(log) - k
    version = room.version + 1
    also = f" and the {dropped} safe move{'s' * (dropped > 1)} the table played " \
        "after it" if dropped else ""
    event = {"version": version, "kind": "undo", "move": undone["move"], "by": member.name,
             "text": f"{member.name} takes back '{undone['move']}'{also}"}
    after = room.but(play=play, log=log.cut(k - 1), version=version,
                     moved_at=room.moved_at if now is None else now,
                     events=room.events.append(event), proposals=NOBODY,
                     vote_deadline=None)
    return after, Effects(reply={"version": version}, state=True,
                          proposals=bool(room.proposals))


def next_deal(room: Room, member_id: str, same: bool, deal: int,
              now: float | None = None) -> Step:
    """``next_deal``: once the deal is over, the host deals again in this room, a new
    deal (``deal``: the server's secret draw, :mod:`server.chance`) or (``same``, a
    rematch) the same one, with a new salt and commitment. The finished deal goes into
    the tally; its record is no longer available."""
    room.check_host(member_id)
    outcome = room.game.outcome(room.play.state)
    if outcome is None:
        raise ProtocolError("move/not_over")
    seed = room.seed if same else deal
    salt = fairness.new_salt()
    version = room.version + 1
    name = room.members[member_id].name
    deals_before = room.deals_before + 1
    # a round game's state is a whole match of deals: the room deals a new match
    word = "match" if room.competitive else "deal"
    what = f"the same {word} again" if same else f"a new {word}"
    event = {"version": version, "kind": "deal", "by": name,
             "text": f"{name} deals {what} ({word} {deals_before + 1} in this room)"}
    moved_at = room.moved_at if now is None else now
    after = room.but(
        deals_before=deals_before, won_before=room.won_before + int(outcome.won),
        seed=seed, salt=salt, commitment=fairness.commitment(room.game.id, salt, seed),
        play=Play.start(room.game, seed), log=Chain(), calls=Chain(), proposals=NOBODY,
        vote_deadline=None, version=version, moved_at=moved_at,
        events=room.events.append(event))
    after = start_deal(after, moved_at)
    return after, Effects(reply={"version": after.version}, state=True,
                          proposals=bool(room.proposals))


def rules_code(exc: RulesError) -> str:
    return exc.code if exc.code in _KNOWN else "move/illegal"


_KNOWN = {"game/unknown", "game/bad_options", "move/illegal", "move/not_your_turn",
          "move/game_over", "move/undo_refused"}
