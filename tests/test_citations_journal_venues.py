"""A paper whose list names only its venue is cited as a journal article when the venue
is a journal: one named by a journal's words ("Physical Review Letters"), one of the
families of journals that carry none ("Nature Physics"), a journal named like
proceedings ("Proceedings of the National Academy of Sciences", "Proceedings of the
IEEE"), or any venue the record places the paper in an issue of. Proceedings of a
meeting stay proceedings, whatever else their name holds."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation

JOURNALS = (
    "Nature Physics",
    "Physical Review Letters",
    "Proceedings of the National Academy of Sciences",
    "Proceedings of the IEEE",
    "Proc. Natl. Acad. Sci. USA",
    "Proceedings of the Royal Society A",
    "Proceedings of the VLDB Endowment",
    "Proceedings of the ACM on Programming Languages",
    "Science Advances",
    "Annals of Statistics",
)

PROCEEDINGS = (
    "Proceedings of the IEEE/CVF Conference on Computer Vision and Pattern Recognition",
    "Proceedings of the IEEE International Conference on Computer Vision",
    "Advances in Neural Information Processing Systems",
    "Robotics: Science and Systems",
    "Findings of the Association for Computational Linguistics",
    "CVPR 2024 (under review)",
)


def _paper(tmp_path: Path, venue: str, **fields: str):
    record = {
        "title": "Waves in a frustrated magnet",
        "abstract": "We observe waves in a frustrated magnet.",
        "authors": ["Jane Doe"],
        "venue": venue,
        "year": 2020,
        **fields,
    }
    path = tmp_path / "list.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    library = load_library([path])
    (paper,) = library.papers
    return paper, library


def _cited(tmp_path: Path, venue: str, fmt: str, **fields: str) -> str:
    paper, library = _paper(tmp_path, venue, **fields)
    return format_citation(paper, fmt, library=library).text


@pytest.mark.parametrize("venue", JOURNALS)
def test_a_journal_named_in_the_venue_is_cited_as_one(tmp_path: Path, venue: str) -> None:
    bibtex = _cited(tmp_path, venue, "bibtex")
    assert bibtex.startswith("@article{"), bibtex
    assert f"journal = {{{venue}}}" in bibtex
    assert "booktitle" not in bibtex
    biblatex = _cited(tmp_path, venue, "biblatex")
    assert biblatex.startswith("@article{"), biblatex
    assert f"journaltitle = {{{venue}}}" in biblatex
    # APA puts a paper in proceedings "In" them; an article is in its journal
    assert f". {venue}." in _cited(tmp_path, venue, "apa")
    assert " In " not in _cited(tmp_path, venue, "apa")


@pytest.mark.parametrize("venue", PROCEEDINGS)
def test_proceedings_stay_proceedings(tmp_path: Path, venue: str) -> None:
    bibtex = _cited(tmp_path, venue, "bibtex")
    assert bibtex.startswith("@inproceedings{"), bibtex
    assert f"In {venue}." in _cited(tmp_path, venue, "apa")


def test_a_venue_the_record_gives_an_issue_of_is_a_journal(tmp_path: Path) -> None:
    fields = {"volume": "12", "issue": "3"}
    bibtex = _cited(tmp_path, "Materials Today", "bibtex", **fields)
    assert bibtex.startswith("@article{"), bibtex
    assert "journal = {Materials Today}" in bibtex
    assert "Materials Today, 12(3)." in _cited(tmp_path, "Materials Today", "apa", **fields)
    # without the issue, a name that says nothing of its kind is taken for proceedings
    assert _cited(tmp_path, "Materials Today", "bibtex").startswith("@inproceedings{")
    # the issue of a meeting's proceedings (AAAI's) leaves them proceedings
    aaai = "Proceedings of the AAAI Conference on Artificial Intelligence"
    assert _cited(tmp_path, aaai, "bibtex", **fields).startswith("@inproceedings{")


def test_a_record_that_calls_the_paper_an_article_cites_it_as_one(tmp_path: Path) -> None:
    paper, library = _paper(tmp_path, "Materials Today")
    article = replace(paper, entry_type="article")
    assert format_citation(article, "bibtex", library=library).text.startswith("@article{")
    assert format_citation(paper, "bibtex", library=library).text.startswith("@inproceedings{")
