"""Helpers for scenario tests of round games: stacked deals, playing seat by seat, whole
matches of computer players, and the checks that no audience sees a card hidden from it
(hidden as :func:`tests.kit.leaks.secret_cards` says)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules import Game, render
from rules.cards import Card, cards, code, name
from rules.game import Move
from rules.prng import Rng
from tests.kit.leaks import secret_cards, strings_in


def stacked(game: Game[Any], hands: Mapping[int, str], first: int = 1,
            then: str = "", dealt: int = 0, last: str = "") -> tuple[Card, ...]:
    """A pack that, dealt one at a time round the table from seat ``first``, gives each
    seat of ``hands`` the cards of its text first (in the order written); seats left
    out, and seats whose text runs out, take the next card of the rest. ``dealt`` cards
    are dealt so (at least a round for the longest text); the cards of ``then`` follow
    them, then the rest in pack order, and the cards of ``last`` come last."""
    wanted = {s: list(cards(t)) for s, t in hands.items()}
    after, end = list(cards(then)), list(cards(last))
    used = {c for cs in wanted.values() for c in cs} | set(after) | set(end)
    rest = [c for c in game.pack() if c not in used]
    out: list[Card] = []
    total = max(dealt, game.seats * max(len(cs) for cs in wanted.values()))
    for i in range(total):
        mine = wanted.get((first + i) % game.seats)
        out.append(mine.pop(0) if mine else rest.pop(0))
    return (*out, *after, *rest, *end)


def assert_hidden(game: Game[Any], state: Any, sentences: Iterable[str] = ()) -> None:
    """No view shows a card hidden from its audience: each seat sees its own hand's
    faces and the other hands only counted, a watcher no hand at all; and no sentence
    (a move's description, what happened, an error) names a card hidden from the
    watcher."""
    said = list(sentences)
    for audience in (None, *range(game.seats)):
        view = render(game, state, audience)
        hidden = secret_cards(game, state, audience)
        for z in view["zones"]:
            if z["id"].startswith("hand"):
                mine = z["owner"] == audience
                assert bool(z["up"]) == (mine and z["down"] == 0 and bool(z["up"])), z
        strings = list(strings_in({k: v for k, v in view.items() if k != "moves"}))
        if audience is None:
            strings += said
        whole = "\x00".join(strings)
        words = set(whole.replace("\x00", " ").split())
        for c in hidden:
            assert name(c) not in whole and code(c) not in words, \
                f"view for {audience} names {name(c)}"


def bot_match(game: Game[Any], seed: int, limit: int = 20_000) -> tuple[Any, int]:
    """A whole match of computer players, each moving from its own seat's view (every
    seat to move in turn, round by round); the last state and the number of moves."""
    state = game.deal(seed)
    rng = Rng.from_seed(seed, 99)
    for n in range(limit):
        if game.outcome(state) is not None:
            return state, n
        movers = game.to_move(state)
        seat = movers[n % len(movers)]
        r, rng = rng.next_u64()
        state = game.apply(state, game.bot_move(render(game, state, seat), seat, r), seat)
    raise AssertionError(f"{game.id}: no end after {limit} moves")


def play(game: Game[Any], st: Any, *moves: tuple[int, str]) -> Any:
    """Play checked moves, each ``(seat, code)``."""
    for seat, c in moves:
        st = game.apply(st, Move(c), seat)
    return st


def assert_no_text_names(texts: list[str], secret: set[Card]) -> None:
    """No text names a card of ``secret`` (by its name, or its code as a word)."""
    for c in secret:
        for t in texts:
            assert name(c) not in t and code(c) not in t.split(), f"{t!r} names {name(c)}"


def view_cards(game: Game[Any], st: Any, audience: int | None) -> set[str]:
    """Every face shown to ``audience``."""
    return {c for z in render(game, st, audience)["zones"] for c in z["up"]}
