"""Decisions made again where their papers are as they were
(:meth:`Store.make_if_unchanged`) change tags as :meth:`Store.set_tags` does: a tag
longer than a tag may hold is not added (nothing of the action is made), where it was
added unchecked; a long tag the paper has already may stay."""

from __future__ import annotations

import pytest

from tuireader.triage.store import TAG_LIMIT, Store, StoreError


def test_a_too_long_tag_is_not_added(tmp_path):
    long = "x" * (TAG_LIMIT + 1)
    with Store.open(tmp_path / "triage.sqlite3") as store:
        store.set_tags("a", ["old"])
        with pytest.raises(StoreError, match="characters"):
            store.make_if_unchanged(
                [("state", "b", "new", "kept"), ("tags", "a", ("old",), ("old", long))], "s"
            )
        assert store.get("a").tags == ("old",)
        assert store.states() == {}


def test_tags_are_changed_as_set_tags_changes_them(tmp_path):
    with Store.open(tmp_path / "triage.sqlite3") as store:
        store.set_tags("a", ["old", "keep me"])
        outcome = store.make_if_unchanged(
            [("tags", "a", ("old", "keep me"), ("Keep Me", "new"))], "s"
        )
        assert outcome == [("made", None)]
        assert store.get("a").tags == ("keep me", "new")
        assert store.undo() is not None
        assert store.get("a").tags == ("keep me", "old")
