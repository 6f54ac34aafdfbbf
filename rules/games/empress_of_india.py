"""The Empress of India, from Cadogan's *Illustrated Games of Patience*.

Source: ``001_6a582ee13e12f2a9.txt`` l.1085-1179; the same text word for word in
``002_e65e08a38c98e317.txt`` l.49-80. Rule sheet ``shared/games/cadogan.md``, section The
Empress of India, whose ambiguities are cited.

Four packs. "Withdraw from the pack the eight black aces and the eight black queens, the
eight red kings and the eight red knaves", throwing aside four queens of spades and three
of clubs; the last queen of clubs is the Empress, the knaves her guard (l.1116-1124).
The black aces ascend to kings (the Admirals), the red kings descend to aces (the
Generals), following suit (Rule V); "the red sequences must omit knaves, the black ones
must omit queens" (l.1126-1132): eleven cards on each base, 176 in all (twelve to a
foundation with its base, 192). "Four horizontal rows,
each containing twelve cards", the two upper red (the Army), the two lower black (the
Navy), dealt at the same time, surplus cards of a colour laid aside in its talon
(l.1134-1144).

- Rule I: Army and Navy cards "are equally available, if played in pairs (i.e. one black
  and one red)": no card goes up unless one of the other colour goes up with it.
- Rule II: "Vacancies in the Army and Navy must be immediately re-filled with cards of
  their own colour from the talon, or, when there is no talon, from the pack."
- Rule III: pack and talon cards "must first pass through the Army or Navy".
- Rule IV: "The talon consists of two packets, one of red, the other of black cards."
- Pairing (l.1153-1163): "Any card in the Army may be placed on any card in the Navy, and
  vice versa, but the cards so paired cannot afterwards be separated, but must be played
  at the same time on their respective foundations. The vacancies thus made must be
  immediately re-filled ... Each card can only be paired once."
- "There is no re-deal" (l.1177).

Readings (the sheet's PROPOSED readings unless said otherwise):

- A play (amb. 1) is one move: a red card of the Army and a black card of the Navy, each
  a single card, both going up (``a<i>+n<j>``); or a pair, played whole (``a<i>`` or
  ``n<j>``, where it lies). The foundation is the first of the card's suit waiting for
  it (foundations of a suit with the same top are alike).
- Pairing (amb. 2, 3): at any time, a single card on a single card of the other colour
  (``a<i>>n<j>``: the Army's card onto the Navy's; ``n<j>>a<i>`` the other way); the pair
  keeps the lower card's place and is never split or paired again.
- Refilling (amb. 4): a vacancy takes the top of its colour's talon; with none, pack cards
  are turned until one of its colour comes, the others going to their talons.
- The deal (amb. 5): red cards to the Army and black to the Navy in reading order, the
  surplus to the talons, until both are full; the rest is the pack. Pack cards may be
  turned onto their talon at any time (``t``; the second research reading, so that the
  book's example of waiting for the ten of clubs at the top of the talon can be played,
  l.1165-1171). Talon cards serve only to refill (amb. 6).
- Since Army and Navy cards are all "equally available", places holding the same card
  are alike, and moves are listed for the first of them only.
- Won when every foundation is complete (all 176 cards on the sixteen bases); lost when
  no move is left or the player gives up (``end``). The sheet counts "eleven cards
  each": that is on each base; with its base a foundation holds twelve.

Moves, in this order: ``a<i>+n<j>``, ``a<i>``/``n<j>`` (pairs), ``t``, ``a<i>>n<j>``,
``n<j>>a<i>``, ``end``. Foundations ``f1``-``f4`` spades and ``f5``-``f8`` clubs from
the aces, ``f9``-``f12`` hearts and ``f13``-``f16`` diamonds from the kings.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JACK,
    KING,
    QUEEN,
    SPADES,
    Card,
    identity,
    is_red,
    name,
    rank_of,
    suit_of,
)
from ..description import CADOGAN, Description
from ..game import Audience, Move, Seat
from ..patience import DOWN, HOME, Cards, Patience, Pile, Step, Table, size
from ..registry import register
from ..shape import DEAL, MOVE, PAIR, Shape
from ..solo import pack_of

WIDTH = 24
SUITS = (SPADES,) * 4 + (CLUBS,) * 4 + (HEARTS,) * 4 + (DIAMONDS,) * 4
#: Where the piles lie: the sixteen foundations, the court, the Army's and the Navy's
#: places, the pack and the two talons.
COURT, A, N = 16, 17, 17 + WIDTH
PACK, RED, BLACK = N + WIDTH, N + WIDTH + 1, N + WIDTH + 2
#: Every play of two singles, pair played whole, pairing and turn, made once: up to 1,152
#: pairings are legal at a time, and building them anew was most of the game's time.
PLAYS = [[Step(f"a{i + 1}+n{j + 1}", PAIR, A + i, N + j) for j in range(WIDTH)]
         for i in range(WIDTH)]
A_ON_N = [[Step(f"a{i + 1}>n{j + 1}", MOVE, A + i, N + j) for j in range(WIDTH)]
          for i in range(WIDTH)]
N_ON_A = [[Step(f"n{j + 1}>a{i + 1}", MOVE, N + j, A + i) for i in range(WIDTH)]
          for j in range(WIDTH)]
#: A pair played whole: both its cards, from its one place (no target: each card goes to
#: its own foundation).
WHOLE = {first: [Step(f"{letter}{i + 1}", PAIR, first + i, count=2) for i in range(WIDTH)]
         for letter, first in (("a", A), ("n", N))}
#: The next card of the pack turned onto its colour's talon: which talon, the card tells.
TURNS = {red: Step("t", DEAL, PACK, RED if red else BLACK, by_card=True)
         for red in (True, False)}


def wanted_rank(f: tuple[Card, ...]) -> int:
    """The rank foundation ``f`` takes next, or 0 when it is complete: the black ones
    ascend omitting queens, the red ones descend omitting knaves (l.1126-1132)."""
    r = rank_of(f[-1])
    if is_red(f[-1]):
        return 0 if r == ACE else (r - 2 if r - 1 == JACK else r - 1)
    return 0 if r == KING else (r + 2 if r + 1 == QUEEN else r + 1)


def target(fams: tuple[Cards, ...], c: Card) -> int:
    """The first foundation (0-based) that takes ``c`` now, or -1."""
    s, r = suit_of(c), rank_of(c)
    for j, f in enumerate(fams):
        if SUITS[j] == s and wanted_rank(f) == r:
            return j
    return -1


def refill(piles: list[Cards]) -> None:
    """Rule II, at once: each vacancy from its colour's talon, else from the pack."""
    for first, talon in ((A, RED), (N, BLACK)):
        for i in range(first, first + WIDTH):
            if piles[i]:
                continue
            while not piles[talon] and piles[PACK]:
                c = piles[PACK][-1]
                piles[PACK] = piles[PACK][:-1]
                t = RED if is_red(c) else BLACK
                piles[t] = (*piles[t], c)
            if piles[talon]:
                piles[i] = piles[talon][-1:]
                piles[talon] = piles[talon][:-1]


def firsts(piles: tuple[Cards, ...], first: int) -> tuple[list[int], list[int]]:
    """The first place (0-based in its row) of each distinct single card and of each
    distinct pair of the row whose piles begin at ``first``."""
    seen: set[tuple[Card, ...]] = set()
    singles: list[int] = []
    pairs: list[int] = []
    for i in range(WIDTH):
        p = piles[first + i]
        key = tuple(identity(c) for c in p)
        if p and key not in seen:
            seen.add(key)
            (singles if len(p) == 1 else pairs).append(i)
    return singles, pairs


@register
class EmpressOfIndia(Patience):
    description = Description(
        id="empress_of_india", title="The Empress of India", book=CADOGAN,
        lines="1085-1179", skill="some", bound=400, packs=4)
    facts = (("pack", size("pack")), ("red_talon", size("red_talon")),
             ("black_talon", size("black_talon")),
             ("on_foundations", lambda g, t: HOME(g, t) - 16))

    def __init__(self, options: Mapping[str, object] | None = None) -> None:
        super().__init__(options)
        #: The piles' zone ids, by index (the shapes read them).
        self.ids = tuple(p.id for p in self.pile_specs)

    def lay_piles(self) -> tuple[Pile, ...]:
        kinds = ("Admiral",) * 8 + ("General",) * 8
        return (*(Pile(f"f{j + 1}", "foundation", f"{kinds[j]} {j + 1}",
                       "Admirals" if j < 8 else "Generals") for j in range(16)),
                Pile("court", "reserve", "the Empress and her guard; seven queens aside"),
                *(Pile(f"a{i + 1}", "pile", f"Army place {i + 1}", "the Army")
                  for i in range(WIDTH)),
                *(Pile(f"n{i + 1}", "pile", f"Navy place {i + 1}", "the Navy")
                  for i in range(WIDTH)),
                Pile("pack", "stock", "the pack", face=DOWN),
                Pile("red_talon", "waste", "the red talon"),
                Pile("black_talon", "waste", "the black talon"))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        def special(c: Card) -> bool:
            r, red = rank_of(c), is_red(c)
            return (not red and r in (ACE, QUEEN)) or (red and r in (KING, JACK))

        spec = [c for c in cards if special(c)]
        rest = [c for c in cards if not special(c)]
        # the sixteen bases, in the foundations' suit order
        pool = [c for c in spec if rank_of(c) == ACE] + [c for c in spec if rank_of(c) == KING]
        piles: dict[str, Cards] = {}
        for j, s in enumerate(SUITS):
            c = next(c for c in pool if suit_of(c) == s)
            pool.remove(c)
            piles[f"f{j + 1}"] = (c,)
        queens = [c for c in spec if rank_of(c) == QUEEN]
        empress = next(c for c in queens if suit_of(c) == CLUBS)
        piles["court"] = (empress, *(c for c in spec if rank_of(c) == JACK),
                          *(q for q in queens if q != empress))
        army: list[Card] = []
        navy: list[Card] = []
        red_t: list[Card] = []
        black_t: list[Card] = []
        k = 0
        while len(army) < WIDTH or len(navy) < WIDTH:
            c = rest[k]
            k += 1
            row, talon = (army, red_t) if is_red(c) else (navy, black_t)
            (row if len(row) < WIDTH else talon).append(c)
        piles |= {f"a{i + 1}": (c,) for i, c in enumerate(army)}
        piles |= {f"n{i + 1}": (c,) for i, c in enumerate(navy)}
        return self.table(piles | {"pack": pack_of(rest[k:]), "red_talon": tuple(red_t),
                                   "black_talon": tuple(black_t)})

    def steps(self, t: Table) -> list[Step]:
        piles = t.piles
        # what each foundation waits for, looked up by (suit, rank)
        want = {(SUITS[j], r) for j in range(16) if (r := wanted_rank(piles[j]))}

        def fits(c: Card) -> bool:
            return (suit_of(c), rank_of(c)) in want

        singles_a, pairs_a = firsts(piles, A)
        singles_n, pairs_n = firsts(piles, N)
        reds = [i for i in singles_a if fits(piles[A + i][0])]
        blacks = [j for j in singles_n if fits(piles[N + j][0])]
        out = [PLAYS[i][j] for i in reds for j in blacks]
        for first, pairs in ((A, pairs_a), (N, pairs_n)):
            out += [WHOLE[first][i] for i in pairs
                    if fits(piles[first + i][0]) and fits(piles[first + i][1])]
        if piles[PACK]:
            out.append(TURNS[is_red(piles[PACK][-1])])
        out += [A_ON_N[i][j] for i in singles_a for j in singles_n]
        out += [N_ON_A[j][i] for j in singles_n for i in singles_a]
        return out

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        if s.kind == DEAL:
            return self.carry(state, s)
        piles = list(state.piles)
        if s.kind == MOVE:  # a pairing: the card onto the other's place
            piles[s.target] = (*piles[s.target], piles[s.source][0])
            piles[s.source] = ()
        else:
            up = piles[s.source] if s.target < 0 else (piles[s.source][0], piles[s.target][0])
            for i in (s.source, s.target):
                if i >= 0:
                    piles[i] = ()
            for c in up:
                j = target(tuple(piles[:16]), c)
                piles[j] = (*piles[j], c)
        refill(piles)
        down = (*state.down[:PACK], len(piles[PACK]), *state.down[PACK + 1:])
        return Table(tuple(piles), down, state.redeals, state.turns, state.privileges_used,
                     state.given_up, True, None, state.own, state.seed)

    def shape(self, state: Table, move: Move, seat: Seat, audience: Audience) -> Shape:
        """Read from the step alone: some 500 moves are legal at a time, and a view costs
        a shape each. Every card here but the pack's is face up; a turned card's talon
        is not named (it would tell the card's colour)."""
        if move.code in ("end", "auto"):
            return super().shape(state, move, seat, audience)
        s = self.step(state, move)
        ids = self.ids
        if s.kind == DEAL:
            return Shape(DEAL, "pack", None, (None,))
        src = state.piles[s.source]
        if s.target < 0:
            return Shape(PAIR, ids[s.source], None, src)
        return Shape(s.kind, ids[s.source], ids[s.target],
                     (src[0], state.piles[s.target][0]) if s.kind == PAIR else src)

    def won(self, state: Table) -> bool:
        return all(wanted_rank(state.piles[j]) == 0 for j in range(16))

    def summary(self, state: Table, won: bool) -> str:
        n = state.home(self.foundations) - 16
        if won:
            return "all 176 cards on the Admirals and Generals"
        why = "given up" if state.given_up else "no move is left"
        return f"{n} of 176 cards on the foundations; {why}"

    def say(self, state: Table, move: Move) -> str:
        s = self.step(state, move)
        piles = state.piles
        if s.kind == DEAL:
            return "turn the next card of the pack onto its talon"
        if s.kind == MOVE:
            here, there = ("Army", "Navy") if s.source < N else ("Navy", "Army")
            return f"pair {name(piles[s.source][0])} of the {here} on " \
                f"{name(piles[s.target][0])} of the {there}"
        cs = piles[s.source] if s.target < 0 else (piles[s.source][0], piles[s.target][0])
        return f"play {name(cs[0])} and {name(cs[1])} together on their foundations"


__all__ = ["EmpressOfIndia", "target", "wanted_rank"]
