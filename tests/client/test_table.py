"""The table screen at 80x24, driven by Textual's pilot against a real server: what a
player reads (cards in their colours, the turn in words, proposals in the move list) and
what each key does."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from rich.color import Color
from textual.pilot import Pilot

from client.plan import Plan
from client.session import Session
from client.tokens import TokenStore
from client.tui.app import SympathyApp
from client.tui.board import Board
from client.tui.over import GameOver
from client.tui.rules import RulesScreen
from client.tui.table import TableScreen
from tests.kit.screen import screen_text, segments, text_of
from tests.kit.server import Running

SMALL = (80, 24)


async def settle(pilot: Pilot[None], app: SympathyApp, version: int) -> None:
    assert app.session is not None
    await app.session.wait_until(lambda t: t.version >= version)
    await pilot.pause()
    await pilot.pause()


async def until(pilot: Pilot[None], what: Any, timeout: float = 30.0) -> None:
    async with asyncio.timeout(timeout):
        while not what():
            await pilot.pause(0.02)


@asynccontextmanager
async def bea_at_sympathy(server: Running, tokens: TokenStore, moves: int,
                          ascii: bool = False, deal: int = 42
                          ) -> AsyncIterator[tuple[SympathyApp, Pilot[None], Session]]:
    """Ann (the library, host) and Bea (the TUI at 80x24); ``moves`` moves played,
    each seat taking its first legal move."""
    async with Session(server.url, "Ann") as ann:
        code = (await ann.create("sympathy", deal=deal))["code"]
        app = SympathyApp(server.url, "Bea", Plan("join", code=code), tokens=tokens,
                          ascii=ascii)
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            await settle(pilot, app, 0)
            for v in range(moves):
                if app.table.my_moves():
                    await pilot.press("1")
                else:
                    await ann.wait_until(lambda t, v=v: t.version == v)  # type: ignore[misc]
                    await ann.move(ann.table.my_moves()[0]["code"])
                await settle(pilot, app, v + 1)
            await ann.wait_until(lambda t: t.version == moves)
            yield app, pilot, ann


async def test_black_cards_are_never_drawn_in_a_colour(server: Running,
                                                       tokens: TokenStore) -> None:
    async with bea_at_sympathy(server, tokens, 14) as (app, _pilot, _ann):
        cards = [(text, style) for text, style in segments(app)
                 if any(s in text for s in "♠♣♥♦")]
        black = [(t, s) for t, s in cards if "♠" in t or "♣" in t]
        red = [(t, s) for t, s in cards if "♥" in t or "♦" in t]
        assert black and red
        for text, style in black:  # on every line of a seat's row, the first one too
            assert style.color is None or style.color == Color.default() or \
                style.color.name in ("default", "white", "bright_white") or \
                style.color.triplet is None or \
                max(style.color.get_truecolor()) - min(style.color.get_truecolor()) < 40, \
                (text, style)
        for _text, style in red:
            assert style.color is not None and style.color.get_truecolor().red > 150


async def test_ascii_shows_no_suit_symbol_anywhere(server: Running,
                                                   tokens: TokenStore) -> None:
    """Solitaire, deal 7, one move in: cards on the board, in the last move and in the
    move list's descriptions, all in letters (and face-down counts without the block)."""
    app = SympathyApp(server.url, "Ann", Plan("create", game="solitaire",
                                              create={"deal": 7}), tokens=tokens, ascii=True)
    async with app.run_test(size=SMALL) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await settle(pilot, app, 0)
        await pilot.press("1")
        await settle(pilot, app, 1)
        shown = screen_text(app)
        card = r"\b(10|[2-9AJQK])[SHDC]\b"
        last = next(line for line in shown.splitlines() if line.startswith("last: "))
        assert re.search(card, last), last
        moves = shown.split("\nmoves\n")[1].splitlines()
        assert any(re.search(rf"^ *\d+\. .*{card}", line) for line in moves), shown
        assert not set("♠♥♦♣▒") & set(shown), shown
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        assert not set("♠♥♦♣") & set(screen_text(app))


async def test_the_whole_board_and_the_turn_fit_80x24(server: Running,
                                                      tokens: TokenStore) -> None:
    async with bea_at_sympathy(server, tokens, 20) as (app, _pilot, _ann):
        shown = screen_text(app)
        assert app.table.view is not None
        for z in app.table.view["zones"]:  # B1..B17, the grace and the thrown-out pairs
            assert f"{z['id']} " in shown, z["id"]
        assert "pairs: " in shown  # the public line
        assert " to play: " in shown and "moves" in shown


async def test_the_status_line_speaks_in_names_not_internal_state(
        server: Running, tokens: TokenStore) -> None:
    async with bea_at_sympathy(server, tokens, 3) as (app, _pilot, _ann):
        shown = screen_text(app)
        assert "must_continue" not in shown and "turned_this_turn" not in shown
        assert "None" not in shown and "False" not in shown
        mover = app.table.view["to_move"][0] if app.table.view else None
        expected = "Ann (A) to play: " if mover == 0 else "You (B) to play: "
        assert expected in shown, shown


async def test_proposals_are_marked_in_the_move_list_and_taken_by_number(
        server: Running, tokens: TokenStore) -> None:
    async with Session(server.url, "Xan") as xan, Session(server.url, "Yul") as yul:
        app = SympathyApp(server.url, "Ann", Plan("create", game="solitaire",
                                                  create={"deal": 7}), tokens=tokens)
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            await settle(pilot, app, 0)
            while len(app.table.my_moves()) < 2:  # play on until there is a choice
                v = app.table.version
                await pilot.press("enter", "y")
                await settle(pilot, app, v + 1)
            ann_moves = app.table.version
            await xan.join(app.table.code, "advisor")
            await yul.join(app.table.code, "advisor")
            moves = [m["code"] for m in app.table.my_moves()]
            await xan.wait_until(lambda t: t.version == ann_moves)
            await yul.wait_until(lambda t: t.version == ann_moves)
            await xan.propose(moves[0])
            await yul.propose(moves[1])
            await xan.propose(moves[1])  # two votes for the second move
            await until(pilot, lambda: len(app.table.proposals) == 2 and
                        app.table.proposals[0]["votes"] == 2)
            await pilot.pause()
            shown = screen_text(app)
            assert "◀ P1 Yul, Xan (2 votes)" in shown, shown
            assert "◀ P2 Xan (1 vote)" in shown
            await pilot.press("a")  # two proposals: which one?
            await pilot.pause()
            assert "Take which proposal? Press 1-2." in screen_text(app)
            await pilot.press("2")
            await settle(pilot, app, ann_moves + 1)
            assert app.table.last is not None
            assert app.table.last["move"] == moves[0]
            assert app.table.last["advised_by"] == ["Xan"]


async def test_after_chat_the_keys_go_back_to_the_table(server: Running,
                                                        tokens: TokenStore) -> None:
    async with bea_at_sympathy(server, tokens, 0) as (app, pilot, ann):
        await pilot.press("t")
        await pilot.pause()
        await pilot.press(*"hello", "enter")
        await ann.wait_until(lambda t: bool(t.chat))
        assert ann.table.chat[-1].text == "hello"
        await pilot.press("1")  # a key for the table, not for the chat box: B opens
        await settle(pilot, app, 1)
        assert app.table.last is not None and app.table.last["move"] == "open"


async def test_question_mark_shows_how_to_play_and_the_keys(server: Running,
                                                            tokens: TokenStore) -> None:
    """``?`` shows the game's guide, goal first, in plain words (not the module's
    docstring: no scan lines, no file names, no markup), the book last, then the keys."""
    async with bea_at_sympathy(server, tokens, 0) as (app, pilot, _ann):
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        await until(pilot, lambda: "Options the host may choose" in text_of(pilot, "#rules-text"))
        shown = screen_text(app)
        assert shown.index("Sympathy") < shown.index("Goal") < shown.index("Layout")
        assert "throw out every card" in shown  # the goal, first
        for _ in range(12):  # page down through the guide to the keys at the end
            await pilot.press("pagedown")
            await pilot.pause()
            shown += screen_text(app)
        assert "the order in which you turn your piles does not matter" in " ".join(
            shown.split())
        assert "From Cheney, Patience (3rd ed., 1894), pp. 151-152." in shown
        assert "quits keeping the seat" in shown  # the keys, at the end
        for code_word in ("l.3216", "``", "amb.", "Source:", ".txt", "match_rule"):
            assert code_word not in shown, code_word
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))


async def test_the_game_over_screen_deals_again_and_q_quits(server: Running,
                                                             tokens: TokenStore) -> None:
    """La Forteresse, deal 3, has no move but giving up (enter chooses it, y says yes:
    it has no number); the host's n deals a new (secret) deal in the same room; at the
    end of that one, q quits from the game-over screen."""
    app = SympathyApp(server.url, "Ann", Plan("create", game="la_forteresse",
                                              create={"deal": 3}), tokens=tokens)
    async with app.run_test(size=SMALL) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await settle(pilot, app, 0)
        for deal in (1, 2):
            while not app.table.over:
                v = app.table.version
                await pilot.press("enter", "y")
                await settle(pilot, app, v + 1)
            await until(pilot, lambda: isinstance(app.screen, GameOver))
            assert "n: next deal  r: rematch" in screen_text(app)
            assert " q: quit" in screen_text(app)
            if deal == 1:
                commitment = app.table.fair["commitment"]
                await pilot.press("n")
                await until(pilot, lambda: isinstance(app.screen, TableScreen)
                            and not app.table.over)
                assert app.table.tally == {"deals": 1, "won": 0}
                assert app.table.last is not None
                assert "a new deal" in str(app.table.last["text"])
                assert app.table.fair["commitment"] != commitment
        await pilot.press("q")
        await until(pilot, lambda: app.return_code is not None)
    assert app.return_code == 0


async def test_every_game_fits_80x24() -> None:
    """Every registered game, a few moves in, drawn by the table's board widget in the
    room the table gives it at 80 columns: every zone is drawn, no line is wider than the
    board (long piles fold), so nothing is cut off; a board taller than the screen
    scrolls (page down, shown in the Sympathy test above). Drawn from the rules' own
    views, without a server, so that a hundred games stay quick."""
    from rules import all_games
    from tests.kit.board import BoardApp, midgame

    games = all_games()
    app = BoardApp(midgame(games[0].id, 42, 3, 0), 0)
    async with app.run_test(size=SMALL) as pilot:  # one app: each board drawn in turn
        await pilot.pause()
        board = app.query_one(Board)
        assert board.content_size.width == 78
        for cls in games:
            view = midgame(cls.id, 42, 3, 0)
            app.draw(view, 0)  # drawn at once, at the width the board has
            lines = board.drawn.split("\n")
            widest = max(line.cell_len for line in lines)
            assert widest <= board.content_size.width, (cls.id, widest)
            shown = board.drawn.plain
            if view.get("layout") == "round":  # seats around the table, by their names
                # (a seat's own zones by its labels; the table's by theirs)
                for z in view["zones"]:
                    name = z["label"] if z["owner"] is None else view["seats"][z["owner"]]
                    assert name in shown, (cls.id, z["id"])
                continue
            for z in view["zones"]:
                assert f"{z['id']} " in shown, (cls.id, z["id"])
