"""Paper text made safe to print: for a terminal, for one-per-line output, and as JSON.

Paper lists come from anywhere, so their text is data that must never act on the
terminal or on whatever reads our output. Three helpers, shared by every printer:

- :func:`terminal` makes control characters visible (ESC becomes ␛, C1 controls
  ``\\xNN``), and shows bidirectional overrides, isolates and marks, zero-width and other
  invisible format characters as ``\\uXXXX``; newlines and tabs are kept.
- :func:`one_line` does the same and also shows newlines, tabs and other line breaks, for
  output read one item per line (``links``, ``export --format urls``).
- :func:`to_json` is ``json.dumps`` (UTF-8, not ASCII) with those same characters escaped
  as ``\\uXXXX``, so a JSON reader gets the text back exactly while a terminal showing
  the JSON sees only plain characters.

All three first replace lone surrogates (possible from a JSON ``\\ud800`` escape or from
undecodable bytes) with U+FFFD, so what they return always encodes as UTF-8.
"""

from __future__ import annotations

import json
import re
from typing import Any

REPLACEMENT = "\ufffd"

_SURROGATE = re.compile("[\ud800-\udfff]")

#: bidirectional embeddings, overrides, isolates and marks: they reorder what is shown
BIDI = (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C)

#: zero-width and other invisible format characters: they hide or join text unseen
INVISIBLE = (
    0x034F,  # combining grapheme joiner
    0x115F,
    0x1160,  # Hangul fillers
    0x17B4,
    0x17B5,
    0x180E,  # Mongolian vowel separator
    *range(0x200B, 0x200E),  # zero-width space, non-joiner, joiner
    *range(0x2060, 0x2066),  # word joiner, invisible operators
    *range(0x206A, 0x2070),  # deprecated format characters
    0x3164,  # Hangul filler
    0xFEFF,  # zero-width no-break space (byte order mark)
    0xFFA0,
    *range(0xFFF9, 0xFFFC),  # interlinear annotation
    *range(0xE0000, 0xE0080),  # tag characters, invisible "ASCII"
)

#: line and paragraph separators: some readers split lines at them
SEPARATORS = (0x2028, 0x2029)


def _escape(code: int) -> str:
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def _terminal_table() -> dict[int, str]:
    table: dict[int, str] = {code: chr(0x2400 + code) for code in range(0x20)}
    del table[ord("\n")], table[ord("\t")]
    table[0x7F] = "␡"
    table.update({code: f"\\x{code:02x}" for code in range(0x80, 0xA0)})
    for code in (*BIDI, *INVISIBLE, *SEPARATORS):
        table[code] = _escape(code)
    return table


#: what :func:`terminal` replaces, character by character
TERMINAL_TABLE = _terminal_table()

_ONE_LINE_TABLE = {**TERMINAL_TABLE, ord("\n"): "␊", ord("\t"): " "}


def _json_escape(code: int) -> str:
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000  # astral: a UTF-16 surrogate pair, as JSON spells it
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


_JSON_TABLE = {code: _json_escape(code) for code in TERMINAL_TABLE if code >= 0x20}

#: every character the helpers never let through raw (newline and tab aside)
UNSAFE = frozenset(chr(code) for code in TERMINAL_TABLE)


def valid(text: str) -> str:
    """``text`` with each lone surrogate replaced by U+FFFD, so it encodes as UTF-8."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATE.sub(REPLACEMENT, text)
    return text


def terminal(text: str) -> str:
    """``text`` safe to print: controls, bidi and invisible characters made visible.

    Newlines and tabs are kept as they are.
    """
    return valid(text).translate(TERMINAL_TABLE)


def one_line(text: str) -> str:
    """``text`` safe to print as one line: :func:`terminal`, and newlines shown as ␊."""
    return valid(text).translate(_ONE_LINE_TABLE)


def to_json(data: Any, *, indent: int | None = None) -> str:
    """``data`` as JSON text; unsafe characters escaped as ``\\uXXXX``, surrogates replaced.

    Raw non-ASCII letters stay readable; everything in :data:`UNSAFE` (JSON already
    escapes the C0 controls) is escaped, so the text is safe in a terminal and still
    decodes to the same strings.
    """
    text = json.dumps(data, ensure_ascii=False, indent=indent)
    return valid(text).translate(_JSON_TABLE)
