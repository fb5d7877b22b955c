"""What ``--catalog`` takes, as its help says: the formats catalogs are read in."""

from __future__ import annotations

import pytest

from tuireader.cli import main


def _help(capsys, *argv: str) -> str:
    try:
        main([*argv, "--help"])
    except SystemExit:
        pass
    return " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize("argv", [(), ("search",), ("show",), ("export",)])
def test_the_catalog_help_names_every_list_format_but_text_and_markdown(capsys, argv):
    # it said "BibTeX, JSON Lines, JSON or CSV": a RIS file or a folder of catalogs,
    # read as well, looked refused
    text = _help(capsys, *argv)
    assert "--catalog PATH metadata catalog" in text
    assert "any list format but plain text and Markdown" in text
    assert "RIS" in text and "a folder of them" in text
