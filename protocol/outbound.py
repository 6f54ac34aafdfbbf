"""What the server sends: one typed shape per message, and the function that makes it.

Every server → client message of ``protocol/README.md`` is a ``TypedDict`` here, built
only by the function of the same name, so the server cannot send a field the document
does not list (``tests/protocol/test_outbound.py`` holds the two together). Replies carry
``re`` (the request's ``id``); messages the server sends on its own do not.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

Map = dict[str, Any]


class Welcome(TypedDict):
    type: Literal["welcome"]
    re: int
    version: int
    server: str
    limits: Map


class Pong(TypedDict):
    type: Literal["pong"]
    re: int


class Ok(TypedDict):
    type: Literal["ok"]
    re: int
    version: NotRequired[int]
    locked: NotRequired[bool]
    deleted: NotRequired[int]


class Error(TypedDict):
    type: Literal["error"]
    re: int | None
    code: str
    message: str
    #: Seconds to wait before asking again (``service/busy`` only).
    retry_after: NotRequired[float]


class Joined(TypedDict):
    type: Literal["joined"]
    re: int
    room: str
    code: str
    member: str
    token: str
    role: str
    seats: list[int]
    host: bool
    game: str
    options: Map
    policy: Map


class Resumed(TypedDict):
    type: Literal["resumed"]
    re: int
    room: str
    code: str
    member: str
    role: str
    seats: list[int]
    host: bool
    version: int
    events: list[Map] | None
    snapshot: bool
    game: str
    options: Map
    policy: Map


class State(TypedDict):
    type: Literal["state"]
    room: str
    version: int
    view: Map
    last: Map | None
    fair: Map
    #: The room's running tally: deals played (the current one once it is over) and won.
    tally: dict[str, int]
    #: At a competitive table only: the last moves (events) as this audience may see
    #: them, oldest first (at most ``server.move_log.LOG_ENTRIES``).
    log: NotRequired[list[Map]]


class Presence(TypedDict):
    type: Literal["presence"]
    room: str
    #: The sender's feed: a ``presence_changes`` with ``seq`` + 1 follows from this one.
    seq: int
    host: str
    locked: bool
    members: list[Map]
    counts: dict[str, int]


class PresenceChanges(TypedDict):
    """What changed since the presence (or changes) with the ``seq`` before this one."""

    type: Literal["presence_changes"]
    room: str
    seq: int
    host: str
    locked: bool
    #: Listed members who arrived or changed (whole entries, as in ``presence``).
    members: list[Map]
    #: Ids of members no longer listed (they left, or were moved past the listed ones).
    gone: list[str]
    counts: dict[str, int]


class Members(TypedDict):
    """A page of a room's members (``members`` request): names on request."""

    type: Literal["members"]
    re: NotRequired[int]
    room: str
    offset: int
    total: int
    members: list[Map]


class Proposals(TypedDict):
    type: Literal["proposals"]
    room: str
    version: int
    items: list[Map]
    deadline: float | None


Chat = TypedDict("Chat", {"type": Literal["chat"], "room": str, "from": str, "member": str,
                          "role": str, "text": str, "at": float})


class Record(TypedDict):
    type: Literal["record"]
    re: NotRequired[int]
    room: str
    game: str
    options: Map
    seed: int
    salt: str
    commitment: str
    moves: list[Map]
    result: str | None
    #: The calls of a realtime game (Snap), each with its time of arrival at the table.
    calls: list[Map]


class Call(TypedDict):
    """A call of a realtime game (Snap) reached the table: who, when, against whom."""

    type: Literal["call"]
    room: str
    version: int
    seat: int
    by: str
    move: str
    outcome: str
    first: int | None
    margin_ms: float | None
    text: str


class Lobby(TypedDict):
    type: Literal["lobby"]
    re: int
    rooms: list[Map]


class Games(TypedDict):
    type: Literal["games"]
    re: int
    games: list[Map]


class Guide(TypedDict):
    type: Literal["guide"]
    re: int
    game: str
    guide: Map
    deal: int
    view: Map


class Kicked(TypedDict):
    type: Literal["kicked"]
    room: str
    message: str


class Closed(TypedDict):
    type: Literal["closed"]
    room: str
    reason: str


class Replaced(TypedDict):
    type: Literal["replaced"]
    room: str
    message: str


#: Every message the server sends, by its ``type``.
MESSAGES: dict[str, type] = {
    "welcome": Welcome, "pong": Pong, "ok": Ok, "error": Error, "joined": Joined,
    "resumed": Resumed, "state": State, "presence": Presence,
    "presence_changes": PresenceChanges, "members": Members, "proposals": Proposals,
    "chat": Chat, "record": Record, "lobby": Lobby, "games": Games, "guide": Guide,
    "kicked": Kicked,
    "closed": Closed, "replaced": Replaced, "call": Call,
}
#: Messages a notice (sent to one member, never dropped) may be.
Notice = Kicked | Closed | Replaced


def welcome(re: int, version: int, limits: Map) -> Welcome:
    return {"type": "welcome", "re": re, "version": version, "server": "sympathy",
            "limits": limits}


def pong(re: int) -> Pong:
    return {"type": "pong", "re": re}


def ok(re: int, version: int | None = None, locked: bool | None = None) -> Ok:
    out: Ok = {"type": "ok", "re": re}
    if version is not None:
        out["version"] = version
    if locked is not None:
        out["locked"] = locked
    return out


def error(re: int | None, code: str, message: str, retry_after: float | None = None
          ) -> Error:
    err: Error = {"type": "error", "re": re, "code": code, "message": message}
    if retry_after is not None:
        err["retry_after"] = retry_after
    return err


def state(room: str, version: int, view: Map, last: Map | None, fair: Map,
          tally: dict[str, int], log: list[Map] | None = None) -> State:
    out: State = {"type": "state", "room": room, "version": version, "view": view,
                  "last": last, "fair": fair, "tally": tally}
    if log is not None:  # a competitive table's: its last moves
        out["log"] = log
    return out


def presence(room: str, host: str, locked: bool, members: list[Map],
             counts: dict[str, int], seq: int = 0) -> Presence:
    return {"type": "presence", "room": room, "seq": seq, "host": host, "locked": locked,
            "members": members, "counts": counts}


def presence_changes(room: str, seq: int, host: str, locked: bool, members: list[Map],
                     gone: list[str], counts: dict[str, int]) -> PresenceChanges:
    return {"type": "presence_changes", "room": room, "seq": seq, "host": host,
            "locked": locked, "members": members, "gone": gone, "counts": counts}


def members(room: str, offset: int, total: int, page: list[Map]) -> Members:
    return {"type": "members", "room": room, "offset": offset, "total": total,
            "members": page}


def proposals(room: str, version: int, items: list[Map], deadline: float | None) -> Proposals:
    return {"type": "proposals", "room": room, "version": version, "items": items,
            "deadline": deadline}


def chat(room: str, sender: str, member: str, role: str, text: str, at: float) -> Chat:
    return {"type": "chat", "room": room, "from": sender, "member": member, "role": role,
            "text": text, "at": at}


def lobby(re: int, rooms: list[Map]) -> Lobby:
    return {"type": "lobby", "re": re, "rooms": rooms}


def games(re: int, games: list[Map]) -> Games:
    return {"type": "games", "re": re, "games": games}


def guide(re: int, game: str, guide: Map, deal: int, view: Map) -> Guide:
    return {"type": "guide", "re": re, "game": game, "guide": guide, "deal": deal,
            "view": view}


def kicked(room: str, message: str) -> Kicked:
    return {"type": "kicked", "room": room, "message": message}


def closed(room: str, reason: str) -> Closed:
    return {"type": "closed", "room": room, "reason": reason}


def replaced(room: str, message: str) -> Replaced:
    return {"type": "replaced", "room": room, "message": message}


def joined(re: int, room: str, code: str, member: str, token: str, role: str,
           seats: list[int], host: bool, game: str, options: Map, policy: Map) -> Joined:
    return {"type": "joined", "re": re, "room": room, "code": code, "member": member,
            "token": token, "role": role, "seats": seats, "host": host, "game": game,
            "options": options, "policy": policy}


def resumed(re: int, room: str, code: str, member: str, role: str, seats: list[int],
            host: bool, version: int, events: list[Map] | None, game: str, options: Map,
            policy: Map) -> Resumed:
    return {"type": "resumed", "re": re, "room": room, "code": code, "member": member,
            "role": role, "seats": seats, "host": host, "version": version,
            "events": events, "snapshot": events is None, "game": game, "options": options,
            "policy": policy}


class Hint(TypedDict):
    type: Literal["hint"]
    re: NotRequired[int]
    room: str
    version: int
    verdict: str
    move: str | None
    text: str
    samples: int
    scores: list[Map]
    stale: bool


MESSAGES["hint"] = Hint


def hint(room: str, version: int, answer: Map, stale: bool = False) -> Hint:
    """The hint for the position at ``version``; ``stale`` once the table has moved on
    from it while the hint was being worked out."""
    return {"type": "hint", "room": room, "version": version,
            "verdict": answer["verdict"], "move": answer["move"], "text": answer["text"],
            "samples": answer["samples"], "scores": answer["scores"], "stale": stale}


class Analysis(TypedDict):
    type: Literal["analysis"]
    re: NotRequired[int]
    room: str
    version: int
    deal: str
    lost_at: int | None
    lost_move: str
    keeper: str
    proposals: list[Map]
    lines: list[str]
    stale: bool


MESSAGES["analysis"] = Analysis


def analysis(room: str, version: int, found: Map, stale: bool = False) -> Analysis:
    """The solver's analysis of the finished game at ``version``
    (:meth:`rules.analysis.Analysis.to_dict`)."""
    return {"type": "analysis", "room": room, "version": version, "deal": found["deal"],
            "lost_at": found["lost_at"], "lost_move": found["lost_move"],
            "keeper": found["keeper"], "proposals": found["proposals"],
            "lines": found["lines"], "stale": stale}


def record(room: str, game: str, options: Map, seed: int, salt: str, commitment: str,
           moves: list[Map], result: str | None, calls: list[Map]) -> Record:
    return {"type": "record", "room": room, "game": game, "options": options, "seed": seed,
            "salt": salt, "commitment": commitment, "moves": moves, "result": result,
            "calls": calls}


def call(room: str, version: int, seat: int, by: str, move: str, outcome: str,
         first: int | None, margin_ms: float | None, text: str) -> Call:
    return {"type": "call", "room": room, "version": version, "seat": seat, "by": by,
            "move": move, "outcome": outcome, "first": first, "margin_ms": margin_ms,
            "text": text}


class RoomGames(TypedDict):
    type: Literal["room_games"]
    re: int
    room: str
    games: list[Map]


class Archived(TypedDict):
    type: Literal["archived"]
    re: int
    game: Map
    analysis: Map | None
    steps: int


class ArchivedStep(TypedDict):
    type: Literal["archived_step"]
    re: int
    game: str
    n: int
    view: Map
    last: Map | None


class GameStats(TypedDict):
    """One game's line of ``stats``; the best results are of won games (None: none)."""
    game: str
    title: str
    played: int
    won: int
    streak: int
    best_streak: int
    fewest_moves: int | None
    fastest: float | None
    last: float


class Stats(TypedDict):
    type: Literal["stats"]
    re: int
    games: list[GameStats]
    played: int
    won: int


class Daily(TypedDict):
    type: Literal["daily"]
    re: int
    game: str
    title: str
    date: str
    played: bool
    board: list[Map]


#: Finished games kept in the archive (server/archived.py builds them: ``Archived(...)``).
MESSAGES.update(room_games=RoomGames, archived=Archived, archived_step=ArchivedStep,
                stats=Stats, daily=Daily)

