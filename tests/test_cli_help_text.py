"""What the commands' help says matches what they do."""

from __future__ import annotations

import json
import re

from tuireader.cli import main


def _help(capsys, command: str) -> str:
    assert main([command, "--help"]) == 0
    return " ".join(capsys.readouterr().out.split())


def test_export_help_names_the_columns_a_csv_export_begins_with(tmp_path, capsys) -> None:
    # it said the CSV "has the columns" id…code, where an export has many more after them
    said = re.search(r"csv begins with the columns ([\w,]+)", _help(capsys, "export"))
    assert said is not None
    lst = tmp_path / "a.jsonl"
    lst.write_text(json.dumps({"title": "A paper", "authors": ["Ada Lovelace"]}) + "\n")
    assert main(["export", str(lst), "--format", "csv", "--data-dir", str(tmp_path / "d")]) == 0
    header = capsys.readouterr().out.splitlines()[0].split(",")
    named = said.group(1).split(",")
    assert header[: len(named)] == named and len(header) > len(named)


def test_import_help_says_an_export_a_reference_manager_saved_again_is_read(capsys) -> None:
    text = _help(capsys, "import")
    assert "Zotero or JabRef saved again is read" in text


def test_import_help_says_a_mark_taken_off_does_not_travel(capsys) -> None:
    # README said "the marks of the machine you triaged on last win": a paper set back
    # to new, a tag taken off or a note cleared there stayed as it was here, unsaid
    text = _help(capsys, "import")
    assert "No mark is taken off: a state set back to new, a tag taken off or a note" in text
    assert "cleared where the export was made does not travel" in text


def test_search_help_names_every_triage_filter(capsys) -> None:
    # it named is:kept and is:new only: is:maybe, is:skip, is:read and is:detached
    # were found in the README alone
    text = _help(capsys, "search")
    for word in ("is:kept", "is:maybe", "is:skip", "is:read", "is:new", "is:detached"):
        assert word in text, word


def test_the_readmes_command_list_names_every_option_of_each_command():
    # similar --limit, cite --abstract and --limit, copy --verbose and import --replace
    # were in each command's --help, and not in the list a user reads first
    from pathlib import Path

    from tuireader import cli

    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    block = readme[readme.index("## Command line") :].split("\n\n", 2)[1]
    common = {"--help", "--version", "--data-dir", "--catalog"}
    for name in cli.COMMANDS:
        lines = [line for line in block.splitlines() if line.split()[:2] == ["tuireader", name]]
        parser = cli.build_command_parser(name)
        options = {
            option
            for action in parser._actions
            for option in action.option_strings
            if option.startswith("--") and option not in common
        }
        missing = [option for option in sorted(options) if option not in " ".join(lines)]
        assert lines and missing == [], name
