"""The values a room is made of: policies, members, proposals, and the effects of a
command; join codes and seat tokens."""

from __future__ import annotations

import dataclasses
import hashlib
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from protocol import outbound
from protocol.errors import ProtocolError
from protocol.messages import TABLE_OPTIONS
from rules.game import Seat

from .heavy import Job

PLAYER, ADVISOR, WATCHER = "player", "advisor", "watcher"
#: Join codes read aloud well: no 0/O, 1/I/L.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"


def new_code(length: int = 6) -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Policy:
    """The host's choices for the table: one field per ``TABLE_OPTIONS`` entry."""

    visibility: str = "unlisted"  # public | unlisted
    advice: str = "anyone"  # anyone | invited | nobody
    advice_mode: str = "player"  # player | vote
    vote_after: int = 0  # seconds; 0: only when the player asks
    undo: str = "on"  # off | on | past_reveal
    hints: str = "player"  # player | all (players and advisors) | off
    autodrop: bool = False  # play the moves the game declares safe by themselves
    think_ms: int = 1000  # how long a computer player thinks before it moves
    winnable: bool = False  # every deal drawn from deals proved winnable (server/winnable.py)

    @classmethod
    def given(cls, fields: Mapping[str, Any]) -> Policy:
        """The policy a ``create`` asks for; what it leaves out takes the default."""
        return cls(**{f.name: fields.get(f.name, TABLE_OPTIONS[f.name].default)
                      for f in dataclasses.fields(cls)})

    def public(self) -> dict[str, Any]:
        # every value is a str, int or bool: no deep copy (dataclasses.asdict deep-copies
        # each one: 5% of the server while a crowd joined, one per ``joined``)
        return {name: getattr(self, name) for name in _POLICY_FIELDS}


_POLICY_FIELDS = tuple(f.name for f in dataclasses.fields(Policy))


@dataclass(frozen=True, slots=True)
class Member:
    id: str
    name: str
    role: str
    token_hash: str
    seats: tuple[Seat, ...] = ()
    connected: bool = True
    invited: bool = False
    #: The server process holding the member's socket ("" when none, or one process).
    node: str = ""
    #: A computer player (a player the server moves; it has no token and no socket).
    bot: bool = False
    #: The seat an advisor sits behind at a competitive table (sees that seat's view and
    #: proposes its moves), or ``None``.
    behind: Seat | None = None
    #: The person's player key, hashed (given in ``hello``; "" when none): the archive
    #: keeps their finished games under it (:mod:`server.stores.archive`). Never shown.
    keeper: str = ""

    def public(self, host: str) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "role": self.role, "seats": list(self.seats),
                "connected": self.connected, "host": self.id == host, "node": self.node,
                "bot": self.bot, "behind": self.behind}


@dataclass(slots=True)
class Effects:
    """What the shell must do after a command."""

    reply: dict[str, Any] = field(default_factory=dict)
    state: bool = False
    presence: bool = False
    proposals: bool = False
    chat: outbound.Chat | None = None
    notices: list[tuple[str, outbound.Notice]] = field(default_factory=list)
    detach: list[str] = field(default_factory=list)
    closed: bool = False
    #: A message that answers the request in place of ``ok`` (read-only commands).
    answer: outbound.Record | outbound.Members | None = None
    #: Work that makes the answer, too slow for the event loop (a hint, an analysis): a
    #: value the shell runs in a worker process (:mod:`server.heavy`, :mod:`server.pool`).
    work: Job | None = None
    #: A call of a realtime game reached the table: everyone hears of it.
    call: outbound.Call | None = None
    #: The command is answered with this error although the change is committed (a
    #: call that lost its race is kept in the record and told to everyone).
    refusal: ProtocolError | None = None


@dataclass(frozen=True, slots=True)
class Proposal:
    move: str
    by: tuple[str, ...]
    first_at: float
    #: The seat it is for, at a competitive table (advisors sit behind one seat).
    seat: Seat | None = None

    @property
    def key(self) -> str:
        return proposal_key(self.seat, self.move)


def proposal_key(seat: Seat | None, move: str) -> str:
    """A room's proposals by move, and by seat too at a competitive table."""
    return move if seat is None else f"{seat}:{move}"
