"""The Zodiac, from Cadogan's *Illustrated Games of Patience*.

Source: ``001_6a582ee13e12f2a9.txt`` l.1770-1834; the same text word for word in
``002_e65e08a38c98e317.txt`` l.82-94 ("The Zodiac", alias ``the_zodiac``). Rule sheet
``shared/games/cadogan.md``, section The Zodiac, whose ambiguities are cited.

Two packs. "Deal eight cards in a horizontal row called the 'Equator.' Then deal a
surrounding circle of twenty-four cards called the 'Zodiac'" (l.1790-1795). Rule I
(l.1776-1784): "Marriages may be made in the Zodiac with cards from the Equator (but not
vice versa) and from the talon or pack, but cards in the Zodiac cannot marry each other,
neither can those in the Equator do so. Marriages may be made in ascending and
descending lines, and the same packet may contain both" (:func:`rules.cadogan.marries`,
line ``both``). The spaces are re-filled "from the talon, or, where there is no talon,
from the pack, but you are not obliged to do either until a favourable opportunity
occurs"; cards "not required for marrying or for re-filling spaces" form the talon,
"re-dealt as often as required ... until all the cards are placed either in the Zodiac
or in the Equator. If this cannot be done, the patience has already failed"
(l.1804-1816). Then the eight foundations, four aces ascending and four kings
descending, following suit (Rule II), are formed "from the Zodiac and Equator"
(l.1797-1802, 1816-1821).

Readings (the sheet's PROPOSED readings unless said otherwise):

- The pack is turned a card at a time onto the talon (``t``); the talon's top, the card
  just turned among them, is the card "from the talon or pack" (G6, amb. 3). It may be
  married on the top card of a Zodiac packet (same suit, one above or below) or fill an
  Equator space. An Equator card may be married on a Zodiac packet, leaving a space.
  Only the Equator has spaces; the first one is offered (they are alike).
- Re-deals (``redeal``): the talon turned over, unshuffled, as the new pack, as often as
  a pass has placed a card from the talon or pack; a pass that placed none means the
  patience "has already failed" (no re-deal is offered; lost when nothing else moves).
- The second part begins by itself when every card lies in the Zodiac or the Equator.
  Then only the top card of each Zodiac packet and the Equator cards are available, and
  they go only to the foundations: no more marriages (amb. 1, the sheet's reading; the
  text does not say). The first ace or king of a suit played starts its foundation
  (:func:`rules.cadogan.suited`, G4). A card that fits both foundations of its suit (a 7
  with the ace's at 6 and the king's at 8, an ace with the king's down to the deuce)
  may go on either: the player chooses (:func:`rules.cadogan.takers`; the book sends
  it to neither, l.1797-1802). Won with all 104 on the foundations.
- Every packet is built face up and may be examined (amb. 4).

The table's piles: the eight foundations, the twenty-four Zodiac packets, the eight
Equator places, the pack and the talon; whether a card from the talon or pack has been
placed since the last re-deal is the game's own counter ``placed``.

Moves, in this order. First part: ``e<i>>z<k>``, ``w>z<k>``, ``w>e<i>``, ``t``,
``redeal``. Second part: ``z<k>>f<j>``, ``e<i>>f<j>`` (``f1``-``f4`` the aces of spades,
hearts, diamonds, clubs; ``f5``-``f8`` the kings).
"""

from __future__ import annotations

from ..building import family_label
from ..cadogan import ACES_UP, BOTH, KINGS_DOWN, available, marries, suited, takers, talon_top
from ..cards import Card, name
from ..description import CADOGAN, Description
from ..game import Move
from ..patience import DOWN, HOME, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import DEAL, REDEAL

EQUATOR, ZODIAC = 8, 24
FOUNDATIONS = (*suited(ACES_UP, 4), *suited(KINGS_DOWN, 4))
Z, E = 8, 8 + ZODIAC  # where the Zodiac and the Equator lie among the piles
PACK, TALON = E + EQUATOR, E + EQUATOR + 1


def found_label(j: int) -> str:
    kind = "ace" if j < 4 else "king"
    return f"{family_label(j)} from the {kind}"


def second_part(t: Table) -> bool:
    """Every card is placed in the Zodiac or the Equator (l.1816-1821)."""
    return not t.piles[PACK] and not t.piles[TALON]


def part(game: Patience, t: Table) -> int:
    return 2 if second_part(t) else 1


def redeals(game: Patience, t: Table) -> int:
    return t.redeals


def pile_word(i: int) -> str:
    return "the talon" if i == TALON else f"Equator place {i - E + 1}" if i >= E \
        else f"Zodiac packet {i - Z + 1}"


@register
class Zodiac(Patience):
    description = Description(
        id="zodiac", title="The Zodiac", book=CADOGAN, lines="1770-1834", skill="much",
        bound=3000, packs=2, layout="clock", aliases=("the_zodiac",))
    facts = (("pack", size("pack")), ("talon", size("talon")), ("part", part),
             ("redeals", redeals), ("on_foundations", HOME))
    home_words = "on the foundations"
    #: A card from the talon or pack has been placed since the last re-deal (0 or 1).
    marks = ("placed",)
    gives_up = False

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"f{j + 1}", "foundation", found_label(j), "foundations")
                  for j in range(8)),
                *(Pile(f"z{k + 1}", "pile", f"Zodiac packet {k + 1}", "the Zodiac")
                  for k in range(ZODIAC)),
                *(Pile(f"e{i + 1}", "reserve", f"Equator place {i + 1}", "the Equator")
                  for i in range(EQUATOR)),
                Pile("pack", "stock", "the pack", face=DOWN),
                Pile("talon", "waste", "the talon"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        return self.table({f"e{i + 1}": cards[i:i + 1] for i in range(EQUATOR)}
                          | {f"z{k + 1}": cards[EQUATOR + k:EQUATOR + k + 1]
                             for k in range(ZODIAC)}
                          | {"pack": cards[EQUATOR + ZODIAC:][::-1]})

    def steps(self, t: Table) -> list[Step]:
        out: list[Step] = []
        if second_part(t):
            fams = t.piles[:8]
            for prefix, at, n in (("z", Z, ZODIAC), ("e", E, EQUATOR)):
                for i, p in enumerate(t.piles[at:at + n]):
                    if (c := available(p)) is not None:
                        out += [Step(f"{prefix}{i + 1}>f{j + 1}", source=at + i, target=j)
                                for j in takers(FOUNDATIONS, fams, c)]
            return out
        zo = t.piles[Z:E]
        for i, p in enumerate(t.piles[E:PACK]):
            if p:
                out += [Step(f"e{i + 1}>z{k + 1}", source=E + i, target=Z + k)
                        for k, q in enumerate(zo) if marries(p[-1], q[-1], BOTH)]
        top = talon_top(t.piles[TALON])
        if top is not None:
            out += [Step(f"w>z{k + 1}", source=TALON, target=Z + k)
                    for k, q in enumerate(zo) if marries(top, q[-1], BOTH)]
            hole = next((i for i, p in enumerate(t.piles[E:PACK]) if not p), -1)
            if hole >= 0:
                out.append(Step(f"w>e{hole + 1}", source=TALON, target=E + hole))
        if t.piles[PACK]:
            out.append(Step("t", DEAL, PACK, TALON))
        elif t.piles[TALON] and self.mark(t, "placed"):
            # the talon turned over, unshuffled: the card laid first comes first
            out.append(Step("redeal", REDEAL, TALON, PACK, len(t.piles[TALON])))
        return out

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        after = super().play(state, move)
        if s.kind == REDEAL:
            return self.marked(after, placed=0)
        return self.marked(after, placed=1) if s.source == TALON else after

    def summary(self, state: Table, won: bool) -> str:
        if not won and not second_part(state):
            left = len(state.piles[PACK]) + len(state.piles[TALON])
            return (f"{left} cards could not be placed in the Zodiac or the Equator: the "
                    "patience has failed")
        return super().summary(state, won)

    def say(self, state: Table, move: Move) -> str:
        s = self.step(state, move)
        if s.kind == DEAL:
            return "turn the next card of the pack onto the talon"
        if s.kind == REDEAL:
            return "take up the talon, turn it over and deal it again"
        c = state.piles[s.source][-1]
        where = f"from {pile_word(s.source)}"
        if s.target < Z:
            return f"play {name(c)} {where} on {found_label(s.target)}"
        if s.target < E:
            return (f"marry {name(c)} {where} on {name(state.piles[s.target][-1])} of "
                    f"{pile_word(s.target)}")
        return f"fill the space of {pile_word(s.target)} with {name(c)} {where}"

    def narrate(self, before: Table, move: Move, after: Table) -> str:
        if move.code == "t":
            return f"turn up {name(before.piles[PACK][-1])}"
        return self.describe(before, move)


__all__ = ["Zodiac"]
