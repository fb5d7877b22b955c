"""An arrow in a title ("D0 --> K- e+ nue", arXiv's 0704.0019 style) survives BibTeX.

The BibTeX export wrote it ``--\\textgreater{}``, which LaTeX prints as an en dash and
">" ("D0 –> K-"), and so did the reader show it read back. The dashes are now kept apart
(``-{}-\\textgreater{}``), and tuireader's BibTeX reader reads such an arrow (and the
one written before) as "-->".
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.render.citations import bibtex_escape
from tuireader.render.textrender import display_title
from tuireader.triage.export import render_export
from tuireader.triage.store import Triage

TITLE = "Measurement of the Hadronic Form Factor in D0 --> K- e+ nue Decays"


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("D0 --> K- e+ nue", r"D0 -{}-\textgreater{} K- e+ nue"),
        ("x <-- y", r"x \textless{}-{}- y"),
        ("x <--> y", r"x \textless{}-{}-\textgreater{} y"),
        ("x ---> y", r"x -{}-{}-\textgreater{} y"),
        ("x -> y", r"x -\textgreater{} y"),
        ("pages 1--10, a -- b", "pages 1--10, a -- b"),
    ],
)
def test_an_arrows_dashes_are_written_apart(text: str, written: str) -> None:
    assert bibtex_escape(text) == written


@pytest.mark.parametrize(
    "value", [r"D0 -{}-\textgreater{} K-", r"D0 {-}{-}\textgreater{} K-", r"D0 --\textgreater{} K-"]
)
def test_the_bibtex_reader_reads_an_arrow_as_written(tmp_path: Path, value: str) -> None:
    listed = tmp_path / "list.bib"
    listed.write_text(f"@article{{a,\n  title = {{{value}}},\n  year = {{2007}}\n}}\n")
    (paper,) = load_library([listed]).papers
    assert paper.title == "D0 --> K-"
    assert display_title(paper.title) == "D0 --> K-"


def test_a_bibtex_export_read_back_keeps_the_arrow(tmp_path: Path) -> None:
    listed = tmp_path / "arxiv.jsonl"
    record = {"id": "0704.0019", "title": TITLE, "authors": "B. Aubert", "abstract": "We measure."}
    listed.write_text(json.dumps(record) + "\n", encoding="utf-8")
    library = load_library([listed])
    papers = list(library.papers)
    text = render_export(papers, {p.id: Triage(p.id) for p in papers}, "bibtex", library=library)
    assert r"D0 -{}-\textgreater{} K-" in text
    out = tmp_path / "back" / "export.bib"
    out.parent.mkdir()
    out.write_text(text, encoding="utf-8")
    (back,) = load_library([out]).papers
    assert back.id == papers[0].id
    assert back.title == TITLE
    assert display_title(back.title) == TITLE
