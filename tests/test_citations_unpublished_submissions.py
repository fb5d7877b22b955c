"""OpenReview submissions that were rejected, withdrawn or are still under review are
cited as unpublished works, not as papers in the proceedings they were submitted to.

The fixtures are OpenReview API v2 notes (a NeurIPS 2023 withdrawn submission and an
oral; ICLR 2024 decisions of every kind) and a Paper Copilot list of ICLR 2023, whose
rejected and withdrawn papers carry only their status.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.model import Paper
from tuireader.render.citations import format_citation

SHAPES = Path(__file__).parent / "fixtures" / "other_shapes"
NEURIPS = SHAPES / "openreview_v2_neurips2023_withdrawn.json"
ICLR = SHAPES / "openreview_v2_iclr_decided.json"
COPILOT = SHAPES / "papercopilot_iclr2023_decisions.json"


def papers(path: Path) -> dict[str, Paper]:
    return {paper.title: paper for paper in load_library([path])}


def cite(paper: Paper, fmt: str) -> str:
    return format_citation(paper, fmt).text


def test_a_withdrawn_neurips_submission_is_a_misc_entry_on_openreview() -> None:
    withdrawn = papers(NEURIPS)["Sparse Attention Without Tears"]
    assert cite(withdrawn, "bibtex") == (
        "@misc{doe2023sparse,\n"
        "  title = {Sparse Attention Without Tears},\n"
        "  author = {Doe, Jane and Roe, John},\n"
        "  howpublished = {OpenReview},\n"
        "  year = {2023},\n"
        "  url = {https://openreview.net/forum?id=Wd7hDrAwn1},\n"
        "  pdf = {https://openreview.net/pdf/2222222222222222222222222222222222222222.pdf},\n"
        "  note = {NeurIPS 2023 Conference Withdrawn Submission}\n"
        "}"
    )
    biblatex = cite(withdrawn, "biblatex")
    assert biblatex.startswith("@misc{") and "booktitle" not in biblatex
    assert "volume" not in biblatex


def test_a_withdrawn_submission_in_the_text_styles_names_no_proceedings() -> None:
    withdrawn = papers(NEURIPS)["Sparse Attention Without Tears"]
    url = "https://openreview.net/forum?id=Wd7hDrAwn1"
    assert cite(withdrawn, "apa") == (
        "Doe, J., & Roe, J. (2023). Sparse Attention Without Tears "
        f"[NeurIPS 2023 Conference Withdrawn Submission]. OpenReview. {url}"
    )
    assert cite(withdrawn, "mla") == (
        'Doe, Jane, and John Roe. "Sparse Attention Without Tears." NeurIPS 2023 '
        f"Conference Withdrawn Submission, OpenReview, 2023, {url}."
    )
    assert cite(withdrawn, "ieee") == (
        "J. Doe and J. Roe, \u201cSparse Attention Without Tears,\u201d NeurIPS 2023 "
        f"Conference Withdrawn Submission, OpenReview, 2023. [Online]. Available: {url}"
    )
    assert cite(withdrawn, "chicago") == (
        "Doe, Jane, and John Roe. 2023. \u201cSparse Attention Without Tears.\u201d "
        f"NeurIPS 2023 Conference Withdrawn Submission, OpenReview. {url}."
    )
    assert cite(withdrawn, "markdown") == (
        f"[Sparse Attention Without Tears]({url}). Jane Doe, John Roe. "
        "NeurIPS 2023 Conference Withdrawn Submission."
    )
    for fmt in ("apa", "mla", "ieee", "chicago", "markdown", "ris", "csl-json"):
        assert "Advances in Neural" not in cite(withdrawn, fmt), fmt


def test_a_withdrawn_submission_is_unpublished_in_ris_and_csl_json() -> None:
    withdrawn = papers(NEURIPS)["Sparse Attention Without Tears"]
    ris = cite(withdrawn, "ris").splitlines()
    assert ris[0] == "TY  - UNPB"
    assert "M3  - NeurIPS 2023 Conference Withdrawn Submission" in ris
    assert "PB  - OpenReview" in ris
    assert not [line for line in ris if line.startswith(("T2", "VL"))]
    (item,) = json.loads(cite(withdrawn, "csl-json"))
    assert item["type"] == "manuscript"
    assert item["genre"] == "NeurIPS 2023 Conference Withdrawn Submission"
    assert item["publisher"] == "OpenReview"
    assert "container-title" not in item and "volume" not in item


def test_an_accepted_neurips_oral_stays_in_the_proceedings() -> None:
    oral = papers(NEURIPS)["Dense Attention, Explained"]
    bibtex = cite(oral, "bibtex")
    assert bibtex.startswith("@inproceedings{")
    assert "booktitle = {Advances in Neural Information Processing Systems}" in bibtex
    assert "volume = {36}" in bibtex
    assert cite(oral, "ris").startswith("TY  - CPAPER")


@pytest.mark.parametrize(
    ("title", "note"),
    [
        ("A Rejected Idea About Optimisers", "Submitted to ICLR 2024 (Reject)"),
        # its venueid files it as desk rejected: said so, as OpenReview words it
        ("An Anonymity Breach", "Submitted to ICLR 2024 (Desk rejected)"),
        ("A Withdrawn Study", "ICLR 2024 Conference Withdrawn Submission"),
        ("Still Under Review", "Submitted to ICLR 2024"),
    ],
)
def test_rejected_withdrawn_and_pending_iclr_submissions_say_so_as_written(
    title: str, note: str
) -> None:
    paper = papers(ICLR)[title]
    bibtex = cite(paper, "bibtex")
    assert bibtex.startswith("@misc{"), bibtex
    assert "howpublished = {OpenReview}" in bibtex
    assert f"note = {{{note}}}" in bibtex
    assert "booktitle" not in bibtex
    assert cite(paper, "ris").startswith("TY  - UNPB")
    assert f"[{note}]. OpenReview." in cite(paper, "apa")


def test_an_accepted_iclr_poster_stays_in_the_proceedings() -> None:
    poster = papers(ICLR)["Graph Networks, Revisited"]
    bibtex = cite(poster, "bibtex")
    assert bibtex.startswith("@inproceedings{")
    assert "The Twelfth International Conference on Learning Representations" in bibtex


def test_a_lists_rejected_or_withdrawn_status_is_cited_with_the_venue_it_was_submitted_to() -> None:
    # a Paper Copilot list gives a rejected paper its status and the list's venue only
    found = papers(COPILOT)
    rejected = found[
        "$Q$-learning with regularization converges with non-linear non-stationary features"
    ]
    withdrawn = found["$1\\times1$ Convolution is All You Need for Image Super-Resolution"]
    poster = next(paper for title, paper in found.items() if title.startswith("$O("))
    assert "note = {Submitted to ICLR 2023 (Reject); authors unknown}" in cite(rejected, "bibtex")
    assert cite(rejected, "bibtex").startswith("@misc{")
    assert "Submitted to ICLR 2023 (Withdraw)" in cite(withdrawn, "mla")
    assert cite(withdrawn, "ris").startswith("TY  - UNPB")
    assert cite(poster, "bibtex").startswith("@inproceedings{")


def test_show_and_venue_search_keep_the_status_as_written() -> None:
    # what the paper says of where it is: the status, never the proceedings' name
    withdrawn = papers(NEURIPS)["Sparse Attention Without Tears"]
    assert withdrawn.venue == "NeurIPS 2023 Conference Withdrawn Submission"
    assert withdrawn.status == "Withdraw"
    assert not any("Advances" in part for part in withdrawn.where)


def _one_note(tmp_path: Path, venue: str, venueid: str) -> Paper:
    note = {
        "id": "N0te000001",
        "forum": "N0te000001",
        "invitations": ["ICLR.cc/2024/Conference/-/Submission"],
        "domain": "ICLR.cc/2024/Conference",
        "content": {
            "title": {"value": "A Submission Decided Against"},
            "authors": {"value": ["Ada Poe"]},
            "abstract": {"value": "A study."},
            "venue": {"value": venue},
            "venueid": {"value": venueid},
        },
    }
    path = tmp_path / "notes.json"
    path.write_text(json.dumps({"notes": [note]}), encoding="utf-8")
    (paper,) = load_library([path])
    return paper


@pytest.mark.parametrize(
    ("venueid", "status"),
    [
        ("ICLR.cc/2024/Conference/Rejected_Submission", "Reject"),
        ("ICLR.cc/2024/Conference/Desk_Rejected_Submission", "Desk rejected"),
        ("ICLR.cc/2024/Conference/Withdrawn_Submission", "Withdraw"),
    ],
)
def test_a_submission_its_venueid_decides_is_cited_with_its_status_in_every_format(
    tmp_path: Path, venueid: str, status: str
) -> None:
    # the venue says only "Submitted to ICLR 2024", as a pending paper's does; the
    # venueid files it as rejected or withdrawn, and show says so
    paper = _one_note(tmp_path, "Submitted to ICLR 2024", venueid)
    assert paper.status == status
    said = f"Submitted to ICLR 2024 ({status})"
    assert f"note = {{{said}}}" in cite(paper, "bibtex")
    assert f"note = {{{said}}}" in cite(paper, "biblatex")
    assert f"M3  - {said}" in cite(paper, "ris").splitlines()
    (item,) = json.loads(cite(paper, "csl-json"))
    assert item["genre"] == said
    assert f"[{said}]. OpenReview." in cite(paper, "apa")
    for fmt in ("mla", "ieee", "chicago", "markdown"):
        assert said in cite(paper, fmt), fmt


def test_a_pending_submission_is_cited_without_a_status(tmp_path: Path) -> None:
    paper = _one_note(tmp_path, "Submitted to ICLR 2024", "ICLR.cc/2024/Conference/Submission")
    bibtex = cite(paper, "bibtex")
    assert "note = {Submitted to ICLR 2024}" in bibtex
    assert "(" not in bibtex.split("note = ", 1)[1]


ACCEPTED = SHAPES / "openreview_accepted_as_submitted.jsonl"


def test_an_accepted_paper_filed_under_its_submission_is_cited_in_the_proceedings() -> None:
    """A source that files an accepted paper under the venue of its submission ("ICLR
    2019 Conference Blind Submission", "Submitted to ICLR 2023") gives its decision in
    its status ("Accept (Poster)"): it is in the proceedings, not unpublished."""
    found = papers(ACCEPTED)
    for title, edition in (
        ("Blind but accepted", "Seventh"),
        ("Submitted then accepted", "Eleventh"),
    ):
        bibtex = cite(found[title], "bibtex")
        assert bibtex.startswith("@inproceedings{"), bibtex
        assert f"booktitle = {{The {edition} International Conference on Learning" in bibtex
        assert "howpublished" not in bibtex and "Submitted to" not in bibtex
    rejected = cite(found["Blind and rejected"], "bibtex")
    assert rejected.startswith("@misc{")
    assert "note = {ICLR 2019 Conference Blind Submission (Reject)}" in rejected
