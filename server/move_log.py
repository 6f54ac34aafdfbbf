"""A round table's move log: each move in people's names, and what each seat saw of it.

At a competitive table (a round game) an event's words name the people in the seats, as
they sat when the move was made ("Bea draws a card from Ann"), not the seats ("Player 2
draws a card from Player 1"): :func:`named`. A seat that saw more of a move than the
table did (Old Maid's drawer sees the card he drew: :meth:`rules.game.Game.told`) has
its own sentence kept in the event under ``told``, with the cards it names; the event
as an audience receives it (:func:`server.views.event_for`) never carries ``told``, and
carries a seat's own sentence only while that seat still sees every card it names (a
card drawn and passed on to the next player is no longer named to the one who drew it).

The legal moves a competitive table's state message lists are named the same way
(:func:`named_moves`), so that a person reads whose hand a card is drawn from.

The state message of a competitive table carries the last :data:`LOG_ENTRIES` events as
its audience may see them (``log``): computer players move fast, and a person must be
able to read what was drawn, who took their card and what each player played.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from typing import Any

from rules.cards import CODES
from rules.game import Game, Seat, Told

from .members import PLAYER
from .room import Room

#: The events a competitive table's state message carries (the newest last).
LOG_ENTRIES = 12


@functools.lru_cache(maxsize=64)
def _seat_names(names: tuple[str, ...]) -> re.Pattern[str]:
    # the longest first, so that "Player 10" is never read as "Player 1" and a "0"
    words = sorted((n for n in names if n), key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(w) for w in words) + r")(?!\w)")


def people(room: Room) -> list[str]:
    """Who sits in each seat now, by name: the person (or the computer player, whose name
    says its seat), or the seat's own name when it is empty."""
    names = list(room.game.seat_names)
    taken = [False] * len(names)
    for m in room.members.values():
        if m.role != PLAYER:
            continue
        for s in m.seats:
            if 0 <= s < len(names) and not taken[s]:
                names[s], taken[s] = m.name, True
    return names


def named(room: Room, text: str, who: list[str] | None = None) -> str:
    """``text`` with each seat's name replaced by the name of whoever sits there (once:
    a name is never read again, so "Computer (Player 2)" stays whole). Only at a
    competitive table; a cooperative one's words are the game's own."""
    if not room.competitive or not text:
        return text
    seats = room.game.seat_names
    who = people(room) if who is None else who
    return _seat_names(tuple(seats)).sub(lambda m: who[seats.index(m.group(0))], text)


def named_moves(room: Room, view: dict[str, Any]) -> dict[str, Any]:
    """``view`` with each legal move's words in people's names (:func:`named`): "Draw
    card 1 from the left of Bea's hand", not "... of Player 3's hand". The codes and
    shapes stay the game's own."""
    if not room.competitive:
        return view
    who = people(room)
    moves = {seat: [{**m, "text": named(room, str(m.get("text", "")), who)} for m in ms]
             for seat, ms in view.get("moves", {}).items()}
    return {**view, "moves": moves}


def told_entries(room: Room, told: Mapping[Seat, Told]) -> dict[str, Any]:
    """The ``told`` of an event: each seat's sentence (named) and the codes of the cards
    it names, keyed by the seat as text (the event goes to the store as it is)."""
    who = people(room)
    return {str(s): {"text": named(room, text, who), "cards": [CODES[c] for c in cards]}
            for s, (text, cards) in told.items()}


def sees(told: Mapping[str, Any] | None, audience: Seat | None,
         visible: Iterable[str]) -> str | None:
    """The sentence ``audience`` is told of an event, or ``None`` (the table's words):
    only its own, and only while it sees every card the sentence names."""
    if not told or audience is None:
        return None
    mine = told.get(str(audience))
    if mine is None:
        return None
    shown = set(visible)
    return str(mine["text"]) if all(c in shown for c in mine["cards"]) else None


def deals_done(game: Game[Any], state: Any) -> int:
    """How many deals of a round match are over (its public history's length)."""
    match = game.public(state).get("match")
    return len(match.get("history") or ()) if isinstance(match, Mapping) else 0


def visible_cards(view: Mapping[str, Any]) -> set[str]:
    """The codes of every card a view shows face up (its audience sees them now)."""
    return {c for z in view.get("zones", ()) for c in z.get("up", ())}


__all__ = ["LOG_ENTRIES", "deals_done", "named", "named_moves", "people", "sees", "told_entries",
           "visible_cards"]
