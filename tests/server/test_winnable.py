"""Winnable deals only (``create`` with ``winnable``): a table is dealt a deal the solver
has proved winnable, taken from the stock kept ahead (server/winnable.py); a game that
does not offer it, and a stock not ready yet, are said with their codes."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from rules import Play, make
from rules.solver import Budget, solve
from server.winnable import NODES, OFFERED, key_of
from tests.kit.kept import KEY, kept_server, play_to_the_end
from tests.kit.peer import Peer
from tests.kit.server import Running, until

GAME = "clock"  # 63 deals of 1,000 can be won (docs/winnability.md): a game of chance


@pytest.fixture
async def keeping(tmp_path: Path) -> AsyncIterator[Running]:
    async with kept_server(tmp_path) as running:
        yield running


async def test_a_table_of_winnable_deals_is_dealt_a_deal_the_solver_wins(
        keeping: Running) -> None:
    stock = keeping.app.sessions.winnable
    stock.want(GAME)
    game = make(GAME, {})
    # three tables: one deal in sixteen of this game can be won, so a stock of deals not
    # proved would be found out
    for _ in range(3):
        await until(lambda: stock.ready(GAME) >= 1)
        ann, room = await play_to_the_end(keeping.url, game=GAME, winnable=True)
        record = await ann.call("record", room=room)
        # the seed, revealed at the end, deals a game the solver wins, every card known
        assert solve(game, Play.start(game, record["seed"]).state, Budget(NODES)).won
        # the kept game says where its deal came from
        gid = (await ann.call("room_games", room=room))["games"][0]["id"]
        assert (await ann.call("archived", game=gid))["game"]["winnable"] is True
        await ann.close()
    # the stock is filled again for the next table
    await until(lambda: stock.ready(GAME) >= 2)
    # Ann's statistics count her tables of winnable deals apart from the game's others
    # (every one of their deals could be won)
    other, _ = await play_to_the_end(keeping.url, KEY, 3, GAME)
    stats = await other.call("my_stats", player=KEY)
    assert {(g["game"], g["winnable"]): g["played"] for g in stats["games"]} == \
        {(GAME, True): 3, (GAME, False): 1}
    await other.close()


async def test_the_next_deal_of_such_a_table_is_proved_too(keeping: Running) -> None:
    stock = keeping.app.sessions.winnable
    stock.want(GAME)
    await until(lambda: stock.ready(GAME) >= 2)
    ann, room = await play_to_the_end(keeping.url, game=GAME, winnable=True)
    first = (await ann.call("record", room=room))["seed"]
    assert (await ann.call("next_deal", room=room))["type"] == "ok"
    await until(lambda: (now := keeping.app.store.cached(room)) is not None
                and now.seed != first)
    dealt = keeping.app.store.cached(room)
    assert dealt is not None and dealt.policy.winnable
    game = make(GAME, {})
    assert solve(game, Play.start(game, dealt.seed).state, Budget(NODES)).won
    await ann.close()


async def test_winnable_deals_are_refused_where_they_are_not_offered(
        keeping: Running) -> None:
    p = await Peer.connect(keeping.url, "Cy")
    games = {g["id"]: g for g in (await p.call("games"))["games"]}
    assert games[GAME]["winnable"] and not games["klondike"]["winnable"]
    refused = await p.call("create", game="klondike", winnable=True)
    assert refused["code"] == "winnable/not_offered"
    assert "winnable" in refused["message"] and "klondike" not in refused["message"]
    assert (await p.call("create", game="no_such_game", winnable=True))["code"] \
        == "game/unknown"
    named = await p.call("create", game=GAME, winnable=True, deal=3)
    assert named["code"] == "proto/bad_field"
    # nothing was made: the connection is in no room and may create one
    assert (await p.call("create", game=GAME, deal=3))["type"] == "joined"
    await p.close()


async def test_an_empty_stock_says_when_to_ask_again_and_fills(keeping: Running) -> None:
    p = await Peer.connect(keeping.url, "Di")
    first = await p.call("create", game="a_spell", winnable=True)
    assert first["code"] == "winnable/not_ready" and first["retry_after"] > 0
    await until(lambda: keeping.app.sessions.winnable.ready("a_spell") >= 1)
    assert (await p.call("create", game="a_spell", winnable=True))["type"] == "joined"
    await p.close()


def test_a_default_option_named_or_not_shares_one_stock() -> None:
    assert key_of("sympathy", {}) == key_of("sympathy", {"packets": 17})
    assert key_of("sympathy", {}) != key_of("sympathy", {"match_rule": "rank"})


@pytest.mark.parametrize("gid", sorted(OFFERED))
def test_every_game_that_offers_winnable_deals_proves_a_quarter_of_its_first_deals(
        gid: str) -> None:
    """A game offers winnable deals only where the stock's search (``NODES`` positions)
    proves them often (docs/winnability.md: a deal in four) or decides every deal at once
    (the Clock's closed form), or a host waits on an empty stock: of deals 0-7 two are
    proved winnable, or every one is decided (Napoleon, Le Sultan and Klondike prove one,
    and do not offer them)."""
    game = make(gid, {})
    found = [solve(game, Play.start(game, seed).state, Budget(NODES)) for seed in range(8)]
    assert sum(s.won for s in found) >= 2 or all(s.decided for s in found), \
        f"{gid}: fewer than 2 deals of 0-7 proved winnable at {NODES} positions"
