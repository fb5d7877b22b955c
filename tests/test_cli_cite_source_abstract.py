"""``cite --abstract`` gives the abstract of a paper whose list gives its own entry.

Paper Copilot lists (CoRL 2023, NeurIPS 2017) give each paper a ``bibtex`` string with
no abstract, and a citation reproduces that entry: asked for the abstract, it had none,
where ``export --format bibtex`` gives it. The slices are verbatim rows of those lists.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tuireader.cli import main

REAL = Path(__file__).parent / "fixtures" / "real_lists"


def run(capsys, *argv):  # type: ignore[no-untyped-def]
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("name", ["corl2023_slice.json", "nips2017_slice.json"])
@pytest.mark.parametrize("fmt", ["bibtex", "biblatex"])
def test_the_abstract_is_added_to_the_lists_own_entry(capsys, tmp_path, name, fmt):
    lst = tmp_path / name
    lst.write_bytes((REAL / name).read_bytes())
    (row,) = [r for r in json.loads(lst.read_text(encoding="utf-8")) if r.get("abstract")][:1]
    assert "abstract" not in row["bibtex"]  # the list's own entry has none
    code, out, _ = run(capsys, "search", row["title"], "--json", "--limit", "1", lst)
    assert code == 0
    (hit,) = json.loads(out)["hits"]
    code, out, _ = run(capsys, "cite", hit["id"], "--abstract", "--format", fmt, lst)
    assert code == 0
    assert out.count("abstract = {") == 1
    assert f"abstract = {{{' '.join(row['abstract'].split()[:4])}" in out
    # without --abstract, none
    code, out, _ = run(capsys, "cite", hit["id"], "--format", fmt, lst)
    assert code == 0 and "abstract" not in out


def test_an_entrys_own_abstract_is_given_once(capsys, tmp_path):
    lst = tmp_path / "own.bib"
    lst.write_text(
        "@inproceedings{lee2024,\n  title = {A Title of Its Own},\n  author = {Lee, Ann},\n"
        "  year = {2024},\n  abstract = {The entry's own abstract, 50% of it.}\n}\n",
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "search", "title", "--json", lst)
    (hit,) = json.loads(out)["hits"]
    code, out, _ = run(capsys, "cite", hit["id"], "--abstract", lst)
    assert code == 0
    assert re.findall(r"abstract = \{(.*)\}", out) == ["The entry's own abstract, 50\\% of it."]
