"""The Toad (Cheney l.2379-2409): thirteen cards in the Toad, five piles as you please."""

from __future__ import annotations

from rules.cards import Card, card, cards, packs
from rules.games.the_toad import TheToad
from rules.patience import Table
from tests.kit.safe_moves import assert_family_moves_keep_a_winning_line_winning
from tests.kit.solving import PLAIN, assert_knowledge_wins
from tests.kit.stacking import codes, play, stack

GAME = TheToad()
Piles = tuple[tuple[Card, ...], ...]


def state(fams: Piles, toad: tuple[Card, ...], piles: Piles, pack: tuple[Card, ...],
          hand: tuple[Card, ...] = ()) -> Table:
    """The families, the Toad and the pack bottom to top, the five piles, the card
    turned."""
    return GAME.table({f"f{j + 1}": f for j, f in enumerate(fams)}
                      | {f"p{i + 1}": p for i, p in enumerate(piles)}
                      | {"toad": toad, "pack": pack, "hand": hand})


def piles(st: Table) -> Piles:
    return st.piles[9:14]


def full(suit: int, pack: int = 0, top: int = 13) -> tuple[Card, ...]:
    return tuple(card(r, suit, pack) for r in range(1, top + 1))


def test_thirteen_cards_make_the_toad_and_the_turned_card_goes_where_you_please() -> None:
    order = stack("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 9H AS 5D", packs(2))
    st = GAME.layout(order, seed=0)
    assert GAME.pile(st, "toad") == order[:13] and GAME.pile(st, "toad")[-1] == cards("9H")[0]
    assert len(GAME.pile(st, "pack")) == 91 and codes(GAME, st) == ["t"]
    st = play(GAME, st, "t")
    assert GAME.pile(st, "hand") == cards("AS")
    # an ace may go below (or on a pile); only the first empty pile is offered
    assert codes(GAME, st) == ["h>f1", "h>p1"]
    st = play(GAME, st, "h>p1", "t")
    assert codes(GAME, st) == ["h>p1", "h>p2", "p1>f1"]
    assert GAME.describe(st, GAME.parse_move("h>p2")) == "lay 5♦ on pile 2"


def test_the_other_cards_are_laid_off_in_five_piles() -> None:
    """"Lay off the other cards in five piles, which you may arrange as you please"
    (l.2390-2392): five piles, no sixth. No card of this stack can go to a family (no
    ace), so each turned card goes on a pile; with the five filled, a turned card may go
    on any of the five and nowhere else."""
    toad = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC KD"
    st = GAME.layout(stack(toad + " 9H 8H 7H 6H 5H 4H", packs(2)), seed=0)
    assert len(piles(st)) == 5
    assert [z.id for z in GAME.zones(st) if z.kind == "pile"] == ["p1", "p2", "p3", "p4", "p5"]
    for i in range(1, 6):
        st = play(GAME, st, "t")
        assert codes(GAME, st)[-1] == f"h>p{i}"  # the first empty pile, no further
        st = play(GAME, st, f"h>p{i}")
    st = play(GAME, st, "t")
    assert codes(GAME, st) == ["h>p1", "h>p2", "h>p3", "h>p4", "h>p5"]


def test_the_toad_and_the_pack_gone_is_no_win_while_cards_wait_on_the_piles() -> None:
    """Success is "all the cards will find their appropriate places in families"
    (l.2402-2404), not the toad and the pack used up. The Toad holds the clubs of one
    pack, ace on top; the rest is turned king first, each laid on pile 1: the toad and
    the pack are then gone with 13 cards home and 91 on the pile, and the game goes on
    (its top is an ace), no win at 60 home either, a win only with all 104 home."""
    toad = " ".join(f"{r}C" for r in "KQJT98765432A")
    order = stack(toad, packs(2))
    st = GAME.layout((*order[:13], *reversed(order[13:])), seed=0)
    st = play(GAME, st, *["t>f1"] * 13)
    for _ in range(91):
        st = play(GAME, st, "t", "h>p1")
    assert not any(GAME.pile(st, z) for z in ("toad", "pack", "hand"))
    assert len(piles(st)[0]) == 91
    assert GAME.public(st)["in_families"] == 13
    assert GAME.outcome(st) is None and not GAME.won(st)
    while GAME.public(st)["in_families"] < 104:
        if GAME.public(st)["in_families"] == 60:
            assert GAME.outcome(st) is None and not GAME.won(st)
        (home_move,) = [m for m in codes(GAME, st) if m.startswith("p1>f")]
        st = play(GAME, st, home_move)
    out = GAME.outcome(st)
    assert out is not None and out.won and "toad has disappeared" in out.summary


def test_toad_and_pile_tops_feed_the_families_without_following_suit() -> None:
    fams = (cards("AS 2H"), (), (), (), (), (), (), ())
    st = state(fams, cards("4C 3D"), (cards("4H"), (), (), (), ()), ())
    assert codes(GAME, st) == ["t>f1"]
    st = play(GAME, st, "t>f1")
    assert codes(GAME, st) == ["p1>f1", "t>f1"]


def test_a_stacked_deal_is_won() -> None:
    # the Toad holds the clubs of one pack, king at the bottom; then the rest in order
    toad = " ".join(f"{r}C" for r in "KQJT98765432A")
    st = GAME.layout(stack(toad, packs(2)), seed=0)
    while GAME.outcome(st) is None:
        moves = codes(GAME, st)
        home_moves = [m for m in moves if ">f" in m]
        st = play(GAME, st, (home_moves or moves)[0])
    out = GAME.outcome(st)
    assert out is not None and out.won and "toad has disappeared" in out.summary


def test_one_card_short_is_not_a_win() -> None:
    fams = (*(full(s) for s in range(4)), *(full(s, 1) for s in range(3)), full(3, 1, 12))
    st = state(fams, cards("KC"), ((),) * 5, ())
    assert GAME.outcome(st) is None and codes(GAME, st) == ["t>f8"]
    out = GAME.outcome(play(GAME, st, "t>f8"))
    assert out is not None and out.won


def test_pack_out_and_no_top_card_fits_is_lost() -> None:
    fams = (cards("AS 2S"), *((),) * 7)
    st = state(fams, cards("5C"), (cards("9H"), (), (), (), ()), ())
    assert codes(GAME, st) == []
    out = GAME.outcome(st)
    assert out is not None and not out.won and "1 cards left in the toad" in out.summary


def test_no_card_goes_past_a_king() -> None:
    fams = (full(0), *((),) * 7)
    st = state(fams, (), (cards("AH"), (), (), (), ()), cards("2D"))
    assert codes(GAME, st) == ["p1>f2", "t"]  # the ace starts a new family, not on K♠


def test_the_solver_fills_the_families_and_piles_ranks_falling_and_wins() -> None:
    """The Toad's knowledge for the solver (cards to the families first, the Toad's before
    the piles'; a turned card on a pile whose top is of its rank or just above; the key
    without suits; an ace, or a card one above every family, home at once) lets a search
    of 1,000 positions win deal 16; without it the generic search won no deal of a
    thousand (docs/winnability.md). The line it finds replays to a win."""
    assert_knowledge_wins("the_toad", 16, 1_000, PLAIN, 10_000)



def test_a_card_goes_home_unasked_only_when_no_twin_of_its_rank_can_want_the_family() -> None:
    # every family has reached at least a two: a three may go home at once, a five not
    fams = (cards("AS 2S"), cards("AH 2H"), cards("AD 2D 3D"), cards("AC 2C"),
            cards("AS 2S 3S 4S"), cards("AH 2H"), cards("AD 2D"), cards("AC 2C"))
    st = state(fams, cards("5C"), (cards("3H"), cards("5H"), (), (), ()), cards("9C"))
    assert codes(GAME, st) == ["p1>f1", "p2>f5", "t>f5", "t"]
    assert [m.code for m in GAME.safe_moves(st)] == ["p1>f1"]


def test_cards_sent_home_unasked_keep_a_winning_line_winning() -> None:
    """The check of tests/rules/test_safe_moves.py (each safe move on a winning line
    keeps it winning, by the proof's own construction) on deal 16."""
    assert_family_moves_keep_a_winning_line_winning("the_toad", 16)
