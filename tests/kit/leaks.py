"""Leak checks: what a view may not show its audience, and the search for it.

:func:`secret_cards` is the one definition of a secret card; every leak check of the tests
(the conformance suite, the round games' scenario tests, the server's views and records)
asks it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from rules import Game, render
from rules.cards import Card, code, identity, name, standard_pack
from rules.game import Zone


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
                 zones: tuple[Zone, ...] | None = None) -> set[Card]:
    """The cards ``audience`` may not see named: the one definition of *secret* in the
    tests.

    A card is secret from ``audience`` when it lies in another seat's private zone (a
    hand: every card of it, whichever way it lies), or face down in a zone that is not
    private to someone else (a stock, a pile), **and** no card of the same identity lies
    face up where ``audience`` sees it. With two packs a face-down card may have a face-up
    twin; the twin's name is then fair to show, so the card is not secret. The audience's
    own private zones are never secret to it; a watcher (``None``) owns none.

    Returns identities (:func:`rules.cards.identity`: the card without its pack), which
    is what a view's names and codes can tell apart. ``zones``: ``game.zones(state)``
    when the caller has them.
    """
    visible: set[Card] = set()
    hidden: set[Card] = set()
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


def assert_shapes_shown(view: dict[str, Any], where: str) -> int:
    """Every legal move of ``view`` carries a shape (protocol/README.md, "Moves and their
    shapes") whose places are zones of the view and whose named cards lie face up in
    them as this view shows them: a shape never names a card the view does not show.
    Returns how many shapes were judged."""
    zones = {z["id"]: z for z in view["zones"]}
    judged = 0
    for seat, moves in view["moves"].items():
        for m in moves:
            shape = m.get("shape")
            here = f"{where}: move {m['code']} of seat {seat}"
            assert isinstance(shape, dict), f"{here} has no shape"
            also = shape.get("also", [])  # a group's further places (a pair only)
            assert not also or shape["kind"] == "pair", f"{here}: {shape}"
            places = [p for p in (shape["from"], shape["to"], *also) if p is not None]
            assert all(p in zones for p in places), f"{here}: {shape} names no zone"
            named = [c for c in shape["cards"] if c is not None]
            shown = [c for p in places[:1 if shape["kind"] != "pair" else len(places)]
                     for c in zones[p]["up"]]
            assert all(c in shown for c in named), f"{here}: {shape} shows {shown}"
            judged += 1
    return judged


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
