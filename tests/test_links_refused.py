"""A link a record gives that is left out as unsafe does not come back from its abstract.

A list repeats a paper's page in its abstract; found there, a refused address
(``https://x.org/a;rm -rf ~``) is cut at the space and would pass for a link, to be
offered, copied and exported as the paper's page though it was said to be left out.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from tuireader import cli
from tuireader.ingest.library import load_library
from tuireader.ingest.links import links_for, unsafe_links_for

FIXTURE = Path(__file__).parent / "fixtures" / "links" / "refused_page.jsonl"
REFUSED = "https://x.org/a;rm -rf ~"
ABSTRACT = f"Code and data at {REFUSED} for everyone."


@pytest.mark.parametrize("field", ["url", "pdf", "openreview", "code_urls", "project_urls"])
def test_a_refused_fields_address_is_not_taken_cut_short_from_the_text(field: str) -> None:
    assert links_for(ABSTRACT, **{field: REFUSED}) == ()
    assert unsafe_links_for(ABSTRACT, **{field: REFUSED}) == (REFUSED,)


def test_a_refused_address_repeated_in_the_text_is_left_out_once() -> None:
    # the text's piece of it (cut at the space) was said to be a second link left out
    shell = "https://x.org/a$(rm -rf ~)"
    text = f"Page: {shell} and https://y.org/b$(id) too."
    assert links_for(text, url=shell) == ()
    assert unsafe_links_for(text, url=shell) == ("https://y.org/b$(id)", shell)


def test_the_text_keeps_its_links_when_the_field_is_safe() -> None:
    # a safe page in the field: the text's addresses are all the text's links still
    links = links_for(ABSTRACT + " Also https://github.com/ok/repo.", url="https://x.org/a")
    assert [(link.url, link.origin) for link in links] == [
        ("https://github.com/ok/repo", "text"),
        ("https://x.org/a", "url"),
        ("https://x.org/a%3Brm", "text"),
    ]
    text_only = links_for(ABSTRACT)  # no field refused: the text's address, as before
    assert [link.url for link in text_only] == ["https://x.org/a%3Brm"]


def test_a_paper_with_a_refused_page_has_no_link_to_offer_copy_or_export(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    papers = {paper.title: paper for paper in load_library([FIXTURE]).papers}
    refused = papers["A paper whose page is refused"]
    assert refused.links == () and refused.unsafe_links == (REFUSED,)
    fine = papers["A paper whose page is fine"]
    assert [link.url for link in fine.links] == [
        "https://github.com/ok/repo",
        "https://x.org/b%3Bv=2",
    ]
    assert cli.main(["links", refused.id, str(FIXTURE)]) == 1
    assert capsys.readouterr().out == ""
    for name in ("csv", "markdown"):
        out = tmp_path / f"export.{name}"
        assert cli.main(["export", "--format", name, "-o", str(out), str(FIXTURE)]) == 0
        written = out.read_text(encoding="utf-8")
        if name == "csv":  # the abstract is the paper's text, the address in it no link
            rows = list(csv.DictReader(io.StringIO(written)))
            assert any("x.org/a" in row["abstract"] for row in rows)
            written = "\n".join(
                cell for row in rows for column, cell in row.items() if column != "abstract"
            )
        assert "x.org/a" not in written, name
        assert "github.com/ok/repo" in written, name  # the other paper's best link
    # neither has a page of its own (each field refused; the abstracts' links are no
    # paper's URL): the URLs are none, and said
    capsys.readouterr()
    assert cli.main(["export", "--format", "urls", str(FIXTURE)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and "2 of 2 papers have no web page" in err


@pytest.mark.parametrize(
    ("field", "refused"),
    [
        ("code_urls", "https://github.com/org/tool2 (official)"),
        ("url", "https://example.org/proj see details"),
    ],
)
def test_a_plain_address_the_text_gives_stays_when_the_field_is_refused_for_its_words(
    field: str, refused: str
) -> None:
    # the field is refused for the words after its address; the text writes the address
    # alone, as its author meant it: a link still
    text = "Our code: https://github.com/org/tool2. Project: https://example.org/proj."
    links = links_for(text, **{field: refused})
    assert [link.url for link in links] == [
        "https://github.com/org/tool2",
        "https://example.org/proj",
    ]
    assert unsafe_links_for(text, **{field: refused}) == (refused,)
