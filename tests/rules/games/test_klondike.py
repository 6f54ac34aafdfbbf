"""Klondike (Hoyle 003 l.23-33): the deal, whole groups, kings into spaces, the stock
three at a time and run through again while cards are used; the once-through variant."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules import IllegalMove, make, render
from rules.building import triangle
from rules.cards import cards, rank_of, suit_of
from rules.games.klondike import Klondike, T, W
from rules.patience import Patience, Table
from rules.solo import pack_of
from rules.solver import Budget, solve
from tests.kit.stacking import codes, play, stack

GAME = Klondike()
SUITS = "SHDC"


def state(columns: list[str], down: tuple[int, ...] = (0,) * 7, stock: str = "",
          waste: str = "", fams: tuple[str, ...] = ("",) * 4,
          played: bool = False) -> Table:
    piles = {f"t{i + 1}": cards(c) for i, c in enumerate(columns)}
    piles |= {f"f{i + 1}": cards(f) for i, f in enumerate(fams)}
    st = GAME.table(piles | {"stock": pack_of(cards(stock)), "waste": cards(waste)},
                    {f"t{i + 1}": d for i, d in enumerate(down)})
    return replace(st, played=played)


def columns(st: Table) -> tuple[tuple[int, ...], ...]:
    return tuple(GAME.pile(st, f"t{i + 1}") for i in range(7))


def test_seven_columns_each_with_its_top_card_face_up() -> None:
    pack = cards(" ".join(f"{r}{s}" for s in SUITS for r in "A23456789TJQK"))
    st = GAME.layout(pack, seed=0)
    assert [len(c) for c in columns(st)] == list(range(1, 8))
    assert st.down[4:11] == tuple(range(7))
    # the first card turned up; six more to its right; the second row begins on pile 2
    assert columns(st)[0] == pack[:1] and columns(st)[1] == (pack[1], pack[7])
    assert len(GAME.pile(st, "stock")) == 24 and GAME.pile(st, "stock")[-1] == pack[28]
    view = render(GAME, st, None)
    assert sum(z["down"] for z in view["zones"]) == 21 + 24
    assert codes(GAME, st)[-2:] == ["d", "end"]


def test_the_stock_is_run_off_three_at_a_time_and_the_top_one_is_used() -> None:
    st = state(["KS", "KH", "KD", "KC", "QC", "QD", "QS"], stock="2C 8H 9D 4S 5S")
    st = play(GAME, st, "d")
    assert GAME.pile(st, "waste") == cards("2C 8H 9D")
    assert GAME.pile(st, "stock") == pack_of(cards("4S 5S"))
    # only 9♦ shows: red on black, it may not go on the red ten nor is 8♥ usable
    assert "w>f" not in codes(GAME, st)
    st = play(GAME, st, "d")  # two cards left: both turned
    assert GAME.pile(st, "waste")[-1] == cards("5S")[0] and not GAME.pile(st, "stock")


def test_red_on_black_and_the_face_up_cards_move_together() -> None:
    st = state(["TD 9S 8H", "TC", "9H", "AH"], down=(1, 0, 0, 0),
               stock="KS", fams=("", "", "", ""))
    moves = codes(GAME, st)
    assert "t3>t2" in moves  # 9♥ on 10♣
    assert "t1>t2" not in moves  # 9♠ 8♥ go together or not at all, and 9♠ is black
    assert "t4>f" in moves
    st = state(["JD TS 9H", "JH", "TC"], down=(1, 0, 0))
    moves = codes(GAME, st)
    assert "t1>t2" in moves  # 10♠ with 9♥ on it onto J♥
    assert "t1>t3" not in moves  # 9♥ alone may not leave 10♠ behind to go on 10♣
    st = state(["QC JH TS 9H", "QD", "8S"], down=(1, 0, 0))
    st = play(GAME, st, "t3>t1")
    assert columns(st)[0][-1] == cards("8S")[0]
    st = state(["QC JH TS", "QS"], down=(1, 0))
    st = play(GAME, st, "t1>t2")
    assert columns(st)[1] == cards("QS JH TS") and columns(st)[0] == cards("QC")
    assert st.down[4] == 0  # the card left is turned up


def test_a_waste_card_goes_on_a_column_one_lower_and_of_the_other_colour() -> None:
    """"build in descending sequence, red on black, black on red" (l.29), the waste's
    card too: 9♦ goes on either black ten, not on a red ten, nor on a black eight or
    knave; 9♠ the other way round."""
    cols = ["TC", "TD", "TH", "TS", "8C", "JC"]
    on = [m for m in codes(GAME, state(cols, stock="2C", waste="9D")) if m.startswith("w>")]
    assert on == ["w>t1", "w>t4"]
    on = [m for m in codes(GAME, state(cols, stock="2C", waste="9S")) if m.startswith("w>")]
    assert on == ["w>t2", "w>t3"]
    st = play(GAME, state(cols, stock="2C", waste="5H 9D"), "w>t4")
    assert columns(st)[3] == cards("TS 9D") and GAME.pile(st, "waste") == cards("5H")


def test_spaces_take_only_kings() -> None:
    st = state(["", "3C KH QS", "QH", "5D"], down=(0, 1, 0, 0), waste="KD")
    moves = codes(GAME, st)
    assert "t2>t1" in moves and "w>t1" in moves
    assert "t3>t1" not in moves and "t4>t1" not in moves
    st = state(["", "KH QS", "5D"], waste="6C")
    assert "t2>t1" not in codes(GAME, st)  # a king already on the bare table stays


def test_the_top_card_of_a_group_may_go_home_unless_the_strict_reading() -> None:
    st = state(["5D 4S 3H", "KS"], fams=("AS 2S 3S", "AH 2H", "", ""), stock="9C")
    assert "t1>f" in codes(GAME, st)
    strict = make("klondike", {"top_to_foundation": False})
    assert "t1>f" not in codes(strict, st)
    st2 = state(["5D 3H", "KS"], down=(1, 0), fams=("", "AH 2H", "", ""), stock="9C")
    assert "t1>f" in codes(strict, st2)


def test_the_stock_runs_through_again_only_after_a_card_was_used() -> None:
    st = state(["KS"], waste="5C 6C 7C")
    assert "d" not in codes(GAME, st)  # no card used in the pass: the game is over
    out = GAME.outcome(state(["KS"], waste="5C 6C 7C"))
    assert out is not None and not out.won
    assert out.summary == "0 of 52 cards built on the ace row; no card showing can be used"
    st = state(["KS"], waste="5C 6C 7C", played=True)
    assert GAME.describe(st, GAME.parse_move("d")) == \
        "turn the waste over and run through the stock again (pass 2)"
    st = play(GAME, st, "d")
    assert GAME.pile(st, "stock")[-1] == cards("5C")[0] and not GAME.pile(st, "waste")
    assert not st.played
    assert st.turns == 1


def test_once_through_one_at_a_time() -> None:
    g = make("klondike_one_pass")
    st = state(["KS"], stock="5C 6C", played=True)
    st = play(g, st, "d")
    assert GAME.pile(st, "waste") == cards("5C")
    st = play(g, st, "d")
    assert "d" not in codes(g, st)
    with pytest.raises(IllegalMove):
        g.apply(st, "d", 0)


def test_all_on_the_ace_row_wins_and_one_short_does_not() -> None:
    full = [" ".join(f"{r}{s}" for r in "A23456789TJQK") for s in SUITS]
    st = state(["KC"], fams=(*full[:3], full[3][:-3]))
    assert GAME.outcome(st) is None and not GAME.won(st)
    st = play(GAME, st, "t1>f")
    out = GAME.outcome(st)
    assert out is not None and out.won and out.summary == "all 52 cards built on the ace row"


def test_giving_up_is_lost() -> None:
    st = play(GAME, GAME.deal(1), "end")
    out = GAME.outcome(st)
    assert out is not None and not out.won and out.summary.endswith("given up")


def test_a_stacked_deal_is_won() -> None:
    # the layout holds the sevens to kings, dealt highest first, so that each row lies
    # above a row of higher cards and the lowest cards are always on top; the stock the
    # aces to sixes in threes, each three dealt so that the one to play first shows
    high = sorted(cards(" ".join(f"{r}{s}" for s in SUITS for r in "789TJQK")),
                  key=lambda c: (-rank_of(c), suit_of(c)))
    low = cards(" ".join(f"{r}{s}" for r in "A23456" for s in SUITS))
    stock = [c for k in range(0, 24, 3) for c in reversed(low[k:k + 3])]
    st = GAME.layout((*high, *stock), 0)
    for _ in range(200):
        if GAME.outcome(st) is not None:
            break
        moves = codes(GAME, st)
        st = play(GAME, st, next((m for m in moves if m.endswith(">f")), "d"))
    out = GAME.outcome(st)
    assert out is not None and out.won and st.turns == 0


def test_a_card_goes_up_safely_when_no_card_could_want_to_lie_on_it() -> None:
    """Safe moves (for the solver and the table's autodrop): an ace or a two, or a card
    whose two lower cards of the other colour are built; a three of spades is not safe
    while a red two could still want it."""
    st = state(["KH 3S", "2H", "QC"], down=(1, 0, 0), waste="AD",
               fams=("AS 2S", "AH", "", ""))
    assert [m.code for m in make("klondike", {"draw": 1}).safe_moves(st)] == ["t2>f", "w>f"]
    # turned in threes, a card taken from the waste changes what every later pass shows
    # (a player may keep one there for that): the waste is left to the player
    assert [m.code for m in GAME.safe_moves(st)] == ["t2>f"]
    st = state(["KH 3S", "QC"], down=(1, 0), fams=("AS 2S", "AH 2H", "AD 2D", ""))
    assert [m.code for m in GAME.safe_moves(st)] == ["t1>f"]
    st = state(["KH 3S", "QC"], down=(1, 0), stock="4C", fams=("AS 2S", "AH 2H", "AD", ""))
    assert GAME.safe_moves(st) == ()  # the two of diamonds might want the three
    # (with no card to turn, playing the three would be the only move, and so safe)


def test_the_number_of_passes_is_no_part_of_the_solvers_position() -> None:
    st = state(["KH 3S"], down=(1,), stock="4C", played=True)
    assert GAME.solver_key(st) == GAME.solver_key(replace(st, turns=2))
    assert GAME.solver_key(st) != GAME.solver_key(replace(st, played=False))


def test_the_solver_wins_a_deal_with_this_knowledge() -> None:
    from rules.solver import Budget, replay_line, solve
    found = solve(GAME, GAME.deal(17), Budget(2_000))
    assert found.won
    done = GAME.outcome(replay_line(GAME, GAME.deal(17), found.line))
    assert done is not None and done.won


#: Today's rules as options (issue 24): unlimited passes and part of a pile moved.
MODERN = Klondike({"passes": "unlimited", "part_moves": True})
#: The face-up cards of "the stacked modern deal": 9♥, 10♠, 10♣, 8♣, K♦, Q♠, 2♦ on the
#: seven columns, low cards face down under them, the stock the rest in pack order.
MODERN_DEAL = ("9H 3C 4C 5C 6C 7C 3D TS 4D 5D 6D 7D 3H TC 4H 5H 6H 7H 8C 3S 4S 5S KD "
               "6S 7S QS 2C 2D")


def modern_deal() -> Table:
    return MODERN.layout(stack(MODERN_DEAL, MODERN.pack()), seed=0)


def test_the_stacked_modern_deal_turns_three_and_runs_through_without_end() -> None:
    """Three cards turned (the book's and today's), and the stock run through again and
    again though no card was used (today's unlimited passes; the book's game ends)."""
    st = modern_deal()
    assert [len(c) for c in columns(st)] == list(range(1, 8))
    assert [MODERN.pile(st, f"t{i + 1}")[-1] for i in range(7)] == \
        list(cards("9H TS TC 8C KD QS 2D"))
    stock = MODERN.pile(st, "stock")
    st = play(MODERN, st, "d")
    assert MODERN.pile(st, "waste") == stock[::-1][:3]  # three turned, the third shows
    assert len(play(make("klondike", {"draw": 1}), modern_deal(), "d").piles[W]) == 1
    st = play(MODERN, st, *["d"] * 7)
    assert not MODERN.pile(st, "stock") and not st.played
    assert "d" not in codes(GAME, st)  # the book's game: no card used, no second pass
    st = play(MODERN, st, "d", *["d"] * 8, "d")  # today's: over and over
    assert st.turns == 2 and MODERN.pile(st, "stock") == stock


def test_the_stacked_modern_deal_moves_part_of_a_pile_and_a_king_to_a_space() -> None:
    """Part of a column's face-up cards moves onto another column, leaving the ones
    below (today's rule; the book's cards move all together or not at all); a king
    with the cards on it goes into a space (the book's rule and today's)."""
    st = play(MODERN, modern_deal(), "t1>t2", "t4>t2")  # 9♥ on 10♠, then 8♣ on 9♥
    assert columns(st)[1][-3:] == cards("TS 9H 8C") and not columns(st)[0]
    assert "t2>t3" not in codes(GAME, st)  # the book: 10♠ 9♥ 8♣ whole or not at all
    assert MODERN.describe(st, MODERN.parse_move("t2>t3")).startswith("put 9♥ and the 1 ")
    st = play(MODERN, st, "t2>t3")  # 9♥ 8♣ onto 10♣, 10♠ stays
    assert columns(st)[2][-3:] == cards("TC 9H 8C") and columns(st)[1][-1] == cards("TS")[0]
    st = play(MODERN, st, "t6>t5", "t5>t1")  # Q♠ on K♦, then both into the space
    assert columns(st)[0] == cards("KD QS")
    assert st.down[T + 4] == 3  # the card under the king turned up


def endgame(seed: int) -> Table:
    """Endgame ``seed``: aces to sixes built, the sevens to kings shuffled by
    ``random.Random(seed)`` and dealt as the layout, the last four of them the stock."""
    high = list(cards(" ".join(f"{r}{s}" for s in SUITS for r in "6789TJQK")))
    random.Random(seed).shuffle(high)
    cols, down, n = triangle(tuple(high), 7)
    piles = {f"t{i + 1}": c for i, c in enumerate(cols)}
    piles |= {f"f{i + 1}": cards(" ".join(f"{r}{s}" for r in "A2345")) for i, s in
              enumerate(SUITS)}
    return MODERN.table(piles | {"stock": tuple(high[n:])},
                        {f"t{i + 1}": d for i, d in enumerate(down)})


def test_the_proven_dominance_changes_no_answer_in_endgames() -> None:
    """Today's rules: part of a pile moves in the solver's search only when that frees
    a card for a foundation (Solvitaire's proven dominance). Endgames 0-5 decided by
    the search with it alone and by the full search agree, and both decide some lost."""
    assert MODERN.restriction_proven and not GAME.restriction_proven
    verdicts = []
    for seed in range(6):
        st = endgame(seed)
        fast = solve(MODERN, st, Budget(20_000))
        full = solve(MODERN, st, Budget(50_000), restricted=False)
        assert fast.decided and fast.verdict == full.verdict, seed
        verdicts.append(fast.verdict)
    assert "won" in verdicts and "lost" in verdicts


def test_the_proven_dominance_decides_a_lost_deal_sooner() -> None:
    """Today's rules, deal 0 is lost: the search with the dominance proves it within
    2,500 positions (about 2,050), where the restricted search first and the full one
    after cannot (about 3,000: the full search alone takes about 2,250 after the
    restricted one's share; both searching the stock turn by turn: played in one step,
    tests/rules/test_klondike_chains.py, the stock alone decides it as soon)."""
    found = solve(MODERN, MODERN.deal(0), Budget(2_500), chains=False)
    assert found.verdict == "lost" and found.how == "restricted search (proven)"
    plain = Klondike({"passes": "unlimited", "part_moves": True})
    plain.restriction_proven = False
    assert solve(plain, plain.deal(0), Budget(2_500), chains=False).verdict == "unknown"
    assert solve(MODERN, MODERN.deal(0), Budget(2_500)).verdict == "lost"


def test_with_passes_unlimited_whether_a_card_was_used_is_no_part_of_the_position() -> None:
    st = state(["KH 3S"], down=(1,), stock="4C", played=True)
    assert MODERN.solver_key(st) == MODERN.solver_key(replace(st, played=False))


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_the_quick_restriction_is_the_general_one(seed: int) -> None:
    """Klondike's own restriction (no move played to ask) leaves out exactly the moves
    the general rule of the patience model leaves out, all along a line of play of the
    stacked endgames and of deals 0-3."""
    for st in (endgame(seed), MODERN.deal(seed)):
        for _ in range(60):
            moves = tuple(MODERN.legal_moves(st, 0))
            general = Patience.restrict_moves(MODERN, st, moves)
            # the same moves (Klondike's own puts those that turn a card up first)
            quick = MODERN.restrict_moves(st, moves)
            assert sorted(quick, key=str) == sorted(general, key=str)
            if MODERN.outcome(st) is not None or not general:
                break
            st = MODERN.apply(st, general[len(general) // 2].code, 0)
