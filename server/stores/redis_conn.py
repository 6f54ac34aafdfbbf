"""Connecting to Redis: one server, or a Redis Cluster.

``redis://HOST:PORT/DB`` (or ``rediss://``, ``unix://``) is one Redis;
``redis-cluster://HOST:PORT[,HOST:PORT...]`` is a Redis Cluster, named by any of its
masters (the others are found from them). Every key of a room hashes to one slot and the
keys shared by all rooms are grouped in slots of their own (:mod:`server.redis_keys`), so
the same commands run on both; what differs is here: the client, and where the doorbells
of a room are heard (sharded pub/sub: on a cluster, on the master holding its slot).
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

import redis
import redis.asyncio as aioredis
from redis.asyncio.cluster import ClusterNode, RedisCluster
from redis.backoff import ExponentialBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisClusterException, RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError
from redis.retry import Retry

CLUSTER = "redis-cluster://"
#: Connections to Redis per process (per master on a cluster), and how long a call
#: waits for one (seconds).
POOL_SIZE = 100
POOL_WAIT = 5.0
#: A client: one Redis or a cluster (the commands the store uses are the same).
Client = Any


#: Where redis-py's modules are: an exception raised in one of them is the client's.
_CLIENT_DIR = os.path.dirname(redis.__file__) + os.sep


def client_failed(exc: BaseException) -> bool:
    """Whether ``exc`` is the Redis client failing (Redis away, restarting or failing
    over) rather than a bug of ours: a Redis error, a socket error, or any exception
    raised inside redis-py. During a cluster failover its client can meet a connection
    that another task is closing (``AttributeError: 'NoneType' object has no attribute
    'writelines'``); that is Redis going away too, not a reason to answer
    ``server/error``."""
    if isinstance(exc, (RedisError, OSError, asyncio.IncompleteReadError)):
        return True
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename.startswith(_CLIENT_DIR):
            return True
        tb = tb.tb_next
    return False


def is_cluster(url: str) -> bool:
    return url.startswith(CLUSTER)


def cluster_nodes(url: str) -> list[tuple[str, int]]:
    """The masters a ``redis-cluster://`` URL names."""
    out = []
    for part in url[len(CLUSTER):].split("/")[0].split(","):
        host, _, port = part.strip().rpartition(":")
        out.append((host or "127.0.0.1", int(port)))
    return out


def _retry() -> Retry:
    return Retry(ExponentialBackoff(cap=0.5, base=0.02), 2)


def connect(url: str) -> Client:
    """A client for ``url``: commands wait for a free connection rather than fail."""
    common: dict[str, Any] = {
        "socket_timeout": 2.0, "socket_connect_timeout": 2.0, "retry": _retry(),
        "retry_on_error": [RedisConnectionError, RedisTimeoutError]}
    if is_cluster(url):
        # A cluster client opens connections per master up to max_connections and
        # raises past it: the store bounds its calls in flight below that.
        return RedisCluster(startup_nodes=[ClusterNode(h, p) for h, p in cluster_nodes(url)],
                            max_connections=POOL_SIZE + 20, **common)
    # A blocking pool: past POOL_SIZE calls at once, a call waits for a connection
    # (redis-py's default pool raises "Too many connections" past 100, which the
    # bench met with a thousand rooms moving at once).
    pool = aioredis.BlockingConnectionPool.from_url(
        url, max_connections=POOL_SIZE, timeout=POOL_WAIT, health_check_interval=10,
        **common)
    return aioredis.Redis.from_pool(pool)


def shard_of(client: Client, channel: str) -> str:
    """The name of the master that holds ``channel``'s slot ("" for one Redis)."""
    if isinstance(client, RedisCluster):
        node = client.get_node_from_key(channel)
        if node is None:
            raise RedisClusterException(f"no master holds the slot of {channel}")
        return str(node.name)
    return ""


def shard_client(client: Client, name: str) -> tuple[Client, bool]:
    """A client for one master, for its pub/sub connection; and whether the caller owns
    it (closes it when done: always, so far)."""
    if isinstance(client, RedisCluster):
        host, _, port = name.rpartition(":")
        return aioredis.Redis(host=host, port=int(port), socket_connect_timeout=2.0,
                              socket_timeout=None), True
    # a connection of its own, not one of the pool's: the pool's are all for commands
    pool = client.connection_pool
    return aioredis.Redis(connection_pool=aioredis.ConnectionPool(
        connection_class=pool.connection_class, max_connections=2,
        **pool.connection_kwargs)), True
