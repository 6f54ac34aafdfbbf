"""The bench runs end to end in its smallest mode (no timing is asserted), its sections in
four groups that run side by side (the whole bench in one test was the suite's longest)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bench.__main__ import SECTIONS

#: Each group's sections, and the rows of the result's table they fill.
GROUPS: dict[str, tuple[tuple[str, ...], set[str]]] = {
    "network": (("fanout", "throughput", "connections", "across"),
                {"1. fan-out", "2. throughput", "3. connections", "4. across processes"}),
    "rules": (("rules", "solver", "hints", "views"), set()),
    "load": (("writes", "flood"), {"7. Redis writes", "9. flood"}),
    "cost": (("cpu", "archive"), {"11. CPU per move", "12. archive"}),
}


def test_the_groups_hold_every_section_once() -> None:
    names = [n for sections, _ in GROUPS.values() for n in sections]
    assert sorted(names) == sorted(SECTIONS)


def smoke(tmp_path: Path, sections: tuple[str, ...]) -> tuple[dict[str, Any], str]:
    only = [a for n in sections for a in ("--only", n)]
    # the CPU section's baseline is this commit itself: a clone without history
    # (CI's may be shallow) has no older commit to check out
    done = subprocess.run([sys.executable, "-m", "bench", "--smoke", "--out", str(tmp_path),
                           "--baseline", "HEAD", *only],
                          capture_output=True, text=True, timeout=300,
                          cwd=Path(__file__).parents[2])
    assert done.returncode == 0, done.stderr[-4000:]
    [result] = [json.loads(p.read_text()) for p in tmp_path.glob("*.json")]
    [table] = [p.read_text() for p in tmp_path.glob("*.md")]
    return result, table


@pytest.mark.parametrize("group", sorted(GROUPS))
def test_the_bench_runs_in_smoke_mode(tmp_path: Path, group: str) -> None:
    sections, rows = GROUPS[group]
    result, table = smoke(tmp_path, sections)
    assert {r["section"] for r in result["rows"]} == rows
    assert all(r["value"] == r["value"] and r["value"] >= 0 for r in result["rows"])
    if rows:
        assert "| section | figure | Sympathy | baseline | ratio | target | met |" in table
    if group == "rules":
        assert len(result["rules"]["games"]) > 0
        assert {g["family"] for g in result["solver"]["games"]} >= {"twins", "tableau"}
        assert "6. Solver:" in table
        assert len(result["hints"]["games"]) == 3 and "8. Hints:" in table
        assert len(result["views"]["games"]) > 100 and "10. Views:" in table
