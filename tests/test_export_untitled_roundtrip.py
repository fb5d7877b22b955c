"""A paper known by an identifier only (a list of arXiv ids, one a line) is shown as
"Untitled paper (arXiv id …)", its title not known. tuireader's own export of it, read
back, was refused (JSON: "none of its 3 records has a title or an abstract"), left out
(JSON beside titled papers) or a paper titled "Untitled paper (arXiv id …)" (RIS,
BibTeX, CSV, CSL-JSON, Markdown), whose citation lost "[title not known]". Read back,
it is the same untitled paper."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader import cli
from tuireader.ingest.library import load_library
from tuireader.render.citations import format_citation

IDS = "2301.00001\n10.1145/3290605.3300233\nhttps://openreview.net/forum?id=Xq3lTbE7nZ\n"
SUFFIX = {"json": "json", "ris": "ris", "bibtex": "bib", "csv": "csv", "csl-json": "json"}


def _papers(path: Path) -> list[tuple[str, str, bool]]:
    return [(p.id, p.title, p.title_unknown) for p in load_library([path]).papers]


@pytest.mark.parametrize("fmt", [*SUFFIX, "markdown"])
def test_an_export_of_untitled_papers_reads_back_as_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fmt: str
) -> None:
    monkeypatch.setenv("TUIREADER_HOME", str(tmp_path / "home"))
    given = tmp_path / "ids.txt"
    given.write_text(IDS, encoding="utf-8")
    before = _papers(given)
    assert all(unknown for _, _, unknown in before)
    out = tmp_path / f"out.{SUFFIX.get(fmt, 'md')}"
    assert cli.main(["export", "--format", fmt, "-o", str(out), str(given)]) == 0
    assert _papers(out) == before
    paper = load_library([out]).papers[0]
    assert "[title not known]" in format_citation(paper, "apa").text


def test_a_json_export_keeps_untitled_papers_beside_titled_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TUIREADER_HOME", str(tmp_path / "home"))
    given = tmp_path / "mixed.txt"
    given.write_text("Reading\n2301.00001\nAttention Is All You Need\n2402.01234\n", "utf-8")
    before = _papers(given)
    assert [unknown for _, _, unknown in before] == [True, False, True]
    out = tmp_path / "out.json"
    assert cli.main(["export", "--format", "json", "-o", str(out), str(given)]) == 0
    assert _papers(out) == before


def test_a_real_title_like_the_mark_of_another_paper_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "other.csv"
    path.write_text('title,arxiv_id\n"Untitled paper (arXiv id 2301.00001)",2402.01234\n', "utf-8")
    [paper] = load_library([path]).papers
    assert not paper.title_derived


def test_a_markdown_export_says_an_untitled_papers_title_is_not_known(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # it said "(title derived from the abstract)" of a paper that has no abstract
    monkeypatch.setenv("TUIREADER_HOME", str(tmp_path / "home"))
    given = tmp_path / "ids.txt"
    given.write_text(IDS, encoding="utf-8")
    out = tmp_path / "out.md"
    assert cli.main(["export", "--format", "markdown", "-o", str(out), str(given)]) == 0
    heads = [line for line in out.read_text("utf-8").splitlines() if line.startswith("- ")]
    assert len(heads) == 3
    assert all(head.endswith(" (title not known)") for head in heads)
    assert "derived from the abstract" not in out.read_text("utf-8")


def test_a_markdown_export_still_says_a_title_derived_from_the_abstract(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TUIREADER_HOME", str(tmp_path / "home"))
    given = tmp_path / "abstracts.csv"
    given.write_text('abstract\n"We study how sparse attention scales. It does."\n', "utf-8")
    [paper] = load_library([given]).papers
    assert paper.title_derived and not paper.title_unknown
    out = tmp_path / "out.md"
    assert cli.main(["export", "--format", "markdown", "-o", str(out), str(given)]) == 0
    [head] = [line for line in out.read_text("utf-8").splitlines() if line.startswith("- ")]
    assert head.endswith(" (title derived from the abstract)")


def test_the_help_and_cite_say_a_title_may_be_not_known() -> None:
    from tuireader.ui.screens.help import LEGEND
    from tuireader.ui.text import DERIVED_MARK

    assert "not known" in dict(LEGEND)[DERIVED_MARK]
    assert "or not known" in " ".join(cli._cite_parser().epilog.split())
