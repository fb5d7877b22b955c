"""Read one paper-list file (plain text, JSON Lines, JSON or BibTeX) into records.

Every reader turns a file into ``Record`` values plus ``Problem`` values that say, in
words a user understands, what could not be read. ``read_file`` never raises: a file
that cannot be read at all gives a result with no records and one error.

Plain text lists look like this: the first non-empty line names the list, then one
paper per paragraph, paragraphs separated by blank lines; a hard-wrapped paragraph
is one paper. Text is decoded as UTF-8 (with or without BOM; a few invalid bytes become
U+FFFD and are reported by line), or, when the bytes are not UTF-8 at all, as GB18030
when the result reads as Chinese, else Windows-1252, else Latin-1. Binary data (NUL
bytes, a known file signature) is refused; control characters in text are kept as data
for the output to neutralise. Lone surrogates (from JSON escapes) become U+FFFD.
"""

from __future__ import annotations

import codecs
import json
import logging
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tuireader.model import Problem

__all__ = [
    "MAX_FILE_BYTES",
    "SUPPORTED_SUFFIXES",
    "Decoded",
    "ReadError",
    "ReadResult",
    "Record",
    "decode",
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
_SURROGATE_RE = re.compile(r"[\ud800-\udfff]")
_NEWLINE_BYTES_RE = re.compile(rb"\r\n|\r|\n")
_REPLACEMENT = "\ufffd"
_REPLACEMENT_BYTES = _REPLACEMENT.encode()
#: Leading bytes of binary formats a text list never starts with.
_MAGIC = (
    (b"%PDF", "a PDF document"),
    (b"PK\x03\x04", "a ZIP archive (or a Word/Excel document)"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an old-style Word/Excel document"),
    (b"\x1f\x8b", "a gzip-compressed file"),
    (b"BZh", "a bzip2-compressed file"),
    (b"\xfd7zXZ\x00", "an xz-compressed file"),
    (b"\x28\xb5\x2f\xfd", "a zstd-compressed file"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (b"Rar!\x1a\x07", "a RAR archive"),
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"SQLite format 3", "an SQLite database"),
    (b"\x7fELF", "a program (ELF executable)"),
)
_BZIP2_RE = re.compile(rb"BZh[1-9]1AY&SY")
#: Valid UTF-8 text holds control characters as data (escape sequences pasted from a
#: terminal, form feeds); only text that is mostly controls is not text.
_UTF8_CONTROL_SHARE = 0.3
#: A legacy-encoding guess is wrong when it yields this share of controls: random
#: bytes read as Latin-1 give about a quarter, real text almost none.
_LEGACY_CONTROL_SHARE = 0.1
#: Lines named in a message about bytes that are not UTF-8.
_SHOWN_LINES = 5


@dataclass(frozen=True)
class Decoded:
    """A file's text and what decoding it had to repair (bad bytes, by line)."""

    text: str
    encoding: str
    problems: tuple[Problem, ...] = ()


def _size_text(size: int) -> str:
    if size >= 1024 * 1024:
        return f"{size / (1024 * 1024):.1f} MB"
    if size >= 1024:
        return f"{size / 1024:.1f} KB"
    return f"{size} bytes"


def _mostly_controls(text: str, share: float) -> bool:
    """True when control characters make up more than ``share`` of the text."""
    if not text:
        return False
    sample = text[:200_000]
    controls = len(_CONTROL_RE.findall(sample))
    return controls > 2 and controls > len(sample) * share


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


def _binary(path: Path) -> ReadError:
    return ReadError(f"{path}: this looks like a binary file, not a text list of papers")


def _signature(data: bytes) -> str | None:
    for magic, what in _MAGIC:
        if data.startswith(magic) and (magic != b"BZh" or _BZIP2_RE.match(data)):
            return what
    return None


def _line_numbers(text: str, char: str) -> list[int]:
    """Numbers of the lines (any newline convention) of ``text`` that contain ``char``."""
    numbers: list[int] = []
    for number, line in enumerate(_split_lines(text), start=1):
        if char in line:
            numbers.append(number)
    return numbers


def _utf8_lines(data: bytes) -> tuple[list[int], int]:
    """The numbers of the lines of ``data`` that are not valid UTF-8, and how many
    other lines hold valid non-ASCII UTF-8."""
    bad: list[int] = []
    clean = 0
    for number, line in enumerate(_NEWLINE_BYTES_RE.split(data), start=1):
        if line.isascii():
            continue
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            bad.append(number)
        else:
            clean += 1
    return bad, clean


def _replaced_problem(path: Path, lines: list[int], what: str) -> Problem:
    """One warning naming the first few lines where ``what`` was replaced with U+FFFD."""
    if len(lines) == 1:
        return Problem(
            path, f"line {lines[0]} had {what}; replaced them with {_REPLACEMENT}", "warning"
        )
    shown = ", ".join(str(number) for number in lines[:_SHOWN_LINES])
    more = len(lines) - _SHOWN_LINES
    if more > 0:
        shown += f" and {more} more"
    return Problem(
        path,
        f"{len(lines)} lines had {what} (lines {shown}); replaced them with {_REPLACEMENT}",
        "warning",
    )


def _mostly_utf8(text: str, data: bytes, bad_lines: int, clean_lines: int) -> bool:
    """True when bytes that failed a strict UTF-8 decode are UTF-8 with a few bad bytes.

    ``text`` is ``data`` decoded with replacement; ``bad_lines`` lines are not valid
    UTF-8 and ``clean_lines`` others hold valid non-ASCII UTF-8. A legacy encoding
    almost never forms valid multi-byte UTF-8: Windows-1252 and Latin-1 text gives
    none, GB18030 Chinese about one valid character for every four invalid sequences,
    and nearly all of its lines are invalid. So the bytes are UTF-8 when valid
    multi-byte characters are at least as many as invalid sequences, or when lines of
    valid non-ASCII UTF-8 are at least as many as invalid lines. A file with no valid
    multi-byte character gives no sign of UTF-8 and goes to the legacy guess.
    """
    genuine = data.count(_REPLACEMENT_BYTES)
    invalid = text.count(_REPLACEMENT) - genuine
    valid = len(text) - len(text.encode("ascii", "ignore")) - invalid
    return valid > 0 and (valid >= invalid or clean_lines >= bad_lines)


def decode(data: bytes, path: Path) -> Decoded:
    """Decode a text file's bytes, repairing and reporting bytes that are not text.

    UTF-8 (with or without BOM) is read as UTF-8; a UTF-8 file with a few invalid
    bytes keeps UTF-8, with U+FFFD where the bad bytes were and a warning naming their
    lines. Only bytes that are not UTF-8 at all (see ``_mostly_utf8``) are read as
    GB18030 when the result reads as Chinese, else Windows-1252, else Latin-1. UTF-16
    and UTF-32 with a BOM are read too. Control characters in text are kept as data.

    Raises ``ReadError`` with a message naming ``path`` when the bytes are binary: a
    known binary signature, NUL bytes, or (rarely) text that is mostly controls.
    """
    what = _signature(data)
    if what:
        raise ReadError(f"{path}: this is {what}, not a text list of papers")
    for boms, encoding in (
        ((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff"), "utf-32"),
        ((b"\xff\xfe", b"\xfe\xff"), "utf-16"),
    ):
        if data.startswith(boms):
            return _decode_wide(data, path, encoding)
    if b"\x00" in data:
        raise _binary(path)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("utf-8-sig", errors="replace")
        bad, clean = _utf8_lines(data.removeprefix(codecs.BOM_UTF8))
        if _mostly_utf8(text, data, len(bad), clean):
            if _mostly_controls(text, _UTF8_CONTROL_SHARE):
                raise _binary(path) from None
            problem = _replaced_problem(path, bad, "bytes that are not UTF-8")
            return Decoded(text, "utf-8", (problem,))
    else:
        if _mostly_controls(text, _UTF8_CONTROL_SHARE):
            raise _binary(path)
        return Decoded(text, "utf-8")
    return _decode_legacy(data, path)


def _decode_wide(data: bytes, path: Path, encoding: str) -> Decoded:
    """UTF-16 or UTF-32 with a BOM; invalid units become U+FFFD, reported by line."""
    problems: tuple[Problem, ...] = ()
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError:
        text = data.decode(encoding, errors="replace")
        if text.count(_REPLACEMENT) > max(2, len(text) // 100):
            raise _binary(path) from None  # a BOM by chance, then binary data
        lines = _line_numbers(text, _REPLACEMENT)
        problems = (_replaced_problem(path, lines, f"bytes that are not {encoding.upper()}"),)
    if _mostly_controls(text, _UTF8_CONTROL_SHARE):
        raise _binary(path)
    return Decoded(text.replace("\x00", ""), encoding, problems)


def _decode_legacy(data: bytes, path: Path) -> Decoded:
    """Bytes that are not UTF-8: Chinese GB18030, else Windows-1252, else Latin-1."""
    try:
        text = data.decode("gb18030")
    except UnicodeDecodeError:
        pass
    else:
        if _looks_chinese(text) and not _mostly_controls(text, _LEGACY_CONTROL_SHARE):
            return Decoded(text, "gb18030")
    for encoding in ("cp1252", "latin-1"):
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        if not _mostly_controls(text, _LEGACY_CONTROL_SHARE):
            return Decoded(text, encoding)
    raise ReadError(
        f"{path}: could not be read as text (tried UTF-8, GB18030, Windows-1252 and "
        "Latin-1); it may be a binary file"
    )


def decode_bytes(data: bytes, path: Path) -> str:
    """The text of ``decode(data, path)``, without its report of repaired bytes."""
    return decode(data, path).text


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


#: A JSON escape of a UTF-16 surrogate: ``json`` turns a lone one into a lone surrogate,
#: which no file, terminal or clipboard can hold.
_SURROGATE_ESCAPE_RE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def _scrub(value: Any) -> Any:
    """``value`` (parsed JSON) with every lone surrogate, in keys and values, as U+FFFD."""
    if isinstance(value, str):
        return _SURROGATE_RE.sub(_REPLACEMENT, value)
    if isinstance(value, list):
        return [_scrub(item) for item in value]
    if isinstance(value, dict):
        return {_scrub(key): _scrub(item) for key, item in value.items()}
    return value


#: How many runs of U+FFFD between JSON tokens are dropped before a text is given up.
_MAX_REPAIRS = 20


def _loads(text: str) -> Any:
    """``json.loads`` that survives what decoding repaired, with lone surrogates replaced.

    U+FFFD stands where decoding met bytes that were not text; inside a string it is
    data, but between tokens or inside an escape it makes the whole text invalid, so a
    run of them where the parser stops is dropped and the text parsed again. Control
    characters inside strings, which strict JSON forbids, are read as data.
    """
    for _ in range(_MAX_REPAIRS):
        try:
            data = json.loads(text, strict=False)
        except json.JSONDecodeError as error:
            start = error.pos
            if error.msg.startswith("Invalid \\"):
                # bad bytes inside an escape: "\\�n", "\\u00�e9"
                start = text.find(_REPLACEMENT, start, start + 6)
                if start < 0:
                    raise
            end = start
            while end < len(text) and text[end] == _REPLACEMENT:
                end += 1
            if end == start:
                raise
            text = text[:start] + text[end:]
        else:
            break
    else:
        data = json.loads(text, strict=False)
    if _SURROGATE_ESCAPE_RE.search(text):
        data = _scrub(data)
    return data


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
    broken: list[tuple[int, str]] = []
    for position, item in items:
        if not isinstance(item, dict):
            not_objects.append(position)
            continue
        try:
            record = _record_from_mapping(item)
        except Exception as error:  # noqa: BLE001 - one bad record must not stop its list
            broken.append((position, f"{type(error).__name__}: {error}"))
            continue
        if record is None:
            empty.append(position)
        else:
            records.append(record)
    problems: list[Problem] = []
    if broken:
        numbers = [position for position, _ in broken]
        problems.append(
            Problem(
                path,
                f"skipped {where if len(numbers) > 1 else where.removesuffix('s')} "
                f"{_line_list(numbers)}: the record could not be read "
                f"({' '.join(broken[0][1].split())[:200]})",
                "warning",
            )
        )
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
            items.append((number, _loads(line)))
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
        data = _loads(text)
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


#: BibTeX's predefined month macros (``month = jan``).
_MONTHS = {
    name[:3].lower(): name
    for name in (
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    )
}
#: The start of a field after a stray ``}`` closed its entry early: ``, abstract =``.
_NEXT_FIELD_RE = re.compile(r",\s*[A-Za-z][\w:.+-]*\s*=")
_RECOVERED_KEY = "tuireader-recovered"


def _bib_pieces(raw: str) -> list[str]:
    """The parts of a raw BibTeX value joined by ``#`` (outside braces and quotes)."""
    pieces: list[str] = []
    depth = 0
    quoted = False
    start = 0
    for index, char in enumerate(raw):
        if char == "{":
            depth += 1
        elif char == "}":
            depth = max(depth - 1, 0)
        elif char == '"' and depth == 0:
            quoted = not quoted
        elif char == "#" and depth == 0 and not quoted:
            pieces.append(raw[start:index])
            start = index + 1
    pieces.append(raw[start:])
    return pieces


def _bib_value(raw: str, macros: dict[str, str]) -> str:
    """A raw BibTeX value as text: ``{...}`` and ``"..."`` unwrapped, ``@string`` macros
    and month names resolved, ``#`` concatenation honoured (``"A " # var # {B}``)."""
    out: list[str] = []
    for piece in _bib_pieces(raw):
        piece = piece.strip()
        if len(piece) >= 2 and (piece[0], piece[-1]) in (("{", "}"), ('"', '"')):
            out.append(piece[1:-1])
        elif not piece or piece.isdigit():
            out.append(piece)
        else:
            name = piece.lower()
            out.append(macros.get(name, _MONTHS.get(name, piece)))
    return "".join(out)


def _bib_fields(entry: Any, macros: dict[str, str]) -> dict[str, str]:
    return {
        field.key.lower(): _bib_value(field.value, macros)
        for field in entry.fields
        if isinstance(field.value, str)
    }


def _stray_brace(
    entry: Any, leftover: str, macros: dict[str, str], path: Path
) -> tuple[dict[str, str], Problem]:
    """Fields that a stray ``}`` cut off from ``entry`` (text after it), and a warning.

    A ``}`` too many in a field closes the entry there; BibTeX parsers then read the
    entry's remaining fields as a comment. They are parsed again here and joined to
    the entry, and the warning names the entry so the user can fix the file.
    """
    import bibtexparser

    fields: dict[str, str] = {}
    found = _NEXT_FIELD_RE.search(leftover)
    if found:
        text = f"@misc{{{_RECOVERED_KEY}{leftover[found.start() :]}\n}}"
        rest = bibtexparser.parse_string(text, parse_stack=[])
        if rest.entries:
            fields = _bib_fields(rest.entries[0], macros)
    field = entry.fields[-1].key.lower() if entry.fields else "last"
    place = f"the entry at line {(entry.start_line or 0) + 1}, key {entry.key},"
    message = f"{place} has one “}}” too many in its {field} field"
    if fields:
        names = list(fields)
        listed = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
        plural = len(names) > 1
        message += (
            f"; the {listed} field{'s' if plural else ''} after it "
            f"{'were' if plural else 'was'} still read"
        )
    message += ", check that entry"
    return fields, Problem(path, message, "warning")


def _parse_bibtex(text: str, path: Path) -> ReadResult:
    import bibtexparser  # imported here: only BibTeX files need it
    from bibtexparser.model import Entry, ImplicitComment, String

    _quiet_bibtexparser()
    if not text.strip():
        return _failure(path, "the file is empty", "bibtex")
    try:
        # No middleware: values stay raw so that ``#`` concatenation can be resolved
        # (the default stack would strip the outer quotes of ``"A" # "B"``).
        library = bibtexparser.parse_string(text, parse_stack=[])
    except Exception as error:  # noqa: BLE001 - a parser bug must not stop the other files
        return _failure(path, f"could not be read as BibTeX ({error})", "bibtex")
    problems = [
        Problem(path, _describe_failed_block(block), "warning") for block in library.failed_blocks
    ]
    macros: dict[str, str] = {}
    entries: list[tuple[str, dict[str, str]]] = []
    previous: Any = None
    for block in library.blocks:
        if isinstance(block, String) and isinstance(block.value, str):
            macros[block.key.lower()] = _bib_value(block.value, macros)
        elif isinstance(block, Entry):
            entries.append((block.key, _bib_fields(block, macros)))
        elif isinstance(block, ImplicitComment) and isinstance(previous, Entry):
            leftover = (block.raw or "").lstrip()
            if leftover.startswith((",", "}")):
                fields, problem = _stray_brace(previous, leftover, macros, path)
                for name, value in fields.items():
                    entries[-1][1].setdefault(name, value)
                problems.append(problem)
        previous = block
    records: list[Record] = []
    skipped: list[str] = []
    broken: list[str] = []
    for key, fields in entries:
        try:
            record = _bib_record(fields, key)
        except Exception:  # noqa: BLE001 - one bad entry must not stop its list
            broken.append(key)
            continue
        if record is None:
            skipped.append(key)
        else:
            records.append(record)
    if broken:
        problems.append(
            Problem(
                path,
                f"skipped {_count_entries(broken)} that could not be read ({_keys(broken)})",
                "warning",
            )
        )
    if skipped:
        problems.append(
            Problem(
                path,
                f"skipped {_count_entries(skipped)} with neither title nor abstract "
                f"({_keys(skipped)})",
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


def _count_entries(keys: list[str]) -> str:
    return f"{len(keys)} entr{'y' if len(keys) == 1 else 'ies'}"


def _keys(keys: list[str]) -> str:
    return ", ".join(keys[:5]) + (", …" if len(keys) > 5 else "")


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
        decoded = decode(data, path)
    except ReadError as error:
        message = str(error).removeprefix(f"{path}: ")
        return _failure(path, message, fmt)
    text = decoded.text
    fmt = _sniff_format(path, text)
    try:
        result = _PARSERS[fmt](text, path)
    except Exception as error:  # noqa: BLE001 - a reader bug must not stop the other files
        result = _failure(path, f"could not be read ({type(error).__name__}: {error})", fmt)
    if decoded.problems:
        result = replace(result, problems=(*decoded.problems, *result.problems))
    return result


def _too_big(path: Path, size: int, fmt: str) -> ReadResult:
    return _failure(
        path,
        f"is {_size_text(size)}, more than the {_size_text(MAX_FILE_BYTES)} limit for one "
        "list; split it into smaller files",
        fmt,
    )
