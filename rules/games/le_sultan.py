"""Le Sultan, from Cadogan's *Illustrated Games of Patience*.

Source: ``001_6a582ee13e12f2a9.txt`` l.838-877 (the OCR's title reads "LA SULTAN"); the
same text word for word in ``002_e65e08a38c98e317.txt`` l.140-151 ("The Sultan", alias
``the_sultan``). Rule sheet ``shared/games/cadogan.md``, section Le Sultan.

Two packs. The eight kings and one ace of hearts are withdrawn and placed "as in
tableau" (the figure is lost): the centre king of hearts is the Sultan "and remains
alone"; the seven other kings begin with the ace of their suit and ascend in suit to the
queen, the ace of hearts likewise from the deuce (l.848-860). Eight cards dealt "four on
either side" are the Divan (l.862-864); the rest of the pack is turned one by one, cards
"not suitable for the foundations" laid aside in one packet, the talon (l.866-871).

This is the table and the families of Cheney's The Sultan (:mod:`rules.games.sultan`:
the same square, numbered f1-f9 row by row, the Sultan f5), and that module plays it.
Cadogan's text differs from Cheney's in two rules, and those are this module's:

- "Vacancies in the Divan must be immediately re-filled from the talon, or, when there is
  no talon, from the pack" (l.871-873): the talon's top when it has cards, else the next
  card of the pack (:func:`rules.cadogan.talon_or_pack`, sheet G6), at once, before
  anything else (sheet amb. 3, strict). Cheney lets the player choose the source; the
  option ``fill=either`` gives that reading. If a card turned from the pack is waiting,
  it is the card "from the pack" (as in Cheney's module).
- "The talon may be taken up, shuffled and re-dealt, if necessary, twice" (l.875-877):
  two re-deals (three deals in all, l.65), each shuffled (our PRNG, stream ``k`` for the
  ``k``-th). Option ``shuffle=False``: the talon turned over unshuffled.

Readings (the sheet's PROPOSED readings): playing is never compulsory (G5), so a turned
card that could go up may still be laid on the talon; the re-dealt talon is turned card
by card as before, and Divan vacancies are still filled from the new talon or pack
(amb. 4). Won when the eight packets round the Sultan end with queens (l.858-860); lost
when no move is left after the second re-deal (G13).

Move codes as in :mod:`rules.games.sultan`: ``t``, ``p>f<j>``, ``p>w``, ``w>f<j>``,
``d<i>>f<j>``, ``w>d<i>``, ``p>d<i>``, ``redeal``.
"""

from __future__ import annotations

from typing import Any

from ..cadogan import talon_top
from ..description import CADOGAN, Description
from ..game import Move, Option, Seat
from ..patience import Patience, Step, Table
from ..registry import register
from .sultan import D, Sultan, W


@register
class LeSultan(Sultan):
    description = Description(
        id="le_sultan", title="Le Sultan", book=CADOGAN, lines="838-877", skill="some",
        bound=1600, packs=2, layout="grid", aliases=("the_sultan",))
    stock_word = "talon"
    option_specs = (
        Option("fill", "talon", "where a Divan vacancy is filled from: the talon, or the "
               "pack when there is no talon (the book), or either, as the player likes "
               "(Cheney's reading)", choices=("talon", "either")),
        Option("shuffle", True, "shuffle the talon when it is taken up (\"taken up, "
               "shuffled and re-dealt\")", choices=(True, False)),
    )

    def __init__(self, options: Any = None) -> None:
        Patience.__init__(self, options)  # Cheney's ``redeals`` option is not this text's
        self._shuffle = bool(self.option("shuffle"))
        self._talon_first = self.option("fill") == "talon"

    def max_redeals(self) -> int:
        return 2  # "twice" (l.877)

    def steps(self, t: Table) -> list[Step]:
        out = super().steps(t)
        if self._talon_first and talon_top(t.piles[W]) is not None and any(
                not p for p in t.piles[D:W]):
            # "from the talon, or, when there is no talon, from the pack" (l.871-873)
            return [s for s in out if not s.code.startswith("p>d")]
        return out

    def why_illegal(self, state: Table, move: Move, seat: Seat) -> str:
        hole = next((i for i, p in enumerate(state.piles[D:W]) if not p), -1)
        if (self._talon_first and hole >= 0 and talon_top(state.piles[W]) is not None
                and move.code.startswith("p>d")):
            return f"Fill divan place {hole + 1} from the talon while it has cards."
        return super().why_illegal(state, move, seat)


__all__ = ["LeSultan"]
