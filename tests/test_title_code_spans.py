"""A title's backticks: a pair around a word (Markdown's code, "Shell `id` robots") is
kept as written wherever the title is printed on one line (search, show, the reader,
APA, RIS, CSL-JSON, Markdown), as BibTeX and CSV keep it; never dropped to leave "Shell
id robots". A backtick closed by an apostrophe is TeX's quotation (‘id’)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.cli import main
from tuireader.model import Paper
from tuireader.render.citations import format_citation
from tuireader.render.textrender import display_title, render, render_title

TITLE = "Shell `id` robots"


def _paper(title: str = TITLE) -> Paper:
    return Paper(id="s", title=title, abstract="", authors=("Bob Shell",), year=2022)


def test_a_titles_code_keeps_its_backticks() -> None:
    assert display_title(TITLE) == TITLE
    assert display_title("A ``DoWhy`` model") == "A ``DoWhy`` model"
    rendered = render_title(TITLE)
    assert rendered.text == TITLE
    assert [(TITLE[s.start : s.end], s.style) for s in rendered.spans] == [("id", "code")]
    # TeX's single quotation marks are still quotation marks
    assert display_title("Quoted `id' robots") == "Quoted \u2018id\u2019 robots"
    # an abstract's code span is still code without its backticks
    assert render("a `listen` b").text == "a listen b"


@pytest.mark.parametrize(
    ("fmt", "written"),
    [
        ("apa", "Shell, B. (2022). Shell `id` robots."),
        ("mla", '"Shell `id` robots."'),
        ("ieee", "\u201cShell `id` robots,\u201d"),
        ("chicago", "\u201cShell `id` robots.\u201d"),
        ("ris", "TI  - Shell `id` robots"),
        ("csl-json", '"title": "Shell `id` robots"'),
        ("bibtex", "title = {Shell `id` robots}"),
    ],
)
def test_citations_keep_the_backticks(fmt: str, written: str) -> None:
    assert written in format_citation(_paper(), fmt).text


def test_search_show_and_markdown_export_keep_them(tmp_path: Path, capsys) -> None:
    listed = tmp_path / "list.jsonl"
    record = {"id": "t1", "title": TITLE, "authors": ["Bob Shell"], "year": 2022}
    listed.write_text(json.dumps(record) + "\n", encoding="utf-8")
    data = ["--data-dir", str(tmp_path / "data")]
    assert main(["search", "robots", str(listed), *data]) == 0
    assert TITLE in capsys.readouterr().out
    assert main(["show", "t1", str(listed), *data]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith(TITLE)
    assert main(["export", "--format", "markdown", str(listed), *data]) == 0
    assert "- Shell \\`id\\` robots\n" in capsys.readouterr().out
