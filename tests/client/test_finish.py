"""After a game, in the line mode and with the record (issue 26, items 3 and 10): real
``sympathy`` processes against a real server on 127.0.0.1.

Klondike, deal 0, hosted in the line mode: giving up has no number and is asked for
(``no`` plays on, ``yes`` gives up); then ``save DIR``, ``analysis`` and the host's
``rematch``. The saved record replays with ``sympathy replay``, and so does the same
record as the page downloads it; ``replay --plain FILE`` read by a reader that stops
early (``| head``) ends without a traceback.
"""

from __future__ import annotations

import asyncio
import fcntl
import json
import os
import sys
from pathlib import Path
from typing import Any

from tests.kit.cli import ROOT, Proc
from tests.kit.server import Running

#: Linux's fcntl for a pipe's capacity (not in Python 3.11's fcntl module).
F_SETPIPE_SZ = 1031


async def test_give_up_is_asked_then_save_analysis_and_rematch_in_the_line_mode(
        server: Running, tmp_path: Path) -> None:
    ann = await Proc.start(tmp_path / "state", "host", "klondike", "--deal", "0", "--plain",
                           "--name", "Ann", "--server", server.url)
    try:
        await ann.expect(r"^\s+4\. d\s+turn the next 3 cards")
        await ann.expect(r"^\s+end\s+give up: .* \(type end, then yes\)$")
        await ann.send("5")  # no move has that number now: nothing happens
        await ann.expect(r"^error: ")
        await ann.send("end")
        await ann.expect(r"^End the game now\? This move ends it: give up: .*\. Type yes")
        await ann.send("no")
        await ann.expect(r"^The game goes on\.$")
        await ann.send("board")
        await ann.expect(r"^Klondike: playing")
        await ann.send("end")
        await ann.expect(r"^End the game now")
        await ann.send("yes")
        await ann.expect(r"^game over: lost")
        await ann.expect(r"type save to keep the record, analysis .*rematch")
        await ann.send(f"save {tmp_path}")
        saved = Path((await ann.expect(r"^Saved to (\S+\.json); replay it with: "))[1])
        assert saved.parent == tmp_path and saved.exists()
        await ann.send("analysis")
        await ann.expect(r"^The deal could not be won\.$")
        await ann.send("rematch")
        await ann.expect(r"^ok$")
        await ann.expect(r"^Klondike: playing")
    finally:
        assert await ann.finish() == 0

    record = json.loads(saved.read_text())
    code, out = await replay(saved)
    assert code == 0 and "-- move 1 of 1 --" in out and "give up" in out, out

    # the page's "Download the record" (client/web/room.js, download()): the moves as
    # [seat, code] pairs, the server's entries beside them as "history"
    page = {"game": record["game"], "options": record["options"], "seed": record["seed"],
            "salt": record["salt"], "commitment": record["commitment"],
            "result": record.get("result"),
            "moves": [[m["seat"], m["move"]] for m in record["moves"]],
            "history": record["moves"]}
    downloaded = tmp_path / f"klondike-{record['game']}.json"
    downloaded.write_text(json.dumps(page, indent=2))
    code, out = await replay(downloaded)
    assert code == 0, out
    assert "(commitment checks out)" in out and "-- move 1 of 1 --" in out
    assert "last: Ann: give up" in out


async def replay(path: Path, *extra: str) -> tuple[int, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "cli.main", "replay", "--plain", str(path), *extra, cwd=ROOT,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    async with asyncio.timeout(60):
        out, _ = await proc.communicate()
    return proc.returncode or 0, out.decode()


async def test_replay_plain_into_a_reader_that_stops_early_ends_without_a_traceback(
        server: Running, tmp_path: Path) -> None:
    """``sympathy replay --plain FILE | head -n 1``: the reader goes away after one line
    while the replay still has more to print: about 40 kB (Sympathy, deal 1, both hands
    played by one person, the first legal move each time) into a pipe that holds 4 kB,
    read once (at most 8 kB) by a reader that then closes it."""
    from client.replay import save
    from client.session import Session

    async with Session(server.url, "Ann") as ann:
        await ann.create("sympathy", deal=1, seats="all")  # Ann plays both hands
        while not ann.table.over:  # the first legal move each time: 51 moves
            code = next(m["code"] for m in ann.table.my_moves() if m["code"] != "auto")
            ok = await ann.move(code)
            await ann.wait_until(lambda t, v=ok["version"]: t.version >= v)  # type: ignore[misc]
        record: dict[str, Any] = dict(await ann.record())
    path = save(record, tmp_path, "TEST")
    assert len(record["moves"]) == 51

    read, write = os.pipe()
    fcntl.fcntl(write, F_SETPIPE_SZ, 4096)
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "cli.main", "replay", "--plain", str(path), cwd=ROOT,
        stdout=write, stderr=asyncio.subprocess.PIPE)
    os.close(write)
    with os.fdopen(read, "rb") as reader:
        first = await asyncio.to_thread(reader.readline)  # then the reader goes away
    assert first == b"-- Sympathy, deal 1 (commitment checks out): the deal --\n"
    async with asyncio.timeout(60):
        _, err = await proc.communicate()
    assert b"Traceback" not in err and b"BrokenPipe" not in err, err.decode()
    assert proc.returncode == 1
