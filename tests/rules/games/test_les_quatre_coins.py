"""Les Quatre Coins (Cadogan l.361-450), with the stand-in placing of the foundations."""

from __future__ import annotations

from dataclasses import replace

from rules.cards import Card, card, cards, packs
from rules.games.les_quatre_coins import LesQuatreCoins, dealing
from rules.patience import Table
from rules.solo import pack_of
from tests.kit.stacking import codes, play, stack

GAME = LesQuatreCoins()
FILLER = "9C 9C 9D 9D 8C 8C 8D 8D 7C 7C 7D 7D 6C 6C 6D 6D"


def dealt(text: str) -> Table:
    return GAME.layout(stack(text, packs(2)), 0)


def coins(found: tuple[tuple[Card, ...], ...], packets: tuple[tuple[Card, ...], ...],
          pack: tuple[Card, ...], dealing: bool = True, at: int = 0, redeals: int = 0
          ) -> Table:
    """A position: foundations f1-f8, packets c1-c12, the pack (top last)."""
    t = GAME.table({f"f{j + 1}": f for j, f in enumerate(found)}
                   | {f"c{i + 1}": p for i, p in enumerate(packets)} | {"pack": pack})
    return GAME.marked(replace(t, redeals=redeals), dealt=int(not dealing), at=at)


def found(st: Table, j: int) -> tuple[Card, ...]:
    return GAME.pile(st, f"f{j + 1}")


def packet(st: Table, i: int) -> tuple[Card, ...]:
    return GAME.pile(st, f"c{i + 1}")


def pending(st: Table) -> int:
    return GAME.mark(st, "pending") - 1


def test_the_stand_in_is_shown_and_the_foundation_cards_go_up_at_once() -> None:
    assert "stand-in" in GAME.description.title
    st = dealt("AH 5C KS 9D")
    assert found(st, 0) == cards("AH") and found(st, 5) == cards("KS")  # ♥ row 1, ♠ row 2
    assert packet(st, 0) == cards("5C") and packet(st, 1) == cards("9D")


def test_a_card_on_a_corner_may_be_played_a_side_card_only_on_its_own_foundation() -> None:
    # A♥ up; 2♥ falls on the left top corner: it may be played
    st = dealt("AH 2H")
    assert pending(st) == 0 and codes(GAME, st) == ["c1>f1", "n"]
    st = play(GAME, st, "c1>f1")
    # the next card goes in its stead
    assert found(st, 0) == cards("AH 2H") and GAME.mark(st, "at") == 0
    # 2♥ falls on left side 1, beside the ♥ ace foundation: allowed
    st = dealt("AH 5C 2H")
    assert pending(st) == 1
    # 2♠ falls on left side 1 (beside ♥): not allowed, the deal goes on past it
    st = dealt("AS 5C 2S 9D")
    assert packet(st, 1)[0] == cards("2S")[0] and found(st, 1) == cards("AS")
    assert not (pending(st) == 1 and packet(st, 1)[-1] == cards("2S")[0])  # dealt past it
    # ... but on left side 2, beside the ♠ ace foundation, it may be played
    st = dealt("AS 5C 9D 2S")
    assert pending(st) == 2


def test_after_the_deal_restrictions_cease_and_marriages_go_both_ways() -> None:
    packets = tuple(cards(t) for t in ("2S", "7H", "8H", "9H", "5D", "6D",
                                       "QC", "JC", "TC", "3S", "KD", "QD"))
    st = coins((cards("AH"), cards("AS"), (), (), (), (), (), ()), packets, (),
                    dealing=False)
    moves = codes(GAME, st)
    assert "c1>f2" in moves  # 2♠ from a corner
    assert "c2>c3" in moves and "c4>c3" in moves  # 7♥ and 9♥ onto 8♥
    assert "redeal" not in moves  # a card can still be played


def test_reversing_a_sequence_onto_a_nine() -> None:
    # "if one of the packets contained a sequence, beginning with deuce and ascending to
    # eight ..., and one of the other packets had at the top a nine of the same suit, the
    # eight might be placed on the nine, the rest of the sequence following, till the
    # deuce became the top" (l.434-442)
    packets = (cards("2S 3S 4S 5S 6S 7S 8S"), cards("9S"), *[cards("KC")] * 10)
    st = coins(((),) * 8, packets, (), dealing=False)
    for _ in range(7):
        st = play(GAME, st, "c1>c2")
    assert packet(st, 1) == cards("9S 8S 7S 6S 5S 4S 3S 2S") and packet(st, 0) == ()


def test_two_re_deals_taken_up_in_order_and_dealt_as_before() -> None:
    packets = tuple(cards(t) for t in ("5C 6C", "7H", "9S", "JD", "4C", "3D",
                                       "QC", "9D", "TC", "3S", "QH", "5H"))
    st = coins((cards("AH"), cards("AS"), (), (), (), (), (), ()), packets, (),
                    dealing=False)
    assert codes(GAME, st)[-2:] == ["redeal", "end"]
    st = play(GAME, st, "redeal")
    assert st.redeals == 1 and packet(st, 0)[0] == cards("5C")[0]
    while dealing(GAME, st):
        st = play(GAME, st, "n")
    assert sorted(c for i in range(12) for c in packet(st, i)) == \
        sorted(c for p in packets for c in p)
    st = play(GAME, st, "redeal")
    while dealing(GAME, st):
        st = play(GAME, st, "n")
    assert "redeal" not in codes(GAME, st)


def test_a_stacked_deal_is_won_one_card_short_is_not() -> None:
    order: list[str] = []
    for r in "A23456789TJQK":
        order += [f"{r}{s}" for s in "SHDC"]
    for r in "KQJT98765432A":
        order += [f"{r}{s}" for s in "SHDC"]
    st = dealt(" ".join(order))
    for _ in range(2000):
        if sum(len(found(st, j)) for j in range(8)) == 103:
            assert GAME.outcome(st) is None
        if GAME.outcome(st) is not None:
            break
        moves = codes(GAME, st)
        st = play(GAME, st, next((m for m in moves if ">f" in m), moves[0]))
    out = GAME.outcome(st)
    assert out is not None and out.won


def test_stuck_after_the_last_re_deal_is_lost() -> None:
    packets: tuple[tuple[Card, ...], ...] = tuple((card(9, 3),) for _ in range(12))
    st = coins(((),) * 8, packets, (), dealing=False, redeals=2)
    assert codes(GAME, st) == []
    out = GAME.outcome(replace(st))
    assert out is not None and not out.won


def test_a_card_both_foundations_of_its_suit_take_may_go_on_either() -> None:
    # The ♥ ace foundation at the four, the ♥ king foundation at the six: a five of
    # hearts "belongs" to both. Falling on right side 1, beside the ♥ king foundation, it
    # may be played there (l.407-412), though the ace foundation takes it too.
    fams = (cards("AH 2H 3H 4H"), (), (), (), cards("KH QH JH TH 9H 8H 7H 6H"),
             (), (), ())
    st = GAME.deal_on(coins(fams, ((),) * 12, pack_of(cards("5H 9C")), at=7))
    assert pending(st) == 7 and codes(GAME, st) == ["c8>f5", "n"]
    # on left side 1, beside the ♥ ace foundation, it goes there
    st = GAME.deal_on(coins(fams, ((),) * 12, pack_of(cards("5H 9C")), at=1))
    assert codes(GAME, st) == ["c2>f1", "n"]
    # on a corner, or after the deal, on either: the other then wants the twin
    st = GAME.deal_on(coins(fams, ((),) * 12, pack_of(cards("5H 9C")), at=0))
    assert codes(GAME, st) == ["c1>f1", "c1>f5", "n"]
    after = coins(fams, (cards("5H"), *[cards("9C")] * 11), (), dealing=False)
    assert codes(GAME, after)[:2] == ["c1>f1", "c1>f5"]
    st = play(GAME, after, "c1>f5")
    assert found(st, 4)[-1] == cards("5H")[0] and found(st, 0)[-1] == cards("4H")[0]
