"""Speculation, from the Vintage Card Games pages.

Source: ``002_e65e08a38c98e317.txt`` l.301-307 (no heading: the game is named in its
first sentence); rule sheet ``shared/games/vintage.md``, section Speculation.

"The stakes are made with counters or nuts, and the value of the stakes is settled by the
company. The highest trump in each deal wins the pool. When the dealer has been chosen,
he puts, say, six counters in the pool and every other player puts four; three cards are
given to each person, though they must be dealt one at a time; another card is then
turned up, and called the trump card. The cards must be left upon the table, but the
player on the left-hand side of the dealer turns up his top card so that all may see it.
If it is a trump card ... the owner may either keep his card or sell it, and the other
players bid for it in turn. Of course, the owner sells it for the highest price he can
get. The next player then turns up his card, keeps it or sells it, and so the game goes
on until all the cards have been shown and disposed of, and then the player who holds
the highest trump either in his own hand or among the cards he has bought, takes the
pool, and there is another deal. Should none of the other players have a trump card in
his hand, and the turn-up card not having been purchased by another player, the dealer
takes the pool." (l.301-307)

Readings (the sheet's PROPOSED readings unless said otherwise):

- One pack; ace high. The stakes are options (``dealer_stake`` 6, ``stake`` 4: the book's
  "say, six ... four"); each player starts the match with ``counters``, and a stake he
  cannot pay puts him in debt (below nought). A bid may not be more than the bidder
  holds, nor more than the pool (no one pays more than the card can win).
- Three cards each, one at a time from the dealer's left, left face down and unseen even
  by their owner (squared in the order dealt: the first dealt is turned up first); the
  next card is turned up: the trump card, the dealer's. Nobody looks
  at his cards out of turn, so the book's last sentence (l.307) never applies.
- The turn-up is a trump card like any other and may be sold (l.307: "the turn-up card
  not having been purchased"): it is offered first, before the player left of the dealer
  turns up his top card. Then each player in turn, to the left, turns up one card
  (amb. 4: one card a turn, three times round), until all are shown.
- Only trumps are offered (amb. 1), and only a trump higher than every trump shown before
  it: a trump already beaten can win nothing and nobody would bid for it.
- The auction (amb. 2): from the owner's left, each other player in turn bids more than
  the last bid or passes (a pass is final for that card), round and round until all but
  the highest bidder have passed. The owner then sells it to him for his bid (``sell``:
  the buyer pays the owner) or keeps it (``keep``); with no bid he keeps it.
- When all cards are shown and disposed of, the holder of the highest trump takes the
  pool (there always is one: the turn-up). The deal passes to the left.
- The match: every player deals ``rounds`` times (default once round the table); most
  counters at the end wins (equal holders share the win).

Moves: ``turn`` (turn up the top card of one's three), ``bid<n>`` (``bid5``), ``pass``,
``sell``, ``keep``, ``deal`` (the next dealer puts up the stakes and deals).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from math import comb
from typing import Any, ClassVar

from ..cards import ACE, RANK_WORDS, SUIT_NAMES, Card, card, code, name, parse, rank_of, suit_of
from ..description import VINTAGE, Description
from ..game import Game, Move, Option, Outcome, Seat, Zone, players_option
from ..registry import register
from ..round import Match, best_seats, deal_round, left_of, match_outcome, pack_zone, seats_from

SEAT_NAMES = tuple(f"Player {i}" for i in range(1, 9))
TURN, PASS, SELL, KEEP, DEAL = (Move(c) for c in ("turn", "pass", "sell", "keep", "deal"))
MAX_ROUNDS = 3
MAX_STAKE = 20

TURNING, BIDDING, DECIDING, BETWEEN, OVER = "turning", "bidding", "deciding", "between", "over"


def value(c: Card) -> int:
    """Ace high."""
    return 14 if rank_of(c) == ACE else rank_of(c)


@dataclass(frozen=True, slots=True)
class Auction:
    """A trump for sale: the last card of its seller's ``held``."""

    seller: Seat
    bid: int = 0
    bidder: Seat = -1
    #: The seat to bid next, and the seats that have passed.
    to_bid: Seat = 0
    passed: tuple[bool, ...] = ()


@dataclass(frozen=True, slots=True)
class SpecState:
    #: ``match.scores`` are the counters each player holds.
    match: Match
    #: Each seat's three cards, face down, top last.
    packs: tuple[tuple[Card, ...], ...]
    #: The cards each seat holds face up: turned up, or bought (the dealer's holds the
    #: trump card until he sells it).
    held: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    #: The suit of the trump card.
    trumps: int
    pool: int = 0
    phase: str = BIDDING
    #: The seat to turn up a card next.
    turn: Seat = 0
    auction: Auction | None = None


@register
class Speculation(Game[SpecState]):
    description = Description(
        id="speculation", title="Speculation", book=VINTAGE, lines="301-307", skill="some",
        # each deal: a deal move, 24 cards turned, 25 auctions of at most a bid a counter
        # of the largest pool and a pass each, and the owner's answer
        bound=MAX_ROUNDS * 8 * (1 + 24 + 25 * (8 * MAX_STAKE + 8 + 1)),
        seat_names=SEAT_NAMES, cooperative=False, moves_public=False, seats_range=(2, 8),
        layout="round", aces_high=True)
    option_specs: ClassVar[tuple[Option, ...]] = (
        players_option(2, 8, 4),
        Option("dealer_stake", 6, "Counters the dealer puts in the pool.",
               minimum=1, maximum=MAX_STAKE),
        Option("stake", 4, "Counters every other player puts in the pool.",
               minimum=1, maximum=MAX_STAKE),
        Option("counters", 40, "Counters each player starts the match with.",
               minimum=10, maximum=500),
        Option("rounds", 1, "How many times each player deals in a match.",
               minimum=1, maximum=MAX_ROUNDS),
    )

    # -- dealing -----------------------------------------------------------------------

    def _start(self, seed: int) -> Match:
        return Match.start(seed, self.seats, (int(self.option("counters")),) * self.seats)

    def deal(self, seed: int) -> SpecState:
        return self.layout(self._start(seed).cards(self.pack()), seed)

    def layout(self, cards: tuple[Card, ...], seed: int) -> SpecState:
        """Deal 1 from ``cards``: three each one at a time from the dealer's left, the
        next card turned up for trumps, the rest set aside."""
        return self._lay(self._start(seed), cards)

    def _lay(self, match: Match, cards: tuple[Card, ...]) -> SpecState:
        n = self.seats
        stakes = [int(self.option("dealer_stake")) if x == match.dealer
                  else int(self.option("stake")) for x in range(n)]
        match = match.with_scores([sc - st for sc, st in zip(match.scores, stakes,
                                                              strict=True)])
        packs = tuple(tuple(reversed(h)) for h in deal_round(cards, n, match.first, 3))
        trump = cards[3 * n]
        held = tuple((trump,) if x == match.dealer else () for x in range(n))
        s = SpecState(match, packs, held, cards[3 * n + 1:], suit_of(trump), sum(stakes),
                      turn=match.first)
        return self._offer(s, match.dealer, left_of(match.dealer, n))

    # -- play --------------------------------------------------------------------------

    def best(self, s: SpecState) -> tuple[Card, Seat] | None:
        """The highest trump shown and who holds it."""
        mine = [(c, x) for x, h in enumerate(s.held) for c in h if suit_of(c) == s.trumps]
        return max(mine, key=lambda cx: value(cx[0])) if mine else None

    def _offer(self, s: SpecState, seller: Seat, then: Seat) -> SpecState:
        """The card ``seller`` has just shown: put up for sale if it is the highest trump
        shown, else play goes on with ``then`` turning."""
        c = s.held[seller][-1]
        top = self.best(s)
        if suit_of(c) != s.trumps or top is None or top[0] != c:
            return self._go_on(replace(s, turn=then))
        first = left_of(seller, self.seats)
        passed = tuple(x == seller for x in range(self.seats))
        return replace(s, phase=BIDDING, turn=then,
                       auction=Auction(seller, to_bid=first, passed=passed))

    def _go_on(self, s: SpecState) -> SpecState:
        """Next to turn, or the pool to the highest trump when every card is shown."""
        s = replace(s, phase=TURNING, auction=None)
        if any(s.packs):
            while not s.packs[s.turn]:
                s = replace(s, turn=left_of(s.turn, self.seats))
            return s
        top = self.best(s)
        assert top is not None  # the trump card is always shown
        c, winner = top
        match = s.match.add(winner, s.pool)
        said = (f"Deal {match.deal} ({SUIT_NAMES[s.trumps]} trumps): "
                f"{self.seat_name(winner)} held the highest trump, the "
                f"{RANK_WORDS[rank_of(c)]}, and took the pool ({s.pool}).")
        match = match.close_deal(said)
        s = replace(s, match=match, pool=0)
        if match.deal >= self.seats * int(self.option("rounds")):
            return replace(s, phase=OVER)
        return replace(s, match=match.next_deal(), phase=BETWEEN)

    def to_move(self, state: SpecState) -> tuple[Seat, ...]:
        a = state.auction
        if state.phase == TURNING:
            return (state.turn,)
        if state.phase == BIDDING and a is not None:
            return (a.to_bid,)
        if state.phase == DECIDING and a is not None:
            return (a.seller,)
        if state.phase == BETWEEN:
            return (state.match.dealer,)
        return ()

    def bids(self, s: SpecState, seat: Seat) -> range:
        """The bids ``seat`` may make: more than the last, at most the pool and what it
        holds."""
        assert s.auction is not None
        return range(s.auction.bid + 1, min(s.pool, s.match.scores[seat]) + 1)

    def legal_moves(self, state: SpecState, seat: Seat) -> tuple[Move, ...]:
        """``turn``; the bids, lowest first, then ``pass``; ``sell``, ``keep``; ``deal``."""
        if seat not in self.to_move(state):
            return ()
        if state.phase == TURNING:
            return (TURN,)
        if state.phase == BIDDING:
            return (*(Move(f"bid{k}") for k in self.bids(state, seat)), PASS)
        if state.phase == DECIDING:
            return (SELL, KEEP)
        return (DEAL,)

    def apply_unchecked(self, state: SpecState, move: Move) -> SpecState:
        s = state
        if move == DEAL:
            return self._lay(s.match, s.match.cards(self.pack()))
        if move == TURN:
            packs, held = list(s.packs), list(s.held)
            held[s.turn] = (*held[s.turn], packs[s.turn][-1])
            packs[s.turn] = packs[s.turn][:-1]
            s = replace(s, packs=tuple(packs), held=tuple(held))
            return self._offer(s, s.turn, left_of(s.turn, self.seats))
        a = s.auction
        assert a is not None
        if move in (SELL, KEEP):
            if move == SELL:
                held = list(s.held)
                c = held[a.seller][-1]
                held[a.seller] = held[a.seller][:-1]
                held[a.bidder] = (*held[a.bidder], c)
                match = s.match.add(a.bidder, -a.bid).add(a.seller, a.bid)
                s = replace(s, held=tuple(held), match=match)
            return self._go_on(s)
        if move == PASS:
            passed = list(a.passed)
            passed[a.to_bid] = True
            a = replace(a, passed=tuple(passed))
        else:
            a = replace(a, bid=int(move.code[3:]), bidder=a.to_bid)
        nxt = next((x for x in seats_from(left_of(a.to_bid, self.seats), self.seats)
                    if not a.passed[x] and x != a.bidder), None)
        if nxt is not None:
            return replace(s, auction=replace(a, to_bid=nxt))
        if a.bidder < 0:  # nobody bid: the owner keeps it
            return self._go_on(s)
        return replace(s, phase=DECIDING, auction=a)

    def outcome(self, state: SpecState) -> Outcome | None:
        if state.phase != OVER:
            return None
        return match_outcome(best_seats(state.match.scores), self.seat_names,
                             f"most counters ({max(state.match.scores)})")

    # -- what the table shows ----------------------------------------------------------

    def zones(self, state: SpecState) -> tuple[Zone, ...]:
        packs = tuple(pack_zone(x, p, f"{self.seat_name(x)}'s three")
                      for x, p in enumerate(state.packs))
        held = tuple(Zone(f"held{x}", "packet", h, len(h), owner=x,
                          label=f"{self.seat_name(x)} holds")
                     for x, h in enumerate(state.held))
        return (*packs, *held, Zone("stock", "stock", state.stock, 0, label="the rest"))

    def public(self, state: SpecState) -> dict[str, Any]:
        a = state.auction
        top = self.best(state)
        return {
            "match": state.match.public("counters"),
            "pool": state.pool,
            "trumps": SUIT_NAMES[state.trumps],
            "phase": state.phase,
            "turn": state.turn if state.phase == TURNING else None,
            "best": None if top is None else {"card": code(top[0]), "seat": top[1]},
            "auction": None if a is None else {
                "seller": a.seller, "card": code(state.held[a.seller][-1]), "bid": a.bid,
                "bidder": None if a.bidder < 0 else a.bidder,
                "to_bid": a.to_bid if state.phase == BIDDING else None,
                "passed": [x for x, p in enumerate(a.passed) if p and x != a.seller]},
        }

    def describe(self, state: SpecState, move: Move) -> str:
        a = state.auction
        if move == DEAL:
            return f"Put up the stakes and deal deal {state.match.deal}"
        if move == TURN:
            return "Turn up the top card of your three"
        assert a is not None
        lot = name(state.held[a.seller][-1])
        if move == PASS:
            return f"Pass: no bid for {lot}"
        if move == SELL:
            return f"Sell {lot} to {self.seat_name(a.bidder)} for {a.bid}"
        if move == KEEP:
            return f"Keep {lot} (refuse {a.bid})"
        return f"Bid {move.code[3:]} for {self.seat_name(a.seller)}'s {lot}"

    def narrate(self, before: SpecState, move: Move, after: SpecState) -> str:
        who = self.seat_name(self.to_move(before)[0])
        a = before.auction
        if move == DEAL:
            c = after.held[after.match.dealer][0]
            said = f"{who} puts up the stakes and deals; {name(c)} is turned up for trumps."
        elif move == TURN:
            c = after.held[before.turn][-1]
            said = f"{who} turns up {name(c)}"
            said += " (a trump)." if suit_of(c) == before.trumps else "."
        elif a is not None and move == SELL:
            said = (f"{who} sells {name(before.held[a.seller][-1])} to "
                    f"{self.seat_name(a.bidder)} for {a.bid}.")
        elif move == KEEP:
            said = f"{who} keeps it."
        elif move == PASS:
            said = f"{who} passes."
        else:
            said = f"{who} bids {move.code[3:]}."
        if after.match.history != before.match.history:
            said += " " + after.match.history[-1].summary
        return said

    # -- the computer player -------------------------------------------------------------

    def bot_move(self, view: Mapping[str, Any], seat: Seat, rand: int) -> str:
        """Price a trump by the chance that no higher trump lies among the cards still
        face down (counted from the view: every card not shown is equally likely to be
        any of them): bid up to four fifths of that share of the pool, and sell for at
        least the whole of it."""
        codes = [str(m["code"]) for m in view["moves"].get(str(seat), ())]
        if not codes:
            raise ValueError(f"{self.seat_name(seat)} has no move to make")
        if len(codes) == 1:
            return codes[0]
        pub = view["public"]
        auction = pub["auction"]
        worth = self.worth(view, parse(auction["card"]))
        if "sell" in codes:
            return "sell" if auction["bid"] >= worth else "keep"
        top = max((int(c[3:]) for c in codes if c.startswith("bid")), default=0)
        bid = auction["bid"] + 1
        return f"bid{bid}" if bid <= min(top, int(worth * 0.8)) else "pass"

    @staticmethod
    def worth(view: Mapping[str, Any], c: Card) -> float:
        """The pool times the chance that no trump above ``c`` is still face down."""
        pub = view["public"]
        trumps = SUIT_NAMES.index(pub["trumps"])
        shown = {parse(x) for z in view["zones"] for x in z["up"]}
        down = sum(z["down"] for z in view["zones"] if z["id"].startswith("pack"))
        unseen = 52 - len(shown)
        higher = sum(card(ACE if v == 14 else v, trumps) not in shown
                     for v in range(value(c) + 1, 15))
        chance = comb(unseen - higher, down) / comb(unseen, down) if down else 1.0
        return float(pub["pool"]) * chance
