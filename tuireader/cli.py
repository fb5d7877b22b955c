"""The ``tuireader`` command line.

``tuireader [LIST…]`` opens the reader; ``tuireader COMMAND …`` runs one command and
prints to stdout (JSON with ``--json``), messages to stderr. Exit codes: 0 success (a
change the papers already had too), 1 nothing found, 2 usage or input error. ``--help``
and ``--version`` import neither Textual nor Whoosh, so they stay fast: heavy imports
happen inside the command.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import io
import os
import re
import shlex
import sys
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from typing import Any, NoReturn

from tuireader import __version__

EXIT_OK = 0
EXIT_NOTHING_FOUND = 1
EXIT_USAGE = 2

#: the exit codes in words, for ``tuireader --help``: a script's author looks there
EXIT_CODES = (
    "Exit codes: 0 success; 1 nothing found or done (no paper matches, an id, list: or "
    "tag: that names nothing, papers alike for copy, a list remove does not know, a file "
    "import finds no marks in, nothing to undo or redo); 2 a usage or input error (a "
    "wrong option, a value is:, has: or sort: does not take, a list named that cannot be "
    "read, not one list that can be read, lists too, a data folder that cannot be used, "
    "nothing saved), and an empty library for the commands that read papers (lists shows "
    "it empty, 0); 130 stopped by Ctrl-C. Given several things, a command does what it "
    "can and ends with the worst code met, as grep does: cite, search, show and the other "
    "commands that read answer for the rest (cite A nope: A's citation, 1; a list named "
    "that cannot be read among others: their answer, 2); triage, note and remove change "
    "nothing unless every id or name given is found (1); add adds the lists it can read "
    "(2 for the others). A triage or note change the papers already had is a success, 0 "
    "(nothing changed, said so)."
)

COMMANDS = (
    "search",
    "show",
    "similar",
    "lists",
    "add",
    "remove",
    "index",
    "cite",
    "links",
    "copy",
    "export",
    "triage",
    "note",
    "import",
    "undo",
    "redo",
    "recover",
)

#: ``tuireader triage --state``: the words people type, and the state each one stores.
TRIAGE_STATES = {
    "keep": "kept",
    "kept": "kept",
    "maybe": "maybe",
    "skip": "skip",
    "skipped": "skip",
    "read": "read",
    "new": "new",
}
#: the verbs ``triage --state`` offers, and names first when a word is none of its words
TRIAGE_VERBS = ("keep", "maybe", "skip", "read", "new")
SORTS = ("relevance", "fit", "list")


def _triage_state(word: str) -> str:
    """A ``triage --state`` word, in any case (``KEEP``); one that is none of its words is
    said as ``is:kep`` is, with the one a slip away first: "unknown state kep; did you
    mean keep? (--state takes keep, maybe, skip, read, new)", exit 2."""
    folded = word.strip().casefold()
    if folded in TRIAGE_STATES:
        return folded
    import difflib

    said = f"unknown state {_short(word)}" if folded else "no state given"
    close = difflib.get_close_matches(folded, TRIAGE_VERBS, n=1, cutoff=0.6)
    close = close or difflib.get_close_matches(folded, tuple(TRIAGE_STATES), n=1, cutoff=0.6)
    if close:
        said += f"; did you mean {close[0]}?"
    raise argparse.ArgumentTypeError(f"{said} (--state takes {', '.join(TRIAGE_VERBS)})")


_NOT_ASCII_RE = re.compile(r"[^\x00-\x7f]")

#: ``tuireader copy``: a paper is the best hit only when the next one scores less than
#: this fraction of its score; closer than that, the two match about equally well.
COPY_MARGIN = 0.9

EXPORT_FORMATS = (
    "bibtex",
    "markdown",
    "csv",
    "json",
    "urls",
    "ris",
    "csl-json",
    "biblatex",
)  # tuireader.triage.export's, kept light


class UsageError(Exception):
    """A problem with what the user asked for; printed without a traceback, exit 2.

    ``problems``: what reading met that caused it (a list that could not be read, and
    why), said on stderr as it was met; ``--json`` gives them too, since a script reads
    stdout alone.
    """

    def __init__(self, message: str, problems: Sequence[Any] = ()) -> None:
        super().__init__(message)
        self.problems = tuple(problems)


class NoPapersError(UsageError):
    """The lists asked for could not be read, not one paper of them."""


class TriageFileError(UsageError):
    """The triage file cannot be read or written as the command needs: damaged, not a
    file, read-only, locked by another program, on a full disk. Exit 2, as an input
    error, with nothing saved or written; a ``--json`` answer says ``"error": "triage
    file"``, since nothing the user typed was wrong."""


def _store_failed(error: Exception, message: str) -> UsageError:
    """The error a command ends with when the triage store refused it (``error``), said
    as ``message``: :class:`TriageFileError` when the file is at fault, else a usage error
    (a note too long, a tag that cannot be one)."""
    from tuireader.triage.store import StoreBusy, StoreCorrupt, StoreFull, StoreReadOnly

    at_fault = isinstance(error, (StoreReadOnly, StoreBusy, StoreCorrupt, StoreFull))
    return TriageFileError(message) if at_fault else UsageError(message)


# -- output helpers ----------------------------------------------------------------------


def _safe(text: str) -> str:
    """Paper text is data: never let it send control sequences to the terminal."""
    from tuireader.render.safetext import terminal

    return terminal(text)


def _line(text: str) -> str:
    """One output line: as :func:`_safe`, and a newline in the data cannot start another."""
    from tuireader.render.safetext import one_line

    return one_line(text)


def _short(text: str) -> str:
    """A query (or an id) as a message repeats it: its first 80 characters or so."""
    from tuireader.search.query import shortened

    return shortened(text)


def _said_query(text: str) -> str:
    """A query as a message repeats it (:func:`_short`), in quotes, as typed: LaTeX's
    ``\\mathcal`` with one backslash, not two as ``repr()`` wrote it; a query of
    characters no terminal shows (a control, a byte that is not UTF-8) as
    :func:`_quoted` says them."""
    short = _short(text)
    return f"'{short}'" if short.isprintable() else _quoted(text)


def _quoted(text: str) -> str:
    """An id as a message quotes it (:func:`_short`, in quotes): a byte that is not
    UTF-8 shown as ``\\xff``, as typed, not as Python keeps it (``\\udcff``)."""
    return re.sub(r"\\udc([89a-f][0-9a-f])", r"\\x\1", repr(_short(text)))


def _err(message: str, *, heard: bool = True) -> None:
    """``message`` on stderr; kept by each :func:`_hearing` unless ``heard`` is false (a
    line of candidates, which a ``--json`` answer gives as its ``candidates``)."""
    print(f"tuireader: {_line(message)}", file=sys.stderr)
    for hearing in _HEARD if heard else ():
        hearing.said.append(message)


@dataclasses.dataclass
class _Heard:
    """What was said on stderr meanwhile (:func:`_hearing`): its lines, and the papers
    listed to pick one from by id (:func:`_report_candidates`)."""

    said: list[str] = dataclasses.field(default_factory=list)
    candidates: list[Any] = dataclasses.field(default_factory=list)


#: what keeps what is said on stderr meanwhile (:func:`_hearing`)
_HEARD: list[_Heard] = []


@contextlib.contextmanager
def _hearing() -> Iterator[_Heard]:
    """What :func:`_err` says meanwhile, kept: a ``--json`` answer gives it as its
    ``message`` where the command said it along the way (why nothing was copied), and
    the papers listed to pick from as its ``candidates``."""
    heard = _Heard()
    _HEARD.append(heard)
    try:
        yield heard
    finally:
        _HEARD.remove(heard)


def _print_json(data: Any) -> None:
    from tuireader.render.safetext import to_json

    sys.stdout.write(_json_for_stdout(to_json(data, indent=2)) + "\n")


def _stdout_is_utf8() -> bool:
    import codecs

    try:
        return codecs.lookup(getattr(sys.stdout, "encoding", None) or "ascii").name == "utf-8"
    except LookupError:
        return False


def _json_for_stdout(text: str) -> str:
    """JSON ``text`` as stdout can carry it whole: on a stdout that is not UTF-8 (a
    Latin-1 or ASCII locale), every character past ASCII as its ``\\uXXXX`` escape, so
    a script reads the same strings whatever the locale, where the stream's own escapes
    (``\\xfc``) would not be JSON at all. JSON has such characters only inside its
    strings, where the escape means the same character."""
    if _stdout_is_utf8():
        return text
    return _NOT_ASCII_RE.sub(_json_escape, text)


def _json_escape(match: Any) -> str:
    code = ord(match.group())
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000  # past the first plane: a surrogate pair, as JSON spells it
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def _paper_json(
    paper,
    *,
    score: float | None = None,
    abstract: bool = False,
    triage=None,
    session=None,
) -> dict[str, Any]:
    """A paper as JSON, with its triage (state, tags, note) when ``triage`` is given;
    with a ``session``, its aliases include the ids its marks moved from."""
    from tuireader.triage.export import paper_json, triage_json

    data = paper_json(paper, score=score, abstract=abstract)
    if session is not None:
        data["aliases"] = list(_former(session, paper))
    return data | triage_json(triage) if triage is not None else data


def _triage_for(
    session, ids: list[str], *, said: bool = False, args: argparse.Namespace | None = None
) -> dict[str, Any]:
    """Each paper's triage (``new`` for a paper never triaged or with no triage file);
    ``said``: the triage file's problem was said already (by a search before); ``args``:
    see :func:`_triage_store`."""
    from tuireader.triage.filters import triage_of

    store = _triage_store(session, say=not said, args=args)
    try:
        return triage_of(store, ids)
    finally:
        if store is not None:
            store.close()


#: the characters of a title a line of output names a paper by (``search``, ``similar``,
#: messages): a title of 90,000 characters made its line of ``search`` 90 KB. Far more
#: than any real title: the rest is counted, as the reader counts what it leaves out.
LISTED_TITLE = 300
#: the characters of a field ``show`` prints on its line (title, authors, keywords,
#: journal ref), the rest counted; ``show --json`` gives them whole
SHOWN_FIELD = 2_000
#: the characters of an abstract (or TL;DR) ``show`` prints, the rest counted, as the
#: reader's viewer shows it: a real one is a few thousand, and a list that holds a whole
#: paper in the field printed it all; ``show --json`` gives it whole
SHOWN_ABSTRACT = 20_000
#: what ``show`` says after a field it cut
SHOWN_WHOLE = ", not shown here (tuireader show --json prints them)"


def _cut_long(text: str, room: int | None, where: str = "") -> str:
    """``text`` up to ``room`` characters (None: all), cut between words where it can
    be, and how many more there are ("… and 89,700 more characters"), then ``where``."""
    if room is None or len(text) <= room:
        return text
    cut = text.rfind(" ", room // 2, room)
    cut = room if cut < 0 else cut
    return f"{text[:cut]} … and {len(text) - cut:,} more characters{where}"


def _title(paper, room: int | None = LISTED_TITLE, where: str = "") -> str:  # type: ignore[no-untyped-def]
    """The title as text: LaTeX and markup rendered, on one line (``~`` marks a derived
    one), cut to ``room`` characters (None: whole) as :func:`_cut_long` cuts it."""
    from tuireader.render.textrender import display_title

    return _cut_long(
        ("~ " if paper.title_derived else "") + display_title(paper.title), room, where
    )


def _authors(paper) -> str:
    from tuireader.render.textrender import display_authors, display_editors

    if paper.authors:
        return display_authors(paper.authors)
    return display_editors(paper.editor) if paper.editor else "authors unknown"


class _Progress:
    """A one-line progress bar on stderr, shown only on a terminal and only when slow.

    It fits the terminal's width: at ``COLUMNS=40`` a bar of 30 and its counts wrapped,
    and each update, going back to the start of the last line only, left a line behind.
    A terminal that says it cannot move the cursor (``TERM=dumb``, as Emacs's shell)
    gets none: it would show every update in a row.
    """

    #: seconds of work after which it is shown: a bar at a terminal, a line elsewhere
    SLOW = 0.5
    #: seconds of work after which, away from a terminal, a second line says it ended
    LONG = 5.0
    #: papers from which work is said away from a terminal (a small list's is quick, and
    #: a slow moment there is no news)
    PLAIN_FROM = 1_000

    def __init__(self, label: str, begun: str = "", ended: str = "") -> None:
        import time

        self.label = label
        self.enabled = sys.stderr.isatty() and os.environ.get("TERM") != "dumb"
        # Away from a terminal (a log, a pipe, Emacs's shell) no bar is drawn: one plain
        # line says the slow work begun, and one its end if it was long. Without them
        # the first search of 13,000 papers, 2>err, wrote nothing for a minute.
        # ``begun`` and ``ended`` are those lines, formatted with ``total`` (what
        # ``__call__`` was last given) and ``seconds``: none is said without ``begun``.
        self.plain = not self.enabled and bool(begun)
        self.begun = begun
        self.ended = ended
        self.said = False
        self.total = 0
        self.started = time.monotonic()
        self.shown = False
        self.last = 0  # the length of the line shown last: a shorter one covers it

    def _said(self, line: str) -> str:
        import time

        seconds = time.monotonic() - self.started
        return line.format(total=self.total, seconds=seconds, **self._words())

    def _words(self) -> dict[str, Any]:
        """What else the plain lines name (see :class:`_ListsProgress`)."""
        return {}

    def _papers(self) -> int:
        """The papers the work is on, as far as it knows."""
        return self.total

    def __call__(self, done: int, total: int) -> None:
        import time

        self.total = total
        slow = time.monotonic() - self.started >= self.SLOW
        if self.plain and not self.said and slow and self._papers() >= self.PLAIN_FROM:
            self.said = True
            _err(self._said(self.begun), heard=False)
        if not self.enabled or (not self.shown and not slow):
            return
        self.shown = True
        # one column to spare: a line that fills the last column wraps on some terminals
        room = _stderr_columns() - 1
        counts = f"{done}/{total}"
        width = min(30, room - len(self.label) - len(counts) - 4)
        if width >= 5:
            filled = int(width * done / total) if total else width
            line = f"{self.label} [{'#' * filled}{'-' * (width - filled)}] {counts}"
        else:
            line = f"{self.label} {counts}"[:room]
        sys.stderr.write("\r" + line.ljust(min(self.last, room)))
        sys.stderr.flush()
        self.last = len(line)

    def close(self, done: bool = True) -> None:
        """End the bar; ``done``: whether the work was done (else the line that says it
        ended is not said: it would say an index built that could not be written)."""
        if self.shown:
            sys.stderr.write("\n")
            sys.stderr.flush()
        if done:
            self._say_ended()
        self.said = False

    def _say_ended(self) -> None:
        """Away from a terminal, the line that says slow work ended, when it was long."""
        import time

        if self.said and self.ended and time.monotonic() - self.started >= self.LONG:
            _err(self._said(self.ended), heard=False)
        self.said = False


def _stderr_columns() -> int:
    """The width of the terminal stderr shows on: ``COLUMNS`` when set, else the
    terminal's own, else 80."""
    try:
        columns = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        columns = 0
    if columns > 0:
        return columns
    try:
        return os.get_terminal_size(sys.stderr.fileno()).columns or 80
    except (OSError, ValueError, AttributeError):
        return 80


# -- session -----------------------------------------------------------------------------


def _shelf_sources_and_notes(args: argparse.Namespace) -> tuple[list | None, list]:
    """The lists to read: those named on the command line, else the user's library
    (None means the built-in seeds); and the library's problems (a damaged file, a list
    that moved or vanished) as :class:`~tuireader.model.Problem` warnings, for the
    caller to say (the reader shows them among its load warnings, where a user sees
    them). A library with nothing to read is a usage error that says how to add a list,
    after saying why each of its lists cannot be read (moved, where to).

    What is wrong with the library is also kept as ``args.library_problems``: its
    file's damage (the seeds, or some of its lists, read in its place) as ``lists
    --json`` gives it, and each list that cannot be read as an error of its own path. An
    answer given as JSON names them among its ``problems``, as it names a list given on
    the command line that could not be read, so a script is not handed other papers, or
    fewer, without a word.
    """
    args.library_problems = []
    args.library_places = None
    given = getattr(args, "sources", None)
    if given:
        if any(not str(item) for item in given):
            # Path("") is the current folder, which would be read in its place
            raise UsageError("an empty name names no list file or folder; nothing was read")
        args.sources = given = _streams_read(given)
        return list(given), []
    from tuireader.model import Problem
    from tuireader.system import shelf
    from tuireader.system.paths import resolve

    current = shelf.load(resolve(args.data_dir))
    args.library_places = [entry.location for entry in current.entries]
    statuses = current.statuses()
    notes = [Problem(current.file, problem, "warning") for problem in current.problems]
    args.library_problems.extend(notes)
    for status in statuses:
        if not status.ok:
            notes.append(Problem(current.file, status.message(), "warning"))
            args.library_problems.append(Problem(status.entry.location, status.message(), "error"))
    sources = current.sources()
    if sources is None:
        return None, notes
    if not sources:
        if current.entries:
            for note in notes:
                _err(note.message)
            # as a list named that cannot be read: "no papers", each list an error of
            # its own path (the library file's damage, when it is, a warning)
            raise NoPapersError(_LIBRARY_UNREADABLE, args.library_problems)
        raise EmptyLibraryError(_empty_library(args.data_dir))
    return list(sources), notes


def _streams_read(given: Sequence[Any]) -> list:
    """The lists named, ``-`` as standard input's path, each list given by a stream
    (``-``, a pipe, a shell's ``<(…)``) read now, once: a pipe is gone once read."""
    from tuireader.ingest.sources import StreamClosed, read_streams

    try:
        return read_streams(given, waiting=_err)
    except StreamClosed:
        raise UsageError(
            "'-' reads a paper list from stdin, and stdin is closed; nothing was read"
        ) from None


class EmptyLibraryError(UsageError):
    """The library holds no list: every one was removed, or none added yet."""


def _empty_library(data_dir: Any) -> str:
    """What is said of a library that holds no list: how to add one, and, when the
    triage file keeps marks (every one of them then on a paper of no list), how many,
    and how to see and export them."""
    marks = _marks_kept(data_dir)
    if not marks:
        return _EMPTY_LIBRARY
    kept = f"{len(marks):,} triage mark{'s are' if len(marks) != 1 else ' is'}"
    return (
        f"{_EMPTY_LIBRARY}; {kept} kept detached, on papers of no list "
        "(tuireader search is:detached lists them, tuireader export --format json "
        "exports them)"
    )


def _marks_kept(data_dir: Any) -> list:
    """The marks the data folder's triage file keeps, each as a detached mark
    (``Store.detached``: no paper of any list), most recently changed first; none
    without a triage file, or with one that cannot be read."""
    from tuireader.system.paths import resolve
    from tuireader.triage.filters import open_existing
    from tuireader.triage.store import StoreError

    store = open_existing(resolve(data_dir).state_db)
    if store is None:
        return []
    try:
        return store.detached(())
    except StoreError:
        return []
    finally:
        store.close()


def _session_of_marks(args: argparse.Namespace, *, none_kept: bool = False):  # type: ignore[no-untyped-def]
    """A session of no lists, for a library that holds none, with the marks its triage
    file keeps as detached marks (each on a paper of no list), as ``search is:detached``
    and an export of the library give them when some lists remain; None when it keeps
    none (the library is empty, and said so), unless ``none_kept`` asks for the session
    all the same (``import`` keeps the marks it takes up detached)."""
    marks = _marks_kept(args.data_dir)
    if not marks and not none_kept:
        return None
    from tuireader.model import Library
    from tuireader.session import Session
    from tuireader.system.config import load_config
    from tuireader.system.paths import resolve
    from tuireader.triage.store import ReattachReport

    paths = resolve(args.data_dir)
    return Session(
        paths=paths,
        library=Library(),
        config=load_config(paths),
        triage=ReattachReport(detached=tuple(marks)),
    )


def _session_for_marks(args: argparse.Namespace, ids: Sequence[str], *, lazy: bool = False):  # type: ignore[no-untyped-def]
    """The session of the lists asked for, as :func:`_session` (``lazy``: its papers read
    from the cache as they are needed); with every list removed,
    a session of the marks kept (:func:`_session_of_marks`) when each of ``ids`` names
    one of them (its whole id, or a beginning of it, :func:`_detached_mark`), so that a command taking ids acts on a detached mark as it
    does while some lists remain. Else the library is said to be empty (exit 2), with
    how many marks are kept and how to list them."""
    try:
        return _session(args, lazy=lazy)
    except EmptyLibraryError:
        session = _session_of_marks(args)
        if session is None or not ids or any(_detached_mark(session, i) is None for i in ids):
            raise
        return session


_LIBRARY_UNREADABLE = (
    "none of the lists in your library can be read (tuireader lists shows them; "
    "tuireader add FILE|DIR adds one)"
)

#: what ``lists`` says of a library none of whose lists can be read, which it shows
_LIBRARY_NONE_READ = (
    "none of the lists in your library can be read (tuireader add FILE|DIR adds one)"
)

_EMPTY_LIBRARY = (
    "your library is empty: tuireader add FILE|DIR adds a paper list "
    "(tuireader add --seeds brings back the built-in examples)"
)


def _session(
    args: argparse.Namespace,
    *,
    report_shelf: bool = True,
    lazy: bool = False,
    every_warning: bool = False,
):
    """The session of the lists asked for; ``lazy``: papers read from the cache as they
    are needed (see ``load_session``).

    What went wrong is said on stderr. A list's warnings about what it holds (entries
    skipped, records merged) are said when it is added and when its file's contents are
    first read (they are new); with the contents unchanged they would be the same lines
    on every command, and only ``lists --warnings`` (``every_warning``) says them again. A list
    that cannot be read is always named.
    """
    from tuireader.session import load_session

    sources, notes = _shelf_sources_and_notes(args)
    if report_shelf:
        for note in notes:
            _err(note.message)
    session = load_session(
        sources,
        data_dir=args.data_dir,
        catalogs=args.catalog,
        lazy=lazy,
        late_note=_err,
    )
    # an empty library says everything: it may be all the user has to go on
    every_warning = every_warning or not len(session.library)
    args.input_failed = _named_input_failed(args, session.problems)
    args.problems = [*notes, *session.problems]
    for problem in session.problems:
        if every_warning or not problem.quiet:
            _err(str(problem))
    if not len(session.library) and session.problems:
        raise NoPapersError("no papers could be loaded" + _quote_hint(args), args.problems)
    if not getattr(args, "dry_run", False):
        _settle_unsaved(session)
    report = session.triage
    # the same moves, with the same lists, are said once: a paper two lists share has an
    # id read with both and another read from one, and its marks follow it back and
    # forth as the lists are read together or apart
    moved = report.moved if report else ()
    moves = [f"{move.old_id} {move.new_id}" for move in moved]
    if moves and (every_warning or session.first_time_said("moved", moves)):
        count = len(moves)
        _err(
            f"{count} triage mark{'s' if count != 1 else ''} followed {'their' if count != 1 else 'its'} paper to a new id:"
        )
        # each named: an old id kept in notes or scripts may name another paper now
        for move in moved[:_CANDIDATES_SHOWN]:
            paper = session.library.get(move.new_id)
            title = f"  {_title(paper)}" if paper is not None else ""
            _err(f"  {move.old_id} → {move.new_id}{title}")
        if count > _CANDIDATES_SHOWN:
            _err(f"  … and {count - _CANDIDATES_SHOWN} more")
    if (
        report is not None
        and report.detached
        and not _mentions_detached(getattr(args, "query", None) or "")
    ):
        # a query with is:detached (narrowed by words too) is about those marks, and says
        # them; as the reader's load warnings: the marks waiting for a list not read now
        # (read on purpose without it) are nothing to warn of
        lost = session.lost_marks(args.library_places)
        if lost and (
            every_warning or session.first_time_said("detached", (m.paper_id for m in lost))
        ):
            from dataclasses import replace

            _err(replace(report, detached=tuple(lost)).detached_message())
    return session


def _settle_unsaved(session: Any) -> None:
    """Make again the decisions a reader showed and could not save as it closed, where
    each paper is still as it was, and say them and the rest on stderr, as the next
    reader would (see ``tuireader.triage.unsaved``): the command answers with them. A
    triage file that cannot be written now leaves them for the next time."""
    from tuireader.triage import unsaved

    path = session.paths.state_db
    if not unsaved.pending(path) or not path.exists():
        return
    try:
        with session.open_store() as store:
            found = unsaved.settle(store, lambda pid: _title_of_id(session, pid))
    except Exception:  # noqa: BLE001 - kept for the next time; the command goes on
        return
    for title, text in found.said() if found is not None else ():
        _err(f"{title}: {text}")


def _title_of_id(session: Any, paper_id: str) -> str | None:
    paper = session.library.get(paper_id)
    return str(paper.title) if paper is not None and paper.title else None


def _named_input_failed(args: argparse.Namespace, problems: Sequence[Any]) -> bool:
    """Whether a file named on the command line (a list or a catalog) could not be read
    at all: the command goes on with the rest, and ends with the input error's code."""
    named = {
        os.path.abspath(os.path.expanduser(str(item)))
        for item in (
            *(getattr(args, "sources", None) or ()),
            *(getattr(args, "catalog", None) or ()),
        )
    }
    return any(
        problem.severity == "error" and os.path.abspath(problem.path) in named
        for problem in problems
    )


def _engine(session, args: argparse.Namespace, *, rebuild: bool = False, quick: bool = False):
    progress = _Progress(
        "indexing",
        "building the search index ({total:,} papers)…",
        "search index built ({total:,} papers, {seconds:.0f} s)",
    )
    engine = None
    try:
        engine = session.engine(progress=progress, note=_err, rebuild=rebuild, quick=quick)
    finally:
        # a build that could not be written (a full disk) built nothing: its problem
        # says so, and what to do
        progress.close(done=engine is not None and engine.indexed)
    for message in engine.messages:
        _err(message)
    return engine


def _say_result(result, engine) -> None:
    """A search's message on stderr, less the engine's own problem (no index, say), which
    was said once as the engine opened."""
    message = result.message
    if message and engine.problem:
        message = message.replace(engine.problem, "").strip("; ")
    if message:
        _err(message)


def _triage_store(session, *, say: bool = True, args: argparse.Namespace | None = None):
    """The triage store if its file exists (a search never creates one); problems to stderr
    (unless not ``say``), and kept as ``args.triage_problems`` for a JSON answer to name
    (:func:`_failed_json`): a damaged triage file is shown as what can be read of it, and
    a script told nothing took ``"state": "new"`` for the user's decisions."""
    if not session.paths.state_db.exists() and not session.paths.state_db.is_symlink():
        return None  # (the store's module is not even imported)
    from tuireader.model import Problem
    from tuireader.triage.filters import unreachable_link

    path = session.paths.state_db
    # as ``filters.open_existing``: a link to a file not there is a problem said; and a
    # file found locked is waited for once a command (``Session.open_triage``)
    store = session.open_triage() if path.exists() or unreachable_link(path) else None
    if store is not None and store.problem and say:
        _err(store.problem)
    if store is not None and store.problem and args is not None:
        args.triage_problems = [Problem(session.paths.state_db, store.problem, "warning")]
    return store


def _typed_resolver(store, query: str):  # type: ignore[no-untyped-def]
    """:func:`_resolver`, with a ``tag:`` being typed at the end of ``query`` (``search
    --prefix``) a prefix of the tags in use, as the reader takes it (``tag:rob`` finds
    the papers tagged "robots" as ``rob`` finds "robot")."""
    resolve = _resolver(store)
    if store is None or "tag:" not in query.casefold():
        return resolve
    from tuireader.triage.filters import typed_tag_resolver

    return typed_tag_resolver(resolve, query, _known_tags(store))


def _known_tags(store) -> list[str]:  # type: ignore[no-untyped-def]
    """The tags in use in ``store``, most used first (none without a triage file)."""
    return [tag for tag, _count in store.all_tags()] if store is not None else []


def _resolver(store):
    """The triage filters' resolver over ``store``, its module imported when a query
    first has a filter to resolve."""
    resolver = None

    def resolve(name: str, value: str) -> set[str] | None:
        nonlocal resolver
        if resolver is None:
            from tuireader.triage.filters import filter_resolver

            resolver = filter_resolver(store)
        return resolver(name, value)

    return resolve


def _unknown_tags(query: str, store, typing: bool = False) -> str | None:  # type: ignore[no-untyped-def]
    """What to say of the query's ``tag:`` filters that name no tag in use (see
    ``filters.unknown_tags``; with ``typing``, a tag being typed that begins one in use
    names it); the triage module is imported for such a query only."""
    if "tag:" not in query.casefold():
        return None
    from tuireader.triage.filters import unknown_tags

    return unknown_tags(query, _known_tags(store), typing=typing)


def _check_filters(query: str, *, prefix: bool = False) -> None:
    """A query whose ``is:`` or ``has:`` names a value that filter does not take is a
    usage error, said with the values it takes (``is:kep``, ``has:cod``), as a mistyped
    command is: not a query that found nothing. So is one with a value a field, filter
    or ``sort:`` cannot take (``is:``, ``tag:""``, ``year:abc``, ``sort:best``), which
    the query would be read without: ``year:abc`` alone is every paper, and an export of
    it the whole library. With ``prefix`` (``search --prefix``) a value still being
    typed at the query's end (``is:``, ``year:20``) is none of these, as in the reader."""
    from tuireader.search import query as ql

    parsed = ql.parse(query, prefix=prefix)
    said = [*parsed.refused, *ql.unknown_filters(parsed.root)]
    if said:
        raise UsageError("; ".join(said))


def _write_output(
    text: str,
    output: str | None,
    *,
    count: int,
    what: str,
    is_json: bool = False,
    said: str | None = None,
) -> str | None:
    """``text`` to stdout (no ``-o``, or ``-o -``), else to the file ``output``; ``said``:
    what was written, in words, where the count of ``what`` does not say it. Gives what
    it said on stderr of the file written (None: written to stdout).

    Through :func:`tuireader.triage.export.write_export`: a regular file (or the one a
    symlink points at) is replaced atomically, a new one made with the mode the umask
    gives (a file to share); FIFOs and devices are written in place. A failure leaves no
    temporary file.
    """
    from tuireader.render.safetext import valid

    if output is None or output == "-":
        _file_to_stdout(valid(text), is_json=is_json)
        return None
    from pathlib import Path

    from tuireader.triage.export import write_export

    target = Path(output).expanduser()
    if target.is_dir():
        raise UsageError(f"{target} is a folder; give a file name after -o")
    replaced = target.is_file() and target.stat().st_size > 0
    try:
        write_export(text, target.absolute())
    except OSError as exc:
        import errno

        if exc.errno == errno.ENOENT and os.path.lexists(target):
            # the file is there: "No such file or directory" was of the new file put in
            # its place (a file of /proc, whose folder makes none)
            raise UsageError(
                f"cannot write {target}: it is there, but cannot be written or replaced "
                f"there ({target.absolute().parent} takes no new file)"
            ) from None
        raise UsageError(f"cannot write {target}: {exc.strerror or exc}") from None
    except Exception as exc:  # noqa: BLE001 - one line, never a traceback
        raise UsageError(f"cannot write {target}: {type(exc).__name__}: {exc}") from None
    noun = what if count == 1 else what + "s"
    message = f"wrote {said or f'{count:,} {noun}'} to {target}" + (
        " (it replaces what the file held)" if replaced else ""
    )
    _err(message)
    return message


def _file_to_stdout(text: str, *, is_json: bool = False) -> None:
    """A file's text (an export, a bibliography) to stdout.

    On a stdout that is not UTF-8, JSON spells what is past ASCII as escapes, and the
    other formats going to a file or pipe (``> refs.bib``) are the UTF-8 ``-o`` writes,
    not the locale's text with escapes in place of letters it lacks (read back, they
    would be a different title); only a terminal gets those escapes, to show them.
    """
    if is_json:
        sys.stdout.write(_json_for_stdout(text))
    elif _stdout_is_utf8() or _is_terminal(sys.stdout) or not hasattr(sys.stdout, "buffer"):
        sys.stdout.write(text)
    else:
        sys.stdout.flush()
        sys.stdout.buffer.write(text.encode("utf-8"))


def _own_file(output: str, session: Any, args: argparse.Namespace) -> str | None:
    """What the file ``output`` names is to tuireader, when it is a file it keeps or
    reads: the triage file (or its write-ahead log), the library, the settings, a list
    or a catalog being read (None: none of these). The same file under another name (a
    link) counts."""
    from pathlib import Path

    from tuireader.system.shelf import FILE_NAME
    from tuireader.triage.store import BESIDE

    target = Path(output).expanduser()
    paths = session.paths
    own: list[tuple[Path, str]] = [
        (paths.state_db, "the triage file, your marks, tags and notes"),
        *(
            (paths.state_db.with_name(paths.state_db.name + end), "part of the triage file")
            for end in BESIDE
        ),
        (paths.root / FILE_NAME, "your library's list of lists"),
        (paths.config_file, "the settings file"),
        *((paper_list.path, "a list being read") for paper_list in session.library.lists),
        *(
            (Path(catalog).expanduser(), "a catalog being read")
            for catalog in [*(args.catalog or ()), *session.config.catalogs]
        ),
    ]
    try:
        where = os.path.realpath(target)
    except (OSError, ValueError):  # no name a file can have: it is none of these
        return None
    for path, what in own:
        try:
            # the data folder's own names count before they exist: a triage file, library
            # or settings file written there would be taken for a damaged one
            if where == os.path.realpath(path) or os.path.samefile(target, path):
                return what
        except (OSError, ValueError):  # not there (or no name a file can have)
            continue
    return None


# -- commands ----------------------------------------------------------------------------


def _check_limit(args: argparse.Namespace) -> None:
    """Refuse a --limit below 1 before any list is read: it asks for nothing to be shown."""
    if args.limit is not None and args.limit < 1:
        raise UsageError("--limit must be at least 1")


def cmd_search(args: argparse.Namespace) -> int:
    _check_limit(args)
    _check_filters(args.query, prefix=args.prefix)
    detached = _is_detached_query(args.query) or _asks_detached(args.query)
    try:
        # a search reads only the papers it shows from the cache, and opens an index
        # found current before as it is: at 100,000 papers, a fraction of a second
        session = _session(args, lazy=True)
    except EmptyLibraryError:
        # every list removed: the marks kept are all detached, and listed as such
        session = _session_of_marks(args) if detached else None
        if session is None:
            raise
    if detached:
        return _print_detached(session, args)
    if _mentions_detached(args.query):
        _err(DETACHED_APART)
    engine = _engine(session, args, quick=True)
    store = _triage_store(session, args=args)
    sort = args.sort or _query_sort(args.query)
    try:
        # the fit order needs every hit first, then the first --limit of them; list
        # order is the index's to give, reading only the papers it shows
        whole = sort == "fit"
        result = engine.search(
            args.query,
            limit=None if whole else args.limit,
            order="list" if sort == "list" else None,
            prefix=args.prefix,
            resolve=_typed_resolver(store, args.query) if args.prefix else _resolver(store),
        )
        hits, model, given = _ordered_hits(session, store, list(result.hits), sort)
        given = _order_given(result, given)
        hits = hits[: args.limit] if args.limit is not None else hits
        untagged = _unknown_tags(args.query, store, typing=args.prefix)
        elsewhere = None if hits else _detached_in_state(session, args.query)
        mark = None if hits else _detached_searched(session, args.query)
        if mark is not None:  # the id of a detached mark: said as show says it
            elsewhere = _detached_said(session, args.query.strip(), mark)
        if args.json:
            from tuireader.triage.filters import triage_of

            triage = triage_of(store, [hit.paper.id for hit in hits])
        no_fit = _no_fit(store, given) if sort == "fit" and given != sort else None
    finally:
        if store is not None:
            store.close()
    if no_fit:
        _err(no_fit)
    wordless = _wordless(args, given)
    if wordless and not args.json:
        _err(wordless)
    undecoded = _not_utf8(args.query, say=not args.json)
    if args.json:
        notes = [result.message] if result.message else []
        notes += [wordless] if wordless else []
        notes += [undecoded] if undecoded else []
        notes += [untagged] if untagged else []
        notes += [no_fit] if no_fit else []
        notes += [elsewhere] if elsewhere else []
        if not hits and not result.said_why and not untagged:
            notes.insert(0, _no_match(result, args.query))  # as stderr says it without --json
        _print_json(
            {
                "query": result.query,
                "total": result.total,
                "exact": result.exact,
                "suggestion": result.suggestion,
                "message": "; ".join(notes) or None,
                "sort": given,
                "hits": [_hit_json(h, model, triage[h.paper.id], session) for h in hits],
            }
            # nothing found: a failure, said on stderr too, as every --json failure is
            | ({} if hits else {"error": "not found"})
            | ({"detached": [_detached_json(mark)]} if mark is not None else {})
            | _failed_json(args)
        )
        if not hits:
            for note in notes:
                _err(note)
    else:
        _say_result(result, engine)
        if untagged:
            _err(untagged)
        for hit in hits:
            print(_hit_line(hit.paper))
        shown = len(hits)
        if not hits and not result.said_why and not untagged:
            _say_no_match(result, args.query)  # with its "did you mean", as cite says it
        elif result.suggestion:
            _err(f"did you mean: {_short(result.suggestion)}")
        if hits and shown < result.total:
            _err(f"showing {shown:,} of {result.total:,} papers (use --limit)")
        if elsewhere:
            _err(elsewhere)
    return EXIT_OK if hits else EXIT_NOTHING_FOUND


def _not_utf8(query: str, *, say: bool = True, what: str = "query") -> str | None:
    """That ``query`` held bytes that are not UTF-8 (``search $'caf\\xe9'``, ``cite
    $'car\\xff'``, ``copy $'robot\\xfe'``), naming them: such a word matches no paper
    as typed. Said on stderr unless ``say`` is false (``search --json`` gives it in its
    ``message``), and given back; ``what``: "id" for a paper id given (``cite ID``)."""
    undecoded = [char for char in query if "\udc80" <= char <= "\udcff"]
    if not undecoded:
        return None
    shown = "".join(f"\\x{ord(char) - 0xDC00:02x}" for char in dict.fromkeys(undecoded))
    matches = "no paper's id holds" if what == "id" else "no word of a paper matches"
    said = (
        f"the {what} held bytes that are not UTF-8 ({shown}), which {matches}: "
        "type it in UTF-8 (is the terminal's or script's encoding another?)"
    )
    if say:
        _err(said)
    return said


def _hit_line(paper) -> str:  # type: ignore[no-untyped-def]
    """A paper as ``search`` and ``similar`` list it: its id, its title, the lists that
    hold it and whether it has code, on one line."""
    marks = " [code]" if paper.has_code else ""
    return _line(f"{paper.id}  {_title(paper)}  ({', '.join(paper.lists)}){marks}")


def _query_sort(query: str) -> str:
    from tuireader.search.query import parse

    return parse(query).sort or "relevance"


def _order_given(result, given: str) -> str:  # type: ignore[no-untyped-def]
    """The order the hits of ``result`` are in, of ``given`` by :func:`_ordered_hits`:
    ``list`` for relevance where the search gave them in list order (a query of filters
    only ranks none of its hits), as the reader says it."""
    return "list" if given == "relevance" and result.listed else given


def _wordless(args: argparse.Namespace, given: str) -> str | None:
    """What is said when relevance was asked for (``--sort relevance``,
    ``sort:relevance``) of a query without words, whose hits are in list order (``given``),
    as the reader's label says it: ``order: list (relevance needs words)``."""
    from tuireader.search.query import parse
    from tuireader.search.ranking import LISTED_WITHOUT_WORDS, ranks_text

    asked = args.sort or parse(args.query).sort
    if asked != "relevance" or given != "list" or ranks_text(args.query, prefix=args.prefix):
        return None
    return f"order: {LISTED_WITHOUT_WORDS}"


#: why ``sort:fit`` gave another order instead (relevance, list order for a query of
#: filters only): what the decisions lack
NO_FIT = (
    "sort:fit learns once there is a kept or read paper and two other decisions; it needs"
    " {wanted} (tuireader triage ID --state keep|read|maybe|skip); showing {order} order"
)
#: why ``sort:fit`` gave another order with decisions enough: no words to learn from
NO_FIT_WORDS = "sort:fit found no words to learn from in these papers; showing {order} order"


def _no_fit(store, order: str = "relevance") -> str:  # type: ignore[no-untyped-def]
    """Why ``sort:fit`` gave ``order`` instead: what the decisions of the triage file
    open as ``store`` (None: there is none) lack (a keep was asked for when only two
    more decisions were wanted)."""
    from tuireader.learn import decisions_from, decisions_wanted

    wanted = decisions_wanted(decisions_from(store) if store is not None else {})
    return NO_FIT.format(wanted=wanted, order=order) if wanted else NO_FIT_WORDS.format(order=order)


#: papers from which the first fit over a set of lists says, at a terminal, that it reads
#: them (a quarter of a second a thousand papers, once: the vectors are kept)
BUILDING_NOTE_PAPERS = 10_000


def _building_vectors(count: int) -> None:
    if count >= BUILDING_NOTE_PAPERS and sys.stderr.isatty():
        _err(f"learning from your decisions: reading {count:,} papers once for these lists…")


def _ordered_hits(session, store, hits: list, sort: str) -> tuple[list, Any, str]:
    """``hits`` in the ``sort`` order, the fitted model (None unless ``fit``), and the
    order given: ``relevance`` when there is no model to fit with (see :data:`NO_FIT`)."""
    if sort == "list":
        return sorted(hits, key=lambda hit: hit.paper.order), None, sort
    if sort != "fit":
        return hits, None, sort
    from tuireader.learn import fit_store, space_for

    model = None
    if store is not None:
        papers = session.library.papers
        space = space_for(papers, session.paths.cache_dir, building=_building_vectors)
        model = fit_store(store, papers, space=space)
    if model is None:
        return hits, None, "relevance"
    by_id = {hit.paper.id: hit for hit in hits}
    ordered = [by_id[paper.id] for paper in model.order([hit.paper for hit in hits])]
    return ordered, model, sort


def _hit_json(hit, model, triage, session) -> dict[str, Any]:
    data = _paper_json(hit.paper, score=hit.score, triage=triage, session=session)
    return data | (_fit_json(model, hit.paper) if model is not None else {})


def _fit_json(model, paper) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    """How the fitted ``model`` ranks ``paper``: its ``fit`` score and ``why``."""
    return {
        "fit": round(model.scores([paper])[paper.id], 4),
        "why": model.why(paper).to_json(),
    }


def _show_fit_json(session, paper, triage) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    """``show --json``'s ``fit`` and ``why`` of an undecided paper, as ``search --sort
    fit --json`` gives its hits and the reader's viewer its why line: from the model of
    the decisions of the triage file; nothing for a decided paper (why it would rank
    where it does explains nothing any more), or with too few decisions to learn from."""
    if triage.state != "new":
        return {}
    store = _triage_store(session, say=False)
    if store is None:
        return {}
    try:
        known, model = _kept_fit(session, store)
        if not known:
            model = _fit_of_every_paper(session, store)
    finally:
        store.close()
    return _fit_json(model, paper) if model is not None else {}


def _kept_fit(session, store) -> tuple[bool, Any]:  # type: ignore[no-untyped-def]
    """The model of the triage file's decisions (None: too few of them), from the vectors
    kept for a library read from the cache (``lookup.kept_vectors``), reading only the
    decided papers; ``(False, None)`` when they are not kept."""
    from tuireader.ingest.lookup import kept_vectors

    kept = kept_vectors(session.library, session.entry, session.token)
    if kept is None:
        return False, None
    from tuireader.learn import fit_store_kept, kept_space, made_by

    made, digest = kept
    ids = session.library.paper_ids()
    if made != made_by() or len(set(ids)) != len(ids):
        return False, None
    space = kept_space(session.paths.cache_dir, digest, ids)
    if space is None:
        return False, None

    def paper_of(paper_id: str):  # type: ignore[no-untyped-def]
        found = session.library.get(paper_id)
        if found is None:  # (its entry fell back to lists that no longer hold it)
            raise LookupError(paper_id)
        return found

    try:
        return True, fit_store_kept(store, ids, paper_of, space)
    except LookupError:
        return False, None


def _fit_of_every_paper(session, store):  # type: ignore[no-untyped-def]
    """The model of the triage file's decisions, as ``search --sort fit`` fits it from
    every paper of the library; what names its vectors kept beside a library read from
    the cache, for the next (:func:`_kept_fit`)."""
    from tuireader.ingest.lookup import keep_vectors
    from tuireader.learn import fit_store, made_by, space_digest, space_for

    papers = session.library.papers
    digest = space_digest(papers)
    space = space_for(papers, session.paths.cache_dir, building=_building_vectors, digest=digest)
    keep_vectors(session.library, session.entry, session.token, made_by(), digest)
    return fit_store(store, papers, space=space)


def _detached_in_state(session, query: str) -> str | None:
    """For a query that is one ``is:STATE`` (``is:kept``) and found no paper: how many
    marks of that state are on papers of none of the lists read, and where they are
    listed. Without it, "no papers match 'is:kept'" read as marks lost, when those of a
    removed list were only kept aside. None when there are none."""
    from tuireader.search.query import IS_STATES, IS_WORDS

    words = query.split()
    if len(words) != 1 or not words[0].lower().startswith("is:"):
        return None
    state = words[0][3:].lower()
    state = IS_WORDS.get(state, state)
    report = session.triage
    if state not in IS_STATES or report is None:
        return None
    count = sum(1 for mark in report.detached if mark.state == state)
    if not count:
        return None
    word = "skipped" if state == "skip" else state
    return (
        f"{count} {word} paper{' is' if count == 1 else 's are'} in no list read: "
        f"tuireader search is:detached lists {'it' if count == 1 else 'them'}"
    )


def _is_detached_query(query: str) -> bool:
    return query.split() == ["is:detached"]


def _asks_detached(query: str) -> bool:
    """Whether ``query`` asks for the detached marks, narrowed by its other words
    (``is:detached tag:robots``: ``query.asks_detached``)."""
    if "detached" not in query.casefold():
        return False
    from tuireader.search.query import asks_detached, parse

    return asks_detached(parse(query).root)


def _mentions_detached(query: str) -> bool:
    if "detached" not in query.casefold():
        return False
    from tuireader.search.query import mentions_detached, parse

    return mentions_detached(parse(query).root)


#: said of an ``is:detached`` in an OR or after a ``-``: a query of the lists' papers
DETACHED_APART = (
    "is:detached in an OR or after - matches no paper of the lists (none is detached); "
    "is:detached with other words and filters narrows the detached marks"
)


def _print_detached(session, args: argparse.Namespace) -> int:
    """Triage marks whose paper is in none of the lists, with the title kept for each;
    those the query's other words and filters find, when it has any."""
    from tuireader.triage.store import tag_shown

    report = session.triage
    marks = list(report.detached) if report is not None else []
    said: list[str] = []
    narrowed = bool(marks) and not _is_detached_query(args.query)
    if narrowed:
        marks, said = _marks_matching(session, args, marks)
    # how many there are, as a search says it of its hits: the first --limit are shown
    total = len(marks)
    if args.limit is not None:
        marks = marks[: args.limit]
    if args.json:
        if not marks:  # nothing found: a failure, said on stderr too
            said.append(
                f"no detached marks match {_said_query(args.query)}"
                if narrowed
                else "no detached triage: every mark is on a paper of the lists"
            )
            for text in said:
                _err(text)
        _print_json(
            {
                "query": args.query,
                "total": total,
                "message": "; ".join(said) or None,
                "detached": [_detached_json(mark) for mark in marks],
            }
            | ({} if marks else {"error": "not found"})
        )
    else:
        for text in said:
            _err(text)
        for mark in marks:
            tags = f" #{' #'.join(map(tag_shown, mark.tags))}" if mark.tags else ""
            title = _cut_long(mark.title, LISTED_TITLE) or "(no title was kept with this mark)"
            print(_line(f"{mark.paper_id}  [{mark.state}{tags}]  {title}{_was(mark)}"))
        if not marks and narrowed:
            _err(f"no detached marks match {_said_query(args.query)}")
        elif not marks:
            _err("no detached triage: every mark is on a paper of the lists")
        elif len(marks) < total:
            _err(f"showing {len(marks):,} of {total:,} detached marks (use --limit)")
    return EXIT_OK if marks else EXIT_NOTHING_FOUND


def _marks_matching(session, args: argparse.Namespace, marks: list) -> tuple[list, list[str]]:
    """The detached ``marks`` the query's words and filters find, as they find papers:
    each searched as the paper the triage file keeps (its title, first author, year,
    abstract and identifiers, ``export.detached_papers``) with its state, tags and note;
    and what to say of the query (its problems, a tag no mark has, the words that name
    what the triage file does not keep: ``venue:``, ``has:code``)."""
    from tuireader.model import Library
    from tuireader.search import query as ql
    from tuireader.search.engine import Engine
    from tuireader.triage.export import detached_papers

    ids = {mark.paper_id for mark in marks}
    store = _triage_store(session, say=False)
    try:
        identities = store.identities(ids) if store is not None else {}
        papers = tuple(paper for paper, _ in detached_papers(marks, identities))
        prefix = getattr(args, "prefix", False)  # export's --query has no --prefix
        given = _typed_resolver(store, args.query) if prefix else _resolver(store)

        def resolve(name: str, value: str) -> set[str] | None:
            return set(ids) if (name, value) == ("is", ql.IS_DETACHED) else given(name, value)

        result = Engine(Library(papers=papers), None).search(
            args.query, limit=None, prefix=prefix, resolve=resolve
        )
        untagged = _unknown_tags(args.query, store, typing=prefix)
    finally:
        if store is not None:
            store.close()
    said = [text for text in (result.message, untagged) if text]
    beyond = ql.beyond_detached(ql.parse(args.query).root)
    if beyond:
        said.append(
            f"{', '.join(beyond)} cannot narrow detached marks: the triage file keeps of "
            "their papers the title, first author, year, abstract and identifiers"
        )
    found = {hit.paper.id for hit in result.hits}
    return [mark for mark in marks if mark.paper_id in found], said


def _detached_json(mark) -> dict[str, Any]:
    """A detached mark as ``search is:detached --json`` and ``show --json`` give it:
    ``was`` holds the ids its paper had, the ones a user knew it by, when the mark is
    kept under an id made for it (its paper's id went to another paper)."""
    return {
        "id": mark.paper_id,
        "title": mark.title,
        "state": mark.state,
        "tags": list(mark.tags),
        "note": mark.note,
        "was": list(mark.was),
    }


def _was(mark) -> str:
    """After a detached mark's title: the id its paper had, when it is kept under
    another (``d…``, an id the user never saw)."""
    return f"  (was {', '.join(mark.was)})" if mark.was else ""


#: what may surround an id copied from a screen: "[ig7stkgo]", "(ig7stkgo)", "#ig7stkgo,"
_ID_TRIM = "[](){}<>#'\"`.,;:"


def _id_text(text: str) -> str:
    """An id as the user typed or pasted it, made comparable: trimmed, lower case."""
    return text.strip().strip(_ID_TRIM).strip().lower()


def _papers_by_id(session, text: str, *, yearless: bool = True) -> list:
    """The papers ``text`` names: the paper with that id or alias (the id it has when
    other lists are read, see ``Paper.aliases``) or the papers an id it had before its
    list changed went to (``Session.moved_ids``), else every paper whose id starts with
    it (ids are shown in full by search, show and the reader; any unique beginning of
    one will do), else every paper with an alias or earlier id that does. A paper's
    own identifier (a DOI, an arXiv id, a link to its page: ``identity.papers_named``)
    names it too, and so does a key its list gives it (a BibTeX key, a CSL
    ``citation-key``: :func:`_papers_keyed`), before any beginning of an id; an
    OpenReview id alone when nothing else fits; then (``yearless``) the key of a paper
    without a year (:func:`_papers_keyed_yearless`)."""
    wanted = _id_text(text)
    if not wanted:
        return []
    library = session.library
    named = library.named(wanted)
    if named:
        return list(named)
    moved = session.moved_ids()
    papers = (library.get(paper_id) for paper_id in moved.get(wanted, ()))
    found = [p for p in papers if p is not None]
    if found:
        return found
    from tuireader.ingest.identity import papers_named  # (reads no list: imported when needed)

    by_keys = _by_keys(session)
    identified = papers_named(by_keys, text)
    if identified:
        return list(identified)
    keyed = _papers_keyed(by_keys, text)
    if keyed:
        return list(keyed)
    # the ids alone are scanned (a library read from the cache reads only those found)
    begun = (
        library.get(paper_id) for paper_id in library.paper_ids() if paper_id.startswith(wanted)
    )
    found = [p for p in begun if p is not None]
    if found:
        return found
    owners = [
        paper_id
        for alias, paper_ids in (*library.aliases().items(), *moved.items())
        if alias.startswith(wanted)
        for paper_id in paper_ids
    ]
    papers = (library.get(paper_id) for paper_id in dict.fromkeys(owners))
    found = sorted((p for p in papers if p is not None), key=lambda p: p.order)
    found = found or list(papers_named(by_keys, text.strip(), bare=True))
    if found or not yearless:
        return found
    return list(_papers_keyed_yearless(by_keys, text))


def _by_keys(session):  # type: ignore[no-untyped-def]
    """The session's library as its papers are found by their keys (a DOI, a list's
    key): by those kept beside a library read from the cache, not by reading it whole
    (``lookup.keyed``); the view is made once a command."""
    view = getattr(session, "_by_keys", None)
    if view is None:
        from tuireader.ingest.lookup import keyed

        view = keyed(session.library, session.entry, session.token)
        session._by_keys = view
    return view


def _papers_keyed(library, text: str) -> tuple:  # type: ignore[no-untyped-def]
    """The papers whose list gives them the key ``text`` (a BibTeX or BibLaTeX entry
    key, a CSL ``citation-key`` or ``id``, a RIS ``ID``: ``identity.papers_keyed``), as
    typed, else without what may surround one copied ("[smith2020]", "smith2020,");
    else the papers ``cite`` gives that key (``citations.papers_cited_as``)."""
    from tuireader.ingest.identity import papers_keyed

    found = papers_keyed(library, text)
    trimmed = text.strip().strip(_ID_TRIM).strip()
    if not found and trimmed != text.strip():
        found = papers_keyed(library, trimmed)
    if not found:
        # a PMLR key without its volume, the name of the paper's page in the proceedings
        from tuireader.ingest.lookup import papers_of_pmlr_key

        found = papers_of_pmlr_key(library, trimmed)
    if not found and any(char.isdigit() for char in trimmed):
        # the key ``cite`` gave it (``balazs2007calculation``, ``pmlr-v235-bamas24a``):
        # every paper's key is worked out, so only for a word with a year or a volume
        from tuireader.ingest.lookup import papers_cited

        found = papers_cited(library, trimmed)
    if not found and any(char.isdigit() for char in trimmed):
        # a key an earlier release gave it (``zhangwei2023sparse`` of "张伟", now
        # ``zhang2023sparse``), which a bibliography written then holds
        from tuireader.ingest.lookup import papers_formerly_cited

        found = papers_formerly_cited(library, trimmed)
    return found


def _papers_keyed_yearless(library, text: str) -> tuple:  # type: ignore[no-untyped-def]
    """The papers without a year whose key ``text`` is: the one ``cite`` gives it
    (``lovelacemorphology``), else one an earlier release gave it (``tailangmorphology``
    of "山田 太郎", now ``shantianmorphology``). Every paper's key may be worked out for
    it, and a word without a year may be any word: looked up only once nothing else
    found ``text`` (an id, its beginning, a key with a year, words a search matches)."""
    from tuireader.ingest.lookup import papers_cited, papers_formerly_cited
    from tuireader.render.citations import shaped_as_yearless_key

    trimmed = text.strip().strip(_ID_TRIM).strip()
    if not shaped_as_yearless_key(trimmed):
        return ()
    return papers_cited(library, trimmed, yearless=True) or papers_formerly_cited(
        library, trimmed, yearless=True
    )


def _former(session, paper) -> tuple[str, ...]:
    """The ids besides its own that find ``paper``: its aliases, then the ids it had
    before its list changed (``Session.former_ids``)."""
    return (*paper.aliases, *session.former_ids(paper.id))


def _say_alias(session, text: str, paper) -> None:
    """When ``text`` found ``paper`` by an alias or an id it had before its list changed,
    say the paper's id now (once: each command looks each id up once)."""
    wanted = _id_text(text)
    if not wanted or paper.id.startswith(wanted):
        return
    alias = next((a for a in _former(session, paper) if a.startswith(wanted)), None)
    if alias is not None:  # (else the paper's own identifier found it)
        _err(f"{alias} is now {paper.id}")
        return
    from tuireader.render.citations import formerly_cited_as

    old_key = formerly_cited_as(paper, text.strip().strip(_ID_TRIM).strip())
    if old_key is not None:  # a key an earlier release gave it
        from tuireader.ingest.lookup import cite_keys, citing
        from tuireader.render import citations

        # its key as cite gives it: kept beside a library read from the cache
        now = cite_keys(session.library, session.entry, session.token, [paper])
        if now is None:
            now = citations.cite_keys([paper], citing(session.library))
        _err(f"{old_key} is now {now[paper.id]}")


def _keys_asked(session, papers: Sequence, named: Sequence[tuple[Any, str]]) -> dict[str, str]:
    """The citation key of each of ``papers`` (found by the texts ``named`` gives, each
    with its paper): the one of its keys that first named it (``citations.key_asked``:
    ``sahaRarePathGuided2023a``, the key of a second entry merged into it), else its key
    in the library, as ``cite`` gives it (kept beside a library read from the cache).

    A paper named again by another of its keys is cited once, by the first, and that is
    said: ``\\cite{a,b}`` of one paper would list it twice in the bibliography."""
    from tuireader.ingest.lookup import cite_keys, citing
    from tuireader.render import citations

    known = cite_keys(session.library, session.entry, session.token, papers)
    own = dict(known if known is not None else citations.cite_keys(papers, citing(session.library)))
    keys = dict(own)
    asked: dict[str, list[tuple[str, str]]] = {}  # each paper's texts, with the key each asks
    for paper, text in named:
        wanted = text.strip().strip(_ID_TRIM).strip()
        key = citations.key_asked(paper, text) or citations.key_asked(paper, wanted)
        asked.setdefault(paper.id, []).append((text, key or own[paper.id]))
    for paper_id, texts in asked.items():
        keys[paper_id] = first = texts[0][1]
        if len({key for _text, key in texts}) > 1:
            *before, last = (_quoted(text) for text in dict.fromkeys(t for t, _ in texts))
            said = f"{', '.join(before)} and {last}"
            _err(f"{said} name one paper ({paper_id}): cited once, as {first}")
    return keys


def _all_moves(session) -> list:  # type: ignore[no-untyped-def]
    """Every move of marks the triage file records, oldest first (read once a command;
    none without a triage file, or when it cannot be read)."""
    moves = getattr(session, "_moves_read", None)
    if moves is None:
        moves = []
        if session.paths.state_db.exists():
            with contextlib.suppress(Exception), session.open_triage() as store:
                moves = store.moves()
        session._moves_read = moves
    return moves


def _reused_id(session, text: str, paper, *, detached: bool = True) -> str | None:  # type: ignore[no-untyped-def]
    """When the id ``text`` gives (in full, or its beginning) for ``paper`` is one marks
    once left for another paper (a re-scrape gave the id to a new paper), what to say:
    which paper the id is now and where the paper marked under it went. None when no
    mark left that id, or its marks are this paper's. Not ``detached``: marks kept
    detached since are left out (``show`` says them, :func:`_say_set_aside`)."""
    wanted = _id_text(text)
    if not wanted:
        return None
    if paper.id.startswith(wanted):
        held = paper.id
    else:
        held = next((a for a in paper.aliases if a.startswith(wanted)), "")
    moves = _all_moves(session) if held else []
    if not moves:
        return None
    from tuireader.triage.store import moved_from

    library = session.library
    own = {paper.id, *paper.aliases}
    went: list[str] = []
    kept: set[str] | None = None
    for new_id in moved_from(held, moves):
        if new_id in own:
            continue
        others = [p for p in library.named(new_id) if p.id != paper.id]
        if others:
            went += [f"'{_title(other)}', is {other.id}" for other in others]
            continue
        if kept is None:
            kept = {mark.paper_id for mark in _kept_marks(session)} if detached else set()
        if new_id in kept:
            mark = next(m for m in _kept_marks(session) if m.paper_id == new_id)
            title = f"'{_line(mark.title)}', " if mark.title else ""
            went.append(
                f"{title}is marked in your library as {new_id} (its list is not read now)"
                if new_id in _marked_in_library(session)
                else f"{title}is kept as the detached mark {new_id} (its paper is in none "
                "of the lists)"
            )
    if not went:
        return None
    return (
        f"{held} is now '{_title(paper)}'; the paper you marked under that id, "
        + "; and another, ".join(went)
    )


def _kept_marks(session) -> list:  # type: ignore[no-untyped-def]
    """The detached marks the session knows (none without a triage file)."""
    report = session.triage
    return list(report.detached) if report is not None else []


_CANDIDATES_SHOWN = 10


def _report_candidates(header: str, papers: Sequence) -> None:
    """Several papers fit: name them on stderr, so the user can pick one by id. A
    ``--json`` answer (:func:`_hearing`) gives ``header`` in its message and every one
    of ``papers`` in its ``candidates``, not their lines."""
    _err(header, heard=False)
    for hearing in _HEARD:
        hearing.said.append(header.removesuffix(":"))
        listed = {paper.id for paper in hearing.candidates}
        hearing.candidates += [paper for paper in papers if paper.id not in listed]
    for paper in papers[:_CANDIDATES_SHOWN]:
        _err(f"  {paper.id}  {_title(paper)}  ({', '.join(paper.lists)})", heard=False)
    if len(papers) > _CANDIDATES_SHOWN:
        _err(f"  … and {len(papers) - _CANDIDATES_SHOWN} more", heard=False)


def _ambiguous_id(session, text: str, papers: Sequence) -> None:
    _report_candidates(_ambiguous_header(session, text, papers), papers)


def _ambiguous_header(session, text: str, papers: Sequence) -> str:
    """Why ``text`` names each of ``papers``, ending in what to give instead (``…:``)."""
    wanted = _id_text(text)
    count = len(papers)
    if any(p.id == wanted or wanted in p.aliases for p in papers):
        header = (
            f"id {text!r} was the id of {count} different papers with other lists; "
            "give one of their ids now:"
        )
    elif wanted in session.moved_ids():
        header = (
            f"id {text!r} was the id of {count} different papers before their lists "
            "changed; give one of their ids now:"
        )
    elif _by_key(session, text, papers):
        header = (
            f"{count} papers have the key {text.strip()!r} in their lists; give one of their ids:"
        )
    elif any(p.id.startswith(wanted) for p in papers):
        header = f"id {text!r} is the beginning of {count} papers' ids; give more of it:"
    elif named := _named_key(text):  # a DOI, an arXiv id, a link: several papers have it
        header = f"{count} papers have the {named}; give one of their ids:"
    else:
        header = (
            f"id {text!r} is the beginning of {count} papers' earlier ids; "
            "give one of their ids now:"
        )
    return header


def _by_key(session, text: str, papers: Sequence) -> bool:  # type: ignore[no-untyped-def]
    """Whether ``papers`` are those a key their lists give them names (``text`` no
    identifier of theirs): as :func:`_papers_by_id` found them."""
    from tuireader.ingest.identity import papers_named

    library = _by_keys(session)
    keyed = {paper.id for paper in _papers_keyed(library, text)} or {
        paper.id for paper in _papers_keyed_yearless(library, text)
    }
    return keyed == {p.id for p in papers} and not papers_named(library, text)


def _named_key(text: str) -> str | None:
    """The identifier ``text`` gives, as it is said ("DOI 10.1234/xyz"); None if none."""
    from tuireader.ingest.identity import key_words, named_keys

    keys = named_keys(text)
    return key_words(keys[0], _short(keys[0].value)) if keys else None


def _one_paper(
    session,
    text: str,
    *,
    json_out: bool = False,
    hits: bool = False,
    failed: dict | None = None,
    hint: str = "",
):
    """The paper ``text`` names by id, or None after saying why (none, or several): on
    stderr, and with ``json_out`` in the JSON a script reads on stdout too, as every
    command's ``--json`` failure says it (``hits``: with the
    empty ``hits`` of a command that gives them; ``failed``: the lists that could not
    be read, :func:`_failed_json`; ``hint``: said after an id that names no paper)."""
    matches = _papers_by_id(session, text)
    if len(matches) == 1:
        _say_alias(session, text, matches[0])
        reused = _reused_id(session, text, matches[0], detached=False)
        if reused is not None:
            _err(reused)
        return matches[0]
    mark = None
    if matches:
        message = _ambiguous_header(session, text, matches)
        _report_candidates(message, matches)
    else:
        from tuireader.ingest.identity import named_keys, not_in_lists

        keys = named_keys(text)
        marks = _detached_marks(session, text) if not keys else []
        mark = marks[0] if len(marks) == 1 else None
        if keys:  # a DOI, an arXiv id, a link to a paper's page: none of the lists has it
            message = f"{not_in_lists(keys[0], _short(keys[0].value))} (find ids with: tuireader search WORDS)"
        elif mark is not None:
            message = _detached_said(session, text, mark)
        elif marks:
            message = _detached_begun(text, marks)
        else:
            message = (
                f"no paper with id {_quoted(text)} in {_lists_read(session)} (find ids with:"
                " tuireader search WORDS; for a paper of another list, give its file too)"
                f"{hint}"
            )
            undecoded = _not_utf8(text, say=False, what="id")
            if undecoded is not None:
                message = f"no paper with id {_quoted(text)}: {undecoded}"
        _err(message)
    if json_out:
        data = _not_one_json(text, message, matches, hits=hits) | (failed or {})
        if mark is not None and not matches:
            data["detached"] = _detached_json(mark)
        _print_json(data)
    return None


def _detached_said(session, text: str, mark) -> str:  # type: ignore[no-untyped-def]
    """What the id ``text`` of the detached mark ``mark`` is, for a command that wants
    a paper by it: its paper is in none of the lists read (or in no list at all, every
    one removed), and its triage is kept until a list has it again. Given by a
    beginning of it, the mark's whole id is said."""
    where = _of_no_list(session, "in none of these lists", _IN_NO_LIST)
    if _id_text(text) != mark.paper_id:
        text = mark.paper_id
    if mark.was:  # kept under an id made for it
        title = f" of “{_line(mark.title)}”" if mark.title else ""
        return (
            f"{_short(text)!r} holds the triage ({mark.state}){title}, set aside when "
            f"its id {', '.join(mark.was)} went to another paper; its own paper is "
            f"{where}, and its triage stays, detached, until a list has it again "
            "(tuireader search is:detached lists such marks)"
        )
    title = f" “{_line(mark.title)}”" if mark.title else ""
    return (
        f"{_short(text)!r} is the id of a paper{title} {where}: its "
        f"triage ({mark.state}) stays, detached, until a list has it again "
        "(tuireader search is:detached lists such marks)"
    )


def _of_no_list(
    session,
    many: str = "of none of these lists",
    none: str = "of no list: your library holds none",
) -> str:
    """Where the paper of a detached mark is not, as said after "papers" or "a paper":
    ``many`` when several lists were read, the list's name when one was ("not in the
    list 'graphs'"), and ``none`` when the library holds no list (every one removed)."""
    lists = session.library.lists
    if not lists:
        return none
    if len(lists) == 1:
        return f"not in the list {_line(lists[0].name)!r}"
    return many


#: where the paper of a detached mark is, said of an id with every list removed
_IN_NO_LIST = "of no list (your library holds none: tuireader add FILE|DIR adds one)"


def _lists_read(session) -> str:
    """The lists a command read, for a message: the one list's name, or how many (an
    id searched in another list than the library is not in the library)."""
    lists = session.library.lists
    if len(lists) == 1:
        return f"the list {_line(lists[0].name)!r}"
    return f"the {len(lists)} lists read"


def _not_a_file(words: Sequence[str]) -> str:
    """For words taken for paper ids that look like the name of a list file (a slip in
    it: ``papres.bib``): that no such file is there either. The commands that take ids
    and lists together read a word as a list only when its file exists, so without this
    a misspelt list read as an id unknown, and the library was read in its place."""
    from pathlib import PurePath

    from tuireader.ingest.identity import named_keys
    from tuireader.ingest.sources import SUPPORTED_SUFFIXES

    # a DOI, an arXiv id or a paper's link holds a "/" and names a paper, not a file
    named = [
        word
        for word in words
        if ("/" in word or os.sep in word or PurePath(word).suffix.lower() in SUPPORTED_SUFFIXES)
        and not named_keys(word)
    ]
    if not named:
        return ""
    files = ", ".join(repr(_short(word)) for word in named)
    return f"; there is no file {files} to read as a list (it was taken for an id)"


def _detached_marks(session, text: str) -> list:
    """The detached marks ``text`` names: the one whose whole id it is, else each one
    whose id begins with it, as any beginning of a paper's id names the paper
    (:func:`_papers_by_id`); none without a triage file."""
    report = session.triage
    wanted = _id_text(text)
    marks = report.detached if report is not None and wanted else ()
    whole = [mark for mark in marks if mark.paper_id == wanted]
    return whole or [mark for mark in marks if mark.paper_id.startswith(wanted)]


def _detached_mark(session, text: str, *, beginning: bool = True):
    """The detached mark ``text`` names: by its whole id, or (``beginning``) by a
    beginning of its id that no other mark's id has. None: none, several, or no
    triage file."""
    marks = _detached_marks(session, text)
    if not beginning:
        marks = [mark for mark in marks if mark.paper_id == _id_text(text)]
    return marks[0] if len(marks) == 1 else None


def _detached_begun(text: str, marks: Sequence) -> str:
    """Of ``text``, the beginning of the ids of several detached ``marks``: which."""
    ids = [mark.paper_id for mark in marks[:_CANDIDATES_SHOWN]]
    more = f" and {len(marks) - len(ids)} more" if len(marks) > len(ids) else ""
    return (
        f"id {_short(text)!r} is the beginning of the ids of {len(marks)} detached marks "
        f"({', '.join(ids)}{more}), on papers of no list read; give more of it "
        "(tuireader search is:detached lists them)"
    )


def _detached_searched(session, query: str):
    """The detached mark whose whole id is the one word of ``query`` (a search takes
    a paper's whole id, not its beginning), for a search that found no paper; None when
    there is none."""
    words = query.split()
    return _detached_mark(session, words[0], beginning=False) if len(words) == 1 else None


def _not_one_json(text: str, message: str, matches: Sequence, *, hits: bool) -> dict[str, Any]:
    """What ``show --json`` and ``similar --json`` print when ``text`` names no paper or
    several, as ``search --json`` gives a query that finds none: ``id`` null, the
    ``message``, and the ``candidates`` to pick from by id (none when nothing fits)."""
    data: dict[str, Any] = {
        "id": None,
        "query": text,
        "error": "ambiguous" if matches else "not found",
        "message": message.removesuffix(":"),
        "candidates": _candidates_json(matches),
    }
    return data | {"hits": []} if hits else data


def _candidates_json(papers: Sequence[Any]) -> list[dict[str, Any]]:
    """The papers to pick one from by id, as a ``--json`` answer lists them: each one's
    ``id``, ``title`` (as its list gives it), ``title_text`` (as shown) and ``lists``."""
    from tuireader.render.textrender import display_title

    return [
        {"id": p.id, "title": p.title, "title_text": display_title(p.title), "lists": list(p.lists)}
        for p in papers
    ]


def _usage_json(args: argparse.Namespace, error: Exception) -> dict[str, Any]:
    """What a command prints with ``--json`` when it cannot answer at all (no list could
    be read, an option out of range, the triage file cannot be read or written, an error
    of its own): the ``error`` ("no papers", "usage", "triage file", else "unexpected")
    and its ``message`` (on stderr as well), in the shape of its answer
    (:func:`_error_json`)."""
    kind = "usage" if isinstance(error, UsageError) else "unexpected"
    # an empty library has no paper to give, as one none of whose lists can be read:
    # nothing the user typed was wrong
    kind = "no papers" if isinstance(error, NoPapersError | EmptyLibraryError) else kind
    kind = "triage file" if isinstance(error, TriageFileError) else kind
    by_query = args.func in (cmd_search, cmd_export)
    given = getattr(args, "query", None) if by_query else getattr(args, "id", None)
    given = getattr(args, "file", None) if args.func is cmd_import else given
    given = "stdin" if args.func is cmd_import and given == "-" else given  # as import says it
    problems = getattr(error, "problems", ())
    # the cause, where stderr said it in the lines before: a list that cannot be read
    # ("bin.jsonl: this looks like a binary file"), not only that none could be
    # and what was met in such a list before it gave up ("line 1 is not valid JSON")
    failed = {p.path for p in problems if p.severity == "error"}
    causes = [str(p) for p in problems if p.path in failed] or [str(p) for p in problems]
    message = "; ".join([str(error), *causes])
    # cite's answer names its format, its failure too (as one that cites nothing does)
    fields = {"format": getattr(args, "format", None)} if args.func is cmd_cite else {}
    command = args.func.__name__.removeprefix("cmd_")
    return fields | _error_json(command, kind, message, given, problems)


def _failed_json(args: argparse.Namespace) -> dict[str, Any]:
    """The ``problems`` of an answer given without some of the lists, which could not be
    read at all (said on stderr; a list named so makes the exit code 2), what is wrong
    with the library (:func:`_shelf_sources_and_notes`) and a damaged triage file
    (:func:`_triage_store`): nothing when every list was read, so a script's answer
    keeps its shape."""
    failed = [
        *getattr(args, "library_problems", ()),
        *(p for p in getattr(args, "problems", ()) if p.severity == "error"),
        *getattr(args, "triage_problems", ()),
    ]
    return _problems_json(failed) if failed else {}


def _problems_json(problems: Sequence[Any]) -> dict[str, Any]:
    """``problems`` as ``lists --json`` gives them: each file's ``path``, ``severity``
    ("error": nothing could be read from it; "warning": part of it) and ``message``."""
    from tuireader.model import said_path

    return {
        "problems": [
            {"path": said_path(p.path), "severity": p.severity, "message": p.message}
            for p in problems
        ]
    }


def _error_json(
    command: str, kind: str, message: str, given: str | None, problems: Sequence[Any] = ()
) -> dict[str, Any]:
    """A ``--json`` command's answer when it has none: ``error`` (what went wrong: "no
    papers", "usage", "unexpected") and ``message`` in the shape of ``command``'s answer,
    as a query or an id that finds nothing gives it: ``search`` with no ``hits``, ``show``
    and ``links`` (and ``similar``, with no ``hits``) with ``id`` null and no
    ``candidates``, ``cite`` and ``copy`` with no ``candidates`` either, ``lists`` with no ``lists``, ``export`` (whose answer is a list of
    papers) an object with its ``query``; ``given``: the query or id (None when it
    could not be read); ``problems``: what reading met (:func:`_problems_json`)."""
    said = _problems_json(problems)
    if command == "search":
        return {"query": given, "total": 0, "error": kind, "message": message, "hits": []} | said
    if command == "lists":
        return {"lists": [], "papers": 0, "error": kind, "message": message} | said
    if command == "export":
        # the export itself is a list of papers: its failure, an object that says why
        return {"query": given, "error": kind, "message": message} | said
    if command == "import":
        empty: dict[str, Any] = {
            "taken": [],
            "detached": [],
            "kept_here": [],
            "more_here": [],
            "refused": [],
        }
        return {"file": given, "error": kind, "message": message, "changes": 0} | empty | said
    if command == "cite":
        cited = {"citations": [], "text": "", "error": kind, "message": message}
        return cited | {"candidates": []} | said
    if command == "copy":
        copied = {"id": None, "text": None, "error": kind, "message": message}
        return copied | {"candidates": []} | said
    if command in ("add", "remove"):
        return {"lists": [], "warnings": [], "error": kind, "message": message} | said
    if command in ("undo", "redo"):
        done = "undone" if command == "undo" else "redone"
        return {done: None, "papers": [], "error": kind, "message": message} | said
    if command in ("triage", "note"):
        return {"papers": [], "changes": 0, "undo": None, "error": kind, "message": message} | said
    data = _not_one_json(given or "", message, [], hits=command == "similar")
    return data | {"query": given, "error": kind} | said


#: what show prints in place of the abstract of a paper without one (the reader's
#: viewer says "no abstract", dimmed).
NO_ABSTRACT = "(no abstract)"


def cmd_show(args: argparse.Namespace) -> int:
    _check_ids([args.id])
    _check_one_id(args)
    session = _session_for_marks(args, [args.id], lazy=True)
    paper = _one_paper(session, args.id, json_out=args.json, failed=_failed_json(args))
    if paper is None:
        return EXIT_NOTHING_FOUND
    _say_set_aside(session, paper)
    triage = _triage_for(session, [paper.id], args=args)[paper.id]
    if args.json:
        data = _paper_json(paper, abstract=True, triage=triage, session=session)
        data |= _show_fit_json(session, paper, triage)
        _print_json(data | _failed_json(args))
        return EXIT_OK
    from tuireader.render.textrender import display_where, plain
    from tuireader.triage.store import tag_shown

    marks = [triage.state] if triage.state != "new" else []
    marks += [f"tags: {', '.join(map(tag_shown, triage.tags))}"] if triage.tags else []
    keywords = f"keywords: {', '.join(paper.keywords)}"
    lines = [
        _title(paper, SHOWN_FIELD, SHOWN_WHOLE)
        + (
            "   (title not known: its list gives none, nor an abstract)"
            if paper.title_unknown
            else "   (title derived from the abstract)"
            if paper.title_derived
            else ""
        ),
        _cut_long(_authors(paper), SHOWN_FIELD, SHOWN_WHOLE),
        " · ".join(display_where(paper.where, paper.venue)),
        f"id {paper.id}{_also(session, paper)} · metadata: {paper.metadata_source}",
        *([_line(_cut_long(keywords, SHOWN_FIELD, SHOWN_WHOLE))] if paper.keywords else []),
        *(
            [_line(_cut_long(f"journal ref: {paper.journal_ref}", SHOWN_FIELD, SHOWN_WHOLE))]
            if paper.journal_ref
            else []
        ),
        *([_line(" · ".join(marks))] if marks else []),
        "",
        *(
            (f"TL;DR {_cut_long(plain(paper.tldr), SHOWN_ABSTRACT, SHOWN_WHOLE)}", "")
            if paper.tldr
            else ()
        ),
        _cut_long(plain(paper.abstract).strip(), SHOWN_ABSTRACT, SHOWN_WHOLE) or NO_ABSTRACT,
    ]
    left_out = _left_out(paper)
    if paper.links or left_out:
        lines.append("")
        lines.extend(
            f"[{n}] {link.kind:<7} {_line(link.url)}" for n, link in enumerate(paper.links, 1)
        )
        lines.extend([left_out] if left_out else [])
    if triage.note:
        lines.extend(["", "Note:", triage.note])
    lines[:2] = [_line(line) for line in lines[:2]]  # title and authors: one line each
    print(_safe("\n".join(lines)))
    return EXIT_OK


def _say_set_aside(session, paper) -> None:
    """The marks set aside when ``paper``'s id went to it from another paper, said on
    stderr: the user who marked that paper by this id finds it unmarked, and its marks
    under an id they never saw (``search is:detached``)."""
    report = session.triage
    for mark in report.detached if report is not None else ():
        if paper.id in mark.was:
            title = f" of “{_line(mark.title)}”" if mark.title else ""
            if mark.paper_id in _marked_in_library(session):
                # the mark followed its paper in the library, whose list is not read now
                # (an export made before, read back): nothing of it is detached
                _err(
                    f"the triage ({mark.state}){title}, which {paper.id} had, is marked in "
                    f"your library as {mark.paper_id} (tuireader show {mark.paper_id})"
                )
                continue
            _err(
                f"the triage ({mark.state}){title}, which {paper.id} had before this paper "
                f"took its id, is kept detached as {mark.paper_id} (tuireader search "
                "is:detached lists such marks)"
            )


def _marked_in_library(session) -> set[str]:  # type: ignore[no-untyped-def]
    """The ids of the marks the lists read find no paper for that are on a paper of the
    library all the same: a list of it that was not read now holds it (a file outside
    the library read alone, such as an export made before a list was re-scraped, leaves
    each mark where the library's lists put it). Not the marks set aside because their
    id went to another paper: those are detached in the library too."""
    found = getattr(session, "_marked_in_library", None)
    if found is not None:
        return found
    found = set()
    marks = _kept_marks(session)
    if marks:
        from tuireader.system import shelf
        from tuireader.triage.store import SET_ASIDE

        current = shelf.load(session.paths)
        if not current.is_default and current.entries:
            lost = {m.paper_id for m in session.lost_marks([e.location for e in current.entries])}
            aside = {move.new_id for move in _all_moves(session) if move.reason == SET_ASIDE}
            found = {m.paper_id for m in marks} - lost - aside
    session._marked_in_library = found
    return found


def _also(session, paper) -> str:
    """The paper's aliases and earlier ids, as ``show`` gives them after its id."""
    former = _former(session, paper)
    return f" (also {', '.join(former)})" if former else ""


def cmd_similar(args: argparse.Namespace) -> int:
    _check_limit(args)
    _check_ids([args.id])
    _check_one_id(args)
    session = _session_for_marks(args, [args.id], lazy=True)
    paper = _one_paper(session, args.id, json_out=args.json, hits=True, failed=_failed_json(args))
    if paper is None:
        return EXIT_NOTHING_FOUND
    engine = _engine(session, args, quick=True)
    result = engine.similar(paper.id, limit=args.limit)
    _say_result(result, engine)
    if args.json:
        triage = _triage_for(session, [hit.paper.id for hit in result.hits], args=args)
        hits = [
            _paper_json(h.paper, score=h.score, triage=triage[h.paper.id], session=session)
            for h in result.hits
        ]
        _print_json({"id": paper.id, "hits": hits} | _failed_json(args))
    else:
        for hit in result.hits:
            print(_hit_line(hit.paper))
    return EXIT_OK if result.hits else EXIT_NOTHING_FOUND


def cmd_lists(args: argparse.Namespace) -> int:
    from tuireader.ingest.sources import not_read

    if args.sources:
        notes = _said(not_read(args.sources), args)
        session = _session(args, every_warning=args.warnings)
        _count_unsaid(session, notes, args)
        return _print_lists(session, args, None, notes)
    from tuireader.model import Problem
    from tuireader.system import shelf
    from tuireader.system.paths import resolve

    current = shelf.load(resolve(args.data_dir))
    # the library file's own (damaged: the seeds are read in its place), in the JSON too
    damage = [Problem(current.file, problem, "warning") for problem in current.problems]
    for problem in current.problems:
        _err(problem)
    if not current.entries:
        # the library shown, empty: no error, and the JSON says what stderr says
        empty = _empty_library(args.data_dir)
        if args.json:
            _print_json(
                {"lists": [], "papers": 0, "message": empty}
                | _problems_json(damage)
                | {"library": _library_json(current, [], None)}
            )
        _err(empty)
        return EXIT_OK
    statuses = current.statuses()
    # a list moved or gone is among the JSON's problems, as the other commands give it
    gone = [Problem(s.entry.location, s.message(), "error") for s in statuses if not s.ok]
    folders = _said(not_read(current.sources() or ()), args)
    notes = [*damage, *gone, *folders]
    session = None
    if any(s.ok for s in statuses):
        try:
            session = _session(args, report_shelf=False, every_warning=args.warnings)
        except NoPapersError as exc:
            notes += [p for p in exc.problems if p.path != current.file]
    if session is not None:
        _count_unsaid(session, folders, args)
        return _print_lists(session, args, (current, statuses), notes)
    # None of its lists can be read: the library is shown all the same (the other
    # commands send the user here), each list's problem said and in the JSON's problems,
    # and the command ends as they do when no list can be read, with 2 and, in the
    # JSON, the "error" of theirs, so a script that checks the library is told.
    failed = NoPapersError(_LIBRARY_NONE_READ, notes)
    _print_lists(None, args, (current, statuses), notes, failed=failed)
    _err(_LIBRARY_NONE_READ)
    return EXIT_USAGE


def _said(notes: list, args: argparse.Namespace) -> list:
    """``notes`` (what a folder holds besides its lists), each said on stderr with
    ``--warnings`` (else counted by :func:`_count_unsaid`)."""
    for note in notes if args.warnings else ():
        _err(str(note))
    return notes


def _count_unsaid(session: Any, notes: Sequence[Any], args: argparse.Namespace) -> None:
    """Say how many load warnings ``lists`` left unsaid, and how to see them: those of
    the lists read as before (said when each was added, or its file changed) and the
    files of its folders not read (``notes``); ``lists --warnings`` spells them out, as
    the reader's ``w`` shows them, and ``--json`` gives them among its problems."""
    if args.warnings:
        return
    unsaid = len(notes) + sum(1 for problem in session.problems if problem.quiet)
    if unsaid:
        warnings = f"{unsaid} load warning{'s' if unsaid != 1 else ''}"
        # the lists named: the same command again, with --warnings (a pipe is read once)
        how = "lists --warnings with them" if args.sources else "tuireader lists --warnings"
        _err(f"{warnings}: {how}")


def _library_json(current, statuses, session) -> dict[str, Any]:
    def entry_json(status) -> dict[str, Any]:  # type: ignore[no-untyped-def]
        entry = status.entry
        shown, own, found, count = _entry_shown(status, session)
        return {
            # the name the list is shown by, and remove and list: take: a file's list
            # named apart from a list of its name a folder before it holds, as lists says
            "name": shown,
            # a file's list's own title (a folder's lists give theirs among "lists")
            "title": own if entry.kind == "file" and found else None,
            "kind": entry.kind,
            "path": str(entry.location),
            "state": status.state,
            "moved_to": str(status.moved_to) if status.moved_to else None,
            "papers": count if status.ok else None,
        }

    return {
        "file": str(current.file),
        "stored": current.stored,
        "entries": [entry_json(s) for s in statuses],
    }


def _entry_shown(status, session) -> tuple[str, str, list, int]:  # type: ignore[no-untyped-def]
    """The name ``lists`` shows a shelf entry by (a file's list named apart from a list
    of its name a folder before it holds, or the library's name of the entry), the name
    of its own list (a file's), and its lists and distinct papers read."""
    found, count = _entry_lists(status, session)
    entry = status.entry
    own = found[0].name if entry.kind == "file" and found else entry.name
    return _shown_name(entry, [own]), own, found, count


def _entry_lists(status, session) -> tuple[list, int]:
    """The lists of the library read from one shelf entry, and their distinct papers."""
    if session is None or not status.ok:
        return [], 0
    from pathlib import Path

    from tuireader.search.index import entry_lists

    # a folder's list that is a link to a file elsewhere is the folder's, as it is read
    entry = status.entry
    found = list(entry_lists(entry.kind, Path(entry.location), session.library.lists))
    ids = {paper_id for pl in found for paper_id in pl.paper_ids}
    return found, len(ids)


def _print_lists(
    session,
    args: argparse.Namespace,
    shelf_view,
    notes: Sequence = (),
    *,
    failed: UsageError | None = None,
) -> int:
    """The lists read (with the user's library, when no files were named) and counts;
    ``notes``: the files of its folders not read, among the problems of ``--json``;
    ``failed``: why no list could be read, the JSON's ``error`` and ``message`` as
    :func:`_usage_json` gives them."""
    library = session.library if session is not None else None
    lists = list(library.lists) if library is not None else []
    if args.json:
        data: dict[str, Any] = {
            "lists": [
                {
                    "name": _list_name(pl, shelf_view[0] if shelf_view is not None else None),
                    "title": pl.name,
                    "path": str(pl.path),
                    "papers": pl.count,
                    "format": pl.format,
                }
                for pl in lists
            ],
            "papers": len(library) if library is not None else 0,
            # what reading met, as said on stderr: a file that could not be read
            # ("error"), or entries of a readable one skipped or merged, a folder's
            # files not read, or the library file damaged ("warning")
            "problems": _problems_json(
                (*notes, *(library.problems if library is not None else ()))
            )["problems"],
        }
        if failed is not None:
            said = _usage_json(args, failed)
            data = {key: said[key] for key in ("lists", "papers", "error", "message")} | data
        if shelf_view is not None:
            data["library"] = _library_json(shelf_view[0], shelf_view[1], session)
        _print_json(data)
    elif shelf_view is None:
        for pl in lists:
            print(_line(f"{pl.count:6d}  {pl.name}  ({pl.path})"))
    else:
        rows = [(status, *_entry_shown(status, session)) for status in shelf_view[1]]
        # the names as shown, one named apart among them: the paths in one column
        width = max(len(shown) for _status, shown, *_ in rows)
        for status, shown, own, found, count in rows:
            entry = status.entry
            where = "built-in seed lists" if entry.kind == "seeds" else str(entry.path)
            if status.ok and not found and entry.kind != "seeds":
                print(_line(f"     !  {entry.name:<{width}}  {where}  [no papers read]"))
            elif status.ok:
                titled = f"  ({own})" if own != shown else ""
                print(_line(f"{count:6d}  {shown:<{width}}  {where}{titled}"))
                if entry.kind != "file":
                    for pl in found:
                        # the file too, when the list goes by another name: list: and
                        # remove take either
                        named = pl.name != pl.path.stem and entry.kind != "seeds"
                        file = f"  ({pl.path.name})" if named else ""
                        print(_line(f"{'':8}{pl.count:6d}  {pl.name}{file}"))
            elif status.state == "moved":
                print(
                    _line(f"     !  {entry.name:<{width}}  {where}  [moved to {status.moved_to}]")
                )
            else:
                print(_line(f"     !  {entry.name:<{width}}  {where}  [{status.state}]"))
    if shelf_view is not None:
        # said in either form, as the other commands say a list of the library gone
        for status in shelf_view[1]:
            if not status.ok:
                _err(status.message())
    if library is not None and not args.json:
        print(f"{len(library):6d}  distinct papers")
    return EXIT_OK


def _list_name(pl, current) -> str:  # type: ignore[no-untyped-def]
    """The name of the list ``pl`` as ``lists`` prints it and ``remove`` and ``list:``
    take it (``current``: the library, where it is read): a file of the library by the
    library's name of it ("icml2024"), another by its file's ("papercopilot_corl2023"),
    a built-in seed list by its title,
    also where the list has a title of its own ("7th Annual Conference on Robot
    Learning"), which ``lists --json`` gives as its ``title``. A file's list named apart
    from another of its name ("papers (copy/papers.jsonl)") keeps that name."""
    from pathlib import Path

    from tuireader.system.shelf import same_path

    for entry in current.entries if current is not None else ():
        if entry.kind == "file" and same_path(Path(entry.location), pl.path):
            return _shown_name(entry, [pl.name])
    from tuireader.system.resources import seeds_dir

    if pl.path.parent == seeds_dir():
        return str(pl.name)  # the built-in seed lists go by their titles, their files by none
    stem = pl.path.stem
    return str(pl.name) if pl.name == stem or pl.name.startswith(f"{stem} (") else stem


def cmd_add(args: argparse.Namespace) -> int:
    """Put lists in the user's library, each checked to hold papers first; ``--json``
    gives as its ``warnings`` all that stderr says meanwhile."""
    with _hearing() as heard:
        return _add(args, heard.said)


def _add(args: argparse.Namespace, warnings: list[str]) -> int:
    """``cmd_add``'s work; ``warnings``: what stderr says meanwhile, for ``--json``."""
    from pathlib import Path

    from tuireader.ingest.library import load_library
    from tuireader.ingest.sources import in_folder, not_read
    from tuireader.model import Problem
    from tuireader.system import shelf
    from tuireader.system.paths import resolve

    if not args.items and not args.seeds:
        raise UsageError("give the paper list files or folders to add (or --seeds)")
    _refuse_streams(args.items)
    paths = resolve(args.data_dir)
    before = shelf.load(paths)
    by_path: dict[str, int] = {}
    titles: dict[str, str | None] = {}  # of each file named, its list's own title
    # as grep does: the lists that can be read are added, and each one that cannot is
    # named, with why, the exit code 2; a list of lists that cannot be written adds none
    nothing = "nothing added" + (", not even the other lists named" if len(args.items) > 1 else "")
    refused: list[tuple[str, str, list[Any]]] = []  # (item, why, its problems)
    # read as the library reads it (by its whole path, into the cache): what is said here
    # is not said again by the commands after this one while the files stay as they are;
    # the cache is written where the disk keeps its room after the whole library's
    cache = _library_cache(paths, [*args.items, *(before.sources() or ())])
    # the library before (read when a list is added to it), and of each list added, its
    # papers the library holds with another text: (how many, the fields, their lists)
    others = None
    differs: dict[str, tuple[int, list[str], list[str]]] = {}
    held: dict[str, str] = {}  # of each file added, what add says of its name told apart

    for item in args.items:
        try:
            entry = shelf.entry_for(item)
        except shelf.ShelfError as exc:
            why = str(exc).removesuffix(f": {item}")
            refused.append((item, str(exc), [Problem(Path(item), why)]))
            continue
        if shelf.holder(before, entry, in_folder) is not None:
            # in the library already (said below): read from the cache with --json, whose
            # answer gives how many papers each list named holds; what a list of it that
            # changed since holds is said now, as the command that reads it first says it
            # (the next ones do not), on stderr and in the answer
            if args.json:
                library = load_library([entry.location], cache=cache)
                for problem in library.problems:
                    # a folder's file that holds no paper is said once too, as a warning
                    member = entry.kind == "folder"
                    if not dataclasses.replace(problem, in_folder=member).quiet:
                        _err(str(problem))
                by_path[str(entry.path)] = len(library)
                titles[str(entry.path)] = _own_title(entry, library)
            continue
        # a big folder takes a while: how far the read is, on a terminal (not with --json)
        progress = _ListsProgress(args.json)
        try:
            library = load_library([entry.location], cache=cache, progress=progress.update)
        except KeyboardInterrupt:
            progress.close(stopped=True)
            raise
        progress.close()
        problems = (*not_read([entry.location]), *library.problems)
        for problem in problems:
            _err(str(problem))
        if not library.papers:
            failed = list(problems) or [Problem(Path(item), "holds no paper")]
            refused.append((item, f"no papers could be read from {item}", failed))
            continue
        by_path[str(entry.path)] = len(library)
        titles[str(entry.path)] = _own_title(entry, library)
        if not before.is_default and before.sources():
            if others is None:
                others = load_library(before.sources(), cache=cache)
            differs[str(entry.path)] = _differing(library, others, before)
            if entry.kind == "file" and len(library.lists) == 1:
                # a list of that name a folder of the library holds: the library names
                # this one apart from it, as tuireader lists does
                held[str(entry.path)] = _held_apart(library.lists[0], others)
    left_out = {item for item, _why, _problems in refused}
    if refused and len(left_out) == len(args.items) and not args.seeds:
        whys = [why for _item, why, _problems in refused]
        said = whys[0] if len(whys) == 1 else "; ".join(whys)
        raise UsageError(f"{said}; nothing added", [p for *_, ps in refused for p in ps])
    items = [item for item in args.items if item not in left_out]
    try:
        change = shelf.add(paths, items, seeds=args.seeds, reads=in_folder, note=_err)
    except shelf.ShelfError as exc:
        raise UsageError(f"{exc}; {nothing}") from None
    if change.kept_damaged is not None:
        if before.is_default:
            # nothing could be read from it: the library starts again from this add, and
            # the lists it held are in the copy alone
            _err(
                f"the damaged list of lists was kept as {change.kept_damaged}, but no list "
                "could be read from it: your library holds only the lists added now (those "
                "named in the damaged file come back with tuireader add PATH)"
            )
        else:
            _err(f"the damaged list of lists was kept as {change.kept_damaged}")
    if change.added or change.replaced or change.absorbed:
        _cache_library(args)
    if args.json:
        for entry in change.added:
            said = _differing_said(entry, differs.get(str(entry.path)))
            if said:
                _err(said)
        if change.seeds_replaced:
            _err(_SEEDS_MAKE_WAY)
        for _item, why, _problems in refused:
            _err(f"{why}; not added")
        shown: dict[Any, str] = {}
        if change.shelf is not None and any(e.kind != "file" for e in change.shelf.entries):
            # a file's list named apart from a folder's list of its name: by that name
            shown = _shown_names(_entry_list_names(paths, change.shelf))
        data = {"lists": _added_json(change, by_path, shown, titles), "warnings": warnings}
        if refused:
            data |= _problems_json([p for *_, ps in refused for p in ps])
        _print_json(data)
        return EXIT_USAGE if refused else EXIT_OK
    for entry in change.added:
        if entry.kind == "seeds":
            print("added the built-in seed lists (seeds)")
        else:
            papers = by_path.get(str(entry.path))
            noun = f" ({papers:,} paper{'s' if papers != 1 else ''})" if papers is not None else ""
            named = _named_as(entry, change) or held.get(str(entry.path), "")
            print(_line(f"added {entry.own_name}{noun}{named}: {entry.path}"))
            said = _differing_said(entry, differs.get(str(entry.path)))
            if said:
                print(_line(said))
    for old, new in change.replaced:
        print(_line(f"{old.name} found again at {new.path} (was {old.path}); its triage is kept"))
    for entry in change.present:
        print(_line(f"{entry.name} is already in your library ({entry.location})"))
    for entry, folder in change.within:
        print(
            _line(
                f"{entry.name} is already in your library through the folder "
                f"{folder.name} ({folder.path})"
            )
        )
    for entry, folder in change.absorbed:
        print(
            _line(
                f"{entry.name} ({entry.path}) is now read through the folder "
                f"{folder.name}, which takes its place in your library"
            )
        )
    if change.seeds_replaced:
        _err(_SEEDS_MAKE_WAY)
    for _item, why, _problems in refused:
        _err(f"{why}; not added")
    return EXIT_USAGE if refused else EXIT_OK


def _differing(library, others, before) -> tuple[int, list[str], list[str]]:  # type: ignore[no-untyped-def]
    """Of the papers of ``library`` (a list read alone, being added), those ``others``
    (the library before) holds with another text: how many, which fields of it differ,
    and the library's names of the lists they are in there (``before``: its shelf)."""
    from tuireader.ingest.library import TEXT_FIELDS, text_differences

    count = 0
    fields: set[str] = set()
    lists: dict[str, None] = {}
    for paper in library.papers:
        found = others.get(paper.id)
        if found is None:
            named = [p for key in (paper.id, *paper.aliases) for p in others.named(key)]
            found = named[0] if len(named) == 1 else None
        if found is None:
            continue
        differ = text_differences(paper, found)
        if not differ:
            continue
        count += 1
        fields.update(differ)
        lists.update(dict.fromkeys(found.lists))
    paths = {each.name: each.path for each in others.lists}
    entries: dict[str, None] = {}
    for name in lists:
        path = paths.get(name)
        entry = next(
            (
                e
                for e in before.entries
                if path is not None
                and e.path is not None
                and (e.path == path if e.kind == "file" else e.path == path.parent)
            ),
            None,
        )
        entries[entry.name if entry is not None else name] = None
    return count, [name for name in TEXT_FIELDS if name in fields], list(entries)


def _differing_said(entry, differing: tuple[int, list[str], list[str]] | None) -> str:  # type: ignore[no-untyped-def]
    """What ``add`` says of the papers of a list added that the library held with another
    text: "icml2024 (copy/icml2024.jsonl): 2 of its papers are in icml2024 with another
    abstract; they are shown and searched as this list gives them (the list added
    last)"; "" when there are none."""
    if differing is None or not differing[0]:
        return ""
    count, fields, lists = differing
    words = {"tldr": "TL;DR"}
    what = [words.get(name, name) for name in fields]
    said = what[0] if len(what) == 1 else ", ".join(what[:-1]) + " or " + what[-1]
    papers = f"{count:,} of its papers {'are' if count != 1 else 'is'}"
    held = ", ".join(lists)
    return (
        f"{entry.name}: {papers} in {held} with another {said}; "
        f"{'they are' if count != 1 else 'it is'} shown and searched as this list gives "
        f"{'them' if count != 1 else 'it'} (the list added last)"
    )


def _named_as(entry, change) -> str:  # type: ignore[no-untyped-def]
    """What ``add`` says of a list the library names otherwise than by its file, another
    list of that name being in it: " as 'icml2024 (copy/icml2024.jsonl)' (a list named
    icml2024 is in your library: /papers/icml2024.jsonl)", the name quoted as ``remove``
    and ``list:`` take it."""
    import shlex

    if entry.name == entry.own_name or change.shelf is None:
        return ""
    folded = entry.own_name.casefold()
    other = next(
        (each for each in change.shelf.entries if each.name.casefold() == folded),
        None,
    )
    where = f": {other.location}" if other is not None else ""
    return (
        f" as {shlex.quote(entry.name)} (a list named {entry.own_name} is in your library{where})"
    )


def _held_apart(added, others) -> str:  # type: ignore[no-untyped-def]
    """What ``add`` says of the list ``added`` (a file's, read alone) when the library
    before (``others``) holds one of its name, in a folder of the library: " as
    'zotero (x/zotero.bib)' (a list named zotero is in your library: /real/zotero.bib)",
    the name the library gives it then; "" when its name is its own."""
    import shlex

    from tuireader.ingest.library import unique_list_name

    taken = {pl.name: pl.path for pl in others.lists}
    told = unique_list_name(added.name, added.path, taken)
    if told == added.name:
        return ""
    where = taken[added.name]
    return f" as {shlex.quote(told)} (a list named {added.name} is in your library: {where})"


def _cache_library(args: argparse.Namespace) -> None:
    """The library as the commands after ``add`` read it, cached now (its lists, just read,
    are read again from their cache and merged, with a progress line on a terminal), so
    that the first of them opens it where it read and cached it all itself."""
    from tuireader.session import cache_library

    try:
        sources, _notes = _shelf_sources_and_notes(args)
    except UsageError:  # nothing to read: the next command says so
        return
    # its own plain lines: "reading 3 lists…" again read as the lists read twice
    progress = _ListsProgress(
        args.json,
        begun="preparing the library of {total:,} list{s} for the next commands…",
        ended="library prepared ({papers:,} papers, {seconds:.0f} s)",
    )
    try:
        cache_library(sources, data_dir=args.data_dir, progress=progress.update)
    except KeyboardInterrupt:
        progress.close(stopped=True)
        raise
    progress.close()


_SEEDS_MAKE_WAY = (
    "the built-in seed lists make way for your lists (tuireader add --seeds brings them back)"
)


class _ListsProgress(_Progress):
    """``add``'s progress on stderr, as ``index``'s bar: the lists read, then merged, and
    the papers they hold ("reading lists (31,320 papers) [#####-----] 12/39"), shown on a
    terminal only, once the read is slow, and never with ``--json``. The line is cleared
    at the end: what ``add`` says after it is as it was without it. Stopped (Ctrl-C), it
    is ended as it stands, as ``index``'s is: cleared, the terminal's "^C" after it
    stayed, with the shell's prompt beside it."""

    def __init__(
        self,
        json: bool = False,
        begun: str = "reading {total:,} list{s}…",
        ended: str = "read {total:,} list{s} ({papers:,} papers, {seconds:.0f} s)",
    ) -> None:
        super().__init__("reading lists", begun, ended)
        self.enabled = self.enabled and not json
        self.plain = self.plain and not json
        self.papers = 0

    def _words(self) -> dict[str, Any]:
        return {"s": "s" if self.total != 1 else "", "papers": self.papers}

    def _papers(self) -> int:
        return self.papers

    def update(self, stage: str, done: int, total: int, papers: int) -> None:
        self.papers = papers
        label = f"{stage} lists ({papers:,} paper{'s' if papers != 1 else ''})"
        # on a narrow terminal the papers go first: the bar and the lists' count stay
        bar = len(label) + len(f"{done}/{total}") + 4 + 5
        self.label = label if bar < _stderr_columns() else f"{stage} lists"
        self(done, total)

    def close(self, stopped: bool = False) -> None:
        if self.shown:
            sys.stderr.write("\n" if stopped else "\r" + " " * self.last + "\r")
            sys.stderr.flush()
            self.shown = False
        if not stopped:
            self._say_ended()


def _own_title(entry, library) -> str | None:  # type: ignore[no-untyped-def]
    """The title of the list of a file ``entry`` (its name where it has none), as
    ``lists --json`` gives it; None for a folder's entry."""
    return str(library.lists[0].name) if entry.kind == "file" and library.lists else None


def _added_json(  # type: ignore[no-untyped-def]
    change, by_path: dict[str, int], shown: dict[Any, str], titles: dict[str, str | None]
) -> list[dict[str, Any]]:
    """``add --json``'s ``lists``: each list named, its ``name`` (the name ``lists`` shows
    it by, from ``shown`` where it is not the library's name of the entry), ``path``
    (null for the seed lists), ``kind`` and ``papers`` (null when not read now), and what
    became of it (``status``): ``added``, ``found again`` (``was``: where it was),
    ``already`` in the library, ``within`` a folder of it, or ``absorbed`` by the folder
    added (``folder``)."""

    def listed(entry, status: str, **more: Any) -> dict[str, Any]:  # type: ignore[no-untyped-def]
        path = None if entry.kind == "seeds" else str(entry.path)
        papers = by_path.get(str(entry.path)) if path is not None else None
        name = shown.get(entry.location, entry.name)
        title = titles.get(str(entry.path)) if path is not None else None
        data = {"name": name, "title": title, "path": path, "kind": entry.kind, "papers": papers}
        return data | {"status": status} | more

    return [
        *(listed(entry, "added") for entry in change.added),
        *(listed(new, "found again", was=str(old.path)) for old, new in change.replaced),
        *(listed(entry, "already") for entry in change.present),
        *(listed(entry, "within", folder=str(folder.path)) for entry, folder in change.within),
        *(listed(entry, "absorbed", folder=str(folder.path)) for entry, folder in change.absorbed),
    ]


def cmd_remove(args: argparse.Namespace) -> int:
    """Take lists out of the user's library; the triage of their papers is kept."""
    from tuireader.system import shelf
    from tuireader.system.paths import resolve

    paths = resolve(args.data_dir)
    with _hearing() as heard:
        try:
            chosen, shown = _lists_to_remove(paths, args.lists)
            change = shelf.remove(paths, chosen, note=_err)
        except _NotOneList as exc:
            _err(str(exc))
            if args.json:
                _print_json(
                    {"lists": [], "warnings": heard.said[:-1], "error": exc.error}
                    | {"message": "; ".join(heard.said)}
                )
            return EXIT_NOTHING_FOUND
        except shelf.ShelfError as exc:
            raise UsageError(f"{exc}; nothing removed") from None
        if change.kept_damaged is not None:
            _err(f"the damaged list of lists was kept as {change.kept_damaged}")
        removed = []
        for entry in change.removed:
            where = "built-in seed lists" if entry.kind == "seeds" else str(entry.path)
            name = shown.get(entry.location, entry.name)
            path = None if entry.kind == "seeds" else str(entry.path)
            removed.append({"name": name, "path": path, "kind": entry.kind, "status": "removed"})
            if not args.json:
                print(_line(f"removed {_said_name(name)} ({where}); its triage is kept"))
        if change.shelf is not None and not change.shelf.entries:
            _err(_empty_library(args.data_dir))
    if args.json:
        # as add --json: each list, and what stderr said (a name taken for a list's)
        _print_json({"lists": removed, "warnings": heard.said})
    return EXIT_OK


class _NotOneList(Exception):
    """A name ``remove`` is given fits no list of the library, the lists of several of
    its entries, or only some of a folder's: nothing is removed, and the command ends as
    an id that names no paper, or several, does (exit code 1), the candidates named.
    ``error``: what ``--json`` says of it, "not found", "ambiguous" or "in a folder"."""

    def __init__(self, message: str, error: str = "ambiguous") -> None:
        super().__init__(message)
        self.error = error


def _refuse_streams(items: Sequence[str]) -> None:
    """A list given by a stream (``-``, a pipe, a shell's ``<(…)``) is not added: the
    library reads its lists again at each command, and a pipe is gone once read."""
    from tuireader.ingest.sources import stream_kind

    for item in items:
        kind = stream_kind(item)
        if kind is not None:
            said = "reads stdin" if kind == "stdin" else "is a pipe"
            what = f"{_short(item) if item != '-' else repr(item)} {said}"
            raise UsageError(
                f"{what}: a list from a pipe cannot be added to the library, which reads "
                "its lists again at each command; save it to a file (… > list.bib) and add "
                "that file; nothing added"
            )


def _lists_to_remove(paths, items: Sequence[str]) -> tuple[list, dict[Any, str]]:
    """``remove``'s LIST arguments as the library takes them: a name or path of one of
    its entries as it is (see ``shelf.match``); any other, the entry whose list it names
    as ``list:`` in a query does (the list's name as the lists show it, or its venue's
    short name: ``corl``), said on stderr. A name that fits no list, the lists of
    several entries, or only some of a folder's, raises :class:`_NotOneList`, which
    names them: nothing is removed (and the library is not waited for: a library
    another command is changing is said only of names that fit). With them, the name
    ``lists`` shows each entry by, by its location, where it is not the library's own
    (a file's list named apart from a list of its name a folder holds)."""
    from tuireader.ingest.sources import in_folder
    from tuireader.system import shelf

    current = shelf.load(paths)
    chosen: list = []
    lists = None
    for item in items:
        matched = shelf.match(current, item)
        if len(matched) > 1:
            where = "; ".join(str(entry.location) for entry in matched)
            raise _NotOneList(
                f"{item!r} names {len(matched)} lists ({where}); give the path; nothing removed"
            )
        if matched:
            # the library's own names and paths come first, but a name that a folder's
            # list bears as well names two lists ("reading", a file of its own and a
            # list of a folder): which one went was a guess
            by_name = not shelf.typed_as_path(item)
            if lists is None and by_name:
                lists = _entry_list_names(paths, current)
            also = _folder_lists_named(item, matched[0], lists) if by_name else []
            if also:
                where = "; ".join(str(entry.location) for entry in [matched[0], *also])
                raise _NotOneList(
                    f"{item!r} names {1 + len(also)} lists ({where}); give the path; "
                    "nothing removed"
                )
            chosen.append(item)
            continue
        if lists is None:
            lists = _entry_list_names(paths, current)
        entry, named = _entry_named(item, lists)
        if entry is None:
            by_file = _entries_by_file_name(current, item)
            if len(by_file) > 1:
                where = "; ".join(str(entry.location) for entry in by_file)
                raise _NotOneList(
                    f"{item!r} names {len(by_file)} lists ({where}); give the path; nothing removed"
                )
            if by_file:
                chosen.append(by_file[0])
                continue
            folders = shelf.folders_reading(current, item, in_folder)
            if folders:
                raise _NotOneList(_in_folders(item, folders), "in a folder")
            shown = _shown_names(lists)
            said = [shown.get(entry.location, entry.name) for entry in current.entries]
            raise _NotOneList(_no_list(item, said), "not found")
        name = _shown_name(entry, named)
        if named != [name]:
            # the list's own name, and the library's name of the entry (a venue's list)
            _err(f"{item!r} is {' and '.join(named)} ({entry.name})")
        elif item != name:
            _err(f"{item!r} is {_said_name(name)}")
        chosen.append(entry)
    files = [shelf.match(current, c)[0] if isinstance(c, str) else c for c in chosen]
    if any(e.kind == "file" for e in files) and any(e.kind != "file" for e in current.entries):
        # a file's list may be named apart from a list of its name a folder (or the
        # seeds) holds: lists shows it by that name, and so it is said removed
        lists = _entry_list_names(paths, current) if lists is None else lists
        return chosen, _shown_names(lists)
    return chosen, {}


def _shown_name(entry, names: Sequence[str]) -> str:  # type: ignore[no-untyped-def]
    """The name ``lists`` shows ``entry`` by, whose lists are ``names``: a file's list
    named apart from a list of its name a folder before it holds ("papers
    (copy/papers.jsonl)"), else the library's name of the entry."""
    if entry.kind == "file" and len(names) == 1:
        own = names[0]
        if own.startswith(f"{entry.name} (") and own.endswith(")"):
            return own
    return str(entry.name)


def _shown_names(lists: Sequence[tuple[Any, dict[str, list[str]]]]) -> dict[Any, str]:
    """The name ``lists`` shows each entry of ``lists`` by, by its location, where it
    is not the library's name of the entry."""
    shown = {}
    for entry, stems in lists:
        name = _shown_name(entry, list(stems))
        if name != entry.name:
            shown[entry.location] = name
    return shown


def _said_name(name: str) -> str:
    """A list's name as ``remove`` says it: quoted when it holds what tells it apart from
    another of its name ("'papers (copy/papers.jsonl)'"), which a path put after it in
    brackets would run into."""
    return f"'{name}'" if " (" in name else name


def _folder_lists_named(item: str, entry, lists) -> list:  # type: ignore[no-untyped-def]
    """The entries other than ``entry`` holding a list whose whole name, or its file's
    name or stem, is ``item`` (a folder's list, which ``remove`` takes only with its
    folder)."""
    from tuireader.search.index import list_named

    def names(stems: dict[str, list[str]]) -> list[str]:
        found = [*stems, *(each for more in stems.values() for each in more)]
        return [each for each in found if not each.startswith(_PATH_MARK)]

    return [
        other
        for other, stems in lists or ()
        if other is not entry
        and other.kind == "folder"
        and any(list_named(item, name) == "name" for name in names(stems))
    ]


def _entries_by_file_name(current, item: str) -> list:
    """The entries of single files whose file's name (``y1.json``) is ``item``, in any
    case: the name a user types for a list they want gone, which is most often one whose
    file no longer reads (emptied, damaged, deleted) and so gives no list name to match."""
    entries = [e for e in current.entries if e.kind == "file" and e.path is not None]
    exact = [e for e in entries if e.path.name == item]
    return exact or [e for e in entries if e.path.name.casefold() == item.casefold()]


def _in_folders(item: str, folders: Sequence[Any]) -> str:
    """What ``remove`` says of a file that a folder of the library reads (one that gives
    no list, damaged or emptied, or one of several): it is no list of its own there."""
    where = " and ".join(f"{folder.name} ({folder.location})" for folder in folders)
    one = len(folders) == 1
    how = f" (tuireader remove {shlex.quote(folders[0].name)})" if one else ""
    return (
        f"{item!r} is read through the folder{'' if one else 's'} {where}; remove the "
        f"folder{how}, or move the file out of it; nothing removed"
    )


def _no_list(item: str, names: Sequence[str]) -> str:
    """What ``remove`` says of a name that fits no list of the library (``names``): the
    names there are, and the one a slip away from it ("; did you mean demo?")."""
    import difflib

    folded = {name.casefold(): name for name in names}
    close = difflib.get_close_matches(item.casefold(), list(folded), n=1, cutoff=0.6)
    meant = f"; did you mean {folded[close[0]]}?" if close else ""
    return (
        f"no list {item!r} in your library{meant} (lists: {', '.join(names) or 'none'}); "
        "nothing removed"
    )


def _library_cache(paths, sources: Sequence[Any]):  # type: ignore[no-untyped-def]
    """The cache of read lists of the data folder ``paths``, about to read the lists of
    ``sources`` (files and folders): nothing is written to it unless the disk keeps its
    room after the whole cache of them (``session.roomy_cache``)."""
    from tuireader.ingest.sources import expand_sources
    from tuireader.session import roomy_cache

    return roomy_cache(paths.cache_dir, lambda: expand_sources(list(sources))[0])


def _entry_list_names(paths, current) -> list[tuple[Any, dict[str, list[str]]]]:
    """Each entry of the library that can be read, with the names of the lists it
    holds, read as ``add`` reads them (through the cache: no list is read twice), and
    the stems of each one's files."""
    from tuireader.ingest.library import load_library, unique_list_name

    cache = _library_cache(paths, current.sources() or ())
    found = []
    taken: dict[str, Any] = {}  # each list's name, told apart as the library tells them
    for status in current.statuses():
        if status.ok:
            library = load_library([status.entry.location], cache=cache)
            stems: dict[str, list[str]] = {}
            for paper_list in library.lists:
                name = unique_list_name(paper_list.name, paper_list.path, taken)
                taken[name] = paper_list.path
                stems.setdefault(name, []).append(paper_list.path.stem)
                # its file as a user types it: its name ("corl.json", as `lists` shows
                # it) and its path, which names it alone
                stems[name] += [paper_list.path.name, _PATH_MARK + str(paper_list.path)]
            found.append((status.entry, stems))
    return found


#: what marks a list's path among the names :func:`_entry_list_names` gives: a path is
#: matched whole, never by its words ("tmp" names no list)
_PATH_MARK = "\0path:"


def _same_file(item: str, path: str) -> bool:
    """Whether ``item``, as typed, is the file at ``path``."""
    from pathlib import Path

    try:
        return os.path.samefile(Path(item).expanduser(), path)
    except (OSError, ValueError):
        return False


def _entry_named(
    item: str, lists: Sequence[tuple[Any, dict[str, list[str]]]]
) -> tuple[Any, list[str]]:
    """The entry whose lists ``item`` names as ``list:`` does, and the names of those
    lists; (None, []) when it names none. Raises _NotOneList, after naming the
    candidates, when the lists named (by their whole name, their venue's short name,
    their file's stem or words of these) are those of several entries, or some of the
    lists of a folder (or of the seeds), which go only all together."""
    from tuireader.search.index import list_named

    def named_by(name: str, stems: list[str]) -> str | None:
        paths = [each.removeprefix(_PATH_MARK) for each in stems if each.startswith(_PATH_MARK)]
        if any(_same_file(item, path) for path in paths):
            return "name"
        words = [each for each in (name, *stems) if not each.startswith(_PATH_MARK)]
        hows = {list_named(item, each) for each in words}
        return "name" if "name" in hows else "words" if "words" in hows else None

    matched: dict[str, list] = {"name": [], "words": []}
    for entry, stems in lists:
        names = list(stems)
        hows = {name: named_by(name, stems[name]) for name in names}
        for how in ("name", "words"):
            named = [name for name in names if hows[name] == how]
            if named:
                matched[how].append((entry, names, named))
    # a list that only holds the words is named too: removing the one whose whole name
    # it is would leave the user guessing which of the two "nips" was meant
    found = [*matched["name"]]
    found += [item for item in matched["words"] if all(item[0] is not f[0] for f in found)]
    if not found:
        return None, []
    if len(found) > 1:
        _err(
            f"{item!r} names {len(found)} lists of your library; give one's name or "
            "path as tuireader lists shows it:"
        )
        for entry, names, named in found:
            where = "built-in seed lists" if entry.kind == "seeds" else str(entry.path)
            name = _shown_name(entry, names)
            # the lists the name fits, where they are not the one the entry is shown as
            also = "" if named == [name] else f"  ({'; '.join(named)})"
            _err(f"  {name}  {where}{also}")
        raise _NotOneList("nothing removed")
    entry, names, named = found[0]
    if len(named) < len(names):
        others = [name for name in names if name not in named]
        raise _NotOneList(
            f"{item!r} names {' and '.join(named)}, one of the lists read through "
            f"{entry.name} ({entry.location}), which also holds {'; '.join(others)}: "
            f"tuireader remove {shlex.quote(entry.name)} removes them all; nothing removed",
            "in a folder",
        )
    if entry.kind == "folder":
        # A folder goes only by its own name or path: taken away for the one list it
        # holds today, it also took the lists put in it later, which the user had added
        # by adding the folder (and what a name removes would hang on how many it holds).
        what = "the only list" if len(names) == 1 else "the lists"
        raise _NotOneList(
            f"{item!r} names {' and '.join(named)}, {what} read through the folder "
            f"{entry.name} ({entry.location}), which reads every list put in it: "
            f"tuireader remove {shlex.quote(entry.name)} removes the folder, or move the "
            "file out of it; nothing removed",
            "in a folder",
        )
    return entry, named


def cmd_index(args: argparse.Namespace) -> int:
    session = _session(args)
    engine = _engine(session, args, rebuild=args.rebuild)
    report = engine.report
    print(
        _line(
            f"{engine.status}: {len(session.library):,} papers, "
            f"{report.written:,} written, {report.seconds:.2f} s ({(engine.paths or session.paths).index_dir})"
        )
    )
    if args.rebuild and report.read_only:
        # the index found was opened as it is: nothing was rebuilt. Why was said as it
        # opened (a full disk, another tuireader at work), where there was a why: on a
        # full disk, "another tuireader is updating it" was guessed after "no space left"
        root = session.paths.root
        if not os.access(root, os.W_OK):
            why = f": the data folder {root} is read-only"
        elif report.messages:
            why = ""
        else:
            why = ": another tuireader is updating it; try again once it is done"
        _err(f"the search index was not rebuilt{why} (it is searched as it is)")
        return EXIT_USAGE
    return EXIT_OK if engine.problem is None else EXIT_USAGE


def _on_disk(item: str) -> bool:
    """Whether ``item`` names a file or folder that exists: never for a name no file
    could have (too long, a NUL), which ``Path.exists`` raises for."""
    from pathlib import Path

    if not item:  # Path("") is the current folder: an empty variable names no list
        return False
    try:
        return Path(item).expanduser().exists()
    except (OSError, ValueError):
        return False


def _split_ids_and_sources(
    items: Sequence[str], *, first_is_id: bool = True
) -> tuple[list[str], list[str]]:
    """Arguments that exist on disk are list sources; everything else is a paper id (or,
    for ``copy``, a word of its query), read as typed (see :func:`_read_as_typed`). With
    ``first_is_id`` the first argument is an id whenever it is shaped as one, as ``show``
    takes its first: a file or folder of the current folder named like an id or a key
    (``6hinyel5``, ``li2022``) does not take its place; a later one is a list, said so
    where no id is left (:func:`_read_as_lists`)."""

    ids: list[str] = []
    sources: list[str] = []
    for number, item in enumerate(items):
        named = number == 0 and first_is_id and _id_shaped(item)
        if item == "-" or (_on_disk(item) and not named):  # '-': a list on stdin
            sources.append(item)
        else:
            ids.append(_typed(item))
    return ids, sources


def _id_shaped(word: str) -> bool:
    """Whether ``word`` reads as a paper's id or key rather than a path: no folder in
    it, no ``~`` or ``.`` before it, no suffix of a list's file."""
    from pathlib import PurePath

    from tuireader.ingest.sources import SUPPORTED_SUFFIXES

    if not word or word == "-" or "/" in word or os.sep in word or word[0] in "~.":
        return False
    return PurePath(word).suffix.lower() not in SUPPORTED_SUFFIXES


def _read_as_lists(sources: Sequence[str]) -> str:
    """What a usage error that found no id says of the words read as lists, as files
    or folders that are there: "" when none was given."""
    named = [word for word in sources if word != "-"]
    if not named:
        return ""
    said = ", ".join(repr(_short(word)) for word in named[:3])
    more = ", …" if len(named) > 3 else ""
    what = "was read as a list" if len(named) == 1 else "were read as lists"
    return f"; {said}{more} {what} (a file or folder of that name is here)"


def _check_ids(ids: Sequence[str]) -> None:
    """Refuse an empty id before any list is read: it is a script's unset variable
    (``tuireader show "$ID"``), a usage error, not a paper that was looked for and
    is not there."""
    if any(not str(paper_id).strip() for paper_id in ids):
        raise UsageError(
            "an empty id names no paper (an unset variable?); give a paper id "
            "(find ids with: tuireader search WORDS)"
        )


def _check_one_id(args: argparse.Namespace) -> None:
    """Refuse a second word after the one id ``show``, ``links`` and ``similar`` take
    when it is no file and no list's name, but what an id looks like (``show li2022
    collins2022``): read as a list, it was said to be "no such file", and the paper
    named first was not shown either."""
    from pathlib import PurePath

    from tuireader.ingest.sources import SUPPORTED_SUFFIXES

    command = args.func.__name__.removeprefix("cmd_")
    for word in getattr(args, "sources", None) or ():
        if not word or word == "-" or _on_disk(word) or "/" in word or os.sep in word:
            continue  # "-": a list on stdin
        if word.startswith("~") or PurePath(word).suffix.lower() in SUPPORTED_SUFFIXES:
            continue
        several = (
            "cite ID ID… prints several papers"
            if command == "show"
            else "triage and cite take several ids"
        )
        raise UsageError(
            f"{command} takes one paper id, and {_short(word)!r} is no file or folder to "
            f"read either: give one id (tuireader search WORDS lists papers; {several})"
        )


def _warn_incomplete(citations) -> None:
    for citation in citations:
        if citation.warnings:
            _err(f"{citation.paper_id} ({citation.key}): " + "; ".join(citation.warnings))


def cmd_cite(args: argparse.Namespace) -> int:
    return _answered(args, _cite, ("cite", "not found", "nothing cited"), {"format": args.format})


def _answered(
    args: argparse.Namespace,
    run: Callable[[argparse.Namespace], int],
    failure: tuple[str, str, str],
    fields: dict[str, Any] | None = None,
) -> int:
    """``run(args)``; with ``--json``, where it does nothing (exit code not 0), why as
    stderr said it, in the JSON a failure is answered with: ``failure`` the command, its
    error and the words for none said, ``fields`` before them (``cite``'s format); the
    papers stderr listed to pick one from by id, as its ``candidates``."""
    if not args.json:
        return run(args)
    with _hearing() as heard:
        code = run(args)
    if code != EXIT_OK:
        command, error, nothing = failure
        said = "; ".join(heard.said) or nothing
        answer = (fields or {}) | _error_json(command, error, said, None)
        found = getattr(args, "found", None)
        if found is not None and "id" in answer:  # the paper was found, then not copied
            answer |= {"id": found.id, "title": _title(found)}
        cited = getattr(args, "cited", ())
        if cited and "citations" in answer:  # the papers found, none of them citable so
            answer["citations"] = [
                {"id": c.paper_id, "key": c.key, "text": c.text, "warnings": list(c.warnings)}
                for c in cited
            ]
            answer["text"] = getattr(args, "cited_text", "")
        answer["candidates"] = _candidates_json(heard.candidates)
        _print_json(answer | _failed_json(args))
    return code


def _cite(args: argparse.Namespace) -> int:
    from tuireader.render.citations import cite_many, joined_citations

    ids, args.sources = _split_ids_and_sources(args.items, first_is_id=args.query is None)
    if args.query is None and not ids:
        raise UsageError(
            "give paper ids to cite, or --query QUERY (find ids with: tuireader search WORDS)"
            + _read_as_lists(args.sources)
        )
    _check_ids(ids)
    if args.query is not None and ids:
        missing = ", ".join(repr(i) for i in ids)
        raise UsageError(f"give paper ids or --query, not both (no such list file: {missing})")
    _check_limit(args)
    # options that do nothing here are said, not left out without a word
    if args.limit is not None and args.query is None:
        raise UsageError("--limit goes with --query; the ids given are cited, all of them")
    if args.abstract and args.format not in ("bibtex", "biblatex", "ris", "csl-json"):
        raise UsageError(
            "--abstract goes into BibTeX and BibLaTeX entries, RIS records and CSL-JSON "
            f"items; --format {args.format} has no place for it"
        )
    if args.query is not None and _asks_detached(args.query):
        return _no_paper_of_marks(args, args.query, "nothing printed")
    session = _session(args) if args.query is not None else _session_for_marks(args, ids, lazy=True)
    left_out = False
    named: list[tuple[Any, str]] = []  # each paper found, with the text that named it
    if args.query is not None:
        _not_utf8(args.query)  # as search says it
        papers = _query_papers(session, args, args.query, limit=args.limit)
        if not papers:
            return EXIT_NOTHING_FOUND
        # a query that is one of a paper's keys finds it, as the reader's search box does
        named = [(paper, args.query) for paper in papers]
    else:
        papers = []
        unknown = []
        ambiguous = False
        for paper_id in ids:
            matches = _papers_by_id(session, paper_id)
            if len(matches) == 1:
                _say_alias(session, paper_id, matches[0])
                papers.append(matches[0])
                named.append((matches[0], paper_id))
            elif matches:
                _ambiguous_id(session, paper_id, matches)
                ambiguous = True
            else:
                unknown.append(paper_id)
        # as cat gives the files it can read: the papers found are cited, in their
        # order, each id that names none (or several) said, and the exit code is 1
        nothing = "nothing printed" if not papers else f"cited the other {_n_papers(papers)}"
        if ambiguous and not unknown:
            _err(nothing)
        if unknown:
            from tuireader.ingest.identity import named_keys, not_in_lists

            said: list[str] = []
            plain: list[str] = []
            marks: list[str] = []
            for text in unknown:  # a DOI or an arXiv id is said as search says it
                keys = named_keys(text)
                mark = _detached_mark(session, text) if not keys else None
                if keys:
                    said.append(not_in_lists(keys[0], _short(keys[0].value)))
                elif mark is not None:  # its paper is in no list read: nothing to cite
                    marks.append(_detached_said(session, text, mark))
                else:
                    plain.append(text)
                    _not_utf8(text, what="id")
            if plain:
                said.append(f"no paper with id {', '.join(_quoted(i) for i in plain)}")
            hint = " (find ids with: tuireader search WORDS)" if said else ""
            _err("; ".join([*said, *marks]) + f"; {nothing}{hint}" + _not_a_file(ids))
        if not papers:
            return EXIT_NOTHING_FOUND
        left_out = bool(unknown) or ambiguous  # cited without them, exit code 1
    from tuireader.ingest.lookup import citing

    # each paper's key is told apart from every other paper's of the library (those of
    # a library read from the cache are kept beside it, worked out once), or is the one
    # of its keys it was asked for by
    known = _keys_asked(session, papers, named)
    # the warnings are of what is printed: the abstract only with --abstract, and never
    # the user's notes, which a printed citation leaves out
    cited = cite_many(
        papers,
        args.format,
        include_abstract=args.abstract,
        library=citing(session.library),
        notes=False,
        keys=known,
    )
    text = joined_citations(cited, args.format)
    _warn_incomplete(cited)
    if not text:
        # only the url format prints nothing for a paper: one with no page of its own
        _err("none of these papers has a URL of its own; nothing printed")
        args.cited = cited  # found, and said by id with --json (each text empty)
        return EXIT_NOTHING_FOUND
    if left_out and args.json:
        # the citations made, in the JSON a failure is answered with (see _answered)
        args.cited, args.cited_text = cited, text
        return EXIT_NOTHING_FOUND
    if args.json:
        _print_json(
            {
                "format": args.format,
                "citations": [
                    {
                        "id": citation.paper_id,
                        "key": citation.key,
                        "text": citation.text,
                        "warnings": list(citation.warnings),
                    }
                    for citation in cited
                ],
                "text": text,
            }
            | _failed_json(args)
        )
        return EXIT_OK
    _file_to_stdout(_safe(text) + "\n")
    return EXIT_NOTHING_FOUND if left_out else EXIT_OK


def _n_papers(papers: Sequence) -> str:
    return "paper" if len(papers) == 1 else f"{len(papers)} papers"


def _no_paper_of_marks(args: argparse.Namespace, query: str, nothing: str) -> int:
    """For ``cite --query`` and ``copy`` asked for the detached marks (``is:detached``):
    a mark is kept for a paper of none of the lists, which is not there to cite or
    copy; said plainly, with how to list the marks, exit 1 (with every list removed as
    well; the library is said to be empty when it keeps no mark either)."""
    _check_filters(query)  # a value a filter cannot take is a usage error all the same
    try:
        session = _session(args)
    except EmptyLibraryError:
        session = _session_of_marks(args)
        if session is None:
            raise
    where = _of_no_list(session, none=_IN_NO_LIST)
    _err(
        f"is:detached finds the triage marks kept for papers {where}: they have no "
        f"paper here to give; {nothing} (tuireader search is:detached lists them, "
        "tuireader export --format json exports them)"
    )
    return EXIT_NOTHING_FOUND


def _query_papers(
    session, args: argparse.Namespace, query: str, *, limit: int | None = None
) -> list:
    """The papers matching ``query`` (triage filters included), best first, or in the
    order its ``sort:`` asks for, as ``search`` gives them; messages to stderr."""
    _check_filters(query)
    engine = _engine(session, args)
    store = _triage_store(session)
    sort = _query_sort(query)
    try:
        # the fit order needs every hit first, then the first ``limit`` of them
        result = engine.search(
            query,
            limit=None if sort == "fit" else limit,
            order="list" if sort == "list" else None,
            resolve=_resolver(store),
        )
        hits, _model, given = _ordered_hits(session, store, list(result.hits), sort)
        given = _order_given(result, given)
        untagged = _unknown_tags(query, store)
        no_fit = _no_fit(store, given) if sort == "fit" and given != sort else None
    finally:
        if store is not None:
            store.close()
    if no_fit:
        _err(no_fit)
    _say_result(result, engine)
    _say_no_match(result, query, untagged, found=bool(hits))
    return [hit.paper for hit in (hits[:limit] if limit is not None else hits)]


def _say_no_match(result, query: str, untagged: str | None = None, *, found: bool = False) -> None:
    """That ``query`` found no paper, with the search's suggestion; nothing more when the
    search's message said why (an identifier that no paper has, a list: naming no list).

    ``untagged`` (:func:`_unknown_tags`) is said in its place, and also when papers were
    found (``found``): ``tag:survy`` names no tag in use, and the tags that are (as
    ``search`` says it), rather than only that nothing matched."""
    if untagged:
        _err(untagged)
        return
    if result.said_why or found:
        return
    _err(_no_match(result, query))


def _no_match(result, query: str) -> str:  # type: ignore[no-untyped-def]
    """That ``query`` found no paper, with the search's suggestion, in words."""
    hint = f" (did you mean: {_short(result.suggestion)})" if result.suggestion else ""
    return f"no papers match {_said_query(query)}{hint}"


def cmd_links(args: argparse.Namespace) -> int:
    _check_ids([args.id])
    _check_one_id(args)
    session = _session_for_marks(args, [args.id], lazy=True)
    paper = _one_paper(session, args.id, json_out=args.json, failed=_failed_json(args))
    if paper is None:
        return EXIT_NOTHING_FOUND
    links = [link for link in paper.links if args.kind is None or link.kind == args.kind]
    what = f"{args.kind} link" if args.kind else "link"
    none = f"{paper.id} has no {what}"
    if args.json:
        # an object, as the other commands answer (and as show gives the same links), so
        # that the lists that could not be read come with it as "problems"
        found = {"id": paper.id, "title": paper.title, "links": [link.to_json() for link in links]}
        # none of them: a failure, said as every --json failure is
        found |= {} if links else {"error": "no link", "message": none}
        _print_json(found | _failed_json(args))
    else:
        for link in links:
            print(_line(link.url))  # one URL per line, whatever the data holds
    if not links:
        _err(none)
    left_out = _left_out(paper)
    if left_out:
        _err(left_out)  # on stderr: what reads the links one per line never sees them
    return EXIT_OK if links else EXIT_NOTHING_FOUND


def _left_out(paper) -> str:
    """The paper's links left out as unsafe, in words and escaped, or ""."""
    from tuireader.ingest.links import left_out_note

    return left_out_note(paper, shown=True)


# -- copy --------------------------------------------------------------------------------

#: what an id typed to ``copy`` looks like: the base32 alphabet of paper ids
_ID_ALPHABET = frozenset("abcdefghijklmnopqrstuvwxyz234567")
#: the shortest beginning of an id ``copy`` takes as an id (shorter ones are words)
_COPY_ID_MIN = 4


def _primary_link(paper):
    from tuireader.render.citations import primary_link

    return primary_link(paper)


def _chosen_link(paper, which: str | None):
    """The link ``--link`` asks for (None: the primary one), or raise UsageError/LookupError."""
    if which is None:
        link = _primary_link(paper)
        if link is None:
            left_out = _left_out(paper)
            raise LookupError(
                f"{paper.id} has no link (--cite FORMAT copies its citation)"
                + (f"; {left_out}" if left_out else "")
            )
        return link
    if which.isdigit():
        number = int(which)
        count = len(paper.links)
        if not 1 <= number <= count:
            raise LookupError(
                f"{paper.id} has no link {number} ({count} link{'s' if count != 1 else ''}; "
                f"tuireader show {paper.id} numbers them)"
            )
        return paper.links[number - 1]
    for link in paper.links:
        if link.kind == which:
            return link
    if which == "paper":
        # the paper's page worked out from its fields (a PMLR key, a DOI), never a
        # project site or a talk's video standing in for it
        link = _primary_link(paper)
        if link is not None and link.kind == "paper":
            return link
    raise LookupError(f"{paper.id} has no {which} link (tuireader links {paper.id} lists them)")


def _clipboard(session):
    """The reader's clipboard chain, for the command line: OSC 52 goes to the
    controlling terminal (when there is one), the fallback file to the data folder."""
    from tuireader.system.clipboard import Clipboard

    return Clipboard(
        osc52_writer=_osc52_writer(),
        fallback_dir=session.paths.clipboard_dir,
        osc52=session.config.osc52,
    )


def _osc52_writer():
    """Writes OSC 52 to /dev/tty, or None when this process has no terminal."""
    from tuireader.system.clipboard import write_osc52_to_tty

    try:
        descriptor = os.open("/dev/tty", os.O_WRONLY | os.O_NOCTTY)
    except OSError:
        return None
    os.close(descriptor)
    return write_osc52_to_tty


def _copy_target(session, args: argparse.Namespace, query: str):
    """The one paper ``query`` (an id, or words) names; None after listing the candidates."""
    word = _id_text(query)
    by_id: list = []
    shaped = " " not in word and len(word) >= _COPY_ID_MIN and set(word) <= _ID_ALPHABET
    if shaped:
        by_id = _papers_by_id(session, word, yearless=False)
        moved = session.moved_ids().get(word, ())
        exact = [p for p in by_id if p.id == word or word in p.aliases or p.id in moved]
        if len(exact) == 1:
            _say_alias(session, word, exact[0])
            return exact[0]
        if exact:  # an alias several papers have: an id, not words
            _ambiguous_id(session, query, exact)
            _err("nothing copied")
            return None
    # a key its list gives the paper (a BibTeX key), as show and cite take it
    single = len(query.split()) == 1
    keyed = _papers_keyed(_by_keys(session), query) if single else ()
    if len(keyed) == 1:
        _say_alias(session, query, keyed[0])  # a key an earlier release gave it
        return keyed[0]
    if keyed:
        _ambiguous_id(session, query, keyed)
        _err("nothing copied")
        return None
    mark = _detached_mark(session, query, beginning=shaped) if not by_id else None
    if mark is not None:  # its paper is in no list read: nothing to copy
        _err(f"{_detached_said(session, query, mark)}; nothing copied")
        return None
    _check_filters(query)
    # an index found current before is opened as it is, as search opens it: only the
    # hits are read, not every paper to check the index against (see ``Session.engine``)
    engine = _engine(session, args, quick=True)
    store = _triage_store(session)
    try:
        result = engine.search(query, limit=_CANDIDATES_SHOWN, resolve=_resolver(store))
        untagged = _unknown_tags(query, store)
    finally:
        if store is not None:
            store.close()
    hits = list(result.hits)
    if by_id and (not hits or (len(by_id) == 1 and hits[0].paper.id == by_id[0].id)):
        if len(by_id) == 1:
            _say_alias(session, word, by_id[0])
            return by_id[0]
        _ambiguous_id(session, query, by_id)
        _err("nothing copied")
        return None
    if by_id:  # both an id's beginning and words that match other papers
        seen = {p.id for p in by_id}
        both = by_id + [h.paper for h in hits if h.paper.id not in seen]
        _report_candidates(
            f"{_said_query(query)} is the beginning of an id and also matches other papers; "
            "nothing copied. Give the full id:",
            both,
        )
        return None
    if not hits and single:
        # a key an earlier release gave a paper without a year (``tailangmorphology``),
        # as show and cite take it: only once no paper matches it as words
        keyed = _papers_keyed_yearless(_by_keys(session), query)
        if len(keyed) == 1:
            _say_alias(session, query, keyed[0])
            return keyed[0]
    _not_utf8(query)  # as search says it
    _say_result(result, engine)
    _say_no_match(result, query, untagged, found=bool(hits))
    if not hits:
        return None
    top = hits[0].score
    close = [h.paper for h in hits if h.score >= top * COPY_MARGIN]
    if len(close) > 1 and args.link is not None and not args.link.isdigit():
        # of papers that match about equally well, those without such a link are not meant
        linked = [paper for paper in close if _has_link(paper, args.link)]
        if not linked:  # none of them has one: no words added would find it
            _report_candidates(
                f"none of the {len(close)} papers that match {_said_query(query)} about equally"
                f" well has a {args.link} link; nothing copied:",
                close,
            )
            return None
        close = linked
    if len(close) > 1:
        if result.total <= len(close):
            many = f"{len(close)} papers match {_said_query(query)} about equally well"
        elif len(close) < len(hits):
            # the few alike among more that match: both said ("3 papers match 'learning'
            # about equally well" read as if 3 matched, where 536 did)
            many = (
                f"the best {len(close)} of the {result.total:,} papers that match"
                f" {_said_query(query)} match it about equally well"
            )
        else:  # every paper weighed alike, and more beyond them: how many match
            many = f"{result.total:,} papers match {_said_query(query)}, the best of them alike"
        _report_candidates(
            f"{many}; nothing copied. Add words, or give an id (tuireader copy ID):", close
        )
        return None
    args.matched = result.total  # the best of them is copied: said with what was copied
    return close[0]


def _has_link(paper, kind: str) -> bool:
    try:
        _chosen_link(paper, kind)
    except LookupError:
        return False
    return True


def cmd_copy(args: argparse.Namespace) -> int:
    """Copy the best hit's link or citation through the reader's clipboard chain."""
    return _answered(args, _copy, ("copy", "not copied", "nothing copied"))


def _copy(args: argparse.Namespace) -> int:
    ids_or_words, args.sources = _split_ids_and_sources(args.items)
    query = " ".join(ids_or_words).strip()
    if not query:
        raise UsageError(
            "give words to search for, or a paper id (find ids with: tuireader search WORDS)"
            + _read_as_lists(args.sources)
        )
    if args.link is not None and args.cite is not None:
        raise UsageError("give --link or --cite, not both")
    from tuireader.model import LINK_KINDS

    if (
        args.link is not None
        and args.link not in LINK_KINDS
        and (not args.link.isdigit() or int(args.link) < 1)
    ):
        raise UsageError(f"--link takes {', '.join(LINK_KINDS)} or a link number (1, 2, …)")
    if _asks_detached(query):
        return _no_paper_of_marks(args, query, "nothing copied")
    session = _session_for_marks(args, [query], lazy=True)
    paper = _copy_target(session, args, query)
    if paper is None:
        return EXIT_NOTHING_FOUND
    args.found = paper  # a failure after this is said of it, by id, with --json too
    warnings: tuple[str, ...] = ()
    if args.cite is not None:
        from tuireader.ingest.lookup import citing
        from tuireader.render.citations import FORMAT_LABELS, format_citation

        # its key as cite gives it, or the one of its keys it was asked for by
        citation = format_citation(
            paper,
            args.cite,
            key=_keys_asked(session, [paper], [(paper, query)])[paper.id],
            library=citing(session.library),
        )
        what = f"{FORMAT_LABELS.get(args.cite, args.cite)} citation"
        if not citation.text:
            _err(f"no {what} for {paper.id}")
            return EXIT_NOTHING_FOUND
        text, one_line, warnings = citation.text, False, tuple(citation.warnings)
    else:
        try:
            link = _chosen_link(paper, args.link)
        except LookupError as exc:
            _err(str(exc))
            return EXIT_NOTHING_FOUND
        text, one_line, what = link.url, True, link.what
    outcome = _clipboard(session).copy(text, what, one_line=one_line)
    about = f"{paper.id}  {_title(paper)}"
    if outcome.refused:
        _err(f"{outcome.notice} ({about})")
        return EXIT_NOTHING_FOUND
    matched = getattr(args, "matched", 1)  # the papers the words match, the best copied
    if args.json:
        found = {"matches": matched}
        _print_json(_copied_json(paper, outcome, warnings) | found | _failed_json(args))
    else:
        print(_safe(outcome.text) if not one_line else _line(outcome.text))
    notes = "; ".join(dict.fromkeys(w.split(":", 1)[0] for w in warnings))
    _err(f"{outcome.headline}: {about}" + (f" — {notes}" if notes else ""))
    if matched > 1:
        _err(
            f"{paper.id} is the best of the {matched:,} papers that match {_said_query(query)} "
            f"(tuireader search {shlex.quote(query)} lists them)"
        )
    if outcome.hint:
        _err(outcome.hint[:1].upper() + outcome.hint[1:])
    if args.verbose and outcome.explanation:
        for line in outcome.explanation.splitlines():
            _err(line)
    return EXIT_OK


def _copied_json(paper, outcome, warnings: Sequence[str]) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    """``copy --json``: the paper (``id``, ``title``), ``what`` was copied and its
    ``text``, the ``carriers`` that took it (``tmux``, ``osc52``, ``system``, ``file``;
    ``confirmed``: whether a clipboard that says so did, the tmux buffer or the local
    one, where OSC 52 is only sent and a file is for copying by hand), each route
    tried (``routes``: ``route``, ``label``, ``ok``, ``detail``), whether it is shown for
    copying by hand (``manual``, with the ``file`` it was saved to), the ``message`` and
    ``hint`` stderr gives, and what the citation lacks (``warnings``)."""
    carried = [attempt for attempt in outcome.attempts if attempt.ok]
    return {
        "id": paper.id,
        "title": _title(paper, None),  # whole: --json is for scripts
        "what": outcome.what,
        "text": outcome.text,
        "carriers": [attempt.route for attempt in carried],
        "confirmed": any(attempt.route in ("tmux", "system") for attempt in carried),
        "routes": [
            {"route": a.route, "label": a.label, "ok": a.ok, "detail": a.detail}
            for a in outcome.attempts
        ],
        "manual": outcome.manual,
        "file": str(outcome.fallback_path) if outcome.fallback_path is not None else None,
        "message": outcome.headline,
        "hint": outcome.hint or None,
        "warnings": list(warnings),
    }


def cmd_triage(args: argparse.Namespace) -> int:
    """Set triage from the command line: one undoable action per call, the same store
    as the reader (safe while a reader is open on the same data folder)."""
    if args.attach is not None:
        return _attach(args)
    if args.merge:
        raise UsageError("--merge goes with --attach PAPER_ID")
    if args.state is None and not args.tag and not args.untag:
        raise UsageError(
            "say what to do: --state keep|maybe|skip|read|new, --tag TAG and/or --untag TAG"
        )
    for tag in args.tag:
        _check_tag_length(tag)
    for tag in (*args.tag, *args.untag):
        if "," in tag:  # the reader's tag editor separates tags with commas
            raise UsageError(f"a tag cannot hold a comma ({tag!r}): give each tag its own --tag")
        if any("\ud800" <= char <= "\udfff" for char in tag):
            raise UsageError(f"the tag {tag!r} is not UTF-8; nothing saved")
    both = {" ".join(tag.split()).casefold() for tag in args.tag}
    for tag in args.untag:
        if " ".join(tag.split()).casefold() in both:
            raise UsageError(f"the tag {tag!r} is given to both --tag and --untag; nothing saved")
    ids, args.sources = _split_ids_and_sources(args.items)
    if not ids:
        raise UsageError(
            "give the ids of the papers to triage (find ids with: tuireader search WORDS)"
            + _read_as_lists(args.sources)
        )
    _check_ids(ids)
    session = _session_for_marks(args, ids)
    from tuireader.triage.store import (
        STATE_WORDS,
        StoreError,
        for_a_change,
        normalize_tag,
    )

    store = _writable_store(session)
    output: _HeldOutput | None = None
    with _stops_held_once_saving():
        try:
            found = _triage_targets(
                session, store, ids, json_out=_unchanged_json(args), id_now=args.id_now
            )
            if found is None:
                if len(ids) > 1:  # the others named papers, and are not changed either
                    _err(f"nothing changed: the {len(ids):,} ids are triaged together or not")
                return EXIT_NOTHING_FOUND
            state = TRIAGE_STATES[args.state] if args.state is not None else None
            before = store.get_many(list(found))
            had = before.values()
            # a detached mark set back to new is cleared whole (its tags and note too),
            # unless a tag is given to keep it by
            cleared = _detached_found(found) if state == "new" and not args.tag else []
            what = [f"now {STATE_WORDS[state]}"] if state else []  # as the status line words it
            # as stored: the characters a tag never holds (an escape, a bidi override) left out
            what += [_put_on(normalize_tag(tag), had) for tag in args.tag]
            untags = [_untag_meant(normalize_tag(tag), had) for tag in args.untag]
            what += [_taken_off(tag, had) for tag in untags]
            if cleared:
                what.append(
                    f"{'the' if len(cleared) == 1 else len(cleared)} detached "
                    f"mark{'s' if len(cleared) != 1 else ''} cleared (state, tags and note)"
                )
            if args.json:
                said = ", ".join(what)

                def answer() -> str:
                    # read inside the change, before it is saved: what the file keeps
                    after = store.get_many(list(found))
                    count = sum(_triage_changes(before[pid], a) for pid, a in after.items())
                    rows = [
                        _changed_json(pid, found, _triage_json(before[pid]), _triage_json(a))
                        for pid, a in after.items()
                    ]
                    return _change_json(args, rows, count, _triaged_said(found, said, count))

                output = _HeldOutput(answer, "their triage is as it was")
            else:
                output = _list_triaged(found, "their triage is as it was")
            changed = store.apply_many(
                list(found),
                state=state,
                tags=args.tag,
                untags=untags,
                cleared=cleared,
                before_saving=output.before_saving,
            )
        except StoreError as error:
            raise _store_failed(error, _not_saved(output, for_a_change(str(error)))) from error
        except ValueError as error:
            raise UsageError(str(error)) from error
        finally:
            store.close()
        _say_triaged(found, ", ".join(what), changed)
        output.saved()
    output.rest()
    return EXIT_OK


def _check_tag_length(tag: str) -> None:
    """Refuse, before anything is read or changed, a ``--tag`` longer than a tag may be
    (a 100,000-character one was saved, and filled the paper's view)."""
    from tuireader.triage.store import StoreError, normalize_tag, tag_too_long

    try:
        why = tag_too_long(normalize_tag(tag))
    except StoreError:  # nothing once cleaned: said where it is taken
        return
    if why:
        raise UsageError(f"{why}; nothing saved (keep the long text in a note)")


def _unchanged_json(args: argparse.Namespace) -> dict[str, Any] | None:
    """With ``--json``, what ``triage`` and ``note`` answer with besides why when an id
    names no paper, or several (:func:`_one_paper`): no paper changed, nothing to undo,
    and the lists that could not be read; None without ``--json``."""
    if not getattr(args, "json", False):
        return None
    return {"papers": [], "changes": 0, "undo": None} | _failed_json(args)


def _triage_json(triage) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    """A paper's triage as ``triage --json`` gives it before and after the change."""
    return {"state": triage.state, "tags": list(triage.tags)}


def _triage_changes(before, after) -> int:  # type: ignore[no-untyped-def]
    """How many changes took a paper's triage from ``before`` to ``after``, as the undo
    counts them: its state, each tag added or taken off, and its note."""
    tags = set(before.tags) ^ set(after.tags)
    return (before.state != after.state) + len(tags) + (before.note != after.note)


def _changed_json(
    paper_id: str, found: dict[str, Any], before: dict[str, Any], after: dict[str, Any]
) -> dict[str, Any]:
    """A paper a ``triage`` or ``note`` change is for, as ``--json`` gives it: its
    ``id``, ``title`` (a detached mark's, the one kept with it: ``detached`` says which),
    its triage ``before`` and ``after`` the change, and whether they differ
    (``changed``: false for a paper that was so already)."""
    from tuireader.triage.store import DetachedMark

    target = found[paper_id]
    if target is None or isinstance(target, DetachedMark):
        title = target.title if target is not None else ""
    else:
        title = _title(target)
    return {
        "id": paper_id,
        "title": title,
        "detached": target is None or isinstance(target, DetachedMark),
        "before": before,
        "after": after,
        "changed": before != after,
    }


def _change_json(
    args: argparse.Namespace, papers: list[dict[str, Any]], changes: int, message: str
) -> str:
    """The JSON ``triage --json`` and ``note --json`` print: the ``papers`` the change
    is for, how many ``changes`` it makes, the command that takes it back as one step
    (``undo``; null when nothing changed), the ``message`` stderr gives, and the lists
    that could not be read (``problems``)."""
    from tuireader.render.safetext import to_json

    undo = None
    if changes:
        undo = "tuireader undo"
        if args.data_dir:
            undo += f" --data-dir {shlex.quote(str(args.data_dir))}"
    data = {"papers": papers, "changes": changes, "undo": undo, "message": message}
    return _json_for_stdout(to_json(data | _failed_json(args), indent=2)) + "\n"


def _attach(args: argparse.Namespace) -> int:
    """``triage MARK_ID --attach PAPER_ID``: a detached mark given whole (state, tags,
    note) to the paper of the lists it is for, which the triage file could not find
    (a title reworded and its abstract rewritten), as one undo step. A paper with marks
    of its own is refused unless ``--merge``."""
    if args.state is not None or args.tag or args.untag:
        raise UsageError(
            "--attach moves a detached mark whole: give --state, --tag or --untag "
            "in a triage of its own, before or after"
        )
    if args.json:
        raise UsageError("--attach takes no --json: it says what it moved on stderr")
    ids, args.sources = _split_ids_and_sources(args.items)
    if len(ids) != 1:
        raise UsageError(
            "give the id of one detached mark to attach (tuireader search is:detached "
            f"lists them){_not_a_file(ids[1:])}"
        )
    _check_ids([*ids, args.attach])
    session = _session(args)
    from tuireader.triage.store import (
        STATE_WORDS,
        DetachedMark,
        MarksHeld,
        StoreError,
        for_a_change,
    )

    store = _writable_store(session)
    output: _HeldOutput | None = None
    with _stops_held_once_saving():
        try:
            found = _triage_targets(session, store, ids)
            if found is None:
                return EXIT_NOTHING_FOUND
            ((mark_id, mark),) = found.items()
            if mark is not None and not isinstance(mark, DetachedMark):
                raise UsageError(
                    f"{mark_id} is a paper of the lists, not a detached mark: --attach gives "
                    "a detached mark to its paper (tuireader search is:detached lists them)"
                )
            paper = _one_paper(session, args.attach)
            if paper is None:
                return EXIT_NOTHING_FOUND
            # the paper holding the id the mark's paper had is the one it is most likely
            # for (its title reworded): naming it is meant, not an old id mistaken
            was = mark.was if isinstance(mark, DetachedMark) else ()
            reused = paper.id not in was and _reused_id(session, args.attach, paper) is not None
            if not args.id_now and reused:
                raise UsageError(
                    "nothing changed: give the id the paper you mean has now, or add "
                    f"--id-now to take {_id_text(args.attach)} for '{_title(paper)}' as meant"
                )
            output = _HeldOutput(
                _line(f"{paper.id}  {_title(paper)}") + "\n", "the triage is as it was"
            )
            done = store.attach(
                mark_id, paper.id, merge=args.merge, before_saving=output.before_saving
            )
        except MarksHeld as held:
            raise UsageError(
                f"nothing changed: {paper.id} '{_title(paper)}' has marks of its own "
                f"({_marks_words(held.triage)}); add --merge to add the detached mark's to "
                "them (its state is kept where it has one)"
            ) from held
        except StoreError as error:
            raise _store_failed(error, _not_saved(output, for_a_change(str(error)))) from error
        except ValueError as error:
            raise UsageError(str(error)) from error
        finally:
            store.close()
        title = f" (“{_line(mark.title)}”)" if isinstance(mark, DetachedMark) and mark.title else ""
        kept = (
            f"; its own state stays {STATE_WORDS[done.kept_state]} (the mark's: "
            f"{STATE_WORDS[done.mark_state]})"
            if done.kept_state
            else ""
        )
        _err(
            f"the detached mark {mark_id}{title} is now on {paper.id}: "
            f"{_marks_words(done.triage)}{kept} ({done.changes} change"
            f"{'s' if done.changes != 1 else ''}; tuireader undo, or z in the reader, "
            f"undoes {'it' if done.changes == 1 else 'them'})"
        )
        output.saved()
    output.rest()
    return EXIT_OK


def _marks_words(triage) -> str:  # type: ignore[no-untyped-def]
    """A paper's marks in a few words: "kept, tags 'rl', 'robots', a note"."""
    from tuireader.triage.store import DEFAULT_STATE, STATE_WORDS, tag_shown

    words = [STATE_WORDS[triage.state]] if triage.state != DEFAULT_STATE else []
    if triage.tags:
        tags = ", ".join(f"'{tag_shown(tag)}'" for tag in triage.tags)
        words.append(f"tag{'s' if len(triage.tags) != 1 else ''} {tags}")
    if triage.note:
        words.append("a note")
    return ", ".join(words) or "no marks"


def cmd_import(args: argparse.Namespace) -> int:
    """Take up the triage an export carries (``tuireader export`` on another machine, or
    of another data folder) onto the papers of the lists read, as one undo step: a
    decision made here differently is kept, and said; a paper of none of the lists keeps
    its marks as a detached mark, which follows it when a list holds it."""
    from pathlib import Path

    from tuireader.triage.carry import (
        NotAnExport,
        NoTriage,
        export_marks,
        match_papers,
        read_export,
        settled,
    )
    from tuireader.triage.store import Carried, CarryReport, StoreError, for_a_change

    given = Path(args.file if args.file != "-" else "stdin")
    try:
        if args.file == "-":
            fmt, marks = export_marks(sys.stdin.buffer.read(), given, _err)
        else:
            fmt, marks = read_export(given, _err)
    except NoTriage as error:
        # a file that carries no marks, as an export of papers with none does
        _err(_safe(str(error)))
        if args.json:
            empty = _import_json(given, error.fmt, 0, CarryReport({}, {}, 0), {}, ())
            _print_json(empty | {"error": "no triage", "message": _safe(str(error))})
        return EXIT_NOTHING_FOUND
    except NotAnExport as error:
        raise UsageError(f"{_safe(str(error))}; nothing taken up") from error
    try:
        session = _session(args)
    except EmptyLibraryError:
        # every list removed: the marks taken up are kept detached, each following its
        # paper when a list holds it, as those of papers outside the lists that remain
        session = _session_of_marks(args, none_kept=True)
    library = session.library.papers
    marked = [mark for mark in marks if not mark.is_default]
    papers = match_papers(marked, library) if marked else []
    # a note a reference manager wrote back with its paper's own (see settled)
    pairs = zip(marked, papers, strict=True)
    marked = [m if p is None or m.resaved else settled(m, p) for m, p in pairs]
    left_out: list[str] = []
    if any(mark.resaved for mark in marks):
        marked, papers, left_out = _resaved_marks(given, marked, papers)
    if not marked:
        _err(f"{given}: {len(marks):,} papers, none with a state, tag or note: nothing to take up")
        if args.json:
            _print_json(_import_json(given, fmt, 0, CarryReport({}, {}, 0), {}, (), left_out))
        return EXIT_NOTHING_FOUND
    named = {paper.id for paper in library} | {alias for p in library for alias in p.aliases}
    carried: list[Carried] = []
    titles: dict[str, str] = {}
    detached: list[str] = []
    as_keywords = fmt == "bibtex"  # its tags are keywords: "to read; later" wrote "to read later"
    for mark, paper in zip(marked, papers, strict=True):
        if paper is not None:
            carried.append(
                Carried(paper.id, mark.state, mark.tags, mark.note, as_keywords=as_keywords)
            )
            titles[paper.id] = _title(paper)
            continue
        target = _detached_id(mark.paper_id, mark.identity, named)
        carried.append(
            Carried(target, mark.state, mark.tags, mark.note, mark.identity, as_keywords)
        )
        titles[target] = _line(mark.identity.title) or "(no title)"
        detached.append(target)
    held: list[_HeldOutput] = []

    def answer(report: CarryReport) -> str:
        if args.json:
            from tuireader.render.safetext import to_json

            data = _import_json(given, fmt, len(marked), report, titles, detached, left_out)
            return _json_for_stdout(to_json(data, indent=2)) + "\n"
        would = "would take up " if args.dry_run else ""
        waiting = set(detached)
        # a mark on a paper of none of the lists is kept as a detached mark: said on its
        # line, as triage says one, so the lines tell it from a mark a paper takes up
        return "".join(
            _line(
                f"{pid}  {titles[pid]}  ({'detached mark; ' if pid in waiting else ''}"
                f"{would}{', '.join(words)})"
            )
            + "\n"
            for pid, words in report.taken.items()
        )

    def before_saving(report: CarryReport) -> None:
        held.append(_HeldOutput(answer(report), "the triage is as it was"))
        held[0].before_saving()

    store = session.open_store(read_only=True) if args.dry_run else _writable_store(session)
    with _stops_held_once_saving():
        try:
            if args.dry_run:
                report = store.carry_over(carried, dry_run=True, theirs=args.replace)
            else:
                report = store.carry_over(carried, theirs=args.replace, before_saving=before_saving)
        except StoreError as error:
            said = for_a_change(str(error))
            raise _store_failed(error, _not_saved(held[0] if held else None, said)) from error
        finally:
            store.close()
        _say_imported(
            given,
            len(marked),
            report,
            titles,
            set(detached),
            dry_run=args.dry_run,
            replace=args.replace,
            lists=bool(session.library.lists),
        )
        if held:
            held[0].saved()
    if args.dry_run:
        sys.stdout.write(answer(report))
    elif held:
        held[0].rest()
    return EXIT_OK


def _resaved_marks(
    given: Any, marks: Sequence[Any], papers: Sequence[Any]
) -> tuple[list, list, list[str]]:
    """The marks of a BibTeX export a reference manager saved again, each with the paper
    it was found for, and the titles of the entries left out; what was read is said on
    stderr. The manager left out what told the triage from the entry's own and each
    paper's id: an entry is found by what
    identifies its paper (DOI, arXiv id, title and first author, abstract), its tags and
    note are its keywords and annote less its paper's own (:func:`settled`), and an
    entry of no paper of the lists read is left out, and named, where an export's own
    would be kept as a detached mark (with no id, it would take keywords and an annote
    of the entry's for the user's)."""
    from tuireader.triage.carry import settled

    name = _line(str(given))
    _err(
        f"{name}: a tuireader BibTeX export saved again by a reference manager, without "
        "the comments that gave each paper's id: each entry is found among the papers of "
        "these lists by its DOI, arXiv id, title and first author; its state and tags are "
        "read from its keywords and its note from its annote, less its paper's own"
    )
    kept: list = []
    found: list = []
    missed: list[str] = []
    for mark, paper in zip(marks, papers, strict=True):
        if paper is None:
            missed.append(mark.identity.title)
            continue
        mark = settled(mark, paper)
        if not mark.is_default:
            kept.append(mark)
            found.append(paper)
    if missed:
        _err(
            f"{name}: {len(missed):,} entr{'y' if len(missed) == 1 else 'ies'} found no "
            "paper of these lists, left out with any marks "
            f"{'it carries' if len(missed) == 1 else 'they carry'} (read the list that holds "
            f"{'it' if len(missed) == 1 else 'them'} with the import):"
        )
        for title in missed:
            _err(f"  {_line(title) or '(no title)'}")
    return kept, found, missed


def _detached_id(paper_id: str, identity, named: set[str]) -> str:  # type: ignore[no-untyped-def]
    """The id a mark on a paper of none of the lists is kept under: the one it had where
    it was exported, unless a paper of the lists has that id now (another paper: it
    would take the mark), where one is made for it as :meth:`Store.reattach` makes one."""
    from tuireader.ingest.identity import digest

    paper_id = paper_id.lower()
    if paper_id and paper_id not in named:
        return paper_id
    made = "d" + digest(f"{paper_id} {identity.title_key} {identity.abstract_digest}")
    return made[: max(len(paper_id), 8)]


def _say_imported(
    given: Any,
    count: int,
    report,  # type: ignore[no-untyped-def]
    titles: dict[str, str],
    detached: set[str],
    *,
    dry_run: bool,
    replace: bool = False,
    lists: bool = True,
) -> None:
    """What ``import`` did, on stderr: the papers that took marks up (listed on
    stdout), those whose marks here differ and stay (each named, and how to take the
    file's in their place: ``replace`` says it was asked already), those that take
    nothing up yet hold more here than the file carries (each named), those of none of the
    lists (kept detached; ``lists`` false: the library holds none, and every mark is
    kept so), and how to take it back."""
    counts = _import_counts(count, report, detached)
    for pid, words in report.kept_here.items():
        _err(f"{pid}  {titles[pid]}: kept as it is here ({'; '.join(words)})")
    for pid, words in report.more_here.items():
        _err(f"{pid}  {titles[pid]}: holds more here than the file ({'; '.join(words)})")
    for pid, words in report.refused.items():
        _err(f"{pid}  {titles[pid]}: left out of the file's marks ({'; '.join(words)})")
    would = "would be " if dry_run else ""
    parts = [f"{counts['taken']:,} {would}taken up by papers of these lists"] if lists else []
    if counts["detached"]:
        where = "of none of these lists" if lists else "of no list (your library holds none)"
        add = "" if lists else "tuireader add FILE|DIR adds a list; "
        parts.append(
            f"{counts['detached']:,} on papers {where} {would}kept as detached "
            f"marks, which follow their papers when a list holds them ({add}tuireader "
            "search is:detached lists them)"
        )
    instead = "" if replace else "; import --replace takes the file's in their place"
    if report.only_here:
        # --replace: the file's marks win, yet none is taken off here
        instead = (
            "; an import takes no mark off: a state set back to new, a tag taken off or a "
            "note cleared where the file was made stays here"
        )
    # every paper named above as kept as it is here is counted as such: those that took
    # up something else besides are counted among those taken up, so the parts add up,
    # and said in all after them ("5 lines above, 2 decided otherwise here" read wrong)
    in_part = len(report.kept_here) - counts["kept_here"]
    if counts["kept_here"]:
        above = "" if in_part else f" (above{instead})"
        parts.append(
            f"{counts['kept_here']:,} decided otherwise here, kept as "
            f"{'it is' if counts['kept_here'] == 1 else 'they are'}{above}"
        )
    if counts["same"]:
        parts.append(f"{counts['same']:,} already so")
    if in_part:
        kept_in_all = len(report.kept_here)
        parts[-1] += (
            f"; {kept_in_all:,} of them keep{'s' if kept_in_all == 1 else ''} something "
            f"decided here (above: {in_part:,} {'would take' if dry_run else 'took'} up "
            f"the rest{instead})"
        )
    if counts["refused"]:
        # not "decided otherwise here": nothing here is in their way, and --replace
        # takes them no more than an import does
        refused = counts["refused"]
        parts.append(
            f"{refused:,} {'has' if refused == 1 else 'have'} a mark too long to be kept, "
            "left out (above)"
        )
    if counts["more_here"]:
        # not "already so": the file carries less than these papers hold here, and an
        # import, --replace too, takes no mark off
        more = counts["more_here"]
        parts.append(
            f"{more:,} hold{'s' if more == 1 else ''} more here than the file, kept as "
            f"{'it is' if more == 1 else 'they are'} (above; an import takes no mark off, "
            "--replace neither)"
        )
    if dry_run:
        ending = "a dry run: nothing saved"
    elif report.changes:
        ending = (
            f"{report.changes:,} change{'s' if report.changes != 1 else ''}; tuireader undo, "
            f"or z in the reader, undoes {'it' if report.changes == 1 else 'them'}"
        )
    else:
        ending = "nothing changed"
    name = _line(str(given))
    _err(
        f"{name}: {count:,} paper{'s' if count != 1 else ''} with marks: {', '.join(parts)} ({ending})"
    )


def _import_counts(count: int, report, detached: set[str]) -> dict[str, int]:  # type: ignore[no-untyped-def]
    """How many of the ``count`` papers with marks were taken up, kept detached, kept as
    they are here, holding more here than the file, and already so: each paper in the
    first of these it is in, so that they add up to ``count``. A paper that took up its state and kept its note here is
    among those taken up (its note is named among those kept as they are, above): said
    in both, "4 papers with marks: 1 taken up, 1 decided otherwise here, 3 already so"
    made 5."""
    taken = sum(1 for pid in report.taken if pid not in detached)
    waiting = len(report.taken) - taken
    kept_here = sum(1 for pid in report.kept_here if pid not in report.taken)
    more = len(report.more_here)  # each took nothing up and kept nothing decided here
    # a mark of the file left out, too long, and nothing else of it taken up or kept
    refused = sum(
        1
        for pid in report.refused
        if pid not in report.taken and pid not in report.kept_here and pid not in report.more_here
    )
    return {
        "taken": taken,
        "detached": waiting,
        "kept_here": kept_here,
        "more_here": more,
        "refused": refused,
        "same": max(count - taken - waiting - kept_here - more - refused, 0),
    }


def _import_json(
    given: Any,
    fmt: str,
    count: int,
    report,  # type: ignore[no-untyped-def]
    titles: dict[str, str],
    detached: Sequence[str],
    left_out: Sequence[str] = (),
) -> dict[str, Any]:
    """``import --json``: what each paper took up (``taken``, ``detached`` for papers of
    none of the lists), what stayed as it is here (``kept_here``), the papers that take
    nothing up yet hold marks here the file lacks (``more_here``), each with the note here
    and the file's (``note``: ``here``, ``file``) where one took the other's place or
    was kept in its place, the counts, and the
    entries of an export a reference manager saved again that found no paper
    (``left_out``, each its ``title``: without its paper's id none is kept detached)."""
    notes = report.notes

    def listed(ids: Iterable[str], key: str, words: dict[str, tuple[str, ...]]) -> list:
        entries = []
        for pid in ids:
            entry: dict[str, Any] = {"id": pid, "title": titles.get(pid, ""), key: list(words[pid])}
            if pid in notes:
                # whole, where the line names them cut: the one here and the file's
                entry["note"] = {"here": notes[pid][0], "file": notes[pid][1]}
            entries.append(entry)
        return entries

    waiting = set(detached)
    return {
        "file": str(given),
        "format": fmt,
        "marked": count,
        "changes": report.changes,
        "taken": listed([p for p in report.taken if p not in waiting], "took", report.taken),
        "detached": listed([p for p in report.taken if p in waiting], "took", report.taken),
        "kept_here": listed(report.kept_here, "differs", report.kept_here),
        # took nothing up, nothing decided otherwise, yet more here than in the file
        "more_here": listed(report.more_here, "differs", report.more_here),
        # marks of the file no paper may hold (too long), left out
        "refused": listed(report.refused, "left_out", report.refused),
        # each paper once (those of "taken" that kept something here are not counted
        # again with "kept_here"): they add up to "marked"
        "counts": _import_counts(count, report, waiting),
        "left_out": [{"title": title} for title in left_out],
    }


def cmd_note(args: argparse.Namespace) -> int:
    """A paper's note from the command line: printed, or set, added to or cleared on
    every paper named as ONE undoable action, in the store the reader's note editor
    saves to (safe while a reader is open: its editor, open on a note changed here,
    says so rather than save over it)."""
    ids, args.sources = _split_ids_and_sources(args.items)
    if "-" in args.sources and "-" in (args.set, args.append):
        # stdin is read once: as the note's text it leaves an empty list behind
        raise UsageError(
            "stdin can't be both the note's text and a list: give the list's file by "
            "name, or the text after --set or --append"
        )
    if not ids:
        raise UsageError(
            "give the id of a paper (find ids with: tuireader search WORDS)"
            + _read_as_lists(args.sources)
        )
    _check_ids(ids)
    if args.set is None and args.append is None and not args.clear:
        if len(ids) > 1:
            # 'note ID papres.json': the list misspelt was taken for a second id
            raise UsageError(
                "give one id to print its note, or say what to do: --set TEXT, "
                f"--append TEXT or --clear{_not_a_file(ids[1:])}"
            )
        return _print_note(args, ids[0])
    text = ""
    if not args.clear:
        text = _note_text(args.set if args.set is not None else args.append)
    from tuireader.triage.store import StoreError, for_a_change

    session = _session_for_marks(args, ids)
    store = _writable_store(session)
    output: _HeldOutput | None = None
    what = (
        "note cleared"
        if args.clear
        else "note set"
        if args.set is not None
        else "text added to the note"
    )
    with _stops_held_once_saving():
        try:
            found = _triage_targets(
                session, store, ids, json_out=_unchanged_json(args), id_now=args.id_now
            )
            if found is None:
                return EXIT_NOTHING_FOUND
            if args.json:
                before = store.get_many(list(found))

                def answer() -> str:
                    # read inside the change, before it is saved: what the file keeps
                    after = store.get_many(list(found))
                    count = sum(a.note != before[pid].note for pid, a in after.items())
                    rows = [
                        _changed_json(pid, found, {"note": before[pid].note}, {"note": a.note})
                        for pid, a in after.items()
                    ]
                    return _change_json(args, rows, count, _triaged_said(found, what, count))

                output = _HeldOutput(answer, "the note is as it was")
            else:
                output = _list_triaged(found, "the note is as it was")
            changed = store.set_notes(
                list(found),
                text,
                append=args.append is not None,
                before_saving=output.before_saving,
            )
        except StoreError as error:
            raise _store_failed(error, _not_saved(output, for_a_change(str(error)))) from error
        finally:
            store.close()
        _say_triaged(found, what, changed)
        output.saved()
    output.rest()
    return EXIT_OK


def _note_text(given: str) -> str:
    """The text of ``--set`` or ``--append``: as given, or stdin's for ``-``. Empty
    text (nothing but space) and text that is not UTF-8 are refused: a command that
    printed nothing, or bytes, in a pipe must not wipe a note."""
    from tuireader.triage.store import normalize_note, note_controls

    where = "the text given"
    if given == "-":
        where = "the text on stdin"
        stream = sys.stdin
        if stream is None:
            raise UsageError("stdin is closed; give the note's text after --set or --append")
        if _is_terminal(stream):
            _err("reading the note from stdin (Ctrl+D ends it)")
        raw = getattr(stream, "buffer", None)
        data = raw.read() if raw is not None else stream.read().encode("utf-8", "surrogateescape")
        try:
            given = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise UsageError(
                f"{where} is not UTF-8 (byte {data[error.start]:#04x} at offset {error.start}); "
                "nothing saved"
            ) from None
    if any("\ud800" <= char <= "\udfff" for char in given):
        raise UsageError(f"{where} is not UTF-8; nothing saved")
    if not normalize_note(given):
        raise UsageError(f"{where} is empty: --clear clears a note; nothing saved")
    controls = note_controls(given)
    if controls:
        # they would act on the terminal the note is shown in: kept as what they are
        held = "1 control character" if controls == 1 else f"{controls:,} control characters"
        _err(
            f"{where} holds {held} (terminal codes): the note keeps them as symbols (␛ for Escape)"
        )
    return given


def _print_note(args: argparse.Namespace, text: str) -> int:
    """The note of the paper (or detached mark) ``text`` names, on stdout."""
    session = _session_for_marks(args, [text])
    store = _triage_store(session, args=args)
    try:
        nothing = {"note": None} | _failed_json(args) if args.json else None
        found = _triage_targets(session, store, [text], json_out=nothing)
        if found is None:
            return EXIT_NOTHING_FOUND
        from tuireader.triage.filters import triage_of

        ((paper_id, _paper),) = found.items()
        note = triage_of(store, [paper_id])[paper_id].note
    finally:
        if store is not None:
            store.close()
    said = None if note else f"{paper_id} has no note"
    if said:
        _err(said)
    if args.json:
        shown = _changed_json(paper_id, found, {}, {})
        del shown["before"], shown["after"], shown["changed"]
        none = {"error": "no note"} if said else {}  # a failure, said as every one is
        _print_json(shown | {"note": note, "message": said} | none | _failed_json(args))
    elif note:
        print(_safe(note))
    return EXIT_OK if note else EXIT_NOTHING_FOUND


def cmd_undo(args: argparse.Namespace) -> int:
    """Take back the last triage action of the data folder, whoever made it: a command
    (``triage``, ``note``) or a reader, open or closed; a reader open on the folder
    shows it within a second or so, as it shows the commands' own changes."""
    return _step(args, redo=False)


def cmd_redo(args: argparse.Namespace) -> int:
    """Make again the step the last undo of the data folder took back, whoever undid it
    (``tuireader undo`` or a reader's z), as ``undo`` says and lists it; the step redone
    is a new action, which undo (or z in a reader) takes back in turn."""
    return _step(args, redo=True)


def _step(args: argparse.Namespace, *, redo: bool) -> int:
    """``undo``, or with ``redo`` ``redo``: one step taken back, or made again."""
    from tuireader.system.paths import resolve
    from tuireader.triage.store import Store, StoreError, for_a_change

    word, done = ("redo", "redone") if redo else ("undo", "undone")
    path = resolve(args.data_dir).state_db
    if not path.exists():
        return _nothing_undone(
            args, f"nothing to {word}: no triage was saved in this data folder", word
        )
    store = Store.open(path)
    # a stop as the step is taken back waits until that is said: ended with 130 and
    # nothing said, undo run again took back the step before too
    with _stops_held_once_saving():
        _STOPS.hold()
        try:
            result = store.redo() if redo else store.undo()
            identities = store.identities(result.paper_ids) if result is not None else {}
        except StoreError as error:
            nothing = f"Nothing was {done}"
            raise _store_failed(error, for_a_change(str(error), nothing)) from error
        finally:
            store.close()
        if result is None:
            return _nothing_undone(args, f"nothing to {word}", word)
        titles = {pid: _stored_title(identities.get(pid)) for pid in result.paper_ids}
        said = result.message
        said = said[:1].lower() + said[1:]  # "undid: kept back to new for 1 paper"
        if len(result.paper_ids) == 1 and titles[result.paper_ids[0]]:
            # as the reader's notice names it, a huge title cut as every listing cuts it
            said += f" (“{_cut_long(titles[result.paper_ids[0]], LISTED_TITLE)}”)"
        _err(said)

    def listed() -> None:
        if args.json:
            _print_json(
                {
                    done: result.summary,
                    "kind": result.kind,
                    # the command line's own steps are made "" here: said where (for a
                    # redo, where the step was undone)
                    "made": result.made or "on the command line",
                    "at": result.at,
                    "papers": [{"id": pid, "title": title} for pid, title in titles.items()],
                    "left": list(result.left),
                    "message": said,
                }
            )
            return
        for paper_id, title in titles.items():
            print(_line(f"{paper_id}  {_cut_long(title, LISTED_TITLE)}" if title else paper_id))

    refused = _refused_output(listed)
    if refused is not None:
        # the step is taken back whatever the output does: a script that ran undo again
        # on a 2 would take back the step before too
        again = "make again the step undone before" if redo else "take back the step before"
        raise UsageError(
            f"could not write the output: {refused}; the {word} is done all the same "
            f"({word} again would {again})"
        )
    return EXIT_OK


def _nothing_undone(args: argparse.Namespace, message: str, word: str = "undo") -> int:
    """``undo`` (or ``redo``, ``word``) with nothing to take back: said, and with
    ``--json`` as its answer."""
    _err(message)
    if args.json:
        _print_json(_error_json(word, f"nothing to {word}", message, None))
    return EXIT_NOTHING_FOUND


def cmd_recover(args: argparse.Namespace) -> int:
    """Carry what can be read of a damaged triage file over to a fresh one in its place,
    keeping the damaged file beside it (its name on stdout). A sound file, or one a
    reader has open, is left as it is."""
    from tuireader.system.paths import resolve
    from tuireader.triage.recover import recover

    result = recover(resolve(args.data_dir).state_db)
    _err(result.message)
    if result.kept is not None:
        print(_line(str(result.kept)))
    if result.outcome in ("missing", "sound"):
        return EXIT_NOTHING_FOUND
    return EXIT_OK if result.outcome == "recovered" else EXIT_USAGE


def _stored_title(identity) -> str:
    """A title the triage file keeps with a paper's marks, as ``_title`` shows one
    (``~`` marks one derived from the abstract); "" when it keeps none."""
    if identity is None or not identity.title:
        return ""
    from tuireader.render.textrender import display_title

    return ("" if identity.title_key else "~ ") + display_title(identity.title)


def _writable_store(session):
    """The data folder's triage store, to write to (as the reader's, it keeps with each
    mark what identifies its paper); a :class:`TriageFileError` when it cannot be opened."""
    from tuireader.triage.store import StoreError, for_a_change

    try:
        return session.open_store()
    except StoreError as error:
        raise TriageFileError(for_a_change(str(error))) from error


def _triage_targets(
    session,
    store,
    ids: Sequence[str],
    *,
    json_out: dict[str, Any] | None = None,
    id_now: bool = True,
) -> dict[str, Any] | None:
    """The papers ``ids`` name for a triage change, by their ids now (each once: a
    paper named twice, or by two beginnings, counts once) with the paper; a detached
    mark of ``store`` (None: no triage file) named by its whole id (``search
    is:detached`` lists them), or by a beginning of it that names no paper and no other
    mark, is there too, with the mark (None: the session does not
    know it), so that it can be changed or set back to new all the same. None after saying why an id names no paper, or several: with ``json_out``
    (the fields of the command's answer) as JSON on stdout, as ``show --json`` says it.

    An id a marked paper had before its list changed, given since to another paper, is
    said (:func:`_reused_id`); unless ``id_now`` (the user said the paper holding it now
    is meant) nothing is changed then, a :class:`UsageError`: a mark made on an id
    kept from before would go to a paper the user never chose."""
    from tuireader.triage.store import StoreError

    found: dict[str, Any] = {}
    detached: set[str] = set()
    try:
        if store is not None:
            detached = store.detached_ids({p.id for p in session.library.papers})
    except StoreError:
        pass
    hint = _not_a_file(ids)
    reused: list[str] = []
    for text in ids:
        if text.lower() in detached:
            found.setdefault(text.lower(), _detached_mark(session, text))
            continue
        # the beginning of one detached mark's id, as of a paper's, when no paper's is
        wanted = _id_text(text)
        begun = [paper_id for paper_id in detached if wanted and paper_id.startswith(wanted)]
        if len(begun) == 1 and not _papers_by_id(session, text):
            found.setdefault(begun[0], _detached_mark(session, begun[0]))
            continue
        paper = _one_paper(session, text, hint=hint, json_out=json_out is not None, failed=json_out)
        if paper is None:
            return None
        if not id_now and _reused_id(session, text, paper) is not None:
            if _reused_id(session, text, paper, detached=False) is None:
                _say_set_aside(session, paper)  # its marks went detached: said as show says it
            reused.append(f"{_id_text(text)} for '{_title(paper)}'")
        found.setdefault(paper.id, paper)
    if reused:
        raise UsageError(
            "nothing changed: give the id the paper you mean has now (tuireader search "
            f"WORDS finds it), or add --id-now to take {'; '.join(reused)} as meant"
        )
    return found


def _list_triaged(found: dict[str, Any], as_it_was: str) -> _HeldOutput:
    """Each paper a triage change is for, one a line on stdout (its id and title), as a
    :class:`_HeldOutput`: its ``before_saving`` goes to the store, its ``rest`` is
    called once the store is closed."""
    lines = "".join(_line(_triaged_line(paper_id, found)) + "\n" for paper_id in found)
    return _HeldOutput(lines, as_it_was)


def _triaged_line(paper_id: str, found: dict[str, Any]) -> str:
    """A paper a triage change is for: its id and title; a detached mark's, the title
    kept with it and the id its paper had (see :func:`_was`)."""
    from tuireader.triage.store import DetachedMark

    target = found[paper_id]
    if target is None:
        return f"{paper_id}  (detached mark)"
    if isinstance(target, DetachedMark):
        title = f"{target.title}  " if target.title else ""
        was = f", was {', '.join(target.was)}" if target.was else ""
        return f"{paper_id}  {title}(detached mark{was})"
    return f"{paper_id}  {_title(target)}"


class _HeldOutput:
    """A triage change's output, written around the saving of the change.

    Made once the change is made, before it is saved (``text``, or what it gives then:
    the papers' triage read inside the change, which is what the file keeps). Into a
    file it is written then: output that cannot be written (a full disk, ``>
    /dev/full``) leaves the change unsaved and says so, so that running the command
    again is right, and lines written to a file whose change then fails to save are
    taken out again. Saved first, ``note --append`` said "could not write" with 2, and
    a script that tried again added the line twice.

    Into a pipe or terminal, where nothing written can be taken back, it is written
    once the change is saved and the store's write lock let go: a change whose saving
    fails (a locked or full triage file) shows no paper as changed there, only why it
    was not saved; and a reader that is slow (``| less`` on its first page, a script
    reading nothing until the end) keeps no other command, nor the reader's own marks,
    waiting on the triage file. A pipe cannot be full as a disk is, so what it refuses
    then is only its reader going away, which stops nothing.
    """

    def __init__(self, text: str | Callable[[], str], as_it_was: str) -> None:
        self._text = text
        self._as_it_was = as_it_was
        self._left = b""
        self._fd: int | None = None
        #: where the lines start and end in a file stdout is (None: not a file, or
        #: nothing written yet), to take them out again if saving fails
        self._span: tuple[int, int] | None = None
        #: whether lines reached stdout before saving
        self._shown = False

    def before_saving(self) -> None:
        refused = _refused_output(self._write_now)
        if refused is not None:
            raise UsageError(
                f"could not write the output: {refused}; nothing saved ({self._as_it_was})"
            )
        _STOPS.hold()  # the change is saved next: a stop waits until that is said

    def not_saved(self, message: str) -> str:
        """``message`` (the change was not saved), once the lines written before saving
        are taken out of the file stdout is (``> list.txt``), as if never written, so
        that a script reads no paper as changed; where they cannot be taken back (a file
        written to since by another program), the message says that they were not
        saved."""
        if not self._shown:
            return message
        if self._span is not None and self._fd is not None:
            start, end = self._span
            try:
                if os.fstat(self._fd).st_size == end:  # nothing written after them
                    os.ftruncate(self._fd, start)
                    os.lseek(self._fd, start, os.SEEK_SET)
                    return message
            except OSError:
                pass
        return f"{message} The papers listed on stdout were not changed."

    def saved(self) -> None:
        """Once the change is saved and said: what a pipe or terminal takes without
        waiting (so that a stop held meanwhile still finds the papers listed); the rest
        follows in :meth:`rest`."""
        if not self._left or self._fd is None:
            return
        refused = _refused_output(self._write_ready)
        if refused is not None:
            raise UsageError(f"could not write all the output: {refused}; the change is saved")

    def rest(self) -> None:
        """What stdout did not take before the change was saved (the change is said
        saved on stderr by then); a device that refuses it now is said, with the change
        saved all the same."""
        if not self._left or self._fd is None:
            return
        refused = _refused_output(self._write_left)
        if refused is not None:
            raise UsageError(f"could not write all the output: {refused}; the change is saved")

    def _write_now(self) -> None:
        text = self._text() if callable(self._text) else self._text
        stream = sys.stdout
        try:
            stream.flush()
            fd = stream.fileno()
            encoding = stream.encoding
            errors = stream.errors or "strict"
        except (AttributeError, OSError, ValueError):  # not a real file (a test's capture)
            stream.write(text)
            return
        import stat

        data = text.encode(encoding, errors)
        self._fd = fd
        mode = os.fstat(fd).st_mode
        if stat.S_ISREG(mode) or stat.S_ISBLK(mode):  # a disk waits on no reader
            self._shown = bool(data)
            _write_all(fd, data)
            if stat.S_ISREG(mode):
                with contextlib.suppress(OSError):
                    end = os.lseek(fd, 0, os.SEEK_CUR)
                    self._span = (end - len(data), end)
            return
        if not stat.S_ISCHR(mode) or os.isatty(fd):
            # a pipe or terminal: read as it comes, it is written once the change is saved
            self._left = data
            return
        # a device no one reads (/dev/null; /dev/full refuses it, and nothing is saved)
        self._shown = bool(data)
        _write_all(fd, data)

    def _write_ready(self) -> None:
        import select

        assert self._fd is not None
        data, done = self._left, 0
        while done < len(data):
            try:
                _readable, writable, _failed = select.select([], [self._fd], [], 0)
            except (OSError, ValueError):  # a file select cannot watch (Windows' pipes)
                _write_all(self._fd, data[done:])
                done = len(data)
                break
            if not writable:
                break
            # no more than a pipe takes at once without waiting, once it has room
            done += os.write(self._fd, data[done : done + select.PIPE_BUF])
        self._left = data[done:]

    def _write_left(self) -> None:
        assert self._fd is not None
        _write_all(self._fd, self._left)
        self._left = b""


def _not_saved(output: _HeldOutput | None, message: str) -> str:
    """``message``, that a triage change was not saved, with what stdout showed of it
    taken back or said (:meth:`_HeldOutput.not_saved`)."""
    return message if output is None else output.not_saved(message)


def _write_all(fd: int, data: bytes) -> None:
    """All of ``data`` to ``fd``, or the error that stopped it."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _detached_found(found: dict[str, Any]) -> list[str]:
    """The ids of ``found`` (:func:`_triage_targets`) that are detached marks."""
    from tuireader.triage.store import DetachedMark

    return [
        pid for pid, target in found.items() if target is None or isinstance(target, DetachedMark)
    ]


def _untag_meant(tag: str, had: Collection[Any]) -> str:
    """The tag ``--untag tag`` takes off papers whose triage was ``had``: ``tag``, or,
    where none of them has it but they have one tag it finds as ``tag:`` does (accents
    and umlauts folded: "reseau" for "Réseau", "ueberblick" for "Überblick"), that
    one, where "tag 'reseau' was not on it; did you mean 'Réseau'?" changed nothing."""
    from tuireader.triage.filters import tag_folded, tag_forms
    from tuireader.triage.store import tag_key

    stored = {tag_key(t): t for triage in had for t in triage.tags}
    if tag_key(tag) in stored:
        return tag
    folded = tag_folded(tag)
    found = [t for key, t in stored.items() if folded in tag_forms(t)]
    return found[0] if len(found) == 1 else tag


def _put_on(tag: str, had: Collection[Any]) -> str:
    """What ``--tag tag`` did to papers whose triage was ``had``: added, or, where they
    had it already, said so: "tag 'rl', tag 'theory' taken off" read as both taken off,
    where 'rl' was added."""
    from tuireader.triage.store import tag_shown

    # as stored ("Genmodel" given, "genmodel" kept), a long one kept from before cut short
    stored = {t.casefold(): t for triage in had for t in triage.tags}
    said = f"tag '{tag_shown(stored.get(tag.casefold(), tag))}'"
    having = sum(any(t.casefold() == tag.casefold() for t in triage.tags) for triage in had)
    lacking = len(had) - having
    if not having:
        return f"{said} added"
    if not lacking:
        return f"{said} was on {'it' if len(had) == 1 else 'all of them'} already"
    others = f"{having:,} other{'s' if having != 1 else ''}"
    others = "the other" if lacking == 1 and having == 1 else others
    return f"{said} added to {lacking:,} paper{'s' if lacking != 1 else ''}; {others} had it"


def _taken_off(tag: str, had: Collection[Any]) -> str:
    """What ``--untag tag`` did to papers whose triage was ``had``: taken off, or, where
    none of them had it (a tag mistyped, "surveys" for "survey"), said so, with the tag of
    theirs it may have meant: "taken off (nothing changed)" read as done."""
    import difflib

    from tuireader.triage.store import tag_shown

    tags = {t.casefold(): t for triage in had for t in triage.tags}
    if tag.casefold() in tags:
        # as stored ("to read" for "TO READ"), a long one kept from before cut short
        said = f"tag '{tag_shown(tags[tag.casefold()])}' taken off"
        having = sum(any(t.casefold() == tag.casefold() for t in triage.tags) for triage in had)
        lacking = len(had) - having
        if not lacking:
            return said
        # some of the papers had it: "2 papers: tag taken off" read as taken off both
        others = f"{lacking:,} other{'s' if lacking != 1 else ''}"
        others = "the other" if lacking == 1 and having == 1 else others
        return f"{said} {having:,} paper{'s' if having != 1 else ''}; {others} did not have it"
    where = "it" if len(had) == 1 else "any of them"
    close = difflib.get_close_matches(tag.casefold(), list(tags), n=1, cutoff=0.6)
    meant = f"; did you mean '{tag_shown(tags[close[0]])}'?" if close else ""
    return f"tag '{tag_shown(tag)}' was not on {where}{meant}"


def _say_triaged(found: dict[str, Any], what: str, changed: int) -> None:
    """What a triage change did, on stderr, and how to take it back (the papers it was
    for are on stdout: :func:`_list_triaged`)."""
    _err(_triaged_said(found, what, changed))


def _triaged_said(found: dict[str, Any], what: str, changed: int) -> str:
    """What :func:`_say_triaged` says."""
    count = len(found)
    undo = (
        f"{changed} change{'s' if changed != 1 else ''}; tuireader undo, or z in the "
        f"reader, undoes {'it' if changed == 1 else 'them'}"
        if changed
        else "nothing changed: it was so already"
    )
    return f"{count} paper{'s' if count != 1 else ''}: {what} ({undo})"


def _exports_written(session) -> Any:  # type: ignore[no-untyped-def]
    """The data folder's record of the Markdown and URL exports written (see
    ``triage.export.remember_written``): nothing else tells them from a list of links."""
    return session.paths.root / "exports-written.json"


def _check_replaced(output: str, *, force: bool, written: Any = None) -> None:
    """Refuse to write an export over a file that holds something else (a bibliography,
    a list the library no longer reads, notes, links) unless ``force``: a typo after
    ``-o`` would lose it. tuireader's own earlier exports are replaced without asking
    (a Markdown or URL one, where ``written`` records it)."""
    from pathlib import Path

    from tuireader.ingest.readers import size_text
    from tuireader.triage.export import would_lose

    size = would_lose(Path(output).expanduser(), written)
    if size is None or force:
        return
    raise UsageError(
        f"{_short(output)!r} already holds something other than a tuireader export "
        f"({size_text(size)}: a bibliography, a list, links?), which an export would take "
        "the place "
        "of; give another file name after -o, or add --force to replace it (nothing was "
        "written)"
    )


def cmd_export(args: argparse.Namespace) -> int:
    if args.output == "":  # Path("") is the current folder: an unset variable names no file
        raise UsageError(
            "an empty file name was given after -o (an unset variable?); give a file "
            "name, or - for stdout (nothing was written)"
        )
    if args.json and args.output in (None, "-"):
        raise UsageError(
            "export --json says what was written to a file: give -o FILE (--format json "
            "writes JSON to stdout: the papers themselves)"
        )
    args.left_out = []  # what the export leaves out, as stderr says it: for --json
    _check_filters(args.query or "")  # before a list is read: nothing is written
    try:
        session = _session(args)
    except EmptyLibraryError:
        # every list removed: an export of the library carries the marks kept, all of
        # them detached, as it carries those of papers outside the lists that remain
        from tuireader.triage.export import CARRY_DETACHED

        query = args.query or ""
        of_the_library = not query.strip() or _is_detached_query(query) or _asks_detached(query)
        carried = of_the_library and args.format in CARRY_DETACHED
        session = _session_of_marks(args) if carried else None
        if session is None:
            raise
    if args.output not in (None, "-"):
        mine = _own_file(args.output, session, args)
        if mine is not None:
            raise UsageError(
                f"{_short(args.output)!r} is {mine}: an export written there would take its place; "
                "give another file name after -o (nothing was written)"
            )
        _refuse_library_folder(args)
    if args.format != "urls":  # the other formats carry each paper's triage
        _refuse_damaged_triage(session)
    query = args.query or ""
    only_detached = _is_detached_query(query) or _asks_detached(query)
    if only_detached:
        papers = []
    elif query.strip():
        papers = _query_papers(session, args, query)
    else:
        papers = list(session.library.papers)
    detached = _detached_to_export(session, args, query)
    if not papers and not detached:
        said = None
        if only_detached and not (session.triage is not None and session.triage.detached):
            said = "no detached triage: every mark is on a paper of the lists"
            _err(said)
        if args.format in ("json", "csl-json") and args.output in (None, "-"):
            print("[]")  # still JSON for a script; a file given with -o is left as it was
        if args.json:  # nothing written: the file is left as it was
            said = said or "no paper matches; nothing written"
            failed = {"written": False, "error": "not found", "message": said}
            _print_json(_exported_json(args, 0, 0, None) | failed)
        return EXIT_NOTHING_FOUND
    if args.output not in (None, "-"):
        _check_replaced(args.output, force=args.force, written=_exports_written(session))
    # with their triage, as the reader exports them (BibTeX too: where reference
    # managers read it; ``cite`` gives a bibliography without it)
    triage = _triage_for(session, [p.id for p in papers], said=bool(query.strip()))
    from tuireader.triage.export import detached_count, render_export

    triage.update((paper.id, mark) for paper, mark in detached)
    papers += [paper for paper, _ in detached]
    text = render_export(
        papers,
        triage,
        args.format,
        library=session.library,
        # each written as a detached mark, which a list reader takes for no paper
        detached={paper.id for paper, _ in detached},
    )
    _say_split_tags(args.format, [triage[paper.id] for paper in papers])
    if args.format == "urls":
        # one line per paper that has a page: those without one are said, not counted
        lines = len(text.splitlines())
        if lines < len(papers):
            _export_left_out(args, _no_page_note(len(papers) - lines, len(papers)))
        wrote = _write_output(text, args.output, count=lines, what="URL")
        _remember_written(session, args)
        if args.json:
            _print_json(_exported_json(args, lines, 0, wrote))
        return EXIT_OK if lines else EXIT_NOTHING_FOUND
    said = None
    if detached:  # said apart: the papers of the lists, and the marks of none of them
        count = len(papers) - len(detached)
        listed = f"{count:,} paper{'s' if count != 1 else ''} and " if count else ""
        said = f"{listed}{detached_count(len(detached))}"
        if args.output in (None, "-"):
            _err(f"exported {said} (on papers {_of_no_list(session)})")
    wrote = _write_output(
        text,
        args.output,
        count=len(papers),
        what="paper",
        is_json=args.format == "json",
        said=said,
    )
    _remember_written(session, args)
    if args.json:
        _print_json(_exported_json(args, len(papers) - len(detached), len(detached), wrote))
    return EXIT_OK


def _say_split_tags(fmt: str, triage: Sequence[Any]) -> None:
    """Say the tags an export writes that Zotero reads as more than one (a RIS keyword's
    ``;`` parts two tags there): the format cannot carry them to it whole."""
    from tuireader.triage.export import split_in_zotero, split_in_zotero_said

    split = split_in_zotero(fmt, triage)
    if split:
        _err(split_in_zotero_said(split))


def _export_left_out(args: argparse.Namespace, message: str) -> None:
    """What an export leaves out, said on stderr, and kept for ``export --json``."""
    _err(message)
    getattr(args, "left_out", []).append(message)


def _exported_json(
    args: argparse.Namespace, papers: int, detached: int, wrote: str | None
) -> dict[str, Any]:
    """``export --json``: the ``file`` written, its ``format``, the ``query``, how many
    ``papers`` (for urls, links) and ``detached`` marks it holds, what it ``left_out``
    and the ``message`` stderr gave; with the lists that could not be read."""
    from pathlib import Path

    return {
        "file": str(Path(args.output).expanduser().absolute()),
        "format": args.format,
        "query": args.query,
        "written": True,
        "papers": papers,
        "detached": detached,
        "left_out": list(getattr(args, "left_out", [])),
        "message": wrote,
    } | _failed_json(args)


def _refuse_damaged_triage(session) -> None:  # type: ignore[no-untyped-def]
    """Refuse an export while the triage file is damaged, or cannot be read at all (a
    link to a disk not mounted, a file without read permission): what cannot be read of
    it (all of it, where it is not a database at all) would be written as no mark, each
    such paper "new", and a file kept or imported elsewhere would take the user's
    decisions for none. ``tuireader recover`` carries what can be read over to a fresh
    file, which an export then gives as it is."""
    store = _triage_store(session, say=False)
    if store is None:
        return
    try:
        problem = store.problem
    finally:
        store.close()
    if problem is None:
        return
    from tuireader.triage.recover import damage

    path = session.paths.state_db
    if not (path.is_file() and os.access(path, os.R_OK)):
        # not read at all: a link to a disk not mounted, a file that cannot be read
        raise TriageFileError(
            f"{problem.rstrip('.')}; an export would give every mark in it as none (state "
            "new), so nothing was written"
        )
    found = damage(path)
    if found is None:
        return  # not damaged (a read-only file, a full disk): it keeps changes out, not marks
    raise TriageFileError(
        f"the triage file {path} is {found}, and an export would give the marks that "
        "cannot be read of it as none (state new); tuireader recover carries what can be "
        "read over to a fresh file, then export again (nothing was written)"
    )


def _no_page_note(missing: int, total: int) -> str:
    """What an export of URLs says of the papers it leaves out, having no web page."""
    if total == 1:
        return "the paper has no web page; it is not in the list"
    if missing == 1:
        return f"1 of {total:,} papers has no web page; it is not in the list"
    return f"{missing:,} of {total:,} papers have no web page; they are not in the list"


def _detached_to_export(session, args: argparse.Namespace, query: str) -> list:  # type: ignore[no-untyped-def]
    """The detached marks (``search is:detached``) an export carries, each as the paper
    the triage file knows it to be with its triage (``export.detached_papers``): every
    one in an export of the library (no --query, or ``--query is:detached``) as JSON,
    CSV or BibTeX, the formats ``import`` reads, so that moving one's triage to another
    machine moves every mark; an export of a query, of lists named on the command line
    or for people (Markdown, URLs) leaves them out and says how many. The marks are
    those the session read as it loaded, made papers as the reader's export makes them
    (``export.detached_marks``)."""
    from tuireader.triage.export import CARRY_DETACHED, detached_count, detached_marks

    report = session.triage
    marks = list(report.detached) if report is not None else []
    if not marks:
        return []
    count = detached_count(len(marks))
    asked = _is_detached_query(query) or _asks_detached(query)
    if query.strip() and not asked:
        _export_left_out(
            args,
            f"{count} (on papers {_of_no_list(session)}) left out of this export of a query; "
            "an export without --query, or with --query is:detached, carries them",
        )
        return []
    if args.format not in CARRY_DETACHED:
        _export_left_out(
            args,
            f"{count} (on papers {_of_no_list(session)}) left out: --format json, csv or "
            "bibtex carries them, for tuireader import",
        )
        return []
    if getattr(args, "sources", None) and not asked:
        _export_left_out(
            args,
            f"{count} (on papers of none of the lists named) left out of this export of "
            "those lists; export --query is:detached carries them",
        )
        return []
    if not _is_detached_query(query) and asked:
        # is:detached narrowed by words and filters, as search narrows them
        marks, said = _marks_matching(session, args, marks)
        for text in said:
            _err(text)
        if not marks:
            _err(f"no detached marks match {_said_query(query)}")
            return []
    store = _triage_store(session, say=False)
    try:
        return detached_marks(store, marks=marks)
    finally:
        if store is not None:
            store.close()


def _remember_written(session, args: argparse.Namespace) -> None:  # type: ignore[no-untyped-def]
    """Record a Markdown, URL, RIS or CSL-JSON export written to a file, which the next
    may replace."""
    if args.output in (None, "-") or args.format not in ("markdown", "urls", "ris", "csl-json"):
        return
    from pathlib import Path

    from tuireader.triage.export import remember_written

    target = Path(args.output).expanduser()
    if target.is_file():  # not a FIFO or a device
        remember_written(_exports_written(session), target)


def _library_folder_of(output: str, args: argparse.Namespace) -> Any:
    """The folder of the library that would read a file written at ``output`` as one of
    its lists (a file of a kind a folder reads, not hidden, directly in it, by its name
    or where a link leads); None when none would."""
    from pathlib import Path

    from tuireader.ingest.sources import in_folder
    from tuireader.system import shelf
    from tuireader.system.paths import resolve

    target = Path(os.path.abspath(Path(output).expanduser()))
    try:
        real = target.resolve()
    except (OSError, RuntimeError):
        real = target
    folders = [
        entry.location
        for entry in shelf.load(resolve(args.data_dir)).entries
        if entry.kind == "folder" and entry.path is not None
    ]
    for path in dict.fromkeys((target, real)):
        if not in_folder(path):
            continue
        for folder in folders:
            if _same_folder(folder, path.parent):
                return folder
    return None


def _same_folder(a: Any, b: Any) -> bool:
    try:
        return a == b or os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def _refuse_library_folder(args: argparse.Namespace) -> None:
    """Refuse an export to a file in a folder of the library: the folder would read it
    as one of its lists from then on, its papers standing in two lists (an export
    carries each paper's venue, and its list took a name of the other's), and the next
    export to the same name would be refused as a list being read. Another place is
    named, where no folder of the library reads the file."""
    from pathlib import Path

    folder = _library_folder_of(args.output, args)
    if folder is None:
        return
    name = Path(args.output).name
    elsewhere = ""
    for place in (folder.parent, Path.home(), Path.cwd()):
        candidate = place / name
        if place != folder and _library_folder_of(str(candidate), args) is None:
            elsewhere = f" (-o {shlex.quote(_short(str(candidate)))}, say)"
            break
    raise UsageError(
        f"{_short(args.output)!r} is in {_short(str(folder))}, a folder of your library, "
        "which would read the export as one of its lists from then on (its papers in two "
        f"lists); write it outside the library's folders{elsewhere} (nothing was written)"
    )


# -- the reader --------------------------------------------------------------------------

#: how often the reader's screen may be redrawn, at most (Textual's ``TEXTUAL_FPS``).
FRAMES_PER_SECOND = 120


def cmd_read(args: argparse.Namespace) -> int:
    if "-" in args.sources:
        # its keys come from the terminal on stdin: a list cannot come from there too
        raise UsageError(
            "the reader takes its keys from stdin, so '-' cannot give it a list: name the "
            "list's file, or give a command's output as <(command); the commands read '-' "
            "(tuireader search QUERY -, show ID -, export …)"
        )
    if not any(_on_disk(item) for item in args.sources):
        # none of the files named is there: a slip, said (of a command's name too); one
        # missing among lists that are is named among the reader's load warnings, as a
        # damaged one is, and the others are shown
        _check_files(args.sources)
    if not (_is_terminal(sys.stdin) and _is_terminal(sys.stdout)):
        raise UsageError(
            "the reader needs a terminal (stdin and stdout); in scripts use a command: "
            "tuireader search QUERY, show ID, copy QUERY, export … (tuireader --help)"
        )
    if os.environ.get("TERM", "").strip().lower() == "dumb":
        # A terminal that says it cannot move its cursor or draw: the screen would never
        # settle (the reader spun at full CPU and took no keys).
        raise UsageError(
            "the reader needs a terminal that can draw, and this one says it cannot "
            "(TERM=dumb); set TERM (e.g. TERM=xterm-256color) or use a command: "
            "tuireader search QUERY, show ID, copy QUERY, export … (tuireader --help)"
        )
    if not _stdout_is_utf8():
        # Its frames, lines and marks are drawn in Unicode: on an ASCII or Latin-1
        # terminal each came out as an escape (\u2502), and the screen was unreadable
        raise UsageError(
            f"the reader draws in Unicode, and this terminal's encoding is "
            f"{sys.stdout.encoding} (as LANG, LC_ALL or PYTHONIOENCODING say); set a UTF-8 "
            "locale (e.g. LANG=C.UTF-8) or use a command: "
            "tuireader search QUERY, show ID, copy QUERY, export … (tuireader --help)"
        )
    from tuireader.ingest.sources import not_read

    sources, notes = _shelf_sources_and_notes(args)
    # the files of its folders not read (a README.md): load warnings in the reader too,
    # as lists counts them and lists --warnings says them
    notes = [*notes, *not_read(sources or ())]
    unreadable = _none_readable(sources or (), args.data_dir)
    if unreadable is not None:
        # nothing to show, as when none of the files is there: the reader would open on
        # an empty list with the reasons behind a key
        raise _nothing_to_read(args, notes, unreadable)
    # Textual draws on a clock (60 a second by default): a keystroke's results wait for
    # its next tick, up to 17 ms. The reader only draws what changed, so a faster clock
    # costs nothing while idle. Set before Textual is imported; the user's value wins.
    os.environ.setdefault("TEXTUAL_FPS", str(FRAMES_PER_SECOND))
    from tuireader.ui.app import NoPapersRead, run_reader

    try:
        return run_reader(
            sources=sources or (),
            data_dir=args.data_dir,
            catalogs=args.catalog,
            theme=args.theme,
            notes=notes,
            library=args.library_places,
        )
    except NoPapersRead as found:
        raise _nothing_to_read(args, (), list(found.problems)) from None


def _nothing_to_read(
    args: argparse.Namespace, notes: Sequence[Any], problems: list[Any]
) -> NoPapersError:
    """The end of a reader that has not one paper to show: ``notes`` and ``problems``
    said, and the error that says so, with the formats read when lists were named."""
    for problem in [*notes, *problems]:
        _err(str(problem))
    if args.sources:
        return NoPapersError(f"no papers could be loaded ({_FORMATS_READ})", problems)
    return NoPapersError(_LIBRARY_UNREADABLE, [*notes, *problems])


#: what a list may be, said when none of those named gives a paper
_FORMATS_READ = (
    "tuireader reads BibTeX, RIS, EndNote, PubMed, Web of Science, CSL-JSON and other JSON "
    "or JSON Lines lists of papers, CSV or TSV with a header row, Zotero RDF, arXiv and "
    "journal feeds, Markdown lists of linked titles, and plain text: a list's name, then "
    "one abstract a paragraph"
)


def _none_readable(sources: Sequence[Any], data_dir: Any = None) -> list[Any] | None:
    """Why no paper can be read from ``sources`` (each file's problem, and each folder's
    that holds none), or None when one of them may hold papers.

    What makes a file plainly no list is looked at first (missing, a folder of no lists,
    too big, empty, not text), as ``read_file`` checks it before parsing. A file of text
    may still hold no paper (``[]``, a table of its header alone, a page of HTML): the
    small ones are read, smallest first, until one gives a paper, so the reader never
    opens on an empty list for them. A large one is taken to hold papers unread, as
    reading it here would keep the first screen waiting for a second reading of it;
    should it hold none, the reader names it among its load warnings. A list the data
    folder's cache (``data_dir``) read as it is now, and found papers in, is not looked
    at: on most starts nothing is read, and the readers are not imported (0.1 s).
    """
    from pathlib import Path

    from tuireader.ingest.sources import expand_sources

    if not sources:
        return None
    files, problems = expand_sources([Path(str(source)) for source in sources])
    if _known_to_hold_papers(files, data_dir):
        return None
    from tuireader.ingest.readers import read_file

    texts = sorted((path for path in files if _may_hold_papers(path)), key=_size)
    # (sorted: the smallest list that gives a paper ends the reading soonest)
    if any(_size(path) > READ_AHEAD_BYTES for path in texts):
        return None
    results = {}
    for path in [*texts, *(path for path in files if path not in texts)]:
        try:
            results[path] = read_file(path)
        except Exception:  # noqa: BLE001 - it promises not to raise: the reader would say it
            return None
        if results[path].records:
            return None
    for path in files:  # said in the order they were named
        problems.extend(p for p in results[path].problems if p.severity == "error")
    return problems


def _known_to_hold_papers(files: Sequence[Any], data_dir: Any) -> bool:
    """Whether the cache of the data folder ``data_dir`` read one of ``files`` as it is
    now and found papers in it."""
    from tuireader.ingest.cache import Cache
    from tuireader.system.paths import resolve

    try:
        cache = Cache(resolve(data_dir).cache_dir)
    except Exception:  # noqa: BLE001 - no cache to ask: the lists are read
        return False
    return any((cache.list_papers(path) or 0) > 0 for path in files)


#: the largest list the reader's start reads to see that it gives a paper: a file that
#: gives none is most often a few lines (``[]``, a header row, a title), and a BibTeX
#: file takes about a millisecond a kilobyte to read, a wait every start would make
READ_AHEAD_BYTES = 16 << 10


def _size(path: Any) -> int:
    try:
        return int(path.stat().st_size)
    except OSError:
        return 0


def _may_hold_papers(path: Any) -> bool:
    """Whether ``path`` is a file of text that is not too big, as a list must be."""
    from tuireader.ingest.readers import MAX_FILE_BYTES, ReadError, decode

    try:
        if not path.is_file() or path.stat().st_size > MAX_FILE_BYTES:
            return False
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError:
        return False
    if len(data) > MAX_FILE_BYTES or not data.strip():
        return False
    try:
        decode(data, path)
    except ReadError:
        return False
    return True


def _quote_hint(args: argparse.Namespace) -> str:
    """When the lists named are words that do not exist as files, after a query
    (``search diffusion models``): how to search them as part of the query."""

    query = getattr(args, "query", None)
    sources = getattr(args, "sources", None) or []
    if getattr(args, "func", None) is not cmd_search or not isinstance(query, str) or not sources:
        return ""
    words = [str(item) for item in sources]
    if any(_on_disk(word) or any(c in word for c in "/.~\\") for word in words):
        return ""
    options = [word for word in words if word.startswith("-") and len(word) > 1]
    if options:  # 'search -- -video --limit 2': everything after '--' is query and lists
        return f"; {options[0]!r} comes after '--', which ends the options: give it before '--'"
    whole = " ".join([query, *words])
    if _short(whole) != whole:  # too long to repeat: a command to copy would be cut
        return "; to search these words with the query, quote them together"
    return f"; to search {whole!r}, quote it: tuireader search {shlex.quote(whole)}"


def _is_terminal(stream) -> bool:
    try:
        return bool(stream is not None and stream.isatty())
    except (AttributeError, ValueError, OSError):  # closed or replaced streams
        return False


def _check_files(items: Sequence[str]) -> None:
    """Every list the reader is given must exist; a slip of a command name is named."""

    for number, item in enumerate(items):
        if not _on_disk(item):
            raise UsageError(
                _not_a_file_or_command(item) if number == 0 else f"no such file {_short(item)!r}"
            )


def _among_lists_there(first: str, argv: Sequence[str]) -> bool:
    """Whether ``first``, a path that names nothing (``typo.bib``), is one of several
    files named for the reader of which another is there: the reader opens with those
    and names it among its load warnings. A word that may be a command mistyped
    (``serch``) is said at once, as is a path named alone."""
    if not any(mark in first for mark in "/.~\\"):
        return False
    return any(item != first and not item.startswith("-") and _on_disk(item) for item in argv)


def _not_a_file_or_command(word: str) -> str:
    import difflib

    said = repr(_short(word))
    if any(mark in word for mark in "/.~\\"):  # a path, plainly: no command looks like it
        return f"no such file {said}"
    close = difflib.get_close_matches(word.lower(), COMMANDS, n=1, cutoff=0.6)
    if close:
        return f"no such file or command {said}; did you mean {close[0]!r}?"
    return f"no such file or command {said} (commands: {', '.join(COMMANDS)})"


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
        help=(
            "metadata catalog to match bare abstracts against: a file, or a folder of them, "
            "in any list format but plain text and Markdown (BibTeX, JSON Lines, JSON, CSV, "
            "RIS…); repeatable"
        ),
    )
    if sources:
        parser.add_argument(
            "sources",
            metavar="LIST",
            nargs="*",
            default=[],  # optional: argparse counts a '*' positional without one as required
            help="paper list files or folders, '-' a list on stdin (default: your library, see"
            " 'tuireader lists'; the built-in seed lists until you add one)",
        )


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="tuireader",
        description="A terminal reader for research-paper lists. Without a command, opens the reader.",
        epilog=f"commands: {', '.join(COMMANDS)} (tuireader COMMAND --help for each). {EXIT_CODES}",
    )
    _version_flag(parser)
    parser.add_argument(
        "--theme",
        choices=("dark", "light"),
        help="colour theme (default: the config file's, else dark); NO_COLOR is respected",
    )
    _common(parser)
    return parser


class _Parser(argparse.ArgumentParser):
    """argparse, and a hint when a word that starts with '-' was taken for an option."""

    #: the arguments being parsed (set by main).
    argv: Sequence[str] = ()
    #: why stdout refused the help or version printed (None: it took it)
    refused: str | None = None

    def _print_message(self, message: str, file: Any = None) -> None:
        """The help or version, whose failed write is kept to be said: argparse lets an
        error of the write pass, and with stdout unbuffered (``PYTHONUNBUFFERED=1``)
        ``tuireader --version > /dev/full`` ended with 0, saying nothing."""
        if not message:
            return
        stream = file or sys.stderr
        if stream is not sys.stdout:
            with contextlib.suppress(OSError):
                stream.write(message)
            return
        self.refused = _refused_output(lambda: stream.write(message)) or self.refused

    def error(self, message: str) -> NoReturn:
        strays = [
            arg
            for arg in self.argv
            if arg.startswith("-")
            and arg not in ("-", "--")
            and arg.split("=")[0] not in self._option_string_actions
        ]
        given = self._value_of(strays[0]) if strays else None
        reader_only = strays[0].split("=")[0] if strays else ""
        if reader_only in _READER_OPTIONS and self.prog != "tuireader":
            # 'tuireader --theme light search x': taken for a word to search, with a
            # hint to put it after '--'
            message += f"\n({_READER_OPTIONS[reader_only]}; {self.prog} takes no {reader_only})"
        elif given is not None:
            message += (
                f"\n(a value that starts with '-' is joined to its option by '=':"
                f" {shlex.quote(f'{given}={strays[0]}')})"
            )
        elif strays and (others := _taking(strays[0].split("=")[0], self.prog)):
            # 'tuireader lists --limit 3' hinted to read the lists '--limit' and '3'
            option = strays[0].split("=")[0]
            named = ", ".join(others[:-1]) + " and " + others[-1] if len(others) > 1 else others[0]
            takes = "take" if len(others) > 1 else "takes"
            message += f"\n({self.prog} takes no {option}; {named} {takes} it"
            # the export's own JSON is a format of its file
            message += "; --format json writes JSON)" if _export_json_asked(self, option) else ")"
        elif strays and "--" not in self.argv:
            message += f"\n(a word that starts with '-' goes after '--': {self._with_dashes()})"
        if self._answers_json():
            # a script reading stdout learns of the mistake too, as of any other
            command = self.prog.removeprefix("tuireader ")
            # the query typed, and cite's format, as the command's answer gives them
            given = _first_positional(self.argv)[0] if command == "search" else None
            fields = {}
            if command == "cite":
                fields["format"] = _export_target(self.argv)[0] or self.get_default("format")
            _print_json(fields | _error_json(command, "usage", message.splitlines()[0], given))
        # argparse repeats what it could not take as it was typed ("unrecognized
        # arguments: …"), which may be a title pasted in, escape sequences and all
        super().error(_safe(message))

    def _answers_json(self) -> bool:
        """Whether the command typed answers in JSON (:func:`_answers_json`): ``--json``
        given to a command that takes it; of ``export``, ``--format json`` to stdout, and
        ``--json``, which it takes no more than it takes another option, but which says
        a script reads stdout."""
        if self.prog != "tuireader export":
            return "--json" in self._option_string_actions and _asks_json(self.argv)
        return _asks_json(self.argv) or _exports_json(*_export_target(self.argv))

    def _with_dashes(self) -> str:
        """The command given, its options (with their values) first, then ``--`` and its
        other words in their order: what to type for a word that starts with '-'."""
        options: list[str] = []
        words: list[str] = []
        argv = list(self.argv)
        at = 0
        while at < len(argv):
            arg = argv[at]
            action = self._option_string_actions.get(arg.split("=")[0])
            if action is None:
                words.append(arg)
            else:
                options.append(arg)
                if "=" not in arg and action.nargs != 0 and at + 1 < len(argv):
                    at += 1
                    options.append(argv[at])
            at += 1
        return " ".join([self.prog, *map(shlex.quote, [*options, "--", *words])])

    def _value_of(self, stray: str) -> str | None:
        """The option ``stray`` comes right after, when that option takes a value (the
        note of ``note ID --set -x``): None when it follows none."""
        argv = list(self.argv)
        at = argv.index(stray) if stray in argv else 0
        before = argv[at - 1] if at > 0 else ""
        action = self._option_string_actions.get(before)
        return before if action is not None and action.nargs is None else None


def _asks_json(argv: Sequence[str]) -> bool:
    """Whether ``argv`` asks for JSON: ``--json`` (or a prefix argparse takes for it,
    ``--js``) among its options, before any ``--``."""
    argv = list(argv)
    options = argv[: argv.index("--")] if "--" in argv else argv
    return any(arg.startswith("--j") and "--json".startswith(arg) for arg in options)


def _export_json_asked(parser: argparse.ArgumentParser, option: str) -> bool:
    return parser.prog == "tuireader export" and option.startswith("--j")


def _export_target(argv: Sequence[str]) -> tuple[str | None, str | None]:
    """The ``--format`` and ``-o`` of an export's ``argv`` as typed (a prefix argparse
    takes for an option's name too, ``--fo json``), before any ``--``: read where
    argparse could not read them, to answer its error as the export would be written."""
    argv = list(argv)
    options = argv[: argv.index("--")] if "--" in argv else argv
    found: dict[str, str | None] = {"--format": None, "--output": None}
    for at, arg in enumerate(options):
        name, equals, value = arg.partition("=")
        if name == "-o" or (name.startswith("--o") and "--output".startswith(name)):
            name = "--output"
        elif name.startswith("--f") and "--format".startswith(name):
            name = "--format"
        elif name.startswith("-o") and len(name) > 2:  # -oFILE
            name, equals, value = "--output", "=", arg[2:]
        else:
            continue
        if not equals:
            value = options[at + 1] if at + 1 < len(options) else ""
        found[name] = value
    return found["--format"], found["--output"]


def _taking(option: str, prog: str) -> list[str]:
    """The commands other than ``prog`` that take ``option`` as it was typed, whole
    ("search"): for an option given to a command that has none of the kind."""
    return [
        name
        for name in COMMANDS
        if f"tuireader {name}" != prog
        and option in build_command_parser(name)._option_string_actions
    ]


#: the options of the reader alone, which no command takes, and what they are for
_READER_OPTIONS = {"--theme": "--theme sets the reader's colours: tuireader --theme light [LIST…]"}


def _command(name: str, description: str) -> argparse.ArgumentParser:
    parser = _Parser(prog=f"tuireader {name}", description=description)
    _version_flag(parser)
    return parser


def _version_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--version", action="version", version=f"tuireader {__version__}")


def _json_flag(parser: argparse.ArgumentParser, help: str = "print JSON") -> None:
    parser.add_argument("--json", action="store_true", help=help)


def _search_parser() -> argparse.ArgumentParser:
    p = _command("search", "Search the lists; ranked results, best first.")
    p.add_argument(
        "query",
        nargs="?",
        default="",  # none: every paper, as '' and the reader's empty search box give them
        help="query, e.g. 'diffusion -video \"neural network\" author:smith has:code'; "
        "triage filters: is:kept, is:maybe, is:skip, is:read, is:new, is:detached (marks "
        "on papers of none of the lists), tag:NAME, has:note, note:WORDS (in the note); "
        "none (or ''): every paper, e.g. search --sort fit",
    )
    p.add_argument("--limit", type=int, default=20, help="most results to print (default 20)")
    _json_flag(p)
    p.add_argument(
        "--prefix",
        action="store_true",
        help="treat the last word as a prefix, as live search does",
    )
    p.add_argument(
        "--sort",
        choices=SORTS,
        help="order of the hits: relevance (default), fit (learned from your triage: "
        "undecided papers you are most likely to keep first), list (file order); "
        "overrides sort: in the query",
    )
    p.set_defaults(func=cmd_search)
    _common(p)
    return p


#: what a command that takes one paper's id says of it
_ID_HELP = (
    "paper id (as printed by search; a unique prefix will do), or its DOI, arXiv id or "
    "the key its list gives it (a BibTeX key, a CSL citation-key)"
)
#: ...and a command that takes several, with list files after them (triage, note)
_IDS_HELP = (
    "paper ids (a unique beginning will do), DOIs, arXiv ids or the keys their lists give "
    "them (BibTeX keys); list files may follow"
)


def _show_parser() -> argparse.ArgumentParser:
    p = _command("show", "Print one paper with its links.")
    p.add_argument("id", help=_ID_HELP)
    _json_flag(
        p,
        "print JSON (an undecided paper with its fit and why, as search --sort fit gives "
        "them, once there are decisions to learn from)",
    )
    p.set_defaults(func=cmd_show)
    _common(p)
    return p


def _similar_parser() -> argparse.ArgumentParser:
    p = _command("similar", "Papers similar to one paper.")
    p.add_argument("id", help=_ID_HELP)
    p.add_argument("--limit", type=int, default=10, help="most results (default 10)")
    _json_flag(p)
    p.set_defaults(func=cmd_similar)
    _common(p)
    return p


def _lists_parser() -> argparse.ArgumentParser:
    p = _command("lists", "The lists and how many papers each holds.")
    p.add_argument(
        "--warnings",
        action="store_true",
        help="say every load warning again (entries skipped or merged, files of a folder "
        "not read), as the reader's w shows them; without it, those said before (when "
        "the list was added or its file changed) are counted",
    )
    _json_flag(
        p,
        "print JSON: each list read (name: as lists prints it and remove and list: take "
        "it; title: the list's own title, as search shows it, else its name; path, "
        "papers, format), the distinct papers, the problems reading met and your "
        "library's entries (name, title, kind, path, state, papers)",
    )
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
        "Each ITEM that exists on disk as a file or folder is read as a paper list ('-': "
        "a list on stdin); "
        "every other ITEM names a paper: its id (as printed by search; a unique prefix "
        "will do), its DOI or arXiv id, or the key its list gives it (a BibTeX key), "
        "which the paper is then cited by. "
        "An id that names no paper (or several) is said on stderr and left out, the papers "
        "of the other ids cited in their order, and the exit code is 1. "
        "Missing metadata (no authors, a title derived from the abstract or not known) is "
        "reported on stderr. Citation keys are unique within the output. Examples: "
        "tuireader cite ID --format apa; tuireader cite --query 'is:kept "
        "tag:survey' > refs.bib; tuireader cite ID1 ID2 --format ris --json | jq -r .text"
    )
    p.add_argument(
        "items", metavar="ITEM", nargs="*", help="paper id (or key, DOI…) or list file/folder"
    )
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
        help="include the abstract in BibTeX/BibLaTeX entries, RIS records and CSL-JSON items",
    )
    _json_flag(
        p,
        "print JSON: the format, each paper's citation (id, key, text, warnings: what its "
        "metadata lacks) and the whole text as printed without it; when nothing is cited, "
        "the error, its message and the candidates to pick from by id (id, title, "
        "title_text, lists: the papers an id given names alike)",
    )
    p.set_defaults(func=cmd_cite)
    _common(p, sources=False)  # ITEM holds the lists
    return p


def _links_parser() -> argparse.ArgumentParser:
    from tuireader.model import LINK_KINDS

    p = _command(
        "links", "Print a paper's links, one URL per line, code links first (the list's own)."
    )
    p.epilog = (
        "Exit code 1 when the paper has no link (of that kind). "
        "Example: tuireader links ID --kind code | head -1"
    )
    p.add_argument("id", help=_ID_HELP)
    p.add_argument("--kind", choices=LINK_KINDS, help="only links of this kind")
    _json_flag(
        p,
        "print JSON: the paper's id and title, its links (url, kind, origin) and the lists "
        "that could not be read (problems)",
    )
    p.set_defaults(func=cmd_links)
    _common(p)
    return p


def _add_parser() -> argparse.ArgumentParser:
    p = _command("add", "Add paper lists to your library: commands and the reader use them.")
    p.epilog = (
        "Your library is kept in the data folder (lists.json). Every command given no "
        "list files reads it; until you add a list it holds the built-in seed lists, which "
        "the first list you add replaces. A folder stands for the lists inside it, read "
        "again at each start, so new files in it are picked up. A list that is missing or "
        "holds no paper is named and left out, the others added, exit code 2."
    )
    p.add_argument("items", metavar="FILE|DIR", nargs="*", help="paper list file or folder")
    p.add_argument("--seeds", action="store_true", help="add the built-in seed lists")
    _json_flag(
        p,
        "print JSON: each list named (name: as lists prints it and remove takes it; "
        "title: a file's list's own title, else its name, null for a folder; path, kind, "
        "papers, status: added, found again, already, within or absorbed) and the "
        "warnings said on stderr",
    )
    p.set_defaults(func=cmd_add)
    _common(p, sources=False)
    return p


def _remove_parser() -> argparse.ArgumentParser:
    p = _command("remove", "Remove lists from your library (their triage is kept).")
    p.epilog = (
        "Name a list as tuireader lists shows it, or by its path (which need not exist "
        "any more); 'seeds' is the built-in seed lists. A list may also be named as "
        "list: names it in a query: by its title, its venue's short name (tuireader "
        "remove corl), or its file's name, also inside a folder; a name that fits "
        "several lists names them and removes nothing, and so does one of the lists of a "
        "folder added whole, even its only one: the folder goes by its own name, and with "
        "it the lists put in it later. The triage of the papers stays "
        "in the data folder and comes back when the list does. Exit code 1 when a name "
        "fits no list, or several: nothing is removed."
    )
    p.add_argument(
        "lists", metavar="LIST", nargs="+", help="list name, path, title or venue (as list:)"
    )
    _json_flag(
        p,
        "print JSON, as add --json: each list removed (name, path, kind, status: removed) "
        "and the warnings said on stderr; when nothing is removed, the error (not found, "
        "ambiguous, in a folder: a list read through a folder of your library) and its "
        "message",
    )
    p.set_defaults(func=cmd_remove)
    _common(p, sources=False)
    return p


def _copy_parser() -> argparse.ArgumentParser:
    from tuireader.render.citations import FORMATS

    p = _command(
        "copy", "Copy the best hit's link (or citation) to the clipboard, as the reader does."
    )
    p.epilog = (
        "QUERY is words as for search, or a paper id (a unique beginning will do), DOI, "
        "arXiv id or the key its list gives it (a BibTeX key). The "
        "clipboard is reached as in the reader: the tmux buffer, OSC 52 to the terminal "
        "(which crosses SSH), the local clipboard, else a file; the route taken is "
        "printed on stderr and the text on stdout. When several papers match about "
        "equally well, they are listed and nothing is copied (exit code 1). Arguments "
        "that exist on disk are read as paper lists."
    )
    p.add_argument("items", metavar="QUERY|ID", nargs="*", help="words, or a paper id")
    p.add_argument(
        "--link",
        metavar="code|paper|project|video|slides|poster|N",
        help="which link: the first link of that kind, or link N as show numbers "
        "them (default: the code repository, else the paper's page)",
    )
    p.add_argument("--cite", metavar="FORMAT", choices=FORMATS, help="copy the citation instead")
    p.add_argument(
        "-v", "--verbose", action="store_true", help="say why other clipboard routes did not work"
    )
    _json_flag(
        p,
        "print JSON in place of the text: the paper, what was copied and its text, the "
        "carriers that took it (tmux, osc52, system, file) and each route tried; when "
        "nothing is copied, the error, its message and the candidates to pick from by id "
        "(id, title, title_text, lists: the papers that match about equally well)",
    )
    p.set_defaults(func=cmd_copy)
    _common(p, sources=False)  # QUERY holds the lists
    return p


def _export_parser() -> argparse.ArgumentParser:
    p = _command("export", "Write the papers matching a query, with their triage, as a file.")
    p.epilog = (
        "The query may combine words with triage filters: is:kept, is:maybe, is:skip, "
        "is:read, is:new, tag:NAME, has:note, note:WORDS, has:code. Without --query every paper is "
        "exported in list order, and in json, csv, bibtex and biblatex the marks on papers "
        "of none of the lists after them (--query is:detached: those alone). biblatex is "
        "the bibtex export in BibLaTeX's fields (journaltitle, date). markdown is a "
        "reading list; csv begins with the columns "
        "id,title,authors,venue,year,state,tags,note,url,code (then the citation key "
        "BibTeX uses, what identifies each paper, its lists and its links, for import); urls gives each paper's "
        "best link. Exit code 1 when nothing matches; 2 when the triage file is damaged "
        "(but for urls): tuireader recover mends it. Examples: tuireader export --format "
        "bibtex --query is:kept -o kept.bib; tuireader export --format markdown --query "
        "'tag:survey' > reading.md; tuireader export --format csv -o triage.csv --json"
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
        "atomically, a FIFO or device written in place; a file that holds anything but "
        "an earlier tuireader export is left alone unless --force is given",
    )
    p.add_argument(
        "--force",
        action="store_true",
        help="replace the -o file even when it holds something else (a bibliography, a list)",
    )
    _json_flag(
        p,
        "with -o FILE, print JSON of what was written: the file, format, query, how many "
        "papers and detached marks it holds, and what was left out",
    )
    p.set_defaults(func=cmd_export)
    _common(p)
    return p


def _id_now_flag(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--id-now",
        action="store_true",
        help="take each ID as the paper that has it now, also an id a marked paper had "
        "before its list changed (said, and refused without this: the mark is that "
        "paper's under its new id)",
    )


def _triage_parser() -> argparse.ArgumentParser:
    p = _command("triage", "Set papers' triage state and tags (one undo step per call).")
    p.epilog = (
        "Setting what the papers already have (a state they are in, a tag they hold, a "
        "tag they lack taken off) is no error: nothing changes, stderr says so and the "
        'exit code is 0 (--json: "changed": false for each such paper). The change is '
        "all or nothing: an id that names no paper (or several) is said, nothing changes "
        "and the exit code is 1. tuireader undo takes the change back. Examples: "
        "tuireader triage ID --state keep --tag survey; tuireader triage ID1 ID2 "
        "--untag survey --json; tuireader search 'diffusion is:new' "
        "--limit 5 | cut -d' ' -f1 | xargs tuireader triage --state maybe"
    )
    p.add_argument(
        "items",
        metavar="ID",
        nargs="+",
        help=_IDS_HELP,
    )
    p.add_argument(
        "--state", type=_triage_state, choices=tuple(TRIAGE_STATES), help="the state to set"
    )
    p.add_argument("--tag", action="append", default=[], help="a tag to add (may be repeated)")
    p.add_argument(
        "--untag",
        action="append",
        default=[],
        metavar="TAG",
        help="a tag to take off, in any case (may be repeated)",
    )
    _json_flag(
        p,
        "print JSON in place of the lines of papers: each paper's id, title and triage "
        "(state, tags) before and after, whether it changed, how many changes, and the undo "
        "that takes them back",
    )
    p.add_argument(
        "--attach",
        metavar="PAPER_ID",
        help="give the detached mark ID (its state, tags and note) to the paper PAPER_ID, "
        "one its list holds under another id that the triage file did not find (a title "
        "reworded); refused where that paper has marks of its own, unless --merge",
    )
    p.add_argument(
        "--merge",
        action="store_true",
        help="with --attach: add the mark to the paper's own marks (its state is kept "
        "where it has one, the tags added, the note added to its own)",
    )
    _id_now_flag(p)
    p.set_defaults(func=cmd_triage)
    _common(p)
    return p


def _import_parser() -> argparse.ArgumentParser:
    from tuireader.triage.carry import IMPORT_FORMATS_SAID

    p = _command(
        "import",
        "Take up the triage (states, tags, notes) an export carries, as one undo step.",
    )
    p.epilog = (
        f"FILE is what tuireader export --format {IMPORT_FORMATS_SAID} wrote, "
        "on another machine or from another data folder. Each of its papers is found among "
        "the lists "
        "read (your library, or the LIST files given) as the triage file finds a paper "
        "whose list changed: by its id, DOI, arXiv or OpenReview id, its own id in its "
        "list, its title and first author, or its abstract, so a list scraped again "
        "(reordered, a title mended) still takes its marks. A mark is added where there "
        "is none: a state where the paper is new, the tags it lacks, a note where it has "
        "none; a decision made here differently is kept as it is, and named on stderr "
        "(--replace takes the file's in its place). "
        "No mark is taken off: a state set back to new, a tag taken off or a note cleared "
        "where the export was made does not travel (an export carries the marks each paper "
        "has, not those taken off it); --replace names each paper the file carries marks for "
        "that keeps a state, tag or note here the file lacks (one whose marks were all "
        "taken off there carries none, and is not named). "
        "A paper of none of the lists keeps its marks as a detached mark, which follows "
        "it once a list holds it. A BibTeX export that Zotero or JabRef saved again is "
        "read too: its entries are found by DOI, arXiv id, title and first author, and "
        "one of none of the lists is named and left out. "
        "Safe while a reader is open; tuireader undo takes it "
        "all back. Exit code 1 when the file carries no marks (a bibliography or list of "
        "papers, BibTeX, JSON, CSV, RIS or CSL-JSON, which tuireader add reads as a list, "
        "or an export of papers with no marks), 2 when it is no export nor list (empty, "
        "binary, cut short, a Markdown reading list)."
    )
    p.add_argument(
        "file", metavar="FILE", help="an export made by tuireader export ('-': read stdin)"
    )
    p.add_argument(
        "--dry-run", action="store_true", help="say what would change, and change nothing"
    )
    p.add_argument(
        "--replace",
        action="store_true",
        help="where a paper is decided differently here (another state or note), take the "
        "file's in its place (the papers listed say what they were); a mark here the file "
        "lacks stays, and is named",
    )
    _json_flag(p, "print what was taken up as JSON")
    p.set_defaults(func=cmd_import)
    _common(p)
    return p


def _note_parser() -> argparse.ArgumentParser:
    p = _command(
        "note", "Print a paper's note, or set, add to or clear it (one undo step per call)."
    )
    p.epilog = (
        "The note is the one the reader's n edits, in the same triage file (safe while a "
        "reader is open: it shows the change, and its editor open on that note says so "
        "rather than save over it). TEXT is kept as typed, lines and all; '-' reads it "
        "from stdin (tuireader note ID --set - < notes.txt). The text is an option's "
        "value, never an argument of its own, so that it cannot be taken for an id or a "
        "list file; --set=-TEXT gives text that starts with '-'. Empty text is refused: "
        "--clear clears. Without --set, --append or --clear, prints the note (exit code "
        "1 when there is none). A note the papers already have is no error: nothing "
        'changes, stderr says so and the exit code is 0 (--json: "changed": false). '
        "tuireader undo takes the change back."
    )
    p.add_argument(
        "items",
        metavar="ID",
        nargs="+",
        help=_IDS_HELP,
    )
    what = p.add_mutually_exclusive_group()
    what.add_argument("--set", metavar="TEXT", help="make TEXT the note ('-': read stdin)")
    what.add_argument(
        "--append",
        metavar="TEXT",
        help="add TEXT to the end of the note, on a line of its own ('-': read stdin)",
    )
    what.add_argument("--clear", action="store_true", help="clear the note")
    _json_flag(
        p,
        "print JSON: each paper's id, title and note before and after as saved, whether it "
        "changed, how many changes, and the undo that takes them back (without --set, "
        "--append or --clear: the paper's id, title and note)",
    )
    _id_now_flag(p)
    p.set_defaults(func=cmd_note)
    _common(p)
    return p


def _undo_parser() -> argparse.ArgumentParser:
    p = _command("undo", "Take back the last triage action of the data folder, whoever made it.")
    p.epilog = (
        "The last action is a triage or note command's, or a reader's, also one still "
        "open (which shows the result; z in a reader leaves another open reader's "
        "actions to it). Call it again to go further back. A paper changed again since "
        "is left as it is, and said. Exit code 1 when there is nothing to undo. Examples: "
        "tuireader undo; tuireader undo --json | jq -r '.papers[].id'; tuireader undo "
        "&& tuireader redo (take a step back, then make it again)"
    )
    _json_flag(
        p,
        "print JSON: what was undone (undone, kind), where the step was made (made), the "
        "papers it was for (id, title) and those changed since and left as they are (left)",
    )
    p.set_defaults(func=cmd_undo)
    _common(p, sources=False)
    return p


def _redo_parser() -> argparse.ArgumentParser:
    p = _command("redo", "Make again the step the last undo took back, whoever undid it.")
    p.epilog = (
        "The step is the last one tuireader undo or a reader's z took back (Z in a reader "
        "leaves the steps another open reader undid to it). Call it again to go further. A "
        "new triage action ends what can be redone: a command's, any; a reader's, its own "
        "and the command line's. A paper changed again since the undo is left as it is, "
        "and said. The step redone is undone again by tuireader undo or z. Exit code 1 "
        "when there is nothing to redo."
    )
    _json_flag(
        p,
        "print JSON: what was redone (redone, kind), where the step was undone (made), the "
        "papers it was for (id, title) and those changed since and left as they are (left)",
    )
    p.set_defaults(func=cmd_redo)
    _common(p, sources=False)
    return p


def _recover_parser() -> argparse.ArgumentParser:
    p = _command(
        "recover",
        "Carry what can be read of a damaged triage file over to a fresh one in its place.",
    )
    p.epilog = (
        "The damaged file is kept beside the fresh one, as triage-damaged-TIME.sqlite3, "
        "and its name printed on stdout; how many decisions, tags and notes were carried "
        "over is said on stderr (the undo history starts afresh). The damaged file is "
        "never written to, and keeps its name until the fresh one is whole on disk: a "
        "full or read-only disk changes nothing. A file that is not damaged is left as "
        "it is (exit code 1), and so is one a reader or another command has open (exit "
        "code 2): quit it first."
    )
    p.set_defaults(func=cmd_recover)
    _common(p, sources=False)
    return p


#: each command's parser, built only when that command runs (imports stay lazy).
_COMMAND_PARSERS: dict[str, Callable[[], argparse.ArgumentParser]] = {
    "search": _search_parser,
    "show": _show_parser,
    "similar": _similar_parser,
    "lists": _lists_parser,
    "add": _add_parser,
    "remove": _remove_parser,
    "index": _index_parser,
    "cite": _cite_parser,
    "links": _links_parser,
    "copy": _copy_parser,
    "export": _export_parser,
    "triage": _triage_parser,
    "note": _note_parser,
    "import": _import_parser,
    "undo": _undo_parser,
    "redo": _redo_parser,
    "recover": _recover_parser,
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
    "--link",
    "--cite",
    "--set",
    "--append",
    "--sort",
    "--state",
    "--tag",
    "--untag",
    "--attach",
)


def _first_positional(argv: Sequence[str]) -> tuple[str | None, bool]:
    """The first argument that is not an option, and whether it came after ``--``."""
    skip = False
    for number, arg in enumerate(argv):
        if skip:
            skip = False
            continue
        if arg == "--":
            rest = argv[number + 1 :]
            return (rest[0] if rest else None), True
        if arg in _OPTIONS_WITH_VALUES:
            skip = True
            continue
        if arg.startswith("-"):
            continue
        return arg, False
    return None, False


#: stands for an argument after ``--`` while argparse parses: it never starts with "-",
#: and no real argument can hold NUL
_PLACEHOLDER = "\x00tuireader-argument-{}\x00"


def _parse(parser: argparse.ArgumentParser, argv: list[str]) -> argparse.Namespace:
    """``parse_intermixed_args``, with ``--`` ending the options.

    argparse's intermixed parsing mishandles ``--`` ("search -- -video" fails), so every
    argument after it is parsed as a placeholder and put back afterwards.
    """
    if "--" not in argv:
        return parser.parse_intermixed_args(argv)
    cut = argv.index("--")
    after = argv[cut + 1 :]
    stand_ins = {_PLACEHOLDER.format(n): arg for n, arg in enumerate(after)}
    args = parser.parse_intermixed_args(argv[:cut] + list(stand_ins))
    for name, value in vars(args).items():
        if isinstance(value, str) and value in stand_ins:
            setattr(args, name, stand_ins[value])
        elif isinstance(value, list):
            setattr(args, name, [stand_ins.get(v, v) if isinstance(v, str) else v for v in value])
    return args


#: the options and words that are text a user typed rather than names of files
_TYPED = ("query", "tag", "set", "append")


def _read_as_typed(args: argparse.Namespace) -> None:
    """A query, tag or note as the terminal sent it.

    Under a C locale with Python's UTF-8 mode off, each byte a UTF-8 terminal sends past
    ASCII reaches the command as a stand-in (a lone surrogate): ``search Müller`` found
    nothing and ``triage --tag Łódź`` ended on a codec error. Such text whose bytes are
    UTF-8 is read as UTF-8; file names stay as the file system gives them, and bytes
    that are not UTF-8 stay stand-ins, which the note refuses in words.
    """
    for name in _TYPED:
        value = getattr(args, name, None)
        if isinstance(value, str):
            setattr(args, name, _typed(value))
        elif isinstance(value, list):
            setattr(args, name, [_typed(v) if isinstance(v, str) else v for v in value])


def _typed(text: str) -> str:
    if not any("\udc80" <= char <= "\udcff" for char in text):
        return text
    try:
        return os.fsencode(text).decode("utf-8")
    except (UnicodeError, ValueError):
        return text


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command ``argv`` (default: the process's arguments); its exit code.

    Ctrl-C before the command is under way (as its options are read, its data folder
    looked at) ends it as one later does, with 130 and no traceback. So does an error a
    clean-up raised as the Ctrl-C went through it: argparse, stopped half way through
    ``parse_intermixed_args``, raised AttributeError from its ``finally``."""
    try:
        return _main(argv)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        if isinstance(exc.__context__, KeyboardInterrupt):
            return 130
        raise


def _main(argv: Sequence[str] | None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    _closed_streams_to_devnull()
    first, after_dashes = _first_positional(argv)
    if first in COMMANDS and not after_dashes:
        argv.remove(first)
        parser = build_command_parser(first)
    else:
        if (
            first is not None
            and not after_dashes
            and not _on_disk(first)
            and not _among_lists_there(first, argv)
        ):
            message = _not_a_file_or_command(first)
            _err(message)
            if _asks_json(argv):
                # a command mistyped in a script: its JSON is an error too, not nothing
                return _written(EXIT_USAGE, {"error": "usage", "message": message})
            return EXIT_USAGE
        parser = build_parser()
    if isinstance(parser, _Parser):
        parser.argv = argv
    try:
        args = _parse(parser, argv)
    except SystemExit as exc:  # argparse: 0 for --help/--version, 2 for usage errors
        # argparse lets a failed write of the help or version pass without a word
        # (`tuireader --version > /dev/full` ended with 0); what it buffered is written
        # here, where a failure is said
        refused = getattr(parser, "refused", None)
        if refused is not None:
            _err(f"could not write the output: {refused}")
            return EXIT_USAGE
        return _written(int(exc.code or 0))
    _read_as_typed(args)
    func: Callable[[argparse.Namespace], int] = getattr(args, "func", cmd_read)
    problem = _start_problem(args)
    if problem is not None:
        _err(problem)
        if _answers_json(args):
            return _written(EXIT_USAGE, _usage_json(args, UsageError(problem)))
        return EXIT_USAGE
    restore_signals = _stop_on_signals() if func is not cmd_read else None
    try:
        # within the try: a stop that comes as stdout is set up ends the command as one
        # that comes later does, not with a traceback
        if func is not cmd_read:
            _whole_writes()
        _tolerant_streams()
        code = func(args)
        sys.stdout.flush()  # here, not at exit, where a failure goes unreported
        if getattr(args, "input_failed", False) and code in (EXIT_OK, EXIT_NOTHING_FOUND):
            return EXIT_USAGE  # as grep: results printed, and an input that failed said
        return code
    except UsageError as exc:
        _err(str(exc))
        if _answers_json(args):
            return _written(EXIT_USAGE, _usage_json(args, exc))
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except _Stopped as stopped:
        return 128 + stopped.signum  # as a shell gives a program the signal ended
    except BrokenPipeError:
        # e.g. `tuireader search x | head -1`: the reader went away; that is fine.
        _let_stdout_go()
        return EXIT_OK
    except Exception as exc:  # one line for the user, never a traceback
        if os.environ.get("TUIREADER_DEBUG"):
            raise
        if _output_failed(exc):
            _err(f"could not write the output: {exc.strerror}")  # type: ignore[attr-defined]
            return EXIT_USAGE
        message = f"unexpected error ({type(exc).__name__}: {exc})"
        _err(f"{message}; TUIREADER_DEBUG=1 shows details")
        if _answers_json(args):
            return _written(EXIT_USAGE, _usage_json(args, exc) | {"message": message})
        return EXIT_USAGE
    finally:
        if restore_signals is not None:
            restore_signals()


class _Stopped(BaseException):
    """A command stopped by ``kill`` (SIGTERM) or a closed terminal (SIGHUP)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class _HeldStops:
    """Ctrl-C, ``kill`` and a closed terminal that come while a change is being saved,
    held until what was saved is said.

    Stopped between the change's commit and the line that says it, ``triage`` and
    ``note`` ended with 130 or 143, the change saved and nothing said of it: a script
    that ran ``note --append`` again added its line twice. Held from the moment the
    change is about to be saved, a stop takes effect once it is said; a change that
    failed is said as such, the stop dropped.
    """

    def __init__(self) -> None:
        self.holding = False
        self.caught: int | None = None

    def hold(self) -> None:
        self.holding = True

    def took(self, signum: int) -> bool:
        """Whether the stop ``signum`` is held (to take effect at :meth:`release`)."""
        if not self.holding:
            return False
        self.caught = self.caught or signum
        return True

    def drop(self) -> None:
        self.holding, self.caught = False, None

    def release(self) -> None:
        """Stop holding; a stop held meanwhile takes effect now."""
        import signal

        caught = self.caught
        self.drop()
        if caught == signal.SIGINT:
            raise KeyboardInterrupt
        if caught is not None:
            raise _Stopped(caught)


_STOPS = _HeldStops()


@contextlib.contextmanager
def _stops_held_once_saving() -> Iterator[None]:
    """The block of a command that saves a change and says so: a stop held from its
    saving on (:class:`_HeldStops`) takes effect at its end; one before it (as the
    triage file another program holds is waited for) ends the command with the change
    not saved, and says so."""
    try:
        yield
    except (KeyboardInterrupt, _Stopped):
        if not _STOPS.holding:
            with contextlib.suppress(OSError, ValueError):
                _err("stopped before the change was saved: nothing changed")
        _STOPS.drop()
        raise
    except BaseException:
        _STOPS.drop()  # not saved: said as such
        raise
    _STOPS.release()


def _stop_on_signals() -> Callable[[], None]:
    """``kill`` and a closed terminal (an SSH link gone) stop a command as Ctrl-C does,
    through the code's own clean-ups: a change is saved whole or not at all, and an
    export's temporary file is removed, where the signal's default ended the process
    on the spot and left ``.refs.bib.….tmp`` beside the file. A second signal while the
    clean-ups run ends it at once. Ctrl-C goes through here too, so that a stop that
    comes as a change is saved waits until the change is said (:class:`_HeldStops`).
    Returns what puts the handlers back as they were (``main`` is also called
    in-process, by tests)."""
    import signal

    def stop(signum: int, _frame: object) -> None:
        if _STOPS.took(signum):
            return
        if signum == signal.SIGINT:
            raise KeyboardInterrupt
        signal.signal(signum, signal.SIG_DFL)
        raise _Stopped(signum)

    before: dict[int, Any] = {}
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        if signum == signal.SIGINT and signal.getsignal(signum) is not signal.default_int_handler:
            continue  # Ctrl-C ignored (a command started in the background) stays so
        try:
            before[signum] = signal.signal(signum, stop)
        except (ValueError, OSError):  # not the main thread (a test's), or no such signal
            pass

    def restore() -> None:
        _STOPS.drop()
        for signum, handler in before.items():
            try:
                signal.signal(signum, handler)
            except (ValueError, OSError, TypeError):
                pass

    return restore


def _written(code: int, data: Any = None) -> int:
    """``code``, once the output is written (with ``data`` printed as JSON first, the
    answer of a command that failed): into a pipe whose reader has gone (`| head -1`)
    it is let go quietly, as a command's results are; onto a full disk that is said,
    with 2. Python's own flush at exit would fail with "Exception ignored" and 120."""
    refused = _refused_output(lambda: None if data is None else _print_json(data))
    if refused is not None:
        _err(f"could not write the output: {refused}")
        return EXIT_USAGE
    return code


def _refused_output(write: Callable[[], object]) -> str | None:
    """Run ``write`` (what it prints goes to stdout) and flush stdout: why the output's
    device refused it (a full disk, ``> /dev/full``), else None. A pipe whose reader
    has gone (``| head -1``) is let go quietly, as a command's results are; either way
    stdout then points at /dev/null, so that Python's own flush at exit does not fail
    again. Other errors are raised."""
    try:
        write()
        sys.stdout.flush()
    except BrokenPipeError:
        _let_stdout_go()
    except OSError as error:
        if not _output_failed(error):
            raise
        return str(error.strerror)
    return None


def _answers_json(args: argparse.Namespace) -> bool:
    """Whether the command answers in JSON, and so says a failure as JSON on stdout too:
    ``--json``, or an export written as JSON to stdout (``export --format json``), where
    a script reading it was handed nothing when the export failed."""
    if getattr(args, "json", False):
        return True
    return getattr(args, "func", None) is cmd_export and _exports_json(args.format, args.output)


def _exports_json(fmt: str | None, output: str | None) -> bool:
    """Whether an export of ``fmt`` to ``output`` writes JSON to stdout."""
    return fmt == "json" and output in (None, "-")


def _start_problem(args: argparse.Namespace) -> str | None:
    """Why no command can start with these options: a data folder or catalog named
    empty, a data folder that cannot be used."""
    if getattr(args, "data_dir", None) == "":
        # an empty --data-dir "$DIR" would fall back to the user's own data folder
        return "--data-dir was given an empty name: give the data folder's name"
    if "" in (getattr(args, "catalog", None) or ()):
        return "--catalog was given an empty name: give the catalog's file or folder"
    return _data_folder_problem(getattr(args, "data_dir", None))


def _data_folder_problem(data_dir: str | None) -> str | None:
    """Why the data folder cannot be used at all: a file stands where it must be. Every
    command stops there, rather than take the library, cache, settings and triage for
    damaged or empty one by one."""
    from tuireader.system.paths import in_the_way, resolve

    root = resolve(data_dir).root
    blocker = in_the_way(root)
    if blocker is None:
        return None
    where = "it" if blocker == root else f"{blocker}, a folder above it,"
    return (
        f"the data folder {root} cannot be used: {where} is a file, not a folder; "
        "name another folder with --data-dir (or TUIREADER_HOME), or move the file away"
    )


def _output_failed(exc: Exception) -> bool:
    """True when ``exc`` is the output's device refusing it (a full disk, ``> /dev/full``,
    a file grown to the size limit of ``ulimit -f``); stdout is then let go, so that
    Python's own flush at exit does not fail again."""
    import errno

    refusals = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EBADF)
    if not isinstance(exc, OSError) or exc.errno not in refusals:
        return False
    _let_stdout_go()
    return True


def _let_stdout_go() -> None:
    """Point stdout at /dev/null: its reader went away or its device refuses it, and
    Python's own flush at exit would fail on it again. A stdout that was closed from the
    start (:class:`_ClosedOutput`) has no descriptor to point: it is replaced."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except io.UnsupportedOperation:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    except (OSError, ValueError, AttributeError):
        pass


class _ClosedOutput(io.RawIOBase):
    """stdout when the command was started with it closed (``tuireader search x >&-``):
    each write fails as one to a closed descriptor does, so that the results are said to
    be lost (exit code 2, as ``ls`` and ``grep`` end there) rather than dropped with 0. A
    command that writes nothing to stdout (``export -o FILE``) is not troubled by it."""

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        import errno

        raise OSError(errno.EBADF, "stdout is closed")


def _closed_streams_to_devnull() -> None:
    """A command started with stderr closed (``2>&-``) writes its messages into the void
    instead of failing on the first; one started with stdout closed (``>&-``) fails on
    its first result, said on stderr (:class:`_ClosedOutput`)."""
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    if sys.stdout is None:
        _hold_descriptor(1)
        sys.stdout = io.TextIOWrapper(io.BufferedWriter(_ClosedOutput()), encoding="utf-8")


def _hold_descriptor(fd: int) -> None:
    """Put /dev/null at ``fd`` when it is closed: the next file the command opens (the
    triage file, an index) would take that number, and anything written there as output
    (by a program run from here, which inherits it) would go into that file."""
    try:
        os.fstat(fd)
        return  # open: not ours to change
    except OSError:
        pass
    try:
        null = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        return
    if null != fd:
        os.dup2(null, fd)
        os.close(null)


class _WholeWrites(io.RawIOBase):
    """A file descriptor that writes all it is given or raises.

    Python's buffered stdout takes a short write (a disk filling up) for the end of
    the trouble, and drops the rest without a word: the output is cut short and the
    command ends with 0. Written through this, the next write's error (no space left)
    reaches the command, which says so.
    """

    def __init__(self, fd: int, owner: object) -> None:
        super().__init__()
        self._fd = fd
        self._owner = owner  # the stream that closes the descriptor when collected

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._fd

    def isatty(self) -> bool:
        return os.isatty(self._fd)

    def write(self, data: Any) -> int:
        view = memoryview(data).cast("B")
        done = 0
        while done < len(view):
            done += os.write(self._fd, view[done:])
        return done


def _whole_writes() -> None:
    """A command's stdout, when it is a file or pipe, through :class:`_WholeWrites`."""
    stream = sys.stdout
    try:
        fd = stream.fileno()
        if os.isatty(fd):
            return
        stream.flush()
    except (AttributeError, OSError, ValueError):  # not a real file (a test's capture)
        return
    sys.stdout = io.TextIOWrapper(
        io.BufferedWriter(_WholeWrites(fd, stream)),
        encoding=stream.encoding,
        errors=stream.errors,
    )


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
