"""The ``tuireader`` command line.

``--help`` and ``--version`` import neither Textual nor Whoosh, so they stay fast:
every heavy import happens inside the command that needs it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from tuireader import __version__

EXIT_OK = 0
EXIT_NOTHING_FOUND = 1
EXIT_USAGE = 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tuireader",
        description="A terminal reader for research-paper lists.",
    )
    parser.add_argument("--version", action="version", version=f"tuireader {__version__}")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    parser.parse_args(argv)
    return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
