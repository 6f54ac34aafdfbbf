"""Old Maid (Vintage l.258-260): the queen taken out, pairs thrown, drawing blind to the
left, the old maid at the end, and a match of several deals."""

from __future__ import annotations

from typing import Any

import pytest

from rules import Game, IllegalMove, make, render
from rules.bots import bot_match
from rules.cards import QUEEN, Card, cards, code, rank_of
from rules.game import Move
from rules.games.old_maid import OldMaidState
from rules.prng import Rng
from rules.round import Match
from tests.kit.leaks import secret_cards
from tests.kit.round_rules import assert_no_text_names, stacked, view_cards


def draw(game: Game[Any], st: OldMaidState, card: str) -> OldMaidState:
    """The player in turn draws ``card`` from the hand offered to him (found by its
    place in the secret fan)."""
    i = game.fan(st).index(cards(card)[0])  # type: ignore[attr-defined]
    return game.apply(st, f"d{i}", st.turn)  # type: ignore[no-any-return]


def position(game: Game[Any], hands: tuple[str, ...], turn: int) -> OldMaidState:
    """A deal in progress: ``hands`` as given, every other card paired out already."""
    held = [cards(h) for h in hands]
    aside = cards("QC")
    used = {c for h in held for c in h} | set(aside)
    pairs = tuple(c for c in game.pack() if c not in used)
    return OldMaidState(Match.start(4, game.seats), tuple(held), pairs, aside, turn)


def test_a_queen_is_taken_out_and_the_pairs_thrown_at_once() -> None:
    game = make("old_maid", {"players": 3})
    # dealt from East (seat 1); the first queen of the pack is taken out
    deal = stacked(game, {1: "5S 5H 5D", 2: "7S 7H 9C", 0: "KS KH KD KC"})
    st: OldMaidState = game.layout(deal, seed=1)
    assert st.aside == cards("QS")
    assert sum(len(h) for h in st.hands) + len(st.pairs) == 51
    assert len(st.pairs) % 2 == 0
    by_rank = {r: sum(1 for c in st.pairs if rank_of(c) == r) for r in range(1, 14)}
    assert by_rank[13] == 4  # four of a kind: two pairs (North's four kings)
    east = [c for c in st.hands[1] if rank_of(c) == 5]
    assert len(east) == 1  # three of a kind: one pair out, one kept
    for hand in st.hands:
        assert len({rank_of(c) for c in hand}) == len(hand)  # no pair left in a hand
    # the dealer (North) offers first to his left-hand neighbour
    assert game.to_move(st) == (1,) and game.offerer(st) == 0  # type: ignore[attr-defined]
    assert [m.code for m in game.legal_moves(st, 1)] == [f"d{i}" for i in range(len(st.hands[0]))]


def test_a_drawn_card_that_pairs_is_thrown_out_and_the_drawer_offers_next() -> None:
    game = make("old_maid", {"players": 3})
    st = position(game, ("5S 7H QS", "5H 8C", "7D 8D"), turn=1)
    after = draw(game, st, "5S")
    assert after.hands[1] == cards("8C") and set(after.pairs[-2:]) == set(cards("5H 5S"))
    assert after.turn == 2 and game.offerer(after) == 1  # type: ignore[attr-defined]
    text = game.narrate(st, game.parse_move("d0"), after)
    assert text.startswith("Player 2 draws a card from Player 1")


def test_a_drawn_card_that_does_not_pair_is_kept() -> None:
    game = make("old_maid", {"players": 3})
    st = position(game, ("5S 7H QS", "5H 8C", "7D 8D"), turn=1)
    after = draw(game, st, "QS")
    assert after.hands[1] == cards("5H 8C QS") and after.pairs == st.pairs
    assert game.narrate(st, Move("d0"), after) == "Player 2 draws a card from Player 1"


def test_a_player_with_no_cards_drops_out_and_is_passed_over() -> None:
    game = make("old_maid", {"players": 3})
    st = position(game, ("5H", "QS 7H 9C 8C", "5S 7S 9D 8D"), turn=0)  # North draws
    st = draw(game, st, "5S")
    assert st.hands[0] == () and render(game, st, None)["public"]["out"] == [0]
    # East draws, from South: North, empty, is passed over as an offerer
    assert st.turn == 1 and game.offerer(st) == 2  # type: ignore[attr-defined]
    st = draw(game, st, "7S")
    assert st.turn == 2 and game.offerer(st) == 1  # type: ignore[attr-defined]
    st = draw(game, st, "9C")
    # and as a drawer: East draws again, from South
    assert st.turn == 1 and game.offerer(st) == 2  # type: ignore[attr-defined]
    st = draw(game, st, "8D")
    assert st.hands == ((), cards("QS"), ()) and game.outcome(st) is not None


def test_one_card_short_of_the_end_is_not_the_end_and_the_last_card_is_the_old_maid() -> None:
    game = make("old_maid", {"players": 3})
    st = position(game, ("QS", "5H", "5S"), turn=1)  # East draws from North: the queen
    st = draw(game, st, "QS")
    assert game.outcome(st) is None and st.turn == 2
    st = draw(game, st, "5H")  # South pairs his five; East keeps the queen
    out = game.outcome(st)
    assert out is not None and out.winners == (0, 2)
    assert out.summary == "Player 1 and Player 3 share the match: Player 2 is the old maid."
    assert st.match.scores == (0, 1, 0) and game.to_move(st) == ()


def test_a_match_of_three_deals_passes_the_deal_round_and_counts_old_maids() -> None:
    game = make("old_maid", {"players": 4, "deals": 3})
    steps = list(bot_match(game, 8, Rng.from_seed(8, stream=97)))
    dealers = [0]
    for s in steps:
        d = s.after.match.dealer
        if d != dealers[-1]:
            dealers.append(d)
    assert dealers == [0, 1, 2]
    end = steps[-1].after
    assert [h.deal for h in end.match.history] == [1, 2, 3] and sum(end.match.scores) == 3
    out = game.outcome(end)
    assert out is not None and "fewest times the old maid" in out.summary
    fewest = min(end.match.scores)
    assert out.winners == tuple(s for s in range(4) if end.match.scores[s] == fewest)


def test_hands_are_seen_by_their_owners_alone() -> None:
    game = make("old_maid", {"players": 4})
    st: OldMaidState = game.deal(12)
    pairs = {code(c) for c in st.pairs}
    for audience in (None, 0, 1, 2, 3):
        shown = view_cards(game, st, audience)
        own = {code(c) for c in st.hands[audience]} if audience is not None else set()
        assert shown == pairs | own
        assert not any(rank_of(c) == QUEEN and code(c) in shown for c in st.aside)
    view = render(game, st, 2)
    assert [z["down"] for z in view["zones"] if z["kind"] == "hand"] == \
        [0 if s == 2 else len(st.hands[s]) for s in range(4)]


def test_the_fan_is_a_secret_order_that_changes_each_draw() -> None:
    game = make("old_maid", {"players": 2})
    st = position(game, ("2S 3S 4S 5S 6S QS", "2H 3H 4H 5H 6H"), turn=1)
    fans = {game.fan(st)}  # type: ignore[attr-defined]
    for draws in range(1, 8):
        fans.add(game.fan(OldMaidState(st.match, st.hands, st.pairs, st.aside, 1, draws)))  # type: ignore[attr-defined]
    assert len(fans) > 4 and all(sorted(f) == sorted(st.hands[0]) for f in fans)


def test_sentences_and_refusals_name_no_hidden_card() -> None:
    game = make("old_maid", {"players": 3})
    st: OldMaidState = game.deal(5)
    texts = [game.describe(st, m) for m in game.legal_moves(st, st.turn)]
    texts.append(game.narrate(st, Move("d0"), game.apply(st, "d0", st.turn)))
    for seat, bad in ((st.turn, "d99"), (st.turn, "x"), ((st.turn + 1) % 3, "d0")):
        with pytest.raises(IllegalMove) as err:
            game.apply(st, bad, seat)
        texts.append(str(err.value))
    secret: set[Card] = secret_cards(game, st, None)
    assert_no_text_names(texts, secret)
    assert game.bot_move(render(game, st, st.turn), st.turn, 7) in \
        {m.code for m in game.legal_moves(st, st.turn)}


def test_a_draw_tells_the_drawer_nothing_of_the_card_before_it_is_drawn() -> None:
    # deal 9, two players, played on: at each draw every offered card's move looks the
    # same to the drawer (from the offerer's hand to hers, a card she may not see),
    # whether or not it pairs with one of hers (read from the zones after the draw, a
    # pair named the drawer's card it matched: the offered card's rank); each says only
    # which back it takes, by its place in the offered hand (``at``: 0, 1, 2, ... in turn)
    game = make("old_maid", {"players": 2})
    state = game.deal(9)
    draws = 0
    while game.outcome(state) is None:
        seat = game.to_move(state)[0]
        view = render(game, state, seat, shapes=True)
        moves = view["moves"][str(seat)]
        assert [m["shape"].get("at") for m in moves] == list(range(len(moves)))
        shapes = {str({k: v for k, v in m["shape"].items() if k != "at"}) for m in moves}
        offerer = game.offerer(state)  # type: ignore[attr-defined]
        assert shapes == {str({"kind": "move", "from": f"hand{offerer}", "to": f"hand{seat}",
                               "cards": [None]})}, shapes
        state = game.apply(state, game.legal_moves(state, seat)[0], seat)
        draws += 1
    assert draws > 5
