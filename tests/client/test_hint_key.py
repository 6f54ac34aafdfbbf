"""``h`` at the table, through the paths a person takes: the full-screen client against
a real server (Textual's pilot), and the line mode's ``hint`` command."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Checkbox, OptionList, Select

from client.plan import Plan
from client.session import Session
from client.tokens import TokenStore
from client.tui.app import SympathyApp
from client.tui.lobby import CreateScreen
from client.tui.table import TableScreen
from tests.kit.cli import Proc
from tests.kit.hinted import CHOICES, DEAL, GAME, HINTED, SURE, WORDS, line
from tests.kit.screen import screen_text, text_of, until
from tests.kit.server import Running


async def play_to_the_choice(session: Session) -> None:
    for code in line():
        version = int((await session.move(code))["version"])
        await session.wait_until(lambda t, v=version: t.version >= v)  # type: ignore[misc]


async def test_h_shows_the_hinted_move_and_chooses_it(server: Running,
                                                      tokens: TokenStore) -> None:
    app = SympathyApp(server.url, "Ann", Plan("create", game=GAME, create={"deal": DEAL}),
                      tokens=tokens)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(lambda: isinstance(app.screen, TableScreen))
        assert app.session is not None
        await app.session.wait_until(lambda t: t.view is not None)
        await play_to_the_choice(app.session)
        moves = app.screen.query_one("#moves", OptionList)
        await until(lambda: moves.option_count == len(CHOICES))
        await pilot.press("down", "down")  # another move chosen: the hint chooses its own
        assert moves.highlighted == 2
        await pilot.press("h")
        await until(lambda: "hint:" in text_of(pilot, "#message")
                    and "thinking" not in text_of(pilot, "#message"))
        said = text_of(pilot, "#message")
        assert said.startswith(f"hint: {WORDS}: {SURE}") and "(enter plays it)" in said
        assert moves.highlighted == CHOICES.index(HINTED)
        rows = [r for r in screen_text(app).splitlines() if "<- hint" in r]
        assert len(rows) == 1 and f" {HINTED} " in rows[0]  # marked in the list
        await pilot.press("enter")  # the hinted move, played
        await app.session.wait_until(lambda t: t.last is not None and t.last["move"] == HINTED)


async def test_an_advisor_hears_why_not_or_gets_the_move_to_propose(
        server: Running, tokens: TokenStore) -> None:
    async with Session(server.url, "Ann") as ann, Session(server.url, "Bea") as bea:
        closed = (await ann.create(GAME, deal=DEAL))["code"]  # hints: the player only
        opened = (await bea.create(GAME, deal=DEAL, hints="all"))["code"]
        await play_to_the_choice(bea)
        # the server's own sentence, and the app goes on
        assert await advisor_presses_h(server, tokens, closed) == \
            "Hints are not open to you at this table."
        said = await advisor_presses_h(server, tokens, opened, then="enter")
        assert said.startswith(f"hint: {WORDS}") and "(enter proposes it)" in said
        await bea.wait_until(lambda t: [p["move"] for p in t.proposals] == [HINTED])


async def advisor_presses_h(server: Running, tokens: TokenStore, code: str,
                            then: str = "") -> str:
    """Xan advises at ``code`` in the full-screen client and presses ``h`` (then
    ``then``); what the message line said."""
    app = SympathyApp(server.url, "Xan", Plan("join", code=code, role="advisor"),
                      tokens=tokens)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(lambda: isinstance(app.screen, TableScreen))
        assert app.session is not None
        await app.session.wait_until(lambda t: t.view is not None)
        await pilot.pause()
        await pilot.press("h")
        await until(lambda: text_of(pilot, "#message") not in ("", "hint: thinking..."))
        said = text_of(pilot, "#message")
        if then:
            await pilot.press(then)
            await pilot.pause()
        return said


async def test_the_line_mode_prints_the_hint_in_one_line(server: Running,
                                                         tmp_path: Path) -> None:
    ann = await Proc.start(tmp_path, "host", GAME, "--plain", "--deal", str(DEAL),
                           "--server", server.url, "--name", "Ann")
    await ann.expect(r"joined room \w+")
    for code in line():
        await ann.send(code)
        await ann.expect(r"^ok$")
    await ann.send("hint")
    said = await ann.expect(r"^(no )?hint: .*|^error: .*")
    assert said.group(0).startswith(f"hint: {WORDS}: {SURE}"), said.group(0)
    await ann.send("quit")
    assert await ann.finish() == 0


async def test_the_lobby_form_sets_who_may_ask_and_autodrop(server: Running,
                                                            tokens: TokenStore) -> None:
    app = SympathyApp(server.url, "Ann", Plan("lobby"), tokens=tokens)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await until(lambda: isinstance(app.screen, CreateScreen))
        app.screen.query_one("#game", Select).value = "sympathy"
        app.screen.query_one("#hints", Select).value = "all"
        app.screen.query_one("#autodrop", Checkbox).value = True
        await pilot.click("#go")  # (Sympathy with autodrop plays itself to its end)
        await until(lambda: app.session is not None and app.table.code != "")
        async with Session(server.url, "Wes") as wes:
            joined = await wes.watch(app.table.code)
    assert (joined["policy"]["hints"], joined["policy"]["autodrop"]) == ("all", True)


async def test_sympathy_host_takes_the_hint_and_autodrop_flags(server: Running,
                                                              tmp_path: Path) -> None:
    ann = await Proc.start(tmp_path, "host", "sympathy", "--plain", "--hints", "off",
                           "--autodrop", "--server", server.url, "--name", "Ann")
    code = (await ann.expect(r"joined room (\w+)")).group(1)
    async with Session(server.url, "Wes") as wes:
        joined = await wes.watch(code)
    assert (joined["policy"]["hints"], joined["policy"]["autodrop"]) == ("off", True)
    await ann.send("quit")
    assert await ann.finish() == 0
