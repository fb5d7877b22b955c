"""TeX as the text it stands for: what BibTeX's fields, arXiv's metadata and lists made
from them write for a letter ("Schr{\\\"o}dinger", "Erd\\H{o}s") or a case ("{G}aussian").

Apart from the BibTeX reader (which reads this module) so that reading one title (a
marked paper's, on every command) does not import the reader and the citations it
reads, 60 ms of a command's start.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["unlatex"]

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
    "d": "\u0323",
    "b": "\u0331",
}
#: the letter an accent is put on: a letter, a dotless ``\\i`` or ``\\j``, or a Latin letter
#: with accents of its own (Vietnamese puts two on one: ``\\~{\\^e}`` is "ễ"), which an
#: accent inside the group has just become (with its marks apart if no letter has both)
_BASE = r"\\[ij]|[A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u1e00-\u1eff][\u0300-\u036f]*"
_SYMBOL_ACCENT_RE = re.compile(rf"""\\(["'`^~=.])\s*(?:\{{\s*({_BASE})\s*\}}|({_BASE}))""")
_LETTER_ACCENT_RE = re.compile(rf"\\([uvHckr])(?:\s*\{{\s*({_BASE})\s*\}}|\s+({_BASE}))")
#: the dot and the bar below (``\\d{a}`` "ạ", Vietnamese's, on a circumflex too:
#: ``\\d{\\^e}`` "ệ"), read with braces only: before a word, ``\\d`` and ``\\b`` are more
#: often a regular expression's in an abstract than an accent
_BELOW_ACCENT_RE = re.compile(rf"\\([db])\s*\{{\s*({_BASE})\s*\}}()")
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
    "dj": "đ",
    "DJ": "Đ",
}
_LETTER_RE = re.compile(r"\\(ss|aa|AA|ae|AE|oe|OE|dj|DJ|o|O|l|L|i|j)(?![A-Za-z])\s*")
_ESCAPED_RE = re.compile(r"\\([&%_#$])")
_MACRO_BEFORE_RE = re.compile(r"\\[A-Za-z]+\*?\s*$")


def _accent(match: re.Match[str]) -> str:
    base = match.group(2) or match.group(3)
    base = {"\\i": "i", "\\j": "j"}.get(base, base)
    mark = _ACCENTS[match.group(1)]
    letter = unicodedata.normalize("NFC", base + mark)
    if len(letter) > 1:
        # two marks make one letter in one order only ("ầ" is "â" with a grave): put on
        # "à", a circumflex is that letter too, as LaTeX prints both marks on it
        parts = unicodedata.normalize("NFD", base)
        under = unicodedata.normalize("NFC", parts[0] + mark + parts[1:])
        if len(under) == 1:
            return under
    return letter


def _unlatex_plain(text: str) -> str:
    """Turn LaTeX accents into letters and drop case-protection braces (outside math).

    Escaped braces (``\\{``, ``\\}``) are characters, not groups, and stay as written; a
    group that starts with a command (``{\\textbar}``, ``{\\it x}``) keeps its braces, which
    belong to the command, so the renderer reads it as the source meant it.
    """
    if "\\" in text:
        # an accent on an accent (``{\\`\\^a}``, ``\\~{\\^{e}}``, ``\\^{\\`a}``): the inner one
        # becomes its letter first, and the outer one is put on that letter
        before = None
        while before != text:
            before = text
            text = _SYMBOL_ACCENT_RE.sub(_accent, text)
            text = _LETTER_ACCENT_RE.sub(_accent, text)
            text = _BELOW_ACCENT_RE.sub(_accent, text)
        text = _LETTER_RE.sub(lambda m: _LETTERS[m.group(1)], text)
        text = _ESCAPED_RE.sub(r"\1", text)
    if "{" not in text and "}" not in text:
        return text
    out: list[str] = []
    kept: list[bool] = []
    index = 0
    while index < len(text):
        char = text[index]
        if char == "\\":  # an escape ("\\{", "\\}", "\\\\") or a command's backslash
            out.append(text[index : index + 2])
            index += 2
            continue
        if char == "{":
            before = text[max(0, index - 40) : index]
            keep = bool(
                text.startswith("\\", index + 1)  # {\textbar}, {\it x}
                or _MACRO_BEFORE_RE.search(before)
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
        index += 1
    return "".join(out)


def unlatex(text: str) -> str:
    """A BibTeX field as a reader would write it: accents as letters, no case braces.

    Math (``$...$``, ``\\(...\\)``, ``\\[...\\]``, ``\\begin{env}...\\end{env}``) is
    kept exactly as written, and so are the arguments of commands outside math
    (``\\textit{...}``, ``\\frac{a}{b}``) and of sub- and superscripts, groups that begin
    with a command (``{\\textbar}``, ``{\\it x}``) and escaped braces (``\\{``, ``\\}``).
    Whitespace runs (BibTeX fields are hard-wrapped) become single spaces.
    """
    pieces: list[str] = []
    start = 0
    for match in _MATH_RE.finditer(text):
        pieces.append(_unlatex_plain(text[start : match.start()]))
        pieces.append(match.group(0))
        start = match.end()
    pieces.append(_unlatex_plain(text[start:]))
    return " ".join("".join(pieces).split())
