"""A full-information solver that works for every game through the one game interface.

Given a position whose every card is known (after the seed is revealed, or a sample of
the hidden cards for a hint), :func:`solve` answers *won* (with the winning line),
*lost* (no line of play wins: a proof, the whole reachable game was searched) or
*unknown* (the budget ran out first). The search is a depth-first walk of the legal
moves of every seat to move (cooperative tables play as one side), with a transposition
table on a canonical key of each state, so a position reached twice is searched once.
Games of pure chance (one move at each step) are decided by playing them out: the walk
has a single branch.

``rules/`` has no clock, so the caller passes its budget in: a node limit, and
optionally a clock function with a deadline on that clock (:class:`Budget`).

A game may add knowledge as optional methods, found by name (none is required):

- ``solver_key(state)``: a cheaper hashable key, equal for states the search may treat
  as one (default: the frozen state itself);
- ``order_moves(state, moves)``: the moves to try first come first;
- ``safe_moves(state)`` (:meth:`rules.game.Game.safe_moves`, which every game has and
  most leave empty): moves that can never turn a winnable position into a lost one (a
  card to its foundation when nothing can need it). The search plays the first of them
  and tries nothing else there; the table's *autodrop* option plays them too;
- ``solver_moves(state, moves)``: the moves the search tries in place of the legal
  ``moves`` (before the safe moves, the order and the restriction are asked): it may
  leave out a move whose every use another covers, and add a :class:`Chain` of legal
  moves taken as one step (Klondike's card played from wherever the turns of the stock
  would bring it, Solvitaire's way). A line found is given back with each chain
  expanded into its moves, so it stays a line of legal moves; a ``lost`` stays a proof
  only as far as the moves offered cover every line (the game says why they do);
- ``chain_key(state)``: the key beside ``solver_moves`` (default ``solver_key``): it
  may count as one positions that lead to each other by the moves the chains take in
  one step (the plain search, taking them one by one, would cut such a move);
- ``solver_play(state, move)``: plays a move the search tries, a chain at once (default:
  the chain's moves one by one with ``apply_unchecked``), to the same table, or to one
  that leaves out what the search need not carry (a history of arrangements its key
  leaves out: the game says why no answer changes);
- ``straight_back_positions(state)``: where the moves ``state`` forbids as straight back
  would lead (a game whose ``no_straight_back`` forbids them; every patience has it,
  :meth:`rules.patience.Patience.straight_back_positions`): a search that runs out keeps
  its proofs only where these are proved too (:func:`_search`);
- ``closed_form(state)``: ``True`` / ``False`` when the answer is known without search
  (Sympathy's cycle test), ``None`` otherwise;
- ``restrict_moves(state, moves)``: the moves a *restricted* search tries (a subset, in
  the order to try them). When a game offers it, :func:`solve` first searches with only
  those moves, on a share of the budget (:data:`RESTRICTED_SHARE`): a win found there is
  a real line of legal moves, so it stands; finding none proves nothing, and the full
  search runs on the rest of the budget. (Solvitaire's restricted search first, which
  sped FreeCell up forty-fold.) Every patience on the model has one
  (:meth:`rules.patience.Patience.restrict_moves`). A game whose ``restriction_proven``
  is true (a proof that the moves left out are never needed) is searched restricted
  alone, on the whole budget, and a search that finds no win there proves it lost.

The ``auto`` move of games of chance is left out: it only plays the first legal move
again and again, which the search does itself; so is giving up (``end``), which never
wins (it took a position of the search's budget at every position it was offered).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from .common import AUTO, END
from .game import Game, Move, Seat

WON, LOST, UNKNOWN = "won", "lost", "unknown"
#: The share of a solve's positions the restricted search may use before the full one.
RESTRICTED_SHARE = 0.25

#: A move of a line: the seat that plays it and the move.
Step = tuple[Seat, Move]


class BudgetExhausted(Exception):
    """Raised inside the search when the node or time budget runs out."""


@dataclass(frozen=True, slots=True)
class Chain(Move):
    """Legal moves the search takes as one step (each legal where the one before leaves
    the table): what a game's ``solver_moves`` may offer. ``code`` names it for the
    search only; the line the solver gives back holds the moves themselves."""

    moves: tuple[Move, ...] = ()

    @classmethod
    def of(cls, moves: tuple[Move, ...]) -> Chain:
        return cls(" ".join(m.code for m in moves), moves)


@dataclass(frozen=True, slots=True)
class Budget:
    """How much search the caller allows: ``nodes`` positions, and, when ``clock`` is
    given, no work past ``deadline`` on that clock (read at the first position and
    every 16 after: a position of a big table under a busy machine can take a
    millisecond)."""

    nodes: int = 200_000
    clock: Callable[[], float] | None = None
    deadline: float = 0.0

    @classmethod
    def seconds(cls, clock: Callable[[], float], seconds: float,
                nodes: int = 10_000_000) -> Budget:
        """A budget of ``seconds`` from now on ``clock`` (and at most ``nodes``)."""
        return cls(nodes, clock, clock() + seconds)

    def split(self, nodes: int) -> Budget:
        """The same deadline with a smaller node limit (for one of many searches)."""
        return Budget(min(nodes, self.nodes), self.clock, self.deadline)

    def out_of_time(self) -> bool:
        return self.clock is not None and self.clock() >= self.deadline


@dataclass(frozen=True, slots=True)
class Solution:
    """The solver's answer: ``verdict`` is ``"won"``, ``"lost"`` or ``"unknown"``;
    ``line`` the winning moves from the position (when won); ``nodes`` how many
    positions were searched; ``how`` says how the answer was reached."""

    verdict: str
    line: tuple[Step, ...] = ()
    nodes: int = 0
    how: str = "search"

    @property
    def won(self) -> bool:
        return self.verdict == WON

    @property
    def decided(self) -> bool:
        return self.verdict != UNKNOWN


@dataclass(slots=True)
class _Meter:
    budget: Budget
    nodes: int = 0
    #: The restricted search's share: past it, the search stops once ``narrow`` has
    #: left out a move (until then it is the full search itself).
    share: int = 0
    narrow: Knowledge | None = None

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.budget.nodes:
            raise BudgetExhausted
        if self.nodes > self.share and self.narrow is not None and self.narrow.dropped:
            raise BudgetExhausted
        if self.nodes & 15 == 1 and self.budget.out_of_time():
            raise BudgetExhausted


@dataclass(slots=True)
class Knowledge:
    """The optional hooks a game offers, looked up once per solve."""

    key: Callable[[Any], Hashable]
    order: Callable[[Any, tuple[Step, ...]], tuple[Step, ...]] | None
    safe: Callable[[Any], tuple[Move, ...]] | None
    closed: Callable[[Any], bool | None] | None
    seen: set[Hashable] = field(default_factory=set)
    #: The game's ``restrict_moves``, when it has one.
    restrict: Callable[[Any, tuple[Step, ...]], tuple[Step, ...]] | None = None
    #: Keys of positions proved lost before this search (``solve``'s ``lost``).
    lost: set[Hashable] | frozenset[Hashable] = frozenset()
    #: The game's ``solver_moves``, when it has one.
    expand: Callable[[Any, tuple[Step, ...]], tuple[Step, ...]] | None = None
    #: How a move the search tries is played (a :class:`Chain` move by move).
    play: Callable[[Any, Move], Any] | None = None
    #: Where the search puts the positions it proves lost as it goes (``None``: it
    #: does not keep them apart from ``seen``).
    proved: set[Hashable] | None = None
    #: Whether the restricted search has left out a move (until then it is the full
    #: search, and what it finds is as much a proof).
    dropped: bool = False
    #: What ``proved`` held when the restricted search first left out a move.
    sound: frozenset[Hashable] = frozenset()

    @classmethod
    def of(cls, game: Game[Any], *, safe: bool = True, chains: bool = True) -> Knowledge:
        key = getattr(game, "solver_key", None)
        order = getattr(game, "order_moves", None)
        restrict = getattr(game, "restrict_moves", None)
        expand = getattr(game, "solver_moves", None) if chains else None
        if expand is not None:
            key = getattr(game, "chain_key", None) or key
        return cls(
            key if key is not None else _identity,
            None if order is None else _ordered(order),
            game.safe_moves if safe and declares_safe_moves(game) else None,
            getattr(game, "closed_form", None),
            restrict=None if restrict is None else _ordered(restrict),
            expand=None if expand is None else _ordered(expand),
            play=getattr(game, "solver_play", None) or
            (game.apply_unchecked if expand is None else _chained(game)),
        )

    def restricted(self) -> Knowledge:
        """The same knowledge for the restricted search: its moves are the game's
        ``restrict_moves`` of the ordered ones, and it has a table of its own."""
        assert self.restrict is not None
        restrict = self.restrict
        narrow = Knowledge(self.key, None, self.safe, self.closed, lost=self.lost,
                           expand=self.expand, play=self.play)

        def watched(state: Any, steps: tuple[Step, ...]) -> tuple[Step, ...]:
            kept = restrict(state, steps)
            if len(kept) < len(steps) and not narrow.dropped:
                narrow.dropped = True  # no longer the full search
                narrow.sound = frozenset(narrow.proved or ())
            return kept
        narrow.order = _then(self.order, watched)
        return narrow


def declares_safe_moves(game: Game[Any]) -> bool:
    """Whether ``game`` overrides :meth:`~rules.game.Game.safe_moves` (else it has none,
    and the search need not ask at every position)."""
    return type(game).safe_moves is not Game.safe_moves


def _identity(state: Any) -> Hashable:
    return state  # type: ignore[no-any-return]


def _ordered(order: Callable[[Any, tuple[Move, ...]], tuple[Move, ...]]
             ) -> Callable[[Any, tuple[Step, ...]], tuple[Step, ...]]:
    def by_game(state: Any, steps: tuple[Step, ...]) -> tuple[Step, ...]:
        if steps and steps[0][0] == steps[-1][0] and all(s == steps[0][0] for s, _ in steps):
            seat = steps[0][0]  # one seat to move (a patience): no lookup
            return tuple((seat, m) for m in order(state, tuple(m for _, m in steps)))
        seat_of = {m: s for s, m in steps}
        # a chain new here is played by the seat of its first move
        return tuple((seat_of[m] if m in seat_of else seat_of[m.moves[0]], m)  # type: ignore[attr-defined]
                     for m in order(state, tuple(m for _, m in steps)))
    return by_game


def _chained(game: Game[Any]) -> Callable[[Any, Move], Any]:
    apply = game.apply_unchecked

    def play(state: Any, move: Move) -> Any:
        if isinstance(move, Chain):
            for m in move.moves:
                state = apply(state, m)
            return state
        return apply(state, move)
    return play


def expanded(line: tuple[Step, ...]) -> tuple[Step, ...]:
    """``line`` with each :class:`Chain` replaced by its moves, by the same seat."""
    return tuple((seat, m) for seat, move in line
                 for m in (move.moves if isinstance(move, Chain) else (move,)))


def _then(first: Callable[[Any, tuple[Step, ...]], tuple[Step, ...]] | None,
          then: Callable[[Any, tuple[Step, ...]], tuple[Step, ...]]
          ) -> Callable[[Any, tuple[Step, ...]], tuple[Step, ...]]:
    if first is None:
        return then

    def both(state: Any, steps: tuple[Step, ...]) -> tuple[Step, ...]:
        return then(state, first(state, steps))
    return both


#: Moves the search never tries: ``auto`` only plays the first legal move again and
#: again, which the search does itself; ``end`` gives up, which never wins.
_NEVER_TRIED = frozenset((AUTO.code, END.code))


def choices(game: Game[Any], state: Any, know: Knowledge | None = None) -> tuple[Step, ...]:
    """The moves the search tries at ``state``: a safe move alone when the game names
    one, else every legal move of every seat to move (but ``auto`` and giving up), in
    the game's order or the one its ``order_moves`` prefers. Without ``know`` (the plain
    search), every legal move but ``auto``."""
    if know is None:  # the plain search's: every legal move
        return tuple((s, m) for s, m in game.all_legal(state) if m != AUTO)
    steps = tuple((s, m) for s, m in game.all_legal(state) if m.code not in _NEVER_TRIED)
    if not steps:
        return steps
    if know.expand is not None:
        steps = know.expand(state, steps)
    if know.safe is not None:
        safe = know.safe(state)
        if safe:
            legal = {m: s for s, m in steps}
            for m in safe:
                if m in legal:
                    return ((legal[m], m),)
    if know.order is not None:
        return know.order(state, steps)
    return steps


def solve(game: Game[Any], state: Any, budget: Budget | None = None, *,
          closed_form: bool = True, safe: bool = True, restricted: bool = True,
          chains: bool = True, lost: set[Hashable] | frozenset[Hashable] | None = None
          ) -> Solution:
    """Can the table still win from ``state``, every card known? See the module doc.

    ``closed_form=False``, ``safe=False``, ``restricted=False`` or ``chains=False`` leave
    out the game's closed form, its safe moves, the restricted search first or its
    ``solver_moves`` (the tests check one against the other).

    ``lost``, when given, holds the keys (``solver_key``) of positions already proved
    lost, in this game with the same options: the search goes no further at them (a
    position whose every move reaches one is lost at once), and when it proves
    ``state`` lost it adds every position it searched, each proved lost with it (the
    whole game reachable from them was searched and no line wins), and when it runs out
    of budget, the positions it proved lost on the way (see :func:`_search`), unless ``state``
    forbids a move (a patience's ``back``: the key leaves that out) or ``lost`` is a
    ``frozenset`` (read only). Several searches of
    one game (the positions of a finished game, :mod:`rules.analysis`) so share their
    proofs.

    Answers ``"unknown"`` for competitive games (the search plays for one side that
    wins or loses together, which only cooperative and solo tables are).
    """
    budget = budget or Budget()
    if not game.description.cooperative:
        return Solution(UNKNOWN, how="competitive games are not searched")
    know = Knowledge.of(game, safe=safe, chains=chains)
    if closed_form and know.closed is not None:
        answer = know.closed(state)
        if answer is False:
            return Solution(LOST, how="closed form")
    if lost is not None:
        if know.key(state) in lost:
            return Solution(LOST, how="proved lost before")
        know.lost = lost
    # The key leaves out the move a table forbids (``back``): only a search from a table
    # that forbids none proves lost every table its positions' keys stand for.
    keep = lost if isinstance(lost, set) and getattr(state, "back", None) is None else None
    spent = 0
    # A game whose restriction is proven to lose no win (Solvitaire's dominances, where
    # its rules give them) is searched restricted alone, on the whole budget.
    # Else the restricted search has a share of the budget; but until it leaves out a
    # move it is the full search, so it runs on past its share, and what it finds until
    # then is as much a proof.
    proven = restricted and bool(getattr(game, "restriction_proven", False))
    if restricted and know.restrict is not None:
        narrow = know.restricted()
        first = _Meter(budget) if proven else \
            _Meter(budget, share=max(1, int(budget.nodes * RESTRICTED_SHARE)), narrow=narrow)
        if keep is not None:
            narrow.proved = set()
        try:
            line = _search(game, state, narrow, first)
        except BudgetExhausted:
            if keep is not None:  # what it proved on the way stands
                keep |= narrow.sound if narrow.dropped and not proven else \
                    narrow.proved or set()
            if proven or not narrow.dropped or budget.out_of_time():
                return Solution(UNKNOWN, nodes=first.nodes)
            line = None
        if line is not None:  # a real line of legal moves: a win whatever was left out
            return Solution(WON, line, first.nodes, "restricted search")
        if proven or not narrow.dropped:  # nothing left out could have won
            if keep is not None:
                keep |= narrow.seen
            return Solution(LOST, nodes=first.nodes,
                            how="restricted search (proven)" if proven else
                            "restricted search (nothing left out)")
        spent = first.nodes
        budget = budget.split(budget.nodes - spent)
    meter = _Meter(budget)
    if keep is not None:
        know.proved = set()
    try:
        line = _search(game, state, know, meter)
    except BudgetExhausted:
        if keep is not None and know.proved:  # what it proved on the way stands
            keep |= know.proved
        return Solution(UNKNOWN, nodes=spent + meter.nodes)
    if line is None:
        if keep is not None:
            keep |= know.seen
        return Solution(LOST, nodes=spent + meter.nodes)
    return Solution(WON, line, spent + meter.nodes)


def _search(game: Game[Any], root: Any, know: Knowledge, meter: _Meter
            ) -> tuple[Step, ...] | None:
    """Iterative depth-first search for a won outcome; ``None`` when there is none.

    A state is marked when first entered. That is enough for reachability: a win
    reachable from a marked state on the current path is found from that state's own
    remaining branches, and a fully searched state that found none has none.

    When ``know.proved`` is a set, the positions proved lost on the way go there even
    if the budget runs out before the search ends, so a later search need not walk
    them again (:func:`solve`'s ``lost``). A position left with no win is proved lost
    only once nothing it leads to is still open: a move back to a position on the
    current path leaves it waiting on that one. So the positions are grouped as
    Tarjan's strongly connected components are: each position has its index in the
    order entered and the lowest index of an open position it reaches; when a
    position is left with its own index as that lowest, it and the positions still
    waiting above it on the component stack reach nothing open, and are proved. A
    position whose table forbids a move its key does not show counts where that move
    would lead as a move tried, since its key stands for the table without the rule
    too: the move straight back, which the game's ``straight_back_positions`` follows;
    where it cannot say, or where a table remembers arrangements, the position proves
    nothing before the search ends.
    """
    seen, lost = know.seen, know.lost
    proved = know.proved
    straight_back = bool(getattr(game, "no_straight_back", False))
    back_of = getattr(game, "straight_back_positions", None)
    play = know.play or game.apply_unchecked
    # what the game keeps of a position the search will play the next move of, after a
    # child's whole search (a patience's steps: else made again once for each child)
    keep_memo = getattr(game, "solver_memo", None)
    recall = getattr(game, "solver_recall", None) or (lambda token: None)
    path: list[Step] = []
    # a frame: the state, its moves, the next one to try, its key, the lowest index
    # of an open position it reaches (its own index at first), the game's memo of it
    stack: list[list[Any]] = []
    waiting: list[Hashable] = []  # positions left without a win, not yet proved
    opened: dict[Hashable, int] = {}  # index of each position on the path or waiting
    entered = 0
    state = root
    key = know.key(root)
    while True:
        meter.tick()
        seen.add(key)
        done = game.outcome(state)
        token = None
        if done is not None:
            if done.won:
                return expanded(tuple(path))
            kids: tuple[Step, ...] = ()
        else:
            if keep_memo is not None:  # before choices, which may look past the table
                token = keep_memo(state)
            kids = choices(game, state, know)
        if proved is None:
            stack.append([state, kids, 0, None, 0, token])
        else:
            opened[key] = entered
            waiting.append(key)
            # A move the table forbids here (the move straight back, a return to an
            # arrangement remembered) is one the key's other tables may make: where it
            # leads counts as a move tried (open: it lowers; proved or lost: nothing),
            # and where that is a position the search has not met, or cannot be known,
            # nothing is proved here before the whole search ends.
            low = entered
            if stack and straight_back and getattr(state, "back", None) is not None:
                low = _low_past_back(state, low, back_of, know, opened)
            if stack and getattr(state, "seen", None):
                low = 0
            stack.append([state, kids, 0, key, low, token])
            entered += 1
        # Find the next unseen child, backing up when a node is exhausted.
        while True:
            if not stack:
                return None
            frame = stack[-1]
            parent, kids, i = frame[0], frame[1], frame[2]
            found = False
            while i < len(kids):
                step = kids[i]
                i += 1
                if frame[5] is not None:
                    recall(frame[5])
                child = play(parent, step[1])
                key = know.key(child)
                if key not in seen and key not in lost:
                    frame[2] = i
                    path.append(step)
                    state = child
                    found = True
                    break
                if proved is not None:
                    at = opened.get(key)
                    if at is not None and at < frame[4]:
                        frame[4] = at
            if found:
                break
            stack.pop()
            if path:
                path.pop()
            if proved is not None:
                low = frame[4]
                if low == opened[frame[3]]:  # nothing it reaches is open: proved
                    while True:
                        k = waiting.pop()
                        del opened[k]
                        proved.add(k)
                        if k == frame[3]:
                            break
                elif stack and low < stack[-1][4]:
                    stack[-1][4] = low


def _low_past_back(state: Any, low: int, back_of: Callable[[Any], tuple[Any, ...]] | None,
                   know: Knowledge, opened: dict[Hashable, int]) -> int:
    """``low`` lowered by where the moves ``state`` forbids straight back lead (the
    game's ``straight_back_positions``): by the index of each that is open; to 0 (the
    root: nothing proved before the search ends) where one is neither open nor proved
    nor known lost, or where the game cannot say."""
    if back_of is None:
        return 0
    for other in back_of(state):
        k = know.key(other)
        at = opened.get(k)
        if at is not None:
            low = min(low, at)
        elif k not in know.seen and k not in know.lost:
            return 0
    return low


def exhaustive(game: Game[Any], state: Any, limit: int = 2_000_000) -> bool:
    """Whether any line of play wins, by trying every line with no table, no order and
    no game knowledge: the plain reference the solver is tested against on small games.
    Raises :class:`BudgetExhausted` past ``limit`` positions."""
    found, _ = plain_search(game, state, limit)
    if found is None:
        raise BudgetExhausted
    return found


def plain_search(game: Game[Any], state: Any, limit: int) -> tuple[bool | None, int]:
    """The plain search behind :func:`exhaustive` (also the bench's baseline): whether
    a line wins (``None`` past ``limit`` positions), and how many positions it saw."""
    nodes = 0
    stack: list[tuple[Any, int]] = [(state, 0)]
    kids: list[tuple[Step, ...]] = []
    while stack:
        st, i = stack[-1]
        if i == 0:
            nodes += 1
            if nodes > limit:
                return None, nodes
            done = game.outcome(st)
            if done is not None and done.won:
                return True, nodes
            kids.append(() if done is not None else choices(game, st))
        if i < len(kids[-1]):
            stack[-1] = (st, i + 1)
            stack.append((game.apply_unchecked(st, kids[-1][i][1]), 0))
        else:
            stack.pop()
            kids.pop()
    return False, nodes


def replay_line(game: Game[Any], state: Any, line: tuple[Step, ...]) -> Any:
    """Play a line with checked moves (raises if any is illegal); the final state."""
    for seat, move in line:
        state = game.apply(state, move, seat)
    return state


__all__ = [
    "LOST", "UNKNOWN", "WON", "Budget", "BudgetExhausted", "Chain", "Knowledge", "Solution",
    "Step", "choices", "declares_safe_moves", "exhaustive", "expanded", "plain_search",
    "replay_line", "solve",
]
