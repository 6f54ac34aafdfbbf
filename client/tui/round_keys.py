"""A round game's keys at the table screen (see :mod:`client.tui.table`).

Left/right walk the moves that play a card of the hand (or draw one from a neighbour's
hand) and enter plays the chosen one; space calls (Snap); a letter makes a word move
(:data:`client.round_text.WORD_KEYS`); the command line's ``invite NAME SEAT`` seats a
member behind a seat. The screen keeps one-line methods for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Input, OptionList

from ..render import clean
from ..round_text import (
    drawn_position,
    is_call,
    is_round,
    move_key,
    played_card,
    sort_hand,
)

if TYPE_CHECKING:
    from .table import TableScreen


def card_moves(screen: TableScreen) -> list[int]:
    """Indexes in the list of the moves that play a hand card or draw from a hand; the
    cards in the order the hand shows them (sorted: :func:`client.round_text.sort_hand`)."""
    moves, view = screen._shown_moves, screen.table.view
    idx = [i for i, m in enumerate(moves)
           if played_card(view, m) or drawn_position(view, m) is not None]
    cards = {i: played_card(view, moves[i]) for i in idx}
    if idx and all(cards.values()):
        shown = sort_hand([c for c in cards.values() if c], (view or {}).get("ranks"))
        idx.sort(key=lambda i: shown.index(cards[i] or ""))
    return idx


def walk_hand(screen: TableScreen, step: int) -> None:
    """Choose the next (previous) card move in the list: the hand's card is shown
    chosen on the board; enter plays it."""
    idx = card_moves(screen)
    if not idx:
        screen.show_message("No card to play or draw now.")
        return
    box = screen.query_one("#moves", OptionList)
    now = box.highlighted
    if now in idx:
        i = idx[(idx.index(now) + step) % len(idx)]
    else:
        i = idx[0] if step > 0 else idx[-1]
    box.highlighted = i
    screen.show_message(clean(screen._shown_moves[i].get("text"), 120), error=False)
    screen.draw_board()


async def call(screen: TableScreen) -> None:
    """Space at a round table: the call (Snap!). Animal Snap: the animal of the other
    seat whose card matches, as the table shows it."""
    view = screen.table.view
    calls = [str(m.get("code")) for m in screen._shown_moves
             if is_call(view, str(m.get("code")))]
    if not calls:
        screen.show_message("Nothing to call now.")
        return
    code = calls[0]
    public = (view or {}).get("public") or {}
    animals = [str(a).lower() for a in public.get("animals") or ()]
    me = screen.table.audience
    matched = [int(x) for x in public.get("snap") or () if isinstance(x, int)]
    right = [animals[x] for x in matched if x != me and x < len(animals)]
    if right and right[0] in calls:
        code = right[0]
    await screen.play(code)


async def word_key(screen: TableScreen, key: str) -> bool:
    """A round table's letter for one of its word moves: play it (``True`` if the key
    was one; none while a text field has the keys)."""
    view = screen.table.view
    if not is_round(view) or isinstance(screen.focused, Input):
        return False
    for m in screen._shown_moves:
        code = str(m.get("code"))
        mine = move_key(view, code)
        if mine and mine != "space" and mine == key:
            await screen.play(code)
            return True
    return False


async def invite(screen: TableScreen, words: list[str]) -> None:
    """``invite NAME [SEAT]``: seat a member (by name) behind a seat (by number from
    1, or by its name), or let an advisor propose."""
    t = screen.table
    s = screen.sapp.session
    seats = [str(x) for x in (t.view or {}).get("seats", ())]
    seat: int | None = None
    name = " ".join(words)
    if len(words) > 1:
        last = words[-1]
        if last.isdigit():
            seat = int(last) - 1
            name = " ".join(words[:-1])
        elif last in seats:
            seat = seats.index(last)
            name = " ".join(words[:-1])
    member = t.member_named(name)
    if s is None or not member:
        screen.show_message(f"Nobody called {clean(name, 40)} is here.")
        return
    await screen._do(s.invite(member, seat), f"{clean(name, 40)} invited")
