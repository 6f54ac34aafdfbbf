"""Le Calcul, from Cadogan's *Illustrated Games of Patience*.

Source: ``001_6a582ee13e12f2a9.txt`` l.878-958 and the note l.986-992; rule sheet
``shared/games/cadogan.md``, section Le Calcul. The sequel (l.959-984) is
:mod:`rules.games.le_calcul_sequel`.

One pack. "Withdraw from the pack any ace, deuce, three, and four, and place them in a
row" (l.896-897): the foundations, which "do not follow suit" (Rule I, l.884). The first
ascends by ones, the second by twos, the third by threes, the fourth by fours, "all the
four packets terminating alike with kings"; knave eleven, queen twelve, king thirteen,
and past thirteen the ace counts fourteen, the deuce fifteen (l.898-921). The cards in
hand are turned one by one, suitable ones played, "the rest forming the talon": at most
four packets "arranged at the player's discretion", only the uppermost card of each
available (Rule II, l.886-892), and "a card once placed cannot be transferred from one
packet to another" (l.938-940). "There is no re-deal" (l.957).

This is, rule for rule, Cheney's Bethel (``000`` l.2790-2821, :mod:`rules.games.bethel`,
INDEX "= bethel"): the same four families, the same four piles that take any card and
give only their top, one pass. So Bethel's implementation serves both ids (a test deals
and plays them alike); this module gives Cadogan's description and her variant.

Readings (the sheet's PROPOSED readings): "playing all that are suitable" is read as the
player's choice, not a compulsion (amb. 1, and G5): a card that fits may still go on a
talon packet; the turned card is placed before the next is turned; the talon is at most
four packets (amb. 2), an empty one takes any card; the families stop at their kings
("never attained till it finishes each packet", l.913-914). Won when the four end with
kings; lost when the hand is out and no talon top can be played.

Variant (l.951-955, ``le_calcul_late_foundations``): "Some players wait, to place the
foundation cards, until they appear in the course of the deal": option
``start=dealt`` (Bethel's), in which each foundation's place takes the first card of its
rank played there, from the hand or a talon packet (sheet: PROPOSED, the card may also
go on a talon packet instead).

Move codes as Bethel's: ``w<i>>f<j>``, ``c>f<j>``, ``c>w<i>``, ``t``.
"""

from __future__ import annotations

from ..description import CADOGAN, Description
from ..registry import register, variant
from .bethel import Bethel


@register
class LeCalcul(Bethel):
    description = Description(
        id="le_calcul", title="Le Calcul", book=CADOGAN, lines="878-958, 986-992",
        skill="much", bound=400)


LE_CALCUL_LATE_FOUNDATIONS = variant(LeCalcul, Description(
    id="le_calcul_late_foundations", title="Le Calcul, foundations placed as they appear",
    book=CADOGAN, lines="878-958", skill="much", bound=400, variant_of="le_calcul",
    fixed={"start": "dealt"}))


__all__ = ["LE_CALCUL_LATE_FOUNDATIONS", "LeCalcul"]
