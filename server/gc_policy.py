"""The garbage collector of a server process.

CPython frees almost everything by reference counting; its cyclic collector runs besides,
and a *full* collection walks every object the process tracks while the event loop
waits. A process holding 5,000 watchers tracks about a million objects: a full
collection there took 140-280 ms (measured in the fan-out bench, 2026-11-29), every
move to every room of the process held up that long. With CPython's thresholds a full
collection comes each time the heap has grown by a quarter and ten collections of the
middle generation have run, so a crowd arriving triggered eight of them in a row, and
one fell among the measured moves about every other run (the fan-out p99 at 5,000
watchers: 370-430 ms against 150-200 without).

So :func:`settle`, once the process has built what it keeps for its life (imports, the
games' tables) and before it serves: those objects are frozen (``gc.freeze``: never
walked again, never freed, which they would not be anyway), and a full collection is
considered only after 100 collections of the middle generation instead of 10 (at least
some 700,000 tracked objects allocated and kept meanwhile); the two young generations
keep CPython's thresholds, so their collections stay as short as before. What this
costs: cyclic garbage that outlives the young generations (a closed connection's parser,
its exception and what they hold, about 20 objects with the connection's socket and
transport objects) waits longer for a full collection: up to some 700,000 such objects
(tens of thousands of closed connections; CPython's own rule, a full collection only
once the objects kept have grown by a quarter, already let a quarter of the heap wait).
Not measured yet in bytes. ``/metrics`` shows the full collections, their pauses and the
frozen objects (:func:`figures`).
"""

from __future__ import annotations

import gc
import time
from typing import Any

__all__ = ["THRESHOLDS", "figures", "settle"]

#: ``gc.set_threshold``: CPython's first two, and 100 for the oldest (CPython: 10).
THRESHOLDS = (700, 10, 100)


class _Pauses:
    """Full collections seen since :func:`settle`: how many, their total and longest."""

    def __init__(self) -> None:
        self.began = 0.0
        self.count = 0
        self.total = 0.0
        self.longest = 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            self.began = time.perf_counter()
            return
        took = time.perf_counter() - self.began
        self.count += 1
        self.total += took
        self.longest = max(self.longest, took)


_pauses = _Pauses()


def settle() -> None:
    """Freeze what the process has built so far and set :data:`THRESHOLDS` (see the
    module's text). Once, before serving."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
    if _pauses not in gc.callbacks:
        gc.callbacks.append(_pauses)


def figures() -> list[tuple[str, str, float]]:
    """For ``/metrics``: each ``(name, kind, value)``."""
    return [
        ("sympathy_gc_full_collections_total", "counter", _pauses.count),
        ("sympathy_gc_full_pause_seconds_total", "counter", round(_pauses.total, 6)),
        ("sympathy_gc_full_pause_seconds_max", "gauge", round(_pauses.longest, 6)),
        ("sympathy_gc_frozen_objects", "gauge", gc.get_freeze_count()),
    ]
