"""Old Maid, from the Vintage Card Games pages.

Source: ``002_e65e08a38c98e317.txt`` l.258-260; rule sheet ``shared/games/vintage.md``,
section Old Maid. The scan's "felt-hand neighbor" reads "left-hand neighbor".

"From a pack of cards take out one queen, shuffle the cards and deal them, face downward,
equally among all the players. The cards should then be taken, the pairs sorted out and
thrown upon the table. By 'pairs' is meant two kings, or two fives, and so on. When all
the pairs have been sorted out, the dealer offers the remainder of his cards to his
left-hand neighbor, who draws any card he chooses to select, though he is only allowed to
see the backs of them. The player who has drawn then looks at the cards to see if he can
pair it with one he holds in his hand; if he can, he throws out the pair; if not, he must
place it with his other cards. It is now his turn to offer his cards to his neighbor, and
so the game goes on until all the cards are paired, except, of course, the odd card which
is the companion to the banished queen. The holder of this card is 'the old maid.'"

Readings (the sheet's PROPOSED readings unless said otherwise):

- The queen taken out is set aside face down (which queen is never shown: the first
  queen of the shuffled pack). The other 51 cards are dealt one at a time from the
  dealer's left; "equally" as far as 51 allows: the players served first hold one card
  more (amb. 2).
- Pairs are thrown out face up at once, by the rules (there is nothing to choose): three
  of a kind throw one pair, four of a kind two (amb. 1). A drawn card that pairs is thrown
  out with its mate the same way.
- Each player draws from the nearest player on his right who still holds cards, and then
  offers his own to the nearest player on his left who does; a player left with no cards
  drops out (amb. 3). The dealer offers first.
- The offered cards are fanned face down in an order the drawer cannot know (a secret
  shuffle drawn from the match seed, :meth:`rules.round.Match.secret_order`, one per
  draw); ``d3`` draws the fourth card from the left of that fan. The owner sees his own
  hand sorted.
- The deal ends when one card is left: its holder is the old maid, and everyone else has
  escaped. The book plays one deal; the option ``deals`` (1, 3 or 5; default 1) plays a
  match of several, each dealt by the player left of the last dealer: each deal scores a
  point against its old maid, and the fewest points win the match (equal players share).

Moves: ``d0`` .. ``d{n-1}`` for the player in turn (``n`` cards offered). The computer
player draws a place at random.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ..cards import QUEEN, RANK_WORDS, Card, name, rank_of, suit_of
from ..description import VINTAGE, Description
from ..game import Audience, Game, Move, Option, Outcome, Seat, Told, Zone, players_option
from ..registry import register
from ..round import Match, deal_round, hand_zone, match_outcome, pick
from ..shape import Shape
from ..solo import open_zone

SEAT_NAMES = tuple(f"Player {i}" for i in range(1, 9))
PLURALS = {6: "sixes"}


def _plural(rank: int) -> str:
    return PLURALS.get(rank, RANK_WORDS[rank] + "s")


def _sorted(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (rank_of(c), suit_of(c))))


def _throw_pairs(hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """``(kept, thrown)``: every pair of a rank thrown out, two by two."""
    kept: list[Card] = []
    thrown: list[Card] = []
    for c in _sorted(hand):
        mate = next((k for k in kept if rank_of(k) == rank_of(c)), None)
        if mate is None:
            kept.append(c)
        else:
            kept.remove(mate)
            thrown += [mate, c]
    return tuple(kept), tuple(thrown)


@dataclass(frozen=True, slots=True)
class OldMaidState:
    match: Match
    #: Each seat's hand, sorted by rank and suit.
    hands: tuple[tuple[Card, ...], ...]
    #: Every pair thrown out this deal, face up, in order.
    pairs: tuple[Card, ...]
    #: The banished queen, face down.
    aside: tuple[Card, ...]
    #: The seat that draws next.
    turn: Seat
    #: Draws made this deal (each fan of offered cards is shuffled afresh).
    draws: int = 0
    over: bool = False


@register
class OldMaid(Game[OldMaidState]):
    description = Description(
        id="old_maid", title="Old Maid", book=VINTAGE, lines="258-260", skill="chance",
        bound=2000, seat_names=SEAT_NAMES, cooperative=False, moves_public=False,
        seats_range=(2, 8), layout="round")
    option_specs: ClassVar[tuple[Option, ...]] = (
        players_option(2, 8, 3),
        Option("deals", 1, "Deals in the match (the book plays one); each scores a point "
               "against its old maid, and the fewest points win.", choices=(1, 3, 5)),
    )

    # -- dealing -----------------------------------------------------------------------

    def deal(self, seed: int) -> OldMaidState:
        match = Match.start(seed, self.seats)
        return self._deal(match, match.cards(self.pack()))

    def layout(self, cards: tuple[Card, ...], seed: int) -> OldMaidState:
        """Set the first queen of ``cards`` aside and deal the rest (first card dealt
        first) from the dealer's left; pairs go out at once."""
        return self._deal(Match.start(seed, self.seats), cards)

    def _deal(self, match: Match, cards: tuple[Card, ...]) -> OldMaidState:
        queen = next(c for c in cards if rank_of(c) == QUEEN)
        rest = tuple(c for c in cards if c != queen)
        hands: list[tuple[Card, ...]] = []
        pairs: list[Card] = []
        for h in deal_round(rest, self.seats, match.first):
            kept, thrown = _throw_pairs(h)
            hands.append(kept)
            pairs += thrown
        s = OldMaidState(match, tuple(hands), tuple(pairs), (queen,), turn=match.dealer)
        return self._next_drawer(s, match.dealer)

    # -- play ----------------------------------------------------------------------------

    def offerer(self, state: OldMaidState) -> Seat:
        """The nearest seat on the drawer's right that holds cards."""
        n = self.seats
        return next(s for s in ((state.turn - i) % n for i in range(1, n))
                    if state.hands[s])

    def _next_drawer(self, s: OldMaidState, after: Seat) -> OldMaidState:
        """The drawer after ``after``: the nearest seat on its left holding cards; the
        deal ends when a single card is left."""
        if sum(len(h) for h in s.hands) <= 1:
            return self._end_deal(s)
        n = self.seats
        nxt = next(t for t in ((after + i) % n for i in range(1, n + 1)) if s.hands[t])
        return replace(s, turn=nxt)

    def _end_deal(self, s: OldMaidState) -> OldMaidState:
        maid = next(t for t, h in enumerate(s.hands) if h)
        match = s.match.add(maid, 1)
        said = f"{self.seat_name(maid)} is the old maid"
        match = match.close_deal(said)
        if match.deal >= int(self.option("deals")):
            return replace(s, match=match, over=True)
        match = match.next_deal()
        return self._deal(match, match.cards(self.pack()))

    def to_move(self, state: OldMaidState) -> tuple[Seat, ...]:
        return () if state.over else (state.turn,)

    def fan(self, state: OldMaidState) -> tuple[Card, ...]:
        """The offered cards as the drawer sees their backs, left to right."""
        return state.match.secret_order(state.hands[self.offerer(state)], state.draws)

    def legal_moves(self, state: OldMaidState, seat: Seat) -> tuple[Move, ...]:
        if state.over or seat != state.turn:
            return ()
        return tuple(Move(f"d{i}") for i in range(len(state.hands[self.offerer(state)])))

    def apply_unchecked(self, state: OldMaidState, move: Move) -> OldMaidState:
        giver, taker = self.offerer(state), state.turn
        card = self.fan(state)[int(move.code[1:])]
        hands = list(state.hands)
        hands[giver] = tuple(c for c in hands[giver] if c != card)
        kept, thrown = _throw_pairs((*hands[taker], card))
        hands[taker] = kept
        s = replace(state, hands=tuple(hands), pairs=(*state.pairs, *thrown),
                    draws=state.draws + 1)
        return self._next_drawer(s, taker)

    def shape(self, state: OldMaidState, move: Move, seat: Seat, audience: Audience) -> Shape:
        """A draw as the table sees it before it is made: a card no one may see, from the
        offerer's hand to the drawer's, named by its place among the backs the drawer
        sees (``at``: 0 the leftmost). (Read from the zones after it, as by default, a
        draw that makes a pair would name the drawer's card it pairs with: the drawer
        would know each offered card's rank before choosing.)"""
        if move.code[:1] == "d" and move.code[1:].isdigit():
            return Shape("move", f"hand{self.offerer(state)}", f"hand{state.turn}", (None,),
                         at=int(move.code[1:]))
        return super().shape(state, move, seat, audience)

    def outcome(self, state: OldMaidState) -> Outcome | None:
        if not state.over:
            return None
        points = state.match.scores
        fewest = min(points)
        winners = tuple(s for s, p in enumerate(points) if p == fewest)
        how = state.match.history[-1].summary
        if len(state.match.history) > 1:
            how = "fewest times the old maid"
        return match_outcome(winners, self.seat_names, how)

    # -- what the table shows ------------------------------------------------------------

    def zones(self, state: OldMaidState) -> tuple[Zone, ...]:
        hands = tuple(hand_zone(s, h, self.seat_name(s)) for s, h in enumerate(state.hands))
        return (*hands, open_zone("pairs", "discard", state.pairs, "pairs thrown out"),
                Zone("aside", "discard", state.aside, 0, label="the queen taken out"))

    def hidden_count(self, state: OldMaidState) -> int:
        return sum(len(h) for h in state.hands) + len(state.aside)

    def public(self, state: OldMaidState) -> dict[str, Any]:
        return {
            "match": state.match.public("points"),
            "turn": None if state.over else state.turn,
            "offerer": None if state.over else self.offerer(state),
            "out": [s for s, h in enumerate(state.hands) if not h],
            "deals": int(self.option("deals")),
        }

    def describe(self, state: OldMaidState, move: Move) -> str:
        i = int(move.code[1:])
        giver = self.seat_name(self.offerer(state))
        return f"Draw card {i + 1} from the left of {giver}'s hand"

    def narrate(self, before: OldMaidState, move: Move, after: OldMaidState) -> str:
        return self._said(before, move, after, "a card")

    def told(self, before: OldMaidState, move: Move, seat: Seat, after: OldMaidState
             ) -> dict[Seat, Told]:
        """The drawer sees the card he drew (the one who offered it saw it leave his
        hand, but it is now in the drawer's: nobody else is told its name)."""
        card = self.fan(before)[int(move.code[1:])]
        return {before.turn: (self._said(before, move, after, f"the {name(card)}"),
                              (card,))}

    def _said(self, before: OldMaidState, move: Move, after: OldMaidState,
              what: str) -> str:
        taker, giver = before.turn, self.offerer(before)
        said = f"{self.seat_name(taker)} draws {what} from {self.seat_name(giver)}"
        card = self.fan(before)[int(move.code[1:])]
        if any(rank_of(c) == rank_of(card) for c in before.hands[taker]):
            said += f" and throws out a pair of {_plural(rank_of(card))}"
        if after.match.history != before.match.history:
            said += ". " + after.match.history[-1].summary
        out = self.outcome(after)
        if out is not None and len(after.match.history) > 1:
            said += ". " + out.summary
        return said

    def why_illegal(self, state: OldMaidState, move: Move, seat: Seat) -> str:
        n = len(state.hands[self.offerer(state)])
        giver = self.seat_name(self.offerer(state))
        return f"Draw one of {giver}'s {n} cards by its place: d0 to d{n - 1}."

    # -- the computer player -------------------------------------------------------------

    def bot_move(self, view: Mapping[str, Any], seat: Seat, rand: int) -> str:
        codes = [m["code"] for m in view["moves"].get(str(seat), ())]
        if not codes:
            raise ValueError(f"{self.seat_name(seat)} has no move to make")
        return str(pick(codes, rand))
