"""Twin matching: the machinery of Cheney's *Sympathy* and Cadogan's *Sympathie*.

Two seats, each with her own pack laid out in face-down packets of three and one grace
card. One seat opens by turning up the tops of all her packets. Then the seats take turns:
the seat to move turns up the face-down tops of her packets one by one, and a turned card
that *corresponds* to one of the partner's face-up cards is thrown out with it; the seat
then goes on down the same packet. A turn ends when every packet of the seat to move shows
a face-up top. A seat with nothing to turn up at the start of her turn is *stalled*: a
grace card is played (which one is the books' difference), and play resumes. The table
wins when every card is thrown out.

The two books differ only in parameters, gathered in :class:`TwinRules`; the two game
modules say which reading of each passage they follow.

States are frozen; seat 0 and seat 1 each have ``piles`` (bottom to top), ``up`` (is the
top face up), a grace and its state, and the cards thrown out. Only a packet's top can be
face up; nobody, not even the owner, sees a face-down card or an unplayed grace.

Move codes (context-free):

- ``open``: the opening seat turns up the tops of all her packets;
- ``t<i>``: turn up the top of packet ``i`` (1-based);
- ``g``: turn up the grace card (only when stalled);
- ``c<j>`` / ``cg``: under the rank rule, when the turned card corresponds to several of the
  partner's cards, choose the partner's packet ``j`` (or grace) to throw out with it.

Legal moves are listed in that order: ``open``; ``t1`` .. ``t17``; ``g``; ``c1`` .. ``cg``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .cards import Card, identity, name, rank_of
from .game import Move, Outcome, Seat, Zone

HIDDEN, SHOWN, OUT = "hidden", "shown", "out"
OPENING, TURN, GRACE, CHOOSE, OVER = "opening", "turn", "grace", "choose", "over"
#: ``pending`` value for "the card waiting for a choice is the grace".
GRACE_CARD = -2

OPEN = Move("open")
PLAY_GRACE = Move("g")


@dataclass(frozen=True, slots=True)
class TwinRules:
    """What the two books (and their variants) set differently."""

    #: The seat that opens by turning up all her tops; the other seat turns first.
    opener: Seat
    #: "exact": same rank and suit (the twin); "rank": same rank.
    match: str
    #: Who plays a grace at a stall: "stalled" (the stalled seat, else her partner),
    #: "first" (seat 0 before seat 1), or "literal" (like "stalled", but only a seat
    #: with no face-up card on the table may play hers).
    grace: str


@dataclass(frozen=True, slots=True)
class TwinState:
    piles: tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]
    up: tuple[tuple[bool, ...], tuple[bool, ...]]
    grace: tuple[Card, Card]
    grace_state: tuple[str, str]
    out: tuple[tuple[Card, ...], tuple[Card, ...]]
    phase: str
    to_move: Seat
    #: The seat to move has turned up a card this turn.
    flipped: bool = False
    #: After a throw-out, the packet the seat must go on with (0-based), else -1.
    chain: int = -1
    #: Rank rule: the packet (or GRACE_CARD) whose turned card awaits a choice, else -1.
    pending: int = -1
    won: bool = False


def _pair(s: list[Any], seat: Seat, value: Any) -> Any:
    """``s`` with item ``seat`` replaced, as a 2-tuple."""
    s = list(s)
    s[seat] = value
    return (s[0], s[1])


def new_state(rules: TwinRules, hands: tuple[tuple[Card, ...], tuple[Card, ...]],
              packets: int) -> TwinState:
    """Lay out both hands: packet i takes cards 3i..3i+2 (the last on top), then the grace."""
    piles = tuple(tuple(h[3 * i : 3 * i + 3] for i in range(packets)) for h in hands)
    return TwinState(
        piles=(piles[0], piles[1]),
        up=((False,) * packets, (False,) * packets),
        grace=(hands[0][3 * packets], hands[1][3 * packets]),
        grace_state=(HIDDEN, HIDDEN),
        out=((), ()),
        phase=OPENING,
        to_move=rules.opener,
    )


def corresponds(rules: TwinRules, a: Card, b: Card) -> bool:
    if rules.match == "rank":
        return rank_of(a) == rank_of(b)
    return identity(a) == identity(b)


def face_up(st: TwinState, seat: Seat) -> list[tuple[int, Card]]:
    """The seat's face-up cards as (packet index or GRACE_CARD, card)."""
    out = [(i, p[-1]) for i, p in enumerate(st.piles[seat]) if p and st.up[seat][i]]
    if st.grace_state[seat] == SHOWN:
        out.append((GRACE_CARD, st.grace[seat]))
    return out


def can_turn(st: TwinState, seat: Seat) -> bool:
    return any(p and not u for p, u in zip(st.piles[seat], st.up[seat], strict=True))


def matches(rules: TwinRules, st: TwinState, seat: Seat, c: Card) -> list[int]:
    """The places of the partner's face-up cards that correspond to ``c``."""
    return [i for i, d in face_up(st, 1 - seat) if corresponds(rules, c, d)]


def legal_moves(st: TwinState, seat: Seat) -> tuple[Move, ...]:
    if st.phase == OVER or seat != st.to_move:
        return ()
    if st.phase == OPENING:
        return (OPEN,)
    if st.phase == GRACE:
        return (PLAY_GRACE,)
    if st.phase == CHOOSE:
        return tuple(Move(_choice_code(j)) for j in _choices(st))
    if st.chain >= 0:
        return (Move(f"t{st.chain + 1}"),)
    return tuple(
        Move(f"t{i + 1}")
        for i, (p, u) in enumerate(zip(st.piles[seat], st.up[seat], strict=True))
        if p and not u
    )


def _choice_code(j: int) -> str:
    return "cg" if j == GRACE_CARD else f"c{j + 1}"


def _pending_card(st: TwinState) -> Card:
    seat = st.to_move
    if st.pending == GRACE_CARD:
        return st.grace[seat]
    return st.piles[seat][st.pending][-1]


def _choices(st: TwinState) -> list[int]:
    # Only the rank rule ever asks for a choice, so correspondence here is by rank.
    c = _pending_card(st)
    return [i for i, d in face_up(st, 1 - st.to_move) if rank_of(d) == rank_of(c)]


def apply(rules: TwinRules, st: TwinState, move: Move) -> TwinState:
    """Play a legal move and settle the automatic consequences (turn passing, stalls)."""
    seat, code = st.to_move, move.code
    if code == "open":
        st = replace(st, up=_pair(list(st.up), seat, (True,) * len(st.up[seat])),
                     phase=TURN, to_move=1 - seat, flipped=False)
    elif code == "g":
        st = replace(st, grace_state=_pair(list(st.grace_state), seat, SHOWN), phase=TURN)
        st = _after_turn_up(rules, st, seat, GRACE_CARD)
        if st.phase != CHOOSE:
            st = replace(st, to_move=1 - seat, flipped=False, chain=-1)
    elif code.startswith("t"):
        i = int(code[1:]) - 1
        ups = list(st.up[seat])
        ups[i] = True
        st = replace(st, up=_pair(list(st.up), seat, tuple(ups)), flipped=True)
        st = _after_turn_up(rules, st, seat, i)
    elif code.startswith("c"):
        j = GRACE_CARD if code == "cg" else int(code[1:]) - 1
        place = st.pending
        st = _throw_out(replace(st, phase=TURN, pending=-1), seat, place, j)
        if place == GRACE_CARD:
            st = replace(st, to_move=1 - seat, flipped=False, chain=-1)
    else:  # pragma: no cover - legal_moves never offers anything else
        raise ValueError(code)
    return settle(rules, st)


def _after_turn_up(rules: TwinRules, st: TwinState, seat: Seat, place: int) -> TwinState:
    c = st.grace[seat] if place == GRACE_CARD else st.piles[seat][place][-1]
    found = matches(rules, st, seat, c)
    if not found:
        return replace(st, chain=-1)
    if len(found) > 1:
        return replace(st, phase=CHOOSE, pending=place)
    return _throw_out(st, seat, place, found[0])


def _throw_out(st: TwinState, seat: Seat, place: int, other_place: int) -> TwinState:
    """Throw out the seat's card at ``place`` with the partner's at ``other_place``."""
    piles = [list(st.piles[0]), list(st.piles[1])]
    ups = [list(st.up[0]), list(st.up[1])]
    gstate = list(st.grace_state)
    outs = [st.out[0], st.out[1]]
    chain = -1
    for who, where in ((seat, place), (1 - seat, other_place)):
        if where == GRACE_CARD:
            outs[who] += (st.grace[who],)
            gstate[who] = OUT
        else:
            pile = piles[who][where]
            outs[who] += (pile[-1],)
            piles[who][where] = pile[:-1]
            ups[who][where] = False
            if who == seat and len(pile) > 1:
                chain = where
    return replace(
        st,
        piles=(tuple(piles[0]), tuple(piles[1])),
        up=(tuple(ups[0]), tuple(ups[1])),
        grace_state=(gstate[0], gstate[1]),
        out=(outs[0], outs[1]),
        chain=chain,
    )


def settle(rules: TwinRules, st: TwinState) -> TwinState:
    """Pass the turn, detect a stall and pick the grace, or end the game."""
    while True:
        if all(not p for side in st.piles for p in side) and OUT == st.grace_state[0] == \
                st.grace_state[1]:
            return replace(st, phase=OVER, won=True, chain=-1)
        if st.phase != TURN:
            return st
        seat = st.to_move
        if can_turn(st, seat):
            return st
        if st.flipped:
            st = replace(st, to_move=1 - seat, flipped=False, chain=-1)
            continue
        holder = _grace_holder(rules, st, seat)
        if holder is None:
            return replace(st, phase=OVER, won=False, chain=-1)
        return replace(st, phase=GRACE, to_move=holder, chain=-1)


def _grace_holder(rules: TwinRules, st: TwinState, stalled: Seat) -> Seat | None:
    if rules.grace == "first":
        order = [0, 1]
    else:
        order = [stalled, 1 - stalled]
    for seat in order:
        if st.grace_state[seat] != HIDDEN:
            continue
        if rules.grace == "literal" and face_up(st, seat):
            continue
        return seat
    return None


def outcome(st: TwinState, cards_each: int) -> Outcome | None:
    if st.phase != OVER:
        return None
    pairs = len(st.out[0])
    if st.won:
        return Outcome(True, f"all {pairs} pairs thrown out", (0, 1))
    return Outcome(False, f"{pairs} of {cards_each} pairs thrown out; no move is left")


#: Zones made so far, by everything they are made from: a move changes two to four of a
#: position's 38, so the next position's zones are mostly found here rather than made
#: again (a frozen dataclass costs more to make than a dict look-up). Bounded: emptied
#: when full. A pure function's memo: zones are values, safe to share between games,
#: rooms and threads (a look-up or a store is one dict operation).
_ZONES: dict[tuple[Any, ...], Zone] = {}
_ZONES_MAX = 20_000


def _zone(key: tuple[Any, ...], zone_id: str, kind: str, cards: tuple[Card, ...], up: int,
          seat: Seat, label: str, group: str) -> Zone:
    z = _ZONES.get(key)
    if z is None:
        if len(_ZONES) >= _ZONES_MAX:
            _ZONES.clear()
        z = _ZONES[key] = Zone(zone_id, kind, cards, up, seat, label=label, group=group)
    return z


def zones(st: TwinState, seat_names: tuple[str, ...]) -> tuple[Zone, ...]:
    out: list[Zone] = []
    for seat in (0, 1):
        who = seat_names[seat]
        ups = st.up[seat]
        for i, pile in enumerate(st.piles[seat]):
            up = int(ups[i])
            z = _ZONES.get((who, seat, i, pile, up))
            out.append(z if z is not None else _zone(
                (who, seat, i, pile, up), f"{who}{i + 1}", "packet", pile, up, seat,
                f"{who}'s packet {i + 1}", who))
        g = () if st.grace_state[seat] == OUT else (st.grace[seat],)
        shown = int(st.grace_state[seat] == SHOWN)
        out.append(_zone((who, seat, "grace", g, shown), f"{who}.grace", "grace", g, shown, seat,
                         f"{who}'s grace", who))
        gone = st.out[seat]
        out.append(_zone((who, seat, "out", gone), f"{who}.out", "discard", gone, len(gone), seat,
                         f"{who}'s cards thrown out", who))
    return tuple(out)


def hidden_count(st: TwinState) -> int:
    """How many cards lie face down (nothing is private): what
    :meth:`rules.game.Game.hidden_count` counts from the zones, from the state."""
    n = 0
    for seat in (0, 1):
        for pile, up in zip(st.piles[seat], st.up[seat], strict=True):
            n += len(pile) - (1 if up and pile else 0)
        n += st.grace_state[seat] == HIDDEN
    return n


def public(st: TwinState, seat_names: tuple[str, ...]) -> dict[str, Any]:
    return {
        "phase": st.phase,
        "to_move": seat_names[st.to_move] if st.phase != OVER else None,
        "must_continue": st.chain + 1 if st.chain >= 0 else None,
        "turned_this_turn": st.flipped,
        "graces": {seat_names[s]: st.grace_state[s] for s in (0, 1)},
        "pairs": len(st.out[0]),
    }


def describe(st: TwinState, move: Move, seat_names: tuple[str, ...]) -> str:
    seat, code = st.to_move, move.code
    who = seat_names[seat]
    if code == "open":
        return f"{who} turns up the tops of all her packets"
    if code == "g":
        return f"{who} turns up her grace card"
    if code.startswith("t"):
        return f"{who} turns up the top of packet {code[1:]}"
    partner = seat_names[1 - seat]
    c = name(_pending_card(st))
    if code == "cg":
        return f"throw out {partner}'s grace {name(st.grace[1 - seat])} with {c}"
    j = int(code[1:]) - 1
    return f"throw out {partner}'s {name(st.piles[1 - seat][j][-1])} (packet {j + 1}) with {c}"


def narrate(before: TwinState, move: Move, after: TwinState,
            seat_names: tuple[str, ...]) -> str:
    """Say which card was turned and what it paired with (face-up cards only)."""
    seat, code = before.to_move, move.code
    who, partner = seat_names[seat], seat_names[1 - seat]
    if code == "open":
        return f"{who} turns up {len(before.piles[seat])} packet tops"
    if code.startswith("c"):
        return describe(before, move, seat_names)
    turned = before.grace[seat] if code == "g" else before.piles[seat][int(code[1:]) - 1][-1]
    what = "her grace" if code == "g" else f"packet {code[1:]}"
    if len(after.out[seat]) > len(before.out[seat]):
        return f"{who} turns up {name(turned)} from {what}; it pairs with {partner}'s " \
            f"{name(after.out[1 - seat][-1])}"
    if after.phase == CHOOSE:
        return f"{who} turns up {name(turned)} from {what}; it matches several of " \
            f"{partner}'s cards"
    return f"{who} turns up {name(turned)} from {what}"
