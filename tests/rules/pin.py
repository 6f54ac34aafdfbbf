"""The pin: digests of fixed seeded playouts of every game and option choice.

Like python-chess's perft counts, these digests stand for the whole behaviour of a game
as the :class:`~rules.game.Game` interface shows it, so that the rules' machinery can be
rebuilt underneath and checked to play exactly as before. For each configuration
(:func:`tests.rules.conformance.configurations`: a game with its default options, then
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

from .conformance import config_id, configurations, make_game

PINS = Path(__file__).with_name("pins.json")
RANDOM_DEALS = 12
UNIFORM_DEALS = 4
FIRST_DEALS = 3
#: A playout stops here if the game has not ended (first-legal play may go round).
CUT = 3_000
#: The selfplay policy gives up (plays ``end`` where a game has it) after this many moves.
PATIENCE = 1_000
RESERVED = frozenset({"end", "auto"})

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


def load() -> dict[str, dict[str, str]]:
    pins: dict[str, dict[str, str]] = json.loads(PINS.read_text())
    return pins


def current_configs() -> dict[str, tuple[str, dict[str, object]]]:
    """Every configuration of the solo and cooperative games (a round game's playout
    needs its table's clock where no seat has a move: the conformance suite plays them)."""
    return {config_id(c): c for c in configurations()
            if description(c[0]).seats_range is None}
