"""``sympathy solve`` and ``sympathy analyse``, run as real processes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from cli.solve_cmd import hint_deal, wilson
from rules import Play, make
from rules.common import AUTO
from rules.solver import solve


def sympathy(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cli.main", *args], capture_output=True,
                          text=True, timeout=300, check=check)


def test_solve_counts_the_deals_the_closed_form_says_can_be_won() -> None:
    out = sympathy("solve", "sympathie", "--deals", "60", "--seed", "100", "--json",
                   "--hint-deals", "0").stdout
    row = json.loads(out)
    game: Any = make("sympathie")
    expected = sum(bool(game.closed_form(game.deal(s))) for s in range(100, 160))
    assert (row["won"], row["lost"], row["unknown"]) == (expected, 60 - expected, 0)
    low, high = row["interval"]
    assert low < expected / 60 < high


def test_the_interval_widens_over_unknown_deals() -> None:
    row = json.loads(sympathy("solve", "double_jump", "--deals", "3", "--nodes", "50",
                              "--hint-deals", "0", "--json").stdout)
    assert row["unknown"] == 3 and row["interval"] == [0.0, wilson(3, 3)[1]]
    assert wilson(0, 3)[0] == 0.0 and 0.4 < wilson(5, 10)[0] + 0.5 < 1


def test_solve_gives_both_shares_with_their_intervals_by_default() -> None:
    """The Clock is pure chance (every move forced), so the hints win exactly the deals
    that can be won: deals 84-103 hold four, two of them among the first ten."""
    game = make("clock")
    winnable = [solve(game, game.deal(s)).won for s in range(84, 104)]
    assert (sum(winnable), sum(winnable[:10])) == (4, 2)
    out = sympathy("solve", "clock", "--deals", "20", "--seed", "84").stdout
    low, high = wilson(4, 20)
    assert f"the share that can be won with full information is {low:.1%} to {high:.1%} (95%)" \
        in out
    low, high = wilson(2, 10)
    assert (f"the share the hints win, seeing only what the player sees, is {low:.1%} to "
            f"{high:.1%} (95%): 2 of the first 10 deals won") in out
    row = json.loads(sympathy("solve", "clock", "--deals", "20", "--seed", "84",
                              "--json").stdout)
    assert (row["won"], row["hint_won"], row["hint_deals"]) == (4, 2, 10)
    assert row["hint_interval"] == [low, high]
    # fewer deals than the default number of hint deals: all of them; 0 turns it off
    row = json.loads(sympathy("solve", "clock", "--deals", "3", "--seed", "84",
                              "--json").stdout)
    assert (row["hint_deals"], row["hint_won"]) == (3, 1)
    off = sympathy("solve", "clock", "--deals", "3", "--hint-deals", "0").stdout
    assert "the hints were not played" in off and "hint_deals" not in json.loads(
        sympathy("solve", "clock", "--deals", "3", "--hint-deals", "0", "--json").stdout)


def test_the_hint_policy_wins_the_deals_it_must_and_loses_the_others() -> None:
    """Where no choice can lose a winnable deal the hints must win exactly the deals
    that can be won: the Clock (every move forced) and Sympathy under the exact rule
    (every move safe; its closed form says which deals can be cleared)."""
    clock = make("clock")
    for seed, won in [(84, True), (85, False), (93, True)]:
        played = hint_deal(clock, seed, 2_000, seconds=None)
        assert (played.won, played.choices) == (won, 0), seed
        assert solve(clock, clock.deal(seed)).won is won
    game: Any = make("sympathy")
    seeds = {bool(game.closed_form(game.deal(s))): s for s in range(20)}
    for won, seed in seeds.items():
        played = hint_deal(game, seed, 2_000, seconds=None)
        assert played.won is won, seed
        assert played.choices > 10  # the hints chose, at many positions


def test_analyse_names_the_move_that_lost_a_record_saved_like_the_client(tmp_path: Path
                                                                            ) -> None:
    game = make("little_lots")
    play: Play[Any] = Play.start(game, 3)
    while game.outcome(play.state) is None:
        seat, move = [(s, m) for s, m in game.all_legal(play.state) if m != AUTO][-1]
        play = play.push(move, seat)
    moves = [{"seat": s, "move": c, "by": "me", "advised_by": ["ann"] if i == 0 else []}
             for i, (s, c) in enumerate(play.record.moves)]
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"game": "little_lots", "options": {}, "seed": 3,
                                "moves": moves, "result": "lost"}))
    out = sympathy("analyse", str(path)).stdout
    assert out.startswith("The deal could be won.\nThe game was lost at move 8: ")
    assert "instead would have kept it winnable" in out
    assert "ann's proposal at move 1" in out and "(taken): kept the game winnable" in out
    data = json.loads(sympathy("analyse", str(path), "--json").stdout)
    assert data["lost_at"] == 8 and data["deal"] == "won"


def test_analyse_refuses_a_file_that_is_not_a_record(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": "little_lots", "seed": 3,
                                "moves": [{"seat": 0, "move": "zz"}]}))
    done = sympathy("analyse", str(path), check=False)
    assert done.returncode == 2 and "is not a game record" in done.stdout
