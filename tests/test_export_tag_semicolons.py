"""A tag that holds a ``;`` is one tag in tuireader; Zotero splits a RIS keyword at each
``;`` (``KW  - RL; theory`` is the tags "RL" and "theory" there), and no RIS keyword can
hold one for it. The RIS export says so as it writes such a tag, naming what Zotero makes
of it; the BibTeX export gives Zotero one tag (the ``;`` a space), and neither it nor
CSL-JSON says anything. ``tuireader import`` reads the tag back whole from each."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tuireader.cli import main

LIST = Path(__file__).parent / "fixtures" / "formats" / "pmlr_l4dc2020_slice.bib"
SUFFIX = {"ris": ".ris", "csl-json": ".json", "bibtex": ".bib"}


def run(capsys, *argv: object) -> tuple[int, str, str]:
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _marked(capsys, home: Path, *tags: str) -> str:
    _code, out, _ = run(capsys, "search", "", LIST, "--data-dir", home, "--json")
    paper = json.loads(out)["hits"][0]["id"]
    tagging = [arg for tag in tags for arg in ("--tag", tag)]
    assert (
        run(capsys, "triage", paper, LIST, "--state", "keep", *tagging, "--data-dir", home)[0] == 0
    )
    return paper


def _zotero_ris_tags(text: str) -> list[str]:
    """The tags Zotero's RIS reader makes of a record's keywords: each ``KW`` split at
    its semicolons."""
    values = re.findall(r"^KW  - (.*)$", text, flags=re.MULTILINE)
    return [part for value in values for part in re.split(r"\s*;\s*", value) if part]


def test_a_ris_export_says_zotero_splits_a_tag_with_a_semicolon(tmp_path, capsys):
    home = tmp_path / "home"
    _marked(capsys, home, "RL; theory", "to read")
    export = tmp_path / "marks.ris"
    code, _, err = run(capsys, "export", LIST, "--format", "ris", "-o", export, "--data-dir", home)
    assert code == 0
    # what Zotero reads: two tags, where tuireader has one
    assert {"RL", "theory"} <= set(_zotero_ris_tags(export.read_text("utf-8")))
    said = " ".join(err.split())
    assert "Zotero splits a tag at each ';'" in said
    assert "'RL; theory' becomes 'RL' and 'theory' there" in said
    assert "'to read'" not in said
    # tuireader reads it back whole
    remote = tmp_path / "remote"
    assert run(capsys, "import", export, LIST, "--data-dir", remote)[0] == 0
    code, out, _ = run(capsys, "search", "is:kept", LIST, "--data-dir", remote, "--json")
    assert json.loads(out)["hits"][0]["tags"] == ["RL; theory", "to read"]


def test_several_such_tags_are_counted(tmp_path, capsys):
    home = tmp_path / "home"
    _marked(capsys, home, "a;b;c", "x ; y")
    code, _, err = run(capsys, "export", LIST, "--format", "ris", "--data-dir", home)
    assert code == 0
    said = " ".join(err.split())
    assert "2 tags hold one ('a;b;c' becomes 'a', 'b' and 'c' there" in said


@pytest.mark.parametrize("fmt", ["bibtex", "csl-json"])
def test_other_exports_say_nothing_of_it(tmp_path, capsys, fmt):
    home = tmp_path / "home"
    _marked(capsys, home, "RL; theory")
    export = tmp_path / f"marks{SUFFIX[fmt]}"
    code, _, err = run(capsys, "export", LIST, "--format", fmt, "-o", export, "--data-dir", home)
    assert code == 0 and "Zotero" not in err
    if fmt == "bibtex":  # one keyword for Zotero, the ';' a space
        assert "RL theory" in export.read_text("utf-8")
