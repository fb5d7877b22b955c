"""Plumbing: where files live, configuration, clipboard back-ends, bundled resources, memory.

Imports nothing else from tuireader except ``tuireader.model`` and ``tuireader.render``
(for safe text); never ``tuireader.ui``, Textual, Rich or Whoosh.
"""
