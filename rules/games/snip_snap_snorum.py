"""Snip, Snap, Snorum, from the Vintage Card Games pages.

Source: ``002_e65e08a38c98e317.txt`` l.262-270; rule sheet ``shared/games/vintage.md``,
section Snip, Snap, Snorum.

"Any number of players may take part in it, and the whole of the fifty-two cards are
dealt out. Each player has five counters, and there is a pool in the middle, which is
empty at the commencement of the game. The first player plays a card—say it is a
six—then the one next to him looks through his cards, and if he has another six he puts
it down and says, 'Snip'; the first player must then pay a counter into the pool. If the
next player should chance to have another six, he plays it and says 'Snap,' and the one
who is snapped must pay in his turn, but the fine is increased to two counters. Should
the fourth player have the fourth six, he plays it, and says, 'Snorum,' and the third
player must now pay; his fine is three counters to the pool. No person may play out of
his turn, and every one must 'snip' when it is in his power. When any one has paid the
whole of his five counters to the pool he retires from the game; the pool becomes the
property of the one whose counters last the longest" (l.264-270).

Readings (the sheet's PROPOSED readings unless said otherwise):

- The whole pack is dealt one at a time from the dealer's left (the first served hold
  one more when it does not go round equally); the player on the dealer's left leads.
- After a card is led, the players in turn to the left look for its fellows: one who
  holds one must play it ("snip", then "snap", then "snorum"), and the player who put
  down the card before it pays 1, 2 or 3 counters; one who holds none passes (amb. 1: the
  book's example has the fellows fall to players in a row). Passing is done by the
  rules (there is nothing to choose, and everyone sees who plays); the call is the
  player's move, the only one he has. A player who holds two of the rank plays one now
  and may snap with the other when the turn comes round to him again.
- The search ends with the Snorum (all four out) or when it comes back to the player who
  put down the last of the rank; that player leads next (amb. 2, the sheet's reading),
  so a player whose lead nobody can follow leads again.
- A player who cannot pay his whole fine pays what he has; with no counter left he
  retires: his cards are dead, and he neither plays nor deals again. A player with no
  cards left only waits for the next deal (the lead passes to the next player holding
  cards).
- When nobody still in the game holds a card, the cards are gathered and dealt again by
  the next player to the left still in the game, to the players still in the game (the
  book says nothing of a second deal; the sheet's PROPOSED reading), until one player
  alone has counters: he takes the pool and wins. So that every match ends, the option
  ``max_deals`` (default 20) ends it after that many deals: the player with most
  counters wins, and equal players share.

Moves: ``p`` and a card's code (``p6h``, ``pth``) to lead a card of one's hand (hand
order); ``snip``, ``snap`` or ``snorum`` to play a fellow of the card led. The computer
player leads a card whose rank the others are least likely to hold (the fewest fellows
unseen by it), at random among equals.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ..cards import RANK_WORDS, Card, code, name, parse, rank_of, suit_of
from ..description import VINTAGE, Description
from ..game import Game, Move, Option, Outcome, Seat, Zone, players_option
from ..registry import register
from ..round import Match, best_seats, deal_round, hand_zone, match_outcome, pick
from ..solo import open_zone

SEAT_NAMES = tuple(f"Player {i}" for i in range(1, 9))
COUNTERS = 5
#: The call of the second, third and fourth card of a rank, and the fine it brings.
CALLS = ("snip", "snap", "snorum")


def _sorted(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (rank_of(c), suit_of(c))))


@dataclass(frozen=True, slots=True)
class SnipState:
    match: Match
    #: Each seat's hand, sorted (a retired player's cards stay there, dead).
    hands: tuple[tuple[Card, ...], ...]
    #: The cards played this deal, face up, in order.
    table: tuple[Card, ...]
    #: Counters in the pool (each seat's own are the match's scores).
    pool: int
    #: The seat to lead, or to play the next fellow of the rank.
    turn: Seat
    #: The rank being followed (0: a lead is due).
    rank: int = 0
    #: Cards of ``rank`` played since the lead (1-3 while the search goes on).
    count: int = 0
    #: Who put down the last card of ``rank`` (and pays if it is followed).
    last: Seat | None = None
    over: bool = False


@register
class SnipSnapSnorum(Game[SnipState]):
    description = Description(
        id="snip_snap_snorum", title="Snip, Snap, Snorum", book=VINTAGE, lines="262-270",
        skill="little", bound=20 * 52, seat_names=SEAT_NAMES, cooperative=False,
        moves_public=False, seats_range=(2, 8), layout="round",
        aliases=("snip_snap_snorem",))
    option_specs: ClassVar[tuple[Option, ...]] = (
        players_option(2, 8, 3),
        Option("max_deals", 20, "After this many deals the player with most counters wins "
               "(the book plays until one alone has counters).", minimum=1, maximum=20),
    )

    # -- dealing -----------------------------------------------------------------------

    def deal(self, seed: int) -> SnipState:
        return self.layout(Match.start(seed, self.seats).cards(self.pack()), seed)

    def layout(self, cards: tuple[Card, ...], seed: int) -> SnipState:
        """Deal ``cards`` (first card dealt first) from the dealer's left; five counters
        each, the pool empty."""
        match = Match.start(seed, self.seats, scores=(COUNTERS,) * self.seats)
        return self._deal(match, cards)

    def _deal(self, match: Match, cards: tuple[Card, ...]) -> SnipState:
        live = self._live(match)
        first = match.first_in_play(live)
        hands = deal_round(cards, self.seats, first, in_play=live)
        return SnipState(match, tuple(_sorted(h) for h in hands), (), 0, first)

    @staticmethod
    def _live(match: Match) -> list[bool]:
        """The seats still in the game (with counters)."""
        return [n > 0 for n in match.scores]

    # -- play ----------------------------------------------------------------------------

    def to_move(self, state: SnipState) -> tuple[Seat, ...]:
        return () if state.over else (state.turn,)

    def legal_moves(self, state: SnipState, seat: Seat) -> tuple[Move, ...]:
        if state.over or seat != state.turn:
            return ()
        if state.rank:
            return (Move(CALLS[state.count - 1]),)
        return tuple(Move("p" + code(c).lower()) for c in state.hands[seat])

    def apply_unchecked(self, state: SnipState, move: Move) -> SnipState:
        t = state.turn
        if state.rank:
            card = next(c for c in state.hands[t] if rank_of(c) == state.rank)
        else:
            card = parse(move.code[1:])
        hands = list(state.hands)
        hands[t] = tuple(c for c in hands[t] if c != card)
        s = replace(state, hands=tuple(hands), table=(*state.table, card))
        if not state.rank:
            s = replace(s, rank=rank_of(card), count=1, last=t)
        else:
            assert state.last is not None
            s = self._pay(s, state.last, state.count)
            if s.over:
                return s
            s = replace(s, count=state.count + 1, last=t)
        return self._next(s)

    def _pay(self, s: SnipState, who: Seat, fine: int) -> SnipState:
        """``who`` pays ``fine`` counters into the pool, or all he has and retires; the
        match ends when one player alone has counters (he takes the pool)."""
        paid = min(fine, s.match.scores[who])
        s = replace(s, match=s.match.add(who, -paid), pool=s.pool + paid)
        if sum(self._live(s.match)) == 1:
            return self._close(s, "his counters lasted the longest")
        return s

    def _next(self, s: SnipState) -> SnipState:
        """The next to play a fellow of the rank (passing those who hold none), or the
        next to lead."""
        last = s.last
        assert last is not None
        live = self._live(s.match)
        if s.count < 4:
            for i in range(1, self.seats):
                seat = (last + i) % self.seats
                if live[seat] and any(rank_of(c) == s.rank for c in s.hands[seat]):
                    return replace(s, turn=seat)
        # the search is over: the last to play of the rank leads next
        s = replace(s, rank=0, count=0)
        for i in range(self.seats):
            seat = (last + i) % self.seats
            if live[seat] and s.hands[seat]:
                return replace(s, turn=seat)
        return self._redeal(s)

    def _redeal(self, s: SnipState) -> SnipState:
        """Nobody still in the game holds a card: the next deal, or the end."""
        if s.match.deal >= int(self.option("max_deals")):
            return self._close(s, f"most counters after {s.match.deal} deals")
        match = s.match.close_deal(self._standing(s))
        match = match.next_deal(self._live(match))
        return replace(self._deal(match, match.cards(self.pack())), pool=s.pool)

    def _standing(self, s: SnipState) -> str:
        return ", ".join(f"{self.seat_name(p)} {n}" for p, n in enumerate(s.match.scores)) \
            + f"; the pool {s.pool}"

    def _close(self, s: SnipState, how: str) -> SnipState:
        """The end of the match: the pool to the one whose counters lasted longest (or,
        at ``max_deals``, to the one with most; equal players leave it)."""
        scores = list(s.match.scores)
        winners = best_seats(scores)
        pool = s.pool
        if len(winners) == 1:
            scores[winners[0]] += pool
            pool = 0
        said = match_outcome(winners, self.seat_names, how).summary
        return replace(s, match=s.match.close_deal(said, scores), pool=pool, over=True,
                       rank=0, count=0)

    def outcome(self, state: SnipState) -> Outcome | None:
        if not state.over:
            return None
        return Outcome(True, state.match.history[-1].summary,
                       best_seats(state.match.scores))

    # -- what the table shows ------------------------------------------------------------

    def zones(self, state: SnipState) -> tuple[Zone, ...]:
        hands = tuple(hand_zone(s, h, self.seat_name(s)) for s, h in enumerate(state.hands))
        return (*hands, open_zone("table", "pile", state.table, "cards played"))

    def hidden_count(self, state: SnipState) -> int:
        return sum(len(h) for h in state.hands)

    def public(self, state: SnipState) -> dict[str, Any]:
        return {
            "match": state.match.public("counters"),
            "pool": state.pool,
            "turn": None if state.over else state.turn,
            "rank": state.rank,
            "count": state.count,
            "last": state.last,
            "retired": [s for s, n in enumerate(state.match.scores) if n <= 0],
            "max_deals": int(self.option("max_deals")),
        }

    def describe(self, state: SnipState, move: Move) -> str:
        if move.code in CALLS:
            fine = state.count
            payer = self.seat_name(state.last if state.last is not None else 0)
            return (f"Play your {RANK_WORDS[state.rank]} and say '{move.code.capitalize()}'"
                    f" ({payer} pays {fine})")
        return f"Lead {name(parse(move.code[1:]))}"

    def narrate(self, before: SnipState, move: Move, after: SnipState) -> str:
        who = self.seat_name(before.turn)
        if move.code in CALLS:
            payer = before.last if before.last is not None else 0
            said = (f"{who} plays a {RANK_WORDS[before.rank]} and says "
                    f"'{move.code.capitalize()}!': {self.seat_name(payer)} pays "
                    f"{min(before.count, before.match.scores[payer])}")
            if after.match.scores[payer] <= 0 < before.match.scores[payer]:
                said += " and retires"
        else:
            said = f"{who} leads {name(parse(move.code[1:]))}"
        if after.match.deal != before.match.deal:
            said += f". Deal {before.match.deal} is over; {self.seat_name(after.match.dealer)}"\
                    " deals again"
        out = self.outcome(after)
        if out is not None:
            said += ". " + out.summary
        return said

    def why_illegal(self, state: SnipState, move: Move, seat: Seat) -> str:
        if state.rank:
            return (f"You hold a {RANK_WORDS[state.rank]} and must play it: "
                    f"'{CALLS[state.count - 1]}'.")
        return "Lead a card of your hand: 'p' and its code, as p7h."

    # -- the computer player -------------------------------------------------------------

    def bot_move(self, view: Mapping[str, Any], seat: Seat, rand: int) -> str:
        codes = [m["code"] for m in view["moves"].get(str(seat), ())]
        if not codes:
            raise ValueError(f"{self.seat_name(seat)} has no move to make")
        if len(codes) == 1:
            return str(codes[0])
        seen: dict[int, int] = {}
        for z in view["zones"]:
            if z["id"] in (f"hand{seat}", "table"):
                for c in z["up"]:
                    r = rank_of(parse(c))
                    seen[r] = seen.get(r, 0) + 1
        unseen = {c: 4 - seen.get(rank_of(parse(c[1:])), 0) for c in codes}
        fewest = min(unseen.values())
        return str(pick([c for c in codes if unseen[c] == fewest], rand))
