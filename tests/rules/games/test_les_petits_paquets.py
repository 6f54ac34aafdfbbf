"""Les Petits Paquets (Cadogan 001 l.1426-1532): the Exile rule of the deal, the Exiles'
chain, the re-deals, the foundations and the foundation exchange."""

from __future__ import annotations

from dataclasses import replace

from rules import render
from rules.cards import Card, cards
from rules.games.les_petits_paquets import LesPetitsPaquets, deal_packets
from rules.patience import Table
from tests.kit.stacking import codes, play

GAME = LesPetitsPaquets()
KINGS = tuple((c,) for c in cards("KS KH KD KC KS KH KD KC"))
FILL = ("9C",) * 12


def state(packets: tuple[str, ...] = (*FILL, ""), exiles: str = "",
          fams: tuple[tuple[Card, ...], ...] = KINGS, redeals: int = 0) -> Table:
    """Packets bottom to top; exiles bottom to top (the last is uppermost)."""
    return position(fams, tuple(cards(p) for p in packets), cards(exiles), redeals)


def position(fams: tuple[tuple[Card, ...], ...], packets: tuple[tuple[Card, ...], ...],
             exiles: tuple[Card, ...] = (), redeals: int = 0) -> Table:
    t = GAME.table({f"f{j + 1}": f for j, f in enumerate(fams)}
                   | {f"p{i + 1}": p for i, p in enumerate(packets)} | {"exiles": exiles})
    return replace(t, redeals=redeals)


def packets(t: Table) -> tuple[tuple[Card, ...], ...]:
    return tuple(GAME.pile(t, f"p{i + 1}") for i in range(13))


def test_a_card_whose_value_is_its_number_in_the_round_is_exiled() -> None:
    # the seventh card dealt is a seven: exiled; the next card takes place seven
    packets, exiles = deal_packets(cards("2S 3S 4S 5S 6S 8S 7D 9S"))
    assert exiles == cards("7D")
    assert [p for p in packets if p][:7] == [cards(w) for w in "2S 3S 4S 5S 6S 8S 9S".split()]
    packets, exiles = deal_packets(cards("AS"))   # an ace dealt first
    assert exiles == cards("AS") and not any(packets)


def test_the_deal_packet_thirteen_spread_the_others_show_their_surface() -> None:
    st = GAME.deal(6)
    assert sum(map(len, packets(st))) + len(GAME.pile(st, "exiles")) == 96
    zones = {z["id"]: z for z in render(GAME, st, None)["zones"]}
    assert len(zones["p1"]["up"]) == 1 and len(zones["p13"]["up"]) == len(packets(st)[12])
    assert zones["exiles"]["up"] == []


def test_upper_kings_take_the_ace_and_lower_kings_the_queen() -> None:
    st = state(("AS", "QH", *FILL[2:], "2D QS"))
    assert codes(GAME, st) == ["p1>f1", "p2>f6", "q2>f5", "redeal"]


def test_a_card_fitting_both_foundations_of_its_suit_may_go_on_either() -> None:
    # the upper spades at the four, the lower at the six: the five goes on either
    fams = (cards("KS AS 2S 3S 4S"), *KINGS[1:4], cards("KS QS JS TS 9S 8S 7S 6S"),
            *KINGS[5:])
    st = state(("5S", *FILL[1:], ""), fams=fams)
    assert codes(GAME, st) == ["p1>f1", "p1>f5", "redeal"]
    st = play(GAME, st, "p1>f5")
    assert GAME.families(st)[4][-1] == cards("5S")[0] and GAME.families(st)[0] == fams[0]
    # an ace: after the upper king, or ending the lower foundation down to the deuce
    lower = cards("KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S")
    st = state(("AS", *FILL[1:], ""), fams=(*KINGS[:4], lower, *KINGS[5:]))
    assert codes(GAME, st) == ["p1>f1", "p1>f5", "redeal"]
    assert GAME.families(play(GAME, st, "p1>f5"))[4] == (*lower, *cards("AS"))


def test_the_exile_chain_slips_cards_under_their_packets() -> None:
    # the uppermost Exile, a five, goes under the fifth packet; its top card, a seven,
    # under the seventh, whose top, an eight, under the eighth: that releases the ace
    st = state((*FILL[:4], "9C 7D", "9C", "AS 8C", *FILL[7:], ""), exiles="5H")
    assert codes(GAME, st) == ["x"]
    st = play(GAME, st, "x")
    assert packets(st)[4] == cards("5H 9C") and packets(st)[6] == cards("7D AS")
    assert packets(st)[7] == cards("8C 9C")
    assert codes(GAME, st) == ["p7>f1", "redeal"] and not GAME.pile(st, "exiles")


def test_a_suitable_exile_goes_straight_up() -> None:
    st = play(GAME, state(exiles="AH"), "x")
    assert GAME.families(st)[1] == cards("KH AH")


def test_two_redeals_taking_up_the_rows_and_the_thirteenth() -> None:
    st = state(("2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "9H", "2D",
                "3D 4D"))
    assert codes(GAME, st) == ["redeal"]
    st = play(GAME, st, "redeal")
    # taken up 1-6, then 13, then 7-12, and dealt again in rounds of thirteen
    assert packets(st) == tuple(cards(w) for w in (
        "2C 2D", "3C", "4C", "5C", "6C", "7C", "3D", "4D", "8C", "9C", "TC", "JC", "9H"))
    assert st.redeals == 1 and codes(GAME, st) == ["redeal"]
    st = play(GAME, st, "redeal")
    assert GAME.pile(st, "exiles") == cards("2D")       # dealt second in its round: exiled
    st = play(GAME, st, "x")
    assert codes(GAME, st) == []          # no third re-deal: lost
    outcome = GAME.outcome(st)
    assert outcome is not None and not outcome.won


def full(j: int) -> tuple[Card, ...]:
    s = "SHDC"[j % 4]
    ranks = "K A 2 3 4 5 6 7 8 9 T J Q" if j < 4 else "K Q J T 9 8 7 6 5 4 3 2 A"
    out = cards(" ".join(r + s for r in ranks.split()))
    return out if j < 4 else tuple(c | 64 for c in out)


def test_all_96_up_wins_and_one_short_does_not() -> None:
    fams = [full(j) for j in range(8)]
    last = fams[7][-1]
    fams[7] = fams[7][:-1]
    st = position(tuple(fams), ((),) * 12 + ((last,),))
    assert not GAME.won(st) and GAME.outcome(st) is None
    outcome = GAME.outcome(play(GAME, st, "q1>f8"))
    assert outcome is not None and outcome.won


def test_one_card_at_a_time_exchanged_between_foundations() -> None:
    up = cards("KH AH 2H 3H 4H 5H")
    down = tuple(c | 64 for c in cards("KH QH JH TH 9H 8H 7H 6H"))
    fams = (KINGS[0], up, *KINGS[2:5], down, *KINGS[6:])
    st = state(fams=fams)
    assert "f2>f6" in codes(GAME, st) and "f6>f2" in codes(GAME, st)
    st = play(GAME, st, "f2>f6")
    assert "f6>f2" not in codes(GAME, st)
