"""I Suspect You, from the Vintage Card Games pages.

Source: ``002_e65e08a38c98e317.txt`` l.234-238; rule sheet ``shared/games/vintage.md``,
section I Suspect You.

"As soon as the cards have been dealt and the players have examined their hands, the one
on the left of the dealer plays the lowest card he has (the ace counting lowest). He must
place the card face downward on the table, at the same time calling out what it is. The
next player also puts down a card, face downward, and calls the next number ... It is not
necessary for the card laid down to be actually the one called out ... if one player
thinks another has put down the wrong card, he says, 'I suspect you.' The player must
then show his card, and if it should not be the one he said, he must take all the cards
laid down and add them to his pack; if, however, the card happens to be the right one,
then the accuser must take the cards. The player who first succeeds in getting rid of his
cards wins the game." (l.236-238)

Readings (the sheet's PROPOSED readings unless said otherwise):

- One pack of 52, all dealt one at a time from the dealer's left; when it does not go
  round equally the players served first hold one card more. 2 to 8 players.
- The leader "plays the lowest card he has ... calling out what it is": the rules make him
  put down a card of his lowest rank (any suit of it) and call that rank, so the first
  call is always true. Each later card is called one number higher; after King comes
  One again (amb. 1, 2). Calls are words: One .. Ten, Knave, Queen, King.
- One card a turn, in turn to the left (amb. 5). Any player but the one who put the card
  down may suspect the most recent card, until the next card is put down (amb. 4). The
  player whose turn it is may suspect it instead of playing; the others may suspect it or
  let it go (``pass``: a computer player, which must answer, passes; a person need not).
- The suspected card is shown to all (it lies face up on the pile) until the loser takes
  up the pile with ``take``; then play goes on with the player whose turn it was, calling
  the next number (amb. 3).
- "Getting rid of his cards": a player whose last card is down has not yet won; every
  other player may suspect that card or pass. When all have passed, or the card is
  suspected and was what he called, he wins the deal; if it was not, he takes the pile
  and play goes on.
- The match: the book plays one game; here a match is won by the first to win
  ``target`` deals (default 2), the deal passing to the left. A deal could go round for
  ever, so after ``LIMIT`` cards have been put down in one deal, once that card is
  settled the player holding fewest cards wins the deal (equal: the first of them in
  order of play from the dealer's left). The rules of the book never meet this limit in
  a game played with sense; it only makes every match end.

Moves: ``p<card>`` (put that card down, calling the next number: ``p7h``), ``suspect``,
``pass``, ``take`` (the loser of a challenge takes up the pile), ``deal`` (the next dealer
deals the next deal). A move naming a card is seen only by its seat; no sentence names a
card in a hand or face down on the pile.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ..cards import Card, code, parse, rank_of
from ..description import VINTAGE, Description
from ..game import Game, Move, Option, Outcome, Seat, Zone, players_option
from ..registry import register
from ..round import Match, deal_round, hand_zone, left_of, match_outcome, seats_from

SEAT_NAMES = tuple(f"Player {i}" for i in range(1, 9))
CALLS = ("", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
         "Knave", "Queen", "King")
SUSPECT, PASS, TAKE, DEAL = Move("suspect"), Move("pass"), Move("take"), Move("deal")
#: Cards put down in one deal after which the deal ends by count (see the docstring).
LIMIT = 156
MAX_TARGET = 5

PLAY, SHOWN, BETWEEN, OVER = "play", "shown", "between", "over"


@dataclass(frozen=True, slots=True)
class Challenge:
    """The last challenge of the deal: who suspected whom, of what call, whether the
    card was what was called, and who takes the pile."""

    by: Seat
    against: Seat
    call: int
    true: bool
    taker: Seat


@dataclass(frozen=True, slots=True)
class SuspectState:
    match: Match
    #: Each seat's hand, sorted by rank.
    hands: tuple[tuple[Card, ...], ...]
    #: The cards put down since the pile was last taken up, face down, last on top.
    pile: tuple[Card, ...] = ()
    phase: str = PLAY
    #: The seat to put down the next card.
    turn: Seat = 0
    #: The number the next card is called (0: the leader's first card, his lowest).
    call: int = 0
    #: The seat whose card may be suspected now (-1: none) and what it was called.
    last: Seat = -1
    claim: int = 0
    #: Seats that let the last card go.
    passed: tuple[bool, ...] = ()
    challenge: Challenge | None = None
    #: Cards put down in this deal.
    plays: int = 0


def _sorted(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (rank_of(c), c)))


def card_of(move: Move) -> Card:
    return parse(move.code[1:])


@register
class ISuspectYou(Game[SuspectState]):
    description = Description(
        id="i_suspect_you", title="I Suspect You", book=VINTAGE, lines="234-238",
        skill="some",
        # every deal (MAX_TARGET - 1) * 8 + 1 deals at most, each at most LIMIT cards,
        # each followed by a pass of every other seat, or a challenge and a take
        bound=((MAX_TARGET - 1) * 8 + 1) * (1 + LIMIT * (8 + 2)),
        seat_names=SEAT_NAMES, cooperative=False, moves_public=False, seats_range=(2, 8),
        layout="round", aliases=("cheat", "i_doubt_it"))
    option_specs: ClassVar[tuple[Option, ...]] = (
        players_option(2, 8, 4),
        Option("target", 2, "Deals a player must win to win the match.",
               minimum=1, maximum=MAX_TARGET),
    )

    @property
    def target(self) -> int:
        return int(self.option("target"))

    # -- dealing -----------------------------------------------------------------------

    def deal(self, seed: int) -> SuspectState:
        return self.layout(Match.start(seed, self.seats).cards(self.pack()), seed)

    def layout(self, cards: tuple[Card, ...], seed: int) -> SuspectState:
        """Deal 1 of the match from ``cards`` (first card dealt first)."""
        return self._lay(Match.start(seed, self.seats), cards)

    def _lay(self, match: Match, cards: tuple[Card, ...]) -> SuspectState:
        hands = tuple(_sorted(h) for h in deal_round(cards, self.seats, match.first))
        return SuspectState(match, hands, turn=match.first,
                            passed=(False,) * self.seats)

    # -- play --------------------------------------------------------------------------

    def _final(self, s: SuspectState) -> bool:
        """Whether the card that may be suspected ends the deal if it stands: its
        player's last card, or the deal's last by the limit."""
        return s.last >= 0 and (not s.hands[s.last] or s.plays >= LIMIT)

    def _window(self, s: SuspectState) -> tuple[Seat, ...]:
        """The seats that may still suspect the last card, in order of play."""
        if s.last < 0:
            return ()
        return tuple(x for x in seats_from(left_of(s.last, self.seats), self.seats)
                     if x != s.last and not s.passed[x])

    def to_move(self, state: SuspectState) -> tuple[Seat, ...]:
        if state.phase == PLAY:
            if self._final(state):
                return self._window(state)
            return (state.turn, *(x for x in self._window(state) if x != state.turn))
        if state.phase == SHOWN:
            assert state.challenge is not None
            return (state.challenge.taker,)
        if state.phase == BETWEEN:
            return (state.match.dealer,)
        return ()

    def legal_moves(self, state: SuspectState, seat: Seat) -> tuple[Move, ...]:
        """The cards to put down (in hand order), then ``suspect``, then ``pass``;
        ``take``; ``deal``."""
        if seat not in self.to_move(state):
            return ()
        if state.phase == SHOWN:
            return (TAKE,)
        if state.phase == BETWEEN:
            return (DEAL,)
        out: list[Move] = []
        if seat == state.turn and not self._final(state):
            hand = state.hands[seat]
            if state.call == 0:  # the leader: a card of his lowest rank
                hand = tuple(c for c in hand if rank_of(c) == rank_of(hand[0]))
            out += [Move("p" + code(c).lower()) for c in hand]
        if state.last >= 0:
            out.append(SUSPECT)
            if seat != state.turn or self._final(state):
                out.append(PASS)
        return tuple(out)

    def apply_unchecked(self, state: SuspectState, move: Move) -> SuspectState:
        seat = next(x for x in self.to_move(state) if move in self.legal_moves(state, x))
        return self.apply_for(state, move, seat)

    def apply_for(self, state: SuspectState, move: Move, seat: Seat) -> SuspectState:
        if move == DEAL:
            return self._lay(state.match, state.match.cards(self.pack()))
        if move == TAKE:
            return self._take(state)
        if move == SUSPECT:
            return self._suspect(state, seat)
        if move == PASS:
            return self._pass(state, seat)
        return self._put_down(state, card_of(move))

    def _put_down(self, s: SuspectState, card: Card) -> SuspectState:
        hands = list(s.hands)
        hands[s.turn] = tuple(c for c in hands[s.turn] if c != card)
        call = s.call or rank_of(card)
        return replace(s, hands=tuple(hands), pile=(*s.pile, card), last=s.turn,
                       claim=call, call=call % 13 + 1, turn=left_of(s.turn, self.seats),
                       passed=(False,) * self.seats, plays=s.plays + 1, challenge=None)

    def _suspect(self, s: SuspectState, by: Seat) -> SuspectState:
        true = rank_of(s.pile[-1]) == s.claim
        ch = Challenge(by, s.last, s.claim, true, by if true else s.last)
        return replace(s, phase=SHOWN, challenge=ch)

    def _pass(self, s: SuspectState, by: Seat) -> SuspectState:
        passed = list(s.passed)
        passed[by] = True
        s = replace(s, passed=tuple(passed))
        if self._final(s) and not self._window(s):
            return self._end_deal(s, s.last if not s.hands[s.last] else None)
        return s

    def _take(self, s: SuspectState) -> SuspectState:
        ch = s.challenge
        assert ch is not None
        hands = list(s.hands)
        hands[ch.taker] = _sorted(hands[ch.taker] + s.pile)
        s = replace(s, hands=tuple(hands), pile=(), phase=PLAY, last=-1,
                    passed=(False,) * self.seats)
        if not s.hands[ch.against]:
            return self._end_deal(s, ch.against)
        if s.plays >= LIMIT:
            return self._end_deal(s, None)
        return s

    def _end_deal(self, s: SuspectState, winner: Seat | None) -> SuspectState:
        if winner is None:  # the limit: fewest cards, the first of them in order of play
            order = seats_from(s.match.first, self.seats)
            winner = min(order, key=lambda x: len(s.hands[x]))
            how = f"held fewest cards after {s.plays} cards were put down"
        else:
            how = "got rid of all his cards"
        match = s.match.add(winner, 1)
        match = match.close_deal(f"Deal {match.deal}: {self.seat_name(winner)} {how}.")
        if match.scores[winner] >= self.target:
            return replace(s, match=match, phase=OVER, last=-1)
        return replace(s, match=match.next_deal(), phase=BETWEEN, last=-1)

    def outcome(self, state: SuspectState) -> Outcome | None:
        if state.phase != OVER:
            return None
        scores = state.match.scores
        winner = max(range(self.seats), key=lambda x: scores[x])
        return match_outcome((winner,), self.seat_names,
                             f"the first to win {self.target} "
                             f"deal{'s' if self.target > 1 else ''}")

    # -- what the table shows ----------------------------------------------------------

    def zones(self, state: SuspectState) -> tuple[Zone, ...]:
        hands = tuple(hand_zone(x, h, self.seat_name(x)) for x, h in enumerate(state.hands))
        shown = 1 if state.phase == SHOWN else 0
        return (*hands, Zone("pile", "pile", state.pile, shown, label="cards laid down"))

    def public(self, state: SuspectState) -> dict[str, Any]:
        ch = state.challenge
        return {
            "match": state.match.public("points", self.target),
            "phase": state.phase,
            "turn": state.turn if state.phase == PLAY else None,
            "call": CALLS[state.call] if state.call else None,
            "claim": None if state.last < 0 else {
                "seat": state.last, "call": state.claim, "word": CALLS[state.claim],
                "last_card": not state.hands[state.last]},
            "passed": [x for x, p in enumerate(state.passed) if p],
            "challenge": None if ch is None else {
                "by": ch.by, "against": ch.against, "call": ch.call,
                "word": CALLS[ch.call], "true": ch.true, "taker": ch.taker},
            "plays": state.plays,
            "limit": LIMIT,
        }

    def describe(self, state: SuspectState, move: Move) -> str:
        if move == DEAL:
            return f"Deal the cards for deal {state.match.deal}"
        if move == TAKE:
            return f"Take up the {len(state.pile)} cards laid down"
        claimer = self.seat_name(state.last) if state.last >= 0 else ""
        if move == SUSPECT:
            return f"Say 'I suspect you' to {claimer} (called '{CALLS[state.claim]}')"
        if move == PASS:
            return f"Let {claimer}'s '{CALLS[state.claim]}' go"
        if state.call == 0:
            return (f"Put down your lowest card face down, calling "
                    f"'{CALLS[rank_of(card_of(move))]}'")
        return f"Put down a card face down, calling '{CALLS[state.call]}'"

    def narrate(self, before: SuspectState, move: Move, after: SuspectState) -> str:
        who = self.seat_name
        if move == DEAL:
            return f"{who(before.match.dealer)} deals deal {before.match.deal}."
        if move == TAKE:
            ch = before.challenge
            assert ch is not None
            said = f"{who(ch.taker)} takes up the {len(before.pile)} cards laid down."
        elif move == SUSPECT:
            ch = after.challenge
            assert ch is not None
            was = "it was" if ch.true else "it was not"
            said = (f"{who(ch.by)} suspects {who(ch.against)}: the card is shown, and "
                    f"{was} a {CALLS[ch.call].lower()}; {who(ch.taker)} must take the pile.")
        elif move == PASS:
            by = next((x for x, (a, b) in enumerate(zip(before.passed, after.passed,
                                                         strict=True)) if b and not a), None)
            said = f"{'A player' if by is None else who(by)} lets {who(before.last)}'s " \
                   f"'{CALLS[before.claim]}' go."
            if after.phase == PLAY:
                return said
        else:
            said = f"{who(before.turn)} puts down a card and calls '{CALLS[after.claim]}'."
            if not after.hands[before.turn]:
                said += " It is his last card."
        if after.match.history != before.match.history:
            said += " " + after.match.history[-1].summary
        return said

    def why_illegal(self, state: SuspectState, move: Move, seat: Seat) -> str:
        if move.code.startswith("p") and state.phase == PLAY and seat == state.turn:
            if state.call == 0:
                return "The leader must put down a card of his lowest rank."
            return "You can put down only a card from your own hand."
        return f"'{move.code}' is not a legal move now."

    # -- the computer player -------------------------------------------------------------

    def bot_move(self, view: Mapping[str, Any], seat: Seat, rand: int) -> str:
        """Tell the truth when the hand allows, else put down the card whose number the
        seat will call last; suspect a call its own hand makes impossible (it holds all
        four), one time in ten one it makes unlikely (three), rarely any other, and a
        player's last card three times as readily. (Suspecting more often sends the
        pile to and fro: at two players, with one in three for three held, most deals
        ran to the limit of 156 cards.)"""
        codes = [str(m["code"]) for m in view["moves"].get(str(seat), ())]
        if not codes:
            raise ValueError(f"{self.seat_name(seat)} has no move to make")
        if len(codes) == 1:
            return codes[0]
        hand = [parse(c) for z in view["zones"] if z["id"] == f"hand{seat}" for c in z["up"]]
        pub = view["public"]
        claim = pub["claim"]
        if "suspect" in codes and claim is not None:
            held = sum(rank_of(c) == claim["call"] for c in hand)
            odds = {4: 1, 3: 10, 2: 60}.get(held, 120)
            if claim["last_card"]:
                odds = max(1, odds // 3)
            if held == 4 or rand % odds == 0:
                return "suspect"
        plays = [c for c in codes if c.startswith("p") and c != "pass"]
        if not plays:
            return "pass"
        call = CALLS.index(pub["call"]) if pub["call"] else 0
        if call == 0:
            return plays[0]
        true = [c for c in plays if rank_of(parse(c[1:])) == call]
        if true:
            return true[0]
        n = len(view["seats"])

        def wait(c: str) -> int:  # turns until this seat calls the card's number
            r = rank_of(parse(c[1:]))
            return next((k for k in range(13) if (call + k * n - 1) % 13 + 1 == r), 13)

        return max(plays, key=lambda c: (wait(c), c))
