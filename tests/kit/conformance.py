"""Helpers of the generic conformance suite: configurations and random play (its leak
checks are :mod:`tests.kit.leaks`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from rules import Game, all_games, make
from rules.game import Move, Seat
from rules.prng import Rng

#: A game must end within its description's bound, or this many moves of random play
#: when it has none.
MAX_MOVES = 20_000


def configurations(*, distinct: bool = False) -> list[tuple[str, dict[str, object]]]:
    """Every registered game with its default options, then each other choice of each
    option with choices, one at a time. With ``distinct``, a parent's choice that is
    exactly one of its registered variants (the same class, the same options) is left
    out: the variant's own configuration plays it."""
    out: list[tuple[str, dict[str, object]]] = []
    variants = {(cls.description.variant_of, tuple(sorted(make(cls.id).options.items())))
                for cls in all_games() if cls.description.variant_of}
    for cls in all_games():
        out.append((cls.id, {}))
        seats = cls.description.seats_range
        if seats is not None:
            # a round game: every size of table it allows
            default = make(cls.id).seats
            out.extend((cls.id, {"players": n}) for n in table_sizes(cls) if n != default)
        for opt in cls.option_specs:
            if opt.name in cls.description.fixed or opt.name == "players":
                continue
            for c in opt.choices:
                if c == opt.default:
                    continue
                chosen = tuple(sorted(make(cls.id, {opt.name: c}).options.items()))
                if distinct and (cls.id, chosen) in variants:
                    continue
                out.append((cls.id, {opt.name: c}))
    return out


def table_sizes(cls: type[Game[Any]]) -> tuple[int, ...]:
    """The sizes of table a round game allows: its ``players`` option's choices, or
    every size of its range of seats."""
    spec = next(o for o in cls.option_specs if o.name == "players")
    if spec.choices:
        return tuple(int(c) for c in spec.choices)
    lo, hi = cls.description.seats_range or (1, 1)
    return tuple(range(lo, hi + 1))


def config_id(config: tuple[str, dict[str, object]]) -> str:
    game_id, options = config
    return game_id + "".join(f"[{k}={v}]" for k, v in options.items())


def table_cards(game: Game[Any], state: Any) -> Counter[int]:
    return Counter(c for z in game.zones(state) for c in z.cards)


def random_states(game: Game[Any], seed: int, choice_seed: int
                  ) -> Iterator[tuple[Any, Seat, Move, Any]]:
    """Play deal ``seed`` with random legal moves (checked), yielding each step. The move
    the table's clock has due (``game.timer``: a card turned at the table's pace, a call
    settled) is one more choice beside the legal moves; ``Play.replay_move`` replays
    either kind."""
    rng = Rng.from_seed(choice_seed)
    state = game.deal(seed)
    limit = game.description.bound or MAX_MOVES
    for _ in range(limit):
        if game.outcome(state) is not None:
            assert game.timer(state) is None, f"{game.id}: a timer after the end"
            return
        steps = [(s, m, False) for s, m in game.all_legal(state)]
        due = game.timer(state)
        if due is not None:
            assert due[0] >= 0 and due[2] not in game.legal_moves(state, due[1]), \
                f"{game.id}: a timer move is never a legal move"
            steps.append((due[1], due[2], True))
        assert steps, f"{game.id}: no legal move, nothing due and no outcome"
        k, rng = rng.below(len(steps))
        seat, move, timed = steps[k]
        after = game.apply_timer(state) if timed else game.apply(state, move, seat)
        yield state, seat, move, after
        state = after
    raise AssertionError(f"{game.id} deal {seed}: no end after {limit} moves")


def make_game(config: tuple[str, dict[str, object]]) -> Game[Any]:
    return make(config[0], config[1])
