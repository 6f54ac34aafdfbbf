"""One worker process of the pool (:mod:`server.pool`): ``python -m server.worker``.

It reads jobs (:mod:`server.heavy`) from its stdin and writes their results to its
stdout, one frame each way per job: a 4-byte big-endian length, then a pickle. A job's
frame is ``(job_id, job)``; the answer ``(job_id, True, result)`` or ``(job_id, False,
why)`` when the job raised (the why is for the server's log, never for a client). Pickle
is safe here: the only writer is the server process that started this one.

The worker dies with the server: it ends at the end of its stdin (the server closed it or
died), and on Linux the kernel kills it when its parent dies (``PR_SET_PDEATHSIG``), so a
server killed with SIGKILL mid-search leaves no orphan. It runs at a lower priority
(``nice``) than the server, so that a busy pool takes the cores' spare time, not the
event loop's.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import pickle
import signal
import struct
import sys
import time
from typing import Any, BinaryIO

HEADER = struct.Struct(">I")
#: How much lower the worker's scheduling priority is than the server's.
NICENESS = 10
_PR_SET_PDEATHSIG = 1
#: The first frame a worker writes: it has imported every game and waits for jobs.
READY = ("ready",)


def write_frame(out: BinaryIO, obj: Any) -> None:
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    out.write(HEADER.pack(len(data)) + data)
    out.flush()


def read_frame(inp: BinaryIO) -> Any | None:
    """The next frame, or ``None`` at the end of the input."""
    head = inp.read(HEADER.size)
    if len(head) < HEADER.size:
        return None
    (n,) = HEADER.unpack(head)
    data = inp.read(n)
    if len(data) < n:
        return None
    return pickle.loads(data)


def die_with_parent(parent: int) -> None:
    """Ask the kernel to kill this process when its parent dies (Linux); elsewhere the
    end of stdin ends it once the current job is done."""
    if not sys.platform.startswith("linux"):
        return
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # the parent died before the request took hold
        os._exit(0)


def serve(inp: BinaryIO, out: BinaryIO) -> None:
    """Run jobs until the input ends."""
    while True:
        frame = read_frame(inp)
        if frame is None:
            return
        job_id, job = frame
        try:
            answer = (job_id, True, job.run(time.monotonic))
        except Exception as exc:
            answer = (job_id, False, f"{type(exc).__name__}: {exc}")
        write_frame(out, answer)


def main() -> None:
    parent = int(sys.argv[1]) if len(sys.argv) > 1 else os.getppid()
    die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server's ^C stops the server
    try:
        os.nice(NICENESS)
    except OSError:
        pass
    inp, out = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing printed by a game may corrupt a frame
    from rules.registry import load_all

    load_all()  # every game imported before the first job, not during it
    write_frame(out, READY)
    serve(inp, out)


if __name__ == "__main__":
    main()
