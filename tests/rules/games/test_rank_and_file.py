"""Rank and File, or Judges (Cheney l.2323-2373, Appendix l.3316-3322)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import IllegalMove, make
from rules.cards import Card, card, cards, identity, packs
from rules.games.rank_and_file import RANK_AND_FILE_APPENDIX, RankAndFile, live, rows
from rules.patience import Patience, Table
from tests.kit.solving import assert_knowledge_wins
from tests.kit.stacking import codes, play, stack

GAME = RankAndFile()
SOME = RANK_AND_FILE_APPENDIX()
SUITED = RankAndFile({"marriage": "suit"})


EMPTY8: tuple[tuple[Card, ...], ...] = ((),) * 8


def table(cols: tuple[tuple[Card, ...], ...], fams: tuple[tuple[Card, ...], ...],
          pack: tuple[Card, ...], later_rows: int = 0, redeals: int = 0) -> Table:
    piles = {f"t{i + 1}": c for i, c in enumerate(cols)} | {f"f{j + 1}": f
                                                            for j, f in enumerate(fams)}
    st = GAME.table(piles | {"pack": pack})
    return GAME.marked(replace(st, redeals=redeals), later_rows=later_rows)


def state(columns: list[str], pack: str = "", fams: tuple[tuple[Card, ...], ...] = EMPTY8,
          redeals: int = 0) -> Table:
    cols = tuple(cards(c) for c in columns) + ((),) * (11 - len(columns))
    return table(cols, fams, tuple(reversed(cards(pack))), later_rows=4, redeals=redeals)


def columns(st: Table) -> tuple[tuple[Card, ...], ...]:
    return st.piles[8:19]


def in_family_order() -> list[Card]:
    """Each round: the next card of every ace family (first pack), then of every king
    family (second pack)."""
    return [c for r in range(13) for c in (*(card(r + 1, s, 0) for s in range(4)),
                                           *(card(13 - r, s, 1) for s in range(4)))]


def test_eleven_cards_then_spaces_filled_then_rows_with_two_end_cards_usable() -> None:
    head = "AS 5D 6D 7D 8D 9D TD JD QD 4C 3C 2H 4H 5H 6H 7H 8H 9H TH JH QH KD 2C"
    st = GAME.layout(stack(head, packs(2)), seed=0)
    assert [c[0] for c in columns(st)] == list(cards(head)[:11])
    assert codes(GAME, st) == ["t1>f1", "d", "end"]
    assert GAME.describe(st, GAME.parse_move("d")) == "lay out the next row"
    st = play(GAME, st, "t1>f1")
    assert GAME.describe(st, GAME.parse_move("d")) == \
        "fill the spaces in the first row from the pack"
    st = play(GAME, st, "d")
    assert columns(st)[0] == cards("2H") and rows(GAME, st) == 1
    st = play(GAME, st, "d")  # the second row, lapping on the first
    assert rows(GAME, st) == 2 and [len(c) for c in columns(st)] == [2] * 11
    assert columns(st)[10][-1] == cards("2C")[0]
    # of this row only the two right-hand end cards: K♦ and 2♣; 2♥ under 3♥ waits
    assert codes(GAME, st) == ["t10>f7", "d", "end"]
    assert "t1>f2" not in codes(GAME, st)


def test_of_a_row_laid_while_the_pack_lasts_only_the_two_right_hand_end_cards_are_used(
        ) -> None:
    """"When it is full, lay out the next row ... Of this row you can use only the two
    right-hand end cards. Continue laying out the cards in rows, using the two end cards
    as you have a chance, until the pack is exhausted" (l.2339-2347). The second row is
    nearly all twos that fit the aces of the first: only the two right-hand ones (2♦ and
    2♣, columns 10 and 11) go up. An end card played is not replaced: neither the card
    it uncovers (3♣ of the first row) nor its neighbour (3♦, column 9) may be used,
    though both fit now; they wait for the end of the deal."""
    first = "AS AH AD AC 9S 9H 9D 9C 9S 9H 3C"
    second = "2S 2H 2D 2C 2S 2H 8C 8S 3D 2D 2C"
    st = GAME.layout(stack(f"{first} 5S 5H 5D 5C {second}", packs(2)), seed=0)
    st = play(GAME, st, "t1>f1", "t2>f2", "t3>f3", "t4>f4", "d", "d")
    assert rows(GAME, st) == 2 and [identity(c[-1]) for c in columns(st)] == list(cards(second))
    assert codes(GAME, st) == ["t10>f3", "t11>f4", "d", "end"]
    st = play(GAME, st, "t11>f4")
    assert columns(st)[10] == cards("3C")  # fits on 2♣ now, but waits
    assert codes(GAME, st) == ["t10>f3", "d", "end"]
    st = play(GAME, st, "t10>f3")
    assert columns(st)[8][-1] == cards("3D")[0]  # fits on 2♦ now, but waits
    assert codes(GAME, st) == ["d", "end"]


def test_the_appendix_also_uses_the_left_hand_lower_card() -> None:
    head = "AS 5D 6D 7D 8D 9D TD JD QD 4C 3C 2S 4H 5H 6H 7H 8H 9H TH JH QH KD 2C"
    st = play(SOME, SOME.layout(stack(head, packs(2)), 0), "t1>f1", "d", "d")
    assert live(SOME, st) == [0, 9, 10]
    assert codes(SOME, st)[:1] == ["t10>f7"] and "t1>f1" not in codes(GAME, st)
    assert SOME.description.variant_of == "rank_and_file" and type(make("judges")) is RankAndFile


def test_a_stacked_deal_is_won_from_the_first_row() -> None:
    st = GAME.layout(tuple(in_family_order()), 0)
    while GAME.outcome(st) is None:
        moves = codes(GAME, st)
        st = play(GAME, st, next((m for m in moves if ">f" in m), "d"))
    out = GAME.outcome(st)
    assert out is not None and out.won and out.summary == "all 104 cards in the families"
    assert rows(GAME, st) == 1 and st.redeals == 0


def test_one_card_short_of_the_families_is_not_a_win() -> None:
    ups = [tuple(card(r, s) for r in range(1, 14)) for s in range(4)]
    downs = [tuple(card(r, s, 1) for r in range(13, 0, -1)) for s in range(4)]
    fams = (*ups, *downs[:3], downs[3][:-1])
    st = table(((card(1, 3, 1),),) + ((),) * 10, fams, ())
    assert GAME.outcome(st) is None and not GAME.won(st)
    assert codes(GAME, st) == ["t1>f8", "redeal", "end"]
    out = GAME.outcome(play(GAME, st, "t1>f8"))
    assert out is not None and out.won


def test_after_the_deal_free_cards_marry_up_or_down_in_any_suit() -> None:
    st = state(["KC 7S", "9D 8H", "QC 6D", "JC 9C"], redeals=2)
    moves = codes(GAME, st)
    assert {"t1>t2", "t2>t1", "t3>t1", "t4>t2"} <= set(moves)
    assert "t1>t3" in moves  # 7♠ on 6♦: upwards
    suited = codes(SUITED, st)
    assert "t1>t2" not in suited and "t2>t4" not in suited
    st = play(GAME, st, "t1>t2")
    assert "t2>t1" not in codes(GAME, st)  # not straight back


def test_a_cleared_line_takes_only_a_free_king_or_with_the_appendix_an_ace() -> None:
    st = state(["", "9D KH", "QC AD", "JC 5C", "5S 3S"], redeals=2)
    moves = codes(GAME, st)
    assert "t2>t1" in moves and "t3>t1" not in moves and "t5>t1" not in moves
    assert "t3>t1" in codes(SOME, st)
    with pytest.raises(IllegalMove):
        GAME.apply(st, "t5>t1", 0)


def test_relaying_takes_up_the_lines_from_the_left_lower_corner() -> None:
    st = state(["KC 7S 2D", "9D 8H", "QC 6C", "JC 9C", "4S", "4S", "4S", "4S", "4S", "4S",
                "4S"])
    assert codes(GAME, st)[:2] == ["redeal", "t2>t4"]  # marriages after relaying
    st = play(GAME, st, "redeal")
    first = cards("2D 7S KC 8H 9D 6C QC 9C JC 4S 4S")
    assert tuple(c[0] for c in columns(st)) == first and st.redeals == 1
    assert GAME.pile(st, "pack") == (cards("4S")[0],) * 5 and rows(GAME, st) == 1
    assert GAME.describe(st, GAME.parse_move("redeal")) == \
        "take up the cards by lines and lay them out again (relay 2 of 2)"


def test_relaying_takes_up_the_lines_only_and_the_families_keep_their_cards() -> None:
    """"you must begin at the left hand lower corner and take up the cards by lines into
    a pack ... you relay them" (l.2361-2369): the lines, not the families, which go on
    from where they were, so that all 104 cards can still reach them."""
    fams = (cards("AS 2S"), (), (), (), (), (), (), cards("KC"))
    st = state(["KC 7S 2D", "9D 8H", "QC 3S"], fams=fams)
    st = play(GAME, st, "redeal")
    assert GAME.families(st) == fams
    assert sum(len(c) for c in columns(st)) + len(GAME.pile(st, "pack")) == 7
    assert "t6>f1" in codes(GAME, st)  # the 3♠ laid again goes on the 2♠


def test_stuck_after_the_second_relay_is_lost() -> None:
    st = state(["JC", "JC", "5S", "5S", "9C", "9C"], redeals=2)
    out = GAME.outcome(st)
    assert out is not None and not out.won
    assert out.summary == "0 of 104 cards in the families; no move is left"
    st = state(["JC", "JC", "5S", "5S", "9C", "9C"], redeals=1)
    assert codes(GAME, st) == ["redeal", "end"]


def test_a_king_and_an_ace_are_no_marriage() -> None:
    st = state(["QC KS", "9D AH", "9C 2D", "3C 3C"], redeals=2)
    moves = codes(GAME, st)
    assert "t1>t2" not in moves and "t2>t1" not in moves
    assert {"t2>t3", "t3>t2"} <= set(moves)


def test_the_solver_forgets_which_move_would_only_go_back() -> None:
    """The column games keep the move that would put the last cards straight back
    (``back``) to forbid it; the solver's key leaves it out (that move only leads to the
    position before, which the search has seen), and keeps everything else."""
    st = state(["KS 5H", "6C", "QD"])
    after = play(GAME, st, "t1>t2")
    assert after.back and GAME.solver_key(after) == GAME.solver_key(replace(after, back=None))
    assert GAME.solver_key(after) != GAME.solver_key(st)


def test_the_solver_frees_what_the_families_want_relays_and_wins() -> None:
    """Rank and File's knowledge for the solver (``order_moves``: cards to the families,
    then the next row, then a marriage that frees a card the families take, then
    relaying; ``solver_key``: twins alike, a family known by its length) wins deal 2
    within 2,000 positions; the plain search, without it, does not decide it in 20,000.
    The line replays to a win."""
    assert_knowledge_wins("rank_and_file", 2, 2_000,
                          {"order_moves": None, "solver_key": Patience.solver_key}, 20_000)
