"""The open-tableau games' marriage index (``rules.open_piles.suit_neighbours``) gives
exactly the moves their marriage rule gives, buried cards drawn included.

The index is a shortcut: the games whose marriage is "in suit, one rank apart" look up
where a card may go instead of asking ``marries`` of every pile (Paternal's draw asked
it of every buried card and every pile: most of a position's time). So along named
lines of play, each position's moves with the index must be the moves without it.
"""

from __future__ import annotations

import random
import sys
from typing import Any

import pytest

from rules import make
from rules.common import AUTO, END

#: (game, options): every game that passes the index, with the marriage and draw rules
#: that change what it holds.
GAMES = [
    ("paternal", {}),
    ("paternal", {"marriage": "down"}),
    ("paternal_king_spaces", {}),
    ("egyptian", {}),
    ("egyptian_draw", {}),
    ("la_belle_lucie", {}),
    ("house_in_the_wood", {}),
    ("house_on_the_hill", {}),
]


def _line(game: Any, seed: int, moves: int) -> list[Any]:
    """The positions of deal ``seed`` played ``moves`` moves by a stream of its own
    (never giving up), the deal first."""
    pick = random.Random(seed)
    t, out = game.deal(seed), []
    for _ in range(moves):
        out.append(t)
        if game.outcome(t) is not None:
            break
        legal = [m for s, m in game.all_legal(t) if m not in (AUTO, END)]
        if not legal:
            break
        t = game.apply_unchecked(t, pick.choice(legal))
    return out


@pytest.mark.parametrize(("gid", "options"), GAMES)
def test_the_marriage_index_gives_the_moves_the_marriage_rule_gives(
        gid: str, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    game: Any = make(gid, options) if options else make(gid)
    module = sys.modules[type(game).__module__]
    positions = [t for seed in (3, 11) for t in _line(game, seed, 80)]
    indexed = [game.steps(t) for t in positions]
    monkeypatch.setattr(module, "suit_neighbours", lambda *a, **k: None)
    asked = [game.steps(t) for t in positions]
    assert indexed == asked
    drawn = sum(1 for steps in asked for s in steps if s.uses == "draw"
                and s.target not in game.foundations)
    if gid in ("paternal", "egyptian_draw"):
        assert drawn, "the line never offered a buried card to draw onto a pile"


def _says_home() -> list[str]:
    """Every solo game whose patience says :meth:`goes_home` itself."""
    from rules import all_games
    from rules.patience import Patience
    return [c.description.id for c in all_games()
            if issubclass(c, Patience) and c.goes_home is not Patience.goes_home]


@pytest.mark.parametrize("gid", _says_home())
def test_a_game_that_says_a_card_goes_home_says_what_its_moves_say(gid: str) -> None:
    """The restricted search asks ``goes_home`` instead of the whole move list of the
    table after a shift; the answer must be the list's, pile by pile, along named
    lines (deals 3 and 11, a stream of their own)."""
    game: Any = make(gid)
    positions = [t for seed in (3, 11) for t in _line(game, seed, 120)]
    asked = said = 0
    for t in positions:
        for pile in range(len(t.piles)):
            answer = game.goes_home(t, pile)
            if answer is not None:
                asked += 1
                said += answer
                assert answer == game.homeward(t, pile), (gid, pile)
    assert said and said < asked, "the lines never showed both answers"
