"""An accent on an accent, as Vietnamese names are written in BibTeX (two marks on one
letter: ``Nguy{\\~{\\^e}}n``, ``Tr{\\`\\^a}n``), is the letter that has both.

The inner accent became its letter and the outer one was left as written: the name was
shown "Nguy~ên" and "Tr`ân", cited so, and ``search nguyen`` did not find the paper.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.cli import main
from tuireader.ingest.formats.tex import unlatex
from tuireader.ingest.library import load_library

STACKED = [
    ("Nguy{\\~{\\^e}}n", "Nguyễn"),
    ("Nguy\\~{\\^e}n", "Nguyễn"),
    ("Nguy\\~{\\^{e}}n", "Nguyễn"),
    ("Nguy{\\~{\\^{e}}}n", "Nguyễn"),
    ("Tr{\\`\\^a}n", "Trần"),
    ("Tr\\`{\\^a}n", "Trần"),
    ("Tr\\`\\^a n", "Trầ n"),
    # the marks the other way round make the same letter, as LaTeX prints both on it
    ("Tr{\\^{\\`a}}n", "Trần"),
    ("Tr\\^{\\`{a}}n", "Trần"),
    ("\\^{\\~e}", "ễ"),
    ("\\'{\\^o}", "ố"),
    ("\\u{\\'a}", "ắ"),
    ("\\`{\\u a}", "ằ"),
    ("\\~{\\u{a}}", "ẵ"),
    ('\\=\\"u', "ǖ"),
    ('\\v{\\"u}', "ǚ"),
    ("\\'{\\\"U}", "Ǘ"),
    ("\\'{\\~o}", "ṍ"),
    ("\\={\\.a}", "ǡ"),
    ("\\'{\\r a}", "ǻ"),
    ("\\'{\\c c}", "ḉ"),
    ("\\={\\k o}", "ǭ"),
    # no letter holds both marks: the letter and its marks, in the order written
    ("\\^{\\'\\i}", "í\u0302"),
    ('\\H{\\"o}', "ö\u030b"),
    ('\\c{\\"c}', "ç\u0308"),
]


@pytest.mark.parametrize(("written", "text"), STACKED)
def test_an_accent_on_an_accent_is_one_letter(written: str, text: str) -> None:
    assert unlatex(written) == text


@pytest.mark.parametrize(
    ("written", "text"),
    [
        ('Sch{\\"o}lkopf', "Schölkopf"),
        ("Erd\\H{o}s", "Erdős"),
        ("\\v{\\i}", "ǐ"),
        ("{\\L}ukasz", "Łukasz"),
        ("Th{\\`i}", "Thì"),
        ("$\\~{\\^e}$ stays math", "$\\~{\\^e}$ stays math"),
        ("\\textit{\\~{\\^e}}", "\\textit{ễ}"),
    ],
)
def test_a_single_accent_reads_as_it_did(written: str, text: str) -> None:
    assert unlatex(written) == text


BIB = (
    "@article{nguyen2020,\n"
    "  title = {Retrieval with tones in V{\\~{\\^e}}t},\n"
    "  author = {Nguy{\\~{\\^e}}n, Th{\\`i} Minh and Tr{\\`\\^a}n, Van"
    " and Ph{\\^{\\'a}}m, Anh},\n"
    "  journal = {Journal of Tones},\n"
    "  year = {2020},\n"
    "  abstract = {We study Ti{\\'{\\^e}}ng Vi\\d{\\^e}t.}\n"
    "}\n"
)


@pytest.fixture
def bib(tmp_path: Path) -> Path:
    path = tmp_path / "tones.bib"
    path.write_text(BIB, encoding="utf-8")
    return path


def test_a_bibtex_list_names_its_authors_with_both_marks(bib: Path) -> None:
    (paper,) = load_library([bib]).papers
    assert paper.authors == ("Thì Minh Nguyễn", "Van Trần", "Anh Phấm")
    assert paper.title == "Retrieval with tones in Vễt"
    assert "Tiếng" in paper.abstract


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("query", ["nguyen", "Nguyễn", "tran", "author:trần"])
def test_a_stacked_accent_is_found_by_its_letter_and_without_it(
    capsys: pytest.CaptureFixture[str], bib: Path, query: str
) -> None:
    code, out, err = run(capsys, "search", query, "--json", str(bib))
    assert code == 0, err
    (hit,) = json.loads(out)["hits"]
    assert hit["authors_text"] == ["Thì Minh Nguyễn", "Van Trần", "Anh Phấm"]


@pytest.mark.parametrize(
    ("fmt", "written"),
    [
        ("ris", ["AU  - Nguyễn, Thì Minh", "AU  - Trần, Van"]),
        ("apa", ["Nguyễn, T. M., Trần, V., & Phấm, A."]),
    ],
)
def test_other_citations_name_the_authors_with_both_marks(
    capsys: pytest.CaptureFixture[str], bib: Path, fmt: str, written: list[str]
) -> None:
    code, out, err = run(capsys, "cite", "--query", "nguyen", "--format", fmt, str(bib))
    assert code == 0, err
    for line in written:
        assert line in out
    assert "~" not in out and "`" not in out


def test_csl_json_names_the_authors_with_both_marks(
    capsys: pytest.CaptureFixture[str], bib: Path
) -> None:
    code, out, err = run(capsys, "cite", "--query", "nguyen", "--format", "csl-json", str(bib))
    assert code == 0, err
    (item,) = json.loads(out)
    assert [person["family"] for person in item["author"]] == ["Nguyễn", "Trần", "Phấm"]


@pytest.mark.parametrize(
    ("written", "text"),
    [
        ("Vi{\\d{\\^e}}t", "Việt"),
        ("Vi\\d{\\^e}t", "Việt"),
        ("Vi\\^{\\d{e}}t", "Việt"),
        ("{\\DJ}{\\d{\\u{a}}}ng", "Đặng"),
        ("\\dj{}\\d{o}", "đọ"),
        ("Th{\\d{i}}", "Thị"),
        ("\\b{k}", "ḵ"),
        # before a word, without braces, they are a regular expression's
        ("\\d matches a digit, \\b a word's edge", "\\d matches a digit, \\b a word's edge"),
    ],
)
def test_a_dot_below_and_a_barred_d_read_as_letters(written: str, text: str) -> None:
    # Vietnamese writes its dot below on a circumflex or a breve ("ệ", "ặ"), and "Đ"
    assert unlatex(written) == text
