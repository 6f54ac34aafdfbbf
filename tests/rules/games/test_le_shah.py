"""Le Shah (Cadogan l.511-596): the Shah, eight aces, and a star of eight rays of three."""

from __future__ import annotations

import pytest

from rules import IllegalMove
from rules.cards import Card, card, cards, packs, rank_of
from rules.games.le_shah import LeShah
from rules.patience import Table
from tests.kit.stacking import codes, play, stack

GAME = LeShah()


def aces() -> tuple[tuple[Card, ...], ...]:
    return tuple((card(1, j % 4, j // 4),) for j in range(8))


def star(*rays: str) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """Rays as "inner middle outer" ("." empty, "7H6H" a married pile)."""
    out = []
    for r in rays:
        out.append(tuple(() if t == "." else cards(" ".join(
            t[k:k + 2] for k in range(0, len(t), 2))) for t in r.split()))
    return tuple(out + [(cards("KC"), cards("KC"), cards("KC"))] * (8 - len(out)))


Ray = tuple[tuple[Card, ...], ...]


def position(found: tuple[tuple[Card, ...], ...], rays: tuple[Ray, ...],
             pack: tuple[Card, ...] = (), talon: tuple[Card, ...] = (), circles: int = 3
             ) -> Table:
    """The foundations, the rays (inner place first), the pack (top last) and talon; the
    kings are left out."""
    piles = {f"f{j + 1}": f for j, f in enumerate(found)} | {"pack": pack, "w": talon}
    piles |= {f"r{i + 1}.{k + 1}": p for i, ray in enumerate(rays) for k, p in enumerate(ray)}
    t = GAME.table(piles)
    return GAME.marked(t, circles=circles,
                       **{f"ray{i + 1}": len(ray) for i, ray in enumerate(rays)})


def state(rays: tuple[Ray, ...], pack: str = "", talon: str = "") -> Table:
    return position(aces(), rays, tuple(reversed(cards(pack))), cards(talon))


def ray(st: Table, i: int) -> Ray:
    """Ray ``i``'s places laid (1-based), inner first."""
    return GAME.ray(st, i - 1)


def test_the_shah_the_aces_and_three_circles_dealt_one_by_one() -> None:
    st = GAME.deal(3)
    kings = GAME.pile(st, "shah") + GAME.pile(st, "aside")
    assert len(kings) == 8 and all(rank_of(f[0]) == 1 for f in GAME.families(st))
    assert len(GAME.pile(st, "pack")) == 104 - 16
    st = play(GAME, st, "d")
    assert [len(ray(st, i)) for i in range(1, 9)] == [1] * 8
    st = play(GAME, st, "d", "d")
    assert [len(ray(st, i)) for i in range(1, 9)] == [3] * 8
    assert len(GAME.pile(st, "pack")) == 88 - 24
    assert "d" not in codes(GAME, st)


def test_a_suitable_card_of_the_circle_just_dealt_is_played_and_replaced_at_once() -> None:
    st = GAME.layout(stack("2S 9D 9C 9H 8D 8C 8H 7D 5C", packs(2)), 0)
    st = play(GAME, st, "d")
    assert codes(GAME, st)[0] == "r1>f1"
    st = play(GAME, st, "r1>f1")
    assert ray(st, 1) == (cards("5C"),)


def test_only_outer_cards_marry_in_descending_line_released_inner_ones_only_play() -> None:
    st = state(star("9D 2S 8H", "9D 5C 9H", ". 7H 3S"))
    moves = codes(GAME, st)
    assert "r1>r2" in moves        # 8♥ onto 9♥, both outer
    assert "r2>r1" not in moves    # not ascending
    assert "r1>f1" not in moves    # 2♠ is blocked by 8♥
    st = play(GAME, st, "r1>r2")
    assert ray(st, 2)[2] == cards("9H 8H")
    assert "r1>f1" in codes(GAME, st)  # 2♠ released: it may be played
    # the released 7♥ of ray 3 (outer place empty) is not married onto 8♥
    st3 = state(star("9D 2S 8H", "9D 5C 9H", ". 7H ."))
    assert "r3>r1" not in codes(GAME, st3)


def test_vacancies_are_refilled_inner_first_before_the_next_card_is_turned() -> None:
    st = state(star("9D 2S 8H", "9D 5C 9H"), pack="QD JD", talon="4C")
    st = play(GAME, st, "r1>r2", "r1>f1")
    moves = codes(GAME, st)
    assert "t" not in moves and "w>v" in moves and "p>v" in moves
    st = play(GAME, st, "w>v")
    assert ray(st, 1)[1] == cards("4C")  # the middle place before the outer one
    st = play(GAME, st, "p>v")
    assert ray(st, 1)[2] == cards("QD") and "t" in codes(GAME, st)


def test_the_grace_an_outer_card_into_an_opened_ray() -> None:
    st = state(star(". . .", "9D 5C 9H"), pack="QD JD")
    assert "r2>g1" in codes(GAME, st)
    st = play(GAME, st, "r2>g1")
    assert ray(st, 1) == (cards("9H"), (), ()) and ray(st, 2)[2] == ()


def test_the_foundations_stop_at_the_queens_and_that_is_the_win() -> None:
    full = tuple(tuple(card(r, j % 4, j // 4) for r in range(1, 13)) for j in range(8))
    assert GAME.won(position(full, star()))
    short = (*full[:7], full[7][:-1])
    st = position(short, ((cards("9D"), cards("5C"), (full[7][-1],)), *star()[1:]))
    assert GAME.outcome(st) is None and "r1>f8" in codes(GAME, st)
    st = play(GAME, st, "r1>f8")
    out = GAME.outcome(st)
    assert out is not None and out.won
    # a king never goes on a queen
    assert not any(m.startswith("r") and ">f" in m
                   for m in codes(GAME, position(full, star("9D 5C KS"))))


def test_stuck_with_the_pack_out_is_lost() -> None:
    st = state(star())
    assert codes(GAME, st) == []
    out = GAME.outcome(st)
    assert out is not None and not out.won


def test_a_stacked_deal_is_won_by_playing_as_the_circles_are_dealt() -> None:
    order = " ".join(f"{r}{s}" for r in "23456789TJQ" for _ in (0, 1) for s in "SHDC")
    st = GAME.layout(stack(order, packs(2)), 0)
    for _ in range(300):
        if GAME.outcome(st) is not None:
            break
        moves = codes(GAME, st)
        st = play(GAME, st, next((m for m in moves if ">f" in m), moves[0]))
    out = GAME.outcome(st)
    assert out is not None and out.won


def test_a_marriage_may_not_go_straight_back() -> None:
    # 8♥ from ray 1's married pile onto ray 2's 9♥: putting it back on ray 1's 9♥ only
    # undoes the move
    st = state(star("9D 5C 9H8H", "9D 5C 9H"), pack="QD")
    st = play(GAME, st, "r1>r2")
    assert "r2>r1" not in codes(GAME, st)
    with pytest.raises(IllegalMove, match="just come from there"):
        GAME.apply(st, "r2>r1", 0)
