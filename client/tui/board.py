"""The board widget: any game's view drawn as Rich text, with nothing game-specific.

Zones are drawn group by group (see :func:`client.render.groups`) as wrapped cells
``id [3▒] 10♥ Q♠``: face-down cards are counted, face-up cards show rank and suit. Red
suits are coloured and every suit keeps its symbol (or its letter with ``ascii``), so the
board reads the same without colour. Zones that a legal move touches are underlined;
the zones of the selected move are shown reversed.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from rich.text import Text
from textual.widgets import Static

from ..dial import ROWS, dial_group, place, positions
from ..render import card_text, clean, groups, header, public_text

RED = {"H", "D"}


def card(code: str, ascii: bool) -> Text:
    style = "bold red" if code[-1:] in RED else "bold"
    return Text(card_text(code, ascii=ascii), style=style)


def zone_cell(zone: Mapping[str, Any], ascii: bool, *, legal: bool = False,
              picked: bool = False, mark: str = "") -> Text:
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
    return cell


def board_text(view: Mapping[str, Any], *, width: int = 80, ascii: bool = False,
               me: int | None = None, legal: Collection[str] = (),
               picked: Collection[str] = (), cursor: str | None = None,
               source: str | None = None) -> Text:
    """The whole board as one Rich text, wrapped to ``width`` columns."""
    out = Text(header(view), style="bold")
    grouped = groups(view, me)
    dial = dial_group(view, grouped)

    def cell_of(z: Mapping[str, Any]) -> Text:
        zid = str(z.get("id"))
        mark = ">" if zid == cursor else "*" if zid == source else ""
        return zone_cell(z, ascii, legal=zid in legal, picked=zid in picked, mark=mark)

    for group, zones in grouped:
        mine = me is not None and any(z.get("owner") == me for z in zones)
        label = f"{group}{' (you)' if mine else ''}:" if group else ""
        if group == dial:
            face = dial_text(zones, cell_of, width)
            if face is not None:
                out.append("\n").append(label, style="bold magenta")
                out.append("\n").append_text(face)
                continue
        line = Text(label, style="bold magenta")
        for z in zones:
            cell = cell_of(z)
            if line.cell_len and line.cell_len + 2 + cell.cell_len > width:
                out.append("\n").append_text(line)
                line = Text("   ")
            line.append("  ").append_text(cell)
        out.append("\n").append_text(line)
    public = view.get("public") or {}
    if public:
        out.append("\n").append(public_text(public), style="dim")
    return out


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

    def show(self, view: Mapping[str, Any] | None, me: int | None = None,
             legal: Collection[str] = (), picked: Collection[str] = (),
             cursor: str | None = None, source: str | None = None) -> None:
        self._view = view
        self._kw = {"me": me, "legal": legal, "picked": picked, "cursor": cursor,
                    "source": source}
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        if self._view is None:
            self.update("waiting for the table...")
            return
        width = max(40, (self.size.width or 80) - 2)
        self.update(board_text(self._view, width=width, ascii=self.ascii, **self._kw))
