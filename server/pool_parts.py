"""The pool's values (a reserved place, a queued request, a worker) and the plumbing of
its worker processes (their environment, their frames): :mod:`server.pool` is the
policy, this module what it moves."""

from __future__ import annotations

import asyncio
import math
import os
import pickle
from collections.abc import Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from protocol.errors import ProtocolError

from .heavy import Job
from .worker import HEADER


def cores() -> int:
    """The cores this process may run on: the pool's default size."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def busy(retry_after: float) -> ProtocolError:
    seconds = max(1, math.ceil(retry_after))
    return ProtocolError(
        "service/busy", f"The server is busy working out hints and analyses for other "
        f"tables; ask again in {seconds} second{'s' * (seconds != 1)}.",
        retry_after=float(seconds))


def stopping() -> ProtocolError:
    return ProtocolError("service/unavailable", "The server is starting or stopping; try "
                         "again shortly.")


@dataclass(eq=False)
class Ticket:
    """A place reserved for a request (:meth:`Pool.reserve`)."""

    room: str
    owner: Hashable
    #: Given to :meth:`Pool.submit` or back to :meth:`Pool.release`.
    used: bool = False


@dataclass(eq=False)
class Entry:
    job: Job
    room: str
    owner: Hashable
    queued_at: float
    done: asyncio.Future[Any]
    #: Set when a worker takes the job.
    began: asyncio.Future[None]
    started: bool = False
    #: Its room had asked more than ``GREEDY`` lately when it started.
    greedy: bool = False


@dataclass(eq=False)
class Worker:
    proc: asyncio.subprocess.Process
    entry: Entry | None = None
    dead: bool = False
    jobs: int = field(default=0)


def environment() -> dict[str, str]:
    """The server's environment, with the project on the path: a worker imports the
    same ``server`` and ``rules`` as the server, wherever the server was started."""
    env = dict(os.environ)
    root = str(Path(__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
    return env


def frame(obj: Any) -> bytes:
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    return HEADER.pack(len(data)) + data


async def read(stream: asyncio.StreamReader) -> Any:
    head = await stream.readexactly(HEADER.size)
    return pickle.loads(await stream.readexactly(HEADER.unpack(head)[0]))
