"""A CSL-JSON ``webpage`` is cited as a web page (RIS's ``ELEC``, CSL's ``webpage``)
though it names no site: Zotero's web pages of a real export (a ScienceDirect page
saved as a web page, no author, no date) came out as ``GEN`` / ``document``. Each CSL
type of that export is cited as the type it had."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation

#: items cut from the real Zotero (Better CSL JSON) export, one of each type
ITEMS = [
    {
        "id": "GeneticEnvironmentalInfluences",
        "type": "webpage",
        "title": "Genetic and environmental influences on the size of brain regions",
        "URL": "https://www.sciencedirect.com/science/article/pii/S1053809010222",
        "accessed": {"date-parts": [[2019, 8, 9]]},
    },
    {
        "id": "juriaanmReviewMinoltaAuto2019",
        "type": "post-weblog",
        "title": "Review: Minolta Auto Rokkor-PF 55mm f/2",
        "author": [{"literal": "JuriaanM"}],
        "container-title": "phillipreeve.net",
        "issued": {"date-parts": [[2019, 3, 1]]},
        "URL": "https://phillipreeve.net/blog/review-minolta/",
    },
    {
        "id": "sporns2012",
        "type": "article-journal",
        "title": "Human connectomics",
        "author": [{"family": "Sporns", "given": "Olaf"}],
        "container-title": "Current Opinion in Neurobiology",
        "issued": {"date-parts": [[2012]]},
    },
    {
        "id": "young2007",
        "type": "paper-conference",
        "title": "Random Dot Product Graph Models for Social Networks",
        "author": [{"family": "Young", "given": "Stephen J."}],
        "container-title": "Algorithms and Models for the Web-Graph",
        "issued": {"date-parts": [[2007]]},
    },
    {
        "id": "abbott2015",
        "type": "book",
        "title": "Understanding Analysis",
        "author": [{"family": "Abbott", "given": "Stephen"}],
        "publisher": "Springer",
        "issued": {"date-parts": [[2015]]},
    },
    {
        "id": "doe2020",
        "type": "report",
        "title": "A Technical Report",
        "author": [{"family": "Doe", "given": "Jane"}],
        "publisher": "Some Lab",
        "issued": {"date-parts": [[2020]]},
    },
]


@pytest.fixture
def cited(tmp_path: Path):
    path = tmp_path / "zotero.json"
    path.write_text(json.dumps(ITEMS), encoding="utf-8")
    library = load_library([path])

    def cite(key: str, fmt: str) -> str:
        (paper,) = [p for p in library.papers if p.cite_key == key or p.source_id == key]
        return format_citation(paper, fmt, library=library).text

    return cite


@pytest.mark.parametrize(
    ("key", "csl", "ris"),
    [
        ("GeneticEnvironmentalInfluences", "webpage", "ELEC"),
        ("juriaanmReviewMinoltaAuto2019", "webpage", "ELEC"),
        ("sporns2012", "article-journal", "JOUR"),
        ("young2007", "paper-conference", "CPAPER"),
        ("abbott2015", "book", "BOOK"),
        ("doe2020", "report", "RPRT"),
    ],
)
def test_each_csl_type_is_cited_as_the_type_it_had(cited, key: str, csl: str, ris: str) -> None:
    (item,) = json.loads(cited(key, "csl-json"))
    assert item["type"] == csl
    assert cited(key, "ris").splitlines()[0] == f"TY  - {ris}"


def test_a_web_page_without_a_site_keeps_its_address(cited) -> None:
    ris = cited("GeneticEnvironmentalInfluences", "ris").splitlines()
    assert "UR  - https://www.sciencedirect.com/science/article/pii/S1053809010222" in ris
    assert not [line for line in ris if line.startswith("T2")]
