"""CSV (and TSV) with a header row naming its columns, in any case and order.

Columns are found by name (``title``, ``abstract``, ``authors``, ``year``, ``venue``,
``url``, ``doi``, … with common variants); authors are separated by ``;`` or `` and ``
(or commas between full names). An abstract's HTML markup (Zotero's exports keep it) is
taken off.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable
from pathlib import Path

from tuireader.ingest.formats.common import (
    YEAR_RE,
    ReadResult,
    arxiv_from_doi,
    editors_of,
    line_list,
    openreview_id_of,
    plain_doi,
    split_authors_string,
    word_list,
)
from tuireader.ingest.formats.prose import strip_markup
from tuireader.model import Problem, Record

__all__ = ["COLUMNS", "parse_csv"]

#: record field → the column names (lower case, ``_`` for spaces) it is read from.
COLUMNS: dict[str, tuple[str, ...]] = {
    "title": ("title", "paper_title", "name"),
    "authors": ("authors", "author", "author_names", "creators"),
    "editor": ("editor", "editors", "edited_by"),
    "abstract": ("abstract", "summary", "paper_abstract", "abstract_note"),
    "venue": ("venue", "conference", "publication_title", "journal", "booktitle", "source"),
    "year": ("year", "publication_year", "date", "published"),
    "url": ("url", "link", "paper_url", "page", "site"),
    "pdf": ("pdf", "pdf_url", "pdf_link"),
    "openreview": ("openreview", "openreview_url", "forum"),
    "openreview_id": ("openreview_id", "forum_id"),
    "pmlr_key": ("pmlr_key",),
    "doi": ("doi",),
    "code_urls": ("code_urls", "code_url", "code", "github"),
    "project_urls": ("project_urls", "project_url", "project"),
    "arxiv_id": ("arxiv_id", "arxiv"),
    "source_id": ("id", "key", "citation_key", "paper_id"),
    "status": ("status", "decision"),
    "track": ("track",),
    "primary_area": ("primary_area",),
    "keywords": ("keywords", "manual_tags", "tags"),
    "categories": ("categories",),
    "tldr": ("tldr", "tl;dr", "tl_dr"),
    "volume": ("volume",),
    "number": ("number", "issue"),
    "pages": ("pages",),
    "publisher": ("publisher",),
}
_URL_SPLIT = re.compile(r"[\s;,|]+")


def _dialect(sample: str, path: Path) -> type[csv.Dialect]:
    """The dialect of a table: ``.tsv`` is tab-separated, any other file takes the
    delimiter (``,``, ``;`` or tab) its header row uses.

    Only the delimiter (and whether a space follows it) is taken from the sniffer: the
    quoting is always the spreadsheets' (RFC 4180), where ``""`` inside a quoted cell is
    one quote. The sniffer, given a header without quotes, would say the opposite and
    cut a title such as ``"Deep ""quoted"" nets, revisited"`` at its first quote.
    """
    if path.suffix.lower() == ".tsv":
        return csv.excel_tab
    try:
        sniffed = csv.Sniffer().sniff(sample.split("\n", 1)[0], delimiters=",;\t")
    except csv.Error:
        return csv.excel

    class Sniffed(csv.excel):
        delimiter = sniffed.delimiter
        skipinitialspace = sniffed.skipinitialspace

    return Sniffed


def _column_name(column: str) -> str:
    return re.sub(r"[\s/-]+", "_", column.strip().lower())


def _authors(value: str) -> tuple[str, ...]:
    return tuple(split_authors_string(value)) if value.strip() else ()


def parse_csv(text: str, path: Path, keep_bare: bool = False) -> ReadResult:
    """Records of a CSV text whose first row names its columns.

    Rows with neither title nor abstract are skipped with a warning, unless
    ``keep_bare`` (a catalog matches them by DOI or other identifier).
    """
    if not text.strip():
        return ReadResult(path, path.stem, "csv", (), (Problem(path, "the file is empty"),))
    # No cell is longer than the file: the csv module's own limit (128 KiB a cell) stopped
    # a list at an abstract pasted with its paper's full text. (The limit is the
    # process's: it is only ever raised, so a list read at the same time keeps its own.)
    if csv.field_size_limit() <= len(text):
        csv.field_size_limit(len(text) + 1)
    rows = csv.reader(io.StringIO(text, newline=""), _dialect(text[:4096], path))
    try:
        header = next(rows)
    except (StopIteration, csv.Error) as error:
        problem = Problem(path, f"is not a readable CSV file ({error})")
        return ReadResult(path, path.stem, "csv", (), (problem,))
    names = [_column_name(column) for column in header]
    columns: dict[str, int] = {}
    for field_name, aliases in COLUMNS.items():
        for alias in aliases:
            if alias in names:
                columns[field_name] = names.index(alias)
                break
    if "title" not in columns and "abstract" not in columns:
        found = ", ".join(repr(column) for column in header[:12]) or "none"
        wanted = ", ".join(f"'{aliases[0]}'" for aliases in COLUMNS.values())
        problem = Problem(
            path,
            f"has no 'title' or 'abstract' column in its first row (columns found: {found}; "
            f"columns read: {wanted})",
        )
        return ReadResult(path, path.stem, "csv", (), (problem,))
    records: list[Record] = []
    problems: list[Problem] = []
    bare: list[int] = []
    try:
        for row in rows:
            if not any(cell.strip() for cell in row):
                continue

            def cell(name: str, row: list[str] = row) -> str:
                position = columns.get(name)
                if position is None or position >= len(row):
                    return ""
                return row[position].strip()

            record = _record(cell)
            if keep_bare or record.title or record.abstract:
                records.append(record)
            else:
                bare.append(rows.line_num)
    except csv.Error as error:
        problems.append(
            Problem(path, f"could not be read past row {rows.line_num}: {error}", "warning")
        )
    if bare:
        problems.append(
            Problem(
                path,
                f"skipped {len(bare)} row{'s' if len(bare) != 1 else ''} with neither a title "
                f"nor an abstract (line {line_list(bare)})",
                "warning",
            )
        )
    if not records:
        problems.append(Problem(path, "holds no rows with a title or abstract"))
    return ReadResult(path, path.stem, "csv", tuple(records), tuple(problems))


def _record(get: Callable[[str], str]) -> Record:
    """The record of one row; ``get`` gives a field's cell, stripped."""
    title = " ".join(get("title").split())
    abstract = strip_markup(get("abstract"))
    doi = plain_doi(get("doi").lower())
    openreview = get("openreview") or None
    openreview_id = get("openreview_id") or openreview_id_of(openreview)
    year = YEAR_RE.search(get("year"))
    keywords = get("keywords")
    return Record(
        title=title or None,
        authors=_authors(get("authors")),
        abstract=abstract,
        venue=get("venue") or None,
        year=int(year.group(1)) if year else None,
        url=get("url") or None,
        pdf=get("pdf") or None,
        openreview=openreview,
        openreview_id=openreview_id,
        pmlr_key=get("pmlr_key") or None,
        doi=doi,
        code_urls=tuple(url for url in _URL_SPLIT.split(get("code_urls")) if url),
        project_urls=tuple(url for url in _URL_SPLIT.split(get("project_urls")) if url),
        arxiv_id=get("arxiv_id") or arxiv_from_doi(doi),
        source_id=get("source_id") or None,
        status=get("status") or None,
        track=get("track") or None,
        primary_area=get("primary_area") or None,
        keywords=word_list(keywords, ";" if ";" in keywords else ","),
        categories=word_list(get("categories"), " "),
        volume=get("volume") or None,
        number=get("number") or None,
        pages=get("pages") or None,
        publisher=get("publisher") or None,
        editor=editors_of(get("editor")),
        tldr=" ".join(get("tldr").split()) or None,
    )
