"""Finding papers: the query language, text analysis, the Whoosh index and its evaluators.

The only package that imports Whoosh. May import ``tuireader.model``, ``tuireader.ingest``
(for link text) and ``tuireader.system``; never ``tuireader.ui``, Textual or Rich.
"""
