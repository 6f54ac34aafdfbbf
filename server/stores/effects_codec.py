"""Effects as plain data, to tell other processes what a committed change asks for."""

from __future__ import annotations

from typing import Any, cast

from protocol import outbound

from ..room import Effects


def dump(fx: Effects) -> dict[str, Any]:
    """Everything but the reply, which only the process that took the command sends."""
    return {"state": fx.state, "presence": fx.presence, "proposals": fx.proposals,
            "chat": fx.chat, "notices": [list(n) for n in fx.notices],
            "detach": list(fx.detach), "closed": fx.closed, "call": fx.call}


def load(data: dict[str, Any]) -> Effects:
    return Effects(state=bool(data["state"]), presence=bool(data["presence"]),
                   proposals=bool(data["proposals"]), chat=data["chat"],
                   notices=[(str(m), cast(outbound.Notice, dict(n))) for m, n in data["notices"]],
                   detach=[str(m) for m in data["detach"]], closed=bool(data["closed"]),
                   call=cast("outbound.Call | None", data.get("call")))
