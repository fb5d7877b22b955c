"""Shapes no reader reads are refused with a message naming what is read, never read as
a plain text list of abstracts."""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader.ingest.readers import read_file

CSL_YAML = """---
references:
- id: vaswani2017attention
  type: paper-conference
  title: Attention is all you need
  author:
  - family: Vaswani
    given: Ashish
  issued:
    date-parts:
    - - 2017
...
"""


@pytest.mark.parametrize("name", ["refs.yaml", "refs.yml", "refs.txt", "refs"])
def test_pandocs_csl_yaml_is_refused_naming_what_is_read(tmp_path: Path, name: str) -> None:
    # read as text, it was one paper, "references: - id: vaswani2017attention type: …",
    # in a list named "---"
    path = tmp_path / name
    path.write_text(CSL_YAML, encoding="utf-8")
    result = read_file(path)
    assert not result.records
    message = result.problems[0].message
    assert "YAML" in message and "CSL-JSON" in message and "BibTeX" in message


def test_a_text_list_that_starts_with_a_rule_stays_a_text_list(tmp_path: Path) -> None:
    path = tmp_path / "list.txt"
    path.write_text(
        "---\nReading group\n\nWe study references: how papers cite.\n", encoding="utf-8"
    )
    result = read_file(path)
    assert not result.problems
    assert result.records[-1].abstract == "We study references: how papers cite."
