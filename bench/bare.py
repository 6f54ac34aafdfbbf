"""The baseline server: bare websockets, no rooms, no rules, no store.

Any client that sends ``{"type": "move", "id": n}`` gets ``{"type": "ok", "re": n,
"version": v}`` and every other connected client gets one frame of ``--size`` bytes,
``{"type": "state", "version": v, "pad": ...}``, encoded once and handed to
:func:`websockets.broadcast` (the cheapest fan-out websockets offers). Other messages
are ignored. Run as ``python -m bench.bare --size 2700``; prints ``serving on ws://...``.
"""

from __future__ import annotations

import argparse
import asyncio
import signal

import msgpack
from websockets.asyncio.server import ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed

from server.loop import runner

from .procs import raise_nofile


def state_frame(version: int, size: int) -> bytes:
    """A state-like frame of exactly ``size`` bytes (or the smallest possible)."""
    frame: bytes = msgpack.packb({"type": "state", "version": version, "pad": b""})
    pad = max(0, size - len(frame))
    for extra in (0, 1, 2, 4):  # the bin header grows with the pad's length
        frame = msgpack.packb({"type": "state", "version": version,
                               "pad": b"\0" * max(0, pad - extra)})
        if len(frame) <= size:
            break
    return frame


async def main(size: int) -> None:
    clients: set[ServerConnection] = set()
    version = 0

    async def handler(ws: ServerConnection) -> None:
        nonlocal version
        clients.add(ws)
        try:
            async for frame in ws:
                if isinstance(frame, str):
                    continue
                m = msgpack.unpackb(frame)
                if m.get("type") == "move":
                    version += 1
                    await ws.send(msgpack.packb({"type": "ok", "re": m["id"],
                                                 "version": version}))
                    broadcast([c for c in clients if c is not ws],
                              state_frame(version, size))
        except ConnectionClosed:
            pass
        finally:
            clients.discard(ws)

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    async with serve(handler, "127.0.0.1", 0, compression=None, max_queue=16) as server:
        host, port = server.sockets[0].getsockname()[:2]
        print(f"bare: serving on ws://{host}:{port}", flush=True)
        await stop.wait()


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--size", type=int, default=2700)
    p.add_argument("--loop", default="auto", help="event loop, as sympathy serve --loop")
    args = p.parse_args()
    raise_nofile()
    with runner(args.loop) as r:
        r.run(main(args.size))
