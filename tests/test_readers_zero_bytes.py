"""Zero bytes (NUL) in a text list: a crash's zero-filled end and a stray NUL cost
nothing but themselves, while binary data is still refused.

A power cut while a list is written leaves its end zero-filled (the file system had given
the file the room but not the data); a copy that went wrong leaves a lone NUL. Either was
refused whole as "a binary file", every paper in it lost.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tuireader.ingest.readers import ReadError, decode, read_file

#: the first six records of Paper Copilot's CoRL 2023 list, as the upstream file has them
CORL = Path(__file__).parent / "fixtures" / "damaged" / "corl2023_first6.json"
BIB = Path(__file__).parent / "fixtures" / "real_lists" / "l4dc2020_slice.bib"


def write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def titles(path: Path) -> list[str]:
    return [record.title for record in read_file(path).records]


def messages(path: Path) -> list[str]:
    return [problem.message for problem in read_file(path).problems]


def test_a_list_whose_end_a_crash_zero_filled_is_read_and_said(tmp_path: Path) -> None:
    data = CORL.read_bytes()
    path = write(tmp_path, "corl.json", data + b"\x00" * 4096)
    assert titles(path) == titles(CORL)
    assert len(titles(path)) == 6
    crash = "the file ends in 4,096 zero bytes, as a file cut short by a crash does"
    assert messages(path) == [f"{crash}; read without them"]


def test_a_zero_filled_end_over_the_last_records_keeps_those_before(tmp_path: Path) -> None:
    data = CORL.read_bytes()
    path = write(tmp_path, "corl.json", data[:-3000] + b"\x00" * 3000)
    kept = titles(path)
    assert kept and kept == titles(CORL)[: len(kept)]
    assert messages(path)[0].startswith("the file ends in 3,000 zero bytes")


def test_a_bibtex_list_with_one_zero_byte_at_its_end(tmp_path: Path) -> None:
    path = write(tmp_path, "l4dc.bib", BIB.read_bytes() + b"\x00")
    assert titles(path) == titles(BIB)
    assert messages(path)[0] == (
        "the file ends in a zero byte, as a file cut short by a crash does; read without it"
    )


def test_a_lone_zero_byte_inside_is_taken_out_and_said_by_line(tmp_path: Path) -> None:
    data = CORL.read_bytes()
    at = data.index(b'"title"', 100)
    line = data.count(b"\n", 0, at) + 1
    path = write(tmp_path, "corl.json", data[:at] + b"\x00" + data[at:])
    assert titles(path) == titles(CORL)
    assert messages(path) == [f"line {line} had a zero byte (NUL); took it out"]


def test_a_few_zero_bytes_on_several_lines_are_named_by_line(tmp_path: Path) -> None:
    lines = [json.dumps({"title": f"Paper {n}", "abstract": "Text."}) for n in range(1, 6)]
    lines[1] = lines[1].replace("Paper", "Pa\x00\x00per")
    lines[3] = "\x00" + lines[3]
    path = write(tmp_path, "l.jsonl", "\n".join(lines).encode())
    assert titles(path) == [f"Paper {n}" for n in range(1, 6)]
    assert messages(path) == ["2 lines had zero bytes (NUL) (lines 2, 4); took them out"]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-32"])
def test_a_zero_filled_end_of_a_utf16_or_utf32_list(tmp_path: Path, encoding: str) -> None:
    text = CORL.read_text(encoding="utf-8")
    path = write(tmp_path, "corl.json", text.encode(encoding) + b"\x00" * 512)
    assert titles(path) == titles(CORL)
    crash = "the file ends in 512 zero bytes, as a file cut short by a crash does"
    assert messages(path) == [f"{crash}; read without them"]


def test_utf16_lists_with_and_without_a_bom_are_read(tmp_path: Path) -> None:
    text = CORL.read_text(encoding="utf-8")
    for encoding in ("utf-16", "utf-16-le", "utf-16-be"):
        path = write(tmp_path, f"corl-{encoding}.json", text.encode(encoding))
        assert titles(path) == titles(CORL)
        assert messages(path) == []


def test_binary_data_with_zero_bytes_is_still_refused(tmp_path: Path) -> None:
    noise = bytes((i * 37 + 11) % 256 for i in range(4000))
    for data in (noise, noise + b"\x00" * 4096, b"\x00\x01\x00\x02" * 100):
        with pytest.raises(ReadError, match="binary"):
            decode(data, Path("noise.json"))
    database = tmp_path / "papers.json"
    with sqlite3.connect(database) as connection:
        connection.execute("create table papers (title text)")
    assert messages(database) == ["this is an SQLite database, not a text list of papers"]
    # NULs beside other control bytes are binary data, however few
    with pytest.raises(ReadError, match="binary"):
        decode(b"\x00\x01binary", Path("bad.jsonl"))
    # text with NULs all through it is no text file with a few stray ones
    spread = b"".join(b"title %d\x00" % n for n in range(20))
    with pytest.raises(ReadError, match="binary"):
        decode(spread, Path("spread.txt"))


@pytest.mark.parametrize("name", ["corl.json", "l4dc.bib", "list.txt"])
def test_a_list_a_crash_left_all_zero_bytes_says_so(tmp_path: Path, name: str) -> None:
    path = write(tmp_path, name, b"\x00" * 4096)
    result = read_file(path)
    assert result.records == ()
    unwritten = "the file holds only zero bytes (4,096), as one a crash left unwritten does"
    assert [(problem.severity, problem.message) for problem in result.problems] == [
        ("error", f"{unwritten}; nothing in it can be read")
    ]
