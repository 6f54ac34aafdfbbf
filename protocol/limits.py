"""Limits a server enforces; every one is configurable (``sympathy serve --help``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Limits:
    #: Largest inbound websocket frame, bytes (bigger: closed with 1009).
    max_frame: int = 16 * 1024
    #: Message budget per connection: a bucket of ``burst`` refilled at ``rate`` per second.
    rate: float = 20.0
    burst: int = 60
    #: Frames waiting for one slow client before it is resynced.
    out_queue: int = 256
    #: Resyncs of one client within a minute before it is dropped.
    max_resyncs: int = 5
    max_rooms: int = 10_000
    max_members: int = 1_000
    max_name: int = 32
    max_chat: int = 500
    #: Events kept per room for resume; a longer gap gets a snapshot.
    event_log: int = 256
    #: Seconds a room with nobody connected lives on.
    room_ttl: float = 3600.0
    #: Members listed by name in presence; above it, counts only for watchers.
    presence_list: int = 100
