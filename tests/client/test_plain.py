"""The line mode end to end: a real ``sympathy`` process driven through stdin/stdout."""

from __future__ import annotations

from pathlib import Path

from client.session import Session
from tests.kit.cli import Proc
from tests.kit.server import Running


async def test_a_whole_game_in_line_mode_with_a_plain_watcher(server: Running,
                                                              tmp_path: Path) -> None:
    ann = await Proc.start(tmp_path / "ann", "host", "sympathy", "--both", "--plain",
                           "--deal", "7", "--server", server.url, "--name", "Ann")
    code = (await ann.expect(r"joined room (\w+) \(sympathy\) as player A\+B")).group(1)
    await ann.expect(r"^-- version 0 --$")
    await ann.expect(r"^   1\. open ")
    wes = await Proc.start(tmp_path / "wes", "watch", code, "--plain", "--ascii",
                           "--server", server.url, "--name", "Wes")
    await wes.expect(r"joined room .* as watcher")
    await wes.expect(r"^A:  A1 \[3#\]")  # letters mode: backs as #

    await ann.send("t1")  # not B's move yet: the server's sentence comes back
    await ann.expect(r"^error: move/illegal: ")
    async with Session(server.url, "\x1b[2JEve") as eve:  # the server cleans names too
        await eve.join(code, "advisor")
        await ann.expect(r"who: .*; Eve \(advisor\)")  # the whole escape is gone
        await eve.chat("look \x07 here")
        await ann.expect(r"^<Eve> look +here  \(advisor\)$")
    await ann.send("say hello all")
    await wes.expect(r"^<Ann> hello all$")

    await ann.send("1")  # B opens (the board at version 0 was read above)
    acted = 0
    while True:
        m = await ann.expect(r"^-- version (\d+) --$|^game over: ")
        if m.group(0).startswith("game over"):
            break
        version = int(m.group(1))
        if version <= acted:
            continue
        if (await ann.expect(r"^to move: .*; your moves:$|^game over: ")).group(0).startswith(
                "game over"):
            break
        acted = version
        await ann.send("1")
    await ann.expect(r"^deal \(seed\) 7: commitment checks out$")
    await ann.expect(r"^the record replays to the same game: yes$")
    await wes.expect(r"^game over: ")
    await wes.expect(r"^the record replays to the same game: yes$")
    await ann.send("quit")
    assert await ann.finish() == 0
    assert await wes.finish() == 0
    assert not any("\x1b" in line for line in ann.lines + wes.lines)


async def test_line_mode_comes_back_to_its_seat(server: Running, tmp_path: Path) -> None:
    ann = await Proc.start(tmp_path, "host", "sympathy", "--plain", "--server", server.url,
                           "--name", "Ann")
    code = (await ann.expect(r"joined room (\w+)")).group(1)
    await ann.send("quit")
    assert await ann.finish() == 0
    again = await Proc.start(tmp_path, "play", code, "--plain", "--server", server.url,
                             "--name", "Ann")
    await again.expect(rf"resumed room {code} \(sympathy\) as player A")
    wes = await Proc.start(tmp_path / "wes", "watch", code, "--plain", "--server", server.url,
                           "--name", "Wes")
    await wes.expect(r"joined room .* as watcher")
    # The host kicks by a name they have seen in presence, which comes at a bounded rate.
    await again.expect(r"^who: .*Wes \(watcher\)")
    await again.send("lock")
    await again.expect(r"^ok$")
    await again.send("kick wes")
    await again.expect(r"^ok$")
    await wes.expect(r"^notice: kicked: The host removed you\.$")
    assert await wes.finish() == 0
    await again.send("leave")
    await again.expect(r"^ok$")
    assert await again.finish() == 0


async def test_line_mode_hands_the_host_role_on(server: Running, tmp_path: Path) -> None:
    ann = await Proc.start(tmp_path, "host", "sympathy", "--plain", "--deal", "3",
                           "--server", server.url, "--name", "Ann")
    code = (await ann.expect(r"joined room (\w+)")).group(1)
    async with Session(server.url, "Bea") as bea:
        await bea.join(code, "player")
        await ann.expect(r"^who: .*Bea \(player B\)")
        await ann.send("host zed")
        await ann.expect(r"^error: member/not_found: ")
        await ann.send("host bea")
        await ann.expect(r"^ok$")
        await bea.wait_until(lambda t: t.host)
        await ann.expect(r"^who: .*Bea \(player B, host\)")
        await ann.send("lock")  # Ann hosts no more
        await ann.expect(r"^error: auth/denied: Only the host can do that\.$")
    await ann.send("quit")
    assert await ann.finish() == 0


async def test_a_round_match_in_line_mode_against_a_computer_player(server: Running,
                                                                    tmp_path: Path) -> None:
    ann = await Proc.start(tmp_path / "ann", "host", "old_maid", "--plain", "-o", "players=2",
                           "--deal", "9", "--server", server.url, "--name", "Ann")
    code = (await ann.expect(r"joined room (\w+) \(old_maid\) as player")).group(1)
    await ann.expect(r"^your hand: ")
    await ann.send("bot")  # a computer player in the empty seat
    await ann.expect(r"^who: .*Computer")
    wes = await Proc.start(tmp_path / "wes", "watch", code, "--plain", "--server",
                           server.url, "--name", "Wes")
    await wes.expect(r"^Ann \(Player 1\).*: hand \d+ cards?$")  # a count, never the faces
    await wes.expect(r"^match, deal 1: points: ")
    while True:  # Ann draws the first card offered until the match is over
        m = await ann.expect(r"^to move: .*; your moves:$|^game over: ")
        if m.group(0).startswith("game over"):
            break
        await ann.send("1")
    await ann.expect(r"^the record replays to the same game: yes$")
    await wes.expect(r"^deal 1: .* old maid")  # the history of the deals
    assert not any(line.startswith("your hand:") for line in wes.lines)
    # the moves in people's names: who took Ann's card, the card Ann drew (to her alone)
    took = "move: Computer (Player 2) draws a card from Ann"
    assert any(line.startswith(took) for line in ann.lines), ann.lines
    drew = [line for line in ann.lines if line.startswith("move: Ann draws the ")]
    assert drew, ann.lines
    assert not any(line.startswith("move: Ann draws the ") for line in wes.lines)
    assert any(line.startswith("move: Ann draws a card from") for line in wes.lines)
    await ann.send("quit")
    await wes.send("quit")
    assert await ann.finish() == 0
    assert await wes.finish() == 0


async def test_a_command_while_the_server_is_away_says_so_at_once(server: Running,
                                                                  tmp_path: Path) -> None:
    """The network fails (a proxy cuts and refuses): a move typed meanwhile is answered
    at once that nothing was sent, not after the request's 30 s; then it comes back and
    the same move plays (Sympathy, deal 7, both hands)."""
    from tests.kit.proxy import Proxy

    async with Proxy(server.port).running() as proxy:
        ann = await Proc.start(tmp_path / "ann", "host", "sympathy", "--both", "--plain",
                               "--deal", "7", "--server", proxy.url, "--name", "Ann")
        await ann.expect(r"^   1\. open ")
        proxy.down = True
        proxy.cut()
        await ann.expect(r"^connection: reconnecting")
        await ann.send("1")
        await ann.expect(r"^error: connection: not connected to the server \(reconnecting\): "
                         r"nothing was sent$", timeout=20)
        proxy.down = False
        await ann.expect(r"^connection: resumed")
        await ann.send("1")
        await ann.expect(r"^ok$")
        assert await ann.finish() == 0
