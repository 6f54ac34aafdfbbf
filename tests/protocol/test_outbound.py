"""The server's outbound messages and the protocol document list the same fields."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_type_hints

from protocol import outbound

README = Path(__file__).parents[2] / "protocol" / "README.md"


def documented() -> dict[str, set[str]]:
    """Each server → client row of the document: its types → the top-level fields."""
    text = README.read_text()
    table = text.split("## Server → client", 1)[1].split("\n\n", 2)[1]
    rows: dict[str, set[str]] = {}
    for line in table.splitlines()[2:]:
        kinds, fields = line.strip("|").split("|", 1)
        # nested shapes ([{...}], {...}) and remarks in parentheses are not top level
        flat = re.sub(r"`[a-z_]+`(?:\\\|`[a-z_]+`)+", "", fields)  # values: `a`\|`b`
        for _ in range(3):
            flat = re.sub(r"\[[^\[\]]*\]|\{[^{}]*\}|\([^()]*\)", "", flat)
        types = re.findall(r"`([a-z_]+)`", kinds)
        names = set(re.findall(r"`([a-z_]+)", flat))
        for kind in types:
            rows[kind] = names
    return rows


def test_every_message_the_server_sends_is_documented_with_its_fields() -> None:
    rows = documented()
    assert set(rows) == set(outbound.MESSAGES)
    for kind, shape in outbound.MESSAGES.items():
        keys = set(get_type_hints(shape)) - {"type"}
        assert keys <= rows[kind], (kind, keys - rows[kind])


def test_every_field_the_document_lists_is_one_the_server_sends() -> None:
    rows = documented()
    for kind, names in rows.items():
        # rows shared by two messages (joined / resumed) list the fields of both
        sharing = [k for k, v in rows.items() if v is names]
        sent = set().union(*(get_type_hints(outbound.MESSAGES[k]) for k in sharing))
        named = set(sharing) - sent  # "`joined` has `token`": a type, not a field
        assert names - named <= sent, (kind, names - named - sent)
