"""The short names people search for a venue by: ``venue:corl`` for "Conference on Robot
Learning", ``venue:neurips`` for "Advances in Neural Information Processing Systems".

Sources spell venues out ("7th Annual Conference on Robot Learning", "Proceedings of the
41st International Conference on Machine Learning") while people type the acronym. The
table holds the common machine-learning, vision, language and robotics venues; a venue
that already holds its acronym as a word (``ICML 2024``) needs no entry.
"""

from __future__ import annotations

import re

__all__ = ["venue_aliases", "venue_in_stem"]

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


#: every acronym of the table, by its lower case ("l4dc" → "L4DC")
_ACRONYMS: dict[str, str] = {
    acronym.lower(): acronym for _, acronyms in _VENUES for acronym in acronyms
}
#: a part of a file's stem: letters (and digits) then, perhaps, a year ("l4dc2020")
_STEM_PART = re.compile(r"([a-z][a-z0-9]*?)[-_]?((?:19|20)\d\d)?")


def venue_in_stem(stem: str) -> str | None:
    """The venue a file's stem names by its acronym, with the year beside it: "L4DC 2020"
    for ``pmlr_v120_l4dc2020``, "CoRL 2023" for ``papercopilot_corl2023``, "NeurIPS" for
    ``neurips-accepted``; None when no part of it is an acronym of the table.

    >>> venue_in_stem("pmlr_v199_collas2022")
    'CoLLAs 2022'
    """
    parts = [part for part in re.split(r"[\s_.-]+", stem.lower()) if part]
    for number, part in enumerate(parts):
        found = _STEM_PART.fullmatch(part)
        if not found or found.group(1) not in _ACRONYMS:
            continue
        year = found.group(2)
        if (
            year is None
            and number + 1 < len(parts)
            and re.fullmatch(r"(?:19|20)\d\d", parts[number + 1])
        ):
            year = parts[number + 1]
        name = _ACRONYMS[found.group(1)]
        return f"{name} {year}" if year else name
    return None
