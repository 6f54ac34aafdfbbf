"""All Fours, from the Vintage Card Games pages.

Source: ``002_e65e08a38c98e317.txt`` l.283-298; rule sheet ``shared/games/vintage.md``,
section All Fours.

"This game takes its name from the four chances or points of which it consists, namely,
'High,' 'Low,' 'Jack,' and 'Game.' It may be played by two or four players ... 'High,' the
highest trump out; the holder scores one point. 'Low,' the lowest trump out; the original
holder of it scores one point even if it is taken by his adversary. 'Jack,' the knave of
trumps; the holder scores one point, unless it be won by his adversary, in which case the
winner scores one. 'Game,' the greatest number of tricks gained by either party;
reckoning for each Ace four toward game, each King three ..., each Queen two ..., each
Jack one ..., each Ten ten toward game ... When the players hold equal numbers, the dealer
does not score. Begging is when the player next the dealer does not like his cards and
says, 'I beg,' in which case the dealer must either let him score one, saying, 'Take
one,' or give three more cards from the pack to all the players and then turn up the next
card for trumps; if the trump turned up is the same suit as the last, the dealer must give
another three cards until a different suit turns up trumps ... the dealer gives six to
each player. If there be two playing, he turns up the thirteenth card for trumps; if four
are playing, he turns up the twenty-fifth. Should the turn-up be a jack, the dealer
scores one point ... Should no player have either a court card or a ten, the player next
to the dealer scores the point for the game. If only one trump should be out, it counts
both High and Low to the player who first has it." (l.285-298)

Readings (the sheet's PROPOSED readings unless said otherwise):

- Two players, or four as two partnerships (North and South against East and West:
  seats 0 and 2 against 1 and 3), scoring per side (amb. 4). Ace high, deuce low.
- Six cards each, dealt one at a time from the dealer's left; the next card (the 13th or
  the 25th) is turned up for trumps. A knave turned up scores the dealer's side one, and
  so does a knave turned up when the pack is run (the same words, "the turn-up").
- The player next the dealer holds (``hold``) or begs (``beg``); the dealer answers
  ``take1`` (the beggar's side scores one) or ``refuse`` (run the pack: three more cards
  each, one at a time, and the next card turned up, again while it is of the suit of
  the last). If the pack cannot give another three each and a turn-up, the hand is
  thrown in and the same dealer deals again (amb. 3); the deal counts in the history.
- Play: the player next the dealer leads; a player must follow suit if able, or may trump
  instead; unable to follow, he plays any card (amb. 1). The highest trump wins the
  trick, else the highest card of the suit led; its winner leads next. Six tricks are
  played, as the book says, also after the pack was run: cards left in hand are not
  played, and are shown when the deal ends.
- High and Low go to the side of the player dealt the card ("the holder", "the original
  holder"), whether or not he played it; Jack to the side that won it in a trick, or of
  its holder if it was not played; Game to the side with the greater count in the tricks
  it won. A count that is equal gives Game to the side that did not deal (amb. 2; option
  ``game_tie``: ``nobody``); no court card or ten taken by anyone gives it to the player
  next the dealer (l.298).
- Points are scored as they fall (the turned knave at the deal, "take one"), and at the
  end of the deal in the order High, Low, Jack, Game; the first side to reach ``target``
  (default 7, the sheet's PROPOSED) wins the match at once. A match in which points do
  not come (deals thrown in, drawn Games) ends after ``MAX_DEALS`` deals, the side ahead
  winning (equal sides share); no match of sensible play comes near it.

Moves: ``hold``, ``beg``, ``take1``, ``refuse``, ``p<card>`` (play that card: ``p7h``),
``deal`` (the next dealer deals).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ..cards import (
    JACK,
    QUEEN,
    RANK_WORDS,
    SUIT_NAMES,
    Card,
    card,
    code,
    name,
    parse,
    rank_of,
    suit_of,
)
from ..description import VINTAGE, Description
from ..game import Game, Move, Option, Outcome, Seat, Zone
from ..registry import register
from ..round import Match, deal_round, hand_zone, left_of, match_outcome
from ._tricks import COUNT, choose, value, winning

HOLD, BEG, TAKE1, REFUSE, DEAL = (Move(c) for c in ("hold", "beg", "take1", "refuse", "deal"))
TRICKS = 6
MAX_DEALS = 60

BEGGING, BEGGED, PLAY, BETWEEN, OVER = "begging", "begged", "play", "between", "over"


@dataclass(frozen=True, slots=True)
class Trick:
    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat


@dataclass(frozen=True, slots=True)
class FoursState:
    #: ``match.scores`` has one score per side (per seat with two players).
    match: Match
    hands: tuple[tuple[Card, ...], ...]
    #: The rest of the pack, face down, next card first.
    stock: tuple[Card, ...]
    #: The cards turned up for trumps this deal; the last is the trump card.
    turned: tuple[Card, ...]
    phase: str = BEGGING
    #: The seat to move in play, and the leader and cards of the trick on the table.
    turn: Seat = 0
    leader: Seat = 0
    trick: tuple[Card, ...] = ()
    tricks: tuple[Trick, ...] = ()
    #: Points scored so far this deal ("the knave turned up: North"), for its summary.
    notes: tuple[str, ...] = ()


@register
class AllFours(Game[FoursState]):
    description = Description(
        id="all_fours", title="All Fours", book=VINTAGE, lines="283-298", skill="some",
        # each deal: deal, beg, answer, six tricks of four cards
        bound=MAX_DEALS * (3 + TRICKS * 4), seat_names=("North", "East", "South", "West"),
        cooperative=False, moves_public=False, seats_range=(2, 4), layout="round",
        aces_high=True, aliases=("seven_up", "old_sledge"))
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("players", 2, "How many players sit at the table: two, or four as two "
               "partnerships.", choices=(2, 4)),
        Option("target", 7, "Points a side needs to win the match.", minimum=1, maximum=21),
        Option("game_tie", "non_dealer", "Who scores Game when the counts are equal: the "
               "side that did not deal, or nobody.", choices=("non_dealer", "nobody")),
    )

    @property
    def target(self) -> int:
        return int(self.option("target"))

    def side(self, seat: Seat) -> int:
        return seat % 2

    def side_name(self, side: int) -> str:
        if self.seats == 2:
            return self.seat_name(side)
        return f"{self.seat_name(side)} and {self.seat_name(side + 2)}"

    # -- dealing -----------------------------------------------------------------------

    def deal(self, seed: int) -> FoursState:
        return self.layout(Match.start(seed, self.seats, (0, 0)).cards(self.pack()), seed)

    def layout(self, cards: tuple[Card, ...], seed: int) -> FoursState:
        """Deal 1 from ``cards``: six each one at a time from the dealer's left, the next
        card turned up, the rest the stock."""
        return self._lay(Match.start(seed, self.seats, (0, 0)), cards)

    def _lay(self, match: Match, cards: tuple[Card, ...]) -> FoursState:
        n = self.seats
        hands = deal_round(cards, n, match.first, TRICKS)
        s = FoursState(match, tuple(_sort(h) for h in hands), cards[6 * n + 1:],
                       (cards[6 * n],), turn=match.first, leader=match.first)
        return self._turn_up_jack(s)

    def _turn_up_jack(self, s: FoursState) -> FoursState:
        """"Should the turn-up be a jack, the dealer scores one point" (l.294)."""
        if rank_of(s.turned[-1]) != JACK:
            return s
        return self._score(s, [(self.side(s.match.dealer), "the knave turned up")])

    # -- points --------------------------------------------------------------------------

    def _score(self, s: FoursState, points: Sequence[tuple[int, str]],
               close: bool = False) -> FoursState:
        """Score ``points`` (side, what for) in order; the match ends as soon as a side
        reaches the target. ``close``: the deal ends with them."""
        match = s.match
        notes = list(s.notes)
        for side, why in points:
            match = match.add(side, 1)
            notes.append(f"{why}: {self.side_name(side)}")
            if match.scores[side] >= self.target:
                notes.append(f"{self.side_name(side)} reach {self.target}")
                return replace(s, match=match.close_deal(self._summary(s, notes)),
                               phase=OVER)
        if not close:
            return replace(s, match=match, notes=tuple(notes))
        s = replace(s, match=match.close_deal(self._summary(s, notes or ["no points"])))
        return self._next_deal(s)

    def _summary(self, s: FoursState, notes: Sequence[str]) -> str:
        trumps = SUIT_NAMES[suit_of(s.turned[-1])]
        return f"Deal {s.match.deal} ({trumps} trumps): {'; '.join(notes)}."

    def _next_deal(self, s: FoursState) -> FoursState:
        if s.match.deal >= MAX_DEALS:
            return replace(s, phase=OVER)
        return replace(s, match=s.match.next_deal(), phase=BETWEEN)

    # -- play ----------------------------------------------------------------------------

    def to_move(self, state: FoursState) -> tuple[Seat, ...]:
        if state.phase == BEGGING:
            return (state.match.first,)
        if state.phase in (BEGGED, BETWEEN):
            return (state.match.dealer,)
        if state.phase == PLAY:
            return (state.turn,)
        return ()

    def legal_moves(self, state: FoursState, seat: Seat) -> tuple[Move, ...]:
        """``hold``, ``beg``; ``take1``, ``refuse``; the cards a player may play, in hand
        order; ``deal``."""
        if seat not in self.to_move(state):
            return ()
        if state.phase == BEGGING:
            return (HOLD, BEG)
        if state.phase == BEGGED:
            return (TAKE1, REFUSE)
        if state.phase == BETWEEN:
            return (DEAL,)
        return tuple(Move("p" + code(c).lower()) for c in self.playable(state, seat))

    def playable(self, s: FoursState, seat: Seat) -> tuple[Card, ...]:
        """Follow suit if able, or trump; unable to follow, any card."""
        hand = s.hands[seat]
        if not s.trick:
            return hand
        led, trumps = suit_of(s.trick[0]), suit_of(s.turned[-1])
        if not any(suit_of(c) == led for c in hand):
            return hand
        return tuple(c for c in hand if suit_of(c) in (led, trumps))

    def apply_unchecked(self, state: FoursState, move: Move) -> FoursState:
        s = state
        if move == DEAL:
            return self._lay(s.match, s.match.cards(self.pack()))
        if move == HOLD:
            return replace(s, phase=PLAY)
        if move == BEG:
            return replace(s, phase=BEGGED)
        if move == TAKE1:
            s = replace(s, phase=PLAY)
            return self._score(s, [(self.side(s.match.first), "'take one'")])
        if move == REFUSE:
            return self._run(s)
        return self._play(s, parse(move.code[1:]))

    def _run(self, s: FoursState) -> FoursState:
        """Run the pack: three more each and a new turn-up, while it is of the last
        trump's suit; thrown in when the pack cannot give them."""
        n = self.seats
        last = suit_of(s.turned[-1])
        while True:
            if len(s.stock) < 3 * n + 1:
                match = s.match.close_deal(f"Deal {s.match.deal}: thrown in (the pack ran "
                                           "out while begging); the same dealer deals.")
                s = replace(s, match=match)
                if match.deal >= MAX_DEALS:
                    return replace(s, phase=OVER)
                return replace(s, match=replace(match, deal=match.deal + 1), phase=BETWEEN)
            more = deal_round(s.stock[:3 * n], n, s.match.first)
            hands = tuple(_sort(h + m) for h, m in zip(s.hands, more, strict=True))
            s = replace(s, hands=hands, turned=(*s.turned, s.stock[3 * n]),
                        stock=s.stock[3 * n + 1:], phase=PLAY)
            s = self._turn_up_jack(s)
            if s.phase == OVER or suit_of(s.turned[-1]) != last:
                return s

    def _play(self, s: FoursState, c: Card) -> FoursState:
        seat = s.turn
        hands = list(s.hands)
        hands[seat] = tuple(x for x in hands[seat] if x != c)
        trick = (*s.trick, c)
        s = replace(s, hands=tuple(hands), trick=trick, turn=left_of(seat, self.seats))
        if len(trick) < self.seats:
            return s
        winner = (s.leader + self.winning(trick, suit_of(s.turned[-1]))) % self.seats
        s = replace(s, trick=(), tricks=(*s.tricks, Trick(s.leader, trick, winner)),
                    leader=winner, turn=winner)
        return self._tally(s) if len(s.tricks) == TRICKS else s

    winning = staticmethod(winning)

    def holder(self, s: FoursState, c: Card) -> Seat:
        """The seat that was dealt ``c`` (it played it, or holds it still)."""
        for t in s.tricks:
            if c in t.cards:
                return (t.leader + t.cards.index(c)) % self.seats
        return next(x for x, h in enumerate(s.hands) if c in h)

    def _tally(self, s: FoursState) -> FoursState:
        """The four points, in order (l.285-298)."""
        trumps = suit_of(s.turned[-1])
        out = [c for t in s.tricks for c in t.cards] + [c for h in s.hands for c in h]
        mine = sorted((c for c in out if suit_of(c) == trumps), key=value)
        points: list[tuple[int, str]] = []
        if mine:
            hi, lo = mine[-1], mine[0]
            points.append((self.side(self.holder(s, hi)),
                           f"High ({RANK_WORDS[rank_of(hi)]})"))
            points.append((self.side(self.holder(s, lo)),
                           f"Low ({RANK_WORDS[rank_of(lo)]})"))
        jack = card(JACK, trumps)
        if jack in out:
            won = next((t.winner for t in s.tricks if jack in t.cards), None)
            points.append((self.side(self.holder(s, jack) if won is None else won), "Jack"))
        counts = [0, 0]
        for t in s.tricks:
            counts[self.side(t.winner)] += sum(COUNT.get(rank_of(c), 0) for c in t.cards)
        dealer, elder = self.side(s.match.dealer), self.side(s.match.first)
        if counts[0] != counts[1]:
            points.append((0 if counts[0] > counts[1] else 1,
                           f"Game ({max(counts)} to {min(counts)})"))
        elif counts[0] == 0:
            points.append((elder, "Game (no court card or ten taken)"))
        elif self.option("game_tie") == "non_dealer":
            points.append((1 - dealer, f"Game (equal, {counts[0]} each)"))
        return self._score(replace(s, phase=BETWEEN), points, close=True)

    def outcome(self, state: FoursState) -> Outcome | None:
        if state.phase != OVER:
            return None
        sc = state.match.scores
        sides = [0, 1] if sc[0] == sc[1] else [0 if sc[0] > sc[1] else 1]
        winners = tuple(x for x in range(self.seats) if self.side(x) in sides)
        how = f"{max(sc)} points to {min(sc)}"
        if max(sc) < self.target:
            how += f" after {MAX_DEALS} deals"
        if self.seats == 2 or len(sides) == 2:
            return match_outcome(winners, self.seat_names, how)
        return Outcome(True, f"{self.side_name(sides[0])} win the match: {how}.", winners)

    # -- what the table shows ----------------------------------------------------------

    def zones(self, state: FoursState) -> tuple[Zone, ...]:
        ended = state.phase in (BETWEEN, OVER)
        hands = tuple(
            Zone(f"hand{x}", "hand", h, len(h), owner=x, label=self.seat_name(x))
            if ended else hand_zone(x, h, self.seat_name(x))
            for x, h in enumerate(state.hands))
        won = tuple(
            Zone(f"won{side}", "discard", pile, len(pile), label=f"won by {self.side_name(side)}")
            for side, pile in enumerate(self.won(state)))
        return (*hands, Zone("stock", "stock", state.stock, 0, label="the pack"),
                Zone("turned", "stock", state.turned, len(state.turned), label="trumps"),
                Zone("trick", "pile", state.trick, len(state.trick), label="the trick"),
                *won)

    def won(self, state: FoursState) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The cards of the tricks each side has won."""
        piles: tuple[list[Card], list[Card]] = ([], [])
        for t in state.tricks:
            piles[self.side(t.winner)].extend(t.cards)
        return tuple(piles[0]), tuple(piles[1])

    def public(self, state: FoursState) -> dict[str, Any]:
        sides = [[0, 2], [1, 3]] if self.seats == 4 else None
        # the last trick won stays shown while the next is played (its cards lie face up
        # in the winners' pile): a player may look at it again
        last = state.tricks[-1] if state.tricks else None
        return {
            "match": state.match.public("points", self.target, sides),
            "trumps": SUIT_NAMES[suit_of(state.turned[-1])],
            "phase": state.phase,
            "turn": state.turn if state.phase == PLAY else None,
            "leader": state.leader if state.phase == PLAY else None,
            "tricks": [sum(self.side(t.winner) == side for t in state.tricks)
                       for side in (0, 1)],
            "last_trick": None if last is None else {
                "leader": last.leader, "winner": last.winner,
                "cards": [code(c) for c in last.cards]},
        }

    def describe(self, state: FoursState, move: Move) -> str:
        elder = self.seat_name(state.match.first)
        said = {
            HOLD: "Hold your cards and play",
            BEG: "Say 'I beg'",
            TAKE1: f"Say 'Take one': {elder} scores one and play begins",
            REFUSE: "Give three more cards each and turn up the next card for trumps",
            DEAL: f"Deal deal {state.match.deal}",
        }
        if move in said:
            return said[move]
        return "Play a card" if state.trick else "Lead a card"

    def narrate(self, before: FoursState, move: Move, after: FoursState) -> str:
        who = self.seat_name
        if move == DEAL:
            said = f"{who(before.match.dealer)} deals; {name(after.turned[-1])} is turned up."
        elif move == HOLD:
            said = f"{who(before.match.first)} holds."
        elif move == BEG:
            said = f"{who(before.match.first)} begs."
        elif move == TAKE1:
            said = f"{who(before.match.dealer)} says 'Take one'."
        elif move == REFUSE:
            said = f"{who(before.match.dealer)} runs the pack."
            if after.match.deal == before.match.deal:
                new = after.turned[len(before.turned):]
                said = said[:-1] + f": {', '.join(name(c) for c in new)} turned up."
        else:
            c = parse(move.code[1:])
            said = f"{who(before.turn)} plays {name(c)}."
            if len(after.tricks) > len(before.tricks):
                said += f" {who(after.tricks[-1].winner)} wins the trick."
        if after.match.history != before.match.history:
            said += " " + after.match.history[-1].summary
        return said

    def why_illegal(self, state: FoursState, move: Move, seat: Seat) -> str:
        if state.phase == PLAY and move.code.startswith("p") and state.trick:
            return "Follow suit if you can, or trump; play a card from your own hand."
        return f"'{move.code}' is not a legal move now."

    # -- the computer player -------------------------------------------------------------

    def bot_move(self, view: Mapping[str, Any], seat: Seat, rand: int) -> str:
        """Hold with a high trump (knave or better) or three trumps, else beg; as dealer,
        give one unless it gives the match away, and while holding a good trump; in play,
        go for the knave and the tens (l.298): win a trick worth winning with the
        cheapest card that wins it, else throw the card worth least."""
        codes = [str(m["code"]) for m in view["moves"].get(str(seat), ())]
        if not codes:
            raise ValueError(f"{self.seat_name(seat)} has no move to make")
        pub = view["public"]
        zones = {z["id"]: z for z in view["zones"]}
        hand = [parse(c) for c in zones[f"hand{seat}"]["up"]]
        trumps = SUIT_NAMES.index(pub["trumps"])
        mine = [c for c in hand if suit_of(c) == trumps]
        high = [c for c in mine if value(c) >= JACK]
        if codes == ["hold", "beg"]:
            return "hold" if high or len(mine) >= 3 else "beg"
        if codes == ["take1", "refuse"]:
            match = pub["match"]
            elder = self.side(left_of(seat, len(view["seats"])))
            if match["scores"][elder] + 1 >= (match["target"] or 0):
                return "refuse"
            return "take1" if any(value(c) >= QUEEN for c in mine) or len(mine) >= 2 \
                else "refuse"
        if len(codes) == 1:
            return codes[0]
        cards = [parse(c[1:]) for c in codes]
        trick = [parse(c) for c in zones["trick"]["up"]]
        return "p" + code(choose(cards, trick, trumps, seat, len(view["seats"]),
                                 pub["leader"])).lower()

def _sort(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(hand, key=lambda c: (suit_of(c), value(c))))

