"""BibTeX with text after a field's value where only ``#`` or a comma belongs: the value
is read as written up to its end, the stray text is named with the entry and field,
the other entries are read as they are; valid BibTeX (``#``, ``@string``, months,
nested braces, quotes inside braces) is read without a word."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.readers import ReadResult, read_file

ENTRY = (
    "@InProceedings{li2022,\n"
    "  title = {Energy-Based Models for Continual Learning},\n"
    "  author = {Li, Shuang and Du, Yilun},\n"
    "  pages = {1-22},\n"
    "  year = {2022}\n"
    "}\n"
    "\n"
    "@InProceedings{ma2022,\n"
    "  title = {Continual Learning with Sparse Networks},\n"
    "  author = {Ma, Wei},\n"
    "  year = {2022}\n"
    "}\n"
)


def warnings(result: ReadResult) -> list[str]:
    return [problem.message for problem in result.problems if problem.severity == "warning"]


def read(tmp_path: Path, text: str) -> ReadResult:
    path = tmp_path / "list.bib"
    path.write_text(text, encoding="utf-8")
    return read_file(path)


@pytest.mark.parametrize(
    ("old", "new", "field", "stray", "hint"),
    [
        ("pages = {1-22}", "pages = {1-22} {x}", "pages", "{x}", " (a # left out?)"),
        (
            "title = {Energy-Based Models for Continual Learning}",
            'title = "Energy-Based Models" " for Continual Learning"',
            "title",
            '" for Continual Learning"',
            " (a # left out?)",
        ),
        ("year = {2022}", "year = 2022 x", "year", "x", ""),
        ("pages = {1-22}", "pages = {1-22} 23", "pages", "23", ""),
    ],
)
def test_text_after_a_value_is_left_out_and_said(
    tmp_path: Path, old: str, new: str, field: str, stray: str, hint: str
) -> None:
    assert old in ENTRY
    result = read(tmp_path, ENTRY.replace(old, new, 1))
    li, ma = result.records
    assert li.title == (
        "Energy-Based Models" if field == "title" else "Energy-Based Models for Continual Learning"
    )
    assert (li.pages, li.year, li.authors) == ("1-22", 2022, ("Shuang Li", "Yilun Du"))
    assert li.source_entry is not None
    assert (
        dict(li.source_entry.fields)[field]
        == {
            "pages": "1-22",
            "year": "2022",
            "title": "Energy-Based Models",
        }[field]
    )
    assert (ma.title, ma.authors) == ("Continual Learning with Sparse Networks", ("Wei Ma",))
    (message,) = warnings(result)
    assert message == (
        f"the entry at line 1, key li2022, has text after its {field} value where a comma "
        f"belongs: “{stray}”{hint}; read the value up to its end without it, check that entry"
    )


def test_text_after_two_values_names_both_fields(tmp_path: Path) -> None:
    damaged = ENTRY.replace("pages = {1-22}", "pages = {1-22} {x}").replace(
        "year = {2022}", "year = 2022 y", 1
    )
    result = read(tmp_path, damaged)
    assert [(r.pages, r.year) for r in result.records] == [("1-22", 2022), (None, 2022)]
    (message,) = warnings(result)
    assert message == (
        "the entry at line 1, key li2022, has text after its pages and year values where "
        "a comma belongs: “{x}”, “y” (a # left out?); read each value up to its end "
        "without it, check that entry"
    )


def test_text_after_one_part_of_a_concatenation_keeps_the_others(tmp_path: Path) -> None:
    text = (
        '@string{cl = "Continual Learning"}\n'
        '@misc{a, title = "Energy-Based Models for " # cl x # { Today}, year = 2022}\n'
    )
    result = read(tmp_path, text)
    (paper,) = result.records
    assert paper.title == "Energy-Based Models for Continual Learning Today"
    (message,) = warnings(result)
    assert message == (
        "the entry at line 2, key a, has text after its title value where a comma "
        "belongs: “x”; read the value up to its end without it, check that entry"
    )


def test_valid_values_are_read_without_a_word(tmp_path: Path) -> None:
    text = (
        '@string{cl = "Continual Learning"}\n'
        "@misc{a,\n"
        '  title = "Energy-Based Models for " # cl # { {in} {\\"O}sterreich},\n'
        '  author = "M{\\"u}ller, Anna and {O\'Brien}, Pat",\n'
        '  note = {A {"}quoted{"} word and {nested {braces}}},\n'
        '  abstract = "A {"}quote{"} inside quotes, and {braces \\" with a quote}.",\n'
        '  howpublished = "\\"escaped\\" quotes",\n'
        "  month = jan # { 2},\n"
        "  year = 2022\n"
        "}\n"
    )
    result = read(tmp_path, text)
    (paper,) = result.records
    assert paper.title == "Energy-Based Models for Continual Learning in Österreich"
    assert paper.authors == ("Anna Müller", "Pat O'Brien")
    assert paper.year == 2022
    assert paper.source_entry is not None
    fields = dict(paper.source_entry.fields)
    assert fields["month"] == "January 2"
    assert fields["note"] == 'A {"}quoted{"} word and {nested {braces}}'
    assert warnings(result) == []


def test_a_field_name_with_a_space_is_said(tmp_path: Path) -> None:
    # "Au thor" is no field: the paper lost its authors without a word
    result = read(tmp_path, ENTRY.replace("  author = {Li,", "  au thor = {Li,", 1))
    li, ma = result.records
    assert (li.title, li.pages, li.authors) == (
        "Energy-Based Models for Continual Learning",
        "1-22",
        (),
    )
    assert ma.authors == ("Wei Ma",)
    (message,) = warnings(result)
    assert message == (
        "the entry at line 1, key li2022, has a field named “au thor”, with a space in its "
        "name: no field is named so, and its value is not read; check that entry"
    )


def test_comment_lines_inside_an_entry_are_comments(tmp_path: Path) -> None:
    # biber reads "%" to the end of a line as a comment inside an entry: the name of
    # the field after one became "% … author" (no authors), a comment after a value was
    # text after it, and one before the entry's "}" lost the entry
    text = (
        "@InProceedings{li2022,\n"
        "  title = {Energy-Based Models for Continual Learning}, % as on the PDF\n"
        "  % the authors as the proceedings give them\n"
        "  author = {Li, Shuang and Du, Yilun},\n"
        "  % pages = {1-99},\n"
        "  pages = {1-22},\n"
        "  year = {2022},\n"
        "  % checked 2024-05-01\n"
        "}\n"
        "\n"
        "@InProceedings{ma2022,\n"
        "  title = {Continual Learning with 50\\% of {the % Weights}},\n"
        "  url = {https://example.org/a%20b},\n"
        "  year = 2022 % the year of the conference\n"
        "}\n"
    )
    result = read(tmp_path, text)
    li, ma = result.records
    assert li.title == "Energy-Based Models for Continual Learning"
    assert (li.authors, li.pages, li.year) == (("Shuang Li", "Yilun Du"), "1-22", 2022)
    assert li.source_entry is not None
    assert [name for name, _value in li.source_entry.fields] == [
        "title",
        "author",
        "pages",
        "year",
    ]
    assert ma.title == "Continual Learning with 50% of the % Weights"
    assert (ma.url, ma.year) == ("https://example.org/a%20b", 2022)
    assert warnings(result) == []


def test_fields_after_an_entry_that_ends_early_are_said(tmp_path: Path) -> None:
    # a quote too many ends the quoted title, and the "}" after it the entry: the
    # fields after it were read as a comment, without a word
    text = ENTRY.replace(
        "  title = {Energy-Based Models for Continual Learning},\n",
        '  title = "Energy-Based "Models} for Continual Learning",\n',
        1,
    )
    result = read(tmp_path, text)
    li, ma = result.records
    assert li.title == "Energy-Based"
    assert ma.authors == ("Wei Ma",)
    assert warnings(result) == [
        (
            "the entry at line 1, key li2022, has text after its title value where a comma "
            "belongs: “Models”; read the value up to its end without it, check that entry"
        ),
        (
            "the entry at line 1, key li2022, ends early, in its title field (a brace or "
            "quote amiss there?): the author, pages and year fields after it, from line 2, "
            "were not read; check that entry"
        ),
    ]


def test_a_quote_inside_braces_in_a_quoted_value_is_a_character(tmp_path: Path) -> None:
    # valid BibTeX: the parser ended the title at the quote, and the entry after it
    text = ENTRY.replace(
        "  title = {Energy-Based Models for Continual Learning},\n",
        '  title = "Energy-Based {"Models"} for {Continual {Learn"ing}}",\n',
        1,
    )
    result = read(tmp_path, text)
    li, ma = result.records
    assert li.title == 'Energy-Based "Models" for Continual Learn"ing'
    assert (li.authors, li.pages) == (("Shuang Li", "Yilun Du"), "1-22")
    assert li.source_entry is not None
    assert dict(li.source_entry.fields)["title"] == (
        'Energy-Based {"Models"} for {Continual {Learn"ing}}'
    )
    assert ma.title == "Continual Learning with Sparse Networks"
    assert warnings(result) == []


def test_a_quote_inside_braces_keeps_the_files_own_characters(tmp_path: Path) -> None:
    # the character that stands for such a quote while the file is read is one the
    # file does not hold: a note's own private-use character stays as it is
    text = ENTRY.replace(
        "  title = {Energy-Based Models for Continual Learning},\n",
        '  title = "Energy-Based {Mo"dels}",\n  note = {x\ue000y\ue001z},\n',
        1,
    )
    result = read(tmp_path, text)
    li, _ma = result.records
    assert li.title == 'Energy-Based Mo"dels'
    assert li.source_entry is not None
    assert dict(li.source_entry.fields)["note"] == "x\ue000y\ue001z"


def test_entries_read_with_text_after_a_value_beyond_a_handful_are_said_together(
    tmp_path: Path,
) -> None:
    # an export that writes "{1-22} {x}" for every entry's pages: one warning an entry
    # was hundreds of lines for a large file
    li = ENTRY[: ENTRY.index("\n\n")].replace("pages = {1-22}", "pages = {1-22} {x}")
    text = "\n\n".join(li.replace("{li2022,", f"{{li{number},") for number in range(8))
    result = read(tmp_path, text)
    assert [(r.source_id, r.pages) for r in result.records] == [
        (f"li{number}", "1-22") for number in range(8)
    ]
    said = warnings(result)
    assert said[:3] == [
        f"the entry at line {1 + 7 * number}, key li{number}, has text after its pages value "
        "where a comma belongs: “{x}” (a # left out?); read the value up to its end without "
        "it, check that entry"
        for number in range(3)
    ]
    # the others named, each by its key and line
    assert said[3:] == [
        (
            "and 5 more entries with text after a value where a comma belongs; read each "
            "value up to its end without it, check those entries: li3 (line 22), li4 "
            "(line 29), li5 (line 36), li6 (line 43), li7 (line 50)"
        )
    ]
