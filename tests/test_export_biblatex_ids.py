"""A BibLaTeX export read back as a list keeps every paper's id, as the BibTeX, RIS,
CSL-JSON and Markdown exports do.

BibLaTeX was only written as citations (``cite --format biblatex``): read back, a paper
known by its list's own id for it (a NeurIPS list's number, a Zotero library's key,
scoped by its venue or list), or by its title alone, was known by the key its entry
was given, under another id, and its marks were left detached. The export is now the
BibTeX export's in BibLaTeX's fields (``journaltitle``, ``date``, ``eprinttype``): its
mark, the comment before each entry that gives the paper's id, and the paper's own id
in its source, which BibLaTeX readers (biber) pass over."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tuireader.cli import main
from tuireader.ingest.library import load_library
from tuireader.triage.carry import export_marks
from tuireader.triage.export import SUFFIXES, render_export
from tuireader.triage.store import Triage

HERE = Path(__file__).parent / "fixtures"
LISTS = {
    "nips": HERE / "export_roundtrip" / "nips2017_slice.json",
    "csl": HERE / "export_roundtrip" / "zotero_csl_slice.json",
    "biblatex": HERE / "formats" / "zotero_biblatex_slice.bib",
    "arxiv": HERE / "formats" / "arxiv_kaggle_slice.jsonl",
    "icml": HERE / "export_roundtrip" / "icml2024_slice.jsonl",
}

TEXT_LIST = (
    "My reading list\n\n"
    "We study robot grasping in clutter with careful experiments and many trials.\n"
)


def exported(tmp_path: Path, library, triage: dict[str, Triage]) -> Path:
    papers = list(library.papers)
    target = tmp_path / f"export{SUFFIXES['biblatex']}"
    target.write_text(render_export(papers, triage, "biblatex", library=library), "utf-8")
    return target


@pytest.mark.parametrize("name", sorted(LISTS))
def test_every_paper_read_back_from_a_biblatex_export_keeps_its_id(tmp_path, name):
    library = load_library([LISTS[name]])
    assert library.papers
    triage = {paper.id: Triage(paper.id) for paper in library.papers}
    back = load_library([exported(tmp_path, library, triage)])
    assert [p.id for p in back.papers] == [p.id for p in library.papers]


def test_the_export_is_biblatex_with_the_id_of_each_paper(tmp_path):
    library = load_library([LISTS["nips"], LISTS["arxiv"]])
    triage = {paper.id: Triage(paper.id) for paper in library.papers}
    text = exported(tmp_path, library, triage).read_text("utf-8")
    assert text.startswith("@comment{tuireader export of ")
    given = re.findall(r"@comment\{tuireader-id: \S+ (\S+)\}", text)
    assert given == [paper.id for paper in library.papers]
    # BibLaTeX's fields, not BibTeX's
    assert "  date = {" in text and "  year = {" not in text
    assert "  eprinttype = {arxiv}" in text and "archiveprefix" not in text
    assert "  tuireader-source = {advances in neural information processing systems\\#9061}" in text


def test_a_paper_known_by_its_title_alone_keeps_its_id(tmp_path, capsys):
    lst = tmp_path / "list.txt"
    lst.write_text(TEXT_LIST, encoding="utf-8")
    library = load_library([lst])
    triage = {paper.id: Triage(paper.id) for paper in library.papers}
    back = load_library([exported(tmp_path, library, triage)])
    assert [p.id for p in back.papers] == [p.id for p in library.papers]


def test_marks_carried_by_a_biblatex_export_are_taken_up(tmp_path, capsys):
    home = tmp_path / "home"
    lists = [str(LISTS["nips"]), str(LISTS["biblatex"])]
    library = load_library([Path(name) for name in lists])
    first = library.papers[0].id
    args = ["--data-dir", str(home)]
    assert main(["triage", first, *lists, "--state", "keep", "--tag", "to cite", *args]) == 0
    export = tmp_path / "all.bib"
    assert main(["export", *lists, "--format", "biblatex", "-o", str(export), *args]) == 0
    _fmt, marks = export_marks(export.read_bytes(), export)
    assert [(m.paper_id, m.state, tuple(m.tags)) for m in marks if m.state != "new"] == [
        (first, "kept", ("to cite",))
    ]
    capsys.readouterr()
    # read as a list, the mark is its paper's: none is detached
    assert main(["search", "is:detached", str(export), "--json", *args]) in (0, 1)
    assert '"total": 0' in capsys.readouterr().out
