"""Each paper's index fingerprint: cheap to work out, and changed by what the index holds."""

from __future__ import annotations

from corpus_util import RECORDS, write_jsonl

from tuireader.ingest.library import load_library
from tuireader.render import textrender
from tuireader.search import index as tindex
from tuireader.search.engine import open_engine
from tuireader.system.paths import resolve

MATH = [
    {
        "title": "Sparse Recovery in $\\ell_0$ Balls",
        "abstract": "We bound the error by $O(\\sqrt{n})$ for $\\alpha$-mixing data.",
        "year": 2024,
    },
    {
        "title": 'H\\"{o}lderian Error Bounds',
        "abstract": "Plain prose about convex programs.",
        "tldr": "Rates for $\\beta$-smooth losses.",
        "year": 2024,
    },
]


def _forget_rendered() -> None:
    """Empty the caches of texts rendered, so that a render this process did earlier
    does not hide one the fingerprints would do."""
    tindex._as_shown.cache_clear()
    tindex._rendered.cache_clear()
    tindex._phrase_text.cache_clear()


def test_reopening_without_cached_fingerprints_renders_no_math(tmp_path, monkeypatch):
    paths = resolve(tmp_path / "data")
    lists = write_jsonl(tmp_path / "a.jsonl", [*RECORDS, *MATH])
    tindex.open_index(load_library([lists]), paths).ix.close()

    _forget_rendered()
    rendered = []
    real = textrender.render

    def counted(text, *args, **kwargs):
        rendered.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(textrender, "render", counted)
    again = tindex.open_index(load_library([lists]), paths)
    again.ix.close()
    assert again.report.written == 0 and not again.report.rebuilt
    assert rendered == []


def test_a_renderer_that_shows_math_otherwise_reindexes_the_papers_with_math(tmp_path, monkeypatch):
    paths = resolve(tmp_path / "data")
    lists = write_jsonl(tmp_path / "a.jsonl", [*RECORDS, *MATH])
    tindex.open_index(load_library([lists]), paths).ix.close()

    monkeypatch.setattr(tindex, "_renderer_stamp", lambda: "another renderer")
    again = tindex.open_index(load_library([lists]), paths)
    again.ix.close()
    assert (again.report.updated, again.report.added, again.report.removed) == (len(MATH), 0, 0)


def test_a_changed_tldr_or_title_math_reindexes_the_paper(tmp_path):
    paths = resolve(tmp_path / "data")
    lists = write_jsonl(tmp_path / "a.jsonl", MATH)
    tindex.open_index(load_library([lists]), paths).ix.close()

    changed = [dict(each) for each in MATH]
    changed[1]["tldr"] = "Rates for $\\gamma$-smooth losses."
    write_jsonl(lists, changed)
    engine = open_engine(load_library([lists]), paths)
    assert engine.report.updated == 1
    # the title as a BibTeX title reads (its TeX accent the letter it makes)
    assert [hit.paper.title for hit in engine.search("gamma").hits] == ["Hölderian Error Bounds"]
