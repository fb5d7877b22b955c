"""A BibLaTeX citation of an arXiv preprint its source calls a ``@misc``, read back as a
list, keeps that entry type.

BibLaTeX gave every preprint as ``@online``: read back, a ``@misc`` came back an
``@online`` (36 of the real lists' preprints, Zotero's among them). Now a ``@misc`` stays
one, and a preprint its source calls ``@online``, or gives no type of, is ``@online``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation

#: a preprint Zotero's CSL-JSON gives (no container: BibTeX's @misc), and one a
#: BibLaTeX file gives as @online
MISC = json.dumps(
    [
        {
            "id": "roeMisc2021",
            "type": "article",
            "title": "A Preprint Its Source Calls Misc",
            "author": [{"family": "Roe", "given": "Rick"}],
            "issued": {"date-parts": [[2021]]},
            "URL": "https://arxiv.org/abs/2101.00001",
            "number": "arXiv:2101.00001",
            "publisher": "arXiv",
        }
    ]
)
ONLINE = r"""@online{doe2021online,
  title = {A Preprint Its Source Calls Online},
  author = {Doe, Jane},
  date = {2021},
  eprint = {2101.00002},
  eprinttype = {arxiv},
  eprintclass = {cs.LG}
}
"""


@pytest.mark.parametrize(
    ("name", "text", "kind"),
    [("zotero.json", MISC, "misc"), ("preprints.bib", ONLINE, "online")],
    ids=["misc", "online"],
)
def test_a_preprint_keeps_its_entry_type_read_back(
    tmp_path: Path, name: str, text: str, kind: str
) -> None:
    given = tmp_path / name
    given.write_text(text, encoding="utf-8")
    (paper,) = load_library([given]).papers
    assert paper.entry_type == kind
    cited = format_citation(paper, "biblatex").text
    assert cited.startswith(f"@{kind}{{")
    assert "eprinttype = {arxiv}" in cited
    back = tmp_path / "back.bib"
    back.write_text(cited + "\n", encoding="utf-8")
    (read,) = load_library([back]).papers
    assert read.entry_type == kind
    assert format_citation(read, "biblatex").text == cited
