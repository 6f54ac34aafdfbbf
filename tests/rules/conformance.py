"""Helpers of the generic conformance suite: configurations, random play, leak checks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from rules import Game, all_games, make, render
from rules.cards import code, identity, name
from rules.game import Move, Seat
from rules.prng import Rng

#: A game must end within this many moves of random play.
MAX_MOVES = 20_000


def configurations() -> list[tuple[str, dict[str, object]]]:
    """Every registered game with its default options, then each other choice of each
    option with choices, one at a time."""
    out: list[tuple[str, dict[str, object]]] = []
    for cls in all_games():
        out.append((cls.id, {}))
        for opt in cls.option_specs:
            if opt.name in cls.fixed_options:
                continue
            out.extend((cls.id, {opt.name: c}) for c in opt.choices if c != opt.default)
    return out


def config_id(config: tuple[str, dict[str, object]]) -> str:
    game_id, options = config
    return game_id + "".join(f"[{k}={v}]" for k, v in options.items())


def table_cards(game: Game[Any], state: Any) -> Counter[int]:
    return Counter(c for z in game.zones(state) for c in z.cards)


def random_states(game: Game[Any], seed: int, choice_seed: int
                  ) -> Iterator[tuple[Any, Seat, Move, Any]]:
    """Play deal ``seed`` with random legal moves (checked), yielding each step."""
    rng = Rng.from_seed(choice_seed)
    state = game.deal(seed)
    for _ in range(MAX_MOVES):
        if game.outcome(state) is not None:
            return
        legal = game.all_legal(state)
        assert legal, f"{game.id}: no legal move but no outcome"
        k, rng = rng.below(len(legal))
        seat, move = legal[k]
        after = game.apply(state, move, seat)
        yield state, seat, move, after
        state = after
    raise AssertionError(f"{game.id} deal {seed}: no end after {MAX_MOVES} moves")


def strings_in(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from strings_in(k)
            yield from strings_in(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from strings_in(v)


def ints_in(value: object) -> Iterator[int]:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from ints_in(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from ints_in(v)


def assert_no_hidden_card(game: Game[Any], state: Any, seed: int) -> None:
    """No view (watcher, or any seat) shows a card that is face down for everyone, nor
    the seed.

    A card is checked when no card of the same rank and suit is visible anywhere (with
    two packs a face-down card may have a visible twin, whose name is then fair to
    show). Private zones are hidden from every audience but their owner.
    """
    zones = game.zones(state)
    for audience in (None, *range(game.seats)):
        visible: set[int] = set()
        hidden: set[int] = set()
        for z in zones:
            if z.private and audience != z.owner:
                hidden.update(identity(c) for c in z.cards)
            else:
                visible.update(identity(c) for c in z.face_up)
                hidden.update(identity(c) for c in z.face_down)
        secret = hidden - visible
        view = render(game, state, audience)
        texts = list(strings_in(view))
        for c in secret:
            assert code(c) not in texts, f"{game.id}: view for {audience} shows {code(c)}"
            for t in texts:
                assert name(c) not in t, f"{game.id}: view for {audience} names {name(c)}: {t!r}"
        assert seed not in set(ints_in(view)), f"{game.id}: the seed is in the view"
        assert not any(str(seed) in t for t in texts), f"{game.id}: the seed is in the view"


def make_game(config: tuple[str, dict[str, object]]) -> Game[Any]:
    return make(config[0], config[1])
