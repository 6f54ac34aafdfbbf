"""Beggar My Neighbor, from the Vintage Card Games pages.

Source: ``002_e65e08a38c98e317.txt`` l.228-232; rule sheet ``shared/games/vintage.md``,
section Beggar My Neighbor.

"The cards are dealt equally to the players. The first player puts down a card, face
upward, upon the table. If it be a common card ... his neighbors put down in turn their
cards until a court card (that is, a picture card or an ace) turns up. If at last an ace
be played, the neighbor of the one who plays it must pay him four cards; if a king three
cards, if a queen two, and if a jack one. The one who played the court card also takes
all the cards that have been played, and puts them under his own pack. If, however, in
playing for a court card, one of the players puts down another court card, then his
neighbor must pay him, and he takes the whole pack instead of the previous player"
(l.230-232).

Readings (the sheet's PROPOSED readings unless said otherwise):

- One pack of 52, all of it dealt one at a time round the table from the dealer's left,
  face down; each player plays from the top of his pack without looking at it. "Dealt
  equally": when the pack does not go round equally (3, 5, 6, 7, 8 players) the players
  served first hold one card more (the book says nothing of the odd cards; this keeps
  every card in play).
- "Neighbor" is the next player to the left (clockwise); the player on the dealer's left
  plays first (amb. 1, 3).
- A player who runs out of cards while paying is out, and the next player still holding
  cards takes over what is left of the payment (amb. 2). A player whose last card was a
  court card is still owed his payment: he is out only if someone else takes the pile.
- Who plays after a pile is taken: the book does not say. Here the player who took it
  puts down the next card (the usual rule, and the book's "first player" is simply the
  one whose turn it is).
- Taken cards go under the taker's pack in the order they were played (the first card
  of the pile comes up first once his old cards are gone).
- The game (the match: one deal) is won by the player who wins all the cards; a player
  with no cards left, and no payment owed to him, drops out. Beggar My Neighbor may go on
  for ever (Casella's deal of 2024 goes round a cycle of 62 tricks), so the option
  ``max_cards`` (default 5000 cards played, at most 10,000) ends it: then the player
  holding most cards wins (equal holders share the win) and the cards on the table count
  for nobody. The longest games known end within 10,000 cards (the record, Nessler's of
  2022, at 8,344), so a table may play any of them to its end.

There is no choice to make: the one move is ``play`` (the player in turn puts the top
card of his pack face up on the table), so the computer players play it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ..cards import ACE, JACK, KING, QUEEN, Card, name, rank_of
from ..description import VINTAGE, Description
from ..game import Game, Move, Option, Outcome, Seat, Zone, players_option
from ..registry import register
from ..round import Match, best_seats, deal_round, match_outcome, next_in_play, pack_zone

PLAY = Move("play")
#: What a court card's neighbour must pay (l.232).
PAY = {ACE: 4, KING: 3, QUEEN: 2, JACK: 1}
PAY_WORDS = ("", "one card", "two cards", "three cards", "four cards")
SEAT_NAMES = tuple(f"Player {i}" for i in range(1, 9))
#: The most ``max_cards`` may be: past the longest games known (8,344 cards).
MAX_CARDS = 10_000


@dataclass(frozen=True, slots=True)
class BeggarState:
    match: Match
    #: Each seat's face-down pack, top card last.
    packs: tuple[tuple[Card, ...], ...]
    #: The cards on the table since the last pile was taken, first played first.
    pile: tuple[Card, ...] = ()
    #: The seat that plays next.
    turn: Seat = 0
    #: Cards the player in turn still owes the claimant (0: playing for a court card).
    owed: int = 0
    #: Who played the last court card and waits for his payment.
    claimant: Seat | None = None
    #: Cards played so far in the match (``max_cards`` ends it).
    played: int = 0
    over: bool = False


def _court(c: Card) -> bool:
    return rank_of(c) in PAY


@register
class BeggarMyNeighbor(Game[BeggarState]):
    description = Description(
        id="beggar_my_neighbor", title="Beggar My Neighbor", book=VINTAGE,
        lines="228-232", skill="chance", bound=MAX_CARDS, seat_names=SEAT_NAMES,
        cooperative=False, moves_public=False, seats_range=(2, 8), layout="round",
        aliases=("beggar_my_neighbour", "strip_jack_naked"))
    option_specs: ClassVar[tuple[Option, ...]] = (
        players_option(2, 8, 2),
        Option("max_cards", 5000, "After this many cards played the player holding most "
               "cards wins (the game may otherwise go on for ever).",
               minimum=10, maximum=MAX_CARDS),
    )

    @property
    def max_cards(self) -> int:
        return int(self.option("max_cards"))

    # -- dealing -----------------------------------------------------------------------

    def deal(self, seed: int) -> BeggarState:
        return self.layout(Match.start(seed, self.seats).cards(self.pack()), seed)

    def layout(self, cards: tuple[Card, ...], seed: int) -> BeggarState:
        """Deal ``cards`` (first card dealt first) round from the dealer's left; each
        card dealt goes under the ones before it, so the first card a player was dealt is
        the first he plays."""
        match = Match.start(seed, self.seats)
        hands = deal_round(cards, self.seats, match.first)
        packs = tuple(tuple(reversed(h)) for h in hands)
        return BeggarState(match, packs, turn=match.first)

    # -- play ----------------------------------------------------------------------------

    def to_move(self, state: BeggarState) -> tuple[Seat, ...]:
        return () if state.over else (state.turn,)

    def legal_moves(self, state: BeggarState, seat: Seat) -> tuple[Move, ...]:
        return (PLAY,) if not state.over and seat == state.turn else ()

    def apply_unchecked(self, state: BeggarState, move: Move) -> BeggarState:
        t = state.turn
        packs = list(state.packs)
        card = packs[t][-1]
        packs[t] = packs[t][:-1]
        s = replace(state, packs=tuple(packs), pile=(*state.pile, card),
                    played=state.played + 1)
        has = [bool(p) for p in s.packs]
        if _court(card):
            # the neighbour (the next still holding cards) pays him
            nxt = next_in_play(t, has)
            s = (_take(s, t) if nxt is None
                 else replace(s, claimant=t, owed=PAY[rank_of(card)], turn=nxt))
        elif s.claimant is not None:
            owed = s.owed - 1
            nxt = t if has[t] else next_in_play(t, has)
            if owed == 0 or nxt is None or nxt == s.claimant:
                s = _take(s, s.claimant)
            else:
                s = replace(s, owed=owed, turn=nxt)
        else:
            nxt = next_in_play(t, has)
            s = _take(s, t) if nxt is None else replace(s, turn=nxt)
        return self._settle(s)

    def _settle(self, s: BeggarState) -> BeggarState:
        """End the match when one player holds every card, or at ``max_cards``."""
        held = sum(len(p) for p in s.packs)
        if not s.pile and max(len(p) for p in s.packs) == held:
            return self._close(s, "took every card")
        if s.played >= self.max_cards:
            return self._close(s, f"held most cards after {s.played} cards played")
        return s

    def _close(self, s: BeggarState, how: str) -> BeggarState:
        scores = self._held(s)
        winners = best_seats(scores)
        said = match_outcome(winners, self.seat_names, how).summary
        return replace(s, over=True, match=s.match.close_deal(said, scores))

    @staticmethod
    def _held(s: BeggarState) -> tuple[int, ...]:
        return tuple(len(p) for p in s.packs)

    def outcome(self, state: BeggarState) -> Outcome | None:
        if not state.over:
            return None
        return Outcome(True, state.match.history[-1].summary,
                       best_seats(self._held(state)))

    # -- what the table shows ------------------------------------------------------------

    def zones(self, state: BeggarState) -> tuple[Zone, ...]:
        packs = tuple(pack_zone(s, p, f"{self.seat_name(s)}'s pack")
                      for s, p in enumerate(state.packs))
        return (*packs, Zone("pile", "pile", state.pile, len(state.pile),
                             label="the table"))

    def hidden_count(self, state: BeggarState) -> int:
        return sum(len(p) for p in state.packs)  # the packs are face down, the pile up

    def public(self, state: BeggarState) -> dict[str, Any]:
        return {
            "match": state.match.public("cards", scores=self._held(state)),
            "turn": None if state.over else state.turn,
            "owed": state.owed,
            "claimant": state.claimant,
            "out": [s for s, p in enumerate(state.packs)
                    if not p and s != state.claimant],
            "played": state.played,
            "max_cards": self.max_cards,
        }

    def describe(self, state: BeggarState, move: Move) -> str:
        who = self.seat_name(state.turn)
        if state.claimant is not None:
            return (f"{who} pays {self.seat_name(state.claimant)} with the top card of "
                    "the pack")
        return f"{who} puts the top card of the pack face up on the table"

    def narrate(self, before: BeggarState, move: Move, after: BeggarState) -> str:
        who = self.seat_name(before.turn)
        card = before.packs[before.turn][-1]
        said = f"{who} plays {name(card)}"
        if _court(card) and after.claimant == before.turn:
            said += (f": {self.seat_name(after.turn)} must pay "
                     f"{PAY_WORDS[PAY[rank_of(card)]]}")
        elif not after.pile and before.pile:
            taker = before.claimant if before.claimant is not None else before.turn
            said += (f"; {self.seat_name(taker)} takes the {len(before.pile) + 1} cards "
                     "on the table")
        if after.over:
            said += ". " + after.match.history[-1].summary
        return said

    def why_illegal(self, state: BeggarState, move: Move, seat: Seat) -> str:
        return "The only move is 'play': put the top card of your pack on the table."


def _take(s: BeggarState, taker: Seat) -> BeggarState:
    """``taker`` puts the cards on the table under his pack (first played first to come
    up) and plays next."""
    packs = list(s.packs)
    packs[taker] = (*reversed(s.pile), *packs[taker])
    return replace(s, packs=tuple(packs), pile=(), owed=0, claimant=None, turn=taker)
