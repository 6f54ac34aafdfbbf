"""The tests mirror the house (tests/README.md): helpers live in ``tests/kit/``, no test
module imports another, and every source module has a test file by the mirror rule or a
row in the README's map of where its tests are."""

from __future__ import annotations

import ast
import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
SOURCES = ("rules", "protocol", "server", "server/stores", "client", "cli")


def _python_files() -> list[Path]:
    return sorted(p for p in TESTS.rglob("*.py") if "__pycache__" not in p.parts)


def _imported(path: Path) -> set[str]:
    """Every module ``path`` imports, relative imports resolved (``from .x import y``
    counts as both ``pkg.x`` and ``pkg.x.y``, since ``y`` may be a module)."""
    package = list(path.relative_to(ROOT).with_suffix("").parts[:-1])
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            mod = ".".join([*base, *([node.module] if node.module else [])])
            out.add(mod)
            out.update(f"{mod}.{a.name}" for a in node.names)
    return out


def test_no_test_module_imports_another_test_module() -> None:
    bad = [f"{p.relative_to(ROOT)} imports {m}" for p in _python_files()
           for m in sorted(_imported(p))
           if m.startswith("tests.") and m.rsplit(".", 1)[-1].startswith("test_")]
    assert not bad, "a shared piece of a test goes to tests/kit/:\n" + "\n".join(bad)


def test_every_helper_module_lives_in_the_kit() -> None:
    stray = [str(p.relative_to(ROOT)) for p in _python_files()
             if not p.name.startswith("test_")
             and p.name not in ("conftest.py", "__init__.py")
             and p.parent != TESTS / "kit"]
    assert not stray, "helper modules outside tests/kit/: " + ", ".join(stray)


def test_every_source_module_has_a_mirror_test_or_a_row_in_the_map() -> None:
    readme = (TESTS / "README.md").read_text().split("## Where a module's tests are")[1]
    mapped = set(re.findall(r"^\| `([\w/]+\.py)` \|", readme, re.M))
    missing = []
    for pkg in SOURCES:
        for f in sorted((ROOT / pkg).glob("*.py")):
            if f.name == "__init__.py":
                continue
            name = f"{pkg}/{f.name}"
            if not (TESTS / pkg / f"test_{f.name}").exists() and name not in mapped:
                missing.append(name)
    assert not missing, ("no tests/<pkg>/test_<name>.py and no row in tests/README.md's "
                         "'Where a module's tests are': " + ", ".join(missing))
    gone = sorted(m for m in mapped if not (ROOT / m).exists())
    assert not gone, "rows for modules that are gone: " + ", ".join(gone)
