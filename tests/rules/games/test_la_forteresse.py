"""La Forteresse (Cadogan l.720-800; 002 untitled), with the stand-in rows."""

from __future__ import annotations

from dataclasses import replace

from rules import make
from rules.cards import cards, standard_pack
from rules.games.la_forteresse import LaForteresse
from rules.patience import Table
from tests.kit.stacking import codes, play

GAME = LaForteresse()
CODES = ("l1", "r1", "l2", "r2", "l3", "r3", "l4", "r4", "l5", "r5")


def rows(*texts: str) -> Table:
    """Rows in pile order (l1, r1, l2, r2, ...), inner end first, outside card last; the
    foundations empty."""
    return GAME.table({f"p{c}": cards(t) for c, t in zip(CODES, texts, strict=False)})


def test_the_alias_and_the_stand_in_rows_are_shown() -> None:
    assert make("fortress").id == "la_forteresse"
    assert "stand-in" in GAME.description.title
    st = GAME.deal(4)
    assert [len(p) for p in st.piles[:10]] == [6, 6, 5, 5, 5, 5, 5, 5, 5, 5]
    assert [z.label for z in GAME.zones(st)][:3] == ["left row 1", "right row 1", "left row 2"]
    order = standard_pack()
    st = GAME.layout(order, 0)
    assert st.piles[0] == order[:6] and st.piles[1] == order[6:12]  # left row 1, right row 1
    rnd = make("la_forteresse", {"deal": "round"}).layout(order, 0)
    assert rnd.piles[0][:2] == (order[0], order[10])
    assert [len(p) for p in rnd.piles[:10]] == [6, 6, 5, 5, 5, 5, 5, 5, 5, 5]


def test_only_outside_cards_play_and_marry_both_ways_in_suit() -> None:
    st = rows("AS 7H", "2C 8H", "3C 6H", "4C 8S")
    moves = codes(GAME, st)
    assert "l1>f" not in moves                 # the A♠ is blocked by 7♥
    assert "l1>r1" in moves and "l1>l2" in moves  # 7♥ onto 8♥ and onto 6♥
    assert "l1>r2" not in moves                # not onto 8♠


def test_reversing_a_sequence_through_a_lane() -> None:
    # "Supposing you have placed upon a deuce a sequence ending with eight; place the eight
    # at the inner end of the lane, the other cards following in succession till the deuce
    # becomes the outside card" (l.790-796).
    st = rows("KC 2S 3S 4S 5S 6S 7S 8S", "QC")
    st = play(GAME, st, "l1>l2")          # the eight into the lane (l2 is empty)
    for _ in range(6):
        st = play(GAME, st, "l1>l2")
    assert st.piles[2] == cards("8S 7S 6S 5S 4S 3S 2S") and st.piles[0] == cards("KC")


def test_any_available_card_may_open_a_lane_but_not_a_lone_card() -> None:
    st = rows("KC 9D", "QC")
    moves = codes(GAME, st)
    assert "l1>l2" in moves and "r1>l2" not in moves


def stacked_win() -> Table:
    return rows(*(" ".join(f"{r}{s}" for r in "KQJT98765432A") for s in "SHDC"))


def test_a_stacked_deal_is_won_and_one_card_short_is_not() -> None:
    st = stacked_win()
    while GAME.outcome(st) is not None or sum(map(len, GAME.families(st))) < 51:
        st = play(GAME, st, next(m for m in codes(GAME, st) if m.endswith(">f")))
    assert GAME.public(st)["status"] == "play" and GAME.outcome(st) is None
    st = play(GAME, st, next(m for m in codes(GAME, st) if m.endswith(">f")))
    assert GAME.public(st)["status"] == "won"
    outcome = GAME.outcome(st)
    assert outcome is not None and outcome.summary == "all 52 cards are on the families"


def test_stuck_is_lost_there_is_no_re_deal() -> None:
    st = rows("AS 9H", "2C 7D", "3C 5S", "4C JH", "6C QD", "8C 9S", "TC 3D", "JC 5H",
              "QC KS", "KC 3H")
    assert codes(GAME, st) == ["end"]  # laid so: the deal is never over before a move
    st = replace(st, played=True)  # after a move
    assert GAME.public(st)["status"] == "lost" and GAME.to_move(st) == ()
