"""Machinery shared by group A's one-player packet games of Cheney's *Patience*.

Solitaire, Grandfathers, The Sultan, The Windmill and Salique Law have the same bones: a
face-down pack turned up one card at a time, families (foundations) built from it, and
rows of face-up piles (waste piles, tableau places, a divan, sails, king piles) whose top
cards feed the families. Each game module says what may go where; this module holds the
state, the move grammar, the zones and the sentences.

State (:class:`Table`, frozen): ``pack`` is face down with the next card *last*;
``turned`` is the card turned up from the pack and not yet placed (``NONE`` if none);
``found`` the families and ``piles`` the rows of piles, each bottom to top; ``waste`` a
single face-up stock pile (Sultan, Windmill); ``aside`` a row of cards laid aside for
good (Salique Law's queens); ``redeals`` how many re-deals were taken (counted by the
solo shell: :meth:`rules.solo.SoloGame.may_redeal`); ``privileges_used`` the names of the
privileges used (Grandfathers' ``three`` and ``draw``, Salique Law's ``draw``: counted by
the solo shell, :meth:`rules.solo.SoloGame.may_use_privilege`); ``used`` marks that a
game's standing rule keeps (La Loi Salique's kings given a card, Le Moulin's transfers).
``seed`` is kept for re-deals that shuffle (stream ``k`` for the
``k``-th re-deal) and never reaches a view.

Move grammar (context-free codes):

- ``t``: turn up the next card of the pack;
- ``<src>><dst>``: move one card. Sources: ``p`` (the turned card; when none is turned,
  the next card of the pack, unseen, as when a divan place is filled "by the next card
  from the pack"), ``w`` (the top of the stock), ``<letter><i>`` (the top of pile ``i``,
  the letter being the game's: ``w``, ``r``, ``d`` or ``k``), ``x<i>.<k>`` (a draw: the
  ``k``-th card from the bottom of pile ``i``). Destinations: ``f<j>`` (family ``j``),
  ``<letter><i>``, ``w``, ``q`` (the row of cards laid aside);
- ``redeal``, ``three``: the privileges of the games that have them.
"""

from __future__ import annotations

from abc import abstractmethod
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from .cards import Card, name
from .common import REDEAL, ordinal
from .game import Move, Seat, Zone
from .solo import SoloGame, reshuffle

NONE = -1
TURN = Move("t")


@dataclass(frozen=True, slots=True)
class Table:
    seed: int
    pack: tuple[Card, ...]
    turned: Card
    found: tuple[tuple[Card, ...], ...]
    piles: tuple[tuple[Card, ...], ...]
    waste: tuple[Card, ...] = ()
    aside: tuple[Card, ...] = ()
    redeals: int = 0
    used: tuple[str, ...] = ()
    privileges_used: tuple[str, ...] = ()


def _set(t: tuple[tuple[Card, ...], ...], i: int, v: tuple[Card, ...]
         ) -> tuple[tuple[Card, ...], ...]:
    return (*t[:i], v, *t[i + 1:])


class PacketGame(SoloGame[Table]):
    """A one-player packet game over a :class:`Table`; subclasses give the rules
    (``moves``, ``won``), this class plays them (``play``, ``say``, ``summary``), and
    :class:`~rules.solo.SoloGame` makes them a game: the memo, and the end when the game
    is won or no move is left."""

    #: The letter of the row of piles in move codes, and what one pile is called.
    pile_letter: ClassVar[str] = "w"
    pile_word: ClassVar[str] = "pile"
    stock_word: ClassVar[str] = "stock"
    aside_word: ClassVar[str] = "row of queens"
    #: Whether a re-deal takes up the piles (Solitaire) rather than the stock.
    redeal_piles: ClassVar[bool] = False
    #: Whether the table has a single stock pile ``w`` and a row laid aside ``q``.
    has_stock: ClassVar[bool] = False
    has_aside: ClassVar[bool] = False

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self._codes: dict[str, Move] = {}

    def _m(self, code: str) -> Move:
        """The (shared) move of ``code``."""
        m = self._codes.get(code)
        if m is None:
            m = self._codes[code] = Move(code)
        return m

    def pile_up(self, pile: tuple[Card, ...]) -> int:
        """How many cards of a pile show (all of them, unless a game hides some)."""
        return len(pile)

    # -- what subclasses give --------------------------------------------------------

    def found_name(self, j: int) -> str:
        """The name of family ``j`` (0-based)."""
        return f"family {j + 1}"

    def shuffle_redeal(self) -> bool:
        return False

    def redeal_cards(self, st: Table) -> tuple[Card, ...]:
        """The cards taken up at a re-deal, in the order they lie (first laid first): the
        stock, or when :attr:`redeal_piles` the piles one after another."""
        return tuple(c for p in st.piles for c in p) if self.redeal_piles else st.waste

    def special(self, st: Table, code: str) -> Table:
        raise ValueError(code)  # pragma: no cover - legal_moves never offers it

    # -- play ------------------------------------------------------------------------

    def summary(self, state: Table, won: bool) -> str:
        n = sum(len(f) for f in state.found)
        if won:
            return f"every family is complete ({n} cards)"
        return f"blocked with {n} cards on the families"

    def play(self, state: Table, move: Move) -> Table:
        code = move.code
        if code == "t":
            return replace(state, pack=state.pack[:-1], turned=state.pack[-1])
        if code == "redeal":
            return self.redeal(state)
        if ">" not in code:
            return self.special(state, code)
        src, dst = code.split(">")
        card, st = self.take(state, src)
        return self.put(st, dst, card)

    def take(self, st: Table, src: str) -> tuple[Card, Table]:
        if src == "p":
            if st.turned != NONE:
                return st.turned, replace(st, turned=NONE)
            return st.pack[-1], replace(st, pack=st.pack[:-1])
        if src == "w" and self.has_stock:
            return st.waste[-1], replace(st, waste=st.waste[:-1])
        if src[0] == "x":
            i_text, k_text = src[1:].split(".")
            i, k = int(i_text) - 1, int(k_text) - 1
            pile = st.piles[i]
            return pile[k], replace(st, piles=_set(st.piles, i, (*pile[:k], *pile[k + 1:])),
                                    privileges_used=self.use_privilege(st, "draw"))
        i = int(src[1:]) - 1
        pile = st.piles[i]
        return pile[-1], replace(st, piles=_set(st.piles, i, pile[:-1]))

    def put(self, st: Table, dst: str, card: Card) -> Table:
        head = dst[0]
        if head == "f":
            j = int(dst[1:]) - 1
            return replace(st, found=_set(st.found, j, (*st.found[j], card)))
        if dst == "w" and self.has_stock:
            return replace(st, waste=(*st.waste, card))
        if dst == "q":
            return replace(st, aside=(*st.aside, card))
        i = int(dst[1:]) - 1
        if i == len(st.piles):
            return replace(st, piles=(*st.piles, (card,)))
        return replace(st, piles=_set(st.piles, i, (*st.piles[i], card)))

    def redeal(self, st: Table) -> Table:
        cards = self.redeal_cards(st)
        n = self.redeal_number(st)
        if self.shuffle_redeal():
            pack = reshuffle(st.seed, n, cards)
        else:
            # the stock turned face down: the card laid first is the next to come
            pack = tuple(reversed(cards))
        if self.redeal_piles:
            return replace(st, pack=pack, piles=tuple(() for _ in st.piles), redeals=n)
        return replace(st, pack=pack, waste=(), redeals=n)

    # -- what the table shows --------------------------------------------------------

    def zones(self, state: Table) -> tuple[Zone, ...]:
        out = [
            Zone("pack", "stock", state.pack, 0, label="pack"),
            Zone("turned", "waste", () if state.turned == NONE else (state.turned,), 1,
                 label="card turned from the pack"),
        ]
        out += [Zone(f"f{j + 1}", "foundation", f, len(f), label=self.found_name(j),
                     group="families") for j, f in enumerate(state.found)]
        L = self.pile_letter
        out += [Zone(f"{L}{i + 1}", "pile", p, self.pile_up(p),
                     label=f"{self.pile_word} {i + 1}", group=f"{self.pile_word}s")
                for i, p in enumerate(state.piles)]
        if self.has_stock:
            out.append(Zone("w", "waste", state.waste, len(state.waste), label=self.stock_word))
        if self.has_aside:
            out.append(Zone("q", "reserve", state.aside, len(state.aside),
                            label=self.aside_word))
        return tuple(out)

    def public(self, state: Table) -> dict[str, Any]:
        return {
            "pack": len(state.pack),
            "on_families": sum(len(f) for f in state.found),
            **self.redeal_facts(state),
        }

    def place(self, st: Table, where: str) -> str:
        if where == "p":
            return "the turned card" if st.turned != NONE else "the next card of the pack"
        if where == "w" and self.has_stock:
            return f"the {self.stock_word}"
        if where == "q":
            return f"the {self.aside_word}"
        if where[0] == "f":
            return self.found_name(int(where[1:]) - 1)
        return f"{self.pile_word} {where[1:]}"

    def say(self, state: Table, move: Move) -> str:
        code = move.code
        if code == "t":
            return "turn up the next card of the pack"
        if code == "redeal":
            how = "shuffle it" if self.shuffle_redeal() else "turn it over"
            return f"take up the {self.stock_word}, {how} and use it as the pack"
        if ">" not in code:
            return self.describe_special(state, code)
        src, dst = code.split(">")
        to = self.place(state, dst)
        if src[0] == "x":
            i_text, k_text = src[1:].split(".")
            c = state.piles[int(i_text) - 1][int(k_text) - 1]
            return (f"draw {name(c)} ({ordinal(int(k_text))} card of {self.pile_word} "
                    f"{i_text}) and put it on {to}")
        if src == "p" and state.turned == NONE:
            return f"fill {to} with the next card of the pack"
        if src == "p":
            c = state.turned
        elif src == "w" and self.has_stock:
            c = state.waste[-1]
        else:
            c = state.piles[int(src[1:]) - 1][-1]
        frm = "" if src == "p" else f" from {self.place(state, src)}"
        return f"{name(c)}{frm} to {to}"

    def describe_special(self, state: Table, code: str) -> str:
        return code  # pragma: no cover

    def narrate(self, before: Table, move: Move, after: Table) -> str:
        """Like :meth:`describe`, naming the cards a move turned up."""
        code = move.code
        if code == "t":
            return f"turn up {name(after.turned)}"
        if code.startswith("p>") and before.turned == NONE:
            return (f"fill {self.place(before, code[2:])} with {name(before.pack[-1])} "
                    "from the pack")
        if code == "three":
            new = [name(p[0]) for p in after.piles[len(before.piles):]]
            return f"lay off {', '.join(new)} into new places"
        return self.describe(before, move)

    def why_illegal(self, state: Table, move: Move, seat: Seat) -> str:
        if state.turned != NONE and move.code == "t":
            return f"First place the turned card, {name(state.turned)}."
        return f"'{move.code}' is not a legal move now."


class ReserveGame(PacketGame):
    """A game with a reserve row (a divan, sails) kept full from a single stock pile or
    the pack, at the player's choice (The Sultan, The Windmill).

    An emptied reserve place must be filled before anything else is done, while the stock
    or the pack has a card; only the leftmost empty place is offered (the places are
    alike). Legal moves, in order: while a place is empty, ``w>d<i>`` then ``p>d<i>``;
    else the turned card's move if it is forced, or ``t`` | ``p>f<j>``, ``p>w``; then
    ``w>f<j>``, ``d<i>>f<j>`` by ascending ``i``, ``j``; then ``redeal``.
    """

    pile_letter = "d"
    has_stock = True

    @abstractmethod
    def wanted(self, st: Table) -> dict[int, list[int]]:
        """The families (0-based) that each :meth:`key` of a card may go on now."""

    def key(self, card: Card) -> int:
        """What the families look at in a card (here its rank and suit)."""
        return card & 63

    def forced(self, st: Table, card: Card) -> Move | None:
        """The only move of a turned card that must go to its place at once."""
        return None

    def _to_found(self, wanted: dict[int, list[int]], src: str, card: Card) -> list[Move]:
        return [self._m(f"{src}>f{j + 1}") for j in wanted.get(self.key(card), ())]

    def why_illegal(self, state: Table, move: Move, seat: Seat) -> str:
        hole = next((i for i, p in enumerate(state.piles) if not p), -1)
        if hole >= 0 and (state.waste or state.pack or state.turned != NONE):
            return (f"First fill {self.pile_word} {hole + 1} from the {self.stock_word} "
                    "or the pack.")
        return super().why_illegal(state, move, seat)

    def moves(self, st: Table) -> tuple[Move, ...]:
        m = self._m
        hole = next((i for i, p in enumerate(st.piles) if not p), -1)
        if hole >= 0 and (st.waste or st.pack or st.turned != NONE):
            out = [m(f"w>d{hole + 1}")] if st.waste else []
            if st.pack or st.turned != NONE:
                out.append(m(f"p>d{hole + 1}"))
            return tuple(out)
        out = []
        wanted = self.wanted(st)
        if st.turned != NONE:
            must = self.forced(st, st.turned)
            if must is not None:
                return (must,)
            out += self._to_found(wanted, "p", st.turned)
            out.append(m("p>w"))
        elif st.pack:
            out.append(TURN)
        if st.waste:
            out += self._to_found(wanted, "w", st.waste[-1])
        for i, p in enumerate(st.piles):
            if p:
                out += self._to_found(wanted, f"d{i + 1}", p[-1])
        if (st.turned == NONE and not st.pack and st.waste
                and self.may_redeal(st)):
            out.append(REDEAL)
        return tuple(out)


__all__ = ["NONE", "REDEAL", "TURN", "PacketGame", "ReserveGame", "Table"]
