"""A BibTeX entry the parser gives up on is named by its key and line, and what is
wrong with it is said as one who keeps the file would say it, never in the parser's
own words; the entry is skipped and the others read."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.readers import read_file

ENTRIES = [
    (
        "@InProceedings{li2022,\n"
        "  title = {Energy-Based Models for Continual Learning},\n"
        "  author = {Li, Shuang and Du, Yilun},\n"
        "  pages = {1-22},\n"
        "  year = {2022}\n"
        "}\n"
    ),
    (
        "@InProceedings{collins2022,\n"
        "  title = {How Does the Task Landscape Affect MAML Performance?},\n"
        "  author = {Collins, Liam and Mokhtari, Aryan},\n"
        "  pages = {23-59},\n"
        "  year = {2022}\n"
        "}\n"
    ),
    (
        "@InProceedings{ma2022,\n"
        "  title = {Continual Learning with Sparse Networks},\n"
        "  author = {Ma, Wei},\n"
        "  year = {2022}\n"
        "}\n"
    ),
]

#: a slice of PMLR's CoLLAs 2022 volume: its @Proceedings and three papers
SLICE = Path(__file__).parent / "fixtures" / "damaged" / "collas2022_slice.bib"

PARSER_WORDS = ("Unexpected block start", "Was still looking", "Expected", "entry key")


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        (
            "title = {Energy",
            'title = "Energy',
            (
                "a value in quotes is not closed before the next entry at line {next} starts "
                '(a " left out, or one too many inside it?)'
            ),
        ),
    ],
)
def test_a_damaged_entry_is_said_in_plain_words_and_skipped(
    tmp_path: Path, old: str, new: str, said: str
) -> None:
    first = ENTRIES[0].replace(old, new, 1)
    assert first != ENTRIES[0]
    path = tmp_path / "list.bib"
    text = "\n".join([first, *ENTRIES[1:]])
    path.write_text(text, encoding="utf-8")
    said = said.replace("{next}", str(text.count("\n", 0, text.index("@InProceedings{coll")) + 1))
    result = read_file(path)
    assert [record.title for record in result.records] == [
        "How Does the Task Landscape Affect MAML Performance?",
        "Continual Learning with Sparse Networks",
    ]
    (message,) = [problem.message for problem in result.problems]
    assert message == f"the entry at line 1, key li2022: {said}; skipped it"
    assert not any(words in message for words in PARSER_WORDS)


@pytest.mark.parametrize("last", [False, True])
def test_one_quote_too_many_inside_a_quoted_value_is_read_as_a_character(
    tmp_path: Path, last: bool
) -> None:
    # the value closes at the quote too many, and the quote that was to close it opens
    # another value, which runs on to the next entry (or the file's end)
    first = ENTRIES[0].replace(
        "title = {Energy-Based Models for Continual Learning}",
        'title = "Energy-Based "Models for Continual Learning"',
    )
    path = tmp_path / "list.bib"
    text = "\n".join([*ENTRIES[1:], first] if last else [first, *ENTRIES[1:]])
    path.write_text(text, encoding="utf-8")
    result = read_file(path)
    by_key = {record.source_id: record for record in result.records}
    assert len(by_key) == 3
    assert by_key["li2022"].title == 'Energy-Based "Models for Continual Learning'
    assert by_key["li2022"].authors == ("Shuang Li", "Yilun Du")
    assert by_key["li2022"].pages == "1-22"
    line = text.count("\n", 0, text.index("@InProceedings{li2022")) + 1
    (message,) = [problem.message for problem in result.problems]
    assert message == (
        f'the entry at line {line}, key li2022, has one “"” too many in its title field; '
        "read it as a character of the value, check that entry"
    )


@pytest.mark.parametrize(
    ("old", "new", "line"),
    [
        ("pages = {1-22}", 'pages =" {1-22}', 4),
        ("pages = {1-22}", 'pages = {1-22}"', 4),
        ("pages = {1-22}", 'pages = "{1-22}', 4),
        ("{li2022,", '{li2022",', 1),  # after the key
    ],
)
def test_a_quote_outside_the_values_is_left_out(
    tmp_path: Path, old: str, new: str, line: int
) -> None:
    # the quote opened a value that ran on to the next entry: the entry was skipped
    first = ENTRIES[0].replace(old, new)
    assert first != ENTRIES[0]
    path = tmp_path / "list.bib"
    path.write_text("\n".join([first, *ENTRIES[1:]]), encoding="utf-8")
    result = read_file(path)
    assert [(r.source_id, r.pages, r.year) for r in result.records] == [
        ("li2022", "1-22", 2022),
        ("collins2022", "23-59", 2022),
        ("ma2022", None, 2022),
    ]
    (message,) = [problem.message for problem in result.problems]
    assert message == (
        f'the entry at line 1, key li2022, has a “"” too many at line {line}, outside its '
        "values; read the entry without it, check that entry"
    )


@pytest.mark.parametrize(
    ("old", "new", "line"),
    [
        ("{li2022,", "{li2022{,", 1),  # after the key
        ("  author =", "  {author =", 3),  # between two fields
        ("  author =", "  author{ =", 3),  # in a field's name
        ("year = {2022}", "year = {2022}{", 5),  # after a value
        ("pages = {1-22},", "pages = {1-22}{,", 4),  # after a value, before its comma
    ],
)
def test_a_brace_too_many_outside_the_values_is_left_out(
    tmp_path: Path, old: str, new: str, line: int
) -> None:
    first = ENTRIES[0].replace(old, new, 1)
    assert first != ENTRIES[0]
    path = tmp_path / "list.bib"
    path.write_text("\n".join([first, *ENTRIES[1:]]), encoding="utf-8")
    result = read_file(path)
    assert [(r.source_id, r.title, r.authors, r.pages, r.year) for r in result.records] == [
        (
            "li2022",
            "Energy-Based Models for Continual Learning",
            ("Shuang Li", "Yilun Du"),
            "1-22",
            2022,
        ),
        (
            "collins2022",
            "How Does the Task Landscape Affect MAML Performance?",
            ("Liam Collins", "Aryan Mokhtari"),
            "23-59",
            2022,
        ),
        ("ma2022", "Continual Learning with Sparse Networks", ("Wei Ma",), None, 2022),
    ]
    (message,) = [problem.message for problem in result.problems]
    assert message == (
        f"the entry at line 1, key li2022, has a “{{” too many at line {line}, outside its "
        "values; read the entry without it, check that entry"
    )


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        (
            "author = {Li,",
            "author = Li,",
            "has no “{” at the start of its author field's value; read the value up to its “}”",
        ),
        (
            "pages = {1-22}",
            "pages =, {1-22}",
            ("has a comma before its pages field's value; read it without it"),
        ),
    ],
)
def test_a_value_without_its_opening_brace_is_read(
    tmp_path: Path, old: str, new: str, said: str
) -> None:
    first = ENTRIES[0].replace(old, new, 1)
    assert first != ENTRIES[0]
    path = tmp_path / "list.bib"
    path.write_text("\n".join([first, *ENTRIES[1:]]), encoding="utf-8")
    result = read_file(path)
    assert [(r.source_id, r.authors, r.pages, r.year) for r in result.records] == [
        ("li2022", ("Shuang Li", "Yilun Du"), "1-22", 2022),
        ("collins2022", ("Liam Collins", "Aryan Mokhtari"), "23-59", 2022),
        ("ma2022", ("Wei Ma",), None, 2022),
    ]
    (message,) = [problem.message for problem in result.problems]
    assert message == f"the entry at line 1, key li2022, {said}, check that entry"


def test_a_bare_value_without_its_equals_is_read(tmp_path: Path) -> None:
    # "month  feb," (Better BibTeX writes months bare): the "=" was left out
    first = ENTRIES[0].replace("  year = {2022}\n", "  month  feb,\n  year = {2022}\n")
    path = tmp_path / "list.bib"
    path.write_text("\n".join([first, *ENTRIES[1:]]), encoding="utf-8")
    result = read_file(path)
    assert [(r.source_id, r.authors, r.year) for r in result.records] == [
        ("li2022", ("Shuang Li", "Yilun Du"), 2022),
        ("collins2022", ("Liam Collins", "Aryan Mokhtari"), 2022),
        ("ma2022", ("Wei Ma",), 2022),
    ]
    assert result.records[0].source_entry is not None
    assert dict(result.records[0].source_entry.fields)["month"] == "February"
    (message,) = [problem.message for problem in result.problems]
    assert message == (
        "the entry at line 1, key li2022, has no = between its month field's name and its "
        "value; read it, check that entry"
    )


def test_a_comma_between_a_fields_name_and_its_equals_is_left_out(tmp_path: Path) -> None:
    # "author, =": the parser gave up on the entry, and a "}" too many was sought in the
    # title before it
    first = ENTRIES[0].replace("author =", "author, =")
    path = tmp_path / "list.bib"
    path.write_text("\n".join([first, *ENTRIES[1:]]), encoding="utf-8")
    result = read_file(path)
    assert [(r.source_id, r.authors) for r in result.records] == [
        ("li2022", ("Shuang Li", "Yilun Du")),
        ("collins2022", ("Liam Collins", "Aryan Mokhtari")),
        ("ma2022", ("Wei Ma",)),
    ]
    (message,) = [problem.message for problem in result.problems]
    assert message == (
        "the entry at line 1, key li2022, has a comma between its author field's name and "
        "its “=”; read it without it, check that entry"
    )


def test_quotes_too_many_in_two_values_leave_the_entry_skipped(tmp_path: Path) -> None:
    # no one quote read as a character makes the entry whole: which are meant is unsaid
    first = (
        ENTRIES[0]
        .replace(
            "title = {Energy-Based Models for Continual Learning}",
            'title = "Energy-Based "Models for Continual Learning"',
        )
        .replace("author = {Li, Shuang and Du, Yilun}", 'author = "Li, "Shuang and Du, Yilun"')
    )
    path = tmp_path / "list.bib"
    path.write_text("\n".join([first, *ENTRIES[1:]]), encoding="utf-8")
    result = read_file(path)
    assert [record.source_id for record in result.records] == ["collins2022", "ma2022"]
    (message,) = [problem.message for problem in result.problems]
    assert message.startswith("the entry at line 1, key li2022: ")
    assert message.endswith("; skipped it")


def test_an_entry_the_file_ends_inside_is_said_cut_short(tmp_path: Path) -> None:
    text = "\n".join(ENTRIES)
    path = tmp_path / "list.bib"
    path.write_text(text[: text.index("Wei},")], encoding="utf-8")
    result = read_file(path)
    assert len(result.records) == 2
    (message,) = [problem.message for problem in result.problems]
    assert message == (
        "the entry at line 15, key ma2022: the file ends inside it; skipped it "
        "(is the file cut short?)"
    )


def test_the_last_entry_without_its_closing_brace_is_read_and_said(tmp_path: Path) -> None:
    # the file ends after the last entry's last field: only its "}" is missing, and the
    # entry was skipped as if the file were cut short inside it
    whole = SLICE.read_text(encoding="utf-8")
    assert whole.endswith("\tvideo = {https://youtu.be/YExYsYIsG_Y}\n}\n")
    path = tmp_path / "collas.bib"
    path.write_text(whole[: -len("}\n")], encoding="utf-8")
    result = read_file(path)
    intact = read_file(SLICE)
    assert [
        (r.source_id, r.title, r.abstract, r.authors, r.pages, r.venue) for r in result.records
    ] == [(r.source_id, r.title, r.abstract, r.authors, r.pages, r.venue) for r in intact.records]
    (message,) = [problem.message for problem in result.problems]
    assert message == (
        "the last entry, kearney2022 at line 35, has no closing brace; read as it is, "
        "check the end of the file (is the file cut short?)"
    )


#: the last two entries of a Zotero BibLaTeX export, which writes a comma after every
#: field, the last one too
ZOTERO_LAST = Path(__file__).parent / "fixtures" / "damaged" / "zotero_biblatex_last2.bib"


def test_the_last_entry_without_its_brace_after_a_trailing_comma_is_read(
    tmp_path: Path,
) -> None:
    # the file lost its last byte, the "}" after "date = {2024},": the paper is whole
    whole = ZOTERO_LAST.read_text(encoding="utf-8")
    assert whole.endswith("\tdate = {2024},\n}\n")
    path = tmp_path / "zotero.bib"
    path.write_text(whole[: -len("}\n")], encoding="utf-8")
    result = read_file(path)
    intact = read_file(ZOTERO_LAST)
    assert len(intact.records) == 2
    assert [
        (r.source_id, r.title, r.abstract, r.authors, r.year, r.venue) for r in result.records
    ] == [(r.source_id, r.title, r.abstract, r.authors, r.year, r.venue) for r in intact.records]
    (message,) = [problem.message for problem in result.problems]
    assert message == (
        "the last entry, serifi_vmp_2024 at line 16, has no closing brace; read as it is, "
        "check the end of the file (is the file cut short?)"
    )


def test_the_last_entry_cut_after_its_key_is_still_skipped(tmp_path: Path) -> None:
    # no field of it was written yet: there is nothing to read it by
    whole = ZOTERO_LAST.read_text(encoding="utf-8")
    path = tmp_path / "zotero.bib"
    key = "@inproceedings{serifi_vmp_2024,"
    path.write_text(whole[: whole.index(key) + len(key)] + "\n", encoding="utf-8")
    result = read_file(path)
    assert [r.source_id for r in result.records] == ["chen_variational_2021"]
    (message,) = [problem.message for problem in result.problems]
    assert message == (
        "the entry at line 16, key serifi_vmp_2024: the file ends inside it; skipped it "
        "(is the file cut short?)"
    )


@pytest.mark.parametrize(
    "end",
    [
        "\tdate = {2024",  # inside a braced value
        '\tdate = "2024',  # inside a quoted value
        "\tdate = ",  # after a field's "=", its value still to come
        "\tdate = {2024} #",  # after a "#", the rest of the value to come
        "\tda",  # inside a field's name
    ],
)
def test_the_last_entry_cut_inside_a_field_is_still_skipped(tmp_path: Path, end: str) -> None:
    whole = ZOTERO_LAST.read_text(encoding="utf-8")
    path = tmp_path / "zotero.bib"
    path.write_text(whole[: whole.index("\tdate = {2024},\n}")] + end, encoding="utf-8")
    result = read_file(path)
    assert [r.source_id for r in result.records] == ["chen_variational_2021"]
    (message,) = [problem.message for problem in result.problems]
    assert message == (
        "the entry at line 16, key serifi_vmp_2024: the file ends inside it; skipped it "
        "(is the file cut short?)"
    )


def test_the_last_entry_ended_inside_a_value_is_still_skipped(tmp_path: Path) -> None:
    whole = SLICE.read_text(encoding="utf-8")
    path = tmp_path / "collas.bib"
    path.write_text(whole[: whole.index("youtu.be/YExYsYIsG_Y")], encoding="utf-8")
    result = read_file(path)
    assert [r.source_id for r in result.records] == ["rahman2022", "lechner2022"]
    (message,) = [problem.message for problem in result.problems]
    assert message == (
        "the entry at line 35, key kearney2022: the file ends inside it; skipped it "
        "(is the file cut short?)"
    )


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        # a brace left out at the end of the first entry
        (
            "  year = {2022}\n}\n",
            "  year = {2022}\n",
            (
                "does not close before the next entry (a “}” left out, or a “{” too many); "
                "read it up to there"
            ),
        ),
        # the same after a comma, as a last field's comma kept
        (
            "  year = {2022}\n}\n",
            "  year = {2022},\n",
            (
                "does not close before the next entry (a “}” left out, or a “{” too many); "
                "read it up to there"
            ),
        ),
        # the brace of a value left out: the value runs on into the fields after it
        (
            "Continual Learning},",
            "Continual Learning,",
            "has a “{” not closed in its title field; read that field up to the next one",
        ),
        # a brace too many opened in a value
        (
            "{Energy-Based Models",
            "{Energy-Based {Models",
            "has a “{” not closed in its title field; read that field up to the next one",
        ),
        # a brace too many closed in a value, with more text after it
        (
            "{Li, Shuang",
            "{Li, Sh}uang",
            "has one “}” too many in its author field; read the entry without it",
        ),
        # the same before a comma in the value, where no field follows
        (
            "{Li, Shuang",
            "{Li}, Shuang",
            "has one “}” too many in its author field; read the entry without it",
        ),
        # the "=" after a field's name left out
        (
            "pages = {1-22}",
            "pages {1-22}",
            "has no = between its pages field's name and its value; read it",
        ),
        # the comma after the key left out
        ("@InProceedings{li2022,", "@InProceedings{li2022", "has no comma after its key; read it"),
        # two commas between fields
        (
            "  pages = {1-22},\n",
            "  pages = {1-22},,\n",
            "has two commas between two of its fields; read them as one",
        ),
    ],
)
def test_a_brace_or_comma_amiss_is_mended_and_said(
    tmp_path: Path, old: str, new: str, said: str
) -> None:
    first = ENTRIES[0].replace(old, new, 1)
    assert first != ENTRIES[0]
    path = tmp_path / "list.bib"
    path.write_text("\n".join([first, *ENTRIES[1:]]), encoding="utf-8")
    result = read_file(path)
    li, collins, ma = result.records
    assert li.title == "Energy-Based Models for Continual Learning"
    assert (li.pages, li.year) == ("1-22", 2022)
    assert li.authors == ("Shuang Li", "Yilun Du")
    assert (collins.source_id, ma.source_id) == ("collins2022", "ma2022")
    (message,) = [problem.message for problem in result.problems]
    assert message == f"the entry at line 1, key li2022, {said}, check that entry"


def _paper(key: str) -> str:
    return (
        f"@InProceedings{{{key},\n"
        f"  title = {{A Study Named {key}}},\n"
        "  author = {Li, Shuang and Du, Yilun},\n"
        "  year = {2022}\n"
        "}\n"
    )


def test_entries_damaged_alike_beyond_a_handful_are_said_in_one_warning(
    tmp_path: Path,
) -> None:
    # seven entries with a quote left open, two with two commas, and a whole one: one
    # warning for each entry made hundreds of lines for a badly damaged file
    open_quote = [f"open{number}" for number in range(7)]
    two_commas = ["commas0", "commas1"]
    text = "\n".join(
        [
            *(_paper(key).replace("title = {", 'title = "') for key in open_quote),
            *(_paper(key).replace("},\n  author", "},,\n  author") for key in two_commas),
            _paper("whole"),
        ]
    )
    path = tmp_path / "list.bib"
    path.write_text(text, encoding="utf-8")
    result = read_file(path)
    assert [record.source_id for record in result.records] == [*two_commas, "whole"]
    messages = [problem.message for problem in result.problems]
    assert len(messages) == 3 + 1 + 2
    quote = (
        "a value in quotes is not closed before the next entry at line {next} starts "
        '(a " left out, or one too many inside it?); skipped it'
    )
    assert messages[:3] == [
        f"the entry at line {1 + 6 * number}, key open{number}: "
        + quote.format(next=7 + 6 * number)
        for number in range(3)
    ]
    # the others named, each by its key and line, so each can be found and mended
    assert messages[3] == (
        "and 4 more entries with a value in quotes not closed before the next entry "
        '(a " left out, or one too many inside it?); skipped them: open3 (line 19), '
        "open4 (line 25), open5 (line 31), open6 (line 37)"
    )
    assert messages[4:] == [
        f"the entry at line {43 + 6 * number}, key commas{number}, has two commas between "
        "two of its fields; read them as one, check that entry"
        for number in range(2)
    ]
