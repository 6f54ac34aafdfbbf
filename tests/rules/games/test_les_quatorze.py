"""Les Quatorze (Cadogan l.801-837; 002: The Fourteenth): pairs of fourteen in a 5x5 grid."""

from __future__ import annotations

from dataclasses import replace

from rules import make
from rules.cards import Card, cards, packs
from rules.games.les_quatorze import LesQuatorze
from rules.patience import Table
from tests.kit.solving import PLAIN, assert_knowledge_wins
from tests.kit.stacking import codes as all_codes
from tests.kit.stacking import play, stack

GAME = LesQuatorze()


def codes(game: object, st: Table) -> list[str]:
    return [m for m in all_codes(game, st) if m != "auto"]


def grid(text: str, hand: str = "") -> Table:
    """Places row by row ("." for an empty one); the hand's first card is dealt first."""
    cells = {f"c{i + 1}": () if t == "." else cards(t) for i, t in enumerate(text.split())}
    return GAME.table(cells | {"pack": tuple(reversed(cards(hand)))})


def places(st: Table) -> tuple[Card, ...]:
    """The cards on the places (the empty ones left out), row by row."""
    return tuple(c for p in st.piles[:25] for c in p)


def test_the_alias_and_the_deal_of_five_rows_of_five() -> None:
    assert make("the_fourteenth").id == "les_quatorze"
    st = play(GAME, GAME.deal(3), "d")
    assert len(places(st)) == 25 and len(GAME.pile(st, "pack")) == 79


def test_the_books_three_fourteens() -> None:
    # "The ten of hearts with the four of clubs, the knave of spades with the three of
    # hearts, the eight of diamonds with the six of spades" (l.831-837): the first pair in
    # one row, the second in one column, the third in a row and far apart.
    st = grid("TH 4C 2S 2S 2S "
              "JS 5D 5D 5D 5D "
              "3H 8D 2S 2S 6S "
              "5D 5D 5D 5D 5D "
              "2S 2S 2S 2S 2S")
    assert codes(GAME, st) == ["p1-2", "p6-11", "p12-15"]


def test_a_pair_must_share_a_row_or_a_column() -> None:
    st = grid("TH 2S 2S 2S 2S "
              "2S 4C 2S 2S 2S " + "2S " * 15)
    assert codes(GAME, st)[0].startswith("x")  # 10♥ and 4♣ lie diagonally: no pair


def test_withdrawn_places_are_filled_from_the_hand_in_reading_order() -> None:
    st = grid("TH 4C " + "2S " * 23, hand="KD AS QH")
    st = play(GAME, st, "p1-2")
    assert places(st)[:2] == cards("KD AS") and GAME.pile(st, "pack") == cards("QH")
    assert GAME.pile(st, "out") == cards("TH 4C")


def test_the_exchange_two_cards_with_two_others_once() -> None:
    st = grid("TH 2S 2S 2S 2S "
              "2S 4C 2S 2S 2S " + "2S " * 15)
    moves = codes(GAME, st)
    assert moves[0] == "x1-2" and "p1-7" not in moves
    st = play(GAME, st, "x2-7")  # the 4♣ to place 2, beside the 10♥
    assert codes(GAME, st)[-1] == "done"  # the second change, or leave it at one
    assert all(not m.startswith("p") for m in codes(GAME, st))
    st = play(GAME, st, "x3-8")
    assert st.privileges_used == ("exchange",) and codes(GAME, st) == ["p1-2"]
    st = play(GAME, st, "p1-2")
    # no fourteen and the exchange spent: lost
    out = GAME.outcome(st)
    assert codes(GAME, st) == [] and out is not None and not out.won
    assert "exchange is spent" in out.summary


def test_the_one_pair_option_changes_one_card_with_one() -> None:
    one = make("les_quatorze", {"exchange": "one_pair"})
    st = grid("TH 2S 2S 2S 2S "
              "2S 4C 2S 2S 2S " + "2S " * 15)
    st = play(one, st, "x2-7")
    assert not one.public(st)["exchange_half_made"] and codes(one, st) == ["p1-2"]


def test_a_stacked_deal_pairs_off_the_entire_pack() -> None:
    # Twelve pairs in lines and a lone 7♠ at row 5, place 1; the hand holds pairs that
    # refill places 1 and 2, and last the other 7♠, which lands above the first.
    pairs = [f"{a}{s} {b}{s}" for s in "SHDC" for a, b in
             ("AK", "2Q", "3J", "4T", "59", "68") for _ in (0, 1)]
    pairs += [f"7{s} 7{s}" for s in "HDC"]
    p = [q.split() for q in pairs]
    rows = [
        [*p[0], *p[1], p[2][0]],
        [*p[3], *p[4], p[2][1]],
        [*p[5], *p[6], p[7][0]],
        [*p[8], *p[9], p[7][1]],
        ["7S", *p[10], *p[11]],
    ]
    order = " ".join(" ".join(r) for r in rows) + " " + " ".join(pairs[12:]) + " 7S"
    st = play(GAME, GAME.layout(stack(order, packs(2)), 1), "d")
    for _ in range(200):
        if GAME.outcome(st) is not None:
            break
        st = play(GAME, st, codes(GAME, st)[0])
    out = GAME.outcome(st)
    assert out is not None and out.won and len(GAME.pile(st, "out")) == 104


def test_one_pair_short_is_not_a_win() -> None:
    st = grid("7S 7H " + ". " * 23)
    assert GAME.outcome(st) is None
    st = play(GAME, st, "p1-2")
    out = GAME.outcome(st)
    assert out is not None and out.won
    st = grid("7S . . . . . 7H " + ". " * 18)  # not in line, exchange spent
    st = replace(st, privileges_used=("exchange",))
    out = GAME.outcome(st)
    assert out is not None and not out.won


def test_the_solver_keeps_fourteens_in_sight_and_pairs_off_the_entire_pack() -> None:
    """Les Quatorze's knowledge for the solver (``order_moves``: the pair after which the
    most fourteens can be composed first; ``solver_key``: suits play no part) pairs off
    deal 3 within 200 positions; the plain search, without it, does not decide it in
    20,000. The line replays to a win."""
    assert_knowledge_wins("les_quatorze", 3, 200, PLAIN, 20_000)
