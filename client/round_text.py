"""A round game's table as lines of text: hands around the table, the match, the calls.

A view with the ``round`` layout hint (the round games: competitive seats with private
hands) is drawn seat by seat instead of zone group by zone group: each other seat on one
line (its hand as a count, ``"Player 2 (Bob): hand 7 cards"``, its packs as counts, its
face-up cards), then the cards on the table, then the match (the scores and the history
of the deals, from ``public["match"]`` only), then the viewer's own hand, face up, in
order, with the key of each card. Nothing here knows a game: hands are zones of kind
``hand``; a seat's zones are the zones it owns. A hand of another seat is never shown by
its faces, even if a view carried them: the server never sends them, and a watcher's
screen must not show one whatever arrives.

Also here: which hand card or hand position a move names, read from its shape
(``protocol/README.md``, "Moves and their shapes"; never from its code): one card
from the mover's hand plays that card, a card taken ``at`` a position of a neighbour's
hand draws that back; the key letters of the word moves (``s`` suspect, ``b`` beg,
...), and the calls of a realtime game (``space``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .render import card_text, clean, public_text

#: The key of each word move of the round games (none of them the table's own keys:
#: ``a`` take advice, ``v`` vote, ``u`` undo, ``t`` chat, ``p`` people, ``q`` quit).
WORD_KEYS = {"suspect": "s", "take": "g", "beg": "b", "hold": "h", "take1": "o",
             "refuse": "r", "pass": "x", "keep": "k", "sell": "e", "turn": "n", "play": "n",
             "deal": "d", "snip": "i", "snap": "space"}
#: Most hand cards drawn; most cards of a zone on the table drawn (then the top ones).
TABLE_CARDS = 14
#: A sorted hand's suits, in order (the colours alternating), and the ranks ace low.
SUIT_ORDER = "SHCD"
ACES_LOW = "A23456789TJQK"
#: The moves of the log a round table shows (the newest; the state carries up to 12).
LOG_SHOWN = 6


def is_round(view: Mapping[str, Any] | None) -> bool:
    return view is not None and view.get("layout") == "round"


def _from_hand(view: Mapping[str, Any] | None, move: Mapping[str, Any]
               ) -> tuple[Mapping[str, Any], Mapping[str, Any]] | None:
    """The shape of a move of one card from a hand, with that hand's zone, or None."""
    shape = move.get("shape")
    if view is None or not isinstance(shape, Mapping) or shape.get("kind") != "move" \
            or len(shape.get("cards") or ()) != 1:
        return None
    zone = next((z for z in view.get("zones", ()) if z.get("id") == shape.get("from")),
                None)
    return (shape, zone) if zone is not None and zone.get("kind") == "hand" else None


def played_card(view: Mapping[str, Any] | None, move: Mapping[str, Any]) -> str | None:
    """The card of the viewer's hand that ``move`` plays (or puts down), read from its
    shape: one card from a hand, named and face up there (``"7H"``); else None."""
    found = _from_hand(view, move)
    if found is None:
        return None
    card = found[0]["cards"][0]
    return str(card) if card is not None and card in found[1].get("up", ()) else None


def drawn_position(view: Mapping[str, Any] | None, move: Mapping[str, Any]) -> int | None:
    """The position (0 = leftmost back) ``move`` draws from another seat's hand, read
    from its shape (its ``at``); else None."""
    found = _from_hand(view, move)
    at = found[0].get("at") if found is not None else None
    return at if isinstance(at, int) and not isinstance(at, bool) else None


def is_call(view: Mapping[str, Any] | None, code: str) -> bool:
    """A call that races (Snap's ``snap``, Animal Snap's animal names): a move of a
    realtime round game other than turning a card."""
    if not is_round(view) or view is None:
        return False
    public = view.get("public") or {}
    animals = {str(a).lower() for a in public.get("animals") or ()}
    return code == "snap" or code in animals


def move_key(view: Mapping[str, Any] | None, code: str) -> str:
    """The key that makes this move at a round table (``""`` when it has none of its own:
    the move list's number and enter reach it)."""
    if is_call(view, code):
        return "space"
    return WORD_KEYS.get(code, "")


def _hand(zones: Sequence[Mapping[str, Any]], seat: int) -> Mapping[str, Any] | None:
    return next((z for z in zones if z.get("kind") == "hand" and z.get("owner") == seat),
                None)


def hand_cards(view: Mapping[str, Any], seat: int | None) -> list[str]:
    """The cards of ``seat``'s own hand as the view shows them (face up, in order)."""
    if seat is None:
        return []
    zone = _hand(list(view.get("zones", ())), seat)
    return [str(c) for c in zone.get("up", ())] if zone else []


def who(view: Mapping[str, Any], seat: int, me: int | None,
        names: Mapping[int, str] | None) -> str:
    seats: Sequence[str] = view.get("seats", ())
    label = clean(seats[seat], 30) if 0 <= seat < len(seats) else str(seat)
    if seat == me:
        return f"you ({label})"
    name = clean((names or {}).get(seat, ""), 30)
    if not name or name == label:
        return label
    # a computer player is named after its seat already: "Computer (Player 2)"
    return name if name.endswith(f"({label})") else f"{name} ({label})"


def _short_label(view: Mapping[str, Any], seat: int, label: str) -> str:
    """A seat's zone label without the seat's name ("Player 2's pack" -> "pack")."""
    seats: Sequence[str] = view.get("seats", ())
    name = str(seats[seat]) if 0 <= seat < len(seats) else ""
    for lead in (f"{name}'s ", f"{name} "):
        if name and label.startswith(lead):
            return label[len(lead):]
    return label


def count_text(n: int, what: str = "card") -> str:
    return f"{n} {what}{'s' if n != 1 else ''}"


def cards_text(cards: Sequence[str], *, ascii: bool = False,
               limit: int = TABLE_CARDS) -> str:
    shown = [card_text(str(c), ascii=ascii) for c in cards]
    if len(shown) > limit:
        return f"({len(shown)}) ... " + " ".join(shown[-limit:])
    return " ".join(shown)


def zone_facts(zone: Mapping[str, Any], *, ascii: bool = False, hidden: bool = False
               ) -> str:
    """A zone's cards: face-down ones counted, face-up ones shown (none with
    ``hidden``: another seat's hand is only ever a count)."""
    down, up = int(zone.get("down", 0)), list(zone.get("up", ()))
    if hidden:
        return count_text(down + len(up))
    parts = []
    if up:
        parts.append(cards_text(up, ascii=ascii))
    if down:
        parts.append(f"{count_text(down)} face down" if up or zone.get("kind") != "hand"
                     else count_text(down))
    return ", ".join(parts) if parts else "-"


def seat_line(view: Mapping[str, Any], seat: int, me: int | None,
              names: Mapping[int, str] | None, *, ascii: bool = False) -> str:
    """One seat: who, dealer and turn marks, its hand as a count, its other zones."""
    zones = [z for z in view.get("zones", ()) if z.get("owner") == seat]
    public = view.get("public") or {}
    match = public.get("match") or {}
    marks = []
    if match.get("dealer") == seat:
        marks.append("dealer")
    if seat in [int(s) for s in view.get("to_move", ())]:
        marks.append("to play")
    if seat in [int(s) for s in public.get("out") or () if isinstance(s, int)]:
        marks.append("out")
    head = who(view, seat, me, names) + (f" [{', '.join(marks)}]" if marks else "")
    parts = []
    for z in zones:
        if z.get("kind") == "hand":
            if seat == me:
                parts.append(f"hand {count_text(len(z.get('up', ())))}")
            else:
                parts.append(f"hand {zone_facts(z, hidden=True)}")
        else:
            label = _short_label(view, seat, clean(z.get("label") or z.get("id"), 40))
            parts.append(f"{label} {zone_facts(z, ascii=ascii)}")
    return f"{head}: {'; '.join(parts)}" if parts else head


def score_line(view: Mapping[str, Any], me: int | None = None,
               names: Mapping[int, str] | None = None) -> str:
    """The match: the deal, the scores (per seat, or per side) and the target."""
    match = (view.get("public") or {}).get("match") or {}
    if not match:
        return ""
    scores = list(match.get("scores") or ())
    sides = match.get("sides")
    seats: Sequence[str] = view.get("seats", ())
    if sides:
        labels = [" & ".join(clean(seats[int(s)], 20) for s in side if int(s) < len(seats))
                  for side in sides]
    else:
        labels = [who(view, i, me, names) for i in range(len(scores))]
    shown = ", ".join(f"{lab} {clean(sc, 10)}" for lab, sc in zip(labels, scores,
                                                                   strict=False))
    label = clean(match.get("score_label") or "score", 20)
    line = f"match, deal {clean(match.get('deal', 1), 6)}: {label}: {shown}"
    if match.get("target") is not None:
        line += f" (to {clean(match['target'], 6)})"
    return line


def history_lines(view: Mapping[str, Any], last: int | None = None) -> list[str]:
    """The deals played so far (the newest ``last`` of them)."""
    match = (view.get("public") or {}).get("match") or {}
    items = list(match.get("history") or ())
    if last is not None:
        items = items[-last:] if last > 0 else []
    return [f"deal {clean(h.get('deal'), 6)}: {clean(h.get('summary'), 160)} "
            f"[{' '.join(clean(s, 8) for s in h.get('scores') or ())}]" for h in items]


def _plays(view: Mapping[str, Any], cards: Sequence[Any], leader: int, me: int | None,
           names: Mapping[int, str] | None, ascii: bool) -> str:
    n = max(1, len(view.get("seats", ())))
    return ", ".join(f"{who(view, (leader + i) % n, me, names)} "
                     f"{card_text(str(c), ascii=ascii)}" for i, c in enumerate(cards))


def trick_lines(view: Mapping[str, Any], zone: Mapping[str, Any], me: int | None,
                names: Mapping[int, str] | None, *, ascii: bool = False) -> list[str]:
    """A trick on the table (the zone ``trick`` while the public facts name its
    ``leader``, or a ``last_trick``): who played each card, the leader first and then
    round to the left; and the last trick won, with who played what and who won it.
    Empty for any other zone."""
    public = view.get("public") or {}
    leader, last = public.get("leader"), public.get("last_trick")
    if zone.get("id") != "trick" or not (isinstance(leader, int) or isinstance(last, dict)):
        return []
    up = list(zone.get("up", ()))
    if up and isinstance(leader, int):
        out = [f"the trick: {_plays(view, up, leader, me, names, ascii)}"]
    elif isinstance(leader, int):
        out = [f"the trick: {who(view, leader, me, names)} to lead"]
    else:
        out = [f"the trick: {zone_facts(zone, ascii=ascii)}"]
    if isinstance(last, dict) and isinstance(last.get("leader"), int):
        won = last.get("winner")
        by = who(view, won, me, names) if isinstance(won, int) else "?"
        cards = list(last.get("cards") or ())
        out.append(f"last trick, won by {by}: "
                   f"{_plays(view, cards, last['leader'], me, names, ascii)}")
    return out


#: A board's pools as the board lays them out: three rows, the Pope in the middle.
BOARD_ROWS = (("Ace", "King", "Queen"), ("Knave", "Pope", "Matrimony"),
              ("Intrigue", "Game", ""))
_SUIT_SYMBOLS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}


def board_lines(view: Mapping[str, Any], *, ascii: bool = False) -> list[str]:
    """A board of pools (Pope Joan's ``public["board"]``: each pool's counters) drawn as
    the board is, three pools a row with the Pope in the middle, and the trump suit;
    pools of other names follow. Empty when the view has no board."""
    public = view.get("public") or {}
    board = public.get("board")
    if not isinstance(board, Mapping) or not board:
        return []
    trumps = str(public.get("trumps") or "")
    suit = trumps if ascii else _SUIT_SYMBOLS.get(trumps, trumps)
    placed = {p for row in BOARD_ROWS for p in row}
    rows = [[p for p in row if p in board] for row in BOARD_ROWS]
    rows.append([p for p in board if p not in placed])
    cells = [[f"{clean(p, 14)} {clean(board[p], 4)}" for p in row] for row in rows if row]
    width = max(len(c) for row in cells for c in row) + 3
    out = [f"the board{f' (trumps {suit})' if suit else ''}:"]
    out += ["  " + "".join(c.ljust(width) for c in row).rstrip() for row in cells]
    return out


def deals_over(view: Mapping[str, Any] | None) -> int:
    """How many deals of the view's match are over (its history's length)."""
    match = ((view or {}).get("public") or {}).get("match") or {}
    return len(match.get("history") or ())


def deal_over_text(view: Mapping[str, Any], me: int | None = None,
                   names: Mapping[int, str] | None = None) -> str:
    """The end of the match's latest deal, in people's names: how it went and the scores
    ("deal 1 is over: Ann (Player 1) is the old maid. points: you (Player 1) 1, ...")."""
    match = (view.get("public") or {}).get("match") or {}
    history = list(match.get("history") or ())
    if not history:
        return ""
    d = history[-1]
    seats: Sequence[str] = view.get("seats", ())
    summary = clean(d.get("summary"), 200)
    if seats:
        words = sorted((str(x) for x in seats if x), key=len, reverse=True)
        pattern = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, words)) + r")(?!\w)")
        # people by name in the sentence ("you is the old maid" would not do)
        summary = pattern.sub(lambda m: who(view, list(seats).index(m.group(0)), None,
                                            names), summary)
    sides = match.get("sides")
    scores = list(d.get("scores") or ())
    if sides:
        labels = [" & ".join(clean(seats[int(x)], 20) for x in side if int(x) < len(seats))
                  for side in sides]
    else:
        labels = [who(view, i, me, names) for i in range(len(scores))]
    shown = ", ".join(f"{lab} {clean(n, 10)}" for lab, n in zip(labels, scores, strict=False))
    label = clean(match.get("score_label") or "score", 20)
    return f"deal {clean(d.get('deal'), 6)} is over: {summary.rstrip('.')}. {label}: {shown}"


def game_facts(view: Mapping[str, Any], me: int | None = None,
               names: Mapping[int, str] | None = None) -> str:
    """The game's own public facts (pools, trumps, the claim...), the match aside, with
    each seat's person named as the page names them (:func:`who`: "you (Player 1)",
    "Bea (Player 2)")."""
    public = {k: v for k, v in (view.get("public") or {}).items()
              if k not in ("match", "out", "turn", "last_trick", "board")}  # drawn
    seats = view.get("seats") or ()
    return public_text(public, [who(view, i, me, names) for i in range(len(seats))])


def sort_hand(cards: Sequence[str], ranks: str | None = None) -> list[str]:
    """A hand's cards sorted for the eye (display only: the codes are the server's): by
    suit, ♠ ♥ ♣ ♦ (the colours alternating), then by the game's own order of ranks (the
    view's ``ranks``, lowest first; ace low when a view does not say)."""
    order = ranks or ACES_LOW
    return sorted(cards, key=lambda c: (SUIT_ORDER.find(c[1:2]), order.find(c[:1])))


def hand_line(view: Mapping[str, Any], me: int | None, *, ascii: bool = False,
              cursor: str | None = None) -> str:
    """The viewer's hand, face up and sorted (:func:`sort_hand`); ``cursor`` is the card
    chosen now."""
    if me is None or _hand(list(view.get("zones", ())), me) is None:
        return ""
    cards = sort_hand(hand_cards(view, me), view.get("ranks"))
    shown = []
    for c in cards:
        text = card_text(c, ascii=ascii)
        shown.append(f"[{text}]" if c == cursor else text)
    return "your hand: " + (" ".join(shown) if shown else "(empty)")


def log_lines(log: Sequence[Mapping[str, Any]], last: int | None = LOG_SHOWN,
              after: int = -1) -> list[str]:
    """The move log (the state's ``log``: the table's last moves as the server told them
    to this audience, in people's names), the newest ``last`` of its entries after
    version ``after``, one line each."""
    items = [e for e in log if int(e.get("version", 0)) > after]
    if last is not None:
        items = items[-last:] if last > 0 else []
    return [f"- {clean(e.get('text') or e.get('move') or '', 200)}" for e in items]


def round_lines(view: Mapping[str, Any], me: int | None = None,
                names: Mapping[int, str] | None = None, *, ascii: bool = False,
                history: int | None = 3, cursor: str | None = None,
                log: Sequence[Mapping[str, Any]] = (), log_shown: int | None = LOG_SHOWN
                ) -> list[str]:
    """The whole table, top to bottom: the other seats (from the one after ``me``), the
    cards on the table, the game's facts, the match and its history, the viewer's own
    seat and hand (nearest the player), then the last moves (``log``)."""
    n = len(view.get("seats", ()))
    start = (me + 1) if me is not None else 0
    order = [(start + i) % n for i in range(n)]
    others = [s for s in order if s != me]
    out = [seat_line(view, s, me, names, ascii=ascii) for s in others]
    for z in view.get("zones", ()):
        if z.get("owner") is None:
            tricks = trick_lines(view, z, me, names, ascii=ascii)
            if tricks:
                out += tricks
                continue
            label = clean(z.get("label") or z.get("id"), 40)
            out.append(f"{label}: {zone_facts(z, ascii=ascii)}")
    out += board_lines(view, ascii=ascii)
    facts = game_facts(view, me, names)
    if facts:
        out.append(facts)
    score = score_line(view, me, names)
    if score:
        out.append(score)
    out.extend(history_lines(view, history))
    if me is not None:
        out.append(seat_line(view, me, me, names, ascii=ascii))
        hand = hand_line(view, me, ascii=ascii, cursor=cursor)
        if hand:
            out.append(hand)
    moves = log_lines(log, log_shown)
    if moves:
        out += ["last moves:", *moves]
    return out
