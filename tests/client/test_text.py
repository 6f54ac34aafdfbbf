"""Pure pieces of the client: the fairness check, cleaning remote text, move zones."""

from __future__ import annotations

from typing import Any

from client.events import Table
from client.fair import check, commitment
from client.table_text import changed_zones, chat_text, member_text, presence_line
from rules import Play, make, render


def finished(seed: int = 3) -> tuple[Play[Any], dict[str, Any], dict[str, Any]]:
    """A whole Sympathy game, its revealed fair block and its record, as a server sends."""
    play: Play[Any] = Play.start(make("sympathy"), seed)
    while play.game.outcome(play.state) is None:
        seat, move = play.game.all_legal(play.state)[0]
        play = play.push(move, seat)
    fair = {"commitment": commitment("sympathy", "ab12", seed), "seed": seed, "salt": "ab12"}
    record = {"type": "record", "game": "sympathy", "options": {}, "seed": seed,
              "salt": "ab12", "commitment": fair["commitment"],
              "moves": [{"seat": s, "move": m} for s, m in play.record.moves]}
    return play, fair, record


def test_the_client_checks_the_commitment_and_replays_the_record() -> None:
    play, fair, record = finished()
    view = render(play.game, play.state, 1)
    good = check(fair, record, view, 1)
    assert good.ok and good.commitment_ok and good.replays
    assert not check({**fair, "seed": 4}, record, view, 1).commitment_ok
    short = {**record, "moves": record["moves"][:-1]}
    bad = check(fair, short, view, 1)
    assert bad.replays is False and not bad.ok
    assert check(fair, None, view, 1).replays is None


def test_nothing_remote_reaches_the_terminal_raw() -> None:
    evil = "\x1b]0;pwned\x07Eve\x1b[2J\u202e"
    assert chat_text(evil, "advisor", "hi\x1b[31m red\r\n") == "<]0;pwnedEve[2J> hi[31m red" \
        "  (advisor)"
    table = Table(members=({"name": evil, "role": "watcher", "connected": False},),
                  counts={"watcher": 1})
    line = presence_line(table)
    assert "\x1b" not in line and "\x07" not in line and "away" in line
    assert member_text({"name": "A\x00nn", "role": "player", "seats": [0], "host": True},
                       {"seats": ["A", "B"]}) == "Ann (player A, host)"


def test_the_zones_a_move_changed_are_read_from_the_cards() -> None:
    game = make("sympathy")
    play: Play[Any] = Play.start(game, 42).push("open", 1)
    before = render(game, play.state, 0)
    after = render(game, play.push("t4", 0).state, 0)
    assert changed_zones(before, after) == {"A4"}
    assert changed_zones(None, after) == set() == changed_zones(before, before)


def test_role_text_names_seats_but_not_a_solo_seat_twice() -> None:
    from client.table_text import role_text

    twins = {"seats": ["A", "B"]}
    solo = {"seats": ["player"]}
    assert role_text("player", [0], twins) == "player A"
    assert role_text("player", [0, 1], twins) == "player A+B"
    assert role_text("player", [0], solo) == "player"
    assert role_text("watcher", [], twins) == "watcher"
    assert role_text("player\x1b[2J", [0], solo) == "player[2J"  # cleaned, not a role
