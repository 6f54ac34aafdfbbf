"""Le Calcul, the sequel: a trick on a finished Le Calcul, from Cadogan's *Illustrated
Games of Patience*.

Source: ``001_6a582ee13e12f2a9.txt`` l.959-984 (Le Calcul is l.878-958,
:mod:`rules.games.le_calcul`); rule sheet ``shared/games/cadogan.md``, section Le Calcul,
variant (b). "If this game should succeed, a sequel to it may be made as follows":

1. ``g`` (three times): "Take up the four foundation packets in order, placing the fourth
   on the third, the third on the second, and the second on the first" (l.961-963).
2. ``t``: "so that, on turning the cards to deal, the ace packet is uppermost"
   (l.963-964).
3. ``r``: "Deal out thirteen cards in two horizontal rows, face downwards" (l.965-967);
   the figure is lost: seven above, six below is this module's drawing, nothing more.
4. ``c`` (39 times): "a second round, beginning on the second card, and continuing on
   every alternate card till all are covered; next ... a third round, beginning on the
   third, and continuing on every third card; next a fourth round, beginning on the
   fourth, and continuing on every fourth card, each round finishing on the thirteenth
   card" (l.969-980). Going over the places by ``k`` from place ``k`` and round again
   visits every place once and ends on the thirteenth (the order of Cheney's A Sequel to
   Musical, whose table this module shares).
5. ``u``: "Then turn the packets, and the cards will be found arranged, all of the same
   value together four aces, four deuces, &c." (l.982-984).

The deal is a finished Le Calcul: the four foundations A, 2, 3, 4 built by ones, twos,
threes and fours to the kings (l.898-921), the suits as the shuffle gives them (the
foundations "do not follow suit"). Every step is forced, so the trick always comes out:
it is won when the thirteen packets, turned up, each hold four cards of one value, the
first the aces and the thirteenth the kings (the sheet verified this by script; the
tests play it). Legal moves: the one step, then ``auto``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..cards import RANK_WORDS, Card, rank_of
from ..description import CADOGAN, Description
from ..game import Move, Zone
from ..registry import register
from ..solo import SoloGame, open_zone
from .sequel_to_musical import PLACES

GATHER, TURN, ROW, CARD, UP = (Move(c) for c in ("g", "t", "r", "c", "u"))
GATHERING, TURNED, ROWS, CARDS, TAKEUP, DONE = range(6)


def calcul_ranks(step: int) -> tuple[int, ...]:
    """The ranks of a finished Le Calcul foundation built by ``step``, base first."""
    return tuple((step * k - 1) % 13 + 1 for k in range(1, 14))


@dataclass(frozen=True, slots=True)
class CalculSequelState:
    phase: int
    #: The four foundation packets, bottom to top (kings on top).
    piles: tuple[tuple[Card, ...], ...]
    #: The cards in hand, bottom to top (face up while gathered, then face down).
    pack: tuple[Card, ...] = ()
    #: The thirteen places, bottom to top.
    row: tuple[tuple[Card, ...], ...] = ()
    put: int = 0


@register
class LeCalculSequel(SoloGame[CalculSequelState]):
    description = Description(
        id="le_calcul_sequel", title="Le Calcul, the sequel (a trick)", book=CADOGAN,
        lines="959-984", skill="chance", bound=60, chance=True)

    def layout(self, cards: tuple[Card, ...], seed: int) -> CalculSequelState:
        """A finished Le Calcul: each place takes the next card of its rank in ``cards``."""
        pools: dict[int, list[Card]] = {}
        for c in cards:
            pools.setdefault(rank_of(c), []).append(c)
        piles = tuple(tuple(pools[r].pop(0) for r in calcul_ranks(s)) for s in (1, 2, 3, 4))
        return CalculSequelState(GATHERING, piles)

    def moves(self, state: CalculSequelState) -> tuple[Move, ...]:
        step = {GATHERING: GATHER, TURNED: TURN, ROWS: ROW, CARDS: CARD, TAKEUP: UP}
        return (step[state.phase],) if state.phase in step else ()

    def play(self, state: CalculSequelState, move: Move) -> CalculSequelState:
        if move == GATHER:
            # the right-most packet left goes on the one before it (face up, on top)
            k = sum(1 for p in state.piles if p) - 1
            piles = list(state.piles)
            piles[k - 1], piles[k] = piles[k - 1] + piles[k], ()
            st = replace(state, piles=tuple(piles))
            return st if k > 1 else replace(st, phase=TURNED, pack=piles[0],
                                            piles=((),) * 4)
        if move == TURN:
            # turned face down: the bottom card of the ace packet is now on top
            return replace(state, pack=tuple(reversed(state.pack)), phase=ROWS)
        if move == ROW:
            first = state.pack[-13:][::-1]
            return replace(state, pack=state.pack[:-13], row=tuple((c,) for c in first),
                           phase=CARDS)
        if move == CARD:
            at = PLACES[state.put][0] - 1
            row = list(state.row)
            row[at] += (state.pack[-1],)
            put = state.put + 1
            return replace(state, pack=state.pack[:-1], row=tuple(row), put=put,
                           phase=CARDS if put < len(PLACES) else TAKEUP)
        return replace(state, phase=DONE)

    def won(self, state: CalculSequelState) -> bool:
        return state.phase == DONE and all(
            len(p) == 4 and all(rank_of(c) == i + 1 for c in p)
            for i, p in enumerate(state.row))

    def summary(self, state: CalculSequelState, won: bool) -> str:
        if won:
            return "the thirteen packets hold four aces, four deuces ... four kings"
        return "the packets are not arranged by value: the foundations were not in order"

    def zones(self, state: CalculSequelState) -> tuple[Zone, ...]:
        out = [open_zone(f"m{i + 1}", "foundation", p, f"the {RANK_WORDS[i + 1]} packet",
                         "foundations") for i, p in enumerate(state.piles)]
        out.append(Zone("pack", "stock", state.pack,
                        len(state.pack) if state.phase in (GATHERING, TURNED) else 0,
                        label="the cards in hand"))
        up = state.phase == DONE
        out += [Zone(f"r{i + 1}", "pile", p, len(p) if up else 0, label=f"place {i + 1}",
                     group="upper row" if i < 7 else "lower row")
                for i, p in enumerate(state.row)]
        return tuple(out)

    def public(self, state: CalculSequelState) -> dict[str, Any]:
        return {"step": ("gather", "turn", "rows", "every second, third, fourth card",
                         "turn the packets", "done")[state.phase]}

    def say(self, state: CalculSequelState, move: Move) -> str:
        if move == GATHER:
            k = sum(1 for p in state.piles if p)
            nth = ("", "first", "second", "third", "fourth")
            return f"place the {nth[k]} packet on the {nth[k - 1]}"
        if move == TURN:
            return "turn the cards to deal, the ace packet uppermost"
        if move == ROW:
            return "deal thirteen cards in two rows, face down"
        if move == CARD:
            at, k = PLACES[state.put]
            every = {2: "alternate", 3: "third", 4: "fourth"}[k]
            return f"deal a card on place {at} (every {every} card)"
        return "turn the packets up"


__all__ = ["LeCalculSequel", "calcul_ranks"]
