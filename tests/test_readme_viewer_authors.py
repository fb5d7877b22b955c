"""The README says how many authors the viewer names as the viewer names them: as many
as two of its rows hold, twelve at most, then how many more. It said "the first twelve",
and at 80×24 the viewer named eight of 53 ("… and 45 more")."""

from __future__ import annotations

from pathlib import Path

from tuireader.model import Paper
from tuireader.ui.text import AUTHOR_ROWS, MAX_AUTHORS_SHOWN, Palette, paper_header

README = Path(__file__).parent.parent / "README.md"


def _said() -> str:
    text = " ".join(README.read_text(encoding="utf-8").split())
    start = text.index("The viewer gives the title, authors (")
    return text[start : text.index(")", start)]


def test_the_readme_says_how_many_authors_the_viewer_names():
    said = _said()
    assert "first twelve" not in said
    assert "as many as two of its rows hold, twelve at most, then how many more" in said
    assert (AUTHOR_ROWS, MAX_AUTHORS_SHOWN) == (2, 12)


def test_a_long_list_of_authors_is_as_many_names_as_two_rows_hold():
    authors = tuple(f"Given{n:02d} Family{n:02d}" for n in range(53))
    paper = Paper(id="abcd2345", title="A Paper of Many", abstract="", authors=authors)
    for width in (60, 77, 160):
        line = paper_header(paper, Palette(), source=False, width=width).plain.split("\n")[1]
        named = [name for name in authors if name in line]
        # twelve at most, however wide the viewer
        assert 1 < len(named) <= MAX_AUTHORS_SHOWN, line
        assert (len(named) < MAX_AUTHORS_SHOWN) == (width < 100), line
        assert line.endswith(f" and {53 - len(named)} more")
        assert len(line) <= AUTHOR_ROWS * width
    # where the width is not known (tuireader show names them all, a copy), twelve
    line = paper_header(paper, Palette(), source=False).plain.split("\n")[1]
    assert line.endswith(" and 41 more")
