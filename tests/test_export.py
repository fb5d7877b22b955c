"""Exports as plain functions: every format, triage included, and the atomic writer."""

from __future__ import annotations

import csv
import io
import json

import pytest

from corpus_util import RECORDS, write_jsonl
from tuireader import cli
from tuireader.citations import validate_bibtex
from tuireader.export import EXPORT_FORMATS, render_export, write_atomic
from tuireader.library import load_library
from tuireader.store import Triage


@pytest.fixture
def papers(tmp_path):
    return list(load_library([write_jsonl(tmp_path / "a.jsonl", RECORDS)]).papers)


def triage_for(papers):
    out = {p.id: Triage(p.id) for p in papers}
    out[papers[0].id] = Triage(papers[0].id, "kept", ("to-read",), "Read §3 first.\nThen code.")
    return out


def test_the_command_line_offers_exactly_the_core_formats():
    assert cli.EXPORT_FORMATS == EXPORT_FORMATS


def test_every_format(papers):
    triage = triage_for(papers)
    data = json.loads(render_export(papers, triage, "json"))
    assert data[0]["state"] == "kept" and data[0]["tags"] == ["to-read"]
    rows = list(csv.DictReader(io.StringIO(render_export(papers, triage, "csv"))))
    assert rows[0]["note"] == "Read §3 first.\nThen code." and len(rows) == len(papers)
    markdown = render_export(papers, triage, "markdown")
    assert "- [Bayesian Optimization with Diffusion Models](" in markdown
    assert "    Then code." in markdown and "tags: to-read" in markdown
    assert validate_bibtex(render_export(papers, triage, "bibtex")) == []
    assert render_export(papers, triage, "urls").splitlines() == [
        "https://github.com/example/bodiff",
        "https://arxiv.org/abs/2401.00001",
    ]
    with pytest.raises(ValueError):
        render_export(papers, triage, "docx")


def test_write_atomic_replaces_the_file_and_leaves_no_temporary(tmp_path):
    target = tmp_path / "out.md"
    target.write_text("old")
    write_atomic("new text", target)
    assert target.read_text() == "new text"
    assert [p.name for p in tmp_path.iterdir()] == ["out.md"]
