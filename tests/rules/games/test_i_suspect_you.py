"""I Suspect You (Vintage 002 l.234-238): the leader's lowest card called truly, the calls
counting up, a card that need not be what is called, 'I suspect you' and who takes the
pile, the first rid of his cards winning the deal, a match to two (or more) deals."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules import IllegalMove, make, render
from rules.cards import cards
from rules.games.i_suspect_you import LIMIT, ISuspectYou, SuspectState
from rules.prng import Rng
from tests.kit.round_rules import assert_hidden, bot_match, stacked

GAME: Any = make("i_suspect_you", {"players": 3})


def deal(hands: dict[int, str], game: Any = GAME) -> SuspectState:
    """Deal 1 with the seats holding just these cards (a reduced deal, as the book's
    examples are told)."""
    state: SuspectState = game.layout(game.pack(), 5)
    held = tuple(tuple(sorted(cards(hands.get(s, "")), key=lambda c: (c & 15, c)))
                 for s in range(game.seats))
    return replace(state, hands=held)


def play(st: SuspectState, *moves: tuple[int, str], game: Any = GAME) -> SuspectState:
    for seat, code in moves:
        st = game.apply(st, code, seat)
    return st


def test_the_leader_left_of_the_dealer_puts_down_his_lowest_card_and_calls_it() -> None:
    # the whole pack dealt one at a time from the dealer's left: aces and twos elsewhere
    pack = stacked(GAME, {1: "3S 3H", 2: "AS AH AD AC 2S", 0: "2H 2D 2C 3D 3C"})
    st: SuspectState = GAME.layout(pack, 5)
    assert [len(h) for h in st.hands] == [17, 18, 17]
    assert st.match.dealer == 0 and st.turn == 1 and GAME.to_move(st) == (1,)
    assert [m.code for m in GAME.legal_moves(st, 1)] == ["p3s", "p3h"]
    st = deal({1: "3S 3H 9D KC", 2: "AH 5C", 0: "2D 7S"})
    # "plays the lowest card he has (the ace counting lowest)": either three, nothing else
    assert [m.code for m in GAME.legal_moves(st, 1)] == ["p3s", "p3h"]
    with pytest.raises(IllegalMove, match="lowest"):
        GAME.apply(st, "p9d", 1)
    st = play(st, (1, "p3h"))
    pub = GAME.public(st)
    assert pub["claim"] == {"seat": 1, "call": 3, "word": "Three", "last_card": False}
    # "The next player also puts down a card ... and calls the next number"
    assert pub["call"] == "Four" and GAME.to_move(st)[0] == 2


def test_the_calls_count_up_one_two_three_and_go_round_after_king() -> None:
    st = deal({1: "AS 4C KD", 2: "7H 8H", 0: "QS 5D"})
    st = play(st, (1, "pas"))
    assert GAME.public(st)["claim"]["word"] == "One"  # the book's 'No. 1 says "One"'
    st = play(st, (2, "p7h"), (0, "p5d"))
    assert [GAME.public(st)["claim"]["word"], GAME.public(st)["call"]] == ["Three", "Four"]
    st = replace(st, call=13)
    st = play(st, (1, "pkd"))
    assert GAME.public(st)["claim"]["word"] == "King" and GAME.public(st)["call"] == "One"


def test_a_wrong_card_suspected_goes_back_with_the_whole_pile_to_its_player() -> None:
    st = deal({1: "2S 6C 9C", 2: "4D 5H JS", 0: "8S TD QC"})
    # Player 2 calls 'Three' with the 4♦: "It is not necessary for the card laid down to
    # be actually the one called out"
    st = play(st, (1, "p2s"), (2, "p4d"))
    assert GAME.public(st)["claim"]["word"] == "Three"
    # any other player may suspect it: the one whose turn it is, and the one who led
    assert set(GAME.to_move(st)) == {0, 1}
    st = play(st, (1, "suspect"))
    # "The player must then show his card": face up on the pile, for everyone
    for audience in (None, 0, 1, 2):
        pile = next(z for z in render(GAME, st, audience)["zones"] if z["id"] == "pile")
        assert pile["up"] == ["4D"] and pile["down"] == 1
    assert GAME.public(st)["challenge"] == {"by": 1, "against": 2, "call": 3,
                                            "word": "Three", "true": False, "taker": 2}
    # "if it should not be the one he said, he must take all the cards laid down"
    assert GAME.to_move(st) == (2,) and [m.code for m in GAME.legal_moves(st, 2)] == ["take"]
    st = play(st, (2, "take"))
    assert sorted(st.hands[2]) == sorted(cards("2S 4D 5H JS")) and st.pile == ()
    # play goes on with the player whose turn it was, and the next number
    assert GAME.to_move(st) == (0,) and GAME.public(st)["call"] == "Four"


def test_a_right_card_suspected_goes_with_the_pile_to_the_accuser() -> None:
    st = deal({1: "2S 6C 9C", 2: "3D 5H JS", 0: "8S TD QC"})
    st = play(st, (1, "p2s"), (2, "p3d"), (0, "suspect"))
    assert GAME.public(st)["challenge"]["true"] is True
    st = play(st, (0, "take"))
    assert sorted(st.hands[0]) == sorted(cards("2S 3D 8S TD QC"))
    assert GAME.to_move(st) == (0,)  # still his turn to put down a card, calling 'Four'


def test_putting_down_a_card_ends_the_time_to_suspect_the_one_before() -> None:
    st = deal({1: "2S 6C 9C", 2: "3D 5H JS", 0: "8S TD QC"})
    before = play(st, (1, "p2s"))
    st = play(before, (0, "pass"))
    assert GAME.narrate(before, GAME.parse_move("pass"), st) == "Player 1 lets Player 2's 'Two' go."
    assert GAME.to_move(st) == (2,)  # Player 1 let it go; only Player 2 may still speak
    st = play(st, (2, "pjs"))
    assert set(GAME.to_move(st)) == {0, 1}
    with pytest.raises(IllegalMove):
        GAME.apply(st, "suspect", 2)  # nobody suspects his own card


def test_the_first_rid_of_his_cards_wins_once_his_last_card_stands() -> None:
    st = deal({1: "2S 6C", 2: "3D 5H JS", 0: "8S TD QC"})
    st = play(st, (1, "p2s"), (2, "p3d"), (0, "p8s"), (1, "p6c"))
    # his last card is down, but "getting rid of his cards" waits on the others
    assert GAME.public(st)["claim"]["last_card"] is True
    assert set(GAME.to_move(st)) == {0, 2} and GAME.outcome(st) is None
    assert [m.code for m in GAME.legal_moves(st, 2)] == ["suspect", "pass"]
    one_short = play(st, (2, "pass"))
    assert st.match.scores == one_short.match.scores == (0, 0, 0)  # not yet
    won = play(one_short, (0, "pass"))
    assert won.match.scores == (0, 1, 0) and won.match.history[-1].summary == \
        "Deal 1: Player 2 got rid of all his cards."
    # a last card suspected and found false: he takes the pile and plays on
    caught = play(st, (2, "suspect"), (1, "take"))
    assert len(caught.hands[1]) == 4 and caught.match.scores == (0, 0, 0)
    # found true: the accuser takes the pile and the player is out
    honest = play(replace(st, claim=6), (2, "suspect"), (2, "take"))
    assert honest.match.scores == (0, 1, 0)


def test_a_deal_that_reaches_the_limit_goes_to_the_fewest_cards() -> None:
    st = deal({1: "2S 6C", 2: "3D 5H JS", 0: "8S TD QC"})
    st = play(replace(st, plays=LIMIT - 1), (1, "p2s"))
    assert set(GAME.to_move(st)) == {2, 0}  # the limit's card is settled like a last one
    st = play(st, (2, "pass"), (0, "pass"))
    assert st.match.scores == (0, 1, 0)
    assert "fewest cards after 156" in st.match.history[-1].summary


def test_a_match_is_won_by_the_first_to_win_three_deals() -> None:
    assert ISuspectYou().target == 2
    game = ISuspectYou({"players": 3, "target": 3})
    st, _ = bot_match(game, 11)
    out = game.outcome(st)
    assert out is not None and out.won
    (winner,) = out.winners
    assert st.match.scores[winner] == 3 and max(
        s for i, s in enumerate(st.match.scores) if i != winner) < 3
    assert len(st.match.history) == sum(st.match.scores)
    assert out.summary == f"{game.seat_name(winner)} wins the match: the first to win 3 deals."
    # the deal passed to the left each time
    assert st.match.dealer == (len(st.match.history) - 1) % 3
    # one deal short of the end the match goes on
    assert game.outcome(replace(st, phase="between")) is None


def test_the_next_dealer_deals_and_no_hand_is_ever_seen_by_another_seat() -> None:
    game = ISuspectYou({"players": 4, "target": 5})
    st = game.deal(3)
    rng = Rng.from_seed(3)
    dealt = 0
    while game.outcome(st) is None and dealt < 2:
        if st.phase == "between":
            assert game.to_move(st) == (st.match.dealer,) and st.match.dealer == dealt + 1
            dealt += 1
        assert_hidden(game, st)
        seat = game.to_move(st)[0]
        r, rng = rng.next_u64()
        move = game.bot_move(render(game, st, seat), seat, r)
        after = game.apply(st, move, seat)
        assert_hidden(game, after, [game.describe(st, m) for m in game.legal_moves(st, seat)]
                      + [game.narrate(st, game.parse_move(move), after)])
        st = after
    assert dealt == 2


def test_errors_name_no_card() -> None:
    st = deal({1: "3S 3H 9D KC", 2: "AH 5C", 0: "2D 7S"})
    for seat, code in ((1, "p9d"), (1, "pah"), (2, "p5c"), (0, "suspect")):
        with pytest.raises(IllegalMove) as err:
            GAME.apply(st, code, seat)
        assert_hidden(GAME, st, [str(err.value).replace(f"'{code}'", "")])


def test_the_computer_player_tells_the_truth_when_it_can_and_suspects_the_impossible() -> None:
    st = deal({1: "2S 6C 9C", 2: "3D 5H JS 9D", 0: "4S 4H 4C QC"})
    st = play(st, (1, "p2s"))
    assert GAME.bot_move(render(GAME, st, 2), 2, 1) == "p3d"  # 'Three', and it holds one
    st = play(st, (2, "p5h"))  # a 'Three' that is not
    assert GAME.bot_move(render(GAME, st, 0), 0, 1) == "p4s"  # 'Four', and it holds three
    # holding no three it bluffs with the card whose number it will call last
    bluff = deal({1: "2S 6C 9C", 2: "5H JS 9D", 0: "4S 4H 4C QC"})
    bluff = play(bluff, (1, "p2s"))
    assert GAME.bot_move(render(GAME, bluff, 2), 2, 1) == "pjs"
    # all four fours in its own hand: a 'Four' from anyone else must be false
    st4 = deal({1: "2S 6C 9C", 2: "3D 5H JS", 0: "4S 4H 4C 4D"})
    st4 = replace(play(st4, (1, "p2s"), (2, "p5h")), claim=4)
    for r in range(5):
        assert GAME.bot_move(render(GAME, st4, 0), 0, r) == "suspect"
    assert GAME.bot_move(render(GAME, st4, 1), 1, 1) == "pass"
