"""The short names people search for a venue by: ``venue:corl`` for "Conference on Robot
Learning", ``venue:neurips`` for "Advances in Neural Information Processing Systems".

Sources spell venues out ("7th Annual Conference on Robot Learning", "Proceedings of the
41st International Conference on Machine Learning") while people type the acronym. The
table holds the common machine-learning, vision, language and robotics venues; a venue
that already holds its acronym as a word (``ICML 2024``) needs no entry. A reference
that abbreviates one of them ("Adv. Neural Inf. Process. Syst.") has it spelled out by
:func:`venue_spelled_out`.
"""

from __future__ import annotations

import re

__all__ = ["venue_aliases", "venue_in_stem", "venue_spelled_out"]

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


# the venues of the table as references abbreviate them (ISO 4: "Adv. Neural Inf. Process.
# Syst."), each → its name spelled out, as the table and a reference that spells it give
# it; the longer first where one holds another
_ABBREVIATED: tuple[tuple[str, str], ...] = (
    ("Adv. Neural Inf. Process. Syst.", "Advances in Neural Information Processing Systems"),
    ("Int. Conf. Mach. Learn.", "International Conference on Machine Learning"),
    ("Int. Conf. Learn. Represent.", "International Conference on Learning Representations"),
    (
        "Conf. Comput. Vis. Pattern Recognit.",
        "Conference on Computer Vision and Pattern Recognition",
    ),
    ("Comput. Vis. Pattern Recognit.", "Computer Vision and Pattern Recognition"),
    ("Int. Conf. Comput. Vis.", "International Conference on Computer Vision"),
    ("Eur. Conf. Comput. Vis.", "European Conference on Computer Vision"),
    (
        "Winter Conf. Appl. Comput. Vis.",
        "Winter Conference on Applications of Computer Vision",
    ),
    ("Trans. Mach. Learn. Res.", "Transactions on Machine Learning Research"),
    ("J. Mach. Learn. Res.", "Journal of Machine Learning Research"),
    (
        "Trans. Pattern Anal. Mach. Intell.",
        "Transactions on Pattern Analysis and Machine Intelligence",
    ),
    (
        "Annu. Meet. Assoc. Comput. Linguist.",
        "Annual Meeting of the Association for Computational Linguistics",
    ),
    (
        "Conf. North Am. Chapter Assoc. Comput. Linguist.",
        "Conference of the North American Chapter of the Association for Computational Linguistics",
    ),
    (
        "Findings Assoc. Comput. Linguist.",
        "Findings of the Association for Computational Linguistics",
    ),
    (
        "Conf. Empir. Methods Nat. Lang. Process.",
        "Conference on Empirical Methods in Natural Language Processing",
    ),
    ("Empir. Methods Nat. Lang. Process.", "Empirical Methods in Natural Language Processing"),
    ("AAAI Conf. Artif. Intell.", "AAAI Conference on Artificial Intelligence"),
    (
        "Int. Joint Conf. Artif. Intell.",
        "International Joint Conference on Artificial Intelligence",
    ),
    (
        "Int. Conf. Artif. Intell. Stat.",
        "International Conference on Artificial Intelligence and Statistics",
    ),
    ("Conf. Uncertain. Artif. Intell.", "Conference on Uncertainty in Artificial Intelligence"),
    ("Conf. Learn. Theory", "Conference on Learning Theory"),
    ("Conf. Robot Learn.", "Conference on Robot Learning"),
    ("Int. Conf. Robot. Autom.", "International Conference on Robotics and Automation"),
    (
        "Int. Conf. Intell. Robots Syst.",
        "International Conference on Intelligent Robots and Systems",
    ),
    (
        "Int. Conf. Knowl. Discov. Data Min.",
        "International Conference on Knowledge Discovery and Data Mining",
    ),
)


def _abbreviation_re(abbreviated: str) -> re.Pattern[str]:
    """``abbreviated``'s words, each with its full stop or without (Vancouver's "Adv
    Neural Inf Process Syst"), in any case, the spaces between them any."""
    words = [
        re.escape(word.rstrip(".")) + (r"\.?" if word.endswith(".") else "")
        for word in abbreviated.split()
    ]
    return re.compile(r"(?<![\w.])" + r"\s*".join(words) + r"(?!\w)", re.IGNORECASE)


_ABBREVIATED_RES = tuple((_abbreviation_re(short), full) for short, full in _ABBREVIATED)


def venue_spelled_out(venue: str) -> str:
    """``venue`` with the abbreviation of a venue of the table spelled out, as the table
    names it ("IEEE Conference on Computer Vision and Pattern Recognition" for "IEEE Conf.
    Comput. Vis. Pattern Recognit."); any other venue as it is.

    >>> venue_spelled_out("Adv. Neural Inf. Process. Syst.")
    'Advances in Neural Information Processing Systems'
    """
    for pattern, full in _ABBREVIATED_RES:
        venue = pattern.sub(full, venue)
    return venue
