"""The query language, parsed into a small tree of plain dataclasses.

    diffusion models        every word must match (word forms folded)
    manip*                  words that begin so (manipulation, manipulator, …)
    "exact phrase"          the words in this order
    -excluded, -(a OR b)    must not match
    a OR b, (a OR b) c      alternatives and grouping
    title: author: abstract: list: venue: year: url:   search one field
    year:2020..2024  year:2021..  year:..2019  year:>=2022            a range of years
    url:github.com  url:https://github.com/a/b         links on a host (or under it), a link
    keyword: category: area: status:                   author keywords, arXiv categories,
                                                       primary area, Oral/Poster/…
    has:code  has:paper  has:project                   papers with such a link
    has:video  has:slides  has:poster                  papers with a link to their talk's
    is:kept  tag:NAME  has:note                        triage filters (answered by the store)
    sort:fit  sort:relevance  sort:list                the order of the hits

``sort:`` is a directive, not a filter: it is taken out of the tree and carried on
``ParsedQuery.sort`` ("fit": most likely kept first, by the model learned from triage;
"relevance": best match first; "list": list order). The last one written wins; a value
that is none of these is dropped with a message, and ``sort`` stays None (the front
end's own order).

Parsing never fails: a malformed query is repaired (an unbalanced quote or parenthesis
closed, a lone ``-`` or ``OR`` dropped, an unknown field searched as words, a word of no
letters or digits left out) and each repair is reported in words a user understands,
repeating at most the first :data:`SAID_MAX` characters of what it names.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass, field

FIELDS = {
    "title": "title",
    "author": "authors",
    "authors": "authors",
    "abstract": "abstract",
    "list": "lists",
    "lists": "lists",
    "venue": "venue",
    "keyword": "keywords",
    "keywords": "keywords",
    "category": "keywords",
    "area": "keywords",
    "status": "status",
    "year": "year",
    "url": "urls",
    "link": "urls",
}
#: fields whose words the index keeps in no order: a quoted value there is its words,
#: each required (``url:"a b"`` is ``url:a url:b``; ``url:"github.com"`` is ``url:github.com``)
UNORDERED = ("urls", "year")
#: filters that are not index fields: ``has:`` values the index knows, the rest go to the store.
FILTERS = ("has", "is", "tag", "note")
#: ``is:`` words for a state besides its own name: the verb ``triage --state`` takes
#: (``is:keep``) and the word the status line counts with (``is:skipped``).
IS_WORDS = {"keep": "kept", "skipped": "skip"}
INDEX_HAS = ("code", "paper", "project", "video", "slides", "poster")
#: what ``has:`` takes: the links the index knows, and a note (which the store answers).
HAS_VALUES = (*INDEX_HAS, "note")
#: the triage states ``is:`` takes: the store's ``STATES`` (a layer above this one),
#: which a test checks these agree with. ``is:detached`` is the command line's own.
IS_STATES = ("new", "kept", "maybe", "skip", "read")
IS_DETACHED = "detached"
#: the filter a ``list:`` word is joined by when it names a list by its file's name only
#: (``Engine`` answers it with that list's papers); no query typed names it
LIST_FILE = "list-file"
#: the orders ``sort:`` takes.
SORTS = ("fit", "relevance", "list")
_DIRECTIVES = ("sort",)

#: how much of a query, or of a word of it, a message repeats (characters)
SAID_MAX = 80
#: how many of a query's words a message names at most
SAID_WORDS = 5


def shortened(text: str, limit: int = SAID_MAX) -> str:
    """``text`` as a message repeats it: whole up to ``limit`` characters, else its first
    ones and "…" (a page pasted as a query is not said back whole)."""
    return text if len(text) <= limit else f"{text[: limit - 1]}…"


def as_typed(text: str) -> str:
    """What the user typed, as a message quotes it, the reader's and the command line's
    alike: between “ and ”, its backslashes and quotes as they were typed (``repr()``
    doubled each backslash, and said a phrase of one escaped quote as three quotes);
    :func:`shortened`."""
    return f"“{shortened(text)}”"


@dataclass(frozen=True)
class Term:
    text: str
    field: str | None = None
    prefix: bool = False


@dataclass(frozen=True)
class Phrase:
    text: str
    field: str | None = None
    #: a quoted phrase still being typed (its quote not closed yet): its last word is the
    #: beginning of a word, so that results do not go blank at each keystroke of a phrase
    prefix: bool = False


@dataclass(frozen=True)
class Filter:
    name: str
    value: str


@dataclass(frozen=True)
class Not:
    child: Node


@dataclass(frozen=True)
class And:
    children: tuple[Node, ...]


@dataclass(frozen=True)
class Or:
    children: tuple[Node, ...]


Node = Term | Phrase | Filter | Not | And | Or


@dataclass(frozen=True)
class ParsedQuery:
    text: str
    root: Node | None
    problems: tuple[str, ...] = ()
    #: the order asked for with ``sort:`` (one of :data:`SORTS`), None if none.
    sort: str | None = None
    #: the beginning of ``text`` that holds the words searched, when the query holds more
    #: than :data:`MAX_WORDS` (None: all of it is searched)
    searched: str | None = None
    #: what is said of each value a field, a filter or ``sort:`` cannot take, which the
    #: query was read without: one left empty (``is:``, ``tag:""``, ``is: kept``), a
    #: ``year:`` of no years (``year:abc``), an order that is none (``sort:best``). The
    #: command line refuses such a query, where the query read without it would find
    #: another set of papers (``year:abc`` alone, every paper); live search goes on without
    #: it, and says nothing of a value still being typed (``is:`` on the way to ``is:kept``).
    refused: tuple[str, ...] = ()

    @property
    def message(self) -> str | None:
        return "; ".join(self.problems) if self.problems else None


@dataclass
class _Tok:
    kind: str  # "word", "phrase", "lparen", "rparen", "or"
    text: str = ""
    field: str | None = None
    negated: bool = False
    start: int = 0
    #: a phrase as it was typed, its quotes and backslashes with it (said back so)
    typed: str = ""


_SPACE = re.compile(r"\s+")
_FIELD = re.compile(r"([A-Za-z]+):")


#: said of a quote the query leaves open (closed at its end)
_UNBALANCED = "closed an unbalanced quote"
#: said of a group the query leaves open (closed at its end)
_UNCLOSED_GROUP = "closed an unbalanced '('"


@dataclass
class _Lexer:
    text: str
    problems: list[str] = field(default_factory=list)
    sort: str | None = None
    #: where the last ``sort:`` started (-1: none)
    directive_at: int = -1
    #: the text of a phrase whose quote the query leaves open (the last one read), if any
    open_phrase: str | None = None
    #: what was said of the query's very end, a "-" or a field's colon with nothing after
    #: them yet: while the query is typed, the word is the next key
    said_of_end: list[str] = field(default_factory=list)
    #: what is said of a value a field, filter or ``sort:`` cannot take (``ParsedQuery.refused``),
    #: and whether it is at the query's very end (a value still to be typed)
    refused: list[tuple[str, bool]] = field(default_factory=list)

    def _say(self, problem: str, at_end: bool) -> None:
        self.problems.append(problem)
        if at_end:
            self.said_of_end.append(problem)

    def tokens(self) -> list[_Tok]:
        text, i, out = self.text, 0, []
        n = len(text)
        #: a NOT was read: the next word or phrase is excluded, as with "-"
        excluding = False
        #: names given as fields that are none, said once together
        unknown: list[str] = []
        #: where each AND stood among the tokens: it needs a term on either side
        ands: list[int] = []
        while i < n:
            ch = text[i]
            if ch.isspace():
                i += 1
                continue
            if ch == ")" and excluding:
                self.problems.append("ignored a NOT with nothing after it")
                excluding = False
            if ch == "(":
                # "NOT (a OR b)": the group is left out, as "-(a OR b)" is
                out.append(_Tok("lparen", negated=excluding, start=i))
                excluding = False
                i += 1
                continue
            if ch == ")":
                out.append(_Tok("rparen", start=i))
                i += 1
                continue
            if ch == "-" and i > 0 and text[i - 1] == ")" and i + 1 < n and text[i + 1].isalnum():
                # a hyphen after a group written into a word ("E(3)-Invariant", a title
                # pasted): the word after it is the title's, where it was left out
                i += 1
                continue
            start = i
            negated, excluding = excluding, False
            if ch == "-":
                negated = True
                i += 1
                if i < n and text[i] == "(":
                    # "-(grasp OR push)": the papers of none of the group
                    out.append(_Tok("lparen", negated=True, start=start))
                    i += 1
                    continue
                if i >= n or text[i].isspace() or text[i] == ")":
                    self._say("ignored a lone '-' (write -word to exclude a word)", i >= n)
                    continue
            fieldname = None
            match = _FIELD.match(text, i)
            if match:
                name = match.group(1).lower()
                if name in _DIRECTIVES:
                    self.directive_at = start
                    i = self._directive(name, negated, match.end())
                    continue
                if name in FIELDS or name in FILTERS:
                    fieldname = name
                    i = match.end()
                    if name in FIELDS:
                        i, fieldname = self._fields_again(start, i, name)
                    if i >= n or text[i].isspace() or text[i] == ")":
                        said = f"'{name}:' needs a value, e.g. {name}:{_example(name)}"
                        self._say(said, i >= n)
                        self.refused.append((_no_value(name, text, i), i >= n))
                        continue
                elif len(out) < MAX_WORDS and _valued(text, match.end()):
                    # (words past those searched are not said, nor a word of prose before
                    # its colon: a title pasted, "Position: Rethinking …", "GaLore: …")
                    unknown.append(shortened(name + ":"))
            if i < n and text[i] == '"':
                end = closing_quote(text, i + 1)
                if end < 0 and fieldname is not None and not text[i + 1 :].strip():
                    # ``venue:"``: the quote opens nothing, closed it would be ``venue:""``,
                    # no value, as a bare ``venue:`` is (not every paper, a quote closed)
                    self._say(
                        f"'{fieldname}:' needs a value, e.g. {fieldname}:{_example(fieldname)}",
                        True,
                    )
                    self.refused.append((_no_value(fieldname, text, n), True))
                    i = n
                    continue
                if end < 0:
                    self.problems.append(_UNBALANCED)
                    end = n
                if text[i + 1 : end].strip():
                    quoted = _unescaped(text[i + 1 : end])
                    typed = text[i : end + 1]  # (to the end, where it was left open)
                    out.append(_Tok("phrase", quoted, fieldname, negated, start, typed))
                    if end == n:
                        self.open_phrase = quoted
                elif end < n:  # '""': nothing to find (an unclosed one is said above)
                    self.problems.append('ignored empty quotes ""')
                    if fieldname is not None:  # ``tag:""``: a field's value left empty
                        self.refused.append((_no_value(fieldname, text, end + 1), False))
                i = end + 1
                continue
            j = i
            while j < n and not text[j].isspace() and text[j] not in '()"':
                j += 1
            word = text[i:j]
            i = j
            if word == "OR" and not negated and fieldname is None:
                out.append(_Tok("or", start=start))
            elif word == "NOT" and not negated and fieldname is None:
                excluding = True  # NOT word is -word
            elif word == "AND" and not negated and fieldname is None:
                ands.append(len(out))  # words are all required anyway
            elif word:
                if fieldname is None and match and not negated:
                    word = text[start:j]  # keep "foo:bar" whole; the analyzer splits it
                out.append(_Tok("word", word, fieldname, negated, start))
        if excluding:
            self.problems.append("ignored a NOT with nothing after it")
        if _dangling_and(out, ands):
            self.problems.append("ignored an 'AND' with nothing on one side")
        if unknown:
            names = ", ".join(as_typed(name) for name in dict.fromkeys(unknown))
            fields = ", ".join(sorted(set(FIELDS) | set(FILTERS) | {"sort"}))
            field = "field" if len(dict.fromkeys(unknown)) == 1 else "fields"
            self.problems.append(f"unknown {field} {names} searched as words (fields: {fields})")
        return out

    def _fields_again(self, start: int, i: int, name: str) -> tuple[int, str]:
        """A field named again right after its colon (``title:title:robot``, a field typed
        before a value pasted with its own, ``title:author:zhou``): the word is in the
        last one, and that is said, where its value was "title:robot", a word no title has.
        Returns where the value starts and the field's name."""
        again = _FIELD.match(self.text, i)
        if again is None or again.group(1).lower() not in FIELDS:
            return i, name
        while again is not None and again.group(1).lower() in FIELDS:
            name, i = again.group(1).lower(), again.end()
            again = _FIELD.match(self.text, i)
        written = shortened(self.text[start:i].lstrip("-"))
        said = f"read {as_typed(written)} as {as_typed(name + ':')}"
        self.problems.append(f"{said} (a word is searched in one field)")
        return i, name

    def _directive(self, name: str, negated: bool, i: int) -> int:
        """Read ``sort:VALUE`` from ``i``; returns where the next token starts."""
        text, n = self.text, len(self.text)
        if i < n and text[i] == '"':  # sort:"fit", quoted as a field's value may be
            end = closing_quote(text, i + 1)
            end = n if end < 0 else end
            value, raw, j = text[i + 1 : end].strip().lower(), text[i + 1 : end], end + 1
        else:
            j = i
            while j < n and not text[j].isspace() and text[j] not in '()"':
                j += 1
            value, raw = text[i:j].lower(), text[i:j]
        choices = ", ".join(SORTS)
        if not value:
            said = f"'{name}:' needs a value ({choices}), e.g. {name}:fit"
            self._say(said, i >= len(text))
            self.refused.append((said, i >= len(text)))
        elif value not in SORTS:
            said = shortened(f"{name}:{raw}")
            self.problems.append(f"ignored {as_typed(said)} ({name}: takes {choices})")
            self.refused.append((f"{said} is no order ({name}: takes {choices})", j >= n))
        else:
            if negated:
                self.problems.append(f"ignored the '-' before '{name}:' (it is an order)")
            self.sort = value
        return j


#: a backslash and the quote or backslash it stands for, inside quotes
_ESCAPED = re.compile(r'\\(["\\])')
#: what a quotation holds up to its closing quote: a pasted page is read at once
_QUOTED = re.compile(r'(?:[^"\\]+|\\["\\]?)*')


def closing_quote(text: str, start: int) -> int:
    """Where the quote that closes a quotation begun before ``start`` stands in
    ``text``, -1 when none does. A quote after a backslash is one of its characters
    (``tag:"say \\"hi\\""`` names the tag ``say "hi"``), as a shell's double quotes and
    JSON take it, and so is a backslash after one (``"a\\\\"`` ends in one). Whatever
    reads a query's quotes as the query language does (the search box's ``sort:``
    words) finds them here."""
    end = _QUOTED.match(text, start).end()  # type: ignore[union-attr]
    return end if end < len(text) else -1


def _unescaped(quoted: str) -> str:
    """The characters of a quotation, its escaped quotes and backslashes as themselves;
    a backslash before anything else is kept (``"a\\b"``, LaTeX's ``"\\epsilon"``)."""
    return _ESCAPED.sub(r"\1", quoted) if "\\" in quoted else quoted


#: parentheses nested deeper than this group nothing more: they are dropped (a query
#: of a thousand nested groups would otherwise exhaust the parser's recursion).
MAX_NESTING = 32


def _shallow(tokens: list[_Tok], problems: list[str]) -> list[_Tok]:
    """``tokens`` without the parentheses nested deeper than :data:`MAX_NESTING`."""
    kept: list[_Tok] = []
    depth = 0
    dropped = False
    for tok in tokens:
        if tok.kind == "lparen":
            depth += 1
            if depth > MAX_NESTING:
                dropped = True
                continue
        elif tok.kind == "rparen" and depth > 0:
            depth -= 1
            if depth >= MAX_NESTING:
                continue
        kept.append(tok)
    if dropped:
        problems.append(f"ignored parentheses nested more than {MAX_NESTING} deep")
    return kept


#: words a query is searched with at most: the rest are left out, and it is said (a page
#: of text pasted as a query nested Whoosh's matchers a thousand deep, and failed).
MAX_WORDS = 64


#: a word of a query as its words are counted before it is read (:func:`_cut`): a run of
#: characters that are no space, parenthesis or quote, a quotation after it or alone
_COUNTED = re.compile(r'[^\s()"]+(?:"(?:[^"\\]|\\.)*"?)?|"(?:[^"\\]|\\.)*"?')
#: the words a query's words are counted by, in the part left out (:func:`_cut`)
_RUN = re.compile(r'[^\s()"]+')
#: a ``sort:`` where a query's word may begin
_SORT_WORD = re.compile(r'(?<![^\s(])-?sort:(?:"[^"]*"?|[^\s()"]*)', re.IGNORECASE)


def _counted(word: str) -> int:
    """The words searched of ``word``, a match of :data:`_COUNTED`: none for an operator,
    a ``sort:``, or a field's name before its value; a quotation's words each."""
    run, quote, quoted = word.partition('"')
    named = _FIELD.fullmatch(run)
    field_name = named is not None and (named.group(1).lower() in (*FIELDS, *FILTERS))
    if quote:
        return (0 if not run or field_name else 1) + len(quoted.rstrip('"').split())
    bare = run.lstrip("-")
    if run in ("OR", "AND", "NOT") or not bare or field_name:
        return 0
    return 0 if bare.lower().startswith("sort:") else 1


def _cut(text: str) -> tuple[str, int]:
    """The beginning of ``text`` that holds its first :data:`MAX_WORDS` words (a
    quotation that goes past them whole, cut to them when read), and how many words the
    rest holds, which is not read: a page of text pasted as a query is read, analysed and
    spelled no further than the words searched. A ``sort:`` in the rest is kept (the
    order asked for, wherever it stands)."""
    if len(text) < 2 * MAX_WORDS:
        return text, 0  # (fewer characters than it takes to write that many words)
    count = 0
    for found in _COUNTED.finditer(text):
        if count >= MAX_WORDS:
            rest = text[found.start() :]
            more = sum(
                1
                for run in _RUN.findall(rest)
                if run not in ("OR", "AND", "NOT", "-") and not _SORT_WORD.fullmatch(run)
            )
            if not more:
                return text, 0
            kept = " ".join(word.group() for word in _SORT_WORD.finditer(rest))
            return f"{text[: found.start()]} {kept}" if kept else text[: found.start()], more
        count += _counted(found.group())
    return text, 0


def _bounded(tokens: list[_Tok], problems: list[str], more: int = 0) -> list[_Tok]:
    """``tokens`` holding at most :data:`MAX_WORDS` words (a phrase's words count);
    ``more``: the words of the query after those read (:func:`_cut`)."""
    given = sum(len(tok.text.split()) for tok in tokens if tok.kind in ("word", "phrase"))
    given += more
    if given <= MAX_WORDS:
        return tokens
    kept: list[_Tok] = []
    room = MAX_WORDS
    for tok in tokens:
        if tok.kind in ("word", "phrase"):
            words = tok.text.split()
            if room <= 0 or not words:
                continue
            if len(words) > room:
                tok = dataclasses.replace(tok, text=" ".join(words[:room]))
            room -= min(room, len(words))
        kept.append(tok)
    problems.append(f"searched the first {MAX_WORDS} words of the query's {given}")
    return kept


def _dangling_and(tokens: list[_Tok], ands: list[int]) -> bool:
    """Whether an AND (at ``ands``, its place among ``tokens``) lacks a term on one side:
    first or last, next to an OR, a parenthesis on its inside or another AND."""
    for at in ands:
        before = tokens[at - 1] if at > 0 else None
        after = tokens[at] if at < len(tokens) else None
        if before is None or before.kind in ("or", "lparen"):
            return True
        if after is None or after.kind in ("or", "rparen"):
            return True
    return len(set(ands)) < len(ands)


def _valued(text: str, at: int) -> bool:
    """Whether a value follows the colon of a field ending at ``at`` (``foo:bar``), as it
    does not a word of prose ("Position: …")."""
    return at < len(text) and not text[at].isspace()


def _example(name: str) -> str:
    return {"has": "code", "is": "kept", "tag": "to-read", "note": "later", "year": "2024"}.get(
        name, "word"
    )


def _no_value(name: str, text: str, at: int) -> str:
    """What the command line says of the field or filter ``name`` given no value, its
    colon ending at ``at`` in ``text``: with the values it takes, and the word written
    after a space (``is: kept``) as its value, with no space between."""
    said = f"'{name}:' needs a value"
    after = re.match(r"\s+([^\s()\"]+)", text[at:])
    word = after[1] if after else ""
    if word and not _FIELD.match(word) and word[0] != "-" and word not in ("OR", "AND", "NOT"):
        said += f" right after its colon, with no space: {shortened(f'{name}:{word}')}"
    else:
        said += f", e.g. {name}:{_example(name)}"
    values = _TAKES.get(name, ("", ()))[1]
    return f"{said} ({name}: takes {', '.join(values)})" if values else said


class _Parser:
    def __init__(
        self, tokens: list[_Tok], problems: list[str], refused: list[str] | None = None
    ) -> None:
        self.tokens = tokens
        self.pos = 0
        self.problems = problems
        #: what is said of a field's value of nothing to search for (``ParsedQuery.refused``)
        self.refused: list[str] = [] if refused is None else refused
        self.depth = 0

    def peek(self) -> _Tok | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def parse(self) -> Node | None:
        node = self.or_expr()
        while self.pos < len(self.tokens):  # stray ")" at top level
            self.problems.append("ignored an unmatched ')'")
            self.pos += 1
            more = self.or_expr()
            node = _and([n for n in (node, more) if n is not None])
        return node

    def or_expr(self) -> Node | None:
        branches: list[Node] = []
        dangling = False
        while True:
            branch = self.and_expr()
            tok = self.peek()
            if branch is not None:
                branches.append(branch)
            elif tok is not None and tok.kind == "or" or dangling:
                dangling = True
            if tok is not None and tok.kind == "or":
                self.pos += 1
                if branch is None:
                    dangling = True
                continue
            break
        if dangling or (branches and self._ended_with_or()):
            self.problems.append("ignored an 'OR' with nothing on one side")
        if not branches:
            return None
        return branches[0] if len(branches) == 1 else Or(tuple(branches))

    def _ended_with_or(self) -> bool:
        return self.pos > 0 and self.tokens[self.pos - 1].kind == "or"

    def and_expr(self) -> Node | None:
        parts: list[Node] = []
        while True:
            tok = self.peek()
            if tok is None or tok.kind in ("or", "rparen"):
                break
            self.pos += 1
            if tok.kind == "lparen":
                inner = self.or_expr()
                closing = self.peek()
                if closing is not None and closing.kind == "rparen":
                    self.pos += 1
                else:
                    self.problems.append(_UNCLOSED_GROUP)
                if inner is not None:
                    parts.append(Not(inner) if tok.negated else inner)
                continue
            node = _searchable(_atom(tok), tok, self.problems, self.refused)
            if node is not None:
                parts.append(node)
        return _and(parts) if parts else None


def _searchable(
    node: Node | None, tok: _Tok, problems: list[str], refused: list[str]
) -> Node | None:
    """``node`` without its terms and phrases of no letters or digits ("*", "!!!", "∞",
    ``title:*``, ``author:","``): nothing the index holds (no query at all, if alone),
    left out and said; a field's such value is also in ``refused``, a value the field
    cannot take. A ``year:`` value is left to :func:`_without_unread_years`, which
    says what a year is."""
    if isinstance(node, Term) and _LONE_POSSESSIVE.fullmatch(node.text):
        # "'s" pasted apart from its word ("Bellman 's"): no word, as "Bellman's" has none
        said = f"{tok.field}:{node.text}" if tok.field else node.text
        problems.append(f"ignored {as_typed(said)}: the ending of a possessive, no word")
        return None
    if isinstance(node, Term) and node.field != "year" and not _has_letters(node.text):
        said = f"{tok.field}:{node.text}" if tok.field else node.text
        problems.append(f"ignored {as_typed(said)}: no letters or digits to search for")
        _no_letters(tok, said, refused)
        return None
    if isinstance(node, Phrase) and not _has_letters(node.text):
        # a quoted one too (``author:","``), which found nothing and said nothing
        said = tok.typed or f'"{node.text}"'
        said = f"{tok.field}:{said}" if tok.field else said
        problems.append(f"ignored {as_typed(said)}: no letters or digits to search for")
        _no_letters(tok, said, refused)
        return None
    if isinstance(node, (Term, Phrase)) and _only_markup(node):
        # ``\mathcal``, ``\sqrt``: a command the reader shows as what it writes, and no
        # word of a paper; searched, it was nothing (``\mathcal``, no message), or
        # another word ("\mathscale" suggested)
        said = (tok.typed or f'"{node.text}"') if isinstance(node, Phrase) else node.text
        said = f"{tok.field}:{said}" if tok.field else said
        problems.append(f"{as_typed(said)} is {MARKUP}")
        return None
    if isinstance(node, Not):
        inner = _searchable(node.child, tok, problems, refused)
        return Not(inner) if inner is not None else None
    if isinstance(node, And):
        kept = (_searchable(c, tok, problems, refused) for c in node.children)
        return _and([k for k in kept if k])
    return node


#: what a query's term of LaTeX markup alone is said to be
MARKUP = "LaTeX markup: search the words or symbols it writes"


def _only_markup(node: Term | Phrase) -> bool:
    """Whether ``node``, of a field of words, is LaTeX markup only: the names of commands
    the reader does not show (``\\mathcal``, ``\\sqrt``, ``\\frac``), with their
    marks and no argument, nothing of the text they write to search for. A command
    shown by its name (``\\alpha``, ``\\log``) or given an argument
    (``\\mathcal{L}``) is no markup only."""
    if "\\" not in node.text or node.field not in _COMPOUND_FIELDS:
        return False
    return not _has_letters(_LATEX_MARKS.sub("", _unnamed(node.text)))


def _no_letters(tok: _Tok, said: str, refused: list[str]) -> None:
    """Add to ``refused`` what is said of a field's value of no letters or digits
    (``title:*``): a field searched for nothing. A word alone ("*") is no field's."""
    if tok.field:
        example = f"{tok.field}:{_example(tok.field)}"
        refused.append(f"{as_typed(said)} has no letters or digits to search for, e.g. {example}")


def _has_letters(text: str) -> bool:
    return any(c.isalnum() for c in text)


#: the "'s" of a possessive ("Bellman's", "Newton’s"): not a word to look for
_POSSESSIVE = re.compile(r"(?<=[^\W_])['\u2019]s(?![^\W_])")
#: the "'s" of a possessive alone
_LONE_POSSESSIVE = re.compile(r"['\u2019]s", re.IGNORECASE)


def _atom(tok: _Tok) -> Node:
    node: Node
    name = tok.field
    if name in FILTERS:
        value = tok.text.strip().lower()
        if name == "is":
            value = IS_WORDS.get(value, value)
        node = Filter(name, value)  # type: ignore[arg-type]
    elif tok.kind == "phrase" and FIELDS.get(name or "") in UNORDERED:
        fieldname = FIELDS[name or ""]
        node = And(tuple(Term(word, fieldname) for word in tok.text.split()))
        if len(node.children) == 1:
            node = node.children[0]
    elif tok.kind == "phrase":
        node = Phrase(tok.text, FIELDS.get(name) if name else None)
        if node.field == "authors" and tok.text.count(",") == 1:
            # a name as a reference writes it, "Schölkopf, Bernhard": also first name first
            last, first = tok.text.split(",")
            if last.strip() and first.strip():
                node = Or((node, Phrase(f"{first.strip()} {last.strip()}", "authors")))
    else:
        text, prefix = tok.text, False
        if FIELDS.get(name or "") in _COMPOUND_FIELDS:
            text = _POSSESSIVE.sub("", text)
        if text.endswith("*") and any(c.isalnum() for c in text) and not _SIGNED.fullmatch(text):
            if _SIGNED.fullmatch(text.rstrip("*") + "*"):
                text = text.rstrip("*") + "*"  # ``A**`` is "A*", not every word in "a"
            else:  # ``manip*``: the beginning of words, as in most search boxes
                text, prefix = text.rstrip("*"), True
        node = Term(text, FIELDS.get(name) if name else None, prefix=prefix)
    return Not(node) if tok.negated else node


def _and(parts: list[Node]) -> Node | None:
    if not parts:
        return None  # nothing but stray parentheses: no query, as "()" is none
    return parts[0] if len(parts) == 1 else And(tuple(parts))


def _mark_prefix(node: Node | None, target: Term) -> Node | None:
    """Return ``node`` with the one ``target`` term made a prefix term."""
    if node is None:
        return None
    if node is target:
        return Term(target.text, target.field, prefix=True)
    if isinstance(node, And):
        return And(tuple(_mark_prefix(c, target) for c in node.children))  # type: ignore[misc]
    if isinstance(node, Or):
        return Or(tuple(_mark_prefix(c, target) for c in node.children))  # type: ignore[misc]
    return node


def _typed_phrase(node: Node | None, target: Phrase) -> Node | None:
    """Return ``node`` with the one ``target`` phrase, whose quote is still open, made a
    phrase being typed: one word alone is a word being typed (``"neur`` is ``neur``)."""
    if node is None:
        return None
    if node is target:
        if len(target.text.split()) == 1 and not signed(target.text):
            return Term(target.text.strip(), target.field, prefix=True)
        return Phrase(target.text, target.field, prefix=True)
    if isinstance(node, And):
        return And(tuple(_typed_phrase(c, target) for c in node.children))  # type: ignore[misc]
    if isinstance(node, Or):
        return Or(tuple(_typed_phrase(c, target) for c in node.children))  # type: ignore[misc]
    return node


def _last_term(node: Node | None) -> Term | None:
    if isinstance(node, Term):
        return node
    if isinstance(node, (And, Or)):
        return _last_term(node.children[-1]) if node.children else None
    return None


def _last_phrase(node: Node | None, text: str) -> Phrase | None:
    """The last node of ``node`` when it is the phrase ``text`` (not a name's other
    order, "Bernhard Schölkopf" of "Schölkopf, Bernhard", nor an excluded phrase)."""
    if isinstance(node, Phrase):
        return node if node.text == text else None
    if isinstance(node, (And, Or)):
        return _last_phrase(node.children[-1], text) if node.children else None
    return None


#: the quotation marks a phrase may be written in besides '"': typographic ones, as a
#: word processor, a PDF or a phone types them ("“graph neural network”")
_QUOTES = str.maketrans(dict.fromkeys("“”„‟«»", '"'))

#: a terminal's escape sequences (colours, cursor moves, a title: CSI, OSC, DCS and the
#: short ones) and the other control characters, as text copied from a coloured terminal
#: carries them ("\x1b[31mred\x1b[0m"): no words. A sequence is taken out whole, so a word
#: coloured in part ("dif\x1b[1mfusion") is the word; a control character that is a space
#: (a vertical tab, a form feed, the separators) stays one.
_CONTROLS = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]?"
    r"|\x9b[0-?]*[ -/]*[@-~]?"
    r"|\x1b[\]PX^_][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[ -/]*[0-~]?"
    r"|[^\S\t\n\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]"
    r"|[\x00-\x08\x0e-\x1b\x7f-\x84\x86-\x9f]"
)
#: said of a query that had such characters
CONTROLS_DROPPED = (
    "ignored control characters in the query (a terminal's colour codes and the like)"
)


def without_controls(text: str) -> tuple[str, bool]:
    """``text`` without a terminal's escape sequences and control characters (those that
    are spaces left as spaces), and whether it had any that were not spaces."""
    if text.isprintable():
        return text, False
    dropped = False

    def drop(match: re.Match[str]) -> str:
        nonlocal dropped
        if match.group().isspace():
            return " "
        dropped = True
        return ""

    return _CONTROLS.sub(drop, text), dropped


#: a letter written as LaTeX writes it in a word (``Sch{\\"o}lkopf``, ``Sch\\"olkopf``,
#: ``{\\L}ukasz``, ``Erd\\H{o}s``), as a name is pasted from a .bib file: the word is read
#: as the lists' words are. ``\\"`` is an umlaut only after a letter or a brace and on a
#: vowel; elsewhere it is a quote inside a quoted phrase (``"say \\"hi\\""``)
_LATEX_LETTER = re.compile(
    r"""(?<=[^\W\d_]|\{)\\"(?=\{?(?:[AEIOUYaeiouy]|\\i))|\\['`^~=.](?=\{?(?:[A-Za-z]|\\))"""
    r"|\\[uvHckr]\{|\\(?:ss|aa|AA|ae|AE|oe|OE|o|O|l|L|i|j)(?![A-Za-z])"
)


def _latex_read(found: re.Match[str]) -> str:
    word = found.group()
    if not _LATEX_LETTER.search(word):
        return word
    # (the lists' readers are imported only for such a query: a start reads none)
    from tuireader.ingest.formats.tex import unlatex

    return unlatex(word)


#: a ``tag:`` whose value is quoted, where a query's word may begin
_QUOTED_TAG = re.compile(r'(?<![^\s(])-?tag:"', re.IGNORECASE)


def _latex_letters_read(text: str) -> str:
    """``text`` with the letters its words write as LaTeX does read as the letters
    (:func:`_latex_read`), but for the quoted value of a ``tag:``: a tag is a name the
    user gave, where ``\\"`` is a quote whatever stands around it (``tag:"q\\"uote"``
    names the tag ``q"uote``, not "qüote")."""
    parts: list[str] = []
    at = 0
    for found in _QUOTED_TAG.finditer(text):
        if found.start() < at:  # inside the tag before it
            continue
        end = closing_quote(text, found.end())
        end = len(text) if end < 0 else end + 1
        parts.append(re.sub(r"\S+", _latex_read, text[at : found.start()]))
        parts.append(text[found.start() : end])
        at = end
    parts.append(re.sub(r"\S+", _latex_read, text[at:]))
    return "".join(parts)


def parse(text: str, *, prefix: bool = False) -> ParsedQuery:
    """Parse ``text``; with ``prefix`` the last word counts as unfinished (live search)."""
    written, dropped = without_controls(text)
    text = written.translate(_QUOTES)
    # a query of more words than are searched is read no further than they are
    text, more = _cut(text)
    searched = text if more else None
    if "\\" in text:
        text = _latex_letters_read(text)
    lexer = _Lexer(text)
    read = _shallow(lexer.tokens(), lexer.problems)
    problems = lexer.problems
    if dropped:
        problems.insert(0, CONTROLS_DROPPED)
    tokens = _bounded(read, problems, more)
    held: list[str] = []  # a field's value of nothing to search for
    root = _Parser(tokens, problems, held).parse()
    if more:  # a group closed after the words searched
        problems[:] = [said for said in problems if said != _UNCLOSED_GROUP]
    # the word being typed is the last one read, unless the query was cut before it
    cut = tokens is not read or bool(more)
    typing_a_word = not cut and (not tokens or tokens[-1].start > lexer.directive_at)
    if tokens and tokens[-1].kind == "word":
        # LaTeX markup left out (``O(\sqrt``): the word before it is typed already
        last_tok = tokens[-1]
        field = FIELDS.get(last_tok.field) if last_tok.field else None
        typing_a_word = typing_a_word and not _only_markup(Term(last_tok.text, field))
    if (
        prefix
        and typing_a_word
        and text
        and not text[-1].isspace()
        and not text.endswith(('"', ")"))
    ):
        last = _last_term(root)
        if last is not None:
            root = _mark_prefix(root, last)
        elif lexer.open_phrase is not None:
            # a phrase being typed: its last word is unfinished, as an unquoted one is
            typed = _last_phrase(root, lexer.open_phrase)
            if typed is not None:
                root = _typed_phrase(root, typed)
    if prefix and lexer.open_phrase is not None and _UNBALANCED in problems:
        # a phrase being typed: its closing quote is yet to come, nothing to say of it
        problems.remove(_UNBALANCED)
    typing = prefix and not more and bool(text) and not text[-1].isspace()
    if typing:
        # "robot -" and "title:" being typed: the word they take is the next key
        for said in lexer.said_of_end:
            problems.remove(said)
    refused = [said for said, at_end in lexer.refused if not (typing and at_end)] + held
    root = replace_words(root, _venue_of_a_year)
    root = _compounds(root)
    unread: list[str] = []
    root = _without_unread_years(root, unread)
    problems.extend(year_problem(text) for text in unread)
    refused.extend(f"{shortened(f'year:{text}')} names no year: {_A_YEAR}" for text in unread)
    root = _without_bare_schemes(root, problems)
    problems.extend(_reversed_years(root))
    return ParsedQuery(
        text=written,
        root=root,
        problems=tuple(dict.fromkeys(problems)),
        sort=lexer.sort,
        searched=searched,
        refused=tuple(dict.fromkeys(refused)),
    )


#: the characters a word is joined by as by a hyphen: Unicode's hyphens, the en dash of
#: names ("Frank–Wolfe", "Fokker–Planck") and the minus sign and hyphens a PDF or a word
#: processor gives for one (not the em dash, which sets off a clause: "shifts—the")
HYPHENS = "-\u2010\u2011\u2012\u2013\u2212\ufe63\uff0d"
_HYPHEN = f"[{re.escape(HYPHENS)}]"
#: a word of words joined by hyphens ("model-based", "self-supervised", "GPT-4")
_COMPOUND = re.compile(rf"[^\W_]+(?:{_HYPHEN}[^\W_]+)+")
#: an abbreviation of letters with full stops ("i.i.d.", "e.g.", "U.S.")
_DOTTED = re.compile(r"[^\W\d_](?:\.[^\W\d_])+\.?")
#: words joined by hyphens, one of them such an abbreviation ("non-i.i.d.")
_DOTTED_COMPOUND = re.compile(
    rf"(?:{_DOTTED.pattern}|[^\W_]+)(?:{_HYPHEN}(?:{_DOTTED.pattern}|[^\W_]+))+"
)
#: the marks of LaTeX around a word: math's dollars, braces, the backslash of a command
_LATEX_MARKS = re.compile(r"[${}]|\\(?=[A-Za-z])")
#: words joined by underscores ("l_1", "x_t", "max_pool")
_LOWERED = re.compile(r"[^\W_]+(?:_[^\W_]+)+")
#: a name and the number of its version written as one word ("llama2", "GPT4", "resnet50"):
#: two letters at least, as "t5" or "l2" are names of their own, not "t" or "l" and a number
_NUMBERED = re.compile(r"([^\W\d_]{2,})(\d+)")
_NUMBERED_APART = re.compile(r"([^\W\d_]{2,})\s+(\d+)")
#: such a name and its number apart, by a space or a hyphen ("Llama 2", "GPT-4")
_VERSIONED = re.compile(rf"([^\W\d_]{{2,}})(?:\s+|{_HYPHEN})(\d+)")


#: a word of a phrase shown together: a word, or letters or numbers with points ("i.i.d.",
#: "3.5", "gpt3.5")
_POINTED_PART = re.compile(r"[^\W_]+(?:\.[^\W_]+)*\.?")


def together(text: str) -> str | None:
    """The phrase ``text`` as it is highlighted when its words are found side by side only:
    a name and its version apart ("Llama 2", "GPT-4", "GPT-3.5"), or words with points
    ("i.i.d.", "non-i.i.d.", "gpt3.5"); lowercase, a space between the words, a word's
    last point left out ("llama 2", "non i.i.d"). Each is shown only beside the others
    (the "2" of "Claude 2" is no Llama's, a lone "i" no "i.i.d."); else None."""
    found = _VERSIONED.fullmatch(text.strip())
    if found:
        return f"{found[1].lower()} {found[2]}"
    parts = [part for part in re.split(rf"\s+|{_HYPHEN}", text.strip().lower()) if part]
    if not parts or not all(_POINTED_PART.fullmatch(part) for part in parts):
        return None
    if not any("." in part.rstrip(".") for part in parts):
        return None
    return " ".join(part.rstrip(".") for part in parts)


#: a name and a version with a decimal point, as one word or apart ("gpt3.5", "GPT-3.5")
_DECIMAL_VERSION = re.compile(rf"([^\W\d_]{{2,}})(?:\s+|{_HYPHEN})?(\d+\.\d+)")


def _decimal_version(name: str, number: str, fieldname: str | None) -> Node:
    """The name and its version ``number`` ("3.5") side by side, apart or as one word."""
    return Or((Phrase(f"{name} {number}", fieldname), Phrase(name + number, fieldname)))


#: the fields an abbreviation is looked for with full stops in (not names': "author:li")
_LETTERED_FIELDS = (None, "title", "abstract", "keywords")
#: a word that may be an abbreviation written with full stops ("iid" of "i.i.d.")
_LETTERS = re.compile(r"[A-Za-z]{2,3}")


#: the abbreviations of prose a paper writes with full stops ("e.g.", "i.e.", "cf.",
#: "n.b.", "v.s."): they say nothing of its subject, and their letters typed are another
#: word (EG the extragradient method, IE information extraction, CF catastrophic
#: forgetting); of ICML 2024, ``eg`` found the 221 papers that write "e.g." and ``ie``
#: the 196 that write "i.e.", where none says "EG" or "IE"
_PROSE_ABBREVIATIONS = frozenset({"eg", "ie", "cf", "nb", "vs"})


def _lettered(word: str) -> bool:
    """Whether ``word`` may be an abbreviation also written with full stops: two or three
    letters, not a stop word (its letters with full stops would be no word to read) nor
    the letters of an abbreviation of prose ("e.g.", "i.e.")."""
    from tuireader.search.analysis import STOPS  # the index's own stop words

    lowered = word.lower()
    return (
        bool(_LETTERS.fullmatch(word))
        and lowered not in STOPS
        and lowered not in _PROSE_ABBREVIATIONS
    )


#: "non" written as one with a word ("noniid", "nonconvex")
_NEGATED = re.compile(r"(non)([A-Za-z]+)", re.IGNORECASE)


def _dotted(word: str) -> str:
    """``word``'s letters with full stops ("iid" → "i.i.d.")."""
    return ".".join(word) + "."


#: a contraction of "not" ("don't", "can’t")
_CONTRACTION = re.compile(r"[^\W_]+n['\u2019]t", re.IGNORECASE)
#: the fields a compound is read in as a phrase (a link's words are not: ``url:a-b``)
_COMPOUND_FIELDS = (None, "title", "abstract", "keywords", "authors")
#: the signs a word ends in that make it another word: the names of programming
#: languages "C++", "C#", "F#" (the index keeps "c" of them, which a variable also is),
#: and a star after a lone letter, the search algorithms "A*" and "D*": a prefix of one
#: letter would find most papers (``A*`` found 1,893 of the 2,610 of ICML 2024)
WORD_SIGNS = re.compile(r"\+\+|#|(?<=(?<![^\W_])[^\W\d_])\*")
#: a word that ends in such signs
_SIGNED = re.compile(rf"[^\W_]+(?:{WORD_SIGNS.pattern})")


def signed(text: str) -> bool:
    """Whether ``text`` (a query's word or phrase) has a word ending in signs that make it
    another word ("C++", "C#"): it is looked for as written, in titles and abstracts."""
    return any(_SIGNED.fullmatch(word) for word in text.split())


def _unnamed(text: str) -> str:
    """A query's ``text`` pasted from LaTeX without the names of the commands the reader
    does not show (``analysis.without_command_names``: ``\\frac``, ``\\mathcal``, which
    are no words of the papers, found as shown); their arguments are kept."""
    if "\\" not in text:
        return text
    from tuireader.search.analysis import without_command_names  # (it imports this module)

    return without_command_names(text)


#: a letter or a digit
_WORDY = re.compile(r"[^\W_]")
#: a word as the reader shows it, with the marks of a raised or lowered part Unicode
#: has no character for ("ℒ₁", "E²GAN", "Φ_Flow")
_SHOWN_WORD = re.compile(r"[\w^]+")


def _shown(text: str) -> str:
    """A query's ``text`` pasted from LaTeX as the reader shows it (``$\\mathcal{L}_1$``
    is "ℒ₁", ``$\\ell_0$`` "ℓ₀", ``\\textbf{Sparse}`` "Sparse")."""
    from tuireader.render.textrender import render  # only for a query with LaTeX

    return render(text).text.strip()


def _shown_word(text: str) -> str | None:
    """A query's word pasted from LaTeX as the reader shows it (:func:`_shown`), when it
    shows one word, its Greek letters by their names, as the index spells them too
    (``$\\alpha$`` is "alpha", which finds "α" and "alpha"); else None
    (``$\\ell_\\infty$``, "ℓ_∞", is looked for by its written words, "ell" and "infty")."""
    from tuireader.search.analysis import fold, greek_spelled

    shown = _shown(text)
    if shown == text or not _SHOWN_WORD.fullmatch(shown):
        return None
    return greek_spelled(fold(shown)) or shown


#: a character that may fold to a Greek letter (``analysis._GREEK``, broadly): a query
#: with none (most) is not read for them
_MAYBE_GREEK = re.compile("[\u0370-\u03ff\u1d00-\u1dbf\u1f00-\u1fff\u00b5\U0001d6a8-\U0001d7cb]")
#: a word of a query, with the accents after its letters
_QUERY_WORD = re.compile(r"[^\W_]+(?:[\u0300-\u036f]+[^\W_]*)*")


def _greek_named(text: str) -> str:
    """A query's ``text`` with the Greek letters of its words spelled by their names, as
    the index spells them beside the letters (``analysis.greek_spelled``): ``α`` is
    ``alpha``, ``β-VAE`` ``beta-VAE``, ``Δ`` ``delta``, so that a letter finds what its
    name finds, the name typed in a text (an "alpha carbon") as well as the letter. The
    name is written in capitals, as an acronym is, for it names no author: ``ξ`` is no
    "Xi Chen" (of ICML 2024, it found the 17 papers of authors named Xi). A word of Greek
    (two Greek letters in a row) stays as typed."""
    if text.isascii() or not _MAYBE_GREEK.search(text):
        return text
    from tuireader.search.analysis import fold, greek_spelled

    def named(found: re.Match[str]) -> str:
        spelled = greek_spelled(fold(found.group()))
        return found.group() if spelled is None else spelled.upper()

    return _QUERY_WORD.sub(named, text)


def _compounds(node: Node | None) -> Node | None:
    """``node`` with each word joined by hyphens searched as those words in a row, or
    written as one word: ``model-based`` finds "model-based" and "model based", not
    every paper that says "model" and "based"; ``non-convex`` finds "nonconvex" too.
    A word being typed stays words (``model-b`` finds "model" and words in "b"). A
    contraction of "not" is written as one word ("don't" is "dont")."""
    if isinstance(node, Term):
        if node.field in _COMPOUND_FIELDS and ("$" in node.text or "\\" in node.text):
            # pasted from LaTeX: ``$k$-means``, ``$\epsilon$-greedy`` are the compounds
            # "k-means", "epsilon-greedy" (shown "ε-greedy"), not their words anywhere;
            # a word is the word shown (``$\mathcal{L}_1$`` is "ℒ₁", found as "L1" and
            # "L_1" are); and the names of commands not shown ("frac", "mathcal") are
            # no words (:func:`_unnamed`)
            written = _unnamed(node.text)
            plain = _LATEX_MARKS.sub("", written).strip()
            shown = _shown_word(node.text) if _WORDY.search(plain) else None
            if _COMPOUND.fullmatch(plain):
                node = Term(plain, node.field, node.prefix)
            elif shown is not None:
                node = Term(shown, node.field, node.prefix)
            elif written != node.text:
                node = Term(written, node.field, node.prefix)
        if node.field in _COMPOUND_FIELDS and _greek_named(node.text) != node.text:
            node = Term(_greek_named(node.text), node.field, node.prefix)
        if node.field in _COMPOUND_FIELDS and _CONTRACTION.fullmatch(node.text):
            # "don't" is "dont" as the index holds it: "can't" is no "can" (a stop
            # word) and a lone "t" (a variable, "t-SNE")
            return Term(re.sub("['\u2019]", "", node.text), node.field, node.prefix)
        if node.field in _COMPOUND_FIELDS and _SIGNED.fullmatch(node.text):
            # "C++" is no "c" (a variable, an initial): the word with its signs, as written
            return Phrase(node.text, node.field)
        if not node.prefix and node.field in _COMPOUND_FIELDS and _DOTTED.fullmatch(node.text):
            # "i.i.d.", "e.g.": letters with full stops, in a row, or written as one ("iid");
            # not each letter anywhere (68 papers for "i.i.d." where 26 say it)
            joined = "".join(ch for ch in node.text if ch != ".")
            if joined.lower() in _PROSE_ABBREVIATIONS:
                return Phrase(node.text, node.field)  # "e.g." is no "EG" (extragradient)
            return Or((Phrase(node.text, node.field), Term(joined, node.field)))
        if not node.prefix and node.field in _COMPOUND_FIELDS and _LOWERED.fullmatch(node.text):
            # "l_1", "x_t": a subscript as LaTeX types it, found as shown ("ℓ₁" is "l1"),
            # or the words in a row (a name in code, "max_pool"); not "l" and "1" anywhere
            return Or((Phrase(node.text, node.field), Term(node.text.replace("_", ""), node.field)))
        dotted = "." in node.text and _DOTTED_COMPOUND.fullmatch(node.text)
        if not node.prefix and node.field in _COMPOUND_FIELDS and dotted:
            # "non-i.i.d.": its words in a row, or written as one ("non-IID"), as "i.i.d."
            # is "iid"; not "non" and three letters anywhere
            joined = re.sub(rf"{_HYPHEN}|\.", "", node.text)
            return Or((Phrase(node.text, node.field), Term(joined, node.field)))
        if not node.prefix and node.field in _COMPOUND_FIELDS and _DECIMAL.fullmatch(node.text):
            return Phrase(node.text, node.field)  # "3.5": as written, not "3" and "5" anywhere
        decimal = _DECIMAL_VERSION.fullmatch(node.text)
        if not node.prefix and node.field in _COMPOUND_FIELDS and decimal:
            # "gpt3.5", "gpt-3.5": the name and its version side by side, apart or as one
            # word ("GPT-3.5", "GPT3.5"); not "gpt" (or "gpt3"), "3" and "5" anywhere
            return _decimal_version(decimal[1], decimal[2], node.field)
        numbered = _NUMBERED.fullmatch(node.text)
        if not node.prefix and node.field in _COMPOUND_FIELDS and numbered:
            # "llama2", "gpt4": a model's name and its version, as written or apart
            # ("Llama 2", "Llama-2-70b-chat", "GPT-4"), as ``llama-2`` finds them; not
            # "GPT-4o", another word
            apart = f"{numbered[1]} {numbered[2]}"
            return Or((Phrase(apart, node.field), node))
        if not node.prefix and node.field in _LETTERED_FIELDS and _lettered(node.text):
            # "iid": also as its letters with full stops ("i.i.d."), as ``i.i.d.`` finds
            # "iid" (of ICML 2024, ``iid`` found 10 papers where ``i.i.d.`` finds 28)
            return Or((node, Phrase(_dotted(node.text), node.field)))
        negated = _NEGATED.fullmatch(node.text)
        if negated and not node.prefix and node.field in _LETTERED_FIELDS and _lettered(negated[2]):
            # "noniid" is "non-i.i.d." too, as ``non-iid`` finds it (of ICML 2024, ``noniid``
            # found 6 papers where ``non-iid`` finds 12); a longer word is no abbreviation
            # ("nonconvex", "nonlinear" are found as before)
            return Or((node, Phrase(f"{negated[1]}-{_dotted(negated[2])}", node.field)))
        if node.prefix or node.field not in _COMPOUND_FIELDS or not _COMPOUND.fullmatch(node.text):
            return node
        joined = re.sub(_HYPHEN, "", node.text)
        # with a stop word too ("mixture-of-experts", "in-context"): a phrase that says
        # one is found as written ("mixture of experts"), not as its other words
        found: tuple[Node, ...] = (Phrase(node.text, node.field), Term(joined, node.field))
        first, *rest = re.split(_HYPHEN, node.text)
        if node.field in _LETTERED_FIELDS and len(rest) == 1 and _lettered(rest[0]):
            # "non-iid" is "non-i.i.d." too (6 papers of ICML 2024 where it finds 12); a
            # longer compound is none ("state-of-the-art": no "a.r.t.", looked for in vain)
            found = (*found, Phrase(f"{first}-{_dotted(rest[0])}", node.field))
        return Or(found)
    if isinstance(node, Phrase) and node.field in _COMPOUND_FIELDS and "\\" in node.text:
        # pasted from LaTeX: its words as the reader shows them ("ℒ₁ adaptive control"
        # of ``"$\mathcal{L}_1$ adaptive control"``, which found nothing as written)
        node = Phrase(_unnamed(_shown(node.text)), node.field, node.prefix)
    if isinstance(node, Phrase) and node.field in _COMPOUND_FIELDS:
        named = _greek_named(node.text)
        if named != node.text:  # "α divergence" is "alpha divergence"
            node = Phrase(named, node.field, node.prefix)
    if isinstance(node, Phrase) and not node.prefix and node.field in _COMPOUND_FIELDS:
        numbered = _NUMBERED_APART.fullmatch(node.text.strip())
        if numbered:  # "Llama 2" quoted is also "LLaMA2", as ``llama2`` finds it apart
            return Or((node, Term(numbered[1] + numbered[2], node.field)))
        decimal = _DECIMAL_VERSION.fullmatch(node.text.strip())
        if decimal:  # "GPT 3.5" quoted is also "GPT3.5"
            return _decimal_version(decimal[1], decimal[2], node.field)
        return node
    if isinstance(node, Not):
        inner = _compounds(node.child)
        return node if inner is node.child else Not(inner)  # type: ignore[arg-type]
    if isinstance(node, And):
        return _versions_apart(node)
    if isinstance(node, Or):
        children = tuple(_compounds(child) for child in node.children)
        if all(new is old for new, old in zip(children, node.children, strict=True)):
            return node
        return type(node)(children)  # type: ignore[arg-type]
    return node


#: a version number written apart from its name, unquoted: not a year ("neurips 2023")
_VERSION = re.compile(r"\d{1,3}(?:\.\d+)?")
#: a number with a decimal point ("3.5")
_DECIMAL = re.compile(r"\d+\.\d+")
_NAME = re.compile(r"[^\W\d_]{2,}")


def _versions_apart(node: And) -> Node:
    """``node`` with each word followed by a number (``llama 2``, ``gpt 4``) read as that
    name and its version too, as ``llama2`` and ``"Llama 2"`` are: the two side by side
    or written as one ("LLaMA2"), besides the two words anywhere (``layer 2``, which
    says no version). Of the 2,610 papers of ICML 2024, ``llama 2`` missed 14 of the 41
    that ``llama2`` finds, those that write "LLaMA2". A number being typed is a word
    yet: it may become a year."""
    from tuireader.search.analysis import STOPS  # the index's own stop words

    given, children = node.children, []
    at = 0
    while at < len(given):
        name, number = given[at], given[at + 1] if at + 1 < len(given) else None
        if (
            isinstance(name, Term)
            and isinstance(number, Term)
            and not name.prefix
            and not number.prefix
            and name.field == number.field
            and name.field in _COMPOUND_FIELDS
            and _NAME.fullmatch(name.text)
            and _VERSION.fullmatch(number.text)
            and name.text.lower() not in STOPS
        ):
            version = _compounds(Term(name.text + number.text, name.field))
            apart = And((name, _compounds(number)))  # type: ignore[arg-type]
            children.append(Or((apart, version)))  # type: ignore[arg-type]
            at += 2
            continue
        children.append(_compounds(name))  # type: ignore[arg-type]
        at += 1
    if all(new is old for new, old in zip(children, given, strict=False)) and len(children) == len(
        given
    ):
        return node
    return children[0] if len(children) == 1 else And(tuple(children))


def finished_version(text: str, root: Node | None) -> Node | None:
    """The query ``text`` as it is read finished when the word being typed in ``root``
    (parsed with ``prefix=True``) is the version number of a name (``llama-2``, ``gpt-4``,
    ``gpt3.5``, ``llama 2``), else None. Such a query finds the papers whose words begin
    so (the number may yet grow), but is highlighted as the finished query is: the name
    and its number side by side, not every "2", "20" and "2.0" of its hits."""
    typed = [word for word in words(root) if word.prefix]
    if not typed or typed[-1].field not in _COMPOUND_FIELDS:
        return None
    word = typed[-1].text.strip()
    versioned = _VERSIONED.fullmatch(word) or _DECIMAL_VERSION.fullmatch(word)
    if versioned is not None:
        number = versioned[2]  # "llama-2", or quoted: "Llama 2 (its quote yet to close)
    elif isinstance(typed[-1], Phrase):
        return None
    elif _VERSION.fullmatch(word) and _NAME_BEFORE.search(text.rstrip()[: -len(word)]):
        number = word
    else:
        return None
    if not _VERSION.fullmatch(number) or _YEAR_BEGUN.fullmatch(number.split(".")[0]):
        return None
    return without_common_words(parse(text)).root


#: a name before a number being typed apart from it ("llama 2": ``_versions_apart``)
_NAME_BEFORE = re.compile(r"(?<![^\s(])[^\W\d_]{2,}\s+$")
#: the beginning of a year being typed ("neurips 20", "corl 202"): its completions, the
#: years, are highlighted as typed
_YEAR_BEGUN = re.compile(r"(?:19|20)\d?")


#: a venue named with its year ("NeurIPS 2017", "corl2023", "ICML-2024")
_VENUE_YEAR = re.compile(r"(?P<name>.*?[^\W\d_].*?)[\s\-]*(?P<year>(?:19|20)\d\d)")
#: such a venue while its year is typed ("CoRL 202", "corl2")
_VENUE_TYPED_YEAR = re.compile(r"(?P<name>.*?[^\W\d_].*?)[\s\-]*(?P<year>[12]\d{0,3})")


def _venue_of_a_year(word: Term | Phrase) -> Node:
    """``venue:"NeurIPS 2017"`` and ``venue:corl2023``: the venue of that year, as its
    papers give the two apart ("Advances in Neural Information Processing Systems",
    2017), as well as the words as written ("ICML 2024"); it found none of them."""
    if word.field != "venue":
        return word
    # being typed (``venue:"CoRL 202``, ``venue:corl20``): the venue of the years its
    # digits may still become, as ``year:202`` finds them; it found none of them
    found = (_VENUE_TYPED_YEAR if word.prefix else _VENUE_YEAR).fullmatch(word.text.strip())
    if found is None or (word.prefix and typed_year_bounds(found["year"]) is None):
        return word
    name = found["name"].strip()
    venue: Node = Phrase(name, "venue") if " " in name else Term(name, "venue")
    return Or((word, And((venue, Term(found["year"], "year", prefix=word.prefix)))))


def _without_unread_years(node: Node | None, unread: list[str]) -> Node | None:
    """``node`` without its ``year:`` terms that name no years (their values added to
    ``unread``), as an empty ``author:`` is left out: ``year:abc`` alone finds what nothing
    finds, every paper. A year still being typed stays (it matches nothing until it is one)."""
    return _pruned(node, _unread_year, unread)


def _unread_year(term: Term) -> str | None:
    """``term``'s value when it is a ``year:`` that names no years, else None."""
    if term.field != "year" or year_bounds(term.text) is not None:
        return None
    if term.prefix and year_being_typed(term.text):
        return None
    return term.text


#: a ``url:`` value that is a link's scheme and nothing after it ("http://", "https:",
#: "https://www."), as typed or pasted before the address; or the web's without its colon
#: ("https"), which no word of a link is: it found no paper, and said nothing
_BARE_SCHEME = re.compile(r"(?:[A-Za-z][\w+.-]*:/{0,3})(?:www\.?)?|www\.|https?", re.IGNORECASE)


def _without_bare_schemes(node: Node | None, problems: list[str]) -> Node | None:
    """``node`` with its ``url:`` terms that are a scheme only read as any link, and that
    said in ``problems``: every link has one, as the scheme of an address does not
    matter, so ``url:http://`` finds the papers with a link (of the real lists, 947 of
    1,061), and ``-url:http://`` those without, where it was left out and listed every
    paper. While it is typed (the address is the next key) it is left out unsaid, as a
    field's colon is."""
    node = _pruned(node, _typed_scheme, [])
    said: list[str] = []

    def any_link(word: Term | Phrase) -> Node:
        if not isinstance(word, Term) or word.field != "urls":
            return word
        if not _BARE_SCHEME.fullmatch(word.text):
            return word
        said.append(_any_link_said(word.text))
        return Or(tuple(Filter("has", kind) for kind in INDEX_HAS))

    node = replace_words(node, any_link)
    problems.extend(said)
    return node


def _typed_scheme(term: Term) -> str | None:
    """ "" when ``term`` is a ``url:`` of a scheme only being typed, else None."""
    return (
        "" if term.prefix and term.field == "urls" and _BARE_SCHEME.fullmatch(term.text) else None
    )


def _any_link_said(scheme: str) -> str:
    said = shortened(f"url:{scheme}")
    return f"{as_typed(said)} is any link (a scheme alone names none); give its host, e.g. url:github.com"


def without_common_words(
    parsed: ParsedQuery, names_a_list: Callable[[str], bool] | None = None
) -> ParsedQuery:
    """``parsed``, with no query at all when it is nothing but terms of stop words
    ("the", "of a", ``title:the``, ``-the``), and that said: words nearly every paper has,
    which the index keeps none of. Such a query searches nothing, as ``*`` does, where it
    found nothing; beside other words they are left out by the evaluators without a word.
    A word still being typed counts ("the" → "theory"), and so do a quoted phrase
    (``"the"``) and an address (``url:it.is``), and a ``list:`` value that
    ``names_a_list`` says names a list of the library (``list:a`` of a list named "a",
    or of a copy told apart by its folder a/)."""
    common: list[str] = []

    def common_word(term: Term) -> str | None:
        said = _common_word(term)
        if said is not None and term.field == "lists" and names_a_list is not None:
            return None if names_a_list(term.text) else said
        return said

    if _pruned(parsed.root, common_word, common) is not None or not common:
        return parsed
    named = [as_typed(word) for word in dict.fromkeys(common)]
    said = ", ".join(named[:SAID_WORDS]) + (", …" if len(named) > SAID_WORDS else "")
    problems = (*parsed.problems, f"ignored {said}: too common to search for")
    return dataclasses.replace(parsed, root=None, problems=problems)


def _common_word(term: Term) -> str | None:
    """How ``term`` is said when it holds stop words only, else None."""
    if term.prefix or term.field == "year":
        return None
    if term.field == "urls" and looks_like_address(term.text):
        return None
    if not common_words_only(term.text):
        return None
    name = next((key for key, value in FIELDS.items() if value == term.field), None)
    return f"{name}:{term.text}" if name else term.text


def common_words_only(text: str) -> bool:
    """Whether ``text`` has words, every one of them a stop word ("the", "of a")."""
    from tuireader.search.analysis import STOPS, raw_words  # the index's own stop words

    words = [word for word, _, _ in raw_words(text, stops=False)]
    return bool(words) and all(word in STOPS for word in words)


def _pruned(
    node: Node | None, drop: Callable[[Term], str | None], dropped: list[str]
) -> Node | None:
    """``node`` without the terms ``drop`` names (their names added to ``dropped``)."""
    if isinstance(node, Term):
        said = drop(node)
        if said is None:
            return node
        dropped.append(said)
        return None
    if isinstance(node, Not):
        inner = _pruned(node.child, drop, dropped)
        return Not(inner) if inner is not None else None
    if isinstance(node, (And, Or)):
        kept = [k for k in (_pruned(c, drop, dropped) for c in node.children) if k]
        if len(kept) == len(node.children) and all(
            k is c for k, c in zip(kept, node.children, strict=True)
        ):
            return node
        if not kept:
            return None
        return kept[0] if len(kept) == 1 else type(node)(tuple(kept))
    return node


def looks_like_address(text: str) -> bool:
    """Whether ``url:text`` names a host or an address (``github.com``, ``https://…``)
    rather than words of a link (``github``, ``chained-diffuser``)."""
    return any(char in text for char in "./") and any(char.isalnum() for char in text)


#: ``year:`` values: one year, a range with ``..`` (either end open), or a comparison.
_YEARS = re.compile(r"(?P<lo>\d{4})?(?P<dots>\.\.)?(?P<hi>\d{4})?")
_COMPARED = re.compile(r"(?P<op>[<>]=?)(?P<year>\d{4})")


def year_bounds(text: str) -> tuple[int, int] | None:
    """The years ``year:text`` asks for, both ends included (``2023``, ``2020..2024``,
    ``2024..2020`` the same, ``2021..``, ``..2019``, ``>=2022``, ``<2020``), or None when
    ``text`` names no years."""
    text = text.strip()
    compared = _COMPARED.fullmatch(text)
    if compared:
        year, op = int(compared["year"]), compared["op"]
        return {
            ">": (year + 1, 9999),
            ">=": (year, 9999),
            "<": (0, year - 1),
            "<=": (0, year),
        }[op]
    found = _YEARS.fullmatch(text)
    if not found or not (found["lo"] or found["hi"]):
        return None
    if not found["dots"]:
        if found["lo"] and found["hi"]:
            return None  # cannot happen with the pattern, but never guess
        year = int(found["lo"] or found["hi"])
        return year, year
    low = int(found["lo"]) if found["lo"] else 0
    high = int(found["hi"]) if found["hi"] else 9999
    return (min(low, high), max(low, high))  # 2024..2020 means the years between


def _reversed_years(node: Node | None) -> list[str]:
    """What is said of each ``year:`` range of ``node`` written from its last year
    (``year:2023..2020``): it is read as the years between, and said so, as the other
    repairs of a query are."""
    said: list[str] = []

    def note(word: Term | Phrase) -> Node:
        found = _YEARS.fullmatch(word.text.strip()) if word.field == "year" else None
        if found and found["lo"] and found["hi"] and int(found["lo"]) > int(found["hi"]):
            written = shortened(f"year:{word.text.strip()}")
            said.append(
                f"read {as_typed(written)} as year:{found['hi']}..{found['lo']} "
                "(a range is written from its first year)"
            )
        return word

    replace_words(node, note)
    return said


#: what ``year:`` may hold while it is being typed (``year:20``, ``year:2020.``, ``year:>``):
#: one dot is a range begun, never followed by digits (``2020.2`` will never be a year)
_YEAR_BEING_TYPED = re.compile(r"(?:[<>]=?)?\d{0,4}(?:\.(?:\.\d{0,3})?)?")


def year_being_typed(text: str) -> bool:
    """``text`` may still become a ``year:`` value: live search says nothing of it yet."""
    return bool(_YEAR_BEING_TYPED.fullmatch(text.strip()))


def typed_year_bounds(text: str) -> tuple[int, int] | None:
    """The years ``year:text`` may still come to ask for while it is the word being typed:
    every year its digits begin, as a word being typed finds every word it begins
    (``20`` is 2000 to 2099, ``202`` 2020 to 2029, ``>=20`` 2000 on, ``2020..20`` 2020 to
    2099, and ``2020.``, a range begun, is 2020 so far); None when it names no years and
    never will. A value that is whole already (``2024``) is its own years."""
    bounds = year_bounds(text)
    if bounds is not None or not year_being_typed(text):
        return bounds
    text = text.strip()
    if text.endswith(".") and not text.endswith(".."):
        return year_bounds(text[:-1])
    head, digits = re.fullmatch(r"(.*?)(\d*)", text).groups()  # type: ignore[union-attr]
    found = [
        bounds
        for bounds in (year_bounds(head + digits.ljust(4, fill)) for fill in "09")
        if bounds is not None and bounds[0] <= bounds[1]
    ]
    if not found:
        return None
    return min(low for low, _ in found), max(high for _, high in found)


#: what a ``year:`` value is, said of one that names no years
_A_YEAR = "a year is a number, e.g. year:2023, year:2020..2024 or year:>=2022"


def year_problem(text: str) -> str:
    """What a user is told when ``year:text`` names no years."""
    return f"{shortened(f'year:{text}')} was ignored: {_A_YEAR}"


def words(node: Node | None) -> list[Term | Phrase]:
    """Every positive (not negated) term and phrase, for highlighting and suggestions."""
    if node is None or isinstance(node, (Filter, Not)):
        return []
    if isinstance(node, (Term, Phrase)):
        return [node]
    out: list[Term | Phrase] = []
    for child in node.children:
        out.extend(words(child))
    return out


def replace_words(node: Node | None, change: Callable[[Term | Phrase], Node]) -> Node | None:
    """``node`` with each of its terms and phrases, excluded ones too, replaced by what
    ``change`` gives for it (the word itself to keep it)."""

    def replaced(node: Node) -> Node:
        if isinstance(node, (Term, Phrase)):
            return change(node)
        if isinstance(node, Not):
            inner = replaced(node.child)
            return node if inner is node.child else Not(inner)
        if isinstance(node, (And, Or)):
            children = tuple(replaced(child) for child in node.children)
            if all(new is old for new, old in zip(children, node.children, strict=True)):
                return node
            return type(node)(children)
        return node

    return None if node is None else replaced(node)


def unknown_filters(node: Node | None) -> list[str]:
    """What to say of each ``is:`` and ``has:`` filter of ``node`` whose value is none of
    those the filter takes (see :func:`unknown_value`), each once."""
    said = [unknown_value(flt) for flt in filters(node)]
    return list(dict.fromkeys(text for text in said if text))


def unknown_value(flt: Filter) -> str | None:
    """What a user is told of an ``is:`` or ``has:`` filter whose value is none of those
    it takes: "unknown filter has:cod; did you mean has:code? (has: takes code, paper,
    project, note)" (a value a slip away from one of them is offered first, as a
    mistyped command is); None for any other filter."""
    what, values = _TAKES.get(flt.name, ("", ()))
    if not values or flt.value in values or (flt.name, flt.value) == ("is", IS_DETACHED):
        return None
    import difflib

    said = f"unknown {what} {shortened(f'{flt.name}:{flt.value}')}"
    close = difflib.get_close_matches(flt.value, values, n=1, cutoff=0.6)
    if close:
        said += f"; did you mean {flt.name}:{close[0]}?"
    elif flt.name == "is" and flt.value.casefold() in _DECISIONS:
        said += f"; did you mean status:{flt.value}?"  # the list's decision, not triage
    return f"{said} ({flt.name}: takes {', '.join(values)})"


#: the decisions lists give papers (searched with ``status:``), which ``is:oral`` means
_DECISIONS = frozenset(
    {"oral", "spotlight", "poster", "highlight", "accept", "accepted", "reject", "rejected"}
    | {"withdraw", "withdrawn", "workshop", "award", "best paper"}
)


#: the values ``is:`` and ``has:`` take, and what a message calls the filter
_TAKES: dict[str, tuple[str, tuple[str, ...]]] = {
    "is": ("state", IS_STATES),
    "has": ("filter", HAS_VALUES),
}


def _is_detached(node: Node) -> bool:
    return isinstance(node, Filter) and node.name == "is" and node.value == IS_DETACHED


def asks_detached(node: Node | None) -> bool:
    """Whether a query asks for the detached marks (``is:detached``, the command line's):
    an ``is:detached`` every match has, the whole query or one of the words all its
    matches have (``is:detached tag:robots``), which the query's other words narrow. One
    in an OR or after a ``-`` asks for papers of the lists, of which none is detached."""
    if node is None:
        return False
    if isinstance(node, And):
        return any(_is_detached(child) for child in node.children)
    return _is_detached(node)


def mentions_detached(node: Node | None) -> bool:
    """Whether ``is:detached`` is anywhere in a query (in an OR, after a ``-`` too)."""
    return any(_is_detached(flt) for flt in filters(node))


#: the fields a detached mark's paper has none of (the triage file keeps its title,
#: first author, year, abstract and identifiers), by the word that names each
_NOT_KEPT = {
    "lists": "list:",
    "venue": "venue:",
    "keywords": "keyword:",
    "status": "status:",
    "urls": "url:",
}


def beyond_detached(node: Node | None) -> list[str]:
    """The words of a query that name what no detached mark's paper has (``venue:``,
    ``keyword:``, ``has:code``: the triage file keeps none of its venue, keywords or
    links), each once, in the order written: a query of the detached marks says them,
    as what cannot narrow the marks."""
    said: list[str] = []

    def walk(node: Node) -> None:
        if isinstance(node, (Term, Phrase)) and node.field in _NOT_KEPT:
            name = _NOT_KEPT[node.field]
        elif isinstance(node, Filter) and node.name == "has" and node.value in INDEX_HAS:
            name = f"has:{node.value}"
        elif isinstance(node, Not):
            walk(node.child)
            return
        elif isinstance(node, (And, Or)):
            for child in node.children:
                walk(child)
            return
        else:
            return
        if name not in said:
            said.append(name)

    if node is not None:
        walk(node)
    return said


def filters(node: Node | None) -> list[Filter]:
    if node is None:
        return []
    if isinstance(node, Filter):
        return [node]
    if isinstance(node, Not):
        return filters(node.child)
    if isinstance(node, (And, Or)):
        return [f for child in node.children for f in filters(child)]
    return []
