"""Which legal move a person means by picking places on the board, read from each move's
shape (``protocol/README.md``, "Moves and their shapes"), never from its words: the
terminal's own mapping, as ``client/web/point.js`` is the page's.

A move is picked by its places: a move of cards by its source, then its destination; a
pair (or a group taken out together) by its places in any order; a deal, a turn or a
re-deal by its one place. The terminal's cursor stands on places, not on cards, so where
one place (or one source and destination) means several moves (which card of a column
starts the run to move, which of two spare cards goes), the table asks "which move?"
among them. Picking the last place again means the moves that place alone completes
(the waste turned over, where cards of the waste may also go elsewhere). A move with no
place (a call, a choice of the first suit) is reached from the list of moves, as giving
up is.

Pure: no Textual, so that a test runs it over every game (``tests/kit/reach.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

Move = Mapping[str, Any]

#: Kinds of move picked at one place: where the cards are dealt from, the pile turned
#: (or the place it turns to), the cards taken up.
ONE_PLACE = frozenset({"deal", "turn", "redeal"})
#: Kinds of move that end the game by the player's choice (asked twice, never pointed at).
ENDING = frozenset({"give_up", "auto"})


@dataclass(frozen=True, slots=True)
class Way:
    """One way to pick a move: its places, in this order when ``ordered``."""

    places: tuple[str, ...]
    ordered: bool

    def fits(self, points: Sequence[str]) -> bool:
        if len(points) > len(self.places):
            return False
        if self.ordered:
            return tuple(points) == self.places[:len(points)]
        return all(p in self.places for p in points)

    def rest(self, points: Sequence[str]) -> tuple[str, ...]:
        """The places that may come after ``points`` (which fit)."""
        if self.ordered:
            return self.places[len(points):len(points) + 1]
        return tuple(p for p in self.places if p not in points)


def ways(move: Move) -> tuple[Way, ...]:
    """The ways to pick ``move`` (none for a move with no place, or with no shape)."""
    s = move.get("shape")
    # read once per shape (a view may list hundreds of moves, each looked at per pick)
    known = _WAYS.get(id(s))
    if known is not None and known[0] is s:
        return known[1]
    if not isinstance(s, Mapping):
        return ()
    if len(_WAYS) > 8192:
        _WAYS.clear()
    found = _read(s)
    _WAYS[id(s)] = (s, found)
    return found


_WAYS: dict[int, tuple[Mapping[str, Any], tuple[Way, ...]]] = {}


def _read(s: Mapping[str, Any]) -> tuple[Way, ...]:
    kind, src, dst = s.get("kind"), s.get("from"), s.get("to")
    if kind in ENDING:
        return ()
    if kind in ONE_PLACE:
        # a turn of the waste onto the stock: the waste, or the (empty) stock it goes to
        at = [src, dst] if kind == "turn" else [src if src is not None else dst]
        return tuple(Way((z,), True) for z in dict.fromkeys(str(p) for p in at
                                                            if p is not None))
    places = tuple(dict.fromkeys(str(p) for p in (src, dst, *(s.get("also") or ()))
                                 if p is not None))
    if not places:
        return ()
    return (Way(places, kind != "pair" and not s.get("also")),)


def places_of(move: Move) -> set[str]:
    """Every place ``move`` touches (to show the chosen move on the board)."""
    return {p for w in ways(move) for p in w.places}


def start_places(moves: Iterable[Move]) -> set[str]:
    """The places where picking may begin."""
    out: set[str] = set()
    for m in moves:
        for w in ways(m):
            out.update(w.places[:1] if w.ordered else w.places)
    return out


def placeless(moves: Iterable[Move]) -> list[Move]:
    """The moves that have no place on the board (reached from the list)."""
    return [m for m in moves if not ways(m)]


@dataclass(frozen=True, slots=True)
class Choice:
    """What the places picked so far mean.

    ``points``: the places picked (empty: nothing is chosen); ``candidates``: the moves
    they may still mean; ``complete``: those the places name whole (offered in a "which
    move?" choice); ``targets``: the places that may come next. ``act`` is the move
    meant, when one move is left.
    """

    points: tuple[str, ...] = ()
    candidates: tuple[Move, ...] = ()
    complete: tuple[Move, ...] = ()
    targets: frozenset[str] = field(default_factory=frozenset)

    @property
    def act(self) -> Move | None:
        return self.candidates[0] if len(self.candidates) == 1 else None

    @property
    def ask(self) -> bool:
        """Whether the table asks "which move?" now: several moves fit and no place
        may come next."""
        return len(self.candidates) > 1 and not self.targets


NOTHING = Choice()


def _consider(points: tuple[str, ...], moves: Sequence[Move]) -> Choice | None:
    cands: list[Move] = []
    done: list[Move] = []
    targets: set[str] = set()
    for m in moves:
        fitting = [w for w in ways(m) if w.fits(points)]
        if not fitting:
            continue
        cands.append(m)
        if any(len(w.places) == len(points) for w in fitting):
            done.append(m)
        for w in fitting:
            targets.update(w.rest(points))
    if not cands:
        return None
    return Choice(points, tuple(cands), tuple(done), frozenset(targets))


def pick(choice: Choice, zone: str, moves: Sequence[Move]) -> Choice:
    """What picking ``zone`` means after ``choice`` (:data:`NOTHING` at first), among
    ``moves``.

    Picking the last place picked again keeps only the moves complete there (so a place
    that both completes a move and begins others reaches the first); a place that fits no
    move after the others starts afresh from it; any other place already picked, or a
    place no move begins at, clears the choice (:data:`NOTHING`).
    """
    points = choice.points
    if points and zone == points[-1]:
        if not choice.complete:
            return NOTHING
        return Choice(points, choice.complete, choice.complete, frozenset())
    if zone in points:
        return NOTHING
    # a move that fits the places with this one fits them without it: look among the
    # moves still in the choice
    among = choice.candidates if points and choice.targets else moves
    return _consider((*points, zone), among) or (
        _consider((zone,), moves) if points else None) or NOTHING


def walkable(choice: Choice, moves: Iterable[Move]) -> set[str]:
    """The places the cursor may stand on: where picking may begin, or, once places are
    picked, the places that may come next and the last one (to pick it again)."""
    if not choice.points:
        return start_places(moves)
    return set(choice.targets) | {choice.points[-1]}


__all__ = ["ENDING", "NOTHING", "ONE_PLACE", "Choice", "Way", "pick", "placeless",
           "places_of", "start_places", "walkable", "ways"]
