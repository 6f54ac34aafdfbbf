"""Seat tokens kept in a small per-user file, so a closed terminal can resume its seat.

The file is JSON, mode 0600, at ``$SYMPATHY_STATE_DIR/seats.json`` (tests), else
``$XDG_STATE_HOME/sympathy/seats.json``, else ``~/.local/state/sympathy/seats.json``.
A token opens a seat: the file is never world-readable and never printed.

Several people may share one account (three terminals, one machine), so every entry
belongs to one person: it is keyed by server URL, room id and member id, and it holds
the name it was taken under. A saved seat is resumed only by a client of the same name,
and no client ever writes over or forgets an entry that is not its own member's.
Watchers hold no seat, so their tokens are not saved. Writes are read-modify-write under
an exclusive lock on a side file, so two clients saving at once cannot lose each other's
seats. Entries go when their seat is gone (left, kicked, closed, refused on resume);
past :data:`MAX_ENTRIES` the oldest go.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import secrets
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

MAX_ENTRIES = 500


def default_path() -> Path:
    explicit = os.environ.get("SYMPATHY_STATE_DIR")
    if explicit:
        return Path(explicit) / "seats.json"
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "sympathy" / "seats.json"


@dataclass(frozen=True, slots=True)
class Seat:
    """What it takes to resume one place at one table.

    ``hosted`` is the signature of the ``host`` command that opened the room (see
    :func:`client.plan.host_signature`), so running that command again resumes it.
    """

    url: str
    room: str
    token: str
    member: str = ""
    code: str = ""
    role: str = ""
    version: int = 0
    name: str = ""
    hosted: str = ""


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
    def _key(url: str, room: str, member: str) -> str:
        return f"{url} {room} {member}"

    def player_key(self) -> str:
        """The person's player key, made once and kept beside the seats (mode 0600; no
        account): the server keeps their finished games under its hash, and deletes them
        when asked with it (``forget_games``)."""
        path = self.path.parent / "player-key"
        try:
            key = path.read_text().strip()
            if len(key) >= 16:
                return key
        except OSError:
            pass
        key = secrets.token_hex(16)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w") as f:
                f.write(key + "\n")
        except OSError:
            pass  # kept for this run only
        return key

    def seats(self) -> list[Seat]:
        """Every saved seat, oldest first."""
        return [s for s in map(_seat, self._load().values()) if s is not None]

    def get(self, url: str, room: str, name: str) -> Seat | None:
        """The newest seat ``name`` holds in room ``room``."""
        found = [s for s in self.seats() if s.url == url and s.room == room and s.name == name]
        return found[-1] if found else None

    def by_code(self, url: str, code: str, name: str) -> Seat | None:
        """The newest seat ``name`` holds at the table with join code ``code``."""
        found = [s for s in self.seats() if s.url == url and s.name == name
                 and s.code.upper() == code.upper()]
        return found[-1] if found else None

    def hosted(self, url: str, name: str, signature: str) -> Seat | None:
        """The newest seat ``name`` took by running the host command ``signature``."""
        found = [s for s in self.seats() if s.url == url and s.name == name
                 and s.hosted == signature]
        return found[-1] if found else None

    def put(self, seat: Seat) -> None:
        """Save ``seat`` (replacing only the entry of the same member)."""
        key = self._key(seat.url, seat.room, seat.member)

        def change(data: dict[str, Any]) -> bool:
            old = data.pop(key, None)
            entry = asdict(seat)
            if not entry["hosted"] and isinstance(old, dict):
                entry["hosted"] = str(old.get("hosted", ""))  # a resume keeps it
            data[key] = entry
            while len(data) > MAX_ENTRIES:  # oldest first: dicts keep insertion order
                data.pop(next(iter(data)))
            return True

        self._update(change)

    def forget(self, url: str, room: str, member: str) -> None:
        """Drop the entry of ``member`` in ``room`` (and nobody else's)."""
        self._update(lambda data: data.pop(self._key(url, room, member), None) is not None)

    def _update(self, change: Callable[[dict[str, Any]], bool]) -> None:
        with self._locked():
            data = self._load()
            if change(data):
                self._write(data)

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(self.path.with_suffix(".lock"), os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)

    def _write(self, data: dict[str, Any]) -> None:
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
                    str(raw.get("role", "")), int(raw.get("version", 0)),
                    str(raw.get("name", "")), str(raw.get("hosted", "")))
    except (KeyError, TypeError, ValueError):
        return None
