"""The project's own imports, read from the source (AST): module -> the project modules it imports."""
from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT

PACKAGES = ("extractor", "kb", "engine")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(package: str) -> dict[str, Path]:
    return {module_name(p): p for p in sorted((ROOT / package).rglob("*.py"))}


def imports_of(name: str, path: Path) -> set[str]:
    """Every project module ``name`` imports (at the top or inside a function), absolute or relative."""
    is_package = path.name == "__init__.py"
    here = name.split(".") if is_package else name.split(".")[:-1]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = here[: len(here) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            out.add(base)
            out |= {f"{base}.{a.name}" for a in node.names}     # ``from pkg import module``
    return {m for m in out if m.split(".")[0] in PACKAGES}


def graph(packages=PACKAGES) -> dict[str, set[str]]:
    """Module -> the project modules (that exist) it imports."""
    known = {n: p for pkg in PACKAGES for n, p in modules(pkg).items()}
    return {n: {m for m in imports_of(n, p) if m in known and m != n}
            for n, p in known.items() if n.split(".")[0] in packages}
