"""Which paper of the library each document of the index is.

A search finds document numbers; the paper of each is named by the document's stored
id, a compressed record read per document (about 16 µs: 1.2 s for the 74,000 hits of a
word most of 100,000 papers have, every one of which list and fit order need).
``Documents`` reads the ids of a few hits, and for many makes, once for its searcher,
the library's position of every document: an array of 4 bytes a document, made in one
pass over the stored records (0.5 s at 100,000 papers), which ``snapshot`` keeps for the
next process.

Document numbers hold for one searcher only: an update, a merge or a rebuild of the index
is searched by a new searcher (``Engine._attach``), which has its own ``Documents``.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Collection, Iterable, Sequence
from typing import Any

from tuireader.model import Library, Paper
from tuireader.search.ranking import in_tie_order, list_places

#: a search that needs the papers of at least this share of the index's documents makes
#: the map of every document: reading one document's stored id costs about as much as
#: four documents of the map's one pass
MAP_SHARE = 0.25
#: documents whose stored id is read to check a map given from elsewhere (the snapshot)
CHECKED = 8
#: the position of a document that is no paper of the library (one of another list's
#: papers, kept in the index, or a deleted document)
NOWHERE = -1
#: the place in the lists (``Documents.places``) of a paper of no list: after every other
_NO_PLACE = (sys.maxsize, "")


class Documents:
    """The library's paper of each document of ``searcher`` (a ``whoosh.searching.Searcher``).

    ``positions``: the map made before for this very index and library (the snapshot's);
    one that does not fit the searcher, or names another paper than a document's stored
    id says where checked, is dropped, and made again when needed."""

    def __init__(self, library: Library, searcher: Any, positions: array | None = None):
        self._library = library
        self._searcher = searcher
        self._count: int = searcher.reader().doc_count_all()
        #: the library's ids, in list order, as when the map was made
        self._ids: Sequence[str] = ()
        self._positions: array | None = None
        #: the documents in list order (``_list_order``), and the map they were made of
        self._order: array | None = None
        self._order_of: array | None = None
        #: each id of the map's at its position (``docs_of``), and the ids it was made of
        self._at: dict[str, int] | None = None
        self._at_of: Sequence[str] | None = None
        #: the library's papers last seen in memory, and whether the map's positions are
        #: theirs (a library read lazily, read whole later, has the same ids unless it
        #: fell back to reading its lists again)
        self._seen: Sequence[Paper] | None = None
        self._fits = False
        #: each paper's place in the lists (``ranking.list_places``), made when first asked
        self._places: dict[str, tuple[int, str]] | None = None
        #: each document's rank by that place (``_ranks``), and the map it was made of
        self._ranked: array | None = None
        self._ranked_of: array | None = None
        if positions is not None:
            self._take(positions)

    def papers(self, docs: Sequence[int]) -> list[Paper | None]:
        """The paper of each of ``docs`` (None: no paper of the library), in their order."""
        if self._positions is None and len(docs) >= MAP_SHARE * self._count:
            self.positions()
        get = self._library.get
        positions = self._positions
        if positions is None:
            stored = self._searcher.stored_fields
            return [get(stored(doc)["id"]) for doc in docs]
        papers = self._in_memory()
        if papers is not None:
            return [papers[at] if (at := positions[doc]) != NOWHERE else None for doc in docs]
        ids = self._ids
        return [get(ids[at]) if (at := positions[doc]) != NOWHERE else None for doc in docs]

    def in_list_order(self, docs: Collection[int], limit: int | None) -> list[int]:
        """The first ``limit`` of ``docs`` that are papers of the library, in list order:
        told by the map, so that only the papers shown are read (``search --sort list``
        at 100,000 papers read every hit's record to show 20).

        Of many ``docs``, the first few are found by going through the library's
        documents in list order until they are, where sorting every one of them took
        35 ms for the 74,000 of "learning" at 100,000 papers (for 100: about 140 steps)."""
        positions = self.positions()
        if limit is not None and limit * self._count < len(docs) * len(docs):
            wanted = docs if isinstance(docs, (set, frozenset, dict)) else set(docs)
            found: list[int] = []
            for doc in self._list_order():
                if doc in wanted:
                    found.append(doc)
                    if len(found) == limit:
                        break
            return found
        placed = sorted((at, doc) for doc in docs if (at := positions[doc]) != NOWHERE)
        return [doc for _, doc in (placed if limit is None else placed[:limit])]

    def _list_order(self) -> array:
        """The document of each paper of the library, in list order (``NOWHERE`` for a
        paper the index has no document of); made from the map when first asked for."""
        positions = self.positions()
        if self._order is None or self._order_of is not positions:
            order = array("i", [NOWHERE]) * len(self._ids)
            for doc, at in enumerate(positions):
                if at != NOWHERE:
                    order[at] = doc
            self._order, self._order_of = order, positions
        return self._order

    def docs_of(self, ids: Collection[str]) -> set[int]:
        """The documents of the papers ``ids`` of the library (none for an id of no
        paper of it). Many are found through the map, a few by the index's ``id`` term
        each: a filter's answer of 2,000 marked papers looked up id by id took about as
        long as the rest of the search (``is:kept``, 0.15 s on ICML 2024)."""
        if self._positions is None and len(ids) < MAP_SHARE * self._count:
            found = (self._searcher.document_number(id=paper_id) for paper_id in ids)
            return {doc for doc in found if doc is not None}
        order = self._list_order()
        if self._at is None or self._at_of is not self._ids:
            self._at = {paper_id: at for at, paper_id in enumerate(self._ids)}
            self._at_of = self._ids
        where = self._at
        placed = (order[at] for paper_id in ids if (at := where.get(paper_id)) is not None)
        return {doc for doc in placed if doc != NOWHERE}

    def places(self, docs: Sequence[int]) -> list[tuple[int, str, str]]:
        """The place of the paper of each of ``docs`` in the lists, which orders hits of
        equal score (``best_first``): its position in its list, the list's name and its
        id; after every paper of the library for a document of none."""
        if self._positions is None and len(docs) < MAP_SHARE * self._count:
            stored = self._searcher.stored_fields
            ids: list[str | None] = [stored(doc)["id"] for doc in docs]
        else:
            positions, known = self.positions(), self._ids
            ids = [known[at] if (at := positions[doc]) != NOWHERE else None for doc in docs]
        return [self._place(paper_id) for paper_id in ids]

    def _place(self, paper_id: str | None) -> tuple[int, str, str]:
        places = self._places
        if places is None:
            places = self._places = list_places(self._library.lists)
        if paper_id is None:
            return (*_NO_PLACE, "")
        return (*places.get(paper_id, _NO_PLACE), paper_id)

    def best_first(self, scored: Iterable[tuple[int, float]]) -> list[tuple[int, float]]:
        """``scored`` (documents with their scores) best first, those of equal score in
        the order of their papers' places in the lists (``places``), the same however
        the index came to number its documents. Few are ordered by their own places;
        many (most of the index's documents) by the rank of every document's place,
        made once for the searcher."""
        scored = list(scored)
        if self._positions is None and len(scored) < MAP_SHARE * self._count:
            top = sorted(scored, key=lambda item: (-item[1], item[0]))
            return in_tie_order(top, self.places)
        rank = self._ranks()
        return sorted(scored, key=lambda item: (-item[1], rank[item[0]]))

    def _ranks(self) -> array:
        """Each document's rank by its paper's place in the lists (``places``), the
        documents of no paper after every other; made from the map when first asked."""
        positions = self.positions()
        if self._ranked is None or self._ranked_of is not positions:
            ids = self._ids
            by_place = sorted(range(len(ids)), key=lambda at: self._place(ids[at]))
            rank_at = array("i", [0]) * len(ids)
            for rank, at in enumerate(by_place):
                rank_at[at] = rank
            last = len(ids)
            ranks = array("i", [rank_at[at] if at != NOWHERE else last for at in positions])
            self._ranked, self._ranked_of = ranks, positions
        return self._ranked

    def paper(self, doc: int) -> Paper | None:
        """The paper of document ``doc``, read as ``papers`` reads a few."""
        positions = self._positions
        if positions is None:
            return self._library.get(self._searcher.stored_fields(doc)["id"])
        at = positions[doc]
        return self._library.get(self._ids[at]) if at != NOWHERE else None

    def positions(self) -> array:
        """The library's position (in list order) of every document, ``NOWHERE`` for
        those of no paper of the library; made when first asked for."""
        if self._positions is None:
            ids = self._library.paper_ids()
            where = {paper_id: at for at, paper_id in enumerate(ids)}
            positions = array("i", [NOWHERE]) * self._count
            for doc, stored in self._searcher.reader().iter_docs():  # the undeleted ones
                positions[doc] = where.get(stored["id"], NOWHERE)
            self._ids, self._positions = ids, positions
        return self._positions

    def _in_memory(self) -> Sequence[Paper] | None:
        """The library's papers, when they are in memory in the order of the map."""
        library = self._library
        if not library.complete:
            return None
        papers = library.papers
        if papers is not self._seen:
            ids = self._ids
            fits = len(papers) == len(ids) and all(
                paper.id == paper_id for paper, paper_id in zip(papers, ids, strict=True)
            )
            self._seen, self._fits = papers, fits
        return papers if self._fits else None

    def library_docs(self) -> set[int]:
        """The documents of the library's papers."""
        return {doc for doc, at in enumerate(self.positions()) if at != NOWHERE}

    def _take(self, positions: array) -> None:
        """Search with ``positions`` if they fit this searcher and library."""
        ids = self._library.paper_ids()
        if len(positions) != self._count:
            return
        if positions and not NOWHERE <= min(positions) <= max(positions) < len(ids):
            return
        placed = [doc for doc, at in enumerate(positions) if at != NOWHERE]
        last = len(placed) - 1
        reader = self._searcher.reader()
        # the first, the last and some between
        for doc in {placed[n * last // (CHECKED - 1)] for n in range(CHECKED)} if placed else ():
            if reader.is_deleted(doc) or reader.stored_fields(doc)["id"] != ids[positions[doc]]:
                return
        self._ids, self._positions = ids, positions
