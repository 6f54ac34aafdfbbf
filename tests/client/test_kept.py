"""``sympathy replay`` given a finished game's link or id: it fetches the kept game from
its server (client/kept.py) and replays it as it replays a saved file."""

from __future__ import annotations

from pathlib import Path

from client.links import game_link
from protocol.limits import Limits
from server.stores.archive_file import FileArchive
from tests.kit.kept import play_to_the_end, replay
from tests.kit.server import start, stop_server


def test_a_games_link_or_id_is_read_as_such() -> None:
    assert game_link("http://example.org:8765/g/AbCdEfGh_-123456") == \
        ("AbCdEfGh_-123456", "ws://example.org:8765")
    assert game_link(" AbCdEfGh_-123456 ") == ("AbCdEfGh_-123456", None)
    for other in ("game.json", "http://h:1/r/ABCDEF", "http://h:1/g/short", "x" * 17):
        assert game_link(other) is None


async def test_replay_takes_a_kept_games_link_or_its_id(tmp_path: Path) -> None:
    running, stop, task = await start(Limits(rate=1000, burst=1000),
                                      archive=FileArchive(tmp_path / "sympathy.db"))
    try:
        ann, room = await play_to_the_end(running.url)
        gid = (await ann.call("room_games", room=room))["games"][0]["id"]
        moves = len((await ann.call("record", room=room))["moves"])
        await ann.close()
        code, out = await replay(f"http://127.0.0.1:{running.port}/g/{gid}")
        assert code == 0, out
        assert "(commitment checks out)" in out and f"-- move {moves} of {moves} --" in out
        code, by_id = await replay(gid, "--server", running.url)
        assert code == 0 and by_id == out
        code, out = await replay("AAAAAAAAAAAAAAAA", "--server", running.url)
        assert code == 1 and "No finished game is kept under that id" in out, out
    finally:
        await stop_server(stop, task)
