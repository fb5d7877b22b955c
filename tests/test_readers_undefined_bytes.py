"""A byte Windows-1252 leaves undefined costs a list in Windows-1252 nothing but itself.

One such byte (0x81, 0x8D, 0x8F, 0x90, 0x9D) made the whole file read as Latin-1, where
Windows-1252's quotes and dashes are control characters: "“Deep” learning – a survey"
lost its quotes and its dash, and nothing said so.
"""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.ingest.readers import decode, read_file

TEXT = "Papers\n\n“Deep” learning – a survey by Jörg Müller.\n\nSecond “paper” … text.\n"


def test_quotes_and_dashes_survive_an_undefined_byte() -> None:
    data = TEXT.encode("cp1252") + b"\nThird odd\x81byte.\n"
    decoded = decode(data, Path("list.txt"))
    assert decoded.text == TEXT + "\nThird odd\x81byte.\n"
    assert decoded.encoding == "cp1252"


def test_a_json_list_in_windows_1252_keeps_its_quotes(tmp_path: Path) -> None:
    items = [
        {"title": "“Robust” methods – a survey", "abstract": "Naïve … café."},
        {"title": "Plain", "abstract": "A stray byte."},
    ]
    data = json.dumps(items, ensure_ascii=False).encode("cp1252")
    path = tmp_path / "list.json"
    path.write_bytes(data.replace(b"stray byte", b"stray\x8dbyte"))
    result = read_file(path)
    assert [record.title for record in result.records] == ["“Robust” methods – a survey", "Plain"]
    assert result.records[0].abstract == "Naïve … café."
