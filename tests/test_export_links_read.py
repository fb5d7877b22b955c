"""A BibTeX export's entries read back as they are written, not by the whole reader.

Before writing a paper's links as ``tuireader-links``, the export reads its entry back
to see whether the entry gives those links already. An entry written as citations
write it is read by ``export._read_as_written``, one look at each line, rather than by
``bibtex.parse_entry_string`` (the parser and its mends of damaged entries), which cost
a third of a 100,000-paper export. The two must read every entry alike, or an export
would gain or lose a ``tuireader-links`` field: these tests hold them equal on the
entries of real lists' exports and of hand-made papers whose links and abstracts hold
what a BibTeX reader is touchy about (braces, ``%``, backslashes, quotes, ``@``, ``#``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tuireader.ingest.formats import bibtex
from tuireader.ingest.formats.bibtex import parse_entry_string, record_from_entry
from tuireader.ingest.formats.ownbib import LINKS_FIELD
from tuireader.ingest.library import load_library
from tuireader.ingest.links import record_links
from tuireader.model import Link, Paper
from tuireader.triage import export
from tuireader.triage.export import render_export
from tuireader.triage.store import Triage

HERE = Path(__file__).parent / "fixtures"
LISTS = {
    "icml": HERE / "export_roundtrip" / "icml2024_slice.jsonl",
    "nips": HERE / "export_roundtrip" / "nips2017_slice.json",
    "corl": HERE / "formats" / "papercopilot_corl2023_slice.json",
    "pmlr": HERE / "formats" / "pmlr_l4dc2020_slice.bib",
    "csl": HERE / "export_roundtrip" / "zotero_csl_slice.json",
    "betterbibtex": HERE / "export_roundtrip" / "zotero_betterbibtex_slice.bib",
    "biblatex": HERE / "formats" / "zotero_biblatex_slice.bib",
    "arxiv": HERE / "formats" / "arxiv_kaggle_slice.jsonl",
}


def _tricky() -> list[Paper]:
    """Papers whose links and abstracts hold what BibTeX readers treat specially."""
    code = "https://github.com/org/tool"
    shapes = [
        ("https://example.org/a{b}c", "braces in the address {and} in the text"),
        ("https://example.org/%7Eme/100%25", "100% of it; 5 \\% escaped; a % alone"),
        ("https://example.org/back\\slash", "a backslash \\ and \\{ and \\} in the text \\"),
        ("https://example.org/q?a=1&b=2#frag", 'quoted "words", x = "y", {"} and #hash'),
        ("https://example.org/at@host", "mail me@example.org, @misc{x, and @ alone"),
        ("https://example.org/a}b", "an unpaired } brace and { another"),
        ("https://example.org/line", "a line\rbreak, a tab\tand month = feb,"),
        ("https://example.org/u", "see https://github.com/org/other and www.example.com/x."),
    ]
    papers = []
    for number, (url, text) in enumerate(shapes):
        papers.append(
            Paper(
                id=f"t{number}",
                title=f"Tricky {number}: {text[:20]}",
                abstract=f"{text} Code at {code}{number}.",
                authors=("Ann Lee", "Bo Chen"),
                year=2024,
                links=(
                    Link(f"{code}{number}", "code", "text"),
                    Link(f"{code}-extra", "code", "code_urls"),
                    Link(url, "paper", "url"),
                    Link(f"{url}.pdf", "paper", "pdf"),
                    Link("https://project.example.org/", "project", "project_urls"),
                ),
            )
        )
    # the same paper with no links, and with only the link its abstract gives
    plain = Paper(id="p0", title="Plain", abstract="Nothing to see.", authors=("Ann Lee",))
    mentioned = Paper(
        id="p1",
        title="Mentioned",
        abstract="Code: https://github.com/org/said.",
        authors=("Bo Chen",),
        links=(Link("https://github.com/org/said", "code", "text"),),
    )
    return [*papers, plain, mentioned]


def _entries(papers: list[Paper], library=None) -> list[tuple[str, Paper]]:
    """The entries an export of ``papers`` reads back for their links, with their paper."""
    seen: list[tuple[str, Paper]] = []
    original = export._with_links

    def spy(entry: str, paper: Paper) -> str:
        seen.append((entry, paper))
        return original(entry, paper)

    export._with_links = spy  # type: ignore[assignment]
    try:
        triage = {p.id: Triage(p.id, "kept", ("to read",), "a note") for p in papers}
        render_export(papers, triage, "bibtex", library=library or papers)
    finally:
        export._with_links = original  # type: ignore[assignment]
    return seen


#: a hand-kept .bib whose entries citations write again from their source: escapes in
#: addresses (``\\_``, ``\\%``, ``\\~{}``), an escaped brace, a bare month, a code field
TRICKY_BIB = r"""
@inproceedings{lee2024esc,
  title = {Escapes in {URLs}: 100\% \{sure\}},
  author = {Lee, Ann and Chen, Bo},
  booktitle = {Proc. of Things},
  year = {2024},
  month = feb,
  url = {https://example.org/paper\_files/a\%20b/\~{}me},
  code = {https://github.com/org/esc\_tool},
  howpublished = {\url{https://example.org/how}},
  note = {See \url{https://example.org/note}},
  abstract = {We write \{braces\}, 5\% and a backslash \textbackslash{} here.}
}

@article{chen2023two,
  title = {Two Code Links and an "Inner" Quote},
  author = {Chen, Bo},
  journal = {J. of Stuff},
  year = {2023},
  url = {https://github.com/org/one},
  github = {https://github.com/org/two},
  doi = {10.1000/x\_y},
  eprint = {2301.00001},
  archiveprefix = {arXiv},
  abstract = {Mirror at https://github.com/org/three and {https://example.org/{braced}}.}
}
"""


def _all_entries(folder: Path) -> list[tuple[str, Paper]]:
    found = _entries(_tricky())
    bib = folder / "tricky.bib"
    bib.write_text(TRICKY_BIB, encoding="utf-8")
    for path in [bib, *LISTS.values()]:
        library = load_library([path])
        assert library.papers, path
        found += _entries(list(library.papers), library)
    return found


@pytest.fixture(scope="module")
def entries(tmp_path_factory) -> list[tuple[str, Paper]]:
    return _all_entries(tmp_path_factory.mktemp("lists"))


def test_an_entry_read_as_written_is_what_the_reader_reads(entries):
    left = 0
    for entry, _paper in entries:
        fast = export._read_as_written(entry)
        if fast is not None:
            assert fast == parse_entry_string(entry), entry
            continue
        left += 1
        # only an entry with a bare value (``month = feb``) or an escaped brace is left
        # to the reader: every other is read as written, or the export is slow again
        assert re.search(r"^  [\w:-]+ = [^{]", entry, re.MULTILINE) or re.search(
            r"\\[{}]", entry
        ), entry
    assert 0 < left < len(entries) / 2


def test_the_links_an_entry_gives_are_the_same_either_way(entries):
    for entry, paper in entries:
        fast = export._read_as_written(entry)
        if fast is None:
            continue
        slow = parse_entry_string(entry)
        assert slow is not None
        fast_record, slow_record = record_from_entry(fast), record_from_entry(slow)
        assert (record_links(fast_record) if fast_record else ()) == (
            record_links(slow_record) if slow_record else ()
        ), entry


def test_the_tricky_papers_entries_are_read_as_written():
    """Citations escape what BibTeX reads specially in a paper's text and links: each
    hand-made paper's entry is read as written (and held equal to the reader's reading
    above), whether its links are given by it or not."""
    seen = _entries(_tricky())
    assert all(export._read_as_written(entry) is not None for entry, _ in seen)
    added = [LINKS_FIELD in export._with_links(entry, paper) for entry, paper in seen]
    assert any(added) and not all(added)


@pytest.mark.parametrize(
    "entry",
    [
        "@misc{k,\n  title = {A \\{ B},\n  url = {https://x.org}\n}",
        "@misc{k,\n  title = {A \\} B},\n  url = {https://x.org}\n}",
        "@misc{k,\n  title = {A B\\},\n  url = {https://x.org}\n}",
        "@misc{k,\n  title = {A} # {B},\n  url = {https://x.org}\n}",
        "@misc{k,\n  title = {A}B},\n  url = {https://x.org}\n}",
        "@misc{k,\n  title = {A{B},\n  url = {https://x.org}\n}",
        "@misc{k,\n  title = {A},\n  title = {B}\n}",
        "@misc{k,\n  title = {A},\n  month = feb\n}",
        "@misc{k,\n  title = {A},\n  url = {https://x.org},\n}",
        "@misc{k,\n  title = {A}\n}\n",
        "@misc{k,\n  title = {A\nB}\n}",
        "@misc{k k,\n  title = {A}\n}",
    ],
)
def test_an_entry_not_as_citations_write_it_is_left_to_the_reader(entry):
    assert export._read_as_written(entry) is None


def test_an_export_of_plain_papers_reads_none_back_with_the_whole_reader(monkeypatch):
    """The papers of a real list, their entries as citations write them, are each read
    as written: the whole reader is called for none of them."""
    library = load_library([LISTS["icml"]])
    papers = list(library.papers)
    triage = {p.id: Triage(p.id) for p in papers}
    calls: list[str] = []
    whole = bibtex.parse_entry_string

    def counted(text: str):
        calls.append(text)
        return whole(text)

    monkeypatch.setattr(bibtex, "parse_entry_string", counted)
    text = render_export(papers, triage, "bibtex", library=library)
    assert text.count("\n@inproceedings{") == len(papers) > 0
    assert calls == []
