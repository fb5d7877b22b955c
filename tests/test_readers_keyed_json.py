"""A JSON object that holds each paper under its id, as scrapers often save a list."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.ingest.readers import read_file

#: the first six records of Paper Copilot's CoRL 2023 list, as it writes them
FIRST_SIX = Path(__file__).parent / "fixtures" / "damaged" / "corl2023_first6.json"


def test_papers_keyed_by_their_openreview_id_are_read_as_the_list(tmp_path: Path) -> None:
    items = json.loads(FIRST_SIX.read_text(encoding="utf-8"))
    keyed = {item["id"]: {k: v for k, v in item.items() if k != "id"} for item in items}
    path = tmp_path / "corl2023.json"
    path.write_text(json.dumps(keyed, indent=2), encoding="utf-8")
    result = read_file(path)
    as_array = read_file(FIRST_SIX)
    assert len(result.records) == 6
    assert result.records == as_array.records  # the key is the paper's id, as "id" was
    assert [record.source_id for record in result.records] == list(keyed)
    assert result.problems == ()


def test_an_object_with_a_value_that_is_no_paper_is_not_read_as_papers(tmp_path: Path) -> None:
    # one value is a list's settings, not a paper: the object is not papers by their ids
    data = {
        "a1": {"title": "First paper", "abstract": "One."},
        "a2": {"title": "Second paper", "abstract": "Two."},
        "settings": {"sort": "year"},
    }
    path = tmp_path / "mixed.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert read_file(path).records == ()


def test_papers_keyed_by_id_cut_short_keep_the_papers_before_the_break(tmp_path: Path) -> None:
    items = json.loads(FIRST_SIX.read_text(encoding="utf-8"))
    keyed = {item["id"]: {k: v for k, v in item.items() if k != "id"} for item in items}
    whole = json.dumps(keyed, indent=2)
    cut = whole.index(json.dumps(items[4]["abstract"]))  # inside the fifth paper
    path = tmp_path / "corl2023.json"
    path.write_text(whole[: cut + 40], encoding="utf-8")
    result = read_file(path)
    assert [record.source_id for record in result.records] == [i["id"] for i in items[:4]]
    (problem,) = result.problems
    assert problem.message.endswith("read the 4 records before it (is the file cut short?)")


def test_papers_keyed_by_id_damaged_in_one_keep_the_others(tmp_path: Path) -> None:
    items = json.loads(FIRST_SIX.read_text(encoding="utf-8"))
    keyed = {item["id"]: {k: v for k, v in item.items() if k != "id"} for item in items}
    whole = json.dumps(keyed, indent=2)
    # a stray word after the third paper's title, and no comma after the fifth's
    third, fifth = (json.dumps(items[n]["title"]) + "," for n in (2, 4))
    damaged = whole.replace(third, third + " x").replace(fifth, fifth[:-1])
    assert damaged.count(" x") == 1 and damaged.count(fifth) == 0
    path = tmp_path / "corl2023.json"
    path.write_text(damaged, encoding="utf-8")
    result = read_file(path)
    kept = [item for n, item in enumerate(items) if n != 2]
    assert [record.source_id for record in result.records] == [item["id"] for item in kept]
    assert [record.title for record in result.records] == [item["title"] for item in kept]
    (problem,) = result.problems
    line = damaged.count("\n", 0, damaged.index(third + " x")) + 1
    assert "read a comma left out at line " in problem.message
    assert problem.message.endswith(
        f"read the 5 records before and after, check the file there; could not be read: "
        f"item 3 (line {line}, “{items[2]['title']}”)"
    )
