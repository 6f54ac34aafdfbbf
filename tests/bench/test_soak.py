"""``make soak`` runs: a tiny soak end to end (real processes, real Redis). Its figures
are reported, not asserted, except what must hold at any size: every acknowledged move
is in its record, no client saw a version go down, and create works afterwards."""

from __future__ import annotations

import json
from pathlib import Path

from bench import soak


def test_a_tiny_soak_runs_and_keeps_every_acknowledged_move(tmp_path: Path) -> None:
    out = tmp_path / "soak.md"
    assert soak.main(["--minutes", "1", "--rooms", "2", "--tables", "2", "--room-ttl", "1",
                      "--settle", "3", "--every", "2", "--out", str(out)]) == 0
    summary = json.loads(out.with_suffix(".json").read_text())["summary"]
    assert summary["rooms_finished"] == 2 and summary["acked"] > 0
    assert summary["recorded"] == summary["acked"] and summary["lost"] == 0
    assert summary["regressions"] == 0 and summary["create_after"] == [True, True]
    assert "## Over time" in out.read_text()
