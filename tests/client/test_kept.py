"""``sympathy replay`` given a finished game's link or id: it fetches the kept game from
its server (client/kept.py) and replays it as it replays a saved file."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

from client.links import game_link
from client.tokens import TokenStore
from rules.guide import name_of
from tests.kit.kept import kept_server, play_to_the_end, replay, sympathy


def test_a_games_link_or_id_is_read_as_such() -> None:
    assert game_link("http://example.org:8765/g/AbCdEfGh_-123456") == \
        ("AbCdEfGh_-123456", "ws://example.org:8765")
    assert game_link(" AbCdEfGh_-123456 ") == ("AbCdEfGh_-123456", None)
    for other in ("game.json", "http://h:1/r/ABCDEF", "http://h:1/g/short", "x" * 17):
        assert game_link(other) is None


async def test_replay_takes_a_kept_games_link_or_its_id(tmp_path: Path) -> None:
    async with kept_server(tmp_path) as running:
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


async def test_stats_counts_this_persons_games_and_forgets_them(tmp_path: Path) -> None:
    state = tmp_path / "state"
    key = TokenStore(state / "seats.json").player_key()  # the terminal's own key
    async with kept_server(tmp_path) as running:

        async def stats(*extra: str) -> str:
            code, out = await sympathy("stats", "--server", running.url, *extra, state=state)
            assert code == 0, out
            return out

        assert "No finished game of yours" in await stats()
        for game, deal in (("a_spell", 0), ("wandering_card", 5)):  # won, then lost
            peer, _ = await play_to_the_end(running.url, key, deal, game)
            await peer.close()
        out = await stats()
        assert out.splitlines()[0] == "2 played, 1 won.", out
        assert name_of("a_spell") in out and name_of("wandering_card") in out, out
        # the best results of the won game; none for a game never won
        spell = next(line for line in out.splitlines() if name_of("a_spell") in line)
        lost = next(line for line in out.splitlines() if name_of("wandering_card") in line)
        assert re.search(r"best: \d+ moves, fastest under a minute$", spell), spell
        assert "best" not in lost.split("(best")[1].split(")", 1)[1], lost
        # the same, to save: JSON and CSV
        saved = json.loads(await stats("--json"))
        assert (saved["played"], saved["won"]) == (2, 1)
        by_game = {g["game"]: g for g in saved["games"]}
        assert by_game["a_spell"]["fewest_moves"] > 0
        assert by_game["wandering_card"]["fewest_moves"] is None
        rows = list(csv.DictReader(io.StringIO(await stats("--csv"))))
        assert [(r["game"], r["played"], r["won"]) for r in rows] == \
            [(g["game"], str(g["played"]), str(g["won"])) for g in saved["games"]]
        assert {r["game"]: r["fewest_moves"] for r in rows} == \
            {"a_spell": str(by_game["a_spell"]["fewest_moves"]), "wandering_card": ""}
        assert "Deleted 2 finished game(s)" in await stats("--forget")
        assert "No finished game of yours" in await stats()


async def test_daily_prints_the_days_board_and_the_links_once_played(tmp_path: Path) -> None:
    state = tmp_path / "state"
    key = TokenStore(state / "seats.json").player_key()
    async with kept_server(tmp_path) as running:

        async def daily() -> str:
            code, out = await sympathy("daily", "wandering_card", "--server", running.url,
                                       state=state)
            assert code == 0, out
            return out

        assert "nobody has finished it yet today" in await daily()
        bea, _ = await play_to_the_end(running.url, "bea-player-key-0123456789abc", None)
        await bea.close()
        out = await daily()
        assert "1 played" in out and "/g/" not in out and "--daily) to open" in out, out
        assert "moves, under a minute" in out and not re.search(r"\d min\b", out), out
        ann, _ = await play_to_the_end(running.url, key, None)
        await ann.close()
        out = await daily()
        assert "2 played" in out and out.count(f"http://127.0.0.1:{running.port}/g/") == 2
        assert "(you)" in out and "to open" not in out, out


def test_host_daily_asks_for_the_deal_of_the_day() -> None:
    from cli.main import build_parser

    args = build_parser().parse_args(["host", "klondike", "--daily", "--server",
                                      "ws://127.0.0.1:1"])
    plan = args.plan(args)
    assert plan.create["daily"] is True and "deal" not in plan.create


def test_stats_name_the_tables_of_winnable_deals_apart() -> None:
    from client.kept import stats_export, stats_lines

    row = {"game": "clock", "title": "The Clock", "played": 3, "won": 1, "streak": 0,
           "best_streak": 1, "fewest_moves": 52, "fastest": 30.0, "last": 2.0}
    stats = {"played": 5, "won": 3, "games": [{**row, "winnable": True, "won": 2},
                                                {**row, "winnable": False, "played": 2}]}
    lines = stats_lines(stats)
    assert "The Clock (winnable deals only)" in lines[1] and "won    2" in lines[1]
    assert "winnable" not in lines[2] and "played    2" in lines[2]
    rows = list(csv.DictReader(io.StringIO(stats_export(stats, "csv"))))
    assert [(r["game"], r["winnable"], r["won"]) for r in rows] == \
        [("clock", "True", "2"), ("clock", "False", "1")]
