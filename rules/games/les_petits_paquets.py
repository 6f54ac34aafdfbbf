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

from dataclasses import dataclass, replace
from typing import Any

from ..cadogan import Foundation, available, takers, to_play
from ..cards import ACE, CLUBS, DIAMONDS, HEARTS, KING, QUEEN, SPADES, Card, name, rank_of, suit_of
from ..description import CADOGAN, Description
from ..game import Move, Zone
from ..registry import register
from ..solo import SoloGame, open_zone, replace_at, split_code

PACKETS = 13
SUITS = (SPADES, HEARTS, DIAMONDS, CLUBS) * 2
FOUNDATIONS = (*(Foundation(KING, 1, True, s, last=QUEEN, wrap=True) for s in SUITS[:4]),
               *(Foundation(KING, -1, True, s, last=ACE) for s in SUITS[4:]))
EXILE, REDEAL = Move("x"), Move("redeal")
Piles = tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class PaquetsState:
    families: Piles
    #: Packets 1-13, bottom to top.
    packets: Piles
    #: The Exiles, face down, the last laid on top.
    exiles: tuple[Card, ...] = ()
    redeals: int = 0
    #: Cards exchanged between foundations since the last other move.
    exchanged: tuple[Card, ...] = ()


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


@register
class LesPetitsPaquets(SoloGame[PaquetsState]):
    description = Description(
        id="les_petits_paquets", title="Les Petits Paquets", book=CADOGAN,
        lines="1426-1532", skill="chance", bound=60000, packs=2)
    redeals_allowed = 2

    def layout(self, cards: tuple[Card, ...], seed: int) -> PaquetsState:
        rest = list(cards)
        fams = []
        for s in SUITS:
            k = next(c for c in rest if rank_of(c) == KING and suit_of(c) == s)
            rest.remove(k)
            fams.append((k,))
        packets, exiles = deal_packets(tuple(rest))
        return PaquetsState(tuple(fams), packets, exiles)

    def _free(self, state: PaquetsState) -> list[tuple[str, Card]]:
        """``(code, card)`` of every available card (Rule I)."""
        out = [(f"p{i + 1}", c) for i, p in enumerate(state.packets[:12])
               if (c := available(p)) is not None]
        out += [(f"q{k + 1}", c) for k, c in enumerate(state.packets[12])]
        return out

    def _exchanges(self, state: PaquetsState) -> list[Move]:
        fams, out = state.families, []
        for j in range(8):
            k = (j + 4) % 8
            c = fams[j][-1]
            if len(fams[j]) > 1 and c not in state.exchanged and \
                    FOUNDATIONS[k].suitable(fams[k], c):
                out.append(Move(f"f{j + 1}>f{k + 1}"))
        return out

    def moves(self, state: PaquetsState) -> tuple[Move, ...]:
        fams = state.families
        out = [Move(f"{code}>f{j + 1}") for code, c in self._free(state)
               for j in takers(FOUNDATIONS, fams, c)]
        out += self._exchanges(state)
        if state.exiles:
            out.append(EXILE)
        elif self.may_redeal(state) and any(state.packets):
            out.append(REDEAL)
        return tuple(out)

    def _any_plays(self, state: PaquetsState) -> bool:
        return any(plays(state.families, c) >= 0 for _, c in self._free(state))

    def play(self, state: PaquetsState, move: Move) -> PaquetsState:
        st = replace(state, exchanged=())
        if move == EXILE:
            return self._exile(st)
        if move == REDEAL:
            ps = st.packets
            order = tuple(c for i in (*range(6), 12, *range(6, 12)) for c in ps[i])
            packets, exiles = deal_packets(order)
            return replace(st, packets=packets, exiles=exiles, redeals=self.redeal_number(st))
        src, a, _, b = split_code(move.code)
        assert a is not None and b is not None
        fams = st.families
        if src == "f":
            c = fams[a - 1][-1]
            fams = replace_at(replace_at(fams, a - 1, fams[a - 1][:-1]), b - 1,
                              (*fams[b - 1], c))
            return replace(st, families=fams, exchanged=(*state.exchanged, c))
        ps = st.packets
        if src == "q":
            p = ps[12]
            c, ps = p[a - 1], replace_at(ps, 12, (*p[:a - 1], *p[a:]))
        else:
            c, ps = ps[a - 1][-1], replace_at(ps, a - 1, ps[a - 1][:-1])
        return replace(st, packets=ps, families=replace_at(fams, b - 1, (*fams[b - 1], c)))

    def _exile(self, st: PaquetsState) -> PaquetsState:
        c, st = st.exiles[-1], replace(st, exiles=st.exiles[:-1])
        if (j := plays(st.families, c)) >= 0:
            fams = st.families
            return replace(st, families=replace_at(fams, j, (*fams[j], c)))
        seen: set[Piles] = set()
        while True:
            p = rank_of(c) - 1  # "if the card is a five, slip it underneath the fifth"
            ps = st.packets
            held = len(ps[p])
            st = replace(st, packets=replace_at(ps, p, (c, *ps[p])))
            if held == 0 or st.packets in seen or self._any_plays(st):
                return st
            seen.add(st.packets)
            top = st.packets[p][-1]
            st = replace(st, packets=replace_at(st.packets, p, st.packets[p][:-1]))
            c = top

    def won(self, state: PaquetsState) -> bool:
        return sum(len(f) for f in state.families) == 104

    def summary(self, state: PaquetsState, won: bool) -> str:
        n = sum(len(f) for f in state.families) - 8
        if won:
            return "all 96 cards on the foundations"
        return f"{n} of 96 cards on the foundations; no move is left"

    def zones(self, state: PaquetsState) -> tuple[Zone, ...]:
        return (
            *(open_zone(f"f{j + 1}", "foundation", f,
                        f"{'upper' if j < 4 else 'lower'} king {j % 4 + 1}",
                        "upper row" if j < 4 else "lower row")
              for j, f in enumerate(state.families)),
            *(Zone(f"p{i + 1}", "pile", p, min(1, len(p)) if i < 12 else len(p),
                   label=f"packet {i + 1}", group="packets")
              for i, p in enumerate(state.packets)),
            Zone("exiles", "stock", state.exiles, 0, label="the Exiles"))

    def public(self, state: PaquetsState) -> dict[str, Any]:
        return {"exiles": len(state.exiles), **self.redeal_facts(state),
                "on_foundations": sum(len(f) for f in state.families) - 8}

    def say(self, state: PaquetsState, move: Move) -> str:
        if move == EXILE:
            return "take the uppermost Exile and slip it under its packet (and so on)"
        if move == REDEAL:
            return f"take up the packets and re-deal them {self.redeal_of(state)}"
        src, a, _, b = split_code(move.code)
        assert a is not None and b is not None
        if src == "f":
            return f"exchange {name(state.families[a - 1][-1])} to foundation {b}"
        c = state.packets[12][a - 1] if src == "q" else state.packets[a - 1][-1]
        where = "packet 13" if src == "q" else f"packet {a}"
        return f"play {name(c)} from {where} on foundation {b}"


__all__ = ["LesPetitsPaquets", "PaquetsState", "deal_packets"]
