"""The board widget: any game's view drawn as Rich text, with nothing game-specific.

Zones are drawn group by group (see :func:`client.render.groups`) as wrapped cells
``id [3▒] 10♥ Q♠``: face-down cards are counted, face-up cards show rank and suit. Red
suits are red, black ones the default colour, and every suit keeps its symbol (or its
letter with ``ascii``), so the board reads the same without colour. The places where a
legal move may be picked are underlined (:mod:`client.pointing`); the places of the
selected move are shown reversed; the zones the last move changed have a blue ground. A
group owned by another seat is labelled with the name of the person in it; the seat's
own group is set apart below a rule.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from rich.text import Text
from textual.widgets import Static

from ..dial import ROWS, dial_group, place, positions
from ..render import card_text, clean, groups, header, letters, public_text
from ..round_text import is_round, round_lines

RED = {"H", "D"}
LAST = "on blue"


def card(code: str, ascii: bool) -> Text:
    style = "bold red" if code[-1:] in RED else "bold"
    return Text(card_text(code, ascii=ascii), style=style)


def zone_cell(zone: Mapping[str, Any], ascii: bool, *, legal: bool = False,
              picked: bool = False, mark: str = "", last: bool = False) -> Text:
    """One zone; ``mark`` is ``">"`` under the zone cursor and ``"*"`` on a chosen
    source, so the choice reads without colour too."""
    name = Text(mark + clean(zone.get("id"), 24), style="cyan")
    if mark:
        name.stylize("bold reverse yellow" if mark == ">" else "bold reverse green")
    elif picked:
        name.stylize("reverse")
    elif legal:
        name.stylize("underline")
    cell = Text.assemble(name, " ")
    down = int(zone.get("down", 0))
    parts: list[Text] = []
    if down:
        parts.append(Text(f"[{down}#]" if ascii else f"[{down}▒]", style="dim"))
    parts.extend(card(str(c), ascii) for c in zone.get("up", ()))
    if not parts:
        parts.append(Text("-", style="dim"))
    cell.append_text(Text(" ").join(parts))
    if last:
        cell.stylize(LAST)
    return cell


def board_text(view: Mapping[str, Any], *, width: int = 80, ascii: bool = False,
               me: int | None = None, legal: Collection[str] = (),
               picked: Collection[str] = (), cursor: str | None = None,
               sources: Collection[str] = (), last: Collection[str] = (),
               names: Mapping[int, str] | None = None) -> Text:
    """The whole board as one Rich text, wrapped to ``width`` columns. ``legal``: the
    places where picking may begin (or go on); ``sources``: the places picked so far;
    ``last``: the zones the last move changed; ``names``: who sits in each seat."""
    out = Text(_shown(header(view), ascii), style="bold")
    grouped = groups(view, me)
    dial = dial_group(view, grouped)

    def cell_of(z: Mapping[str, Any]) -> Text:
        zid = str(z.get("id"))
        mark = ">" if zid == cursor else "*" if zid in sources else ""
        return zone_cell(z, ascii, legal=zid in legal, picked=zid in picked, mark=mark,
                         last=zid in last)

    for group, zones in grouped:
        owners = {int(z["owner"]) for z in zones if isinstance(z.get("owner"), int)}
        owner = next(iter(owners)) if len(owners) == 1 else None
        mine = me is not None and owner == me
        label = group
        if mine and len(grouped) > 1:
            out.append("\n").append(("-" if ascii else "─") * min(width, 60), style="dim")
            label = f"{group} (you)"
        elif owner is not None and names and names.get(owner):
            label = f"{group} ({clean(names[owner], 20)})"
        if group == dial:
            face = dial_text(zones, cell_of, width)
            if face is not None:
                out.append("\n").append(f"{label}:", style="bold magenta")
                out.append("\n").append_text(face)
                continue
        # the label is one span of its own: a style on the whole line would also fall
        # on the cards after it (black cards drawn in the label's colour)
        line = Text()
        if label:
            line.append(f"{label}:", style="bold green" if mine else "bold magenta")
        for z in zones:
            for cell in _fold(cell_of(z), width - 5):
                if line.cell_len and line.cell_len + 2 + cell.cell_len > width:
                    out.append("\n").append_text(line)
                    line = Text("   ")
                line.append("  ").append_text(cell)
        out.append("\n").append_text(line)
    public = view.get("public") or {}
    shown = public_text(public, view.get("seats") or ())
    if shown:
        for piece in _fold(Text(_shown(shown, ascii), style="dim"), width):
            out.append("\n").append_text(piece)
    return out


#: A red card as drawn: with a suit symbol, or (``ascii``) a letter.
_RED_CARD = r"(?<![\w])(?:10|[A2-9JQK])(?:[♥♦]|[HD](?![\w]))"


def _wrap(line: str, width: int) -> list[str]:
    """A line cut between words to ``width`` columns, the rest indented."""
    return textwrap.wrap(line, width, subsequent_indent="   ", break_on_hyphens=False) \
        or [""]


def round_text(view: Mapping[str, Any], *, width: int = 78, ascii: bool = False,
               me: int | None = None,
               names: Mapping[int, str] | None = None, cursor: str | None = None,
               calls: Collection[str] = (), log: Sequence[Mapping[str, Any]] = ()
               ) -> Text:
    """A round game's table (see :mod:`client.round_text`): the other seats, the
    table, the match, and the viewer's own hand at the bottom, set apart and bold; the
    chosen card of the hand reversed; red cards red; the latest call above all."""
    out = Text(_shown(header(view), ascii), style="bold")
    for call in calls:
        out.append("\n").append(_shown(f"call: {clean(call, 200)}", ascii),
                                 style="bold yellow")
    lines = round_lines(view, me, names, ascii=ascii, history=2, cursor=cursor, log=log)
    for line in [piece for whole in lines for piece in _wrap(whole, width)]:
        text = Text(_shown(line, ascii))
        if line.startswith("your hand:"):
            text.stylize("bold", 0, len("your hand:"))
            text.highlight_regex(r"\[[^\]]+\]", "reverse")
        elif line.startswith("you ("):
            text.stylize("bold green")
        elif line.startswith("match,") or line.startswith("deal "):
            text.stylize("magenta")
        elif line == "last moves:":
            text.stylize("bold")
        text.highlight_regex(_RED_CARD, "bold red")
        out.append("\n").append_text(text)
    return out


def _fold(cell: Text, width: int) -> list[Text]:
    """A cell wider than ``width`` (a long pile) as pieces cut between its cards."""
    if cell.cell_len <= width:
        return [cell]
    cuts, start, last_space = [], 0, 0
    for i, ch in enumerate(cell.plain):
        if ch == " ":
            last_space = i
        if i - start >= width and last_space > start:
            cuts.append(last_space + 1)
            start = last_space + 1
    pieces = cell.divide(cuts)
    for piece in pieces:
        piece.rstrip()
    return list(pieces)


def _shown(text: str, ascii: bool) -> str:
    return letters(text) if ascii else text


def dial_text(zones: Sequence[Mapping[str, Any]],
              cell_of: Callable[[Mapping[str, Any]], Text], width: int) -> Text | None:
    """The zones as a clock face (see :mod:`client.dial`), or ``None`` if they don't fit."""
    around, centre = positions(zones)
    items = [*around, *([centre] if centre else [])]
    cells = [Text(" ").join([cell_of(z) for z in zs]) for _, zs in items]
    n = len(around)
    spots = place([c.cell_len for c in cells[:n]], cells[n].cell_len if centre else None,
                  min(width, 100))
    if spots is None:
        return None
    rows = [Text() for _ in range(ROWS)]
    for (row, col), cell in sorted(zip(spots, cells, strict=True), key=lambda p: p[0]):
        line = rows[row]
        line.append(" " * max(0, col - line.cell_len)).append_text(cell)
    return Text("\n").join(rows)


class Board(Static):
    """Shows a view; call :meth:`show` with each new view or selection."""

    DEFAULT_CSS = "Board { height: auto; padding: 0 1; }"

    def __init__(self, ascii: bool = False, **kw: Any) -> None:
        super().__init__("", **kw)
        self.ascii = ascii
        self._view: Mapping[str, Any] | None = None
        self._kw: dict[str, Any] = {}
        #: The text last drawn (its lines are at most the widget's width).
        self.drawn = Text()

    def show(self, view: Mapping[str, Any] | None, me: int | None = None,
             legal: Collection[str] = (), picked: Collection[str] = (),
             cursor: str | None = None, sources: Collection[str] = (),
             last: Collection[str] = (), names: Mapping[int, str] | None = None,
             card: str | None = None, calls: Collection[str] = (),
             log: Sequence[Mapping[str, Any]] = ()) -> None:
        """``card``: the hand card the chosen move plays; ``calls``: the latest calls'
        texts; ``log``: the state's move log (all three for a round game's table only)."""
        self._view = view
        self._kw = {"me": me, "legal": legal, "picked": picked, "cursor": cursor,
                    "sources": sources, "last": last, "names": names, "card": card,
                    "calls": calls, "log": log}
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        if self._view is None:
            self.update("waiting for the table...")
            return
        width = max(40, (self.content_size.width or 78))
        if is_round(self._view):
            kw = self._kw
            self.drawn = round_text(self._view, width=width, ascii=self.ascii,
                                    me=kw.get("me"),
                                    names=kw.get("names"), cursor=kw.get("card"),
                                    calls=kw.get("calls") or (),
                                    log=kw.get("log") or ())
        else:
            kw = {k: v for k, v in self._kw.items() if k not in ("card", "calls", "log")}
            self.drawn = board_text(self._view, width=width, ascii=self.ascii, **kw)
        self.update(self.drawn)
