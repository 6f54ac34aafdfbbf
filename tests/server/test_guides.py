"""How to play, through a real socket: the ``games`` list gives each game its name for
people, a sentence, its kind and difficulty and words for its options; ``guide`` gives
the guide and deal 0 as a watcher sees it, hiding what a watcher may not see."""

from __future__ import annotations

import pytest

from rules import Play, all_games, make
from rules.guide import guide
from server.guides import GUIDE_DEAL
from tests.kit.leaks import assert_hides, secret_cards
from tests.kit.peer import Peer
from tests.kit.server import Running


@pytest.mark.limits(rate=100_000, burst=100_000)
async def test_the_games_list_speaks_to_people(server: Running) -> None:
    peer = await Peer.connect(server.url, "Ann")
    games = {g["id"]: g for g in (await peer.call("games"))["games"]}
    assert games["babette"]["title"] == "Babette"
    assert "untitled" in games["babette"]["book_title"]
    assert games["klondike"]["summary"] == guide("klondike").summary
    assert (games["klondike"]["kind"], games["old_maid"]["kind"],
            games["sympathy"]["kind"]) == ("solo", "party", "two")
    assert games["knaves_dial"]["difficulty"] == "easy"
    assert games["bethel"]["difficulty"] == "hard"
    assert games["snap"]["difficulty"] is None
    passes = next(o for o in games["klondike"]["options"] if o["name"] == "passes")
    assert passes["label"] == "Passes through the stock"
    assert passes["about"].endswith(".")
    assert dict(map(tuple, passes["choice_labels"])) == {
        "until_no_play": "again while the last pass helped", "one": "once only",
        "unlimited": "as often as you like"}
    animals = next(o for o in games["snap"]["options"] if o["name"] == "animals")
    assert [w for _, w in animals["choice_labels"]] == ["no, call \"Snap\"",
                                                         "yes, call the animal"]


@pytest.mark.limits(rate=100_000, burst=100_000)
@pytest.mark.parametrize("game_id", ["klondike", "sympathy", "old_maid", "le_moulin"])
async def test_a_guide_comes_with_deal_0_as_a_watcher_sees_it(server: Running,
                                                              game_id: str) -> None:
    peer = await Peer.connect(server.url, "Ann")
    reply = await peer.call("guide", game=game_id)
    assert reply["type"] == "guide" and reply["game"] == game_id
    g = reply["guide"]
    assert [h for h, _ in g["parts"]] == ["Goal", "Layout", "Moves", "End"]
    assert g["name"] == guide(game_id).name and g["citation"] == guide(game_id).citation
    assert reply["deal"] == GUIDE_DEAL == 0
    game = make(game_id)
    state = Play.start(game, GUIDE_DEAL).state
    view = reply["view"]
    assert view["game"] == game_id
    assert sum(z["down"] + len(z["up"]) for z in view["zones"]) == sum(
        len(z.cards) for z in game.zones(state))
    assert_hides(reply, secret_cards(game, state, None), None, f"{game_id}'s guide")


@pytest.mark.limits(rate=100_000, burst=100_000)
async def test_a_guide_by_alias_and_an_unknown_game(server: Running) -> None:
    peer = await Peer.connect(server.url, "Ann")
    alias = next(a for g in all_games() for a in g.description.aliases)
    reply = await peer.call("guide", game=alias)
    assert reply["type"] == "guide" and reply["game"] != alias
    err = await peer.call("guide", game="no_such_game")
    assert err["type"] == "error" and err["code"] == "game/unknown"
    assert "no_such_game" in err["message"]
