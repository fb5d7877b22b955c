"""The ``tuireader`` command line.

``tuireader [LIST…]`` opens the reader; ``tuireader COMMAND …`` runs one command and
prints to stdout (JSON with ``--json``), messages to stderr. Exit codes: 0 success,
1 nothing found, 2 usage or input error. ``--help`` and ``--version`` import neither
Textual nor Whoosh, so they stay fast: heavy imports happen inside the command.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from tuireader import __version__

EXIT_OK = 0
EXIT_NOTHING_FOUND = 1
EXIT_USAGE = 2

COMMANDS = ("search", "show", "similar", "lists", "index", "cite", "links", "export")

EXPORT_FORMATS = (
    "bibtex",
    "markdown",
    "csv",
    "json",
    "urls",
)  # tuireader.triage.export's, kept light


class UsageError(Exception):
    """A problem with what the user asked for; printed without a traceback, exit 2."""


# -- output helpers ----------------------------------------------------------------------


def _safe(text: str) -> str:
    """Paper text is data: never let it send control sequences to the terminal."""
    from tuireader.render.safetext import terminal

    return terminal(text)


def _line(text: str) -> str:
    """One output line: as :func:`_safe`, and a newline in the data cannot start another."""
    from tuireader.render.safetext import one_line

    return one_line(text)


def _err(message: str) -> None:
    print(f"tuireader: {_line(message)}", file=sys.stderr)


def _print_json(data: Any) -> None:
    from tuireader.render.safetext import to_json

    sys.stdout.write(to_json(data, indent=2) + "\n")


def _paper_json(paper, *, score: float | None = None, abstract: bool = False) -> dict[str, Any]:
    from tuireader.triage.export import paper_json

    return paper_json(paper, score=score, abstract=abstract)


def _title(paper) -> str:
    """The title as text: LaTeX and markup rendered, on one line (``~`` marks a derived one)."""
    from tuireader.render.textrender import display_title

    return ("~ " if paper.title_derived else "") + display_title(paper.title)


def _authors(paper) -> str:
    from tuireader.render.textrender import display_authors

    return display_authors(paper.authors) if paper.authors else "authors unknown"


class _Progress:
    """A one-line progress bar on stderr, shown only on a terminal and only when slow."""

    def __init__(self, label: str) -> None:
        import time

        self.label = label
        self.enabled = sys.stderr.isatty()
        self.started = time.monotonic()
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        import time

        if not self.enabled or (not self.shown and time.monotonic() - self.started < 0.5):
            return
        self.shown = True
        width = 30
        filled = int(width * done / total) if total else width
        bar = "#" * filled + "-" * (width - filled)
        sys.stderr.write(f"\r{self.label} [{bar}] {done}/{total}")
        sys.stderr.flush()

    def close(self) -> None:
        if self.shown:
            sys.stderr.write("\n")
            sys.stderr.flush()


# -- session -----------------------------------------------------------------------------


def _session(args: argparse.Namespace):
    from tuireader.session import load_session

    session = load_session(
        getattr(args, "sources", None),
        data_dir=args.data_dir,
        catalogs=args.catalog,
    )
    for problem in session.problems:
        _err(str(problem))
    if not session.library.papers and session.problems:
        raise UsageError("no papers could be loaded")
    report = session.triage
    if report is not None and report.moved:
        count = len(report.moved)
        _err(
            f"{count} triage mark{'s' if count != 1 else ''} followed {'their' if count != 1 else 'its'} paper to a new id"
        )
    if (
        report is not None
        and report.detached
        and not _is_detached_query(getattr(args, "query", None) or "")
    ):
        count = len(report.detached)
        _err(
            f"{count} triage mark{'s are' if count != 1 else ' is'} detached: "
            "the paper is in none of these lists (search is:detached lists them; "
            "they come back when the paper does)"
        )
    return session


def _engine(session, args: argparse.Namespace, *, rebuild: bool = False):
    progress = _Progress("indexing")
    try:
        engine = session.engine(progress=progress, note=_err, rebuild=rebuild)
    finally:
        progress.close()
    for message in engine.messages:
        _err(message)
    return engine


def _triage_store(session):
    """The triage store if its file exists (a search never creates one); problems to stderr."""
    from tuireader.triage.filters import open_existing

    store = open_existing(session.paths.state_db)
    if store is not None and store.problem:
        _err(store.problem)
    return store


def _resolver(store):
    from tuireader.triage.filters import filter_resolver

    return filter_resolver(store)


def _check_states(query: str) -> None:
    from tuireader.triage.filters import unknown_states
    from tuireader.triage.store import STATES

    bad = unknown_states(query)
    if bad:
        raise UsageError(f"unknown state {', '.join(bad)} (states: {', '.join(STATES)})")


def _write_output(text: str, output: str | None, *, count: int, what: str) -> None:
    """``text`` to stdout (no ``-o``, or ``-o -``), else to the file ``output``.

    See :func:`tuireader.triage.export.write_export`: regular files are replaced atomically,
    FIFOs and devices written in place; a failure leaves no temporary file behind.
    """
    from tuireader.render.safetext import valid

    if output is None or output == "-":
        sys.stdout.write(valid(text))
        return
    from pathlib import Path

    from tuireader.triage.export import write_export

    target = Path(output).expanduser()
    if target.is_dir():
        raise UsageError(f"{target} is a folder; give a file name after -o")
    try:
        write_export(text, target.absolute())
    except OSError as exc:
        raise UsageError(f"cannot write {target}: {exc.strerror or exc}") from None
    except Exception as exc:  # noqa: BLE001 - one line, never a traceback
        raise UsageError(f"cannot write {target}: {type(exc).__name__}: {exc}") from None
    noun = what if count == 1 else what + "s"
    _err(f"wrote {count} {noun} to {target}")


# -- commands ----------------------------------------------------------------------------


def cmd_search(args: argparse.Namespace) -> int:
    if args.limit is not None and args.limit < 1:
        raise UsageError("--limit must be at least 1")
    _check_states(args.query)
    session = _session(args)
    if _is_detached_query(args.query):
        return _print_detached(session, args)
    engine = _engine(session, args)
    store = _triage_store(session)
    try:
        result = engine.search(
            args.query, limit=args.limit, prefix=args.prefix, resolve=_resolver(store)
        )
    finally:
        if store is not None:
            store.close()
    if args.json:
        _print_json(
            {
                "query": result.query,
                "total": result.total,
                "exact": result.exact,
                "suggestion": result.suggestion,
                "message": result.message,
                "hits": [_paper_json(h.paper, score=h.score) for h in result.hits],
            }
        )
    else:
        if result.message:
            _err(result.message)
        for hit in result.hits:
            marks = " [code]" if hit.paper.has_code else ""
            lists = ", ".join(hit.paper.lists)
            print(_line(f"{hit.paper.id}  {_title(hit.paper)}  ({lists}){marks}"))
        if result.suggestion:
            _err(f"did you mean: {result.suggestion}")
        shown = len(result.hits)
        if shown < result.total:
            _err(f"showing {shown} of {result.total} papers (use --limit)")
    return EXIT_OK if result.hits else EXIT_NOTHING_FOUND


def _is_detached_query(query: str) -> bool:
    return query.split() == ["is:detached"]


def _print_detached(session, args: argparse.Namespace) -> int:
    """Triage marks whose paper is in none of the lists, with the title kept for each."""
    report = session.triage
    marks = list(report.detached) if report is not None else []
    if args.limit is not None:
        marks = marks[: args.limit]
    if args.json:
        _print_json(
            {
                "query": args.query,
                "total": len(marks),
                "detached": [
                    {
                        "id": mark.paper_id,
                        "title": mark.title,
                        "state": mark.state,
                        "tags": list(mark.tags),
                        "note": mark.note,
                    }
                    for mark in marks
                ],
            }
        )
    else:
        for mark in marks:
            tags = f" #{' #'.join(mark.tags)}" if mark.tags else ""
            title = mark.title or "(no title was kept with this mark)"
            print(_line(f"{mark.paper_id}  [{mark.state}{tags}]  {title}"))
        if not marks:
            _err("no detached triage: every mark is on a paper of the lists")
    return EXIT_OK if marks else EXIT_NOTHING_FOUND


def _find_paper(session, paper_id: str):
    paper = session.library.get(paper_id)
    if paper is not None:
        return paper
    matches = [p for p in session.library.papers if p.id.startswith(paper_id.lower())]
    if len(matches) == 1:
        return matches[0]
    return None


def cmd_show(args: argparse.Namespace) -> int:
    session = _session(args)
    paper = _find_paper(session, args.id)
    if paper is None:
        _err(f"no paper with id {args.id!r} (tuireader search lists ids)")
        return EXIT_NOTHING_FOUND
    if args.json:
        _print_json(_paper_json(paper, abstract=True))
        return EXIT_OK
    from tuireader.render.textrender import plain

    lines = [
        _title(paper) + ("   (title derived from the abstract)" if paper.title_derived else ""),
        _authors(paper),
        " · ".join(
            x for x in (", ".join(paper.lists), paper.venue or "", str(paper.year or "")) if x
        ),
        f"id {paper.id} · metadata: {paper.metadata_source}",
        "",
        plain(paper.abstract),
    ]
    if paper.links:
        lines.append("")
        lines.extend(
            f"[{n}] {link.kind:<7} {_line(link.url)}" for n, link in enumerate(paper.links, 1)
        )
    lines[:2] = [_line(line) for line in lines[:2]]  # title and authors: one line each
    print(_safe("\n".join(lines)))
    return EXIT_OK


def cmd_similar(args: argparse.Namespace) -> int:
    session = _session(args)
    paper = _find_paper(session, args.id)
    if paper is None:
        _err(f"no paper with id {args.id!r}")
        return EXIT_NOTHING_FOUND
    engine = _engine(session, args)
    result = engine.similar(paper.id, limit=args.limit)
    if result.message:
        _err(result.message)
    if args.json:
        _print_json(
            {"id": paper.id, "hits": [_paper_json(h.paper, score=h.score) for h in result.hits]}
        )
    else:
        for hit in result.hits:
            print(_line(f"{hit.paper.id}  {_title(hit.paper)}"))
    return EXIT_OK if result.hits else EXIT_NOTHING_FOUND


def cmd_lists(args: argparse.Namespace) -> int:
    session = _session(args)
    library = session.library
    if args.json:
        _print_json(
            {
                "lists": [
                    {"name": pl.name, "path": str(pl.path), "papers": pl.count, "format": pl.format}
                    for pl in library.lists
                ],
                "papers": len(library),
            }
        )
    else:
        for pl in library.lists:
            print(_line(f"{pl.count:6d}  {pl.name}  ({pl.path})"))
        print(f"{len(library):6d}  distinct papers")
    return EXIT_OK


def cmd_index(args: argparse.Namespace) -> int:
    session = _session(args)
    engine = _engine(session, args, rebuild=args.rebuild)
    report = engine.report
    print(
        _line(
            f"{engine.status}: {len(session.library)} papers, "
            f"{report.written} written, {report.seconds:.2f} s ({session.paths.index_dir})"
        )
    )
    return EXIT_OK if engine.problem is None else EXIT_USAGE


def _split_ids_and_sources(items: Sequence[str]) -> tuple[list[str], list[str]]:
    """Arguments that exist on disk are list sources; everything else is a paper id."""
    from pathlib import Path

    ids: list[str] = []
    sources: list[str] = []
    for item in items:
        (sources if Path(item).expanduser().exists() else ids).append(item)
    return ids, sources


def _warn_incomplete(citations) -> None:
    for citation in citations:
        if citation.warnings:
            _err(f"{citation.paper_id} ({citation.key}): " + "; ".join(citation.warnings))


def cmd_cite(args: argparse.Namespace) -> int:
    from tuireader.render.citations import cite_many, format_many

    ids, args.sources = _split_ids_and_sources(args.items)
    if args.query is None and not ids:
        raise UsageError("give paper ids to cite, or --query QUERY (tuireader search lists ids)")
    if args.query is not None and ids:
        missing = ", ".join(repr(i) for i in ids)
        raise UsageError(f"give paper ids or --query, not both (no such list file: {missing})")
    if args.limit is not None and args.limit < 1:
        raise UsageError("--limit must be at least 1")
    session = _session(args)
    if args.query is not None:
        papers = _query_papers(session, args, args.query, limit=args.limit)
        if not papers:
            return EXIT_NOTHING_FOUND
    else:
        papers = []
        unknown = []
        for paper_id in ids:
            paper = _find_paper(session, paper_id)
            if paper is None:
                unknown.append(paper_id)
            else:
                papers.append(paper)
        if unknown:
            _err(
                f"no paper with id {', '.join(repr(i) for i in unknown)}; nothing printed "
                "(tuireader search lists ids)"
            )
            return EXIT_NOTHING_FOUND
    library = session.library
    text = format_many(papers, args.format, include_abstract=args.abstract, library=library)
    _warn_incomplete(cite_many(papers, args.format, library=library))
    if not text:
        _err("none of these papers has a link")
        return EXIT_NOTHING_FOUND
    print(_safe(text))
    return EXIT_OK


def _query_papers(
    session, args: argparse.Namespace, query: str, *, limit: int | None = None
) -> list:
    """The papers matching ``query`` (triage filters included), best first; messages to stderr."""
    _check_states(query)
    engine = _engine(session, args)
    store = _triage_store(session)
    try:
        result = engine.search(query, limit=limit, resolve=_resolver(store))
    finally:
        if store is not None:
            store.close()
    if result.message:
        _err(result.message)
    if not result.hits:
        hint = f" (did you mean: {result.suggestion})" if result.suggestion else ""
        _err(f"no papers match {query!r}{hint}")
    return [hit.paper for hit in result.hits]


def cmd_links(args: argparse.Namespace) -> int:
    session = _session(args)
    paper = _find_paper(session, args.id)
    if paper is None:
        _err(f"no paper with id {args.id!r} (tuireader search lists ids)")
        return EXIT_NOTHING_FOUND
    links = [link for link in paper.links if args.kind is None or link.kind == args.kind]
    if args.json:
        _print_json([link.to_json() for link in links])
    else:
        for link in links:
            print(_line(link.url))  # one URL per line, whatever the data holds
    if not links:
        what = f"{args.kind} link" if args.kind else "link"
        _err(f"{paper.id} has no {what}")
        return EXIT_NOTHING_FOUND
    return EXIT_OK


def cmd_export(args: argparse.Namespace) -> int:
    from tuireader.triage.filters import triage_of

    session = _session(args)
    query = args.query or ""
    papers = _query_papers(session, args, query) if query.strip() else list(session.library.papers)
    if not papers:
        return EXIT_NOTHING_FOUND
    store = _triage_store(session) if args.format != "bibtex" else None
    try:
        triage = triage_of(store, [p.id for p in papers])
    finally:
        if store is not None:
            store.close()
    from tuireader.triage.export import render_export

    text = render_export(papers, triage, args.format, library=session.library)
    _write_output(text, args.output, count=len(papers), what="paper")
    return EXIT_OK


# -- the reader --------------------------------------------------------------------------


def cmd_read(args: argparse.Namespace) -> int:
    from tuireader.ui.app import run_reader

    return run_reader(
        sources=args.sources, data_dir=args.data_dir, catalogs=args.catalog, theme=args.theme
    )


# -- parser ------------------------------------------------------------------------------


def _common(parser: argparse.ArgumentParser, *, sources: bool = True) -> None:
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help="where the index and triage data live (default: $TUIREADER_HOME or the user data folder)",
    )
    parser.add_argument(
        "--catalog",
        metavar="PATH",
        action="append",
        default=[],
        help="metadata catalog (BibTeX, JSON Lines, JSON or CSV) to match bare abstracts against; repeatable",
    )
    if sources:
        parser.add_argument(
            "sources",
            metavar="LIST",
            nargs="*",
            help="paper list files or folders (default: the built-in seed lists)",
        )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tuireader",
        description="A terminal reader for research-paper lists. Without a command, opens the reader.",
        epilog="commands: " + ", ".join(COMMANDS) + " (tuireader COMMAND --help for each)",
    )
    parser.add_argument("--version", action="version", version=f"tuireader {__version__}")
    parser.add_argument(
        "--theme",
        choices=("dark", "light"),
        help="colour theme (default: the config file's, else dark); NO_COLOR is respected",
    )
    _common(parser)
    return parser


def _command(name: str, description: str) -> argparse.ArgumentParser:
    return argparse.ArgumentParser(prog=f"tuireader {name}", description=description)


def _json_flag(parser: argparse.ArgumentParser, help: str = "print JSON") -> None:
    parser.add_argument("--json", action="store_true", help=help)


def _search_parser() -> argparse.ArgumentParser:
    p = _command("search", "Search the lists; ranked results, best first.")
    p.add_argument(
        "query",
        help="query, e.g. 'diffusion -video \"neural network\" author:smith has:code'; "
        "triage filters: is:kept, is:new, tag:NAME, has:note",
    )
    p.add_argument("--limit", type=int, default=20, help="most results to print (default 20)")
    _json_flag(p)
    p.add_argument(
        "--prefix",
        action="store_true",
        help="treat the last word as a prefix, as live search does",
    )
    p.set_defaults(func=cmd_search)
    _common(p)
    return p


def _show_parser() -> argparse.ArgumentParser:
    p = _command("show", "Print one paper with its links.")
    p.add_argument("id", help="paper id (as printed by search; a unique prefix will do)")
    _json_flag(p)
    p.set_defaults(func=cmd_show)
    _common(p)
    return p


def _similar_parser() -> argparse.ArgumentParser:
    p = _command("similar", "Papers similar to one paper.")
    p.add_argument("id", help="paper id")
    p.add_argument("--limit", type=int, default=10, help="most results (default 10)")
    _json_flag(p)
    p.set_defaults(func=cmd_similar)
    _common(p)
    return p


def _lists_parser() -> argparse.ArgumentParser:
    p = _command("lists", "The lists and how many papers each holds.")
    _json_flag(p)
    p.set_defaults(func=cmd_lists)
    _common(p)
    return p


def _index_parser() -> argparse.ArgumentParser:
    p = _command("index", "Bring the search index up to date now.")
    p.add_argument("--rebuild", action="store_true", help="rebuild from scratch")
    p.set_defaults(func=cmd_index)
    _common(p)
    return p


def _cite_parser() -> argparse.ArgumentParser:
    from tuireader.render.citations import FORMATS

    p = _command("cite", "Print citations for papers, by id or for every paper a query matches.")
    p.epilog = (
        "Each ITEM that exists on disk as a file or folder is read as a paper list; "
        "every other ITEM is a paper id (as printed by search; a unique prefix will do). "
        "If any id is unknown nothing is printed and the exit code is 1. "
        "Missing metadata (no authors, a title derived from the abstract) is reported "
        "on stderr. Citation keys are unique within the output."
    )
    p.add_argument("items", metavar="ITEM", nargs="*", help="paper id or list file/folder")
    p.add_argument(
        "--format", choices=FORMATS, default="bibtex", help="citation format (default bibtex)"
    )
    p.add_argument("--query", metavar="Q", help="cite every paper that matches Q, best first")
    p.add_argument(
        "--limit",
        type=int,
        default=None,
        help="with --query: cite at most this many (default: all)",
    )
    p.add_argument(
        "--abstract",
        action="store_true",
        help="include the abstract in BibTeX/BibLaTeX entries",
    )
    p.set_defaults(func=cmd_cite)
    _common(p, sources=False)  # ITEM holds the lists
    return p


def _links_parser() -> argparse.ArgumentParser:
    from tuireader.model import LINK_KINDS

    p = _command("links", "Print a paper's links, one URL per line, code links first.")
    p.epilog = (
        "Exit code 1 when the paper has no link (of that kind). "
        "Example: tuireader links ID --kind code | head -1"
    )
    p.add_argument("id", help="paper id (as printed by search; a unique prefix will do)")
    p.add_argument("--kind", choices=LINK_KINDS, help="only links of this kind")
    _json_flag(p, "print JSON (url, kind, origin)")
    p.set_defaults(func=cmd_links)
    _common(p)
    return p


def _export_parser() -> argparse.ArgumentParser:
    p = _command("export", "Write the papers matching a query, with their triage, as a file.")
    p.epilog = (
        "The query may combine words with triage filters: is:kept, is:maybe, is:skip, "
        "is:read, is:new, tag:NAME, has:note, has:code. Without --query every paper is "
        "exported in list order. markdown is a reading list; csv has the columns "
        "id,title,authors,venue,year,state,tags,note,url,code; urls gives each paper's "
        "best link. Exit code 1 when nothing matches."
    )
    p.add_argument(
        "--query",
        metavar="Q",
        help="export only the papers matching Q (e.g. 'is:kept tag:survey')",
    )
    p.add_argument("--format", choices=EXPORT_FORMATS, required=True, help="output format")
    p.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="write to FILE instead of stdout ('-' is stdout); a file is replaced "
        "atomically, a FIFO or device written in place",
    )
    p.set_defaults(func=cmd_export)
    _common(p)
    return p


#: each command's parser, built only when that command runs (imports stay lazy).
_COMMAND_PARSERS: dict[str, Callable[[], argparse.ArgumentParser]] = {
    "search": _search_parser,
    "show": _show_parser,
    "similar": _similar_parser,
    "lists": _lists_parser,
    "index": _index_parser,
    "cite": _cite_parser,
    "links": _links_parser,
    "export": _export_parser,
}


def build_command_parser(name: str) -> argparse.ArgumentParser:
    """The parser of one command (each is separate so options and lists may intermix)."""
    try:
        build = _COMMAND_PARSERS[name]
    except KeyError:  # pragma: no cover - main() only passes known names
        raise ValueError(name) from None
    return build()


_OPTIONS_WITH_VALUES = (
    "--data-dir",
    "--theme",
    "--catalog",
    "--format",
    "--query",
    "--kind",
    "-o",
    "--output",
    "--limit",
)


def _first_positional(argv: Sequence[str]) -> str | None:
    skip = False
    for arg in argv:
        if skip:
            skip = False
            continue
        if arg in _OPTIONS_WITH_VALUES:
            skip = True
            continue
        if arg.startswith("-"):
            continue
        return arg
    return None


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    first = _first_positional(argv)
    if first in COMMANDS:
        argv.remove(first)
        parser = build_command_parser(first)
    else:
        parser = build_parser()
    try:
        args = parser.parse_intermixed_args(argv)
    except SystemExit as exc:  # argparse: 0 for --help/--version, 2 for usage errors
        return int(exc.code or 0)
    func: Callable[[argparse.Namespace], int] = getattr(args, "func", cmd_read)
    _tolerant_streams()
    try:
        return func(args)
    except UsageError as exc:
        _err(str(exc))
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # e.g. `tuireader search x | head -1`: the reader went away; that is fine.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    except Exception as exc:  # one line for the user, never a traceback
        if os.environ.get("TUIREADER_DEBUG"):
            raise
        _err(f"unexpected error ({type(exc).__name__}: {exc}); TUIREADER_DEBUG=1 shows details")
        return EXIT_USAGE


def _tolerant_streams() -> None:
    """On a terminal that is not UTF-8, print what it cannot show as escapes, not a crash."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if encoding != "utf8":
            try:
                stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
            except (AttributeError, ValueError, OSError):
                pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
