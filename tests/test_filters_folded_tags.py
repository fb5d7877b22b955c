"""A ``tag:`` filter folds accents as the words of a query do: ``tag:reseau`` finds the
papers tagged "réseau" (and ``tag:réseau`` those tagged "reseau"), as the word "reseau"
finds the text "réseau". It found nothing, and said no paper was tagged so."""

from __future__ import annotations

import unicodedata

import pytest

from tuireader.triage.filters import (
    filter_resolver,
    tag_folded,
    typed_tag_resolver,
    unknown_tags,
)
from tuireader.triage.store import Store
from tuireader.ui.triage import snapshot_resolver

TAGS = {"a": ("réseau",), "b": ("Reseau",), "c": ("Straße",), "d": ("robots",)}
KNOWN = ["réseau", "Reseau", "Straße", "robots"]


@pytest.fixture
def store(tmp_path):
    with Store.open(tmp_path / "triage.db") as opened:
        for pid, tags in TAGS.items():
            for tag in tags:
                opened.add_tag(pid, tag)
        yield opened


@pytest.mark.parametrize(
    ("value", "ids"),
    [
        ("reseau", {"a", "b"}),
        ("réseau", {"a", "b"}),
        ("RÉSEAU", {"a", "b"}),
        (unicodedata.normalize("NFD", "réseau"), {"a", "b"}),  # pasted decomposed
        ("strasse", {"c"}),
        ("straße", {"c"}),
        ("robots", {"d"}),
        ("rese", set()),  # a tag given whole is matched whole
    ],
)
def test_a_tag_filter_finds_the_tags_that_fold_to_it(store, value, ids):
    assert filter_resolver(store)("tag", value) == ids
    shown = snapshot_resolver({}, {pid: tags for pid, tags in TAGS.items()}, {})
    assert shown("tag", value) == ids


def test_a_tag_is_told_in_use_however_its_accents_are_typed():
    assert unknown_tags("tag:reseau", ["réseau"]) is None
    assert unknown_tags("tag:réseau", ["reseau"]) is None
    assert unknown_tags("tag:resea", ["réseau"]) is not None


def test_a_tag_being_typed_without_its_accents_finds_the_tags_it_begins(store):
    resolve = typed_tag_resolver(filter_resolver(store), "tag:res", KNOWN)
    assert resolve("tag", "res") == {"a", "b"}
    assert unknown_tags("tag:res", ["réseau"], typing=True) is None


def test_tags_keep_their_own_spellings(store):
    """Matching folds; the tags themselves stay as they were written, each its own."""
    assert {tag for tag, _ in store.all_tags()} == {"Reseau", "robots", "réseau", "Straße"}
    assert tag_folded(" Réseau ") == "reseau"


def test_the_readers_tag_filter_folds_each_tag_once_not_once_a_paper(monkeypatch):
    """The reader asks its filter of every tag of every tagged paper: each distinct tag is
    folded once (a fold costs tens of microseconds: 20,000 tagged papers took 1.5 s)."""
    from tuireader.search import analysis

    folded: list[str] = []
    fold = analysis.fold
    monkeypatch.setattr(analysis, "fold", lambda text: folded.append(text) or fold(text))
    tags = {f"p{i}": ("once-survey", "once-réseau", f"once-{i % 3}") for i in range(2000)}
    resolve = snapshot_resolver({}, tags, {})
    assert len(resolve("tag", "once-reseau") or ()) == 2000
    assert len(resolve("tag", "once-1") or ()) == 667
    assert sorted(set(folded)) == sorted(folded)  # no tag folded twice
    assert len(folded) == 6  # the five tags in use and the one typed, each once
