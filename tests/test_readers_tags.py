"""A table's tags and keywords read as its export wrote them: a word in double quotes is
one word, whatever it holds."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from tuireader.ingest.library import load_library
from tuireader.ingest.readers import read_file
from tuireader.triage.export import render_export
from tuireader.triage.store import Triage

TAGS = ("RL", "RL; theory", 'say "hi"')


def _rearranged_export(tmp_path: Path) -> Path:
    """The CSV export of one tagged paper, its columns moved in a spreadsheet (title
    first): no longer the export's own layout, read as any table."""
    source = tmp_path / "list.jsonl"
    source.write_text(
        '{"title": "Tagged Paper", "authors": ["Ann Lee"], "abstract": "Words."}\n',
        encoding="utf-8",
    )
    paper = load_library([source]).papers[0]
    text = render_export([paper], {paper.id: Triage(paper.id, "maybe", TAGS, "")}, "csv")
    rows = list(csv.reader(io.StringIO(text)))
    order = [rows[0].index("title")] + [i for i in range(len(rows[0])) if rows[0][i] != "title"]
    out = io.StringIO()
    csv.writer(out).writerows([[row[i] for i in order] for row in rows])
    path = tmp_path / "moved.csv"
    path.write_text(out.getvalue(), encoding="utf-8")
    return path


def test_a_moved_exports_quoted_tag_is_one_keyword(tmp_path: Path) -> None:
    # "RL; theory", quoted by the export, was split into '"RL' and 'theory"'
    (record,) = read_file(_rearranged_export(tmp_path)).records
    assert record.title == "Tagged Paper"
    assert record.keywords == TAGS


def test_keywords_without_quotes_split_as_before(tmp_path: Path) -> None:
    path = tmp_path / "sheet.csv"
    path.write_text(
        "title,keywords,author keywords\n"
        'One,"graphs; nets","deep learning, vision"\n'
        'Two,"it\'s 6"" wide; plain",\n',
        encoding="utf-8",
    )
    one, two = read_file(path).records
    assert one.keywords == ("graphs", "nets", "deep learning", "vision")
    assert two.keywords == ("it's 6\" wide", "plain")
