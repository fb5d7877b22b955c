"""Display titles for papers whose source gives only an abstract."""

from __future__ import annotations

import re

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9])")
MAX_TITLE = 80


def derive_title(abstract: str) -> str:
    """Return a short single-line title taken from the start of ``abstract``."""
    text = " ".join(abstract.split())
    if not text:
        return "Untitled"
    first = _SENTENCE_END.split(text, maxsplit=1)[0].rstrip(".!?;:, ")
    if len(first) <= MAX_TITLE:
        return first
    cut = first[:MAX_TITLE].rsplit(" ", 1)[0].rstrip(".,;:!? ")
    return cut + "…"
