"""A small seeded random stream of our own, stable across machines and releases.

Python's ``random`` may change its shuffle between versions, so a deal number would not
deal the same cards forever. This module is the only source of chance in ``rules/``:
xoshiro256** seeded through SplitMix64, both defined by exact 64-bit arithmetic, and a
Fisher-Yates shuffle that draws unbiased bounded integers by rejection. Golden tests pin
the first outputs and a shuffled pack for several seeds; a change here changes every deal
ever played and must never happen silently.

Streams are values: :meth:`Rng.next_u64` returns the number and the next stream, so a
game state can hold its stream (for re-deals that shuffle) and stay frozen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
#: Seeds (deal numbers) are integers in ``[0, 2**64)``.
MAX_SEED = MASK64


def _splitmix64(x: int) -> tuple[int, int]:
    x = (x + 0x9E3779B97F4A7C15) & MASK64
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return x, z ^ (z >> 31)


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & MASK64


@dataclass(frozen=True, slots=True)
class Rng:
    """An immutable xoshiro256** stream."""

    s: tuple[int, int, int, int]

    @classmethod
    def from_seed(cls, seed: int, stream: int = 0) -> Rng:
        """The stream for ``seed``; ``stream`` picks an independent sub-stream.

        Sub-streams let a game draw, say, its second shuffle without consuming the first:
        ``Rng.from_seed(seed, stream=2)`` for the second re-deal.
        """
        if not 0 <= seed <= MAX_SEED:
            raise ValueError(f"seed must be in [0, 2**64), not {seed}")
        if stream < 0:
            raise ValueError("stream must not be negative")
        x = seed ^ ((stream * 0xD1B54A32D192ED03) & MASK64)
        out = []
        for _ in range(4):
            x, z = _splitmix64(x)
            out.append(z)
        if not any(out):  # the all-zero state is the one fixed point of xoshiro
            out[0] = 1
        return cls((out[0], out[1], out[2], out[3]))

    def next_u64(self) -> tuple[int, Rng]:
        s0, s1, s2, s3 = self.s
        result = (_rotl((s1 * 5) & MASK64, 7) * 9) & MASK64
        t = (s1 << 17) & MASK64
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = _rotl(s3, 45)
        return result, Rng((s0, s1, s2, s3))

    def below(self, n: int) -> tuple[int, Rng]:
        """An unbiased integer in ``[0, n)`` for ``1 <= n <= 2**64``."""
        if not 1 <= n <= 1 << 64:
            raise ValueError(f"bound out of range: {n}")
        bits = (n - 1).bit_length()
        rng = self
        while True:
            x, rng = rng.next_u64()
            x >>= 64 - bits if bits else 64
            if x < n:
                return x, rng

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A Fisher-Yates shuffle of ``items`` and the stream after it."""
        out = list(items)
        rng = self
        for i in range(len(out) - 1, 0, -1):
            j, rng = rng.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), rng


def shuffle(seed: int, items: Sequence[T], stream: int = 0) -> tuple[T, ...]:
    """``items`` shuffled by the stream of ``seed``: the deal of a deal number."""
    return Rng.from_seed(seed, stream).shuffled(items)[0]
