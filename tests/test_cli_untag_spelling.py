"""``triage --untag`` names the tag it took off as the triage file has it."""

from __future__ import annotations

import json
from pathlib import Path

from tuireader.cli import main


def test_untag_names_the_tag_as_it_is_stored(capsys, tmp_path: Path) -> None:
    # --untag 'TO READ' said "tag 'TO READ' taken off" of the tag 'to read'
    lst = tmp_path / "list.jsonl"
    lst.write_text(
        "".join(
            json.dumps({"title": f"Grasping study {i}", "authors": ["A"], "abstract": "x"}) + "\n"
            for i in range(2)
        ),
        encoding="utf-8",
    )
    assert main(["search", "grasping", "--json", str(lst)]) == 0
    first = json.loads(capsys.readouterr()[0])["hits"][0]["id"]
    assert main(["triage", first, "--tag", "to read", str(lst)]) == 0
    capsys.readouterr()
    assert main(["triage", first, "--untag", "TO READ", str(lst)]) == 0
    err = capsys.readouterr()[1]
    assert "tag 'to read' taken off" in err, err


def _listed(tmp_path: Path, capsys) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    lst = tmp_path / "list.jsonl"
    lst.write_text(
        "".join(
            json.dumps({"title": f"Grasping study {i}", "authors": ["A"], "abstract": "x"}) + "\n"
            for i in range(2)
        ),
        encoding="utf-8",
    )
    assert main(["search", "grasping", "--json", str(lst)]) == 0
    return json.loads(capsys.readouterr()[0])["hits"][0]["id"], str(lst)


def test_untag_takes_off_the_tag_its_spelling_finds(capsys, tmp_path: Path) -> None:
    # "tag:reseau" finds the papers tagged "Réseau", but "--untag reseau" said "tag
    # 'reseau' was not on it; did you mean 'Réseau'?" and changed nothing
    first, lst = _listed(tmp_path, capsys)
    assert main(["triage", first, "--tag", "Réseau", "--tag", "Überblick", lst]) == 0
    capsys.readouterr()
    assert main(["triage", first, "--untag", "reseau", "--untag", "ueberblick", lst]) == 0
    err = capsys.readouterr()[1]
    assert "tag 'Réseau' taken off" in err and "tag 'Überblick' taken off" in err, err
    assert main(["show", first, "--json", lst]) == 0
    assert json.loads(capsys.readouterr()[0])["tags"] == []


def test_untag_of_a_spelling_two_tags_share_takes_off_neither(capsys, tmp_path: Path) -> None:
    # "reseau" is the folded spelling of "Réseau" and "Rëseau" alike: which one was meant
    # cannot be told, and nothing is taken off
    first, lst = _listed(tmp_path, capsys)
    assert main(["triage", first, "--tag", "Réseau", "--tag", "Rëseau", lst]) == 0
    capsys.readouterr()
    assert main(["triage", first, "--untag", "reseau", lst]) == 0
    assert "tag 'reseau' was not on it" in capsys.readouterr()[1]
    assert main(["show", first, "--json", lst]) == 0
    assert set(json.loads(capsys.readouterr()[0])["tags"]) == {"Rëseau", "Réseau"}
