"""The conformance suite, run over every registered game and option choice."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import (
    Game,
    GameOver,
    IllegalMove,
    NotYourTurn,
    Play,
    Record,
    UndoRefused,
    game_class,
    render,
)
from rules.errors import RulesError
from rules.game import Move
from rules.prng import MAX_SEED
from tests.kit.conformance import (
    config_id,
    configurations,
    make_game,
    random_states,
    table_cards,
)
from tests.kit.leaks import assert_no_hidden_card

CONFIGS = configurations(distinct=True)
seeds = st.integers(min_value=10**6, max_value=MAX_SEED)
suite = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: The views of every this-many-th position of a random game are searched for hidden
#: cards (rendering every audience's view of every position was half of this suite).
LEAK_EVERY = 3
#: A game whose description bounds it past this many moves plays fewer random games.
LONG = 300


def deep(config: tuple[str, dict[str, object]]) -> settings:
    """The suite's settings for a configuration: 10 random games each, or for a long
    game (by its description's bound) as many as about 3,000 moves of play allow, at
    least 4. Every law is still checked on every configuration; a long game checks more
    positions per example."""
    bound = make_game(config).description.bound
    n = 10 if bound is None or bound <= LONG else max(4, 10 * LONG // bound)
    if "players" in config[1]:
        # a round game at another size of table than its default: fewer matches
        n = min(n, 2)
    return settings(suite, max_examples=n)
each_config = pytest.mark.parametrize("config", CONFIGS, ids=[config_id(c) for c in CONFIGS])
Config = tuple[str, dict[str, object]]


@pytest.fixture(params=CONFIGS, ids=[config_id(c) for c in CONFIGS])
def config(request: pytest.FixtureRequest) -> tuple[str, dict[str, object]]:
    c: tuple[str, dict[str, object]] = request.param
    return c


def test_registry_metadata(config: tuple[str, dict[str, object]]) -> None:
    game = make_game(config)
    d = game.description
    assert type(game).__dict__["description"] is d, "every registered game has its own"
    assert (game.id, game.title, game.packs, game.euchre) == \
        (d.id, d.title, d.packs, d.euchre)
    if d.seats_range is None:
        assert (game.seats, game.seat_names) == (d.seats, d.seat_names)
    else:
        # a round game: its table has the seats the 'players' option says
        assert not d.cooperative and not d.moves_public and d.layout == "round"
        assert d.seats_range[0] <= game.seats == game.options["players"] <= d.seats_range[1]
        assert game.seat_names == d.seat_names[:game.seats]
    assert d.title and d.book.seed.endswith(".txt") and d.line_ranges
    assert d.pages or not d.book.heads, f"{d.id}: a Cheney game cites its pages"
    assert set(game.options) == {o.name for o in game.option_specs}


def test_a_variant_is_its_parent_with_options_fixed(config: Config) -> None:
    cls = game_class(config[0])
    d = cls.description
    if d.variant_of is None:
        assert not d.fixed
        return
    parent = game_class(d.variant_of)
    assert cls.__bases__ == (parent,) and parent.description.variant_of is None
    own = [k for k, v in vars(cls).items() if callable(v) and not k.startswith("__")]
    assert not own, f"{d.id} has code of its own: {own}"
    game = make_game(config)
    assert all(game.options[k] == v for k, v in d.fixed.items())


def test_deals_are_deterministic(config: tuple[str, dict[str, object]]) -> None:
    game = make_game(config)
    for seed in (0, 1, 2**63 + 5):
        assert game.deal(seed) == game.deal(seed)
    assert game.deal(1) != game.deal(2)


def test_full_deal_uses_every_card_once(config: tuple[str, dict[str, object]]) -> None:
    game = make_game(config)
    if any(o.name == "packets" for o in game.option_specs) and "packets" in config[1]:
        pytest.skip("a reduced deal uses part of each pack by design")
    assert sorted(table_cards(game, game.deal(3)).elements()) == sorted(game.pack())


@each_config
def test_random_play_keeps_every_law(config: Config) -> None:
    """Random games of each configuration: every legal move applies and has its
    sentence and its narration (what the server logs and sends), cards are conserved,
    undo steps back (and stops where a hidden card was shown), the computer players
    choose legal moves, the views hide what the game's zones hide (every
    ``LEAK_EVERY``-th position: tests/rules/test_seen.py follows every card against the
    books themselves), and the record replays to the same end."""
    deep(config)(given(seed=seeds, choices=st.integers(0, MAX_SEED))(random_play))(config)


def random_play(config: Config, seed: int, choices: int) -> None:
    game = make_game(config)
    round_game = game.description.seats_range is not None
    cards = table_cards(game, game.deal(seed))
    play = Play.start(game, seed)
    with pytest.raises(UndoRefused):
        play.undo(past_reveal=True)
    for step, (state, seat, move, after) in enumerate(random_states(game, seed, choices)):
        # every legal move applies and is said, cards are conserved, views leak nothing
        assert game.describe(state, move) and game.narrate(state, move, after)
        assert table_cards(game, after) == cards
        if step % LEAK_EVERY == 0:
            assert_no_hidden_card(game, state, seed, step // LEAK_EVERY)
        if round_game and seat in game.to_move(state):
            # a computer player in the mover's seat picks one of its legal moves
            legal = {m.code for m in game.legal_moves(state, seat)}
            assert game.bot_move(render(game, state, seat), seat, step) in legal
        before, play = play, play.replay_move(move, seat)
        assert play.state == after
        # undo steps back, and stops at a move that showed a hidden card
        if play.revealed[-1]:
            with pytest.raises(UndoRefused):
                play.undo()
            assert game.hidden_count(play.state) < game.hidden_count(before.state) or \
                game.irreversible(before.state, move, play.state)
        back = play.undo(past_reveal=True)
        assert back.state == before.state and back.record == before.record
    assert game.outcome(play.state) is not None
    assert_no_hidden_card(game, play.state, seed)
    if round_game:
        assert_match_shape(game, game.deal(seed), over=False)
        assert_match_shape(game, play.state, over=True)
    # replay equals play; the record survives a round trip through JSON
    record = Record.from_dict(json.loads(json.dumps(play.record.to_dict())))
    assert record == play.record
    assert record.replay().state == play.state
    with pytest.raises(GameOver):
        game.apply(play.state, Move("open"), 0)


def assert_match_shape(game: Game[Any], state: Any, over: bool) -> None:
    """A round game's ``public()["match"]`` is the contract's (ROUND-CONTRACT.md, 5), and
    a finished match names its winners and has its deals in the history."""
    match = render(game, state, None)["public"]["match"]
    assert set(match) - {"sides"} == {"deal", "dealer", "scores", "score_label", "target",
                                      "history"}
    sides = match.get("sides")
    assert len(match["scores"]) == (game.seats if sides is None else len(sides))
    assert match["score_label"] in ("cards", "counters", "points")
    assert match["deal"] >= 1 and 0 <= match["dealer"] < game.seats
    outcome = game.outcome(state)
    if over:
        assert outcome is not None and outcome.won and outcome.winners
        assert all(game.seat_name(s) in outcome.summary for s in outcome.winners)
        assert match["history"] and match["history"][-1]["deal"] == match["deal"]
    else:
        # A new match: nothing played but its first deal, which may have ended as it was
        # dealt (Pope Joan's Pope turned up for trumps, about one deal in fifty; All Fours
        # to 1 point ends the match when a knave is turned up): its result is then the
        # history's one line, and the match waits for its second deal unless that ended it.
        history = [h["deal"] for h in match["history"]]
        assert history in ([], [1])
        assert match["deal"] in (1, 1 + len(history))
        assert outcome is None or (history and outcome.won)


@each_config
@given(seed=seeds)
@suite
def test_illegal_moves_are_refused(config: Config, seed: int) -> None:
    game = make_game(config)
    state = game.deal(seed)
    movers = game.to_move(state)
    for seat in movers:
        with pytest.raises(IllegalMove) as err:
            game.apply(state, Move("zz-not-a-move"), seat)
        assert str(err.value)
    if not movers:
        # A deal whose first position has no move (over before it starts, as a patience
        # of pure chance may be): the unknown move is still refused, for every seat.
        for seat in range(game.seats):
            with pytest.raises(IllegalMove) as err:
                game.apply(state, Move("zz-not-a-move"), seat)
            assert str(err.value)
    legal = game.legal_moves(state, movers[0]) if movers else ()
    for seat in set(range(game.seats)) - set(movers):
        if not legal:
            break  # nothing legal to play out of turn
        with pytest.raises(NotYourTurn):
            game.apply(state, legal[0], seat)
    assert game.deal(seed) == state  # nothing changed


def test_views_are_plain_data(config: tuple[str, dict[str, object]]) -> None:
    game = make_game(config)
    state = game.deal(9)
    for audience in (None, *range(game.seats)):
        view = render(game, state, audience)
        assert json.loads(json.dumps(view)) == view
        assert view["status"] == "playing"


def test_unknown_options_are_refused(config: tuple[str, dict[str, object]]) -> None:
    with pytest.raises(RulesError):
        make_game((config[0], {"no_such_option": 1}))
