"""L'Horloge (Cadogan l.647-719; 002: The Clock), with the stand-in plate."""

from __future__ import annotations

from rules import make
from rules.cards import Card, card, cards, identity, packs, rank_of
from rules.games.l_horloge import PLATE, LHorloge
from rules.patience import Table
from tests.kit.stacking import codes, play

GAME = LHorloge()


def state(fams: tuple[tuple[Card, ...], ...], circle: tuple[tuple[Card, ...], ...],
          pack: tuple[Card, ...], talon: tuple[Card, ...] = ()) -> Table:
    """A table with these foundations, packets, pack (top last) and talon."""
    return GAME.table({f"f{h + 1}": f for h, f in enumerate(fams)}
                      | {f"c{i + 1}": p for i, p in enumerate(circle)}
                      | {"pack": pack, "w": talon})


def found(st: Table) -> tuple[tuple[Card, ...], ...]:
    return st.piles[:12]


def plate() -> tuple[tuple[Card, ...], ...]:
    return tuple((card(r, s),) for r, s in PLATE)


def circle(*packets: str) -> tuple[tuple[Card, ...], ...]:
    out = [cards(p) for p in packets]
    return tuple(out + [cards("QC QC QC")] * (12 - len(out)))


def test_the_alias_the_stand_in_and_the_circle_of_twelve_threes() -> None:
    assert make("the_clock_cadogan").id == "l_horloge"
    assert "stand-in" in GAME.description.title
    st = GAME.deal(5)
    assert [identity(f[0]) for f in found(st)] == [card(r, s) for r, s in PLATE]
    assert [len(p) for p in st.piles[12:24]] == [3] * 12
    assert len(GAME.pile(st, "pack")) == 104 - 12 - 36


def test_foundations_follow_suit_go_round_and_stop_at_their_hour() -> None:
    # hour I began with 6♣ and ends on the ace of clubs, past the king
    one = cards("6C 7C 8C 9C TC JC QC KC")
    st = state((one, *plate()[1:]), circle("2S 3S AC"), ())
    assert codes(GAME, st)[0] == "c1>f1"
    st = play(GAME, st, "c1>f1")
    assert rank_of(found(st)[0][-1]) == 1
    st = state(found(st), circle("2S 2C 3S", "AC 2C"), ())
    assert not any(m.endswith(">f1") for m in codes(GAME, st))  # hour I is reached


def test_marriages_only_in_the_circle_and_descending_in_suit() -> None:
    st = state(plate(), circle("2S 3S 7D", "2S 3S 8D", "2S 3S 6D"), (),
                      talon=cards("7D"))
    moves = codes(GAME, st)
    assert "c1>c2" in moves and "c3>c1" in moves and "c1>c3" not in moves
    assert not any(m.startswith("w>c") for m in moves)  # the talon never marries


def test_short_packets_are_refilled_from_the_pack_in_order_before_turning() -> None:
    st = state(plate(), circle("2S 3S 7D", "2S 3S 8D"), tuple(reversed(
        cards("4H 5H 6H"))))
    st = play(GAME, st, "c1>c2")
    assert "t" not in codes(GAME, st) and "r" in codes(GAME, st)
    st = play(GAME, st, "r")
    assert st.piles[12:24][0] == cards("2S 3S 4H") and GAME.pile(st, "pack") == cards("6H 5H")
    assert "t" in codes(GAME, st)
    st = play(GAME, st, "t")
    assert GAME.pile(st, "w") == cards("5H")


def test_the_talon_plays_on_foundations_only() -> None:
    st = state(plate(), circle(), (), talon=cards("3C"))
    assert codes(GAME, st) == ["w>f9", "end"]  # 3♣ on the 2♣ of IX


def stacked_win() -> Table:
    order = packs(2)
    st = GAME.layout(order, 0)
    fams = []
    for (r, s), f in zip(PLATE, found(st), strict=True):
        h = PLATE.index((r, s)) + 1
        seq = [f[0]]
        rank = r
        while rank != h:
            rank = rank % 13 + 1
            seq.append(card(rank, s))
        fams.append(tuple(seq))
    return state(tuple(fams), ((),) * 12, ())


def test_every_hour_reached_is_a_win_one_card_short_is_not() -> None:
    done = stacked_win()
    assert GAME.won(done)
    last = found(done)[11]
    st = state((*found(done)[:11], last[:-1]), ((last[-1],), *((),) * 11), ())
    assert not GAME.won(st) and GAME.outcome(st) is None
    st = play(GAME, st, "c1>f12")
    out = GAME.outcome(st)
    assert out is not None and out.won


def test_stuck_with_the_pack_out_is_lost() -> None:
    st = state(plate(), circle(*["KH KH KH"] * 12), ())
    assert codes(GAME, st) == []
    out = GAME.outcome(st)
    assert out is not None and not out.won and "no move is left" in out.summary
