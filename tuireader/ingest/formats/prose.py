"""Abstracts as running text: the markup some sources wrap them in, taken off.

Zotero's CSL-JSON and other web-fed exports give abstracts as HTML (``<p>…</p>``), and
Crossref as JATS XML (``<jats:p>``, ``<jats:italic>``). :func:`strip_markup` turns that
into text: block tags become paragraph breaks, inline tags go, entities become the
characters they name. It only takes off what is certainly markup: tags of HTML and
JATS by name (or with a namespace prefix such as ``jats:``), and only in a text that
holds a closed tag or a line break tag, so ``a < b``, ``x<y>`` and an unclosed
``<i>`` in prose stay as written. LaTeX is left alone, math (``$…$``, ``\\(…\\)``)
included: another part renders it.
"""

from __future__ import annotations

import html
import re

__all__ = ["strip_markup"]

#: Tags that begin or end a paragraph.
_BLOCK_TAGS = frozenset(
    (
        "abstract",
        "address",
        "article",
        "blockquote",
        "caption",
        "dd",
        "div",
        "dl",
        "dt",
        "figcaption",
        "footer",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "hr",
        "li",
        "list",
        "list-item",
        "ol",
        "p",
        "pre",
        "sec",
        "section",
        "table",
        "td",
        "th",
        "title",
        "tr",
        "ul",
    )
)
#: Tags that only style or mark up words within a paragraph.
_INLINE_TAGS = frozenset(
    (
        "a",
        "abbr",
        "b",
        "big",
        "bold",
        "cite",
        "code",
        "del",
        "dfn",
        "em",
        "ext-link",
        "font",
        "i",
        "inline-formula",
        "ins",
        "italic",
        "kbd",
        "mark",
        "monospace",
        "q",
        "s",
        "samp",
        "sc",
        "small",
        "span",
        "strike",
        "strong",
        "styled-content",
        "sub",
        "sup",
        "tex-math",
        "tt",
        "u",
        "underline",
        "uri",
        "var",
        "wbr",
        "xref",
    )
)
_BREAK_TAGS = frozenset(("br",))
#: A start, end or empty tag, with an optional namespace prefix (``jats:p``) and
#: attributes; the name is group ``name``, the prefix ``ns`` and the slash ``end``.
_TAG_RE = re.compile(
    r"<(?P<end>/?)(?:(?P<ns>[A-Za-z][\w.-]*):)?(?P<name>[A-Za-z][\w-]*)"
    r"(?:\s+[^<>]*?)?\s*/?>"
)
#: A character reference with its semicolon (``&amp;``, ``&#8211;``, ``&#x2013;``):
#: without one, ``&param=1`` in an address would read as ``¶m=1``.
_ENTITY_RE = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
#: LaTeX math, kept exactly as written.
_MATH_RE = re.compile(r"\$\$.+?\$\$|(?<!\\)\$.+?(?<!\\)\$|\\\(.+?\\\)|\\\[.+?\\\]", re.DOTALL)
_SPACE_RE = re.compile(r"[ \t\r\n\f\v\u00a0]+")
_BREAKS_RE = re.compile(r" *\n *")
_PARAGRAPHS_RE = re.compile(r"\n{3,}")
#: A heading that only says what follows is the abstract (Crossref's JATS has one).
_ABSTRACT_HEADING_RE = re.compile(r"^abstract[.:]?\n", re.IGNORECASE)

_PARAGRAPH = "\x00p\x00"
_LINE = "\x00n\x00"


def _kind(match: re.Match[str]) -> str | None:
    """The kind of a tag of HTML or JATS ("block", "break", "inline"); None for text."""
    name = match.group("name").lower()
    if name in _BLOCK_TAGS:
        return "block"
    if name in _BREAK_TAGS:
        return "break"
    if name in _INLINE_TAGS or match.group("ns"):
        return "inline"
    return None


def _has_markup(text: str) -> bool:
    """True when ``text`` holds a known tag and its end tag, or a line break tag."""
    opened: set[tuple[str, str]] = set()
    for match in _TAG_RE.finditer(text):
        kind = _kind(match)
        if kind is None:
            continue
        if kind == "break":
            return True
        key = ((match.group("ns") or "").lower(), match.group("name").lower())
        if match.group("end"):
            if key in opened:
                return True
        else:
            opened.add(key)
    return False


def _untag(match: re.Match[str]) -> str:
    kind = _kind(match)
    if kind == "block":
        return _PARAGRAPH
    if kind == "break":
        return _LINE
    if kind == "inline":
        return ""
    return match.group(0)


def _unescape(match: re.Match[str]) -> str:
    return html.unescape(match.group(0))


def strip_markup(text: str) -> str:
    """``text`` with its HTML or JATS markup taken off (see the module's description).

    Block tags (``<p>``, ``<jats:p>``, ``<li>``, headings) become paragraph breaks (a
    blank line), ``<br>`` a line break, and inline tags (``<i>``, ``<jats:italic>``,
    ``<sub>``) go, their words kept; the whitespace of the markup's source (its line
    breaks and indentation) is one space, as a browser shows it. Character references
    (``&amp;``, ``&#8211;``) become characters, ``&lt;b&gt;`` the text ``<b>``. A
    leading "Abstract" heading is dropped. Text without markup is returned with its
    character references resolved and nothing else changed.
    """
    if "<" not in text and "&" not in text:
        return text
    pieces: list[str] = []
    start = 0
    markup = "<" in text and _has_markup(text)
    for match in _MATH_RE.finditer(text) if "$" in text or "\\" in text else ():
        pieces.append(_strip_prose(text[start : match.start()], markup))
        pieces.append(match.group(0))
        start = match.end()
    pieces.append(_strip_prose(text[start:], markup))
    joined = "".join(pieces)
    if not markup:
        return joined
    joined = joined.replace(_PARAGRAPH, "\n\n").replace(_LINE, "\n")
    joined = _PARAGRAPHS_RE.sub("\n\n", _BREAKS_RE.sub("\n", joined)).strip()
    return _ABSTRACT_HEADING_RE.sub("", joined, count=1).lstrip("\n")


def _strip_prose(text: str, markup: bool) -> str:
    """A stretch of text outside math: tags off (when ``markup``), references resolved."""
    if markup:
        text = _SPACE_RE.sub(" ", text)
        text = _TAG_RE.sub(_untag, text)
    if "&" in text:
        text = _ENTITY_RE.sub(_unescape, text)
    return text
