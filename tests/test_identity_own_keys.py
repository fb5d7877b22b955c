"""Two lists that each give a paper their own id (a BibTeX key, a row number) name one
paper when its title and first author are one: a Zotero library exported twice, or
exported under a new name, doubled every entry without a DOI or an arXiv id."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tuireader.cli import main
from tuireader.ingest.library import load_library

#: five entries of a real Zotero BibLaTeX export: four with neither DOI nor arXiv id
#: (a review, a book, a blog post, an edited collection) and one with an arXiv DOI
EXPORT = Path(__file__).parent / "fixtures" / "identity" / "zotero_biblatex_own_keys.bib"


def _copies(tmp_path: Path) -> tuple[Path, Path]:
    first = tmp_path / "zotero.bib"
    again = tmp_path / "zotero-renamed.bib"
    shutil.copyfile(EXPORT, first)
    shutil.copyfile(EXPORT, again)
    return first, again


def test_two_copies_of_one_export_are_one_library(tmp_path: Path) -> None:
    first, again = _copies(tmp_path)
    alone = load_library([first])
    both = load_library([first, again])
    assert len(alone) == len(both) == 5
    assert all(paper.lists == ("zotero", "zotero-renamed") for paper in both)
    # each paper keeps the id the first list gives it alone; the copy's is an alias
    assert [paper.id for paper in both] == [paper.id for paper in alone]
    copy_ids = [paper.id for paper in load_library([again])]
    for paper, copy_id in zip(both, copy_ids, strict=True):
        assert copy_id == paper.id or copy_id in paper.aliases


def _bib(path: Path, *entries: tuple[str, str, str, int | None]) -> Path:
    path.write_text(
        "".join(
            f"@article{{{key},\n  title = {{{title}}},\n  author = {{{author}}},\n"
            + (f"  year = {{{year}}},\n" if year else "")
            + "}\n\n"
            for key, title, author, year in entries
        ),
        encoding="utf-8",
    )
    return path


def test_one_paper_under_two_keys_in_two_lists_is_one_paper(tmp_path: Path) -> None:
    mine = _bib(
        tmp_path / "mine.bib",
        ("kaup_review_2024", "A Review of Nine Physics Engines", "Kaup, Michael", 2024),
    )
    theirs = _bib(
        tmp_path / "theirs.bib",
        ("Kaup2024", "A review of nine physics engines", "Michael Kaup", 2024),
        ("Other2024", "A Review of Ten Physics Engines", "Kaup, Michael", 2024),
    )
    lib = load_library([mine, theirs])
    assert [paper.lists for paper in lib] == [("mine", "theirs"), ("theirs",)]


def test_a_list_naming_a_title_twice_still_names_two_entries(tmp_path: Path) -> None:
    mine = _bib(
        tmp_path / "mine.bib",
        ("lee2023talk", "Learning to Grasp Objects", "Lee, Ann", 2023),
        ("lee2023poster", "Learning to Grasp Objects", "Lee, Ann", 2023),
    )
    assert len(load_library([mine])) == 2
    # another list's copy joins one of them, and both entries are still there
    again = _bib(
        tmp_path / "again.bib",
        ("Lee23", "Learning to Grasp Objects", "Lee, Ann", 2023),
    )
    assert [paper.lists for paper in load_library([mine, again])] == [
        ("mine", "again"),
        ("mine",),
    ]


def test_one_title_under_two_keys_in_two_years_is_two_papers(tmp_path: Path) -> None:
    # a yearly workshop's opening words, by its chair, in two years' volumes
    one = _bib(tmp_path / "w2023.bib", ("welcome", "Welcome to the Workshop", "Lee, Ann", 2023))
    two = _bib(tmp_path / "w2024.bib", ("opening", "Welcome to the Workshop", "Lee, Ann", 2024))
    assert len(load_library([one, two])) == 2
    undated = _bib(tmp_path / "w.bib", ("opening", "Welcome to the Workshop", "Lee, Ann", None))
    assert len(load_library([one, undated])) == 1


@pytest.mark.parametrize("title", ["Introduction", "Discussion"])
def test_a_short_title_under_two_keys_by_two_authors_is_two_papers(
    tmp_path: Path, title: str
) -> None:
    smith = _bib(tmp_path / "a.bib", ("intro", title, "Smith, Ann", 2024))
    jones = _bib(tmp_path / "b.bib", ("smith_intro", title, "Jones, Bob", 2024))
    nobody = tmp_path / "c.bib"
    nobody.write_text(f"@article{{Intro24, title = {{{title}}}, year = {{2024}}}}\n")
    assert len(load_library([smith, jones])) == 2
    assert len(load_library([smith, nobody])) == 2


def test_a_short_title_under_two_keys_by_one_first_author_is_one_paper(tmp_path: Path) -> None:
    smith = _bib(tmp_path / "a.bib", ("intro", "Introduction", "Smith, Ann", 2024))
    again = _bib(tmp_path / "b.bib", ("Smith24", "Introduction", "Smith, A.", 2024))
    assert [paper.lists for paper in load_library([smith, again])] == [("a", "b")]


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _hits(capsys: pytest.CaptureFixture[str], *argv: str) -> list[dict[str, object]]:
    code, out, err = _run(capsys, "search", *argv, "--json")
    assert code in (0, 1), err
    hits: list[dict[str, object]] = json.loads(out)["hits"]
    return hits


def test_a_paper_kept_in_one_export_stays_kept_when_its_copy_is_added(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, again = _copies(tmp_path)
    assert _run(capsys, "add", str(first))[0] == 0
    (paper,) = _hits(capsys, "Nine Physics Engines")
    assert _run(capsys, "triage", str(paper["id"]), "--state", "kept")[0] == 0
    code, out, err = _run(capsys, "add", str(again))
    assert code == 0, err
    assert "added zotero-renamed (5 papers)" in out
    (kept,) = _hits(capsys, "is:kept")
    assert kept["id"] == paper["id"]
    assert kept["lists"] == ["zotero", "zotero-renamed"]
    assert [hit["id"] for hit in _hits(capsys, "Nine Physics Engines")] == [paper["id"]]
    code, out, _ = _run(capsys, "search", "is:detached", "--json")
    assert code == 1 and json.loads(out)["detached"] == []
    code, out, _ = _run(capsys, "lists")
    assert code == 0 and "5  distinct papers" in out
