"""A RIS record of a paper without a page of its own gives no ``UR`` (Zotero would
take the first for the paper's address, and a repository is never a paper's URL): its
code repository was left out, and read back the paper had no code link. Now the
record gives its links in ``L4`` lines, which Zotero keeps as links attached to the
item, and read back a repository is a code link again, a talk's video a video. A
repository its abstract mentions (the record gives no abstract) is carried too."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation
from tuireader.triage.export import render_export
from tuireader.triage.store import Triage

CODE = "https://github.com/ebianchi/dair_pll"
MENTIONED = "https://github.com/leonardbereska/multiheadreservoir"
VIDEO = "https://youtu.be/YfrRUyejhe4"

#: a list's record whose one link is its code
RECORDS = [
    {
        "title": "Learning with its code alone",
        "authors": ["Ada Lovelace"],
        "year": 2023,
        "venue": "CoRL 2023",
        "code": CODE,
    },
]

#: PMLR's CoLLAs 2022 entry (its abstract shortened): no page, a talk's video, and its
#: code named at the end of its abstract
COLLAS = r"""@Proceedings{CoLLAs-2022,
    booktitle = {Proceedings of The 1st Conference on Lifelong Learning Agents},
    editor = {Chandar, Sarath and Pascanu, Razvan and Precup, Doina},
    year = {2022}
}

@InProceedings{bereska2022,
	title = {Continual Learning of Dynamical Systems With Competitive Federated Reservoir Computing},
	author = {Bereska, Leonard and Gavves, Efstratios},
	abstract = {Machine learning recently proved efficient in learning differential equations.
We provide our code for data generation, method, and comparisons at
\url{https://github.com/leonardbereska/multiheadreservoir.}},
	pages = {335-350},
	video = {https://youtu.be/YfrRUyejhe4}
}
"""


def _exported(tmp_path: Path, name: str, text: str):
    listed = tmp_path / name
    listed.write_text(text, encoding="utf-8")
    library = load_library([listed])
    papers = list(library.papers)
    ris = render_export(papers, {p.id: Triage(p.id, "new") for p in papers}, "ris")
    out = tmp_path / "back" / "export.ris"
    out.parent.mkdir(exist_ok=True)
    out.write_text(ris, encoding="utf-8")
    return library, ris, load_library([out])


def test_a_papers_only_link_its_code_is_given_beside_no_address(tmp_path: Path) -> None:
    text = "".join(json.dumps(record) + "\n" for record in RECORDS)
    library, ris, back = _exported(tmp_path, "list.jsonl", text)
    assert "UR  - " not in ris
    assert f"\nL4  - {CODE}\n" in ris
    (paper,) = back.papers
    assert paper.id == library.papers[0].id
    assert [(link.url, link.kind) for link in paper.code_links] == [(CODE, "code")]
    # no address either way: the repository is no page of the paper's
    for fmt in ("apa", "bibtex", "ris", "csl-json"):
        assert CODE not in format_citation(paper, fmt).text, fmt


def test_a_repository_the_abstract_names_comes_back_as_a_code_link(tmp_path: Path) -> None:
    library, ris, back = _exported(tmp_path, "pmlr_v199_collas2022.bib", COLLAS)
    (listed,) = library.papers
    assert [link.origin for link in listed.links if link.url == MENTIONED] == ["text"]
    assert "UR  - " not in ris
    assert f"\nL4  - {MENTIONED}\nL4  - {VIDEO}\n" in ris
    (paper,) = back.papers
    assert [link.url for link in paper.code_links] == [MENTIONED]
    assert [(link.url, link.kind) for link in paper.links if link.kind != "code"] == [
        (VIDEO, "video")
    ]
    for fmt in ("apa", "mla", "chicago", "ieee"):
        assert format_citation(paper, fmt).text == format_citation(listed, fmt).text, fmt


def test_a_figure_or_full_text_attached_is_no_link_of_the_papers(tmp_path: Path) -> None:
    # another exporter's L2 (full text) and L4 (a figure): neither is taken for a link
    ris = (
        "TY  - JOUR\nTI  - A paper with figures\nAU  - Roe, Jan\nPY  - 2020\n"
        "L2  - https://example.org/full/123.html\nL4  - https://example.org/fig1.png\n"
        "L4  - https://gitlab.com/roe/figures\nER  - \n"
    )
    path = tmp_path / "other.ris"
    path.write_text(ris, encoding="utf-8")
    (paper,) = load_library([path]).papers
    assert [(link.url, link.kind) for link in paper.links] == [
        ("https://gitlab.com/roe/figures", "code")
    ]
