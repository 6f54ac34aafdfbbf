"""Chains (server/chain.py): append-only values that share their entries, and say what
one appended to another, which is what a store writes."""

from __future__ import annotations

from server.chain import Chain


def test_appending_leaves_the_chain_before_as_it_was() -> None:
    a = Chain([1, 2, 3])
    b = a.append(4)
    c = a.append(5)  # a is no longer the newest of its line: c copies, b is untouched
    assert (list(a), list(b), list(c)) == ([1, 2, 3], [1, 2, 3, 4], [1, 2, 3, 5])
    assert b == [1, 2, 3, 4] and b[-1] == 4 and b[1:3] == [2, 3] and len(c) == 4


def test_since_says_what_was_appended_and_only_along_one_line() -> None:
    a = Chain([1, 2, 3])
    b = a.append(4)
    c = a.append(5)
    assert b.since(a) == [4] and c.since(a) == [5]
    assert c.since(b) is None and b.since(c) is None  # neither extends the other
    assert a.since(b) is None  # entries taken back
    d = c.append(6, 7)
    assert d.since(a) == [5, 6, 7] and d.since(c) == [6, 7]
    assert Chain([1]).since(Chain([1])) is None  # unrelated chains: unknown
    assert a.since(None) is None


def test_a_cut_shares_its_first_entries_and_starts_a_line_of_its_own() -> None:
    a = Chain([1, 2, 3]).append(4)
    cut = a.cut(2)  # an undo of two moves
    assert list(cut) == [1, 2] and cut.shared(a) == 2
    assert cut.since(a) is None
    again = cut.append(9)
    assert again.shared(a) == 2 and list(again) == [1, 2, 9] and list(a) == [1, 2, 3, 4]


def test_a_bounded_chain_keeps_its_last_entries_and_counts_them_all() -> None:
    empty: Chain[int] = Chain((), 3)
    x = empty
    for i in range(500):
        x = x.append(i)
    assert list(x) == [497, 498, 499] and x.total == 500
    assert x.since(empty) == [497, 498, 499]  # what fell off is not written
    y = x.append(500)
    assert y.since(x) == [500] and list(x) == [497, 498, 499]
    assert len(x._items) < 100  # the fallen entries are let go


def test_last_is_the_chains_own_last_entries_whatever_its_line_holds() -> None:
    a = Chain([1, 2, 3])
    b = a.append(4, 5)  # a's line holds 5 entries; a reads 3
    assert a.last(2) == [2, 3] and b.last(2) == [4, 5] and a.last(10) == [1, 2, 3]
    assert a.last(0) == [] and Chain[int]().last(3) == []
    x: Chain[int] = Chain((), 4)
    for i in range(300):  # a bounded chain whose fallen entries were let go
        x = x.append(i)
        assert x.last(3) == list(x)[-3:] and x.last(9) == list(x)
    assert a.cut(2).last(5) == [1, 2]
