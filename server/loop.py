"""Which event loop runs a server process: uvloop when it is installed, else asyncio's.

uvloop is optional (``pip install 'sympathy[fast]'``): nothing needs it, and the server
behaves the same on either loop. It is there because a crowd's fan-out is mostly socket
writes (the profile of a move to 1,000 watchers: half of the process in
``_SelectorSocketTransport.write``), which uvloop makes in C.
"""

from __future__ import annotations

import asyncio
import importlib.util

__all__ = ["LOOPS", "available", "runner"]

#: ``--loop`` choices: ``auto`` is uvloop when installed, else asyncio.
LOOPS = ("auto", "asyncio", "uvloop")


def available() -> bool:
    return importlib.util.find_spec("uvloop") is not None


def chosen(kind: str = "auto") -> str:
    """The loop ``kind`` names: ``asyncio`` or ``uvloop``."""
    if kind not in LOOPS:
        raise ValueError(f"unknown event loop {kind!r}: one of {', '.join(LOOPS)}")
    if kind == "auto":
        return "uvloop" if available() else "asyncio"
    if kind == "uvloop" and not available():
        raise RuntimeError("uvloop is not installed (pip install 'sympathy[fast]')")
    return kind


def runner(kind: str = "auto") -> asyncio.Runner:
    """A runner on the loop ``kind`` names (see :func:`chosen`)."""
    if chosen(kind) == "uvloop":
        import uvloop

        return asyncio.Runner(loop_factory=uvloop.new_event_loop)
    return asyncio.Runner()
