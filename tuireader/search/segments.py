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
half; the commit then lists both segments, in order. When Whoosh's internals are not the
known ones (``whooshdoor.internals``), Whoosh's own writer writes one segment instead.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import queue
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

from tuireader.search import whooshdoor

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
    """Add ``items`` to ``writer``, calling ``report(n)`` every PROGRESS_EVERY of them."""
    counts: Counter[str] = Counter()
    for done, item in enumerate(items, 1):
        writer.add_document(**to_fields(item))
        if tally is not None:
            counts.update(tally(item))
        if done % PROGRESS_EVERY == 0:
            report(PROGRESS_EVERY)
    report(len(items) % PROGRESS_EVERY)
    return counts


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
    ix,
    items: Sequence[Any],
    to_fields,
    tally: Tally | None,
    summarise: Summarise | None,
    compound: bool,
    results,
    parent: int,
    close_fds: Sequence[int] = (),
) -> None:  # type: ignore[no-untyped-def]
    die_with_parent(parent)
    for fd in close_fds:  # e.g. the parent's lock: it must not outlive the parent
        with contextlib.suppress(OSError):
            os.close(fd)

    def report(n: int) -> None:
        if os.getppid() != parent:  # the parent was killed: its build is abandoned
            os._exit(1)
        results.put(("progress", n))

    try:
        writer = whooshdoor.new_segment_writer(ix, _lk=False, compound=compound)
        counts = _add_all(writer, items, to_fields, tally, report)
        segment = whooshdoor.finish_segment(writer)
        summary = summarise(counts) if summarise is not None else {}
        results.put(("segment", (segment, Tallied(counts, summary))))
    except OSError as exc:  # e.g. a full disk: the parent raises the same error
        results.put(("oserror", (exc.errno, exc.strerror or str(exc))))
    except BaseException as exc:  # noqa: BLE001 - reported to the parent, which raises
        results.put(("error", f"{type(exc).__name__}: {exc}"))


class BuildError(Exception):
    """The second indexing process failed."""


class _Helper:
    """A forked process writing the first part of the items as a segment of its own."""

    def __init__(
        self,
        ix,
        items,
        to_fields,
        tally,
        summarise,
        compound: bool,
        progress,
        close_fds: Sequence[int] = (),
    ) -> None:  # type: ignore[no-untyped-def]
        context = multiprocessing.get_context("fork")
        self.results = context.Queue()
        self.progress = progress
        self.process = context.Process(
            target=_child,
            args=(
                ix,
                items,
                to_fields,
                tally,
                summarise,
                compound,
                self.results,
                os.getpid(),
                tuple(close_fds),
            ),
            daemon=True,
        )
        self.process.start()
        self.result: tuple[Any, Tallied] | None = None

    def poll(self, wait: bool) -> None:
        """Take the helper's messages; with ``wait``, until its segment arrives."""
        while self.result is None:
            try:
                kind, value = self.results.get(timeout=0.2) if wait else self.results.get_nowait()
            except queue.Empty:
                if not wait:
                    return
                if not self.process.is_alive() and self.results.empty():
                    raise BuildError("the second indexing process stopped unexpectedly") from None
                continue
            if kind == "progress":
                self.progress(value)
            elif kind == "segment":
                self.result = value
            elif kind == "oserror":
                raise OSError(*value)
            else:
                raise BuildError(f"the second indexing process failed: {value}")

    def segment(self) -> Any:
        self.poll(wait=True)
        assert self.result is not None
        return self.result[0]

    def close(self) -> None:
        if self.process.is_alive() and self.result is None:
            self.process.kill()
        self.process.join()
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
) -> Tallied:
    """Add ``items`` (as ``to_fields(item)`` documents) to the empty index ``ix`` and commit.

    Returns, for each string ``tally`` gives, the number of items that gave it, and
    ``summarise`` of those counts: each process summarises its own counts, and the
    summaries are merged with ``dict.update`` (so a key's value must not depend on
    which process worked it out). The second process closes ``close_fds`` (files of
    this process, such as a lock, that must not outlive it) and dies with this one.
    """
    total = len(items)
    parallel = processes > 1 and total >= 2 and can_fork() and whooshdoor.internals().usable
    split = total // 2 if parallel else 0
    done = 0

    def report(n: int) -> None:
        nonlocal done
        done += n
        if progress and n:
            progress(done, total)

    writer = whooshdoor.new_segment_writer(ix, compound=compound)
    helper = None
    try:
        if split:
            helper = _Helper(
                ix, items[:split], to_fields, tally, summarise, compound, report, close_fds
            )
            writer.segments_before = helper.segment

        def report_here(n: int) -> None:
            if helper is not None:
                helper.poll(wait=False)
            report(n)

        counts = _add_all(writer, items[split:], to_fields, tally, report_here)
        writer.commit(merge=False)
        summary = summarise(counts) if summarise is not None else {}
        if helper is not None and helper.result is not None:
            theirs = helper.result[1]
            counts.update(theirs.counts)
            summary.update(theirs.summary)
        return Tallied(counts, summary)
    except BaseException:
        if not writer.is_closed:  # a failed commit closes the writer itself
            with contextlib.suppress(Exception):  # the first error is the one to report
                writer.cancel()
        raise
    finally:
        if helper is not None:
            helper.close()
