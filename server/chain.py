"""An append-only sequence as a value: a room's move log, event log and calls.

A :class:`Chain` is the first ``n`` entries of a list that only grows (the entries from
``start`` on, for a bounded one), so appending to the newest chain of a line costs one
list append, never a copy, and the chain before the append still reads as it was. A
chain that is not the newest of its line (after a commit was refused, or after an undo)
copies its entries once before it appends. :meth:`Chain.since` tells what one chain
appended to another of the same line without comparing entries: what a store writes.

Entries are never changed once appended (they are plain dicts that go to the wire as
they are; nothing writes into them).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class Chain(Sequence[T], Generic[T]):
    """Entries ``start`` to ``end`` of a line that only grows; at most ``bound`` of them
    (``0``: no bound; else the oldest fall off the front as new ones come). Positions
    count from the line's first entry ever (``total`` is how many it has had)."""

    __slots__ = ("_base", "_forks", "_items", "_line", "bound", "end", "start")

    def __init__(self, items: Iterable[T] = (), bound: int = 0) -> None:
        self._items: list[T] = list(items)
        #: The position of ``_items[0]`` in the line (entries before it were let go).
        self._base = 0
        #: Who the line is: chains grown from one another share it.
        self._line = object()
        #: The lines this one was forked from, each with how many of its first
        #: positions it shares with them (the latest fork first; a few at most).
        self._forks: tuple[tuple[object, int], ...] = ()
        self.bound = bound
        self.end = len(self._items)
        self.start = max(0, self.end - bound) if bound else 0

    def _view(self, items: list[T], base: int, start: int, end: int, line: object,
              forks: tuple[tuple[object, int], ...]) -> Chain[T]:
        c: Chain[T] = object.__new__(Chain)
        c._items, c._base, c._line, c._forks = items, base, line, forks
        c.start, c.end, c.bound = start, end, self.bound
        return c

    @property
    def total(self) -> int:
        """How many entries this line has had (those fallen off the front too)."""
        return self.end

    def __len__(self) -> int:
        return self.end - self.start

    @overload
    def __getitem__(self, i: int) -> T: ...
    @overload
    def __getitem__(self, i: slice) -> list[T]: ...

    def __getitem__(self, i: int | slice) -> T | list[T]:
        if isinstance(i, slice):
            return self._items[self.start - self._base:self.end - self._base][i]
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("chain index out of range")
        return self._items[self.start - self._base + i]

    def last(self, n: int) -> list[T]:
        """The last ``n`` entries (fewer when the chain has fewer), oldest first: one
        slice of the line (a room's state message reads its last events on every move)."""
        base = self._base
        return self._items[max(self.start, self.end - n) - base:self.end - base] if n > 0 \
            else []

    def __iter__(self) -> Iterator[T]:
        items, base = self._items, self._base
        return (items[k - base] for k in range(self.start, self.end))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Chain):
            return list(self) == list(other)
        if isinstance(other, list):
            return list(self) == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Chain({list(self)!r})"

    def append(self, *entries: T) -> Chain[T]:
        """This chain and ``entries`` after it (this chain is unchanged)."""
        items, base, line, start, end = self._items, self._base, self._line, \
            self.start, self.end
        forks = self._forks
        if len(items) + base != end:  # not the newest of its line: a line of its own
            items, base, line, forks = items[start - base:end - base], start, object(), \
                self._fork(end)
        items.extend(entries)
        end += len(entries)
        if self.bound:
            start = max(start, end - self.bound)
            if start - base > 2 * self.bound + 64:  # let the fallen entries go
                items, base = items[start - base:], start
        return self._view(items, base, start, end, line, forks)

    def _fork(self, k: int) -> tuple[tuple[object, int], ...]:
        """The forks of a line made from this chain, sharing its first ``k`` positions."""
        return ((self._line, k), *((line, min(n, k)) for line, n in self._forks[:5]))

    def cut(self, n: int) -> Chain[T]:
        """The first ``n`` entries (after an undo): a line of its own."""
        items = self[:n]
        end = self.start + len(items)
        return self._view(items, self.start, self.start, end, object(), self._fork(end))

    def shared(self, older: Chain[Any] | None) -> int:
        """How many first positions this chain and ``older`` are known to share (the
        same line, or a line this one was forked from): ``0`` when unknown."""
        if older is None:
            return 0
        if older._line is self._line:
            return min(older.end, self.end)
        for line, k in self._forks:
            if line is older._line:
                return min(older.end, k, self.end)
        return 0

    def since(self, older: Chain[Any] | None) -> list[T] | None:
        """The entries this chain appended to ``older``, when it is ``older`` grown
        (every entry of ``older`` is this chain's too); ``None`` when it is not."""
        if older is None or self.shared(older) != older.end or (
                older.end == 0 and older._line is not self._line
                and all(line is not older._line for line, _ in self._forks)):
            return None
        base = self._base
        return self._items[max(older.end, self.start) - base:self.end - base]
