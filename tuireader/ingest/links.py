"""Find the URLs in a paper's text and sort them into code, paper, project and talk links
(a talk's video, slides or poster).

``extract_urls`` pulls every web address out of free text (abstracts are full of
``https://github.com/owner/repo.`` with the sentence's full stop glued on), trims the
punctuation that belongs to the sentence rather than the address, and drops repeats.
``classify`` says what kind of thing a URL points at, and ``links_for`` combines the
links found in the text with the ones a record gives in its own fields.

Links are data until proven links: :func:`web_url` accepts only ``http``/``https``
addresses (and DOIs and arXiv ids, turned into them) with no whitespace, control, bidi
or invisible character, and :func:`merge_links`, through which every paper's links pass,
drops everything else. A ``javascript:`` or ``file:`` address, or a "link" with a
newline and a shell command in it, stays visible as text in the abstract and is never
offered, copied, exported, printed one per line or made clickable. Such a link is not
dropped without a word, though: :func:`unsafe_links_for` keeps what was left out (as
data, for :attr:`Paper.unsafe_links`), and :func:`left_out_note` says so in plain words.
A bare domain (but a project's site under a host of such sites, ``alpha-mdf.github.io``)
or a relative path is merely not a link, and is not counted.
"""

from __future__ import annotations

import html
import re
import string
from collections.abc import Iterable
from typing import Any

from tuireader.model import (
    LINK_KINDS,
    TALK_KINDS,
    VIDEO_HOSTS,
    Link,
    LinkKind,
    Paper,
    Record,
)
from tuireader.render.safetext import (
    BARE_HOSTS,
    one_line,
    shell_quiet,
    unsafe_link_reason,
    web_url,
)

__all__ = [
    "address_terms",
    "arxiv_written",
    "bare_urls",
    "classify",
    "extract_urls",
    "left_out_note",
    "link_address",
    "links_for",
    "merge_links",
    "merge_unsafe",
    "unsafe_links_for",
    "url_key",
    "web_url",
]

#: an old-style id's subject class ("math.CO/0211159"), which names no other paper than
#: its archive and number ("math/0211159", arXiv's own id and link)
_SUBJECT_CLASS_RE = re.compile(r"^([a-z-]+)\.[a-z]{2}/", re.IGNORECASE)


def arxiv_written(found: str) -> str:
    """An arXiv id as arXiv writes it: an old-style id ("math.CO/0211159",
    "HEP-TH/9901001") by its archive in small letters and its number ("math/0211159"),
    its subject class left out: with it or without, it names one paper, whose page is
    ``arxiv.org/abs/math/0211159``. A new-style id is as it is ("2401.01234")."""
    if "/" not in found:
        return found
    return _SUBJECT_CLASS_RE.sub(r"\1/", found).lower()


# Characters that never belong to a URL written in running text: whitespace, the
# delimiters RFC 3986 excludes (LaTeX's braces among them: ``\url{u}``, ``\href{u}{t}``
# end the address), and the full-width punctuation of CJK text, which commonly follows
# an address with no space in between. Control, bidi and zero-width characters end an
# address too: they never belong to one, and a URL that ran on through them would carry
# them into a link.
_STOP = (
    r"\s<>\"`|\\^\[\]{}"
    + "\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\u2018-\u201f\u2026"
    + r"\x00-\x1f\x7f-\x9f\u00ad\u034f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f"
    + r"\ufeff\ufff9-\ufffb\ud800-\udfff\U000e0000-\U000e007f"
)
# Two patterns rather than one: an alternation that starts with a look-behind makes
# Python's regex engine try every position of the text, several times slower.
_URL_RE = re.compile(rf"(?:(?i:https?)://|www\.)[^{_STOP}]+")

# --- addresses written without a scheme ------------------------------------------------
#
# Researchers write project pages and repositories bare: "available at
# alpha-mdf.github.io", "code: github.com/user/repo". Only names users plainly mean as
# addresses are taken: a name under a project-page host (path or not), and a name under a
# common top-level domain followed by a path. A name alone under .com or .org ("Node.js",
# "PyTorch.org is"), a file name ("model.py"), a version ("v1.2.3"), an arXiv id
# ("arXiv:2101.00001") or an abbreviation ("e.g.") is none: its last label is no such
# domain, or no path follows it. The top-level domain is in lower case, as addresses are
# written (".NET/" in "ASP.NET/Core" is no address).

#: hosts under which every name is a project's site: ``alpha-mdf.github.io``
_PAGE_HOSTS = ("github.io", "gitlab.io", "pages.dev", "netlify.app", "vercel.app", "readthedocs.io")
#: top-level domains of the sites papers link to bare, with a path after them
_BARE_TLDS = (
    *("com", "org", "net", "edu", "gov", "io", "ai", "dev", "app", "me", "info", "page"),
    *("site", "co", "cc", "xyz", "tech", "eu", "uk", "de", "fr", "cn", "jp", "kr", "ch"),
    *("ca", "au", "nl"),
)
_HOST_LABELS = r"(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+"
_PAGE_HOST_RE = "|".join(re.escape(host) for host in _PAGE_HOSTS)
_BARE_RE = re.compile(
    rf"{_HOST_LABELS}(?:(?:{_PAGE_HOST_RE})(?![\w-])(?:/[^{_STOP}]*)?"
    rf"|(?:{'|'.join(_BARE_TLDS)})/(?=[\w~])[^{_STOP}]+)"
)
#: the top-level domain of a bare address, where the search for one starts
_BARE_HINT_RE = re.compile(rf"\.(?:{_PAGE_HOST_RE})(?![\w-])|\.(?:{'|'.join(_BARE_TLDS)})/")
#: the characters of a host's name
_HOST_CHARS = frozenset(string.ascii_letters + string.digits + ".-")
#: An address whose scheme lost its colon ("https//github.com/a/b"): the address meant.
_NO_COLON_RE = re.compile(rf"(?i:https?)//(?=[A-Za-z0-9])[^{_STOP}]+")
_NO_COLON_SCHEME_RE = re.compile(r"^(https?)//", re.IGNORECASE)
_NAME_CHAR_RE = re.compile(r"[\w@./-]")
# Sentence punctuation, quotes and emphasis markers that end a sentence, not a URL
# (guillemets too: «https://a.org/x»).
_TRAILING = ".,;:!?'\"*_~\u00ab\u00bb\u2039\u203a"
_PAIRS = {")": "(", "]": "["}
#: A character reference glued to an address's end ("https://github.com/a/b&gt;" in
#: a list that writes its abstracts as HTML, or BibTeX's copy of one): the character
#: it stands for, when that cannot end a URL, is the sentence's.
_ENTITY_END_RE = re.compile(r"&(?:[A-Za-z][A-Za-z0-9]{1,7}|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});$")
_STOP_RE = re.compile(rf"[{_STOP}]")
#: The text argument of ``\href{u}{t}``: what a reader sees in place of ``u``, no link.
_HREF_TEXT_RE = re.compile(r"\\href\s*\{[^{}]*\}\s*\{([^{}]*)\}")
#: A terminal's control string (OSC ``ESC ]``, DCS ``ESC P``, APC ``ESC _``, PM ``ESC ^``,
#: SOS ``ESC X``) up to what ends it (BEL, or ST ``ESC \\``, or any other escape): an
#: OSC 8 hyperlink's target (``ESC ]8;;http://evil.example/ ESC \\``) is an address the
#: terminal would hide behind other text, none the author wrote. (Not the 8-bit forms:
#: their introducers are also the bytes of mis-decoded quotes, ``â€\x9d``.)
_CONTROL_STRING_RE = re.compile(r"\x1b[\]P_^X][^\x07\x1b]*")

#: Code hosts whose repositories are ``/owner/name`` (GitLab: ``/group/…/name``); a
#: longer path is a place inside the repository (a folder, a file, an issue).
_OWNER_REPO_HOSTS = frozenset(
    ("github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "gitee.com")
    + ("huggingface.co", "hf.co")
)
#: First path segments of those hosts that are the host's own pages, not an owner:
#: ``github.com/features/actions``, ``huggingface.co/docs/transformers``.
_HOST_PAGES = frozenset(
    {
        # GitHub
        "about",
        "apps",
        "collections",
        "customer-stories",
        "enterprise",
        "events",
        "explore",
        "features",
        "issues",
        "login",
        "marketplace",
        "notifications",
        "orgs",
        "pricing",
        "pulls",
        "search",
        "security",
        "settings",
        "site",
        "sponsors",
        "topics",
        "trending",
        # GitLab, Bitbucket, Codeberg
        "-",
        "dashboard",
        "help",
        "users",
        # Hugging Face (``models``, ``datasets`` and ``spaces`` are read on their own)
        "blog",
        "chat",
        "docs",
        "learn",
        "organizations",
        "papers",
        "posts",
        "tasks",
    }
)
#: Hugging Face's repositories of a kind: ``/spaces/owner/name``, ``/datasets/owner/name``.
_HF_KINDS = frozenset({"models", "datasets", "spaces"})
_HF_HOSTS = frozenset({"huggingface.co", "hf.co"})
#: SourceHut's code hosts, whose owners are written ``~owner``.
_SOURCEHUT_HOSTS = frozenset({"sr.ht", "git.sr.ht", "hg.sr.ht"})
#: Hosts of notebooks that run as they are (Colab opens ``/drive/…``, ``/github/…``).
_NOTEBOOK_HOSTS = frozenset({"colab.research.google.com"})
_PAPER_HOSTS = frozenset(
    {
        "arxiv.org",
        "doi.org",
        "dx.doi.org",
        "openreview.net",
        "proceedings.mlr.press",
        "aclanthology.org",
        "proceedings.neurips.cc",
        "papers.nips.cc",
        "openaccess.thecvf.com",
        "jmlr.org",
        "ecva.net",
        "ijcai.org",
        "dl.acm.org",
        "ieeexplore.ieee.org",
        "link.springer.com",
        "ojs.aaai.org",
    }
)


def _trim(url: str) -> str:
    """Remove punctuation glued to the end of ``url`` by the sentence around it.

    A closing bracket stays when the URL itself opened it (Wikipedia-style
    ``/Set_(mathematics)``) and goes when it closes a bracket opened before the URL.
    """
    while url:
        last = url[-1]
        if last == ";" and "&" in url and (entity := _ENTITY_END_RE.search(url)):
            char = html.unescape(entity.group())
            if len(char) == 1 and _ends_sentence(url[: entity.start()] + char):
                url = url[: entity.start()]
                continue
        if _ends_sentence(url):
            url = url[:-1]
        else:
            break
    return url


def _ends_sentence(url: str) -> bool:
    """Whether the last character of ``url`` is the sentence's, not the address's."""
    last = url[-1]
    if last in _TRAILING or _STOP_RE.match(last):
        return True
    return last in _PAIRS and url.count(_PAIRS[last]) < url.count(last)


_PARTS_RE = re.compile(
    r"^(?:[A-Za-z][A-Za-z0-9+.-]*://)?([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$", re.DOTALL
)


def _split(url: str) -> tuple[str, str, str]:
    """``(host, path, query+fragment)`` of a URL, host lowercased; no validation."""
    match = _PARTS_RE.match(url)
    if match is None:  # pragma: no cover - the pattern matches any string
        return "", url, ""
    netloc, path, query, fragment = match.groups()
    host = netloc.rpartition("@")[2].lower()
    return host, path, (query or "") + (fragment or "")


def _host(url: str) -> str:
    host = _split(url)[0]
    if host.startswith("["):
        return host
    return host.partition(":")[0]


#: hosts that resolve DOIs: the path of a link there is a DOI, whose case means nothing.
_DOI_HOSTS = frozenset({"doi.org", "dx.doi.org"})


def url_key(url: str) -> str:
    """The form of ``url`` used to tell repeats apart.

    Scheme, a leading ``www.``, the case of the host and a trailing slash do not make
    two addresses different; the path's case does (GitHub owners are case-insensitive
    but other sites' paths are not), except in a DOI's link: DOIs are the same in any
    case (``doi.org/10.48550/arXiv.2401.01234`` and ``…/ARXIV.2401.01234``), and
    ``dx.doi.org`` is ``doi.org``; and in an arXiv page's, whose old-style id names one
    paper with its subject class or without it (``arxiv.org/abs/math.CO/0211159`` is
    ``arxiv.org/abs/math/0211159``).
    """
    host, path, rest = _split(url)
    host = host.removeprefix("www.")
    if host in _DOI_HOSTS:
        return "doi.org" + path.rstrip("/").lower() + rest
    if host == "arxiv.org":
        path = _ARXIV_CLASSED_PATH.sub(r"\1", path)
    return host + path.rstrip("/") + rest


#: the subject class of an old-style id in an arXiv page's path ("/abs/math.CO/0211159")
_ARXIV_CLASSED_PATH = re.compile(r"^(/(?:abs|pdf)/[a-z-]+)\.[a-z]{2}(?=/\d{7})", re.IGNORECASE)


def index_text(link: Link) -> str:
    """What the search index keeps of a link: its host's names, and a code link's path.

    ``https://github.com/LIONS-EPFL/Charmer`` gives "github LIONS-EPFL Charmer", so
    ``github`` and the repository's name find the paper. The scheme, ``www``, the
    top-level domain and the paths of other links (mostly one-off ids such as
    OpenReview's) are left out: nobody searches for them, and each would be a term.
    """
    host, path, _rest = _split(link.url)
    labels = host.partition(":")[0].split(".")
    if len(labels) > 1:
        labels = labels[:-1]
    names = [label for label in labels if label and label != "www"]
    if link.kind == "code":
        names.extend(part for part in path.split("/") if part)
    return " ".join(names)


def link_address(url: str) -> str:
    """``url`` as ``url:`` compares addresses: lowercase, without the scheme, a leading
    ``www.``, the port, a trailing slash or the fragment
    (``https://www.GitHub.com/Owner/Repo/#readme`` → "github.com/owner/repo")."""
    host, path, query = _address_parts(url)
    return f"{host}{path}{query}"


def _address_parts(url: str) -> tuple[str, str, str]:
    """``(host, path, query)`` of :func:`link_address`: the path without its trailing
    slash, the query with its ``?``."""
    match = _PARTS_RE.match(url.strip())
    if match is None:  # pragma: no cover - the pattern matches any string
        return url.strip().lower(), "", ""
    netloc, path, query, _fragment = match.groups()
    host = netloc.rpartition("@")[2].lower()
    if not host.startswith("["):
        host = host.partition(":")[0]
    host = host.rstrip(".")
    if host.startswith("www.") and "." in host[4:]:
        host = host[4:]
    return host, path.rstrip("/").lower(), (query or "").rstrip("?").lower()


def address_terms(url: str) -> list[str]:
    """What the search index keeps whole of a link's address, for ``url:``: its host, each
    domain it is under, and the whole address (:func:`link_address`).
    ``https://proceedings.mlr.press/v235/abe24a.html`` gives "proceedings.mlr.press",
    "mlr.press" and "proceedings.mlr.press/v235/abe24a.html", so ``url:mlr.press`` finds
    every paper with a link there, and ``url:`` with the link itself the paper that has
    it. (Not the address up to each ``/``: another term for nearly every link, where a
    code link's owner and repository are words of the link already.)"""
    host, path, query = _address_parts(url)
    address = f"{host}{path}{query}"
    if not address or any(char.isspace() for char in address):
        return []
    labels = host.split(".")
    if len(labels) > 1 and not labels[-1].isdigit() and all(labels):
        terms = [".".join(labels[at:]) for at in range(len(labels) - 1)]
    else:
        terms = [host] if host else []  # an IP address, a name without a dot
    terms.append(address)
    return list(dict.fromkeys(terms))


def _candidates(text: str, *, sites: bool = True) -> list[tuple[int, str]]:
    """``(position, raw match)`` of every URL-like run in ``text``, in text order; without
    ``sites``, of those written without a scheme only a code host's paths
    (``github.com/owner/repo``), not a site's name (``alpha-mdf.github.io``)."""
    found: list[tuple[int, str]] = []
    found_bare = False
    if "://" in text or "www." in text:
        for match in _URL_RE.finditer(text):
            start = match.start()
            # "www." inside a longer name (foo.www.example) is not an address
            if match.group(0)[:4] == "www." and start and _NAME_CHAR_RE.match(text, start - 1):
                continue
            found.append((start, match.group(0)))
    end = 0
    for hint in _BARE_HINT_RE.finditer(text):
        if hint.start() < end:
            continue  # within the address found last
        # from the top-level domain back to the host's first label
        start = hint.start()
        while start and text[start - 1] in _HOST_CHARS:
            start -= 1
        bare = _BARE_RE.match(text, start)
        if bare is None:
            continue
        end = bare.end()
        # github.com/... right after "https://", "www." or "@" (an e-mail address), or
        # inside another name, is not bare
        if start and _NAME_CHAR_RE.match(text, start - 1):
            continue
        if bare.group(0)[:4].lower() == "www.":
            continue  # found with the addresses above
        if not sites and not bare.group(0).startswith(BARE_HOSTS):
            continue
        found.append((start, bare.group(0)))
        found_bare = True
    if found_bare:
        found.sort()
    if any(hint in text for hint in ("s//", "p//", "S//", "P//")):
        for match in _NO_COLON_RE.finditer(text):
            start = match.start()
            # "http//" inside a longer name or an address's path is no address of its own
            if start and _NAME_CHAR_RE.match(text, start - 1):
                continue
            found.append((start, match.group(0)))
        found.sort()
    if "\\href" in text:
        shown = [match.span(1) for match in _HREF_TEXT_RE.finditer(text)]
        found = [item for item in found if not any(a <= item[0] < b for a, b in shown)]
    if "\x1b" in text:
        hidden = [match.span() for match in _CONTROL_STRING_RE.finditer(text)]
        found = [item for item in found if not any(a <= item[0] < b for a, b in hidden)]
    return found


def without_urls(text: str) -> str:
    """``text`` with its web addresses (as :func:`extract_urls` finds them) taken out, but
    for the names of sites written without a scheme (``alpha-mdf.github.io``,
    ``clvrai.com/boss``: :func:`bare_urls` finds those): a code host's paths and every
    address with a scheme or ``www.`` go. (What the reader's taste model learns from is
    this text, and it takes bare names out on its own.)"""
    found = _candidates(text, sites=False)
    if not found:
        return text
    parts: list[str] = []
    end = 0
    for start, raw in found:
        if start < end:
            continue
        parts.append(text[end:start])
        end = start + len(raw)
    parts.append(text[end:])
    return " ".join(parts)


def extract_urls(text: str) -> list[str]:
    """Every web address in ``text``, in order of first appearance, without repeats.

    Addresses written without a scheme are found too and returned with ``https://`` in
    front, so every result can be opened as it is: ``www.example.org``, a repository on a
    code host (``github.com/owner/repo``), a project's site (``alpha-mdf.github.io``) and
    a page under a common top-level domain (``clvrai.com/boss``; see :data:`_BARE_RE`,
    and :func:`bare_urls` for these alone); and so is an address whose scheme lost its
    colon (``https//github.com/owner/repo``). An address written both bare and in full
    (a Markdown link, ``[site.github.io](https://site.github.io/)``) is given as written
    in full.
    """
    return [url for url, _bare in _found_urls(text)]


def _found_urls(text: str) -> list[tuple[str, bool]]:
    """:func:`extract_urls` with, for each address, whether the text wrote it without a
    scheme (``www.`` names aside)."""
    found: list[tuple[str, bool]] = []
    seen: set[str] = set()
    addresses = [address for address in map(_address, _candidates(text)) if address]
    written_in_full = {url_key(url) for url, bare in addresses if not bare}
    for url, bare in addresses:
        key = url_key(url)
        if key in seen or (bare and key in written_in_full):
            continue
        seen.add(key)
        found.append((url, bare))
    return found


def _address(candidate: tuple[int, str]) -> tuple[str, bool] | None:
    """The address a candidate of :func:`_candidates` gives, with its scheme, and whether
    it was written without one (``www.`` names aside); None for a name that is no host."""
    raw = _trim(candidate[1])
    url = _NO_COLON_SCHEME_RE.sub(r"\1://", raw)
    bare = "://" not in url
    if bare:
        url = "https://" + url
    host = _host(url)
    if "." not in host or host.startswith(".") or host.endswith("."):
        return None
    return url, bare and raw[:4].lower() != "www."


def bare_urls(text: str) -> list[str]:
    """The addresses ``text`` writes without a scheme (``www.`` names aside), as
    :func:`extract_urls` finds them, with ``https://`` in front: a repository on a code
    host (``github.com/owner/repo``), a project's site (``alpha-mdf.github.io``, path or
    not), a page under a common top-level domain (``clvrai.com/boss``); never an
    abbreviation ("e.g."), a file or module name ("model.py", "Node.js"), a version or an
    arXiv id."""
    return [url for url, bare in _found_urls(text) if bare]


def _host_matches(host: str, domains: frozenset[str]) -> bool:
    """True when ``host`` is one of ``domains`` or a subdomain of one."""
    while host:
        if host in domains:
            return True
        host = host.partition(".")[2]
    return False


def _repository(host: str, path: str) -> bool:
    """True when ``path`` on ``host`` (lower case, no ``www.``) is a repository on a code
    host, or a place inside one: ``github.com/owner/repo``, ``gitlab.com/group/project``
    (and any ``gitlab.*`` host), Bitbucket, Codeberg, Gitee, SourceHut
    (``git.sr.ht/~owner/repo``), SourceForge (``/projects/name``), Hugging Face models,
    datasets and Spaces, GitHub gists and Colab notebooks. An owner's page
    (``github.com/DLR-RM``) and the host's own pages (``github.com/features``) are not."""
    parts = [part for part in path.split("/") if part]
    if host == "gist.github.com" or host in _NOTEBOOK_HOSTS:
        return bool(parts)
    if host in _SOURCEHUT_HOSTS:
        return len(parts) >= 2 and parts[0].startswith("~")
    if host == "sourceforge.net":
        return len(parts) >= 2 and parts[0] in ("projects", "p")
    if host in _HF_HOSTS and parts and parts[0] in _HF_KINDS:
        parts = parts[1:]
    elif host not in _OWNER_REPO_HOSTS and not host.startswith("gitlab."):
        return False
    return len(parts) >= 2 and parts[0].lower() not in _HOST_PAGES


#: sites of slides: a link to one is a talk's slides
_SLIDES_HOSTS = frozenset({"speakerdeck.com", "slideshare.net"})


def classify(url: str) -> LinkKind:
    """``"code"``, ``"paper"``, ``"project"``, ``"video"`` or ``"slides"`` for one URL.

    Any address whose path ends in ``.pdf`` is a paper, wherever it is hosted; a
    repository on a code host is code (see :func:`_repository`: GitHub, GitLab,
    Bitbucket, Codeberg, Gitee, SourceHut, SourceForge, Hugging Face, gists and Colab
    notebooks), while the rest of a code host (an owner's page, documentation) and
    GitHub Pages sites (``*.github.io``) are not; arXiv, DOI, OpenReview, PMLR, the
    proceedings sites of the major venues and Hugging Face's paper pages are papers; a
    page on a site of videos (YouTube, Vimeo, SlidesLive, :data:`VIDEO_HOSTS`) is a
    video, one on a site of slides (Speaker Deck, SlideShare, Google Slides) slides;
    everything else is a project page. (A poster is known only by the field that gives
    it, :func:`links_for`.)
    """
    host, path, _rest = _split(url)
    if path.lower().endswith(".pdf"):
        return "paper"
    host = host.partition(":")[0].removeprefix("www.")
    if _repository(host, path):
        return "code"
    if _host_matches(host, _PAPER_HOSTS) or (
        host in _HF_HOSTS and path.lower().startswith("/papers/")
    ):
        return "paper"
    if _host_matches(host, VIDEO_HOSTS):
        return "video"
    if _host_matches(host, _SLIDES_HOSTS) or (
        host == "docs.google.com" and path.startswith("/presentation/")
    ):
        return "slides"
    return "project"


def _page_kind(url: str) -> LinkKind:
    """The kind of a link a record's code or project field gives: code where it points at
    a repository, a video or slides on a site of them, else a project page (a paper's
    address there is a further page of the project's)."""
    kind = classify(url)
    return "project" if kind == "paper" else kind


#: code → paper → project → video → slides → poster
_KIND_ORDER: dict[str, int] = {kind: rank for rank, kind in enumerate(LINK_KINDS)}


def _as_tuple(value: str | Iterable[str] | None) -> tuple[str, ...] | list[str]:
    if not value:
        return ()
    if isinstance(value, str):
        return (value,) if value.strip() else ()
    return [item for item in value if isinstance(item, str) and item.strip()]


def _web_urls(value: str | Iterable[str] | None) -> list[str]:
    """The safe web addresses among a field's values (see :func:`web_url`)."""
    return [url for url in map(web_url, _as_tuple(value)) if url is not None]


def _talks(talk_urls: Iterable[tuple[str, str]] | None) -> list[tuple[LinkKind, str]]:
    """The ``(kind, address)`` pairs of a record's talk links whose kind is one of
    :data:`TALK_KINDS` and whose address is text."""
    found: list[tuple[LinkKind, str]] = []
    for pair in talk_urls or ():
        if not (isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[1], str)):
            continue
        kind = next((each for each in TALK_KINDS if each == pair[0]), None)
        if kind is not None and pair[1].strip():
            found.append((kind, pair[1]))
    return found


def links_for(
    text: str,
    *,
    url: str | None = None,
    pdf: str | None = None,
    openreview: str | None = None,
    doi: str | None = None,
    code_urls: str | Iterable[str] | None = (),
    project_urls: str | Iterable[str] | None = (),
    arxiv_id: str | None = None,
    mentioned: str | Iterable[str] | None = (),
    talk_urls: Iterable[tuple[str, str]] = (),
) -> tuple[Link, ...]:
    """All links of one record: those found in ``text`` plus the record's own fields.

    Links found in the text, and those ``mentioned`` (links the text gives that a record
    gives apart, the text not there: :attr:`Record.mentioned_urls`), have
    ``origin="text"``; a field's link has the field's name as origin. A link is code only when it points at a repository on a code host
    (:func:`classify`), whatever field it came from: ``url``, ``pdf``, ``openreview``
    and ``doi`` are paper links (except that a ``url`` pointing at a repository is
    code), ``code_urls`` and ``project_urls`` are code when they point at a repository
    and project pages otherwise (a list's ``github`` field often holds the project's
    site, ``https://m2-t2.github.io``), but a video or slides on a site of them
    (:func:`classify`: a project's page is no talk's video); ``talk_urls`` (``(kind,
    address)``: :attr:`Record.talk_urls`) are of their field's kind, a video, slides or
    a poster, their origin the field's name. An ``arxiv_id`` gives the paper's arXiv page
    (origin ``arxiv``) unless a field links to that page already. The result holds code
    links first, then paper links, then projects, then a talk's links (see
    :func:`merge_links`): the record's
    own code links before those its text mentions (an abstract may name a baseline's
    repository), and otherwise each group in the order found (text before fields), with
    repeats dropped (the first one found is kept; a link the text mentions that a field
    gives too is the field's, in the text's place). Only safe web addresses are kept
    (:func:`web_url`): a field holding anything else gives no link.
    """
    candidates: list[Link] = []
    for item in _web_urls(url):
        candidates.append(Link(item, "code" if classify(item) == "code" else "paper", "url"))
    for field_name, value in (("pdf", pdf), ("openreview", openreview), ("doi", doi)):
        candidates.extend(Link(item, "paper", field_name) for item in _web_urls(value))
    page = _arxiv_page(arxiv_id, candidates)
    if page:
        candidates.append(Link(page, "paper", "arxiv"))
    for field_name, values in (("code_urls", code_urls), ("project_urls", project_urls)):
        candidates.extend(Link(item, _page_kind(item), field_name) for item in _web_urls(values))
    talks = _talks(talk_urls)
    for kind, value in talks:
        candidates.extend(Link(item, kind, kind) for item in _web_urls(value))
    # A link the text mentions that a field gives too is the field's, in the text's
    # place: the record's own page is its page whether or not its abstract says it again
    # (a citation's url and eprint are the record's, and an export read back keeps only
    # the record's links, finding the abstract's again there). Its kind is the field's,
    # but for a list's code and project fields, which say no more than the address does.
    given: dict[str, Link] = {}
    for link in candidates:
        given.setdefault(url_key(link.url), link)
    refused = _refused_pieces(
        url, pdf, openreview, doi, code_urls, project_urls, *(value for _, value in talks)
    )
    found = []
    for item in [*extract_urls(text), *_web_urls(mentioned)]:
        if refused and url_key(item) in refused:
            continue
        link = Link(item, classify(item), "text")
        own = given.get(url_key(item))
        if own is not None:
            vague = own.origin in ("code_urls", "project_urls")
            # written as the text writes it, but for a plain http:// the field secures
            address = item if item[:8].lower() == "https://" else own.url
            link = Link(address, link.kind if vague else own.kind, own.origin)
        found.append(link)
    return merge_links(found, candidates)


def _refused_pieces(*values: str | Iterable[str] | None) -> set[str]:
    """The addresses (by :func:`url_key`) that the text would find inside the fields'
    values left out as unsafe (:func:`unsafe_links_for`): ``https://x.org/a;rm`` of a
    ``url`` of ``https://x.org/a;rm -rf ~``.

    A list often repeats a paper's page in its abstract. Found there, the refused
    address is cut where it stops looking like one (at the space) and would pass for a
    link: the paper's page, copied and exported, though what the record gives as its
    page is refused. A piece of a refused address that a shell reads more in (a ``;``,
    a ``$``, a ``&`` that starts no query's ``name=``: ``https://x.org/a;rm``) is no link
    the record gives; a plain one is the address the author wrote, a field's words after
    it refused with it (``https://github.com/org/tool2 (official)``), and stays."""
    pieces: set[str] = set()
    for value in values:
        for item in _as_tuple(value):
            if unsafe_link_reason(item):
                pieces.update(
                    url_key(piece) for piece in extract_urls(item) if shell_quiet(piece) != piece
                )
    return pieces


_ARXIV_NUMBER = r"(\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?"
#: an arXiv id as a field gives it: any version, with or without ``arXiv:``.
_ARXIV_ID_RE = re.compile(rf"(?i:arxiv:)?\s*{_ARXIV_NUMBER}")
#: a link to a paper's arXiv page (not its PDF), and the id it names.
_ARXIV_PAGE_RE = re.compile(rf"arxiv\.org/(?:abs|html)/{_ARXIV_NUMBER}/?(?:[?#]|$)", re.IGNORECASE)


def _arxiv_page(arxiv_id: str | None, links: Iterable[Link]) -> str | None:
    """The arXiv page of ``arxiv_id`` (any version, with or without ``arXiv:``; an
    old-style id's at its archive and number, as arXiv gives it: ``math.CO/0211159``'s
    is ``arxiv.org/abs/math/0211159``), unless one of a record's own ``links`` is that
    page already (a PDF is not); None when ``arxiv_id`` is no arXiv id."""
    found = _ARXIV_ID_RE.fullmatch(arxiv_id.strip()) if isinstance(arxiv_id, str) else None
    if found is None:
        return None
    identifier = arxiv_written(found.group(1))
    for link in links:
        page = _ARXIV_PAGE_RE.search(link.url) if link.origin != "text" else None
        if page and arxiv_written(page.group(1)) == identifier:
            return None
    return f"https://arxiv.org/abs/{identifier}"


def record_links(record: Record) -> tuple[Link, ...]:
    """:func:`links_for` applied to a record's abstract and its own link fields."""
    return links_for(record.abstract, **_link_fields(record))


def _link_fields(record: Record) -> dict[str, Any]:
    """A record's own link fields, as :func:`links_for` and :func:`unsafe_links_for` take them."""
    return {
        "url": record.url,
        "pdf": record.pdf,
        "openreview": record.openreview,
        "doi": record.doi,
        "code_urls": record.code_urls,
        "project_urls": record.project_urls,
        "arxiv_id": getattr(record, "arxiv_id", None),
        "mentioned": getattr(record, "mentioned_urls", ()),
        "talk_urls": getattr(record, "talk_urls", ()),
    }


def merge_links(*groups: Iterable[Link]) -> tuple[Link, ...]:
    """Links from several groups, repeats dropped (first kept), code → paper → project →
    video → slides → poster.

    Among the code links, those a record gives in its own fields (a list's ``github`` or
    ``code`` field, its ``url``) come before those its abstract mentions (origin
    ``"text"``): the authors declared the first, while an abstract may name a baseline's
    repository. Each group otherwise keeps the order in which its links came. A code link
    one group's text mentions that a later group gives in a field is the field's, in the
    text's place, as within one record (:func:`links_for`): another record of the paper
    declares the repository its abstract named (Papers with Code's links to code beside
    its abstracts), and it is the paper's own code.

    A link that is not a safe web address (:func:`web_url`) is dropped, so no consumer
    of a paper's links (the viewer, copying, ``tuireader links``, exports) ever sees one.
    """
    kept: list[Link] = []
    seen: dict[str, int] = {}
    for group in groups:
        for link in group:
            url = web_url(link.url)
            if url is None:
                continue
            if url != link.url:
                link = Link(url, link.kind, link.origin)
            key = url_key(url)
            if key in seen:
                at = seen[key]
                first = kept[at]
                if first.kind == "code" == link.kind and first.origin == "text" != link.origin:
                    kept[at] = Link(first.url, first.kind, link.origin)
                continue
            seen[key] = len(kept)
            kept.append(link)
    # sorted() is stable, so each kind keeps the order in which its links were found.
    return tuple(sorted(kept, key=_kind_rank))


def _kind_rank(link: Link) -> tuple[int, int]:
    """Code → paper → project → video → slides → poster, and a record's own code links
    before those its text mentions."""
    mentioned = link.kind == "code" and link.origin == "text"
    return _KIND_ORDER.get(link.kind, len(_KIND_ORDER)), 1 if mentioned else 0


# --- links left out as unsafe ----------------------------------------------------------


def unsafe_links_for(
    text: str,
    *,
    url: str | None = None,
    pdf: str | None = None,
    openreview: str | None = None,
    doi: str | None = None,
    code_urls: str | Iterable[str] | None = (),
    project_urls: str | Iterable[str] | None = (),
    arxiv_id: str | None = None,
    mentioned: str | Iterable[str] | None = (),
    talk_urls: Iterable[tuple[str, str]] = (),
) -> tuple[str, ...]:
    """What :func:`links_for` leaves out of the same text and fields as unsafe: each
    written as a link, refused for what it holds (a shell command, a control, bidi or
    invisible character, a ``javascript:`` scheme; see
    :func:`~tuireader.render.safetext.unsafe_link_reason`), as it was given, in order,
    without repeats. Data: never a link, only counted and shown escaped. (The link an
    ``arxiv_id`` gives is made from the id, only when it is one: never unsafe.)"""
    found: list[str] = []
    talks = [value for _, value in _talks(talk_urls)]
    if text and _may_hold_unsafe_url(text):
        # a piece of a field's address left out is that address, said once
        refused = _refused_pieces(url, pdf, openreview, doi, code_urls, project_urls, *talks)
        found.extend(
            item
            for item in extract_urls(text)
            if unsafe_link_reason(item) and url_key(item) not in refused
        )
    for value in (url, pdf, openreview, doi):
        if value and unsafe_link_reason(value):
            found.append(value)
    for values in (code_urls, project_urls, mentioned, talks):
        if values:
            found.extend(item for item in _as_tuple(values) if unsafe_link_reason(item))
    return merge_unsafe(found) if found else ()


def _may_hold_unsafe_url(text: str) -> bool:
    """False when no address found in ``text`` can be unsafe: one ends at whatever
    character no link may hold in ASCII (:data:`_STOP`), so only a shell expansion or a
    character beyond ASCII can make it so. Spares the search in most abstracts."""
    return "$" in text or not text.isascii()


def record_unsafe_links(record: Record) -> tuple[str, ...]:
    """:func:`unsafe_links_for` applied to a record's abstract and its own link fields."""
    return unsafe_links_for(record.abstract, **_link_fields(record))


def merge_unsafe(*groups: Iterable[str]) -> tuple[str, ...]:
    """Left-out links from several groups, in order, each once."""
    return tuple(dict.fromkeys(item for group in groups for item in group))


#: how long a left-out link is shown before it is cut short
_SHOWN = 60


def left_out_note(paper: Paper, *, shown: bool = False) -> str:
    """``paper``'s links left out as unsafe, in words: "1 link left out as unsafe (it
    holds a shell command)"; "" when there are none. ``shown``: each one follows, made
    visible (controls escaped, on one line) and cut to a readable length."""
    unsafe = paper.unsafe_links
    if not unsafe:
        return ""
    reasons = "; ".join(dict.fromkeys(unsafe_link_reason(item) or "unsafe" for item in unsafe))
    count = len(unsafe)
    note = f"{count} link{'s' if count != 1 else ''} left out as unsafe ({reasons})"
    if not shown:
        return note
    return note + ": " + ", ".join(_shown(item) for item in unsafe)


def _shown(item: str) -> str:
    text = one_line(item.strip())
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"
