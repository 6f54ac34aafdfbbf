"""Le Carré Napoléon, from Cadogan's *Illustrated Games of Patience*.

Source: ``001_6a582ee13e12f2a9.txt`` l.1533-1605 (the variant l.1595-1605); the same text
word for word in ``002_e65e08a38c98e317.txt`` l.116-138 ("Napoleon's Square", alias
``napoleons_square``). Rule sheet ``shared/games/cadogan.md``, section Le Carré Napoléon.

Two packs. "Deal out twelve packets, each consisting of four cards dealt together, so as
to form three sides of a square, leaving space in the centre for the eight aces", which
ascend in suit to kings (l.1556-1562; Rule III, l.1552). Only the uppermost card of each
packet is available, "but the whole of the square may be examined" (Rule I, l.1539-1543):
every card lies face up. Marriages are made "in a descending line with the cards of the
square" (l.1568-1570): a card onto the card of its suit one higher
(:func:`rules.cadogan.marries`, sheet G1). The rest of the pack is played out, cards "not
suitable for the foundations or for the sequences of the square being placed in a
talon" (l.1587-1591); "there is no re-deal" (l.1593). "When a vacancy in the square is
caused by the removal of an entire packet, the space may be filled by one card from the
talon or pack, but this need not be done until a favourable opportunity occurs"
(Rule II, l.1545-1550).

Readings (the sheet's PROPOSED readings unless said otherwise):

- Dealing the rest: the pack is turned a card at a time onto the talon (``s``), and the
  talon's top card, the card just turned among them, may go to a foundation, be married
  on the square, or fill a vacancy (G6; "from the talon or pack").
- A vacancy takes one card, the talon's top or the next card of the pack unseen
  (``d>q<k>``), when the player likes, never a card of the square; the card then is an
  ordinary packet of one (amb. 2). The twelve places are alike: the first vacancy is
  offered. Foundations are kept by suit, two of each (:func:`rules.cadogan.suited`); the
  first ace of a suit played starts the first of them.
- One card moves at a time (G1). Cards can go back and forth between packets, so ``end``
  (give up) is offered after every other move, and a card may not go straight back to
  the packet it has just left.
- **The note** (l.1581-1585): "If after dealing the square two kings of one suit were
  found to be blocking two smaller cards of that suit, either the whole must be taken up
  and re-dealt, or one king must be slipped underneath." Read (amb. 1) as offered only
  before the first move and only in that case (each of the two kings of a suit lies above
  a smaller card of its suit in its packet): ``retake`` gathers the square, shuffles it
  (stream 1 of the deal's seed) and deals it again; ``slip<i>`` puts such a king of
  packet ``i`` at the bottom of its packet. Once.
- Won with all 104 on the foundations; lost when no move is left or the player gives up.

Variant (l.1595-1605, ``le_carre_napoleon_singles``): "a square of twelve single cards",
the rest as usual: option ``packets=1``.

Moves, in this order: ``retake``, ``slip<i>`` (first move only, when the note applies);
``q<i>>f<j>``; ``w>f<j>``; ``w>q<k>`` (a marriage, or into the first vacancy);
``d>q<k>`` (the first vacancy, from the pack); ``s``; ``q<i>>q<k>`` (marriages within
the square, last); ``end``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..cadogan import ACES_UP, available, suited, talon_top, to_play
from ..cards import KING, Card, identity, name, rank_of, suit_of
from ..description import CADOGAN, Description
from ..game import Move, Option, Zone
from ..registry import register, variant
from ..solo import (
    SoloGame,
    open_zone,
    pack_of,
    pack_zone,
    replace_at,
    reshuffle,
    split_code,
    with_end,
)
from ._columns import back_of, family_label, family_zones, home
from ._upward import tops_by_card

PLACES = 12
TURN, RETAKE = Move("s"), Move("retake")
FOUNDATIONS = suited(ACES_UP, 8)
SIDES = ("on the left", "across the top", "on the right")


@dataclass(frozen=True, slots=True)
class CarreState:
    families: tuple[tuple[Card, ...], ...]
    square: tuple[tuple[Card, ...], ...]
    pack: tuple[Card, ...]
    talon: tuple[Card, ...] = ()
    #: The code that would put the last card moved straight back.
    back: str = ""
    #: No move has been made yet (the note's remedy may still be taken).
    opening: bool = True
    given_up: bool = False
    seed: int = 0


def play_to(fams: tuple[tuple[Card, ...], ...], c: Card) -> int:
    """The foundation (0-based) that ``c`` is played on, or -1: :func:`to_play` over the
    two foundations of its suit (``s`` and ``s + 4``)."""
    s = suit_of(c)
    k = to_play(FOUNDATIONS[s::4], fams[s::4], c)
    return -1 if k < 0 else s + 4 * k


def place_label(i: int) -> str:
    return f"packet {i + 1} ({SIDES[i // 4]})"


def blocking_kings(square: tuple[tuple[Card, ...], ...]) -> list[int]:
    """The packets (0-based) holding a king that lies above a smaller card of its suit,
    when both kings of that suit do so (the note, l.1581-1585); else ``[]``."""
    by_suit: dict[int, list[int]] = {}
    for i, p in enumerate(square):
        for k, c in enumerate(p):
            if rank_of(c) == KING and any(suit_of(d) == suit_of(c) for d in p[:k]):
                by_suit.setdefault(suit_of(c), []).append(i)
    return sorted({i for pl in by_suit.values() if len(pl) >= 2 for i in pl})


@register
class LeCarreNapoleon(SoloGame[CarreState]):
    description = Description(
        id="le_carre_napoleon", title="Le Carré Napoléon", book=CADOGAN, lines="1533-1594",
        skill="much", bound=None, packs=2, layout="square", aliases=("napoleons_square",))
    option_specs = (
        Option("packets", 4, "cards in each packet of the square: four dealt together, or "
               "one (\"a square of twelve single cards\", l.1595-1605)", choices=(4, 1)),
    )

    def layout(self, cards: tuple[Card, ...], seed: int) -> CarreState:
        n = int(self.option("packets"))
        square = tuple(tuple(cards[i * n:(i + 1) * n]) for i in range(PLACES))
        return CarreState(((),) * 8, square, pack_of(cards[PLACES * n:]), seed=seed)

    def moves(self, state: CarreState) -> tuple[Move, ...]:
        out: list[Move] = []
        sq, fams = state.square, state.families
        if state.opening and (kings := blocking_kings(sq)):
            out.append(RETAKE)
            out += [Move(f"slip{i + 1}") for i in kings]
        for i, p in enumerate(sq):
            if (c := available(p)) is not None and (j := play_to(fams, c)) >= 0:
                out.append(Move(f"q{i + 1}>f{j + 1}"))
        # a marriage in a descending line (:func:`marries`): onto the card of the same
        # suit one higher, found by its card among the tops
        higher = tops_by_card(sq)
        top = talon_top(state.talon)
        hole = next((k for k, p in enumerate(sq) if not p), -1)
        if top is not None:
            if (j := play_to(fams, top)) >= 0:
                out.append(Move(f"w>f{j + 1}"))
            out += [Move(f"w>q{k + 1}") for k in higher.get(identity(top) + 1, ())]
            if hole >= 0:
                out.append(Move(f"w>q{hole + 1}"))
        if hole >= 0 and state.pack:
            out.append(Move(f"d>q{hole + 1}"))
        if state.pack:
            out.append(TURN)
        for i, p in enumerate(sq):
            if p:
                out += [Move(code) for k in higher.get(identity(p[-1]) + 1, ())
                        if (code := f"q{i + 1}>q{k + 1}") != state.back]
        return with_end(out)

    def play(self, state: CarreState, move: Move) -> CarreState:
        st = replace(state, opening=False)
        if move == TURN:
            return replace(st, pack=st.pack[:-1], talon=(*st.talon, st.pack[-1]), back="")
        if move == RETAKE:
            n = int(self.option("packets"))
            cards = reshuffle(st.seed, 1, [c for p in st.square for c in p])
            return replace(st, square=tuple(tuple(cards[i * n:(i + 1) * n])
                                            for i in range(PLACES)))
        if move.code.startswith("slip"):
            i = int(move.code[4:]) - 1
            p = st.square[i]
            k = max(k for k, c in enumerate(p) if rank_of(c) == KING
                    and any(suit_of(d) == suit_of(c) for d in p[:k]))
            return replace(st, square=replace_at(st.square, i, (p[k], *p[:k], *p[k + 1:])))
        src, a, dst, b = split_code(move.code)
        assert b is not None
        c, st = self._take(st, src, a)
        if dst == "f":
            fams = replace_at(st.families, b - 1, (*st.families[b - 1], c))
            return replace(st, families=fams, back="")
        st = replace(st, square=replace_at(st.square, b - 1, (*st.square[b - 1], c)))
        return replace(st, back=back_of(move.code) if src == "q" else "")

    @staticmethod
    def _take(state: CarreState, src: str, a: int | None) -> tuple[Card, CarreState]:
        if src == "q":
            assert a is not None
            p = state.square[a - 1]
            return p[-1], replace(state, square=replace_at(state.square, a - 1, p[:-1]))
        if src == "d":
            return state.pack[-1], replace(state, pack=state.pack[:-1])
        return state.talon[-1], replace(state, talon=state.talon[:-1])

    def won(self, state: CarreState) -> bool:
        return home(state.families) == 104

    def summary(self, state: CarreState, won: bool) -> str:
        if won:
            return "all 104 cards on the foundations"
        why = "given up" if state.given_up else "no move is left"
        return f"{home(state.families)} of 104 cards on the foundations; {why}"

    def zones(self, state: CarreState) -> tuple[Zone, ...]:
        return (*family_zones(state.families),
                *(open_zone(f"q{i + 1}", "pile", p, place_label(i), SIDES[i // 4])
                  for i, p in enumerate(state.square)),
                pack_zone(state.pack), open_zone("talon", "waste", state.talon, "the talon"))

    def public(self, state: CarreState) -> dict[str, Any]:
        return {"pack": len(state.pack), "talon": len(state.talon),
                "on_foundations": home(state.families),
                "vacancies": sum(not p for p in state.square)}

    def say(self, state: CarreState, move: Move) -> str:
        if move == TURN:
            return "turn the next card of the pack onto the talon"
        if move == RETAKE:
            return "take up the square, shuffle it and deal it again (two kings block)"
        if move.code.startswith("slip"):
            return f"slip the blocking king of {place_label(int(move.code[4:]) - 1)} underneath"
        src, a, dst, b = split_code(move.code)
        assert b is not None
        if src == "d":
            return f"fill the vacancy of {place_label(b - 1)} with the next card of the pack"
        c, _ = self._take(state, src, a)
        where = f" from {place_label((a or 1) - 1)}" if src == "q" else " from the talon"
        if dst == "f":
            return f"play {name(c)}{where} on {family_label(b - 1)}"
        q = state.square[b - 1]
        if q:
            return f"marry {name(c)}{where} on {name(q[-1])} of {place_label(b - 1)}"
        return f"fill the vacancy of {place_label(b - 1)} with {name(c)}{where}"

    def narrate(self, before: CarreState, move: Move, after: CarreState) -> str:
        if move == TURN:
            return f"turn up {name(before.pack[-1])}"
        if move.code.startswith("d>"):
            return f"{self.describe(before, move)}: {name(before.pack[-1])}"
        return self.describe(before, move)


LE_CARRE_NAPOLEON_SINGLES = variant(LeCarreNapoleon, Description(
    id="le_carre_napoleon_singles", title="Le Carré Napoléon with twelve single cards",
    book=CADOGAN, lines="1595-1605, 1533-1594", skill="some", bound=None, packs=2,
    layout="square", variant_of="le_carre_napoleon", fixed={"packets": 1}))


__all__ = ["LE_CARRE_NAPOLEON_SINGLES", "CarreState", "LeCarreNapoleon"]
