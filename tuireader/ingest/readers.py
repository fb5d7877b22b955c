"""Read one paper-list file (text, Markdown, JSON Lines, JSON, BibTeX, CSV, RIS, Web of
Science, EndNote's tagged export, PubMed's MEDLINE, arXiv's Atom and RSS feeds) into
records.

Every reader turns a file into :class:`~tuireader.model.Record` values plus ``Problem``
values that say, in words a user understands, what could not be read. The formats live in
``tuireader.ingest.formats`` (one module each); this module decodes bytes, picks the
format and keeps the public names. ``read_file`` never raises: a file
that cannot be read at all gives a result with no records and one error.

Plain text lists look like this: the first non-empty line names the list, then one
paper per paragraph, paragraphs separated by blank lines; a hard-wrapped paragraph
is one paper. Text is decoded as UTF-8 (with or without BOM; a few invalid bytes become
U+FFFD and are reported by line, lines in Windows-1252 (or an old Mac's Mac OS Roman,
where only it reads as letters) among UTF-8 ones, and a lone
byte of it inside a word, are read as such and named, but for a word made only of
letters beyond ASCII, which may be another encoding's and stays U+FFFD), or, when the bytes are not UTF-8
at all, as GB18030 when the result reads as Chinese, else Windows-1252 (a byte it leaves
undefined as Latin-1 reads it). Binary data (NUL bytes all through it, a known file
signature) is refused, while the zero bytes a crash leaves at a file's end, and a few
inside, are taken out and said; control characters in text are kept as data for the
output to neutralise. Lone surrogates (from JSON escapes) become U+FFFD.
"""

from __future__ import annotations

import codecs
import json
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from tuireader.ingest.formats.bibtex import parse_bibtex, unlatex
from tuireader.ingest.formats.common import (
    ReadResult,
    affiliations_said,
    failure,
    line_list,
    records_said,
    split_lines,
)
from tuireader.ingest.formats.feed import looks_like_xml, parse_feed
from tuireader.ingest.formats.jsonfile import parse_json, parse_jsonl
from tuireader.ingest.formats.markdown import parse_markdown
from tuireader.ingest.formats.medline import looks_like_medline, parse_medline
from tuireader.ingest.formats.ownbib import is_own_bibtex, own_bibtex
from tuireader.ingest.formats.prose import tidy_abstracts, without_notices
from tuireader.ingest.formats.refer import looks_like_refer, parse_refer
from tuireader.ingest.formats.ris import looks_like_ris, parse_ris
from tuireader.ingest.formats.table import looks_like_table, parse_csv
from tuireader.ingest.formats.text import MAX_LIST_NAME_CHARS, parse_text
from tuireader.ingest.formats.wos import looks_like_wos, parse_wos
from tuireader.ingest.sources import (
    _FORMAT_BY_SUFFIX,
    SUPPORTED_SUFFIXES,
    Streamed,
    os_error_said,
    streamed,
    supported,
)
from tuireader.model import Problem, Record

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_LIST_NAME_CHARS",
    "SUPPORTED_SUFFIXES",
    "Decoded",
    "ReadError",
    "ReadResult",
    "Record",
    "decode",
    "decode_bytes",
    "read_file",
    "supported",
    "unlatex",
]

#: Files larger than this are refused before they are read (a list of 100,000
#: abstracts is about 150 MB of JSON, so this is about 13,000 papers per file).
MAX_FILE_BYTES: int = 20 * 1024 * 1024


class ReadError(ValueError):
    """A file's bytes cannot be turned into text; the message is for the user."""


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


def size_text(size: int) -> str:
    """A file's size as said to a user: "512 bytes", "22.1 KB", "5.1 MB"."""
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
    for number, line in enumerate(split_lines(text), start=1):
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


def _replaced_problem(path: Path, lines: list[int], what: str, them: str = "them") -> Problem:
    """One warning naming the first few lines where ``what`` was replaced with U+FFFD."""
    if len(lines) == 1:
        return Problem(
            path, f"line {lines[0]} had {what}; replaced {them} with {_REPLACEMENT}", "warning"
        )
    shown = ", ".join(str(number) for number in lines[:_SHOWN_LINES])
    more = len(lines) - _SHOWN_LINES
    if more > 0:
        shown += f" and {more} more"
    return Problem(
        path,
        f"{len(lines)} lines had {what} (lines {shown}); replaced {them} with {_REPLACEMENT}",
        "warning",
    )


#: what Western European text holds beyond ASCII, read as Windows-1252: accented
#: letters (not "þ" or "ÿ", which a stray UTF-16 mark gives), quotes, dashes and the
#: signs of Latin-1 and Windows-1252 (a title's "3×3", "±", "µm", "m²", "°C", "½")
_WESTERN_RE = re.compile(
    "[\u00a0-\u00fd"
    "\u0152\u0153\u0160\u0161\u0178\u017d\u017e"
    "\u2013\u2014\u2018\u2019\u201a\u201c\u201d\u201e\u2020-\u2022\u2026\u2030"
    "\u2039\u203a\u20ac\u2122]"
)
#: three letters beyond ASCII in a row: a Western European word has them only beside
#: letters of ASCII ("Fjöðúr"), a word of another encoding read as Windows-1252 (Cyrillic
#: in Windows-1251: "Ãëóáîêîå") is made of them
_NON_ASCII_RUN_RE = re.compile(r"[^\W\d_\x00-\x7f]{3}")
#: a word made only of letters beyond ASCII (and the "×" and "÷" that Windows-1251's
#: "Ч" and "ч" read as, between them), no letter or digit of ASCII beside it
_NON_ASCII_WORD_RE = re.compile(
    r"(?<![^\W_])[^\W\d_\x00-\x7f](?:[×÷]?[^\W\d_\x00-\x7f])*(?![^\W_])"
)
#: the fewest characters beyond ASCII that lines must hold, all of them Western, to be
#: read as Windows-1252: one byte alone is as likely damage, and stays U+FFFD
_WESTERN_EVIDENCE = 2
_LINE_BREAK_BYTES_RE = re.compile(rb"(\r\n|\r|\n)")


def _western(line: bytes) -> str | None:
    """``line`` read as Windows-1252 when it so reads as Western European text, else
    None: also when the line holds UTF-8 beside its bad bytes ("Caf\\xe9 in Zürich",
    whose "ü" Windows-1252 made "Ã¼"), which no text in Windows-1252 forms."""
    if _REPLACEMENT_BYTES in line or any(
        char > "\x7f" and char != _REPLACEMENT for char in line.decode("utf-8", errors="replace")
    ):
        return None
    text = _as_western(line)
    return None if text is None or _foreign_runs(text) else text


def _as_western(line: bytes) -> str | None:
    """``line`` read as Windows-1252 when each sign beyond ASCII it so gives is one of
    Western European text's, else None (also for a byte Windows-1252 leaves undefined:
    no text of its)."""
    try:
        text = line.decode("cp1252")
    except UnicodeDecodeError:  # said "charmap"
        return None
    beyond = _NON_ASCII_RE.findall(text)
    return text if all(_WESTERN_RE.fullmatch(char) for char in beyond) else None


def _foreign_runs(text: str) -> bool:
    """True when ``text`` (a line read as Windows-1252) holds three letters beyond ASCII
    in a row in a word with no letter of ASCII: no Western European word is so."""
    return any(_NON_ASCII_RUN_RE.search(word.group()) for word in _NON_ASCII_WORD_RE.finditer(text))


def _western_but_words(line: bytes) -> str | None:
    """``line`` read as Windows-1252 but for its words made only of letters beyond
    ASCII, which stay U+FFFD, when it reads as Western text but for such a word of three
    letters or more (:func:`_foreign_runs`); else None.

    Such a word may be another encoding's (Cyrillic in Windows-1251 reads as accented
    letters), and stays U+FFFD; the quotes and dashes around it, which every such
    encoding writes with Windows-1252's bytes, and the words of ASCII with an accent
    in them, are the line's, and were U+FFFD with it."""
    if _REPLACEMENT_BYTES in line:
        return None
    text = _as_western(line)
    if text is None:
        return None
    try:
        line.decode("utf-8")
    except UnicodeDecodeError:
        pass
    else:
        return None  # UTF-8: no line of Windows-1252
    if not _foreign_runs(text):
        return None
    return _NON_ASCII_WORD_RE.sub(lambda word: _REPLACEMENT * len(word.group()), text)


#: letters Windows-1252 gives that no sign shares a byte with: "ª", "º" and "µ" are
#: letters to Unicode but signs in a title ("5 \xb5m"), "þ" and "ÿ" what a stray UTF-16
#: mark gives
_NOT_LETTERS = frozenset("ªºµþÿ")


def _word_edge(char: str) -> bool:
    """True for what may stand beside a word: the line's edge, a space, punctuation."""
    return not char or char.isspace() or unicodedata.category(char).startswith("P")


def _lone_letters(line: bytes) -> tuple[str, int, int]:
    """UTF-8 ``line`` with each bad byte that stands alone inside a word read as the
    letter Windows-1252 makes of it, every other bad byte as U+FFFD; and how many bytes
    were read each way.

    A title typed in an editor set to Latin-1 and pasted into a UTF-8 list keeps one
    byte of it ("caf\xe9"): read as U+FFFD it lost its letter ("caf\ufffd"), though
    Windows-1252 says which. Only a byte alone between letters (or between a letter and
    a word's edge) is read so; beside another bad byte, a control, a digit, or as a
    sign, it is damage and stays U+FFFD."""
    pieces: list[str] = []
    rest = line
    letters = replaced = 0
    while True:
        try:
            pieces.append(rest.decode("utf-8"))
            return "".join(pieces), letters, replaced
        except UnicodeDecodeError as error:
            pieces.append(rest[: error.start].decode("utf-8"))
            bad, rest = rest[error.start : error.end], rest[error.end :]
        before = pieces[-1][-1:] if pieces[-1] else (pieces[-2][-1:] if len(pieces) > 1 else "")
        after = rest[:4].decode("utf-8", errors="replace")[:1]
        letter = _single_byte(bad)
        alone = len(bad) == 1 and letter.isalpha() and letter not in _NOT_LETTERS
        if alone and _WESTERN_RE.fullmatch(letter) and after != _REPLACEMENT:
            inside = (before.isalpha() and (after.isalpha() or _word_edge(after))) or (
                after.isalpha() and _word_edge(before)
            )
            if inside:
                pieces.append(letter)
                letters += 1
                continue
        pieces.append(_REPLACEMENT * len(bad.decode("utf-8", errors="replace")))
        replaced += 1


def _single_byte(line: bytes) -> str:
    """``line`` read as Windows-1252, each byte it leaves undefined (0x81, 0x8D, 0x8F,
    0x90, 0x9D) as Latin-1 reads it, a control kept as data.

    Read whole as Latin-1 for one such byte, a list lost every quote and dash it held
    in Windows-1252: "“Deep” learning – a survey" became controls around "Deep"."""
    try:
        return line.decode("cp1252")
    except UnicodeDecodeError:
        text = line.decode("cp1252", errors="surrogateescape")
        return _ESCAPED_BYTE_RE.sub(lambda match: chr(ord(match.group()) - 0xDC00), text)


#: a byte ``surrogateescape`` kept, undecoded, as a lone surrogate
_ESCAPED_BYTE_RE = re.compile("[\udc80-\udcff]")


def _in_windows_1252(byte: bytes) -> str:
    """``byte`` read as Windows-1252, "" for one it leaves undefined."""
    try:
        return byte.decode("cp1252")
    except UnicodeDecodeError:
        return ""


def _mac_line(line: bytes) -> str | None:
    """``line`` (not UTF-8) read as Mac OS Roman when it so reads as Western text and
    Windows-1252 does not: a byte between two letters of ASCII is a letter in Mac OS
    Roman and, in one place at least, no small letter in Windows-1252 ("na\x95ve":
    "naïve", not "na•ve"), and is nowhere a small letter in it ("caf\xe9s"); else None.

    A line pasted from an old Mac's file into a UTF-8 list was read as Windows-1252,
    whose reading of it passes for Western text ("CafŽ na•ve se–or"), and said to be
    so: only a file all in Mac OS Roman was read as one."""
    if _REPLACEMENT_BYTES in line:
        return None
    text = line.decode("mac_roman")
    if not all(_WESTERN_RE.fullmatch(char) for char in _NON_ASCII_RE.findall(text)):
        return None
    mac = 0
    for match in _BYTE_IN_WORD_RE.finditer(line):
        byte = match.group(2)
        if not byte.decode("mac_roman").isalpha():
            return None
        if byte[0] in _EITHER_IN_WORDS:
            continue
        if _in_windows_1252(byte).islower():
            return None
        mac += 1
    return text if mac else None


def _by_line(
    data: bytes, bad: list[int], *, legacy: bool = False
) -> tuple[str, list[int], list[int], list[int]]:
    """The text of UTF-8 ``data`` whose lines ``bad`` are not UTF-8, and which of those
    were read as Windows-1252 and which kept U+FFFD for their bad bytes.

    A list put together from several sources holds one entry saved in Windows-1252 or
    Latin-1 (a paper by "Jörg Müller"): read with U+FFFD, it lost its letters ("J�rg
    M�ller"), though a file all in Latin-1 is read right. A bad line that reads as
    Western European text in Windows-1252 is read so, when such lines hold at least
    ``_WESTERN_EVIDENCE`` characters beyond ASCII; on any other bad line a byte alone
    inside a word is read as its letter (:func:`_lone_letters`), and bytes that are
    damage (a stray "\\xff\\xfe", a character cut in two) keep U+FFFD; a line with
    both is named with each. With ``legacy`` (the bad lines are too many to be damage:
    the file is in a single-byte encoding but for its UTF-8 lines) every bad line is
    read as Windows-1252. A bad line that reads as an old Mac's text (:func:`_mac_line`)
    is read so, and its number is given last.
    """
    parts = _LINE_BREAK_BYTES_RE.split(data)
    lines, breaks = parts[0::2], parts[1::2]
    read: dict[int, str | None]
    partly: dict[int, str] = {}  # lines read so but for words that stay U+FFFD
    macs: dict[int, str] = {}  # lines read as Mac OS Roman
    if legacy:
        read = {number: _single_byte(lines[number - 1]) for number in bad}
    else:
        for number in bad:
            mac = _mac_line(lines[number - 1])
            if mac is not None:
                macs[number] = mac
        read = {number: None if number in macs else _western(lines[number - 1]) for number in bad}
        for number in bad:
            text = None if read[number] else _western_but_words(lines[number - 1])
            if text is not None:
                partly[number] = text
        evidence = sum(
            len(_NON_ASCII_RE.findall(text.replace(_REPLACEMENT, "")))
            for text in (*read.values(), *partly.values(), *macs.values())
            if text
        )
        if evidence < _WESTERN_EVIDENCE:
            read, partly, macs = dict.fromkeys(bad), {}, {}
    pieces: list[str] = []
    western: list[int] = []
    replaced: list[int] = []
    for number, line in enumerate(lines, start=1):
        whole = read.get(number)
        if whole:
            pieces.append(whole)
            western.append(number)
        elif number in macs:
            pieces.append(macs[number])
        elif number in partly:
            pieces.append(partly[number])
            western.append(number)
            replaced.append(number)
        elif number in read:
            text, letters, damaged = _lone_letters(line)
            pieces.append(text)
            if letters:
                western.append(number)
            if damaged:
                replaced.append(number)
        else:
            pieces.append(line.decode("utf-8"))
        if number <= len(breaks):
            pieces.append(breaks[number - 1].decode("ascii"))
    return "".join(pieces), western, replaced, sorted(macs)


def _chinese_lines(data: bytes, bad: list[int]) -> bool:
    """True when the lines ``bad`` of ``data`` read as Chinese in GB18030: a line of it
    may be valid UTF-8 by chance, and the file is read whole as GB18030."""
    lines = _LINE_BREAK_BYTES_RE.split(data.removeprefix(codecs.BOM_UTF8))[0::2]
    try:
        text = b"\n".join(lines[number - 1] for number in bad).decode("gb18030")
    except UnicodeDecodeError:
        return False
    return _looks_chinese(text)


def _western_problem(path: Path, lines: list[int]) -> Problem:
    """One warning naming the lines that were read as Windows-1252, not UTF-8."""
    if len(lines) == 1:
        return Problem(
            path, f"line {lines[0]} is not UTF-8; read it as Windows-1252 (Latin-1)", "warning"
        )
    return Problem(
        path,
        f"{len(lines)} lines are not UTF-8 (lines {line_list(lines)}); read them as "
        "Windows-1252 (Latin-1)",
        "warning",
    )


def _mac_problem(path: Path, lines: list[int]) -> Problem:
    """One warning naming the lines that were read as Mac OS Roman, not UTF-8."""
    if len(lines) == 1:
        return Problem(
            path,
            f"line {lines[0]} is not UTF-8; read it as an old Mac's text (Mac OS Roman)",
            "warning",
        )
    return Problem(
        path,
        f"{len(lines)} lines are not UTF-8 (lines {line_list(lines)}); read them as an old "
        "Mac's text (Mac OS Roman)",
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
    """Decode a text file's bytes (:func:`_decode`), without the byte order marks of
    files joined into one (``cat a.jsonl b.jsonl``): the second file's mark began a
    line, where the JSON Lines reader skipped the record after it as not JSON. A mark
    is no text, and one at a line's start says no more than where a file began."""
    decoded = _decode(data, path)
    if "\ufeff" not in decoded.text:
        return decoded
    text = _LINE_START_BOM_RE.sub("", decoded.text)
    return replace(decoded, text=text)


#: byte order marks at the start of a line after the first
_LINE_START_BOM_RE = re.compile("(?<=[\n\r])\ufeff+")


def _decode(data: bytes, path: Path) -> Decoded:
    """Decode a text file's bytes, repairing and reporting bytes that are not text.

    UTF-8 (with or without BOM) is read as UTF-8; a UTF-8 file with a few invalid
    bytes keeps UTF-8, with U+FFFD where the bad bytes were and a warning naming their
    lines, but for lines that read as Western text in Windows-1252 (an entry saved in
    Latin-1 among UTF-8 ones), which are read so and named (``_by_line``). Only bytes
    that are not UTF-8 at all (see ``_mostly_utf8``) are read as GB18030 when the
    result reads as Chinese, else Windows-1252 (a byte it leaves undefined as in
    Latin-1). UTF-16 and UTF-32 with a BOM are read too. Control characters in text are
    kept as data.

    Zero bytes at the end (a crash zero-filled it) and in up to ``_FEW_ZERO_RUNS``
    runs inside are taken out, and said. Raises ``ReadError`` with a message naming
    ``path`` when the bytes are binary: a known binary signature, NUL bytes in more runs,
    or (rarely) text that is mostly controls.
    """
    what = _signature(data)
    if what:
        raise ReadError(f"{path}: this is {what}, not a text list of papers")
    for boms, encoding, unit in (
        ((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff"), "utf-32", 4),
        ((b"\xff\xfe", b"\xfe\xff"), "utf-16", 2),
    ):
        if data.startswith(boms):
            return _without_padding(data, path, unit, encoding)
    if b"\x00" not in data:
        return _decode_text(data, path)
    body = data.rstrip(b"\x00")
    wide = _bomless_utf16(body + b"\x00" * (len(body) % 2))
    if wide is not None:
        return _without_padding(data, path, 2, wide)
    zeros = _zero_runs(body)
    if len(zeros) > _FEW_ZERO_RUNS or (zeros and _C0_BYTE_RE.search(body)):
        raise _binary(path)
    decoded = _decode_text(body.replace(b"\x00", b""), path)
    said: list[Problem] = []
    if zeros:
        said.append(_zeros_problem(path, body, zeros))
    if len(body) < len(data):
        said.append(_padding_problem(path, len(data) - len(body)))
    return replace(decoded, problems=(*said, *decoded.problems))


#: runs of zero bytes inside a text file that are damage (a byte lost in a copy, a
#: block a crash zero-filled), not the NULs a binary file holds everywhere
_FEW_ZERO_RUNS = 8
_ZERO_RUN_RE = re.compile(rb"\x00+")
#: a control byte beside NULs says binary data ("\x00\x01\x02"): a text with a stray
#: NUL holds no other control than its tabs, line ends and form feeds
_C0_BYTE_RE = re.compile(rb"[\x01-\x08\x0b\x0e-\x1f\x7f]")


def _zero_runs(data: bytes) -> list[tuple[int, int]]:
    """Where the runs of zero bytes in ``data`` start and end, up to one more than
    ``_FEW_ZERO_RUNS`` (more are binary data, and need not be counted)."""
    runs: list[tuple[int, int]] = []
    for match in _ZERO_RUN_RE.finditer(data):
        runs.append(match.span())
        if len(runs) > _FEW_ZERO_RUNS:
            break
    return runs


def _zeros_problem(path: Path, data: bytes, runs: list[tuple[int, int]]) -> Problem:
    """One warning naming the lines of ``data`` whose zero bytes were taken out."""
    lines = sorted({len(_NEWLINE_BYTES_RE.findall(data, 0, start)) + 1 for start, _ in runs})
    count = sum(end - start for start, end in runs)
    if len(lines) == 1:
        what = "a zero byte (NUL)" if count == 1 else f"{count:,} zero bytes (NUL)"
        return Problem(path, f"line {lines[0]} had {what}; took {_them(count)} out", "warning")
    return Problem(
        path,
        f"{len(lines)} lines had zero bytes (NUL) (lines {line_list(lines)}); took them out",
        "warning",
    )


def _them(count: int) -> str:
    return "it" if count == 1 else "them"


def _padding_problem(path: Path, count: int) -> Problem:
    """A crash (a power cut) while a file was written leaves its end zero-filled: the
    file system had given it the room but not the data. The text before is the file's."""
    what = "a zero byte" if count == 1 else f"{count:,} zero bytes"
    return Problem(
        path,
        f"the file ends in {what}, as a file cut short by a crash does; read without "
        f"{_them(count)}",
        "warning",
    )


def _without_padding(data: bytes, path: Path, unit: int, encoding: str) -> Decoded:
    """UTF-16 or UTF-32 ``data`` (``unit`` bytes a character) without the zero bytes
    a crash left at its end, said; the zero half of its last character is kept."""
    body = data.rstrip(b"\x00")
    end = -(-len(body) // unit) * unit
    decoded = _decode_wide(data[:end], path, encoding)
    if end >= len(data):
        return decoded
    said = _padding_problem(path, len(data) - end)
    return replace(decoded, problems=(said, *decoded.problems))


#: a run of bytes beyond ASCII, and the longest run of them that is damage, not a word
_HIGH_RUN_RE = re.compile(rb"[\x80-\xff]+")
_STRAY_BYTES = 4


def _without_stray_bytes(data: bytes, bad: list[int], path: Path) -> Decoded | None:
    """``data`` (its lines ``bad`` not UTF-8) decoded with its stray bytes as U+FFFD,
    named by line; None when it holds none, or holds bytes that are no Western text.

    A list whose structure has bytes between its tokens (a stray UTF-16 mark "\\xff\\xfe"
    after each title's comma) was read whole as Windows-1252, which gave "ÿþ" where the
    JSON reader wanted a key, and lost every record. Text in Windows-1252 has its bytes
    in words, or reads as Western signs ("–", "£"); a stray run stands apart, between
    punctuation, spaces or a line's edges, is short, and reads as no Western text. The
    rest is decoded as it would be without them: UTF-8, or Windows-1252 when its words
    are (named so). Bytes of another legacy encoding (Cyrillic in Windows-1251) leave
    the file as it was.
    """
    if _STRAY_MARK in data:
        return None
    parts = _LINE_BREAK_BYTES_RE.split(data)
    wanted = set(bad)
    runs_of = [
        match.group()
        for number, line in enumerate(parts[0::2], start=1)
        if number in wanted
        for match in _HIGH_RUN_RE.finditer(line)
    ]
    # bytes Windows-1252 leaves undefined, each alone, and no other: no text of any
    # encoding's, even inside a word ("Stray\x9dbyte", which was kept as a control)
    # (but an old Mac's letters: "Fran\x8dois Gar\x8don")
    undefined = all(
        len(run) == 1 and run[0] in _UNDEFINED_BYTES for run in runs_of
    ) and not _mac_roman(data)
    spans: list[tuple[int, int]] = []
    lines: list[int] = []
    runs: set[bytes] = set()
    offset = 0
    for number, line in enumerate(parts[0::2], start=1):
        if number in wanted:
            for match in _HIGH_RUN_RE.finditer(line):
                kind = True if undefined else _high_run(line, *match.span())
                if kind is None:
                    return None
                if kind:
                    spans.append((offset + match.start(), offset + match.end()))
                    runs.add(match.group())
                    if lines[-1:] != [number]:
                        lines.append(number)
        offset += len(line) + (len(parts[2 * number - 1]) if 2 * number - 1 < len(parts) else 0)
    if not spans:
        return None
    pieces: list[bytes] = []
    done = 0
    for start, end in spans:
        pieces += [data[done:start], _STRAY_MARK * (end - start)]
        done = end
    marked = b"".join([*pieces, data[done:]])
    decoded = _decode_text(marked, path)
    problems = list(decoded.problems)
    if decoded.encoding in _LEGACY_NAMES:
        said = _legacy_problem(path, marked, decoded.encoding)
        problems += [said] if said else []
    what, them = "stray bytes that are not UTF-8", "them"
    if len(runs) == 1:
        (run,) = runs
        what = f"the stray byte{'s' * (len(run) > 1)} {run.hex(' ').upper()}"
        them = _them(len(run))
    problems.insert(0, _replaced_problem(path, lines, what, them))
    text = decoded.text.replace(_STRAY_MARK.decode(), _REPLACEMENT)
    return replace(decoded, text=text, problems=tuple(problems))


#: the bytes Windows-1252 leaves undefined
_UNDEFINED_BYTES = frozenset(b"\x81\x8d\x8f\x90\x9d")
#: what stands for a stray byte while the rest is decoded: ASCII's own "substitute"
_STRAY_MARK = b"\x1a"


def _high_run(line: bytes, start: int, end: int) -> bool | None:
    """True for the run ``line[start:end]`` of bytes beyond ASCII that is damage (see
    ``_without_stray_bytes``), False for one that is UTF-8 or a Western word or sign in
    Windows-1252, None for any other (a word of another encoding)."""
    run = line[start:end]
    try:
        run.decode("utf-8")
    except UnicodeDecodeError:
        pass
    else:
        return False
    try:
        read = run.decode("cp1252")
    except UnicodeDecodeError:
        read = ""  # a byte Windows-1252 leaves undefined: no text of its
    western = bool(read) and all(_WESTERN_RE.fullmatch(char) for char in read)
    if western and len(read) < 3:
        return False
    edges = line[start - 1 : start] + line[end : end + 1]
    if len(run) > _STRAY_BYTES or any(chr(byte).isalnum() for byte in edges):
        return None
    return None if western else True


def _cut_character(error: UnicodeDecodeError, path: Path) -> Decoded | None:
    """UTF-8 text whose only fault is a character cut in two at its end (a download
    stopped, a crash), read without the character's first bytes; None for any other.

    The lone first byte of "é" at the end was read as the Windows-1252 letter "Ã"
    ("Caf\u00e9 th\u00c3"), or the whole file as Windows-1252. The file must hold other
    UTF-8 beyond ASCII to say it is UTF-8: a file in Windows-1252 that ends in "é" ends
    in a byte that starts a UTF-8 character too."""
    if error.reason != "unexpected end of data" or error.end != len(error.object):
        return None
    text = error.object[: error.start].decode("utf-8")
    if text.isascii() or _mostly_controls(text, _UTF8_CONTROL_SHARE):
        return None
    count = error.end - error.start
    what = "the first byte" if count == 1 else f"the first {count} bytes"
    said = Problem(
        path,
        f"the file ends in {what} of a character, as a file cut short does; read without "
        f"{_them(count)}",
        "warning",
    )
    return Decoded(text, "utf-8", (said,))


def _decode_text(data: bytes, path: Path) -> Decoded:
    """UTF-8 (with a few bad bytes, or lines in Windows-1252), else a legacy encoding:
    ``data`` holds no zero byte."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        cut = _cut_character(error, path)
        if cut is not None:
            return cut
        text = data.decode("utf-8-sig", errors="replace")
        bad, clean = _utf8_lines(data.removeprefix(codecs.BOM_UTF8))
        mostly = _mostly_utf8(text, data, len(bad), clean)
        if not mostly:
            stray = _without_stray_bytes(data.removeprefix(codecs.BOM_UTF8), bad, path)
            if stray is not None:
                return stray
        if mostly and _mostly_controls(text, _UTF8_CONTROL_SHARE):
            raise _binary(path) from None
        # a few lines of UTF-8 among more in Windows-1252 are UTF-8 too, when all the
        # others read as Western text: read as Windows-1252, "Bächer" was "BÃ¤cher"
        lines = _by_line(data.removeprefix(codecs.BOM_UTF8), bad) if mostly or clean else None
        if lines is not None and lines[2] and not mostly and not _chinese_lines(data, bad):
            # lines of UTF-8 ("Fréchet") among more in Windows-1252, one of which is
            # no Western text by the count of ``_western``: the file read whole in
            # Windows-1252 gave "FrÃ©chet". A valid UTF-8 line is never read again.
            lines = _by_line(data.removeprefix(codecs.BOM_UTF8), bad, legacy=True)
        if lines is not None and (
            mostly or (not lines[2] and not _mostly_controls(lines[0], _UTF8_CONTROL_SHARE))
        ):
            text, western, replaced, macs = lines
            problems: list[Problem] = []
            if western:
                problems.append(_western_problem(path, western))
            if macs:
                problems.append(_mac_problem(path, macs))
            if replaced:
                problems.append(_replaced_problem(path, replaced, "bytes that are not UTF-8"))
            return Decoded(text, "utf-8", tuple(problems))
    else:
        if _mostly_controls(text, _UTF8_CONTROL_SHARE):
            raise _binary(path)
        return Decoded(text, "utf-8")
    return _decode_legacy(data, path)


def _bomless_utf16(data: bytes) -> str | None:
    """ "utf-16-le" or "utf-16-be" for UTF-16 text saved without a BOM (some Windows
    tools do): the NUL bytes are the high halves of its ASCII characters, all on one side
    of each pair. None for anything else (binary data has NULs anywhere)."""
    head = data[:8192]
    pairs = len(head) // 2
    if pairs < 8:
        return None
    even = sum(1 for i in range(0, 2 * pairs, 2) if head[i] == 0)
    odd = sum(1 for i in range(1, 2 * pairs, 2) if head[i] == 0)
    if odd >= 0.3 * pairs and even == 0:
        return "utf-16-le"
    if even >= 0.3 * pairs and odd == 0:
        return "utf-16-be"
    return None


def _decode_wide(data: bytes, path: Path, encoding: str) -> Decoded:
    """UTF-16 or UTF-32 (with a BOM, or UTF-16 without); invalid units become U+FFFD,
    reported by line."""
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


#: a byte beyond ASCII between two ASCII letters, and the letters beside it
_BYTE_IN_WORD_RE = re.compile(rb"([A-Za-z])([\x80-\xff])(?=([A-Za-z]))")
#: bytes that stand between letters in either encoding's text: Windows-1252's signs
#: ("don\x92t", "methods\x97they", "and\x85so", "l\xb7l") and its "š", "ž", "œ", which
#: are Mac OS Roman's "ö", "û", "ú"
_EITHER_IN_WORDS = frozenset(b"\x85\x91\x92\x93\x94\x96\x97\x9a\x9c\x9e\xb7")
#: the fewest bytes that must say Mac OS Roman
_MAC_EVIDENCE = 2


def _mac_roman(data: bytes) -> bool:
    """True when bytes that are not UTF-8 are an old Mac's text (Mac OS Roman, which
    BibDesk and old Mac editors saved), not Windows-1252.

    Read as Windows-1252, Mac OS Roman's accented small letters became capitals and
    signs inside words ("CafŽ", "MŸller", "gro§e", "na•ve", "donÕt") or bytes it leaves
    undefined, and a list lost its names unsaid. Windows-1252's own text holds small
    letters there ("café"); a byte that reads as a letter or a sign in both is no sign.
    """
    mac = 0
    western = 0
    for match in _BYTE_IN_WORD_RE.finditer(data, 0, 400_000):
        before, byte, after = match.groups()
        if byte[0] in _EITHER_IN_WORDS:
            continue
        read = _in_windows_1252(byte)
        if read.islower():
            western += 1
        elif not read.isupper() or before.islower() or after.islower():
            mac += 1
    if mac < _MAC_EVIDENCE or mac <= 2 * western:
        return False
    text = data[:400_000].decode("mac_roman")
    beyond = _NON_ASCII_RE.findall(text)
    return sum(1 for char in beyond if _WESTERN_RE.fullmatch(char)) >= 0.9 * len(beyond)


def _decode_legacy(data: bytes, path: Path) -> Decoded:
    """Bytes that are not UTF-8: Chinese GB18030, else Windows-1252 (with Latin-1's
    reading of the bytes it leaves undefined)."""
    try:
        text = data.decode("gb18030")
    except UnicodeDecodeError:
        pass
    else:
        if _looks_chinese(text) and not _mostly_controls(text, _LEGACY_CONTROL_SHARE):
            return Decoded(text, "gb18030")
    if _mac_roman(data):
        text = data.decode("mac_roman")
        said = Problem(
            path,
            "the file is not UTF-8 and reads as an old Mac's text (Mac OS Roman); read it so",
            "warning",
        )
        return Decoded(text, "mac_roman", (said,))
    text = _single_byte(data)
    if not _mostly_controls(text, _LEGACY_CONTROL_SHARE):
        return Decoded(text, "cp1252")
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


# --------------------------------------------------------------------------- entry point


def _sniff_format(path: Path, text: str) -> str:
    fmt = _FORMAT_BY_SUFFIX.get(path.suffix.lower())
    held = _plain_format(text)
    if held and _FAMILY.get(held, held) != _FAMILY.get(fmt or "", fmt):
        if fmt == "bibtex" and held in ("json", "jsonl") and _ENTRY_LINE.search(text):
            return fmt  # JSON pasted before a .bib's entries: its reader skips it, said
        # a CSL-JSON export saved as "list.txt": read as text, it was one paper in a list
        # named "[", and a BibTeX file saved as .md one paper an entry
        return held
    if fmt in (None, "text") and looks_like_ris(text):
        return "ris"  # EndNote writes RIS to .txt files
    if fmt in (None, "text") and looks_like_wos(text):
        return "wos"  # Web of Science's savedrecs.txt
    if fmt in (None, "text") and looks_like_refer(text):
        return "refer"  # EndNote's tagged export (.enw), Google Scholar's "EndNote"
    if fmt in (None, "text") and looks_like_medline(text):
        return "medline"  # PubMed's export (.nbib, pubmed-….txt)
    if fmt in (None, "text") and text.lstrip("\ufeff").startswith("PT\tAU\t"):
        return "csv"  # Web of Science's tab-delimited export (savedrecs.txt)
    if fmt in (None, "text") and looks_like_table(text):
        return "csv"  # a sheet saved as .txt (Excel's "Unicode Text") or with no name ending
    if fmt in (None, "text") and _HTML_START.match(text.lstrip("\ufeff")[:500]):
        return "html"  # a web page saved as it is (a conference's accepted papers)
    if fmt in (None, "text") and looks_like_xml(text):
        return "xml"  # arXiv's API answer saved by curl, with no name ending
    if path.suffix.lower() in (".yaml", ".yml") or (
        fmt in (None, "text") and _CSL_YAML_START.match(text)
    ):
        return "yaml"  # pandoc's CSL YAML: read as text, each entry was an "abstract"
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


#: formats read by one parser's family: JSON Lines saved as .json is still JSON's
_FAMILY = {"jsonl": "json"}
#: a first line only JSON starts with: "[" or "{" alone, ``[{``, ``{"title": …``
_JSON_START = re.compile(r'\[\s*(?:[{"]|$)|\{\s*(?:"|$)')
#: a BibTeX entry's start at a line's start, as no line of JSON opens
_ENTRY_LINE = re.compile(r"^[ \t]*@[A-Za-z]+[ \t]*[{(]", re.MULTILINE)
#: the start of a BibTeX file: an entry's ``@type{``, perhaps after comment lines
_BIBTEX_START = re.compile(r"\A\ufeff?\s*(?:%[^\n]*\n\s*)*@[A-Za-z]+\s*[{(]")


def _plain_format(text: str) -> str | None:
    """The format ``text`` plainly is, whatever its file's name says: JSON that parses
    whole (or JSON Lines, an object a line), or that starts as only JSON does (a lone
    "[", ``[{``, ``{"``: cut short, its reader says where), BibTeX that starts with an
    entry, RIS; None for anything less plain, which the file's name decides."""
    start = text.lstrip("\ufeff \t\r\n")[:1]
    if start in ("[", "{"):
        try:
            json.loads(text.lstrip("\ufeff"))
        except RecursionError:
            return "json"  # nested past reading: its reader says so
        except ValueError:
            lines = [line for line in split_lines(text.lstrip("\ufeff")) if line.strip()]
            if start == "{" and _json_object(lines[0]):
                return "jsonl"  # one object a line, the last perhaps cut short
            if _JSON_START.match(lines[0].strip()):
                return "json"  # JSON cut short or broken: its reader says where
        else:
            return "json"
    if _BIBTEX_START.match(text):
        return "bibtex"
    if looks_like_ris(text):
        return "ris"
    return None


def _json_object(line: str) -> bool:
    try:
        return isinstance(json.loads(line), dict)
    except ValueError:
        return False


#: the start of a web page: its doctype or its root element, perhaps after a comment
_HTML_START = re.compile(
    r"\s*(?:<!--.*?-->\s*)*<(?:!doctype\s+html|html)\b", re.IGNORECASE | re.DOTALL
)


def _refuse_html(text: str, path: Path) -> ReadResult:
    """A web page is no list: read as text, its tags became the papers' abstracts."""
    return failure(
        path,
        "is a web page (HTML), not a list of papers: save the page's list as CSV, JSON "
        "or BibTeX where the site offers one, or copy its text into a .txt file",
        "html",
    )


#: the start of pandoc's CSL YAML bibliography: "references:", perhaps after "---"
_CSL_YAML_START = re.compile(r"\A\ufeff?(?:---[ \t]*\r?\n)?references:[ \t]*\r?\n")


def _refuse_yaml(text: str, path: Path) -> ReadResult:
    """YAML (pandoc's CSL YAML) is no format read: as text, it made one paper of
    ``references: - id: …`` in a list named "---"."""
    return failure(
        path,
        "is YAML (pandoc's CSL YAML bibliography?), which is not read: export the list "
        "as CSL-JSON, BibTeX, RIS or CSV",
        "yaml",
    )


_PARSERS: dict[str, Callable[[str, Path], ReadResult]] = {
    "text": parse_text,
    "markdown": parse_markdown,
    "jsonl": parse_jsonl,
    "json": parse_json,
    "bibtex": parse_bibtex,
    "csv": parse_csv,
    "ris": parse_ris,
    "wos": parse_wos,
    "refer": parse_refer,
    "medline": parse_medline,
    "xml": parse_feed,
    "html": _refuse_html,
    "yaml": _refuse_yaml,
}


#: the formats bibliographic databases export (Scopus's and IEEE Xplore's spreadsheets,
#: Web of Science's and publishers' tagged records), whose abstracts end with the
#: publisher's copyright notice (``prose.without_notices``)
_DATABASE_FORMATS = frozenset({"csv", "ris", "wos", "refer", "medline"})


def _from_database(record: Record) -> bool:
    """True for a BibTeX entry a bibliographic database exported, whose abstract ends
    with the publisher's notice as its spreadsheet's does: Scopus's (``source =
    {Scopus}``), Web of Science's (``unique-id = {WOS:…}``)."""
    entry = record.source_entry
    if entry is None:
        return False
    source = (entry.get("source") or "").strip().lower()
    unique = (entry.get("unique-id") or "").strip().upper()
    return source == "scopus" or unique.startswith("WOS:")


def read_file(path: Path) -> ReadResult:
    """Read one paper-list file; never raises.

    The format follows the file name (``.txt`` text, ``.md`` Markdown, ``.jsonl``,
    ``.json``, ``.bib``, ``.csv``/``.tsv``, ``.ris``); a file with any other name is read
    by looking at its first character; a file that plainly holds another format (JSON
    that parses, BibTeX that starts with an entry, RIS) is read as that whatever its
    name, and a text file that starts as RIS does
    (``TY  - ``) is RIS, one that starts as Web of Science's export (``FN …``) or
    EndNote's (``%0 …``) or PubMed's (``PMID- …``) is that, and one that is a table (a
    header row naming a title or abstract column, rows of as many cells: a sheet saved as
    ``.txt``) is read as CSV. Whatever the format, abstracts come out as running text:
    hard-wrapped lines joined into paragraphs, runs of spaces made one
    (``prose.reflow``).
    """
    path = Path(path)
    fmt = _FORMAT_BY_SUFFIX.get(path.suffix.lower(), "unknown")
    stream = streamed(path)
    if stream is not None:
        return _read_stream(path, stream)
    try:
        if not path.exists():
            return failure(path, "no such file", fmt)
        if path.is_dir():
            return failure(path, "is a folder, not a file", fmt)
        if not path.is_file():
            return failure(path, "is not a regular file (a device or pipe?)", fmt)
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            return _too_big(path, size, fmt)
        data = _read_bytes(path)
    except OSError as error:
        return failure(path, os_error_said(error), fmt)
    if len(data) > MAX_FILE_BYTES:
        return _too_big(path, len(data), fmt)
    return _read_data(path, data, fmt)


def _read_stream(path: Path, stream: Streamed) -> ReadResult:
    """A list read from a stream (standard input, a pipe), as a file of its bytes is
    read: its format from what it holds, under its stream's name (``stdin``, ``pipe``),
    what is wrong with it said of the path it was named by."""
    name = stream.name
    fmt = _FORMAT_BY_SUFFIX.get(name.suffix.lower(), "unknown")
    if stream.error is not None:
        result = failure(name, stream.error, fmt)
    elif stream.more:
        result = failure(
            name,
            f"is more than the {size_text(MAX_FILE_BYTES)} limit for one list; split it "
            "into smaller files",
            fmt,
        )
    else:
        result = _read_data(name, stream.data, fmt)
    if name == path:
        return result
    problems = tuple(
        replace(problem, path=path) if problem.path == name else problem
        for problem in result.problems
    )
    return replace(result, path=path, problems=problems)


def _read_data(path: Path, data: bytes, fmt: str) -> ReadResult:
    """The list the bytes ``data`` of ``path`` hold (``fmt``: the format its name says,
    else "unknown")."""
    if not data.strip():
        return failure(path, "the file is empty", fmt if fmt != "unknown" else "text")
    if not data.strip(b"\x00 \t\r\n"):
        # a crash before the data was written leaves the file's room zero-filled: said as
        # that, not as a list whose end was zero-filled and what was left is not JSON
        return failure(
            path,
            f"the file holds only zero bytes ({data.count(0):,}), as one a crash left "
            "unwritten does; nothing in it can be read",
            fmt if fmt != "unknown" else "text",
        )
    try:
        decoded = decode(data, path)
    except ReadError as error:
        message = str(error).removeprefix(f"{path}: ")
        return failure(path, message, fmt)
    text = decoded.text
    fmt = _sniff_format(path, text)
    if fmt in _UTF8_FORMATS and decoded.encoding in _LEGACY_NAMES and not decoded.problems:
        said = _legacy_problem(path, data, decoded.encoding)
        decoded = replace(decoded, problems=(said,) if said else ())
    try:
        result = _PARSERS[fmt](text, path)
        if fmt == "bibtex" and is_own_bibtex(text):
            result = own_bibtex(result, text)  # the triage it carries is the triage file's
        records = _unmarked_untitled(tidy_abstracts(result.records))
        if fmt in _DATABASE_FORMATS:
            records = without_notices(records)
        elif fmt == "bibtex":
            records = tuple(
                without_notices([record])[0] if _from_database(record) else record
                for record in records
            )
        result = replace(result, records=records_said(records))
        said = affiliations_said(path, result.records)
        if said is not None:
            result = replace(result, problems=(*result.problems, said))
    except Exception as error:  # noqa: BLE001 - a reader bug must not stop the other files
        result = failure(path, f"could not be read ({type(error).__name__}: {error})", fmt)
    if decoded.problems:
        result = replace(result, problems=(*decoded.problems, *result.problems))
    return result


def _unmarked_untitled(records: tuple[Record, ...]) -> tuple[Record, ...]:
    """The records, each titled as tuireader shows a paper known by an identifier only
    ("Untitled paper (arXiv id 2301.00001)", the record's own identifier) and with no
    abstract given no title: tuireader's export of such a paper, read back, is the same
    untitled paper, its title still not known, not one with that title."""
    from tuireader.ingest.identity import identifier_keys, key_words
    from tuireader.ingest.titles import UNTITLED

    def marked(record: Record) -> bool:
        title = record.title
        if not title or not title.startswith(UNTITLED) or record.abstract.strip():
            return False
        return any(
            title == f"{UNTITLED} ({key_words(key, shown)})"
            for key in identifier_keys(record)
            for shown in (None, (record.doi or "").strip() if key.kind == "doi" else None)
        )

    if not any(marked(record) for record in records):
        return records
    return tuple(replace(record, title=None) if marked(record) else record for record in records)


#: the formats whose text is UTF-8 by their own definition (RFC 8259 for JSON): one
#: read in another encoding is at fault, however well it reads, and is said to be
_UTF8_FORMATS = frozenset({"json", "jsonl"})
_LEGACY_NAMES = {
    "cp1252": "Windows-1252 (Latin-1)",
    "latin-1": "Latin-1",
    "gb18030": "GB18030",
    "mac_roman": "Mac OS Roman",
}


def _legacy_problem(path: Path, data: bytes, encoding: str) -> Problem | None:
    """One warning naming the lines of ``data`` that are not UTF-8 and the encoding
    they were read in: a JSON list that is ASCII but for one title saved in
    Windows-1252 is read whole in Windows-1252, rightly, and said as a UTF-8 list
    with that line in it is."""
    lines, _ = _utf8_lines(data.removeprefix(codecs.BOM_UTF8))
    if not lines:
        return None
    name = _LEGACY_NAMES[encoding]
    if encoding == "cp1252":
        return _western_problem(path, lines)
    if len(lines) == 1:
        return Problem(path, f"line {lines[0]} is not UTF-8; read it as {name}", "warning")
    return Problem(
        path,
        f"{len(lines)} lines are not UTF-8 (lines {line_list(lines)}); read them as {name}",
        "warning",
    )


def _too_big(path: Path, size: int, fmt: str) -> ReadResult:
    return failure(
        path,
        f"is {size_text(size)}, more than the {size_text(MAX_FILE_BYTES)} limit for one "
        "list; split it into smaller files",
        fmt,
    )
