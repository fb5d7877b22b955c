"""Allow ``python -m tuireader``."""

from tuireader.cli import main

raise SystemExit(main())
