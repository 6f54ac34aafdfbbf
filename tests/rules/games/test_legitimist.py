"""The Legitimist (Cheney l.970-1009): hand-stacked deals for each rule and privilege."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import IllegalMove, render
from rules.cards import RANK_CODES, cards, packs, rank_of
from rules.game import Move
from rules.games.legitimist import BASES, Legitimist
from rules.patience import Table
from rules.prng import Rng

GAME = Legitimist()


def position(fams: tuple[tuple[int, ...], ...], pack: tuple[int, ...],
                    stock: tuple[int, ...], redeals: int, seed: int) -> Table:
    """A position: the families, the pack (top last), the stock (top last)."""
    t = GAME.table({f"f{i + 1}": f for i, f in enumerate(fams)} | {"pack": pack, "stock": stock})
    return replace(t, redeals=redeals, seed=seed)


def stacked(text: str) -> Table:
    """A pack that starts with ``text`` (first card dealt first), then the rest."""
    head = list(cards(text))
    rest = list(packs(2))
    for c in head:  # take the first-pack copies out (use pack=1 for twins in text)
        rest.remove(c)
    return GAME.layout(tuple(head + rest), seed=5)


def codes(st: Table) -> list[str]:
    return [m.code for m in GAME.legal_moves(st, 0)]


def test_the_first_king_is_taken_out_and_bases_come_as_they_appear() -> None:
    st = stacked("5C KH 7D QS")
    assert GAME.families(st)[0] == cards("KH")
    assert GAME.pile(st, "pack")[-1] == cards("5C")[0]
    assert codes(st) == ["s", "auto"]
    before, st = st, GAME.apply(st, "s", 0)  # 5♣: no base of that rank, to the stock
    assert GAME.pile(st, "stock") == cards("5C")
    assert GAME.narrate(before, Move("s"), st) == "turn up 5♣; it goes to the stock"
    st = GAME.apply(st, "s", 0)  # 7♦ takes the seven's place although the six is missing
    assert GAME.families(st)[6] == cards("7D") and GAME.pile(st, "stock") == cards("5C")
    st = GAME.apply(st, "s", 0)  # Q♠ is the queen's base, though the king wants a queen
    assert GAME.families(st)[1] == cards("QS")


def test_families_go_down_regardless_of_suit_and_the_ace_takes_a_king() -> None:
    st = stacked("KS QH QD")
    st = GAME.apply(st, "s", 0)  # Q♥ becomes the queen's base
    st = GAME.apply(st, "s", 0)  # Q♦ to the stock, and fits the king's family
    assert codes(st) == ["w>f1", "s", "auto"]
    assert GAME.describe(st, Move("w>f1")) == "play Q♦ from the stock on the king's family"
    st = GAME.apply(st, "w>f1", 0)
    assert GAME.families(st)[0] == cards("KS QD") and GAME.pile(st, "stock") == ()
    # wrap: a family on an ace takes a king
    fam = ((*cards("3S 2H AD"),), *GAME.families(st)[1:])
    st2 = position(fam, GAME.pile(st, "pack"), cards("KC"), 0, 5)
    assert "w>f1" in codes(st2)


def test_a_complete_family_takes_no_fourteenth_card() -> None:
    full = tuple(cards("KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"))
    st = position((full,) + ((),) * 7, cards("2D"), cards("KH"), 0, 5)
    assert "w>f1" not in codes(st)
    with pytest.raises(IllegalMove):
        GAME.apply(st, "w>f1", 0)


def test_two_shuffled_relays_then_the_game_is_lost() -> None:
    st = position(((cards("KS")),) + ((),) * 7, (), cards("5C 4D 3H"), 0, 5)
    assert codes(st) == ["redeal", "auto"]
    st = GAME.apply(st, "redeal", 0)
    assert st.redeals == 1 and GAME.pile(st, "stock") == ()
    assert sorted(GAME.pile(st, "pack")) == sorted(cards("5C 4D 3H"))
    assert render(GAME, st, None)["public"]["redeals_left"] == 1
    while GAME.pile(st, "pack"):
        st = GAME.apply(st, "s", 0)
    st = GAME.apply(st, "redeal", 0)
    while GAME.pile(st, "pack"):
        st = GAME.apply(st, "s", 0)
    assert codes(st) == [] and GAME.to_move(st) == ()
    out = GAME.outcome(st)
    assert out is not None and not out.won
    early = position(((cards("KS")),) + ((),) * 7, cards("2C"), cards("5C"), 0, 5)
    with pytest.raises(IllegalMove, match="pack is used up"):
        GAME.apply(early, "redeal", 0)


def test_relays_shuffle_with_our_prng_and_replay() -> None:
    st = position(((cards("KS")),) + ((),) * 7, (), cards("5C 4D 3H 2S 9D"), 0, 5)
    a, b = GAME.apply(st, "redeal", 0), GAME.apply(st, "redeal", 0)
    assert a == b  # a replay re-deals the same
    # the k-th re-lay is shuffled by sub-stream k of the deal's seed
    assert GAME.pile(a, "pack") == Rng.from_seed(5, 1).shuffled(cards("5C 4D 3H 2S 9D"))[0]


def winning_order() -> list[int]:
    """A pack that wins by turning and playing: the king, the bases, then each family's
    next card in turn."""
    pool: dict[int, list[int]] = {}
    for c in packs(2):
        pool.setdefault(rank_of(c), []).append(c)
    order: list[int] = []
    for r in BASES:
        order.append(pool[r].pop())
    tops = list(BASES)
    for _ in range(12):
        for i, t in enumerate(tops):
            t = t - 1 if t > 1 else 13
            tops[i] = t
            order.append(pool[t].pop())
    return order


def test_the_book_s_finish_tops_read_ace_to_seven() -> None:
    # l.997-1000: "a row of piles whose top cards number from the ace to the seven"
    order = winning_order()
    st = GAME.layout(tuple(order), seed=1)
    while GAME.outcome(st) is None:
        ms = GAME.legal_moves(st, 0)
        st = GAME.apply(st, ms[0], 0)
    out = GAME.outcome(st)
    assert out is not None and out.won
    tops = [RANK_CODES[rank_of(f[-1])] for f in GAME.families(st)]
    assert tops == ["A", "K", "Q", "J", "T", "9", "8", "7"]
    assert all(len(f) == 13 for f in GAME.families(st))


def test_auto_plays_to_the_end() -> None:
    st = GAME.deal(11)
    end = GAME.apply(st, "auto", 0)
    assert GAME.outcome(end) is not None


def test_the_shape_of_a_turn_does_not_tell_where_the_unseen_card_will_go() -> None:
    """Turning the pack's top card sends it to its family when it is a base whose family
    is empty, else to the stock: a shape naming that place would tell every audience what
    the face-down card is before it is turned. Deals 0 and 1 turn a base and another card
    first; their turns must look the same (the pack, nothing said of where)."""
    from rules import Play, make

    game = make("legitimist", {})
    shapes = []
    for deal in (0, 1):
        state = Play.start(game, deal).state
        turn = next(m for m in game.legal_moves(state, 0) if m.code == "s")
        for audience in (None, 0):
            shapes.append(game.shape(state, turn, 0, audience))
    assert all(s == shapes[0] for s in shapes), shapes
    assert shapes[0].source == "pack" and shapes[0].target is None
