"""A small round game for the server's tests: Toy Snap (registered only while a test asks).

It has what the round games of the Vintage pages ask of the server, in few moves: 2-4
seats, each with a private hand the seat's own moves name (``"p3h"`` plays the three of
hearts); a match of ``deals`` deals with scores and a history; a call that races
(``"snap0"``: North calls); a pending call settled by the table's clock after ``tie_ms``
unless the other owner calls too (a tie); with ``auto_turn`` the clock also turns each
seat's card at ``pace_ms``.

The pack is the 16 cards ace to four. Seats play in turn from the left of the dealer,
each card face up onto their own pile; when two piles show the same rank, their owners
may call. The first call wins the piles for its caller (a point) once the tie window has
passed; a second call within it is a tie (the piles go to nobody). Without ``ties`` the
first call wins at once and a second is too late. A deal ends when every
hand is empty; the match when ``deals`` deals are over (most points win).

:func:`toy_registered` registers it for the length of a ``with`` block; servers started
in other processes load it with :func:`register_toy` (``tests/kit/processes.py``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from rules import Game, Move, Outcome, Zone, register
from rules import registry as _registry
from rules.cards import Card, card, code, name, rank_of
from rules.description import VINTAGE, Description
from rules.game import Option, Seat, players_option
from rules.prng import shuffle

ID = "toy_snap"
PACK: tuple[Card, ...] = tuple(card(r, s) for s in range(4) for r in range(1, 5))


@dataclass(frozen=True, slots=True)
class ToyState:
    seed: int
    deal: int
    dealer: Seat
    hands: tuple[tuple[Card, ...], ...]
    piles: tuple[tuple[Card, ...], ...]
    won: tuple[Card, ...]
    turn: Seat
    pending: Seat | None
    scores: tuple[int, ...]
    history: tuple[tuple[str, tuple[int, ...]], ...] = ()
    over: bool = False


class ToySnap(Game[ToyState]):
    description = Description(
        id=ID, title="Toy Snap (tests only)", book=VINTAGE, lines="228-232", skill="chance",
        bound=200, seat_names=("North", "East", "South", "West"), cooperative=False,
        moves_public=False, seats_range=(2, 4), realtime=True, layout="round")
    option_specs: ClassVar[tuple[Option, ...]] = (
        players_option(2, 4, 2),
        Option("deals", 2, "Deals in a match.", minimum=1, maximum=9),
        Option("tie_ms", 50, "The tie window of a call (ms).", minimum=0, maximum=60_000),
        Option("pace_ms", 1500, "The pace of turning (ms).", minimum=0, maximum=10_000),
        Option("auto_turn", False, "The table turns each seat's card at the pace."),
        Option("ties", True, "A second call within the tie window makes a tie; without "
               "ties the first call wins the piles at once."),
    )

    def pack(self) -> tuple[Card, ...]:
        return PACK

    def layout(self, cards: tuple[Card, ...], seed: int) -> ToyState:
        n = self.seats
        return self._dealt(ToyState(seed, 1, n - 1, (), (), (), 0, None, (0,) * n), cards)

    def _dealt(self, state: ToyState, cards: tuple[Card, ...]) -> ToyState:
        n = self.seats
        first = (state.dealer + 1) % n
        hands = tuple(tuple(cards[i] for i in range(len(cards)) if (first + i) % n == s)
                      for s in range(n))
        return replace(state, hands=hands, piles=((),) * n, won=(), turn=first,
                       pending=None)

    # -- play -----------------------------------------------------------------------

    def _callers(self, state: ToyState) -> tuple[Seat, ...]:
        tops = [rank_of(p[-1]) if p else 0 for p in state.piles]
        return tuple(s for s, r in enumerate(tops) if r and tops.count(r) > 1)

    def _plays(self, state: ToyState) -> bool:
        return not self.option("auto_turn") and state.pending is None \
            and bool(state.hands[state.turn])

    def to_move(self, state: ToyState) -> tuple[Seat, ...]:
        if state.over:
            return ()
        movers = {s for s in self._callers(state) if s != state.pending}
        if self._plays(state):
            movers.add(state.turn)
        return tuple(sorted(movers))

    def legal_moves(self, state: ToyState, seat: Seat) -> tuple[Move, ...]:
        if seat not in self.to_move(state):
            return ()
        moves = []
        if seat == state.turn and self._plays(state):
            moves = [Move("p" + code(c).lower()) for c in state.hands[seat]]
        if seat in self._callers(state) and seat != state.pending:
            moves.append(Move(f"snap{seat}"))
        return tuple(moves)

    def is_call(self, move: Move) -> bool:
        return move.code.startswith("snap")

    def apply_unchecked(self, state: ToyState, move: Move) -> ToyState:
        if move.code.startswith("snap"):
            seat = int(move.code[4:])
            if not self.option("ties"):
                return self._cleared(state, seat)
            if state.pending is None:
                return replace(state, pending=seat)
            return self._cleared(state, None)  # a tie: the piles go to nobody
        if move.code == "settle":
            return self._cleared(state, state.pending)
        hand = state.hands[state.turn]
        c = hand[0] if move.code == "turn" else next(
            x for x in hand if "p" + code(x).lower() == move.code)
        hands = list(state.hands)
        hands[state.turn] = tuple(x for x in hand if x != c)
        piles = list(state.piles)
        piles[state.turn] = (*piles[state.turn], c)
        after = replace(state, hands=tuple(hands), piles=tuple(piles))
        if not any(after.hands):
            return self._end_of_deal(after)
        n = self.seats
        turn = next((state.turn + k) % n for k in range(1, n + 1)
                    if after.hands[(state.turn + k) % n])
        return replace(after, turn=turn)

    def _cleared(self, state: ToyState, winner: Seat | None) -> ToyState:
        scores = list(state.scores)
        if winner is not None:
            scores[winner] += 1
        won = state.won + tuple(c for p in state.piles for c in p)
        after = replace(state, piles=((),) * self.seats, won=won, pending=None,
                        scores=tuple(scores))
        return after if any(after.hands) else self._end_of_deal(after)

    def _end_of_deal(self, state: ToyState) -> ToyState:
        if state.pending is not None:
            return state  # the call is settled first
        summary = f"deal {state.deal}: " + ", ".join(
            f"{self.seat_name(s)} {p}" for s, p in enumerate(state.scores))
        history = (*state.history, (summary, state.scores))
        if state.deal >= int(self.option("deals")):
            return replace(state, history=history, over=True)
        nxt = replace(state, deal=state.deal + 1, dealer=(state.dealer + 1) % self.seats,
                      history=history)
        return self._dealt(nxt, shuffle(state.seed, PACK, stream=state.deal + 1))

    def timer(self, state: ToyState) -> tuple[int, Seat, Move] | None:
        if state.over:
            return None
        if state.pending is not None:
            return int(self.option("tie_ms")), state.pending, Move("settle")
        if self.option("auto_turn") and state.hands[state.turn]:
            return int(self.option("pace_ms")), state.turn, Move("turn")
        return None

    def outcome(self, state: ToyState) -> Outcome | None:
        if not state.over:
            return None
        best = max(state.scores)
        winners = tuple(s for s, p in enumerate(state.scores) if p == best)
        names = " and ".join(self.seat_name(s) for s in winners)
        return Outcome(True, f"{names} win{'s' if len(winners) == 1 else ''} the match "
                       f"with {best} point(s)", winners)

    # -- what the table shows ---------------------------------------------------------

    def zones(self, state: ToyState) -> tuple[Zone, ...]:
        out = []
        for s in range(self.seats):
            name_ = self.seat_name(s)
            out.append(Zone(f"hand{s}", "hand", state.hands[s], up=len(state.hands[s]),
                            owner=s, private=True, label=name_))
            out.append(Zone(f"pile{s}", "pile", state.piles[s], up=len(state.piles[s]),
                            owner=s, label=f"{name_}'s pile"))
        out.append(Zone("won", "discard", state.won, label="won"))
        return tuple(out)

    def public(self, state: ToyState) -> dict[str, Any]:
        return {"match": {"deal": state.deal, "dealer": state.dealer,
                          "scores": list(state.scores), "score_label": "points",
                          "target": None,
                          "history": [{"deal": k + 1, "summary": s, "scores": list(p)}
                                      for k, (s, p) in enumerate(state.history)]},
                "turn": state.turn, "pending": state.pending}

    def describe(self, state: ToyState, move: Move) -> str:
        if move.code.startswith("snap"):
            return f"{self.seat_name(int(move.code[4:]))} calls Snap!"
        if move.code == "settle":
            return "the call is settled"
        return f"{self.seat_name(state.turn)} turns up a card"

    def narrate(self, before: ToyState, move: Move, after: ToyState) -> str:
        if move.code.startswith("snap"):
            seat = int(move.code[4:])
            if not self.option("ties"):
                return f"{self.seat_name(seat)} calls Snap! and wins the piles"
            if before.pending is None:
                return f"{self.seat_name(seat)} calls Snap!"
            return f"{self.seat_name(seat)} calls too: a tie, the piles go to nobody"
        if move.code == "settle":
            return f"{self.seat_name(before.pending or 0)} wins the piles"
        c = next(x for x in before.hands[before.turn] if x not in after.hands[before.turn]) \
            if after.deal == before.deal else None
        shown = name(c) if c is not None else "a card"
        return f"{self.seat_name(before.turn)} turns up {shown}"

    def bot_move(self, view: Mapping[str, Any], seat: Seat, rand: int) -> str:
        codes = [str(m["code"]) for m in view["moves"].get(str(seat)) or ()]
        calls = [c for c in codes if c.startswith("snap")]
        return calls[0] if calls else codes[rand % len(codes)]


def register_toy() -> None:
    """Register Toy Snap (idempotent)."""
    if ID not in _registry._GAMES:
        register(ToySnap)


def unregister_toy() -> None:
    _registry._GAMES.pop(ID, None)


@contextmanager
def toy_registered() -> Iterator[None]:
    """Toy Snap is a registered game inside the block (and only there)."""
    there = ID in _registry._GAMES
    register_toy()
    try:
        yield
    finally:
        if not there:
            unregister_toy()


def matching_deal(players: int = 2, **options: Any) -> int:
    """A deal whose first two cards turned up (North's, then East's) match: a call."""
    game = ToySnap({"players": players, **options})
    for deal in range(1000):
        hands = game.deal(deal).hands
        if rank_of(hands[0][0]) == rank_of(hands[1][0]):
            return deal
    raise AssertionError("no matching deal")
