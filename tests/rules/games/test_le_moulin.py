"""Le Moulin (Cadogan l.451-510; 002: The Mill): Windmill's deal and play, and Cadogan's
transfer from a king packet to the centre."""

from __future__ import annotations

from rules import make
from rules.cards import cards, packs
from rules.games.le_moulin import LeMoulin
from rules.patience import Table
from tests.kit.stacking import codes, play, stack

RANKS = "A23456789TJQK"
GAME = LeMoulin()


def table(found: list[str], wing: str, pack: str = "", waste: str = "") -> Table:
    return GAME.table({f"f{j + 1}": cards(f) for j, f in enumerate(found)}
                      | {f"d{i + 1}": (c,) for i, c in enumerate(cards(wing))}
                      | {"pack": cards(pack)[::-1], "w": cards(waste)})


KINGS = ["KS QS JS TS 9S 8S 7S 6S", "KH", "KD", "KC"]


def test_the_alias_and_the_deal_of_windmill() -> None:
    assert make("the_mill").id == "le_moulin"
    a, b = GAME.deal(9), make("windmill").deal(9)
    assert a == b


def test_a_transfer_only_when_it_brings_a_wing_or_talon_card_into_use() -> None:
    centre = "AS 2S 3S 4S 5S"
    st = table([*KINGS, centre], "7H 2C 2C 2C 2C 2C 2C 2C")
    assert "f1>f5" in codes(GAME, st)  # 6♠ to the centre lets 7♥ go up there
    st2 = table([*KINGS, centre], "2C 2C 2C 2C 2C 2C 2C 2C", waste="7D")
    assert "f1>f5" in codes(GAME, st2)  # the talon's top counts too
    st3 = table([*KINGS, centre], "2C 2C 2C 2C 2C 2C 2C 2C")
    assert "f1>f5" not in codes(GAME, st3)  # nothing would come into use
    # the king itself never leaves its angle
    st4 = table(["KS", "KH", "KD", "KC", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS"],
                "AH 2C 2C 2C 2C 2C 2C 2C")
    assert not any(m.startswith("f") for m in codes(GAME, st4))


def test_one_card_of_each_king_packet_at_a_time() -> None:
    kings = ["KS QS JS TS 9S 8S 7S 6S 7C 6C", "KH", "KD", "KC"]
    st = table([*kings, "AS 2S 3S 4S 5S"], "7H 8H 2C 2C 2C 2C 2C 2C")
    st = play(GAME, st, "f1>f5")  # 6♣: the centre now wants a seven
    assert GAME.pile(st, "f5")[-1] == cards("6C")[0]
    assert "f1>f5" not in codes(GAME, st)  # 7♣ would serve, but not twice running
    st = play(GAME, st, "d1>f5")  # 7♥ from the wings: the privilege returns
    assert not any(GAME.mark(st, k) for k in GAME.marks)


def test_a_stacked_deal_is_won() -> None:
    kings_down = " ".join(f"{r}{s}" for r in reversed(RANKS[:-1]) for s in "SHDC")
    order = ("AS KS KH KD KC " + " ".join(f"{r}H" for r in RANKS[1:]) + " " + kings_down
             + " " + " ".join(f"{r}{s}" for s in "HDC" for r in RANKS))
    st = GAME.layout(stack(order, packs(2), skip_used=True), seed=3)
    while GAME.outcome(st) is None:
        legal = codes(GAME, st)
        st = play(GAME, st, next((c for c in legal if ">f" in c), legal[0]))
    outcome = GAME.outcome(st)
    assert outcome is not None and outcome.won


def test_one_card_short_is_not_a_win() -> None:
    kings = [" ".join(f"{r}{s}" for r in reversed(RANKS)) for s in "SHDC"]
    centre = " ".join(" ".join(f"{r}{s}" for r in RANKS) for s in "SHDC").rsplit(" ", 1)[0]
    st = table([*kings, centre], "KC")
    assert GAME.outcome(st) is None
    st = play(GAME, st, "d1>f5")
    out = GAME.outcome(st)
    assert out is not None and out.won


def test_no_re_deal_the_pack_out_and_stuck_is_lost() -> None:
    st = table([*KINGS, "AS 2S"], "9C 9C 9D 9D 9H 9H JC JD", waste="8H")
    assert codes(GAME, st) == []
    out = GAME.outcome(st)
    assert out is not None and not out.won
