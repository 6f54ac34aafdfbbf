"""Placing a game's positions round a dial, for views with the ``clock`` layout hint.

A generic list of zones would mislead for a clock face: the Clock's twelve hours and
its centre, or the Windmill's sails. :func:`dial_group` picks the group to draw as a dial
(the largest), :func:`positions` merges its zones by position (``h1`` and ``h1.up`` are
one hour), and :func:`place` puts cells of given widths round a circle: the last
position at the top, like twelve o'clock, the others clockwise, and a ``centre`` in the
middle. It returns ``None`` when the cells would overlap, and the caller draws rows.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

CENTRE_NAMES = ("centre", "center")
ROWS = 9


def dial_group(view: Mapping[str, Any],
               groups: Sequence[tuple[str, list[Mapping[str, Any]]]]) -> str | None:
    """The group to draw as a dial, or ``None`` when the view has no ``clock`` hint."""
    if view.get("layout") != "clock" or not groups:
        return None
    return max(groups, key=lambda g: len(g[1]))[0]


def positions(zones: Sequence[Mapping[str, Any]]
              ) -> tuple[list[tuple[str, list[Mapping[str, Any]]]],
                         tuple[str, list[Mapping[str, Any]]] | None]:
    """The zones merged by position (the id before its first dot), and the centre."""
    merged: dict[str, list[Mapping[str, Any]]] = {}
    for z in zones:
        merged.setdefault(str(z.get("id", "")).split(".")[0], []).append(z)
    centre = None
    for name in CENTRE_NAMES:
        if name in merged:
            centre = (name, merged.pop(name))
    return list(merged.items()), centre


def place(widths: Sequence[int], centre: int | None, width: int
          ) -> list[tuple[int, int]] | None:
    """(row, column) of each cell round the dial, then of the centre; ``None`` if the
    cells do not fit in ``width`` columns without overlapping."""
    n = len(widths)
    if n < 3:
        return None
    widest = max([*widths, centre or 0])
    cx, cy = width // 2, ROWS // 2
    rx = cx - widest // 2 - 1
    if rx < widest:
        return None
    spots = []
    for i, w in enumerate(widths):
        angle = 2 * math.pi * (i + 1) / n
        row = round(cy - cy * math.cos(angle))
        col = round(cx + rx * math.sin(angle)) - w // 2
        spots.append((row, max(0, min(col, width - w))))
    if centre is not None:
        spots.append((cy, cx - centre // 2))
    all_widths = [*widths, *([centre] if centre is not None else [])]
    taken: dict[int, list[tuple[int, int]]] = {}
    for (row, col), w in zip(spots, all_widths, strict=True):
        for a, b in taken.get(row, []):
            if col < b + 2 and a < col + w + 2:
                return None
        taken.setdefault(row, []).append((col, col + w))
    return spots
