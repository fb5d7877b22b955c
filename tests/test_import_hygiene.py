"""The architecture, enforced: layers import downwards only, the core never imports Textual
or Rich, and only ``tuireader.search`` imports Whoosh.

The layers, lowest first (README, "Development"): ``model`` → ``render`` → ``system`` →
``ingest`` → ``search`` → ``triage`` → ``learn`` → ``session`` → ``ui`` → ``cli``. A module may import
its own layer and any layer below it, never one above. Imports inside functions count too:
a lazy import is still a dependency.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "tuireader"

LAYERS = (
    "model",
    "render",
    "system",
    "ingest",
    "search",
    "triage",
    "learn",
    "session",
    "ui",
    "cli",
)
#: the entry points sit above every layer
ENTRY = {"tuireader", "tuireader.__main__", "tuireader.launch"}


def _module_name(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


MODULES = {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}
CORE = sorted(
    name
    for name in MODULES
    if name not in ENTRY and not name.startswith(("tuireader.ui", "tuireader.cli"))
)


def _layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else None


def _imports(path: Path) -> list[tuple[int, str]]:
    """``(line, module)`` for every import in ``path``, relative imports resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = _module_name(path).split(".")
                if path.name != "__init__.py":
                    package = package[:-1]
                package = package[: len(package) - node.level + 1]
                base = ".".join([*package, base] if base else package)
            found.append((node.lineno, base))
            # ``from tuireader import search`` imports the subpackage itself
            found.extend((node.lineno, f"{base}.{alias.name}") for alias in node.names)
    return found


def test_the_package_map_is_what_the_readme_says():
    packages = {name.split(".")[1] for name in MODULES if name.count(".") >= 1}
    assert {"ingest", "search", "render", "triage", "system", "ui"} <= packages
    for name in ("ingest", "search", "render", "triage", "system", "ui"):
        doc = ast.get_docstring(ast.parse((PACKAGE / name / "__init__.py").read_text()))
        assert doc, f"tuireader/{name}/__init__.py says what lives there"
    assert "tuireader.search.engine" in CORE and "tuireader.ingest.library" in CORE
    assert not any(name.startswith("tuireader.ui") for name in CORE)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_go_down_the_layers(module):
    here = _layer(module)
    wrong = []
    for line, target in _imports(MODULES[module]):
        top = target.split(".")[0]
        if module in CORE and top in ("textual", "rich"):
            wrong.append(f"line {line}: {target} (the core never imports the UI framework)")
        if top == "whoosh" and _layer(module) != "search":
            wrong.append(f"line {line}: {target} (only tuireader.search imports Whoosh)")
        there = _layer(target)
        if top != "tuireader" or there is None or module in ENTRY or here is None:
            continue
        if LAYERS.index(there) > LAYERS.index(here):
            wrong.append(f"line {line}: {target} ({here} may not import {there}, a higher layer)")
    assert not wrong, f"{module}:\n" + "\n".join(wrong)


def test_the_core_loads_without_textual_rich_or_a_cycle():
    """Every core module, imported in a fresh interpreter, pulls in neither Textual nor Rich."""
    code = (
        "import importlib, sys\n"
        f"for name in {CORE!r}:\n"
        "    importlib.import_module(name)\n"
        "print([m for m in ('textual', 'rich') if m in sys.modules])\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], check=False, capture_output=True, text=True, cwd=REPO
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"


def test_reading_lists_does_not_load_whoosh():
    """Loading a library (the first thing every command does) leaves Whoosh unimported."""
    code = (
        "import sys\n"
        "from tuireader.ingest.library import load_library\n"
        "load_library()\n"
        "print('whoosh' in sys.modules)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], check=False, capture_output=True, text=True, cwd=REPO
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "False"
