"""``note:WORDS`` finds the papers whose note holds those words: a note's words were
searched by nothing, so "which paper did I note 'related work' on?" had no answer but
reading every note. The store's filter (the command line) and the reader's, answered
from what it shows, agree."""

from __future__ import annotations

import json
import unicodedata

import pytest
from corpus_util import RECORDS, write_jsonl

from tuireader.cli import main
from tuireader.search import query as ql
from tuireader.triage.filters import asks_triage, filter_resolver, note_matches
from tuireader.triage.store import Store
from tuireader.ui.triage import snapshot_resolver

NOTES = {
    "a": "Related work: compare with [Kaplan].",
    "b": "to read later",
    "c": "Réseau de neurones",
    "d": "relation to a",
    "e": "Überblick über latent replay",
}


@pytest.fixture
def store(tmp_path):
    with Store.open(tmp_path / "triage.db") as opened:
        for pid, note in NOTES.items():
            opened.set_note(pid, note)
        yield opened


@pytest.mark.parametrize(
    ("value", "ids"),
    [
        ("related", {"a"}),
        ("rel", {"a", "d"}),  # the start of a word, as a query's last word is
        ("RELATED WORK", {"a"}),  # words in order, across punctuation
        ("work related", set()),
        ("read later", {"b"}),
        ("ead", set()),  # inside a word: not a word of the note
        ("reseau", {"c"}),  # accents folded, as the words of the text are
        ("uberblick", {"e"}),
        ("ueberblick ueber", {"e"}),  # umlauts as German spells them without, as tag: does
        ("ueberblick", {"e"}),
        (unicodedata.normalize("NFD", "réseau"), {"c"}),
        ("kaplan", {"a"}),
        ("nothing", set()),
    ],
)
def test_a_note_filter_finds_the_notes_holding_its_words(store, value, ids):
    assert filter_resolver(store)("note", value) == ids
    assert snapshot_resolver({}, {}, NOTES)("note", value) == ids


def test_an_empty_note_filter_is_no_filter(store):
    assert filter_resolver(store)("note", " ") is None
    assert snapshot_resolver({}, {}, NOTES)("note", "") is None
    assert not note_matches("anything", "  ")


def test_note_is_a_filter_the_triage_answers():
    parsed = ql.parse('robots note:"read later"')
    assert [(f.name, f.value) for f in ql.filters(parsed.root)] == [("note", "read later")]
    assert asks_triage("note:later")


def _ids(capsys, *argv):
    code = main(["search", "--json", "--limit", "100", "--", *argv])
    out, _err = capsys.readouterr()
    return code, [hit["id"] for hit in json.loads(out)["hits"]]


def test_search_finds_papers_by_the_words_of_their_notes(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("TUIREADER_HOME", str(tmp_path / "home"))
    demo = str(write_jsonl(tmp_path / "demo.jsonl", RECORDS))
    code, everything = _ids(capsys, "", demo)
    assert code == 0 and len(everything) >= 3
    first, second = everything[:2]
    assert main(["note", first, "--set", "Related work: cite in section 2", demo]) == 0
    assert main(["note", second, "--set", "skip for now", demo]) == 0
    capsys.readouterr()
    assert _ids(capsys, "note:section", demo) == (0, [first])
    assert _ids(capsys, 'note:"related work"', demo) == (0, [first])
    code, rest = _ids(capsys, "-note:related", demo)
    assert code == 0 and first not in rest and second in rest
    assert _ids(capsys, "note:nowhere", demo) == (1, [])
