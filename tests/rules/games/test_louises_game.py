"""Louise's Game (Cheney l.2767-2784): a row one to eight, a row of doubles, piles to kings."""

from __future__ import annotations

from dataclasses import replace

from rules import make
from rules.cards import RANK_NAMES, Card, cards, packs, rank_of
from rules.games.louises_game import DOUBLE, LouisesGame
from rules.patience import Table
from tests.kit.stacking import codes, play, stack

GAME = LouisesGame()



Piles = tuple[tuple[Card, ...], ...]


def position(upper: Piles, piles: Piles, pack: tuple[Card, ...], stock: tuple[Card, ...],
             redeals: int) -> Table:
    """A position: the first row's places, the piles under them, the pack (top last), the
    stock (top last) and the turns of the stock taken."""
    t = GAME.table({f"u{i + 1}": u for i, u in enumerate(upper)}
                   | {f"f{i + 1}": p for i, p in enumerate(piles)}
                   | {"pack": pack, "stock": stock})
    return replace(t, redeals=redeals)


def upper(t: Table) -> Piles:
    return t.piles[:8]


def piles(t: Table) -> Piles:
    return t.piles[8:16]


def stacked_order() -> tuple[Card, ...]:
    """One to eight, their doubles, then each pile's next card in turn."""
    pool = list(packs(2))
    ranks = [*range(1, 9), *DOUBLE]
    for k in range(3, 14):
        ranks += [(i * k - 1) % 13 + 1 for i in range(1, 9)]
    order = []
    for r in ranks:
        c = next(c for c in pool if rank_of(c) == r)
        pool.remove(c)
        order.append(c)
    return tuple(order)


def stacked_play() -> Table:
    """Deal the stacked pack, each card to the place it was stacked for."""
    st = GAME.layout(stacked_order(), seed=0)
    places = [f"u{i}" for i in range(1, 9)] + [f"l{i}" for i in range(1, 9)]
    places += [f"f{i}" for _ in range(3, 14) for i in range(1, 9)]
    for where in places:
        st = play(GAME, st, "d", where)
    return st


def test_the_second_row_doubles_the_first_counting_past_thirteen() -> None:
    # "take cards which double the number of pips in the first row" (l.2775-2777)
    assert [RANK_NAMES[r] for r in DOUBLE] == ["2", "4", "6", "8", "10", "Q", "A", "3"]


def test_a_stacked_pack_ends_every_row_in_a_king() -> None:
    st = stacked_play()
    outcome = GAME.outcome(st)
    assert outcome is not None and outcome.won and outcome.summary == "every row ends in a king"
    assert all(rank_of(p[-1]) == 13 and len(p) == 12 for p in piles(st))
    # the sheet's derived sequence under the eight: 8 | 3 J 6 A 9 4 Q 7 2 10 5 K
    assert " ".join(RANK_NAMES[rank_of(c)] for c in piles(st)[7]) == \
        "3 J 6 A 9 4 Q 7 2 10 5 K"


def test_rows_are_laid_as_the_cards_appear() -> None:
    st = GAME.layout(stack("3S 6D 3C 2H", packs(2)), seed=0)
    st = play(GAME, st, "d")
    assert codes(GAME, st) == ["u3", "d", "auto"]
    st = play(GAME, st, "u3", "d")
    assert codes(GAME, st) == ["u6", "l3", "d", "auto"]  # a six, or the three's double
    st = play(GAME, st, "l3", "d")
    assert codes(GAME, st) == ["d", "auto"]  # no place for a second three: 6 + 3 is nine
    st = play(GAME, st, "d")
    assert codes(GAME, st) == ["u2", "d", "auto"]
    strict = make("louises_game", {"order": "strict"})
    st = strict.layout(stack("3S 6D", packs(2)), seed=0)
    st = play(strict, st, "d", "u3", "d")
    assert codes(strict, st) == ["u6", "d", "auto"]  # the second row waits for the first


def near_the_end() -> Table:
    won = stacked_play()
    short = (*piles(won)[:7], piles(won)[7][:-1])
    return position(upper(won), short, (), piles(won)[7][-1:], 2)


def test_one_king_short_is_not_a_win_and_kings_end_the_piles() -> None:
    st = near_the_end()
    assert not GAME.won(st) and GAME.outcome(st) is None
    assert codes(GAME, st) == ["f8", "auto"]  # only the pile under the eight takes it
    assert GAME.won(play(GAME, st, "f8"))
    # a pile that has reached its king takes nothing more (K + 1 would be an ace)
    full = position(upper(st), piles(st), (), cards("AS"), 2)
    assert "f1" not in codes(GAME, full)


def test_the_stock_is_turned_twice_then_the_game_is_lost() -> None:
    st = position(upper(near_the_end()), piles(near_the_end()), (), cards("5S 9D"), 0)
    assert codes(GAME, st) == ["r", "auto"]
    st = play(GAME, st, "r")
    assert GAME.pile(st, "pack") == tuple(reversed(cards("5S 9D")))  # taken up as it lies
    st = play(GAME, st, "d", "d", "r", "d", "d")
    assert codes(GAME, st) == []
    outcome = GAME.outcome(st)
    assert outcome is not None and not outcome.won
    once = make("louises_game", {"turns": 1})
    st = position(upper(st), piles(st), (), cards("5S 9D"), 1)
    assert once.outcome(st) is not None
