"""Exports of a set of papers with their triage: BibTeX, Markdown, CSV, JSON, URLs;
and RIS and CSL-JSON, written as ``cite`` writes them, with the triage where reference
managers read it (:func:`ris_triage`, :func:`csl_triage`).

Plain functions from papers (and each paper's ``Triage``) to text, shared by
``tuireader export`` and the reader's palette, plus the file writer. Paper text is data:
control, bidirectional and zero-width characters are made visible in every text format
(JSON escapes them; BibTeX leaves them out, as its LaTeX would read ``\\u202e`` as an
accent), ``urls`` gives exactly one line per link, and lone surrogates become
U+FFFD, so what is written is always valid UTF-8 (see :mod:`tuireader.render.safetext`).

Read back as a list, an export gives each paper the id it had: JSON and CSV write what
identifies it (:func:`identifiers`), BibTeX adds what its citation lacks of it (and the
paper's links, where the entry would not give them as they are), RIS, CSL-JSON and
Markdown give each paper's id and, where its citation does not, the key that id
comes from (:func:`own_key`), and each format's reader knows tuireader's own export
(``ingest.formats``: ``jsonfile``, ``table``, ``ownbib``, ``ris``, ``markdown``); its
edition, its place of publication, its series, the DOIs its source gives after its own
and what else its citations give (entry type, editors, volume, number, pages,
publisher) are read back too; RIS and CSL-JSON give its arXiv primary class and
journal reference as lines of tuireader's own (``ownbib.DETAIL_LINES``), and the
decision that accepted it where a submission's status goes (:func:`_with_ris_details`,
:func:`_with_csl_details`; BibTeX's and BibLaTeX's ``note``, :func:`_with_decision`). JSON and CSV give a paper read from a BibTeX entry that
entry as its source gave it (``bibtex``, as a paper list's), so that read back it is
cited as before, under its key, and its edition, place and series as text; every
format gives the keywords of its list (BibTeX's for a paper read from no entry of its
own marked ``tuireader-list-keywords``, which its citation leaves out).
The BibLaTeX export is the BibTeX export in BibLaTeX's fields and entry types.
BibTeX carries the triage where reference managers read it: the state (``tuireader:kept``;
``tuireader:new`` for a new paper with tags or a note, none for one without) and the tags
in ``keywords``, after the entry's own, and the note in
``annote``, after the entry's own, as text (every BibTeX and LaTeX special escaped); read
back, they are the triage file's again, not the paper's, and the entry keeps its own. A
comment before each entry gives its paper's id (``@comment{tuireader-id: key id}``), which
``tuireader import`` finds the paper by, as by a JSON or CSV export's ``id``. A detached
mark (its paper in none of the lists read) is written with what the triage file keeps of
its paper and marked as one (:data:`DETACHED_KEY`): ``import`` takes it, and read as a
list it is no paper.

Writing: a new file or a regular one is replaced atomically (a temporary file, then a
rename) and a new one gets the mode the umask gives (:mod:`tuireader.system.atomic`); a FIFO, a device or a symlink to one
is written in place, never replaced; a symlink to a file keeps pointing at that file.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import stat
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tuireader.model import Library, Link, Paper
from tuireader.render.citations import (
    best_link,
    bibtex_escape,
    cite_keys,
    cite_many,
    cited_site,
    joined_citations,
    latex_to_unicode,
    paper_url,
    split_names,
)
from tuireader.render.safetext import one_line, to_json, valid
from tuireader.render.safetext import terminal as visible
from tuireader.render.textrender import display_author, display_editors, display_title
from tuireader.system.atomic import write_atomic
from tuireader.triage.store import STATE_WORDS, Triage, keyword_form

if TYPE_CHECKING:
    from tuireader.ingest.formats.bibtex import BibEntry
    from tuireader.ingest.identity import Key
    from tuireader.triage.store import DetachedMark, Store, StoredIdentity

EXPORT_FORMATS = ("bibtex", "markdown", "csv", "json", "urls", "ris", "csl-json", "biblatex")
#: the exports written as BibTeX entries with the triage and the paper's id
#: (:func:`_export_bibtex`): BibLaTeX's are its field names (``journaltitle``, ``date``,
#: ``eprinttype``), its entry types (``@online``) and read back so
BIB_EXPORTS = ("bibtex", "biblatex")
SUFFIXES = {
    "bibtex": ".bib",
    "biblatex": ".bib",
    "markdown": ".md",
    "csv": ".csv",
    "json": ".json",
    "urls": ".txt",
    "ris": ".ris",
    "csl-json": ".json",
}
#: the exports written as a citation gives them (``cite --format``): one RIS record,
#: or one CSL-JSON item, per paper; with no mark of their own, only a record of what
#: was written (:func:`remember_written`) tells them from the user's own bibliography
CITATION_EXPORTS = ("ris", "csl-json")


def paper_json(
    paper: Paper, *, score: float | None = None, abstract: bool = False
) -> dict[str, Any]:
    """A paper as the JSON object the command line prints.

    ``title`` and ``authors`` are as the source wrote them (LaTeX included);
    ``title_text`` and ``authors_text`` are how the reader shows them; ``aliases`` are
    the other ids that find the paper (``Paper.aliases``). With ``abstract``, the details
    too: the TL;DR, the journal reference, the keywords and the list's decision
    (``status``: "Oral", "Poster"; the user's own is the triage's ``state``).
    """
    data: dict[str, Any] = {
        "id": paper.id,
        "aliases": list(paper.aliases),
        "title": paper.title,
        "title_text": display_title(paper.title),
        "title_derived": paper.title_derived,
        "authors": list(paper.authors),
        "authors_text": [display_author(name) for name in paper.authors],
        "lists": list(paper.lists),
        "venue": paper.venue,
        "year": paper.year,
        "links": [{"url": link.url, "kind": link.kind} for link in paper.links],
        "metadata_source": paper.metadata_source,
    }
    if score is not None:
        data["score"] = round(score, 4)
    if abstract:
        data["abstract"] = paper.abstract
        data["tldr"] = paper.tldr
        data["journal_ref"] = paper.journal_ref
        data["keywords"] = list(paper.keywords)
        # the decision the list gives ("Oral", "Poster"), not the user's triage (state)
        data["status"] = paper.status
    return data


def render_export(
    papers: Sequence[Paper],
    triage: Mapping[str, Triage],
    fmt: str,
    *,
    library: Library | Sequence[Paper] | None = None,
    detached: Collection[str] = (),
) -> str:
    """``papers`` in ``fmt``; ``triage`` maps each paper id to its state, tags and note.

    Cite keys are made among ``library``'s papers (all papers loaded), so a paper has the
    same key whichever other papers are exported with it. ``detached``: the ids of the
    papers that are detached marks (:func:`detached_papers`), each written with the
    marker that tells a list reader it is no paper of the export's lists.
    """
    if fmt == "json":
        data = [_export_json(p, triage[p.id], p.id in detached) for p in papers]
        return to_json(data, indent=2) + "\n"
    if fmt in BIB_EXPORTS:
        return visible(_export_bibtex(papers, triage, library, detached, fmt)) + "\n"
    if fmt == "csv":
        return _export_csv(papers, triage, library, detached)
    if fmt == "urls":
        urls = [url for url in map(paper_url, papers) if url]
        return "".join(one_line(url) + "\n" for url in urls)
    if fmt == "markdown":
        # each paper's key as its BibTeX export and ``tuireader cite`` give it
        keys = cite_keys(papers, library)
        return visible("\n".join(_markdown_entry(p, triage[p.id], keys.get(p.id)) for p in papers))
    if fmt in CITATION_EXPORTS:
        by_id = {paper.id: paper for paper in papers}
        carried = [
            replace(
                cited,
                text=_with_carried(
                    cited.text, fmt, triage.get(cited.paper_id), by_id.get(cited.paper_id)
                ),
            )
            # with the abstract (RIS ``AB``, CSL ``abstract``), as Zotero's exports
            # write it: read back, the paper has it again
            for cited in cite_many(papers, fmt, library=library, notes=False, include_abstract=True)
        ]
        text = visible(joined_citations(carried, fmt))  # CSL-JSON stays JSON
        return text + "\n" if text else ""
    raise ValueError(f"unknown export format {fmt!r} (use {', '.join(EXPORT_FORMATS)})")


#: the key of a CSL-JSON item that gives the note its citation wrote before the user's,
#: where both are in ``note``: read back, the user's is told from it
CSL_OWN_NOTE = "tuireader-own-note"


def _with_carried(text: str, fmt: str, triage: Triage | None, paper: Paper | None = None) -> str:
    """A citation's text (:func:`cite_many`) with its paper's triage, in ``fmt``, its
    id in tuireader, and the key that id comes from where a citation gives it nowhere
    (:func:`own_key`: the list's own id for it, whose key the citation's is not; its
    OpenReview forum): read back without them, the paper had another id, its marks
    left behind, as were the marks made later on a paper that had none when exported."""
    if not text or triage is None:
        return text
    if fmt == "ris":
        record = text
        if paper is not None:
            record = _with_ris_keywords(
                _with_ris_links(_with_ris_details(text, paper), paper), paper
            )
        key = own_key(paper, lambda: _ris_given(record)) if paper is not None else None
        return ris_triage(record, triage, key)
    items = [_with_csl_keywords(_with_csl_details(item, paper), paper) for item in json.loads(text)]
    first = items[0] if len(items) == 1 else None
    given = (lambda: _csl_given(first)) if isinstance(first, dict) else None
    key = own_key(paper, given) if paper is not None else None
    details = _detail_lines(paper)
    return json.dumps(
        [csl_triage(item, triage, key, _csl_links(item, paper), details) for item in items],
        ensure_ascii=False,
    )


def _detail_lines(paper: Paper | None) -> list[str]:
    """The lines that give what RIS and CSL-JSON have no field for: the arXiv primary
    class of ``paper``, its journal reference and its TL;DR (``ownbib.DETAIL_LINES``)."""
    from tuireader.ingest.formats.ownbib import detail_lines

    if paper is None:
        return []
    return detail_lines(
        paper.arxiv_class if paper.arxiv_id else None, paper.journal_ref, paper.tldr
    )


def _with_ris_details(record: str, paper: Paper) -> str:
    """A RIS ``record`` (``cite``'s) with what else of ``paper`` its citation leaves
    out, before its id: its editors (``ED``), series (``T3``), volume and number (``VL``,
    ``IS``: an article whose citation names no journal, a book's number in its series)
    where it gives none, the decision that accepted it ("Oral", "Poster") as ``M3``, where a submission's status
    goes, and an ``N1`` line each for its arXiv primary class and journal reference
    (:func:`_detail_lines`). Read back, the paper has them again."""
    from tuireader.render.citations import accepted_decision, ris_name, without_others

    lines: list[str] = []
    editors = [name for name in without_others(paper.editor) if one_line(name)]
    if editors and "\nED  - " not in record and "\nA3  - " not in record:
        lines += [f"ED  - {one_line(ris_name(name))}" for name in editors]
    series = one_line(_entry_detail(paper, "series") or "")
    if series and "\nT3  - " not in record:
        lines.append(f"T3  - {series}")
    # an article's volume and issue where the citation names no journal, a book's
    # number in its series: read back, the paper has them again
    volume, number = one_line(paper.volume or ""), one_line(paper.number or "")
    if volume and "\nVL  - " not in record:
        lines.append(f"VL  - {volume}")
    if number and "\nIS  - " not in record:
        lines.append(f"IS  - {number}")
    decision = accepted_decision(paper.status)
    if decision and "\nM3  - " not in record:
        lines.append(f"M3  - {one_line(decision)}")
    lines += [f"N1  - {line}" for line in _detail_lines(paper)]
    if not lines:
        return record
    at = record.find("\nID  - ")
    at = at + 1 if at >= 0 else len(record.removesuffix("ER  - "))
    return record[:at] + "".join(line + "\n" for line in lines) + record[at:]


def _with_csl_details(item: dict[str, Any], paper: Paper | None) -> dict[str, Any]:
    """A CSL-JSON ``item`` (``cite``'s) with what else of ``paper`` its citation leaves
    out: its editors (``editor``), series (``collection-title``), volume and number
    (``issue``, else ``number``) where it gives none, and the decision that accepted it ("Oral", "Poster") as ``genre``, where a
    submission's status goes. Read back, the paper has them again; its arXiv primary
    class and journal reference are lines of its ``note`` (:func:`csl_triage`)."""
    from tuireader.render.citations import accepted_decision, csl_name, without_others

    if paper is None:
        return item
    item = dict(item)
    editors = [name for name in without_others(paper.editor) if one_line(name)]
    if editors and not item.get("editor"):
        item["editor"] = [csl_name(name) for name in editors]
    series = one_line(_entry_detail(paper, "series") or "")
    if series and not item.get("collection-title"):
        item["collection-title"] = series
    volume, number = one_line(paper.volume or ""), one_line(paper.number or "")
    if volume and not item.get("volume"):
        item["volume"] = volume
    if number and not any(item.get(name) for name in ("issue", "number", "collection-number")):
        item["issue" if item.get("type") == "article-journal" else "number"] = number
    decision = accepted_decision(paper.status)
    if decision and not item.get("genre"):
        item["genre"] = one_line(decision)
    return item


def _with_ris_keywords(record: str, paper: Paper) -> str:
    """A RIS ``record`` with the keywords of ``paper``'s list (IEEE's, Scopus's, Web of
    Science's, PubMed's), one ``KW`` each, as Zotero writes and reads its tags, before
    the triage's (:func:`ris_triage`): read back, the paper has them again."""
    words = [one_line(word) for word in paper.keywords if one_line(word)]
    if not words or "\nKW  - " in record:
        return record
    # before the record's identifiers and links, as Zotero writes them: the triage's
    # state keyword follows them, never the paper's own keywords (``ris.triage_as_exported``)
    found = _RIS_KEYWORDS_BEFORE.search(record)
    at = found.start() if found else len(record.removesuffix("ER  - "))
    return record[:at] + "".join(f"KW  - {word}\n" for word in words) + record[at:]


#: the first line of a RIS record (``cite``'s) the paper's own keywords go before
_RIS_KEYWORDS_BEFORE = re.compile(r"^(?:DO|UR|L[124]|ID|ER)  - ", re.MULTILINE)


def _with_csl_keywords(item: dict[str, Any], paper: Paper | None) -> dict[str, Any]:
    """A CSL-JSON ``item`` with the keywords of ``paper``'s list in ``keyword``, a comma
    between them (a keyword's own comma a space), as Zotero writes its tags, before the
    triage's (:func:`csl_triage`): read back, the paper has them again."""
    if paper is None or item.get("keyword"):
        return item
    words = [" ".join(word.replace(",", " ").split()) for word in paper.keywords]
    words = [word for word in dict.fromkeys(words) if word]
    return {**item, "keyword": ", ".join(words)} if words else item


def _with_ris_links(record: str, paper: Paper) -> str:
    """A RIS ``record`` (``cite``'s) with each link of ``paper`` it does not give as a
    further ``UR`` (RIS allows several; Zotero keeps each), after its own page's, code
    first as ``tuireader links`` gives them: its code repositories, project pages, its
    OpenReview forum, a talk's video. Read back, a ``UR`` after the first is a code link
    where it is a repository (``links.classify``), else a project page. Links its
    abstract mentions are none of the paper's own, and the record gives no abstract: a
    code repository it mentions is carried all the same (a repository is never taken
    for the paper's page), and read back it is a code link of the paper's. A record
    without a page of its own gets no ``UR``: its first would be a repository, which
    Zotero takes for the paper's address (a repository is never a paper's URL). Its
    links go in ``L4`` lines (:data:`RIS_LINK_TAG`) instead, each whose address says
    its kind (a repository, a talk's video or slides on a site of them), as read back."""
    from tuireader.ingest.links import classify, url_key

    paged = "\nUR  - " in record
    written = {url_key(value) for value in _RIS_LINK.findall(record)}
    doi = "\nDO  - " in record
    extra: list[str] = []
    for link in paper.links:
        address = url_key(link.url)
        if link.origin == "text" and link.kind != "code":
            continue
        if (link.origin == "doi" and doi) or address in written:
            continue
        if link.url.split() != [link.url]:
            continue
        if paged:
            extra.append(f"UR  - {link.url}\n")
        elif classify(link.url) == link.kind:
            extra.append(f"{RIS_LINK_TAG}  - {link.url}\n")
        else:
            continue
        written.add(address)
    if not extra:
        return record
    at = record.find("\nID  - ")
    at = at + 1 if at >= 0 else len(record.removesuffix("ER  - "))
    return record[:at] + "".join(extra) + record[at:]


#: the RIS tag of the links of a record without a page of its own (:func:`_with_ris_links`):
#: ``L4``, which Zotero's RIS translator reads as a link attached to the item (not its
#: URL) and writes back as ``L4``; read back, a repository is a code link again
RIS_LINK_TAG = "L4"


#: a link a RIS record gives: its page (``UR``), PDF (``L1``) or another (``L2``, ``L4``)
_RIS_LINK = re.compile(r"^(?:UR|L[124])  - (\S+)$", re.MULTILINE)


def _csl_links(item: dict[str, Any], paper: Paper | None) -> str | None:
    """The links of ``paper`` as :data:`CSL_LINKS_LINE` gives them
    (``ownbib.links_value``), where it has one the item's ``URL`` is not; else None."""
    from tuireader.ingest.formats.ownbib import links_value
    from tuireader.ingest.links import url_key

    if paper is None or not paper.links:
        return None
    page = url_key(str(item.get("URL") or ""))
    if all(url_key(link.url) == page for link in paper.links):
        return None
    value = links_value(paper.links)
    return value if one_line(value) == value else None


def _marked(triage: Triage) -> bool:
    """Whether an export says the paper's triage: a state, tags or a note (a new paper
    without them is written as its citation alone, as BibTeX writes it)."""
    return triage.state != "new" or bool(triage.tags) or bool(triage.note.strip())


def _state_keyword(triage: Triage) -> str:
    from tuireader.ingest.formats.ownbib import STATE_PREFIX

    return f"{STATE_PREFIX}{STATE_WORDS.get(triage.state, triage.state)}"


#: a line of a note that RIS readers would take for a tag ("AU  - …"), or that starts
#: with a space: written with one more space before it, which the reader takes off
_RIS_TAG_LIKE = re.compile(r"[A-Z][A-Z0-9] {1,2}-(?: |$)| ")


#: the RIS tag of the key a paper's id comes from (:func:`own_key`): ``DP``, the
#: database the record comes from, which Zotero's RIS translator reads as the item's
#: "Library Catalog" (CSL's ``source``, where a record comes from) and writes back as
#: ``DP``. An export made before gave it as ``DB``, Zotero's "Archive" (CSL's
#: ``archive``, which some styles print as where the work is kept); both are read back.
RIS_KEY_TAG = "DP"


def ris_triage(record: str, triage: Triage, key: str | None = None) -> str:
    """A RIS ``record`` (``cite``'s, ending ``ER  - ``) with ``triage`` before its end,
    where Zotero, EndNote and Mendeley read it: the state (``KW  - tuireader:kept``)
    and each tag as a keyword, after the record's own (Zotero makes each ``KW`` a tag),
    the note as ``N1`` (Zotero's child note, EndNote's Notes); a paper without marks
    has none of them. Every record gives the paper's id in tuireader as its accession
    number (``AN``: Zotero's "Loc. in Archive", which it writes back as ``AN``; ``ID``
    stays the citation key), so that read back as a list, the paper has the id it had
    and a mark made later on it is the one made on the paper in its own list. Read
    back, what follows the state's keyword is the triage (``triage.carry``): the
    record's own ``N1`` (a journal reference) comes before it. Each line of the note is
    a line of the record; one that would read as a tag, or starts with a space, gets a
    space before it. ``key``: the key the paper's id comes from (:func:`own_key`),
    written last (:data:`RIS_KEY_TAG`), where the record gives it nowhere: its ``ID``
    is its citation key, not its list's id for it."""
    lines = [f"KW  - {_state_keyword(triage)}"] if _marked(triage) else []
    lines += [f"KW  - {tag}" for tag in triage.tags if tag.strip()] if lines else []
    if lines and triage.note.strip():
        note = [
            " " + line if _RIS_TAG_LIKE.match(line) else line for line in triage.note.split("\n")
        ]
        lines.append(f"N1  - {note[0]}")
        lines += note[1:]
    if _VERBATIM.fullmatch(triage.paper_id):
        lines.append(f"AN  - {triage.paper_id}")
    if key and one_line(key) == key:
        lines.append(f"{RIS_KEY_TAG}  - {key}")
    body = record.removesuffix("ER  - ")
    return body + "".join(line + "\n" for line in lines) + "ER  - "


def split_in_zotero(fmt: str, triage: Iterable[Triage]) -> list[str]:
    """The tags an export in ``fmt`` of papers with ``triage`` writes that Zotero reads
    as two tags or more, each once: in RIS, those that hold a ``;``, at which Zotero
    splits a keyword (``KW  - RL; theory`` is the tags "RL" and "theory" there), and no
    RIS keyword can hold one for it. ``tuireader import`` reads them back whole; BibTeX
    gives Zotero each as one tag (its ``;`` a space, :func:`keyword_form`), and CSL-JSON
    parts its keywords at commas alone."""
    if fmt != "ris":
        return []
    split = (tag for each in triage if _marked(each) for tag in each.tags if ";" in tag)
    return list(dict.fromkeys(split))


def split_in_zotero_said(split: Sequence[str], bibtex: str = "--format bibtex") -> str:
    """What an export says of the tags Zotero splits (``split``, as
    :func:`split_in_zotero` gives them): the first, as Zotero parts it, and that the
    BibTeX export (``bibtex``, as the user asks for it) gives Zotero one tag."""
    # as Zotero parts a keyword: at each ';', the spaces about it and what is empty gone
    parts = [repr(one_line(part)) for part in re.split(r"\s*;\s*", split[0]) if part.strip()]
    named = " and ".join([", ".join(parts[:-1]), parts[-1]] if len(parts) > 1 else parts)
    becomes = f"{one_line(split[0])!r} becomes {named or 'no tag'} there"
    if len(split) == 1:
        said = f"{becomes} (tuireader import reads it back whole; {bibtex} gives "
        said += f"Zotero one tag, {keyword_form(split[0])!r})"
    else:
        said = f"{len(split):,} tags hold one ({becomes}; tuireader import reads them back "
        said += f"whole; {bibtex} gives Zotero each as one tag, its ';' a space)"
    return f"in RIS, Zotero splits a tag at each ';': {said}"


def csl_triage(
    item: dict[str, Any],
    triage: Triage,
    key: str | None = None,
    links: str | None = None,
    details: Sequence[str] = (),
) -> dict[str, Any]:
    """A CSL-JSON ``item`` (``cite``'s) with ``triage`` where Zotero and pandoc read it:
    the state (``tuireader:kept``) and the tags in ``keyword``, a comma between them,
    after the item's own (a tag's comma is a space there), and the note in ``note``,
    after the item's own and a blank line; a paper without marks has none of them.
    Every item's ``note`` then ends with ``details``, the lines that give what CSL has
    no field for (its arXiv primary class, its journal reference:
    ``ownbib.DETAIL_LINES``), and the lines that say who its paper is in
    tuireader: ``links``, every link of the paper where its ``URL`` does not give them
    (:data:`CSL_LINKS_LINE`), ``key``, the key the paper's id comes from
    (:func:`own_key`), where the item gives it nowhere (its ``id`` is its citation
    key), as ``tuireader-key: …`` (:data:`CSL_KEY_LINE`), and last the paper's id
    (``tuireader-id: …``). Zotero reads
    ``note`` into Extra, where it keeps the lines it does not know as they are and
    writes them back as ``note`` (a key of the item's own it does not know, such as
    CSL's ``custom``, it drops). Where the item has a note of its own,
    :data:`CSL_OWN_NOTE` gives it, to be told apart."""
    item = dict(item)
    marked = _marked(triage)
    if marked:
        own_words = str(item.get("keyword") or "")
        had = {word.strip().casefold() for word in own_words.split(",")}
        words = [_state_keyword(triage)]
        for tag in triage.tags:
            word = " ".join(tag.replace(",", " ").split())
            if word and word.casefold() not in had:
                had.add(word.casefold())
                words.append(word)
        item["keyword"] = ", ".join([own_words, *words] if own_words.strip() else words)
    # the lines of the note that say who its paper is in tuireader (imported here: the
    # reader's start-up reads an unchanged library without the list readers)
    from tuireader.ingest.formats.ownbib import CSL_ID_LINE, CSL_KEY_LINE, CSL_LINKS_LINE

    own_note = str(item.get("note") or "")
    user_note = triage.note if marked and triage.note.strip() else ""
    parts = [part for part in (own_note, user_note) if part]
    id_lines = [*details]
    id_lines += [CSL_LINKS_LINE + links] if links else []
    id_lines += [CSL_KEY_LINE + key] if key and one_line(key) == key else []
    if _VERBATIM.fullmatch(triage.paper_id):
        id_lines.append(CSL_ID_LINE + triage.paper_id)
    if not marked and not id_lines:
        return item
    if own_note:
        item[CSL_OWN_NOTE] = own_note
    item["note"] = "\n".join(["\n\n".join(parts), *id_lines] if parts else id_lines)
    return item


def detached_count(count: int) -> str:
    """``count`` detached marks, as an export says them ("1 detached mark")."""
    return f"{count:,} detached mark{'' if count == 1 else 's'}"


#: the ``metadata_source`` of a detached mark's paper in an export: what is known of it
#: comes from the triage file, not from a list
DETACHED_SOURCE = "detached"
#: the formats that carry detached marks, those ``tuireader import`` reads back
CARRY_DETACHED = ("json", "csv", "bibtex", "biblatex")
#: the key of a JSON export's detached mark, true (``"detached": true``; a paper of the
#: lists has none): what the triage file keeps of its paper is its title and first
#: author's family name, and read as a list it would be a paper "Li" wrote, or give the
#: paper of that title, read from its own list beside it, its one author in place of
#: all. The list readers skip it and say how many they skipped; ``tuireader import``
#: takes its mark. A CSV export's is ``table.DETACHED_COLUMN`` (``true`` in its row),
#: a BibTeX export's ``ownbib.DETACHED_FIELD``.
DETACHED_KEY = "detached"


def detached_marks(
    store: Store | None,
    listed: Collection[str] | None = None,
    *,
    marks: Sequence[DetachedMark] | None = None,
) -> list[tuple[Paper, Triage]]:
    """The marks of ``store`` whose paper is in none of the lists read, each as the
    paper the triage file knows it to be with its triage (:func:`detached_papers`):
    what ``tuireader export`` and the reader's export write after the papers of the
    lists. The marks are those of no paper of ``listed`` (the ids of every paper read),
    or ``marks``, where they were read already (the command line's session reads them
    as it loads; without a triage file to read, each is written with its id and title
    alone). Blocking: it reads the triage file."""
    if marks is None:
        if listed is None:
            raise TypeError("detached_marks() needs the ids of the papers read, or the marks")
        marks = store.detached(listed) if store is not None else []
    if not marks:
        return []
    identities = store.identities(mark.paper_id for mark in marks) if store is not None else {}
    return detached_papers(marks, identities)


def detached_papers(
    marks: Sequence[DetachedMark], identities: Mapping[str, StoredIdentity]
) -> list[tuple[Paper, Triage]]:
    """Each detached mark (its paper is in none of the lists read) as a paper an export
    can write, with its triage: what the triage file keeps of the paper (its title, first
    author, year, abstract and identifiers, see :class:`StoredIdentity`), under the id
    the mark has. Left out of an export, a user moving their triage to a machine whose
    lists hold those papers lost every decision made on them; written so, ``tuireader
    import`` there finds each paper as the triage file would (the same DOI or other
    identifier, title and first author, abstract). A mark kept with no title and no
    identifier is written with its id alone, which still finds its paper where the id
    is the same."""
    from tuireader.triage.store import StoredIdentity

    found: list[tuple[Paper, Triage]] = []
    for mark in marks:
        stored = identities.get(mark.paper_id) or StoredIdentity(mark.paper_id)
        paper = _paper_of(mark.paper_id, mark.title or stored.title, stored)
        found.append((paper, Triage(mark.paper_id, mark.state, mark.tags, mark.note)))
    return found


def _paper_of(paper_id: str, title: str, stored: StoredIdentity) -> Paper:
    """A paper made of what the triage file keeps of it: read back by a list reader, it
    has the identity it was stored with (the same keys, title, first author and year)."""
    from tuireader.ingest.identity import Key

    known: dict[str, str] = {}
    for text in stored.keys:
        key = Key.parse(text)
        if key is not None:
            known.setdefault(key.kind, key.value)
    scope, _, source_id = known.get("source", "").partition("#")
    acl = known.get("acl")
    # an ACL Anthology id is read from a DOI or a link: one without the DOI, from its page
    page = f"https://aclanthology.org/{acl}" if acl and "doi" not in known else None
    return Paper(
        id=paper_id,
        title=title,
        abstract=stored.abstract,
        # a title the source did not give (derived from the abstract) identifies nothing
        title_derived=bool(stored.title) and not stored.title_key,
        authors=(_author_of(stored.first_author),) if stored.first_author else (),
        # a source's own id is scoped by its list (a paper without a venue)
        lists=(scope,) if source_id else (),
        year=stored.year,
        links=(Link(page, "paper", "url"),) if page else (),
        doi=known.get("doi"),
        arxiv_id=known.get("arxiv"),
        openreview_id=known.get("openreview"),
        pmlr_key=known.get("pmlr"),
        source_id=source_id or None,
        metadata_source=DETACHED_SOURCE,
    )


def _author_of(family: str) -> str:
    """The first author as the triage file keeps it (a family name, in lower case),
    capitalised where that reads back as the same name, else as it is kept."""
    from tuireader.ingest.identity import family_name

    shown = " ".join(word[:1].upper() + word[1:] for word in family.split())
    return shown if family_name(shown) == family else family


def triage_json(triage: Triage) -> dict[str, Any]:
    """A paper's triage as the JSON keys the command line prints beside the paper."""
    return {"state": triage.state, "tags": list(triage.tags), "note": triage.note}


def identifiers(paper: Paper, named: Sequence[Key] | None = None) -> dict[str, str | None]:
    """What says who a paper is, under the names tuireader's readers take it from: its
    DOI, arXiv id, OpenReview id and PMLR key (also those only its links give), and its
    own id in its source (``source_id``: a list's ``id``, a BibTeX key). Read back from an
    export, a paper is known by these as it was, and keeps its id. ``named``: the keys
    :func:`_identifier_keys` gives the paper, where they are at hand already."""
    keys = {key.kind: key.value for key in (_identifier_keys(paper) if named is None else named)}
    return {
        "doi": paper.doi or keys.get("doi"),
        "arxiv_id": keys.get("arxiv") or paper.arxiv_id,
        "openreview_id": keys.get("openreview") or paper.openreview_id,
        "pmlr_key": keys.get("pmlr") or paper.pmlr_key,
        "source_id": paper.source_id,
    }


#: where the links come from that say who a paper is: its record's page, PDF and forum
#: (``identity.identify`` of a record reads these, not its code or project links, nor
#: what its abstract mentions: another paper's arXiv page, a dataset's DOI)
_OWN_LINK_ORIGINS = frozenset({"url", "pdf", "openreview"})


def _identifier_keys(paper: Paper) -> tuple[Key, ...]:
    """The keys that name ``paper`` everywhere (``identity.identifier_keys``), from its
    links that say who it is, as its list's record gives them."""
    # the list readers are imported only here, on export: the reader opens without them
    from tuireader.ingest.identity import identifier_keys

    return identifier_keys(_as_listed(paper))


def _as_listed(paper: Paper) -> Paper:
    """``paper`` with only the links that say who it is, as its list's record does."""
    if all(link.origin in _OWN_LINK_ORIGINS for link in paper.links):
        return paper
    own = tuple(link for link in paper.links if link.origin in _OWN_LINK_ORIGINS)
    return replace(paper, links=own)


def _export_json(paper: Paper, triage: Triage, detached: bool = False) -> dict[str, Any]:
    data = paper_json(paper, abstract=True)
    # where each link came from: read back, those its abstract mentions are found there
    data["links"] = [link.to_json() for link in paper.links]
    marker = {DETACHED_KEY: True} if detached else {}
    return data | identifiers(paper) | _details(paper) | triage_json(triage) | marker


def _details(paper: Paper) -> dict[str, Any]:
    """What a JSON export gives of a paper beside :func:`paper_json`'s and what
    identifies it, each under the name the JSON reader takes it from: the DOIs its
    source gives after its own (an erratum's), its edition, its place of publication
    (RIS's ``CY``, CSL's ``publisher-place``) and its series (CSL's
    ``collection-title``), and what else its citations give: its entry type, its
    authors as its source splits them ("Rojas Carulla, Mateo"), journal or proceedings,
    editors, volume, number, pages and publisher, the month and day of its date (read
    back without them, a web page was cited "(2019)" for "(2019, June 20)", a NeurIPS
    paper was cited "In Advances in Neural Information Processing Systems.", its
    editors, volume and publisher lost, and "Carulla, M. R."), and the site a web page
    or a post is on, which its source gave apart from its venue, as ``howpublished``
    (:func:`_site`, the month and day too), its arXiv class and categories (read back
    without them, an arXiv paper was cited without its ``primaryclass``), its track
    and primary area, the BibTeX entry it was read from (:func:`source_bibtex`), and
    the citation key its CSL-JSON source gives (read back without it, its key was made
    from its title)."""
    site, month, day = _site(paper)
    return {
        "other_dois": list(paper.other_dois),
        "edition": _entry_detail(paper, "edition"),
        "place": _entry_detail(paper, "place"),
        "series": _entry_detail(paper, "series"),
        "entry_type": paper.entry_type,
        "author_names": list(split_names(paper)),
        "journal": paper.journal,
        "booktitle": paper.booktitle,
        "editors": list(paper.editor),
        "volume": paper.volume,
        "number": paper.number,
        "pages": paper.pages,
        "publisher": paper.publisher,
        "month": month,
        "day": day,
        "howpublished": site,
        "arxiv_class": paper.arxiv_class,
        "categories": list(paper.categories),
        "track": paper.track,
        "primary_area": paper.primary_area,
        "bibtex": source_bibtex(paper),
        # the citation key its CSL-JSON source gives ("abbottUnderstandingAnalysis2015")
        "cite_key": paper.cite_key,
    }


#: the fields of a BibTeX or BibLaTeX entry that give a paper's edition, place and series
_ENTRY_DETAILS = {
    "edition": ("edition",),
    "place": ("location", "address"),
    "series": ("series",),
}


def _entry_detail(paper: Paper, name: str) -> str | None:
    """The edition, place or series (``name``) of ``paper``, as a JSON or CSV export
    gives it: its own, else its source entry's (``address = {Reading, MA}``, as its
    citations give it), as text; a BibTeX paper had none there."""
    value: str | None = getattr(paper, name)
    if value or paper.source_entry is None:
        return value
    given = (paper.source_entry.get(field) for field in _ENTRY_DETAILS[name])
    written = next((value for value in given if value and value.strip()), None)
    return " ".join(latex_to_unicode(written).split()) or None if written else None


def source_bibtex(paper: Paper) -> str | None:
    """The BibTeX or BibLaTeX entry ``paper`` was read from, as its source gave it (its
    key, type and fields in order), as a paper list's ``bibtex`` gives one: read back,
    the paper is cited as before, with the place, series, ISBN and key of its entry,
    which its citations reproduce; None for a paper read from no entry."""
    entry = paper.source_entry
    if entry is None:
        return None
    body = ",\n".join(f"  {name} = {{{value}}}" for name, value in entry.fields)
    return f"@{entry.entry_type}{{{entry.key},\n{body}\n}}"


def _site(paper: Paper) -> tuple[str | None, int | None, int | None]:
    """The site a web page or a post is on, where its source names it apart from its
    venue (BibLaTeX's ``titleaddon = {Medium}``), and the month and day it is dated to
    (``date = {2025-03-24}``), as its citations give them (``citations.cited_site``):
    read back without them, a post was cited "Kim, D.-K. (2025). PPO: …" for "Kim,
    D.-K. (2025, March 24). PPO: …. Medium."."""
    site, month, day = cited_site(paper)
    if paper.month:
        month, day = paper.month, paper.day
    return (site if site and site != paper.venue else None), month, day


def _export_bibtex(
    papers: Sequence[Paper],
    triage: Mapping[str, Triage],
    library: Library | Sequence[Paper] | None,
    detached: Collection[str] = (),
    fmt: str = "bibtex",
) -> str:
    """The papers' citations (``fmt``: BibTeX's or BibLaTeX's), each with its triage
    where reference managers read it and what says who its paper is
    (:mod:`tuireader.ingest.formats.ownbib`): BibLaTeX's is the same, in the fields and
    entry types its citations use, so that read back each paper keeps its id."""
    from tuireader.ingest.formats.ownbib import MARK, NOTE_FIELD, STATE_PREFIX

    # the count lets ``import`` tell a file cut short from a whole one
    head = (
        f"{MARK} of {len(papers):,} papers: each paper's state ({STATE_PREFIX}kept,\n"
        f"{STATE_PREFIX}maybe, "
        f"{STATE_PREFIX}skipped, {STATE_PREFIX}read, {STATE_PREFIX}new) and tags\n"
        f"are in its keywords and its note in {NOTE_FIELD}.}}"
    )
    by_id = {paper.id: paper for paper in papers}
    entries = [
        _with_id(
            _with_detached(
                _with_triage(
                    _with_links(
                        _with_details(
                            _with_identifiers(
                                _with_abstract(
                                    _with_decision(cited.text, by_id[cited.paper_id]),
                                    by_id[cited.paper_id],
                                ),
                                by_id[cited.paper_id],
                                biblatex=fmt == "biblatex",
                            ),
                            by_id[cited.paper_id],
                        ),
                        by_id[cited.paper_id],
                    ),
                    triage.get(cited.paper_id) or Triage(cited.paper_id),
                ),
                cited.paper_id in detached,
            ),
            cited.key,
            cited.paper_id,
        )
        for cited in cite_many(papers, fmt, library=library)
        if cited.text
    ]
    return "\n\n".join([head, *entries])


def _with_detached(entry: str, detached: bool) -> str:
    """``entry``, a detached mark's (``detached``), with the field that says so
    (``ownbib.DETACHED_FIELD``): read as a list, the export has no paper of it, whose
    author is the first author's family name alone."""
    from tuireader.ingest.formats.ownbib import DETACHED_FIELD

    return _add_fields(entry, [(DETACHED_FIELD, "true")]) if detached else entry


#: what starts the comment before each entry of a BibTeX export that gives the paper's id
#: in tuireader (``@comment{tuireader-id: key id}``): BibTeX, biber and reference managers
#: skip a comment, and the entry read back as a list is the paper's alone
ID_COMMENT = "tuireader-id:"


def _with_id(entry: str, key: str, paper_id: str) -> str:
    """``entry`` after the comment that gives its paper's id in tuireader: ``tuireader
    import`` of the export finds the paper by it, as it does by a JSON or CSV export's
    ``id``, where the entry alone cannot say who the paper is (a paper of a plain-text
    list, known by its abstract, which a citation leaves out)."""
    if not (_VERBATIM.fullmatch(key) and _VERBATIM.fullmatch(paper_id)):
        return entry
    return f"@comment{{{ID_COMMENT} {key} {paper_id}}}\n{entry}"


#: a field line of an entry as citations write it: ``  name = {value},``
_FIELD_LINE = re.compile(r"^  ([A-Za-z][\w:-]*) = (.*?)(,?)$", re.MULTILINE)


def _fields(entry: str) -> dict[str, re.Match[str]]:
    """The field lines of a BibTeX entry as citations write it, by lower-case name."""
    return {found.group(1).lower(): found for found in _FIELD_LINE.finditer(entry)}


def _add_fields(entry: str, added: Sequence[tuple[str, str]]) -> str:
    """``entry`` with ``added`` (name, value in braces) as its last fields."""
    if not added:
        return entry
    head, closing = entry.rstrip().removesuffix("}").rstrip("\n"), "\n}"
    lines = [f"  {name} = {{{value}}}" for name, value in added]
    if _FIELD_LINE.search(head):
        head += ","
    return head + "\n" + ",\n".join(lines) + closing


def _with_abstract(entry: str, paper: Paper) -> str:
    """``entry`` with its paper's abstract, as reference managers write it in their
    BibTeX (``abstract = {…}``), on one line, as a citation writes a title: its LaTeX
    as LaTeX (``80\\%``, ``$\\alpha_p$``), plain text's specials escaped once (a brace,
    ``%`` or ``@`` in it never ends the field or the entry), its Greek letters and math
    symbols as LaTeX (``$\\beta$``) (``ownbib.abstract_literal``). ``tuireader import``
    reads it back (``ownbib.abstract_text``) and finds by it a paper whose title was
    reworded since, as it does from a JSON or CSV export."""
    from tuireader.ingest.formats.ownbib import abstract_literal

    abstract = abstract_literal(paper.abstract or "")
    if not abstract or "abstract" in _fields(entry):
        return entry
    return _add_fields(entry, [("abstract", abstract)])


def _with_identifiers(entry: str, paper: Paper, *, biblatex: bool = False) -> str:
    """``entry`` with what identifies its paper that it lacks: its DOI, arXiv id (BibTeX's
    ``archiveprefix``, or BibLaTeX's ``eprinttype``, after it) and OpenReview forum
    (where no link of the paper's gives it), and, where the entry's key and venue are
    not its source's, its own id in its source (read back, the paper is known by the
    same key and keeps its id)."""
    from tuireader.ingest.formats.ownbib import SOURCE_FIELD, bibtex_literal

    fields = _fields(entry)
    known = identifiers(paper)
    added: list[tuple[str, str]] = []
    if known["doi"] and "doi" not in fields and _VERBATIM.fullmatch(known["doi"]):
        added.append(("doi", known["doi"]))
    if known["arxiv_id"] and "eprint" not in fields and _VERBATIM.fullmatch(known["arxiv_id"]):
        kind = ("eprinttype", "arxiv") if biblatex else ("archiveprefix", "arXiv")
        added += [("eprint", known["arxiv_id"]), kind]
    forum = known["openreview_id"]
    if forum and "openreview" not in fields and _VERBATIM.fullmatch(forum):
        # a link to the forum is given with the paper's links (``tuireader-links``,
        # :func:`_with_links`): as a field of the entry, read back, it was cited too
        from tuireader.ingest.formats.common import openreview_id_of

        if all(openreview_id_of(link.url) != forum for link in paper.links):
            added.append(("openreview", f"https://openreview.net/forum?id={forum}"))
    source = _source_key(paper)
    if source is not None:
        added.append((SOURCE_FIELD, bibtex_literal(source)))
    return _add_fields(entry, added)


def _with_decision(entry: str, paper: Paper) -> str:
    """``entry`` with the decision that accepted its paper ("Oral", "Poster",
    "Spotlight", "Accept (Poster)"), which its citation leaves out, in ``note``, where
    the citation gives a submission's status ("Submitted to ICLR 2024 (Reject)"), the
    last of its parts ("; " between them) where the entry has a note of its own. Read
    back, the paper has it again, and its entry's note is its own
    (``ownbib.decision_read``)."""
    from tuireader.render.citations import accepted_decision

    decision = one_line(accepted_decision(paper.status) or "")
    if not decision or "; " in decision:
        return entry
    written = bibtex_escape(decision)
    note = _fields(entry).get("note")
    if note is None:
        return _add_fields(entry, [("note", written)])
    value = note.group(2)
    own = value[1:-1]
    if not (value.startswith("{") and value.endswith("}") and own.strip() and _braced_whole(own)):
        return entry  # a note the entry gives as a macro, in parts or empty: left as it is
    line = f"  {note.group(1)} = {{{own}; {written}}}{note.group(3)}"
    return entry[: note.start()] + line + entry[note.end() :]


def _with_details(entry: str, paper: Paper) -> str:
    """``entry`` with what of its paper a citation leaves out and read back gives again:
    the edition (a citation names an article's none), the DOIs its source gives
    after its own (an erratum's), as ``tuireader-other-dois``, a space between them,
    where the entry's ``doi`` gives not all of them (the paper's own stays alone there,
    as reference managers take it), and the paper's own keywords (its list's, or its
    source's where the entry's citation gives none of them), where the citation gives
    no ``keywords`` (``ownbib.LIST_KEYWORDS_FIELD``): the triage's follow them
    (:func:`_with_triage`), and its TL;DR (``ownbib.TLDR_FIELD``). Read back, the
    paper has its keywords and TL;DR and its entry is as before."""
    from tuireader.ingest.formats.common import plain_dois
    from tuireader.ingest.formats.ownbib import (
        LIST_KEYWORDS_FIELD,
        OTHER_DOIS_FIELD,
        STATE_PREFIX,
        TLDR_FIELD,
        bibtex_literal,
    )

    fields = _fields(entry)
    added: list[tuple[str, str]] = []
    edition = bibtex_escape(paper.edition or "")
    if edition and "edition" not in fields:
        added.append(("edition", edition))
    doi = fields.get("doi")
    given = plain_dois(doi.group(2)[1:-1]) if doi is not None else ()
    others = [
        other
        for other in paper.other_dois
        if other.casefold() not in {known.casefold() for known in given}
        and _VERBATIM.fullmatch(other)
    ]
    if others:
        added.append((OTHER_DOIS_FIELD, " ".join(others)))
    # the paper's keywords (IEEE's, Scopus's, OpenReview's), as Zotero and JabRef read
    # them, a comma between them, where its citation gives no keywords of its entry's
    # (an OpenReview entry gives none, its submission's keywords are apart)
    words = (_keyword(word.replace(",", " ")) for word in paper.keywords)
    words = (word for word in words if word and not word.startswith(STATE_PREFIX))
    value = ", ".join(dict.fromkeys(words))
    if value and "keywords" not in fields:
        added += [("keywords", value), (LIST_KEYWORDS_FIELD, "true")]
    tldr = bibtex_literal(one_line(paper.tldr or ""))
    if tldr and TLDR_FIELD not in fields:
        added.append((TLDR_FIELD, tldr))
    return _add_fields(entry, added)


def _with_links(entry: str, paper: Paper) -> str:
    """``entry`` with its paper's links as ``tuireader-links`` (each after the field it
    came from or its kind, one its abstract mentions after ``text``:
    ``url …, code …, text …``; ``ownbib.links_value``), where the entry read back would not give
    them as they are: its citation has no code or project link, no link its abstract
    gives (it has no abstract), or a page of its own source's entry rather than the
    paper's (a NeurIPS entry's PDF for the poster's page). Read back, they are the
    paper's links again (:mod:`tuireader.ingest.formats.ownbib`)."""
    from tuireader.ingest.formats.bibtex import parse_entry_string, record_from_entry
    from tuireader.ingest.formats.ownbib import (
        LINKS_FIELD,
        bibtex_literal,
        links_value,
        without_derived_page,
    )
    from tuireader.ingest.links import record_links

    parsed = _read_as_written(entry) or parse_entry_string(entry)
    record = record_from_entry(parsed) if parsed is not None else None
    # as the export is read back: a ``url`` that is its DOI's or arXiv id's address is theirs
    given = record_links(without_derived_page(record)) if record is not None else ()
    if given == paper.links:  # each link, its kind and where it came from
        return entry
    return _add_fields(entry, [(LINKS_FIELD, bibtex_literal(links_value(paper.links)))])


#: the first line of an entry as citations write it: ``@type{key,``
_WRITTEN_HEAD = re.compile(r"@([A-Za-z]+)\{([A-Za-z0-9_:./+-]+),\n")
#: one field line of it, braced value and all: ``  name = {value},``
_WRITTEN_FIELD = re.compile(r"  ([A-Za-z][\w:-]*) = \{([^\n]*)\}(,?)\n")
_BRACE = re.compile(r"[{}]")


def _read_as_written(entry: str) -> BibEntry | None:
    """``entry`` as ``bibtex.parse_entry_string`` reads it, where it is written as
    citations write it: ``@type{key,``, then one field a line, each value in braces that
    hold it whole, and ``}``; None for any other (a bare ``month = feb``, a brace
    escaped as ``\\{``, a field named twice), which the reader must read. The reader
    (the parser, then its mends of damaged entries) gives such an entry's values as
    they are between their braces; read so, a 100,000-paper export spends no time
    reading back what it has just written, where that reading was a third of the
    export (``test_export_links_read.py`` holds the two equal)."""
    from tuireader.ingest.formats.bibtex import BibEntry

    head = _WRITTEN_HEAD.match(entry)
    if head is None:
        return None
    pairs: list[tuple[str, str]] = []
    names: set[str] = set()
    at = head.end()
    while True:
        found = _WRITTEN_FIELD.match(entry, at)
        if found is None:
            return None
        name, value, comma = found.groups()
        if name.lower() in names or not _braced_whole(value):
            return None
        names.add(name.lower())
        pairs.append((name, value))
        at = found.end()
        if not comma:
            break
    if entry[at:] != "}":
        return None
    return BibEntry(head.group(2), head.group(1), tuple(pairs), 0)


def _braced_whole(value: str) -> bool:
    """Whether ``{value}`` is one value to the parser and the reader alike: its braces
    pair up inside it, and none is escaped (``\\{``: the parser does not count it, the
    reader's own walk skips what follows each backslash, and the two may disagree)."""
    if "\\{" in value or "\\}" in value or value.endswith("\\"):
        return False
    depth = 0
    for found in _BRACE.finditer(value):
        depth += 1 if found.group() == "{" else -1
        if depth < 0:
            return False
    return depth == 0


#: an identifier written as it is: no whitespace, braces or backslashes
_VERBATIM = re.compile(r"[^\s{}\\]+")


def _source_key(paper: Paper) -> str | None:
    """``scope#id`` of a paper known by its own id in its source (no DOI, arXiv id, …),
    where its citation's key and venue would not give it: None otherwise."""
    from tuireader.ingest.identity import identifier_keys, identify

    entry = paper.source_entry
    if not paper.source_id or (entry and entry.key == paper.source_id and paper.venue):
        return None
    if identifier_keys(_as_listed(paper)):
        return None
    scope = paper.venue or (paper.lists[0] if paper.lists else "")
    strongest = identify(_as_listed(paper), scope).strongest
    return strongest.value if strongest is not None and strongest.kind == "source" else None


def _with_triage(entry: str, triage: Triage) -> str:
    """``entry`` with its paper's triage: the state (none for a new paper without tags or
    a note) and the tags in ``keywords``, after the entry's own (Zotero and JabRef make
    them tags), and the note in ``annote``, after the entry's own. What read back tells the triage from the
    entry's own by: the state's keyword, else ``tuireader-tags`` (the tags the keywords
    end with); and the entry's own annote kept as ``tuireader-annote`` too."""
    from tuireader.ingest.formats.ownbib import (
        NOTE_FIELD,
        OWN_NOTE_FIELD,
        STATE_PREFIX,
        TAG_NAMES_FIELD,
        TAGS_FIELD,
        bibtex_literal,
    )

    fields = _fields(entry)
    changed: list[tuple[re.Match[str], str]] = []  # a field line, and its new value
    added: list[tuple[str, str]] = []
    own = fields.get("keywords")
    own_value = own.group(2)[1:-1] if own is not None else ""
    had = {word.strip().casefold() for word in re.split(r"[,;]", own_value)}
    tags: list[str] = []
    for tag in triage.tags:
        word = _keyword(tag)
        if word and word.casefold() not in had:
            had.add(word.casefold())
            tags.append(word)
    state = STATE_WORDS.get(triage.state, triage.state)
    # a new paper with tags or a note says so too (``tuireader:new``): saved again by
    # Zotero, which leaves out ``tuireader-tags``, it is still told from the entries of
    # the user's own bibliography beside it, whose keywords are no tags
    marked = triage.state != "new" or bool(tags) or bool(triage.note.strip())
    words = [f"{STATE_PREFIX}{state}"] if marked else []
    words += tags
    if words:
        value = ", ".join(words)
        if own is not None and own_value.strip():
            changed.append((own, f"{own_value}, {value}"))
        else:
            added.append(("keywords", value))
        if triage.state == "new":  # no state's keyword says where the tags begin
            added.append((TAGS_FIELD, ", ".join(tags)))
    if any(keyword_form(tag) != tag for tag in triage.tags):
        # "RL; theory" is the keyword "RL theory": read back, the tag is the user's again
        added.append((TAG_NAMES_FIELD, bibtex_literal(tags_cell(triage.tags))))
    note = _note_literal(triage.note)
    own = fields.get(NOTE_FIELD)
    own_value = own.group(2)[1:-1] if own is not None else ""
    if own is not None and own_value.strip():
        # read back, the entry keeps its own and the note is told from it
        added.append((OWN_NOTE_FIELD, own_value))
        if note:  # the entry's own comes first, then the user's
            changed.append((own, f"{own_value}\n\n{note}"))
    elif note and own is not None:
        changed.append((own, note))
    elif note:
        added.append((NOTE_FIELD, note))
    for found, value in sorted(changed, key=lambda change: change[0].start(), reverse=True):
        line = f"  {found.group(1)} = {{{value}}}{found.group(3)}"
        entry = entry[: found.start()] + line + entry[found.end() :]
    return _add_fields(entry, added)


def _note_literal(note: str) -> str:
    """A note as BibTeX text (``ownbib.bibtex_literal``, its line breaks kept) with its
    tabs kept too: a tab is whitespace to BibTeX, as the spaces and line breaks kept
    already are, and read back by ``tuireader import`` it is the note's tab again, as a
    JSON or CSV export gives it (made a space, a note's indented lines came back
    indented by a space)."""
    from tuireader.ingest.formats.ownbib import bibtex_literal
    from tuireader.render.safetext import is_unsafe

    if "\t" not in note:
        return bibtex_literal(note, lines=True)
    # a character the note does not hold stands for its tabs while the rest is escaped
    stand_in = next(
        char
        for char in map(chr, range(0xE000, 0x110000))
        if char not in note and not is_unsafe(char) and not char.isspace()
    )
    return bibtex_literal(note.replace("\t", stand_in), lines=True).replace(stand_in, "\t")


def _keyword(tag: str) -> str:
    """A tag as one BibTeX keyword (:func:`~tuireader.triage.store.keyword_form`), its
    text kept text."""
    from tuireader.ingest.formats.ownbib import bibtex_literal

    return bibtex_literal(keyword_form(tag))


def tags_cell(tags: Sequence[str]) -> str:
    """The CSV export's ``tags`` cell: the tags joined with ``; ``, and a tag that holds
    a ``;`` (or a ``"``) in double quotes, its own quotes doubled, as CSV quotes a cell
    that holds its delimiter. Joined bare, the tag "RL; theory" and the two tags "RL"
    and "theory" were one cell; quoted, a read-back (``csv.reader([cell],
    delimiter=";", skipinitialspace=True)``) gives each tag as it was."""
    return "; ".join(
        '"' + tag.replace('"', '""') + '"' if ";" in tag or '"' in tag else tag for tag in tags
    )


def _first_code(paper: Paper) -> str:
    return paper.code_links[0].url if paper.code_links else ""


def _export_csv(
    papers: Sequence[Paper],
    triage: Mapping[str, Triage],
    library: Library | Sequence[Paper] | None = None,
    detached: Collection[str] = (),
) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    from tuireader.ingest.formats.table import (
        CITATION_KEY_COLUMN,
        DETACHED_COLUMN,
        LIST_SEPARATOR,
        OWN_COLUMNS,
    )

    writer.writerow(
        [
            *OWN_COLUMNS,
            CITATION_KEY_COLUMN,
            *_IDENTIFIER_COLUMNS,
            "lists",
            *_DETAIL_COLUMNS,
            DETACHED_COLUMN,
        ]
    )
    # each paper's key as its BibTeX export and ``tuireader cite`` give it
    keys = cite_keys(papers, library)
    for paper in papers:
        t = triage[paper.id]
        named = _identifier_keys(paper)
        known = identifiers(paper, named)
        site, month, day = _site(paper)
        writer.writerow(
            _inert(
                paper.id,
                paper.title,  # as the source wrote it (LaTeX included), as JSON gives it
                "; ".join(display_author(name) for name in paper.authors),
                paper.venue or "",
                paper.year or "",
                t.state,
                tags_cell(t.tags),
                t.note,
                best_link(paper) or "",
                _first_code(paper),
                keys.get(paper.id, ""),
                *(known[name] or "" for name in _IDENTIFIER_COLUMNS),
                LIST_SEPARATOR.join(paper.lists),
                " ".join(paper.other_dois),
                _entry_detail(paper, "edition") or "",
                _entry_detail(paper, "place") or "",
                _entry_detail(paper, "series") or "",
                paper.entry_type or "",
                "; ".join(split_names(paper)),
                "; ".join(paper.editor),
                paper.volume or "",
                paper.number or "",
                paper.pages or "",
                paper.publisher or "",
                month or "",
                day or "",
                site or "",
                _origin_link(paper, "pdf"),
                _origin_link(paper, "openreview"),
                paper.arxiv_class or "",
                " ".join(paper.categories),
                paper.journal_ref or "",
                paper.status or "",
                paper.track or "",
                paper.primary_area or "",
                paper.tldr or "",
                tags_cell(paper.keywords),
                _links_cell(paper),
                source_bibtex(paper) or "",
                paper.cite_key or "",
                # a detached mark's row is read by import alone, which finds its paper
                # by the abstract where its title was reworded since
                paper.abstract if paper.id in detached else _abstract_cell(paper, named),
                "true" if paper.id in detached else "",
            )
        )
    return visible(out.getvalue())


def _links_cell(paper: Paper) -> str:
    """The CSV export's ``links`` of ``paper``: its record's own links as
    ``ownbib.links_value`` writes them, and those its abstract mentions after the word
    ``text``, apart from them: read back, they are found in the abstract again (a link
    the abstract gives is no page of the paper's own, which its citations would give)."""
    from tuireader.ingest.formats.ownbib import links_value

    return links_value(paper.links)


def _abstract_cell(paper: Paper, named: Sequence[Key]) -> str:
    """The abstract a CSV row gives a paper, so that read back it has its abstract again,
    and the links it mentions are found in it where they were found before
    (:func:`_links_cell`): that of a paper whose id its identifiers or its title and
    first author give (most papers), or whose id is made of it (one of two papers of one
    title, first author and year, two workshop talks, a paper and its erratum, told from
    the other by its abstract: ``identity.told_apart``; read back without it, the two
    would take new ids and leave their marks behind); else "". One its list knows by its
    abstract alone (a seed's, titled by a catalog) is read back by its title: its
    abstract, read with that list, would give it another id (its own an alias), and is
    left out. ``named``: the paper's :func:`_identifier_keys`. The abstract is read
    (normalised and hashed) only for the few papers whose id its keys do not give, as a
    twin's: read for every paper, it cost as much again as the rest of a row."""
    if not paper.abstract.strip():
        return ""
    from tuireader.ingest.identity import digest, strongest_key, told_apart

    if any(digest(str(key)).startswith(paper.id) for key in named):
        return paper.abstract
    scope = paper.venue or (paper.lists[0] if paper.lists else "")
    strongest = strongest_key(_as_listed(paper), scope)
    if strongest is None:
        return ""
    if digest(str(strongest)).startswith(paper.id):
        return paper.abstract
    if digest(told_apart(str(strongest), paper.abstract)).startswith(paper.id):
        return paper.abstract
    return ""


def _origin_link(paper: Paper, origin: str) -> str:
    """The paper's first link its records give in the field ``origin`` ("pdf"), or ""."""
    return next((link.url for link in paper.links if link.origin == origin), "")


#: the columns after the CSV export's own (``table.OWN_COLUMNS``) and the paper's
#: citation key (``table.CITATION_KEY_COLUMN``): what says who each paper is
#: (:func:`identifiers`), then its lists.
_IDENTIFIER_COLUMNS = ("doi", "arxiv_id", "openreview_id", "pmlr_key", "source_id")
#: the columns after the lists: the DOIs the paper's source gives after its own (an
#: erratum's), a space between them, its edition, place of publication and series, what
#: else its citations give (its BibTeX entry type, its authors as its source splits them
#: and its editors, a ``;`` between them, its
#: volume, number, pages and publisher, the month and day of its date, the site a web
#: page or a post is on, apart from its venue: ``howpublished``), its PDF and OpenReview forum (the
#: ``url`` column gives one link, the best for people), its arXiv class and categories
#: (a space between them), its journal reference (arXiv's), the decision, track, primary
#: area and TL;DR its list gives, its keywords (``;`` between them), every link it has, each
#: after the field it came from or its kind (``ownbib.links_value``: ``url https://…, code
#: https://…``), read back as its links, the BibTeX entry it was read from
#: (:func:`source_bibtex`) and the citation key its CSL-JSON source gives; the abstract
#: (:func:`_abstract_cell`: but of a paper its list knows by its abstract alone, unless
#: it tells the paper from a twin; always a detached mark's);
#: last, whether the row is
#: a detached mark's (``table.DETACHED_COLUMN``).
_DETAIL_COLUMNS = (
    "other_dois",
    "edition",
    "place",
    "series",
    "entry_type",
    "author_names",
    "editors",
    "volume",
    "number",
    "pages",
    "publisher",
    "month",
    "day",
    "howpublished",
    "pdf",
    "openreview",
    "arxiv_class",
    "categories",
    "journal_ref",
    "status",
    "track",
    "primary_area",
    "tldr",
    "keywords",
    "links",
    "bibtex",
    "cite_key",
    "abstract",
)
#: what a spreadsheet reads as the start of a formula in a cell, after any apostrophes
#: (one more is put before a cell that already starts so, and the reader takes one off).
_FORMULA = re.compile(r"'*[=+\-@\t\r]")


def _inert(*cells: object) -> list[object]:
    """The cells of a CSV row, each that a spreadsheet would take for a formula
    (``=HYPERLINK(…)``, ``+cmd|…``, ``@SUM(…)``) made text by a leading apostrophe: a
    paper list is data, never a program for whoever opens the export. A cell that
    starts with apostrophes before such a character gets one more, so that reading the
    export back takes one off every such cell and gives each as it was."""
    return [
        "'" + cell if isinstance(cell, str) and _FORMULA.match(cell) else cell for cell in cells
    ]


_MARKDOWN_URL = str.maketrans({" ": "%20", "(": "%28", ")": "%29", "<": "%3C", ">": "%3E"})
#: what CommonMark (and GitHub's tables, strikethrough) reads as markup anywhere in a
#: line: emphasis, code, links and images, raw HTML and entities, table cells; each is
#: written backslashed
_MARKDOWN_ANYWHERE = re.compile(r"[\\`*_\[\]()!|<>&~]")
#: what starts a block at the start of a line (after its spaces): a heading, a list
#: item, a setext heading's line or a thematic break ("# …", "- …", "+ …", "===", "---"),
#: or an ordered list item ("1. …"; "1) …" is escaped anywhere): its mark is backslashed
_MARKDOWN_LINE_START = re.compile(r"^([ \t]*)(?:([#+\-=])|(\d{1,9})\.)", re.MULTILINE)


def markdown_plain(text: str) -> str:
    """``text`` as Markdown that shows it as it is, each line of it: a paper's title,
    authors and venue, a tag, a note are text, never a link, a heading, a list, emphasis
    or code. CommonMark's backslash escapes, which the reader of the export
    (``ingest.formats.markdown``) takes off again."""
    escaped = _MARKDOWN_ANYWHERE.sub(r"\\\g<0>", text)
    return _MARKDOWN_LINE_START.sub(
        lambda found: (
            found.group(1) + (f"\\{found.group(2)}" if found.group(2) else f"{found.group(3)}\\.")
        ),
        escaped,
    )


#: the kinds of key a paper's id may come from that a citation gives nowhere: its
#: list's own id for it (the citation's key is another), its OpenReview forum (given
#: only where the forum is the paper's page)
_OWN_KEY_KINDS = ("source", "openreview")
#: the identifiers a paper's id may come from that a citation may leave out (a NeurIPS
#: paper's arXiv id, which another list gave it): written where the export's item does
#: not give them, and read back as the item's (``common.with_own_key``)
_GIVEN_KEY_KINDS = ("doi", "arxiv", "pmlr")


def own_key(paper: Paper, given: Callable[[], Iterable[Key]] | None = None) -> str | None:
    """The key ``paper``'s id comes from, as ``kind:value`` (``identity.Key``), where
    it is one a citation gives nowhere (:data:`_OWN_KEY_KINDS`): ``source:scope#id``,
    its list's own id for it scoped by the venue or list it has that id in, or
    ``openreview:…``; or an identifier (:data:`_GIVEN_KEY_KINDS`) that the item written
    of it, read back, does not give (``given``: the keys it gives). None for a paper
    known by another (its DOI, arXiv id, PMLR key, its title), which its citation
    gives. The key is the one whose digest the id is: a paper merged from two lists is
    known by the key of the one its id comes from, not by its venue's scope."""
    from tuireader.ingest.identity import key_of_id, strongest_key

    scope = paper.venue or (paper.lists[0] if paper.lists else "")
    listed = _as_listed(paper)
    key = key_of_id(listed, paper.id, (scope, *paper.lists)) or strongest_key(listed, scope)
    if key is None:
        return None
    if key.kind in _OWN_KEY_KINDS:
        return str(key)
    if key.kind in _GIVEN_KEY_KINDS and given is not None and key not in set(given()):
        return str(key)
    return None


def _record_keys(record: object) -> tuple[Key, ...]:
    """The identifier keys ``record`` (an item of an export, read back) gives."""
    from tuireader.ingest.identity import identifier_keys

    return identifier_keys(record) if record is not None else ()


def _csl_given(item: dict[str, Any]) -> tuple[Key, ...]:
    """The identifier keys a CSL-JSON item gives, read back (``jsonfile``)."""
    from tuireader.ingest.formats.jsonfile import _csl_record

    return _record_keys(_csl_record(dict(item)))


def _ris_given(record: str) -> tuple[Key, ...]:
    """The identifier keys a RIS record gives, read back (``ris``)."""
    from tuireader.ingest.formats.ris import parse_ris

    read = parse_ris(record + "\n", Path("export.ris")).records
    return _record_keys(read[0]) if len(read) == 1 else ()


def _markdown_given(paper: Paper) -> tuple[Key, ...]:
    """The identifier keys a paper's item of the Markdown export gives, read back: its
    title's link and its links, each after its word (``markdown``)."""
    from tuireader.ingest.formats.common import records_said
    from tuireader.ingest.formats.markdown import _linked
    from tuireader.ingest.formats.ownbib import links_value
    from tuireader.model import Record

    words = [
        ("text" if link.origin == "text" else links_value((link,)).partition(" ")[0], link.url)
        for link in paper.links
    ]
    record = _linked(Record(title=paper.title), best_link(paper), words)
    return _record_keys(records_said((record,))[0])


#: the line of a paper's item in the Markdown export that gives its citation key
MARKDOWN_KEY_LINE = "  citation key: "


def _markdown_ids(paper: Paper, key: str | None = None) -> list[str]:
    """The lines of a paper's item that say who it is: its citation key (``citation
    key: …``, ``key``: the one its BibTeX export and ``tuireader cite`` give it), then,
    in tuireader, its id (``id: …``), and the key its id comes from where its title,
    authors and links do not give it (``source id: source:scope#id``, :func:`own_key`;
    no citation key, which ``key:`` was taken for, as earlier exports named it). Read
    back as a list, the item is the paper it was, with its citation key, its id and its
    marks; a paper without marks too, so that a mark made on it later is the one made
    on the paper in its own list."""
    lines = [MARKDOWN_KEY_LINE + markdown_plain(key)] if key and one_line(key) == key else []
    if not _VERBATIM.fullmatch(paper.id):
        return lines
    lines.append(f"  id: {paper.id}")
    source = own_key(paper, lambda: _markdown_given(paper))
    if source and one_line(source) == source:
        lines.append(f"  source id: {markdown_plain(source)}")
    return lines


def _markdown_head(paper: Paper) -> str:
    """``[Title](best link)``: the title as the reader shows it, Markdown's marks escaped."""
    title = markdown_plain(" ".join((display_title(paper.title) or "Untitled").split()))
    url = best_link(paper)
    return f"[{title}]({url.translate(_MARKDOWN_URL)})" if url else title


def _markdown_links(paper: Paper) -> list[str]:
    """The paper's links, one a line in the order ``tuireader links`` gives them (code
    first), each after the word the CSV and BibTeX exports give it (``ownbib.links_value``:
    the field it came from, ``url``, ``pdf``, ``openreview``, ``doi``, ``arxiv``, else its
    kind, ``code``, ``project``, ``paper``; one its abstract mentions, its kind and "(in
    the abstract)", a reader's word for it) and as an autolink, ``<https://…>``, which no
    safe link's address breaks (it holds no space and no angle bracket). Read back, a
    link "in the abstract" is no link of the paper's own."""
    from tuireader.ingest.formats.ownbib import links_value

    return [
        f"  {link.kind} (in the abstract): <{link.url}>"
        if link.origin == "text"
        else f"  {links_value((link,)).partition(' ')[0]}: <{link.url}>"
        for link in paper.links
    ]


def _note_line(line: str) -> str:
    """A line of the user's note as text (:func:`markdown_plain`), its indentation
    written as no-break spaces: shown as written, where spaces after a blank line of the
    note made it a code block, its escapes shown."""
    text = line.lstrip(" \t")
    indent = line[: len(line) - len(text)].expandtabs(4)
    return "\u00a0" * len(indent) + markdown_plain(text)


def _markdown_entry(paper: Paper, triage: Triage, key: str | None = None) -> str:
    """One reading-list item: the linked title, then details indented beneath it (its
    citation key ``key`` among them), each of the paper's and the user's text shown as
    written (:func:`markdown_plain`)."""
    head = _markdown_head(paper)
    if paper.title_unknown:
        # a paper known by an identifier only has no abstract to derive a title from
        head += " (title not known)"
    elif paper.title_derived:
        head += " (title derived from the abstract)"
    authors = ", ".join(display_author(name) for name in paper.authors)
    byline = markdown_plain(" ".join(authors.split())) if authors else "authors unknown"
    if not authors and paper.editor:
        # the names are text; "(ed.)" after them is the export's, as written
        names, _, role = display_editors(paper.editor).rpartition(" (")
        byline = f"{markdown_plain(' '.join(names.split()))} ({role}"
    lines = [f"- {head}", "  " + byline]
    year = str(paper.year) if paper.year else ""
    where = markdown_plain(" ".join((paper.venue or "").split()))
    if year and year not in (paper.venue or ""):
        where = f"{where} ({year})" if where else year
    if where:
        lines.append(f"  {where}")
    lines.extend(_markdown_links(paper))
    lines.extend(_markdown_ids(paper, key))
    if triage.state != "new":
        lines.append(f"  state: {triage.state}")
    if triage.tags:
        lines.append("  tags: " + ", ".join(markdown_plain(one_line(tag)) for tag in triage.tags))
    if triage.note:
        # the note is text, each line of it in the paper's item, indented beneath "note:"
        lines.append("  note:")
        lines.extend(("    " + _note_line(line)).rstrip() for line in triage.note.splitlines())
    return "\n".join(lines) + "\n"


#: how much of a file :func:`would_lose` reads to tell an export of tuireader's from other text
_HEAD = 64 * 1024
_WEB_ADDRESS = re.compile(r"[a-z][a-z0-9+.\-]*://\S+", re.IGNORECASE)
_MARKDOWN_ENTRY = re.compile(r"(?:- | {2,})\S")


def would_lose(target: Path, written: Path | None = None) -> int | None:
    """How many bytes of the file ``target`` an export written there would take the
    place of: None when it loses nothing anyone wrote, that is no file (or not a regular
    one: a FIFO or a device is written to, not replaced), an empty one, or one of
    tuireader's own exports, in any format (made to be replaced by the next export).

    A bibliography, a paper list or notes the user keeps there count; an export is told
    by its first 64 KB: BibTeX by its first line (``@comment{tuireader export``), CSV by
    its columns, JSON by the fields only tuireader's JSON has. A Markdown or URL export
    has no mark of its own, and a list of links a user keeps looks the same: such a file
    is an export only where ``written`` (:func:`remember_written`) records it as one,
    as it is now.
    """
    try:
        info = target.stat()
        if not stat.S_ISREG(info.st_mode) or info.st_size == 0:
            return None
        with open(target, "rb") as handle:
            head = handle.read(_HEAD).decode("utf-8", errors="replace").lstrip("\ufeff")
    except OSError:
        return None  # nothing to read: writing there says what stops it
    own = _is_own_export(head, complete=info.st_size <= _HEAD)
    if own == "shaped":
        own = written is not None and _was_written(written, target)
    return None if own else info.st_size


#: how many files :func:`remember_written` keeps a record of (the latest written)
_WRITTEN_KEPT = 200


def remember_written(written: Path, target: Path) -> None:
    """Record in the file ``written`` that ``target`` holds a Markdown or URL export as
    it is now (its contents' hash), so that the next export may replace it (see
    :func:`would_lose`). A record that cannot be read or written is let go: the next
    export there then asks for --force, nothing worse."""
    from tuireader.ingest.cache import content_digest

    try:
        digest = content_digest(target)
        if digest is None:
            return
        records = _written(written)
        key = os.path.realpath(target)
        records.pop(key, None)
        records[key] = digest
        kept = dict(list(records.items())[-_WRITTEN_KEPT:])
        write_atomic(json.dumps(kept, indent=1), written, private=True)
    except (OSError, ValueError):
        return


def _was_written(written: Path, target: Path) -> bool:
    from tuireader.ingest.cache import content_digest

    digest = content_digest(target)
    try:
        return digest is not None and _written(written).get(os.path.realpath(target)) == digest
    except (OSError, ValueError):
        return False


def _written(written: Path) -> dict[str, str]:
    try:
        data = json.loads(written.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except ValueError:
        return {}  # damaged (a write cut short): begun afresh
    if not isinstance(data, dict):
        return {}  # not a record of exports: begun afresh
    return {str(key): str(value) for key, value in data.items()}


def _is_own_export(head: str, *, complete: bool) -> bool | str:
    """Whether ``head`` begins one of tuireader's exports: True for a format that says
    so itself, "shaped" for one shaped as a Markdown or URL export is (which only a
    record of it tells from the user's own list of links), else False."""
    from tuireader.ingest.formats.jsonfile import OWN_FIELDS
    from tuireader.ingest.formats.ownbib import is_own_bibtex
    from tuireader.ingest.formats.table import OWN_COLUMNS

    if not head.strip() or is_own_bibtex(head):
        return True
    first = head.lstrip().partition("\n")[0].rstrip("\r")
    if first == ",".join(OWN_COLUMNS) or first.startswith(",".join(OWN_COLUMNS) + ","):
        return True
    if head.lstrip().startswith("["):
        if head.strip() == "[]":
            return True
        if all(re.search(rf'"{key}"\s*:', head) for key in OWN_FIELDS):
            return True
        return "shaped"  # a CSL-JSON export, told only by the record of it
    if first.startswith("TY  - "):
        return "shaped"  # a RIS export, told only by the record of it
    # the last line may be cut at 64 KB: it is judged only when the file ended there
    lines = [line for line in head.splitlines() if line.strip()]
    if not complete:
        lines = lines[:-1]
    return "shaped" if shaped_as(lines) else False


def shaped_as(lines: Sequence[str]) -> str | None:
    """The export whose shape the non-blank ``lines`` have: "urls" (web addresses, one a
    line) or "markdown" (items, each with its details indented beneath), else None.
    Neither says which paper each line is, so neither can be imported; only a record of
    what was written tells one from the user's own list of links."""
    if lines and all(_WEB_ADDRESS.fullmatch(line.strip()) for line in lines):
        return "urls"
    if lines and lines[0].startswith("- ") and all(_MARKDOWN_ENTRY.match(line) for line in lines):
        return "markdown"
    return None


def write_export(text: str, target: Path) -> None:
    """Write ``text`` to ``target`` as UTF-8, however the target exists (raises OSError).

    A regular file or a new path is replaced atomically
    (:func:`tuireader.system.atomic.write_atomic`: a new file gets the mode the umask
    gives, one replaced keeps its own); a FIFO or
    a device (or a symlink to one, such as ``/dev/stdout``) is opened and written in
    place; a symlink to a regular file has that file replaced and stays a symlink.
    """
    try:
        mode = target.stat().st_mode  # through symlinks
    except FileNotFoundError:
        mode = None
    if mode is not None and stat.S_ISDIR(mode):
        raise IsADirectoryError(21, "is a folder", str(target))
    if mode is None or stat.S_ISREG(mode):
        # replace the file a symlink points at, not the symlink (a new path resolves to itself)
        write_atomic(text, Path(os.path.realpath(target)))
        return
    # not resolved: /dev/stdout leads to /proc/self/fd/1, whose target may be "pipe:[…]"
    data = valid(text).encode("utf-8")
    fd = os.open(target, os.O_WRONLY | getattr(os, "O_NOCTTY", 0))  # never created here
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)
