"""Paper text made safe to print: for a terminal, for one-per-line output, and as JSON.

Paper lists come from anywhere, so their text is data that must never act on the
terminal or on whatever reads our output. Three helpers, shared by every printer:

- :func:`terminal` makes control characters visible (ESC becomes ␛, C1 controls
  ``\\xNN``), and shows bidirectional overrides, isolates and marks, zero-width and other
  invisible format characters as ``\\uXXXX``; newlines and tabs are kept. A joiner that
  does what it is for is no escape (see :func:`_joiner`): the zero-width joiner of an
  emoji sequence (a woman scientist: 👩, the joiner, 🔬) or of two letters of a script
  that uses it is left out, a non-joiner between two such letters (Persian, the Indic
  scripts) is kept.
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
import unicodedata
from typing import Any
from urllib.parse import quote

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

ZWNJ, ZWJ = "\u200c", "\u200d"

#: the scripts whose words take a zero-width (non-)joiner between two letters (Persian
#: writes one inside most words, the Indic scripts to choose a letter's form): their
#: blocks, each with the script's name (both letters of one script)
JOINING_SCRIPTS = (
    (0x0600, 0x06FF, "Arabic"),
    (0x0750, 0x077F, "Arabic"),
    (0x08A0, 0x08FF, "Arabic"),
    (0xFB50, 0xFDFF, "Arabic"),
    (0xFE70, 0xFEFF, "Arabic"),
    (0x0700, 0x074F, "Syriac"),
    (0x0780, 0x07BF, "Thaana"),
    (0x07C0, 0x07FF, "Nko"),
    (0x0900, 0x097F, "Devanagari"),
    (0xA8E0, 0xA8FF, "Devanagari"),
    (0x0980, 0x09FF, "Bengali"),
    (0x0A00, 0x0A7F, "Gurmukhi"),
    (0x0A80, 0x0AFF, "Gujarati"),
    (0x0B00, 0x0B7F, "Oriya"),
    (0x0B80, 0x0BFF, "Tamil"),
    (0x0C00, 0x0C7F, "Telugu"),
    (0x0C80, 0x0CFF, "Kannada"),
    (0x0D00, 0x0D7F, "Malayalam"),
    (0x0D80, 0x0DFF, "Sinhala"),
    (0x0F00, 0x0FFF, "Tibetan"),
    (0x1000, 0x109F, "Myanmar"),
    (0x1780, 0x17FF, "Khmer"),
    (0x1800, 0x18AF, "Mongolian"),
)

#: what may stand between an emoji and the joiner after it: the emoji presentation
#: selector (a heart on fire: ❤, U+FE0F, the joiner, 🔥) and the skin tone modifiers
_EMOJI_TAIL = frozenset(["\ufe0f", *map(chr, range(0x1F3FB, 0x1F400))])


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


def _finder(table: dict[int, str]) -> re.Pattern[str]:
    """A pattern of the characters ``table`` replaces, as runs (``[\x00-\x08…]``)."""
    runs: list[list[int]] = []
    for code in sorted(table):
        if runs and runs[-1][1] == code - 1:
            runs[-1][1] = code
        else:
            runs.append([code, code])
    return re.compile(
        "["
        + "".join(re.escape(chr(a)) + ("-" + re.escape(chr(b)) if b > a else "") for a, b in runs)
        + "]"
    )


_TERMINAL_FOUND = _finder(TERMINAL_TABLE)
_ONE_LINE_FOUND = _finder(_ONE_LINE_TABLE)
_JSON_FOUND = _finder(_JSON_TABLE)


def _replaced(text: str, found: re.Pattern[str], table: dict[int, str]) -> str:
    """``text.translate(table)``, found by one pass of a pattern: ``translate`` looks up
    every character of a text that is not ASCII in the table, and copies it whole with
    nothing to replace (an export of 100,000 papers: 200 MB, 6 s); the pattern
    runs ten times as fast and gives a text with nothing to replace back as it is."""
    return found.sub(lambda match: table[ord(match.group())], text)


def _script(char: str) -> str | None:
    """The joining script (:data:`JOINING_SCRIPTS`) ``char`` is a letter or a mark of
    (a vowel sign, a virama), None for any other character."""
    if unicodedata.category(char)[0] not in "LM":
        return None
    code = ord(char)
    for start, end, name in JOINING_SCRIPTS:
        if start <= code <= end:
            return name
    return None


def _pictograph(char: str) -> bool:
    """Whether ``char`` is an emoji or another pictograph a joiner joins into one."""
    code = ord(char)
    if unicodedata.category(char) != "So":
        return False
    return 0x1F000 <= code <= 0x1FAFF or 0x2190 <= code <= 0x2BFF or code in (0xA9, 0xAE)


def _joiner(text: str, at: int) -> str | None:
    """What the joiner or non-joiner at ``text[at]`` is shown as: None when it stays an
    escape (it hides or joins text unseen: a joiner inside a Latin word, after a space).

    A joiner between two emoji (a woman scientist, a family) or two letters of a script
    that uses it is left out: the emoji side by side, as terminals that do not join them
    draw them anyway. Rich counts a joined sequence as one character's cells, where tmux
    draws a heart on fire in one cell and a scientist with a skin tone in four, and a
    terminal that does not join draws each part: the rows shifted past it. Shown as
    ``\\u200d``, it made a title unreadable. A non-joiner between two letters of a script
    that uses it (Persian writes one inside most words) is kept: it takes no cell, and
    gives the letters their form."""
    char = text[at]
    after = text[at + 1] if at + 1 < len(text) else ""
    if at == 0 or not after:
        return None
    if char == ZWJ and _pictograph(after):
        before = at - 1
        while before > 0 and text[before] in _EMOJI_TAIL:
            before -= 1
        if _pictograph(text[before]):
            return ""
    script = _script(text[at - 1])
    if script is None or _script(after) != script:
        return None
    return "" if char == ZWJ else char


def _shown(text: str, found: re.Pattern[str], table: dict[int, str]) -> str:
    """:func:`_replaced`, a joiner doing what it is for shown as :func:`_joiner` says."""
    if ZWJ not in text and ZWNJ not in text:
        return _replaced(text, found, table)

    def shown(match: re.Match[str]) -> str:
        char = match.group()
        if char in (ZWJ, ZWNJ):
            joined = _joiner(match.string, match.start())
            if joined is not None:
                return joined
        return table[ord(char)]

    return found.sub(shown, text)


def is_unsafe(char: str) -> bool:
    """True for a character that must never reach a terminal or a clipboard as it is.

    The one rule behind :func:`terminal`, :func:`one_line` and :func:`to_json` and the
    clipboard's cleaning: the characters of :data:`UNSAFE` (controls other than newline
    and tab, bidi, invisible and line-separator characters) and lone surrogates.
    """
    return char in UNSAFE or "\ud800" <= char <= "\udfff"


def kept_joiner(text: str, at: int) -> bool:
    """Whether the character at ``text[at]`` is a non-joiner doing what it is for: one
    between two letters of a script that uses it (Persian «می‌خواهم», the Indic
    scripts), which :func:`terminal` shows as it is (see :func:`_joiner`). Text copied
    or kept as it is (a citation, the clipboard, a tag) keeps it too: left out, it
    changes the word's spelling. A lone one, one between Latin letters or beside a
    space is none: it hides text unseen."""
    return text[at] == ZWNJ and _joiner(text, at) == ZWNJ


def is_unsafe_at(text: str, at: int) -> bool:
    """:func:`is_unsafe` for the character at ``text[at]``, in its place: a non-joiner
    doing what it is for (:func:`kept_joiner`) is safe."""
    return is_unsafe(text[at]) and not kept_joiner(text, at)


def kept_or_removed(found: re.Match[str]) -> str:
    """For ``re.sub`` over unsafe characters: a non-joiner doing what it is for
    (:func:`kept_joiner`) as it is, any other one removed."""
    return found.group() if kept_joiner(found.string, found.start()) else ""


def holds_unsafe(text: str) -> bool:
    """Whether ``text`` holds a character :func:`without_unsafe` leaves out (a lone
    surrogate is replaced, not left out)."""
    if ZWNJ not in text:
        return _TERMINAL_FOUND.search(text) is not None
    return any(not kept_joiner(text, found.start()) for found in _TERMINAL_FOUND.finditer(text))


def valid(text: str) -> str:
    """``text`` with each lone surrogate replaced by U+FFFD, so it encodes as UTF-8."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATE.sub(REPLACEMENT, text)
    return text


#: the control character text taken from a PDF has for a hyphen, between two letters or
#: digits: a font whose hyphen is its second glyph, read without a map to Unicode
#: (CoRL 2023: "surpassing state-of-the\\x02art methods"). Elsewhere, and every other
#: control character, stays as it is.
PDF_HYPHEN = re.compile(r"(?<=[^\W_])\x02(?=[^\W_])")


def pdf_hyphens(text: str) -> str:
    """``text`` with each hyphen a PDF left as ``\\x02`` (:data:`PDF_HYPHEN`) a hyphen,
    as the reader shows it and a citation writes it."""
    return PDF_HYPHEN.sub("-", text) if "\x02" in text else text


def without_unsafe(text: str) -> str:
    """``text`` without the characters :func:`is_unsafe` names (newlines and tabs kept),
    lone surrogates replaced: for text whose reader would show no escape, as a
    citation's. A non-joiner doing what it is for stays (:func:`kept_joiner`)."""
    text = valid(text)
    if ZWNJ not in text:
        return _TERMINAL_FOUND.sub("", text)
    return _TERMINAL_FOUND.sub(kept_or_removed, text)


#: a terminal's escape sequence, whole: a CSI (``ESC [``, parameters, intermediates and
#: its final: ``ESC[31m``), a control string (OSC ``ESC ]``, DCS ``ESC P``, SOS ``ESC X``,
#: PM ``ESC ^``, APC ``ESC _``) up to the BEL or ST (``ESC \\``) that ends it, or any
#: other escape (``ESC``, intermediates, a final: ``ESC(B``, ``ESC c``). Only the 7-bit
#: forms: the 8-bit introducers are also bytes of mis-decoded quotes (``â€\x9d``), left
#: to the rules for single control characters.
ESCAPE_SEQUENCE = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]?"
    r"|\x1b[\]PX^_][^\x07\x1b]*(?:\x07|\x1b\\)?"
    r"|\x1b[ -/]*[0-~]?"
)


def without_escape_sequences(text: str) -> str:
    """``text`` without a terminal's escape sequences, each taken out whole
    (:data:`ESCAPE_SEQUENCE`): for text written into a document (a citation, its key, an
    export), where ``ESC[31mRED`` shown as ``␛[31mRED`` or with the ESC alone left out
    would leave ``[31m`` as if it were words. Other control characters are left to the
    caller's rule."""
    if "\x1b" not in text:
        return text
    return ESCAPE_SEQUENCE.sub("", text)


def terminal(text: str) -> str:
    """``text`` safe to print: controls, bidi and invisible characters made visible.

    Newlines and tabs are kept as they are; a joiner doing what it is for is no escape
    (see :func:`_joiner`).
    """
    return _shown(valid(text), _TERMINAL_FOUND, TERMINAL_TABLE)


def one_line(text: str) -> str:
    """``text`` safe to print as one line: :func:`terminal`, and newlines shown as ␊."""
    return _shown(valid(text), _ONE_LINE_FOUND, _ONE_LINE_TABLE)


#: what terminals draw in different widths: the emoji presentation selector (❤ and
#: U+FE0F: two cells to Rich, one to tmux 3.3) and the skin tone modifiers (👍 and
#: U+1F3FD: two cells to Rich, four to tmux 3.3; one alone: none to Rich, two to tmux)
_UNSTEADY = re.compile("[\ufe0f\U0001f3fb-\U0001f3ff]")


def steady_width(text: str) -> str:
    """``text`` without what terminals draw in different widths (:data:`_UNSTEADY`): the
    emoji as their base, which every terminal and Rich give the same cells (❤, 👍). For a
    row laid out by its cells only (a list's row, where a title with 👍🏽 shifted what
    follows it in tmux, and cut it wrongly); text copied or printed keeps them."""
    if text.isascii():
        return text
    return _UNSTEADY.sub("", text)


#: what Markdown (CommonMark) would read as markup: emphasis, code, links and images,
#: and raw HTML or entities ("<img onerror=…>", "&lt;"); each is written backslashed.
_MARKDOWN_MARKS = re.compile(r"[\\`*_\[\]<>&]")
#: raw HTML and entities only, for text whose Markdown is meant (the user's notes)
_HTML_MARKS = re.compile(r"[<>&]")


def markdown_text(text: str) -> str:
    """``text`` as Markdown that shows it as it is: a paper's text is never markup."""
    return _MARKDOWN_MARKS.sub(r"\\\g<0>", text)


def markdown_without_html(text: str) -> str:
    """``text`` (Markdown the user wrote) with raw HTML and entities shown, not run."""
    return _HTML_MARKS.sub(r"\\\g<0>", text)


#: a footnote a page left on an author's name (``Lee<sup>1</sup>``, ``Kim<sup>*</sup>``,
#: ``Roe<sup>1,2</sup>``): the affiliation or contribution it marks is no part of the name
_NAME_FOOTNOTE = re.compile(r"(?is)<sup\b[^<>]*>[^<>]{0,16}</sup\s*>")
#: any other tag around or in a name (``<b>Jane Doe</b>``, ``<a href="…">``): its text stays
_NAME_TAG = re.compile(r"(?is)</?[a-z][\w:-]*(?:\s[^<>]*)?/?>")


def untagged_name(names: str) -> str:
    """Names without the tags a page left on them (:data:`_NAME_FOOTNOTE`,
    :data:`_NAME_TAG`), their footnotes' marks with them, in one line: ``<b>Jane
    Doe</b>`` is "Jane Doe", ``<a href="https://…">Ann Lee</a>`` "Ann Lee", and
    ``Lee<sup>1</sup>`` "Lee". Character references are left as they are."""
    if "<" not in names:
        return names
    return " ".join(_NAME_TAG.sub(" ", _NAME_FOOTNOTE.sub("", names)).split())


def to_json(data: Any, *, indent: int | None = None) -> str:
    """``data`` as JSON text; unsafe characters escaped as ``\\uXXXX``, surrogates replaced.

    Raw non-ASCII letters stay readable; everything in :data:`UNSAFE` (JSON already
    escapes the C0 controls) is escaped, so the text is safe in a terminal and still
    decodes to the same strings.
    """
    text = json.dumps(data, ensure_ascii=False, indent=indent)
    return _replaced(valid(text), _JSON_FOUND, _JSON_TABLE)


# --- what counts as a link ----------------------------------------------------------------

# Hosts written without a scheme in running text (``github.com/owner/repo``).
BARE_HOSTS = ("github.com/", "gitlab.com/", "huggingface.co/", "bitbucket.org/")

# ASCII characters no safe link holds: controls, space, DEL, and the delimiters RFC 3986
# leaves out of URLs (a shell or a Markdown renderer gives several of them a meaning).
_ASCII_UNSAFE_RE = re.compile(r'[\x00-\x20\x7f"<>\\^`|]')
_ASCII_CONTROL_RE = re.compile(r"[\x00-\x20\x7f]")
# A shell's command and parameter expansions (``$(``, ``${`` and the backquote): never in a
# real address or DOI, and a paste of one into a command line would run it (a backquote
# is percent-encoded in a URL, but a DOI is also copied and cited as it is written).
_SHELL_EXPANSION_RE = re.compile(r"\$[({]|`")
# Unicode categories no safe link holds: controls, format characters (bidi overrides and
# isolates, zero-width characters, tags), surrogates, private and unassigned code points,
# and every kind of space or line separator.
_UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zs", "Zl", "Zp"})
# Letters and marks that show as nothing (Hangul fillers, the grapheme joiner, Khmer's
# inherent vowels), so an address could hide text behind them; and U+FFFD, which stands
# for damaged text (a bad byte, a lone surrogate), so the address is not the real one.
_INVISIBLE = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u3164\uffa0\ufffd")

_WEB_RE = re.compile(r"(?i:https?)://([^/?#]*)")
_NETLOC_RE = re.compile(r"(?:[^@]*@)?(\[[0-9A-Fa-f:.]+\]|[^\[\]:@]+)(?::[0-9]*)?")
_DOI_RE = re.compile(r"(?i:doi:\s*)?(10\.[0-9]{4,9}/.+)", re.DOTALL)
_ARXIV_RE = re.compile(
    r"(?i:arxiv:)\s*([0-9]{4}\.[0-9]{4,5}(?:v[0-9]+)?|[a-z-]+(?:\.[A-Z]{2})?/[0-9]{7}(?:v[0-9]+)?)"
)
# The common case in one match: a plain ASCII http(s) address with nothing unsafe in it.
_PLAIN_WEB_RE = re.compile(
    r"(?i:https?)://(?:[^@/?#\x00-\x20\x7f\"<>\\^`|]*@)?"
    r"(?:\[[0-9A-Fa-f:.]+\]|[^\[\]:@/?#\x00-\x20\x7f\"<>\\^`|$]+)(?::[0-9]*)?"
    r"(?:[/?#][^\x00-\x20\x7f\"<>\\^`|$]*)?"
)
# What a DOI may keep as it is in a doi.org address; the rest is percent-encoded.
_DOI_SAFE = "/:;()[]@!$&'*+,=-._~"


def unsafe_in_link_beyond_ascii(char: str) -> bool:
    """True for a non-ASCII character no link may hold.

    Controls, format characters (bidi, zero-width, tags), surrogates, private and
    unassigned code points, spaces and separators, letters that show as nothing, and
    U+FFFD. A superset of :func:`is_unsafe` beyond ASCII; ASCII is never flagged here.
    """
    return ord(char) > 0x7F and (
        unicodedata.category(char) in _UNSAFE_CATEGORIES or char in _INVISIBLE
    )


def _unsafe_beyond_ascii(text: str) -> bool:
    return not text.isascii() and any(map(unsafe_in_link_beyond_ascii, text))


def has_unsafe_character(text: str) -> bool:
    """True when ``text`` holds a character no link may hold (see :func:`web_url`)."""
    return _ASCII_UNSAFE_RE.search(text) is not None or _unsafe_beyond_ascii(text)


#: what a shell reads in an address pasted unquoted after ``git clone`` or ``curl``: a
#: ``;`` or a ``&`` that is no query's ``&name=`` ends the command and starts another
#: (``https://example.com/a;reboot;``, ``/a&&id``), and a ``$`` expands a variable
#: (``$IFS``, a space)
_SHELL_SEPARATOR_RE = re.compile(r"[;$]|&(?![\w.~%+\[\]-]+=)")


#: an ``&`` as HTML writes it, which a web page's text copied into a list keeps
_HTML_AMPERSAND_RE = re.compile(r"&(?:amp|#0*38|#[xX]0*26);")


def shell_quiet(url: str) -> str:
    """``url`` with what a shell reads as another command or a variable percent-encoded
    (see :data:`_SHELL_SEPARATOR_RE`): the same address to a browser, which decodes
    them, and nothing but an address pasted into a shell. A query's ``&name=`` stays."""
    if ";" not in url and "$" not in url and "&" not in url:
        return url
    return _SHELL_SEPARATOR_RE.sub(lambda found: f"%{ord(found.group()):02X}", url)


def web_url(url: str) -> str | None:
    """``url`` as a safe web address, or None when it is not one (see :func:`_web_url`),
    what a shell reads as another command or a variable percent-encoded
    (:func:`shell_quiet`): ``https://example.com/a;reboot;``, copied and pasted after
    ``git clone``, ran ``reboot``. An ``&`` written as HTML writes it (``&amp;``, in
    abstracts and fields taken from web pages) is the ``&`` it stands for."""
    if isinstance(url, str) and "&" in url:
        url = _HTML_AMPERSAND_RE.sub("&", url)
    found = _web_url(url)
    return None if found is None else shell_quiet(found)


def _web_url(url: str) -> str | None:
    """``url`` as a safe web address, or None when it is not one.

    Accepted: ``http://`` and ``https://`` addresses with a host; a DOI (``10.xxxx/...``,
    ``doi:10.xxxx/...``), returned as its ``https://doi.org/`` address; an arXiv id written
    ``arXiv:2401.00001``, returned as its abstract page; and the bare ``www.`` and
    ``github.com/...`` forms :func:`tuireader.ingest.links.extract_urls` finds in text, with ``https://`` in
    front. Surrounding whitespace is ignored. Anything else — another scheme
    (``javascript:``, ``file:``, ``data:``), a relative path, or an address holding
    whitespace, a control character (C0, C1, DEL), a bidi override or isolate, a
    zero-width or other invisible character, or a shell expansion (``$(``, ``${``, a
    backquote; in a DOI too, where the others are percent-encoded) — gives None.
    """
    # a shell expansion, wherever it stands (a DOI's, an address's user part too)
    if not isinstance(url, str) or _SHELL_EXPANSION_RE.search(url):
        return None
    if url.isascii() and _PLAIN_WEB_RE.fullmatch(url):
        return url
    url = url.strip()
    if not url:
        return None
    doi = _DOI_RE.fullmatch(url)
    if doi is not None:
        name = doi.group(1)
        # a DOI may hold <, > or # (they are percent-encoded), never a control or a space
        if _ASCII_CONTROL_RE.search(name) or _unsafe_beyond_ascii(name):
            return None
        url = "https://doi.org/" + quote(name, safe=_DOI_SAFE)
    else:
        arxiv = _ARXIV_RE.fullmatch(url)
        if arxiv is not None:
            return "https://arxiv.org/abs/" + arxiv.group(1)
        if url[:4].lower() == "www." or url.startswith(BARE_HOSTS):
            url = "https://" + url
    if has_unsafe_character(url):
        return None
    web = _WEB_RE.match(url)
    if web is None or _NETLOC_RE.fullmatch(web.group(1)) is None:
        return None
    return url


# --- why a link was refused ---------------------------------------------------------------

#: Schemes that run or read something where a link would open a web page.
_HOSTILE_SCHEME_RE = re.compile(r"(?i)(javascript|vbscript|data|file|blob):")
#: What is written as a web link: an http(s) address, the bare ``www.`` and code-host
#: forms, a DOI or an arXiv id (what :func:`web_url` would take, were it safe).
_LINK_LIKE_RE = re.compile(
    r"(?i:https?://|www\.|doi:|arxiv:)|10\.[0-9]{4,9}/|" + "|".join(map(re.escape, BARE_HOSTS))
)
_LINE_BREAKS = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")


def _refused_character(char: str) -> str:
    """What ``char``, which no link may hold, is, in words."""
    code = ord(char)
    if char in _LINE_BREAKS:
        return "a line break"
    if char == "\t" or char == " " or unicodedata.category(char) == "Zs":
        return "a space"
    if code < 0x20 or 0x7F <= code < 0xA0:
        return "a control character"
    if code in BIDI:
        return "a direction-changing character"
    if char.isascii():
        return f"the character {char}"
    if char == REPLACEMENT or 0xD800 <= code <= 0xDFFF:
        return "damaged text"
    return "an invisible character"


def unsafe_link_reason(url: str) -> str:
    """Why ``url``, given as a link, is left out as unsafe, in words ("it holds a shell
    command"); "" when it is a safe web address (:func:`web_url`) or no link at all (a
    bare domain, a relative path), which is merely not offered.

    Quick for the common case: :func:`web_url` is asked only to confirm a reason found.
    """
    if not isinstance(url, str):
        return ""
    text = url.strip()
    scheme = _HOSTILE_SCHEME_RE.match(text)
    if scheme is not None:
        reason = f"it is a {scheme.group(1).lower()}: address, not a web page"
    elif _LINK_LIKE_RE.match(text) is None:
        return ""
    elif _SHELL_EXPANSION_RE.search(text):
        reason = "it holds a shell command"
    elif has_unsafe_character(text):
        char = next(c for c in text if _ASCII_UNSAFE_RE.match(c) or unsafe_in_link_beyond_ascii(c))
        reason = f"it holds {_refused_character(char)}"
    else:
        return ""
    # a DOI may hold what a URL may not: it is percent-encoded into a safe address
    return reason if web_url(url) is None else ""
