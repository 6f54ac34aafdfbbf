"""The one-player shell's memo: one game instance serves many rooms at once."""

from __future__ import annotations

from rules import make

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
