"""The Redis keys of a room, the compare-and-set script, and byte helpers.

Keys of one room share the hash tag ``{room-id}``, so its compare-and-set script, its
stream and its doorbell live on one slot, and on a Redis Cluster on one shard:

- ``sym:{R}:room``  hash: ``rev`` (every committed change adds one), ``n`` (the commit's
  token: random, new at every commit) and the room's record as small fields
  (:mod:`server.redis_record`);
- ``sym:{R}:log``   stream, bounded: one entry per commit: ``rev``, ``node``, ``fx`` (the
  effects other processes perform for their sockets), ``ops`` (the fields it wrote),
  ``base`` and ``tok`` (the token of the commit it followed, and its own);
- ``sym:{R}:bell``  sharded pub/sub channel (``SPUBLISH``): ``<rev>:<node>:<token>``
  after each commit (the new revision, the process that committed it, its token).

A revision alone does not name a table: Redis restarted from an older file gives the
revisions it lost again, to other tables. The revision and the token together do: the
compare-and-set checks both, so a process whose copy is not the table Redis holds (even
at the same revision) cannot write over it, and learns from the refusal that it is
behind; the listener compares both too.

Keys shared by all rooms, each group in one slot of its own so that nothing needs a
cross-slot command on a cluster: ``sym:code:<CODE>`` (join code → room id; one key per
code), ``sym:{lobby}:rooms`` (sorted set of public room ids by expiry time) and
``sym:{lobby}:info`` (their lobby lines), and the server processes: ``sym:{procs}:beats``
(each process's last beat, by name: :mod:`server.redis_liveness`),
``sym:{procs}:rooms:<NODE>`` (the rooms it holds sockets in) and
``sym:{procs}:reap:<NODE>`` (who is marking a dead process's members away).
"""

from __future__ import annotations

import secrets
from typing import Any

from protocol.errors import ProtocolError
from protocol.messages import encode

#: Compare and set a room's record at a revision, writing only the fields a change
#: alters (:mod:`server.redis_record`); in the same atomic step append the change to the
#: room's stream (its effects, for other processes' sockets, and the fields it wrote, for
#: their copies of the room) and ring its doorbell (sharded pub/sub: on a cluster it
#: reaches only the shard that holds the room). The record keeps the name of its last
#: commit (``t``): a process whose connection broke after sending a commit learns from it
#: whether the commit was made.
#: KEYS: room, log. ARGV: rev, ttl_ms, node, stream length, fx, bell channel, the commit's
#: name, the fields (MessagePack: ``[[name, value, name, value, ...], [deleted, ...]]``),
#: the token of the table the change was made on ("" for none), the new commit's token.
#: Answers ``{1, new rev, new token}``, or ``{0, rev, token}`` of the table Redis holds.
#: The same commit sent again (a client resends a command whose answer its broken
#: connection lost) finds its own token, new at every commit, and is answered as made.
CAS = """
local rev = tonumber(redis.call('HGET', KEYS[1], 'rev') or '-1')
local tok = redis.call('HGET', KEYS[1], 'n') or ''
if tok == ARGV[10] then return {1, rev, tok} end
if rev ~= tonumber(ARGV[1]) or tok ~= ARGV[9] then return {0, rev, tok} end
local new = rev + 1
redis.call('HSET', KEYS[1], 'rev', new, 't', ARGV[7], 'n', ARGV[10])
local ops = cmsgpack.unpack(ARGV[8])
local sets, dels = ops[1], ops[2]
for i = 1, #sets, 200 do
  redis.call('HSET', KEYS[1], unpack(sets, i, math.min(i + 199, #sets)))
end
for i = 1, #dels, 200 do
  redis.call('HDEL', KEYS[1], unpack(dels, i, math.min(i + 199, #dels)))
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[4], '*', 'rev', new, 'node', ARGV[3],
           'fx', ARGV[5], 'ops', ARGV[8], 'base', ARGV[9], 'tok', ARGV[10])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
redis.call('SPUBLISH', ARGV[6], new .. ':' .. ARGV[3] .. ':' .. ARGV[10])
return {1, new, ARGV[10]}
"""

#: The lobby in one round trip: drop the lines whose time has passed, then the first
#: ``limit`` lines. KEYS: the lobby's sorted set and its lines. ARGV: now, limit.
LOBBY_READ = """
local stale = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, 500)
if #stale > 0 then
  redis.call('ZREM', KEYS[1], unpack(stale))
  redis.call('HDEL', KEYS[2], unpack(stale))
end
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[1], '+inf', 'LIMIT', 0, ARGV[2])
if #ids == 0 then return {} end
return redis.call('HMGET', KEYS[2], unpack(ids))
"""

LOBBY, LOBBY_INFO = "sym:{lobby}:rooms", "sym:{lobby}:info"
#: Every server process's last beat (a random token, new at each beat), by its name:
#: :mod:`server.redis_liveness`.
BEATS = "sym:{procs}:beats"


def room_key(room_id: str) -> str:
    return f"sym:{{{room_id}}}:room"


def log_key(room_id: str) -> str:
    return f"sym:{{{room_id}}}:log"


def bell(room_id: str) -> str:
    return f"sym:{{{room_id}}}:bell"


def room_of_bell(channel: str) -> str:
    return channel[len("sym:{"):channel.index("}")]


def parse_ring(data: bytes | str) -> tuple[int, str, str]:
    """A doorbell's message: (revision, node that committed it, the commit's token)."""
    rev, _, rest = text(data).partition(":")
    node, _, token = rest.partition(":")
    return int(rev), node, token


def new_token() -> str:
    """A commit's token: never given to two commits, whatever Redis forgets."""
    return secrets.token_hex(8)


def chained(entries: list[dict[bytes, bytes]], rev: int, token: str) -> bool:
    """Whether stream entries (their fields, by revision) are the commits that follow
    the table ``(rev, token)`` one by one: each the next revision, each made on the
    table the one before made (an entry of an older version, without tokens, does not
    prove it)."""
    for f in entries:
        rev += 1
        if int(f[b"rev"]) != rev or f.get(b"base") is None or \
                text(f[b"base"]) != token:
            return False
        token = text(f[b"tok"])
    return True


def node_rooms_key(node: str) -> str:
    """The rooms a process holds sockets in (for marking its members away if it dies)."""
    return f"sym:{{procs}}:rooms:{node}"


def reap_key(node: str) -> str:
    return f"sym:{{procs}}:reap:{node}"


def code_key(code: str) -> str:
    return f"sym:code:{code}"


def text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def raw(value: bytes | str) -> bytes:
    return value if isinstance(value, bytes) else value.encode()


def pack(obj: Any) -> bytes:
    """``obj`` as MessagePack (a packer made once per thread: :func:`encode`)."""
    return encode(obj)


class Unavailable(ProtocolError):
    def __init__(self) -> None:
        super().__init__("service/unavailable")
