"""Text made for people and tools: LaTeX/markdown to plain text, citations, safe output.

May import ``tuireader.model`` and ``tuireader.ingest.links``; never ``tuireader.search``,
``tuireader.triage``, ``tuireader.ui``, Textual, Rich or Whoosh.
"""
