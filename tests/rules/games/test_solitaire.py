"""Scenario tests for Cheney's Solitaire and its two variants (l.600-663).

The book prints no sample deal; these are small hand-stacked packs, each exercising one
rule or privilege of the text.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules import IllegalMove, make, render
from rules.cards import cards, standard_pack
from rules.games.solitaire import Solitaire
from rules.packets import PACK, TURNED
from rules.patience import Table
from tests.kit.stacking import codes, play, stack


def stacked(game_id: str, text: str, **options: Any) -> tuple[Solitaire, Table]:
    """A pack whose first cards are ``text`` (dealt first), the rest in pack order."""
    game = make(game_id, options)
    assert isinstance(game, Solitaire)
    return game, game.layout(stack(text, standard_pack()), seed=5)


def test_aces_go_up_as_they_come_and_families_ignore_suit() -> None:
    game, st = stacked("solitaire", "AS 2H 3C AD")
    assert codes(game, st) == ["t"]
    st = play(game, st, "t")
    assert codes(game, st) == ["p>f1"]  # an ace is laid in the row at once
    st = play(game, st, "p>f1", "t")
    assert codes(game, st)[:1] == ["p>f1"]  # 2♥ on A♠: no suit is followed
    st = play(game, st, "p>f1", "t", "p>f1", "t", "p>f2")
    assert [len(f) for f in game.families(st)] == [3, 1, 0, 0]


def test_four_piles_take_any_card_and_their_tops_go_up() -> None:
    game, st = stacked("solitaire", "5H 2S AC")
    st = play(game, st, "t")
    assert codes(game, st) == ["p>w1", "p>w2", "p>w3", "p>w4"]
    st = play(game, st, "p>w2", "t", "p>w2", "t", "p>f1")
    assert "w2>f1" in codes(game, st)
    st = play(game, st, "w2>f1")
    assert game.pile(st, "w2") == cards("5H") and game.families(st)[0] == cards("AC 2S")
    with pytest.raises(IllegalMove):
        game.apply(st, "w2>f1", 0)


def test_a_whole_pack_in_order_is_won() -> None:
    game = make("solitaire")
    order = cards(" ".join(f"{r}{s}" for r in "A23456789TJQK" for s in "SHDC"))
    st = game.layout(order, seed=0)
    while game.outcome(st) is None:
        st = play(game, st, codes(game, st)[0])
    outcome = game.outcome(st)
    assert outcome is not None and outcome.won


def test_the_game_is_lost_when_the_pack_is_out_and_no_top_fits() -> None:
    game = make("solitaire")
    st = game.layout(cards(" ".join(f"{r}{s}" for r in "A23456789TJQK" for s in "SHDC")), 0)
    while game.outcome(st) is None:
        legal = codes(game, st)
        st = play(game, st, "p>w1" if "p>w1" in legal else legal[0])
    outcome = game.outcome(st)
    assert outcome is not None and not outcome.won
    assert outcome.summary == "blocked with 4 cards on the families"
    assert not st.piles[PACK] and not st.piles[TURNED]


def test_aces_first_lays_the_aces_up_before_the_deal() -> None:
    game = make("solitaire_aces_first")
    assert isinstance(game, Solitaire)
    st = game.deal(4)
    assert list(game.families(st)) == [cards("AS"), cards("AH"), cards("AD"), cards("AC")]
    assert len(st.piles[PACK]) == 48
    assert game.description.variant_of == "solitaire" and game.option("aces_first") is True


def test_follow_suit_and_its_two_shuffled_re_lays() -> None:
    game, st = stacked("solitaire_follow_suit", "AS 2H 2S")
    st = play(game, st, "t", "p>f1", "t")
    assert codes(game, st) == ["p>w1", "p>w2", "p>w3", "p>w4"]  # 2♥ cannot go on A♠
    st = play(game, st, "p>w1", "t", "p>f1")
    # run the pack out onto pile 4
    while st.piles[PACK] or st.piles[TURNED]:
        st = play(game, st, "t" if not st.piles[TURNED] else codes(game, st)[-1])
    assert codes(game, st)[-1] == "redeal"
    assert game.public(st)["redeals_left"] == 2
    before = sorted(c for i in range(1, 5) for c in game.pile(st, f"w{i}"))
    st1 = play(game, st, "redeal")
    assert sorted(st1.piles[PACK]) == before
    assert not any(game.pile(st1, f"w{i}") for i in range(1, 5))
    assert st1 == play(game, st, "redeal")  # the shuffle is our PRNG's, stream 1
    assert game.public(st1)["redeals_left"] == 1
    texts = [m["text"] for m in render(game, st, None)["moves"]["0"]]
    assert "take up the four piles, shuffle them and re-lay them as the pack" in texts


def test_no_re_lay_in_the_suit_free_game() -> None:
    game = make("solitaire")
    st = game.layout(cards(" ".join(f"{r}{s}" for r in "KQJT98765432A" for s in "SHDC")), 0)
    while game.outcome(st) is None:
        assert "redeal" not in codes(game, st)
        st = play(game, st, codes(game, st)[-1])


def test_strict_rule_hides_the_cards_under_a_top() -> None:
    game, st = stacked("solitaire", "5H 6H", strict=True)
    st = play(game, st, "t", "p>w1", "t", "p>w1")
    view = render(game, st, None)
    w1 = next(z for z in view["zones"] if z["id"] == "w1")
    assert w1["up"] == ["6H"] and w1["down"] == 1
    game2, st2 = stacked("solitaire", "5H 6H")
    st2 = play(game2, st2, "t", "p>w1", "t", "p>w1")
    w1 = next(z for z in render(game2, st2, None)["zones"] if z["id"] == "w1")
    assert w1["up"] == ["5H", "6H"]


def test_the_pack_is_never_shown() -> None:
    game = make("solitaire")
    view = render(game, game.deal(11), None)
    pack = next(z for z in view["zones"] if z["id"] == "pack")
    assert pack["down"] == 52 and pack["up"] == []
    assert game.describe(game.deal(11), game.parse_move("t")) == "turn up the next card of the pack"


def test_the_solver_takes_piles_and_alike_families_as_one_position() -> None:
    """Solitaire's knowledge for the solver: the four piles are alike, and families built
    regardless of suit are alike when they hold as many cards; under follow_suit (whose
    re-lay gathers the piles in order) the model's key, the position itself."""
    game, st = stacked("solitaire", "AS 2H 3C AD 9S")
    pack = game.pile(st, "pack")

    def table(fams: list[tuple[int, ...]], piles: list[tuple[int, ...]]) -> Table:
        return game.table({"pack": pack} | {f"f{j + 1}": f for j, f in enumerate(fams)}
                          | {f"w{i + 1}": p for i, p in enumerate(piles)})

    other = table([(1,), (), (49,), ()], [(), (9,), (), (2, 3)])
    one = table([(17,), (), (), (33,)], [(2, 3), (), (9,), ()])
    assert game.solver_key(one) == game.solver_key(other)
    moved = table([(17,), (), (), (33,)], [(2,), (3,), (9,), ()])
    assert game.solver_key(one) != game.solver_key(moved)
    suited: Any = make("solitaire_follow_suit")
    assert suited.solver_key(one) == suited.solver_key(replace(one, back=(0, 1, 1)))
    assert suited.solver_key(other) != suited.solver_key(one)


def test_the_solver_orders_the_turned_card_where_it_hides_least() -> None:
    game, st = stacked("solitaire", "AS 9H")
    st = play(game, st, "t", "p>f1", "t")  # the nine of hearts is turned
    st = game.table({"pack": game.pile(st, "pack"), "turned": game.pile(st, "turned"),
                     "f1": game.pile(st, "f1"), "w1": (5,), "w3": (12,), "w4": (10,)})
    ordered = [m.code for m in game.order_moves(st, game.legal_moves(st, 0))]
    # on the ten (the lowest card above it), then the queen, then the space, then the five
    assert ordered == ["p>w4", "p>w3", "p>w2", "p>w1"]


def test_the_solver_wins_a_deal_with_this_knowledge() -> None:
    from rules.solver import Budget, replay_line, solve
    game = make("solitaire")
    found = solve(game, game.deal(5), Budget(2_000))
    assert found.won
    done = game.outcome(replay_line(game, game.deal(5), found.line))
    assert done is not None and done.won
