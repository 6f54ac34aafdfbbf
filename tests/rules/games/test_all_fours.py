"""All Fours (Vintage 002 l.283-298): six cards each and the 13th or 25th turned up,
the turned knave, begging ('Take one' or running the pack), following suit or trumping,
High, Low, Jack and Game each as the book reckons them, partnerships, a match to 7."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules import IllegalMove, make, render
from rules.cards import cards, suit_of
from rules.games.all_fours import AllFours, FoursState, Trick
from tests.kit.round_rules import assert_hidden, bot_match, stacked

TWO: Any = make("all_fours")  # North deals, East is "the player next the dealer"
FOUR: Any = make("all_fours", {"players": 4})


def play(game: Any, st: FoursState, *moves: tuple[int, str]) -> FoursState:
    for seat, code in moves:
        st = game.apply(st, code, seat)
    return st


def last_trick(game: Any, trump: str, done: list[tuple[int, str]], hands: dict[int, str],
               leader: int | None = None, dealer: int = 0) -> FoursState:
    """A deal five tricks in (each ``(leader, cards in order of play)``), the seats
    holding ``hands`` for the sixth, led by the winner of the fifth (or ``leader``)."""
    st: FoursState = game.deal(1)
    trumps = suit_of(cards(trump)[0])
    tricks = []
    for lead, text in done:
        cs = cards(text)
        tricks.append(Trick(lead, cs, (lead + game.winning(cs, trumps)) % game.seats))
    first = tricks[-1].winner if leader is None else leader
    return replace(st, hands=tuple(cards(hands.get(x, "")) for x in range(game.seats)),
                   turned=cards(trump), stock=(), phase="play", tricks=tuple(tricks),
                   turn=first, leader=first, match=replace(st.match, dealer=dealer))


def test_six_each_and_the_thirteenth_or_twenty_fifth_card_turned_up() -> None:
    st: FoursState = TWO.layout(stacked(TWO, {1: "AS"}, dealt=12, then="7H"), 1)
    assert [len(h) for h in st.hands] == [6, 6] and st.turned == cards("7H")
    assert len(st.stock) == 39 and TWO.public(st)["trumps"] == "hearts"
    st4: FoursState = FOUR.layout(stacked(FOUR, {1: "AS"}, dealt=24, then="9C"), 1)
    assert [len(h) for h in st4.hands] == [6] * 4 and st4.turned == cards("9C")
    assert len(st4.stock) == 27
    # "Should the turn-up be a jack, the dealer scores one point"
    jack: FoursState = TWO.layout(stacked(TWO, {1: "AS"}, dealt=12, then="JD"), 1)
    assert jack.match.scores == (1, 0) and "the knave turned up: North" in jack.notes
    jack4: FoursState = FOUR.layout(stacked(FOUR, {1: "AS"}, dealt=24, then="JD"), 1)
    assert jack4.match.scores == (1, 0)
    assert FOUR.public(jack4)["match"]["sides"] == [[0, 2], [1, 3]]


def test_the_player_next_the_dealer_holds_or_begs_and_the_dealer_answers() -> None:
    run = "7H  4S 5S 6S 7S 8S 9S  2H  TS JS QS KS 2D 3D  3C"
    st: FoursState = TWO.layout(stacked(TWO, {1: "AS"}, dealt=12, then=run), 1)
    assert TWO.to_move(st) == (1,) and [m.code for m in TWO.legal_moves(st, 1)] == [
        "hold", "beg"]
    held = play(TWO, st, (1, "hold"))
    assert held.phase == "play" and TWO.to_move(held) == (1,)  # he leads
    begged = play(TWO, st, (1, "beg"))
    assert TWO.to_move(begged) == (0,)
    assert [m.code for m in TWO.legal_moves(begged, 0)] == ["take1", "refuse"]
    # "let him score one, saying, 'Take one'"
    took = play(TWO, begged, (0, "take1"))
    assert took.match.scores == (0, 1) and took.turned == cards("7H")
    assert TWO.to_move(took) == (1,)
    # "or give three more cards ... and then turn up the next card for trumps; if the
    # trump turned up is the same suit as the last, ... another three cards until a
    # different suit turns up"
    ran = play(TWO, begged, (0, "refuse"))
    assert ran.turned == cards("7H 2H 3C") and [len(h) for h in ran.hands] == [12, 12]
    assert TWO.public(ran)["trumps"] == "clubs" and ran.phase == "play"
    assert ran.match.scores == (0, 0) and len(ran.stock) == 39 - 14
    # a knave turned up when the pack is run scores the dealer one too
    knave: FoursState = TWO.layout(stacked(TWO, {1: "AS"}, dealt=12, then="7H 2C 3C 4C "
                                           "5C 6C 7C JC"), 1)
    assert knave.stock[6] == cards("JC")[0]
    knave = play(TWO, knave, (1, "beg"), (0, "refuse"))
    assert knave.turned == cards("7H JC") and knave.match.scores == (1, 0)


def test_a_pack_run_out_while_begging_is_thrown_in_and_dealt_again_by_the_same_dealer(
) -> None:
    # four players: 25 cards, then 13, then 13 leave one; every turn-up a spade
    pack = stacked(FOUR, {1: "AH"}, dealt=24, then="2S 2H 2D 2C 3H 3D 3C 4H 4D 4C 5H 5D 5C "
                   "3S 6H 6D 6C 7H 7D 7C 8H 8D 8C 9H 9D 9C 4S")
    st: FoursState = FOUR.layout(pack, 1)
    st = play(FOUR, st, (1, "beg"), (0, "refuse"))
    assert st.phase == "between" and st.match.dealer == 0 and st.match.deal == 2
    assert "thrown in" in st.match.history[0].summary and st.match.scores == (0, 0)
    st = play(FOUR, st, (0, "deal"))
    assert st.phase == "begging" and FOUR.to_move(st) == (1,)


def test_follow_suit_or_trump_and_the_highest_trump_or_card_of_the_suit_wins() -> None:
    st = last_trick(TWO, "7H", [], {1: "9S 2H 4D", 0: "KS 3S 5H 6C"}, leader=1)
    st = play(TWO, st, (1, "p9s"))
    # North holds spades: a spade, or a trump; not the club
    assert [m.code for m in TWO.legal_moves(st, 0)] == ["pks", "p3s", "p5h"]
    with pytest.raises(IllegalMove, match="Follow suit"):
        TWO.apply(st, "p6c", 0)
    st = play(TWO, st, (0, "p5h"))
    assert st.tricks[-1].winner == 0 and TWO.to_move(st) == (0,)  # the trump wins
    st = play(TWO, st, (0, "p6c"))
    assert [m.code for m in TWO.legal_moves(st, 1)] == ["p2h", "p4d"]  # no club: any
    st = play(TWO, st, (1, "p4d"))
    assert st.tricks[-1].winner == 0  # a card of another suit never wins
    assert AllFours.winning(cards("TS AS KD"), 1) == 1
    assert AllFours.winning(cards("TS AS 2H"), 1) == 2


def test_high_low_jack_and_game_each_reckoned_as_the_book_says() -> None:
    # hearts trumps. North was dealt the ace (High) and played it; East was dealt the
    # two (Low), which North took; the knave of hearts was East's and North won it
    done = [(1, "2H AH"), (0, "KH JH"), (0, "AS TS"), (0, "QS KS"), (1, "5C 4C")]
    st = last_trick(TWO, "7H", done, {1: "9D", 0: "3D"})
    assert [t.winner for t in st.tricks] == [0, 0, 0, 1, 1]
    end = play(TWO, st, (1, "p9d"), (0, "p3d"))
    # High: the ace, North's. Low: the two, its original holder East's although North
    # took it. Jack: East held it, North won it: North. Game: North took A (4); K (3) and
    # the knave (1); A (4) and T (10): 22, against East's Q (2) and K (3): 5 (tens and
    # courts only: the nines, fives and twos count nothing)
    summary = end.match.history[-1].summary
    assert summary == ("Deal 1 (hearts trumps): High (ace): North; Low (two): East; "
                       "Jack: North; Game (22 to 5): North.")
    assert end.match.scores == (3, 1)
    assert end.phase == "between" and TWO.to_move(end) == (1,)  # East deals next


def test_the_jack_held_and_not_lost_scores_for_its_holder() -> None:
    done = [(1, "JH 3H"), (1, "5S 6S"), (0, "7S 8S"), (1, "9S TS"), (0, "2C 3C")]
    st = last_trick(TWO, "7H", done, {1: "9D", 0: "3D"})
    assert st.tricks[0].winner == 1 and st.turn == 1
    end = play(TWO, st, (1, "p9d"), (0, "p3d"))
    assert "Jack: East" in end.match.history[-1].summary


def test_equal_counts_the_dealer_does_not_score_and_no_count_goes_to_the_elder() -> None:
    # ten against ten: "When the players hold equal numbers, the dealer does not score"
    done = [(1, "TS 2S"), (1, "3C TC"), (0, "4D 5D"), (1, "6D 7D"), (0, "4S 5S")]
    st = last_trick(TWO, "7H", done, {1: "9C", 0: "2C"})
    assert [t.winner for t in st.tricks] == [1, 0, 1, 0, 1]
    end = play(TWO, st, (1, "p9c"), (0, "p2c"))
    assert end.match.history[-1].summary.endswith("Game (equal, 10 each): East.")
    nobody = AllFours({"game_tie": "nobody"})
    end = play(nobody, st, (1, "p9c"), (0, "p2c"))
    assert "Game" not in end.match.history[-1].summary
    # "Should no player have either a court card or a ten, the player next to the dealer
    # scores the point for the game" (no trump out either: no High, Low or Jack)
    done = [(1, "2S 3S"), (0, "4S 5S"), (1, "6D 5D"), (1, "6S 7S"), (0, "8S 9S")]
    st = last_trick(TWO, "7H", done, {1: "9C", 0: "2C"})
    assert st.turn == 1
    end = play(nobody, st, (1, "p9c"), (0, "p2c"))
    assert end.match.history[-1].summary == \
        "Deal 1 (hearts trumps): Game (no court card or ten taken): East."


def test_one_trump_out_is_both_high_and_low_to_its_holder() -> None:
    done = [(1, "2S 3S"), (0, "4S 5S"), (1, "6D 5H"), (0, "6S 7S"), (1, "8S 9S")]
    st = last_trick(TWO, "7H", done, {1: "9C", 0: "2C"})
    assert st.turn == 0
    end = play(TWO, st, (0, "p2c"), (1, "p9c"))
    assert end.match.history[-1].summary.startswith(
        "Deal 1 (hearts trumps): High (five): North; Low (five): North;")


def test_partners_score_together_and_the_first_side_to_seven_wins_at_once() -> None:
    done = [(1, "AH 2H 3H 4H"), (1, "5S 6S 7S 8S"), (0, "2D 3D 4D 5D"), (3, "6D 7D 8D 9D"),
            (2, "2C 3C 4C 5C")]
    st = last_trick(FOUR, "7H", done, {1: "6C", 2: "7C", 3: "8C", 0: "9C"})
    st = replace(st, match=st.match.with_scores((6, 6)))
    one_short = play(FOUR, st, (1, "p6c"), (2, "p7c"), (3, "p8c"))
    assert FOUR.outcome(one_short) is None and one_short.phase == "play"
    end = play(FOUR, one_short, (0, "p9c"))
    # High, the ace, was East's: East and West reach 7 at once, before North-South's Low
    out = FOUR.outcome(end)
    assert out is not None and out.winners == (1, 3)
    assert out.summary == "East and West win the match: 7 points to 6."
    assert end.match.scores == (6, 7)
    assert end.match.history[-1].summary == \
        "Deal 1 (hearts trumps): High (ace): East and West; East and West reach 7."


def test_a_whole_match_to_seven_of_computer_players() -> None:
    for game, seed in ((AllFours(), 2), (AllFours({"players": 4}), 3)):
        st, _ = bot_match(game, seed)
        out = game.outcome(st)
        assert out is not None and max(st.match.scores) >= 7 > min(st.match.scores)
        side = st.match.scores.index(max(st.match.scores))
        assert out.winners == tuple(x for x in range(game.seats) if x % 2 == side)
        assert len(st.match.history) == st.match.deal


def test_no_hand_is_seen_by_another_seat_until_the_deal_is_over() -> None:
    game = AllFours({"players": 4})
    st = game.deal(5)
    n = 0
    while game.outcome(st) is None and n < 120:
        seat = game.to_move(st)[0]
        move = game.bot_move(render(game, st, seat), seat, n)
        after = game.apply(st, move, seat)
        assert_hidden(game, st, [game.describe(st, m) for m in game.legal_moves(st, seat)])
        assert_hidden(game, after, [game.narrate(st, game.parse_move(move), after)])
        st, n = after, n + 1
    with pytest.raises(IllegalMove) as err:
        game.apply(game.deal(5), "pzz", 1)
    assert "zz" in str(err.value)


def test_the_computer_player_begs_on_a_poor_hand_and_plays_to_win_points() -> None:
    st: FoursState = TWO.layout(stacked(TWO, {1: "2H 3S 4S 5D 6D 8C"}, dealt=12, then="7H"),
                                1)
    assert TWO.bot_move(render(TWO, st, 1), 1, 0) == "beg"
    st = replace(st, hands=(st.hands[0], cards("JH 3S 4S 5D 6D 8C")))
    assert TWO.bot_move(render(TWO, st, 1), 1, 0) == "hold"
    # following: the cheapest card that wins a ten; else the card worth least
    st = last_trick(TWO, "7H", [], {1: "TS", 0: "2S QS AS 3H"}, leader=1)
    st = play(TWO, st, (1, "pts"))
    assert TWO.bot_move(render(TWO, st, 0), 0, 0) == "pqs"
    st = last_trick(TWO, "7H", [], {1: "KS", 0: "2S QS 3H"}, leader=1)
    st = play(TWO, st, (1, "pks"))
    assert TWO.bot_move(render(TWO, st, 0), 0, 0) == "p3h"  # three at stake: trump it
    st = last_trick(TWO, "7H", [], {1: "9S", 0: "2S QS 3H"}, leader=1)
    st = play(TWO, st, (1, "p9s"))
    assert TWO.bot_move(render(TWO, st, 0), 0, 0) == "pqs"
    st = last_trick(TWO, "7H", [], {1: "AS", 0: "2S TS 3H"}, leader=1)
    st = play(TWO, st, (1, "pas"))
    assert TWO.bot_move(render(TWO, st, 0), 0, 0) == "p3h"
