"""Pope Joan, from the Vintage Card Games pages.

Source: ``002_e65e08a38c98e317.txt`` l.240-256; rule sheet ``shared/games/vintage.md``,
section Pope Joan.

"Before dealing, the eight of diamonds is taken out of the pack, and the deal is settled
by cutting the cards, and whoever turns up the first jack is dealer ... The dealer must
next 'dress the board' ...: One counter to each ace, king, queen, jack, and game, two to
matrimony (king and queen), two to intrigue (queen and jack), and six to the nine of
diamonds, which is the Pope ... The cards are now dealt round to the players, with the
exception of one card, which is turned up for trumps, and six or eight, which are put
aside to form the stops; the four kings and the seven of diamonds are also always stops
... if the leader plays the two of diamonds, whoever holds the three plays it, some one
follows with the four, and so on until a stop occurs; whoever plays the card which makes
a stop becomes leader and can play what he chooses. This goes on until some person has
parted with all his cards, by which he wins the counters in the 'game' compartment and
receives from the players a counter for every card they hold. Should any one hold the
Pope he is excused from paying, unless he happens to have played it. Whoever plays any
of the cards which have pools or compartments takes the counters in that pool. If any of
these cards are not played, the counters remain over for the next game." (l.244-256)

Readings (the sheet's PROPOSED readings unless said otherwise):

- 51 cards; ace low. The first dealer is settled as the book says: cards of a shuffle of
  the match seed's own (not a deal's) are turned up one at a time round the table from
  Player 1 until a knave appears; its receiver deals first (amb. 3). The deal then
  passes to the left.
- The dealer alone dresses the board (15 counters) before every deal. Each player starts
  the match with ``counters`` counters; a player who has to pay more than he holds goes
  into debt (his count goes below nought) rather than out of the game.
- The cards are dealt one at a time from the dealer's left; then come the stops, then
  the trump card, turned up. The stops are six or eight cards (amb. 2, option ``stops``):
  by default the number that deals the players equal hands (six when both do), else six
  and the players served first hold one card more.
- The ace, king, queen and knave pools, matrimony and intrigue are those of the trump
  suit (amb. 1): matrimony is won by the player who plays both king and queen of trumps,
  intrigue by the one who plays both queen and knave of trumps, each when he plays the
  second of them. The Pope is the nine of diamonds whatever the trumps.
- A trump card turned up that is an ace, king, queen or knave gives the dealer that pool
  at once ("may take": he always does). The Pope turned up gives him the Pope and Game
  pools and a counter from each player for each card dealt to him; "There is then a fresh
  deal": the deal is over and passes to the left like any other (amb. 6).
- A stop is a card whose next card of its suit cannot be played: a king, the seven of
  diamonds, or a card whose next card lies in the stops, is the trump card or has been
  played (amb. 5). Following is not a choice ("whoever holds the three plays it"), so the
  rules play each run out by themselves: the leader's move plays his card and every card
  that follows it, until the stop; the player of the stop leads next.
- Going out: the player out takes the Game pool and a counter for each card in every
  other hand; a player still holding the Pope pays nothing (amb. 4: "excused ... unless
  he happens to have played it").
- The match: every player deals ``rounds`` times (default once round the table); the
  player holding most counters at the end wins (equal holders share the win). Pools
  left on the board at the end belong to nobody.

Moves: ``p<card>`` (lead that card: ``p7h``), ``deal`` (the next dealer dresses the board
and deals).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ..cards import (
    ACE,
    DIAMONDS,
    JACK,
    KING,
    QUEEN,
    RANK_WORDS,
    SUIT_NAMES,
    Card,
    card,
    code,
    name,
    packs,
    parse,
    rank_of,
    suit_of,
)
from ..description import VINTAGE, Description
from ..game import Audience, Game, Move, Option, Outcome, Seat, Zone, players_option
from ..prng import shuffle
from ..registry import register
from ..round import Match, best_seats, deal_round, hand_zone, match_outcome
from ..shape import MOVE, Shape

SEAT_NAMES = tuple(f"Player {i}" for i in range(1, 9))
DEAL = Move("deal")
POPE = card(9, DIAMONDS)
EIGHT_OF_DIAMONDS = card(8, DIAMONDS)
SEVEN_OF_DIAMONDS = card(7, DIAMONDS)
#: The pools of the board, and what the dealer puts in each when he dresses it (l.246).
POOLS = ("Ace", "King", "Queen", "Knave", "Matrimony", "Intrigue", "Pope", "Game")
DRESS = (1, 1, 1, 1, 2, 2, 6, 1)
A_, K_, Q_, J_, MATRIMONY, INTRIGUE, POPE_POOL, GAME = range(8)
RANK_POOL = {ACE: A_, KING: K_, QUEEN: Q_, JACK: J_}
#: The prng stream of the cut for the first deal (the deals use streams 0, 1, ...).
CUT_STREAM = 1 << 20
MAX_ROUNDS = 3

PLAY, BETWEEN, OVER = "play", "between", "over"


@dataclass(frozen=True, slots=True)
class PopeState:
    #: ``match.scores`` are the counters each player holds.
    match: Match
    hands: tuple[tuple[Card, ...], ...]
    stops: tuple[Card, ...]
    #: The trump card, turned up (one card).
    trump: tuple[Card, ...]
    #: The cards played this deal, in order, and who played each.
    played: tuple[Card, ...] = ()
    by: tuple[Seat, ...] = ()
    #: Counters in each pool of :data:`POOLS`.
    board: tuple[int, ...] = (0,) * 8
    phase: str = PLAY
    leader: Seat = 0
    #: How many of the last cards played were the last move's run.
    run: int = 0


def first_dealer(seed: int, seats: int) -> Seat:
    """The cut for the first deal: a shuffle of its own turned up card by card round the
    table from Player 1; whoever turns up the first knave deals."""
    for i, c in enumerate(shuffle(seed, packs(1), stream=CUT_STREAM)):
        if rank_of(c) == JACK:
            return i % seats
    raise AssertionError("a pack has knaves")


def words(c: Card) -> str:
    """A card in words (history lines outlive the deal: they never show a card code)."""
    return f"the {RANK_WORDS[rank_of(c)]} of {SUIT_NAMES[suit_of(c)]}"


def next_in_run(c: Card) -> Card | None:
    """The card that follows ``c`` in a run (the next of its suit, ace low), or ``None``
    after a king or the 7♦: "the four kings and the seven of diamonds are also always
    stops" (l.248). Nothing follows the seven, not even the Pope, the next diamond left
    in the pack once the eight is out."""
    if rank_of(c) == KING or c == SEVEN_OF_DIAMONDS:
        return None
    return c + 1


@register
class PopeJoan(Game[PopeState]):
    description = Description(
        id="pope_joan", title="Pope Joan", book=VINTAGE, lines="240-256", skill="some",
        # MAX_ROUNDS * 8 deals, each a deal move and at most one lead per card held
        bound=MAX_ROUNDS * 8 * 45, seat_names=SEAT_NAMES, cooperative=False,
        moves_public=False, seats_range=(2, 8), layout="round")
    option_specs: ClassVar[tuple[Option, ...]] = (
        players_option(2, 8, 4),
        Option("stops", "auto", "How many cards are put aside as the stops: six or eight "
               "('auto': the number that deals equal hands).",
               choices=("auto", "six", "eight")),
        Option("counters", 40, "Counters each player starts the match with.",
               minimum=15, maximum=500),
        Option("rounds", 1, "How many times each player deals in a match.",
               minimum=1, maximum=MAX_ROUNDS),
    )

    def pack(self) -> tuple[Card, ...]:
        """51 cards: "the eight of diamonds is taken out of the pack" (l.244)."""
        return tuple(c for c in packs(1) if c != EIGHT_OF_DIAMONDS)

    @property
    def stops_size(self) -> int:
        chosen = self.option("stops")
        if chosen != "auto":
            return 6 if chosen == "six" else 8
        n = self.seats
        return 6 if 44 % n == 0 else 8 if 42 % n == 0 else 6

    # -- dealing -----------------------------------------------------------------------

    def _start(self, seed: int) -> Match:
        return Match.start(seed, self.seats, (int(self.option("counters")),) * self.seats,
                           dealer=first_dealer(seed, self.seats))

    def deal(self, seed: int) -> PopeState:
        return self.layout(self._start(seed).cards(self.pack()), seed)

    def layout(self, cards: tuple[Card, ...], seed: int) -> PopeState:
        """Deal 1 of the match from ``cards``: the players' cards one at a time from the
        dealer's left, then the stops, then the trump card."""
        return self._lay(self._start(seed), (0,) * len(POOLS), cards)

    def _lay(self, match: Match, board: tuple[int, ...], cards: tuple[Card, ...]
             ) -> PopeState:
        held = len(cards) - 1 - self.stops_size
        hands = deal_round(cards[:held], self.seats, match.first)
        stops, trump = cards[held:-1], cards[-1]
        match = match.add(match.dealer, -sum(DRESS))
        board = tuple(b + d for b, d in zip(board, DRESS, strict=True))
        s = PopeState(match, hands, stops, (trump,), board=board, leader=match.first)
        if trump == POPE:
            got = s.board[POPE_POOL] + s.board[GAME]
            paid = [0 if x == match.dealer else len(h) for x, h in enumerate(hands)]
            match = s.match.with_scores(
                [sc - paid[x] + (got + sum(paid) if x == match.dealer else 0)
                 for x, sc in enumerate(s.match.scores)])
            s = replace(s, match=match, board=self._empty(s.board, POPE_POOL, GAME))
            dealer = self.seat_name(match.dealer)
            return self._close(s, f"the Pope turned up for trumps: {dealer} took the Pope "
                               f"and Game pools ({got}) and {sum(paid)} counters from the "
                               "players; a fresh deal")
        if rank_of(trump) in RANK_POOL:
            pool = RANK_POOL[rank_of(trump)]
            s = replace(s, match=s.match.add(match.dealer, s.board[pool]),
                        board=self._empty(s.board, pool))
        return s

    @staticmethod
    def _empty(board: tuple[int, ...], *pools: int) -> tuple[int, ...]:
        return tuple(0 if i in pools else b for i, b in enumerate(board))

    # -- play --------------------------------------------------------------------------

    def to_move(self, state: PopeState) -> tuple[Seat, ...]:
        if state.phase == PLAY:
            return (state.leader,)
        if state.phase == BETWEEN:
            return (state.match.dealer,)
        return ()

    def legal_moves(self, state: PopeState, seat: Seat) -> tuple[Move, ...]:
        """Every card of the leader's hand (in hand order); ``deal`` between deals."""
        if seat not in self.to_move(state):
            return ()
        if state.phase == BETWEEN:
            return (DEAL,)
        return tuple(Move("p" + code(c).lower()) for c in state.hands[seat])

    def apply_unchecked(self, state: PopeState, move: Move) -> PopeState:
        if move == DEAL:
            board = state.board
            return self._lay(state.match, board, state.match.cards(self.pack()))
        return self._lead(state, parse(move.code[1:]))

    def shape(self, state: PopeState, move: Move, seat: Seat, audience: Audience) -> Shape:
        """A lead as the table sees it before it is made: the led card, from the
        leader's hand to the cards played. (Read from the zones after it, as by default,
        the run that follows would tell the leader who holds the next cards and how far
        the run goes before he chooses.)"""
        if move != DEAL:
            led = parse(move.code[1:])
            return Shape(MOVE, f"hand{seat}", "played",
                         (led if audience == seat else None,))
        return super().shape(state, move, seat, audience)

    def _lead(self, s: PopeState, c: Card | None) -> PopeState:
        """Play ``c`` and every card that follows it, until a stop or someone is out."""
        holder = s.leader
        run = 0
        while c is not None:
            hands = list(s.hands)
            hands[holder] = tuple(x for x in hands[holder] if x != c)
            s = replace(s, hands=tuple(hands), played=(*s.played, c), by=(*s.by, holder))
            run += 1
            s = self._pools(s, c, holder)
            if not s.hands[holder]:
                return self._out(replace(s, run=run), holder)
            nxt = next_in_run(c)
            c = None
            if nxt is not None:
                who = next((x for x, h in enumerate(s.hands) if nxt in h), None)
                if who is not None:
                    c, holder = nxt, who
        return replace(s, leader=holder, run=run)

    def _pools(self, s: PopeState, c: Card, seat: Seat) -> PopeState:
        """Whoever plays a card with a pool takes its counters (l.256)."""
        won: list[int] = []
        trumps = suit_of(s.trump[0])
        if c == POPE:
            won.append(POPE_POOL)
        if suit_of(c) == trumps and rank_of(c) in RANK_POOL:
            won.append(RANK_POOL[rank_of(c)])
            mine = {rank_of(x) for x, b in zip(s.played, s.by, strict=True)
                    if b == seat and suit_of(x) == trumps}
            if rank_of(c) in (KING, QUEEN) and {KING, QUEEN} <= mine:
                won.append(MATRIMONY)
            if rank_of(c) in (QUEEN, JACK) and {QUEEN, JACK} <= mine:
                won.append(INTRIGUE)
        if not won:
            return s
        return replace(s, match=s.match.add(seat, sum(s.board[p] for p in won)),
                       board=self._empty(s.board, *won))

    def _out(self, s: PopeState, seat: Seat) -> PopeState:
        """``seat`` has parted with all his cards: the Game pool, and a counter for each
        card every other player holds, but from a player holding the Pope."""
        paid = [0 if POPE in h else len(h) for h in s.hands]
        got = s.board[GAME] + sum(paid)
        match = s.match.with_scores(
            [sc - paid[x] + (got if x == seat else 0) for x, sc in enumerate(s.match.scores)])
        excused = [self.seat_name(x) for x, h in enumerate(s.hands) if POPE in h]
        how = (f"{self.seat_name(seat)} went out and took the Game pool "
               f"({s.board[GAME]}) and {sum(paid)} counters for cards held")
        if excused:
            how += f" ({excused[0]}, holding the Pope, paid nothing)"
        return self._close(replace(s, match=match, board=self._empty(s.board, GAME)), how)

    def _close(self, s: PopeState, how: str) -> PopeState:
        match = s.match.close_deal(f"Deal {s.match.deal}: {how}.")
        if match.deal >= self.seats * int(self.option("rounds")):
            return replace(s, match=match, phase=OVER)
        return replace(s, match=match.next_deal(), phase=BETWEEN)

    def outcome(self, state: PopeState) -> Outcome | None:
        if state.phase != OVER:
            return None
        return match_outcome(best_seats(state.match.scores), self.seat_names,
                             f"most counters ({max(state.match.scores)})")

    # -- what the table shows ----------------------------------------------------------

    def zones(self, state: PopeState) -> tuple[Zone, ...]:
        hands = tuple(hand_zone(x, h, self.seat_name(x)) for x, h in enumerate(state.hands))
        return (*hands,
                Zone("stops", "discard", state.stops, 0, label="the stops"),
                Zone("trump", "stock", state.trump, 1, label="trumps"),
                Zone("played", "pile", state.played, len(state.played), label="played"))

    def public(self, state: PopeState) -> dict[str, Any]:
        ran = zip(state.played[len(state.played) - state.run:],
                  state.by[len(state.by) - state.run:], strict=True)
        return {
            "match": state.match.public("counters"),
            "board": dict(zip(POOLS, state.board, strict=True)),
            "trumps": SUIT_NAMES[suit_of(state.trump[0])],
            "phase": state.phase,
            "leader": state.leader if state.phase == PLAY else None,
            "stops": len(state.stops),
            "last_run": [{"seat": b, "card": code(c)} for c, b in ran],
        }

    def describe(self, state: PopeState, move: Move) -> str:
        if move == DEAL:
            return f"Dress the board and deal deal {state.match.deal}"
        return "Lead this card"

    def narrate(self, before: PopeState, move: Move, after: PopeState) -> str:
        if move == DEAL:
            said = f"{self.seat_name(before.match.dealer)} dresses the board and deals."
            if after.phase != PLAY:
                said += " " + after.match.history[-1].summary
            return said
        cards = after.played[len(before.played):]
        seats = after.by[len(before.by):]
        said = f"{self.seat_name(seats[0])} leads {name(cards[0])}"
        for c, b in zip(cards[1:], seats[1:], strict=True):
            said += f", {self.seat_name(b)} plays {name(c)}"
        won = [POOLS[i] for i, (a, b) in enumerate(zip(before.board, after.board,
                                                        strict=True)) if b < a]
        if won and after.phase == PLAY:
            said += f" (winning {', '.join(won)})"
        if after.phase == PLAY:
            return said + f"; {self.seat_name(after.leader)} leads."
        return said + ". " + after.match.history[-1].summary

    def why_illegal(self, state: PopeState, move: Move, seat: Seat) -> str:
        if state.phase == PLAY:
            return "Lead a card from your own hand."
        return f"'{move.code}' is not a legal move now."

    # -- the computer player -------------------------------------------------------------

    def bot_move(self, view: Mapping[str, Any], seat: Seat, rand: int) -> str:
        """The book's advice (l.252): "First he leads cards which he knows will be stops,
        then Pope, if he has it, and afterward the lowest card in his suit, particularly
        an ace". A lead is a known stop when the run it starts, through the seat's own
        cards, ends on a king, the 7♦ or a card whose next card is face up."""
        codes = [str(m["code"]) for m in view["moves"].get(str(seat), ())]
        if not codes:
            raise ValueError(f"{self.seat_name(seat)} has no move to make")
        if codes == ["deal"]:
            return "deal"
        zones = {z["id"]: z for z in view["zones"]}
        hand = {parse(c) for c in zones[f"hand{seat}"]["up"]}
        seen = {parse(c) for z in ("played", "trump") for c in zones[z]["up"]}

        def stop_run(c: Card) -> int:  # cards shed when leading c ends on a known stop
            n = 1
            while (nxt := next_in_run(c)) is not None and nxt in hand:
                c, n = nxt, n + 1
            return n if nxt is None or nxt in seen else 0

        def of(c: Card) -> str:
            return "p" + code(c).lower()

        safe = sorted((c for c in hand if stop_run(c)), key=lambda c: (-stop_run(c), c))
        if safe:
            return of(safe[0])
        if POPE in hand:
            return of(POPE)
        low = min(hand, key=lambda c: (rank_of(c),
                                       -sum(suit_of(x) == suit_of(c) for x in hand), c))
        return of(low)
