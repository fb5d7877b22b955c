"""The ``tuireader`` command line.

``tuireader [LIST…]`` opens the reader; ``tuireader COMMAND …`` runs one command and
prints to stdout (JSON with ``--json``), messages to stderr. Exit codes: 0 success,
1 nothing found, 2 usage or input error. ``--help`` and ``--version`` import neither
Textual nor Whoosh, so they stay fast: heavy imports happen inside the command.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from tuireader import __version__

EXIT_OK = 0
EXIT_NOTHING_FOUND = 1
EXIT_USAGE = 2

COMMANDS = ("search", "show", "similar", "lists", "index")


class UsageError(Exception):
    """A problem with what the user asked for; printed without a traceback, exit 2."""


# -- output helpers ----------------------------------------------------------------------


def _safe(text: str) -> str:
    """Paper text is data: never let it send control sequences to the terminal."""
    from tuireader.textrender import visible

    return visible(text)


def _err(message: str) -> None:
    print(f"tuireader: {_safe(message)}", file=sys.stderr)


def _print_json(data: Any) -> None:
    json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def _paper_json(paper, *, score: float | None = None, abstract: bool = False) -> dict[str, Any]:
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


def _title(paper) -> str:
    return ("~ " if paper.title_derived else "") + paper.title


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


# -- commands ----------------------------------------------------------------------------


def cmd_search(args: argparse.Namespace) -> int:
    if args.limit is not None and args.limit < 1:
        raise UsageError("--limit must be at least 1")
    session = _session(args)
    engine = _engine(session, args)
    result = engine.search(args.query, limit=args.limit, prefix=args.prefix)
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
            print(_safe(f"{hit.paper.id}  {_title(hit.paper)}  ({lists}){marks}"))
        if result.suggestion:
            _err(f"did you mean: {result.suggestion}")
        shown = len(result.hits)
        if shown < result.total:
            _err(f"showing {shown} of {result.total} papers (use --limit)")
    return EXIT_OK if result.hits else EXIT_NOTHING_FOUND


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
    from tuireader.textrender import plain

    lines = [
        _title(paper) + ("   (title derived from the abstract)" if paper.title_derived else ""),
        ", ".join(paper.authors) if paper.authors else "authors unknown",
        " · ".join(x for x in (", ".join(paper.lists), paper.venue or "", str(paper.year or "")) if x),
        f"id {paper.id}",
        "",
        plain(paper.abstract),
    ]
    if paper.links:
        lines.append("")
        lines.extend(f"[{n}] {link.kind:<7} {link.url}" for n, link in enumerate(paper.links, 1))
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
        _print_json({"id": paper.id, "hits": [_paper_json(h.paper, score=h.score) for h in result.hits]})
    else:
        for hit in result.hits:
            print(_safe(f"{hit.paper.id}  {_title(hit.paper)}"))
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
            print(_safe(f"{pl.count:6d}  {pl.name}  ({pl.path})"))
        print(f"{len(library):6d}  distinct papers")
    return EXIT_OK


def cmd_index(args: argparse.Namespace) -> int:
    session = _session(args)
    engine = _engine(session, args, rebuild=args.rebuild)
    report = engine.report
    print(
        f"{engine.status}: {len(session.library)} papers, "
        f"{report.written} written, {report.seconds:.2f} s ({session.paths.index_dir})"
    )
    return EXIT_OK if engine.problem is None else EXIT_USAGE


def cmd_read(args: argparse.Namespace) -> int:
    from tuireader.ui.app import run_reader

    return run_reader(sources=args.sources, data_dir=args.data_dir, catalogs=args.catalog)


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
    _common(parser)
    return parser


def _command(name: str, description: str) -> argparse.ArgumentParser:
    return argparse.ArgumentParser(prog=f"tuireader {name}", description=description)


def build_command_parser(name: str) -> argparse.ArgumentParser:
    """The parser of one command (each is separate so options and lists may intermix)."""
    if name == "search":
        p = _command("search", "Search the lists; ranked results, best first.")
        p.add_argument("query", help='query, e.g. \'diffusion -video "neural network" author:smith has:code\'')
        p.add_argument("--limit", type=int, default=20, help="most results to print (default 20)")
        p.add_argument("--json", action="store_true", help="print JSON")
        p.add_argument("--prefix", action="store_true", help="treat the last word as a prefix, as live search does")
        p.set_defaults(func=cmd_search)
    elif name == "show":
        p = _command("show", "Print one paper with its links.")
        p.add_argument("id", help="paper id (as printed by search; a unique prefix will do)")
        p.add_argument("--json", action="store_true", help="print JSON")
        p.set_defaults(func=cmd_show)
    elif name == "similar":
        p = _command("similar", "Papers similar to one paper.")
        p.add_argument("id", help="paper id")
        p.add_argument("--limit", type=int, default=10, help="most results (default 10)")
        p.add_argument("--json", action="store_true", help="print JSON")
        p.set_defaults(func=cmd_similar)
    elif name == "lists":
        p = _command("lists", "The lists and how many papers each holds.")
        p.add_argument("--json", action="store_true", help="print JSON")
        p.set_defaults(func=cmd_lists)
    elif name == "index":
        p = _command("index", "Bring the search index up to date now.")
        p.add_argument("--rebuild", action="store_true", help="rebuild from scratch")
        p.set_defaults(func=cmd_index)
    else:  # pragma: no cover - main() only passes known names
        raise ValueError(name)
    _common(p)
    return p


def _first_positional(argv: Sequence[str]) -> str | None:
    skip = False
    for arg in argv:
        if skip:
            skip = False
            continue
        if arg in ("--data-dir", "--catalog"):
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


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
