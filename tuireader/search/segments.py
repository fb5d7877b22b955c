"""Writing a new index fast: postings gathered per term, and half the papers in a second process.

Whoosh's ``SegmentWriter`` puts every posting into a pool as a tuple, sorts the pool
on commit, and reads each document's field length back from disk per posting. For a
segment written from nothing, this writer instead gathers each term's postings in
memory as papers are added (they arrive in document order, so only the terms need
sorting) and keeps the field lengths it has just computed. It then writes each
field's postings and term table rows itself, in W3's format, a batch at a time
(``whooshdoor._BlockFieldWriter.write_terms``, bytes from ``w3format``); tests compare the result with Whoosh's own
writer block by block. Everything else (stored fields, segment files, compound files,
the TOC, the write lock) is Whoosh's own code.

``write_new`` builds an empty index from many papers. With two processes, a forked
child writes the first half as one segment while this process writes the second
half; the commit then lists both segments, in order. Built from a thread other than the
main one (the reader's, whose main thread answers the keys), forked children write
every part and this process only waits for them and commits: Python runs one thread at
a time, and a thread writing half of ICML 2024 here held the interpreter for 15 of the
build's 20 s, each key waiting a second or more for its turn. When Whoosh's internals
are not the known ones (``whooshdoor.internals``), Whoosh's own writer writes one
segment instead, here.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import queue
import sys
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

from tuireader.search import stopping, whooshdoor

Progress = Callable[[int, int], None]
#: report progress (and poll the other process) after this many papers
PROGRESS_EVERY = 250


def can_fork() -> bool:
    """Whether a second process can be forked safely here (Linux; not macOS or Windows)."""
    return sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods()


Tally = Callable[[Any], Iterable[str]]
Summarise = Callable[[Counter[str]], dict[str, Any]]


class Tallied(NamedTuple):
    """What ``write_new`` counted: how many items gave each string, and the summaries of
    those counts, each worked out in the process that counted (its caches warm)."""

    counts: Counter[str]
    summary: dict[str, Any]


def _add_all(
    writer: Any, items: Sequence[Any], to_fields, tally: Tally | None, report
) -> Counter[str]:  # type: ignore[no-untyped-def]
    """Add ``items`` to ``writer``, calling ``report(n)`` every PROGRESS_EVERY of them;
    a build asked to stop (``stopping``) stops before the next item."""
    counts: Counter[str] = Counter()
    for done, item in enumerate(items, 1):
        stopping.check()
        writer.add_document(**to_fields(item))
        if tally is not None:
            counts.update(tally(item))
        if done % PROGRESS_EVERY == 0:
            report(PROGRESS_EVERY)
    report(len(items) % PROGRESS_EVERY)
    return counts


#: how much less of the CPU the processes that write every part (``away``) are given
#: than the one that forked them, whose threads answer a user meanwhile
BEHIND_NICE = 10

#: prctl option: the signal this process gets when the thread that forked it ends
_PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int) -> None:
    """Make this (forked) process end when ``parent`` does, even by ``kill -9``.

    On Linux the kernel sends SIGKILL when the parent dies; a parent that died before
    that was set is seen by its pid having changed. Elsewhere the progress reports
    poll the parent (see ``_child``).
    """
    if sys.platform.startswith("linux"):
        import ctypes
        import signal

        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):  # no prctl: the polling below still applies
            pass
    if os.getppid() != parent:
        os._exit(1)


def _child(
    number: int,
    ix,
    items: Sequence[Any],
    to_fields,
    tally: Tally | None,
    summarise: Summarise | None,
    compound: bool,
    results,
    parent: int,
    close_fds: Sequence[int] = (),
    behind: bool = False,
) -> None:  # type: ignore[no-untyped-def]
    die_with_parent(parent)
    if behind:  # the CPU goes to the process that forked it first (its keys, its screen)
        with contextlib.suppress(OSError):
            os.nice(BEHIND_NICE)
    for fd in close_fds:  # e.g. the parent's lock: it must not outlive the parent
        with contextlib.suppress(OSError):
            os.close(fd)

    def report(n: int) -> None:
        if os.getppid() != parent:  # the parent was killed: its build is abandoned
            os._exit(1)
        results.put((number, "progress", n))

    try:
        writer = whooshdoor.new_segment_writer(ix, _lk=False, compound=compound)
        counts = _add_all(writer, items, to_fields, tally, report)
        segment = whooshdoor.finish_segment(writer)
        summary = summarise(counts) if summarise is not None else {}
        results.put((number, "segment", (segment, Tallied(counts, summary))))
    except OSError as exc:  # e.g. a full disk: the parent raises the same error
        results.put((number, "oserror", (exc.errno, exc.strerror or str(exc))))
    except BaseException as exc:  # noqa: BLE001 - reported to the parent, which raises
        results.put((number, "error", f"{type(exc).__name__}: {exc}"))


class BuildError(Exception):
    """A process indexing a part of the items failed."""


class _Helpers:
    """Forked processes, each writing one part of the items as a segment of its own."""

    def __init__(
        self,
        ix,
        parts: Sequence[Sequence[Any]],
        to_fields,
        tally,
        summarise,
        compound: bool,
        progress,
        close_fds: Sequence[int] = (),
        behind: bool = False,
    ) -> None:  # type: ignore[no-untyped-def]
        context = multiprocessing.get_context("fork")
        self.results = context.Queue()
        self.progress = progress
        #: each part's segment and tallies, once its process has sent them
        self.found: list[tuple[Any, Tallied] | None] = [None] * len(parts)
        self.processes: list[Any] = []
        try:
            for number, part in enumerate(parts):
                process = context.Process(
                    target=_child,
                    args=(
                        number,
                        ix,
                        part,
                        to_fields,
                        tally,
                        summarise,
                        compound,
                        self.results,
                        os.getpid(),
                        tuple(close_fds),
                        behind,
                    ),
                    daemon=True,
                )
                process.start()
                self.processes.append(process)
        except BaseException:
            self.close()
            raise

    @property
    def done(self) -> bool:
        return all(found is not None for found in self.found)

    def poll(self, wait: bool) -> None:
        """Take the processes' messages; with ``wait``, until every segment has arrived."""
        while not self.done:
            try:
                message = self.results.get(timeout=0.2) if wait else self.results.get_nowait()
            except queue.Empty:
                if not wait:
                    return
                stopping.check()  # (this process's part is written: the others' are awaited)
                stopped = any(
                    self.found[number] is None and not process.is_alive()
                    for number, process in enumerate(self.processes)
                )
                if stopped and self.results.empty():
                    raise BuildError("an indexing process stopped unexpectedly") from None
                continue
            number, kind, value = message
            if kind == "progress":
                self.progress(value)
            elif kind == "segment":
                self.found[number] = value
            elif kind == "oserror":
                raise OSError(*value)
            else:
                raise BuildError(f"an indexing process failed: {value}")

    def segments(self) -> list[Any]:
        """The segments of the parts, in order (waiting for them)."""
        self.poll(wait=True)
        return [found[0] for found in self.found if found is not None]

    def tallies(self) -> list[Tallied]:
        return [found[1] for found in self.found if found is not None]

    def close(self) -> None:
        for number, process in enumerate(self.processes):
            if process.is_alive() and self.found[number] is None:
                process.kill()
        for process in self.processes:
            process.join()
        self.results.close()


def write_new(
    ix,
    items: Sequence[Any],
    to_fields: Callable[[Any], dict[str, Any]],
    *,
    compound: bool,
    processes: int = 1,
    progress: Progress | None = None,
    tally: Tally | None = None,
    summarise: Summarise | None = None,
    close_fds: Sequence[int] = (),
    away: bool | None = None,
) -> Tallied:
    """Add ``items`` (as ``to_fields(item)`` documents) to the empty index ``ix`` and commit.

    Returns, for each string ``tally`` gives, the number of items that gave it, and
    ``summarise`` of those counts: each process summarises its own counts, and the
    summaries are merged with ``dict.update`` (so a key's value must not depend on
    which process worked it out). The other processes close ``close_fds`` (files of
    this process, such as a lock, that must not outlive it) and die with this one.

    ``away``: forked processes write every part (``processes`` of them, at least one),
    this one none, only waiting for them and committing, so that its other threads
    keep the interpreter meanwhile, and the CPU first (the processes run at a lower
    priority, ``BEHIND_NICE``); by default so when called from a thread other than the
    main one. Where no process can be forked, this one writes all the same.

    A build asked to stop (``stopping.stopped_by``) raises ``stopping.BuildStopped``
    within a paper or so: the other processes are killed and nothing is committed.
    """
    total = len(items)
    forks = total >= 1 and can_fork() and whooshdoor.internals().usable
    if away is None:
        away = threading.current_thread() is not threading.main_thread()
    away = away and forks
    parts = max(1, min(processes, total)) if forks else 1
    # the bounds of the parts, in order: the last one is written here unless ``away``
    bounds = [total * n // parts for n in range(parts + 1)]
    children = parts if away else parts - 1
    done = 0

    def report(n: int) -> None:
        nonlocal done
        done += n
        if progress and n:
            progress(done, total)

    writer = whooshdoor.new_segment_writer(ix, compound=compound)
    helpers = None
    try:
        if children:
            helpers = _Helpers(
                ix,
                [items[bounds[n] : bounds[n + 1]] for n in range(children)],
                to_fields,
                tally,
                summarise,
                compound,
                report,
                close_fds,
                behind=away,
            )
            writer.segments_before = helpers.segments

        def report_here(n: int) -> None:
            if helpers is not None:
                helpers.poll(wait=False)
            report(n)

        here = items[bounds[children] :]
        counts = _add_all(writer, here, to_fields, tally, report_here) if here else Counter()
        stopping.check()
        writer.commit(merge=False)  # (lists the other processes' segments first, once had)
        summary = summarise(counts) if summarise is not None and here else {}
        if helpers is not None:
            for theirs in helpers.tallies():
                counts.update(theirs.counts)
                summary.update(theirs.summary)
        return Tallied(counts, summary)
    except BaseException:
        if not writer.is_closed:  # a failed commit closes the writer itself
            with contextlib.suppress(Exception):  # the first error is the one to report
                writer.cancel()
        raise
    finally:
        if helpers is not None:
            helpers.close()
