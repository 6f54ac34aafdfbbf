"""The patience model (rules/patience.py) on a toy game of its own: how steps carry
cards, what the table shows, the shared counters, and what the solver and hints read.

The toy, Tiny, is unregistered: two families (spades and hearts, up from the ace), two
columns dealt face down with their top card up (a card left face down on top turns up),
a stock turned one card at a time onto a waste, the waste turned over again while a card
was played in the pass, a pair of equal ranks discarded, and one counted re-deal (the
waste taken up, shuffled, as the stock).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.building import family_for
from rules.cards import Card, cards, rank_of
from rules.description import CHENEY, Description
from rules.game import Move
from rules.hint import card_places, samples
from rules.patience import (
    COLUMN,
    DISCARD,
    DOWN,
    FACE_DOWN,
    HOME,
    PASS,
    Patience,
    Pile,
    Step,
    Table,
    size,
)
from rules.shape import DEAL, MOVE, PAIR, REDEAL, TURN, Shape

F, T, STK, W, OUT = 0, 2, 4, 5, 6


class Tiny(Patience):
    description = Description(id="tiny", title="Tiny", book=CHENEY, lines="1", skill="some",
                              bound=None)
    facts = (("in_stock", size("stock")), ("pass", PASS), ("face_down", FACE_DOWN),
             ("home", HOME))
    no_straight_back = True
    redeals_allowed = 1

    def lay_piles(self) -> tuple[Pile, ...]:
        return (Pile("f1", "foundation", "spades"), Pile("f2", "foundation", "hearts"),
                Pile("t1", "pile", "column 1", face=COLUMN, turn_up=True, alike="columns"),
                Pile("t2", "pile", "column 2", face=COLUMN, turn_up=True, alike="columns"),
                Pile("stock", "stock", "the stock", face=DOWN),
                Pile("waste", "waste", "the waste"), Pile("out", DISCARD, "paired off"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        return self.table({"t1": cards[:2], "t2": cards[2:4], "stock": cards[4:]},
                          {"t1": 1, "t2": 1})

    def shuffles(self, t: Table) -> bool:
        return True

    def steps(self, t: Table) -> list[Step]:
        fams = (*self.families(t), (), ())  # suits 0 and 1 only
        out = [Step(f"t{i + 1}>f", source=T + i, target=j) for i in range(2)
               if t.piles[T + i] and (j := family_for(fams, t.piles[T + i][-1])) >= 0]
        out += [Step(f"t{i + 1}>t{j + 1}", source=T + i, target=T + j,
                     count=len(t.face_up(T + i)))
                for i in range(2) for j in range(2) if i != j and t.piles[T + i]]
        if t.piles[T] and t.piles[T + 1] and \
                rank_of(t.piles[T][-1]) == rank_of(t.piles[T + 1][-1]):
            out.append(Step("pair", PAIR, T, T + 1))
        if t.piles[STK]:
            out.append(Step("d", DEAL, STK, W))
        elif t.piles[W] and t.played:
            out.append(Step("d", TURN, W, STK, len(t.piles[W])))
        elif t.piles[W] and self.may_redeal(t):
            out.append(Step("redeal", REDEAL, W, STK, len(t.piles[W])))
        return out

    def say(self, t: Table, move: Move) -> str:
        return move.code


GAME = Tiny()


def table(t1: str, t2: str, stock: str = "", waste: str = "", down: tuple[int, int] = (0, 0),
          f1: str = "") -> Table:
    return GAME.table({"t1": cards(t1), "t2": cards(t2), "stock": cards(stock),
                       "waste": cards(waste), "f1": cards(f1)},
                      {"t1": down[0], "t2": down[1]})


def play(t: Table, code: str) -> Table:
    return GAME.apply(t, code, 0)


def test_a_move_carries_its_cards_in_order_and_turns_up_what_it_uncovers() -> None:
    t = table("KS 9H 8S", "TC", down=(1, 0))
    t = play(t, "t1>t2")  # the face-up 9♥ 8♠ go together, in their order
    assert GAME.pile(t, "t2") == cards("TC 9H 8S") and GAME.pile(t, "t1") == cards("KS")
    assert t.down[T] == 0  # K♠ left face down on top is turned up
    assert [z.up for z in GAME.zones(t) if z.id.startswith("t")] == [1, 3]
    assert t.back == (T, T + 1, 2) and t.played


def test_the_move_straight_back_is_refused() -> None:
    t = play(table("", "TC 8S", down=(0, 1)), "t2>t1")
    assert GAME.pile(t, "t1") == cards("8S") and t.down[T + 1] == 0
    assert "t1>t2" not in [m.code for m in GAME.legal_moves(t, 0)]  # 8♠ straight back
    t = play(t, "t2>t1")  # another card the other way is a move like any other
    assert GAME.pile(t, "t1") == cards("8S TC")


def test_a_deal_turns_cards_up_one_by_one_and_the_turn_counts_a_pass() -> None:
    t = table("KS", "QH", stock="2C 3C 4C")  # the stock's top is 4♣ (last)
    t = play(t, "d")
    assert GAME.pile(t, "waste") == cards("4C") and t.down[STK] == 2
    assert GAME.public(t) == {"in_stock": 2, "pass": 1, "face_down": 0, "home": 0,
                              "redeals_left": 1}
    t = play(play(t, "d"), "d")
    assert GAME.pile(t, "waste") == cards("4C 3C 2C") and not GAME.pile(t, "stock")
    assert [m.code for m in GAME.legal_moves(t, 0)] == ["t1>t2", "t2>t1", "redeal", "end"]
    t = replace(t, played=True)
    t = play(t, "d")  # the waste turned over: the stock as it was dealt
    assert GAME.pile(t, "stock") == cards("2C 3C 4C") and t.down[STK] == 3
    assert t.turns == 1 and not t.played and GAME.public(t)["pass"] == 2


def test_a_row_dealt_across_puts_one_card_on_each_pile_while_the_source_lasts() -> None:
    t = replace(table("KS", "", stock="2C 3C", down=(1, 0)), back=(T, T + 1, 1))
    t = GAME.deal_across(t, STK, (T, T + 1, W))  # 3♣ (the top) first, then 2♣
    assert GAME.pile(t, "t1") == cards("KS 3C") and GAME.pile(t, "t2") == cards("2C")
    assert not GAME.pile(t, "waste") and not GAME.pile(t, "stock")
    assert t.down[T] == 1 and t.down[STK] == 0  # a column's new card lies face up
    assert t.back is None and not t.played


def test_a_card_put_under_a_pile_lies_at_its_bottom() -> None:
    t = table("KS QH", "TC 8S", waste="2C")
    t = GAME.carry(t, Step("u", source=W, target=T, under=True))
    assert GAME.pile(t, "t1") == cards("2C KS QH") and t.down[T] == 0
    assert t.back is None  # taking the top card is no way back
    t = GAME.carry(table("KS QH", "", waste="2C", down=(1, 0)),
                   Step("u", source=W, target=T, under=True))
    assert GAME.pile(t, "t1") == cards("2C KS QH") and t.down[T] == 2  # under face down


def test_a_redeal_is_counted_and_shuffled_by_its_own_stream() -> None:
    t = replace(table("KS", "KH", waste="2C 3C 4C 5C 6C"), seed=7)
    assert GAME.public(t)["redeals_left"] == 1
    after = play(t, "redeal")
    assert sorted(GAME.pile(after, "stock")) == sorted(cards("2C 3C 4C 5C 6C"))
    assert after.redeals == 1 and GAME.public(after)["redeals_left"] == 0
    assert GAME.pile(after, "stock") != cards("6C 5C 4C 3C 2C")  # shuffled, seed 7
    assert play(replace(t, seed=8), "redeal") != after  # the deal's own shuffle
    assert play(t, "redeal") == after


def test_a_pair_goes_to_the_discard_and_its_shape_names_both_places() -> None:
    t = table("KS 7H", "QS 7C", down=(1, 1))
    assert GAME.shape(t, Move("pair"), 0, None) == Shape(PAIR, "t1", "t2",
                                                         cards("7H 7C"))
    t = play(t, "pair")
    assert GAME.pile(t, "out") == cards("7H 7C") and t.down[T:T + 2] == (0, 0)


def test_won_when_every_card_is_home() -> None:
    t = table("", "AS", f1="")
    assert not GAME.won(t)
    t = play(t, "t2>f")
    assert GAME.won(t) and GAME.outcome(t) is not None
    assert GAME.summary(t, True) == "all 52 cards in the families"


def test_shapes_name_only_what_the_audience_sees() -> None:
    t = table("KS 9H", "TC", stock="2C 3C", down=(1, 0))
    assert GAME.shape(t, Move("t1>t2"), 0, None) == Shape(MOVE, "t1", "t2", cards("9H"))
    assert GAME.shape(t, Move("d"), 0, 0) == Shape(DEAL, "stock", "waste", (None,))
    assert GAME.shape(t, Move("end"), 0, 0).kind == "give_up"


def test_the_hidden_cards_are_the_face_down_ones_and_a_hint_may_deal_them_again() -> None:
    t = GAME.deal(5)
    assert GAME.hidden_count(t) == 2 + 48
    places = card_places(GAME, t)
    assert len(places) == 52 and places[("piles", STK, 0)] == t.piles[STK][0]
    dealt = samples(GAME, t, 0, 3)
    assert len(dealt) == 3 and all(s.face_up(T) == t.face_up(T) for s in dealt)
    assert any(s.piles[STK] != t.piles[STK] for s in dealt)


def test_the_solver_key_forgets_the_move_straight_back_and_the_order_of_alike_piles(
) -> None:
    t = table("9H", "TC 8S")
    moved = play(t, "t2>t1")
    assert GAME.solver_key(moved) == GAME.solver_key(replace(moved, back=None))
    assert GAME.solver_key(moved) != GAME.solver_key(replace(moved, played=False))
    # the two columns are alike: swapped (with their face-down counts), one position
    assert GAME.solver_key(table("KS 9H", "TC", down=(1, 0))) == \
        GAME.solver_key(table("TC", "KS 9H", down=(0, 1)))
    assert GAME.solver_key(table("KS 9H", "TC", down=(1, 0))) != \
        GAME.solver_key(table("TC", "KS 9H", down=(0, 0)))
    assert GAME.solver_key(table("", "", f1="AS")) != \
        GAME.solver_key(GAME.table({"f2": cards("AS")}))  # families are not alike


@pytest.mark.parametrize("code", ["t1>f", "x"])
def test_a_move_that_is_not_legal_is_refused(code: str) -> None:
    from rules import IllegalMove
    with pytest.raises(IllegalMove):
        GAME.apply(table("9H", "TC"), code, 0)


class Later(Tiny):
    """Tiny whose waste is laid on the table with its first card (a pile laid in play)."""

    def laid(self, t: Table, i: int) -> bool:
        return i != W or bool(t.piles[W])


def test_a_pile_laid_in_play_is_shown_once_laid_and_the_move_laying_it_points_nowhere() -> None:
    game = Later()
    t = game.table({"t1": cards("AS"), "t2": cards("2H"), "stock": cards("3C 4C")})
    assert "waste" not in [z.id for z in game.zones(t)]
    assert game.shape(t, Move("d"), 0, None) == Shape(DEAL, "stock", None, (None,))
    t = game.apply(t, "d", 0)
    assert "waste" in [z.id for z in game.zones(t)]
    assert game.shape(t, Move("d"), 0, None).target == "waste"


class Drawing(Tiny):
    """Tiny with The Egyptian's kind of draw (a buried card of column 1 onto column 2,
    once), a deal never over before its first move, and its own words for a win."""

    privileges_allowed = {"draw": 1}  # noqa: RUF012 (a class constant, as in the games)
    end_at_deal = True
    won_words = "are home"

    def steps(self, t: Table) -> list[Step]:
        out = super().steps(t)
        if self.may_use_privilege(t, "draw"):
            out += [Step(f"draw{k}", source=T, target=T + 1, at=k, uses="draw")
                    for k in range(len(t.piles[T]) - 1)]
        return out


DRAWING = Drawing()


def test_a_step_that_uses_a_privilege_is_counted_and_a_buried_card_is_no_straight_back(
) -> None:
    t = DRAWING.table({"t1": cards("8S 9H 2C"), "t2": cards("TC")})
    assert DRAWING.public(t)["privileges_left"] == {"draw": 1}
    t = DRAWING.apply(t, "draw1", 0)  # 9♥ from under 2♣ onto T♣
    assert DRAWING.pile(t, "t1") == cards("8S 2C") and DRAWING.pile(t, "t2") == cards("TC 9H")
    assert t.privileges_used == ("draw",) and t.back is None
    codes = [m.code for m in DRAWING.legal_moves(t, 0)]
    assert "t2>t1" in codes and not any(c.startswith("draw") for c in codes)


def test_the_move_straight_back_is_refused_with_a_reason() -> None:
    from rules import IllegalMove
    t = play(table("", "TC 8S", down=(0, 1)), "t2>t1")
    with pytest.raises(IllegalMove, match="8♠ has just come from there: putting it back "
                       "only undoes the last move"):
        play(t, "t1>t2")


def test_a_deal_with_no_move_offers_end_alone_until_a_card_is_played() -> None:
    stuck = DRAWING.table({"out": cards("KS QS")})
    assert DRAWING.legal_moves(stuck, 0) == (Move("end"),)
    assert GAME.legal_moves(GAME.table({"out": cards("KS QS")}), 0) == ()  # not Tiny's
    played = replace(stuck, played=True)
    assert DRAWING.legal_moves(played, 0) == () and DRAWING.outcome(played) is not None


def test_a_win_is_said_in_the_games_words() -> None:
    assert DRAWING.summary(DRAWING.table({}), True) == "all 52 cards are home"
