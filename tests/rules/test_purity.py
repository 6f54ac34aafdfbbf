"""``rules/`` is pure: standard library only, and nothing with I/O, clocks or chance."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "rules"
FORBIDDEN = {
    "asyncio", "websockets", "redis", "msgpack", "random", "time", "datetime", "socket",
    "threading", "multiprocessing", "subprocess", "os", "io", "secrets", "select",
    "selectors", "signal", "urllib", "http", "logging", "shutil", "tempfile", "pathlib",
    "uuid",
}


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_rules_imports_only_pure_standard_library() -> None:
    files = sorted(RULES.rglob("*.py"))
    assert len(files) > 5
    for path in files:
        roots = imported_roots(path)
        bad = roots & FORBIDDEN
        assert not bad, f"{path.relative_to(RULES.parent)} imports {sorted(bad)}"
        outside = {r for r in roots if r not in sys.stdlib_module_names and r != "rules"}
        assert not outside, f"{path.relative_to(RULES.parent)} imports {sorted(outside)}"


def test_the_walker_sees_a_forbidden_import(tmp_path: Path) -> None:
    sample = tmp_path / "bad.py"
    sample.write_text("import random\nfrom time import monotonic\nfrom . import x\n")
    assert imported_roots(sample) == {"random", "time"}
