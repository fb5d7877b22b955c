"""A list of new papers added to an indexed library grows the saved word list (the
vocabulary behind prefixes, word forms and spelling suggestions) by the new papers'
words: it read every paper's words again and stemmed every word again, seconds at a few
thousand papers for a list of three. Grown, it is the one a full build makes; when a
paper was removed or changed it is built anew."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tuireader.ingest.library import load_library
from tuireader.model import Library, Paper
from tuireader.search import index as tindex
from tuireader.system.paths import resolve

FIXTURES = Path(__file__).parent / "fixtures"


def _base(tmp_path: Path) -> Path:
    """Slices of real lists, and ICML 2024 papers, in a folder of lists."""
    lists = tmp_path / "lists"
    shutil.copytree(FIXTURES / "real_lists", lists, ignore=shutil.ignore_patterns("*.md"))
    shutil.copy(FIXTURES / "learn" / "why_icml_gnn.jsonl", lists)
    return lists


def _reading(monkeypatch) -> list[str]:  # type: ignore[no-untyped-def]
    """The ids of the papers whose words are read for the word list."""
    read: list[str] = []
    real = tindex.paper_words

    def paper_words(paper: Paper) -> set[str]:
        read.append(paper.id)
        return real(paper)

    monkeypatch.setattr(tindex, "paper_words", paper_words)
    return read


def _as_built(opened: tindex.OpenIndex, library: Library) -> None:
    """The word list is the one a full build makes, and so is the one saved."""
    full = tindex.build_vocab(library.papers)
    stems = tindex.vocab_stems(full)
    assert opened.vocab == full
    assert opened.stems == stems
    saved = json.loads((opened.path / tindex.VOCAB).read_text(encoding="utf-8"))
    assert saved["words"] == full and saved["stems"] == stems


def _open(library: Library, paths) -> tindex.OpenIndex:  # type: ignore[no-untyped-def]
    opened = tindex.open_index(library, paths)
    opened.ix.close()
    return opened


def test_a_list_of_new_papers_adds_their_words_to_the_word_list(tmp_path, monkeypatch):
    paths, lists = resolve(tmp_path / "data"), _base(tmp_path)
    before = load_library([lists])
    assert len(before.papers) > 40
    _open(before, paths)
    shutil.copy(FIXTURES / "learn" / "conf2024.jsonl", lists)
    shutil.copy(FIXTURES / "greek_letters" / "unicode_letters.json", lists)
    library = load_library([lists])
    new = {paper.id for paper in library.papers} - {paper.id for paper in before.papers}
    assert len(new) >= 6
    read = _reading(monkeypatch)
    opened = _open(library, paths)
    assert opened.report.added == len(new)
    assert sorted(read) == sorted(new)  # the words of the new papers alone are read
    monkeypatch.undo()
    _as_built(opened, library)
    again = tindex.open_index(library, paths)  # as saved
    try:
        assert again.report.written == 0
        assert again.vocab == opened.vocab and again.stems == opened.stems
    finally:
        again.ix.close()


@pytest.mark.parametrize("how", ["changed", "removed"])
def test_a_paper_changed_or_removed_builds_the_word_list_anew(tmp_path, monkeypatch, how):
    paths, lists = resolve(tmp_path / "data"), _base(tmp_path)
    _open(load_library([lists]), paths)
    icml = lists / "why_icml_gnn.jsonl"
    lines = icml.read_text(encoding="utf-8").splitlines(keepends=True)
    if how == "changed":
        first = json.loads(lines[0])
        first["abstract"] += " Quokkas were consulted."
        lines[0] = json.dumps(first) + "\n"
    else:
        del lines[0]
    icml.write_text("".join(lines), encoding="utf-8")
    shutil.copy(FIXTURES / "learn" / "conf2024.jsonl", lists)
    library = load_library([lists])
    read = _reading(monkeypatch)
    opened = _open(library, paths)
    assert sorted(read) == sorted(paper.id for paper in library.papers)
    monkeypatch.undo()
    _as_built(opened, library)
    if how == "changed":
        assert opened.vocab["quokkas"] == 1


def test_a_word_list_that_names_no_library_is_built_anew(tmp_path):
    paths, lists = resolve(tmp_path / "data"), _base(tmp_path)
    opened = _open(load_library([lists]), paths)
    vocab_file = opened.path / tindex.VOCAB
    saved = json.loads(vocab_file.read_text(encoding="utf-8"))
    # (saved so before the word list named the library it counts)
    vocab_file.write_text(json.dumps(saved | {"library": None}), encoding="utf-8")
    shutil.copy(FIXTURES / "learn" / "conf2024.jsonl", lists)
    library = load_library([lists])
    _as_built(_open(library, paths), library)
