"""A ``tag:`` filter takes a tag written with umlauts as the words of the text are
taken: ``tag:ueberblick`` finds the papers tagged "Überblick" as "schoelkopf" finds
"Schölkopf". It found nothing, and said no paper was tagged so. A tag written with
"oe" is no tag with "ö": "toe" is not found by ``tag:tö``."""

from __future__ import annotations

import unicodedata

import pytest

from tuireader.triage.filters import (
    completed_tags,
    filter_resolver,
    typed_tag_resolver,
    unknown_tags,
)
from tuireader.triage.store import Store
from tuireader.ui.triage import snapshot_resolver

TAGS = {
    "a": ("Überblick",),
    "b": ("toe",),
    "c": ("oe",),
    "d": ("Ueberblick",),
    "e": ("Größe",),
    "f": ("tö",),
}
KNOWN = [tag for tags in TAGS.values() for tag in tags]


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
        ("ueberblick", {"a", "d"}),
        ("UEBERBLICK", {"a", "d"}),
        ("uberblick", {"a"}),
        ("überblick", {"a"}),
        ("Überblick", {"a"}),
        (unicodedata.normalize("NFD", "überblick"), {"a"}),
        ("groesse", {"e"}),
        ("grosse", {"e"}),
        ("größe", {"e"}),
        ("ueber", set()),  # a tag given whole is matched whole
        # a tag written with "oe" is not one written with "ö"
        ("ö", set()),
        ("tö", {"f"}),
        ("to", {"f"}),
        ("toe", {"b", "f"}),
        ("oe", {"c"}),
    ],
)
def test_a_tag_filter_finds_the_tags_written_with_umlauts_it_spells(store, value, ids):
    assert filter_resolver(store)("tag", value) == ids
    assert snapshot_resolver({}, dict(TAGS), {})("tag", value) == ids


def test_a_tag_spelled_without_its_umlauts_is_told_in_use():
    assert unknown_tags("tag:ueberblick", ["Überblick"]) is None
    assert unknown_tags("tag:uberblick", ["Überblick"]) is None
    assert unknown_tags("tag:ö", ["oe", "toe"]) is not None
    assert unknown_tags("tag:tö", ["toe"]) is not None


def test_a_tag_being_typed_spelled_without_its_umlauts_finds_the_tags_it_begins(store):
    assert completed_tags("tag:ueb", KNOWN) == ["Überblick", "Ueberblick"]
    assert completed_tags("tag:über", KNOWN) == ["Überblick"]
    assert completed_tags("tag:grö", KNOWN) == ["Größe"]
    assert completed_tags("tag:groe", KNOWN) == ["Größe"]
    resolve = typed_tag_resolver(filter_resolver(store), "tag:ueb", KNOWN)
    assert resolve("tag", "ueb") == {"a", "d"}
    assert unknown_tags("tag:ueb", KNOWN, typing=True) is None
