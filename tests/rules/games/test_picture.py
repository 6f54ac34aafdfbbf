"""Picture (Cheney l.1726-1754): hand-stacked deals for each rule and privilege."""

from __future__ import annotations

from typing import Any

import pytest

from rules import IllegalMove, Play, render
from rules.cards import Card, card, cards, packs
from rules.games.picture import PACK, STOCK, P, Picture
from rules.patience import Table
from tests.kit.stacking import turn_undone_unless_shuffled

GAP = ()


def picture(st: Table) -> tuple[tuple[Card, ...], ...]:
    """The nine places of the picture, row by row (``GAP`` for an empty one)."""
    return st.piles[P:PACK]


def state(game: Picture, picture: tuple[Card | None, ...], pack: tuple[Card, ...],
          stock: tuple[Card, ...]) -> Table:
    """Every base on its family, the picture (``None`` for a gap), the pack (top last)."""
    fams = cards("AS AH AD AC KS KH KD KC")
    t = game.table({f"f{j + 1}": (c,) for j, c in enumerate(fams)}
                   | {f"p{k + 1}": () if c is None else (c,) for k, c in enumerate(picture)}
                   | {"pack": pack, "stock": stock})
    return Table(t.piles, t.down, seed=3)


def stacked(text: str, game: Picture | None = None) -> tuple[Picture, Table]:
    """Deal a pack that starts with ``text`` (first card first), then the rest in order."""
    game = game or Picture()
    rest = list(packs(2))
    head = []
    for c in cards(text):  # the first unused copy of each card named
        copy = c if c in rest else c | 64
        rest.remove(copy)
        head.append(copy)
    return game, game.layout(tuple(head + rest), seed=5)


def codes(game: Picture, st: Table) -> list[str]:
    return [m.code for m in game.legal_moves(st, 0)]


def test_kings_and_aces_are_taken_out_and_nine_cards_make_the_picture() -> None:
    head = (*cards("5C AS 8S KH 6D 7D"), *cards("AS 6D", pack=1), *cards("5D 2C 4D 9S 3H"))
    rest = [c for c in packs(2) if c not in head]
    game = Picture()
    st = game.layout(head + tuple(rest), seed=5)
    assert game.pile(st, "f1") == cards("AS") and game.pile(st, "f6") == cards("KH")
    # the second A♠ is an ordinary card of the picture
    assert tuple(c for (c,) in picture(st)) == \
        (*cards("5C 8S 6D 7D"), *cards("AS 6D", pack=1), *cards("5D 2C 4D"))
    assert st.piles[PACK][-1] == cards("9S")[0]  # turned next
    assert sum(len(f) for f in game.families(st)) == 8 and len(st.piles[PACK]) == 104 - 8 - 9
    assert [m.code for m in game.legal_moves(st, 0)] == ["p8>f4", "s"]


def test_picture_and_stock_cards_go_to_the_families_and_gaps_are_filled() -> None:
    game, st = stacked("2S 9H 9H 9D 9D 9C 9C TS TS 3S JD")
    assert picture(st)[0] == cards("2S")
    assert codes(game, st) == ["p1>f1", "s"]
    st = game.apply(st, "p1>f1", 0)
    assert picture(st)[0] == GAP and game.pile(st, "f1") == cards("AS 2S")
    st = game.apply(st, "s", 0)  # 3♠ turned: fits, and may fill the gap
    assert codes(game, st) == ["w>f1", "w>p1", "s"]
    assert game.describe(st, game.parse_move("w>p1")) == "put 3♠ from the stock in picture place 1"
    st = game.apply(st, "w>f1", 0)
    st = game.apply(st, "s", 0)  # J♦: no family, but it may fill the gap (from the pack)
    assert codes(game, st) == ["w>p1", "s"]
    st = game.apply(st, "w>p1", 0)
    assert picture(st)[0] == cards("JD") and st.piles[STOCK] == ()
    view = render(game, st, None)
    assert view["public"]["gaps"] == 0


def test_picture_only_rule_lets_a_stock_card_reach_a_family_only_as_it_is_turned() -> None:
    game, st = stacked("2S 9H 9H 9D 9D 9C 9C TS TS 3S 2H", Picture({"stock_cards": "picture_only"}))
    st = game.apply(st, "s", 0)  # 3♠: does not fit yet (the 2♠ is in the picture)
    st = game.apply(st, "p1>f1", 0)
    # 3♠ was turned before the 2♠ was played, and is still the card just turned
    assert "w>f1" in codes(game, st)
    st = game.apply(st, "s", 0)  # 2♥ fits and is the card just turned
    assert codes(game, st)[0] == "w>f2"
    st = game.apply(st, "w>f2", 0)  # the 3♠ beneath is no longer fresh
    assert "w>f1" not in codes(game, st)
    with pytest.raises(IllegalMove, match="only as it is turned"):
        game.apply(st, "w>f1", 0)
    assert "w>p1" in codes(game, st)


def _exhaust(game: Picture, st: Table) -> Table:
    while st.piles[PACK]:
        st = game.apply(st, "s", 0)
    return st


def test_the_stock_is_turned_twice_without_shuffling() -> None:
    game = Picture()
    st = state(game, (*cards("5C 6C 7C 8C 9C 5D 6D 7D"), None), cards("TS JH"), ())
    st = _exhaust(game, st)
    assert st.piles[STOCK] == cards("JH TS")
    assert codes(game, st)[-1] == "redeal"
    st = game.apply(st, "redeal", 0)
    # first in, first turned again
    assert st.piles[STOCK] == () and st.piles[PACK][-1] == cards("JH")[0]
    st = game.apply(game.apply(_exhaust(game, st), "redeal", 0), "s", 0)
    st = _exhaust(game, st)
    assert "redeal" not in codes(game, st)
    # the gap can still be filled, and then nothing is left: lost
    st = game.apply(st, "w>p9", 0)
    assert picture(st)[8] == cards("TS") and codes(game, st) == []
    out = game.outcome(st)
    assert out is not None and not out.won


def test_shuffle_option_reshuffles_with_the_deal_s_stream() -> None:
    game = Picture({"shuffle": True})
    base = state(game, (None,) * 9, (), cards("2C 3C 4C 5C 6C 7C 8C 9C TC"))
    a, b = game.apply(base, "redeal", 0), game.apply(base, "redeal", 0)
    assert a == b and sorted(a.piles[PACK]) == sorted(base.piles[STOCK])
    assert a.piles[PACK] != tuple(reversed(base.piles[STOCK]))


@pytest.mark.parametrize("shuffle", [True, False])
def test_a_shuffled_turn_of_the_stock_is_never_taken_back(shuffle: bool) -> None:
    # deal 0, the pack turned through card by card: then the stock is taken up. Shuffled,
    # its new order is news (as a card turned up is): undo stops there, so the player
    # cannot take it back and shuffle again from another stock. Turned over as it lies,
    # its order was known: undo takes it back.
    game = Picture({"shuffle": shuffle})
    play = Play.start(game, 0)
    while "redeal" not in codes(game, play.state):
        play = play.push("s", 0)
    assert len(play.states) == 88  # the 87 cards of the pack turned
    turn_undone_unless_shuffled(play, "redeal", shuffle)


def winning_pack() -> list[Card]:
    """Bases first, then the two families of each suit in step: every card fits."""
    pool = list(packs(2))
    order: list[Card] = []

    def take(rank: int, suit: int) -> None:
        c = next(c for c in pool if c & 63 == card(rank, suit))
        pool.remove(c)
        order.append(c)

    for s in range(4):
        take(1, s)
    for s in range(4):
        take(13, s)
    for k in range(1, 13):
        for s in range(4):
            take(1 + k, s)
            take(13 - k, s)
    return order


def test_a_dissolving_view() -> None:
    # l.1753-1754: "your picture will prove a dissolving view and disappear"
    game = Picture()
    st = game.layout(tuple(winning_pack()), seed=1)
    while game.outcome(st) is None:
        ms: Any = [m for m in game.legal_moves(st, 0) if ">f" in m.code] or [
            m for m in game.legal_moves(st, 0) if m.code == "s"]
        st = game.apply(st, ms[0], 0)
    out = game.outcome(st)
    assert out is not None and out.won and out.summary == "all 104 cards in the families"
    assert all(c == GAP for c in picture(st)) and all(len(f) == 13 for f in game.families(st))
