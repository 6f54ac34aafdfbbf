"""Les Petits Paquets, from Cadogan's *Illustrated Games of Patience*.

Source: ``001_6a582ee13e12f2a9.txt`` l.1426-1532; rule sheet ``shared/games/cadogan.md``,
section Les Petits Paquets, whose ambiguities are cited.

Two packs. The eight kings are the foundations: "the four kings in the upper row begin
with aces, and ascend in sequence to queens; the kings in the lower row descend in
sequence to aces", following suit (l.1449-1456; Rule II). The rest is dealt in rounds of
thirteen packets, the thirteenth apart and spread (l.1460-1470). "Each card is to be
called by the numerical order in which it is dealt ... Whenever the actual value of any
card corresponds to its number in the deal, that card is to be laid aside, face
downwards, and is called the Exile", the next card taking its place (l.1471-1492). Rule I:
"Any card in the thirteenth packet, and the surface or uppermost cards of the twelve
packets, are available." After the deal, play; "when no more can thus be played, take
the uppermost card of the Exiles and (if not suitable for any of the foundations) place
it underneath the packet to whose conventional number its own value corresponds ...
Then the top card of the same packet is to be treated in like manner ... until by these
changes of the surface cards a suitable one for any of the foundations is released"
(l.1500-1521). "The packets are then to be taken up in order (Rule III.), re-dealt (if
necessary) twice, and played exactly as before" (l.1523-1525). "One card at a time may
be exchanged from the ascending to the descending sequences, and vice versa"
(l.1527-1528).

Readings (the sheet's PROPOSED readings unless said otherwise):

- Packets 1-6 the upper row, 7-12 the lower, 13 apart (amb. 1); one king of each suit in
  each row (amb. 2): ``f1``-``f4`` the upper (spades, hearts, diamonds, clubs: king, then
  ace up to queen), ``f5``-``f8`` the lower (king down to ace).
- **Play begins after the deal** (differs from the sheet's default, amb. 5): the text says
  "The whole of the cards having been thus dealt out, examine all the thirteen packets ...
  and play" (l.1494-1498); the tableau's note (l.1530-1532) only says foundations "would
  by that time have been begun" in a picture of several rounds. So each deal is laid out
  whole, with its Exiles, before the first move.
- The Exiles are a face-down pile, the last laid uppermost (amb. 3). ``x`` takes it: a
  card that suits a foundation goes up; otherwise it is slipped under its packet (a five
  under the fifth, "a queen, under the twelfth"), and the top card of that packet is
  treated likewise, until a card anywhere on the table could go up, or the chain would
  repeat a position, or the packet slipped under held no other card (amb. 4). The whole
  chain is one move; it is the book's procedure, with no choice in it.
- Re-deals (amb. 6): offered when the Exiles are used up; the upper row (packets 1-6),
  then packet 13, then the lower row (7-12) are taken up, each packet's first card first
  (G9), and dealt again with the Exile rule. Twice.
- Foundation exchange (amb. 8), as in La Nivernaise: ``f<j>>f<k>``, the top card of a
  suit's upper foundation onto its lower one when it fits there, or the other way; a
  card exchanged may not be exchanged again until some other move is made.
- A card that fits both foundations of its suit (a five with the upper at the four and
  the lower at the six; an ace with the upper at its king and the lower down to the
  deuce) may be played on either: the book leaves the choice to the player
  (:func:`rules.cadogan.takers`; before, only the first was offered and the other was
  reached by the exchange). An Exile that goes straight up in the chain goes on the
  first (``x`` is one move with no choice in it); the exchange may move it after.
- Won with the 96 cards on the foundations; lost when no move is left.

Moves, in this order: ``p<i>>f<j>`` (the top of packet ``i``, 1-12), ``q<k>>f<j>`` (the
``k``-th card of packet 13), ``f<j>>f<k>``, ``x``, ``redeal``.
"""

from __future__ import annotations

from dataclasses import replace

from ..cadogan import Foundation, available, takers, to_play
from ..cards import ACE, CLUBS, DIAMONDS, HEARTS, KING, QUEEN, SPADES, Card, name, rank_of, suit_of
from ..description import CADOGAN, Description
from ..game import Move
from ..patience import DOWN, FOUNDATION, HOME, SHELL, TOP, UP, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import OTHER, REDEAL

PACKETS = 13
SUITS = (SPADES, HEARTS, DIAMONDS, CLUBS) * 2
FOUNDATIONS = (*(Foundation(KING, 1, True, s, last=QUEEN, wrap=True) for s in SUITS[:4]),
               *(Foundation(KING, -1, True, s, last=ACE) for s in SUITS[4:]))
P, X = 8, 8 + PACKETS  # where the packets and the Exiles lie
Piles = tuple[tuple[Card, ...], ...]


def deal_packets(cards: tuple[Card, ...]) -> tuple[Piles, tuple[Card, ...]]:
    """Deal in rounds of thirteen, exiling each card whose value is its number in the
    round, the next card taking its place (l.1471-1492)."""
    packets: list[list[Card]] = [[] for _ in range(PACKETS)]
    exiles: list[Card] = []
    pos = 0
    for c in cards:
        if rank_of(c) == pos + 1:
            exiles.append(c)
            continue
        packets[pos].append(c)
        pos = (pos + 1) % PACKETS
    return tuple(tuple(p) for p in packets), tuple(exiles)


def plays(fams: Piles, c: Card) -> int:
    """The first foundation that takes ``c``, or -1 (where an Exile goes up)."""
    return to_play(FOUNDATIONS, fams, c)


def on_foundations(game: Patience, t: Table) -> int:
    """The cards played on the foundations (the kings they began with not counted)."""
    return HOME(game, t) - 8


@register
class LesPetitsPaquets(Patience):
    description = Description(
        id="les_petits_paquets", title="Les Petits Paquets", book=CADOGAN,
        lines="1426-1532", skill="chance", bound=60000, packs=2)
    redeals_allowed = 2
    redeal_takes_up = False
    facts = (("exiles", size("exiles")), ("redeals_left", SHELL),
             ("on_foundations", on_foundations))
    #: ``exchanged``: the foundations (a bit each) whose top card came there by an
    #: exchange since the last other move (such a card may not be exchanged again).
    marks = ("exchanged",)
    gives_up = False

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"f{j + 1}", FOUNDATION, f"{'upper' if j < 4 else 'lower'} king "
                       f"{j % 4 + 1}", "upper row" if j < 4 else "lower row") for j in range(8)),
                *(Pile(f"p{i + 1}", "pile", f"packet {i + 1}", "packets",
                       TOP if i < 12 else UP) for i in range(PACKETS)),
                Pile("exiles", "stock", "the Exiles", face=DOWN))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        rest = list(cards)
        fams = []
        for s in SUITS:
            k = next(c for c in rest if rank_of(c) == KING and suit_of(c) == s)
            rest.remove(k)
            fams.append((k,))
        packets, exiles = deal_packets(tuple(rest))
        return self.laid_out(self.table({}), (*fams, *packets, exiles))

    def laid_out(self, t: Table, piles: Piles) -> Table:
        """``t`` with ``piles``, each lying as declared."""
        return replace(t, piles=piles,
                       down=self.table({p.id: c for p, c in zip(self.pile_specs, piles,
                                                                strict=True)}).down)

    def _free(self, t: Table) -> list[tuple[str, int, int | None, Card]]:
        """``(code, pile, at, card)`` of every available card (Rule I)."""
        out: list[tuple[str, int, int | None, Card]] = [
            (f"p{i + 1}", P + i, None, c) for i, p in enumerate(t.piles[P:P + 12])
            if (c := available(p)) is not None]
        out += [(f"q{k + 1}", P + 12, k, c) for k, c in enumerate(t.piles[P + 12])]
        return out

    def steps(self, t: Table) -> list[Step]:
        fams = t.piles[:P]
        out = [Step(f"{code}>f{j + 1}", source=i, target=j, at=at)
               for code, i, at, c in self._free(t) for j in takers(FOUNDATIONS, fams, c)]
        done = self.mark(t, "exchanged")
        for j in range(8):  # the exchange between a suit's two foundations
            k = (j + 4) % 8
            if len(fams[j]) > 1 and not done >> j & 1 and \
                    FOUNDATIONS[k].suitable(fams[k], fams[j][-1]):
                out.append(Step(f"f{j + 1}>f{k + 1}", source=j, target=k))
        if t.piles[X]:  # the uppermost Exile, and the chain it starts
            out.append(Step("x", OTHER, X))
        elif self.may_redeal(t) and any(t.piles[P:X]):
            out.append(Step("redeal", REDEAL, P))
        return out

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        after = super().play(state, move)
        if s.target < P and s.source < P:
            done = self.mark(state, "exchanged") & ~(1 << s.source) | 1 << s.target
            return self.marked(after, exchanged=done)
        return self.marked(after, exchanged=0)

    def special(self, t: Table, step: Step) -> Table:
        """The Exile's chain, or the re-deal: the upper row, packet 13, then the lower
        row taken up, each packet's first card first, and dealt again."""
        piles = list(t.piles)
        if step.kind == REDEAL:
            order = tuple(c for i in (*range(6), 12, *range(6, 12)) for c in piles[P + i])
            packets, exiles = deal_packets(order)
            return replace(self.laid_out(t, (*piles[:P], *packets, exiles)),
                           redeals=self.redeal_number(t))
        c, piles[X] = piles[X][-1], piles[X][:-1]
        if (j := plays(tuple(piles[:P]), c)) >= 0:
            piles[j] += (c,)
            return self.laid_out(t, tuple(piles))
        seen: set[Piles] = set()
        while True:
            p = P + rank_of(c) - 1  # "if the card is a five, slip it underneath the fifth"
            held = len(piles[p])
            piles[p] = (c, *piles[p])
            now = self.laid_out(t, tuple(piles))
            if held == 0 or now.piles in seen or self._any_plays(now):
                return now
            seen.add(now.piles)
            c, piles[p] = piles[p][-1], piles[p][:-1]

    def _any_plays(self, t: Table) -> bool:
        return any(plays(t.piles[:P], c) >= 0 for _, _, _, c in self._free(t))

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return "all 96 cards on the foundations"
        return f"{on_foundations(self, state)} of 96 cards on the foundations; no move is left"

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        if s.kind == OTHER:
            return "take the uppermost Exile and slip it under its packet (and so on)"
        if s.kind == REDEAL:
            return f"take up the packets and re-deal them {self.redeal_of(t)}"
        c = t.piles[s.source][s.taken(t)][0]
        b = s.target + 1
        if s.source < P:
            return f"exchange {name(c)} to foundation {b}"
        where = f"packet {s.source - P + 1}"
        return f"play {name(c)} from {where} on foundation {b}"


__all__ = ["LesPetitsPaquets", "deal_packets"]
