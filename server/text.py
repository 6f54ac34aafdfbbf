"""Cleaning text that people type (names, chat) before anyone else sees it."""

from __future__ import annotations

import re
import unicodedata

# Terminal escape sequences, whole (removing only ESC would leave "[31m" behind): CSI
# (ESC [ or C1 CSI, parameters, intermediates, final), strings (OSC, DCS, SOS, PM, APC up
# to their terminator, or the end), and the other two- or three-character escapes.
_ESCAPES = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?"
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f]).*?(?:\x07|\x1b\\|\x9c|$)"
    r"|\x1b[ -/]*[0-~]?", re.S)
# C0/C1 controls, DEL, bidi overrides and zero-width characters: none may reach a
# terminal raw.
_UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]")


def clean(text: str, limit: int) -> str:
    """``text`` normalised (NFC), stripped of control and escape characters, trimmed."""
    text = unicodedata.normalize("NFC", text)
    text = _ESCAPES.sub("", text)
    text = _UNSAFE.sub("", text)
    text = " ".join(text.split())
    return text[:limit]
