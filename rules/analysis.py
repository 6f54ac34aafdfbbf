"""The analysis of a finished game, once its seed is revealed.

With every card known, the solver (:mod:`rules.solver`) says whether the deal could be
won, finds the first move after which the game could no longer be won ("the game was
lost at move 31: 7♣ to pile 4; 9♦ to the family would have kept it winnable"), and
judges each proposal an advisor made: did it keep the game winnable?

A position that cannot be won has no winnable position after it, and a winnable one
had only winnable positions before it. The losing move is looked for from the end
backwards: the last positions have few cards left and are cheap to prove lost, and every
position a proof searched is kept as proved lost (:func:`rules.solver.solve`'s ``lost``),
so the search of the position before goes no further there and only searches what is
new. The first position found winnable (by a line of play that wins) is the one before
the losing move. When a search runs out of budget on the way back, a bisection between
the deal and there takes over. A game that was won needs no search: its own line is the
proof. Every answer is a proof (a winning line, a complete search); where a search runs
out of budget the answer says ``"unknown"``; it never guesses.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .errors import RulesError
from .game import Game, Move, Seat
from .history import Remembered, remember
from .record import Record
from .solver import LOST, UNKNOWN, WON, Budget, Knowledge, Solution, Step, replay_line, solve


@dataclass(frozen=True, slots=True)
class Proposal:
    """A move an advisor proposed before move ``at`` (0-based: the position after
    ``at`` moves), for ``seat``; ``taken`` when the player played it."""

    at: int
    seat: Seat
    code: str
    taken: bool
    by: str = ""


@dataclass(frozen=True, slots=True)
class Judged:
    """A proposal and whether the game was still winnable after it (won/lost/unknown)."""

    proposal: Proposal
    verdict: str
    text: str


@dataclass(frozen=True, slots=True)
class Analysis:
    """What the analysis found; ``lines`` say it in sentences."""

    deal: str
    #: 1-based number of the move after which the game could not be won, or ``None``.
    lost_at: int | None
    lost_move: str
    keeper: str
    proposals: tuple[Judged, ...]
    lines: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "lost_at": self.lost_at,
            "lost_move": self.lost_move,
            "keeper": self.keeper,
            "proposals": [{"at": j.proposal.at, "seat": j.proposal.seat,
                           "move": j.proposal.code, "taken": j.proposal.taken,
                           "by": j.proposal.by, "verdict": j.verdict, "text": j.text}
                          for j in self.proposals],
            "lines": list(self.lines),
        }


def analyse(record: Record, budget: Budget,
            proposals: Sequence[Proposal] = ()) -> Analysis:
    """Analyse a finished (or abandoned) game from its record; see the module doc.

    ``budget`` bounds each search (its deadline bounds the whole analysis).
    """
    play = record.replay()
    game: Game[Any] = play.game
    states = play.states
    moves = record.moves
    proofs = _Proofs(game, states, budget)
    end = game.outcome(states[-1])
    lost_at, lost_move, keeper = None, "", ""
    if end is not None and end.won:  # the line played is the proof
        deal, last = WON, ["It was never lost: the game was won."]
    else:
        deal, i = proofs.last_winnable()
        last = []
        if deal == WON and i == len(states) - 1:
            last = ["It was never lost (the game is unfinished)."]
        elif deal == WON and i is not None:
            code = moves[i][1]
            move = Move(code)
            lost_at, lost_move = i + 1, game.describe(states[i], move)
            line = proofs.judge(i).line
            keep = next((m for s, m in line[:1]), None)
            keeper = game.describe(states[i], keep) if keep is not None else ""
            sentence = f"The game was lost at move {lost_at}: {lost_move}"
            if keeper:
                sentence += f"; {keeper} instead would have kept it winnable"
            last = [sentence + "."]
        elif deal == WON:
            last = ["The move that lost it is unknown (a search ran out of budget)."]
    lines = [{WON: "The deal could be won.", LOST: "The deal could not be won.",
              UNKNOWN: "Whether the deal could be won is unknown (the search ran out of "
                       "budget)."}[deal], *last]
    known = frozenset(proofs.lost)  # what proposals' searches prove is not kept
    judged = tuple(_judge(game, states, p, budget, known) for p in proposals)
    for j in judged:
        lines.append(j.text)
    return Analysis(deal, lost_at, lost_move, keeper, judged, tuple(lines))


def analyse_record(data: Mapping[str, Any], clock: Callable[[], float],
                   seconds: float = 10.0) -> Analysis:
    """Analyse a record as the server sends it (see :func:`read_record`) within
    ``seconds`` on ``clock``: each search at most 50,000 positions. Raises
    :class:`~rules.errors.RulesError`, ``KeyError``, ``TypeError`` or ``ValueError``
    when the record is not one that replays."""
    record, proposals = read_record(data)
    record.replay()
    return analyse(record, Budget.seconds(clock, seconds, nodes=50_000), proposals)


def read_record(data: Mapping[str, Any]) -> tuple[Record, list[Proposal]]:
    """A record saved by the client (moves as ``{seat, move, advised_by}``) or by
    :meth:`rules.Record.to_dict` (moves as ``[seat, move]``), and the proposals it
    holds: a move advised by someone was a proposal taken, its ``left`` list the
    proposals not taken; a ``proposals`` list (``at``, ``seat``, ``move``, ``by``,
    ``taken``) adds others."""
    moves: list[tuple[int, str]] = []
    proposals: list[Proposal] = []
    for i, entry in enumerate(data["moves"]):
        if isinstance(entry, dict):
            seat, code = int(entry["seat"]), str(entry["move"])
            for name in entry.get("advised_by") or ():
                proposals.append(Proposal(i, seat, code, True, str(name)))
            for p in entry.get("left") or ():
                for name in p.get("by") or ("",):
                    proposals.append(Proposal(i, seat, str(p["move"]), False, str(name)))
        else:
            seat, code = int(entry[0]), str(entry[1])
        moves.append((seat, code))
    for p in data.get("proposals") or ():
        proposals.append(Proposal(int(p["at"]), int(p["seat"]), str(p["move"]),
                                  bool(p.get("taken")), str(p.get("by", ""))))
    record = Record(str(data["game"]), tuple(sorted(dict(data.get("options") or {}).items())),
                    int(data["seed"]), tuple(moves))
    return record, proposals


#: How many times its first budget of positions the search of the position where the
#: walk back stops may take in all (:meth:`_Proofs.again`), time allowing.
AGAIN = 64


class _Proofs:
    """The verdicts on the positions of one game, and what its searches proved: the
    keys of positions proved lost (shared by every search of the game, so a search goes
    no further at a position another one proved lost) and the positions of the winning
    lines found."""

    def __init__(self, game: Game[Any], states: Sequence[Any], budget: Budget) -> None:
        self.game, self.states, self.budget = game, states, budget
        self.cache: dict[int, Solution] = {}
        self.lost: set[Hashable] = set()
        #: key -> a winning line from that position, for every position of a line found.
        self.won: dict[Hashable, tuple[Step, ...]] = {}
        # the key the search itself keeps (a game's chain key where it plays chains)
        self.key: Callable[[Any], Hashable] = Knowledge.of(game).key

    def judge(self, i: int) -> Solution:
        """The verdict on position ``i`` (after ``i`` moves): a winning line from it, a
        proof that it is lost, or unknown."""
        if i not in self.cache:
            self.cache[i] = self._solve(self.states[i])
        return self.cache[i]

    def _solve(self, state: Any, budget: Budget | None = None) -> Solution:
        game, key = self.game, self.key(state)
        budget = budget or self.budget
        done = game.outcome(state)
        if done is not None:  # over (the rule that forbids a move may be what ended it)
            return Solution(WON if done.won else LOST, how="the game is over")
        if key in self.lost:
            return Solution(LOST, how="proved lost before")
        line = self.won.get(key)
        if line is not None and _plays(game, state, line):
            return Solution(WON, line, how="a line found before")
        free = _unbound(state)
        found = solve(game, free, budget, lost=self.lost)
        if found.verdict == WON and free is not state and not _plays(game, state, found.line):
            # the rule it forbids by matters here: its proofs are not kept
            found = solve(game, state, budget, lost=frozenset(self.lost))
        if found.verdict == WON:
            at = state
            for n, (_, move) in enumerate(found.line):
                self.won.setdefault(self.key(at), found.line[n:])
                at = game.apply_unchecked(at, move)
        return found

    def again(self, i: int) -> str:
        """The verdict on position ``i`` after a search of it ran out of its positions,
        searched again on twice as many each time (up to :data:`AGAIN` times the first
        budget) while the analysis has time left: the position where the walk back
        stops decides the answer, so the time left is best spent there. Each search
        starts where the last left off: what it proved lost on the way is kept
        (:func:`rules.solver.solve`). Only on a clock: a budget of positions alone
        bounds each search as given."""
        found, budget = self.cache[i], self.budget
        nodes = budget.nodes
        while found.verdict == UNKNOWN and budget.clock is not None \
                and nodes < AGAIN * budget.nodes and not budget.out_of_time():
            nodes *= 2
            found = self.cache[i] = self._solve(self.states[i], replace(budget, nodes=nodes))
        return found.verdict

    def last_winnable(self) -> tuple[str, int | None]:
        """Whether the deal could be won, and the last position still winnable (``None``
        when an unknown answer stands in the way, or when the deal could not be won).

        From the end backwards first: the last positions have few cards left, and each
        proof that one is lost is kept, so the one before it needs only search what is
        new; the first winnable position found so is the answer. When a search runs out
        of budget on the way, bisection between the deal and that position: once lost, a
        game stays lost, and a winnable position had only winnable ones before it.
        """
        last = len(self.states) - 1
        hi = last + 1  # every position from hi on is proved lost
        while hi > 0:
            verdict = self.judge(hi - 1).verdict
            if verdict == UNKNOWN:
                verdict = self.again(hi - 1)
            if verdict == WON:
                return WON, hi - 1
            if verdict == UNKNOWN:
                break
            hi -= 1
        if hi == 0:
            return LOST, None
        if self.budget.out_of_time():
            return UNKNOWN, None
        first = self.judge(0).verdict
        if first != WON:
            return first, None
        lo = 0  # known winnable
        while hi - lo > 1:
            mid = (lo + hi) // 2
            verdict = self.judge(mid).verdict
            if verdict == WON:
                lo = mid
            elif verdict == LOST:
                hi = mid
            else:
                return WON, None
        return WON, lo


def _unbound(state: Any) -> Any:
    """``state`` without what forbids a move there but leaves the key alone: the move
    straight back (a patience's ``back``) and the arrangements a table remembers (the
    Flower Garden's, :mod:`rules.history`). The position is searched so first: a proof
    that it is lost holds the more with the rule, and is kept for every search after it
    (see :func:`rules.solver.solve`); and the search is quicker, as a long game's
    remembered arrangements need not be carried along. A winning line found so is
    played again from ``state`` itself before it stands."""
    if isinstance(state, Remembered) and state.seen:
        state = remember(state)
    if getattr(state, "back", None) is not None:
        state = replace(state, back=None)
    return state


def _plays(game: Game[Any], state: Any, line: Sequence[Step]) -> bool:
    """Whether ``line`` is legal from ``state`` and wins."""
    try:
        end = replay_line(game, state, tuple(line))
    except RulesError:
        return False
    done = game.outcome(end)
    return done is not None and done.won


def _judge(game: Game[Any], states: Sequence[Any], p: Proposal, budget: Budget,
           lost: frozenset[Hashable]) -> Judged:
    who = f"{p.by}'s proposal" if p.by else "A proposal"
    taken = "taken" if p.taken else "left"
    if not 0 <= p.at < len(states):
        return Judged(p, UNKNOWN, f"{who} at move {p.at + 1} does not fit this game.")
    before = states[p.at]
    move = Move(p.code)
    if move not in game.legal_moves(before, p.seat):
        return Judged(p, UNKNOWN, f"{who} at move {p.at + 1} ({p.code}) was not legal.")
    verdict = solve(game, game.apply_unchecked(before, move), budget, lost=lost).verdict
    what = game.describe(before, move)
    said = {WON: "kept the game winnable", LOST: "could not be won after it",
            UNKNOWN: "unknown whether it kept the game winnable"}[verdict]
    return Judged(p, verdict, f"{who} at move {p.at + 1}, {what} ({taken}): {said}.")


__all__ = ["Analysis", "Judged", "Proposal", "analyse", "analyse_record", "read_record"]
