"""``sympathy serve``: the game server on the embedded store."""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import logging
import signal
import sqlite3
import sys
from typing import Any

from protocol.limits import Limits

#: Where the default store keeps the rooms (relative to the directory it is started in).
DEFAULT_FILE = "sympathy.db"


def add_commands(sub: Any) -> None:
    p = sub.add_parser("serve", help="start the game server")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8765, help="port (default 8765; 0 picks a free one)")
    p.add_argument("--store", default=f"file:{DEFAULT_FILE}",
                   help=f"file:PATH (the default, file:{DEFAULT_FILE}: one process, every "
                   "room kept in that file across restarts), memory (one process, "
                   "nothing kept), redis://HOST:PORT/DB, or "
                   "redis-cluster://HOST:PORT[,HOST:PORT...] (any masters of a cluster)")
    p.add_argument("--archive", default="auto", metavar="WHERE",
                   help="where finished games are kept, each with a page at /g/ID: "
                   "postgresql://USER@HOST:PORT/DB (for many processes sharing Redis), "
                   "file:PATH (one process), none, or auto (the default: the file store's "
                   "own file; none on memory or Redis)")
    p.add_argument("--keep-days", type=float, default=0.0, metavar="DAYS",
                   help="delete finished games this many days after their end (default 0: "
                   "keep them for ever)")
    p.add_argument("--winnable", default="all", metavar="GAMES",
                   help="the games whose winnable deals (proved by the solver) are kept "
                   "ahead from the start, for tables of winnable deals only: all (the "
                   "default: every game that offers them), none, or ids separated by "
                   "commas (the others start when a table first asks)")
    p.add_argument("--log-level", default="INFO", help="DEBUG, INFO, WARNING or ERROR")
    p.add_argument("--loop", default="auto", choices=("auto", "asyncio", "uvloop"),
                   help="event loop: uvloop when installed (auto, the default), or asyncio's")
    p.add_argument("--chance-seed", default=None, metavar="TEXT",
                   help="for tests only: every deal nobody named and every computer "
                   "player's choice follow from TEXT (whoever knows it knows every deal; "
                   "default: secret random ones)")
    for f in dataclasses.fields(Limits):
        p.add_argument(f"--{f.name.replace('_', '-')}", type=type(f.default), default=None,
                       dest=f"limit_{f.name}", metavar="N",
                       help=f"{f.metadata['help']} (default {f.default})")
    p.set_defaults(run=cmd_serve)


def limits_from(args: argparse.Namespace) -> Limits:
    given = {f.name: getattr(args, f"limit_{f.name}") for f in dataclasses.fields(Limits)}
    return Limits(**{k: v for k, v in given.items() if v is not None})


def archive_from(args: argparse.Namespace) -> Any:
    """The archive ``--archive`` names (``None``: finished games are not kept)."""
    where = args.archive
    if where == "auto":
        where = args.store if args.store.startswith("file:") else "none"
    if where == "none":
        return None
    if where.startswith("file:"):
        from server.stores.archive_file import FileArchive

        try:
            return FileArchive(where.removeprefix("file:"))
        except sqlite3.Error as exc:
            raise SystemExit(f"cannot open {where}: {exc}") from None
    if where.startswith(("postgresql://", "postgres://")):
        from server.stores.archive_pg import PgArchive

        return PgArchive(where)
    raise SystemExit(f"unknown archive {where!r}: postgresql://..., file:PATH, none or auto")


def winnable_from(text: str) -> list[str]:
    """``--winnable``'s games: every game that offers them, none, or those named."""
    from server.winnable import OFFERED

    if text == "all":
        return sorted(OFFERED)
    games = [g for g in text.split(",") if g and g != "none"]
    if unknown := [g for g in games if g not in OFFERED]:
        raise SystemExit(f"--winnable: these games do not offer winnable deals only: "
                         f"{', '.join(unknown)} (those that do: {', '.join(sorted(OFFERED))})")
    return games


def cmd_serve(args: argparse.Namespace) -> int:
    from server import gc_policy
    from server.app import GameServer
    from server.chance import SeededChance
    from server.pool import Pool
    from server.stores.store import MemoryStore, Store

    logging.basicConfig(level=args.log_level.upper(), stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s %(message)s")
    limits = limits_from(args)
    store: Store
    if args.store == "memory":
        store = MemoryStore(limits.max_rooms)
    elif args.store.startswith("file:"):
        from server.stores.file_store import FileStore

        try:
            store = FileStore(args.store.removeprefix("file:"), limits)
        except sqlite3.Error as exc:
            raise SystemExit(f"cannot open {args.store}: {exc}") from None
    elif args.store.startswith(("redis://", "rediss://", "unix://", "redis-cluster://")):
        from server.stores.redis_store import RedisStore

        store = RedisStore(args.store, limits)
    else:
        raise SystemExit(f"unknown store {args.store!r}: file:PATH, memory, "
                         "redis://HOST:PORT/DB or redis-cluster://HOST:PORT")
    archive = archive_from(args)
    seeded = args.chance_seed is not None
    # the workers start with the server: the first hint does not wait for them
    pool = Pool(limits.workers, limits.work_queue, limits.work_wait, eager=True)
    app = GameServer(store, limits, SeededChance(args.chance_seed) if seeded else None,
                     pool=pool, archive=archive, keep_days=args.keep_days,
                     winnable=winnable_from(args.winnable))
    gc_policy.settle()  # what the process keeps for its life is built: frozen

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)

        def ready(server: Any) -> None:
            for sock in server.sockets:
                host, port = sock.getsockname()[:2]
                kind = args.store.partition(":")[0] if ":" in args.store else args.store
                print(f"sympathy: serving on ws://{host}:{port} (store: {kind})", flush=True)
                shown = f"[{host}]" if ":" in host else host
                print(f"sympathy: the page is at http://{shown}:{port}/ (open it in a "
                      "browser to play)", flush=True)

        await app.run(args.host, args.port, stop, ready)

    from server.loop import runner

    with runner(args.loop) as r:
        r.run(main())
    return 0
