"""Honest hints: the move most likely to win, judged from what one seat can see.

A hint never looks at a hidden card. It takes the table as the seat sees it (the zones'
face-up cards, and the seat's own private zones), deals the hidden cards again at
random (a *sample*: the same face-up cards in the same places, the cards the seat
cannot see shuffled among the places she cannot see), and asks the solver about each
of her legal moves in each sample. The move that wins in the most samples is the hint.
With every card in sight there is one sample, the table itself, searched whole first: a
winning line's first move is the hint, a proof that none wins says so.
A search that runs out of budget falls back on playing the sample out with random
moves (an estimate, said as such); when no sample showed a win (or none could be tried
in the time allowed) the hint is the move a rule of thumb favours, said as such
(:func:`rule_of_thumb`). There is no hint only when there is no move to make.

How a sample is made, for every game without game code (a patience on the model says
where its cards lie, :meth:`rules.patience.Patience.card_places`): the hidden cards of a
state are found through :meth:`~rules.game.Game.zones` (the one description of where every card
lies). The places in the frozen state that hold those cards are found by marking every
integer in the state and seeing which marks come back out of ``zones``; the sample is
the state with those places relabelled. A field named ``seed`` (the games that shuffle
again keep their deal's seed there, ``docs/rules.md``) is replaced by a seed of the
sample's own, so a future re-deal is as unknown to the hint as to the player. Each
sample is checked to show the seat exactly the view the real table shows; a game whose
state cannot be relabelled this way gets no samples, and so a rule of thumb's hint.

The samples are drawn from a fixed stream, and the places and cards are taken in the
order of what the seat sees, so two deals that agree on everything the seat has seen give
the same samples and the same hint.

The hint reasons from the table as it is now: a card seen before and then turned face
down again is treated as unknown (the hint may know less than an attentive player,
never more).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, fields, is_dataclass, replace
from typing import Any

from .common import AUTO
from .game import Audience, Game, Move
from .patience import Patience
from .prng import Rng
from .solver import Budget, Knowledge, solve
from .view import render

#: The stream every hint draws its samples from (fixed: a hint depends on the view only).
HINT_SEED = 0x5EED_41A7
#: The share of a hint's time kept for the rule of thumb (the searches stop that early).
RULE_SHARE = 0.125
Path = tuple[Hashable, ...]


@dataclass(frozen=True, slots=True)
class MoveScore:
    """How one move fared: ``wins`` of ``tried`` samples (``solved`` of them by a
    complete search, the rest by playing out)."""

    move: Move
    wins: int
    tried: int
    solved: int


@dataclass(frozen=True, slots=True)
class Hint:
    """The answer: ``move`` (``None`` only when ``verdict`` is ``"none"``), ``verdict``
    one of ``"hint"`` (the move that won in the most deals of the hidden cards),
    ``"rule"`` (no deal showed a win: the move a rule of thumb favours,
    :func:`rule_of_thumb`) and ``"none"`` (no move to make), and a sentence saying why."""

    verdict: str
    move: Move | None
    text: str
    scores: tuple[MoveScore, ...] = ()
    samples: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict,
            "move": None if self.move is None else self.move.code,
            "text": self.text,
            "samples": self.samples,
            "scores": [{"move": s.move.code, "wins": s.wins, "tried": s.tried,
                        "solved": s.solved} for s in self.scores],
        }


# -- where the cards are in a state ----------------------------------------------------

def _leaves(obj: Any, path: Path, out: list[Path]) -> None:
    if isinstance(obj, bool):
        return
    if isinstance(obj, int):
        out.append(path)
    elif is_dataclass(obj) and not isinstance(obj, type):
        for f in fields(obj):
            _leaves(getattr(obj, f.name), (*path, f.name), out)
    elif isinstance(obj, tuple):
        for i, x in enumerate(obj):
            _leaves(x, (*path, i), out)


def _rebuild(obj: Any, path: Path, sub: dict[Path, int], seed: int | None) -> Any:
    if isinstance(obj, bool):
        return obj
    if isinstance(obj, int):
        return sub.get(path, obj)
    if is_dataclass(obj) and not isinstance(obj, type):
        changes = {}
        for f in fields(obj):
            if f.name == "seed" and seed is not None and isinstance(getattr(obj, f.name), int):
                changes[f.name] = seed
            else:
                changes[f.name] = _rebuild(getattr(obj, f.name), (*path, f.name), sub, seed)
        return replace(obj, **changes)
    if isinstance(obj, tuple):
        items = [_rebuild(x, (*path, i), sub, seed) for i, x in enumerate(obj)]
        return type(obj)(*items) if hasattr(obj, "_fields") else tuple(items)
    return obj


def card_places(game: Game[Any], state: Any) -> dict[Path, int]:
    """The places in ``state`` that hold cards, with the card each holds. Every positive
    integer is marked above the card range and the marks that ``zones`` gives back are
    the cards; a group of marks that upsets ``zones`` is split until each place is
    settled. (A game may also show cards it does not store, a family kept as a count:
    those are face up and need no place.) A patience on the model says where its cards
    lie (:meth:`rules.patience.Patience.card_places`): no marking there."""
    if isinstance(game, Patience):
        return game.card_places(state)
    leaves: list[Path] = []
    _leaves(state, (), leaves)
    flat = {p: _get(state, p) for p in leaves}
    found: dict[Path, int] = {}
    todo = [[k for k, p in enumerate(leaves) if flat[p] > 0]]
    while todo:
        group = todo.pop()
        sub = {leaves[k]: flat[leaves[k]] | ((k + 1) << 8) for k in group}
        try:
            marked = [c for z in game.zones(_rebuild(state, (), sub, None)) for c in z.cards]
        except Exception:  # a mark in a counter or index upset the game: split the group
            if len(group) > 1:
                todo += [group[: len(group) // 2], group[len(group) // 2:]]
            continue
        members = set(group)
        for c in marked:
            k = (c >> 8) - 1
            if k in members:
                found[leaves[k]] = flat[leaves[k]]
    return found


def _get(obj: Any, path: Path) -> int:
    for step in path:
        obj = getattr(obj, step) if isinstance(step, str) else obj[step]
    return int(obj)


def hidden_cards(game: Game[Any], state: Any, audience: Audience) -> list[int]:
    """The cards ``audience`` cannot see, in the order of the zones (what she sees)."""
    out: list[int] = []
    for z in game.zones(state):
        out.extend(z.cards if z.private and z.owner != audience else z.face_down)
    return out


def samples(game: Game[Any], state: Any, audience: Audience, n: int) -> list[Any]:
    """``n`` states that show ``audience`` exactly what ``state`` shows her, with the
    cards she cannot see dealt again at random (see the module doc)."""
    hidden = hidden_cards(game, state, audience)
    if not hidden:
        return [state] * n
    places = card_places(game, state)
    held = sorted(c for c in places.values() if c in set(hidden))
    if held != sorted(hidden):  # some hidden card has no single place in the state
        return []
    view = render(game, state, audience)
    pool = sorted(hidden)
    rng = Rng.from_seed(HINT_SEED, len(hidden))
    out = []
    for _ in range(n):
        dealt, rng = rng.shuffled(pool)
        seed, rng = rng.below(2**31)
        relabel = dict(zip(hidden, dealt, strict=True))
        sub = {p: relabel[c] for p, c in places.items() if c in relabel}
        sample = _rebuild(state, (), sub, seed)
        if render(game, sample, audience) != view:
            return []
        out.append(sample)
    return out


# -- the hint --------------------------------------------------------------------------

def hint(game: Game[Any], state: Any, seat: int, budget: Budget, *, n: int = 8,
         as_watcher: bool = False, been: Sequence[Any] = ()) -> Hint:
    """The hint for ``seat`` (the move to propose), judged on ``n`` samples of what the
    seat can see (``as_watcher``: what a watcher sees, for an advisor), within
    ``budget`` (shared by every search; its deadline bounds the whole).

    ``been``: the positions the table passed through before this one (the record's).
    With every card in sight the winning line the hint follows keeps clear of them, so
    that a player who takes hint after hint never goes round in a circle: the rest of
    the line the last hint followed is such a line."""
    moves = [m for m in game.legal_moves(state, seat) if m != AUTO]
    if not moves:
        auto = AUTO in game.legal_moves(state, seat)
        if auto:
            return Hint("hint", AUTO, "nothing to choose: play on by itself")
        return Hint("none", None, "there is no move to make")
    if len(moves) == 1:
        return Hint("hint", moves[0], f"{game.describe(state, moves[0])}: the only move")
    who: Audience = None if as_watcher else seat
    hidden = bool(hidden_cards(game, state, who))
    # the searches end a share of the time early: the rule of thumb, when no search
    # shows a win, weighs every move in what is left
    search = budget if budget.clock is None else Budget(
        budget.nodes, budget.clock,
        budget.deadline - RULE_SHARE * max(0.0, budget.deadline - budget.clock()))
    if not hidden:  # every card in sight: the table is its only sample
        whole = _solve_whole(game, state, seat, moves, search, been, budget)
        if whole is not None:
            return whole
        n = 1
    drawn = samples(game, state, who, n)
    if not drawn:
        return rule_of_thumb(game, state, seat, moves, None,
                             "the hidden cards here cannot be dealt again to test moves",
                             budget=budget)
    per = max(1, search.nodes // (len(drawn) * len(moves)))
    wins = dict.fromkeys(moves, 0)
    tried = dict.fromkeys(moves, 0)
    solved = dict.fromkeys(moves, 0)
    used = 0
    for i, sample in enumerate(drawn):
        if search.out_of_time():
            break
        used += 1
        for m in moves:
            if search.out_of_time():
                break
            after = game.apply_unchecked(sample, m)
            found = solve(game, after, search.split(per))
            if found.decided:
                solved[m] += 1
                tried[m] += 1
                wins[m] += found.won
            else:
                won = playout(game, after, Rng.from_seed(HINT_SEED, 1000 + i), search)
                if won is not None:
                    tried[m] += 1
                    wins[m] += won
    scores = tuple(MoveScore(m, wins[m], tried[m], solved[m]) for m in moves)
    if not any(s.tried for s in scores):
        why = "no move could be tried out in the time allowed"
        return rule_of_thumb(game, state, seat, moves, drawn[0], why, scores, used, budget)
    best = max(scores, key=lambda s: (s.wins / s.tried if s.tried else -1.0))
    if best.wins == 0:
        if all(s.solved == s.tried and s.tried for s in scores):
            why = ("no move wins, however the hidden cards lie" if hidden
                   else "no move wins from here")
        else:
            why = "no win found yet"
        return rule_of_thumb(game, state, seat, moves, drawn[0], why, scores, used, budget)
    desc = game.describe(state, best.move)
    if not hidden:
        how = "this wins, with every card in sight" if best.solved == best.tried else \
            "this won when played out at random, with every card in sight"
        return Hint("hint", best.move, f"{desc}: {how}", scores, used)
    ways = f"{best.wins} of {best.tried} ways the hidden cards could lie"
    how = "" if best.solved == best.tried else " (some played out at random)"
    return Hint("hint", best.move, f"{desc}: wins in {ways}{how}", scores, used)


def _solve_whole(game: Game[Any], state: Any, seat: int, moves: list[Move],
                 budget: Budget, been: Sequence[Any], whole: Budget) -> Hint | None:
    """With every card in sight: the table searched whole, on half the time left (one
    search that finds a winning line reaches further than one search per move, each on
    its share), never through a position of ``been``. A line that wins and begins with a
    move of ``seat``'s gives the hint; a proof that nothing wins gives the rule of
    thumb's move, said so; else ``None`` (the moves are weighed one by one on what is
    left; ``whole``: the hint's own budget, for the rule of thumb)."""
    half = budget if budget.clock is None else Budget(
        budget.nodes, budget.clock,
        budget.deadline - max(0.0, budget.deadline - budget.clock()) / 2)
    key = Knowledge.of(game).key
    avoid = frozenset(key(s) for s in been)
    # the positions passed are searched as if lost: a line found is a real win, but a
    # search that finds none proves nothing then
    found = solve(game, state, half, lost=avoid or None)
    if found.won and found.line and found.line[0][0] == seat and found.line[0][1] in moves:
        move = found.line[0][1]
        return Hint("hint", move,
                    f"{game.describe(state, move)}: this wins, with every card in sight",
                    (MoveScore(move, 1, 1, 1),), 1)
    if found.decided and not found.won and not avoid:
        return rule_of_thumb(game, state, seat, moves, state, "no move wins from here",
                             (), 1, whole)
    return None


#: What each rule of thumb says of the move it picks, best first.
_REASONS = ("this move can never spoil a win", "this puts a card home",
            "this turns up a hidden card", "this leaves the most moves to choose from")


def rule_of_thumb(game: Game[Any], state: Any, seat: int, moves: list[Move],
                  sample: Any, why: str, scores: tuple[MoveScore, ...] = (),
                  used: int = 0, budget: Budget | None = None) -> Hint:
    """When no deal of the hidden cards showed a win (or none could be tried): the move a
    patience player's rules of thumb favour, said as such (verdict ``"rule"``). First a
    move the game declares safe (it never spoils a win, whatever the hidden cards are),
    then one that puts a card home, then one that turns up a hidden card, then the one
    that leaves the most moves; giving up only when nothing else is legal.

    Still honest: a move is tried on ``sample`` (the hidden cards dealt again), never on
    the real table; with no sample (a table whose hidden cards cannot be dealt again)
    only what needs no hidden card is weighed: whether the game calls the move safe, and
    how many cards it turns up (a count, whichever cards they are). The moves left are
    counted until ``budget``'s deadline (the hint keeps a share of its time for it);
    past it the first of the moves tied on the rest is taken."""
    safe = set(game.safe_moves(state))
    base = state if sample is None else sample
    home = _home(game, base)
    hidden = game.hidden_count(base)

    def weigh(m: Move) -> tuple[tuple[bool, ...], Any]:
        after = game.apply_unchecked(base, m)
        put_home = _home(game, after) - home if sample is not None else 0
        turned = hidden - game.hidden_count(after)
        return (m.code != "end", m in safe, put_home > 0, turned > 0), after

    def left(after: Any) -> int:  # on the real table (no sample) it could tell a card
        return 0 if sample is None or game.outcome(after) is not None else \
            len(game.legal_moves(after, seat))

    weighed = [weigh(m) for m in moves]
    top = max(w for w, _ in weighed)
    # the moves left are counted only among the moves tied on the rest, first to last,
    # until the deadline: a table with hundreds of moves (Les Quatorze's exchanges, the
    # Empress's pairs) took half a second past it to count them all
    best, most = -1, -1
    for i, (w, after) in enumerate(weighed):
        if w != top:
            continue
        if best >= 0 and budget is not None and budget.out_of_time():
            break
        n = left(after)
        if n > most:
            best, most = i, n
    move = moves[best]
    reason = next((r for r, w in zip(_REASONS, top[1:4], strict=False) if w),
                  _REASONS[-1]) if top[0] else "there is nothing else to do"
    return Hint("rule", move, f"{game.describe(state, move)}: {why}; {reason}",
                scores, used)


def _home(game: Game[Any], state: Any) -> int:
    """Cards on the foundations (the families)."""
    return sum(len(z.cards) for z in game.zones(state) if z.kind == "foundation")


def playout(game: Game[Any], state: Any, rng: Rng, budget: Budget,
            limit: int = 5_000) -> bool | None:
    """Play random legal moves to the end (at most ``limit``); whether the table won,
    or ``None`` when the budget's deadline came first."""
    for step in range(limit):
        if not step & 31 and budget.out_of_time():
            return None
        done = game.outcome(state)
        if done is not None:
            return done.won
        steps = [(s, m) for s, m in game.all_legal(state) if m != AUTO]
        if not steps:
            return False
        k, rng = rng.below(len(steps))
        state = game.apply_unchecked(state, steps[k][1])
    return False


__all__ = ["HINT_SEED", "Hint", "MoveScore", "card_places", "hidden_cards", "hint",
           "playout", "rule_of_thumb", "samples"]
