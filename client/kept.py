"""A server's finished games, asked for in short exchanges of the documented protocol:
one game by its id (``sympathy replay LINK``: ``archived``; its body is the server's
``record`` with the names at the table beside it, so :func:`client.replay.steps` replays
it as it replays a saved file), this person's games counted (``sympathy stats``:
``my_stats``, ``forget_games``), and a deal of the day's board (``sympathy daily``).
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import msgpack
from websockets.exceptions import InvalidHandshake, InvalidURI, WebSocketException
from websockets.sync.client import connect

from .replay import BadRecord

#: Seconds to wait for the server (a hang guard).
WAIT = 15.0


class Refused(Exception):
    """The server could not be reached, or answered with an error (the sentence says)."""


def ask(server: str, request: dict[str, Any], player: str | None = None) -> dict[str, Any]:
    """Say hello to ``server`` (a websocket address; with ``player``, the player key) and
    send ``request``; its answer. Raises :class:`Refused`."""
    hello: dict[str, Any] = {"type": "hello", "version": 1, "client": "sympathy-cli"}
    if player:
        hello["player"] = player
    try:
        with connect(server, open_timeout=WAIT, close_timeout=2) as ws:
            for i, message in enumerate((hello, request), 1):
                ws.send(msgpack.packb({**message, "id": i}))
                while True:
                    frame = ws.recv(timeout=WAIT)
                    if isinstance(frame, str):
                        continue  # the server sends binary frames only
                    reply = msgpack.unpackb(frame, raw=False)
                    if isinstance(reply, dict) and reply.get("re") == i:
                        break
                if reply.get("type") == "error":
                    raise Refused(f"the server at {server} answers: "
                                  f"{reply.get('message', reply.get('code'))}")
    except (OSError, TimeoutError, InvalidURI, InvalidHandshake,
            WebSocketException) as exc:
        raise Refused(f"cannot reach the server at {server}: {exc}") from None
    out: dict[str, Any] = reply
    return out


def fetch(server: str, game_id: str) -> dict[str, Any]:
    """The kept game ``game_id`` on ``server``; raises :class:`~client.replay.BadRecord`
    with a sentence when it cannot be had."""
    try:
        reply = ask(server, {"type": "archived", "game": game_id})
    except Refused as exc:
        raise BadRecord(str(exc)) from None
    game = reply.get("game")
    if not isinstance(game, dict) or not isinstance(game.get("moves"), list):
        raise BadRecord(f"the server at {server} sent no game record")
    return game


def stats_lines(stats: dict[str, Any]) -> list[str]:
    """``my_stats``'s answer in lines for people."""
    if not stats.get("played"):
        return ["No finished game of yours is kept on this server yet."]
    lines = [f"{stats['played']} played, {stats['won']} won."]
    titles = [f"{g['title']} (winnable deals only)" if g.get("winnable") else str(g["title"])
              for g in stats["games"]]
    width = max(len(t) for t in titles)
    for g, title in zip(stats["games"], titles, strict=True):
        rate = round(100 * g["won"] / g["played"])
        lines.append(f"  {title:<{width}}  played {g['played']:>4}  won {g['won']:>4} "
                     f"({rate:>3}%)  wins in a row {g['streak']} (best {g['best_streak']})"
                     f"{best_line(g)}")
    return lines


#: The columns of ``sympathy stats --csv`` (the page's CSV download has the same).
CSV_COLUMNS = ("game", "title", "winnable", "played", "won", "streak", "best_streak",
               "fewest_moves", "fastest", "last")


def stats_export(stats: dict[str, Any], kind: str) -> str:
    """``my_stats``'s answer as a file: ``json`` (played, won, games) or ``csv`` (one
    row a game, :data:`CSV_COLUMNS`; None, no best result yet, is an empty cell)."""
    if kind == "json":
        return json.dumps({k: stats.get(k) for k in ("played", "won", "games")}, indent=2) + "\n"
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for g in stats.get("games", []):
        writer.writerow([g.get(c) for c in CSV_COLUMNS])
    return out.getvalue()


def best_line(g: dict[str, Any]) -> str:
    """A game's best results (of won games) in words, or "" before a win."""
    if g.get("fewest_moves") is None or g.get("fastest") is None:
        return ""
    return f"  best: {g['fewest_moves']} moves, fastest {duration(g['fastest'])}"


def duration(seconds: float) -> str:
    """A game's time as the page says it: under a minute, or whole minutes."""
    return "under a minute" if seconds < 60 else f"{round(seconds / 60)} min"


def daily_lines(board: dict[str, Any], server: str) -> list[str]:
    """``daily``'s answer in lines for people (the games' links once played)."""
    head = f"{board['title']}, deal of the day {board['date']}"
    rows = board.get("board") or []
    if not rows:
        return [f"{head}: nobody has finished it yet today."]
    won = sum(1 for r in rows if r["won"])
    page = server.replace("wss://", "https://").replace("ws://", "http://").rstrip("/")
    lines = [f"{head}: {len(rows)} played, {won} won.",
             "  Everyone plays it by the game's own rules; each player's first game counts."]
    for i, r in enumerate(rows, 1):
        who = " and ".join(r["players"]) or "someone"
        link = f"  {page}/g/{r['id']}" if r.get("id") else ""
        lines.append(f"  {i:>3}. {who}: {'won' if r['won'] else 'lost'} in {r['moves']} "
                     f"moves, {duration(r['seconds'])}{' (you)' if r.get('mine') else ''}"
                     f"{link}")
    if not board.get("played"):
        lines.append(f"Play it (sympathy host {board['game']} --daily) to open the others' "
                     "games.")
    return lines
