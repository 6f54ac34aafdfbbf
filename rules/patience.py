"""One way to write a patience: the table is its piles, and every move says where it goes.

A position is a :class:`Table`: every pile of the game, each an ordered run of cards
(bottom first) of which the bottom ``down`` lie face down, plus the few counters every
patience shares, one name each: ``redeals`` (re-deals taken), ``turns`` (times the waste
was turned over to be the stock again), ``privileges_used`` (one name per use),
``given_up``, ``played`` (a card was moved since the stock was last turned), ``back``
(the last move, which may not be answered by the move that only puts it straight back)
and ``seed`` (the deal's, in a game that shuffles again); and ``own``, the few counters
a game keeps of its own, by the names it declares (``marks``: Old Stager's places laid).

A game (a :class:`Patience`) declares

- its piles: :meth:`Patience.lay_piles`, one :class:`Pile` each (zone id, kind, label,
  group, which way its cards lie, whether a card left face down on top turns up at once);
  the zones, what each audience sees and the hidden cards follow from them;
- how the deal fills them: ``layout`` returns :meth:`Patience.table` of cards by pile;
- its rules: :meth:`Patience.steps`, the legal moves as :class:`Step` values (a code,
  a kind, the pile left, the pile reached, how many cards, which card), built from the
  shared predicates of :mod:`rules.building`; a step the model cannot play by itself
  (a re-deal, a privilege) is played by :meth:`Patience.special`;
- its words: :meth:`~rules.solo.SoloGame.say`, and the few class attributes below
  (``home_words``, ``stuck_words``, ``facts``).

What every patience shares is written here once: playing a step (cards leave their pile
and reach the other, dealt one by one face up or turned over face down, the new top card
of a column turned up), the zones, the public facts by declaration, won when every card is
home (on the piles of kind ``foundation``), the summary, no straight-back move, the
solver's key, the hidden cards a hint may deal again, and each move's
:class:`~rules.shape.Shape`. Give up, re-deal and privilege counts, ``auto``, the memo
and the end when no move is left are :class:`rules.solo.SoloGame`'s, which this extends.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from .building import Fits
from .building import safe_home as safe_of
from .cards import Card
from .cards import name as card_name
from .common import END
from .game import Audience, Move, Seat, Zone
from .shape import DEAL, MOVE, PAIR, REDEAL, TURN, Shape
from .solo import SoloGame, names_of, shuffled_pack

#: How a pile's cards lie: every card face up (a family, a waste, cards laid out open);
#: every card face down (a stock); or face down below and face up above (a column).
UP, DOWN, COLUMN = "up", "down", "column"
#: Only the top card face up, whatever is laid on it (the old strict rule of not looking
#: beneath a pile's top card: Cheney's Solitaire; a squared pile: Fooliana's Fool).
TOP = "top"
#: The kind of pile that holds the cards home (won when they hold every card).
FOUNDATION = "foundation"
#: The kind of pile that takes the cards paired off (the first such pile does).
DISCARD = "discard"
Cards = tuple[Card, ...]
#: Each move code's :class:`Move`, made once (moves are values; the solver asks for the
#: legal moves of every position it searches).
_MOVES: dict[str, Move] = {}


@dataclass(frozen=True, slots=True)
class Pile:
    """One pile of a game's table, as declared: what the table shows of it (``id``,
    ``kind``, ``label``, ``group``: its zone), how its cards lie (``face``), and whether
    a face-down card left on top is turned up at once (``turn_up``)."""

    id: str
    kind: str
    label: str
    group: str = ""
    face: str = UP
    turn_up: bool = False
    owner: Seat | None = None
    private: bool = False
    #: Piles with the same non-empty ``alike`` are alike: the rules treat each the same
    #: (a space is a space, whichever column it is), so the solver counts positions
    #: that differ only in their order as one (:meth:`Patience.solver_key`).
    alike: str = ""
    #: What the pile's zone says while the pile is empty: how many places it shows face
    #: up (``up``). Nothing is seen either way; a place for one face-up card, or a squared
    #: pile showing its top (Fooliana's Fool and stock), has always said 1 there, which
    #: the pinned tables hold.
    empty_up: int = 0


@dataclass(frozen=True, slots=True)
class Table:
    """A patience position: the cards of each declared pile (bottom first) and how many
    of them lie face down at the bottom, and the shared counters."""

    piles: tuple[Cards, ...]
    down: tuple[int, ...]
    redeals: int = 0
    turns: int = 0
    privileges_used: tuple[str, ...] = ()
    given_up: bool = False
    played: bool = False
    #: ``(source, target, count)`` of the last move, when the game forbids its reverse.
    back: tuple[int, int, int] | None = None
    #: The game's own counters (:attr:`Patience.marks` names them; a flag is 0 or 1).
    #: Never a card: a card the game must remember lies in a pile, where the zones and
    #: so every audience's view and every hint see it.
    own: tuple[int, ...] = ()
    #: The deal's seed, in a game that shuffles again (re-deal ``k`` shuffles with its
    #: sub-stream ``k``, :func:`rules.solo.reshuffle`); a hint's sample replaces it.
    seed: int = 0

    def top(self, i: int) -> Card | None:
        p = self.piles[i]
        return p[-1] if p else None

    def face_up(self, i: int) -> Cards:
        """Pile ``i``'s face-up cards, bottom first."""
        return self.piles[i][self.down[i]:]

    def home(self, found: Sequence[int]) -> int:
        return sum(len(self.piles[i]) for i in found)


@dataclass(frozen=True, slots=True)
class Step:
    """One legal move as the model plays it.

    ``count`` cards leave pile ``source`` (from index ``at``, the top ``count`` when
    ``at`` is ``None``) for pile ``target``. By ``kind``: a ``move`` keeps their order; a
    ``deal`` deals them one by one (so the last taken lies on top), a ``turn`` turns the
    packet over (the same order as a deal); either reaches the target lying as that pile
    lies. A ``pair`` pairs off the top cards of ``source`` and ``target`` (both go to
    the game's discard pile). A ``redeal`` takes the source's cards up and lays them on
    the target (:meth:`Patience.take_up`), counted. Any other kind (a ``privilege``, a
    re-deal that lays a new table) is the game's :meth:`Patience.special`, and
    ``source``/``target`` only say where it points. A move or deal that uses a counted
    privilege names it in ``uses`` (The Egyptian's and Paternal's draw of a buried card),
    and the model counts it (:meth:`rules.solo.SoloGame.use_privilege`)."""

    code: str
    kind: str = MOVE
    source: int = -1
    target: int = -1
    count: int = 1
    at: int | None = None
    uses: str = ""
    #: The cards go under the target pile, at its bottom, not on its top (Wandering
    #: Card's card put under the pile of its number); they lie as that pile's bottom
    #: cards lie (a column's face-down bottom takes them face down).
    under: bool = False
    #: The target was found from the cards moved themselves (Corners deals a card of
    #: the base rank to a corner, any other to the waste): a shape names it only to an
    #: audience that sees those cards, else it would tell them before they are turned.
    by_card: bool = False

    def taken(self, t: Table) -> slice:
        n = len(t.piles[self.source])
        start = n - self.count if self.at is None else self.at
        return slice(start, start + self.count)

    def from_top(self, t: Table) -> bool:
        """Whether the step takes its source's top cards: only such a move can be put
        straight back by the move of the top cards it leaves (``no_straight_back``)."""
        return self.at is None or self.at + self.count == len(t.piles[self.source])


Fact = Callable[["Patience", Table], Any]


def HOME(game: Patience, t: Table) -> int:
    """Cards home (on the foundations)."""
    return t.home(game.foundations)


def FACE_DOWN(game: Patience, t: Table) -> int:
    """Face-down cards on piles that are not a stock."""
    return sum(d for d, p in zip(t.down, game.pile_specs, strict=True) if p.face != DOWN)


def PASS(game: Patience, t: Table) -> int:
    """The pass through the stock under way (1 for the first)."""
    return t.turns + 1


def SHELL(game: Patience, t: Table) -> None:
    """A place among a game's facts for the shell's fact of the same name
    (``redeals_left``, ``privileges_left``): it stands there, where the game has it, and
    is left out where the game has none (an option that allows no re-deal)."""


def size(pile_id: str) -> Fact:
    """The number of cards in pile ``pile_id``."""
    def count(game: Patience, t: Table) -> int:
        return len(t.piles[game.index[pile_id]])
    return count


def empties(kind: str) -> Fact:
    """The number of empty piles of kind ``kind`` (The Square's vacancies)."""
    def count(game: Patience, t: Table) -> int:
        return sum(not p for p, spec in zip(t.piles, game.pile_specs, strict=True)
                   if spec.kind == kind)
    return count


class Patience(SoloGame[Table]):
    """A one-player patience on the model (see the module doc)."""

    #: The public facts, in order: their names (the table's words) and what each counts.
    facts: ClassVar[tuple[tuple[str, Fact], ...]] = ()
    #: The kinds of pile that hold the cards home (a game of pairs: ``("discard",)``).
    home_kinds: ClassVar[tuple[str, ...]] = (FOUNDATION,)
    #: The end of the summary: "all 52 cards <home_words>", "...; <stuck_words>".
    home_words: ClassVar[str] = "in the families"
    stuck_words: ClassVar[str] = "no move is left"
    #: The end of a won game's summary, "all 52 cards <won_words>" (default: home_words).
    won_words: ClassVar[str] = ""
    #: A won game's whole summary, where the book says the win in its own words (else
    #: "all 52 cards <won_words>").
    won_said: ClassVar[str] = ""
    #: Whether a move may not be answered by the move that only puts it straight back.
    no_straight_back: ClassVar[bool] = False
    #: Whether the player may give up (``end``) at all: not in a game whose cards only
    #: go forward, which ends by itself (see :meth:`offers_end` for a rule of when).
    gives_up: ClassVar[bool] = True
    #: Whether a deal is never over before its first move: a laying (or a position
    #: built by hand) that allows no move offers ``end`` alone until a card is played
    #: (``Table.played``), where the game would otherwise be over at once.
    end_at_deal: ClassVar[bool] = False
    #: Whether the solver must tell positions apart by ``turns`` (no: a game whose
    #: passes are not counted, only whether a card was played in this one).
    turns_count: ClassVar[bool] = True
    #: Whether the solver must tell positions apart by ``played`` (no: a game whose
    #: stock may be turned over again whether or not a card was played; set per table).
    played_counts: bool = True
    #: Whether :meth:`restrict_moves` leaves out only moves that a proof shows are never
    #: needed (set per table where the game's rules give one): then a restricted search
    #: that finds no win proves the position lost, and :mod:`rules.solver` gives it the
    #: whole budget with no full search after.
    restriction_proven: bool = False
    #: The names of the game's own counters, kept in :attr:`Table.own` (see :meth:`mark`).
    marks: ClassVar[tuple[str, ...]] = ()
    #: Whether undo stops at a ``redeal`` step: a re-deal that shows a new shuffle
    #: (taking it back would let the player look and re-deal from another position). A
    #: re-deal that takes the cards up (:attr:`redeal_takes_up`) stops it only when it
    #: :meth:`shuffles`; one the game lays itself (:meth:`special`), always.
    irreversible_redeals: ClassVar[bool] = False
    #: Whether a ``redeal`` step is :meth:`take_up` (the source's cards laid again on the
    #: target); a game whose re-deal lays a whole new table plays it in :meth:`special`.
    redeal_takes_up: ClassVar[bool] = True
    #: The code of the move that turns the pack's next card face up (a ``deal`` step):
    #: said :attr:`turn_said` and told "turn up <card>" (once turned the card is face
    #: up, so fair to name); "" where the game says its turn as any other move.
    turn_up: ClassVar[str] = ""
    #: What the ``turn_up`` move says.
    turn_said: ClassVar[str] = "turn the next card of the pack"
    #: The steps of the last position asked about (see :meth:`_steps`).
    _step_memo: tuple[Table, dict[str, Step], tuple[Step, ...]] | None = None

    def __init__(self, options: Mapping[str, object] | None = None) -> None:
        super().__init__(options)
        self.pile_specs = self.lay_piles()
        self.index = {p.id: i for i, p in enumerate(self.pile_specs)}
        self.foundations = tuple(i for i, p in enumerate(self.pile_specs)
                                 if p.kind in self.home_kinds)
        names = dict.fromkeys(p.alike for p in self.pile_specs if p.alike)
        self.alike = tuple(tuple(i for i, p in enumerate(self.pile_specs) if p.alike == n)
                           for n in names)
        discards = [i for i, p in enumerate(self.pile_specs) if p.kind == DISCARD]
        self.discard = discards[0] if discards else -1
        self.total = len(self.pack())
        #: Whether every card and pile length fits a byte (the compact solver key).
        self._byte_key = self.total < 256 and max(self.pack(), default=0) < 256

    # -- what a game declares ------------------------------------------------------

    def lay_piles(self) -> tuple[Pile, ...]:
        """The game's piles, in the order the table shows them."""
        raise NotImplementedError

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        """The deal laid out; by default nothing is laid yet: every card lies face down
        on the pile ``pack``, the first to be dealt on top."""
        return self.table({"pack": cards[::-1]})

    def steps(self, t: Table) -> Sequence[Step]:
        """The legal moves but ``end`` and ``auto``, in the game's documented order."""
        raise NotImplementedError

    def offers_end(self, t: Table) -> bool:
        """Whether the player may give up here (``end``, offered after every other
        move); default: always (so that random play ends), in a game that :attr:`gives_up`."""
        return self.gives_up

    def special(self, t: Table, step: Step) -> Table:
        """Play a step of a kind the model does not play by itself."""
        raise NotImplementedError(step.kind)

    def table(self, cards: Mapping[str, Sequence[Card]],
              down: Mapping[str, int] | None = None) -> Table:
        """A table with ``cards`` on the piles they name (bottom first; the others
        empty); a stock's cards lie face down, a column's ``down[id]`` bottom ones."""
        piles = tuple(tuple(cards.get(p.id, ())) for p in self.pile_specs)
        given = down or {}
        return Table(piles, tuple(
            len(c) if p.face == DOWN else given.get(p.id, 0) if p.face == COLUMN else
            max(len(c) - 1, 0) if p.face == TOP else 0
            for p, c in zip(self.pile_specs, piles, strict=True)))

    def turn_or_redeal(self, t: Table, pack: int, stock: int, deal: str = "s",
                       redeal: str = "redeal") -> list[Step]:
        """The next card of pile ``pack`` turned onto pile ``stock`` (step ``deal``); the
        pack out, the stock taken up to be the pack again (step ``redeal``, a counted
        re-deal) while one is left."""
        if t.piles[pack]:
            return [Step(deal, DEAL, pack, stock)]
        if t.piles[stock] and self.may_redeal(t):
            return [Step(redeal, REDEAL, stock, pack, len(t.piles[stock]))]
        return []

    def deal_across(self, t: Table, source: int, targets: Sequence[int]) -> Table:
        """A row dealt: the top card of pile ``source`` onto each of ``targets`` in turn,
        lying as that pile lies, while ``source`` lasts (Rank and File's next row, its
        spaces filled from the pack). Like a ``deal`` step, it is no straight-back move
        and leaves ``played`` as it was; a game plays it for a ``deal`` step whose cards
        reach more than one pile (the step's ``target`` names the first)."""
        piles, down = list(t.piles), list(t.down)
        for i in targets:
            if not piles[source]:
                break
            c = piles[source][-1]
            piles[source] = piles[source][:-1]
            piles[i] = (*piles[i], c)
            if self.pile_specs[i].face == DOWN:
                down[i] += 1
            elif self.pile_specs[i].face == TOP:
                down[i] = len(piles[i]) - 1
        down[source] = self._down_after(source, piles[source], down[source])
        return replace(t, piles=tuple(piles), down=tuple(down), back=None)

    def mark(self, t: Table, name: str) -> int:
        """The game's own counter ``name`` (0 before it is first set)."""
        k = self.marks.index(name)
        return t.own[k] if k < len(t.own) else 0

    def marked(self, t: Table, **values: int) -> Table:
        """``t`` with the game's own counters set to ``values``."""
        own = [self.mark(t, n) for n in self.marks]
        for name, v in values.items():
            own[self.marks.index(name)] = int(v)
        return replace(t, own=tuple(own))

    def pile(self, t: Table, pile_id: str) -> Cards:
        """The cards of the pile named ``pile_id``, bottom first."""
        return t.piles[self.index[pile_id]]

    def safe_home(self, t: Table, candidates: Sequence[tuple[str, Card]], fits: Fits
                  ) -> tuple[Move, ...]:
        """Those of ``candidates`` (a code playing a card home, and the card) that are
        legal here and that no card off the families of this game's pack may ever be
        married onto by ``fits`` (:func:`rules.building.safe_home`, which says why that
        is safe and when): for a game's :meth:`~rules.solo.SoloGame.family_safe`."""
        return safe_of(self.legal_moves(t, 0), candidates, self.pack(), self.families(t),
                       fits)

    def families(self, t: Table) -> tuple[Cards, ...]:
        """The foundation piles' cards, in pile order."""
        return tuple(t.piles[i] for i in self.foundations)

    # -- play ------------------------------------------------------------------------

    def _steps(self, t: Table) -> dict[str, Step]:
        return self._stepped(t)[1]

    def _stepped(self, t: Table) -> tuple[Table, dict[str, Step], tuple[Step, ...]]:
        """``t``, its legal steps by code, and the steps it forbids as straight back.
        A one-entry memo, like SoloGame._legal's (and as safe: see there): moves, play
        and shape ask about the same position in turn."""
        memo = self._step_memo
        if memo is not None and memo[0] is t:
            return memo
        found = self.steps(t)
        back: tuple[Step, ...] = ()
        if self.no_straight_back and t.back is not None:
            back = tuple(s for s in found if self._straight_back(t, s))
            if back:
                found = [s for s in found if s not in back]
        memo = self._step_memo = (t, {s.code: s for s in found}, back)
        return memo

    def solver_memo(self, t: Table) -> tuple[Table, dict[str, Step], tuple[Step, ...]]:
        """What the solver keeps of a position whose moves it plays one by one, each
        after the whole search below the last (:mod:`rules.solver`): its steps, given
        back by :meth:`solver_recall` before each move, so that they are not made again
        after every child."""
        return self._stepped(t)

    def solver_recall(self, memo: tuple[Table, dict[str, Step], tuple[Step, ...]]) -> None:
        """Put back a position's steps kept by :meth:`solver_memo` (the memo checks the
        table itself, so a memo put back for another table is only a miss)."""
        self._step_memo = memo

    def _straight_back(self, t: Table, s: Step) -> bool:
        """Whether step ``s`` only puts the last move's cards back where they were."""
        if t.back is None or not s.from_top(t):
            return False
        src, dst, n = t.back
        return (s.source, s.target, s.count) == (dst, src, n)

    def straight_back_positions(self, t: Table) -> tuple[Table, ...]:
        """Where the moves ``t`` forbids as straight back (``no_straight_back``) would
        lead: the solver's key leaves ``back`` out, so it asks (:mod:`rules.solver`)."""
        if not self.no_straight_back or t.back is None:
            return ()
        memo = self._stepped(t)
        if not memo[2]:
            return ()
        free = replace(t, back=None)
        made = _MOVES
        out = tuple(self.apply_unchecked(free, made.get(s.code) or Move(s.code))
                    for s in memo[2])
        self._step_memo = memo  # the table searched next is t, not free
        return out

    def step(self, t: Table, move: Move) -> Step:
        """The step of legal ``move`` (not ``end`` or ``auto``)."""
        return self._steps(t)[move.code]

    def moves(self, state: Table) -> tuple[Move, ...]:
        steps = self._steps(state)
        made = _MOVES
        moves = tuple(made.get(c) or made.setdefault(c, Move(c)) for c in steps)
        some = moves or (self.end_at_deal and not state.played)
        return (*moves, END) if some and self.offers_end(state) else moves

    def why_illegal(self, state: Table, move: Move, seat: Seat) -> str:
        if self.no_straight_back and move.code not in self._steps(state):
            s = next((s for s in self.steps(state) if s.code == move.code), None)
            if s is not None and self._straight_back(state, s):
                cards = state.piles[s.source][s.taken(state)]
                has = "has" if len(cards) == 1 else "have"
                return f"{names_of(cards)} {has} just come from there: putting " \
                    f"{'it' if len(cards) == 1 else 'them'} back only undoes the last " \
                    "move (use undo)."
        return super().why_illegal(state, move, seat)

    def play(self, state: Table, move: Move) -> Table:
        s = self.step(state, move)
        if s.kind == PAIR:
            return self.pair(state, s)
        if s.kind == REDEAL and self.redeal_takes_up:
            return self.take_up(state, s)
        if s.kind not in (MOVE, DEAL, TURN):
            return self.special(state, s)
        return self.carry(state, s)

    def take_up(self, t: Table, s: Step) -> Table:
        """A counted re-deal of the commonest kind: the source's cards are taken up and
        laid on the target as it lies (a stock: turned over, the first card put on the
        waste first again), shuffled first when :meth:`shuffles` says so, with the
        re-deal's own sub-stream of the deal's seed."""
        k = self.redeal_number(t)
        cards = t.piles[s.source]
        laid = shuffled_pack(cards, t.seed, k) if self.shuffles(t) else cards[::-1]
        piles, down = list(t.piles), list(t.down)
        piles[s.source], down[s.source] = (), 0
        piles[s.target] = piles[s.target] + laid
        if self.pile_specs[s.target].face == DOWN:
            down[s.target] += len(laid)
        elif self.pile_specs[s.target].face == TOP:
            down[s.target] = len(piles[s.target]) - 1
        return replace(t, piles=tuple(piles), down=tuple(down), redeals=k, back=None)

    def shuffles(self, t: Table) -> bool:
        """Whether a re-deal shuffles the cards it takes up: as the game's option
        ``shuffle`` says (:func:`rules.families.shuffle_option`); no in a game without."""
        return bool(self.options.get("shuffle", False))

    def irreversible(self, before: Table, move: Move, after: Table) -> bool:
        if not self.irreversible_redeals or move.code in ("end", "auto"):
            return False
        # a re-deal that takes the cards up unshuffled lays them in an order known already
        s = self.step(before, move)
        return s.kind == REDEAL and (not self.redeal_takes_up or self.shuffles(before))

    def pair(self, t: Table, s: Step) -> Table:
        """The table after step ``s`` pairs off the top cards of its source and target:
        both go to the discard pile, the source's first."""
        piles, down = list(t.piles), list(t.down)
        cards = (piles[s.source][-1], piles[s.target][-1])
        for i in (s.source, s.target):
            piles[i] = piles[i][:-1]
            down[i] = self._down_after(i, piles[i], down[i])
        piles[self.discard] = piles[self.discard] + cards
        return replace(t, piles=tuple(piles), down=tuple(down), played=True, back=None)

    def carry(self, t: Table, s: Step) -> Table:
        """The table after cards go as step ``s`` says (a move, a deal or a turn)."""
        piles, down = list(t.piles), list(t.down)
        cut, top = s.taken(t), s.from_top(t)
        cards = piles[s.source][cut]
        piles[s.source] = piles[s.source][:cut.start] + piles[s.source][cut.stop:]
        down[s.source] = self._down_after(s.source, piles[s.source], down[s.source])
        if s.kind != MOVE:
            cards = cards[::-1]
        dst = self.pile_specs[s.target]
        if s.under:  # at the bottom: face down only under a pile's face-down cards
            piles[s.target] = cards + piles[s.target]
            if dst.face == DOWN or (dst.face == COLUMN and down[s.target]):
                down[s.target] += len(cards)
            top = False  # the move of the top cards cannot put these back
        else:
            piles[s.target] = piles[s.target] + cards
            if dst.face == DOWN or (s.kind == TURN and dst.face == COLUMN):
                down[s.target] += len(cards)
        if dst.face == TOP:
            down[s.target] = len(piles[s.target]) - 1
        used = self.use_privilege(t, s.uses) if s.uses else t.privileges_used
        # One construction (``dataclasses.replace`` twice cost a fifth of a solve).
        turns, played, back = t.turns, True, (s.source, s.target, s.count) if top else None
        if s.kind == TURN:
            turns, played, back = t.turns + 1, False, None
        elif s.kind == DEAL:
            played, back = t.played, None
        return Table(tuple(piles), tuple(down), t.redeals, turns, used, t.given_up, played,
                     back, t.own, t.seed)

    def _down_after(self, i: int, pile: Cards, down: int) -> int:
        spec = self.pile_specs[i]
        if spec.face == DOWN:
            return len(pile)
        if spec.face == TOP:
            return max(len(pile) - 1, 0)
        d = min(down, len(pile))
        return d - 1 if spec.turn_up and pile and d == len(pile) else d

    # -- the end ---------------------------------------------------------------------

    def won(self, state: Table) -> bool:
        """Won when every card is home: no card lies anywhere else."""
        home = set(self.foundations)
        return not any(p for i, p in enumerate(state.piles) if i not in home)

    def summary(self, state: Table, won: bool) -> str:
        if won:
            return self.won_said or f"all {self.total} cards {self.won_words or self.home_words}"
        why = "given up" if state.given_up else self.stuck_words
        return f"{state.home(self.foundations)} of {self.total} cards {self.home_words}; {why}"

    def describe(self, state: Table, move: Move) -> str:
        if self.turn_up and move.code == self.turn_up:
            return self.turn_said
        return super().describe(state, move)

    def narrate(self, before: Table, move: Move, after: Table) -> str:
        if self.turn_up and move.code == self.turn_up:
            return f"turn up {card_name(before.piles[self.step(before, move).source][-1])}"
        return super().narrate(before, move, after)

    # -- what the table shows --------------------------------------------------------

    def zones(self, state: Table) -> tuple[Zone, ...]:
        return tuple(Zone(p.id, p.kind, c, len(c) - d if c else p.empty_up, p.owner,
                          p.private, self.label(state, p), p.group)
                     for i, (p, c, d) in enumerate(zip(self.pile_specs, state.piles, state.down,
                                                       strict=True))
                     if self.laid(state, i))

    def laid(self, t: Table, i: int) -> bool:
        """Whether pile ``i`` is on the table yet (default: every pile is). A game that
        lays piles during play (Grandfathers' three more places, Salique Law's kings'
        piles) says which are not yet: the zones leave them out, and a move that lays
        one points at no place (its shape's target is ``None``)."""
        return True

    def hidden_count(self, state: Table) -> int:
        """How many cards are hidden from someone: those face down, and every card of a
        private pile (as :meth:`rules.game.Game.hidden_count`, without the zones)."""
        return sum(len(c) if p.private else d
                   for p, c, d in zip(self.pile_specs, state.piles, state.down, strict=True))

    def label(self, t: Table, pile: Pile) -> str:
        """What the table calls ``pile`` here: its declared label, unless the game's
        labels change with the deal (a family named for its first card's rank)."""
        return pile.label

    def public(self, state: Table) -> dict[str, Any]:
        shell = self.redeal_facts(state) | self.privilege_facts(state)
        return {name: shell[name] if fact is SHELL else fact(self, state)
                for name, fact in self.facts if fact is not SHELL or name in shell} | shell

    def shape(self, state: Table, move: Move, seat: Seat, audience: Audience) -> Shape:
        if move.code in ("end", "auto"):
            return super().shape(state, move, seat, audience)
        s = self.step(state, move)
        src = self.pile_specs[s.source].id if s.source >= 0 else None
        dst = self.pile_specs[s.target].id if s.target >= 0 and self.laid(state, s.target) \
            else None
        if s.kind == PAIR:  # the two places whose cards pair, and both cards
            return Shape(PAIR, src, dst, (self._seen(state, s.source, -1, audience),
                                          self._seen(state, s.target, -1, audience)))
        if s.source < 0 or s.kind not in (MOVE, DEAL, TURN):
            return Shape(s.kind, src, dst)
        cut = s.taken(state)
        cards = tuple(self._seen(state, s.source, k, audience)
                      for k in range(cut.start, cut.stop))
        if s.by_card and None in cards:
            dst = None  # where an unseen card goes would tell the card (Step.by_card)
        return Shape(s.kind, src, dst, cards)

    def _seen(self, t: Table, i: int, k: int, audience: Audience) -> Card | None:
        """Card ``k`` of pile ``i`` if ``audience`` sees it now, else ``None``."""
        pile, spec = t.piles[i], self.pile_specs[i]
        k = k % len(pile)
        shown = k >= t.down[i] and (not spec.private or audience == spec.owner)
        return pile[k] if shown else None

    # -- what the solver and hints read ------------------------------------------------

    def solver_key(self, state: Table) -> Hashable:
        """The position without ``back`` (the one move it forbids only leads back to the
        position before, which the search entered first), without the count of passes
        where the game does not count them, and with alike piles in one order (a win
        from a position is a win from the same position with alike piles swapped).

        Compact: the piles are one ``bytes`` (the face-down counts, then each pile its
        length and its cards, a byte each), which hashes once and holds a fraction of the
        memory of the frozen table; the counters ride beside it. A game whose cards or
        piles do not fit a byte keeps the table itself as the key."""
        if not self._byte_key:
            return self._table_key(state)
        piles, down = state.piles, state.down
        if self.alike:  # alike piles in one order: their contents sorted
            ps, ds = list(piles), list(down)
            for group in self.alike:
                for i, (p, d) in zip(group, sorted((ps[i], ds[i]) for i in group),
                                     strict=True):
                    ps[i], ds[i] = p, d
            piles, down = tuple(ps), tuple(ds)
        flat: list[int] = [*down]
        for p in piles:
            flat.append(len(p))
            flat += p
        return (bytes(flat), state.redeals, state.turns if self.turns_count else 0,
                state.privileges_used, state.given_up, state.played and self.played_counts,
                state.own, state.seed)

    def _table_key(self, state: Table) -> Hashable:
        """The key as a table (see :meth:`solver_key`), for cards that do not fit a byte."""
        key = replace(state, back=None, turns=state.turns if self.turns_count else 0,
                      played=state.played and self.played_counts)
        if not self.alike:
            return key
        piles, down = list(key.piles), list(key.down)
        for group in self.alike:
            for i, (p, d) in zip(group, sorted((piles[i], down[i]) for i in group),
                                 strict=True):
                piles[i], down[i] = p, d
        return replace(key, piles=tuple(piles), down=tuple(down))

    def restrict_moves(self, t: Table, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        """The moves the solver's restricted search tries first (:mod:`rules.solver`):
        a card home first, then the others but giving up, and without a *mere shift*:
        cards carried from a pile onto a card of another pile of the same kind, leaving
        a face-up card on top of the pile they left that cannot then go home. That is
        Solvitaire's dominance (part of a pile moves only when that frees a card for a
        foundation; a move that turns a card up or empties a pile is kept), used here
        only to find a win sooner: a win found so is a line of legal moves, and the full
        search, which tries every move, runs when the restricted one finds none. (As a
        proof it would need more than the model says: in a game built down in suit, the
        card left on top may be the one place its next lower card can go.)"""
        steps = self._steps(t)
        home: list[Move] = []
        kept: list[Move] = []
        frees: dict[tuple[int, int], bool] = {}  # (pile, cards taken): the card left goes home
        for m in moves:
            s = steps.get(m.code)
            if s is None:  # end (giving up never wins), auto
                continue
            if s.kind in (MOVE, PAIR) and (s.target in self.foundations or s.kind == PAIR):
                home.append(m)
            elif not self._mere_shift(t, s, frees):
                kept.append(m)
        return (*home, *kept)

    def goes_home(self, t: Table, pile: int) -> bool | None:
        """Whether a card of ``pile`` may go home next (to a foundation, or be paired
        off): whether :meth:`steps` has such a move from it. Asked by the restricted
        search's test of a mere shift (:meth:`restrict_moves`) of the table after the
        shift, once per candidate; a game says it where its whole move list costs much
        more than the answer, and must say exactly what that list would (the tests hold
        them equal). ``None`` (here): not said, the list is asked."""
        return None

    def _mere_shift(self, t: Table, s: Step, frees: dict[tuple[int, int], bool]) -> bool:
        if s.kind != MOVE or s.at is not None or not t.piles[s.target]:
            return False
        src, dst = self.pile_specs[s.source], self.pile_specs[s.target]
        if src.kind != dst.kind or s.source in self.foundations:
            return False
        left = len(t.piles[s.source]) - s.count
        if left <= t.down[s.source]:  # it empties the pile or turns a card up
            return False
        # Whether the card left on top could go home next: the same whichever pile took
        # the cards (the families are untouched), so asked once per pile and count.
        known = frees.get((s.source, s.count))
        if known is None:
            after = self.carry(t, s)
            said = self.goes_home(after, s.source)
            known = frees[s.source, s.count] = self.homeward(after, s.source) \
                if said is None else said
        return not known

    def homeward(self, t: Table, pile: int) -> bool:
        """What :meth:`goes_home` says, read off the whole move list."""
        return any(n.source == pile and (n.kind == PAIR or n.target in self.foundations)
                   for n in self.steps(t))

    def card_places(self, state: Table) -> dict[tuple[Hashable, ...], Card]:
        """Where each card lies in the table: ``("piles", pile, index)`` (for a hint's
        samples, :mod:`rules.hint`)."""
        return {("piles", i, k): c for i, p in enumerate(state.piles) for k, c in enumerate(p)}


__all__ = ["COLUMN", "DISCARD", "DOWN", "FACE_DOWN", "FOUNDATION", "HOME", "PASS", "SHELL", "TOP",
           "UP", "Fact", "Patience", "Pile", "Step", "Table", "size"]
