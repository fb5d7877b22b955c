"""A bracket, brace, quote, colon or comma typed into a field's name in a JSON list
("abst}ract") left a field no reader knows: the paper lost its abstract, or its type
and with it its venue and year, without a word. Such a name is read as the field of
the file's other records it stands for, and said."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.ingest.readers import read_file


def _items() -> list[dict[str, object]]:
    return [
        {
            "id": f"posthuma200{n}",
            "type": "article-journal",
            "title": f"Genetic Correlation {n}",
            "container-title": "Nature Neuroscience",
            "author": [{"family": "Posthuma", "given": "Daniëlle"}],
            "issued": {"date-parts": [[2000 + n, 2]]},
            "abstract": f"Brain volume is of genetic origin {n}.",
        }
        for n in range(4)
    ]


def _papers(path: Path) -> list[tuple[object, ...]]:
    return [(r.title, r.abstract, r.venue, r.year) for r in read_file(path).records]


def test_a_character_typed_into_a_fields_name_is_left_out(tmp_path: Path) -> None:
    text = "[\n" + ",\n".join(json.dumps(item) for item in _items()) + "\n]\n"
    intact = tmp_path / "intact.json"
    intact.write_text(text, encoding="utf-8")
    lines = text.split("\n")
    lines[2] = lines[2].replace('"abstract"', '"abst}ract"')
    lines[4] = lines[4].replace('"type"', '"ty{pe"')
    damaged = tmp_path / "list.json"
    damaged.write_text("\n".join(lines), encoding="utf-8")
    assert _papers(damaged) == _papers(intact)
    assert read_file(intact).problems == ()
    (message,) = [problem.message for problem in read_file(damaged).problems]
    assert message == (
        "items 2, 4 have fields whose name holds a bracket, brace, quote, colon or comma "
        "(“abst}ract”, “ty{pe”); read as the field named without it, check the file there"
    )


def test_a_name_that_holds_a_colon_of_its_own_is_left_as_it_is(tmp_path: Path) -> None:
    items = _items()
    for item in items:
        item["dc:source"] = "Crossref"
    path = tmp_path / "list.json"
    path.write_text(json.dumps(items), encoding="utf-8")
    result = read_file(path)
    assert len(result.records) == 4
    assert result.problems == ()


def test_a_letter_typed_into_or_lost_from_a_fields_name_is_read_as_it(tmp_path: Path) -> None:
    # "abstrat", "isued": the paper lost its abstract, or its year, without a word
    text = "[\n" + ",\n".join(json.dumps(item) for item in _items()) + "\n]\n"
    intact = tmp_path / "intact.json"
    intact.write_text(text, encoding="utf-8")
    lines = text.split("\n")
    lines[2] = lines[2].replace('"abstract"', '"abstrat"')
    lines[3] = lines[3].replace('"issued"', '"isued"')
    damaged = tmp_path / "list.json"
    damaged.write_text("\n".join(lines), encoding="utf-8")
    assert _papers(damaged) == _papers(intact)
    (message,) = [problem.message for problem in read_file(damaged).problems]
    assert message == (
        "items 2, 3 have fields whose name is one character from another's (“abstrat” as "
        "“abstract”, “isued” as “issued”); read as that field, check the file there"
    )


def test_a_field_of_one_record_near_a_name_it_has_is_left_as_it_is(tmp_path: Path) -> None:
    items = _items()
    items[1]["issue"] = "3"  # beside "issued", a field of its own
    items[2]["abstracts"] = "More"  # a plural, beside "abstract"
    items[3]["eid"] = "2-s2.0-1"  # a name near one of two letters ("id")
    path = tmp_path / "list.json"
    path.write_text(json.dumps(items), encoding="utf-8")
    intact = tmp_path / "intact.json"
    intact.write_text(json.dumps(_items()), encoding="utf-8")
    assert _papers(path) == _papers(intact)
    assert read_file(path).problems == ()


def test_a_character_amiss_in_a_csl_name_or_dates_part_is_read_as_it(tmp_path: Path) -> None:
    # "famly", "dte-parts": the author lost the family name, the paper its year
    text = "[\n" + ",\n".join(json.dumps(item) for item in _items()) + "\n]\n"
    intact = tmp_path / "intact.json"
    intact.write_text(text, encoding="utf-8")
    lines = text.split("\n")
    lines[1] = lines[1].replace('"family"', '"famly"')
    lines[4] = lines[4].replace('"date-parts"', '"dte-parts"')
    damaged = tmp_path / "list.json"
    damaged.write_text("\n".join(lines), encoding="utf-8")
    assert _papers(damaged) == _papers(intact)
    assert read_file(damaged).records[0].authors == ("Daniëlle Posthuma",)
    (message,) = [problem.message for problem in read_file(damaged).problems]
    assert message == (
        "items 1, 4 have fields whose name is one character from another's (“famly” as "
        "“family”, “dte-parts” as “date-parts”); read as that field, check the file there"
    )
