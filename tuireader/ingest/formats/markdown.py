"""Markdown lists: each bullet with a title and a link is a paper, or the file is refused.

A Markdown file is read one of four ways:

* **tuireader's own export** (``tuireader export --format markdown``): every item is a
  paper, linked or not, with the authors, venue, year and every link written beneath
  it, its citation key (``citation key: …``, read back as its key), and its id in
  tuireader (``id: …``) and, where those
  do not give it, the key that id comes from (``source id: source:scope#id``, its
  list's own id for it; ``key:`` in exports made before), by which it keeps its id; the triage written last
  (state, tags, the user's note) is nobody's paper;
* **bullets**: every bullet that names a paper (``- [Title](https://…)``,
  ``- **Title** [[pdf](https://…)] [[code](https://…)]``, ``- Title. https://…``) is a
  paper with that title and those links, and so is every such row of a table (awesome
  lists keep papers in tables too), its title, authors, venue and year taken from the
  columns its header names so; headings, prose and other bullets are skipped;
* **abstracts**: a heading naming the list, then one abstract per paragraph (the plain
  text layout), when paragraphs of prose outnumber the paper bullets;
* **refused** with a message: a document of headings, tables and bullets without paper
  links (a README, an awesome-list of sections) is not a list of papers.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import replace
from pathlib import Path

from tuireader.ingest.formats.common import (
    YEAR_RE,
    ReadResult,
    clean,
    failure,
    given_id_texts,
    split_lines,
    with_own_key,
)
from tuireader.ingest.formats.text import list_name, paragraphs
from tuireader.ingest.links import classify
from tuireader.model import TALK_KINDS, Problem, Record
from tuireader.render.textrender import matching_close

__all__ = ["parse_markdown"]

_BULLET_RE = re.compile(r"^\s*(?:[-*+]|\d{1,3}[.)])\s+(.*)$")
_HEADING_RE = re.compile(r"^\s{0,3}#{1,6}(?:\s|$)")
#: the first line of a block that is Markdown structure, not an abstract
_MARKUP_RE = re.compile(
    r"^\s*(?:#|[-*+]\s|\d{1,3}[.)]\s|\||>|<|```|~~~|!\[|\[!\[|\[[^\]]*\]\(|---|===|\*\*\*)"
)
#: what may follow a link's address: a title after a space, then the closing parenthesis
_LINK_END_RE = re.compile(r"[ \t]*(?:(?<=[ \t])(?:\"[^\"]*\"|'[^']*'|\([^()]*\))[ \t]*)?\)")
_BARE_URL_RE = re.compile(r"https?://[^\s)\]>\"']+")
_BOLD_RE = re.compile(r"\*\*(.+?)\*\*|__(.+?)__")
_QUOTED_RE = re.compile(r"[\"“](.{8,}?)[\"”]")
_EMPHASIS_RE = re.compile(r"[*_`~]+")
#: link texts that say what a link is, not which paper it is
_GENERIC = frozenset(
    [
        "paper",
        "pdf",
        "arxiv",
        "code",
        "github",
        "gitlab",
        "project",
        "page",
        "website",
        "web",
        "site",
        "link",
        "links",
        "homepage",
        "openreview",
        "video",
        "slides",
        "bib",
        "bibtex",
        "demo",
        "blog",
        "poster",
        "supp",
        "supplementary",
        "dataset",
        "data",
        "model",
        "models",
        "talk",
        "url",
        "doi",
        "abs",
        "html",
        "here",
        "official",
        "unofficial",
        "pytorch",
        "tensorflow",
        "jax",
        "colab",
        "notebook",
        "huggingface",
        "hf",
        "repo",
        "repository",
        "proceedings",
        "publication",
        "preprint",
        "springer",
        "ieee",
        "acm",
        "acl",
    ]
)


def _is_generic(text: str) -> bool:
    words = re.findall(r"[a-z]+", text.lower())
    return not words or all(word in _GENERIC for word in words) or len(text.strip()) < 3


#: a venue and its year, as lists write one in a link's text, in bold or in a label:
#: "ICML 2024", "NeurIPS'23", "ICLR 2021 (Oral)", "CVPR 2022 Workshop"; a few words, the
#: first with a capital, then the year, then perhaps a word or two
_VENUE_TEXT_RE = re.compile(
    r"^(?P<name>[^\W\d_]*[A-Z][\w&+./-]*(?:\s+[^\W\d_][\w&+./-]*){0,3})\s*"
    r"(?:(?P<year>(?:19|20)\d\d)|['’](?P<short>\d\d))"
    r"(?:\s+[^\W\d_][\w-]*|\s*\([^()]{1,20}\)){0,2}$"
)


def _venue_year(text: str) -> tuple[str, int] | None:
    """The venue and year a short text names ("ICML 2024" → ICML 2024, 2024;
    "NeurIPS'23" → NeurIPS'23, 2023), or None for any other text (a title)."""
    text = _plain(text)
    found = _VENUE_TEXT_RE.match(text)
    if found is None:
        return None
    if found.group("year"):
        return text, int(found.group("year"))
    short = int(found.group("short"))
    return text, short + (2000 if short < 50 else 1900)


#: CommonMark's backslash escape: an ASCII punctuation character written as itself
_ESCAPED_RE = re.compile(r"\\([!-/:-@\[-`{-~])")


def _plain(text: str) -> str:
    """A link's or a bullet's text as it reads: emphasis marks taken out, an escaped
    character (``\\_``, ``\\*``: tuireader's own Markdown export writes them) kept as
    itself."""
    parts = _ESCAPED_RE.split(text)  # text, an escaped character, text, …
    text = "".join(
        part if index % 2 else _EMPHASIS_RE.sub("", part) for index, part in enumerate(parts)
    )
    return " ".join(text.split()).strip(" .,:;-–—|[]()")


#: a badge on a heading (a link around an image: "[![Awesome](…/badge.svg)](https://awesome.re)")
#: or an image alone ("![](…/badge.svg)")
_HEADING_BADGE_RE = re.compile(
    r"!?\[!\[[^\[\]]*\]\([^()\s]*\)\]\([^()\s]*\)|!\[[^\[\]]*\]\([^()\s]*\)"
)
#: a link on a heading: its text is part of the name
_HEADING_LINK_RE = re.compile(r"\[([^\[\]]*)\]\([^()\s]*\)")


def _heading_name(line: str) -> str:
    """The name a heading gives a list ("# Awesome Efficient Transformers
    [![Awesome](…)](…)" names "Awesome Efficient Transformers"): its badges, images and
    HTML tags left out, a link's text kept."""
    text = _HEADING_BADGE_RE.sub(" ", line.lstrip().lstrip("#"))
    text = _TAG_RE.sub(" ", _HEADING_LINK_RE.sub(r"\1", text))
    return _plain(text)


def _address(body: str, start: int) -> tuple[str, int] | None:
    """The link address that starts at ``start`` (after ``(`` and any spaces), and where
    it ends, as CommonMark reads one: ``<…>``, or characters up to a space with their
    parentheses balanced. An address with a space or a control character in it is no
    address (``(https://x.org/$(touch /tmp/x))`` is not a link), nor one whose
    parentheses do not close."""
    if body.startswith("<", start):
        end = start + 1
        while end < len(body) and body[end] not in "<>":
            end += 2 if body[end] == "\\" else 1
        if end >= len(body) or body[end] != ">":
            return None
        address = body[start + 1 : end]
        if any(char.isspace() or ord(char) < 0x20 for char in address):
            return None
        return address, end + 1
    depth = 0
    end = start
    while end < len(body):
        char = body[end]
        if char == "\\" and end + 1 < len(body):
            end += 2
            continue
        if char.isspace() or ord(char) < 0x20:
            break
        if char == "(":
            depth += 1
        elif char == ")":
            if depth == 0:
                break
            depth -= 1
        end += 1
    if depth or end == start:
        return None
    return body[start:end], end


def _links(body: str) -> tuple[list[tuple[str, str]], list[str], str]:
    """The inline links of a bullet (text, address; images left out), the texts of
    ``[…](`` that make no link (their address has a space, or parentheses that do not
    close), and the bullet with both taken out, for the bare addresses and words left."""
    links: list[tuple[str, str]] = []
    failed: list[str] = []
    rest: list[str] = []
    done = index = 0
    while (index := body.find("[", index)) >= 0:
        if index and body[index - 1] == "\\":
            index += 1
            continue
        close = matching_close(body, index, "[", "]")
        if close < 0 or not body.startswith("(", close + 1):
            index += 1
            continue
        text = body[index + 1 : close]
        start = close + 2
        while start < len(body) and body[start] in " \t":
            start += 1
        found = _address(body, start)
        end = _LINK_END_RE.match(body, found[1]) if found else None
        image = index > 0 and body[index - 1] == "!"
        begin = index - 1 if image else index
        rest.append(body[done:begin])
        if found is not None and end is not None:
            if not image:
                links.append((text, found[0]))
            done = index = end.end()
        else:
            # not a link: its text may still be the title; what follows stays words
            if not image:
                failed.append(text)
            done = index = close + 1
        rest.append(" ")
    rest.append(body[done:])
    return links, failed, "".join(rest)


#: a label before a bullet's title, in brackets and perhaps bold, that is no link:
#: its venue and year ("[ICLR 2021] How Powerful…", "**[NeurIPS 2022]** Long Range…")
_LABEL_RE = re.compile(r"^\s*(\*\*|__)?\[([^\[\]()]{2,40})\]\1?(?![(\[])\s*")


#: an italic run of a bullet (``*…*`` or ``_…_``, not bold), where lists put the authors
_ITALIC_RE = re.compile(r"(?<![*\w])\*(?!\*)([^*]+?)\*(?![*\w])|(?<![_\w])_(?!_)([^_]+?)_(?![_\w])")
#: one word of a person's name: capitalised ("Veličković", "O'Neil", "Jean-Paul"), an
#: initial ("J.", "H.X."), or a particle ("van", "de")
_NAME_WORD_RE = re.compile(r"(?:[^\W\d_][\w'’-]*\.?|(?:[^\W\d_]\.)+)")
#: words of a remark or a venue that names no one ("*Best Paper Award, Oral*", "Neural
#: Information Processing Systems")
_NOT_NAMES = frozenset(
    """paper papers award best oral spotlight poster outstanding honorable mention workshop
    conference track survey new code highlight international proceedings journal
    transactions systems processing learning neural information advances annual symposium
    meeting association society ieee acm review letters university institute models model
    networks network transformer transformers diffusion attention graph graphs vision
    language image images video generative reinforcement optimization benchmark dataset
    representation representations via towards beyond scalable efficient robust""".split()  # noqa: SIM905
)
_PARTICLES = frozenset(
    {"van", "von", "de", "der", "den", "da", "di", "du", "la", "le", "del", "dos"}
)


def _names(text: str, *, alone: bool = False) -> tuple[str, ...]:
    """The people an italic run names ("Petar Veličković, Guillem Cucurull and Yoshua
    Bengio", "Ho et al."), or nothing when it reads as anything else: a phrase, or one
    name alone ("*Highly Recommended*" reads as one), unless the text is ``alone`` on
    its line (a bullet's line of authors: "Kaiming He")."""
    text = " ".join(text.split()).strip(" ,;")
    text = text if text.endswith(" al.") else text.rstrip(".")
    names = [name.strip() for name in re.split(r",\s*(?:and\s+)?|\s+and\s+|\s*&\s*", text)]
    names = [name for name in names if name]
    if not names or (len(names) < 2 and not alone and not text.endswith(("et al.", "et al"))):
        return ()
    for name in names:
        words = [word for word in name.split() if word.lower() not in ("et", "al.", "al")]
        # a person's name has two words or more ("Oral, Spotlight" names nobody), but
        # the first author of "Gilmer et al." may be named by one
        if not 1 <= len(words) <= 5 or (len(words) == 1 and "et al" not in name):
            return ()
        for word in words:
            if word.lower().strip(".") in _NOT_NAMES:
                return ()
            if word.lower() in _PARTICLES:
                continue
            if not _NAME_WORD_RE.fullmatch(word) or not word[:1].isupper():
                return ()
    # "Gilmer et al." is its first author and others, as BibTeX's "and others" reads
    last = re.sub(r"\s+et\s+al\.?$", "", names[-1])
    return (*names[:-1], last, "et al.") if last != names[-1] else tuple(names)


def _bullet_record(body: str, more: tuple[str, ...] = ()) -> Record | None:
    """The paper a bullet names, or None when it names none (no title or no web link).
    ``more`` are the bullet's further lines ("  Jonathan Ho, Ajay Jain" / "  [[Paper](…)]"):
    their links are the paper's, and a line of names alone its authors."""
    # the export's triage lines ("tags: …", "state: kept") are the user's, not the paper's
    more = tuple(line for line in more if not _TRIAGE_FIELD_RE.match(line))
    record = _first_line_record(" | ".join((body, *more)))
    if record is None:
        return record
    for index, line in enumerate(more):
        if "](" in line or "://" in line:
            continue
        names = () if record.authors else _names(_plain(line), alone=True)
        if not names and _plain(line) != _NO_AUTHORS:
            continue
        if names:
            record = replace(record, authors=names)
        # the line after the authors says where the paper is, as tuireader's own
        # Markdown export writes it: "Nature (2015)", "ICLR 2018"
        after = more[index + 1] if index + 1 < len(more) else ""
        venue = None if record.venue else _venue_line(after)
        return replace(record, venue=venue) if venue else record
    return record


#: what tuireader's own Markdown export writes where a paper names no authors
_NO_AUTHORS = "authors unknown"
#: a line of tuireader's own export that is none of the paper's ("code: <…>", "tags: …")
_EXPORT_FIELD_RE = re.compile(
    r"^\s*(?:code|url|pdf|openreview|doi|arxiv|project|paper|state|tags|note):"
)
#: a line of tuireader's own export that is the user's triage of a paper
_TRIAGE_FIELD_RE = re.compile(r"^\s*(?:state|tags):\s")
#: the year the export writes after a venue that does not hold it: "Nature (2015)"
_YEAR_AFTER_RE = re.compile(r"\s*\((?:1[89]|20)\d\d\)\s*$")


def _venue_line(line: str) -> str | None:
    """The venue a bullet's line after its authors names ("Nature (2015)" → Nature,
    "ICLR 2018" → itself), or None for anything else: a link, a field of the export, a
    year alone, or a sentence (a remark about the paper ends with a full stop)."""
    if not line.strip() or "](" in line or "://" in line or _EXPORT_FIELD_RE.match(line):
        return None
    text = " ".join(_ESCAPED_RE.sub(r"\1", line).split())
    if text.endswith(".") or len(text.split()) > _VENUE_WORDS:
        return None
    text = _YEAR_AFTER_RE.sub("", text).strip()
    return text if re.search(r"[^\W\d_]", text) else None


#: a venue is named in this many words at most ("Proceedings of the AAAI Conference on
#: Artificial Intelligence"); a longer line is a remark
_VENUE_WORDS = 16


_BREAK_RE = re.compile(r"\s*<br\s*/?>\s*", re.IGNORECASE)


def _first_line_record(body: str) -> Record | None:
    """The paper a bullet names (see :func:`_bullet_record`)."""
    # a line break within a bullet ("**Title**<br>*Authors*<br>ICML 2024") parts its words
    body = _BREAK_RE.sub(". ", body)
    label = _LABEL_RE.match(body)
    if label and re.search(r"[^\W\d_]", label.group(2)):
        # the label is the venue when the rest names the paper ("[A Title] https://…" is
        # a title in brackets)
        labelled = _named_record(body[label.end() :], _plain(label.group(2)) or None)
        if labelled is not None:
            return labelled
    return _named_record(body, None)


#: where a bullet's text parts: a dash or a bar between spaces, a full stop after a word
#: (not after an initial, "Daniel D. Johnson", nor "et al.")
_PART_RE = re.compile(r"\s[-–—|]\s|(?<!\bal)(?<!\b[^\W\d_])\.\s")
#: what parts the people of a byline: a comma, "and", "&"
_NAME_SEPARATOR_RE = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*")
#: "et al." after a byline's last name
_ET_AL_RE = re.compile(r"\bet\s+al\b\.?")


def _person(name: str) -> tuple[str, bool] | None:
    """``name`` as one of a run of authors, and whether it is written with capitals
    (``_names``) rather than in small letters (``_is_small_name``); None for no name."""
    if _names(name, alone=True):
        return name, True
    if _is_small_name(name):
        return name, False
    return None


def _is_small_name(name: str) -> bool:
    """True for a person's name written in small letters ("zhipeng cai")."""
    return bool(re.fullmatch(r"[^\W\d_A-Z]{2,}(?: [^\W\d_A-Z]{2,}){1,3}", name)) and not any(
        word in _NOT_NAMES or word in _PARTICLES for word in name.split()
    )


def _name_run(text: str) -> tuple[tuple[str, ...], int]:
    """The people named at the start of ``text`` ("Ekin Akyürek, Bailin Wang, Yoon Kim et
    al. ICML 2024", "Elias Abad Rocamora, zhipeng cai, Volkan Cevher"), up to where its
    words part, and where what follows them begins. A name in small letters ("zhipeng
    cai") counts among names in capitals, never more of them, never first."""
    limit = len(text)
    for found in (_PART_RE.search(text), _ET_AL_RE.search(text), re.search(r"[(\[*_`]", text)):
        if found is not None:
            limit = min(limit, found.end() if found.re is _ET_AL_RE else found.start())
    people: list[tuple[str, bool]] = []  # each name, and whether it is written in capitals
    end = start = 0
    for found in itertools.chain(_NAME_SEPARATOR_RE.finditer(text, 0, limit), [None]):
        stop = found.start() if found else limit
        name = " ".join(text[start:stop].split())
        name = name if name.endswith(" al.") else name.rstrip(" .")
        person = _person(name)
        if person is None:
            break
        people.append(person)
        end = stop
        if found is None:
            break
        start = found.end()
    capitals = sum(1 for _name, capital in people if capital)
    while people and capitals < len(people) - capitals:
        capitals -= people.pop()[1]
    if not people or not people[0][1]:
        return (), 0
    names = [name for name, _capital in people]
    last = _ET_AL_RE.sub("", names[-1]).strip()
    if last != names[-1]:
        names[-1:] = [last, "et al."]
    return tuple(names), end


def _reads_as_names(text: str) -> bool:
    """True for a part of a bullet that names its authors: two people or more ("Sanyam
    Agarwal, Markus Bläser", "Daniel D. Johnson et al."), or one where the part ends there
    or a venue follows ("Kaiming He. CVPR 2016.")."""
    names, end = _name_run(text)
    if len(names) >= 2:
        return True
    if not names:
        return False
    after = text[end:]
    return not after.strip(" .,;") or _venue_after(after) is not None


#: how far on a venue after a bullet's authors is looked for
_VENUE_LENGTH = 200


def _plain_title(text: str) -> tuple[str, str]:
    """The title a bullet gives in plain words, up to where the words part: a full stop,
    a bar, or a dash where what follows is no part of the title (a title keeps its own
    dash: "Probabilistic Generating Circuits - Demystified"): the paper's authors, its
    venue, a remark in small letters, or nothing; and the words after it."""
    for found in _PART_RE.finditer(text):
        if found.group().strip() in ("-", "–", "—"):
            # what follows, up to where its words part again (and a venue's length on)
            after = text[found.end() :]
            then = _PART_RE.search(after)
            part = _plain(after[: then.start()] if then else after)
            after = after[: (then.end() if then else len(after)) + _VENUE_LENGTH]
            if part and not (
                part[0].islower() or _venue_after(after) or _reads_as_names(after.lstrip())
            ):
                continue  # "Probabilistic Generating Circuits - Demystified."
        return _plain(text[: found.start()]), text[found.end() :]
    return _plain(text), ""


def _byline(text: str) -> tuple[tuple[str, ...], str]:
    """The authors a bullet names after its title without italics ("- Ekin Akyürek,
    Bailin Wang, Yoon Kim et al. ICML 2024."), and the words after them: two people or
    more, or one with a venue after (a remark, "- Highly Recommended", names no one)."""
    text = re.sub(r"^[\s.,;:–—|-]+", "", _BARE_URL_RE.sub(" ", text.split(" | ", 1)[0]))
    text = re.sub(r"^by\s+", "", text)  # "[Title](…) by John Smith and Jane Doe"
    names, end = _name_run(text)
    if len(names) == 1 and _venue_after(text[end:]) is None:
        return (), text
    return names, text[end:]


def _names_after_title(title: str) -> tuple[str, tuple[str, ...]]:
    """A title written in plain words with its authors after a comma ("Revisiting
    Character-level Adversarial Attacks, Elias Abad Rocamora, Yongtao Wu"), parted: the
    title, and two people or more that end it (the caller reads them so only where a venue
    follows: "…, Yongtao Wu. ICML 2024.")."""
    separators = list(_NAME_SEPARATOR_RE.finditer(title))
    starts = [0] + [found.end() for found in separators]
    stops = [found.start() for found in separators] + [len(title)]
    people: list[tuple[str, bool]] = []  # from the last: each name, and if in capitals
    first = len(starts)
    while first > 1:
        person = _person(" ".join(title[starts[first - 1] : stops[first - 1]].split()))
        if person is None:
            break
        people.append(person)
        first -= 1
    # the title ends at a comma ("Title, A B and C D": not at "and"), its names after it
    while first < len(starts) and "," not in separators[first - 1].group():
        first += 1
        people.pop()
    people.reverse()
    while people and not people[0][1]:
        people.pop(0)
        first += 1
    capitals = sum(1 for _name, capital in people if capital)
    names = [name for name, _capital in people]
    if names and (last := _ET_AL_RE.sub("", names[-1]).strip()) != names[-1]:
        names[-1:] = [last, "et al."]  # "Adepu et al.": the first author and others
    if len(names) < 2 or capitals < len(people) - capitals:
        return title, ()
    return title[: separators[first - 1].start()], tuple(names)


def _after_link(body: str, text: str) -> str:
    """The words of ``body`` after its link whose text is ``text``, its links left out."""
    start = body.find(f"[{text}]")
    if start < 0:
        return ""
    end = start + len(text) + 2
    if body.startswith("(", end):
        found = _address(body, end + 1)
        close = _LINK_END_RE.match(body, found[1]) if found else None
        end = close.end() if close else end
    return _links(body[end:])[2]


def _named_record(body: str, venue: str | None) -> Record | None:
    """The paper a bullet's ``body`` names, at ``venue`` (its label's), or None."""
    found_links, failed, rest = _links(body)
    links = [(text, url) for text, url in found_links if url.startswith(("http://", "https://"))]
    bare = _BARE_URL_RE.findall(rest)
    urls = [url for _text, url in links] + bare
    if not urls:
        return None
    # a badge (a link around an image: "[![Stars](…/stars.svg)](github.com/…)") names no paper
    texts = [text for text, _url in links if not text.lstrip().startswith("![")] + failed
    named = [(_plain(text), text) for text in texts if not _is_generic(_plain(text))]
    # a text in bold or in quotes names the paper where no link's text does
    marked = [
        (_plain(next(group for group in found.groups() if group)), found.end())
        for pattern in (_BOLD_RE, _QUOTED_RE)
        for found in pattern.finditer(rest)
    ]
    # a venue with its year ("[ICML 2024](…)", "**ICML'24**") is where the paper is, not
    # which: the title is another text, and the venue that one
    venues = [text for text, _at in (*named, *marked) if _venue_year(text)]
    # the words after the title, where the authors are
    title, after = next(
        ((text, _after_link(body, raw)) for text, raw in named if not _venue_year(text)),
        ("", ""),
    )
    if not title:
        title, after = next(
            ((text, rest[end:]) for text, end in marked if not _venue_year(text)), ("", "")
        )
    plain = not title
    if plain:
        title, after = _plain_title(_BARE_URL_RE.sub(" ", rest))
    if len(re.findall(r"[^\W\d_]", title)) < 3 and venues:
        # nothing else names the paper: the venue's text is its title, as it was
        title, after, plain = venues.pop(0), "", False
    if len(re.findall(r"[^\W\d_]", title)) < 3:
        return None
    if venue is None:
        venue = next(
            (text for text in (*venues, *_spans(rest)) if _venue_year(text) and text != title),
            None,
        )
    authors: tuple[str, ...] = ()
    for found in _ITALIC_RE.finditer(rest):
        authors = _names(found.group(1) or found.group(2))
        if authors:
            # "*Petar Veličković, Guillem Cucurull*. ICLR 2018.": the venue follows them
            venue = venue or _venue_after(rest[found.end() :].split(" | ", 1)[0])
            break
    if not authors:
        # "[Title](…) - Ekin Akyürek, Bailin Wang et al. ICML 2024.": names in plain words
        authors, after = _byline(after)
        if not authors and plain and (venue or _venue_after(after)):
            # "Title, Elias Abad Rocamora, Yongtao Wu. ICML 2024.": the venue tells the
            # names from a title's own commas ("Attention, Perceiver IO, and Flamingo")
            title, authors = _names_after_title(title)
        # "[Title](…), CVPR 2023": a venue alone after the title
        alone = _venue_year(_PART_RE.split(after.strip(" ,;:–—-"), maxsplit=1)[0])
        venue = venue or (_venue_after(after) if authors else alone[0] if alone else None)
    code = tuple(url for url in urls if classify(url) == "code")
    papers = [url for url in urls if classify(url) == "paper"]
    projects = tuple(url for url in urls if classify(url) not in ("code", "paper"))
    years = set(YEAR_RE.findall(_BARE_URL_RE.sub(" ", f"{venue or ''} {rest}")))
    written = _venue_year(venue) if venue else None
    if not years and written:
        years = {str(written[1])}  # "ICML'24"
    return Record(
        title=clean(title),
        authors=authors,
        venue=clean(venue) if venue else None,
        url=papers[0] if papers else None,
        project_urls=(*papers[1:], *projects),
        code_urls=code,
        year=int(next(iter(years))) if len(years) == 1 else None,
    )


#: a short text a list marks out: in code (`` `ICML 2024` ``), in italics, in parentheses
_SPAN_RE = re.compile(
    r"`([^`]+)`|(?<![*\w])\*([^*]+)\*(?![*\w])|(?<![_\w])_([^_]+)_(?![_\w])|\(([^()]+)\)"
)


def _spans(text: str) -> list[str]:
    """The texts ``text`` marks out in code, italics or parentheses, where lists write a
    paper's venue ("`ICML 2024` **Title**", "[Title](…) (ICML 2024)")."""
    return [
        _plain(next(group for group in found.groups() if group))
        for found in _SPAN_RE.finditer(text)
    ]


#: a venue and its year after a bullet's authors: "ICLR 2018", "NeurIPS 2020 (Oral)"
_VENUE_AFTER_RE = re.compile(
    r"^[\s.,;:–—-]*([^\W\d_][^.;|*_\[\]]{0,80}?\b(?:1[89]|20)\d\d\b[^.;|*_\[\]]{0,20}?)"
    r"[\s.,;]*(?:$|\[)"
)


def _venue_after(text: str) -> str | None:
    """The venue named after a bullet's authors, with its year ("ICLR 2018."), or None:
    a venue there is one with a year, so a remark ("a must read") is none."""
    found = _VENUE_AFTER_RE.match(_BARE_URL_RE.sub(" ", text))
    if found is None or len(found.group(1).split()) > _VENUE_WORDS:
        return None
    return _plain(found.group(1)) or None


#: a table's delimiter row, under its header: ``|---|:---:|``, ``--- | ---``
_DELIMITER_RE = re.compile(r"^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$")
#: a table's column by its header's words: what a cell of that column holds
_COLUMNS = {
    "title": "title",
    "paper": "title",
    "papers": "title",
    "paper title": "title",
    "name": "title",
    "author": "authors",
    "authors": "authors",
    "venue": "venue",
    "conference": "venue",
    "conf": "venue",
    "journal": "venue",
    "publication": "venue",
    "published": "venue",
    "year": "year",
}


def _cells(line: str) -> list[str]:
    """The cells of a table row, as GitHub's tables split them: at each ``|`` that is not
    escaped (``\\|``) or inside code, the outer pipes optional."""
    row = line.strip()
    row = row.removeprefix("|")
    row = row[:-1] if row.endswith("|") and not row.endswith("\\|") else row
    cells: list[str] = []
    current: list[str] = []
    code = False
    index = 0
    while index < len(row):
        char = row[index]
        if char == "\\" and index + 1 < len(row) and row[index + 1] == "|":
            current.append("|")
            index += 2
            continue
        if char == "`":
            code = not code
        if char == "|" and not code:
            cells.append("".join(current).strip())
            current = []
        else:
            current.append(char)
        index += 1
    cells.append("".join(current).strip())
    return cells


def _table_record(cells: list[str], roles: list[str | None]) -> Record | None:
    """The paper a table row names, as a bullet of its cells would (the title cell
    first), with the authors, venue and year of the columns its header names so."""
    by_role: dict[str, str] = {}
    for cell, role in zip(cells, roles, strict=False):
        if role and cell and role not in by_role:
            by_role[role] = cell
    title_cell = by_role.get("title")
    ordered = ([title_cell] if title_cell else []) + [c for c in cells if c and c is not title_cell]
    record = _bullet_record(" | ".join(ordered))
    if record is None:
        return None
    title = record.title
    if title_cell:
        # the whole title cell ("**DiT**: Scalable Diffusion Models…"), not its bold word
        links, failed, rest = _links(title_cell)
        texts = [text for text, _url in links] + failed
        named = next((_plain(text) for text in texts if not _is_generic(_plain(text))), "")
        named = named or _plain(_BARE_URL_RE.sub(" ", rest))
        if len(re.findall(r"[^\W\d_]", named)) >= 3:
            title = clean(named)
    authors = tuple(
        name
        for name in (
            _plain(part) for part in re.split(r",|;|\s+and\s+", by_role.get("authors", ""))
        )
        if name
    )
    if authors and re.search(r"\s+et\s+al\.?$", authors[-1]):
        # "Rombach et al.": the first author and others, as BibTeX's "and others" reads
        authors = (*authors[:-1], re.sub(r"\s+et\s+al\.?$", "", authors[-1]), "et al.")
    venue = _plain(by_role.get("venue", "")) or None
    years = YEAR_RE.findall(by_role.get("year", "") or by_role.get("venue", ""))
    written = _venue_year(venue) if venue and not by_role.get("year") else None
    if not years and written:
        years = [str(written[1])]  # "ICML'24"
    return Record(
        title=title,
        authors=authors,
        venue=clean(venue) if venue else record.venue,
        year=int(years[0]) if years else record.year,
        url=record.url,
        project_urls=record.project_urls,
        code_urls=record.code_urls,
    )


#: a link reference definition: ``[label]: https://… "title"`` on a line of its own
_DEFINITION_RE = re.compile(
    r"^ {0,3}\[([^\[\]]+)\]:[ \t]*(<[^<>\s]*>|\S+)(?:[ \t]+(?:\"[^\"]*\"|'[^']*'|\([^()]*\)))?[ \t]*$"
)
#: a full or collapsed reference link: ``[text][label]``, ``[text][]``
_REFERENCE_RE = re.compile(r"(?<![\]\\])\[((?:[^\[\]]|\[[^\[\]]*\])+)\]\[([^\[\]]*)\]")


def _label(text: str) -> str:
    """A reference's label as CommonMark matches them: any case, spaces folded."""
    return " ".join(text.split()).casefold()


def _definitions(lines: list[str]) -> tuple[dict[str, str], list[str]]:
    """The link reference definitions of a file (``[attn]: https://…``), by label, and
    its lines without them (they are no prose, and no abstract)."""
    found: dict[str, str] = {}
    rest: list[str] = []
    for line in lines:
        match = _DEFINITION_RE.match(line)
        if match and match.group(2).strip("<>").startswith(("http://", "https://")):
            found.setdefault(_label(match.group(1)), match.group(2).strip("<>"))
            rest.append("")
        else:
            rest.append(line)
    return found, rest


#: an HTML link in Markdown (``<a href="https://…">Title</a>``), as lists write some
_HTML_LINK_RE = re.compile(
    r"<a\s[^<>]*?href\s*=\s*([\"'])(?P<url>[^\"'<>\s]+)\1[^<>]*>(?P<text>.*?)</a\s*>",
    re.IGNORECASE,
)
_TAG_RE = re.compile(r"<[^<>]+>")


def _referenced(body: str, definitions: dict[str, str]) -> str:
    """A bullet with its reference links (``[Title][attn]``, ``[Title][]``) and its HTML
    links (``<a href="…">Title</a>``) written as the inline links they stand for."""
    if "<a" in body.lower():
        body = _HTML_LINK_RE.sub(
            lambda found: f"[{_TAG_RE.sub('', found.group('text'))}]({found.group('url')})", body
        )
    if not definitions or "][" not in body:
        return body

    def inline(match: re.Match[str]) -> str:
        url = definitions.get(_label(match.group(2) or match.group(1)))
        return f"[{match.group(1)}]({url})" if url else match.group(0)

    return _REFERENCE_RE.sub(inline, body)


def _continues(line: str) -> bool:
    """True for a line that goes on the bullet above it: indented, and no bullet, heading,
    table row or code fence of its own."""
    return (
        line[:1] in (" ", "\t")
        and bool(line.strip())
        and not _BULLET_RE.match(line)
        and not _HEADING_RE.match(line)
        and not line.lstrip().startswith(("|", "```", "~~~"))
    )


# --------------------------------------------------------------------------- own export

#: an item's first line in tuireader's own Markdown export: its title, linked to the
#: paper or not, Markdown's marks escaped (so no bracket stands unescaped in it), and
#: the address with its spaces, parentheses and angle brackets written as ``%XX``; then
#: what the export says of a title the source did not give (derived, or not known)
_OWN_HEAD_RE = re.compile(
    r"^- (?:\[(?P<linked>(?:[^\[\]\\]|\\.)+)\]\((?P<url>https?://[^\s()<>]+)\)"
    r"|(?P<plain>(?:[^\[\]\\]|\\.)+?))"
    r"(?P<derived> \(title (?:derived from the abstract|not known)\))?$"
)
#: a line of an item's details: two spaces, then text
_OWN_DETAIL_RE = re.compile(r"^  (?P<text>\S.*)$")
#: the triage an item of the export ends with, none of it the paper's own: its state,
#: its tags, and the user's note (``note:``, then the note's lines indented four spaces)
_OWN_STATE_RE = re.compile(r"^  state: [a-z]+$")
_OWN_TAGS_RE = re.compile(r"^  tags: \S")
_OWN_NOTE = "  note:"
#: the lines of a marked paper's item that give its id in tuireader and the key that id
#: comes from (``common.with_own_key``), before its triage: ``source id:``, which earlier
#: exports wrote ``key:`` (taken for the paper's citation key, which it is not)
_OWN_ID_RE = re.compile(r"^  id: (?P<id>\S+)$")
#: the line of an item that gives the paper's citation key (its BibTeX export's,
#: ``tuireader cite``'s), before its id: read back, the paper's key again
_OWN_CITE_KEY_RE = re.compile(r"^  citation key: (?P<key>\S+)$")
_OWN_KEY_RE = re.compile(r"^  (?:source id|key): (?P<key>\S.*)$")
#: one of a paper's links, each on a line of its own after the word the export gives it
#: (the field it came from, else its kind: ``ownbib.links_value``'s; one the abstract
#: mentions, its kind and "(in the abstract)"), code first; an export made before gave
#: its code link alone so, its page as the title's link
_OWN_LINK_RE = re.compile(
    r"^  (?P<word>code|url|pdf|openreview|doi|arxiv|project|paper|video|slides|poster|text)"
    r"(?P<mentioned> \(in the abstract\))?: <(?P<url>https?://[^\s<>]+)>$"
)
#: the year the export writes after a venue that does not name it, or alone
_OWN_YEAR_RE = re.compile(r"^(?:(?P<venue>.+) \()?(?P<year>\d{4})\)?$")
#: the export writes an address's parentheses so (a DOI may hold them: "…(20)30183-5")
_OWN_URL_CHARACTERS = (("%28", "("), ("%29", ")"))


def _unescaped(text: str) -> str:
    """Text the export wrote with Markdown's marks escaped (``\\_``), as it was."""
    return _ESCAPED_RE.sub(r"\1", text)


def _without_notes(lines: list[str]) -> list[str]:
    """``lines`` with the notes of tuireader's own Markdown export left blank (``note:``
    on an item's line of its own, then the note's lines indented four spaces, blank
    lines among them): the words, links and bullets of a user's note are no paper's,
    in an export edited by hand as in one as written."""
    kept: list[str] = []
    in_note = False
    for line in lines:
        if in_note and (not line.strip() or line.startswith("    ")):
            kept.append("")
            continue
        in_note = line.rstrip() == _OWN_NOTE and bool(kept) and bool(kept[-1].strip())
        kept.append("" if in_note else line)
    return kept


def _own_items(lines: list[str]) -> list[list[str]] | None:
    """The items of ``lines`` when they are tuireader's own Markdown export, each its
    lines from its first to its last (a note's blank lines kept), else None: each item a
    ``- `` line, then its details each indented two spaces, a note's lines four, and
    blank lines between the items alone; a heading or a few words the user wrote above
    the first item are no paper's."""
    items: list[list[str]] = []
    in_note = False
    for line in lines:
        line = line.rstrip()
        if line.startswith("- "):
            items.append([line])
            in_note = False
        elif not items:
            if _BULLET_RE.match(line) or any(mark in line for mark in ("](", "://", "|")):
                return None  # papers before the first item: a list written by hand
        elif in_note and (not line or line.startswith("    ")):
            items[-1].append(line)
        elif line.startswith("  ") and not line.startswith("   ") and items[-1][-1]:
            items[-1].append(line)
            in_note = line == _OWN_NOTE
        elif line:
            return None
        else:
            items[-1].append(line)
    return items or None


def _own_export(
    lines: list[str], ids: list[str | None] | None = None, scopes: list[str | None] | None = None
) -> list[Record] | None:
    """The papers of a file that is tuireader's own Markdown export, each with its
    title, link, authors, venue, year and code, as the export wrote them; None for any
    other file. What follows a paper's details in the export is the triage of whoever
    wrote it (its state, tags and note): never the paper's, never a link of it. ``ids``
    and ``scopes`` are given, for each paper, its id in tuireader and the source its own
    id is of, where its item gives them (``id:``, ``source id:``), else None."""
    items = _own_items(lines)
    if items is None:
        return None
    ids = [] if ids is None else ids
    scopes = [] if scopes is None else scopes
    records: list[Record] = []
    marked = False  # a line only the export writes: a year, a field, "authors unknown"
    for item in items:
        while item and not item[-1]:
            item.pop()  # the blank lines between items
        head = _OWN_HEAD_RE.match(item[0])
        details = item[1:]
        if head is None or not details or _OWN_DETAIL_RE.match(details[0]) is None:
            return None
        byline = _unescaped(details[0][2:])
        authors: tuple[str, ...] = ()
        editors: tuple[str, ...] = ()
        if byline == _NO_AUTHORS:
            marked = True
        elif byline.endswith((" (ed.)", " (eds.)")):
            editors = tuple(byline.rsplit(" (", 1)[0].split(", "))
        else:
            authors = tuple(byline.split(", "))
        rest = details[1:]
        venue: str | None = None
        year: int | None = None
        where_line = bool(rest) and not (
            _OWN_LINK_RE.match(rest[0])
            or _OWN_ID_RE.match(rest[0])
            or _OWN_CITE_KEY_RE.match(rest[0])
            or _OWN_STATE_RE.match(rest[0])
            or _OWN_TAGS_RE.match(rest[0])
            or rest[0] == _OWN_NOTE
        )
        if where_line:
            # the year the export put after the venue is in parentheses not escaped
            written = rest.pop(0)[2:]
            where = _unescaped(written)
            found = _OWN_YEAR_RE.match(written)
            if found and (found.group("venue") is None) == (not written.endswith(")")):
                venue, year = (
                    _unescaped(found.group("venue") or "") or None,
                    int(found.group("year")),
                )
                marked = True
            else:
                venue = where
                years = set(YEAR_RE.findall(where))
                year = int(years.pop()) if len(years) == 1 else None
        links: list[tuple[str, str]] = []
        while rest and (found := _OWN_LINK_RE.match(rest[0])):
            # a link the abstract mentions ("code (in the abstract): <…>") is the
            # abstract's, as one after "text" (an export made before wrote it so)
            word = "text" if found.group("mentioned") else found.group("word")
            links.append((word, found.group("url")))
            rest.pop(0)
        cite_key = given = key = None
        if rest and (found_cite_key := _OWN_CITE_KEY_RE.match(rest[0])):
            cite_key = _unescaped(found_cite_key.group("key"))
            rest.pop(0)
        if rest and (found_id := _OWN_ID_RE.match(rest[0])):
            given = found_id.group("id")
            rest.pop(0)
            if rest and (found_key := _OWN_KEY_RE.match(rest[0])):
                key = clean(_unescaped(found_key.group("key")))
                rest.pop(0)
        for field in (_OWN_STATE_RE, _OWN_TAGS_RE):
            if rest and field.match(rest[0]):
                rest.pop(0)
        if rest and rest[0] == _OWN_NOTE:
            rest = []  # the note's lines, each indented four spaces (see _own_items)
        if rest:
            return None
        # a code link, a state, tags or a note
        marked = marked or len(details) > 1 + where_line
        title = _unescaped(head.group("linked") or head.group("plain")).strip()
        url = head.group("url")
        for written, character in _OWN_URL_CHARACTERS if url else ():
            url = url.replace(written, character)
        record, scope = with_own_key(
            _linked(
                Record(
                    title=clean(title),
                    authors=tuple(clean(name) for name in authors),
                    editor=tuple(clean(name) for name in editors),
                    venue=clean(venue) if venue else None,
                    year=year,
                    cite_key=cite_key,
                ),
                url,
                links,
            ),
            key,
        )
        records.append(record)
        ids.append(given)
        scopes.append(scope)
    return records if marked else None


def _linked(record: Record, head: str | None, links: list[tuple[str, str]]) -> Record:
    """``record`` with the links an item of the export gives: each after its word (its
    page, PDF and forum as the fields they came from, its DOI's and arXiv id's page as
    the DOI and id they name, any other a code link where it is one, else a project
    link, as ``ownbib.with_links`` reads the CSV and BibTeX exports' ``links``), and the
    title's link (``head``) where they give a code link alone (an export made before
    it wrote them all gave its code link alone so) and not the title's."""
    from tuireader.ingest.formats.common import (
        arxiv_from_url,
        arxiv_id_of,
        openreview_id_of,
        plain_dois,
    )

    given = {url.replace("%28", "(").replace("%29", ")") for _word, url in links}
    # the title's link is the best for people (a page out of a library's proxy, say),
    # one of the links beneath it: given again only where those are a code link alone
    if head and head not in given and all(word == "code" for word, _url in links):
        kind = classify(head)
        links = [("url" if kind == "paper" else kind, head), *links]
    one: dict[str, str] = {}
    others: list[str] = []
    # a link the paper's abstract mentions ("text: <…>") is the abstract's, not its own
    mentioned = tuple(url for word, url in links if word == "text")
    talks = tuple((word, url) for word, url in links if word in TALK_KINDS)
    for word, url in links:
        if word == "text" or word in TALK_KINDS:
            continue
        if word in ("url", "pdf", "openreview", "doi", "arxiv") and word not in one:
            one[word] = url
        else:
            others.append(url)
    dois = plain_dois(one.get("doi"))
    arxiv = arxiv_id_of(one["arxiv"]) if "arxiv" in one else None
    # an arXiv page of the paper's own, a further one too (a proceedings paper's arXiv
    # page beside its page there), gives its arXiv id, as it gave the paper's id
    own = (arxiv_from_url(url) for word, url in links if word in ("url", "pdf"))
    arxiv = arxiv or next(filter(None, own), None)
    if "doi" in one and not dois:
        others.insert(0, one["doi"])
    if "arxiv" in one and not arxiv:
        others.insert(0, one["arxiv"])
    openreview = one.get("openreview")
    others = list(dict.fromkeys(others))
    return replace(
        record,
        url=one.get("url"),
        pdf=one.get("pdf"),
        openreview=openreview,
        openreview_id=openreview_id_of(openreview),
        doi=dois[0] if dois else None,
        arxiv_id=arxiv,
        code_urls=tuple(url for url in others if classify(url) == "code"),
        project_urls=tuple(url for url in others if classify(url) != "code"),
        talk_urls=talks,
        mentioned_urls=mentioned,
    )


def parse_markdown(text: str, path: Path) -> ReadResult:
    """Read a Markdown file (see the module's description); never junk."""
    ids: list[str | None] = []
    scopes: list[str | None] = []
    own = _own_export(split_lines(text), ids, scopes)
    if own is not None:
        # a heading the user put above the export names the list
        above = next((line for line in split_lines(text) if _HEADING_RE.match(line)), "")
        name = _heading_name(above) or path.stem
        id_texts = given_id_texts(own, scopes, ids, name) if any(ids) else []
        return ReadResult(
            path,
            name,
            "markdown",
            tuple(own),
            (),
            tuple(scopes) if any(scopes) else (),
            tuple(id_texts) if any(id_texts) else (),
        )
    definitions, lines = _definitions(_without_notes(split_lines(text)))
    blocks = list(paragraphs(lines))
    if not blocks:
        return failure(path, "the file is empty", "markdown")
    records: list[Record] = []
    bullets = headings = rows = 0
    in_code = False
    #: the roles of the columns of the table the line is in (None: in no table)
    roles: list[str | None] | None = None
    for number, line in enumerate(lines):
        if line.lstrip().startswith(("```", "~~~")):
            in_code = not in_code
            continue
        if in_code:
            continue
        if roles is not None:
            if "|" in line and line.strip():
                rows += 1
                record = _table_record(_cells(_referenced(line, definitions)), roles)
                if record is not None:
                    records.append(record)
                continue
            roles = None
        if (
            "|" in line
            and number + 1 < len(lines)
            and "-" in lines[number + 1]
            and _DELIMITER_RE.match(lines[number + 1])
            and len(_cells(lines[number + 1])) == len(_cells(line))
        ):
            # a table's header: its rows (after the delimiter row) are read as bullets
            roles = [_COLUMNS.get(_plain(cell).lower()) for cell in _cells(line)]
            rows -= 1  # the delimiter row is no row of papers
            continue
        if _HEADING_RE.match(line):
            headings += 1
        found = _BULLET_RE.match(line)
        if found:
            bullets += 1
            more = tuple(
                _referenced(further.strip(), definitions)
                for further in itertools.takewhile(_continues, lines[number + 1 :])
            )
            record = _bullet_record(_referenced(found.group(1), definitions), more)
            if record is not None:
                records.append(record)
    name, rest, problems = list_name(blocks[0], path)
    prose = ([" ".join(rest)] if rest and not _MARKUP_RE.match(rest[0]) else []) + [
        " ".join(block) for block in blocks[1:] if not _MARKUP_RE.match(block[0])
    ]
    markup = len(blocks) - 1 - sum(1 for block in blocks[1:] if not _MARKUP_RE.match(block[0]))
    heading = next((line for line in lines if _HEADING_RE.match(line)), None)
    title = _heading_name(heading) if heading else ""
    if records and len(records) >= len(prose):
        skipped = bullets + rows - len(records)
        notes: list[Problem] = []
        if skipped:
            some = "bullets and table rows" if rows else "bullets"
            one = "bullet or table row" if rows else "bullet"
            notes.append(
                Problem(
                    path,
                    f"read {len(records)} {one if len(records) == 1 else some} with a "
                    f"title and a link as papers; skipped {skipped} other "
                    f"{one if skipped == 1 else some}, the headings and the prose",
                    "warning",
                )
            )
        return ReadResult(path, title or path.stem, "markdown", tuple(records), tuple(notes))
    if prose and len(prose) >= markup:
        kept = tuple(Record(abstract=clean(abstract)) for abstract in prose)
        if markup:
            problems.append(
                Problem(
                    path,
                    f"skipped {markup} block{'s' if markup != 1 else ''} of Markdown "
                    "(headings, bullets, tables) that are not abstracts",
                    "warning",
                )
            )
        return ReadResult(path, name, "text", kept, tuple(problems))
    return failure(
        path,
        f"reads as a Markdown document ({headings} heading{'s' if headings != 1 else ''}, "
        f"{bullets} bullet{'s' if bullets != 1 else ''}, "
        + (f"{rows} table row{'s' if rows != 1 else ''}, " if rows else "")
        + "no bullet naming a paper with a "
        "link), not a list of papers; write one paper per bullet, “- [Title](https://…)”, "
        "or one abstract per paragraph",
        "markdown",
    )
