"""Where the files that ship with tuireader (seed lists, styles) are found.

In an installed wheel they live inside the package (``tuireader/seeds``,
``tuireader/styles``); in a source checkout they sit at the top of the tree.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]  # tuireader/


def _bundled(name: str) -> Path:
    inside = _PACKAGE / name
    if inside.is_dir():
        return inside
    return _PACKAGE.parent / name


def seeds_dir() -> Path:
    """The folder holding the built-in demo library."""
    return _bundled("seeds")


def styles_dir() -> Path:
    """The folder holding the Textual CSS themes."""
    return _bundled("styles")
