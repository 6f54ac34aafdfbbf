"""What a client does once connected: open a room, or sit at one (resuming if it can)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .session import ServerError, Session


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


async def start(session: Session, plan: Plan) -> None:
    """Carry out ``plan`` on a connected session; a seat this user already holds at that
    table (in the token file) is resumed instead of joined again."""
    if plan.action == "create":
        await session.create(plan.game, **plan.create)
        return
    held = session.tokens.by_code(session.url, plan.code) if session.tokens else None
    if held is not None and (held.role == plan.role or plan.role == "player"):
        try:
            await session.resume(held)
            return
        except ServerError:  # the seat is gone (room closed, kicked): join afresh
            if session.tokens is not None:
                session.tokens.forget(held.url, held.room)
    await session.join(plan.code, plan.role, plan.seat)
