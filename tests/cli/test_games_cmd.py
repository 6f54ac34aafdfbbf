"""The commands a user can run now: games, show, selfplay (run as real processes)."""

from __future__ import annotations

import re
import subprocess
import sys

from cli.games_cmd import TITLE, pack_counts, seat_counts
from rules import all_games, make
from rules.common import autoplay
from rules.guide import name_of
from rules.registry import game_class


def sympathy(*args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "cli.main", *args], capture_output=True,
                          text=True, timeout=120, check=True)
    return done.stdout


def test_games_lists_every_registered_game_with_book_pages_and_lines() -> None:
    out = sympathy("games")
    assert ".txt" not in out  # the book's title, not the scan's file name
    for cls in all_games():
        d = cls.description
        line = next(line for line in out.splitlines() if line.startswith(d.id + " "))
        assert d.book.short in line and f"(l.{d.lines})" in line
        if d.book.key == "cheney":
            assert re.search(r", pp?\. \d+(-\d+)? \(l\.", line), line
    assert f"{len(all_games())} games" in out
    solitaire = next(line for line in out.splitlines() if line.startswith("solitaire "))
    assert "Cheney, Patience (3rd ed., 1894), pp. 17-19 (l.600-663)" in solitaire


def test_games_columns_line_up_under_their_headings() -> None:
    lines = sympathy("games").splitlines()[:-1]
    header = lines[0]
    starts = [header.index(h) for h in ("title", "packs", "seats", "skill", "book")]
    for line in lines[1:]:
        for at in starts:
            # each column starts after a gap of two spaces, whatever came before it
            assert line[at - 2 : at] == "  ", f"column at {at} is not clear: {line!r}"
        for at in starts[1:]:
            assert line[at] != " ", f"column at {at} does not start there: {line!r}"
    # a long title is cut, not let out of its column
    assert starts[1] - starts[0] <= TITLE + 2


def test_games_shows_the_pack_count_an_option_allows() -> None:
    out = sympathy("games")
    line = next(line for line in out.splitlines() if line.startswith("number_eleven "))
    assert " 1-2 " in line  # option packs: 1 or 2
    line = next(line for line in out.splitlines() if line.startswith("blockade "))
    assert " 2 " in line and " 1-2 " not in line


def test_pack_counts_come_from_the_option_spec() -> None:
    assert pack_counts(game_class("number_eleven")) == "1-2"
    assert pack_counts(game_class("blockade")) == "2"
    assert pack_counts(game_class("clock")) == "1"


def test_games_shows_the_seats_a_round_game_allows() -> None:
    out = sympathy("games")
    seats = out.splitlines()[0].index("seats")

    def cell(game_id: str) -> str:
        line = next(line for line in out.splitlines() if line.startswith(game_id + " "))
        return line[seats:].split("  ")[0]

    assert cell("all_fours") == "2,4"  # option players: 2 or 4 (two partnerships)
    assert cell("old_maid") == cell("snap") == "2-8"
    assert cell("sympathy") == "2" and cell("clock") == "1"


def test_seat_counts_come_from_the_players_option() -> None:
    assert seat_counts(game_class("all_fours")) == "2,4"
    assert seat_counts(game_class("beggar_my_neighbor")) == "2-8"
    assert seat_counts(game_class("sympathy")) == "2"
    assert seat_counts(game_class("clock")) == "1"


def test_show_draws_the_deal_as_a_watcher_sees_it() -> None:
    out = sympathy("show", "sympathy", "--seed", "5", "--ascii")
    assert "A1 [3#]" in out and "B17 [3#]" in out
    assert "open" in out  # B's opening move is offered
    assert not re.search(r"\b[2-9TJQKA][SHDC]\b", out)  # no card is face up yet


def test_selfplay_ends_with_the_win_rate_line() -> None:
    out = sympathy("selfplay", "sympathie", "--games", "50", "--seed", "10")
    last = out.strip().splitlines()[-1]
    m = re.fullmatch(r"sympathie: (\d+)/50 won \((\d+\.\d)%\)", last)
    assert m, last
    assert "moves/s" in out
    again = sympathy("selfplay", "sympathie", "--games", "50", "--seed", "10")
    assert again.strip().splitlines()[-1] == last  # the same deals, the same result


def test_options_reach_the_game() -> None:
    out = sympathy("show", "sympathy", "--seed", "5", "-o", "packets=2", "--ascii")
    assert "A2 [3#]" in out and "A3 " not in out


def test_selfplay_first_policy_is_what_auto_play_does() -> None:
    out = sympathy("selfplay", "blockade", "--policy", "first", "--games", "30")
    last = out.strip().splitlines()[-1]
    m = re.fullmatch(r"blockade \(first legal move\): (\d+)/30 won \(\d+\.\d%\)", last)
    assert m, last
    game = make("blockade")
    wins = 0
    for seed in range(30):
        end = autoplay(game, game.deal(seed), 0)
        outcome = game.outcome(end)
        assert outcome is not None
        wins += outcome.won
    assert int(m.group(1)) == wins


def test_games_names_each_game_as_the_clients_do() -> None:
    # the guide's name (the lobby's and the terminal's), never the catalogue's working
    # title such as "Babette (untitled in the seed)"
    out = sympathy("games")
    assert "untitled" not in out and "seed" not in out
    for cls in all_games():
        d = cls.description
        line = next(line for line in out.splitlines() if line.startswith(d.id + " "))
        assert line[len(d.id):].strip().startswith(name_of(d.id)[: TITLE - 3]), line
    babette = next(line for line in out.splitlines() if line.startswith("babette "))
    assert re.match(r"babette +Babette +2 ", babette), babette
    assert sympathy("show", "babette").startswith("Babette (")
