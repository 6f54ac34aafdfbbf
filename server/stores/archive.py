"""The archive of finished games: one interface, kept in the embedded file or PostgreSQL.

When a deal ends, the process that committed its last move keeps the game
(:func:`kept`): its record (game, options, seed, salt, commitment, every move with who
made it, who advised it and the proposals left untaken), its result, the names at the
table, and later the solver's analysis when someone asked for it. Each game has an
unguessable id (:func:`game_id`, drawn from the deal's secret salt, so every process
that keeps the same deal names it the same and keeping it twice is keeping it once);
its page is ``/g/ID``. A game of an unlisted room is found only by that id; the room's
members get the ids of their room's games (``room_games``).

Who may see what: a game is kept with what the end of the deal made public (the seed and
salt are revealed then to everyone at the table, and the record was theirs to ask for);
:func:`public` is the one function that turns a kept body into what the page shows, and
it strips the seed, the salt and any move code the watchers were not shown from a game
kept before its end (none is, today: the guard holds for any that comes). Each step of a
game's page is drawn for the watchers' audience (only what was face up), as a watcher
saw it live.

The players' keys (a secret each client keeps, sent in ``hello``) are kept hashed, apart
from the body: ``forget_games`` deletes every game kept under a key.

Implementations: :class:`server.stores.archive_file.FileArchive` (SQLite, beside the
file store: one process) and :class:`server.stores.archive_pg.PgArchive` (PostgreSQL:
many processes sharing Redis). Both pass tests/server/test_archive_contract.py.
"""

from __future__ import annotations

import base64
import hashlib
import json
from dataclasses import dataclass
from typing import Any, Protocol

from rules import Game, Move, RulesError, render
from rules.guide import name_of

from ..members import ADVISOR, PLAYER
from ..room import Room
from ..views import record

#: Games a room's page lists at most (the newest first).
ROOM_LIST = 50
#: Games a player's statistics count at most (the newest).
KEEPER_LIST = 10_000
#: Games a deal of the day's board shows at most.
BOARD = 100

#: The games on a deal of the day's board (parameters: the day, the game, the limit;
#: ``{p}`` is the driver's placeholder): each the first game of that deal finished by
#: one of its players' keys. One text for the embedded file and PostgreSQL.
BOARD_SQL = """
SELECT g.body FROM games g
WHERE g.daily = {p} AND g.game = {p} AND EXISTS (
    SELECT 1 FROM keepers k WHERE k.game = g.id AND NOT EXISTS (
        SELECT 1 FROM keepers k2 JOIN games g2 ON g2.id = k2.game
        WHERE k2.keeper = k.keeper AND g2.daily = g.daily AND g2.game = g.game
          AND (g2.finished_at < g.finished_at
               OR (g2.finished_at = g.finished_at AND g2.id < g.id))))
ORDER BY g.finished_at, g.id LIMIT {p}
"""


#: A kept game as a player's statistics count it (:meth:`Archive.of_keeper`).
Counted = tuple[str, float, bool, int | None, float | None, bool]


@dataclass(frozen=True, slots=True)
class Kept:
    """A finished game as the archive keeps it."""

    id: str
    room: str
    game: str
    finished_at: float
    won: bool
    #: Listed in the lobby's rooms (public) or found only by its link (unlisted).
    listed: bool
    #: The players' keys, hashed (:func:`server.members.hash_token`), for forgetting.
    keepers: tuple[str, ...]
    #: The public body (:func:`public` is applied when it is read back, too).
    body: dict[str, Any]
    #: The date (UTC, YYYY-MM-DD) whose deal of the day this game played, or "".
    daily: str = ""
    #: How many moves were played, and the seconds from the room's opening to the end
    #: (a player's best results are counted from them).
    moves: int = 0
    seconds: float = 0.0
    #: Played at a table of winnable deals only (a player's statistics count those apart).
    winnable: bool = False


@dataclass(frozen=True, slots=True)
class Found:
    """A kept game read back: its body and, when someone asked for one, its analysis."""

    id: str
    body: dict[str, Any]
    analysis: dict[str, Any] | None


class Archive(Protocol):
    async def keep(self, game: Kept) -> None:
        """Keep ``game`` durably (returns once it is on disk); a game already kept under
        its id is left as it is."""
    async def get(self, game_id: str) -> Found | None: ...
    async def of_room(self, room_id: str, limit: int = ROOM_LIST) -> list[dict[str, Any]]:
        """The room's games, newest first: id, game, finished_at, won."""
    async def annotate(self, game_id: str, analysis: dict[str, Any]) -> None:
        """Keep the solver's analysis beside a kept game (nothing if it is not kept)."""
    async def of_keeper(self, keeper: str, limit: int = KEEPER_LIST) -> list[Counted]:
        """The games kept under ``keeper`` (a hashed key), oldest first (the newest
        ``limit``): game, finished_at, won, moves, seconds (None for a game kept before
        the archive counted them), winnable (False for one kept before it said)."""
    async def daily_board(self, game: str, date: str, limit: int = BOARD
                          ) -> list[dict[str, Any]]:
        """The games of ``game``'s deal of the day ``date`` that count, first finished
        first: each kept game's body (public). A game counts when it is the first of
        the day's deal finished by one of its players' keys (:data:`BOARD_SQL`): playing
        the deal again, to learn it, does not put a better result on the board; a game
        whose players sent no key is not on it."""
    async def kept_by(self, keeper: str, ids: list[str]) -> set[str]:
        """Which of ``ids`` are kept under ``keeper`` (a hashed key)."""
    async def secret(self) -> str:
        """The archive's own secret (made once, shared by every process): the deals of
        the day are drawn from it."""
    async def forget(self, keeper: str) -> int:
        """Delete every game kept under ``keeper`` (a hashed key); how many."""
    async def expire(self, before: float) -> int:
        """Delete every game finished before ``before`` (unix seconds); how many."""
    async def count(self) -> int: ...
    async def close(self) -> None: ...


def game_id(salt: str) -> str:
    """The unguessable id of the deal dealt under ``salt`` (a secret of 128 bits until
    the deal ends): 80 bits of a hash of it, 16 characters of a-z and 2-7 (base32: no
    "-" that a command line would take for an option, nothing a link must escape)."""
    digest = hashlib.sha256(f"sympathy-game:{salt}".encode()).digest()
    return base64.b32encode(digest[:10]).decode().lower()


def valid_id(text: str) -> bool:
    return len(text) == 16 and all(c.isalnum() or c in "-_" for c in text)


def kept(room: Room, now: float, daily: str = "") -> Kept:
    """The game at ``room``'s table as the archive keeps it (see the module's words on
    what is public)."""
    over = room.over
    players, advisors = [], []
    keepers = []
    for m in room.members.values():
        if m.role == PLAYER and m.seats:
            players.append({"seats": [s + 1 for s in m.seats], "name": m.name, "bot": m.bot})
            if m.keeper:
                keepers.append(m.keeper)
        elif m.role == ADVISOR:
            advisors.append(m.name)
    if over:
        body: dict[str, Any] = {k: v for k, v in record(room).items() if k != "type"}
        states = room.play.states
        if len(states) == len(body["moves"]) + 1:  # the deal's every state: its words
            body["moves"] = [in_words(room.game, states[i], states[i + 1], m)
                             for i, m in enumerate(body["moves"])]
    else:
        body = unfinished(room)
    outcome = room.game.outcome(room.play.state)
    body.update(id=game_id(room.salt), title=name_of(room.game.id), code=room.code,
                finished_at=round(now, 3), started_at=room.created_at, players=players,
                advisors=sorted(advisors),
                won=bool(outcome is not None and outcome.won), over=over, daily=daily,
                winnable=room.policy.winnable)
    return Kept(body["id"], room.id, room.game.id, now, body["won"],
                room.policy.visibility == "public", tuple(sorted(set(keepers))),
                public(body), daily, len(body.get("moves", [])),
                round(now - room.created_at, 1), room.policy.winnable)


def in_words(game: Game[Any], before: Any, after: Any, m: dict[str, Any]) -> dict[str, Any]:
    """A kept move (as in ``record``) with its words, and those of each proposal not
    taken (``text``), as the table said them (a move kept with words keeps them). For a
    game whose deal is over: words may name any card."""
    out = dict(m)
    try:
        out.setdefault("text", game.narrate(before, Move(m["move"]), after))
        out["left"] = [{**p, "text": p.get("text") or game.describe(before, Move(p["move"]))}
                       for p in m.get("left", [])]
    except (RulesError, KeyError, TypeError, ValueError):
        return m  # a move these rules no longer read: its code stands for it
    return out


def unfinished(room: Room) -> dict[str, Any]:
    """A deal not over (:func:`public` then keeps what the watchers saw)."""
    return {"room": room.id, "game": room.game.id, "options": dict(room.game.options),
            "commitment": room.commitment, "moves": [dict(e) for e in room.log],
            "result": render(room.game, room.play.state, None)["result"]}


def public(body: dict[str, Any]) -> dict[str, Any]:
    """What a kept game's page may show: all of it when the deal was over (its end
    revealed seed and salt), else no seed, no salt and no move's code that was not
    public (the one check, on the way in and on the way out)."""
    if body.get("over"):
        return body
    from rules import make

    moves_public = make(body["game"], body.get("options") or {}).description.moves_public
    out = {k: v for k, v in body.items() if k not in ("seed", "salt", "calls")}
    if not moves_public:
        # a proposal at a competitive table went to its seat alone
        out["moves"] = [{**m, "move": None, "left": []} for m in body.get("moves", [])]
    return out


def encode(value: dict[str, Any]) -> bytes:
    # JSON: a seed may pass 2**63 (msgpack's ints would, and PostgreSQL's JSON would
    # not), and it is what people download
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def decode(data: bytes | memoryview | str) -> dict[str, Any]:
    raw = bytes(data) if isinstance(data, memoryview) else data
    out: dict[str, Any] = json.loads(raw)
    return out


def summary(game_id: str, game: str, finished_at: float, won: bool) -> dict[str, Any]:
    return {"id": game_id, "game": game, "finished_at": finished_at, "won": bool(won)}
