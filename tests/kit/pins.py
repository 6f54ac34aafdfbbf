"""The pin: digests of fixed seeded playouts of every game and option choice.

Like python-chess's perft counts, these digests stand for the whole behaviour of a game
as the :class:`~rules.game.Game` interface shows it, so that the rules' machinery can be
rebuilt underneath and checked to play exactly as before. For each configuration
(:func:`tests.kit.conformance.configurations`: a game with its default options, then
each other choice of each option, one at a time) it plays

- ``RANDOM_DEALS`` deals with seeded random moves, the policy of ``sympathy selfplay``
  (uniform over the moves other than ``end`` and ``auto``, which it takes only when
  nothing else is legal, giving up after ``PATIENCE`` moves);
- ``UNIFORM_DEALS`` deals with seeded moves uniform over *every* legal move, ``auto`` and
  ``end`` included (this is what plays ``auto``);
- ``FIRST_DEALS`` deals with the first legal move each time (the auto-play policy).

Each playout stops at the game's end or after ``CUT`` moves (which is recorded). Three
digests are kept per configuration, so that a change says what it changed:

- ``play``: at each step the seats to move, every legal move in order, the move chosen,
  whether it revealed a card or was irreversible (where undo stops); at the end, won or
  lost and the number of moves;
- ``text``: each move's description and narration, and the outcome's sentence;
- ``table``: the zones (ids, kinds, labels, groups, owners, cards, how many face up) and
  the public facts after every move, and the view that a watcher gets of the first and
  last positions.

A round game (``description.seats_range``: a competitive table whose match may wait on
the table's clock, where no seat has a move) is pinned by :func:`round_pin`, in every
configuration (each size of table it allows, each other choice of its options; a
parent's choice that is one of its variants is left to the variant). Its matches
alternate two seeded policies in which the clock's move (``game.timer``, played with
``game.apply_timer``) is one more choice:

- ``bots``: a race that one of the seats to move, or the clock when a move is due, wins
  (uniformly); a seat plays its computer player's move (``game.bot_move``) from its own
  view, as a table of computer players does;
- ``uniform``: uniform over every seat's legal moves and the clock's move (the policy of
  the conformance suite's random play).

The default configuration (the table a lobby opens) plays whole matches on deals 0, 1,
... until ``ROUND_DEFAULT_MOVES`` moves are played (so every game's end is pinned, Snap's
too); every other configuration plays ``ROUND_MOVES`` moves, the last match cut where
they run out, so that the 65 configurations stay cheap. Per move the ``play`` digest
takes the seats to move, every choice (seat, code, whether it is a call racing other
calls, the clock's delay), the choice made, the hidden-card count (what ``reveals``
compares) and whether it was irreversible; ``text`` each move's description and
narration; ``table`` the zones (every card, hidden or not) and one audience's view
(``rules.view.render``), the audiences taking turns (the watcher, then each seat), and
every audience's view of the deal and of the last position.

``scripts/pin-playouts`` writes ``pins.json`` beside this module; ``test_pin.py`` checks
it. A new game is pinned by running the script again (it keeps the pins it has).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rules import Game, render
from rules.game import Move, Seat
from rules.prng import Rng
from rules.registry import description
from tests.kit.conformance import config_id, configurations, make_game

PINS = Path(__file__).parents[1] / "rules" / "pins.json"
RANDOM_DEALS = 12
UNIFORM_DEALS = 4
FIRST_DEALS = 3
#: A playout stops here if the game has not ended (first-legal play may go round).
CUT = 3_000
#: The selfplay policy gives up (plays ``end`` where a game has it) after this many moves.
PATIENCE = 1_000
RESERVED = frozenset({"end", "auto"})
#: A round game's configuration plays at most this many matches ...
ROUND_MATCHES = 6
#: ... and starts no new one once it has played this many moves (the default
#: configuration), or stops at this many moves (any other).
ROUND_DEFAULT_MOVES = 1_000
ROUND_MOVES = 150
#: A match of the default configuration stops here if it has not ended.
ROUND_CUT = 3_000

Policy = Callable[[list[tuple[Seat, Move]], int, Rng], tuple[int, Rng]]


def _selfplay(legal: list[tuple[Seat, Move]], n: int, rng: Rng) -> tuple[int, Rng]:
    real = [i for i, (_, m) in enumerate(legal) if m.code not in RESERVED]
    pool = real or list(range(len(legal)))
    if n >= PATIENCE:
        pool = [i for i, (_, m) in enumerate(legal) if m.code == "end"] or pool
    k, rng = rng.below(len(pool))
    return pool[k], rng


def _uniform(legal: list[tuple[Seat, Move]], n: int, rng: Rng) -> tuple[int, Rng]:
    return rng.below(len(legal))


def _first(legal: list[tuple[Seat, Move]], n: int, rng: Rng) -> tuple[int, Rng]:
    return 0, rng


def _zones(game: Game[Any], state: Any) -> list[Any]:
    return [[z.id, z.kind, z.label, z.group, z.owner, z.private, list(z.cards), z.up]
            for z in game.zones(state)]


class _Digests:
    def __init__(self) -> None:
        self.play = hashlib.sha256()
        self.text = hashlib.sha256()
        self.table = hashlib.sha256()
        #: When set, every fed line is also kept here as (digest, bytes).
        self.tape: list[tuple[Any, bytes]] | None = None

    def feed(self, h: Any, value: object) -> None:
        line = json.dumps(value, separators=(",", ":"), ensure_ascii=False,
                          default=str).encode() + b"\n"
        h.update(line)
        if self.tape is not None:
            self.tape.append((h, line))


def playout(game: Game[Any], seed: int, policy: Policy, rng: Rng, d: _Digests) -> Rng:
    """Play deal ``seed`` by ``policy`` into the digests ``d``; the rng after it.

    First-legal play often goes round and round until the cut. It is deterministic and
    its every step a pure function of the position, so once a position comes back the
    rest of the playout repeats the lines already fed: they are fed again from the tape
    rather than computed again, and the digests are exactly those of playing on."""
    state = game.deal(seed)
    d.feed(d.table, ["deal", seed, render(game, state, None)])
    cycles = policy is _first
    at: dict[Any, int] = {}  # position -> the step that began from it
    states: list[Any] = []
    tapes: list[list[tuple[Any, bytes]]] = []
    n = 0
    while game.outcome(state) is None and n < CUT:
        if cycles:
            if state in at:
                state = _replay_cycle(d, at[state], n, states, tapes)
                n = CUT
                break
            at[state] = n
            states.append(state)
            d.tape = []
        legal = list(game.all_legal(state))
        d.feed(d.play, [list(game.to_move(state)), [[s, m.code] for s, m in legal]])
        k, rng = policy(legal, n, rng)
        seat, move = legal[k]
        after = game.apply(state, move, seat)
        d.feed(d.play, [k, game.reveals(state, after), game.irreversible(state, move, after)])
        d.feed(d.text, [game.describe(state, move), game.narrate(state, move, after)])
        d.feed(d.table, [_zones(game, after), game.public(after)])
        if d.tape is not None:
            tapes.append(d.tape)
            d.tape = None
        state = after
        n += 1
    outcome = game.outcome(state)
    d.feed(d.play, ["end", n, None if outcome is None else outcome.won])
    d.feed(d.text, ["end", None if outcome is None else outcome.summary])
    d.feed(d.table, ["end", render(game, state, None)])
    return rng


def _replay_cycle(d: _Digests, start: int, n: int, states: list[Any],
                  tapes: list[list[tuple[Any, bytes]]]) -> Any:
    """Feed steps ``n`` to ``CUT - 1`` of a playout whose position at step ``n`` is that
    of step ``start`` (steps ``start`` to ``n - 1`` repeat); the position at the cut."""
    period = n - start
    for step in range(n, CUT):
        for h, line in tapes[start + (step - start) % period]:
            h.update(line)
    return states[start + (CUT - start) % period]


def pin(config: tuple[str, dict[str, object]]) -> dict[str, str]:
    """The three digests of one configuration."""
    if description(config[0]).seats_range is not None:
        return round_pin(config)
    game = make_game(config)
    d = _Digests()
    rng = Rng.from_seed(2026, stream=11)
    runs: list[tuple[Policy, range]] = [
        (_selfplay, range(RANDOM_DEALS)),
        (_uniform, range(100, 100 + UNIFORM_DEALS)),
        (_first, range(200, 200 + FIRST_DEALS)),
    ]
    for policy, seeds in runs:
        for seed in seeds:
            rng = playout(game, seed, policy, rng, d)
    return {"play": d.play.hexdigest(), "text": d.text.hexdigest(),
            "table": d.table.hexdigest()}


# -- round games -------------------------------------------------------------------------

#: One choice of a round game's table: a seat's legal move, or the clock's (``timed``).
Step = tuple[Seat, Move, bool]
RoundPolicy = Callable[[Game[Any], Any, list[Step], Rng], tuple[int, Rng]]


def _race_uniform(game: Game[Any], state: Any, steps: list[Step],
                  rng: Rng) -> tuple[int, Rng]:
    """Uniform over every seat's legal moves and the clock's move."""
    return rng.below(len(steps))


def _race_bots(game: Game[Any], state: Any, steps: list[Step],
               rng: Rng) -> tuple[int, Rng]:
    """A race: one of the seats to move, or the clock when a move is due, wins it
    (uniformly); a seat plays its computer player's move from its own view."""
    racers: list[Seat | None] = [*sorted({s for s, _, timed in steps if not timed})]
    if steps[-1][2]:
        racers.append(None)
    j, rng = rng.below(len(racers))
    seat = racers[j]
    if seat is None:
        return len(steps) - 1, rng
    draw, rng = rng.next_u64()
    code = game.bot_move(render(game, state, seat), seat, draw)
    return next(i for i, (s, m, timed) in enumerate(steps)
                if s == seat and not timed and m.code == code), rng


def _table(game: Game[Any], state: Any, audiences: tuple[int | None, ...]) -> list[Any]:
    """The zones (every card, hidden or not) and the views of ``audiences``."""
    zones = game.zones(state)
    return [[[z.id, z.kind, z.label, z.group, z.owner, z.private, z.up, bytes(z.cards).hex()]
             for z in zones], [render(game, state, a, zones) for a in audiences]]


def round_playout(game: Game[Any], seed: int, policy: RoundPolicy, rng: Rng,
                  d: _Digests, cut: int) -> tuple[int, Rng]:
    """Play match ``seed`` of a round game by ``policy`` into the digests ``d``, for at
    most ``cut`` moves; the moves played and the rng after it."""
    everyone = (None, *range(game.seats))
    state = game.deal(seed)
    d.feed(d.play, ["deal", seed, game.hidden_count(state)])
    d.feed(d.table, ["deal", seed, _table(game, state, everyone)])
    n = 0
    while game.outcome(state) is None and n < cut:
        steps: list[Step] = [(s, m, False) for s, m in game.all_legal(state)]
        due = game.timer(state)
        if due is not None:
            steps.append((due[1], due[2], True))
        d.feed(d.play, [list(game.to_move(state)),
                        [[s, m.code, game.is_call(m)] for s, m, _ in steps],
                        None if due is None else due[0]])
        k, rng = policy(game, state, steps, rng)
        seat, move, timed = steps[k]
        after = game.apply_timer(state) if timed else game.apply(state, move, seat)
        # what undo stops at: a move that shows a hidden card (``reveals`` counts them
        # before and after: the count is fed once a position) or is irreversible
        d.feed(d.play, [k, game.hidden_count(after), game.irreversible(state, move, after)])
        d.feed(d.text, [game.describe(state, move), game.narrate(state, move, after)])
        n += 1
        # one audience a move, in turn: the watcher, then each seat
        d.feed(d.table, _table(game, after, (everyone[n % len(everyone)],)))
        state = after
    outcome = game.outcome(state)
    d.feed(d.play, ["end", n, None if outcome is None else list(outcome.winners)])
    d.feed(d.text, ["end", None if outcome is None else outcome.summary])
    d.feed(d.table, ["end", _table(game, state, everyone)])
    return n, rng


def round_pin(config: tuple[str, dict[str, object]]) -> dict[str, str]:
    """The three digests of one configuration of a round game: matches on deals 0, 1,
    ..., by the computer players and by uniform choice in turn (see the module)."""
    game = make_game(config)
    default = not config[1]
    budget = ROUND_DEFAULT_MOVES if default else ROUND_MOVES
    d = _Digests()
    rng = Rng.from_seed(2026, stream=12)
    played = 0
    for i in range(ROUND_MATCHES):
        if played >= budget:
            break
        policy = _race_bots if i % 2 == 0 else _race_uniform
        n, rng = round_playout(game, i, policy, rng, d,
                               ROUND_CUT if default else budget - played)
        played += n
    return {"play": d.play.hexdigest(), "text": d.text.hexdigest(),
            "table": d.table.hexdigest()}


def load() -> dict[str, dict[str, str]]:
    pins: dict[str, dict[str, str]] = json.loads(PINS.read_text())
    return pins


def current_configs() -> dict[str, tuple[str, dict[str, object]]]:
    """Every configuration of every game: the solo and cooperative games', then the
    round games' (a variant's choice in its parent left to the variant)."""
    solo = {config_id(c): c for c in configurations()
            if description(c[0]).seats_range is None}
    return solo | round_configs()


def round_configs() -> dict[str, tuple[str, dict[str, object]]]:
    """Every configuration of the round games (each is pinned: they are cheap)."""
    return {config_id(c): c for c in configurations(distinct=True)
            if description(c[0]).seats_range is not None}
