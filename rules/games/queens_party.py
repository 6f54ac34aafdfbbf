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

from dataclasses import dataclass, replace
from typing import Any

from ..cards import (
    ACE,
    JACK,
    KING,
    QUEEN,
    SUIT_LETTERS,
    SUIT_NAMES,
    Card,
    name,
    rank_of,
    suit_of,
)
from ..description import CHENEY, Description
from ..game import Move, Option, Zone
from ..registry import register
from ..solo import SoloGame, open_zone, pack_of, pack_zone, replace_at, split_code

PLACES = 16
TURN = Move("t")
#: The card just turned, as one card of a pair (option ``pairs=with_card_turned``).
TURNED = -2
#: Where each suit's king and queen sit (l.2044-2048), in suit order ♠ ♥ ♦ ♣.
SIDES = ("left", "top", "bottom", "right")
NONE = 0


@dataclass(frozen=True, slots=True)
class PartyState:
    #: The ante-chamber, 16 places (``NONE`` where empty).
    ante: tuple[Card, ...]
    #: Per suit: the king and queen once they have come in.
    royals: tuple[tuple[Card, ...], ...]
    #: Per suit: the ace, the knave and the lower cards on it.
    knaves: tuple[tuple[Card, ...], ...]
    pack: tuple[Card, ...]
    stock: tuple[Card, ...] = ()
    #: The stock's top card is the card just turned.
    fresh: bool = False


def fits_knave(fam: tuple[Card, ...], c: Card) -> bool:
    """``c`` is the next lower card of the knave's family (the ace lies under the knave)."""
    return len(fam) >= 2 and rank_of(fam[-1]) - 1 == rank_of(c) and rank_of(c) >= 2


def find(ante: tuple[Card, ...], rank: int, suit: int) -> int:
    """The first ante-chamber place holding a card of that rank and suit, or -1."""
    for i, c in enumerate(ante):
        if c and rank_of(c) == rank and suit_of(c) == suit:
            return i
    return -1


@register
class QueensParty(SoloGame[PartyState]):
    description = Description(
        id="queens_party", title="The Queen's Party", book=CHENEY, lines="2031-2072",
        skill="chance", bound=250, chance=True, layout="grid")
    option_specs = (
        Option("pairs", "ante_chamber",
               "ante_chamber: both cards of a pair come in from the ante-chamber; "
               "with_card_turned: one of them may be the card just turned from the pack",
               choices=("ante_chamber", "with_card_turned")),
    )

    def layout(self, cards: tuple[Card, ...], seed: int) -> PartyState:
        return PartyState(tuple(cards[:PLACES]), ((),) * 4, ((),) * 4,
                          pack_of(cards[PLACES:]))

    def _pair(self, state: PartyState, first: int, second: int, s: int
              ) -> tuple[int, int] | None:
        """Where the two cards of a pair of suit ``s`` lie: ante-chamber places, or
        ``TURNED`` for the card just turned (option ``pairs=with_card_turned``)."""
        turned = state.fresh and self.option("pairs") == "with_card_turned"
        where = []
        for rank in (first, second):
            i = find(state.ante, rank, s)
            if i < 0 and turned and rank_of(state.stock[-1]) == rank \
                    and suit_of(state.stock[-1]) == s:
                i = TURNED
            if i == -1:
                return None
            where.append(i)
        return where[0], where[1]

    def moves(self, state: PartyState) -> tuple[Move, ...]:
        ante = state.ante
        out: list[Move] = []
        for s in range(4):
            low = SUIT_LETTERS[s].lower()
            if self._pair(state, KING, QUEEN, s) is not None:
                out.append(Move(f"kq{low}"))
            if self._pair(state, ACE, JACK, s) is not None:
                out.append(Move(f"aj{low}"))
        out += [Move(f"a{i + 1}>h") for i, c in enumerate(ante)
                if c and fits_knave(state.knaves[suit_of(c)], c)]
        if state.stock:
            top = state.stock[-1]
            if state.fresh and fits_knave(state.knaves[suit_of(top)], top):
                out.append(Move("w>h"))
            if NONE in ante:
                out.append(Move(f"w>a{ante.index(NONE) + 1}"))
        if state.pack:
            out.append(TURN)
        return tuple(out)

    def play(self, state: PartyState, move: Move) -> PartyState:
        m = move.code
        if move == TURN:
            return replace(state, pack=state.pack[:-1], stock=(*state.stock, state.pack[-1]),
                           fresh=True)
        if m[:2] in ("kq", "aj"):
            s = SUIT_LETTERS.index(m[2].upper())
            first, second = (KING, QUEEN) if m[:2] == "kq" else (ACE, JACK)
            where = self._pair(state, first, second, s)
            assert where is not None
            st, pair = state, []
            for i in where:
                if i == TURNED:
                    pair.append(st.stock[-1])
                    st = replace(st, stock=st.stock[:-1], fresh=False)
                else:
                    pair.append(st.ante[i])
                    st = replace(st, ante=replace_at(st.ante, i, NONE))
            if first == KING:
                return replace(st, royals=replace_at(st.royals, s, tuple(pair)))
            return replace(st, knaves=replace_at(st.knaves, s, tuple(pair)))
        src, a, dst, b = split_code(m)
        if src == "a":
            assert a is not None
            c, st = state.ante[a - 1], replace(state, ante=replace_at(state.ante, a - 1, NONE))
        else:
            c, st = state.stock[-1], replace(state, stock=state.stock[:-1], fresh=False)
        if dst == "h":
            s = suit_of(c)
            return replace(st, knaves=replace_at(st.knaves, s, (*st.knaves[s], c)))
        assert b is not None
        return replace(st, ante=replace_at(st.ante, b - 1, c))

    def in_hall(self, state: PartyState) -> int:
        return sum(len(f) for f in (*state.royals, *state.knaves))

    def won(self, state: PartyState) -> bool:
        return self.in_hall(state) == 52

    def summary(self, state: PartyState, won: bool) -> str:
        if won:
            return "the ante-chamber is empty and every suit is complete"
        return f"{self.in_hall(state)} of 52 cards in the audience hall; " \
            "the pack is out and no one more can come in"

    def zones(self, state: PartyState) -> tuple[Zone, ...]:
        out = [Zone(f"a{i + 1}", "cell", (c,) if c else (), 1,
                    label=f"ante-chamber place {i + 1}",
                    group=f"ante-chamber side {i // 4 + 1}")
               for i, c in enumerate(state.ante)]
        for s in range(4):
            out.append(open_zone(f"kq{SUIT_LETTERS[s].lower()}", "foundation",
                                 state.royals[s], f"king and queen of {SUIT_NAMES[s]}",
                                 f"hall {SIDES[s]}"))
            out.append(open_zone(f"aj{SUIT_LETTERS[s].lower()}", "foundation",
                                 state.knaves[s], f"ace and knave of {SUIT_NAMES[s]}",
                                 "hall corners"))
        out.append(pack_zone(state.pack))
        out.append(open_zone("stock", "waste", state.stock, "the stock"))
        return tuple(out)

    def public(self, state: PartyState) -> dict[str, Any]:
        return {"pack": len(state.pack), "stock": len(state.stock),
                "in_hall": self.in_hall(state),
                "vacancies": sum(c == NONE for c in state.ante)}

    def say(self, state: PartyState, move: Move) -> str:
        m = move.code
        if move == TURN:
            return "turn the next card of the pack"
        if m[:2] in ("kq", "aj"):
            s = SUIT_NAMES[SUIT_LETTERS.index(m[2].upper())]
            who = "king and queen" if m[:2] == "kq" else "ace and knave"
            return f"bring the {who} of {s} into the audience hall together"
        src, a, dst, b = split_code(m)
        if src == "a":
            assert a is not None
            c, where = state.ante[a - 1], f" from ante-chamber place {a}"
        else:
            c, where = state.stock[-1], " from the stock" if not state.fresh else ""
        if dst == "h":
            return f"put {name(c)}{where} on the knave of {SUIT_NAMES[suit_of(c)]}"
        return f"fill ante-chamber place {b} with {name(c)}{where}"

    def narrate(self, before: PartyState, move: Move, after: PartyState) -> str:
        if move == TURN:
            return f"turn up {name(before.pack[-1])}"
        return self.describe(before, move)
