"""The analysis of a finished game, once its seed is revealed.

With every card known, the solver (:mod:`rules.solver`) says whether the deal could be
won, finds the first move after which the game could no longer be won ("the game was
lost at move 31: 7♣ to pile 4; 9♦ to the family would have kept it winnable"), and
judges each proposal an advisor made: did it keep the game winnable?

A position that cannot be won has no winnable position after it, and a winnable one
had only winnable positions before it, so the losing move is found by bisection:
a handful of searches, not one per move. Where a search runs out of budget the answer
says ``"unknown"``; it never guesses.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .game import Game, Move, Seat
from .record import Record
from .solver import LOST, UNKNOWN, WON, Budget, Solution, solve


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
    cache: dict[int, Solution] = {}

    def judge(i: int) -> Solution:
        if i not in cache:
            cache[i] = solve(game, states[i], budget)
        return cache[i]

    deal = judge(0).verdict
    lines = [{WON: "The deal could be won.", LOST: "The deal could not be won.",
              UNKNOWN: "Whether the deal could be won is unknown (the search ran out of "
                       "budget)."}[deal]]
    lost_at, lost_move, keeper = None, "", ""
    end = judge(len(states) - 1).verdict if len(states) > 1 else deal
    if deal == WON and end == WON:
        lines.append("It was never lost" + (": the game was won." if game.outcome(states[-1])
                                             is not None else " (the game is unfinished)."))
    elif deal == WON:
        i = _last_winnable(judge, len(states) - 1)
        if i is None:
            lines.append("The move that lost it is unknown (a search ran out of budget).")
        else:
            code = moves[i][1]
            move = Move(code)
            lost_at, lost_move = i + 1, game.describe(states[i], move)
            line = judge(i).line
            keep = next((m for s, m in line[:1]), None)
            keeper = game.describe(states[i], keep) if keep is not None else ""
            sentence = f"The game was lost at move {lost_at}: {lost_move}"
            if keeper:
                sentence += f"; {keeper} instead would have kept it winnable"
            lines.append(sentence + ".")
    judged = tuple(_judge(game, states, p, budget) for p in proposals)
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


def _last_winnable(judge: Any, last: int) -> int | None:
    """The last position still winnable, when position 0 is won and ``last`` is not;
    ``None`` when an unknown answer stands in the way."""
    lo, hi = 0, last  # lo: known winnable; hi: known not winnable (or the end)
    if judge(last).verdict == UNKNOWN:
        return None
    while hi - lo > 1:
        mid = (lo + hi) // 2
        verdict = judge(mid).verdict
        if verdict == WON:
            lo = mid
        elif verdict == LOST:
            hi = mid
        else:
            return None
    return lo


def _judge(game: Game[Any], states: Sequence[Any], p: Proposal, budget: Budget) -> Judged:
    who = f"{p.by}'s proposal" if p.by else "A proposal"
    taken = "taken" if p.taken else "left"
    if not 0 <= p.at < len(states):
        return Judged(p, UNKNOWN, f"{who} at move {p.at + 1} does not fit this game.")
    before = states[p.at]
    move = Move(p.code)
    if move not in game.legal_moves(before, p.seat):
        return Judged(p, UNKNOWN, f"{who} at move {p.at + 1} ({p.code}) was not legal.")
    verdict = solve(game, game.apply_unchecked(before, move), budget).verdict
    what = game.describe(before, move)
    said = {WON: "kept the game winnable", LOST: "could not be won after it",
            UNKNOWN: "unknown whether it kept the game winnable"}[verdict]
    return Judged(p, verdict, f"{who} at move {p.at + 1}, {what} ({taken}): {said}.")


__all__ = ["Analysis", "Judged", "Proposal", "analyse", "analyse_record", "read_record"]
