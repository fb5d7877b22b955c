"""An ACM article's pages whose number the record writes twice ("54:54:1--54:54:13", as
Zotero's export of an ACM Transactions on Graphics paper gives them) are cited with the
number once: "54:1–54:13", pages 1 to 13 of article 54."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation

ENTRY = """@article{starke_local_2020,
  title = {Local motion phases for learning multi-contact character movements},
  author = {Starke, Sebastian and Zhao, Yiwei and Komura, Taku and Zaman, Kazi},
  journal = {ACM Trans. Graph.},
  volume = {39},
  number = {4},
  pages = {%s},
  year = {2020},
}
"""


def _cite(tmp_path: Path, pages: str, style: str) -> str:
    path = tmp_path / "acm.bib"
    path.write_text(ENTRY % pages, encoding="utf-8")
    library = load_library([path])
    (paper,) = library.papers
    return format_citation(paper, style, library=library).text


def test_an_article_number_written_twice_is_cited_once(tmp_path: Path) -> None:
    assert "ACM Trans. Graph., 39(4), 54:1–54:13." in _cite(tmp_path, "54:54:1--54:54:13", "apa")
    assert "pp. 54:1-54:13" in _cite(tmp_path, "54:54:1--54:54:13", "mla")


def test_pages_of_an_article_number_written_once_are_as_given(tmp_path: Path) -> None:
    assert "ACM Trans. Graph., 39(4), 59:1–59:12." in _cite(tmp_path, "59:1--59:12", "apa")
    # two numbers that differ are no number written twice
    assert "54:55:1" in _cite(tmp_path, "54:55:1--54:55:13", "apa")
