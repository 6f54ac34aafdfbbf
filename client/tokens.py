"""Seat tokens kept in a small per-user file, so a closed terminal can resume its seat.

The file is JSON, mode 0600, at ``$SYMPATHY_STATE_DIR/seats.json`` (tests), else
``$XDG_STATE_HOME/sympathy/seats.json``, else ``~/.local/state/sympathy/seats.json``.
Entries are keyed by server URL and room id and hold the token, the member id, the join
code, the role and the last version seen. A token opens a seat: the file is never
world-readable and never printed.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

MAX_ENTRIES = 64


def default_path() -> Path:
    explicit = os.environ.get("SYMPATHY_STATE_DIR")
    if explicit:
        return Path(explicit) / "seats.json"
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "sympathy" / "seats.json"


@dataclass(frozen=True, slots=True)
class Seat:
    """What it takes to resume one place at one table."""

    url: str
    room: str
    token: str
    member: str = ""
    code: str = ""
    role: str = ""
    version: int = 0


class TokenStore:
    """Load, find and save :class:`Seat` entries; every write replaces the file whole."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or default_path()

    def _load(self) -> dict[str, dict[str, Any]]:
        try:
            data = json.loads(self.path.read_text())
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    @staticmethod
    def _key(url: str, room: str) -> str:
        return f"{url} {room}"

    def get(self, url: str, room: str) -> Seat | None:
        return _seat(self._load().get(self._key(url, room)))

    def by_code(self, url: str, code: str) -> Seat | None:
        """The newest seat this user holds at the table with join code ``code``."""
        found = None
        for raw in self._load().values():
            seat = _seat(raw)
            if seat is not None and seat.url == url and seat.code.upper() == code.upper():
                found = seat
        return found

    def put(self, seat: Seat) -> None:
        data = self._load()
        key = self._key(seat.url, seat.room)
        data.pop(key, None)
        data[key] = asdict(seat)
        while len(data) > MAX_ENTRIES:  # oldest first: dicts keep insertion order
            data.pop(next(iter(data)))
        self._write(data)

    def forget(self, url: str, room: str) -> None:
        data = self._load()
        if data.pop(self._key(url, room), None) is not None:
            self._write(data)

    def _write(self, data: dict[str, Any]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        tmp = self.path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            json.dump(data, f, indent=1)
        os.chmod(tmp, 0o600)
        os.replace(tmp, self.path)


def _seat(raw: object) -> Seat | None:
    if not isinstance(raw, dict):
        return None
    try:
        return Seat(str(raw["url"]), str(raw["room"]), str(raw["token"]),
                    str(raw.get("member", "")), str(raw.get("code", "")),
                    str(raw.get("role", "")), int(raw.get("version", 0)))
    except (KeyError, TypeError, ValueError):
        return None
