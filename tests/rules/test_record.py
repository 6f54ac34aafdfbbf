"""Play is a value: plays of one line share their history, and none changes another."""

from __future__ import annotations

import itertools

from rules import Play, make
from rules.game import Game


def first_moves(play: Play[object], n: int) -> Play[object]:
    for _ in range(n):
        seat = play.game.to_move(play.state)[0]
        play = play.push(play.game.legal_moves(play.state, seat)[0], seat)
    return play


def test_a_push_from_an_older_play_leaves_the_newer_one_as_it_was() -> None:
    game: Game[object] = make("klondike")
    start = Play.start(game, 7)
    five = first_moves(start, 5)
    three = first_moves(start, 3)  # the shared lists have five: these copy
    undone = five.undo(past_reveal=True)
    seat = game.to_move(undone.state)[0]
    moves = game.legal_moves(undone.state, seat)
    other = undone.push(moves[-1], seat)  # a branch from the fourth state
    again = five.record.replay()
    assert (five.states, five.record, five.revealed) == \
        (again.states, again.record, again.revealed)
    assert other.states[:5] == five.states[:5]
    assert other.state == game.apply(five.states[4], moves[-1], seat)
    assert other.record.moves == (*five.record.moves[:4], (seat, moves[-1].code))
    assert three.states == five.states[:4] and len(start.states) == 1
    assert len(other.revealed) == len(other.record.moves) == 5
    # one move more on each line: appended, and the other lines see nothing of it
    six = first_moves(five, 1)
    assert len(six.states) == 7 and len(five.states) == 6 and len(other.states) == 6


def test_the_reveal_barrier_is_what_game_reveals_says() -> None:
    game: Game[object] = make("sympathy")
    play = first_moves(Play.start(game, 3), 12)
    states = play.states
    assert list(play.revealed) == [game.reveals(a, b) or game.irreversible(
        a, game.parse_move(m), b) for (a, b), (_, m) in
        zip(itertools.pairwise(states), play.record.moves, strict=True)]
    assert play.zones == game.zones(play.state)
