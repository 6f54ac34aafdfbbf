"""Cleaning text that people type (names, chat) before anyone else sees it."""

from __future__ import annotations

import re
import unicodedata

# C0/C1 controls, DEL, bidi overrides and zero-width characters: none may reach a
# terminal raw. ESC is a C0 control, so every escape sequence loses its introducer.
_UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]")


def clean(text: str, limit: int) -> str:
    """``text`` normalised (NFC), stripped of control and escape characters, trimmed."""
    text = unicodedata.normalize("NFC", text)
    text = _UNSAFE.sub("", text)
    text = " ".join(text.split())
    return text[:limit]
