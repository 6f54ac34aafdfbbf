"""What a client does once connected: open a room, or sit at one (resuming if it can)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .session import ServerError, Session
from .tokens import Seat


@dataclass(frozen=True, slots=True)
class Plan:
    """``create`` a room of ``game``, ``join`` the room ``code`` as ``role``, or show the
    ``lobby`` (full-screen UI only)."""

    action: str
    code: str = ""
    role: str = "player"
    seat: int | None = None
    game: str = ""
    create: dict[str, Any] = field(default_factory=dict)


def host_signature(plan: Plan) -> str:
    """The same ``host`` command (game, options, policies, deal) gives the same text."""
    return json.dumps({"game": plan.game.lower(), **plan.create}, sort_keys=True)


async def start(session: Session, plan: Plan) -> None:
    """Carry out ``plan`` on a connected session. A seat this person (by name) already
    holds is resumed instead: at that table for ``join``, and for ``create`` the room the
    same host command opened before, so running a command again comes back to its seat.
    """
    tokens = session.tokens
    if plan.action == "create":
        session.hosted = host_signature(plan)
        held = tokens.hosted(session.url, session.name, session.hosted) if tokens else None
        if held is None or not await _resume(session, held):
            await session.create(plan.game, **plan.create)
        return
    held = tokens.by_code(session.url, plan.code, session.name) if tokens else None
    if held is not None and (held.role == plan.role or plan.role == "player") \
            and await _resume(session, held):
        return
    await session.join(plan.code, plan.role, plan.seat)


async def _resume(session: Session, held: Seat) -> bool:
    """Resume ``held``; a seat that is gone (room closed, kicked) is forgotten."""
    try:
        await session.resume(held)
    except ServerError:
        if session.tokens is not None:
            session.tokens.forget(held.url, held.room, held.member)
        return False
    return True
