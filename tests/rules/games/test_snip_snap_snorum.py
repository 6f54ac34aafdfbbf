"""Snip, Snap, Snorum (Vintage l.262-270): the book's six followed round the table, the
fines, retiring, the pool, and a match of several deals."""

from __future__ import annotations

from typing import Any

import pytest

from rules import Game, IllegalMove, make, render
from rules.bots import bot_match
from rules.cards import cards
from rules.game import Move
from rules.games.snip_snap_snorum import SnipState
from rules.prng import Rng
from rules.round import Match
from tests.kit.leaks import secret_cards
from tests.kit.round_rules import assert_no_text_names, play, stacked, view_cards


def start(players: int, hands: dict[int, str], **options: object) -> tuple[Game[Any], SnipState]:
    game = make("snip_snap_snorum", {"players": players, **options})
    st: SnipState = game.layout(stacked(game, hands), seed=3)
    return game, st


def position(game: Game[Any], hands: tuple[str, ...], counters: tuple[int, ...],
             turn: int, pool: int = 0, deal: int = 1) -> SnipState:
    match = Match(9, game.seats, deal, 0, counters)
    held = tuple(cards(h) for h in hands)
    used = {c for h in held for c in h}
    table = tuple(c for c in game.pack() if c not in used)
    return SnipState(match, held, table, pool, turn)


def test_the_books_six_snip_snap_snorum() -> None:
    # "The first player plays a card—say it is a six—then the one next to him ... puts it
    # down and says, 'Snip'; the first player must then pay a counter into the pool ...
    # 'Snap,' ... the fine is increased to two counters ... 'Snorum,' and the third
    # player must now pay; his fine is three counters to the pool" (l.268)
    game, st = start(4, {1: "6S", 2: "6H", 3: "6D", 0: "6C"})
    assert st.match.scores == (5, 5, 5, 5) and st.pool == 0 and game.to_move(st) == (1,)
    st = play(game, st, (1, "p6s"))
    assert game.to_move(st) == (2,) and game.legal_moves(st, 2) == (Move("snip"),)
    st = play(game, st, (2, "snip"))
    assert st.match.scores == (5, 4, 5, 5) and st.pool == 1
    st = play(game, st, (3, "snap"))
    assert st.match.scores == (5, 4, 3, 5) and st.pool == 3
    st = play(game, st, (0, "snorum"))
    assert st.match.scores == (5, 4, 3, 2) and st.pool == 6
    # the Snorum ends the search: its player leads next
    assert st.rank == 0 and game.to_move(st) == (0,)
    assert all(m.code.startswith("p") for m in game.legal_moves(st, 0))


def test_who_holds_no_fellow_is_passed_and_everyone_must_snip_when_he_can() -> None:
    game = make("snip_snap_snorum", {"players": 4})
    st = position(game, ("9C 2C", "6S 2S", "3H 4H", "6D 5D"), (5, 5, 5, 5), turn=1)
    st = play(game, st, (1, "p6s"))
    assert game.to_move(st) == (3,)  # South holds no six: West snips
    with pytest.raises(IllegalMove, match="must play it"):
        game.apply(st, "p5d", 3)
    st = play(game, st, (3, "snip"))
    assert st.match.scores == (5, 4, 5, 5)
    # nobody else holds a six: back to West, who played the last one and leads
    assert st.rank == 0 and game.to_move(st) == (3,)


def test_a_lead_nobody_follows_leads_again_and_a_second_six_snaps_later() -> None:
    game = make("snip_snap_snorum", {"players": 3})
    st = position(game, ("6C 2C", "6S 6H 3S 9S", "6D 4D"), (5, 5, 5), turn=1)
    st = play(game, st, (1, "p6s"), (2, "snip"), (0, "snap"), (1, "snorum"))
    assert st.match.scores == (2, 4, 3) and st.pool == 6 and game.to_move(st) == (1,)
    st = play(game, st, (1, "p3s"))
    assert game.to_move(st) == (1,) and st.rank == 0  # nobody holds a three


def test_who_pays_his_last_counter_retires_and_is_passed_over() -> None:
    game = make("snip_snap_snorum", {"players": 3})
    st = position(game, ("6C 2C", "6S 3S", "4D 2D"), (5, 1, 5), turn=1, pool=9)
    st = play(game, st, (1, "p6s"), (0, "snip"))
    assert st.match.scores == (5, 0, 5) and st.pool == 10
    pub = render(game, st, None)["public"]
    assert pub["retired"] == [1] and game.outcome(st) is None
    # North leads; East's cards are dead: the lead goes round to South, not East
    st = play(game, st, (0, "p2c"))
    assert game.to_move(st) == (2,) and st.hands[1] == cards("3S")


def test_a_fine_larger_than_his_counters_takes_what_he_has() -> None:
    game = make("snip_snap_snorum", {"players": 3})
    st = position(game, ("6C 2C", "6S 3S", "6D 6H"), (5, 5, 1), turn=1)
    st = play(game, st, (1, "p6s"), (2, "snip"), (0, "snap"))
    assert st.match.scores == (5, 4, 0) and st.pool == 2


def test_the_last_with_counters_takes_the_pool_one_step_short_is_not_the_end() -> None:
    game = make("snip_snap_snorum", {"players": 3})
    st = position(game, ("6C 2C", "6S 3S", "6D 6H"), (3, 1, 0), turn=1, pool=11)
    st = play(game, st, (1, "p6s"))
    assert game.outcome(st) is None  # two players have counters still
    assert game.to_move(st) == (0,)  # South has retired: his sixes are dead
    st = play(game, st, (0, "snip"))
    out = game.outcome(st)
    assert out is not None and out.winners == (0,)
    assert out.summary == "Player 1 wins the match: his counters lasted the longest."
    assert st.match.scores == (3 + 12, 0, 0) and st.pool == 0 and game.to_move(st) == ()


def test_when_the_cards_are_out_the_next_dealer_deals_to_those_still_in() -> None:
    game = make("snip_snap_snorum", {"players": 3})
    st = position(game, ("", "3S", "5S"), (2, 0, 3), turn=2, pool=10)
    st = play(game, st, (2, "p5s"))
    # East has retired: South deals, to North and himself; his dead cards are gathered
    assert st.match.deal == 2 and st.match.dealer == 2 and st.pool == 10
    assert [len(h) for h in st.hands] == [26, 0, 26] and game.to_move(st) == (0,)
    assert st.match.history[0].summary == "Player 1 2, Player 2 0, Player 3 3; the pool 10"


def test_a_retired_players_dead_cards_never_lead() -> None:
    game = make("snip_snap_snorum", {"players": 3})
    st = position(game, ("2C", "3S", "4S 5S"), (5, 0, 3), turn=0)
    st = play(game, st, (0, "p2c"))  # nobody follows; North has no card left
    assert game.to_move(st) == (2,) and st.match.deal == 1


def test_after_max_deals_the_player_with_most_counters_wins() -> None:
    game = make("snip_snap_snorum", {"players": 3, "max_deals": 2})
    st = position(game, ("", "5S", ""), (2, 3, 4), turn=1, pool=6, deal=2)
    st = play(game, st, (1, "p5s"))
    out = game.outcome(st)
    assert out is not None and out.winners == (2,)
    assert out.summary == "Player 3 wins the match: most counters after 2 deals."
    assert st.match.scores == (2, 3, 10)


def test_hands_are_seen_by_their_owners_alone_and_sentences_name_none() -> None:
    game, st = start(3, {1: "6S"})
    for audience in (None, 0, 1, 2):
        shown = view_cards(game, st, audience)
        assert len(shown) == (0 if audience is None else len(st.hands[audience]))
    st = play(game, st, (1, "p6s"))
    texts = [game.describe(st, m) for s in game.to_move(st) for m in game.legal_moves(st, s)]
    for seat, bad in ((st.turn, "p2c"), ((st.turn + 1) % 3, "snip")):
        with pytest.raises(IllegalMove) as err:
            game.apply(st, bad, seat)
        texts.append(str(err.value))
    assert_no_text_names(texts, secret_cards(game, st, None) - {cards("6S")[0]})


def test_the_computer_player_leads_a_rank_the_others_are_least_likely_to_hold() -> None:
    game = make("snip_snap_snorum", {"players": 3})
    st = position(game, ("6C 6S 6H 2C", "9S 3S", "4D 2D"), (5, 5, 5), turn=0)
    for rand in range(5):
        assert game.bot_move(render(game, st, 0), 0, rand) in ("p6c", "p6s", "p6h")


def test_computer_players_play_a_whole_match_to_the_last_with_counters() -> None:
    game = make("snip_snap_snorum", {"players": 4})
    steps = list(bot_match(game, 21, Rng.from_seed(21, stream=96)))
    end: SnipState = steps[-1].after
    out = game.outcome(end)
    assert out is not None and len(out.winners) == 1
    w = out.winners[0]
    assert [n > 0 for n in end.match.scores].count(True) == 1 and end.match.scores[w] > 0
    assert sum(end.match.scores) == 4 * 5 and end.pool == 0  # the pool is his
    assert end.match.history[-1].summary == out.summary
