"""The tricks played on a finished patience: what Cheney's A Sequel to Musical and
Cadogan's sequel to Le Calcul share on the patience model.

Both gather the finished packets into the hand, turn it face down, lay thirteen cards
in a row of places face down, then deal the other 39 by rounds: a card on every second
place from the second, on every third from the third, on every fourth from the fourth,
each round going round the row and ending on the thirteenth (:data:`PLACES`). Every step
is forced, so a game is a series of phases (the game's own counter ``phase``), one move
each, and a phase decides which cards lie face up (:func:`lie`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .patience import Patience, Step, Table
from .shape import DEAL, OTHER, TURN

#: The order of the 39 cards dealt by rounds: place (1-based), the step of the round.
PLACES = tuple(((k * i - 1) % 13 + 1, k) for k in (2, 3, 4) for i in range(1, 14))
#: The phases both games share (the game's own counter ``phase``): the packets gathered
#: into the hand, the hand turned over, the row laid, the rounds dealt; then the game's
#: own (``TAKEUP``: the packets turned or taken up).
GATHERING, TURNED, ROWS, CARDS, TAKEUP = range(5)


def round_steps(game: Patience, t: Table, pack: int, row: int) -> list[Step]:
    """The one step of a shared phase after the gathering: ``t`` turns the hand over
    (no card changes place), ``r`` lays the row of thirteen, ``c`` the next card of the
    rounds; none in another phase."""
    phase = game.mark(t, "phase")
    if phase == CARDS:
        return [Step("c", DEAL, pack, row + PLACES[game.mark(t, "put")][0] - 1)]
    return {TURNED: [Step("t", OTHER, pack)],
            ROWS: [Step("r", DEAL, pack, row, 13)]}.get(phase, [])


def play_round(game: Patience, t: Table, step: Step, pack: int, row: int) -> Table:
    """The table after a step of :func:`round_steps`, its phase and count moved on."""
    phase, put = game.mark(t, "phase"), game.mark(t, "put")
    if step.code == "t":  # turned face down: its bottom card now on top
        t, phase = game.carry(t, Step("", TURN, pack, pack, len(t.piles[pack]))), ROWS
    elif step.code == "r":
        t, phase = game.deal_across(t, pack, range(row, row + 13)), CARDS
    else:
        t, put = game.carry(t, step), put + 1
        phase = CARDS if put < len(PLACES) else TAKEUP
    return game.marked(t, phase=phase, put=put)


def lie(game: Patience, t: Table, up: Sequence[int], down: Sequence[int]) -> Table:
    """``t`` with every card of the piles ``up`` face up and of the piles ``down`` face
    down (the hand is face up while gathered, face down once turned; the row face down
    until it is turned up)."""
    counts = list(t.down)
    for i in up:
        counts[i] = 0
    for i in down:
        counts[i] = len(t.piles[i])
    return replace(t, down=tuple(counts))


def place_said(game: Patience, t: Table, every: dict[int, str], verb: str) -> str:
    """``"<verb> a card on place 4 (every second card)"``: the next card of the rounds."""
    at, k = PLACES[game.mark(t, "put")]
    return f"{verb} a card on place {at} (every {every[k]} card)"


__all__ = ["CARDS", "GATHERING", "PLACES", "ROWS", "TAKEUP", "TURNED", "lie", "place_said",
           "play_round", "round_steps"]
