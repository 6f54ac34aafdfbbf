"""Where the server's chance comes from: the deals nobody named, computer players' choices.

A real server draws both from :mod:`secrets` (:class:`SecretChance`, the default): a deal
the host did not name is one nobody can predict, and so is a computer player's choice.
A test gives the server a :class:`SeededChance` instead, so that every deal and every
choice follows from one seed (the test's own name) and a failure plays again the same.

Only what changes the play comes from here. Seat tokens, room ids, join codes and the
fairness salt stay secret-random on every server: they never change a card or a move.
"""

from __future__ import annotations

import hashlib
import itertools
import secrets
from typing import Protocol

__all__ = ["Chance", "SecretChance", "SeededChance"]


class Chance(Protocol):
    def deal(self) -> int:
        """A new deal number in ``[0, 2**64)``: a room created without one, the next deal
        of a room (``next_deal``)."""

    def choice(self, deal: int, version: int) -> int:
        """A random number in ``[0, 2**64)`` for a computer player's move in the room
        playing ``deal`` at ``version``."""

    def drawn(self, stream: str, n: int) -> int:
        """The ``n``-th number in ``[0, 2**64)`` of a stream of candidate deals (the
        winnable deals a server proves ahead: :mod:`server.winnable`)."""


class SecretChance:
    """Every number from :mod:`secrets`: what a real server uses."""

    def deal(self) -> int:
        return secrets.randbits(64)

    def choice(self, deal: int, version: int) -> int:
        return secrets.randbits(64)

    def drawn(self, stream: str, n: int) -> int:
        return secrets.randbits(64)


class SeededChance:
    """Every number follows from ``seed``: the n-th new deal of this server, and a
    computer player's choice from the position (the room's deal and version), so that the
    process that plays it (there may be several: server/scheduler.py) does not matter.
    For tests: whoever knows the seed knows every deal."""

    def __init__(self, seed: str) -> None:
        self.seed = seed
        self._deals = itertools.count()

    def deal(self) -> int:
        return _number(self.seed, "deal", next(self._deals))

    def choice(self, deal: int, version: int) -> int:
        return _number(self.seed, "choice", deal, version)

    def drawn(self, stream: str, n: int) -> int:
        return _number(self.seed, stream, n)


def _number(*parts: object) -> int:
    text = "\x1f".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")
