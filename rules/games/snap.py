"""Snap, and Animal Snap, from the Vintage Card Games pages.

Source: ``002_e65e08a38c98e317.txt`` l.273-281 (no title survives; Animal Snap at l.281);
rule sheet ``shared/games/vintage.md``, section Snap.

"The pack of cards is dealt round, face downward, and each player packs his cards
together, without looking at them ... The first player then turns up the top card of his
pack, the next does the same, and so on in turn; but, as soon as a player turns up a card
corresponding in number to the one already lying, uncovered, on the table, one of the two
to whom the cards belong cries, 'Snap.' Whichever succeeds in saying it first takes, not
only the snap card of the other player, but all the cards he has already turned up, and
also those he has himself turned up. The cards he wins must be placed at the bottom of
his own pack. The one who succeeds in winning all the cards wins the game" (l.273-279).

Animal Snap (l.281): "Each player takes the name of an animal, and instead of crying
'Snap,' he must cry the name of the animal chosen by the player who turned up the last
card." The book's example ("'Tiger' would be called if 'Tiger' did not succeed in crying
the other player's name first") shows each of the two owners crying the OTHER's animal.
Here it is Snap with the option ``animals`` on (``variant``: no code of its own).

Readings (the sheet's PROPOSED readings unless said otherwise):

- One pack, all dealt one at a time from the dealer's left (the first served hold one
  more when it does not go round equally); the player on the dealer's left turns first,
  then each in turn to the left. Each player turns his cards onto his own face-up pile.
- "Corresponding in number" is the same rank, court cards included (amb. 2). A snap is
  on when the card just turned matches the top of another player's pile; only the two
  owners may call (amb. 1). Should the card match two other piles (a snap missed or
  tied before), all three owners may call, and the winner takes every pile of the snap.
  A snap is on until the next card is turned: a snap missed then is lost.
- The winner puts the other pile (or piles) and then his own, each turned face down so
  the first card turned comes up first, under his pack.
- When a player's face-down pack is used up, at his turn he turns his face-up pile over
  as a new pack (amb. 3) and turns from it. A player with no cards at all is out; the
  turn passes over him. The book does not say who turns after a snap: play simply goes
  on round the table.
- A wrong call costs nothing (amb. 4). In Snap a call is allowed only to an owner while a
  snap is on, so the only wrong call is Animal Snap's wrong name: that owner has then
  spoken for this snap (he cannot call again until the next card), and the other owner
  may still win it.
- A tie goes to nobody (amb. 4): calls race in real time (``is_call``), and the first
  right call only makes the caller *pending*; if the other owner's right call arrives
  within ``tie_ms`` (the table's clock, ``timer``) it is a tie: nobody takes the cards,
  they stay where they lie, and the next card is turned as usual. Otherwise the clock
  settles the snap for the pending caller.
- Snap may go on for ever, so the option ``max_turns`` (default 1000 cards turned) ends
  it: then the player holding most cards (pack and pile) wins; equal holders share.

The table's clock (``timer``), for the server:

- while a call is pending: ``(tie_ms, caller, settle)``: the caller takes the cards if
  no second right call comes within ``tie_ms`` (option, default 50 ms);
- otherwise, with ``auto_turn`` on (the default): ``(pace_ms, seat, turn)``: the next
  card is turned for the seat in turn ``pace_ms`` (option, default 1500 ms) after the
  table last changed, so people only call. With ``auto_turn`` off, ``turn`` is a legal
  move of the seat in turn (and the clock only settles calls).

Moves: ``snap`` (a call, Snap), the other seats' animals in seat order (calls, Animal
Snap: ``tiger``, ``lion``, ...), then ``turn`` (``auto_turn`` off). Timer moves
``turn`` (``auto_turn`` on) and ``settle`` are never legal moves. The computer player
calls whenever it may (the right animal), else turns.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ..cards import Card, name, rank_of
from ..description import VINTAGE, Description
from ..errors import NotYourTurn
from ..game import Game, Move, Option, Outcome, Seat, Zone, players_option
from ..registry import register, variant
from ..round import Match, best_seats, deal_round, match_outcome, next_in_play, pack_zone, pick

TURN, SETTLE, SNAP = Move("turn"), Move("settle"), Move("snap")
SEAT_NAMES = tuple(f"Player {i}" for i in range(1, 9))
#: Each seat's animal in Animal Snap (the book names the tiger).
ANIMALS = ("Tiger", "Lion", "Bear", "Wolf", "Fox", "Owl", "Horse", "Pig")


@dataclass(frozen=True, slots=True)
class SnapState:
    match: Match
    #: Each seat's face-down pack, top card last.
    packs: tuple[tuple[Card, ...], ...]
    #: Each seat's face-up pile of the cards it turned, top card last.
    piles: tuple[tuple[Card, ...], ...]
    #: The seat that turns next.
    turn: Seat
    #: The seat that turned the last card.
    last: Seat | None = None
    #: The owners of the cards of the snap that is on (the turner first), or ().
    snap: tuple[Seat, ...] = ()
    #: The owners who have called in this snap (rightly or wrongly).
    spoken: tuple[Seat, ...] = ()
    #: The first right caller, waiting for the tie window (``timer``) to close.
    pending: Seat | None = None
    #: Cards turned so far (``max_turns`` ends the match).
    turns: int = 0
    #: How the last snap ended: "won", "tie", or "" (none yet, or it was missed).
    race: str = ""
    over: bool = False


@register
class Snap(Game[SnapState]):
    description = Description(
        id="snap", title="Snap", book=VINTAGE, lines="273-281", skill="some",
        bound=10_000, seat_names=SEAT_NAMES, cooperative=False, moves_public=False,
        seats_range=(2, 8), layout="round", realtime=True)
    option_specs: ClassVar[tuple[Option, ...]] = (
        players_option(2, 8, 2),
        Option("animals", False, "Animal Snap: call the other owner's animal, not 'Snap'.",
               choices=(False, True)),
        Option("auto_turn", True, "The table turns each player's card in turn at the pace "
               "(players only call); off: players turn by hand.", choices=(True, False)),
        Option("pace_ms", 1500, "Milliseconds between cards turned by the table.",
               minimum=200, maximum=10_000),
        Option("tie_ms", 50, "A second right call within this many milliseconds of the "
               "first makes a tie.", minimum=0, maximum=1000),
        Option("max_turns", 1000, "After this many cards turned the player holding most "
               "cards wins (the game may otherwise go on for ever).",
               minimum=10, maximum=1000),
    )

    @property
    def animals(self) -> bool:
        return bool(self.option("animals"))

    @property
    def auto_turn(self) -> bool:
        return bool(self.option("auto_turn"))

    def animal(self, seat: Seat) -> str:
        return ANIMALS[seat]

    # -- dealing -----------------------------------------------------------------------

    def deal(self, seed: int) -> SnapState:
        return self.layout(Match.start(seed, self.seats).cards(self.pack()), seed)

    def layout(self, cards: tuple[Card, ...], seed: int) -> SnapState:
        """Deal ``cards`` (first card dealt first) round from the dealer's left; the
        first card a player was dealt is the first he turns."""
        match = Match.start(seed, self.seats)
        hands = deal_round(cards, self.seats, match.first)
        return SnapState(match, tuple(tuple(reversed(h)) for h in hands),
                         ((),) * self.seats, turn=match.first)

    # -- play ----------------------------------------------------------------------------

    def callers(self, state: SnapState) -> tuple[Seat, ...]:
        """The owners who may still call in the snap that is on."""
        if state.over:
            return ()
        return tuple(s for s in state.snap if s not in state.spoken)

    def to_move(self, state: SnapState) -> tuple[Seat, ...]:
        seats = set(self.callers(state))
        if not state.over and not self.auto_turn and state.pending is None:
            seats.add(state.turn)
        return tuple(sorted(seats))

    def calls(self, seat: Seat) -> tuple[Move, ...]:
        """Every call ``seat`` may cry: ``snap``, or the other seats' animals."""
        if not self.animals:
            return (SNAP,)
        return tuple(Move(self.animal(s).lower()) for s in range(self.seats) if s != seat)

    def right_calls(self, state: SnapState, seat: Seat) -> tuple[Move, ...]:
        if not self.animals:
            return (SNAP,)
        return tuple(Move(self.animal(s).lower()) for s in state.snap if s != seat)

    def legal_moves(self, state: SnapState, seat: Seat) -> tuple[Move, ...]:
        moves = self.calls(seat) if seat in self.callers(state) else ()
        if (not state.over and not self.auto_turn and state.pending is None
                and seat == state.turn):
            moves = (*moves, TURN)
        return moves

    def is_call(self, move: Move) -> bool:
        return move == SNAP or move.code in {a.lower() for a in ANIMALS}

    def timer(self, state: SnapState) -> tuple[int, Seat, Move] | None:
        if state.over:
            return None
        if state.pending is not None:
            return (int(self.option("tie_ms")), state.pending, SETTLE)
        if self.auto_turn:
            return (int(self.option("pace_ms")), state.turn, TURN)
        return None

    def apply_unchecked(self, state: SnapState, move: Move) -> SnapState:
        """Play ``move``; a call is made by the first seat of ``to_move`` that has it
        (:meth:`apply_for` knows who called)."""
        if move in (TURN, SETTLE):
            return self.apply_for(state, move, state.turn)
        seat = next(s for s in self.to_move(state) if move in self.legal_moves(state, s))
        return self.apply_for(state, move, seat)

    def apply(self, state: SnapState, move: Move | str, seat: Seat) -> SnapState:
        m = move if isinstance(move, Move) else Move(move)
        if self.is_call(m) and not state.over and seat not in self.to_move(state):
            # a call out of place is refused with the reason (no snap, not an owner, a
            # second call): the server answers the slower of two calls with it
            raise NotYourTurn(self.why_illegal(state, m, seat))
        return super().apply(state, m, seat)

    def apply_for(self, state: SnapState, move: Move, seat: Seat) -> SnapState:
        if move == TURN:
            return self._turn(state)
        if move == SETTLE:
            assert state.pending is not None
            return self._win(state, state.pending)
        return self._call(state, move, seat)

    def _turn(self, state: SnapState) -> SnapState:
        t = state.turn
        packs, piles = list(state.packs), list(state.piles)
        if not packs[t]:  # his pack used up: his pile turned over is his new pack
            packs[t], piles[t] = tuple(reversed(piles[t])), ()
        card = packs[t][-1]
        packs[t], piles[t] = packs[t][:-1], (*piles[t], card)
        others = tuple(s for s in range(self.seats)
                       if s != t and piles[s] and rank_of(piles[s][-1]) == rank_of(card))
        s = replace(state, packs=tuple(packs), piles=tuple(piles), last=t,
                    snap=(t, *others) if others else (), spoken=(), pending=None,
                    turns=state.turns + 1, race="")
        s = self._pass_turn(s, t)
        if s.turns >= int(self.option("max_turns")):
            return self._close(s, f"held most cards after {s.turns} cards turned")
        return s

    def _pass_turn(self, s: SnapState, after: Seat) -> SnapState:
        nxt = next_in_play(after, self._in_play(s))
        return replace(s, turn=after if nxt is None else nxt)

    def _call(self, state: SnapState, move: Move, seat: Seat) -> SnapState:
        spoken = (*state.spoken, seat)
        if move not in self.right_calls(state, seat):
            return replace(state, spoken=spoken)  # a wrong call: no penalty
        if state.pending is None:
            return replace(state, spoken=spoken, pending=seat)
        # a second right call within the tie window: a tie goes to nobody
        return replace(state, snap=(), spoken=(), pending=None, race="tie")

    def _win(self, state: SnapState, winner: Seat) -> SnapState:
        packs, piles = list(state.packs), list(state.piles)
        won: tuple[Card, ...] = ()
        for seat in (*(o for o in state.snap if o != winner), winner):
            won = (*reversed(piles[seat]), *won)
            piles[seat] = ()
        packs[winner] = (*won, *packs[winner])
        s = replace(state, packs=tuple(packs), piles=tuple(piles), snap=(), spoken=(),
                    pending=None, race="won")
        if not self._in_play(s)[s.turn]:
            s = self._pass_turn(s, s.turn)
        held = self._held(s)
        if held[winner] == sum(held):
            return self._close(s, "won every card")
        return s

    def _in_play(self, s: SnapState) -> list[bool]:
        return [bool(p) or bool(q) for p, q in zip(s.packs, s.piles, strict=True)]

    @staticmethod
    def _held(s: SnapState) -> tuple[int, ...]:
        return tuple(len(p) + len(q) for p, q in zip(s.packs, s.piles, strict=True))

    def _close(self, s: SnapState, how: str) -> SnapState:
        scores = self._held(s)
        said = match_outcome(best_seats(scores), self.seat_names, how).summary
        return replace(s, over=True, snap=(), spoken=(), pending=None,
                       match=s.match.close_deal(said, scores))

    def outcome(self, state: SnapState) -> Outcome | None:
        if not state.over:
            return None
        return Outcome(True, state.match.history[-1].summary,
                       best_seats(self._held(state)))

    # -- what the table shows ------------------------------------------------------------

    def zones(self, state: SnapState) -> tuple[Zone, ...]:
        out: list[Zone] = []
        for s in range(self.seats):
            who = self.seat_name(s)
            out.append(pack_zone(s, state.packs[s], f"{who}'s pack", group=f"seat{s}"))
            out.append(Zone(f"pile{s}", "pile", state.piles[s], len(state.piles[s]),
                            owner=s, label=f"{who}'s cards turned up", group=f"seat{s}"))
        return tuple(out)

    def hidden_count(self, state: SnapState) -> int:
        return sum(len(p) for p in state.packs)  # the packs are face down, the piles up

    def public(self, state: SnapState) -> dict[str, Any]:
        facts: dict[str, Any] = {
            "match": state.match.public("cards", scores=self._held(state)),
            "turn": None if state.over else state.turn,
            "last": state.last,
            "snap": list(state.snap),
            "pending": state.pending,
            "spoken": list(state.spoken),
            "race": state.race,
            "out": [s for s, p in enumerate(self._in_play(state)) if not p],
            "turns": state.turns,
            "max_turns": int(self.option("max_turns")),
            "auto_turn": self.auto_turn,
            "pace_ms": int(self.option("pace_ms")),
            "tie_ms": int(self.option("tie_ms")),
        }
        if self.animals:
            facts["animals"] = [self.animal(s) for s in range(self.seats)]
        return facts

    def describe(self, state: SnapState, move: Move) -> str:
        if move == TURN:
            return f"{self.seat_name(state.turn)} turns up the top card of the pack"
        if move == SETTLE:
            return f"{self.seat_name(state.pending or 0)} was first and takes the cards"
        if move == SNAP:
            return "Cry 'Snap!'"
        return f"Cry '{move.code.capitalize()}!'"

    def narrate(self, before: SnapState, move: Move, after: SnapState) -> str:
        if move == TURN:
            t = before.turn
            said = f"{self.seat_name(t)} turns up {name(after.piles[t][-1])}"
            if after.snap:
                owners = " and ".join(self.seat_name(s) for s in after.snap)
                said += f": a snap for {owners}!"
        elif move == SETTLE:
            w = before.pending or 0
            n = sum(len(before.piles[s]) for s in before.snap)
            said = f"{self.seat_name(w)} wins the snap and takes {n} cards"
        else:
            cry = "Snap" if move == SNAP else move.code.capitalize()
            if after.race == "tie":
                first = self.seat_name(before.pending or 0)
                said = (f"'{cry}!' again, within {self.option('tie_ms')} ms of "
                        f"{first}'s call: a tie, nobody takes the cards")
            else:
                who = self.seat_name(after.spoken[-1])
                said = (f"{who} cries '{cry}!'" if after.pending is not None
                        else f"{who} cries '{cry}!', the wrong animal")
        if after.over:
            said += ". " + after.match.history[-1].summary
        return said

    def why_illegal(self, state: SnapState, move: Move, seat: Seat) -> str:
        if self.is_call(move):
            if not state.snap:
                return "There is no snap to call now."
            if seat not in state.snap:
                return "Only the two players whose cards match may call."
            return "You have already called in this snap."
        if move == TURN:
            return "It is not your turn to turn up a card."
        return f"'{move.code}' is not a move of Snap."

    # -- the computer player -------------------------------------------------------------

    def bot_move(self, view: Mapping[str, Any], seat: Seat, rand: int) -> str:
        codes = [m["code"] for m in view["moves"].get(str(seat), ())]
        if not codes:
            raise ValueError(f"{self.seat_name(seat)} has no move to make")
        if self.animals:
            facts = view["public"]
            right = [facts["animals"][s].lower() for s in facts["snap"] if s != seat]
            good = [c for c in codes if c in right]
            if good:
                return str(pick(good, rand))
        elif "snap" in codes:
            return "snap"
        return "turn" if "turn" in codes else str(codes[0])


ANIMAL_SNAP = variant(Snap, Description(
    id="animal_snap", title="Animal Snap", book=VINTAGE, lines="281, 273-279",
    skill="some", bound=10_000, seat_names=SEAT_NAMES, cooperative=False,
    moves_public=False, seats_range=(2, 8), layout="round", realtime=True,
    variant_of="snap", fixed={"animals": True}))
