"""Imports only go down: the package's layers, checked on its source.

Every import counts, also one made inside a function (it hides a cycle, it
does not remove it). Only imports under ``if TYPE_CHECKING:`` are left out:
they never run. ``from package import module`` depends on that module, not on
the package's ``__init__``.
"""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"

# Bottom to top. A module may import its own package and any package below it.
LAYERS = [
    "zpagent",  # __init__: the version
    "errors",
    "faults",
    "guard",
    "inert",
    "contract",
    "ingest",
    "lexical",
    "config",
    "embed",
    "index",
    "search",
    "sync",
    "query",
    "graph",
    "history",
    "rag",
    "answer",
    "agent",
    "requests",
    "tool_payload",
    "workspace",
    "mcp",
    "api",
    # developer tooling: above the library, below the CLI that runs it
    "demo",
    "synthetic",
    "eval",
    "bench",
    "docs",
    "cli",
    "__main__",
]


def modules() -> dict[str, Path]:
    out = {}
    for path in (SRC / "zpagent").rglob("*.py"):
        parts = path.relative_to(SRC).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    return skip


def imports(mods: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the package modules it imports (at any depth of its code)."""
    edges: dict[str, set[str]] = {m: set() for m in mods}
    for name, path in mods.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = _type_checking_nodes(tree)
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                subs = [f"{node.module}.{a.name}" for a in node.names]
                targets = [s for s in subs if s in mods] or [node.module]
            else:
                continue
            edges[name] |= {t for t in targets if t in mods and t != name}
    return edges


def layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def test_every_module_has_a_layer():
    assert {layer(m) for m in modules()} <= set(LAYERS)


def test_imports_only_go_down():
    rank = {name: i for i, name in enumerate(LAYERS)}
    up = sorted(
        f"{a} -> {b}"
        for a, targets in imports(modules()).items()
        for b in targets
        if layer(a) != layer(b) and rank[layer(b)] > rank[layer(a)]
    )
    assert up == []


def test_no_import_cycles_between_modules():
    graph = imports(modules())
    try:
        graphlib.TopologicalSorter(graph).prepare()
    except graphlib.CycleError as exc:
        raise AssertionError(f"import cycle: {' -> '.join(exc.args[1])}") from None
