"""The short names people search for a venue by: ``venue:corl`` for "Conference on Robot
Learning", ``venue:neurips`` for "Advances in Neural Information Processing Systems".

Sources spell venues out ("7th Annual Conference on Robot Learning", "Proceedings of the
41st International Conference on Machine Learning") while people type the acronym. The
table holds the common machine-learning, vision, language and robotics venues; a venue
that already holds its acronym as a word (``ICML 2024``) needs no entry.
"""

from __future__ import annotations

import re

__all__ = ["venue_aliases"]

# (words the spelled-out name contains, in order, lower case) → acronyms
_VENUES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("conference on robot learning", ("CoRL",)),
    ("neural information processing systems", ("NeurIPS", "NIPS")),
    ("international conference on machine learning", ("ICML",)),
    ("international conference on learning representations", ("ICLR",)),
    ("north american chapter of the association for computational linguistics", ("NAACL",)),
    ("european chapter of the association for computational linguistics", ("EACL",)),
    ("findings of the association for computational linguistics", ("ACL", "Findings")),
    ("annual meeting of the association for computational linguistics", ("ACL",)),
    ("empirical methods in natural language processing", ("EMNLP",)),
    ("computational natural language learning", ("CoNLL",)),
    ("computer vision and pattern recognition", ("CVPR",)),
    ("international conference on computer vision", ("ICCV",)),
    ("european conference on computer vision", ("ECCV",)),
    ("winter conference on applications of computer vision", ("WACV",)),
    ("aaai conference on artificial intelligence", ("AAAI",)),
    ("international joint conference on artificial intelligence", ("IJCAI",)),
    ("artificial intelligence and statistics", ("AISTATS",)),
    ("uncertainty in artificial intelligence", ("UAI",)),
    ("conference on learning theory", ("COLT",)),
    ("algorithmic learning theory", ("ALT",)),
    ("learning for dynamics and control", ("L4DC",)),
    ("conference on lifelong learning agents", ("CoLLAs",)),
    ("knowledge discovery and data mining", ("KDD",)),
    ("the web conference", ("WWW",)),
    ("world wide web conference", ("WWW",)),
    ("robotics: science and systems", ("RSS",)),
    ("robotics science and systems", ("RSS",)),
    ("international conference on robotics and automation", ("ICRA",)),
    ("intelligent robots and systems", ("IROS",)),
    ("journal of machine learning research", ("JMLR",)),
    ("transactions on machine learning research", ("TMLR",)),
    ("transactions on pattern analysis and machine intelligence", ("TPAMI", "PAMI")),
    ("autonomous agents and multiagent systems", ("AAMAS",)),
    ("autonomous agents and multi-agent systems", ("AAMAS",)),
    ("special interest group on information retrieval", ("SIGIR",)),
    ("research and development in information retrieval", ("SIGIR",)),
)
_SPACE = re.compile(r"[\s_]+")


def venue_aliases(*names: str | None) -> tuple[str, ...]:
    """The acronyms of the venues spelled out in ``names``, each once, in table order.

    >>> venue_aliases("7th Annual Conference on Robot Learning")
    ('CoRL',)
    >>> venue_aliases("Advances in Neural Information Processing Systems")
    ('NeurIPS', 'NIPS')
    """
    text = " ".join(_SPACE.sub(" ", name).lower() for name in names if name)
    if not text:
        return ()
    found: list[str] = []
    for words, acronyms in _VENUES:
        if words in text:
            found.extend(a for a in acronyms if a not in found)
    return tuple(found)
