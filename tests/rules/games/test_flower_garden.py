"""The Flower Garden (Cheney l.3036-3075): six fanned groups, a Bouquet of sixteen."""

from __future__ import annotations

import pytest

from rules import IllegalMove
from rules.cards import Card, card, cards, packs
from rules.games.flower_garden import FlowerGarden
from rules.history import seen
from rules.patience import Table
from rules.solver import Budget, replay_line, solve
from tests.kit.stacking import codes, play

GAME = FlowerGarden()


def groups(*texts: str) -> tuple[tuple[Card, ...], ...]:
    out = tuple(cards(t) for t in texts)
    return out + tuple(cards("KD") for _ in range(6 - len(out)))


def position(gs: tuple[tuple[Card, ...], ...], bouquet: tuple[Card, ...],
                fams: tuple[tuple[Card, ...], ...] = ((),) * 4) -> Table:
    """A position: groups g1-g6, the Bouquet, the families of the four suits."""
    return GAME.table({f"g{i + 1}": g for i, g in enumerate(gs)} | {"bouquet": bouquet}
                      | {f"f{s + 1}": f for s, f in enumerate(fams)})


def group(st: Table, i: int) -> tuple[Card, ...]:
    return GAME.pile(st, f"g{i + 1}")


def test_six_groups_of_six_and_a_bouquet_of_sixteen() -> None:
    order = packs(1)
    st = GAME.layout(order, seed=0)
    assert group(st, 0) == order[:6] and group(st, 5) == order[30:36]
    assert GAME.pile(st, "bouquet") == tuple(sorted(order[36:]))
    view = {z.id: z for z in GAME.zones(st)}
    assert view["bouquet"].up == 16 and view["g1"].up == 6  # every card is seen


def test_aces_from_the_bouquet_or_the_garden_then_up_in_suit() -> None:
    st = position(groups("9C AS", "2S"), cards("AH 3S"))
    assert codes(GAME, st)[:2] == ["g1>f", "bah>f"]
    st = play(GAME, st, "g1>f", "g2>f", "b3s>f")
    assert GAME.pile(st, "f1") == cards("AS 2S 3S") and GAME.pile(st, "bouquet") == cards("AH")


def test_marriages_lower_on_higher_any_suit_and_whole_sequences() -> None:
    # "you may change any number of cards at once, if the lower card of the sequence
    # is next in order to the one on which you place it" (l.3066-3069)
    st = position(groups("KC 9H 8S 7D", "TC", "8H"), cards("6C"))
    moves = codes(GAME, st)
    assert "g1.3>g2" in moves  # 9♥ 8♠ 7♦ onto the ten of clubs
    assert "g1.2>g3" not in moves  # 8♠ 7♦ onto an eight: 8 is not next to 8
    assert "g1>g3" in moves  # 7♦ on 8♥, suit not followed
    assert "b6c>g1" in moves  # Bouquet cards marry too
    st = play(GAME, st, "g1.3>g2")
    assert group(st, 0) == cards("KC") and group(st, 1) == cards("TC 9H 8S 7D")
    with pytest.raises(IllegalMove):
        GAME.apply(st, "g2.3>g1", 0)  # nothing goes straight back (nor fits)


def test_a_space_takes_any_top_card_sequence_or_bouquet_card() -> None:
    st = position(groups("", "KC QS JD", "9H 4C", "5S"), cards("KH"))
    moves = codes(GAME, st)
    assert {"g2>g1", "g2.2>g1", "g3>g1", "bkh>g1"} <= set(moves)
    assert "g2.3>g1" not in moves and "g4>g1" not in moves  # a whole group: no change
    st = play(GAME, st, "g2>g1")
    assert "g1>g2" not in codes(GAME, st)  # not straight back
    assert codes(GAME, st)[-1] == "end"


def test_a_stacked_deal_completes_the_families() -> None:
    want = [card(r, s) for r in range(5, 14) for s in range(4)]
    layers = [want[6 * k:6 * k + 6] for k in range(6)]  # layer 0 is on top
    garden = [tuple(layers[k][g] for k in range(5, -1, -1)) for g in range(6)]
    bouquet = [card(r, s) for r in range(1, 5) for s in range(4)]
    st = GAME.layout((*(c for g in garden for c in g), *bouquet), seed=0)
    while GAME.outcome(st) is None:
        st = play(GAME, st, codes(GAME, st)[0])
    outcome = GAME.outcome(st)
    assert outcome is not None and outcome.won
    assert outcome.summary == "all 52 cards in the families"


def test_one_king_short_is_not_a_win_and_stuck_or_given_up_is_lost() -> None:
    fams = tuple(tuple(card(r, s) for r in range(1, 14)) for s in range(4))
    st = position(((), cards("KC"), (), (), (), ()), (), (*fams[:3], fams[3][:-1]))
    assert not GAME.won(st) and codes(GAME, st)[0] == "g2>f"
    assert GAME.won(play(GAME, st, "g2>f"))
    given = play(GAME, st, "end")
    outcome = GAME.outcome(given)
    assert outcome is not None and not outcome.won and outcome.summary.endswith("given up")
    stuck = position(groups("9C", "9S"), (), ((),) * 4)
    outcome = GAME.outcome(stuck)
    assert outcome is not None and not outcome.won
    assert outcome.summary == "0 of 52 cards in the families; no move is left"


def test_the_solver_carries_no_growing_history_and_answers_the_same() -> None:
    """The solver plays a move from group to group without adding the arrangement to
    those remembered (``solver_play``): on deals 0, 1 and 3 after 0, 30, 60 and 120
    first legal moves (positions that remember arrangements), its answer is the one of the
    search that plays every move as the table does, wherever both decide; and each
    winning line replays, every move checked against the rule, to a win."""
    table = FlowerGarden()
    table.solver_play = None  # type: ignore[assignment,method-assign]  # play as the table
    decided = remembering = 0
    for seed in (0, 1, 3):
        st = GAME.deal(seed)
        for n in range(121):
            if n in (0, 30, 60, 120):
                remembering += bool(seen(st))
                fast = solve(GAME, st, Budget(5_000))
                slow = solve(table, st, Budget(5_000))
                if fast.decided and slow.decided:
                    assert fast.verdict == slow.verdict, (seed, n)
                    decided += 1
                for found in (fast, slow):
                    if found.won:
                        done = GAME.outcome(replay_line(GAME, st, found.line))
                        assert done is not None and done.won, (seed, n)
            if GAME.outcome(st) is not None:
                break
            st = play(GAME, st, codes(GAME, st)[0])
    assert decided >= 9 and remembering >= 6


def test_a_line_the_solver_finds_from_a_table_before_any_move_keeps_the_rule() -> None:
    """A table laid by hand, before any move: the solver's line may not bring the Garden
    back to this first arrangement (the table's rule), though the solver does not carry
    the arrangements had: the first arrangement is the same position after a move."""
    fams = (cards("AS 2S 3S 4S 5S 6S"), cards("AH 2H 3H 4H"), cards("AD 2D 3D 4D 5D 6D 7D "
            "8D 9D TD JD QD KD"), cards("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"))
    gs = (cards("KH 9S"), cards("8H"), cards("5H TH"), cards("7S JS"), cards("QH"),
          cards("KS"))
    st = position(gs, tuple(sorted(cards("6H 7H 9H JH 8S TS QS"))), fams)
    found = solve(GAME, st, Budget(20_000))
    assert found.won
    done = GAME.outcome(replay_line(GAME, st, found.line))
    assert done is not None and done.won
