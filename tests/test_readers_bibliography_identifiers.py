"""A reference's arXiv id and arXiv DOI are read with the patterns every reader uses
(the forms of an arXiv id, the arXiv DOI), not copies of them."""

from __future__ import annotations

from tuireader.ingest.formats import references
from tuireader.ingest.formats.common import ARXIV_ID_FORMS, ARXIV_ID_RE
from tuireader.ingest.formats.references import read_reference


def test_the_arxiv_forms_are_the_common_ones() -> None:
    assert ARXIV_ID_FORMS in references._ARXIV_RE.pattern
    assert ARXIV_ID_FORMS in ARXIV_ID_RE.pattern


def test_arxiv_ids_and_dois_in_references() -> None:
    found, _ = read_reference(
        "A. Author, B. Writer. On graphs. arXiv preprint arXiv:1706.03762v2, 2017."
    )
    assert (found.title, found.arxiv_id) == ("On graphs", "1706.03762")
    new, _ = read_reference(
        "A. Author, B. Writer. On trees. 2022. https://doi.org/10.48550/ARXIV.2203.02155"
    )
    assert (new.title, new.arxiv_id, new.doi) == ("On trees", "2203.02155", None)
