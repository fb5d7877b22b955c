"""The encoding the user's terminal takes, as their locale says it.

Under the C or POSIX locale (``LC_ALL=C``: ASCII, as ``locale charmap`` says) Python
turns its UTF-8 mode on by itself (PEP 540) and its streams say "utf-8": a program that
trusts them sends UTF-8 to a terminal the user declared ASCII, where it comes out
garbled (a serial console, an old terminal). The locale the user set is what a
terminal program honours (tmux and ncurses draw in ASCII there), so it wins here;
what the user asked of Python by name (``PYTHONIOENCODING``, ``PYTHONUTF8=1``,
``-X utf8``) wins over it.
"""

from __future__ import annotations

import codecs
import os
import sys
from typing import Any


def _name(encoding: str | None) -> str:
    """Python's name of ``encoding`` ("utf-8", "ascii"); ASCII for none or an unknown one."""
    try:
        return codecs.lookup(encoding or "ascii").name
    except LookupError:
        return "ascii"


def locale_encoding() -> str | None:
    """The encoding of the locale the process runs in (its ``LC_CTYPE``, as the C
    library reads it: "ascii" under C or POSIX), or None where it cannot say."""
    try:
        import locale

        return _name(locale.nl_langinfo(locale.CODESET))
    except (ImportError, AttributeError, ValueError):  # no nl_langinfo (Windows)
        return None


def _utf8_asked_for() -> bool:
    """Whether the user named the encoding of Python's streams or its UTF-8 mode."""
    return bool(
        os.environ.get("PYTHONIOENCODING")
        or os.environ.get("PYTHONUTF8")
        or "utf8" in getattr(sys, "_xoptions", {})
    )


def output_encoding(stream: Any) -> str:
    """The encoding to write ``stream`` in: the stream's own (as it spells it: "latin-1";
    a UTF-8 one as "utf-8"), except a UTF-8 that only Python's UTF-8 mode gives it under
    a locale that is not UTF-8 (the C locale), where it is the locale's."""
    given = getattr(stream, "encoding", None) or "ascii"
    if _name(given) != "utf-8":
        return given
    if not sys.flags.utf8_mode or _utf8_asked_for():
        return "utf-8"
    return locale_encoding() or "utf-8"
