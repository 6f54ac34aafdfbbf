"""A private PostgreSQL for tests and benchmarks: a fresh cluster (``initdb``) in a
directory of its own, listening on a free port of 127.0.0.1 only (no Unix socket in a
shared place), never the machine's 5432. ``initdb`` refuses to run as root: as root the
cluster belongs to the ``postgres`` user and its programs run as that user. Like the test
Redis (tests/kit/redis.py), the server is stopped by the kernel if the process that
started it dies.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from tests.kit.redis import _die_with_parent, free_port


def binary(name: str) -> str:
    """The newest installed PostgreSQL's ``name`` (Debian keeps them off PATH)."""
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
                   key=lambda p: int(p.split("/")[3]) if p.split("/")[3].isdigit() else 0)
    if found:
        return found[-1]
    on_path = shutil.which(name)
    if on_path is None:
        raise RuntimeError(f"PostgreSQL's {name} is not installed: `make test` installs it "
                           "(scripts/ensure-postgres)")
    return on_path


class PostgresServer:
    def __init__(self) -> None:
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.root = os.geteuid() == 0
        # not under pytest's tmp_path: its folders are the root user's alone
        self.dir = Path(tempfile.mkdtemp(prefix="sympathy-pg-"))
        self.data = self.dir / "data"

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _as_owner(self) -> dict[str, Any]:
        if not self.root:
            return {}
        return {"user": "postgres", "group": pwd.getpwnam("postgres").pw_gid,
                "extra_groups": []}

    def start(self) -> None:
        if self.root:
            pw = pwd.getpwnam("postgres")
            os.chown(self.dir, pw.pw_uid, pw.pw_gid)
        env = {**os.environ, "LC_ALL": "C"}
        subprocess.run([binary("initdb"), "-D", str(self.data), "-U", "postgres",
                        "--auth=trust", "--encoding=UTF8", "--no-instructions", "--no-sync"],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       env=env, cwd=self.dir, **self._as_owner())
        with open(self.dir / "postgres.log", "wb") as logfile:
            self.proc = subprocess.Popen(
                [binary("postgres"), "-D", str(self.data), "-p", str(self.port),
                 "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=",
                 "-c", "max_connections=50", "-c", "shared_buffers=16MB"],
                stdout=subprocess.DEVNULL, stderr=logfile, env=env, cwd=self.dir,
                preexec_fn=_die_with_parent, **self._as_owner())
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("postgres stopped: "
                                   + (self.dir / "postgres.log").read_text()[-2000:])
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    pass
                import psycopg

                with psycopg.connect(self.url, connect_timeout=2):
                    return
            except Exception:
                time.sleep(0.1)
        raise RuntimeError(f"postgres did not start on {self.port}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)  # a "fast" shutdown
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> PostgresServer:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
