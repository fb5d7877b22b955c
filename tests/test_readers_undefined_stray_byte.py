"""One byte Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) inside a word
of a list that is ASCII but for it: the list was read whole as Windows-1252, the byte
kept as a control character in the title ("Stray\\x9dbyte"), and nothing said. It makes
no letter in any encoding the list may be in: it is U+FFFD, said once."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.readers import read_file

ROWS = "title,authors,year\nPlain nets,Ann Lee,2020\nStrayPLACEbyte,Cy Dee,2024\n"


@pytest.mark.parametrize("byte", [b"\x81", b"\x8d", b"\x8f", b"\x90", b"\x9d"])
def test_an_undefined_byte_in_a_word_is_replaced_and_said(tmp_path: Path, byte: bytes) -> None:
    path = tmp_path / "list.csv"
    path.write_bytes(ROWS.encode().replace(b"PLACE", byte))
    result = read_file(path)
    assert [record.title for record in result.records] == ["Plain nets", "Stray\ufffdbyte"]
    assert [problem.message for problem in result.problems] == [
        f"line 3 had the stray byte {byte.hex().upper()}; replaced it with \ufffd"
    ]


def test_an_old_macs_letters_are_still_read_as_such(tmp_path: Path) -> None:
    # 0x8D is Mac OS Roman's "ç": two of them between letters say the file is a Mac's
    path = tmp_path / "list.csv"
    path.write_bytes(b"title,authors,year\nFran\x8dois and Gar\x8don,Cy Dee,2024\n")
    result = read_file(path)
    assert result.records[0].title == "François and Garçon"
