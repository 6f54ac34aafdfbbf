"""Error codes on the wire.

Every error a client can receive is ``{"type": "error", "re": <request id>, "code": <code>,
"message": <sentence>}``. Codes are stable: clients branch on them; messages are for
people and may change. The tree::

    proto/…     the frame itself is wrong (malformed, unknown type, bad field, version)
    rate/…      too many messages (past the budget the connection is closed with 1008)
    auth/…      a token that does not open anything, or an action a role may not take
    room/…      no such room, full, locked, closed, not joined, limits
    host/…      the host role cannot go to that member
    move/…      the rules refused a move (illegal, not your turn, stale, over, undo)
    call/…      a call that lost a race (another call reached the table first)
    advice/…    a proposal that cannot be made or taken
    game/…      an unknown game or bad options
    winnable/…  winnable deals only: not offered for that game, or none ready yet
    archive/…   a finished game that is not kept, or a server that keeps none
    service/…   the server cannot serve now (store unavailable, hints' workers busy)
    server/…    an unexpected failure (logged, never described)
"""

from __future__ import annotations

CODES: dict[str, str] = {
    "proto/malformed": "The frame is not a MessagePack map.",
    "proto/text_frame": "Frames must be binary MessagePack, not text.",
    "proto/unknown_type": "The message type is not one this server knows.",
    "proto/bad_field": "A field is missing, of the wrong type, or out of range.",
    "proto/version": "The protocol version is not supported.",
    "proto/hello_first": "Say hello before anything else.",
    "rate/limited": "Too many messages; slow down.",
    "auth/bad_token": "That token does not open any seat in this room.",
    "auth/denied": "Your role in this room does not allow that.",
    "room/not_found": "There is no such room.",
    "room/full": "The room has no free place of that kind.",
    "room/locked": "The host has locked the room.",
    "room/closed": "The room has been closed.",
    "room/not_joined": "You are not in that room.",
    "room/already_joined": "This connection is already in a room; leave it first.",
    "room/limit": "The server cannot open more rooms now.",
    "member/not_found": "There is no such member in this room.",
    "host/cannot_pass": "The host role can pass only to another person who is in the "
                        "room now.",
    "move/illegal": "The rules do not allow that move now.",
    "move/not_your_turn": "It is not your turn.",
    "move/stale": "The table has changed since you last saw it.",
    "move/game_over": "The game is over.",
    "move/not_over": "The deal is still being played; deal again when it is over.",
    "move/undo_refused": "That move cannot be taken back.",
    "call/lost": "Another call reached the table first.",
    "advice/not_allowed": "Advice is not open to you at this table.",
    "advice/illegal": "That proposal is not a legal move now.",
    "advice/no_proposal": "Nobody has proposed that move.",
    "hint/not_allowed": "Hints are not open to you at this table.",
    "hint/busy": "Your last hint or analysis is still being worked out; wait for its "
                 "answer.",
    "analysis/busy": "Your last hint or analysis is still being worked out; wait for its "
                     "answer.",
    "game/unknown": "There is no such game.",
    "game/bad_options": "The game options are not valid.",
    "winnable/not_offered": "This game does not offer winnable deals only: the solver "
                            "cannot prove its deals winnable quickly enough.",
    "winnable/not_ready": "No winnable deal of this game is ready yet; try again in a few "
                          "seconds.",
    "record/not_available": "The record is available when the game has ended.",
    "archive/not_found": "No finished game is kept under that id (it may have been "
                         "deleted, or kept for no longer than this server keeps games).",
    "archive/off": "This server keeps no finished games.",
    "service/unavailable": "The server's store is unavailable; try again shortly.",
    "service/busy": "The server is busy working out hints and analyses for other tables; "
                    "ask again in a few seconds.",
    "server/error": "Something went wrong on the server; it has been logged.",
}


class ProtocolError(Exception):
    """An error to answer with: a stable ``code`` and a sentence."""

    def __init__(self, code: str, message: str | None = None,
                 retry_after: float | None = None) -> None:
        """``retry_after``: seconds to wait before asking again (``service/busy``)."""
        if code not in CODES:
            raise ValueError(f"unknown error code {code}")
        super().__init__(message or CODES[code])
        self.code = code
        self.message = message or CODES[code]
        self.retry_after = retry_after
