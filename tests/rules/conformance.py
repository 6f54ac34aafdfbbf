"""Helpers of the generic conformance suite: configurations, random play, leak checks."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

from rules import Game, all_games, make, render
from rules.cards import code, identity, name, standard_pack
from rules.game import Move, Seat, Zone
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


def secret_cards(game: Game[Any], state: Any, audience: int | None,
                 zones: tuple[Zone, ...] | None = None) -> set[int]:
    """Identities of cards hidden from ``audience`` with no visible twin.

    With two packs a face-down card may have a visible twin, whose name is then fair to
    show; private zones are hidden from every audience but their owner. ``zones``:
    ``game.zones(state)`` when the caller has them.
    """
    visible: set[int] = set()
    hidden: set[int] = set()
    for z in game.zones(state) if zones is None else zones:
        if z.private and audience != z.owner:
            hidden.update(identity(c) for c in z.cards)
        else:
            visible.update(identity(c) for c in z.face_up)
            hidden.update(identity(c) for c in z.face_down)
    return hidden - visible


#: Every card name (``"10♥"``, ``"A♠"``) in a text, and every card code that is a whole
#: JSON string (``"AS"``).
_NAME = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]")
_CODE = re.compile(r'"([2-9TAJQK][SHDC])"')
_BY_NAME = {name(c): c for c in standard_pack()}
_BY_CODE = {code(c): c for c in standard_pack()}


def assert_hides(message: object, secret: set[int], seed: int | None, where: str) -> None:
    """No string of ``message`` is or contains a secret card, and the seed is absent."""
    try:
        whole = json.dumps(message, ensure_ascii=False)
    except (TypeError, ValueError):
        _assert_hides_walk(message, secret, seed, where)
        return
    # Plain data: every card name, and every string that is a card code, found in the
    # message's JSON text in one pass each. A card's name holds no JSON syntax, so a
    # match lies within one string; a code matches a whole string only with its quotes.
    # The seed's digits are searched as text: found as a number or inside a string.
    shown = {_BY_NAME[n] for n in _NAME.findall(whole)}
    shown.update(_BY_CODE[c] for c in _CODE.findall(whole))
    for c in shown & secret:
        _assert_hides_walk(message, {c}, None, where)
        raise AssertionError(f"{where} names {name(c)}: {whole[:200]!r}...")
    if seed is not None:
        assert str(seed) not in whole, f"{where} carries the seed"


def _assert_hides_walk(message: object, secret: set[int], seed: int | None,
                       where: str) -> None:
    """:func:`assert_hides` by walking every string and number (any message)."""
    texts = list(strings_in(message))
    # one search per card through all the strings at once (no card's name or code holds
    # the separator, so no match can straddle two strings)
    whole, exact = "\x00".join(texts), set(texts)
    for c in secret:
        assert code(c) not in exact, f"{where} shows {code(c)}"
        n = name(c)
        if n in whole:
            raise AssertionError(f"{where} names {n}: {next(t for t in texts if n in t)!r}")
    if seed is not None:
        assert seed not in set(ints_in(message)), f"{where} carries the seed"
        assert str(seed) not in whole, f"{where} carries the seed"


def assert_no_hidden_card(game: Game[Any], state: Any, seed: int,
                          step: int | None = None) -> None:
    """No view (watcher, or any seat) shows a card hidden from it, nor the seed.

    With ``step`` (the number of a step of play) a table of more than two seats shows
    the watcher's view and one seat's, the seats taking turns from step to step, so a
    long match of a round game checks every audience often without rendering every
    view of every position."""
    zones = game.zones(state)
    audiences: tuple[int | None, ...] = (None, *range(game.seats))
    if step is not None and game.seats > 2:
        audiences = (None, step % game.seats)
    for audience in audiences:
        view = render(game, state, audience)
        assert_hides(view, secret_cards(game, state, audience, zones), seed,
                     f"{game.id}: view for {audience}")


def make_game(config: tuple[str, dict[str, object]]) -> Game[Any]:
    return make(config[0], config[1])
