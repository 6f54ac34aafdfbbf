"""The Markdown table of a run."""

from __future__ import annotations

from typing import Any

from .hint_bench import markdown as hint_markdown
from .solver_bench import markdown as solver_markdown
from .view_bench import markdown as view_markdown


def _num(x: float | None) -> str:
    if x is None:
        return "—"
    if x != x:  # NaN
        return "n/a"
    if abs(x) >= 100:
        return f"{x:,.0f}"
    if abs(x) >= 10:
        return f"{x:.1f}"
    return f"{x:.2f}"


def markdown(result: dict[str, Any], slowest: int = 5) -> str:
    m = result["machine"]
    lines = [
        f"Run {result['date']} ({result['mode']}), {result['seconds']:.0f} s in all; "
        f"{m['cpu']}, {m['cores']} cores, {m['memory_gb']:.0f} GB, Linux {m['kernel']}, "
        f"Python {m['python']}, websockets {m['websockets']}, redis-server "
        f"{m['redis']}; open files: {m['nofile']}; event loop: {m.get('loop', 'asyncio')}.",
        "",
        "| section | figure | Sympathy | baseline | ratio | target | met |",
        "|---|---|---:|---:|---:|---|---|",
    ]
    for r in result["rows"]:
        met = "" if r["met"] is None else ("yes" if r["met"] else "**no**")
        ratio = "—" if r["ratio"] is None else f"{r['ratio']:.2f}x"
        lines.append(f"| {r['section']} | {r['figure']} | {_num(r['value'])} {r['unit']} | "
                     f"{_num(r['baseline'])} {r['unit'] if r['baseline'] else ''} | {ratio} | "
                     f"{r['target']} | {met} |")
    rules = result.get("rules")
    if rules:
        med_a, med_l = rules["median_applies_per_s"], rules["median_legal_per_s"]
        lines += [
            "",
            f"5. Rules: random playouts of all {len(rules['games'])} games; the {slowest} "
            f"slowest by moves applied per second (baseline: the median game, "
            f"{_num(med_a)} moves/s applied, {_num(med_l)} legal-move generations/s).",
            "",
            "| game | playouts | moves applied/s | ratio | legal-move generations/s | ratio |",
            "|---|---:|---:|---:|---:|---:|",
        ]
        for g in sorted(rules["games"], key=lambda g: g["applies_per_s"])[:slowest]:
            lines.append(f"| {g['game']} | {g['playouts']} | {_num(g['applies_per_s'])} | "
                         f"{g['applies_per_s'] / med_a:.2f}x | {_num(g['legal_per_s'])} | "
                         f"{g['legal_per_s'] / med_l:.2f}x |")
    if result.get("solver"):
        lines += solver_markdown(result["solver"])
    if result.get("hints"):
        lines += hint_markdown(result["hints"])
    if result.get("views"):
        lines += view_markdown(result["views"])
    if result.get("notes"):
        lines += [""] + [f"- {n}" for n in result["notes"]]
    return "\n".join(lines) + "\n"
