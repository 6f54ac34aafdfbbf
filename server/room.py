"""A room as a value: members, seats, the game, advice, host controls, frozen.

A :class:`Room` never changes. A command is a pure handler over it (:mod:`server.play`,
:mod:`server.calls`, :mod:`server.advice`, :mod:`server.seating`, :mod:`server.host`,
gathered by :mod:`server.commands`) that returns the room after it and the
:class:`~server.members.Effects` saying what the shell must send; the store commits the
new room only if nobody committed another since it was loaded (:mod:`server.store`).
A refused command raises :class:`~protocol.errors.ProtocolError` with a stable code and
returns nothing, so nothing changed (but a call that lost its race, which is kept: see
:mod:`server.calls`). No handler does I/O or reads a clock: each takes ``now``.

The room holds the secret seed; only :mod:`server.views` turns it into what an audience
may see (the state message never carries the seed before the game is over).

A *competitive* table (a round game: ``cooperative=False``) differs in a few ways: each
person holds one seat; each member sees the view of one audience (:meth:`Room.audience`:
their seat, the seat an advisor sits behind, or the watchers' ``None``); a move's code is
shown only to its own seat's audience (codes may name the mover's own cards); proposals
are per seat; undo and hints are off; empty seats may hold computer players, whose
moves, like the game's clock, are what :meth:`Room.due` says and
:func:`server.commands.run_due` plays.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from protocol.errors import ProtocolError
from protocol.limits import Limits
from rules import Game, Play
from rules.game import Seat

from . import fairness
from .chain import Chain
from .clock import DEAL_PAUSE_MS, Due, find_due
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

__all__ = [
    "ADVISOR", "CODE_ALPHABET", "PLAYER", "WATCHER", "Due", "Effects", "Member", "Policy",
    "Proposal", "Room", "Step", "hash_token", "new_code",
]

#: No members, no proposals (shared: nothing writes into a room's mappings).
NOBODY: Mapping[str, Any] = {}


@dataclass(frozen=True, slots=True)
class Room:
    """A table: one game in progress, its members and its policies, as one value.

    ``members`` and ``proposals`` are mappings no one writes into (a change makes new
    ones); ``log`` (the moves of this deal, for the record), ``events`` (the bounded log
    a returning member catches up from) and ``calls`` are chains (:mod:`server.chain`).
    """

    id: str
    code: str
    game: Game[Any]
    policy: Policy
    limits: Limits
    salt: str
    seed: int
    commitment: str
    play: Play[Any]
    created_at: float
    version: int = 0
    members: Mapping[str, Member] = field(default_factory=dict)
    #: The computer players' member ids (kept with the members: asked after every
    #: change, and a crowd's arrival must not scan every member each time).
    bots: frozenset[str] = frozenset()
    host: str = ""
    locked: bool = False
    closed: bool = False
    empty_since: float | None = None
    log: Chain[dict[str, Any]] = field(default_factory=Chain)
    events: Chain[dict[str, Any]] = field(default_factory=Chain)
    proposals: Mapping[str, Proposal] = field(default_factory=dict)
    vote_deadline: float | None = None
    #: Deals finished in this room before the current one, and how many were won.
    deals_before: int = 0
    won_before: int = 0
    #: When the position last changed: computer players and the game's clock count their
    #: delays from here.
    moved_at: float = 0.0
    #: The calls of the current deal (realtime games), with their times of arrival.
    calls: Chain[dict[str, Any]] = field(default_factory=Chain)

    @classmethod
    def new(cls, game: Game[Any], seed: int, policy: Policy, limits: Limits, now: float,
            room_id: str | None = None, code: str | None = None, salt: str | None = None,
            play: Play[Any] | None = None) -> Room:
        """A room before anyone joins (``play``: a play of this very deal, to save
        dealing it again)."""
        salt = salt or fairness.new_salt()
        return cls(room_id or secrets.token_hex(8), code or new_code(), game, policy,
                   limits, salt, seed, fairness.commitment(game.id, salt, seed),
                   play if play is not None else Play.start(game, seed), now,
                   events=Chain((), limits.event_log), moved_at=now)

    def but(self, **changes: Any) -> Room:
        """This room with some fields changed (a new value; this one stays)."""
        return dataclasses.replace(self, **changes)

    def with_members(self, members: dict[str, Member], **changes: Any) -> Room:
        """This room with new members (a dict the caller made for it and lets go of),
        and the computer players among them."""
        bots = frozenset(k for k, m in members.items() if m.bot)
        return self.but(members=members, bots=bots, **changes)

    def with_member(self, m: Member, **changes: Any) -> Room:
        """This room with one member added or changed."""
        members = dict(self.members)
        members[m.id] = m
        return self.with_members(members, **changes)

    # -- reading ---------------------------------------------------------------------

    @property
    def competitive(self) -> bool:
        """A table of a round game: seats play against each other with private hands."""
        return not self.game.description.cooperative

    @property
    def over(self) -> bool:
        return self.game.outcome(self.play.state) is not None

    def member(self, member_id: str) -> Member:
        m = self.members.get(member_id)
        if m is None:
            raise ProtocolError("member/not_found")
        return m

    def by_token(self, token: str) -> Member:
        digest = hash_token(token)
        for m in self.members.values():
            if secrets.compare_digest(m.token_hash, digest):
                return m
        raise ProtocolError("auth/bad_token")

    def free_seats(self) -> list[Seat]:
        taken = {s for m in self.members.values() for s in m.seats}
        return [s for s in range(self.game.seats) if s not in taken]

    def bot_seats(self) -> list[Seat]:
        """The seats computer players hold (a person joining may take them)."""
        members = self.members
        return sorted(s for i in self.bots if (m := members.get(i)) is not None
                      for s in m.seats)

    def audience(self, member_id: str) -> Seat | None:
        """Whose view the member sees: their (first) seat, the seat an advisor sits
        behind, or ``None`` (the watchers' view: only what is face up on the table)."""
        m = self.members.get(member_id)
        if m is None:
            return None
        if m.role == PLAYER and m.seats:
            return m.seats[0]
        return m.behind if m.role == ADVISOR else None

    def tally(self) -> dict[str, int]:
        """Deals played in this room (the current one once it is over) and won."""
        outcome = self.game.outcome(self.play.state)
        done = outcome is not None
        return {"deals": self.deals_before + int(done),
                "won": self.won_before + int(done and outcome is not None and outcome.won)}

    def due(self) -> Due | None:
        """The next move the table makes by itself, if the position stays as it is: a
        computer player's (``think_ms`` after the last change of position) or the game's
        clock's (:meth:`rules.game.Game.timer`), whichever comes first; a pause more
        after the move that ended a deal of a round match (``deal_over``)."""
        if self.closed or self.over:
            return None
        last = self.events[-1] if self.events else None
        pause = DEAL_PAUSE_MS if self.policy.think_ms and last is not None and \
            last.get("deal_over") and last.get("version") == self.version else 0
        return find_due(self.game, self.play.state, self.bot_seats(), self.moved_at,
                        self.policy.think_ms, self.version, pause)

    # -- the checks every handler shares ---------------------------------------------

    def check_version(self, version: int) -> None:
        if version != self.version:
            raise ProtocolError("move/stale", f"The table is at version {self.version}; you "
                                f"saw {version}. Look again and retry.")

    def check_host(self, member_id: str) -> None:
        if member_id != self.host:
            raise ProtocolError("auth/denied", "Only the host can do that.")

    def seat_to_move(self, member: Member) -> Seat:
        if member.role != PLAYER:
            raise ProtocolError("auth/denied", "Only a player in a seat can move; advisors "
                                "propose moves.")
        movers = [s for s in self.game.to_move(self.play.state) if s in member.seats]
        if not movers:
            if self.game.outcome(self.play.state) is not None:
                raise ProtocolError("move/game_over")
            raise ProtocolError("move/not_your_turn")
        return movers[0]


#: What a handler returns: the room after the command, and what the shell must do.
Step = tuple[Room, Effects]
