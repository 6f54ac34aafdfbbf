"""A bounded property-based fuzzer of the protocol, over every message type.

Hypothesis draws sequences of messages of every type in ``protocol.messages.SCHEMAS``:
each field good, of the wrong type, out of range or left out; unknown fields; bad ids;
the real room id, join code, member id and version often enough to reach the room logic.
A fuzzing member (an advisor) sends them to a real server beside a real table (Sympathy,
and a competitive table of the tests' Toy Snap with a computer player). For every
frame: exactly one answer (``re`` = its id, or ``re`` null when the id itself is bad), of
a documented type; an error has a documented code, never ``server/error``; a refused
command leaves the room's version as it was; the server stays up and the table's host
can still play.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import msgpack
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from protocol import outbound
from protocol.errors import CODES
from protocol.limits import Limits
from protocol.messages import MAX_ID, SCHEMAS, Field
from tests.kit.peer import Peer
from tests.kit.server import start, stop_server
from tests.kit.toy import ID as TOY
from tests.kit.toy import toy_registered

ROOM, CODE, MEMBER, VERSION = "$ROOM", "$CODE", "$MEMBER", "$VERSION"
BAD = st.one_of(st.none(), st.integers(-(2**63), 2**64 - 1), st.text(max_size=8),
                st.booleans(), st.lists(st.integers(0, 9), max_size=2),
                st.floats(allow_nan=False, allow_infinity=False), st.binary(max_size=3))


def good(name: str, spec: Field) -> st.SearchStrategy[Any]:
    if name == "room":
        return st.sampled_from([ROOM, ROOM, ROOM, "nosuchroom"])
    if name == "code":
        return st.sampled_from([CODE, CODE, "ZZZZZZ", "abc"])
    if name == "member":
        return st.sampled_from([MEMBER, "nobody"])
    if name == "version" and spec.kind == "int":
        return st.one_of(st.just(VERSION), st.integers(spec.minimum, spec.maximum))
    if spec.kind == "str":
        return st.text(max_size=spec.max_len + 2)
    if spec.kind == "int":
        return st.integers(spec.minimum - 1, min(spec.maximum, 2**64 - 1))
    if spec.kind == "enum":
        return st.sampled_from([*spec.choices, "nonsense"])
    if spec.kind == "bool":
        return st.booleans()
    return st.dictionaries(st.text(max_size=8), st.one_of(st.integers(-3, 20),
                                                          st.text(max_size=5),
                                                          st.booleans()), max_size=3)


@st.composite
def message(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(sorted(SCHEMAS)))
    msg: dict[str, Any] = {"type": kind}
    for name, spec in SCHEMAS[kind].items():
        how = draw(st.sampled_from(["good"] * 6 + ["bad", "omit"]))
        if how == "good":
            msg[name] = draw(good(name, spec))
        elif how == "bad":
            msg[name] = draw(BAD)
    if draw(st.integers(0, 9)) == 0:
        msg[draw(st.sampled_from(["extra", "x", "id2"]))] = draw(BAD)
    if draw(st.integers(0, 19)) == 0:
        msg["type"] = draw(st.one_of(st.text(max_size=6), BAD))
    return msg


def has_bytes(value: Any) -> bool:
    if isinstance(value, bytes):
        return bool(value)  # the decoder takes no byte string longer than 0
    if isinstance(value, dict):
        return any(has_bytes(k) or has_bytes(v) for k, v in value.items())
    if isinstance(value, list):
        return any(has_bytes(v) for v in value)
    return False


def answers(rid: int) -> Callable[[dict[str, Any]], bool]:
    return lambda m: m.get("re") == rid


def unread(m: dict[str, Any]) -> bool:
    """The error answering a frame whose id could not be read."""
    return m.get("type") == "error" and m.get("re") is None


async def fuzz(messages: list[dict[str, Any]], id_faults: list[int], game: str) -> None:
    running, stop, task = await start(Limits(rate=100_000, burst=100_000))
    try:
        ann = await Peer.connect(running.url, "Ann")
        if game == TOY:
            joined = await ann.call("create", game=game, options={"players": 3})
            assert (await ann.call("bot", room=joined["room"], seat=2))["type"] == "ok"
        else:
            joined = await ann.call("create", game=game, seats="all")
        room = running.app.store.cached(joined["room"])
        assert room is not None
        fuzzer = await Peer.connect(running.url, "Fuzz")
        assert (await fuzzer.call("join", code=joined["code"], role="advisor"))["type"] == \
            "joined"
        fill = {ROOM: joined["room"], CODE: joined["code"], MEMBER: joined["member"]}
        for n, msg in enumerate(messages):
            current = running.app.store.cached(joined["room"])
            version = current.version if current is not None else 0
            msg = {k: version if v == VERSION else fill.get(v, v) if isinstance(v, str) else v
                   for k, v in msg.items()}
            fault = id_faults[n % len(id_faults)]
            rid = fuzzer.next_id
            fuzzer.next_id += 1
            if fault == 1:
                pass  # no id at all
            elif fault == 2:
                msg["id"] = MAX_ID  # one past the largest
            else:
                msg["id"] = rid
            await fuzzer.ws.send(msgpack.packb(msg))
            if has_bytes(msg):  # not a map of MessagePack types the protocol uses
                answer = await fuzzer.wait(unread)
                assert answer["code"] == "proto/malformed", (msg, answer)
            elif msg.get("id") == rid:
                answer = await fuzzer.wait(answers(rid))
            else:
                answer = await fuzzer.wait(unread)
                assert answer["code"] == "proto/bad_field", (msg, answer)
            assert answer["type"] in outbound.MESSAGES, (msg, answer)
            if answer["type"] == "error":
                assert answer["code"] in CODES and answer["code"] != "server/error", \
                    (msg, answer)
                after = running.app.store.cached(joined["room"])
                assert after is None or current is None or after.version == version, \
                    (msg, answer)
        # the table still plays (from the state of the version the table is at)
        current = running.app.store.cached(joined["room"])
        state = await ann.latest_state(current.version if current is not None else 0)
        view = state["view"]
        if view["status"] == "playing" and view["moves"]:
            seat = next(iter(view["moves"]))
            ok = await ann.call("move", room=joined["room"], version=state["version"],
                                move=view["moves"][seat][0]["code"])
            assert ok["type"] == "ok" or ok["code"] in ("room/closed", "room/not_found"), ok
        assert (await ann.call("ping"))["type"] == "pong"
    finally:
        await stop_server(stop, task)


MESSAGES = st.lists(message(), min_size=1, max_size=12)
ID_FAULTS = st.lists(st.sampled_from([0, 0, 0, 0, 0, 0, 1, 2]), min_size=1, max_size=4)


@given(messages=MESSAGES, id_faults=ID_FAULTS)
@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
def test_every_fuzzed_frame_gets_one_documented_answer_and_harms_nothing(
        messages: list[dict[str, Any]], id_faults: list[int]) -> None:
    asyncio.run(fuzz(messages, id_faults, "sympathy"))


@given(messages=MESSAGES, id_faults=ID_FAULTS)
@settings(max_examples=30, suppress_health_check=[HealthCheck.too_slow])
def test_fuzzed_frames_at_a_competitive_table_with_a_computer_player(
        messages: list[dict[str, Any]], id_faults: list[int]) -> None:
    with toy_registered():
        asyncio.run(fuzz(messages, id_faults, TOY))
