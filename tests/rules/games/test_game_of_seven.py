"""Game of Seven (Cheney l.2630-2662): stacked deals and hand-made positions."""

from __future__ import annotations

import pytest

from rules import IllegalMove, make
from rules.cards import cards, packs
from rules.games.game_of_seven import GameOfSeven
from rules.patience import Table
from tests.kit.stacking import codes, play, stack

GAME = GameOfSeven()
FROM_PACK = GameOfSeven({"space_from_pack": True})
# aces and deuces in the row, then the pack in family order
IN_ORDER = "AS AH AD AC 2S 2H 2D 2C " + " ".join(
    f"{r}{s}" for r in "3456789TJQK" for s in "SHDC")


def state(row: list[str], pack: str = "", stock: str = "",
          fams: tuple[str, str, str, str] = ("", "", "", "")) -> Table:
    """Row piles bottom to top, the pack first card first, the stock bottom to top."""
    piles = {f"r{i + 1}": cards(p) for i, p in enumerate(row)}
    piles |= {f"f{i + 1}": cards(f) for i, f in enumerate(fams)}
    return GAME.table(piles | {"pack": tuple(reversed(cards(pack))), "stock": cards(stock)})


def row(st: Table) -> tuple[tuple[int, ...], ...]:
    return st.piles[4:11]


def greedy(st: Table) -> Table:
    """Play to a family whenever possible, else deal."""
    while GAME.outcome(st) is None:
        moves = codes(GAME, st)
        st = play(GAME, st, next((m for m in moves if m.endswith(">f")), "d"))
    return st


def test_seven_cards_face_up_and_the_aces_start_the_families() -> None:
    st = GAME.layout(stack("QH 6S 2S 8H AC 3S AD", packs(1)), 0)
    assert [len(p) for p in row(st)] == [1] * 7 and len(GAME.pile(st, "pack")) == 45
    assert codes(GAME, st) == ["r5>f", "r7>f", "r7>r3", "d", "end"]
    assert GAME.describe(st, GAME.parse_move("r7>r3")) == \
        "put A♦ from row place 7 onto 2♠ on row place 3"
    st = play(GAME, st, "r5>f", "d")
    assert len(GAME.pile(st, "stock")) == 1 and len(GAME.pile(st, "pack")) == 44
    assert GAME.families(st)[3] == cards("AC")


def test_a_winning_deal_and_one_card_short_of_it() -> None:
    st = GAME.layout(stack(IN_ORDER, packs(1)), 0)
    st = greedy(play(GAME, st, "r1>f", "r2>f", "r3>f", "r4>f", "r5>f", "r6>f", "r7>f"))
    out = GAME.outcome(st)
    assert out is not None and out.won and out.summary == "all 52 cards in the families"
    suit = [" ".join(f"{r}{s}" for r in "A23456789TJQK") for s in "SHDC"]
    short = state([""] * 7, stock="KC", fams=(suit[0], suit[1], suit[2], suit[3][:-3]))
    assert GAME.outcome(short) is None and not GAME.won(short)
    assert codes(GAME, short) == ["w>f", "w>r1", "f1>r1", "f2>r1", "f3>r1", "f4>r1", "end"]
    done = play(GAME, short, "w>f")
    assert GAME.outcome(done) is not None and GAME.won(done)


def test_families_follow_suit_and_marriages_alternate_colour_without_wrap() -> None:
    st = state(["2H", "KS", "AH", "3C", "QD", "KH", "AS"], fams=("", "", "", ""))
    moves = codes(GAME, st)
    assert "r3>f" in moves and "r7>f" in moves
    assert "r1>r4" in moves  # red 2 on black 3
    assert "r5>r2" in moves and "r5>r6" not in moves  # red queen on a black king only
    # no card goes on an ace: the king does not go round the corner in the row
    assert not any(m.endswith(">r3") or m.endswith(">r7") for m in moves)
    st = play(GAME, st, "r7>f")
    assert "r1>f" not in codes(GAME, st)  # 2♥ does not go on the ace of spades


def test_a_space_is_filled_from_the_stock_a_married_card_or_a_family() -> None:
    st = state(["", "9S 8H", "7C", "KD", "5H", "4S", "JC"], pack="2D", stock="QS",
               fams=("AS 2S 3S", "", "", ""))
    moves = codes(GAME, st)
    # shifts (a married card moved on, a family card taken back) come after dealing
    assert moves == ["r6>f", "w>r4", "r3>r2", "r6>r5", "w>r1", "d", "r2>r1", "f1>r1", "end"]
    assert "r3>r1" not in moves  # a lone card moved to a space changes nothing
    assert "d>r1" not in moves and "d>r1" in codes(FROM_PACK, st)
    st = play(GAME, st, "f1>r1")
    assert row(st)[0] == cards("3S") and GAME.families(st)[0] == cards("AS 2S")
    # the card taken back may not go straight home again
    assert "r1>f" not in codes(GAME, st)
    with pytest.raises(IllegalMove):
        GAME.apply(st, "r1>f", 0)


def test_no_card_goes_straight_back_where_it_came_from() -> None:
    st = state(["8S", "9H", "9D", "KC", "KC", "KC", "KC"], pack="2C")
    st = play(GAME, st, "r1>r2")
    assert "r2>r3" in codes(GAME, st) and "r2>r1" not in codes(GAME, st)


def test_the_game_is_lost_when_the_pack_is_out_and_no_move_is_left() -> None:
    st = state(["KS", "KC", "QS", "QC", "JS", "JC", "5C"], stock="2D 3D")
    out = GAME.outcome(st)
    assert out is not None and not out.won
    assert out.summary == "0 of 52 cards in the families; no move is left"
    assert codes(GAME, st) == []


def test_giving_up_ends_the_game_lost() -> None:
    st = GAME.deal(4)
    st = play(GAME, st, "end")
    out = GAME.outcome(st)
    assert out is not None and not out.won and out.summary.endswith("given up")
    assert make("game_of_seven").option("space_from_pack") is False


def test_cards_go_to_the_families_before_anything_is_dealt_or_shifted() -> None:
    st = state(["9S 8H", "AS", "9C", "KD", "KD", "KD", "KD"], pack="2C",
               fams=("", "AH 2H 3H 4H 5H 6H 7H", "", ""))
    assert codes(GAME, st) == ["r1>f", "r2>f", "d", "r1>r3", "end"]
