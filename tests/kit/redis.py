"""Private redis-servers for tests and benchmarks: free ports on 127.0.0.1, their own
directories, never the machine's 6379. One Redis (:class:`RedisServer`), or a Redis
Cluster of three masters (:class:`RedisClusterServer`). The append-only file is on by
default, so a restart keeps the data; benchmarks turn it off. Every redis-server started
here is also stopped by the kernel if the process that started it dies
(``PR_SET_PDEATHSIG``): a test run killed half-way leaves none behind.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path
from typing import Any

import redis

#: Hash slots of a Redis Cluster.
SLOTS = 16384


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _die_with_parent() -> None:  # pragma: no cover - runs in the child
    """In the child before exec: SIGTERM when the parent goes (Linux's prctl)."""
    name = ctypes.util.find_library("c")
    if name is not None:
        ctypes.CDLL(name).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


class RedisServer:
    def __init__(self, directory: Path, appendonly: bool = True,
                 extra: tuple[str, ...] = ()) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("redis-server is not installed: `make test` installs it")
        self.binary = binary
        self.dir = directory
        self.appendonly = appendonly
        self.extra = extra
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.dir.mkdir(parents=True, exist_ok=True)
        self.proc = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1",
             "--dir", str(self.dir),
             *(["--appendonly", "yes", "--appendfsync", "always"] if self.appendonly
               else ["--appendonly", "no"]),
             "--save", "", "--daemonize", "no", "--logfile", str(self.dir / "redis.log"),
             *self.extra],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=_die_with_parent)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as c:
                    c.sendall(b"PING\r\n")
                    if c.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"redis-server did not start on {self.port}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def kill(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None


class RedisClusterServer:
    """A Redis Cluster of ``masters`` masters, each with ``replicas`` replicas, on this
    machine: each node a redis-server in cluster mode with its own port, bus port and
    directory; the slots split evenly between the masters; ready once every node says
    ``cluster_state:ok`` and knows every other. ``node_timeout`` (ms): how long a master
    may be silent before its replica takes over."""

    def __init__(self, directory: Path, masters: int = 3, appendonly: bool = False,
                 replicas: int = 0, node_timeout: int = 5000) -> None:
        self.dir = directory
        self.nodes: list[RedisServer] = []
        self.buses: list[int] = []
        self.masters = masters
        for i in range(masters * (1 + replicas)):
            kind = "master" if i < masters else "replica"
            where = directory / f"{kind}-{i}"
            self.buses.append(free_port())
            self.nodes.append(RedisServer(where, appendonly, extra=(
                "--cluster-enabled", "yes", "--cluster-port", str(self.buses[-1]),
                "--cluster-config-file", str(where / "nodes.conf"),
                "--cluster-node-timeout", str(node_timeout),
                # a replica's first sync at once (Redis waits 5 s for more replicas)
                "--repl-diskless-sync-delay", "0")))

    @property
    def url(self) -> str:
        return "redis-cluster://" + ",".join(f"127.0.0.1:{n.port}" for n in self.nodes)

    @property
    def ports(self) -> list[int]:
        return [n.port for n in self.nodes]

    def start(self, timeout: float = 30) -> None:
        try:
            for n in self.nodes:
                n.start()
            clients: list[Any] = [redis.Redis(port=n.port, socket_timeout=5)
                                  for n in self.nodes]
            try:
                per = SLOTS // self.masters
                for i, c in enumerate(clients[:self.masters]):
                    last = SLOTS - 1 if i == self.masters - 1 else (i + 1) * per - 1
                    c.execute_command("CLUSTER", "ADDSLOTSRANGE", i * per, last)
                for n, bus in zip(self.nodes[1:], self.buses[1:], strict=True):
                    clients[0].execute_command("CLUSTER", "MEET", "127.0.0.1", n.port, bus)
                deadline = time.monotonic() + timeout
                ids = [c.execute_command("CLUSTER", "MYID") for c in clients]
                for i, c in enumerate(clients[self.masters:]):
                    master = ids[i % self.masters]
                    while True:  # a node can follow a master once it has heard of it
                        try:
                            c.execute_command("CLUSTER", "REPLICATE", master)
                            break
                        except redis.ResponseError:
                            if time.monotonic() > deadline:
                                raise
                            time.sleep(0.05)
                while not (all(_ready(c, len(self.nodes)) for c in clients)
                           and all(_following(c) for c in clients[self.masters:])):
                    if time.monotonic() > deadline:
                        raise RuntimeError("the Redis Cluster did not become ready")
                    time.sleep(0.05)
            finally:
                for c in clients:
                    c.close()
        except BaseException:
            self.stop()
            raise

    def master_of(self, key: str) -> RedisServer:
        """The node that serves ``key``'s slot now."""
        live = next(n for n in self.nodes if n.proc is not None)
        c: Any = redis.Redis(port=live.port, socket_timeout=5)
        try:
            slot = int(c.execute_command("CLUSTER", "KEYSLOT", key))
            for start, end, master, *_ in c.execute_command("CLUSTER", "SLOTS"):
                if int(start) <= slot <= int(end):
                    port = int(master[1])
                    return next(n for n in self.nodes if n.port == port)
        finally:
            c.close()
        raise LookupError(key)

    def stop(self) -> None:
        for n in self.nodes:
            n.stop()


def _following(client: Any) -> bool:
    """Whether a replica has its master's data and a live link to it (a replica that
    never synced refuses to take over: its data is too old)."""
    info = client.info("replication")
    return bool(info.get("master_link_status") == "up")


def _ready(client: Any, masters: int) -> bool:
    info = client.execute_command("CLUSTER", "INFO")
    text = info.decode() if isinstance(info, bytes) else str(info)
    fields = dict(line.split(":", 1) for line in text.split() if ":" in line)
    return fields.get("cluster_state") == "ok" and \
        fields.get("cluster_known_nodes") == str(masters)
