"""The helps of triage, export, cite and undo gave no example, as links's and others'
do: each gives a few now, commands that run as written (ID: a paper's id)."""

from __future__ import annotations

import pytest

from tuireader.cli import main

EXAMPLES = {
    "triage": [
        "tuireader triage ID --state keep --tag survey",
        "tuireader triage ID1 ID2 --untag survey --json",
        (
            "tuireader search 'diffusion is:new' --limit 5 | cut -d' ' -f1 | xargs "
            "tuireader triage --state maybe"
        ),
    ],
    "export": [
        "tuireader export --format bibtex --query is:kept -o kept.bib",
        "tuireader export --format markdown --query 'tag:survey' > reading.md",
        "tuireader export --format csv -o triage.csv --json",
    ],
    "cite": [
        "tuireader cite ID --format apa",
        "tuireader cite --query 'is:kept tag:survey' > refs.bib",
        "tuireader cite ID1 ID2 --format ris --json | jq -r .text",
    ],
    "undo": [
        "tuireader undo",
        "tuireader undo --json | jq -r '.papers[].id'",
        "tuireader undo && tuireader redo",
    ],
}


@pytest.mark.parametrize("command", sorted(EXAMPLES))
def test_the_help_gives_examples(capsys, command):
    assert main([command, "--help"]) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert f"Examples: tuireader {command}" in said
    for example in EXAMPLES[command]:
        assert example in said, example
