"""The real ``sympathy`` command in a real terminal (a pty of 80x24) against a real server.

What a new user meets first: refusals as one clean line, the same ``host`` command coming
back to its room, several people on one account keeping their own seats.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from client.session import Session
from client.tokens import TokenStore
from tests.kit.server import Running
from tests.kit.terminal import SYMPATHY, Terminal


def env(tmp_path: Path) -> dict[str, str]:
    """An account of its own, and ``sympathy`` on the PATH (as after an install): the
    lines that name the command say ``sympathy`` then."""
    return {"SYMPATHY_STATE_DIR": str(tmp_path / "state"),
            "PATH": f"{Path(SYMPATHY).parent}{os.pathsep}{os.environ.get('PATH', '')}"}


async def run_to_exit(server: Running, tmp_path: Path, *args: str) -> tuple[int, str]:
    async with Terminal([*args, "--server", server.url], env(tmp_path)) as term:
        code = await term.exit_code()
        return code, term.text


@pytest.mark.parametrize("case", ["not_found", "full", "unknown_game"])
async def test_a_refusal_is_one_clean_line_in_the_full_screen_client(
        server: Running, tmp_path: Path, case: str) -> None:
    async with Session(server.url, "Ann") as ann, Session(server.url, "Bea") as bea:
        code = (await ann.create("sympathy"))["code"]
        await bea.join(code, "player")
        args, expected = {
            "not_found": (["play", "ZZZZZZ"], "error: room/not_found: "),
            "full": (["play", code, "--name", "Cy"], "error: room/full: "),
            "unknown_game": (["host", "nosuchgame"], "error: game/unknown: "),
        }[case]
        status, text = await run_to_exit(server, tmp_path, *args)
    assert status == 1
    assert expected in text
    assert "Traceback" not in text and "Error" not in text.replace("error:", "")


def saved_code(text: str) -> str:
    found = re.search(r"You left room ([A-Z0-9]{6}); your place is kept", text)
    assert found, text[-2000:]
    return found.group(1)


async def quit_after_start(term: Terminal) -> str:
    await term.wait_for("you: player")
    term.type("q")
    assert await term.exit_code() == 0
    return saved_code(term.text)


async def test_the_same_host_command_comes_back_to_its_room(
        server: Running, tmp_path: Path) -> None:
    host = ["host", "sympathy", "--name", "Ann", "--server", server.url]
    async with Terminal(host, env(tmp_path)) as term:
        first = await quit_after_start(term)
    assert f"sympathy play {first} --name Ann --server {server.url}" in term.text
    assert "or run the same host command again" in term.text
    async with Terminal(host, env(tmp_path)) as term:
        again = await quit_after_start(term)
    assert again == first
    async with Terminal([*host, "-o", "packets=3"], env(tmp_path)) as term:
        other = await quit_after_start(term)  # another command: another room
    assert other != first


async def test_people_on_one_account_keep_their_own_seats(
        server: Running, tmp_path: Path) -> None:
    async with Terminal(["host", "sympathy", "--public", "--name", "Ann", "--server",
                         server.url], env(tmp_path)) as term:
        await term.wait_for("you: player A")
        async with Session(server.url, "Cy") as cy:
            code = (await cy.lobby())[0]["code"]
        term.type("q")
        assert await term.exit_code() == 0
    saved = tmp_path / "state" / "seats.json"
    ann_tokens = tokens_in(saved)
    assert ann_tokens
    play_bea = ["play", code, "--name", "Bea", "--server", server.url]
    async with Terminal(play_bea, env(tmp_path)) as term:
        await term.wait_for("you: player B", 15)  # Bea sits in B, not in Ann's seat A
        term.type("q")
        assert await term.exit_code() == 0
    async with Terminal(["watch", code, "--name", "Wes", "--server", server.url],
                        env(tmp_path)) as term:
        await term.wait_for("you: watcher")
        term.type("q")
        assert await term.exit_code() == 0
    assert ann_tokens < tokens_in(saved)  # nobody wrote over Ann's seat; Bea's is there
    store = TokenStore(saved)
    assert "Wes" not in {s.name for s in store.seats()}  # a watcher holds no seat
    ann, bea = store.by_code(server.url, code, "Ann"), store.by_code(server.url, code, "Bea")
    assert ann is not None and bea is not None and ann.member != bea.member
    async with Terminal(play_bea, env(tmp_path)) as term:
        await term.wait_for("you: player B")  # and Bea comes back to hers
        term.type("q")
        assert await term.exit_code() == 0
    assert store.by_code(server.url, code, "Bea") == bea  # resumed, not joined again


def tokens_in(path: Path) -> set[str]:
    return {str(e["token"]) for e in json.loads(path.read_text()).values()}
