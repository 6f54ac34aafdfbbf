"""A Spell (Cheney l.2730-2760): the book's order comes out; other set-ups break it."""

from __future__ import annotations

import pytest

from rules import IllegalMove, make, render
from rules.cards import RANK_CODES, card, code, name, rank_of
from rules.games.a_spell import BOOK_ORDER, ASpell
from rules.patience import Table
from tests.kit.stacking import codes, play

GAME = ASpell()
SPADES = tuple(card(r, 0) for r in range(1, 14))


def spell_out(game: object, st: Table) -> Table:
    g = game  # the trick: every step after the set-up is forced
    while GAME.outcome(st) is None:
        moves = codes(g, st)
        assert moves[-1] == "auto" and len(moves) == 2
        st = play(g, st, moves[0])
    return st


def test_the_book_order_lays_out_the_suit_ace_to_king() -> None:
    st = GAME.layout(SPADES, seed=0)
    assert codes(GAME, st)[:3] == ["book", "pa", "p2"]
    st = play(GAME, st, "book")
    assert [rank_of(c) for c in reversed(st.piles[1])] == list(BOOK_ORDER)
    view = render(GAME, st, None)
    assert next(z for z in view["zones"] if z["id"] == "pile") == {
        "id": "pile", "kind": "stock", "label": "the pile", "group": "", "owner": None,
        "down": 13, "up": []}
    # "A" "C" "E": three cards go under, the fourth is the ace (l.2741-2747)
    st = play(GAME, st, "s", "s", "s")
    assert codes(GAME, st) == ["l", "auto"]
    before, st = st, play(GAME, st, "l")
    assert GAME.narrate(before, GAME.parse_move("l"), st) == \
        "lay the next card on the table: it should be the ace: A♠"
    # "spell three, and the sixth will be the three" (l.2753-2754)
    st = play(GAME, st, "s", "s", "s", "l", "s", "s", "s", "s", "s", "l")
    assert [rank_of(c) for c in st.piles[2]] == [1, 2, 3]
    st = spell_out(GAME, st)
    out = GAME.outcome(st)
    assert out is not None and out.won
    assert [rank_of(c) for c in st.piles[2]] == list(range(1, 14)) and st.piles[1] == ()


def test_one_step_short_of_the_king_is_not_a_win() -> None:
    st = play(GAME, GAME.layout(SPADES, 0), "book")
    while len(st.piles[2]) < 12 or codes(GAME, st)[0] != "l":
        st = play(GAME, st, codes(GAME, st)[0])
    assert GAME.outcome(st) is None and len(st.piles[1]) == 1
    assert not GAME.won(st)
    st = play(GAME, st, "l")
    out = GAME.outcome(st)
    assert out is not None and out.won


def test_the_pile_is_made_card_by_card_from_the_top_down() -> None:
    st = GAME.layout(SPADES, 0)
    for r in BOOK_ORDER:
        st = play(GAME, st, "p" + RANK_CODES[r].lower())
        assert "book" not in codes(GAME, st)
    st = spell_out(GAME, st)
    out = GAME.outcome(st)
    assert out is not None and out.won


def test_another_order_breaks_the_spell_at_the_first_wrong_card() -> None:
    st = GAME.layout(SPADES, 0)
    for r in range(1, 14):  # ace on top, then in order
        st = play(GAME, st, "p" + RANK_CODES[r].lower())
    st = spell_out(GAME, st)
    out = GAME.outcome(st)
    assert out is not None and not out.won
    assert out.summary == "the spell is broken: ACE brought 4♠"
    assert len(st.piles[2]) == 1
    with pytest.raises(IllegalMove):
        GAME.apply(st, "s", 0)


def test_spelling_jack_breaks_the_books_order_at_the_knave() -> None:
    game = make("a_spell", {"knave": "jack"})
    st = spell_out(game, play(game, game.layout(SPADES, 0), "book"))
    out = game.outcome(st)
    assert out is not None and not out.won
    assert [rank_of(c) for c in st.piles[2]] == [*range(1, 11), 12]
    assert out.summary == "the spell is broken: JACK brought Q♠"


def test_a_deal_spreads_the_thirteen_spades_face_up() -> None:
    st = GAME.deal(7)
    assert sorted(st.piles[0]) == list(SPADES) and st.piles[1] == ()
    with pytest.raises(IllegalMove):
        GAME.apply(st, "s", 0)


def test_the_move_that_turns_the_pile_down_names_none_of_its_cards() -> None:
    st = GAME.layout(SPADES, seed=0)
    while len(st.piles[0]) > 1:  # the cards are face up while the pile is made
        st = play(GAME, st, codes(GAME, st)[1])
    last = GAME.parse_move(codes(GAME, st)[0])
    assert "♠" in GAME.describe(st, last)  # proposed while the card still lies face up
    after = play(GAME, st, last.code)
    told = GAME.narrate(st, last, after)
    assert not [c for c in SPADES if name(c) in told or code(c) in told], told
    assert next(z for z in render(GAME, after, None)["zones"] if z["id"] == "pile")[
        "down"] == 13
