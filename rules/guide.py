"""How to play each game, in the project's own plain words, for people (not for the code).

The guides are data, kept apart from the game modules: one short text file per registered
game in ``rules/guides/`` (``<id>.txt``), read with :mod:`importlib.resources`. A file
starts with a few ``key: value`` lines (``name``, the title a person reads; ``summary``,
one sentence for the lobby), then four parts under the headings ``Goal``, ``Layout``,
``Moves`` and ``End``, in that order (the goal first). Blank lines part paragraphs; a line
starting ``- `` is a point of a list. The citation is not written in the file: it comes
from the game's :class:`~rules.description.Description` (book and page), and is shown
last. ``rules/guides/difficulty.txt`` rates each patience from its win rates
(``docs/win-rates.md``; ``tests/rules/test_guide.py`` checks the two agree).

A guide describes what the game module does: where a module reads an unclear passage of
its book one way, its guide says that way, and a variant's guide may say how it differs
from its parent.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources

from .description import Description
from .registry import description

#: A guide's parts: (heading, paragraphs) in order.
Parts = tuple[tuple[str, tuple[str, ...]], ...]
#: The four parts of every guide, in the order a person reads them.
PARTS: tuple[str, ...] = ("Goal", "Layout", "Moves", "End")
#: The lobby's three kinds of table.
KINDS = {"solo": "one player", "two": "two players", "party": "two or more players"}
#: Difficulty from the win rates (``difficulty.txt``); round games have none.
DIFFICULTIES = {"easy": "easy", "medium": "medium", "hard": "hard"}


@dataclass(frozen=True, slots=True)
class Guide:
    """One game's guide: its name for people, a one-line summary, the four parts (each a
    tuple of paragraphs, each its lines joined by newlines: a sentence or a point), where
    it comes from, and the lobby's kind and difficulty."""

    id: str
    name: str
    summary: str
    parts: Parts
    citation: str
    kind: str
    difficulty: str | None

    def part(self, heading: str) -> tuple[str, ...]:
        return dict(self.parts)[heading]

    def lines(self) -> list[str]:
        """The guide as plain lines: the name, then each part under its heading, the
        citation last."""
        out = [self.name, ""]
        for heading, paragraphs in self.parts:
            out.append(heading)
            for p in paragraphs:
                out += [*p.splitlines(), ""]
        out.append(self.citation)
        return out

    def to_dict(self) -> dict[str, object]:
        """The guide as plain data, for the wire."""
        return {"id": self.id, "name": self.name, "summary": self.summary,
                "parts": [[h, list(ps)] for h, ps in self.parts],
                "citation": self.citation, "kind": self.kind,
                "difficulty": self.difficulty}


class GuideError(ValueError):
    """A guide file that does not have the shape above."""


def citation(d: Description) -> str:
    """Where the game comes from, as a reader of the book would look it up: the book and
    its pages (the copies of Cadogan, Hoyle and the Vintage pages do not number them)."""
    if d.pages:
        return f"From {d.book.short}, {d.pages}."
    return f"From {d.book.short} (the copy used has no page numbers)."


def kind(d: Description) -> str:
    """``solo``, ``two`` (two people, together or against each other) or ``party``."""
    if d.seats == 1:
        return "solo"
    if d.seats_range is None or d.seats_range[1] <= 4:
        return "two"
    return "party"


def difficulty_of(won: int, deals: int) -> str:
    """The lobby's difficulty of a patience that simple play (the better of random play
    and the first legal move, ``docs/win-rates.md``) wins ``won`` times in ``deals``:
    easy from one deal in five, medium from one in thirty, hard below."""
    share = won / deals if deals else 0.0
    return "easy" if share >= 0.2 else "medium" if share >= 1 / 30 else "hard"


@cache
def _difficulties() -> dict[str, str]:
    text = resources.files(__package__).joinpath("guides", "difficulty.txt").read_text("utf-8")
    out = {}
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            game_id, level = line.split()
            out[game_id] = level
    return out


def parse(game_id: str, text: str) -> tuple[dict[str, str], Parts]:
    """The header and the parts of a guide file; raises :class:`GuideError`."""
    head: dict[str, str] = {}
    lines = text.splitlines()
    i = 0
    while i < len(lines) and lines[i].strip():
        key, sep, value = lines[i].partition(":")
        if not sep:
            raise GuideError(f"{game_id}: header line {lines[i]!r} is not 'key: value'")
        head[key.strip()] = value.strip()
        i += 1
    parts: list[tuple[str, list[str]]] = []
    block: list[str] = []

    def close() -> None:
        # a block of lines is one paragraph; each line of it is a sentence or a point
        # ("- ..."), kept on a line of its own
        if block:
            if not parts:
                raise GuideError(f"{game_id}: text before the first heading")
            parts[-1][1].append("\n".join(block))
            block.clear()

    for line in lines[i:]:
        s = line.strip()
        if s in PARTS:
            close()
            parts.append((s, []))
        elif not s:
            close()
        else:
            block.append(s)
    close()
    if tuple(h for h, _ in parts) != PARTS:
        raise GuideError(f"{game_id}: the parts must be {', '.join(PARTS)}, in that order")
    if any(not ps for _, ps in parts):
        raise GuideError(f"{game_id}: a part is empty")
    return head, tuple((h, tuple(ps)) for h, ps in parts)


@dataclass(frozen=True, slots=True)
class OptionText:
    """A game option in words for people: a short label, one sentence, and a few words
    for each choice (keyed by the choice as text: ``"true"``, ``"3"``, ``"until_no_play"``)."""

    label: str
    about: str
    choices: dict[str, str]

    def choice(self, value: object) -> str:
        """The words for ``value``; a number with no words of its own is itself."""
        key = str(value).lower() if isinstance(value, bool) else str(value)
        return self.choices.get(key, key)


@cache
def _option_sections() -> dict[str, OptionText]:
    text = resources.files(__package__).joinpath("guides", "options.txt").read_text("utf-8")
    out: dict[str, OptionText] = {}
    key = None
    for line in text.splitlines():
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        if s.startswith("[") and s.endswith("]"):
            key = s[1:-1]
            out[key] = OptionText("", "", {})
            continue
        name, sep, value = s.partition(":")
        if key is None or not sep:
            raise GuideError(f"options: {s!r} is not 'key: value' under a [section]")
        name, value = name.strip(), value.strip()
        o = out[key]
        if name in ("label", "about"):
            out[key] = OptionText(value if name == "label" else o.label,
                                  value if name == "about" else o.about, o.choices)
        else:
            o.choices[name] = value
    return out


def option_text(game_id: str, name: str) -> OptionText:
    """The words for option ``name`` of ``game_id``: the game's own (or its parent's,
    for a variant), else the ones every game with that option shares; raises
    :class:`GuideError` when there are none."""
    d = description(game_id)
    sections = _option_sections()
    for key in (f"{d.id}.{name}", f"{d.variant_of}.{name}", name):
        if key in sections:
            return sections[key]
    raise GuideError(f"{d.id}: no words for the option {name}")


@cache
def guide(game_id: str) -> Guide:
    """The guide of the game registered under ``game_id`` (or an alias); raises
    :class:`GuideError` when its file is missing or malformed."""
    d = description(game_id)
    try:
        text = resources.files(__package__).joinpath("guides", f"{d.id}.txt").read_text("utf-8")
    except FileNotFoundError:
        raise GuideError(f"{d.id}: no guide") from None
    head, parts = parse(d.id, text)
    for key in ("name", "summary"):
        if not head.get(key):
            raise GuideError(f"{d.id}: the header has no {key}")
    return Guide(d.id, head["name"], head["summary"], parts, citation(d), kind(d),
                 _difficulties().get(d.id))


def name_of(game_id: str) -> str:
    """The name a person reads for ``game_id``: its guide's, or the catalogue's title for a
    game with no guide (a game registered by a test)."""
    try:
        return guide(game_id).name
    except GuideError:
        return description(game_id).title


__all__ = [
    "DIFFICULTIES",
    "KINDS",
    "PARTS",
    "Guide",
    "GuideError",
    "OptionText",
    "citation",
    "difficulty_of",
    "guide",
    "kind",
    "name_of",
    "option_text",
    "parse",
]
