"""Papers with Code's ``papers-with-abstracts.json`` records: the year of the proceedings
they name, and the arXiv links they give over http with a version.

The fixture holds two records as Papers with Code writes them: ResNet (``proceeding``
"CVPR 2016 6", ``date`` the arXiv preprint's 2015-12-10) and Adam (no proceedings).
"""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.ingest.readers import read_file
from tuireader.model import Paper
from tuireader.render.citations import format_citation

RECORDS = (
    Path(__file__).parent / "fixtures" / "other_shapes" / "paperswithcode_proceeding_year.json"
)
RESNET = "Deep Residual Learning for Image Recognition"
ADAM = "Adam: A Method for Stochastic Optimization"


def papers() -> dict[str, Paper]:
    return {paper.title: paper for paper in load_library([RECORDS])}


def test_the_proceedings_year_is_the_papers_year_not_the_arxiv_date() -> None:
    records = {record.title: record for record in read_file(RECORDS).records}
    assert (records[RESNET].venue, records[RESNET].year) == ("CVPR 2016", 2016)
    # a record that names no proceedings is dated by its arXiv date
    assert (records[ADAM].venue, records[ADAM].year) == (None, 2014)


def test_a_paper_in_proceedings_of_a_later_year_is_shown_and_keyed_by_that_year() -> None:
    resnet = papers()[RESNET]
    assert resnet.where == ("paperswithcode_proceeding_year", "CVPR 2016")
    bibtex = format_citation(resnet, "bibtex").text
    assert bibtex.startswith("@inproceedings{he2016deep,")
    assert "year = {2016}" in bibtex
