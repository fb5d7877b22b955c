"""An export is not written into a folder of the library: the folder would read it as
one of its lists from then on, its papers in two lists (a CoRL list's export took the
name "7th Annual Conference on Robot Learning" and one of the two lists was renamed
after its file), and the next export to the same name was refused as a list being
read. It is refused with another place named, and nothing is written."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tuireader.cli import main

CORL = Path(__file__).parent / "fixtures" / "real_lists" / "corl2023_slice.json"


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def folder(capsys, tmp_path) -> Path:
    """A folder of the library holding a CoRL 2023 list."""
    folder = tmp_path / "lists"
    folder.mkdir()
    shutil.copy(CORL, folder / "papercopilot_corl2023.json")
    code, _, err = run(capsys, "add", folder)
    assert code == 0, err
    return folder


def _listed(capsys) -> list[str]:
    code, out, err = run(capsys, "lists", "--json")
    assert code == 0, err
    return [item["title"] for item in json.loads(out)["lists"]]


@pytest.mark.parametrize(
    ("fmt", "name"), [("json", "x.json"), ("bibtex", "x.bib"), ("markdown", "kept.md")]
)
def test_an_export_into_a_folder_of_the_library_is_refused(capsys, folder, fmt, name):
    before = _listed(capsys)
    target = folder / name
    code, out, err = run(capsys, "export", "--format", fmt, "-o", target)
    assert code == 2 and out == ""
    assert not target.exists()
    assert f"{str(target)!r} is in {folder}, a folder of your library" in err
    assert f"-o {folder.parent / name}, say" in err and "nothing was written" in err
    assert _listed(capsys) == before == ["7th Annual Conference on Robot Learning"]


def test_a_relative_name_or_a_link_to_the_folder_is_refused_as_well(
    capsys, folder, tmp_path, monkeypatch
):
    monkeypatch.chdir(folder)
    code, _, err = run(capsys, "export", "--format", "csv", "-o", "kept.csv")
    assert code == 2 and "a folder of your library" in err
    link = tmp_path / "link"
    link.symlink_to(folder, target_is_directory=True)
    code, _, err = run(capsys, "export", "--format", "json", "-o", link / "x.json")
    assert code == 2 and "a folder of your library" in err
    assert sorted(p.name for p in folder.iterdir()) == ["papercopilot_corl2023.json"]


def test_the_place_named_takes_the_export_again_and_again(capsys, folder):
    elsewhere = folder.parent / "x.json"
    for _ in range(2):
        code, _, err = run(capsys, "export", "--format", "json", "-o", elsewhere)
        assert code == 0, err
        assert "folder of your library" not in err
    assert _listed(capsys) == ["7th Annual Conference on Robot Learning"]


def test_a_file_the_folder_does_not_read_may_be_written_there(capsys, folder):
    # a hidden file, or one of a kind no folder reads, is not read as a list
    for name in (".x.json", "x.out"):
        code, _, err = run(capsys, "export", "--format", "json", "-o", folder / name)
        assert code == 0, err
    assert _listed(capsys) == ["7th Annual Conference on Robot Learning"]
