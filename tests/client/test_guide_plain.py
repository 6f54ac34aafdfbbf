"""How to play in the line mode (for screen readers): ``rules`` prints the game's guide,
goal first, the book and page last, with nothing meant for the code."""

from __future__ import annotations

from pathlib import Path

from rules.guide import guide
from tests.kit.cli import Proc
from tests.kit.server import Running


async def test_rules_in_line_mode(server: Running, tmp_path: Path) -> None:
    ann = await Proc.start(tmp_path, "host", "klondike", "--plain", "--deal", "3",
                           "--server", server.url, "--name", "Ann")
    await ann.expect(r"^-- version 0 --$")
    await ann.send("rules")
    await ann.expect(r"^Klondike$")
    await ann.expect(r"^Goal$")
    await ann.expect(r"^Build all 52 cards onto the four aces")
    await ann.expect(r"^Layout$")
    await ann.expect(r"^Moves$")
    await ann.expect(r"^End$")
    await ann.expect("^" + guide("klondike").citation.replace("(", r"\(").replace(")", r"\)")
                     .replace(".", r"\.") + "$")
    await ann.send("quit")
    assert await ann.finish() == 0
    shown = "\n".join(ann.lines)
    for code_word in ("until_no_play", "l.23", "``", "Source:"):
        assert code_word not in shown, code_word
