"""Draw a view (as the server sends it) as plain text.

A view is the dict made by :func:`rules.view.render`; this module knows nothing of any
game: it draws zones group by group. Cards are shown with suit symbols, or with letters
(``ascii=True``) for terminals and screen readers that lack them. Face-down cards are
only counted. Every string that came from elsewhere is passed through :func:`clean` so a
name or label can never carry a terminal escape.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from rules import UnknownGame
from rules.guide import GuideError, name_of

from .dial import ROWS, dial_group, place, positions

_SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_LETTERS = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C", "▒": "#", "─": "-",
                          "◀": "<", "·": "-"})
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


def clean(text: object, limit: int = 200) -> str:
    """``text`` with control characters and escape sequences removed, and bounded."""
    return _CONTROL.sub("", str(text))[:limit]


def letters(text: str) -> str:
    """``text`` with suit symbols as letters (``"10♥"`` -> ``"10H"``), for ``--ascii``:
    the one place every line the client shows passes when symbols are off."""
    return text.translate(_LETTERS)


def card_text(code: str, *, ascii: bool = False) -> str:
    """``"TH"`` as ``"10♥"`` (or ``"10H"`` with ``ascii``)."""
    code = clean(code, 4)
    if len(code) != 2:
        return code
    rank = "10" if code[0] == "T" else code[0]
    return rank + (code[1] if ascii else _SUITS.get(code[1], code[1]))


def zone_text(zone: Mapping[str, Any], *, ascii: bool = False) -> str:
    down = int(zone.get("down", 0))
    parts = []
    if down:
        parts.append(f"[{down}#]" if ascii else f"[{down}▒]")
    parts.extend(card_text(c, ascii=ascii) for c in zone.get("up", ()))
    return " ".join(parts) if parts else "-"


def groups(view: Mapping[str, Any], me: int | None = None) -> list[tuple[str, list[
        Mapping[str, Any]]]]:
    """The zones of ``view`` by group, in the view's order; with the ``twins`` layout
    hint the group owned by seat ``me`` comes last, nearest the player, as at a table."""
    out: dict[str, list[Mapping[str, Any]]] = {}
    for z in view.get("zones", ()):
        out.setdefault(clean(z.get("group", ""), 30), []).append(z)
    items = list(out.items())
    if view.get("layout") == "twins" and me is not None:
        items.sort(key=lambda kv: any(z.get("owner") == me for z in kv[1]))
    return items


def board_lines(view: Mapping[str, Any], *, ascii: bool = False, moves: bool = True,
                width: int = 96, me: int | None = None) -> list[str]:
    """The board of ``view`` as lines of text: each zone group as wrapped rows of
    ``id content`` cells, so a row of seventeen packets stays a few lines high."""
    lines = [header(view)]
    grouped = groups(view, me)
    dial = dial_group(view, grouped)
    for group, zones in grouped:
        if group == dial:
            drawn = dial_lines(zones, ascii=ascii, width=width)
            if drawn:
                lines.append(f"{group}:")
                lines.extend(drawn)
                continue
        line = f"{group}:" if group else ""
        for z in zones:
            cell = f"{clean(z.get('id'), 24)} {zone_text(z, ascii=ascii)}"
            if line and len(line) + 3 + len(cell) > width:
                lines.append(line)
                line = "   "
            line = f"{line}  {cell}" if line.strip() else f"{line} {cell}"
        lines.append(line)
    public = view.get("public") or {}
    if public:
        lines.append(public_text(public, view.get("seats") or ()))
    if moves:
        lines.extend(move_lines(view))
    return lines


def dial_lines(zones: Sequence[Mapping[str, Any]], *, ascii: bool = False,
               width: int = 96) -> list[str] | None:
    """The zones as a clock face, or ``None`` when they do not fit (see client.dial)."""
    around, centre = positions(zones)

    def cell(key: str, zs: Sequence[Mapping[str, Any]]) -> str:
        shown = [zone_text(z, ascii=ascii) for z in zs]
        return f"{clean(key, 12)} " + " ".join(t for t in shown if t != "-") if any(
            t != "-" for t in shown) else f"{clean(key, 12)} -"

    cells = [cell(k, zs) for k, zs in around]
    middle = cell(*centre) if centre else None
    spots = place([len(c) for c in cells], len(middle) if middle else None, min(width, 80))
    if spots is None:
        return None
    rows = [""] * ROWS
    for (row, col), text in sorted(zip(spots, [*cells, *([middle] if middle else [])],
                                       strict=True)):
        rows[row] = rows[row].ljust(col) + text
    return [r.rstrip() for r in rows]


def public_text(public: Mapping[str, Any], seats: Sequence[str] = ()) -> str:
    """The view's public facts (counts, trumps, the claim...) on one line, for people:
    each under a plain label, a seat by its name (``seats``, the view's seat names; never
    a number counted from 0), the facts said elsewhere (the turn) or that are the table's
    settings left out, as are facts that are off or unset."""
    return "  ".join(f"{FACT_LABELS.get(k) or clean(k, 30).replace('_', ' ')}: "
                     f"{fact_value(k, v, seats)}"
                     for k, v in public.items()
                     if k not in _SAID_ELSEWHERE and not _unset(v)
                     and (v != 0 or k in SEAT_FACTS))


#: Facts the client states in words of its own (the turn line,
#: :func:`client.table_text.turn_line`, names who is to play and what they must do), and
#: the table's settings (its clock, its limits), which are not news.
_SAID_ELSEWHERE = {"to_move", "phase", "must_continue", "turned_this_turn", "turn", "pending",
                   "race", "limit", "max_cards", "max_turns", "max_deals", "pace_ms", "tie_ms",
                   "auto_turn", "animals"}
#: Facts whose value is a seat, or a list of seats.
SEAT_FACTS = {"leader", "offerer", "claimant", "last", "seat", "by", "against", "taker"}
SEATS_FACTS = {"out", "retired", "passed", "spoken", "snap"}
#: Plain labels where a fact's own name would not do.
FACT_LABELS = {"offerer": "offering their hand", "leader": "leads", "claimant": "to be paid",
               "owed": "cards owed", "last": "played last", "retired": "out of counters",
               "passed": "let it go", "spoken": "has called", "snap": "snap between"}


def _unset(v: object) -> bool:
    """Off or unset: said by saying nothing (a count of 0 too, but not seat 0)."""
    return v is None or v is False or (isinstance(v, str | Mapping | list | tuple) and not v)


def _seat(v: object, seats: Sequence[str]) -> str:
    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(seats):
        return clean(seats[v], 64)
    return clean(v, 30) if isinstance(v, str) else f"seat {clean(v, 6)}"


def fact_value(key: str, v: object, seats: Sequence[str] = ()) -> str:
    """One public fact's value in words: seats by name, maps and lists flattened."""
    if key in SEAT_FACTS and isinstance(v, int) and not isinstance(v, bool):
        return _seat(v, seats)
    if key in SEATS_FACTS and isinstance(v, list | tuple):
        return ", ".join(_seat(x, seats) for x in v)
    if isinstance(v, Mapping):
        return ", ".join(f"{FACT_LABELS.get(str(k)) or clean(k, 20).replace('_', ' ')} "
                         f"{fact_value(str(k), x, seats)}"
                         for k, x in v.items() if not _unset(x))
    if isinstance(v, list | tuple):
        return "; ".join(fact_value(key, x, seats) for x in v)
    return _value(v)


def move_lines(view: Mapping[str, Any]) -> list[str]:
    seats: Sequence[str] = view.get("seats", ())
    out = []
    for seat, ms in (view.get("moves") or {}).items():
        who = seats[int(seat)] if int(seat) < len(seats) else seat
        out.append(f"moves for {clean(who, 30)}:")
        out.extend(f"  {clean(m['code'], 20):<8} {clean(m['text'], 120)}" for m in ms)
    return out


def game_title(game_id: str) -> str:
    """The name a person reads for ``game_id`` (its guide's, "Old Maid"), or its id in
    words for a game this client does not know."""
    try:
        return name_of(game_id)
    except (UnknownGame, GuideError):
        return game_id.replace("_", " ")


def header(view: Mapping[str, Any]) -> str:
    status = clean(view.get("status", ""))
    head = f"{clean(game_title(str(view.get('game', ''))), 40)}: {status}"
    if view.get("result"):
        head += f" ({clean(view['result'])})"
    return head


def _value(v: object) -> str:
    if v is True:
        return "yes"
    if isinstance(v, Mapping):
        return ", ".join(f"{clean(k, 30).replace('_', ' ')} {clean(x, 30)}"
                         for k, x in v.items())
    return clean(v, 60)
