"""Errors of the rules core.

::

    RulesError                  anything the rules refuse
    ├── UnknownGame             no game registered under that id or alias
    ├── BadOptions              an option that the game does not have, or a bad value
    ├── IllegalMove             a move the rules do not allow now
    │   ├── NotYourTurn         the seat may not move now
    │   └── GameOver            the game has ended
    └── UndoRefused             nothing to undo, or undo would step back past a reveal

Every message is a sentence a player can act on and never names a face-down card: the
server forwards these messages to clients as they are.
"""

from __future__ import annotations


class RulesError(Exception):
    """Base of every error the rules raise; ``code`` is its stable wire code."""

    code = "rules/error"


class UnknownGame(RulesError):
    code = "game/unknown"


class BadOptions(RulesError):
    code = "game/bad_options"


class IllegalMove(RulesError):
    code = "move/illegal"


class NotYourTurn(IllegalMove):
    code = "move/not_your_turn"


class GameOver(IllegalMove):
    code = "move/game_over"


class UndoRefused(RulesError):
    code = "move/undo_refused"
