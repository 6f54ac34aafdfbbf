"""The bench runs end to end in its smallest mode (no timing is asserted)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def test_the_bench_runs_in_smoke_mode(tmp_path: Path) -> None:
    # the CPU section's baseline is this commit itself: a clone without history
    # (CI's may be shallow) has no older commit to check out
    done = subprocess.run([sys.executable, "-m", "bench", "--smoke", "--out", str(tmp_path),
                           "--baseline", "HEAD"],
                          capture_output=True, text=True, timeout=300,
                          cwd=Path(__file__).parents[2])
    assert done.returncode == 0, done.stderr[-4000:]
    [result] = [json.loads(p.read_text()) for p in tmp_path.glob("*.json")]
    sections = {r["section"] for r in result["rows"]}
    assert sections == {"1. fan-out", "2. throughput", "3. connections",
                        "4. across processes", "7. Redis writes", "9. flood",
                        "11. CPU per move", "12. archive"}
    assert all(r["value"] == r["value"] and r["value"] >= 0 for r in result["rows"])
    assert len(result["rules"]["games"]) > 0
    assert {g["family"] for g in result["solver"]["games"]} >= {"twins", "tableau"}
    [table] = [p.read_text() for p in tmp_path.glob("*.md")]
    assert "| section | figure | Sympathy | baseline | ratio | target | met |" in table
    assert "6. Solver:" in table
    assert len(result["hints"]["games"]) == 3 and "8. Hints:" in table
    assert len(result["views"]["games"]) > 100 and "10. Views:" in table
