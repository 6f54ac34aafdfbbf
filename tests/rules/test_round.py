"""rules/round.py: the match, deal seeds, hands and the order of seats of round games."""

from __future__ import annotations

import json

import pytest

from rules.cards import standard_pack
from rules.prng import shuffle
from rules.round import (
    Match,
    deal_cards,
    deal_round,
    hand_zone,
    left_of,
    match_outcome,
    next_in_play,
    pack_zone,
    pick,
    seats_from,
)

PACK = standard_pack()


def test_seats_go_round_to_the_left() -> None:
    assert [left_of(s, 4) for s in range(4)] == [1, 2, 3, 0]
    assert seats_from(2, 4) == (2, 3, 0, 1)
    assert seats_from(0, 1) == (0,)


def test_the_next_seat_in_play_skips_those_out_and_may_be_none() -> None:
    assert next_in_play(0, [True, False, True, True]) == 2
    assert next_in_play(3, [True, False, True, True]) == 0
    assert next_in_play(2, [False, True, False, False]) == 1
    # the seat itself is not its own next seat, in play or not
    assert next_in_play(1, [False, True, False]) is None
    assert next_in_play(1, [False, False, False]) is None


def test_deal_one_is_the_games_own_shuffle_and_each_deal_its_own_stream() -> None:
    assert deal_cards(77, 1, PACK) == shuffle(77, PACK)
    deals = [deal_cards(77, k, PACK) for k in (1, 2, 3)]
    assert len(set(deals)) == 3 and all(sorted(d) == sorted(PACK) for d in deals)
    assert deal_cards(77, 2, PACK) == deal_cards(77, 2, PACK)
    assert deal_cards(78, 2, PACK) != deal_cards(77, 2, PACK)
    assert Match.start(77, 3).next_deal().cards(PACK) == deals[1]
    with pytest.raises(ValueError):
        deal_cards(77, 0, PACK)


def test_dealing_round_starts_left_of_the_dealer_and_the_first_served_get_the_extra() -> None:
    hands = deal_round(PACK[:10], 3, first=1)
    assert hands[1] == (PACK[0], PACK[3], PACK[6], PACK[9])
    assert hands[2] == (PACK[1], PACK[4], PACK[7])
    assert hands[0] == (PACK[2], PACK[5], PACK[8])
    six = deal_round(PACK, 4, first=0, count=6)
    assert [len(h) for h in six] == [6, 6, 6, 6] and six[0][1] == PACK[4]
    with pytest.raises(ValueError):
        deal_round(PACK[:5], 3, 0, count=2)


def test_a_hand_is_private_to_its_owner_and_a_pack_face_down_to_all() -> None:
    h = hand_zone(2, PACK[:3], "South")
    assert (h.id, h.kind, h.owner, h.private, h.up, h.label) == \
        ("hand2", "hand", 2, True, 3, "South")
    p = pack_zone(1, PACK[:5], "East's pack")
    assert (p.id, p.owner, p.private, p.up, p.face_up) == ("pack1", 1, False, 0, ())


def test_a_match_moves_the_deal_round_and_keeps_its_history() -> None:
    m = Match.start(seed=5, seats=3)
    assert (m.deal, m.dealer, m.first, m.scores, m.history) == (1, 0, 1, (0, 0, 0), ())
    m = m.add(1, 4).close_deal("East took four.")
    m = m.next_deal()
    assert (m.deal, m.dealer, m.first, m.scores) == (2, 1, 2, (0, 4, 0))
    m = m.close_deal("South took two.", scores=(0, 4, 2)).next_deal().next_deal()
    assert (m.deal, m.dealer) == (4, 0)
    assert [(h.deal, h.summary, h.scores) for h in m.history] == \
        [(1, "East took four.", (0, 4, 0)), (2, "South took two.", (0, 4, 2))]
    assert Match.start(5, 2, scores=(5, 5), dealer=1).first == 0


def test_the_public_match_is_the_contracts_shape_and_carries_no_seed() -> None:
    seed = 987654321987
    m = Match.start(seed, 4).add(0, 2).close_deal("North: two.").next_deal()
    pub = m.public("points", target=7, sides=((0, 2), (1, 3)))
    assert pub == {"deal": 2, "dealer": 1, "scores": [2, 0, 0, 0], "score_label": "points",
                   "target": 7, "history": [{"deal": 1, "summary": "North: two.",
                                             "scores": [2, 0, 0, 0]}],
                   "sides": [[0, 2], [1, 3]]}
    assert json.loads(json.dumps(pub)) == pub
    assert str(seed) not in json.dumps(pub)
    live = m.public("cards", scores=(10, 20, 22, 0))
    assert live["scores"] == [10, 20, 22, 0] and "sides" not in live and live["target"] is None


def test_a_matchs_outcome_names_its_winners_and_everyone_else_lost() -> None:
    names = ("North", "East", "South", "West")
    one = match_outcome((2,), names, "all the cards")
    assert (one.won, one.winners, one.summary) == \
        (True, (2,), "South wins the match: all the cards.")
    assert match_outcome((1, 3), names).summary == "East and West share the match."
    assert match_outcome((0, 1, 3), names).summary == "North, East and West share the match."


def test_a_computer_players_pick_follows_its_draw() -> None:
    assert pick("abc", 4) == "b" and pick([7], 2**64 - 1) == 7
    with pytest.raises(ValueError):
        pick([], 1)



def test_a_secret_order_is_fixed_by_the_match_and_differs_by_deal_and_draw() -> None:
    m = Match.start(31, 3)
    hand = PACK[:10]
    assert m.secret_order(hand, 0) == m.secret_order(hand, 0)
    orders = {m.secret_order(hand, k) for k in range(4)} | {
        m.next_deal().secret_order(hand, 0)}
    assert len(orders) == 5 and all(sorted(o) == sorted(hand) for o in orders)
    assert m.secret_order(PACK, 0) not in {deal_cards(31, k, PACK) for k in (1, 2, 3)}


def test_a_deal_may_pass_over_seats_out_of_play() -> None:
    live = [True, False, True, True]
    hands = deal_round(PACK[:7], 4, first=2, in_play=live)
    assert hands[1] == () and hands[2] == (PACK[0], PACK[3], PACK[6])
    assert hands[3] == (PACK[1], PACK[4]) and hands[0] == (PACK[2], PACK[5])
    assert [len(h) for h in deal_round(PACK, 4, 0, count=5, in_play=live)] == [5, 0, 5, 5]
    m = Match.start(1, 4)  # the dealer is North; East is out of play
    assert m.first_in_play(live) == 2
    assert m.next_deal(live).dealer == 2 and m.next_deal().dealer == 1
    with pytest.raises(ValueError):
        m.next_deal([False] * 4)
