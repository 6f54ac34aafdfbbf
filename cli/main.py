"""``sympathy``: list games, show a deal, self-play, and (later) serve and play."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import games_cmd


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="sympathy", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    games_cmd.add_commands(sub)
    p = sub.add_parser("serve", help="start the game server")
    p.set_defaults(run=_serve_placeholder)
    return parser


def _serve_placeholder(args: argparse.Namespace) -> int:
    # The websockets server is the next issue; until it lands, serving lists the games.
    print("The game server is not built yet; these are the games it will serve:\n")
    return games_cmd.cmd_games(argparse.Namespace(json=False))


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    result: int = args.run(args)
    return result


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
