"""The typed events a :class:`~client.session.Session` yields, and the table it keeps.

Events are frozen values made from server messages after the session has checked their
shape; every text in them is still the remote person's text (names, chat) and must pass
through :func:`client.render.clean` before it reaches a terminal. :class:`Table` is the
session's picture of its room, updated before the matching event is queued.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

#: The server a client dials unless told otherwise (``--server``, ``$SYMPATHY_SERVER``).
DEFAULT_SERVER = "ws://127.0.0.1:8765"


@dataclass(frozen=True, slots=True)
class Connection:
    """The connection changed: ``connected``, ``reconnecting``, ``resumed`` or ``closed``."""

    state: str
    detail: str = ""
    attempt: int = 0
    delay: float = 0.0


@dataclass(frozen=True, slots=True)
class Seated:
    """We joined (``joined``) or resumed (``resumed``) a room."""

    kind: str
    room: str
    code: str
    role: str
    seats: tuple[int, ...]
    game: str


@dataclass(frozen=True, slots=True)
class StateChanged:
    version: int
    view: Mapping[str, Any]
    last: Mapping[str, Any] | None
    fair: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class PresenceChanged:
    members: tuple[Mapping[str, Any], ...]
    counts: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class ProposalsChanged:
    version: int
    items: tuple[Mapping[str, Any], ...]


@dataclass(frozen=True, slots=True)
class ChatLine:
    sender: str
    role: str
    text: str


@dataclass(frozen=True, slots=True)
class Notice:
    """The server removed us: ``kicked``, ``closed`` or ``replaced``; or an ``error``
    that answers no request of ours."""

    kind: str
    message: str


@dataclass(frozen=True, slots=True)
class Called:
    """A call of a realtime round game reached the table (Snap): who, made or ``lost``
    its race, whose call came first and by how many milliseconds, in the server's words."""

    seat: int
    by: str
    outcome: str
    first: int | None
    margin_ms: float | None
    text: str


Event = Connection | Seated | StateChanged | PresenceChanged | ProposalsChanged | ChatLine \
    | Notice | Called


@dataclass
class Table:
    """What the session knows of its room (empty fields until it has joined one)."""

    room: str = ""
    code: str = ""
    member: str = ""
    role: str = ""
    seats: tuple[int, ...] = ()
    host: bool = False
    game: str = ""
    policy: Mapping[str, Any] = field(default_factory=dict)
    version: int = 0
    view: Mapping[str, Any] | None = None
    last: Mapping[str, Any] | None = None
    #: A round table's move log: its last moves as the server told them to us.
    log: tuple[Mapping[str, Any], ...] = ()
    fair: Mapping[str, Any] = field(default_factory=dict)
    #: The room's running tally: ``{"deals": played, "won": won together}``.
    tally: Mapping[str, int] = field(default_factory=dict)
    members: tuple[Mapping[str, Any], ...] = ()
    counts: Mapping[str, int] = field(default_factory=dict)
    proposals: tuple[Mapping[str, Any], ...] = ()
    chat: deque[ChatLine] = field(default_factory=lambda: deque(maxlen=200))
    #: The latest calls of a realtime game (Snap), newest last.
    calls: deque[Called] = field(default_factory=lambda: deque(maxlen=8))
    connection: str = "connecting"
    gone: str = ""  # why the server removed us (kicked, closed, replaced)

    @property
    def over(self) -> bool:
        return self.view is not None and self.view.get("status") not in (None, "playing")

    def member_named(self, name: str) -> str:
        """The id of the member called ``name`` (any case), or "" when nobody is."""
        want = name.strip().lower()
        return next((str(m.get("id")) for m in self.members
                     if str(m.get("name", "")).lower() == want), "")

    @property
    def audience(self) -> int | None:
        """The seat whose view we receive: a player's seat, or the seat an advisor sits
        behind at a competitive table (``None`` for other advisors and watchers)."""
        if self.role == "player" and self.seats:
            return self.seats[0]
        if self.role == "advisor":
            me = next((m for m in self.members if m.get("id") == self.member), None)
            behind = me.get("behind") if me else None
            return behind if isinstance(behind, int) else None
        return None

    def my_moves(self) -> list[Mapping[str, Any]]:
        """The legal moves of a seat we hold (players), as the server listed them."""
        if self.view is None or self.role != "player":
            return []
        out: list[Mapping[str, Any]] = []
        for seat in self.seats:
            out.extend((self.view.get("moves") or {}).get(str(seat), ()))
        return out

    def table_moves(self) -> list[Mapping[str, Any]]:
        """Every legal move the view lists (what an advisor may propose)."""
        if self.view is None:
            return []
        return [m for ms in (self.view.get("moves") or {}).values() for m in ms]
