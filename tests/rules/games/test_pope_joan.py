"""Pope Joan (Vintage 002 l.240-256): the eight of diamonds out, the first knave deals,
the board dressed, the stops, the trump card's pools, runs to a stop, the pools taken by
their cards, matrimony and intrigue, going out, the Pope excusing its holder, and the
pools carried from deal to deal."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules import IllegalMove, make, render
from rules.cards import card, cards, code, packs, parse
from rules.games.pope_joan import (
    DRESS,
    POOLS,
    PopeJoan,
    PopeState,
    first_dealer,
    next_in_run,
)
from rules.prng import shuffle
from tests.kit.round_rules import assert_hidden, bot_match, stacked

GAME: Any = make("pope_joan")  # four players, six stops, 40 counters each
SEED = 0  # the first knave of seed 0's cut falls to Player 1: he deals, Player 2 leads


def board(**pools: int) -> tuple[int, ...]:
    return tuple(pools.get(p, 0) for p in POOLS)


def position(hands: dict[int, str], trump: str = "2C", stops: str = "",
             pools: tuple[int, ...] = (0,) * 8, leader: int = 1) -> PopeState:
    """Deal 1 with the seats holding just these cards (a reduced deal)."""
    st: PopeState = GAME.deal(SEED)
    held = tuple(cards(hands.get(s, "")) for s in range(4))
    return replace(st, hands=held, trump=cards(trump), stops=cards(stops), board=pools,
                   leader=leader, match=st.match.with_scores((40,) * 4))


def lead(st: PopeState, seat: int, c: str) -> PopeState:
    after: PopeState = GAME.apply(st, "p" + c, seat)
    return after


def test_the_eight_of_diamonds_is_out_and_the_first_knave_deals() -> None:
    assert len(GAME.pack()) == 51 and card(8, 2) not in GAME.pack()
    assert first_dealer(SEED, 4) == 0
    cut = shuffle(SEED, packs(1), stream=1 << 20)
    first = next(i for i, c in enumerate(cut) if c & 15 == 11)
    assert first % 4 == 0 and GAME.deal(SEED).match.dealer == 0
    assert {first_dealer(s, 4) for s in range(12)} == {0, 1, 2}  # it depends on the cut


def test_the_dealer_dresses_the_board_and_deals_hands_stops_and_a_trump() -> None:
    pack = stacked(GAME, {1: "2D", 2: "3D", 3: "4D"}, dealt=44, then="AS 2S 3S 4S 5S 6S",
                   last="7C")
    st: PopeState = GAME.layout(pack, SEED)
    # "One counter to each ace, king, queen, jack, and game, two to matrimony ..., two to
    # intrigue ..., and six to the nine of diamonds": fifteen, all the dealer's
    assert dict(zip(POOLS, st.board, strict=True)) == {
        "Ace": 1, "King": 1, "Queen": 1, "Knave": 1, "Matrimony": 2, "Intrigue": 2,
        "Pope": 6, "Game": 1}
    assert st.match.scores == (25, 40, 40, 40) and sum(DRESS) == 15
    # four players: 44 cards deal eleven each, so six stops; then the trump card
    assert [len(h) for h in st.hands] == [11] * 4
    assert st.stops == cards("AS 2S 3S 4S 5S 6S") and st.trump == cards("7C")
    assert GAME.public(st)["trumps"] == "clubs" and GAME.to_move(st) == (1,)
    three: Any = make("pope_joan", {"players": 3})
    five: Any = make("pope_joan", {"players": 5})
    assert (three.stops_size, five.stops_size, GAME.stops_size) == (8, 6, 6)
    st5 = five.deal(1)
    assert sorted(len(h) for h in st5.hands) == [8, 9, 9, 9, 9] and len(st5.stops) == 6
    eight: Any = make("pope_joan", {"stops": "eight"})
    assert len(eight.deal(1).stops) == 8


def test_an_honour_turned_up_for_trumps_gives_the_dealer_its_pool() -> None:
    st: PopeState = GAME.layout(stacked(GAME, {1: "2D"}, dealt=44, last="QC"), SEED)
    assert st.board == board(Ace=1, King=1, Knave=1, Matrimony=2, Intrigue=2, Pope=6,
                             Game=1)
    assert st.match.scores == (25 + 1, 40, 40, 40)


def test_the_pope_turned_up_takes_pope_and_game_and_a_counter_a_card_then_a_fresh_deal(
) -> None:
    st: PopeState = GAME.layout(stacked(GAME, {1: "2D"}, dealt=44, last="9D"), SEED)
    # the dealer takes Pope's 6 and Game's 1, and 11 counters from each of three players
    assert st.match.scores == (25 + 7 + 33, 29, 29, 29)
    assert st.board == board(Ace=1, King=1, Queen=1, Knave=1, Matrimony=2, Intrigue=2)
    assert st.phase == "between" and GAME.to_move(st) == (1,)  # the deal passes left
    assert "the Pope turned up" in st.match.history[0].summary
    st = GAME.apply(st, "deal", 1)
    # the pools not won are carried over and the new dealer dresses the board again
    assert st.match.dealer == 1 and st.match.deal == 2
    assert dict(zip(POOLS, st.board, strict=True))["Matrimony"] == 4
    assert dict(zip(POOLS, st.board, strict=True))["Intrigue"] == 4


def test_a_run_goes_on_until_a_stop_and_the_stopper_leads() -> None:
    # "if the leader plays the two of diamonds, whoever holds the three plays it, some one
    # follows with the four, and so on until a stop occurs"
    st = position({1: "2D TC", 2: "3D 5D KH", 3: "4D 9S", 0: "6D 7D JH"}, trump="2C")
    st = lead(st, 1, "2d")
    assert st.played == cards("2D 3D 4D 5D 6D 7D") and st.by == (1, 2, 3, 2, 0, 0)
    # the seven of diamonds is always a stop (its eight is out): its player leads
    assert GAME.to_move(st) == (0,)
    assert [p["card"] for p in GAME.public(st)["last_run"]] == ["2D", "3D", "4D", "5D",
                                                                 "6D", "7D"]
    # a card whose next card lies among the stops is a stop
    st = position({1: "5S 9H", 2: "6S 7H", 3: "TH"}, stops="7S")
    st = lead(st, 1, "5s")
    assert st.played == cards("5S 6S") and GAME.to_move(st) == (2,)
    # ... and the turned-up trump, and a card already played
    st = position({1: "5S 9H", 2: "6S 7H", 3: "TH"}, trump="7S")
    assert GAME.to_move(lead(st, 1, "5s")) == (2,)
    st = lead(position({1: "9H 5S", 2: "6S 8H TH", 3: "7H"}), 1, "9h")
    assert st.played == cards("9H TH") and GAME.to_move(st) == (2,)
    st = lead(st, 2, "8h")  # the nine is played: the eight is a stop
    assert GAME.to_move(st) == (2,)
    # a king is a stop: he who leads it leads again
    st = lead(position({1: "KS 9H", 2: "6S"}), 1, "ks")
    assert GAME.to_move(st) == (1,)


def test_the_seven_of_diamonds_is_always_a_stop() -> None:
    # "the four kings and the seven of diamonds are also always stops" (l.248): the
    # eight is out, and nothing takes its place, not even the Pope, the next diamond
    # left in the pack; the Pope's holder keeps it (and its pool stays on the board)
    pools = board(Pope=6)
    st = lead(position({1: "7D 2H", 2: "9D 3H", 3: "4H"}, pools=pools), 1, "7d")
    assert st.played == cards("7D") and GAME.to_move(st) == (1,)
    assert st.hands[2] == cards("9D 3H") and st.board == pools
    # a run that reaches it stops there, whoever holds the Pope
    st = lead(position({1: "5D 2H", 2: "6D 9D", 3: "7D 4H"}), 1, "5d")
    assert st.played == cards("5D 6D 7D") and GAME.to_move(st) == (3,)
    # the rule of the run says it by itself, like a king's: nothing follows either
    assert next_in_run(parse("7D")) is None and next_in_run(parse("KS")) is None
    assert next_in_run(parse("6D")) == parse("7D") and next_in_run(parse("7S")) == parse("8S")
    assert next_in_run(parse("AH")) == parse("2H")  # ace low: the two follows it


def test_pool_cards_matrimony_and_intrigue_and_the_pope() -> None:
    pools = board(Ace=1, King=2, Queen=3, Knave=4, Matrimony=5, Intrigue=6, Pope=7, Game=8)
    st = position({1: "JC QC KC 2H", 2: "AC 3H", 3: "9D 4H", 0: "5H"}, trump="2C",
                  pools=pools)
    st = lead(st, 1, "jc")  # the knave of trumps, then his own queen and king follow
    # Knave 4, Queen 3, Intrigue 6 (queen and knave), King 2, Matrimony 5 (king and queen)
    assert st.match.scores == (40, 40 + 4 + 3 + 6 + 2 + 5, 40, 40)
    assert st.board == board(Ace=1, Pope=7, Game=8)
    st = replace(st, leader=2)
    st = lead(st, 2, "ac")
    assert st.match.scores[2] == 41 and st.board == board(Pope=7, Game=8)
    st = lead(replace(st, leader=3), 3, "9d")  # the Pope
    assert st.match.scores[3] == 47 and st.board == board(Game=8)
    # the queen and king of trumps played by two players make no matrimony
    st = position({1: "QC", 2: "KC 5H", 3: "4H"}, pools=pools)
    st = lead(replace(st, hands=(cards("2S"), cards("QC 3S"), cards("KC 5H"), cards("4H"))),
              1, "qc")
    assert st.board[POOLS.index("Matrimony")] == 5


def test_going_out_takes_the_game_pool_and_a_counter_a_card_but_the_pope_pays_nothing(
) -> None:
    st = position({1: "2S 3S 7C", 2: "9D 4H 5H", 3: "6H 7H 8H 9H", 0: "TH"},
                  pools=board(Game=3, Ace=2))
    one_short = lead(st, 1, "2s")  # the three follows: his own; then a stop
    assert one_short.phase == "play" and one_short.hands[1] == cards("7C")
    assert one_short.match.history == () and GAME.to_move(one_short) == (1,)
    out = lead(one_short, 1, "7c")
    assert out.played == cards("2S 3S 7C") and out.hands[1] == ()
    assert out.match.history[-1].summary.startswith("Deal 1: Player 2 went out")
    # Player 3 holds the Pope: excused; Player 4 pays 4, Player 1 pays 1
    assert out.match.scores == (39, 40 + 3 + 5, 40, 36)
    # the Ace pool, not won, remains for the next deal
    assert out.board == board(Ace=2)
    st = GAME.apply(out, "deal", 1)
    assert st.trump[0] & 15 != 1  # (so the ace pool is not the dealer's at once)
    assert st.board[0] == 2 + 1 and st.match.scores[1] == out.match.scores[1] - 15


def test_a_whole_match_each_player_deals_once_and_most_counters_win() -> None:
    game = PopeJoan({"players": 3})
    st, moves = bot_match(game, 4)
    out = game.outcome(st)
    assert out is not None and len(st.match.history) == 3
    best = max(st.match.scores)
    assert out.winners == tuple(x for x, s in enumerate(st.match.scores) if s == best)
    assert f"most counters ({best})" in out.summary
    # every counter is somewhere: in a hand or on the board
    assert sum(st.match.scores) + sum(st.board) == 3 * 40
    # the last deal not yet played out is not the end
    assert game.outcome(replace(st, phase="play")) is None
    assert game.outcome(replace(st, phase="between")) is None
    two = PopeJoan({"players": 3, "rounds": 2})
    st2, _ = bot_match(two, 4)
    assert len(st2.match.history) == 6 and moves > 6


def test_no_hand_is_seen_by_another_seat_and_no_sentence_names_a_hidden_card() -> None:
    game = PopeJoan({"players": 4})
    st = game.deal(8)
    n = 0
    while game.outcome(st) is None:
        seat = game.to_move(st)[0]
        move = game.bot_move(render(game, st, seat), seat, n)
        after = game.apply(st, move, seat)
        assert_hidden(game, st, [game.describe(st, m) for m in game.legal_moves(st, seat)])
        assert_hidden(game, after, [game.narrate(st, game.parse_move(move), after)])
        st, n = after, n + 1
    held = next(c for h in st.hands for c in h)
    with pytest.raises(IllegalMove) as err:
        game.apply(game.deal(8), "p" + code(held).lower(), game.deal(8).leader)
    assert code(held) not in str(err.value)


def test_the_computer_player_leads_stops_first_then_the_pope_then_its_lowest() -> None:
    st = position({1: "KS 9D 3H AC", 2: "QS"}, trump="2C")
    assert GAME.bot_move(render(GAME, st, 1), 1, 0) == "pks"  # a king is a sure stop
    st = position({1: "7D 3H AC"}, trump="2H")
    assert GAME.bot_move(render(GAME, st, 1), 1, 0) == "p7d"  # so is the seven of diamonds
    st = position({1: "JS 9D 3H AC"}, trump="2C")
    st = replace(st, played=cards("QS"), by=(2,))
    assert GAME.bot_move(render(GAME, st, 1), 1, 0) == "pjs"  # the queen is played
    st = position({1: "TS JS 9D 3H AC"}, trump="2C")
    st = replace(st, played=cards("QS"), by=(2,))
    assert GAME.bot_move(render(GAME, st, 1), 1, 0) == "pts"  # ten and knave: both out
    st = position({1: "9D 3H AC 4S"}, trump="2H")
    assert GAME.bot_move(render(GAME, st, 1), 1, 0) == "p9d"  # then the Pope
    st = position({1: "3H AC 4S 5S"}, trump="2H")
    assert GAME.bot_move(render(GAME, st, 1), 1, 0) == "pac"  # then its lowest: an ace
