"""Little Lots (Cheney l.1202-1243): couples of tops, and the privilege of the last two."""

from __future__ import annotations

from rules import make, render
from rules.cards import Card, cards
from rules.games.little_lots import LittleLots
from rules.patience import Table

# Eight lots of four, bottom to top: the tops are 7♠ 7♥ 7♦ J♠ Q♠ K♠ A♠ 7♣.
DEAL = (
    "8S 9S TS 7S  8H 9H TH 7H  8D 9D TD 7D  8C 9C TC JS  "
    "JH JD JC QS  QH QD QC KS  KH KD KC AS  AH AD AC 7C"
)



def position(lots: tuple[tuple[Card, ...], ...], up: tuple[int, ...],
             out: tuple[Card, ...] = ()) -> Table:
    """A position: the lots (top last) with their top ``up`` cards face up."""
    return LittleLots().table({f"l{i + 1}": lot for i, lot in enumerate(lots)} | {"out": out},
                              {f"l{i + 1}": len(lot) - u for i, (lot, u) in
                               enumerate(zip(lots, up, strict=True))})


def lot(st: Table, i: int) -> tuple[Card, ...]:
    return st.piles[i]


def up(st: Table, i: int) -> int:
    return len(st.piles[i]) - st.down[i]


def test_the_pack_is_the_euchre_pack_and_the_tops_are_face_up() -> None:
    game = make("little_lots")
    assert len(game.pack()) == 32
    st = game.deal(4)
    assert [m.code for m in game.legal_moves(st, 0)] == ["open", "auto"]
    assert render(game, st, None)["zones"][0]["up"] == []
    st = game.apply(st, "open", 0)
    view = render(game, st, None)
    assert sum(len(z["up"]) for z in view["zones"]) == 8
    assert sum(z["down"] for z in view["zones"]) == 24


def test_every_couple_of_matching_tops_may_be_chosen() -> None:
    game = make("little_lots")
    st: Table = game.apply(game.layout(cards(DEAL), seed=0), "open", 0)
    codes = [m.code for m in game.legal_moves(st, 0)]
    assert codes == ["c1-2", "c1-3", "c1-8", "c2-3", "c2-8", "c3-8", "auto"]
    assert game.describe(st, game.parse_move("c1-8")) == \
        "lay aside the couple 7♠ (lot 1) and 7♣ (lot 8)"
    st = game.apply(st, "c1-8", 0)
    assert st.piles[-1] == cards("7S 7C")
    # the lots left have their new tops turned up: T♠ and A♣
    assert lot(st, 0)[-1] == cards("TS")[0] and up(st, 0) == 1
    assert lot(st, 7)[-1] == cards("AC")[0] and up(st, 7) == 1
    assert [m.code for m in game.legal_moves(st, 0)] == ["c2-3", "c7-8", "auto"]


def test_the_privilege_on_the_last_two_cards_wins_the_game() -> None:
    game = make("little_lots")
    empty: tuple[int, ...] = ()
    st = position((cards("9H 9S"), *(empty,) * 7), (1,) + (0,) * 7,
                   tuple(c for c in game.pack() if c not in cards("9H 9S")))
    assert [m.code for m in game.legal_moves(st, 0)] == ["t1", "auto"]
    st = game.apply(st, "t1", 0)
    outcome = game.outcome(st)
    assert outcome is not None and outcome.won


def test_the_privilege_is_offered_only_when_no_couple_is_left() -> None:
    game = make("little_lots")
    st = position((cards("9H 9S"), cards("8H 8S"), cards("KC"), cards("QC"),
                         (), (), (), ()), (1, 1, 1, 1, 0, 0, 0, 0))
    assert [m.code for m in game.legal_moves(st, 0)] == ["t1", "t2", "auto"]
    st = position((cards("9H 9S"), cards("8H 8S"), cards("KC"), cards("QS"),
                         (), (), (), cards("KD")), (1, 1, 1, 1, 0, 0, 0, 1))
    assert [m.code for m in game.legal_moves(st, 0)] == ["c3-8", "auto"]


def test_a_failed_privilege_leaves_both_cards_face_up() -> None:
    game = make("little_lots")
    st = position((cards("9H 8S"), cards("8H 9S"), (), (), (), (), (), ()),
                   up=(1, 1, 0, 0, 0, 0, 0, 0))
    st = game.apply(st, "t1", 0)
    assert up(st, 0) == 2 and lot(st, 0) == cards("9H 8S")
    # the privilege may still be used on lot 2 (each), but not when it is once a game
    assert [m.code for m in game.legal_moves(st, 0)] == ["t2", "auto"]
    once = make("little_lots", {"privilege": "once"})
    outcome = once.outcome(st)
    assert outcome is not None and not outcome.won
    assert outcome.summary == "4 cards are left and no two tops match"
