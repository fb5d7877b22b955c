"""JSON pasted into a .bib file, a line or two of it between the entries or after them
(an object copied from a list in JSON): no paper is made of the BibTeX in its strings,
and the warning says which lines were skipped and which entries were read."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.readers import read_file

FIRST = """@inproceedings{lee2022first,
  title = {A First Paper},
  author = {Lee, Ann},
  booktitle = {Proceedings of Lifelong Agents},
  year = {2022}
}"""
SECOND = """@inproceedings{roe2022second,
  title = {A Second Paper},
  author = {Roe, Rita},
  booktitle = {Proceedings of Lifelong Agents},
  year = {2022}
}"""
OBJECT = (
    '{"title": "JSON pasted paper", "abstract": "An abstract of json '
    '@inproceedings{x, title={inner}} pasted.", "authors": ["A B"]}'
)
ARRAY = '[{"id":"1","title":"Another"}]'


def _read(path: Path, text: str) -> tuple[list[str], list[str]]:
    path.write_text(text, encoding="utf-8")
    result = read_file(path)
    return (
        [record.title for record in result.records],
        [problem.message for problem in result.problems],
    )


def test_json_pasted_between_and_after_the_entries_makes_no_paper(tmp_path: Path) -> None:
    titles, messages = _read(
        tmp_path / "mixed.bib", f"{FIRST}\n\n{OBJECT}\n{ARRAY}\n\n{SECOND}\n{OBJECT}\n{ARRAY}\n"
    )
    assert titles == ["A First Paper", "A Second Paper"]
    assert messages == [
        (
            "lines 8–9 are not BibTeX (they look like JSON); skipped them and read the entries "
            "before and after them"
        ),
        (
            "from line 17 the file is not BibTeX (it looks like JSON); read the entries "
            "before it (a list in JSON is read from a file of its own)"
        ),
    ]


def test_one_line_of_json_between_the_entries_is_said_by_its_line(tmp_path: Path) -> None:
    titles, messages = _read(tmp_path / "mixed.bib", f"{FIRST}\n{OBJECT}\n{SECOND}\n")
    assert titles == ["A First Paper", "A Second Paper"]
    assert messages == [
        (
            "line 7 is not BibTeX (it looks like JSON); skipped it and read the entries before "
            "and after it"
        )
    ]


def test_json_before_the_entries_is_said_with_the_entries_after_it(tmp_path: Path) -> None:
    # a file whose name says BibTeX, JSON after a comment line, then its entries
    titles, messages = _read(
        tmp_path / "mixed.bib", f"% pasted\n{OBJECT}\n{ARRAY}\n\n{FIRST}\n\n{SECOND}\n"
    )
    assert titles == ["A First Paper", "A Second Paper"]
    assert messages == [
        (
            "lines 2–3 are not BibTeX (they look like JSON); skipped them and read the entries "
            "after them"
        )
    ]


def test_json_in_an_abstract_stays_the_abstract(tmp_path: Path) -> None:
    text = (
        "@misc{kim2024,\n  title = {Configs},\n  author = {Kim, Ann},\n"
        '  abstract = {We set\n{"a": 1}\nas the config.}\n}\n\n'
        "@misc{lee2024,\n  title = {Other},\n  author = {Lee, Bo},\n"
        '  abstract = {Set {"a": 1} here.}\n}\n'
    )
    path = tmp_path / "one.bib"
    path.write_text(text, encoding="utf-8")
    result = read_file(path)
    assert result.problems == ()
    assert [record.abstract for record in result.records] == [
        'We set "a": 1 as the config.',
        'Set "a": 1 here.',
    ]


def test_broken_json_between_the_entries_leaves_the_entries_after_it(tmp_path: Path) -> None:
    # a list in JSON across many lines that no decoder reads (a comma too many, a value
    # left out): its lines up to the next entry are skipped, not the rest of the file
    papers = [
        f'  {{\n    "title": "Paper {number}",\n    "bibtex": "@inproceedings{{\\nk{number},'
        f'\\ntitle={{Paper {number}}}\\n}}",\n    "year": ,\n  }},'
        for number in range(20)
    ]
    broken = "[\n" + "\n".join(papers) + "\n]"
    titles, messages = _read(tmp_path / "mixed.bib", f"{FIRST}\n\n{broken}\n\n{SECOND}\n")
    assert titles == ["A First Paper", "A Second Paper"]
    assert messages == [
        (
            "lines 8–109 are not BibTeX (they look like JSON); skipped them and read the "
            "entries before and after them"
        )
    ]


def test_json_at_the_start_of_a_bib_file_leaves_its_entries_read(tmp_path: Path) -> None:
    # the file opens as JSON, which took it for a list in JSON cut short, its entries lost
    titles, messages = _read(tmp_path / "mixed.bib", f"{OBJECT}\n{ARRAY}\n\n{FIRST}\n\n{SECOND}\n")
    assert titles == ["A First Paper", "A Second Paper"]
    assert messages == [
        (
            "lines 1–2 are not BibTeX (they look like JSON); skipped them and read the entries "
            "after them"
        )
    ]


def test_a_bib_file_holding_only_json_is_read_as_json(tmp_path: Path) -> None:
    titles, messages = _read(tmp_path / "papers.bib", f"[{OBJECT}]\n")
    assert titles == ["JSON pasted paper"]
    assert messages == []


def test_a_list_of_strings_pasted_between_the_entries_makes_no_paper(tmp_path: Path) -> None:
    titles, messages = _read(
        tmp_path / "mixed.bib",
        f'{FIRST}\n["@inproceedings{{x, title={{inner}}}}", "more"]\n{SECOND}\n',
    )
    assert titles == ["A First Paper", "A Second Paper"]
    assert messages == [
        (
            "line 7 is not BibTeX (it looks like JSON); skipped it and read the entries before "
            "and after it"
        )
    ]


def test_a_number_or_an_empty_list_between_the_entries_is_no_json(tmp_path: Path) -> None:
    # "[1]" alone may be a note between the entries, which BibTeX leaves out without a word
    titles, messages = _read(tmp_path / "notes.bib", f"{FIRST}\n[1]\n{{}}\n\n{SECOND}\n")
    assert titles == ["A First Paper", "A Second Paper"]
    assert messages == []


def test_json_pasted_between_two_fields_of_an_entry_makes_no_paper(tmp_path: Path) -> None:
    inside = FIRST.replace("  author", f"{OBJECT}\n  author")
    titles, messages = _read(tmp_path / "mixed.bib", f"{inside}\n\n{SECOND}\n")
    assert titles == ["A First Paper", "A Second Paper"]
    assert messages == [
        (
            "line 3 is not BibTeX (JSON pasted between two fields of the entry at line 1); "
            "skipped it and read that entry without it"
        )
    ]
    result = read_file(tmp_path / "mixed.bib")
    assert result.records[0].authors == ("Ann Lee",)


def test_json_in_a_quoted_abstract_after_a_comma_stays_the_abstract(tmp_path: Path) -> None:
    text = (
        '@misc{kim2024,\n  title = {Configs},\n  author = {Kim, Ann},\n  abstract = "We set,\n'
        '{"a": 1, "b": [2]}\nas the config."\n}\n'
    )
    path = tmp_path / "one.bib"
    path.write_text(text, encoding="utf-8")
    result = read_file(path)
    assert result.problems == ()
    [record] = result.records
    assert "We set," in record.abstract and "as the config." in record.abstract
    assert '"a": 1' in record.abstract
