"""Cadogan's terms (001 l.1-65), as the predicates her games read with."""

from __future__ import annotations

from rules.cadogan import (
    ACES_UP,
    ASCENDING,
    BOTH,
    DESCENDING,
    KINGS_DOWN,
    Foundation,
    available,
    available_cards,
    deals_in_all,
    foundations_complete,
    in_sequence,
    is_lane,
    lanes,
    marries,
    outermost,
    released,
    suited,
    takers,
    talon_or_pack,
    talon_top,
    to_play,
)
from rules.cards import cards, parse


def c(text: str) -> int:
    return parse(text)


def test_only_the_uppermost_card_of_a_packet_is_available() -> None:
    assert available(cards("7H 3S KD")) == c("KD")
    assert available(()) is None
    assert available_cards((cards("2S 5H"), (), cards("9C"))) == [(0, c("5H")), (2, c("9C"))]


def test_the_available_card_of_a_column_of_places_is_in_its_last_occupied_place() -> None:
    assert outermost((cards("2S"), cards("9H 8H"), ())) == 1
    assert outermost(((), ())) == -1


def test_removing_the_blocking_cards_releases_the_card_beneath() -> None:
    before = cards("2S 5H 9C")
    assert released(before, before[:-1]) == c("5H")
    assert released(before, before[:-2]) == c("2S")
    assert released(before, before) is None          # nothing removed
    assert released(before, ()) is None              # nothing left to release


def test_a_marriage_is_the_same_suit_and_the_next_value() -> None:
    # "marry in a descending line": the seven of hearts on the eight of hearts.
    assert marries(c("7H"), c("8H"), DESCENDING)
    assert not marries(c("8H"), c("7H"), DESCENDING)
    assert marries(c("8H"), c("7H"), ASCENDING)
    assert not marries(c("7H"), c("8H"), ASCENDING)
    assert marries(c("7H"), c("8H"), BOTH) and marries(c("8H"), c("7H"), BOTH)
    assert not marries(c("7H"), c("8D"), BOTH)       # another suit
    assert not marries(c("7H"), c("9H"), BOTH)       # not the next value
    assert not marries(c("KH"), c("AH"), BOTH)       # no wrap


def test_a_sequence_need_not_be_of_one_suit() -> None:
    assert in_sequence(c("8H"), c("7S"), DESCENDING)
    assert in_sequence(c("7S"), c("8H"), ASCENDING)
    assert not in_sequence(c("8H"), c("6H"), BOTH)


def test_foundations_ascend_or_descend_following_suit() -> None:
    assert ACES_UP.suitable((), c("AS")) and not ACES_UP.suitable((), c("2S"))
    assert ACES_UP.suitable(cards("AS"), c("2S"))
    assert not ACES_UP.suitable(cards("AS"), c("2H"))        # follows suit
    assert KINGS_DOWN.suitable(cards("KD QD"), c("JD"))
    assert not KINGS_DOWN.suitable(cards("KD QD"), c("KD"))
    free = Foundation(follow_suit=False)
    assert free.suitable(cards("AS"), c("2H"))


def test_a_foundation_stops_where_it_ends() -> None:
    full = cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS")
    assert ACES_UP.complete(full) and not ACES_UP.complete(full[:-1])
    to_queens = Foundation(last=12)
    assert to_queens.complete(full[:-1]) and not to_queens.suitable(full[:-1], c("KS"))
    # Going round from king to ace, to the hour of a clock (here seven).
    clock = Foundation(base=6, wrap=True, last=1)
    pile = cards("6C 7C 8C 9C TC JC QC KC")
    assert clock.suitable(pile, c("AC")) and not clock.complete(pile)
    assert clock.complete((*pile, c("AC")))
    assert not clock.suitable((*pile, c("AC")), c("2C"))
    # Four families on one ace, 52 cards.
    mill = Foundation(follow_suit=False, wrap=True, size=52)
    assert mill.suitable(cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"), c("AH"))


def test_to_play_finds_the_foundation_under_way_before_an_empty_one() -> None:
    kinds = suited(ACES_UP, 8)
    piles = ((), cards("AH"), (), (), (), (), (), ())
    assert to_play(kinds, piles, c("2H")) == 1
    assert to_play(kinds, piles, c("AH")) == 5       # the second ace of hearts
    assert to_play(kinds, piles, c("AS")) == 0
    assert to_play(kinds, piles, c("3H")) == -1
    assert to_play((ACES_UP, ACES_UP), ((), ()), c("AD")) == 0
    assert not foundations_complete(kinds, piles)


def test_takers_offers_every_foundation_that_takes_the_card() -> None:
    hill = (*suited(ACES_UP, 4), *suited(KINGS_DOWN, 4))
    spades_meet = (cards("AS 2S 3S 4S"), (), (), (), cards("KS QS JS TS 9S 8S 7S 6S"),
                   (), (), ())
    # A five fits the spade ace foundation at the four and the king foundation at the six.
    assert takers(hill, spades_meet, c("5S")) == (0, 4)
    assert to_play(hill, spades_meet, c("5S")) == 0
    assert takers(hill, spades_meet, c("5H")) == ()
    # An ace may start its own foundation or end the king one down to the deuce (G4);
    # to_play sent it to the one under way.
    down = ((), (), (), (), (*cards("KS QS JS TS 9S 8S 7S 6S 5S 4S 3S"), c("2S")),
            (), (), ())
    assert takers(hill, down, c("AS")) == (0, 4)
    assert to_play(hill, down, c("AS")) == 4
    # A king starts the king foundation alone.
    assert takers(hill, down, c("KH")) == (5,)


def test_takers_offers_foundations_that_are_alike_once() -> None:
    wood = suited(ACES_UP, 8)
    assert takers(wood, ((),) * 8, c("AH")) == (1,)
    both_at_two = ((), cards("AH 2H"), (), (), (), cards("AH 2H"), (), ())
    assert takers(wood, both_at_two, c("3H")) == (1,)
    apart = ((), cards("AH 2H"), (), (), (), cards("AH"), (), ())
    assert takers(wood, apart, c("2H")) == (5,)
    assert takers(wood, apart, c("3H")) == (1,)
    assert takers(wood, apart, c("AH")) == ()
    # Without following suit the tops' suits are alike too.
    mixed = Foundation(follow_suit=False)
    assert takers((mixed, mixed), (cards("AS"), cards("AH")), c("2D")) == (0,)


def test_to_play_is_the_first_taker_under_way_else_the_first() -> None:
    spades = cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS")
    hill = (*suited(ACES_UP, 4), *suited(KINGS_DOWN, 4))
    wood = suited(ACES_UP, 8)
    for a in range(14):
        for b in range(14):
            for kinds, piles in (
                    (hill, (spades[:a], (), (), (), spades[::-1][:b], (), (), ())),
                    (wood, (spades[:a], (), (), (), spades[:b], (), (), ()))):
                for card in spades:
                    t = takers(kinds, piles, card)
                    first = next((j for j in t if piles[j]), t[0] if t else -1)
                    assert to_play(kinds, piles, card) == first


def test_lanes_and_the_talon() -> None:
    piles = (cards("2S"), (), cards("3S"), ())
    assert lanes(piles) == (1, 3) and is_lane(()) and not is_lane(cards("2S"))
    talon, pack = cards("4D 9C"), cards("5H 6H")
    assert talon_top(talon) == c("9C") and talon_top(()) is None
    assert talon_or_pack(talon, pack) == (c("9C"), cards("4D"), pack)
    assert talon_or_pack((), pack) == (c("6H"), (), cards("5H"))
    assert talon_or_pack((), ()) is None


def test_re_deals_are_in_addition_to_the_original_deal() -> None:
    assert deals_in_all(2) == 3
