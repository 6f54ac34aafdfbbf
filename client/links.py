"""Addresses as people write them: a server given as the page's address, a room given as
the link the page shares, the page's link to a room, and the command that runs this
client again.

The page and the websocket share one address (the server answers both on one port), so
``http://host:8765`` and ``ws://host:8765`` name the same server, and the link
``http://host:8765/r/CODE`` names a room on it.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import sys
from urllib.parse import urlsplit, urlunsplit

#: A join code, as the server gives them (and the page's ``/r/CODE`` accepts).
_CODE = re.compile(r"[A-Za-z0-9]{1,16}")
_ROOM_PATH = re.compile(r"/r/([A-Za-z0-9]{1,16})/?")
#: A finished game's id (the page's ``/g/ID``), and its page's path.
_GAME = re.compile(r"[A-Za-z0-9_-]{16}")
_GAME_PATH = re.compile(r"/g/([A-Za-z0-9_-]{16})/?")
_WS = {"ws": "ws", "wss": "wss", "http": "ws", "https": "wss"}


class BadAddress(ValueError):
    """An address or code this client cannot use (the message says what it expects)."""


def server_url(text: str) -> str:
    """The websocket address of the server named by ``text``: ``ws://``/``wss://`` as
    given, ``http(s)://`` (the page, or a room's link on it) as the same host's
    websocket. Raises :class:`BadAddress` with a sentence for anything else."""
    parts = urlsplit(text.strip())
    scheme = _WS.get(parts.scheme.lower())
    if scheme is None or not parts.hostname:
        raise BadAddress(f"{text!r} is not a server address: give it as "
                         "ws://HOST:PORT or as the page's address, http://HOST:PORT")
    try:
        parts.port  # noqa: B018 (a port that is not a number raises here)
    except ValueError:
        raise BadAddress(f"{text!r} has a port that is not a number") from None
    if parts.scheme.lower() in ("ws", "wss"):
        return text.strip()
    return urlunsplit((scheme, parts.netloc, "", "", ""))


def game_link(text: str) -> tuple[str, str | None] | None:
    """A finished game's id from what was pasted: its page's link
    (``http://host:8765/g/ID``: the id and the websocket address of its server) or the
    id alone (the id and ``None``); ``None`` when ``text`` is neither."""
    text = text.strip()
    if _GAME.fullmatch(text):
        return text, None
    parts = urlsplit(text)
    m = _GAME_PATH.fullmatch(parts.path)
    if parts.scheme.lower() in _WS and parts.hostname and m:
        return m.group(1), server_url(text)
    return None


def room_code(text: str) -> tuple[str, str | None]:
    """A join code from what was pasted: the code itself, or the page's link to the room
    (``http://host:8765/r/CODE``). Returns the code (upper case) and, for a link, the
    websocket address of the server it is on."""
    text = text.strip()
    if _CODE.fullmatch(text):
        return text.upper(), None
    parts = urlsplit(text)
    m = _ROOM_PATH.fullmatch(parts.path)
    if parts.scheme.lower() in _WS and parts.hostname and m:
        return m.group(1).upper(), server_url(text)
    raise BadAddress(f"{text[:80]!r} is not a join code: give the code (letters and "
                     "digits, as the host shared it) or the room's link "
                     "(http://HOST:PORT/r/CODE)")


def page_link(url: str, code: str) -> str:
    """The page's link to room ``code`` on the server whose websocket is ``url``."""
    parts = urlsplit(url)
    scheme = "https" if parts.scheme.lower() in ("wss", "https") else "http"
    return urlunsplit((scheme, parts.netloc, f"/r/{code}", "", ""))


def invocation(argv0: str | None = None) -> str:
    """How to run this client again from a shell: ``sympathy`` when that name on the
    PATH is this very program, else the program's own path (a virtualenv's script run by
    its path), or ``python -m cli.main`` run as a module."""
    argv0 = sys.argv[0] if argv0 is None else argv0
    name = os.path.basename(argv0)
    if name == "sympathy":
        found = shutil.which("sympathy")
        if found and os.path.realpath(found) == os.path.realpath(argv0):
            return "sympathy"
        if os.sep in argv0:
            return shlex.quote(os.path.abspath(argv0))
        return "sympathy"
    if argv0.endswith(os.path.join("cli", "main.py")):
        return f"{shlex.quote(sys.executable)} -m cli.main"
    return "sympathy"
