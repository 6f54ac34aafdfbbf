"""Plain-text lines for everything around the board: people, advice, chat, the end.

Shared by the line mode and the terminal UI. Every remote string (names, chat, the
server's sentences) goes through :func:`client.render.clean`, so nobody can send a
terminal escape to somebody else's screen. Also here: which zones the last move changed,
for highlighting, from the cards of two views (which places a legal move touches is its
shape's to say: :mod:`client.pointing`).
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .events import DEFAULT_SERVER, Table
from .fair import FairCheck
from .links import page_link
from .render import clean


def seat_name(view: Mapping[str, Any] | None, seat: int) -> str:
    names: Sequence[str] = (view or {}).get("seats", ())
    return clean(names[seat], 30) if 0 <= seat < len(names) else str(seat)


def role_text(role: str, seats: Iterable[int], view: Mapping[str, Any] | None) -> str:
    """``"player A"``, ``"player A+B"``; a solo game's one seat is just ``"player"``."""
    role = clean(role, 10)
    names = [seat_name(view, int(s)) for s in seats] if role == "player" else []
    names = [n for n in names if n != role]
    return f"{role} {'+'.join(names)}".strip()


def member_text(m: Mapping[str, Any], view: Mapping[str, Any] | None) -> str:
    flags = [role_text(m.get("role", ""), m.get("seats") or (), view)]
    if m.get("host"):
        flags.append("host")
    if not m.get("connected", True):
        flags.append("away")
    return f"{clean(m.get('name', ''), 40)} ({', '.join(flags)})"


def dealt_text(table: Table) -> str:
    """What the table's deals are, when not the books' shuffle: a table of winnable deals
    only (as the page's header says it)."""
    return "winnable deals only" if table.policy.get("winnable") else ""


def presence_line(table: Table) -> str:
    people = "; ".join(member_text(m, table.view) for m in table.members)
    c = table.counts
    return (f"who: {people}  [{c.get('player', 0)} playing, {c.get('advisor', 0)} advising, "
            f"{c.get('watcher', 0)} watching, {c.get('connected', 0)} connected]")


def proposal_lines(items: Iterable[Mapping[str, Any]]) -> list[str]:
    out = []
    for i, p in enumerate(items, 1):
        by = ", ".join(clean(n, 40) for n in p.get("by", ()))
        votes = int(p.get("votes", 0))
        out.append(f"  [{i}] {clean(p.get('move'), 20):<6} {clean(p.get('text'), 120)}"
                   f"  (from {by}; {votes} vote{'s' if votes != 1 else ''})")
    return out


def proposal_marks(items: Sequence[Mapping[str, Any]], *, long: bool = False) -> list[str]:
    """Each proposal as its number, who proposed it and its votes: ``"◀ P2 Xan (1 vote)"``
    beside a move in the list, or with the move (``long``) in the advice panel."""
    out = []
    for i, p in enumerate(items, 1):
        by = ", ".join(clean(n, 30) for n in p.get("by", ()))
        votes = int(p.get("votes", 0))
        tally = f"{votes} vote{'s' if votes != 1 else ''}"
        out.append(f"P{i} {clean(p.get('move'), 20)} {clean(p.get('text'), 80)} - {by} "
                   f"({tally})" if long else f"◀ P{i} {by} ({tally})")
    return out


#: The codes of moves that end the game at once: giving up (the game counts as lost),
#: and a game of pure chance playing on by itself to its end. They are asked for twice
#: and never get a number, which would shift as the list around them changes (see
#: :func:`in_order`).
ENDING = frozenset({"end", "auto"})


def ends_game(move: Mapping[str, Any] | str) -> bool:
    """``move`` (or its code) ends the game at once."""
    code = move if isinstance(move, str) else move.get("code", move.get("move", ""))
    return str(code) in ENDING


def in_order(moves: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The moves as listed: the numbered ones first, the moves that end the game last
    (without a number)."""
    return [m for m in moves if not ends_game(m)] + [m for m in moves if ends_game(m)]


def confirm_line(move: Mapping[str, Any] | None, yes: str) -> str:
    """The question asked before a move that ends the game; ``yes`` says how to confirm."""
    text = clean((move or {}).get("text") or "give up", 120)
    return f"End the game now? This move ends it: {text}. {yes}"


def numbered_moves(moves: Sequence[Mapping[str, Any]]) -> list[str]:
    """The moves, numbered in the order :func:`in_order` gives; a move that ends the
    game is listed without a number, with how to ask for it."""
    out = []
    for i, m in enumerate(in_order(moves), 1):
        code, text = clean(m.get("code"), 20), clean(m.get("text"), 120)
        out.append(f"      {code:<6} {text} (type {code}, then yes)" if ends_game(m)
                   else f"  {i:>2}. {code:<6} {text}")
    return out


def chat_text(sender: str, role: str, text: str) -> str:
    return f"<{clean(sender, 40)}> {clean(text, 2000)}" + (
        f"  ({clean(role, 10)})" if role and role != "player" else "")


def last_text(last: Mapping[str, Any] | None) -> str:
    if not last:
        return ""
    line = clean(last.get("text") or last.get("move", ""), 200)
    who = clean(last.get("by", ""), 40)
    advised = [clean(n, 40) for n in last.get("advised_by") or ()]
    if who and not line.startswith(f"{who} "):  # "Ann deals again" names her already
        line = f"{who}: {line}"
    if advised:
        line += f" (advised by {', '.join(advised)})"
    return line


def come_back_lines(table: Table, name: str, url: str, command: str = "sympathy"
                    ) -> list[str]:
    """What to print when the terminal is left: the room's code and the command that
    comes back to the same place (the seat is kept on the server and in the token file);
    ``command`` runs this client (:func:`client.links.invocation`).
    """
    if not table.code:
        return []
    code = clean(table.code, 16)
    extra = "" if url == DEFAULT_SERVER else f" --server {clean(url, 200)}"
    named = f" --name {shlex.quote(clean(name, 40))}" if name else ""
    if table.role == "watcher":
        return [f"You stopped watching room {code}. Watch again with:",
                f"  {command} watch {code}{extra}"]
    advise = " --advise" if table.role == "advisor" else ""
    lines = [f"You left room {code}; your place is kept. Come back with:",
             f"  {command} play {code}{advise}{named}{extra}"]
    if table.host:
        lines.append("  (or run the same host command again)")
    return lines


def game_over_lines(view: Mapping[str, Any], check: FairCheck | None,
                    tally: Mapping[str, Any] | None = None, command: str = "sympathy"
                    ) -> list[str]:
    """The end of a game: the result, the client's own fairness check, the deal number to
    share (with ``command``, the way to run this client), and the room's running tally."""
    out = [f"game over: {clean(view.get('status'))} ({clean(view.get('result') or '')})"]
    if check is None:
        out.append("the deal's seed has not been revealed")
    else:
        out.append(f"deal (seed) {check.seed}: commitment "
                   f"{'checks out' if check.commitment_ok else 'DOES NOT MATCH'}")
        if check.replays is None:
            out.append("record not checked")
        else:
            out.append("the record replays to the same game: "
                       f"{'yes' if check.replays else 'NO, ' + check.why}")
        out.append(f"share this deal: {command} host {clean(view.get('game'), 40)} "
                   f"--deal {check.seed}")
    if tally and tally.get("deals"):
        won, deals = int(tally.get("won", 0)), int(tally["deals"])
        out.append(f"this room so far: {won} won of {deals} deal{'s' if deals != 1 else ''}"
                   " played together")
    return out


def changed_zones(before: Mapping[str, Any] | None, after: Mapping[str, Any] | None
                  ) -> set[str]:
    """Ids of the zones whose cards differ between two views of one game (to mark what
    the last move changed, as the page does): read from the cards, never from a move's
    words."""
    if not before or not after or before.get("game") != after.get("game"):
        return set()
    old = {z.get("id"): z for z in before.get("zones", ()) if isinstance(z, Mapping)}
    out = set()
    for z in after.get("zones", ()):
        o = old.get(z.get("id"))
        if o is None or o.get("down") != z.get("down") or \
                list(o.get("up", ())) != list(z.get("up", ())):
            out.add(str(z.get("id")))
    return out


def holders(table: Table) -> dict[int, str]:
    """Who sits in each seat, by name (seats nobody holds are left out)."""
    out: dict[int, str] = {}
    for m in table.members:
        if m.get("role") == "player":
            for seat in m.get("seats") or ():
                out.setdefault(int(seat), clean(m.get("name", ""), 30))
    return out


def person(table: Table, seat: int) -> str:
    """``"Bea (B)"`` for a seat of a game with named seats, ``"Ann"`` for a solo seat;
    ``"you"`` when it is this client's seat."""
    view = table.view
    seat_label = seat_name(view, seat)
    if table.role == "player" and seat in table.seats:
        who = "you"
    else:
        who = holders(table).get(seat, "")
    if len((view or {}).get("seats", ())) < 2:
        return who or seat_label
    if not who:
        return seat_label
    # a computer player is named after its seat already: "Computer (B)"
    return who if who.endswith(f"({seat_label})") else f"{who} ({seat_label})"


def empty_seats(table: Table) -> list[int]:
    """The seats of a table of several seats that nobody holds (a person or a computer
    player), while its game goes on."""
    view = table.view
    n = len((view or {}).get("seats", ()))
    if view is None or n < 2 or table.over:
        return []
    held = holders(table)
    return [s for s in range(n) if s not in held]


def waiting_lines(table: Table, url: str, bots: str = "") -> list[str]:
    """What the table waits for while a seat is empty: who to invite and how (the code
    and the page's link to the room), and for the host, ``bots``: how to seat computer
    players instead."""
    empty = empty_seats(table)
    if not empty or not table.code:
        return []
    names = " and ".join(seat_name(table.view, s) for s in empty)
    who = "a partner" if len(empty) == 1 else f"{len(empty)} more players"
    where = f"seat {names} is" if len(empty) == 1 else f"seats {names} are"
    code = clean(table.code, 16)
    lines = [f"Waiting for {who} ({where} empty): share this code, {code}, or this link: "
             f"{page_link(url, code)}"]
    if table.host and bots:
        lines.append(bots)
    return lines


#: What a seat must do in each phase of the twins games (Sympathy, Sympathie).
_TWIN_PHASES = {"opening": "open (turn up every packet top)", "turn": "turn a card",
                "grace": "turn up a grace card", "choose": "choose which card to throw out"}


def turn_line(table: Table) -> str:
    """The turn in words and names: ``"Bea (B) to play: turn a card"``."""
    view = table.view
    if view is None:
        return ""
    if table.over:
        return f"game over: {clean(view.get('status'))}"
    seats = [int(s) for s in view.get("to_move", ())]
    if not seats:
        return ""
    empty = empty_seats(table)
    if all(s in empty for s in seats):  # nobody there to play: not "B to play"
        names = " and ".join(seat_name(view, s) for s in seats)
        return f"Nobody sits at {names} yet ({names} plays next)"
    who = " and ".join(person(table, s) + (" (empty seat)" if s in empty else "")
                       for s in seats)
    who = who[:1].upper() + who[1:]
    what = _what(view, table)
    if view.get("layout") == "round" and what == "waiting":
        return f"{who} to play"  # another seat's moves are its own business
    return f"{who} to play: {what}"


def _what(view: Mapping[str, Any], table: Table) -> str:
    public = view.get("public") or {}
    if view.get("layout") == "twins" and public.get("phase") in _TWIN_PHASES:
        what = _TWIN_PHASES[str(public["phase"])]
        if public.get("must_continue") is not None:
            what += f" (she goes on with packet {clean(public['must_continue'], 4)})"
        return what
    moves = table.table_moves()
    if not moves:
        return "waiting"
    texts = [_without_seat(view, str(m.get("text", ""))) for m in moves]
    if len(texts) == 1:
        return clean(texts[0], 120)
    words = [t.split() for t in texts]
    common: list[str] = []
    for group in zip(*words, strict=False):
        if len(set(group)) != 1:
            break
        common.append(group[0])
    lead = " ".join(common)
    return f"{clean(lead, 60)} ... ({len(moves)} moves)" if lead else \
        f"one of {len(moves)} moves"


def _without_seat(view: Mapping[str, Any], text: str) -> str:
    """A move's text without the seat name it opens with ("A turns up ...")."""
    for name in view.get("seats", ()):
        if len(view.get("seats", ())) > 1 and text.startswith(f"{name} "):
            return text[len(name) + 1:]
    return text
