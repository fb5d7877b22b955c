"""The Markdown export gives each paper's citation key, the one its BibTeX export and
``tuireader cite`` give it (``citation key: …``), where it gave none: a reader of the
list had no key to cite the paper by. Read back as a list, the paper has that key
again, a suffix that tells two papers apart and a key of its source's included."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.render.citations import cite_keys, format_citation
from tuireader.triage.export import render_export
from tuireader.triage.store import Triage

#: two papers whose generated keys would be one (doe2023learning): each gets a suffix
RECORDS = [
    {"title": "Learning to rank", "authors": ["Jane Doe"], "year": 2023, "venue": "ICML 2023"},
    {"title": "Learning to sort", "authors": ["Jane Doe"], "year": 2023, "venue": "ICML 2023"},
]

#: a BibTeX key with Markdown's marks in it
BIB = """@inproceedings{roe_2020_dense*,
  title = {Dense Retrieval},
  author = {Roe, Jan},
  booktitle = {Proceedings of EMNLP},
  year = {2020}
}
"""


def _read_back(tmp_path: Path, text: str) -> dict[str, str]:
    out = tmp_path / "back" / "export.md"
    out.parent.mkdir(exist_ok=True)
    out.write_text(text, encoding="utf-8")
    back = load_library([out])
    return {paper.title: cite_keys([paper], back)[paper.id] for paper in back.papers}


def test_each_item_gives_the_key_cite_gives(tmp_path: Path) -> None:
    listed = tmp_path / "list.jsonl"
    listed.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")
    library = load_library([listed])
    keys = cite_keys(library.papers, library)
    assert sorted(keys.values()) == ["doe2023learninga", "doe2023learningb"]
    sorting = next(p for p in library.papers if p.title == "Learning to sort")
    # one paper exported alone keeps the key it has among all of the library's
    text = render_export([sorting], {sorting.id: Triage(sorting.id)}, "markdown", library=library)
    assert f"\n  citation key: {keys[sorting.id]}\n  id: {sorting.id}\n" in text
    assert _read_back(tmp_path, text) == {"Learning to sort": keys[sorting.id]}
    # and its citation read back names it by that key
    (paper,) = load_library([tmp_path / "back" / "export.md"]).papers
    assert format_citation(paper, "bibtex").text.startswith(f"@inproceedings{{{keys[sorting.id]},")


def test_a_key_with_markdowns_marks_is_shown_and_read_back_as_it_is(tmp_path: Path) -> None:
    listed = tmp_path / "list.bib"
    listed.write_text(BIB, encoding="utf-8")
    library = load_library([listed])
    papers = list(library.papers)
    text = render_export(papers, {p.id: Triage(p.id) for p in papers}, "markdown", library=library)
    assert "\n  citation key: roe\\_2020\\_dense\\*\n" in text
    assert _read_back(tmp_path, text) == {"Dense Retrieval": "roe_2020_dense*"}
