"""A CSL-JSON title that ran on into the RIS lines after it (a publisher's RIS whose
title line lost its line break, as Zotero imported it: the real Better CSL export's
"…for Random Graphs AU  - Tang, Minh"): the title ends before them, and the authors
those lines name, the first ones, are the paper's, before those the item lists."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation

TITLE = "A Semiparametric Two-Sample Hypothesis Testing Problem for Random Graphs"


def _paper(tmp_path: Path, title: str, authors: list[dict[str, str]]):  # type: ignore[no-untyped-def]
    item = {
        "id": "athreyaSemiparametricTwoSampleHypothesis2017",
        "type": "article-journal",
        "title": title,
        "container-title": "Journal of Computational and Graphical Statistics",
        "DOI": "10.1080/10618600.2016.1193505",
        "issued": {"date-parts": [[2017, 4, 3]]},
        "author": authors,
    }
    path = tmp_path / "zotero.json"
    path.write_text(json.dumps([item]), encoding="utf-8")
    (paper,) = load_library([path]).papers
    return paper


LISTED = [{"family": "Athreya", "given": "Avanti"}, {"family": "Sussman", "given": "Daniel L."}]


def test_an_author_line_a_title_ran_on_into_is_the_first_author(tmp_path: Path) -> None:
    # the title lost " AU  - Tang, Minh" and every citation lost Minh Tang with it
    paper = _paper(tmp_path, f"{TITLE} AU  - Tang, Minh", LISTED)
    assert paper.title == TITLE
    assert paper.authors == ("Minh Tang", "Avanti Athreya", "Daniel L. Sussman")
    assert format_citation(paper, "apa").text.startswith("Tang, M., Athreya, A., & Sussman, D. L.")


def test_other_lines_a_title_ran_on_into_add_no_author(tmp_path: Path) -> None:
    for tail in (" PY  - 2017", " AU  - Athreya, Avanti", " T2  - Journal of Statistics"):
        paper = _paper(tmp_path, TITLE + tail, LISTED)
        assert paper.title == TITLE
        assert paper.authors == ("Avanti Athreya", "Daniel L. Sussman")
    # two author lines, and the year's after them
    paper = _paper(tmp_path, f"{TITLE} AU  - Tang, Minh AU  - Priebe, Carey PY  - 2017", LISTED)
    assert paper.authors[:3] == ("Minh Tang", "Carey Priebe", "Avanti Athreya")
