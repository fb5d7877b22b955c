"""A line in Windows-1252 inside a UTF-8 list, with three letters beyond ASCII in a row:
no such line was read as Windows-1252, and every byte of it, its quotes and dashes too,
became U+FFFD ("���r��s� � a saga"). A word with letters of ASCII in it ("Fjöðúr") is
Western text; a word made only of such letters may be another encoding's, and only it
stays U+FFFD."""

from __future__ import annotations

from pathlib import Path

from tuireader.ingest.readers import ReadResult, read_file

UTF8_ROW = "Zürich nets,Jörg Müller,2020\n"


def table(tmp_path: Path, line: bytes) -> ReadResult:
    path = tmp_path / "list.csv"
    head = ("title,authors,year\n" + UTF8_ROW).encode()
    path.write_bytes(head + line + UTF8_ROW.encode())
    return read_file(path)


def messages(result: ReadResult) -> list[str]:
    return [problem.message for problem in result.problems]


def test_three_accented_letters_in_a_word_of_ascii_letters_are_read(tmp_path: Path) -> None:
    result = table(tmp_path, "“Fjöðúr” – a saga,Ann Lee,2021\n".encode("cp1252"))
    assert result.records[1].title == "“Fjöðúr” – a saga"
    assert messages(result) == ["line 3 is not UTF-8; read it as Windows-1252 (Latin-1)"]


def test_a_word_only_of_accented_letters_keeps_the_quotes_around_it(tmp_path: Path) -> None:
    result = table(tmp_path, "“Þórðís” – a saga of ÆÐÞ,Ann Lee,2021\n".encode("cp1252"))
    assert result.records[1].title == "“Þórðís” – a saga of \ufffd\ufffd\ufffd"
    assert messages(result) == [
        "line 3 is not UTF-8; read it as Windows-1252 (Latin-1)",
        "line 3 had bytes that are not UTF-8; replaced them with \ufffd",
    ]


def test_a_cyrillic_line_keeps_its_quotes_and_no_wrong_letters(tmp_path: Path) -> None:
    # Windows-1251 read as Windows-1252 is accented letters ("Ãëóáîêîå"): none is kept
    result = table(tmp_path, "“Глубокое обучение” – графы,Ann Lee,2021\n".encode("cp1251"))
    title = result.records[1].title
    assert title is not None
    assert title.startswith("“") and "” – " in title
    assert set(title) <= {"“", "”", " ", "–", "\ufffd"}
    assert result.records[1].authors == ("Ann Lee",)


def test_a_line_from_an_old_mac_is_read_as_mac_os_roman(tmp_path: Path) -> None:
    # read as Windows-1252 it passed for Western text: "CafŽ na•ve se–or", "Nœ–ez"
    result = table(tmp_path, "Café naïve señor,Ana Núñez,2023\n".encode("mac_roman"))
    assert (result.records[1].title, result.records[1].authors) == (
        "Café naïve señor",
        ("Ana Núñez",),
    )
    assert messages(result) == ["line 3 is not UTF-8; read it as an old Mac's text (Mac OS Roman)"]


def test_a_windows_1252_line_beside_a_mac_line_is_each_its_own(tmp_path: Path) -> None:
    path = tmp_path / "list.csv"
    path.write_bytes(
        ("title,authors,year\n" + UTF8_ROW).encode()
        + "Café naïve señor,Ana Núñez,2023\n".encode("mac_roman")
        + "Über “quoted” cafés – test,Bob Roe,2022\n".encode("cp1252")
    )
    result = read_file(path)
    assert [record.title for record in result.records] == [
        "Zürich nets",
        "Café naïve señor",
        "Über “quoted” cafés – test",
    ]
    assert messages(result) == [
        "line 4 is not UTF-8; read it as Windows-1252 (Latin-1)",
        "line 3 is not UTF-8; read it as an old Mac's text (Mac OS Roman)",
    ]
