"""tuireader's BibTeX export, read back, gives its papers' titles, authors and venues as
plain text, as they were: the ``--json`` fields of ``search`` kept the export's TeX
(``O{\\textquoteright}Connor``, ``z\\textasciitilde{}2.56``, ``phi\\textasciicircum{}4``)
while the reader showed them decoded. Math that is only characters (``$\\alpha$``) reads
back as those characters, as BibTeX writes a Greek letter of text as such math (``α``
and ``$\\alpha$`` are one title, shown and found alike); other math stays as written."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.triage.export import paper_json, render_export
from tuireader.triage.store import Triage

RECORDS = [
    {
        "title": "PAH emission and star formation in the host of the z~2.56 Cloverleaf QSO",
        "authors": ["Noel E. O’Connor", "Ann Smith"],
        "venue": "Astronomy & Astrophysics",
        "year": 2007,
        "doi": "10.1000/pah",
    },
    {
        "title": "Some aspects of the nonperturbative renormalization of the phi^4 model",
        "authors": ["Ana García-Pérez"],
        "venue": "Proceedings of A_B 50% Workshop",
        "year": 2007,
        "doi": "10.1000/phi",
    },
    {
        # a Paper Copilot record, whose own BibTeX (which the export copies) writes TeX
        "title": "Real Robot Challenge: A Robotics Competition in the Cloud",
        "author": "Stefan Bauer;Noel E. O’Connor",
        "bibtex": "@inproceedings{bauer2022real,\ntitle={Real Robot Challenge: A Robotics "
        "Competition in the Cloud},\nauthor={Stefan Bauer and Noel E. O{\\textquoteright}Connor},"
        "\nbooktitle={NeurIPS 2021 Competitions and Demonstrations Track},\nyear={2022}\n}",
        "id": "bauer2022",
    },
    {
        "title": "$\\alpha$-MDF: An Attention-based Multimodal Differentiable Filter",
        "authors": ["Xiao Liu"],
        "venue": "CoRL 2023",
        "year": 2023,
        "doi": "10.1000/mdf",
    },
]
FIELDS = ("id", "title", "title_text", "authors", "authors_text", "venue")
MDF = "α-MDF: An Attention-based Multimodal Differentiable Filter"


def _fields(library) -> list[dict[str, object]]:
    return [{k: paper_json(p)[k] for k in FIELDS} for p in library.papers]


#: a Zotero item (CSL JSON) whose author's family name holds a typographic apostrophe
CSL = {
    "id": "oconnorGraphs2019",
    "type": "article-journal",
    "title": "Graphs of graphs",
    "author": [{"family": "O’Connor", "given": "David"}, {"family": "Lee", "given": "Ann"}],
    "issued": {"date-parts": [[2019]]},
    "container-title": "Network Science",
    "DOI": "10.1000/graphs",
}


def test_a_bibtex_export_read_back_gives_plain_text(tmp_path: Path) -> None:
    listed = tmp_path / "list.jsonl"
    listed.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")
    zotero = tmp_path / "zotero.json"
    zotero.write_text(json.dumps([CSL]), encoding="utf-8")
    library = load_library([listed, zotero])
    papers = list(library.papers)
    text = render_export(papers, {p.id: Triage(p.id) for p in papers}, "bibtex", library=library)
    assert r"\textasciitilde{}" in text and r"\textasciicircum{}" in text
    out = tmp_path / "back" / "export.bib"
    out.parent.mkdir()
    out.write_text(text, encoding="utf-8")
    expected = _fields(library)
    for fields in expected:  # the one title whose math is only a character
        fields["title"] = str(fields["title"]).replace("$\\alpha$", "α")
    assert _fields(load_library([out])) == expected
    assert any(fields["title"] == fields["title_text"] == MDF for fields in expected)
