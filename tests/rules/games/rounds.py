"""Helpers for scenario tests of round games: stacked deals, playing seat by seat, leaks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules import Game, render
from rules.cards import Card, cards, code, name
from rules.game import Move


def stacked(game: Game[Any], hands: Mapping[int, str], first: int = 1) -> tuple[Card, ...]:
    """A pack that, dealt one at a time round the table from seat ``first``, gives each
    seat of ``hands`` the cards of its text first (in the order written), then the rest
    of the pack in pack order. Seats left out, and seats whose text runs out before the
    longest, take the next card of the rest in their place."""
    wanted = {s: list(cards(t)) for s, t in hands.items()}
    used = {c for cs in wanted.values() for c in cs}
    rest = [c for c in game.pack() if c not in used]
    out: list[Card] = []
    rounds = max(len(cs) for cs in wanted.values())
    for _ in range(rounds):
        for k in range(game.seats):
            seat = (first + k) % game.seats
            mine = wanted.get(seat)
            out.append(mine.pop(0) if mine else rest.pop(0))
    return (*out, *rest)


def play(game: Game[Any], st: Any, *moves: tuple[int, str]) -> Any:
    """Play checked moves, each ``(seat, code)``."""
    for seat, c in moves:
        st = game.apply(st, Move(c), seat)
    return st


def hidden_from(game: Game[Any], st: Any, audience: int | None) -> set[Card]:
    """The cards ``audience`` may not see: private zones of others, face-down cards."""
    out: set[Card] = set()
    for z in game.zones(st):
        if z.private and z.owner != audience:
            out.update(z.cards)
        else:
            out.update(z.face_down)
    return out


def assert_no_text_names(texts: list[str], secret: set[Card]) -> None:
    for c in secret:
        for t in texts:
            assert name(c) not in t and code(c) not in t.split(), f"{t!r} names {name(c)}"


def view_cards(game: Game[Any], st: Any, audience: int | None) -> set[str]:
    """Every face shown to ``audience``."""
    return {c for z in render(game, st, audience)["zones"] for c in z["up"]}
