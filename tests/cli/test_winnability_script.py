"""scripts/game-shapes and scripts/winnability --why: the sentences docs/winnability.md
gives each game its budget left undecided.

They are read by people choosing a game, so they say the game's title, not its id, and
every figure they quote is the one measured: the shape file's and the run's.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> str:
    done = subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, check=True)
    return done.stdout


def test_the_shapes_and_the_sentences_say_what_was_measured(tmp_path: Path) -> None:
    shapes = tmp_path / "shapes.json"
    _run("scripts/game-shapes", "--deals", "2", "--out", str(shapes), "klondike", "clock")
    shape = json.loads(shapes.read_text())
    assert set(shape) == {"klondike", "clock"}
    k = shape["klondike"]
    assert k["deals"] == 2 and k["packs"] == 1 and k["hidden"] == 45  # 21 down, 24 in stock
    assert k["length"] > 10 and 1 < k["choices"] <= k["widest"]
    # a run's counts, as scripts/winnability --mode full keeps them
    run = tmp_path / "run"
    run.mkdir()
    budget = {"nodes": 5000, "cpu": 0.04}
    (run / "winnability-full.json").write_text(json.dumps({
        "klondike": {"budget": budget, "deals": 20, "won": 5, "lost": 1, "unknown": 14,
                     "cpu": 1.0, "nodes": 0},
        "clock": {"budget": budget, "deals": 20, "won": 1, "lost": 19, "unknown": 0,
                  "cpu": 0.1, "nodes": 0}}))
    out = _run("scripts/winnability", "--out", str(run), "--why", str(shapes),
               "klondike", "clock")
    lines = out.strip().splitlines()
    assert len(lines) == 1, "a decided game (the Clock) gets no sentence"
    line = lines[0]
    assert line.startswith("- **Traditional Solitaire or Klondike (three at a time)** (70.0% "
                           "undecided)")
    assert f"about {k['length']:.0f} moves" in line and f"(up to {k['widest']})" in line
    assert "klondike" not in line and "_" not in line
    assert "wins and proofs of loss were found" in line
