"""Searching without an index: the query evaluated on each paper's text.

Slow, but honest: used when no index can be had (a data folder that cannot be
written, a build that failed). Words match as substrings of the paper's words, in
title, abstract and authors; ``url:`` the paper's links as the index reads them; filters
the caller cannot answer are ignored, and said so.
"""

from __future__ import annotations

from tuireader.ingest.links import address_terms, index_text, link_address
from tuireader.model import Library, Paper
from tuireader.search import query as ql
from tuireader.search.analysis import raw_words
from tuireader.search.index import abstract_text, title_text
from tuireader.search.terms import FilterResolver, link_words


def scan(
    library: Library,
    root: ql.Node | None,
    limit: int | None,
    resolve: FilterResolver | None,
    problems: list[str],
) -> tuple[list[Paper], int, set[str]]:
    """The first ``limit`` papers matching ``root`` in list order, how many match, and the
    raw words to highlight; what cannot be answered is added to ``problems``."""
    sets: dict[tuple[str, str], set[str] | None] = {}
    for flt in ql.filters(root):
        key = (flt.name, flt.value)
        if key in sets:
            continue
        if flt.name == "is" and flt.value == "new" and resolve is not None:
            others = resolve("is", "*")
            sets[key] = None if others is None else {p.id for p in library.papers} - others
        else:
            sets[key] = resolve(flt.name, flt.value) if resolve else None
        unknown = ql.unknown_value(flt)
        if unknown is not None:
            problems.append(f"{unknown}; it was ignored")
        elif sets[key] is None and not (flt.name == "has" and flt.value in ql.INDEX_HAS):
            said = ql.shortened(f"{flt.name}:{flt.value}")
            problems.append(f"{said} cannot be answered here; it was ignored")

    def matches(node: ql.Node | None, paper: Paper, hay: str) -> bool:
        if node is None:
            return True
        if isinstance(node, ql.Term) and node.field == "year":
            bounds = ql.year_bounds(node.text)
            return bounds is None or (
                paper.year is not None and bounds[0] <= paper.year <= bounds[1]
            )
        if isinstance(node, ql.Term) and node.field == "urls":
            return _link_matches(node, paper, addressed)
        if isinstance(node, ql.Phrase):
            return " ".join(w for w, _, _ in raw_words(node.text, stops=False)) in hay
        if isinstance(node, ql.Term):
            # as the index, which keeps no stop words: "the walrus" is "walrus"
            return all(w in hay for w, _, _ in raw_words(node.text, stops=not node.prefix))
        if isinstance(node, ql.Filter):
            if node.name == "has" and node.value in ql.INDEX_HAS:
                return any(link.kind == node.value for link in paper.links)
            ids = sets.get((node.name, node.value))
            return True if ids is None else paper.id in ids
        if isinstance(node, ql.Not):
            return not matches(node.child, paper, hay)
        if isinstance(node, ql.And):
            return all(matches(c, paper, hay) for c in node.children)
        return any(matches(c, paper, hay) for c in node.children)

    # as the index: an address no link of the library has is looked for as words
    addressed = {
        node.text
        for node in _link_terms(root)
        if ql.looks_like_address(node.text)
        and any(_at_address(node, paper) for paper in library.papers)
    }
    problems.extend(
        ql.year_problem(node.text)
        for node in ql.words(root)
        if isinstance(node, ql.Term) and node.field == "year" and ql.year_bounds(node.text) is None
    )
    found = []
    for paper in library.papers:
        hay = " ".join(
            w
            for w, _, _ in raw_words(
                f"{title_text(paper)} {abstract_text(paper)} {' '.join(paper.authors)}", stops=False
            )
        )
        if matches(root, paper, hay):
            found.append(paper)
    wanted = {w for node in ql.words(root) for w, _, _ in raw_words(node.text, stops=False)}
    return (found if limit is None else found[:limit]), len(found), wanted


def _link_terms(node: ql.Node | None) -> list[ql.Term]:
    """The ``url:`` terms of ``node``, those excluded too."""
    if isinstance(node, ql.Term):
        return [node] if node.field == "urls" else []
    if isinstance(node, ql.Not):
        return _link_terms(node.child)
    if isinstance(node, (ql.And, ql.Or)):
        return [term for child in node.children for term in _link_terms(child)]
    return []


def _link_matches(node: ql.Term, paper: Paper, addressed: set[str]) -> bool:
    """``url:`` as the index answers it: a link at the address (``addressed``: one the
    library has) or the words of the paper's links."""
    if node.text in addressed:
        return _at_address(node, paper)
    have = {w for link in paper.links for w, _, _ in raw_words(index_text(link), stops=False)}
    wanted = [w for w, _, _ in raw_words(link_words(node.text), stops=not node.prefix)]
    if node.prefix and wanted:
        last = wanted.pop()
        if not any(word.startswith(last) for word in have):
            return False
    return all(word in have for word in wanted)


def _at_address(node: ql.Term, paper: Paper) -> bool:
    """Whether a link of ``paper`` is at the address ``url:`` names (being typed: at one
    that begins so)."""
    address = link_address(node.text)
    for link in paper.links:
        terms = address_terms(link.url)
        if address in terms or (node.prefix and any(t.startswith(address) for t in terms)):
            return True
    return False
