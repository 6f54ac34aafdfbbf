"""Inbound message schemas and the MessagePack codec.

Every frame is one binary websocket message holding one MessagePack map with a ``type``
(text) and an ``id`` (an unsigned int below 2^53 the reply echoes as ``re``). :func:`decode` checks
the frame against the schema of its type: required fields, types, sizes and ranges,
with nothing extra. Anything else becomes a :class:`~protocol.errors.ProtocolError`; the
room logic only ever sees a :class:`Request` whose fields have been checked.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import msgpack

from .errors import ProtocolError

PROTOCOL_VERSION = 1
MAX_ID = 2**53
MAX_INT = 2**64 - 1


@dataclass(frozen=True, slots=True)
class Field:
    kind: str  # "str", "int", "bool", "options", "enum"
    required: bool = True
    max_len: int = 64
    minimum: int = 0
    maximum: int = MAX_INT
    choices: tuple[str, ...] = ()
    #: The value an optional field takes when it is left out (documented in the README).
    default: Any = None


def _s(max_len: int = 64, required: bool = True) -> Field:
    return Field("str", required, max_len=max_len)


def _i(minimum: int = 0, maximum: int = MAX_INT, required: bool = True) -> Field:
    return Field("int", required, minimum=minimum, maximum=maximum)


def _e(*choices: str, required: bool = True, default: Any = None) -> Field:
    return Field("enum", required, choices=choices, default=default)


ROOM = _s(32)
VERSION = _i(0, 2**31)
MOVE = _s(32)

#: The table's options a host sets in ``create`` (all optional), with their defaults. The
#: server's ``Policy`` has one field for each; add a new table option here and there.
TABLE_OPTIONS: dict[str, Field] = {
    "visibility": _e("public", "unlisted", required=False, default="unlisted"),
    "advice": _e("anyone", "invited", "nobody", required=False, default="anyone"),
    "advice_mode": _e("player", "vote", required=False, default="player"),
    "vote_after": Field("int", False, minimum=0, maximum=3600, default=0),
    "undo": _e("off", "on", "past_reveal", required=False, default="on"),
    "hints": _e("player", "all", "off", required=False, default="player"),
    "autodrop": Field("bool", False, default=False),
    "think_ms": Field("int", False, minimum=0, maximum=10_000, default=1000),
    "winnable": Field("bool", False, default=False),
}

#: Every message a client may send, with its fields (besides ``type`` and ``id``).
SCHEMAS: dict[str, dict[str, Field]] = {
    "hello": {"version": _i(0, 1000), "name": _s(64, required=False),
              "client": _s(64, required=False), "player": _s(64, required=False)},
    "ping": {},
    "games": {},
    "guide": {"game": _s(40)},
    "lobby": {},
    "create": {
        "game": _s(40), "options": Field("options", required=False),
        "deal": _i(required=False), **TABLE_OPTIONS,
        "seats": _e("one", "all", required=False, default="one"),
        "name": _s(64, required=False),
        "daily": Field("bool", required=False, default=False),
    },
    "join": {"code": _s(16), "role": _e("player", "advisor", "watcher"),
             "seat": _i(0, 7, required=False), "name": _s(64, required=False)},
    "resume": {"room": ROOM, "token": _s(64), "since": _i(0, 2**31, required=False)},
    "leave": {"room": ROOM},
    "move": {"room": ROOM, "version": VERSION, "move": MOVE},
    "undo": {"room": ROOM, "version": VERSION},
    "propose": {"room": ROOM, "version": VERSION, "move": MOVE},
    "take": {"room": ROOM, "version": VERSION, "move": MOVE},
    "vote": {"room": ROOM, "version": VERSION},
    "chat": {"room": ROOM, "text": _s(2000)},
    "record": {"room": ROOM},
    "members": {"room": ROOM, "offset": _i(0, 2**31, required=False)},
    "hint": {"room": ROOM},
    "analysis": {"room": ROOM},
    "lock": {"room": ROOM, "locked": Field("bool")},
    "kick": {"room": ROOM, "member": _s(32)},
    "set_role": {"room": ROOM, "member": _s(32), "role": _e("player", "advisor", "watcher"),
                 "seat": _i(0, 7, required=False)},
    "invite": {"room": ROOM, "member": _s(32), "seat": _i(0, 7, required=False)},
    "set_host": {"room": ROOM, "member": _s(32)},
    "close": {"room": ROOM},
    "next_deal": {"room": ROOM, "same": Field("bool", required=False, default=False)},
    "bot": {"room": ROOM, "seat": _i(0, 7, required=False)},
    "archived": {"game": _s(32)},
    "archived_step": {"game": _s(32), "n": _i(0, 100_000)},
    "archived_analysis": {"game": _s(32)},
    "room_games": {"room": ROOM},
    "forget_games": {"player": _s(64)},
    "my_stats": {"player": _s(64)},
    "daily": {"game": _s(40), "player": _s(64, required=False)},
}


@dataclass(frozen=True, slots=True)
class Request:
    type: str
    id: int
    fields: Mapping[str, Any]

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)

    def __getitem__(self, key: str) -> Any:
        return self.fields[key]


def decode(frame: bytes) -> Request:
    """Check one inbound frame; raises :class:`ProtocolError` (with the id when known)."""
    try:
        # Strings are bounded by the frame (``max_frame``) and then by each field's cap
        # in characters; arrays and maps are small in every schema.
        data = msgpack.unpackb(frame, raw=False, strict_map_key=True, max_bin_len=0,
                               max_ext_len=0, max_str_len=len(frame), max_array_len=64,
                               max_map_len=64)
    except Exception:
        raise ProtocolError("proto/malformed") from None
    if not isinstance(data, dict):
        raise ProtocolError("proto/malformed")
    rid = data.get("id")
    if isinstance(rid, bool) or not isinstance(rid, int) or not 0 <= rid < MAX_ID:
        raise ProtocolError("proto/bad_field", "Every message needs an 'id': an unsigned "
                            "integer below 2^53.")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise RequestError(rid, "proto/bad_field", "Field 'type' must be text.")
    schema = SCHEMAS.get(kind)
    if schema is None:
        raise RequestError(rid, "proto/unknown_type",
                           f"Unknown message type {kind[:32]!r}.")
    fields: dict[str, Any] = {}
    for key, value in data.items():
        if key in ("type", "id"):
            continue
        spec = schema.get(key) if isinstance(key, str) else None
        if spec is None:
            raise RequestError(rid, "proto/bad_field", f"'{kind}' has no field {str(key)[:32]!r}.")
        fields[key] = _check(rid, key, spec, value)
    for key, spec in schema.items():
        if spec.required and key not in fields:
            raise RequestError(rid, "proto/bad_field", f"'{kind}' needs the field '{key}'.")
    return Request(kind, rid, fields)


class RequestError(ProtocolError):
    """A protocol error that knows the request id it answers."""

    def __init__(self, rid: int, code: str, message: str | None = None) -> None:
        super().__init__(code, message)
        self.rid = rid


def _check(rid: int, key: str, spec: Field, value: Any) -> Any:
    def bad(why: str) -> RequestError:
        return RequestError(rid, "proto/bad_field", f"Field '{key}' {why}.")

    if spec.kind == "str":
        if not isinstance(value, str):
            raise bad("must be text")
        if len(value) > spec.max_len:
            raise bad(f"is longer than {spec.max_len} characters")
        return value
    if spec.kind == "enum":
        if value not in spec.choices:
            raise bad(f"must be one of {', '.join(spec.choices)}")
        return value
    if spec.kind == "bool":
        if not isinstance(value, bool):
            raise bad("must be true or false")
        return value
    if spec.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad("must be an integer")
        if not spec.minimum <= value <= spec.maximum:
            raise bad(f"must be between {spec.minimum} and {spec.maximum}")
        return value
    # options: a small map of names to int, text or bool
    if not isinstance(value, dict) or len(value) > 16:
        raise bad("must be a map of at most 16 options")
    for k, v in value.items():
        if not isinstance(k, str) or len(k) > 40:
            raise bad("has a bad option name")
        ok = isinstance(v, (bool, str)) or (isinstance(v, int) and -(2**31) <= v < 2**31)
        if not ok or (isinstance(v, str) and len(v) > 40):
            raise bad(f"has a bad value for {k[:40]!r}")
    return dict(value)


#: One packer per thread, made once: ``msgpack.packb`` makes a packer and its buffer for
#: every call (a tenth of the time of a move's reply, the most frequent message).
_packers = threading.local()


def _packer() -> msgpack.Packer:
    try:
        packer: msgpack.Packer = _packers.packer
    except AttributeError:
        packer = _packers.packer = msgpack.Packer(use_bin_type=True)
    return packer


def encode(message: Any) -> bytes:
    """One outbound message (or any value of plain data) as MessagePack bytes."""
    out: bytes = _packer().pack(message)
    return out


def array_header(n: int) -> bytes:
    """The MessagePack header of an array of ``n`` items: followed by the items'
    encodings, the same bytes as :func:`encode` of the array."""
    out: bytes = _packer().pack_array_header(n)
    return out


def error(rid: int | None, code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "re": rid, "code": code, "message": message}
