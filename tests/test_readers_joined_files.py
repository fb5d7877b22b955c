"""Lists joined into one file (``cat a.jsonl b.jsonl > all.jsonl``) lose no record to
the second file's byte order mark."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.ingest.readers import read_file

#: the first two records of the arXiv Kaggle snapshot, as the upstream file has them
ARXIV = Path(__file__).parent / "fixtures" / "real_lists" / "arxiv_slice.jsonl"


def titles(path: Path) -> list[str]:
    return [record.title for record in read_file(path).records]


def test_two_json_lines_files_with_marks_joined_into_one(tmp_path: Path) -> None:
    data = ARXIV.read_bytes()
    assert data.endswith(b"\n")
    path = tmp_path / "all.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + data + b"\xef\xbb\xbf" + data)
    result = read_file(path)
    assert [record.title for record in result.records] == titles(ARXIV) * 2
    assert result.problems == ()


def test_two_utf16_files_joined_into_one(tmp_path: Path) -> None:
    lines = [json.dumps({"title": f"Paper {n}", "abstract": "Text."}) for n in range(4)]
    one = ("\n".join(lines[:2]) + "\n").encode("utf-16")
    two = ("\n".join(lines[2:]) + "\n").encode("utf-16")
    path = tmp_path / "all.jsonl"
    path.write_bytes(one + two)
    assert titles(path) == [f"Paper {n}" for n in range(4)]


def test_a_mark_inside_a_line_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "list.jsonl"
    path.write_bytes('{"title": "Zero\ufeffwidth"}\n'.encode())
    assert titles(path) == ["Zero\ufeffwidth"]
