"""The one-player shell: its memo (one game instance serves many rooms at once), and
giving up, which it plays for every game that offers ``end``."""

from __future__ import annotations

from typing import Any

from rules import all_games, make
from rules.common import AUTO, END
from rules.solo import SoloGame

SOLO_GAMES = ("clock", "musical", "number_eleven", "blockade", "legitimist", "picture")


def test_interleaved_positions_get_their_own_moves() -> None:
    for game_id in SOLO_GAMES:
        shared = make(game_id)
        states = [shared.deal(seed) for seed in range(6)]
        # answers of a fresh instance per position: no memo carried between positions
        expected = [(make(game_id).legal_moves(s, 0), make(game_id).outcome(s)) for s in states]
        # the shared instance, asked about the positions in turn, twice over (as rooms
        # taking turns would), answers each as if it were alone
        for _ in range(2):
            for state, (moves, outcome) in zip(states, expected, strict=True):
                assert shared.to_move(state) == ((0,) if moves else ())
                assert shared.legal_moves(state, 0) == moves
                assert shared.outcome(state) == outcome
        # an equal but distinct state object is not mistaken for a remembered one
        twin = shared.deal(0)
        assert twin is not states[0] and shared.legal_moves(twin, 0) == expected[0][0]


def _first_offer_of_end(game: SoloGame[Any], seeds: int = 3, moves: int = 300) -> Any:
    """A position of a first-legal playout where ``end`` is legal, or ``None``."""
    for seed in range(seeds):
        state = game.deal(seed)
        for _ in range(moves):
            legal = [m for m in game.legal_moves(state, 0) if m != AUTO]
            if END in legal:
                return state
            if not legal:
                break
            state = game.apply(state, legal[0], 0)
    return None


def test_giving_up_is_the_shells() -> None:
    offered = []
    for cls in all_games():
        game = cls()
        if not isinstance(game, SoloGame):
            continue
        state = _first_offer_of_end(game)
        if state is None:
            continue
        offered.append(game.id)
        legal = [m for m in game.legal_moves(state, 0) if m != AUTO]
        assert legal[-1] == END, game.id  # last, before ``auto``
        assert not game.given_up(state) and game.outcome(state) is None, game.id
        assert game.describe(state, END) == game.end_said, game.id
        after = game.apply(state, END, 0)
        assert after.given_up and game.given_up(after), game.id
        assert game.legal_moves(after, 0) == () and game.safe_moves(after) == (), game.id
        outcome = game.outcome(after)
        assert outcome is not None and not outcome.won, game.id
    # the column games, Napoleon's and Fifteen's kin and the open tableaux all offer it
    assert {"klondike", "napoleon", "fifteen_in_a_row", "paternal", "puzzle",
            "fifteen_magic_square"} <= set(offered)
