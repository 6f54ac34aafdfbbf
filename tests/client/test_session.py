"""The library session against a real server: join, play, advise, drop and resume."""

from __future__ import annotations

import asyncio
import stat

import pytest

from client.events import Connection, StateChanged
from client.session import ServerError, Session, room_url
from client.tokens import TokenStore
from tests.kit.proxy import Proxy
from tests.kit.server import Running


async def test_two_players_an_advisor_and_a_resumed_seat(server: Running,
                                                         tokens: TokenStore) -> None:
    # Bea comes back after 0.6 s at the soonest: longer than a presence period (0.25 s),
    # so that the others are told she was away (a shorter absence may not show at all)
    async with Session(server.url, "Ann", tokens=tokens) as ann, \
            Session(server.url, "Bea", tokens=tokens, min_backoff=0.6) as bea, \
            Session(server.url, "Xan") as xan:
        joined = await ann.create("sympathy", visibility="public")
        code = joined["code"]
        assert (await bea.lobby())[0]["code"] == code
        await bea.join(code, "player")
        await xan.join(code, "advisor")
        assert bea.table.seats == (1,)
        await bea.wait_until(lambda t: t.view is not None and bool(t.my_moves()))
        await bea.move(bea.table.my_moves()[0]["code"])  # B opens
        await xan.wait_until(lambda t: t.version == 1)
        with pytest.raises(ServerError) as bad:
            await xan.propose("t99")
        assert bad.value.code == "advice/illegal"
        advice = xan.table.table_moves()[0]["code"]
        await xan.propose(advice)
        await ann.wait_until(lambda t: bool(t.proposals))
        assert ann.table.proposals[0]["by"] == ["Xan"]
        await ann.take(ann.table.proposals[0]["move"])
        await bea.wait_until(lambda t: t.version == 2 and t.last is not None)
        assert bea.table.last is not None and bea.table.last["advised_by"] == ["Xan"]

        saved = tokens.get(server.url, ann.table.room, "Ann")
        assert saved is not None and saved.version == 2 and saved.code == code
        assert stat.S_IMODE(tokens.path.stat().st_mode) == 0o600

        bea.drop_connection()
        await ann.wait_until(lambda t: any(m["name"] == "Bea" and not m["connected"]
                                           for m in t.members))
        await bea.wait_until(lambda t: t.connection == "resumed")
        assert bea.table.seats == (1,)
        seen = [e.state for e in bea.pending_events() if isinstance(e, Connection)]
        assert "reconnecting" in seen and seen[-1] == "resumed"
        await ann.wait_until(lambda t: all(m["connected"] for m in t.members))
        # the seat still plays after the resume
        mover = bea if bea.table.my_moves() else ann
        await mover.move(mover.table.my_moves()[0]["code"])
        await xan.wait_until(lambda t: t.version == 3)


async def test_a_closed_terminal_comes_back_through_the_token_file(
        server: Running, tokens: TokenStore) -> None:
    async with Session(server.url, "Ann", tokens=tokens) as ann:
        joined = await ann.create("sympathy", seats="all")
        await ann.wait_until(lambda t: t.view is not None)
        await ann.move("open")
        await ann.wait_until(lambda t: t.version == 1)
    seat = TokenStore().by_code(server.url, joined["code"], "Ann")
    assert seat is not None and seat.version == 1
    async with Session(server.url, "Ann", tokens=tokens) as again:
        await again.resume(seat)
        kinds, version = [], None
        async for ev in again:  # the stream of typed events
            kinds.append(type(ev).__name__)
            if isinstance(ev, StateChanged):
                version = ev.version
                break
        assert kinds[:2] == ["Connection", "Seated"] and version == 1
        assert again.table.seats == (0, 1) and again.table.host


def test_the_library_surface() -> None:
    import client.session

    assert client.session.__all__ == ["ConnectionLost", "ServerError", "Session",
                                      "describe_error"]


async def test_the_network_fails_for_a_while_and_the_seat_comes_back(
        server: Running, tokens: TokenStore) -> None:
    async with Proxy(server.port).running() as proxy, \
            Session(server.url, "Ann") as ann, \
            Session(proxy.url, "Bea", tokens=tokens, min_backoff=0.05) as bea:
        code = (await ann.create("sympathy"))["code"]
        await bea.join(code, "player")
        await bea.wait_until(lambda t: bool(t.my_moves()))
        proxy.down = True
        proxy.cut()
        await bea.wait_until(lambda t: t.connection == "reconnecting")
        await ann.wait_until(lambda t: any(not m["connected"] for m in t.members))
        async with asyncio.timeout(30):  # a hang guard
            while proxy.refused < 2:  # the session keeps trying, backing off
                await bea.wait_until(lambda t: t.connection == "reconnecting")
                await asyncio.sleep(0.05)
        proxy.down = False
        await bea.wait_until(lambda t: t.connection == "resumed")
        assert bea.table.seats == (1,)
        attempts = [e.attempt for e in bea.pending_events() if isinstance(e, Connection)
                    and e.state == "reconnecting"]
        assert attempts[:3] == [1, 2, 3]
        ok = await bea.move("open")
        await ann.wait_until(lambda t: t.version == ok["version"])


async def test_a_connection_names_its_room_for_the_balancer(server: Running) -> None:
    """A session for a known room names it in its URL (``?room=CODE``, which a balancer
    hashes on: deploy/nginx.conf), and so does every reconnection once it has sat down."""
    async with Proxy(server.port).running() as proxy, Session(server.url, "Ann") as ann:
        code = (await ann.create("sympathy"))["code"]
        async with Session(proxy.url, "Wes", room=code.lower()) as wes:  # `watch CODE`
            await wes.watch(code)
        async with Session(proxy.url, "Bea", min_backoff=0.05) as bea:  # from the lobby
            await bea.lobby()
            await bea.join(code, "player")
            proxy.cut()
            await bea.wait_until(lambda t: t.connection == "resumed")
        assert proxy.requests == [f"GET /?room={code} HTTP/1.1", "GET / HTTP/1.1",
                                  f"GET /?room={code} HTTP/1.1"]


def test_a_room_url_keeps_the_rest_of_the_url() -> None:
    assert room_url("ws://h:1", "k7qprm") == "ws://h:1/?room=K7QPRM"
    assert room_url("wss://h/play?x=1&room=OLD", "AB") == "wss://h/play?x=1&room=AB"
    assert room_url("ws://h:1/", "") == "ws://h:1/"


@pytest.mark.limits(presence_list=3)
async def test_a_crowd_is_counted_and_past_the_listed_named_on_request(
        server: Running) -> None:
    """The table folds presence changes: the listed members (3 here) and every count;
    names past them on request (``members``)."""
    async with Session(server.url, "Ann") as ann:
        code = (await ann.create("sympathy"))["code"]
        crowd = [Session(server.url, f"w{i}") for i in range(5)]
        for s in crowd:
            await s.__aenter__()
            await s.watch(code)
        try:
            await ann.wait_until(lambda t: t.counts.get("watcher") == 5
                                 and t.counts.get("connected") == 6)
            assert [m["name"] for m in ann.table.members] == ["Ann", "w0", "w1"]
            await crowd[0].leave()
            await ann.wait_until(lambda t: t.counts.get("watcher") == 4)
            assert [m["name"] for m in ann.table.members] == ["Ann", "w1", "w2"]
            assert [m["name"] for m in await ann.members(1)] == ["w1", "w2", "w3"]
        finally:
            for s in crowd:
                await s.__aexit__(None, None, None)
