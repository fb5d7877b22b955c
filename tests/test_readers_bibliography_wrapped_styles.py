"""References in each style, wrapped over lines at any width as a PDF gives them, are
read as they are one a line. A line that held the ACL's year after the names ("2002.
BLEU: …") or only names ("Christopher D. Manning and Hinrich Schütze."), a publisher on
a line of its own after an ACL reference ("Prentice Hall."), LNCS's "preprint
arXiv:1412.6980 (2014)" (taken for a running head and left out), a DOI link on a line
of its own that two references share (taken for a page's furniture), and an
organisation's APA reference after a DOI link ("American Psychological Association.
(2020).") each broke a reference in two or ran two together."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tuireader.ingest.formats.references import parse_references

STYLES = Path(__file__).parent / "fixtures" / "text" / "references_by_style"


def _read(text: str) -> list[tuple[object, ...]]:
    result = parse_references(text, Path("refs.txt"))
    assert result is not None
    return [
        (r.authors, r.title, r.venue, r.year, r.publisher, r.entry_type, r.arxiv_id, r.doi)
        for r in result.records
    ]


@pytest.mark.parametrize("style", ["ieee", "apa", "lncs", "acl", "neurips"])
@pytest.mark.parametrize("width", [45, 60, 75, 90, 110])
def test_wrapped_references_are_read_as_one_a_line(style: str, width: int) -> None:
    text = (STYLES / f"{style}.txt").read_text(encoding="utf-8")
    head, references = text.splitlines()[:2], text.splitlines()[2:]
    wrapped = list(head)
    for reference in references:
        wrapped += textwrap.wrap(reference, width, break_on_hyphens=False, break_long_words=False)
    assert _read("\n".join(wrapped) + "\n") == _read(text)


def test_each_style_has_its_references_read() -> None:
    counts = {
        style: len(_read((STYLES / f"{style}.txt").read_text(encoding="utf-8")))
        for style in ("ieee", "apa", "lncs", "acl", "neurips")
    }
    assert counts == {"ieee": 14, "apa": 14, "lncs": 10, "acl": 10, "neurips": 14}
