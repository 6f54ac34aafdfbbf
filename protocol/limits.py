"""Limits a server enforces; every one is configurable (``sympathy serve --help``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


def _limit(default: Any, doc: str) -> Any:
    return field(default=default, metadata={"help": doc})


@dataclass(frozen=True, slots=True)
class Limits:
    max_frame: int = _limit(16 * 1024, "largest inbound frame in bytes; bigger closes 1009")
    rate: float = _limit(20.0, "messages per second a connection may send, on average")
    burst: int = _limit(60, "messages a connection may send at once; past the budget: 1008")
    out_queue: int = _limit(256, "frames waiting for one slow client before it is resynced")
    write_timeout: float = _limit(
        10.0, "seconds a frame may wait to be written to a client that does not read; "
        "then the connection is cut")
    keepalive: float = _limit(
        20.0, "seconds between pings to a client; one that has not answered a ping within "
        "as long is cut")
    max_resyncs: int = _limit(5, "resyncs of one client within a minute before it is dropped")
    handshake_timeout: float = _limit(
        30.0, "seconds a client has to open its websocket (TCP accepted to handshake done)")
    max_rooms: int = _limit(10_000, "rooms this process holds")
    max_members: int = _limit(1_000, "members of one room (players, advisors, watchers)")
    max_name: int = _limit(32, "characters of a name, after cleaning")
    max_chat: int = _limit(500, "characters of a chat line, after cleaning")
    event_log: int = _limit(256, "events kept per room for resume; a longer gap: snapshot")
    room_ttl: float = _limit(3600.0, "seconds a room with nobody connected lives on")
    presence_list: int = _limit(100, "members listed by name in presence (beyond: counts)")
    takeover: float = _limit(
        1.0, "seconds past its due time before a process other than the room's last "
        "committer plays a computer player's or the clock's move")
    presence_every: float = _limit(
        0.25, "seconds between two presence frames of one room, at least (changes within "
        "them go out together)")
    workers: int = _limit(0, "worker processes for hints and analyses (0: one per core)")
    work_queue: int = _limit(
        0, "hints and analyses waiting for a worker at most (0: eight per worker); past "
        "it, service/busy")
    work_wait: float = _limit(
        5.0, "seconds a hint or analysis may wait for a worker before it is answered "
        "service/busy")
