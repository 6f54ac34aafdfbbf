"""What the solver knows about Sympathy and Sympathie (:mod:`rules.twins`).

Under the exact rule (a card pairs only with its twin) each seat holds one copy of every
card, so a turned card can pair with one face-up card at most, and no card a seat turns
can take away a partner's card that another of her packets needed. Within a turn the
order in which she turns her packets therefore changes nothing but the order of the
cards thrown out: every order ends the turn in the same position. Hence:

- :func:`safe_moves`: under the exact rule any legal move is safe (the search plays the
  first and a deal is decided by playing it out);
- :func:`solver_key`: the cards thrown out are what is not on the table, so the key
  leaves them (and their order) out;
- :func:`deal_winnable`, the closed form: a pair can be thrown out only when both twins
  lie on top, so the twins of a card must each be uncovered first. Draw an arrow from a
  card to every card lying above it (in either seat's packet); the deal can be cleared
  exactly when this graph has no cycle: twins buried under each other in a ring.
  The tests check this against the search (playing out, and searching every order on
  smaller deals), and the search against plain exhaustive search on tiny deals.
"""

from __future__ import annotations

from collections.abc import Hashable

from .cards import Card, identity
from .game import Move
from .twins import OPENING, TwinRules, TwinState, legal_moves


def solver_key(state: TwinState) -> Hashable:
    return (state.piles, state.up, state.grace, state.grace_state, state.phase,
            state.to_move, state.flipped, state.chain, state.pending, state.won)


def safe_moves(rules: TwinRules, state: TwinState) -> tuple[Move, ...]:
    if rules.match != "exact":
        return ()
    return legal_moves(state, state.to_move)[:1]


def buried_cycle(piles: tuple[tuple[tuple[Card, ...], ...], ...]) -> bool:
    """Whether twins lie under each other in a cycle (see the module doc)."""
    above: dict[Card, set[Card]] = {}
    for side in piles:
        for pile in side:
            for i, c in enumerate(pile):
                above.setdefault(identity(c), set()).update(identity(d) for d in pile[i + 1:])
    done: set[Card] = set()
    for root in above:
        if root in done:
            continue
        on_path = {root}
        stack = [(root, iter(above[root]))]
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                stack.pop()
                on_path.discard(node)
                done.add(node)
            elif nxt in on_path:
                return True
            elif nxt not in done:
                on_path.add(nxt)
                stack.append((nxt, iter(above.get(nxt, ()))))
    return False


def deal_winnable(rules: TwinRules, state: TwinState) -> bool | None:
    """The closed form for a fresh deal under the exact rule; ``None`` elsewhere.

    Not under Sympathy's literal grace rule (a grace only for a player with no face-up
    card): there a stall can find no grace that may be played although no cycle
    blocks the deal, and the search (which then decides) finds most such deals lost.
    """
    if rules.match != "exact" or rules.grace == "literal" or state.phase != OPENING \
            or state.out != ((), ()):
        return None
    hands = [sorted(identity(c) for c in (*(c for p in side for c in p), state.grace[i]))
             for i, side in enumerate(state.piles)]
    if hands[0] != hands[1]:
        return False  # a reduced deal: some card has no twin on the other side
    return not buried_cycle(state.piles)


__all__ = ["buried_cycle", "deal_winnable", "safe_moves", "solver_key"]
