"""Markdown lists: each bullet with a title and a link is a paper, or the file is refused.

A Markdown file is read one of three ways:

* **bullets**: every bullet that names a paper (``- [Title](https://…)``,
  ``- **Title** [[pdf](https://…)] [[code](https://…)]``, ``- Title. https://…``) is a
  paper with that title and those links; headings, prose and other bullets are skipped;
* **abstracts**: a heading naming the list, then one abstract per paragraph (the plain
  text layout), when paragraphs of prose outnumber the paper bullets;
* **refused** with a message: a document of headings, tables and bullets without paper
  links (a README, an awesome-list of sections) is not a list of papers.
"""

from __future__ import annotations

import re
from pathlib import Path

from tuireader.ingest.formats.common import YEAR_RE, ReadResult, clean, failure, split_lines
from tuireader.ingest.formats.text import list_name, paragraphs
from tuireader.ingest.links import classify
from tuireader.model import Problem, Record
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


def _bullet_record(body: str) -> Record | None:
    """The paper a bullet names, or None when it names none (no title or no web link)."""
    found_links, failed, rest = _links(body)
    links = [(text, url) for text, url in found_links if url.startswith(("http://", "https://"))]
    bare = _BARE_URL_RE.findall(rest)
    urls = [url for _text, url in links] + bare
    if not urls:
        return None
    texts = [text for text, _url in links] + failed
    title = next((_plain(text) for text in texts if not _is_generic(_plain(text))), "")
    if not title:
        found = _BOLD_RE.search(body) or _QUOTED_RE.search(body)
        if found:
            title = _plain(next(group for group in found.groups() if group))
    if not title:
        before = _BARE_URL_RE.sub(" ", rest)
        title = _plain(re.split(r"\s[-–—|]\s|\.\s", before, maxsplit=1)[0])
    if len(re.findall(r"[^\W\d_]", title)) < 3:
        return None
    code = tuple(url for url in urls if classify(url) == "code")
    papers = [url for url in urls if classify(url) == "paper"]
    projects = tuple(url for url in urls if classify(url) == "project")
    years = set(YEAR_RE.findall(_BARE_URL_RE.sub(" ", rest)))
    return Record(
        title=clean(title),
        url=papers[0] if papers else None,
        project_urls=(*papers[1:], *projects),
        code_urls=code,
        year=int(next(iter(years))) if len(years) == 1 else None,
    )


def parse_markdown(text: str, path: Path) -> ReadResult:
    """Read a Markdown file (see the module's description); never junk."""
    lines = split_lines(text)
    blocks = list(paragraphs(lines))
    if not blocks:
        return failure(path, "the file is empty", "markdown")
    records: list[Record] = []
    bullets = headings = 0
    in_code = False
    for line in lines:
        if line.lstrip().startswith(("```", "~~~")):
            in_code = not in_code
            continue
        if in_code:
            continue
        if _HEADING_RE.match(line):
            headings += 1
        found = _BULLET_RE.match(line)
        if found:
            bullets += 1
            record = _bullet_record(found.group(1))
            if record is not None:
                records.append(record)
    name, rest, problems = list_name(blocks[0], path)
    prose = ([" ".join(rest)] if rest and not _MARKUP_RE.match(rest[0]) else []) + [
        " ".join(block) for block in blocks[1:] if not _MARKUP_RE.match(block[0])
    ]
    markup = len(blocks) - 1 - sum(1 for block in blocks[1:] if not _MARKUP_RE.match(block[0]))
    heading = next((line for line in lines if _HEADING_RE.match(line)), None)
    title = _plain(heading.lstrip().lstrip("#")) if heading else ""
    if records and len(records) >= len(prose):
        skipped = bullets - len(records)
        notes: list[Problem] = []
        if skipped:
            notes.append(
                Problem(
                    path,
                    f"read {len(records)} bullet{'s' if len(records) != 1 else ''} with a "
                    f"title and a link as papers; skipped {skipped} other "
                    f"bullet{'s' if skipped != 1 else ''}, the headings and the prose",
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
        f"{bullets} bullet{'s' if bullets != 1 else ''}, no bullet naming a paper with a "
        "link), not a list of papers; write one paper per bullet, “- [Title](https://…)”, "
        "or one abstract per paragraph",
        "markdown",
    )
