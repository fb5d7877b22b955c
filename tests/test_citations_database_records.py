"""A work copied from a database's full record is cited as a reference, not as the
record: Web of Science's BibTeX of a "Full Record and Cited References" export gives the
authors' e-mails and addresses, their register ids, its subject categories, the funding
and the work's whole list of references, none of which a reference gives (and the
e-mails are no one else's to pass on). Fixture: that export's shape."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation, validate_bibtex

WOS = Path(__file__).parent / "fixtures" / "citations" / "bookkeeping" / "wos_full_record.bib"
LEFT_OUT = (
    "author-email",
    "affiliation",
    "affiliations",
    "researcherid-numbers",
    "orcid-numbers",
    "research-areas",
    "web-of-science-categories",
    "web-of-science-index",
    "keywords-plus",
    "funding-acknowledgement",
    "funding-text",
    "cited-references",
    "oa",
)


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_web_of_sciences_full_record_is_cited_as_a_reference(fmt: str) -> None:
    library = load_library([WOS])
    (paper,) = library.papers
    text = format_citation(paper, fmt, library=library).text
    names = [line.split("=")[0].strip() for line in text.splitlines()[1:-1]]
    assert not set(LEFT_OUT) & set(names)
    assert "EXAMPLE.ORG" not in text and "Alpha A., 2020" not in text
    for kept in ("author", "title", "volume", "pages", "doi", "issn", "keywords"):
        assert kept in names
    assert validate_bibtex(text) == []
