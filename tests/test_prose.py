"""Abstracts as running text: markup from web-fed exports taken off, LaTeX left alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.formats.prose import strip_markup
from tuireader.ingest.library import load_library
from tuireader.ingest.readers import read_file

FIXTURES = Path(__file__).parent / "fixtures" / "formats"


# --------------------------------------------------------------------------- markup


def test_html_paragraphs_become_paragraphs_and_inline_tags_go() -> None:
    text = (
        "<p>First   paragraph, with\n  <i>italic</i> and <b>bold</b> words.</p>\n"
        "<p>H<sub>2</sub>O &amp; CO<sup>2</sup>&#8212;done.<br/>Next line.</p>"
    )
    assert strip_markup(text) == (
        "First paragraph, with italic and bold words.\n\nH2O & CO2\u2014done.\nNext line."
    )


def test_jats_markup_is_taken_off_and_its_abstract_heading_dropped() -> None:
    text = (
        "<jats:title>Abstract</jats:title><jats:p>We study <jats:italic>C. elegans</jats:italic>"
        " behaviour.</jats:p><jats:p>It moves.</jats:p>"
    )
    assert strip_markup(text) == "We study C. elegans behaviour.\n\nIt moves."


@pytest.mark.parametrize(
    "text",
    [
        "We show that a < b and c > d for all inputs.",
        "The map x<y> is typed, and so is List<T>.",
        "An unclosed <i> in prose is text.",
        "Plain text\nwith its own line breaks.",
        "An address https://example.org/?a=1&param=2&lt=3 stays.",
    ],
)
def test_text_without_markup_is_left_as_it_is(text: str) -> None:
    assert strip_markup(text) == text


def test_math_is_kept_exactly_inside_markup() -> None:
    text = "<p>For $a<b>c</b>$ and \\(x < y\\), the bound holds.</p><p>Also a < b.</p>"
    assert strip_markup(text) == (
        "For $a<b>c</b>$ and \\(x < y\\), the bound holds.\n\nAlso a < b."
    )


def test_escaped_markup_is_text() -> None:
    assert strip_markup("<p>The tag &lt;b&gt; means bold.</p>") == "The tag <b> means bold."
    assert strip_markup("Caf&eacute; &amp; bar") == "Caf\u00e9 & bar"


def test_csl_json_abstract_loses_its_html() -> None:
    # walkerInceptionVisualCortex2018 of j1c/vault's Better CSL JSON export, unedited
    (record,) = read_file(FIXTURES / "zotero_csl_html_slice.json").records
    assert record.abstract.startswith("Much of our knowledge about sensory processing")
    assert record.abstract.endswith("the neural mechanisms of sensation.")
    assert "<" not in record.abstract


def test_stripping_markup_keeps_the_paper_id(tmp_path: Path) -> None:
    (paper,) = load_library([FIXTURES / "zotero_csl_html_slice.json"]).papers
    assert paper.id == "hkdyrisx"  # the id the paper had when its abstract kept the tags
    assert not paper.abstract.startswith("<p>")


def test_json_lists_and_csv_abstracts_lose_their_markup(tmp_path: Path) -> None:
    items = [{"title": "A paper on graphs", "abstract": "<p>We <em>study</em> graphs.</p>"}]
    (tmp_path / "list.json").write_text(json.dumps(items), encoding="utf-8")
    (tmp_path / "list.csv").write_text(
        'title,abstract\nA paper on graphs,"<p>We <em>study</em> graphs.</p>"\n', encoding="utf-8"
    )
    for name in ("list.json", "list.csv"):
        (record,) = read_file(tmp_path / name).records
        assert record.abstract == "We study graphs.", name


def test_arxiv_and_openreview_abstracts_keep_angle_brackets(tmp_path: Path) -> None:
    abstract = "For <i>all</i> x we have $x<y$ and <b>bold</b> claims."
    arxiv = {
        "id": "0704.0001",
        "title": "Angles",
        "abstract": abstract,
        "versions": [{"created": "Mon, 2 Apr 2007 19:18:42 GMT"}],
        "categories": "math.CO",
    }
    path = tmp_path / "arxiv.jsonl"
    path.write_text(json.dumps(arxiv) + "\n", encoding="utf-8")
    (record,) = read_file(path).records
    assert record.abstract == abstract
