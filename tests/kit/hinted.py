"""A table one move from a clear choice, whose hint the solver decides at once: Take
Fourteen, deal 1, after the first 22 moves of its winning line (tests/rules/endings.json).
The player then has three moves, and every sample of the hidden cards wins by the first.
Client tests drive a real server there and ask for the hint as a person would."""

from __future__ import annotations

import json
from pathlib import Path

GAME, DEAL = "take_fourteen", 1
#: The hinted move, and the moves the player may make there (in the view's order).
HINTED, CHOICES = "p2-3", ("p2-3", "p3-6", "p4-8")
#: Its words (the view's description of the move), which the hint's sentence begins with.
WORDS = "take off 2♠ and Q♣ (piles 2 and 3) for fourteen"
#: Why (no card is hidden from the player there, so the search decides).
SURE = "this wins, with every card in sight"


def line() -> list[str]:
    """The moves that lead there."""
    endings = json.loads((Path(__file__).parents[1] / "rules" / "endings.json").read_text())
    win = endings[GAME]["win"]
    assert win["seed"] == DEAL
    return list(win["line"][:22])
