"""Test-wide settings and fixtures."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from protocol.limits import Limits
from server.chance import SecretChance
from tests.kit.postgres import PostgresServer
from tests.kit.redis import RedisClusterServer, RedisServer
from tests.kit.server import Running, start, stop_server

# Hypothesis never judges by wall-clock time: CI machines are shared. Its examples are
# derandomized (drawn from each test's own name and code), so every run of the suite
# tries the same ones and a failure seen once is seen again; ``pytest
# --hypothesis-profile explore`` draws fresh ones, for a person hunting new failures
# (tests/README.md, "Deals and time").
_SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large]
settings.register_profile("sympathy", deadline=None, suppress_health_check=_SLOW,
                          derandomize=True)
settings.register_profile("explore", deadline=None, suppress_health_check=_SLOW)
settings.load_profile("sympathy")


#: The longest single tests, started first: the suite's processes split the tests into
#: runs of the collection's order (pytest-xdist's worksteal), so one of these collected
#: last would run alone at the end while the other cores sit idle.
FIRST = ("tests/bench/test_smoke.py::", "tests/rules/test_solver.py::test_every_winning",
         "tests/test_local_cluster.py::", "tests/server/test_multiprocess.py::",
         "tests/server/test_redis_liveness.py::", "tests/server/test_redis_failover.py::",
         "tests/server/test_file_store.py::test_kill_9")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--shuffle", type=int, metavar="SEED", default=None,
                     help="run the tests in an order shuffled by SEED (the same SEED, "
                     "the same order), to find a test that leans on another's leftovers")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    seed = config.getoption("--shuffle")
    if seed is not None:
        random.Random(seed).shuffle(items)
        return
    items.sort(key=lambda item: not item.nodeid.startswith(FIRST))


@pytest.fixture(autouse=True)
def _no_secret_chance(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test plays a deal or a computer player's choice nobody can name: a server
    started in this process without a seeded chance (tests/kit/server.py) fails the draw,
    and says why, instead of drawing in secret."""
    def refuse(*args: object) -> int:
        raise AssertionError("a test drew a secret deal or choice: name the deal, or "
                             "start the server through tests/kit/server.start (seeded)")

    monkeypatch.setattr(SecretChance, "deal", refuse)
    monkeypatch.setattr(SecretChance, "choice", refuse)
    monkeypatch.setattr(SecretChance, "drawn", refuse)


@pytest.fixture
async def server(request: pytest.FixtureRequest) -> AsyncIterator[Running]:
    """A real server on 127.0.0.1; ``@pytest.mark.limits(...)`` sets its limits."""
    marker = request.node.get_closest_marker("limits")
    limits = Limits(**marker.kwargs) if marker else None
    running, stop, task = await start(limits)
    try:
        yield running
    finally:
        await stop_server(stop, task)


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    """One private redis-server for the session (tests use their own keys: room ids)."""
    srv = RedisServer(tmp_path_factory.mktemp("redis"))
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="session")
def redis_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisClusterServer]:
    """One private Redis Cluster of three masters for the session (started on first use:
    a few seconds)."""
    srv = RedisClusterServer(tmp_path_factory.mktemp("redis-cluster"))
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(params=["redis", "cluster"])
def redis_url(request: pytest.FixtureRequest) -> str:
    """The URL of the session's Redis, then of its Redis Cluster: a test taking it runs
    on both."""
    name = "redis_server" if request.param == "redis" else "redis_cluster"
    url: str = request.getfixturevalue(name).url
    return url


@pytest.fixture
def redis_private(tmp_path: Path) -> Iterator[RedisServer]:
    """A redis-server of the test's own, for tests that stop or restart it."""
    srv = RedisServer(tmp_path)
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One private PostgreSQL for the session, on a free port (started on first use: a
    few seconds); tests keep their games under ids of their own."""
    srv = PostgresServer()
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()
