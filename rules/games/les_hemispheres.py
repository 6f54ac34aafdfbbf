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
  straight back where it came from (the model's ``no_straight_back``), and ``end`` (give
  up) is offered beside other moves.
- Won with all 104 on the foundations; lost when no move is left or on giving up.

Moves, in this order: ``r<i>>f<j>``, ``b<k>>f<j>``, ``w>f<j>``, ``x<i>.<j>``,
``r<i>>r<j>``, ``w>r<j>``, ``t``, ``end``. Foundations ``f1``, ``f2`` hearts and ``f3``,
``f4`` diamonds from the aces; ``f5``, ``f6`` spades and ``f7``, ``f8`` clubs from the
kings. Barriers ``b1``-``b4``: K♥, K♦, A♣, A♠.
"""

from __future__ import annotations

from ..cadogan import ACES_UP, ASCENDING, DESCENDING, KINGS_DOWN, Foundation, Line, marries, to_play
from ..cards import ACE, CLUBS, DIAMONDS, HEARTS, KING, SPADES, Card, is_red, name, rank_of, suit_of
from ..description import CADOGAN, Description
from ..game import Move
from ..patience import DOWN, HOME, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import DEAL, OTHER
from ..solo import pack_of

PLACES = 12
#: Stand-in for the lost figure: places 1-6 (the first two Races dealt) are northern.
NORTH = frozenset(range(6))
RACES = ("Europeans", "Asiatics", "Australians", "Africans")
SUITS = (HEARTS, HEARTS, DIAMONDS, DIAMONDS, SPADES, SPADES, CLUBS, CLUBS)
FOUNDATIONS = tuple(Foundation(k.base, k.step, True, s)
                    for k, s in zip((ACES_UP,) * 4 + (KINGS_DOWN,) * 4, SUITS, strict=True))
BARRIERS = ((KING, HEARTS), (KING, DIAMONDS), (ACE, CLUBS), (ACE, SPADES))
#: Where the piles lie: the foundations, barriers, places (Races), pack and talon.
B, R, PACK, TALON = 8, 12, 12 + PLACES, 13 + PLACES


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


def end_game(t: Table) -> bool:
    """All the cards dealt and the talon exhausted (Rule II)."""
    return not t.piles[PACK] and not t.piles[TALON]


def hole(t: Table) -> int:
    """The first vacancy of the circle (0-based place), or -1."""
    return next((i for i, p in enumerate(t.piles[R:PACK]) if not p), -1)


@register
class LesHemispheres(Patience):
    description = Description(
        id="les_hemispheres", title="Les Hémisphères (figure lost: places 1-6 northern)",
        book=CADOGAN, lines="1345-1425", skill="some", bound=None, packs=2,
        layout="clock")
    facts = (("pack", size("pack")), ("talon", size("talon")),
             ("end_of_game", lambda g, t: end_game(t)), ("on_foundations", HOME))
    home_words = "on the foundations"
    no_straight_back = True

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"f{j + 1}", "foundation", found_label(j), "foundations")
                  for j in range(8)),
                *(Pile(f"b{k + 1}", "reserve", f"barrier {k + 1}", "barriers")
                  for k in range(4)),
                *(Pile(f"r{i + 1}", "pile", place_label(i), RACES[race_of(i)])
                  for i in range(PLACES)),
                Pile("pack", "stock", "the pack", face=DOWN),
                Pile("talon", "waste", "the talon"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        rest = list(cards)

        def take(rank: int, suit: int) -> tuple[Card]:
            c = next(c for c in rest if rank_of(c) == rank and suit_of(c) == suit)
            rest.remove(c)
            return (c,)

        piles = {f"f{j + 1}": take(ACE if j < 4 else KING, s) for j, s in enumerate(SUITS)}
        piles |= {f"b{k + 1}": take(r, s) for k, (r, s) in enumerate(BARRIERS)}
        piles |= {f"r{i + 1}": (c,) for i, c in enumerate(rest[:PLACES])}
        return self.table(piles | {"pack": pack_of(rest[PLACES:])})

    def free(self, t: Table, i: int) -> Card | None:
        """The available card of place ``i`` (0-based; Rule I; at the end, any top card)."""
        c = t.top(R + i)
        if c is None or not (proper(i, c) or end_game(t)):
            return None
        return c

    def steps(self, t: Table) -> list[Step]:
        fams = t.piles[:B]
        out: list[Step] = []
        free = [self.free(t, i) for i in range(PLACES)]
        for i, c in enumerate(free):
            if c is not None and (j := to_play(FOUNDATIONS, fams, c)) >= 0:
                out.append(Step(f"r{i + 1}>f{j + 1}", source=R + i, target=j))
        for k in range(4):
            b = t.top(B + k)
            if b is not None and (j := to_play(FOUNDATIONS, fams, b)) >= 0:
                out.append(Step(f"b{k + 1}>f{j + 1}", source=B + k, target=j))
        top = t.top(TALON)
        if top is not None and (j := to_play(FOUNDATIONS, fams, top)) >= 0:
            out.append(Step(f"w>f{j + 1}", source=TALON, target=j))
        if not end_game(t):
            for i in NORTH:
                a = t.top(R + i)
                if a is not None and not is_red(a):
                    out += [Step(f"x{i + 1}.{j + 1}", OTHER, R + i, R + j)
                            for j in range(PLACES) if j not in NORTH
                            and (d := t.top(R + j)) is not None and is_red(d)]
        for i, c in enumerate(free):
            if c is None:
                continue
            out += [Step(f"r{i + 1}>r{j + 1}", source=R + i, target=R + j)
                    for j, d in enumerate(free)
                    if d is not None and j != i and race_of(j) == race_of(i)
                    and marries(c, d, line_of(c))]
        if top is not None:
            out += [Step(f"w>r{j + 1}", source=TALON, target=R + j) for j, d in enumerate(free)
                    if d is not None and marries(top, d, line_of(top))]
        if t.piles[PACK]:  # "first re-filling vacancies in the Races", else the talon
            h = hole(t)
            out.append(Step("t", DEAL, PACK, R + h if h >= 0 else TALON))
        return out

    def special(self, t: Table, step: Step) -> Table:
        """The exchange: the two places' top cards change places."""
        piles = list(t.piles)
        a, b = piles[step.source], piles[step.target]
        piles[step.source], piles[step.target] = (*a[:-1], b[-1]), (*b[:-1], a[-1])
        return Table(tuple(piles), t.down, t.redeals, t.turns, t.privileges_used, t.given_up,
                     True, None, t.own, t.seed)

    def say(self, state: Table, move: Move) -> str:
        s = self.step(state, move)
        if s.kind == DEAL:
            h = hole(state)
            return f"deal the next card to {place_label(h) if h >= 0 else 'the talon'}"
        c = state.piles[s.source][-1]
        if s.kind == OTHER:
            i, j = s.source - R, s.target - R
            return (f"exchange {name(c)} of {place_label(i)} with "
                    f"{name(state.piles[s.target][-1])} of {place_label(j)}")
        where = "from the talon" if s.source == TALON else "the barrier" if s.source < R \
            else f"from {place_label(s.source - R)}"
        if s.target < B:
            return f"play {name(c)} {where} on {found_label(s.target)}"
        return f"marry {name(c)} {where} on {name(state.piles[s.target][-1])} of " \
            f"{place_label(s.target - R)}"

    def narrate(self, before: Table, move: Move, after: Table) -> str:
        if move.code == "t":
            return f"{self.describe(before, move)}: {name(before.piles[PACK][-1])}"
        return self.describe(before, move)


__all__ = ["LesHemispheres"]
