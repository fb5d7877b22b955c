"""Learning from triage: a "for you" order fitted on the user's keeps, maybes and skips.
May import model, render, system, ingest, search and triage; never session, ui, cli or Textual.
"""

from tuireader.learn.taste import (
    LABELS,
    Model,
    Recipe,
    Space,
    Why,
    decisions_from,
    decisions_wanted,
    fit,
    fit_store,
    remembered_papers,
    space_of,
)
from tuireader.learn.vectors import space_for

__all__ = [
    "LABELS",
    "Model",
    "Recipe",
    "Space",
    "Why",
    "decisions_from",
    "decisions_wanted",
    "fit",
    "fit_store",
    "remembered_papers",
    "space_for",
    "space_of",
]
