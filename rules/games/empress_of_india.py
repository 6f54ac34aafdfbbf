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

from dataclasses import dataclass, replace
from typing import Any

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
from ..game import Audience, Move, Seat, Zone
from ..registry import register
from ..shape import DEAL, MOVE, PAIR, Shape
from ..solo import SoloGame, open_zone, pack_of, pack_zone, replace_at, with_end

WIDTH = 24
TURN = Move("t")
SUITS = (SPADES,) * 4 + (CLUBS,) * 4 + (HEARTS,) * 4 + (DIAMONDS,) * 4
Piles = tuple[tuple[Card, ...], ...]
#: Every play of two singles and every pairing, made once: up to 1,152 pairings are
#: legal at a time, and building their codes anew was most of the game's time.
PLAYS = [[Move(f"a{i + 1}+n{j + 1}") for j in range(WIDTH)] for i in range(WIDTH)]
A_ON_N = [[Move(f"a{i + 1}>n{j + 1}") for j in range(WIDTH)] for i in range(WIDTH)]
N_ON_A = [[Move(f"n{j + 1}>a{i + 1}") for i in range(WIDTH)] for j in range(WIDTH)]
PAIRS = {letter: [Move(f"{letter}{i + 1}") for i in range(WIDTH)] for letter in "an"}


def wanted_rank(f: tuple[Card, ...]) -> int:
    """The rank foundation ``f`` takes next, or 0 when it is complete: the black ones
    ascend omitting queens, the red ones descend omitting knaves (l.1126-1132)."""
    r = rank_of(f[-1])
    if is_red(f[-1]):
        return 0 if r == ACE else (r - 2 if r - 1 == JACK else r - 1)
    return 0 if r == KING else (r + 2 if r + 1 == QUEEN else r + 1)


def target(fams: Piles, c: Card) -> int:
    """The first foundation (0-based) that takes ``c`` now, or -1."""
    s, r = suit_of(c), rank_of(c)
    for j, f in enumerate(fams):
        if SUITS[j] == s and wanted_rank(f) == r:
            return j
    return -1


@dataclass(frozen=True, slots=True)
class EmpressState:
    families: Piles
    army: Piles
    navy: Piles
    pack: tuple[Card, ...]
    red_talon: tuple[Card, ...] = ()
    black_talon: tuple[Card, ...] = ()
    #: The Empress, her guard and the seven queens thrown aside.
    court: tuple[Card, ...] = ()
    given_up: bool = False


def refill(st: EmpressState) -> EmpressState:
    """Rule II, at once: each vacancy from its colour's talon, else from the pack."""
    army, navy = list(st.army), list(st.navy)
    pack, talons = st.pack, {True: st.red_talon, False: st.black_talon}
    for row, red in ((army, True), (navy, False)):
        for i, p in enumerate(row):
            if p:
                continue
            while not talons[red] and pack:
                c, pack = pack[-1], pack[:-1]
                talons[is_red(c)] = (*talons[is_red(c)], c)
            if talons[red]:
                row[i] = (talons[red][-1],)
                talons[red] = talons[red][:-1]
    return replace(st, army=tuple(army), navy=tuple(navy), pack=pack,
                   red_talon=talons[True], black_talon=talons[False])


def firsts(row: Piles) -> tuple[list[int], list[int]]:
    """The first place of each distinct single card and of each distinct pair."""
    seen: set[tuple[Card, ...]] = set()
    singles: list[int] = []
    pairs: list[int] = []
    for i, p in enumerate(row):
        key = tuple(identity(c) for c in p)
        if p and key not in seen:
            seen.add(key)
            (singles if len(p) == 1 else pairs).append(i)
    return singles, pairs


@register
class EmpressOfIndia(SoloGame[EmpressState]):
    description = Description(
        id="empress_of_india", title="The Empress of India", book=CADOGAN,
        lines="1085-1179", skill="some", bound=400, packs=4)

    def layout(self, cards: tuple[Card, ...], seed: int) -> EmpressState:
        def special(c: Card) -> bool:
            r, red = rank_of(c), is_red(c)
            return (not red and r in (ACE, QUEEN)) or (red and r in (KING, JACK))

        spec = [c for c in cards if special(c)]
        rest = [c for c in cards if not special(c)]
        aces = [c for c in spec if rank_of(c) == ACE]
        kings = [c for c in spec if rank_of(c) == KING]
        # the sixteen bases, in the foundations' suit order
        pool = aces + kings
        bases = []
        for s in SUITS:
            c = next(c for c in pool if suit_of(c) == s)
            pool.remove(c)
            bases.append((c,))
        fams = tuple(bases)
        queens = [c for c in spec if rank_of(c) == QUEEN]
        empress = next(c for c in queens if suit_of(c) == CLUBS)
        court = (empress, *(c for c in spec if rank_of(c) == JACK),
                 *(q for q in queens if q != empress))
        army: list[tuple[Card, ...]] = []
        navy: list[tuple[Card, ...]] = []
        red_t: list[Card] = []
        black_t: list[Card] = []
        k = 0
        while len(army) < WIDTH or len(navy) < WIDTH:
            c = rest[k]
            k += 1
            row, talon = (army, red_t) if is_red(c) else (navy, black_t)
            if len(row) < WIDTH:
                row.append((c,))
            else:
                talon.append(c)
        return EmpressState(fams, tuple(army), tuple(navy), pack_of(rest[k:]),
                            tuple(red_t), tuple(black_t), court)

    def moves(self, state: EmpressState) -> tuple[Move, ...]:
        fams, army, navy = state.families, state.army, state.navy
        # what each foundation waits for, looked up by (suit, rank), first one first
        want: dict[tuple[int, int], int] = {}
        for j, f in enumerate(fams):
            if (r := wanted_rank(f)):
                want.setdefault((SUITS[j], r), j)

        def fits(c: Card) -> bool:
            return (suit_of(c), rank_of(c)) in want

        singles_a, pairs_a = firsts(army)
        singles_n, pairs_n = firsts(navy)
        reds = [i for i in singles_a if fits(army[i][0])]
        blacks = [j for j in singles_n if fits(navy[j][0])]
        out = [PLAYS[i][j] for i in reds for j in blacks]
        for letter, row, pairs in (("a", army, pairs_a), ("n", navy, pairs_n)):
            out += [PAIRS[letter][i] for i in pairs if fits(row[i][0]) and fits(row[i][1])]
        if state.pack:
            out.append(TURN)
        out += [A_ON_N[i][j] for i in singles_a for j in singles_n]
        out += [N_ON_A[j][i] for j in singles_n for i in singles_a]
        return with_end(out)

    def play(self, state: EmpressState, move: Move) -> EmpressState:
        code = move.code
        if move == TURN:
            c = state.pack[-1]
            st = replace(state, pack=state.pack[:-1])
            if is_red(c):
                return replace(st, red_talon=(*st.red_talon, c))
            return replace(st, black_talon=(*st.black_talon, c))
        if ">" in code:
            src, dst = code.split(">")
            i, j = int(src[1:]) - 1, int(dst[1:]) - 1
            if src[0] == "a":
                c = state.army[i][0]
                st = replace(state, army=replace_at(state.army, i, ()),
                             navy=replace_at(state.navy, j, (*state.navy[j], c)))
            else:
                c = state.navy[i][0]
                st = replace(state, navy=replace_at(state.navy, i, ()),
                             army=replace_at(state.army, j, (*state.army[j], c)))
            return refill(st)
        if "+" in code:
            a, n = code.split("+")
            i, j = int(a[1:]) - 1, int(n[1:]) - 1
            up: tuple[Card, ...] = (state.army[i][0], state.navy[j][0])
            st = replace(state, army=replace_at(state.army, i, ()),
                         navy=replace_at(state.navy, j, ()))
        else:
            i = int(code[1:]) - 1
            if code[0] == "a":
                up = state.army[i]
                st = replace(state, army=replace_at(state.army, i, ()))
            else:
                up = state.navy[i]
                st = replace(state, navy=replace_at(state.navy, i, ()))
        fams = st.families
        for c in up:
            t = target(fams, c)
            fams = replace_at(fams, t, (*fams[t], c))
        return refill(replace(st, families=fams))

    def shape(self, state: EmpressState, move: Move, seat: Seat, audience: Audience
              ) -> Shape:
        """Read from the code, not from a move played: some 500 moves are legal at a time,
        and playing each made a view cost over 100 ms. Every card here but the pack's is
        face up. A turned card's talon is not named (it would tell the card's colour)."""
        code = move.code
        if move == TURN:
            return Shape(DEAL, "pack", None, (None,))
        if code in ("end", "auto"):
            return super().shape(state, move, seat, audience)
        if ">" in code:
            src, dst = code.split(">")
            row = state.army if src[0] == "a" else state.navy
            return Shape(MOVE, src, dst, (row[int(src[1:]) - 1][0],))
        if "+" in code:
            a, n = code.split("+")
            return Shape(PAIR, a, n, (state.army[int(a[1:]) - 1][0],
                                      state.navy[int(n[1:]) - 1][0]))
        row = state.army if code[0] == "a" else state.navy
        return Shape(PAIR, code, None, row[int(code[1:]) - 1])

    def won(self, state: EmpressState) -> bool:
        return all(wanted_rank(f) == 0 for f in state.families)

    def summary(self, state: EmpressState, won: bool) -> str:
        n = sum(len(f) for f in state.families) - 16
        if won:
            return "all 176 cards on the Admirals and Generals"
        why = "given up" if state.given_up else "no move is left"
        return f"{n} of 176 cards on the foundations; {why}"

    def zones(self, state: EmpressState) -> tuple[Zone, ...]:
        kinds = ("Admiral",) * 8 + ("General",) * 8
        return (
            *(open_zone(f"f{j + 1}", "foundation", f, f"{kinds[j]} {j + 1}",
                        "Admirals" if j < 8 else "Generals")
              for j, f in enumerate(state.families)),
            open_zone("court", "reserve", state.court,
                      "the Empress and her guard; seven queens aside"),
            *(open_zone(f"a{i + 1}", "pile", p, f"Army place {i + 1}", "the Army")
              for i, p in enumerate(state.army)),
            *(open_zone(f"n{i + 1}", "pile", p, f"Navy place {i + 1}", "the Navy")
              for i, p in enumerate(state.navy)),
            pack_zone(state.pack),
            open_zone("red_talon", "waste", state.red_talon, "the red talon"),
            open_zone("black_talon", "waste", state.black_talon, "the black talon"))

    def public(self, state: EmpressState) -> dict[str, Any]:
        return {"pack": len(state.pack), "red_talon": len(state.red_talon),
                "black_talon": len(state.black_talon),
                "on_foundations": sum(len(f) for f in state.families) - 16}

    def say(self, state: EmpressState, move: Move) -> str:
        code = move.code
        if move == TURN:
            return "turn the next card of the pack onto its talon"
        if ">" in code:
            src, dst = code.split(">")
            i, j = int(src[1:]) - 1, int(dst[1:]) - 1
            if src[0] == "a":
                return f"pair {name(state.army[i][0])} of the Army on " \
                    f"{name(state.navy[j][0])} of the Navy"
            return f"pair {name(state.navy[i][0])} of the Navy on " \
                f"{name(state.army[j][0])} of the Army"
        if "+" in code:
            a, n = code.split("+")
            cs: tuple[Card, ...] = (state.army[int(a[1:]) - 1][0],
                                    state.navy[int(n[1:]) - 1][0])
        else:
            row = state.army if code[0] == "a" else state.navy
            cs = row[int(code[1:]) - 1]
        return f"play {name(cs[0])} and {name(cs[1])} together on their foundations"


__all__ = ["EmpressOfIndia", "EmpressState", "target", "wanted_rank"]
