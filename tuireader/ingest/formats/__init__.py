"""One module per input format; each turns a file's text into records and problems.

``text`` (abstracts by paragraph), ``markdown`` (bullets as papers, or refused),
``jsonfile`` (paper lists, arXiv metadata, CSL-JSON, OpenReview notes), ``bibtex``
(BibTeX and BibLaTeX), ``table`` (CSV), ``ris`` (RIS), ``feed`` (XML: arXiv's Atom and
RSS feeds, DBLP's search answer, and EndNote's export through ``endnotexml``).
``tuireader.ingest.readers`` decodes a file and picks the format.
"""
