"""A UTF-8 list with one entry saved in Windows-1252 (Latin-1): that entry keeps its
letters, and the lines read so are named."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.readers import ReadResult, read_file

SLICE = Path(__file__).parent / "fixtures" / "damaged" / "collas2022_slice.bib"
UTF8_ENTRY = (
    "@article{serifi2023{n},\n"
    "  title = {Robot Motion Diffusion Model},\n"
    "  author = {Serifi, Agon and Bächer, Moritz},\n"
    "}\n"
)
LATIN_ENTRY = (
    "@article{mueller2020,\n"
    "  title = {Über Dinge},\n"
    "  author = {Müller, Jörg and Lefèvre, Anaïs},\n"
    "  abstract = {Eine Studie über Ähnlichkeit – “zitiert”.},\n"
    "}\n"
)


def warnings(result: ReadResult) -> list[str]:
    return [problem.message for problem in result.problems if problem.severity == "warning"]


@pytest.mark.parametrize("utf8_entries", [1, 6])
def test_an_entry_in_latin_1_inside_a_utf8_list_keeps_its_letters(
    tmp_path: Path, utf8_entries: int
) -> None:
    # one UTF-8 line among three in Windows-1252 (the file read whole in Windows-1252
    # gave "BÃ¤cher"), or six (read whole as UTF-8, the other gave "J�rg M�ller")
    utf8 = SLICE.read_text(encoding="utf-8")
    for n in range(utf8_entries):
        utf8 += "\n" + UTF8_ENTRY.replace("{n}", "" if n == 0 else f"-{n}")
    path = tmp_path / "mixed.bib"
    path.write_bytes(utf8.encode("utf-8") + b"\n" + LATIN_ENTRY.encode("cp1252"))
    result = read_file(path)
    papers = {record.source_id: record for record in result.records}
    assert len(papers) == 4 + utf8_entries
    assert papers["serifi2023"].authors == ("Agon Serifi", "Moritz Bächer")
    mueller = papers["mueller2020"]
    assert mueller.title == "Über Dinge"
    assert mueller.authors == ("Jörg Müller", "Anaïs Lefèvre")
    assert mueller.abstract == "Eine Studie über Ähnlichkeit – “zitiert”."
    assert papers["lechner2022"] == read_file(SLICE).records[1]
    first = utf8.count("\n") + 3  # the title's line
    (message,) = warnings(result)
    assert message == (
        f"3 lines are not UTF-8 (lines {first}, {first + 1}, {first + 2}); read them as "
        "Windows-1252 (Latin-1)"
    )


def test_bytes_that_are_damage_still_become_replacement_characters(tmp_path: Path) -> None:
    # a UTF-16 mark and a character cut in two are no Western text: they stay U+FFFD
    text = "Liste résumée\n\nUn modèle très élégant.\n\nAB here.\n\nNaïve café.\n"
    data = text.encode().replace(b"AB", b"A\xff\xfe\xc3B")
    path = tmp_path / "list.txt"
    path.write_bytes(data)
    result = read_file(path)
    assert result.records[1].abstract == "A\ufffd\ufffd\ufffdB here."
    assert result.records[2].abstract == "Naïve café."
    assert warnings(result) == ["line 5 had bytes that are not UTF-8; replaced them with \ufffd"]


@pytest.mark.parametrize("byte", [b"\x81", b"\x8d", b"\x8f", b"\x90", b"\x9d"])
@pytest.mark.parametrize("suffix", [".txt", ".csv", ".jsonl"])
def test_a_line_with_a_byte_windows_1252_leaves_undefined_is_read_and_said(
    tmp_path: Path, byte: bytes, suffix: str
) -> None:
    """A UTF-8 list with a line holding a byte that Windows-1252 leaves undefined (an old
    Mac's "ç" is 0x8D) beside other letters beyond ASCII: the whole list failed with
    Python's own words ("cannot access local variable 'text'")."""
    lines = {
        ".txt": [b"Caf\xc3\xa9 robots", b"Second title", b"Fa" + byte + b"ade learning"],
        ".csv": [b"title,authors", b"Caf\xc3\xa9 robots,Ann Lee", b"Fa" + byte + b"ade,Bo Li"],
        ".jsonl": [
            b'{"title": "Caf\xc3\xa9 robots", "abstract": "x"}',
            b'{"title": "Fa' + byte + b'ade learning", "abstract": "y"}',
        ],
    }[suffix]
    path = tmp_path / f"list{suffix}"
    path.write_bytes(b"\n".join(lines) + b"\n")
    result = read_file(path)
    titles = [record.title for record in result.records]
    assert titles[0] == "Café robots" and len(titles) == len(lines) - (suffix == ".csv")
    assert titles[-1].startswith("Fa") and "ade" in titles[-1]
    assert any("line" in str(problem) for problem in result.problems)
