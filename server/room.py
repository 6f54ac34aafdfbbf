"""One room, as pure logic: members, seats, the game, advice, host controls.

No I/O and no clock: every method takes ``now`` when it needs time and returns an
:class:`Effects` saying what the shell must send. Errors are
:class:`~protocol.errors.ProtocolError` with a stable code; a refused command changes
nothing (but a call that lost its race, which is kept: see :mod:`server.calls`). The
room holds the secret seed; only :meth:`Room.state_message` and :meth:`Room.record` make
what members see, and the first never carries the seed.

A *competitive* table (a round game: ``cooperative=False``) differs in a few ways, all
here: each person holds one seat; each member sees the view of one audience
(:meth:`Room.audience`: their seat, the seat an advisor sits behind, or the watchers'
``None``); a move's code is shown only to its own seat's audience (codes may name the
mover's own cards); proposals are per seat; undo and hints are off; empty seats may hold
computer players (:meth:`Room.add_bot`), whose moves, like the game's clock, are what
:meth:`Room.due` says and :meth:`Room.run_due` plays.
"""

from __future__ import annotations

import itertools
import logging
import secrets
from collections import deque
from collections.abc import Collection
from typing import Any

from protocol import outbound
from protocol.errors import ProtocolError
from protocol.limits import Limits
from rules import Game, Move, Play, RulesError, make, render
from rules.game import Seat
from rules.prng import MAX_SEED

from . import advice, calls, fairness, heavy, seating
from .clock import Due, find_due
from .members import (
    ADVISOR,
    CODE_ALPHABET,
    PLAYER,
    WATCHER,
    Effects,
    Member,
    Policy,
    Proposal,
    hash_token,
    new_code,
)
from .text import clean

#: Who the record names for a move the autodrop option played.
AUTODROP = "autodrop"
#: Who the record names for a move the table's clock made (``Game.timer``).
TABLE = "the table"
#: A due move is played this early at most (the clocks of the timer and of the loop).
DUE_SLACK = 0.005

log = logging.getLogger("sympathy.server")
#: At most this many safe moves after one move (a bound, not a rule).
AUTODROP_LIMIT = 500

__all__ = [
    "ADVISOR", "CODE_ALPHABET", "PLAYER", "TABLE", "WATCHER", "Due", "Effects", "Member",
    "Policy", "Proposal", "Room", "hash_token", "new_code", "new_room",
]


class Room:
    """A table: one game in progress, its members and its policies."""

    def __init__(self, game: Game[Any], seed: int, policy: Policy, limits: Limits,
                 now: float, room_id: str | None = None, code: str | None = None,
                 salt: str | None = None, play: Play[Any] | None = None) -> None:
        self.id = room_id or secrets.token_hex(8)
        self.code = code or new_code()
        self.game = game
        self.policy = policy
        self.limits = limits
        self.salt = salt or fairness.new_salt()
        self.seed = seed
        self.commitment = fairness.commitment(game.id, self.salt, seed)
        # ``play``: a play of this very deal (a stored room coming back); saves the deal
        self.play: Play[Any] = play if play is not None else Play.start(game, seed)
        self.version = 0
        self.members: dict[str, Member] = {}
        #: Ids of the computer players among the members (``None``: not worked out since
        #: the members were set; :meth:`bot_ids`).
        self._bots: set[str] | None = None
        self.host = ""
        self.locked = False
        self.closed = False
        self.created_at = now
        self.empty_since: float | None = None
        self.log: list[dict[str, Any]] = []
        self.events: deque[dict[str, Any]] = deque(maxlen=limits.event_log)
        self.proposals: dict[str, Proposal] = {}
        self.vote_deadline: float | None = None
        #: Deals finished in this room before the current one, and how many were won.
        self.deals_before = 0
        self.won_before = 0
        #: When the position last changed: computer players and the game's clock count
        #: their delays from here.
        self.moved_at = now
        #: The calls of the current deal (realtime games), with their times of arrival.
        self.calls: list[dict[str, Any]] = []

    @property
    def competitive(self) -> bool:
        """A table of a round game: seats play against each other with private hands."""
        return not self.game.description.cooperative

    # -- membership --------------------------------------------------------------------

    def add_member(self, role: str, name: str, seat: int | None = None,
                   all_seats: bool = False) -> tuple[Member, str]:
        """A new member and their token (given once; only its hash is kept)."""
        return seating.add_member(self, role, name, seat, all_seats)

    def join(self, role: str, name: str, seat: int | None = None,
             all_seats: bool = False) -> Effects:
        """``join``: a new member; the reply names them and carries their token."""
        member, token = self.add_member(role, name, seat=seat, all_seats=all_seats)
        return Effects(reply={"member": member.id, "token": token}, presence=True)

    def leave(self, member_id: str, now: float) -> Effects:
        """``leave``: a member other than the host is removed (the host may resume)."""
        if member_id != self.host:
            self.members.pop(member_id, None)
        self.set_connected(member_id, False, now)
        return Effects(presence=True)

    def connect(self, member_id: str, node: str, now: float) -> Effects:
        """A connection now holds the member, on server process ``node``."""
        self.set_connected(member_id, True, now, node=node)
        return Effects(presence=True)

    def disconnect(self, member_id: str, now: float) -> Effects:
        """The member's connection has gone."""
        if member_id not in self.members:
            return Effects()
        self.set_connected(member_id, False, now)
        return Effects(presence=True)

    def free_seats(self) -> list[Seat]:
        taken = {s for m in self.members.values() for s in m.seats}
        return [s for s in range(self.game.seats) if s not in taken]

    def bot_seats(self) -> list[Seat]:
        """The seats computer players hold (a person joining may take them)."""
        return seating.bot_seats(self)

    def bot_ids(self) -> set[str]:
        """The computer players' member ids: worked out once from the members, then kept
        by the changes that seat or remove one (the scheduler asks after every change,
        each arrival of a crowd among them: scanning every member made a join storm
        quadratic)."""
        if self._bots is None:
            self._bots = {m.id for m in self.members.values() if m.bot}
        return self._bots

    def add_bot(self, member_id: str, seat: Seat | None) -> Effects:
        return seating.add_bot(self, member_id, seat)

    def by_token(self, token: str) -> Member:
        digest = hash_token(token)
        for m in self.members.values():
            if secrets.compare_digest(m.token_hash, digest):
                return m
        raise ProtocolError("auth/bad_token")

    def member(self, member_id: str) -> Member:
        m = self.members.get(member_id)
        if m is None:
            raise ProtocolError("member/not_found")
        return m

    def set_connected(self, member_id: str, connected: bool, now: float,
                      node: str = "") -> None:
        m = self.members.get(member_id)
        if m is not None:
            m.connected = connected
            m.node = node if connected else ""
        self._update_empty(now)

    def drop_nodes(self, dead: set[str], now: float) -> Effects:
        """Members whose server process has died are no longer connected: a dead
        process holds no one."""
        changed = [self.hold_node(node, (), now).presence for node in dead]
        return Effects(presence=any(changed))

    def hold_node(self, node: str, held: Collection[str], now: float) -> Effects:
        """Server process ``node`` holds connections for exactly the members ``held``
        (it was cut from the store: others may have marked its members away, and some
        may have left it meanwhile)."""
        changed = [m for m in self.members.values()
                   if (m.id in held and not m.connected)
                   or (m.id not in held and m.connected and m.node == node)]
        for m in changed:
            m.connected = m.id in held
            m.node = node if m.connected else ""
        self._update_empty(now)
        return Effects(presence=bool(changed))

    def _update_empty(self, now: float) -> None:
        if not any(x.connected and not x.bot for x in self.members.values()):
            self.empty_since = now
        else:
            self.empty_since = None

    def audience(self, member_id: str) -> Seat | None:
        """Whose view the member sees: their (first) seat, the seat an advisor sits
        behind, or ``None`` (the watchers' view: only what is face up on the table)."""
        m = self.members.get(member_id)
        if m is None:
            return None
        if m.role == PLAYER and m.seats:
            return m.seats[0]
        return m.behind if m.role == ADVISOR else None

    # -- play --------------------------------------------------------------------------

    def _check_version(self, version: int) -> None:
        if version != self.version:
            raise ProtocolError("move/stale", f"The table is at version {self.version}; you "
                                f"saw {version}. Look again and retry.")

    def _seat_to_move(self, member: Member) -> Seat:
        if member.role != PLAYER:
            raise ProtocolError("auth/denied", "Only a player in a seat can move; advisors "
                                "propose moves.")
        movers = [s for s in self.game.to_move(self.play.state) if s in member.seats]
        if not movers:
            if self.game.outcome(self.play.state) is not None:
                raise ProtocolError("move/game_over")
            raise ProtocolError("move/not_your_turn")
        return movers[0]

    def move(self, member_id: str, version: int, code: str, now: float,
             advised_by: list[str] | None = None) -> Effects:
        member = self.member(member_id)
        if self.game.description.realtime and self.game.is_call(self.game.parse_move(code)):
            return calls.call(self, member, version, self.game.parse_move(code), now,
                              advised_by or [])
        self._check_version(version)
        seat = self._seat_to_move(member)
        return self._commit(seat, code, member.name, now, advised_by or [])

    def _commit(self, seat: Seat, code: str, by: str, now: float,
                advised_by: list[str]) -> Effects:
        before = self.play.state
        try:
            move = self.game.parse_move(code)
            self.play = self.play.push(move, seat)
        except RulesError as exc:
            raise ProtocolError(_rules_code(exc), str(exc)) from None
        return self._moved(seat, move, by, now, advised_by, before)

    def _commit_timer(self, now: float) -> Effects:
        """Play the move the game's clock has due (never a move a client can send)."""
        before = self.play.state
        due = self.game.timer(before)
        if due is None:
            raise ProtocolError("move/stale", "Nothing is due on the table's clock.")
        try:
            self.play = self.play.push_timer()
        except RulesError as exc:  # pragma: no cover - the game's timer is its own
            raise ProtocolError(_rules_code(exc), str(exc)) from None
        return self._moved(due[1], due[2], TABLE, now, [], before)

    def _moved(self, seat: Seat, move: Move, by: str, now: float, advised_by: list[str],
               before: Any) -> Effects:
        """Bookkeeping of a move played: version, log, event, proposals."""
        self.version += 1
        self.moved_at = now
        text = self.game.narrate(before, move, self.play.state)
        # the proposals not taken stay in the record, so an analysis can judge them
        left = [{"move": p.move, "by": [self.members[i].name for i in p.by
                                        if i in self.members]}
                for p in self.proposals.values() if p.move != move.code]
        entry = {"n": len(self.log) + 1, "seat": seat, "move": move.code, "by": by,
                 "advised_by": advised_by, "left": left, "at": round(now, 3)}
        self.log.append(entry)
        self.events.append({"version": self.version, "kind": "move", "seat": seat,
                            "move": move.code, "by": by, "advised_by": advised_by,
                            "text": text})
        had = bool(self.proposals)
        self.proposals.clear()
        self.vote_deadline = None
        if self.policy.autodrop and by != AUTODROP:
            self._autodrop(now)
        return Effects(reply={"version": self.version}, state=True, proposals=had)

    def undo(self, member_id: str, version: int, now: float | None = None) -> Effects:
        member = self.member(member_id)
        self._check_version(version)
        if member.role != PLAYER:
            raise ProtocolError("auth/denied", "Only a player can take back a move.")
        if self.policy.undo == "off":
            raise ProtocolError("move/undo_refused", "Undo is off at this table.")
        if self.competitive:
            raise ProtocolError("move/undo_refused", "Moves cannot be taken back at a "
                                "competitive table.")
        if self.game.outcome(self.play.state) is not None:
            raise ProtocolError("move/game_over")
        # At an autodrop table the safe moves played after a move go back with it (taken
        # back alone, the table would show a safe move it has not played); all or none.
        k = len(self.log)
        while k and self.log[k - 1]["by"] == AUTODROP:
            k -= 1
        if not k and self.log:
            raise ProtocolError("move/undo_refused", "Only the moves the table played by "
                                "itself are left, and it would play them again.")
        play = self.play
        try:
            for _ in range(max(1, len(self.log) - k + 1)):
                play = play.undo(past_reveal=self.policy.undo == "past_reveal")
        except RulesError as exc:
            raise ProtocolError(_rules_code(exc), str(exc)) from None
        self.play = play
        undone, dropped = self.log[k - 1], len(self.log) - k
        del self.log[k - 1:]
        self.version += 1
        self.moved_at = self.moved_at if now is None else now
        also = f" and the {dropped} safe move{'s' * (dropped > 1)} the table played " \
            "after it" if dropped else ""
        self.events.append({"version": self.version, "kind": "undo", "move": undone["move"],
                            "by": member.name, "text": f"{member.name} takes back "
                            f"'{undone['move']}'{also}"})
        had = bool(self.proposals)
        self.proposals.clear()
        self.vote_deadline = None
        return Effects(reply={"version": self.version}, state=True, proposals=had)

    def _autodrop(self, now: float) -> None:
        """Play the moves the game declares safe (:meth:`rules.game.Game.safe_moves`),
        one after another, each logged as made by ``autodrop``: after every move, and
        when a deal begins (:func:`new_room`, :meth:`next_deal`)."""
        for _ in range(AUTODROP_LIMIT):
            state = self.play.state
            for seat in self.game.to_move(state):
                legal = self.game.legal_moves(state, seat)
                move = next((m for m in self.game.safe_moves(state) if m in legal), None)
                if move is not None:
                    self._commit(seat, move.code, AUTODROP, now, [])
                    break
            else:
                return

    def start_deal(self, now: float) -> None:
        """A deal begins: at an autodrop table, play its safe moves at once."""
        if self.policy.autodrop:
            self._autodrop(now)

    # -- hints -------------------------------------------------------------------------

    def hint_job(self, member_id: str) -> heavy.HintJob:
        """Check that the member may ask for a hint now; return the work that makes it
        (a value, run in a worker process by the shell: :mod:`server.heavy`)."""
        member = self.member(member_id)
        if self.policy.hints == "off":
            raise ProtocolError("hint/not_allowed", "Hints are off at this table.")
        if self.competitive:
            raise ProtocolError("hint/not_allowed", "Hints are not given at a competitive "
                                "table.")
        if member.role == PLAYER:
            seat, as_watcher = self._seat_to_move(member), False
        elif member.role == ADVISOR and self.policy.hints == "all":
            movers = self.game.to_move(self.play.state)
            if not movers:
                raise ProtocolError("move/game_over")
            seat, as_watcher = movers[0], True
        else:
            raise ProtocolError("hint/not_allowed")
        return heavy.hint_job(self.id, self.version, self.play.record, seat, as_watcher)

    def analysis_job(self, member_id: str) -> heavy.AnalysisJob:
        """Once the game is over (its record, seed and all, is public then), the work
        that analyses it (:mod:`rules.analysis`), run in a worker process by the shell;
        ``record/not_available`` before."""
        self.member(member_id)
        return heavy.analysis_job(self.id, self.version, self.record())

    # -- advice ------------------------------------------------------------------------

    def propose(self, member_id: str, version: int, code: str, now: float) -> Effects:
        return advice.propose(self, member_id, version, code, now)

    def take(self, member_id: str, version: int, code: str, now: float) -> Effects:
        return advice.take(self, member_id, version, code, now)

    def vote(self, member_id: str, version: int, now: float) -> Effects:
        return advice.vote(self, member_id, version, now)

    def tick(self, now: float) -> Effects | None:
        return advice.tick(self, now)

    def proposals_audience(self, member_id: str) -> tuple[bool, Seat | None]:
        return advice.proposals_audience(self, member_id)

    def proposals_message(self, seat: Seat | None = None) -> outbound.Proposals:
        return advice.proposals_message(self, seat)

    # -- chat and host controls --------------------------------------------------------

    def chat(self, member_id: str, text: str, now: float) -> Effects:
        member = self.member(member_id)
        body = clean(text, self.limits.max_chat)
        if not body:
            raise ProtocolError("proto/bad_field", "Say something: the message is empty.")
        msg = outbound.chat(self.id, member.name, member.id, member.role, body, round(now, 3))
        return Effects(reply={}, chat=msg)

    def _host(self, member_id: str) -> None:
        if member_id != self.host:
            raise ProtocolError("auth/denied", "Only the host can do that.")

    def lock(self, member_id: str, locked: bool) -> Effects:
        self._host(member_id)
        self.locked = locked
        return Effects(reply={"locked": locked}, presence=True)

    def kick(self, member_id: str, target: str) -> Effects:
        self._host(member_id)
        victim = self.member(target)
        if victim.id == self.host:
            raise ProtocolError("auth/denied", "The host cannot kick themselves; close the "
                                "room instead.")
        del self.members[victim.id]
        self.bot_ids().discard(victim.id)
        advice.drop_proposals(self, victim.id)
        notice = outbound.kicked(self.id, "The host removed you.")
        return Effects(reply={}, presence=True, proposals=True,
                       notices=[(victim.id, notice)], detach=[victim.id])

    def invite(self, member_id: str, target: str, seat: Seat | None = None) -> Effects:
        return seating.invite(self, member_id, target, seat)

    def set_role(self, member_id: str, target: str, role: str, seat: int | None) -> Effects:
        return seating.set_role(self, member_id, target, role, seat)

    def next_deal(self, member_id: str, same: bool, deal: int,
                  now: float | None = None) -> Effects:
        """``next_deal``: once the deal is over, the host deals again in this room, a new
        deal (``deal``: the server's secret draw, :mod:`server.chance`) or (``same``, a
        rematch) the same one, with a new salt and commitment. The finished deal goes
        into the tally; its record is no longer available."""
        self._host(member_id)
        outcome = self.game.outcome(self.play.state)
        if outcome is None:
            raise ProtocolError("move/not_over")
        self.deals_before += 1
        self.won_before += int(outcome.won)
        self.seed = self.seed if same else deal
        self.salt = fairness.new_salt()
        self.commitment = fairness.commitment(self.game.id, self.salt, self.seed)
        self.play = Play.start(self.game, self.seed)
        self.log = []
        self.calls = []
        had = bool(self.proposals)
        self.proposals.clear()
        self.vote_deadline = None
        self.version += 1
        self.moved_at = self.moved_at if now is None else now
        name = self.members[member_id].name
        # a round game's state is a whole match of deals: the room deals a new match
        word = "match" if self.competitive else "deal"
        what = f"the same {word} again" if same else f"a new {word}"
        self.events.append({"version": self.version, "kind": "deal", "by": name,
                            "text": f"{name} deals {what} ({word} {self.deals_before + 1} "
                            "in this room)"})
        self.start_deal(self.moved_at)
        return Effects(reply={"version": self.version}, state=True, proposals=had)

    def tally(self) -> dict[str, int]:
        """Deals played in this room (the current one once it is over) and won."""
        outcome = self.game.outcome(self.play.state)
        done = outcome is not None
        return {"deals": self.deals_before + int(done),
                "won": self.won_before + int(done and outcome is not None and outcome.won)}

    def close(self, member_id: str, now: float) -> Effects:
        self._host(member_id)
        self.closed = True
        self.vote_deadline = None
        for m in self.members.values():  # the room lives on only to say it was closed
            m.connected, m.node = False, ""
        self.empty_since = now
        notice = outbound.closed(self.id, "The host closed the room.")
        return Effects(reply={}, notices=[(i, notice) for i in self.members],
                       detach=list(self.members), closed=True)

    # -- what members see --------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.game.outcome(self.play.state) is not None

    def fairness(self) -> dict[str, Any]:
        out: dict[str, Any] = {"commitment": self.commitment}
        if self.over:
            out.update(seed=self.seed, salt=self.salt)
        return out

    def state_message(self, audience: Seat | None) -> outbound.State:
        """The one message that shows the table; the seed only once the game is over."""
        return outbound.state(self.id, self.version,
                              render(self.game, self.play.state, audience, self.play.zones),
                              self.event_for(self.events[-1], audience) if self.events
                              else None, self.fairness(), self.tally())

    def event_for(self, event: dict[str, Any], audience: Seat | None) -> dict[str, Any]:
        """An event as ``audience`` may see it: where moves are not public (a round game's
        codes may name the mover's own cards), a move's code only for its own seat."""
        if self.game.description.moves_public or event.get("move") is None or \
                event.get("seat") == audience:
            return event
        return {**event, "move": None}

    def presence_message(self) -> outbound.Presence:
        """Who is here: every count, and by name the players and advisors, then the
        first watchers to arrive, ``presence_list`` in all (the rest: ``members_page``).
        Made once per presence frame (server/presence.py), not per member."""
        cap = self.limits.presence_list
        counts = {PLAYER: 0, ADVISOR: 0, WATCHER: 0, "connected": 0}
        listed: list[Member] = []
        watchers: list[Member] = []
        for m in self.members.values():
            counts[m.role] += 1
            counts["connected"] += m.connected and not m.bot  # people on a socket
            if m.role != WATCHER:
                listed.append(m)
            elif len(watchers) < cap:
                watchers.append(m)
        listed += watchers
        return outbound.presence(self.id, self.host, self.locked,
                                 [m.public(self.host) for m in listed[:cap]], counts)

    def members_page(self, offset: int) -> outbound.Members:
        """``members``: ``presence_list`` members from ``offset``, in order of arrival."""
        page = itertools.islice(self.members.values(), offset,
                                offset + self.limits.presence_list)
        return outbound.members(self.id, offset, len(self.members),
                                [m.public(self.host) for m in page])

    def info(self) -> dict[str, Any]:
        """A room's line in the lobby."""
        taken = self.game.seats - len(self.free_seats())
        outcome = self.game.outcome(self.play.state)
        status = "playing" if outcome is None else ("won" if outcome.won else "lost")
        return {"code": self.code, "game": self.game.id, "title": self.game.title,
                "seats": [taken, self.game.seats],
                "watchers": sum(1 for m in self.members.values() if m.role == WATCHER),
                "advisors": sum(1 for m in self.members.values() if m.role == ADVISOR),
                "status": status, "locked": self.locked}

    def events_since(self, version: int, audience: Seat | None = None
                     ) -> list[dict[str, Any]] | None:
        """The events after ``version`` as ``audience`` sees them (by default, as the
        watchers do), or ``None`` when the log no longer has them."""
        if version > self.version:
            return None
        missing = self.version - version
        if missing == 0:
            return []
        if missing > len(self.events):
            return None
        return [self.event_for(e, audience) for e in list(self.events)[-missing:]]

    def record(self) -> outbound.Record:
        if not self.over:
            raise ProtocolError("record/not_available")
        return outbound.record(self.id, self.game.id, dict(self.game.options), self.seed,
                               self.salt, self.commitment, list(self.log),
                               render(self.game, self.play.state, None)["result"],
                               list(self.calls))

    # -- what the table does by itself -------------------------------------------------

    def due(self) -> Due | None:
        """The next move the table makes by itself, if the position stays as it is: a
        computer player's (``think_ms`` after the last change of position) or the game's
        clock's (:meth:`rules.game.Game.timer`), whichever comes first."""
        if self.closed or self.over:
            return None
        return find_due(self.game, self.play.state, self.bot_seats(), self.moved_at,
                        self.policy.think_ms, self.version)

    def run_due(self, version: int, now: float, rand: int) -> Effects:
        """Play what :meth:`due` names, if the table is still at ``version`` and it is
        due by ``now``; else ``move/stale`` (another process played it, or the position
        moved on: nothing to do). ``rand``: a random number for a computer player."""
        due = self.due()
        if version != self.version or due is None or due.at > now + DUE_SLACK:
            raise ProtocolError("move/stale", "Nothing is due at this version.")
        if due.kind == "timer":
            return self._commit_timer(now)
        bot = next(m for i in self.bot_ids() if (m := self.members.get(i)) is not None
                   and m.bot and due.seat in m.seats)
        view = render(self.game, self.play.state, due.seat)  # its own seat's view only
        codes = [m["code"] for m in view["moves"].get(str(due.seat), ())]
        if not codes:  # pragma: no cover - a seat to move has moves
            raise ProtocolError("move/stale", "The computer player has no move.")
        try:
            code = self.game.bot_move(view, due.seat, rand)
        except Exception:  # a policy's bug must not stop the table
            code = ""
        if code not in codes:
            # never the code itself in a log line: it may name the seat's cards
            log.warning("%s: bot_move for seat %d failed or gave no legal move; playing "
                        "the first", self.game.id, due.seat)
            code = codes[0]
        return self.move(bot.id, self.version, code, now)


def new_room(game_id: str, options: dict[str, Any], deal: int, policy: Policy,
             limits: Limits, now: float) -> Room:
    """A room for ``game_id`` dealing ``deal``: the host's deal number, or the server's
    secret draw (:mod:`server.chance`) when the host named none."""
    try:
        game = make(game_id, options)
    except RulesError as exc:
        raise ProtocolError(_rules_code(exc), str(exc)) from None
    if not 0 <= deal <= MAX_SEED:
        raise ProtocolError("proto/bad_field", "The deal number is out of range.")
    room = Room(game, deal, policy, limits, now)
    room.start_deal(now)
    return room


def _rules_code(exc: RulesError) -> str:
    return exc.code if exc.code in _KNOWN else "move/illegal"


_KNOWN = {"game/unknown", "game/bad_options", "move/illegal", "move/not_your_turn",
          "move/game_over", "move/undo_refused"}
