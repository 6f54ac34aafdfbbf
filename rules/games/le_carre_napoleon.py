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

from dataclasses import replace

from ..building import family_label
from ..cadogan import ACES_UP, available, suited, to_play
from ..cards import KING, Card, identity, name, rank_of, suit_of
from ..description import CADOGAN, Description
from ..game import Move, Option
from ..patience import DOWN, FOUNDATION, HOME, Patience, Pile, Step, Table, empties, size
from ..registry import register, variant
from ..shape import DEAL, PRIVILEGE, REDEAL
from ..solo import reshuffle
from ._upward import tops_by_card

PLACES = 12
FOUNDATIONS = suited(ACES_UP, 8)
SIDES = ("on the left", "across the top", "on the right")
Q, P, W = 8, 8 + PLACES, 9 + PLACES  # where the square, the pack and the talon lie


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
class LeCarreNapoleon(Patience):
    description = Description(
        id="le_carre_napoleon", title="Le Carré Napoléon", book=CADOGAN, lines="1533-1594",
        skill="much", bound=None, packs=2, layout="square", aliases=("napoleons_square",))
    option_specs = (
        Option("packets", 4, "cards in each packet of the square: four dealt together, or "
               "one (\"a square of twelve single cards\", l.1595-1605)", choices=(4, 1)),
    )
    facts = (("pack", size("pack")), ("talon", size("talon")), ("on_foundations", HOME),
             ("vacancies", empties("pile")))
    home_words = "on the foundations"
    no_straight_back = True
    redeal_takes_up = False
    #: ``moved``: a move has been made (the note's remedy may no longer be taken).
    marks = ("moved",)
    turn_up = "s"
    turn_said = "turn the next card of the pack onto the talon"

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"f{i + 1}", FOUNDATION, family_label(i), "families") for i in range(8)),
                *(Pile(f"q{i + 1}", "pile", place_label(i), SIDES[i // 4])
                  for i in range(PLACES)),
                Pile("pack", "stock", "the pack", face=DOWN), Pile("talon", "waste", "the talon"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        n = int(self.option("packets"))
        t = self.table({f"q{i + 1}": cards[i * n:(i + 1) * n] for i in range(PLACES)}
                       | {"pack": cards[PLACES * n:][::-1]})
        return replace(t, seed=seed)

    def steps(self, t: Table) -> list[Step]:
        out: list[Step] = []
        sq, fams = t.piles[Q:P], self.families(t)
        if not self.mark(t, "moved") and (kings := blocking_kings(sq)):
            out.append(Step("retake", REDEAL, Q))
            out += [Step(f"slip{i + 1}", PRIVILEGE, Q + i) for i in kings]
        for i, p in enumerate(sq):
            if (c := available(p)) is not None and (j := play_to(fams, c)) >= 0:
                out.append(Step(f"q{i + 1}>f{j + 1}", source=Q + i, target=j))
        # a marriage in a descending line (:func:`marries`): onto the card of the same
        # suit one higher, found by its card among the tops
        higher = tops_by_card(sq)
        top = t.top(W)
        hole = next((k for k, p in enumerate(sq) if not p), -1)
        if top is not None:
            if (j := play_to(fams, top)) >= 0:
                out.append(Step(f"w>f{j + 1}", source=W, target=j))
            out += [Step(f"w>q{k + 1}", source=W, target=Q + k)
                    for k in higher.get(identity(top) + 1, ())]
            if hole >= 0:
                out.append(Step(f"w>q{hole + 1}", source=W, target=Q + hole))
        if t.piles[P]:
            if hole >= 0:
                out.append(Step(f"d>q{hole + 1}", DEAL, P, Q + hole))
            out.append(Step("s", DEAL, P, W))
        for i, p in enumerate(sq):
            if p:
                out += [Step(f"q{i + 1}>q{k + 1}", source=Q + i, target=Q + k)
                        for k in higher.get(identity(p[-1]) + 1, ())]
        return out

    def goes_home(self, t: Table, pile: int) -> bool | None:
        if not Q <= pile < P and pile != W:
            return None
        top = t.top(pile)
        return top is not None and play_to(self.families(t), top) >= 0

    def play(self, state: Table, move: Move) -> Table:
        after = super().play(state, move)
        return after if self.mark(after, "moved") else self.marked(after, moved=1)

    def special(self, t: Table, step: Step) -> Table:
        """The note's remedy: the square taken up, shuffled (stream 1) and dealt again,
        or a blocking king slipped under its packet."""
        piles = list(t.piles)
        if step.kind == REDEAL:
            n = int(self.option("packets"))
            cards = reshuffle(t.seed, 1, [c for p in t.piles[Q:P] for c in p])
            piles[Q:P] = [tuple(cards[i * n:(i + 1) * n]) for i in range(PLACES)]
        else:
            p = t.piles[step.source]
            k = max(k for k, c in enumerate(p) if rank_of(c) == KING
                    and any(suit_of(d) == suit_of(c) for d in p[:k]))
            piles[step.source] = (p[k], *p[:k], *p[k + 1:])
        return replace(t, piles=tuple(piles))

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        if s.kind == REDEAL:
            return "take up the square, shuffle it and deal it again (two kings block)"
        if s.kind == PRIVILEGE:
            return f"slip the blocking king of {place_label(s.source - Q)} underneath"
        if s.kind == DEAL:
            return f"fill the vacancy of {place_label(s.target - Q)} with the next card of " \
                "the pack"
        c = t.piles[s.source][-1]
        where = f" from {place_label(s.source - Q)}" if s.source < P else " from the talon"
        if s.target < Q:
            return f"play {name(c)}{where} on {family_label(s.target)}"
        q, b = t.piles[s.target], s.target - Q
        if q:
            return f"marry {name(c)}{where} on {name(q[-1])} of {place_label(b)}"
        return f"fill the vacancy of {place_label(b)} with {name(c)}{where}"


LE_CARRE_NAPOLEON_SINGLES = variant(LeCarreNapoleon, Description(
    id="le_carre_napoleon_singles", title="Le Carré Napoléon with twelve single cards",
    book=CADOGAN, lines="1595-1605, 1533-1594", skill="some", bound=None, packs=2,
    layout="square", variant_of="le_carre_napoleon", fixed={"packets": 1}))


__all__ = ["LE_CARRE_NAPOLEON_SINGLES", "LeCarreNapoleon"]
