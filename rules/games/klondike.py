"""Traditional Solitaire or Klondike, from the Hoyle solitaire chapter (seed 003).

Source: ``003_589c967ab98c43e6.txt`` l.23-33; rule sheet ``shared/games/hoyle.md``,
section "Traditional Solitaire or Klondike…".

One pack. "turn up the top card. Lay six more cards in a row to the right of the first
card [all face down; the raw text has ".bj^alHace down"]. Upon the second card of this
row place another card face up, and then cards face down on the remaining five ...
Continue this until you have seven cards face up, which will give you twenty eight
cards in your layout" (l.27): seven columns, column j holding j cards, the top one face
up, dealt row by row as the text says (the same deal as Cheney's Triangle,
:func:`rules.building.triangle`). "Take out any aces showing, and place them in a row by
themselves for 'foundations.' Build up on these aces in sequence and suit to kings. On
the layout, build in descending sequence, red on black, black on red, turning up the top
card when any pile is left without a faced card upon it. If there is more than one card
face up on any pile, they must be removed together or not at all. Spaces may be filled
only with kings" (l.29). "The stock is run off three cards at a time, and any card
showing can be used. The pack can be run through in this manner until no cards showing
can be used, but there must be no shuffling or rearrangement of the cards. Sometimes it
is the rule to run through the pack once only, turning up one card at a time" (l.31).
"The object of the game is to see how many cards can be built on the ace row" (l.33).

Readings (the sheet's PROPOSED readings):

- "removed together or not at all" (amb. 1): from column to column a pile's face-up
  cards move only as one whole group, never part of it. The single top card may still
  be played to its foundation (option ``top_to_foundation``, default on; off is the
  strictest reading, where a top card goes home only when it is the pile's only face-up
  card).
- A space takes a king from the waste, or a king with all the face-up cards on it (amb.
  2); a group whose king lies on no face-down card is not moved to another space (that
  changes nothing). The spaces are alike, so the first empty one is offered.
- "any card showing" is the top card of the waste (amb. 3); it goes to its foundation
  or onto a column. With fewer than three cards left in the stock the one or two left
  are turned (amb. 4). A face-down card left on top of a column is turned up at once
  (amb. 5).
- "until no cards showing can be used": the waste is turned over (no shuffling) to run
  the stock through again only when some card was played during the pass just ended;
  a pass in which no card could be used ends the game (option ``passes=until_no_play``;
  ``passes=one``: the stock is run through once only).
- Foundations are built up in suit from the aces; no card comes back from them. Won with
  all 52 cards on the foundations; otherwise the score is the number built there, and
  the player may give up (``end``) whenever she sees no way on.

Today's rules, as options (not the book's; issue 24, so the solver can be checked
against Solvitaire's published figure for Klondike): ``passes=unlimited`` turns the
waste over whenever the stock is run out, whether or not a card was used; ``part_moves``
lets any face-up part of a column move onto another column, the cards below it staying
(the face-up cards are one built run, so at most one of them fits on a given column and
the code ``t<i>>t<j>`` still names one move). Three cards turned is the book's default
(``draw=1`` the other choice); a king with its cards into a space is the book's rule
too, so it needs no option.

The variant of l.31, ``klondike_one_pass``, turns one card at a time and runs through
the stock once only.

Moves, in this order: ``t<i>>f`` (column i's top card to its foundation), ``w>f`` (the
waste's top card to its foundation), ``t<i>>t<j>`` (column i's face-up cards, all of
them, or with ``part_moves`` the part that fits, onto column j, or a king's group into
the first space), ``w>t<j>`` (the waste's top card onto column j, or a king into the
first space), ``d`` (turn the next cards of the stock onto the waste, or, the stock run
out, turn the waste over for the next pass), ``end``.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import replace

from ..building import alt_down, family_for, family_label, onto, triangle
from ..cards import KING, Card, name
from ..description import HOYLE, Description
from ..game import Move, Option
from ..patience import COLUMN, DOWN, FACE_DOWN, HOME, PASS, Patience, Pile, Step, Table, size
from ..registry import register, variant
from ..shape import DEAL, TURN
from ..solver import Chain

COLUMNS = 7
FAMILIES = tuple(Pile(f"f{i + 1}", "foundation", family_label(i), "families") for i in range(4))
LAYOUT = tuple(Pile(f"t{i + 1}", "pile", f"column {i + 1}", "layout", COLUMN, turn_up=True,
                    alike="columns") for i in range(COLUMNS))
STOCK = Pile("stock", "stock", "the stock", face=DOWN)
WASTE = Pile("waste", "waste", "the cards turned from the stock")
T, STK, W = 4, 4 + COLUMNS, 5 + COLUMNS  # where the columns, the stock and the waste lie
#: The moves the solver's chains are made of (:meth:`Klondike.solver_moves`).
TURNS, W_HOME = Move("d"), Move("w>f")
W_ON = tuple(Move(f"w>t{j + 1}") for j in range(COLUMNS))
TO_HOME = tuple(Move(f"t{j + 1}>f") for j in range(COLUMNS))
#: The suits of the other colour (spades, hearts, diamonds, clubs: 0-3).
OTHER_COLOUR = ((1, 2), (0, 3), (0, 3), (1, 2))


@register
class Klondike(Patience):
    description = Description(
        id="klondike", title="Traditional Solitaire or Klondike (three at a time)",
        book=HOYLE, lines="23-33", skill="some", bound=None)
    option_specs = (
        Option("draw", 3, "cards turned from the stock at a time (l.31: three; one in "
               "the once-through rule)", choices=(3, 1)),
        Option("passes", "until_no_play",
               "until_no_play: the stock is run through again as long as a card was "
               "used in the pass before; one: once only; unlimited: the waste may be "
               "turned over whenever the stock is run out (today's rule)",
               choices=("until_no_play", "one", "unlimited")),
        Option("top_to_foundation", True,
               "the single top card of a column's face-up group may go to its foundation "
               "(off: the group is removed together or not at all, even to the "
               "foundations)"),
        Option("part_moves", False,
               "any face-up part of a column may move onto another column, the cards "
               "below it staying (today's rule; off: the face-up cards move all together "
               "or not at all, l.29)", choices=(False, True)),
    )
    facts = (("in_stock", size("stock")), ("pass", PASS), ("face_down", FACE_DOWN),
             ("on_foundations", HOME))
    home_words = "built on the ace row"
    stuck_words = "no card showing can be used"
    #: How many passes have been begun changes nothing ahead (whether a card was used in
    #: this pass does): positions that differ only so are one for the search.
    turns_count = False

    def __init__(self, options: Mapping[str, object] | None = None) -> None:
        super().__init__(options)
        #: Passes unlimited, whether a card was used in this pass changes nothing ahead.
        self.played_counts = self.option("passes") != "unlimited"
        #: Solvitaire's proven dominance for Klondike (Blake and Gent): part of a pile
        #: moves only when that frees a card for a foundation; a move that turns a card
        #: up or empties a pile is always kept (:meth:`Patience.restrict_moves`).
        #: Built down in alternate colours, the card a part move would free to take
        #: another has a twin of its colour and rank the other card could go on instead.
        self.restriction_proven = bool(self.option("part_moves"))
        #: Passes unlimited, the stock and waste only cycle: the solver plays a card
        #: from wherever the turns would bring it, in one step (:meth:`solver_moves`).
        self.cycles = self.option("passes") == "unlimited"
        self.draw = int(self.option("draw"))
        self._one_up = not self.option("top_to_foundation")
        self._part = bool(self.option("part_moves"))
        self._made: dict[tuple[str, int, int, int], Step] = {}
        self._chains: dict[tuple[int, int], Chain] = {}

    def lay_piles(self) -> tuple[Pile, ...]:
        return (*FAMILIES, *LAYOUT, STOCK, WASTE)

    def layout(self, cards: tuple[Card, ...], seed: int) -> Table:
        cols, down, n = triangle(cards, COLUMNS)
        laid = {p.id: c for p, c in zip(LAYOUT, cols, strict=True)}
        return self.table(laid | {"stock": cards[n:][::-1]},
                          {p.id: d for p, d in zip(LAYOUT, down, strict=True)})

    def steps(self, t: Table) -> list[Step]:
        # The solver's hot path: card bits inlined (rank the low four, suit the next
        # two; family i is suit i's, which takes the rank one above its length), and
        # each step made once per table (:meth:`_step`), then looked up.
        piles, down = t.piles, t.down
        need = (len(piles[0]) + 1, len(piles[1]) + 1, len(piles[2]) + 1, len(piles[3]) + 1)
        one_up, part, cache = self._one_up, self._part, self._made
        out: list[Step] = []
        for i in range(T, STK):
            p = piles[i]
            if p and (p[-1] & 15) == need[p[-1] >> 4 & 3] \
                    and not (one_up and len(p) - down[i] > 1):
                out.append(self._step(("f", i, p[-1] >> 4 & 3, 1)))
        waste = piles[W]
        w = waste[-1] if waste else -1
        if w >= 0 and (w & 15) == need[w >> 4 & 3]:
            out.append(self._step(("wf", W, w >> 4 & 3, 1)))
        space = -1
        for i in range(T, STK):
            if not piles[i]:
                space = i
                break
        for i in range(T, STK):
            p = piles[i]
            if not p:
                continue
            d = down[i]
            g0 = p[d]
            r0, n = g0 & 15, len(p) - d
            for j in range(T, STK):
                q = piles[j]
                if not q or j == i:
                    continue
                # the face-up cards are one built run, so only the one a rank above
                # q's top card (the whole run's first, without part moves) can fit
                top = q[-1]
                k = r0 - (top & 15) + 1 if part else 0
                if 0 <= k < n:
                    c = p[d + k]
                    if (top & 15) == (c & 15) + 1 and \
                            ((c ^ c >> 1 ^ top ^ top >> 1) >> 4) & 1 == 1:
                        key = ("t", i, j, n - k)
                        out.append(cache.get(key) or self._step(key))
            if space >= 0 and r0 == KING and d:
                out.append(self._step(("t", i, space, n)))
        if w >= 0:
            for j in range(T, STK):
                q = piles[j]
                if q and (q[-1] & 15) == (w & 15) + 1 and \
                        ((w ^ w >> 1 ^ q[-1] ^ q[-1] >> 1) >> 4) & 1 == 1:
                    out.append(self._step(("w", W, j, 1)))
            if space >= 0 and w & 15 == KING:
                out.append(self._step(("w", W, space, 1)))
        stock = piles[STK]
        if stock:
            out.append(self._step(("d", STK, W, min(self.draw, len(stock)))))
        elif waste and (self.cycles or (self.option("passes") == "until_no_play"
                                        and t.played)):
            # the waste turned over, unshuffled, for the next pass
            out.append(self._step(("turn", W, STK, len(waste))))
        return out

    def _step(self, key: tuple[str, int, int, int]) -> Step:
        """The step that ``key`` names, ``(kind, a, b, n)`` (made once, then kept:
        steps are values): ``f`` column a's top card to family b, ``wf`` the waste's to
        family b, ``t`` n cards from column a to column b, ``w`` the waste's card to
        column b, ``d`` n cards turned, ``turn`` the waste's n cards turned over."""
        made = self._made.get(key)
        if made is not None:
            return made
        kind, a, b, n = key
        if kind == "f":
            made = Step(f"t{a - T + 1}>f", source=a, target=b)
        elif kind == "wf":
            made = Step("w>f", source=W, target=b)
        elif kind == "t":
            made = Step(f"t{a - T + 1}>t{b - T + 1}", source=a, target=b, count=n)
        elif kind == "w":
            made = Step(f"w>t{b - T + 1}", source=W, target=b)
        elif kind == "d":
            made = Step("d", DEAL, STK, W, n)
        else:
            made = Step("d", TURN, W, STK, n)
        self._made[key] = made
        return made

    def family_safe(self, t: Table) -> tuple[Move, ...]:
        """A column's top card to its foundation when no card could ever want to lie on
        it (:func:`rules.building.safe_home`): an ace or a two, or a card whose two lower
        cards of the other colour are built already (the usual rule of safe play). The
        waste's top card too when the stock is turned one card at a time; turned in
        threes, a card taken from the waste changes which cards show on every later
        pass (a player may keep one there for that), so it is left to the player."""
        if self._one_up or t.given_up:  # (given up: no move is legal, so none is safe)
            cands = [(f"t{i + 1}>f", p[-1]) for i, p in enumerate(t.piles[T:STK]) if p]
            w = t.top(W)
            if w is not None and self.option("draw") == 1:
                cands.append(("w>f", w))
            return self.safe_home(t, cands, alt_down)
        # The same, the solver's hot path: a card of rank r goes home when it can and
        # the two cards of rank r - 1 of the other colour are home already (or are
        # aces, which nothing needs to lie on: r <= 2). Family i is suit i's.
        out: list[Move] = []
        piles = t.piles
        have = (len(piles[0]), len(piles[1]), len(piles[2]), len(piles[3]))
        tops = [(TO_HOME[i - T], piles[i][-1]) for i in range(T, STK) if piles[i]]
        if self.draw == 1 and piles[W]:
            tops.append((W_HOME, piles[W][-1]))
        for m, c in tops:
            r, suit = c & 15, c >> 4 & 3
            if r == have[suit] + 1 and (r <= 2 or min(
                    have[o] for o in OTHER_COLOUR[suit]) >= r - 1):
                out.append(m)
        return tuple(out)

    def restrict_moves(self, t: Table, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        """:meth:`Patience.restrict_moves` found without playing each move: a column's
        cards onto another column are a mere shift exactly when they leave a face-up
        card on top (part of the run) that cannot go to its foundation, the families
        being untouched by the move. (With ``top_to_foundation`` off the general rule
        is asked.)"""
        if not self.option("top_to_foundation"):
            return super().restrict_moves(t, moves)
        steps, piles = self._steps(t), t.piles
        need = (len(piles[0]) + 1, len(piles[1]) + 1, len(piles[2]) + 1, len(piles[3]) + 1)
        home: list[Move] = []
        kept: list[Move] = []
        turning: list[tuple[int, Move]] = []
        for m in moves:
            if isinstance(m, Chain):  # a card from the waste, after turns
                (home if m.moves[-1] is W_HOME else kept).append(m)
                continue
            s = steps.get(m.code)
            if s is None:  # end: giving up never wins
                continue
            if s.target < T:
                home.append(m)
                continue
            if T <= s.source < STK:
                p = t.piles[s.source]
                left = len(p) - s.count
                if left and left == t.down[s.source]:
                    turning.append((-left, m))
                    continue
                c = p[left - 1] if left else -1
                if t.piles[s.target] and left > t.down[s.source] \
                        and (c & 15) != need[c >> 4 & 3]:
                    continue  # a mere shift
            kept.append(m)
        if turning:
            # What turns a card up is tried first, from the column with most cards
            # face down (an order only: nothing more is left out; with the book's rules
            # too, where it found 21 wins of deals 0-39 at 60,000 positions, not 17).
            turning.sort(key=lambda x: x[0])
            return (*home, *(m for _, m in turning), *kept)
        return (*home, *kept)

    # -- the stock as Solvitaire searches it (passes unlimited) ---------------------------

    def solver_moves(self, t: Table, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        """The moves the solver tries (:mod:`rules.solver`): with passes unlimited, in
        place of turning the stock (``d``), every card that turns alone could bring to
        the top of the waste, played at once: a :class:`~rules.solver.Chain` of as many
        ``d`` as it takes (at most the rest of this pass and the whole next one: the
        turns then only repeat), then the card's move. Giving up is left out (it never
        wins).

        Nothing that wins is lost: turning the stock touches only the stock and the
        waste, which no other move but a play from the waste touches, and with passes
        unlimited no move's legality hangs on the count of passes or on ``played``; so
        in any winning line each run of turns can wait until just before the next play
        from the waste (a winning line ends with the stock and waste empty, so with no
        turn), and turns that go round a whole pass and back only repeat a position. A
        line of columns' moves and such chains reaches every position a line of legal
        moves reaches just after a play (from this position's own waste top too, whose
        moves stay), and a ``lost`` stays a proof."""
        if not self.cycles:
            return moves
        out = [m for m in moves if m.code != "d" and m.code != "end"]
        piles = t.piles
        stock, waste = piles[STK], piles[W]
        deal = waste + stock[::-1]  # the cards in the order the turns show them
        n, w = len(deal), len(waste)
        if not n:
            return tuple(out)
        need = (len(piles[0]) + 1, len(piles[1]) + 1, len(piles[2]) + 1, len(piles[3]) + 1)
        tops = [(j, piles[j][-1]) for j in range(T, STK) if piles[j]]
        space = next((j for j in range(T, STK) if not piles[j]), -1)
        home: list[Move] = []
        seen = {w}
        chain = self._chain
        k = 0
        while True:
            w = 0 if w == n else min(w + self.draw, n)
            k += 1
            if w in seen:
                break
            seen.add(w)
            if not w:
                continue
            c = deal[w - 1]
            r = c & 15
            if r == need[c >> 4 & 3]:
                home.append(chain(k, -1))
            for j, top in tops:  # alt_down(c, top), inlined
                if (top & 15) == r + 1 and ((c ^ c >> 1 ^ top ^ top >> 1) >> 4) & 1 == 1:
                    out.append(chain(k, j))
            if space >= 0 and r == KING:
                out.append(chain(k, space))
        return (*home, *out)

    def _chain(self, turns: int, target: int) -> Chain:
        """The chain of ``turns`` turns and the waste's card to ``target`` (a column's
        index, or -1: its family), made once."""
        made = self._chains.get((turns, target))
        if made is None:
            last = W_HOME if target < 0 else W_ON[target - T]
            made = self._chains[turns, target] = Chain.of((TURNS,) * turns + (last,))
        return made

    def solver_play(self, t: Table, move: Move) -> Table:
        """Play ``move`` as :meth:`apply_unchecked` does, a chain of
        :meth:`solver_moves` at once: the stock and waste as its turns leave them, then
        the waste's top card where its last move takes it (the table the chain's moves
        played one by one leave, which the solver tests check)."""
        if not isinstance(move, Chain):
            return self.apply_unchecked(t, move)
        stock, waste = t.piles[STK], t.piles[W]
        deal = waste + stock[::-1]
        n, w, turns = len(deal), len(waste), t.turns
        for _ in range(len(move.moves) - 1):
            if w == n:
                w, turns = 0, turns + 1
            else:
                w = min(w + self.draw, n)
        piles, down = list(t.piles), list(t.down)
        card = deal[w - 1]
        piles[STK], piles[W] = deal[w:][::-1], deal[:w - 1]
        down[STK] = n - w
        last = move.moves[-1]
        if last == W_HOME:
            target = family_for(self.families(t), card)
        else:
            target = T + int(last.code[3:]) - 1
        piles[target] = (*piles[target], card)
        return Table(tuple(piles), tuple(down), t.redeals, turns, t.privileges_used,
                     t.given_up, True, (W, target, 1), t.own, t.seed)

    def pass_start(self, t: Table) -> Table:
        """``t`` with the stock and waste as at the start of a pass, when the turns
        alone lead from each to the other (passes unlimited; the waste empty, or as a
        pass leaves it: a whole number of turns, or the stock out): positions the
        solver may count as one beside its chains (:meth:`chain_key`)."""
        stock, waste = t.piles[STK], t.piles[W]
        if not self.cycles or not waste or (stock and len(waste) % self.draw):
            return t
        piles, down = list(t.piles), list(t.down)
        piles[STK], piles[W] = stock + waste[::-1], ()
        down[STK], down[W] = len(piles[STK]), 0
        return replace(t, piles=tuple(piles), down=tuple(down))

    def chain_key(self, state: Table) -> Hashable:
        """The solver's key beside :meth:`solver_moves`: :meth:`Patience.solver_key` of
        :meth:`pass_start`, a waste as a pass leaves it being the same position as that
        pass's start. Only beside the chains: they play a card from either at once,
        where a lone turn from the start of a pass would reach the same key and be cut.

        One ``bytes`` (the solver's hot path): the families' lengths (each holds its
        suit from the ace), the waste's length (0 at a pass's start), whether the
        player gave up, the cards of stock and waste in the order the turns show them,
        then each column (its face-down count and its cards), the columns sorted (alike
        piles); 255 (no card) ends each part. Passes counted otherwise, the plain key."""
        if not self.cycles:
            return self.solver_key(state)
        piles, down = state.piles, state.down
        stock, waste = piles[STK], piles[W]
        w = len(waste) if stock and len(waste) % self.draw else 0
        cols = sorted([bytes((down[i], *piles[i])) for i in range(T, STK)])
        return bytes((len(piles[0]), len(piles[1]), len(piles[2]), len(piles[3]), w,
                      state.given_up, *waste, *stock[::-1], 255)) + b"\xff".join(cols)

    def say(self, t: Table, move: Move) -> str:
        s = self.step(t, move)
        if s.kind == TURN:
            return f"turn the waste over and run through the stock again (pass {t.turns + 2})"
        if s.kind == DEAL:
            return "turn the next card of the stock" if s.count == 1 else \
                f"turn the next {s.count} cards of the stock"
        cs = t.piles[s.source][s.taken(t)]
        where = "from the waste" if s.source == W else f"from column {s.source - T + 1}"
        what = name(cs[0]) if len(cs) == 1 else f"{name(cs[0])} and the {len(cs) - 1} " \
            f"card{'s' if len(cs) > 2 else ''} on it"
        if s.target < T:
            return f"play {what} {where} to {family_label(s.target)}"
        j = s.target - T
        return f"put {what} {where} {onto(cs[0], t.piles[s.target], f'column {j + 1}')}"


KLONDIKE_ONE_PASS = variant(Klondike, Description(
    id="klondike_one_pass", title="Klondike, once through one card at a time", book=HOYLE,
    lines="31", skill="some", bound=None, variant_of="klondike",
    fixed={"draw": 1, "passes": "one"}))
