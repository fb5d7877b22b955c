"""Replacing a file whole: through a temporary file beside it and a rename, so a reader of
the file sees it as it was or as it is now, never half written.

A file made for the user to share (an export, a bibliography) gets the mode any new file
gets, 0666 less the umask (``-rw-r--r--`` as a rule); a private one (what the user keeps
to themself) 0600; a file replaced keeps its own mode either way. The temporary file is
created with that mode, so the umask is applied by the system and never read (reading it
means setting it, which no thread running beside may see).
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from tuireader.render.safetext import valid

#: a new file that others may read, as the umask allows
SHARED_MODE = 0o666
#: a new file readable and writable by the user only
PRIVATE_MODE = 0o600


def write_atomic(text: str, target: Path, *, private: bool = False) -> None:
    """Write ``text`` to ``target`` as UTF-8 through a temporary file and a rename (raises
    OSError).

    Lone surrogates become U+FFFD. A new file gets :data:`SHARED_MODE` less the umask, or
    :data:`PRIVATE_MODE` when ``private``; a replaced one keeps its mode. Whatever goes
    wrong, no temporary file is left behind.
    """
    data = valid(text).encode("utf-8")
    old_mode = _mode_of(target)
    created = PRIVATE_MODE if private or old_mode is not None else SHARED_MODE
    descriptor, temporary = _temporary_beside(target, created)
    try:
        with os.fdopen(descriptor, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        if old_mode is not None:
            os.chmod(temporary, old_mode)
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


def _mode_of(target: Path) -> int | None:
    """The permission bits of the file ``target`` (None when there is none)."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        return None


def _temporary_beside(target: Path, mode: int) -> tuple[int, Path]:
    """A new, empty file in ``target``'s folder (``.NAME.XXXXXXXX.tmp``), open for
    writing, created with ``mode`` (less the umask)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    flags |= getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    for _ in range(100):
        temporary = target.parent / f".{target.name}.{secrets.token_hex(4)}.tmp"
        try:
            return os.open(temporary, flags, mode), temporary
        except FileExistsError:
            continue
    raise FileExistsError(17, "no free temporary name", str(target.parent))
