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
