"""Learning a game in the terminal's lobby, driven by Textual's pilot against a real
server: the form to open a room says what the chosen game is in a sentence, and "How to
play" shows its guide, goal first, with its options in words for people."""

from __future__ import annotations

from textual.widgets import Select, Static

from client.plan import Plan
from client.session import Session
from client.tokens import TokenStore
from client.tui.app import SympathyApp
from client.tui.lobby import CreateScreen
from client.tui.rules import GuideScreen
from rules.guide import guide
from tests.kit.screen import screen_text, text_of, until
from tests.kit.server import Running


async def test_the_lobby_says_what_each_game_is_and_how_to_play_it(
        server: Running, tokens: TokenStore) -> None:
    app = SympathyApp(server.url, "Ann", Plan("lobby"), tokens=tokens)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await until(lambda: isinstance(app.screen, CreateScreen))
        app.screen.query_one("#game", Select).value = "klondike"
        await until(lambda: "seven columns" in text_of(pilot, "#about"))
        about = text_of(pilot, "#about")
        assert about.startswith(guide("klondike").summary)
        assert "(one player · medium difficulty)" in about
        app.screen.query_one("#game", Select).value = "old_maid"
        await until(lambda: "odd queen" in text_of(pilot, "#about"))
        assert "two or more players" in text_of(pilot, "#about")

        app.screen.query_one("#game", Select).value = "klondike"
        await pilot.pause()
        await pilot.click("#how")
        await until(lambda: isinstance(app.screen, GuideScreen))
        text = str(app.screen.query_one("#guide-text", Static).render())
        assert text.splitlines()[:3] == ["Klondike", "", "Goal"]
        assert text.index("Goal") < text.index("Layout") < text.index("Moves") < \
            text.index("End") < text.index("Options the host may choose")
        assert "- Passes through the stock: How often the stock may be gone through. " \
               "(again while the last pass helped / once only / as often as you like)" in text
        assert text.rstrip().endswith("(the copy used has no page numbers).")
        assert "until_no_play" not in text and "l.23" not in text
        assert "Klondike" in screen_text(app)
        await pilot.press("escape")
        await until(lambda: isinstance(app.screen, CreateScreen))


async def test_the_lobby_sets_a_games_options_by_their_words(server: Running,
                                                              tokens: TokenStore) -> None:
    """Each option of the chosen game is offered under its label and sentence, its
    choices in words; the room opens with the choice made (no option id to type)."""
    app = SympathyApp(server.url, "Ann", Plan("lobby"), tokens=tokens)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await until(lambda: isinstance(app.screen, CreateScreen))
        app.screen.query_one("#game", Select).value = "klondike"
        await until(lambda: bool(app.screen.query("#opt-passes")))
        labels = [str(s.render()) for s in app.screen.query(".option-about").results(Static)]
        assert "Passes through the stock: How often the stock may be gone through." in labels
        passes = app.screen.query_one("#opt-passes", Select)
        assert [str(p[0]) for p in passes._options] == [
            "again while the last pass helped", "once only", "as often as you like"]
        passes.value = '"one"'
        await pilot.pause()
        await pilot.click("#go")
        await until(lambda: app.session is not None and app.table.code != "")
        async with Session(server.url, "Wes") as wes:
            joined = await wes.watch(app.table.code)
    assert joined["game"] == "klondike" and joined["options"]["passes"] == "one"
    assert joined["options"]["draw"] == 3  # the default, left as it was
