"""The Carpet (Hoyle 003 l.9): holes filled from the pack, then the extra pile."""

from __future__ import annotations

from rules import make
from rules.cards import Card, cards
from rules.games.the_carpet_hoyle import TheCarpetHoyle
from rules.patience import Table
from rules.solo import pack_of
from tests.kit.stacking import codes, play, stack

GAME = TheCarpetHoyle()
FILLER = "9H TH JH QH KH 9D TD JD QD KD 9C TC JC QC KC 8H 8D 8C 8S TS"


def state(carpet: str, pack: str = "", extra: str = "", rows: tuple[str, ...] = ("",) * 4,
          driven: bool = False) -> Table:
    # the other places hold cards that stay put (no sequence reaches the sevens)
    cs = [None if t == "--" else cards(t)[0] for t in carpet.split()]
    filler = [c for c in cards(FILLER) if c not in cs]
    places = [*cs, *filler[:20 - len(cs)]]
    piles: dict[str, tuple[Card, ...]] = {f"c{i + 1}": () if c is None else (c,)
                                          for i, c in enumerate(places)}
    piles |= {f"f{i + 1}": cards(r) for i, r in enumerate(rows)}
    st = GAME.table(piles | {"pack": pack_of(cards(pack)), "extra": cards(extra)})
    return GAME.marked(st, driven=driven)


def carpet(st: Table) -> tuple[Card | None, ...]:
    """The twenty places, ``None`` for a hole."""
    return tuple(p[-1] if p else None for p in st.piles[4:24])


def test_aces_in_the_carpet_are_laid_aside_and_their_holes_filled() -> None:
    order = stack("AS 5H 9C 7D KS AH 2C 3C 4C 6C 8C TC JC QC KC 2D 3D 4D 5D 6D QH JH",
                  GAME.pack())
    st = GAME.layout(order, 0)
    assert st.piles[0] == cards("AS") and st.piles[1] == cards("AH")
    # the holes at places 1 and 6 took the next cards of the pack, in place order
    assert carpet(st)[0] == cards("QH")[0] and carpet(st)[5] == cards("JH")[0]
    assert len(GAME.pile(st, "pack")) == 30


def test_the_carpet_feeds_the_sequences_and_the_pack_fills_its_holes() -> None:
    st = state("2S 5H", pack="3S 9D", rows=("AS", "", "", ""))
    assert codes(GAME, st) == ["c1>f"]
    st = play(GAME, st, "c1>f")
    assert carpet(st)[:2] == cards("3S 5H") and GAME.pile(st, "pack") == pack_of(cards("9D"))
    assert codes(GAME, st) == ["c1>f"]


def test_stopped_the_extra_pile_is_dealt_and_holes_are_patched_from_it() -> None:
    st = state("2S 5H", pack="3S AD 2D", rows=("AS", "", "", ""))
    st = play(GAME, st, "c1>f")  # 3♠ fills the hole and goes up next
    st = play(GAME, st, "c1>f")  # A♦ comes into the hole: laid aside, 2♦ in its place
    assert st.piles[2] == cards("AD") and carpet(st)[0] == cards("2D")[0]
    st = state("7S 5H", pack="2S 3S 7C", rows=("AS", "", "", ""))
    assert codes(GAME, st) == ["d"]  # stopped: only the extra pile is left
    st = play(GAME, st, "d")
    assert GAME.pile(st, "extra") == cards("2S") and GAME.mark(st, "driven")
    assert codes(GAME, st) == ["w>f", "d"]
    st = play(GAME, st, "w>f")
    st = play(GAME, st, "d")
    assert codes(GAME, st) == ["w>f", "d"]
    st = play(GAME, st, "w>f")
    # a hole made now is not filled from the pack, but patched from the extra pile
    st = state("4S 5H", pack="9S 7C", extra="6H", rows=("AS 2S 3S", "", "", ""),
               driven=True)
    st = play(GAME, st, "c1>f")
    assert carpet(st)[0] is None and len(GAME.pile(st, "pack")) == 2
    assert codes(GAME, st) == ["w>c1", "d"]
    st = play(GAME, st, "w>c1")
    assert carpet(st)[0] == cards("6H")[0]


def test_holes_patched_at_once_in_the_strict_reading() -> None:
    strict = make("the_carpet_hoyle", {"patch": "at_once"})
    st = state("4S 5H", pack="7C 9D", extra="6H", rows=("AS 2S 3S", "", "", ""),
               driven=True)
    st = play(strict, st, "c1>f")
    assert carpet(st)[0] == cards("6H")[0] and not st.piles[25]  # nor any extra pile


def test_all_built_wins_one_short_does_not_and_stopped_loses() -> None:
    full = [" ".join(f"{r}{s}" for r in "A23456789TJQK") for s in "SHDC"]
    st = state("KC " + " ".join(["--"] * 19), rows=(*full[:3], full[3][:-3]))
    assert GAME.outcome(st) is None and not GAME.won(st)
    out = GAME.outcome(play(GAME, st, "c1>f"))
    assert out is not None and out.won
    stuck = state("7S 5H", extra="7C", rows=("AS", "", "", ""), driven=True)
    out = GAME.outcome(stuck)
    assert out is not None and not out.won
    assert out.summary == "stopped with 1 of 52 cards built up on the aces"


def test_a_stacked_deal_is_won() -> None:
    order = stack(" ".join(f"{r}{s}" for r in "A23456789TJQK" for s in "SHDC"), GAME.pack())
    st = GAME.layout(order, 0)
    while GAME.outcome(st) is None:
        st = play(GAME, st, codes(GAME, st)[0])
    out = GAME.outcome(st)
    assert out is not None and out.won
