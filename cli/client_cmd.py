"""``sympathy play``, ``watch`` and ``host``: the terminal client.

``play CODE`` sits at a table (or resumes the seat this user already holds there, from
the token file); ``play`` alone opens the lobby; ``watch CODE`` watches; ``host GAME``
opens a room and sits in it. ``--plain`` gives the line mode instead of the full-screen
UI. The server is ``--server`` or ``$SYMPATHY_SERVER`` (default ``ws://127.0.0.1:8765``),
given as its websocket (``ws://HOST:PORT``) or as the page's address
(``http://HOST:PORT``); a room's code may be given as the page's link to it
(``http://HOST:PORT/r/CODE``), which names the server too.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from websockets.exceptions import InvalidHandshake, InvalidURI

from client.events import DEFAULT_SERVER
from client.links import BadAddress, game_link, invocation, room_code, server_url
from client.plain import PlainClient, run_plain, stdin_reader
from client.plan import Plan, start
from client.session import ServerError, Session
from client.table_text import come_back_lines
from client.tokens import TokenStore

from .games_cmd import parse_options

if TYPE_CHECKING:
    from client.tui.app import SympathyApp


def add_commands(sub: Any) -> None:
    p = sub.add_parser("play", help="sit at a table (or open the lobby)")
    p.add_argument("code", nargs="?", help="the room's join code, or its link")
    p.add_argument("--advise", action="store_true", help="join as an advisor")
    p.add_argument("--seat", type=int, default=None, help="the seat to take (0, 1, ...)")
    _common(p)
    p.set_defaults(run=cmd_play, plan=play_plan)

    p = sub.add_parser("watch", help="watch a table")
    p.add_argument("code", help="the room's join code, or its link")
    _common(p)
    p.set_defaults(run=cmd_watch, plan=watch_plan)

    p = sub.add_parser("host", help="open a room and sit in it")
    p.add_argument("game")
    p.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--deal", type=int, default=None, help="a deal number (default: secret)")
    p.add_argument("--daily", action="store_true",
                   help="the game's deal of the day (the same for everyone on the server)")
    p.add_argument("--winnable", action="store_true",
                   help="winnable deals only: every deal is one the server's solver has "
                   "proved can be won, every card known (only some games offer it; another is "
                   "refused, saying so)")
    p.add_argument("--public", action="store_true", help="list the room in the lobby")
    p.add_argument("--advice", choices=("anyone", "invited", "nobody"), default="anyone")
    p.add_argument("--advice-mode", choices=("player", "vote"), default="player")
    p.add_argument("--vote-after", type=int, default=0, metavar="SECONDS")
    p.add_argument("--undo", choices=("off", "on", "past_reveal"), default="on")
    p.add_argument("--hints", choices=("player", "all", "off"), default="player",
                   help="who may ask for a hint: the player, advisors too, or nobody")
    p.add_argument("--autodrop", action="store_true",
                   help="play the moves the game declares safe by themselves")
    p.add_argument("--both", action="store_true", help="play every seat yourself")
    _common(p)
    p.set_defaults(run=cmd_host, plan=host_plan)

    p = sub.add_parser("replay", help="replay a finished game move by move: a saved "
                       "record, or a kept game's link or id")
    p.add_argument("file", help="a record saved at the end of a game (s), or a finished "
                   "game's link (http://HOST:PORT/g/ID) or id")
    p.add_argument("--server", default=None,
                   help="the server keeping a game given by its id alone (default "
                   f"$SYMPATHY_SERVER, else {DEFAULT_SERVER})")
    p.add_argument("--plain", action="store_true", help="print every step as text")
    p.add_argument("--ascii", action="store_true", help="suit letters instead of symbols")
    p.set_defaults(run=cmd_replay)


    p = sub.add_parser("stats", help="your finished games on a server, counted per game")
    p.add_argument("--server", default=None,
                   help=f"the server (default $SYMPATHY_SERVER, else {DEFAULT_SERVER})")
    p.add_argument("--forget", action="store_true",
                   help="delete every finished game of yours kept on that server")
    export = p.add_mutually_exclusive_group()
    export.add_argument("--json", action="store_const", const="json", dest="export",
                        help="print them as JSON (to save: > stats.json)")
    export.add_argument("--csv", action="store_const", const="csv", dest="export",
                        help="print them as CSV, one row a game")
    p.set_defaults(run=cmd_stats)

    p = sub.add_parser("daily", help="the board of a game's deal of the day on a server")
    p.add_argument("game")
    p.add_argument("--server", default=None,
                   help=f"the server (default $SYMPATHY_SERVER, else {DEFAULT_SERVER})")
    p.set_defaults(run=cmd_daily)


def _where(args: argparse.Namespace) -> str:
    try:
        return server_url(args.server or os.environ.get("SYMPATHY_SERVER") or DEFAULT_SERVER)
    except BadAddress as exc:
        raise SystemExit(f"error: {exc}") from None


def cmd_daily(args: argparse.Namespace) -> int:
    from client.kept import Refused, ask, daily_lines

    where, key = _where(args), TokenStore().player_key()
    try:
        board = ask(where, {"type": "daily", "game": args.game, "player": key}, key)
    except Refused as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print("\n".join(daily_lines(board, where)))
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    from client.kept import Refused, ask, stats_export, stats_lines

    where, key = _where(args), TokenStore().player_key()
    try:
        if args.forget:
            done = ask(where, {"type": "forget_games", "player": key}, key)
            print(f"Deleted {done.get('deleted', 0)} finished game(s) of yours.")
            return 0
        stats = ask(where, {"type": "my_stats", "player": key}, key)
        if args.export:
            sys.stdout.write(stats_export(stats, args.export))
            return 0
        print("\n".join(stats_lines(stats)))
    except Refused as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--server", default=None,
                   help="the server: ws://HOST:PORT or the page's http://HOST:PORT (default "
                   f"$SYMPATHY_SERVER, else {DEFAULT_SERVER})")
    p.add_argument("--name", default=os.environ.get("USER", ""), help="your name at the table")
    p.add_argument("--plain", action="store_true", help="line mode: text in, text out")
    p.add_argument("--ascii", action="store_true", help="suit letters instead of symbols")


def resolve(args: argparse.Namespace) -> None:
    """Read ``--server`` and a code as people give them (see :mod:`client.links`):
    ``args.server`` becomes a websocket address and ``args.code`` a join code; a room's
    link names its server unless ``--server`` does. Exits with a sentence when either
    cannot be used."""
    code = getattr(args, "code", None)
    linked = None
    try:
        if code:
            args.code, linked = room_code(code)
        given = args.server or linked or os.environ.get("SYMPATHY_SERVER") or DEFAULT_SERVER
        args.server = server_url(given)
    except BadAddress as exc:
        raise SystemExit(f"error: {exc}") from None


def play_plan(args: argparse.Namespace) -> Plan:
    resolve(args)
    if not args.code:
        return Plan("lobby")
    role = "advisor" if args.advise else "player"
    return Plan("join", code=args.code, role=role, seat=args.seat)


def watch_plan(args: argparse.Namespace) -> Plan:
    resolve(args)
    return Plan("join", code=args.code, role="watcher")


def host_plan(args: argparse.Namespace) -> Plan:
    resolve(args)
    create: dict[str, Any] = {
        "options": parse_options(args.option),
        "visibility": "public" if args.public else "unlisted", "advice": args.advice,
        "advice_mode": args.advice_mode, "vote_after": args.vote_after, "undo": args.undo,
        "seats": "all" if args.both else "one"}
    # only when asked for: a saved host command's signature (client.plan) stays the same
    if args.hints != "player":
        create["hints"] = args.hints
    if args.autodrop:
        create["autodrop"] = True
    if args.deal is not None:
        create["deal"] = args.deal
    if args.daily:
        create["daily"] = True
    if args.winnable:
        create["winnable"] = True
    return Plan("create", game=args.game, create=create)


def cmd_play(args: argparse.Namespace) -> int:
    if not args.code and args.plain:
        raise SystemExit(f"the line mode needs a join code: {invocation()} play CODE --plain")
    return _run(args, play_plan(args))


def cmd_watch(args: argparse.Namespace) -> int:
    return _run(args, watch_plan(args))


def cmd_host(args: argparse.Namespace) -> int:
    return _run(args, host_plan(args))


def tui_app(argv: Sequence[str]) -> SympathyApp:
    """The full-screen app that ``sympathy ARGV`` (``play``, ``watch`` or ``host``, without
    ``--plain``) runs, not yet started: tests drive the very command line a user types."""
    from .main import build_parser

    args = build_parser().parse_args(argv)
    return _app(args, args.plan(args))


def _app(args: argparse.Namespace, plan: Plan) -> SympathyApp:
    from client.tui.app import SympathyApp

    return SympathyApp(args.server, args.name, plan, ascii=args.ascii, command=invocation())


def cmd_replay(args: argparse.Namespace) -> int:

    from client.render import board_lines, letters
    from client.replay import BadRecord, steps
    from client.table_text import last_text

    try:
        shown = steps(_record(args))
    except BadRecord as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if args.plain:
        for step in shown:
            lines = [f"-- {step.caption} --",
                     *([f"last: {last_text(step.last)}"] if step.last else []),
                     *board_lines(step.view, ascii=args.ascii, moves=False)]
            print("\n".join(letters(x) if args.ascii else x for x in lines))
        return 0
    from client.tui.replay import ReplayApp

    ReplayApp(shown, ascii=args.ascii).run()
    return 0


def _record(args: argparse.Namespace) -> dict[str, Any]:
    """The record ``replay`` was given: a file, or a kept game's link or id (a file of
    that name comes first)."""
    from pathlib import Path

    from client.kept import fetch
    from client.replay import BadRecord, load

    path = Path(args.file)
    linked = None if path.exists() else game_link(args.file)
    if linked is None:
        return load(path)
    game_id, server = linked
    try:
        where = server or server_url(args.server or os.environ.get("SYMPATHY_SERVER")
                                     or DEFAULT_SERVER)
    except BadAddress as exc:
        raise BadRecord(str(exc)) from None
    return fetch(where, game_id)


def _run(args: argparse.Namespace, plan: Plan) -> int:
    if not args.plain:
        app = _app(args, plan)
        app.run()
        return app.return_code or 0
    try:
        return asyncio.run(_plain(args, plan))
    except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as exc:
        print(f"error: cannot play at {args.server}: {exc}", file=sys.stderr)
        return 2


async def _plain(args: argparse.Namespace, plan: Plan) -> int:
    async with Session(args.server, args.name, tokens=TokenStore(),
                       room=plan.code) as session:
        client = PlainClient(session, ascii=args.ascii, command=invocation())
        try:
            await start(session, plan)
        except ServerError as exc:
            client.say(f"error: {exc.code}: {exc.message}")
            return 1
        await run_plain(client, await stdin_reader())
        if not client.left and not session.table.gone:
            client.say(*come_back_lines(session.table, args.name, args.server, invocation()))
    return 0
