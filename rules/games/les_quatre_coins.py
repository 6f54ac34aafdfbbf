"""Les Quatre Coins, from Cadogan's *Illustrated Games of Patience*. **The figure that
placed the foundations beside the side packets is lost: the placing here is a
stand-in.**

Source: ``001_6a582ee13e12f2a9.txt`` l.361-450; rule sheet ``shared/games/cadogan.md``,
section Les Quatre Coins. Her terms are :mod:`rules.cadogan`'s.

Two packs. "Deal out twelve cards as in tableau, beginning on the left. Place the top
corner card, then the four side cards, lastly the lower corner card; repeat this process
on the right hand ... leaving space in the centre for the foundation cards. These will
consist of four aces and four kings of different suits, the aces ascending in sequence to
kings, and the kings descending in sequence to aces" (l.379-391); "each foundation must
follow suit" (Rule II). The whole pack is dealt in rounds covering the first; "the eight
foundation cards, as they appear in the deal ... are to be at once played ..., and on these
may be played any suitable cards which in dealing fall on either of the four corner
packets; but when a card (otherwise suitable) falls on either of the side packets, it may
not be played unless the foundation to which it belongs happens to be the one immediately
adjoining the side packet on which that card fell in dealing. Note. Whenever in dealing a
card is withdrawn, to place on one of the foundations, the next card in the pack is
placed in its stead" (l.393-416). "After the entire deal is completed these restrictions
cease, all suitable cards may now be played, subject to Rule I. [the uppermost card of
each packet], and marriages, both in ascending and descending lines, may be made with
cards on the surface of the twelve packets" (l.418-424). "When all possible combinations
have been made, and further progress is impossible, the twelve packets may be taken up in
order, beginning on the left, re-dealt, and played exactly as before. If necessary, there
may be two re-deals" (l.444-450).

Readings (the sheet's PROPOSED readings unless said otherwise):

- **Stand-in for the lost figure** (amb. 1): the foundations lie in two columns of four
  between the packets, each row beside one left and one right side packet; the left
  column holds the four ace foundations, the right the four king foundations, suits from
  the top ♥ ♠ ♦ ♣ (the order of the Terms, l.51). So the k-th left side packet adjoins the
  ace foundation of the k-th suit, the k-th right side packet its king foundation; corner
  packets adjoin none. Option ``left_column``: ``kings`` puts the kings on the left.
- Packets 1-12 in dealing order: left top corner, left sides from the top, left lower
  corner, then the same on the right.
- The first ace (king) of a suit to appear begins its foundation; its twin is an
  ordinary card (amb. 2). When both foundations of a suit take a card (the ace one at
  the four, the king one at the six: a five), it may go on either, the player's choice;
  in the deal a side card may go on its adjoining foundation even when the other one of
  its suit takes it too.
- During the deal only the card just dealt may be played, and only as above (amb. 3,
  strict); the foundation cards themselves go up at once (amb. 4). ``n`` deals on until a
  card falls that may be played (or the pack is out); playing it puts the next card on the
  same packet.
- After the deal: the top card of any packet goes to its foundation or is married onto
  another top card of its suit one higher or lower, one card at a time, not straight
  back. An emptied packet stays empty.
- Re-deals (G9): when no card can be played on a foundation (marriages may remain), the
  packets are taken up in order from the left, each face up on those before, and the
  stack turned down, so the first packet's bottom card is dealt first; dealt and played
  exactly as before, restrictions included. Two re-deals.
- Won when all 104 cards are on the foundations; lost when no move is left (``end``
  gives up).

Moves, in order: during the deal ``c<i>>f<j>`` (the card just dealt) and ``n``; after it
``c<i>>f<j>``, ``c<i>>c<k>``, ``redeal``, ``end``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar

from ..cadogan import ACES_UP, KINGS_DOWN, Foundation, marries, takers, to_play
from ..cards import CLUBS, DIAMONDS, HEARTS, SPADES, SUIT_SYMBOLS, Card, name
from ..description import CADOGAN, Description
from ..game import Move, Option
from ..patience import DOWN, FOUNDATION, HOME, SHELL, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import DEAL, OTHER, REDEAL

PACKETS = 12
ROW_SUITS = (HEARTS, SPADES, DIAMONDS, CLUBS)
#: The foundation each side packet adjoins (corners: none).
ADJOINS = {1: 0, 2: 1, 3: 2, 4: 3, 7: 4, 8: 5, 9: 6, 10: 7}
LABELS = ("left top corner", "left side 1", "left side 2", "left side 3", "left side 4",
          "left lower corner", "right top corner", "right side 1", "right side 2",
          "right side 3", "right side 4", "right lower corner")
C, P = 8, 8 + PACKETS  # where the packets and the pack lie
Cards = tuple[Card, ...]


def kinds_for(left: str) -> tuple[Foundation, ...]:
    a = tuple(Foundation(ACES_UP.base, ACES_UP.step, suit=s) for s in ROW_SUITS)
    k = tuple(Foundation(KINGS_DOWN.base, KINGS_DOWN.step, suit=s) for s in ROW_SUITS)
    return a + k if left == "aces" else k + a


def dealing(game: Patience, t: Table) -> bool:
    """Whether the deal is under way (the public fact ``dealing``)."""
    return not game.mark(t, "dealt")


@register
class LesQuatreCoins(Patience):
    description = Description(
        id="les_quatre_coins",
        title="Les Quatre Coins (figure lost: aces left, kings right, a stand-in)",
        book=CADOGAN, lines="361-450, 1-65", skill="some", bound=None, packs=2)
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("left_column", "aces", "aces: the ace foundations beside the left side "
               "packets and the kings beside the right (the stand-in); kings: the other way "
               "round", choices=("aces", "kings")),
    )
    #: Two re-deals, "in addition to the original deal" (l.444-450, l.65).
    redeals_allowed = 2
    redeal_takes_up = False
    facts = (("pack", size("pack")), ("dealing", dealing), ("redeals_left", SHELL),
             ("on_foundations", HOME))
    home_words, won_words = "on the foundations", "are on the foundations"
    no_straight_back = True
    #: ``dealt``: the deal is over; ``at``: the packet that takes the next card dealt;
    #: ``pending``: 1 + the packet where the card just dealt lies, when it may be played.
    marks = ("dealt", "at", "pending")

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self.kinds = kinds_for(str(self.options["left_column"]))

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"f{j + 1}", FOUNDATION, self.found_label(j), "foundations")
                  for j in range(8)),
                *(Pile(f"c{i + 1}", "pile", LABELS[i], "left" if i < 6 else "right")
                  for i in range(PACKETS)),
                Pile("pack", "stock", "the pack", face=DOWN))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        return self.deal_on(self.table({"pack": cards[::-1]}))

    def allowed(self, p: int, j: int) -> bool:
        """A card falling on packet ``p`` may go on foundation ``j`` during the deal."""
        side = ADJOINS.get(p)
        return side is None or side == j

    def targets(self, found: Sequence[Cards], c: Card) -> list[int]:
        """Every foundation under way that takes ``c`` now. Both foundations of a suit
        take the same card when they are one step from meeting (the ace foundation at
        the four, the king foundation at the six: a five goes on either), and which of
        them gets it is the player's choice: the other then wants the twin. A foundation
        not yet begun is never offered here (its base goes up as it appears)."""
        return [j for j in takers(self.kinds, found, c) if found[j]]

    def deal_targets(self, found: Sequence[Cards], p: int, c: Card) -> list[int]:
        """The foundations that ``c``, falling on packet ``p`` in the deal, may go on: any
        that takes it from a corner, from a side packet only the adjoining one
        (l.400-412), even when the other foundation of its suit takes it too."""
        return [j for j in self.targets(found, c) if self.allowed(p, j)]

    def deal_on(self, t: Table) -> Table:
        """Deal until a card falls that may be played, or the pack is out; foundation
        cards go up at once and the next card takes their place."""
        found, packets = list(t.piles[:C]), list(t.piles[C:P])
        pack, at, pending = t.piles[P], self.mark(t, "at"), -1
        while pack:
            c, pack = pack[-1], pack[:-1]
            j = to_play(self.kinds, found, c)
            if j >= 0 and not found[j]:
                found[j] = (c,)
                continue
            packets[at] = (*packets[at], c)
            p, at = at, (at + 1) % PACKETS
            if j >= 0 and self.deal_targets(found, p, c):
                pending = p
                break
        t = replace(t, piles=(*found, *packets, pack), down=(0,) * P + (len(pack),),
                    back=None)
        return self.marked(t, at=at, pending=pending + 1, dealt=int(not pack and pending < 0))

    def steps(self, t: Table) -> list[Step]:
        fams, packets = self.families(t), t.piles[C:P]
        if dealing(self, t):
            out = []
            if (p := self.mark(t, "pending") - 1) >= 0:
                out += [Step(f"c{p + 1}>f{j + 1}", source=C + p, target=j)
                        for j in self.deal_targets(fams, p, packets[p][-1])]
            # the deal on goes from the pack to places its cards decide (a foundation
            # card goes up at once): its shape names the pack alone; with the pack out
            # it only ends the deal, moving no card
            return [*out, Step("n", DEAL if t.piles[P] else OTHER, P)]
        ups = [Step(f"c{i + 1}>f{j + 1}", source=C + i, target=j)
               for i, p in enumerate(packets) if p for j in self.targets(fams, p[-1])]
        tops = [(i, p[-1]) for i, p in enumerate(packets) if p]
        out = [*ups, *(Step(f"c{i + 1}>c{k + 1}", source=C + i, target=C + k)
                       for i, c in tops for k, d in tops if k != i and marries(c, d, "both"))]
        if not ups and self.may_redeal(t):
            out.append(Step("redeal", REDEAL, C, P))
        return out

    def goes_home(self, t: Table, pile: int) -> bool | None:
        if not C <= pile < P:
            return None
        p, fams = t.piles[pile], self.families(t)
        if not p:
            return False
        if dealing(self, t):  # only the card just dealt, if it may be played
            return pile - C == self.mark(t, "pending") - 1 \
                and bool(self.deal_targets(fams, pile - C, p[-1]))
        return bool(self.targets(fams, p[-1]))

    def offers_end(self, t: Table) -> bool:
        return not dealing(self, t)

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        if s.code == "n":
            return self.deal_on(self.marked(state, pending=0))
        after = super().play(state, move)
        if s.target < C and dealing(self, state):  # the next card is placed in its stead
            return self.marked(after, at=s.source - C, pending=0)
        return after

    def special(self, t: Table, step: Step) -> Table:
        """The re-deal: the packets taken up in order, each on those before, the stack
        turned down (the first packet's bottom card dealt first), and dealt as before."""
        order = tuple(c for p in t.piles[C:P] for c in p)
        laid = replace(t, piles=(*t.piles[:C], *((),) * PACKETS, order[::-1]),
                       redeals=self.redeal_number(t))
        return self.deal_on(self.marked(laid, dealt=0, at=0, pending=0))

    def found_label(self, j: int) -> str:
        side = "left" if j < 4 else "right"
        kind = "ace" if (j < 4) == (self.options["left_column"] == "aces") else "king"
        return f"{SUIT_SYMBOLS[ROW_SUITS[j % 4]]} {kind} foundation ({side}, row {j % 4 + 1})"

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        if s.code == "n":
            return "deal on" if t.piles[P] else "end the deal"
        if s.kind == REDEAL:
            return f"take up the packets in order and deal them again {self.redeal_of(t)}"
        c = t.piles[s.source][-1]
        a = LABELS[s.source - C]
        if s.target < C:
            return f"play {name(c)} from the {a} on the {self.found_label(s.target)}"
        return f"marry {name(c)} from the {a} to {name(t.piles[s.target][-1])} on the " \
            f"{LABELS[s.target - C]}"
