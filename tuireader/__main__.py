"""Allow ``python -m tuireader``.

A Ctrl-C as the command's first step loads ends it as one while the program loads does
(:mod:`tuireader.launch`): with 130 and no traceback.
"""

try:
    from tuireader.launch import main
except KeyboardInterrupt:
    raise SystemExit(130) from None

raise SystemExit(main())
