"""Triage filters for search: ``is:kept``, ``tag:x`` and ``has:note`` answered from the store.

:func:`filter_resolver` turns a triage :class:`~tuireader.triage.store.Store` (or no store at
all, when nothing has been triaged yet) into the ``FilterResolver`` that
``Engine.search`` asks. :func:`open_existing` opens the triage file only when it
exists, so reading commands never create a database as a side effect.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Collection, Sequence
from pathlib import Path

from tuireader.triage.store import (
    DEFAULT_STATE,
    STATES,
    Store,
    Triage,
    tag_key,
    unreachable_link,
)

#: the same shape as ``tuireader.search.engine.FilterResolver`` (not imported: Whoosh is slow).
Resolver = Callable[[str, str], "set[str] | None"]

#: answer to ``("is", ANY_STATE)``: every paper whose state is not ``new``.
ANY_STATE = "*"
#: ``is:detached``: marks whose paper is in none of the loaded lists.
DETACHED = "detached"
#: how many tags in use a ``tag:`` naming none lists.
TAGS_NAMED = 8
#: a query that ends with a ``tag:`` still being typed: no space, quote or parenthesis
#: after its value (as a query's last word is a prefix only then: ``query.parse``).
_TYPED_TAG = re.compile(r"(?:^|[\s(])-?tag:([^\s\"()]+)$", re.IGNORECASE)


def filter_resolver(store: Store | None, library_ids: Collection[str] | None = None) -> Resolver:
    """A resolver over ``store``; ``None`` stands for an empty triage state.

    Answers ``("is", state)`` for every state but ``new`` (the engine derives ``is:new``
    from ``("is", "*")``), ``("is", "detached")`` (the ids of marks whose paper is not
    among ``library_ids``; empty when those are not given; see ``Store.detached`` for
    their stored titles), ``("tag", name)`` and ``("has", "note")``; anything else gets
    ``None`` so the engine can say the filter is unknown.
    """

    def resolve(name: str, value: str) -> set[str] | None:
        if name == "is" and value == DETACHED:
            if store is None or library_ids is None:
                return set()
            return store.detached_ids(library_ids)
        if name == "is":
            if value == ANY_STATE:
                return set(store.states()) if store else set()
            if value in STATES and value != DEFAULT_STATE:
                return store.ids_in_state(value) if store else set()
            return None
        if name == "tag":
            if not value.strip():
                return None
            if store is None:
                return set()
            found = store.ids_with_tag(value)
            # the tags in use spelled otherwise that fold to it: "reseau" is "réseau",
            # "ueberblick" is "Überblick"
            key, folded = tag_key(value), tag_folded(value)
            for tag, _ in store.all_tags():
                if tag_key(tag) != key and folded in tag_forms(tag):
                    found |= store.ids_with_tag(tag)
            return found
        if name == "has" and value == "note":
            return store.ids_with_note() if store else set()
        if name == "note":
            if not value.strip():
                return None
            if store is None:
                return set()
            notes = store.get_many(store.ids_with_note())
            return {pid for pid, triage in notes.items() if note_matches(triage.note, value)}
        return None

    return resolve


def note_matches(note: str, value: str) -> bool:
    """Whether a ``note:`` filter's ``value`` is in ``note``: its words, in their order,
    at the start of words of the note, in any case and accents folded as the words of
    the text are ("note:rel" finds "Related work?", ``note:"read later"`` "to read
    later", ``note:reseau`` "réseau"), and umlauts spelled as German writes them
    without them too (``note:ueberblick`` finds "Überblick", as ``tag:`` does)."""
    from tuireader.search.analysis import fold, umlauts_spelled

    words = fold(value).split()
    if not words:
        return False
    pattern = re.compile(r"(?<!\w)" + r"\W+".join(re.escape(word) for word in words))
    spelled = umlauts_spelled(note)
    return any(pattern.search(text) for text in (fold(note), spelled) if text is not None)


@functools.lru_cache(maxsize=4096)
def tag_folded(tag: str) -> str:
    """What a ``tag:`` filter matches tags by: :func:`tag_key` folded as the words of
    the text are, accents stripped ("Réseau" is "reseau"), so that ``tag:reseau``
    finds the papers tagged "réseau" as the word "reseau" finds the text "réseau".
    Kept for each tag met (a library has few tags, on many papers: the reader's filter
    asks it of every tag of every tagged paper)."""
    from tuireader.search.analysis import fold

    return fold(tag_key(tag))


@functools.lru_cache(maxsize=4096)
def tag_forms(tag: str) -> frozenset[str]:
    """What a tag in use is found by: a ``tag:`` whose :func:`tag_folded` is one of
    these. That is the tag folded, and for a tag written with umlauts its spelling as
    German writes it without them too, as the words of the text are
    (:func:`~tuireader.search.analysis.umlauts_spelled`): "Überblick" is found by
    ``tag:uberblick`` and ``tag:ueberblick``. A tag written with "oe" is no tag with
    "ö": "toe" is not found by ``tag:tö``, nor "oe" by ``tag:ö``."""
    from tuireader.search.analysis import umlauts_spelled

    spelled = umlauts_spelled(tag_key(tag))
    return frozenset((tag_folded(tag), spelled) if spelled else (tag_folded(tag),))


def unknown_states(query: str) -> list[str]:
    """The ``is:`` filters in ``query`` that name no triage state, e.g. ``is:bogus``."""
    from tuireader.search import query as ql

    parsed = ql.parse(query)
    return [
        f"is:{node.value}"
        for node in ql.filters(parsed.root)
        if node.name == "is" and ql.unknown_value(node) is not None
    ]


def asks_triage(query: str) -> bool:
    """True if ``query`` has a filter the triage answers: ``is:``, ``tag:`` or
    ``has:note``."""
    from tuireader.search import query as ql

    return any(
        node.name in ("is", "tag", "note") or (node.name, node.value) == ("has", "note")
        for node in ql.filters(ql.parse(query).root)
    )


def tag_being_typed(query: str) -> str | None:
    """The value of the ``tag:`` that ``query`` ends with while it is being typed
    (``grasp tag:rob``), as the last word of a query typed in the reader is a prefix;
    None when the query ends otherwise (a space, a closing quote or parenthesis)."""
    typed = _TYPED_TAG.search(query)
    return typed.group(1) if typed else None


def completed_tags(query: str, known: Sequence[str]) -> list[str]:
    """The tags in use (``known``) that the ``tag:`` being typed at the end of ``query``
    begins, in their order (none when no tag is being typed)."""
    typed = tag_being_typed(query)
    if typed is None:
        return []
    key = tag_folded(typed)
    if not key:
        return []
    return [tag for tag in known if any(form.startswith(key) for form in tag_forms(tag))]


def typed_tag_resolver(resolve: Resolver, query: str, known: Sequence[str]) -> Resolver:
    """``resolve``, with the ``tag:`` being typed at the end of ``query`` taken as a
    prefix of the tags in use (``known``): ``tag:rob`` finds the papers tagged "robots"
    while it is typed, as ``rob`` finds "robot" (see :func:`tag_being_typed`). A tag
    given whole (a space after it) is matched whole, and so is one no tag begins, so
    that what finds nothing is the tag the message names (:func:`unknown_tags`)."""
    completions = completed_tags(query, known)
    if not completions:
        return resolve
    typed = tag_folded(tag_being_typed(query) or "")

    def prefixed(name: str, value: str) -> set[str] | None:
        if name != "tag" or tag_folded(value) != typed:
            return resolve(name, value)
        found: set[str] = set()
        for tag in completions:
            found |= resolve("tag", tag) or set()
        return found

    return prefixed


def unknown_tags(query: str, known: Sequence[str], *, typing: bool = False) -> str | None:
    """What to say of the ``tag:`` filters of ``query`` that name no tag in use (``known``,
    most used first): "no paper is tagged 'grasp' (tags: grasping, robots)"; None when
    each names one (or there is none). With ``typing`` (the reader's search as you type)
    a tag being typed that begins a tag in use names it (:func:`typed_tag_resolver`);
    otherwise a tag typed in part finds nothing, and said so."""
    from tuireader.search import query as ql

    named = [
        node.value
        for node in ql.filters(ql.parse(query).root)
        if node.name == "tag" and node.value.strip()
    ]
    keys = {form for tag in known for form in tag_forms(tag)}
    if typing and completed_tags(query, known):
        keys.add(tag_folded(tag_being_typed(query) or ""))
    missing = list(dict.fromkeys(value for value in named if tag_folded(value) not in keys))
    if not missing:
        return None
    said = ", ".join(repr(ql.shortened(value)) for value in missing)
    # a tag that holds a quote is shown as a query names it too: tag:q"uote reads "q"
    shown = [ql.shortened(tag) + _written(tag) for tag in known[:TAGS_NAMED]]
    more = ", …" if len(known) > len(shown) else ""
    tags = f"tags: {', '.join(shown)}{more}" if shown else "no paper has a tag yet"
    return f"no paper is tagged {said} ({tags})"


def _written(tag: str) -> str:
    """How a query names ``tag`` when it holds a quote, said after it in the tags in use
    (``q"uote (in a query: tag:"q\\"uote")``); "" for a tag without one."""
    if '"' not in tag:
        return ""
    escaped = tag.replace("\\", "\\\\").replace('"', '\\"')
    return f' (in a query: tag:"{escaped}")'


def open_existing(path: str | Path) -> Store | None:
    """The triage store at ``path`` if that file exists, else ``None`` (nothing created).

    Like :meth:`Store.open` this never raises; a damaged or locked file gives a
    read-only store whose ``problem`` says what is wrong, and so does a link to a file
    that is not there (on a disk not mounted): no marks, said, not as if none were made.
    """
    path = Path(path)
    if not path.exists() and not unreachable_link(path):
        return None
    return Store.open(path)


def triage_of(store: Store | None, paper_ids: list[str]) -> dict[str, Triage]:
    """Each paper's triage (a paper never triaged is ``new`` with no tags or note)."""
    if store is None:
        return {pid: Triage(pid) for pid in paper_ids}
    return store.get_many(paper_ids)
