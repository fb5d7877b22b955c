"""A paper's text and the user's own in tuireader's Markdown export (titles, authors,
venues, tags, notes) is text: CommonMark shows it as written, never as a link, a
heading, a list, emphasis, code or HTML. A note's lines stay in the paper's item,
indented beneath it. The export's own reader takes the escapes off again: read back,
each paper has the title, authors, venue and year it had."""

from __future__ import annotations

import html
import re
from pathlib import Path

from markdown_it import MarkdownIt

from tuireader.ingest.readers import read_file
from tuireader.model import Link, Paper
from tuireader.render.textrender import display_author, display_title
from tuireader.triage.export import render_export
from tuireader.triage.store import Triage

NOTE = (
    "see [link](http://a.b) <b>x</b> &amp;\n"
    "# heading\n"
    "- item | pipe *star* `tick` _under_ ~strike~ !\n"
    "1. first\n"
    "2) second\n"
    "+ plus\n"
    "> quoted\n"
    "===\n"
    "---\n"
    "```\n"
    "back \\ slash"
)
TAGS = ("*star*", "[x](http://c.d)", "# top")
PAPERS = [
    Paper(
        id="p1",
        title="# Not a *heading*: [x](http://e.f) <i>it</i> & `code` | 1. (a) _b_ ~c~ !",
        abstract="",
        authors=("Shixiang (Shane) Gu", "Ann *Star* Lee", "Bo_Chen"),
        venue="Proc. [ACM] #3 (Special)",
        year=2017,
        links=(Link("https://example.org/p1", "paper", "url"),),
    ),
    Paper(
        id="p2",
        title="- Leading dash and + plus",
        abstract="",
        authors=("1. Numbered Person",),
        venue="= Venue",
        year=2020,
    ),
    # a venue that ends with its year in parentheses (the export adds no year after it)
    Paper(
        id="p3",
        title="Workshop Talk",
        abstract="",
        authors=("Al Ng",),
        venue="WS (2019)",
        year=2019,
    ),
]


def _export() -> str:
    triage = {
        "p1": Triage("p1", "kept", TAGS, NOTE),
        "p2": Triage("p2", "new", (), "plain note\n\n    indented after a blank"),
        "p3": Triage("p3", "new"),
    }
    return render_export(PAPERS, triage, "markdown")


def _text(rendered: str) -> str:
    return html.unescape(re.sub(r"<[^<>]+>", "", rendered))


def test_a_note_tags_and_paper_text_render_as_the_text_they_are() -> None:
    text = _export()
    rendered = MarkdownIt("commonmark").render(text)
    # one list of three items; the title's link and the paper's own link alone are links
    assert rendered.count("<ul>") == 1 and rendered.count("<li>") == 3
    assert "<ol" not in rendered and "<blockquote>" not in rendered and "<hr" not in rendered
    assert not re.search(r"<(?:h\d|em|strong|code|pre|i|b|table)\b", rendered)
    assert set(re.findall(r'<a href="([^"]*)"', rendered)) == {"https://example.org/p1"}
    shown = " ".join(_text(rendered).split())
    title, authors = display_title(PAPERS[0].title), map(display_author, PAPERS[0].authors)
    for written in (*NOTE.splitlines(), *TAGS, title, *authors, PAPERS[0].venue):
        assert " ".join(written.split()) in shown
    assert PAPERS[1].title in shown and "1. Numbered Person" in shown and "= Venue" in shown
    assert "indented after a blank" in shown  # in the item, and no code block


def test_a_note_stays_in_its_paper_s_item() -> None:
    lines = _export().splitlines()
    at = lines.index("  note:")
    note = lines[at + 1 : at + 1 + len(NOTE.splitlines())]
    assert all(line.startswith("    ") for line in note)
    assert note[1] == "    \\# heading" and note[3] == "    1\\. first"


def test_the_export_read_back_gives_the_text_as_written(tmp_path: Path) -> None:
    path = tmp_path / "reading.md"
    path.write_text(_export(), encoding="utf-8")
    result = read_file(path)
    assert [record.title for record in result.records] == [
        display_title(paper.title) for paper in PAPERS
    ]
    assert [record.authors for record in result.records] == [
        tuple(map(display_author, paper.authors)) for paper in PAPERS
    ]
    assert [(record.venue, record.year) for record in result.records] == [
        (paper.venue, paper.year) for paper in PAPERS
    ]
