"""Weavers (Cheney l.2827-2869): twelve places, weavers laid aside, chains, two re-deals."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import IllegalMove, make
from rules.cards import Card, card, cards, packs, rank_of
from rules.games.weavers import Weavers, chain
from rules.patience import Table
from tests.kit.stacking import codes, play

GAME = Weavers()
KINGS = tuple((c,) for c in sorted((c for c in packs(2) if rank_of(c) == 13),
                                   key=lambda c: (c >> 6, c)))


def won_layout() -> tuple[Card, ...]:
    """A pack whose laying out leaves queens on top, then knaves, ... aces at the bottom,
    no card in its own place and no number twice in a pile (found by a small search)."""
    by_rank = {r: [c for c in packs(2) if rank_of(c) == r] for r in range(1, 13)}
    ranks = [r for r in range(12, 0, -1) for _ in range(8)]
    layers: list[list[int]] = []  # layer 0 is the top; each: the rank in each place
    for layer in range(8):
        row = ranks[12 * layer:12 * layer + 12]
        for shift in range(12):
            placed = [row[(p + shift) % 12] for p in range(12)]
            if any(r == p + 1 for p, r in enumerate(placed)):
                continue
            if layers and any(r == layers[-1][p] for p, r in enumerate(placed)):
                continue
            layers.append(placed)
            break
    assert len(layers) == 8
    order: list[Card] = []
    for row in reversed(layers):  # the bottom layer is dealt first
        order += [by_rank[r].pop() for r in row]
    kings = [c for c in packs(2) if rank_of(c) == 13]
    return (*kings, *order)


def state(piles: list[str], weavers: str = "", fams: tuple[tuple[Card, ...], ...] = KINGS,
          redeals: int = 0) -> Table:
    return position(fams, tuple(cards(p) for p in piles), cards(weavers), redeals)


def position(fams: tuple[tuple[Card, ...], ...], piles: tuple[tuple[Card, ...], ...],
             weavers: tuple[Card, ...], redeals: int = 0) -> Table:
    t = GAME.table({f"f{j + 1}": f for j, f in enumerate(fams)}
                   | {f"p{i + 1}": p for i, p in enumerate(piles)} | {"weavers": weavers})
    return replace(t, redeals=redeals)


def places(t: Table) -> tuple[tuple[Card, ...], ...]:
    return tuple(GAME.pile(t, f"p{i + 1}") for i in range(12))


def weavers(t: Table) -> tuple[Card, ...]:
    return GAME.pile(t, "weavers")


def families(t: Table) -> tuple[tuple[Card, ...], ...]:
    return GAME.families(t)


def test_the_kings_are_the_families_and_fitting_cards_become_weavers() -> None:
    # "an ace in the first place or a knave in the eleventh" is laid aside (l.2834-2838)
    deal = cards("AS 3H 3D 5C 2S 7S 8S 9S TS 2D JS 5D 2C")
    st = GAME.layout(deal + tuple(c for c in packs(2) if c not in deal), seed=0)
    assert families(st) == KINGS
    assert weavers(st)[:3] == cards("AS 3D JS")
    # the count goes on: place 1 gets no card in the first round, but the two of clubs
    # in the second; places 2, 4 and 12 keep their first cards
    assert [places(st)[i][0] for i in (0, 1, 3, 11)] == list(cards("2C 3H 5C 5D"))
    assert sum(len(p) for p in places(st)) + len(weavers(st)) == 96


def test_top_cards_go_down_on_the_kings_following_suit() -> None:
    st = state(["QS", "QH JH", "QC", "JS"])
    assert codes(GAME, st) == ["p1>f1", "p3>f4", "auto"]
    st = play(GAME, st, "p1>f1")
    assert codes(GAME, st) == ["p3>f4", "p4>f1", "auto"]
    with pytest.raises(IllegalMove):
        GAME.apply(st, "p2>f2", 0)  # J♥ on K♥: not in order


def test_a_weaver_only_when_no_top_card_fits_then_the_chain_runs() -> None:
    st = state(["5D", "3C", "7H", "4S"], weavers="3H 3H")
    assert codes(GAME, st) == ["w3h", "auto"]  # twins give one move
    # 3♥ under place 3; its top 7♥ under place 7; place 7's top is 7♥ itself: stop
    after = play(GAME, st, "w3h")
    assert places(after)[2] == cards("3H") and places(after)[6] == cards("7H")
    assert weavers(after) == cards("3H")
    # with a queen under place 4's four: 3♥, 4♠ wanders to place 4, its top ... the
    # chain stops as soon as some top card fits a family
    st = state(["5D", "3C", "QH 4S"], weavers="3H")
    after = chain(st, 0)
    assert places(after)[2] == cards("3H QH") and places(after)[3] == cards("4S")
    assert codes(GAME, after)[0] == "p3>f2"


def test_a_chain_ends_at_a_card_in_its_own_place() -> None:
    st = state(["5D", "3C", "2S 9D", "8C 7H"], weavers="4H")
    after = chain(st, 0)
    # 4♥ under 4: top 7♥ goes under 7 (empty: 7♥ is its top, in its own place)
    assert places(after)[3] == cards("4H 8C") and places(after)[6] == cards("7H")
    # and at once when the pile fed shows a card of its own number on top
    st = state(["5D", "3C", "2S 9D", "8C 4D"], weavers="4H")
    after = chain(st, 0)
    assert places(after)[3] == cards("4H 8C 4D") and places(after)[7] == ()


def test_redeals_use_only_the_places_still_needed() -> None:
    queens = tuple((*k, q) for k, q in zip(
        KINGS, sorted((c for c in packs(2) if rank_of(c) == 12), key=lambda c: (c >> 6, c)),
        strict=True))
    st = state(["5D 5D", "3C", "2S 9D", "8C 7H", "JS"], fams=queens)
    assert codes(GAME, st) == ["p5>f1", "auto"]
    st = state(["5D 5D", "3C", "2S 9D", "8C 7H", "2H"], fams=queens)
    assert codes(GAME, st) == ["r", "auto"]
    after = play(GAME, st, "r")
    # taken up place by place without shuffling, laid round the nine places left
    # (the highest number left is nine): 5 5 3 2 9 8 7 2 go to places 1-8, and the
    # three in place three and the seven in place seven are weavers again
    assert after.redeals == 1
    assert places(after)[:9] == tuple(cards(x) for x in
                                    ("5D", "5D", "", "2S", "9D", "8C", "", "2H", ""))
    assert weavers(after) == cards("3C 7H")
    assert all(not p for p in places(after)[9:])


def test_stuck_after_the_second_redeal_is_lost() -> None:
    st = state(["5D", "3C"], redeals=2)
    assert codes(GAME, st) == []
    outcome = GAME.outcome(st)
    assert outcome is not None and not outcome.won
    assert outcome.summary == "8 of 104 cards in the families; no weaver and no re-deal is left"
    assert make("weavers", {"redeals": 1}).outcome(state(["5D", "3C"], redeals=1)) is not None
    assert GAME.outcome(state(["5D", "3C"], redeals=1)) is None


def test_a_stacked_pack_completes_the_eight_families() -> None:
    st = GAME.layout(won_layout(), seed=0)
    assert weavers(st) == ()
    while GAME.outcome(st) is None:
        st = play(GAME, st, codes(GAME, st)[0])
    outcome = GAME.outcome(st)
    assert outcome is not None and outcome.won
    assert [rank_of(c) for c in families(st)[0]] == list(range(13, 0, -1))


def test_one_ace_short_is_not_a_win_and_families_stop_at_the_ace() -> None:
    full = tuple(tuple(card(r, s % 4, s // 4) for r in range(13, 0, -1)) for s in range(8))
    st = position((*full[:7], full[7][:-1]), (cards("AC", 1), *((),) * 11), ())
    assert not GAME.won(st) and codes(GAME, st) == ["p1>f8", "auto"]
    assert GAME.won(play(GAME, st, "p1>f8"))
    st = position((*full[:7], full[7][:-1]), (cards("KC"), *((),) * 11), (), redeals=2)
    assert codes(GAME, st) == []  # nothing goes on an ace (no going round the corner)
