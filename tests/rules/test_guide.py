"""How to play each game (rules/guide.py, rules/guides/): every registered game has a
guide a person can read, goal first, in plain words, citing its book last."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from rules import Play, all_games, make
from rules.common import AUTO, END
from rules.guide import PARTS, GuideError, difficulty_of, guide, option_text, parse
from rules.prng import Rng

ROOT = Path(__file__).resolve().parents[2]
GAMES = [g.description.id for g in all_games()]

#: What a guide must never say: words meant for the code, not for people.
CODE_WORDS = [
    (re.compile(r"\b[Ss]eat \d|\b[Pp]layer 0\b|\bseat[s]? counted"), "a seat number"),
    (re.compile(r"\bl\.\s?\d|\bamb\.|\blines? \d"), "a line of the scan"),
    (re.compile(r"\b\w+\.(txt|py|md|json)\b"), "a file name"),
    (re.compile(r"[`*_<>{}\[\]|]"), "markup or code"),
    (re.compile(r"\b(PROPOSED|sheet|seed|module|option)\b"), "the project's own words"),
]


def _option_ids() -> set[str]:
    """Option names and choices that are ids (snake_case), of every game."""
    out = set()
    for g in all_games():
        for o in g.option_specs:
            for word in (o.name, *(str(c) for c in o.choices)):
                if "_" in word:
                    out.add(word)
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_a_guide_goal_first_with_each_part(game_id: str) -> None:
    g = guide(game_id)
    assert g.name and g.summary
    assert tuple(h for h, _ in g.parts) == PARTS
    for heading, paragraphs in g.parts:
        assert paragraphs and all(p.strip() for p in paragraphs), (game_id, heading)
    lines = g.lines()
    assert lines[0] == g.name
    assert lines[2] == "Goal", "the goal comes first"
    assert lines[-1] == g.citation, "the citation comes last"
    assert g.summary.endswith("."), game_id
    assert len(g.summary) <= 160, f"{game_id}: the lobby's summary is one short sentence"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_guide_speaks_to_people(game_id: str) -> None:
    g = guide(game_id)
    body = "\n".join([g.name, g.summary, *(p for _, ps in g.parts for p in ps)])
    for pattern, what in CODE_WORDS:
        m = pattern.search(body)
        assert m is None, f"{game_id}: the guide names {what}: {m.group(0)!r}"
    words = set(re.findall(r"[a-z0-9_]+", body.lower()))
    assert not words & _option_ids(), f"{game_id}: option ids {words & _option_ids()}"
    assert not words & {i for i in GAMES if "_" in i}, f"{game_id}: a game id"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_guide_cites_its_book_and_page(game_id: str) -> None:
    d = next(g for g in all_games() if g.description.id == game_id).description
    g = guide(game_id)
    assert d.book.short in g.citation
    if d.pages:
        assert d.pages in g.citation, f"{game_id}: {g.citation!r} does not give the page"
    assert d.book.seed not in g.citation


def test_a_variant_guide_names_its_parent_or_stands_alone() -> None:
    """A variant's guide is its own: it may say how it differs from its parent, but its
    goal is never empty and its name is not its parent's."""
    for g in all_games():
        d = g.description
        if d.variant_of:
            assert guide(d.id).name != guide(d.variant_of).name, d.id


def test_the_difficulty_agrees_with_the_win_rates() -> None:
    rates: dict[str, Any] = json.loads((ROOT / "docs/data/win-rates.json").read_text())
    for game_id in GAMES:
        g = guide(game_id)
        if game_id not in rates:
            assert g.difficulty is None, f"{game_id} has no win rate, so no difficulty"
            continue
        best = max(rates[game_id].values(), key=lambda r: r["won"] / max(r["deals"], 1))
        assert g.difficulty == difficulty_of(best["won"], best["deals"]), game_id


def test_the_kinds_of_table() -> None:
    assert guide("klondike").kind == "solo"
    assert guide("sympathy").kind == "two"
    assert guide("all_fours").kind == "two"
    assert guide("old_maid").kind == "party"


def test_a_malformed_guide_is_refused() -> None:
    with pytest.raises(GuideError, match="in that order"):
        parse("x", "name: X\nsummary: Y.\n\nLayout\nA.\n\nGoal\nB.\n\nMoves\nC.\n\nEnd\nD.\n")
    with pytest.raises(GuideError, match="empty"):
        parse("x", "name: X\nsummary: Y.\n\nGoal\n\nLayout\nA.\n\nMoves\nC.\n\nEnd\nD.\n")
    head, parts = parse("x", "name: X\nsummary: Y.\n\nGoal\nB.\n\nLayout\nA.\n\nMoves\n"
                             "- one\n- two\n\nEnd\nD.\n")
    assert head == {"name": "X", "summary": "Y."}
    assert dict(parts)["Moves"] == ("- one\n- two",)


def test_every_option_has_a_label_a_sentence_and_words_for_its_choices() -> None:
    for g in all_games():
        d = g.description
        for o in g.option_specs:
            if o.name in d.fixed:
                continue
            t = option_text(d.id, o.name)
            assert t.label and t.about.endswith("."), (d.id, o.name)
            assert "_" not in t.label + t.about, (d.id, o.name, t.label)
            values = list(o.choices) or ([True, False] if isinstance(o.default, bool) else [])
            for c in values:
                words = t.choice(c)
                assert "_" not in words and words not in ("True", "False"), (d.id, o.name, c)
                if isinstance(c, bool) or not isinstance(c, int):  # numbers speak for themselves
                    assert (str(c).lower() if isinstance(c, bool) else str(c)) in t.choices, \
                        (d.id, o.name, c)


def _codes_offered(game_id: str, deals: int = 3, steps: int = 300) -> set[str]:
    """Every move code offered in random play of deals 0 .. ``deals``-1 (its own named
    choices: ``Rng.from_seed(deal)``), giving up and playing itself never chosen."""
    game = make(game_id)
    codes: set[str] = set()
    for deal in range(deals):
        play, rng = Play.start(game, deal), Rng.from_seed(deal)
        for _ in range(steps):
            state = play.state
            if game.outcome(state) is not None:
                break
            offered = [(s, m) for s in game.to_move(state) for m in game.legal_moves(state, s)]
            if not offered:
                break
            codes.update(m.code for _, m in offered)
            real = [x for x in offered if x[1] not in (END, AUTO)] or offered
            k, rng = rng.below(len(real))
            play = play.push(real[k][1], real[k][0])
    return codes


@pytest.mark.parametrize("game_id", [i for i in GAMES if make(i).description.seats_range is None])
def test_a_guide_says_what_the_game_offers(game_id: str) -> None:
    """A game that offers giving up, or playing itself to the end, has a guide that says
    so; a guide never promises that a game plays itself when it does not."""
    text = " ".join(p for _, ps in guide(game_id).parts for p in ps).lower()
    codes = _codes_offered(game_id)
    if END.code in codes:
        assert "give up" in text, f"{game_id} offers giving up; its guide does not say so"
    plays_itself = "play itself" in text
    assert plays_itself == (AUTO.code in codes), f"{game_id}: the guide and the game disagree " \
                                           "about playing itself"
