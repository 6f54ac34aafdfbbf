"""The Empress of India (Cadogan 001 l.1085-1179): plays in red-and-black pairs, pairing,
vacancies refilled at once by colour, the foundations that omit knaves and queens."""

from __future__ import annotations

import pytest

from rules import IllegalMove
from rules.cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    SPADES,
    Card,
    card,
    cards,
    is_red,
    packs,
    rank_of,
    suit_of,
)
from rules.games.empress_of_india import SUITS, EmpressOfIndia, wanted_rank
from rules.patience import Table
from tests.kit.stacking import codes, play

GAME = EmpressOfIndia()
BASES = tuple((card(1, s),) if j < 8 else (card(13, s),) for j, s in enumerate(SUITS))


Piles = tuple[tuple[Card, ...], ...]


def table(fams: Piles, army: Piles, navy: Piles, pack: tuple[Card, ...],
          red: tuple[Card, ...] = (), black: tuple[Card, ...] = ()) -> Table:
    """The foundations, the Army's and the Navy's places (as many as given, the rest
    empty), the pack (top last) and the talons."""
    piles = {f"f{j + 1}": f for j, f in enumerate(fams)}
    piles |= {f"a{i + 1}": p for i, p in enumerate(army)}
    piles |= {f"n{i + 1}": p for i, p in enumerate(navy)}
    return GAME.table(piles | {"pack": pack, "red_talon": red, "black_talon": black})


def state(army: str, navy: str, pack: str = "", red: str = "", black: str = "",
          fams: Piles = BASES) -> Table:
    """Army and Navy: 24 places each, ``+`` joins a pair; pack first turned first."""
    def row(text: str) -> Piles:
        words = text.split()
        words += ["5H" if army is text else "5S"] * (24 - len(words))
        return tuple(cards(w.replace("+", " ")) for w in words)
    return table(fams, row(army), row(navy), tuple(reversed(cards(pack))), cards(red),
                 cards(black))


def army(st: Table) -> Piles:
    return tuple(GAME.pile(st, f"a{i + 1}") for i in range(24))


def navy(st: Table) -> Piles:
    return tuple(GAME.pile(st, f"n{i + 1}") for i in range(24))


def real(st: Table) -> list[str]:
    return [c for c in codes(GAME, st) if c != "end"]


def test_the_deal_the_court_and_the_sequences_that_omit_a_rank() -> None:
    st = GAME.deal(4)
    assert all(is_red(p[0]) for p in army(st)) and not any(is_red(p[0]) for p in navy(st))
    court = GAME.pile(st, "court")
    assert len(court) == 16 and rank_of(court[0]) == 12 and suit_of(court[0]) == CLUBS
    total = sum(len(GAME.pile(st, p)) for p in ("pack", "red_talon", "black_talon")) + 48
    assert total == 176 and sum(len(f) for f in GAME.families(st)) == 16
    # black: ... J then K (no queen); red: ... Q then 10 (no knave)
    assert wanted_rank(cards("JS")) == 13 and wanted_rank(cards("QH")) == 10


def test_the_first_pair_must_be_a_black_two_and_a_red_queen() -> None:
    # l.1148-1150: nothing goes up alone; the first play is a black two with a red queen
    st = state("QH 7D", "2S 8C")
    assert real(st)[0] == "a1+n1"
    st2 = state("7D", "2S 8C")
    assert all(">" in c for c in real(st2))    # the 2♠ cannot go up alone: only pairings
    st = play(GAME, state("QH 7D", "2S 8C", pack="QD 3C"), "a1+n1")
    assert GAME.families(st)[0][-1] == card(2, SPADES)
    assert GAME.families(st)[8][-1] == card(12, HEARTS)
    # the vacancies were filled at once, each with its own colour from the pack
    assert army(st)[0] == cards("QD") and navy(st)[0] == cards("3C")


def test_paired_cards_are_played_together_and_never_separated() -> None:
    st = state("QH 7D", "2S 8C", pack="4D 9S")
    st = play(GAME, st, "a1>n1")               # Q♥ paired onto 2♠ in the Navy
    assert navy(st)[0] == cards("2S QH") and army(st)[0] == cards("4D")
    assert "n1" in real(st)
    assert not any(c.startswith("n1>") or c.endswith(">n1") for c in real(st))
    with pytest.raises(IllegalMove):
        GAME.apply(st, "a2+n1", 0)
    st = play(GAME, st, "n1")
    assert navy(st)[0] == cards("9S")


def test_a_vacancy_takes_its_colours_talon_first() -> None:
    st = state("QH", "2S", pack="3D", red="6H", black="8S 9C")
    st = play(GAME, st, "a1+n1")
    assert army(st)[0] == cards("6H") and navy(st)[0] == cards("9C")
    assert GAME.pile(st, "pack") == cards("3D")


def full() -> list[tuple[Card, ...]]:
    out = []
    for j, s in enumerate(SUITS):
        pile: tuple[Card, ...] = BASES[j]
        while wanted_rank(pile):
            pile = (*pile, card(wanted_rank(pile), s, pack=j % 4))
        out.append(pile)
    return out


def test_all_176_up_wins_and_one_pair_short_does_not() -> None:
    fams = full()
    last_b, last_r = fams[7][-1], fams[15][-1]
    fams[7], fams[15] = fams[7][:-1], fams[15][:-1]
    st = table(tuple(fams), ((last_r,),), ((last_b,),), ())
    assert not GAME.won(st) and GAME.outcome(st) is None
    st = play(GAME, st, "a1+n1")
    outcome = GAME.outcome(st)
    assert outcome is not None and outcome.won
    assert sum(len(f) for f in GAME.families(st)) == 16 + 176


def test_lost_when_nothing_pairs_or_plays() -> None:
    st = table(BASES, ((card(5, DIAMONDS),),), ((card(7, CLUBS), card(9, HEARTS)),), ())
    assert real(st) == []
    outcome = GAME.outcome(st)
    assert outcome is not None and not outcome.won
    assert len(packs(4)) == 208
