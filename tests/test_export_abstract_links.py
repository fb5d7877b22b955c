"""A link a paper's abstract mentions is no link of its record's, and an export read
back keeps the two apart: the CSV export wrote it among the record's own ("project
https://web.stanford.edu/…"), and read back it was the paper's project page, which its
citations then gave as its URL. A PMLR paper of L4DC 2020, cited with no URL in its
list, was cited "… (Vol. 120, pp. 361–373). https://web.stanford.edu/~boyd/papers/
learning_cocps.html" from the export."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import FORMATS, format_citation
from tuireader.triage.export import SUFFIXES, render_export
from tuireader.triage.store import Triage

#: two entries of PMLR's L4DC 2020 volume (abstracts shortened): one whose abstract
#: names a longer version's page, and one with a page of its own whose abstract names
#: its code
L4DC = """@Proceedings{L4DC2020,
    booktitle = {Proceedings of the 2nd Conference on Learning for Dynamics and Control},
    editor = {Alexandre M. Bayen and Ali Jadbabaie and George Pappas},
    volume = {120},
    year = {2020}
}

@inproceedings{Agrawal20,
	Author={Akshay Agrawal and Shane Barratt and Stephen Boyd and Bartolomeo Stellato},
	Title={Learning Convex Optimization Control Policies},
	Pages={361--373},
	Abstract={Many control policies used in applications compute the input or
action by solving a convex optimization problem. A longer version of this paper, which
illustrates our method on many examples, is available at
https://web.stanford.edu/~boyd/papers/learning_cocps.html.}}

@inproceedings{Summers20,
	Author={Colin Summers and Kendall Lowrey and Aravind Rajeswaran},
	Title={Lyceum: An efficient and scalable ecosystem for robot learning},
	Pages={793--803},
	url={https://proceedings.mlr.press/v120/summers20a.html},
	Abstract={We introduce Lyceum, a high-performance computational ecosystem for robot
learning. The code is available at https://github.com/Lyceum/Lyceum.jl and
www.lyceum.ml.}}
"""


def _round_trip(tmp_path: Path, fmt: str):
    listed = tmp_path / "pmlr_v120_l4dc2020.bib"
    listed.write_text(L4DC, encoding="utf-8")
    library = load_library([listed])
    papers = list(library.papers)
    text = render_export(papers, {p.id: Triage(p.id, "new") for p in papers}, fmt)
    out = tmp_path / "back" / f"export{SUFFIXES[fmt]}"
    out.parent.mkdir()
    out.write_text(text, encoding="utf-8")
    return library, load_library([out])


def _links(library) -> dict[str, list[tuple[str, str, bool]]]:
    """Each paper's links, and whether its abstract gives each."""
    return {
        paper.id: [(link.url, link.kind, link.origin == "text") for link in paper.links]
        for paper in library.papers
    }


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_an_export_read_back_is_cited_in_every_style_as_before(tmp_path: Path, fmt: str) -> None:
    library, back = _round_trip(tmp_path, fmt)
    agrawal = next(p for p in library.papers if p.title.startswith("Learning Convex"))
    assert "stanford" not in format_citation(agrawal, "apa").text
    for style in FORMATS:
        before = {p.id: _cited(p, style) for p in library.papers}
        assert {p.id: _cited(p, style) for p in back.papers} == before, style


def _cited(paper, style: str) -> str | list[str]:
    """``paper`` cited in ``style``; of a BibTeX or BibLaTeX entry, its links' fields (the
    rest of an entry a list gives is reproduced as it was written, its key and the
    order of its fields, which a JSON or CSV export does not keep); of RIS and CSL-JSON,
    all but the key."""
    text = format_citation(paper, style).text
    if style in ("ris", "csl-json"):  # all but the key, as a BibTeX entry's
        key = ("ID  - ", '"id": ', '"citation-key": ')
        return [line for line in text.splitlines() if not line.strip().startswith(key)]
    if style not in ("bibtex", "biblatex", "cite", "pandoc"):
        return text
    return [line.strip().rstrip(",") for line in text.splitlines() if "http" in line]


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_the_links_an_abstract_gives_stay_the_abstracts(tmp_path: Path, fmt: str) -> None:
    library, back = _round_trip(tmp_path, fmt)
    links = _links(library)
    stanford = ("https://web.stanford.edu/~boyd/papers/learning_cocps.html", "project", True)
    assert any(stanford in found for found in links.values())
    assert any(("https://github.com/Lyceum/Lyceum.jl", "code", True) in f for f in links.values())
    assert _links(back) == links


def test_the_csv_export_writes_the_abstracts_links_apart(tmp_path: Path) -> None:
    library, _ = _round_trip(tmp_path, "csv")
    papers = list(library.papers)
    text = render_export(papers, {p.id: Triage(p.id, "new") for p in papers}, "csv")
    assert "text https://web.stanford.edu/~boyd/papers/learning_cocps.html" in text
    assert "project https://web.stanford.edu" not in text
