"""Le Shah, from Cadogan's *Illustrated Games of Patience*.

Source: ``001_6a582ee13e12f2a9.txt`` l.511-596; rule sheet ``shared/games/cadogan.md``,
section Le Shah. Her terms are :mod:`rules.cadogan`'s.

Two packs. "Take from the pack the eight aces and the eight kings. Throw aside seven of
the kings and place the remaining one in the centre, with the eight aces surrounding it
in a circle. The king is called The Shah, and remains alone" (l.535-541); the aces ascend
in suit to queens (l.541-543, Rule III). "Next deal out a circle of eight cards ... If any
of these are suitable, play them, filling the spaces at once from the cards in your
hand. Then deal out a second circle, blocking the first one (Rule I.), and treat it in
the same manner, then a third circle, which completes the rays of the star" (l.545-554).
"During the deal cards in each circle of the star are available until another circle
blocks them. After the deal is completed only cards in the third (or outer) circle are
available until, as usual, their removal releases the inner circles" (Rule I).
"Marriages are limited to cards in the third circle; cards in the inner circles, even
when released, can only be played, but not married" (Rule II); "marriages can only be made
in descending line" (l.564). "When you have played or married all the cards you wish, the
spaces so made must be re-filled from the talon or pack, beginning with the inner
circles, and proceeding from left to right as before. The remaining cards are dealt out in
the usual way, those not required for the foundations, or for marrying, or for re-filling
spaces, forming the talon" (l.570-580). "When a lane, i.e. one entire ray of the star, is
opened out, the place of the inner card may be filled by one card from the third circle
... a kind of 'grace' ... The other two spaces are re-filled from the talon, and this must
be done at once, as each ray must always be complete" (l.582-594). "There is no re-deal"
(l.596).

Readings (the sheet's PROPOSED readings unless said otherwise):

- Rays 1-8 clockwise from the top; each ray has an inner, a middle and an outer place, and
  a ray's available card is the top of its outermost occupied place.
- The deal (amb. 5): ``d`` deals the next circle; a card of the circle just dealt may be
  played, and its place is filled at once from the pack. No marriage until the third
  circle is down.
- Turning (G6): ``t`` turns the next card of the pack onto the talon, whose top may be
  played, married onto an outer card, or put in a vacancy.
- Refilling (amb. 1, 2): the player plays and marries as she likes, then every vacancy is
  filled before the next card is turned, inner circles first, clockwise from the top:
  ``w>v`` (the talon's top) or ``p>v`` (the next card of the pack) into the first one.
- A married pile stays in its outer place; only its top card is available (amb. 4).
- The grace (amb. 3): when a whole ray is empty, the top card of an outer place of
  another ray may be put in its inner place (``r<i>>g<k>``); the place it leaves is then
  a vacancy like the others. It comes whenever a ray is empty: a standing rule, not a
  one-off the solo shell counts (``privileges_allowed``).
- Won when the eight foundations reach their queens (96 cards); lost when no move is left
  (``end`` gives up).

The table's piles: the Shah, the kings thrown aside, the eight foundations, each ray's
three places (a pile each, laid as they are dealt: how many of each ray is the game's own
counter ``ray1`` .. ``ray8``, as is ``circles``, the circles dealt), the pack and the
talon (``w``).

Moves, in order: ``r<i>>f<j>``, ``w>f<j>``, ``d``, ``w>v``, ``p>v``, ``t``,
``r<i>>r<k>``, ``w>r<k>`` (marriages onto an outer card), ``r<i>>g<k>``, ``end``.
"""

from __future__ import annotations

from ..cadogan import ACES_UP, Foundation, foundations_complete, marries, outermost, suited, to_play
from ..cards import ACE, KING, QUEEN, SUIT_SYMBOLS, Card, name, rank_of, suit_of
from ..description import CADOGAN, Description
from ..game import Move
from ..patience import DOWN, HOME, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import DEAL

RAYS, OUTER = 8, 2
KINDS = suited(Foundation(ACES_UP.base, last=QUEEN), 8)
CIRCLE = ("inner", "middle", "outer")
SHAH, ASIDE, F, R = 0, 1, 2, 10  # place k of ray i is pile R + 3 * i + k
PACK, TALON = R + 3 * RAYS, R + 3 * RAYS + 1


def circles(game: Patience, t: Table) -> int:
    return game.mark(t, "circles")


def vacancies(game: Patience, t: Table) -> int:
    assert isinstance(game, LeShah)
    return len(game.vacancies(t))


def ray_of(i: int) -> int:
    """The ray (0-based) of place pile ``i``."""
    return (i - R) // 3


@register
class LeShah(Patience):
    description = Description(
        id="le_shah", title="Le Shah", book=CADOGAN, lines="511-596, 1-65", skill="some",
        bound=None, packs=2, layout="clock")
    facts = (("pack", size("pack")), ("talon", size("w")), ("circles_dealt", circles),
             ("vacancies", vacancies), ("on_foundations", HOME))
    #: The circles dealt (the deal is complete at three), and each ray's places laid.
    marks = ("circles", *(f"ray{i + 1}" for i in range(RAYS)))
    #: A card married from one outer place to another may not go straight back.
    no_straight_back = True

    def lay_piles(self) -> tuple[Pile, ...]:
        return (Pile("shah", "reserve", "the Shah", "centre"),
                Pile("aside", "discard", "kings thrown aside", "centre"),
                *(Pile(f"f{j + 1}", "foundation", f"{SUIT_SYMBOLS[j % 4]} foundation",
                       "foundations") for j in range(8)),
                *(Pile(f"r{i + 1}.{k + 1}", "pile", f"ray {i + 1}, {CIRCLE[k]} circle",
                       f"ray {i + 1}") for i in range(RAYS) for k in range(3)),
                Pile("pack", "stock", "the pack", face=DOWN),
                Pile("w", "waste", "the talon"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        aces = sorted((c for c in cards if rank_of(c) == ACE), key=lambda c: (c >> 6, suit_of(c)))
        kings = tuple(c for c in cards if rank_of(c) == KING)
        rest = tuple(c for c in cards if rank_of(c) not in (ACE, KING))
        return self.table({"shah": kings[:1], "aside": kings[1:], "pack": rest[::-1]}
                          | {f"f{j + 1}": (a,) for j, a in enumerate(aces)})

    # -- helpers ---------------------------------------------------------------------

    def laid(self, t: Table, i: int) -> bool:
        return not R <= i < PACK or (i - R) % 3 < self.mark(t, f"ray{ray_of(i) + 1}")

    def ray(self, t: Table, i: int) -> tuple[tuple[Card, ...], ...]:
        """Ray ``i``'s places laid, inner first."""
        return t.piles[R + 3 * i:R + 3 * i + self.mark(t, f"ray{i + 1}")]

    def vacancies(self, t: Table) -> list[int]:
        """The pile of each empty place, inner circles first, clockwise."""
        if self.mark(t, "circles") < 3:
            return []
        return [R + 3 * i + k for k in range(3) for i in range(RAYS)
                if self.laid(t, R + 3 * i + k) and not t.piles[R + 3 * i + k]]

    # -- the game --------------------------------------------------------------------

    def offers_end(self, t: Table) -> bool:
        """No give-up while the circles are dealt (nothing then can go round)."""
        return self.mark(t, "circles") >= 3

    def steps(self, t: Table) -> list[Step]:
        out: list[Step] = []
        fams = t.piles[F:R]
        for i in range(RAYS):
            if (k := outermost(self.ray(t, i))) >= 0:
                at = R + 3 * i + k
                if (j := to_play(KINDS, fams, t.piles[at][-1])) >= 0:
                    out.append(Step(f"r{i + 1}>f{j + 1}", source=at, target=F + j))
        talon = t.piles[TALON]
        if talon and (j := to_play(KINDS, fams, talon[-1])) >= 0:
            out.append(Step(f"w>f{j + 1}", source=TALON, target=F + j))
        if self.mark(t, "circles") < 3:  # the next circle, its first place not yet laid
            out.append(Step("d", DEAL, PACK, R + self.mark(t, "circles")))
            return out
        vac = self.vacancies(t)
        if vac:
            if talon:
                out.append(Step("w>v", source=TALON, target=vac[0]))
            if t.piles[PACK]:
                out.append(Step("p>v", DEAL, PACK, vac[0]))
        elif t.piles[PACK]:
            out.append(Step("t", DEAL, PACK, TALON))
        outer = [(i, R + 3 * i + OUTER) for i in range(RAYS)
                 if self.laid(t, R + 3 * i + OUTER) and t.piles[R + 3 * i + OUTER]]
        for i, a in outer:
            out += [Step(f"r{i + 1}>r{k + 1}", source=a, target=b) for k, b in outer
                    if k != i and marries(t.piles[a][-1], t.piles[b][-1])]
        if talon:
            out += [Step(f"w>r{k + 1}", source=TALON, target=b) for k, b in outer
                    if marries(talon[-1], t.piles[b][-1])]
        empty = [k for k in range(RAYS) if outermost(self.ray(t, k)) < 0]
        for i, a in outer:
            out += [Step(f"r{i + 1}>g{k + 1}", source=a, target=R + 3 * k) for k in empty]
        return out

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        k = self.mark(state, "circles")
        if move.code == "d":
            places = [R + 3 * i + k for i in range(RAYS)]
            after = self.deal_across(state, PACK, places)
            laid = {f"ray{ray_of(i) + 1}": k + 1 for i in places if after.piles[i]}
            return self.marked(after, circles=k + 1, **laid)
        after = super().play(state, move)
        if k < 3 and s.source != TALON and not after.piles[s.source] and after.piles[PACK]:
            # "filling the spaces at once from the cards in your hand"
            after = self.carry(after, Step("", DEAL, PACK, s.source))
        return after

    def won(self, state: Table) -> bool:
        return foundations_complete(KINDS, state.piles[F:R])

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return "the eight foundations have reached their queens"
        why = "given up" if state.given_up else "no move is left"
        return f"{state.home(self.foundations)} of 96 cards on the foundations; {why}"

    def say(self, state: Table, move: Move) -> str:
        if move.code == "d":
            return f"deal out the {('first', 'second', 'third')[self.mark(state, 'circles')]} " \
                "circle"
        if move.code == "t":
            return "deal the next card of the pack onto the talon"
        s = self.step(state, move)
        if move.code in ("w>v", "p>v"):
            frm = "the talon's top" if move.code == "w>v" else "the next card of the pack"
            return f"fill the {CIRCLE[(s.target - R) % 3]} place of ray {ray_of(s.target) + 1} " \
                f"with {frm}"
        c = state.piles[s.source][-1]
        where = "the talon" if s.source == TALON else f"ray {ray_of(s.source) + 1}"
        if s.target < R:
            return f"play {name(c)} from {where} on the {SUIT_SYMBOLS[(s.target - F) % 4]} " \
                "foundation"
        n = ray_of(s.target) + 1
        if move.code.split(">")[1].startswith("g"):
            return f"grace: put {name(c)} from {where} in the inner place of the open ray {n}"
        return f"marry {name(c)} from {where} to {name(state.piles[s.target][-1])} on ray {n}"
