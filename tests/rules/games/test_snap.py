"""Snap and Animal Snap (Vintage l.273-281): the book's play as written, calls and ties,
the table's clock, and the end of a match."""

from __future__ import annotations

from typing import Any

import pytest

from rules import Game, IllegalMove, make, render
from rules.bots import bot_match
from rules.cards import cards
from rules.game import Move
from rules.games.snap import SnapState
from rules.prng import Rng
from tests.kit.leaks import secret_cards
from tests.kit.round_rules import assert_no_text_names, play, stacked, view_cards


def start(hands: dict[int, str], game_id: str = "snap", players: int = 2,
          **options: object) -> tuple[Game[Any], SnapState]:
    game = make(game_id, {"players": players, **options})
    st: SnapState = game.layout(stacked(game, hands), seed=5)
    return game, st


def turn(game: Game[Any], st: SnapState, n: int = 1) -> SnapState:
    """Turn ``n`` cards in turn (by hand, or by the table's clock)."""
    for _ in range(n):
        if game.option("auto_turn"):
            due = game.timer(st)
            assert due is not None and due[2] == Move("turn")
            st = game.apply_timer(st)
        else:
            st = game.apply(st, "turn", st.turn)
    return st


def test_players_turn_in_turn_from_the_dealers_left_onto_their_own_piles() -> None:
    game, st = start({1: "2S 4S", 0: "3S 5S"}, auto_turn=False)
    assert game.to_move(st) == (1,) and game.legal_moves(st, 1) == (Move("turn"),)
    st = turn(game, st, 3)
    assert (st.piles[1], st.piles[0]) == (cards("2S 4S"), cards("3S"))
    assert st.snap == () and game.to_move(st) == (0,)


def test_a_matching_card_lets_its_two_owners_call_and_the_first_takes_both_piles() -> None:
    # "as soon as a player turns up a card corresponding in number to the one already
    # lying, uncovered, on the table, one of the two to whom the cards belong cries,
    # 'Snap.' Whichever succeeds in saying it first takes, not only the snap card of the
    # other player, but all the cards he has already turned up, and also those he has
    # himself turned up. The cards he wins must be placed at the bottom of his own pack"
    game, st = start({1: "2S 9H", 2: "4C 7D", 0: "3S 9C"}, players=3)
    st = turn(game, st, 5)  # 2S 4C 3S 9H 7D
    assert st.snap == ()
    st = turn(game, st)  # North turns 9C onto 3S: it matches East's 9H
    assert st.snap == (0, 1) and game.to_move(st) == (0, 1)
    assert game.legal_moves(st, 2) == ()  # only the two owners may call
    with pytest.raises(IllegalMove, match="Only the two players"):
        game.apply(st, "snap", 2)
    st = game.apply(st, "snap", 1)
    assert st.pending == 1 and game.timer(st) == (50, 1, Move("settle"))
    st = game.apply_timer(st)
    assert st.piles == ((), (), cards("4C 7D")) and st.race == "won"
    # the other's pile and then his own, under his pack, first turned first to come up
    assert st.packs[1][:4] == tuple(reversed(cards("3S 9C") + cards("2S 9H")))
    assert len(st.packs[1]) == 18 - 2 + 4


def test_a_tie_goes_to_nobody_and_play_goes_on() -> None:
    game, st = start({1: "9H 2D", 0: "9C 3D"})
    st = turn(game, st, 2)
    st = game.apply(st, "snap", 0)
    st = game.apply(st, "snap", 1)  # within the tie window: the clock has not settled
    assert (st.pending, st.snap, st.race) == (None, (), "tie")
    assert st.piles == (cards("9C"), cards("9H")) and game.to_move(st) == ()
    st = turn(game, st)
    assert st.piles[1] == cards("9H 2D") and st.snap == ()


def test_the_clock_turns_at_the_pace_and_settles_a_pending_call() -> None:
    game, st = start({1: "9H", 0: "9C"}, pace_ms=900, tie_ms=80)
    assert game.timer(st) == (900, 1, Move("turn"))
    assert game.to_move(st) == () and game.legal_moves(st, 1) == ()
    st = turn(game, st, 2)
    assert game.timer(st) == (900, 1, Move("turn"))  # the snap is on until the next card
    st = game.apply(st, "snap", 0)
    assert game.timer(st) == (80, 0, Move("settle"))
    assert Move("settle") not in game.legal_moves(st, 0) + game.legal_moves(st, 1)
    assert game.is_call(Move("snap")) and not game.is_call(Move("turn"))


def test_by_hand_the_clock_only_settles_calls() -> None:
    game, st = start({1: "9H", 0: "9C"}, auto_turn=False)
    assert game.timer(st) is None
    st = turn(game, st, 2)
    assert game.legal_moves(st, 1) == (Move("snap"), Move("turn"))
    st = game.apply(st, "snap", 0)
    assert game.legal_moves(st, 1) == (Move("snap"),)  # no turning while a call waits
    assert game.timer(st) == (50, 0, Move("settle"))


def test_a_snap_missed_is_lost_when_the_next_card_is_turned() -> None:
    game, st = start({1: "9H 2D", 0: "9C 3D"})
    st = turn(game, st, 2)
    assert st.snap == (0, 1)
    st = turn(game, st)
    assert st.snap == () and game.legal_moves(st, 0) == ()
    with pytest.raises(IllegalMove, match="no snap"):
        game.apply(st, "snap", 0)


def test_animal_snap_each_owner_cries_the_others_animal() -> None:
    # "suppose a five be turned up and a player who has chosen the name of 'Tiger' turn
    # up another five, instead of crying 'Snap,' 'Tiger' would be called if 'Tiger' did
    # not succeed in crying the other player's name first" (l.281)
    game, st = start({1: "5S", 0: "5H"}, game_id="animal_snap")
    animals = render(game, st, None)["public"]["animals"]
    assert animals == ["Tiger", "Lion"]
    st = turn(game, st, 2)  # Lion turned a five; Tiger turns another five
    assert st.last == 0 and st.snap == (0, 1)
    assert game.legal_moves(st, 0) == (Move("lion"),)
    assert game.legal_moves(st, 1) == (Move("tiger"),)
    lion = game.apply_timer(game.apply(st, "tiger", 1))
    assert len(lion.packs[1]) == 26 + 1 and lion.piles == ((), ())
    tiger = game.apply_timer(game.apply(st, "lion", 0))
    assert len(tiger.packs[0]) == 26 + 1
    with pytest.raises(IllegalMove):
        game.apply(st, "snap", 0)


def test_animal_snap_a_wrong_name_costs_nothing_but_that_chance() -> None:
    game, st = start({1: "5S", 2: "7C", 0: "5H"}, game_id="animal_snap", players=3)
    assert game.description.variant_of == "snap" and game.option("animals") is True
    st = turn(game, st, 3)  # Lion 5S, Bear 7C, Tiger 5H
    assert st.snap == (0, 1)
    assert game.legal_moves(st, 0) == (Move("lion"), Move("bear"))
    st = game.apply(st, "bear", 0)  # the wrong animal
    assert st.pending is None and game.to_move(st) == (1,)
    assert game.legal_moves(st, 0) == ()
    st = game.apply_timer(game.apply(st, "tiger", 1))
    assert st.piles == ((), (), cards("7C")) and len(st.packs[1]) == 17 + 2
    assert sum(len(p) for p in st.packs) == 52 - 1


def test_a_used_up_pack_is_made_again_from_the_pile() -> None:
    game = make("snap", {"players": 2})
    rest = tuple(c for c in game.pack() if c not in cards("2S 3S 4S"))
    st = SnapState(game.deal(1).match, packs=(rest, ()), piles=((), cards("2S 3S 4S")),
                   turn=1)
    st = turn(game, st)
    assert st.piles[1] == cards("2S") and st.packs[1] == tuple(reversed(cards("3S 4S")))


def test_a_player_with_no_card_left_is_out_and_the_turn_passes_over_him() -> None:
    game = make("snap", {"players": 3})
    rest = [c for c in game.pack() if c not in cards("9H 9C 2D")]
    st = SnapState(game.deal(1).match, packs=(tuple(rest[:20]), (), tuple(rest[20:])),
                   piles=(cards("9C"), cards("2D 9H"), ()), turn=1, last=0, snap=(0, 1))
    st = game.apply_timer(game.apply(st, "snap", 0))
    assert st.packs[1] == st.piles[1] == ()
    assert render(game, st, None)["public"]["out"] == [1]
    assert game.outcome(st) is None and st.turn == 2  # East's turn passes to South
    st = turn(game, st, 2)
    assert st.turn == 2  # South, North, then South again: East is passed over


def test_a_match_ends_when_one_player_holds_every_card() -> None:
    game = make("snap", {"players": 2})
    rest = tuple(c for c in game.pack() if c not in cards("9H 9C"))
    st = SnapState(game.deal(1).match, packs=(rest, ()), piles=(cards("9C"), cards("9H")),
                   turn=1, last=0, snap=(0, 1))
    st = game.apply(st, "snap", 1)
    assert game.outcome(st) is None  # one step short: the call still waits
    won = game.apply_timer(st)
    assert game.outcome(won) is None and len(won.packs[1]) == 2
    # one card short of all: 51 of the 52 cards is not the end
    st = SnapState(st.match, packs=(rest[:1], rest[1:]), piles=(cards("9C"), cards("9H")),
                   turn=1, last=0, snap=(0, 1))
    short = game.apply_timer(game.apply(st, "snap", 1))
    assert game.outcome(short) is None and len(short.packs[1]) == 51
    st = game.apply(SnapState(st.match, packs=((), rest), piles=(cards("9C"), cards("9H")),
                              turn=1, last=0, snap=(0, 1)), "snap", 1)
    end = game.apply_timer(st)
    out = game.outcome(end)
    assert out is not None and out.winners == (1,)
    assert out.summary == "Player 2 wins the match: won every card."
    assert game.timer(end) is None and game.to_move(end) == ()
    assert render(game, end, None)["public"]["match"]["history"][0]["scores"] == [0, 52]


def test_after_max_turns_the_player_holding_most_wins() -> None:
    game, st = start({1: "9H 2D 3D", 0: "9C 4D 5D"}, max_turns=10)
    st = turn(game, st, 2)
    st = game.apply_timer(game.apply(st, "snap", 0))
    st = turn(game, st, 7)
    assert game.outcome(st) is None
    st = turn(game, st)
    out = game.outcome(st)
    assert out is not None and out.winners == (0,)
    assert out.summary == "Player 1 wins the match: held most cards after 10 cards turned."


def test_computer_players_play_whole_matches_to_a_winner() -> None:
    for game_id, players in (("snap", 2), ("animal_snap", 4)):
        game = make(game_id, {"players": players})
        steps = list(bot_match(game, 3, Rng.from_seed(3, stream=97)))
        end = steps[-1].after
        out = game.outcome(end)
        assert out is not None and out.winners
        assert any(s.move.code not in ("turn", "settle") for s in steps)  # they call
        assert all(game.is_call(s.move) for s in steps if not s.timed)


def test_the_computer_player_cries_the_right_animal() -> None:
    game, st = start({1: "5S", 2: "7C", 0: "5H"}, game_id="animal_snap", players=3)
    st = turn(game, st, 3)
    for seat, right in ((0, "lion"), (1, "tiger")):
        for rand in range(4):
            assert game.bot_move(render(game, st, seat), seat, rand) == right


def test_no_face_down_card_is_seen_and_no_sentence_names_one() -> None:
    game, st = start({1: "9H", 0: "9C"})
    for audience in (None, 0, 1):
        assert view_cards(game, st, audience) == set()
    st = turn(game, st, 2)
    for audience in (None, 0, 1):
        assert view_cards(game, st, audience) == {"9H", "9C"}
    texts = [game.describe(st, Move("turn")), game.describe(st, Move("snap"))]
    for bad in ((0, "turn"), (0, "lion"), (1, "zz")):
        with pytest.raises(IllegalMove) as err:
            game.apply(st, bad[1], bad[0])
        texts.append(str(err.value))
    assert_no_text_names(texts, secret_cards(game, st, None))
    turned = play(game, st, (0, "snap"))
    assert game.narrate(st, Move("snap"), turned) == "Player 1 cries 'Snap!'"
