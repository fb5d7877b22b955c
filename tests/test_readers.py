"""Reading one list file: text encodings and layouts, JSON, JSON Lines, BibTeX, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest import readers
from tuireader.ingest.readers import ReadError, Record, decode_bytes, read_file, supported

FIXTURES = Path(__file__).parent / "fixtures" / "readers"

ABSTRACT_A = "We study “robust” methods — they work. Code: https://github.com/a/b."
ABSTRACT_B = "A second abstract about café-style learning."


def write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def only_error(result: readers.ReadResult) -> str:
    assert result.records == ()
    (problem,) = result.problems
    assert problem.severity == "error"
    assert problem.path == result.path
    return problem.message


# --------------------------------------------------------------------------- plain text


def test_text_list_name_paragraphs_and_hard_wraps(tmp_path: Path) -> None:
    text = "ICML 2024 论文列表\n\nFirst abstract, wrapped\nover two lines.\n\n\nSecond abstract.\n"
    result = read_file(write(tmp_path, "list.txt", text.encode()))
    assert result.name == "ICML 2024 论文列表"
    assert result.format == "text"
    assert [r.abstract for r in result.records] == [
        "First abstract, wrapped over two lines.",
        "Second abstract.",
    ]
    assert all(r.title is None for r in result.records)
    assert result.problems == ()


def test_whitespace_only_lines_separate_papers(tmp_path: Path) -> None:
    text = "Name\n \t \nOne.\n   \nTwo.\n\t\nThree."
    result = read_file(write(tmp_path, "list.txt", text.encode()))
    assert [r.abstract for r in result.records] == ["One.", "Two.", "Three."]


@pytest.mark.parametrize("newline", ["\r\n", "\r", "\n"])
def test_any_newline_convention(tmp_path: Path, newline: str) -> None:
    text = newline.join(["Name", "", "One", "wrapped.", "", "Two."])
    result = read_file(write(tmp_path, "list.txt", text.encode()))
    assert result.name == "Name"
    assert [r.abstract for r in result.records] == ["One wrapped.", "Two."]


def test_utf8_bom_is_not_part_of_the_name(tmp_path: Path) -> None:
    data = "\ufeffICML 2024 Papers\n\nOne.".encode()
    assert read_file(write(tmp_path, "list.txt", data)).name == "ICML 2024 Papers"


def test_gb18030_chinese_list(tmp_path: Path) -> None:
    text = "ICML 2024 论文列表\n\n我们研究了鲁棒的学习方法。\n\nAn English abstract."
    result = read_file(write(tmp_path, "list.txt", text.encode("gb18030")))
    assert result.name == "ICML 2024 论文列表"
    assert [r.abstract for r in result.records] == [
        "我们研究了鲁棒的学习方法。",
        "An English abstract.",
    ]


def test_cp1252_curly_quotes_and_dashes(tmp_path: Path) -> None:
    text = f"Papers\n\n{ABSTRACT_A}"
    result = read_file(write(tmp_path, "list.txt", text.encode("cp1252")))
    assert result.records[0].abstract == ABSTRACT_A


def test_latin1_accents(tmp_path: Path) -> None:
    text = "Liste résumée\n\nUn modèle très élégant. Naïve café."
    result = read_file(write(tmp_path, "list.txt", text.encode("latin-1")))
    assert result.name == "Liste résumée"
    assert result.records[0].abstract == "Un modèle très élégant. Naïve café."


def test_latin1_bytes_cp1252_cannot_decode_still_read(tmp_path: Path) -> None:
    # 0x81 is undefined in Windows-1252: alone between spaces it is no text, and
    # becomes U+FFFD, said (inside a word Latin-1 reads it, as a control character)
    data = b"Caf\xe9 list\n\nAn abstract with a stray \x81 byte."
    result = read_file(write(tmp_path, "list.txt", data))
    assert result.name == "Café list"
    assert result.records[0].abstract == "An abstract with a stray \ufffd byte."
    assert [problem.message for problem in result.problems] == [
        "line 3 had the stray byte 81; replaced it with \ufffd",
        "line 1 is not UTF-8; read it as Windows-1252 (Latin-1)",
    ]


def test_decode_bytes_prefers_utf8_and_reads_utf16_with_bom() -> None:
    assert decode_bytes("é 论文".encode(), Path("x")) == "é 论文"
    assert decode_bytes("Name\n\nOne.".encode("utf-16"), Path("x")) == "Name\n\nOne."


def test_decode_bytes_refuses_binary_naming_the_file() -> None:
    with pytest.raises(ReadError, match="blob.txt"):
        decode_bytes(bytes(range(256)) * 4, Path("blob.txt"))
    with pytest.raises(ValueError, match="binary"):
        decode_bytes(b"".join(b"field %d\x00" % n for n in range(12)), Path("n.txt"))
    # one NUL in a text is damage, taken out (and said by ``decode``)
    assert decode_bytes(b"text\x00 with NUL", Path("n.txt")) == "text with NUL"


def test_decode_bytes_refuses_control_heavy_bytes_without_nul() -> None:
    junk = bytes(b for b in range(1, 32) if b not in (9, 10, 12, 13)) * 50
    with pytest.raises(ReadError, match="junk.txt"):
        decode_bytes(junk, Path("junk.txt"))


def test_control_characters_are_kept_as_data(tmp_path: Path) -> None:
    text = "Name\n\nAn abstract with an escape \x1b[31m inside."
    result = read_file(write(tmp_path, "list.txt", text.encode()))
    assert result.records[0].abstract == "An abstract with an escape \x1b[31m inside."


def test_a_file_without_a_list_name_keeps_its_first_abstract(tmp_path: Path) -> None:
    first = "A long abstract " * 30
    text = f"{first}\n\nSecond abstract."
    result = read_file(write(tmp_path, "untitled-list.txt", text.encode()))
    assert result.name == "untitled-list"
    assert len(result.records) == 2
    assert result.records[0].abstract == first.strip()
    assert any("list name" in p.message and p.severity == "warning" for p in result.problems)


def test_markdown_heading_names_the_list(tmp_path: Path) -> None:
    result = read_file(write(tmp_path, "list.md", b"# Reading group\n\nOne."))
    assert result.name == "Reading group"


# --------------------------------------------------------------------------- bad input


def test_empty_file(tmp_path: Path) -> None:
    message = only_error(read_file(write(tmp_path, "empty.txt", b"")))
    assert "empty" in message


def test_whitespace_only_file_is_empty(tmp_path: Path) -> None:
    assert "empty" in only_error(read_file(write(tmp_path, "blank.txt", b"\n \r\n\t\n")))


def test_header_without_papers(tmp_path: Path) -> None:
    result = read_file(write(tmp_path, "header.txt", "ICML 2024 论文列表\n\n\n".encode()))
    message = only_error(result)
    assert "no papers" in message and "ICML 2024 论文列表" in message


def test_binary_file(tmp_path: Path) -> None:
    result = read_file(write(tmp_path, "data.txt", b"\x00\x01\x02binary\x00" * 100))
    assert "binary" in only_error(result)


def test_pdf_given_by_mistake(tmp_path: Path) -> None:
    result = read_file(write(tmp_path, "paper.txt", b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj"))
    assert "PDF" in only_error(result)


def test_oversize_file_is_refused_without_reading_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(readers, "MAX_FILE_BYTES", 1024)
    path = write(tmp_path, "huge.txt", b"Name\n\n" + b"word " * 1000)

    def no_read(_path: Path) -> bytes:
        raise AssertionError("an oversize file was read")

    monkeypatch.setattr(readers, "_read_bytes", no_read)
    message = only_error(read_file(path))
    assert "4.9 KB" in message and "1.0 KB limit" in message


def test_nonexistent_path(tmp_path: Path) -> None:
    assert "no such file" in only_error(read_file(tmp_path / "missing.txt"))


def test_a_folder_is_not_a_file(tmp_path: Path) -> None:
    folder = tmp_path / "list.txt"
    folder.mkdir()
    assert "folder" in only_error(read_file(folder))


def test_permission_denied(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path, "secret.txt", b"Name\n\nOne.")

    def denied(_path: Path) -> bytes:
        raise PermissionError(13, "Permission denied", str(_path))

    monkeypatch.setattr(readers, "_read_bytes", denied)
    assert "permission denied" in only_error(read_file(path))


def test_supported_suffixes() -> None:
    assert supported(Path("a.TXT")) and supported(Path("b.jsonl")) and supported(Path("c.bib"))
    assert supported(Path("d.json")) and supported(Path("e.md"))
    assert not supported(Path("f.pdf")) and not supported(Path("g"))


def test_file_without_suffix_is_sniffed(tmp_path: Path) -> None:
    record = {"title": "T", "abstract": "A."}
    result = read_file(write(tmp_path, "papers", ((json.dumps(record) + "\n") * 2).encode()))
    assert result.format == "jsonl"
    result = read_file(write(tmp_path, "notes", b"Name\n\nOne."))
    assert result.format == "text" and result.records[0].abstract == "One."


# --------------------------------------------------------------------------- JSON


def test_jsonl_fixture_of_real_records() -> None:
    result = read_file(FIXTURES / "icml2024_sample.jsonl")
    assert result.problems == ()
    assert result.format == "jsonl"
    assert result.name == "ICML 2024"  # every record shares the venue
    assert len(result.records) == 5
    first = result.records[0]
    assert first.title == "Revisiting Character-level Adversarial Attacks for Language Models"
    assert first.authors[0] == "Elias Abad Rocamora"
    assert first.year == 2024
    assert first.openreview_id == "AZWqXfM6z9"
    assert first.pmlr_key == "abad-rocamora24a"
    assert first.code_urls == ("https://github.com/LIONS-EPFL/Charmer",)
    assert result.records[1].project_urls == ("https://pranaval.github.io/DART/",)
    assert "Bläser" in " ".join(result.records[3].authors)


def test_jsonl_malformed_line_is_skipped_with_its_line_number(tmp_path: Path) -> None:
    good = json.dumps({"title": "Good", "abstract": "Good abstract."})
    data = "\n".join([good, '{"title": "broken", ', "", good.replace("Good", "Fine")])
    result = read_file(write(tmp_path, "mixed.jsonl", data.encode()))
    assert [r.title for r in result.records] == ["Good", "Fine"]
    (problem,) = result.problems
    assert problem.severity == "warning"
    assert "line 2" in problem.message
    assert str(problem).startswith(str(tmp_path / "mixed.jsonl"))


def test_jsonl_with_no_readable_line_is_an_error(tmp_path: Path) -> None:
    result = read_file(write(tmp_path, "bad.jsonl", b"not json\n[1, 2]\n"))
    assert result.records == ()
    assert any(p.severity == "error" for p in result.problems)


def test_json_array_list_name_is_the_stem_when_venues_differ(tmp_path: Path) -> None:
    records = [
        {"title": "One", "abstract": "A.", "venue": "ICML 2024", "authors": "Ann Lee and Bo Wu"},
        {"title": "Two", "abstract": "B.", "venue": "NeurIPS 2023", "authors": "Lee, Ann; Wu, Bo"},
        {"title": "Three", "abstract": "C.", "year": "2023-12", "authors": "Ann Lee, Bo Wu"},
    ]
    result = read_file(write(tmp_path, "reading.json", json.dumps(records).encode()))
    assert result.format == "json"
    assert result.name == "reading"
    assert [r.authors for r in result.records] == [("Ann Lee", "Bo Wu")] * 3
    assert result.records[2].year == 2023


def test_json_records_without_title_or_abstract_are_reported(tmp_path: Path) -> None:
    records = [{"title": "One", "abstract": "A."}, {"url": "https://x.org"}, "text"]
    result = read_file(write(tmp_path, "r.json", json.dumps(records).encode()))
    assert len(result.records) == 1
    assert len(result.problems) == 2
    assert all(p.severity == "warning" for p in result.problems)


def test_invalid_json_file(tmp_path: Path) -> None:
    message = only_error(read_file(write(tmp_path, "r.json", b'[{"title": "x",')))
    assert "not valid JSON" in message
    cut = only_error(read_file(write(tmp_path, "s.json", b'[{"title": "x, cut short')))
    assert "(Unterminated string starting at line 1, column 12)" in cut  # one "at"


def test_json_nul_characters_are_dropped(tmp_path: Path) -> None:
    data = json.dumps([{"title": "T\u0000", "abstract": "A\u0000b."}]).encode()
    (record,) = read_file(write(tmp_path, "r.json", data)).records
    assert record == Record(title="T", abstract="Ab.")


# --------------------------------------------------------------------------- BibTeX


def test_pmlr_bibtex_fixture() -> None:
    result = read_file(FIXTURES / "pmlr_sample.bib")
    assert result.problems == ()
    assert result.format == "bibtex"
    assert result.name == "pmlr_sample"
    first, atari, design, circuits = result.records
    assert first.authors[:2] == ("Elias Abad Rocamora", "Yongtao Wu")
    assert first.pmlr_key == "abad-rocamora24a"
    assert first.year == 2024
    assert first.venue == "Proceedings of the 41st International Conference on Machine Learning"
    assert first.url == "https://proceedings.mlr.press/v235/abad-rocamora24a.html"
    assert first.pdf and first.pdf.endswith("abad-rocamora24a.pdf")
    assert "$4.84$% points" in first.abstract  # \% outside math is a plain percent sign
    assert atari.title == "Learning to Play Atari in a World of Tokens"  # {A}tari
    assert design.title == "The Non-linear ${F}$-Design and Applications to Interactive Learning"
    assert circuits.authors == ("Sanyam Agarwal", "Markus Bläser")  # Bl{\"a}ser


def test_broken_bibtex_entry_next_to_good_ones(tmp_path: Path) -> None:
    text = (
        "@inproceedings{good1,\n  title = {Good {One}},\n  author = {Lee, Ann},\n"
        "  abstract = {First.}\n}\n\n"
        "@inproceedings{broken24,\n  title = {Never closed,\n  author = {X, Y},\n\n"
        '@article{good2,\n  title = "Good Two",\n  author = {von Neumann, Jr, John and others},\n'
        "  year = 1950,\n  abstract = {Second.}\n}\n"
    )
    result = read_file(write(tmp_path, "refs.bib", text.encode()))
    assert [r.title for r in result.records] == ["Good One", "Good Two"]
    assert result.records[1].authors == ("John von Neumann Jr", "et al.")
    assert result.records[1].year == 1950
    (problem,) = result.problems
    assert problem.severity == "warning"
    assert "broken24" in problem.message and "line 7" in problem.message


def test_bibtex_accents_and_math(tmp_path: Path) -> None:
    text = (
        "@misc{k, title = {{\\\"U}ber {G}{\\'e}om{\\`e}trie of $\\{x\\}$ and \\textit{CNN}s},"
        ' author = {G{\\"o}del, Kurt and Erd\\H{o}s, Paul and {\\O}stergaard, Ib and Stra{\\ss}e, A}}\n'
    )
    (record,) = read_file(write(tmp_path, "a.bib", text.encode())).records
    assert record.title == "Über Géomètrie of $\\{x\\}$ and \\textit{CNN}s"
    assert record.authors == ("Kurt Gödel", "Paul Erdős", "Ib Østergaard", "A Straße")


def test_a_bib_file_with_no_entries(tmp_path: Path) -> None:
    assert "no BibTeX entries" in only_error(read_file(write(tmp_path, "x.bib", b"just text")))


def test_western_text_that_is_also_valid_gb18030_is_not_read_as_chinese() -> None:
    # Every accented byte here is followed by a letter, so GB18030 decodes it too, into
    # rare ideographs; the plausibility check must send it on to Windows-1252.
    text = "Na\u00efve caf\u00e9s, r\u00e9sum\u00e9s and \u201cquoted\u201ds"
    data = text.encode("cp1252")
    data.decode("gb18030")  # the trap: this does not fail
    assert decode_bytes(data, Path("w.txt")) == text


def test_bibtex_keeps_latex_environments_and_command_arguments(tmp_path: Path) -> None:
    abstract = (
        r"A {B}ERT bound \begin{equation*} O\left(\frac{\sigma_{\max}}{\sigma_{\min}}\right)"
        r" \end{equation*} with \frac{a}{b} and x_{ij}."
    )
    text = "@misc{k, title = {T}, abstract = {" + abstract + "}}"
    (record,) = read_file(write(tmp_path, "a.bib", text.encode())).records
    assert record.abstract == abstract.replace("{B}ERT", "BERT")


def test_bibtex_keeps_escaped_braces_and_the_braces_of_a_group_opened_by_a_command(
    tmp_path: Path,
) -> None:
    # Zotero writes a brace of the text as "\{" and a "^" as "{\textasciicircum}"; both
    # must reach the renderer whole. Case-protection braces still go.
    abstract = (
        r"from \{0, 1\}{\textasciicircum}n, an \{{\textbackslash}NP\}-oracle,"
        r" PDF {\textbar} page, {\it sublinear} time, {{ScienceDirect}} and {B}ERT"
    )
    text = "@misc{k, title = {T}, abstract = {" + abstract + "}}"
    (record,) = read_file(write(tmp_path, "a.bib", text.encode())).records
    assert record.abstract == (
        r"from \{0, 1\}{\textasciicircum}n, an \{{\textbackslash}NP\}-oracle,"
        r" PDF {\textbar} page, {\it sublinear} time, ScienceDirect and BERT"
    )


def test_a_name_suffix_follows_the_family_name_in_any_comma_order(tmp_path: Path) -> None:
    # "Family, Given, Suffix" (arXiv's authors_parsed order), BibTeX's "Family, Suffix,
    # Given" and "Given Family, Suffix" all name Neal J. Evans II.
    authors = "Evans, Neal J., II and Evans, II, Neal J. and King, Jr., Martin Luther"
    text = "@misc{k, title = {T}, abstract = {A.}, author = {" + authors + "}}"
    (bib,) = read_file(write(tmp_path, "a.bib", text.encode())).records
    assert bib.authors == ("Neal J. Evans II", "Neal J. Evans II", "Martin Luther King Jr.")
    record = {"title": "T", "abstract": "A.", "authors": "Evans, Neal J., II; Page, Kim"}
    (flat,) = read_file(write(tmp_path, "a.json", json.dumps([record]).encode())).records
    assert flat.authors == ("Neal J. Evans II", "Kim Page")
    listed = {"title": "T", "abstract": "A.", "authors": "Martin Luther King, Jr. and Ann Lee"}
    (other,) = read_file(write(tmp_path, "b.json", json.dumps([listed]).encode())).records
    assert other.authors == ("Martin Luther King Jr.", "Ann Lee")
