"""Exports of a set of papers with their triage: BibTeX, Markdown, CSV, JSON, URLs.

Plain functions from papers (and each paper's ``Triage``) to text, shared by
``tuireader export`` and the reader's palette, plus an atomic file writer. Paper text is
data: control characters are made visible in every text format (JSON escapes them).
"""

from __future__ import annotations

import csv
import io
import json
import os
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tuireader.citations import best_link, format_citation, format_many
from tuireader.model import Paper
from tuireader.store import Triage
from tuireader.textrender import visible

EXPORT_FORMATS = ("bibtex", "markdown", "csv", "json", "urls")
SUFFIXES = {"bibtex": ".bib", "markdown": ".md", "csv": ".csv", "json": ".json", "urls": ".txt"}


def paper_json(paper: Paper, *, score: float | None = None, abstract: bool = False) -> dict[str, Any]:
    """A paper as the JSON object the command line prints."""
    data: dict[str, Any] = {
        "id": paper.id,
        "title": paper.title,
        "title_derived": paper.title_derived,
        "authors": list(paper.authors),
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
    return data


def render_export(papers: Sequence[Paper], triage: Mapping[str, Triage], fmt: str) -> str:
    """``papers`` in ``fmt``; ``triage`` maps each paper id to its state, tags and note."""
    if fmt == "json":
        data = [_export_json(p, triage[p.id]) for p in papers]
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    if fmt == "bibtex":
        return visible(format_many(papers, "bibtex")) + "\n"
    if fmt == "csv":
        return _export_csv(papers, triage)
    if fmt == "urls":
        urls = [url for url in map(best_link, papers) if url]
        return visible("".join(url + "\n" for url in urls))
    if fmt == "markdown":
        return visible("\n".join(_markdown_entry(p, triage[p.id]) for p in papers))
    raise ValueError(f"unknown export format {fmt!r} (use {', '.join(EXPORT_FORMATS)})")


def _export_json(paper: Paper, triage: Triage) -> dict[str, Any]:
    data = paper_json(paper, abstract=True)
    data["state"] = triage.state
    data["tags"] = list(triage.tags)
    data["note"] = triage.note
    return data


def _first_code(paper: Paper) -> str:
    return paper.code_links[0].url if paper.code_links else ""


def _export_csv(papers: Sequence[Paper], triage: Mapping[str, Triage]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        ["id", "title", "authors", "venue", "year", "state", "tags", "note", "url", "code"]
    )
    for paper in papers:
        t = triage[paper.id]
        writer.writerow(
            [
                paper.id,
                paper.title,
                "; ".join(paper.authors),
                paper.venue or "",
                paper.year or "",
                t.state,
                "; ".join(t.tags),
                t.note,
                best_link(paper) or "",
                _first_code(paper),
            ]
        )
    return visible(out.getvalue())


def _markdown_entry(paper: Paper, triage: Triage) -> str:
    """One reading-list item: the linked title, then details indented beneath it."""
    head = format_citation(paper, "markdown").text  # [Title](best link), title made plain
    if paper.title_derived:
        head += " (title derived from the abstract)"
    lines = [f"- {head}", "  " + (", ".join(paper.authors) if paper.authors else "authors unknown")]
    year = str(paper.year) if paper.year else ""
    where = paper.venue or ""
    if year and year not in where:
        where = f"{where} ({year})" if where else year
    if where:
        lines.append(f"  {where}")
    code = _first_code(paper)
    if code:
        lines.append(f"  code: <{code}>")
    if triage.state != "new":
        lines.append(f"  state: {triage.state}")
    if triage.tags:
        lines.append("  tags: " + ", ".join(triage.tags))
    if triage.note:
        lines.append("  note:")
        lines.extend(("    " + line).rstrip() for line in triage.note.splitlines())
    return "\n".join(lines) + "\n"


def write_atomic(text: str, target: Path) -> None:
    """Write ``text`` to ``target`` through a temporary file and a rename (raises OSError)."""
    tmp_name = None
    try:
        with tempfile.NamedTemporaryFile(
            "w",
            encoding="utf-8",
            newline="",
            dir=target.parent,
            prefix=f".{target.name}.",
            suffix=".tmp",
            delete=False,
        ) as tmp:
            tmp_name = tmp.name
            tmp.write(text)
            tmp.flush()
            os.fsync(tmp.fileno())
        os.chmod(tmp_name, _new_file_mode(target))
        os.replace(tmp_name, target)
    except OSError:
        if tmp_name is not None:
            try:
                os.unlink(tmp_name)
            except OSError:
                pass
        raise


def _new_file_mode(target: Path) -> int:
    """The mode an ordinary write would give: the old file's, else 0666 less the umask."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
