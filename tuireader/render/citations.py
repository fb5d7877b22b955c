"""Citations for papers: BibTeX, BibLaTeX, APA, MLA, Markdown, LaTeX/pandoc keys, URLs,
IEEE, Chicago author-date, RIS and CSL-JSON.

Everything here is pure: a :class:`~tuireader.model.Paper` goes in, a frozen
:class:`Citation` (text plus warnings about missing metadata) comes out.

**Entries the user already has.** A paper read from a BibTeX or BibLaTeX file carries its
entry (:class:`~tuireader.model.SourceEntry`); its citation is that entry, normalised:
the source's key and entry type, every field (a reference manager's own, such as
``file``, left out: :data:`_DROPPED_FIELDS`, and the user's notes, ``annote``; ``abstract`` only on request) with names in lower case, one a line, values in braces except month macros
(``month = jun``), the source's braces and LaTeX kept as written. Asked for the other
dialect, the fields are mapped (``journal`` ↔ ``journaltitle``, ``year``/``month`` ↔
``date``, ``address`` ↔ ``location``, ``archiveprefix``/``primaryclass`` ↔
``eprinttype``/``eprintclass``). What the entry lacks but the paper knows (a
``crossref``'s booktitle and year, say) is added. A paper several entries give (a
Zotero duplicate that Better BibTeX exports twice, ``sahaRarePathGuided2023`` and
``sahaRarePathGuided2023a``, one DOI) is cited by the first one's entry and key: the
library keeps the first record's entry, as it keeps each field from the first record
that has it, so the key comes with the fields it was written with, is the same on every
run, and, in a Better BibTeX export, is the one without the suffix it gives a duplicate;
the other keys are among its ``ids``. Asked for by one of those (a manuscript written
against the other entry cites it so), the citation is given that key
(:func:`key_asked`), and the entry's own key takes its place among the ``ids``.

**Generated entries** use the type the metadata supports: ``@article`` with ``journal``,
``@inproceedings`` with ``booktitle``, arXiv-only papers as ``@misc`` with
``eprint``/``archiveprefix``/``primaryclass`` (BibLaTeX: ``@online`` with
``eprinttype``), otherwise ``@misc``. A venue such as ``arXiv:1906.10026 [cs, math,
stat]`` is read as an arXiv id, never as a booktitle.

**One URL in every format**, the most lasting the paper has (:func:`_address`): its DOI's
address (percent-encoded, as every link is), else its own page: the ``url`` of its source
entry, else a proceedings' page, OpenReview's, arXiv's, the proceedings' PDF, before a
conference site's page. APA, MLA, Markdown, the url format and :func:`paper_url` give it;
BibTeX gives the DOI in ``doi`` (styles print it as that address) and the page in ``url``.
A citation's url (and eprint) is the record's own, never a link its abstract mentions
(its code, "a longer version is at …"), in Markdown's link and the url format as in every
other: that is only the link :func:`best_link` gives a paper with no other (a link to
follow, not to cite); Markdown, the url format and :func:`paper_url` give none.

**Capitals in titles**, generated or a source entry's, are protected with braces by the
rule Better BibTeX users know (a source's ``{EX2: Exploration ...}`` would print "Ex2"
in a style that sets titles in sentence case): a word with a capital anywhere after its
first character (``LLM``, ``PyTorch``, ``3D``, ``Non-IID``; math counts as a character
of the word, so in ``S$\\Omega$I`` and ``MS$^3$D`` the capitals on both sides of it are
braced); and, when the title is in sentence case (most of its words are lower case),
every capitalised word after the first, since the source capitalised it on purpose
(proper names: ``Minecraft``, ``Bayes``), except in a part of it set in title case (a
head before a colon whose content words are all capitalised) and for a word its
abstract writes only in lower case, as a common word; and in any title, a word
its abstract writes as a name (capitalised amid words in lower case, never in lower
case: "a Gaussian process", :func:`_abstract_names`). Math with a capital is braced too
(``{$\\Lambda_n$}``, ``{$C^*$}``), as BibTeX styles lowercase a title's math with its
words (``$\\lambda_n$``). Words the source already braced are left alone, and a source
entry's LaTeX is kept as it wrote it around the braces added. One pair of braces is
used, not Better BibTeX's two.

**Cite keys** follow Better BibTeX's ``authorYearFirstword`` pattern
(``zhou2024attack``): the first author's family name, the year and the first significant
word of the title, lowercase ASCII (LaTeX accents and letters such as ``ø`` are
transliterated, and so are names and titles in other scripts: "Иванов" gives
``ivanov``, "Παπαδόπουλος" ``papadopoulos``, "张" ``zhang``; see
:mod:`tuireader.render.romanise`). An institution's name (one written whole in braces, ``{The BABAR
Collaboration}``) gives its first significant word (``babar``); a PMLR key may say where
the family name begins (``dupre-la-tour24a``: ``duprelatour``). A paper without
authors gets ``anon`` in the author slot. A key the source gives is kept instead: a
source entry's own key, a CSL ``citation-key``, or, for a paper whose list carries its
PMLR key (ICML's lists do), the key PMLR's page gives its BibTeX
(``pmlr-v235-bharadhwaj24a``: the volume, from the paper's PMLR links or its ICML year,
and the PMLR key), so a bibliography's key is the proceedings' own; without a volume a
PMLR key alone is no such key. Keys depend only on the paper and the library:
:func:`cite_keys` given the library resolves collisions among *all* its papers that
share a key (suffixes ``a``, ``b``, … in order of paper id), so one paper copied alone,
cited by id, or exported with others has the same key.

**LaTeX in text.** Titles, names and abstracts may hold LaTeX as the sources write it.
BibTeX output keeps it valid: accents become BibTeX's special-character form
(``Bal\\'azs`` → ``Bal{\\'a}zs``), escapes, text markup, grouping braces and well-formed
``$…$`` math are kept (math written ``\\(…\\)``, ``\\[…\\]`` or ``$$…$$`` is written ``$…$``), and only what would break an entry or a LaTeX run (raw ``& % # _
^ ~``, stray ``$``, a price's ``$``, "Cost $5 and $6", :func:`_priced`, unbalanced braces) is escaped (:func:`bibtex_escape`), and what would
act as LaTeX runs it: a command that reads or writes files, runs programs or redefines
others (``\\input``, ``\\write18``, ``\\def``, ``\\csname``, ``\\jobname``, ``\\loop``; in
math too, where ``^^5c`` is refused as well, and the math is text between two escaped
dollars) is spelled out as text, ``\\textbackslash{}input``, in a source entry too. So is,
outside math, every command not known as text markup (accents, letters and symbols,
``\\emph`` and the font switches, :data:`_TEXT_MARKUP`, ``\\url`` of a web address): a
paper's own ``\\x``, ``\\cite`` would stop LaTeX ("undefined control sequence") or act
for the paper; in math, a common shorthand is written as what it stands for (``\\Q`` as
``\\mathbb{Q}``), and any other command LaTeX's math does not know (a paper's own
``\\cla``) as its name, ``\\backslash\\mathrm{cla}``. The rich text a scraper or a
CSL-JSON list leaves in a title or a venue (``<i>in vivo</i>``, ``H<sub>2</sub>O``) is
the LaTeX that reads the same (``\\textit{in vivo}``, ``{H\\textsubscript{2}O}``), as
the reader shows it. Non-ASCII text stays UTF-8, but for what pdflatex with BibTeX
stops at: Greek letters, math symbols, sub- and superscripts, ``ı`` and full-width forms
are the LaTeX that reads the same (``β`` → ``$\\beta$``, ``x²`` → ``x$^{2}$``, ``ı`` →
``{\\i}``, ``Ｆ`` → ``F``; in math, ``$α$`` → ``$\\alpha$``: :func:`_run_tokens`,
:func:`_unicode_math`), as Better BibTeX writes them. The text formats (APA, MLA, Markdown) show the meaning in Unicode
(``Gr{\\o}tli`` → ``Grøtli``). :func:`bibtex_unescape` gives a value's meaning, and
:func:`validate_bibtex` parses text back with bibtexparser and reports anything that
would break a ``.bib`` file.
"""

from __future__ import annotations

import calendar
import html
import json
import re
import string
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from typing import NamedTuple
from urllib.parse import urlsplit
from xml.etree import ElementTree

from tuireader.model import NAME_SUFFIX, TALK_KINDS, Library, Link, Paper, SourceEntry
from tuireader.render.journalnames import (
    MONTHLY_JOURNALS,
    compact_parts,
    journal_part,
    names_a_journal,
    reference_parts,
)
from tuireader.render.romanise import (
    customary_family_name,
    family_first,
    family_first_parts,
    other_script,
    romanised,
)
from tuireader.render.safetext import (
    BIDI,
    INVISIBLE,
    holds_unsafe,
    kept_or_removed,
    markdown_text,
    pdf_hyphens,
    untagged_name,
    web_url,
    without_escape_sequences,
)

__all__ = [
    "DEFAULT_FORMAT",
    "FORMATS",
    "FORMAT_LABELS",
    "W_DERIVED_TITLE",
    "W_NO_AUTHORS",
    "W_NO_LINK",
    "W_NO_PAGE",
    "W_NO_VENUE",
    "W_NO_YEAR",
    "W_UNKNOWN_TITLE",
    "W_UNSAFE_TEXT",
    "Citation",
    "NameParts",
    "base_key",
    "best_link",
    "bibtex_escape",
    "bibtex_name",
    "bibtex_unescape",
    "cite_keys",
    "cite_many",
    "format_citation",
    "format_many",
    "former_keys",
    "formerly_cited_as",
    "joined_citations",
    "latex_to_unicode",
    "make_source_entry",
    "name_parts",
    "paper_url",
    "papers_cited_as",
    "papers_formerly_cited_as",
    "primary_link",
    "shaped_as_cite_key",
    "spelled_commands_read",
    "split_name",
    "text_math_as_latex",
    "text_math_read",
    "unbraced",
    "validate_bibtex",
    "without_dangling_and",
    "without_homonym_number",
]

FORMATS: tuple[str, ...] = (
    "bibtex",
    "biblatex",
    "apa",
    "mla",
    "markdown",
    "cite",
    "pandoc",
    "url",
    # after the first eight, which keep their places (and numbers in the reader's menu)
    "ieee",
    "chicago",
    "ris",
    "csl-json",
)
DEFAULT_FORMAT = "bibtex"
#: short names for menus and status messages.
FORMAT_LABELS: dict[str, str] = {
    "bibtex": "BibTeX",
    "biblatex": "BibLaTeX",
    "apa": "APA 7",
    "mla": "MLA 9",
    "ieee": "IEEE",
    "chicago": "Chicago author-date",
    "ris": "RIS",
    "csl-json": "CSL-JSON",
    "markdown": "Markdown link",
    "cite": "LaTeX \\cite",
    "pandoc": "pandoc [@key]",
    "url": "URL",
}

W_NO_AUTHORS = "authors unknown: the citation names no author"
W_DERIVED_TITLE = "title derived from the abstract, not the paper's own title"
W_UNKNOWN_TITLE = "title not known: its list gives none, nor an abstract"
W_NO_YEAR = "year unknown"
W_NO_VENUE = "venue unknown"
W_NO_LINK = "no link to the paper"
W_NO_PAGE = "no page of its own (a link its abstract mentions is not the paper's URL)"
W_UNSAFE_TEXT = "unsafe characters removed (controls, bidirectional or invisible)"

DERIVED_TITLE_NOTE = "title derived from the abstract"
UNKNOWN_TITLE_NOTE = "title not known"


@dataclass(frozen=True)
class Citation:
    """One paper formatted one way, with what the UI should warn about."""

    paper_id: str
    key: str
    format: str
    text: str
    warnings: tuple[str, ...] = ()

    @property
    def incomplete(self) -> bool:
        """True when metadata is missing (no authors, derived title, no year, …)."""
        return bool(self.warnings)


# --------------------------------------------------------------------------- text


# Control characters (Unicode category Cc) and line/paragraph separators.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
#: bidirectional controls and invisible format characters (a zero-width space from a
#: PDF, a right-to-left override): nothing a citation shows, nor LaTeX, so they go.
_UNSEEN = re.compile("[" + "".join(re.escape(chr(code)) for code in (*BIDI, *INVISIBLE)) + "]")


#: the Latin ligatures a PDF's text holds ("Reﬁnement"), as the letters they join: a
#: reader sees no difference, LaTeX's inputenc knows no such character, nor a search.
_LIGATURES = str.maketrans(
    {"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl"}
    | {"\ufb05": "st", "\ufb06": "st"}
)


def _clean(text: str | None) -> str:
    """One line of text: control characters and runs of whitespace become one space,
    but for the hyphen a PDF left as one between two letters (``state-of-the\\x02art``),
    a hyphen as the reader shows it (:func:`~tuireader.render.safetext.pdf_hyphens`),
    bidirectional controls and invisible characters go (a non-joiner inside a Persian
    word stays: :func:`~tuireader.render.safetext.kept_joiner`), and ligatures are
    letters. A terminal's escape sequence goes whole (``ESC[31m``, an OSC string:
    :func:`~tuireader.render.safetext.without_escape_sequences`), so none of it is read as
    words or name parts."""
    if not text:
        return ""
    text = pdf_hyphens(without_escape_sequences(text))
    return " ".join(
        _UNSEEN.sub(kept_or_removed, _CONTROL.sub(" ", text)).translate(_LIGATURES).split()
    )


# ------------------------------------------------------------------ LaTeX in text

_TEXT_ESCAPES: dict[str, str] = {
    "\\": r"\textbackslash{}",
    "{": r"\textbraceleft{}",
    "}": r"\textbraceright{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    # LaTeX's default (OT1) fonts print a raw "<" and ">" in text as "¡" and "¿"
    "<": r"\textless{}",
    ">": r"\textgreater{}",
}
# Characters LaTeX rejects (or misreads) when they appear raw in math.
_MATH_FORBIDDEN = frozenset("%#&")
_BACKSLASH_OR_DOLLAR = re.compile(r"\\.|\$", re.DOTALL)

#: accents written with a symbol (``\'a``) and with a letter (``\c{c}``): combining marks.
_ACCENT_MARKS = {
    "'": "\u0301",
    "`": "\u0300",
    "^": "\u0302",
    '"': "\u0308",
    "~": "\u0303",
    "=": "\u0304",
    ".": "\u0307",
}
_ACCENT_WORDS = {
    "u": "\u0306",
    "v": "\u030c",
    "H": "\u030b",
    "c": "\u0327",
    "k": "\u0328",
    "r": "\u030a",
    "d": "\u0323",
    "b": "\u0331",
}
#: letters written as commands (``{\o}``, ``\ss``).
_LETTER_SYMBOLS = {
    "o": "ø",
    "O": "Ø",
    "l": "ł",
    "L": "Ł",
    "ss": "ß",
    "aa": "å",
    "AA": "Å",
    "ae": "æ",
    "AE": "Æ",
    "oe": "œ",
    "OE": "Œ",
    "i": "ı",
    "j": "ȷ",
    "dh": "ð",
    "DH": "Ð",
    "th": "þ",
    "TH": "Þ",
    "dj": "đ",
    "DJ": "Đ",
    "ng": "ŋ",
    "NG": "Ŋ",
}
#: text symbols written as commands (``{\textbackslash}``, ``\ldots``).
_TEXT_SYMBOLS = {
    "textbackslash": "\\",
    "textbraceleft": "{",
    "textbraceright": "}",
    "textasciitilde": "~",
    "textasciicircum": "^",
    "textunderscore": "_",
    "textdollar": "$",
    "textbar": "|",
    "textless": "<",
    "textgreater": ">",
    "textendash": "\u2013",
    "textemdash": "\u2014",
    "ldots": "\u2026",
    "dots": "\u2026",
    "textellipsis": "\u2026",
    "textquoteright": "\u2019",
    "textquoteleft": "\u2018",
    "S": "§",
    "P": "¶",
    "copyright": "©",
    "textregistered": "®",
    "texttrademark": "™",
    "pounds": "£",
    # the text symbols of LaTeX's kernel (textcomp's, in it since 2020) that BibTeX
    # exports write (the NeurIPS proceedings' "Dykstra\\textquotesingle s")
    "textquotesingle": "'",
    "textquotedbl": '"',
    "textquotedblleft": "\u201c",
    "textquotedblright": "\u201d",
    "textasciigrave": "`",
    "guillemotleft": "«",
    "guillemotright": "»",
    "quotedblbase": "„",
    "quotesinglbase": "‚",
    "textexclamdown": "¡",
    "textquestiondown": "¿",
    "textcopyright": "©",
    "textsterling": "£",
    "texteuro": "€",
    "textperiodcentered": "·",
    "textbullet": "•",
    "textdagger": "†",
    "textdaggerdbl": "‡",
    "dag": "†",
    "ddag": "‡",
    "textsection": "§",
    "textparagraph": "¶",
    "textdegree": "°",
    "textmu": "µ",
    "texttimes": "×",
    "textdiv": "÷",
    "textpm": "±",
    "textminus": "−",
    "textonehalf": "½",
    "textonequarter": "¼",
    "textthreequarters": "¾",
    "textperthousand": "‰",
    "textordfeminine": "ª",
    "textordmasculine": "º",
    "textbardbl": "‖",
    "textvisiblespace": "␣",
    "textcompwordmark": "",
}
#: commands whose argument is shown as it is (the markup itself is dropped in text formats).
_FORMATTING = frozenset(
    "emph textit textbf texttt textsc textrm textsf textsl textup textnormal textmd mbox".split()  # noqa: SIM905
)
#: control symbols kept as LaTeX, with what they mean as text. ``\\\\`` is not one: before
#: a closing brace bibtexparser would read ``\\}`` as an escaped brace.
_CONTROL_SYMBOLS = {",": " ", ";": " ", ":": " ", "!": "", "-": "", "/": "", "@": "", " ": " "}
_CHAR_ESCAPES = frozenset("&%#_${}")
#: commands that read or write files, run programs, redefine what the rest of a
#: document means, or write raw PDF (a catalog's /OpenAction runs JavaScript where the
#: PDF is opened): a citation spells them out as text (``\\textbackslash{}input``),
#: since a paper list is data and a bibliography that LaTeX runs must not act for it.
_UNSAFE_COMMANDS = frozenset(
    """input include includeonly InputIfFileExists IfFileExists endinput openin openout
    closein closeout read readline write write18 immediate special shipout output newread
    newwrite directlua latelua luaexec luadirect luacode ShellEscape DelayedShellEscape
    shellescape usepackage RequirePackage documentclass LoadClass def edef gdef xdef let
    futurelet global csname endcsname begincsname ifcsname lastnamedcs expandafter
    scantokens catcode makeatletter makeatother ExplSyntaxOn ExplSyntaxOff UseName csuse
    csdef csgdef csedef csxdef cslet csletcs letcs newcommand renewcommand
    providecommand DeclareRobustCommand NewDocumentCommand RenewDocumentCommand
    ProvideDocumentCommand DeclareDocumentCommand NewCommandCopy newenvironment
    renewenvironment everyeof everypar everymath everydisplay everyhbox everyvbox everyjob
    everycr pdffiledump filedump pdfmdfivesum mdfivesum pdffilesize filesize
    pdffilemoddate filemoddate pdfobj pdfximage pdfliteral pdfextension pdfcatalog
    pdfannot pdfnames pdfinfo pdftrailer pdfpageattr pdfpagesattr pdfpageresources
    pdfstartlink saveimageresource verbatiminput lstinputlisting inputminted
    includegraphics includepdf verb begin end jobname loop pdfshellescape pdfprimitive
    primitive afterassignment aftergroup message errmessage batchmode nonstopmode
    scrollmode errorstopmode dump""".split()  # noqa: SIM905 - a word list reads better as text
)
#: commands a citation keeps as LaTeX outside math: text markup every LaTeX knows and
#: that acts on nothing but the text it sets (besides the accents, letters, symbols and
#: :data:`_FORMATTING` above, and ``\\url`` of a web address). Any other command (a
#: paper's own ``\\x``, ``\\cite``, ``\\url{javascript:…}``) is spelled out as text,
#: ``\\textbackslash{}x``: LaTeX would stop at one it does not know ("undefined control
#: sequence"), or act on it for the paper.
_TEXT_MARKUP = frozenset(
    """em it bf sc rm sf tt sl up md normalfont itshape bfseries scshape rmfamily sffamily
    ttfamily slshape upshape mdseries emph textsuperscript textsubscript tiny scriptsize
    footnotesize small normalsize large Large LARGE huge Huge LaTeX TeX LaTeXe relax
    nocorr""".split()  # noqa: SIM905 - a word list reads better as text
)
_RAW_SPECIALS = frozenset("&%#_^~<>")
#: the argument of ``\\url`` kept as LaTeX: an address of characters LaTeX reads as they
#: are inside it (no ``% # & $ ^ \\``, braces or spaces)
_URL_ARGUMENT = re.compile(r"\s*\{([A-Za-z0-9:/?=+@!*',;().~_-]+)\}")
#: the argument of ``\\url`` as a .bib writes it, BibTeX's escapes and all
#: (``b\\_c``, ``b{\\_}c``), which :func:`unescaped_address` undoes
_ESCAPED_URL_ARGUMENT = re.compile(
    r"\s*\{((?:[A-Za-z0-9:/?=+@!*',;().~_-]|\\[_%&#$]|\\~\{\}|\{\\_\}|\\textunderscore\{\})+)\}"
)
_PLAIN_RUN = re.compile(r"[^\\{}$&%#_^~<> ]+")
_LETTERS = re.compile(r"[A-Za-z]+")


class _Tok(NamedTuple):
    """One piece of LaTeX text: how it was written, what it means, how BibTeX gets it."""

    #: text, space, math, accent, letter, symbol, escape, command, open, close, special
    kind: str
    src: str
    meaning: str
    #: the form generated BibTeX uses (valid LaTeX, safe for BibTeX's name handling).
    canon: str


def _closing_dollar(text: str, start: int) -> int | None:
    """Index of the ``$`` that closes math opened just before ``start``, if any."""
    while match := _BACKSLASH_OR_DOLLAR.search(text, start):
        if match.group() == "$":
            return match.start()
        start = match.end()
    return None


#: what follows the "$" of a price written after its number ("costs 5$ and", "5$."), as
#: the reader tells it (``textrender``): math has a command, a script or a symbol there
_PRICE_AFTER = re.compile(r"\s+(?:[^\W\d_]|\()|[.,;:!?](?:\s|$)")
#: what math is written with and a price never is
_LATEXY = re.compile(r"[\\^_{}]")


def _priced(text: str, start: int, closing: int) -> bool:
    """Whether the ``$`` at ``start``, which the one at ``closing`` would close as math,
    is a dollar sign, as the reader shows it (``textrender``): after a number, before a
    word ("costs 5$ and"), or before plain text that does not hug its dollars ("Cost $5
    and $6", "$5 and $10 million") or runs into a digit ("$5-$6")."""
    if 0 < start and text[start - 1].isdigit() and _PRICE_AFTER.match(text, start + 1):
        return True
    content = text[start + 1 : closing]
    if not content.strip() or _LATEXY.search(content):
        return False
    if content[0].isspace() or content[-1].isspace() or len(content) > 80:
        return True
    return content[0].isdigit() and text[closing + 1 : closing + 2].isdigit()


def _math_ok(inner: str) -> bool:
    """Whether ``$inner$`` can be written to BibTeX verbatim.

    The braces must balance both the way BibTeX counts them (every brace) and the way
    bibtexparser does (a brace right after a backslash does not count), and the math
    must not hold a raw ``%``, ``#`` or ``&``, nor a command of :data:`_UNSAFE_COMMANDS`
    or ``^^`` (TeX's way to write any character, a backslash too).
    """
    if not inner.strip() or "^^" in inner:  # TeX reads ^^5c as a backslash
        return False
    depth_all = depth_unescaped = 0
    i = 0
    while i < len(inner):
        ch = inner[i]
        if ch in "{}":
            step = 1 if ch == "{" else -1
            depth_all += step
            if i == 0 or inner[i - 1] != "\\":
                depth_unescaped += step
            if depth_all < 0 or depth_unescaped < 0:
                return False
        elif ch == "\\":
            nxt = inner[i + 1] if i + 1 < len(inner) else ""
            if nxt in "{}":
                i += 1
                continue
            name = _LETTERS.match(inner, i + 1)
            if name is not None and name.group() in _UNSAFE_COMMANDS:
                return False
            i += 2
            continue
        elif ch in _MATH_FORBIDDEN:
            return False
        i += 1
    return depth_all == 0 and depth_unescaped == 0


#: a command in math (a letter-named one is group 1), or an escaped character
_MATH_COMMAND = re.compile(r"\\(?:([A-Za-z]+)|.)", re.DOTALL)
#: commands of math LaTeX knows (with amsmath and amssymb, as papers' math assumes)
#: beyond those the reader shows (see :func:`_math_commands`)
_MORE_MATH_COMMANDS = frozenset(
    """frac tfrac dfrac cfrac sqrt binom tbinom dbinom choose over atop stackrel overset
    underset substack pmod bmod mod nmid hspace rightharpoonup leftharpoonup ldotp dotsc
    dotsb dotsm dotsi dotso mathop mathbin mathrel mathord mathpunct mathopen mathclose
    kern mkern mskip hskip vphantom hphantom smash xrightarrow xleftarrow boxed
    backslash surd Longrightarrow triangleleft triangleright""".split()  # noqa: SIM905 - a word list reads better as text
)


#: a command of math spelled out as its name (:func:`_math_command`): it means the
#: command as the source wrote it (``\\backslash\\mathrm{Q}`` is ``\\Q``), as
#: ``\\textbackslash{}`` outside math means a backslash
_SPELLED_COMMAND = re.compile(r"\\backslash\\mathrm\{([A-Za-z]+)\}")


def spelled_commands_read(math: str) -> str:
    """``math`` with each command BibTeX output spelled out as its name
    (:func:`_math_command`: ``\\backslash\\mathrm{XQM}``) the command it stands for
    (``\\XQM``), as the source wrote it."""
    return _SPELLED_COMMAND.sub(r"\\\1", math) if "backslash" in math else math


def _math_command(found: re.Match[str]) -> str:
    """A command of math as BibTeX output writes it: as it is when LaTeX knows it; a
    shorthand near every paper defines alike as what it stands for (``\\Q`` as
    ``\\mathbb{Q}``, :data:`_MATH_SHORTHANDS`); else spelled out (a paper's own ``\\cla``
    as ``\\backslash\\mathrm{cla}``): LaTeX would stop at it ("undefined control
    sequence")."""
    name = found.group(1)
    if name is None or name in _math_commands():
        return found.group()
    if name in _MATH_SHORTHANDS:
        return _MATH_SHORTHANDS[name]
    return f"\\backslash\\mathrm{{{name}}}"


def _math_shorthand(found: re.Match[str]) -> str:
    """A command of math as it means: a shorthand of :data:`_MATH_SHORTHANDS` as what it
    stands for, any other as written."""
    return _MATH_SHORTHANDS.get(found.group(1) or "", found.group())


#: the shorthands of math the reader shows as what they stand for (``textrender``'s
#: ``SHORTHANDS``: ``\\R`` for ℝ, ``\\cN`` for 𝒩, ``\\eps`` for ε), as LaTeX writes
#: them without the paper's own definitions: a copied title over ``$\\Q(\\sqrt{5})$``
#: prints ℚ(√5), where it printed "\\Q(√5)"
_MATH_SHORTHANDS = {
    **{letter: f"\\mathbb{{{letter}}}" for letter in "RNZQC"},
    **{f"c{letter}": f"\\mathcal{{{letter}}}" for letter in map(chr, range(65, 91))},
    "eps": "\\varepsilon",
    "la": "\\langle",
    "ra": "\\rangle",
}


@cache
def _math_commands() -> frozenset[str]:
    """The commands math in BibTeX output keeps: those the reader shows as math (its
    Greek letters, symbols, operators, fonts and accents, not the shorthands a paper
    defines for itself: ``\\R``, ``\\kms``) and :data:`_MORE_MATH_COMMANDS`."""
    from tuireader.render import textrender as shown

    tables: Iterable[Iterable[str]] = (
        shown.GREEK, shown.SYMBOLS, shown.OPERATORS, shown.SPACES, shown.FONT_MAPS,
        shown.PLAIN_FONTS, shown.STYLED_FONTS, shown.TEXT_SYMBOLS, shown.ACCENTS,
        shown.SWITCHES, shown.IGNORED, _MORE_MATH_COMMANDS, _TEXT_MARKUP,
    )  # fmt: skip
    known = {name for table in tables for name in table}
    return frozenset(known - set(shown.SHORTHANDS) - {"code"} - _UNSAFE_COMMANDS)


def _accent_base(text: str, j: int, *, spaced: bool) -> tuple[str, str, int] | None:
    """The letter an accent at ``j`` applies to: (letter, canonical argument, end)."""
    n = len(text)
    braced = text.startswith("{\\", j)
    if braced or (text.startswith("\\", j) and not spaced):
        # an accent on an accent (``\\~{\\^e}``, ``\\`\\^a``): the inner one's letter, braced
        accent, after = _backslash_token(text, j + braced)
        if accent.kind == "accent" and (not braced or text.startswith("}", after)):
            return accent.meaning, accent.canon, after + braced
    if spaced and j < n and text[j] == " ":
        j += 1
        if j < n and text[j].isascii() and text[j].isalpha():
            return text[j], "{" + text[j] + "}", j + 1
        return None
    if j < n and text[j].isascii() and text[j].isalpha() and not spaced:
        return text[j], text[j], j + 1
    if text.startswith("{", j):
        inner = j + 1
        if (
            inner + 1 < n
            and text[inner].isascii()
            and text[inner].isalpha()
            and text[inner + 1] == "}"
        ):
            letter = text[inner]
            return letter, "{" + letter + "}" if spaced else letter, inner + 2
        for dotless in ("\\i", "\\j"):
            if text.startswith(dotless + "}", inner):
                return dotless[1], "{" + dotless + "}" if spaced else dotless, inner + 3
        return None
    for dotless in ("\\i", "\\j"):
        if text.startswith(dotless, j) and not (
            j + 2 < n and text[j + 2].isascii() and text[j + 2].isalpha()
        ):
            end = j + 2
            if text.startswith("{}", end):
                end += 2
            return dotless[1], "{" + dotless + "}" if spaced else dotless, end
    return None


def _marked(letter: str, mark: str) -> str:
    """``letter`` with an accent's ``mark``: one letter where one has both marks, in
    either order ("â" or "à" and a grave or a circumflex are "ầ")."""
    marked = unicodedata.normalize("NFC", letter + mark)
    if len(marked) > 1:
        parts = unicodedata.normalize("NFD", letter)
        under = unicodedata.normalize("NFC", parts[0] + mark + parts[1:])
        if len(under) == 1:
            return under
    return marked


#: an accent whose argument is another accent without braces (``\\`\\^a``), which LaTeX
#: does not read (the outer accent takes the backslash of the inner one alone)
_BARE_STACKED = re.compile(r"\\(?:[\"'`^~=.]|[uvHckrdb]\s)\s*\\[\"'`^~=.]")


def _backslash_token(text: str, i: int) -> tuple[_Tok, int]:
    """The token starting with the backslash at ``i`` and where it ends."""
    n = len(text)
    nxt = text[i + 1] if i + 1 < n else ""
    lone = _Tok("special", "\\", "\\", _TEXT_ESCAPES["\\"])
    if not nxt:
        return lone, i + 1
    if nxt in _CHAR_ESCAPES:
        canon = _TEXT_ESCAPES[nxt] if nxt in "{}" else "\\" + nxt
        return _Tok("escape", text[i : i + 2], nxt, canon), i + 2
    if nxt in _ACCENT_MARKS:
        base = _accent_base(text, i + 2, spaced=False)
        if base is None:
            return lone, i + 1
        letter, arg, end = base
        meaning = _marked(letter, _ACCENT_MARKS[nxt])
        return _Tok("accent", text[i:end], meaning, "{\\" + nxt + arg + "}"), end
    if nxt.isascii() and nxt.isalpha():
        name = _LETTERS.match(text, i + 1).group()  # type: ignore[union-attr]
        end = i + 1 + len(name)
        if name in _UNSAFE_COMMANDS:
            return lone, i + 1  # its name follows as text
        if name in _ACCENT_WORDS:
            base = _accent_base(text, end, spaced=True)
            if base is not None:
                letter, arg, stop = base
                meaning = _marked(letter, _ACCENT_WORDS[name])
                return _Tok("accent", text[i:stop], meaning, "{\\" + name + arg + "}"), stop
        if name in _LETTER_SYMBOLS or name in _TEXT_SYMBOLS:
            stop = end
            if text.startswith("{}", stop):
                stop += 2
            elif text.startswith(" ", stop):
                stop += 1
            if name in _LETTER_SYMBOLS:
                return _Tok("letter", text[i:stop], _LETTER_SYMBOLS[name], "{\\" + name + "}"), stop
            return _Tok("symbol", text[i:stop], _TEXT_SYMBOLS[name], f"\\{name}{{}}"), stop
        if name == "url":
            address = _ESCAPED_URL_ARGUMENT.match(text, end)
            plain = unescaped_address(address.group(1)) if address is not None else ""
            if (
                address is not None
                and _URL_ARGUMENT.fullmatch(f"{{{plain}}}")
                and web_url(plain) == plain
            ):
                # a web address, as Better BibTeX writes one in howpublished: the url
                # package every bibliography with addresses loads sets it, verbatim, so
                # BibTeX's escapes in it (``b\\_c``, as the reader takes them) are undone
                written = f"\\url{{{plain}}}"
                return _Tok("command", text[i : address.end()], written, written), address.end()
        src = text[i:end]
        meaning = "" if name in _FORMATTING else src
        known = name in _FORMATTING or name in _TEXT_MARKUP or name in _ACCENT_WORDS
        # a command no LaTeX is sure to know is written as its name, as text
        return _Tok("command", src, meaning, src if known else _TEXT_ESCAPES["\\"] + name), end
    if nxt in _CONTROL_SYMBOLS:
        src = text[i : i + 2]
        return _Tok("command", src, _CONTROL_SYMBOLS[nxt], src), i + 2
    return lone, i + 1


#: what opens LaTeX's math written with a backslash, and what closes it
_MATH_OPENERS = {"\\(": "\\)", "\\[": "\\]"}


def _closing_paren(text: str, start: int, opened: str = "\\(") -> int | None:
    """Index of the ``\\)`` (or ``\\]``) that closes math ``opened`` by ``\\(`` (or
    ``\\[``) just before ``start``, if any."""
    for found in re.finditer(r"\\.", text[start:], re.DOTALL):
        if found.group() == _MATH_OPENERS[opened]:
            return start + found.start()
    return None


def _closing_display(text: str, start: int) -> int | None:
    """Index of the ``$$`` that closes display math opened by the ``$$`` at ``start``,
    if it holds math that can be written (:func:`_math_ok`) and no ``$`` of its own."""
    closing = _closing_dollar(text, start + 2)
    if closing is None or not text.startswith("$$", closing):
        return None
    return closing if _math_ok(text[start + 2 : closing]) else None


def _math_token(src: str, math: str) -> _Tok:
    """The token of math written ``src`` (``$a<b$``, ``\\(a<b\\)``), the same as
    ``$``-delimited ``math``: what it means (the source's shorthands as what they stand
    for; math that is only characters written as LaTeX, ``$\\beta$``, those characters:
    :func:`_unicode_of_math`) and how BibTeX output writes it (:func:`_math_command`,
    :func:`_unicode_math`)."""
    math = _unicode_math(math)
    meaning = _MATH_COMMAND.sub(_math_shorthand, spelled_commands_read(math))
    read = _unicode_of_math(meaning[1:-1])
    return _Tok(
        "math", src, meaning if read is None else read, _MATH_COMMAND.sub(_math_command, math)
    )


def _latex_tokens(text: str) -> list[_Tok]:
    """Split LaTeX text into tokens; unmatched braces become literal characters."""
    toks: list[_Tok] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\\":
            opened = text[i : i + 2]
            math_end = _closing_paren(text, i + 2, opened) if opened in _MATH_OPENERS else None
            inner = text[i + 2 : math_end] if math_end is not None else ""
            if math_end is not None and "$" not in inner and _math_ok(inner):
                # ``\(a<b\)``, LaTeX's inline math (and ``\[a<b\]``, its display
                # math): the ``$a<b$`` BibTeX styles know
                toks.append(_math_token(text[i : math_end + 2], f"${inner.strip()}$"))
                i = math_end + 2
                continue
            tok, i = _backslash_token(text, i)
            toks.append(tok)
        elif ch == "{":
            # ``{\'a}`` and ``{\o}``: the braces belong to the special character.
            if text.startswith("\\", i + 1):
                tok, end = _backslash_token(text, i + 1)
                if tok.kind in ("accent", "letter") and text.startswith("}", end):
                    toks.append(tok._replace(src=text[i : end + 1]))
                    i = end + 1
                    continue
            toks.append(_Tok("open", "{", "", "{"))
            i += 1
        elif ch == "}":
            toks.append(_Tok("close", "}", "", "}"))
            i += 1
        elif ch == "$":
            display = _closing_display(text, i) if text.startswith("$$", i) else None
            if display is not None:
                # ``$$a<b$$``, display math: the inline math it reads as in a line
                # (``$ x $``, spaces inside its dollars, would be read as two dollar signs)
                inline = f"${text[i + 2 : display].strip()}$"
                toks.append(_math_token(text[i : display + 2], inline))
                i = display + 2
                continue
            closing = _closing_dollar(text, i + 1)
            if closing is not None and _priced(text, i, closing):
                # "Cost $5 and $6": dollar signs, the second no end of math
                toks.append(_Tok("special", "$", "$", _TEXT_ESCAPES["$"]))
                i += 1
            elif closing is not None and _math_ok(text[i + 1 : closing]):
                math = text[i : closing + 1]
                toks.append(_math_token(math, math))
                i = closing + 1
            elif closing is not None and text[i + 1 : closing].strip():
                # math refused (a command in it acts, a raw %) is text between two
                # dollars: its closing dollar opens no math of what follows
                dollar = _Tok("special", "$", "$", _TEXT_ESCAPES["$"])
                toks.extend((dollar, *_latex_tokens(text[i + 1 : closing]), dollar))
                i = closing + 1
            else:
                toks.append(_Tok("special", "$", "$", _TEXT_ESCAPES["$"]))
                i += 1
        elif ch in _RAW_SPECIALS:
            toks.append(_Tok("special", ch, ch, _TEXT_ESCAPES[ch]))
            i += 1
        elif ch == " ":
            toks.append(_Tok("space", " ", " ", " "))
            i += 1
        else:
            run = _PLAIN_RUN.match(text, i).group()  # type: ignore[union-attr]
            toks.extend(_run_tokens(run, text))
            i += len(run)
    # Grouping braces must pair up; the others are literal braces.
    stack: list[int] = []
    for index, tok in enumerate(toks):
        if tok.kind == "open":
            stack.append(index)
        elif tok.kind == "close":
            if stack:
                stack.pop()
            else:
                toks[index] = _Tok("special", "}", "}", _TEXT_ESCAPES["}"])
    for index in stack:
        toks[index] = _Tok("special", "{", "{", _TEXT_ESCAPES["{"])
    return _math_joined(toks)


def _words(toks: list[_Tok]) -> list[list[_Tok]]:
    """Tokens grouped into words and single spaces, splitting only outside braces."""
    out: list[list[_Tok]] = []
    depth = 0
    for tok in toks:
        if tok.kind == "space" and depth == 0:
            out.append([tok])
            out.append([])
            continue
        if not out:
            out.append([])
        out[-1].append(tok)
        depth += {"open": 1, "close": -1}.get(tok.kind, 0)
    return [word for word in out if word]


def bibtex_escape(text: str, *, protect: Callable[[str], bool] | None = None) -> str:
    """``text`` (which may hold LaTeX) as the value of a BibTeX text field, no outer braces.

    LaTeX accents become ``{\\'a}``; escapes, text markup (:data:`_TEXT_MARKUP`),
    grouping braces and well-formed ``$…$`` math are kept; raw ``& % $ # _ ~ ^``, stray
    backslashes, unbalanced braces, the commands of :data:`_UNSAFE_COMMANDS` and, outside
    math, every other command are escaped; whitespace is collapsed. Greek letters, math
    symbols, scripts, ``ı`` and full-width forms, which pdflatex stops at, are LaTeX
    (``$\\beta$``, ``$^{2}$``, ``{\\i}``, ``F``). ``protect`` picks words (given as their
    plain text) to wrap in braces; words holding braces or math are left as they are.
    Dashes that make an arrow with an escaped ``<`` or ``>`` ("D0 --> K-") are kept
    apart (``-{}-\textgreater{}``): LaTeX would print ``--`` as an en dash.
    """
    if "ı" in text:
        text = _DOTLESS_MARKED.sub(_dotted_marked, text)
    return _arrows_apart(_render(_latex_tokens(_clean(_tags_as_latex(text))), protect=protect))


#: a dotless i under accents (``naı̈ve``, as PDFs give "ï" copied): the accents go on an
#: ``i``, the letter pdflatex reads (``ï``), where ``{\i}`` kept a combining mark it stops at
_DOTLESS_MARKED = re.compile("ı([\u0300-\u036f]+)")


def _dotted_marked(found: re.Match[str]) -> str:
    return unicodedata.normalize("NFC", "i" + found.group(1))


#: a run of dashes before ``\textgreater{}`` or after ``\textless{}`` (an arrow)
_ARROW_DASHES = re.compile(r"-{2,}(?=\\textgreater\{\})|(?<=\\textless\{\})-{2,}")


def _arrows_apart(written: str) -> str:
    """``written`` (BibTeX text) with the dashes of each arrow apart, ``-{}-`` for
    ``--``: before ``\\textgreater{}`` LaTeX prints ``--`` as an en dash ("–>")."""
    if "--" not in written:
        return written
    return _ARROW_DASHES.sub(lambda found: "{}".join(found.group()), written)


#: MathML a page or a Crossref title leaves in the text (``<math><mi>x</mi></math>``,
#: ``<mml:math xmlns:mml="…">``), whole: a ``math`` element with what it holds
_MATHML = re.compile(r"(?is)<((?:[a-z]+:)?math)\b[^<>]*>.*?</\1\s*>")
_MATHML_PREFIX = re.compile(r"(?i)<(/?)[a-z]+:")
_HTML_ENTITY = re.compile(r"&(?!(?:lt|gt|amp|quot|apos|#\d+|#x[\da-fA-F]+);)\w+;")
_BARE_AMP = re.compile(r"&(?!(?:lt|gt|amp|quot|apos|#\d+|#x[\da-fA-F]+);)")
_BARE_LT = re.compile(r"<(?![/A-Za-z])")
_MATHML_NAMESPACES = re.compile(r"(?i)\s+xmlns(?::[a-z]+)?\s*=\s*(\"[^\"]*\"|'[^']*')")


#: the marks ``mover`` sets over a letter as an accent, by the LaTeX accent they are
_MATHML_ACCENTS = {
    "^": "hat", "\u02c6": "hat", "\u0302": "hat", "~": "tilde", "\u02dc": "tilde",
    "\u0303": "tilde", "\u00af": "bar", "\u203e": "bar", "\u0304": "bar", "_": "bar",
    "\u2192": "vec", "\u20d7": "vec", "\u02d9": "dot", "\u0307": "dot", ".": "dot",
}  # fmt: skip


@cache
def _math_names() -> dict[str, str]:
    """The LaTeX command of a character math writes as one (``α`` → ``\\alpha``,
    ``≤`` → ``\\leq``), the first of its names the reader knows."""
    from tuireader.render import textrender as shown

    names: dict[str, str] = {}
    for table in (shown.GREEK, shown.SYMBOLS):
        for name, char in table.items():
            if len(char) == 1 and not char.isascii():
                names.setdefault(char, "\\" + name)
    names["\u2212"] = "-"  # MathML's minus sign
    return names


#: characters of the reader's math tables that pdflatex prints in text as they are
#: (LaTeX's UTF-8 input declares them): in text they stay as written
_TEXT_AS_WRITTEN = frozenset("·•⟨⟩‖…†‡§¶°")
#: the math of characters whose command in the reader's tables needs a package
#: (amssymb, mathtools, gensymb) in a form LaTeX's kernel knows, and of those the
#: tables do not name (the lunate epsilon, LaTeX's own ``\\epsilon``); the open phi
#: (U+03C6), as Unicode's math fonts draw it, is ``\\varphi`` (``\\phi`` draws ϕ)
_KERNEL_MATH = {
    "⟹": "\\Longrightarrow", "∄": "\\not\\exists", "◁": "\\triangleleft",
    "▷": "\\triangleright", "√": "\\surd", "°": "^{\\circ}", "‖": "\\|",
    "ε": "\\varepsilon", "ϵ": "\\epsilon", "φ": "\\varphi",
}  # fmt: skip
#: commands of the reader's math tables only a package defines, none in the kernel
#: (and ``o`` for an omicron, ``:=`` for ``≔``, which would not read back as written):
#: their characters are left as written
_PACKAGE_MATH = frozenset(
    "varkappa subsetneq lesssim gtrsim triangleq square checkmark omicron coloneqq".split()  # noqa: SIM905
)
#: letters pdflatex knows only as commands (``{\\i}``), in text
_TEXT_LETTERS = {"ı": "{\\i}", "ȷ": "{\\j}"}
#: full-width forms, read as the ASCII they stand for (NFKC)
_FULL_WIDTH = re.compile("[\uff01-\uff5e]+")
#: scripts a full-width form belongs with (Chinese, Japanese, Korean), where it stays
_CJK = re.compile("[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")
_COMMAND_END = re.compile(r"\\[A-Za-z]+$")


@cache
def _unicode_math_forms() -> dict[str, str]:
    """The math of each character pdflatex's UTF-8 input does not know in math, or
    knows only as text (``β`` → ``\\beta``, ``≤`` → ``\\leq``, ``²`` → ``^{2}``): the
    reader's own tables (:func:`_math_names`, ``SUPERSCRIPTS``, ``SUBSCRIPTS``) read
    the other way."""
    from tuireader.render import textrender as shown

    forms = {
        char: name
        for char, name in _math_names().items()
        if name.lstrip("\\") not in _PACKAGE_MATH and char not in _KERNEL_MATH
    }
    forms.update(_KERNEL_MATH)
    for mark, table in (("^", shown.SUPERSCRIPTS), ("_", shown.SUBSCRIPTS)):
        for plain, char in table.items():
            if char != plain and char not in forms:
                forms[char] = f"{mark}{{{forms.get(plain, plain)}}}"
    return forms


@cache
def _unicode_text_run() -> re.Pattern[str]:
    """A run of characters text writes as math (``β``, ``≤``, ``x²``'s ``²``), a
    letter written as a command (``ı``), or a run of full-width forms."""
    chars = sorted(set(_unicode_math_forms()) - _TEXT_AS_WRITTEN - set(_TEXT_LETTERS))
    math = "".join(re.escape(char) for char in chars)
    letters = "".join(_TEXT_LETTERS)
    return re.compile(f"([{math}]+)|([{letters}])|({_FULL_WIDTH.pattern})")


def _math_written(pieces: Iterable[tuple[str, bool]]) -> str:
    """Math of ``pieces``, each written as it is and whether it was a character's form
    (:func:`_unicode_math_forms`): a space between such a command and a letter after it
    (``\\alpha x``), and a run of scripts as one (``²³`` → ``^{23}``)."""
    out, script, converted_before = "", "", False
    for piece, converted in pieces:
        mark = piece[0] if converted and piece[1:2] == "{" and piece[0] in "^_" else ""
        spaced = (converted or converted_before) and piece[:1].isalpha()
        if mark and mark == script:
            inner = piece[2:]
            space = " " if _COMMAND_END.search(out[:-1]) and inner[:1].isalpha() else ""
            out = out[:-1] + space + inner  # x²³: one superscript
            continue
        if spaced and _COMMAND_END.search(out):
            out += " "
        out += piece
        script, converted_before = mark, converted
    return out


def _unicode_math(math: str) -> str:
    """``$…$`` math with the characters pdflatex does not know in math written as
    LaTeX (``$α ≤ 1$`` → ``$\\alpha \\leq 1$``, full-width forms as their ASCII)."""
    if math.isascii():
        return math
    forms = _unicode_math_forms()
    pieces: list[tuple[str, bool]] = []
    for char in math:
        if char in forms:
            pieces.append((forms[char], True))
        elif _FULL_WIDTH.match(char):
            pieces.append((unicodedata.normalize("NFKC", char), True))
        else:
            pieces.append((char, False))
    return _math_written(pieces)


@cache
def _unicode_math_read() -> tuple[re.Pattern[str], dict[str, str]]:
    """What reads :func:`_unicode_math_forms`' math back: a pattern of one form (a
    command, ``^{\\circ}``) or one run of scripts (``^{23}``), and the character of each
    form; a script of the tables is read by what it holds, and a form that is no command
    (``-`` of ``−``) is none."""
    chars: dict[str, str] = {}
    for char, form in _unicode_math_forms().items():
        if form.startswith("\\") or form in _KERNEL_MATH.values():
            chars.setdefault(form, char)
    commands = "|".join(re.escape(form) for form in sorted(chars, key=len, reverse=True))
    pattern = re.compile(rf"(?:{commands})(?![A-Za-z])|([\^_])\{{((?:\\[A-Za-z]+|[^{{}}\\])+)\}}")
    return pattern, chars


def _unicode_of_math(inner: str) -> str | None:
    """The characters math written wholly as :func:`_unicode_math_forms` gives them
    stands for (``\\alpha\\leq\\beta`` → ``α≤β``, ``^{23}`` → ``²³``, ``-`` → ``−``), so
    a citation reads back as the text it was made of; None for any other math."""
    if inner == "-":
        return "\u2212"
    from tuireader.render import textrender as shown

    pattern, chars = _unicode_math_read()
    out, at = "", 0
    while at < len(inner):
        found = pattern.match(inner, at)
        if found is None:
            return None
        mark, script = found.group(1), found.group(2)
        if mark:
            table = shown.SUPERSCRIPTS if mark == "^" else shown.SUBSCRIPTS
            for piece in re.findall(r"\\[A-Za-z]+|.", script):
                plain = chars.get(piece, piece)
                if plain not in table or table[plain] == plain:
                    return None
                out += table[plain]
        else:
            out += chars[found.group()]
        at = found.end()
        if inner.startswith(" ", at) and inner[at + 1 : at + 2].isalpha():
            at += 1
    return out or None


def _greek_text(text: str, start: int, end: int) -> bool:
    """Whether the letters ``text[start:end]`` are of a word written in Greek, two
    letters or more and all Greek ("Παπαδόπουλος", "Νικολάου"): text, not a Greek letter
    used as a symbol (``β-VAE``, ``α``), which math writes."""
    if not text[start:end].isalpha():
        return False
    while start and text[start - 1].isalpha():
        start -= 1
    while end < len(text) and text[end].isalpha():
        end += 1
    word = text[start:end]
    return len(word) >= 2 and all(unicodedata.name(char, "").startswith("GREEK") for char in word)


def _run_tokens(run: str, text: str) -> list[_Tok]:
    """A run of plain text as tokens: what pdflatex cannot read as it is in text
    (Greek letters, math symbols, sub- and superscripts, ``ı``, full-width forms)
    written as the LaTeX that reads the same (``$\\beta$``, ``$_{2}$``, ``{\\i}``,
    ``F``); what it means is the text as written, but for a full-width form, its ASCII."""
    if run.isascii():
        return [_Tok("text", run, run, run)]
    toks: list[_Tok] = []
    start = 0
    for found in _unicode_text_run().finditer(run):
        math, letter, wide = found.groups()
        if wide and _CJK.search(text):
            continue  # a full-width form among Chinese or Japanese stays as it is
        if math and _greek_text(run, found.start(), found.end()):
            continue  # a word in Greek ("Παπαδόπουλος") is text, as Cyrillic is
        if found.start() > start:
            plain = run[start : found.start()]
            toks.append(_Tok("text", plain, plain, plain))
        if math:
            forms = _unicode_math_forms()
            written = _math_written((forms[char], True) for char in math)
            toks.append(_Tok("math", math, math, f"${written}$"))
        elif letter:
            toks.append(_Tok("letter", letter, letter, _TEXT_LETTERS[letter]))
        else:
            for char in wide:
                ascii_char = unicodedata.normalize("NFKC", char)
                if ascii_char in _TEXT_ESCAPES:
                    toks.append(_Tok("special", char, ascii_char, _TEXT_ESCAPES[ascii_char]))
                elif toks and toks[-1].kind == "text" and not toks[-1].src.isascii():
                    last = toks[-1]
                    toks[-1] = _Tok(
                        "text", last.src + char, last.meaning + ascii_char, last.canon + ascii_char
                    )
                else:
                    toks.append(_Tok("text", char, ascii_char, ascii_char))
        start = found.end()
    if start < len(run):
        plain = run[start:]
        toks.append(_Tok("text", plain, plain, plain))
    return toks


def text_math_as_latex(text: str) -> str:
    """``text``, BibTeX text whose own ``$``, backslashes and braces are escaped (an
    export's abstract), with what pdflatex stops at written as a citation writes it:
    Greek letters and math symbols as math (``β`` → ``$\\beta$``, ``≤`` → ``$\\leq$``,
    ``x²`` → ``x$^{2}$``) and ``ı``, ``ȷ`` as ``{\\i}``, ``{\\j}``; the rest, full-width
    forms too, as written. :func:`text_math_read` reads it back."""
    if text.isascii():
        return text
    out: list[str] = []
    start = 0
    forms = _unicode_math_forms()
    for found in _unicode_text_run().finditer(text):
        math, letter, _ = found.groups()
        if not (math or letter) or (math and _greek_text(text, found.start(), found.end())):
            continue
        out.append(text[start : found.start()])
        if math:
            out.append(f"${_math_written((forms[char], True) for char in math)}$")
        else:
            out.append(_TEXT_LETTERS[letter])
        start = found.end()
    out.append(text[start:])
    return "".join(out)


#: the letters :func:`text_math_as_latex` writes as commands, by what it writes
_TEXT_LETTERS_READ = {written: letter for letter, written in _TEXT_LETTERS.items()}


def text_math_read(written: str) -> str | None:
    """The characters one piece :func:`text_math_as_latex` wrote stands for: ``$…$``
    (``$\\beta$`` → ``β``) or ``{\\i}`` (``ı``); None for anything else."""
    if written in _TEXT_LETTERS_READ:
        return _TEXT_LETTERS_READ[written]
    if len(written) > 2 and written[0] == written[-1] == "$":
        return _unicode_of_math(written[1:-1])
    return None


def _math_joined(toks: list[_Tok]) -> list[_Tok]:
    """``toks`` with math written from Unicode joined to math right beside it
    (``$x$β``: ``$x\\beta$``): ``$x$$\\beta$`` would read as display math."""
    out: list[_Tok] = []
    for tok in toks:
        before = out[-1] if out else None
        if (
            before is not None
            and before.kind == tok.kind == "math"
            and not (before.src.startswith(("$", "\\")) and tok.src.startswith(("$", "\\")))
        ):
            head, tail = before.canon[:-1], tok.canon[1:]
            space = " " if _COMMAND_END.search(head) and tail[:1].isalpha() else ""
            joined = _math_token(head + space + tail, head + space + tail)
            out[-1] = joined._replace(src=before.src + tok.src)
        else:
            out.append(tok)
    return out


def _mathml_latex(node: ElementTree.Element) -> str:
    """One MathML element as LaTeX math: tokens (``mi``, ``mn``, ``mo``, ``mtext``),
    scripts (``msub``, ``msup``, ``msubsup``), ``mfrac``, ``msqrt``, ``mfenced``,
    ``mover`` and ``munder`` (an accent, ``\\hat{x}``, else a script); the children of any other
    element one after another, and a TeX annotation (``annotation
    encoding="application/x-tex"``) as it is written."""
    tag = node.tag.rsplit("}", 1)[-1].lower()
    kids = [child for child in node if child.tag.rsplit("}", 1)[-1].lower() != "annotation-xml"]
    text = " ".join((node.text or "").split())
    parts = [_mathml_latex(child) for child in kids]
    if tag == "annotation":
        return text if "tex" in (node.get("encoding") or "").lower() else ""
    if tag == "semantics":
        tex = [
            part
            for child, part in zip(kids, parts, strict=True)
            if child.tag.endswith("annotation") and part
        ]
        return tex[0] if tex else (parts[0] if parts else "")
    if tag in ("mi", "mn", "mo"):
        letters = "".join(_math_names().get(ch, ch) for ch in text)
        if tag == "mi" and len(text) > 1 and text.isalpha():
            return f"\\mathrm{{{text}}}"
        return letters + (" " if letters.startswith("\\") and letters[-1].isalpha() else "")
    if tag == "mtext":
        return f"\\text{{{text}}}" if text else ""
    if tag == "mspace":
        return "\\ "
    if tag in ("msub", "msup", "msubsup") and len(parts) >= 2:
        marks = {"msub": ("_",), "msup": ("^",), "msubsup": ("_", "^")}[tag]
        return (
            "{"
            + parts[0]
            + "}"
            + "".join(f"{mark}{{{part}}}" for mark, part in zip(marks, parts[1:], strict=False))
        )
    if tag == "mfrac" and len(parts) == 2:
        return f"\\frac{{{parts[0]}}}{{{parts[1]}}}"
    if tag == "mfenced":
        opening, closing = node.get("open", "("), node.get("close", ")")
        fences = {"{": "\\{", "}": "\\}"}
        inner = (node.get("separators") or ",")[:1].join(parts)
        return fences.get(opening, opening) + inner + fences.get(closing, closing)
    if tag in ("mover", "munder") and len(parts) == 2:
        mark = "".join(kids[1].itertext()).strip()
        if tag == "mover" and mark in _MATHML_ACCENTS:
            return f"\\{_MATHML_ACCENTS[mark]}{{{parts[0]}}}"
        # a limit's range under it, a sum's bound over it: as LaTeX's scripts
        return "{" + parts[0] + "}" + ("^" if tag == "mover" else "_") + "{" + parts[1] + "}"
    if tag in ("msqrt", "mroot"):
        return f"\\sqrt{{{''.join(parts[:1] if tag == 'mroot' else parts)}}}"
    # any other element (mrow, mstyle, …): what it holds, in order
    tails = [" ".join((child.tail or "").split()) for child in kids]
    return text + "".join(part + tail for part, tail in zip(parts, tails, strict=True))


def mathml_as_latex(text: str) -> str:
    """``text`` with its MathML as the LaTeX math that reads the same
    (``<math><msub><mi>L</mi><mn>2</mn></msub></math>`` → ``${L}_{2}$``), as a paper
    writes math in a title: a bibliography would print the tags as they are. MathML that
    does not parse, or whose LaTeX BibTeX could not hold, is its text without the tags."""
    if "math" not in text or "<" not in text:
        return text

    def latex(found: re.Match[str]) -> str:
        xml = _MATHML_NAMESPACES.sub("", _MATHML_PREFIX.sub(r"<\1", found.group()))
        # as XML: HTML's entities as their characters ("&alpha;"), and a "<" or "&" the
        # list unescaped ("<mo><</mo>") escaped again
        xml = _HTML_ENTITY.sub(lambda entity: html.unescape(entity.group()), xml)
        xml = _BARE_LT.sub("&lt;", _BARE_AMP.sub("&amp;", xml))
        try:
            math = _mathml_latex(ElementTree.fromstring(xml)).strip()
        except (ElementTree.ParseError, RecursionError):  # RecursionError: nested past reading
            math = ""
        if math and _math_ok(math) and "$" not in math:
            return f"${math}$"
        return " ".join(html.unescape(re.sub(r"<[^<>]*>", " ", found.group())).split())

    return _MATHML.sub(latex, text)


def _tags_as_latex(text: str) -> str:
    """``text`` with the rich text a scraper or a CSL-JSON title leaves in it (``<i>in
    vivo</i>``, ``H<sub>2</sub>O``) as the LaTeX that reads the same
    (``\\textit{in vivo}``, ``H\\textsubscript{2}O``), as the reader shows it: a
    bibliography prints the tags as they are, and a style cannot parse them. So are the
    HTML entities the reader shows as characters (``&amp;``, ``&lt;``, ``&nbsp;``: a list
    that escaped its titles twice), which BibTeX printed as written (``\\&amp;``)."""
    text = mathml_as_latex(text)
    if "</" not in text and "&" not in text:
        return text
    from tuireader.render.textrender import csl_markup, named_entities

    return named_entities(csl_markup(text) if "</" in text else text)


def _render(
    toks: list[_Tok], *, protect: Callable[[str], bool] | None = None, keep: bool = False
) -> str:
    """Tokens as BibTeX text; ``keep`` writes accents and letters as the source did."""

    def write(tok: _Tok) -> str:
        return _written(tok, keep)

    if protect is None:
        return "".join(write(tok) for tok in toks)
    out: list[str] = []
    for word in _words(toks):
        text = "".join(write(tok) for tok in word)
        plain = "".join(tok.meaning for tok in word)
        if (
            plain.strip()
            and not any(tok.kind in ("open", "close", "math") for tok in word)
            and protect(plain)
        ):
            text = "{" + text + "}"
        out.append(text)
    return "".join(out)


def _written(tok: _Tok, keep: bool) -> str:
    """One token as BibTeX text; ``keep`` writes accents and letters as the source did."""
    if keep and tok.kind in ("accent", "letter", "symbol") and tok.src.isascii():
        return tok.canon if _BARE_STACKED.search(tok.src) else tok.src
    if keep and tok.kind == "special" and tok.src == "~":
        return "~"  # a tie, in a source that writes LaTeX
    return tok.canon


_LATEX_MARKS = re.compile(r"[\\{}$]")


def bibtex_unescape(text: str) -> str:
    """What a BibTeX text value means: escapes and accents become characters, grouping
    braces and formatting commands go, math and other commands stay as written."""
    if not _LATEX_MARKS.search(text):
        return text
    return "".join(tok.meaning for tok in _latex_tokens(text))


#: a LaTeX accent (``\\"o``, ``\\'{e}``, ``\\v{s}``) or letter (``{\\o}``, ``\\ss``) may be in the text.
_ACCENT_OR_LETTER = re.compile(
    r"\\[\"'`^~=.]|\\[uvHckrdb]\s*\{|\\(?:ss|aa|AA|ae|AE|oe|OE|dh|DH|th|TH|dj|DJ|ng|NG|[oOlLij])(?![A-Za-z])"
)


def latex_letters(text: str) -> str:
    """``text`` with its LaTeX accents and letters as the characters they stand for
    (``H\\"{o}lderian`` → "Hölderian", ``Gr{\\o}tli`` → "Grøtli") and the rest as written:
    what the search reads, so that a word is found as it is shown."""
    if "\\" not in text or not _ACCENT_OR_LETTER.search(text):
        return text
    decoded = ("accent", "letter")
    return "".join(tok.meaning if tok.kind in decoded else tok.src for tok in _latex_tokens(text))


def latex_to_unicode(text: str) -> str:
    """``text`` with LaTeX accents and letters in Unicode and grouping braces dropped.

    Math, escapes (``\\&``) and other commands are left for the display renderer.
    """
    out = []
    for tok in _latex_tokens(text):
        decoded = tok.kind in ("accent", "letter", "open", "close") or (
            tok.kind == "symbol" and tok.meaning not in "\\{}$"
        )
        if decoded:
            out.append(tok.meaning)
        else:
            out.append(tok.src)
    return "".join(out)


#: a citation asks for its title's plain text several times (its ordinary words, its
#: names joined by hyphens), and for its authors' names: each is worked out once
@lru_cache(maxsize=256)
def _plain(text: str) -> str:
    """Readable text for the non-LaTeX formats (``$\\alpha$`` → ``α``, ``\\'a`` → ``á``)."""
    from tuireader.render.textrender import display_title

    return _clean(display_title(_clean(mathml_as_latex(text))))


def _braces_balanced(value: str) -> bool:
    """Braces balance both the way BibTeX counts them and the way bibtexparser does."""
    depth_all = depth = 0
    for i, ch in enumerate(value):
        if ch not in "{}":
            continue
        step = 1 if ch == "{" else -1
        depth_all += step
        if i == 0 or value[i - 1] != "\\":
            depth += step
        if depth_all < 0 or depth < 0:
            return False
    return depth_all == 0 and depth == 0


def _is_inner_capital_word(word: str) -> bool:
    """A capital after the first character of a word part: ``LLM``, ``PyTorch``, ``3D``."""
    for part in re.split(r"[-/]", word):
        part = part.strip(string.punctuation + "\u2018\u2019\u201c\u201d")
        if any(ch.isupper() for ch in part[1:]):
            return True
    return False


_SENTENCE_END = re.compile(r"[:.?!]$")


def _case_counts(words: list[str]) -> tuple[int, int]:
    """(lower case, capitalised) content words of ``words``, the first and those after a
    sentence's end left out."""
    content = [
        word.strip(string.punctuation)
        for index, word in enumerate(words)
        if index and not _SENTENCE_END.search(words[index - 1])
    ]
    content = [w for w in content if len(w) >= 4 and w.isalpha() and w.lower() not in _STOP_WORDS]
    lower = sum(word[0].islower() for word in content)
    return lower, len(content) - lower


def _is_sentence_case(words: list[str]) -> bool:
    """Whether most content words after a title's first are lower case."""
    lower, upper = _case_counts(words)
    return bool(lower + upper) and lower >= upper


def _sentence_case_parts(words: list[str]) -> list[bool]:
    """For each of a title's words, whether the capital rule of a title in sentence case
    holds where it stands: in a title in sentence case, except in a part (between colons
    and sentence ends) that capitalises every content word it has, two or more. Such a
    title sets its head in title case ("Practical Reinforcement Learning For MPC:
    Learning from sparse objectives"), and bracing "Reinforcement" there would keep a
    capital the source gave every word, not a name's."""
    if not _is_sentence_case(words):
        return [False] * len(words)
    flags: list[bool] = []
    start = 0
    for index, word in enumerate(words):
        if _SENTENCE_END.search(word) or index == len(words) - 1:
            lower, upper = _case_counts(words[start : index + 1])
            flags.extend([lower > 0 or upper < 2] * (index + 1 - start))
            start = index + 1
    return flags


#: a word of running text (letters, apostrophes and hyphens inside it), a number, or one
#: other character
_PROSE_TOKEN = re.compile(r"[^\W\d_][\w'\u2019-]*|\d[\w.-]*|[^\w\s]")
#: marks of emphasis a name may stand inside (``*Gaussian*``)
_EMPHASIS = frozenset("*_`~")
#: what a word after which the next begins a sentence, a quotation or a parenthesis is
_OPENERS = frozenset(".!?:;\"(\u201c'\u2018[\u2014-")


@lru_cache(maxsize=64)
def _prose_tokens(text: str) -> tuple[str, ...]:
    """The words and marks of ``text`` (:data:`_PROSE_TOKEN`): a citation reads its
    abstract for names, common words, names joined by hyphens and names of several
    words, and splits it once."""
    return tuple(_PROSE_TOKEN.findall(text))


def _prose_neighbour(toks: Sequence[str], index: int, step: int) -> str:
    """What stands next to ``toks[index]`` in direction ``step`` (-1 or 1), past marks of
    emphasis, commas and lower-case stop words: "capital" (a word with a capital, or a
    parenthesis: a run of capitalised words with its acronym), "start" (the text begins,
    or a sentence, a quotation … does, looking back) or "lower"."""
    at = index + step
    while 0 <= at < len(toks):
        tok = toks[at]
        if tok in _EMPHASIS or tok == "," or (tok.islower() and tok in _STOP_WORDS):
            at += step
            continue
        if tok in ("(", ")") or (tok[0].isalpha() and any(ch.isupper() for ch in tok)):
            return "capital"
        if step < 0 and tok in _OPENERS:
            return "start"
        return "lower"
    return "start" if step < 0 else "lower"


def _mid_sentence(toks: Sequence[str], index: int) -> bool:
    """Whether ``toks[index]`` stands in mid-sentence: after a word, past marks of
    emphasis, where no sentence, quotation or parenthesis begins (:data:`_OPENERS`) and
    the text does not: a capital there is the word's own, not the sentence's."""
    before = index - 1
    while before >= 0 and toks[before] in _EMPHASIS:
        before -= 1
    return before >= 0 and toks[before] not in _OPENERS


def _name_shaped(word: str) -> bool:
    """A capitalised word in lower case after its capital ("Gaussian", "H"), or names so
    written joined by hyphens ("Fokker-Planck").

    Asked of every word of every abstract an export cites (twenty million words in a
    100,000-paper export), most of them in lower case: a word that does not begin with
    a capital is told at once, and one without a hyphen without splitting it."""
    if not word[:1].isupper():
        return False
    if "-" not in word:
        return word.isalpha() and (word[1:].islower() or not word[1:])
    return all(
        part.isalpha() and part[0].isupper() and (part[1:].islower() or not part[1:])
        for part in word.split("-")
    )


#: a citation asks for its abstract's names twice (its title's evidence, the library's
#: ordinary words): the abstract is read for them once
@lru_cache(maxsize=64)
def _abstract_names(abstract: str) -> frozenset[str]:
    """Capitalised words ``abstract`` writes as names: in mid-sentence, among words in
    lower case ("a Gaussian process", "the Hessian of", "the Fokker-Planck equation"),
    and never in lower case. A word capitalised next to others ("Optimal Transport
    (OT)", "Necessity and Sufficiency"), at a sentence's start or a quotation's is a
    method's spelt-out acronym or the sentence's, not a name, and is no evidence. Names
    that a title in title case capitalises with its other words are told from these
    ("Actively Learning Gaussian Process Dynamics": only "Gaussian" stays capitalised in
    a style's sentence case)."""
    if not abstract:
        return frozenset()
    toks = _prose_tokens(abstract)
    lower = {tok.lower() for tok in toks if tok[0].islower()}
    names = set()
    for index, tok in enumerate(toks):
        if not _name_shaped(tok):
            continue
        if tok.lower() in lower or tok.lower() in _STOP_WORDS or tok in names:
            continue
        if not _mid_sentence(toks, index):
            continue
        if _prose_neighbour(toks, index, -1) == "lower" and (
            _prose_neighbour(toks, index, 1) == "lower"
        ):
            names.add(tok)
    return frozenset(names)


def _abstract_common(abstract: str) -> frozenset[str]:
    """Words ``abstract`` writes in lower case and never capitalises but at a sentence's
    start: common words, though a title in sentence case capitalises one."""
    if not abstract:
        return frozenset()
    toks = _prose_tokens(abstract)
    lower = {tok for tok in toks if tok[0].islower()}
    capitalised = set()
    for index, tok in enumerate(toks):
        if tok[0].isupper() and _mid_sentence(toks, index):
            capitalised.add(tok.lower())
    return frozenset(lower - capitalised)


def _abstract_compounds(abstract: str) -> frozenset[str]:
    """Capitalised words joined by hyphens that ``abstract`` writes in mid-sentence and
    never in lower case, neither whole nor any of their words ("the recursive
    Newton-Euler Algorithm (RNEA)"): the shape of names joined (Fokker-Planck,
    Bose-Einstein), though beside other capitalised words, as a spelt-out acronym
    stands, :func:`_abstract_names` takes none for a name. Words of one letter are none."""
    if not abstract or "-" not in abstract:
        return frozenset()
    toks = _prose_tokens(abstract)
    lower = {tok.lower() for tok in toks if tok[0].islower()}
    lower |= {part for tok in lower for part in tok.split("-")}
    found = set()
    for index, tok in enumerate(toks):
        parts = tok.split("-")
        if len(parts) < 2 or not _name_shaped(tok) or any(len(part) < 2 for part in parts):
            continue
        if tok.lower() in lower or any(part.lower() in lower for part in parts):
            continue
        if _mid_sentence(toks, index):
            found.add(tok)
    return frozenset(found)


#: the fewest papers a library must hold for the words none of them writes in lower
#: case to tell a name (see :func:`_compound_names`): a few papers write few words at all
_COMPOUND_PAPERS = 20


def _compound_names(
    title: str, abstract: str, library: Library | Iterable[Paper] | None
) -> frozenset[str]:
    """The names joined by a hyphen of ``title`` that its abstract writes as names
    (:func:`_abstract_compounds`) and that the library's papers never write in lower
    case, neither whole nor any of its words: "Newton-Euler", "Frank-Wolfe",
    "Ornstein-Uhlenbeck", not "Multi-Armed" or "Actor-Critic" (CoRL 2023 writes
    "actor-critic" twice, "Actor-Critic" five times). Without a library, or with one of
    fewer than :data:`_COMPOUND_PAPERS` papers, there is no telling them apart: none."""
    if library is None:
        return frozenset()
    found = _abstract_compounds(abstract) & set(_PROSE_TOKEN.findall(_plain(title)))
    if isinstance(library, Library):
        papers: Sequence[Paper] = library.papers
    else:  # a tuple is counted once (see :func:`_word_usage`)
        papers = library if isinstance(library, tuple) else list(library)
    if not found or len(papers) < _COMPOUND_PAPERS:
        return frozenset()
    words = {word.lower() for name in found for word in (name, *name.split("-"))}
    usage = _word_usage(library if isinstance(library, Library) else papers, words)
    return frozenset(
        name
        for name in found
        if not any(usage[word.lower()][0] for word in (name, *name.split("-")))
    )


def _title_evidence(
    paper: Paper, ordinary: frozenset[str], compounds: frozenset[str] = frozenset()
) -> tuple[frozenset[str], frozenset[str]]:
    """What tells :func:`_protected_title` a name from a word, for ``paper``'s title: the
    names its abstract writes (:func:`_abstract_names`) and the words it writes in lower
    case (:func:`_abstract_common`), the library's ordinary words among both taken for
    words (:func:`_ordinary_words`), but for those the abstract capitalises as part of a
    name of several words (:func:`_abstract_phrases`: "the Human Connectome Project");
    and names joined by a hyphen (:func:`_compound_names`: "Newton-Euler") are names."""
    names = _abstract_names(paper.abstract) | compounds
    common = _abstract_common(paper.abstract)
    ordinary = ordinary - _abstract_phrases(paper.abstract) if ordinary else ordinary
    if ordinary:
        names = frozenset(name for name in names if name.lower() not in ordinary)
        common = common | ordinary
    return names, common


def _abstract_phrases(abstract: str) -> frozenset[str]:
    """Words (lower-cased) ``abstract`` capitalises in mid-sentence beside another
    capitalised word, as a name of several words is written ("the NIH-funded Human
    Connectome Project (HCP)", "Virtual Reference Feedback Tuning (VRFT)", "the Mock
    LISA Data Challenges"): though each is an ordinary word, together they name one
    thing, and a title that capitalises them keeps them so. An acronym beside a word
    ("DP Transformer") makes no such name, nor does a word at a sentence's start."""
    if not abstract:
        return frozenset()
    toks = _prose_tokens(abstract)

    def neighbour(index: int, step: int) -> str:
        at = index + step
        while 0 <= at < len(toks) and (
            toks[at] in _EMPHASIS or (toks[at].islower() and toks[at] in _STOP_WORDS)
        ):
            at += step
        return toks[at] if 0 <= at < len(toks) else ""

    found = set()
    for index, tok in enumerate(toks):
        if not _name_shaped(tok) or len(tok) < 2:
            continue
        if not _mid_sentence(toks, index):
            continue
        beside = (neighbour(index, -1), neighbour(index, 1))
        if any(len(word) > 1 and _name_shaped(word) for word in beside):
            found.add(tok.lower())
    return frozenset(found)


#: the fewest times the library's papers must write a word in lower case, and the
#: share of its uses in running text (lower case, or capitalised in mid-sentence) they
#: must make, for the word to be an ordinary word in their field, not a name
_ORDINARY_LOWER = 3
_ORDINARY_SHARE = 1 / 3
#: passes over a library's text for a few words each before the next reads every word
#: of it once: a copy or two count the words of their titles alone (a pass over 100,000
#: papers' text), an export or a reader's many copies count every word once
_PASSES_BEFORE_ALL = 2


@dataclass
class _Usage:
    """The uses counted so far in one library (see :func:`_word_usage`)."""

    counts: dict[str, tuple[int, int]]
    passes: int = 0
    every_word: bool = False


#: the library whose word use was last asked for, and its uses counted so far
_LIBRARY_USAGE: list[tuple[object, _Usage]] = []
#: the most papers of a library whose words are counted, evenly spread over it: shares
#: of uses need no more, and a copy in a library of 100,000 papers costs what one in a
#: conference's costs
_USAGE_PAPERS = 4000


def _library_usage(library: Library | tuple[Paper, ...]) -> _Usage:
    """The uses counted so far in ``library`` (none in another than the last one)."""
    for cached, usage in _LIBRARY_USAGE:
        if cached is library:
            return usage
    usage = _Usage({})
    _LIBRARY_USAGE[:] = [(library, usage)]
    return usage


def _count_every_word_next(library: Library | tuple[Paper, ...]) -> None:
    """Have the next words asked of ``library`` counted with every other word at once
    (see :func:`_word_usage`): a run of many citations (an export, ``cite`` of many
    papers) asks for the words of many titles, and one pass over the library's text
    counts them all."""
    usage = _library_usage(library)
    usage.passes = max(usage.passes, _PASSES_BEFORE_ALL)


def _count_usage(
    papers: Iterable[Paper], words: frozenset[str] | None = None
) -> dict[str, tuple[int, int]]:
    """How the papers write each word (lower-cased), of ``words`` or of all: how often in
    lower case (in titles and abstracts), and how often capitalised in an abstract's
    mid-sentence, where a sentence or a quotation does not begin (a title capitalises its
    words anyway). With ``words`` only the papers whose text holds one of them are split
    into words."""
    lower: Counter[str] = Counter()
    capital: Counter[str] = Counter()
    for paper in papers:
        title = paper.title or ""
        abstract = paper.abstract or ""
        if words is not None:
            text = f"{title}\n{abstract}".lower()
            if not any(word in text for word in words):
                continue
        lower.update(tok for tok in _PROSE_TOKEN.findall(title) if tok[0].islower())
        toks = _PROSE_TOKEN.findall(abstract)
        for index, tok in enumerate(toks):
            if tok[0].islower():
                lower[tok] += 1
            elif _name_shaped(tok) and _mid_sentence(toks, index):
                capital[tok.lower()] += 1
    counted = words if words is not None else lower.keys() | capital.keys()
    return {word: (lower[word], capital[word]) for word in counted}


def _word_usage(
    library: Library | Iterable[Paper], words: Iterable[str]
) -> dict[str, tuple[int, int]]:
    """:func:`_count_usage` of ``words`` (lower-cased), for the last library asked about
    counted once each: the first few times by a pass for the words asked for, which
    costs a pass over the library's text, then every word at once (see
    :data:`_PASSES_BEFORE_ALL`). A library given as a tuple of its papers is counted
    once as well, on all of them; any other iterable of papers each time."""
    wanted = frozenset(words)
    if not isinstance(library, (Library, tuple)):
        return _count_usage(library, wanted)
    usage = _library_usage(library)
    # the few words asked for are looked up: once every word is counted, ``wanted -
    # usage.counts.keys()`` would go through all of them (tens of thousands) each time
    missing = frozenset(word for word in wanted if word not in usage.counts)
    if missing and not usage.every_word:
        if isinstance(library, Library):
            papers = library.papers
            papers = papers[:: -(-len(papers) // _USAGE_PAPERS)] if papers else papers
        else:
            papers = library
        usage.passes += 1
        if usage.passes > _PASSES_BEFORE_ALL:
            usage.counts = _count_usage(papers)
            usage.every_word = True
        else:
            usage.counts.update(_count_usage(papers, missing))
    return {word: usage.counts.get(word, (0, 0)) for word in wanted}


def _ordinary_words(
    title: str, abstract: str, library: Library | Iterable[Paper] | None
) -> frozenset[str]:
    """The capitalised words of ``title`` (lower-cased) that the library's papers write
    as ordinary words of their field: in lower case at least :data:`_ORDINARY_LOWER`
    times and in at least :data:`_ORDINARY_SHARE` of their uses in running text. A
    name is capitalised in mid-sentence nearly always ("Gaussian": 205 times to once in
    ICML 2024 and the real lists), a word of the field often enough in lower case
    ("transformer" 122 times to 123, "softmax" 37 to 1, "bilevel" 35 to 2), so a title
    keeps no capital of such a word in a style's sentence case. A word of one or two
    letters is never one (an element, ``Ge``, written in lower case as LaTeX's ``\\ge``)."""
    if library is None:
        return frozenset()
    words = {
        tok.lower()
        for tok in _PROSE_TOKEN.findall(_plain(title))
        if len(tok) >= 3 and _name_shaped(tok)
    }
    names = {name.lower() for name in _abstract_names(abstract)}
    if not words & names and not _is_sentence_case(_plain(title).split()):
        return frozenset()  # no capital the title keeps for a word: the library not read
    usage = _word_usage(library, words)
    return frozenset(word for word in words if _ordinary(word, *usage[word]))


#: names of the sciences that are English words too, whose lower case ("the minima lie
#: in", "a green light") is another word: no count of it tells the name ("Lie groups",
#: "Bell inequalities", "Young tableaux", "the Hall effect") from a word of the field
_NAMES_ALSO_WORDS = frozenset(
    "baker bell brown cooper frank green hall hardy hill little lie long mills price "  # noqa: SIM905 - a word list reads better as text
    "rice rose ward white wood young".split()
)


def _ordinary(word: str, lower: int, capital: int) -> bool:
    """Whether the library's papers write ``word`` (lower-cased) as an ordinary word:
    see :func:`_ordinary_words`; a name that is an English word too never is
    (:data:`_NAMES_ALSO_WORDS`)."""
    if word in _NAMES_ALSO_WORDS:
        return False
    return lower >= _ORDINARY_LOWER and lower >= _ORDINARY_SHARE * (lower + capital)


def _protected_title(
    title: str,
    *,
    keep: bool = False,
    names: frozenset[str] = frozenset(),
    common: frozenset[str] = frozenset(),
) -> str:
    """A title with capitals protected (see the module docstring for the rule); ``keep``
    writes accents and letters as the source did (a source entry's title); ``names``
    are words braced wherever the title stands them but at a sentence's start
    (:func:`_abstract_names`)."""
    toks = _latex_tokens(_clean(title if keep else _tags_as_latex(title)))
    words = _words(toks)
    plains = ["".join(tok.meaning for tok in word) for word in words]
    sentence_case = iter(
        _sentence_case_parts([p for w, p in zip(words, plains) if w[0].kind != "space"])
    )
    out: list[str] = []
    previous = ""
    first = True
    for word, plain in zip(words, plains):
        if word[0].kind == "space":
            out.append(" ")
            continue
        in_sentence_case = next(sentence_case)
        braced = any(tok.kind in ("open", "close") for tok in word)
        if braced and not _markup_arguments_only(word):
            out.append("".join(_written(tok, keep) for tok in word))  # the source protected it
        else:
            shown = _shown(word) if braced else plain
            bare = shown.strip(string.punctuation + "\u2018\u2019\u201c\u201d")
            chosen = (in_sentence_case and bare.lower() not in common) or bare in names
            capital_rule = chosen and not first and not _SENTENCE_END.search(previous)
            if braced:
                out.append(_protect_marked(word, shown, capital_rule, keep))
            else:
                out.append(_protect_runs(word, capital_rule, keep))
        previous, first = plain, False
    return _arrows_apart("".join(out))


def _markup_arguments_only(word: list[_Tok]) -> bool:
    """True when every brace of a title word opens or closes the argument of text markup
    (``CO\\textsubscript{2}``, ``\\textit{Drosophila}``, as a scraped title's tags are
    written): none of them is a group the source braced to keep its capitals."""
    opened = False
    for before, tok in zip([None, *word], word):
        if tok.kind == "open":
            if before is None or before.kind != "command" or not _is_markup(before):
                return False
            opened = True
    return opened


def _is_markup(tok: _Tok) -> bool:
    name = tok.src[1:]
    return name in _FORMATTING or name in _TEXT_MARKUP


def _shown(word: list[_Tok]) -> str:
    """A title word as it reads, without its markup commands; math as one character."""
    return "".join(
        "" if tok.kind == "command" else "0" if tok.kind == "math" else tok.meaning for tok in word
    )


def _protect_marked(word: list[_Tok], shown: str, capital_rule: bool, keep: bool) -> str:
    """A title word holding text markup, braced whole when its capitals need it
    (``{H\\textsubscript{2}O}``, as ``H₂O`` reads: a style would print "h₂o"). One that
    begins with the markup (``\\textit{Minecraft}``) is kept as it is: a style
    never changes the case in the argument of a command."""
    text = "".join(_written(tok, keep) for tok in word)
    if word[0].kind == "command":
        return text
    bare = shown.lstrip(string.punctuation + "\u2018\u201c")
    if not (_is_inner_capital_word(shown) or (capital_rule and bare[:1].isupper())):
        return text
    edges = _EDGES.fullmatch(text)
    if edges and edges.group(2):
        return f"{edges.group(1)}{{{edges.group(2)}}}{edges.group(3)}"
    return "{" + text + "}"


_CAPITAL = re.compile("[A-Z]")
_EDGES = re.compile(r"([(\"'\u2018\u201c]*)(.*?)([)\"'\u2019\u201d.,;:!?]*)", re.DOTALL)


def _protect_runs(word: list[_Tok], capital_rule: bool, keep: bool = False) -> str:
    """One title word, its stretches between math braced when they need protection."""
    runs: list[list[_Tok]] = [[]]
    for tok in word:
        if tok.kind == "math":
            runs.append([tok])
            runs.append([])
        else:
            runs[-1].append(tok)
    # math counts as one character of the word, never a capital: in "S$\Omega$I" and
    # "MS$^3$D" the capitals after the math are inside the word, and protected too
    inner = _is_inner_capital_word("".join("0" if t.kind == "math" else t.meaning for t in word))
    out: list[str] = []
    leading = True
    for run in runs:
        if not run:
            continue
        text = "".join(_written(tok, keep) for tok in run)
        if run[0].kind == "math":
            # a style that sets titles in sentence case lowercases math too: $\Lambda$
            # would print as lambda, $C^*$ as c*
            out.append("{" + text + "}" if _CAPITAL.search(text) else text)
            leading = False
            continue
        plain = "".join(tok.meaning for tok in run)
        bare = plain.lstrip(string.punctuation + "\u2018\u201c")
        if bare.strip() and (
            _is_inner_capital_word(plain)
            or (inner and any(ch.isupper() for ch in plain))
            or (capital_rule and leading and bare[:1].isupper())
        ):
            # Punctuation around a plain word stays outside the braces: ``{EFL}:``.
            edges = _EDGES.fullmatch(text) if all(tok.kind == "text" for tok in run) else None
            if edges and edges.group(2):
                text = f"{edges.group(1)}{{{edges.group(2)}}}{edges.group(3)}"
            else:
                text = "{" + text + "}"
        out.append(text)
        leading = False
    return "".join(out)


def unbraced(value: str) -> str:
    """``value`` without the pairs of braces that wrap it whole (``{{10.1038/x}}``:
    ``10.1038/x``); ``{a}{b}`` is left as it is, its first brace closing before the end."""
    while value.startswith("{") and value.endswith("}") and _closes_at_end(value):
        value = value[1:-1].strip()
    return value


#: what BibTeX text writes for the characters of an address (``\\_``, ``\\%``, ``\\&``,
#: ``\\#``, ``\\$``, braced or not, ``\\~{}``, ``\\textasciitilde``, ``\\textunderscore``)
_ADDRESS_ESCAPES = re.compile(
    r"\{\\([_%&#$])\}|\\([_%&#$])|\\~\{\}|\{?\\text(asciitilde|underscore)(?:\{\}|\}|\s)?"
)
#: an address written whole in ``\\url{…}``
_URL_COMMAND = re.compile(r"\\url\s*\{([^{}]*)\}")


def unescaped_address(value: str) -> str:
    """A web address or an identifier as BibTeX gives it, as the characters it stands
    for: its escapes undone (``b\\_c``, ``b{\\_}c`` and ``b\\textunderscore{}c`` are
    ``b_c``, ``\\~{}`` is ``~``), without the braces that wrap it whole (:func:`unbraced`)
    or a ``\\url{…}`` that does. What the BibTeX reader takes for a link, and what an
    entry written again gives in its ``url``, where BibLaTeX and hyperref read an
    address as it is, backslashes and all."""
    value = unbraced(value)
    if "\\" not in value:
        return value
    command = _URL_COMMAND.fullmatch(value)
    value = command.group(1).strip() if command else value
    return _ADDRESS_ESCAPES.sub(_escaped_char, value)


def _escaped_char(found: re.Match[str]) -> str:
    return found.group(1) or found.group(2) or ("_" if found.group(3) == "underscore" else "~")


def _closes_at_end(value: str) -> bool:
    """Whether the brace ``value`` opens with is the one it ends with."""
    depth = 0
    for index, char in enumerate(value):
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return index == len(value) - 1
    return False


def _escape_url(url: str) -> str:
    """A URL as a BibTeX value: verbatim except what would break the entry."""
    replacements = {"{": "%7B", "}": "%7D", "\\": "%5C", " ": "%20"}
    return "".join(replacements.get(ch, ch) for ch in _clean(url))


# -------------------------------------------------------------------------- names

#: particles of a family name, also when capitalised ("Christopher De Sa").
_PARTICLES = frozenset(
    "van von der den de del della dei di du dos das la ter ten".split()  # noqa: SIM905 - a word list reads better as text
)
#: particles only when written in lower case, as BibTeX reads every particle: as
#: capitalised words they are given names as often ("Xue Bin Peng", "Al Gore").
_LOWER_PARTICLES = frozenset("bin ibn al el da le st".split())  # noqa: SIM905


def _lower_particle(word: str) -> bool:
    """A particle written in lower case ("van", "de", "da"): never a given name."""
    return word in _PARTICLES or word in _LOWER_PARTICLES


#: Roman numerals a name ends with ("ii" of "neal j. evans ii"), capitals whole.
_NUMERAL_SUFFIX = re.compile(r"(?i)i{2,3}|iv|vi{0,3}")


def _capital(word: str, *, numeral: bool = True) -> str:
    """``word`` with its first letter a capital ("o'brien" → "O'Brien", "d'alembert" →
    "D'Alembert"); a numeral
    suffix in capitals ("iii" → "III") where ``numeral`` says it may be one."""
    if numeral and _NUMERAL_SUFFIX.fullmatch(word.rstrip(".,")):
        return word.upper()
    found = re.search(r"[^\W\d_]", word)
    if found is None:
        return word
    at = found.start()
    letter = word[at].upper()
    if len(letter) != 1:  # "ß" has no one-letter capital
        return word
    word = word[:at] + letter + word[at + 1 :]
    if re.match(r"[ODL]'[^\W\d_]", word[at:]):  # O'Brien, D'Alembert, L'Hôpital
        word = word[: at + 2] + word[at + 2].upper() + word[at + 3 :]
    return word


def capitalised_name(name: str) -> str:
    """A person's name a source writes all in lower case ("yann lecun", "huang,
    win-bin") with capitals as citations write names: "Yann Lecun", "Huang, Win-Bin".
    A lower-case name in a list is a typing habit of whoever filled a form (OpenReview's
    profiles, CoRL's and ICML's lists hold dozens), and styles would print "topcu, u.".
    A particle between the given and family names stays in lower case ("jan van der
    berg" → "Jan van der Berg"; "oord, aaron van den"; "abdullah al mamun", whose family
    name BibTeX reads as "al Mamun" and its key as before), but not as the family name or
    the given name itself ("quoc le", "wei du" → "Quoc Le", "Wei Du"). A name with any
    capital is the author's own spelling and is kept as written ("LeCun", "de Vries"),
    but for its words in lower case after a capital ("Haishan song",
    :func:`_lower_words_mended`),
    and so is a name with braces or LaTeX commands, one in BibLaTeX's extended format
    ("family=oord, given=aaron"), and "et al."; the few who write their whole
    name in lower case on purpose are not told from the rest. A name shouted in
    capitals, whole or in its family name, takes capitals as one in lower case does
    (:func:`_unshouted`). A name whose letters a .bib writes with TeX's accents, in
    lower case or in capitals, takes capitals as the name they stand for does
    (``M{\\"U}LLER, J{\\"O}RG`` → ``M{\\"u}ller, J{\\"o}rg``), its accents kept as
    written (:func:`_capitalised_latex_name`)."""
    if not name or "=" in name:
        return name
    if re.search(r"[{}\\]", name):
        return _capitalised_latex_name(name)
    if name.lower() != name:
        unshouted = _unshouted(name)
        return unshouted if unshouted != name else _lower_words_mended(name)
    if _is_others(name) or not any(ch.isalpha() for ch in name):
        return name
    words = [part.split(" ") for part in name.split(",")]
    return _with_capitals(words, [[True] * len(part) for part in words], _lower_particle)


def _capitalised_latex_name(name: str) -> str:
    """A name holding TeX's accents and letters (``{\\'E}MILE DURAND``) capitalised as
    the name they stand for is (:func:`capitalised_name`: "Émile Durand"), each accent
    or letter written as the source wrote it, its letter's case changed
    (``{\\'E}mile Durand``). Any other braces or commands are the source's own spelling
    ("{JAISWAL}, AJAY"), and the name is as written."""
    units: list[tuple[str, str, str]] = []  # (kind, as written, what it means)
    for tok in _latex_tokens(name):
        if tok.kind in ("text", "space"):
            units.extend((tok.kind, char, char) for char in tok.src)
        elif tok.kind in ("accent", "letter") and len(tok.meaning) == 1:
            units.append((tok.kind, tok.src, tok.meaning))
        else:
            return name
    meant = "".join(unit[2] for unit in units)
    cited = capitalised_name(meant)
    if cited == meant:
        return name
    out: list[str] = []
    at = 0
    for char in cited:
        if at < len(units) and char.casefold() == units[at][2].casefold():
            kind, src, meaning = units[at]
            at += 1
            if char == meaning:
                out.append(src)
                continue
            recased = _recased_latex(kind, src, char) if kind != "text" else char
            if recased is None:
                return name
            out.append(recased)
        elif char in ", ":  # the comma written after a family name put first
            out.append(char)
        else:
            return name
    return "".join(out) if at == len(units) else name


def _recased_latex(kind: str, src: str, char: str) -> str | None:
    """An accent or letter as written (``{\\"U}``, ``{\\O}``) standing for ``char``,
    its letter in the case of ``char``; None when no such one is written alike."""
    if kind == "letter":
        found = re.search(r"\\([A-Za-z]+)", src)
        names = [name for name, letter in _LETTER_SYMBOLS.items() if letter == char]
        if found is None or not names:
            return None
        written = src[: found.start(1)] + names[0] + src[found.end(1) :]
    else:
        # the letter the accent is on: the last one written, not a command's (\\i)
        found = re.search(r"(?<!\\)([A-Za-z])[^A-Za-z]*$", src)
        if found is None:
            return None
        base = found.group(1)
        base = base.upper() if char.isupper() else base.lower()
        written = src[: found.start(1)] + base + src[found.end(1) :]
    return written if latex_to_unicode(written) == char else None


#: words in lower case that join a name's parts, never a name ("zu" of "Karl-Theodor
#: zu Guttenberg", "y" of "José Ortega y Gasset"), or an institution's ("of")
_NAME_JOINERS = frozenset({"zu", "und", "y", "e", "i", "of", "and", "the", "for", "at", "in"})
#: a word of a name all in small letters ("song", "bharath", "d'souza" is not one)
_LOWER_WORD = re.compile(r"[^\W\d_]{2,}(?:-[^\W\d_]+)*")


def _lower_words_mended(name: str) -> str:
    """A name written with a capital and then a word in lower case ("Haishan song",
    "Pranav singh chib", "Zhao jiale", as a form's author typed them) with capitals on
    the words in lower case after the capitalised one, as a name in lower case whole
    takes them: "Haishan Song". Particles stay in lower case between the given and the
    family names ("Jan van der berg" → "Jan van der Berg"). So is a family name in
    lower case before the comma of capitalised given names ("dey, Biswadip" → "Dey,
    Biswadip"). Words in lower case before the first capital ("danah Boyd", "kelu Yao",
    the given names of "Smith, john") are as written."""

    def lower(word: str) -> bool:
        return (
            word not in _NAME_JOINERS and _LOWER_WORD.fullmatch(word) is not None and word.islower()
        )

    def after_capital(words: list[str]) -> list[bool]:
        first = next((at for at, word in enumerate(words) if word[:1].isupper()), len(words))
        return [at > first and lower(word) for at, word in enumerate(words)]

    parts = [part.split(" ") for part in name.split(",")]
    if any(word.lower() in _INSTITUTION_WORDS for part in parts for word in part):
        return name  # "Xiaoming Sun, Institute of Computing": a name and where it is from
    chosen = [after_capital(part) for part in parts]
    if len(parts) > 1 and any(word[:1].isupper() for part in parts[1:] for word in part):
        chosen[0] = [lower(word) or pick for word, pick in zip(parts[0], chosen[0], strict=True)]
    if not any(map(any, chosen)):
        return name
    return _with_capitals(parts, chosen, _lower_particle)


def _with_capitals(
    words: list[list[str]], chosen: list[list[bool]], particle: Callable[[str], bool]
) -> str:
    """A name from its ``words`` (in lower case, split at its commas, then at spaces),
    those ``chosen`` with a capital as citations write names: a ``particle`` between
    the given and family names stays in lower case, but not as the given or family name
    itself ("quoc le"); a numeral suffix in capitals ("smith iii")."""
    out = []
    for index, part in enumerate(words):
        part = list(part)
        real = [at for at, word in enumerate(part) if word]
        for position, at in enumerate(real):
            word = part[at]
            if not chosen[index][at]:
                continue
            # the given name ("van, …" would be one), or the family name ("quoc le")
            own = position == 0 and (index > 0 or len(words) == 1)
            family = index == 0 and position == len(real) - 1
            if particle(word) and not own and not family:
                continue
            # a numeral ends a name ("smith iii", "smith, jr"), it never begins one ("vi tran")
            numeral = position > 0 or (index > 0 and len(words) == 3 and index == 1)
            part[at] = "-".join(_capital(piece, numeral=numeral) for piece in word.split("-"))
        out.append(" ".join(part))
    return ",".join(out)


#: a word written in capitals ("JAISWAL", "O'BRIEN", "JEAN-MARC"): two letters or more,
#: no initial ("J.R.R." is three initials, as written)
_CAPITALS_WORD = re.compile(r"[^\W\d_]+(?:['\u2019-][^\W\d_]+)*")
_VOWELS = frozenset("AEIOUYÀÁÂÃÄÅÆÈÉÊËÌÍÎÏÒÓÔÕÖØÙÚÛÜÝ")


def _in_capitals(word: str, *, syllable: bool = False) -> bool:
    """Whether ``word`` is a name's word written in capitals: not initials ("J.R.",
    "JRR", which have no vowel), not a numeral suffix ("III"). With ``syllable``, a word
    of two letters must be a consonant and a vowel, as the family names are ("LI",
    "XU"), not as initials written together ("AJ") or an acronym ("AI") often are."""
    word = word.strip(",;")
    if not _CAPITALS_WORD.fullmatch(word) or not word.isupper() or len(word) < 2:
        return False
    if syllable and len(word) == 2 and (word[0] in _VOWELS - {"Y"} or word[1] not in _VOWELS):
        return False
    return not _NUMERAL_SUFFIX.fullmatch(word) and bool(_VOWELS.intersection(word))


def _shouted_particle(word: str) -> bool:
    """A particle of a name shouted in capitals, in lower case once it is not: "van",
    "de", but not those BibTeX reads as particles only when written in lower case
    ("XUE BIN PENG" → "Xue Bin Peng", its family name still "Peng")."""
    return word in _PARTICLES


def _recased(words: list[list[str]], chosen: list[list[bool]]) -> str:
    """The name of ``words`` with those ``chosen`` (in capitals) as a name's words are
    written ("VAN DER BERG" → "van der Berg"), the others as written."""
    lowered = [
        [word.lower() if pick else word for word, pick in zip(part, marks, strict=True)]
        for part, marks in zip(words, chosen, strict=True)
    ]
    return _with_capitals(lowered, chosen, _shouted_particle)


def _unshouted(name: str) -> str:
    """``name`` with the part shouted in capitals as a name is written: a name in
    capitals whole ("AJAY KUMAR JAISWAL" → "Ajay Kumar Jaiswal", "VAN DER BERG, JAN" →
    "van der Berg, Jan"; its initials as written, "J. R. R. TOLKIEN" → "J. R. R.
    Tolkien"), or a family name in capitals beside a given name that is not ("Jan VAN
    DER BERG" → "Jan van der Berg", "DUPONT, Jean" → "Dupont, Jean"). Any other name
    with capitals is the author's own spelling, as written ("LeCun", "AJ Smith"), and so
    are a name of one word ("NVIDIA") and a group's ("ATLAS COLLABORATION"). A family
    name in capitals put before given names that are not, as Chinese and some European
    sources write a name ("ZHANG Wei", "DE LA CRUZ María"), is the family name, and the
    name is written with its comma ("Zhang, Wei"); not so an organisation's ("IBM
    Research", "NASA Ames", "MIT Lincoln": an acronym, or a word no given name is,
    :func:`_family_name_shaped`)."""
    words = [part.split(" ") for part in name.split(",")]
    flat = [word for part in words for word in part if word]
    if len(flat) < 2 or _COLLECTIVE.search(" " + " ".join(flat).title()):
        return name
    if any(map(_organisation_word, flat)):
        return name  # "NASA AMES", "IBM RESEARCH", "Google DEEPMIND": an organisation's
    if any(word.strip(",;").upper() in _ORGANISATION_NAMES for word in flat):
        return name  # "Meta FAIR", "Microsoft GSL": an organisation's, its acronym kept
    initials = len(flat)
    while initials > 0 and _DOTTED_INITIALS.fullmatch(flat[initials - 1]):
        initials -= 1
    if name.upper() == name and len(words) == 1 and 0 < initials < len(flat):
        family = flat[:initials]
        if all(_in_capitals(word) and _family_name_shaped(word) for word in family):
            # "ZHANG W.": the family name first, in capitals, its initials after it
            rest = ["", *flat[initials:]]
            return _recased([family, rest], [[True] * initials, [False] * len(rest)])
    if name.upper() == name:
        if not any(_in_capitals(word) for word in flat):
            return name
        # the family name's words, whatever their letters ("NG"), a suffix, and every
        # other word in capitals but initials ("J.", "JRR") and numerals ("III")
        last = max((at for at, word in enumerate(words[0]) if word), default=-1)
        chosen = [
            [
                _in_capitals(word)
                or (index == 0 and (len(words) > 1 or at == last) and word.isalpha())
                or NAME_SUFFIX.fullmatch(word.strip(",")) is not None  # "JR." → "Jr."
                for at, word in enumerate(part)
            ]
            for index, part in enumerate(words)
        ]
        return _recased(words, chosen)
    if len(words) > 1:
        # "DUPONT, Jean": the family name before the comma in capitals
        family = [word for word in words[0] if word]
        if all(_in_capitals(word) for word in family):
            chosen = [[bool(word) for word in words[0]]] + [[False] * len(p) for p in words[1:]]
            return _recased(words, chosen)
        return name
    given = len(flat)
    while given > 0 and _in_capitals(flat[given - 1], syllable=True):
        given -= 1
    if 0 < given < len(flat) and _not_shouted(flat[:given]):
        # "Jan VAN DER BERG": the family name after given names that are not in capitals
        return _recased([flat], [[at >= given for at in range(len(flat))]])
    first = 0
    while (
        first < len(flat)
        and _in_capitals(flat[first], syllable=True)
        and _family_name_shaped(flat[first])
    ):
        first += 1
    if 0 < first < len(flat) and all(map(_given_name_word, flat[first:])):
        # "ZHANG Wei": the family name first, in capitals, the given names after it
        rest = ["", *flat[first:]]
        return _recased([flat[:first], rest], [[True] * first, [False] * len(rest)])
    return name


#: initials, each with its full stop: "W.", "X.Y.", "J.-P."
_DOTTED_INITIALS = re.compile(r"(?:[^\W\d_]\.)+(?:-(?:[^\W\d_]\.)+)*")

#: what a form writes for a name a person does not have ("FNU Hairi": first name
#: unknown), no family name
_NO_NAME = frozenset({"FNU", "LNU", "NFN", "NLN"})

#: words of an institution's name written after a word in capitals ("IBM Research"),
#: which no given name is
_INSTITUTION_WORDS = frozenset(
    """research labs lab laboratory laboratories inc ltd llc corp corporation company
    group institute university college school foundation brain systems technologies
    technology health science sciences society association center centre department
    platforms networks studio studios""".split()  # noqa: SIM905
)


#: words in capitals that are an organisation's name or its acronym ("NASA Ames", "MIT
#: Lincoln"), no family name put first
_ORGANISATION_ACRONYMS = frozenset(
    """NASA IBM MIT CERN NVIDIA ETH EPFL NIST NIH NSF NOAA DARPA INRIA CNRS CSIRO RIKEN
    KAIST KAUST UCLA UCSD UCL NYU CMU AMD ARM INTEL META OPENAI DEEPMIND GOOGLE
    MICROSOFT AMAZON APPLE SONY BAIDU TENCENT HUAWEI SAMSUNG ALIBABA JAXA DLR CSAIL
    MPI TUM ICL IIIT IIIS IIT NUS NTU SJTU USTC BAAI""".split()  # noqa: SIM905
)
#: the organisations' names of :data:`_ORGANISATION_ACRONYMS` that no given name is, in
#: any case: a name holding one is an organisation's ("Meta FAIR"), where "Huawei" is
#: a given name too ("Huawei SHEN")
_ORGANISATION_NAMES = _ORGANISATION_ACRONYMS - {"HUAWEI"}
#: a word of two or three letters in capitals a family name is written with: a
#: syllable ("LI", "LIU", "KIM", "ZHU", "ONG", "ITO"), where an acronym's letters are
#: not one ("MIT", "IBM", "ETH")
_SHORT_FAMILY_NAME = re.compile(
    r"(?:[B-DF-HJ-NP-TV-Z]|ZH|CH|SH|NG|HS|TS|JH|KH)?[AEIOUY]+(?:NG|[NMKHSLRXWY])?"
    r"|[AEIOU][B-DF-HJ-NP-TV-Z][AEIOU]"
)


def _organisation_word(word: str) -> bool:
    """Whether ``word``, in capitals, is an organisation's acronym ("NASA", "KAIST") or
    a word of an institution's name ("RESEARCH", "LABS"), no person's name."""
    word = word.strip(",;")
    return word.isupper() and (word in _ORGANISATION_ACRONYMS or word.lower() in _INSTITUTION_WORDS)


def _family_name_shaped(word: str) -> bool:
    """Whether ``word``, in capitals before given names ("ZHANG Wei"), is written as a
    family name is: not a form's "FNU", not an organisation's name or acronym ("NASA",
    "IIIS" of "IIIS Song Zuo", "MIT"); of two or three letters, one syllable."""
    word = word.strip(",;")
    if word in _NO_NAME or word in _ORGANISATION_ACRONYMS or re.search(r"(.)\1\1", word):
        return False
    letters = [char for char in word if char.isalpha()]
    return len(letters) > 3 or _SHORT_FAMILY_NAME.fullmatch(word) is not None


#: words of an organisation's name written after its acronym ("NASA Ames", "IBM
#: Watson"), beside those of an institution's, which no given name is
_ORGANISATION_WORDS = _INSTITUTION_WORDS | frozenset(
    """ames watson team teams consortium collaboration initiative project agency
    administration council committee office observatory hospital ministry academy
    alliance partners ventures solutions labs""".split()  # noqa: SIM905
)


def _given_name_word(word: str) -> bool:
    """Whether ``word`` is written as a given name after a family name in capitals is:
    an initial ("W.") or a capital and small letters ("Wei", "Jean-Marc"), no word of an
    institution's name ("Research")."""
    if re.fullmatch(r"[^\W\d_]\.?", word):
        return word[0].isupper()
    if word.rstrip(".").lower() in _ORGANISATION_WORDS:
        return False
    return all(
        re.fullmatch(r"[^\W\d_][^\W\d_]*", piece) is not None
        and piece[0].isupper()
        and piece[1:].islower()
        for piece in word.split("-")
    )


def _not_shouted(words: list[str]) -> bool:
    """Whether these words of a name are written as names are, with small letters
    (initials aside): the given names beside a family name in capitals."""
    return all(any(ch.islower() for ch in word) for word in words if len(word.strip(".,")) > 1)


def _capitalised_names(value: str) -> str:
    """A BibTeX ``author``/``editor`` value with each name in lower case or in capitals
    capitalised, without its footnote marks (:func:`_person`), the rest as written: the
    names at ``and`` outside braces."""
    if _fully_braced(value):
        return "{" + _capitalised_names(value[1:-1]) + "}"
    pieces = re.split(r"(\s+and\s+)", value)
    out, depth = [], 0
    for piece in pieces:
        inside = depth > 0
        depth += piece.count("{") - piece.count("}")
        out.append(
            piece if inside or re.fullmatch(r"\s+and\s+", piece) else _person(piece) or piece
        )
    return "".join(out)


def _top_level(text: str, sep: str) -> list[int]:
    """Indexes of ``sep`` in ``text`` outside braces (all of them if braces do not balance)."""
    if "{" not in text and "}" not in text:
        return [m.start() for m in re.finditer(re.escape(sep), text)]
    depth = 0
    hits: list[int] = []
    for i, ch in enumerate(text):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth < 0:
                break
        elif depth == 0 and text.startswith(sep, i):
            hits.append(i)
    else:
        if depth == 0:
            return hits
    return [m.start() for m in re.finditer(re.escape(sep), text)]


def _split_at(text: str, sep: str) -> list[str]:
    parts, start = [], 0
    for index in _top_level(text, sep):
        parts.append(text[start:index])
        start = index + len(sep)
    parts.append(text[start:])
    return parts


class NameParts(NamedTuple):
    """One person's name in the parts citations order differently."""

    #: the given names ("Neal J.")
    given: str
    #: the family name with its particles ("Evans", "von Rütte", "de la Cruz")
    family: str
    #: a generational suffix ("II", "Jr.") or ""
    suffix: str = ""


def name_parts(name: str) -> NameParts:
    """The given names, family name and suffix of one author name.

    "Family, Given" is read as written, and so are BibTeX's "Family, Suffix, Given"
    ("Evans, II, Neal J.") and "Family, Given, Suffix", except that particles in lower
    case ending the given names go with the family name: "Oord, Aaron van den" →
    ("Aaron", "van den Oord"). Otherwise a suffix is the last word when it is one (Jr.,
    Sr., II, III, IV), and the family name is the word before it, together with any
    particles before that (``van``, ``von``, ``de la``, …) as long as a given name
    remains: "Dimitri von Rütte" → ("Dimitri", "von Rütte"); a particle in lower case
    after the first given name starts the family name wherever it stands: "Antonio
    Henrique de Oliveira Fonseca" → ("Antonio Henrique", "de Oliveira Fonseca").
    Particles that are given names as often (``bin``, ``al``, ``da``, …) count only in
    lower case, as BibTeX's: "Xue Bin Peng" → ("Xue Bin", "Peng"). Commas and spaces
    inside braces do not split: ``{A. Biere}`` is one family name, as in BibTeX. A name in
    Chinese, Japanese or Korean script is family name first, as its script writes it
    (:func:`~tuireader.render.romanise.family_first_parts`): "山田 太郎" → ("太郎", "山田"),
    "张伟" → ("伟", "张").
    """
    name = _clean(name)
    commas = _top_level(name, ",")
    if commas:
        parts = [part.strip() for part in _split_at(name, ",")]
        family, rest = parts[0], [part for part in parts[1:] if part]
        suffix = ""
        if len(rest) >= 2 and NAME_SUFFIX.fullmatch(rest[0]):  # BibTeX: von Last, Jr, First
            suffix, rest = rest[0], rest[1:]
        elif rest and NAME_SUFFIX.fullmatch(rest[-1]):  # Last, First, Jr. or First Last, Jr.
            suffix, rest = rest[-1], rest[:-1]
            if not rest and " " in family:
                return name_parts(family)._replace(suffix=suffix)
        given = ", ".join(rest)
        if not family:
            return NameParts("", given, suffix)
        words = [word for word in _split_at(given, " ") if word]
        keep = len(words)
        while keep > 1 and _lower_particle(words[keep - 1]):
            keep -= 1
        if keep < len(words):  # "Oord, Aaron van den"
            given = " ".join(words[:keep])
            family = " ".join((*words[keep:], family))
        return NameParts(given, family, suffix)
    if (script_order := family_first_parts(name)) is not None:
        return NameParts(script_order[1], script_order[0])
    words = [word for word in _split_at(name, " ") if word]
    suffix = ""
    if len(words) >= 2 and NAME_SUFFIX.fullmatch(words[-1]):
        suffix, words = words[-1], words[:-1]
    if len(words) <= 1:
        return NameParts("", " ".join(words), suffix)
    start = len(words) - 1
    while start > 1 and (
        words[start - 1].lower() in _PARTICLES or words[start - 1] in _LOWER_PARTICLES
    ):
        start -= 1
    lower = next((i for i in range(1, start) if _lower_particle(words[i])), start)
    start = min(start, lower)
    return NameParts(" ".join(words[:start]), " ".join(words[start:]), suffix)


def _institution(name: str) -> bool:
    """A name written whole in braces (BibTeX's ``{The BABAR Collaboration}``, a CSL
    ``literal``): one name, an institution's, never split into given and family names."""
    return _fully_braced(_clean(name))


def split_name(name: str) -> tuple[str, str]:
    """``(given, family)`` of one author name, as :func:`name_parts` reads them (the
    suffix, if any, left out)."""
    parts = name_parts(name)
    return parts.given, parts.family


#: letters NFKD does not take apart, spelled in ASCII the way Better BibTeX does.
_TRANSLIT = str.maketrans(
    {
        "ø": "o",
        "Ø": "O",
        "ł": "l",
        "Ł": "L",
        "ß": "ss",
        "æ": "ae",
        "Æ": "AE",
        "œ": "oe",
        "Œ": "OE",
        "đ": "d",
        "Đ": "D",
        "ð": "d",
        "Ð": "D",
        "þ": "th",
        "Þ": "TH",
        "ı": "i",
        "ȷ": "j",
        "ŋ": "n",
        "Ŋ": "N",
    }
)


def _ascii_fold(text: str, *, words: bool = False) -> str:
    """``text`` in ASCII for a key: accents dropped ("é" → "e", "ø" → "o"), and a text
    written in another script than Latin spelled in Latin letters ("Иванов" →
    "ivanov", :func:`~tuireader.render.romanise.romanised`; ``words`` as there)."""
    text = bibtex_unescape(text)
    if text.isascii():
        return text
    if other_script(text):
        text = romanised(text, words=words)
    folded = unicodedata.normalize("NFKD", text.translate(_TRANSLIT))
    return folded.encode("ascii", "ignore").decode("ascii")


def _ascii_letters(text: str) -> str:
    return "".join(ch for ch in _ascii_fold(text) if ch.isalpha()).lower()


def _fully_braced(text: str) -> bool:
    """``{…}`` where the first brace closes at the end."""
    if not (text.startswith("{") and text.endswith("}")):
        return False
    depth = 0
    for i, ch in enumerate(text):
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if depth == 0:
            return i == len(text) - 1
    return False


def _bibtex_name_part(part: str) -> str:
    escaped = bibtex_escape(part)
    if _fully_braced(escaped):
        return escaped
    if _top_level(escaped, ",") or re.search(r"(?i)(^|\s)and(\s|$)", part):
        return "{" + escaped + "}"
    return escaped


def _von_misread(family: str) -> bool:
    """BibTeX would take a capitalised word of ``family`` for part of its "von" (in
    "Dupre la Tour, Max" everything up to the last word in lower case is the von part)."""
    words = [_plain(word) for word in _split_at(family, " ") if word]
    lower = [i for i, word in enumerate(words[:-1]) if word[:1].islower()]
    return bool(lower) and not all(word[:1].islower() for word in words[: lower[-1]])


def _bibtex_author(name: str) -> str:
    if _is_others(name):
        return "others"  # BibTeX's "and others", which styles print as "et al."
    given, family, suffix = name_parts(name)
    if suffix and not given:
        family, suffix = f"{family} {suffix}", ""  # "Prince II": one name, braced below
    family_part = _bibtex_name_part(family)
    if given and not _fully_braced(family_part) and _von_misread(family):
        family_part = "{" + family_part + "}"
    if not given:
        # A lone name ("Plato", "OpenAI", "{A. Biere}"): braces keep BibTeX from splitting it.
        if " " not in family or _fully_braced(family_part):
            return family_part
        return "{" + bibtex_escape(family) + "}"
    if suffix:  # BibTeX's "von Last, Jr, First"
        return f"{family_part}, {bibtex_escape(suffix)}, {_bibtex_name_part(given)}"
    return f"{family_part}, {_bibtex_name_part(given)}"


#: what a source writes for the authors it does not name: BibTeX's ``and others`` (its
#: reader gives "et al."), arXiv's "…, B. Aubert, et al"
_OTHERS_NAME = re.compile(r"(?i)\{?\s*(?:others|et\.?\s*al\.?)\s*\}?")


def _is_others(name: str) -> bool:
    """``name`` stands for the authors a source does not name ("et al.", "others")."""
    return _OTHERS_NAME.fullmatch(_clean(name)) is not None


def without_others(names: Iterable[str]) -> list[str]:
    """``names`` without the "et al." (BibTeX's "others") a source writes for the
    authors it does not name: where each author is a record of its own (RIS's ``AU``,
    CSL-JSON's ``author``) it is nobody's name, and would be cited as a person "al., et"."""
    return [name for name in names if not _is_others(name)]


def _named(names: Sequence[str]) -> tuple[list[str], bool]:
    """The names a source gives, and whether it says there are more ("…, et al." last)."""
    if len(names) > 1 and _is_others(names[-1]):
        return list(names[:-1]), True
    return list(names), False


def _name_words(name: str) -> set[str]:
    return set(re.findall(r"\w+", _plain(name).casefold()))


#: the last word of a group's name written as an author ("H1 Collaboration", "The Gene
#: Ontology Consortium", "Gemini Team"): no person's family name
_COLLECTIVE = re.compile(
    r"\s(?:Collaborations?|Consortium|Collaborative|Team|Working\s+Group|Task\s+Force)$"
)


def _collective(name: str) -> str:
    """``name`` in braces when it is a group's ("H1 Collaboration"): one name as a whole,
    as BibTeX's ``{H1 Collaboration}``, where sources that give names whole (arXiv's
    feeds, spreadsheets) would have it cited as a person "Collaboration, H."; so is one
    in capitals ("ATLAS COLLABORATION"), as written."""
    shouted = name.upper() == name and _COLLECTIVE.search(name.title()) is not None
    if (_COLLECTIVE.search(name) or shouted) and not _fully_braced(name) and "," not in name:
        return "{" + name + "}"
    return name


def split_names(paper: Paper) -> tuple[str, ...]:
    """The authors as the paper's source splits them, "Family, Given" (see
    :func:`_split_names`): what an export writes so that, read back, each is cited as
    its source split it ("Rojas Carulla, M.", not "Carulla, M. R.")."""
    return _split_names(paper)


def _split_names(paper: Paper) -> tuple[str, ...]:
    """The authors as the source splits them: its BibTeX ``author`` field, else the
    CSL names; empty when the source gives no split."""
    entry = paper.source_entry
    if entry is not None and entry.get("author"):
        return _split_bibtex_names(entry.get("author") or "")
    return paper.author_names


#: footnote marks written on the name itself: "Kim*", "Lee¹", "Roe¹,²", "Li†"
_NAME_MARKS = re.compile(
    r"(?<=[^\W\d_.)])[*\u2217\u2020\u2021§¶¹²³⁰⁴-⁹]+(?:,[*\u2217\u2020\u2021§¶¹²³⁰⁴-⁹]+)*(?=[\s,]|$)"
)
#: affiliations' numbers a page wrote onto the end of a name, not raised: "Smith1",
#: "Jones2*", "White1,2" (after a word of two letters or more: "D2" is as written)
_NAME_NUMBERS = re.compile(r"(?<=[^\W\d_]{2})\d{1,2}(?:,\d{1,2})*[*\u2217\u2020\u2021]*$")


def _person(name: str) -> str:
    """One person's name as a citation gives it: one line, without the tags and
    footnote marks a page left on it (``Lee<sup>1</sup>``, ``<b>Jane Doe</b>``,
    "Kim*"), in capitals as names are written (:func:`capitalised_name`); "" for none.
    The marks' commas would otherwise read as the comma of "Family, Given"."""
    cleaned = _clean(_NAME_MARKS.sub("", _NAME_NUMBERS.sub("", _untagged(name).rstrip())))
    return capitalised_name(cleaned) if cleaned else ""


def _untagged(names: str) -> str:
    """Names without the tags a page left on them (``safetext.untagged_name``), their
    footnotes' marks with them, and HTML's character references read."""
    if "<" not in names:
        return names
    from tuireader.render.textrender import named_entities

    return named_entities(untagged_name(names))


def _authors(paper: Paper) -> list[str]:
    """The paper's authors, each as its source splits it ("Peng, Xue Bin") where the
    source does, so the family name is the source's and never a guess; a name the
    source does not split (or gives otherwise than the paper) is the paper's own."""
    names = [_collective(person) for person in map(_person, paper.authors) if person]
    split = [person for person in map(_person, _split_names(paper)) if person]
    if not split:
        first = _pmlr_split(names[0], paper.pmlr_key) if names and paper.pmlr_key else None
        return [first, *names[1:]] if first else names
    out: list[str] = []
    j = 0
    for name in names:
        words = _name_words(name)
        if j < len(split) and (
            (words and words <= _name_words(split[j])) or _written_family_first(name, split[j])
        ):
            out.append(_clean(split[j]))
            j += 1
        else:
            out.append(name)
    return out


def _written_family_first(name: str, split: str) -> bool:
    """Whether ``name`` is ``split`` ("张, 三") as its script writes it: "张三"."""
    given, family, _ = name_parts(split)
    return family_first(family, given) and _clean(name).replace(" ", "") == family + given


#: the first author's family name in a PMLR key: "dupre-la-tour" of "dupre-la-tour24a"
_PMLR_NAME = re.compile(r"([a-z0-9-]*[a-z])-?\d{2}[a-z]{1,2}")


#: a given name written as its initial ("H.", "J")
_INITIAL = re.compile(r"\w\.?")


def _folded_words(words: Iterable[str]) -> list[str]:
    """Words as PMLR writes them in a key: ASCII, lower case, a hyphen between each."""
    return [part for word in words for part in map(_ascii_letters, word.split("-")) if part]


def _pmlr_split(name: str, pmlr_key: str) -> str | None:
    """The first author's name split as its PMLR key says ("Dupre la Tour, Max" for "Max
    Dupre la Tour" of ``dupre-la-tour24a``), or None when the key says nothing new: its
    words are the name's last ones (any case or accent, hyphens for spaces), more of
    them than :func:`name_parts` takes for the family name, a given name before them."""
    found = _PMLR_NAME.fullmatch(_clean(pmlr_key).lower())
    if found is None or "{" in name or _top_level(name, ","):
        return None
    target = [part for part in found.group(1).split("-") if part]
    given, family, suffix = name_parts(name)
    words = [word for word in _split_at(f"{given} {family}", " ") if word]
    # only a longer family name than the name alone gives, never one that starts with
    # an initial (PMLR's "h-zargarbashi24a" for "Soroush H. Zargarbashi")
    for count in range(len(_split_at(family, " ")) + 1, len(words)):
        tail = words[-count:]
        folded = _folded_words(tail)
        if folded == target or (suffix and [*folded, *_folded_words([suffix])] == target):
            if _INITIAL.fullmatch(_plain(tail[0])):
                return None
            head = " ".join(words[:-count])
            return f"{' '.join(tail)}, {suffix}, {head}" if suffix else f"{' '.join(tail)}, {head}"
    return None


#: DBLP's number for one of several people who share a name ("Li Wang 0001"), which its
#: BibTeX and its API's answers write after the name: four digits, the first a nought.
_HOMONYM_NUMBER = re.compile(r"\s+0\d{3}(?=\s*(?:,|$))")


#: one part of a name in BibLaTeX's extended name format ("family=Oord", "given={A. B.}")
_NAME_PART = re.compile(
    r"^\s*(family|given|prefix|suffix|useprefix)\s*=\s*(.*?)\s*$", re.IGNORECASE
)


def bibtex_name(name: str) -> str:
    """A name in BibLaTeX's extended name format (Better BibLaTeX's "family=Oord,
    given=Aaron, prefix=van den, useprefix=true") as BibTeX writes it ("van den Oord,
    Aaron"); any other name as it is."""
    if "=" not in name:
        return name
    parts: dict[str, str] = {}
    for piece in _split_at(name, ","):
        found = _NAME_PART.match(piece)
        if found is None:
            return name
        value = found.group(2)
        if value.startswith("{") and value.endswith("}"):
            value = value[1:-1]
        parts[found.group(1).lower()] = value.strip()
    family = " ".join(part for part in (parts.get("prefix"), parts.get("family")) if part)
    if not family:
        return name
    return ", ".join(part for part in (family, parts.get("suffix"), parts.get("given")) if part)


#: an "and" with no name on one side of it, at the start or the end of a list of names
_DANGLING_AND = re.compile(r"^\s*and\s+|\s+and\s*$", re.IGNORECASE)


def without_dangling_and(names: str) -> str:
    """A BibTeX list of names without an "and" that joins it to no name ("Doe, John
    and", as an entry edited by hand is left): it would be read as part of a name
    ("John and Doe")."""
    return _DANGLING_AND.sub("", names) if "and" in names.lower() else names


def without_homonym_number(name: str) -> str:
    """``name`` without DBLP's number for one of several people of that name ("Li Wang
    0001" → "Li Wang"): it tells DBLP's pages apart, it is no part of the name, and a
    citation would print it as a family or given name ("0001, L. W.")."""
    return _HOMONYM_NUMBER.sub("", name) if "0" in name else name


def _split_bibtex_names(value: str) -> tuple[str, ...]:
    """The names of a BibTeX ``author``/``editor`` value, split at ``and`` outside braces
    (DBLP's numbers after a name left out: :func:`without_homonym_number`)."""
    value = without_dangling_and(_clean(value))
    parts = re.split(r"(?i)\s+and\s+", value)
    if len(parts) == 1:
        return (bibtex_name(without_homonym_number(value)),) if value else ()
    names: list[str] = []
    current = ""
    for part in parts:
        current = f"{current} and {part}" if current else part
        depth = current.count("{") - current.count("}")
        if depth <= 0:
            names.append(current.strip())
            current = ""
    if current:
        names.append(current.strip())
    names = [bibtex_name(without_homonym_number(name)) for name in names]
    return tuple(name for name in names if name and name.lower() != "others")


# --------------------------------------------------------------------------- keys

# Words a title's first significant word skips (Better BibTeX's skip words, trimmed).
_STOP_WORDS = frozenset(
    """a ab about above across after against al along amid among an and anti around as at
    before behind below beneath beside besides between beyond but by d da das de del der
    des despite die do down du during ein eine el en et except for from i il in inside into
    is it its l la las le les like lo los near nor of off on onto or over past per plus
    round save since so some sur than the through to toward towards un una uno unto up
    upon versus via von vs while with within without yet zu zum""".split()  # noqa: SIM905
)


def _title_words(title: str) -> list[str]:
    """ASCII words of a title with LaTeX commands dropped (``$\\mathtt{VITS}$`` → vits)."""
    text = re.sub(r"\\[A-Za-z]+", " ", _ascii_fold(title, words=True))
    text = re.sub(r"^\s*position\s*:", " ", text, flags=re.IGNORECASE)
    return re.findall(r"[a-z0-9]+", text.replace("$", "").lower())


def _first_word(title: str) -> str:
    words = _title_words(title)
    for word in words:
        if word not in _STOP_WORDS and len(word) > 1 and not word.isdigit():
            return word
    for word in words:
        if not word.isdigit():
            return word
    return "paper"


def _year(paper: Paper) -> int | None:
    if paper.year:
        return paper.year
    for text in (paper.venue, paper.booktitle, paper.journal):
        match = re.search(r"\b(19|20)\d{2}\b", text or "")
        if match and not _arxiv_in(text or ""):
            return int(match.group(0))
    return None


def base_key(paper: Paper) -> str:
    """``familyYearFirstword`` for one paper, before any collision suffix (the first
    editor's family name when the paper names no author). A family name in another
    script is spelled in Latin letters (:func:`_ascii_fold`); of a name in Chinese,
    Japanese or Korean script it is the family name alone, as :func:`name_parts` reads
    it: "张伟" gives ``zhang``, "김철수" ``kim`` (a common Korean family name as Korean
    authors spell it, :func:`~tuireader.render.romanise.customary_family_name`; another
    letter by letter: "탁" ``tag``), "山田 太郎"
    ``shantian``: Han characters are read as in
    Chinese, Japanese kanji too, as a Japanese reading needs a dictionary of names."""
    paper = _with_source(paper)
    first = next((name for name in _authors(paper) or paper.editor if _clean(name)), None)
    if first is not None and _institution(first):
        # "The BABAR Collaboration": its first significant word, as a title's
        whole = _clean(first)[1:-1]
        family = _first_word(whole) if _title_words(whole) else "author"
    elif first is not None:
        family_name = split_name(first)[1]
        family_name = customary_family_name(family_name) or family_name
        family = _ascii_letters(family_name) or "author"
    else:
        family = "anon"
    year = _year(paper)
    # a title's tags are no word of it: "A <jats:italic>Drosophila</jats:italic> model"
    # gives "drosophila", as "A \textit{Drosophila} model" does, not "jats"
    return f"{family}{year if year else ''}{_first_word(_tags_as_latex(paper.title))}"


def _suffix(index: int) -> str:
    """a, b, …, z, aa, ab, …"""
    letters = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(ord("a") + rem) + letters
    return letters


# Characters a key cannot hold and still parse (BibTeX, biber and bibtexparser agree).
_SAFE_KEY = re.compile(r"^[^\s,{}()=#%\"'\\~]+$")


def _source_key(paper: Paper) -> str | None:
    """The key the source gives the paper: its BibTeX entry's, else its CSL
    ``citation-key``, else the key of its page in PMLR (:func:`_pmlr_cite_key`); None
    when none is one a BibTeX file can hold.

    Entries merged into one paper (two of one DOI) give the key of the first, whose
    entry the paper keeps (see the module's docstring); the others' keys are used only
    where the paper is asked for by one of them (:func:`key_asked`)."""
    entry = paper.source_entry
    key = (entry.key if entry is not None else paper.cite_key or "").strip()
    if key and _SAFE_KEY.match(key):
        return key
    key = _pmlr_cite_key(paper) or ""
    return key if key and _SAFE_KEY.match(key) else None


def key_asked(paper: Paper, text: str) -> str | None:
    """The citation key ``text`` names ``paper`` by, when it is another of the keys its
    lists give it than the one it is cited by: the key of a second entry of the same
    work merged into it (one of its entry's ``ids``: Better BibTeX's
    ``sahaRarePathGuided2023a``), or a second item's ``citation-key`` or RIS ``ID`` (a
    paper whose list gives it a ``citation-key`` keeps the others' among its
    ``other_keys``), as the list writes it; ``text`` as written, else in any case.

    A manuscript written against that entry cites that key: a citation of the paper
    asked for by it is given that key. None for any other text (the paper's id, its DOI,
    the key it is cited by anyway, a list's own id, which is no key), and for a key a
    BibTeX file cannot hold."""
    text = text.strip()
    entry = paper.source_entry
    own = entry.key.strip() if entry is not None else (paper.cite_key or "").strip()
    if not text or not own:
        return None
    keys = [part.strip() for part in ((entry.get("ids") or "") if entry else "").split(",")]
    if paper.cite_key:  # (a merged BibTeX entry's key is among the ids; a list's id is no key)
        keys += [paper.cite_key.strip(), *(key.strip() for key in paper.other_keys)]
    keys = [key for key in dict.fromkeys(keys) if key and _SAFE_KEY.match(key)]
    found = [key for key in keys if key == text] or [
        key for key in keys if key.casefold() == text.casefold()
    ]
    if len(found) != 1 or found[0].casefold() == own.casefold():
        return None
    return found[0]


def _entry_keyed(entry: SourceEntry, key: str) -> SourceEntry:
    """``entry`` as cited by ``key``, one of its ``ids`` (:func:`key_asked`): its own key
    takes that one's place among them, so biber still finds it by either."""
    written = [part.strip() for part in (entry.get("ids") or "").split(",") if part.strip()]
    if key.casefold() not in {part.casefold() for part in written}:
        return entry
    ids = ", ".join(
        [entry.key.strip(), *(part for part in written if part.casefold() != key.casefold())]
    )
    fields = tuple((name, ids if name.lower() == "ids" else value) for name, value in entry.fields)
    return replace(entry, fields=fields)


#: the volume in the address of a PMLR page or PDF ("proceedings.mlr.press/v235/…",
#: "raw.githubusercontent.com/mlresearch/v235/…")
_PMLR_VOLUME_URL = re.compile(r"(?:proceedings\.mlr\.press|/mlresearch)/v(\d+)/", re.IGNORECASE)


def _pmlr_cite_key(paper: Paper) -> str | None:
    """``pmlr-v235-bharadhwaj24a``: the key PMLR's page of the paper gives its BibTeX,
    made of the volume and the paper's PMLR key, as a list of PMLR papers carries it.
    The volume is the one the record's own PMLR links name, else its venue's (ICML's of
    the year); None without a PMLR key or a volume."""
    pmlr_key = _clean(paper.pmlr_key)
    if not pmlr_key:
        return None
    volume = next(
        (
            int(found.group(1))
            for link in paper.links
            if link.origin != "text" and (found := _PMLR_VOLUME_URL.search(link.url))
        ),
        None,
    )
    if volume is None:
        full = _with_source(paper)
        venue = _venue(full, _year(full))
        volume = venue.pmlr_volume if venue is not None else None
    return f"pmlr-v{volume}-{pmlr_key}" if volume else None


def _assign_keys(papers: Iterable[Paper]) -> dict[str, str]:
    """Paper id → key for a set of papers (the library): kept source keys, then the rest."""
    unique: dict[str, Paper] = {}
    for paper in papers:
        unique.setdefault(paper.id, paper)
    keys: dict[str, str] = {}
    taken: set[str] = set()
    # 1. Source keys are kept; when two papers give the same one, the first by id keeps it
    #    and the others get a suffix (one file cannot hold one key twice).
    by_source: dict[str, list[str]] = {}
    for paper_id, paper in unique.items():
        key = _source_key(paper)
        if key is not None:
            by_source.setdefault(key.lower(), []).append(paper_id)
    for ids in by_source.values():
        first = min(ids)
        keys[first] = _source_key(unique[first]) or ""
        taken.add(keys[first].lower())
    for ids in by_source.values():
        for paper_id in sorted(ids)[1:]:
            base = _source_key(unique[paper_id]) or ""
            index = 0
            while f"{base}{_suffix(index)}".lower() in taken:
                index += 1
            keys[paper_id] = f"{base}{_suffix(index)}"
            taken.add(keys[paper_id].lower())
    # 2. Generated keys: a base key shared by several papers gets a suffix on every one,
    #    and no generated key takes a kept source key.
    groups: dict[str, list[str]] = {}
    for paper_id, paper in unique.items():
        if paper_id not in keys:
            groups.setdefault(base_key(paper), []).append(paper_id)
    generated = {base for base, ids in groups.items() if len(ids) == 1 and base not in taken}
    for base in sorted(groups):
        ids = sorted(groups[base])
        if len(ids) == 1 and base not in taken:
            keys[ids[0]] = base
            continue
        index = 0
        for paper_id in ids:
            while f"{base}{_suffix(index)}" in generated or f"{base}{_suffix(index)}" in taken:
                index += 1
            keys[paper_id] = f"{base}{_suffix(index)}"
            generated.add(keys[paper_id])
            index += 1
    return keys


# The key assignment of the last library asked about: one library is worked out once.
_LIBRARY_KEYS: list[tuple[object, dict[str, str]]] = []


def _library_keys(library: Library | Iterable[Paper]) -> dict[str, str]:
    if isinstance(library, Library):
        for cached, keys in _LIBRARY_KEYS:
            if cached is library:
                return keys
        keys = _assign_keys(library.papers)
        _LIBRARY_KEYS[:] = [(library, keys)]
        return keys
    return _assign_keys(library)


def cite_keys(
    papers: Iterable[Paper], library: Library | Iterable[Paper] | None = None
) -> dict[str, str]:
    """Paper id → cite key for ``papers``.

    A paper read from BibTeX keeps its source key, one read from CSL-JSON its
    ``citation-key``, and one whose list gives its PMLR key the key of its PMLR page
    (``pmlr-v235-bharadhwaj24a``). Other papers get
    ``familyYearFirstword``; papers sharing that base key all get suffixes ``a``, ``b``,
    … in order of paper id, and a generated key never takes a kept source key.

    With ``library`` (the loaded :class:`~tuireader.model.Library`, or all its papers),
    collisions are resolved among every paper of the library, so a paper's key is the
    same whichever papers are copied or exported with it. Without it, among ``papers``
    only (the old behaviour). A :class:`Library`'s keys are worked out once and reused.
    """
    batch: dict[str, Paper] = {}
    for paper in papers:
        batch.setdefault(paper.id, paper)
    if library is None:
        return _assign_keys(batch.values())
    keys = _library_keys(library)
    if all(paper_id in keys for paper_id in batch):
        return {paper_id: keys[paper_id] for paper_id in batch}
    # Papers outside the library: resolve them together with it (not cached).
    papers_all = list(library.papers if isinstance(library, Library) else library)
    keys = _assign_keys([*papers_all, *batch.values()])
    return {paper_id: keys[paper_id] for paper_id in batch}


def papers_cited_as(library: Library, key: str, *, yearless: bool = False) -> tuple[Paper, ...]:
    """The papers of ``library`` whose citation key (:func:`cite_keys` given the
    library: the one ``cite``, ``Y`` and an export give it) is ``key``, in any case:
    the key a bibliography holds finds its paper again, a generated one
    (``balazs2007calculation``) or a PMLR page's (``pmlr-v235-bamas24a``) as a list's
    own. Every paper's key is worked out (once per library) only when some paper could
    give ``key`` (:func:`_could_cite_as`): a word that is no key costs one look at each.
    ``yearless``: a word without a year may be the key of a paper without one."""
    wanted = key.strip().lower()
    if not wanted:
        return ()
    # the papers taken once (a library read as they are taken reads each one)
    papers = tuple(library.papers)
    if not any(_could_cite_as(paper, wanted, yearless=yearless) for paper in papers):
        return ()
    keys = _library_keys(library)
    return tuple(
        paper
        for paper in papers
        if (found := keys.get(paper.id)) is not None and found.lower() == wanted
    )


#: a generated key: the family name's letters, the year, the title's first word, and a
#: suffix a collision gives (``balazs2007calculation``, ``smith2020deepa``)
_GENERATED_KEY = re.compile(r"[a-z]+((?:19|20)\d\d)[a-z0-9]+")


def shaped_as_cite_key(key: str) -> bool:
    """Whether ``key`` is shaped as a key :func:`cite_keys` makes when the source gives
    none: a generated one (``balazs2007calculation``) or a PMLR page's (``pmlr-v235-…``)."""
    wanted = key.strip().lower()
    return bool(_GENERATED_KEY.fullmatch(wanted)) or wanted.startswith("pmlr-")


#: a generated key of a paper without a year: the family name's letters and the
#: title's first word (``tailangmorphology``)
_YEARLESS_KEY = re.compile(r"[a-z][a-z0-9]*")


def shaped_as_yearless_key(key: str) -> bool:
    """Whether ``key`` is shaped as a key :func:`cite_keys` makes for a paper without a
    year whose source gives none: letters (and a title's digits), but no year."""
    wanted = key.strip().lower()
    return bool(_YEARLESS_KEY.fullmatch(wanted)) and not _GENERATED_KEY.fullmatch(wanted)


def _could_cite_as(paper: Paper, wanted: str, *, yearless: bool = False) -> bool:
    """Whether ``paper`` could be cited by the key ``wanted`` (lower case), from what
    its fields give without working a key out: a key its source gives begins it (a
    suffix may follow), its PMLR key ends it, or, for a paper the source gives no key,
    ``wanted`` is a generated key of its year (with ``yearless``, without one, of a paper
    without one)."""
    entry = paper.source_entry
    own = entry.key if entry is not None else paper.cite_key
    if own and wanted.startswith(own.strip().lower()):
        return True
    if paper.pmlr_key and f"-{paper.pmlr_key.strip().lower()}" in wanted:
        return True
    if own or paper.pmlr_key:  # (a PMLR key without a volume is rare: left out)
        return False
    generated = _GENERATED_KEY.fullmatch(wanted)
    if generated is None:  # (a key without a year: of a paper without one)
        return yearless and shaped_as_yearless_key(wanted) and _year(paper) is None
    return _year(paper) == int(generated.group(1))


def former_keys(paper: Paper) -> tuple[str, ...]:
    """The generated keys earlier releases gave ``paper`` that it has no more, which a
    bibliography written then still holds: of a first author named in Chinese, Japanese
    or Korean script, before such a name was read family name first, the whole name as
    one family name ("张伟" ``zhangwei2023…``, "김철수" ``gimcheolsu2020…``) or, written
    with a space, its last part ("山田 太郎" ``tailang2021…``); and a common Korean family
    name spelled letter by letter, before it was spelled as Korean authors spell it
    (``gim2020…`` of "김철수", now ``kim2020…``). Each before any collision suffix; none
    for a paper whose list gives its key, or whose first author is named otherwise."""
    paper = _with_source(paper)
    entry = paper.source_entry
    if (entry.key if entry is not None else paper.cite_key) or paper.pmlr_key:
        return ()
    first = next((name for name in _authors(paper) or paper.editor if _clean(name)), None)
    if first is None or _institution(first):
        return ()
    name = _clean(first)
    parts = family_first_parts(name)
    if parts is None:
        return ()
    year = _year(paper)
    rest = f"{year if year else ''}{_first_word(_tags_as_latex(paper.title))}"
    families = (_ascii_letters(name.split()[-1]), _ascii_letters(parts[0]))
    now = base_key(paper)
    return tuple(
        key
        for key in dict.fromkeys(f"{family}{rest}" for family in families if family)
        if key != now
    )


#: the suffix a collision of generated keys gives (a, b, …, z, aa, …)
_COLLISION_SUFFIX = re.compile(r"[a-z]{0,2}")


def formerly_cited_as(paper: Paper, key: str) -> str | None:
    """The key of :func:`former_keys` that ``key`` is (in any case, with a collision
    suffix or none), as the key was written; None when it is none of them."""
    wanted = key.strip().lower()
    for former in former_keys(paper):
        if wanted.startswith(former) and _COLLISION_SUFFIX.fullmatch(wanted[len(former) :]):
            return key.strip()
    return None


def papers_formerly_cited_as(library: Library, key: str) -> tuple[Paper, ...]:
    """The papers of ``library`` that an earlier release gave the key ``key``
    (:func:`former_keys`), for a key a bibliography holds that no paper has now: only
    for a key shaped as a generated one, and only papers of its year are looked at (of
    a key without a year, ``tailangmorphology``, the papers without one)."""
    wanted = key.strip().lower()
    generated = _GENERATED_KEY.fullmatch(wanted)
    if generated is None and not shaped_as_yearless_key(wanted):
        return ()
    year = int(generated.group(1)) if generated is not None else None
    return tuple(
        paper
        for paper in library.papers
        if _year(paper) == year and formerly_cited_as(paper, key) is not None
    )


# -------------------------------------------------------------------------- venue

_ORDINAL_WORDS = (  # noqa: SIM905 - a word list reads better as text
    "Zeroth First Second Third Fourth Fifth Sixth Seventh Eighth Ninth Tenth Eleventh "
    "Twelfth Thirteenth Fourteenth Fifteenth Sixteenth Seventeenth Eighteenth Nineteenth "
    "Twentieth"
).split()
#: PMLR volume of each ICML.
_ICML_VOLUMES = {2019: 97, 2020: 119, 2021: 139, 2022: 162, 2023: 202, 2024: 235, 2025: 267}
_PMLR_URL = re.compile(r"proceedings\.mlr\.press/v(\d+)/", re.IGNORECASE)

_ARXIV_NUMBER = r"(\d{4}\.\d{4,5}|[a-z][a-z.-]*(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?"
#: "arXiv:1906.10026 [cs, math, stat]", "arXiv preprint arXiv:1706.05125", "CoRR abs/…".
_ARXIV_VENUE = re.compile(
    r"(?i)\b(?:arxiv(?:\s+preprint)?(?:\s+arxiv)?\s*:?\s*(?:abs/)?|corr\s*,?\s*(?:vol\.\s*)?abs/)"
    + _ARXIV_NUMBER
    + r"(?:\s*\[([^\]]*)\])?"
)
#: venues that say only that a paper is a preprint on arXiv (Semantic Scholar's
#: "arXiv.org"): no journal or proceedings to cite it in
_ARXIV_ONLY_NAMES = frozenset(
    {"arxiv", "arxiv.org", "corr", "arxiv preprint", "arxiv e-prints", "preprint"}
)


def _arxiv_in(text: str) -> tuple[str, str | None] | None:
    """(id, first category) of an arXiv venue string, or None when it is not one."""
    match = _ARXIV_VENUE.search(_clean(text))
    if match is None:
        return None
    classes = [c.strip() for c in (match.group(2) or "").split(",") if c.strip()]
    return match.group(1), classes[0] if classes else None


def _is_arxiv_venue(text: str | None) -> bool:
    cleaned = _clean(text)
    name = re.sub(r"\s*'?\(?\b(19|20)\d{2}\)?\s*", " ", cleaned).strip().lower()
    return bool(cleaned) and (_arxiv_in(cleaned) is not None or name in _ARXIV_ONLY_NAMES)


def _ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@dataclass(frozen=True)
class _Venue:
    entry_type: str  # "inproceedings", "article", or another type the source gives
    container: str  # booktitle or journal (may hold LaTeX)
    series: str | None = None
    volume: str | None = None
    publisher: str | None = None
    pmlr_volume: int | None = None


_CONTAINER_TYPES = {"article": "journal", "inproceedings": "booktitle", "incollection": "booktitle"}


def _venue(paper: Paper, year: int | None) -> _Venue | None:
    """Where the paper appeared: explicit journal/booktitle first, then the venue string."""
    explicit = _explicit_venue(paper)
    if explicit is not None:
        return explicit
    venue = _clean(paper.venue)
    if _is_arxiv_venue(venue):
        return None
    if (paper.entry_type or "").lower() in ("misc", "online", *_STANDALONE_TYPES):
        # the source says what the work is (a web page, a book): a venue name alone
        # does not make it a proceedings paper
        return None
    found = _named_venue(paper, venue, year)
    if found is None:
        return None
    volume = _clean(paper.volume) or found.volume
    publisher = _clean(paper.publisher) or found.publisher
    return replace(found, volume=volume or None, publisher=publisher or None)


def _explicit_venue(paper: Paper) -> _Venue | None:
    journal, booktitle = _clean(paper.journal), _clean(paper.booktitle)
    entry_type = (paper.entry_type or "").lower()
    volume = _clean(paper.volume) or None
    if _is_arxiv_venue(journal):
        journal = ""
        # DBLP's volume of an arXiv paper ("abs/1706.03762", Semantic Scholar's BibTeX
        # gives it beside the proceedings' booktitle) is its arXiv id, no volume
        volume = None if volume and volume.lower().startswith("abs/") else volume
    if _is_arxiv_venue(booktitle):
        booktitle = ""
    publisher = _clean(paper.publisher) or None
    if journal and entry_type not in ("inproceedings", "incollection", "conference"):
        return _Venue("article", journal, volume=volume, publisher=publisher)
    kind = entry_type if entry_type in ("inproceedings", "incollection") else "inproceedings"
    if booktitle:
        return _Venue(kind, booktitle, volume=volume, publisher=publisher)
    if journal and entry_type in ("inproceedings", "incollection", "conference"):
        # a paper in proceedings whose entry names them in ``journal`` (Scopus's
        # @CONFERENCE entries do): the proceedings it is in, not a journal
        return _Venue(kind, journal, volume=volume, publisher=publisher)
    if journal:
        return _Venue("article", journal, volume=volume, publisher=publisher)
    return None


def _named_venue(paper: Paper, venue: str, year: int | None) -> _Venue | None:
    name = re.sub(r"\s*'?\(?\b(19|20)\d{2}\)?\s*", " ", venue).strip().lower()
    # an accepted paper its source still files as "Submitted to ICLR 2023" is ICLR's
    name = re.sub(r"^submitted\s+to\s+", "", name)
    # "ICML 2024 (Oral)" is ICML; "ICML 2024 Workshop on …" is not the main proceedings.
    if "workshop" not in name:
        name = re.sub(r"^(icml|neurips|nips|iclr)\b.*", r"\1", name)
    pmlr_volume = next(
        (int(m.group(1)) for link in paper.links if (m := _PMLR_URL.search(link.url))), None
    )
    is_icml = name == "icml" or (
        not venue
        and year in _ICML_VOLUMES
        and (pmlr_volume == _ICML_VOLUMES[year] or (paper.pmlr_key and pmlr_volume is None))
    )
    if is_icml:
        volume = _ICML_VOLUMES.get(year) if year else None
        title = "International Conference on Machine Learning"
        return _Venue(
            "inproceedings",
            f"Proceedings of the {_ordinal(year - 1983)} {title}"
            if year
            else f"Proceedings of the {title}",
            series="Proceedings of Machine Learning Research",
            volume=str(volume) if volume else None,
            publisher="PMLR",
            pmlr_volume=volume,
        )
    if name in ("neurips", "nips"):
        return _Venue(
            "inproceedings",
            "Advances in Neural Information Processing Systems",
            volume=str(year - 1987) if year and year >= 1988 else None,
        )
    if name == "iclr":
        number = year - 2012 if year and year >= 2013 else 0
        ordinal = _ORDINAL_WORDS[number] if 0 < number < len(_ORDINAL_WORDS) else ""
        return _Venue(
            "inproceedings",
            f"The {ordinal} International Conference on Learning Representations"
            if ordinal
            else "International Conference on Learning Representations",
        )
    if not venue:
        return None
    if _journal_named(name) or _in_journal_issue(paper, name):
        return _Venue("article", venue)
    return _Venue("inproceedings", venue)


#: words only a meeting's name holds: a venue named so is proceedings, whatever else it
#: says ("IEEE International Conference on Communications", "Proceedings of the IEEE/CVF
#: Conference on Computer Vision and Pattern Recognition")
_MEETING = re.compile(
    r"\b(conference|conf\.|symposium|symp\.|workshops?|meeting|congress|colloquium|summit"
    r"|convention)(?!\w)"
)
#: a journal's name: the words journals are named by ("Journal of …", "… Transactions on
#: …", "Physical Review Letters", "Annals of …"), the families of journals that carry
#: no such word ("Nature Physics", "Science Advances", "PLOS ONE"), and the journals
#: named like proceedings ("Proceedings of the National Academy of Sciences", of the
#: IEEE, of the Royal Society, of the VLDB Endowment, of the ACM on …), with their
#: abbreviations ("Phys. Rev. Lett.", "Proc. Natl. Acad. Sci.", "Proc. IEEE")
_JOURNAL = re.compile(
    r"\b(journal|transactions|letters|(?<!under )reviews?|magazine|bulletin|annals|quarterly"
    r"|j\.|trans\.|lett\.|rev\.)(?=\W|$)"
    r"|^(jmlr|tmlr|pnas|pnas nexus|pvldb|elife|neuron|neural computation|physica\b.*)$"
    r"|^(nature|science|cell|plos|acta|communications (in|of|on))\b"
    r"|^(the )?(proceedings|proc\.) (of the )?(national academy|natl\.? acad|ieee$"
    r"|royal society|roy\.? soc|r\. soc|american mathematical society|amer\.? math"
    r"|london mathematical society|edinburgh mathematical society|vldb endowment"
    r"|vldb endow|acm on )"
)


def _journal_named(name: str) -> bool:
    """Whether a venue's name (lower case, without its year) is a journal's: a paper
    in it is cited as a journal article, not as a paper in proceedings, however much
    the name reads like proceedings ("Proceedings of the IEEE" is a journal). A name
    that says it is a meeting's is not a journal's."""
    name = re.sub(r"\s+", " ", name).strip()
    return _JOURNAL.search(name) is not None and _MEETING.search(name) is None


def _in_journal_issue(paper: Paper, name: str) -> bool:
    """Whether the record places the paper in a journal where its venue's name does not
    say so: the source calls it an article, or gives the issue it is in (proceedings
    come in volumes, not issues), and the venue is not named as a meeting."""
    if _MEETING.search(name):
        return False
    return (paper.entry_type or "").lower() == "article" or bool(_clean(paper.number))


# -------------------------------------------------------------------------- links

_ARXIV_URL = re.compile(r"arxiv\.org/(?:abs|pdf)/" + _ARXIV_NUMBER)
_ARXIV_DOI = re.compile(r"(?i)10\.48550/arxiv\." + _ARXIV_NUMBER)


def _is_pdf(link: Link) -> bool:
    return link.origin == "pdf" or urlsplit(link.url).path.lower().endswith(".pdf")


def _host(url: str) -> str:
    try:
        return (urlsplit(url).hostname or "").lower()
    except ValueError:
        return ""


#: the hosts of proceedings and journals that keep their papers at lasting addresses
#: (PMLR, the NeurIPS proceedings, the ACL Anthology, the CVF's open access of CVPR,
#: ICCV and WACV, the ECVA's of ECCV, JMLR, AAAI's and IJCAI's proceedings): their page,
#: or their PDF, is the paper's before a conference site's page for it
#: ("nips.cc/virtual/2017/poster/9095"), and their page before its arXiv page
_PROCEEDINGS_HOSTS = (
    "proceedings.mlr.press",
    "proceedings.neurips.cc",
    "papers.neurips.cc",
    "papers.nips.cc",
    "aclanthology.org",
    "openaccess.thecvf.com",
    "ecva.net",
    "jmlr.org",
    "ojs.aaai.org",
    "ijcai.org",
)


def _in_proceedings(host: str) -> bool:
    return any(host == name or host.endswith("." + name) for name in _PROCEEDINGS_HOSTS)


def _link_rank(link: Link) -> tuple[int, int]:
    """How good ``link`` is as the paper's own page: lower is better. A proceedings'
    page comes first, then OpenReview's, arXiv's, the DOI's, the proceedings' PDF, any
    other page of the paper and any other PDF, a project's page last. A paper link the
    abstract mentions comes after every paper link of the record itself, as it may name
    another version or another work ("the full version is at arXiv:…"). A code
    repository is never the paper's page (:func:`_page_of` leaves it out)."""
    host = _host(link.url)
    pdf = _is_pdf(link)
    if _in_proceedings(host) and not pdf:
        rank = 0
    elif host.endswith("openreview.net") and not pdf:
        rank = 1
    elif host.endswith("arxiv.org") and not pdf:
        rank = 2
    elif host.endswith("doi.org"):
        rank = 3
    elif _in_proceedings(host):
        rank = 4
    elif link.kind == "paper" and not pdf:
        rank = 5
    elif pdf:
        rank = 6
    else:
        return 2, 8
    return (1 if link.origin == "text" else 0), rank


#: record fields whose links are about a paper, not the paper: never a citation's URL.
_BESIDE_FIELDS = frozenset({"video", "slides", "poster"})
_VIDEO_HOSTS = ("youtube.com", "youtu.be", "vimeo.com", "bilibili.com")


def _beside_the_work(link: Link) -> bool:
    """A talk's video, slides or poster: a link to give beside a paper, not for it."""
    host = _host(link.url)
    video = any(host == name or host.endswith("." + name) for name in _VIDEO_HOSTS)
    return link.origin in _BESIDE_FIELDS or link.kind in TALK_KINDS or video


def _all_links(paper: Paper, venue: _Venue | None) -> list[Link]:
    links = [
        replace(link, url=_unproxied(link.url)) if "://" in link.url else link
        for link in paper.links
        if _clean(link.url)
    ]
    # the record's own links: one its abstract mentions may be of another work, and
    # does not stand for the paper's own page, PDF, DOI or arXiv page
    own = [link for link in links if link.origin != "text"]
    if venue and venue.pmlr_volume and paper.pmlr_key:
        base = f"https://proceedings.mlr.press/v{venue.pmlr_volume}/{paper.pmlr_key}"
        if not any(
            _host(link.url).endswith("proceedings.mlr.press") and not _is_pdf(link) for link in own
        ):
            links.append(Link(f"{base}.html", "paper", "pmlr_key"))
        if not any(_is_pdf(link) for link in own):
            links.append(Link(f"{base}/{paper.pmlr_key}.pdf", "paper", "pmlr_key"))
    doi_url = _doi_url(paper.doi)
    if doi_url and not any(_host(link.url).endswith("doi.org") for link in own):
        links.append(Link(doi_url, "paper", "doi"))
    arxiv = _arxiv(paper, links)
    if arxiv and not any(_host(link.url).endswith("arxiv.org") for link in own):
        links.append(Link(f"https://arxiv.org/abs/{arxiv[0]}", "paper", "arxiv"))
    # Links made here from the paper's DOI, PMLR key or arXiv id meet the same test as
    # every other link: nothing unsafe reaches a citation, an export or a clipboard.
    return [link for link in links if web_url(link.url) == link.url]


def best_link(paper: Paper) -> str | None:
    """The link to follow to a paper (a Markdown export's title, a CSV export's ``url``, ``u``):
    its URL as every citation gives it (:func:`paper_url`), else, for a paper with no page
    of its own, the best paper link its abstract mentions, which a reader can still
    follow; never a talk's video, slides or poster (a link beside the paper, not to it)."""
    paper = _with_source(paper)
    doi_url = _doi_url(paper.doi)
    if doi_url:  # the address before any link: no need to work the links out
        return doi_url
    links = _links_of(paper)
    return _address(paper, links) or _page_of(links)


def paper_url(paper: Paper) -> str | None:
    """The paper's URL, the one every citation format gives (see :func:`_address`): its
    DOI's address, else its own page (:func:`_page`); never a link its abstract mentions
    ("the code … can be found at www.lyceum.ml"), which may be another work's page, nor a
    talk's video, slides or poster. None for a paper with no page of its own, which the
    url format says."""
    paper = _with_source(paper)
    # the DOI's address comes before any link: the links, far slower to work out, wait
    return _doi_url(paper.doi) or _address(paper, _links_of(paper))


def _links_of(paper: Paper) -> list[Link]:
    """The paper's links (:func:`_all_links`), its venue worked out only where it can add
    one: the venue gives a link only to a paper with a PMLR key, and working it out (the
    venue's name read in several ways) is most of what an export's link of a paper costs."""
    return _all_links(paper, _venue(paper, _year(paper)) if paper.pmlr_key else None)


#: the hosts of databases whose record of a paper needs a subscription to be read (Scopus's
#: ``https://www.scopus.com/inward/record.uri?eid=…``, which its exports give in ``url``;
#: Web of Science's): no page of the paper for a reader of the work that cites it
_RECORD_HOSTS = ("scopus.com", "webofscience.com", "webofknowledge.com", "isiknowledge.com")


#: a host as a library's EZproxy rewrites it for its members
#: (``www-sciencedirect-com.tudelft.idm.oclc.org``,
#: ``ieeexplore-ieee-org.ez9.periodicos.capes.gov.br``, ``dl-acm-org.ezproxy.lib.x.ca``):
#: the publisher's host with its dots as dashes (a dash of its own doubled), then the
#: proxy's host, OCLC's or one named ``ezproxy``, ``ez9``, ``libproxy``
_PROXIED_HOST = re.compile(
    r"(?i)(?P<host>[a-z0-9]+(?:-{1,2}[a-z0-9]+)*-(?:com|org|net|edu|gov|int|info|[a-z]{2}))"
    r"\.(?P<proxy>(?:[a-z0-9-]+\.)*?(?:idm\.oclc\.org"
    r"|(?:[a-z0-9-]*proxy[a-z0-9-]*|ez\d*)\.(?:[a-z0-9-]+\.)*[a-z]{2,}))"
)
#: an address on a library's proxy: its scheme and host, the host as :data:`_PROXIED_HOST`
_PROXIED_URL = re.compile(r"(?i)(?<![\w/.-])(https?://)([a-z0-9.-]+)(:\d+)?(?=[/?#\s}]|$)")


def _unproxied(text: str) -> str:
    """``text`` with each address on a library's proxy (:data:`_PROXIED_HOST`) as the
    publisher's own (``https://www.sciencedirect.com/…``): the proxy lets in only the
    members of the user's library, where the publisher's address is the one a reader
    of the citing work can follow (and that says nothing of the user's library). The
    proxy's port (``…ezproxy.lib.edu:2048``) goes with it: the publisher serves none."""

    def publisher(found: re.Match[str]) -> str:
        host = _PROXIED_HOST.fullmatch(found.group(2))
        if host is None:
            return found.group(0)
        name = host.group("host").replace("--", "\0").replace("-", ".").replace("\0", "-")
        return found.group(1) + name.lower()

    return _PROXIED_URL.sub(publisher, text) if "://" in text else text


def _record_page(url: str) -> bool:
    """A database's record of the paper (:data:`_RECORD_HOSTS`), not the paper's page."""
    host = _host(_clean(url))
    return any(host == name or host.endswith("." + name) for name in _RECORD_HOSTS)


def _page_of(links: list[Link]) -> str | None:
    """The best of ``links`` to give as the paper's own page (see :func:`_link_rank`),
    never a database's record of it (:func:`_record_page`) nor its code's repository
    (a paper whose only link is its code has no page to cite)."""
    citable = [
        link
        for link in links
        if link.kind != "code" and not _beside_the_work(link) and not _record_page(link.url)
    ]
    return _clean(min(citable, key=_link_rank).url) if citable else None


def _page(paper: Paper, links: list[Link]) -> str | None:
    """The paper's own page: the ``url`` of the entry its source gives (the proceedings'
    own BibTeX, which a citation copies as written), else the best of the record's own
    links (:func:`_link_rank`), never one its abstract mentions."""
    entry = paper.source_entry
    written = _unproxied(_clean(entry.get("url"))) if entry is not None else ""
    page = web_url(written) if _URL_VALUE.match(written) else None
    own = [link for link in links if link.origin != "text"]
    if (
        page == written
        # a code repository is no page of the paper, though Mendeley's entries give one
        # in ``url`` (an address found in the PDF): the paper's arXiv page is cited, not it
        and not any(link.kind == "code" and _clean(link.url) == written for link in paper.links)
        and not _beside_the_work(Link(written, "paper", "url"))
        and not _record_page(written)
    ):
        # the NeurIPS proceedings' BibTeX cites the PDF: where the record gives the
        # paper's page at the proceedings too (Paper Copilot's ``oa``), that page is it
        landing = _is_pdf(Link(written, "paper", "url")) and _proceedings_page(own)
        return landing or written
    return _page_of(own)


def _proceedings_page(links: list[Link]) -> str | None:
    """The first of ``links`` that is a proceedings' page of the paper (not its PDF)."""
    for link in links:
        if _in_proceedings(_host(link.url)) and not _is_pdf(link) and link.kind == "paper":
            return _clean(link.url)
    return None


def _address(paper: Paper, links: list[Link]) -> str | None:
    """The paper's URL, one rule for every format, the most lasting first: its DOI's
    address (percent-encoded as every link is, :func:`_doi_url`), else its own page
    (:func:`_page`). BibTeX gives the DOI in ``doi``, which styles print as that address,
    and the page in ``url``; APA and MLA give the address; Markdown and the url format
    link it."""
    return _doi_url(paper.doi) or _page(paper, links)


def _doi_url(doi: str | None) -> str | None:
    """A DOI's address at doi.org as every link gives it (:func:`web_url`: ``{``, ``}``,
    ``\\``, ``<`` and ``>`` percent-encoded), None for a DOI that makes no safe address."""
    found = web_url(_doi(doi)) if doi and _doi(doi) else None
    return found if found and _host(found) == "doi.org" else None


def primary_link(paper: Paper) -> Link | None:
    """The link ``u`` and ``tuireader copy`` take: the first code repository, else the
    paper's URL (:func:`best_link`), else any. Only a safe web address (:func:`web_url`) is ever chosen."""
    if paper.code_links:
        return paper.code_links[0]
    page = best_link(paper)
    page = web_url(page) if page else None
    if page:
        for link in paper.links:
            if link.url == page:
                return link
        return Link(page, "paper", "citation")
    return paper.links[0] if paper.links else None


def _pdf_link(links: list[Link]) -> str | None:
    return next((_clean(link.url) for link in links if _is_pdf(link)), None)


def _doi(doi: str) -> str:
    return re.sub(r"(?i)^(https?://(dx\.)?doi\.org/|doi:)", "", _clean(doi))


def _arxiv(paper: Paper, links: list[Link]) -> tuple[str, str | None] | None:
    """(arXiv id without version, primary category) from the fields, venue, DOI or the
    record's own links (not those found in the abstract)."""
    category = _clean(paper.arxiv_class) or None
    if paper.arxiv_id:
        found = re.search(_ARXIV_NUMBER, _clean(paper.arxiv_id))
        if found:
            return found.group(1), category
    for text in (paper.journal, paper.booktitle, paper.venue):
        hit = _arxiv_in(text or "")
        if hit:
            return hit[0], category or hit[1]
    match = _ARXIV_DOI.search(paper.doi or "")
    if match:
        return match.group(1), category
    # an arXiv link the abstract mentions is not the paper's eprint: an extended abstract
    # names its full version so, a paper the work it builds on
    for link in links:
        if link.origin == "text":
            continue
        match = _ARXIV_URL.search(link.url)
        if match:
            return match.group(1), category
    return None


# ------------------------------------------------------------------ source entries

_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
#: fields only BibLaTeX uses; an entry with one of them is BibLaTeX (``urldate`` and
#: ``langid`` are not among them: Better BibTeX writes them in BibTeX too).
_BIBLATEX_FIELDS = frozenset({"date", "journaltitle", "eprinttype", "eprintclass", "location"})
_BIBLATEX_TYPES = frozenset(
    {"online", "collection", "report", "thesis", "mvbook", "dataset", "software", "patent"}
)
#: BibLaTeX-only entry types as BibTeX writes them.
_TO_BIBTEX_TYPE = {
    "online": "misc",
    "electronic": "misc",
    "www": "misc",
    "collection": "book",
    "mvbook": "book",
    "mvcollection": "book",
    "report": "techreport",
    "thesis": "phdthesis",
    "dataset": "misc",
    "software": "misc",
    "patent": "misc",
    "reference": "book",
    "mvreference": "book",
    "inreference": "incollection",
    "suppbook": "incollection",
    "suppcollection": "incollection",
    "periodical": "misc",
    "mvproceedings": "proceedings",
    "artwork": "misc",
    "audio": "misc",
    "video": "misc",
    "image": "misc",
    "music": "misc",
    "movie": "misc",
    "performance": "misc",
    "standard": "misc",
    "letter": "misc",
    "review": "article",
}
_TO_BIBLATEX_FIELD = {
    "journal": "journaltitle",
    "address": "location",
    "archiveprefix": "eprinttype",
    "primaryclass": "eprintclass",
    "school": "institution",
}
_TO_BIBTEX_FIELD = {
    "journaltitle": "journal",
    "location": "address",
    "eprinttype": "archiveprefix",
    "eprintclass": "primaryclass",
}
#: fields left out of a copied entry, whatever they hold: what a reference manager keeps
#: for its own use, which a reader of the paper that cites the work has no use for and
#: which may be private to the user. Attachments on the user's disk (``file``:
#: Zotero's, JabRef's, Mendeley's ``{:C:/Users/…/paper.pdf:pdf}``; BibDesk's
#: ``bdsk-file-1``, an alias that holds the path); the user's groups, tags, ratings,
#: reading state and comments (JabRef's ``groups``, ``ranking``, ``readstatus``,
#: ``comment-<user>`` …, Mendeley's ``mendeley-groups``); who added the entry and when
#: (JabRef's ``owner``, ``timestamp``, ``creationdate``, BibDesk's ``date-added``); and
#: the counts and record ids of the database it was exported from (Web of Science's
#: ``times-cited``, ``unique-id``; Scopus's ``publication_stage``, and
#: ``correspondence_address``, an author's e-mail), and what else its full record holds
#: that is no part of a reference (Web of Science's ``author-email``,
#: ``cited-references``, ``web-of-science-categories`` …). BibDesk's ``bdsk-url-1`` goes too:
#: the entry's ``url`` is the link it gives (see :func:`_with_source`).
_DROPPED_FIELDS = frozenset(
    {
        "file",
        "localfile",
        "groups",
        "owner",
        "timestamp",
        "creationdate",
        "modificationdate",
        "ranking",
        "readstatus",
        "priority",
        "printed",
        "qualityassured",
        "relevance",
        "citationcount",
        "comment",
        "review",
        "mendeley-groups",
        "mendeley-tags",
        "date-added",
        "date-modified",
        "times-cited",
        "usage-count-last-180-days",
        "usage-count-since-2013",
        "unique-id",
        "da",
        "doc-delivery-number",
        "number-of-cited-references",
        "publication_stage",
        "correspondence_address",
        # Web of Science's full record: the authors' e-mails and addresses, their ids in
        # its registers, its subject categories and index terms, the funding, and the
        # work's own list of references (hundreds of lines)
        "author-email",
        "affiliation",
        "affiliations",
        "researcherid-numbers",
        "orcid-numbers",
        "research-areas",
        "web-of-science-categories",
        "web-of-science-index",
        "keywords-plus",
        "funding-acknowledgement",
        "funding-text",
        "cited-references",
        "esi-highly-cited-paper",
        "esi-hot-paper",
        "oa",
        # Scopus's: its funding records and the work's references
        "funding_details",
        "funding_text",
        "references",
    }
)
#: families of such fields, by how their names begin: BibDesk's numbered files and links
#: (``bdsk-file-2``), JabRef's comments of one user (``comment-ann``)
_DROPPED_PREFIXES = ("bdsk-", "comment-")
#: the user's own notes on the work (``annote``; BibLaTeX's ``annotation``), where Zotero
#: and Mendeley write the notes of their library: private, so a citation leaves them out.
#: tuireader's BibTeX export keeps them (:func:`cite_many`'s ``notes``): it writes the
#: triage note after the entry's own annote, and its entries read back keep both.
_NOTE_FIELDS = frozenset({"annote", "annotation"})
#: what a database writes of itself in ``note`` (Scopus: ``Cited by: 3; All Open Access,
#: Green Open Access``, earlier ``cited By 3``) or in ``source`` (``Scopus``): a count
#: and labels of the day it was exported, no part of the work's reference
_DATABASE_NOTE = re.compile(
    r"(?i)\s*(cited\s+by:?\s*\d+|export\s+date:[^;]*|source:\s*scopus"
    r"|all\s+open\s+access(,[^;]*)?|(gold|green|bronze|hybrid(\s+gold)?)\s+open\s+access)\s*"
)


#: a library catalogue's word for "no place of publication known" (``[N.p.]``, ``[S.l.]``,
#: ``[Place of publication not identified]``), which Zotero takes from the catalogue as
#: the place: BibTeX styles would print it as one ("[N.p.]: IOS Press")
_NO_PLACE = re.compile(
    r"\[?\s*(?:n\.\s*p\.?|s\.\s*l\.?|sine\s+loco|no\s+place"
    r"|place\s+of\s+publication\s+not\s+identified)\s*\]?\.?",
    re.IGNORECASE,
)
#: the catalogue's word for "no publisher known" (``[s.n.]``, *sine nomine*,
#: ``[publisher not identified]``), which Zotero takes for the publisher as it takes
#: ``[N.p.]`` for the place: styles would print it as one ("[s.n.]")
_NO_PUBLISHER = re.compile(
    r"\[?\s*(?:s\.\s*n\.?|sine\s+nomine|no\s+publisher|publisher\s+not\s+identified)\s*\]?\.?",
    re.IGNORECASE,
)


def _no_publisher(value: str | None) -> bool:
    """Whether a publisher says there is none (:data:`_NO_PUBLISHER`)."""
    return bool(value) and _NO_PUBLISHER.fullmatch(_clean(unbraced(value or ""))) is not None


def _cited_value(name: str, value: str) -> str | None:
    """A source entry's field as its citation gives it: None for a field left out (see
    :data:`_DROPPED_FIELDS`, a ``source`` that only names Scopus, and an ``address`` or
    ``publisher`` (a report's ``institution``) that says there is none, :data:`_NO_PLACE` and :data:`_NO_PUBLISHER`),
    a ``note`` without what the database it came from says of itself (None if that is
    all)."""
    if name in _DROPPED_FIELDS or name.startswith(_DROPPED_PREFIXES):
        return None
    if name in ("address", "location") and _NO_PLACE.fullmatch(unbraced(value).strip()):
        return None
    if name in ("publisher", "institution", "organization") and _no_publisher(value):
        return None
    if name == "keywords" and ";" in value:
        return _comma_keywords(value)
    if name == "source" and value.strip(" {}").lower() == "scopus":
        return None
    if name == "url" and _record_page(unbraced(value)):
        # Scopus's record page, which needs a subscription: the citation gives the
        # paper's own page (its DOI's address) in its place, where it has one
        return None
    if name == "url" and (addresses := url_addresses(_clean(value))):
        # Mendeley's several addresses in one field: the first is the paper's page, as
        # its reader takes it; the others are further pages, no part of this address
        value = "{" + addresses[0] + "}"
    if name in ("url", "howpublished"):
        value = _unproxied(value)
    if name == "note" and _DATABASE_NOTE.search(value):
        parts = [part.strip() for part in value.split(";") if part.strip()]
        kept = [part for part in parts if not _DATABASE_NOTE.fullmatch(part)]
        return value if len(kept) == len(parts) else "; ".join(kept) or None
    return value


def _comma_keywords(value: str) -> str:
    """A ``keywords`` value a database writes with ``;`` between its words (Web of
    Science's ``{ranking; imbalance}``, Scopus's) with commas between them: BibLaTeX
    and reference managers split keywords at commas only, and would read the two as one
    keyword. A word that holds a comma is braced, to stay one. Semicolons inside braces
    are the words' own."""
    value = _clean(value)
    if _fully_braced(value):
        value = value[1:-1]
    words: list[str] = []
    depth, start, escaped = 0, 0, False
    for at, char in enumerate(value):
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char in "{}":
            depth += 1 if char == "{" else -1
        elif char == ";" and depth == 0:
            words.append(value[start:at])
            start = at + 1
    words.append(value[start:])
    kept = [" ".join(word.split()) for word in words if word.strip()]
    return ", ".join("{" + word + "}" if "," in word else word for word in kept)


_URL_VALUE = re.compile(r"^(https?|ftp)://\S+$", re.IGNORECASE)


def url_addresses(value: str) -> tuple[str, ...]:
    """The web addresses a ``url`` field holds, where it holds more than one with spaces
    between them (Mendeley's ``url = {https://doi.org/… http://www.sciencedirect.com/…}``),
    each as written; ``()`` for a value that is one address or any other text. Each is
    an address of its own: joined they are none (the space made ``%20`` of it)."""
    parts = unbraced(value).split()
    if len(parts) > 1 and all(_URL_VALUE.match(part) for part in parts):
        return tuple(dict.fromkeys(parts))
    return ()


def make_source_entry(
    key: str,
    entry_type: str,
    fields: Iterable[tuple[str, str]],
    dialect: str | None = None,
) -> SourceEntry:
    """A :class:`~tuireader.model.SourceEntry` for readers, guessing the dialect.

    ``fields`` are ``(name, value)`` as bibtexparser's default parse gives them. The
    dialect is BibLaTeX when the type or a field name is BibLaTeX-only (``@online``,
    ``date``, ``journaltitle``, ``eprinttype`` …), else BibTeX.
    """
    pairs = tuple((str(name), str(value)) for name, value in fields)
    if dialect not in ("bibtex", "biblatex"):
        names = {name.lower() for name, _value in pairs}
        biblatex = entry_type.lower() in _BIBLATEX_TYPES or bool(names & _BIBLATEX_FIELDS)
        dialect = "biblatex" if biblatex else "bibtex"
    return SourceEntry(key, entry_type, pairs, dialect)  # type: ignore[arg-type]


def _source_year(entry: SourceEntry) -> int | None:
    for name in ("year", "date"):
        match = re.match(r"\s*\{?((19|20)\d{2})", entry.get(name) or "")
        if match:
            return int(match.group(1))
    return None


#: the entry types of a conference's papers and proceedings, whose ``location`` ACM's
#: BibTeX gives as the conference's city (its publisher's in ``address``)
_EVENT_TYPES = frozenset({"inproceedings", "conference", "proceedings"})


def event_place(entry: SourceEntry | None) -> str | None:
    """Where the conference of a paper in its proceedings was held, as ACM's BibTeX gives
    it: ``location = {Barcelona, Spain}`` beside the publisher's ``address = {New York,
    NY, USA}``, in a BibTeX entry (BibLaTeX's ``location`` is the publisher's place, and
    so is a ``location`` with no ``address`` beside it). None for any other entry."""
    if entry is None or entry.entry_type.strip().lower() not in _EVENT_TYPES:
        return None
    location, address = entry.get("location"), entry.get("address")
    if not location or not address:
        return None
    location, address = _clean(unbraced(location)), _clean(unbraced(address))
    if not location or location == address or _NO_PLACE.fullmatch(location):
        return None
    return location


def _with_source(paper: Paper) -> Paper:
    """``paper`` with what its source entry says filled into the fields it lacks, and
    without a publisher that says there is none (:data:`_NO_PUBLISHER`), whichever list
    gave it."""
    if _no_publisher(paper.publisher):
        paper = replace(paper, publisher=None)
    entry = paper.source_entry
    if entry is None:
        return paper
    changes: dict[str, object] = {}
    if not paper.authors and entry.get("author"):
        changes["authors"] = _split_bibtex_names(entry.get("author") or "")
    if not paper.editor and entry.get("editor"):
        changes["editor"] = _split_bibtex_names(entry.get("editor") or "")
    if not paper.year:
        year = _source_year(entry)
        if year:
            changes["year"] = year
    if not paper.entry_type:
        changes["entry_type"] = entry.entry_type.lower()
    for attr, names in (
        ("journal", ("journal", "journaltitle")),
        ("booktitle", ("booktitle",)),
        ("volume", ("volume",)),
        ("number", ("number",)),
        ("pages", ("pages",)),
        ("publisher", ("publisher",)),
        ("series", ("series",)),
        ("doi", ("doi",)),
    ):
        if not getattr(paper, attr):
            value = next((entry.get(n) for n in names if entry.get(n)), None)
            if value and not (attr == "publisher" and _no_publisher(value)):
                changes[attr] = value
    if not paper.arxiv_id:
        kind = (entry.get("archiveprefix") or entry.get("eprinttype") or "").lower()
        if kind == "arxiv" and entry.get("eprint"):
            eprint = entry.get("eprint") or ""
            changes["arxiv_id"] = eprint.split()[0]
            bracket = re.search(r"\[([^\]]+)\]", eprint)
            klass = entry.get("primaryclass") or entry.get("eprintclass")
            if not paper.arxiv_class and (klass or bracket):
                changes["arxiv_class"] = klass or (bracket.group(1) if bracket else None)
    if not paper.links and entry.get("url") and _URL_VALUE.match(_clean(entry.get("url"))):
        changes["links"] = (Link(_clean(entry.get("url")), "paper", "url"),)
    year = paper.year or _source_year(entry)
    if paper.month is None and year is not None and _source_year(entry) == year:
        # the month and day as a CSL item's ``issued`` gives them, every style reading
        # them there: BibLaTeX's ``date`` (a range's start), BibTeX's ``month`` and ``day``
        date = _source_date(paper, year)
        if date is not None and date[1] is not None:
            changes["month"], changes["day"] = date[1], date[2]
    if not _clean(paper.place):
        # the place of publication as RIS's ``CY`` gives it: ``location``, ``address``;
        # the ``address`` where ``location`` is the conference's city (ACM's)
        names = ("address",) if event_place(entry) else ("location", "address")
        place = next((entry.get(n) for n in names if entry.get(n)), None)
        if place and _clean(unbraced(place)) and not _NO_PLACE.fullmatch(_clean(unbraced(place))):
            changes["place"] = place
    return replace(paper, **changes) if changes else paper  # type: ignore[arg-type]


#: a month as a name: ``jun``, ``June``, ``Jun.``, ``Sept.``
_MONTH_NAME = re.compile(
    r"(?i)(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?"
    r"|sep(t|tember)?|oct(ober)?|nov(ember)?|dec(ember)?)\.?"
)


#: a month a source writes with its day or as a range: Web of Science's ``APR 2`` and
#: ``JAN-FEB``, the range as BibTeX's macros join it read back (``January--February``)
_MONTH_SPAN = re.compile(
    r"(?i)\s*(?P<first>[a-z]+\.?)(?:\s+(?P<day>\d{1,2}))?"
    r"(?:\s*(?:-{1,2}|\u2013|/)\s*(?P<last>[a-z]+\.?))?\s*"
)
#: a season as Web of Science abbreviates it (``SPR``) or writes it whole
_SEASONS = {"spr": "Spring", "sum": "Summer", "fal": "Fall", "aut": "Autumn", "win": "Winter"}


def _month_span(value: str) -> tuple[int, int | None, int | None] | None:
    """(month, day, last month) of a month field (``APR 2``: (4, 2, None); ``JAN-FEB``:
    (1, None, 2); ``jun``: (6, None, None)); None for anything else (a season, a
    number, words)."""
    found = _MONTH_SPAN.fullmatch(unbraced(value))
    if found is None or not _MONTH_NAME.fullmatch(found.group("first")):
        return None
    last = found.group("last")
    if last is not None and not _MONTH_NAME.fullmatch(last):
        return None
    day = int(found.group("day")) if found.group("day") else None
    if day is not None and not 1 <= day <= 31:
        return None
    first = _MONTHS.index(found.group("first")[:3].lower()) + 1
    end = _MONTHS.index(last[:3].lower()) + 1 if last else None
    return first, day, end if end != first else None


#: a dash between two pages that BibTeX styles do not read as a range's: a Unicode en or
#: em dash (Scopus writes ``5999 – 6009``), or a hyphen with spaces around it
_PAGE_DASH = re.compile(r"(?<=\w)(?:\s*[\u2013\u2014]\s*|\s+-{1,2}\s+)(?=\w)")


def _bibtex_month(value: str) -> str | None:
    """A month field as BibTeX styles expect it: the month's macro (``month = apr`` for
    Web of Science's ``{APR 2}``, whose day BibTeX has no place for), two macros joined
    for a range (``jan # "--" # feb``), a season named whole (``{Spring}`` for ``SPR``);
    None when the value is none of these, to be written as it is."""
    span = _month_span(value)
    if span is not None:
        first, _day, last = span
        if last is None:
            return _MONTHS[first - 1]
        return f'{_MONTHS[first - 1]} # "--" # {_MONTHS[last - 1]}'
    word = unbraced(value).strip().rstrip(".").lower()
    season = _SEASONS.get(word[:3]) if word and word.isalpha() else None
    if season is not None and season.lower().startswith(word):
        return "{" + season + "}"
    return None


def _source_value(name: str, value: str) -> str:
    """A source value written back: braces and LaTeX as given, repaired only if broken;
    a month named in English is BibTeX's macro (``month = jun``), as the source's macro
    was read as the name (``June``), and biber takes no other word for a month; a month
    with its day, a range of months or a season as :func:`_bibtex_month` writes it; a
    range of pages with BibTeX's dash (:data:`_PAGE_DASH`)."""
    value = _clean(value)
    if name == "month" and _MONTH_NAME.fullmatch(value):
        return value[:3].lower()
    if name == "month":
        month = _bibtex_month(value)
        if month is not None:
            return month
    if name == "pages" and _PAGE_DASH.search(value):
        # Scopus's "5999 – 6009": BibTeX's dash, which styles print as a range
        value = _PAGE_DASH.sub("--", value)
    if name in _VERBATIM_FIELDS or _URL_VALUE.match(unbraced(value)):
        # an address as it was read (``b\\_c`` is ``b_c``): BibLaTeX and hyperref read
        # these fields verbatim, and would link to ``b\\_c``
        value = unescaped_address(value) if name in _ADDRESS_FIELDS else unbraced(value)
        if re.search(r"[\s{}]", value) or value.endswith("\\"):
            return "{" + _escape_url(value) + "}"
        return "{" + value + "}"
    if "</" in value:
        # HTML a scraper left (``<i>in vivo</i>``, MathML) as the LaTeX that reads the same
        value = _clean(_tags_as_latex(value))
    if _braces_balanced(value) and not _text_problems(value):
        return "{" + value + "}"
    return "{" + _render(_latex_tokens(value), keep=True) + "}"


def _escapes_markup(value: str, title: str) -> bool:
    """The source wrote the title's LaTeX as text to print, so that it shows as typed
    instead of as math or an accent: OpenReview's BibTeX escapes it
    (``\\${\\textbackslash}alpha\\$``), the NeurIPS proceedings' also drops the
    dollars and spells braces as commands (``\\textbackslash ell\\_0``,
    ``H\\textbackslash "\\lbrace o\\rbrace lderian`` for ``H\\"{o}lderian``)."""
    if "\\textbackslash" not in value and "\\$" not in value:
        return False
    typed = bibtex_unescape(value)
    if any(mark in title for mark in ("$", "\\")):
        return _markup_letters(typed) == _markup_letters(title)
    # a title in Unicode ("Hölderian") and the LaTeX the source typed for it
    from tuireader.render.textrender import display_title

    braced = _BRACE_WORDS.sub(lambda m: "{" if m.group(1) == "l" else "}", typed)
    return display_title(braced) == display_title(title)


_BRACE_WORDS = re.compile(r"\\([lr])brace(?![A-Za-z])\s*")


#: what :func:`_other_title` compares titles without: commands, and all but letters
#: and digits (spaces, braces, dollars, punctuation)
_NOT_TITLE_LETTERS = re.compile(r"\\[A-Za-z]+|(?:(?!\\[A-Za-z])[\W_])+")


def _other_title(value: str, title: str) -> bool:
    """The source entry's title says other letters than the paper's, the title the
    reader shows, beyond how LaTeX writes them (braces, accents, a ligature, math): a
    list that merged two records of one paper gave it the title of one and the entry
    of the other (Paper Copilot's NeurIPS 2017 "End-to-End Differentiable Proving",
    whose other record's BibTeX says "End-to-end"). A citation gives the shown one."""
    written, shown = (
        _NOT_TITLE_LETTERS.sub("", bibtex_unescape(_clean(text))) for text in (value, title)
    )
    return written != shown


def _markup_letters(text: str) -> str:
    """LaTeX text compared without what a source's escaping may lose or change: braces
    (also as ``\\lbrace``), dollars and runs of whitespace."""
    text = _BRACE_WORDS.sub("", text)
    return " ".join(text.replace("{", "").replace("}", "").replace("$", "").split())


def _date_parts(date: str) -> tuple[str | None, str | None]:
    match = re.match(r"\s*(\d{4})(?:-(\d{1,2}))?", date)
    if not match:
        return None, None
    month = match.group(2)
    return match.group(1), _MONTHS[int(month) - 1] if month and 1 <= int(month) <= 12 else None


#: fields of names, whose braces say what a name is (``{{The BABAR Collaboration}}``, an
#: institution's name written whole): never unwrapped
_NAME_FIELDS = frozenset({"author", "editor", "translator", "bookauthor", "editora", "editorb"})


def _from_wos(entry: SourceEntry) -> bool:
    """An entry Web of Science exported (``unique-id = {{WOS:…}}``, its key ``WOS:…``)."""
    unique = unbraced(entry.get("unique-id") or "").strip().upper()
    return unique.startswith("WOS:") or entry.key.strip().upper().startswith("WOS:")


def _once_braced(value: str) -> str:
    """A Web of Science value without the pair of braces it wraps every value in
    (``journal = {{Nature}}``, ``month = {{APR 2}}``): its exports brace values whole
    whatever they hold, to keep them as written, not to protect capitals a style would
    change. Only that one pair goes: braces inside the value (``{{Learning {DNA}}}``'s
    ``{DNA}``) stay as the source wrote them."""
    value = _clean(value)
    return value[1:-1] if _fully_braced(value) else value


def _source_fields(
    entry: SourceEntry, *, biblatex: bool, notes: bool = False
) -> tuple[str, dict[str, str]]:
    """Entry type and raw fields (lower-case names) in the dialect asked for; the user's
    notes (:data:`_NOTE_FIELDS`) only when ``notes`` asks for them; Web of Science's
    values braced once (:func:`_once_braced`)."""
    entry_type = entry.entry_type.strip().lower()
    fields: dict[str, str] = {}
    wos = _from_wos(entry)
    for name, value in entry.fields:
        lname = name.strip().lower()
        if not notes and lname in _NOTE_FIELDS:
            continue
        if wos and lname not in _NAME_FIELDS:
            value = _once_braced(value)
        if lname and lname not in fields:
            cited = _cited_value(lname, value)
            if cited is not None:
                fields[lname] = cited
    # ``eprint = {1707.06347 [cs.LG]}`` (Zotero): the id alone, the category apart.
    eprint = fields.get("eprint", "")
    bracket = re.match(r"\s*(\S+)\s*\[([^\]]+)\]\s*$", eprint)
    if bracket:
        fields["eprint"] = bracket.group(1)
        if "primaryclass" not in fields and "eprintclass" not in fields:
            fields["eprintclass" if entry.dialect == "biblatex" else "primaryclass"] = (
                bracket.group(2).split(",")[0].strip()
            )
    if "location" in fields and "venue" not in fields and event_place(entry):
        # ACM's conference city: BibLaTeX's ``venue``, where its ``location`` would be
        # read as the publisher's place (and BibTeX's ``address`` made of it)
        fields = {("venue" if name == "location" else name): v for name, v in fields.items()}
    source_biblatex = entry.dialect == "biblatex"
    if biblatex and not source_biblatex:
        renamed: dict[str, str] = {}
        for name, value in fields.items():
            if name == "year" and "date" not in fields:
                year = unbraced(value).strip()  # Web of Science: {{2020}}
                renamed.setdefault("date", _biblatex_date(year, fields.get("month", "")))
                continue
            if name == "month" and "year" in fields and "date" not in fields:
                continue
            new = _TO_BIBLATEX_FIELD.get(name, name)
            if new == "eprinttype" and value.strip().lower() == "arxiv":
                value = "arxiv"
            renamed.setdefault(new, value)
        fields = renamed
    elif not biblatex and source_biblatex:
        renamed = {}
        for name, value in fields.items():
            if name == "date" and "year" not in fields:
                date_year, date_month = _date_parts(unbraced(value))
                if date_year:
                    renamed.setdefault("year", date_year)
                    if date_month and "month" not in fields:
                        renamed.setdefault("month", date_month)
                    continue
            new = _TO_BIBTEX_FIELD.get(name, name)
            if new == "archiveprefix" and value.strip().lower() == "arxiv":
                value = "arXiv"
            renamed.setdefault(new, value)
        fields = renamed
        if entry_type == "thesis" and "master" in fields.get("type", "").lower():
            entry_type = "mastersthesis"
        entry_type = _TO_BIBTEX_TYPE.get(entry_type, entry_type)
    return entry_type, fields


def _biblatex_date(year: str, month: str) -> str:
    """BibLaTeX's ``date`` of a BibTeX ``year`` and ``month``: ``2020-04-02`` for Web of
    Science's ``APR 2``, ``2020-01/2020-02`` for ``JAN-FEB``, the year alone when the
    month names no month. A range that turns the year (``DEC-JAN``) ends in the next,
    and a day the month does not have (``FEB 30``) is left out: biber refuses a range
    that ends before it starts and a date that is none."""
    span = _month_span(month)
    if span is None:
        number = _month_number(unbraced(month))
        return f"{year}-{number:02d}" if number else year
    first, day, last = span
    if last is not None:
        end = str(int(year) + 1) if last < first and year.isdigit() else year
        return f"{year}-{first:02d}/{end}-{last:02d}"
    if day is not None and year.isdigit() and day > calendar.monthrange(int(year), first)[1]:
        day = None
    return f"{year}-{first:02d}" + (f"-{day:02d}" if day else "")


def _month_number(month: str) -> int | None:
    month = month.strip().lower()
    if month[:3] in _MONTHS:
        return _MONTHS.index(month[:3]) + 1
    return int(month) if month.isdigit() and 1 <= int(month) <= 12 else None


def _source_entry_text(
    paper: Paper, facts: _Facts, *, biblatex: bool, include_abstract: bool, notes: bool = False
) -> str:
    entry = paper.source_entry
    assert entry is not None
    entry_type, fields = _source_fields(entry, biblatex=biblatex, notes=notes)
    if not include_abstract:
        fields.pop("abstract", None)
    written_url = _unproxied(_clean(fields.get("url", "")))
    if facts.url and written_url != facts.url and _is_pdf(Link(written_url, "paper", "url")):
        # the proceedings' PDF gives way to the paper's page there (see :func:`_page`)
        fields["url"] = "{" + _escape_url(facts.url) + "}"
    # What the entry lacks but the paper knows (a crossref's booktitle and year, say).
    extra: dict[str, str] = {}
    venue = facts.venue
    container = _CONTAINER_TYPES.get(entry_type)
    if container == "journal" and biblatex:
        container = "journaltitle"
    if venue is not None and container and container not in fields:
        extra[container] = venue.container
    if venue is not None and venue.volume and "volume" not in fields:
        extra["volume"] = str(venue.volume)
    if venue is not None and venue.publisher and "publisher" not in fields:
        extra["publisher"] = venue.publisher
    if paper.editor and "editor" not in fields and entry_type in ("inproceedings", "incollection"):
        extra["editor"] = " and ".join(
            _bibtex_author(person) for person in map(_person, paper.editor) if person
        )
    if facts.year and not ({"year", "date"} & fields.keys()):
        extra["date" if biblatex else "year"] = str(facts.year)
    if facts.doi and "doi" not in fields:
        extra["doi"] = facts.doi
    if facts.url and "url" not in fields and paper.links:
        extra["url"] = facts.url
    if include_abstract and "abstract" not in fields and _clean(paper.abstract):
        # a list's own entry without one (Paper Copilot's), as a generated entry gives it
        extra["abstract"] = paper.abstract
    lines = []
    names, common = _title_evidence(paper, facts.ordinary, facts.compounds)
    for name, value in fields.items():
        if name in ("author", "editor"):
            value = _clean(_untagged(value))
        written = _source_value(name, value)
        if name in ("author", "editor"):
            written = _capitalised_names(written)
        if name == "title" and (
            _escapes_markup(value, paper.title) or _other_title(value, paper.title)
        ):
            written = "{" + _protected_title(paper.title, names=names, common=common) + "}"
        elif name == "title" and written.startswith("{"):
            # a style lowercases the source's "EX2" too ("Ex2"): capitals protected as
            # in a generated title, the source's own braces kept as they are
            written = (
                "{" + _protected_title(written[1:-1], keep=True, names=names, common=common) + "}"
            )
        if written != "{}":
            lines.append((name, written))
    for name, value in extra.items():
        if name in ("url", "doi"):
            written = "{" + _escape_url(value) + "}"
        elif name == "editor":
            written = "{" + value + "}"
        else:
            written = "{" + bibtex_escape(value) + "}"
        lines.append((name, written))
    body = ",\n".join(f"  {name} = {value}" for name, value in lines)
    return f"@{entry_type}{{{facts.key},\n{body}\n}}"


# ------------------------------------------------------------------------ context


@dataclass(frozen=True)
class _Facts:
    """Everything the formatters need, worked out once per paper."""

    paper: Paper
    key: str
    authors: tuple[str, ...]
    #: the editors, named in place of authors by a work that has none (an edited book)
    editors: tuple[str, ...]
    #: the editors of the proceedings or book the work is in, named with it (never a
    #: journal's)
    container_editors: tuple[str, ...]
    year: int | None
    venue: _Venue | None
    #: the work's own page (BibTeX's url, :func:`_page`): its source entry's url, else one
    #: of the record's links, never one its abstract mentions ("code at …", "a longer
    #: version is at …")
    url: str | None
    pdf: str | None
    #: the paper's URL in every format (APA's and MLA's link, :func:`_address`): its DOI's
    #: address, else its page
    address: str | None
    #: the link to follow to the paper (:func:`best_link`): its URL, else the best link
    #: its abstract mentions when the record gives none, which no citation gives; only
    #: to say that a paper without a URL has such a link (:func:`_no_url`)
    link: str | None
    doi: str | None
    arxiv: str | None
    arxiv_class: str | None
    #: the citation string of the published version (arXiv's ``journal-ref``), given as
    #: it is written where no journal or proceedings names the venue
    journal_ref: str | None
    #: the published version as the styles' text gives it where ``journal_ref`` does: the
    #: reference without the author and title it may open with (:func:`journal_part`)
    published_as: str | None
    #: the site a web page or a blog post is on (a CSL ``container-title``)
    site: str | None
    #: the day a post or a page on its site came out, as its source dates it: (year,
    #: month, day), the month and day None when not given; None for any other work
    date: tuple[int, int | None, int | None] | None
    #: the edition of the book (or the book the work is in) as styles give it ("2nd ed."),
    #: None for a first edition or none known
    edition: str | None
    #: a report's number ("LA-UR-08-05495"), for a report that stands alone
    report: str | None
    #: what a submission that was not published says of itself (:func:`submission_status`:
    #: "Submitted to ICLR 2024"), cited as an unpublished work; None for any other work
    submission: str | None
    #: where such a submission is ("OpenReview"), when it is on OpenReview
    submitted_at: str | None
    warnings: tuple[str, ...]
    #: the title's capitalised words the papers of the library write as ordinary words
    #: (:func:`_ordinary_words`), lower case: no name for a title to keep capitalised
    ordinary: frozenset[str] = frozenset()
    #: the title's names joined by a hyphen its abstract writes as names (:func:`_compound_names`)
    compounds: frozenset[str] = frozenset()


#: what a thesis is, as APA and MLA name it, by whether it is a master's
_THESIS_NAMES = {
    False: ("Doctoral dissertation", "PhD dissertation"),
    True: ("Master's thesis", "MA thesis"),
}


def _thesis(paper: Paper) -> tuple[str, str] | None:
    """What a thesis is, as APA and as MLA name it ("Doctoral dissertation", "PhD
    dissertation"; "Master's thesis", "MA thesis"), by its entry type or the ``type``
    its entry gives (BibLaTeX's ``@thesis`` with ``type = {mathesis}``); None for any
    other work."""
    kind = (paper.entry_type or "").lower()
    if kind not in ("phdthesis", "mastersthesis", "thesis"):
        return None
    written = (paper.source_entry.get("type") if paper.source_entry else None) or ""
    written = written.strip().lower()
    master = kind == "mastersthesis" or "master" in written or written in ("mathesis", "msthesis")
    return _THESIS_NAMES[master]


def _is_report(paper: Paper) -> bool:
    return (paper.entry_type or "").lower() in ("techreport", "report")


def _book_series(facts: _Facts) -> tuple[str, str]:
    """The series a work that stands alone is in and its volume, as its source gives
    them (BibTeX's ``series`` and ``volume`` of a book: "Lecture Notes in Computer
    Science", "4741"), each "" when not given; ("", "") for a work in a journal or in
    proceedings, whose volume is its container's."""
    paper = facts.paper
    if facts.venue is not None or (paper.entry_type or "").lower() not in _STANDALONE_TYPES:
        return "", ""
    return _plain(_clean(getattr(paper, "series", None))), _plain(_clean(paper.volume))


#: a venue that says the work was submitted, not published: OpenReview's "Submitted to ICLR
#: 2024" (under review, or rejected), "NeurIPS 2023 Conference Withdrawn Submission",
#: "ICLR 2024 Conference Desk Rejected Submission", "… Blind Submission"
_SUBMISSION_VENUE = re.compile(r"(?i)^\s*submitted\s+to\b|\bsubmission\s*$")
#: a decision that the work was not accepted: "Reject", "Desk Reject", "Desk rejected",
#: "Withdraw", "Withdrawn", "Rejected"
_NOT_ACCEPTED = re.compile(r"(?i)^\s*(?:desk[\s_-]*)?reject(?:ed)?\b|^\s*withdraw(?:n)?\b")
#: a decision that the work was accepted: "Accept (Poster)", "Accept: notable-top-5%"
_ACCEPTED = re.compile(r"(?i)^\s*accept(?:ed)?\b")
#: a written venue that says the decision already ("… Withdrawn Submission")
_SAYS_DECISION = re.compile(r"(?i)\breject|\bwithdr")


def submission_status(paper: Paper) -> str | None:
    """What a submission that was not published says of itself: its venue as written when
    that says so ("Submitted to ICLR 2024", "NeurIPS 2023 Conference Withdrawn
    Submission"), with the decision its source gives when the venue does not say it
    ("Submitted to ICLR 2024 (Reject)"), else the decision its list gives with the venue it was submitted to
    ("Submitted to ICLR 2023 (Reject)"); None for a paper its source does not call
    rejected, withdrawn or still under review. Such a paper is cited as an unpublished
    work, never as one in the proceedings it was submitted to."""
    status = _clean(paper.status)
    if _ACCEPTED.search(status):
        # its source says it was accepted ("Accept (Poster)"), whatever the venue of
        # its submission says ("ICLR 2019 Conference Blind Submission")
        return None
    decided = bool(status) and bool(_NOT_ACCEPTED.search(status))
    for written in (paper.venue, paper.booktitle):
        cleaned = _clean(written)
        if cleaned and _SUBMISSION_VENUE.search(cleaned):
            # "Submitted to ICLR 2024" of a submission its venueid files as rejected or
            # withdrawn: the decision with it, as a list's status is ("… (Reject)")
            if decided and not _SAYS_DECISION.search(cleaned):
                return f"{cleaned} ({status})"
            return cleaned
    if not decided:
        return None
    venue = _clean(paper.venue) or _clean(paper.booktitle)
    if venue and paper.year and str(paper.year) not in venue:
        venue = f"{venue} {paper.year}"  # a list of the venue's year ("ICLR", 2023)
    return f"Submitted to {venue} ({status})" if venue else status


#: a submission's status as :func:`submission_status` gives it with a decision: the
#: venue it was submitted to, then the decision in parentheses
_STATUS_WITH_DECISION = re.compile(r"^(?P<venue>.*?\S)\s*\((?P<decision>[^()]*\S[^()]*)\)$")


def submission_read(text: str | None) -> tuple[str | None, str | None] | None:
    """The venue and the decision a submission's status says, as its citations give it
    (:func:`submission_status`; a RIS record's ``M3``, a CSL item's ``genre``): "Submitted
    to ICLR 2024 (Reject)" is ``("Submitted to ICLR 2024", "Reject")``, "NeurIPS 2023
    Conference Withdrawn Submission" that venue and no decision, "Reject" no venue and
    that decision. A paper read back with them is cited as it was. None for a text
    that says no submission ("Journal Article", a thesis's kind)."""
    cleaned = _clean(text)
    found = _STATUS_WITH_DECISION.match(cleaned)
    if (
        found
        and _SUBMISSION_VENUE.search(found.group("venue"))
        and _NOT_ACCEPTED.search(found.group("decision"))
    ):
        return found.group("venue"), found.group("decision")
    if _SUBMISSION_VENUE.search(cleaned):
        return cleaned, None
    if _NOT_ACCEPTED.search(cleaned):
        return None, cleaned
    return None


#: a decision that the work was accepted, as a list gives it: "Oral", "Poster",
#: "Spotlight", "Accept", "Accept (Poster)"
_ACCEPTED_DECISION = re.compile(r"(?i)^\s*(?:oral|poster|spotlight|accept(?:ed)?)\b")


def accepted_decision(text: str | None) -> str | None:
    """The decision ``text`` gives where it says the work was accepted ("Oral",
    "Poster", "Spotlight", "Accept (Poster)"), as tuireader's RIS and CSL-JSON exports
    write a paper's (a record's ``M3``, an item's ``genre``); None for any other text
    ("Journal Article", a thesis's kind, a submission's status)."""
    cleaned = _clean(text)
    return cleaned if cleaned and _ACCEPTED_DECISION.match(cleaned) else None


def _on_openreview(paper: Paper) -> bool:
    return bool(paper.openreview_id) or any(
        _host(link.url).endswith("openreview.net") for link in paper.links
    )


def _facts(paper: Paper, key: str) -> _Facts:
    year = _year(paper)
    # a submission that was rejected, withdrawn or is under review is in no proceedings
    submission = submission_status(paper)
    venue = None if submission else _venue(paper, year)
    links = _all_links(paper, venue)
    own = [link for link in links if link.origin != "text"]
    url = _page(paper, links)
    address = _doi_url(paper.doi) or url  # _address, the page worked out once
    pdf = _pdf_link(own)
    arxiv = _arxiv(paper, links)
    authors = tuple(_authors(paper))
    named = tuple(person for person in map(_person, paper.editor) if person)
    editors = () if authors else named
    in_volume = authors and venue is not None and venue.entry_type != "article"
    warnings = []
    if not authors and not editors:
        warnings.append(W_NO_AUTHORS)
    if paper.title_derived:
        warnings.append(W_UNKNOWN_TITLE if paper.title_unknown else W_DERIVED_TITLE)
    if year is None:
        warnings.append(W_NO_YEAR)
    # a book's publisher and a report's institution are where it was published
    published = (paper.entry_type or "").lower() in _STANDALONE_TYPES and _clean(paper.publisher)
    # a journal reference is no journal's name ("Phys.Rev.D76:013009,2007"): given whole,
    # as a note, where nothing else names the venue
    journal_ref = _written_reference(_clean(paper.journal_ref)) if venue is None else ""
    # a web page or a post (a source's misc or online work) names its site as its venue
    web = (paper.entry_type or "").lower() in ("misc", "online")
    # a submission not published names where it was submitted (its status), no site
    site = _site(paper) if web and venue is None and not submission else ""
    # a post is dated to the day in APA and MLA, as its source dates it; a preprint on
    # arXiv, or a work a journal reference places, by its year
    date = _source_date(paper, year) if site and arxiv is None and not journal_ref else None
    unplaced = venue is None and arxiv is None and not journal_ref and not site
    unplaced = unplaced and not submission
    if unplaced and paper.source_entry is None and not published:
        warnings.append(W_NO_VENUE)
    return _Facts(
        paper=paper,
        key=key,
        authors=authors,
        editors=editors,
        container_editors=named if in_volume else (),
        year=year,
        venue=venue,
        url=url,
        pdf=pdf if pdf != url else None,
        address=address,
        link=address or _page_of(links),
        doi=_doi(paper.doi) if paper.doi else None,
        arxiv=arxiv[0] if arxiv else None,
        arxiv_class=arxiv[1] if arxiv else None,
        journal_ref=journal_ref or None,
        published_as=journal_part(journal_ref) if journal_ref else None,
        site=site or None,
        date=date,
        edition=_edition(_edition_of(paper)),
        report=_clean(paper.number) or None if venue is None and _is_report(paper) else None,
        submission=submission,
        submitted_at="OpenReview" if submission and _on_openreview(paper) else None,
        warnings=tuple(warnings),
    )


def _written_reference(reference: str) -> str:
    """A journal reference as physicists write it, where it is in the compact form of
    arXiv's older records: "Phys.Rev.D76:054502,2007" is "Phys. Rev. D 76, 054502
    (2007)", the journal's abbreviated words spaced, then volume, pages (as written:
    "1149--1173" a range as "1149-1173" is) and year, as the reader of arXiv's records
    reads the form (:func:`~tuireader.render.journalnames.compact_parts`). Each
    part of several (an erratum after a ``;``) is read alone; any other form, written
    by the authors, is given as they wrote it."""
    parts = []
    for part in reference.split(";"):
        compact = compact_parts(part.strip())
        if compact is None:
            parts.append(part.strip())
            continue
        journal, volume, pages, year = compact
        parts.append(f"{journal} {volume}, {pages} ({year})")
    return "; ".join(part for part in parts if part)


def _one_place(where: str, journal: str = "") -> str:
    """A journal reference's one number as IEEE writes it: an article number where it
    is one by its look (a leading zero, five digits or more, a letter: APS's "013009",
    "L12") or its journal numbers articles (JHEP's "112"), else the page an article
    starts on ("Philosophical Magazine 86 (2006), 753": "p. 753")."""
    article = where.startswith("0") or len(where) >= 5 or not where.isdigit()
    article = article or journal.strip() in MONTHLY_JOURNALS
    return f"Art. no. {where}" if article else f"p. {where}"


def _reference_parts(reference: str, year: int | None) -> tuple[str, str, str, bool] | None:
    """A journal reference's journal, volume, pages (an en dash between a range's ends)
    and whether they are a range, where the reference is one of the form "Journal
    Volume, Pages (Year)" or "Journal Volume (Year), Pages" and its year the work's; else None (given as written)."""
    parts = reference_parts(reference.strip())
    if parts is None or year is None or parts.year != year:
        return None
    journal, volume, pages, _ = parts
    if not names_a_journal(journal):
        return None  # an author or a title before the journal: given as written
    ranged = "-" in pages
    return journal.strip(), volume, re.sub(r"-{1,2}", "\u2013", pages), ranged


def _without_year(reference: str, year: int | None) -> str:
    """A journal reference written in a form not read, without the year that a citation
    gives already: its one "(2007)" or its closing ", 2008" ("Studia Math. 182 (2007) no.
    3, 283-294" is "Studia Math. 182 no. 3, 283-294"); one of several parts, or giving
    the year otherwise, as written."""
    if year is None or ";" in reference or len(re.findall(rf"(?<!\d){year}(?!\d)", reference)) != 1:
        return reference
    text = re.sub(rf"\s*\({year}\)", "", reference)
    if text == reference:
        text = re.sub(rf",\s*{year}\.?$", "", reference)
    return text


def cited_site(paper: Paper) -> tuple[str, int | None, int | None]:
    """The site a web page or a post is on, and the month and day it is dated to, as
    its citations give them (APA's "(2025, March 24). … Medium."); ("", None, None) for
    any other work. Its source entry's (``titleaddon``, ``date``) are among them: the
    JSON and CSV exports write them, which keep no entry."""
    paper = _with_source(paper)
    if (paper.entry_type or "").lower() not in ("misc", "online"):
        return "", None, None
    site = _site(paper)
    date = _source_date(paper, _year(paper)) if site else None
    return site, date[1] if date else None, date[2] if date else None


def _site(paper: Paper) -> str:
    """The site a web page or a post is on: the paper's venue (a CSL ``container-title``),
    else its source entry's ``titleaddon`` (Zotero's BibLaTeX gives a blog post's site so:
    ``titleaddon = {Medium}``) or a ``howpublished`` that names no address; never arXiv."""
    entry = paper.source_entry
    candidates = [paper.venue, paper.site]
    if entry is not None:
        candidates += [entry.get("titleaddon"), entry.get("howpublished")]
    for candidate in candidates:
        text = _clean(candidate)
        if text and not _is_arxiv_venue(text) and not _ADDRESS_IN.search(text):
            return text
    return ""


#: what says a value is an address rather than a name: a scheme, ``\url``, ``www.``
_ADDRESS_IN = re.compile(r"(?i)://|\\url\b|^www\.")
#: a date as BibLaTeX writes it: ``2025-03-24``, ``2025-03``, ``2025``
_ISO_DATE = re.compile(r"\s*\{?((?:19|20)\d{2})(?:-(\d{1,2})(?:-(\d{1,2}))?)?\b")


def _source_date(paper: Paper, year: int | None) -> tuple[int, int | None, int | None] | None:
    """(year, month, day) of the work as its source entry dates it (BibLaTeX's ``date``,
    BibTeX's ``year``, ``month`` and ``day``), or, without one, as its source did (a CSL
    item's ``issued``: ``Paper.month`` and ``Paper.day``), the parts it leaves out None;
    None when it gives no date of ``year``."""
    entry = paper.source_entry
    if year is None:
        return None
    if entry is None:
        if paper.month is None or year != paper.year:
            return None
        return (year, paper.month, paper.day if paper.month else None)
    month: int | None = None
    day: int | None = None
    found = _ISO_DATE.match(entry.get("date") or "")
    if found is not None:
        if int(found.group(1)) != year:
            return None
        month = int(found.group(2)) if found.group(2) else None
        day = int(found.group(3)) if found.group(3) else None
    else:
        written = unbraced(entry.get("month") or "")
        span = _month_span(written)  # Web of Science's ``APR 2``: April the 2nd
        month = span[0] if span else _month_number(written)
        written = unbraced(entry.get("day") or "").strip()
        day = int(written) if written.isdigit() else span[1] if span else None
    if month is None or not 1 <= month <= 12:
        return (year, None, None)
    return (year, month, day if day is not None and 1 <= day <= 31 else None)


_MONTH_NAMES = (  # noqa: SIM905 - a word list reads better as text
    "January February March April May June July August September October November December"
).split()
#: months as MLA abbreviates them (May, June and July are not)
_MLA_MONTHS = "Jan. Feb. Mar. Apr. May June July Aug. Sept. Oct. Nov. Dec.".split()  # noqa: SIM905


def _apa_date(facts: _Facts) -> str:
    """APA's date: "(2025, March 24)" for a post dated to the day, else "(2025)"."""
    if facts.year is None:
        return "(n.d.)"
    month = facts.date[1] if facts.date else None
    if month is None:
        return f"({facts.year})"
    day = facts.date[2] if facts.date else None
    return f"({facts.year}, {_MONTH_NAMES[month - 1]}{f' {day}' if day else ''})"


def _mla_date(facts: _Facts) -> str:
    """MLA's date: "24 Mar. 2025" for a post dated to the day, else the year."""
    month = facts.date[1] if facts.date else None
    if month is None:
        return str(facts.year)
    day = facts.date[2] if facts.date else None
    return " ".join(str(part) for part in (day, _MLA_MONTHS[month - 1], facts.year) if part)


def _edition_of(paper: Paper) -> str:
    """The edition as the source writes it ("Second edition", "2"): the paper's own,
    else its source entry's."""
    entry = paper.source_entry
    return _clean(getattr(paper, "edition", None) or (entry.get("edition") if entry else ""))


#: what a source writes after an edition's number or name ("edition", "ed.", "Aufl."),
#: with the space before it: a full stop before it ends the word it follows ("exp. ed.")
_EDITION_WORD = re.compile(r"(?i)\s*\b(edition|ed|aufl(age)?|[ée]d(ition)?)\b\.?")


#: a short word ending with its full stop: an abbreviation ("exp.", "enl.", "rev.")
_ABBREVIATION_END = re.compile(r"\b[^\W\d_]{1,4}\.$")


#: "revised" as sources write it ("Revised", "rev.")
_REVISED = re.compile(r"(?i)rev(?:ised|\.)?")


def _edition_count(words: Sequence[str]) -> int | None:
    """The number of an edition written as one number or ordinal ("3", "3rd", "3.",
    "Third"), else None."""
    bare = " ".join(words)
    number = re.fullmatch(r"(?i)(\d+)\s*(?:st|nd|rd|th|\.)?", bare)
    ordinals = [word.lower() for word in _ORDINAL_WORDS]
    if number is not None:
        return int(number.group(1))
    return ordinals.index(bare.lower()) if bare.lower() in ordinals else None


def _edition(written: str) -> str | None:
    """An edition as APA and MLA give it: "2nd ed." for "2", "2nd", "2. ed", "Second
    edition"; "Rev. ed." for a revised one, "3rd rev. ed." for "3rd revised ed.", "Third
    revised edition" or "Revised third edition"; other words as written, "revised" as
    "rev." and "edition" as "ed." ("Updated ed.", "Rev. and expanded ed."), an
    abbreviation with its full stop ("Rev. and exp. ed."). None for a
    first edition, which neither style names (a revised first edition is "Rev. ed.")."""
    text = _plain(written)
    if not text:
        return None
    bare = _EDITION_WORD.sub("", text).strip(" ,")
    if bare.endswith(".") and not _ABBREVIATION_END.search(bare):
        bare = bare[:-1].rstrip()  # a sentence's full stop, not an abbreviation's
    words = [word for word in re.split(r"[\s,]+", bare) if word]
    revised = [word for word in words if _REVISED.fullmatch(word)]
    rest = [word for word in words if not _REVISED.fullmatch(word)]
    count = _edition_count(rest)
    if count is not None or not rest:
        number = f"{_ordinal(count)} " if count is not None and count > 1 else ""
        if revised:
            return f"{number}rev. ed." if number else "Rev. ed."
        return f"{number}ed." if number else None
    shown = re.sub(r"(?i)\brev(?:ised)?\b\.?", "rev.", bare)
    return f"{shown[0].upper()}{shown[1:]} ed."


#: preprint servers other than arXiv, as sources name them as a journal (Zotero's and
#: Crossref's bioRxiv items: ``container-title`` "bioRxiv", ``page`` the preprint's
#: number): a place of posting, with no volume, issue or pages
_PREPRINT_SERVERS = frozenset(
    {
        "biorxiv",
        "medrxiv",
        "chemrxiv",
        "psyarxiv",
        "socarxiv",
        "eartharxiv",
        "engrxiv",
        "techrxiv",
        "ssrn",
        "ssrn electronic journal",
        "research square",
        "preprints",
        "preprints.org",
        "osf preprints",
    }
)


def _on_preprint_server(venue: _Venue | None) -> bool:
    """The work is a preprint a server other than arXiv posted (:data:`_PREPRINT_SERVERS`),
    named as its journal: APA gives the server as it gives arXiv ("bioRxiv."), MLA the
    server and the date, neither an article number the source gives as its pages."""
    if venue is None or venue.entry_type != "article":
        return False
    return _plain(venue.container).strip().rstrip(".").casefold() in _PREPRINT_SERVERS


def _published_by_arxiv(facts: _Facts) -> bool:
    """Whether arXiv is where the work was published, as APA, MLA and Markdown name it:
    an arXiv paper with no DOI but arXiv's own. One whose DOI is another publisher's (a
    chapter of a Springer book, 10.1007/978-1-4020-6348-0_12) was published there: its
    DOI says where, and arXiv is not named as its publisher."""
    if facts.arxiv is None:
        return False
    return facts.doi is None or _ARXIV_DOI.search(facts.doi) is not None


def _missing_note(facts: _Facts) -> str | None:
    """BibTeX's ``note``: the journal reference, and what is missing, which styles print
    in the reference (RIS and CSL-JSON give the journal reference alone:
    :func:`_reference_note`)."""
    parts = [facts.journal_ref] if facts.journal_ref else []
    if facts.submission:
        parts.append(facts.submission)
    if facts.paper.title_unknown:
        parts.append("Title not known")
    elif facts.paper.title_derived:
        parts.append("Title derived from the abstract")
    if not facts.authors and not facts.editors:
        parts.append("authors unknown" if parts else "Authors unknown")
    return "; ".join(parts) if parts else None


def _reference_note(facts: _Facts) -> str | None:
    """RIS's ``N1`` and CSL's ``note``: the journal reference, where nothing else names the
    venue; never what tuireader warns about (no author named, a derived title). Zotero
    makes ``N1`` a note of the user's and keeps ``note`` in Extra: the warnings are said
    to the user (:attr:`Citation.warnings`), not written where the user's own notes go."""
    return facts.journal_ref or None


# ------------------------------------------------------------------------- BibTeX


def _pages(pages: str | None) -> str | None:
    """A page range with BibTeX's en dash (``1-22``, ``5999 -- 6009``, ``5999 – 6009``
    → ``1--22``, ``5999--6009``); a range that starts and ends on one page (PMLR's
    ``814--814``) is that page."""
    cleaned = _clean(pages)
    if not cleaned:
        return None
    ranged = re.sub(r"(?<=\w)\s*(?:-{1,2}|[\u2013\u2014])\s*(?=\w)", "--", cleaned)
    first, dash, last = ranged.partition("--")
    return first if dash and first == last else ranged


def _page_range_given(pages: str | None) -> bool:
    """The source gives pages as a range (``12-19``, or ``814--814`` for one page), not
    a lone number, which in a journal is the article's number."""
    return bool(re.search(r"\w\s*[-\u2013]+\s*\w", _clean(pages)))


#: entry types that stand alone (no journal or proceedings), and the field that names
#: the body that published each.
_STANDALONE_TYPES = {
    "book": "publisher",
    "techreport": "institution",
    "phdthesis": "school",
    "mastersthesis": "school",
    "manual": "organization",
    "unpublished": "note",
    "collection": "publisher",
    "proceedings": "publisher",
    # BibLaTeX's own: a report, and the works of several volumes and a reference work
    # (MLA quoted their titles as a paper's in a container)
    "report": "institution",
    "mvbook": "publisher",
    "mvcollection": "publisher",
    "mvproceedings": "publisher",
    "reference": "publisher",
    "mvreference": "publisher",
}


def _bib_entry(facts: _Facts, *, biblatex: bool, include_abstract: bool) -> str:
    paper, venue = facts.paper, facts.venue
    names, common = _title_evidence(paper, facts.ordinary, facts.compounds)
    fields: list[tuple[str, str]] = [
        (
            "title",
            _protected_title(paper.title, names=names, common=common),
        )
    ]
    if facts.authors:
        fields.append(("author", " and ".join(_bibtex_author(name) for name in facts.authors)))
    arxiv_only = venue is None and facts.arxiv is not None
    standalone = (paper.entry_type or "").lower()
    if venue is None and not arxiv_only and standalone in _STANDALONE_TYPES:
        # a book, report or thesis: no container, its publisher under the field it takes;
        # BibTeX has no @collection: an edited book is a @book with its editors
        entry_type = standalone if biblatex else _TO_BIBTEX_TYPE.get(standalone, standalone)
        if facts.editors:
            fields.append(("editor", " and ".join(_bibtex_author(n) for n in facts.editors)))
        fields.extend(_series_field(paper))
        number = _clean(paper.number)
        if number and _series_field(paper) and not facts.report:
            # its number in the series ("Frontiers in AI and Applications", v.336)
            fields.append(("number", bibtex_escape(number)))
        publisher = _clean(paper.publisher)
        if publisher:
            fields.append((_STANDALONE_TYPES[standalone], bibtex_escape(publisher)))
        fields.extend(_place_field(paper, biblatex=biblatex))
        if facts.report:
            fields.append(("number", bibtex_escape(facts.report)))
    elif facts.submission:
        # a submission not published: where it is (OpenReview), what it is in ``note``
        entry_type = "misc"
        if facts.submitted_at:
            fields.append(("howpublished", bibtex_escape(facts.submitted_at)))
    elif venue is None:
        # a preprint is BibLaTeX's @online, but one its source calls a @misc stays one:
        # read back, its entry type is its source's again
        online = arxiv_only and biblatex and standalone != "misc"
        entry_type = "online" if online else "misc"
        if facts.site and not arxiv_only:
            fields.append(("howpublished", bibtex_escape(facts.site)))
    elif venue.entry_type == "article":
        entry_type = "article"
        fields.append(("journaltitle" if biblatex else "journal", bibtex_escape(venue.container)))
    else:
        entry_type = venue.entry_type
        fields.append(("booktitle", bibtex_escape(venue.container)))
    if venue is not None:
        if venue.series:
            fields.append(("series", bibtex_escape(venue.series)))
        elif entry_type != "article":  # a journal is no series of books
            fields.extend(_series_field(paper))
        editors = [_bibtex_author(person) for person in map(_person, paper.editor) if person]
        if editors and entry_type != "article":
            fields.append(("editor", " and ".join(editors)))
        if venue.volume:
            fields.append(("volume", bibtex_escape(str(venue.volume))))
        if _clean(paper.number):
            fields.append(("number", bibtex_escape(paper.number or "")))
        pages = _pages(paper.pages)
        if pages:
            fields.append(("pages", bibtex_escape(pages)))
        if venue.publisher:
            fields.append(("publisher", bibtex_escape(venue.publisher)))
        if entry_type != "article":  # a journal's place is no part of its citation
            fields.extend(_place_field(paper, biblatex=biblatex))
    edition = _clean(getattr(paper, "edition", None))  # as the source wrote it
    if edition and entry_type != "article":
        fields.append(("edition", bibtex_escape(edition)))
    if facts.year:
        # the month and day its source dates it by (a CSL item's ``issued``): BibTeX's
        # month macro (styles print it, none the day), BibLaTeX's date to the day
        month = paper.month if paper.year == facts.year else None
        day = paper.day if month else None
        if biblatex:
            fields.append(("date", _iso_date(facts.year, month, day)))
        else:
            fields.append(("year", str(facts.year)))
            if month:
                fields.append(("month", _MONTHS[month - 1]))
    if facts.url:
        fields.append(("url", _escape_url(facts.url)))
    if facts.pdf:
        fields.append(("pdf", _escape_url(facts.pdf)))
    if facts.doi:
        fields.append(("doi", _escape_url(facts.doi)))
    if facts.arxiv:
        fields.append(("eprint", _escape_url(facts.arxiv)))
        fields.append(("eprinttype", "arxiv") if biblatex else ("archiveprefix", "arXiv"))
        if facts.arxiv_class:
            fields.append(
                ("eprintclass" if biblatex else "primaryclass", _escape_url(facts.arxiv_class))
            )
    note = _missing_note(facts)
    if note:
        fields.append(("note", bibtex_escape(note)))
    if include_abstract and _clean(paper.abstract):
        fields.append(("abstract", bibtex_escape(paper.abstract)))
    body = ",\n".join(
        f"  {name} = {value}" if name == "month" else f"  {name} = {{{value}}}"
        for name, value in fields
    )
    return f"@{entry_type}{{{facts.key},\n{body}\n}}"


def _series_field(paper: Paper) -> list[tuple[str, str]]:
    """The series of books or proceedings the source gives (CSL's ``collection-title``:
    "Lecture Notes in Computer Science") as BibTeX's and BibLaTeX's ``series``, which
    styles print after the book's title. APA 7 names no series."""
    series = _clean(getattr(paper, "series", None))
    return [("series", bibtex_escape(series))] if series else []


def _place_field(paper: Paper, *, biblatex: bool) -> list[tuple[str, str]]:
    """The place of publication the source gives (RIS's ``CY``) as BibTeX's ``address``
    or BibLaTeX's ``location``, which styles print before the publisher ("Amsterdam:
    IOS Press"); none for a place that says there is none (:data:`_NO_PLACE`). APA 7
    and MLA 9 name no place."""
    place = _clean(paper.place)
    if not place or _NO_PLACE.fullmatch(place):
        return []
    return [("location" if biblatex else "address", bibtex_escape(place))]


def _iso_date(year: int, month: int | None, day: int | None) -> str:
    """BibLaTeX's ``date``: ``2019-06-20``, ``2019-06`` or ``2019``."""
    if not month:
        return str(year)
    return f"{year}-{month:02d}" + (f"-{day:02d}" if day else "")


# ------------------------------------------------------------------- plain styles


def _display_title(facts: _Facts) -> str:
    title = _plain(facts.paper.title) or "Untitled"
    if facts.paper.title_derived:
        title += f" [{UNKNOWN_TITLE_NOTE if facts.paper.title_unknown else DERIVED_TITLE_NOTE}]"
    return title


#: what closes a title after its own punctuation: Markdown's emphasis, quotation marks
_CLOSING = ("*", "_", '"', "\u201d", "\u2019")


def _end(text: str, mark: str = ".") -> str:
    """``text`` followed by ``mark`` unless it already ends in sentence punctuation, also
    inside the emphasis or quotation marks that close it (``*Performance?*``)."""
    inner = text[:-1] if text.endswith(_CLOSING) else text
    return text if inner.endswith((".", "?", "!")) else text + mark


#: a name a person goes by, written beside the given names: "Shixiang (Shane)",
#: 'Robert "Bob"'
_NICKNAME = re.compile(r"\s*(?:\([^()]*\)|\"[^\"]*\"|\u201c[^\u201d]*\u201d)")


def _initials(given: str) -> str:
    """APA's initials of given names: "Jean-Paul" → "J.-P.", "E.J." → "E. J."; a name
    the person goes by, written beside them, has none ("Shixiang (Shane)" → "S.")."""
    out = []
    given = _NICKNAME.sub("", given).strip() or given
    for word in given.split():
        if _lower_particle(word):  # "de" in "Antonio Henrique de Oliveira" is no name
            continue
        joined = []
        for part in word.split("-"):
            pieces = (next((ch for ch in piece if ch.isalnum()), "") for piece in part.split("."))
            letters = [letter for letter in pieces if letter]
            if letters:
                joined.append(" ".join(f"{letter}." for letter in letters))
        if joined:
            out.append("-".join(joined))
    return " ".join(out)


def _family_first(given: str, family: str, suffix: str) -> str | None:
    """A name in Chinese, Japanese or Korean script as every style gives it, as CSL
    processors do: family name first, no space, no comma and no initials ("张三" of "张,
    三"); None for a name of another script."""
    if not family_first(family, given):
        return None
    return f"{family}{given}, {suffix}" if suffix else f"{family}{given}"


def _in_script_order(name: str) -> bool:
    """Whether a style gives ``name`` as its script writes it, not turned: a name in
    Chinese, Japanese or Korean script ("张伟", "田中太郎", "张, 伟")."""
    given, family, _ = (_plain(part) for part in name_parts(name))
    return family_first(family, given) or (not given and family_first_parts(family) is not None)


def _apa_name(name: str) -> str:
    given, family, suffix = (_plain(part) for part in name_parts(name))
    if (whole := _family_first(given, family, suffix)) is not None:
        return whole
    initials = _initials(given)
    name = f"{family}, {initials}" if initials else family
    return f"{name}, {suffix}" if suffix else name


def _apa_authors(authors: Sequence[str]) -> str:
    named, more = _named(authors)
    if more:
        # the authors a source does not name are "et al.", never a person ("al., e.")
        return ", ".join(_apa_name(name) for name in named) + ", et al."
    names = [_apa_name(name) for name in authors]
    if len(names) == 1:
        return names[0]
    if len(names) > 20:
        return ", ".join(names[:19]) + ", . . . " + names[-1]
    if len(names) == 2 and _in_script_order(authors[0]):
        # the comma of "Lovelace, A., & Turing, A." closes a name turned family first: a
        # name in its script's order ("张伟 & 李娜", as CSL processors give it) takes none
        return f"{names[0]} & {names[1]}"
    return ", ".join(names[:-1]) + ", & " + names[-1]


def _apa_editor(name: str) -> str:
    """An editor named in the "In" element: initials first ("S. Chandar")."""
    given, family, suffix = (_plain(part) for part in name_parts(name))
    if (whole := _family_first(given, family, suffix)) is not None:
        return whole
    return " ".join(part for part in (_initials(given), family, suffix) if part)


def _apa_editors(editors: Sequence[str]) -> str:
    """The editors of the volume a work is in, as APA's "In" element names them:
    "A. Bonato & F. R. K. Chung (Eds.)", three or more with commas."""
    named, more = _named(editors)
    names = [_apa_editor(name) for name in named]
    role = "(Ed.)" if len(names) == 1 and not more else "(Eds.)"
    if more:
        listed = ", ".join(names) + ", et al."
    elif len(names) == 1:
        listed = names[0]
    elif len(names) == 2:
        listed = f"{names[0]} & {names[1]}"
    elif len(names) > 20:
        listed = ", ".join(names[:19]) + ", . . . " + names[-1]
    else:
        listed = ", ".join(names[:-1]) + ", & " + names[-1]
    return f"{listed} {role}"


def _apa(facts: _Facts) -> str:
    date = _apa_date(facts)
    venue = facts.venue
    # the edition of a book follows its title; a chapter's, the book's title
    edition = facts.edition if venue is None or venue.entry_type != "article" else None
    # APA 7: "Title (2nd ed., Vol. 4741)", the series not named
    volume = _book_series(facts)[1]
    book_detail = [edition] if edition and venue is None else []
    book_detail += [f"Vol. {volume}"] if volume else []
    book_edition = f" ({', '.join(book_detail)})" if book_detail else ""
    if facts.report:  # APA 7: "Title (Report No. LA-UR-08-05495)."
        book_edition += f" (Report No. {_plain(facts.report)})"
    thesis = _thesis(facts.paper) if venue is None else None
    school = _plain(facts.paper.publisher or "")
    if thesis:  # APA 7: "Title [Doctoral dissertation, Massachusetts Institute of Technology]."
        book_edition += f" [{thesis[0]}, {school}]" if school else f" [{thesis[0]}]"
    if facts.submission:  # APA 7's unpublished work: "Title [Submitted to ICLR 2024]."
        book_edition += f" [{_plain(facts.submission)}]"
    title = _end(_display_title(facts) + book_edition)
    if facts.authors:
        parts = [f"{_end(_apa_authors(facts.authors))} {date}.", title]
    elif facts.editors:  # an edited book: "Erleben, K. (Ed.). (2005)."
        role = "(Ed.)" if len(facts.editors) == 1 else "(Eds.)"
        parts = [f"{_apa_authors(facts.editors)} {role}. {date}.", title]
    else:
        parts = [title, f"{date}."]
    pages = _pages(facts.paper.pages)
    pages = pages.replace("--", "\u2013") if pages else None
    number = _plain(facts.paper.number or "")
    if facts.submission:  # where it is: "OpenReview."
        if facts.submitted_at:
            parts.append(_end(facts.submitted_at))
    elif _on_preprint_server(venue):  # APA 7: "Title. bioRxiv. https://doi.org/…"
        assert venue is not None
        parts.append(_end(_plain(venue.container)))
    elif venue is not None and venue.entry_type == "article":
        text = _plain(venue.container)
        if venue.volume:
            text += f", {_plain(venue.volume)}" + (f"({number})" if number else "")
        if pages:
            # a lone number in a journal is its article number ("e70", "103528"): APA
            # says so, where a range is the pages
            ranged = _page_range_given(facts.paper.pages)
            text += f", {pages}" if ranged else f", Article {pages}"
        parts.append(_end(text))
    elif venue is not None:
        detail = [edition] if edition else []
        if venue.volume:
            detail.append(f"Vol. {_plain(venue.volume)}")
        if pages:
            detail.append(f"p. {pages}" if pages.isdigit() else f"pp. {pages}")
        editors = f"{_apa_editors(facts.container_editors)}, " if facts.container_editors else ""
        parts.append(
            _end(
                f"In {editors}{_plain(venue.container)}"
                + (f" ({', '.join(detail)})" if detail else "")
            )
        )
        if venue.publisher:
            parts.append(_end(_plain(venue.publisher)))
    elif facts.published_as:  # the published version, as its reference gives it
        parts.append(_end(_plain(facts.published_as)))
    elif _published_by_arxiv(facts):
        parts.append("arXiv.")
    elif facts.site:  # a post's or a page's site: "phillipreeve.net."
        parts.append(_end(_plain(facts.site)))
    elif _clean(facts.paper.publisher) and not thesis:  # a book, a report: who published it
        parts.append(_end(_plain(facts.paper.publisher or "")))
    if facts.address:
        parts.append(facts.address)
    return " ".join(parts)


#: an article starting an organisation's name, which MLA leaves out
_LEADING_ARTICLE = re.compile(r"(?i)(the|an?)\s+(?=\S)")


def _mla_name(name: str, *, inverted: bool) -> str:
    """One name as MLA gives it: the first author's family name first ("Lovelace, Ada"),
    the others in their own order; an organisation's without its leading article."""
    if _institution(name):
        return _LEADING_ARTICLE.sub("", _plain(name), count=1)
    given, family, suffix = (_plain(part) for part in name_parts(name))
    if (whole := _family_first(given, family, suffix)) is not None:
        return whole
    if not inverted:
        return " ".join(part for part in (given, family, suffix) if part)
    text = f"{family}, {given}" if given else family
    return f"{text}, {suffix}" if suffix else text


def _mla_authors(authors: Sequence[str]) -> str:
    first = _mla_name(authors[0], inverted=True)
    if _named(authors)[1]:  # more authors than the source names: "Aubert, B., et al."
        return f"{first}, et al."
    if len(authors) == 1:
        return first
    if len(authors) == 2:
        # the comma closes the first name turned family first ("Lovelace, Ada, and …"):
        # a name in its script's order ("张伟 and 李娜") takes none
        comma = "" if _in_script_order(authors[0]) else ","
        return f"{first}{comma} and {_mla_name(authors[1], inverted=False)}"
    return f"{first}, et al."


def _mla_editors(editors: Sequence[str]) -> str:
    """The editors of the container, as MLA names other contributors: "edited by Anthony
    Bonato and Fan R. K. Chung", three or more by the first and "et al."."""
    named, more = _named(editors)
    names = [_mla_name(name, inverted=False) for name in named]
    if more:
        return f"edited by {names[0]} et al."
    if len(names) == 1:
        return f"edited by {names[0]}"
    if len(names) == 2:
        return f"edited by {names[0]} and {names[1]}"
    return f"edited by {names[0]} et al."


def _names_year(text: str, year: int) -> bool:
    """``text`` ends with ``year``, as a journal reference does ("…:013009,2007")."""
    return re.search(rf"(?<!\d){year}\)?\.?\s*$", text) is not None


def _holds_year(text: str, year: int) -> bool:
    """``text`` gives ``year`` anywhere, as a journal reference may: at its end
    ("…:013009,2007") or after the volume ("Philosophical Magazine 86 (2006), 753")."""
    return re.search(rf"(?<!\d){year}(?!\d)", text) is not None


def _mla_pages(pages: str, *, journal: bool, one_page: bool = False) -> str:
    """Where in its container a work is, as MLA gives it: ``pp. 1-22`` for a range of
    pages, ``p. 7`` for one (``one_page``: the source's range starts and ends on it); an
    article number (``e70``; a journal's only number for an article is one) has no
    label, as it is no page."""
    if "--" in pages:
        return f"pp. {pages.replace('--', '-')}"
    if (journal and not one_page) or not pages.isdigit():
        return pages
    return f"p. {pages}"


def _mla(facts: _Facts) -> str:
    # MLA quotes the title of a work in a container (quotation marks inside it become
    # single ones) and sets a work that stands alone (a book, a report, a thesis) in
    # italics, which plain text shows as the title itself.
    title = _display_title(facts)
    if (facts.paper.entry_type or "").lower() in _STANDALONE_TYPES or _thesis(facts.paper):
        quoted = _end(title)
    else:
        inner = title.replace('"', "'").replace("\u201c", "\u2018").replace("\u201d", "\u2019")
        quoted = f'"{_end(inner)}"'
    if facts.authors:
        head = f"{_end(_mla_authors(facts.authors))} {quoted}"
    elif facts.editors:  # an edited book: "Erleben, Kenny, editor."
        role = "editor" if len(facts.editors) == 1 else "editors"
        head = f"{_mla_authors(facts.editors)}, {role}. {quoted}"
    else:
        head = quoted
    venue = facts.venue
    thesis = _thesis(facts.paper) if venue is None else None
    if thesis and facts.year:
        # MLA 9: "2019. Massachusetts Institute of Technology, PhD dissertation."
        school = _plain(facts.paper.publisher or "")
        parts = [
            head,
            _end(_mla_date(facts)),
            _end(f"{school}, {thesis[1]}" if school else thesis[1]),
        ]
        return " ".join([*parts, _end(facts.address)] if facts.address else parts)
    # a book's edition is the first element after its title
    container = [facts.edition] if facts.edition and venue is None else []
    # a book's volume follows its edition; its series, with its number, ends the entry
    # (MLA 9: "… Springer, 2007. Lecture Notes in Computer Science 4741.")
    series, series_volume = _book_series(facts)
    if series_volume and not series:
        container.append(f"vol. {series_volume}")
    if facts.report:
        container.append(f"Report no. {_plain(facts.report)}")
    preprint = _on_preprint_server(venue)
    if facts.submission:  # "Submitted to ICLR 2024, OpenReview, 2024, https://…"
        container.append(_plain(facts.submission))
        if facts.submitted_at:
            container.append(facts.submitted_at)
    elif venue is not None and preprint:  # MLA 9: "bioRxiv, 24 Apr. 2018, https://doi.org/…"
        container.append(_plain(venue.container))
    elif venue is not None:
        container.append(_plain(venue.container))
        if facts.container_editors:
            container.append(_mla_editors(facts.container_editors))
        if facts.edition and venue.entry_type != "article":
            container.append(facts.edition)
        if venue.volume:
            container.append(f"vol. {_plain(venue.volume)}")
        if _clean(facts.paper.number):
            container.append(f"no. {_plain(facts.paper.number or '')}")
        # MLA names no publisher of a periodical: the journal is where it was published
        if venue.publisher and venue.entry_type != "article":
            container.append(_plain(venue.publisher))
    elif facts.published_as:  # the published version, as its reference gives it
        container.append(_plain(facts.published_as))
    elif _published_by_arxiv(facts):
        container.append("arXiv")
    elif facts.site:
        container.append(_plain(facts.site))
    elif _clean(facts.paper.publisher):
        container.append(_plain(facts.paper.publisher or ""))
    # a journal reference that gives the year ("Phys.Rev.D76:013009,2007",
    # "Philosophical Magazine 86 (2006), 753") is not followed by it again; a
    # proceedings' title that holds it ("… (SAT 2022)") is, as MLA gives the date of
    # publication apart
    cited_ref = venue is None and facts.published_as is not None
    if facts.year and not (cited_ref and _holds_year(_plain(facts.published_as or ""), facts.year)):
        container.append(_mla_date(facts))
    pages = _pages(facts.paper.pages)
    if venue is not None and pages and not preprint:
        one_page = _page_range_given(facts.paper.pages) and "--" not in pages
        journal = venue.entry_type == "article"
        container.append(_mla_pages(pages, journal=journal, one_page=one_page))
    if facts.address:
        container.append(facts.address)
    ending = f" {_end(f'{series} {series_volume}'.strip())}" if series else ""
    if not container:
        return head + ending
    return f"{head} {_end(', '.join(container))}{ending}"


def _markdown_url(url: str) -> str:
    return "".join(
        {" ": "%20", "(": "%28", ")": "%29", "<": "%3C", ">": "%3E"}.get(ch, ch) for ch in url
    )


def _markdown_name(name: str) -> str:
    """One name as the Markdown citation gives it: "Given Family Suffix", or in its
    script's order, family name first with no space ("张伟" of "张, 伟")."""
    given, family, suffix = name_parts(name)
    if (whole := _family_first(given, family, suffix)) is not None:
        return whole
    return " ".join(part for part in (given, family, suffix) if part)


def _markdown(facts: _Facts) -> str:
    """One shape for every paper, with what is known of it: ``[Title](url). Ada
    Lovelace, Alan Turing et al. Venue, 2024.``, the title linked to the paper's URL as
    every citation gives it (:func:`_address`), as the Markdown export links it; a paper
    with none (a link its abstract mentions is none) has its title in italics,
    ``*Title*. Ada Lovelace. Venue, 2024.``"""
    title = markdown_text(_plain(facts.paper.title) or "Untitled")
    head = f"[{title}]({_markdown_url(facts.address)})" if facts.address else f"*{title}*"
    named, more = _named(facts.authors or facts.editors)
    names = [_plain(name) for name in named]
    names = [_markdown_name(name) for name in names]
    people = ", ".join(names[:3]) + (" et al." if len(names) > 3 or more else "")
    if not facts.authors and facts.editors:
        people += " (ed.)" if len(names) == 1 else " (eds.)"
    venue = facts.venue
    where = _plain(venue.container) if venue else _plain(facts.published_as or "")
    where = _plain(facts.submission or "") or where
    where = where or ("arXiv" if _published_by_arxiv(facts) else "") or _plain(facts.site or "")
    where = where or _plain(facts.paper.publisher or "")
    cited_ref = venue is None and where == _plain(facts.published_as or "")
    said = _holds_year if cited_ref or facts.submission else _names_year
    year = str(facts.year) if facts.year and not said(where, facts.year) else ""
    tail = ", ".join(part for part in (where, year) if part)
    parts = [head, markdown_text(people), markdown_text(tail)]
    return " ".join(_end(part) for part in parts if part)


# ----------------------------------------------------------- IEEE and Chicago

#: months as IEEE abbreviates them (May, June and July are not)
_IEEE_MONTHS = "Jan. Feb. Mar. Apr. May June July Aug. Sept. Oct. Nov. Dec.".split()  # noqa: SIM905
#: IEEE names every author up to this many; more are the first and "et al."
_IEEE_NAMES = 6
#: Chicago names every author up to this many; more are the first seven and "et al."
_CHICAGO_NAMES, _CHICAGO_SHOWN = 10, 7


def _ieee_name(name: str) -> str:
    """One name as IEEE gives it: initials first ("A. M. Turing"), a suffix after a
    comma ("N. J. Evans, II"); an organisation's whole."""
    if _institution(name):
        return _plain(name)
    given, family, suffix = (_plain(part) for part in name_parts(name))
    if (whole := _family_first(given, family, suffix)) is not None:
        return whole
    text = " ".join(part for part in (_initials(given), family) if part)
    return f"{text}, {suffix}" if suffix else text


def _ieee_names(names: Sequence[str]) -> str:
    """IEEE's list of names: "A and B", "A, B, and C" up to six; more, or a source
    that names only some, the first and "et al."."""
    named, more = _named(names)
    shown = [_ieee_name(name) for name in named]
    if more or len(shown) > _IEEE_NAMES:
        return f"{shown[0]} et al."
    if len(shown) <= 2:
        return " and ".join(shown)
    return ", ".join(shown[:-1]) + ", and " + shown[-1]


#: a phrase a title quotes in straight quotation marks
_STRAIGHT_QUOTES = re.compile(r'"([^"]*)"')


def _quoted(title: str, after: str) -> str:
    """A title in double quotation marks, those inside it made single, with the
    punctuation that follows it inside the closing mark unless the title ends with
    its own ("Why?" takes no comma)."""
    inner = _STRAIGHT_QUOTES.sub("\u2018\\1\u2019", title).replace('"', "\u2019")
    inner = inner.replace("\u201c", "\u2018").replace("\u201d", "\u2019")
    if inner.endswith(("?", "!")) or not after:
        return f"\u201c{inner}\u201d"
    if inner.endswith(".") and after == ".":
        return f"\u201c{inner}\u201d"
    return f"\u201c{inner}{after}\u201d"


def _dashed_pages(facts: _Facts) -> str | None:
    pages = _pages(facts.paper.pages)
    return pages.replace("--", "\u2013") if pages else None


def _month_of(facts: _Facts) -> int | None:
    """The month the source dates the work by, for its year."""
    paper = facts.paper
    month = paper.month if facts.year and paper.year == facts.year else None
    return month if month and 1 <= month <= 12 else None


def _ieee(facts: _Facts) -> str:
    """IEEE's reference: initials first, the title quoted, the container (which IEEE
    sets in italics, plain text as it is) with volume, number, pages and date, the DOI
    last (else the page, "[Online]. Available: …")."""
    paper, venue = facts.paper, facts.venue
    people = facts.authors or facts.editors
    head = _ieee_names(people) if people else ""
    if not facts.authors and facts.editors:
        head += ", Ed." if len(facts.editors) == 1 else ", Eds."
    title = _display_title(facts)
    year = str(facts.year) if facts.year else "n.d."
    pages = _dashed_pages(facts)
    kind = (paper.entry_type or "").lower()
    thesis = _thesis(paper) if venue is None else None
    standalone = venue is None and kind in _STANDALONE_TYPES and not thesis and not facts.submission
    place = _clean(paper.place)
    place = "" if _NO_PLACE.fullmatch(place) else _plain(place)
    publisher = _plain(paper.publisher or "")
    parts: list[str] = []  # the elements after the title, joined by commas
    if standalone and not facts.report and kind != "unpublished":
        # a book: "Title, 2nd ed. Place: Publisher, 2015."
        lead = title + (f", {facts.edition}" if facts.edition else "")
        # a book in a series: "Title, ser. Lecture Notes in Computer Science, vol. 4741."
        series, series_volume = _book_series(facts)
        lead += f", ser. {series}" if series else ""
        lead += f", vol. {series_volume}" if series_volume else ""
        house = ": ".join(part for part in (place, publisher) if part)
        text = _end(lead) + (f" {house}, {year}" if house else f" {year}")
        body = text
    else:
        if venue is not None and venue.entry_type == "article" and not _on_preprint_server(venue):
            parts.append(_plain(venue.container))
            if venue.volume:
                parts.append(f"vol. {_plain(venue.volume)}")
            if _clean(paper.number):
                parts.append(f"no. {_plain(paper.number or '')}")
            if pages:
                ranged = _page_range_given(paper.pages)
                if ranged and "\u2013" in pages:
                    parts.append(f"pp. {pages}")
                elif not ranged and _clean(paper.journal_ref):
                    # one number of a journal reference: an article's, or the page its
                    # article starts on ("Philosophical Magazine 86 (2006), 753")
                    parts.append(_one_place(pages, venue.container))
                else:
                    parts.append(f"p. {pages}" if ranged else f"Art. no. {pages}")
            month = _month_of(facts)
            parts.append(f"{_IEEE_MONTHS[month - 1]} {year}" if month else year)
        elif facts.submission:  # "Submitted to ICLR 2024, OpenReview, 2024"
            parts.extend(p for p in (_plain(facts.submission), facts.submitted_at or "", year) if p)
        elif venue is not None and _on_preprint_server(venue):
            parts.extend([_plain(venue.container), year])
        elif venue is not None:
            container = f"in {_plain(venue.container)}"
            if facts.container_editors:
                eds = ", Eds." if len(facts.container_editors) > 1 else ", Ed."
                container += f", {_ieee_names(facts.container_editors)}{eds}"
            parts.append(container)
            if venue.series:
                parts.append(f"ser. {_plain(venue.series)}")
            if venue.volume:
                parts.append(f"vol. {_plain(venue.volume)}")
            if venue.entry_type != "inproceedings":
                house = ": ".join(part for part in (place, _plain(venue.publisher or "")) if part)
                if house:
                    parts.append(house)
            elif venue.publisher:
                parts.append(_plain(venue.publisher))
            parts.append(year)
            if pages:
                parts.append(f"pp. {pages}" if "\u2013" in pages else f"p. {pages}")
        elif thesis:
            parts.append("M.S. thesis" if thesis[0].startswith("Master") else "Ph.D. dissertation")
            parts.extend(part for part in (publisher, place) if part)
            parts.append(year)
        elif facts.report or kind in ("techreport", "report"):
            parts.extend(part for part in (publisher, place) if part)
            parts.append(f"Rep. {_plain(facts.report)}" if facts.report else "Tech. Rep.")
            parts.append(year)
        elif facts.published_as and (ref := _reference_parts(facts.published_as, facts.year)):
            # "Phys. Rev. D 76, 013009 (2007)": "Phys. Rev. D, vol. 76, Art. no. 013009, 2007"
            journal, volume, where, ranged = ref
            place = f"pp. {where}" if ranged else _one_place(where, journal)
            parts.extend([_plain(journal), f"vol. {volume}", place, year])
        elif facts.published_as:
            parts.append(_plain(facts.published_as))
            if not _holds_year(_plain(facts.published_as), facts.year or 0):
                parts.append(year)
        elif facts.arxiv is not None:
            # IEEE's preprint: "Title," 2024, arXiv:2401.01234.
            parts.append(year)
            parts.append(f"arXiv:{facts.arxiv}")
        elif kind == "unpublished":
            parts.append("unpublished")
        else:
            parts.extend(part for part in (_plain(facts.site or ""), publisher) if part)
            parts.append(year)
        body = _quoted(title, ",") + " " + ", ".join(parts)
    text = f"{head}, {body}" if head else body
    text = _end(text)
    if facts.doi:
        text = f"{text.removesuffix('.')}, doi: {facts.doi}."
    elif facts.address:
        text += f" [Online]. Available: {facts.address}"
    return text


def _chicago_name(name: str, *, inverted: bool) -> str:
    """One name as Chicago gives it: the first author's family name first ("Lovelace,
    Ada"), the others in their own order; an organisation's whole."""
    if _institution(name):
        return _plain(name)
    given, family, suffix = (_plain(part) for part in name_parts(name))
    if (whole := _family_first(given, family, suffix)) is not None:
        return whole
    if not inverted:
        text = " ".join(part for part in (given, family) if part)
        return f"{text}, {suffix}" if suffix else text
    text = f"{family}, {given}" if given else family
    return f"{text}, {suffix}" if suffix else text


def _chicago_names(names: Sequence[str], *, inverted: bool = True) -> str:
    """Chicago's list of names (17th ed., 14.76 and 15.9): every one up to ten, the
    last after "and"; more, the first seven and "et al."."""
    named, more = _named(names)
    shown = [_chicago_name(name, inverted=inverted and at == 0) for at, name in enumerate(named)]
    if more or len(shown) > _CHICAGO_NAMES:
        return ", ".join(shown[:_CHICAGO_SHOWN]) + ", et al."
    if len(shown) == 1:
        return shown[0]
    if len(shown) == 2:
        # the comma closes the first name turned family first ("Lovelace, Ada, and …"): a
        # name written whole ("张伟", an organisation's) takes none
        comma = "," if inverted and "," in shown[0] else ""
        return f"{shown[0]}{comma} and {shown[1]}"
    return ", ".join(shown[:-1]) + ", and " + shown[-1]


def _chicago(facts: _Facts) -> str:
    """Chicago author-date (17th ed.): names (the first inverted), the year, the title
    (quoted for a work in a container, the book's plain), the container with its
    volume, issue and pages, the place and publisher, the DOI's address or the page."""
    paper, venue = facts.paper, facts.venue
    year = str(facts.year) if facts.year else "n.d."
    kind = (paper.entry_type or "").lower()
    thesis = _thesis(paper) if venue is None else None
    standalone = venue is None and kind in _STANDALONE_TYPES and not thesis and not facts.submission
    title = _display_title(facts)
    shown_title = _end(title) if standalone else _quoted(title, ".")
    if facts.authors:
        head = f"{_end(_chicago_names(facts.authors))} {_end(year)}"
    elif facts.editors:
        role = "ed." if len(facts.editors) == 1 else "eds."
        head = f"{_chicago_names(facts.editors)}, {role} {_end(year)}"
    else:
        head = ""
    parts = [head, shown_title] if head else [shown_title, _end(year)]
    pages = _dashed_pages(facts)
    place = _clean(paper.place)
    place = "" if _NO_PLACE.fullmatch(place) else _plain(place)
    publisher = _plain(paper.publisher or "")
    if facts.submission:  # "Submitted to ICLR 2024, OpenReview."
        status = (_plain(facts.submission), facts.submitted_at or "")
        parts.append(_end(", ".join(part for part in status if part)))
    elif venue is not None and _on_preprint_server(venue):
        parts.append(f"Preprint, {_plain(venue.container)}.")
    elif venue is not None and venue.entry_type == "article":
        text = _plain(venue.container)
        if venue.volume:
            text += f" {_plain(venue.volume)}"
        if _clean(paper.number):
            text += f" ({_plain(paper.number or '')})"
        if pages:
            text += f": {pages}" if venue.volume or _clean(paper.number) else f", {pages}"
        parts.append(_end(text))
    elif venue is not None:
        text = f"In {_plain(venue.container)}"
        if facts.edition and venue.entry_type != "article":
            text += f", {facts.edition}"
        if venue.volume and not venue.series:  # a volume of the proceedings, not a series'
            text += f", vol. {_plain(venue.volume)}"
        if facts.container_editors:
            text += f", edited by {_chicago_names(facts.container_editors, inverted=False)}"
        if pages:
            text += f", {pages}"
        parts.append(_end(text))
        if venue.series:
            series = _plain(venue.series)
            parts.append(_end(f"{series} {_plain(venue.volume)}" if venue.volume else series))
        house = ": ".join(part for part in (place, _plain(venue.publisher or "")) if part)
        if house:
            parts.append(_end(house))
    elif thesis:
        kind_name = "Master's thesis" if thesis[0].startswith("Master") else "PhD diss."
        parts.append(_end(f"{kind_name}, {publisher}" if publisher else kind_name))
    elif standalone:
        if facts.edition:
            parts.append(_end(facts.edition))
        # a book in a series: "Lecture Notes in Computer Science 4741." (else "Vol. 3.")
        series, series_volume = _book_series(facts)
        if series:
            parts.append(_end(f"{series} {series_volume}".strip()))
        elif series_volume:
            parts.append(_end(f"Vol. {series_volume}"))
        if facts.report:
            parts.append(_end(f"Report {_plain(facts.report)}"))
        house = ": ".join(part for part in (place, publisher) if part)
        if house:
            parts.append(_end(house))
    elif facts.published_as and (ref := _reference_parts(facts.published_as, facts.year)):
        # "Phys. Rev. D 76, 013009 (2007)": "Phys. Rev. D 76: 013009." (the year is given)
        journal, volume, where, _ = ref
        parts.append(_end(f"{_plain(journal)} {volume}: {where}"))
    elif facts.published_as:
        parts.append(_end(_without_year(_plain(facts.published_as), facts.year)))
    elif facts.arxiv is not None:
        # a preprint; one whose DOI is another publisher's was published there (its DOI
        # says where): its arXiv id alone, as APA names no arXiv for it
        preprint = "Preprint, " if _published_by_arxiv(facts) else ""
        parts.append(f"{preprint}arXiv:{facts.arxiv}.")
    elif facts.site:
        parts.append(_end(_plain(facts.site)))
    elif publisher:
        parts.append(_end(publisher))
    if facts.address:
        parts.append(_end(facts.address))
    return " ".join(parts)


# ----------------------------------------------------------------- RIS and CSL

#: the RIS type of each kind of work (BibTeX's entry type), as the RIS specification names
#: it and Zotero and EndNote read it: a paper in proceedings is ``CPAPER`` (``CONF`` is
#: the proceedings themselves); a web page ``ELEC``; any other work ``GEN``
_RIS_TYPES = {
    "article": "JOUR",
    "inproceedings": "CPAPER",
    "incollection": "CHAP",
    "book": "BOOK",
    "collection": "EDBOOK",
    "proceedings": "CONF",
    "phdthesis": "THES",
    "mastersthesis": "THES",
    "thesis": "THES",
    "techreport": "RPRT",
    "report": "RPRT",
    "unpublished": "UNPB",
    "manual": "BOOK",
    "online": "ELEC",
}
#: the CSL type of each kind of work
_CSL_TYPES = {
    "article": "article-journal",
    "inproceedings": "paper-conference",
    "incollection": "chapter",
    "book": "book",
    "collection": "book",
    "proceedings": "book",
    "phdthesis": "thesis",
    "mastersthesis": "thesis",
    "thesis": "thesis",
    "techreport": "report",
    "report": "report",
    "unpublished": "manuscript",
    "manual": "book",
    "online": "webpage",
}
#: the entry types that say what a work is whatever container its entry names: a
#: document or a web page (Better BibTeX writes a web page's site as its ``journal``),
#: a book, a report, a thesis
_SAID_TYPES = frozenset({"misc", "online", *_STANDALONE_TYPES})


def _kind(facts: _Facts) -> str:
    """The kind of work, as BibTeX names it: the type its source gives where that says
    what the work is (:data:`_SAID_TYPES`: a ``@misc`` is no journal article for naming
    a site in ``journal``), else its container's (an article, a paper in proceedings or
    a book), else the type its source gives, else ``misc`` (a preprint among them)."""
    if facts.submission:  # a submission not published (:func:`submission_status`)
        return "unpublished"
    kind = (facts.paper.entry_type or "").lower()
    kind = "inproceedings" if kind == "conference" else kind  # BibTeX's other name
    if facts.venue is not None and kind not in _SAID_TYPES:
        return facts.venue.entry_type if facts.venue.entry_type in _RIS_TYPES else "inproceedings"
    if (facts.arxiv is not None and facts.venue is None) or kind not in _RIS_TYPES:
        return "misc"
    return kind


def _web_page(facts: _Facts, kind: str) -> bool:
    """Whether the work is a web page: an ``@online`` that is no preprint, or a source's
    ``@misc`` named by its site (:attr:`_Facts.site`)."""
    if facts.arxiv is not None:
        return False
    return kind == "online" or (kind == "misc" and facts.site is not None)


def _name_split(name: str) -> tuple[str, str, str] | None:
    """A person's family name, given names and suffix, in plain text; None for an
    organisation's name, which is given whole."""
    if _institution(name):
        return None
    given, family, suffix = (_plain(part) for part in name_parts(name))
    return (family, given, suffix) if family else None


def _page_ends(pages: str | None) -> tuple[str, str]:
    """The first and last page of a range ("12--19" → "12", "19"), a lone page or an
    article's number as the first."""
    cleaned = _pages(pages)
    if not cleaned:
        return "", ""
    first, _, last = cleaned.partition("--")
    return first.strip(), last.strip()


def _ris_value(text: str) -> str:
    """A value on one line of RIS: controls and line breaks become spaces and runs of
    spaces one, so that no text of the paper starts a line or reads as a tag
    ("…  TY  - …" needs two spaces before its hyphen)."""
    return _clean(text)


def ris_name(name: str) -> str:
    """A name as RIS gives it (:func:`_ris_name`)."""
    return _ris_name(name)


def csl_name(name: str) -> dict[str, str]:
    """A name as CSL-JSON gives it (:func:`_csl_name`)."""
    return _csl_name(name)


def _ris_name(name: str) -> str:
    """A name as RIS gives it: "Family, Given" or "Family, Given, Suffix"; an
    organisation's whole, a comma after it (as EndNote writes one), so that no reader
    splits it into a person's names."""
    split = _name_split(name)
    if split is None:
        return _plain(name) + ","
    family, given, suffix = split
    if not given:
        return f"{family}, , {suffix}" if suffix else family + ","
    return ", ".join(part for part in (family, given, suffix) if part)


def _ris(facts: _Facts, *, include_abstract: bool) -> str:
    """One RIS record (the tags Zotero, EndNote and Mendeley import)."""
    paper, venue = facts.paper, facts.venue
    kind = _kind(facts)
    ris_type = "ELEC" if _web_page(facts, kind) else _RIS_TYPES.get(kind, "GEN")
    lines: list[tuple[str, str]] = [("TY", ris_type)]
    lines.append(("TI", _plain(paper.title)))  # a derived title is said in the warnings
    lines.extend(("AU", _ris_name(name)) for name in without_others(facts.authors))
    editors = without_others(facts.editors or facts.container_editors)
    lines.extend(("ED", _ris_name(name)) for name in editors)
    if venue is not None:
        lines.append(("T2", _plain(venue.container)))
        if venue.series:
            lines.append(("T3", _plain(venue.series)))
    elif facts.site:
        lines.append(("T2", _plain(facts.site)))
    series, series_volume = _book_series(facts)
    if series:
        lines.append(("T3", series))
    if facts.year:
        lines.append(("PY", str(facts.year)))
        month = _month_of(facts)
        if month:
            day = paper.day if paper.day and 1 <= paper.day <= 31 else None
            lines.append(("DA", f"{facts.year}/{month:02d}/" + (f"{day:02d}" if day else "")))
    if venue is not None and venue.volume:
        lines.append(("VL", _plain(venue.volume)))
    elif series_volume:
        lines.append(("VL", series_volume))
    if venue is not None and _clean(paper.number):
        lines.append(("IS", _plain(paper.number or "")))
    if facts.report:
        lines.append(("IS", _plain(facts.report)))
    first, last = _page_ends(paper.pages)
    if first and (venue is not None or kind not in ("misc", "online")):
        lines.append(("SP", first))
        if last:
            lines.append(("EP", last))
    if facts.submission:  # what the manuscript is, as Zotero reads UNPB's M3
        lines.append(("M3", _plain(facts.submission)))
    publisher = venue.publisher if venue is not None else paper.publisher
    if facts.submission:
        publisher = facts.submitted_at
    elif not _clean(publisher) and venue is None and _published_by_arxiv(facts):
        # a preprint, as Zotero writes one: a generic record, arXiv its repository
        # (its publisher) unless its DOI is another's, as in CSL
        publisher = "arXiv"
    if publisher and _clean(publisher):
        lines.append(("PB", _plain(publisher)))
    place = _clean(paper.place)
    if place and not _NO_PLACE.fullmatch(place) and kind != "article":
        lines.append(("CY", _plain(place)))
    edition = _clean(getattr(paper, "edition", None))
    if edition and kind != "article":
        lines.append(("ET", _plain(edition)))
    if facts.doi:
        lines.append(("DO", facts.doi))
    if facts.url:
        lines.append(("UR", facts.url))
    if facts.pdf:
        lines.append(("L1", facts.pdf))
    note = _reference_note(facts)
    if note:
        lines.append(("N1", note))
    if include_abstract and _clean(paper.abstract):
        lines.append(("AB", _plain(paper.abstract)))
    lines.append(("ID", facts.key))
    body = "".join(f"{tag}  - {_ris_value(value)}\n" for tag, value in lines if _clean(value))
    return body + "ER  - "


def _csl_name(name: str) -> dict[str, str]:
    split = _name_split(name)
    if split is None:
        return {"literal": _plain(name)}
    family, given, suffix = split
    item = {"family": family, "given": given, "suffix": suffix}
    return {part: value for part, value in item.items() if value}


def _csl_item(facts: _Facts, *, include_abstract: bool) -> dict[str, object]:
    """One CSL-JSON item (what Zotero and pandoc read): the same fields as the other
    formats give, by CSL's names."""
    paper, venue = facts.paper, facts.venue
    kind = _kind(facts)
    item: dict[str, object] = {"id": facts.key, "citation-key": facts.key}
    item["type"] = _CSL_TYPES.get(kind, "article" if facts.arxiv else "document")
    if _web_page(facts, kind):
        item["type"] = "webpage"
    item["title"] = _plain(paper.title)  # a derived title is said in the warnings
    authors = without_others(facts.authors)
    if authors:
        item["author"] = [_csl_name(name) for name in authors]
    editors = without_others(facts.editors or facts.container_editors)
    if editors:
        item["editor"] = [_csl_name(name) for name in editors]
    if facts.year:
        month = _month_of(facts)
        day = paper.day if month and paper.day and 1 <= paper.day <= 31 else None
        item["issued"] = {
            "date-parts": [[facts.year, *([month] if month else []), *([day] if day else [])]]
        }
    if venue is not None:
        item["container-title"] = _plain(venue.container)
        if venue.series:
            item["collection-title"] = _plain(venue.series)
        if venue.volume:
            item["volume"] = _plain(venue.volume)
        if _clean(paper.number):
            item["issue"] = _plain(paper.number or "")
    elif facts.site:
        item["container-title"] = _plain(facts.site)
    series, series_volume = _book_series(facts)
    if series:
        item["collection-title"] = series
    if series_volume:
        item["volume"] = series_volume
        if series:  # the book's number in its series, as Zotero and citeproc give it
            item["collection-number"] = series_volume
    if facts.report:
        item["number"] = _plain(facts.report)
    thesis = _thesis(paper) if venue is None else None
    if thesis:
        item["genre"] = thesis[0]
    if facts.submission:  # a manuscript: what it is, and where (OpenReview)
        item["genre"] = _plain(facts.submission)
    pages = _dashed_pages(facts)
    if pages and (venue is not None or kind not in ("misc", "online")):
        item["page"] = pages.replace("\u2013", "-")
    publisher = venue.publisher if venue is not None else paper.publisher
    if facts.submission:
        publisher = facts.submitted_at
        if facts.arxiv is not None:
            item["number"] = f"arXiv:{facts.arxiv}"
    if facts.arxiv is not None and venue is None and not facts.submission:
        # a preprint, as Zotero gives one: its id the number, arXiv its publisher unless
        # its DOI is another's (:func:`_published_by_arxiv`)
        item["number"] = f"arXiv:{facts.arxiv}"
        if _published_by_arxiv(facts):
            item["publisher"] = "arXiv"
    elif publisher and _clean(publisher):
        item["publisher"] = _plain(publisher)
    place = _clean(paper.place)
    if place and not _NO_PLACE.fullmatch(place) and kind != "article":
        item["publisher-place"] = _plain(place)
    held = event_place(paper.source_entry)
    if held:  # the conference's city (ACM's ``location``), no publisher's
        item["event-place"] = _plain(held)
    edition = _clean(getattr(paper, "edition", None))
    if edition and kind != "article":
        item["edition"] = _plain(edition)
    if facts.doi:
        item["DOI"] = facts.doi
    if facts.url:  # the work's page, its DOI given apart (as in Zotero's items)
        item["URL"] = facts.url
    note = _reference_note(facts)
    if note:
        item["note"] = note
    if include_abstract and _clean(paper.abstract):
        item["abstract"] = _plain(paper.abstract)
    return {name: value for name, value in item.items() if value}


def _csl_json(items: Sequence[dict[str, object]]) -> str:
    """CSL-JSON: a list of items, in UTF-8 (JSON's escapes keep quotes and controls
    inside their strings)."""
    return json.dumps(list(items), ensure_ascii=False, indent=2)


# ---------------------------------------------------------------------------- API

#: the formats that give the paper's text (the others give its key or its link)
_TEXT_FORMATS = frozenset(
    {"bibtex", "biblatex", "apa", "mla", "ieee", "chicago", "ris", "csl-json", "markdown"}
)


def _holds_unsafe(paper: Paper, *, include_abstract: bool, notes: bool = False) -> bool:
    """Whether the text a citation gives of ``paper`` held characters it leaves out: a
    control character, a bidirectional control or an invisible one (see :func:`_clean`).
    The user's notes count only where the citation gives them (``notes``)."""
    entry = paper.source_entry
    texts = (
        paper.title,
        *paper.authors,
        *paper.editor,
        *(paper.venue, paper.journal, paper.booktitle, paper.publisher, paper.journal_ref),
        *(paper.volume, paper.number, paper.pages),
        *(
            _cited_value(name.lower(), value)
            for name, value in (entry.fields if entry else ())
            if name.lower() != "abstract" and (notes or name.lower() not in _NOTE_FIELDS)
        ),
    )
    texts_abstract = (paper.abstract,) if include_abstract else ()
    return any(text and holds_unsafe(text) for text in (*texts, *texts_abstract))


#: the formats that give the paper's URL and nothing else of it where it has one
_URL_FORMATS = frozenset({"markdown", "url"})


def _no_url(facts: _Facts) -> tuple[str, ...]:
    """What a format that gives the paper's URL (:data:`_URL_FORMATS`) says of a paper
    without one (:attr:`_Facts.address`): that a link its abstract mentions is not its
    URL, as in every citation, or that it has no link at all; nothing for a paper with a
    URL. A code repository its abstract mentions is such a link too, though never one
    to follow to the paper."""
    if facts.address:
        return ()
    mentioned = any(link.origin == "text" and link.kind == "code" for link in facts.paper.links)
    return (W_NO_PAGE if facts.link or mentioned else W_NO_LINK,)


def format_citation(
    paper: Paper,
    fmt: str = DEFAULT_FORMAT,
    *,
    key: str | None = None,
    include_abstract: bool = False,
    library: Library | Iterable[Paper] | None = None,
    notes: bool = False,
) -> Citation:
    """``paper`` as one citation in format ``fmt`` (one of :data:`FORMATS`).

    The key is ``key`` when given, else the paper's key in ``library`` (see
    :func:`cite_keys`; pass the library so the key matches every other copy and
    export), else its source key or base key. ``include_abstract`` adds the abstract to
    BibTeX and BibLaTeX entries. A paper with a source entry gets that entry back,
    normalised, without the user's notes (``annote``) unless ``notes`` asks for them. Missing metadata is never invented: the returned warnings say what is
    missing so the UI can tell the user.
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown citation format {fmt!r}; expected one of {', '.join(FORMATS)}")
    if key is None:
        key = (
            cite_keys([paper], library)[paper.id]
            if library is not None
            else _source_key(paper) or base_key(paper)
        )
    if paper.source_entry is not None and key != paper.source_entry.key:
        paper = replace(paper, source_entry=_entry_keyed(paper.source_entry, key))
    full = _with_source(paper)
    facts = _facts(full, key)
    if fmt in ("bibtex", "biblatex"):
        facts = replace(
            facts,
            ordinary=_ordinary_words(full.title, full.abstract, library),
            compounds=_compound_names(full.title, full.abstract, library),
        )
    warnings = facts.warnings
    if fmt in ("bibtex", "biblatex") and paper.source_entry is not None:
        text = _source_entry_text(
            full,
            facts,
            biblatex=fmt == "biblatex",
            include_abstract=include_abstract,
            notes=notes,
        )
    elif fmt in ("bibtex", "biblatex"):
        text = _bib_entry(facts, biblatex=fmt == "biblatex", include_abstract=include_abstract)
    elif fmt == "apa":
        text = _apa(facts)
    elif fmt == "mla":
        text = _mla(facts)
    elif fmt == "ieee":
        text = _ieee(facts)
    elif fmt == "chicago":
        text = _chicago(facts)
    elif fmt == "ris":
        text = _ris(facts, include_abstract=include_abstract)
    elif fmt == "csl-json":
        text = _csl_json([_csl_item(facts, include_abstract=include_abstract)])
    elif fmt == "markdown":
        text = _markdown(facts)
    elif fmt == "cite":
        text = f"\\cite{{{facts.key}}}"
    elif fmt == "pandoc":
        text = f"[@{facts.key}]"
    else:
        text = facts.address or ""
    if fmt in _URL_FORMATS:
        warnings += _no_url(facts)
    if fmt in _TEXT_FORMATS and _holds_unsafe(full, include_abstract=include_abstract, notes=notes):
        warnings += (W_UNSAFE_TEXT,)
    return Citation(paper.id, facts.key, fmt, text, warnings)


def cite_many(
    papers: Sequence[Paper],
    fmt: str = DEFAULT_FORMAT,
    *,
    include_abstract: bool = False,
    library: Library | Iterable[Paper] | None = None,
    notes: bool = True,
    keys: Mapping[str, str] | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> tuple[Citation, ...]:
    """One citation per distinct paper (first occurrence kept), keys from :func:`cite_keys`
    (``keys``: each paper's key in ``library``, where they were worked out before).
    ``progress(done, total)`` is called after each paper (thousands take seconds); an
    exception it raises stops the work.

    The entries keep the user's notes (``annote``) unless ``notes`` is False: the BibTeX
    export builds on them, and writes its note after the entry's own; a citation the
    user copies or prints (:func:`format_many`) leaves them out.

    The library's word use (:func:`_ordinary_words`) is counted once for all the
    citations, every word in one pass, a library given as its papers too."""
    if library is not None and not isinstance(library, (Library, tuple)):
        library = tuple(library)
    if keys is None or any(paper.id not in keys for paper in papers):
        keys = cite_keys(papers, library)
    if fmt in ("bibtex", "biblatex") and library is not None and len(papers) > _PASSES_BEFORE_ALL:
        _count_every_word_next(library)
    seen: set[str] = set()
    out = []
    total = len(papers)
    for done, paper in enumerate(papers, 1):
        if progress is not None:
            progress(done - 1, total)
        if paper.id in seen:
            continue
        seen.add(paper.id)
        out.append(
            format_citation(
                paper,
                fmt,
                key=keys[paper.id],
                include_abstract=include_abstract,
                library=library,
                notes=notes,
            )
        )
    if progress is not None:
        progress(total, total)
    return tuple(out)


def format_many(
    papers: Sequence[Paper],
    fmt: str = DEFAULT_FORMAT,
    *,
    include_abstract: bool = False,
    library: Library | Iterable[Paper] | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> str:
    """The text of a batch export or copy, keys from :func:`cite_keys` (pass ``library``);
    ``progress`` as :func:`cite_many` takes it.

    BibTeX/BibLaTeX entries and RIS records are separated by a blank line and other
    formats by a newline, except ``cite`` and ``pandoc``, which give one combined
    citation (``\\cite{a,b}``, ``[@a; @b]``), and CSL-JSON, one list of every paper's
    item. URL lines are left out for papers without a link.
    """
    citations = cite_many(
        papers,
        fmt,
        include_abstract=include_abstract,
        library=library,
        notes=False,
        progress=progress,
    )
    return joined_citations(citations, fmt)


def joined_citations(citations: Sequence[Citation], fmt: str) -> str:
    """The text of :func:`format_many` of the papers ``citations`` (of
    :func:`cite_many` with ``notes`` False) cite in ``fmt``: a caller that wants the
    citations' warnings as well works them out once."""
    if fmt == "cite":
        return f"\\cite{{{','.join(c.key for c in citations)}}}" if citations else ""
    if fmt == "pandoc":
        return f"[{'; '.join('@' + c.key for c in citations)}]" if citations else ""
    if fmt == "csl-json":  # one list of every paper's item
        return _csl_json([item for c in citations for item in json.loads(c.text)])
    separator = "\n\n" if fmt in ("bibtex", "biblatex", "ris") else "\n"
    return separator.join(c.text for c in citations if c.text)


# ----------------------------------------------------------------------- validate

#: what a key may not hold (whitespace and the characters that end or split an entry).
_KEY_RE = _SAFE_KEY
#: fields holding URLs, identifiers and paths: written verbatim, never as LaTeX text.
_VERBATIM_FIELDS = frozenset(
    {"url", "pdf", "doi", "eprint", "file", "video", "code", "slides", "poster", "software"}
)
#: the fields that hold a web address or an identifier (a ``file`` holds a path)
_ADDRESS_FIELDS = (_VERBATIM_FIELDS - {"file"}) | {"openreview", "github", "project"}


def _text_problems(value: str) -> list[str]:
    """Raw LaTeX specials (and ``<``, ``>``) outside math and unbalanced braces in one
    field value."""
    problems: list[str] = []
    pos = 0
    skip_to = 0
    for tok in _latex_tokens(value):
        start, pos = pos, pos + len(tok.src)
        if tok.kind in ("command", "math") and tok.canon != tok.src:
            problems.append(f"a command LaTeX may not know: {tok.src}")
            continue
        if tok.kind == "accent" and _BARE_STACKED.search(tok.src):
            problems.append(f"an accent on an accent without braces: {tok.src}")
            continue
        if tok.kind != "special" or start < skip_to:
            continue
        ch = tok.src
        if ch in "&%#_^":
            problems.append(f"unescaped {ch!r} outside math")
        elif ch in "<>":
            printed = "\u00a1" if ch == "<" else "\u00bf"
            problems.append(f"a raw {ch!r} outside math, which LaTeX prints as {printed!r}")
        elif ch == "$":
            end = _closing_dollar(value, start + 1)
            if end is None:
                problems.append("a '$' opens math that never closes")
            else:
                problems.append(f"malformed math {value[start : end + 1]!r}")
                skip_to = end + 1
        elif ch in "{}":
            if "unbalanced braces" not in problems:
                problems.append("unbalanced braces")
        elif ch == "\\":
            name = _LETTERS.match(value, start + 1)
            if name is not None and name.group() in _UNSAFE_COMMANDS:
                problems.append(f"a command that reads, writes or redefines: \\{name.group()}")
            else:
                problems.append("a backslash that starts no command")
    if not _braces_balanced(value) and "unbalanced braces" not in problems:
        problems.append("braces do not balance the way BibTeX counts them")
    return problems


#: a month field of BibTeX's month macros, joined by ``#`` (``jan # "--" # feb``), as the
#: parser leaves it unresolved
_MONTH_MACROS = re.compile(
    r"(?i)(?:" + "|".join(_MONTHS) + r')(?:\s*#\s*(?:"[^"#{}]*"|' + "|".join(_MONTHS) + "))*"
)


def validate_bibtex(text: str) -> list[str]:
    """Problems that would break ``text`` as a ``.bib`` file (empty when fine).

    Parses with bibtexparser (every block must parse, keys must be unique) and checks
    each field the way BibTeX and LaTeX would read it: balanced braces, and in text
    fields no raw ``& % # _ ^`` or unclosed ``$`` outside math, nor a raw ``<`` or ``>``
    (which LaTeX's default fonts print as "¡" and "¿"). Fields holding a URL or
    an identifier must have no whitespace or braces.
    """
    import bibtexparser

    problems: list[str] = []
    library = bibtexparser.parse_string(text)
    for block in library.failed_blocks:
        error = getattr(block, "error", None)
        line = (block.start_line or 0) + 1
        problems.append(f"line {line}: entry does not parse ({type(block).__name__}: {error})")
    expected = len(
        re.findall(r"(?m)^\s*@(?!comment|string|preamble)\w+\s*\{", text, flags=re.IGNORECASE)
    )
    if expected != len(library.entries) + len(library.failed_blocks):
        problems.append(f"{expected} entries written but {len(library.entries)} parsed")
    for entry in library.entries:
        where = f"entry {entry.key!r}"
        if not _KEY_RE.match(entry.key):
            problems.append(f"{where}: key is not a usable cite key")
        for fld in entry.fields:
            value = fld.value if isinstance(fld.value, str) else str(fld.value)
            name = fld.key.lower()
            if name == "month" and _MONTH_MACROS.fullmatch(value):
                continue  # jan # "--" # feb: BibTeX's macros, joined
            if name in _VERBATIM_FIELDS or _URL_VALUE.match(value):
                if re.search(r"[\s{}]", value) or value.endswith("\\"):
                    problems.append(
                        f"{where}: field {fld.key} has whitespace, braces or a trailing backslash"
                    )
                continue
            problems.extend(
                f"{where}: field {fld.key}: {problem}" for problem in _text_problems(value)
            )
    return problems
