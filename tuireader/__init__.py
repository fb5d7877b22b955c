"""tuireader: a terminal reader for research-paper lists."""

__version__ = "0.1.0"
