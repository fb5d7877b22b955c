"""JSON and JSON Lines: one paper per object, in whatever shape the source writes it.

Each object is read by the first shape it fits:

* **arXiv metadata** (the Kaggle ``arxiv-metadata-oai-snapshot`` lines): ``id`` (arXiv id,
  abs and PDF links), ``authors_parsed`` (names without the affiliations some entries
  append, and split as it splits them: ``author_names``), the journal reference's
  year, else the first version's, ``categories``, ``doi``; ``journal-ref`` (a citation
  string: journal, volume, pages and year run together) is kept whole as the paper's
  ``journal_ref``; the journal, volume and pages it names are the paper's venue, journal,
  volume and pages where it reads as them whole (:func:`~tuireader.ingest.journalref.published_in`);
* **OpenReview notes**, API v1 (plain strings) or v2 (``{"value": …}``), alone, under
  ``notes`` or in the crawler layout ``[{venue, year, submissions: [...]}]``; only
  submissions are papers, never reviews, comments, decisions or revisions; a decision
  (among a submission's replies, or a note of the file beside it) is its status, else
  the decision its v2 ``venue`` ends in ("ICML 2024 Oral");
* **CSL-JSON** (Zotero, pandoc): ``type``, ``title``, ``author``, ``issued``,
  ``container-title`` (an ``arXiv:…`` container is an arXiv id, not a venue), ``volume``,
  ``issue`` (else ``number``: a report's), ``page``, ``DOI``, ``URL``, ``publisher``
  (and its ``publisher-place``), ``edition``, ``citation-key``;
* **paper lists** (the papercopilot/paperlists layout and any flat record, Semantic
  Scholar's and Papers with Code's among them): ``title``,
  ``abstract``, ``author(s)`` (else ``author_site``), ``venue``, ``year``, ``url``/``site``, ``pdf``,
  ``openreview``, ``doi``, ``github``/``code_urls``, ``project``, ``status``, ``track``,
  ``primary_area``, ``keywords``, ``tldr``, ``id`` and a ``bibtex`` string (venue, year,
  booktitle…).

A file may hold its objects in a list, one a line, or in an object around the list:
under ``papers``, ``records``, ``items``, ``notes`` or ``submissions``, else, for an
object that is no paper itself (an API's answer: ``{"total": …, "data": [...]}``), in
its one list of objects with titles, whatever its name.

A volume's front matter (its "Preface" by the editors, its table of contents:
``bibtex.front_matter``) is no paper: it is left out, and said, as in a BibTeX file.

OpenReview's "TL;DR" (a paper list's ``tldr``) is kept on one line beside the abstract.
The abstracts of CSL-JSON and flat records, which exports fill from web pages, have
their HTML or JATS markup taken off (``prose.strip_markup``); arXiv and OpenReview give
plain text with LaTeX, where ``<`` is math, and are left as they are.
"""

from __future__ import annotations

import bisect
import functools
import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import urlsplit, urlunsplit

from tuireader.ingest.formats.bibtex import (
    front_matter,
    read_entry_string,
    record_from_entry,
    unlatex,
)
from tuireader.ingest.formats.common import (
    ARXIV_ID_RE,
    CUT_SHORT,
    DOI_SHAPE,
    YEAR_RE,
    ReadResult,
    arxiv_from_doi,
    arxiv_from_url,
    arxiv_id_of,
    authors_of,
    cut_to,
    damaged_year,
    damaged_years_said,
    distinct_words,
    editors_of,
    failure,
    given_id_texts,
    line_list,
    listed,
    one_edit,
    one_line,
    openreview_id_of,
    page_text,
    plain_dois,
    ranked_within,
    says_yes,
    split_lines,
    text_field,
    unread_doi,
    unread_dois_said,
    url_list,
    with_own_key,
    word_list,
    year_of,
)
from tuireader.ingest.formats.ownbib import details_given
from tuireader.ingest.formats.prose import strip_markup
from tuireader.ingest.journalref import published_in
from tuireader.ingest.links import extract_urls
from tuireader.ingest.venues import venue_in_stem
from tuireader.model import LINK_KINDS, TALK_KINDS, Problem, Record
from tuireader.render.citations import (
    accepted_decision,
    submission_read,
    without_homonym_number,
)
from tuireader.render.safetext import untagged_name

__all__ = ["LOOKED_FOR", "OWN_FIELDS", "parse_json", "parse_jsonl", "record_from_mapping"]

#: the field names a JSON record is read from, for a message about a file that has none.
LOOKED_FOR: tuple[str, ...] = (
    "title",
    "abstract",
    "summary",
    "authors",
    "author",
    "venue",
    "year",
    "url",
    "pdf",
    "doi",
    "github",
    "code_urls",
    "project",
    "keywords",
    "tldr",
    "bibtex",
    "authors_parsed",
    "container-title",
    "issued",
    "content",
)

_REPLACEMENT = "\ufffd"
_SURROGATE_RE = re.compile(r"[\ud800-\udfff]")
#: A JSON escape of a UTF-16 surrogate: ``json`` turns a lone one into a lone surrogate,
#: which no file, terminal or clipboard can hold.
_SURROGATE_ESCAPE_RE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
#: How many runs of U+FFFD inside escapes are dropped before a text is given up.
_MAX_REPAIRS = 20
#: a whole JSON string (kept), else a run of U+FFFD, which stands between tokens
_BETWEEN_TOKENS_RE = re.compile(r'("[^"\\]*(?:\\.[^"\\]*)*")|\ufffd+')


class NotAPaper:
    """Marks an object that is read and is not a paper (an OpenReview review, say)."""


_NOT_A_PAPER = NotAPaper()


def _scrub(value: Any) -> Any:
    """``value`` (parsed JSON) with every lone surrogate, in keys and values, as U+FFFD."""
    if isinstance(value, str):
        return _SURROGATE_RE.sub(_REPLACEMENT, value)
    if isinstance(value, list):
        return [_scrub(item) for item in value]
    if isinstance(value, dict):
        return {_scrub(key): _scrub(item) for key, item in value.items()}
    return value


def loads(text: str) -> Any:
    """``json.loads`` that survives what decoding repaired, with lone surrogates replaced.

    U+FFFD stands where decoding met bytes that were not text; inside a string it is
    data, but between tokens or inside an escape it makes the whole text invalid, so a
    run of them where the parser stops is dropped and the text parsed again. The first
    such run between tokens drops every one between tokens, in one pass: dropped one
    by one, each cost a parse of the whole text, and the records past a bound on them
    were lost. Control characters inside strings, which strict JSON forbids, are read
    as data.
    """
    between = True  # runs between tokens may still be there
    for _ in range(_MAX_REPAIRS):
        try:
            data = json.loads(text, strict=False)
        except json.JSONDecodeError as error:
            start = error.pos
            if between and text.startswith(_REPLACEMENT, start):
                text = _BETWEEN_TOKENS_RE.sub(r"\1", text)
                between = False
                continue
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


# --------------------------------------------------------------------------- arXiv


def _is_arxiv(data: dict[str, Any]) -> bool:
    return "authors_parsed" in data or (
        "versions" in data and "categories" in data and isinstance(data.get("id"), str)
    )


#: the space arXiv's authors_parsed puts into hyphenated initials ("C. -P.", "J. -N.").
_SPLIT_INITIALS = re.compile(r"(?<=\.) -(?=\w)")


def _parsed_parts(item: Any) -> tuple[str, str, str] | None:
    """``[last, first, suffix, affiliation…]`` as ``(last, first, suffix)``, without the
    affiliation; None for anything but such a list."""
    if not isinstance(item, list):
        return None
    parts = [part if isinstance(part, str) else "" for part in item[:3]]
    parts += [""] * (3 - len(parts))
    last, first, suffix = (" ".join(part.split()) for part in parts)
    # hyphenated initials as written ("C.-P. Yuan"): the column has them as "C. -P."
    return last, _SPLIT_INITIALS.sub("-", first), suffix


def _parsed_authors(parsed: list[Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The authors of ``authors_parsed`` as "First Last Suffix", and as it splits them
    (``Record.author_names``: "Yuan, C.-P."; a family name of several words with no given
    name, a collaboration's, as one name: "{The BABAR Collaboration}"), the second empty
    when an entry is no such list or gives no family name."""
    split = [_parsed_parts(item) for item in parsed]
    named = [parts for parts in split if parts and any(parts)]
    authors = tuple(
        " ".join(part for part in (first, last, suffix) if part) for last, first, suffix in named
    )
    names = [_name_in_parts(last, first, suffix) for last, first, suffix in named]
    if None in split or None in names:
        return authors, ()
    return authors, tuple(name for name in names if name)


#: the end of an author list that says there are more authors than it names
_MORE_AUTHORS = re.compile(r"(?:,|\band)\s*(?:et\.?\s*al\.?|others)\s*$", re.IGNORECASE)


def _arxiv_record(data: dict[str, Any]) -> Record | None:
    identifier = text_field(data.get("id"))
    arxiv_id = arxiv_id_whole(identifier)
    title = one_line(data.get("title"))
    abstract = text_field(data.get("abstract")) or ""
    if not title and not abstract:
        return None
    parsed = data.get("authors_parsed")
    author_names: tuple[str, ...] = ()
    if isinstance(parsed, list) and parsed:
        authors, author_names = _parsed_authors(parsed)
        # "…, B. Aubert, et al": authors_parsed names only those given, not that there
        # are more (as BibTeX's "and others" says it)
        if authors and _MORE_AUTHORS.search(one_line(data.get("authors")) or ""):
            authors = (*authors, "et al.")
            author_names = (*author_names, "others") if author_names else ()
    else:
        raw = one_line(data.get("authors")) or ""
        authors = tuple(" ".join(unlatex(name).split()) for name in split_arxiv_authors(raw))
    year = None
    versions = data.get("versions")
    if isinstance(versions, list) and versions and isinstance(versions[0], dict):
        year = year_of(versions[0].get("created"))
    return arxiv_record(
        arxiv_id,
        title,
        abstract,
        authors,
        year or year_of(data.get("update_date")),
        word_list(data.get("categories"), " "),
        text_field(data.get("doi")),
        one_line(data.get("journal-ref")),
        author_names=author_names,
        source_id=identifier,
    )


def arxiv_id_whole(value: str | None) -> str | None:
    """The arXiv id, without version, that ``value`` is whole, as arXiv gives it
    ("2006.11239v2", "arXiv:hep-th/9901001"); None for anything else ("javascript:…",
    an id with a command after it), which makes no arXiv link and names no arXiv paper."""
    bare = re.sub(r"^arxiv:", "", (value or "").strip(), flags=re.IGNORECASE)
    found = ARXIV_ID_RE.fullmatch(bare)
    return found.group(1) if found else None


def split_arxiv_authors(authors: str) -> tuple[str, ...]:
    """The names of arXiv's authors in one string, as its metadata and RSS feed write
    them: "Ann Lee, Bo Kim and Cy Dee"."""
    return tuple(name.strip() for name in re.split(r",\s*|\s+and\s+", authors) if name.strip())


def arxiv_record(
    arxiv_id: str | None,
    title: str | None,
    abstract: str,
    authors: tuple[str, ...],
    posted: int | None,
    categories: tuple[str, ...],
    doi: str | None,
    reference: str | None,
    page: str | None = None,
    **fields: Any,
) -> Record:
    """A paper of arXiv's (its metadata snapshot's record, an entry of its feeds): its
    page and PDF by its id (else ``page``, a feed's link), its title with TeX's accents
    as the letters they make ("Schr\\"odinger"), the first of the DOIs it gives, its
    primary category first. The year is the one its journal reference gives, where it
    gives one (the citation cites it: a paper may be posted years after it was
    published), else the one it was ``posted`` in; the reference itself
    ("Phys.Rev.D76:013009,2007") is a citation string, not a journal's name, and is kept
    whole; the journal it names ("Phys. Rev. D"), its volume and pages are the paper's
    venue, journal, volume and pages where it reads as them unambiguously, its year the
    paper's (:func:`~tuireader.ingest.journalref.published_in`). ``fields`` are the record's other fields (``source_id``, ``code_urls``, …)."""
    dois = plain_dois(doi)
    year = _journal_year(reference, posted) or posted
    journal = published_in(reference, year)
    return Record(
        title=unlatex(title) if title and "\\" in title else title,
        abstract=abstract,
        authors=authors,
        year=year,
        entry_type="article" if journal else None,
        venue=journal.journal if journal else None,
        journal=journal.journal if journal else None,
        volume=journal.volume if journal else None,
        pages=journal.pages if journal else None,
        url=_arxiv_address(arxiv_id, "abs") if arxiv_id else page,
        pdf=_arxiv_address(arxiv_id, "pdf") if arxiv_id else None,
        doi=dois[0] if dois else None,
        other_dois=dois[1:],
        arxiv_id=arxiv_id,
        arxiv_class=categories[0] if categories else None,
        journal_ref=reference,
        categories=categories,
        **fields,
    )


def _arxiv_address(arxiv_id: str, kind: str) -> str:
    """The address of an arXiv paper's page (``kind`` "abs") or PDF ("pdf"), as arXiv's
    records are given: over https, without a version."""
    return f"https://arxiv.org/{kind}/{arxiv_id}"


#: a link to an arXiv page or PDF, any version, over http or https
_ARXIV_LINK = re.compile(
    r"https?://(?:www\.|export\.)?arxiv\.org/(abs|pdf)/[^\s?#]+", re.IGNORECASE
)


def arxiv_link(url: str | None) -> str | None:
    """An arXiv page's or PDF's link as an arXiv record gives it (:func:`arxiv_record`):
    "http://arxiv.org/abs/1512.03385v1" is "https://arxiv.org/abs/1512.03385",
    "http://arxiv.org/pdf/1512.03385v1.pdf" "https://arxiv.org/pdf/1512.03385". Any
    other address is as given."""
    found = _ARXIV_LINK.fullmatch(url.strip()) if url else None
    arxiv_id = arxiv_id_whole(arxiv_from_url(url)) if found else None
    if found is None or arxiv_id is None:
        return url
    return _arxiv_address(arxiv_id, found.group(1).lower())


#: a year in a journal reference: in parentheses ("(2009)", "(12 October 2007)"), after a
#: comma ("…:1149-1173,2007"), else anywhere on its own.
_JOURNAL_YEARS = (
    re.compile(r"\((?:[^()]*\D)?((?:19|20)\d\d)\)"),
    re.compile(r"[,;]\s*((?:19|20)\d\d)(?!\d)"),
    re.compile(r"(?<!\d)((?:19|20)\d\d)(?!\d)"),
)


def _journal_year(journal: str | None, posted: int | None) -> int | None:
    """The year an arXiv record's ``journal-ref`` gives (a paper may be posted years
    after it was published, or a year or two before), or None."""
    if not journal:
        return None
    for pattern in _JOURNAL_YEARS:
        found = pattern.search(journal)
        if found:
            year = int(found.group(1))
            return year if posted is None or year <= posted + 15 else None
    return None


# --------------------------------------------------------------------------- OpenReview

_OPENREVIEW = "https://openreview.net"
_REPLY_RE = re.compile(
    r"/-/(?:Official_Review|Review|Official_Comment|Public_Comment|Comment|Decision|"
    r"Meta_Review|Revision|Withdrawal|Desk_Rejection|Rebuttal|Acceptance_Decision|"
    r"Ethics_Review|Author_Rebuttal|Camera_Ready_Revision)"
)


#: an invitation that posts a submission: ``ICLR.cc/2024/Conference/-/Submission``,
#: ``…/-/Blind_Submission``, ``…/-/Withdrawn_Submission``, ``…/-/Post_Submission``
_SUBMISSION_RE = re.compile(r"/-/(?:\w+_)?Submission$")


def _is_openreview(data: dict[str, Any]) -> bool:
    return isinstance(data.get("content"), dict) and any(
        key in data for key in ("invitation", "invitations", "forum", "replyto")
    )


def _value(content: dict[str, Any], name: str) -> Any:
    """A note's content field, API v1 (plain) or v2 (``{"value": …}``)."""
    value = content.get(name)
    if isinstance(value, dict) and "value" in value:
        return value["value"]
    return value


def _invitations(note: dict[str, Any]) -> list[str]:
    found = [note.get("invitation")]
    extra = note.get("invitations")
    if isinstance(extra, list):
        found.extend(extra)
    return [item for item in found if isinstance(item, str)]


def _is_submission(note: dict[str, Any]) -> bool:
    note_id = note.get("id")
    if note.get("replyto") not in (None, "", note_id):
        return False
    if note.get("referent"):
        return False  # an edit of another note (API v1 revision)
    forum = note.get("forum")
    if forum and note_id and forum != note_id:
        return False
    invitations = _invitations(note)
    if any(_SUBMISSION_RE.search(invitation) for invitation in invitations):
        # API v2 lists every invitation that edited the note: a submission revised for
        # its camera-ready version, or withdrawn, is still the submission
        return True
    return not any(_REPLY_RE.search(invitation) for invitation in invitations)


def _decision(note: dict[str, Any]) -> str | None:
    """The decision among a submission's replies ("Accept (Poster)"), if one is there:
    its ``details.replies``, or ``details.directReplies`` (what openreview-py's
    ``details="directReplies"`` gives)."""
    details = note.get("details")
    details = details if isinstance(details, dict) else {}
    replies = note.get("notes") or details.get("replies") or details.get("directReplies")
    for reply in replies if isinstance(replies, list) else ():
        if isinstance(reply, dict) and isinstance(reply.get("content"), dict):
            decision = one_line(_value(reply["content"], "decision"))
            if decision:
                return _said(decision)
    return None


def _said(decision: str) -> str:
    """A decision as a list shows it: "Accept" for an OpenReview workshop's "accept",
    "Accept (poster)" for "accept (poster)"; any with a capital letter as written."""
    return decision[:1].upper() + decision[1:] if decision.islower() else decision


#: the end of an API v2 ``venue`` that says the decision ("ICML 2024 Oral", "ICLR 2023
#: notable top 5%", "ICLR 2024 Conference Withdrawn Submission"), and the status it gives.
_VENUE_STATUS_RE = re.compile(
    r"\b(?:(?P<talk>oral|spotlight|poster)|(?P<notable>notable[ -]top[ -]\d+%)"
    r"|(?P<withdrawn>withdrawn submission)|(?P<rejected>desk rejected submission))\s*$",
    re.IGNORECASE,
)


def _venue_status(venue: str | None) -> str | None:
    """The decision an API v2 ``venue`` ends in: "Oral", "Spotlight" or "Poster", a
    "notable top 5%" as written, "Withdraw" or "Desk rejected" (:data:`DESK_REJECTED`);
    None for any other venue ("Submitted to ICLR 2024")."""
    found = _VENUE_STATUS_RE.search(venue or "")
    if found is None:
        return None
    if found.group("talk"):
        return found.group("talk").capitalize()
    if found.group("notable"):
        return found.group("notable")
    return "Withdraw" if found.group("withdrawn") else DESK_REJECTED


#: the decision of a submission rejected before review, as OpenReview words it ("ICLR
#: 2024 Conference Desk Rejected Submission"): cited so ("Submitted to ICLR 2024 (Desk
#: rejected)"), not as a rejection after review ("… (Reject)")
DESK_REJECTED = "Desk rejected"


#: the end of an API v2 ``venueid`` that files a submission as decided against
#: ("ICLR.cc/2024/Conference/Rejected_Submission", "…/Desk_Rejected_Submission",
#: "…/Withdrawn_Submission"), where its ``venue`` says only "Submitted to ICLR 2024".
_VENUEID_STATUS_RE = re.compile(
    r"/(?:(?P<withdrawn>Withdrawn)|(?P<desk>Desk_)?Rejected)_Submission$", re.IGNORECASE
)


def _venueid_status(venueid: str | None) -> str | None:
    """ "Reject", "Desk rejected" (:data:`DESK_REJECTED`) or "Withdraw" for a submission
    an API v2 ``venueid`` files so; None for any other (an accepted paper's venue, a
    submission still under review)."""
    found = _VENUEID_STATUS_RE.search(venueid or "")
    if found is None:
        return None
    if found.group("withdrawn"):
        return "Withdraw"
    return DESK_REJECTED if found.group("desk") else "Reject"


#: a conference's group in an OpenReview id ("ICLR.cc/2024/Conference/…"): its year
_GROUP_YEAR_RE = re.compile(r"^[^/]+/(1[89]\d\d|2\d\d\d)(?:/|$)")


def _reply_decision(note: dict[str, Any]) -> tuple[str, str] | None:
    """``(forum, decision)`` of a decision note among a file's notes (beside the
    submissions, not under their ``details.replies``), else None."""
    content = note.get("content")
    if not isinstance(content, dict):
        return None
    decision = one_line(_value(content, "decision"))
    forum = text_field(note.get("forum")) or text_field(note.get("replyto"))
    return (forum, _said(decision)) if decision and forum else None


def _group_venue(invitation: str) -> str | None:
    """``NIPS.cc/2018/Workshop/CDNNRIA/-/Blind_Submission`` → "NIPS 2018 Workshop CDNNRIA"."""
    group = invitation.split("/-/", 1)[0]
    parts = [
        part.split(".", 1)[0] if index == 0 else part for index, part in enumerate(group.split("/"))
    ]
    venue = " ".join(part for part in parts if part)
    return venue or None


def _openreview_record(note: dict[str, Any], context: dict[str, Any]) -> Record | NotAPaper | None:
    if not _is_submission(note):
        return _NOT_A_PAPER
    content = note["content"]
    title = one_line(_value(content, "title"))
    abstract = text_field(_value(content, "abstract")) or ""
    if not title and not abstract:
        return None
    note_id = text_field(note.get("forum")) or text_field(note.get("id"))
    pdf = text_field(_value(content, "pdf"))
    if pdf and pdf.startswith("/"):
        pdf = _OPENREVIEW + pdf
    invitations = _invitations(note)
    venue = one_line(_value(content, "venue"))
    if not venue and invitations:
        venue = _group_venue(invitations[0])
    venueid = one_line(_value(content, "venueid")) or text_field(note.get("domain"))
    year = year_of(context.get("year"))
    if year is None:
        # the conference's year ("ICLR.cc/2024/Conference"): its submissions were made
        # the year before, and a rejected or withdrawn one has no publication date
        found = _GROUP_YEAR_RE.match(venueid or "")
        year = int(found.group(1)) if found else None
    if year is None:
        for stamp in (note.get("pdate"), note.get("cdate"), note.get("tcdate")):
            if isinstance(stamp, (int, str)) and str(stamp).isdigit():
                year = datetime.fromtimestamp(int(stamp) / 1000, UTC).year
                break
    if invitations and (year is None or not venue):
        found = YEAR_RE.search(invitations[0])
        year = year or (int(found.group(1)) if found else None)
    code = text_field(_value(content, "code"))
    return Record(
        title=title,
        abstract=abstract,
        authors=authors_of(_value(content, "authors")),
        venue=venue,
        year=year,
        pdf=pdf,
        openreview=f"{_OPENREVIEW}/forum?id={note_id}" if note_id else None,
        openreview_id=note_id,
        code_urls=(code,) if code else (),
        source_id=text_field(note.get("id")),
        status=_decision(note) or _venue_status(venue) or _venueid_status(venueid),
        primary_area=one_line(_value(content, "primary_area")),
        keywords=word_list(_value(content, "keywords"), ","),
        tldr=next(filter(None, (one_line(_value(content, name)) for name in _TLDR_NAMES)), None),
    )


def _expand_crawl(items: list[Any]) -> list[tuple[Any, dict[str, Any]]] | None:
    """The notes of the crawler layout ``[{venue, year, submissions: [...]}]`` with each
    group's venue and year; None when ``items`` is not in that layout."""
    if not items or not all(
        isinstance(item, dict) and isinstance(item.get("submissions"), list) for item in items
    ):
        return None
    notes: list[tuple[Any, dict[str, Any]]] = []
    for group in items:
        context = {"year": group.get("year")}
        for note in group["submissions"]:
            notes.append((note, context))
    return notes


# --------------------------------------------------------------------------- CSL-JSON

_CSL_ARXIV_RE = re.compile(r"^arxiv:\s*(\S+?)(?:v\d+)?\s*(?:\[([^\]]*)\])?\s*$", re.IGNORECASE)
_RIS_JUNK_RE = re.compile(r"\s+[A-Z][A-Z0-9]\s{1,2}-\s.*$")
_CSL_TYPES = {
    "article-journal": "article",
    "article-magazine": "article",
    "article-newspaper": "article",
    "paper-conference": "inproceedings",
    "book": "book",
    "chapter": "incollection",
    "report": "techreport",
    "thesis": "phdthesis",
    "manuscript": "unpublished",
    "article": "misc",
    # a web page is BibLaTeX's @online, cited as one (RIS's ELEC, CSL's webpage) though
    # it names no site
    "webpage": "online",
    "post-weblog": "misc",
    "dataset": "misc",
    "software": "misc",
    # Crossref's types, its works being CSL-JSON otherwise
    "journal-article": "article",
    "proceedings-article": "inproceedings",
    "book-chapter": "incollection",
    "posted-content": "misc",
    "monograph": "book",
    "edited-book": "book",
    "dissertation": "phdthesis",
}


def _csl_type(csl_type: str, data: dict[str, Any]) -> str | None:
    """The BibTeX entry type of a CSL type: a thesis whose ``genre`` says it is a
    master's ("Master's thesis", as Zotero writes it) is one, any other a doctor's."""
    found = _CSL_TYPES.get(csl_type)
    genre = one_line(data.get("genre")) or ""
    return "mastersthesis" if found == "phdthesis" and "master" in genre.lower() else found


_CSL_IN_PROCEEDINGS = frozenset(
    ("paper-conference", "chapter", "entry-encyclopedia", "proceedings-article", "book-chapter")
)
_CSL_IN_JOURNALS = frozenset(("journal-article",))


def _csl_text(value: Any) -> str | None:
    """A CSL text field on one line; Crossref gives titles as lists (``"title":
    ["Deep learning"]``): the first."""
    if isinstance(value, list):
        value = next((item for item in value if isinstance(item, str) and item.strip()), None)
    return one_line(value)


def _is_csl(data: dict[str, Any]) -> bool:
    if not isinstance(data.get("type"), str):
        return False
    if any(key in data for key in ("issued", "container-title", "citation-key", "DOI", "URL")):
        return True
    authors = data.get("author")
    return isinstance(authors, list) and any(
        isinstance(author, dict) and ("family" in author or "literal" in author)
        for author in authors
    )


#: a date written as ISO 8601, to the month at least: ``2019-06-20``, ``2019-06``
_ISO_DAY = re.compile(r"\s*(\d{4})-(\d{1,2})(?:-(\d{1,2}))?(?:$|[T\s])")


def _csl_month_day(value: Any, year: int | None) -> tuple[int | None, int | None]:
    """The month and day of a CSL date (``{"date-parts": [[2019, 6, 20]]}``, or a
    ``raw`` one written as ISO 8601: ``2019-06-20``, as Zotero's Web API gives its
    ``date``), where it gives them for ``year`` (None, None otherwise; a day only with
    its month)."""
    parts = value.get("date-parts") if isinstance(value, dict) else None
    if isinstance(value, dict) and parts is None and isinstance(value.get("raw"), str):
        found = _ISO_DAY.match(value["raw"])
        parts = [[part for part in found.groups() if part]] if found else None
    if not (year and isinstance(parts, list) and parts and isinstance(parts[0], list)):
        return None, None
    numbers: list[int] = []
    for part in parts[0][:3]:
        if isinstance(part, str) and part.strip().isdigit():
            part = int(part)
        if type(part) is not int:
            break
        numbers.append(part)
    if len(numbers) < 2 or numbers[0] != year or not 1 <= numbers[1] <= 12:
        return None, None
    day = numbers[2] if len(numbers) > 2 and 1 <= numbers[2] <= 31 else None
    return numbers[1], day


def _csl_year(value: Any) -> int | None:
    if isinstance(value, dict):
        parts = value.get("date-parts")
        if isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]:
            first = parts[0][0]
            year = year_of(int(first) if isinstance(first, str) and first.isdigit() else first)
            if year:
                return year
        return year_of(value.get("raw") or value.get("literal"))
    return year_of(value)


#: a CSL ``id`` that is a citation key ("abbottUnderstandingAnalysis2015", "smith_2020"),
#: not a number, a URL or a path ("http://zotero.org/users/1/items/ABC").
_CSL_KEY_RE = re.compile(r"^[A-Za-z][\w:.+-]*$")


def _csl_cite_key(data: dict[str, Any]) -> str | None:
    """The citation key of a CSL item: its ``citation-key``, else its ``id`` when that
    looks like a key (not a number, not a URL)."""
    key = text_field(data.get("citation-key"))
    if key and key.strip():
        return key.strip()
    item_id = data.get("id")
    if not isinstance(item_id, str):
        return None
    item_id = item_id.strip()
    return item_id if _CSL_KEY_RE.match(item_id) else None


#: what no name's particle is, but an institution's name holds ("... and Reproducibility")
_CONJUNCTIONS = frozenset({"and", "&", "und", "et"})


def _csl_split_names(value: Any) -> tuple[str, ...]:
    """CSL name objects in BibTeX's "von Last, Jr, First" order, as the source splits
    them; empty when any name is not a CSL name object (then nothing says the split)."""
    if not isinstance(value, list):
        return ()
    names: list[str] = []
    for item in value:
        if not isinstance(item, dict):
            return ()
        literal = text_field(item.get("literal")) or text_field(item.get("name"))
        family = text_field(item.get("family") or item.get("last"))
        if literal and not family:
            # one name as a whole ("OpenAI", "The Consortium"): braces keep it whole
            literal = " ".join(literal.replace("{", "").replace("}", "").split())
            names.append("{" + literal + "}" if literal else "")
            continue
        particles = " ".join(
            part
            for part in (
                text_field(item.get("dropping-particle")),
                text_field(item.get("non-dropping-particle")),
            )
            if part
        )
        if particles.casefold() in _CONJUNCTIONS:
            # an institution's name Zotero split at its last word, the "and" before it
            # taken for a particle: {"given": "Consortium for Reliability",
            # "dropping-particle": "and", "family": "Reproducibility (CoRR)"}
            whole = (text_field(item.get("given") or item.get("first")), particles, family)
            names.append("{" + " ".join(" ".join(filter(None, whole)).split()) + "}")
            continue
        family = " ".join(part for part in (particles, family) if part)
        name = _name_in_parts(
            family,
            text_field(item.get("given") or item.get("first")) or "",
            text_field(item.get("suffix")) or "",
        )
        if name is None:
            return ()
        names.append(name)
    return tuple(name for name in names if name)


def _name_in_parts(family: str, given: str, suffix: str = "") -> str | None:
    """A name a source gives in parts, in BibTeX's "von Last, Jr, First" order (what
    ``Record.author_names`` holds): "Peng, Xue Bin", "Evans, II, Neal J.", a lone family
    name as it is ("Sudha"). A comma inside a part is kept inside it by braces, and so is
    a family name of several words with no given name: one name as a whole, an
    institution's ("{The BABAR Collaboration}"), as BibTeX's braced ``{The BABAR
    Collaboration}`` is. None without a family name."""
    family, given, suffix = (" ".join(part.split()) for part in (family, given, suffix))
    if not family:
        return None
    family, given, suffix = (
        "{" + part + "}" if "," in part else part for part in (family, given, suffix)
    )
    if not given and " " in family and not family.startswith("{"):
        family = "{" + family + "}"
    if suffix:  # "von Last, Jr, First", First perhaps empty
        return f"{family}, {suffix}, {given}"
    return f"{family}, {given}" if given else family


#: one RIS line of what a title ran on into: its tag and value
_RIS_LINE_RE = re.compile(r"([A-Z][A-Z0-9])\s{1,2}-\s(.*?)\s*(?=\s[A-Z][A-Z0-9]\s{1,2}-\s|$)")


def _ris_run_on_authors(tail: str, authors: object) -> list[object] | None:
    """The CSL ``authors`` with the names of the RIS author lines (``AU``, ``A1``) a
    title ran on into (``tail``) before them; None when it holds none not there yet.

    A publisher's RIS whose title line lost its line break ("…for Random Graphs AU  -
    Tang, Minh") gives Zotero the title with the next lines, the first authors', in
    it, and the authors after them alone: Minh Tang, the first author, was lost."""
    listed = authors if isinstance(authors, list) else []
    known = {str(a.get("family", "")).casefold() for a in listed if isinstance(a, dict)}
    added: list[object] = []
    for tag, value in _RIS_LINE_RE.findall(tail):
        family, _, given = value.partition(",")
        if tag not in ("AU", "A1") or not family.strip() or family.strip().casefold() in known:
            continue
        name = {"family": family.strip(), "given": given.strip()}
        added.append(name if given.strip() else {"literal": family.strip()})
        known.add(family.strip().casefold())
    return [*added, *listed] if added else None


#: the keyword that begins the triage of an item of tuireader's CSL-JSON export
_STATE_KEYWORD_RE = re.compile(r"tuireader:\s*[a-z]+", re.IGNORECASE)


def _csl_record(data: dict[str, Any]) -> Record | None:
    title = _csl_text(data.get("title"))
    if title and (junk := _RIS_JUNK_RE.search(title)) is not None and junk.start():
        title = title[: junk.start()]
        authors = _ris_run_on_authors(junk.group(), data.get("author"))
        if authors is not None:
            data = {**data, "author": authors}
    # Crossref gives a title's subtitle apart ("title": ["Deep learning"], "subtitle":
    # ["a critical appraisal"]): the title is both, as the work prints them
    subtitle = _csl_text(data.get("subtitle"))
    if title and subtitle and subtitle.casefold() not in title.casefold():
        title = f"{title.rstrip(' :')}: {subtitle}"
    abstract = strip_markup(text_field(data.get("abstract")) or "")
    if not title and not abstract:
        return None
    csl_type = str(data.get("type"))
    container = _csl_text(data.get("container-title"))
    dois = plain_dois(text_field(data.get("DOI")))
    doi = dois[0] if dois else None
    url = text_field(data.get("URL"))
    arxiv_id = arxiv_from_doi(doi)
    categories: tuple[str, ...] = ()
    if container:
        found = _CSL_ARXIV_RE.match(container)
        if found:
            arxiv_id = arxiv_id or found.group(1)
            categories = word_list(found.group(2) or "", ",")
            container = None
    arxiv_id = arxiv_id or arxiv_from_url(url)
    status = None
    submitted = submission_read(one_line(data.get("genre"))) if csl_type == "manuscript" else None
    if submitted is not None:
        # a submission not published, as tuireader's export writes one: its status in
        # ``genre`` (Zotero's manuscript type: "Submitted to ICLR 2024 (Reject)"), the
        # venue it was submitted to and the decision, which say what it is (its
        # citations' type is theirs to give)
        container = container or submitted[0]
        status = submitted[1]
    # the decision that it was accepted ("Oral", "Poster"), as tuireader's export writes
    # it where a submission's status goes
    status = status or accepted_decision(one_line(data.get("genre")))
    # what CSL has no field for, as tuireader's export writes it: a line of ``note``
    # each ("tuireader-arxiv-class: hep-ph", "tuireader-journal-ref: …")
    note = data.get("note")
    details = details_given(note.split("\n")) if isinstance(note, str) else {}
    journal = booktitle = None
    if not container and csl_type in _CSL_IN_PROCEEDINGS:
        # a conference paper may name only its event ("Seventh International WWW Conference")
        container = one_line(data.get("event-title")) or None
    if container and csl_type in _CSL_IN_PROCEEDINGS:
        booktitle = container
    elif container and (csl_type.startswith("article") or csl_type in _CSL_IN_JOURNALS):
        journal = container
    publisher = one_line(data.get("publisher"))
    year = _csl_year(data.get("issued"))
    month, day = _csl_month_day(data.get("issued"), year)
    own = word_list(data.get("keyword"), ",")
    # tuireader's CSL-JSON export writes a paper's triage after its own keywords, from
    # its state's keyword on ("tuireader:kept", then the tags): no keywords of the paper's
    triage = [n for n, word in enumerate(own) if _STATE_KEYWORD_RE.fullmatch(word)]
    keywords = (*own[: triage[0] if triage else len(own)], *word_list(data.get("subject")))
    entry_type = "misc" if arxiv_id and not container else _csl_type(csl_type, data)
    if submitted is not None:
        entry_type = None
    server = _csl_server(csl_type, data, url, doi) if not journal and not booktitle else None
    if server:
        # a preprint of bioRxiv is cited as an article of it, as its API's records are;
        # what Zotero takes for its publisher from Crossref is its subject area
        # ("Neuroscience"), a keyword, never an institution
        container = journal = server
        entry_type = "article"
        if publisher and not _SERVER_HOUSE.search(publisher):
            keywords = (*keywords, publisher)
        publisher = None
    return Record(
        title=title,
        abstract=abstract,
        authors=authors_of(data.get("author")),
        venue=container,
        status=status,
        year=year,
        month=month,
        day=day,
        url=url,
        doi=doi,
        other_dois=dois[1:],
        arxiv_id=arxiv_id,
        arxiv_class=details.get("arxiv_class") if arxiv_id else None,
        journal_ref=details.get("journal_ref"),
        tldr=details.get("tldr"),
        source_id=text_field(data.get("citation-key")) or text_field(data.get("id")),
        author_names=_csl_split_names(data.get("author")),
        cite_key=_csl_cite_key(data),
        entry_type=entry_type,
        journal=journal,
        booktitle=booktitle,
        volume=text_field(data.get("volume")),
        number=text_field(data.get("issue")) or text_field(data.get("number")),
        pages=text_field(data.get("page")),
        publisher=publisher,
        place=one_line(data.get("publisher-place")),
        series=one_line(data.get("collection-title")),
        edition=one_line(data.get("edition")),
        editor=editors_of(data.get("editor")),
        pdf=_crossref_pdf(data.get("link")),
        # Crossref's subjects (its journals' subject areas: "Multidisciplinary") are
        # keywords, as a CSL item's own are
        keywords=distinct_words(keywords),
        categories=categories,
    )


#: the CSL types of a preprint posted to a server: Zotero's report of genre "preprint"
#: (its DOI translator's Crossref ``posted-content``), Crossref's own type, CSL's
_CSL_POSTED = frozenset({"report", "posted-content", "article"})
#: what names the house behind bioRxiv and medRxiv, no subject area
_SERVER_HOUSE = re.compile(r"(?i)cold\s+spring\s+harbor|\b(?:bio|med)rxiv\b")
_SERVER_HOST = re.compile(r"(?i)^https?://(?:www\.)?(biorxiv|medrxiv)\.org/")


def _csl_server(
    csl_type: str, data: dict[str, Any], url: str | None, doi: str | None
) -> str | None:
    """The preprint server a CSL item was posted to (bioRxiv, medRxiv), as its page's
    host or its ``institution`` names it, for a preprint with a DOI of theirs
    (``10.1101/443556``): None for any other item (a journal of Cold Spring Harbor, whose
    DOIs share the prefix, is none)."""
    genre = (one_line(data.get("genre")) or "").casefold()
    if csl_type not in _CSL_POSTED or (csl_type == "report" and genre != "preprint"):
        return None
    if not doi or not doi.startswith("10.1101/") or not doi[8:9].isdigit():
        return None
    host = _SERVER_HOST.match(url or "")
    if host:
        return _SERVERS[host.group(1).casefold()]
    names = [
        str(part.get("name")) for part in data.get("institution") or [] if isinstance(part, dict)
    ]
    for name in names:
        if name.casefold() in _SERVERS:
            return _SERVERS[name.casefold()]
    return None


def _crossref_pdf(links: Any) -> str | None:
    """The PDF of a Crossref work, of its ``link`` list (``{"URL": …, "content-type":
    "application/pdf", "content-version": "vor", "intended-application": …}``): the
    published version's before the accepted manuscript's, and one given for reading or
    mining before the copy given to Crossref's plagiarism check."""
    if not isinstance(links, list):
        return None
    found: list[tuple[bool, bool, int, str]] = []
    for at, link in enumerate(links):
        if not isinstance(link, dict) or link.get("content-type") != "application/pdf":
            continue
        url = text_field(link.get("URL"))
        if url:
            found.append(
                (
                    link.get("content-version") != "vor",
                    link.get("intended-application") == "similarity-checking",
                    at,
                    url,
                )
            )
    return min(found)[3] if found else None


# --------------------------------------------------------------------------- paper lists


def _is_paper_list_item(data: dict[str, Any]) -> bool:
    return any(key in data for key in ("bibtex", "track", "status", "github", "primary_area"))


def _bibtex_fields(value: Any) -> Record | None:
    """What a record's ``bibtex`` string says (venue, year, booktitle, key …)."""
    text = text_field(value)
    if not text or "@" not in text:
        return None
    return _bibtex_record(text)[0]


def bibtex_record(text: str) -> Record | None:
    """What a ``bibtex`` string says (:func:`_bibtex_fields`): tuireader's CSV export
    gives a paper's entry in a column of that name."""
    return _bibtex_fields(text)


def _bibtex_damaged(value: Any) -> bool:
    """Whether a record's ``bibtex`` string is damaged (:func:`read_entry_string`): the
    venue, year or editors it gives were lost with it, or some of them."""
    text = text_field(value)
    return text is not None and "@" in text and _bibtex_record(text)[1]


def _bibtex_misspelt(value: Any) -> tuple[tuple[str, str], ...]:
    """The fields of a record's ``bibtex`` string read under the name they are one
    character from (:func:`_bibtex_names_mended`), as written and as read."""
    text = text_field(value)
    return _bibtex_record(text)[2] if text is not None and "@" in text else ()


#: the fields of a ``bibtex`` string that give a paper its venue and year, which a
#: field named one character from them (``booktitl``, ``jounal``, ``yaer``) stands for
_BIBTEX_VENUE_FIELDS = ("booktitle", "journal", "journaltitle", "year")


def _bibtex_names_mended(entry: Any) -> tuple[Any, tuple[tuple[str, str], ...]]:
    """``entry`` with each field whose name is one character from the name of one of
    :data:`_BIBTEX_VENUE_FIELDS` (:func:`one_edit`), and from no other, read under that
    name, where the entry has no field of it; and those names, as written and as read.
    The field was passed over as one BibTeX does not know, and the paper lost its venue
    without a word."""
    present = set(entry.fields)
    renamed: dict[str, str] = {}
    for name in dict.fromkeys(name.lower() for name, _ in entry.pairs):
        if name in _BIBTEX_VENUE_FIELDS:
            continue
        near = [field for field in _BIBTEX_VENUE_FIELDS if one_edit(name, field)]
        if len(near) == 1 and near[0] not in present and near[0] not in renamed.values():
            renamed[name] = near[0]
    if not renamed:
        return entry, ()
    pairs = tuple((renamed.get(name.lower(), name), value) for name, value in entry.pairs)
    said = tuple((name, field) for name, field in renamed.items())
    return replace(entry, pairs=pairs), said


@functools.lru_cache(maxsize=64)
def _bibtex_record(text: str) -> tuple[Record | None, bool, tuple[tuple[str, str], ...]]:
    """:func:`_bibtex_fields` of a ``bibtex`` string, whether it is damaged, and the
    field names read as others (:func:`_bibtex_names_mended`); kept for the few read
    last, as a record's string is read again to say it."""
    entry, damaged = read_entry_string(text)
    if entry is None:
        return None, damaged, ()
    entry, renamed = _bibtex_names_mended(entry)
    fields = entry.fields
    if not (fields.get("title") or "").strip() and not (fields.get("abstract") or "").strip():
        # record_from_entry needs a title; the list item gives the real one anyway
        entry = replace(entry, pairs=(*entry.pairs, ("title", "-")))
    return record_from_entry(entry), damaged, renamed


def _proceedings_copy(pdf: str | None, cited: str | None) -> str | None:
    """The record's PDF, or the same file where the record's own BibTeX puts it (the
    proceedings' host, where the list links a mirror: NeurIPS 2017's papers.nips.cc
    for proceedings.neurips.cc). A citation copies the BibTeX's address as written, and
    "copy link" the citation's: it is then among the links the paper shows."""
    if not pdf or not cited or pdf == cited:
        return pdf
    name = pdf.rstrip("/").rpartition("/")[2]
    same = cited.rstrip("/").rpartition("/")[2] == name and name.lower().endswith(".pdf")
    return cited if same and cited.startswith("https://") else pdf


def _open_access_page(page: str | None, cited: str | None) -> str | None:
    """A list's open-access page of the paper (Paper Copilot's ``oa``), on the host its
    own BibTeX cites (NeurIPS 2017's ``papers.nips.cc`` for ``proceedings.neurips.cc``,
    where the two share the path of the year's papers). None for anything but a web
    page: a PDF there is no page, and the list's ``pdf`` gives the PDF."""
    if not page or not page.startswith(("https://", "http://")):
        return None
    if urlsplit(page).path.lower().endswith(".pdf"):
        return None
    if cited and cited.startswith("https://"):
        ours, theirs = urlsplit(page), urlsplit(cited)
        folder = ours.path.rsplit("/", 2)[0]
        if ours.netloc != theirs.netloc and folder and theirs.path.startswith(folder + "/"):
            return urlunsplit(ours._replace(scheme="https", netloc=theirs.netloc))
    return page


def _urls(value: Any) -> tuple[str, ...]:
    """A link field's addresses. A value naming several addresses on one printable line
    ("URL (implementation: URL)") gives each of them; any other value is kept whole, so
    one address with anything glued to it stays unsafe and gives no link at all."""
    found: list[str] = []
    for item in url_list(value):
        several = item.isprintable() and item.count("://") > 1
        found.extend(extract_urls(item) if several else [item])
    return tuple(found)


#: fields naming a flat record's authors, in the order they are read: Paper Copilot's
#: lists give ``author`` and, as the conference's site spells them, ``author_site``,
#: which some records fill alone (``"author": ""``).
_AUTHOR_FIELDS: tuple[str, ...] = ("authors", "author", "author_site")


def _authors(data: dict[str, Any], cited: Record | None) -> tuple[str, ...]:
    """A flat record's authors: from the first of its author fields that names any (an
    address is no name: other exports call the author's web page ``author_site``),
    else from its ``bibtex`` string."""
    for name in _AUTHOR_FIELDS:
        authors = authors_of(data.get(name))
        if authors and not any("://" in author for author in authors):
            return authors
        # names a page linked to their authors' pages (<a href="https://…">Ann Lee</a>)
        # are names all the same, without the links: every author of the paper was lost
        untagged = tuple(untagged_name(author) for author in authors)
        if authors and untagged != authors and not any("://" in a for a in untagged):
            return tuple(author for author in untagged if author)
    return cited.authors if cited else ()


def _inner(data: dict[str, Any], name: str, field: str) -> Any:
    """``data[name][field]`` where ``data[name]`` is an object (Semantic Scholar's
    ``openAccessPdf.url``, ``publicationVenue.name``, ``tldr.text``), else None."""
    value = data.get(name)
    return value.get(field) if isinstance(value, dict) else None


#: the names a TL;DR comes under: OpenReview's ("TL;DR", "TLDR", ICLR's
#: "one-sentence_summary"), the lists' and Semantic Scholar's ("tldr")
_TLDR_NAMES = ("TL;DR", "TLDR", "tldr", "one-sentence_summary")


def _tldr(data: dict[str, Any]) -> str | None:
    """A record's TL;DR (:data:`_TLDR_NAMES`) as text, OpenReview's ``{"value": …}`` or
    Semantic Scholar's ``{"model": …, "text": …}``."""
    for name in ("tldr", *_TLDR_NAMES):
        value = data.get(name)
        if isinstance(value, dict):
            value = value.get("text") if "text" in value else value.get("value")
        text = one_line(value)
        if text:
            return text
    return None


def _acl_id(acl: str | None) -> str | None:
    """The ACL Anthology's id Semantic Scholar gives a paper (``2023.acl-long.17``),
    which names its page and its PDF there; None for anything else."""
    return acl if acl and re.fullmatch(r"[\w.-]+", acl) else None


def _pubmed_page(external: dict[str, Any]) -> str | None:
    """The paper's page at PubMed, else PubMed Central's, of the ids Semantic Scholar
    gives (``PubMed``: "12345678", ``PubMedCentral``: "7654321" or "PMC7654321")."""
    pubmed = text_field(str(external.get("PubMed") or "")) or ""
    if re.fullmatch(r"\d+", pubmed):
        return f"https://pubmed.ncbi.nlm.nih.gov/{pubmed}/"
    central = text_field(str(external.get("PubMedCentral") or "")) or ""
    found = re.fullmatch(r"(?:PMC)?(\d+)", central, re.IGNORECASE)
    return f"https://pmc.ncbi.nlm.nih.gov/articles/PMC{found[1]}/" if found else None


#: a journal name that is arXiv's (Semantic Scholar's "ArXiv"): a preprint's, no journal
_ARXIV_JOURNAL_RE = re.compile(r"arxiv(?:\.org)?", re.IGNORECASE)
#: Semantic Scholar's ``publicationTypes``, as BibTeX's entry types, strongest first
_PUBLICATION_TYPES = (
    ("JournalArticle", "article"),
    ("Conference", "inproceedings"),
    ("BookSection", "incollection"),
    ("Book", "book"),
)


class _Journal(NamedTuple):
    name: str | None = None
    volume: str | None = None
    pages: str | None = None


def _journal(data: dict[str, Any]) -> _Journal:
    """The journal a record names: a ``journal`` string, or Semantic Scholar's object
    (``{"name": "Nature", "volume": "521", "pages": "436 - 444"}``) with its volume and
    pages (as BibTeX writes a range: "436--444"). arXiv is no journal (Semantic
    Scholar's "ArXiv" with volume "abs/2303.08774"): the paper is a preprint."""
    value = data.get("journal")
    if isinstance(value, dict):
        found = _Journal(
            one_line(value.get("name")), one_line(value.get("volume")), one_line(value.get("pages"))
        )
    else:
        found = _Journal(one_line(value))
    if found.name and _ARXIV_JOURNAL_RE.fullmatch(found.name):
        return _Journal()
    pages = re.sub(r"\s*[-\u2013]+\s*", "--", found.pages) if found.pages else None
    return found._replace(pages=pages)


def _publication_type(data: dict[str, Any], journal: str | None) -> str | None:
    """The BibTeX entry type Semantic Scholar's ``publicationTypes`` give a record
    (``["JournalArticle", "Review"]`` → article, when a journal is named: it calls a
    NeurIPS paper a journal article and a conference paper both), else the one its
    ``publicationVenue``'s type gives ("journal", "conference"), else None."""
    types = data.get("publicationTypes") or data.get("publicationtypes")
    found = None
    if isinstance(types, list):
        found = next(
            (
                kind
                for name, kind in _PUBLICATION_TYPES
                if name in types and (kind != "article" or journal)
            ),
            None,
        )
    if found is None:
        # its venue's kind ({"name": "Materials Today", "type": "journal"}): a paper of a
        # journal was cited as one of a conference's proceedings
        kind = _inner(data, "publicationVenue", "type")
        found = _VENUE_TYPES.get(kind.strip().lower()) if isinstance(kind, str) else None
    return found


#: Semantic Scholar's ``publicationVenue.type``, as BibTeX's entry types
_VENUE_TYPES = {"journal": "article", "conference": "inproceedings"}


#: a catalogue's page of a paper, where a record gives it as the paper's ``url``
_CATALOGUE_PAGE = re.compile(r"https?://(?:www\.)?semanticscholar\.org/paper/", re.IGNORECASE)


def record_from_mapping(data: dict[str, Any]) -> Record | None:
    """A flat record (paper lists, exports of most tools) as a :class:`Record`.

    Semantic Scholar's records are flat records too: ``externalIds`` gives the DOI,
    the arXiv id and the ACL Anthology id, ``openAccessPdf`` the PDF,
    ``publicationVenue`` the venue where ``venue`` is empty, ``tldr`` its text, and
    ``paperId`` the source's id; Papers with Code's ``url_abs``, ``url_pdf`` and
    ``published`` are the page, the PDF and the year (its ``conference_url_abs`` and
    ``conference_url_pdf``, the proceedings' page and PDF, before the first two), and the year of the proceedings its
    ``proceeding`` names ("CVPR 2016 6", "cvpr-2016-6") is the paper's before its arXiv
    ``date`` (``published`` in its API).
    """
    abstract = text_field(data.get("abstract")) or text_field(data.get("summary")) or ""
    abstract = strip_markup(abstract)
    title = one_line(data.get("title"))
    if not abstract and not title:
        return None
    # Semantic Scholar's datasets write its API's names in lower case ("externalids")
    external = data.get("externalIds") or data.get("externalids")
    external = external if isinstance(external, dict) else {}
    cited = _bibtex_fields(data.get("bibtex"))
    site = text_field(data.get("site"))
    # Papers with Code's ``conference_url_abs`` and ``conference_url_pdf``: the paper's
    # page and PDF in the proceedings (CVF's, the ACL Anthology's), the published
    # version's, before its ``url_abs`` and ``url_pdf`` (the arXiv preprint's, whose page
    # its arXiv id gives); one on OpenReview is the paper's OpenReview page
    proceedings_page = text_field(data.get("conference_url_abs"))
    preprint_page = text_field(data.get("url_abs"))
    if proceedings_page and "openreview.net" in proceedings_page:
        site = site or proceedings_page
        proceedings_page = None
    url = text_field(data.get("url")) or proceedings_page or preprint_page
    # the ``arxiv`` Python package's result: its page is its ``entry_id``
    entry = text_field(data.get("entry_id"))
    url = url or (entry if entry and entry.startswith(("https://", "http://")) else None)
    openreview = text_field(data.get("openreview"))
    if site and "openreview.net" in site and not openreview:
        openreview = site
    elif site and not url:
        url = site
    # Paper Copilot's ``oa``: the paper's page at the proceedings (NeurIPS's abstract
    # page), where ``site`` is the conference's page for the talk or poster: the page
    # is the paper's, the conference's kept beside it as a project link
    page = _open_access_page(text_field(data.get("oa")), cited.url if cited else None)
    if page and url == site:
        url = page
    openreview_id = text_field(data.get("openreview_id")) or openreview_id_of(openreview)
    if cited and not openreview and cited.openreview:
        openreview, openreview_id = cited.openreview, openreview_id or cited.openreview_id
    dois = plain_dois(
        text_field(data.get("doi"))
        or text_field(data.get("DOI"))
        or text_field(external.get("DOI"))
    )
    doi = dois[0] if dois else None
    arxiv_id = (
        arxiv_id_of(text_field(data.get("arxiv_id")) or text_field(external.get("ArXiv")))
        or arxiv_from_doi(doi)
        or arxiv_from_url(entry)
        or (arxiv_from_url(preprint_page) if url != preprint_page else None)
    )
    pdf = (
        text_field(data.get("pdf"))
        or text_field(data.get("conference_url_pdf"))
        or text_field(data.get("url_pdf"))
        or text_field(data.get("pdf_url"))
        or text_field(_inner(data, "openAccessPdf", "url"))
    )
    acl = _acl_id(text_field(external.get("ACL")))
    pdf = pdf or (f"https://aclanthology.org/{acl}.pdf" if acl else None)
    pdf = _proceedings_copy(pdf, cited.url if cited else None)
    # Papers with Code's arXiv links ("http://arxiv.org/abs/1512.03385v1") as arXiv's own
    url, pdf = arxiv_link(url), arxiv_link(pdf)
    code = (*_urls(data.get("code_urls")), *_urls(data.get("github")))
    code += _urls(data.get("githubRepo"))  # Hugging Face's papers
    code += _urls(data.get("repo_url"))  # Papers with Code's links to code
    code += _urls(data.get("code")) if not code else ()
    projects = (*_urls(data.get("project_urls")), *_urls(data.get("project")))
    projects += (site,) if page and site and url == page else ()
    # Semantic Scholar's ``ACL`` id: the paper's page in the ACL Anthology, the published
    # version's, before its DOI's and its arXiv preprint's, whatever PDF it gives
    anthology = f"https://aclanthology.org/{acl}/" if acl else None
    medical = _pubmed_page(external)
    if url and _CATALOGUE_PAGE.match(url) and (doi or arxiv_id or pdf or anthology or medical):
        # Semantic Scholar's page of the paper is a catalogue's: the paper's own pages
        # (the ACL Anthology's, its DOI's, arXiv's, PubMed's, its PDF) come first, its
        # page the first of them (arXiv's for arXiv's DOI), as DBLP's page comes after
        # the paper's at its publisher
        catalogue = url
        url = f"https://doi.org/{doi}" if doi and not arxiv_from_doi(doi) else None
        url = anthology or url or (_arxiv_address(arxiv_id, "abs") if arxiv_id else None)
        url = url or medical
        # PubMed's page whatever page comes first (the Anthology's, its DOI's)
        projects = (*projects, *((medical,) if medical and medical != url else ()), catalogue)
    else:
        url = url or anthology or (None if doi or arxiv_id or pdf else medical)
        # PubMed's page of a record without Semantic Scholar's page, or with the ACL id
        projects += (medical,) if medical and medical != url else ()
    keywords = word_list(data.get("keywords"), ";" if ";" in str(data.get("keywords")) else ",")
    keywords = keywords or word_list(data.get("tasks"))  # Papers with Code's tasks
    status = one_line(data.get("status"))
    venue = (
        one_line(data.get("venue"))
        or one_line(_inner(data, "publicationVenue", "name"))
        or (cited.venue if cited else None)
        or _proceeding(data.get("proceeding"))
    )
    journal = _journal(data)
    server = _SERVERS.get(str(data.get("server")).casefold())
    if server and not journal.name:
        # a preprint on bioRxiv is cited as an article of it, as APA and Crossref do
        journal = journal._replace(name=server)
    entry_type = cited.entry_type if cited else None
    if entry_type is None:
        entry_type = _publication_type(data, journal.name) or ("article" if server else None)
    # bioRxiv's ``published`` is the DOI of the published version, no date
    published = None if DOI_SHAPE.match(str(data.get("published"))) else data.get("published")
    return Record(
        title=title,
        abstract=abstract,
        authors=_authors(data, cited),
        venue=venue or journal.name,
        year=year_of(data.get("year"))
        or (cited.year if cited else None)
        # Papers with Code's ``date`` (its API's ``published``) is the arXiv preprint's:
        # the proceedings it names with their year ("CVPR 2016 6") date the paper
        or _proceeding_year(data.get("proceeding"))
        or year_of(published)
        or year_of(data.get("publishedAt"))
        or year_of(data.get("publicationDate"))
        or year_of(data.get("date")),
        url=url,
        pdf=pdf,
        openreview=openreview,
        openreview_id=openreview_id,
        pmlr_key=text_field(data.get("pmlr_key")),
        doi=doi or (cited.doi if cited else None),
        other_dois=dois[1:] if doi else (cited.other_dois if cited else ()),
        code_urls=tuple(dict.fromkeys(code)),
        project_urls=tuple(dict.fromkeys(projects)),
        arxiv_id=arxiv_id or (cited.arxiv_id if cited else None),
        arxiv_class=text_field(data.get("arxiv_class")),
        source_id=text_field(data.get("id"))
        or text_field(data.get("paperId"))
        or text_field(data.get("corpusid"))
        or (cited.source_id if cited else None),
        source_entry=cited.source_entry if cited else None,
        entry_type=entry_type,
        journal=(cited.journal if cited else None) or journal.name,
        booktitle=(cited.booktitle if cited else None)
        or (venue if entry_type == "inproceedings" and not cited else None),
        volume=(cited.volume if cited else None) or journal.volume or one_line(data.get("volume")),
        number=(cited.number if cited else None)
        or one_line(data.get("issue"))
        or one_line(data.get("number")),
        pages=(cited.pages if cited else None) or journal.pages or one_line(data.get("pages")),
        publisher=cited.publisher if cited else None,
        edition=cited.edition if cited else None,
        editor=editors_of(data.get("editors", data.get("editor")))
        or (cited.editor if cited else ()),
        status=status,
        track=one_line(data.get("track")),
        primary_area=one_line(data.get("primary_area")),
        keywords=keywords,
        categories=word_list(data.get("categories"), " ")
        or (word_list(data.get("category"), ";") if data.get("server") else ()),
        tldr=_tldr(data),
    )


# --------------------------------------------------------------------------- tuireader's own

#: the fields only tuireader's JSON of a paper has (``export --format json``, ``search
#: --json``): an object with them is tuireader's, whatever else it holds.
OWN_FIELDS = ("id", "title_text", "authors_text", "metadata_source")


def _is_own(data: dict[str, Any]) -> bool:
    return all(name in data for name in OWN_FIELDS)


def _own_record(data: dict[str, Any]) -> Record | None:
    """A paper as tuireader's own JSON gives it, read back as the paper it was: its
    identifiers, its own id in its source (``source_id``; the ``id`` is tuireader's, not
    the source's), its links by kind (a page beyond its first, PDF and forum as a
    project link; a talk's video, slides and poster as such), and no title where the title was derived from the abstract (it is derived again, and the paper known by its abstract as before).
    The abstract is taken as written: it was made plain when the paper was first read."""
    links = data.get("links")
    by_kind: dict[str, list[str]] = {kind: [] for kind in LINK_KINDS}
    by_origin: dict[str, str] = {}
    for link in links if isinstance(links, list) else ():
        if not isinstance(link, dict) or link.get("kind") not in by_kind:
            continue
        origin = link.get("origin")
        if origin == "text":
            continue  # the abstract mentions it: found there again, and no identifier
        for address in url_list(link.get("url")):
            by_kind[str(link["kind"])].append(address)
            if isinstance(origin, str):
                by_origin.setdefault(origin, address)
    pages = by_kind["paper"]
    openreview = by_origin.get("openreview") or next(
        (url for url in pages if "openreview.net" in url.lower()), None
    )
    pdf = by_origin.get("pdf") or next(
        (url for url in pages if url != openreview and _is_pdf_url(url)), None
    )
    page = by_origin.get("url") or next(
        (url for url in pages if url not in (openreview, pdf)), None
    )
    # a record has one page, one PDF and one forum: the further pages of a paper made
    # of several records (a talk's page beside the poster's) are kept as project links
    further = [url for url in pages if url not in (openreview, pdf, page)]
    flat = {
        name: data.get(name)
        for name in (
            "title",
            "authors",
            "venue",
            "year",
            "doi",
            "arxiv_id",
            "openreview_id",
            "pmlr_key",
            "keywords",
            "status",
            "tldr",
            # the entry the paper was read from (``export.source_bibtex``), cited as before
            "bibtex",
            "arxiv_class",
            "categories",
            "track",
            "primary_area",
        )
    }
    abstract = text_field(data.get("abstract")) or ""
    if data.get("title_derived") is True and abstract:
        # derived again from the abstract; a paper known by an identifier only keeps
        # its "Untitled paper (arXiv id …)", read as no title (``readers``)
        flat["title"] = None
    flat.update(
        abstract=abstract,
        url=page,
        pdf=pdf,
        openreview=openreview,
        code_urls=by_kind["code"],
        project_urls=[*by_kind["project"], *further],
    )
    record = record_from_mapping(flat)
    if record is None:
        return None
    return replace(
        record,
        abstract=abstract,
        # its page and PDF as the export gives them (an arXiv page by "http://" too):
        # its citations give them as they were
        url=page or record.url,
        pdf=pdf or record.pdf,
        talk_urls=tuple((kind, url) for kind in TALK_KINDS for url in by_kind[kind]),
        source_id=text_field(data.get("source_id")),
        journal_ref=one_line(data.get("journal_ref")),
        other_dois=_other_dois(record, data.get("other_dois")),
        edition=one_line(data.get("edition")),
        place=one_line(data.get("place")),
        series=one_line(data.get("series")),
        # what its citations give beside: read back without it, a NeurIPS paper was
        # cited without its editors, volume and publisher
        entry_type=one_line(data.get("entry_type")) or record.entry_type,
        author_names=_own_names(data.get("author_names")) or record.author_names,
        journal=one_line(data.get("journal")) or record.journal,
        booktitle=one_line(data.get("booktitle")) or record.booktitle,
        editor=editors_of(data.get("editors")) or record.editor,
        volume=one_line(data.get("volume")) or record.volume,
        number=one_line(data.get("number")) or record.number,
        pages=one_line(data.get("pages")) or record.pages,
        publisher=one_line(data.get("publisher")) or record.publisher,
        month=_own_number(data.get("month"), 12) or record.month,
        day=_own_number(data.get("day"), 31) or record.day,
        # the site a web page or a post is on ("Medium"), which its citations give
        site=one_line(data.get("howpublished")),
        cite_key=one_line(data.get("cite_key")),
    )


def _own_number(value: Any, most: int) -> int | None:
    """A month (up to 12) or a day (up to 31) of tuireader's JSON, else None."""
    return (
        value
        if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= most
        else None
    )


def _own_names(value: Any) -> tuple[str, ...]:
    """The authors as a paper's source split them ("Rojas Carulla, Mateo"), as
    tuireader's JSON gives them (``author_names``, a list)."""
    if not isinstance(value, list):
        return ()
    return tuple(name for name in (one_line(item) for item in value) if name)


def _other_dois(record: Record, value: Any) -> tuple[str, ...]:
    """The DOIs beside the paper's own that tuireader's JSON gives (``other_dois``, a
    list), after any its ``doi`` gives, each once; a word that is no DOI gives none."""
    values = value if isinstance(value, list) else [value]
    given = [doi for item in values for doi in plain_dois(text_field(item))]
    return tuple(doi for doi in dict.fromkeys((*record.other_dois, *given)) if doi != record.doi)


def _own_scope(data: dict[str, Any]) -> str | None:
    """The list a paper's own id (``source_id``) is of, in tuireader's JSON of it: the
    first of its lists when it has no venue (a venue names the source itself)."""
    lists = data.get("lists")
    if one_line(data.get("venue")) or not isinstance(lists, list) or not lists:
        return None
    return one_line(lists[0])


#: the key of an item that gave it in an export made before (Zotero drops it)
CSL_KEY = "tuireader-key"


def _csl_given_id(item: dict[str, Any]) -> str | None:
    """The paper's id in tuireader the last line of an item's ``note`` gives, as
    tuireader's CSL-JSON export writes it (``ownbib.CSL_ID_LINE``); None for none."""
    from tuireader.ingest.formats.ownbib import CSL_ID_LINE

    note = item.get("note")
    if not isinstance(note, str) or CSL_ID_LINE not in note:
        return None
    last = note.rstrip().rpartition("\n")[2]
    given = last.removeprefix(CSL_ID_LINE).strip() if last.startswith(CSL_ID_LINE) else ""
    return given if given and len(given.split()) == 1 else None


def _csl_given_key(item: dict[str, Any]) -> str | None:
    """The key a paper's id comes from that an item of tuireader's CSL-JSON export
    gives: a line of its ``note`` (``ownbib.CSL_KEY_LINE``, the last such), or, as an
    export made before gave it, its :data:`CSL_KEY`; None for none."""
    from tuireader.ingest.formats.ownbib import CSL_KEY_LINE, csl_line_value

    given = csl_line_value(item.get("note"), CSL_KEY_LINE)
    if given is not None:
        return given
    key = item.get(CSL_KEY)
    return key if isinstance(key, str) else None


def _csl_given_links(record: Record, item: dict[str, Any]) -> Record:
    """``record`` with the links the ``ownbib.CSL_LINKS_LINE`` of an item of
    tuireader's CSL-JSON export gives (the last such line; ``ownbib.with_links``), in
    place of its item's ``URL``: its code links, its forum, each as it was."""
    from tuireader.ingest.formats.ownbib import CSL_LINKS_LINE, csl_line_value, with_links

    given = csl_line_value(item.get("note"), CSL_LINKS_LINE)
    return with_links(record, given) if given is not None else record


def _is_pdf_url(url: str) -> bool:
    path = url.lower().split("?", 1)[0].split("#", 1)[0]
    return path.endswith(".pdf") or "/pdf/" in path or "/pdf?" in url.lower()


# --------------------------------------------------------------------------- dispatch


#: a new-style arXiv id, the whole of an ``id`` (Hugging Face's papers are arXiv's)
_ARXIV_NEW_ID_RE = re.compile(r"\d{4}\.\d{4,5}(?:v\d+)?")


def _around_paper(data: dict[str, Any]) -> dict[str, Any]:
    """An item that wraps its paper in a ``paper`` object (Hugging Face's daily papers:
    ``{"paper": {"id": "2401.02954", "authors": […], "summary": …}, "title": …,
    "numComments": 3}``) as one flat record: the paper's fields, the item's where the
    paper has none, and the paper's ``id`` its arXiv id when it is one; an item that is
    no paper itself and holds one object that is, that object. Any other item as it
    is."""
    paper = data.get("paper")
    if not isinstance(paper, dict) or not _is_paper(paper):
        # a record that holds its paper under another name (Semantic Scholar's citations:
        # {"contexts": […], "citingPaper": {…}}) is that paper
        return data if _is_paper(data) else _hit_paper(data)
    flat = {key: value for key, value in data.items() if key != "paper"}
    flat.update({key: value for key, value in paper.items() if value not in (None, "", [])})
    identifier = text_field(paper.get("id"))
    if identifier and _ARXIV_NEW_ID_RE.fullmatch(identifier) and "arxiv_id" not in flat:
        flat["arxiv_id"] = identifier
    return flat


def _paper_prefixed(data: dict[str, Any]) -> dict[str, Any]:
    """A record that names its paper's fields ``paper_…`` (Papers with Code's links
    between papers and code: ``paper_title``, ``paper_arxiv_id``, ``paper_url_abs``, …)
    as one with the fields' own names; its ``paper_url`` (the paper's page there) a
    project link. Any other record as it is."""
    if "title" in data or "paper_title" not in data:
        return data
    flat = dict(data)
    for key, value in data.items():
        name = key.removeprefix("paper_")
        if key.startswith("paper_") and name not in data and name != "url":
            flat[name] = value
    if "project" not in data and "paper_url" in data:
        flat["project"] = data["paper_url"]
    return flat


def _openalex(data: dict[str, Any]) -> dict[str, Any]:
    """A work of OpenAlex's API as a flat record: ``authorships[].author.display_name``
    → authors, ``publication_year``, the ``abstract_inverted_index`` as the abstract's
    words in their places, ``primary_location`` → the page, the PDF and the venue (its
    source's name, unless the source is a repository such as arXiv), ``biblio`` →
    volume, issue and pages. Any other record as it is."""
    authorships = data.get("authorships")
    if not isinstance(authorships, list) or "publication_year" not in data:
        return data
    flat = dict(data)
    names = []
    for authorship in authorships:
        if isinstance(authorship, dict):
            author = authorship.get("author")
            name = (
                _inner(authorship, "author", "display_name") if isinstance(author, dict) else None
            )
            names.append(text_field(name) or text_field(authorship.get("raw_author_name")))
    flat["authors"] = [name for name in names if name]
    flat["year"] = data.get("publication_year")
    words = data.get("abstract_inverted_index")
    if isinstance(words, dict) and not data.get("abstract"):
        placed = sorted(
            (place, word)
            for word, places in words.items()
            if isinstance(places, list)
            for place in places
            if isinstance(place, int)
        )
        flat["abstract"] = " ".join(word for _place, word in placed)
    location = data.get("primary_location")
    location = location if isinstance(location, dict) else {}
    source = location.get("source")
    source = source if isinstance(source, dict) else {}
    flat["url"] = location.get("landing_page_url")
    flat["pdf"] = location.get("pdf_url") or _inner(data, "open_access", "oa_url")
    kind = text_field(source.get("type"))
    venue = text_field(source.get("display_name")) if kind != "repository" else None
    flat["venue"] = venue
    biblio = data.get("biblio")
    biblio = biblio if isinstance(biblio, dict) else {}
    first, last = text_field(biblio.get("first_page")), text_field(biblio.get("last_page"))
    pages = f"{first}--{last}" if first and last and first != last else first or last
    flat["issue"] = biblio.get("issue")
    # a conference paper's volume and pages (PMLR's volume 235, pp. 201--220) are as much
    # its own as a journal article's: read whatever the source
    if biblio.get("volume") is not None:
        flat["volume"] = biblio.get("volume")
    if pages:
        flat["pages"] = pages
    if kind == "journal":
        flat["journal"] = {"name": venue, "volume": biblio.get("volume"), "pages": pages}
        flat["publicationTypes"] = ["JournalArticle"]
    elif kind == "conference":
        flat["publicationTypes"] = ["Conference"]
    return flat


#: Papers with Code's ``proceeding``: a venue, its year and its month ("NeurIPS 2018 12")
_PROCEEDING_RE = re.compile(r"^(.*\b(?:19|20)\d\d)\s+\d{1,2}$")


#: the preprint servers whose API names itself in each paper's ``server`` (bioRxiv's and
#: medRxiv's ``api.biorxiv.org/details/…``): the paper's venue, as arXiv is a preprint's
_SERVERS = {"biorxiv": "bioRxiv", "medrxiv": "medRxiv"}


#: the id Papers with Code's API gives a proceeding ("cvpr-2016-6"): the venue's
#: acronym, its year and the site's own index of it (no month, no page)
_PROCEEDING_SLUG_RE = re.compile(r"^([a-z][a-z0-9]*(?:-[a-z][a-z0-9]*)*)-((?:19|20)\d\d)-\d+$")


def _proceeding_slug(text: str) -> str | None:
    """The venue and year Papers with Code's API names by a proceeding's id: "CVPR 2016"
    for "cvpr-2016-6", "NeurIPS 2018" for "neurips-2018-12" (an acronym as the venues'
    table spells it, any other word in capitals); None for any other text."""
    found = _PROCEEDING_SLUG_RE.match(text)
    if found is None:
        return None
    words = [venue_in_stem(word) or word.upper() for word in found.group(1).split("-")]
    return f"{' '.join(words)} {found.group(2)}"


def _proceeding(value: Any) -> str | None:
    """The venue of Papers with Code's ``proceeding``, without the month after its year
    ("CVPR 2016 6"), or as its API's id of it names it ("cvpr-2016-6")."""
    text = one_line(value)
    found = _PROCEEDING_RE.match(text or "")
    return found.group(1) if found else (_proceeding_slug(text) if text else None) or text


def _proceeding_year(value: Any) -> int | None:
    """The year of Papers with Code's ``proceeding`` ("CVPR 2016 6", "cvpr-2016-6" →
    2016), None when it names none."""
    text = one_line(value) or ""
    venue = _proceeding(text)
    named = _PROCEEDING_RE.match(text) or _PROCEEDING_SLUG_RE.match(text)
    return int(venue[-4:]) if venue and named else None


# --------------------------------------------------------------------------- Zotero

#: Zotero's item types by the CSL type of the same meaning (as Zotero's own CSL export
#: maps them)
_ZOTERO_CSL_TYPES = {
    "journalArticle": "article-journal",
    "magazineArticle": "article-magazine",
    "newspaperArticle": "article-newspaper",
    "conferencePaper": "paper-conference",
    "bookSection": "chapter",
    "book": "book",
    "thesis": "thesis",
    "report": "report",
    "preprint": "article",
    "webpage": "webpage",
    "blogPost": "post-weblog",
    "manuscript": "manuscript",
    "presentation": "speech",
    "dataset": "dataset",
    "computerProgram": "software",
}
#: Zotero's items that are no papers: a file, a note, a PDF's annotation
_ZOTERO_NOT_PAPERS = frozenset({"attachment", "note", "annotation"})
#: what such an item is read as (counted apart from OpenReview's replies)
_ZOTERO_NOT_A_PAPER = NotAPaper()


def _zotero_item(data: dict[str, Any]) -> dict[str, Any] | None:
    """The item of Zotero's Web API (``api.zotero.org/users/…/items``, pyzotero's
    ``items()``: its fields in ``data``), or such an item's fields alone; None for any
    other object."""
    inner = data.get("data")
    if isinstance(inner, dict) and isinstance(inner.get("itemType"), str):
        return inner
    if isinstance(data.get("itemType"), str) and ("creators" in data or "abstractNote" in data):
        return data
    return None


def _zotero_record(item: dict[str, Any]) -> Record | NotAPaper | None:
    """A Zotero item read as the CSL item Zotero would export for it: ``creators`` →
    authors and editors (``lastName``/``firstName``, or one ``name``), ``abstractNote``,
    ``publicationTitle`` (``proceedingsTitle``, ``bookTitle``, …) → the journal or
    proceedings, ``date``, ``tags`` → keywords, ``DOI``, ``url``, a preprint's
    ``archiveID`` ("arXiv:1706.03762") → arXiv id. Its attachments and notes are no
    papers."""
    kind = str(item.get("itemType"))
    if kind in _ZOTERO_NOT_PAPERS:
        return _ZOTERO_NOT_A_PAPER
    people: dict[str, list[dict[str, str]]] = {"author": [], "editor": []}
    for creator in item.get("creators") or ():
        if not isinstance(creator, dict) or creator.get("creatorType") not in people:
            continue
        name = text_field(creator.get("name"))
        family, given = text_field(creator.get("lastName")), text_field(creator.get("firstName"))
        person = {"literal": name} if name and not family else {"family": family or ""}
        if given and "literal" not in person:
            person["given"] = given
        people[str(creator["creatorType"])].append(person)
    container = next(
        filter(
            None,
            (
                one_line(item.get(field))
                for field in (
                    "publicationTitle",
                    "proceedingsTitle",
                    "bookTitle",
                    "websiteTitle",
                    "blogTitle",
                    "repository",
                )
            ),
        ),
        None,
    )
    tags = [tag.get("tag") for tag in item.get("tags") or () if isinstance(tag, dict)]
    csl = {
        "type": _ZOTERO_CSL_TYPES.get(kind, "document"),
        "title": item.get("title"),
        "abstract": item.get("abstractNote"),
        "author": people["author"],
        "editor": people["editor"],
        # a preprint's repository ("arXiv") is no venue, as a repository's is none
        "container-title": container if kind != "preprint" else None,
        "event-title": item.get("conferenceName"),
        "issued": {"raw": item.get("date")},
        "volume": item.get("volume"),
        "issue": item.get("issue"),
        "page": item.get("pages"),
        "DOI": item.get("DOI"),
        "URL": item.get("url"),
        "publisher": item.get("publisher") or item.get("institution") or item.get("university"),
        "edition": item.get("edition"),
        "genre": item.get("thesisType"),
        "keyword": [tag for tag in tags if isinstance(tag, str)],
        "citation-key": item.get("citationKey"),
    }
    record = _csl_record({key: value for key, value in csl.items() if value})
    archived = arxiv_id_of(text_field(item.get("archiveID")))
    if record is not None and archived and not record.arxiv_id:
        record = replace(record, arxiv_id=archived)
    return record


def _record_from_mapping(
    data: dict[str, Any], context: dict[str, Any]
) -> Record | NotAPaper | None:
    """The record of one JSON object, by the first shape it fits."""
    zotero = _zotero_item(data)
    if zotero is not None:
        return _zotero_record(zotero)
    data = _openalex(_paper_prefixed(_around_paper(data)))
    if _is_own(data):
        return _own_record(data)
    if _is_arxiv(data):
        return _arxiv_record(data)
    if _is_openreview(data):
        return _openreview_record(data, context)
    if _is_csl(data):
        return _csl_record(data)
    return record_from_mapping(data)


def _fill_from_list(records: list[Record], paper_list: list[bool], path: Path) -> list[Record]:
    """Paper-list records without venue or year take the one every other record of the
    file gives; the year in the file's name is the last resort."""
    if not any(paper_list):
        return records
    venues = {r.venue for r, flag in zip(records, paper_list, strict=True) if flag and r.venue}
    years = {r.year for r, flag in zip(records, paper_list, strict=True) if flag and r.year}
    venue = next(iter(venues)) if len(venues) == 1 else None
    year = next(iter(years)) if len(years) == 1 else None
    if year is None and not years:
        found = re.search(r"(?<!\d)(19\d\d|20\d\d)(?!\d)", path.stem)
        year = int(found.group(1)) if found else None
    if venue is None and not venues:
        # a list named for its venue (Paper Copilot's ``iclr2023.json``, whose records
        # name it only in a ``bibtex`` field some venues' lists lack)
        named = venue_in_stem(path.stem)
        venue = re.sub(r"\s+(?:19|20)\d\d$", "", named) if named else None
    filled: list[Record] = []
    for record, flag in zip(records, paper_list, strict=True):
        if flag and (record.venue is None or record.year is None):
            record = replace(record, venue=record.venue or venue, year=record.year or year)
        filled.append(record)
    return filled


#: characters JSON is built of, which no field's name holds but by damage
_STRUCTURE_CHARS_RE = re.compile(r'[{}\[\]":,]')


def _names_mended(item: dict[str, Any], known: set[str]) -> tuple[dict[str, Any], list[str]]:
    """``item`` with each field whose name holds a character JSON is built of
    (``"abst}ract"``, ``"ty{pe"``: one typed into the name) read under its name
    without it, where that is a name of ``known`` (the file's other records' fields,
    and those a record is read from) and the record has no field of that name, and
    those names as written. The field was passed over as one no reader knows, and the
    paper lost its abstract, or its type and with it its venue and year, without a
    word; a name such a character belongs in (``"dc:title"``) is left as it is."""
    found = [key for key in item if isinstance(key, str) and _STRUCTURE_CHARS_RE.search(key)]
    if not found:
        return item, []
    mended = dict(item)
    renamed = []
    for key in found:
        name = _STRUCTURE_CHARS_RE.sub("", key).strip()
        if name in known and name not in mended:
            mended[name] = mended.pop(key)
            renamed.append(key)
    return mended, renamed


#: fields of their own one character from another's name ("issue", beside "issued")
_NEAR_YET_OWN = frozenset({"issue", "context"})


def _names_misspelt(
    item: dict[str, Any], known: set[str], alone: set[str]
) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """``item`` with each field whose name is no other record's (``alone``), nor one a
    record is read from, read under the one name of ``known`` (the file's other
    records' fields, and those a record is read from) it is one character from
    (:func:`one_edit`: "abstrat", "isued", "autors"), where the record has no field of
    that name; and those fields, as written and as read. The field was passed over as
    one no reader knows, and the paper lost its abstract, year or authors without a
    word."""
    found = [
        key
        for key in item
        if isinstance(key, str) and key in alone and key not in known and key not in _NEAR_YET_OWN
    ]
    if not found:
        return item, []
    mended = dict(item)
    renamed = []
    for key in found:
        near = [name for name in known if name not in mended and one_edit(key, name)]
        if len(near) == 1:
            mended[near[0]] = mended.pop(key)
            renamed.append((key, near[0]))
    return mended, renamed


#: the fields a record's year is read from, in the order read
_YEAR_FIELDS = ("year", "issued", "published", "publishedAt", "publicationDate", "date")


def _year_damaged(item: dict[str, Any]) -> tuple[str, int | None] | None:
    """The first field of ``item`` (or of the ``data`` it wraps: Zotero's) that would
    give its record's year but for damage (:func:`damaged_year`): as written, and the
    year read from it, if one reading gives one."""
    wrapped = item.get("data")
    for mapping in (item, wrapped) if isinstance(wrapped, dict) else (item,):
        for name in _YEAR_FIELDS:
            value = mapping.get(name)
            if isinstance(value, dict):  # CSL's date: its first date's year, or as written
                parts = value.get("date-parts")
                first = parts[0] if isinstance(parts, list) and parts else None
                value = (
                    first[0]
                    if isinstance(first, list) and first
                    else value.get("raw") or value.get("literal")
                )
            found = damaged_year(value)
            if found is not None:
                return found
    return None


#: the parts of a CSL name, and of a CSL date, by the fields that hold them
_CSL_PARTS: dict[str, frozenset[str]] = {
    **dict.fromkeys(
        ("author", "editor"),
        frozenset(
            ("family", "given", "literal", "suffix", "dropping-particle", "non-dropping-particle")
        ),
    ),
    "issued": frozenset(("date-parts", "raw", "literal", "season", "circa")),
}


def _csl_parts_mended(item: dict[str, Any]) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """``item`` with each part of a CSL name or date whose name has a character typed
    in, lost, typed over or two swapped (``"famly"``, ``"fami:ly"``, ``"dte-parts"``) read
    under the one part's name it is one character from, where the name or date has
    none of that name; and those parts, as written and as read. The part was passed
    over: an author lost the family name, the paper its year, without a word."""
    renamed: list[tuple[str, str]] = []
    mended = item
    for field, parts in _CSL_PARTS.items():
        value = item.get(field)
        values = value if isinstance(value, list) else [value]
        fixed: list[Any] = []
        for part in values:
            if isinstance(part, dict) and not set(part) <= parts:
                part = dict(part)
                for key in [key for key in part if isinstance(key, str) and key not in parts]:
                    bare = _STRUCTURE_CHARS_RE.sub("", key).strip()
                    near = [
                        name for name in parts - set(part) if bare == name or one_edit(bare, name)
                    ]
                    if len(near) == 1:
                        part[near[0]] = part.pop(key)
                        renamed.append((key, near[0]))
            fixed.append(part)
        if fixed != values:
            mended = {**mended, field: fixed if isinstance(value, list) else fixed[0]}
    return mended, renamed


def _field_names_said(
    path: Path,
    where: str,
    found: Sequence[tuple[int, Sequence[Any]]],
    whose: str,
    shown: Callable[[Any], str],
    read_as: str,
) -> Problem:
    """What to say of the records (``found``: each one's position and what of its field
    names was mended) whose field names were read as others: ``whose`` says what the
    names were, ``shown`` writes each (five at most), ``read_as`` what they were read as."""
    numbers = [position for position, _ in found]
    items = list(dict.fromkeys(item for _, items in found for item in items))
    listed = ", ".join(shown(item) for item in items[:5]) + (", …" if len(items) > 5 else "")
    return Problem(
        path,
        f"{_place(where, numbers)} {'has a field' if len(numbers) == 1 else 'have fields'} "
        f"whose name {whose} ({listed}); {read_as}, check the file there",
        "warning",
    )


def _official_code_first(
    items: list[tuple[int, Any, dict[str, Any]]],
) -> list[tuple[int, Any, dict[str, Any]]]:
    """Papers with Code's links between papers and code (a row per paper and repository:
    ``paper_url``, ``repo_url``, ``is_official``, …) with each paper's rows in the places
    its rows take, its official repositories first, then those with more ``stars``
    (where the rows give them), then as the file gives them: a paper's first code link
    is the one its records give first, and an unofficial reimplementation listed before
    the authors' repository is no paper's code before it. Any other items as they are."""
    groups: dict[str, list[int]] = {}
    for at, (_position, item, _context) in enumerate(items):
        if isinstance(item, dict) and "repo_url" in item and "is_official" in item:
            paper = item.get("paper_url") or item.get("paper_arxiv_id") or item.get("paper_title")
            if isinstance(paper, str) and paper.strip():
                groups.setdefault(paper.strip(), []).append(at)
    if all(len(places) < 2 for places in groups.values()):
        return items

    def rank(at: int) -> tuple[int, float, int]:
        item = items[at][1]
        stars = item.get("stars")
        stars = stars if isinstance(stars, (int, float)) and not isinstance(stars, bool) else 0
        official = item.get("is_official")
        # a flag a CSV or a converted file gives as text: "true", "True", "1"
        if isinstance(official, str):
            official = says_yes(official)
        return (0 if official is True or official == 1 else 1, -stars, at)

    return ranked_within(items, groups.values(), rank)


def _records_from_items(
    items: Iterable[tuple[int, Any, dict[str, Any]]], path: Path, where: str
) -> tuple[list[Record], list[Problem], dict[str, Any]]:
    records: list[Record] = []
    paper_list: list[bool] = []
    scopes: list[str | None] = []
    #: the id tuireader gave each paper of its own JSON (``ReadResult.id_texts``)
    given: list[str | None] = []
    not_objects: list[int] = []
    nulls: list[int] = []  # a batch API's answer for an id it does not know
    empty: list[int] = []
    front: list[tuple[int, str]] = []  # a volume's preface, foreword, table of contents
    broken: list[tuple[int, str]] = []
    mended_names: list[tuple[int, list[str]]] = []  # fields read by their names mended
    #: fields read by the names theirs are one character from: as written, and read
    misspelt_names: list[tuple[int, list[tuple[str, str]]]] = []
    bad_bibtex: list[int] = []  # records whose "bibtex" string is damaged
    #: records whose "bibtex" string has fields read by the names theirs are one
    #: character from (its venue's, its year's): as written, and read
    misspelt_bibtex: list[tuple[int, Sequence[tuple[str, str]]]] = []
    bad_dois: list[tuple[int, str]] = []  # records whose DOI gives none, as written
    #: records whose year is damaged: the item, the record, the year as written and read
    years: list[tuple[int, int, tuple[str, int | None]]] = []
    seen_fields: dict[str, None] = {}
    replies = 0
    files = 0  # Zotero's attachments and notes
    decisions: dict[str, str] = {}  # by forum: OpenReview decisions beside the submissions
    #: the marks of an export whose papers were in none of the lists it was written
    #: from: what the triage file knew of each (a first author's surname), no paper
    detached = 0
    items = _official_code_first(list(items))
    # the fields of two records or more: a damaged name is one record's alone
    counts: dict[str, int] = {}
    for _position, item, _context in items:
        if isinstance(item, dict):
            for key in item:
                counts[key] = counts.get(key, 0) + 1
    known = {key for key, count in counts.items() if count > 1} | set(LOOKED_FOR)
    alone = {key for key, count in counts.items() if count == 1}
    for position, item, context in items:
        if item is None:
            nulls.append(position)
            continue
        if not isinstance(item, dict):
            not_objects.append(position)
            continue
        if item.get("detached") is True and all(name in item for name in OWN_FIELDS):
            detached += 1
            continue
        item, renamed = _names_mended(item, known)
        if renamed:
            mended_names.append((position, renamed))
        item, misspelt = _names_misspelt(item, known, alone)
        if _is_csl(item):
            item, parts = _csl_parts_mended(item)
            misspelt += parts
        if misspelt:
            misspelt_names.append((position, misspelt))
        if len(seen_fields) < 200:
            seen_fields.update(dict.fromkeys(str(key) for key in item))
        try:
            record = _record_from_mapping(item, context)
        except Exception as error:  # noqa: BLE001 - one bad record must not stop its list
            broken.append((position, f"{type(error).__name__}: {error}"))
            continue
        if record is _ZOTERO_NOT_A_PAPER:
            files += 1
        elif isinstance(record, NotAPaper):
            replies += 1
            decided = _reply_decision(item)
            if decided:
                decisions.setdefault(*decided)
        elif record is None:
            empty.append(position)
        elif front_matter(record):
            front.append((position, record.title or ""))
        else:
            damaged = _year_damaged(item) if record.year is None else None
            if damaged is not None:
                years.append((position, len(records), damaged))
                if damaged[1] is not None:
                    record = replace(record, year=damaged[1])
            records.append(record)
            doi = None if record.doi else unread_doi(item.get("doi") or item.get("DOI"))
            if doi is not None:
                bad_dois.append((position, doi))
            if _bibtex_damaged(item.get("bibtex")):
                bad_bibtex.append(position)
            if bibtex_misspelt := _bibtex_misspelt(item.get("bibtex")):
                misspelt_bibtex.append((position, bibtex_misspelt))
            own = _is_own(item)
            # tuireader's papers each have the venue they had: none is filled in
            paper_list.append(not own and _is_paper_list_item(item))
            if own:
                scopes.append(_own_scope(item))
                given.append(one_line(item.get("id")))
            else:
                record = _csl_given_links(record, item)
                records[-1], scope = with_own_key(record, _csl_given_key(item))
                scopes.append(scope)
                given.append(_csl_given_id(item))
    records = _fill_from_list(records, paper_list, path)
    if decisions:
        records = [_decided(record, decisions) for record in records]
    problems: list[Problem] = []
    # a year that could not be read may be the one the list's other papers all have
    list_year = next((records[number].year for _, number, (_, read) in years if read is None), None)
    for mended in (True, False):
        found = [(at, written) for at, _, written in years if (written[1] is not None) == mended]
        if found:
            place = _place(where, [at for at, _ in found])
            said = damaged_years_said(place, [w for _, w in found], list_year)
            problems.append(Problem(path, said, "warning"))
    if bad_dois:
        said = unread_dois_said(_place(where, [at for at, _ in bad_dois]), [d for _, d in bad_dois])
        problems.append(Problem(path, said, "warning"))
    if bad_bibtex:
        several = len(bad_bibtex) > 1
        problems.append(
            Problem(
                path,
                f"{_place(where, bad_bibtex)} {'have' if several else 'has'} a bibtex field "
                "that is damaged BibTeX (a brace or bracket amiss?): what it gives (venue, "
                "year, editors) may be missing or partly read, check the file there",
                "warning",
            )
        )
    if misspelt_bibtex:
        numbers = [position for position, _ in misspelt_bibtex]
        pairs = list(dict.fromkeys(pair for _, found in misspelt_bibtex for pair in found))
        listed = ", ".join(f"“{name}” as “{field}”" for name, field in pairs[:5])
        several = len(numbers) > 1
        problems.append(
            Problem(
                path,
                f"{_place(where, numbers)} {'have bibtex strings' if several else 'has a bibtex string'} "
                f"with a field whose name is one character from another's ({listed}"
                f"{', …' if len(pairs) > 5 else ''}); read as that field (the paper's venue "
                "or year), check the file there",
                "warning",
            )
        )
    if mended_names:
        problems.append(
            _field_names_said(
                path,
                where,
                mended_names,
                "holds a bracket, brace, quote, colon or comma",
                lambda name: f"“{name}”",
                "read as the field named without it",
            )
        )
    if misspelt_names:
        problems.append(
            _field_names_said(
                path,
                where,
                misspelt_names,
                "is one character from another's",
                lambda pair: f"“{pair[0]}” as “{pair[1]}”",
                "read as that field",
            )
        )
    if detached:
        from tuireader.ingest.formats.ownbib import detached_said

        problems.append(Problem(path, detached_said(detached), "warning" if records else "error"))
    if broken:
        numbers = [position for position, _ in broken]
        problems.append(
            Problem(
                path,
                f"skipped {_place(where, numbers)}: the record could not be read "
                f"({' '.join(broken[0][1].split())[:200]})",
                "warning",
            )
        )
    # with no paper read, what the others are is said once, as why (``_finish``)
    if nulls and records:
        # Semantic Scholar's paper/batch: null in the place of each id it did not find
        problems.append(
            Problem(
                path,
                f"skipped {_place(where, nulls)}: null, no paper (a batch answer's id "
                "it did not find?)",
                "warning",
            )
        )
    if not_objects and records:
        problems.append(
            Problem(
                path,
                f"skipped {_place(where, not_objects)}: not a paper record (a JSON object)",
                "warning",
            )
        )
    if empty and records:
        they = "the record has" if len(empty) == 1 else "the records have"
        problems.append(
            Problem(
                path,
                f"skipped {_place(where, empty)}: {they} neither a title nor an abstract",
                "warning",
            )
        )
    if front:
        numbers = [position for position, _ in front]
        titles = ", ".join(dict.fromkeys(f"“{title}”" for _, title in front))
        they = "a paper" if len(front) == 1 else "papers"
        problems.append(
            Problem(
                path,
                f"skipped {_place(where, numbers)}: the volume's front matter ({titles}), "
                f"not {they}",
                "warning",
            )
        )
    summary = {
        "fields": list(seen_fields),
        "front": len(front),
        "replies": replies,
        "files": files,
        "scopes": scopes,
        "given": given,
        "empty": len(empty),
        "not_objects": len(not_objects) + len(nulls),
    }
    return records, problems, summary


def _place(where: str, numbers: list[int]) -> str:
    """ "line 6", "lines 6, 7", "items 2, 3": ``where`` (plural) and the numbers."""
    return f"{where if len(numbers) > 1 else where.removesuffix('s')} {line_list(numbers)}"


def _decided(record: Record, decisions: dict[str, str]) -> Record:
    """``record`` with the decision a note of its file gives its forum, where its own
    replies give none: a decision given beside the submissions counts as one given
    among its replies, before what its venue says."""
    decision = decisions.get(record.openreview_id or "")
    if decision is None or (record.status and record.status != _venue_status(record.venue)):
        return record
    return replace(record, status=decision)


def parse_jsonl(text: str, path: Path) -> ReadResult:
    """The records of a JSON Lines text, one a line (see :func:`_parse_jsonl`), its
    escapes that JSON has not taken as text (:func:`_escapes_as_text`)."""
    return _with_escapes_said(text, path, _parse_jsonl)


def _parse_jsonl(text: str, path: Path) -> ReadResult:
    items: list[tuple[int, Any, dict[str, Any]]] = []
    bad: list[tuple[int, str]] = []
    mended: list[int] = []  # the lines read with the commas they leave out put back
    quotes: list[int] = []  # the lines read with the quote they leave out put back
    fields = _Fields()  # the fields of the records read, as far as ``counted``
    counted = 0
    joined: list[int] = []  # the lines that hold more than one record
    broken: list[tuple[int, int]] = []  # records whose strings hold a line break
    last = 0  # the last line with anything on it
    lines = split_lines(text)
    whole = _JoinedLines(lines)
    #: JSON lists of records (or objects written over several lines) among the lines:
    #: their first and last lines, and how many records each holds
    pasted: list[tuple[int, int, int]] = []
    number = 0
    while number < len(lines):
        line = lines[number]
        number += 1
        if not line.strip():
            continue
        last = number
        try:
            item = loads(line)
            if _records_list(item):
                # a JSON list of records on one line (a file of another kind pasted
                # after the lines): its records, each read
                items.extend((number, record, {}) for record in item)
                pasted.append((number, number, len(item)))
            else:
                items.append((number, item, {}))
        except json.JSONDecodeError as error:
            run_on = _line_break_in_string(lines, number - 1, error)
            if run_on is not None:
                # a line break typed inside a title: the record's lines read as one
                item, upto = run_on
                items.append((number, item, {}))
                broken.append((number, upto))
                number = last = upto
                continue
            spread = _records_over_lines(whole, number - 1)
            if spread is not None:
                # a JSON list of records written over several lines (CSL JSON pasted
                # after arXiv's JSON Lines), or an object so written: read whole
                found, upto = spread
                items.extend((at, record, {}) for at, record in found)
                pasted.append((number, upto, len(found)))
                number = last = upto
                continue
            # a comma left out is put back, as in a JSON list; records written on one
            # line (a line end lost between them) are read each
            put = _commas_put_back(line, error)
            more = _objects_on_line(error) if error.msg == "Extra data" else None
            quoted = None
            if not (put or more) and line.lstrip().startswith("{"):
                for _, item, _ in items[counted:]:
                    fields.add(item)
                counted = len(items)
                quoted = _quote_put_back(_DECODER, line, 0, len(line), fields)
            if put is not None:
                items.append((number, put[0], {}))
                mended.append(number)
            elif quoted is not None:
                items.append((number, quoted[0], {}))
                quotes.append(number)
            elif more is not None:
                items.extend((number, item, {}) for item in more)
                joined.append(number)
            else:
                bad.append((number, _where(error, line=False)))
        except (ValueError, RecursionError):
            bad.append((number, "too deeply nested"))
    problems: list[Problem] = []
    if mended:
        they = len(mended) > 1
        problems.append(
            Problem(
                path,
                f"{'commas are' if they else 'a comma is'} left out at "
                f"line{'s' if they else ''} {line_list(mended)}; read "
                f"{'them' if they else 'it'} as if {'they were' if they else 'it were'} "
                "there, check the file there",
                "warning",
            )
        )
    if quotes:
        they = len(quotes) > 1
        problems.append(
            Problem(
                path,
                f"{'quotes are' if they else 'a quote is'} left out at "
                f"line{'s' if they else ''} {line_list(quotes)}; read "
                f"{'them' if they else 'it'} as if {'they were' if they else 'it were'} "
                "there, check the file there",
                "warning",
            )
        )
    if broken:
        they = len(broken) > 1
        places = ", ".join(f"lines {first}–{upto}" for first, upto in broken[:5])
        others = f" and {len(broken) - 5} more" if len(broken) > 5 else ""
        problems.append(
            Problem(
                path,
                f"{f'{len(broken)} records have' if they else 'a record has'} a line break "
                f"inside a string ({places}{others}); read "
                f"{'the lines of each' if they else 'its lines'} as one record, check the "
                "file there",
                "warning",
            )
        )
    if joined:
        they = len(joined) > 1
        problems.append(
            Problem(
                path,
                f"line{'s' if they else ''} {line_list(joined)} "
                f"{'hold' if they else 'holds'} more than one record (a line end left "
                "out?); read each, check the file there",
                "warning",
            )
        )
    if pasted:
        problems.append(Problem(path, _pasted_said(pasted), "warning"))
    if bad:
        # each line by its title where it gives one whole, as a damaged record of a
        # JSON list is named: "skipped lines 5 (“A Title”), 10: not valid JSON"
        named = [_line_titled(number, lines[number - 1]) for number, _ in bad[:5]]
        if len(bad) == 1:
            message = f"line {named[0]} is not valid JSON ({bad[0][1]}); skipped it"
        else:
            others = f" and {len(bad) - 5} more" if len(bad) > 5 else ""
            message = f"skipped lines {', '.join(named)}{others}: not valid JSON"
        if bad[-1][0] == last and not text.endswith(("\n", "\r")):
            message += f" {CUT_SHORT}"  # the last line, with no line end: a write under way
        problems.append(Problem(path, message, "warning"))
    records, more, summary = _records_from_items(items, path, "lines")
    problems.extend(more)
    return _finish(path, "jsonl", records, problems, bool(items or bad), summary)


def _line_titled(number: int, line: str) -> str:
    """A line of JSON Lines that could not be read, with the title of its record where
    the line gives it whole (:func:`_title_at`): "5 (“A Title”)", else "5"."""
    title = cut_to(_title_at(line, 0, len(line)) or "", 80)
    return f"{number} (“{title}”)" if title else str(number)


#: the most lines of JSON Lines read as one record whose strings hold line breaks
_MOST_JOINED = 8


class _JoinedLines:
    """The lines of a text joined again, with where each starts: made once, when a
    value written over several lines is first looked for."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self._text: str | None = None
        self._starts: list[int] = []

    def text(self) -> tuple[str, list[int]]:
        if self._text is None:
            self._text = "\n".join(self.lines)
            at = 0
            for line in self.lines:
                self._starts.append(at)
                at += len(line) + 1
        return self._text, self._starts


def _records_list(value: Any) -> bool:
    """Whether ``value`` is a list of records: objects, one at least."""
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _records_over_lines(
    joined: _JoinedLines, index: int
) -> tuple[list[tuple[int, Any]], int] | None:
    """The records of the JSON value that starts on line ``index`` (from 0) of JSON
    Lines and is written over several lines, whole, ending where a line does: a list
    of records (each with the number of the line it starts on) or one object; and the
    number of its last line. None for anything else (a line damaged, a list of no
    records), which the lines read one by one say."""
    line = joined.lines[index]
    if not line.lstrip().startswith(("[", "{")):
        return None
    text, starts = joined.text()
    start = starts[index] + len(line) - len(line.lstrip())
    try:
        value, end = _DECODER.raw_decode(text, start)
    except (ValueError, RecursionError):
        return None
    upto = bisect.bisect_right(starts, end - 1)  # its last line, from 1
    line_end = starts[upto] - 1 if upto < len(starts) else len(text)
    if upto == index + 1 or text[end:line_end].strip():
        return None
    if isinstance(value, dict):
        return [(index + 1, _scrub(value))], upto
    if not _records_list(value):
        return None
    found: list[tuple[int, Any]] = []
    pos = start + 1
    for record in value:
        pos = _past_blanks(text, pos)
        found.append((bisect.bisect_right(starts, pos), _scrub(record)))
        _, pos = _DECODER.raw_decode(text, pos)
        pos = _past_blanks(text, pos) + 1  # past the comma (or the closing "]")
    return found, upto


def _pasted_said(pasted: list[tuple[int, int, int]]) -> str:
    """What the JSON lists of records among JSON Lines are, and that they were read."""
    count = sum(records for _, _, records in pasted)
    places = ", ".join(
        f"line {first}" if first == upto else f"lines {first}–{upto}"
        for first, upto, _ in pasted[:5]
    )
    others = f" and {len(pasted) - 5} more" if len(pasted) > 5 else ""
    return (
        f"{places}{others}: JSON other than one record a line ({count} "
        f"record{'s' if count != 1 else ''}: a file of another kind pasted in?); read "
        "each record, check the file there"
    )


def _line_break_in_string(
    lines: list[str], index: int, error: json.JSONDecodeError
) -> tuple[Any, int] | None:
    """The record that starts on ``lines[index]`` and runs on, inside a string, over
    the lines after it (a line break typed inside a title in a hand-edited file), and
    the number (from 1) of its last line; None unless ``json`` stopped in a string left
    open on that line and the lines joined read as one record whole.

    Each part alone is no JSON, and the record was lost with all its lines."""
    if not error.msg.startswith("Unterminated string"):
        return None
    text = lines[index]
    for upto in range(index + 1, min(index + _MOST_JOINED, len(lines))):
        text += "\n" + lines[upto]
        try:
            item = loads(text)
        except json.JSONDecodeError as again:
            if again.msg.startswith("Unterminated string"):
                continue
            return None
        except (ValueError, RecursionError):
            return None
        return (item, upto + 1) if isinstance(item, dict) else None
    return None


def _objects_on_line(error: json.JSONDecodeError) -> list[Any] | None:
    """The objects written one after another on a line of JSON Lines (``json``'s
    "Extra data" after the first), each whole; None unless every one is."""
    text = error.doc
    decoder = json.JSONDecoder(strict=False)
    found: list[Any] = []
    pos = _past_blanks(text, 0)
    while pos < len(text):
        try:
            item, pos = decoder.raw_decode(text, pos)
        except (ValueError, RecursionError):
            return None
        if not isinstance(item, dict):
            return None
        found.append(_scrub(item))
        pos = _past_blanks(text, pos)
    return found


def parse_json(text: str, path: Path) -> ReadResult:
    """The records of a JSON text (see :func:`_parse_json`), its escapes that JSON has
    not taken as text (:func:`_escapes_as_text`)."""
    return _with_escapes_said(text, path, _parse_json)


#: a JSON escape, else a backslash that starts none ("\x", "\u00" cut short, "\ ")
_ESCAPE_RE = re.compile(r'\\(?:u[0-9a-fA-F]{4}|["\\/bfnrt])|\\')
#: bytes that were not text (U+FFFD) inside an escape: "\\�n", "\\u00�e9"
_BAD_BYTES_IN_ESCAPE_RE = re.compile(r"(u[0-9a-fA-F]{0,3})?(\ufffd+)")


def _escapes_as_text(text: str) -> tuple[str, list[int]]:
    """``text`` with each backslash that starts no JSON escape (``\\x``, ``\\u00`` cut
    short, ``\\`` before a space) doubled, so that it reads as a character of its
    string, and where each was; bytes that were not text inside an escape
    (``\\u00�e9``) are dropped where that leaves an escape, as :func:`loads` drops
    them.

    ``json`` stops at the first such backslash, and the record it is in is lost; a
    hand-edited list with a Windows path or a TeX command in each abstract would lose
    every record. All are mended in one pass, however many (``loads`` mends bytes in
    escapes one parse at a time, up to a bound). A backslash outside strings is no
    JSON either way, and is doubled too: the damage is then said where ``json`` stops.
    """
    if "\\" not in text:
        return text, []
    parts: list[str] = []
    done = 0
    doubled: list[int] = []
    for found in _ESCAPE_RE.finditer(text):
        at = found.start()
        if found.end() - at > 1:
            continue  # an escape
        bad_bytes = _BAD_BYTES_IN_ESCAPE_RE.match(text, at + 1)
        if bad_bytes is not None:
            squeezed = text[at : bad_bytes.start(2)] + text[bad_bytes.end(2) : bad_bytes.end(2) + 5]
            valid = _ESCAPE_RE.match(squeezed)
            if valid is not None and valid.end() > 1:
                parts.append(text[done : bad_bytes.start(2)])
                done = bad_bytes.end(2)
                continue
        parts.append(text[done:at])
        parts.append("\\")
        done = at
        doubled.append(at)
    if not parts:
        return text, []
    parts.append(text[done:])
    return "".join(parts), doubled


def _with_escapes_said(
    text: str, path: Path, parse: Callable[[str, Path], ReadResult]
) -> ReadResult:
    """``parse`` of ``text`` with its backslashes that start no escape taken as text
    (:func:`_escapes_as_text`), and a warning that names their lines."""
    mended, doubled = _escapes_as_text(text)
    result = parse(mended, path)
    if not doubled:
        return result
    lines = _Lines(text).of
    at = list(dict.fromkeys(lines(offset) for offset in doubled))
    they = len(doubled) > 1
    told = Problem(
        path,
        f"{len(doubled)} backslash{'es start' if they else ' starts'} no JSON escape "
        f"(“\\x”, a “\\u” cut short, a “\\” alone), at line{'s' if len(at) > 1 else ''} "
        f"{line_list(at)}; read {'each' if they else 'it'} as a character of "
        f"{'its' if they else 'the'} text, check the file there",
        "warning",
    )
    return replace(result, problems=(told, *result.problems))


def _parse_json(text: str, path: Path) -> ReadResult:
    try:
        data = loads(text)
    except json.JSONDecodeError as error:
        # a comma after the data: a stray bracket or brace closed the list (or the
        # object) before its end, and the rest is read as damage in it
        closed_early = error.doc.startswith(",", _past_blanks(error.doc, error.pos)) or (
            _over_a_comma(error)
        )
        if error.msg == "Extra data" and not closed_early:
            in_turn = _values_in_turn(error, path)
            # One object per line in a file named .json: read it as JSON Lines.
            return parse_jsonl(text, path) if in_turn is None else in_turn
        where = _where(error)
        mended = _commas_put_back(text, error)
        if mended is not None:
            data, lines = mended
            they = len(lines) > 1
            missing = (
                f"commas are left out at {_lines_said(lines)}"
                if they
                else f"a comma is left out at line {lines[0]}"
            )
            count = _records_in(data)
            told = Problem(
                path,
                f"is not valid JSON: {missing} ({where}); read the {count} "
                f"record{'' if count == 1 else 's'} as if {'they were' if they else 'it were'} "
                "there, check the file there",
                "warning",
            )
            result = _from_data(data, path)
            return replace(result, problems=(told, *result.problems))
        if (listed := _mended_then_more(error, path)) is not None:
            return listed  # records after the list's end too
        # the text ran out inside a record (else a mistake inside the file, such as a
        # comma left out, which no write under way explains)
        ran_out = error.msg.startswith("Unterminated") or error.pos >= len(error.doc.rstrip())
        # a crawl damaged in a submission: read venue by venue, else as one array
        crawl = _crawl_prefix(text)
        array = crawl or _array_prefix(text)
        prefix: tuple[Any, int] | None = (array.items, array.line) if array else None
        if array is None and (held := _papers_array(text)) is not None:
            # the papers an object holds, damaged in the middle: read on past the damage
            # as in a list (a list cut short is left to ``_records_prefix``)
            at, around, key = held
            array = _array_prefix(text, at)
            if array is not None and array.skipped:
                prefix = ({**around, key: array.items}, array.line)
            else:
                array = None
        if prefix is None and (array := _keyed_read(text)) is not None:
            # papers by their ids, damaged in the middle: read on past the damage (the
            # one item read is the object of the papers that could be)
            prefix = (array.items[0], array.line)
        if prefix is None and ran_out:
            prefix = _records_prefix(text) or _keyed_prefix(text)
        if prefix is None and _lines_of_json(text):
            # JSON Lines in a file named .json, its first line damaged
            return parse_jsonl(text, path)
        if prefix is None and (after := _values_in_turn(error, path, first_damaged=True)):
            return after  # objects one after another, the first damaged
        if prefix is None:
            said = f"is not valid JSON ({where})" + (f" {CUT_SHORT}" if ran_out else "")
            return failure(path, said, "json")
        # a download or a copy cut short: the records before the break are still read
        data, lineno = prefix
        count = _records_in(data)
        s = "" if count == 1 else "s"
        if array is not None and array.skipped:
            # damaged in the middle: the records after the damage are read too
            more = [at for at in dict.fromkeys(array.skipped) if at != lineno]
            also = f" and at {_lines_said(more)}" if more else ""
            message = f"is not valid JSON at line {lineno} ({where}){also}; "
            done: list[str] = []
            if array.commas:
                they = len(array.commas) > 1
                done.append(
                    f"read {'the commas' if they else 'a comma'} left out at "
                    f"{_lines_said(array.commas)} as if {'they were' if they else 'it were'} there"
                )
            if array.quotes:
                they = len(array.quotes) > 1
                done.append(
                    f"read {'the quotes' if they else 'a quote'} left out at "
                    f"{_lines_said(list(array.quotes))} as if {'they were' if they else 'it were'} "
                    "there"
                )
            if array.lost:
                done.append(
                    f"skipped {array.lost} record{'' if array.lost == 1 else 's'} "
                    "that could not be read"
                )
            done.append(f"read the {count} record{s} before and after, check the file there")
            message += " and ".join([", ".join(done[:-1]), done[-1]] if len(done) > 1 else done)
            if array.unread:
                message += "; " + _unread_said(
                    array.unread, array.lost, "submission" if crawl else "item", array.ids
                )
            if array.venues_lost:
                they = len(array.venues_lost) > 1
                message += (
                    f"; the venue{'s' if they else ''} at line{'s' if they else ''} "
                    f"{line_list(list(array.venues_lost))} could not be read, nor "
                    f"{'their' if they else 'its'} submissions"
                )
            if array.stopped is not None:
                message += f"; nothing after line {array.stopped} could be read"
        else:
            message = f"is not valid JSON from line {lineno} on ({where}); read the {count} "
            message += f"record{s} before it" + (f" {CUT_SHORT}" if ran_out else "")
        broken = Problem(path, message, "warning")
        result = _from_data(data, path)
        return replace(result, problems=(broken, *result.problems))
    except RecursionError:
        return failure(
            path,
            "holds JSON nested too deeply to read (lists or objects inside each other "
            "thousands of times over), as no list of papers is",
            "json",
        )
    return _from_data(data, path)


def _over_a_comma(error: json.JSONDecodeError) -> bool:
    """Whether ``json`` stopped at a record right after a list's "]", in a text that
    starts as a list and ends as one: a "]" typed over the comma between two records
    (``}]\n{``), which closed the list there; the records after it are the list's."""
    text = error.doc
    return (
        error.msg == "Extra data"
        and text.startswith("{", error.pos)
        and text[: error.pos].rstrip(" \t\r\n").endswith("}]")
        and text.lstrip("\ufeff \t\r\n").startswith("[")
        and _ARRAY_END_RE.search(text) is not None
    )


#: where a value ends: a string's quote, a list's or object's bracket, a number, a word
_VALUE_END_RE = re.compile(r'["\]}\w]\s*\Z')


def _commas_put_back(text: str, error: json.JSONDecodeError) -> tuple[Any, list[int]] | None:
    """The data of ``text`` with the commas it leaves out put back, and the lines where
    they were; None unless every place ``json`` stops at is a comma left out.

    ``json`` stops at a comma left out between two records (``}`` then ``{``) or two
    fields (``"a": 1`` then ``"b"``), and every record after it was lost, in a file whose
    papers lie deep (a crawl's ``submissions``) all of them. Such a place is a value's
    end, then blanks, then the start of an object, a list or a key: where ``json``
    expects a comma, nothing else can be meant. Any other mistake (a quote left
    unescaped in a title) is not mended.

    The places are all found in one pass (:func:`_commas_left_out`) and the text is
    parsed once more: parsed again after each comma, a list missing one in each of its
    records took time in the square of its size, and a bound on the commas put back
    lost every record past it.
    """
    text = error.doc  # as ``loads`` read it, its bad bytes between tokens out
    if not _comma_left_out(error):
        return None
    found = _commas_left_out(text, _past_blanks(text, 0))
    if found.end is None or text[found.end :].strip(" \t\r\n\ufffd"):
        return None
    line = _Lines(text).of
    lines = [line(after) for _, after in found.places]
    try:
        return loads(_with_commas(text, found.places)), lines
    except (ValueError, RecursionError):
        return None


#: a token of JSON as the commas left out are looked for: a whole string, a quote left
#: open, a bracket, a brace, a comma, a colon, else a number or a word (bytes that were
#: not text, between tokens, are passed over, as ``loads`` drops them)
_SCAN_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|"|[\[\]{},:]|[^ \t\r\n\ufffd\[\]{},:"]+')


class _Mend(NamedTuple):
    """What :func:`_commas_left_out` found of the value at a place."""

    #: where each comma left out goes (the end of the value before it), and where the
    #: token after it starts (where ``json`` stops)
    places: list[tuple[int, int]]
    #: where the value ends, with those commas put back; None when it is damaged
    #: otherwise (``broken``) or the text ends inside it
    end: int | None
    #: where the value is damaged otherwise than by a comma left out
    broken: int | None


def _commas_left_out(text: str, start: int) -> _Mend:
    """The commas the JSON value at ``start`` leaves out, found in one pass over it:
    wherever a value ends and, where a comma or the end of its list or object must
    come, an object, a list or a string (a key) starts instead (as
    :func:`_comma_left_out` tells it of where ``json`` stops). The grammar is followed
    no further than needed to know where a comma is expected: the words and numbers
    are left to ``json``, which reads the mended text."""
    places: list[tuple[int, int]] = []
    brackets: list[str] = []
    # what comes next: "value", "key", "colon" or "after" (a comma or a closing bracket)
    expect = "value"
    opened = False  # a bracket just opened, which may close at once
    last_end = start
    for found in _SCAN_TOKEN.finditer(text, start):
        token = found.group()
        if token == '"':
            break  # the text ends inside a string
        here = found.start()
        first = token[0]
        if expect == "after":
            if first == ",":
                expect = "key" if brackets[-1] == "{" else "value"
                opened = False
                last_end = found.end()
                continue
            if first in "]}":
                if (first == "]") != (brackets[-1] == "["):
                    return _Mend(places, None, here)
                brackets.pop()
                last_end = found.end()
                if not brackets:
                    return _Mend(places, last_end, None)
                continue
            if first not in '{["':
                return _Mend(places, None, here)
            places.append((last_end, here))
            expect = "key" if brackets[-1] == "{" else "value"
            opened = False
        if expect == "key":
            if first == '"':
                expect = "colon"
            elif first == "}" and opened:
                brackets.pop()
                expect = "after"
            else:
                return _Mend(places, None, here)
        elif expect == "colon":
            if first != ":":
                return _Mend(places, None, here)
            expect = "value"
        elif first in "[{":
            brackets.append(first)
            expect = "key" if first == "{" else "value"
            opened = True
            continue
        elif first == "]" and opened and brackets[-1] == "[":
            brackets.pop()
            expect = "after"
        elif first in ",:]}":
            return _Mend(places, None, here)
        else:
            expect = "after"  # a string, a number or a word
        opened = False
        last_end = found.end()
        if expect == "after" and not brackets:
            return _Mend(places, last_end, None)
    return _Mend(places, None, None)


def _mended_then_more(error: json.JSONDecodeError, path: Path) -> ReadResult | None:
    """The records of a JSON text whose first value leaves out commas and is followed
    by more values (a record after the list's ``]``), read as a text with those commas
    in place is (:func:`_values_in_turn`): a list closed before its last record lost
    that record unsaid, where the list with its commas in place keeps it. None unless
    every place ``json`` stops at in the first value is a comma left out, and more
    follows it; None for JSON Lines, whose lines are mended one by one."""
    text = error.doc
    if not _comma_left_out(error) or _lines_of_json(text):
        return None
    found = _commas_left_out(text, _past_blanks(text, 0))
    if found.end is None or not text[found.end :].strip(" \t\r\n\ufffd"):
        return None
    lines = [_Lines(text).of(after) for _, after in found.places]
    they = len(lines) > 1
    missing = (
        f"commas are left out at {_lines_said(lines)}"
        if they
        else f"a comma is left out at line {lines[0]}"
    )
    told = Problem(
        path,
        f"is not valid JSON: {missing} ({_where(error)}); read as if "
        f"{'they were' if they else 'it were'} there, check the file there",
        "warning",
    )
    result = parse_json(_with_commas(text, found.places), path)
    return replace(result, problems=(told, *result.problems))


def _with_commas(text: str, places: list[tuple[int, int]]) -> str:
    """``text`` with a comma at each of ``places``."""
    parts: list[str] = []
    done = 0
    for at, _ in places:
        parts.append(text[done:at])
        parts.append(",")
        done = at
    parts.append(text[done:])
    return "".join(parts)


def _values_in_turn(
    error: json.JSONDecodeError, path: Path, *, first_damaged: bool = False
) -> ReadResult | None:
    """The records of a JSON text whose first value (a list, or an object written over
    several lines) is followed by more (``json``'s "Extra data"): further values read
    in turn (two lists written one after the other, objects written indented one
    after another: a comma left out put back, a damaged object passed over to the next
    that starts a line), up to what is no JSON (a stray bracket, a line of a log),
    which is said. None when the first value is an object on one line: JSON Lines,
    read line by line. Read as JSON Lines, such a text lost every record, its lines
    being no JSON each. With ``first_damaged``, the first object is damaged, and the
    objects after it are read (None when none starts a line and reads whole)."""
    text = error.doc  # as ``loads`` read it, its bad bytes between tokens out
    decoder = json.JSONDecoder(strict=False)
    start = _past_blanks(text, 0)
    stopped: json.JSONDecodeError | None = None
    unread: list[int] = []  # the lines of the objects that could not be read
    commas: list[int] = []  # the lines of the commas left out, put back
    line_of = _Lines(text).of
    # objects one after another start where the first does: a "{" first on a line
    starts = re.compile(r"^\{", re.MULTILINE) if _indent(text, start) == "" else None
    if first_damaged:
        if starts is None or not text.startswith("{", start):
            return None
        following = next(
            (
                found.start()
                for found in starts.finditer(text, start + 1)
                if _is_paper(_read_whole(decoder, text, found.start()))
            ),
            None,
        )
        if following is None:
            return None
        unread.append(line_of(start))
        start = following
    try:
        first, pos = decoder.raw_decode(text, start)
    except (ValueError, RecursionError):
        return None
    if isinstance(first, dict) and text.find("\n", start, pos) < 0:
        return None
    values = [first]
    second: int | None = start if unread else None  # where the second value starts
    while (pos := _past_blanks(text, pos)) < len(text):
        read = _element(decoder, text, pos, line_of, _RECORD_WINDOW)
        if not isinstance(read, tuple) and isinstance(first, dict) and starts is not None:
            # a damaged object: on at the next that starts a line and reads whole
            following = next(
                (
                    found.start()
                    for found in starts.finditer(text, pos + 1)
                    if isinstance(_element(decoder, text, found.start(), _no_line, 0), tuple)
                ),
                None,
            )
            if following is not None:
                unread.append(line_of(pos))
                pos = following
                continue
        if not isinstance(read, tuple):
            try:
                decoder.raw_decode(text, pos)  # what json finds wrong, and where
            except json.JSONDecodeError as broken:
                stopped = broken
            except (ValueError, RecursionError):
                stopped = json.JSONDecodeError("Nested too deeply", text, pos)
            break
        value, end, put = read
        commas.extend(put)
        second = pos if second is None else second
        values.append(value)
        pos = end
    data: Any = first
    if len(values) > 1:
        data = []
        for value in values:
            papers = _papers_of(value) if isinstance(value, dict) else None
            if isinstance(value, list) or papers is not None:
                data.extend(value if isinstance(value, list) else papers or [])
            else:
                data.append(value)
    count = _records_in(data)
    s = "" if count == 1 else "s"
    if second is None:
        message = (
            f"is not valid JSON ({_where(error)}): what follows its data is not JSON; read "
            f"the {count} record{s} before it, check the file there"
        )
    else:
        message = (
            f"is not valid JSON: it holds {len(values) + len(unread)} JSON values one after another "
            f"(the second from line {text.count(chr(10), 0, second) + 1}); read the "
            f"{count} record{s} of all of them, check the file there"
        )
        if commas:
            message += (
                f"; read the comma{'s' if len(commas) > 1 else ''} left out at "
                f"{_lines_said(commas)} as if {'they were' if len(commas) > 1 else 'it were'} "
                "there"
            )
        if unread:
            they = len(unread) > 1
            message += (
                f"; skipped {len(unread)} object{'s' if they else ''} that could not be "
                f"read, at line{'s' if they else ''} {line_list(unread)}"
            )
        if stopped is not None:
            message += f"; nothing from line {stopped.lineno} on could be read ({_where(stopped)})"
    result = _from_data(data, path)
    return replace(result, problems=(Problem(path, message, "warning"), *result.problems))


def _read_whole(decoder: json.JSONDecoder, text: str, pos: int) -> Any:
    """The value at ``pos`` as :func:`_element` reads it, else None."""
    read = _element(decoder, text, pos, _no_line, _RECORD_WINDOW)
    return read[0] if isinstance(read, tuple) else None


def _lines_of_json(text: str) -> bool:
    """True when ``text`` starts as JSON Lines do: an object, and on its second line
    (the first after any blank ones) an object whole on that line."""
    start = _past_blanks(text, 0)
    first = text.find("\n", start)
    if not text.startswith("{", start) or first < 0:
        return False
    pos = _past_blanks(text, first + 1)
    end_of_line = text.find("\n", pos)
    end_of_line = len(text) if end_of_line < 0 else end_of_line
    try:
        value, end = json.JSONDecoder(strict=False).raw_decode(text, pos)
    except (ValueError, RecursionError):
        return False
    return isinstance(value, dict) and end <= end_of_line and not text[end:end_of_line].strip()


def _lines_said(lines: list[int]) -> str:
    """ "line 4", "lines 4, 29": each line once (a list written on one line is damaged
    at line 1 however many times)."""
    distinct = list(dict.fromkeys(lines))
    return f"line{'s' if len(distinct) > 1 else ''} {line_list(distinct)}"


def _unread_said(
    unread: Iterable[tuple[int, int, str | None]],
    lost: int,
    what: str,
    ids: Iterable[tuple[int, str]] = (),
) -> str:
    """Which records could not be read, by their places (``what``: "item", or a crawl's
    "submission"), lines and titles where known, else their ids (``ids``, by place):
    "could not be read: submission 2 (line 607, “Rethinking the Value of Network
    Pruning”)", "item 1 (line 1, id “H1xH1hQtjQ”)"; at most three named, and the
    records passed with them counted."""
    named = list(unread)
    by_place = dict(ids)
    said = []
    for place, line, title in named[:3]:
        title = cut_to(title, 80) if title else title
        key = by_place.get(place)
        known = f", “{title}”" if title else f", id “{key[:80]}”" if key else ""
        said.append(f"{place} (line {line}{known})")
    more = lost - len(said)
    what = what + ("s" if lost > 1 else "")
    return f"could not be read: {what} {', '.join(said)}" + (
        f" and {more} more" if more > 0 else ""
    )


def _where(error: json.JSONDecodeError, *, line: bool = True) -> str:
    """What json found wrong and where: "Unterminated string starting at line 3,
    column 9" (``line=False``, within one line of JSON Lines: "… at column 9")."""
    # json's message alone is cut ("Unterminated string starting at"): its position is
    # given apart, and some of its messages end in "at", others do not ("Expecting
    # value", "Extra data")
    at = "" if error.msg.endswith(" at") else " at"
    place = f"line {error.lineno}, column {error.colno}" if line else f"column {error.colno}"
    return f"{error.msg}{at} {place}"


_BLANK_RE = re.compile(r"[ \t\r\n]+")


def _past_blanks(text: str, pos: int) -> int:
    """Where the blanks at ``pos`` end (looked for in place: a copy of the rest of the
    text at each element of a large array took minutes)."""
    found = _BLANK_RE.match(text, pos)
    return found.end() if found else pos


_DECODER = json.JSONDecoder(strict=False)
#: the longest record a quote left out is looked for in (each place tried is a parse)
_LONGEST_QUOTED = 64 * 1024
#: how far before where json stops a quote left out is looked for
_QUOTE_BEFORE = 2048
#: what stands before a string's opening quote, or after its closing one, but spaces
_BEFORE_QUOTE = "{[,:"
_AFTER_QUOTE = ":,}]\r\n"


class _Fields:
    """The fields of the records of a file read so far: those any has, and those all
    have."""

    def __init__(self) -> None:
        self.any: set[str] = set()
        self.all: set[str] | None = None

    def add(self, item: Any) -> None:
        if isinstance(item, dict):
            self.any.update(item)
            self.all = set(item) if self.all is None else self.all & set(item)


def _quote_put_back(
    decoder: json.JSONDecoder, text: str, start: int, end: int, others: _Fields
) -> tuple[dict[str, Any], int] | None:
    """The record whose text runs from ``start`` to ``end`` (its comma after it left
    out) read with a quote left out put back (``"title: "X"``, ``"title": X"``,
    ``"title": "X,``), and where it was put, where exactly one place for it makes the
    text one whole record with the fields the file's other records have (``others``):
    every field of it one of theirs, and every field they all have (a record cut short
    and closed, its quote left open, is no record whole); else None.

    A quote is put back only next to what a string's quote stands next to: a brace,
    bracket, comma or colon before it (its opening one), or one of those or a line's
    end after it (its closing one). Such a record was skipped, and said, though one
    reading of it was there to read."""
    record = text[start:end].rstrip()
    record = record[:-1].rstrip() if record.endswith(",") else record
    if not record.startswith("{") or len(record) > _LONGEST_QUOTED:
        return None
    try:
        decoder.raw_decode(record)
    except json.JSONDecodeError as error:
        # the quote is left out before where json stops, or just after; after where a
        # string that never ends starts (the record's last quote left out)
        stopped = error.pos
        last = len(record) if error.msg.startswith("Unterminated") else stopped + 2
    except (ValueError, RecursionError):
        return None
    else:
        return None
    readings: dict[str, tuple[dict[str, Any], int]] = {}
    for at in range(max(1, stopped - _QUOTE_BEFORE), min(len(record), last)):
        # an opening quote right before a string's first character, a closing one
        # right after its last
        opens = record[:at].rstrip().endswith(tuple(_BEFORE_QUOTE)) and not record[at].isspace()
        closes = record[at:].lstrip(" \t").startswith(tuple(_AFTER_QUOTE))
        if not (opens or (closes and not record[at - 1].isspace())):
            continue
        attempt = record[:at] + '"' + record[at:]
        try:
            item, finish = decoder.raw_decode(attempt)
        except (ValueError, RecursionError):
            continue
        if finish != len(attempt) or not isinstance(item, dict):
            continue
        if others.all is not None and not others.all <= set(item) <= others.any:
            continue
        readings.setdefault(json.dumps(item, sort_keys=True), (item, start + at))
        if len(readings) > 1:
            return None
    return next(iter(readings.values())) if readings else None


class _ArrayRead(NamedTuple):
    """What :func:`_array_prefix` read of a damaged JSON array."""

    items: list[Any]
    #: the line of the first place that could not be read
    line: int
    #: the lines of every place read past (a comma left out, a record that is not JSON)
    skipped: list[int]
    #: the line where reading stopped for good, when it did before the array's end
    stopped: int | None
    #: how many records were skipped, not being JSON
    lost: int
    #: the lines where a comma left out (between two records or inside one) was put back
    commas: list[int]
    #: where the array's ``]`` ends, when reading went on to it and its end is known
    end: int | None = None
    #: each record that could not be read, as far as it is known: its place among the
    #: array's elements, its line and its title (the first of several passed at once)
    unread: tuple[tuple[int, int, str | None], ...] = ()
    #: the lines of the venues of a crawl that could not be read, with their submissions
    venues_lost: tuple[int, ...] = ()
    #: the lines where a quote left out (in a record, else skipped) was put back
    quotes: tuple[int, ...] = ()
    #: the ids of the papers of an object of papers by their ids that could not be
    #: read, by their places
    ids: tuple[tuple[int, str], ...] = ()


#: a key and its colon: met after a record, it is the rest of a record a stray ``}``
#: closed early (``"title": "…"},\n "track": …``)
_KEY_AFTER_RE = re.compile(r',?[ \t\r\n]*"[^"\\\n]*(?:\\.[^"\\\n]*)*"[ \t\r\n]*:')


def _shifted(line: Callable[[int], int], by: int) -> Callable[[int], int]:
    """``line`` of a place in a copy of the text that starts ``by`` before it."""
    return lambda at: line(at + by)


#: a key and its colon where an element of a list starts: a record whose "{" was left out
_RECORD_KEY_RE = re.compile(r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"[ \t\r\n]*:')
#: a "]" between two records, which ends no list: a comma and a record follow it, or a
#: record alone (the "]" typed over the comma)
_STRAY_BRACKET_RE = re.compile(r"\][ \t\r\n]*(?:,[ \t\r\n]*)?\{")
#: the end of a text whose array of papers closes, alone or in the object around it
_ARRAY_END_RE = re.compile(r"\][ \t\r\n}]*\Z")
#: where a record may start when the array's own indentation is unknown: a ``{`` first
#: on its line, or one after the ``},`` that ends the record before it
_ANY_START_RE = re.compile(r"^[ \t]*\{|\},[ \t\r\n]*\{", re.MULTILINE)


def _array_prefix(
    text: str,
    start: int | None = None,
    line: Callable[[int], int] | None = None,
    crawl: bool = False,
) -> _ArrayRead | None:
    """The whole elements a damaged JSON array holds, and where it is damaged (None:
    the text is no such array, or not one element of it can be read). The array is
    the text, or the one whose ``[`` is at ``start`` (the papers an object holds).

    A comma left out between two records, or a record that is not JSON, stops
    ``json`` there, and every record after it was lost (half a list, said in one
    line): the records are read one by one instead. A comma left out inside a record
    is put back as between two (:func:`_element`); a record that cannot be read is
    skipped, and reading goes on at the next record that starts as the array's
    records do (:func:`_resync`), found by its line, not by counting quotes: a quote
    left open makes every quote after it look like the other side of a string. A text
    that breaks off, or is damaged so that no next record can be told, keeps the
    records read before the break. ``line`` gives a place's line (counted on from the
    last asked, when several arrays of one text are read in turn); ``crawl`` says the
    array is a venue's submissions in a crawl, which the next venue may follow.
    """
    decoder = json.JSONDecoder(strict=False)
    pos = len(text) - len(text.lstrip("\ufeff \t\r\n")) if start is None else start
    if not text.startswith("[", pos):
        return None
    pos += 1
    items: list[Any] = []
    skipped: list[int] = []
    commas: list[int] = []
    lost = 0  # records that are not JSON, skipped
    keys: set[str] = set()  # the fields of the records read, which a next one shares
    indent: str | None = None  # what stands before each record's "{" on its line
    broken: int | None = None  # where reading stopped for good
    ends = _ArrayEnds(decoder, text, start is not None, crawl)
    line = line or _Lines(text).of
    stretch = 0  # the stretch of text the next element is read in (0: the whole text)
    end: int | None = None  # where the array's "]" ends
    unread: list[tuple[int, int, str | None]] = []
    quotes: list[int] = []  # the lines of the quotes left out, put back
    fields = _Fields()  # the fields of the records read, as far as ``counted``
    counted = 0
    while True:
        pos = _past_blanks(text, pos)
        if text.startswith("]", pos) and (items or skipped):
            end = pos + 1
            break  # a comma after the last element, or none after a skipped one
        if indent is None:
            indent = _indent(text, pos)
        read = _element(decoder, text, pos, line, stretch)
        if items and _RECORD_KEY_RE.match(text, pos):
            # a key where a record starts: its "{" left out, read with it put back
            opened = _element(decoder, "{" + text[pos:], 0, _shifted(line, pos - 1), stretch)
            if isinstance(opened, tuple) and isinstance(opened[0], dict):
                skipped.append(line(pos))
                read = (opened[0], pos + opened[1] - 1, opened[2])
        at: int | None = None  # the line of the damage
        if isinstance(read, int):
            at = line(read)
        elif read is not None and _closed_early(read[0], text, read[1]):
            at = line(read[1])  # the stray "}"
        if not isinstance(read, tuple) or at is not None:
            damage = read if isinstance(read, int) else None
            following, passed, close = _resync(decoder, text, pos, indent, keys, ends, damage)
            after = following if following is not None else close
            if after is None and (last := _ARRAY_END_RE.search(text, pos)) is not None:
                after = last.start()  # the last record, before the list's own end
            for item in items[counted:]:
                fields.add(item)
            counted = len(items)
            mended = _quote_put_back(decoder, text, pos, after, fields) if after else None
            if mended is not None and not passed:
                # a quote left out: the record read with it put back
                quotes.append(line(mended[1]))
                skipped.append(quotes[-1])
                items.append(_scrub(mended[0]))
                keys.update(mended[0])
                if following is None:
                    end = None if after is None else after + 1
                    break  # the last record: the array ends after it
                pos = following
                stretch = stretch or _RECORD_WINDOW
                continue
            if following is None and close is None and not ends.closed(pos):
                broken = pos
                break
            if at is None or (following is not None and at > line(following) - 1):
                # json stopped past the next record (a quote left open): name the
                # record's own start, not a line of the next
                at = line(pos)
            skipped.append(at)
            title = _title_at(text, pos, following if following is not None else close)
            unread.append((len(items) + lost + 1, at, title))
            lost += 1 + passed
            if following is None:
                end = None if close is None else close + 1
                break  # the last record: the array ends after it
            pos = following
            # the records after it in a stretch of text: where json stops in the whole
            # text, it counts the lines from its start, at every damaged record
            stretch = stretch or _RECORD_WINDOW
            continue
        item, finish, put = read
        if put or stretch:
            # the next one is likely damaged as well: read it in a stretch as long
            # as twice this one
            stretch = max(_RECORD_WINDOW, 2 * (finish - pos))
        commas.extend(put)
        skipped.extend(put)
        items.append(_scrub(item))
        if isinstance(item, dict):
            keys.update(item)
        pos = _past_blanks(text, finish)
        if text.startswith(",", pos):
            pos += 1
        elif text.startswith("]", pos) and not _STRAY_BRACKET_RE.match(text, pos):
            end = pos + 1
            break
        elif text.startswith("]", pos):  # a stray "]" between two records
            skipped.append(line(pos))
            pos = text.index("{", pos)
        elif text.startswith("{", pos):  # the comma between two records left out
            commas.append(line(pos))
            skipped.append(commas[-1])
        else:
            following, passed, _ = _resync(decoder, text, pos, indent, keys, ends)
            if following is None:
                broken = pos
                break
            skipped.append(line(pos))
            lost += passed
            pos = following
    if not items:
        return None
    stopped = None if broken is None else line(broken)
    places = [*skipped, *([] if stopped is None else [stopped])]
    first = places[0] if places else line(pos)  # a comma before "]"
    return _ArrayRead(
        items, first, skipped, stopped, lost, commas, end, tuple(unread), quotes=tuple(quotes)
    )


#: a record's title where its text gives it on one line, whole, and its field ends
#: there (its comma, else the next key): a paper list's ``"title": "…"``, an OpenReview
#: note's ``"title": {"value": "…"}``; its colon may be the damage (``"title" "…"``)
_TITLE_RE = re.compile(
    r'"title"[ \t]*(?::[ \t]*(?:\{[ \t\r\n]*"value"[ \t]*:[ \t]*)?)?'
    r'("[^"\\\n]*(?:\\.[^"\\\n]*)*")(?=[ \t\r\n]*[,}"])'
)
_TITLE_KEY_RE = re.compile(r'"title"[ \t]*(?::|(?="))')


def _title_at(text: str, start: int, end: int | None) -> str | None:
    """The title of the record that could not be read at ``start`` (up to ``end``, the
    next record's start), where its first ``"title"`` is whole: a title further on in
    it is a reply's or a cited work's, and a damaged one is not guessed at."""
    found = _TITLE_KEY_RE.search(text, start, len(text) if end is None else end)
    if found is None:
        return None
    whole = _TITLE_RE.match(text, found.start())
    if whole is None:
        return None
    try:
        return one_line(json.loads(whole.group(1), strict=False))
    except ValueError:
        return None


def _indent(text: str, pos: int) -> str | None:
    """What stands before ``pos`` on its line when that is blanks only (the
    indentation of a record that starts a line), else None. Only the blanks just
    before ``pos`` are looked at: on a list written on one line, a look back to the
    start of the line at every record took time in the square of the list's size."""
    start = pos
    while start > 0 and text[start - 1] in " \t\r":
        start -= 1
    return text[start:pos] if start == 0 or text[start - 1] == "\n" else None


#: the least stretch of text an element of a damaged array is read in, doubled while
#: the element runs past it
_RECORD_WINDOW = 256


def _element(
    decoder: json.JSONDecoder, text: str, pos: int, line: Callable[[int], int], size: int
) -> tuple[Any, int, list[int]] | int | None:
    """The element of an array at ``pos``, where it ends and the lines (``line`` gives
    a place's) of the commas it left out, read as if they were there (as
    :func:`_commas_put_back` puts them back in a whole text, as many as it leaves
    out); else where ``json`` stopped (None: nested too deeply).

    The element is read from a copy of its stretch of text, twice as long while it
    runs past it, and the commas are put back in that copy, all found in one pass
    (:func:`_commas_left_out`): put back in the whole text, each comma left out cost a
    copy of it (an export that writes none after a title, in every record, took a
    bound on the commas put back in a whole list, and its records past the bound were
    lost), and so did each place ``json`` stopped at, which it says by its line,
    counted from the start of the text; put back one by one, each cost a parse of the
    record, and a bound on them lost a record that leaves out more. A ``size`` of 0
    reads the element in the whole text first, which copies nothing while the
    elements are whole; the stretch is for a list whose elements are damaged one
    after another."""
    if not size:
        try:
            item, end = decoder.raw_decode(text, pos)
        except json.JSONDecodeError as error:
            if not _comma_left_out(error):
                return error.pos
            size = max(_RECORD_WINDOW, 2 * (error.pos - pos))
        except (ValueError, RecursionError):
            return None
        else:
            return item, end, []
    while True:
        stretch = text[pos : pos + size]
        whole = pos + size >= len(text)
        try:  # whole, the element is read at the speed of json
            item, end = decoder.raw_decode(stretch)
        except json.JSONDecodeError as error:
            if not whole and (
                error.msg.startswith("Unterminated") or error.pos >= len(stretch) - 8
            ):
                size *= 2
                continue
            if not _comma_left_out(error):
                return pos + error.pos
        except (ValueError, RecursionError):
            return None
        else:
            if not whole and end >= len(stretch):
                size *= 2  # a number may run on past the stretch
                continue
            return item, pos + end, []
        found = _commas_left_out(stretch, 0)
        if found.end is None and found.broken is None and not whole:
            size *= 2  # the element runs on past the stretch: take a longer one
            continue
        places = found.places
        mended = _with_commas(stretch, places)
        try:
            item, end = decoder.raw_decode(mended)
        except json.JSONDecodeError as error:
            if not whole and (error.msg.startswith("Unterminated") or error.pos >= len(mended) - 8):
                size *= 2
                continue
            # where json stopped, in the text: less the commas put back before it
            before = sum(1 for n, (at, _) in enumerate(places) if at + n < error.pos)
            return pos + error.pos - before
        except (ValueError, RecursionError):
            return None
        if not whole and end >= len(mended):
            size *= 2  # a number may run on past the stretch
            continue
        return item, pos + end - len(places), [line(pos + after) for _, after in places]


def _comma_left_out(error: json.JSONDecodeError) -> bool:
    """True when ``json`` stopped where a comma was left out: a value's end, then
    blanks, then the start of an object, a list or a key."""
    text = error.doc
    return (
        error.msg == "Expecting ',' delimiter"
        and text.startswith(("{", "[", '"'), error.pos)
        and _VALUE_END_RE.search(text, max(0, error.pos - 200), error.pos) is not None
    )


class _Lines:
    """The line of each place of a text, counted on from the place asked before:
    counted from the start of the text each time, a list damaged in each of its
    records took time in the square of its size."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.line = 1

    def of(self, pos: int) -> int:
        if pos >= self.pos:
            self.line += self.text.count("\n", self.pos, pos)
        else:
            self.line -= self.text.count("\n", pos, self.pos)
        self.pos = pos
        return self.line


def _closed_early(item: Any, text: str, end: int) -> bool:
    """True when the record ending at ``end`` is followed by a key and its colon: a
    stray ``}`` closed it before its last fields, which would be lost unsaid. Not when
    the record has that key already: the fields are the next record's, whose ``{`` was
    left out, and the record is whole."""
    if not isinstance(item, dict):
        return False
    after = _KEY_AFTER_RE.match(text, _past_blanks(text, end))
    if after is None:
        return False
    key = after.group().lstrip(", \t\r\n").rstrip(" \t\r\n:")
    try:
        name = json.loads(key, strict=False)
    except ValueError:
        return True
    return name not in item


def _resync(
    decoder: json.JSONDecoder,
    text: str,
    pos: int,
    indent: str | None,
    keys: set[str],
    ends: _ArrayEnds,
    damage: int | None = None,
) -> tuple[int | None, int, int | None]:
    """Where the next whole record of an array starts after a damaged place at ``pos``,
    how many records that could not be read were passed on the way, and where the
    array's ``]`` is when it closes first.

    A record starts where the array's records do: a ``{`` after the indentation they
    have (``indent``; else first on a line, or after a ``},``). Such a place counts
    as the next record when it reads whole as an object that shares a field with the
    records before it and is followed by what may follow a record; a line never starts
    inside a JSON string, so a quote left open before it cannot hide it. Without an
    indentation (a list written on one line) a ``},{`` as often starts an object
    nested in a record (an author, a cited paper), which would be read as a paper:
    such a place counts only when the records read on from it run to the array's own
    end, not to the ``]`` of a list inside a record nor to ``damage``, where json
    stopped in the damaged record (:meth:`_ArrayEnds.of_array`).
    None when no record follows.

    With an indentation, the array closes at a ``]`` that starts a line indented less
    than its records: no record is looked for past it, where the records are another
    array's (the next venue's submissions in a crawl), not this one's."""
    closer: re.Pattern[str] | None = None
    if indent is not None:
        starts = re.compile(rf"^{re.escape(indent)}\{{", re.MULTILINE)
        if indent:
            closer = re.compile(rf"^(?!{re.escape(indent)})[ \t]*\]", re.MULTILINE)
    else:
        starts = _ANY_START_RE
    passed = 0
    checked = pos + 1  # how far the text is known to hold no closing "]"
    for found in starts.finditer(text, pos + 1):
        start = found.end() - 1
        if closer is not None:
            close = _closing(closer, ends, checked, start)
            if close is not None:
                return None, passed, close
            checked = start
        elif ends.crawl and indent is None:
            # a crawl on one line: no record is looked for in the next venue
            venue = _SUBMISSIONS_KEY_RE.search(text, checked, start)
            if venue is not None:
                return None, passed, _venue_closed(text, text.rfind("{", checked, venue.start()))
            checked = start
        # read as the records are, a comma left out put back (in a list that leaves
        # one out of each record, no record after a damaged one was found), and in a
        # stretch of text: where json stops in the whole text, it counts the lines
        # from its start, at every record passed
        read = _element(decoder, text, start, _no_line, _RECORD_WINDOW)
        if not isinstance(read, tuple):
            if indent is None and read == damage:
                continue  # an object nested in the damaged record, damaged with it
            passed += 1
            continue
        item, end, _ = read
        if indent is None and not ends.of_array(start, damage):
            continue  # an object nested in a record, not a record of its own
        after = _past_blanks(text, end)
        if (
            isinstance(item, dict)
            and (not keys or not keys.isdisjoint(item))
            and text.startswith((",", "]", "{"), after)
            and not _closed_early(item, text, end)
        ):
            return start, passed, None
        passed += 1
    return None, passed, _closing(closer, ends, checked, len(text)) if closer else None


def _closing(closer: re.Pattern[str], ends: _ArrayEnds, start: int, end: int) -> int | None:
    """Where the first ``]`` that ``closer`` finds between ``start`` and ``end`` is,
    that ends the array (:meth:`_ArrayEnds.ends_at`): a stray ``]`` first on a line
    inside a record ends nothing."""
    for found in closer.finditer(ends.text, start, end):
        if ends.ends_at(found.end() - 1):
            return found.end() - 1
    return None


def _no_line(pos: int) -> int:
    """No line: a record read only to know that it reads."""
    return 0


class _ArrayEnds:
    """Which ``{`` of a damaged array written on one line start records of its own,
    told by where the records read on from there end.

    The records of an array follow one another to its ``]``, which ends the text (or
    the object that holds the array); the objects of a list nested in a record
    (``"references": [{…}, {…}]``) end at a ``]`` that a record's next field or
    ``}`` follows, or at the damaged place itself, which a list nested in the
    damaged record runs into. Every place passed on the way shares where its objects
    end, which is kept: each object is read at most once however many places are
    asked about."""

    def __init__(
        self, decoder: json.JSONDecoder, text: str, wrapped: bool, crawl: bool = False
    ) -> None:
        self.decoder = decoder
        self.text = text
        self.wrapped = wrapped  # the array is the value of a field of an object
        #: the array is a venue's submissions in a crawl: its venue ends after it, and
        #: the crawl, or the next venue starts
        self.crawl = crawl
        #: where the objects read on from a place end: True or False for a ``]`` that
        #: ends the array or not, else the place json stopped at (-1: nested too deeply)
        self.known: dict[int, bool | int] = {}

    def of_array(self, start: int, damage: int | None) -> bool:
        """True unless the objects read on from ``start`` end at the ``]`` of a list
        nested in a record, or at ``damage``, the place json stopped at in the record
        being passed (another damaged place says nothing: True)."""
        text = self.text
        passed: list[int] = []
        pos = start
        answer: bool | int = True
        while True:
            if pos in self.known:
                answer = self.known[pos]
                break
            passed.append(pos)
            # read as :func:`_resync` reads a record, in a stretch of text
            read = _element(self.decoder, text, pos, _no_line, _RECORD_WINDOW)
            if not isinstance(read, tuple):
                answer = -1 if read is None else read
                break
            after = _past_blanks(text, read[1])
            if text.startswith(",", after):
                after = _past_blanks(text, after + 1)
            if text.startswith("{", after):
                pos = after
                continue
            if text.startswith("]", after):
                answer = self.ends_at(after)
            break
        for place in passed:
            self.known[place] = answer
        return answer is True or (answer is not False and answer != damage)

    #: the most of the text after a ``],`` read to tell the fields that end an object
    #: holding the array (``], "total": 6}``) from a record's next fields
    _TAIL = 65536

    def closed(self, since: int) -> bool:
        """True when the text holds the array's end after ``since`` (its last record
        is the one damaged there, not the text cut short): a ``]`` before it ends
        another array (a crawl's venue before)."""
        if _ARRAY_END_RE.search(self.text, since):
            return True
        if not self.wrapped:
            return False
        least = max(since, len(self.text) - self._TAIL)
        at = self.text.rfind("]", least)
        while at >= least:
            if self.ends_at(at):
                return True
            at = self.text.rfind("]", least, at)
        return False

    def ends_at(self, at: int) -> bool:
        """True when the ``]`` at ``at`` ends the array: the text ends after it, but
        for the ``}`` that close objects around it and, when the array is a field's
        value, the fields after it in its object."""
        if self.crawl:
            return self._ends_venue(at)
        if _ARRAY_END_RE.match(self.text, at):
            return True
        after = _past_blanks(self.text, at + 1)
        if not self.wrapped or not self.text.startswith(",", after):
            return False
        tail = "{" + self.text[after + 1 : after + 1 + self._TAIL]
        try:
            _, end = self.decoder.raw_decode(tail)
        except (ValueError, RecursionError):
            return False
        return re.fullmatch(r"[ \t\r\n}]*", tail[end:]) is not None

    def _ends_venue(self, at: int) -> bool:
        """True when the ``]`` at ``at`` ends a crawl's venue's submissions: the venue's
        other fields follow, its ``}``, and then the crawl's ``]`` or the next venue."""
        text = self.text
        rest = _fields_after(self.decoder, text, _past_blanks(text, at + 1))
        if rest is None:
            return False
        after = _past_blanks(text, rest[1])
        if text.startswith("]", after):
            return _past_blanks(text, after + 1) >= len(text)
        if not text.startswith(",", after):
            return False
        return _venue_at(text, _past_blanks(text, after + 1)) is not None


#: the key of a crawl's venue's submissions, and the start of their list
_SUBMISSIONS_KEY_RE = re.compile(r'"submissions"[ \t\r\n]*:[ \t\r\n]*\[')


def _venue_closed(text: str, venue: int) -> int | None:
    """Where the ``]`` of the submissions of the venue before the one whose ``{`` is
    at ``venue`` is, when they are its last field (``…]}, {``); else None."""
    pos = venue - 1
    for expected in ",}]":
        while pos >= 0 and text[pos] in " \t\r\n":
            pos -= 1
        if pos < 0 or text[pos] != expected:
            return None
        if expected != "]":
            pos -= 1
    return pos if venue > 0 else None


def _next_venue(text: str, pos: int) -> int | None:
    """Where the venue after the damaged one at ``pos`` starts, in a crawl written on
    one line: the object around the next venue's submissions, after the ``]}`` that
    ends the venue before; None when there is none."""
    own = _SUBMISSIONS_KEY_RE.search(text, pos)
    found = _SUBMISSIONS_KEY_RE.search(text, own.end()) if own else None
    if own is None or found is None:
        return None
    start = text.rfind("{", own.end(), found.start())
    if start < 0 or _venue_closed(text, start) is None or _venue_at(text, start) is None:
        return None
    return start


def _damaged_venue(text: str, pos: int) -> bool:
    """True when the object at ``pos``, damaged, looks like a crawl's venue: its
    submissions start within its first few lines, with no paper's field before them."""
    found = _SUBMISSIONS_KEY_RE.search(text, pos, pos + 4096)
    return found is not None and _PAPER_KEY_RE.search(text, pos, found.start()) is None


#: a field that makes an object a paper, not a venue of a crawl
_PAPER_KEY_RE = re.compile(r'"(?:title|abstract|summary|content)"[ \t\r\n]*:')


def _venue_at(text: str, pos: int) -> tuple[int, dict[str, Any], str] | None:
    """Where the submissions of a crawl's venue starting at ``pos`` open, its fields
    before them and their key (:func:`_papers_array`); None when no venue starts there
    (a paper with a list of submissions is none)."""
    held = _papers_array(text, pos, _SUBMISSIONS)
    if held is None or any(name in held[1] for name in _PAPER_FIELDS):
        return None
    return held


def _papers_array(
    text: str, start: int | None = None, keys: frozenset[str] | None = None
) -> tuple[int, dict[str, Any], str] | None:
    """Where the list of papers an object holds (under one of ``keys``, quoted: by
    default :data:`_RECORD_KEYS` and :data:`_WRAPPER_KEYS`, else the first list of
    objects in an object that is no paper, as :func:`_wrapped` finds it in a whole
    text: an API's ``{"total": 3, "result": [...]}``) opens, the object's fields before
    it and the list's key; None when the text is no such object, or is damaged before
    the list. The object is the text, or the one whose ``{`` is at ``start`` (a venue
    of a crawl)."""
    if start is None:
        start = len(text) - len(text.lstrip("\ufeff \t\r\n"))
    any_key = keys is None
    if keys is None:
        keys = _QUOTED_RECORD_KEYS
    if not text.startswith("{", start):
        return None
    depth = 0
    string: str | None = None
    key: str | None = None
    for found in _JSON_TOKEN.finditer(text, start):
        token = found.group()
        if token == '"':
            return None  # a string left open before the list
        if token[0] == '"':
            string = token
            continue
        if token == ":":
            key = string if depth == 1 else None
        elif token in "[{":
            if (
                token == "["
                and depth == 1
                and key is not None
                and (
                    key in keys
                    or (any_key and text.startswith("{", _past_blanks(text, found.end())))
                )
            ):
                try:
                    around = loads(text[start : found.start()] + "[]}")
                except (ValueError, RecursionError):
                    return None
                if not isinstance(around, dict):
                    return None
                if key in keys or not any(name in around for name in _PAPER_FIELDS):
                    name = json.loads(key)
                    return found.start(), {k: v for k, v in around.items() if k != name}, name
            depth += 1
        elif token in "]}":
            depth -= 1
            if depth <= 0:
                return None
        string = None
    return None


_SUBMISSIONS = frozenset({'"submissions"'})


def _crawl_prefix(text: str) -> _ArrayRead | None:
    """The venues of an OpenReview crawl (``[{venue, year, submissions: [...]}, …]``)
    damaged in its submissions, or cut short, each with those that can be read; None
    when the text is no such crawl or its submissions are not where it is damaged.

    Read as one array, a crawl is one element a venue, and a damaged submission cost
    its whole venue: every paper of a crawl of one. Each venue's submissions are read
    instead as the papers of a list are (:func:`_array_prefix`: a comma left out put
    back, a submission that cannot be read skipped), their places counted on from the
    venue before, and the venue's own fields read around them.
    """
    decoder = json.JSONDecoder(strict=False)
    pos = len(text) - len(text.lstrip("\ufeff \t\r\n"))
    if not text.startswith("[", pos):
        return None
    line = _Lines(text).of
    venues: list[Any] = []
    skipped: list[int] = []
    commas: list[int] = []
    unread: list[tuple[int, int, str | None]] = []
    lost = 0
    before = 0  # the submissions of the venues before
    stopped: int | None = None  # the line where reading stopped for good
    end: int | None = None
    venues_lost: list[int] = []
    quotes: list[int] = []
    pos = _past_blanks(text, pos + 1)
    indent = _indent(text, pos)  # the venues'
    ends = _ArrayEnds(decoder, text, False)
    while True:
        held = _venue_at(text, pos)
        if held is None:
            if not venues and not venues_lost and not _damaged_venue(text, pos):
                return None  # no crawl (a paper with a list of submissions is no venue)
            read = None
        else:
            at, around, key = held
            read = _array_prefix(text, at, line, crawl=True)
        if read is None:
            # the venue damaged before its submissions, or none of them read: the
            # next venue is looked for as a damaged array's next record is
            following = None
            if indent is not None:
                following = _resync(decoder, text, pos, indent, set(), ends)[0]
            else:
                following = _next_venue(text, pos)
            venues_lost.append(line(pos))
            skipped.append(venues_lost[-1])
            if following is None:
                own = _SUBMISSIONS_KEY_RE.search(text, pos)
                more = own is not None and _SUBMISSIONS_KEY_RE.search(text, own.end())
                if (indent is None and more) or not _ARRAY_END_RE.search(text):
                    stopped = venues_lost[-1]  # the venues after it not read
                break
            pos = following
            continue
        venues.append({**around, key: read.items})
        skipped.extend(read.skipped)
        commas.extend(read.commas)
        quotes.extend(read.quotes)
        unread.extend((before + place, at_line, title) for place, at_line, title in read.unread)
        lost += read.lost
        before += len(read.items) + read.lost
        if read.end is None:
            stopped = read.stopped
            later = text.find('"submissions"', at + 1)
            if stopped is None and later >= 0:
                # the last submission damaged, and where the venue ends is unknown:
                # the venues after it are not read
                stopped = line(later)
            break
        rest = _fields_after(decoder, text, _past_blanks(text, read.end))
        if rest is None:
            stopped = line(read.end)
            break
        fields, pos = rest
        venues[-1].update(fields)
        pos = _past_blanks(text, pos)
        if text.startswith(",", pos):
            pos = _past_blanks(text, pos + 1)
        elif text.startswith("{", pos):  # the comma between two venues left out
            commas.append(line(pos))
            skipped.append(commas[-1])
        elif text.startswith("]", pos):
            end = pos + 1
            break
        else:
            stopped = line(pos)
            break
    if not venues or (not skipped and stopped is None):
        return None
    first = (skipped if stopped is None else [*skipped, stopped])[0]
    return _ArrayRead(
        venues,
        first,
        skipped,
        stopped,
        lost,
        commas,
        end,
        tuple(unread),
        tuple(venues_lost),
        tuple(quotes),
    )


def _fields_after(
    decoder: json.JSONDecoder, text: str, pos: int
) -> tuple[dict[str, Any], int] | None:
    """The fields of an object after the value at its end (``, "key": value… }``, at
    ``pos``) and where the object ends; None when they are no such fields."""
    fields: dict[str, Any] = {}
    while not text.startswith("}", pos):
        if not text.startswith(",", pos):
            return None
        try:
            key, pos = decoder.raw_decode(text, _past_blanks(text, pos + 1))
            pos = _past_blanks(text, pos)
            if not isinstance(key, str) or not text.startswith(":", pos):
                return None
            fields[key], pos = decoder.raw_decode(text, _past_blanks(text, pos + 1))
        except (ValueError, RecursionError):
            return None
        pos = _past_blanks(text, pos)
    return fields, pos + 1


#: the keys whose list :func:`_from_data` takes for the papers of an object, the first found
_RECORD_KEYS = ("papers", "records", "items", "notes", "submissions")
#: the keys an API's answer commonly holds its papers under (Semantic Scholar's ``data``,
#: Papers with Code's ``results``): any other name is found too in a whole file
#: (:func:`_wrapped`), these also in one cut short
_WRAPPER_KEYS = ("data", "results", "hits")
_QUOTED_RECORD_KEYS = frozenset(f'"{key}"' for key in (*_RECORD_KEYS, *_WRAPPER_KEYS))
#: the fields that make an object a paper of its own rather than a wrapper of papers
_PAPER_FIELDS = ("title", "abstract", "summary", "content")
#: what shapes a JSON text: a whole string, a quote left open, a bracket, a brace, a
#: comma or a colon (numbers and words need no more than what ends them)
_JSON_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|"|[\[\]{},:]')


def _records_prefix(text: str) -> tuple[Any, int] | None:
    """A JSON text cut short inside a list of papers that an object holds (``{"papers":
    [...`` , or a crawl's ``[{"venue": …, "submissions": [...``), made whole: cut after
    the last paper that list holds whole, and everything still open closed. Returns
    the data and the line where the first paper that cannot be read starts; None when
    the text breaks off anywhere else (or is whole)."""
    # (bracket, the key whose value it is) of every list and object open at this point
    open_now: list[tuple[str, str | None]] = []
    key: str | None = None
    string: str | None = None
    cut: tuple[int, list[str]] | None = None
    for found in _JSON_TOKEN.finditer(text):
        token = found.group()
        if token == '"':
            break  # a string left open: where the text breaks off
        if token[0] == '"':
            string = token
            continue
        if token == ":":
            key = string
        elif token in "[{":
            owner = key if open_now and open_now[-1][0] == "{" else None
            open_now.append((token, owner))
            key = None
        elif token in "]}":
            if not open_now:
                return None
            open_now.pop()
            if not open_now:
                return None  # the text is whole here: not cut short
        else:  # a comma: in a list of papers, the one before it is whole
            if (
                open_now
                and open_now[-1][0] == "["
                and open_now[-1][1] in _QUOTED_RECORD_KEYS
                # the papers, not a list of the same name inside one (a submission's notes)
                and not any(owner in _QUOTED_RECORD_KEYS for _, owner in open_now[:-1])
            ):
                cut = (found.start(), [bracket for bracket, _ in open_now])
            key = None
        string = None
    if not open_now or cut is None:
        return None
    at, brackets = cut
    closing = "".join("]" if bracket == "[" else "}" for bracket in reversed(brackets))
    try:
        data = loads(text[:at] + closing)
    except (ValueError, RecursionError):
        return None
    return data, text.count("\n", 0, at) + 1


def _keyed_read(text: str) -> _ArrayRead | None:
    """The papers of an object that holds each under its id (:func:`_keyed_papers`),
    damaged in some: read one by one, as a damaged list's are (a comma left out put
    back, a paper that cannot be read skipped), and reading gone on at the next key
    that starts a line as the keys before it do, with a paper after it. The items read
    are the object's, by their keys. None when the text is no such object (or one
    written on one line, whose keys cannot be told from a paper's fields, or one cut
    short), or nothing in it is skipped."""
    decoder = json.JSONDecoder(strict=False)
    pos = _past_blanks(text, len(text) - len(text.lstrip("\ufeff")))
    if not text.startswith("{", pos):
        return None
    pos = _past_blanks(text, pos + 1)
    indent = _indent(text, pos)
    # the next paper's key starts a line as the keys before it do; on one line, it
    # follows a paper's "}" and its comma, and is written as the keys read before it
    starts: re.Pattern[str] | None = (
        re.compile(rf"^{re.escape(indent)}(\")", re.MULTILINE) if indent else None
    )
    one_line = "\n" not in text.strip()
    if starts is None and not one_line:
        return None
    # the object's end, which ends the text (a text cut short is read up to the break
    # by :func:`_keyed_prefix`, unless on one line: its papers after a damaged one
    # are read on to the break)
    close = len(text.rstrip(" \t\r\n")) - 1
    if not text.startswith("}", close):
        if not one_line:
            return None
        close = len(text)
    line = _Lines(text).of
    papers: dict[str, Any] = {}
    skipped: list[int] = []
    commas: list[int] = []
    unread: list[tuple[int, int, str | None]] = []
    ids: list[tuple[int, str]] = []  # the ids of the papers that could not be read
    quotes: list[int] = []  # the lines of the quotes left out, put back
    fields = _Fields()  # the fields of the papers read
    end: int | None = None
    stretch = 0  # as in :func:`_array_prefix`
    while True:
        read = _keyed_paper(decoder, text, pos, line, stretch)
        if isinstance(read, tuple):
            key, paper, after, put = read
            if put or stretch:
                stretch = max(_RECORD_WINDOW, 2 * (after - pos))
            papers[key] = paper
            fields.add(paper)
            commas.extend(put)
            skipped.extend(put)
            pos = _past_blanks(text, after)
            if text.startswith(",", pos):
                pos = _past_blanks(text, pos + 1)
                continue
            if text.startswith("}", pos):
                end = pos + 1
                break
        elif read is None and not papers and not skipped and not _brace_lost(text, pos):
            return None  # its first value is no paper: no such object
        # damaged (or a paper read, and something else than a comma after it): on at
        # the next key that starts a line, up to the object's end
        at = line(read if isinstance(read, int) else pos)
        following: int | None = None
        pattern = starts or _keys_like(papers)
        named = _KEY_RE.match(text, pos)
        if pattern is None and not papers and one_line and not _paper_field(named):
            pattern = _ANY_KEY_AFTER_RE  # the first paper damaged, on one line
        for found in pattern.finditer(text, pos + 1, close) if pattern else ():
            paper = _keyed_paper(decoder, text, found.start(1), _no_line, _RECORD_WINDOW)
            if isinstance(paper, tuple) and (
                starts
                or papers
                or (not _paper_field(found) and _keyed_after(decoder, text, paper[2], close))
            ):
                following = found.start(1)
                break
        value = _past_blanks(text, named.end()) if named is not None else None
        upto = following if following is not None else close if close < len(text) else None
        mended = None
        if not isinstance(read, tuple) and value is not None and upto is not None:
            mended = _quote_put_back(decoder, text, value, upto, fields)
        if named is not None and mended is not None and _is_paper(mended[0]):
            # a quote left out: the paper read with it put back
            papers[json.loads(named.group(1), strict=False)] = _scrub(mended[0])
            fields.add(mended[0])
            quotes.append(line(mended[1]))
            skipped.append(quotes[-1])
        elif not isinstance(read, tuple):
            skipped.append(at)
            place = len(papers) + len(unread) + 1
            unread.append((place, at, _title_at(text, pos, following)))
            if named is not None:
                ids.append((place, json.loads(named.group(1), strict=False)))
        else:
            skipped.append(at)
        if following is None:
            end = upto + 1 if mended is not None and upto is not None else end
            break  # the last paper
        pos = following
        stretch = stretch or _RECORD_WINDOW  # as in :func:`_array_prefix`
    lost = len(unread)
    if not skipped or len(papers) + lost < 2 or (close == len(text) and len(skipped) < 2):
        return None  # whole, or only cut short (:func:`_keyed_prefix`)
    first = skipped[0]
    return _ArrayRead(
        [papers],
        first,
        skipped,
        None,
        lost,
        commas,
        end,
        tuple(unread),
        quotes=tuple(quotes),
        ids=tuple(ids),
    )


#: where a paper's key may start in an object of papers by their ids written on one
#: line, before any is read (:func:`_keys_like`): after a "}" and a comma, a key of the
#: characters of an id, before a "{"
_ANY_KEY_AFTER_RE = re.compile(r'\}[ \t\r\n]*,[ \t\r\n]*("[\w.:/-]{1,200}")[ \t\r\n]*:[ \t\r\n]*\{')


def _brace_lost(text: str, pos: int) -> bool:
    """Whether the key at ``pos`` is an id (no field a paper is read from) whose value is
    a key and its colon (``"H1xH1hQtjQ": "title": …``): a paper whose ``{`` was lost, no
    value of an object that is no object of papers by their ids."""
    named = _KEY_RE.match(text, pos)
    if named is None or _paper_field(named):
        return False
    return _KEY_RE.match(text, _past_blanks(text, named.end())) is not None


def _paper_field(key: re.Match[str] | None) -> bool:
    """Whether the key ``key`` found (its quoted name its first group) is the name of a
    field a paper is read from ("title", "content"): a paper's own, no paper's id."""
    return key is not None and json.loads(key.group(1), strict=False) in LOOKED_FOR


def _keyed_after(decoder: json.JSONDecoder, text: str, end: int, close: int) -> bool:
    """Whether the paper that ends at ``end`` is followed as one of an object's papers
    by their ids is: by the object's end (``close``), or by a comma and a key with a
    paper, not by a field of a paper it would be an object nested in (``"content":
    {…}``, whose title made it look like a paper)."""
    after = _past_blanks(text, end)
    if after == close:
        return True
    if not text.startswith(",", after):
        return False
    following = _keyed_paper(decoder, text, _past_blanks(text, after + 1), _no_line, _RECORD_WINDOW)
    return isinstance(following, tuple)


def _keys_like(papers: dict[str, Any]) -> re.Pattern[str] | None:
    """Where a paper's key may start in an object of papers by their ids written on one
    line: after a "}" and a comma, a key as long as those read and of their characters
    (OpenReview's forum ids, arXiv ids), so that a paper's own field that holds an
    object (``"content": {…}``) is not taken for one; None when a key read holds other
    characters, or none was read."""
    if not papers or not all(_ID_CHARS_RE.fullmatch(key) for key in papers):
        return None
    shortest, longest = min(map(len, papers)), max(map(len, papers))
    return re.compile(
        rf'\}}[ \t\r\n]*,[ \t\r\n]*("[\w.:/-]{{{shortest},{longest}}}")[ \t\r\n]*:[ \t\r\n]*\{{'
    )


#: the characters of a paper's id used as a key
_ID_CHARS_RE = re.compile(r"[\w.:/-]+")
#: a key, whole on its line, and its colon
_KEY_RE = re.compile(r'("[^"\\\n]*(?:\\.[^"\\\n]*)*")[ \t\r\n]*:')


def _keyed_paper(
    decoder: json.JSONDecoder, text: str, pos: int, line: Callable[[int], int], size: int
) -> tuple[str, Any, int, list[int]] | int | None:
    """The key at ``pos`` and the paper after it (:func:`_element`, a comma left out
    put back), where the paper ends and the lines of the commas put back; else where
    it is damaged (None: its value is no paper, or nested too deeply). ``size`` is the
    stretch of text the paper is read in first, as :func:`_element` reads it."""
    found = _KEY_RE.match(text, pos)
    if found is None:
        return pos
    key = json.loads(found.group(1), strict=False)
    value = _past_blanks(text, found.end())
    read = _element(decoder, text, value, line, size)
    if not isinstance(read, tuple):
        return read
    paper, end, put = read
    return (key, _scrub(paper), end, put) if _is_paper(paper) else None


def _keyed_prefix(text: str) -> tuple[Any, int] | None:
    """A JSON object of papers by their ids (:func:`_keyed_papers`) cut short, made whole:
    cut after the last paper it holds whole, and closed. Returns the data and the line
    where the paper that cannot be read starts; None when the text is no such object."""
    depth = 0
    cut: int | None = None
    for found in _JSON_TOKEN.finditer(text):
        token = found.group()
        if token == '"':
            break  # a string left open: where the text breaks off
        if token in "[{":
            depth += 1
        elif token in "]}":
            depth -= 1
            if depth <= 0:
                return None  # whole here, or no object: not cut short
        elif token == "," and depth == 1:
            cut = found.start()
    if cut is None or not text.lstrip("\ufeff \t\r\n").startswith("{"):
        return None
    try:
        data = loads(text[:cut] + "}")
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or _keyed_papers(data) is None:
        return None
    return data, text.count("\n", 0, cut) + 1


def _papers_key(data: dict[str, Any]) -> str | None:
    """The key of the list of papers an object holds: one of :data:`_RECORD_KEYS` (the
    first found), else, for an object that is no paper itself, the one list of
    objects it holds (:func:`_wrapped`); None when it holds no such list."""
    found = next((key for key in _RECORD_KEYS if isinstance(data.get(key), list)), None)
    if found is not None or any(key in data for key in _PAPER_FIELDS):
        return found
    return _wrapped(data)


def _wrapped(data: dict[str, Any]) -> str | None:
    """The key of the one list of papers an object wraps, whatever it is named (an API's
    answer: ``{"total": 3, "offset": 0, "data": [...]}``, ``{"count": 2, "next": …,
    "results": [...]}``): its one list of objects with a title or an abstract, else its
    one list of objects, else its one list (an answer with no papers); None when there
    is no such list or more than one."""
    lists = [key for key, value in data.items() if isinstance(value, list)]
    of_objects = [key for key in lists if any(isinstance(item, dict) for item in data[key])]
    papers = [
        key
        for key in of_objects
        if any(
            isinstance(item, dict) and any(name in item for name in _PAPER_FIELDS)
            for item in data[key]
        )
    ]
    for found in (papers, of_objects, lists):
        if found:
            return found[0] if len(found) == 1 else None
    return None


def _is_paper(item: Any) -> bool:
    return isinstance(item, dict) and any(name in item for name in _PAPER_FIELDS)


def _hit_paper(item: Any) -> Any:
    """The paper a search answer's hit wraps (DBLP's ``{"@score": …, "info": {…}}``,
    Elasticsearch's ``_source``, GraphQL's ``node``): the one object in it that is a
    paper, as a flat record; any other item as it is."""
    if not isinstance(item, dict) or _is_paper(item):
        return item
    inner = [value for value in item.values() if _is_paper(value)]
    return _dblp_info(inner[0]) if len(inner) == 1 else item


def _dblp_info(info: dict[str, Any]) -> dict[str, Any]:
    """A paper of DBLP's search API (``info``) as a flat record: ``authors.author``
    (one object, or a list of them, each name its ``text``) → authors, the title without
    the full stop DBLP ends every title with, ``ee`` (the electronic edition: the paper
    at its publisher, a DOI's address) → its page, and DBLP's own ``url`` a further
    link; any other object as it is."""
    authors = info.get("authors")
    if not (isinstance(authors, dict) and "author" in authors):
        return info
    people = authors["author"]
    people = people if isinstance(people, list) else [people]
    names = [
        text_field(person.get("text")) if isinstance(person, dict) else text_field(person)
        for person in people
    ]
    flat = dict(info)
    flat["authors"] = [without_homonym_number(name) for name in names if name]
    title = one_line(info.get("title"))
    if title and title.endswith(".") and not title.endswith(".."):
        flat["title"] = title[:-1]
    pages = _urls(info.get("ee"))
    if pages:
        flat["url"] = pages[0]
        flat["project"] = [*pages[1:], *_urls(info.get("url"))]
    flat["id"] = text_field(info.get("key")) or info.get("id")
    return flat


def _nested_papers(data: dict[str, Any], depth: int = 3) -> list[Any] | None:
    """The papers an API's answer holds deeper than one list in its object (DBLP's
    ``{"result": {"hits": {"hit": [{"info": {…}}, …]}}}``): the one list of papers (or of
    hits around one) in the objects it holds, each hit's paper taken out of it; None
    when there is no such list, or more than one."""
    found: list[list[Any]] = []
    for value in data.values():
        if not isinstance(value, dict):
            continue
        key = _wrapped(value)
        papers = value.get(key) if key is not None else None
        if isinstance(papers, list) and any(_is_paper(_hit_paper(i)) for i in papers):
            found.append([_hit_paper(item) for item in papers])
        elif depth > 1:
            deeper = _nested_papers(value, depth - 1)
            if deeper is not None:
                found.append(deeper)
    return found[0] if len(found) == 1 else None


def _keyed_papers(data: dict[str, Any]) -> list[Any] | None:
    """The papers of an object that holds each under its id (a scraper's ``{"<openreview
    id>": {"title": …}, …}``), each with its key as its ``id`` where it has none, as a
    paper of a list gives its source's id; None unless there are two or more values and
    every one is a paper (an object with a title or an abstract). Read as one paper, such
    a file held none, its ids taken for field names."""
    if len(data) < 2 or _is_paper(data) or not all(map(_is_paper, data.values())):
        return None
    return [{"id": key, **value} if "id" not in value else value for key, value in data.items()]


def _papers_of(data: dict[str, Any]) -> list[Any] | None:
    """The list of papers an object holds (see :func:`_papers_key`), or None."""
    key = _papers_key(data)
    return data[key] if key is not None else None


def _records_in(data: Any) -> int:
    """How many records ``data`` holds, as :func:`_from_data` looks for them: a list's
    elements, or the elements of the list of papers an object (or each of a list's
    objects, a crawl's venues) holds."""
    if isinstance(data, dict):
        papers = _papers_of(data)
        if papers is None and not _is_paper(data):
            papers = _keyed_papers(data)
        return 1 if papers is None else len(papers)
    if isinstance(data, list):
        return sum(_records_in(item) if isinstance(item, dict) else 1 for item in data)
    return 1


#: the fields a web API's error answer is made of: Semantic Scholar's (``{"message":
#: "Too Many Requests…", "code": "429"}``, ``{"error": "Paper with id … not found"}``),
#: OpenAlex's (``{"error": …, "message": …}``), OpenReview's (``{"name": "NotFoundError",
#: "message": …, "status": 404, "details": {…}}``), Crossref's (``{"status": "failed",
#: "message-type": …, "message": [{"message": …}]}``), and the like (``{"detail": …}``)
_API_ERROR_FIELDS = frozenset(
    {
        "message",
        "error",
        "detail",
        "code",
        "status",
        "statusCode",
        "status_code",
        "name",
        "details",
        "errorId",
        "message-type",
        "message-version",
    }
)
#: the longest part of an API's error message said: OpenAlex's lists every field it takes
_API_ERROR_CHARS = 300
#: what names the API an error answer comes from, in its words or its shape
_API_NAMES = (
    (re.compile(r"semantic\s*scholar", re.IGNORECASE), "Semantic Scholar"),
    (re.compile(r"openalex|abstract_inverted_index", re.IGNORECASE), "OpenAlex"),
    (re.compile(r"openreview", re.IGNORECASE), "OpenReview"),
    (re.compile(r"crossref", re.IGNORECASE), "Crossref"),
)


def _error_text(value: Any) -> str | None:
    """An error answer's ``message``, ``error`` or ``detail`` as one line: a string, or
    Crossref's list of ``{"message": …}`` objects, their messages joined."""
    if isinstance(value, list):
        said = [one_line(item.get("message")) for item in value if isinstance(item, dict)]
        return "; ".join(text for text in said if text) or None
    return one_line(value) if isinstance(value, str) else None


def _api_error(data: dict[str, Any]) -> str | None:
    """What a file that holds a web API's error answer instead of its papers is said to
    be (a rate limit's answer saved as the list: ``{"message": "Too Many Requests",
    "code": "429"}``): the API that answered, where its words or its shape tell it, and
    its message with the HTTP status; None for any other object."""
    if not data or not set(data) <= _API_ERROR_FIELDS or data.get("status") == "ok":
        return None
    said = [_error_text(data.get(name)) for name in ("error", "message", "detail")]
    texts = list(dict.fromkeys(text for text in said if text))
    if not texts:
        return None
    message = ": ".join(text.rstrip(".") for text in texts[:-1])
    message = f"{message}: {texts[-1]}" if message else texts[-1]
    message = cut_to(message, _API_ERROR_CHARS)
    codes = (data.get(name) for name in ("code", "status", "statusCode", "status_code"))
    code = next((str(c) for c in codes if re.fullmatch(r"[1-5]\d\d", str(c).strip())), None)
    if code and not re.search(rf"\b{code}\b", message):
        # after its first sentence: "Too Many Requests (429). Please wait …"
        first, stop, rest = message.partition(". ")
        if stop:
            message = f"{first} ({code}). {rest}"
        elif message.endswith("."):
            message = f"{message[:-1]} ({code})."
        else:
            message = f"{message} ({code})"
    words = json.dumps(data, ensure_ascii=False)
    api = next((name for pattern, name in _API_NAMES if pattern.search(words)), None)
    if api is None and "message-type" in data:
        api = "Crossref"
    elif api is None and str(data.get("name", "")).endswith("Error") and "status" in data:
        api = "OpenReview"
    if api is None:
        return f"the file holds an error answer from a web API: {message}"
    return f"{api}'s API answered with an error: {message}"


def _from_data(data: Any, path: Path) -> ReadResult:
    """The records of a JSON file's parsed ``data``."""
    name: str | None = None
    alone = False  # the file is one object, no list
    if isinstance(data, dict):
        # before its list: Crossref's error answer holds its messages in one
        error = _api_error(data)
        if error is not None:
            return failure(path, error, "json")
        key = _papers_key(data)
        nested = _nested_papers(data) if key is None and not _is_paper(data) else None
        keyed = _keyed_papers(data) if key is None and nested is None else None
        if nested is not None:
            papers = nested
        elif keyed is not None:
            papers = keyed
        elif key is None:
            papers = [data]
            alone = True
        elif not data[key]:
            return failure(path, f"holds no paper records: its {key!r} is empty", "json")
        else:
            papers = data[key]
            name = one_line(data.get("name")) or one_line(data.get("title"))
        data = papers
    if not isinstance(data, list):
        return failure(path, "holds no list of paper records", "json")
    crawl = _expand_crawl(data)
    items: list[tuple[int, Any, dict[str, Any]]]
    if crawl is not None:
        items = [(index, note, context) for index, (note, context) in enumerate(crawl, 1)]
    else:
        items = [(index, item, {}) for index, item in enumerate(data, start=1)]
    records, problems, summary = _records_from_items(items, path, "items")
    summary["alone"] = alone
    result = _finish(path, "json", records, problems, bool(data), summary, _emptiness(data))
    if name and result.records:
        return replace(result, name=name)
    return result


def _json_list_name(path: Path, records: Iterable[Record]) -> str:
    records = list(records)
    # a journal an arXiv record's journal reference names is the paper's, not the list's
    venues = {None if record.journal_ref else record.venue for record in records}
    if len(venues) == 1:
        (venue,) = venues
        if venue:
            return page_text(venue)  # "R &amp; A" names the list "R & A", as its venue
    if _KAGGLE_STEM.fullmatch(path.stem) and all(map(_from_arxiv_metadata, records)):
        # Kaggle's name for arXiv's metadata ("arxiv-metadata-oai-snapshot.json"): a
        # stem of no words, which the reader's narrow columns cut in the middle
        # ("arxiv…pshot"), saying less than the name of what it holds
        return "arXiv"
    return path.stem


#: the name Kaggle's arXiv metadata file comes under ("arxiv-metadata-oai-snapshot.json")
_KAGGLE_STEM = re.compile(r"arxiv-metadata-oai(?:-snapshot)?", re.IGNORECASE)


def _from_arxiv_metadata(record: Record) -> bool:
    """True for a record of arXiv's metadata (``_arxiv_record``): known by its arXiv id,
    filed under arXiv's categories, in no venue but the journal its journal reference
    names."""
    return bool(
        record.arxiv_id
        and record.source_id == record.arxiv_id
        and record.categories
        and (not record.venue or record.journal_ref)
    )


def _emptiness(data: Any) -> str:
    """What a JSON file that gives nothing is, said: an empty list (``[]``) is a list of
    no papers, not an empty file."""
    if isinstance(data, list):
        return "it is an empty list ([]): no papers in it"
    if isinstance(data, dict):
        return "it is an empty object ({}): no papers in it"
    return "the file is empty"


def _finish(
    path: Path,
    fmt: str,
    records: list[Record],
    problems: list[Problem],
    had_content: bool,
    summary: dict[str, Any],
    empty: str = "the file is empty",
) -> ReadResult:
    if not records:
        fields: list[str] = summary["fields"]
        if not had_content:
            message = empty
        elif summary.get("files") and not summary["replies"]:
            message = (
                "no paper records could be read: its items are Zotero's attachments and "
                "notes, not papers"
            )
        elif summary["replies"]:
            message = (
                "no paper records could be read: its notes are reviews, comments or "
                "decisions, not submissions"
            )
        elif fields and not {"title", "abstract", "summary"} & {f.lower() for f in fields}:
            held = (
                f"it holds one object, with the fields {listed(fields)}, and no list of papers"
                if summary.get("alone")
                else f"its records have the fields {listed(fields)}"
            )
            message = (
                f"no paper records could be read: {held}; a paper needs a title or an "
                f"abstract (fields read: {', '.join(LOOKED_FOR)})"
            )
        elif summary.get("front") and not summary.get("empty"):
            message = "no paper records could be read: it holds the volume's front matter only"
        elif summary.get("empty"):
            count = summary["empty"]
            message = "no paper records could be read: " + (
                "its one record has neither a title nor an abstract"
                if count == 1
                else f"none of its {count} records has a title or an abstract"
            )
        elif summary.get("not_objects"):
            message = (
                "no paper records could be read: its items are not paper records (JSON objects)"
            )
        else:
            message = "no paper records could be read"
        return ReadResult(path, path.stem, fmt, (), (*problems, Problem(path, message)))
    scopes: list[str | None] = summary.get("scopes", [])
    name = _json_list_name(path, records)
    id_texts = given_id_texts(records, scopes, summary.get("given", []), name)
    return ReadResult(
        path,
        name,
        fmt,
        tuple(records),
        tuple(problems),
        tuple(scopes) if any(scopes) else (),
        tuple(id_texts) if any(id_texts) else (),
    )
