"""Turn plain core data (papers, hits, rendered abstracts) into safe Rich ``Text``.

Text from papers is data: every string goes through ``visible()`` (control characters made
visible) and into ``Text(...)``/``Text.append`` — never through markup parsing — so an
abstract containing ``[bold]`` or an escape sequence is shown literally. Colours are not
chosen here: callers pass a :class:`Palette` built from the widgets' CSS component classes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from tuireader.ingest.links import left_out_note, web_url
from tuireader.model import Paper
from tuireader.render.romanise import name_spellings
from tuireader.render.safetext import steady_width
from tuireader.render.textrender import (
    Rendered,
    display_authors,
    display_editors,
    display_title,
    display_where,
    render,
    visible,
)
from tuireader.search import query as ql
from tuireader.search.analysis import fold
from tuireader.triage.store import STATE_WORDS

#: marks a title derived from the abstract rather than given by the source.
DERIVED_MARK = "≈"
#: marks a paper with at least one code link.
CODE_MARK = "⌘"
#: how many links the viewer numbers (keys 1–9).
MAX_NUMBERED_LINKS = 9
#: how much of a paper's title a notice names it by.
NOTICE_TITLE = 50

#: a year in a list's name.
_YEAR = re.compile(r"\b(19|20)\d\d\b")
#: what parts a file's stem into words ("zotero_biblatex_export").
_STEM_WORDS = re.compile(r"[_\-.\s]+")
#: what is taken off the words of a list's name before they are compared ("(icml").
_AROUND_WORDS = "()[]{},;:"
#: a label cut to fit a list column shows at least this many cells of the words that
#: tell its list apart ("ICML poste…"), or it goes by those words alone ("posters")
OWN_WORDS_SHOWN = 4


@dataclass(frozen=True)
class Palette:
    """Rich styles for each kind of text, taken from CSS component classes."""

    match: Style = field(default_factory=Style)
    derived: Style = field(default_factory=Style)
    code: Style = field(default_factory=Style)
    lists: Style = field(default_factory=Style)
    marker: Style = field(default_factory=Style)
    title: Style = field(default_factory=Style)
    label: Style = field(default_factory=Style)
    dim: Style = field(default_factory=Style)
    link: Style = field(default_factory=Style)
    em: Style = field(default_factory=lambda: Style(italic=True))
    strong: Style = field(default_factory=lambda: Style(bold=True))
    math: Style = field(default_factory=Style)
    code_span: Style = field(default_factory=Style)


def safe(text: str, style: Style | str = "") -> Text:
    """``text`` as literal Rich Text, with control characters made visible."""
    return Text(visible(text), style=style, end="")


def _highlight(text: Text, spans: Iterable[tuple[int, int]], style: Style) -> None:
    length = len(text)
    for start, end in spans:
        start, end = max(0, start), min(length, end)
        if start < end:
            text.stylize(style, start, end)


def _visible_spans(
    raw: str,
    spans: Sequence[tuple[int, int]],
    shown_as: Callable[[str], str] = visible,
) -> tuple[str, list[tuple[int, int]]]:
    """``shown_as(raw)`` (``visible(raw)``) and ``spans`` moved to the matching offsets in it.

    ``visible`` may turn one control character into several, so offsets into ``raw`` are
    remapped character by character; without control characters this is the identity.
    """
    shown = shown_as(raw)
    if len(shown) == len(raw) or not spans:
        return shown, list(spans)
    offsets = [0]
    for char in raw:
        offsets.append(offsets[-1] + len(shown_as(char)))
    last = len(raw)
    return shown, [(offsets[min(s, last)], offsets[min(e, last)]) for s, e in spans]


def _row_visible(text: str) -> str:
    """``visible(text)`` as a list's row shows it: its emoji without what terminals draw
    in different widths (:func:`~tuireader.render.safetext.steady_width`)."""
    return steady_width(visible(text))


def result_line(
    paper: Paper,
    palette: Palette,
    *,
    title_spans: Sequence[tuple[int, int]] = (),
    rendered_spans: Sequence[tuple[int, int]] = (),
    marker: str = "",
    list_width: int = 0,
    labels: Mapping[str, str] | None = None,
) -> Text:
    """One line of the results list.

    Columns: triage marker (one cell, filled by the triage feature), code mark, the list
    name when the library has several lists (``list_width`` > 0; as ``labels`` gives it,
    see list_labels), the derived-title mark and the title with matched words highlighted:
    ``title_spans`` point into the title as written, ``rendered_spans`` into the title as
    shown when its markup is rendered (LaTeX, emphasis, ``--``).
    """
    line = Text(no_wrap=True, overflow="ellipsis", end="")
    line.append(visible(marker)[:1].ljust(1), palette.marker)
    line.append(CODE_MARK if paper.has_code else " ", palette.code)
    line.append(" ")
    if list_width > 0:
        given = labels or {}
        named = [given.get(name) or list_label(name, list_width) for name in paper.lists]
        venues = {_venue_label(name) for name in paper.lists}
        if len(named) > 1 and len(venues) == 1 and None not in venues:
            # lists of one venue (the seed lists and the venue's own list): the venue
            # once, where the labels that tell the lists apart read "ICML, ICML…"
            named = [list_label(str(venues.pop()), list_width)]
        names = ", ".join(dict.fromkeys(named))  # (a label twice: once)
        name = Text(list_cut(visible(names), list_width), end="")
        name.stylize(palette.lists)
        name.truncate(list_width, pad=True)
        line.append_text(name)
        line.append(" ")
    line.append(DERIVED_MARK + " " if paper.title_derived else "  ", palette.derived)
    shown = shown_title(paper)
    collapsed = " ".join(paper.title.split())
    # title spans point into the title as written: a title whose markup was rendered is
    # highlighted where its words were found in it as shown, never with misplaced spans
    if shown == collapsed:
        spans_in = title_spans_for(paper, title_spans)
    else:
        spans_in = [(start, end) for start, end in rendered_spans if 0 <= start < end <= len(shown)]
    title, spans = _visible_spans(shown, spans_in, _row_visible)
    title_text = Text(title, style=palette.title, end="")
    _highlight(title_text, spans, palette.match)
    line.append_text(title_text)
    return line


@lru_cache(maxsize=256)
def list_label(name: str, width: int) -> str:
    """A list's name for a column ``width`` cells wide: a venue spelled out that does not
    fit goes by its acronym, with the year the name holds ("7th Annual Conference on
    Robot Learning" is "CoRL", "Advances in Neural … Systems 2017" "NeurIPS 2017"), and
    so does a file's stem that names one ("pmlr_v120_l4dc2020" is "L4DC 2020"); in a
    column too narrow for the year, by the acronym alone ("ICML")."""
    from rich.cells import cell_len

    if cell_len(name) <= width:
        return name
    # a file's stem: by the venue it names, if it does ("pmlr_v120_l4dc2020" is
    # "L4DC 2020"), as list: finds it, rather than cut in the middle ("pmlr_…c2020")
    venue = _venue_label(name)
    if venue is None:
        return name
    # a column too narrow for the year too (a 50-column screen): the venue alone,
    # "ICML" where the year cut read "ICML 2…"
    alone = " ".join(_YEAR.sub("", venue).split())
    return alone if cell_len(venue) > width and alone and cell_len(alone) <= width else venue


@lru_cache(maxsize=256)
def _venue_label(name: str) -> str | None:
    """The venue a list's name spells out, by its acronym and the year the name holds
    ("NeurIPS 2017"), or names in a file's stem ("L4DC 2020"); None when it names none."""
    from tuireader.ingest.venues import venue_aliases, venue_in_stem

    aliases = venue_aliases(name)
    if not aliases:
        return venue_in_stem(name)
    year = _YEAR.search(name)
    return f"{aliases[0]} {year.group(0)}" if year else aliases[0]


def list_labels(names: Sequence[str], width: int) -> dict[str, str]:
    """Each list's name for a column ``width`` cells wide, as list_label gives it, except
    for lists the column would not tell apart: those it would show alike ("zoter…xport"
    for zotero_betterbibtex_export and zotero_biblatex_export; "ICML 2024" for "ICML 2024
    Oral" and "ICML 2024 Poster"), and lists of one venue some of which were cut to it
    ("ICML 2024 Oral" fits 14 cells, "ICML 2024 Poster" is "ICML 2024" there). They go
    by the words of their names that the others do not share, after the venue they
    share where there is room (see :func:`_told_apart`)."""
    labels = {name: list_label(name, width) for name in names}
    groups: list[list[str]] = []
    by_venue: dict[str, list[str]] = {}
    for name in labels:
        venue = _venue_label(name)
        if venue is not None:
            by_venue.setdefault(venue, []).append(name)
    for group in by_venue.values():
        if len(group) > 1 and any(labels[name] != name for name in group):
            groups.append(group)
    grouped = {name for group in groups for name in group}
    alike: dict[str, list[str]] = {}
    for name, label in labels.items():
        if name not in grouped:
            alike.setdefault(_shown_alike(visible(label), width), []).append(name)
    groups += [group for group in alike.values() if len(group) > 1]
    for group in groups:
        labels.update(_told_apart(group, labels, width))
    return labels


def _told_apart(group: Sequence[str], labels: Mapping[str, str], width: int) -> dict[str, str]:
    """Labels that tell the lists ``group`` names apart in ``width`` cells: the words of
    each name the others do not share, after the venue they share ("ICML 2024 Oral",
    "ICML 2024 Poster"), else after its acronym alone ("ICML Oral", "ICML Poster"), the
    first of these whose labels all fit; else the first whose labels the column cuts
    with some of those words still shown ("ICML orals", "ICML poste…"); else those
    words alone ("Oral", "Poster"; "betterbibtex", "biblatex" for lists of no venue),
    a name with none of its own keeping its label (``labels``)."""
    from rich.cells import cell_len

    words = {
        name: [word.strip(_AROUND_WORDS) for word in _STEM_WORDS.split(name)] for name in group
    }
    shared = set.intersection(*({word.casefold() for word in each} for each in words.values()))
    venues = {_venue_label(name) for name in group}
    venue = venues.pop() if len(venues) == 1 else None
    if venue is not None:
        shared |= {word.casefold() for word in venue.split()}
    own = {
        name: (" " if " " in name.strip() else "_").join(
            word for word in each if word and word.casefold() not in shared
        )
        for name, each in words.items()
    }
    heads = list(dict.fromkeys((venue, " ".join(_YEAR.sub("", venue).split())))) if venue else []
    forms = [(head, {name: f"{head} {own[name]}".rstrip() for name in group}) for head in heads]

    def apart(form: dict[str, str]) -> bool:
        shown = {list_cut(visible(label), width) for label in form.values()}
        return len(shown) == len(form)

    def fits(form: dict[str, str]) -> bool:
        return all(cell_len(label) <= width for label in form.values())

    def shows_own(head: str, form: dict[str, str]) -> bool:
        for label in form.values():
            cut = list_cut(visible(label), width)
            if cut != label and cell_len(cut[len(head) + 1 :].rstrip("…")) < OWN_WORDS_SHOWN:
                return False
        return True

    for head, form in forms:
        if fits(form) and apart(form):
            return form
    for head, form in forms:
        if apart(form) and shows_own(head, form):
            return form
    return {name: own[name] or labels[name] for name in group}


#: a file's extension, left in a list's name ("papers.bib")
_EXTENSION = re.compile(r"\.[A-Za-z][A-Za-z0-9]{0,4}$")


def list_cut(name: str, width: int) -> str:
    """A list's ``name`` in at most ``width`` cells, cut at its end: its start is what a
    user named the file by and reads it by ("arxiv_kaggl…", where a cut in the middle
    showed "arxiv_…t_200"). An extension goes first ("papers.bib" is "papers"). Lists
    that the start alone would not tell apart go by the words of their own (see
    :func:`list_labels`)."""
    from rich.cells import cell_len

    if cell_len(name) <= width:
        return name
    stem = _EXTENSION.sub("", name) if " " not in name.strip() else name
    if cell_len(stem) <= width or width < 2:
        return middle_cut(stem, width)
    cut = _in_cells(stem, width - 1)
    # a separator left before the ellipsis shows nothing of the word after it
    return (cut.rstrip("_-. ") or cut) + "…"


def _shown_alike(label: str, width: int) -> str:
    """What lists whose labels :func:`list_cut` shows alike in ``width`` cells share: the
    label as shown, or for a file's stem that is cut, its first word (stems from one
    source share their start: "zotero_bett…" for zotero_betterbibtex_export and
    zotero_better_csl, "zotero_bibl…" beside them telling little more)."""
    from rich.cells import cell_len

    if cell_len(label) <= width or " " in label.strip():
        return list_cut(label, width)
    first = _STEM_WORDS.split(_EXTENSION.sub("", label), maxsplit=1)[0]
    return f"{first.casefold()}_…"


def middle_cut(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells. A name of words ("7th Annual Conference…") is
    cut at its end; a file's stem is cut in the middle, since stems from one source
    differ at their end ("zotero…r_csl", "zotero…xport"; "pmlr_v…c2020")."""
    from rich.cells import cell_len

    if cell_len(text) <= width:
        return text
    if width < 2:
        return "…"[:width]
    room = width - 1
    if " " in text.strip():
        # by cells: a letter two cells wide that does not fit leaves no blank before the
        # ellipsis ("ICML 论文…", not "ICML 论文 …"), and neither does a space
        return _in_cells(text, room).rstrip() + "…"
    head = _in_cells(text, (room + 1) // 2)
    tail = _in_cells(text[::-1], room - cell_len(head))[::-1]
    return head + "…" + tail


#: a web address's scheme, left out of an address cut to tell it from others
_SCHEME = re.compile(r"https?://", re.IGNORECASE)
#: what ends a part of an address: its folders, its query's fields
_URL_PARTS = "/?#&="
#: a word of an address and the marks after it ("0704." "0002"), as its end is kept
_URL_WORDS = re.compile(r"\w+\W*|\W+")


def telling_cut(address: str, alike: Sequence[str], width: int) -> str:
    """``address`` in at most ``width`` cells, told apart from the addresses ``alike``
    that :func:`middle_cut` cuts as it: "arxiv.org/abs/…0002" and "arxiv.org/pdf/…0002"
    where both were "https://ar…0704.0002". Kept first are the parts of it that differ
    from each of them (their folder or field whole where there is room), then its host,
    then its end, word by word; "…" stands where the rest is left out. Its scheme goes
    first when theirs is the same. Whole when it fits; cut as :func:`middle_cut` cuts it
    when none of ``alike`` differs from it."""
    if cell_len(address) <= width:
        return address
    others = [other for other in alike if other != address]
    if not others or width < 2:
        return middle_cut(address, width)
    return _telling_cut(address, tuple(others), width)


@lru_cache(maxsize=256)
def _telling_cut(address: str, others: tuple[str, ...], width: int) -> str:
    scheme = _SCHEME.match(address)
    if scheme and all(other.lower().startswith(scheme.group().lower()) for other in others):
        address = address[scheme.end() :]
        others = tuple(other[scheme.end() :] for other in others)
    size = len(address)
    order: list[int] = []
    for other in others:  # what differs from each, then the rest of its part
        same_start = 0
        while same_start < min(size, len(other)) and address[same_start] == other[same_start]:
            same_start += 1
        same_end = 0
        room = min(size, len(other)) - same_start
        while same_end < room and address[size - 1 - same_end] == other[-1 - same_end]:
            same_end += 1
        end = size - same_end
        if end <= same_start:
            continue  # it is the other's start: its end tells them apart
        part_start, part_end = same_start, end
        while part_start > 0 and address[part_start - 1] not in _URL_PARTS:
            part_start -= 1
        while part_end < size and address[part_end] not in _URL_PARTS:
            part_end += 1
        part_end = min(size, part_end + 1)  # with the mark that ends it ("abs/")
        order += [*range(same_start, end), *range(same_start - 1, part_start - 1, -1)]
        order += range(end, part_end)
    host_end = next((at for at, char in enumerate(address) if char in _URL_PARTS), size)
    order += range(host_end)
    words = [match.span() for match in _URL_WORDS.finditer(address)]
    kept: set[int] = set()

    def shown(chosen: set[int]) -> str:
        out, at = [], 0
        while at < size:
            if at in chosen:
                out.append(address[at])
                at += 1
                continue
            gap = at
            while at < size and at not in chosen:
                at += 1
            left_out = address[gap:at]
            # one character left out takes no more room than the "…" that would stand for it
            out.append(left_out if cell_len(left_out) == 1 else "…")
        return "".join(out)

    def fits(more: Iterable[int]) -> bool:
        return cell_len(shown(kept | set(more))) <= width

    for at in order:
        if at not in kept and fits([at]):
            kept.add(at)
    for start, end in reversed(words):  # its end, a word at a time
        if fits(range(start, end)):
            kept.update(range(start, end))
            continue
        if end == size:  # its last word too long: as much of its end as there is room for
            for at in range(end - 1, start - 1, -1):
                if not fits(range(at, end)):
                    break
                kept.update(range(at, end))
        break
    return shown(kept)


def _in_cells(text: str, room: int) -> str:
    """The longest start of ``text`` that takes at most ``room`` cells."""
    from rich.cells import cell_len

    used = 0
    for at, char in enumerate(text):
        used += cell_len(char)
        if used > room:
            return text[:at]
    return text


#: what the title renderer may change: LaTeX and BibTeX markup, emphasis (``*1k*``), a
#: power written without ``$`` (``phi^4``), TeX's dashes (``Davis--Kahan``), entities. A
#: title with none of them is shown as written, without rendering it.
_TITLE_MARKUP = re.compile(r"[\\${}~*^_`&<]|--")


def shown_title(paper: Paper) -> str:
    """The title as people read it: LaTeX, BibTeX and Markdown markup rendered, one
    line (the command line's titles are :func:`display_title` too)."""
    title = paper.title
    if _TITLE_MARKUP.search(title):
        return display_title(title)
    return " ".join(title.split())


def title_spans_for(paper: Paper, spans: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """Spans into ``paper.title`` remapped onto its whitespace-collapsed form."""
    if not spans:
        return []
    raw = paper.title
    mapping: list[int] = []
    out = 0
    previous_space = True
    for char in raw:
        mapping.append(out)
        if char.isspace():
            if not previous_space:
                out += 1
            previous_space = True
        else:
            out += 1
            previous_space = False
    mapping.append(out)
    return [(mapping[min(s, len(raw))], mapping[min(e, len(raw))]) for s, e in spans]


#: abstracts whose rendering is kept: the viewer draws the same abstract again with each
#: search's highlights, and again on moving back to it.
ABSTRACTS_KEPT = 256


@lru_cache(maxsize=ABSTRACTS_KEPT)
def _rendered(abstract: str) -> Rendered:
    return render(abstract)


#: the most of an abstract the viewer shows: a real one is a few thousand characters, and
#: a list that holds a whole paper (or worse) in the field would hold the screen for
#: seconds a megabyte; ``tuireader show --json`` still gives all of it.
SHOWN_MAX = 20_000


def _shown_part(text: str) -> tuple[str, int]:
    """The part of ``text`` the viewer renders, cut between words, and how many characters
    are left out (0: all of it)."""
    if len(text) <= SHOWN_MAX:
        return text, 0
    cut = text.rfind(" ", SHOWN_MAX // 2, SHOWN_MAX)
    cut = SHOWN_MAX if cut < 0 else cut
    return text[:cut], len(text) - cut


def abstract_text(
    abstract: str,
    palette: Palette,
    highlight: Sequence[tuple[int, int]] | None = None,
) -> tuple[Text, str]:
    """The abstract rendered by the core (math, emphasis) as Rich Text.

    Returns the Text and the plain rendered string (for locating search words in it).
    ``highlight`` spans refer to that plain string. An abstract longer than
    :data:`SHOWN_MAX` is shown up to there, and says how much more there is.
    """
    shown_part, left_out = _shown_part(abstract)
    rendered = _rendered(shown_part)
    plain = rendered.text
    styles = {
        "em": palette.em,
        "strong": palette.strong,
        "math": palette.math,
        "code": palette.code_span,
    }
    shown, spans = _visible_spans(plain, [(s.start, s.end) for s in rendered.spans])
    text = Text(shown, end="")
    for (start, end), span in zip(spans, rendered.spans, strict=True):
        style = styles.get(span.style)
        if style is not None and start < end:
            text.stylize(style, start, end)
    if highlight:
        _, moved = _visible_spans(plain, highlight)
        _highlight(text, moved, palette.match)
    if left_out:
        text.append(
            f" … and {left_out:,} more characters, not shown here (tuireader show --json prints them)",
            palette.dim,
        )
    return text, plain


def tldr_text(
    paper: Paper,
    palette: Palette,
    find: Callable[[str], Sequence[tuple[int, int]]] | None = None,
) -> Text | None:
    """The authors' one-sentence summary, rendered like the abstract, after a label;
    None when the source gives none. ``find`` gives the spans to highlight in the
    rendered summary (the search's words)."""
    if not paper.tldr:
        return None
    summary, plain = abstract_text(paper.tldr, palette)
    if not plain.strip():
        return None
    spans = find(plain) if find is not None else None
    if spans:
        summary, _ = abstract_text(paper.tldr, palette, spans)
    text = Text("TL;DR ", palette.label, end="")
    text.append_text(summary)
    return text


#: the lines of a note the viewer shows, and its characters at most (a long line wraps to
#: several rows), the rest counted: a note of many lines filled the first screen at 80x24,
#: and the abstract was below it. ``n`` opens the whole note.
NOTE_LINES = 2
NOTE_CHARS = 200


def note_shown(note: str) -> str:
    """What the viewer shows of ``note``: all of a short one; of a longer one its first
    lines, cut between words, and how much more there is (a note's text is shown as
    typed, control characters escaped)."""
    lines = note.split("\n")
    shown = "\n".join(lines[:NOTE_LINES])
    if len(shown) > NOTE_CHARS:
        cut = shown.rfind(" ", NOTE_CHARS // 2, NOTE_CHARS)
        shown = shown[: NOTE_CHARS if cut < 0 else cut]
        left = len(note) - len(shown)
        return f"{visible(shown)} … and {left:,} more characters (n opens the note)"
    if len(lines) > NOTE_LINES:
        more = len(lines) - NOTE_LINES
        return (
            f"{visible(shown)} … and {more:,} more line{'s' if more > 1 else ''} (n opens the note)"
        )
    return visible(note)


#: authors the viewer names, the rest counted: a paper of 71 authors filled the first
#: screen at 80x24 with their names, and the abstract was below it (a consortium's
#: 50,000 held the screen for seconds). ``author:`` finds every one, and ``tuireader
#: show`` prints them all.
MAX_AUTHORS_SHOWN = 12


#: a word of a name, as the name is matched with a query's words
_NAME_WORD = re.compile(r"\w+")


@lru_cache(maxsize=64)
def _author_words(query: str) -> tuple[tuple[tuple[str, ...], bool, bool], ...]:
    """The words ``query`` looks for in the authors' names, as it is typed: for each of
    its terms and phrases not excluded, its folded words, whether its last word is being
    typed (a prefix), and whether it names the authors' field (``author:``; a plain word
    is looked for in the names too, and matches a whole word of one only)."""
    found: list[tuple[tuple[str, ...], bool, bool]] = []

    def walk(node: ql.Node | None) -> None:
        if isinstance(node, (ql.And, ql.Or)):
            for child in node.children:
                walk(child)
        elif isinstance(node, (ql.Term, ql.Phrase)) and node.field in (None, "authors"):
            words = tuple(fold(word) for word in _NAME_WORD.findall(node.text))
            if words:
                found.append((words, node.prefix, node.field == "authors"))

    walk(ql.parse(query, prefix=True).root)
    return tuple(found)


def matched_authors(authors: Sequence[str], query: str) -> list[str]:
    """The authors of ``authors`` that ``query`` looks for by name (``author:bengio``
    finds Yoshua Bengio), in their order: the viewer names them when they are among
    those it counts as "and N more"."""
    if not query.strip() or not authors:
        return []
    wanted = _author_words(query)
    if not wanted:
        return []
    found = []
    for name in authors:
        have = _name_words(name)
        if any(_named(have, *looked_for) for looked_for in wanted):
            found.append(name)
    return found


def _name_words(name: str) -> list[str]:
    """The folded words of an author's ``name``, as a query's are matched with them; of a
    name in Chinese, Japanese or Korean script, its parts spelled in Latin letters too,
    as the search finds it by them ("zhang" and "wei" of "张伟": ``name_spellings``)."""
    have = [fold(word) for word in _NAME_WORD.findall(name)]
    if not name.isascii() and (spelled := name_spellings(name)) is not None:
        families, given = spelled
        have += [word for word in (*families, given) if word]
    return have


def _named(have: Sequence[str], words: Sequence[str], prefix: bool, by_field: bool) -> bool:
    """True if a name of the words ``have`` holds every word of ``words``: whole, or
    the last one begun (``prefix``) when it is typed as an author's (``by_field``)."""
    last = len(words) - 1
    for number, word in enumerate(words):
        begun = prefix and by_field and number == last
        if not any(w == word or (begun and w.startswith(word)) for w in have):
            return False
    return True


def paper_header(
    paper: Paper,
    palette: Palette,
    *,
    source: bool = True,
    width: int | None = None,
    found: Sequence[str] = (),
    find: Callable[[str], Sequence[tuple[int, int]]] | None = None,
) -> Text:
    """Title, authors and where the paper comes from, for the top of the viewer, and
    (``source``) where its metadata came from (:func:`metadata_note`).

    ``found``: the authors the search looked for (:func:`matched_authors`); those among
    the authors counted as "and N more" are named after it ("… and 12 more, among them
    Yoshua Bengio"), or a search by author shows no sign of why the paper was found.
    In the authors' names, the search's words are highlighted as in the abstract
    (``find`` gives their spans), and a name ``found`` holds none of (张伟, found by
    "zhang") is highlighted whole.

    Given the ``width`` it is shown in, the line of the venue and id is broken into rows
    here, with "id" and the id as one word: wrapped by spaces, a row could end "· id"
    and leave the id alone on the next, where it no longer reads as the paper's id.
    """
    text = Text(end="")
    if paper.title_derived:
        text.append(DERIVED_MARK + " ", palette.derived)
    text.append(visible(shown_title(paper)), palette.title)
    text.append("\n")
    if paper.authors:
        shown = _authors_shown(paper.authors, width, found)
        text.append_text(_authors_text(shown, palette, find, found))
        if len(paper.authors) > len(shown):
            text.append(f" and {len(paper.authors) - len(shown):,} more", palette.dim)
            among = [name for name in found if name not in shown]
            if among:
                text.append(", among them ", palette.dim)
                text.append_text(_authors_text(among, palette, find, found))
    elif paper.editor:
        text.append(visible(display_editors(paper.editor)))
    else:
        text.append("authors unknown", palette.dim)
    text.append("\n")
    where = display_where(paper.where, paper.venue)
    said = visible(" · ".join(where)) if where else "source unknown"
    # The id is what `tuireader show ID` and `cite ID` take (`i` copies it).
    words = [(word, palette.dim) for word in [*said.split(" "), "·"] if word]
    rows = _word_rows([word for word, _ in words] + [f"id {visible(paper.id)}"], width)
    for number, word in enumerate(words):
        text.append(word[0], word[1])
        text.append("\n" if number + 1 in rows else " ", palette.dim)
    text.append("id ", palette.dim)
    text.append(visible(paper.id), palette.label)
    keywords = keywords_line(paper)
    if keywords:
        text.append("\nkeywords: ", palette.dim)
        text.append(visible(keywords))
    if paper.journal_ref:
        # a citation string, not a journal's name: shown as the source gives it
        text.append("\njournal ref: ", palette.dim)
        text.append(visible(paper.journal_ref))
    if source:
        text.append("\n")
        text.append(visible(metadata_note(paper)), palette.dim)
    return text


def _authors_text(
    names: Sequence[str],
    palette: Palette,
    find: Callable[[str], Sequence[tuple[int, int]]] | None,
    found: Sequence[str],
) -> Text:
    """``names`` as a list of authors is written (:func:`display_authors`), as literal
    text, with the search's words highlighted (``find``), and each name of ``found``
    that holds none of them highlighted whole."""
    line = display_authors(names)
    spans: list[tuple[int, int]] = list(find(line)) if find is not None and line else []
    start = 0
    for name in names:
        shown = display_authors([name])
        end = start + len(shown)
        if name in found and not any(s < end and e > start for s, e in spans):
            spans.append((start, end))
        start = end + len(", ")
    plain, moved = _visible_spans(line, spans)
    text = Text(plain, end="")
    _highlight(text, moved, palette.match)
    return text


#: rows the authors take at most where the viewer's width is known
AUTHOR_ROWS = 2


def _among(names: Iterable[str]) -> str:
    """The authors named after "and N more", as a list of authors is written."""
    return display_authors(list(names))


def _authors_shown(
    authors: Sequence[str], width: int | None, found: Sequence[str] = ()
) -> Sequence[str]:
    """The authors the viewer names: at most :data:`MAX_AUTHORS_SHOWN`, and (given the
    ``width`` of the viewer) as many as :data:`AUTHOR_ROWS` rows hold with "and N more"
    after them (and the authors ``found`` among those, see :func:`paper_header`): at
    80x24, twelve of RT-2's 54 authors took three rows, and with its tag, note and TL;DR
    the abstract was below the first screen."""
    shown = list(authors[:MAX_AUTHORS_SHOWN])
    if width is None or width <= 0:
        return shown

    def rows(count: int) -> int:
        more = f" and {len(authors) - count:,} more" if count < len(authors) else ""
        among = _among(name for name in found if name not in authors[:count])
        more += f", among them {visible(among)}" if more and among else ""
        words = (visible(display_authors(authors[:count])) + more).split(" ")
        return 1 + len(_word_rows(words, width))

    while len(shown) > 1 and rows(len(shown)) > AUTHOR_ROWS:
        shown.pop()
    return shown


def _word_rows(words: Sequence[str], width: int | None) -> set[int]:
    """Where rows of ``width`` cells start (by the index of their first word) when
    ``words``, joined by single spaces, are wrapped as a terminal row of text is: each
    word on the row it fits in, else on the next (None: one row)."""
    starts: set[int] = set()
    if width is None:
        return starts
    used = 0
    for number, word in enumerate(words):
        size = cell_len(word)
        if number and used + 1 + size > width:
            starts.add(number)
            used = size
        else:
            used += size + (1 if number else 0)
    return starts


def keywords_line(paper: Paper) -> str:
    """The authors' keywords on one line, as ``keyword:`` finds them ("" when none)."""
    return ", ".join(" ".join(word.split()) for word in paper.keywords if word.strip())


def notice_title(title: str, room: int | None = NOTICE_TITLE) -> str:
    """A paper's title in one line, cut to ``room`` characters for a notice (None: the
    whole title), as the list shows it: its LaTeX rendered ("Λ_α", not "$\\Lambda_{\\alpha}$"),
    so that the user knows the paper a notice names."""
    name = display_title(title)
    return name if room is None or len(name) <= room else name[: room - 1] + "…"


def decided_text(state: str, title: str | None) -> str:
    """What a state key says it did to the paper called ``title`` (None: not loaded), for a
    user who may not see the paper's row: "Kept: “…”", "Marked maybe: “…”"."""
    # "Maybe" alone reads as a question: a maybe is "marked maybe"
    word = "marked maybe" if state == "maybe" else STATE_WORDS.get(state, state)
    word = word[:1].upper() + word[1:]
    return f"{word}: “{title}”" if title else word


def path_rows(path: str, room: int) -> str:
    """``path`` in rows of ``room`` cells, each broken after a ``/``: a notice naming a
    file wraps between folders, never inside a name (the file's name, last, stays whole
    on its row so it can be read, and selected with the mouse, as one). A name longer
    than the room takes a row of its own."""
    parts = re.findall(r"[^/]*/|[^/]+$", path) or [path]
    rows: list[str] = []
    for part in parts:
        if rows and cell_len(rows[-1]) + cell_len(part) <= room:
            rows[-1] += part
        else:
            rows.append(part)
    return "\n".join(rows)


#: a word of a notice and the blanks after it, or blanks alone (as Textual splits a row)
_WORD = re.compile(r"\S+\s*|\s+")
#: a word's pieces ending at a "/" (two or more together, as in "https://"), then the rest
_FOLDERS = re.compile(r"[^/]*/+|[^/]+$")
#: a file's name: it ends with a suffix ("….sqlite3", "….json);")
_FILE_NAME = re.compile(r"\.[A-Za-z][A-Za-z0-9]{0,9}[^\w/]*$")
#: a piece's pieces ending at "-", "_" or "." (a file's name with its date and suffix)
_NAME_PARTS = re.compile(r"[^-_.]*[-_.]+|[^-_.]+$")


def _word_pieces(word: str, room: int) -> list[tuple[str, bool]]:
    """``word``, longer than ``room``, in pieces that each fit it, each with whether it
    starts a row of its own: broken after a ``/`` only. In a path, a name longer than a
    row is a row of its own, whole (wider than the row: a notice cuts it in its middle,
    :func:`cut_middle`, and the notices log shows it whole), and so is a file's name on
    its own ("….json"); any other word is broken after a ``-``, ``_`` or ``.``, and a
    piece longer still by cells."""
    pieces: list[tuple[str, bool]] = []
    path = "/" in word or bool(_FILE_NAME.search(word))
    for part in _FOLDERS.findall(word) or [word]:
        if cell_len(part) <= room:
            pieces.append((part, False))
            continue
        if path:  # "triage-before-dama" then "ge-2026…" could be read as two names
            pieces.append((part, True))
            continue
        first = True
        for name in _NAME_PARTS.findall(part) or [part]:
            while cell_len(name) > room:
                cut = 1
                while cut < len(name) and cell_len(name[: cut + 1]) <= room:
                    cut += 1
                pieces.append((name[:cut], first))
                name, first = name[cut:], False
            if name:
                pieces.append((name, first))
                first = False
    return pieces


def cut_middle(row: str, room: int) -> str:
    """``row`` cut in its middle with "…" to fit ``room`` cells, its start and its end
    kept ("triage-damaged-202…6-180857.sqlite3"); as it is where it fits."""
    kept = middle_kept(row, room)
    return row if kept is None else row[: kept[0]] + "…" + row[kept[1] :]


def middle_kept(row: str, room: int) -> tuple[int, int] | None:
    """Where :func:`cut_middle` cuts ``row``: the end of its start kept and the start of
    its end kept (None: it fits ``room`` cells, or no room is left)."""
    if cell_len(row) <= room or room < 1:
        return None
    keep = room - 1  # the "…"
    start, end = 0, len(row)
    used = 0
    while start < end:
        # a character of the start, then one of the end, while they fit
        take_start = cell_len(row[:start]) <= cell_len(row[end:])
        at = start if take_start else end - 1
        size = cell_len(row[at])
        if used + size > keep:
            break
        used += size
        if take_start:
            start += 1
        else:
            end -= 1
    return start, end


def notice_breaks(line: str, room: int) -> list[int]:
    """Where ``line`` (one row of a notice's text, no line break in it) is broken to fit
    rows of ``room`` cells: before a word that does not fit the rest of its row, as
    Textual breaks it; but a word longer than a row, a file's path, is broken after a
    ``/`` (its file's name whole, where it fits a row), where Textual cut it after as
    many characters as the row held ("…/triage-before-dama" then "ge-2026….sqlite3").
    The offsets are where each new row starts."""
    if room < 1:
        return []
    cuts: list[int] = []
    used = 0
    for match in _WORD.finditer(line):
        start, chunk = match.start(), match.group()
        word = chunk.rstrip()
        blanks = cell_len(chunk) - cell_len(word)
        width = cell_len(word)
        if not word or used + width <= room:
            used += width + blanks
            continue
        if width <= room:  # whole on a row of its own
            if used:
                cuts.append(start)
            used = width + blanks
            continue
        at = start  # longer than a row: it starts one, as a word that fits one would
        if used:
            cuts.append(start)
            used = 0
        for piece, own_row in _word_pieces(word, room):
            size = cell_len(piece)
            if used and (own_row or used + size > room):
                cuts.append(at)
                used = 0
            used += size
            at += len(piece)
        used += blanks
    return cuts


def metadata_note(paper: Paper) -> str:
    """Where the title and authors came from, in words."""
    source = paper.metadata_source
    if paper.title_unknown and source in ("derived", "list"):
        return "title not known: its list gives none, nor an abstract; no catalog matched (tuireader --catalog FILE)"
    if source == "derived" or (paper.title_derived and source == "list"):
        return "title derived from the abstract; no catalog matched (tuireader --catalog FILE)"
    if source == "list":
        return "metadata from the list itself"
    return f"metadata from the catalog {source}"


def links_text(paper: Paper, palette: Palette, width: int | None = None) -> Text:
    """The paper's links numbered 1–9 with their kind, as OSC 8 hyperlinks, then what was
    left out as unsafe (:func:`~tuireader.ingest.links.left_out_note`).

    The link travels in the style (``Style(link=url)``), so it survives wrapping; the URL
    shown is made visible like any other data. A link left out is shown escaped, never
    numbered nor clickable. Given the ``width`` it is shown in, each link keeps to one
    row with its number and kind: a URL too long for the rest of its row is cut in its
    middle with "…" after its kind, as the link menus cut it (its start and its file's
    name kept; what tells it from a link cut alike, where there is one), and a line after
    the links says where it is whole. Wrapped, an address read as pieces of several (cut
    under its own start), and a mouse selection of it took the indent's blanks along; put
    on a row of its own below its number and kind (where it fitted a whole row, not the
    rest of its own), it read as a link without a number.
    """
    text = Text(end="")
    links = paper.links[:MAX_NUMBERED_LINKS]
    left_out = left_out_note(paper, shown=True)
    if not links:
        text.append("no links", palette.dim)
        if left_out:
            text.append(f"\n{left_out}", palette.dim)
        return text
    cut = False
    addresses = [visible(link.url) for link in links]
    for number, link in enumerate(links, start=1):
        if number > 1:
            text.append("\n")
        text.append(f"{number} ", palette.label)
        text.append(f"{link.kind:<7} ", palette.dim)
        style = palette.link + Style(link=_safe_url(link.url))
        shown = visible(link.url)
        room = None if width is None else max(1, width - _LINK_INDENT)
        if room is None or cell_len(shown) <= room:
            text.append(shown, style)
        else:
            # told apart from the links cut as it ("arxiv.org/abs/…" and "arxiv.org/pdf/…")
            cuts = middle_cut(shown, room)
            alike = [other for other in addresses if middle_cut(other, room) == cuts]
            text.append(telling_cut(shown, alike, room), style)
            cut = True
    hidden = len(paper.links) - len(links)
    if hidden > 0:
        text.append(f"\n  … {hidden} more", palette.dim)
    if cut:
        text.append(
            f"\nCut with …: copied and opened whole; tuireader show {visible(paper.id)} prints it.",
            palette.dim,
        )
    if left_out:
        text.append(f"\n{left_out}", palette.dim)
    return text


#: where a link's address starts in its row: after "1 " and its kind, 7 wide, and a space.
_LINK_INDENT = 10


def _safe_url(url: str) -> str | None:
    """The URL to put in an OSC 8 hyperlink, or None when it is not a safe web address.

    Only http(s) links become clickable, and never with control, bidi or invisible
    characters inside (they would end the escape sequence early or disguise the target):
    the one rule is :func:`tuireader.ingest.links.web_url`. The link is clickable only when that
    rule keeps it exactly as shown.
    """
    safe_url = web_url(url)
    return safe_url if safe_url == url else None
