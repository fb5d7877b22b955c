"""A proceedings volume's front matter is no paper: PMLR's L4DC 2020 BibTeX opens with a
"Preface" by the volume's editors (abstract: "Some remarks from the organizers about
L4DC2020."), which was read as the list's first paper. Such an entry is left out and
said in the load warnings; a paper whose title merely holds such a word stays.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tuireader.cli import main
from tuireader.ingest.library import load_library
from tuireader.ingest.readers import read_file

#: a slice of PMLR volume 120 (L4DC 2020): its @Proceedings, the "Preface" and a paper
L4DC = Path(__file__).parent / "fixtures" / "formats" / "pmlr_l4dc2020_slice.bib"
PROCEEDINGS = (
    "@Proceedings{V1, booktitle = {Proceedings of the Workshop on Things},"
    " editor = {Black, Barbara and White, Walter}, year = {2021}}\n"
)
ABSTRACT = "We study things and find that they hold up under every test we ran on them."


def _entry(key: str, title: str, authors: str, abstract: str = "", extra: str = "") -> str:
    said = f" abstract = {{{abstract}}}," if abstract else ""
    return (
        f"@InProceedings{{{key}, title = {{{title}}}, author = {{{authors}}},{said}{extra}"
        " pages = {1--2}}\n"
    )


def _read(tmp_path: Path, text: str, name: str = "volume.bib"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return read_file(path)


def test_the_l4dc_preface_by_its_editors_is_left_out_and_said():
    result = read_file(L4DC)
    assert [record.title for record in result.records] == [
        "Actively Learning Gaussian Process Dynamics"
    ]
    assert [(problem.message, problem.severity) for problem in result.problems] == [
        (
            "skipped 1 entry of the volume's front matter, not a paper (Bayen20 “Preface”)",
            "warning",
        )
    ]


def test_the_load_warnings_name_the_front_matter_left_out(tmp_path, capsys):
    folder = tmp_path / "lists"
    folder.mkdir()
    shutil.copy(L4DC, folder / "pmlr_v120_l4dc2020.bib")
    library = load_library([folder])
    assert [paper.title for paper in library.papers] == [
        "Actively Learning Gaussian Process Dynamics"
    ]
    said = [problem.message for problem in library.problems]
    assert any("front matter, not a paper (Bayen20 “Preface”)" in text for text in said), said
    # the command line says it when the list is added, as other skipped entries
    assert main(["--data-dir", str(tmp_path / "data"), "add", str(folder)]) == 0
    err = capsys.readouterr().err
    assert "skipped 1 entry of the volume's front matter, not a paper" in err


def test_front_matter_titles_by_the_editors_or_without_an_abstract_are_left_out(tmp_path):
    result = _read(
        tmp_path,
        PROCEEDINGS
        + _entry("pre", "Preface.", "Barbara Black and Walter White", "A few words.")
        + _entry("fore", "{FOREWORD}", "Black, Barbara", "From the chair.")
        + _entry("toc", "Table of Contents", "Somebody Else")
        + _entry("fm", "Front Matter", "Somebody Else")
        + _entry("paper", "Things That Hold Up", "Ann Green", ABSTRACT),
    )
    assert [record.title for record in result.records] == ["Things That Hold Up"]
    (problem,) = result.problems
    assert problem.message == (
        "skipped 4 entries of the volume's front matter, not papers (pre “Preface.”, "
        "fore “FOREWORD”, toc “Table of Contents”, fm “Front Matter”)"
    )


def test_a_paper_whose_title_merely_holds_such_a_word_stays(tmp_path):
    titles = [
        "A Preface to Causal Inference",
        "Preface: Learning the Contents of Scenes",
        "Table of Contents Extraction from Scanned Books",
        "Foreword Planning for Robots",
    ]
    text = PROCEEDINGS + "".join(
        _entry(f"p{at}", title, "Barbara Black", ABSTRACT) for at, title in enumerate(titles)
    )
    # a "Preface" with an abstract by authors who are not the volume's editors is a paper
    text += _entry("other", "Preface", "Ann Green and Barbara Black", ABSTRACT)
    result = _read(tmp_path, text)
    assert [record.title for record in result.records] == [*titles, "Preface"]
    assert result.problems == ()


def test_pmlr_marks_a_preface_by_its_section(tmp_path):
    result = _read(
        tmp_path,
        PROCEEDINGS
        + _entry(
            "intro",
            "Learning for Things 2021: Remarks of the Organisers",
            "Ann Green",
            ABSTRACT,
            " section = {preface},",
        )
        + _entry("paper", "Things That Hold Up", "Ann Green", ABSTRACT),
    )
    assert [record.title for record in result.records] == ["Things That Hold Up"]
    assert "(intro “Learning for Things 2021: Remarks of the Organisers”)" in (
        result.problems[0].message
    )


def test_a_file_of_front_matter_alone_says_so(tmp_path):
    result = _read(
        tmp_path, PROCEEDINGS + _entry("pre", "Preface", "Barbara Black", "A few words.")
    )
    assert result.records == ()
    assert [(problem.message, problem.severity) for problem in result.problems] == [
        ("skipped 1 entry of the volume's front matter, not a paper (pre “Preface”)", "warning"),
        ("no paper could be read: it holds the volume's front matter only", "error"),
    ]


def test_json_lists_leave_out_front_matter_alike(tmp_path):
    editors = [{"family": "Black", "given": "Barbara"}, {"family": "White", "given": "Walter"}]
    items = [
        {
            "id": "pre",
            "type": "paper-conference",
            "title": "Preface",
            "author": editors,
            "editor": editors,
            "abstract": "A few words.",
        },
        {"id": "toc", "type": "paper-conference", "title": "Table of contents"},
        {
            "id": "paper",
            "type": "paper-conference",
            "title": "A Preface to Causal Inference",
            "author": [{"family": "Green", "given": "Ann"}],
            "editor": editors,
            "abstract": ABSTRACT,
        },
    ]
    result = _read(tmp_path, json.dumps(items), "volume.json")
    assert [record.title for record in result.records] == ["A Preface to Causal Inference"]
    assert [problem.message for problem in result.problems] == [
        (
            "skipped items 1, 2: the volume's front matter (“Preface”, "
            "“Table of contents”), not papers"
        )
    ]
    alone = _read(tmp_path, json.dumps(items[:1]), "preface.json")
    assert [problem.message for problem in alone.problems] == [
        "skipped item 1: the volume's front matter (“Preface”), not a paper",
        "no paper records could be read: it holds the volume's front matter only",
    ]
