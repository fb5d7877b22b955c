"""RIS and CSL-JSON give a work's type as its source gives it, and in their note only
the user's: what tuireader warns about (no author named, a title derived from the
abstract) is said to the user, never written where Zotero keeps the user's own notes
(RIS ``N1`` becomes a child note, CSL ``note`` the item's Extra) and ``tuireader
import`` reads a note back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.model import Paper
from tuireader.render.citations import W_NO_AUTHORS, format_citation
from tuireader.triage.carry import read_export
from tuireader.triage.export import render_export
from tuireader.triage.store import Triage

#: Better BibTeX's web pages: a ``@misc`` with no author, its site in ``journal``
HOWPUBLISHED = Path(__file__).parent / "fixtures" / "formats"
HOWPUBLISHED /= "zotero_betterbibtex_howpublished_slice.bib"


def _paper(library, key: str) -> Paper:
    (paper,) = [p for p in library.papers if p.source_id == key]
    return paper


def _ris_tags(text: str) -> dict[str, list[str]]:
    tags: dict[str, list[str]] = {}
    for line in text.splitlines():
        if len(line) > 5 and line[2:6] == "  - ":
            tags.setdefault(line[:2], []).append(line[6:])
    return tags


def test_a_paper_without_authors_has_no_note_in_ris_or_csl() -> None:
    library = load_library([HOWPUBLISHED])
    paper = _paper(library, "EfficientAlgorithmUnit")
    ris = format_citation(paper, "ris", library=library)
    assert "N1" not in _ris_tags(ris.text)
    assert W_NO_AUTHORS in ris.warnings  # said to the user instead
    csl = format_citation(paper, "csl-json", library=library)
    (item,) = json.loads(csl.text)
    assert "note" not in item
    assert W_NO_AUTHORS in csl.warnings


def test_a_derived_title_is_no_note_in_ris_or_csl() -> None:
    paper = Paper(id="d", title="Generating rich motion…", abstract="", title_derived=True)
    assert "N1" not in _ris_tags(format_citation(paper, "ris").text)
    (item,) = json.loads(format_citation(paper, "csl-json").text)
    assert "note" not in item


@pytest.mark.parametrize("fmt", ["ris", "csl-json"])
def test_read_back_the_note_is_the_users_alone(tmp_path: Path, fmt: str) -> None:
    library = load_library([HOWPUBLISHED])
    paper = _paper(library, "EfficientAlgorithmUnit")
    triage = {paper.id: Triage(paper.id, "kept", ("sat",), "Compare with 2-watched literals.")}
    text = render_export([paper], triage, fmt, library=library)
    assert "unknown" not in text.lower()
    out = tmp_path / ("export.ris" if fmt == "ris" else "export.json")
    out.write_text(text, encoding="utf-8")
    _fmt, (mark,) = read_export(out)
    assert mark.note == "Compare with 2-watched literals."
    if fmt == "ris":
        assert _ris_tags(text)["N1"] == ["Compare with 2-watched literals."]
    else:
        (item,) = json.loads(text)
        assert "tuireader-own-note" not in item
        # then the key the paper's id comes from (its list's own id for it) and the id
        key = "tuireader-key: source:researchgate#EfficientAlgorithmUnit"
        assert item["note"] == f"Compare with 2-watched literals.\n{key}\ntuireader-id: {paper.id}"


#: (entry, RIS type, CSL type): each kind of work as Zotero reads it
TYPES = [
    ("@inproceedings{k, title={T}, author={Lee, Ann}, booktitle={Proc. of X}, year=2020}", "CPAPER", "paper-conference"),
    ("@conference{k, title={T}, author={Lee, Ann}, booktitle={Proc. of X}, year=2020}", "CPAPER", "paper-conference"),
    ("@article{k, title={T}, author={Lee, Ann}, journal={J. of X}, year=2020}", "JOUR", "article-journal"),
    ("@book{k, title={T}, author={Lee, Ann}, publisher={P}, year=2020}", "BOOK", "book"),
    ("@phdthesis{k, title={T}, author={Lee, Ann}, school={U}, year=2020}", "THES", "thesis"),
    ("@mastersthesis{k, title={T}, author={Lee, Ann}, school={U}, year=2020}", "THES", "thesis"),
    ("@techreport{k, title={T}, author={Lee, Ann}, institution={I}, year=2020}", "RPRT", "report"),
    ("@incollection{k, title={T}, author={Lee, Ann}, booktitle={B}, year=2020}", "CHAP", "chapter"),
    ("@misc{k, title={T}, author={Lee, Ann}, year=2020}", "GEN", "document"),
    ("@misc{k, title={T}, author={Lee, Ann}, journal={ResearchGate}, year=2020}", "GEN", "document"),
    ("@techreport{k, title={T}, author={Lee, Ann}, journal={Tech. Reports of I}, year=2020}", "RPRT", "report"),
    ("@online{k, title={T}, author={Lee, Ann}, url={https://x.org/p}, year=2020}", "ELEC", "webpage"),
]  # fmt: skip


@pytest.mark.parametrize(("entry", "ris_type", "csl_type"), TYPES)
def test_the_type_is_the_sources(tmp_path: Path, entry: str, ris_type: str, csl_type: str):
    path = tmp_path / "refs.bib"
    path.write_text(entry + "\n", encoding="utf-8")
    library = load_library([path])
    (paper,) = library.papers
    assert _ris_tags(format_citation(paper, "ris").text)["TY"] == [ris_type]
    (item,) = json.loads(format_citation(paper, "csl-json").text)
    assert item["type"] == csl_type


def test_the_researchgate_page_is_a_generic_work() -> None:
    library = load_library([HOWPUBLISHED])
    paper = _paper(library, "EfficientAlgorithmUnit")
    tags = _ris_tags(format_citation(paper, "ris", library=library).text)
    assert tags["TY"] == ["GEN"] and tags["T2"] == ["ResearchGate"]
    (item,) = json.loads(format_citation(paper, "csl-json", library=library).text)
    assert item["type"] == "document" and item["container-title"] == "ResearchGate"
