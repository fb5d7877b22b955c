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
    decisions_lacking,
    decisions_wanted,
    fit,
    fit_store,
    fit_store_kept,
    remembered_papers,
    space_of,
)
from tuireader.learn.vectors import kept_space, made_by, space_digest, space_for

__all__ = [
    "LABELS",
    "Model",
    "Recipe",
    "Space",
    "Why",
    "decisions_from",
    "decisions_lacking",
    "decisions_wanted",
    "fit",
    "fit_store",
    "fit_store_kept",
    "kept_space",
    "made_by",
    "remembered_papers",
    "space_digest",
    "space_for",
    "space_of",
]
