"""Le Blocus (Cadogan l.597-646; 002: The Blockade): rows of twelve blocking each other."""

from __future__ import annotations

from rules import make
from rules.cards import Card, card, cards, packs, rank_of
from rules.games.le_blocus import LeBlocus
from rules.patience import Table
from tests.kit.stacking import codes, play, stack

GAME = LeBlocus()
COLUMN = LeBlocus({"vacancy": "column"})
NO_FOUND: tuple[tuple[Card, ...], ...] = ((),) * 8
Column = tuple[tuple[Card, ...], ...]
Columns = tuple[Column, ...]


def position(found: tuple[tuple[Card, ...], ...], columns: Columns, pack: tuple[Card, ...],
             game: LeBlocus = GAME) -> Table:
    """The foundations, twelve columns of places (first row first) and the pack (top
    last)."""
    piles = {f"f{j + 1}": f for j, f in enumerate(found)} | {"pack": pack}
    piles |= {f"c{i + 1}.{r + 1}": p for i, col in enumerate(columns) for r, p in enumerate(col)}
    t = game.table(piles)
    return game.marked(t, **{f"rows{i + 1}": len(col) for i, col in enumerate(columns)})


def column(st: Table, i: int, game: LeBlocus = GAME) -> Column:
    """Column ``i``'s places laid (1-based), first row first."""
    return game.column(st, i - 1)


def rows(*texts: str) -> Columns:
    """Rows of twelve single cards ("." an empty place), first row first."""
    grid = [[(() if t == "." else cards(t)) for t in r.split()] for r in texts]
    return tuple(tuple(grid[r][i] for r in range(len(grid))) for i in range(12))


def test_the_alias_and_aces_played_as_they_appear_in_the_row() -> None:
    assert make("the_blockade").id == "le_blocus"
    st = GAME.layout(stack("AS 5D AH 7C", packs(2)), 0)
    assert GAME.pile(st, "f1") == cards("AS") and GAME.pile(st, "f2") == cards("AH")
    assert column(st, 1) == (cards("5D"),) and column(st, 2) == (cards("7C"),)
    assert len(GAME.pile(st, "pack")) == 104 - 14


def test_only_the_lowest_card_of_a_column_is_available_and_marries_down_in_suit() -> None:
    st = position(NO_FOUND, rows("8H 5C 2S 2S 2S 2S 2S 2S 2S 2S 2S 2S",
                                    "7H 9H 6C 3D 3D 3D 3D 3D 3D 3D 3D 3D"), ())
    moves = codes(GAME, st)
    assert "c1>c2" not in moves  # 7♥ onto 8♥? 8♥ is blocked by 7♥ itself above; no
    assert "c2>c1" not in moves  # 9♥ onto 7♥: not one higher
    st = position(NO_FOUND, rows("8H 5C 2S 2S 2S 2S 2S 2S 2S 2S 2S 2S",
                                    "7H 8H 6C 3D 3D 3D 3D 3D 3D 3D 3D 3D"), ())
    assert "c1>c2" in codes(GAME, st)
    st = play(GAME, st, "c1>c2")
    assert column(st, 2)[1] == cards("8H 7H")  # squared over the 8♥
    assert column(st, 1) == (cards("8H"), ())  # 8♥ above is released


def test_vacancies_are_refilled_from_the_pack_higher_rows_first_before_a_new_row() -> None:
    st = position(NO_FOUND, rows("9C 5C 2S 2S 2S 2S 2S 2S 2S 2S 2S 2S",
                                    "7H 8H 6C 3D 3D 3D 3D 3D 3D 3D 3D 3D"),
                     tuple(reversed(cards("4D 5D 6D"))))
    st = play(GAME, st, "c1>c2")
    moves = codes(GAME, st)
    assert "r" in moves and "d" not in moves
    st = play(GAME, st, "r")
    assert column(st, 1) == (cards("9C"), cards("4D"))
    assert GAME.pile(st, "pack") == cards("6D 5D")
    assert "d" in codes(GAME, st)
    st = play(GAME, st, "d")  # 5♦ 6♦ and then the pack is out
    assert column(st, 1)[2] == cards("5D") and column(st, 3)[2] == ()


def test_the_column_reading_refills_only_an_empty_column() -> None:
    st = position(((card(1, 3), card(2, 3)), *NO_FOUND[1:]),
                     rows("3C 5C 2S 2S 2S 2S 2S 2S 2S 2S 2S 2S",
                          "7H 8H 6C 3D 3D 3D 3D 3D 3D 3D 3D 3D"),
                     tuple(reversed(cards("4D 5D"))))
    for game in (GAME, COLUMN):
        after = play(game, st, "c1>c2")
        assert ("r" in codes(game, after)) is (game is GAME)
    after = play(COLUMN, st, "c1>c2", "c1>f1")  # the 3♣: column 1 is empty
    assert "r" in codes(COLUMN, after)
    after = play(COLUMN, after, "r")
    assert column(after, 1, COLUMN) == (cards("4D"),)


def test_a_stacked_deal_is_won_one_card_short_is_not() -> None:
    order = " ".join(f"{r}{s}" for r in "A23456789TJQK" for s in "SHDC" for _ in (0, 1))
    st = GAME.layout(stack(order, packs(2)), 0)
    for _ in range(2000):
        if sum(len(f) for f in GAME.families(st)) == 103:
            assert GAME.outcome(st) is None
        if GAME.outcome(st) is not None:
            break
        m = codes(GAME, st)
        st = play(GAME, st, next((c for c in m if ">f" in c), next(
            (c for c in m if c in ("r", "d")), m[0])))
    out = GAME.outcome(st)
    assert out is not None and out.won


def test_stuck_with_the_pack_out_is_lost() -> None:
    st = position(NO_FOUND, rows("KH KH KD KD KS KS KC KC JH JH JD JD"), ())
    assert codes(GAME, st) == []
    out = GAME.outcome(st)
    assert out is not None and not out.won


def test_the_ninth_row_is_the_last_the_pack_allows() -> None:
    # the eight aces at the bottom of the pack: eight rows take the 96 other cards, and a
    # ninth is dealt while the aces are left (they go up; its places stay empty)
    order = sorted(packs(2), key=lambda c: rank_of(c) == 1)
    st = GAME.layout(tuple(order), 0)
    dealt = 1
    while "d" in codes(GAME, st):
        st = play(GAME, st, "d")
        dealt += 1
    assert dealt == 9 and not GAME.pile(st, "pack")
    assert sum(len(f) for f in GAME.families(st)) == 8
    zones = {z.id: z for z in GAME.zones(st)}
    assert "c12.9" in zones and zones["c12.9"].cards == () and "c1.10" not in zones
    assert GAME.public(st)["rows"] == 9
