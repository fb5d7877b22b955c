"""arXiv's feeds saved to a file: the API's Atom answer and the RSS feed of new papers.

The API (``export.arxiv.org/api/query?search_query=…``) answers in Atom; people save it
with ``curl -o`` or from a browser, and it is the list of papers a query found::

    <feed xmlns="http://www.w3.org/2005/Atom" xmlns:arxiv="http://arxiv.org/schemas/atom">
      <title>arXiv Query: search_query=all:diffusion&amp;id_list=&amp;start=0…</title>
      <entry>
        <id>http://arxiv.org/abs/2006.11239v2</id>
        <published>2020-06-19T17:24:44Z</published>
        <title>Denoising Diffusion Probabilistic Models</title>
        <summary>We present …</summary>
        <author><name>Jonathan Ho</name></author>
        <arxiv:doi>…</arxiv:doi> <arxiv:journal_ref>…</arxiv:journal_ref>
        <arxiv:comment>…</arxiv:comment> <arxiv:primary_category term="cs.LG"/>
        <category term="cs.LG"/> …
      </entry>
    </feed>

The RSS feed (``rss.arxiv.org/rss/cs.LG``) gives each day's papers as ``<item>``: title,
link, ``dc:creator`` (the authors, comma-separated), ``category``, and a description of
``arXiv:2402.01234v1 Announce Type: new`` then ``Abstract: …``.

Each entry gives what arXiv's metadata snapshot gives (``jsonfile``): arXiv id (its page
and PDF), title, authors (an ``arxiv:affiliation`` left out), abstract, year (the first
version's, else the journal reference's), categories, DOI and ``journal_ref``; the
addresses of code an ``arxiv:comment`` gives ("Code: https://github.com/…") are its code
links. The list is named by the query ("diffusion (arXiv search)") or the feed's title.

RSS 1.0 (RDF: ``<rdf:RDF>`` around a ``<channel>`` and its ``<item>``) is read too: the
tables of contents journals publish (Nature's, Elsevier's: Dublin Core's title, creators,
identifier and date, PRISM's journal, DOI, volume and pages), and arXiv's feed before
2024, whose titles end with the id ("… (arXiv:2304.14999v1 [cs.CL])") and whose creators
are links to their other papers.

Zotero's RDF export is read here too (``zoterordf``), and so is EndNote's XML export
(``<xml><records>``), each record as the RIS record of the same meaning (``endnotexml``).

A feed is data from the network, so it is parsed safely: a document that declares a
DOCTYPE (where entities, and with them "billion laughs" and external files, would be
declared) is refused before it is parsed; arXiv's feeds never have one. Any other XML
(an RDF document that is neither an RSS feed nor Zotero's; a web page) is refused with a
message saying what is read.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs
from xml.etree.ElementTree import Element, ParseError, XMLPullParser

from tuireader.ingest.formats.arxivlist import _id_year
from tuireader.ingest.formats.common import (
    MAX_LIST_NAME_CHARS,
    ReadResult,
    failure,
    one_line,
    plain_dois,
    prism_field,
    text_field,
    xml_text,
    year_of,
)
from tuireader.ingest.formats.endnotexml import endnote_block
from tuireader.ingest.formats.jsonfile import (
    _dblp_info,
    arxiv_id_whole,
    arxiv_record,
    record_from_mapping,
    split_arxiv_authors,
)
from tuireader.ingest.formats.prose import strip_markup
from tuireader.ingest.formats.ris import _Block, records_as_ris
from tuireader.ingest.formats.tex import unlatex
from tuireader.ingest.formats.zoterordf import is_zotero_rdf, zotero_records
from tuireader.ingest.links import classify, extract_urls
from tuireader.model import Problem, Record

__all__ = ["looks_like_xml", "parse_feed"]

_ATOM = "{http://www.w3.org/2005/Atom}"
_ARXIV = "{http://arxiv.org/schemas/atom}"
_DC = "{http://purl.org/dc/elements/1.1/}"
_RDF = "{http://www.w3.org/1999/02/22-rdf-syntax-ns#}"
_RSS1 = "{http://purl.org/rss/1.0/}"
_CONTENT = "{http://purl.org/rss/1.0/modules/content/}"

#: an XML document's start: its declaration or its first element, perhaps after comments
#: (a text list that starts with a comment alone stays a text list).
_XML_START = re.compile(
    r"\s*(?:<!--.*?-->\s*)*(?:<\?xml\b|<(?:feed|rss|rdf:RDF|xml)\b)", re.IGNORECASE | re.DOTALL
)
#: what would declare entities (or fetch a file) as the document is parsed.
_DECLARATIONS = re.compile(r"<!(?:DOCTYPE|ENTITY)", re.IGNORECASE)
#: the abs page's address of an entry's ``<id>``, with its version.
_ABS_ID = re.compile(r"^https?://(?:export\.)?arxiv\.org/abs/(.+)$", re.IGNORECASE)
#: the start of the RSS feed's description: "arXiv:2402.01234v1 Announce Type: new".
_ANNOUNCE = re.compile(
    r"^\s*arXiv:(\S+)\s+Announce Type:\s*[\w-]+\s*(?:Abstract:\s*)?", re.IGNORECASE
)


def looks_like_xml(text: str) -> bool:
    """True when a file's text is an XML document (an XML declaration, or a feed's root)."""
    return bool(_XML_START.match(text.lstrip("\ufeff")[:2000]))


def _arxiv_id(value: str | None) -> str | None:
    """The arXiv id, without version, of an entry's ``<id>`` (its abs page's address),
    as the metadata snapshot's reader reads an id."""
    found = _ABS_ID.match((value or "").strip())
    return arxiv_id_whole(
        found.group(1) if found else (value or "").strip().removeprefix("oai:arXiv.org:")
    )


def _web(address: str | None) -> str | None:
    """``address`` when it is a web address, else None."""
    return address if address and re.match(r"https?://\S+$", address, re.IGNORECASE) else None


def _code_links(comment: str | None) -> tuple[str, ...]:
    """The addresses of code a comment gives ("Code: https://github.com/…")."""
    return tuple(url for url in extract_urls(comment or "") if classify(url) == "code")


def _record(
    arxiv_id: str | None,
    title: str | None,
    abstract: str | None,
    authors: tuple[str, ...],
    posted: int | None,
    categories: tuple[str, ...],
    doi: str | None,
    reference: str | None,
    comment: str | None,
    page: str | None = None,
) -> Record | None:
    """One paper of a feed; ``page`` is the entry's link, its page where it is no arXiv
    paper's (another site's feed)."""
    if not title and not abstract:
        return None
    # TeX's accents as arXiv keeps them ("Schr\"odinger"), as the metadata snapshot's
    # reader gives them: the letters they make
    authors = tuple(unlatex(name) if "\\" in name else name for name in authors)
    return arxiv_record(
        arxiv_id,
        title,
        # arXiv's abstracts are plain text with LaTeX, where "<" is math; another
        # site's feed describes its entries in HTML
        (abstract if arxiv_id else strip_markup(abstract or "")) or "",
        authors,
        posted,
        categories,
        doi,
        reference,
        _web(page),
        code_urls=_code_links(comment),
        source_id=arxiv_id,
    )


def _atom_entry(entry: Element) -> Record | None:
    identifier = xml_text(entry.find(f"{_ATOM}id"))
    primary = entry.find(f"{_ARXIV}primary_category")
    terms = [primary.get("term")] if primary is not None else []
    terms += [category.get("term") for category in entry.iter(f"{_ATOM}category")]
    categories = tuple(dict.fromkeys(term.strip() for term in terms if term and term.strip()))
    authors = tuple(
        name
        for author in entry.findall(f"{_ATOM}author")
        if (name := one_line(xml_text(author.find(f"{_ATOM}name"))))
    )
    return _record(
        _arxiv_id(identifier),
        one_line(xml_text(entry.find(f"{_ATOM}title"))),
        xml_text(entry.find(f"{_ATOM}summary")),
        authors,
        year_of(xml_text(entry.find(f"{_ATOM}published"))),
        categories,
        xml_text(entry.find(f"{_ARXIV}doi")),
        one_line(xml_text(entry.find(f"{_ARXIV}journal_ref"))),
        xml_text(entry.find(f"{_ARXIV}comment")),
        next(
            (
                link.get("href")
                for link in entry.findall(f"{_ATOM}link")
                if link.get("rel", "alternate") == "alternate"
            ),
            None,
        ),
    )


def _rss_item(item: Element) -> Record | None:
    description = xml_text(item.find("description")) or ""
    announced = _ANNOUNCE.match(description)
    arxiv_id = _arxiv_id(announced.group(1) if announced else None) or _arxiv_id(
        xml_text(item.find("link"))
    )
    if not arxiv_id:
        # a journal's feed (Wiley's, PNAS's: RSS 2.0 with Dublin Core and PRISM), read
        # as its RSS 1.0 table of contents is
        summary = xml_text(item.find(f"{_CONTENT}encoded")) or description
        return _journal_item(
            item,
            one_line(xml_text(item.find("title")) or xml_text(item.find(f"{_DC}title"))),
            xml_text(item.find("link")),
            strip_markup(_PUBLISHED_LINE.sub("", summary)),
            year_of(xml_text(item.find("pubDate"))),
        )
    abstract = description[announced.end() :] if announced else description
    authors = split_arxiv_authors(one_line(xml_text(item.find(f"{_DC}creator"))) or "")
    categories = tuple(
        dict.fromkeys(term for category in item.findall("category") if (term := xml_text(category)))
    )
    return _record(
        arxiv_id,
        one_line(xml_text(item.find("title"))),
        text_field(abstract),
        authors,
        year_of(xml_text(item.find("pubDate"))),
        categories,
        xml_text(item.find(f"{_ARXIV}DOI")),
        one_line(xml_text(item.find(f"{_ARXIV}journal_reference"))),
        None,
        xml_text(item.find("link")),
    )


#: the end of an old arXiv RSS item's title: "Title. (arXiv:2304.14999v1 [cs.CL])",
#: "… [cs.LG] UPDATED)"
_OLD_ARXIV_TITLE = re.compile(
    r"^(?P<title>.*?)\.?\s*\(arXiv:(?P<id>\S+)\s+\[(?P<category>[^\]]+)\](?:\s+UPDATED)?\)\s*$",
    re.DOTALL,
)
#: a journal's line before its summary ("<p>Nature, Published online: 03 January 2024;
#: <a …>doi:10.1038/…</a></p>"): where and when, no part of the abstract
_PUBLISHED_LINE = re.compile(r"^\s*<p>[^<]*Published online:.*?</p>", re.IGNORECASE | re.DOTALL)


def _creators(item: Element) -> tuple[str, ...]:
    """The authors of an RSS 1.0 item: a ``dc:creator`` each (Nature's), else one that
    joins full names with commas (Elsevier's, old arXiv's, whose names are links to
    their other papers: the names alone). One name written family name first ("Lee,
    Ann B.") stays one name."""
    names = [
        name
        for creator in item.findall(f"{_DC}creator")
        if (name := one_line(strip_markup(xml_text(creator) or "", styled=False)))
    ]
    if len(names) != 1:
        return tuple(names)
    parts = split_arxiv_authors(names[0])
    return parts if all(" " in part for part in parts) else tuple(names)


def _rss1_item(item: Element) -> Record | None:
    """An item of an RSS 1.0 (RDF) feed: a journal's table of contents (Nature's,
    Elsevier's: Dublin Core and PRISM fields) or arXiv's feed before 2024, whose titles
    end with the paper's id and category ("… (arXiv:2304.14999v1 [cs.CL])")."""
    title = one_line(xml_text(item.find(f"{_RSS1}title")) or xml_text(item.find(f"{_DC}title")))
    link = xml_text(item.find(f"{_RSS1}link")) or item.get(f"{_RDF}about")
    categories: tuple[str, ...] = ()
    old_arxiv = _OLD_ARXIV_TITLE.match(title or "")
    arxiv_id = _arxiv_id(link)
    if old_arxiv:
        title = old_arxiv.group("title")
        arxiv_id = _arxiv_id(old_arxiv.group("id")) or arxiv_id
        categories = (old_arxiv.group("category").strip(),)
    summary = xml_text(item.find(f"{_CONTENT}encoded")) or xml_text(
        item.find(f"{_RSS1}description")
    )
    abstract = strip_markup(_PUBLISHED_LINE.sub("", summary or ""))
    if arxiv_id:
        # arXiv's items are dated by their feed alone: the year is the id's (that of the
        # first version, as the metadata's is)
        posted = _dated(item) or _id_year(arxiv_id)
        return _record(
            arxiv_id, title, abstract, _creators(item), posted, categories, _doi(item), None, None
        )
    return _journal_item(item, title, link, abstract, None)


def _doi(item: Element) -> str | None:
    """An item's DOI as PRISM or Dublin Core gives it."""
    return prism_field(item, "doi") or xml_text(item.find(f"{_DC}identifier"))


def _dated(item: Element) -> int | None:
    """The year of an item's Dublin Core or PRISM date."""
    return year_of(
        xml_text(item.find(f"{_DC}date"))
        or prism_field(item, "publicationDate")
        or prism_field(item, "coverDate")
    )


def _journal_item(
    item: Element, title: str | None, link: str | None, abstract: str, posted: int | None
) -> Record | None:
    """An item of a journal's feed, RSS 1.0 or 2.0: its title, link and abstract (markup
    taken off), its ``dc:creator`` names, and the Dublin Core and PRISM fields that say
    where it is: DOI, date (else ``posted``, the feed's date of it), journal, volume,
    issue and pages."""
    if not title and not abstract:
        return None
    dois = plain_dois(_doi(item))
    year = _dated(item)
    journal = prism_field(item, "publicationName")
    first, last = prism_field(item, "startingPage"), prism_field(item, "endingPage")
    return Record(
        title=title,
        abstract=abstract,
        authors=_creators(item),
        venue=journal,
        year=year or posted,
        url=_web(link),
        doi=dois[0] if dois else None,
        other_dois=dois[1:],
        entry_type="article" if journal else None,
        journal=journal,
        volume=prism_field(item, "volume"),
        number=prism_field(item, "number"),
        pages=f"{first}--{last}" if first and last and first != last else first or last,
    )


def _query_name(title: str | None) -> str | None:
    """The list's name from the API answer's title ("arXiv Query: search_query=…&id_list=
    &start=0&max_results=10"), as the search page pasted is named: "diffusion AND
    cat:cs.LG (arXiv search)" (a query of all fields, ``all:``, said as the page says it),
    or the ids asked for ("2006.11239,1706.03762 (arXiv)"). The query comes first: the
    reader's narrow list column shows a name's start, and answers to several queries
    read at once differ only in their queries."""
    if not title:
        return None
    head, colon, query = title.partition(":")
    if not colon or head.strip().lower() != "arxiv query":
        return title
    fields = parse_qs(query.strip(), keep_blank_values=False)
    asked = (fields.get("search_query") or [""])[0].strip()
    start = (fields.get("start") or ["0"])[0].strip()
    # a later page of the same query's answers ("start=100"), saved beside the first,
    # is told apart from it by where it starts
    page = f", from {int(start) + 1}" if start.isdigit() and int(start) > 0 else ""
    if asked:
        return re.sub(r"^all:\s*", "", asked, flags=re.IGNORECASE) + f" (arXiv search{page})"
    ids = (fields.get("id_list") or [""])[0].strip()
    return f"{ids} (arXiv)" if ids else title


#: the roots of the XML read: Atom's feed, RSS, EndNote's export and DBLP's search answer
_ROOTS = (f"{_ATOM}feed", "rss", "xml", "result", f"{_RDF}RDF")


def _dblp_hit(info: Element) -> Record | None:
    """A hit of DBLP's search API answered in XML (its default: ``dblp.org/search/publ/
    api?q=…``), read as its JSON answer's ``info`` is: authors, title, venue, year,
    pages, DOI, ``ee`` (the paper at its publisher) and DBLP's own page."""
    data: dict[str, object] = {}
    for child in info:
        value = xml_text(child)
        if child.tag == "authors":
            people = [{"text": name} for a in child.findall("author") if (name := xml_text(a))]
            data["authors"] = {"author": people}
        elif value and child.tag == "ee":
            data["ee"] = [*(data.get("ee") or []), value]  # type: ignore[misc]
        elif value:
            data.setdefault(child.tag, value)
    record = record_from_mapping(_dblp_info(data))
    return record if isinstance(record, Record) else None


def _endnote(path: Path, blocks: list[_Block], broken: str | None) -> ReadResult:
    """The records of EndNote's XML export, and what to say of them."""
    named = [block for block in blocks if any(tag in ("TI", "AB") for tag, _ in block.tags)]
    records, problems = records_as_ris(path, [(0, block) for block in named], "EndNote XML")
    bare = len(blocks) - len(named)
    if bare:
        s = "s" if bare > 1 else ""
        problems.insert(
            0, Problem(path, f"skipped {bare} record{s} with neither a title nor an abstract")
        )
    if broken and records:
        problems.append(
            Problem(
                path,
                f"the file breaks off at {broken} (cut short?); read the "
                f"{len(records)} records before it",
                "warning",
            )
        )
    elif broken:
        return failure(path, f"is not well-formed XML ({broken})", "xml")
    return ReadResult(path, path.stem, "ris", tuple(records), tuple(problems))


def _zotero(path: Path, root: Element, broken: str | None, closed: int) -> ReadResult:
    """The papers of Zotero's RDF export (its first ``closed`` nodes, those read whole),
    and what to say of them."""
    records, bare = zotero_records(root, closed)
    problems: list[Problem] = []
    if bare:
        s = "s" if bare > 1 else ""
        problems.append(
            Problem(path, f"skipped {bare} item{s} with neither a title nor an abstract")
        )
    if broken and records:
        problems.append(
            Problem(
                path,
                f"the file breaks off at {broken} (cut short?); read the "
                f"{len(records)} items before it",
                "warning",
            )
        )
    elif broken:
        return failure(path, f"is not well-formed XML ({broken})", "xml")
    elif not records:
        problems.append(Problem(path, "Zotero's export holds no papers (only notes or files)"))
    return ReadResult(path, path.stem, "xml", tuple(records), tuple(problems))


def parse_feed(text: str, path: Path) -> ReadResult:
    """Read arXiv's Atom (API) or RSS feed, or EndNote's XML export; refuse any other XML
    with a message."""
    if _DECLARATIONS.search(text):
        return failure(
            path,
            "is an XML document that declares a DOCTYPE or entities; it is not read "
            "(arXiv's API and RSS feeds, the XML read, declare none)",
            "xml",
        )
    parser: XMLPullParser[Element] = XMLPullParser(events=("start", "end"))
    root: Element | None = None
    records: list[Record] = []
    blocks: list[_Block] = []  # EndNote's records
    problems: list[Problem] = []
    errors: list[str] = []
    broken: str | None = None
    try:
        parser.feed(text)
        parser.close()
    except ParseError as error:
        line, column = error.position
        broken = f"line {line}, column {column}"
    # the events before a break are whole: a feed cut short keeps the entries before it
    depth = closed = 0  # how deep the events are; the top level's nodes read whole
    for happened in parser.read_events():
        # start and end events are pairs of a name and an element (namespace events
        # differ; none are asked for)
        event, element = happened if len(happened) == 2 else ("", None)
        if not isinstance(element, Element):
            continue
        if event == "start":
            root = element if root is None else root
            if root.tag not in _ROOTS:
                break
            depth += 1
            continue
        depth -= 1
        closed += depth == 1  # a node of the document's top level, read whole
        if element.tag == "record" and root is not None and root.tag == "xml":
            blocks.append(endnote_block(element))
            continue
        if element.tag == "info" and root is not None and root.tag == "result":
            record = _dblp_hit(element)
        elif element.tag == f"{_ATOM}entry":
            identifier = xml_text(element.find(f"{_ATOM}id")) or ""
            if "/api/errors" in identifier:  # the API's answer to a malformed query
                errors.append(xml_text(element.find(f"{_ATOM}summary")) or "an error")
                continue
            record = _atom_entry(element)
        elif element.tag == "item":
            record = _rss_item(element)
        elif element.tag == f"{_RSS1}item":
            record = _rss1_item(element)
        else:
            continue
        if record is not None:
            records.append(record)
    if root is None:
        where = f" ({broken})" if broken else ""
        return failure(path, f"is not well-formed XML{where}", "xml")
    if root.tag == f"{_RDF}RDF" and root.find(f"{_RSS1}channel") is None and is_zotero_rdf(root):
        return _zotero(path, root, broken, closed)
    if root.tag not in _ROOTS or (
        root.tag == f"{_RDF}RDF" and root.find(f"{_RSS1}channel") is None
    ):
        tag = root.tag.rpartition("}")[2]
        return failure(
            path,
            f"is an XML document of another kind (its root is <{tag}>); the XML read is "
            "arXiv's API answer (Atom), RSS feeds (arXiv's, a journal's table of "
            "contents), EndNote's XML export and DBLP's search answer: export the list "
            "as BibTeX, RIS, CSL-JSON or CSV",
            "xml",
        )
    if root.tag == "xml":
        return _endnote(path, blocks, broken)
    if root.tag == "rss":
        title = xml_text(root.find("channel/title"))
    elif root.tag == f"{_RDF}RDF":
        title = xml_text(root.find(f"{_RSS1}channel/{_RSS1}title"))
    else:
        title = xml_text(root.find(f"{_ATOM}title"))
    name = one_line(_query_name(title)) or path.stem
    name = name if len(name) <= MAX_LIST_NAME_CHARS else path.stem
    problems += [
        Problem(path, f"arXiv's API answered with an error: {one_line(e)}") for e in errors
    ]
    if broken and records:
        problems.append(
            Problem(
                path,
                f"the feed breaks off at {broken} (cut short?); read the "
                f"{len(records)} entries before it",
                "warning",
            )
        )
    if not records:
        if broken:
            return failure(path, f"is not well-formed XML ({broken})", "xml", name)
        if not errors:
            problems.append(Problem(path, "the feed holds no papers (the query found none)"))
        return ReadResult(path, name, "xml", (), tuple(problems))
    return ReadResult(path, name, "xml", tuple(records), tuple(problems))
