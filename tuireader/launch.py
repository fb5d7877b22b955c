"""The ``tuireader`` command's first step: load the program, then run it.

Loading the command line takes a tenth of a second (its modules, argparse); a Ctrl-C in
that time landed before :func:`tuireader.cli.main` could catch it and printed Python's
traceback. This module imports nothing of the program until a Ctrl-C can be caught, and
ends such a one as a later Ctrl-C ends a command: with 130 and no traceback.
"""

from __future__ import annotations

#: the exit code of a command stopped by Ctrl-C (128 + SIGINT), as the command line's.
_STOPPED = 130


def main() -> int:
    """Run the command line with the process's arguments; its exit code."""
    try:
        from tuireader.cli import main as run
    except KeyboardInterrupt:
        return _STOPPED
    return run()
