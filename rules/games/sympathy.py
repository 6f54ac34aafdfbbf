"""Sympathy, from Cheney's *Patience* (1894).

Source: ``000_afc193f70d23752d.txt`` l.3216-3257 (the last game of the book); rule sheet
``shared/games/cheney.md``, section Sympathy, whose numbered ambiguities are cited below.

Two players, A and B, each with her own pack, "unite to work out the game" (l.3254-3256);
one person may play both hands, "the right hand and the left" (l.3222-3223). Seat 0 is A,
seat 1 is B.

Readings of the unclear passages (the sheet's PROPOSED readings unless said otherwise):

- Piles and grace (amb. 1): 17 piles of 3 from consecutive cards of the shuffled pack,
  the third card on top; card 52 is the grace, laid aside face down ("laid aside", l.3228).
- "corresponding" (amb. 2): the twin, same rank and suit, is the default: the two packs
  are complete and separate, so every card has one counterpart. ``match_rule=rank``
  offers Cheney's usual sense of "correspond" (in number), after Little Lots.
- Several corresponding cards (amb. 3, rank rule only): the player who turned the card
  chooses (``c<j>`` moves).
- Throwing out is compulsory and only against the partner's face-up cards (amb. 4).
- "A turns up one of her cards" (amb. 5): any packet with a face-down top, her choice;
  after a throw-out she goes on with "the card underneath" in the same packet.
- End of turn (amb. 6, 7): when every non-empty packet of hers shows a face-up top; B's
  turns are A's mirror. "B turns up the top card of each pile" (l.3231) is B's opening
  move ``open``; A is the first to turn and match (amb. 13).
- Grace (amb. 8-11): "When either player has no card turned up" is read as "has nothing
  to turn up", i.e. stalled at the start of her turn (``grace_rule=stalled``). The stalled
  player plays her own grace, or, if hers is used, her partner plays hers ("either
  player", amb. 10). A grace that pairs with nothing stays face up and can be matched
  later (amb. 9), which the game needs to be winnable. ``grace_rule=literal`` offers the
  literal reading: a grace may be played only by a player with no face-up card.
- Failure (amb. 12, not printed): the player to move is stalled and no grace can help.
- Nobody sees a face-down card, not even its owner; every face-up card is public (amb. 14).
"""

from __future__ import annotations

from ..description import CHENEY, Description
from ..game import Option
from ..registry import register
from ..twin_game import PACKETS, TwinGame
from ..twins import TwinRules


@register
class Sympathy(TwinGame):
    description = Description(
        id="sympathy", title="Sympathy", book=CHENEY, lines="3216-3257", skill="chance",
        bound=200, packs=2, seat_names=("A", "B"), layout="twins")
    option_specs = (
        Option("match_rule", "exact",
               "exact: a card pairs with its twin (same rank and suit); rank: with any card "
               "of the same rank", choices=("exact", "rank")),
        Option("grace_rule", "stalled",
               "stalled: a player with nothing to turn up plays a grace; literal: only a "
               "player with no face-up card may play hers", choices=("stalled", "literal")),
        PACKETS,
    )

    def rules(self) -> TwinRules:
        # B opens (l.3231); the grace rule "stalled" and "literal" both start with the
        # stalled player and fall back on her partner ("either player", l.3248-3249).
        return TwinRules(opener=1, match=str(self.option("match_rule")),
                         grace=str(self.option("grace_rule")))
