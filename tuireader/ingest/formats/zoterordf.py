"""Zotero's RDF export (File → Export Library… → Zotero RDF), parsed by ``feed``.

Zotero writes each item as an RDF node, a ``bib:Article``, ``bib:Book``, … or an
``rdf:Description`` (a conference paper, a preprint), with its type in ``z:itemType``::

    <bib:Article rdf:about="https://www.nature.com/articles/nature14539">
        <z:itemType>journalArticle</z:itemType>
        <dcterms:isPartOf rdf:resource="urn:issn:0028-0836"/>
        <bib:authors><rdf:Seq><rdf:li><foaf:Person>
            <foaf:surname>LeCun</foaf:surname><foaf:givenName>Yann</foaf:givenName>
        </foaf:Person></rdf:li></rdf:Seq></bib:authors>
        <link:link rdf:resource="#item_3"/>
        <dc:subject>deep learning</dc:subject>
        <dc:title>Deep learning</dc:title>
        <dcterms:abstract>…</dcterms:abstract>
        <dc:date>2015-05-28</dc:date>
        <dc:identifier><dcterms:URI><rdf:value>https://…</rdf:value></dcterms:URI></dc:identifier>
        <bib:pages>436-444</bib:pages>
    </bib:Article>
    <bib:Journal rdf:about="urn:issn:0028-0836">
        <dc:identifier>DOI 10.1038/nature14539</dc:identifier>
        <prism:volume>521</prism:volume> <dc:title>Nature</dc:title>
    </bib:Journal>

What belongs to the work it is in (its journal's or proceedings' title, volume, issue,
ISSN, and the paper's DOI, which Zotero files there) is on the node ``dcterms:isPartOf``
names, written inside it or elsewhere in the file under its name. Attachments
(``z:Attachment``) give the PDF's address when they were saved from the web (a file on
the user's disk is no link); notes (``bib:Memo``) and collections are no papers.
"""

from __future__ import annotations

import re
from xml.etree.ElementTree import Element

from tuireader.ingest.formats.common import (
    arxiv_from_doi,
    arxiv_from_url,
    arxiv_id_of,
    distinct_words,
    one_line,
    plain_dois,
    prism_field,
    xml_text,
    year_of,
)
from tuireader.ingest.formats.jsonfile import _name_in_parts
from tuireader.ingest.formats.prose import strip_markup
from tuireader.model import Record
from tuireader.render.romanise import person_name

__all__ = ["is_zotero_rdf", "zotero_records"]

_RDF = "{http://www.w3.org/1999/02/22-rdf-syntax-ns#}"
_Z = "{http://www.zotero.org/namespaces/export#}"
_DC = "{http://purl.org/dc/elements/1.1/}"
_DCTERMS = "{http://purl.org/dc/terms/}"
_BIB = "{http://purl.org/net/biblio#}"
_FOAF = "{http://xmlns.com/foaf/0.1/}"
_LINK = "{http://purl.org/rss/1.0/modules/link/}"

#: Zotero's item types, by the BibTeX entry type a citation gives them
_ENTRY_TYPES = {
    "journalArticle": "article",
    "magazineArticle": "article",
    "newspaperArticle": "article",
    "conferencePaper": "inproceedings",
    "bookSection": "incollection",
    "book": "book",
    "thesis": "phdthesis",
    "report": "techreport",
    "preprint": "misc",
    "webpage": "misc",
    "blogPost": "misc",
}
#: the item types that are no papers: a file, a note
_NOT_PAPERS = frozenset({"attachment", "note"})
#: the identifiers Zotero writes as text: "DOI 10.1038/…", "ISSN 0028-0836"
_LABELLED = re.compile(r"^\s*(DOI|ISSN|ISBN)\s+(\S.*)$", re.IGNORECASE)


def is_zotero_rdf(root: Element) -> bool:
    """True for Zotero's RDF: a node of the document's top level with a ``z:itemType``."""
    return any(child.find(f"{_Z}itemType") is not None for child in root)


class _Nodes:
    """The document's named nodes (``rdf:about``, ``rdf:nodeID``), so that a property
    that names one (``rdf:resource``) reaches it as one written inside it does."""

    def __init__(self, root: Element) -> None:
        self.named: dict[str, Element] = {}
        for child in root:
            for attribute in ("about", "nodeID"):
                name = child.get(f"{_RDF}{attribute}")
                if name:
                    self.named.setdefault(name, child)

    def target(self, prop: Element | None) -> Element | None:
        """The node a property holds: the one it names, else the one written inside."""
        if prop is None:
            return None
        name = prop.get(f"{_RDF}resource") or prop.get(f"{_RDF}nodeID")
        if name:
            return self.named.get(name)
        return next(iter(prop), None)


def _people(nodes: _Nodes, item: Element, role: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The names of ``bib:authors`` (or ``bib:editors``) in order: as "Given Family",
    and as :func:`_name_in_parts` splits them for citations."""
    sequence = nodes.target(item.find(f"{_BIB}{role}"))
    whole: list[str] = []
    split: list[str] = []
    for entry in sequence.findall(f"{_RDF}li") if sequence is not None else []:
        person = nodes.target(entry)
        if person is None:
            continue
        family = one_line(xml_text(person.find(f"{_FOAF}surname"))) or ""
        # Zotero wrote "givenname" before it wrote "givenName"
        given = (
            one_line(
                xml_text(person.find(f"{_FOAF}givenName"))
                or xml_text(person.find(f"{_FOAF}givenname"))
            )
            or ""
        )
        name = person_name(given, family)
        parts = _name_in_parts(family, given)
        if name and parts:
            whole.append(name)
            split.append(parts)
    return tuple(whole), tuple(split)


def _container(nodes: _Nodes, item: Element) -> Element | None:
    """The work the item is in (its journal, proceedings or book), past a section."""
    node = nodes.target(item.find(f"{_DCTERMS}isPartOf"))
    if node is not None and node.tag == f"{_BIB}Part":
        node = nodes.target(node.find(f"{_DCTERMS}isPartOf"))
    return node


def _labelled(nodes: tuple[Element | None, ...], label: str) -> str | None:
    """The first identifier written "LABEL value" (``DOI 10.…``) on one of ``nodes``."""
    for node in nodes:
        for identifier in node.findall(f"{_DC}identifier") if node is not None else []:
            found = _LABELLED.match(identifier.text or "")
            if found and found.group(1).upper() == label:
                return found.group(2).strip()
    return None


def _address(nodes: _Nodes, node: Element) -> str | None:
    """The web address a node gives as its ``dc:identifier`` (``dcterms:URI``)."""
    for identifier in node.findall(f"{_DC}identifier"):
        uri = nodes.target(identifier)
        value = xml_text(uri.find(f"{_RDF}value")) if uri is not None else None
        if value and re.match(r"https?://\S+$", value, re.IGNORECASE):
            return value
    return None


def _pdf(nodes: _Nodes, item: Element) -> str | None:
    """The address of the item's PDF attachment, when it was saved from the web."""
    for link in item.findall(f"{_LINK}link"):
        attachment = nodes.target(link)
        if attachment is None:
            continue
        kind = (xml_text(attachment.find(f"{_LINK}type")) or "").lower()
        address = _address(nodes, attachment)
        if kind == "application/pdf" and address:
            return address
    return None


def _tags(nodes: _Nodes, item: Element) -> tuple[str, ...]:
    """The item's tags: a ``dc:subject`` of text, or an automatic tag's ``rdf:value``
    (a library's call number, ``dcterms:LCC``, is none)."""
    tags: list[str] = []
    for subject in item.findall(f"{_DC}subject"):
        node = nodes.target(subject)
        if node is None:
            tag = one_line(xml_text(subject))
        elif node.tag == f"{_Z}AutomaticTag":
            tag = one_line(xml_text(node.find(f"{_RDF}value")))
        else:
            tag = None
        if tag:
            tags.append(tag)
    return distinct_words(tags)


def _item(nodes: _Nodes, item: Element) -> Record | None:
    kind = xml_text(item.find(f"{_Z}itemType")) or ""
    title = one_line(xml_text(item.find(f"{_DC}title")))
    abstract = strip_markup(xml_text(item.find(f"{_DCTERMS}abstract")) or "")
    if not title and not abstract:
        return None
    container = _container(nodes, item)
    venue = one_line(xml_text(container.find(f"{_DC}title"))) if container is not None else None
    conference = nodes.target(item.find(f"{_BIB}presentedAt"))
    if not venue and conference is not None:
        venue = one_line(xml_text(conference.find(f"{_DC}title")))
    entry_type = _ENTRY_TYPES.get(kind)
    dois = plain_dois(_labelled((item, container), "DOI"))
    doi = dois[0] if dois else None
    url = _address(nodes, item)
    publisher = nodes.target(item.find(f"{_DC}publisher"))
    authors, author_names = _people(nodes, item, "authors")
    editors, _ = _people(nodes, item, "editors")
    first = xml_text(item.find(f"{_BIB}pages"))
    return Record(
        title=title,
        abstract=abstract,
        authors=authors,
        author_names=author_names,
        venue=venue,
        year=year_of(xml_text(item.find(f"{_DC}date"))),
        url=url,
        pdf=_pdf(nodes, item),
        doi=doi,
        other_dois=dois[1:],
        # a preprint's "arXiv:1706.03762" (its archive's id), else its DOI's or page's
        arxiv_id=arxiv_id_of(xml_text(item.find(f"{_Z}archiveID")))
        or arxiv_from_doi(doi)
        or arxiv_from_url(url),
        entry_type=entry_type,
        journal=venue if entry_type == "article" else None,
        booktitle=venue if entry_type in ("inproceedings", "incollection") else None,
        volume=prism_field(container, "volume") or prism_field(item, "volume"),
        number=prism_field(container, "number") or prism_field(item, "number"),
        pages=first,
        publisher=(
            one_line(xml_text(publisher.find(f"{_FOAF}name"))) if publisher is not None else None
        ),
        edition=prism_field(item, "edition"),
        editor=editors,
        keywords=_tags(nodes, item),
    )


def zotero_records(root: Element, closed: int) -> tuple[list[Record], int]:
    """The papers of the first ``closed`` nodes of Zotero's RDF (those read whole: a
    document cut short leaves out the one it breaks off in), and how many of its items
    have neither title nor abstract."""
    nodes = _Nodes(root)
    children = list(root)[:closed]
    records: list[Record] = []
    bare = 0
    for child in children:
        kind = xml_text(child.find(f"{_Z}itemType"))
        if not kind or kind in _NOT_PAPERS:
            continue
        record = _item(nodes, child)
        if record is None:
            bare += 1
        else:
            records.append(record)
    return records, bare
