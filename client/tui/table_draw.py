"""Drawing the table screen (:mod:`client.tui.table`): the title with the connection's
state, the turn (and what an empty seat waits for), the last move, the chat's last lines
on a narrow terminal, people, advice, the list of moves and the board.

The list numbers the moves that :func:`client.table_text.in_order` numbers: a move that
ends the game comes last, without a number.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rich.table import Table as Grid
from rich.text import Text
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..pointing import NOTHING, places_of
from ..render import card_text, clean, game_title
from ..round_text import deal_over_text, deals_over, is_round, move_key, played_card
from ..table_text import (
    changed_zones,
    chat_text,
    dealt_text,
    ends_game,
    holders,
    in_order,
    last_text,
    member_text,
    proposal_marks,
    role_text,
    turn_line,
    waiting_lines,
)
from . import ending, hint_key, round_keys
from .board import Board

if TYPE_CHECKING:
    from .table import TableScreen

CONNECTION_TEXT = {"connecting": "connecting...", "connected": "connected",
                   "reconnecting": "reconnecting...", "resumed": "resumed",
                   "closed": "disconnected"}


def move_line(screen: TableScreen, head: str, text: str) -> Grid:
    """A move in the list: its number and code, then its description, which wraps
    under itself (not under the number) when the list is narrow."""
    grid = Grid.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1)
    grid.add_row(screen.text(head), screen.text(text))
    return grid

def refresh(screen: TableScreen) -> None:
    """Draw every part of the table screen from the session's table."""
    t = screen.table
    view = t.view
    me = role_text(t.role, t.seats, view)
    host = "  (host)" if t.host else ""
    conn = CONNECTION_TEXT.get(t.connection, t.connection)
    dealt = f" · {said}" if (said := dealt_text(t)) else ""
    if t.gone:
        conn += f" ({t.gone})"
    screen.query_one("#title", Static).update(screen.text(
        f"{clean(game_title(t.game), 40)}{dealt}  room {clean(t.code, 16)}  v{t.version}"
        f"  you: {me}{host}"
        f"  [{conn}]"))
    screen.query_one("#conn", Static).update(Text(conn))
    over = [ending.OVER_KEYS + (ending.HOST_KEYS if t.host else "")] if t.over else []
    screen.query_one("#turn", Static).update(screen.text("\n".join([
        *waiting_lines(t, screen.sapp.url, "Or press c to seat computer players in "
                       "every empty seat."), turn_line(t), *over])))
    strip = screen.query_one("#chat-strip", Static)
    strip.update(screen.text("\n".join(
        chat_text(c.sender, c.role, c.text) for c in list(t.chat)[-3:])))
    strip.set_class(not t.chat, "empty")  # no blank row where no one has spoken yet
    if is_round(view):  # the end of a deal: how it went, until the person acts
        done = deals_over(view)
        if screen.deals_seen is not None and done > screen.deals_seen and not t.over \
                and view is not None:
            screen.show_message(deal_over_text(view, t.audience, holders(t)), error=False)
        screen.deals_seen = done
    # a round table's last move is the newest line of its log, on the board
    last = screen.query_one("#last", Static)
    last.update(screen.text(f"last: {last_text(t.last)}" if t.last else ""))
    last.set_class(is_round(view) and bool(t.log), "in-log")
    screen.query_one("#people", Static).update(Text("\n".join(
        member_text(m, view) for m in t.members)))
    advice = screen.query_one("#advice", OptionList)
    advice.set_options(Option(screen.text(line), id=str(p.get("move")))
                       for line, p in zip(proposal_marks(t.proposals, long=True),
                                          t.proposals, strict=True))
    moves = in_order(screen.moves())
    if t.version != screen.drawn_version:
        # what the last move changed (nothing at a join: no view before it)
        screen.changed = changed_zones(screen.drawn_view, view) if t.last else set()
        screen.drawn_version, screen.choice, screen.drawn_view = t.version, NOTHING, view
    marks = dict(zip((str(p.get("move")) for p in t.proposals),
                     proposal_marks(t.proposals), strict=True))
    heads = [f"    {clean(m.get('code'), 20):<6}" if ends_game(m) else
             f"{i:>2}. {clean(m.get('code'), 20):<6}" for i, m in enumerate(moves, 1)]
    texts = [card_of(screen, m) + clean(m.get("text"), 100)
             + key_mark(screen, str(m.get("code"))) + hint_key.mark(screen, str(m.get("code")))
             + (f"  {marks[str(m.get('code'))]}" if str(m.get("code")) in marks else "")
             for m in moves]
    lines = [f"{h} {x}" for h, x in zip(heads, texts, strict=True)]
    box = screen.query_one("#moves", OptionList)
    if lines != screen._shown_lines:
        kept = box.highlighted
        same = [m.get("code") for m in moves] == [m.get("code") for m in screen._shown_moves]
        screen._shown_moves, screen._shown_lines = moves, lines
        box.set_options(Option(move_line(screen, h, x)) for h, x in zip(heads, texts,
                                                                    strict=True))
        if same and kept is not None:
            box.highlighted = kept
        elif is_round(view) and round_keys.card_moves(screen):
            # a hand: no card is chosen until the person walks to one (right chooses the
            # first card shown, left the last), as the page does
            box.highlighted = None
        elif moves:
            box.highlighted = 0
    head = "moves" if t.role == "player" else "moves to propose" if t.role == "advisor" \
        else "watching"
    if t.proposals and t.role == "player":
        head += f" ({len(t.proposals)} proposed: a takes)"
    screen.query_one("#moves-head", Static).update(Text(head))
    board(screen)

def board(screen: TableScreen) -> None:
    """Draw the board: the places where picking may begin (or go on), the places picked,
    the chosen move's places, the last move's changes."""
    t = screen.table
    view = t.view
    legal = set(screen.active_zones())
    sel = screen.selected_move()
    picked = places_of(sel) if view is not None and sel is not None else set()
    if screen._cursor not in legal:
        screen._cursor = None
    card = None
    if is_round(view):
        card = played_card(view, sel) if sel is not None else None
    calls = [c.text for c in list(t.calls)[-1:]] if is_round(view) else []
    screen.query_one("#board", Board).show(view, t.audience, legal, picked, screen._cursor,
                                         screen.choice.points, screen.changed,
                                         holders(t), card, calls,
                                         t.log[-log_shown(screen):])

def log_shown(screen: TableScreen) -> int:
    """How many of a round table's last moves its board shows: three on a short
    terminal (24 rows: the list of moves keeps its room), six from 30 rows."""
    return 6 if screen.size.height >= 30 else 3


def card_of(screen: TableScreen, move: Mapping[str, Any]) -> str:
    """The hand card a round game's move plays, before its text: ``"7♥: "``."""
    view = screen.table.view
    card = played_card(view, move) if is_round(view) else None
    return f"{card_text(card)}: " if card else ""

def key_mark(screen: TableScreen, code: str) -> str:
    """A round table's key of its own for a move, as shown in the list."""
    key = move_key(screen.table.view, code)
    return f"  [{key}]" if key else ""

