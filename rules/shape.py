"""What a move does to the table: its kind, the place it leaves, the place it goes to.

Every legal move of every game has a :class:`Shape` (:meth:`rules.game.Game.shape`), so
a client lets a player point at a source and then a destination (or at one place, where
the move has one) instead of guessing places from the move's words, and the solver can
reason about places. ``protocol/README.md`` ("Moves and their shapes") says how a client
reads it.

The kinds (:data:`KINDS`): ``move`` (cards from one zone to another), ``deal`` (cards
dealt from a stock or a pack), ``turn`` (the waste turned over to be the stock again, or
a card turned in place), ``redeal`` (cards taken up and laid out again), ``pair`` (cards
paired or discarded together), ``privilege`` (a counted one-off privilege used),
``give_up``, ``auto`` (play on by itself to the end) and ``other`` (a call, a bid,
anything that moves no card).

A shape names only cards its audience sees now: a card face down, or in another seat's
private zone, is ``None``. It is made from the position the move is played in, so it
tells nothing the view does not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import Card, code

if TYPE_CHECKING:
    from .game import Audience, Zone

MOVE, DEAL, TURN, REDEAL, PAIR, PRIVILEGE, GIVE_UP, AUTO_PLAY, OTHER = (
    "move", "deal", "turn", "redeal", "pair", "privilege", "give_up", "auto", "other")
KINDS = (MOVE, DEAL, TURN, REDEAL, PAIR, PRIVILEGE, GIVE_UP, AUTO_PLAY, OTHER)


@dataclass(frozen=True, slots=True)
class Shape:
    """What a legal move does to the table, as one audience may see it.

    ``source`` and ``target`` are zone ids of the position the move is played in
    (``None`` where the move has no such place: a give-up has neither, a card turned in
    place only a source). ``cards`` are the cards the move takes from ``source``, in
    their order there (bottom first); a card the audience may not see now is ``None``.
    A ``pair`` names the places of its two cards (``source`` then ``target``) and both
    cards; a group of more taken out together (Number Eleven's trio of court cards)
    names the further places in ``also`` and their cards after those two.

    ``at`` tells a card the audience sees only by its back by its place instead: its
    position in ``source`` (0 the leftmost, as the view draws the backs), where the
    move names one card of a hand the audience may not see (Old Maid's draw from a
    neighbour's hand: the fourth back from the left is ``at`` 3). It says where the
    card lies, never which card it is. ``None`` everywhere else.
    """

    kind: str
    source: str | None = None
    target: str | None = None
    cards: tuple[Card | None, ...] = ()
    also: tuple[str, ...] = ()
    at: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The shape as a view carries it: ``{"kind", "from", "to", "cards"}`` (and
        ``"also"`` where it has further places, ``"at"`` where it names a card by its
        position), each card its code (``"7H"``) or ``None`` where hidden."""
        out: dict[str, Any] = {"kind": self.kind, "from": self.source, "to": self.target,
                               "cards": [None if c is None else code(c) for c in self.cards]}
        if self.also:
            out["also"] = list(self.also)
        if self.at is not None:
            out["at"] = self.at
        return out


def seen_by(zone: Zone, audience: Audience) -> frozenset[Card]:
    """The cards of ``zone`` that ``audience`` sees: its face-up cards, unless the zone is
    another seat's private one."""
    return frozenset(zone.face_up) if not zone.private or audience == zone.owner else frozenset()


def from_zones(before: tuple[Zone, ...], after: tuple[Zone, ...], audience: Audience
               ) -> Shape:
    """A move's shape read from the zones before and after it (every game's default).

    The first zone that lost a card is the source, the first zone of the position that
    gained one the target (none where the cards go to a place the move makes); the
    cards are those the source lost, in its order, ``None`` where the audience did not
    see them. With no card changing zone, the first zone showing more cards face up is a
    ``turn`` there; else the move is ``other``.
    """
    was = {z.id: z for z in before}
    now = {z.id: z for z in after}
    lost = [z for z in before if set(z.cards) - set(_cards(now, z.id))]
    gained = [z for z in after if z.id in was and set(z.cards) - set(_cards(was, z.id))]
    if not lost and not gained:
        turned = [z for z in after if z.id in was and len(z.face_up) > len(was[z.id].face_up)]
        return Shape(TURN, turned[0].id) if turned else Shape(OTHER)
    if not lost:  # cards from nowhere the position shows
        return Shape(MOVE, None, gained[0].id)
    src = lost[0]
    gone = set(src.cards) - set(_cards(now, src.id))
    seen = seen_by(src, audience)
    cards = tuple(c if c in seen else None for c in src.cards if c in gone)
    return Shape(MOVE, src.id, gained[0].id if gained else None, cards)


def _cards(zones: dict[str, Zone], zone_id: str) -> tuple[Card, ...]:
    z = zones.get(zone_id)
    return () if z is None else z.cards


__all__ = ["AUTO_PLAY", "DEAL", "GIVE_UP", "KINDS", "MOVE", "OTHER", "PAIR", "PRIVILEGE",
           "REDEAL", "TURN", "Shape", "from_zones", "seen_by"]
