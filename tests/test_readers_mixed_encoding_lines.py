"""A list whose lines are UTF-8 but for some saved in Windows-1252 keeps every UTF-8
line as it is, whatever signs the other lines hold ("3×3", "±", "µm", "m²"), and
names exactly the lines read as Windows-1252."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.ingest.readers import ReadResult, read_file


def jsonl(tmp_path: Path, lines: list[tuple[str, str]]) -> ReadResult:
    path = tmp_path / "list.jsonl"
    data = b"".join(
        json.dumps({"title": title, "year": 2020}, ensure_ascii=False).encode(encoding) + b"\n"
        for title, encoding in lines
    )
    path.write_bytes(data)
    return read_file(path)


def titles(result: ReadResult) -> list[str | None]:
    return [record.title for record in result.records]


def messages(result: ReadResult) -> list[str]:
    return [problem.message for problem in result.problems]


@pytest.mark.parametrize(
    "sign_title",
    [
        "A 3×3 grid for Málaga",
        "Errors of ±2 µm in Köln",
        "A 2 m² plate at 40 °C in Bézier form",
        "Half (½) a loop · München",
        "Sagas of Hallþór in Reykjavík",  # "þ", which a stray UTF-16 mark gives too
    ],
)
def test_utf8_lines_are_kept_among_lines_in_windows_1252(tmp_path: Path, sign_title: str) -> None:
    result = jsonl(
        tmp_path,
        [
            ("Fréchet means revisited", "utf-8"),
            ("Déjà vu in Zürich", "cp1252"),
            (sign_title, "cp1252"),
        ],
    )
    assert titles(result) == ["Fréchet means revisited", "Déjà vu in Zürich", sign_title]
    assert messages(result) == [
        "2 lines are not UTF-8 (lines 2, 3); read them as Windows-1252 (Latin-1)"
    ]


def test_a_line_of_signs_among_many_utf8_lines_is_read_as_windows_1252(
    tmp_path: Path,
) -> None:
    lines = [(f"Über Modell {number} für Straßen", "utf-8") for number in range(5)]
    result = jsonl(tmp_path, [*lines, ("A 3×3 grid ± 2 µm", "cp1252")])
    assert titles(result)[-1] == "A 3×3 grid ± 2 µm"
    assert titles(result)[0] == "Über Modell 0 für Straßen"
    assert messages(result) == ["line 6 is not UTF-8; read it as Windows-1252 (Latin-1)"]


def test_a_list_in_gb18030_is_still_read_whole_as_gb18030(tmp_path: Path) -> None:
    titles_read = ["深度学习的图像识别方法研究", "基于注意力机制的机器翻译模型", "强化学习"]
    result = jsonl(tmp_path, [(title, "gb18030") for title in titles_read])
    assert titles(result) == titles_read
