"""``export --format ris`` and ``--format csl-json``: every paper the query gives, written
as ``cite`` writes it (RIS records one after another; CSL-JSON one array of items), and
read back by tuireader's own readers as the same papers."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from tuireader.cli import main
from tuireader.ingest.library import load_library
from tuireader.render.textrender import display_title
from tuireader.triage.export import SUFFIXES, render_export
from tuireader.triage.store import Triage

HERE = Path(__file__).parent / "fixtures"
LISTS = (
    HERE / "formats" / "pmlr_l4dc2020_slice.bib",
    HERE / "export_roundtrip" / "zotero_csl_slice.json",
    HERE / "export_roundtrip" / "icml2024_slice.jsonl",
)
FORMATS = ("ris", "csl-json")


def _facts(library) -> list[tuple[str, int | None, str | None]]:
    return sorted(
        (" ".join(display_title(p.title).split()).casefold(), p.year, p.doi) for p in library.papers
    )


def _exported(tmp_path: Path, papers, fmt: str, library) -> Path:
    triage = {p.id: Triage(p.id, "kept", ("to read",), "Read §3.") for p in papers}
    target = tmp_path / f"export{SUFFIXES[fmt]}"
    target.write_text(render_export(papers, triage, fmt, library=library), encoding="utf-8")
    return target


@pytest.mark.parametrize("fmt", FORMATS)
def test_an_export_read_back_gives_every_paper(tmp_path, fmt):
    library = load_library(list(LISTS))
    papers = list(library.papers)
    back = load_library([_exported(tmp_path, papers, fmt, library)])
    assert len(back.papers) == len(papers)
    assert _facts(back) == _facts(library)
    assert sorted(len(p.authors) for p in back.papers) == sorted(len(p.authors) for p in papers)


def test_csl_json_is_one_array_of_every_item(tmp_path):
    library = load_library(list(LISTS))
    papers = list(library.papers)
    items = json.loads(_exported(tmp_path, papers, "csl-json", library).read_text("utf-8"))
    assert isinstance(items, list) and len(items) == len(papers)


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_hostile_title_stays_one_record(tmp_path, fmt):
    library = load_library([LISTS[0]])
    first, *rest = library.papers
    hostile = replace(first, title='Evil\nTY  - JOUR\nER  - \n"quoted" \x07bell\x1b[31m')
    papers = [hostile, *rest]
    back = load_library([_exported(tmp_path, papers, fmt, papers)])
    assert len(back.papers) == len(papers)
    assert sum("Evil" in p.title for p in back.papers) == 1


@pytest.mark.parametrize("fmt", FORMATS)
def test_export_command_writes_and_replaces_its_own_file(tmp_path, monkeypatch, fmt):
    monkeypatch.setenv("TUIREADER_HOME", str(tmp_path / "home"))
    assert main(["add", str(LISTS[0])]) == 0
    target = tmp_path / f"out{SUFFIXES[fmt]}"
    assert main(["export", "--format", fmt, "-o", str(target)]) == 0
    first = target.read_text("utf-8")
    # the next export replaces the earlier one without --force
    assert main(["export", "--format", fmt, "-o", str(target)]) == 0
    assert target.read_text("utf-8") == first
    # a bibliography of the user's own is not taken without --force
    own = tmp_path / f"mine{SUFFIXES[fmt]}"
    own.write_text(first, encoding="utf-8")
    assert main(["export", "--format", fmt, "-o", str(own)]) != 0
    assert own.read_text("utf-8") == first


def test_csl_json_of_no_paper_is_still_json_on_stdout(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TUIREADER_HOME", str(tmp_path / "home"))
    assert main(["add", str(LISTS[0])]) == 0
    capsys.readouterr()
    assert main(["export", "--format", "csl-json", "--query", "zzzzunmatched"]) == 1
    assert json.loads(capsys.readouterr().out) == []
