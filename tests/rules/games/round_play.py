"""Helpers for scenario tests of round games: stacked deals, whole matches of computer
players, and the check that no audience sees a card hidden from it."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from rules import Game, render
from rules.cards import Card, cards, code, name
from rules.prng import Rng


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


def secret(game: Game[Any], state: Any, audience: int | None) -> set[Card]:
    """The cards ``audience`` may not see: others' private zones, face-down cards."""
    out: set[Card] = set()
    shown: set[Card] = set()
    for z in game.zones(state):
        if z.private and z.owner != audience:
            out.update(z.cards)
        else:
            out.update(z.face_down)
            shown.update(z.face_up)
    return out - shown


def texts_of(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from texts_of(k)
            yield from texts_of(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from texts_of(v)


def assert_hidden(game: Game[Any], state: Any, sentences: Iterable[str] = ()) -> None:
    """No view shows a card hidden from its audience: each seat sees its own hand's
    faces and the other hands only counted, a watcher no hand at all; and no sentence
    (a move's description, what happened, an error) names a card hidden from the
    watcher."""
    said = list(sentences)
    for audience in (None, *range(game.seats)):
        view = render(game, state, audience)
        hidden = secret(game, state, audience)
        for z in view["zones"]:
            if z["id"].startswith("hand"):
                mine = z["owner"] == audience
                assert bool(z["up"]) == (mine and z["down"] == 0 and bool(z["up"])), z
        strings = list(texts_of({k: v for k, v in view.items() if k != "moves"}))
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
