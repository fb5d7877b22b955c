"""Names and words in scripts other than Latin spelled in ASCII letters, for citation
keys: "Иванов" → "Ivanov", "Παπαδόπουλος" → "Papadopoulos", "张" → "Zhang".

Greek is spelled by ELOT 743 (the Greek standard, ISO 843's transcription: "ου" → "ou",
"αυ" → "av" or "af", "μπ" at a word's start → "b"); Cyrillic by the BGN/PCGN table
for Russian without its "ye" rules ("х" → "kh", "щ" → "shch", "ю" → "yu"), with the
letters of Ukrainian, Belarusian, Serbian and Macedonian besides. Other scripts
(Chinese, Japanese, Korean, Arabic, …) are spelled by the ``anyascii`` package, which is
imported only when such a letter is met; a kanji name is read as Chinese there
("田中" → "TianZhong"), as that package reads every Han character.

The commonest Korean family names are spelled as Korean authors spell them ("김" →
"Kim", "이" → "Lee", "박" → "Park": :func:`customary_family_name`), not letter by letter.

Names in Chinese, Japanese and Korean script are written family name first with no space
("张三"): :func:`person_name` writes a name's parts in the order of its script, and
:func:`family_first_parts` reads them from a name written whole ("张伟", "山田 太郎");
:func:`name_spellings` spells such a name's parts as a citation key does ("zhang", "wei").
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

__all__ = [
    "customary_family_name",
    "family_first",
    "family_first_parts",
    "name_spellings",
    "other_script",
    "person_name",
    "romanised",
]

_CYRILLIC = {
    "а": "a",
    "б": "b",
    "в": "v",
    "г": "g",
    "д": "d",
    "е": "e",
    "ё": "e",
    "ж": "zh",
    "з": "z",
    "и": "i",
    "й": "y",
    "к": "k",
    "л": "l",
    "м": "m",
    "н": "n",
    "о": "o",
    "п": "p",
    "р": "r",
    "с": "s",
    "т": "t",
    "у": "u",
    "ф": "f",
    "х": "kh",
    "ц": "ts",
    "ч": "ch",
    "ш": "sh",
    "щ": "shch",
    "ъ": "",
    "ы": "y",
    "ь": "",
    "э": "e",
    "ю": "yu",
    "я": "ya",
    # Ukrainian and Belarusian
    "і": "i",
    "ї": "yi",
    "є": "ye",
    "ґ": "g",
    "ў": "w",
    # Serbian and Macedonian
    "ђ": "dj",
    "ј": "j",
    "љ": "lj",
    "њ": "nj",
    "ћ": "c",
    "џ": "dz",
    "ѓ": "gj",
    "ќ": "kj",
    "ѕ": "dz",
}

_GREEK = {
    "α": "a",
    "β": "v",
    "γ": "g",
    "δ": "d",
    "ε": "e",
    "ζ": "z",
    "η": "i",
    "θ": "th",
    "ι": "i",
    "κ": "k",
    "λ": "l",
    "μ": "m",
    "ν": "n",
    "ξ": "x",
    "ο": "o",
    "π": "p",
    "ρ": "r",
    "σ": "s",
    "ς": "s",
    "τ": "t",
    "υ": "y",
    "φ": "f",
    "χ": "ch",
    "ψ": "ps",
    "ω": "o",
}
#: two Greek letters spelled as one sound (ELOT 743)
_GREEK_PAIRS = {"ου": "ou", "γγ": "ng", "γξ": "nx", "γχ": "nch"}
#: the letters after which "αυ", "ευ", "ηυ" are spelled "af", "ef", "if"
_VOICELESS = frozenset("θκξπστφχψ")


def _greek_word(word: str) -> str:
    """One word in Greek letters spelled by ELOT 743, in lower case."""
    # the diaeresis parts two vowels ("ϋ" after "α" is its own vowel): kept as a mark
    marked = unicodedata.normalize("NFD", word.lower())
    letters: list[tuple[str, bool]] = []  # (letter, has a diaeresis)
    for char in marked:
        if unicodedata.combining(char):
            if char == "\u0308" and letters:
                letters[-1] = (letters[-1][0], True)
            continue
        letters.append((char, False))
    out: list[str] = []
    i = 0
    while i < len(letters):
        char = letters[i][0]
        after = letters[i + 1] if i + 1 < len(letters) else ("", False)
        pair = char + after[0]
        if pair in _GREEK_PAIRS and not after[1]:
            out.append(_GREEK_PAIRS[pair])
            i += 2
            continue
        if char in "αεη" and after[0] == "υ" and not after[1]:
            following = letters[i + 2][0] if i + 2 < len(letters) else ""
            out.append(_GREEK[char] + ("f" if not following or following in _VOICELESS else "v"))
            i += 2
            continue
        if pair in ("μπ", "ντ") and (i == 0 or i + 2 == len(letters)):
            out.append("b" if char == "μ" else "d")  # at a word's start or end
            i += 2
            continue
        out.append(_GREEK.get(char, char))
        i += 1
    return "".join(out)


def _cyrillic_word(word: str) -> str:
    return "".join(_CYRILLIC.get(char, char) for char in word.lower())


_GREEK_RUN = re.compile(r"[\u0370-\u03ff\u1f00-\u1fff]+")
_CYRILLIC_RUN = re.compile(r"[\u0400-\u04ff]+")


def _other_letter(char: str) -> bool:
    """A letter of no Latin script: Greek, Cyrillic, Han, kana, Hangul, Arabic, …"""
    return char.isalpha() and not (char.isascii() or unicodedata.name(char, "").startswith("LATIN"))


def other_script(text: str) -> bool:
    """Whether ``text`` is written in another script than Latin: more of its letters are
    of others than Latin (a Latin title's "β" or a stray Cyrillic "о" leaves it Latin)."""
    if text.isascii():
        return False
    other = sum(1 for char in text if _other_letter(char))
    latin = sum(1 for char in text if char.isalpha()) - other
    return other > latin


@cache
def _anyascii() -> object | None:
    try:
        from anyascii import anyascii
    except ImportError:  # pragma: no cover - a dependency; without it, no spelling
        return None
    return anyascii


#: Han characters and kana, which a text writes with no space between words
_HAN_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")


def _in_pairs(found: re.Match[str]) -> str:
    run = found.group()
    return " ".join(run[i : i + 2] for i in range(0, len(run), 2))


def romanised(text: str, *, words: bool = False) -> str:
    """``text`` with its Greek and Cyrillic words spelled in Latin letters (in lower
    case) and, when ``anyascii`` is there, the letters of other scripts too; Latin
    letters and everything else as they are. With ``words``, a run of Han characters or
    kana is parted every two characters, as a title's words for a key ("深度学习" →
    "ShenDu XueXi"): such a text puts no space between its words, and most Chinese
    words are of two characters."""
    text = _GREEK_RUN.sub(lambda found: _greek_word(found.group()), text)
    text = _CYRILLIC_RUN.sub(lambda found: _cyrillic_word(found.group()), text)
    if not any(_other_letter(char) for char in text):
        return text
    spell = _anyascii()
    if not callable(spell):
        return text
    if words:
        text = _HAN_RUN.sub(_in_pairs, text)
    return "".join(str(spell(char)) if _other_letter(char) else char for char in text)


#: a letter of the scripts whose names are written family name first, with no space
#: between the names: Han characters, kana and Hangul ("张三", "田中太郎", "김민수")
_FAMILY_FIRST_LETTER = re.compile(
    "[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]"
)


def family_first(family: str, given: str) -> bool:
    """Whether a name of these parts is written family name first with no space, as
    Chinese, Japanese and Korean names in their own script are: every letter of both
    parts Han, kana or Hangul ("张", "三"), as CSL processors read a name."""
    letters = [char for char in family + given if char.isalpha()]
    return bool(family.strip() and given.strip()) and all(
        _FAMILY_FIRST_LETTER.match(char) for char in letters
    )


def person_name(given: str, family: str) -> str:
    """A name in the order its script writes it: "Given Family" ("John Smith"), or
    family name first with no space in Chinese, Japanese and Korean ("张三")."""
    if family_first(family, given):
        return f"{family.strip()}{given.strip()}"
    return " ".join(part for part in (given, family) if part)


#: kana: a name with any is Japanese, whose family name cannot be told without a space
_KANA = re.compile("[\u3040-\u30ff\u31f0-\u31ff]")
#: Hangul syllables
_HANGUL = re.compile("[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]")
#: the family names of two characters of Chinese (simplified and traditional) and Korean;
#: every other Chinese or Korean family name is of one
_COMPOUND_FAMILY_NAMES = frozenset(
    re.findall(
        r"\S+",
        "欧阳 歐陽 司马 司馬 诸葛 諸葛 上官 东方 東方 皇甫 令狐 南宫 南宮 夏侯 尉迟 尉遲 公孙 公孫"
        " 慕容 长孙 長孫 宇文 司徒 轩辕 軒轅 端木 西门 西門 澹台 澹臺 呼延 申屠 独孤 獨孤 万俟"
        " 闻人 聞人 太史 濮阳 濮陽 淳于 单于 單于 钟离 鍾離 宗政 公冶 赫连 赫連 百里 第五 鲜于"
        " 鮮于 拓跋 完颜 完顏 左丘 司空 亓官 巫马 巫馬 公羊 梁丘 公西 谷梁 穀梁"
        " 남궁 선우 황보 제갈 독고 사공 서문 동방 어금 망절",
    )
)


def family_first_parts(name: str) -> tuple[str, str] | None:
    """``(family, given)`` of a name written in Chinese, Japanese or Korean script, which
    puts the family name first; None for a name with a letter of another script, or a
    comma. Written with a space, the family name is what stands before it ("山田 太郎" →
    山田, 太郎). Written whole, a Chinese or Korean name of two to four characters has a
    family name of one ("张伟" → 张, 伟; "김철수" → 김, 철수) or of two when it begins with
    one of the few family names of two (``_COMPOUND_FAMILY_NAMES``: "欧阳娜娜" → 欧阳, 娜娜;
    "남궁민수" → 남궁, 민수). A name with kana is Japanese, and so may be one of four Han
    characters ("田中太郎"), whose family names are of one to three characters: such a
    name, or a longer one, is kept whole as its family name, as it cannot be told apart."""
    if "," in name or "{" in name:
        return None
    words = name.split()
    letters = [char for char in name if char.isalpha()]
    if not words or not letters or not all(_FAMILY_FIRST_LETTER.match(c) for c in letters):
        return None
    if len(words) > 1:
        return words[0], " ".join(words[1:])
    whole = words[0]
    if _KANA.search(whole) or not whole.isalpha() or not 2 <= len(whole) <= 4:
        return whole, ""
    if whole[:2] in _COMPOUND_FAMILY_NAMES:
        return (whole[:2], whole[2:]) if len(whole) > 2 else (whole, "")
    if len(whole) == 4 and not _HANGUL.search(whole):
        return whole, ""  # four Han characters with no family name of two: maybe Japanese
    return whole[0], whole[1:]


#: the commonest Korean family names, in the order of their number of bearers in South
#: Korea's census (Statistics Korea, 2000 and 2015), each with the spelling the most of
#: its bearers write in Latin letters, which Korean authors sign their papers with, as
#: Wikipedia's "List of Korean surnames" gives them (from the National Institute of the
#: Korean Language's survey of the spellings in passports, 2007), not the Revised
#: Romanization's ("Gim", "I", "Bak", "Choe"); 리 and 림 are 이 and 임 as written in
#: North Korea. Every other family name is spelled letter by letter (:func:`romanised`).
_KOREAN_FAMILY_NAMES = {
    "김": "Kim",
    "이": "Lee",
    "박": "Park",
    "최": "Choi",
    "정": "Jung",
    "강": "Kang",
    "조": "Cho",
    "윤": "Yoon",
    "장": "Jang",
    "임": "Lim",
    "한": "Han",
    "오": "Oh",
    "서": "Seo",
    "신": "Shin",
    "권": "Kwon",
    "황": "Hwang",
    "안": "Ahn",
    "송": "Song",
    "전": "Jeon",
    "홍": "Hong",
    "유": "Yoo",
    "류": "Ryu",
    "고": "Ko",
    "문": "Moon",
    "양": "Yang",
    "손": "Son",
    "배": "Bae",
    "백": "Baek",
    "허": "Heo",
    "남": "Nam",
    "심": "Shim",
    "노": "Noh",
    "하": "Ha",
    "곽": "Kwak",
    "성": "Sung",
    "차": "Cha",
    "주": "Joo",
    "우": "Woo",
    "구": "Koo",
    "민": "Min",
    "리": "Lee",
    "림": "Lim",
}


def customary_family_name(family: str) -> str | None:
    """The spelling Korean authors write a common Korean family name in ("김" → "Kim",
    "이" → "Lee", "최" → "Choi"; ``_KOREAN_FAMILY_NAMES``), in Hangul composed or in its
    letters; None for any other name, spelled letter by letter."""
    return _KOREAN_FAMILY_NAMES.get(unicodedata.normalize("NFC", family.strip()))


def _letters(text: str) -> str:
    """``text`` spelled in lowercase ASCII letters alone (:func:`romanised`)."""
    folded = unicodedata.normalize("NFKD", romanised(text))
    return "".join(char for char in folded if char.isascii() and char.isalpha()).lower()


def name_spellings(name: str) -> tuple[tuple[str, ...], str] | None:
    """The parts of a name in Chinese, Japanese or Korean script
    (:func:`family_first_parts`) in lowercase Latin letters, as a citation key spells its
    family name: the spellings of the family name (a common Korean one as Korean authors
    spell it, then letter by letter: "김" → "kim", "gim") and the given name ("" for none).
    "张伟" → (("zhang",), "wei"), "김철수" → (("kim", "gim"), "cheolsu"), "山田 太郎" →
    (("shantian",), "tailang"): kanji are read as in Chinese, as the key reads them. None
    for a name of another script, or when no letter can be spelled."""
    parts = family_first_parts(name)
    if parts is None:
        return None
    family, given = parts
    customary = customary_family_name(family)
    spelled = [customary.lower() if customary else "", _letters(family)]
    families = tuple(word for word in dict.fromkeys(spelled) if word)
    if not families:
        return None
    return families, _letters(given)
