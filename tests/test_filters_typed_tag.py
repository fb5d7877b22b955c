"""A ``tag:`` being typed at the end of a query is a prefix of the tags in use."""

from __future__ import annotations

from tuireader.triage.filters import tag_being_typed, typed_tag_resolver, unknown_tags

TAGS = {"a": ("robots",), "b": ("Robustness",), "c": ("grasping",)}
KNOWN = ["robots", "Robustness", "grasping"]


def resolve(name: str, value: str) -> set[str] | None:
    """Tags matched whole, in any case, as the store matches them."""
    if name != "tag":
        return None
    return {pid for pid, tags in TAGS.items() if value.casefold() in (t.casefold() for t in tags)}


def test_only_a_tag_the_query_ends_with_is_being_typed():
    assert tag_being_typed("grasp tag:rob") == "rob"
    assert tag_being_typed("-tag:Rob") == "Rob"
    assert tag_being_typed("tag:rob ") is None
    assert tag_being_typed("tag:rob grasp") is None
    assert tag_being_typed('tag:"rob"') is None
    assert tag_being_typed("hashtag:rob") is None


def test_the_tag_being_typed_finds_every_tag_it_begins():
    assert typed_tag_resolver(resolve, "tag:rob", KNOWN)("tag", "rob") == {"a", "b"}
    assert typed_tag_resolver(resolve, "tag:ROBOT", KNOWN)("tag", "ROBOT") == {"a"}
    # given whole, or earlier in the query, it is matched whole
    assert typed_tag_resolver(resolve, "tag:rob ", KNOWN)("tag", "rob") == set()
    assert typed_tag_resolver(resolve, "tag:rob x", KNOWN)("tag", "rob") == set()
    # other filters are answered as before
    assert typed_tag_resolver(resolve, "tag:rob", KNOWN)("tag", "grasping") == {"c"}


def test_the_message_names_no_tag_the_typed_one_begins():
    assert unknown_tags("tag:rob", KNOWN, typing=True) is None
    assert unknown_tags("tag:rob", KNOWN) is not None  # on the command line, whole
    said = unknown_tags("tag:rox", KNOWN, typing=True)
    assert said == "no paper is tagged 'rox' (tags: robots, Robustness, grasping)"
    assert unknown_tags("tag:rob ", KNOWN, typing=True) is not None
