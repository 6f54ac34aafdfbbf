"""The Egyptian and its draw (Cheney l.1457-1541), on hand-stacked deals.

The book prints no sample deal. Arms are written inner card first, outer (usable) card
last; :func:`pack_for` turns ten arms into the pack that lays them out.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules import IllegalMove, make, render
from rules.cards import ACE, Card, cards, rank_of, standard_pack
from rules.patience import Table

ACES = cards("AS AH AD AC")


def pack_for(arms: list[tuple[Card, ...]]) -> tuple[Card, ...]:
    """The pack (aces first) whose laying-out gives ``arms``: a left arm is dealt from
    the outside in, a right arm from the centre out."""
    out: list[Card] = list(ACES)
    for k, arm in enumerate(arms):
        out += arm[::-1] if k % 2 == 0 else arm
    return tuple(out)


def arms_with(first: dict[int, str]) -> list[tuple[Card, ...]]:
    """Arms ``k`` (1-based) as given, the others filled with the rest of the pack."""
    given = {k: cards(v) for k, v in first.items()}
    used = {c for v in given.values() for c in v}
    pool = [c for c in standard_pack() if rank_of(c) != ACE and c not in used]
    arms = []
    for k, n in enumerate((5,) * 8 + (4, 4), start=1):
        if k in given:
            arms.append(given[k])
        else:
            arms.append(tuple(pool[:n]))
            pool = pool[n:]
    assert not pool
    return arms


def stacked(game_id: str, first: dict[int, str], **options: Any) -> tuple[Any, Table]:
    game = make(game_id, options)
    return game, game.layout(pack_for(arms_with(first)), seed=2)


def codes(game: Any, st: Table) -> list[str]:
    return [m.code for m in game.legal_moves(st, 0)]


def test_layout_five_left_from_the_outside_five_right_from_the_ace_then_four_and_four() -> None:
    game: Any = make("egyptian")
    rest = [c for c in standard_pack() if rank_of(c) != ACE]
    st = game.layout(ACES + tuple(rest), 0)
    assert game.families(st) == tuple((a,) for a in ACES)
    # row 1: the first card dealt lies at the far left (the left arm's outer card)
    assert st.piles[0] == tuple(rest[0:5])[::-1] and st.piles[0][-1] == rest[0]
    assert st.piles[1] == tuple(rest[5:10]) and st.piles[1][-1] == rest[9]
    assert [len(p) for p in st.piles[:10]] == [5] * 8 + [4, 4]
    assert st.piles[8][-1] == rest[40] and st.piles[9][-1] == rest[47]
    labels = [z["label"] for z in render(game, st, None)["zones"]][:3]
    assert labels == ["left arm of row 1", "right arm of row 1", "left arm of row 2"]


def test_a_straight_deal_plays_out_and_wins() -> None:
    order = [c for s in "SHDC" for c in cards(" ".join(f"{r}{s}" for r in "23456789TJQK"))]
    arms: list[tuple[Card, ...]] = []
    for n in (5,) * 8 + (4, 4):
        arms.append(tuple(order[:n])[::-1])  # the lowest card outermost
        order = order[n:]
    game = make("egyptian")
    st = game.layout(pack_for(arms), 0)
    while game.outcome(st) is None:
        st = game.apply(st, next(m for m in codes(game, st) if m.endswith(">f")), 0)
    assert game.public(st)["status"] == "won"


def test_marriages_in_suit_one_up_or_down_on_end_cards() -> None:
    game, st = stacked("egyptian", {1: "2C 3C 4C 5C 7H", 2: "2D 3D 4D 5D 8H",
                                    3: "6C 7C 8C 9C 6H", 4: "6D 7D 8D 9D 8S"})
    moves = codes(game, st)
    assert {"1>2", "1>3", "2>1", "3>1"} <= set(moves)
    assert "1>4" not in moves  # 7♥ on 8♠: not the same suit
    st = game.apply(st, "1>2", 0)
    assert st.piles[1][-1] == cards("7H")[0] and st.piles[0][-1] == cards("5C")[0]
    assert game.describe(st, game.parse_move("3>2")) == \
        "marry 6♥ from left arm of row 2 onto 7♥ on right arm of row 1"
    assert "2>1" not in codes(game, st)  # not straight back


def test_an_emptied_arm_takes_any_end_card() -> None:
    game, st = stacked("egyptian", {9: "5S 4S 3S 2S", 1: "9C TC JC QC KH"})
    for _ in range(4):
        st = game.apply(st, "9>f", 0)
    assert st.piles[8] == ()
    moves = codes(game, st)
    assert {"1>9", "2>9", "10>9"} <= set(moves)
    st = game.apply(st, "1>9", 0)
    assert st.piles[8] == cards("KH")


def test_a_lone_end_card_is_not_moved_to_another_space() -> None:
    game, st = stacked("egyptian", {9: "5S 4S 3S 2S", 10: "9S 8S 7S 6S", 1: "QH JD TD 9D KH"})
    for _ in range(4):
        st = game.apply(st, "9>f", 0)
    for _ in range(3):
        st = game.apply(st, "10>f", 0)
    assert len(st.piles[9]) == 1 and st.piles[8] == ()
    assert "10>9" not in codes(game, st)


def test_line_rule_fills_an_arm_only_when_its_whole_line_is_empty() -> None:
    first = {9: "5S 4S 3S 2S", 10: "9S 8S 7S 6S"}
    game, st = stacked("egyptian", first, space_rule="line")
    for _ in range(4):
        st = game.apply(st, "9>f", 0)
    assert not any(m.endswith(">9") for m in codes(game, st))  # arm 10 still holds cards
    for _ in range(4):
        st = game.apply(st, "10>f", 0)
    assert "1>9" in codes(game, st) and "1>10" in codes(game, st)
    arm, st2 = stacked("egyptian", first)
    for _ in range(4):
        st2 = arm.apply(st2, "9>f", 0)
    assert "1>9" in codes(arm, st2)


def test_no_move_left_loses() -> None:
    deal = ("8D 6C AS 6S 4D QC 9S 5H 5S 4C 6H 4H AD 9H 7D QD 4S 8S 5D 2D 7H 7C AC 8H TC JD "
            "3S TS 3D JS AH JH QH TD KS 9D JC 6D 2S 2C KH KC TH KD 2H 3C 3H 5C 9C QS 8C 7S")
    game = make("egyptian")
    st = game.layout(cards(deal), 0)
    assert codes(game, st) == ["9>f", "end"]  # 2♥ at the end of the lower line
    st = game.apply(st, "9>f", 0)
    assert game.public(st)["status"] == "lost"
    # with a draw the same position goes on
    draw = make("egyptian_draw")
    st = draw.apply(draw.layout(cards(deal), 0), "9>f", 0)
    assert draw.public(st)["status"] == "play" and codes(draw, st)[0].startswith("d")


def test_the_draw_takes_a_buried_card_once() -> None:
    game, st = stacked("egyptian_draw", {1: "9C 2S TC JC QH", 2: "2D 3D 4D 5D KH"})
    moves = codes(game, st)
    assert "d2s>f" in moves and "d4d>f" not in moves
    assert not any(m.startswith("d") for m in codes(make("egyptian"), st))
    st = game.apply(st, "d2s>f", 0)
    assert st.piles[0] == cards("9C TC JC QH")  # the arm closes up
    assert game.pile(st, "f1") == cards("AS 2S")
    assert not any(m.startswith("d") for m in codes(game, st))
    assert game.public(st)["privileges_left"] == {"draw": 0}


def test_the_drawn_card_marries_an_end_card_but_never_fills_a_space() -> None:
    game, st = stacked("egyptian_draw", {1: "9C 6H TC JC QH", 2: "2D 3D 4D 5D 7H",
                                         9: "5S 4S 3S 2S"})
    for _ in range(4):
        st = game.apply(st, "9>f", 0)
    moves = codes(game, st)
    assert "d6h>2" in moves and "d6h>9" not in moves
    st = game.apply(st, "d6h>2", 0)
    assert st.piles[1][-2:] == cards("7H 6H")
    with pytest.raises(IllegalMove):
        game.apply(st, "d9c>9", 0)


def test_a_laying_with_no_move_shows_end_alone_and_plays_on() -> None:
    ends = cards("5S 5H 5D 5C 9S 9H 9D 9C KS KH")  # no two, no neighbours in suit
    pool = [c for c in standard_pack() if rank_of(c) != ACE and c not in ends]
    arms = []
    for end, n in zip(ends, (5,) * 8 + (4, 4), strict=True):
        arms.append((*pool[:n - 1], end))
        pool = pool[n - 1:]
    game = make("egyptian")
    st = game.layout(pack_for(arms), 0)
    assert codes(game, st) == ["end"]
    assert game.public(st)["status"] == "play" and game.outcome(st) is None
    outcome = game.outcome(game.apply(st, "end", 0))
    assert outcome is not None and outcome.summary == "4 of 52 cards on the families; given up"


def test_a_drawn_card_may_go_onto_the_arm_it_came_from() -> None:
    # 6♥ drawn from under arm 1's end card (5♥) onto 7♥: laying it on 5♥ next is no move
    # straight back (it did not lie there), so it is offered
    game, st = stacked("egyptian_draw", {1: "9C 6H TC JC 5H", 2: "2D 3D 4D 5D 7H"})
    st = game.apply(st, "d6h>2", 0)
    assert game.pile(st, "p1")[-1] == cards("5H")[0] and game.pile(st, "p2")[-1] == cards("6H")[0]
    assert "2>1" in codes(game, st)
