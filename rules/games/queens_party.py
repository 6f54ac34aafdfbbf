"""The Queen's Party, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.2031-2072 (book pp. 94-95); rule sheet
``shared/games/cheney.md``, section The Queen's Party.

One pack. Four rows of four cards make a hollow square, the *ante-chamber*
(l.2035-2038); the *audience hall* is the space inside it (l.2041-2042). "The kings and
queens must come in together": king and queen of hearts at the top, of diamonds at the
bottom, of clubs at the right, of spades at the left, the queens on the kings
(l.2043-2048). "The aces or emperors must be accompanied by the knaves", between the
queens, and on the knaves the lower cards take their places by suits down to the deuces
(l.2053-2058). "You will take from the ante-chamber any king and queen, or ace and
knave, of the same suit, and put them in their respective places, and fill the spaces in
the antechamber from the stock or pack" (l.2060-2065). Cards of the pack that cannot be
placed at once in the audience-room or the ante-chamber go to a stock, which cannot be
turned but only fills vacancies in the ante-chamber (l.2065-2070). Success: the
ante-chamber empty and the suits complete (l.2070-2072).

Readings (the sheet's PROPOSED readings unless said otherwise):

- A pair (king and queen, ace and knave) comes in only when both cards are in the
  ante-chamber (amb. 1, literal); a card turned from the pack may first be put into a
  vacancy of the ante-chamber. Option ``pairs=with_card_turned`` (the sheet's lenient
  reading): one of the two may be the card just turned.
- Each ace and knave has its own place by suit (amb. 2: the book does not say which
  corner; the four places are alike, so the zone of a suit is simply named by it).
- A lower card (10 down to 2) goes on the knave of its suit from the ante-chamber or as
  it is turned from the pack; the stock's top card only fills vacancies (amb. 3).
- The pack is turned a card at a time (``t``) onto the stock; the card just turned may
  go to the hall or into a vacancy; once another card is turned on it, it is a stock
  card. Vacancies are filled when the player likes; they are alike, so a card is
  offered to the first one only.
- The game is lost when the pack is out and nothing can move.

Moves, in this order: ``kq<s>`` and ``aj<s>`` (the king and queen, or the ace and
knave, of suit ``s`` = ``s``, ``h``, ``d``, ``c`` from the ante-chamber, or one of them
just turned under option ``pairs``, into the hall),
``a<i>>h`` (ante-chamber place ``i``, 1-16, to its knave), ``w>h`` (the card just turned
to its knave), ``w>a<i>`` (the stock's top card into vacancy ``i``), ``t``, ``auto``.
Cards only go forward, so every game ends.
"""

from __future__ import annotations

from ..cards import ACE, JACK, KING, QUEEN, SUIT_LETTERS, SUIT_NAMES, Card, name, rank_of, suit_of
from ..description import CHENEY, Description
from ..game import Move, Option
from ..patience import DOWN, HOME, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import DEAL
from ..solo import pack_of

PLACES = 16
#: The card just turned, as one card of a pair (option ``pairs=with_card_turned``).
TURNED = -2
#: Where each suit's king and queen sit (l.2044-2048), in suit order ♠ ♥ ♦ ♣.
SIDES = ("left", "top", "bottom", "right")
#: Where the piles lie: the ante-chamber's places, then per suit its king and queen and
#: its ace and knave, the pack and the stock.
HALL, PACK, STOCK = PLACES, PLACES + 8, PLACES + 9


def royals(s: int) -> int:
    """The pile of suit ``s``'s king and queen."""
    return HALL + 2 * s


def knaves(s: int) -> int:
    """The pile of suit ``s``'s ace, knave and the lower cards on it."""
    return HALL + 2 * s + 1


def fits_knave(fam: tuple[Card, ...], c: Card) -> bool:
    """``c`` is the next lower card of the knave's family (the ace lies under the knave)."""
    return len(fam) >= 2 and rank_of(fam[-1]) - 1 == rank_of(c) and rank_of(c) >= 2


def find(t: Table, rank: int, suit: int) -> int:
    """The first ante-chamber place holding a card of that rank and suit, or -1."""
    for i in range(PLACES):
        c = t.top(i)
        if c is not None and rank_of(c) == rank and suit_of(c) == suit:
            return i
    return -1


@register
class QueensParty(Patience):
    description = Description(
        id="queens_party", title="The Queen's Party", book=CHENEY, lines="2031-2072",
        skill="chance", bound=250, chance=True, layout="grid")
    option_specs = (
        Option("pairs", "ante_chamber",
               "ante_chamber: both cards of a pair come in from the ante-chamber; "
               "with_card_turned: one of them may be the card just turned from the pack",
               choices=("ante_chamber", "with_card_turned")),
    )
    facts = (("pack", size("pack")), ("stock", size("stock")), ("in_hall", HOME),
             ("vacancies", lambda g, t: sum(not p for p in t.piles[:PLACES])))
    #: ``fresh``: the stock's top card is the card just turned.
    marks = ("fresh",)
    gives_up = False

    def lay_piles(self) -> tuple[Pile, ...]:
        hall: list[Pile] = []
        for s in range(4):
            low = SUIT_LETTERS[s].lower()
            hall += [Pile(f"kq{low}", "foundation", f"king and queen of {SUIT_NAMES[s]}",
                          f"hall {SIDES[s]}"),
                     Pile(f"aj{low}", "foundation", f"ace and knave of {SUIT_NAMES[s]}",
                          "hall corners")]
        return (*(Pile(f"a{i + 1}", "cell", f"ante-chamber place {i + 1}",
                       f"ante-chamber side {i // 4 + 1}", empty_up=1) for i in range(PLACES)),
                *hall,
                Pile("pack", "stock", "the pack", face=DOWN),
                Pile("stock", "waste", "the stock"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        return self.table({f"a{i + 1}": (c,) for i, c in enumerate(cards[:PLACES])}
                          | {"pack": pack_of(cards[PLACES:])})

    def _pair(self, t: Table, first: int, second: int, s: int) -> tuple[int, int] | None:
        """Where the two cards of a pair of suit ``s`` lie: ante-chamber places, or
        ``TURNED`` for the card just turned (option ``pairs=with_card_turned``)."""
        top = t.top(STOCK)
        turned = top is not None and bool(self.mark(t, "fresh")) \
            and self.option("pairs") == "with_card_turned"
        where = []
        for rank in (first, second):
            i = find(t, rank, s)
            if i < 0 and turned and top is not None and rank_of(top) == rank \
                    and suit_of(top) == s:
                i = TURNED
            if i == -1:
                return None
            where.append(i)
        return where[0], where[1]

    def steps(self, t: Table) -> list[Step]:
        out: list[Step] = []
        for s in range(4):
            low = SUIT_LETTERS[s].lower()
            # A pair comes in together: the step names the place of its first card in
            # the table's order (an ante-chamber place before the card just turned)
            for code, first, second, target in (("kq", KING, QUEEN, royals(s)),
                                                ("aj", ACE, JACK, knaves(s))):
                where = self._pair(t, first, second, s)
                if where is not None:
                    out.append(Step(f"{code}{low}", source=min(i for i in where if i >= 0),
                                    target=target))
        out += [Step(f"a{i + 1}>h", source=i, target=knaves(suit_of(c)))
                for i in range(PLACES) if (c := t.top(i)) is not None
                and fits_knave(t.piles[knaves(suit_of(c))], c)]
        top = t.top(STOCK)
        if top is not None:
            if self.mark(t, "fresh") and fits_knave(t.piles[knaves(suit_of(top))], top):
                out.append(Step("w>h", source=STOCK, target=knaves(suit_of(top))))
            hole = next((i for i in range(PLACES) if not t.piles[i]), -1)
            if hole >= 0:
                out.append(Step(f"w>a{hole + 1}", source=STOCK, target=hole))
        if t.piles[PACK]:
            out.append(Step("t", DEAL, PACK, STOCK))
        return out

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        if s.kind == DEAL:
            return self.marked(self.carry(state, s), fresh=1)
        if move.code[:2] not in ("kq", "aj"):
            t = self.carry(state, s)
            return self.marked(t, fresh=0) if s.source == STOCK else t
        first, second = (KING, QUEEN) if move.code[:2] == "kq" else (ACE, JACK)
        where = self._pair(state, first, second, suit_of(state.piles[s.source][-1]))
        assert where is not None
        t = state
        for i in where:
            t = self.carry(t, Step("", source=STOCK if i == TURNED else i, target=s.target))
            if i == TURNED:
                t = self.marked(t, fresh=0)
        return t

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return "the ante-chamber is empty and every suit is complete"
        return f"{state.home(self.foundations)} of 52 cards in the audience hall; " \
            "the pack is out and no one more can come in"

    def say(self, state: Table, move: Move) -> str:
        m = move.code
        if m == "t":
            return "turn the next card of the pack"
        if m[:2] in ("kq", "aj"):
            s = SUIT_NAMES[SUIT_LETTERS.index(m[2].upper())]
            who = "king and queen" if m[:2] == "kq" else "ace and knave"
            return f"bring the {who} of {s} into the audience hall together"
        step = self.step(state, move)
        c = state.piles[step.source][-1]
        if step.source < PLACES:
            where = f" from ante-chamber place {step.source + 1}"
        else:
            where = " from the stock" if not self.mark(state, "fresh") else ""
        if step.target >= HALL:
            return f"put {name(c)}{where} on the knave of {SUIT_NAMES[suit_of(c)]}"
        return f"fill ante-chamber place {step.target + 1} with {name(c)}{where}"

    def narrate(self, before: Table, move: Move, after: Table) -> str:
        if move.code == "t":
            return f"turn up {name(before.piles[PACK][-1])}"
        return self.describe(before, move)


__all__ = ["QueensParty"]
