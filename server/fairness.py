"""Deal commitments: a hash published when a deal starts, opened when it ends.

``commitment = sha256("sympathy-deal:<game>:<salt>:<seed>")`` in hex. The salt keeps a
small deal number from being found by trying every number; anyone holding the revealed
seed and salt recomputes the hash and replays the record to check the deal was fair.
"""

from __future__ import annotations

import hashlib
import secrets


def new_salt() -> str:
    return secrets.token_hex(16)


def commitment(game: str, salt: str, seed: int) -> str:
    return hashlib.sha256(f"sympathy-deal:{game}:{salt}:{seed}".encode()).hexdigest()


def verify(game: str, salt: str, seed: int, published: str) -> bool:
    return secrets.compare_digest(commitment(game, salt, seed), published)
