"""``tuireader import`` of a RIS or CSL-JSON file that carries no triage (an export of
papers with no marks, or a reference manager's bibliography: the two look the same) says
plainly that it holds none to import, and that ``tuireader add`` reads it as a list, with
the exit code the help gives a file that carries no marks. A CSL-JSON one was refused as
"JSON but not a tuireader export", naming the fields of the JSON export, and a RIS one as
no export, both with exit code 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuireader.cli import main

HERE = Path(__file__).parent / "fixtures"
LIST = HERE / "formats" / "pmlr_l4dc2020_slice.bib"
ZOTERO_CSL = HERE / "export_roundtrip" / "zotero_csl_slice.json"
SUFFIX = {"ris": ".ris", "csl-json": ".json"}


def run(capsys, *argv: object) -> tuple[int, str, str]:
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _unmarked_export(capsys, tmp_path: Path, fmt: str) -> Path:
    export = tmp_path / f"papers{SUFFIX[fmt]}"
    code, _, _ = run(
        capsys, "export", LIST, "--format", fmt, "-o", export, "--data-dir", tmp_path / "laptop"
    )
    assert code == 0 and export.stat().st_size > 0
    return export


def _help_code_for_no_marks(capsys) -> int:
    code, out, _ = run(capsys, "import", "--help")
    assert code == 0
    said = " ".join(out.split())
    return int(said.split("Exit code ", 1)[1].split(" when the file carries no marks", 1)[0])


@pytest.mark.parametrize("fmt", ["ris", "csl-json"])
def test_an_export_of_papers_without_marks_holds_no_triage_to_import(tmp_path, capsys, fmt):
    export = _unmarked_export(capsys, tmp_path, fmt)
    data = tmp_path / "remote"
    code, out, err = run(capsys, "import", export, LIST, "--data-dir", data)
    assert code == _help_code_for_no_marks(capsys) == 1
    assert out == ""
    assert f"{export} holds no triage to import" in err
    assert "tuireader add reads it as a list" in err
    assert "not a tuireader export" not in err and "JSON export" not in err
    assert not (data / "triage.sqlite3").exists()


@pytest.mark.parametrize("fmt", ["ris", "csl-json"])
def test_json_says_the_format_and_that_nothing_was_marked(tmp_path, capsys, fmt):
    export = _unmarked_export(capsys, tmp_path, fmt)
    code, out, _ = run(capsys, "import", export, LIST, "--data-dir", tmp_path / "r", "--json")
    answer = json.loads(out)
    assert code == 1
    assert (answer["format"], answer["marked"], answer["changes"]) == (fmt, 0, 0)


def test_a_reference_managers_bibliography_holds_no_triage_to_import(tmp_path, capsys):
    items = len(json.loads(ZOTERO_CSL.read_text(encoding="utf-8")))
    code, _, err = run(capsys, "import", ZOTERO_CSL, LIST, "--data-dir", tmp_path / "data")
    assert code == 1
    assert f"its {items} CSL-JSON items carry no state, tag or note" in err
    # read as a list, as the message says
    assert run(capsys, "add", ZOTERO_CSL, "--data-dir", tmp_path / "data")[0] == 0


def test_a_json_list_that_is_no_csl_is_no_export_with_no_marks(tmp_path, capsys):
    bad = tmp_path / "list.json"
    bad.write_text('[{"title": "A list", "type": "paper"}]', encoding="utf-8")
    code, _, err = run(capsys, "import", bad, LIST, "--data-dir", tmp_path / "data")
    assert code == 1 and "not a tuireader export" in err
    assert "holds no triage to import" in err and "tuireader add reads it" in err
