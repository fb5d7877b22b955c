"""Abstracts as running text: markup taken off, hard line breaks joined into paragraphs.

Zotero's CSL-JSON and other web-fed exports give abstracts as HTML (``<p>…</p>``), and
Crossref as JATS XML (``<jats:p>``, ``<jats:italic>``). :func:`strip_markup` turns that
into text: block tags become paragraph breaks, inline tags go, entities become the
characters they name. It only takes off what is certainly markup: tags of HTML and
JATS by name (or with a namespace prefix such as ``jats:``), and only in a text that
holds a closed tag or a line break tag, so ``a < b``, ``x<y>`` and an unclosed
``<i>`` in prose stay as written. LaTeX is left alone, math (``$…$``, ``\\(…\\)``)
included (but for the character references markup writes in it): another part renders
it.

Sources also hard-wrap abstracts (arXiv's metadata breaks every line at ~80 characters
and starts each paragraph with an indented line). :func:`reflow`, which every reader's
abstracts pass through (:func:`tidy_abstracts`), joins wrapped lines into paragraphs and
makes runs of spaces one, as the plain-text reader does with its own paragraphs.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple

from tuireader.ingest.formats.common import split_lines
from tuireader.model import Record

__all__ = [
    "WRAP_WIDTH",
    "formulas_as_math",
    "reflow",
    "strip_markup",
    "tidy_abstracts",
    "without_notices",
]

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


#: a formula of JATS (Crossref's ``<jats:inline-formula>``) or of IEEE Xplore's exports
#: (``<inline-formula> <tex-math notation="LaTeX">$k$ </tex-math></inline-formula>``),
#: and the TeX one holds; the tag's prefix is group ``ns``, what it holds ``inner``
_FORMULA_RE = re.compile(
    r"<(?P<ns>[A-Za-z][\w.-]*:)?(?P<kind>inline-formula|disp-formula)(?:\s[^<>]*)?>"
    r"(?P<inner>.*?)</(?P=ns)?(?P=kind)\s*>",
    re.DOTALL | re.IGNORECASE,
)
_TEX_MATH_RE = re.compile(
    r"<(?:[A-Za-z][\w.-]*:)?tex-math(?:\s[^<>]*)?>(?P<tex>.*?)</(?:[A-Za-z][\w.-]*:)?tex-math\s*>",
    re.DOTALL | re.IGNORECASE,
)
#: the LaTeX document a publisher wraps a formula's TeX in (Springer's
#: ``\documentclass[12pt]{minimal} … \begin{document}$$k$$\end{document}``)
_TEX_DOCUMENT_RE = re.compile(r"\\begin\{document\}(?P<body>.*?)\\end\{document\}", re.DOTALL)


def _tex_as_math(tex: str) -> str | None:
    """The TeX of a ``<tex-math>`` as inline math (``$k$``); None for none, or for TeX
    that is not one formula."""
    tex = _ENTITY_RE.sub(_unescape, tex) if "&" in tex else tex
    document = _TEX_DOCUMENT_RE.search(tex)
    body = " ".join((document.group("body") if document else tex).split())
    for opening, closing in (("$$", "$$"), ("$", "$"), ("\\(", "\\)"), ("\\[", "\\]")):
        if len(body) > len(opening) + len(closing) and body.startswith(opening):
            if body.endswith(closing):
                body = body[len(opening) : -len(closing)].strip()
            break
    if not body or re.search(r"(?<!\\)\$", body):
        return None
    return f"${body}$"


def _formula(match: re.Match[str]) -> str:
    """A formula element as the math of the TeX it holds, else as written."""
    tex = _TEX_MATH_RE.search(match.group("inner"))
    math = _tex_as_math(tex.group("tex")) if tex is not None else None
    return match.group(0) if math is None else math


def _tex_element(match: re.Match[str]) -> str:
    """A ``<tex-math>`` outside a formula element as its math, else as written."""
    math = _tex_as_math(match.group("tex"))
    return match.group(0) if math is None else math


def formulas_as_math(text: str) -> str:
    """``text`` with the formulas of JATS and IEEE Xplore's exports as the LaTeX math they
    hold: ``Fast <inline-formula> <tex-math notation="LaTeX">$k$ </tex-math>
    </inline-formula>-Means`` is ``Fast $k$-Means``, shown, found and cited as any
    title's math is. A formula's other forms (MathML beside its TeX) go with it; a
    ``<tex-math>`` alone is its math too. A formula without TeX, or whose TeX is no one
    formula, is left as written."""
    if "tex-math" not in text.lower():
        return text
    text = _FORMULA_RE.sub(_formula, text)
    return _TEX_MATH_RE.sub(_tex_element, text)


def strip_markup(text: str, *, styled: bool = True) -> str:
    """``text`` with its HTML or JATS markup taken off (see the module's description).

    Block tags (``<p>``, ``<jats:p>``, ``<li>``, headings) become paragraph breaks (a
    blank line), ``<br>`` a line break, and inline tags (``<jats:italic>``, ``<span>``)
    go, their words kept; the whitespace of the markup's source (its line breaks and
    indentation) is one space, as a browser shows it. Character references (``&amp;``,
    ``&#8211;``) become characters, ``&lt;b&gt;`` the text ``<b>``. A leading
    "Abstract" heading is dropped. Text without markup is returned with its character
    references resolved and nothing else changed.

    ``styled`` (an abstract): italics, bold, sub- and superscripts around plain words
    become the LaTeX the renderer reads in an abstract and search reads as the words
    shown (:func:`_styled`): ``H<sub>2</sub>O`` is ``H$_{2}$O``, shown "H₂O" and found
    by "H2O", ``<i>E. coli</i>`` is ``\\textit{E. coli}``, in italics; no tag is left.
    """
    if "<" not in text and "&" not in text:
        return text
    pieces: list[str] = []
    start = 0
    markup = "<" in text and _has_markup(text)
    # the styles become LaTeX outside math (a sub- or superscript math of its own only
    # where the text has no dollar that could pair with its dollars: a formula's math,
    # below, pairs its own)
    style = _Style(
        styled and markup and "</" in text,
        "$" not in (_TEX_MATH_RE.sub("", text) if markup else text),
    )
    if markup:
        text = formulas_as_math(text)
    for match in _MATH_RE.finditer(text) if "$" in text or "\\" in text else ():
        pieces.append(_strip_prose(text[start : match.start()], markup, style))
        # math keeps its tags (``$a<b>c</b>$`` is LaTeX), but in markup its character
        # references are the characters the source meant: JATS writes ``$k &lt; n$``
        math = match.group(0)
        pieces.append(_ENTITY_RE.sub(_unescape, math) if markup and "&" in math else math)
        start = match.end()
    pieces.append(_strip_prose(text[start:], markup, style))
    joined = "".join(pieces)
    if not markup:
        return joined
    if style.kept and style.math and "$$" in joined:
        # a script right after a formula's math is more of it: ``$x$$^{2}$`` would read
        # as display math, ``$x^{2}$`` is what it shows (every dollar here is one of the
        # math of a formula or of a script)
        joined = joined.replace("$$", "")
    joined = joined.replace(_PARAGRAPH, "\n\n").replace(_LINE, "\n")
    joined = _PARAGRAPHS_RE.sub("\n\n", _BREAKS_RE.sub("\n", joined)).strip()
    return _ABSTRACT_HEADING_RE.sub("", joined, count=1).lstrip("\n")


#: an inline style of HTML or JATS around text with no tag in it: italics, bold, sub-
#: and superscripts (``<i>``, ``<jats:italic>``, ``<sub>``); the name is ``tag``
_STYLE_RE = re.compile(
    r"<(?P<tag>(?:jats:)?(?:i|italic|em|b|bold|strong|sub|sup))(?:\s[^<>]*)?>"
    r"(?P<inner>[^<>]*)</(?P=tag)\s*>"
)
#: the LaTeX the abstract renderer reads for each of them, around their text
_STYLE_LATEX = {
    "i": "\\textit{%s}", "italic": "\\textit{%s}", "em": "\\textit{%s}",
    "b": "\\textbf{%s}", "bold": "\\textbf{%s}", "strong": "\\textbf{%s}",
    "sub": "$_{%s}$", "sup": "$^{%s}$",
}  # fmt: skip
#: what LaTeX would read as more than text, in a styled stretch: it is left plain
_NOT_PLAIN = frozenset("{}\\$%#&_^~\n")
#: what a sub- or superscript may be to become math: a short run of letters, digits and
#: signs ("2", "max", "−1", "+", "2+"), or a short sum of them ("n+1", "2k−1"), which math
#: shows as the same characters raised
_SCRIPT_RE = re.compile(
    r"[+\-\u2212]?[^\W_]{1,8}(?:[+\-\u2212][^\W_]{1,8}){0,2}[+\-\u2212]?|[+\-\u2212*\u2032]"
)


def _styled(match: re.Match[str], *, math: bool) -> str:
    """A style tag and its text as the LaTeX that shows it so (:data:`_STYLE_LATEX`); as
    it was (its tags taken off later) where its text holds what LaTeX reads as more than
    text (a brace, a backslash, a dollar, ``&`` even as ``&amp;``), a sub- or
    superscript is no short run of letters and signs, or the text has math of its own
    (``math`` False), whose dollars a new pair could be read with; or a character that
    is not printable."""
    tag = match["tag"].removeprefix("jats:")
    inner = _ENTITY_RE.sub(_unescape, match["inner"])
    if not inner.strip() or not inner.isprintable() or _NOT_PLAIN & set(inner):
        return match.group(0)
    if tag in ("sub", "sup") and not (math and _SCRIPT_RE.fullmatch(inner)):
        return match.group(0)
    return _STYLE_LATEX[tag] % inner


class _Style(NamedTuple):
    """How :func:`strip_markup` gives a text's styles: as LaTeX (``kept``), its sub- and
    superscripts as math (``math``)."""

    kept: bool
    math: bool


def _strip_prose(text: str, markup: bool, style: _Style) -> str:
    """A stretch of text outside math: its styles as LaTeX (see :class:`_Style`), tags
    off (when ``markup``), references resolved."""
    if markup:
        text = _SPACE_RE.sub(" ", text)
        if style.kept:
            text = _STYLE_RE.sub(lambda match: _styled(match, math=style.math), text)
        text = _TAG_RE.sub(_untag, text)
    if "&" in text:
        text = _ENTITY_RE.sub(_unescape, text)
    return text


# --------------------------------------------------------------------------- line breaks

#: A text none of whose lines is longer than this is hard-wrapped: its line breaks are
#: where the lines ran out (arXiv wraps at 80), not where the authors ended a paragraph.
#: Abstracts typed into a web form (OpenReview) break only between paragraphs, and
#: their paragraphs are longer than this.
WRAP_WIDTH = 100
_BLANKS_RE = re.compile(r"[ \t]+")
#: The start of a list item: "- ", "* ", "• ", "1. ", "2) ", "(3) ", "(a) ", "(iv) ".
_LIST_ITEM_RE = re.compile(r"(?:[-*\u2022\u2013]|\(?(?:\d{1,2}|[a-z]|[ivx]{1,4})[.)])\s")
#: Marks that end a sentence or clause, and what may close it after the mark.
_ENDS = frozenset(".!?:;")
_CLOSERS = "'\"\u2019\u201d)]"


def _ended(line: str) -> bool:
    """True when ``line`` ends a sentence or clause (a mark, then closing quotes or
    brackets)."""
    return line.rstrip(_CLOSERS)[-1:] in _ENDS


def reflow(text: str) -> str:
    """An abstract's wrapped lines joined into paragraphs, its runs of spaces made one.

    A blank line, or an indented line after the end of a sentence (arXiv's way; not
    when every line is indented), starts a new paragraph, and paragraphs are separated
    by one blank line. In a hard-wrapped text (no line longer than ``WRAP_WIDTH``)
    every other line break is where a line ran out, and the lines are joined with a
    space. In a text with longer lines (typed into a web form) a line
    break is the authors' and is kept, unless the sentence runs on across it (no mark
    before it, a lower-case letter after). A line that starts a list item after the end
    of a sentence (``- ``, ``1. ``, ``(a) ``) keeps its line break. Spaces and tabs at
    the start and end of lines go, and runs of them within a line become one space;
    other characters, control characters included, are kept as they are.
    """
    if "\n" not in text and "\r" not in text:
        if "  " not in text and "\t" not in text:
            return text.strip(" \t")
        return _BLANKS_RE.sub(" ", text).strip(" ")
    lines = split_lines(text)
    wrapped = max(len(line.strip(" \t")) for line in lines) <= WRAP_WIDTH
    # a text that indents every line after its first says nothing by indenting one
    later = [line[:1] in (" ", "\t") for line in lines[1:] if line.strip(" \t")]
    indents = not all(later)
    out: list[str] = []
    ended = False  # the line before ended a sentence
    in_list = False
    blank = False
    for line in lines:
        stripped = line.strip(" \t")
        if not stripped:
            blank = bool(out)
            continue
        if "  " in stripped or "\t" in stripped:
            stripped = _BLANKS_RE.sub(" ", stripped)
        item = (in_list or ended) and bool(_LIST_ITEM_RE.match(stripped))
        if not out:
            out.append(stripped)
        elif blank:
            out.append("\n\n" + stripped)
        elif item:
            out.append("\n" + stripped)
        elif not ended and stripped[0].islower():
            out.append(" " + stripped)  # the sentence runs on across the break
        elif ended and indents and line[0] in " \t":
            out.append("\n\n" + stripped)
        elif wrapped:
            out.append(" " + stripped)
        else:
            out.append("\n" + stripped)
        ended = _ended(stripped)
        in_list = item or (in_list and not blank)
        blank = False
    return "".join(out)


def tidy_abstracts(records: Sequence[Record]) -> tuple[Record, ...]:
    """``records`` with their abstracts reflowed (see :func:`reflow`), and the formulas of
    their titles as the math they hold (:func:`formulas_as_math`: IEEE Xplore's and
    Crossref's titles, whose other markup is read where a title is shown); a record
    whose abstract is already running text and whose title has no formula is given back
    as it is."""
    tidied: list[Record] = []
    for record in records:
        abstract = reflow(record.abstract)
        title = record.title
        if title and "<" in title:
            title = " ".join(formulas_as_math(title).split())
        if abstract != record.abstract or title != record.title:
            record = replace(record, abstract=abstract, title=title)
        tidied.append(record)
    return tuple(tidied)


#: the publisher's notice a bibliographic database writes after an abstract (Scopus:
#: "© 2017 Elsevier B.V. All rights reserved.", "© The Author(s) 2021."; Web of Science:
#: "(C) 2015 Elsevier Ltd. All rights reserved."; "Copyright © 2019 John Wiley & Sons"):
#: a sentence of its own at the end, starting with the sign or the word
_NOTICE_RE = re.compile(
    r"(?:^|(?<=[.!?)\]\u2019\u201d\"'])\s+)"
    r"(?:Copyright\s*(?:©|\([Cc]\))\s*(?=\S)|Copyright\s+(?=(?:19|20)\d\d)"
    r"|©\s*(?=(?:19|20)\d\d|[A-Z])|\([Cc]\)\s*(?=(?:19|20)\d\d))"
    r"[^©]{0,300}$"
)
#: what Scopus writes where a paper has no abstract
_NO_ABSTRACT_RE = re.compile(r"\[\s*no abstract available\s*\]", re.IGNORECASE)
#: what Scopus writes where a paper names no author
_NO_AUTHOR_RE = re.compile(r"\[\s*no author name available\s*\]", re.IGNORECASE)


def without_notices(records: Sequence[Record]) -> tuple[Record, ...]:
    """``records`` without what a bibliographic database writes into the abstract that is
    not the authors' text: the publisher's copyright notice after it, and Scopus's "[No
    abstract available]" for none; and without Scopus's "[No author name available]",
    no author's name, among the authors. Read from the spreadsheets and tagged exports
    of Scopus, Web of Science and publishers, where the abstract is a field beside the
    title; a list of abstracts alone keeps its text as written (its ids are made of it)."""
    cleaned: list[Record] = []
    for record in records:
        abstract = record.abstract
        if _NO_ABSTRACT_RE.fullmatch(abstract.strip()):
            abstract = ""
        elif "©" in abstract or "(C)" in abstract or "(c)" in abstract or "opyright" in abstract:
            abstract = _NOTICE_RE.sub("", abstract).rstrip()
        if abstract != record.abstract:
            record = replace(record, abstract=abstract)
        if any(_NO_AUTHOR_RE.fullmatch(name.strip()) for name in record.authors):
            authors = tuple(a for a in record.authors if not _NO_AUTHOR_RE.fullmatch(a.strip()))
            names = tuple(n for n in record.author_names if not _NO_AUTHOR_RE.fullmatch(n.strip()))
            record = replace(
                record, authors=authors, author_names=names if len(names) == len(authors) else ()
            )
        entry = record.source_entry
        if entry is not None and _NO_AUTHOR_RE.fullmatch((entry.get("author") or "").strip()):
            # Scopus's BibTeX: its author field, which citations split, is none either
            fields = tuple(field for field in entry.fields if field[0].lower() != "author")
            record = replace(record, source_entry=replace(entry, fields=fields))
        cleaned.append(record)
    return tuple(cleaned)
