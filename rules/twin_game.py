"""The :class:`~rules.game.Game` shell shared by Sympathy and Sympathie.

Each book's module subclasses :class:`TwinGame` and says, in :meth:`TwinGame.rules`,
which reading of its text the machinery in :mod:`rules.twins` follows.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from . import prng, solver_twins, twins
from .cards import Card, standard_pack
from .game import Audience, Game, Move, Option, Outcome, Seat, Zone
from .shape import TURN, Shape
from .twins import TwinRules, TwinState

PACKETS = Option(
    "packets", 17,
    "packets of three per player (17 uses the whole pack; fewer play a reduced deal, "
    "as the rule sheets' hand-made test deals do)",
    minimum=1, maximum=17,
)


class TwinGame(Game[TwinState]):
    """Two seats, each with her own pack (each module's description says packs=2,
    two seat names and the ``twins`` layout)."""

    def rules(self) -> TwinRules:
        raise NotImplementedError

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self._rules = self.rules()

    @property
    def packets(self) -> int:
        return int(self.option("packets"))

    def deal(self, seed: int) -> TwinState:
        """Each seat shuffles her own pack: pack 0 with stream 0, pack 1 with stream 1."""
        hands = tuple(prng.shuffle(seed, standard_pack(p), stream=p) for p in (0, 1))
        return self.layout(hands[0] + hands[1], seed)

    def layout(self, cards: tuple[Card, ...], seed: int) -> TwinState:
        """``cards`` is seat 0's pack then seat 1's; each uses 3 * packets + 1 of its 52."""
        if len(cards) != 104:
            n = 3 * self.packets + 1
            if len(cards) != 2 * n:
                raise ValueError(f"expected 104 or {2 * n} cards, got {len(cards)}")
            hands = (cards[:n], cards[n:])
        else:
            hands = (cards[:52], cards[52:])
        return twins.new_state(self._rules, hands, self.packets)

    def to_move(self, state: TwinState) -> tuple[Seat, ...]:
        return () if state.phase == twins.OVER else (state.to_move,)

    def legal_moves(self, state: TwinState, seat: Seat) -> tuple[Move, ...]:
        return twins.legal_moves(state, seat)

    def apply_unchecked(self, state: TwinState, move: Move) -> TwinState:
        return twins.apply(self._rules, state, move)

    def outcome(self, state: TwinState) -> Outcome | None:
        return twins.outcome(state, 3 * self.packets + 1)

    def zones(self, state: TwinState) -> tuple[Zone, ...]:
        return twins.zones(state, self.seat_names)

    def public(self, state: TwinState) -> dict[str, Any]:
        return twins.public(state, self.seat_names)

    def hidden_count(self, state: TwinState) -> int:
        return twins.hidden_count(state)

    def shape(self, state: TwinState, move: Move, seat: Seat, audience: Audience) -> Shape:
        """Read from the code, not from the move played. Turning a card (``open``,
        ``t<i>``, ``g``) is a ``turn`` of that packet (of the first, for ``open``) or
        of the grace, whatever the card turns out to be: the default, which plays the
        move, named the partner's card a face-down card was about to pair with (so its
        twin, before it was turned) and cost a view some 70 ms a state. A choice
        (``c<j>``, ``cg``) pairs face-up cards only: the default's reading."""
        code, who = move.code, self.seat_names[seat]
        if code == "open":
            return Shape(TURN, f"{who}1")
        if code == "g":
            return Shape(TURN, f"{who}.grace")
        if code.startswith("t"):
            return Shape(TURN, f"{who}{code[1:]}")
        return super().shape(state, move, seat, audience)

    def describe(self, state: TwinState, move: Move) -> str:
        return twins.describe(state, move, self.seat_names)

    def narrate(self, before: TwinState, move: Move, after: TwinState) -> str:
        return twins.narrate(before, move, after, self.seat_names)

    # -- what the solver may use (rules/solver.py; reasons in rules/solver_twins.py) --

    def solver_key(self, state: TwinState) -> Hashable:
        return solver_twins.solver_key(state)

    def safe_moves(self, state: TwinState) -> tuple[Move, ...]:
        return solver_twins.safe_moves(self._rules, state)

    def closed_form(self, state: TwinState) -> bool | None:
        return solver_twins.deal_winnable(self._rules, state)

    def why_illegal(self, state: TwinState, move: Move, seat: Seat) -> str:
        if state.phase == twins.OPENING:
            return f"{self.seat_name(seat)} must first turn up the tops of all her packets."
        if state.phase == twins.GRACE:
            return f"{self.seat_name(seat)} is stalled and must turn up her grace card."
        if state.phase == twins.CHOOSE:
            return "Choose which of your partner's corresponding cards to throw out."
        if state.chain >= 0:
            return f"After a pairing you must go on with packet {state.chain + 1}."
        return f"'{move.code}' is not a packet with a face-down top card."
