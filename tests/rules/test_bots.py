"""rules/bots.py: a table of computer players on a simulated clock."""

from __future__ import annotations

from rules import make
from rules.bots import bot_match
from rules.prng import Rng


def test_the_clock_turns_when_no_player_is_quicker_and_a_slow_player_misses_every_snap() -> None:
    game = make("snap", {"players": 2, "max_turns": 60, "pace_ms": 1500})
    steps = list(bot_match(game, 4, Rng.from_seed(1), think=(1600, 1700)))
    assert len(steps) == 60 and all(s.timed and s.move.code == "turn" for s in steps)
    assert [s.ms for s in steps[:3]] == [1500, 3000, 4500]


def test_two_players_as_quick_as_each_other_always_tie() -> None:
    game = make("snap", {"players": 2, "max_turns": 200})
    steps = list(bot_match(game, 4, Rng.from_seed(1), think=(300, 300)))
    calls = [s for s in steps if not s.timed]
    assert calls and not any(s.move.code == "settle" for s in steps)
    assert {s.after.race for s in calls[1::2]} == {"tie"}
    # one quicker than the pace and the tie window: the first caller takes the cards
    quick = list(bot_match(game, 4, Rng.from_seed(1), think=(200, 800)))
    assert any(s.move.code == "settle" for s in quick)


def test_a_match_is_the_same_for_the_same_stream() -> None:
    game = make("old_maid", {"players": 4})
    one = [(s.seat, s.move, s.ms) for s in bot_match(game, 9, Rng.from_seed(5))]
    two = [(s.seat, s.move, s.ms) for s in bot_match(game, 9, Rng.from_seed(5))]
    assert one == two and game.outcome(list(bot_match(game, 9, Rng.from_seed(5)))[-1].after)
