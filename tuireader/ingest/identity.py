"""Who a paper is: the keys that identify it, and when two records are the same paper.

A record is identified by the strongest key it carries, in this order: a DOI, an arXiv
id (version stripped, and an old-style id's subject class: ``math.CO/0211159`` is
``math/0211159``; also found in an arXiv DOI ``10.48550/arXiv.X`` or an arxiv.org
link), an OpenReview forum id, a proceedings key (PMLR key, ACL Anthology id, or the
source's own id scoped by the source), else its normalised title with the first author's
family name (and the year when known), and its abstract only when it has nothing else
(plain-text lists of abstracts, whose ids are the digest of the normalised abstract).

Two records are one paper only when

- they share a strong key and their titles do not disagree (under a source's own id,
  a title of a word or two, "Introduction", only with one first author), or
- their titles agree and their first authors do too (or one side names no authors), or
- their abstracts agree, are not placeholders ("Part of …", "Withdrawn", very short), and
  at most one of them has a title, or both titles agree;

and never when they carry different values of the same kind of strong key (two ids of
one source do not keep apart records that share a DOI or arXiv id).

Plain functions over plain values: ``identify`` reads any object with the attributes of
a :class:`~tuireader.ingest.readers.Record` or a :class:`~tuireader.model.Paper` (missing
attributes count as empty), so fields added to either later are picked up here only. A
paper's links count only where its record's fields gave them (page, PDF, forum, DOI,
arXiv id): a paper is the same who as its record, never keyed by a project link or by
another paper's arXiv page its abstract mentions.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from tuireader.ingest.catalog import normalise_title as _title_words
from tuireader.ingest.formats.common import ARXIV_ARCHIVES, DOI_SHAPE, tex_title
from tuireader.ingest.links import arxiv_written
from tuireader.model import Library, Paper, SourceEntry
from tuireader.render.romanise import family_first

__all__ = [
    "IDENTIFIER_NAMES",
    "KEY_KINDS",
    "MIN_ABSTRACT_WORDS",
    "MIN_TITLE_CHARS",
    "STRONG_KINDS",
    "Identity",
    "Key",
    "abstract_digest",
    "acl_id",
    "arxiv_id",
    "conflicting",
    "damaged",
    "digest",
    "family_name",
    "family_read_whole",
    "given_keys",
    "identifier_keys",
    "identify",
    "is_placeholder",
    "is_placeholder_phrase",
    "key_words",
    "list_keys",
    "named_keys",
    "normalise_doi",
    "normalise_text",
    "not_in_lists",
    "own_arxiv_id",
    "own_id",
    "papers_keyed",
    "papers_named",
    "papers_with",
    "same_family",
    "same_paper",
    "same_title",
    "strongest_key",
    "stub_of_same_paper",
    "title_key",
    "title_mended",
    "title_read_whole",
    "titles_agree",
    "titles_close",
    "told_apart",
    "unaccented",
]

#: Strong key kinds, strongest first.
STRONG_KINDS: tuple[str, ...] = ("doi", "arxiv", "openreview", "pmlr", "acl", "source")
#: What each kind of identifier is called, for messages.
IDENTIFIER_NAMES: dict[str, str] = {
    "doi": "DOI",
    "arxiv": "arXiv id",
    "openreview": "OpenReview id",
    "pmlr": "PMLR key",
    "acl": "ACL Anthology id",
}
#: Strong kinds that name a paper everywhere (a source id names it in one source only).
_IDENTIFIER_KINDS: tuple[str, ...] = ("doi", "arxiv", "openreview", "pmlr", "acl")
#: Every key kind, strongest first: the weak ones identify a paper only when nothing else does.
KEY_KINDS: tuple[str, ...] = (*STRONG_KINDS, "title", "abstract")
#: An abstract with fewer words than this is too short to say two titled records are one.
MIN_ABSTRACT_WORDS = 5
#: A normalised title shorter than this ("Preface", "Untitled") identifies nothing alone.
MIN_TITLE_CHARS = 12
#: Titles whose word overlap (rapidfuzz token-set ratio, 0-100) is below this disagree.
TITLE_AGREEMENT = 60.0
#: Two words at least this alike letter by letter (rapidfuzz ratio, 0-100) are one word
#: mistyped or inflected ("transfomers", "transformers"; "mixture", "mixtures").
WORD_CLOSENESS = 80.0

_DOI_PREFIXES = (
    "https://doi.org/",
    "http://doi.org/",
    "https://dx.doi.org/",
    "http://dx.doi.org/",
    "doi.org/",
    "doi:",
)
_ARXIV_NEW = r"\d{4}\.\d{4,5}"
_ARXIV_OLD = r"[a-z][a-z-]*(?:\.[a-z]{2})?/\d{7}"
_ARXIV_BARE = re.compile(rf"^(?:arxiv:)?({_ARXIV_NEW}|{_ARXIV_OLD})(?:v\d+)?$", re.IGNORECASE)
_ARXIV_IN_TEXT = re.compile(
    rf"(?:arxiv\.org/(?:abs|pdf|html)/|arxiv:|10\.48550/arxiv\.)({_ARXIV_NEW}|{_ARXIV_OLD})"
    r"(?:v\d+)?",
    re.IGNORECASE,
)
#: an old-style arXiv id with its subject class ("math.CO/0211159", "cs.LG/0501001"),
#: which looks like a link without its scheme ("math.co" a host) but is an arXiv id
_ARXIV_CLASSED = re.compile(
    rf"^(?:arxiv:)?(?:{'|'.join(ARXIV_ARCHIVES)})\.[a-z]{{2}}/\d{{7}}(?:v\d+)?$", re.IGNORECASE
)
_ACL_ID = r"(?:\d{4}\.[a-z0-9-]+\.\d+|[a-z]\d{2}-\d{4})"
_ACL_IN_TEXT = re.compile(
    rf"(?:aclanthology\.org/|aclweb\.org/anthology/(?:[a-z]/[a-z]\d{{2}}/)?|10\.18653/v1/)"
    rf"({_ACL_ID})",
    re.IGNORECASE,
)
_OPENREVIEW_IN_URL = re.compile(r"openreview\.net/(?:forum|pdf)\?(?:.*&)?id=([\w-]+)")
_DOI_IN_URL = re.compile(r"/(10\.\d{4,9}/[^\s?#]+)")
_PMLR_IN_URL = re.compile(r"proceedings\.mlr\.press/(v\d+)/([\w-]+?)(?:/[\w-]+)?\.(?:html|pdf)")
_PLACEHOLDER = re.compile(
    r"^(?:part of\b|withdrawn\b|this (?:paper|submission) (?:has been|was|is) withdrawn"
    r"|(?:the )?abstract (?:is )?(?:not available|unavailable|forthcoming|coming soon)"
    r"|no abstract\b|n/?a\b|none\b|null\b|tba\b|tbd\b|coming soon\b|todo\b|-+$)",
)
_SUFFIXES = frozenset({"jr", "sr", "ii", "iii", "iv", "phd"})
#: URL-ish attributes of records and papers searched for arXiv, ACL, PMLR and OpenReview ids.
_URL_FIELDS = ("url", "pdf", "openreview")
#: where the links of a paper come from that say who it is, as its record's fields do: its
#: page, PDF, forum, DOI and arXiv id; never its code or project links, nor what its
#: abstract mentions (another paper's arXiv page, a dataset's DOI)
_OWN_LINK_ORIGINS = frozenset({*_URL_FIELDS, "doi", "arxiv"})


_QUOTES = "\"'`´‘’‚‛“”„‟«»‹›′″〝〞＂＇"
_DASHES = "‐‑‒–—―−﹘﹣－"
_INVISIBLE = "\u00ad\u200b\u200c\u200d\u2060\ufeff"  # sneak in from PDFs and web pages
_FOLD = {
    **{quote: '"' for quote in _QUOTES},
    **{dash: "-" for dash in _DASHES},
    **{char: "" for char in _INVISIBLE},
}
# One regex pass over the rare non-ASCII characters is much faster than str.translate
# with a table, which falls back to a per-character lookup on any non-ASCII text.
_FOLD_RE = re.compile("[" + re.escape("".join(char for char in _FOLD if not char.isascii())) + "]")
# \% and % are the same character to a reader: BibTeX escapes what JSON does not.
_LATEX_ESCAPE_RE = re.compile(r"\\([%$&#_{}])")
_DASH_RUN_RE = re.compile(r"-{2,}")
_QUOTE_RUN_RE = re.compile(r'"{2,}')


def _fold_char(match: re.Match[str]) -> str:
    return _FOLD[match.group(0)]


def normalise_text(text: str) -> str:
    """The form of a text used to decide whether two texts are the same paper.

    Unicode compatibility forms are unified (NFKC: full-width letters, ligatures),
    case is folded, every kind of quote becomes ``"`` and every dash ``-`` (LaTeX's
    ``--``/``---`` and ``` `` ``/``''`` included), LaTeX escapes such as ``\\%`` become
    the plain character, invisible characters go, and whitespace runs become one space.
    """
    text = text.casefold().replace("'", '"').replace("`", '"')
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
        text = _FOLD_RE.sub(_fold_char, text)
    if "\\" in text:
        text = _LATEX_ESCAPE_RE.sub(r"\1", text)
    if "--" in text:
        text = _DASH_RUN_RE.sub("-", text)
    if '""' in text:
        text = _QUOTE_RUN_RE.sub('"', text)
    return " ".join(text.split())


def digest(text: str) -> str:
    """Lowercase base32 (RFC 4648 alphabet) of the SHA-1 of ``text``: 32 characters."""
    # readers replace lone surrogates; should one slip through, it must not stop the load
    raw = hashlib.sha1(text.encode("utf-8", "surrogatepass")).digest()
    return base64.b32encode(raw).decode("ascii").lower()


@dataclass(frozen=True, slots=True)
class Key:
    """One identifying key: its kind (one of ``KEY_KINDS``) and normalised value."""

    kind: str
    value: str

    @property
    def strong(self) -> bool:
        return self.kind in STRONG_KINDS

    def __str__(self) -> str:
        return f"{self.kind}:{self.value}"

    @classmethod
    def parse(cls, text: str) -> Key | None:
        """The key written as ``str(key)``; None for text that is not one."""
        kind, sep, value = text.partition(":")
        return cls(kind, value) if sep and kind in KEY_KINDS and value else None


@dataclass(frozen=True, slots=True)
class Identity:
    """Everything that says who a paper is, normalised for comparison."""

    #: strong keys, strongest first; at most one per kind.
    keys: tuple[Key, ...] = ()
    #: the title's lower-case words (LaTeX and punctuation folded away); "" without a title.
    title: str = ""
    #: the first author's family name, normalised; "" without authors.
    first_author: str = ""
    year: int | None = None
    #: ``abstract_digest(abstract)``: equal for two copies of one abstract; "" if none.
    abstract_digest: str = ""
    #: the abstract has too little content to identify a paper (placeholder, very short).
    placeholder: bool = True
    #: the abstract is empty or a known stand-in ("Part of …", "Withdrawn").
    stand_in: bool = True

    def key(self, kind: str) -> str | None:
        return next((key.value for key in self.keys if key.kind == kind), None)

    @property
    def strongest(self) -> Key | None:
        """The key the paper's id comes from, or None when only weak keys exist."""
        if self.keys:
            return self.keys[0]
        if self.title:
            return Key("title", self.title_text)
        return None

    @property
    def title_text(self) -> str:
        """The weak title key: title, first author's family name and year."""
        year = "" if self.year is None else str(self.year)
        return f"{self.title}|{self.first_author}|{year}"

    @property
    def title_identifies(self) -> bool:
        return len(self.title) >= MIN_TITLE_CHARS


def normalise_doi(doi: str | None) -> str | None:
    """A DOI in lower case without resolver prefix, or None if the text is not a DOI.
    A slash after it is no part of it: a link to it at doi.org written with one
    ("https://doi.org/10.1145/abc.123/") names the same paper."""
    if not doi:
        return None
    text = doi.strip().lower()
    for prefix in _DOI_PREFIXES:
        text = text.removeprefix(prefix)
    text = text.strip().rstrip(".,;/")
    return text if DOI_SHAPE.fullmatch(text) else None


def arxiv_id(text: str | None) -> str | None:
    """The arXiv id (without version) a bare id, an arXiv DOI or an arXiv link names, in
    lower case; an old-style id without its subject class, as arXiv writes it
    ("math.CO/0211159" is "math/0211159": one paper, written either way)."""
    if not text:
        return None
    text = text.strip()
    found = _ARXIV_BARE.match(text) or _ARXIV_IN_TEXT.search(text)
    return arxiv_written(found.group(1)).lower() if found else None


def acl_id(text: str | None) -> str | None:
    """The ACL Anthology id in an anthology link or an ACL DOI (``10.18653/v1/…``)."""
    if not text:
        return None
    found = _ACL_IN_TEXT.search(text)
    return found.group(1).lower().removesuffix(".pdf") if found else None


def title_key(title: str | None) -> str:
    """A title reduced to its lower-case words; LaTeX commands and punctuation fold away,
    and characters that show nothing (a soft hyphen, a zero-width space from a PDF or a
    web page) go without parting a word: "Learn\\u00ading" is "Learning", as a
    re-scrape that drops them writes it. Math is read as a page shows it: a sub- or
    superscript is part of its word and ``\\ell`` is "ℓ" ("$\\ell_1$" is "ℓ1" and "ℓ₁",
    "$x^2$" is "x²"), as a list scraped from the page rather than its LaTeX gives it.
    HTML a scraper left in ("Rock &amp; roll", "<i>in vivo</i>", "H<sub>2</sub>O") is
    read as the page shows it, as a scraper that unescapes it gives the title. TeX a
    list took from BibTeX ("Schr{\\" o}dinger", "{G}aussian") is read as BibTeX's titles
    read (``tex_title``), as a list's reader gives the title now: a mark made on the
    title as it was once read follows it."""
    if not title or not title.strip():
        return ""
    if "&" in title and _ENTITY_RE.search(title):
        title = html.unescape(title)
    if "\\" in title or "{" in title:
        title = tex_title(title)
    if "<" in title:
        title = _TAG_RE.sub(lambda tag: " " if tag.group(1).lower() == "br" else "", title)
    if not title.isascii():
        title = _INVISIBLE_RE.sub("", title)
    if "_" in title or "^" in title or "\\ell" in title or "∞" in title:
        title = _ELL_RE.sub("l", title.replace("\\_", "_")).replace("∞", r" \infty ")
        title = _SCRIPT_RE.sub(r"\1", title).replace("_", "").replace("^", "")
    return _title_words(title)


_INVISIBLE_RE = re.compile(f"[{_INVISIBLE}]")
#: an HTML character reference: "&amp;", "&#39;", "&#xe9;"
_ENTITY_RE = re.compile(r"&(?:[a-z][a-z0-9]*|#[0-9]+|#x[0-9a-f]+);", re.IGNORECASE)
#: the inline HTML tags a scraped title keeps ("<i>", "</sub>", "<span class=…>")
_TAG_RE = re.compile(
    r"</?(i|b|em|strong|sub|sup|span|tt|code|small|u|br|mml:[a-z]+|math)"
    r"""(?:\s+[a-z:-]+=(?:"[^"<>]*"|'[^'<>]*'))*\s*/?>""",
    re.IGNORECASE,
)
#: LaTeX's ℓ, which a page shows as "ℓ" (and its compatibility form as "l")
_ELL_RE = re.compile(r"\\ell(?![A-Za-z])")
#: a sub- or superscript in braces: "_{12}", "^{n}"
_SCRIPT_RE = re.compile(r"[_^]\{([^{}]*)\}")


def family_name(author: str) -> str:
    """The family name in ``"Ann B. Lee"`` or ``"Lee, Ann B."``, normalised."""
    author = author.replace("{", "").replace("}", "")
    if "," in author:
        words = _title_words(author.split(",", 1)[0]).split()
    else:
        words = [w for w in _title_words(author).split() if w not in _SUFFIXES]
        words = words[-1:]
    return " ".join(words)


def same_family(a: str, b: str) -> bool:
    """Whether two normalised family names (:func:`family_name`) are one name, written
    with its accents or without them ("veličković", "velickovic"; "müller", "muller"): a
    list typed or exported in ASCII names the same people. So is a name as it was known
    while the HTML character references a scraper left in names were read as words
    (:func:`_cut_by_reference`): the marks made then follow the name read now."""
    return (
        a == b
        or unaccented(a) == unaccented(b)
        or _cut_by_reference(a, b)
        or _cut_by_reference(b, a)
        or _family_first_whole(a, b)
        or _family_first_whole(b, a)
    )


def _family_first_whole(family: str, whole: str) -> bool:
    """Whether ``whole`` is a name in Chinese, Japanese or Korean script shown whole,
    family name first ("张三"), and ``family`` its family name ("张"): what the name was
    known by while "张, 三" was shown "三 张", and what a list that splits it gives."""
    return (
        len(whole) > len(family) > 0
        and whole.startswith(family)
        and " " not in whole
        and family_first(family, whole[len(family) :])
    )


def _cut_by_reference(cut: str, name: str) -> bool:
    """Whether ``cut`` is the family name ``name`` was known by when a list wrote its
    letters as HTML references and they were read as words: "J&ouml;rg M&uuml;ller"
    was known by "ller", "Caf&eacute;" by "eacute", "Caf&#233;" by "233"."""
    return cut.isascii() and not name.isascii() and cut in _referenced(name)


@lru_cache(maxsize=4096)
def _referenced(name: str) -> frozenset[str]:
    """The family names :func:`family_name` gave ``name`` written with its letters
    beyond ASCII as HTML's named, decimal or hexadecimal references."""
    from html.entities import codepoint2name

    def named(char: str) -> str:
        return f"&{codepoint2name.get(ord(char), f'#{ord(char)}')};"

    forms = (named, lambda char: f"&#{ord(char)};", lambda char: f"&#x{ord(char):x};")
    return frozenset(
        family_name("".join(char if char.isascii() else form(char) for char in name))
        for form in forms
    )


def unaccented(text: str) -> str:
    """``text`` without its accents ("veličković" → "velickovic"): what
    :func:`same_family` compares, and a key papers are looked up by their family name
    with, written with its accents or without them."""
    if text.isascii():
        return text
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def _head(abstract: str) -> str:
    """The start of an abstract, folded: enough to recognise a stand-in."""
    return " ".join(abstract[:160].casefold().split())


def is_placeholder(abstract: str | None) -> bool:
    """True when an abstract says nothing about its paper: empty, "Part of …",
    "Withdrawn", "N/A", or fewer than ``MIN_ABSTRACT_WORDS`` words."""
    if not abstract or is_placeholder_phrase(abstract):
        return True
    return len(abstract.split(None, MIN_ABSTRACT_WORDS)) < MIN_ABSTRACT_WORDS


def is_placeholder_phrase(abstract: str | None) -> bool:
    """True for an empty abstract or one of the known stand-ins ("Part of …", "Withdrawn")."""
    if not abstract or not abstract.strip():
        return True
    return bool(_PLACEHOLDER.match(_head(abstract)))


def abstract_digest(abstract: str) -> str:
    """What two copies of one abstract share: a hex SHA-1 of ``normalise_text(abstract)``;
    "" for an empty abstract."""
    if not abstract.strip():
        return ""
    return hashlib.sha1(normalise_text(abstract).encode("utf-8", "surrogatepass")).hexdigest()


def told_apart(text: str, abstract: str) -> str:
    """The id text of a paper whose key's text (``text``) another paper of its list
    shares (one title, first author and year), told apart by its ``abstract``: what
    its id is the digest of, wherever the list puts it."""
    return f"{text}#abstract:{abstract_digest(abstract)}"


def _text(value: Any) -> str | None:
    return value.strip() or None if isinstance(value, str) else None


def _strong_keys(item: object, scope: str) -> tuple[Key, ...]:
    found: dict[str, str] = {}

    def put(kind: str, value: str | None) -> None:
        if value and kind not in found:
            found[kind] = value

    urls = [_text(getattr(item, name, None)) for name in _URL_FIELDS]
    urls.extend(
        link.url
        for link in getattr(item, "links", ()) or ()
        if hasattr(link, "url") and getattr(link, "origin", "text") in _OWN_LINK_ORIGINS
    )
    raw_doi = _text(getattr(item, "doi", None))
    doi = normalise_doi(raw_doi)
    if doi is not None:
        arxiv_in_doi = arxiv_id(doi)
        if arxiv_in_doi:
            put("arxiv", arxiv_in_doi)  # an arXiv DOI is the arXiv id, nothing more
        else:
            put("doi", doi)
        put("acl", acl_id(doi))
    put("arxiv", arxiv_id(_text(getattr(item, "arxiv_id", None))))
    for url in urls:
        if url:
            put("arxiv", arxiv_id(url) if "arxiv" in url.lower() else None)
    put("openreview", _text(getattr(item, "openreview_id", None)))
    pmlr = _text(getattr(item, "pmlr_key", None))
    put("pmlr", pmlr.lower() if pmlr else None)
    for url in urls:
        if not url:
            continue
        lowered = url.lower()
        if "openreview" in lowered:
            found_or = _OPENREVIEW_IN_URL.search(url)
            put("openreview", found_or.group(1) if found_or else None)
        if "mlr.press" in lowered:
            found_pmlr = _PMLR_IN_URL.search(url)
            put("pmlr", found_pmlr.group(2).lower() if found_pmlr else None)
        if "acl" in lowered:
            put("acl", acl_id(url))
    source_id = getattr(item, "source_id", None)
    if isinstance(source_id, (str, int)) and str(source_id).strip():
        own = str(source_id).strip()
        put("arxiv", own_arxiv_id(own))
        put("source", f"{scope.casefold()}#{own_id(own)}")
    return tuple(Key(kind, found[kind]) for kind in STRONG_KINDS if kind in found)


def key_of_id(item: object, paper_id: str, scopes: Iterable[str]) -> Key | None:
    """The strong key of ``item`` whose text ``paper_id`` is the digest of, read under
    each of ``scopes`` in turn (a paper of several lists: its own id in one of them is
    scoped by that list's venue or name, not by the venue another gave it); None where
    its id is of none of them (its title, a key told apart)."""
    for scope in dict.fromkeys(scopes):
        for key in _strong_keys(item, scope):
            if digest(str(key)).startswith(paper_id):
                return key
    return None


def own_id(own: str) -> str:
    """What a list's own id for a paper is known by: the id, or a link without its
    scheme and a slash at its end ("example.org/paper/17" for
    "http://example.org/paper/17/"): a site moved to https, and a list scraped from it
    again gives the same papers under links that differ so."""
    bare = _SCHEME_ANY_CASE.sub("", own)
    return bare.rstrip("/") if bare != own else own


_SCHEME_ANY_CASE = re.compile(r"^https?://", re.IGNORECASE)


def own_arxiv_id(own: str) -> str | None:
    """The arXiv id (without version) a list's own id for a paper is, if it is one: a
    list that names its papers by their arXiv ids ("2101.00001v2", or the arXiv API's
    "http://arxiv.org/abs/2101.00001v2") names them everywhere, and a re-scrape that
    gives a later version names the same paper."""
    if _ARXIV_BARE.match(own) or "arxiv.org/" in own.lower():
        return arxiv_id(own)
    return None


def identifier_keys(item: object) -> tuple[Key, ...]:
    """The keys of a record or paper that name it everywhere: its DOI, arXiv id,
    OpenReview id, PMLR key and ACL Anthology id, those it has (not a source's own id)."""
    return tuple(key for key in _strong_keys(item, "") if key.kind in _IDENTIFIER_KINDS)


@dataclass(frozen=True, slots=True)
class _Pasted:
    """A text given as an identifier, read as every field an identifier can sit in."""

    url: str
    doi: str
    arxiv_id: str


#: hosts whose links name a paper by an identifier (an arXiv, OpenReview, PMLR or ACL
#: Anthology page, a DOI at doi.org)
_IDENTIFIER_HOSTS = ("arxiv.org", "doi.org", "openreview.net", "mlr.press", "aclanthology.org")


def named_keys(text: str) -> tuple[Key, ...]:
    """The keys an identifier typed or pasted as it is names: a DOI (``10.1/x``,
    ``doi:``, a doi.org link, or a publisher's page whose address holds ``/doi/10.1/x``),
    an arXiv id (with or without its version or ``arXiv:``, an old-style one with or
    without its subject class: "math.CO/0211159" is "math/0211159"; an arxiv.org abs,
    pdf or html link; an arXiv DOI), or a link to the paper's page at OpenReview, PMLR
    or the ACL Anthology. The whole text must be the identifier: nothing for words
    (anything with a space), a tuireader id, a bare OpenReview id (it looks like a
    word), or a link elsewhere that merely holds an identifier's text."""
    from urllib.parse import unquote

    text = text.strip().strip("<>()[]{}\"'`")
    if not text or any(char.isspace() for char in text):
        return ()
    lowered = text.lower()
    bare = _SCHEME.sub("", lowered)
    host = bare.split("/", 1)[0].removeprefix("www.")
    if bare == lowered and (
        not ("/" in bare and _HOST.fullmatch(host)) or _ARXIV_CLASSED.match(text)
    ):
        found = _ARXIV_BARE.match(text)
        if found:
            return (Key("arxiv", arxiv_written(found.group(1)).lower()),)
        return _doi_keys(unquote(text))
    if host == "doi.org" or host.endswith(".doi.org"):
        return _doi_keys(unquote(bare.split("/", 1)[1] if "/" in bare else ""))
    if any(host == known or host.endswith("." + known) for known in _IDENTIFIER_HOSTS):
        return identifier_keys(_Pasted(url=text, doi="", arxiv_id=""))
    found = _DOI_IN_URL.search(unquote(text))  # a publisher's page of the DOI
    return _doi_keys(found.group(1)) if found else ()


_SCHEME = re.compile(r"^https?://")
#: a host name ("arxiv.org", "proceedings.mlr.press"): a link given without its scheme
_HOST = re.compile(r"[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}")


def _doi_keys(text: str) -> tuple[Key, ...]:
    """The keys of a DOI given whole: an arXiv DOI is the arXiv id; any other is itself
    (and an ACL DOI the ACL id as well)."""
    doi = normalise_doi(text)
    if doi is None:
        return ()
    if doi.startswith("10.48550/arxiv."):
        found = arxiv_id(doi)
        return (Key("arxiv", found),) if found else ()
    acl = acl_id(doi)
    return (Key("doi", doi), *((Key("acl", acl),) if acl else ()))


#: what an OpenReview id looks like ("8296yUBoXr", "-3G6_D66Aua")
_OPENREVIEW_ID = re.compile(r"[\w-]{8,}")


def _key_texts(paper: Paper) -> list[str]:
    """The keys that find ``paper``: its identifiers, and the DOIs it has beside its own
    (an erratum's), which identify it nowhere else; then the keys its lists give it
    (:func:`list_keys`), as written and in any case (:func:`papers_keyed`)."""
    texts = [str(key) for key in identifier_keys(paper)]
    for other in paper.other_dois:
        texts.extend(str(key) for key in _doi_keys(other))
    keys = list_keys(paper)
    texts.extend(_LIST_KEY + key for key in keys)
    texts.extend(dict.fromkeys(_LIST_KEY_FOLDED + key.casefold() for key in keys))
    return texts


#: what a list's key for a paper is kept under among the keys that find it, as written
#: and folded (no kind of ``KEY_KINDS`` begins so: an identifier is never taken for one)
_LIST_KEY = "list key:"
_LIST_KEY_FOLDED = "list key, any case:"


def papers_named(library: Library, text: str, *, bare: bool = False) -> tuple[Paper, ...]:
    """The papers of ``library`` that ``text``, pasted or typed as it is, names by an
    identifier of their own (:func:`named_keys`: a DOI, an arXiv id, a link to the
    paper at arXiv, doi.org, OpenReview, PMLR or the ACL Anthology); with ``bare``, also
    by an OpenReview id given alone. None for any other text."""
    keys = named_keys(text)
    if not keys and bare and _OPENREVIEW_ID.fullmatch(text.strip()):
        keys = (Key("openreview", text.strip()),)
    return papers_with(library, keys)


def papers_with(library: Library, keys: Sequence[Key]) -> tuple[Paper, ...]:
    """The papers of ``library`` that have the first of ``keys`` any paper has."""
    return library.with_key([str(key) for key in keys], _key_texts) if keys else ()


def list_keys(paper: Paper) -> tuple[str, ...]:
    """The keys the lists give ``paper`` themselves, as they write them: its BibTeX or
    BibLaTeX entry's key and the other keys among the entry's ``ids`` (a second entry of
    the same paper gives its key there), its CSL ``citation-key``, its list's own id
    (a CSL or JSON ``id``, a RIS ``ID``), and those the other records merged into it
    give (``Paper.other_keys``: a CSL item exported twice). A LaTeX writer looks a
    paper up by the key their manuscript cites it by."""
    return given_keys(paper.source_entry, (paper.cite_key, paper.source_id, *paper.other_keys))


def given_keys(entry: SourceEntry | None, keys: Iterable[object]) -> tuple[str, ...]:
    """The keys a BibTeX ``entry`` (its key and its ``ids``) and ``keys`` (those that are
    text) give, in that order, each once, without surrounding space."""
    given: list[str] = []
    if entry is not None:
        given.append(entry.key)
        given.extend((entry.get("ids") or "").split(","))
    given.extend(key for key in keys if isinstance(key, str))
    return tuple(dict.fromkeys(key.strip() for key in given if key.strip()))


def papers_keyed(library: Library, text: str) -> tuple[Paper, ...]:
    """The papers of ``library`` that a list's own key for them (:func:`list_keys`) is
    ``text``, written as the list writes it; else, when none is, in any case. None, one,
    or each paper a list gives that key (never one picked among them)."""
    text = text.strip()
    if not text:
        return ()
    found = library.with_key([_LIST_KEY + text], _key_texts)
    return found or library.with_key([_LIST_KEY_FOLDED + text.casefold()], _key_texts)


def not_in_lists(key: Key, shown: str | None = None) -> str:
    """What is said of an identifier that no paper of the lists has: "no paper in these
    lists has the arXiv id 2402.01566" (``shown``: the value as it is to be said)."""
    return f"no paper in these lists has the {key_words(key, shown)}"


def key_words(key: Key, shown: str | None = None) -> str:
    """An identifier as it is said, "DOI 10.1234/xyz" (``shown``: the value as it is
    to be said)."""
    return f"{IDENTIFIER_NAMES[key.kind]} {shown or key.value}"


def identify(item: object, scope: str = "") -> Identity:
    """The identity of a record or paper.

    ``scope`` names the source a ``source_id`` belongs to (its venue, else its list).
    """
    abstract = getattr(item, "abstract", "") or ""
    return Identity(
        *_named(item, scope),
        abstract_digest=abstract_digest(abstract),
        placeholder=is_placeholder(abstract),
        stand_in=is_placeholder_phrase(abstract),
    )


def strongest_key(item: object, scope: str = "") -> Key | None:
    """``identify(item, scope).strongest``, the key a paper's id comes from, without
    reading its abstract: normalising and hashing a whole abstract costs more than all
    the rest of an identity, and an export asks this of every paper."""
    return Identity(*_named(item, scope)).strongest


def _named(item: object, scope: str) -> tuple[tuple[Key, ...], str, str, int | None]:
    """An identity's keys, title, first author and year (see :func:`identify`)."""
    title = _text(getattr(item, "title", None))
    if getattr(item, "title_derived", False):
        title = None
    authors = getattr(item, "authors", ()) or ()
    year = getattr(item, "year", None)
    return (
        _strong_keys(item, scope),
        title_key(title),
        family_name(authors[0]) if authors else "",
        year if isinstance(year, int) else None,
    )


def conflicting(a: Identity, b: Identity, kinds: tuple[str, ...] = STRONG_KINDS) -> bool:
    """True when the two carry different values of one kind (of ``kinds``) of strong key:
    for a source's own id, two ids of one source (a list's rows 3 and 4). The own ids of
    two sources say nothing of each other: a list and a copy of it elsewhere (whose own
    ids are another list's), or two Zotero exports, are one paper by title and authors."""
    theirs = {key.kind: key.value for key in b.keys}
    return any(
        key.kind in kinds
        and key.kind in theirs
        and theirs[key.kind] != key.value
        and (key.kind != "source" or _source_of(theirs[key.kind]) == _source_of(key.value))
        for key in a.keys
    )


def _source_of(value: str) -> str:
    """The source a source key's own id belongs to: "icml 2024" of "icml 2024#17"."""
    return value.rpartition("#")[0]


def same_title(a: str, b: str) -> bool:
    """Whether two normalised titles are one title, written with its accents or without
    them ("Schölkopf", "Scholkopf": an export into ASCII takes them out)."""
    return a == b or (bool(a) and unaccented(a) == unaccented(b))


def titles_agree(a: str, b: str) -> bool:
    """True unless both normalised titles are there and share too few words."""
    if not a or not b or a == b:
        return True
    from rapidfuzz import fuzz

    return fuzz.token_set_ratio(a, b) >= TITLE_AGREEMENT


def titles_close(a: str, b: str) -> bool:
    """True unless both normalised titles are there and are not one title: the same
    but for a few letters (a typo mended, a word's ending), or one holding every word of
    the other, of three words at least (a subtitle added or dropped). Stricter than
    :func:`titles_agree`, which two titles sharing a few words pass ("learning to grasp
    objects", "learning to walk fast"): a list's own id (a row number, a BibTeX key)
    can be given to another paper, where a DOI or an arXiv id is not."""
    if not a or not b or a == b:
        return True
    shorter, longer = sorted((a.split(), b.split()), key=len)
    if len(shorter) >= 3 and set(shorter) <= set(longer):
        return True
    return title_mended(a, b)


def title_mended(a: str, b: str) -> bool:
    """Whether the normalised titles ``a`` and ``b`` are one title mended: the same
    words but for at most two, each a few letters from its counterpart (a typo, a
    word's ending), or one small word more ("a", "the"), their accents aside. "grasp
    study number 0" and "drive study number 0" are two titles, however alike letter by
    letter. A title whose accents an export took out ("Scholkopf, Muller und Godel"
    for "Schölkopf, Müller und Gödel", every word of it changed) is the title mended
    too: re-exports into ASCII do it, and the reader sees one title."""
    if a == b:
        return False
    a, b = unaccented(a), unaccented(b)
    if a == b:
        return True
    one, two = a.split(), b.split()
    if len(one) == len(two):
        from rapidfuzz import fuzz

        apart = [(x, y) for x, y in zip(one, two, strict=True) if x != y]
        return len(apart) <= 2 and all(fuzz.ratio(x, y) >= WORD_CLOSENESS for x, y in apart)
    shorter, longer = sorted((one, two), key=len)
    if len(longer) - len(shorter) != 1:
        return False
    return any(
        longer[:i] + longer[i + 1 :] == shorter and len(longer[i]) <= 3 for i in range(len(longer))
    )


#: what a decoder puts for bytes it could not read: a Latin-1 "é" in a UTF-8 file, or a
#: page scraped in the wrong encoding, gives "D\ufffdj\ufffd vu" for "Déjà vu"
UNREAD = "\ufffd"
#: how many characters of a normalised title one U+FFFD may stand for at most: an
#: accented letter is one, a ligature ("ﬁ") two or three, a quote or a dash none
_UNREAD_WIDTH = 3
#: a letter no title holds, put where a title has U+FFFD so that its normalised form
#: keeps the place (``title_key`` drops U+FFFD as it drops punctuation)
_GAP = "\ua66e"
_GAPS = re.compile(f"{_GAP}+")


def damaged(text: str) -> bool:
    """Whether ``text`` lost characters to U+FFFD when it was read."""
    return UNREAD in text


def title_read_whole(title: str, key: str) -> bool:
    """Whether the normalised title ``key`` is the title ``title`` (as a list gave it,
    with U+FFFD for characters that could not be read) read whole: the same letters
    wherever ``title`` has them, and where it has a run of U+FFFD, none up to a few
    for each (an accented letter, a ligature, or a quote or dash that normalising
    takes out). A title mostly unread (fewer letters read than lost, or fewer than
    ``MIN_TITLE_CHARS`` with its spaces) is read whole by no title: a Chinese title
    read as "\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd: a study" names no paper."""
    if not key:
        return False
    pattern = _read_whole_pattern(title)
    return pattern is not None and pattern.fullmatch(key + " ") is not None


@lru_cache(maxsize=64)
def _read_whole_pattern(title: str) -> re.Pattern[str] | None:
    """What :func:`title_read_whole` matches a normalised title with (and a space after
    it), made once for a damaged title; None for a title that is not damaged, or too
    little of which was read. A run of U+FFFD inside a word is letters or a space (a
    quote or a dash, which normalising makes one: "Don\ufffdt", "don t"); at a word's
    start or end, letters or none; a word of its own, a word or none."""
    if not damaged(title):
        return None
    known = title_key(title)  # U+FFFD dropped, as it is from a stored title key
    if len(known) < MIN_TITLE_CHARS or title.count(UNREAD) > len(known.replace(" ", "")):
        return None
    words: list[str] = []
    for word in title_key(title.replace(UNREAD, _GAP)).split():
        pieces = _GAPS.split(word)
        widths = [len(gap) * _UNREAD_WIDTH for gap in _GAPS.findall(word)]
        if not "".join(pieces):
            words.append(rf"(?:\w{{1,{widths[0]}}} )?")
            continue
        written = re.escape(pieces[0])
        for number, (width, piece) in enumerate(zip(widths, pieces[1:], strict=True)):
            if pieces[number] and piece:
                written += rf"(?:\w{{1,{width}}}| )" + re.escape(piece)
            else:
                written += rf"\w{{0,{width}}}" + re.escape(piece)
        words.append(written + " ")
    return re.compile("".join(words))


def family_read_whole(family: str, whole: str) -> bool:
    """Whether ``whole``, a normalised family name, is ``family`` as a line read with
    U+FFFD left it (see :func:`title_read_whole`): "Jan M\ufffdller" normalises to
    "ller" (the name's last word) and "M\ufffdller, Jan" to "m ller". ``whole`` holds a
    letter beyond ASCII (what could not be read), ends with the last word of ``family``
    and holds its other words in order, a few letters apart. Only for a paper whose
    title says its line was damaged: any other name differing so is another person's."""
    if same_family(family, whole):
        return True
    words = family.split()
    if not words or whole.isascii():
        return False
    gap = rf"\w{{0,{_UNREAD_WIDTH}}}"
    pattern = r"\w*" + gap.join(re.escape(word) for word in words)
    return re.fullmatch(pattern, whole.replace(" ", "")) is not None


def same_paper(a: Identity, b: Identity, *, by_title: bool = True) -> str | None:
    """Why ``a`` and ``b`` are one paper ("same DOI", "same title and first author", …),
    or None when they are not.

    ``by_title=False`` leaves out the title-and-author rule (records of one list: a
    list that names a title twice names two entries).
    """
    theirs = {key.kind: key.value for key in b.keys}
    for key in a.keys:
        if theirs.get(key.kind) == key.value:
            # one paper under two ids of one source (a library's duplicate entries) is
            # still one paper; two DOIs or two arXiv ids are two papers; a source's own
            # id (row numbers two lists of one venue both count from 1) names one paper
            # only with one title
            agree = titles_close if key.kind == "source" else titles_agree
            if conflicting(a, b, _IDENTIFIER_KINDS) or not agree(a.title, b.title):
                return None
            if key.kind == "source" and not _one_author_of_short_titles(a, b):
                return None
            return f"same {_KIND_NAMES[key.kind]}"
    if conflicting(a, b):
        return None
    if (
        by_title
        and a.title
        and same_title(a.title, b.title)
        and a.title_identifies
        and (
            not a.first_author or not b.first_author or same_family(a.first_author, b.first_author)
        )
    ):
        return "same title and first author" if a.first_author else "same title"
    if a.abstract_digest and a.abstract_digest == b.abstract_digest:
        if a.title and b.title and not same_title(a.title, b.title):
            return None
        if not a.title and not b.title:
            # the abstract is all either record holds: equal texts are one entry
            return None if a.stand_in else "same abstract"
        return None if a.placeholder else "same abstract"
    return None


def _one_author_of_short_titles(a: Identity, b: Identity) -> bool:
    """False when a title of a word or two ("Introduction", "Closing Remarks") is all that
    two records under one source id share, their first authors being two people: two
    volumes of a workshop that both key their opening paper ``intro`` hold two papers, not
    one. A longer title under one id names one paper whatever its author list says (the
    authors reordered by a re-export)."""
    if not (a.first_author and b.first_author) or same_family(a.first_author, b.first_author):
        return True
    return any(
        identity.title_identifies and len(identity.title.split()) >= _NAMING_WORDS
        for identity in (a, b)
    )


#: a title of fewer words than this ("Introduction", "Invited Talk") names no paper
#: under a list's own id without its first author
_NAMING_WORDS = 3


def stub_of_same_paper(a: Identity, b: Identity) -> bool:
    """True when two records of one list are one paper named twice, once as a bare entry
    without its abstract (a conference site lists an oral and its poster under two ids):
    the same title (or one mended: "Bayesian GAN" and "Bayesian GANs", see
    :func:`title_mended`) and first author, exactly one of the two without an abstract,
    and no identifier (DOI, arXiv id, …) that tells them apart. Their own ids may differ."""
    return (
        a.placeholder != b.placeholder
        and a.title_identifies
        and b.title_identifies
        and (a.title == b.title or title_mended(a.title, b.title))
        and bool(a.first_author)
        and same_family(a.first_author, b.first_author)
        and not conflicting(a, b, _IDENTIFIER_KINDS)
    )


_KIND_NAMES = {
    "doi": "DOI",
    "arxiv": "arXiv id",
    "openreview": "OpenReview id",
    "pmlr": "PMLR key",
    "acl": "ACL Anthology id",
    "source": "source id",
}
