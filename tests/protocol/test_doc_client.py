"""A client written only from ``protocol/README.md`` gets what the document says.

Raw websockets and MessagePack, as the document's own example; each check quotes the
sentence of the document it holds the server to.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import msgpack
import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from tests.kit.server import Running
from tests.kit.toy import matching_deal, toy_registered

DOC = (Path(__file__).parents[2] / "protocol" / "README.md").read_text()
Msg = dict[str, Any]


class Client:
    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.n = 0

    @classmethod
    async def open(cls, url: str, name: str = "") -> Client:
        c = cls(await connect(url, max_queue=None))
        assert (await c.call("hello", version=1, name=name))["type"] == "welcome"
        return c

    async def send_raw(self, message: Msg) -> None:
        await self.ws.send(msgpack.packb(message))

    async def call(self, kind: str, **fields: Any) -> Msg:
        self.n += 1
        await self.send_raw({"type": kind, "id": self.n, **fields})
        return await self.until(lambda m: m.get("re") == self.n)

    async def recv(self) -> Msg:
        frame = await asyncio.wait_for(self.ws.recv(), 30)  # a hang guard
        assert isinstance(frame, bytes)
        out: Msg = msgpack.unpackb(frame)
        return out

    async def until(self, pred: Any) -> Msg:
        while True:
            m = await self.recv()
            if pred(m):
                return m

    async def frames(self, n: int) -> list[Msg]:
        return [await self.recv() for _ in range(n)]


def documented(sentence: str) -> None:
    assert " ".join(sentence.split()) in " ".join(DOC.split()), sentence


async def test_ids_unknown_fields_and_text_caps(server: Running) -> None:
    c = await Client.open(server.url, "Ann")
    documented("A message without an `id`, or with one that is not an integer in "
               "0..2^53-1, is answered `proto/bad_field` with `re` null.")
    await c.send_raw({"type": "ping"})
    assert (err := await c.recv())["code"] == "proto/bad_field" and err["re"] is None
    await c.send_raw({"type": "ping", "id": 2**53})
    assert (err := await c.recv())["code"] == "proto/bad_field" and err["re"] is None
    await c.send_raw({"type": "ping", "id": 2**53 - 1})
    assert await c.recv() == {"type": "pong", "re": 2**53 - 1}
    documented("A field the message type does not have is refused (`proto/bad_field`)")
    assert (await c.call("ping", extra=1))["code"] == "proto/bad_field"
    documented("a 2,000-character chat line of `€` is 6,000 bytes and allowed")
    joined = await c.call("create", game="sympathy")
    await c.frames(2)  # state, presence
    assert (await c.call("chat", room=joined["room"], text="€" * 2000))["type"] == "ok"
    said = await c.until(lambda m: m["type"] == "chat")
    assert said["text"] == "€" * 500  # cut to max_chat
    documented("(`\\x1b[31mRED` arrives as `RED`)")
    await c.call("chat", room=joined["room"], text="\x1b[31mRED\x1b[0m")
    assert (await c.until(lambda m: m["type"] == "chat"))["text"] == "RED"


async def test_defaults_order_of_frames_resume_and_closed_rooms(server: Running) -> None:
    ann = await Client.open(server.url, "Ann")
    documented("`visibility?` `public`\\|`unlisted` (default unlisted), `advice?` "
               "`anyone`\\|`invited`\\|`nobody` (default anyone), `advice_mode?` "
               "`player`\\|`vote` (default player), `vote_after?` seconds 0..3600 "
               "(default 0")
    joined = await ann.call("create", game="sympathy")
    assert joined["type"] == "joined"
    assert joined["policy"] == {"visibility": "unlisted", "advice": "anyone",
                                "advice_mode": "player", "vote_after": 0, "undo": "on",
                                "hints": "player", "autodrop": False, "think_ms": 1000,
                                "winnable": False}
    documented("After `create` or `join` the connection receives `joined`, then `state`, "
               "then `presence`")
    assert [m["type"] for m in await ann.frames(2)] == ["state", "presence"]
    bea = await Client.open(server.url, "Bea")
    assert (await bea.call("join", code=joined["code"], role="player"))["type"] == "joined"
    assert [m["type"] for m in await bea.frames(2)] == ["state", "presence"]
    documented("everyone else in the room hears of the arrival in their next "
               "`presence_changes`")
    changes = await ann.recv()
    assert changes["type"] == "presence_changes"
    assert [m["name"] for m in changes["members"]] == ["Bea"]
    assert changes["counts"]["player"] == 2 and changes["gone"] == []
    documented("ask for names with `members`")
    page = await bea.call("members", room=joined["room"], offset=1)
    assert (page["type"], page["total"], page["offset"]) == ("members", 2, 1)
    assert [m["name"] for m in page["members"]] == ["Bea"]
    documented("`snapshot` (true when `events` is null: no `since`")
    again = await Client.open(server.url, "Ann")
    resumed = await again.call("resume", room=joined["room"], token=joined["token"])
    assert resumed["snapshot"] is True and resumed["events"] is None
    resumed = await again.call("resume", room=joined["room"], token=joined["token"],
                               since=0)
    assert resumed["snapshot"] is False and resumed["events"] == []
    documented("Joining or resuming a room its host has closed gets `room/closed`")
    await again.call("close", room=joined["room"])
    late = await Client.open(server.url, "Late")
    assert (await late.call("join", code=joined["code"], role="watcher"))["code"] == \
        "room/closed"
    assert (await late.call("resume", room=joined["room"], token=joined["token"]))[
        "code"] == "room/closed"


async def test_seed_and_salt_arrive_inside_fair_once_the_game_is_over(
        server: Running) -> None:
    documented("When the game ends the states carry `fair.seed` and `fair.salt`")
    c = await Client.open(server.url, "Solo")
    joined = await c.call("create", game="clock", deal=3)
    state = await c.until(lambda m: m["type"] == "state")
    assert set(state["fair"]) == {"commitment"}
    for _ in range(500):
        if state["view"]["status"] != "playing":
            break
        seat = state["view"]["to_move"][0]
        move = state["view"]["moves"][str(seat)][0]["code"]
        ok = await c.call("move", room=joined["room"], version=state["version"], move=move)
        state = await c.until(lambda m, v=ok["version"]: m["type"] == "state"
                              and m["version"] == v)
    assert state["view"]["status"] in ("won", "lost")
    assert set(state["fair"]) == {"commitment", "seed", "salt"}
    assert "seed" not in state and "salt" not in state


@pytest.mark.limits(burst=5, rate=0.5)
async def test_past_the_budget_rate_limited_then_1008(server: Running) -> None:
    documented("the first message past it is answered `rate/limited` (`re` null) and the "
               "connection is closed with **1008**")
    c = await Client.open(server.url, "Spam")
    for _ in range(20):
        await c.send_raw({"type": "ping", "id": 1})
    got: list[Msg] = []
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            got.append(await c.recv())
    assert got[-1] == {"type": "error", "re": None, "code": "rate/limited",
                       "message": got[-1]["message"]}
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008


@pytest.mark.limits(rate=100_000, burst=100_000)
async def test_a_competitive_table_as_documented(server: Running) -> None:
    with toy_registered():
        await competitive_table(server)


async def competitive_table(server: Running) -> None:
    deal = matching_deal(players=3, ties=False)
    ann = await Client.open(server.url, "Ann")
    documented("`seats: all` is refused")
    refused = await ann.call("create", game="toy_snap", seats="all")
    assert refused["code"] == "proto/bad_field"
    documented("a round game's `players` option sets the table's seats")
    joined = await ann.call("create", game="toy_snap", deal=deal, think_ms=0,
                            options={"players": 3, "ties": False})
    room = joined["room"]
    state = await ann.until(lambda m: m["type"] == "state")
    assert state["view"]["seats"] == ["North", "East", "South"]
    documented("a computer player sits in `seat`, or in every empty seat")
    assert (await ann.call("bot", room=room, seat=2))["type"] == "ok"
    changes = await ann.until(lambda m: m["type"] == "presence_changes" and m["members"])
    assert [(m["bot"], m["seats"]) for m in changes["members"]] == [(True, [2])]
    documented("with no free seat, the first a computer player holds (the computer player "
               "leaves")
    bea = await Client.open(server.url, "Bea")
    assert (await bea.call("join", code=joined["code"], role="player", seat=1))["seats"] \
        == [1]
    cy = await Client.open(server.url, "Cy")
    assert (await cy.call("join", code=joined["code"], role="player"))["seats"] == [2]
    xan = await Client.open(server.url, "Xan")
    xj = await xan.call("join", code=joined["code"], role="advisor")
    documented("An advisor behind no seat proposes nothing (`advice/not_allowed`)")
    first = state["view"]["moves"]["0"][0]["code"]
    assert (await xan.call("propose", room=room, version=0, move=first))["code"] == \
        "advice/not_allowed"
    documented("the host or that seat's player seats an advisor or a watcher behind the "
               "seat (they become an advisor who sees that seat's view")
    assert (await bea.call("invite", room=room, member=xj["member"], seat=0))["code"] == \
        "auth/denied"
    assert (await ann.call("invite", room=room, member=xj["member"], seat=0))["type"] == "ok"
    behind = await xan.until(lambda m: m["type"] == "state" and "0" in m["view"]["moves"])
    hands = [z for z in behind["view"]["zones"] if z["kind"] == "hand"]
    assert [bool(z["up"]) for z in hands] == [True, False, False]
    documented("at a competitive table its `move` is null except for the seat that moved")
    await ann.call("move", room=room, version=0, move=first)
    seen = await bea.until(lambda m: m["type"] == "state" and m["version"] == 1)
    assert seen["last"]["seat"] == 0 and seen["last"]["move"] is None
    mine = await ann.until(lambda m: m["type"] == "state" and m["version"] == 1)
    assert mine["last"]["move"] == first
    documented("never at a competitive table (`move/undo_refused`)")
    assert (await ann.call("undo", room=room, version=1))["code"] == "move/undo_refused"
    documented("not at a competitive table (`hint/not_allowed`)")
    assert (await ann.call("hint", room=room))["code"] == "hint/not_allowed"
    # East turns a card of the same rank: North and East may both call
    assert list(seen["view"]["moves"]) == ["1"]  # Bea is told of her own moves only
    await bea.call("move", room=room, version=1, move=seen["view"]["moves"]["1"][0]["code"])
    documented("a call that lost its race is answered `call/lost`")
    won = await ann.call("move", room=room, version=2, move="snap0")
    assert won["type"] == "ok"
    lost = await bea.call("move", room=room, version=2, move="snap1")
    assert lost["code"] == "call/lost" and " ms before you" in lost["message"]
    documented("Every call kept is a `call` message to everyone: who, `first` (whose call "
               "came before it) and `margin_ms`")
    calls = [await cy.until(lambda m: m["type"] == "call") for _ in range(2)]
    assert [(c["seat"], c["outcome"], c["first"]) for c in calls] == \
        [(0, "made", None), (1, "lost", 0)]
    assert calls[1]["margin_ms"] >= 0
