"""Speculation (Vintage 002 l.301-307): the stakes, three cards each left face down and
the trump card turned up, each player turning up one card in turn, trumps kept or sold to
the best bidder, the highest trump taking the pool."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules import IllegalMove, make, render
from rules.cards import cards, parse
from rules.games.speculation import SpecState, Speculation
from tests.kit.round_rules import assert_hidden, bot_match, stacked

GAME: Any = make("speculation", {"players": 3})  # Player 1 deals, Player 2 turns first


def deal(hands: dict[int, str], trump: str) -> SpecState:
    """Deal 1: each seat's three in the order dealt (the first is turned up first)."""
    st: SpecState = GAME.layout(stacked(GAME, hands, dealt=9, then=trump), 7)
    return st


def play(st: SpecState, *moves: tuple[int, str]) -> SpecState:
    for seat, code in moves:
        st = GAME.apply(st, code, seat)
    return st


def codes(st: SpecState, seat: int) -> list[str]:
    return [m.code for m in GAME.legal_moves(st, seat)]


def test_the_stakes_three_cards_each_face_down_and_the_trump_card_turned_up() -> None:
    st = deal({1: "2S 3S 4S", 2: "5S 6S 7S", 0: "8S 9S TS"}, "4H")
    # "he puts, say, six counters in the pool and every other player puts four"
    assert st.pool == 14 and st.match.scores == (34, 36, 36)
    assert st.packs == (cards("TS 9S 8S"), cards("4S 3S 2S"), cards("7S 6S 5S"))
    assert st.held == (cards("4H"), (), ()) and GAME.public(st)["trumps"] == "hearts"
    # "The cards must be left upon the table": nobody sees them, their owner included
    for audience in (None, 0, 1, 2):
        zones = {z["id"]: z for z in render(GAME, st, audience)["zones"]}
        assert [zones[f"pack{x}"]["down"] for x in range(3)] == [3, 3, 3]
        assert not any(zones[f"pack{x}"]["up"] for x in range(3))
        assert zones["held0"]["up"] == ["4H"]


def test_the_turn_up_is_offered_first_then_each_turns_one_card_in_turn() -> None:
    st = deal({1: "2S 3S 4S", 2: "5S 6S 7S", 0: "8S 9S TS"}, "4H")
    # the dealer's trump card is for sale: the players bid in turn from his left
    assert GAME.to_move(st) == (1,) and codes(st, 1)[:3] == ["bid1", "bid2", "bid3"]
    assert codes(st, 1)[-2:] == ["bid14", "pass"]  # at most the pool
    st = play(st, (1, "pass"), (2, "pass"))
    assert st.phase == "turning" and GAME.to_move(st) == (1,)  # nobody bid: he keeps it
    # "the player on the left-hand side of the dealer turns up his top card"
    st = play(st, (1, "turn"))
    assert st.held[1] == cards("2S") and GAME.to_move(st) == (2,)
    st = play(st, (2, "turn"), (0, "turn"), (1, "turn"))
    assert st.held == (cards("4H 8S"), cards("2S 3S"), cards("5S"))


def test_a_trump_shown_is_bid_for_in_turn_and_sold_to_the_highest_bidder() -> None:
    st = deal({1: "KH 3S 4S", 2: "5S 6S 7S", 0: "8S 9S TS"}, "4H")
    st = play(st, (1, "pass"), (2, "pass"), (1, "turn"))
    # the king of trumps: "the other players bid for it in turn"
    assert st.phase == "bidding" and GAME.to_move(st) == (2,)
    st = play(st, (2, "bid3"), (0, "bid5"))
    with pytest.raises(IllegalMove):
        GAME.apply(st, "bid5", 2)  # more than the last bid, or pass
    st = play(st, (2, "bid6"), (0, "pass"))
    # all but the highest bidder have passed: the owner sells or keeps
    assert st.phase == "deciding" and GAME.to_move(st) == (1,)
    assert codes(st, 1) == ["sell", "keep"]
    assert GAME.public(st)["auction"]["bid"] == 6 and GAME.public(st)["auction"]["bidder"] == 2
    sold = play(st, (1, "sell"))
    # "the owner sells it for the highest price he can get": the buyer pays him
    assert sold.held[1] == () and sold.held[2] == cards("KH")
    assert sold.match.scores == (34, 36 + 6, 36 - 6) and GAME.to_move(sold) == (2,)
    kept = play(st, (1, "keep"))
    assert kept.held[1] == cards("KH") and kept.match.scores == (34, 36, 36)


def test_only_a_trump_above_every_trump_shown_is_offered() -> None:
    st = deal({1: "KH 3H 4S", 2: "5S 6S 7S", 0: "8S 9S TS"}, "4H")
    st = play(st, (1, "pass"), (2, "pass"), (1, "turn"), (2, "pass"), (0, "pass"))
    st = play(st, (2, "turn"), (0, "turn"), (1, "turn"))
    assert st.held[1] == cards("KH 3H") and st.phase == "turning"  # the 3♥: no sale


def test_the_highest_trump_takes_the_pool_and_the_turn_up_is_the_dealers() -> None:
    st = deal({1: "KH 3S 4S", 2: "5S 6S 7S", 0: "8S 9S TS"}, "4H")
    st = play(st, (1, "pass"), (2, "pass"), (1, "turn"), (2, "bid6"), (0, "pass"),
              (1, "sell"))
    for _ in range(8):
        one_short = st
        st = play(st, (st.turn, "turn"))
    # every card shown: Player 3 holds the king he bought, the highest trump
    assert one_short.phase == "turning" and one_short.match.history == ()
    assert st.match.scores == (34, 42, 30 + 14) and st.pool == 0
    assert st.match.history[0].summary == ("Deal 1 (hearts trumps): Player 3 held the "
                                           "highest trump, the king, and took the pool (14).")
    assert st.phase == "between" and GAME.to_move(st) == (1,)
    # "Should none of the other players have a trump card in his hand, and the turn-up
    # card not having been purchased ..., the dealer takes the pool"
    st = deal({1: "2S 3S 4S", 2: "5S 6S 7S", 0: "8S 9S TS"}, "4H")
    st = play(st, (1, "pass"), (2, "pass"))
    for _ in range(9):
        st = play(st, (st.turn, "turn"))
    assert st.match.scores == (34 + 14, 36, 36)
    # ... and when it was purchased, its buyer does
    st = deal({1: "2S 3S 4S", 2: "5S 6S 7S", 0: "8S 9S TS"}, "4H")
    st = play(st, (1, "bid2"), (2, "pass"), (0, "sell"))
    for _ in range(9):
        st = play(st, (st.turn, "turn"))
    assert st.match.scores == (34 + 2, 36 - 2 + 14, 36)


def test_the_ace_is_high_the_highest_trump_of_all() -> None:
    # "The highest trump in each deal wins the pool" (l.301), ace high: the ace of trumps
    # turned up after the king is above every trump shown, so it is offered for sale ...
    st = deal({1: "KH 3S 4S", 2: "AH 6S 7S", 0: "8S 9S TS"}, "4H")
    st = play(st, (1, "pass"), (2, "pass"), (1, "turn"), (2, "pass"), (0, "pass"))
    st = play(st, (2, "turn"))
    assert st.held[2] == cards("AH") and st.phase == "bidding" and GAME.to_move(st) == (0,)
    assert GAME.public(st)["best"] == {"card": "AH", "seat": 2}
    # ... and takes the pool over the king
    st = play(st, (0, "pass"), (1, "pass"))
    while st.phase == "turning":
        st = play(st, (st.turn, "turn"))
    assert st.match.scores == (34, 36, 36 + 14)
    assert "Player 3 held the highest trump, the ace" in st.match.history[0].summary
    # the computer player prices it so: nothing face down can beat it
    ace = deal({1: "AH 3S 4S", 2: "5S 6S 7S", 0: "8S 9S TS"}, "2H")
    ace = play(ace, (1, "pass"), (2, "pass"), (1, "turn"))
    assert GAME.worth(render(GAME, ace, 2), parse("AH")) == ace.pool


def test_a_whole_match_each_player_deals_once_and_most_counters_win() -> None:
    game = Speculation({"players": 4})
    st, _ = bot_match(game, 6)
    out = game.outcome(st)
    assert out is not None and len(st.match.history) == 4
    best = max(st.match.scores)
    assert out.winners == tuple(x for x, s in enumerate(st.match.scores) if s == best)
    assert sum(st.match.scores) == 4 * 40  # every counter staked went back out
    assert game.outcome(replace(st, phase="turning")) is None
    assert [h.deal for h in st.match.history] == [1, 2, 3, 4]


def test_no_card_face_down_is_seen_and_no_sentence_names_one() -> None:
    game = Speculation({"players": 4})
    st = game.deal(2)
    n = 0
    while game.outcome(st) is None:
        seat = game.to_move(st)[0]
        move = game.bot_move(render(game, st, seat), seat, n)
        after = game.apply(st, move, seat)
        assert_hidden(game, st, [game.describe(st, m) for m in game.legal_moves(st, seat)])
        assert_hidden(game, after, [game.narrate(st, game.parse_move(move), after)])
        st, n = after, n + 1
    with pytest.raises(IllegalMove) as err:
        game.apply(game.deal(2), "turn", 1)
    assert_hidden(game, game.deal(2), [str(err.value)])


def test_the_computer_player_bids_what_a_trump_is_worth() -> None:
    st = deal({1: "AH 3S 4S", 2: "5S 6S 7S", 0: "8S 9S TS"}, "2H")
    # the two of trumps: likely beaten by one of the nine cards still face down
    assert GAME.bot_move(render(GAME, st, 1), 1, 0) == "pass"
    st = play(st, (1, "pass"), (2, "pass"), (1, "turn"))
    # the ace of trumps cannot be beaten: worth the whole pool (14), bid to 4/5 of it
    assert GAME.bot_move(render(GAME, st, 2), 2, 0) == "bid1"
    st = play(st, (2, "bid11"))
    assert GAME.bot_move(render(GAME, st, 0), 0, 0) == "pass"  # 12 > 11.2
    st = play(st, (0, "pass"))
    assert GAME.bot_move(render(GAME, st, 1), 1, 0) == "keep"  # a sure winner
    st = deal({1: "TH 3S 4S", 2: "5S 6S 7S", 0: "8S 9S TS"}, "2H")
    st = play(st, (1, "pass"), (2, "pass"), (1, "turn"), (2, "bid10"), (0, "pass"))
    assert GAME.bot_move(render(GAME, st, 1), 1, 0) == "sell"  # 10 for a doubtful ten
