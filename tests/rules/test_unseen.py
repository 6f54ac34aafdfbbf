"""Two cards an audience does not see may change places: nothing it is sent may change.

The other leak checks ask whether a message names a card the audience may not see
(:mod:`tests.kit.leaks`, by the game's zones; :mod:`tests.kit.seen`, by the books). This
one needs no list of secrets, and catches what names no card: a move whose place, words
or kind depend on a card nobody sees (an Old Maid draw whose target was the discards when
the offered card made a pair, and the drawer's hand when it did not).

Along a named line of play of each game (seeded, never secret), at each position and for
each audience, two cards that audience does not see (alike in rank, or alike in suit) are
made to change places in the position itself, and the audience's view is made again:
its zones, public facts, every legal move with its words and shape, and the result must
be what they were. The move played from the position is played from the changed one too:
its words as the table and the mover are told them must be the same, while neither card
shows after it, nor is moved by it (a move that handles a card may say where the book's
procedure took it: Les Petits Paquets' Exile chain), and the move does not end a deal
(a deal's end tells what the books show then, such as who held the Pope and paid
nothing).

The change is made on the game's state value by the cards its fields hold (a field whose
type names ``Card``), and checked against the game's zones before any view is compared,
so a field of cards the test could not see fails loudly instead of passing.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from typing import Any

import pytest

from rules import make
from rules.cards import CODES, Card, name, rank_of, standard_pack, suit_of
from rules.game import Audience, Game, Move, Seat
from rules.prng import Rng
from rules.registry import all_games
from rules.shape import seen_by
from rules.view import render
from server.move_log import deals_done

#: How long a line of play is followed.
STEPS = 60
#: The deals played: every game's first, and more for round games (each hand differs).
SOLO_DEALS = (0,)
ROUND_DEALS = (0, 1, 2)

Step = tuple[Seat, Move] | None  # a seat's move, or the table's clock (None)

#: A card as the words name it ("10♠"), and its code.
_NAME = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]")
_BY_NAME = {name(c): CODES[c] for c in standard_pack()}


def _line(game: Game[Any], seed: int) -> Iterator[tuple[Any, Step, Any]]:
    """The named line of play: (before, step, after) for each step."""
    rng = Rng.from_seed(seed, 0x5EE)
    st = game.deal(seed)
    for _ in range(STEPS):
        if game.outcome(st) is not None:
            return
        seats = game.to_move(st)
        if not seats:
            if game.timer(st) is None:
                return
            after = game.apply_timer(st)
            yield st, None, after
            st = after
            continue
        seat = seats[0]
        moves = [m for m in game.legal_moves(st, seat) if m.code not in ("end", "auto")] \
            or list(game.legal_moves(st, seat))
        k, rng = rng.below(len(moves))
        after = game.apply_for(st, moves[k], seat)
        yield st, (seat, moves[k]), after
        st = after


def _swapped(value: Any, a: Card, b: Card) -> Any:
    """``value`` (a game's state) with cards ``a`` and ``b`` changed over wherever a
    field typed as holding cards holds them."""
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        return value
    changes = {}
    for f in dataclasses.fields(value):
        v = getattr(value, f.name)
        typed = str(f.type)
        if "Card" in typed or "Arrangement" in typed:
            changes[f.name] = _cards_swapped(v, a, b)
        elif dataclasses.is_dataclass(v):
            changes[f.name] = _swapped(v, a, b)
    return dataclasses.replace(value, **changes)


def _cards_swapped(v: Any, a: Card, b: Card) -> Any:
    if isinstance(v, int) and not isinstance(v, bool):
        return b if v == a else a if v == b else v
    if isinstance(v, tuple | list | frozenset | set):
        return type(v)(_cards_swapped(x, a, b) for x in v)
    if isinstance(v, dict):
        return {k: _cards_swapped(x, a, b) for k, x in v.items()}
    return _swapped(v, a, b)


def _seen(game: Game[Any], st: Any, audience: Audience) -> set[Card]:
    return {c for z in game.zones(st) for c in seen_by(z, audience)}


def _words(game: Game[Any], before: Any, step: Step, after: Any, audience: Audience
           ) -> tuple[Any, ...]:
    """The words of ``step`` as the table and ``audience`` are told them."""
    if step is None:
        return ()
    seat, move = step
    mine = game.told(before, move, seat, after).get(audience) if audience is not None \
        else None
    return (game.narrate(before, move, after),
            None if mine is None else (mine[0], sorted(mine[1])))


def _named(words: tuple[Any, ...]) -> set[str]:
    if not words:
        return set()
    out = set(_NAME.findall(words[0]))
    if words[1] is not None:
        out.update(name(c) for c in words[1][1])
    return {_BY_NAME[n] for n in out}


def _pairs(hidden: list[Card], moving: list[Card], rng: Rng
           ) -> tuple[list[tuple[Card, Card]], Rng]:
    """Two pairs of ``hidden`` cards, drawn by ``rng``, the first card of each one a move
    would take elsewhere where there is such (``moving``): one pair alike in rank, one
    alike in suit (rules that look only at the rank, or only at the suit, treat each
    alike), each of two codes (two packs' copies of a card look the same)."""
    out = []
    for same in (rank_of, suit_of):
        pool = moving or hidden
        if not pool:
            break
        k, rng = rng.below(len(pool))
        a = pool[k]
        mates = [c for c in hidden if same(c) == same(a) and CODES[c] != CODES[a]]
        if mates:
            k, rng = rng.below(len(mates))
            out.append((a, mates[k]))
    return out, rng


def _audiences(game: Game[Any]) -> list[Audience]:
    if game.description.layout == "round":
        return [None, *range(game.seats)]
    return [0]


def _configs() -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for cls in all_games():
        deals = ROUND_DEALS if cls.description.layout == "round" else SOLO_DEALS
        out.extend((cls.id, d) for d in deals)
    return out


@pytest.mark.parametrize(("game_id", "seed"), _configs(), ids=str)
def test_two_unseen_cards_can_change_places_unnoticed(game_id: str, seed: int) -> None:
    game = make(game_id)
    rng = Rng.from_seed(seed, 0xCA2D)
    audiences = _audiences(game)
    ever: dict[Audience, set[Card]] = {x: set() for x in audiences}
    checked = 0
    for i, (before, step, after) in enumerate(_line(game, seed)):
        zones = game.zones(before)
        moved = _moved(game, before, zones)
        for audience in audiences:
            view = render(game, before, audience, zones, shapes=True)
            words = _words(game, before, step, after, audience)
            # never seen by this audience so far: a card it saw and lost sight of is one
            # it may remember
            ever[audience] |= _seen(game, before, audience)
            hidden = [c for z in zones for c in z.cards if c not in ever[audience]]
            shown = _seen(game, after, audience) | \
                {c for c in game.pack() if CODES[c] in _named(words)}
            pairs, rng = _pairs(hidden, [c for c in hidden if c in moved], rng)
            for a, b in pairs:
                other = _swapped(before, a, b)
                _assert_swapped(game, zones, other, a, b, game_id)
                where = (f"{game_id} deal {seed}, after {i} moves, seen by "
                         f"{'a watcher' if audience is None else f'seat {audience}'}: "
                         f"{CODES[a]} and {CODES[b]} changed places")
                now = render(game, other, audience, shapes=True)
                assert now == view, f"{where}: {_difference(view, now)}"
                checked += 1
                if step is None:
                    continue
                seat, move = step
                if move not in game.legal_moves(other, seat):
                    continue  # the mover's own choice hung on one of the two cards
                try:
                    then = game.apply_for(other, move, seat)
                except Exception:
                    # a state that keeps what its unseen cards decided (Snip Snap
                    # Snorum's turn: whoever holds the next card of the rank) is not one
                    # the rules reach with the two changed over: nothing to play on
                    continue
                told = _words(game, other, step, then, audience)
                if {CODES[a], CODES[b]} & _named(told) or {a, b} & shown or \
                        {a, b} & _seen(game, then, audience):
                    continue  # the move shows one of them (a card played face up)
                if {a, b} & (_moved_by(game, before, after) | _moved_by(game, other, then)):
                    continue  # the move handles one of them: where it goes is the book's
                    # procedure with the card in hand (Les Petits Paquets' Exile chain)
                if deals_done(game, after) > deals_done(game, before) or \
                        game.outcome(after) is not None:
                    continue  # a deal's end tells what the books show then (who held the
                    # Pope and paid nothing; who is the old maid)
                assert told == words, f"{where}, then {move.code}: {_difference(words, told)}"
            ever[audience] |= shown
    if checked == 0:
        pytest.skip("every card is seen at every position: nothing to change")


def _moved_by(game: Game[Any], before: Any, after: Any) -> set[Card]:
    """The cards whose place (zone and position) a move changed."""
    def places(st: Any) -> dict[Card, tuple[str, int]]:
        return {c: (z.id, i) for z in game.zones(st) for i, c in enumerate(z.cards)}
    was, now = places(before), places(after)
    return {c for c in was if now.get(c) != was[c]}


def _moved(game: Game[Any], st: Any, zones: Any) -> set[Card]:
    """The cards some legal move takes to another zone (where a leak would hide)."""
    where = {c: z.id for z in zones for c in z.cards}
    out: set[Card] = set()
    for seat in game.to_move(st):
        for m in game.legal_moves(st, seat):
            if m.code in ("end", "auto"):
                continue
            for z in game.zones(game.apply_for(st, m, seat)):
                out.update(c for c in z.cards if where.get(c) != z.id)
    return out


def _assert_swapped(game: Game[Any], zones: Any, other: Any, a: Card, b: Card,
                    game_id: str) -> None:
    swap = {a: b, b: a}
    want = [tuple(swap.get(c, c) for c in z.cards) for z in zones]
    got = [z.cards for z in game.zones(other)]
    assert got == want, (
        f"{game_id}: the test could not change {CODES[a]} and {CODES[b]} over in its state "
        "(a field holds cards without a type naming Card)")


def _difference(x: Any, y: Any, path: str = "") -> str:
    if isinstance(x, dict) and isinstance(y, dict):
        for k in sorted(set(x) | set(y), key=str):
            if x.get(k) != y.get(k):
                return _difference(x.get(k), y.get(k), f"{path}.{k}")
    if isinstance(x, list | tuple) and isinstance(y, list | tuple) and len(x) == len(y):
        for i, (p, q) in enumerate(zip(x, y, strict=True)):
            if p != q:
                return _difference(p, q, f"{path}[{i}]")
    return f"{path}: {x!r} != {y!r}"
