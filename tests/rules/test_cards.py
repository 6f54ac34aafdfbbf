from __future__ import annotations

import pytest

from rules import cards
from rules.cards import card, code, identity, name, pack_of, parse, rank_of, suit_of


def test_fields_round_trip() -> None:
    for p in range(4):
        for s in cards.SUITS:
            for r in cards.RANKS:
                c = card(r, s, p)
                assert (rank_of(c), suit_of(c), pack_of(c)) == (r, s, p)


def test_names_and_codes() -> None:
    assert name(card(1, cards.SPADES)) == "A♠"
    assert name(card(10, cards.HEARTS)) == "10♥"
    assert code(card(10, cards.HEARTS)) == "TH"
    assert code(card(13, cards.CLUBS, 1)) == "KC"
    assert parse("10h") == parse("TH") == parse("10♥") == card(10, cards.HEARTS)
    assert parse("q♠", pack=1) == card(12, cards.SPADES, 1)


@pytest.mark.parametrize("text", ["", "X", "1S", "AX", "11H", "♠"])
def test_parse_refuses_non_cards(text: str) -> None:
    with pytest.raises(ValueError):
        parse(text)


def test_packs() -> None:
    one = cards.standard_pack()
    assert len(one) == len(set(one)) == 52
    assert len(cards.packs(2)) == len(set(cards.packs(2))) == 104
    assert len(set(cards.packs(4))) == 208
    euchre = cards.euchre_pack()
    assert len(euchre) == 32
    assert sorted({rank_of(c) for c in euchre}) == [1, 7, 8, 9, 10, 11, 12, 13]
    twins = cards.packs(2)
    assert sorted(identity(c) for c in twins[:52]) == sorted(identity(c) for c in twins[52:])
    assert cards.is_red(parse("QD")) and not cards.is_red(parse("QC"))
