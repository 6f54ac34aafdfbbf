"""The one choke point that turns a game state into what an audience may see.

A view is plain data (dicts, lists, strings, ints, bools): the server encodes it with
MessagePack, the client draws it. Cards appear in it only as the codes of face-up cards
(``"7H"``); a face-down card is only counted. Private zones show their cards to their
owner alone. Nothing else about the state reaches a view: not the seed, not the order of
a stock, not what lies under a face-up card.
"""

from __future__ import annotations

from typing import Any

from .cards import CODES
from .game import Audience, Game, Move, Zone

#: A memo of zones' views (``render(..., memo=...)``): ``id(zone)`` -> the zone, whether
#: its cards were shown, and its view.
ZoneMemo = dict[int, tuple[Zone, bool, dict[str, Any]]]
#: A memo holds at most this many zones' views (then it starts again).
MEMO_MAX = 8192


def render(game: Game[Any], state: Any, audience: Audience,
           zones_of_state: tuple[Zone, ...] | None = None, *, shapes: bool = False,
           memo: ZoneMemo | None = None) -> dict[str, Any]:
    """The view of ``state`` for ``audience`` (a seat, or ``None`` for a watcher).

    ``zones_of_state``: ``game.zones(state)`` when the caller has them already
    (:attr:`rules.record.Play.zones`), so that they are not made again. ``shapes``: each
    move also carries ``"shape"``, what it does to the table as ``audience`` may see it
    (:meth:`rules.game.Game.shape`; ``protocol/README.md``, "Moves and their shapes");
    off by default, so a view is what it was until the clients read it.

    ``memo``: a zone's view is a function of the zone (a frozen value) and of whether
    its cards are shown to ``audience``; a caller that renders move after move and never
    changes a view may keep them, so that a zone the same object as at an earlier render
    (games that make each zone once: :mod:`rules.twins`) is not made again. The views
    of such a caller's renders then share those dicts."""
    zones = []
    for z in game.zones(state) if zones_of_state is None else zones_of_state:
        visible = not z.private or audience == z.owner
        if memo is not None:
            hit = memo.get(id(z))
            if hit is not None and hit[0] is z and hit[1] is visible:
                zones.append(hit[2])
                continue
        # z.face_up, for the audience that sees it (a view is made on every move)
        cards, up = z.cards, z.up
        n = len(cards)
        shown = cards[n - up if up < n else 0:] if up > 0 and visible else ()
        zone = {
            "id": z.id,
            "kind": z.kind,
            "label": z.label or z.id,
            "group": z.group,
            "owner": z.owner,
            "down": n - len(shown),
            "up": [CODES[c] for c in shown],
        }
        zones.append(zone)
        if memo is not None:
            if len(memo) >= MEMO_MAX:
                memo.clear()
            memo[id(z)] = (z, visible, zone)  # the zone held: its id is not reused
    outcome = game.outcome(state)
    to_move = game.to_move(state)
    moves: dict[str, list[dict[str, str]]] = {}
    for seat in to_move:
        if game.description.moves_public or audience == seat:
            moves[str(seat)] = [_move(game, state, m, seat, audience, shapes)
                                for m in game.legal_moves(state, seat)]
    out = {
        "game": game.id,
        "layout": game.description.layout,
        "seats": list(game.seat_names),
        "zones": zones,
        "public": game.public(state),
        "to_move": list(to_move),
        "moves": moves,
        "status": "playing" if outcome is None else ("won" if outcome.won else "lost"),
        "result": None if outcome is None else outcome.summary,
    }
    if game.description.layout == "round":
        # the game's own order of ranks, lowest first: clients sort a hand by suit, then
        # by it (the cards are the same whatever the order they are drawn in)
        out["ranks"] = ACES_HIGH if game.description.aces_high else ACES_LOW
    return out


#: The ranks by their codes, lowest first (a round game's view: ``ranks``).
ACES_LOW = "A23456789TJQK"
ACES_HIGH = "23456789TJQKA"


def _move(game: Game[Any], state: Any, move: Move, seat: int, audience: Audience,
          shapes: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"code": move.code, "text": game.describe(state, move)}
    if shapes:
        out["shape"] = game.shape(state, move, seat, audience).to_dict()
    return out
