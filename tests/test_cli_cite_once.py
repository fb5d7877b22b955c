"""``tuireader cite`` works each paper's citation out once: it printed the citations
and then worked them all out again for what they miss (no year, no venue…), which
doubled the time of a ``cite --query venue:icml`` of thousands of papers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from corpus_util import RECORDS, write_jsonl

from tuireader.cli import main
from tuireader.render import citations


@pytest.mark.parametrize("fmt", ["bibtex", "biblatex", "apa", "cite", "csl-json"])
def test_cite_works_each_citation_out_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fmt: str
) -> None:
    records: list[dict] = [*RECORDS, {"title": "No Venue", "abstract": "No year, no venue."}]
    source = str(write_jsonl(tmp_path / "demo.jsonl", records))
    assert main(["search", "", "--json", "--limit", "100", source]) == 0
    ids = [hit["id"] for hit in json.loads(capsys.readouterr().out)["hits"]]
    assert len(ids) == len(records)
    assert main(["cite", "--format", fmt, *ids, source]) == 0
    expected = capsys.readouterr()
    assert "year unknown" in expected.err

    cited: list[str] = []
    real = citations.format_citation

    def format_citation(paper, *args, **kwargs):  # type: ignore[no-untyped-def]
        cited.append(paper.id)
        return real(paper, *args, **kwargs)

    monkeypatch.setattr(citations, "format_citation", format_citation)
    assert main(["cite", "--format", fmt, *ids, source]) == 0
    assert capsys.readouterr() == expected
    assert sorted(cited) == sorted(ids)
