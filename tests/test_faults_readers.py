"""Hostile and damaged input for the readers: bad bytes cost a line, not a file.

Invalid UTF-8 inside a UTF-8 file is replaced where it occurs and reported by line; the
legacy-encoding guess is only for files that are not UTF-8 at all; lone surrogates are
replaced; control characters are data; one bad record never takes its list down; BibTeX
``#`` concatenation and a stray ``}`` are handled.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.formats import jsonfile
from tuireader.ingest.library import load_library, paper_id
from tuireader.ingest.readers import ReadError, ReadResult, Record, decode, read_file

FIXTURES = Path(__file__).parent / "fixtures" / "readers"
SAMPLE = FIXTURES / "icml2024_sample.jsonl"
BAD = b"\xff\xfe\xc3"  # not UTF-8 in any position


def write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def damage(data: bytes, line: int, after: bytes) -> bytes:
    """``data`` with ``BAD`` inserted on line ``line`` (1-based) after ``after``."""
    lines = data.split(b"\n")
    target = lines[line - 1]
    at = target.index(after) + len(after)
    lines[line - 1] = target[:at] + BAD + target[at:]
    return b"\n".join(lines)


def warnings(result: ReadResult) -> list[str]:
    return [problem.message for problem in result.problems if problem.severity == "warning"]


def all_text(record: Record) -> str:
    parts = [record.title or "", record.abstract, record.venue or "", record.url or ""]
    return " ".join([*parts, *record.authors, *record.code_urls, record.doi or ""])


# --------------------------------------------------------------------------- bad bytes


def test_three_bad_bytes_cost_one_field_not_the_file(tmp_path: Path) -> None:
    clean = read_file(SAMPLE)
    data = damage(SAMPLE.read_bytes(), 3, b'"url": "https://proceedings')
    result = read_file(write(tmp_path, "icml.jsonl", data))
    assert len(result.records) == len(clean.records) == 5
    for number, (before, after) in enumerate(zip(clean.records, result.records), start=1):
        if number == 3:
            assert after.url is not None and "\ufffd" in after.url
            assert (after.title, after.abstract, after.authors) == (
                before.title,
                before.abstract,
                before.authors,
            )
        else:
            assert after == before  # "Bläser" on line 4 stays "Bläser"
    (message,) = warnings(result)
    assert message == "line 3 had bytes that are not UTF-8; replaced them with \ufffd"


def test_bad_bytes_in_one_abstract_change_only_that_papers_abstract(tmp_path: Path) -> None:
    # A paper with a title is known by its title and authors, so a damaged abstract
    # keeps its id (and its triage marks); only that abstract shows the damage.
    data = damage(SAMPLE.read_bytes(), 2, b'"abstract": "')
    clean = load_library([SAMPLE])
    damaged = load_library([write(tmp_path, "icml.jsonl", data)])
    before = {paper.id: paper for paper in clean.papers}
    after = {paper.id: paper for paper in damaged.papers}
    assert len(after) == 5
    assert set(before) == set(after)
    changed = [key for key, paper in after.items() if paper.abstract != before[key].abstract]
    assert len(changed) == 1
    assert "\ufffd" in after[changed[0]].abstract
    for paper_id_, paper in after.items():
        assert (paper.title, paper.authors) == (before[paper_id_].title, before[paper_id_].authors)
    assert any("line 2 had bytes that are not UTF-8" in p.message for p in damaged.problems)


def test_bad_bytes_between_json_tokens_keep_the_record(tmp_path: Path) -> None:
    records = [{"title": "Müller’s first", "abstract": "Über alles."}, {"title": "Second"}]
    text = "\n".join(json.dumps(record, ensure_ascii=False) for record in records)
    data = damage(text.encode(), 1, b'first",')
    result = read_file(write(tmp_path, "list.jsonl", data))
    assert [record.title for record in result.records] == ["Müller’s first", "Second"]
    assert result.records[0].abstract == "Über alles."
    assert warnings(result) == ["line 1 had bytes that are not UTF-8; replaced them with \ufffd"]


@pytest.mark.parametrize("after", [b"\\", b"\\u00"])
def test_bad_bytes_inside_a_json_escape_keep_the_record(tmp_path: Path, after: bytes) -> None:
    first = json.dumps({"title": "Ünïcode", "abstract": "x"})  # "\u00dcn\u00efcode"
    second = json.dumps({"title": "Müller’s second"}, ensure_ascii=False)
    data = damage(f"{first}\n{second}".encode(), 1, after)
    result = read_file(write(tmp_path, "list.jsonl", data))
    assert [record.title for record in result.records] == ["Ünïcode", "Müller’s second"]
    assert warnings(result) == ["line 1 had bytes that are not UTF-8; replaced them with \ufffd"]


def test_bad_bytes_in_a_json_array_between_tokens(tmp_path: Path) -> None:
    text = json.dumps([{"title": "Ça marche", "abstract": "Déjà vu."}], ensure_ascii=False)
    data = text.encode().replace(b"[", b"[" + BAD, 1)
    result = read_file(write(tmp_path, "list.json", data))
    assert [record.title for record in result.records] == ["Ça marche"]


def test_bad_bytes_on_many_lines_are_reported_in_one_capped_message(tmp_path: Path) -> None:
    lines = [
        json.dumps({"title": f"Paper {n}", "abstract": f"Über {n}."}, ensure_ascii=False)
        for n in range(1, 41)
    ]
    data = "\n".join(lines).encode()
    for line in (3, 9, 12, 20, 21, 30, 40):
        data = damage(data, line, b"Paper")
    result = read_file(write(tmp_path, "many.jsonl", data))
    assert len(result.records) == 40
    (message,) = warnings(result)
    assert message == (
        "7 lines had bytes that are not UTF-8 (lines 3, 9, 12, 20, 21 and 2 more); "
        "replaced them with \ufffd"
    )


def test_a_stray_cp1252_quote_in_a_utf8_text_list(tmp_path: Path) -> None:
    text = "Liste résumée\n\nUn modèle très élégant.\n\nA stray quote \x92 here.\n\nNaïve café."
    data = text.encode().replace("\x92".encode(), b"\x92")
    result = read_file(write(tmp_path, "list.txt", data))
    assert result.name == "Liste résumée"
    assert [record.abstract for record in result.records] == [
        "Un modèle très élégant.",
        "A stray quote \ufffd here.",
        "Naïve café.",
    ]
    assert warnings(result) == ["line 5 had bytes that are not UTF-8; replaced them with \ufffd"]


def test_a_bom_file_with_bad_bytes_keeps_its_line_numbers(tmp_path: Path) -> None:
    data = "\ufeffNamé\n\nOne é.\n\nTwo.".encode().replace(b"Two", b"T\xffwo")
    result = read_file(write(tmp_path, "list.txt", data))
    assert result.name == "Namé"
    assert [record.abstract for record in result.records] == ["One é.", "T\ufffdwo."]
    assert warnings(result) == ["line 5 had bytes that are not UTF-8; replaced them with \ufffd"]


GB_TEXT = (
    "ICML 2024 论文列表\n\n深度学习在计算机视觉、自然语言处理和语音识别等领域取得了巨大的成功。"
    "然而，深度神经网络的训练需要大量的标注数据。\n\n我们研究了鲁棒的学习方法。\n\nAn English abstract."
)


@pytest.mark.parametrize(
    ("text", "encoding"),
    [
        ("Liste résumée\n\nWe study “robust” methods — they work. Naïve café, Müller.", "cp1252"),
        ('{"title": "Über “robust” methods", "authors": ["José Núñez"]}\n', "cp1252"),
        ("Caf\u00e9 list\n\nUn mod\u00e8le tr\u00e8s \u00e9l\u00e9gant \u00a9 2024.", "latin-1"),
        (GB_TEXT, "gb18030"),
    ],
)
def test_files_that_are_not_utf8_at_all_are_still_guessed(text: str, encoding: str) -> None:
    data = text.encode(encoding)
    decoded = decode(data, Path("legacy.txt"))
    assert decoded.text == text
    assert decoded.problems == ()
    assert decoded.encoding in {encoding, "cp1252"}  # Latin-1 text is also Windows-1252


def test_gb18030_with_chance_utf8_sequences_is_still_chinese() -> None:
    data = GB_TEXT.encode("gb18030")
    lenient = data.decode("utf-8", errors="replace")
    # the trap: some GB18030 byte pairs are valid UTF-8 characters
    assert any(ord(char) > 127 and char != "\ufffd" for char in lenient)
    assert decode(data, Path("gb.txt")).encoding == "gb18030"


def test_utf8_and_utf16_and_utf32_with_bom() -> None:
    text = "Name\n\nOne “é”."
    for encoding in ("utf-16", "utf-32"):
        decoded = decode(text.encode(encoding), Path("wide.txt"))
        assert (decoded.text, decoded.problems) == (text, ())


def test_utf16_without_a_bom_is_read_and_binary_data_still_refused() -> None:
    # "this looks like a binary file" for a list a Windows tool saved as UTF-16
    text = "title,abstract\nÉtude of graphs,We study “graphs”.\n"
    for encoding in ("utf-16-le", "utf-16-be"):
        decoded = decode(text.encode(encoding), Path("wide.csv"))
        assert (decoded.text, decoded.encoding) == (text, encoding)
    noise = bytes((i * 37 + 11) % 256 for i in range(4000)) + b"\x00" * 9
    with pytest.raises(ReadError, match="binary"):
        decode(noise, Path("noise.txt"))
    with pytest.raises(ReadError, match="binary"):
        decode(b"\x00\x01\x00\x02" * 100, Path("ints.bin"))


# --------------------------------------------------------------------------- surrogates


def test_lone_surrogates_are_replaced_in_every_field(tmp_path: Path) -> None:
    line = (
        '{"title": "Lone \\ud800 title", "abstract": "lone \\udfff abstract", '
        '"authors": ["Ann \\udc00 Lee", {"given": "Bo\\ud801", "family": "Ng"}], '
        '"venue": "V\\ud800", "url": "https://x.org/\\ud800", "doi": "10.1/\\udc01", '
        '"code_urls": ["https://github.com/a/\\ud800"], "year": 2024}\n'
        '{"title": "Pair \\ud83d\\ude00 kept", "abstract": "Fine."}\n'
    )
    result = read_file(write(tmp_path, "sur.jsonl", line.encode()))
    first, second = result.records
    text = all_text(first)
    text.encode("utf-8")  # no lone surrogate left anywhere
    assert first.title == "Lone \ufffd title"
    assert first.abstract == "lone \ufffd abstract"
    assert first.authors == ("Ann \ufffd Lee", "Bo\ufffd Ng")
    assert text.count("\ufffd") == 8
    assert second.title == "Pair 😀 kept"


def test_a_lone_surrogate_in_a_json_array(tmp_path: Path) -> None:
    data = b'{"papers": [{"title": "T\\ud800", "abstract": "A"}], "name": "N\\udc00"}'
    result = read_file(write(tmp_path, "a.json", data))
    assert result.name == "N\ufffd"
    assert result.records[0].title == "T\ufffd"


def test_a_lone_surrogate_never_empties_the_library(tmp_path: Path) -> None:
    bad = write(tmp_path, "bad.jsonl", b'{"title": "x", "abstract": "lone \\ud800"}\n')
    library = load_library([SAMPLE, bad])
    assert len(library.lists) == 2
    assert len(library.papers) == 6
    for paper in library.papers:
        (paper.title + paper.abstract + " ".join(paper.authors)).encode("utf-8")
    assert not [p for p in library.problems if p.severity == "error"]


def test_paper_ids_never_raise_on_a_lone_surrogate() -> None:
    assert len(paper_id("lone \ud800")) == 8


def test_one_record_that_cannot_be_read_is_skipped_with_its_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = jsonfile.record_from_mapping

    def fragile(data: dict) -> Record | None:
        if data.get("title") == "Poison":
            raise TypeError("unexpected value")
        return real(data)

    monkeypatch.setattr(jsonfile, "record_from_mapping", fragile)
    lines = [{"title": "One"}, {"title": "Poison"}, {"title": "Three"}]
    data = "\n".join(json.dumps(line) for line in lines).encode()
    result = read_file(write(tmp_path, "list.jsonl", data))
    assert [record.title for record in result.records] == ["One", "Three"]
    (message,) = warnings(result)
    assert message.startswith("skipped line 2: the record could not be read")


# --------------------------------------------------------------------------- controls and binary

HOSTILE = "We \x1b]52;c;dG91Y2ggUFdORUQK\x07 paste \x1b[2J\x1b[H and \x9b31m run."


def test_escape_sequences_in_a_short_text_list_are_data(tmp_path: Path) -> None:
    text = f"Hostile\n\n{HOSTILE}\n\nA second, harmless abstract."
    result = read_file(write(tmp_path, "hostile.txt", text.encode()))
    assert [record.abstract for record in result.records] == [
        HOSTILE,
        "A second, harmless abstract.",
    ]


def test_escape_sequences_in_a_short_jsonl_list_are_data(tmp_path: Path) -> None:
    lines = [{"title": "\x1b[2J", "abstract": HOSTILE}, {"title": "B", "abstract": "Plain."}]
    text = "\n".join(json.dumps(line, ensure_ascii=False) for line in lines)
    # raw control characters inside JSON strings, as a careless exporter writes them
    text = text.replace("\\u001b", "\x1b").replace("\\u0007", "\x07")
    assert "\x1b" in text
    result = read_file(write(tmp_path, "hostile.jsonl", text.encode()))
    assert [record.abstract for record in result.records] == [HOSTILE, "Plain."]


@pytest.mark.parametrize(
    ("head", "what"),
    [
        (b"%PDF-1.7\n", "PDF"),
        (b"PK\x03\x04\x14\x00", "ZIP"),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "Word/Excel"),
        (b"\x1f\x8b\x08", "gzip"),
        (b"BZh91AY&SY", "bzip2"),
        (b"\x89PNG\r\n\x1a\n", "PNG"),
        (b"\xff\xd8\xff\xe0", "JPEG"),
        (b"GIF89a", "GIF"),
        (b"SQLite format 3", "SQLite"),
        (b"\x7fELF\x02\x01\x01", "ELF"),
        (b"7z\xbc\xaf\x27\x1c", "7-Zip"),
        (b"Rar!\x1a\x07\x01", "RAR"),
    ],
)
def test_known_binary_signatures_are_refused(tmp_path: Path, head: bytes, what: str) -> None:
    result = read_file(write(tmp_path, "paper.txt", head + b"some text\n" * 20))
    (problem,) = result.problems
    assert result.records == ()
    assert problem.severity == "error"
    assert what in problem.message and "not a text list of papers" in problem.message


def test_a_list_starting_with_bzh_is_text(tmp_path: Path) -> None:
    result = read_file(write(tmp_path, "l.txt", b"BZh lab papers\n\nOne abstract."))
    assert result.name == "BZh lab papers"


def test_a_few_nul_bytes_are_damage_and_many_are_binary(tmp_path: Path) -> None:
    result = read_file(write(tmp_path, "n.jsonl", b'{"title": "x"}\n\x00\x00\x00\n'))
    assert [record.title for record in result.records] == ["x"]
    assert warnings(result) == ["line 2 had 3 zero bytes (NUL); took them out"]
    spread = b'{"title": "x"}\n' + b"".join(b"%d\x00\n" % n for n in range(5, 15))
    result = read_file(write(tmp_path, "b.jsonl", spread))
    assert "looks like a binary file" in result.problems[0].message


# --------------------------------------------------------------------------- BibTeX


def test_a_json_array_cut_short_keeps_the_records_before_the_break(tmp_path: Path) -> None:
    # a download stopped half way: every paper was lost to "is not valid JSON"
    items = [
        {"title": f"Paper {n}", "abstract": f"Abstract {n} " * 20, "author": "A. B."}
        for n in range(10)
    ]
    whole = json.dumps(items, indent=4)
    cut = whole[: whole.index('"Paper 7"') + 4]
    result = read_file(write(tmp_path, "cut.json", cut.encode()))
    assert [record.title for record in result.records] == [f"Paper {n}" for n in range(7)]
    (problem,) = result.problems
    assert problem.severity == "warning"
    assert "is not valid JSON from line" in problem.message
    assert "read the 7 records before it (is the file cut short?)" in problem.message
    library = load_library([tmp_path / "cut.json"])
    assert len(library) == 7
    # nothing whole before the break: nothing to keep, said as before
    result = read_file(write(tmp_path, "none.json", b'[{"title": "A", "abstract": "b"'))
    assert not result.records and "is not valid JSON (" in result.problems[-1].message


@pytest.mark.parametrize(
    "shape",
    [
        lambda items: {"name": "A list", "papers": items},
        lambda items: [{"venue": "NIPS.cc", "year": 2018, "submissions": items}],  # a crawl
    ],
    ids=["papers-object", "crawl"],
)
def test_json_cut_short_inside_its_list_of_papers_is_said_to_be_cut_short(tmp_path, shape) -> None:
    # a crawl's output cut short read nothing and was only "not valid JSON (Unterminated
    # string …)", where every other format asks whether the file is cut short
    items = [{"title": f"Paper {n}", "abstract": f"Abstract {n} " * 20} for n in range(10)]
    whole = json.dumps(shape(items), indent=3)
    cut = whole[: whole.index('"Paper 7"') + 4]
    result = read_file(write(tmp_path, "cut.json", cut.encode()))
    problem = result.problems[0]
    assert "is not valid JSON from line" in problem.message
    assert problem.message.endswith("read the 7 records before it (is the file cut short?)")
    # the papers before the break are kept, where the whole file was lost
    assert [r.title for r in result.records] == [f"Paper {n}" for n in range(7)]
    # a mistake inside such a file is not put down to a file cut short
    broken = whole.replace('"Paper 7",', '"Paper 7"', 1)
    result = read_file(write(tmp_path, "broken.json", broken.encode()))
    assert "cut short" not in result.problems[-1].message


@pytest.mark.parametrize(
    "broken",
    [
        '[{"title": "Paper 0"}, {"title": "Paper 1"} {"title": "Paper 2"}]',  # a comma out
        '[{"title": "Paper 0"}, {"title": "Paper 1"},\n]',  # a comma too many
    ],
    ids=["missing-comma", "trailing-comma"],
)
def test_a_json_array_broken_inside_is_not_said_to_be_cut_short(tmp_path, broken) -> None:
    # a mistake inside the file was put down to a file cut short, as a write under way
    result = read_file(write(tmp_path, "broken.json", broken.encode()))
    (problem,) = result.problems
    if "Paper 2" in broken:  # read on past the comma left out
        assert [record.title for record in result.records] == ["Paper 0", "Paper 1", "Paper 2"]
        assert "a comma is left out at line 1" in problem.message
    else:
        assert [record.title for record in result.records] == ["Paper 0", "Paper 1"]
        assert "read the 2 records before it" in problem.message
    assert "cut short" not in problem.message
    for cut in ('[{"title": "Paper 0"}, {"title": "Pa', '[{"title": "Paper 0"}, {"ti'):
        result = read_file(write(tmp_path, "cut.json", cut.encode()))
        assert result.problems[0].message.endswith("(is the file cut short?)"), cut


def test_a_json_array_cut_short_is_read_in_one_pass() -> None:
    # each element took a copy of the rest of the text: 18 s for a 16 MB list cut short
    from tuireader.ingest.formats.jsonfile import _array_prefix

    class Counted(str):
        copied = 0

        def __getitem__(self, key):  # type: ignore[no-untyped-def]
            part = str.__getitem__(self, key)
            Counted.copied += len(part)
            return part

    items = [{"title": f"Paper {n}", "abstract": "Words. " * 20} for n in range(400)]
    whole = json.dumps(items, indent=1)
    text = Counted(whole[: whole.index('"Paper 399"')])
    found = _array_prefix(text)
    assert found is not None and len(found[0]) == 399
    assert Counted.copied <= len(text)


def test_a_json_lines_file_cut_short_says_so_and_a_broken_line_inside_does_not(
    tmp_path: Path,
) -> None:
    lines = [json.dumps({"title": f"Paper {n}", "abstract": "Words."}) for n in range(3)]
    cut = "\n".join(lines)[:-10]  # the last line breaks off, with no line end
    result = read_file(write(tmp_path, "cut.jsonl", cut.encode()))
    assert [record.title for record in result.records] == ["Paper 0", "Paper 1"]
    (problem,) = result.problems
    assert problem.message.endswith("skipped it (is the file cut short?)")
    inside = "\n".join([lines[0], "broken", lines[1]]) + "\n"
    result = read_file(write(tmp_path, "inside.jsonl", inside.encode()))
    (problem,) = result.problems
    assert "line 2 is not valid JSON" in problem.message and "cut short" not in problem.message


def test_a_json_line_cut_short_says_what_json_found_and_where_whole(tmp_path: Path) -> None:
    # said "line 20 is not valid JSON (Unterminated string starting at)": json's message
    # ends where it names the place, given apart from it
    lines = [json.dumps({"title": f"Paper {n}", "abstract": "Words."}) for n in range(3)]
    cut = "\n".join(lines)[:-5]  # '{"title": "Paper 2", "abstract": "Wor'
    for name in ("cut.jsonl", "cut.json"):  # a .json file of one object a line too
        (problem,) = read_file(write(tmp_path, name, cut.encode())).problems
        assert problem.message == (
            "line 3 (“Paper 2”) is not valid JSON (Unterminated string starting at column "
            "34); skipped it (is the file cut short?)"
        )
    inside = "\n".join([lines[0], '{"title": "x",, "abstract": "y"}', lines[1]]) + "\n"
    (problem,) = read_file(write(tmp_path, "inside.jsonl", inside.encode())).problems
    assert problem.message == (
        "line 2 (“x”) is not valid JSON (Expecting property name enclosed in double quotes "
        "at column 15); skipped it"
    )


def test_a_bibtex_file_cut_short_says_so(tmp_path: Path) -> None:
    text = "".join(
        f"@inproceedings{{p{n},\n  title = {{Paper {n}}},\n  abstract = {{Words {n}.}}\n}}\n\n"
        for n in range(3)
    )
    result = read_file(write(tmp_path, "cut.bib", text[:-20].encode()))
    assert [record.title for record in result.records] == ["Paper 0", "Paper 1"]
    (problem,) = result.problems
    assert "key p2" in problem.message and problem.message.endswith("(is the file cut short?)")


ZOTERO_CSV = FIXTURES / "zotero_export.csv"  # its last line has no line end, as exported


def test_a_csv_file_cut_short_keeps_the_rows_before_the_break_and_says_so(tmp_path) -> None:
    # the row broken off was read as a paper (an abstract cut mid-sentence, no year)
    whole = ZOTERO_CSV.read_text(encoding="utf-8")
    titles = [record.title for record in read_file(ZOTERO_CSV).records]
    assert len(titles) == 4
    inside = whole[: whole.index("with a parameter that influences")]  # a quoted abstract
    result = read_file(write(tmp_path, "cut.csv", inside.encode()))
    assert [record.title for record in result.records] == titles[:3]
    (problem,) = result.problems
    assert problem.severity == "warning"
    assert problem.message == (
        "the last row (line 7) breaks off inside a quoted cell; skipped it (is the file cut short?)"
    )
    between = whole[: whole.index(',"Dilkas, Paulius"')]  # between two cells of the row
    result = read_file(write(tmp_path, "cut.csv", between.encode()))
    assert [record.title for record in result.records] == titles[:3]
    (problem,) = result.problems
    assert "(line 7) breaks off after 3 of its 16 cells; skipped it" in problem.message
    assert problem.message.endswith("(is the file cut short?)")
    assert len(load_library([tmp_path / "cut.csv"])) == 3


@pytest.mark.parametrize("suffix", [".csv", ".tsv"])
def test_a_table_cut_anywhere_keeps_whole_rows_only(tmp_path, suffix) -> None:
    # a table written as Zotero writes it (every cell quoted), cut anywhere after its first
    # row: the papers of the rows before the cut, each as the whole file gives it, and
    # said to be cut short unless the cut falls where a row ends
    import csv
    import io

    rows = list(csv.reader(io.StringIO(ZOTERO_CSV.read_text(encoding="utf-8"), newline="")))

    delimiter = "," if suffix == ".csv" else "\t"

    def table(rows: list[list[str]]) -> str:
        out = io.StringIO()
        csv.writer(out, delimiter=delimiter, quoting=csv.QUOTE_ALL).writerows(rows)
        return out.getvalue()  # each row ends in "\r\n"

    whole = table(rows)
    records = read_file(write(tmp_path, f"whole{suffix}", whole.encode())).records
    assert len(records) == 4
    ends = {len(table(rows[:number])) for number in range(2, len(rows) + 1)}
    row_ends = {end - back for end in ends for back in (0, 1, 2)}
    # cut just after its last delimiter, a row has an empty last cell, as a whole row may
    # have: it is read as it stands (only its last cell is lost)
    last_cells = {whole.rindex(delimiter, 0, end) + 1 for end in ends}
    for end in range(min(ends) + 1, len(whole) + 1):
        result = read_file(write(tmp_path, f"cut{suffix}", whole[:end].encode()))
        read = list(result.records)
        if end in last_cells:
            assert read[:-1] == list(records[: len(read) - 1]) and not result.problems, end
            continue
        assert read == list(records[: len(read)]), end
        said = [problem.message for problem in result.problems]
        if end in row_ends:
            assert not said, end
        else:
            assert len(said) == 1 and said[0].endswith("(is the file cut short?)"), end
            assert len(read) == len([e for e in ends if e <= end]), end


def test_a_whole_csv_file_is_not_said_to_be_cut_short(tmp_path) -> None:
    # with no line end after its last row, quoted abstracts of several lines, rows short
    # of cells all through, or a row ending in an empty cell
    text = ZOTERO_CSV.read_text(encoding="utf-8")
    for name, data in {
        "no-line-end.csv": text,
        "line-end.csv": text + "\n",
        "crlf.csv": text.replace('"\n"', '"\r\n"') + "\r\n",
        "ragged.csv": "title,abstract,year\nOne,First.\nTwo,Second.",
        "empty-cell.csv": "title,abstract,year\nOne,First.,2020\nTwo,Second.,",
        "only-row.csv": "title,abstract,year\nOne,First.",
    }.items():
        result = read_file(write(tmp_path, name, data.encode()))
        assert result.records and not result.problems, name


def test_bibtex_hash_concatenation_and_string_macros(tmp_path: Path) -> None:
    text = (
        '@string{var = "middle "}\n'
        '@STRING{Conf = "Proc. " # {ICML}}\n'
        '@misc{k1, title = "A " # VAR # {B}, booktitle = conf, month = jan,\n'
        '  abstract = "One " # "two " # {three \\# {four}} # 2024}\n'
        '@misc{k2, title = {Braces {#} stay and "quotes" too}, abstract = "x # y"}\n'
    )
    first, second = read_file(write(tmp_path, "c.bib", text.encode())).records
    assert first.title == "A middle B"
    assert first.venue == "Proc. ICML"
    assert first.abstract == "One two three # four2024"
    assert second.title == 'Braces # stay and "quotes" too'
    assert second.abstract == "x # y"


def test_bibtex_macros_that_double_each_other_stop_at_a_budget(tmp_path: Path) -> None:
    # sixty macros each twice the one before: 2**59 characters, and the reader took every
    # byte of memory there was (killed at 23 GB)
    text = '@string{m0 = "x"}\n' + "".join(
        f"@string{{m{i} = m{i - 1} # m{i - 1}}}\n" for i in range(1, 60)
    )
    text += "@string{jmlr = {Journal of Machine Learning Research}}\n"
    text += "@article{bomb, title = {Macro bomb}, journal = m59, abstract = {Fine.}}\n"
    text += "@article{next, title = {Next}, journal = jmlr, abstract = {Also fine.}}\n"
    result = read_file(write(tmp_path, "bomb.bib", text.encode()))
    bomb, following = result.records
    assert bomb.title == "Macro bomb" and bomb.abstract == "Fine."
    assert len(bomb.venue or "") < 2_000_000
    assert following.title == "Next" and following.venue == "Journal of Machine Learning Research"
    said = " ".join(problem.message for problem in result.problems)
    assert "@string macros expand to more than 100,000 characters each" in said
    assert "left as their names" in said
    # each macro short enough, but used past the file's budget
    text = "@string{big = {" + "y" * 90_000 + "}}\n"
    text += "".join(
        f"@article{{k{i}, title = {{P{i}}}, journal = big # big # big, abstract = {{ok}}}}\n"
        for i in range(50)
    )
    result = read_file(write(tmp_path, "budget.bib", text.encode()))
    assert len(result.records) == 50
    assert sum(len(record.venue or "") for record in result.records) <= 1_000_000
    assert any("left as their names" in problem.message for problem in result.problems)


def test_bibtex_stray_brace_keeps_the_abstract_and_names_the_entry(tmp_path: Path) -> None:
    text = (
        "@inproceedings{stray24,\n  title = {Stray } brace},\n  author = {Lee, Ann},\n"
        "  abstract = {The abstract survives.},\n  year = 2024\n}\n\n"
        "@misc{next, title = {Next}, abstract = {Fine.}}\n"
    )
    result = read_file(write(tmp_path, "s.bib", text.encode()))
    stray, following = result.records
    assert stray.title == "Stray brace"
    assert stray.abstract == "The abstract survives."
    assert stray.authors == ("Ann Lee",)
    assert stray.year == 2024
    assert following.title == "Next"
    (message,) = warnings(result)
    assert message == (
        "the entry at line 1, key stray24, has one “}” too many in its title field; read "
        "the entry without it, check that entry"
    )


def test_bibtex_stray_brace_in_the_last_field_is_reported(tmp_path: Path) -> None:
    text = "@misc{last,\n  title = {T},\n  abstract = {The } abstract.}\n}\n"
    result = read_file(write(tmp_path, "s.bib", text.encode()))
    assert result.records[0].abstract == "The abstract."
    (message,) = warnings(result)
    assert message == (
        "the entry at line 1, key last, has one “}” too many in its abstract field; read "
        "the entry without it, check that entry"
    )


def test_a_papers_object_cut_short_inside_a_paper_keeps_only_whole_papers(tmp_path) -> None:
    # the break inside a paper's own list (its authors), after text holding the
    # characters JSON is built of: the paper broken off is not read, its whole ones are
    items = [
        {
            "title": f'Paper {n}: "quoted", [bracketed], {{braced}}: a, b',
            "authors": [f"Author {n}.{k}" for k in range(4)],
            "abstract": "Text, with commas [and brackets] {and braces}.",
        }
        for n in range(5)
    ]
    whole = json.dumps({"name": "A list", "notes": items}, indent=2)
    cut = whole[: whole.index('"Author 3.2"') + 6]  # inside paper 3's third author
    result = read_file(write(tmp_path, "cut.json", cut.encode()))
    assert [r.title for r in result.records] == [item["title"] for item in items[:3]]
    assert result.records[2].authors == ("Author 2.0", "Author 2.1", "Author 2.2", "Author 2.3")
    assert "read the 3 records before it (is the file cut short?)" in result.problems[0].message
    # the same list whole: nothing is said
    assert len(read_file(write(tmp_path, "whole.json", whole.encode())).records) == 5


@pytest.mark.parametrize("name", ["", "Links I kept\n"])
def test_a_file_of_web_addresses_is_said_to_be_no_list_of_papers(tmp_path: Path, name) -> None:
    # an export --format urls read back became one paper named after its first address,
    # the other addresses its abstract, and nothing was said
    addresses = "".join(f"https://example.org/paper/{n}\n" for n in range(5))
    path = write(tmp_path, "links.txt", (name + addresses).encode())
    result = read_file(path)
    assert not result.records
    assert "holds web addresses, one a line, and no abstracts" in result.problems[0].message
    # an abstract that names a link is a paper as ever
    path = write(tmp_path, "one.txt", b"My list\n\nWe study wombats.\nhttps://example.org/w\n")
    assert [r.abstract for r in read_file(path).records] == [
        "We study wombats. https://example.org/w"
    ]
