"""Puzzle (Cheney l.1878-1906): kings above four piles, families from the pile below."""

from __future__ import annotations

from dataclasses import replace

from rules import make
from rules.cards import Card, card, cards, packs
from rules.games.puzzle import ORDER, Puzzle
from rules.history import remember
from rules.patience import Table
from tests.kit.stacking import codes, play

GAME = Puzzle()


def family(suit: int, n: int = 8) -> tuple[Card, ...]:
    return tuple(card(r, suit) for r in ORDER[:n])


def state(fams: list[int], piles: list[str]) -> Table:
    """Families of spades, hearts, ... with ``n`` cards each; piles bottom to top."""
    ps = tuple(cards(p) for p in piles)
    t = GAME.table({f"f{s + 1}": family(s, n) for s, n in enumerate(fams)}
                   | {f"p{i + 1}": p for i, p in enumerate(ps)})
    return remember(replace(t, seed=3), frozenset((ps,)))


def piles(t: Table) -> tuple[tuple[Card, ...], ...]:
    return tuple(GAME.pile(t, f"p{i + 1}") for i in range(4))


def families(t: Table) -> tuple[tuple[Card, ...], ...]:
    return GAME.families(t)


def test_kings_go_above_and_the_others_are_dealt_round_the_four_piles() -> None:
    order = (*cards("9S KH 7D AC KS 8H"), *(c for c in packs(1, euchre=True)
                                           if c not in cards("9S KH 7D AC KS 8H")))
    st = GAME.layout(order, seed=0)
    assert [f[0] for f in families(st)] == list(cards("KH KS KD KC"))
    assert piles(st)[0][:2] == cards("9S AS")
    assert [p[0] for p in piles(st)[1:]] == list(cards("7D AC 8H"))
    assert sum(len(p) for p in piles(st)) == 28


def test_a_family_takes_only_from_the_pile_below_it_and_the_ace_after_the_seven() -> None:
    st = state([1, 1, 7, 1], ["9S", "QD", "AH", "7C"])
    # the queen on pile 2 fits family 1's king, but pile 2 feeds family 2 only
    assert codes(GAME, st) == ["p2", "p3", "auto"]
    st = play(GAME, st, "p3")
    assert families(st)[2][-1] == cards("AH")[0] and len(families(st)[2]) == 8


def test_a_stacked_deal_is_won() -> None:
    kings = cards("KS KH KD KC")
    levels = [[card(r, s) for s in range(4)] for r in (1, 7, 8, 9, 10, 11, 12)]
    st = GAME.layout((*kings, *(c for lv in levels for c in lv)), seed=0)
    assert [p[-1] for p in piles(st)] == list(cards("QS QH QD QC"))
    out = GAME.outcome(play(GAME, st, "auto"))
    assert out is not None and out.won


def test_one_card_short_is_not_a_win() -> None:
    st = state([8, 8, 8, 7], ["", "", "", "AC"])
    assert GAME.outcome(st) is None and codes(GAME, st) == ["p4", "auto"]
    out = GAME.outcome(play(GAME, st, "p4"))
    assert out is not None and out.won


def test_re_lay_when_blocked_and_a_layout_that_comes_back_is_lost() -> None:
    st = state([1, 1, 1, 1], ["9S 7S", "8S", "AS", "TS"])
    assert codes(GAME, st) == ["relay", "end", "auto"]
    st = play(GAME, st, "relay")  # taken up in order: 9♠ 7♠ 8♠ A♠ 10♠, dealt round
    assert piles(st) == (cards("9S TS"), cards("7S"), cards("8S"), cards("AS"))
    assert GAME.outcome(st) is None
    st = play(GAME, st, "relay")
    st = play(GAME, st, "relay")
    assert piles(st) == (cards("9S 8S"), cards("AS"), cards("TS"), cards("7S"))
    for _ in range(120):  # five cards in four piles come round well within this
        if GAME.outcome(st) is not None:
            break
        st = play(GAME, st, "relay")
    out = GAME.outcome(st)
    assert out is not None and not out.won and "go round for ever" in out.summary


def test_giving_up_at_a_re_lay_loses() -> None:
    st = play(GAME, state([1, 1, 1, 1], ["9S", "8S", "AS", "TS"]), "end")
    out = GAME.outcome(st)
    assert out is not None and not out.won and "patience is exhausted" in out.summary


def test_a_finished_family_takes_nothing_more() -> None:
    st = state([8, 1, 1, 1], ["AS", "9S", "9S", "9S"])
    assert codes(GAME, st) == ["relay", "end", "auto"]


def test_shuffled_re_lays_use_the_deals_own_stream() -> None:
    game = Puzzle({"relay": "shuffled"})
    st = state([1, 1, 1, 1], ["9S 7S", "8S", "AS", "TS"])
    a = game.apply(st, "relay", 0)
    assert a == game.apply(st, "relay", 0) and not game.mark(a, "looped")
    assert game.irreversible(st, game.parse_move("relay"), a)
    assert not GAME.irreversible(st, GAME.parse_move("relay"), GAME.apply(st, "relay", 0))


def test_too_few_cards_to_reach_an_open_familys_pile_is_lost() -> None:
    for game in (GAME, make("puzzle", {"relay": "shuffled"})):
        st = state([8, 8, 8, 4], ["8S", "7C", "AD", ""])
        assert codes(game, st) == []
        out = game.outcome(st)
        assert out is not None and not out.won and "too few" in out.summary


def test_option_a_king_goes_above_the_pile_where_it_turned_up() -> None:
    above = make("puzzle", {"kings": "above_their_pile"})
    head = cards("9S KH 7D AC KS 8H")
    st = above.layout((*head, *(c for c in packs(1, euchre=True) if c not in head)), seed=0)
    assert families(st)[1] == cards("KH") and families(st)[3] == cards("KS")
    head = cards("KD KC 9S")  # two kings at the first pile: the second goes on its right
    st = above.layout((*head, *(c for c in packs(1, euchre=True) if c not in head)), seed=0)
    assert families(st)[:2] == (cards("KD"), cards("KC"))
    assert sorted(len(f) for f in families(st)) == [1, 1, 1, 1]
