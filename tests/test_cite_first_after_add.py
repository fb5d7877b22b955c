"""The first ``cite`` after ``add``, in a data folder whose library is not cached yet:
the library is read whole (and cached), and the paper's key was then worked out from
every paper's (most of a first cite at 100,000 papers). It is worked out from the papers
whose keys could meet its own, as a cite of a cached library does, what each paper's key
begins with kept beside the library's cache entry for the next cite; the keys, and every
citation printed, are those the whole library gives. What is kept goes with the content
of the lists it was worked out from: a list changed, the keys are those of its papers now.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import bibtexparser
import pytest

from tuireader import cli
from tuireader.cli import main
from tuireader.ingest import lookup
from tuireader.model import Paper
from tuireader.render import citations
from tuireader.session import load_session

FIXTURES = Path(__file__).parent / "fixtures" / "lookup"
#: papers whose generated keys collide (see ``test_lookup_cite_keys``)
GENERATED = FIXTURES / "colliding_keys.jsonl"
#: entries whose keys are the suffixed ones the generated keys would take
SOURCED = FIXTURES / "colliding_keys.bib"


def _cache_dir() -> Path:
    args = cli._parse(cli.build_parser(), ["cite", "x"])
    args.sources = []
    return cli._session(args).paths.cache_dir


def _uncached(cache_dir: Path) -> None:
    """The data folder as ``add`` leaves it: its lists read, no library entry, nothing
    kept beside one."""
    for kind in ("library", lookup.KEYS_KIND, lookup.STEMS_KIND):
        for path in cache_dir.glob(f"{kind}-*"):
            path.unlink()


def _whole_library() -> tuple[list[Paper], dict[str, str]]:
    """The library's papers, and the keys the whole library gives them."""
    args = cli._parse(cli.build_parser(), ["cite", "x"])
    args.sources = []
    session = cli._session(args)
    papers = list(session.library.papers)
    return papers, citations.cite_keys(papers, session.library)


def _counting_base_keys(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    worked: list[str] = []
    real = citations.base_key

    def base_key(paper: Paper) -> str:
        worked.append(paper.id)
        return real(paper)

    monkeypatch.setattr(citations, "base_key", base_key)
    return worked


def _cited_key(capsys: pytest.CaptureFixture[str], *ids: str) -> list[str]:
    assert main(["cite", *ids]) == 0
    return [entry.key for entry in bibtexparser.parse_string(capsys.readouterr().out).entries]


def test_the_first_cite_after_add_works_out_only_the_keys_that_could_meet(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["add", str(GENERATED), str(SOURCED)]) == 0
    cache_dir = _cache_dir()
    papers, whole = _whole_library()
    assert len(set(whole.values())) == len(papers) > 20
    capsys.readouterr()
    worked = _counting_base_keys(monkeypatch)
    for paper in papers:
        _uncached(cache_dir)
        worked.clear()
        assert _cited_key(capsys, paper.id) == [whole[paper.id]]
        # the library was read whole and cached, what each key begins with kept beside it
        assert list(cache_dir.glob("library-*"))
        assert list(cache_dir.glob(f"{lookup.STEMS_KIND}-*")), paper.title
        if re.search(r"\d", whole[paper.id]):  # (one without a digit: every paper's)
            assert {p.id for p in papers if p.id in worked} < {p.id for p in papers}
            other = "Other things" if paper.title != "Other things" else "Quiet koalas"
            assert other not in {p.title for p in papers if p.id in worked}
        # and the next cite finds the same key
        assert _cited_key(capsys, paper.id) == [whole[paper.id]]


def test_the_first_cite_prints_what_the_whole_library_gives(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["add", str(GENERATED), str(SOURCED)]) == 0
    cache_dir = _cache_dir()
    papers, _whole = _whole_library()
    ids = [paper.id for paper in papers]
    capsys.readouterr()
    for form in ("bibtex", "csl-json"):
        expected: list[str] = []
        for paper_id in ids:
            _uncached(cache_dir)
            assert main(["cite", "--format", form, paper_id]) == 0
            first = capsys.readouterr().out
            assert main(["cite", "--format", form, paper_id]) == 0
            assert capsys.readouterr().out == first
            expected.append(first)
        # as every paper's keys give them, the library read again, not cached
        session = load_session([GENERATED, SOURCED], cache=False)
        for paper_id, printed in zip(ids, expected, strict=True):
            paper = session.library.get(paper_id)
            assert paper is not None
            [cited] = citations.cite_many([paper], form, library=session.library, notes=False)
            assert printed == citations.joined_citations([cited], form) + "\n", (form, paper_id)


def test_many_papers_cited_at_once_take_every_papers_keys_kept(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["add", str(GENERATED), str(SOURCED)]) == 0
    cache_dir = _cache_dir()
    papers, whole = _whole_library()
    capsys.readouterr()
    monkeypatch.setattr(lookup, "FEW_TO_CITE", 3)
    _uncached(cache_dir)
    ids = [paper.id for paper in papers[:6]]
    assert _cited_key(capsys, *ids) == [whole[paper_id] for paper_id in ids]
    assert list(cache_dir.glob(f"{lookup.KEYS_KIND}-*"))
    worked = _counting_base_keys(monkeypatch)
    assert _cited_key(capsys, *ids) == [whole[paper_id] for paper_id in ids]
    assert worked == []  # the keys kept


def test_what_is_kept_goes_with_the_lists_content(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listed = tmp_path / "papers.jsonl"
    shutil.copy(GENERATED, listed)
    assert main(["add", str(listed)]) == 0
    cache_dir = _cache_dir()
    papers, whole = _whole_library()
    [other] = [paper for paper in papers if paper.title == "Other things"]
    capsys.readouterr()
    assert _cited_key(capsys, other.id) == ["zu2019other"] == [whole[other.id]]
    [kept] = cache_dir.glob(f"{lookup.STEMS_KIND}-*")
    before = kept.read_bytes()
    # a paper whose key meets this one's is added to the list: the key is told apart
    with listed.open("a", encoding="utf-8") as handle:
        handle.write(
            '{"title": "Other ways", "authors": ["Zed Zu"], "year": 2019, "abstract": "Or."}\n'
        )
    # the library cached again, then read from its new entry
    cited = [_cited_key(capsys, other.id) for _ in range(2)]
    assert kept.read_bytes() != before
    papers, whole = _whole_library()
    assert whole[other.id] in ("zu2019othera", "zu2019otherb")
    assert cited == [[whole[other.id]]] * 2
    assert _cited_key(capsys, *(paper.id for paper in papers)) == [
        whole[paper.id] for paper in papers
    ]


def test_add_caches_the_library_the_next_command_opens(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from tuireader.ingest import library as reading
    from tuireader.system.paths import resolve

    cache_dir = resolve(None).cache_dir
    listed = tmp_path / "papers.jsonl"
    shutil.copy(GENERATED, listed)
    assert main(["add", str(listed)]) == 0
    assert "added papers (30 papers)" in capsys.readouterr().out
    assert list(cache_dir.glob("library-*"))
    _uncached(cache_dir)
    assert main(["add", str(listed)]) == 0  # nothing added: nothing read, nor cached
    assert not list(cache_dir.glob("library-*"))
    assert main(["add", str(SOURCED)]) == 0
    capsys.readouterr()
    papers, whole = _whole_library()
    _uncached(cache_dir)
    assert main(["add", str(GENERATED)]) == 0
    assert capsys.readouterr().err == ""

    # the first command after add opens the library cached: no list is read
    def unread(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the lists were read again")

    monkeypatch.setattr(reading, "load_library", unread)
    assert _cited_key(capsys, papers[0].id) == [whole[papers[0].id]]
