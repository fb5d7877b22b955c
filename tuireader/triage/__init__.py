"""The user's decisions: the SQLite triage store, triage filters for queries, exports.

May import ``tuireader.model``, ``tuireader.render``, ``tuireader.search.query`` and
``tuireader.system``; never ``tuireader.ui``, Textual, Rich or Whoosh.
"""
