"""``sympathy``: list games, show a deal, self-play, serve, and play, watch or host."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import client_cmd, games_cmd, serve_cmd, solve_cmd


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="sympathy", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    games_cmd.add_commands(sub)
    serve_cmd.add_commands(sub)
    client_cmd.add_commands(sub)
    solve_cmd.add_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    result: int = args.run(args)
    return result


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
