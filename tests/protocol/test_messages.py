"""Decoding turns anything malformed into a protocol error with a stable code."""

from __future__ import annotations

import concurrent.futures
from typing import Any

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from protocol.errors import CODES, ProtocolError
from protocol.messages import SCHEMAS, RequestError, decode, encode


def pack(obj: Any) -> bytes:
    out: bytes = msgpack.packb(obj, use_bin_type=True)
    return out


def code(frame: bytes) -> str:
    with pytest.raises(ProtocolError) as err:
        decode(frame)
    return err.value.code


def test_a_good_message_decodes() -> None:
    req = decode(pack({"type": "move", "id": 7, "room": "r1", "version": 3, "move": "t2"}))
    assert (req.type, req.id, req["move"], req["version"]) == ("move", 7, "t2", 3)


@pytest.mark.parametrize(("frame", "expected"), [
    (b"\xc1garbage", "proto/malformed"),
    (b"", "proto/malformed"),
    (pack([1, 2, 3]), "proto/malformed"),
    (pack({"id": 1}), "proto/bad_field"),
    (pack({"type": "fly", "id": 1}), "proto/unknown_type"),
    (pack({"type": "move", "id": 1, "room": "r", "version": 1}), "proto/bad_field"),
    (pack({"type": "move", "id": 1, "room": "r", "version": "1", "move": "t"}),
     "proto/bad_field"),
    (pack({"type": "move", "id": 1, "room": "r", "version": 2**40, "move": "t"}),
     "proto/bad_field"),
    (pack({"type": "move", "id": -1, "room": "r", "version": 1, "move": "t"}),
     "proto/bad_field"),
    (pack({"type": "move", "id": 1, "room": "r", "version": True, "move": "t"}),
     "proto/bad_field"),
    (pack({"type": "move", "id": 1, "room": "r", "version": 1, "move": "t", "x": 1}),
     "proto/bad_field"),
    (pack({"type": "chat", "id": 1, "room": "r", "text": "x" * 2001}), "proto/bad_field"),
    (pack({"type": "join", "id": 1, "code": "AB", "role": "god"}), "proto/bad_field"),
    (pack({"type": "create", "id": 1, "game": "x", "options": {"a": [1]}}),
     "proto/bad_field"),
    (pack({"type": "create", "id": 1, "game": "x", "deal": -1}), "proto/bad_field"),
    (pack({"type": "hello", "id": 1, "version": 1, "name": b"bytes"}), "proto/malformed"),
    (pack({1: "a"}), "proto/malformed"),
])
def test_bad_frames_get_stable_codes(frame: bytes, expected: str) -> None:
    assert code(frame) == expected
    assert expected in CODES


def test_errors_name_the_request_they_answer() -> None:
    with pytest.raises(RequestError) as err:
        decode(pack({"type": "move", "id": 99, "room": "r"}))
    assert err.value.rid == 99 and "version" in err.value.message


def test_every_schema_field_is_required_or_optional_and_typed() -> None:
    for kind, fields in SCHEMAS.items():
        for name, spec in fields.items():
            assert spec.kind in ("str", "int", "bool", "options", "enum"), (kind, name)


@given(st.binary(max_size=200))
@settings(max_examples=300)
def test_no_bytes_crash_the_decoder(frame: bytes) -> None:
    try:
        decode(frame)
    except ProtocolError as exc:
        assert exc.code in CODES


@given(st.dictionaries(st.sampled_from(["type", "id", "room", "version", "move", "text"]),
                       st.one_of(st.integers(-(2**63), 2**64 - 1), st.text(max_size=20),
                                 st.booleans(), st.none(),
                                 st.lists(st.integers(0, 2**64 - 1), max_size=3))))
@settings(max_examples=300)
def test_no_map_crashes_the_decoder(data: dict[str, Any]) -> None:
    try:
        decode(encode(data))
    except ProtocolError as exc:
        assert exc.code in CODES


def test_encode_is_messagepack_with_bin_type_whatever_came_before() -> None:
    """One packer serves every message (made once per thread): each message packs to
    the same bytes as on its own, after a bigger one, after a value that cannot be
    packed, and in another thread."""
    big = {"type": "state", "view": {"zones": [{"up": ["7H"] * 50, "down": 3}] * 40},
           "blob": b"\x00\x01"}
    small = {"type": "ok", "re": 7, "version": 12}
    alone = msgpack.packb(small, use_bin_type=True)
    assert encode(big) == msgpack.packb(big, use_bin_type=True)
    assert encode(small) == alone
    with pytest.raises(TypeError):
        encode({"type": "ok", "bad": object()})
    assert encode(small) == alone
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        assert set(pool.map(encode, [small] * 100)) == {alone}
