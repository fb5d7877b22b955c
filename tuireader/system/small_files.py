"""Reading the small files tuireader keeps (``lists.json``, ``config.toml``) whole.

Looked at before they are opened: a FIFO standing in the place of one held every
command for ever, waiting for a writer that never came. What is not a regular file is
refused in words (:class:`NotAFile`), never read.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


class NotAFile(OSError):
    """What stands at the path is a folder, a FIFO, a socket or a device."""

    def __init__(self, path: Path, kind: str) -> None:
        super().__init__(f"{path} is {kind}, not a file")
        self.kind = kind


def not_a_file(mode: int) -> str | None:
    """What a file of ``mode`` is when it is not a regular file, in words; else None."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "not a regular file"


def read_up_to(path: Path, limit: int) -> bytes:
    """The first ``limit`` bytes of the regular file ``path`` (following links).

    Raises FileNotFoundError and the like as ``open`` does, and :class:`NotAFile` for a
    folder, FIFO, socket or device, which is looked at before it is opened (opening a
    FIFO waits for a writer).
    """
    kind = not_a_file(os.stat(path).st_mode)
    if kind is not None:
        raise NotAFile(path, kind)
    with path.open("rb") as stream:
        return stream.read(limit)
