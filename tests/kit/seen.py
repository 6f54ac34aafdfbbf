"""Who has seen which card: a leak check that takes no game's word for what is face up.

The conformance suite's leak check (:func:`tests.kit.leaks.assert_no_hidden_card`)
asks each game's own ``zones()`` which cards lie face up and which zones are private, so
a game that wrongly declares a face-down card face up passes it. This check knows for
itself. :mod:`tests.kit.faces` states, game by game from the books, how each zone of
the table lies (open, face down, a hand, a face-down pile whose top is turned up, a
squared pile) and which moves turn cards up; :class:`Sight` follows every card from the
deal through the moves with that statement alone, and :func:`assert_views_follow_the_book`
holds each audience's view to it.

Of a game's ``zones()`` only the cards and where they lie are read (zone ids and card
order: the table itself), never the face-up count nor the private flag. From its public
facts only the round games' match is read: a new deal (a ``deal`` move, or the match's
deal number moving on) gathers every card, so that what was seen before is forgotten, and
a deal is closed when the match's history grows.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from rules import Game, render
from rules.cards import Card, identity, name
from rules.common import AUTO, END
from rules.game import Audience, Move, Seat
from rules.prng import Rng
from tests.kit.leaks import assert_hides

#: Zone ids and their cards, bottom to top.
Table = Mapping[str, tuple[Card, ...]]
NOBODY: frozenset[Audience] = frozenset()


@dataclass(frozen=True, slots=True)
class Lie:
    """How the cards of a zone lie, by the book.

    ``kind``: ``open`` (every card face up to everyone), ``down`` (face down to everyone;
    a card a move turns up stays up while it lies there), ``mine`` (a hand: face up to the
    seat whose number ends the zone's id, face down to the others), ``top`` (laid face
    down, the top card turned up whenever it is uncovered; a card laid on it face up
    stays face up), ``squared`` (face up, but squared: only the ``shown`` top cards can be
    seen, none when it is 0, whatever was seen of them before).
    """

    kind: str
    shown: int = 1


OPEN, DOWN, MINE, TOP, SQUARED = Lie("open"), Lie("down"), Lie("mine"), Lie("top"), \
    Lie("squared")
#: Turned face down, every card of it, whatever was seen of it before.
TURNED_DOWN = Lie("squared", 0)


def squared(n: int) -> Lie:
    """A squared pile whose ``n`` top cards can be seen."""
    return Lie("squared", n)


#: A zone's lie, or a function of the table (as the test has followed it), the zone's id
#: and its cards that gives it.
Rule = Lie | Callable[["Sight", str, tuple[Card, ...]], Lie]
#: The cards a move turns up for everyone: a function of the table (as the test follows
#: it, after the move), the move's code, the seat that made it and the table before.
Turns = Callable[["Sight", str, Seat, Table], Iterable[Card]]


def after(code: str, then: Lie, before: Lie) -> Rule:
    """A zone that lies as ``before`` until the move ``code`` is played, then as ``then``."""
    return lambda sight, zone, cards: then if code in sight.played else before


@dataclass(frozen=True, slots=True)
class Book:
    """What one game's book lays face up: ``lines`` says where it says so; ``zones``
    maps a zone id's pattern (a regular expression, whole id) to its rule (any other
    zone is open); ``turns`` names the cards a move turns up."""

    lines: str
    zones: Mapping[str, Rule]
    turns: Turns | None = None


class Sight:
    """Every card's face for every audience, followed from the deal by the book alone."""

    def __init__(self, game: Game[Any], book: Book) -> None:
        self.game, self.book = game, book
        self.everyone: frozenset[Audience] = frozenset((None, *range(game.seats)))
        self._patterns = [(re.compile(p), r) for p, r in book.zones.items()]
        self._rules: dict[str, Rule] = {}
        #: The table after the last move, and the moves played since the deal.
        self.zones: dict[str, tuple[Card, ...]] = {}
        self.played: list[str] = []
        #: Whether the last move closed a deal of a round game (its match's history grew).
        self.deal_closed = False
        #: Each card's audiences (those it lies face up to) and the zone it lies in.
        self.face: dict[Card, frozenset[Audience]] = {}
        self.where: dict[Card, str] = {}
        #: Per audience, the cards (by identity) seen face up since the deal.
        self.ever: dict[Audience, set[Card]] = {}
        self._match = (1, 0)

    def rule(self, zone_id: str) -> Rule:
        found = self._rules.get(zone_id)
        if found is None:
            found = next((r for p, r in self._patterns if p.fullmatch(zone_id)), OPEN)
            self._rules[zone_id] = found
        return found

    def deal(self, state: Any) -> None:
        """Lay the cards out: nothing has been seen before."""
        self._forget()
        self._match = _match(self.game, state)
        self._table(state)
        self._settle({}, ())

    def move(self, code: str, seat: Seat, after: Any) -> None:
        """Follow the cards through ``code``, played by ``seat``."""
        before = self.zones
        deal, history = _match(self.game, after)
        new_deal = code == "deal" or deal != self._match[0]
        if new_deal:
            self._forget()
        self.deal_closed = history > self._match[1]
        self._match = (deal, history)
        self._table(after)
        self.played.append(code)
        turns = self.book.turns
        turned = () if turns is None else tuple(turns(self, code, seat, before))
        self._settle({} if new_deal else before, turned)

    def _forget(self) -> None:
        self.face, self.where, self.played, self.zones = {}, {}, [], {}
        self.ever = {a: set() for a in self.everyone}

    def _table(self, state: Any) -> None:
        self.zones = {z.id: z.cards for z in self.game.zones(state)}

    def _settle(self, before: Table, turned: tuple[Card, ...]) -> None:
        """Every card's face on the table now (``self.zones``), from the faces before the
        move: only the zones whose cards changed, whose rule reads the table, or that
        hold a card just turned up are looked at again."""
        old_face, old_where = self.face, self.where
        face, where = dict(old_face), dict(old_where)
        ever, everyone = self.ever, self.everyone
        turned_set = set(turned)
        for zid, cards in self.zones.items():
            rule = self.rule(zid)
            if isinstance(rule, Lie):
                if before.get(zid) == cards and not turned_set.intersection(cards):
                    continue
                lie = rule
            else:
                lie = rule(self, zid, cards)
            kind, top = lie.kind, len(cards) - 1
            for i, c in enumerate(cards):
                if c in turned_set:
                    f = everyone
                elif kind == "open":
                    f = everyone
                elif kind == "squared":
                    f = everyone if i > top - lie.shown else NOBODY
                elif kind == "top":
                    f = everyone if i == top else old_face.get(c, NOBODY)
                else:
                    kept = old_face.get(c, NOBODY) if old_where.get(c) == zid else NOBODY
                    f = kept | {_seat_of(zid)} if kind == "mine" else kept
                face[c] = f
                where[c] = zid
                for a in f:
                    ever[a].add(identity(c))
        self.face, self.where = face, where


def _match(game: Game[Any], state: Any) -> tuple[int, int]:
    """A round game's deal number and the length of its match's history."""
    match = game.public(state).get("match")
    if not isinstance(match, dict):
        return (1, 0)
    return (int(match["deal"]), len(match["history"]))


def _seat_of(zone_id: str) -> Seat:
    return int("".join(ch for ch in zone_id if ch.isdigit()))


def assert_views_follow_the_book(sight: Sight, state: Any, audiences: Iterable[Audience],
                                 where: str) -> None:
    """Each audience's view of ``state`` shows face up exactly the cards the book lays
    face up to it (a card more is a leak; a card fewer means that the book's statement in
    :mod:`tests.kit.faces`, or the game, is wrong), and no text of the view names a
    card the audience has not seen since the deal."""
    game = sight.game
    zones = game.zones(state)
    every = {identity(c) for c in sight.where}
    for audience in audiences:
        who = "a watcher" if audience is None else game.seat_name(audience)
        view = render(game, state, audience, zones)
        face = sight.face
        for vz, z in zip(view["zones"], zones, strict=True):
            k = len(vz["up"])
            shown = z.cards[len(z.cards) - k:] if k else ()
            book = [c for c in z.cards if audience in face[c]]
            if len(book) == k and book == list(shown):
                continue
            leaked = [c for c in shown if c not in book]
            assert not leaked, (
                f"{game.id}: the view for {who} shows {', '.join(map(name, leaked))} in "
                f"{z.id} {where}, which the book ({sight.book.lines}) keeps face down "
                "from it")
            hidden = [c for c in book if c not in shown]
            raise AssertionError(
                f"{game.id}: the view for {who} hides {', '.join(map(name, hidden))} in "
                f"{z.id} {where}, which the book ({sight.book.lines}) shows it: is "
                "tests/kit/faces.py right?")
        assert_hides(view, every - sight.ever[audience], None,
                     f"{game.id}: the view for {who} {where}")


def playout(game: Game[Any], seed: int, choices: int, steps: int
            ) -> Iterator[tuple[Seat, Move, Any]]:
    """Deal ``seed`` played for at most ``steps`` moves, each drawn by the seeded draw
    ``choices`` among the legal moves of every seat to move and the move the table's
    clock has due; ``auto`` and ``end`` only when nothing else is legal (they end a
    patience at once). Yields each move, its seat and the position after it."""
    rng = Rng.from_seed(choices)
    state = game.deal(seed)
    for _ in range(steps):
        if game.outcome(state) is not None:
            return
        legal = [(s, m, False) for s, m in game.all_legal(state)]
        options = [x for x in legal if x[1] not in (AUTO, END)] or legal
        due = game.timer(state)
        if due is not None:
            options.append((due[1], due[2], True))
        k, rng = rng.below(len(options))
        seat, move, timed = options[k]
        state = game.apply_timer(state) if timed else game.apply(state, move, seat)
        yield seat, move, state


__all__ = ["DOWN", "MINE", "OPEN", "SQUARED", "TOP", "TURNED_DOWN", "Book", "Lie", "Rule",
           "Sight", "Table", "after", "assert_views_follow_the_book", "playout", "squared"]
