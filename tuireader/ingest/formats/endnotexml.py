"""EndNote's XML export (File → Export → "XML"): ``<xml><records><record>…``.

Each field's text sits in ``<style>`` elements (EndNote keeps its fonts); a record reads
as the RIS record of the same meaning (``ris.records_as_ris``), as EndNote's tagged
export does (``refer``)::

    <record>
      <ref-type name="Conference Proceedings">10</ref-type>
      <contributors>
        <authors><author><style>He, Kaiming</style></author>…</authors>
        <secondary-authors><author>…</author></secondary-authors>   (editors)
      </contributors>
      <titles><title>…</title><secondary-title>…</secondary-title>
              <tertiary-title>…</tertiary-title></titles>          (the series)
      <periodical><full-title>…</full-title></periodical>
      <pages>770-778</pages> <volume/> <number/> <edition/>
      <keywords><keyword>…</keyword></keywords>
      <dates><year>2016</year></dates> <publisher/> <pub-location/> <label/>
      <electronic-resource-num>10.1109/CVPR.2016.90</electronic-resource-num>
      <urls><related-urls><url>https://…</url></related-urls>
            <pdf-urls><url>internal-pdf://…</url></pdf-urls></urls>
      <abstract>…</abstract>
    </record>

A subscript or superscript run (``<style face="subscript">2</style>``) is read as
HTML's ``<sub>2</sub>``, as the readers of Crossref's and JATS's markup read it; an
abstract's as a JSON abstract's markup is read (``H$_{2}$O``, found by "H2O").

The ``pdf-urls`` name files in the user's EndNote library, no web address: they make no
link. The ``label`` is the record's id, as ``%F`` is in the tagged export.
"""

from __future__ import annotations

import html
import re
from xml.etree.ElementTree import Element

from tuireader.ingest.formats.common import text_field, xml_text
from tuireader.ingest.formats.prose import strip_markup
from tuireader.ingest.formats.refer import ENDNOTE_TYPES
from tuireader.ingest.formats.ris import _Block

__all__ = ["endnote_block"]

#: a record's fields of one value, by the RIS tag of the same meaning
_SINGLE = (
    ("titles/title", "TI"),
    ("titles/secondary-title", "T2"),
    ("titles/tertiary-title", "T3"),
    ("periodical/full-title", "JO"),
    ("volume", "VL"),
    ("number", "IS"),
    ("edition", "ET"),
    ("dates/year", "PY"),
    ("publisher", "PB"),
    ("pub-location", "CY"),
    ("electronic-resource-num", "DO"),
    ("abstract", "AB"),
    ("label", "ID"),
)
_WEB_RE = re.compile(r"^https?://", re.IGNORECASE)


#: EndNote's faces of a run of text that HTML writes as a tag (a face may name more
#: than one style: "italic subscript")
_SCRIPT_FACES = (("subscript", "sub"), ("superscript", "sup"))


def _script_tag(node: Element) -> str | None:
    """The HTML tag (``sub``, ``sup``) of a ``<style>`` run EndNote writes lowered or
    raised (``face="subscript"``), else None."""
    if node.tag != "style":
        return None
    faces = (node.get("face") or "").lower().split()
    return next((tag for face, tag in _SCRIPT_FACES if face in faces), None)


def _styled_text(element: Element | None, *, abstract: bool = False) -> str | None:
    """The text of a field (:func:`xml_text`), its subscript and superscript runs as
    HTML's ``<sub>`` and ``<sup>`` (``H<sub>2</sub>O``), as Crossref's and the JATS
    readers' titles give them: shown "H₂O", cited ``H\\textsubscript{2}O``, not "H2O".

    An ``abstract``'s runs are then read as a JSON abstract's markup is
    (:func:`strip_markup`): ``H$_{2}$O``, shown "H₂O" and found by "H2O"."""
    if element is None or not any(_script_tag(node) for node in element.iter("style")):
        return xml_text(element)
    # an abstract's own text is escaped, its "<" ("p < 0.05") no tag to strip_markup
    plain = html.escape if abstract else str
    parts = [plain(element.text or "")]
    for child in element:
        text = plain("".join(child.itertext()))
        tag = _script_tag(child)
        parts.append(f"<{tag}>{text}</{tag}>" if tag and text.strip() else text)
        parts.append(plain(child.tail or ""))
    joined = "".join(parts)
    return text_field(strip_markup(joined) if abstract else joined)


def endnote_block(record: Element) -> _Block:
    """An EndNote XML ``<record>`` as the RIS record of the same meaning."""
    block = _Block(0)
    found = record.find("ref-type")
    kind = found.get("name", "") if found is not None else ""
    block.tags.append(("TY", ENDNOTE_TYPES.get(kind.strip().lower(), "GEN")))
    for author in record.iterfind("contributors/authors/author"):
        if name := xml_text(author):
            block.tags.append(("AU", name))
    for editor in record.iterfind("contributors/secondary-authors/author"):
        if name := xml_text(editor):
            block.tags.append(("ED", name))
    for path, tag in _SINGLE:
        value = _styled_text(record.find(path), abstract=tag == "AB")
        if value:
            block.tags.append((tag, value))
    pages = xml_text(record.find("pages"))
    if pages:
        first, _, last = pages.partition("-")
        block.tags.append(("SP", first.strip()))
        if last.strip("- "):
            block.tags.append(("EP", last.strip("- ")))
    for keyword in record.iterfind("keywords/keyword"):
        if word := xml_text(keyword):
            block.tags.append(("KW", word))
    for url in record.iterfind("urls/related-urls/url"):
        address = xml_text(url)
        if address and _WEB_RE.match(address):
            block.tags.append(("UR", address))
    return block
