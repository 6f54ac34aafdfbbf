"""The analysis of a finished game finds the move that lost it, checked against plain
exhaustive search."""

from __future__ import annotations

import itertools
import time
from collections.abc import Hashable
from dataclasses import replace
from typing import Any

import pytest

from rules import Move, Play, analysis, make
from rules.analysis import Proposal, analyse, analyse_record
from rules.common import AUTO
from rules.prng import Rng
from rules.solver import (
    LOST,
    UNKNOWN,
    WON,
    Budget,
    BudgetExhausted,
    Solution,
    exhaustive,
    replay_line,
    solve,
)
from server.heavy import ANALYSIS_SECONDS


def lose_a_winnable_game(game_id: str, seed: int) -> Play[Any] | None:
    """Play the last choice each time; a record when the deal was (small enough to
    search exhaustively and) winnable and the game was lost."""
    game = make(game_id)
    play: Play[Any] = Play.start(game, seed)
    try:
        if not exhaustive(game, play.state, limit=20_000):
            return None
    except BudgetExhausted:
        return None
    while game.outcome(play.state) is None:
        seat, move = [(s, m) for s, m in game.all_legal(play.state) if m != AUTO][-1]
        play = play.push(move, seat)
    done = game.outcome(play.state)
    return None if done is None or done.won else play


@pytest.mark.parametrize("game_id", ["little_lots", "fourteen"])
def test_the_losing_move_is_the_first_after_which_no_line_wins(game_id: str) -> None:
    found = 0
    for seed in range(80):
        play = lose_a_winnable_game(game_id, seed)
        if play is None:
            continue
        game = play.game
        result = analyse(play.record, Budget(200_000))
        assert result.deal == WON
        assert result.lost_at is not None
        k = result.lost_at
        assert exhaustive(game, play.states[k - 1])
        assert not exhaustive(game, play.states[k])
        assert f"lost at move {k}: {result.lost_move}" in " ".join(result.lines)
        # the move said to keep it winnable does
        keep = next(m for m in game.legal_moves(play.states[k - 1], play.record.moves[k - 1][0])
                    if game.describe(play.states[k - 1], m) == result.keeper)
        assert exhaustive(game, game.apply_unchecked(play.states[k - 1], keep))
        # proposals: the keeper (left) kept it winnable; the losing move (taken) did not
        seat, code = play.record.moves[k - 1]
        judged = analyse(play.record, Budget(200_000), [
            Proposal(k - 1, seat, keep.code, taken=False, by="ann"),
            Proposal(k - 1, seat, code, taken=True, by="bob"),
        ]).proposals
        assert [j.verdict for j in judged] == [WON, LOST]
        assert "ann's proposal" in judged[0].text and "(left)" in judged[0].text
        found += 1
        if found == 4:
            break
    assert found >= 2


def test_a_lost_deal_and_a_won_game_say_so() -> None:
    game = make("sympathy")
    lost = next(s for s in range(50) if game.closed_form(game.deal(s)) is False)  # type: ignore[attr-defined]
    play: Play[Any] = Play.start(game, lost)
    assert analyse(play.record, Budget(10_000)).lines[0] == "The deal could not be won."
    won = next(s for s in range(50) if game.closed_form(game.deal(s)))  # type: ignore[attr-defined]
    play = Play.start(game, won)
    while game.outcome(play.state) is None:
        seat, move = game.all_legal(play.state)[0]
        play = play.push(move, seat)
    result = analyse(play.record, Budget(10_000))
    assert result.deal == WON and result.lost_at is None
    assert "never lost" in result.lines[1]


def test_a_proposal_that_does_not_fit_is_said_so() -> None:
    play: Play[Any] = Play.start(make("sympathy"), 0)
    judged = analyse(play.record, Budget(1_000), [Proposal(0, 1, "t9", False),
                                                  Proposal(5, 0, "open", True)]).proposals
    assert "was not legal" in judged[0].text
    assert "does not fit" in judged[1].text
    assert Move("open") in play.game.legal_moves(play.state, 1)


def lost_fourteen() -> Play[Any]:
    """Fourteen, deal 0, lost by taking the last choice each time; the deal can be won
    (a search of a few dozen positions finds the way)."""
    play = lose_a_winnable_game("fourteen", 0)
    assert play is not None
    return play


def test_an_analysis_out_of_time_says_unknown_and_stops() -> None:
    """On a clock that moves a second at each reading, a one-second analysis runs out
    at its first search: the deal is unknown (not won, which any search would find) and
    the analysis reads the clock a handful of times, not once per move."""
    play = lost_fourteen()
    assert len(play.record.moves) > 20
    ticks = itertools.count()

    def clock() -> float:
        return float(next(ticks))

    data = {**play.record.to_dict(),
            "proposals": [{"at": 3, "seat": 0, "move": play.record.moves[3][1], "by": "ann",
                           "taken": True}]}
    result = analyse_record(data, clock, seconds=1.0)
    assert result.deal == UNKNOWN and result.lost_at is None and result.keeper == ""
    assert result.lines[0] == ("Whether the deal could be won is unknown (the search ran "
                               "out of budget).")
    assert not any("lost at move" in line for line in result.lines)
    [judged] = result.proposals
    assert judged.verdict == UNKNOWN and "unknown whether it kept" in judged.text
    assert next(ticks) < 10
    # the same record with time to think is decided
    assert analyse(play.record, Budget(50_000)).deal == WON


def test_when_time_runs_out_during_the_search_the_losing_move_is_unknown(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The clock jumps past the deadline as the first search starts (the last position,
    where the game is over, needs none): the losing move (and the deal) are said to be
    unknown rather than guessed, and the analysis gives up at the first search that
    runs out, with no second try."""
    play = lost_fourteen()
    now = [0.0]
    searches: list[Solution] = []

    def counted(*args: Any, **kwargs: Any) -> Solution:
        now[0] = 1e9
        found = solve(*args, **kwargs)
        searches.append(found)
        return found

    monkeypatch.setattr(analysis, "solve", counted)
    seat, code = play.record.moves[5]
    result = analyse(play.record, Budget.seconds(lambda: now[0], 10.0, nodes=10**9),
                     [Proposal(5, seat, code, taken=True, by="ann")])
    assert result.deal == UNKNOWN and result.lost_at is None and result.lost_move == ""
    assert not any("lost at move" in line for line in result.lines)
    assert [j.verdict for j in result.proposals] == [UNKNOWN]
    # one search of the walk back, one for the proposal; each stopped at once
    assert [(s.verdict, s.nodes) for s in searches] == [(UNKNOWN, 1), (UNKNOWN, 1)]


def first_legal_game(game_id: str, seed: int) -> Play[Any]:
    """Deal ``seed`` played to its end by the first legal move each time (``sympathy
    selfplay --policy first``, as ``scripts/lost-at`` plays it)."""
    from cli.games_cmd import random_playout

    game = make(game_id)
    line: list[str] = []
    random_playout(game, seed, Rng.from_seed(seed, stream=99), "first", line)
    play: Play[Any] = Play.start(game, seed)
    for code in line:
        seat, move = next((s, m) for s, m in game.all_legal(play.state) if m.code == code)
        play = play.push(move, seat)
    return play


@pytest.mark.parametrize(("game_id", "seed", "deal", "lost_at", "said"), [
    # lost by a marriage, with the ace that would have kept it winnable beside it
    ("la_belle_lucie", 0, WON, 32, "The game was lost at move 32: marry Q♠ from packet 10 "
     "onto K♠ on packet 3; play 2♣ from packet 13 to the ♣ ace foundation instead would "
     "have kept it winnable."),
    # a thousand moves round the garden, then given up while it could still be won
    ("flower_garden", 10, WON, 1001, "The game was lost at move 1001: give up"),
    # lost before the first move
    ("klondike", 0, LOST, None, "The deal could not be won."),
])
def test_a_first_legal_move_game_is_analysed_at_the_servers_budget(
        game_id: str, seed: int, deal: str, lost_at: int | None, said: str) -> None:
    """A finished first-legal-move game of each of three patiences, analysed as the
    server does (its budget, on this process's CPU time): the answer is the move after
    which the deal could no longer be won, and it is a proof: the position before it
    is won by a line that replays, the one after it is lost by a search of its own."""
    play = first_legal_game(game_id, seed)
    game = play.game
    result = analyse_record(play.record.to_dict(), time.process_time, ANALYSIS_SECONDS)
    assert (result.deal, result.lost_at) == (deal, lost_at)
    assert any(line.startswith(said) for line in result.lines), result.lines
    k = lost_at if lost_at is not None else 0
    if lost_at is not None:
        before = solve(game, play.states[k - 1], Budget(200_000))
        assert before.verdict == WON
        done = game.outcome(replay_line(game, play.states[k - 1], before.line))
        assert done is not None and done.won
    assert solve(game, play.states[k], Budget(200_000)).verdict == LOST


def test_a_position_proved_lost_is_not_searched_again() -> None:
    """The analysis's searches share their proofs: after the positions past move 32 of
    La Belle Lucie's deal 0 (first legal moves) are proved lost, the one after move 32,
    whose moves reach little else, takes a few positions where a search of its own takes
    about nine hundred; and its verdict is the same."""
    play = first_legal_game("la_belle_lucie", 0)
    game, states = play.game, play.states
    free = [replace(s, back=None) for s in states]
    fresh = solve(game, free[32], Budget(200_000))
    assert fresh.verdict == LOST and fresh.nodes > 800
    lost: set[Hashable] = set()
    assert solve(game, free[34], Budget(200_000), lost=lost).verdict == LOST
    assert solve(game, free[33], Budget(200_000), lost=lost).verdict == LOST
    again = solve(game, free[32], Budget(200_000), lost=lost)
    assert again.verdict == LOST and again.nodes < 100


def test_the_time_left_goes_to_the_position_where_the_walk_back_stops(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """La Belle Lucie's deal 0 played by first legal moves, analysed with searches of
    200 positions each and a minute of CPU: a search that runs out is tried again on
    more positions while time is left, so the losing move (32, as at the server's
    budget) is found; with no second try the analysis stops at the first search that
    runs out and says the deal is unknown."""
    play = first_legal_game("la_belle_lucie", 0)

    def analysed() -> tuple[str, int | None]:
        result = analyse(play.record, Budget.seconds(time.process_time, 60.0, nodes=200))
        return result.deal, result.lost_at

    assert analysed() == (WON, 32)
    monkeypatch.setattr(analysis, "AGAIN", 1)
    assert analysed() == (UNKNOWN, None)


def test_a_game_ended_by_the_rule_against_repeats_is_lost_at_its_end() -> None:
    """The Flower Garden's deal 8, played by first legal moves, ends after 63 moves with
    no move left: every move would bring back an arrangement of the Garden (the rule
    the search leaves out at the start of each search, :func:`analysis._unbound`). The
    analysis takes the end as lost, as it is, rather than searching the table without
    the rule (where a win can be found)."""
    play = first_legal_game("flower_garden", 8)
    game, end = play.game, play.states[-1]
    done = game.outcome(end)
    assert done is not None and not done.won and game.legal_moves(end, 0) == ()
    proofs = analysis._Proofs(game, play.states, Budget(1_000))
    assert proofs.judge(len(play.states) - 1).verdict == LOST
