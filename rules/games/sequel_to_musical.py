"""A Sequel to Musical, from Cheney's *Patience* (1894): a trick on a finished Musical.

Source: ``000_afc193f70d23752d.txt`` l.2668-2724 (pp. 125-127; Musical is l.910-961);
rule sheet ``shared/games/cheney.md``, section A Sequel to Musical.

The book's steps, each a move here:

1. ``g`` (four times): "take the pile at the right hand now finished with a king, and put
   the four-spot card above it under it (keeping the cards face upwards); then put the
   next pile under this, adding the three underneath, and do the same with the two
   remaining piles" (l.2672-2680).
2. ``t``: "turn the pack over, with the backs toward you" (l.2682-2683).
3. ``r``: "lay down thirteen cards in a row, face downwards" (l.2683-2685).
4. ``c`` (39 times): "put a card on every second card in order (commencing with the
   second card), and going over the row until you finish at the last card ... Then begin
   with the third card, and put one on every third card ... Then begin with the fourth
   card, and put one on every fourth card" (l.2690-2700). Going over the row by ``k``
   from place ``k`` and round again visits every place once (2, 4 .. 12, 1, 3 .. 13).
5. ``u``: "take the piles up, commencing at the left hand, and put each pile underneath
   the previous one" (l.2702-2704).
6. ``s`` (52 times): "lay the cards down one by one, spelling the numerals" (l.2706):
   O, N face down and E face up, "and it will be an ace"; then T-W-O, T-H-R-E-E ..
   J-A-C-K, Q-U-E-E-N, K-I-N-G, each word in a pile of its own, the card of the last
   letter turned up (l.2706-2718).

The deal is a finished Musical: the upper line A, 2, 3, 4 and four piles built from 2, 4,
6, 8 by one, two, three and four to the kings (Musical, l.923-961), the suits as the
shuffle gives them ("of any suit", l.925). The trick succeeds when the thirteen
turned-up cards are ace to king, "the whole pack of cards before you arranged in order"
(l.2718-2720). Every step is forced, so from a finished Musical it always comes out; a
turned-up card of the wrong rank (a layout that was not a finished Musical) ends it,
lost: "or you will make mistakes, and spoil the result" (l.2722-2724).

Readings (the sheet's): "which should be in going over twice" is "which should be
finished in going over twice"; the knave is spelled JACK, as printed (l.2715), which is
what makes the letters come to 52. Legal moves: the one step, then ``auto``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..cards import RANK_WORDS, Card, rank_of
from ..description import CHENEY, Description
from ..game import Move, Zone
from ..registry import register
from ..solo import SoloGame, open_zone

GATHER, TURN, ROW, CARD, UP, SPELL = (Move(c) for c in ("g", "t", "r", "c", "u", "s"))
WORDS = ("ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "TEN",
         "JACK", "QUEEN", "KING")
GATHERING, TURNED, ROWS, CARDS, TAKEUP, SPELLING = range(6)
#: The order of the 39 cards of step 4: place (1-based), the step of the round.
PLACES = tuple(((k * i - 1) % 13 + 1, k) for k in (2, 3, 4) for i in range(1, 14))


def musical_pile(step: int) -> tuple[int, ...]:
    """The ranks of a finished Musical pile under ``step`` (1-4), base first."""
    out = [2 * step]
    while out[-1] != 13:
        out.append((out[-1] + step - 1) % 13 + 1)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class SequelState:
    phase: int
    #: Musical's upper line (A, 2, 3, 4); a taken-up card leaves its place empty.
    upper: tuple[tuple[Card, ...], ...]
    #: Musical's four piles, bottom to top (kings on top).
    piles: tuple[tuple[Card, ...], ...]
    #: The pack in hand, bottom to top (face up while gathered, then face down).
    pack: tuple[Card, ...] = ()
    #: The thirteen places of the row, bottom to top, face down.
    row: tuple[tuple[Card, ...], ...] = ()
    #: Cards of step 4 put down so far.
    put: int = 0
    #: The spelled words, bottom to top; the last card of a finished word is face up.
    words: tuple[tuple[Card, ...], ...] = ()
    spoiled: bool = False


@register
class SequelToMusical(SoloGame[SequelState]):
    description = Description(
        id="sequel_to_musical", title="A Sequel to Musical", book=CHENEY,
        lines="2668-2724", skill="chance", bound=300, chance=True)

    def layout(self, cards: tuple[Card, ...], seed: int) -> SequelState:
        """A finished Musical: each place takes the next card of its rank in ``cards``."""
        pools: dict[int, list[Card]] = {}
        for c in cards:
            pools.setdefault(rank_of(c), []).append(c)

        def take(r: int) -> Card:
            return pools[r].pop(0)

        upper = tuple((take(r),) for r in (1, 2, 3, 4))
        piles = tuple(tuple(take(r) for r in musical_pile(s)) for s in (1, 2, 3, 4))
        return SequelState(GATHERING, upper, piles)

    def moves(self, state: SequelState) -> tuple[Move, ...]:
        if state.spoiled:
            return ()
        step = {GATHERING: GATHER, TURNED: TURN, ROWS: ROW, CARDS: CARD, TAKEUP: UP}
        if state.phase in step:
            return (step[state.phase],)
        if state.phase == SPELLING and (len(state.words) < 13 or self._word_open(state)):
            return (SPELL,)
        return ()

    def _word_open(self, state: SequelState) -> bool:
        return bool(state.words) and len(state.words[-1]) < len(WORDS[len(state.words) - 1])

    def play(self, state: SequelState, move: Move) -> SequelState:
        if move == GATHER:
            k = sum(1 for p in state.piles if p) - 1  # the right-hand pile left
            pack = (*state.upper[k], *state.piles[k], *state.pack)
            st = replace(state, pack=pack, piles=_emptied(state.piles, k),
                         upper=_emptied(state.upper, k))
            return st if k else replace(st, phase=TURNED)
        if move == TURN:
            # The face-up pack turned over: its bottom card is now the top.
            return replace(state, pack=tuple(reversed(state.pack)), phase=ROWS)
        if move == ROW:
            first = state.pack[-13:][::-1]
            return replace(state, pack=state.pack[:-13], row=tuple((c,) for c in first),
                           phase=CARDS)
        if move == CARD:
            at = PLACES[state.put][0] - 1
            row = list(state.row)
            row[at] += (state.pack[-1],)
            put = state.put + 1
            return replace(state, pack=state.pack[:-1], row=tuple(row), put=put,
                           phase=CARDS if put < len(PLACES) else TAKEUP)
        if move == UP:
            # Pile one on top, each next pile underneath the previous one.
            pack = tuple(c for p in reversed(state.row) for c in p)
            return replace(state, pack=pack, row=(), phase=SPELLING)
        c = state.pack[-1]
        words = state.words if self._word_open(state) else (*state.words, ())
        words = (*words[:-1], (*words[-1], c))
        st = replace(state, pack=state.pack[:-1], words=words)
        n = len(words)
        if len(words[-1]) == len(WORDS[n - 1]) and rank_of(c) != n:
            return replace(st, spoiled=True)
        return st

    def won(self, state: SequelState) -> bool:
        return len(state.words) == 13 and not self._word_open(state) and not state.spoiled

    def summary(self, state: SequelState, won: bool) -> str:
        if won:
            return "the whole pack lies in order, ace to king"
        word, up = WORDS[len(state.words) - 1], RANK_WORDS[rank_of(state.words[-1][-1])]
        return f"the result is spoiled: {word} turned up a {up}"

    def zones(self, state: SequelState) -> tuple[Zone, ...]:
        out = [open_zone(f"u{i + 1}", "reserve", u, f"upper card {i + 1}", "upper line")
               for i, u in enumerate(state.upper)]
        out += [open_zone(f"m{i + 1}", "pile", p, f"pile {i + 1}", "piles")
                for i, p in enumerate(state.piles)]
        face_up = state.phase in (GATHERING, TURNED)
        out.append(Zone("pack", "stock", state.pack, len(state.pack) if face_up else 0,
                        label="the pack"))
        out += [Zone(f"r{i + 1}", "pile", p, 0, label=f"place {i + 1}", group="row")
                for i, p in enumerate(state.row)]
        for i, w in enumerate(state.words):
            done = len(w) == len(WORDS[i])
            out.append(Zone(f"w{i + 1}", "foundation", w, 1 if done else 0,
                            label=WORDS[i].lower(), group="words"))
        return tuple(out)

    def public(self, state: SequelState) -> dict[str, Any]:
        out: dict[str, Any] = {"step": ("gather", "turn", "row", "every second, third, "
                                        "fourth card", "take up", "spell")[state.phase]}
        if state.phase == SPELLING and (self._word_open(state) or len(state.words) < 13):
            n = len(state.words) if self._word_open(state) else len(state.words) + 1
            w = WORDS[n - 1]
            spelled = len(state.words[-1]) if self._word_open(state) else 0
            out.update(word=w, spelled=w[:spelled])
        return out

    def say(self, state: SequelState, move: Move) -> str:
        if move == GATHER:
            k = sum(1 for p in state.piles if p)
            if k == 4:
                return "take up the right-hand pile and put the 4 above it under it"
            return f"put pile {k} under the pack, and the {k if k > 1 else 'A'} above it " \
                "underneath"
        if move == TURN:
            return "turn the pack over, backs toward you"
        if move == ROW:
            return "lay thirteen cards in a row, face down"
        if move == CARD:
            at, k = PLACES[state.put]
            every = {2: "second", 3: "third", 4: "fourth"}[k]
            return f"put a card on place {at} (every {every} card)"
        if move == UP:
            return "take up the piles from the left, each under the one before"
        n = len(state.words) if self._word_open(state) else len(state.words) + 1
        w = WORDS[n - 1]
        i = len(state.words[-1]) if self._word_open(state) else 0
        last = i == len(w) - 1
        return f'spell "{w[i]}" of {w}: lay a card {"face up" if last else "face down"}'


def _emptied(seq: tuple[tuple[Card, ...], ...], k: int) -> tuple[tuple[Card, ...], ...]:
    return (*seq[:k], (), *seq[k + 1:])
