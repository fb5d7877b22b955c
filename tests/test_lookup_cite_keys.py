"""A paper's citation key worked out from the papers whose keys could meet its own, not
from every paper of the library: the first ``cite`` of one paper of a large library
worked out every paper's key (a minute at 100,000 papers). The keys are those the whole
library gives (``render.citations.cite_keys``), suffixes and all."""

from __future__ import annotations

import re
from pathlib import Path

import bibtexparser
import pytest

from tuireader.cli import main
from tuireader.ingest.lookup import keys_among_collisions
from tuireader.model import Paper, SourceEntry
from tuireader.render import citations

FIXTURES = Path(__file__).parent / "fixtures" / "lookup"
#: papers whose generated keys collide: Smith 2020 "Deep…" three times, one whose title's
#: first word is "2020deep" and no year, "Deepa…" (smith2020deepa, a suffix of the
#: others'), two "Dee…" (a stem that begins theirs), a group's name with a digit, and a
#: paper with no year (a key without a digit)
GENERATED = FIXTURES / "colliding_keys.jsonl"
#: entries whose keys are the suffixed ones the generated keys would take, and two of one key
SOURCED = FIXTURES / "colliding_keys.bib"


def _paper(number: int, title: str, authors: tuple[str, ...], year: int | None, **more) -> Paper:
    return Paper(f"p{number:03d}", title, "", authors=authors, year=year, **more)


def _entry(key: str) -> SourceEntry:
    return SourceEntry(key=key, entry_type="article", fields=(("title", "T"),))


def _library() -> list[Paper]:
    smiths = [
        _paper(n, f"{word} learning {n}", (f"Ann{'e' * n} Smith",), 2020)
        for n, word in enumerate(("Deep", "Deep", "Deep", "Deepa", "Dee", "Dee", "Deep"))
    ]
    # seventeen "Dee" papers: the sixteenth suffix is "p" (smith2020deep)
    dees = [_paper(20 + n, f"Dee {n}", ("Cy Smith",), 2020) for n in range(17)]
    return [
        *smiths,
        *dees,
        _paper(40, "2020deep thoughts", ("Ann Smith",), None),
        _paper(41, "Adhesives", ("3M Collaboration",), 2021),
        _paper(42, "Adhesives again", ("3M Collaboration",), 2021),
        _paper(43, "Quiet koalas", ("Ann Lee",), None),
        _paper(44, "Aa batteries", ("Bo Lee",), 2021),
        _paper(45, "Sourced", ("Bo Lee",), 2021, source_entry=_entry("Lee2021")),
        _paper(46, "Sourced too", ("Bo Lee",), 2021, source_entry=_entry("Lee2021")),
        _paper(47, "Deep sourced", ("Al Smith",), 2020, cite_key="smith2020deepb"),
        _paper(48, "Deep again", ("Al Smith",), 2020, source_entry=_entry("Smith2020Deep")),
        _paper(49, "Other", ("Zed Zu",), 2019),
    ]


def test_each_papers_key_is_the_whole_librarys() -> None:
    papers = _library()
    whole = citations.cite_keys(papers, papers)
    # the collisions this is about are there: suffixes, and keys the sources took
    assert {"smith2020deepa", "smith2020deepc", "lee2021a", "Smith2020Deep"} <= {
        key.lower() if key != "Smith2020Deep" else key for key in whole.values()
    }
    told = 0
    for paper in papers:
        fast = keys_among_collisions(papers, [paper.id])
        if fast is None:  # a key without a digit: worked out from every paper
            assert not re.search(r"\d", citations.base_key(paper))
            continue
        told += 1
        assert fast == {paper.id: whole[paper.id]}, paper.title
    assert told == len(papers) - 1
    every = keys_among_collisions(papers, [paper.id for paper in papers if paper.id != "p043"])
    assert every == {paper_id: key for paper_id, key in whole.items() if paper_id != "p043"}


def test_only_the_papers_that_could_collide_are_worked_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    papers = _library()
    worked: list[str] = []
    real = citations.base_key

    def base_key(paper: Paper) -> str:
        worked.append(paper.id)
        return real(paper)

    monkeypatch.setattr(citations, "base_key", base_key)
    keys_among_collisions(papers, ["p049"])
    # the paper's own, and the two whose family names may hold a digit
    assert set(worked) == {"p041", "p042", "p049"}


def test_the_first_cite_of_a_large_library_gives_the_keys_of_the_whole(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert main(["add", str(GENERATED), str(SOURCED)]) == 0
    assert main(["search", "", "--json", "--limit", "100"]) == 0
    capsys.readouterr()
    from tuireader import cli

    args = cli._parse(cli.build_parser(), ["cite", "x"])
    args.sources = []
    session = cli._session(args, lazy=True)
    papers = session.library.papers
    whole = citations.cite_keys(papers, session.library)
    assert len(set(whole.values())) == len(papers) > 20
    worked: list[str] = []
    real = citations.base_key

    def base_key(paper: Paper) -> str:
        worked.append(paper.id)
        return real(paper)

    monkeypatch.setattr(citations, "base_key", base_key)
    for paper in papers:
        for kept in session.paths.cache_dir.glob("citekeys-*"):
            kept.unlink()  # the first cite each time
        worked.clear()
        assert main(["cite", paper.id]) == 0
        [entry] = bibtexparser.parse_string(capsys.readouterr().out).entries
        assert entry.key == whole[paper.id]
        if re.search(r"\d", whole[paper.id]):  # (one without a digit: every paper's)
            # never the family name of a paper whose key could not meet this one's
            other = "Other things" if paper.title != "Other things" else "Quiet koalas"
            assert {p.title for p in papers if p.id in worked} < {p.title for p in papers}
            assert other not in {p.title for p in papers if p.id in worked}
