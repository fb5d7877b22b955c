"""What a paper's citations give is written by tuireader's JSON and CSV exports and
read back from them: the entry type, journal or proceedings, editors, volume, number,
pages, publisher and DOI. Read back without them, a NeurIPS 2017 paper was cited "In
Advances in Neural Information Processing Systems.", its editors, volume and publisher
lost; and the CSV read-back took a nickname for an affiliation ("Shixiang (Shane) Gu"
read as "Shixiang Gu")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation
from tuireader.triage.export import SUFFIXES, render_export
from tuireader.triage.store import Triage

#: a record of papercopilot's NeurIPS 2017 list, its abstract shortened
NEURIPS = [
    {
        "title": "Interpolated Policy Gradient: Merging On-Policy and Off-Policy Gradient "
        "Estimation for Deep Reinforcement Learning",
        "status": "Poster",
        "track": "main",
        "site": "https://nips.cc/virtual/2017/poster/9166",
        "id": "9166",
        "author": "Shixiang (Shane) Gu; Timothy Lillicrap; Richard E Turner; "
        "Zoubin Ghahramani; Bernhard Sch\u00f6lkopf; Sergey Levine",
        "abstract": "Off-policy model-free deep reinforcement learning methods using "
        "previously collected data can improve sample efficiency.",
        "bibtex": "@inproceedings{NIPS2017_a1d7311f,\n author = {Gu, Shixiang (Shane) and "
        "Lillicrap, Timothy and Turner, Richard E and Ghahramani, Zoubin and "
        'Sch\\"{o}lkopf, Bernhard and Levine, Sergey},\n booktitle = {Advances in Neural '
        "Information Processing Systems},\n editor = {I. Guyon and U. Von Luxburg and "
        "S. Bengio and H. Wallach and R. Fergus and S. Vishwanathan and R. Garnett},\n "
        "pages = {},\n publisher = {Curran Associates, Inc.},\n title = {Interpolated "
        "Policy Gradient: Merging On-Policy and Off-Policy Gradient Estimation for Deep "
        "Reinforcement Learning},\n url = {https://proceedings.neurips.cc/paper_files/"
        "paper/2017/file/a1d7311f2a312426d710e1c617fcbc8c-Paper.pdf},\n volume = {30},\n "
        "year = {2017}\n}",
        "pdf": "https://papers.nips.cc/paper_files/paper/2017/file/"
        "a1d7311f2a312426d710e1c617fcbc8c-Paper.pdf",
    }
]
RIS = (
    "TY  - JOUR\nTI  - Deep learning\nAU  - LeCun, Yann\nAU  - Bengio, Yoshua\n"
    "AU  - Hinton, Geoffrey\nPY  - 2015\nT2  - Nature\nVL  - 521\nIS  - 7553\n"
    "SP  - 436\nEP  - 444\nPB  - Nature Publishing Group\nDO  - 10.1038/nature14539\nER  - \n"
)


def _library(tmp_path: Path):
    listed = tmp_path / "nips2017.json"
    listed.write_text(json.dumps(NEURIPS), encoding="utf-8")
    ris = tmp_path / "nature.ris"
    ris.write_text(RIS, encoding="utf-8")
    return load_library([listed, ris])


def _citations(library, fmt: str) -> dict[str, str]:
    return {paper.id: format_citation(paper, fmt).text for paper in library.papers}


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_an_export_read_back_is_cited_as_before(tmp_path: Path, fmt: str) -> None:
    library = _library(tmp_path)
    before = _citations(library, "apa")
    assert any(
        "In I. Guyon, U. Von Luxburg" in text
        and "(Vol. 30). Curran Associates, Inc." in text
        and text.startswith("Gu, S.,")
        for text in before.values()
    )
    assert any("Nature, 521(7553), 436–444" in text for text in before.values())
    papers = list(library.papers)
    text = render_export(papers, {p.id: Triage(p.id, "new") for p in papers}, fmt)
    out = tmp_path / "back" / f"export{SUFFIXES[fmt]}"
    out.parent.mkdir()
    out.write_text(text, encoding="utf-8")
    back = load_library([out])
    assert _citations(back, "apa") == before
    assert {p.id: p.authors for p in back.papers} == {p.id: p.authors for p in papers}
    fields = ("entry_type", "editor", "volume", "number", "pages", "publisher", "doi")
    kept = {p.id: [getattr(p, name) for name in fields] for p in back.papers}
    assert kept == {p.id: [getattr(p, name) for name in fields] for p in papers}


#: a record of the same list whose source splits a family name of two words
KILBERTUS = {
    "title": "Avoiding Discrimination through Causal Reasoning",
    "id": "8861",
    "author": "Niki Kilbertus; Mateo Rojas Carulla; Giambattista Parascandolo; Moritz Hardt",
    "abstract": "Recent work on fairness in machine learning has focused on various "
    "statistical discrimination criteria.",
    "bibtex": "@inproceedings{NIPS2017_f5f8590c,\n author = {Kilbertus, Niki and Rojas "
    "Carulla, Mateo and Parascandolo, Giambattista and Hardt, Moritz},\n booktitle = "
    "{Advances in Neural Information Processing Systems},\n publisher = {Curran "
    "Associates, Inc.},\n title = {Avoiding Discrimination through Causal Reasoning},\n "
    "volume = {30},\n year = {2017}\n}",
}


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_an_author_is_cited_by_the_family_name_the_source_gives(tmp_path: Path, fmt: str) -> None:
    listed = tmp_path / "nips2017.json"
    listed.write_text(json.dumps([KILBERTUS]), encoding="utf-8")
    library = load_library([listed])
    before = _citations(library, "apa")
    assert all(text.startswith("Kilbertus, N., Rojas Carulla, M.,") for text in before.values())
    papers = list(library.papers)
    text = render_export(papers, {p.id: Triage(p.id, "new") for p in papers}, fmt)
    out = tmp_path / "back" / f"export{SUFFIXES[fmt]}"
    out.parent.mkdir()
    out.write_text(text, encoding="utf-8")
    assert _citations(load_library([out]), "apa") == before  # not "Carulla, M. R."


#: a web page of Zotero's CSL JSON, dated to the day
WEB_PAGE = {
    "id": "juriaanmReviewMinoltaAuto2019",
    "type": "webpage",
    "title": "Review: Minolta Auto Rokkor-PF 55 mm f/2",
    "container-title": "phillipreeve.net",
    "author": [{"literal": "JuriaanM"}],
    "issued": {"date-parts": [[2019, 6, 20]]},
    "URL": "https://phillipreeve.net/blog/review-minolta-auto-rokkor-pf-55-mm-f-2/",
}


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_a_date_is_cited_to_the_day_as_before(tmp_path: Path, fmt: str) -> None:
    listed = tmp_path / "zotero.json"
    listed.write_text(json.dumps([WEB_PAGE]), encoding="utf-8")
    library = load_library([listed])
    before = _citations(library, "apa")
    assert all("(2019, June 20)" in text for text in before.values())
    papers = list(library.papers)
    text = render_export(papers, {p.id: Triage(p.id, "new") for p in papers}, fmt)
    out = tmp_path / "back" / f"export{SUFFIXES[fmt]}"
    out.parent.mkdir()
    out.write_text(text, encoding="utf-8")
    assert _citations(load_library([out]), "apa") == before  # not "(2019)"
