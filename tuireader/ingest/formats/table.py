"""CSV (and TSV) with a header row naming its columns, in any case and order.

Columns are found by name (``title``, ``abstract``, ``authors``, ``year``, ``venue``,
``url``, ``doi``, … with common variants), in any case and punctuation ("Author(s)",
"Authors List", "Code Link"); every column of code or project links is read ("GitHub"
and "Repository"). A column whose name says it may hold a field that no column gives
("Lead Author" in a sheet without an authors column) is named in a warning. Authors are
separated by ``;`` or `` and `` (or commas between full names; between semicolons, or in a
database's column of full names, a name's one comma is its "Family, Given"), what follows a name in
parentheses (a database's number, an affiliation) and a contact author's ``*`` left out. A column of what the work is
(Zotero's "Item Type", Scopus's "Document Type") makes the venue a journal or a
proceedings for citations. An abstract's HTML markup (Zotero's exports keep it) is
taken off.

A table is one by what it holds, whatever its file's name (a sheet saved as ``.txt``,
Excel's "Unicode Text", a file with no name ending: :func:`looks_like_table`), and its
header row may stand a few rows down, below a title row that names no column ("ICML
2024 reading list"), which is left out and said.

A list of titles, one a line, is read so: under a header of one column, a comma in
running text (followed by a space, before no number or address) is the title's, not a
cell's end; with no header at all, lines of such text with a varying number of commas
are each one paper's title, said.

A table cut short (a download or a copy that stopped half way) keeps the rows before the
break; its last row, broken off inside a quoted cell or (with no line end after it) short
of the cells every row before it has, is skipped and said to be cut short, as a JSON
Lines file's broken last line is. A last line without a line end is otherwise whole. A
few rows short of cells where the others have them all (a line break in a cell not
quoted, which makes two rows of one) are read as they stand and named, but rows of one
line each, all short (or a title's first part alone on its line before the rest of its
row, in a table whose other rows are whole), whose cells are the header's once the cell
broken between them is one again: they are read as one row, and said.

A quote left single inside a quoted cell (a hand-edited file's ``"A "quoted" word"``,
which a spreadsheet writes ``""quoted""``) is read as a quote where the row's cells can
still be told apart for sure, and the row is otherwise skipped, every line of it (an
abstract's lines after such a quote are no rows of their own); either is said, by line,
and so is a row with more cells than the header has columns. A quote that opens a cell
and is never closed, before rows that are whole, is read as text where the cell is one
line, and the cell's lines are otherwise skipped and said: the rows after it are read,
not taken into the cell. A cell whose opening quote was lost, its closing one left (a
row of one line whose cells are more or fewer than the columns, or a doubled quote in a
cell not quoted), is read with the quote put back where exactly one cell's start makes
the row whole, with a year where the table has a column of them: said, and its paper no
longer taken into the abstract of the row before.
"""

from __future__ import annotations

import csv
import io
import itertools
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from tuireader.ingest.formats.common import (
    CUT_SHORT,
    YEAR_RE,
    ReadResult,
    arxiv_from_doi,
    arxiv_id_of,
    damaged_year,
    damaged_years_said,
    distinct_words,
    editors_of,
    family_first_names,
    given_id_texts,
    line_list,
    listed_strings,
    one_edit,
    openreview_id_of,
    plain_dois,
    ranked_within,
    says_yes,
    split_authors_string,
    split_lines,
    unread_doi,
    unread_dois_said,
    word_list,
    wos_venue,
    year_of,
)
from tuireader.ingest.formats.prose import strip_markup
from tuireader.model import Problem, Record, SourceEntry

__all__ = ["CITATION_KEY_COLUMN", "COLUMNS", "DETACHED_COLUMN", "looks_like_table", "parse_csv"]

#: record field → the column names (:func:`_column_name`: lower case, ``_`` between
#: words, ``(s)`` as ``s``) it is read from, the first found (for links, every one found).
COLUMNS: dict[str, tuple[str, ...]] = {
    "title": (
        "title",
        "paper_title",
        "document_title",  # IEEE Xplore
        "article_title",  # Web of Science
        "name",
        "paper_name",
        "paper",
    ),
    "authors": (
        "authors",
        "author",
        "author_names",
        "creators",
        "authors_list",
        "author_list",
        "paper_authors",
        "speakers_authors",  # the NeurIPS, ICML and ICLR sites' "speakers/authors"
    ),
    "editor": ("editor", "editors", "edited_by"),
    "abstract": ("abstract", "summary", "paper_abstract", "abstract_note"),
    "venue": (
        "venue",
        "conference",
        "publication_title",
        "journal",
        "booktitle",
        "source_title",  # Scopus, Web of Science ("Source" is the database)
        "source",
        "conference_name",
        "published_in",
    ),
    "year": ("year", "publication_year", "date", "published"),
    "url": ("url", "link", "paper_url", "page", "site", "paper_link", "virtualsite_url"),
    "pdf": ("pdf", "pdf_url", "pdf_link", "paper_url_pdf"),
    "openreview": ("openreview", "openreview_url", "forum"),
    "openreview_id": ("openreview_id", "forum_id"),
    "pmlr_key": ("pmlr_key",),
    "doi": ("doi",),
    "other_dois": ("other_dois",),
    "code_urls": (
        "code_urls",
        "code_url",
        "code",
        "github",
        "code_link",
        "code_links",
        "code_repository",
        "code_repo",
        "repository",
        "repository_url",
        "repo",
        "repo_url",
        "github_url",
        "github_link",
        "source_code",
    ),
    "project_urls": ("project_urls", "project_url", "project", "project_page", "project_link"),
    "arxiv_id": ("arxiv_id", "arxiv", "arxiv_url", "arxiv_link", "paper_arxiv_id"),
    "source_id": ("id", "key", "citation_key", "paper_id"),
    "status": ("status", "decision"),
    # the conference sites' "type" of a paper's session: Poster, Oral, Spotlight
    "presentation": ("type", "event_type", "presentation_type", "session_type"),
    "track": ("track", "track_name"),  # CMT's "Track Name"
    "primary_area": ("primary_area", "primary_subject_area", "subject_area"),
    # Zotero's CSV gives the tags a user gave and those its import gave in two columns
    "keywords": ("keywords", "author_keywords", "manual_tags", "automatic_tags", "tags"),
    "categories": ("categories",),
    "tldr": ("tldr", "tl;dr", "tl_dr"),
    "volume": ("volume",),
    "number": ("number", "issue"),
    "pages": ("pages",),
    # Scopus's and IEEE Xplore's pages, in two columns
    # what the work is: Zotero's "journalArticle", Scopus's "Conference Paper", IEEE
    # Xplore's "IEEE Journals" (a sheet's "Type" of "Poster" says nothing of it)
    "entry_type": ("item_type", "document_type", "document_identifier", "publication_type"),
    "first_page": ("page_start", "start_page", "first_page", "beginning_page"),
    "last_page": ("page_end", "end_page", "last_page", "ending_page"),
    # Scopus's "Art. No.": where a journal numbers its articles and gives no pages, the
    # number a citation gives in their place (APA's "Article 145")
    "article_number": ("art_no",),
    "publisher": ("publisher",),
    "edition": ("edition",),
    # the place of publication (tuireader's own export, Zotero's "Place")
    "place": ("place",),
    # the series (tuireader's own export, Zotero's "Series")
    "series": ("series",),
}

#: every name a column is read by (the aliases of ``COLUMNS``)
_COLUMN_NAMES = frozenset(alias for aliases in COLUMNS.values() for alias in aliases)

#: the columns of Web of Science's tab-delimited export (``savedrecs.txt``), whose
#: header is its tags: ``PT``, ``AU``, …, ``TI``, ``SO``, …
_WOS_COLUMNS: dict[str, tuple[str, ...]] = {
    "title": ("ti",),
    "authors": ("af", "au"),
    # the groups among the authors ("CMS Collaboration"), after the people
    "group_authors": ("ca",),
    "editor": ("be",),
    "abstract": ("ab",),
    "venue": ("so",),
    "year": ("py",),
    "doi": ("di",),
    "volume": ("vl",),
    "number": ("is",),
    "first_page": ("bp",),
    "last_page": ("ep",),
    "article_number": ("ar",),
    "publisher": ("pu",),
    "keywords": ("de",),
    "entry_type": ("dt",),
    "source_id": ("ut",),
    "journal_iso": ("ji",),
    "conference": ("ct",),
}
#: columns that give a field better than the one :data:`COLUMNS` names it by, read
#: before it: Scopus's and Web of Science's full names ("Smith, John (57190000001)")
#: beside their "Authors" ("Smith J.", the given names' initials only)
_BETTER_COLUMNS: dict[str, tuple[str, ...]] = {"authors": ("author_full_names",)}
#: the fields read from tuireader's own export alone (any other table's column of the
#: name may mean something else), by the columns it writes them in.
_OWN_EXPORT_COLUMNS: dict[str, tuple[str, ...]] = {
    "arxiv_class": ("arxiv_class",),
    "journal_ref": ("journal_ref",),
    # the BibTeX entry type it writes ("inproceedings"), which citations give
    "entry_type": ("entry_type",),
    # the authors as the paper's source split them ("Rojas Carulla, Mateo")
    "author_names": ("author_names",),
    # the month and day of its date, which citations give ("2019, June 20")
    "month": ("month",),
    "day": ("day",),
    # the site a web page or a post is on ("Medium"), which citations give
    "site": ("howpublished",),
    # the BibTeX entry the paper was read from, as a paper list's ``bibtex`` gives it
    "bibtex": ("bibtex",),
    # the citation key its CSL-JSON source gave it, its citations' key
    "cite_key": ("cite_key",),
}
#: the fields whose every column is read (a sheet with a ``Code`` and a ``Repository``).
_EVERY_COLUMN = frozenset({"code_urls", "project_urls", "keywords"})
#: words of a column's name that say what it holds, by the field it would be read for:
#: how that field is said, and the names to give the column. A column no name of
#: :data:`COLUMNS` reads ("Lead Author") is named in a warning when no other column gives
#: its field.
_HINTS: dict[str, tuple[tuple[str, ...], str, str]] = {
    "title": (("title",), "the title is", "'title'"),
    "authors": (("author", "authors", "writers"), "the authors are", "'authors' or 'author(s)'"),
    "abstract": (("abstract", "summary"), "the abstract is", "'abstract' or 'summary'"),
    "year": (("year",), "the year is", "'year'"),
    "venue": (("venue", "conference", "journal", "proceedings"), "the venue is", "'venue'"),
    "url": (("url", "link", "links"), "the paper's link is", "'url' or 'link'"),
    "pdf": (("pdf",), "the PDF is", "'pdf'"),
    "doi": (("doi",), "the DOI is", "'doi'"),
    "code_urls": (
        ("code", "github", "gitlab", "repo", "repository", "repositories"),
        "code links are",
        "'code', 'github' or 'repository'",
    ),
    "arxiv_id": (("arxiv",), "the arXiv id is", "'arxiv'"),
    "keywords": (("keyword", "keywords"), "the keywords are", "'keywords'"),
    "tldr": (("tldr", "tl;dr"), "the TL;DR is", "'tldr'"),
}
_URL_SPLIT = re.compile(r"[\s;,|]+")
#: the first columns of tuireader's own CSV export, in its order: a table that starts
#: with them is one, whose ``id`` is tuireader's (the source's own is ``source_id``) and
#: whose ``tags``, ``state`` and ``note`` are the user's triage, not the paper's keywords.
OWN_COLUMNS: tuple[str, ...] = (
    "id",
    "title",
    "authors",
    "venue",
    "year",
    "state",
    "tags",
    "note",
    "url",
    "code",
)
#: what an export's ``lists`` cell joins the paper's lists with.
LIST_SEPARATOR = "; "
#: the column of tuireader's export that says a row is a detached mark's (``true``): a
#: mark whose paper is in none of the lists the export was made from, written with what
#: the triage file keeps of its paper (its title, its first author's family name). No
#: paper of the table: it is skipped and said (``tuireader import`` takes its mark),
#: lest it be a paper "Li" wrote, or give the paper of its title, read from its own
#: list beside it, its one author in place of all.
DETACHED_COLUMN = "detached"
#: the column of tuireader's export after :data:`OWN_COLUMNS` that gives each paper's
#: citation key (its BibTeX export's, ``tuireader cite``'s): for people and reference
#: managers, never read back as the paper's id or its source's (``source_id`` is that)
CITATION_KEY_COLUMN = "citation_key"


#: Excel's first line that names a table's delimiter ("sep=;"), before its header row
_SEP_LINE = re.compile(r"\Asep=([^\r\n\w\"])\r?\n", re.IGNORECASE)


def _dialect(sample: str, path: Path, delimiter: str | None = None) -> type[csv.Dialect]:
    """The dialect of a table: ``.tsv`` is tab-separated, one whose first line names its
    delimiter (Excel's ``sep=;``) takes that one, any other file takes the delimiter
    (``,``, ``;`` or tab) its header row uses.

    Only the delimiter (and whether a space follows it) is taken from the sniffer: the
    quoting is always the spreadsheets' (RFC 4180), where ``""`` inside a quoted cell is
    one quote. The sniffer, given a header without quotes, would say the opposite and
    cut a title such as ``"Deep ""quoted"" nets, revisited"`` at its first quote.
    """
    if delimiter is not None:
        return _delimited(delimiter)
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
    """A column's name as :data:`COLUMNS` has it: lower case, ``(s)`` as ``s``, words
    joined by one ``_`` ("Author(s)" → "authors", "Code Link" → "code_link", "TL;DR" →
    "tl;dr", "Paper #" → "paper_#", not the "paper" of a column of titles)."""
    name = column.strip().lower().replace("(s)", "s")
    return re.sub(r"[^\w;#]+|_+", "_", name).strip("_")


#: what a sheet writes after an author's name that is no part of it: a database's number
#: ("Smith, John (57190000001)"), an affiliation ("Ann Lee (MIT)", as CMT's exports
#: give them), a mark for the contact author or equal contribution ("*", "†")
_AUTHOR_NOTE = re.compile(r"\s*\([^()]*\)|[*†‡]+")


#: the columns of a database's full names, each written family name first and joined
#: with ";" (Scopus's "Author full names", Web of Science's ``AF`` and ``AU``)
_FULL_NAMES_COLUMNS = frozenset({"author_full_names", "af", "au"})


def _authors(value: str, family_first: bool = False) -> tuple[str, ...]:
    value = _AUTHOR_NOTE.sub("", value)
    return tuple(split_authors_string(value, family_first)) if value.strip() else ()


def _author_names(value: str, authors: tuple[str, ...]) -> tuple[str, ...]:
    """``authors`` in BibTeX's "Family, Given" order, as the cell writes them family
    name first ("Abad Rocamora, Elias", Scopus's "Abad Rocamora E."), so that a family
    name of several words is cited whole; empty unless the cell writes each so."""
    names = family_first_names(_AUTHOR_NOTE.sub("", value)) if authors else ()
    return names if len(names) == len(authors) else ()


def _own_number(value: str, most: int) -> int | None:
    """A month (up to 12) or a day (up to 31) of tuireader's export, else None."""
    return int(value) if value.isdigit() and 1 <= int(value) <= most else None


def _authors_as_written(value: str) -> tuple[str, ...]:
    """The authors of a row of tuireader's own export, each as written."""
    return tuple(split_authors_string(value)) if value.strip() else ()


def parse_csv(
    text: str, path: Path, keep_bare: bool = False, below_title: bool = False
) -> ReadResult:
    """Records of a CSV text whose first row names its columns.

    Rows with neither title nor abstract are skipped with a warning, unless
    ``keep_bare`` (a catalog matches them by DOI or other identifier). A header a few
    rows down, below rows that name no column (a title row: "ICML 2024 reading list"),
    is the header, and the rows above it are left out, said (``below_title``: they are
    so already).
    """
    if not text.strip():
        return ReadResult(path, path.stem, "csv", (), (Problem(path, "the file is empty"),))
    # No cell is longer than the file: the csv module's own limit (128 KiB a cell) stopped
    # a list at an abstract pasted with its paper's full text. (The limit is the
    # process's: it is only ever raised, so a list read at the same time keeps its own.)
    if csv.field_size_limit() <= len(text):
        csv.field_size_limit(len(text) + 1)
    source = text  # as given, before any row is mended
    sep_line = _SEP_LINE.match(text)
    # blank lines before the header row (a file saved with an empty first line) are
    # none of it: read as the header, they made a table of no columns, and not one paper
    sample = text[sep_line.end() if sep_line else 0 :].lstrip(" \t\r\n")[:4096]
    dialect = _dialect(sample, path, sep_line.group(1) if sep_line else None)
    text, header_quote = _header_quote_left_out(text, sep_line.end() if sep_line else 0, dialect)
    text, header_break = _header_rejoined(text, sep_line.end() if sep_line else 0, dialect)
    rows = csv.reader(io.StringIO(text, newline=""), dialect)
    try:
        if sep_line:
            next(rows)  # the line that names the delimiter: no header
        header = next(rows)
        while not any(cell.strip() for cell in header):
            header = next(rows)
    except (StopIteration, csv.Error) as error:
        problem = Problem(path, f"is not a readable CSV file ({error})")
        return ReadResult(path, path.stem, "csv", (), (problem,))
    before = rows.line_num  # the lines up to the header's end
    alone = _one_column_delimiter(text, before, header, dialect) if not sep_line else None
    if alone is not None:
        # a list of titles under its one column's name: a comma in a row is the title's
        dialect = _dialect(sample, path, alone)
        rows = csv.reader(io.StringIO(text, newline=""), dialect)
        while rows.line_num < before:
            next(rows)
    # rows with a quote left single inside a quoted cell, mended or blanked, and the
    # text read again from the first row after the header
    lines = io.StringIO(text, newline="").readlines() if '"' in text else []
    years = [at for at, cell in enumerate(header) if _column_name(cell) in COLUMNS["year"]]
    stray = _stray_quotes(lines, before, dialect, len(header), years[0] if years else None)
    if any(stray):
        text = "".join(lines)
        rows = csv.reader(io.StringIO(text, newline=""), dialect)
        while rows.line_num < before:
            next(rows)
    # rows that a line break in a cell not quoted made two of, joined again
    split = io.StringIO(text, newline="").readlines()
    joined = _join_split_rows(split, before, dialect, len(header))
    if joined:
        text = "".join(split)
        rows = csv.reader(io.StringIO(text, newline=""), dialect)
        while rows.line_num < before:
            next(rows)
    header, cut_name = _rejoined(header)
    names = [_column_name(column) for column in header]
    # a quote put into a column's name ('au"thors'): the column was read for nothing,
    # every paper without its authors, unsaid
    unquoted = [
        at
        for at, column in enumerate(header)
        if '"' in column
        and names[at] not in _COLUMN_NAMES
        and _column_name(column.replace('"', "")) in _COLUMN_NAMES
    ]
    for at in unquoted:
        names[at] = _column_name(header[at].replace('"', ""))
    misspelt = _misspelt_columns(names) if names[:2] != ["pt", "au"] else {}
    for at, name in misspelt.items():
        names[at] = name
    own = tuple(names[: len(OWN_COLUMNS)]) == OWN_COLUMNS
    known = COLUMNS | (_OWN_EXPORT_COLUMNS if own else {})
    if names[:2] == ["pt", "au"] and "ti" in names:
        known = _WOS_COLUMNS  # Web of Science's tab-delimited export: its tags name them
    columns: dict[str, list[int]] = {}
    for field_name, aliases in known.items():
        if own:
            # tuireader's export: its id is its own, its tags the user's, and its
            # citation key no id of the paper's source
            aliases = tuple(
                alias for alias in aliases if alias not in ("id", "tags", CITATION_KEY_COLUMN)
            )
            aliases = ("source_id", *aliases) if field_name == "source_id" else aliases
        aliases = (*_BETTER_COLUMNS.get(field_name, ()), *aliases)
        named = [names.index(alias) for alias in aliases if alias in names]
        if named:
            columns[field_name] = sorted(named) if field_name in _EVERY_COLUMN else named[:1]
    # a database's full names: one with one comma is one name, even alone on its row
    family_first = "authors" in columns and names[columns["authors"][0]] in _FULL_NAMES_COLUMNS
    lists_at = names.index("lists") if own and "lists" in names else None
    links_at = names.index("links") if own and "links" in names else None
    scopes: list[str | None] = []
    id_at = names.index("id") if own else None
    ids: list[str | None] = []
    detached_at = names.index(DETACHED_COLUMN) if own and DETACHED_COLUMN in names else None
    detached: list[int] = []  # the rows of detached marks, skipped
    if "title" not in columns and "abstract" not in columns and not below_title:
        under = _read_below_title(source, path, keep_bare)
        if under is not None:
            return under  # a title row (and a blank one) above the header
    if not columns and _titles_alone(source, dialect):
        return _read_titles(source, path)
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
    unread = _unread_columns(header, names, columns)
    if unread:
        problems.append(Problem(path, unread, "warning"))
    # the columns of a list's own (its notes, ratings) that are not read: named once the
    # rows show they hold something. A reference database's export (Zotero's, Scopus's,
    # IEEE Xplore's, Web of Science's: what each work is in a column of its own) has
    # dozens of its own, read as far as they give a paper; tuireader's export is read
    # whole, and a catalog for its papers' identifiers
    database = "entry_type" in columns or known is _WOS_COLUMNS
    others = [] if own or keep_bare or database else _other_columns(header, names, columns, known)
    filled: set[int] = set()
    if cut_name:
        said = (
            f"the header's column {cut_name!r} is cut in two by a delimiter put into its "
            "name; read it as one"
        )
        problems.append(Problem(path, said, "warning"))
    for at in unquoted:
        said = f"the header's column {header[at].strip()!r} holds a quote; read it as {names[at]!r}"
        problems.append(Problem(path, said, "warning"))
    for at in misspelt:
        said = (
            f"the header's column {header[at].strip()!r} names no column read, one character "
            f"from {names[at]!r}, which no other column is: read it as {names[at]!r}"
        )
        problems.append(Problem(path, said, "warning"))
    if header_quote:
        problems.append(Problem(path, header_quote, "warning"))
    if header_break:
        problems.append(Problem(path, header_break, "warning"))
    problems.extend(Problem(path, said, "warning") for said in _stray_said(*stray))
    if joined:
        pairs = ", ".join(f"{first}-{last}" for first, last in joined[:5])
        more = f" and {len(joined) - 5} more" if len(joined) > 5 else ""
        problems.append(
            Problem(
                path,
                f"lines {pairs}{more}: a line break in a cell not quoted made rows of "
                "one, each line read as a paper; read as one row (a cell that holds a line "
                "break must be quoted)",
                "warning",
            )
        )
    bare: list[int] = []
    year_at = columns["year"][0] if "year" in columns else None
    wide: list[int] = []  # rows with cells past the header's, under no column
    narrow: list[int] = []  # rows short of the header's cells
    over: list[int] = []  # rows with blank cells past the header's
    damaged_years: list[tuple[int, tuple[str, int | None]]] = []  # rows whose year is damaged
    bad_dois: list[tuple[int, str]] = []  # rows whose DOI gives none, as written
    width = len(header)
    seen = short = 0  # rows with a cell that is not blank, and those short of cells
    # the last row: its first line, its cells, and whether it gave a record (None: it is
    # blank, and counted nowhere; False: it is among the bare rows)
    last: tuple[int, int, bool | None] = (0, 0, None)
    read = rows.line_num  # the lines read before the row at hand
    how: str | None = None  # how the last row breaks off, if it does
    try:
        for row in rows:
            start, read = read + 1, rows.line_num
            last = (start, len(row), None)
            if not any(cell.strip() for cell in row):
                continue
            seen += 1
            if len(filled) < len(others):
                filled.update(at for at in others if at < len(row) and row[at].strip())
            short += len(row) < width
            if len(row) < width:
                narrow.append(start)
            if any(cell.strip() for cell in row[width:]):
                wide.append(start)
            elif len(row) > width and (not row[0].strip() or _year_moved(row, year_at, width)):
                # its cells moved on by a delimiter put in before them (its first, or
                # one in a cell, its year moved past its column, its last cell, empty,
                # past the header's)
                over.append(start)

            def cell(name: str, row: list[str] = row) -> str:
                cells = [row[at].strip() for at in columns.get(name, ()) if at < len(row)]
                # keywords of two columns stay apart, each column's own separator kept
                value = ("\n" if name == "keywords" else " ").join(text for text in cells if text)
                return _formula_kept(value) if own else value

            if detached_at is not None and _is_true(row, detached_at):
                detached.append(start)
                last = (start, len(row), False)
                continue
            record = _record(cell, family_first)
            damaged = damaged_year(cell("year")) if record.year is None else None
            if damaged is not None:
                record = replace(record, year=damaged[1])
            if own:
                record = _own_links(record, row, links_at)
                # its authors as the paper has them: a nickname ("Shixiang (Shane) Gu")
                # is no affiliation a sheet wrote after a name
                record = replace(
                    record,
                    authors=_authors_as_written(cell("authors")),
                    author_names=tuple(
                        name.strip() for name in cell("author_names").split(";") if name.strip()
                    ),
                    month=_own_number(cell("month"), 12),
                    day=_own_number(cell("day"), 31),
                    site=" ".join(cell("site").split()) or None,
                    # its entry type as written, BibLaTeX's too ("online")
                    entry_type=_own_entry_type(cell("entry_type")) or record.entry_type,
                    # the BibTeX entry it was read from, which its citations reproduce
                    source_entry=_own_entry(cell("bibtex")),
                    cite_key=cell("cite_key") or None,
                )
            kept = bool(keep_bare or record.title or record.abstract)
            if kept:
                if damaged is not None:
                    damaged_years.append((start, damaged))
                if not record.doi and (doi := unread_doi(cell("doi"))) is not None:
                    bad_dois.append((start, doi))
                records.append(record)
                scopes.append(_own_scope(row, lists_at) if not record.venue else None)
                ids.append(row[id_at].strip() if id_at is not None and id_at < len(row) else None)
            else:
                bare.append(rows.line_num)
            last = (start, len(row), kept)
    except csv.Error as error:
        problems.append(
            Problem(path, f"could not be read past row {rows.line_num}: {error}", "warning")
        )
    else:
        start, cells, gave = last
        counted = gave is not None
        before = seen - counted  # rows before it, not blank
        shorter = short - (counted and cells < width)  # of those, rows short of cells
        even = before > 0 and not shorter
        how = _broken_off(text, dialect, start, cells, width, even)
        if how:
            if counted and gave:
                records.pop()
                scopes.pop()
                ids.pop()
                if damaged_years and damaged_years[-1][0] == start:
                    damaged_years.pop()  # a year cut short is no damage of its own
                if bad_dois and bad_dois[-1][0] == start:
                    bad_dois.pop()
            elif counted and detached and detached[-1] == start:
                detached.pop()
            elif counted:
                bare.pop()
            problems.append(
                Problem(
                    path,
                    f"the last row (line {start}) breaks off {how}; skipped it {CUT_SHORT}",
                    "warning",
                )
            )
    if how and narrow and narrow[-1] == last[0]:
        narrow.pop()  # the last row, said cut short
    if narrow and seen - short > seen / 2 and len(narrow) <= max(2, seen / 10):
        # a table whose rows have their cells but these few: a line break in a cell not
        # quoted ("A title\nwrapped,Ann Lee,2020") made two rows of one, a paper of its
        # first part, without a word (a table written by hand, many of its rows short
        # of their empty cells, is read as it stands, as before)
        many = len(narrow) != 1
        problems.append(
            Problem(
                path,
                f"line{'s' if many else ''} {line_list(narrow)}: fewer cells than the "
                f"{width} columns of the header, which the other rows have (read as "
                "it stands; a cell that holds a line break must be quoted)",
                "warning",
            )
        )
    if over and len(over) <= max(2, seen / 10) and seen - len(over) > seen / 2:
        # a row with an empty cell more than the others have: a delimiter put in
        # (",Plain title,Di Eh,2022,", "Plain, title,Di Eh,2022,") moved its cells one
        # column on, the title under none, or its authors under the title's, unsaid
        # (empty cells at a row's end, its year where it belongs, move none)
        wide = sorted(wide + over)
    if wide:
        many = len(wide) != 1
        # a list of titles alone, one with a comma ("Deep nets, revisited"), is no table
        # of "1 columns": what is lost is the rest of its cell
        beyond = (
            "the header's one column (read its first part alone; a cell that holds the "
            "delimiter must be quoted)"
            if width == 1
            else f"the {width} columns of the header (read as far as the header goes; the "
            "cells may be under the wrong columns)"
        )
        problems.append(
            Problem(
                path,
                f"line{'s' if many else ''} {line_list(wide)}: more cells than {beyond}",
                "warning",
            )
        )
    for mended in (True, False):
        rows_said = [(at, said) for at, said in damaged_years if (said[1] is not None) == mended]
        if rows_said:
            place = (
                f"line{'s' if len(rows_said) > 1 else ''} {line_list([at for at, _ in rows_said])}"
            )
            said = damaged_years_said(place, [written for _, written in rows_said])
            problems.append(Problem(path, said, "warning"))
    if bad_dois:
        place = f"line{'s' if len(bad_dois) > 1 else ''} {line_list([at for at, _ in bad_dois])}"
        said = unread_dois_said(place, [doi for _, doi in bad_dois])
        problems.append(Problem(path, said, "warning"))
    if bare:
        problems.append(
            Problem(
                path,
                f"skipped {len(bare)} row{'s' if len(bare) != 1 else ''} with neither a title "
                f"nor an abstract (line{'s' if len(bare) != 1 else ''} {line_list(bare)})",
                "warning",
            )
        )
    if records and filled:
        said = _other_columns_said(header, [at for at in others if at in filled])
        problems.append(Problem(path, said, "warning"))
    if detached:
        from tuireader.ingest.formats.ownbib import detached_said

        # nothing else read: the table gave no paper, which is said as an error is
        said = detached_said(len(detached))
        problems.append(Problem(path, said, "warning" if records else "error"))
    elif not records:
        problems.append(Problem(path, "holds no rows with a title or abstract"))
    if "is_official" in names and "code_urls" in columns and not own:
        records = _official_code_first(records, text, dialect, names.index("is_official"))
    return ReadResult(
        path,
        path.stem,
        "csv",
        tuple(records),
        tuple(problems),
        tuple(scopes) if any(scopes) else (),
        tuple(given_id_texts(records, scopes, ids, path.stem)) if any(ids) else (),
    )


def _official_code_first(
    records: list[Record],
    text: str,
    dialect: type[csv.Dialect],
    official_at: int,
) -> list[Record]:
    """Papers with Code's links between papers and code as a table (a row per paper and
    repository, ``is_official`` "True" or "False"), each paper's rows in the places its
    rows take, its official repositories first, as the JSON file's are read: a paper's
    first code link is its authors' repository, not a reimplementation listed before it.
    """
    official: set[str] = set()  # the cells of the rows of official repositories
    for row in csv.reader(io.StringIO(text, newline=""), dialect):
        if official_at < len(row) and says_yes(row[official_at]):
            official.update(cell.strip() for cell in row)
    if not official:
        return records
    groups: dict[str, list[int]] = {}
    for at, record in enumerate(records):
        paper = record.arxiv_id or record.url or record.title
        if paper and record.code_urls:
            groups.setdefault(paper, []).append(at)
    return ranked_within(
        records, groups.values(), lambda at: records[at].code_urls[0] not in official
    )


#: the rows not blank that may stand above a table's header row: a title ("ICML 2024
#: reading list"), a date, a note, as a sheet made by hand starts
_ROWS_ABOVE_HEADER = 3
#: the lines at a file's start looked at for its header row (blank ones among them)
_LINES_FOR_HEADER = 20
#: the longest cell read as a column's name where the file's name does not say it is a
#: table (a line of prose is no header row)
_LONGEST_COLUMN_NAME = 40
#: the rows after a header looked at to tell a table by its content
_ROWS_FOR_SHAPE = 200
#: the names of the columns a table by its content must have one of
_TITLE_OR_ABSTRACT = frozenset((*COLUMNS["title"], *COLUMNS["abstract"]))


def _delimited(delimiter: str) -> type[csv.Dialect]:
    """The spreadsheets' dialect (RFC 4180's quoting) with ``delimiter``."""

    class Delimited(csv.excel):
        pass

    Delimited.delimiter = delimiter
    return Delimited


def _header_cells(line: str) -> tuple[str, list[str]] | None:
    """The delimiter and the cells of ``line`` when it reads as a table's header row: two
    cells or more (by a tab, ``;`` or ``,``), each short as a column's name, one naming
    the title or the abstract; None for any other line. Of several delimiters, the one
    that gives the most names of columns read (then the most cells) is taken."""
    best: tuple[tuple[int, int], str, list[str]] | None = None
    for delimiter in ("\t", ";", ","):
        if delimiter not in line:
            continue
        try:
            cells = next(csv.reader([line], _delimited(delimiter)))
        except (csv.Error, StopIteration):
            continue
        names = [_column_name(cell) for cell in cells if cell.strip()]
        if len(names) < 2 or any(len(cell.strip()) > _LONGEST_COLUMN_NAME for cell in cells):
            continue
        if not _TITLE_OR_ABSTRACT.intersection(names):
            continue
        rank = (sum(name in _COLUMN_NAMES for name in names), len(cells))
        if best is None or rank > best[0]:
            best = (rank, delimiter, cells)
    return None if best is None else (best[1], best[2])


def _header_row(text: str) -> tuple[int, str, list[str]] | None:
    """Where the header row of the table ``text`` is (its line's index among the
    file's lines), its delimiter and its cells: the first line not blank, or one a few
    rows below it, where the rows above it name no column and hold fewer cells than
    half the header's (a title, a date: "ICML 2024 reading list,,,,,,,"); None when no
    such line names a title or abstract column (:func:`_header_cells`)."""
    lines = split_lines(text[: 1 << 16])[:_LINES_FOR_HEADER]
    above: list[str] = []
    for index, line in enumerate(lines):
        line = line.lstrip("\ufeff")
        if not line.strip():
            continue
        found = _header_cells(line)
        if found is not None:
            delimiter, cells = found
            width = sum(bool(cell.strip()) for cell in cells)
            for row in above:
                try:
                    held = [cell.strip() for cell in next(csv.reader([row], _delimited(delimiter)))]
                except (csv.Error, StopIteration):
                    return None
                filled = [cell for cell in held if cell]
                if len(filled) * 2 > width or any(
                    _column_name(cell) in _COLUMN_NAMES for cell in filled
                ):
                    return None
            return index, delimiter, cells
        if len(above) >= _ROWS_ABOVE_HEADER:
            return None
        above.append(line)
    return None


def looks_like_table(text: str) -> bool:
    """True when ``text`` is a table with a header row, whatever its file's name says (a
    sheet saved as ``.txt``, Excel's "Unicode Text", a file with no name ending): a
    header row naming a title or abstract column (:func:`_header_row`), and rows after
    it, one at least (two for a comma or ``;``, which prose holds), nine in ten of them
    with as many cells as the header (blank cells past them aside), one row more aside
    where the header plainly names columns (a title column, every cell a column's name,
    the first row right under it: of two rows, one may have a comma left unquoted).

    Read as a text list, such a table was one paper whose abstract was its rows run
    together, in a list named after its header row."""
    found = _header_row(text)
    if found is None:
        return False
    index, delimiter, cells = found
    width = len(cells)
    if csv.field_size_limit() <= len(text):
        csv.field_size_limit(len(text) + 1)
    lines = io.StringIO(text, newline="").readlines()
    rows = csv.reader(lines[index + 1 :], _delimited(delimiter))
    counted = even = 0
    try:
        for row in itertools.islice(rows, _ROWS_FOR_SHAPE):
            if not any(cell.strip() for cell in row):
                continue
            counted += 1
            even += len(row) == width or (
                len(row) > width and not any(cell.strip() for cell in row[width:])
            )
    except csv.Error:
        return False
    # under a header that plainly names a table's columns (a title column, every cell a
    # column's name, the first row right under it: a list's name is followed by a blank
    # line), one row more may be off, a comma in a cell left unquoted, as in a file
    # named .csv: of two rows, one
    names = [_column_name(cell) for cell in cells if cell.strip()]
    plain = (
        bool(set(COLUMNS["title"]).intersection(names))
        and all(name in _COLUMN_NAMES for name in names)
        and index + 1 < len(lines)
        and bool(lines[index + 1].strip())
    )
    return counted >= (1 if delimiter == "\t" else 2) and (even + plain) * 10 >= counted * 9


def _read_below_title(text: str, path: Path, keep_bare: bool) -> ReadResult | None:
    """The table ``text`` read from its header row where that is a few rows below its
    first (:func:`_header_row`), the rows above it left out (blank, so that every line
    keeps its number) and said; None when its first row is its header, or it has none.

    Read from its first row, a sheet with its title above the header ("ICML 2024
    reading list", a blank row) was refused: it "has no 'title' column in its first
    row"."""
    found = _header_row(text)
    if found is None:
        return None
    index = found[0]
    lines = io.StringIO(text, newline="").readlines()
    above = [number for number, line in enumerate(lines[:index]) if line.strip()]
    if not above:
        return None  # the header is the first line not blank
    delimiter = found[1]
    kept = [
        " ".join(cell.strip() for cell in next(csv.reader([lines[at]], _delimited(delimiter))))
        for at in above
    ]
    kept = [" ".join(row.split()) for row in kept if row.strip()]
    blanked = "".join(line[len(line.rstrip("\r\n")) :] for line in lines[:index])
    result = parse_csv(blanked + "".join(lines[index:]), path, keep_bare, below_title=True)
    if not result.records:
        return None
    shown = "; ".join(f"“{row}”" for row in kept)
    some = len(kept) > 1
    said = (
        f"its first row names no column: took line {index + 1} as the header row, and "
        f"left out the row{'s' if some else ''} above it" + (f" ({shown})" if shown else "")
    )
    return replace(result, problems=(Problem(path, said, "warning"), *result.problems))


#: what a row's text never holds, one of which reads a table of one column as one cell
#: a line (the ASCII separators)
_NO_DELIMITERS = "\x1f\x1e\x1d\x1c"
#: a cell that is data, not a part of a title cut at a comma: a number, a date, a web
#: address, an e-mail address
_DATA_CELL = re.compile(r"[\d\s.,:;/()-]*\d[\d\s.,:;/()-]*|\S*(?:://|@|www\.)\S*")
#: the longest line read as a title where no header names the columns
_LONGEST_TITLE = 300


def _prose_lines(lines: list[str], delimiter: str) -> bool:
    """True when ``lines`` (not blank) are running text whose delimiters are a text's
    commas: each followed by a space, no cell data (a number, an address), quoted
    cells passed over."""
    for line in lines:
        bare = re.sub(r'"[^"]*"', "", line.strip())
        if re.search(f"{re.escape(delimiter)}(?! )", bare):
            return False
        if any(_DATA_CELL.fullmatch(cell.strip()) for cell in bare.split(delimiter)):
            return False
    return True


def _header_quote_left_out(
    text: str, start: int, dialect: type[csv.Dialect]
) -> tuple[str, str | None]:
    """``text`` with the quotes of its header row (the first line not blank from
    ``start`` on) left out, and that said, when they are an odd number and the row
    without them names columns only (``title,"authors,year``); else ``text`` as it is.

    A quote opening a column's name and never closed made one cell of the header's
    rest and every row after it: not one paper was read."""
    at = start
    while True:
        end = text.find("\n", at)
        line = text[at:] if end < 0 else text[at:end]
        if line.strip() or end < 0:
            break
        at = end + 1
    cells = line.split(dialect.delimiter)
    if line.count('"') % 2 == 0 or not any(cell.lstrip().startswith('"') for cell in cells):
        return text, None  # a quote inside a name ('au"thors') opens no cell
    bare = line.replace('"', "")
    names = [_column_name(cell) for cell in bare.rstrip("\r").split(dialect.delimiter)]
    if not names or any(name not in _COLUMN_NAMES for name in names):
        return text, None
    said = "its header row holds a quote left single, which took every row after it into one column; read the header without it"
    return text[:at] + bare + text[at + len(line) :], said


#: the rows after a header looked at for the number of cells its table's rows have
_ROWS_LOOKED_AT = 50


def _header_rejoined(text: str, start: int, dialect: type[csv.Dialect]) -> tuple[str, str | None]:
    """``text`` with its header row (the first line not blank from ``start`` on) and the
    line after it made one, where a line break cut the row (``title,auth`` and
    ``ors,year``): the header names not every column the table's rows have, and the
    two lines, joined as they are or by a space, make a row of as many cells, each the
    name of a column, and only one such row comes of them. The second line keeps its
    line end alone, so every line keeps its number. What to say of it, or of a header
    short of cells that seems so cut but that no reading makes names of columns (read as
    it stands); else ``text`` as it is and None.

    Read as it stood, the header named part of the columns, or none, and the rows were
    read under the wrong ones, or not one paper was read."""
    lines = io.StringIO(text[start:], newline="").readlines()
    at = next((index for index, line in enumerate(lines) if line.strip()), None)
    if at is None or at + 2 >= len(lines) or '"' in lines[at] + lines[at + 1]:
        return text, None
    first, second = lines[at], lines[at + 1]
    try:
        (header,) = csv.reader([first], dialect)
        (rest,) = csv.reader([second], dialect)
        counts = Counter(
            len(row)
            for row in itertools.islice(csv.reader(lines[at + 2 :], dialect), _ROWS_LOOKED_AT)
            if any(cell.strip() for cell in row)
        )
    except (csv.Error, ValueError):
        return text, None
    if not counts:
        return text, None
    width, rows = counts.most_common(1)[0]
    if rows * 2 <= sum(counts.values()) or len(rest) > width or len(header) > width:
        return text, None
    names = [_column_name(cell) for cell in header]
    whole = len(header) == width and all(names)  # a name for every cell of the rows
    if whole and all(name in _COLUMN_NAMES for name in names):
        return text, None
    body = first.rstrip("\r\n")
    joints = [body + joint + second for joint in ("", " ")]
    readings: dict[tuple[str, ...], str] = {}
    for joined in joints:
        (cells,) = csv.reader([joined.rstrip("\r\n")], dialect)
        read = tuple(_column_name(cell) for cell in cells)
        if len(cells) == width and all(name in _COLUMN_NAMES for name in read):
            readings[read] = joined
    number = len(split_lines(text[:start])) + at  # the header's line, as the file counts
    if len(readings) != 1:
        widths = {len(next(csv.reader([joined.rstrip("\r\n")], dialect))) for joined in joints}
        if whole or width not in widths:
            return text, None
        return text, (
            f"lines {number}-{number + 1}: the header row seems cut by a line break (its "
            f"cells and the next line's make the {width} the rows have), and joined it "
            "names no columns read; read as it stands, the next line as a row, check the "
            "file there"
        )
    (mended,) = readings.values()
    new = [*lines[:at], mended, second[len(second.rstrip("\r\n")) :], *lines[at + 2 :]]
    (cells,) = csv.reader([mended.rstrip("\r\n")], dialect)
    said = (
        f"lines {number}-{number + 1}: the header row is cut by a line break; read as one "
        f"row, its columns {', '.join(repr(cell.strip()) for cell in cells)}"
    )
    return text[:start] + "".join(new), said


#: the field each name a column is read by gives
_FIELD_OF = {alias: field for field, aliases in COLUMNS.items() for alias in aliases}
#: names of columns of their own, one character from a name read ("date", "site", "code")
_OWN_NAMES = frozenset({"data", "cite", "mode"})


def _misspelt_columns(names: list[str]) -> dict[int, str]:
    """The columns whose names (as :func:`_column_name` gives them) name none read but
    are one character from a name of exactly one field no other column gives
    ("autxhors", "venu"), by their places, each with that name.

    A character typed into a column's name lost the column: every paper without its
    authors, or its venue, without a word."""
    given = {_FIELD_OF[name] for name in names if name in _FIELD_OF}
    found: dict[int, str] = {}
    for at, name in enumerate(names):
        if name in _COLUMN_NAMES or name in _OWN_NAMES or len(name) < 3:
            continue
        near = [alias for alias in _COLUMN_NAMES if one_edit(name, alias)]
        fields = {_FIELD_OF[alias] for alias in near}
        if len(fields) == 1 and not fields & given:
            found[at] = min(near, key=COLUMNS[fields.pop()].index)
    # two columns misspelt as one field: which is it?
    counts = Counter(_FIELD_OF[name] for name in found.values())
    return {at: name for at, name in found.items() if counts[_FIELD_OF[name]] == 1}


def _rejoined(header: list[str]) -> tuple[list[str], str | None]:
    """``header`` with two neighbouring cells that name no column made one again, where
    together they name one ("abstr" and "act": "abstract"), and the name so made; the
    header as it is, and None, where no two do.

    A delimiter put into a column's name made two columns of it: the rows, a cell
    short of the header's, lost that column's field (every abstract), unsaid."""
    for at in range(len(header) - 1):
        first, second = header[at], header[at + 1]
        joined = first + second
        if (
            first.strip()
            and second.strip()
            and _column_name(first) not in _COLUMN_NAMES
            and _column_name(second) not in _COLUMN_NAMES
            and _column_name(joined) in _COLUMN_NAMES
        ):
            return [*header[:at], joined, *header[at + 2 :]], joined.strip()
    return header, None


def _one_column_delimiter(
    text: str, before: int, header: list[str], dialect: type[csv.Dialect]
) -> str | None:
    """A delimiter no line of ``text`` holds, to read its table of one column with, when
    its header has one cell and rows after it (from line ``before`` on) hold the
    delimiter only as a title's commas ("Deep nets, revisited"); else None.

    Read with the comma, such a title was cut at it, its rest said as cells past the
    header's one column: the header names no column it could be under."""
    if len(header) != 1 or not _column_name(header[0]):
        return None
    rows = [line for line in split_lines(text)[before:] if line.strip()]
    delimiter = dialect.delimiter
    if not any(delimiter in row for row in rows) or not _prose_lines(rows, delimiter):
        return None
    return next((char for char in _NO_DELIMITERS if char not in text), None)


def _titles_alone(text: str, dialect: type[csv.Dialect]) -> bool:
    """True when ``text``, whose first line names no column, is a list of titles, one a
    line, the delimiter in them but a title's comma: two lines or more, each running
    text no longer than a title (:func:`_prose_lines`), and either none with the
    delimiter or some with it but not as many cells each (a table without a header has
    as many in every row)."""
    lines = [line for line in split_lines(text) if line.strip()]
    delimiter = dialect.delimiter
    if len(lines) < 2 or delimiter not in ",;" or any("\t" in line for line in lines):
        return False
    if any(len(line) > _LONGEST_TITLE or not re.search(r"[^\W\d_]", line) for line in lines):
        return False
    counts = {len(re.sub(r'"[^"]*"', "", line).split(delimiter)) for line in lines}
    # a line of one cell each (no delimiter at all) is a title a line, too: its first
    # line was taken for a header naming a column "Attention Is All You Need"
    return (len(counts) > 1 or counts == {1}) and _prose_lines(lines, delimiter)


def _read_titles(text: str, path: Path) -> ReadResult:
    """The papers of a list of titles, one a line, with no header (:func:`_titles_alone`),
    each line's title whole; said, as the file is no table."""
    titles = []
    for line in split_lines(text):
        line = line.strip()
        if len(line) > 1 and line[0] == line[-1] == '"':
            line = line[1:-1].replace('""', '"')  # quoted whole, as a spreadsheet saves it
        titles.append(" ".join(line.split()))
    records = tuple(Record(title=title) for title in titles if title)
    said = Problem(
        path,
        "has no header row naming its columns, and its lines are titles, one a line "
        "(any comma in them a title's): read each line as one paper's title",
        "warning",
    )
    return ReadResult(path, path.stem, "csv", records, (said,))


def _unread_columns(header: list[str], names: list[str], columns: dict[str, list[int]]) -> str:
    """What to say of the columns not read whose names say they may hold a field no other
    column gives ("Lead Author" in a sheet with no authors column), with the names it is
    read from; "" when there are none. A column beside the one a field is read from
    ("Book Author" beside Zotero's "Author") is not said."""
    said = [
        f"{header[at].strip()!r} ({what} read from a column named {named})"
        for at, (what, named) in _hinted_columns(names, columns).items()
    ]
    if not said:
        return ""
    count = f"{len(said)} columns" if len(said) > 1 else "a column"
    return f"did not read {count} that may hold the papers' data: {', '.join(said)}"


def _hinted_columns(names: list[str], columns: dict[str, list[int]]) -> dict[int, tuple[str, str]]:
    """The columns not read whose names say they may hold a field no other column gives,
    each with how that field is said and the names it is read from."""
    read = {at for found in columns.values() for at in found}
    hinted: dict[int, tuple[str, str]] = {}
    for at, name in enumerate(names):
        if at in read or not name:
            continue
        words = set(name.split("_"))
        for field_name, (hints, what, named) in _HINTS.items():
            if field_name not in columns and words & set(hints):
                hinted[at] = (what, named)
                break
    return hinted


#: the most columns not read named by name (a database's export has dozens)
_MOST_UNREAD_NAMED = 8


def _other_columns(
    header: list[str],
    names: list[str],
    columns: dict[str, list[int]],
    known: dict[str, tuple[str, ...]],
) -> list[int]:
    """The columns of a sheet that are not read, nor said already (:func:`_unread_columns`):
    a user's own ("Notes", "Read?", "Rating"), which would be dropped without a word. A
    column with no name, or with a name a field is read from where another column of
    the same field is read ("Authors" beside "Author full names"), is none of them."""
    read = {at for found in columns.values() for at in found}
    hinted = _hinted_columns(names, columns)
    aliases = {alias for field_aliases in known.values() for alias in field_aliases}
    return [
        at
        for at, name in enumerate(names)
        if at not in read
        and at not in hinted
        and name
        and name not in aliases
        and header[at].strip()
    ]


def _other_columns_said(header: list[str], unread: list[int]) -> str:
    """ "columns not read: Notes, Read?, Rating", the first few named."""
    shown = [" ".join(header[at].split()) for at in unread[:_MOST_UNREAD_NAMED]]
    more = len(unread) - len(shown)
    named = ", ".join(shown) + (f" and {more} more" if more > 0 else "")
    return f"{'columns' if len(unread) > 1 else 'column'} not read: {named}"


#: a cell tuireader's export wrote with an apostrophe before it, lest a spreadsheet take
#: it for a formula: what it wrote starts with one of ``= + - @``, a tab or a carriage
#: return (or an apostrophe before one, so that one apostrophe always comes off).
_INERT_CELL = re.compile(r"'(?='*[=+\-@\t\r])")


def _formula_kept(value: str) -> str:
    """A cell of tuireader's export as the paper had it, the apostrophe before what a
    spreadsheet would take for a formula taken off."""
    return value[1:] if _INERT_CELL.match(value) else value


def _own_links(record: Record, row: list[str], links_at: int | None) -> Record:
    """A row of tuireader's export with the links it had: those its ``links`` cell gives
    (``ownbib.with_links``), else (an export made before it had one) its ``url`` as
    :func:`_own_link` reads it."""
    value = row[links_at].strip() if links_at is not None and links_at < len(row) else ""
    if not value:
        return _own_link(record)
    from tuireader.ingest.formats.ownbib import with_links

    # links its abstract mentions alone ("text https://…") leave the row's ``url`` (the
    # best of them for people) no page of the paper's own; those the row's abstract is
    # not there to give (a paper known by its abstract alone) are still the abstract's
    return with_links(record, _formula_kept(value))


def _own_link(record: Record) -> Record:
    """A row of tuireader's export, whose ``url`` is the paper's best link for people (an
    arXiv page its list gave as a project link, say), not necessarily its own page: a
    link naming an identifier the row's own columns do not (a DOI, arXiv id, …) is
    kept as a project link, so the paper is known by what its columns say, as before."""
    if not record.url:
        return record
    from tuireader.ingest.identity import identifier_keys

    named = set(identifier_keys(Record(url=record.url)))
    if named <= set(identifier_keys(replace(record, url=None))):
        return record
    return replace(record, url=None, project_urls=(*record.project_urls, record.url))


def _year_moved(row: list[str], year_at: int | None, width: int) -> bool:
    """Whether ``row``, with more cells than the header's ``width``, has no year under
    the table's column of years (``year_at``) but one a cell or more after it, as many
    as the row has cells too many: a delimiter put into a cell before it moved it on."""
    if year_at is None or YEAR_RE.fullmatch(row[year_at].strip()):
        return False
    return any(
        YEAR_RE.fullmatch(row[at].strip())
        for at in range(year_at + 1, min(len(row), year_at + len(row) - width + 1))
    )


def _is_true(row: list[str], at: int) -> bool:
    """Whether the cell ``at`` of ``row`` (tuireader's export) says ``true``."""
    return at < len(row) and row[at].strip().lower() == "true"


def _own_scope(row: list[str], lists_at: int | None) -> str | None:
    """The list a paper's own id is of, in tuireader's export: the first of its lists
    (asked for only of a paper without a venue, which names the source itself)."""
    if lists_at is None or lists_at >= len(row):
        return None
    first = _formula_kept(row[lists_at].strip()).split(LIST_SEPARATOR, 1)[0].strip()
    return first or None


#: the most lines a row that line breaks in a cell not quoted cut up is joined from
_SPLIT_LINES = 4


def _join_split_rows(
    lines: list[str], at: int, dialect: type[csv.Dialect], width: int
) -> list[tuple[int, int]]:
    """Join in ``lines`` (from index ``at`` on) the rows of one line each that a line
    break in a cell not quoted made of one row (``2020,A title broken`` and ``over two
    lines,Ann Lee``), where, their broken cell one again, they are one row with a cell
    for every column (:func:`_split_run`). The first line takes them, joined by a space,
    and the others keep their line ends alone (blank rows), so every line keeps its
    number; the numbers of the first and last lines of each row joined.

    Read as they stood, the rows were two papers or more, a title's first part and its
    rest, each with part of the row's cells. Only a table whose rows mostly have all
    their cells is so mended: one written by hand, many of its rows short of their empty
    last cells, has two short rows in a row by chance."""
    if width < 2:
        return []
    #: each row's first line index, lines, cells, and whether its last cell is data (a
    #: number, an address), which no line after it goes on
    spans: list[tuple[int, int, int, bool]] = []
    reader = csv.reader(lines[at:], dialect)
    read = 0
    try:
        for row in reader:
            if any(cell.strip() for cell in row):
                data = bool(_DATA_CELL.fullmatch(row[-1].strip()))
                spans.append((at + read, reader.line_num - read, len(row), data))
            read = reader.line_num
    except csv.Error:
        return []
    short = sum(span[2] < width for span in spans)
    if not short or short * 2 >= len(spans):
        return []
    joined: list[tuple[int, int]] = []
    index = 0
    while index < len(spans):
        more = _split_run(spans, index, width, short)
        first, last = spans[index][0], spans[index + more][0]
        if not more or '"' in "".join(lines[first : last + 1]):  # quoted cells: the quote mends
            index += 1
            continue
        parts = [lines[first].rstrip("\r\n")]
        for line in range(first + 1, last + 1):
            body = lines[line].rstrip("\r\n")
            parts.append(lines[line].lstrip(" ") if line == last else body.strip(" "))
            lines[line] = lines[line][len(body) :]
        lines[first] = " ".join(parts)
        joined.append((first + 1, last + 1))  # the lines' numbers: indexes counted from 1
        index += more + 1
    return joined


def _split_run(spans: list[tuple[int, int, int, bool]], index: int, width: int, short: int) -> int:
    """How many rows after the row ``spans[index]`` (:func:`_join_split_rows`) are the rest of it, cut off by line breaks in a cell not quoted; 0 where none
    are. Each is one line, right after the one before; each but the last is short of
    cells (a line in the middle is one cell, all of it the broken cell's), and the rows,
    each broken cell one again, have a cell for every column. The last may have every
    cell itself where all before it are one cell each (a title cut where its first part
    stands alone: ``A title broken`` and ``over two lines,Ann Lee,2020``), only in a
    table whose rows but these all have their cells (one written by hand has rows of a
    title alone), and after a row whose last cell is data: a text's rest, standing alone
    after its row, is no next row's first part."""
    first, taken, cells, _data = spans[index]
    if taken != 1 or cells >= width:
        return 0
    before = spans[index - 1] if index else None
    after_text = before is not None and before[0] + before[1] == first and not before[3]
    total = cells
    for more in range(1, _SPLIT_LINES):
        if index + more >= len(spans):
            return 0
        line, taken, cells, _data = spans[index + more]
        if taken != 1 or line != first + more:
            return 0
        total += cells - 1
        if total == width:
            return more if cells < width or (short == more and not after_text) else 0
        if total > width or cells != 1:
            return 0
    return 0


class _Lines:
    """The lines of a table, read from ``at`` on, as the csv module reads them; ``at``
    moves back to read again a row it refused."""

    def __init__(self, lines: list[str], at: int) -> None:
        self.lines = lines
        self.at = at

    def __iter__(self) -> _Lines:
        return self

    def __next__(self) -> str:
        if self.at >= len(self.lines):
            raise StopIteration
        self.at += 1
        return self.lines[self.at - 1]


def _stray_quotes(
    lines: list[str],
    at: int,
    dialect: type[csv.Dialect],
    width: int,
    year_at: int | None = None,
) -> tuple[
    list[int], list[int], list[tuple[int, int]], list[tuple[int, int]], list[int], list[int]
]:
    """Mend in ``lines`` (from index ``at`` on) each row with a quote left single inside
    a quoted cell, and blank out each such row that cannot be mended for sure; the
    first lines of the rows mended, of those whose quote that opens a cell is never
    closed (read as text: ``Lee,2020,"A lone quote``, before rows that are whole, made
    one cell of every line after it), and the first and last lines of those blanked, for
    a quote left single and for a cell never closed whose end cannot be told (the rows
    after it, whole, are read).

    Spreadsheets write a quote inside a quoted cell doubled; a hand-edited file forgets:
    ``"RVT: Robotic "View" Transformer, for 3D"``. The csv module reads the quote before
    ``View`` as the cell's end and the rest of the row as it falls (the row's authors and
    year lost, under the wrong columns, without a word); in a cell over several lines (an
    abstract), a quote left single at a line's end ends the cell there, and the lines
    after it are read as rows of their own: papers that never were. So a row is looked
    at again when the csv module refuses it in strict mode, when it holds a quote inside
    a cell that is not quoted (where a cell that ended too early has its true end), or
    when it has more cells than the columns, or fewer than the table's rows have: it
    and the rows after it that are so (:func:`_faulty_run`) are read again as one row
    (:func:`_mended`). A mend is kept when it gives one row with a cell for every column,
    followed by a row that is whole; else (``"A "b", c"``: which quote ends the cell?)
    where the cells end cannot be told, and the rows, if the csv module refused them or
    one holds a quote where no spreadsheet writes one, are blanked, every line of them,
    lest the lines of one cell be read as papers. A row mended keeps its lines, and a row
    blanked its line ends, so every line keeps its number."""
    usual = _usual(lines, at, dialect, width)
    mended: list[int] = []
    opened: list[int] = []
    unclosed: list[tuple[int, int]] = []
    skipped: list[tuple[int, int]] = []
    unopened: list[int] = []  # rows whose quote that closes a cell was never opened
    undelimited: list[int] = []  # rows whose delimiter before a quoted cell was lost
    previous: int | None = None  # the first line of the row before, if whole
    while (fault := _fault_at(lines, at, dialect, width, usual)) is not None:
        start, (taken, faults) = at, fault
        if "open" in faults:
            closed = _never_closed(lines, start, start + _MEND_LINES, dialect, width, usual)
            if closed is None:
                break  # a row cut short, said as such
            at, previous = closed, _said_closed(lines, start, closed, opened, unclosed)
            continue
        if not faults or faults == {"blank"}:
            previous = start if not faults else previous
            at = start + taken
            continue
        fixed = _mend_row(lines, start, dialect) if "strict" in faults else None
        if (
            fixed is not None
            and len(fixed) == taken
            and _one_row(fixed, dialect, width)
            and not _swallows(lines, start, start + taken, dialect, width, usual)
        ):
            lines[start : start + taken] = fixed  # the row alone, over the lines it had
            mended.append(start + 1)
            previous, at = start, start + taken
            continue
        reopened = _unopened(lines[start], dialect, width) if "loose" in faults else None
        if (
            taken == 1
            and reopened is not None
            and _whole_from(lines, start + 1, dialect, width, usual)
            and _dated(reopened[0], dialect, year_at)
        ):
            # the cell's opening quote lost: read with it, the row is whole, and the
            # row before it keeps its own cells (read as one row with it, this row's
            # paper was lost in the abstract before it)
            lines[start] = reopened[0]
            (undelimited if reopened[1] else unopened).append(start + 1)
            previous, at = start, start + 1
            continue
        end, hard = _faulty_run(lines, start, dialect, width, usual)
        found = _mended(lines, start, previous, end, dialect, width, usual, year_at)
        if found is not None:
            first, fixed = found
            lines[first : first + len(fixed)] = fixed
            if first + 1 not in mended:
                mended.append(first + 1)
            previous, at = first, first + len(fixed)
            continue
        if "strict" in faults and taken > 1:
            # a quote that opens a cell and is never closed, ended by the next quoted
            # cell's: whole rows between them
            closed = _never_closed(lines, start, start + taken, dialect, width, usual)
            if closed is not None:
                at, previous = closed, _said_closed(lines, start, closed, opened, unclosed)
                continue
        if hard and "strict" in faults:
            end = start + taken  # a row the csv module refuses: the rows after, in turn
        elif hard:
            first = _damage_from(lines, start, previous, end, dialect, width, usual)
            # one row of one line, a quote in a cell not quoted and its cells more or
            # fewer (``A 5" disk, revisited``): no cell over lines was cut, and it is
            # read as it stands, its cells past the header's said
            hard = first < start or end > start + taken or taken > 1
            start = first
        if hard:
            for index in range(start, end):
                lines[index] = lines[index][len(lines[index].rstrip("\r\n")) :]
            skipped.append((start + 1, end))
        previous, at = None, end  # else read as it stands: no sure sign of a quote left single
    return mended, opened, skipped, unclosed, unopened, undelimited


def _unopened(line: str, dialect: type[csv.Dialect], width: int) -> tuple[str, bool] | None:
    """The one-line row ``line`` with the quote that opens a cell put back, when its
    quote that closes the cell (``…,Autonomous agriculture (e.g., inspection)"``) was
    left without one, or else the delimiter before a quoted cell (``2021"The …"``), and
    whether it was the delimiter; None unless exactly one cell's start, given a quote
    (or one quote, a delimiter), makes it one row with a cell for every column, and the
    row as it stands is surely damaged: its cells more or fewer than the columns, or a
    doubled quote in a cell not quoted (``The ""Robust"" nets"``), which only a quoted
    cell holds."""
    delimiter, quote = dialect.delimiter, dialect.quotechar or '"'
    body = line.rstrip("\r\n")
    row = next(csv.reader([line], dialect), [])
    if len(row) == width and quote * 2 not in body:
        return None
    found = []
    lost = False  # the delimiter lost, not the quote
    for at in range(len(body)):
        if (at and body[at - 1] != delimiter) or body[at] == quote:
            continue
        trial = body[:at] + quote + body[at:] + line[len(body) :]
        if _one_row([trial], dialect, width):
            found.append(trial)
    if not found:
        lost = True
        # or the delimiter before a quoted cell was lost (``…00039"The Boolean…"``): a
        # quote after a cell's text opens the next cell
        for at in range(1, len(body)):
            if body[at] != quote or body[at - 1] in (delimiter, quote):
                continue
            trial = body[:at] + delimiter + body[at:] + line[len(body) :]
            if _one_row([trial], dialect, width):
                found.append(trial)
    return (found[0], lost) if len(found) == 1 else None


def _dated(line: str, dialect: type[csv.Dialect], year_at: int | None) -> bool:
    """True when the row ``line`` has a year in the column of years, if the table has
    one: a paper's row has, while an abstract's line after a quote left single (its
    cells the text's commas give) has words there."""
    if year_at is None:
        return True
    row = next(csv.reader([line], dialect), [])
    return year_at < len(row) and bool(YEAR_RE.fullmatch(row[year_at].strip()))


def _quote_ended_row(
    line: str, dialect: type[csv.Dialect], width: int, year_at: int | None
) -> bool:
    """True when ``line`` is a paper's row but for a quote at its end (``…;2016;Plain
    abstract"``): a cell for every column, a year in the column of years, and no other
    quote. Taken into the quoted cell of the row before, whose closing quote that one
    was taken to close, its paper was lost; read as it stands, it is kept."""
    body = line.rstrip("\r\n").rstrip()
    quote = dialect.quotechar or '"'
    if year_at is None or not body.endswith(quote) or body.count(quote) != 1:
        return False
    row = next(csv.reader([line], dialect), [])
    return len(row) == width and _dated(line, dialect, year_at)


def _usual(lines: list[str], at: int, dialect: type[csv.Dialect], width: int) -> frozenset[int]:
    """The numbers of cells the rows of the table (from line index ``at``) that are not
    blank have: the header's, and fewer that many rows have (three, and a third or so:
    a table written by hand without its empty last cells). A row with another number is a sign of damage: a
    cell cut short by a quote left single makes rows of its other lines, each with the
    cells its commas give."""
    rows = [row for row in csv.reader(lines[at:], dialect) if any(cell.strip() for cell in row)]
    counts = Counter(len(row) for row in rows if len(row) < width)
    return frozenset(
        {width, *(count for count, many in counts.items() if many >= max(3, 0.3 * len(rows)))}
    )


def _fault_at(
    lines: list[str], start: int, dialect: type[csv.Dialect], width: int, usual: frozenset[int]
) -> tuple[int, frozenset[str]] | None:
    """How many lines the row at index ``start`` takes, as the csv module reads it, and
    what is wrong with it: nothing (an empty set), or ``strict`` (the csv module refuses
    it in strict mode), ``loose`` (a quote inside a cell that is not quoted) or
    ``wrong`` (more cells than the columns, or fewer than the rows of the table have); ``blank`` for a
    blank row; ``open`` for one that breaks off inside a quoted cell at the end of the
    text (taking every line left). None in place of all: there is no row left."""
    if start >= len(lines):
        return None
    source = _Lines(lines, start)
    try:
        row = next(csv.reader(source, dialect, strict=True))
    except StopIteration:
        return None
    except csv.Error as error:
        if str(error) == "unexpected end of data":
            return len(lines) - start, frozenset({"open"})
        taken = _row_lines(lines, start, dialect)
        fixed = _mend_row(lines, start, dialect)
        if fixed is not None and fixed == lines[start : start + len(fixed)]:
            return taken, frozenset()  # no quote left single ("a" , b): read as it stands
        return taken, frozenset({"strict"})
    taken = source.at - start
    if not any(cell.strip() for cell in row):
        return taken, frozenset({"blank"})
    faults = set()
    if any('"' in cell for cell in row) and _loose_quote(lines[start : source.at], dialect):
        faults.add("loose")
    if len(row) not in usual and (len(row) < width or any(cell.strip() for cell in row[width:])):
        faults.add("wrong")
    return taken, frozenset(faults)


#: the most lines a row mended from a faulty run may take, and a run of faulty rows
#: is looked at in (a cell over more is rare, and each line more is another reading to
#: try)
_MEND_LINES = 200


def _faulty_run(
    lines: list[str], start: int, dialect: type[csv.Dialect], width: int, usual: frozenset[int]
) -> tuple[int, bool]:
    """The index of the first line after the rows from ``start`` on that are each at
    fault (:func:`_fault_at`; blank lines among them too, as a cell's paragraphs are;
    after the first, none that the csv module refuses: it starts a run of its own),
    and whether they are so for sure: the csv module refuses one, or one holds a quote
    inside a cell that is not quoted and one has more or fewer cells than the columns
    (a cell ended too early, and its end read as a row of its own)."""
    at = after = start
    seen: set[str] = set()
    while at - start < _MEND_LINES and (fault := _fault_at(lines, at, dialect, width, usual)):
        taken, faults = fault
        if not faults or (at > start and faults & {"strict", "open"}):
            break  # a row the csv module refuses is looked at in its turn
        at += taken
        if faults != {"blank"}:
            seen |= faults
            after = at
    return after, "strict" in seen or {"loose", "wrong"} <= seen


def _mended(
    lines: list[str],
    start: int,
    previous: int | None,
    end: int,
    dialect: type[csv.Dialect],
    width: int,
    usual: frozenset[int],
    year_at: int | None = None,
) -> tuple[int, list[str]] | None:
    """The first line index and the lines of the one row that the faulty rows at
    ``start`` up to ``end`` (and perhaps the row before, at ``previous``, whose cell a
    quote left single at a line's end ended too early) are, each quote left single
    inside a quoted cell doubled; None when no such row can be told for sure.

    Each quote followed by more of the cell is doubled first (:func:`_mend_row`): no
    quote that ends a cell is so followed. Failing that, the fewest quotes (one or two)
    not at a cell's start nor before the delimiter are doubled where that gives but one
    row (a quote at a line's end may end the cell or not: the reading that gives one
    row, followed by a whole one, says which). Failing that, the cell is text that
    starts with a quote (``"Attention" Is All You Need``). Each is kept when it gives one
    row with a cell for every column, that takes no line of a whole row, and is followed
    by a whole row or by nothing, or takes the lines the csv module read the row from
    (a row damaged in its turn may follow it)."""
    taken = _row_lines(lines, start, dialect)

    def whole(first: int, mend: list[str] | None) -> bool:
        last = first + len(mend or ())
        return (
            mend is not None
            and start < last <= end
            and _one_row(mend, dialect, width)
            and (
                (first, last) == (start, start + taken)
                or _whole_from(lines, last, dialect, width, usual)
            )
            and not _swallows(lines, first, last, dialect, width, usual)
            and not any(
                _quote_ended_row(lines[at], dialect, width, year_at)
                for at in range(first + 1, last)
            )
        )

    greedy = _mend_row(lines, start, dialect)
    if whole(start, greedy):
        assert greedy is not None
        return start, greedy

    def may_end(last: int) -> bool:
        return last == start + taken or _whole_from(lines, last, dialect, width, usual)

    found = _readings(lines, start, previous, end, dialect, whole, may_end, closing=False)
    fewest = min(found.values(), default=0)
    best = [key for key, count in found.items() if count == fewest]
    if len(best) == 1:
        first, mend_lines = best[0]
        return first, list(mend_lines)
    if found:
        return None  # two readings: which is meant cannot be told
    literal = _mend_row(lines, start, dialect, literal=True)
    if whole(start, literal):
        assert literal is not None
        return start, literal
    return None


def _readings(
    lines: list[str],
    start: int,
    previous: int | None,
    end: int,
    dialect: type[csv.Dialect],
    whole: Callable[[int, list[str]], bool],
    may_end: Callable[[int], bool],
    *,
    closing: bool,
) -> dict[tuple[int, tuple[str, ...]], int]:
    """The readings (:func:`_doubled`) of the lines from ``start`` (or ``previous``)
    up to a line after ``start`` and not past ``end`` (one where ``may_end`` says a
    row may end) that ``whole`` takes for one row, by their first line and lines, with
    the number of quotes doubled in each."""
    found: dict[tuple[int, tuple[str, ...]], int] = {}
    for first in (start,) if previous is None else (start, previous):
        for last in range(start + 1, min(end, first + _MEND_LINES) + 1):
            if not may_end(last):
                continue
            for count, mend in _doubled(lines[first:last], dialect, closing=closing):
                if whole(first, mend):
                    found[(first, tuple(mend))] = count
    return found


def _damage_from(
    lines: list[str],
    start: int,
    previous: int | None,
    end: int,
    dialect: type[csv.Dialect],
    width: int,
    usual: frozenset[int],
) -> int:
    """Where the damage that no mend reads for sure starts: at the row before the
    faulty rows at ``start`` (at ``previous``) when a quote of it, doubled, even one
    before the delimiter, makes one row of it and them (its cell was ended too early,
    and the rest of it read as rows of their own), else at ``start``."""
    if previous is None:
        return start

    def whole(first: int, mend: list[str]) -> bool:
        return _one_row(mend, dialect, width)

    def may_end(last: int) -> bool:
        return _whole_from(lines, last, dialect, width, usual)

    found = _readings(lines, start, previous, end, dialect, whole, may_end, closing=True)
    return previous if any(first == previous for first, _mend in found) else start


def _doubled(
    segment: list[str], dialect: type[csv.Dialect], *, closing: bool = False
) -> list[tuple[int, list[str]]]:
    """``segment`` with one, else two, of its quotes doubled, in every way that leaves
    its quotes even: each quote that stands alone, but one that may open a cell (after
    the delimiter, or at a line's start followed by more of the line: a row cut short
    there may be the table's last) or (unless ``closing``) close one before the
    delimiter."""
    delimiter, quote = dialect.delimiter, dialect.quotechar or '"'
    blank = " \t".replace(delimiter, "")
    single: list[tuple[int, int]] = []
    total = 0
    for number, line in enumerate(segment):
        total += line.count(quote)
        for index, char in enumerate(line):
            if char != quote or quote in (line[index - 1 : index], line[index + 1 : index + 2]):
                continue
            before = line[:index].rstrip(blank)
            after = line[index + 1 :].lstrip(blank)
            if before.endswith(delimiter) or (not before and after[:1] not in ("\r", "\n")):
                continue  # a quote that opens a cell, as one at a line's start followed by text
            if not closing and after.startswith(delimiter):
                continue
            single.append((number, index))
    if len(single) > 40:
        return []  # too many to try: no sure reading
    readings = []
    for count in (1, 2):
        if (total + count) % 2:
            continue
        for chosen in itertools.combinations(single, count):
            mend = list(segment)
            for number, index in sorted(chosen, reverse=True):
                line = mend[number]
                mend[number] = line[:index] + quote + line[index:]
            readings.append((count, mend))
    return readings


def _said_closed(
    lines: list[str],
    start: int,
    end: int,
    opened: list[int],
    unclosed: list[tuple[int, int]],
) -> int | None:
    """Add the row at index ``start`` that :func:`_never_closed` mended (up to ``end``)
    to ``opened``, or the one it blanked to ``unclosed``; the row's index if it is whole
    now, else None."""
    if lines[start].strip():
        opened.append(start + 1)
        return start
    unclosed.append((start + 1, end))
    return None


def _never_closed(
    lines: list[str],
    start: int,
    limit: int,
    dialect: type[csv.Dialect],
    width: int,
    usual: frozenset[int],
) -> int | None:
    """Mend or blank in ``lines`` the row at index ``start`` whose first line leaves a
    cell open, when whole rows follow it before ``limit``: the line with its quote read
    as text (:func:`_opener_as_text`) when that makes it a row with a cell for every
    column, followed by whole rows, else blanked with the lines after it before the
    first from which rows are whole (the cell's, whose end cannot be told); the index
    of the line after. None (nothing changed) when there are no such rows: a table cut
    short, say, inside its last cell."""
    line = _opener_as_text(lines, start, dialect)
    if line is None:
        return None
    if _one_row([line], dialect, width) and _whole_rows(lines, start + 1, dialect, width, usual):
        lines[start] = line
        return start + 1
    end = next(
        (
            end
            for end in range(start + 1, min(len(lines), limit))
            if _whole_rows(lines, end, dialect, width, usual)
        ),
        None,
    )
    if end is None:
        return None
    for index in range(start, end):
        lines[index] = lines[index][len(lines[index].rstrip("\r\n")) :]
    return end


def _opener_as_text(lines: list[str], start: int, dialect: type[csv.Dialect]) -> str | None:
    """The line at index ``start`` with the quote that opens a cell never closed (it
    runs on to the end of the text) read as text that starts the cell, each cell from
    there on quoted (``Lee,2020,"A lone quote`` → ``Lee,2020,\"\"\"A lone quote"``);
    None when no cell opened on the line is left open at its end."""
    delimiter, quote = dialect.delimiter, dialect.quotechar or '"'
    blank = " \t".replace(delimiter, "")
    line = lines[start]
    state, opened = "start", -1
    for index, char in enumerate(line.rstrip("\r\n")):
        if state == "quoted":
            state = "closed" if char == quote else "quoted"
        elif state == "closed" and char == quote:
            state = "quoted"
        elif char == delimiter:
            state = "start"
        elif state == "start" and char == quote:
            state, opened = "quoted", index
        elif not (state == "start" and char in blank):
            state = "cell"
    if state != "quoted":
        return None
    body = line.rstrip("\r\n")
    cells = body[opened:].split(delimiter)
    quoted = delimiter.join(quote + cell.replace(quote, quote * 2) + quote for cell in cells)
    return body[:opened] + quoted + line[len(body) :]


def _one_row(segment: list[str], dialect: type[csv.Dialect], width: int) -> bool:
    """True when ``segment`` is one row, read strictly, with a cell for every column and
    no quote inside a cell that is not quoted."""
    row = _strict_row(segment, dialect)
    return (
        row is not None
        and len(row) == width
        and not (any('"' in cell for cell in row) and _loose_quote(segment, dialect))
    )


def _swallows(
    lines: list[str],
    first: int,
    last: int,
    dialect: type[csv.Dialect],
    width: int,
    usual: frozenset[int],
) -> bool:
    """True when a line after the first of those from index ``first`` to ``last``
    starts whole rows: read as one row, they would take in another paper's (a quote
    after a cell's closing one, ``"…"",``, or a cell never closed, whose quote the next
    quoted cell's opening one closes)."""
    return any(_whole_rows(lines, at, dialect, width, usual) for at in range(first + 1, last))


def _whole_rows(
    lines: list[str], at: int, dialect: type[csv.Dialect], width: int, usual: frozenset[int]
) -> bool:
    """True when the rows from index ``at`` on, up to 20 of them, are whole, and there is
    at least one: where the rows after a cell never closed start again."""
    rows = 0
    while rows < 20 and (fault := _fault_at(lines, at, dialect, width, usual)) is not None:
        if fault[1] - {"blank"}:
            return False
        rows, at = rows + ("blank" not in fault[1]), at + fault[0]
    return rows > 0


def _whole_from(
    lines: list[str], at: int, dialect: type[csv.Dialect], width: int, usual: frozenset[int]
) -> bool:
    """True when the row at index ``at``, past blank lines, is whole (:func:`_fault_at`),
    or there is none."""
    while (fault := _fault_at(lines, at, dialect, width, usual)) is not None and fault[1] == {
        "blank"
    }:
        at += fault[0]
    return fault is None and at >= len(lines) or fault is not None and not fault[1]


def _loose_quote(segment: list[str], dialect: type[csv.Dialect]) -> bool:
    """True when ``segment`` (the lines of one row, read strictly) holds a quote inside a
    cell that is not quoted (``5" disk``, or a cell's true end after a quote left single
    ended it), which a spreadsheet never writes. Quoted cells are passed over whole (an
    abstract's text is most of a table's)."""
    delimiter, quote = dialect.delimiter, dialect.quotechar or '"'
    blank = " \t".replace(delimiter, "")
    ends = re.compile(f"[{re.escape(delimiter)}\r\n]")
    text = "".join(segment)
    at = 0
    while at < len(text):
        while at < len(text) and text[at] in blank:
            at += 1
        if text[at : at + 1] == quote:
            at += 1
            while (close := text.find(quote, at)) >= 0 and text[close + 1 : close + 2] == quote:
                at = close + 2
            if close < 0:
                return False  # open to the end: no row the csv module reads strictly
            at = close + 1
        found = ends.search(text, at)
        stop = found.start() if found else len(text)
        if quote in text[at:stop]:
            return True
        at = stop + 1
    return False


def _row_lines(lines: list[str], start: int, dialect: type[csv.Dialect]) -> int:
    """How many lines the csv module reads as the row at index ``start``."""
    reader = csv.reader((lines[index] for index in range(start, len(lines))), dialect)
    next(reader, None)
    return max(reader.line_num, 1)


def _mend_row(
    lines: list[str], start: int, dialect: type[csv.Dialect], *, literal: bool = False
) -> list[str] | None:
    """The lines of the row at index ``start`` with each quote left single inside a
    quoted cell (one followed by neither another, nor, past spaces, the delimiter or the
    line's end) doubled; None when a quoted cell then runs to the end of the text.

    ``literal``: such a quote says rather that the cell was never a quoted one, but text
    that starts with a quote (``"Attention" Is All You Need,…``): the cell, up to the
    delimiter, is quoted whole (None when it began on a line before)."""
    delimiter, quote = dialect.delimiter, dialect.quotechar or '"'
    blank = " \t".replace(delimiter, "")  # what may stand between a cell's end and a delimiter
    mended: list[str] = []
    quoted = False
    at_start = True  # at a cell's start, where a quote opens a quoted cell
    opened = (0, 0)  # where the quoted cell at hand opened, in the line and in ``out``
    for line in (lines[index] for index in range(start, len(lines))):
        out: list[str] = []
        index = 0
        while index < len(line):
            char = line[index]
            index += 1
            if quoted and char == quote:
                if line[index : index + 1] == quote:
                    out.append(quote * 2)
                    index += 1
                    continue
                after = line[index:].lstrip(blank)[:1]
                closes = after in ("", delimiter, "\r", "\n")
                if closes or not literal:
                    out.append(quote if closes else quote * 2)
                    quoted = not closes
                    continue
                if opened[0] < 0:
                    return None
                end = index + len(re.split(f"[{re.escape(delimiter)}\r\n]", line[index:])[0])
                cell = line[opened[0] : end]
                del out[opened[1] :]
                out.append(quote + cell.replace(quote, quote * 2) + quote)
                index, quoted = end, False
                continue
            if not quoted and at_start and char == quote:
                quoted, opened = True, (index - 1, len(out))
            out.append(char)
            if not quoted:
                at_start = char == delimiter or (
                    at_start and char == " " and bool(dialect.skipinitialspace)
                )
            else:
                at_start = False
        mended.append("".join(out))
        if not quoted:
            return mended
        opened = (-1, 0)  # a quoted cell that runs on into the next line
    return None


def _strict_row(lines: list[str], dialect: type[csv.Dialect]) -> list[str] | None:
    """The one row ``lines`` hold, read strictly; None when they hold another or none."""
    reader = csv.reader(lines, dialect, strict=True)
    try:
        row = next(reader)
        rest = list(reader)
    except (csv.Error, StopIteration):
        return None
    return None if rest else row


def _stray_said(
    mended: list[int],
    opened: list[int],
    skipped: list[tuple[int, int]],
    unclosed: list[tuple[int, int]],
    unopened: list[int],
    undelimited: list[int],
) -> list[str]:
    """What to say of the rows :func:`_stray_quotes` mended and blanked: each blanked
    row by its line, or its first and last lines where it took several."""
    said = []
    if mended:
        lines = f"line{'s' if len(mended) != 1 else ''} {line_list(mended)}"
        said.append(
            f"{lines}: a quote inside a quoted cell is not doubled, as a spreadsheet "
            "writes it; read it as a quote of the text"
        )
    if opened:
        lines = f"line{'s' if len(opened) != 1 else ''} {line_list(opened)}"
        said.append(
            f"{lines}: a quote that starts a cell is never closed; read it as a quote of "
            "the text (the rows after it are whole)"
        )
    if unopened:
        lines = f"line{'s' if len(unopened) != 1 else ''} {line_list(unopened)}"
        said.append(
            f"{lines}: a quote that closes a cell was never opened; read the cell as a "
            "quoted one (its row's cells are then the header's)"
        )
    if undelimited:
        lines = f"line{'s' if len(undelimited) != 1 else ''} {line_list(undelimited)}"
        said.append(
            f"{lines}: a quoted cell follows the cell before it with no delimiter between "
            "them; read them as two cells"
        )
    if skipped:
        said.append(
            f"skipped {_spans(skipped)}: a quote inside a quoted cell is not doubled, and "
            "where the cells end cannot be told (double each quote inside a cell)"
        )
    if unclosed:
        said.append(
            f"skipped {_spans(unclosed)}: a quote that starts a cell is never closed, and "
            "where the cell ends cannot be told (the rows after it are read)"
        )
    return said


def _spans(spans: list[tuple[int, int]]) -> str:
    """The rows of ``spans`` (each row's first and last lines), as said."""
    rows = "rows" if len(spans) != 1 else "row"
    shown = [str(first) if first == last else f"{first}-{last}" for first, last in spans]
    many = len(spans) != 1 or spans[0][0] != spans[0][1]
    more = f" and {len(shown) - 5} more" if len(shown) > 5 else ""
    return f"the {rows} at line{'s' if many else ''} {', '.join(shown[:5])}{more}"


def _broken_off(
    text: str, dialect: type[csv.Dialect], start: int, cells: int, width: int, even: bool
) -> str | None:
    """How the table ``text`` breaks off inside its last row, which starts at line
    ``start`` (0: it has none) and has ``cells`` cells where the header has ``width``
    (``even``: there are rows before it, each with a cell for every column): inside a
    quoted cell, or, with no line end after it, short of the cells every row before it
    has. None: the row is whole (as far as can be told: a row cut inside its last cell
    looks whole, and so does a table's only row).

    A quoted cell runs to the end of the text only in a text cut short (or in one whose
    quote was never closed, which is no whole row either); the csv module, but in its
    strict mode, gives what it holds as the cell, so the last row alone is read again
    strictly to tell."""
    if not start:
        return None
    tail = itertools.islice(io.StringIO(text, newline=""), start - 1, None)
    try:
        for _row in csv.reader(tail, dialect, strict=True):
            pass
    except csv.Error as error:
        if str(error) == "unexpected end of data":
            return "inside a quoted cell"
    if text.rstrip(" \t").endswith(("\n", "\r")):
        return None  # a line end after it: a last row is cut short there only by chance
    if cells < width and even:
        return f"after {cells} of its {width} cells"
    return None


def _own_entry(cell: str) -> SourceEntry | None:
    """The BibTeX entry tuireader's CSV export gives in its ``bibtex`` column (the one
    the paper was read from): read back, the paper is cited as before, with the place,
    series and key of its entry."""
    if "@" not in cell:
        return None
    from tuireader.ingest.formats.jsonfile import bibtex_record

    cited = bibtex_record(cell)
    return cited.source_entry if cited is not None else None


def _record(get: Callable[[str], str], family_first: bool = False) -> Record:
    """The record of one row; ``get`` gives a field's cell, stripped; ``family_first``:
    its authors' column is a database's full names (:data:`_FULL_NAMES_COLUMNS`)."""
    title = " ".join(get("title").split())
    abstract = strip_markup(get("abstract"))
    # as written: DOIs are compared in any case, but shown as their source gives them
    dois = plain_dois(get("doi"))
    doi = dois[0] if dois else None
    openreview = get("openreview") or None
    openreview_id = get("openreview_id") or openreview_id_of(openreview)
    keywords = get("keywords")
    venue = get("venue") or None
    entry_type = _entry_type(get("entry_type"))
    if venue and get("source_id").upper().startswith("WOS:"):
        # Web of Science's journal in capitals, cased as its tagged export's is (a
        # proceedings paper's conference title, CT, in place of a series)
        conference = get("conference") if entry_type == "inproceedings" else None
        venue = wos_venue(
            venue, get("journal_iso") or None, volume=get("volume"), conference=conference
        )
    authors = _authors(get("authors"), family_first)
    names = _author_names(get("authors"), authors)
    groups = tuple(" ".join(group.split()) for group in get("group_authors").split(";"))
    groups = tuple(group for group in groups if group)
    if groups:
        # each one name as a whole, in braces, as an organisation's is elsewhere
        braced = tuple("{" + group + "}" for group in groups)
        names = (*names, *braced) if names or not authors else ()
        authors = (*authors, *groups)
    return Record(
        title=title or None,
        authors=authors,
        author_names=names,
        abstract=abstract,
        venue=venue,
        year=year_of(get("year")),
        entry_type=entry_type,
        journal=venue if entry_type == "article" else None,
        booktitle=venue if entry_type in ("inproceedings", "incollection") else None,
        url=get("url") or None,
        pdf=get("pdf") or None,
        openreview=openreview,
        openreview_id=openreview_id,
        pmlr_key=get("pmlr_key") or None,
        doi=doi,
        # an ``other_dois`` column (tuireader's export) gives those after the paper's own
        other_dois=_other_dois(doi, (*dois[1:], *plain_dois(get("other_dois")))),
        code_urls=tuple(url for url in _URL_SPLIT.split(get("code_urls")) if url),
        project_urls=tuple(url for url in _URL_SPLIT.split(get("project_urls")) if url),
        arxiv_id=arxiv_id_of(get("arxiv_id")) or arxiv_from_doi(doi),
        arxiv_class=get("arxiv_class") or None,
        journal_ref=" ".join(get("journal_ref").split()) or None,
        source_id=get("source_id") or None,
        status=get("status") or _presentation(get("presentation")),
        track=get("track") or None,
        primary_area=get("primary_area") or None,
        keywords=distinct_words(word for column in keywords.split("\n") for word in _words(column)),
        categories=word_list(get("categories"), " "),
        volume=get("volume") or None,
        number=get("number") or None,
        pages=get("pages")
        or _pages(get("first_page"), get("last_page"))
        or get("article_number")
        or None,
        publisher=get("publisher") or None,
        edition=get("edition") or None,
        place=" ".join(get("place").split()) or None,
        series=" ".join(get("series").split()) or None,
        editor=editors_of(get("editor")),
        tldr=" ".join(get("tldr").split()) or None,
    )


#: what a work is, as spreadsheets of references name it (letters only, lower case), by
#: its BibTeX entry type
_ENTRY_TYPES: dict[str, str] = {
    **dict.fromkeys(
        ("journalarticle", "article", "review", "ieeejournals", "earlyaccess", "letter"),
        "article",
    ),
    **dict.fromkeys(
        ("conferencepaper", "proceedingspaper", "ieeeconferences", "inproceedings"),
        "inproceedings",
    ),
    **dict.fromkeys(("booksection", "bookchapter", "chapter"), "incollection"),
    **dict.fromkeys(("book", "ieeebooks"), "book"),
    **dict.fromkeys(("preprint", "manuscript"), "misc"),
    "thesis": "phdthesis",
    "report": "techreport",
    # BibTeX's own, as tuireader's export writes them
    **{
        kind: kind
        for kind in (
            "incollection",
            "inbook",
            "misc",
            "phdthesis",
            "mastersthesis",
            "techreport",
            "proceedings",
            "unpublished",
            "manual",
            "booklet",
        )
    },
}


def _own_entry_type(value: str) -> str | None:
    """The entry type tuireader's export wrote ("inproceedings", "online"), or None."""
    kind = value.strip().lower()
    return kind if re.fullmatch(r"[a-z]+", kind) else None


def _entry_type(value: str) -> str | None:
    """The BibTeX entry type a table's cell of what the work is gives ("Conference
    Paper" → inproceedings; "Article; Proceedings Paper", Web of Science's, the first);
    None for what it does not name."""
    first = re.split(r"[;,]", value, maxsplit=1)[0]
    return _ENTRY_TYPES.get(re.sub(r"[^a-z]", "", first.lower()))


def _presentation(value: str) -> str | None:
    """The status a session's type gives a paper ("Oral", "Spotlight", "Poster"); None for
    any other type ("Article", "Workshop")."""
    word = value.strip().lower()
    return word.capitalize() if word in ("oral", "spotlight", "poster") else None


def _words(cell: str) -> tuple[str, ...]:
    """The keywords or tags of one cell: joined with ``;``, else with ``,``. A word in
    double quotes is one word, whatever it holds: tuireader's CSV export quotes a tag
    that holds a ``;`` (``RL; "RL; theory"``), and a table whose columns were moved in
    a spreadsheet, no longer in the export's order, reads its ``tags`` as keywords. A
    list written out as text (pandas' ``"['RL', 'theory']"``) is its items."""
    listed = listed_strings(cell)
    if listed is not None:
        return word_list(listed)
    if '"' in cell and ";" in cell:
        try:
            quoted = next(csv.reader([cell], delimiter=";", skipinitialspace=True))
        except (csv.Error, StopIteration):
            quoted = []
        return word_list(quoted)
    return word_list(cell, ";" if ";" in cell else ",")


def _pages(first: str, last: str) -> str | None:
    """The pages of a table that gives the first and the last in two columns."""
    if first and last and first != last:
        return f"{first}-{last}"
    return first or last or None


def _other_dois(doi: str | None, others: tuple[str, ...]) -> tuple[str, ...]:
    """``others`` each once and without ``doi``, letters in any case (a DOI is the same
    in any case), each as first written."""
    seen = {doi.casefold()} if doi else set()
    kept: list[str] = []
    for other in others:
        if other.casefold() not in seen:
            seen.add(other.casefold())
            kept.append(other)
    return tuple(kept)
