"""L'Horloge (Cadogan l.647-719; 002: The Clock), with the stand-in plate."""

from __future__ import annotations

from rules import make
from rules.cards import Card, card, cards, identity, packs, rank_of
from rules.games.l_horloge import PLATE, HorlogeState, LHorloge
from tests.kit.stacking import codes, play

GAME = LHorloge()


def plate() -> tuple[tuple[Card, ...], ...]:
    return tuple((card(r, s),) for r, s in PLATE)


def circle(*packets: str) -> tuple[tuple[Card, ...], ...]:
    out = [cards(p) for p in packets]
    return tuple(out + [cards("QC QC QC")] * (12 - len(out)))


def test_the_alias_the_stand_in_and_the_circle_of_twelve_threes() -> None:
    assert make("the_clock_cadogan").id == "l_horloge"
    assert "stand-in" in GAME.description.title
    st = GAME.deal(5)
    assert [identity(f[0]) for f in st.found] == [card(r, s) for r, s in PLATE]
    assert [len(p) for p in st.circle] == [3] * 12 and len(st.pack) == 104 - 12 - 36


def test_foundations_follow_suit_go_round_and_stop_at_their_hour() -> None:
    # hour I began with 6♣ and ends on the ace of clubs, past the king
    one = cards("6C 7C 8C 9C TC JC QC KC")
    st = HorlogeState((one, *plate()[1:]), circle("2S 3S AC"), ())
    assert codes(GAME, st)[0] == "c1>f1"
    st = play(GAME, st, "c1>f1")
    assert rank_of(st.found[0][-1]) == 1
    st = HorlogeState(st.found, circle("2S 2C 3S", "AC 2C"), ())
    assert not any(m.endswith(">f1") for m in codes(GAME, st))  # hour I is reached


def test_marriages_only_in_the_circle_and_descending_in_suit() -> None:
    st = HorlogeState(plate(), circle("2S 3S 7D", "2S 3S 8D", "2S 3S 6D"), (),
                      talon=cards("7D"))
    moves = codes(GAME, st)
    assert "c1>c2" in moves and "c3>c1" in moves and "c1>c3" not in moves
    assert not any(m.startswith("w>c") for m in moves)  # the talon never marries


def test_short_packets_are_refilled_from_the_pack_in_order_before_turning() -> None:
    st = HorlogeState(plate(), circle("2S 3S 7D", "2S 3S 8D"), tuple(reversed(
        cards("4H 5H 6H"))))
    st = play(GAME, st, "c1>c2")
    assert "t" not in codes(GAME, st) and "r" in codes(GAME, st)
    st = play(GAME, st, "r")
    assert st.circle[0] == cards("2S 3S 4H") and st.pack == cards("6H 5H")
    assert "t" in codes(GAME, st)
    st = play(GAME, st, "t")
    assert st.talon == cards("5H")


def test_the_talon_plays_on_foundations_only() -> None:
    st = HorlogeState(plate(), circle(), (), talon=cards("3C"))
    assert codes(GAME, st) == ["w>f9", "end"]  # 3♣ on the 2♣ of IX


def stacked_win() -> HorlogeState:
    order = packs(2)
    st = GAME.layout(order, 0)
    found = []
    for (r, s), f in zip(PLATE, st.found, strict=True):
        h = PLATE.index((r, s)) + 1
        seq = [f[0]]
        rank = r
        while rank != h:
            rank = rank % 13 + 1
            seq.append(card(rank, s))
        found.append(tuple(seq))
    return HorlogeState(tuple(found), ((),) * 12, ())


def test_every_hour_reached_is_a_win_one_card_short_is_not() -> None:
    done = stacked_win()
    assert GAME.won(done)
    last = done.found[11]
    st = HorlogeState((*done.found[:11], last[:-1]), ((last[-1],), *((),) * 11), ())
    assert not GAME.won(st) and GAME.outcome(st) is None
    st = play(GAME, st, "c1>f12")
    out = GAME.outcome(st)
    assert out is not None and out.won


def test_stuck_with_the_pack_out_is_lost() -> None:
    st = HorlogeState(plate(), circle(*["KH KH KH"] * 12), ())
    assert codes(GAME, st) == []
    out = GAME.outcome(st)
    assert out is not None and not out.won and "no move is left" in out.summary
