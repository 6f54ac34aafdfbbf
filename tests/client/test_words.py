"""Words for people in the terminal: the public facts line names seats by their names
(never a seat counted from 0) and says nothing meant for the code (client/render.py)."""

from __future__ import annotations

from client.render import public_text
from client.round_text import game_facts
from rules import Play, make, render

SEATS = ["Player 1", "Player 2", "Player 3"]


def test_a_seat_is_named_not_numbered() -> None:
    line = public_text({"turn": 1, "offerer": 0, "out": [], "deals": 1}, SEATS)
    assert line == "offering their hand: Player 1  deals: 1"
    claim = {"claim": {"seat": 2, "word": "Three", "last_card": False}, "passed": [0, 1]}
    assert public_text(claim, SEATS) == ("claim: seat Player 3, word Three  "
                                        "let it go: Player 1, Player 2")


def test_nothing_meant_for_the_code() -> None:
    sympathy = {"phase": "opening", "to_move": "B", "must_continue": None,
                "turned_this_turn": False, "pairs": 3}
    assert public_text(sympathy, ["A", "B"]) == "pairs: 3"
    snap = {"turn": 1, "last": None, "pending": None, "race": "", "max_turns": 1000,
            "auto_turn": True, "pace_ms": 1500, "tie_ms": 50, "turns": 4}
    assert public_text(snap, SEATS) == "turns: 4"


def test_old_maid_at_the_table() -> None:
    game = make("old_maid", {"players": 3})
    view = render(game, Play.start(game, 5).state, 0)
    offerer = view["public"]["offerer"]
    assert offerer == 0  # the dealer, seat 0 in the view, offers first
    assert game_facts(view) == "offering their hand: Player 1  deals: 1"
    # people by name, as the page names them
    assert game_facts(view, 0) == "offering their hand: you (Player 1)  deals: 1"
    assert game_facts(view, 1, {0: "Ann", 1: "Bea"}) == \
        "offering their hand: Ann (Player 1)  deals: 1"
