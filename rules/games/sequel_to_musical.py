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
   from place ``k`` and round again visits every place once (2, 4 .. 12, 1, 3 .. 13;
   :data:`rules.sequels.PLACES`, the order of Le Calcul's sequel too).
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

from dataclasses import replace
from typing import Any

from ..cards import RANK_WORDS, Card, rank_of
from ..description import CHENEY, Description
from ..game import Move
from ..patience import COLUMN, Patience, Pile, Step, Table
from ..registry import register
from ..sequels import CARDS, GATHERING, TAKEUP, TURNED, lie, place_said, play_round, round_steps
from ..shape import DEAL, MOVE

WORDS = ("ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "TEN",
         "JACK", "QUEEN", "KING")
SPELLING = TAKEUP + 1
STEPS = ("gather", "turn", "row", "every second, third, fourth card", "take up", "spell")
U, M, PACK, R, W = 0, 4, 8, 9, 22  # the upper line, the piles, the pack, the row, the words


def musical_pile(step: int) -> tuple[int, ...]:
    """The ranks of a finished Musical pile under ``step`` (1-4), base first."""
    out = [2 * step]
    while out[-1] != 13:
        out.append((out[-1] + step - 1) % 13 + 1)
    return tuple(out)


def words(t: Table) -> tuple[tuple[Card, ...], ...]:
    """The words spelled so far (begun in order)."""
    return tuple(w for w in t.piles[W:] if w)


def word_open(t: Table) -> bool:
    """Whether the last word begun is not yet spelled to its end."""
    done = words(t)
    return bool(done) and len(done[-1]) < len(WORDS[len(done) - 1])


def spelling(t: Table) -> tuple[int, int]:
    """The word being spelled (1-based) and how many of its letters are laid."""
    done = words(t)
    if word_open(t):
        return len(done), len(done[-1])
    return len(done) + 1, 0


@register
class SequelToMusical(Patience):
    description = Description(
        id="sequel_to_musical", title="A Sequel to Musical", book=CHENEY,
        lines="2668-2724", skill="chance", bound=300, chance=True)
    #: The step under way, the cards of step 4 put down so far, and whether a word
    #: turned up a card of the wrong rank.
    marks = ("phase", "put", "spoiled")
    gives_up = False

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*(Pile(f"u{i + 1}", "reserve", f"upper card {i + 1}", "upper line")
                  for i in range(4)),
                *(Pile(f"m{i + 1}", "pile", f"pile {i + 1}", "piles") for i in range(4)),
                Pile("pack", "stock", "the pack", face=COLUMN),
                *(Pile(f"r{i + 1}", "pile", f"place {i + 1}", "row", COLUMN)
                  for i in range(13)),
                *(Pile(f"w{i + 1}", "foundation", w.lower(), "words", COLUMN)
                  for i, w in enumerate(WORDS)))

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        """A finished Musical: each place takes the next card of its rank in ``cards``."""
        pools: dict[int, list[Card]] = {}
        for c in cards:
            pools.setdefault(rank_of(c), []).append(c)
        upper = {f"u{r}": [pools[r].pop(0)] for r in (1, 2, 3, 4)}
        return self.table(upper | {f"m{s}": [pools[r].pop(0) for r in musical_pile(s)]
                                   for s in (1, 2, 3, 4)})

    def laid(self, t: Table, i: int) -> bool:
        """The row while it is dealt and before it is taken up; a word once begun."""
        if R <= i < W:
            return self.mark(t, "phase") in (CARDS, TAKEUP)
        return i < W or bool(t.piles[i])

    def steps(self, t: Table) -> list[Step]:
        phase = self.mark(t, "phase")
        if self.mark(t, "spoiled"):
            return []
        if phase == GATHERING:  # the right-hand pile left, the card above it underneath
            k = sum(1 for p in t.piles[M:PACK] if p) - 1
            return [Step("g", MOVE, U + k, PACK, under=True)]
        if phase == SPELLING:
            n, _ = spelling(t)
            return [Step("s", DEAL, PACK, W + n - 1)] if n <= 13 else []
        if phase == TAKEUP:
            return [Step("u", MOVE, R, PACK, len(t.piles[R]))]
        return round_steps(self, t, PACK, R)

    def play(self, state: Table, move: Move) -> Table:
        s, t = self.step(state, move), state
        if move.code == "g":
            k = s.source - U
            t = self.carry(t, Step("", MOVE, M + k, PACK, len(t.piles[M + k]), under=True))
            t = self.carry(t, s)
            t = self.marked(t, phase=TURNED) if k == 0 else t
        elif move.code == "u":  # pile one on top, each next pile underneath the one before
            for i in range(R + 12, R - 1, -1):
                t = self.carry(t, Step("", MOVE, i, PACK, len(t.piles[i])))
            t = self.marked(t, phase=SPELLING)
        elif move.code == "s":
            c, t = t.piles[PACK][-1], self.carry(t, s)
            n = s.target - W + 1
            if len(t.piles[s.target]) == len(WORDS[n - 1]) and rank_of(c) != n:
                t = self.marked(t, spoiled=1)
        else:
            t = play_round(self, t, s, PACK, R)
        phase = self.mark(t, "phase")
        faces = lie(self, t, [PACK] if phase in (GATHERING, TURNED) else [],
                    [i for i in range(PACK, W) if i != PACK or phase not in (GATHERING, TURNED)])
        return self._words_lie(faces)

    def _words_lie(self, t: Table) -> Table:
        """The last card of a finished word face up, the others face down."""
        down = list(t.down)
        for i, w in enumerate(t.piles[W:]):
            down[W + i] = len(w) - 1 if w and len(w) == len(WORDS[i]) else len(w)
        return replace(t, down=tuple(down))

    def won(self, state: Table) -> bool:
        return len(words(state)) == 13 and not word_open(state) and \
            not self.mark(state, "spoiled")

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return "the whole pack lies in order, ace to king"
        done = words(state)
        word, up = WORDS[len(done) - 1], RANK_WORDS[rank_of(done[-1][-1])]
        return f"the result is spoiled: {word} turned up a {up}"

    def public(self, state: Table) -> dict[str, Any]:
        phase = self.mark(state, "phase")
        out: dict[str, Any] = {"step": STEPS[phase]}
        n, spelled = spelling(state)
        if phase == SPELLING and n <= 13:
            w = WORDS[n - 1]
            out.update(word=w, spelled=w[:spelled])
        return out

    def say(self, state: Table, move: Move) -> str:
        if move.code == "g":
            k = sum(1 for p in state.piles[M:PACK] if p)
            if k == 4:
                return "take up the right-hand pile and put the 4 above it under it"
            return f"put pile {k} under the pack, and the {k if k > 1 else 'A'} above it " \
                "underneath"
        if move.code == "t":
            return "turn the pack over, backs toward you"
        if move.code == "r":
            return "lay thirteen cards in a row, face down"
        if move.code == "c":
            return place_said(self, state, {2: "second", 3: "third", 4: "fourth"}, "put")
        if move.code == "u":
            return "take up the piles from the left, each under the one before"
        n, i = spelling(state)
        w = WORDS[n - 1]
        last = i == len(w) - 1
        return f'spell "{w[i]}" of {w}: lay a card {"face up" if last else "face down"}'
