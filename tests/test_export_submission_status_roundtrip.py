"""RIS and CSL-JSON exports of a submission not published, read back: its status as
its citations give it ("Submitted to ICLR 2024 (Reject)", RIS's ``M3``, CSL's
``genre``) was lost, and the paper, still cited as an unpublished work, was cited
"Eve, D. (2024). A Rejected Idea About Optimisers. OpenReview." for "… Optimisers
[Submitted to ICLR 2024 (Reject)]. OpenReview.", and as an ``@unpublished`` entry.
Read back now, the status gives the venue it was submitted to and the decision
again, and the paper is cited as it was in every style. So too from a BibTeX export,
whose entry gives the status in its ``note``, where BibLaTeX and Zotero keep it: read
back, the status was lost, and the paper cited with the forum the export added to its
entry as a field of the entry's."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import FORMATS, format_citation, submission_read
from tuireader.triage.export import SUFFIXES, render_export
from tuireader.triage.store import Triage

SHAPES = Path(__file__).parent / "fixtures" / "other_shapes"
ICLR = SHAPES / "openreview_v2_iclr_decided.json"
NEURIPS = SHAPES / "openreview_v2_neurips2023_withdrawn.json"
COPILOT = SHAPES / "papercopilot_iclr2023_decisions.json"

#: the lines of a RIS record or CSL item that say who the paper is in tuireader, not
#: what it is: its key, its id and the key that id comes from
_OWN_LINES = ("ID  - ", "AN  - ", "DP  - ", '"id": ', '"citation-key": ', '"note": ')


def _cited(paper, style: str) -> str | list[str]:
    text = format_citation(paper, style).text
    if style in ("ris", "csl-json"):
        return [line for line in text.splitlines() if not line.strip().startswith(_OWN_LINES)]
    return text


def _round_trip(tmp_path: Path, source: Path, fmt: str):
    library = load_library([source])
    papers = list(library.papers)
    text = render_export(papers, {p.id: Triage(p.id) for p in papers}, fmt, library=library)
    out = tmp_path / f"export{SUFFIXES[fmt]}"
    out.write_text(text, encoding="utf-8")
    return library, load_library([out])


@pytest.mark.parametrize("fmt", ["ris", "csl-json", "bibtex"])
@pytest.mark.parametrize("source", [ICLR, NEURIPS], ids=["iclr", "neurips"])
def test_a_submission_read_back_is_cited_as_before(tmp_path: Path, source: Path, fmt: str):
    library, back = _round_trip(tmp_path, source, fmt)
    assert [p.id for p in back.papers] == [p.id for p in library.papers]
    for style in sorted(FORMATS):
        before = {p.id: _cited(p, style) for p in library.papers}
        assert {p.id: _cited(p, style) for p in back.papers} == before, style


@pytest.mark.parametrize("fmt", ["ris", "csl-json", "bibtex"])
def test_the_status_is_the_venue_and_the_decision_again(tmp_path: Path, fmt: str) -> None:
    _library, back = _round_trip(tmp_path, ICLR, fmt)
    rejected = next(p for p in back.papers if p.title == "A Rejected Idea About Optimisers")
    assert (rejected.venue, rejected.status) == ("Submitted to ICLR 2024", "Reject")
    assert format_citation(rejected, "apa").text == (
        "Eve, D. (2024). A Rejected Idea About Optimisers [Submitted to ICLR 2024 (Reject)]. "
        "OpenReview. https://openreview.net/forum?id=Rej3ct0002"
    )
    assert format_citation(rejected, "bibtex").text.startswith("@misc{eve2024rejected,")


@pytest.mark.parametrize("fmt", ["ris", "csl-json", "bibtex"])
def test_a_status_a_list_gives_alone_is_kept_too(tmp_path: Path, fmt: str) -> None:
    # Paper Copilot's ICLR 2023: a venue and a status, no link
    library, back = _round_trip(tmp_path, COPILOT, fmt)
    before = {p.id: format_citation(p, "apa").text for p in library.papers}
    assert {p.id: format_citation(p, "apa").text for p in back.papers} == before
    assert any("[Submitted to ICLR 2023 (Withdraw)]" in text for text in before.values())


def test_what_a_status_says() -> None:
    assert submission_read("Submitted to ICLR 2024 (Reject)") == (
        "Submitted to ICLR 2024",
        "Reject",
    )
    withdrawn = "NeurIPS 2023 Conference Withdrawn Submission"
    assert submission_read(withdrawn) == (withdrawn, None)
    assert submission_read("Submitted to ICLR 2024") == ("Submitted to ICLR 2024", None)
    assert submission_read("Reject") == (None, "Reject")
    # no submission's: a manuscript's other kinds, a venue's own parentheses
    assert submission_read("Working paper") is None
    assert submission_read("Submitted to ICLR 2024 (Blind)") == (
        "Submitted to ICLR 2024 (Blind)",
        None,
    )
    assert submission_read(None) is None
