"""Stray bytes between a list's tokens: damage that costs nothing but the bytes.

A JSON list with a stray UTF-16 mark ("\\xff\\xfe") after every title was read whole as
Windows-1252 (its bad lines were too many to be damage), the JSON reader found "ÿþ"
where it wanted a key, and every record was lost.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from tuireader.ingest.readers import decode, read_file

#: the first six records of Paper Copilot's CoRL 2023 list, as the upstream file has them
CORL = Path(__file__).parent / "fixtures" / "damaged" / "corl2023_first6.json"
TITLE_END = re.compile(rb'("title": "[^"\n]*",)')


def thirty_records() -> list[dict[str, object]]:
    """Thirty records of the real list's shape, each with its own title."""
    records = json.loads(CORL.read_text(encoding="utf-8"))
    return [
        {**record, "id": f"{record['id']}-{n}", "title": f"{record['title']} ({n})"}
        for n in range(5)
        for record in records
    ]


def with_stray_bytes(data: bytes, stray: bytes) -> bytes:
    return TITLE_END.sub(lambda match: match.group(1) + stray, data)


def test_stray_bytes_after_every_title_cost_no_record(tmp_path: Path) -> None:
    records = thirty_records()
    clean = json.dumps(records, indent=4, ensure_ascii=False).encode()
    path = tmp_path / "corl.json"
    path.write_bytes(with_stray_bytes(clean, b"\xff\xfe"))
    result = read_file(path)
    assert [record.title for record in result.records] == [r["title"] for r in records]
    lines = [
        number for number, line in enumerate(clean.split(b"\n"), 1) if b'    "title": ' in line
    ]
    (problem,) = result.problems
    assert problem.message == (
        f"30 lines had the stray bytes FF FE (lines {', '.join(map(str, lines[:5]))} and 25 "
        "more); replaced them with \ufffd"
    )


def test_stray_bytes_in_an_ascii_list_keep_every_record(tmp_path: Path) -> None:
    records = [{"title": f"Paper {n}", "abstract": f"Abstract {n}."} for n in range(30)]
    path = tmp_path / "list.json"
    path.write_bytes(with_stray_bytes(json.dumps(records, indent=4).encode(), b"\x81"))
    result = read_file(path)
    assert [record.title for record in result.records] == [f"Paper {n}" for n in range(30)]
    assert result.problems[0].message.startswith("30 lines had the stray byte 81 (lines 3, ")
    assert result.problems[0].message.endswith("; replaced it with \ufffd")


def test_windows_1252_signs_between_spaces_are_still_text() -> None:
    # an en dash and a pound sign alone between spaces are Windows-1252, not damage
    data = b"Prices\n\nA \x96 B costs \xa3 5.\n\nC \x96 D.\n"
    decoded = decode(data, Path("list.txt"))
    assert decoded.text == "Prices\n\nA – B costs £ 5.\n\nC – D.\n"
    assert decoded.encoding == "cp1252"


def test_a_legacy_word_is_not_stray(tmp_path: Path) -> None:
    # "я" (Russian "I") is one byte in Windows-1251, "ÿ" in Windows-1252; with the
    # other words of the list it is no stray byte, and the file reads as one encoding
    data = "Список\n\nя и ты: обучение.\n".encode("cp1251")
    decoded = decode(data, Path("list.txt"))
    assert decoded.text == data.decode("cp1252")


def test_stray_bytes_in_a_list_in_windows_1252_cost_no_record(tmp_path: Path) -> None:
    # the same damage in a list saved in Windows-1252: its words are read so, the
    # stray bytes are U+FFFD, and each is said
    records = [
        {"title": f"Paper {n} by Jörg Müller – “robust”", "abstract": f"Naïve café {n}."}
        for n in range(30)
    ]
    data = json.dumps(records, indent=4, ensure_ascii=False).encode("cp1252")
    path = tmp_path / "list.json"
    path.write_bytes(with_stray_bytes(data, b"\xff\xfe"))
    result = read_file(path)
    assert [record.title for record in result.records] == [r["title"] for r in records]
    assert [record.abstract for record in result.records] == [r["abstract"] for r in records]
    stray, legacy = (problem.message for problem in result.problems)
    assert stray.startswith("30 lines had the stray bytes FF FE (lines 3, 7, 11, 15, 19 and ")
    assert legacy.startswith("60 lines are not UTF-8 (lines 3, 4, 7, 8, 11 and 55 more)")
    assert legacy.endswith("read them as Windows-1252 (Latin-1)")
