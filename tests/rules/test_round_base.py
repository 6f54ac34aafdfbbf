"""The pieces of the game interface that round games stand on: a table's seats chosen by
the ``players`` option, computer players that see one seat's view, and the table's clock."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from rules.cards import Card
from rules.description import VINTAGE, Description
from rules.errors import BadOptions, IllegalMove
from rules.game import Game, Move, Option, Outcome, Zone, players_option
from rules.record import Play
from rules.view import render


@dataclass(frozen=True)
class _Hands:
    hands: tuple[tuple[Card, ...], ...]
    turn: int


class _Toy(Game[_Hands]):
    """Each seat in turn throws its top card away; whoever is empty first wins."""

    description = Description(
        id="toy_round", title="Toy round", book=VINTAGE, lines="228-232", skill="chance",
        bound=60, seat_names=("North", "East", "South", "West"), cooperative=False,
        moves_public=False, seats_range=(2, 4))
    option_specs: ClassVar[tuple[Option, ...]] = (players_option(2, 4, 3),)

    def layout(self, cards: tuple[Card, ...], seed: int) -> _Hands:
        n = self.seats
        return _Hands(tuple(cards[i:12:n] for i in range(n)), 0)

    def to_move(self, state: _Hands) -> tuple[int, ...]:
        return () if self.outcome(state) else (state.turn,)

    def legal_moves(self, state: _Hands, seat: int) -> tuple[Move, ...]:
        return (Move("throw"), Move("keep")) if seat == state.turn else ()

    def apply_unchecked(self, state: _Hands, move: Move) -> _Hands:
        hands = list(state.hands)
        if move.code == "throw":
            hands[state.turn] = hands[state.turn][:-1]
        return _Hands(tuple(hands), (state.turn + 1) % self.seats)

    def outcome(self, state: _Hands) -> Outcome | None:
        empty = tuple(s for s, h in enumerate(state.hands) if not h)
        return Outcome(True, "out", empty) if empty else None

    def zones(self, state: _Hands) -> tuple[Zone, ...]:
        return tuple(Zone(f"hand{s}", "hand", h, up=len(h), owner=s, private=True)
                     for s, h in enumerate(state.hands))

    def describe(self, state: _Hands, move: Move) -> str:
        return move.code


def test_the_players_option_sets_the_tables_seats_and_their_names() -> None:
    assert (_Toy().seats, _Toy().seat_names) == (3, ("North", "East", "South"))
    two = _Toy({"players": 2})
    assert (two.seats, two.seat_names) == (2, ("North", "East"))
    assert len(two.deal(1).hands) == 2
    assert _Toy.description.seats == 4 and _Toy.description.min_seats == 2
    for bad in (1, 5):
        with pytest.raises(BadOptions):
            _Toy({"players": bad})


def test_a_description_refuses_a_range_it_has_no_names_for_or_a_cooperative_range() -> None:
    with pytest.raises(ValueError, match="seats_range"):
        Description(id="x", title="X", book=VINTAGE, lines="1", skill="chance", bound=1,
                    seat_names=("a", "b"), cooperative=False, seats_range=(2, 3))
    with pytest.raises(ValueError, match="round game"):
        Description(id="x", title="X", book=VINTAGE, lines="1", skill="chance", bound=1,
                    seat_names=("a", "b"), seats_range=(2, 2))


def test_a_range_of_seats_without_a_players_option_is_refused() -> None:
    class NoPlayers(_Toy):
        option_specs = ()

    with pytest.raises(TypeError, match="players"):
        NoPlayers()


def test_a_computer_player_moves_from_its_own_view_only() -> None:
    game = _Toy()
    state = game.deal(7)
    view: dict[str, Any] = render(game, state, 0)
    assert game.bot_move(view, 0, 12345) == "throw"
    # Another seat's view lists no move for seat 0: the default policy has nothing to play.
    with pytest.raises(ValueError):
        game.bot_move(render(game, state, 1), 0, 1)


def test_a_game_without_a_clock_has_nothing_due() -> None:
    game = _Toy()
    state = game.deal(7)
    assert game.timer(state) is None
    with pytest.raises(IllegalMove):
        game.apply_timer(state)
    assert not game.is_call(Move("throw"))


class _Race(_Toy):
    """Every seat may 'call' at once; the first call wins the table for its caller."""

    def to_move(self, state: _Hands) -> tuple[int, ...]:
        return () if self.outcome(state) else tuple(range(self.seats))

    def legal_moves(self, state: _Hands, seat: int) -> tuple[Move, ...]:
        return (Move("call"),) if seat in self.to_move(state) else ()

    def apply_unchecked(self, state: _Hands, move: Move) -> _Hands:
        return self.apply_for(state, move, self.to_move(state)[0])

    def apply_for(self, state: _Hands, move: Move, seat: int) -> _Hands:
        hands = list(state.hands)
        hands[seat] = ()
        return _Hands(tuple(hands), seat)


def test_a_move_several_seats_share_is_applied_for_the_seat_that_made_it() -> None:
    game = _Race()
    state = game.deal(7)
    after = game.apply(state, "call", 2)
    assert game.outcome(after) == Outcome(True, "out", (2,))
    assert game.outcome(game.apply_unchecked(state, Move("call"))) == Outcome(True, "out", (0,))


class _Caller(_Toy):
    """Every seat may cry 'call' at once (the caller then moves next); the table's clock
    turns the play to seat 2."""

    def to_move(self, state: _Hands) -> tuple[int, ...]:
        return tuple(range(self.seats))

    def legal_moves(self, state: _Hands, seat: int) -> tuple[Move, ...]:
        return (Move("call"),)

    def apply_unchecked(self, state: _Hands, move: Move) -> _Hands:
        return self.apply_for(state, move, 0)

    def apply_for(self, state: _Hands, move: Move, seat: int) -> _Hands:
        return _Hands(state.hands, 2 if move.code == "turn" else seat)

    def timer(self, state: _Hands) -> tuple[int, int, Move] | None:
        return (10, 2, Move("turn"))


def test_a_record_keeps_timer_moves_and_replays_them() -> None:
    game = _Caller()
    play = Play.start(game, 4).push("call", 1).push_timer().push("call", 0)
    assert play.record.moves == ((1, "call"), (2, "turn"), (0, "call"))
    assert [s.turn for s in play.states] == [0, 1, 2, 0]
    again = Play.start(game, 4)
    for seat, code in play.record.moves:
        again = again.replay_move(Move(code), seat)
    assert again.states == play.states
    # a timer move for a seat it is not due for is refused like any illegal move
    with pytest.raises(IllegalMove):
        Play.start(game, 4).replay_move(Move("turn"), 1)
    with pytest.raises(IllegalMove):
        Play.start(_Toy(), 4).push_timer()
