"""An abstract's italics, bold, sub- and superscripts (HTML's ``<i>``, ``<sub>``; Crossref's
``<jats:italic>``, ``<jats:sub>``) are kept as the LaTeX its renderer reads: ``H<jats:sub>2
</jats:sub>O`` is shown "H₂O" where it read "H2O", ``<i>E. coli</i>`` in italics; no tag
is ever shown, search finds the words as they were, and a stretch LaTeX would read as
more than text is left plain."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.formats.prose import strip_markup
from tuireader.ingest.library import load_library
from tuireader.ingest.readers import read_file
from tuireader.render.textrender import render
from tuireader.search.engine import open_engine
from tuireader.system.paths import resolve

JATS = (
    "<jats:title>Abstract</jats:title><jats:p>Growth of <jats:italic>E. coli</jats:italic> "
    "in H<jats:sub>2</jats:sub>O at 10<jats:sup>5</jats:sup> cells per <jats:bold>ml"
    "</jats:bold>, and Ca<jats:sup>2+</jats:sup> <jats:italic>in vivo</jats:italic>.</jats:p>"
)


def test_jats_styles_are_shown_as_styles() -> None:
    text = strip_markup(JATS)
    assert text == (
        "Growth of \\textit{E. coli} in H$_{2}$O at 10$^{5}$ cells per \\textbf{ml}, and "
        "Ca$^{2+}$ \\textit{in vivo}."
    )
    shown = render(text)
    assert shown.text == "Growth of E. coli in H₂O at 10⁵ cells per ml, and Ca²⁺ in vivo."
    styled = {shown.text[span.start : span.end]: span.style for span in shown.spans}
    assert styled["E. coli"] == styled["in vivo"] == "em"
    assert styled["ml"] == "strong"


@pytest.mark.parametrize(
    ("markup", "text"),
    [
        # LaTeX's specials in a styled stretch: plain, as before
        ("<p>a <i>{x}</i> b</p>", "a {x} b"),
        ("<p>a <i>x\\y</i> b</p>", "a x\\y b"),
        ("<p>a <i>R&amp;D</i> b</p>", "a R&D b"),
        ("<p>a <i>50%</i> b</p>", "a 50% b"),
        ("<p>a <i>&#123;x&#125;</i> b</p>", "a {x} b"),
        # a script that is no short word or sign, or a text with dollars of its own
        ("<p>x<sub>a long index</sub> y</p>", "xa long index y"),
        ("<p>It costs $5, and H<sub>2</sub>O</p>", "It costs $5, and H2O"),
        # a tag in a tag: the inner one only
        ("<p><i>x<sub>2</sub></i></p>", "x$_{2}$"),
        # a control character is no styled text
        ("<p><i>\x1b[31mred</i></p>", "\x1b[31mred"),
    ],
)
def test_what_latex_would_read_as_more_than_text_is_left_plain(markup: str, text: str) -> None:
    assert strip_markup(markup) == text


def test_math_keeps_its_own_tags() -> None:
    assert strip_markup("<p>For $a<b>c</b>$ and <i>all</i> x.</p>") == (
        "For $a<b>c</b>$ and \\textit{all} x."
    )


def test_no_tag_is_shown_of_a_real_zotero_abstract() -> None:
    fixture = Path(__file__).parent / "fixtures" / "formats" / "zotero_csl_html_slice.json"
    (record,) = read_file(fixture).records
    assert "<" not in record.abstract and "<" not in render(record.abstract).text


def test_a_styled_abstract_is_found_by_its_words(tmp_path: Path) -> None:
    items = [
        {"id": "a", "type": "article-journal", "title": "Bacteria", "abstract": JATS},
        {"id": "b", "type": "article-journal", "title": "Other", "abstract": "<p>None.</p>"},
    ]
    path = tmp_path / "works.json"
    path.write_text(json.dumps(items), encoding="utf-8")
    library = load_library([path])
    engine = open_engine(library, resolve(tmp_path / "data"))
    for query in ("H2O", "H₂O", '"E. coli in"', '"in vivo"', "Ca2+", "coli"):
        hits = [hit.paper.title for hit in engine.search(query).hits]
        assert hits == ["Bacteria"], query


def test_a_feeds_author_name_keeps_no_style(tmp_path: Path) -> None:
    path = tmp_path / "feed.xml"
    path.write_text(
        '<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"'
        ' xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">'
        '<channel rdf:about="https://journal.example.org"><title>Things</title></channel>'
        '<item rdf:about="https://journal.example.org/a/1"><title>Things</title>'
        "<link>https://journal.example.org/a/1</link>"
        "<description>We study things.</description>"
        "<dc:creator>&lt;i&gt;Ann&lt;/i&gt; Lee</dc:creator></item></rdf:RDF>",
        encoding="utf-8",
    )
    (record,) = read_file(path).records
    assert record.authors == ("Ann Lee",)
