"""Every format's export read back gives each paper the id it had, where that id comes
from a key its citation leaves out.

A paper of a NeurIPS list merged with its arXiv preprint of another list (a Zotero
library) is known by the arXiv id the preprint gives: the CSL-JSON export cited it as
the NeurIPS paper (its key ``NIPS2017_892c3b1c``, its page the proceedings') and the
Markdown export gave the preprint's page as a further link, so that read back it was
known by its hash key or its title, under another id, and ``show`` of its id found
nothing. The slices are unedited records of the real lists (see the README of
tests/fixtures/export_roundtrip/).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.triage.export import EXPORT_FORMATS, SUFFIXES, render_export
from tuireader.triage.store import Triage

HERE = Path(__file__).parent / "fixtures" / "export_roundtrip"
NIPS = HERE / "nips2017_merged_ids_slice.json"
ZOTERO = HERE / "zotero_biblatex_gulrajani_slice.bib"
#: the arXiv record of "Attention is All you Need", as a list of arXiv's gives it: read
#: with the NeurIPS list, the paper is known by its arXiv id
ARXIV = {
    "id": "1706.03762",
    "title": "Attention Is All You Need",
    "authors": "Ashish Vaswani, Noam Shazeer, Niki Parmar, Jakob Uszkoreit, Llion Jones, "
    "Aidan N. Gomez, Lukasz Kaiser, Illia Polosukhin",
    "abstract": "The dominant sequence transduction models are based on complex recurrent "
    "or convolutional neural networks in an encoder-decoder configuration.",
    "categories": "cs.CL cs.LG",
    "versions": [{"version": "v1", "created": "Mon, 12 Jun 2017 17:57:34 GMT"}],
    "update_date": "2017-06-12",
}
FORMATS = [fmt for fmt in EXPORT_FORMATS if fmt != "urls"]


def library_of(tmp_path: Path):
    arxiv = tmp_path / "arxiv.jsonl"
    arxiv.write_text(json.dumps(ARXIV) + "\n", encoding="utf-8")
    return load_library([NIPS, ZOTERO, arxiv])


def read_back(tmp_path: Path, library, fmt: str, marked: bool) -> dict[str, str]:
    triage = {
        paper.id: Triage(paper.id, "keep" if marked else "new", ("to cite",) if marked else ())
        for paper in library.papers
    }
    target = tmp_path / f"export{SUFFIXES[fmt]}"
    text = render_export(list(library.papers), triage, fmt, library=library)
    target.write_text(text, encoding="utf-8")
    return {paper.id: paper.title for paper in load_library([target]).papers}


def test_the_merged_papers_are_known_by_their_arxiv_ids(tmp_path):
    library = library_of(tmp_path)
    by_title = {paper.title.casefold(): paper for paper in library.papers}
    wgan = by_title["improved training of wasserstein gans"]
    attention = by_title["attention is all you need"]
    assert wgan.lists == (
        "Advances in Neural Information Processing Systems",
        "zotero_biblatex_gulrajani_slice",
    )
    assert (wgan.arxiv_id, attention.arxiv_id) == ("1704.00028", "1706.03762")
    assert wgan.source_entry is not None and wgan.source_entry.key == "NIPS2017_892c3b1c"
    assert attention.source_entry is not None
    assert attention.source_entry.key == "NIPS2017_3f5ee243"


@pytest.mark.parametrize("marked", [True, False], ids=["marked", "unmarked"])
@pytest.mark.parametrize("fmt", FORMATS)
def test_each_paper_read_back_from_each_format_keeps_its_id(tmp_path, fmt, marked):
    library = library_of(tmp_path)
    expected = {paper.id: paper.title for paper in library.papers}
    got = read_back(tmp_path, library, fmt, marked)
    assert got.keys() == expected.keys(), {k: v for k, v in expected.items() if k not in got}
