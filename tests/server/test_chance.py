"""Where the server's chance comes from (server/chance.py): secret on a real server,
seeded by the test's id on every server a test starts."""

from __future__ import annotations

import pytest

from server.app import GameServer
from server.chance import SecretChance, SeededChance
from server.stores.store import MemoryStore
from tests.kit.peer import Peer
from tests.kit.server import Running, chance_seed


def test_a_seeded_chance_follows_from_its_seed_alone() -> None:
    a, b, other = SeededChance("x"), SeededChance("x"), SeededChance("y")
    deals = [a.deal() for _ in range(5)]
    assert deals == [b.deal() for _ in range(5)] and len(set(deals)) == 5
    assert deals != [other.deal() for _ in range(5)]
    assert all(0 <= d < 2**64 for d in deals)
    # a computer player's choice depends on the position, not on what was drawn before
    assert a.choice(7, 3) == SeededChance("x").choice(7, 3) != a.choice(7, 4)
    assert a.choice(7, 3) != other.choice(7, 3)


def test_a_real_server_draws_in_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    app = GameServer(MemoryStore(10))
    assert isinstance(app.sessions.chance, SecretChance)
    assert app.sessions.scheduler.chance is app.sessions.chance
    with pytest.raises(AssertionError, match="secret deal"):  # tests/conftest.py
        app.sessions.chance.deal()
    monkeypatch.undo()  # the real draws, for this test only
    assert 0 <= SecretChance().deal() < 2**64 and 0 <= SecretChance().choice(1, 1) < 2**64


def test_the_seed_is_the_running_tests_id() -> None:
    assert chance_seed() == \
        "tests/server/test_chance.py::test_the_seed_is_the_running_tests_id"


async def test_a_tests_server_deals_from_the_tests_seed(server: Running) -> None:
    ann = await Peer.connect(server.url, "Ann")
    unnamed = await ann.call("create", game="sympathy")
    bea = await Peer.connect(server.url, "Bea")
    named = await bea.call("create", game="sympathy", deal=12)
    seeds = [server.app.store.cached(j["room"]).seed  # type: ignore[union-attr]
             for j in (unnamed, named)]
    assert seeds == [SeededChance(chance_seed()).deal(), 12]
    await ann.close()
    await bea.close()
