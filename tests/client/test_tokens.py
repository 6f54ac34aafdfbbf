"""The token file: one entry per person and seat, never lost to another client's write."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

from client.tokens import Seat, TokenStore


def test_a_write_waits_for_another_clients_read_modify_write(tmp_path: Path) -> None:
    """Forced interleaving: client 1 has read the file and not yet written it back when
    client 2 saves its seat. Client 2 must wait, so client 1's write cannot drop it."""
    path = tmp_path / "seats.json"
    one, two = TokenStore(path), TokenStore(path)
    one.put(Seat("ws://x", "r0", "t0", "m0", "C0", "player", 0, "Ann"))
    with one._locked():  # client 1 in the middle of put(): file read, new entry not yet
        data = one._load()
        saver = threading.Thread(target=two.put,
                                 args=(Seat("ws://x", "r2", "t2", "m2", "C2", "player", 0,
                                            "Bea"),))
        saver.start()
        time.sleep(0.3)  # without the lock client 2 writes now, and is overwritten below
        data["ws://x r1 m1"] = {"url": "ws://x", "room": "r1", "token": "t1",
                                "member": "m1", "name": "Cy"}
        one._write(data)
    saver.join(5)
    assert {s.token for s in TokenStore(path).seats()} == {"t0", "t1", "t2"}
    assert oct(os.stat(path).st_mode & 0o777) == "0o600"


def test_entries_are_per_person_and_forget_only_drops_ones_own(tmp_path: Path) -> None:
    store = TokenStore(tmp_path / "seats.json")
    ann = Seat("ws://x", "r1", "ta", "m1", "K3MX9Q", "player", 3, "Ann")
    bea = Seat("ws://x", "r1", "tb", "m2", "K3MX9Q", "player", 3, "Bea")
    store.put(ann)
    store.put(bea)
    assert store.by_code("ws://x", "k3mx9q", "Ann") == ann
    assert store.by_code("ws://x", "K3MX9Q", "Bea") == bea
    assert store.by_code("ws://x", "K3MX9Q", "Cy") is None
    store.forget("ws://x", "r1", "m2")
    assert store.seats() == [ann]


def test_the_player_key_is_made_once_and_kept_private(tmp_path: Path) -> None:
    key = TokenStore(tmp_path / "seats.json").player_key()
    assert len(key) >= 16
    assert TokenStore(tmp_path / "seats.json").player_key() == key
    assert (tmp_path / "player-key").stat().st_mode & 0o777 == 0o600
    assert TokenStore(tmp_path / "other" / "seats.json").player_key() != key
