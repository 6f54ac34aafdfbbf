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
   Musical, :mod:`rules.sequels`).
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

from ..cards import RANK_WORDS, Card, rank_of
from ..description import CADOGAN, Description
from ..game import Move
from ..patience import COLUMN, Patience, Pile, Step, Table
from ..registry import register
from ..sequels import CARDS, GATHERING, TAKEUP, TURNED, lie, place_said, play_round, round_steps
from ..shape import MOVE, TURN

DONE = TAKEUP + 1
STEPS = ("gather", "turn", "rows", "every second, third, fourth card", "turn the packets",
         "done")
M, PACK, R = 0, 4, 5  # where the packets, the cards in hand and the row lie


def calcul_ranks(step: int) -> tuple[int, ...]:
    """The ranks of a finished Le Calcul foundation built by ``step``, base first."""
    return tuple((step * k - 1) % 13 + 1 for k in range(1, 14))


@register
class LeCalculSequel(Patience):
    description = Description(
        id="le_calcul_sequel", title="Le Calcul, the sequel (a trick)", book=CADOGAN,
        lines="959-984", skill="chance", bound=60, chance=True)
    facts = (("step", lambda g, t: STEPS[g.mark(t, "phase")]),)
    #: The step under way, and the cards of the rounds put down so far.
    marks = ("phase", "put")
    gives_up = False

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"m{i + 1}", "foundation", f"the {RANK_WORDS[i + 1]} packet",
                       "foundations") for i in range(4)),
                Pile("pack", "stock", "the cards in hand", face=COLUMN),
                *(Pile(f"r{i + 1}", "pile", f"place {i + 1}",
                       "upper row" if i < 7 else "lower row", COLUMN) for i in range(13)))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        """A finished Le Calcul: each place takes the next card of its rank in ``cards``."""
        pools: dict[int, list[Card]] = {}
        for c in cards:
            pools.setdefault(rank_of(c), []).append(c)
        return self.table({f"m{s}": [pools[r].pop(0) for r in calcul_ranks(s)]
                           for s in (1, 2, 3, 4)})

    def laid(self, t: Table, i: int) -> bool:
        """The row of places is on the table once dealt."""
        return i < R or self.mark(t, "phase") >= CARDS

    def steps(self, t: Table) -> list[Step]:
        phase = self.mark(t, "phase")
        if phase == GATHERING:  # the right-most packet left on the one before it
            k = sum(1 for p in t.piles[M:PACK] if p) - 1
            if k == 1:  # the first packet, the second on it, is now the hand
                return [Step("g", MOVE, M, PACK, len(t.piles[M]))]
            return [Step("g", MOVE, M + k, M + k - 1, len(t.piles[M + k]))]
        if phase == TAKEUP:
            return [Step("u", TURN, R)]
        return round_steps(self, t, PACK, R)

    def play(self, state: Table, move: Move) -> Table:
        s, t = self.step(state, move), state
        if move.code == "g" and s.target == PACK:
            t = self.carry(self.carry(t, Step("", MOVE, M + 1, M, len(t.piles[M + 1]))),
                           Step("", MOVE, M, PACK, len(t.piles[M]) + len(t.piles[M + 1])))
            t = self.marked(t, phase=TURNED)
        elif move.code == "g":
            t = self.carry(t, s)
        elif move.code == "u":
            t = self.marked(t, phase=DONE)
        else:
            t = play_round(self, t, s, PACK, R)
        phase = self.mark(t, "phase")
        up = [PACK] if phase in (GATHERING, TURNED) else list(range(R, R + 13)) \
            if phase == DONE else []
        return lie(self, t, up, [i for i in (PACK, *range(R, R + 13)) if i not in up])

    def won(self, state: Table) -> bool:
        return self.mark(state, "phase") == DONE and all(
            len(p) == 4 and all(rank_of(c) == i + 1 for c in p)
            for i, p in enumerate(state.piles[R:]))

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return "the thirteen packets hold four aces, four deuces ... four kings"
        return "the packets are not arranged by value: the foundations were not in order"

    def say(self, state: Table, move: Move) -> str:
        if move.code == "g":
            k = sum(1 for p in state.piles[M:PACK] if p)
            nth = ("", "first", "second", "third", "fourth")
            return f"place the {nth[k]} packet on the {nth[k - 1]}"
        if move.code == "t":
            return "turn the cards to deal, the ace packet uppermost"
        if move.code == "r":
            return "deal thirteen cards in two rows, face down"
        if move.code == "c":
            return place_said(self, state, {2: "alternate", 3: "third", 4: "fourth"},
                              "deal")
        return "turn the packets up"


__all__ = ["LeCalculSequel", "calcul_ranks"]
