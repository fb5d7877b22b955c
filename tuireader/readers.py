"""Read one paper-list file (plain text, JSON Lines, JSON or BibTeX) into records.

Every reader turns a file into ``Record`` values plus ``Problem`` values that say, in
words a user understands, what could not be read. ``read_file`` never raises: a file
that cannot be read at all gives a result with no records and one error.

Plain text lists look like this: the first non-empty line names the list, then one
paper per paragraph, paragraphs separated by blank lines; a hard-wrapped paragraph
is one paper. Text is decoded as UTF-8 (with or without BOM), else GB18030 when the
result reads as Chinese, else Windows-1252, else Latin-1 when the result is plausible
text; binary data is refused.
"""

from __future__ import annotations

import json
import logging
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tuireader.model import Problem

__all__ = [
    "MAX_FILE_BYTES",
    "SUPPORTED_SUFFIXES",
    "ReadError",
    "ReadResult",
    "Record",
    "decode_bytes",
    "read_file",
    "supported",
]

#: Files larger than this are refused before they are read (a list of 100,000
#: abstracts is about 150 MB of JSON, so this is about 13,000 papers per file).
MAX_FILE_BYTES: int = 20 * 1024 * 1024

_TEXT_SUFFIXES = frozenset({".txt", ".md", ".text"})
_FORMAT_BY_SUFFIX = {
    **{suffix: "text" for suffix in _TEXT_SUFFIXES},
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".json": "json",
    ".bib": "bibtex",
}
#: File name endings read when a folder is given.
SUPPORTED_SUFFIXES: frozenset[str] = frozenset(_FORMAT_BY_SUFFIX)

#: A first line longer than this is an abstract, not the name of a list.
MAX_LIST_NAME_CHARS = 300


class ReadError(ValueError):
    """A file's bytes cannot be turned into text; the message is for the user."""


@dataclass(frozen=True, slots=True)
class Record:
    """One paper as one file gives it, before papers from several files are merged."""

    title: str | None = None
    abstract: str = ""
    authors: tuple[str, ...] = ()
    venue: str | None = None
    year: int | None = None
    url: str | None = None
    pdf: str | None = None
    openreview: str | None = None
    openreview_id: str | None = None
    pmlr_key: str | None = None
    doi: str | None = None
    code_urls: tuple[str, ...] = ()
    project_urls: tuple[str, ...] = ()


@dataclass(frozen=True)
class ReadResult:
    """What one file held: its list name, format, records and problems."""

    path: Path
    name: str
    #: "text", "jsonl", "json", "bibtex", or "unknown" when the file could not be read.
    format: str
    records: tuple[Record, ...] = ()
    problems: tuple[Problem, ...] = ()

    @property
    def ok(self) -> bool:
        return bool(self.records)


def supported(path: Path) -> bool:
    """True when a file of this name is read as a paper list when its folder is given."""
    return path.suffix.lower() in SUPPORTED_SUFFIXES


# --------------------------------------------------------------------------- decoding

_CONTROL_RE = re.compile(r"[\x00-\x08\x0e-\x1f\x7f-\x9f]")
_NON_ASCII_RE = re.compile(r"[^\x00-\x7f]")
_CJK_IDEOGRAPH_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_CJK_TEXT_RE = re.compile(
    r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef\u2010-\u2027\u00b7]"
)
_MAGIC = (
    (b"%PDF", "a PDF document"),
    (b"PK\x03\x04", "a ZIP archive (or a Word/Excel document)"),
    (b"\x1f\x8b", "a gzip-compressed file"),
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"SQLite format 3", "an SQLite database"),
)


def _size_text(size: int) -> str:
    if size >= 1024 * 1024:
        return f"{size / (1024 * 1024):.1f} MB"
    if size >= 1024:
        return f"{size / 1024:.1f} KB"
    return f"{size} bytes"


def _mostly_controls(text: str) -> bool:
    """True when control characters make up more than 1% of the text (binary data)."""
    if not text:
        return False
    sample = text[:200_000]
    controls = len(_CONTROL_RE.findall(sample))
    return controls > 2 and controls > len(sample) // 100


def _looks_chinese(text: str) -> bool:
    """True when ``text`` (decoded as GB18030) reads as Chinese rather than noise.

    GB18030 decodes almost any byte string, so Latin-1 bytes come out as random
    ideographs from the rarely used GBK extension area (the byte after an accented
    letter is usually ASCII). Real Chinese text is mostly ideographs and punctuation,
    and most of its ideographs are in the common GB2312 set.
    """
    non_ascii = _NON_ASCII_RE.findall(text, 0, 400_000)
    if not non_ascii:
        return False
    sample = "".join(non_ascii[:20_000])
    if len(_CJK_TEXT_RE.findall(sample)) < 0.8 * len(sample):
        return False
    ideographs = _CJK_IDEOGRAPH_RE.findall(sample)
    if not ideographs:
        return False
    common = 0
    for char in ideographs:
        try:
            char.encode("gb2312")
        except UnicodeEncodeError:
            continue
        common += 1
    return common >= 0.5 * len(ideographs)


def decode_bytes(data: bytes, path: Path) -> str:
    """Decode a text file's bytes, guessing the encoding as described in the module doc.

    Raises ``ReadError`` with a message naming ``path`` when the bytes are binary data
    or text in no encoding tried.
    """
    for magic, what in _MAGIC:
        if data.startswith(magic):
            raise ReadError(f"{path}: this is {what}, not a text list of papers")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError:
            pass
        else:
            if not _mostly_controls(text):
                return text.replace("\x00", "")
    if b"\x00" in data:
        raise ReadError(f"{path}: this looks like a binary file, not a text list of papers")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    else:
        if _mostly_controls(text):
            raise ReadError(f"{path}: this looks like a binary file, not a text list of papers")
        return text
    try:
        text = data.decode("gb18030")
    except UnicodeDecodeError:
        pass
    else:
        if _looks_chinese(text) and not _mostly_controls(text):
            return text
    for encoding in ("cp1252", "latin-1"):
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        if not _mostly_controls(text):
            return text
    raise ReadError(
        f"{path}: could not be read as text (tried UTF-8, GB18030, Windows-1252 and "
        "Latin-1); it may be a binary file"
    )


def _read_bytes(path: Path) -> bytes:
    """Read at most ``MAX_FILE_BYTES`` (+1, to notice a file that grew) bytes."""
    with path.open("rb") as handle:
        return handle.read(MAX_FILE_BYTES + 1)


# --------------------------------------------------------------------------- plain text


def _split_lines(text: str) -> list[str]:
    # str.splitlines would also split on form feeds and other separators that are
    # data, so only the three newline conventions are honoured.
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _paragraphs(lines: Iterable[str]) -> Iterator[list[str]]:
    block: list[str] = []
    for line in lines:
        if line.strip():
            block.append(line.strip())
        elif block:
            yield block
            block = []
    if block:
        yield block


def _parse_text(text: str, path: Path) -> ReadResult:
    problems: list[Problem] = []
    blocks = list(_paragraphs(_split_lines(text)))
    if not blocks:
        return _failure(path, "the file is empty", "text")
    first = blocks[0]
    name = first[0]
    if path.suffix.lower() == ".md":
        name = name.lstrip("#").strip() or name
    rest = first[1:]
    if len(name) > MAX_LIST_NAME_CHARS:
        # No list name: the file starts straight with an abstract.
        problems.append(
            Problem(
                path,
                "the first line looks like an abstract, not a list name; "
                "the list is named after the file",
                "warning",
            )
        )
        rest = first
        name = path.stem
    abstracts = ([" ".join(rest)] if rest else []) + [" ".join(block) for block in blocks[1:]]
    records = tuple(Record(abstract=_clean(abstract)) for abstract in abstracts)
    if not records:
        return _failure(path, f"has the list name “{name}” but no papers after it", "text", name)
    return ReadResult(path, name, "text", records, tuple(problems))


def _clean(text: str) -> str:
    return text.replace("\x00", "")


# --------------------------------------------------------------------------- JSON

_YEAR_RE = re.compile(r"\b(1[89]\d\d|2\d\d\d)\b")
_OPENREVIEW_ID_RE = re.compile(r"openreview\.net/(?:forum|pdf)\?id=([\w-]+)")
_DOI_PREFIX_RE = re.compile(r"^(?:https?://(?:dx\.)?doi\.org/|doi:\s*)", re.IGNORECASE)


def _text_field(value: Any) -> str | None:
    if isinstance(value, str):
        value = _clean(value).strip()
        return value or None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return None


def _url_list(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        return ()
    return tuple(item.strip() for item in value if isinstance(item, str) and item.strip())


def _year(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 1000 <= value <= 9999 else None
    if isinstance(value, str):
        match = _YEAR_RE.search(value)
        return int(match.group(1)) if match else None
    return None


def _flip_name(name: str) -> str:
    """``"Last, First"`` → ``"First Last"``; ``"von Last, Jr, First"`` → ``"First von Last Jr"``."""
    parts = [part.strip() for part in _split_top_level(name, ",")]
    parts = [part for part in parts if part]
    if len(parts) == 2:
        return f"{parts[1]} {parts[0]}"
    if len(parts) == 3:
        return f"{parts[2]} {parts[0]} {parts[1]}"
    return " ".join(parts)


def _split_authors_string(value: str) -> list[str]:
    """Split ``"A and B"``, ``"A; B"`` or ``"A B, C D and E F"`` into names."""
    value = " ".join(value.split())
    if ";" in value:
        pieces = value.split(";")
    else:
        pieces = re.split(r"\s+and\s+|\s*&\s*", value)
    names: list[str] = []
    for piece in pieces:
        piece = piece.strip().rstrip(",").strip()
        if not piece:
            continue
        commas = [part.strip() for part in piece.split(",") if part.strip()]
        if len(commas) > 1 and all(" " in part for part in commas):
            names.extend(commas)  # "Alice Smith, Bob Jones"
        elif len(commas) > 1:
            names.append(_flip_name(piece))  # "Smith, Alice"
        else:
            names.append(piece)
    return names


def _authors(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        return tuple(_split_authors_string(_clean(value)))
    if not isinstance(value, list):
        return ()
    names: list[str] = []
    for item in value:
        if isinstance(item, str):
            name = " ".join(_clean(item).split())
        elif isinstance(item, dict):
            name = _text_field(item.get("name")) or " ".join(
                part
                for part in (
                    _text_field(item.get("given") or item.get("first")),
                    _text_field(item.get("family") or item.get("last")),
                )
                if part
            )
        else:
            continue
        if name:
            names.append(name)
    return tuple(names)


def _record_from_mapping(data: dict[str, Any]) -> Record | None:
    abstract = _text_field(data.get("abstract")) or _text_field(data.get("summary")) or ""
    title = _text_field(data.get("title"))
    if title:
        title = " ".join(title.split())
    if not abstract and not title:
        return None
    openreview = _text_field(data.get("openreview"))
    openreview_id = _text_field(data.get("openreview_id"))
    if not openreview_id and openreview:
        match = _OPENREVIEW_ID_RE.search(openreview)
        openreview_id = match.group(1) if match else None
    doi = _text_field(data.get("doi"))
    if doi:
        doi = _DOI_PREFIX_RE.sub("", doi)
    return Record(
        title=title,
        abstract=abstract,
        authors=_authors(data.get("authors", data.get("author"))),
        venue=_text_field(data.get("venue")),
        year=_year(data.get("year")),
        url=_text_field(data.get("url")),
        pdf=_text_field(data.get("pdf")),
        openreview=openreview,
        openreview_id=openreview_id,
        pmlr_key=_text_field(data.get("pmlr_key")),
        doi=doi,
        code_urls=_url_list(data.get("code_urls")),
        project_urls=_url_list(data.get("project_urls")),
    )


def _json_list_name(path: Path, records: Iterable[Record]) -> str:
    venues = {record.venue for record in records}
    if len(venues) == 1:
        (venue,) = venues
        if venue:
            return venue
    return path.stem


def _line_list(numbers: list[int]) -> str:
    shown = ", ".join(str(number) for number in numbers[:5])
    more = len(numbers) - 5
    return shown + (f" and {more} more" if more > 0 else "")


def _records_from_items(
    items: Iterable[tuple[int, Any]], path: Path, where: str
) -> tuple[list[Record], list[Problem]]:
    records: list[Record] = []
    not_objects: list[int] = []
    empty: list[int] = []
    for position, item in items:
        if not isinstance(item, dict):
            not_objects.append(position)
            continue
        record = _record_from_mapping(item)
        if record is None:
            empty.append(position)
        else:
            records.append(record)
    problems: list[Problem] = []
    if not_objects:
        problems.append(
            Problem(
                path,
                f"skipped {where} {_line_list(not_objects)}: not a paper record (a JSON object)",
                "warning",
            )
        )
    if empty:
        problems.append(
            Problem(
                path,
                f"skipped {where} {_line_list(empty)}: the record has neither a title nor an "
                "abstract",
                "warning",
            )
        )
    return records, problems


def _parse_jsonl(text: str, path: Path) -> ReadResult:
    items: list[tuple[int, Any]] = []
    bad: list[tuple[int, str]] = []
    for number, line in enumerate(_split_lines(text), start=1):
        if not line.strip():
            continue
        try:
            items.append((number, json.loads(line)))
        except (ValueError, RecursionError) as error:
            reason = error.msg if isinstance(error, json.JSONDecodeError) else "too deeply nested"
            bad.append((number, reason))
    problems: list[Problem] = []
    if bad:
        if len(bad) == 1:
            number, reason = bad[0]
            message = f"line {number} is not valid JSON ({reason}); skipped it"
        else:
            message = f"skipped lines {_line_list([n for n, _ in bad])}: not valid JSON"
        problems.append(Problem(path, message, "warning"))
    records, more = _records_from_items(items, path, "lines" if len(items) > 1 else "line")
    problems.extend(more)
    return _finish_structured(path, "jsonl", records, problems, bool(items or bad))


def _parse_json(text: str, path: Path) -> ReadResult:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        if error.msg == "Extra data":
            # One object per line in a file named .json: read it as JSON Lines.
            result = _parse_jsonl(text, path)
            return ReadResult(path, result.name, "jsonl", result.records, result.problems)
        return _failure(
            path,
            f"is not valid JSON ({error.msg} at line {error.lineno}, column {error.colno})",
            "json",
        )
    except RecursionError:
        return _failure(path, "is not valid JSON (nested too deeply)", "json")
    name: str | None = None
    if isinstance(data, dict):
        papers = next(
            (
                data[key]
                for key in ("papers", "records", "items")
                if isinstance(data.get(key), list)
            ),
            None,
        )
        if papers is None:
            papers = [data]
        else:
            name = _text_field(data.get("name")) or _text_field(data.get("title"))
        data = papers
    if not isinstance(data, list):
        return _failure(path, "holds no list of paper records", "json")
    records, problems = _records_from_items(
        ((index, item) for index, item in enumerate(data, start=1)), path, "items"
    )
    result = _finish_structured(path, "json", records, problems, bool(data))
    if name and result.records:
        return ReadResult(path, name, "json", result.records, result.problems)
    return result


def _finish_structured(
    path: Path, fmt: str, records: list[Record], problems: list[Problem], had_content: bool
) -> ReadResult:
    if not records:
        message = "no paper records could be read" if had_content else "the file is empty"
        return ReadResult(path, path.stem, fmt, (), (*problems, Problem(path, message)))
    return ReadResult(path, _json_list_name(path, records), fmt, tuple(records), tuple(problems))


# --------------------------------------------------------------------------- BibTeX

_MATH_RE = re.compile(
    r"\$\$.*?\$\$|(?<!\\)\$.*?(?<!\\)\$|\\\(.*?\\\)|\\\[.*?\\\]"
    r"|\\begin\{(?P<env>[A-Za-z]+\*?)\}.*?\\end\{(?P=env)\}",
    re.DOTALL,
)
_ACCENTS = {
    '"': "\u0308",
    "'": "\u0301",
    "`": "\u0300",
    "^": "\u0302",
    "~": "\u0303",
    "=": "\u0304",
    ".": "\u0307",
    "u": "\u0306",
    "v": "\u030c",
    "H": "\u030b",
    "c": "\u0327",
    "k": "\u0328",
    "r": "\u030a",
}
_SYMBOL_ACCENT_RE = re.compile(
    r"""\\(["'`^~=.])\s*(?:\{\s*(\\[ij]|[A-Za-z])\s*\}|(\\[ij]|[A-Za-z]))"""
)
_LETTER_ACCENT_RE = re.compile(r"\\([uvHckr])(?:\s*\{\s*(\\[ij]|[A-Za-z])\s*\}|\s+([A-Za-z]))")
_LETTERS = {
    "ss": "ß",
    "aa": "å",
    "AA": "Å",
    "ae": "æ",
    "AE": "Æ",
    "oe": "œ",
    "OE": "Œ",
    "o": "ø",
    "O": "Ø",
    "l": "ł",
    "L": "Ł",
    "i": "ı",
    "j": "ȷ",
}
_LETTER_RE = re.compile(r"\\(ss|aa|AA|ae|AE|oe|OE|o|O|l|L|i|j)(?![A-Za-z])\s*")
_ESCAPED_RE = re.compile(r"\\([&%_#$])")
_MACRO_BEFORE_RE = re.compile(r"\\[A-Za-z]+\*?\s*$")
_KEY_RE = re.compile(r"@\s*\w+\s*[{(]\s*([^,\s]+)")


def _accent(match: re.Match[str]) -> str:
    base = match.group(2) or match.group(3)
    base = {"\\i": "i", "\\j": "j"}.get(base, base)
    return unicodedata.normalize("NFC", base + _ACCENTS[match.group(1)])


def _unlatex_plain(text: str) -> str:
    """Turn LaTeX accents into letters and drop case-protection braces (outside math)."""
    if "\\" in text:
        text = _SYMBOL_ACCENT_RE.sub(_accent, text)
        text = _LETTER_ACCENT_RE.sub(_accent, text)
        text = _LETTER_RE.sub(lambda m: _LETTERS[m.group(1)], text)
        text = _ESCAPED_RE.sub(r"\1", text)
    if "{" not in text and "}" not in text:
        return text
    out: list[str] = []
    kept: list[bool] = []
    for index, char in enumerate(text):
        if char == "{":
            before = text[max(0, index - 40) : index]
            keep = bool(
                _MACRO_BEFORE_RE.search(before)
                # a further argument of a command: \frac{a}{b}
                or (before.endswith("}") and out and out[-1] == "}")
                or before.endswith(("_", "^"))
            )
            kept.append(keep)
            if keep:
                out.append(char)
        elif char == "}":
            if kept and kept.pop():
                out.append(char)
        else:
            out.append(char)
    return "".join(out)


def unlatex(text: str) -> str:
    """A BibTeX field as a reader would write it: accents as letters, no case braces.

    Math (``$...$``, ``\\(...\\)``, ``\\[...\\]``, ``\\begin{env}...\\end{env}``) is
    kept exactly as written, and so are the arguments of commands outside math
    (``\\textit{...}``, ``\\frac{a}{b}``) and of sub- and superscripts. Whitespace runs (BibTeX
    fields are hard-wrapped) become single spaces.
    """
    pieces: list[str] = []
    start = 0
    for match in _MATH_RE.finditer(text):
        pieces.append(_unlatex_plain(text[start : match.start()]))
        pieces.append(match.group(0))
        start = match.end()
    pieces.append(_unlatex_plain(text[start:]))
    return " ".join("".join(pieces).split())


def _split_top_level(text: str, separator: str) -> list[str]:
    """Split on ``separator`` where it is not inside braces."""
    parts: list[str] = []
    depth = 0
    start = 0
    for index, char in enumerate(text):
        if char == "{":
            depth += 1
        elif char == "}":
            depth = max(depth - 1, 0)
        elif char == separator and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    parts.append(text[start:])
    return parts


def _split_bibtex_authors(value: str) -> tuple[str, ...]:
    value = " ".join(value.split())
    # " and " at brace depth 0; mark them first so the brace-aware splitter can cut.
    marked = re.sub(r"\s+and\s+", "\x00", value, flags=re.IGNORECASE)
    names: list[str] = []
    for raw in _split_top_level(marked, "\x00"):
        raw = raw.replace("\x00", " and ").strip()
        if not raw:
            continue
        if raw.lower() == "others":
            names.append("et al.")
            continue
        name = _flip_name(raw) if "," in raw else raw
        names.append(" ".join(unlatex(name).split()))
    return tuple(names)


def _bib_record(fields: dict[str, str], key: str) -> Record | None:
    def get(name: str) -> str | None:
        value = fields.get(name)
        if not isinstance(value, str):
            return None
        value = " ".join(_clean(value).split())
        return value or None

    abstract = get("abstract")
    abstract = unlatex(abstract) if abstract else ""
    title = get("title")
    title = unlatex(title) if title else None
    if not abstract and not title:
        return None
    venue = get("booktitle") or get("journal")
    pmlr_key = None
    match = re.match(r"pmlr-v\d+-(.+)$", key)
    if match:
        pmlr_key = match.group(1)
    doi = get("doi")
    if doi:
        doi = _DOI_PREFIX_RE.sub("", doi)
    openreview = get("openreview")
    url = get("url")
    if not openreview and url and "openreview.net" in url:
        openreview = url
    openreview_id = None
    if openreview:
        found = _OPENREVIEW_ID_RE.search(openreview)
        openreview_id = found.group(1) if found else None
    code = get("code") or get("github")
    return Record(
        title=title,
        abstract=abstract,
        authors=_split_bibtex_authors(fields.get("author", "") or ""),
        venue=unlatex(venue) if venue else None,
        year=_year(get("year")),
        url=url,
        pdf=get("pdf"),
        openreview=openreview,
        openreview_id=openreview_id,
        pmlr_key=pmlr_key,
        doi=doi,
        code_urls=(code,) if code else (),
    )


def _describe_failed_block(block: Any) -> str:
    raw = block.raw or ""
    key_match = _KEY_RE.search(raw)
    where = []
    if block.start_line is not None:
        where.append(f"line {block.start_line + 1}")
    if key_match:
        where.append(f"key {key_match.group(1)}")
    place = f"the entry at {', '.join(where)}" if where else "an entry"
    error = block.error
    reason = getattr(error, "abort_reason", None) or getattr(error, "message", None) or str(error)
    detail = " ".join(str(reason).split()) or type(error).__name__
    if type(block).__name__ == "DuplicateBlockKeyBlock":
        return f"{place} repeats an earlier entry's key; skipped it"
    return f"{place} could not be read ({detail}); skipped it"


def _quiet_bibtexparser() -> None:
    """Keep the parser's own log lines off the terminal; its failures become Problems.

    Without a handler of its own, a warning logged by the parser would reach Python's
    last-resort handler and be printed over the UI. Records still propagate to any
    handler the application configures.
    """
    logger = logging.getLogger("bibtexparser")
    if not any(isinstance(handler, logging.NullHandler) for handler in logger.handlers):
        logger.addHandler(logging.NullHandler())


def _parse_bibtex(text: str, path: Path) -> ReadResult:
    import bibtexparser  # imported here: only BibTeX files need it

    _quiet_bibtexparser()
    if not text.strip():
        return _failure(path, "the file is empty", "bibtex")
    try:
        library = bibtexparser.parse_string(text)
    except Exception as error:  # noqa: BLE001 - a parser bug must not stop the other files
        return _failure(path, f"could not be read as BibTeX ({error})", "bibtex")
    problems = [
        Problem(path, _describe_failed_block(block), "warning") for block in library.failed_blocks
    ]
    records: list[Record] = []
    skipped: list[str] = []
    for entry in library.entries:
        fields = {
            name.lower(): field.value
            for name, field in entry.fields_dict.items()
            if isinstance(field.value, str)
        }
        record = _bib_record(fields, entry.key)
        if record is None:
            skipped.append(entry.key)
        else:
            records.append(record)
    if skipped:
        problems.append(
            Problem(
                path,
                f"skipped {len(skipped)} entr{'y' if len(skipped) == 1 else 'ies'} with "
                f"neither title nor abstract ({', '.join(skipped[:5])}"
                f"{', …' if len(skipped) > 5 else ''})",
                "warning",
            )
        )
    if not records:
        message = (
            "no BibTeX entry with a title or abstract could be read"
            if library.entries or library.failed_blocks
            else "holds no BibTeX entries"
        )
        return ReadResult(path, path.stem, "bibtex", (), (*problems, Problem(path, message)))
    return ReadResult(path, path.stem, "bibtex", tuple(records), tuple(problems))


# --------------------------------------------------------------------------- entry point


def _failure(path: Path, message: str, fmt: str = "unknown", name: str | None = None) -> ReadResult:
    return ReadResult(path, name or path.stem, fmt, (), (Problem(path, message),))


def _sniff_format(path: Path, text: str) -> str:
    fmt = _FORMAT_BY_SUFFIX.get(path.suffix.lower())
    if fmt:
        return fmt
    start = text.lstrip()[:1]
    if start == "[":
        return "json"
    if start == "{":
        return "jsonl" if "\n{" in text.strip() else "json"
    if start == "@":
        return "bibtex"
    return "text"


_PARSERS = {
    "text": _parse_text,
    "jsonl": _parse_jsonl,
    "json": _parse_json,
    "bibtex": _parse_bibtex,
}


def read_file(path: Path) -> ReadResult:
    """Read one paper-list file; never raises.

    The format follows the file name (``.txt``/``.md`` text, ``.jsonl``, ``.json``,
    ``.bib``); a file with any other name is read by looking at its first character.
    """
    path = Path(path)
    fmt = _FORMAT_BY_SUFFIX.get(path.suffix.lower(), "unknown")
    try:
        if not path.exists():
            return _failure(path, "no such file", fmt)
        if path.is_dir():
            return _failure(path, "is a folder, not a file", fmt)
        if not path.is_file():
            return _failure(path, "is not a regular file (a device or pipe?)", fmt)
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            return _too_big(path, size, fmt)
        data = _read_bytes(path)
    except PermissionError:
        return _failure(path, "cannot be opened: permission denied", fmt)
    except OSError as error:
        return _failure(path, f"cannot be read: {error.strerror or error}", fmt)
    if len(data) > MAX_FILE_BYTES:
        return _too_big(path, len(data), fmt)
    if not data.strip():
        return _failure(path, "the file is empty", fmt if fmt != "unknown" else "text")
    try:
        text = decode_bytes(data, path)
    except ReadError as error:
        message = str(error).removeprefix(f"{path}: ")
        return _failure(path, message, fmt)
    fmt = _sniff_format(path, text)
    try:
        return _PARSERS[fmt](text, path)
    except Exception as error:  # noqa: BLE001 - a reader bug must not stop the other files
        return _failure(path, f"could not be read ({type(error).__name__}: {error})", fmt)


def _too_big(path: Path, size: int, fmt: str) -> ReadResult:
    return _failure(
        path,
        f"is {_size_text(size)}, more than the {_size_text(MAX_FILE_BYTES)} limit for one "
        "list; split it into smaller files",
        fmt,
    )
