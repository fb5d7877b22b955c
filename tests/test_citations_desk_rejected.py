"""A submission OpenReview rejected before review (its ``venueid`` ending
``/Desk_Rejected_Submission``, or its venue "… Conference Desk Rejected Submission")
was cited "Submitted to ICLR 2024 (Reject)", as one rejected after review. It is now
cited as OpenReview words what happened: "Submitted to ICLR 2024 (Desk rejected)"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation


def _one_note(tmp_path: Path, venue: str, venueid: str):
    note = {
        "id": "D3skRj0003",
        "forum": "D3skRj0003",
        "content": {
            "title": {"value": "An Anonymity Breach"},
            "authors": {"value": ["Fay Gee"]},
            "venue": {"value": venue},
            "venueid": {"value": venueid},
        },
    }
    path = tmp_path / "notes.json"
    path.write_text(json.dumps({"notes": [note]}), encoding="utf-8")
    (paper,) = load_library([path]).papers
    return paper


def test_a_desk_rejection_its_venueid_files_is_cited_as_one(tmp_path: Path) -> None:
    paper = _one_note(
        tmp_path, "Submitted to ICLR 2024", "ICLR.cc/2024/Conference/Desk_Rejected_Submission"
    )
    assert paper.status == "Desk rejected"
    assert format_citation(paper, "apa").text == (
        "Gee, F. (2024). An Anonymity Breach [Submitted to ICLR 2024 (Desk rejected)]. "
        "OpenReview. https://openreview.net/forum?id=D3skRj0003"
    )
    assert (
        "note = {Submitted to ICLR 2024 (Desk rejected)}" in format_citation(paper, "bibtex").text
    )
    assert "(Reject)" not in format_citation(paper, "ris").text


@pytest.mark.parametrize("venueid", ["ICLR.cc/2024/Conference/Desk_Rejected_Submission", ""])
def test_a_venue_that_says_desk_rejected_gives_that_status(tmp_path: Path, venueid: str) -> None:
    venue = "ICLR 2024 Conference Desk Rejected Submission"
    paper = _one_note(tmp_path, venue, venueid)
    assert paper.status == "Desk rejected"
    assert f"[{venue}]. OpenReview." in format_citation(paper, "apa").text


def test_a_rejection_after_review_is_still_a_rejection(tmp_path: Path) -> None:
    paper = _one_note(
        tmp_path, "Submitted to ICLR 2024", "ICLR.cc/2024/Conference/Rejected_Submission"
    )
    assert paper.status == "Reject"
    assert "[Submitted to ICLR 2024 (Reject)]" in format_citation(paper, "apa").text
