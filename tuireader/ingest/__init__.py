"""Reading paper lists: file formats, catalogs, links, derived titles, the merged library.

May import ``tuireader.model``, ``tuireader.render`` and ``tuireader.system``; never
``tuireader.search``, ``tuireader.triage``, ``tuireader.ui``, Textual, Rich or Whoosh.
"""
