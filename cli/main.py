"""``sympathy``: list games, show a deal, self-play, serve, and play, watch or host."""

from __future__ import annotations

import argparse
import os
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
    try:
        result: int = args.run(args)
        sys.stdout.flush()
    except BrokenPipeError:
        # the reader stopped reading (``sympathy replay --plain FILE | head``): nothing
        # more to say, and nobody to say it to. Python flushes stdout again on the way
        # out, which would fail the same way, so stdout goes to /dev/null first.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return result


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
