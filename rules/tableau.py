"""Open-tableau machinery shared by Paternal, The Trios, The Egyptian and St. Helena.

Cheney's games of this group lay (nearly) every card face up in *piles*: only a pile's top
card is usable; it goes to a *family* (a foundation) or is *married* onto another pile's
top card; some games allow a card into an empty pile, grant one *draw* of a buried card,
re-deal the piles shuffled, or deal the pack out in rounds. A game module subclasses
:class:`TableauGame`, lays out its cards, and answers a few questions (which family takes
this card, may this card marry that pile, may it go into that space).

State: :class:`TabState`, frozen, tuples inside. Piles are bottom to top, all face up;
the undealt pack (``stock``) is face down, its next card on top.

Move codes (context-free; pile and family codes are the game's own):

- ``<p>><k>``: the top of pile ``p`` to a family of kind ``k`` (``3>f``; St. Helena has
  ``a`` for the ascending families and ``k`` for the descending ones; La Belle Lucie
  with ace and king foundations has ``f<j>`` for the other foundation that takes the
  card when two do, ``3>f`` keeping the one it always named);
- ``<p>><q>``: the top of pile ``p`` onto pile ``q`` (a marriage, or into a space);
- ``d<card>><k>`` / ``d<card>><q>``: the draw: a buried card (``d7h>f``, ``d7h>5``);
- ``deal``: deal from the pack; ``redeal``: take up the piles, shuffle, lay them again
  (the cards taken up are sorted, then shuffled with the re-deal's own stream
  ``Rng.from_seed(seed, stream=k)``, :func:`rules.solo.reshuffle`);
- ``end``: give up ("no more moves"); the game counts as lost.

Legal moves are listed in this order: for each pile in the game's pile order, its top to
each kind of family, then onto each other pile in pile order; then the draws (piles in
order, each pile's buried cards bottom to top, families before piles); ``deal``;
``redeal``; ``end`` last.

Termination of play, random or not: ``end`` is always offered, and a pile-to-pile move
may not put back the card that the previous move carried, onto the pile it came from
(that move only restores the position before, which undo does better). A move after
which no move but ``end`` is left ends the game, lost. A deal is never over before its
first move (the table shows every new deal as playing): a laying that allows nothing
offers ``end`` alone.

:class:`TableauGame` is a :class:`rules.solo.SoloGame`: the solo shell's memo, its end
(no legal move left) and its ``end`` (giving up, kept in the state's ``given_up``) are
these games' too. What it adds is the ``status`` kept in the state: a move is settled as
it is played (won, or lost when nothing but ``end`` is left), and while the status is
``play`` the legal moves are the real ones and then ``end``, so the shell sees no move
left exactly when the status says the game is over. The table shows the status
``ended`` for a game given up. The re-deal's shuffle is :func:`rules.solo.reshuffle`.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from .cards import SUIT_SYMBOLS, Card, code, name, parse, rank_of, suit_of
from .common import END, REDEAL
from .game import Move, Seat, Zone
from .solo import SoloGame, replace_at, reshuffle

#: ``TabState.status``; ``ENDED`` is what the table shows of a game given up.
PLAY, WON, LOST, ENDED = "play", "won", "lost", "ended"
DEAL = Move("deal")
#: ``TabState.last`` when the previous move was not a pile-to-pile move.
NO_LAST = (-1, -1, -1)


@dataclass(frozen=True, slots=True)
class TabState:
    piles: tuple[tuple[Card, ...], ...]
    #: The families, bottom to top, in the game's family order.
    found: tuple[tuple[Card, ...], ...]
    #: The undealt pack, face down, the next card to deal last.
    stock: tuple[Card, ...] = ()
    #: Re-deals made so far.
    redeals: int = 0
    #: The privileges used (the solo shell's count: ``draw``, in a game that grants it).
    privileges_used: tuple[str, ...] = ()
    #: (card, from pile, to pile) of the previous move when it went pile to pile.
    last: tuple[int, int, int] = NO_LAST
    #: Cards dealt from the pack in this distribution (which pile takes the next one).
    dealt: int = 0
    status: str = PLAY
    #: The deal number: re-deal ``k`` shuffles with ``Rng.from_seed(seed, stream=k)``.
    seed: int = 0
    #: The player has given up (``end``).
    given_up: bool = False


def in_piles(cards: tuple[Card, ...], sizes: tuple[int, ...]) -> tuple[tuple[Card, ...], ...]:
    """Lay ``cards`` in order into piles of the given sizes (first card at the bottom)."""
    out, at = [], 0
    for n in sizes:
        out.append(cards[at : at + n])
        at += n
    return tuple(out)


def threes(cards: tuple[Card, ...], piles: int) -> tuple[tuple[Card, ...], ...]:
    """``cards`` in piles of three (the last may be short), padded with empty piles."""
    out = [cards[i : i + 3] for i in range(0, len(cards), 3)]
    return tuple(out) + ((),) * (piles - len(out))


class TableauGame(SoloGame[TabState]):
    """The shared shell of the open-tableau games; subclasses set the codes and answer
    the hooks."""

    #: Pile codes, in legal-move order, and their labels.
    pile_codes: tuple[str, ...] = ()
    pile_labels: tuple[str, ...] = ()
    #: Family kinds (codes after ``>``) and the family labels.
    found_kinds: tuple[str, ...] = ("f",)
    found_labels: tuple[str, ...] = tuple(f"{s} family" for s in SUIT_SYMBOLS)
    #: Whether the game has a pack to deal. How many re-deals it allows is the shell's
    #: (:meth:`rules.solo.SoloGame.max_redeals`), and so is its one draw (the privilege
    #: ``draw``: :meth:`rules.solo.SoloGame.max_privileges`).
    has_stock: bool = False

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self.configure()
        self._pile_index = {c: i for i, c in enumerate(self.pile_codes)}
        self._total = len(self.pack())

    def configure(self) -> None:
        """Read the options into attributes (after ``Game.__init__``)."""

    # -- hooks -------------------------------------------------------------------------

    def found_for(self, st: TabState, c: Card, kind: str) -> int:
        """The family of ``kind`` that takes ``c`` now, or -1. Default: one family per
        suit (in suit order), built up from the ace."""
        s = suit_of(c)
        return s if len(st.found[s]) == rank_of(c) - 1 else -1

    def may_use(self, st: TabState, pile: int, kind: str) -> bool:
        """Whether the top of ``pile`` may go to a family of ``kind`` at all."""
        return True

    def marries(self, st: TabState, c: Card, dst: int) -> bool:
        """Whether ``c`` may go onto the (non-empty) pile ``dst``."""
        raise NotImplementedError

    def marriage_index(self, st: TabState) -> dict[int, list[int]] | None:
        """Optionally, where each card may be married at ``st``: the card's identity
        (``card & 63``) -> the non-empty piles (ascending) whose top takes it, the same
        answers as :meth:`marries`. A game with many piles gives it so that the legal
        moves are found by lookup instead of trying every pair of piles. Default: none."""
        return None

    def takes_space(self, st: TabState, src: int, dst: int) -> bool:
        """Whether the empty pile ``dst`` takes the top of ``src``. Default: never."""
        return False

    def relay(self, st: TabState, cards: tuple[Card, ...]) -> TabState:
        """Lay ``cards`` (shuffled) out again for a re-deal; ``st.redeals`` is counted."""
        raise NotImplementedError

    def deal_next(self, st: TabState) -> TabState:
        """Deal from the pack (games with ``has_stock``)."""
        raise NotImplementedError

    def can_redeal(self, st: TabState) -> bool:
        return self.may_redeal(st) and not st.stock

    def public_extra(self, st: TabState) -> dict[str, Any]:
        return {}

    # -- the game ----------------------------------------------------------------------

    def moves(self, state: TabState) -> tuple[Move, ...]:
        if state.status != PLAY:
            return ()
        return (*(Move(m) for m in self.codes(state)), END)

    def won(self, state: TabState) -> bool:
        return state.status == WON

    def codes(self, st: TabState) -> Iterator[str]:
        """Every move but ``end``, as codes, in the documented order."""
        piles, codes = st.piles, self.pile_codes
        lc, lsrc, ldst = st.last
        index = self.marriage_index(st)
        spaces = [j for j, q in enumerate(piles) if not q] \
            if type(self).takes_space is not TableauGame.takes_space else []
        for i, p in enumerate(piles):
            if not p:
                continue
            c = p[-1]
            for kind in self.found_kinds:
                if self.may_use(st, i, kind) and self.found_for(st, c, kind) >= 0:
                    yield f"{codes[i]}>{kind}"
            if index is None:
                targets: Iterable[int] = (
                    j for j, q in enumerate(piles)
                    if (self.marries(st, c, j) if q else self.takes_space(st, i, j)))
            else:
                found = index.get(c & 63, [])
                into = [j for j in spaces if self.takes_space(st, i, j)]
                targets = sorted(found + into) if into else found
            for j in targets:
                if j == i or (c == lc and i == ldst and j == lsrc):
                    continue
                yield f"{codes[i]}>{codes[j]}"
        if self.may_use_privilege(st, "draw"):
            for p in piles:
                for c in p[:-1]:
                    d = "d" + code(c).lower()
                    for kind in self.found_kinds:
                        if self.found_for(st, c, kind) >= 0:
                            yield f"{d}>{kind}"
                    for j, q in enumerate(piles):
                        if q and self.marries(st, c, j):
                            yield f"{d}>{codes[j]}"
        if st.stock:
            yield "deal"
        if self.can_redeal(st):
            yield "redeal"

    def family_safe(self, st: TabState) -> tuple[Move, ...]:
        """A pile's top card to its family, when that can lose nothing (the first such
        pile in pile order), in a one-pack game with one kind of family.

        Safe when no card left on the table may ever be married onto it (asked with
        the card alone on its pile, where a game's marriage rule is most lenient), the
        pack is dealt out and no re-deal is left. Then a winning line that leaves the
        card where it lies plays the same moves after it has gone home: nothing was
        ever put on it, the card under it is free sooner, and no deal or re-deal hangs
        on where it lay; the card itself only waited for its family (a one-pack game:
        it has one). A re-deal shuffles the cards left on the table, so while one is
        left the set of those cards decides the shuffle, and nothing is declared safe.
        """
        if (st.status != PLAY or st.given_up or self.packs != 1 or len(self.found_kinds) != 1
                or st.stock or self.may_redeal(st)):
            return ()
        kind = self.found_kinds[0]
        table = [c for p in st.piles for c in p]
        for i, p in enumerate(st.piles):
            if not p:
                continue
            c = p[-1]
            if not self.may_use(st, i, kind) or self.found_for(st, c, kind) < 0:
                continue
            alone = replace(st, piles=replace_at(st.piles, i, (c,)))
            if not any(d != c and self.marries(alone, d, i) for d in table):
                return (Move(f"{self.pile_codes[i]}>{kind}"),)
        return ()

    def solver_key(self, st: TabState) -> Hashable:
        """For the solver (rules/solver.py): the position without ``last``. The one move
        ``last`` forbids only leads to the position before, which the search entered
        first, so positions that differ only in it are one."""
        return replace(st, last=NO_LAST) if st.last != NO_LAST else st

    def irreversible(self, before: TabState, move: Move, after: TabState) -> bool:
        # A re-deal shows a new shuffle: taking it back would let the player look and
        # re-deal from another position.
        return move == REDEAL

    def why_illegal(self, state: TabState, move: Move, seat: Seat) -> str:
        lc, lsrc, ldst = state.last
        if lc >= 0 and move.code == f"{self.pile_codes[ldst]}>{self.pile_codes[lsrc]}":
            return f"{name(lc)} has just come from there: putting it back only undoes " \
                "the last move (use undo)."
        return super().why_illegal(state, move, seat)

    def play(self, state: TabState, move: Move) -> TabState:
        st, m = state, move.code
        if m == "deal":
            st = replace(self.deal_next(st), last=NO_LAST)
        elif m == "redeal":
            # Sorted first: the shuffle then hangs on which cards are left, not on how
            # they lie, so taking a re-deal back and re-arranging the piles buys no
            # second look at the shuffle (a re-deal that leaves everything face up is
            # not a reveal, and may be undone).
            cards = tuple(sorted(c for p in st.piles for c in p))
            k = self.redeal_number(st)
            st = self.relay(replace(st, redeals=k, last=NO_LAST), reshuffle(st.seed, k, cards))
        else:
            st = self._move(st, m)
        return self.settle(st)

    def _move(self, st: TabState, m: str) -> TabState:
        src, dst = m.split(">")
        piles = list(st.piles)
        drawn = src not in self._pile_index
        if drawn:
            c = parse(src[1:])
            i = next(k for k, p in enumerate(piles) if c in p)
            piles[i] = tuple(x for x in piles[i] if x != c)
        else:
            i = self._pile_index[src]
            c = piles[i][-1]
            piles[i] = piles[i][:-1]
        if dst in self.found_kinds:
            f = self.found_for(st, c, dst)
            found = list(st.found)
            found[f] += (c,)
            used = self.use_privilege(st, "draw") if drawn else st.privileges_used
            return replace(st, piles=tuple(piles), found=tuple(found), last=NO_LAST,
                           privileges_used=used)
        j = self._pile_index[dst]
        piles[j] += (c,)
        if drawn:
            return replace(st, piles=tuple(piles), last=NO_LAST,
                           privileges_used=self.use_privilege(st, "draw"))
        return replace(st, piles=tuple(piles), last=(c, i, j))

    def settle(self, st: TabState) -> TabState:
        """Won when every card is on a family; lost when no move is left."""
        if sum(len(f) for f in st.found) == self._total:
            return replace(st, status=WON)
        if next(self.codes(st), None) is None:
            return replace(st, status=LOST)
        return st

    def summary(self, state: TabState, won: bool) -> str:
        n = sum(len(f) for f in state.found)
        if won:
            return f"all {n} cards are on the families"
        why = "given up" if state.given_up else "no move is left"
        return f"{n} of {self._total} cards on the families; {why}"

    # -- what the table shows ----------------------------------------------------------

    def zones(self, state: TabState) -> tuple[Zone, ...]:
        out = [Zone(f"p{c}", "pile", p, len(p), label=lab, group="tableau")
               for c, p, lab in zip(self.pile_codes, state.piles, self.pile_labels,
                                    strict=True)]
        out += [Zone(f"f{i + 1}", "foundation", f, len(f), label=lab, group="families")
                for i, (f, lab) in enumerate(zip(state.found, self.found_labels, strict=True))]
        if self.has_stock:
            out.append(Zone("pack", "stock", state.stock, 0, label="the pack", group="pack"))
        return tuple(out)

    def public(self, state: TabState) -> dict[str, Any]:
        out: dict[str, Any] = {
            "status": ENDED if state.given_up else state.status,
            "on_families": sum(len(f) for f in state.found),
        }
        out.update(self.redeal_facts(state))
        out.update(self.privilege_facts(state))
        if self.has_stock:
            out["pack"] = len(state.stock)
        out.update(self.public_extra(state))
        return out

    def say(self, state: TabState, move: Move) -> str:
        m = move.code
        if m == "deal":
            return self.describe_deal(state)
        if m == "redeal":
            return "take up the piles, shuffle them and lay them out again " \
                f"{self.redeal_of(state)}"
        src, dst = m.split(">")
        drawn = src not in self._pile_index
        if drawn:
            c = parse(src[1:])
            i = next(k for k, p in enumerate(state.piles) if c in p)
            what = f"draw {name(c)} from under the top of {self.pile_labels[i]}"
        else:
            i = self._pile_index[src]
            c = state.piles[i][-1]
            what = f"{name(c)} from {self.pile_labels[i]}"
        if dst in self.found_kinds:
            fam = self.found_labels[self.found_for(state, c, dst)]
            return f"{what} and play it to the {fam}" if drawn else f"play {what} to the {fam}"
        j = self._pile_index[dst]
        q = state.piles[j]
        if q:
            onto = f"onto {name(q[-1])} on {self.pile_labels[j]}"
            return f"{what} and marry it {onto}" if drawn else f"marry {what} {onto}"
        return f"move {what} into the empty {self.pile_labels[j]}"

    def narrate(self, before: TabState, move: Move, after: TabState) -> str:
        """The move's sentence alone: a deal's cards lie face up on the table for all to
        see, and these games have never named them again here."""
        return self.describe(before, move)

    def describe_deal(self, state: TabState) -> str:
        return "deal from the pack"


__all__ = [
    "DEAL", "END", "ENDED", "LOST", "NO_LAST", "PLAY", "REDEAL", "WON", "TabState",
    "TableauGame", "in_piles", "threes",
]
