"""Abstracts as running text: markup from web-fed exports taken off, hard-wrapped lines
joined into paragraphs, runs of spaces made one; LaTeX and ids left alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.catalog import load_catalog
from tuireader.ingest.formats.prose import WRAP_WIDTH, reflow, strip_markup
from tuireader.ingest.library import load_library, paper_id
from tuireader.ingest.readers import read_file
from tuireader.render.textrender import plain

FIXTURES = Path(__file__).parent / "fixtures" / "formats"


# --------------------------------------------------------------------------- markup


def test_html_paragraphs_become_paragraphs_and_inline_tags_go() -> None:
    text = (
        "<p>First   paragraph, with\n  <i>italic</i> and <b>bold</b> words.</p>\n"
        "<p>H<sub>2</sub>O &amp; CO<sup>2</sup>&#8212;done.<br/>Next line.</p>"
    )
    # the styles as the LaTeX an abstract is shown with
    assert strip_markup(text) == (
        "First paragraph, with \\textit{italic} and \\textbf{bold} words.\n\n"
        "H$_{2}$O & CO$^{2}$\u2014done.\nNext line."
    )
    assert plain(strip_markup(text)) == (
        "First paragraph, with italic and bold words.\n\nH\u2082O & CO\u00b2\u2014done.\nNext line."
    )
    # and without them, where the text is no abstract (a name)
    assert strip_markup(text, styled=False) == (
        "First paragraph, with italic and bold words.\n\nH2O & CO2\u2014done.\nNext line."
    )


def test_jats_markup_is_taken_off_and_its_abstract_heading_dropped() -> None:
    text = (
        "<jats:title>Abstract</jats:title><jats:p>We study <jats:italic>C. elegans</jats:italic>"
        " behaviour.</jats:p><jats:p>It moves.</jats:p>"
    )
    assert strip_markup(text) == "We study \\textit{C. elegans} behaviour.\n\nIt moves."


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
        assert record.abstract == "We \\textit{study} graphs.", name
        assert plain(record.abstract) == "We study graphs.", name


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


# --------------------------------------------------------------------------- line breaks


def test_arxiv_abstracts_are_paragraphs_not_wrapped_lines() -> None:
    # lines 10 and 61 of the Kaggle arXiv snapshot (0704.0010, 0704.0061), unedited:
    # each line wrapped at 80 characters, each paragraph starting with an indented line
    partial, bodies = read_file(FIXTURES / "arxiv_kaggle_paragraphs_slice.jsonl").records
    first, second = partial.abstract.split("\n\n")
    assert first.startswith("Partial cubes are isometric subgraphs of hypercubes. Structures on")
    assert first.endswith(
        "New characterizations are established and new proofs of some known results are given."
    )
    assert second.startswith(
        "The operations of Cartesian product and pasting, and expansion and contraction processes"
    )
    assert "\n" not in first and "\n" not in second
    # "invoking" breaks a sentence before an indented line: not a new paragraph
    assert "\n" not in bodies.abstract
    assert "associated with sections of star bodies and invoking Radon transforms," in (
        bodies.abstract
    )
    assert "$\\lam$-intersection bodies" in bodies.abstract  # LaTeX as written


def test_every_reader_collapses_runs_of_spaces_and_joins_wrapped_lines(tmp_path: Path) -> None:
    wrapped = "We study things\nacross two lines,    given\ta matrix."
    expected = "We study things across two lines, given a matrix."
    (tmp_path / "a.json").write_text(
        json.dumps([{"title": "A paper on things", "abstract": wrapped}]), encoding="utf-8"
    )
    (tmp_path / "b.csv").write_text(f'title,abstract\nA paper on things,"{wrapped}"\n')
    (tmp_path / "c.txt").write_text(f"My list\n\n{wrapped}\n", encoding="utf-8")
    for name in ("a.json", "b.csv", "c.txt"):
        (record,) = read_file(tmp_path / name).records
        assert record.abstract == expected, name
    (entry,) = load_catalog(tmp_path / "b.csv").entries
    assert entry.abstract == expected


def test_authors_line_breaks_in_unwrapped_text_are_kept() -> None:
    # an abstract typed into a web form (CoRL 2023 on OpenReview): its lines are paragraphs
    long = "We focus on developing efficient and reliable policy optimization strategies " * 2
    text = f"{long.strip()}. \nIn recent years, policy gradient methods have emerged. \n{long}"
    assert reflow(text) == (
        f"{long.strip()}.\nIn recent years, policy gradient methods have emerged.\n{long.strip()}"
    )
    # ... unless a sentence runs on across a line break
    run_on = f"{long}and RNN in unseen-before\n scenarios and marginally outperforms them."
    assert reflow(run_on) == " ".join(run_on.split())


def test_blank_lines_are_one_paragraph_break_and_list_items_keep_their_lines() -> None:
    text = "First paragraph\nwrapped here.\n\n\n\nWe contribute:\n- one thing;\n- another.\n"
    assert reflow(text) == (
        "First paragraph wrapped here.\n\nWe contribute:\n- one thing;\n- another."
    )
    # a line that starts "2." inside a wrapped sentence is no list item
    assert reflow("As shown in Section\n2. We conclude.") == "As shown in Section 2. We conclude."


def test_text_indented_on_every_line_is_one_paragraph() -> None:
    assert reflow("  One line.\n  Two lines.\n  Three.") == "One line. Two lines. Three."


def test_control_characters_and_other_spaces_are_data() -> None:
    text = "Keep \x1b[2J this\x0cand\u00a0that \u3000 too."
    assert reflow(text) == text


def test_a_wrap_width_line_is_still_wrapped_and_a_longer_one_is_not() -> None:
    line = "w" * (WRAP_WIDTH - 2) + "."
    assert reflow(f"{line}\nNext.") == f"{line} Next."
    longer = "w" * WRAP_WIDTH + "."
    assert reflow(f"{longer}\nNext.") == f"{longer}\nNext."


def test_reflowing_keeps_abstract_derived_ids(tmp_path: Path) -> None:
    wrapped = "A plain abstract that was\nwrapped,    with   spaces,\n  and an indented line."
    path = tmp_path / "list.txt"
    path.write_text(f"My list\n\n{wrapped}\n", encoding="utf-8")
    (paper,) = load_library([path]).papers
    assert paper.id == paper_id(wrapped)
