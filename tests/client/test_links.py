"""Addresses as people paste them (issue 26, item 10): the real ``sympathy`` command in a
pseudo-terminal (80x24, 100x30, 120x36), or in the line mode, against a real server on 127.0.0.1.

The page shares a room as ``http://HOST:PORT/r/CODE`` and shows its own address as
``http://HOST:PORT``; either goes where a code or ``--server`` goes. The line that tells
how to come back names the program as it can be run from the shell: here the
virtualenv's script by its path, as it is not on the PATH.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from client.plan import Plan
from client.session import Session
from client.tokens import TokenStore
from client.tui.app import SympathyApp
from client.tui.lobby import LobbyScreen
from client.tui.table import TableScreen
from tests.kit.cli import Proc
from tests.kit.screen import until
from tests.kit.server import Running
from tests.kit.terminal import SYMPATHY, Terminal


def words(text: str) -> str:
    """``text`` with its whitespace folded (the terminal wraps long lines at 80)."""
    return " ".join(text.split())


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 36)],
                         ids=["80x24", "100x30", "120x36"])
async def test_the_shared_link_as_the_code_then_quit_names_the_program_by_its_path(
        server: Running, tmp_path: Path, size: tuple[int, int]) -> None:
    outside = {"SYMPATHY_STATE_DIR": str(tmp_path / "state"), "PATH": "/usr/bin:/bin"}
    assert "sympathy" not in os.listdir("/usr/bin") and "sympathy" not in os.listdir("/bin")
    async with Session(server.url, "Ann") as ann:
        code = (await ann.create("sympathy", deal=7))["code"]
        link = f"http://127.0.0.1:{server.port}/r/{code}"
        async with Terminal(["play", link, "--name", "Bea"], outside, size) as term:
            await term.wait_for("you: player B")
            await term.wait_for("[connected]")  # the title says so at every width
            await ann.wait_until(lambda t: len(t.members) == 2)
            term.type("q")
            assert await term.exit_code() == 0
            said = words(term.text)
    assert (f"Come back with: {SYMPATHY} play {code} --name Bea "
            f"--server ws://127.0.0.1:{server.port}") in said, said[-600:]
    assert "Traceback" not in said


async def test_the_line_mode_takes_the_pages_address_as_the_server(
        server: Running, tmp_path: Path) -> None:
    async with Session(server.url, "Ann") as ann:
        code = (await ann.create("sympathy", deal=7))["code"]
        bea = await Proc.start(tmp_path / "state", "play", code, "--plain", "--name", "Bea",
                               "--server", f"http://127.0.0.1:{server.port}")
        try:
            await bea.expect(rf"^joined room {code} \(sympathy\) as player B$")
            await ann.wait_until(lambda t: len(t.members) == 2)
        finally:
            assert await bea.finish() == 0
    assert not any("Traceback" in line for line in bea.lines)


async def test_a_wrong_server_address_is_one_sentence(tmp_path: Path) -> None:
    for server in ("127.0.0.1:8765", "ftp://127.0.0.1:8765"):
        proc = await Proc.start(tmp_path / "state", "play", "ABCDEF", "--plain",
                                "--server", server)
        assert await proc.finish() == 1
        assert proc.lines == [f"error: {server!r} is not a server address: give it as "
                              "ws://HOST:PORT or as the page's address, http://HOST:PORT"]


async def test_the_lobbys_code_field_takes_the_shared_link(server: Running,
                                                          tokens: TokenStore) -> None:
    async with Session(server.url, "Ann") as ann:
        code = (await ann.create("sympathy", deal=7))["code"]
        app = SympathyApp(server.url, "Bea", Plan("lobby"), tokens=tokens)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, LobbyScreen))
            await pilot.press("j", *f"http://127.0.0.1:{server.port}/r/{code}", "enter")
            await until(lambda: isinstance(app.screen, TableScreen))
            assert app.table.code == code and app.table.seats == (1,)


async def test_the_line_mode_host_is_told_who_it_waits_for_and_how_to_invite(
        server: Running, tmp_path: Path) -> None:
    ann = await Proc.start(tmp_path / "state", "host", "sympathy", "--deal", "7", "--plain",
                           "--name", "Ann", "--server", server.url)
    try:
        found = await ann.expect(r"^Waiting for a partner \(seat B is empty\): share this "
                                 r"code, (\w+), or this link: (\S+)$")
        assert found[2] == f"http://127.0.0.1:{server.port}/r/{found[1]}"
        await ann.expect(r"^Or type bot to seat a computer player in every empty seat\.$")
        await ann.expect(r"^Nobody sits at B yet \(B plays next\)$")
        await ann.send("bot")
        await ann.expect(r"^ok$")
        await ann.expect(r"^last: Computer \(B\): B turns up 17 packet tops$")
        await ann.expect(r"^You \(A\) to play: turn a card$")
    finally:
        assert await ann.finish() == 0
