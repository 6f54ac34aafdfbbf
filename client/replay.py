"""A finished game's record saved to a file, and read back as steps to replay.

The file is the server's ``record`` message as JSON (game, options, seed, salt,
commitment, every move with who made it and who advised it, the result); it holds no
secret that the game's end has not revealed. :func:`steps` replays it with the rules,
checking every move, and gives the position before the first move and after each one,
with a caption in words, seen as a watcher sees the table.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules import Play, RulesError, make, render
from rules.game import Move
from rules.guide import name_of

from .fair import check_commitment
from .render import clean


class BadRecord(Exception):
    """The file is not a game record this client can replay (with the reason)."""


@dataclass(frozen=True, slots=True)
class Step:
    n: int
    view: Mapping[str, Any]
    caption: str
    last: Mapping[str, Any] | None


def save(record: Mapping[str, Any], directory: Path, code: str = "") -> Path:
    """Write ``record`` to ``directory``; the file's name says game, room and deal."""
    keep = {k: v for k, v in record.items() if k not in ("type", "re", "id")}
    name = "-".join(re.sub(r"[^A-Za-z0-9_]", "", str(x)) for x in
                    ("sympathy", keep.get("game", "game"), code, keep.get("seed", "")) if x)
    path = directory / f"{name}.json"
    n = 1
    while path.exists():
        n += 1
        path = directory / f"{name}-{n}.json"
    path.write_text(json.dumps(keep, indent=1, ensure_ascii=False) + "\n")
    return path


def load(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        raise BadRecord(f"cannot read {path}: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("moves"), list):
        raise BadRecord(f"{path} is not a game record (no list of moves)")
    return data


def _entries(record: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """Each move as ``{seat, move, by, advised_by}``. The terminal saves the server's
    record (moves as such mappings); the page's download (and
    :meth:`rules.Record.to_dict`) gives the moves as ``[seat, code]`` pairs, with the
    server's mappings beside them as ``history``, which name who moved."""
    history = record.get("history")
    out: list[Mapping[str, Any]] = []
    for i, entry in enumerate(record["moves"]):
        if isinstance(entry, list | tuple):
            if len(entry) != 2:
                raise BadRecord(f"move {i + 1} is not a seat and a move: {clean(entry, 60)}")
            said = history[i] if isinstance(history, list) and i < len(history) else {}
            said = said if isinstance(said, Mapping) else {}
            out.append({**said, "seat": entry[0], "move": entry[1]})
        elif isinstance(entry, Mapping):
            out.append(entry)
        else:
            raise BadRecord(f"move {i + 1} is not a move: {clean(entry, 60)}")
    return out


def steps(record: Mapping[str, Any]) -> list[Step]:
    """The position before the first move and after each move, as a watcher sees it."""
    try:
        game = make(str(record["game"]), dict(record.get("options") or {}))
        play: Play[Any] = Play.start(game, int(record["seed"]))
    except (RulesError, KeyError, TypeError, ValueError) as exc:
        raise BadRecord(f"the record does not start a game: {exc}") from None
    deal = f"deal {record['seed']}"
    if "commitment" in record and "salt" in record:
        fair = {"seed": record["seed"], "salt": record["salt"],
                "commitment": record["commitment"]}
        deal += " (commitment checks out)" if check_commitment(game.id, fair) else \
            " (COMMITMENT DOES NOT MATCH)"
    out = [Step(0, render(game, play.state, None), f"{name_of(game.id)}, {deal}: the deal", None)]
    entries = _entries(record)
    for i, entry in enumerate(entries, 1):
        try:
            seat, code = int(entry["seat"]), str(entry["move"])
            before = play.state
            play = play.push(Move(code), seat)
        except (RulesError, KeyError, TypeError, ValueError) as exc:
            raise BadRecord(f"move {i} does not replay: {exc}") from None
        last = {"kind": "move", "seat": seat, "move": code,
                "by": clean(entry.get("by", ""), 40),
                "advised_by": [clean(n, 40) for n in entry.get("advised_by") or ()],
                "text": game.narrate(before, Move(code), play.state)}
        out.append(Step(i, render(game, play.state, None), f"move {i} of "
                        f"{len(entries)}", last))
    return out
