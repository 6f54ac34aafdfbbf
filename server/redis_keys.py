"""The Redis keys of a room, the compare-and-set script, and byte helpers.

Keys of one room share the hash tag ``{room-id}``, so its compare-and-set script and its
stream live on one slot (the same code runs on Redis Cluster):

- ``sym:{R}:room``  hash: ``rev`` (every committed change adds one) and ``data`` (the
  room's record, MessagePack: see :mod:`server.room_codec`);
- ``sym:{R}:log``   stream, bounded: one entry per commit: ``rev``, ``node``, ``fx`` (the
  effects other processes perform for their sockets);
- ``sym:{R}:bell``  pub/sub channel: ``<rev>:<node>`` after each commit (the new revision
  and the process that committed it).

Global keys: ``sym:code:<CODE>`` (join code → room id), ``sym:lobby`` (sorted set of
public room ids by expiry time), ``sym:lobby:info`` (their lobby lines),
``sym:node:<NODE>`` (a server process's heartbeat), ``sym:node:<NODE>:rooms`` (the rooms
it holds sockets in), ``sym:nodes`` (the processes) and ``sym:reap:<NODE>`` (who is marking
a dead process's members away).
"""

from __future__ import annotations

from typing import Any

import msgpack

from protocol.errors import ProtocolError

#: Compare and set a room's record at a revision; in the same atomic step append the
#: change's effects to the room's stream and ring its doorbell.
#: KEYS: room, log. ARGV: rev, data, fx, node, maxlen, ttl_ms, bell channel.
CAS = """
local rev = tonumber(redis.call('HGET', KEYS[1], 'rev') or '-1')
if rev ~= tonumber(ARGV[1]) then return {0, rev} end
local new = rev + 1
redis.call('HSET', KEYS[1], 'rev', new, 'data', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[5], '*', 'rev', new, 'node', ARGV[4],
           'fx', ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[6])
redis.call('PUBLISH', ARGV[7], new .. ':' .. ARGV[4])
return {1, new}
"""

LOBBY, LOBBY_INFO = "sym:lobby", "sym:lobby:info"
#: The set of server processes that have beaten at least once.
NODES = "sym:nodes"


def room_key(room_id: str) -> str:
    return f"sym:{{{room_id}}}:room"


def log_key(room_id: str) -> str:
    return f"sym:{{{room_id}}}:log"


def bell(room_id: str) -> str:
    return f"sym:{{{room_id}}}:bell"


def room_of_bell(channel: str) -> str:
    return channel[len("sym:{"):channel.index("}")]


def parse_ring(data: bytes | str) -> tuple[int, str]:
    """A doorbell's message: (revision, node that committed it)."""
    rev, _, node = text(data).partition(":")
    return int(rev), node


def node_key(node: str) -> str:
    return f"sym:node:{node}"


def node_rooms_key(node: str) -> str:
    """The rooms a process holds sockets in (for marking its members away if it dies)."""
    return f"sym:node:{node}:rooms"


def reap_key(node: str) -> str:
    return f"sym:reap:{node}"


def code_key(code: str) -> str:
    return f"sym:code:{code}"


def text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def raw(value: bytes | str) -> bytes:
    return value if isinstance(value, bytes) else value.encode()


def pack(obj: Any) -> bytes:
    out: bytes = msgpack.packb(obj, use_bin_type=True)
    return out


class Unavailable(ProtocolError):
    def __init__(self) -> None:
        super().__init__("service/unavailable")
