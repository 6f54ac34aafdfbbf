"""The one-player shell: its memo (one game instance serves many rooms at once), and
giving up, which it plays for every game that offers ``end``."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from rules import all_games, make
from rules.common import AUTO, END
from rules.solo import SoloGame
from tests.kit.conformance import configurations, make_game

SOLO_GAMES = ("clock", "musical", "number_eleven", "blockade", "legitimist", "picture")


def test_interleaved_positions_get_their_own_moves() -> None:
    for game_id in SOLO_GAMES:
        shared = make(game_id)
        states = [shared.deal(seed) for seed in range(6)]
        # answers of a fresh instance per position: no memo carried between positions
        expected = [(make(game_id).legal_moves(s, 0), make(game_id).outcome(s)) for s in states]
        # the shared instance, asked about the positions in turn, twice over (as rooms
        # taking turns would), answers each as if it were alone
        for _ in range(2):
            for state, (moves, outcome) in zip(states, expected, strict=True):
                assert shared.to_move(state) == ((0,) if moves else ())
                assert shared.legal_moves(state, 0) == moves
                assert shared.outcome(state) == outcome
        # an equal but distinct state object is not mistaken for a remembered one
        twin = shared.deal(0)
        assert twin is not states[0] and shared.legal_moves(twin, 0) == expected[0][0]


def _first_offer_of_end(game: SoloGame[Any], seeds: int = 3, moves: int = 300) -> Any:
    """A position of a first-legal playout where ``end`` is legal, or ``None``."""
    for seed in range(seeds):
        state = game.deal(seed)
        for _ in range(moves):
            legal = [m for m in game.legal_moves(state, 0) if m != AUTO]
            if END in legal:
                return state
            if not legal:
                break
            state = game.apply(state, legal[0], 0)
    return None


def test_giving_up_is_the_shells() -> None:
    offered = []
    for cls in all_games():
        game = cls()
        if not isinstance(game, SoloGame):
            continue
        state = _first_offer_of_end(game)
        if state is None:
            continue
        offered.append(game.id)
        legal = [m for m in game.legal_moves(state, 0) if m != AUTO]
        assert legal[-1] == END, game.id  # last, before ``auto``
        assert not game.given_up(state) and game.outcome(state) is None, game.id
        assert game.describe(state, END) == game.end_said, game.id
        after = game.apply(state, END, 0)
        assert after.given_up and game.given_up(after), game.id
        assert game.legal_moves(after, 0) == () and game.safe_moves(after) == (), game.id
        outcome = game.outcome(after)
        assert outcome is not None and not outcome.won, game.id
    # the column games, Napoleon's and Fifteen's kin and the open tableaux all offer it
    assert {"klondike", "napoleon", "fifteen_in_a_row", "paternal", "puzzle",
            "fifteen_magic_square"} <= set(offered)


# -- re-deals: counted once, by the shell ---------------------------------------------

#: Games whose re-deals have no limit, so nothing to count against: the Zodiac turns
#: its talon over as long as each pass placed a card (rules/games/zodiac.py); its ``redeals``
#: (taken so far, ``redeal_number``) is published as ``redeals``.
UNLIMITED = frozenset({"zodiac"})

#: The names under which games published their re-deals before they had one name.
OLD_NAMES = frozenset({"relays_used", "relays_left", "stock_turns_used", "stock_turns_left",
                       "redeals_used", "redeals_allowed", "stock_turned",
                       "turns_allowed"})


def test_the_shell_counts_re_deals() -> None:
    # a fixed limit (St. Helena), and one read from an option (Paternal, The Sultan)
    for game_id, options, limit in (("patience_at_st_helena", {}, 2),
                                    ("paternal", {}, 2), ("paternal", {"redeals": 3}, 3),
                                    ("paternal", {"privilege": "kings"}, 0),
                                    ("sultan", {"redeals": 1}, 1)):
        game = make(game_id, options)
        assert isinstance(game, SoloGame)
        state = game.deal(1)
        assert game.max_redeals() == limit and game.redeals_used(state) == 0
        assert game.redeals_left(state) == limit and game.may_redeal(state) == (limit > 0)
        assert game.redeal_number(state) == 1
        assert game.redeal_facts(state) == ({"redeals_left": limit} if limit else {})
        if limit:
            assert game.public(state)["redeals_left"] == limit
            spent = replace(state, redeals=limit)
            assert not game.may_redeal(spent) and game.redeals_left(spent) == 0
            assert game.redeal_of(replace(state, redeals=limit - 1)) == \
                f"(re-deal {limit} of {limit})"


def _redeal_moves(game: SoloGame[Any], state: Any) -> list[Any]:
    return [m for m in game.legal_moves(state, 0) if m.code in ("redeal", "r")]


def test_every_counted_re_deal_is_the_shells() -> None:
    """Every solo game with re-deals has the shell count them: ``redeals_left`` among its
    public facts, and no re-deal offered past the limit (first-legal play that takes
    every re-deal offered)."""
    counted, redealt = [], set()
    for cls in all_games():
        game = cls()
        if not isinstance(game, SoloGame) or cls.id in UNLIMITED:
            continue
        if not game.max_redeals():
            continue
        counted.append(cls.id)
        for seed in range(2):
            state = game.deal(seed)
            for _ in range(400):
                facts = game.public(state)
                assert facts["redeals_left"] == game.redeals_left(state) >= 0, cls.id
                assert not facts.keys() & OLD_NAMES, cls.id
                legal = [m for m in game.legal_moves(state, 0) if m not in (AUTO, END)]
                if not legal:
                    break
                again = _redeal_moves(game, state)
                assert not again or game.may_redeal(state), cls.id
                before = game.redeals_used(state)
                state = game.apply(state, again[0] if again else legal[0], 0)
                assert game.redeals_used(state) == before + bool(again), cls.id
                if again:
                    redealt.add(cls.id)
    moved = {"paternal", "patience_at_st_helena", "sultan", "le_sultan", "solitaire_follow_suit",
             "nivernaise", "la_nivernaise", "babette", "duchess_of_luynes",
             "la_duchesse_de_luynes", "les_petits_paquets", "brunette_and_blonde",
             "knaves_dial", "napoleon", "louises_game", "musical", "legitimist", "picture",
             "weavers", "rank_and_file", "rank_and_file_appendix", "la_belle_lucie",
             "house_on_the_hill", "les_quatre_coins"}
    assert moved <= set(counted) and moved <= redealt, (moved - set(counted), moved - redealt)


# -- privileges: counted once, by the shell -------------------------------------------

#: The names under which games published their privileges before they had one name.
OLD_PRIVILEGE_NAMES = frozenset({"privilege", "privileges_used", "privilege_used", "draw",
                                 "draw_used", "three_more", "exchange_used"})


def test_the_shell_counts_privileges() -> None:
    # one privilege (The Old Stager), two (Grandfathers), and from an option (Little
    # Lots' once or each, The Egyptian's draw, Paternal's kings)
    for game_id, options, limits in (("old_stager", {}, {"lay_off": 1}),
                                     ("grandfathers", {}, {"three": 1, "draw": 1}),
                                     ("little_lots", {}, {"turn_up": 8}),
                                     ("little_lots", {"privilege": "once"}, {"turn_up": 1}),
                                     ("egyptian", {}, {}),
                                     ("egyptian", {"draw": True}, {"draw": 1}),
                                     ("paternal", {}, {"draw": 1}),
                                     ("paternal", {"privilege": "kings"}, {})):
        game = make(game_id, options)
        assert isinstance(game, SoloGame)
        state = game.deal(1)
        assert dict(game.max_privileges()) == limits and game.privileges_used(state) == ()
        for kind, n in limits.items():
            assert game.privilege_count(state, kind) == 0, game_id
            assert game.privileges_left(state, kind) == n and game.may_use_privilege(state, kind)
            spent = replace(state, privileges_used=(kind,) * n)
            assert game.privilege_count(spent, kind) == n
            assert not game.may_use_privilege(spent, kind)
            assert game.privileges_left(spent, kind) == 0
            assert game.use_privilege(state, kind) == (kind,)
        assert not game.may_use_privilege(state, "no_such_privilege")
        if len(limits) == 1:  # the game's only privilege needs no name
            (kind,) = limits
            assert game.may_use_privilege(state) and game.use_privilege(state) == (kind,)
            assert game.privilege_facts(state) == {"privileges_left": {kind: limits[kind]}}
        elif limits:
            assert game.privilege_facts(state) == {"privileges_left": limits}
        else:
            assert game.privilege_facts(state) == {}
        assert not game.public(state).keys() & OLD_PRIVILEGE_NAMES, game_id


def _count(game: SoloGame[Any], state: Any) -> dict[str, int]:
    return {kind: game.privilege_count(state, kind) for kind in game.max_privileges()}


def test_every_counted_privilege_is_the_shells() -> None:
    """Every solo game that grants privileges has the shell count them: ``privileges_left``
    among its public facts, and no privilege ever used past its count. Seeded playouts
    try every legal move at each step and take one that uses a privilege when there is
    one (so that the privileges are spent and then asked for again)."""
    counted, used = [], set()
    for config in configurations(distinct=True):
        game = make_game(config)
        if not isinstance(game, SoloGame):
            continue
        limits = game.max_privileges()
        if not limits:
            continue
        counted.append(game.id)
        for seed in range(3):
            pick = random.Random(seed)
            state = game.deal(seed)
            for _ in range(250):
                facts = game.public(state)
                left = {k: game.privileges_left(state, k) for k in limits}
                assert facts["privileges_left"] == left, game.id
                assert not facts.keys() & OLD_PRIVILEGE_NAMES, game.id
                legal = [m for m in game.legal_moves(state, 0) if m not in (AUTO, END)]
                if not legal:
                    break
                before = _count(game, state)
                spending = []
                for move in legal:
                    after = game.apply(state, move, 0)
                    now = _count(game, after)
                    assert set(game.privileges_used(after)) <= set(limits), game.id
                    for kind, n in now.items():
                        assert before[kind] <= n <= limits[kind], (game.id, kind, move)
                        if n > before[kind]:
                            assert game.may_use_privilege(state, kind), game.id
                            spending.append(after)
                            used.add(game.id)
                state = spending[0] if spending else game.apply(state, pick.choice(legal), 0)
    moved = {"old_stager", "little_lots", "egyptian_draw", "paternal",
             "grandfathers", "salique_law", "push_pin", "blockade", "fourteen",
             "les_quatorze"}
    assert moved <= set(counted), moved - set(counted)
    assert "la_loi_salique" not in counted and "paternal_king_spaces" not in counted
    # every privilege was used in some playout
    assert moved <= used, moved - used
