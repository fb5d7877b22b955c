"""Allow ``python -m tuireader``."""

from tuireader.launch import main

raise SystemExit(main())
