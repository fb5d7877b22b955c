"""Citation keys of papers whose first author or title is written in another script than
Latin: the name and the title's first word spelled in ASCII letters (Greek by ELOT 743,
Cyrillic by the BGN/PCGN table, other scripts by ``anyascii``), where every such paper
was ``author2024paper``, ``author2024paperb``, … and told apart by its suffix only."""

from __future__ import annotations

import subprocess
import sys
import unicodedata

from tuireader.model import Library, Paper
from tuireader.render.citations import cite_keys, format_citation
from tuireader.render.romanise import other_script, romanised


def paper(pid: str, title: str, *authors: str, year: int = 2024) -> Paper:
    return Paper(id=pid, title=title, abstract=f"abstract {pid}", authors=authors, year=year)


def keys(*papers: Paper) -> dict[str, str]:
    return cite_keys(list(papers), Library(papers=papers))


def test_a_cyrillic_name_and_title_give_their_spelling_in_latin_letters() -> None:
    cited = paper("p1", "Нейронные сети для распознавания", "Иван Иванов")
    assert keys(cited) == {"p1": "ivanov2024neyronnye"}
    assert "@misc{ivanov2024neyronnye," in format_citation(cited, "bibtex").text


def test_a_greek_name_and_title_give_their_spelling_by_elot_743() -> None:
    cited = paper("p1", "Νευρωνικά δίκτυα", "Παπαδόπουλος, Γιώργος")
    assert keys(cited) == {"p1": "papadopoulos2024nevronika"}


def test_papers_by_different_authors_in_greek_and_cyrillic_get_different_keys() -> None:
    got = keys(
        paper("p1", "Метод", "Щукин, Юрий"),
        paper("p2", "Μέθοδος", "Ψαρράς, Νίκος"),
        paper("p3", "Μέθοδος", "Μπακογιάννης, Ευάγγελος"),
    )
    assert got == {
        "p1": "shchukin2024metod",
        "p2": "psarras2024methodos",
        "p3": "bakogiannis2024methodos",
    }


def test_greek_digraphs_are_spelled_as_one_sound() -> None:
    assert romanised("Ευάγγελος Αύγουστος Ευθύμιος") == "evangelos avgoustos efthymios"
    assert romanised("Ντόκος Καραϊσκάκης Σταύρου") == "dokos karaiskakis stavrou"


def test_chinese_korean_and_arabic_names_are_spelled_in_latin_letters() -> None:
    got = keys(
        paper("p1", "深度学习方法", "张, 三"),
        paper("p2", "Deep nets", "김민수"),
        paper("p3", "Deep nets", "محمد"),
    )
    # a Chinese title puts no space between its words: its first two characters are one;
    # a Korean name written whole gives its family name alone (김 of 김민수), spelled
    # as Korean authors spell it
    assert got == {"p1": "zhang2024shendu", "p2": "kim2024deep", "p3": "mhmd2024deep"}


def test_common_korean_family_names_are_spelled_as_koreans_spell_them() -> None:
    # the commonest family names as their bearers write them, not by the Revised
    # Romanization ("gim", "i", "bak", "choe"); a rarer one letter by letter
    names = {"p1": "김민수", "p2": "이, 지은", "p3": "박서준", "p4": "최, 유리", "p5": "정하늘"}
    names |= {"p6": "임재현", "p7": "탁재훈", "p8": unicodedata.normalize("NFD", "윤, 서연")}
    got = keys(*(paper(key, "Deep nets", name) for key, name in names.items()))
    assert got == {
        "p1": "kim2024deep",
        "p2": "lee2024deep",
        "p3": "park2024deep",
        "p4": "choi2024deep",
        "p5": "jung2024deep",
        "p6": "lim2024deep",
        "p7": "tag2024deep",
        "p8": "yoon2024deep",
    }


def test_latin_names_and_titles_keep_their_keys() -> None:
    # a Greek letter in a Latin title is no Greek word: "vae", not "vvae"
    got = keys(paper("p1", "β-VAE: learning basic visual concepts", "Müller, Jörg"))
    assert got == {"p1": "muller2024vae"}
    # nor is a name Cyrillic for one stray letter of it ("а" for "a")
    assert not other_script("Ashish Vaswаni")


def test_the_spelling_package_is_imported_only_for_a_script_that_needs_it() -> None:
    code = (
        "import sys\n"
        "from tuireader.model import Paper\n"
        "from tuireader.render.citations import base_key\n"
        "p = Paper(id='p', title='Метод', abstract='a', authors=('Иванов, Иван',), year=2024)\n"
        "assert base_key(p) == 'ivanov2024metod'\n"
        "assert 'anyascii' not in sys.modules\n"
        "p = Paper(id='q', title='Deep', abstract='b', authors=('张, 三',), year=2024)\n"
        "assert base_key(p) == 'zhang2024deep'\n"
        "assert 'anyascii' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
