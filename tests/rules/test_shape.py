"""Every legal move of every game says where it goes (rules/shape.py), honestly.

For every registered game (its default options), deals 0-2, every step of a first-legal
playout (cut at ``STEPS``), for the watcher and for the seat that moves: each legal
move's shape (at most about ``MOVES`` of them a position, evenly spread)
has a known kind, names zones of the position, and names only cards that audience sees
now. A patience on the model (rules/patience.py) answers from its piles: its answer must
agree with what the zones before and after the move show (rules.shape.from_zones; a card
moved within its own pile must lie on its top after the move), and
two of its moves never share a shape, so pointing at a source, a destination and a card
chooses one move.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules import Game, Play, all_games, make
from rules.game import Zone
from rules.patience import Patience
from rules.shape import DEAL, KINDS, MOVE, PAIR, TURN, Shape, from_zones, seen_by

DEALS = range(3)
STEPS = 100
#: At most about this many legal moves of one position are checked (see check_position).
MOVES = 24


def check_position(game: Game[Any], state: Any) -> None:
    zones = {z.id: z for z in game.zones(state)}
    legal = game.all_legal(state)
    # Empress of India offers some 500 moves a position: an even spread of them is
    # checked there (a shape costs a move played), every move everywhere else
    for seat, move in legal[::max(1, -(-len(legal) // MOVES))]:
        for audience in (None, seat):
            shape = game.shape(state, move, seat, audience)
            where = f"{game.id}: {move.code} for {audience}"
            assert shape.kind in KINDS, where
            for place in (shape.source, shape.target, *shape.also):
                assert place is None or place in zones, f"{where}: no zone {place}"
            assert not shape.also or shape.kind == PAIR, where
            if shape.at is not None:  # a card by its place in its source
                assert shape.source is not None, where
                assert 0 <= shape.at < len(zones[shape.source].cards), where
            named = [c for c in shape.cards if c is not None]
            if named:  # from the source (a pair: from any of its places)
                assert shape.source is not None, where
                seen = seen_by(zones[shape.source], audience)
                if shape.kind == PAIR:
                    for place in (shape.target, *shape.also):
                        if place is not None:
                            seen |= seen_by(zones[place], audience)
                assert all(c in seen for c in named), f"{where} names a card not seen"
    if isinstance(game, Patience):
        check_model(game, state, tuple(zones.values()))


def check_model(game: Patience, state: Any, zones: tuple[Zone, ...]) -> None:
    shapes: dict[Shape, str] = {}
    legal = game.legal_moves(state, 0)
    # every shape is told apart from the others, and every move is played, but where a
    # position offers more than a hundred (Empress of India's some 500): there an even
    # spread of them is, as in check_position
    played = set(legal if len(legal) <= 100 else legal[::-(-len(legal) // MOVES)])
    for move in legal:
        if move.code in ("end", "auto"):
            continue
        shape = game.shape(state, move, 0, 0)
        if shape.source is None and shape.target is None:
            # a move with no place is a button with its text (protocol/README.md):
            # Knaves' Dial's four 'first-<suit>' choices
            continue
        assert shape not in shapes, f"{game.id}: {move.code} and {shapes[shape]} alike"
        shapes[shape] = move.code
        if shape.kind not in (MOVE, DEAL, TURN) or move not in played:
            continue
        after = game.zones(game.apply(state, move, 0))
        if shape.kind == MOVE and shape.source == shape.target:
            # a card drawn from under its own pile's top onto it (The Egyptian's, and
            # Paternal's, draw): no card changes zone, so the zones show only that it
            # now lies on top
            pile = next(z for z in after if z.id == shape.source)
            assert pile.cards[-len(shape.cards):] == shape.cards, \
                f"{game.id}: {move.code} says {shape.cards}, the pile ends {pile.cards}"
            continue
        if game.step(state, move).under:
            # a card put under a pile (Wandering Card's), whose top card may then move
            # on: the zones' first loser is that pile, so they cannot say where the card
            # came from; it lies at the bottom of its target now
            pile = next(z for z in after if z.id == shape.target)
            assert pile.cards[:len(shape.cards)] == shape.cards, \
                f"{game.id}: {move.code} says {shape.cards}, the pile begins {pile.cards}"
            continue
        if shape.kind == MOVE and {z.id for z in zones} - {z.id for z in after}:
            # a row that closes up (Push Pin's line, Double Jump's row): its places are
            # numbered anew after the move, so the zones cannot say where the cards went;
            # the cards it names are still its source's
            src = next(z for z in zones if z.id == shape.source)
            assert all(c is None or c in src.cards for c in shape.cards), \
                f"{game.id}: {move.code} says {shape.cards}, not its source's"
            continue
        seen = from_zones(zones, after, 0)
        if shape.kind == MOVE and seen.target == shape.source != shape.target:
            # a place refilled at once (Empress of India's vacancies, Rule II): the zones'
            # first gainer is the source itself, which took a new card after the move; the
            # cards moved lie on top of the target now
            pile = next(z for z in after if z.id == shape.target)
            assert pile.cards[-len(shape.cards):] == shape.cards, \
                f"{game.id}: {move.code} says {shape.cards}, the pile ends {pile.cards}"
            continue
        if shape.target is None and (shape.kind == DEAL or None in shape.cards):
            # a deal whose cards go where they themselves decide (Les Quatre Coins deals
            # on, a foundation card going up at once), or an unseen card whose place the
            # player does not choose (Corners' deal, Four of a Kind's turn): it names
            # its source alone, since the target would tell the card
            assert seen.source == shape.source, f"{game.id}: {move.code} says {shape}"
            continue
        assert (seen.source, seen.target) == (shape.source, shape.target), \
            f"{game.id}: {move.code} says {shape}, the zones {seen}"
        assert sorted(c for c in seen.cards if c is not None) == \
            sorted(c for c in shape.cards if c is not None) or shape.kind != MOVE, \
            f"{game.id}: {move.code} says {shape.cards}, the zones {seen.cards}"


@pytest.mark.parametrize("game_id", sorted(cls.id for cls in all_games()))
def test_every_legal_move_has_an_honest_shape(game_id: str) -> None:
    game = make(game_id)
    for deal in DEALS:
        state = game.deal(deal)
        for _ in range(STEPS):
            if game.outcome(state) is not None:
                break
            check_position(game, state)
            legal = game.all_legal(state)
            if not legal:
                break  # a round game waiting on the table's clock
            seat, move = legal[0]
            state = game.apply(state, move, seat)


ROUND_GAMES = sorted(cls.id for cls in all_games() if make(cls.id).description.layout == "round")


@pytest.mark.parametrize("game_id", ROUND_GAMES)
def test_a_round_tables_moves_are_told_apart_by_their_shapes(game_id: str) -> None:
    """At a round table a seat chooses a card of its hand, or a back of a neighbour's
    hand, by its shape alone (the clients read no code): two moves of one seat with a
    place never share a shape as that seat sees them (a watcher chooses none). Snap's
    cards turned by hand (its table's clock turns none here)."""
    realtime = make(game_id).description.realtime
    game = make(game_id, {"auto_turn": False} if realtime else None)
    positions = 0
    for deal in DEALS:
        state = game.deal(deal)
        for _ in range(STEPS):
            legal = game.all_legal(state)
            if game.outcome(state) is not None or not legal:
                break
            shapes: dict[tuple[int, Shape], str] = {}
            for seat, move in legal:
                shape = game.shape(state, move, seat, seat)
                if shape.source is None and shape.target is None:
                    continue  # a button with its text (a bid, a call)
                key = (seat, shape)
                assert key not in shapes, f"{game_id}: {move.code} and {shapes[key]} alike"
                shapes[key] = move.code
            positions += 1
            seat, move = legal[0]
            state = game.apply(state, move, seat)
    assert positions > 0


def test_the_view_carries_shapes_only_when_asked() -> None:
    from rules import render
    game = make("triangle")
    state = game.deal(4)
    plain = render(game, state, None)
    assert all("shape" not in m for m in plain["moves"]["0"])
    shaped = render(game, state, None, shapes=True)
    first = shaped["moves"]["0"][0]
    assert first["code"] == "t5>f" and first["shape"]["from"] == "t5"
    assert first["shape"]["kind"] == "move" and first["shape"]["to"].startswith("f")


@pytest.mark.parametrize("game_id", ["sympathy", "sympathie"])
def test_a_twin_turn_tells_nothing_of_the_card_it_turns(game_id: str) -> None:
    """Turning a face-down card (``open``, ``t<i>``, ``g``) is a ``turn`` of its own
    place whatever the card pairs with: read from the move played, the shape named the
    partner's face-up card the hidden one was about to pair with (its twin)."""
    game = make(game_id, {})
    for deal in DEALS:
        play = Play.start(game, deal)
        for _ in range(STEPS):
            state = play.state
            if not game.to_move(state):
                break
            seat = game.to_move(state)[0]
            who = game.seat_names[seat]
            legal = game.legal_moves(state, seat)
            for m in legal:
                if m.code[0] not in "otg":
                    continue
                place = f"{who}1" if m.code == "open" else f"{who}.grace" \
                    if m.code == "g" else f"{who}{m.code[1:]}"
                for audience in (None, 0, 1):
                    assert game.shape(state, m, seat, audience) == Shape(TURN, place), \
                        f"{game_id} deal {deal}: {m.code} for {audience}"
            play = play.push(legal[-1], seat)
