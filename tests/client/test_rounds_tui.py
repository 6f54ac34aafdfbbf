"""Round games in the terminal UI, against a real server: a person plays whole short
matches against computer players with the table's keys only, and a watcher's screen
never shows a card of a hand."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from client.events import Table
from client.plan import Plan
from client.render import card_text
from client.round_text import drawn_position, is_call, move_key, played_card
from client.session import Session
from client.tokens import TokenStore
from client.tui.app import SympathyApp
from client.tui.over import GameOver
from client.tui.table import TableScreen
from rules.cards import code, name, standard_pack
from tests.kit.screen import screen_text, until
from tests.kit.server import Running

#: Short matches: (game, options, a key the person must have used). Old Maid: the
#: person draws from a hand by position (left/right, enter); Snap turned by hand: ``n``
#: turns, space calls.
MATCHES = [("old_maid", {"players": 3, "deals": 1}, "right"),
           ("snap", {"players": 2, "auto_turn": False, "max_turns": 12, "tie_ms": 0}, "n")]


def keys_for(app: SympathyApp) -> list[str]:
    """The keys that make one of the person's legal moves, as the table screen offers
    them: space for a call, left/right then enter for a card, a word move's letter."""
    view = app.table.view
    moves = app.table.my_moves()
    codes = [str(m["code"]) for m in moves]
    if any(is_call(view, c) for c in codes):
        return ["space"]
    if any(played_card(view, m) or drawn_position(view, m) is not None for m in moves):
        return ["right", "enter"]
    keyed = [move_key(view, c) for c in codes if move_key(view, c)]
    return [keyed[0]] if keyed else ["1"]


async def play_match(app: SympathyApp, pilot: Pilot[None], seen: set[str]) -> None:
    """Press keys until the match is over (the game-over screen shows)."""
    assert app.session is not None
    for _ in range(400):
        await until(lambda: app.table.over or bool(app.table.my_moves()), 30)
        if app.table.over:
            break
        if not isinstance(app.screen, TableScreen):
            await until(lambda: isinstance(app.screen, TableScreen | GameOver))
            continue
        await pilot.pause()
        keys = keys_for(app)
        seen.update(k for k in keys if k != "enter")
        before = app.table.version
        await pilot.press(*keys)
        # the table moved (this move, a computer player's, a call's race) or a refusal
        # shows; then look again
        await until(progressed(app, before), 30)
    await until(lambda: isinstance(app.screen, GameOver), 30)


@pytest.mark.parametrize(("game", "options", "key"), MATCHES, ids=[m[0] for m in MATCHES])
async def test_a_person_plays_a_match_against_computer_players(
        server: Running, tokens: TokenStore, game: str, options: dict[str, Any],
        key: str) -> None:
    plan = Plan("create", game=game, create={"options": options, "think_ms": 0})
    app = SympathyApp(server.url, "Ann", plan, tokens=tokens)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, TableScreen))
        assert app.session is not None
        await app.session.wait_until(lambda t: t.view is not None)
        await pilot.press("c")  # the host fills the empty seats with computer players
        await app.session.wait_until(
            lambda t: sum(bool(m.get("bot")) for m in t.members) == options["players"] - 1)
        seen: set[str] = set()
        await play_match(app, pilot, seen)
        view = app.table.view
        assert view is not None and view["status"] in ("won", "lost")
        match = view["public"]["match"]
        assert match["history"], "a finished match has the history of its deals"
        assert key in seen, "the person made moves by the table's keys"
        text = screen_text(app)
        assert "game over" in text


async def test_a_watchers_screen_never_shows_a_hand_card(server: Running,
                                                          tokens: TokenStore) -> None:
    async with Session(server.url, "Ann") as ann, Session(server.url, "Bea") as bea:
        code = (await ann.create("old_maid", options={"players": 2, "deals": 1},
                                 deal=11))["code"]
        await bea.join(code, "player")
        app = SympathyApp(server.url, "Wes", Plan("join", code=code, role="watcher"),
                          tokens=tokens)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, TableScreen))
            assert app.session is not None
            players = [ann, bea]
            frames = 0
            while True:
                version = ann.table.version
                await app.session.wait_until(reached(version))
                await pilot.pause()
                shown = app.table.version
                if shown == version and isinstance(app.screen, TableScreen):
                    text = screen_text(app)
                    frames += 1
                    hands = {c for p in players for c in hand(p)}
                    assert hands, "the players hold cards"
                    for c in hands:
                        assert card_text(c) not in text, (c, text)
                    assert "cards" in text
                if ann.table.over:
                    break
                mover = next((p for p in players if p.table.my_moves()), None)
                if mover is None:
                    await ann.wait_until(moved(version))
                    continue
                ok = await mover.move(str(mover.table.my_moves()[0]["code"]))
                for p in players:
                    await p.wait_until(reached(int(ok["version"])))
            assert frames >= 5


def progressed(app: SympathyApp, before: int) -> Callable[[], bool]:
    """The table moved on from ``before``, or the screen says something (a refusal)."""
    def check() -> bool:
        if app.table.version > before or app.table.over:
            return True
        return isinstance(app.screen, TableScreen) and \
            bool(str(app.screen.query_one("#message").render()).strip())
    return check


def reached(version: int) -> Callable[[Table], bool]:
    return lambda t: t.version >= version


def moved(version: int) -> Callable[[Table], bool]:
    return lambda t: t.version > version or t.over


def hand(s: Session) -> list[str]:
    """The cards of the session's own hand, as its view shows them."""
    view = s.table.view or {}
    return [str(c) for z in view.get("zones", ()) if z.get("kind") == "hand"
            and z.get("owner") in s.table.seats for c in z.get("up", ())]


async def test_an_advisor_behind_a_seat_sees_its_hand_and_proposes(
        server: Running, tokens: TokenStore) -> None:
    async with Session(server.url, "Ann") as ann, Session(server.url, "Bea") as bea:
        code = (await ann.create("old_maid", options={"players": 2, "deals": 1},
                                 deal=11))["code"]
        await bea.join(code, "player")
        app = SympathyApp(server.url, "Xan", Plan("join", code=code, role="advisor"),
                          tokens=tokens)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, TableScreen))
            assert app.session is not None
            assert "your hand" not in screen_text(app)  # behind no seat: no hand
            await ann.wait_until(lambda t: any(m.get("name") == "Xan" for m in t.members))
            xan = next(m for m in ann.table.members if m.get("name") == "Xan")
            await ann.invite(str(xan["id"]), 1)  # the host seats Xan behind Bea's seat
            await app.session.wait_until(lambda t: t.audience == 1 and bool(hand_of(t, 1)))
            await pilot.pause()
            text = screen_text(app)
            assert hand(bea) == hand_of(app.table, 1)
            assert all(card_text(c) in text for c in hand(bea)), text
            if not app.table.table_moves():  # Bea's turn comes after Ann's draw
                await ann.move(str(ann.table.my_moves()[0]["code"]))
                await app.session.wait_until(lambda t: bool(t.table_moves()))
                await pilot.pause()
            await pilot.press("1")  # Xan proposes Bea's first move
            await bea.wait_until(lambda t: bool(t.proposals))
            assert bea.table.proposals[0]["by"] == ["Xan"]


def hand_of(t: Table, seat: int) -> list[str]:
    view = t.view or {}
    return [str(c) for z in view.get("zones", ()) if z.get("kind") == "hand"
            and z.get("owner") == seat for c in z.get("up", ())]


@contextlib.asynccontextmanager
async def ann_and_bea(server: Running, tokens: TokenStore, game: str, options: dict[str, Any],
                      deal: int) -> AsyncIterator[tuple[SympathyApp, Pilot[None], Session]]:
    """Ann's terminal (the app, 100x30) opens ``game`` on ``deal``, seat 1 (Player 1 or
    North); Bea (the client library) sits in seat 2; computer players play at once."""
    plan = Plan("create", game=game,
                create={"options": options, "deal": deal, "think_ms": 0})
    app = SympathyApp(server.url, "Ann", plan, tokens=tokens)
    async with app.run_test(size=(100, 30)) as pilot, Session(server.url, "Bea") as bea:
        await until(lambda: isinstance(app.screen, TableScreen))
        assert app.session is not None
        await app.session.wait_until(lambda t: t.view is not None)
        await bea.join(app.table.code, "player")
        # Ann's terminal knows Bea sits there (presence comes in a message of its own: a
        # board drawn before it names her seat, not her)
        await app.session.wait_until(lambda t: any(
            m.get("name") == "Bea" and m.get("seats") for m in t.members))
        yield app, pilot, bea


async def test_the_last_moves_say_who_took_your_card_and_the_card_you_drew(
        server: Running, tokens: TokenStore) -> None:
    # Old Maid deal 9, two people: Bea (left of the dealer, Ann) draws first. The moves
    # name people, not seats ("Player 2"), and the title names the game by its title
    async with ann_and_bea(server, tokens, "old_maid", {"players": 2, "deals": 1}, 9) \
            as (app, pilot, bea):
        assert app.session is not None
        await bea.wait_until(lambda t: bool(t.my_moves()))
        assert all("Ann's hand" in m["text"] for m in bea.table.my_moves()), \
            bea.table.my_moves()
        await bea.move("d0")
        await app.session.wait_until(lambda t: bool(t.my_moves()))
        await pilot.pause()
        text = screen_text(app)
        assert "last moves:" in text and "- Bea draws a card from Ann" in text, text
        assert "Draw card 1 from the left of Bea's hand" in text, text
        assert "Player 2's hand" not in text, text
        # the facts name the person whose hand is offered, as the page does
        assert "offering their hand: Bea (Player 2)" in text, text
        assert "Old Maid  room " in text and "old_maid" not in text, text
        version = app.table.version
        await pilot.press("right", "enter")  # Ann draws from Bea's hand
        await app.session.wait_until(reached(version + 1))
        await pilot.pause()
        mine = next(e["text"] for e in app.table.log if e["version"] == version + 1)
        assert mine.startswith("Ann draws the "), mine
        drawn = mine.removeprefix("Ann draws the ").split(" ", 1)[0]
        assert f"- {mine}" in screen_text(app)
        codes = {name(c): code(c) for c in standard_pack()}
        assert codes[drawn] in {c for z in (app.table.view or {}).get("zones", ())
                                for c in z.get("up", ())}  # in her hand, or thrown out
        await bea.wait_until(reached(version + 1))
        hers = next(e["text"] for e in bea.table.log if e["version"] == version + 1)
        assert hers == mine.replace(f"the {drawn}", "a card", 1), (hers, mine)


async def test_all_fours_trick_names_who_played_each_card_and_keeps_the_last(
        server: Running, tokens: TokenStore) -> None:
    # deal 3, two people: Ann (North) deals; Bea (East) holds or begs and leads, each
    # move her first legal one
    async with ann_and_bea(server, tokens, "all_fours", {"players": 2}, 3) \
            as (app, pilot, bea):
        assert app.session is not None

        def trick(t: Table) -> list[str]:
            zones = (t.view or {}).get("zones", ())
            return [str(c) for z in zones if z.get("id") == "trick" for c in z.get("up", ())]

        for _ in range(10):  # until Ann follows a card Bea led
            await bea.wait_until(lambda t: bool(t.my_moves()) or bool(trick(t)))
            if trick(bea.table):
                break
            await bea.move(str(bea.table.my_moves()[0]["code"]))
        await app.session.wait_until(lambda t: bool(trick(t)) and bool(t.my_moves()))
        await pilot.pause()
        led = card_text(trick(app.table)[0])
        assert f"the trick: Bea (East) {led}" in screen_text(app)
        version = app.table.version
        await pilot.press("right", "enter")  # Ann follows with a card of her hand
        await app.session.wait_until(reached(version + 1))
        await pilot.pause()
        last = (app.table.view or {})["public"]["last_trick"]
        mine = card_text(str(last["cards"][1]))
        winner = "Bea (East)" if last["winner"] == 1 else "you (North)"
        assert f"last trick, won by {winner}: Bea (East) {led}, you (North) {mine}" in \
            screen_text(app), screen_text(app)


async def test_the_hand_is_sorted_by_suit_then_by_the_games_own_order_of_ranks(
        server: Running, tokens: TokenStore) -> None:
    # All Fours, deal 12: dealt Q♠ 5♥ Q♥ A♥ 3♦ 4♣; shown spades, hearts (the ace above
    # the queen), clubs, diamonds
    async with ann_and_bea(server, tokens, "all_fours", {"players": 2}, 12) as (app, _, _):
        await until(lambda: "your hand: Q♠ 5♥ Q♥ A♥ 4♣ 3♦" in screen_text(app))


async def test_left_and_right_walk_the_hand_in_the_order_it_is_shown(
        server: Running, tokens: TokenStore) -> None:
    # All Fours deal 12: Bea stands and leads 3♠, Ann follows with Q♠ and leads next
    # from 5♥ Q♥ A♥ 3♦ 4♣ (the server's order), shown 5♥ Q♥ A♥ 4♣ 3♦: the keys walk
    # them as shown
    async with ann_and_bea(server, tokens, "all_fours", {"players": 2}, 12) \
            as (app, pilot, bea):
        assert app.session is not None
        await bea.wait_until(lambda t: bool(t.my_moves()))
        await bea.move("hold")
        await bea.wait_until(lambda t: "p3s" in [m["code"] for m in t.my_moves()])
        await bea.move("p3s")
        await app.session.wait_until(lambda t: bool(t.my_moves()))
        await app.session.move("pqs")
        await app.session.wait_until(lambda t: len(t.my_moves()) == 5)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        box = screen.query_one("#moves", OptionList)

        def chosen() -> str:
            assert box.highlighted is not None
            return str(screen._shown_moves[box.highlighted]["code"])

        # no card is chosen until she walks: the first right chooses the first card shown
        assert box.highlighted is None, box.highlighted
        walked = []
        for _ in range(6):
            await pilot.press("right")
            walked.append(chosen())
        assert walked == ["p5h", "pqh", "pah", "p4c", "p3d", "p5h"], (walked, screen_text(app))
        await pilot.press("left")
        assert chosen() == "p3d"


async def test_the_pope_joan_board_is_drawn_with_each_pool_and_its_counters(
        server: Running, tokens: TokenStore) -> None:
    # deal 1, three players: the board dressed for the first deal, trumps clubs
    async with ann_and_bea(server, tokens, "pope_joan", {"players": 3}, 1) as (app, _, _):
        board = (app.table.view or {})["public"]["board"]
        assert board["Pope"] == 6
        rows = ["the board (trumps ♣):",
                f"Ace {board['Ace']}         King {board['King']}        "
                f"Queen {board['Queen']}",
                f"Knave {board['Knave']}       Pope {board['Pope']}        "
                f"Matrimony {board['Matrimony']}",
                f"Intrigue {board['Intrigue']}    Game {board['Game']}"]
        await until(lambda: all(r in screen_text(app) for r in rows))
        assert "board:" not in screen_text(app)  # not a line of facts


async def test_the_end_of_a_deal_says_how_it_went_until_the_person_goes_on(
        server: Running, tokens: TokenStore) -> None:
    # Old Maid deal 9, three deals, two people: Ann (the app) and Bea each draw their
    # first card offered until the first deal is over
    async with ann_and_bea(server, tokens, "old_maid", {"players": 2, "deals": 3}, 9) \
            as (app, pilot, bea):
        assert app.session is not None

        def deals(t: Table) -> int:
            return len(((t.view or {}).get("public") or {}).get("match", {})["history"])

        for _ in range(80):
            await bea.wait_until(lambda t: bool(t.my_moves()) or deals(t) > 0)
            if deals(bea.table):
                break
            ok = await bea.move("d0")
            await app.session.wait_until(reached(int(ok["version"])))
            if app.table.my_moves() and not deals(app.table):
                await pilot.press("right", "enter")
                await app.session.wait_until(moved(int(ok["version"])))
        await app.session.wait_until(lambda t: deals(t) > 0)
        await pilot.pause()
        maid = (app.table.view or {})["public"]["match"]["history"][0]["scores"].index(1)
        who = ["Ann (Player 1)", "Bea (Player 2)"][maid]
        said = f"deal 1 is over: {who} is the old maid. points: you (Player 1) " \
            f"{1 - maid}, Bea (Player 2) {maid}"
        await until(lambda: said in " ".join(screen_text(app).split()), 10)
