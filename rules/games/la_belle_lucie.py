"""La Belle Lucie, The House in the Wood and The House on the Hill, from Cadogan's
*Illustrated Games of Patience*.

Source: ``001_6a582ee13e12f2a9.txt`` l.66-112 (the two-pack games l.114-127); the revised
edition ``004_1393f3e63b8ea02f.txt`` l.71-84 and the Vintage pages ``002`` l.213-226 give
the same text. Rule sheet ``shared/games/cadogan.md``, sections La Belle Lucie, The House
in the Wood, The House on the Hill. Her terms (available, marriage, to play, re-deal) are
:mod:`rules.cadogan`'s.

"Deal out the entire pack in packets of three cards dealt together ... The last packet,
however, will contain but one card" (l.80-84): eighteen packets, all face up. "The
uppermost card of each packet is alone available" (Rule I, l.72-74). "The four aces, as
they become available, are to be played ... and to ascend in sequence to kings" following
suit (Rule II, l.76, l.86-93); "forming marriages in a descending line on the tableau"
(l.95-97): an available card onto the available card of its suit one higher. "When this
has been done, and [that] there are no more available cards to play, the entire tableau
may be taken up, shuffled and re-dealt (if necessary twice)" (l.108-112).

The House in the Wood (l.114-119): two packs, "the eight aces forming the foundation
cards, and double the number of packets being dealt". The House on the Hill
(l.121-127): two packs, "four aces, and four kings of different suits" as foundations
(aces up, kings down, in suit), "marriages made both in ascending and descending lines".

Readings (the sheet's PROPOSED readings unless said otherwise):

- Emptied packets are never filled (the text is silent).
- A re-deal may be taken only when no card can be *played* (put on a foundation: Cadogan's
  "to play", l.61-63), though marriages may remain (option ``redeal``: ``any`` lets the
  player re-deal at any time). The re-deal is shuffled with the re-deal's own stream, laid
  again in threes, the last packet holding what is left (one or two cards). Two re-deals,
  three deals in all (l.65: re-deals are in addition to the original deal).
- The two-pack games deal 104 cards in threes: 34 packets of three and one of two (35;
  "double the number" would be 36, which 104 cards cannot make). Their re-deals are La
  Belle Lucie's (not restated).
- The House on the Hill may mix the two directions in one packet (as the Zodiac allows,
  l.1782-1784). In the two-pack games the first ace (king) of a suit to be played starts
  that suit's foundation; its twin ends the opposite one (House on the Hill) or starts
  the second foundation of the suit (House in the Wood).
- Options (any game): ``foundations`` (``aces``, ``aces_kings``), ``marriage``
  (``descending``, ``both``), ``redeal`` (``stuck``, ``any``).
- Random play ends: ``end`` (give up) is always offered and a marriage may not be put
  straight back (:mod:`rules.open_piles`).

- With ``aces_kings`` a card may fit both foundations of its suit (a five with the ace
  foundation at the four and the king foundation at the six; an ace with the king
  foundation down to the deuce, which may start its own instead): the book leaves the
  choice to the player, and both are offered (:func:`rules.cadogan.takers`).

Moves: ``3>f`` (packet 3's card to its foundation; where two take it, the one it always
went to: the foundation under way, else the first), ``3>f<j>`` (to foundation ``j``,
1-based in the order shown, offered only when ``j`` is the other foundation that takes the
card: ``3>f5`` for the spade king foundation), ``3>5`` (marry it onto packet 5),
``redeal``, ``end``. So ``3>f`` keeps its meaning and recorded lines replay unchanged.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from ..cadogan import ACES_UP, BOTH, DESCENDING, KINGS_DOWN, marries, suited, takers
from ..cards import SUIT_SYMBOLS, Card
from ..description import CADOGAN, Description
from ..game import Move, Option
from ..open_piles import (
    families,
    home_from,
    open_tableau,
    piles,
    relay,
    say_move,
    suit_neighbours,
    threes,
    top_safe,
    top_steps,
)
from ..patience import Patience, Pile, Step, Table
from ..registry import register, variant
from ..shape import REDEAL

FOUNDATIONS = Option("foundations", "aces", "aces: every foundation an ace ascending in suit "
                     "to the king; aces_kings: half of them aces ascending, half kings "
                     "descending (The House on the Hill, l.123)",
                     choices=("aces", "aces_kings"))
MARRIAGE = Option("marriage", "descending", "descending: a card onto the one of its suit "
                  "above it (l.95-97); both: above or below (The House on the Hill, l.125)",
                  choices=("descending", "both"))
REDEAL_WHEN = Option("redeal", "stuck", "stuck: a re-deal only when no card can be played "
                     "on a foundation (l.108-112, the sheet's reading); any: whenever the "
                     "player likes", choices=("stuck", "any"))



@register
@open_tableau
class LaBelleLucie(Patience):
    description = Description(
        id="la_belle_lucie", title="La Belle Lucie", book=CADOGAN,
        lines="66-112, 1-65", skill="some", bound=None)
    option_specs: ClassVar[tuple[Option, ...]] = (FOUNDATIONS, MARRIAGE, REDEAL_WHEN)
    redeal_takes_up, irreversible_redeals = False, True
    redeals_allowed = 2

    def lay_piles(self) -> tuple[Pile, ...]:
        n = 4 * self.packs
        if self.option("foundations") == "aces":
            self.kinds = suited(ACES_UP, n)
            labels = [f"{SUIT_SYMBOLS[i % 4]} ace foundation" for i in range(n)]
            self.found_kinds: tuple[str, ...] = ("f",)
        else:
            # foundation i takes suit i % 4 (the labels below say so too): two packs give
            # each suit an ace and a king foundation; one pack gives the ace foundations
            # to spades and hearts and the king ones to diamonds and clubs, each suit one
            half = n // 2
            self.kinds = suited(ACES_UP, half) + suited(KINGS_DOWN, half, first=half)
            labels = [f"{SUIT_SYMBOLS[i % 4]} {'ace' if i < half else 'king'} foundation"
                      for i in range(n)]
            # ``f`` the foundation a card always went to, ``f<j>`` the other one that
            # takes it when there are two (the player's choice)
            self.found_kinds = ("f", *(f"f{j + 1}" for j in range(n)))
        self.line = BOTH if self.option("marriage") == "both" else DESCENDING
        self.codes = tuple(str(i + 1) for i in range((52 * self.packs + 2) // 3))
        return (*piles(self.codes, [f"packet {c}" for c in self.codes]), *families(labels))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        """Every card in packets of three, dealt together; the last packet short."""
        laid = zip((f"p{c}" for c in self.codes), threes(cards, len(self.codes)), strict=True)
        return replace(self.table(dict(laid)), seed=seed)

    #: The foundations last asked about and, per card identity, the ones that take it
    #: (the one ``f`` names first): the foundations change only when a card goes up, while
    #: the packets' tops are asked about at every move. Read once, replaced whole, keyed
    #: by the foundations it holds (see the memo of :class:`rules.solo.SoloGame`).
    _found_memo: tuple[tuple[tuple[Card, ...], ...], dict[int, tuple[int, ...]]] | None = None

    def home(self, t: Table, i: int, c: Card, kind: str) -> int:
        fams = t.piles[len(self.codes):]
        memo = self._found_memo
        if memo is None or memo[0] != fams:
            memo = self._found_memo = (fams, {})
        known = memo[1]
        takes = known.get(c & 63)
        if takes is None:
            # takers looks at suit and rank only: the twin of a card gets the same answer
            takes = takers(self.kinds, fams, c)
            # ``f`` goes where the card always went: the first foundation under way
            # that takes it, else the first (rules.cadogan.to_play)
            first = next((j for j in takes if fams[j]), takes[0] if takes else -1)
            takes = known[c & 63] = (first, *(j for j in takes if j != first)) if takes else ()
        if kind == "f":
            return takes[0] if takes else -1
        j = int(kind[1:]) - 1
        return j if j in takes[1:] else -1

    def marries(self, t: Table, c: Card, dst: int) -> bool:
        return marries(c, t.piles[dst][-1], self.line)

    def steps(self, t: Table) -> list[Step]:
        out = top_steps(t, self.codes, self.found_kinds, self.home, self.marries,
                        index=suit_neighbours(t, len(self.codes), self.line == BOTH))
        if self.may_redeal(t) and (self.option("redeal") == "any" or all(
                self.home(t, i, p[-1], "f") < 0 for i, p in enumerate(t.piles[:len(self.codes)])
                if p)):
            out.append(Step("redeal", REDEAL))
        return out

    def goes_home(self, t: Table, pile: int) -> bool:
        return home_from(t, pile, len(self.codes), self.found_kinds, self.home)

    def special(self, t: Table, step: Step) -> Table:
        """The re-deal: the packets taken up, shuffled and laid in threes again."""
        return relay(self, t, len(self.codes))

    def family_safe(self, t: Table) -> tuple[Move, ...]:
        if len(self.found_kinds) > 1:
            return ()
        return top_safe(self, t, self.codes, self.home, self.marries)

    say = say_move

    def order_moves(self, state: Table, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        """For the solver (rules/solver.py): cards to the foundations first, the book's
        "take any aces ... and upon them any other suitable cards" before "you proceed to
        release others, by forming marriages" (l.90-97); then the marriages; the re-deal
        only when the tableau has been worked ("when this has been done", l.108); ``end``
        last. The legal order tries the marriages of packet 1 before the foundation move
        of packet 2, and with two packs marrying both ways (The House on the Hill) the
        search wanders among marriages and never reaches a win."""
        def rank(move: Move) -> int:
            code = move.code
            if code.rpartition(">")[2] in self.found_kinds:
                return 0
            if code == "redeal":
                return 2
            return 3 if code == "end" else 1
        return tuple(sorted(moves, key=rank))


HOUSE_IN_THE_WOOD = variant(LaBelleLucie, Description(
    id="house_in_the_wood", title="The House in the Wood", book=CADOGAN,
    lines="114-119, 66-112", skill="some", bound=None, packs=2,
    variant_of="la_belle_lucie", fixed={"foundations": "aces", "marriage": "descending"}))
HOUSE_ON_THE_HILL = variant(LaBelleLucie, Description(
    id="house_on_the_hill", title="The House on the Hill", book=CADOGAN,
    lines="121-127, 66-112", skill="some", bound=None, packs=2,
    variant_of="la_belle_lucie", fixed={"foundations": "aces_kings", "marriage": "both"}))
