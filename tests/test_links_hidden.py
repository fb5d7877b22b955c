"""An address inside a terminal's control string is no link of the paper.

An abstract can carry an OSC 8 hyperlink (``ESC ]8;;http://evil.example/ ESC \\ click``):
a terminal shows "click" and hides the address. The text is shown made safe; the hidden
address is not offered, copied or exported as a link.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tuireader import cli
from tuireader.ingest.library import load_library
from tuireader.ingest.links import extract_urls, links_for

FIXTURE = Path(__file__).parent / "fixtures" / "links" / "hidden_hyperlink.jsonl"


@pytest.mark.parametrize(
    "hidden",
    [
        "\x1b]8;;http://evil.example/\x1b\\click\x1b]8;;\x1b\\",  # ended by ST
        "\x1b]8;;http://evil.example/\x07click\x1b]8;;\x07",  # ended by BEL
        "\x1b]8;id=1;http://evil.example/\x1b\\click\x1b]8;;\x1b\\",  # with parameters
        "\x1bPhttp://evil.example/\x1b\\",  # a DCS string
        "\x1b]8;;evil.github.io/x\x1b\\click\x1b]8;;\x1b\\",  # a site without a scheme
        "\x1b]8;;http://evil.example/",  # never ended: the rest of the text
    ],
)
def test_an_address_inside_a_control_string_is_no_link(hidden: str) -> None:
    text = f"Code: https://github.com/ok/repo and {hidden}"
    assert extract_urls(text) == ["https://github.com/ok/repo"]
    assert [link.url for link in links_for(text)] == ["https://github.com/ok/repo"]


def test_what_follows_a_control_string_is_read_as_before() -> None:
    text = "\x1b]8;;http://evil.example/\x1b\\https://example.org/page\x1b]8;;\x1b\\ ok"
    assert extract_urls(text) == ["https://example.org/page"]
    assert extract_urls("\x1b[1mhttps://example.org/bold\x1b[0m") == [
        "https://example.org/bold"  # a colour's escape holds no address
    ]


def test_a_papers_hidden_hyperlinks_are_not_its_links(
    capsys: pytest.CaptureFixture[str],
) -> None:
    (paper,) = load_library([FIXTURE]).papers
    assert [link.url for link in paper.links] == ["https://github.com/ok/repo"]
    assert cli.main(["links", paper.id, str(FIXTURE)]) == 0
    assert capsys.readouterr().out == "https://github.com/ok/repo\n"
