"""The core is plain Python: no core module imports Textual or Rich."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
CORE = sorted(
    f"tuireader.{path.stem}"
    for path in (REPO / "tuireader").glob("*.py")
    if path.stem not in ("__main__",)
)


def test_every_core_module_is_listed():
    assert "tuireader.search" in CORE and "tuireader.library" in CORE
    assert not any(name.startswith("tuireader.ui") for name in CORE)


@pytest.mark.parametrize("module", CORE)
def test_core_module_imports_no_ui_framework(module):
    code = (
        "import importlib, sys\n"
        f"importlib.import_module({module!r})\n"
        "print([m for m in ('textual', 'rich') if m in sys.modules])\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"
