"""Scenario tests for Cheney's Grandfathers (l.669-718): hand-stacked packs for the deal,
the covering rule, "three more from the pack", the draw, a win and a loss."""

from __future__ import annotations

from typing import Any

from rules import make, render
from rules.cards import card, cards, packs
from rules.games.grandfathers import Grandfathers, R
from rules.patience import Table
from tests.kit.stacking import codes, play, stack

PLACES = "2S 4H 5H 6H 7H 8H 9H TH JH QH 4D 5D 6D 7D 8D 9D TD JD QD 4C"
COVERS = "5C 6C 7C 8C 9C TC JC QC 4S 5S 6S 7S 8S 9S TS JS QS 3H 3D 3C"


def stacked(text: str) -> tuple[Grandfathers, Table]:
    """Two packs whose first cards are ``text`` (each card's first free copy)."""
    game = Grandfathers()
    return game, game.layout(stack(text, packs(2)), seed=3)


def cover_all(game: Any, st: Table, first: int, count: int) -> Table:
    """Turn ``count`` cards and cover places ``first``.. with them."""
    for i in range(first, first + count):
        st = play(game, st, "t", f"p>r{i}")
    return st


def test_the_deal_lays_twenty_places_and_sends_the_bases_up() -> None:
    game, st = stacked("AS 2S KH AS " + PLACES[3:])
    assert game.pile(st, "f1") == cards("AS") and game.pile(st, "f6") == cards("KH")
    assert game.pile(st, "r1") == cards("2S") and game.pile(st, "r2") == (card(1, 0, pack=1),)
    places = [z for z in game.zones(st) if z.group == "places"]
    assert len(places) == 20 and all(len(z.cards) == 1 for z in places)
    # 2♠ up on A♠, Q♥ down on K♥; the second A♠ is an ordinary card, waiting for the
    # spades family down from the king to reach the two
    assert codes(game, st) == ["t", "r1>f1", "r11>f6"]
    assert game.label(st, game.pile_specs[game.index["f5"]]) == \
        "the spades family down from the king"


def test_a_turned_base_goes_up_and_a_card_covers_only_one_card() -> None:
    game, st = stacked(PLACES + " KD 5C 6C")
    st = play(game, st, "t")
    assert codes(game, st) == ["p>f7"]  # the first K♦ opens the diamonds family down
    st = play(game, st, "p>f7", "t", "p>r3", "t")
    assert "p>r3" not in codes(game, st) and "p>r4" in codes(game, st)


def test_three_more_then_the_draw_then_the_end() -> None:
    game, st = stacked("AS " + PLACES + " " + COVERS + " QH QD QC JH JD JC TH 9H")
    assert codes(game, st)[:2] == ["t", "r1>f1"]
    st = cover_all(game, st, 1, 20)  # 2♠ is covered by the first cover card
    st = play(game, st, "t")
    assert codes(game, st) == ["three"]  # every place covered, nothing can go up
    assert game.public(st)["privileges_left"] == {"three": 1, "draw": 1}
    st = play(game, st, "three")
    places = [z for z in game.zones(st) if z.group == "places"]
    assert len(places) == 23 and not game.pile(st, "turned")
    assert [p[0] for p in st.piles[R + 20:]] == list(cards("QH QD QC", pack=1))
    st = cover_all(game, st, 21, 3)
    st = play(game, st, "t")
    assert codes(game, st) == ["x1.1>f1"]  # the draw: the covered 2♠
    assert game.describe(st, game.parse_move("x1.1>f1")) == \
        "draw 2♠ (1st card of place 1) and put it on the spades family up from the ace"
    st = play(game, st, "x1.1>f1")
    assert game.public(st)["privileges_left"] == {"three": 0, "draw": 0}
    st = play(game, st, "p>r1")  # the draw uncovered place 1: T♥ covers 5♣ there
    assert codes(game, st) == ["t"]


def test_blocked_with_both_privileges_used_is_lost() -> None:
    game, st = stacked("AS " + PLACES + " " + COVERS + " QH QD QC JH JD JC TH 9H")
    st = cover_all(game, st, 1, 20)
    st = play(game, st, "t", "three")
    st = cover_all(game, st, 21, 3)
    st = play(game, st, "t", "x1.1>f1", "p>r1", "t")
    outcome = game.outcome(st)
    assert outcome is not None and not outcome.won and codes(game, st) == []
    assert outcome.summary == "blocked with 2 cards on the families"


def test_families_up_and_down_in_suit_are_completed() -> None:
    order = " ".join(f"{up}{s} {down}{s}" for up, down in zip("A23456789TJQK",
                                                             "KQJT98765432A", strict=True)
                     for s in "SHDC")
    game, st = stacked(order)
    while game.outcome(st) is None:
        legal = codes(game, st)
        st = play(game, st, next((c for c in legal if ">f" in c), legal[0]))
    outcome = game.outcome(st)
    assert outcome is not None and outcome.won
    assert all(len(f) == 13 for f in game.families(st))


def test_the_pack_is_never_shown() -> None:
    game = make("grandfathers")
    view = render(game, game.deal(8), None)
    pack = next(z for z in view["zones"] if z["id"] == "pack")
    assert pack["up"] == [] and pack["down"] + sum(len(z["up"]) for z in view["zones"]) == 104


def test_covering_without_limit_is_the_other_reading() -> None:
    game = Grandfathers({"covering": "any"})
    pool = list(packs(2))
    head = []
    for c in cards("AS " + PLACES + " " + COVERS + " QH"):
        c = c if c in pool else c | 64
        pool.remove(c)
        head.append(c)
    st = game.layout(tuple(head) + tuple(pool), seed=3)
    st = cover_all(game, st, 1, 20)
    st = play(game, st, "t")
    assert "three" not in codes(game, st) and "p>r1" in codes(game, st)
    st = play(game, st, "p>r1")
    assert len(game.pile(st, "r1")) == 3


def test_narration_names_the_card_turned() -> None:
    game, st = stacked("AS " + PLACES + " 9C")
    after = play(game, st, "t")
    assert game.narrate(st, game.parse_move("t"), after) == "turn up 9♣"
    assert game.describe(st, game.parse_move("t")) == "turn up the next card of the pack"
