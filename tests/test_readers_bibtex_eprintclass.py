"""BibLaTeX names an arXiv paper's primary class ``eprintclass`` (biber's, Zotero's
BibLaTeX export, and tuireader's own BibLaTeX export), where BibTeX says
``primaryClass``: it was not read, so a BibLaTeX list lost the class its citations
give."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation

ENTRY = """@online{chen2024,
  title = {A Paper on Graphs},
  author = {Chen, Ann and Lee, Bo},
  date = {2024},
  eprint = {2401.00001},
  eprinttype = {arxiv},
  {field} = {{class}},
}
"""


@pytest.mark.parametrize("field", ["eprintclass", "primaryClass"])
def test_the_arxiv_class_is_read_whatever_the_dialect_names_it(tmp_path: Path, field: str):
    path = tmp_path / "list.bib"
    path.write_text(ENTRY.replace("{field}", field).replace("{class}", "math.CO"), "utf-8")
    (paper,) = load_library([path]).papers
    assert paper.arxiv_class == "math.CO"
    assert "primaryclass = {math.CO}" in format_citation(paper, "bibtex").text
