"""Les Hémisphères, from Cadogan's *Illustrated Games of Patience*.

Source: ``001_6a582ee13e12f2a9.txt`` l.1345-1425; rule sheet ``shared/games/cadogan.md``,
section Les Hémisphères, whose ambiguities are cited.

Two packs. The four red aces and the four black kings are the foundations, the aces
ascending to kings, the kings descending to aces, following suit (l.1375-1377,
1386-1389; Rule V). "A king of hearts and a king of diamonds, an ace of clubs and an ace
of spades" are placed crossways: the barriers, which "cannot be moved till the end of the
game, when they are played to complete the foundations" (Rule IV, l.1367-1383). Between
the barriers a circle of three cards each, dealt "from left to right, beginning from the
king of hearts": the four Races (l.1403-1407). Red cards (Europeans, Asiatics) belong to
the northern hemisphere, black cards (Australians, Africans) to the southern
(l.1391-1396).

- Rule I: "Only cards that belong to their proper hemisphere are available."
- Rule II: "Cards of the wrong colours may be exchanged into their proper hemispheres
  whenever the opportunity occurs, and at the end of the game, when all the cards are
  dealt, and the talon is exhausted, they may be transferred without an exchange."
- Rule III: "Cards may only marry those belonging to their own Race, but cards from the
  talon may marry those of any Race"; "the red suits marry in descending, the black in
  ascending line" (l.1413; :func:`rules.cadogan.marries`).
- The rest of the pack is dealt, "first re-filling vacancies in the Races (proceeding
  from left to right, as in the original deal) and then playing all suitable cards. The
  rest form the talon" (l.1415-1423). "There is no re-deal" (l.1425).

Readings (the sheet's PROPOSED readings):

- The figure is lost (amb. 1): the twelve places are numbered in dealing order from the
  king of hearts, and the first two Races (places 1-6) are the northern ones, the last two
  (7-12) the southern. This is the module's stand-in for the figure (``NORTH``).
- Each place is a packet; only its top card can be available (amb. 6), and only if it
  lies in its proper hemisphere (Rule I).
- Exchange (amb. 2): ``x<i>.<j>`` swaps a black top card in the north (place ``i``) with a
  red top card in the south (place ``j``); each is then available. At the end (pack dealt,
  talon empty) every top card is available wherever it lies (amb. 3).
- Dealing (amb. 4): ``t`` deals the next card into the first vacancy of the circle if
  there is one, else onto the talon, whose top card may be played or married on any Race
  (a top card in its proper hemisphere). Vacancies are filled only so.
- Barriers go up when their foundation is ready for them (amb. 5): the K♥ and K♦ end an
  ascending foundation, the A♣ and A♠ a descending one.
- Marriages within a Race can shift a card between two like cards, so a card may not go
  straight back where it came from, and ``end`` (give up) is offered beside other moves.
- Won with all 104 on the foundations; lost when no move is left or on giving up.

Moves, in this order: ``r<i>>f<j>``, ``b<k>>f<j>``, ``w>f<j>``, ``x<i>.<j>``,
``r<i>>r<j>``, ``w>r<j>``, ``t``, ``end``. Foundations ``f1``, ``f2`` hearts and ``f3``,
``f4`` diamonds from the aces; ``f5``, ``f6`` spades and ``f7``, ``f8`` clubs from the
kings. Barriers ``b1``-``b4``: K♥, K♦, A♣, A♠.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..cadogan import (
    ACES_UP,
    ASCENDING,
    DESCENDING,
    KINGS_DOWN,
    Foundation,
    Line,
    available,
    marries,
    talon_top,
    to_play,
)
from ..cards import ACE, CLUBS, DIAMONDS, HEARTS, KING, SPADES, Card, is_red, name, rank_of, suit_of
from ..description import CADOGAN, Description
from ..game import Move, Zone
from ..registry import register
from ..solo import SoloGame, open_zone, pack_of, pack_zone, replace_at, split_code, with_end

PLACES = 12
#: Stand-in for the lost figure: places 1-6 (the first two Races dealt) are northern.
NORTH = frozenset(range(6))
RACES = ("Europeans", "Asiatics", "Australians", "Africans")
TURN = Move("t")
SUITS = (HEARTS, HEARTS, DIAMONDS, DIAMONDS, SPADES, SPADES, CLUBS, CLUBS)
FOUNDATIONS = tuple(Foundation(k.base, k.step, True, s)
                    for k, s in zip((ACES_UP,) * 4 + (KINGS_DOWN,) * 4, SUITS, strict=True))
BARRIERS = ((KING, HEARTS), (KING, DIAMONDS), (ACE, CLUBS), (ACE, SPADES))
Piles = tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class HemiState:
    families: Piles
    barriers: Piles
    races: Piles
    pack: tuple[Card, ...]
    talon: tuple[Card, ...] = ()
    #: The code that would put the last card moved between Races straight back.
    back: str = ""
    given_up: bool = False


def proper(i: int, c: Card) -> bool:
    """Rule I: a red card in the north, a black card in the south."""
    return is_red(c) == (i in NORTH)


def race_of(i: int) -> int:
    return i // 3


def place_label(i: int) -> str:
    side = "north" if i in NORTH else "south"
    return f"place {i + 1} ({RACES[race_of(i)]}, {side})"


def found_label(j: int) -> str:
    kind = "ace" if j < 4 else "king"
    return f"the {kind} foundation {j + 1} of {('hearts', 'diamonds', 'spades', 'clubs')[j // 2]}"


def line_of(c: Card) -> Line:
    """The red suits marry in descending, the black in ascending line (l.1413)."""
    return DESCENDING if is_red(c) else ASCENDING


@register
class LesHemispheres(SoloGame[HemiState]):
    description = Description(
        id="les_hemispheres", title="Les Hémisphères (figure lost: places 1-6 northern)",
        book=CADOGAN, lines="1345-1425", skill="some", bound=None, packs=2,
        layout="clock")

    def layout(self, cards: tuple[Card, ...], seed: int) -> HemiState:
        rest = list(cards)

        def take(rank: int, suit: int) -> Card:
            c = next(c for c in rest if rank_of(c) == rank and suit_of(c) == suit)
            rest.remove(c)
            return c

        fams = tuple((take(ACE if j < 4 else KING, s),) for j, s in enumerate(SUITS))
        barriers = tuple((take(r, s),) for r, s in BARRIERS)
        races = tuple((c,) for c in rest[:PLACES])
        return HemiState(fams, barriers, races, pack_of(rest[PLACES:]))

    @staticmethod
    def end_game(state: HemiState) -> bool:
        """All the cards dealt and the talon exhausted (Rule II)."""
        return not state.pack and not state.talon

    def free(self, state: HemiState, i: int) -> Card | None:
        """The available card of place ``i`` (Rule I; at the end, any top card)."""
        c = available(state.races[i])
        if c is None or not (proper(i, c) or self.end_game(state)):
            return None
        return c

    def moves(self, state: HemiState) -> tuple[Move, ...]:
        fams, races = state.families, state.races
        out: list[Move] = []
        free = [self.free(state, i) for i in range(PLACES)]
        for i, c in enumerate(free):
            if c is not None and (j := to_play(FOUNDATIONS, fams, c)) >= 0:
                out.append(Move(f"r{i + 1}>f{j + 1}"))
        for k, b in enumerate(state.barriers):
            if b and (j := to_play(FOUNDATIONS, fams, b[-1])) >= 0:
                out.append(Move(f"b{k + 1}>f{j + 1}"))
        top = talon_top(state.talon)
        if top is not None and (j := to_play(FOUNDATIONS, fams, top)) >= 0:
            out.append(Move(f"w>f{j + 1}"))
        if not self.end_game(state):
            for i in NORTH:
                if races[i] and not is_red(races[i][-1]):
                    out += [Move(f"x{i + 1}.{j + 1}") for j in range(PLACES)
                            if j not in NORTH and races[j] and is_red(races[j][-1])]
        for i, c in enumerate(free):
            if c is None:
                continue
            for j, d in enumerate(free):
                if (d is not None and j != i and race_of(j) == race_of(i)
                        and marries(c, d, line_of(c))
                        and (code := f"r{i + 1}>r{j + 1}") != state.back):
                    out.append(Move(code))
        if top is not None:
            out += [Move(f"w>r{j + 1}") for j, d in enumerate(free)
                    if d is not None and marries(top, d, line_of(top))]
        if state.pack:
            out.append(TURN)
        return with_end(out)

    def play(self, state: HemiState, move: Move) -> HemiState:
        st = replace(state, back="")
        if move == TURN:
            c = st.pack[-1]
            st = replace(st, pack=st.pack[:-1])
            hole = next((i for i, p in enumerate(st.races) if not p), -1)
            if hole >= 0:  # "first re-filling vacancies in the Races"
                return replace(st, races=replace_at(st.races, hole, (c,)))
            return replace(st, talon=(*st.talon, c))
        if move.code.startswith("x"):
            i, j = (int(t) - 1 for t in move.code[1:].split("."))
            a, b = st.races[i], st.races[j]
            races = replace_at(replace_at(st.races, i, (*a[:-1], b[-1])), j, (*b[:-1], a[-1]))
            return replace(st, races=races)
        src, a_, dst, b_ = split_code(move.code)
        assert b_ is not None
        c, st = self._take(st, src, a_)
        if dst == "f":
            return replace(st, families=replace_at(st.families, b_ - 1,
                                                   (*st.families[b_ - 1], c)))
        st = replace(st, races=replace_at(st.races, b_ - 1, (*st.races[b_ - 1], c)))
        return replace(st, back=f"r{b_}>r{a_}") if src == "r" else st

    @staticmethod
    def _take(state: HemiState, src: str, a: int | None) -> tuple[Card, HemiState]:
        if src == "w":
            return state.talon[-1], replace(state, talon=state.talon[:-1])
        assert a is not None
        if src == "b":
            return state.barriers[a - 1][-1], replace(
                state, barriers=replace_at(state.barriers, a - 1, ()))
        p = state.races[a - 1]
        return p[-1], replace(state, races=replace_at(state.races, a - 1, p[:-1]))

    def won(self, state: HemiState) -> bool:
        return sum(len(f) for f in state.families) == 104

    def summary(self, state: HemiState, won: bool) -> str:
        n = sum(len(f) for f in state.families)
        if won:
            return "all 104 cards on the foundations"
        why = "given up" if state.given_up else "no move is left"
        return f"{n} of 104 cards on the foundations; {why}"

    def zones(self, state: HemiState) -> tuple[Zone, ...]:
        return (
            *(open_zone(f"f{j + 1}", "foundation", f, found_label(j), "foundations")
              for j, f in enumerate(state.families)),
            *(open_zone(f"b{k + 1}", "reserve", b, f"barrier {k + 1}", "barriers")
              for k, b in enumerate(state.barriers)),
            *(open_zone(f"r{i + 1}", "pile", p, place_label(i), RACES[race_of(i)])
              for i, p in enumerate(state.races)),
            pack_zone(state.pack), open_zone("talon", "waste", state.talon, "the talon"))

    def public(self, state: HemiState) -> dict[str, Any]:
        return {"pack": len(state.pack), "talon": len(state.talon),
                "end_of_game": self.end_game(state),
                "on_foundations": sum(len(f) for f in state.families)}

    def say(self, state: HemiState, move: Move) -> str:
        if move == TURN:
            hole = next((i for i, p in enumerate(state.races) if not p), -1)
            to = place_label(hole) if hole >= 0 else "the talon"
            return f"deal the next card to {to}"
        if move.code.startswith("x"):
            i, j = (int(t) - 1 for t in move.code[1:].split("."))
            return (f"exchange {name(state.races[i][-1])} of {place_label(i)} with "
                    f"{name(state.races[j][-1])} of {place_label(j)}")
        src, a, dst, b = split_code(move.code)
        assert b is not None
        c, _ = self._take(state, src, a)
        where = {"w": "from the talon", "b": "the barrier",
                 "r": f"from {place_label((a or 1) - 1)}"}[src]
        if dst == "f":
            return f"play {name(c)} {where} on {found_label(b - 1)}"
        return f"marry {name(c)} {where} on {name(state.races[b - 1][-1])} of " \
            f"{place_label(b - 1)}"

    def narrate(self, before: HemiState, move: Move, after: HemiState) -> str:
        if move == TURN:
            return f"{self.describe(before, move)}: {name(before.pack[-1])}"
        return self.describe(before, move)


__all__ = ["HemiState", "LesHemispheres"]
